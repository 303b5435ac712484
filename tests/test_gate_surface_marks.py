"""Marks a reader sees that sourcebook never writes in prose: a ``<q>`` outside the ledger's
quotes (a browser draws quotation marks: scare quotes with no quote character in the text), a
``<sup>`` that is no citation number (a raised "?" beside a figure), and a page kind label
other than the templates' own ("Official operator answer" for "Answer"). Each is refused by the
surface gate that `sb verify`, `sb check-draft` and `sb render` share; the marks sourcebook
writes itself pass."""

from __future__ import annotations

import os

import pytest
from demo_kit import EPOCH, built_demo
from test_gate_surface import gate_lines, passes, refused


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "surface-marks")


@pytest.fixture
def page(demo):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


def swap(page: str, old: str, new: str) -> str:
    assert old in page, old
    return page.replace(old, new, 1)


def test_the_demo_page_with_its_ledger_quotes_and_references_passes(demo, page, tmp_path):
    assert '<q class="ledger-quote">' in page and '<sup class="ref">' in page and '<p class="kind">Answer</p>' in page
    passes(demo, page, tmp_path)


def test_a_q_element_in_prose_is_refused(demo, page, tmp_path):
    refused(demo, swap(page, "an audited 31,000", "an <q>audited</q> 31,000"), tmp_path, "E-PAGE-MARKUP", "<q>")


def test_a_ledger_quote_class_outside_the_ledger_is_still_refused(demo, page, tmp_path):
    refused(demo, swap(page, "an audited 31,000", 'an <q class="ledger-quote">audited</q> 31,000'), tmp_path,
            "E-PAGE-MARKUP", "<q>")


def test_a_superscript_that_is_no_citation_is_refused(demo, page, tmp_path):
    refused(demo, swap(page, "38,500 over the summer<sup", "38,500<sup>?</sup> over the summer<sup"), tmp_path, "E-PAGE-MARKUP", "<sup>")


@pytest.mark.parametrize("label", ["Official operator answer", "Fact-checked answer"])
def test_a_kind_label_no_template_writes_is_refused(demo, page, tmp_path, label):
    refused(demo, swap(page, '<p class="kind">Answer</p>', f'<p class="kind">{label}</p>'), tmp_path,
            "E-PAGE-MARKUP", repr(label))


@pytest.mark.parametrize("label", ["Brief", "回答", "Ответ"])
def test_a_kind_label_a_template_writes_passes(demo, page, tmp_path, label):
    lines = gate_lines(demo, swap(page, '<p class="kind">Answer</p>', f'<p class="kind">{label}</p>'), tmp_path)
    assert not [ln for ln in lines if "kind label" in ln], lines
