"""History is part of the story: a superseded claim stays in the
ledger, unnumbered, with what replaced it and why; a retracted one sits in a collapsed Withdrawn
part of private builds; `ledger` in `sb ledger --json` keeps meaning the active claims; a page
may cite a superseded claim only as history; re-adjudicating brings the claims in line."""

from __future__ import annotations

import json
import re

import pytest
from conftest import sb
from verify_kit import claim, good_workspace, ledger_html, page, write_claims, write_page

from sourcebook.base.ids import cluster_id

REASON = "The trade count is a dated survey; the forum figure is an unsourced recollection."


def _claims(ws):
    return {c["id"]: c for c in json.loads((ws / "ledger" / "claims.json").read_text())["claims"]}


@pytest.fixture
def disputed(ws):
    """The verify kit's workspace plus a forum claim that disagrees with the trade figure."""
    ids, cs = good_workspace(ws)
    forum = claim(ws, "About 9,000 riders use the route daily.", ids["forum"],
                  "the ferry carried 9,000 riders a day", kind="number", conf="reported", topic="ferry.riders")
    write_claims(ws, cs + [forum])
    trade = cs[2]
    return ws, cs, trade, forum


def _decide(ws, outcome: str, trade: dict, forum: dict, winner: str | None, apply: bool = True,
            reason: str = REASON):
    adj = {"cluster_id": cluster_id("ferry.riders"), "topic_key": "ferry.riders",
           "claim_ids": sorted([trade["id"], forum["id"]]), "outcome": outcome, "reason": reason, "winner": winner}
    args = ["adjudicate", "--json", json.dumps(adj)] + (["--apply"] if apply else [])
    return sb(*args, cwd=ws)


def _page_for_active(ws, extra: str = "") -> None:
    """A hand-composed page citing the active claims, with the ledger sb renders injected."""
    claims = [c for c in _claims(ws).values() if c["status"] == "active"]
    order = [c["id"] for c in sorted(claims, key=lambda c: c["id"])]
    plan = json.loads((ws / "plan.json").read_text())
    plan["sections"][0]["claim_ids"] = order
    (ws / "plan.json").write_text(json.dumps(plan))
    text = page(claims, order, body_extra=extra)
    text = text.replace(ledger_html(claims, order), "")
    write_page(ws, text)
    assert sb("ledger", "--html", "--out", "build/ledger.html", cwd=ws).rc == 0
    assert sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=ws).rc == 0


def test_supersede_keeps_the_losing_claim_visible_as_history(disputed):
    ws, cs, trade, forum = disputed
    r = _decide(ws, "supersede", trade, forum, trade["id"])
    assert r.rc == 0 and f"1 claim(s) changed: {forum['id']}" in r.out, r.both
    stored = _claims(ws)[forum["id"]]
    assert stored["status"] == "superseded" and stored["superseded_by"] == trade["id"]
    assert stored["status_reason"] == f"superseded by adjudication of {cluster_id('ferry.riders')}"
    html = sb("ledger", "--html", cwd=ws).out
    entry = re.search(rf'<li class="history-entry" id="h-{forum["id"]}">(.*?)</li>', html, re.S).group(1)
    n = re.search(rf'<li class="ledger-entry" id="c-{trade["id"]}" value="(\d+)">', html).group(1)
    assert "<s>About 9,000 riders use the route daily.</s>" in entry
    assert f'<span class="superseded-by">by <a href="#c-{trade["id"]}">[{n}]</a></span>' in entry
    assert f'<span class="history-reason">{REASON}</span>' in entry
    assert f'id="c-{forum["id"]}"' not in html  # unnumbered: never a ledger entry
    doc = json.loads(sb("ledger", "--json", cwd=ws).out)
    assert forum["id"] not in [e["id"] for e in doc["ledger"]]  # `ledger` keeps meaning the active claims
    hist = doc["history"][0]
    assert hist["id"] == forum["id"] and hist["successor"] == trade["id"] and hist["successor_ordinal"] == int(n)
    assert hist["reason"] == REASON
    md = sb("ledger", "--md", cwd=ws).out
    assert "## History (superseded claims, not numbered)" in md and f"superseded by [{n}] · {REASON}" in md


def test_a_superseded_claim_is_citable_only_as_history(disputed):
    ws, cs, trade, forum = disputed
    _decide(ws, "supersede", trade, forum, trade["id"])
    as_fact = (f'<p data-claim="{forum["id"]}">About 9,000 riders use the route daily.'
               f'<sup class="ref"><a href="#c-{forum["id"]}">4</a></sup></p>')
    _page_for_active(ws, as_fact)
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and f"E-HISTORY-UNMARKED  {forum['id']}" in r.err
    as_history = (f'<p class="history" data-claim="{forum["id"]}">An early forum post put the figure at 9,000 a day'
                  f'<sup class="ref"><a href="#h-{forum["id"]}">superseded</a></sup>.</p>')
    _page_for_active(ws, as_history)
    r = sb("verify", cwd=ws)
    assert r.rc == 0, r.both
    # marked as history but the ledger lacks the entry (an old injected ledger): refused
    text = (ws / "build" / "answer.html").read_text()
    write_page(ws, re.sub(r'<ul class="ledger-history".*?</ul>', "", text, flags=re.S))
    r = sb("verify", cwd=ws)
    assert "E-HISTORY-UNMARKED" in r.err and "no History entry" in r.err


