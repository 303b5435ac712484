"""Contradiction clusters (CONTRACT 7.1) and adjudication cross-checks (7.2)."""

from __future__ import annotations

import pytest

from sourcebook.base.ids import claim_id, cluster_id
from sourcebook.domain.ledger.adjudications import apply_outcomes, cross_check, unapplied
from sourcebook.domain.ledger.contradictions import detect, first_number, open_findings


def _c(text, topic="ferry.capacity", kind="number", **kw):
    d = {"id": claim_id(text), "text": text, "topic_key": topic, "kind": kind, "confidence": "reported",
         "status": "active", "evidence": [], "contradicts": [], "volatile": False, "as_of": None}
    d.update(kw)
    return d


def _adj(claims, outcome="both_stand", winner=None, topic="ferry.capacity"):
    return {"cluster_id": cluster_id(topic), "topic_key": topic, "claim_ids": [c["id"] for c in claims],
            "outcome": outcome, "reason": "two operators publish different figures", "decided_at": "2026-01-01T00:00:00Z",
            "winner": winner}


def test_numbers_parsed_with_scale():
    assert first_number("about 1,200 cars") == 1200
    assert first_number("2.5 million riders") == 2_500_000
    assert first_number("3bn budget") == 3e9
    assert first_number("12k") == 12_000
    assert first_number("no digits") is None


def test_numeric_cluster_open_then_resolved_and_reopened():
    a, b = _c("The ferry carries 120 cars."), _c("The ferry carries 150 cars.")
    near = _c("The ferry carries 121 cars.", topic="other.topic")
    [cl, cross] = detect([a, b, near], [])
    # 121 under another topic agrees with 120 but not with 150: a candidate across topic keys
    assert cross["detectors"] == ["cross-topic"] and cross["claim_ids"] == sorted((b["id"], near["id"]))
    assert cl["detectors"] == ["numeric"] and cl["status"] == "OPEN" and cl["outcome"] is None
    assert cl["cluster_id"] == cluster_id("ferry.capacity")
    assert [f.code for f in open_findings([cl])] == ["E-CLUSTER-OPEN"]
    adj = _adj([a, b])
    [cl] = detect([a, b], [adj])
    assert cl["status"] == "RESOLVED" and cl["outcome"] == "both_stand"
    late = _c("The ferry carries 300 cars.")
    [cl] = detect([a, b, late], [adj])
    assert cl["status"] == "OPEN" and cl["unadjudicated_claim_ids"] == [late["id"]]
    assert late["id"] in open_findings([cl])[0].message


def test_within_tolerance_no_cluster():
    assert detect([_c("Carries 100 cars."), _c("Carries 104 cars.")], []) == []


def test_date_polarity_explicit_recency():
    d1, d2 = _c("Opened 2019-05-01.", "t.date", "date"), _c("Opened 2020-05-01.", "t.date", "date")
    assert detect([d1, d2], [])[0]["detectors"] == ["date"]
    p1, p2 = _c("The card works on the ferry.", "t.pol", "fact"), _c("The card does not work on the ferry.", "t.pol", "fact")
    assert detect([p1, p2], [])[0]["detectors"] == ["polarity"]
    e1 = _c("Line A is fast.", "t.exp", "fact")
    e2 = _c("Line A is slow.", "t.exp", "fact", contradicts=[e1["id"]])
    assert detect([e1, e2], [])[0]["detectors"] == ["explicit"]
    r1 = _c("Fare is high.", "t.rec", "fact", volatile=True, as_of="2024-01-01")
    r2 = _c("Fare is steep.", "t.rec", "fact", volatile=True, as_of="2025-01-01")
    assert detect([r1, r2], [])[0]["detectors"] == ["recency"]


def test_inactive_claims_ignored():
    a, b = _c("Carries 120 cars."), _c("Carries 150 cars.", status="superseded")
    assert detect([a, b], []) == []


def test_cross_checks():
    a, b = _c("Carries 120 cars."), _c("Carries 150 cars.")
    outsider = _c("Something else 9.", topic="zzz")
    by_id = {c["id"]: c for c in (a, b, outsider)}
    assert cross_check(_adj([a, b], "supersede", a["id"]), by_id) == []
    codes = lambda adj: sorted(f.code for f in cross_check(adj, by_id))  # noqa: E731
    assert codes(_adj([a, b], "supersede", outsider["id"])) == ["E-ADJ-WINNER"]
    assert codes(_adj([a, b], "supersede", None)) == ["E-ADJ-NOWINNER"]
    assert codes(_adj([a, b], "retract", None)) == ["E-ADJ-RETRACT"]
    assert codes(dict(_adj([a, b]), cluster_id=cluster_id("other"))) == ["E-ADJ-CLUSTER"]
    assert codes(dict(_adj([a, b]), claim_ids=[a["id"], outsider["id"], "clm_000000000000"])) == ["E-ADJ-MEMBER", "E-ADJ-MEMBER"]


