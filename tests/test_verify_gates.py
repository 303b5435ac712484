"""Each verify gate: the passing workspace, then one edit per code (CONTRACT 6.1)."""

from __future__ import annotations

import hashlib
import json
import os

import pytest
from conftest import sb
from verify_kit import claim, good_workspace, manifest, page, text_of, write_claims, write_page, write_plan


@pytest.fixture
def good(ws):
    ids, cs = good_workspace(ws)
    return ws, ids, cs


def verify(root, *args):
    return sb("verify", *args, cwd=root)


def codes(r) -> list[str]:
    return [ln.split()[0] for ln in r.err.splitlines() if ln.startswith(("E-", "W-"))]


def test_good_workspace_passes_with_contract_report(good):
    root, ids, cs = good
    r = verify(root)
    assert r.rc == 0, r.both
    lines = r.out.splitlines()
    assert lines[0] == f"sb verify  {root}"
    assert lines[1] == "  . schemas        3 sources, 3 claims"
    assert "  . quotes         3/3 byte-exact" in lines
    assert "  . html           3 refs resolved, 3 ledger entries, 3 ordinals" in lines
    assert lines[-1] == "  PASS"
    gates = [ln.split()[1] for ln in lines[1:-1]]
    assert gates == ["schemas", "normalizer", "quotes", "confidence", "claim-text", "tiers", "volatility", "clusters", "plan",
                     "html", "surface", "prose", "derived", "licenses", "lint"]
    assert "  . derived        re-derived 1 page ledger(s) match" in lines
    assert "  . licenses       images.mode=none, nothing to check" in lines
    assert "  . lint           0 errors, 0 waived, 0 unresolved" in lines
    m = manifest(root)
    assert m["state"] == "VERIFY" and m["revise_count"] == 0


def test_json_report_and_verify_json_file(good):
    root, _, _ = good
    r = verify(root, "--json")
    assert r.rc == 0
    doc = json.loads(r.out)
    assert doc["pass"] is True and [g["gate"] for g in doc["gates"]][0] == "schemas"
    saved = json.loads(open(os.path.join(root, "build", "verify.json")).read())
    assert saved["pass"] is True and saved["generated_at"] == "2026-01-01T00:00:00Z"
    first = open(os.path.join(root, "build", "verify.json"), "rb").read()
    verify(root, "--json")
    assert open(os.path.join(root, "build", "verify.json"), "rb").read() == first  # deterministic


def _edit_claim(root, cs, i, **changes):
    cs = [dict(c) for c in cs]
    cs[i].update(changes)
    write_claims(root, cs)
    return cs


def test_at03_flipped_quote_is_mismatch_with_the_claim_id(good):
    root, ids, cs = good
    ev = dict(cs[0]["evidence"][0])
    ev["quote"] = ev["quote"].replace("Northline", "Southline")
    _edit_claim(root, cs, 0, evidence=[ev])
    r = verify(root)
    assert r.rc == 2 and "E-QUOTE-MISMATCH" in r.both and cs[0]["id"] in r.both
    assert "  x quotes         1 finding(s)" in r.out
    # the page still shows the old quote: its injected ledger is no longer what sourcebook writes
    assert "E-DERIVED-DRIFT  build/answer.html:" in r.err and r.out.splitlines()[-1] == "  FAIL  2 finding(s)"


def test_at03_no_plan_passes(ws):
    r = verify(ws)
    assert r.rc == 0 and "no artifact expected (no plan.json yet)" in r.out


@pytest.mark.parametrize("change,code", [
    ({"start": -1}, "E-QUOTE-RANGE"),
    ({"start": 10, "end": 5}, "E-QUOTE-RANGE"),
    ({"end": 10**6}, "E-QUOTE-RANGE"),
    ({"start": "0"}, "E-QUOTE-RANGE"),
    ({"source_id": "src_000000000000"}, "E-QUOTE-MISSING-SOURCE"),
    ({"source_id": "../../etc"}, "E-QUOTE-MISSING-SOURCE"),
    ({"quote": ""}, "E-QUOTE-EMPTY"),
    ({"quote": "   "}, "E-QUOTE-EMPTY"),
])
def test_quote_codes(good, change, code):
    root, ids, cs = good
    ev = dict(cs[0]["evidence"][0])
    ev.update(change)
    _edit_claim(root, cs, 0, evidence=[ev])
    r = verify(root)
    assert r.rc == 2 and code in codes(r), r.both


def test_whitespace_span_with_whitespace_quote_never_verifies(good):
    root, ids, cs = good
    body = text_of(root, ids["operator"])
    at = body.find("\n\n")
    _edit_claim(root, cs, 0, evidence=[{"source_id": ids["operator"], "start": at, "end": at + 2, "quote": "\n\n"}])
    assert "E-QUOTE-EMPTY" in codes(verify(root))