def test_retracted_claims_are_withdrawn_in_private_builds_only(ws):
    ids, cs = good_workspace(ws)
    late = claim(ws, "The night service runs on weekends only.", ids["operator"],
                 "The night service runs on weekends only.", topic="ferry.night")
    write_claims(ws, cs + [late])
    assert sb("claim", "retract", late["id"], "--reason", "the operator withdrew the timetable", cwd=ws).rc == 0
    _page_for_active(ws)
    page_html = (ws / "build" / "answer.html").read_text()
    assert "<!-- SB:WITHDRAWN -->" in page_html
    block = re.search(r'<details class="ledger-withdrawn">(.*?)</details>', page_html, re.S).group(1)
    assert "<summary>Withdrawn: 1 retracted claim</summary>" in block and f'id="w-{late["id"]}"' in block
    assert "the operator withdrew the timetable" in block
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    assert sb("verify", cwd=ws).rc == 0
    assert sb("package", "--out", "dist-private", "--private", cwd=ws).rc == 0
    assert "ledger-withdrawn" in (ws / "dist-private" / "answer.html").read_text()
    assert json.loads((ws / "dist-private" / "ledger.json").read_text())["withdrawn"][0]["id"] == late["id"]
    r = sb("package", "--out", "dist", "--public", cwd=ws)
    assert r.rc == 0, r.both
    public = (ws / "dist" / "answer.html").read_text()
    assert "ledger-withdrawn" not in public and late["id"] not in public
    doc = json.loads((ws / "dist" / "ledger.json").read_text())
    assert "withdrawn" not in doc and late["id"] not in json.dumps(doc)
    assert sb("package", "--verify", "--out", "dist", cwd=ws).rc == 0


def test_re_adjudicating_as_scope_split_brings_the_claims_back_in_line(disputed):
    ws, cs, trade, forum = disputed
    _decide(ws, "supersede", trade, forum, trade["id"])
    r = _decide(ws, "scope_split", trade, forum, None, apply=False)
    assert r.rc == 0
    v = sb("verify", cwd=ws)
    assert f"E-ADJ-UNAPPLIED  {forum['id']}  status -> active" in v.err
    r = sb("adjudicate", "--apply", cwd=ws)
    assert r.rc == 0 and f"1 claim(s) changed: {forum['id']}" in r.out, r.both
    back = _claims(ws)[forum["id"]]
    assert back["status"] == "active" and back["superseded_by"] is None and "status_reason" not in back
    assert "E-ADJ-UNAPPLIED" not in sb("verify", cwd=ws).err


def test_both_stand_then_supersede_restores_the_winners_confidence(disputed):
    ws, cs, trade, forum = disputed
    r = _decide(ws, "both_stand", trade, forum, None)
    assert r.rc == 0 and all(_claims(ws)[c]["confidence"] == "contested" for c in (trade["id"], forum["id"]))
    r = _decide(ws, "supersede", trade, forum, trade["id"])
    assert r.rc == 0, r.both
    now = _claims(ws)
    assert now[forum["id"]]["status"] == "superseded"
    assert now[trade["id"]]["confidence"] == "reported"  # what it was before the both_stand decision
    # the other side wins after all: the forum's tier-C figure over the trade paper's tier B names why
    r = _decide(ws, "supersede", trade, forum, forum["id"],
                reason="Ferry Weekly corrected its survey: its count was an error, and the forum figure stands.")
    assert r.rc == 0, r.both
    now = _claims(ws)
    assert now[forum["id"]]["status"] == "active"
    assert now[trade["id"]]["status"] == "superseded" and now[trade["id"]]["superseded_by"] == forum["id"]


def test_a_decision_never_brings_back_what_a_person_retracted(disputed):
    ws, cs, trade, forum = disputed
    assert sb("claim", "retract", forum["id"], "--reason", "the poster withdrew it", cwd=ws).rc == 0
    before = (ws / "ledger" / "claims.json").read_text()
    r = _decide(ws, "both_stand", trade, forum, None)
    assert r.rc == 1 and r.err.startswith("E-ADJ-CONFLICT") and "nothing was saved" in r.err
    assert not (ws / "ledger" / "adjudications.json").exists() or \
        "both_stand" not in (ws / "ledger" / "adjudications.json").read_text()
    assert (ws / "ledger" / "claims.json").read_text() == before


def test_a_draft_tells_a_superseded_claim_as_history(ws):
    # `sb render` shows a paragraph that cites a superseded claim as history: class "history",
    # a link to its History entry instead of a number, no marks; the page passes the gate
    from render_kit import build, draft

    ids = build(ws)
    adj = json.loads((ws / "ledger" / "adjudications.json").read_text())
    adj["adjudications"][0].update(outcome="supersede", winner=ids["ride_a"])
    (ws / "ledger" / "adjudications.json").write_text(json.dumps(adj))
    assert sb("adjudicate", "--apply", cwd=ws).rc == 0
    text = draft(ids).replace(f"the trade press 38,500 [@{ids['ride_b']}].",
                              f"an older count.\n\nThe trade press once reported 38,500 [@{ids['ride_b']}].")
    (ws / "draft.md").write_text(text, encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    para = re.search(rf'<p class="history" data-claim="{ids["ride_b"]}">(.*?)</p>', page).group(1)
    assert f'<a href="#h-{ids["ride_b"]}">' in para and "mark" not in para
    assert f'<li class="history-entry" id="h-{ids["ride_b"]}">' in page
    v = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert v.rc == 0, v.both
    # the standfirst states what stands: a superseded claim there is refused
    plan = {"schema_version": 1, "type": "answer", "title": "Water bus", "sections": [{"id": "a", "heading": "A",
            "claim_ids": [ids["pass"]]}], "thesis": f"The trade press counts 38,500 [@{ids['ride_b']}]."}
    (ws / "plan.json").write_text(json.dumps(plan))
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 1 and "E-DRAFT-CLAIM  plan.json thesis" in r.err and "superseded" in r.err