def test_apply_outcomes_and_unapplied():
    a, b, c = _c("Carries 120 cars."), _c("Carries 150 cars."), _c("Carries 200 cars.")
    claims = [a, b, c]
    adj = _adj([a, b, c], "supersede", a["id"])
    assert sorted(f.subject for f in unapplied(claims, [adj])) == sorted([b["id"], c["id"]])
    assert {f.code for f in unapplied(claims, [adj])} == {"E-ADJ-UNAPPLIED"}
    assert "superseded by" in unapplied(claims, [adj])[0].message
    assert sorted(apply_outcomes(claims, [adj])) == sorted([b["id"], c["id"]])
    assert b["status"] == "superseded" and b["superseded_by"] == a["id"] and a["status"] == "active"
    assert unapplied(claims, [adj]) == []


def test_bad_winner_never_supersedes_everyone():
    a, b = _c("Carries 120 cars."), _c("Carries 150 cars.")
    outsider = _c("Other 1.", topic="zzz")
    claims = [a, b, outsider]
    assert apply_outcomes(claims, [_adj([a, b], "supersede", outsider["id"])]) == []
    assert all(c["status"] == "active" for c in claims)


def test_retract_and_both_stand():
    a, b = _c("Carries 120 cars."), _c("Carries 150 cars.")
    apply_outcomes([a, b], [_adj([a, b], "retract", a["id"])])
    assert b["status"] == "retracted" and a["status"] == "active"
    x, y = _c("Carries 10 cars."), _c("Carries 50 cars.")
    apply_outcomes([x, y], [_adj([x, y], "both_stand")])
    assert x["confidence"] == y["confidence"] == "contested"
    assert unapplied([x, y], [_adj([x, y], "both_stand")]) == []
    z = _c("Carries 70 cars.")
    assert [f.message.split(";")[0] for f in unapplied([z], [_adj([z], "both_stand")])] == ["confidence -> contested"]


# ---- the commands -------------------------------------------------------------------------
import json  # noqa: E402

from conftest import sb  # noqa: E402
from ledger_helpers import add, claim, ev, last_id, make_source  # noqa: E402

OP = "Harbour status: the ferry carries 120 cars per crossing.\n"
TRADE = "Trade report: the ferry carries 150 cars per crossing.\n"


def _numeric_pair(ws):
    a_src = make_source(ws, OP, name="operator-status", tier="A")
    b_src = make_source(ws, TRADE, name="trade-report", tier="B")
    a = last_id(add(ws, claim("The ferry carries 120 cars.", "ferry.capacity", kind="number", confidence="verified",
                              evidence=[ev(a_src, OP, "the ferry carries 120 cars")])))
    b = last_id(add(ws, claim("The ferry carries 150 cars.", "ferry.capacity", kind="number", confidence="reported",
                              evidence=[ev(b_src, TRADE, "the ferry carries 150 cars")])))
    return a, b


def _decision(a, b, outcome="both_stand", winner=None, topic="ferry.capacity"):
    return {"cluster_id": cluster_id(topic), "topic_key": topic, "claim_ids": [a, b], "outcome": outcome,
            "reason": "operator and trade press count different vessel classes", "winner": winner}


def _claims(ws):
    return {c["id"]: c for c in json.loads((ws / "ledger" / "claims.json").read_text())["claims"]}


def test_open_cluster_row_advice_and_strict(ws):
    a, b = _numeric_pair(ws)
    cls = cluster_id("ferry.capacity")
    r = sb("contradictions", cwd=ws)
    assert r.rc == 0
    lines = r.out.splitlines()
    assert lines[0] == f"{cls}  ferry.capacity  numeric  {' vs '.join(sorted([a, b]))}   OPEN"
    assert lines[1] == "" and len(lines) == 5
    r = sb("contradictions", "--strict", cwd=ws)
    assert r.rc == 2 and f"E-CLUSTER-OPEN  {cls}" in r.err
    data = json.loads(sb("contradictions", "--json", cwd=ws).out)
    assert data[0]["cluster_id"] == cls and data[0]["status"] == "OPEN" and data[0]["outcome"] is None
    from sourcebook.domain.gate.state import _open_clusters
    from sourcebook.domain.workspace.layout import Workspace

    assert _open_clusters(Workspace(str(ws))) is True


