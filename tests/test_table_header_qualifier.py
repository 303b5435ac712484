"""A table's column header stands before every figure under it: "Audited weekday average" over
"38,500" reads "an audited 38,500", and the figure-keeps-its-qualifiers rule judges each cell
with the claims it cites (the prose gate `sb check-draft` and `sb verify` share)."""

from __future__ import annotations

import os

import pytest
from demo_kit import EPOCH, built_demo
from test_page_prose import _entry_id, _sup_of, body, passes_prose, refused


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "table-header")


@pytest.fixture
def page(demo):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


def _ridership(page: str, header: str) -> str:
    audit, press = _entry_id(page, "31,000"), _entry_id(page, "38,500")
    rows = (f'<tr data-claim="{audit}"><td>Operator and city, year to September</td>'
            f'<td>31,000{_sup_of(page, audit)}</td></tr>'
            f'<tr data-claim="{press}"><td>Trade press, summer</td><td>38,500{_sup_of(page, press)}</td></tr>')
    return body(page, f"<table><thead><tr><th>Source</th><th>{header}</th></tr></thead><tbody>{rows}</tbody></table>")


def test_a_header_qualifier_over_a_figure_whose_claim_lacks_it_is_refused(demo, page, tmp_path):
    refused(demo, _ridership(page, "Audited weekday average"), tmp_path, "E-PAGE-FIGURE-UNBACKED",
            "column's header", "38,500")


def test_a_header_every_cell_s_claim_backs_passes(demo, page, tmp_path):
    passes_prose(demo, _ridership(page, "Weekday average"), tmp_path)
