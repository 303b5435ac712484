"""The six shipped templates: self-contained shells with the parts every artifact needs."""

from __future__ import annotations

import os
import re

import pytest
from conftest import ROOT, sb

TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")
TEMPLATES = os.path.join(ROOT, "templates")


def _read(name: str) -> str:
    with open(os.path.join(TEMPLATES, name), encoding="utf-8") as fh:
        return fh.read()


@pytest.mark.parametrize("kind", TYPES)
def test_template_has_the_required_parts(kind):
    page = _read(f"{kind}.html")
    assert page.startswith("<!DOCTYPE html>")
    assert re.search(r'<html lang="[a-z]{2}', page)
    assert "<title>" in page and 'name="viewport"' in page
    assert '<meta name="robots" content="noindex">' in page
    assert len(re.findall(r'class="[^"]*\bmark-legend\b', page)) == 1
    # an empty ledger pair: the markers, nothing but whitespace between them
    m = re.search(r"<!-- SB:LEDGER -->(.*?)<!-- /SB:LEDGER -->", page, re.S)
    assert m and m.group(1).strip() == ""
    assert 'class="ledger"' not in page
    # the provenance footer: the product, the build date, the source count
    foot = re.search(r'<footer class="provenance">(.*?)</footer>', page, re.S).group(1)
    assert "sourcebook" in foot and "SB:DATE" in foot and "SB:SOURCES" in foot
    # the shared stylesheet is included by reference, never copied by hand
    assert page.count("/* SB:SHARED-CSS */") == 1
    assert ".m-checked" not in page


@pytest.mark.parametrize("kind", TYPES)
def test_template_makes_no_external_request(kind):
    page = _read(f"{kind}.html")
    for attr in re.findall(r'\b(?:src|href|data|action|poster)\s*=\s*"([^"]*)"', page):
        assert not re.match(r"(?i)(https?:|//|file:)", attr), attr
    assert "@import" not in page and "url(" not in page
    assert not re.search(r"(?i)<(link|iframe|object|embed)\b", page)


def test_shared_css_has_one_source_and_reaches_every_copy(ws):
    css = _read("_shared.css").strip("\n")
    for kind in TYPES:
        r = sb("template", kind, cwd=ws)
        assert r.rc == 0, r.both
        page = (ws / "build" / f"{kind}.html").read_text(encoding="utf-8")
        assert css in page
        assert page.count("/* /SB:SHARED-CSS */") == 1


def test_template_command_prints_contract_lines(ws):
    r = sb("template", "answer", cwd=ws)
    assert r.rc == 0
    first, advice = r.out.splitlines()
    assert first == f"copied answer.html -> {ws / 'build' / 'answer.html'}"
    assert advice.startswith("next: ")
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert '<time datetime="2026-01-01">2026-01-01</time>' in page
    # a hand-composed page cites what its author cites: no count is made for it (whole-story item 5)
    assert "; it cites <!-- SB:SOURCES -->the workspace's sources<!-- /SB:SOURCES -->." in page


def test_template_out_is_relative_to_the_working_folder(ws):
    sub = ws / "drafts"
    sub.mkdir()
    r = sb("template", "brief", "--out", "b.html", cwd=sub)
    assert r.rc == 0, r.both
    assert (sub / "b.html").is_file()


def test_missing_template_is_E_TEMPLATE(ws, monkeypatch, tmp_path):
    import sourcebook.domain.artifacts.templates as templates

    monkeypatch.setattr(templates, "data_file", lambda *parts: str(tmp_path.joinpath(*parts)))
    r = sb("template", "deck", cwd=ws)
    assert r.rc == 1
    assert r.err.startswith("E-TEMPLATE  ")


def test_unknown_type_is_a_usage_error(ws):
    r = sb("template", "poster", cwd=ws)
    assert r.rc == 1


def test_templates_lint_clean():
    lint = pytest.importorskip("sourcebook.domain.lint.runner")
    from sourcebook.domain.artifacts.templates import load_template

    for kind in TYPES:
        for page in (_read(f"{kind}.html"), load_template(kind)):
            report = lint.lint_html(page.encode("utf-8"), file=f"{kind}.html", waivers={})
            assert not report.findings, (kind, [f for f in report.findings])
            assert report.unresolved == 0, kind