def test_none(ws):
    assert sb("contradictions", cwd=ws).out.strip() == "no contradiction candidates"


def test_both_stand_apply_then_late_claim_reopens(ws, tmp_path):
    a, b = _numeric_pair(ws)
    f = tmp_path / "d.json"
    f.write_text(json.dumps(_decision(a, b)))
    r = sb("adjudicate", "--file", str(f), cwd=ws)
    assert r.rc == 0 and r.out.strip() == "recorded 1 adjudication(s)"
    stored = json.loads((ws / "ledger" / "adjudications.json").read_text())["adjudications"][0]
    assert stored["decided_at"] == "2026-01-01T00:00:00Z"
    from sourcebook.domain.ledger.adjudications import load_adjudications, unapplied
    from sourcebook.domain.ledger.claims import load_claims
    from sourcebook.domain.workspace.layout import Workspace

    w = Workspace(str(ws))
    assert {f.code for f in unapplied(load_claims(w), load_adjudications(w))} == {"E-ADJ-UNAPPLIED"}
    r = sb("adjudicate", "--apply", cwd=ws)
    assert r.rc == 0 and r.out.strip() == f"applied outcomes; 2 claim(s) changed: {', '.join(sorted([a, b]))}"
    assert {c["confidence"] for c in _claims(ws).values()} == {"contested"}
    assert unapplied(load_claims(w), load_adjudications(w)) == []
    r = sb("contradictions", cwd=ws)
    assert r.out.splitlines()[0].endswith("   RESOLVED both_stand") and len(r.out.splitlines()) == 1
    assert sb("contradictions", "--strict", cwd=ws).rc == 0
    src = make_source(ws, "Forum: it carries 300 cars.\n", name="forum-thread", tier="C")
    late = last_id(add(ws, claim("The ferry carries 300 cars.", "ferry.capacity", kind="number",
                                 evidence=[ev(src, "Forum: it carries 300 cars.\n", "it carries 300 cars")])))
    r = sb("contradictions", cwd=ws)
    assert f"OPEN both_stand (new since the adjudication: {late})" in r.out
    r = sb("contradictions", "--strict", cwd=ws)
    assert r.rc == 2 and "E-CLUSTER-OPEN" in r.err and late in r.err
    m = json.loads((ws / "sourcebook.json").read_text())
    assert any(h["state"] == "ADJUDICATE" for h in m["history"])


def test_adjudicate_cross_checks_save_nothing(ws):
    a, b = _numeric_pair(ws)
    other = last_id(add(ws, claim("Unrelated claim text.", "other.topic")))
    cases = {
        "E-ADJ-WINNER": _decision(a, b, "supersede", other),
        "E-ADJ-NOWINNER": _decision(a, b, "supersede", None),
        "E-ADJ-RETRACT": _decision(a, b, "retract", None),
        "E-ADJ-CLUSTER": dict(_decision(a, b), cluster_id=cluster_id("ferry.other")),
        "E-ADJ-MEMBER": dict(_decision(a, b), claim_ids=[a, other]),
    }
    for code, payload in cases.items():
        r = sb("adjudicate", "--json", json.dumps(payload), "--apply", cwd=ws)
        assert r.rc == 1 and code in r.err and "nothing was saved" in r.err, (code, r.both)
        assert not (ws / "ledger" / "adjudications.json").exists()
    assert all(c["status"] == "active" for c in _claims(ws).values())
    r = sb("adjudicate", "--json", json.dumps(dict(_decision(a, b), reason="too short")), cwd=ws)
    assert r.rc == 1 and "E-SCHEMA" in r.err and "/reason" in r.err
    r = sb("adjudicate", "--json", json.dumps(dict(_decision(a, b), outcome="merge")), cwd=ws)
    assert r.rc == 1 and "E-SCHEMA" in r.err
    assert sb("adjudicate", "--json", "{oops", cwd=ws).rc == 1
    assert sb("adjudicate", cwd=ws).rc == 1


def test_supersede_and_retract_apply(ws):
    a, b = _numeric_pair(ws)
    r = sb("adjudicate", "--json", json.dumps({"adjudications": [_decision(a, b, "supersede", a)]}), "--apply", cwd=ws)
    assert r.rc == 0 and f"1 claim(s) changed: {b}" in r.out
    assert _claims(ws)[b]["status"] == "superseded" and _claims(ws)[b]["superseded_by"] == a
    assert sb("contradictions", cwd=ws).out.strip() == "no contradiction candidates"
    events = [json.loads(x) for x in (ws / "ledger" / "events.jsonl").read_text().splitlines()]
    assert events[-1]["event"] == "adjudicate-apply" and events[-1]["claim_id"] == b


