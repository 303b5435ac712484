"""What a reader reads beside a contested pair and a source: the decision's reason, the quotes
whole, the byline and publication date, in the page's ledger, the report and ledger.json."""

from __future__ import annotations

import json
import re

import pytest
from conftest import sb
from review_kit import build, draft

from sourcebook.engines.ledger import ledger_model as lm

REASON = "The gazette's count and the census measure the same month differently."


@pytest.fixture
def kit(ws):
    ids = build(ws)  # a both_stand decision on the two counts; the gazette's source has a byline and a date
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    return ws, ids


def _entry(html: str, cid: str) -> str:
    m = re.search(rf'<li class="ledger-entry" id="c-{cid}".*?</li>', html, re.S)
    assert m, cid
    return m.group(0)


def test_the_page_ledger_shows_the_reason_beside_each_claim_of_the_pair(kit):
    ws, ids = kit
    html = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    count, census = _entry(html, ids["count"]), _entry(html, ids["census"])
    n_census = re.search(r'value="(\d+)"', census).group(1)
    n_count = re.search(r'value="(\d+)"', count).group(1)
    for entry, other, n in ((count, ids["census"], n_census), (census, ids["count"], n_count)):
        line = re.search(r'<p class="ledger-adjudication">.*?</p>', entry).group(0)
        assert "both stand" in line and "The gazette&#x27;s count and the census" in line
        assert f'<a href="#c-{other}">[{n}]</a>' in line  # the other side of the pair, linked
        assert "decided 2026-01-01" in line
    trip = _entry(html, ids["trip"])  # a claim no decision names carries none
    assert "ledger-adjudication" not in trip


def test_byline_and_publication_date_in_every_form(kit):
    ws, ids = kit
    html = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    trip = _entry(html, ids["trip"])
    assert "by Ana Ruiz" in trip and "published 2019-11-20" in trip
    census = _entry(html, ids["census"])  # the census records neither: nothing is invented
    assert "ledger-credit" not in census
    doc = json.loads(sb("ledger", "--json", cwd=ws).out)
    by_id = {e["id"]: e for e in doc["ledger"]}
    ev = by_id[ids["trip"]]["evidence"][0]
    assert ev["byline"] == "Ana Ruiz" and ev["published"] == "2019-11-20"
    assert "byline" not in by_id[ids["census"]]["evidence"][0]
    assert by_id[ids["count"]]["adjudication"]["reason"] == REASON
    assert by_id[ids["count"]]["adjudication"]["outcome"] == "both_stand"
    assert "adjudication" not in by_id[ids["trip"]]
    md = sb("ledger", "--md", cwd=ws).out
    assert "by Ana Ruiz · published 2019-11-20" in md and REASON in md


def test_the_report_names_byline_date_and_each_decision(kit):
    ws, ids = kit
    r = sb("render", "report", "--from", "draft.md", "--style", "evidence", cwd=ws)
    assert r.rc == 0, r.both
    report = (ws / "build" / "report.md").read_text(encoding="utf-8")
    sources = report.split("## Sources", 1)[1]
    line = next(ln for ln in sources.splitlines() if "Deer count rises" in ln)
    assert "by Ana Ruiz · published 2019-11-20" in line
    decided = sources.split("Contradictions, as decided:", 1)[1]
    assert "both stand" in decided and REASON in decided
    assert "Wardens counted 412 deer" in decided and "The reserve's census recorded 412 deer" in decided
    # the report stays what sourcebook renders: the gate re-derives it byte for byte
    v = sb("verify", "--json", cwd=ws)
    assert "E-DERIVED-DRIFT" not in v.out, v.out


def test_contested_quotes_are_shown_whole_outside_the_budget():
    long_quote = "the audited average for the twelve months to September was thirty-one thousand passengers " \
                 "per weekday across every route of the whole water bus network in the bay"
    assert len(long_quote.split()) > lm.QUOTE_MAX_WORDS
    plain = [{"id": f"clm_{i:012x}", "confidence": "verified", "evidence": [
        {"source_id": "src_a", "start": i * 100, "end": i * 100 + 40, "quote": f"a quote of six words number {i}"}]}
        for i in range(3)]
    contested = {"id": "clm_ffffffffffff", "confidence": "contested", "evidence": [
        {"source_id": "src_a", "start": 900, "end": 900 + len(long_quote), "quote": long_quote}]}
    shown = lm.shown_spans(plain + [contested], {"src_a": {"id": "src_a"}})
    assert ("src_a", 900, 900 + len(long_quote)) in shown  # whole, though over the budget and the fourth
    assert all(("src_a", i * 100, i * 100 + 40) in shown for i in range(3))  # and counted against nothing
    as_verified = dict(contested, confidence="verified")
    assert ("src_a", 900, 900 + len(long_quote)) not in lm.shown_spans(plain + [as_verified], {"src_a": {}})