def test_hash_only_and_redacted_evidence(good):
    root, ids, cs = good
    ev = dict(cs[0]["evidence"][0])
    good_hash = hashlib.sha256(ev["quote"].encode()).hexdigest()
    _edit_claim(root, cs, 0, evidence=[{**ev, "quote": "", "quote_sha256": good_hash, "redacted": True}])
    r = verify(root, "--json")
    assert json.loads(r.out)["gates"][2]["findings"] == []
    _edit_claim(root, cs, 0, evidence=[{**ev, "quote": "", "quote_sha256": "0" * 64}])
    assert "E-QUOTE-MISMATCH" in codes(verify(root))


def test_multi_part_evidence_verifies_part_by_part(good):
    root, ids, cs = good
    body = text_of(root, ids["operator"])
    a, b = "The Northline ferry", "Single fares rose"
    pa, pb = body.find(a), body.find(b)
    parts = [{"start": pa, "end": pa + len(a), "quote": a}, {"start": pb, "end": pb + len(b), "quote": b}]
    ev = {"source_id": ids["operator"], "start": pa, "end": pb + len(b), "quote": f"{a} [...] {b}", "parts": parts}
    _edit_claim(root, cs, 0, evidence=[ev])
    r = verify(root, "--json")
    assert json.loads(r.out)["gates"][2]["findings"] == [], r.out
    bad = [dict(parts[0]), dict(parts[1], quote="Single fares fell")]
    _edit_claim(root, cs, 0, evidence=[dict(ev, parts=bad)])
    r = verify(root)
    assert "E-QUOTE-MISMATCH" in codes(r) and "part 2" in r.err
    _edit_claim(root, cs, 0, evidence=[dict(ev, parts=[parts[1], parts[0]])])
    assert "E-QUOTE-PARTS" in codes(verify(root))


def test_confidence_codes(good):
    root, ids, cs = good
    _edit_claim(root, cs, 0, confidence="inferred")
    assert "E-CONF-MISMATCH" in codes(verify(root))
    _edit_claim(root, cs, 0, evidence=[])
    assert "E-CONF-MISMATCH" in codes(verify(root))
    _edit_claim(root, cs, 0, evidence=[], confidence="unsupported")
    assert "E-UNSUPPORTED" in codes(verify(root))


def test_at08_tier_weak_then_mark_wrong_then_fixed(good):
    root, ids, cs = good
    riders = claim(root, "The ferry carried 9,000 riders a day.", ids["forum"], "the ferry carried 9,000 riders a day",
                   kind="number", topic="ferry.summer")
    allc = cs + [riders]
    write_claims(root, allc)
    order = [c["id"] for c in allc]
    write_plan(root, order)
    write_page(root, page(allc, order))
    r = verify(root)
    assert "E-TIER-WEAK" in codes(r) and riders["id"] in r.err
    held = dict(riders, confidence="reported")
    allc = cs + [held]
    write_claims(root, allc)
    write_page(root, page(allc, order).replace(
        f'<p data-claim="{held["id"]}">The ferry carried 9,000 riders a day. <span class="mark m-reported">',
        f'<p data-claim="{held["id"]}">The ferry carried 9,000 riders a day. <span class="mark m-checked">'))
    r = verify(root)
    assert codes(r) == ["E-MARK-WRONG", "E-MARK-WRONG"], r.both  # m-reported missing, m-checked wrong
    write_page(root, page(allc, order))
    r = verify(root)
    assert r.rc == 0, r.both
    assert "1 claim(s) correctly held at reported" in r.out


def test_tier_d_and_tier_reason(good):
    root, ids, cs = good
    sj = os.path.join(root, "sources", ids["forum"], "source.json")
    rec = json.load(open(sj))
    rec["tier"], rec["tier_reason"] = "D", " "
    json.dump(rec, open(sj, "w"))
    c = claim(root, "The night service does not run at all.", ids["forum"], "the night service does not run at all",
              topic="ferry.night")
    write_claims(root, cs + [c])
    r = verify(root)
    assert "E-TIER-REASON" in codes(r) and "E-TIER-D" in codes(r)


def test_both_stand_with_tier_d_evidence_does_not_deadlock(good):
    root, ids, cs = good
    from sourcebook.base.ids import cluster_id

    sj = os.path.join(root, "sources", ids["forum"], "source.json")
    rec = json.load(open(sj))
    rec["tier"], rec["tier_reason"] = "D", "an anonymous forum post"
    json.dump(rec, open(sj, "w"))
    c = claim(root, "The night service does not run at all.", ids["forum"], "the night service does not run at all",
              topic="ferry.night", conf="contested")
    write_claims(root, cs + [c])
    adj = {"schema_version": 1, "adjudications": [{"cluster_id": cluster_id("ferry.night"), "topic_key": "ferry.night",
           "claim_ids": [c["id"]], "outcome": "both_stand", "reason": "the two sources disagree on the night service",
           "decided_at": "2026-01-01T00:00:00Z", "winner": None}]}
    json.dump(adj, open(os.path.join(root, "ledger", "adjudications.json"), "w"))
    assert "E-TIER-D" not in codes(verify(root))