@pytest.mark.parametrize("reason, refused", [
    ("The trade report is the more recent account of capacity; it replaces the earlier figure.", True),
    ("The operator withdrew its 120 in a corrected harbour status notice; the trade report's 150 stands.", False),
])
def test_a_lower_tier_claim_superseding_a_higher_one_must_name_the_evidence(ws, reason, refused):
    """A tier-B trade report made to stand over the operator's tier-A figure: "more recent" says
    nothing of what is wrong with the better-sourced claim, and is refused with nothing saved; a
    reason that names the evidence (a correction, and whose: the harbour status notice) passes."""
    a, b = _numeric_pair(ws)
    r = sb("adjudicate", "--json", json.dumps(dict(_decision(a, b, "supersede", b), reason=reason)), "--apply",
           cwd=ws)
    if refused:
        assert r.rc == 1 and "E-ADJ-TIER" in r.err and "nothing was saved" in r.err, r.both
        assert not (ws / "ledger" / "adjudications.json").exists()
        assert _claims(ws)[a]["status"] == "active"
    else:
        assert r.rc == 0 and _claims(ws)[a]["status"] == "superseded", r.both
    # the higher tier superseding the lower needs no such word
    r = sb("adjudicate", "--json", json.dumps(dict(_decision(a, b, "supersede", a), reason=reason)), "--apply", cwd=ws)
    assert r.rc == 0, r.both


def test_a_hand_edited_lower_tier_supersede_is_refused_by_the_gate(ws):
    a, b = _numeric_pair(ws)
    adj = dict(_decision(a, b, "supersede", b), reason="The trade report is newer.", decided_at="2026-01-01T00:00:00Z")
    (ws / "ledger" / "adjudications.json").write_text(json.dumps({"schema_version": 1, "adjudications": [adj]}))
    r = sb("verify", "--json", cwd=ws)
    assert r.rc == 2 and "E-ADJ-TIER" in r.out, r.both


def test_tampered_adjudications_file(ws):
    a, b = _numeric_pair(ws)
    path = ws / "ledger" / "adjudications.json"
    path.write_text('{"schema_version": 1, "adjudications": [')
    r = sb("contradictions", cwd=ws)
    assert r.rc == 1 and "E-JSON  ledger/adjudications.json" in r.err
    bad = dict(_decision(a, b, "supersede", "clm_000000000000"), decided_at="2026-01-01T00:00:00Z")
    path.write_text(json.dumps({"schema_version": 1, "adjudications": [bad]}))
    r = sb("adjudicate", "--apply", cwd=ws)
    assert r.rc == 1 and "E-ADJ-WINNER" in r.err and "0 claim(s) changed" in r.out
    assert all(c["status"] == "active" for c in _claims(ws).values())
    path.write_text(json.dumps({"schema_version": 1, "decisions": [bad]}))
    r = sb("contradictions", cwd=ws)
    assert r.rc == 1 and "E-SCHEMA" in r.err and "decisions" in r.err


def test_at07_flow_with_real_sources(ws, tmp_path):
    """AT-07a/b: real add/extract, an OPEN numeric cluster, both_stand from a file, applied."""
    inp = ws / "input"
    inp.mkdir()
    (inp / "operator-status.md").write_text("# Status\n\nThe ferry carries 120 cars per crossing.\n")
    (inp / "trade-report.md").write_text("# Trade\n\nThe ferry carries 150 cars per crossing.\n")
    for name, tier in (("operator-status", "A"), ("trade-report", "B")):
        r = sb("add", f"input/{name}.md", "--tier", tier, "--reason", "test corpus", "--title", name, cwd=ws)
        assert r.rc == 0, r.both
    assert sb("extract", cwd=ws).rc == 0
    ids = {}
    for sid in sorted(p.name for p in (ws / "sources").iterdir()):
        meta = json.loads((ws / "sources" / sid / "source.json").read_text())
        ids[meta["title"]] = sid
    ca = tmp_path / "a.json"
    ca.write_text(json.dumps(claim("The ferry carries 120 cars.", "ferry.capacity", kind="number", confidence="verified",
                                   evidence=[{"source_id": ids["operator-status"], "quote": "carries 120 cars"}])))
    cb = tmp_path / "b.json"
    cb.write_text(json.dumps(claim("The ferry carries 150 cars.", "ferry.capacity", kind="number", confidence="reported",
                                   evidence=[{"source_id": ids["trade-report"], "quote": "carries 150 cars"}])))
    a = last_id(sb("claim", "add", "--file", str(ca), cwd=ws))
    b = last_id(sb("claim", "add", "--file", str(cb), cwd=ws))
    assert sb("contradictions", cwd=ws).rc == 0
    r = sb("contradictions", "--strict", cwd=ws)
    assert r.rc == 2 and "E-CLUSTER-OPEN" in r.err
    d = tmp_path / "d.json"
    d.write_text(json.dumps({"adjudications": [dict(_decision(a, b), decided_at="2026-01-01T00:00:00Z")]}))
    r = sb("adjudicate", "--file", str(d), "--apply", cwd=ws)
    assert r.rc == 0 and "recorded 1 adjudication(s)" in r.out and "2 claim(s) changed" in r.out
    assert {c["confidence"] for c in _claims(ws).values()} == {"contested"}
    html = sb("ledger", "--html", cwd=ws).out
    assert html.count('<span class="mark m-contested">contested</span>') == 2


