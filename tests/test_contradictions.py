"""Contradiction clusters (CONTRACT 7.1) and adjudication cross-checks (7.2)."""

from __future__ import annotations

from sourcebook.base.ids import claim_id, cluster_id
from sourcebook.domain.adjudications import apply_outcomes, cross_check, unapplied
from sourcebook.domain.contradictions import detect, first_number, open_findings


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
    [cl] = detect([a, b, near], [])
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