def test_volatility_codes(good):
    root, ids, cs = good
    _edit_claim(root, cs, 0, volatile=True)
    r = verify(root)
    assert codes(r).count("E-VOLATILE-UNDATED") == 2
    _edit_claim(root, cs, 0, recheck="javascript:alert(1)")
    assert "E-RECHECK-SCHEME" in codes(verify(root))


def test_plan_codes(good):
    root, ids, cs = good
    write_plan(root, [c["id"] for c in cs] + ["clm_000000000000"])
    assert "E-PLAN-ORPHAN" in codes(verify(root))
    write_plan(root, [cs[1]["id"], cs[2]["id"]])
    _edit_claim(root, cs, 0, confidence="contested")
    r = verify(root)
    assert "E-CONTESTED-HIDDEN" in codes(r)


def test_a_superseded_claim_in_the_plan_names_both_ways_out(good):
    """The successor goes in the plan's section; the superseded claim may stay cited in the
    draft's history paragraph, once it is out of plan.json's sections."""
    root, ids, cs = good
    _edit_claim(root, cs, 0, status="superseded", superseded_by=cs[1]["id"])
    write_plan(root, [c["id"] for c in cs])
    r = verify(root)
    line = next(ln for ln in r.err.splitlines() if ln.startswith("E-PLAN-ORPHAN"))
    assert cs[1]["id"] in line and "history paragraph" in line and "out of plan.json's sections" in line, line
    write_plan(root, [c["id"] for c in cs[1:]])
    assert "E-PLAN-ORPHAN" not in codes(verify(root))


def test_normalizer_codes_at18(good):
    root, ids, cs = good
    sid = ids["trade"]
    sj = os.path.join(root, "sources", sid, "source.json")
    rec = json.load(open(sj))
    rec["normalizer_version"] = 99  # a version this sb does not know (1 and 2 are known: A14)
    json.dump(rec, open(sj, "w"))
    r = verify(root)
    assert "E-NORM-DRIFT" in codes(r) and sid in r.err
    rec["normalizer_version"] = 1
    json.dump(rec, open(sj, "w"))
    with open(os.path.join(root, "sources", sid, "normalized.md"), "a") as fh:
        fh.write("An invented sentence.\n")
    r = verify(root)
    assert "E-NORM-DRIFT" in codes(r) and sid in r.err
    os.unlink(os.path.join(root, "sources", sid, "normalized.md"))
    r = verify(root)
    assert "E-NORM-MISSING" in codes(r) and "E-QUOTE-MISSING-SOURCE" in codes(r)


def test_deep_catches_a_fabricated_sentence_with_its_hash_updated(good):
    root, ids, cs = good
    sid = ids["operator"]
    assert verify(root, "--deep").rc == 0
    p = os.path.join(root, "sources", sid, "normalized.md")
    text = open(p, encoding="utf-8").read() + "\nThe ferry is free on Sundays.\n"
    open(p, "w", encoding="utf-8").write(text)
    sj = os.path.join(root, "sources", sid, "source.json")
    rec = json.load(open(sj))
    rec["normalized_sha256"] = hashlib.sha256(text.encode()).hexdigest()
    json.dump(rec, open(sj, "w"))
    r = verify(root)  # a plain run re-extracts what changed
    assert r.rc == 2 and "E-DEEP-DRIFT" in codes(r) and sid in r.err
    r = verify(root, "--deep")
    assert r.rc == 2 and "E-DEEP-DRIFT" in codes(r) and sid in r.err


def test_deep_catches_a_changed_raw_capture(good):
    root, ids, cs = good
    sid = ids["operator"]
    raw = [n for n in os.listdir(os.path.join(root, "sources", sid)) if n.startswith("raw.")][0]
    with open(os.path.join(root, "sources", sid, raw), "a") as fh:
        fh.write("tampered\n")
    r = verify(root, "--deep")
    assert "E-DEEP-RAW" in codes(r)
    os.unlink(os.path.join(root, "sources", sid, raw))
    r = verify(root, "--deep")
    assert "E-DEEP-RAW" in codes(r) and "missing" in r.err


def test_claim_id_must_match_text(good):
    root, ids, cs = good
    _edit_claim(root, cs, 0, text="The Northline ferry refuses Harbour cards.")
    r = verify(root)
    assert "E-CLAIM-ID" in codes(r) and cs[0]["id"] in r.err


def test_unreadable_files_are_findings_not_crashes(good):
    root, ids, cs = good
    open(os.path.join(root, "ledger", "claims.json"), "w").write('{"claims": [')
    r = verify(root)
    assert r.rc == 2 and "E-JSON  ledger/claims.json  invalid JSON at line" in r.err
    assert "Traceback" not in r.both