def test_scope_split_changes_nothing_but_resolves():
    a, b = _c("Carries 120 cars in winter."), _c("Carries 150 cars in summer.")
    adj = _adj([a, b], "scope_split")
    assert apply_outcomes([a, b], [adj]) == [] and unapplied([a, b], [adj]) == []
    [cl] = detect([a, b], [adj])
    assert cl["status"] == "RESOLVED" and cl["outcome"] == "scope_split"


@pytest.mark.parametrize("other, opens", [
    # the old value of a change is no disagreement with a claim stating the new one
    ("The RFC counts as a drawback that cutting the release cycle from 12 to 6 weeks increases the release "
     "engineering work.", False),
    ("Cutting the release cycle from 12 weeks to 6 weeks increases the release engineering work.", False),
    # ... but a change to another value still disagrees, as does a plain other figure
    ("The RFC counts as a drawback that cutting the release cycle from 12 to 8 weeks increases the release "
     "engineering work.", True),
    ("The RFC says the release cycle stays at 12 weeks, which keeps the release engineering work.", True),
])
def test_a_change_to_the_other_claims_figure_is_no_contradiction(other, opens):
    from sourcebook.domain.ledger.contradictions import cross_topic

    claims = [_c("Each release of the cycle comes 6 weeks after the release before it, the RFC says.",
                 "rust.release.schedule", kind="fact"),
              _c(other, "rust.release.cycle", kind="fact")]
    assert bool(cross_topic(claims)) is opens, cross_topic(claims)


def test_a_number_in_words_is_a_figure_to_the_numeric_detector():
    """"three members" against "5 members" is the disagreement "3 members" against "5 members"
    is: the figure readers read number words, and so does the detector."""
    assert first_number("The trio proposal proposes three members.") == 3
    assert first_number("PEP 8011 proposes a group of three people as the leaders.") == 3  # 8011 names the PEP
    assert first_number("three members and 5 seats") == 3  # the first number, words or digits
    assert first_number("a dozen seats") == 12
    assert first_number("The two proposals differ on the size.") is None  # "two" counts nothing named
    words = _c("The trio proposal proposes three members.", "probe.a")
    digits = _c("The committee proposal proposes 5 members.", "probe.a")
    [cl] = detect([words, digits], [])
    assert cl["detectors"] == ["numeric"] and cl["status"] == "OPEN"
    # a fact in words is compared by its amount too, as a fact in digits is
    fact_words = _c("PEP 8011 proposes a group of three people as the leaders.", "py.size", "fact")
    fact_digits = _c("PEP 8015 proposes a Python Steering Committee of 5 people.", "py.size", "fact")
    assert detect([fact_words, fact_digits], [])[0]["detectors"] == ["numeric"]
    # the same number in words and in digits agrees
    assert detect([words, _c("The committee proposal proposes 3 members.", "probe.a")], []) == []
    assert detect([_c("The board has three members."), _c("The board has 3 members.")], []) == []


def test_a_rate_and_an_amount_of_one_unit_are_no_cross_topic_candidate():
    # "gains about five seconds a day" is a rate, "is 44 seconds ahead" an amount: two measures
    from sourcebook.domain.ledger.contradictions import _measure

    rate, amount = (_measure("Compared to the computer, my watch gains about five seconds a day."),
                    _measure("As I write this, the watch on my wrist is 44 seconds ahead of the clock."))
    assert rate is not None and amount is not None and rate[0] != amount[0]
    assert _measure("My watch gains about 44 seconds a day.")[0] == rate[0]  # the same rate
