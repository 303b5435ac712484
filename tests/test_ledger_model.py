"""Ordinals, marks, the quote budget, corroboration and evidence checks (pure functions)."""

from __future__ import annotations

from sourcebook.engines.ledger import ledger_model as lm
from sourcebook.engines.text.citation import MAX_GAP, problem


def _c(cid, conf="verified", status="active", **kw):
    d = {"id": cid, "text": "t " + cid, "confidence": conf, "status": status, "evidence": []}
    d.update(kw)
    return d


def test_ordinals_plan_first_then_by_id_citable_only():
    claims = [_c("clm_c"), _c("clm_a"), _c("clm_b"), _c("clm_i", "inferred"), _c("clm_s", status="superseded")]
    plan = {"sections": [{"id": "x", "claim_ids": ["clm_c", "clm_i", "clm_c", "clm_missing"]}]}
    assert lm.ordinals(claims, plan) == {"clm_c": 1, "clm_a": 2, "clm_b": 3}
    assert lm.ordinals(claims, None) == {"clm_a": 1, "clm_b": 2, "clm_c": 3}
    assert lm.ordinals(claims, {"sections": "garbage"}) == {"clm_a": 1, "clm_b": 2, "clm_c": 3}


def test_marks_and_labels():
    assert lm.marks(_c("x", "verified")) == ["m-checked"]
    assert lm.marks(_c("x", "reported", volatile=True)) == ["m-reported", "m-moving"]
    assert lm.marks(_c("x", "unsupported")) == ["m-thin"]
    assert lm.labels(_c("x", "contested", volatile=True)) == ["contested", "moving"]


def _ev(sid, s, quote):
    return {"source_id": sid, "start": s, "end": s + len(quote), "quote": quote}


def test_budget_dedupes_spans_and_caps_per_source():
    one, two, three, four = "the first quote", "the second quote", "the third quote", "the fourth quote"
    a = _c("a", evidence=[_ev("s1", 0, one), _ev("s1", 20, two)])
    b = _c("b", evidence=[_ev("s1", 0, one), _ev("s1", 40, three), _ev("s1", 60, four)])
    shown = lm.shown_spans([a, b])
    assert shown == {("s1", 0, 15), ("s1", 20, 36), ("s1", 40, 55)}
    # a word or two is not a quotation: shown, and never counted against the budget (as verify counts)
    d = _c("d", evidence=[_ev("s1", 80, "Beta (1.39)"), _ev("s1", 100, "#### Beta (1.39)")])
    assert lm.shown_spans([a, b, d]) == shown | {("s1", 80, 91)}
    long = _c("c", evidence=[_ev("s2", 0, "x" * 201), _ev("s3", 0, " ".join(["w"] * 26)), _ev("s4", 0, "   "),
                             dict(_ev("s5", 0, "fine"), redacted=True)])
    assert lm.shown_spans([long]) == set()
    total = _c("d", evidence=[_ev("s6", 0, "y" * 200), _ev("s6", 300, "z" * 200), _ev("s6", 600, "q" * 150)])
    assert lm.shown_spans([total]) == {("s6", 0, 200), ("s6", 300, 500)}


def test_corroboration_publisher_host_file():
    sources = {
        "s1": {"publisher": "Harbour Authority", "canonical_locator": "https://a.example/x", "kind": "url"},
        "s2": {"publisher": "harbour  authority", "canonical_locator": "https://b.example/y", "kind": "url"},
        "s3": {"publisher": None, "canonical_locator": "https://www.news.example/1", "kind": "url"},
        "s4": {"publisher": "", "canonical_locator": "https://news.example/2", "kind": "url"},
        "s5": {"canonical_locator": "input/a.md", "kind": "file"},
    }
    c = _c("x", evidence=[_ev(s, 0, "q") for s in ("s1", "s2", "s3", "s4", "s5", "s9")])
    assert lm.corroboration(c, sources) == 4  # publisher, host, file, unknown id
    assert lm.corroboration_text(1) == "1 source"
    assert lm.corroboration_text(2) == "2 independent sources"
    assert lm.corroboration_text(0) == "no source"


def test_entries_order_cited_then_inferred():
    claims = [_c("clm_b"), _c("clm_a", "inferred"), _c("clm_c", "reported", volatile=True)]
    es = lm.entries(claims, {}, None)
    assert [(e["id"], e["ordinal"]) for e in es] == [("clm_b", 1), ("clm_c", 2), ("clm_a", None)]
    assert es[1]["marks"] == ["m-reported", "m-moving"]


TEXT = "Alpha beta gamma. Delta epsilon. " + "pad " * 600 + "Zeta eta."


def test_citation_single_and_multipart():
    assert problem(TEXT, _ev("s", 0, "Alpha beta")) is None
    assert problem(TEXT, {"source_id": "s", "start": 0, "end": 5, "quote": "Alphx"})[0] == "mismatch"
    assert problem(TEXT, {"source_id": "s", "start": 5, "end": 0, "quote": "x"})[0] == "range"
    assert problem(TEXT, {"source_id": "s", "start": 5, "end": 6, "quote": " "})[0] == "empty"
    assert problem(TEXT, {"source_id": "s", "start": 0, "end": 0, "quote": ""})[0] == "range"
    p1, p2 = _ev("s", 0, "Alpha beta"), _ev("s", TEXT.index("Delta"), "Delta epsilon")
    multi = {"source_id": "s", "start": p1["start"], "end": p2["end"], "parts": [
        {k: p1[k] for k in ("start", "end", "quote")}, {k: p2[k] for k in ("start", "end", "quote")}]}
    assert problem(TEXT, multi) is None
    rev = dict(multi, parts=list(reversed(multi["parts"])), start=p2["start"], end=p1["end"])
    assert problem(TEXT, rev)[0] == "gap"
    far = _ev("s", TEXT.index("Zeta"), "Zeta eta.")
    assert far["start"] - p2["end"] > MAX_GAP
    multi_far = {"source_id": "s", "start": p1["start"], "end": far["end"], "parts": [
        {k: p1[k] for k in ("start", "end", "quote")}, {k: far[k] for k in ("start", "end", "quote")}]}
    assert problem(TEXT, multi_far)[0] == "gap"
    assert problem(TEXT, dict(multi, end=multi["end"] + 1))[0] == "range"


def test_citation_redacted_hash():
    import hashlib

    q = "Alpha beta"
    digest = hashlib.sha256(q.encode()).hexdigest()
    assert problem(TEXT, {"source_id": "s", "start": 0, "end": 10, "quote_sha256": digest, "redacted": True}) is None
    assert problem(TEXT, {"source_id": "s", "start": 1, "end": 11, "quote_sha256": digest, "redacted": True})[0] == "hash"


def test_offsets_are_code_points():
    text = "café 𝄞 e\u0301 world"
    s = text.index("world")
    assert problem(text, {"source_id": "s", "start": s, "end": s + 5, "quote": "world"}) is None
    assert s == 10


def test_tier_d_allows_contested_but_not_verified():
    assert lm.tier_d_allows("contested") and lm.tier_d_allows("reported")
    assert not lm.tier_d_allows("verified") and not lm.tier_d_allows(["x"])
