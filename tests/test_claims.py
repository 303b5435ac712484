"""sb claim: add/import, list, show, set, retract, narrow, ack, and the trail."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, sb
from ledger_helpers import add, claim, ev, last_id, make_source

from sourcebook.base.ids import claim_id

TEXT = ("The ferry carries 120 cars. It opened on 2019-05-01. The ferry carries 120 cars in summer.\n"
        "Tickets cost 4 euros. " + "Filler words here. " * 20 + "Night service ends at midnight.\n")


def _src(ws, **kw):
    return make_source(ws, TEXT, **kw)


def _claims(ws):
    return {c["id"]: c for c in json.load(open(os.path.join(str(ws), "ledger", "claims.json")))["claims"]}


def _events(ws):
    with open(os.path.join(str(ws), "ledger", "events.jsonl"), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def test_add_resolves_offsets_and_prints_claim_id(ws):
    sid = _src(ws)
    r = add(ws, claim("Tickets cost four euros.", evidence=[{"source_id": sid, "quote": "Tickets cost 4 euros."}]))
    assert r.rc == 0, r.both
    cid = last_id(r)
    # the `claim <id>` line is kept as the original kit printed it; the line before says which text it is
    assert r.out.splitlines() == ['stored   "Tickets cost four euros."', f"claim {cid}"]
    assert cid == claim_id("Tickets cost four euros.")
    e = _claims(ws)[cid]["evidence"][0]
    assert TEXT[e["start"]:e["end"]] == "Tickets cost 4 euros."
    m = json.load(open(os.path.join(str(ws), "sourcebook.json")))
    assert m["history"][-1]["state"] == "GROUND" and m["history"][-1]["note"] == f"claim {cid}"
    assert _events(ws)[-1]["event"] == "add"


def test_ambiguous_quote_lists_occurrences(ws):
    sid = _src(ws)
    r = add(ws, claim("Capacity is 120.", evidence=[{"source_id": sid, "quote": "The ferry carries 120 cars"}]))
    assert r.rc == 1 and "E-CLAIM-SPAN" in r.err and "0..26" in r.err and "2 times" in r.err
    assert not os.path.exists(os.path.join(str(ws), "ledger", "claims.json"))


def test_quote_not_found_or_empty_is_refused_without_offsets(ws):
    sid = _src(ws)
    r = add(ws, claim("Made up.", evidence=[{"source_id": sid, "quote": "The ferry flies"}]))
    assert r.rc == 1 and "E-CLAIM-SPAN" in r.err and "sb find" in r.err
    r = add(ws, claim("Made up.", evidence=[{"source_id": sid, "quote": "   "}]))
    assert r.rc == 1 and "E-CLAIM-SPAN" in r.err


def test_wrong_quote_at_offsets_is_stored_with_warning(ws):
    sid = _src(ws)
    r = add(ws, claim("Wrong quote.", evidence=[{"source_id": sid, "start": 0, "end": 9, "quote": "The fairy"}]))
    assert r.rc == 0 and "W-QUOTE-MISMATCH" in r.err
    assert last_id(r) in _claims(ws)
    r = add(ws, claim("Reversed span.", evidence=[{"source_id": sid, "start": 9, "end": 2, "quote": "x"}]))
    assert r.rc == 0 and "W-QUOTE-RANGE" in r.err
    r = add(ws, claim("Blank quote here.", evidence=[{"source_id": sid, "start": 3, "end": 4, "quote": " "}]))
    assert r.rc == 0 and "W-QUOTE-EMPTY" in r.err


def test_unknown_source_is_a_warning(ws):
    r = add(ws, claim("Unknown source.", evidence=[{"source_id": "src_deadbeef0000", "start": 0, "end": 3, "quote": "abc"}]))
    assert r.rc == 0 and "W-QUOTE-SOURCE" in r.err and "src_deadbeef0000" in r.err
    r = add(ws, claim("Unknown source two.", evidence=[{"source_id": "src_deadbeef0000", "quote": "abc"}]))
    assert r.rc == 1 and "E-CLAIM-SPAN" in r.err


def test_elided_quote_becomes_parts(ws):
    sid = _src(ws)
    r = add(ws, claim("Tickets and night service.", evidence=[{"source_id": sid, "quote": "Tickets cost [...] ends at midnight."}]))
    assert r.rc == 0, r.both
    e = _claims(ws)[last_id(r)]["evidence"][0]
    assert [p["quote"] for p in e["parts"]] == ["Tickets cost", "ends at midnight."]
    assert all(TEXT[p["start"]:p["end"]] == p["quote"] for p in e["parts"])
    assert e["start"] == e["parts"][0]["start"] and e["end"] == e["parts"][-1]["end"]
    r = add(ws, claim("Backwards parts.", evidence=[{"source_id": sid, "quote": "midnight. [...] Tickets cost"}]))
    assert r.rc == 1 and "E-CLAIM-SPAN" in r.err
    parts = [{"start": 0, "end": 9, "quote": "The ferry"}, {"start": 4, "end": 9, "quote": "ferry"}]
    r = add(ws, claim("Overlapping parts.", evidence=[{"source_id": sid, "parts": parts}]))
    assert r.rc == 0 and "W-QUOTE-GAP" in r.err


def test_payload_shapes_and_precedence(ws, tmp_path):
    sid = _src(ws)
    one = claim("From the file.", evidence=[{"source_id": sid, "quote": "Tickets cost 4 euros."}])
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"claims": [one]}))
    r = sb("claim", "import", "--file", str(f), "--stdin", cwd=ws, stdin=json.dumps(claim("From stdin.")))
    assert r.rc == 0 and last_id(r) == claim_id("From the file.")
    r = sb("claim", "add", "--stdin", cwd=ws, stdin=json.dumps([claim("From stdin one."), claim("From stdin two.")]))
    assert r.rc == 0 and r.out.count("claim clm_") == 2
    r = sb("claim", "add", "--json", json.dumps(claim("From json.")), "--file", str(f), cwd=ws)
    assert last_id(r) == claim_id("From json.")


def test_bad_payloads(ws, tmp_path):
    assert "E-CLAIM" in sb("claim", "add", cwd=ws).err
    r = sb("claim", "add", "--json", "{not json", cwd=ws)
    assert r.rc == 1 and "E-CLAIM" in r.err and "line 1" in r.err
    r = sb("claim", "add", "--json", json.dumps({"topic_key": "a.b"}), cwd=ws)
    assert r.rc == 1 and "E-CLAIM  (none)" in r.err
    r = sb("claim", "add", "--json", "42", cwd=ws)
    assert r.rc == 1 and "E-CLAIM" in r.err
    r = sb("claim", "add", "--file", str(tmp_path / "missing.json"), cwd=ws)
    assert r.rc == 1 and "E-CLAIM" in r.err
    r = add(ws, claim("Bad confidence.", confidence="bogus"))
    assert r.rc == 1 and "E-SCHEMA  claim/claims/0/confidence" in r.err
    r = add(ws, claim("Ok one."), claim("Bad topic.", topic="Bad Topic"), claim("Ok two."))
    assert r.rc == 1 and r.out.count("claim clm_") == 2 and "claim/claims/1/topic_key" in r.err
    r = add(ws, claim("String offsets.", evidence=[{"source_id": "src_deadbeef0000", "start": "1", "end": 4, "quote": "abc"}]))
    assert r.rc == 1 and "E-SCHEMA" in r.err
    r = add(ws, claim("Dotdot source.", evidence=[{"source_id": "../../etc", "start": 0, "end": 4, "quote": "abcd"}]))
    assert r.rc == 1 and "E-SCHEMA" in r.err
    assert "Traceback" not in r.both


def test_id_is_recomputed_from_text(ws):
    r = add(ws, dict(claim("Ids come from text."), id="../../escape"))
    assert last_id(r) == claim_id("Ids come from text.")


def test_list_format_orders_by_ordinal(ws):
    sid = _src(ws)
    a = last_id(add(ws, claim("Zeta claim is reported.", evidence=[ev(sid, TEXT, "Tickets cost 4 euros.")])))
    b = last_id(add(ws, claim("An inference of the author.", confidence="inferred")))
    r = sb("claim", "list", cwd=ws)
    lines = r.out.splitlines()
    assert lines[0] == f"  [1] {a}  reported    active     topic.one"
    assert lines[1] == "       Zeta claim is reported."
    assert lines[2].startswith(f"  [-] {b}  inferred ")


def test_show_text_and_json(ws):
    sid = _src(ws, publisher="Harbour Authority")
    cid = last_id(add(ws, claim("Night service ends at midnight.", evidence=[ev(sid, TEXT, "Night service ends at midnight.")])))
    r = sb("claim", "show", cid, cwd=ws)
    assert r.rc == 0 and "1 source" in r.out and "trail" in r.out
    data = json.loads(sb("claim", "show", cid, "--json", cwd=ws).out)
    assert data["id"] == cid and data["independent_sources"] == 1 and data["events"][0]["event"] == "add"
    r = sb("claim", "show", "clm_000000000000", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-UNKNOWN" in r.err
    assert "E-CLAIM-UNKNOWN" in sb("claim", "show", "../../x", cwd=ws).err


def test_set_validates(ws):
    cid = last_id(add(ws, claim("A settable claim.")))
    other = last_id(add(ws, claim("Another claim.")))
    assert sb("claim", "set", cid, "--confidence", "bogus", cwd=ws).rc == 1
    assert _claims(ws)[cid]["confidence"] == "reported"
    r = sb("claim", "set", cid, "--confidence", "verified", "--notes", "checked twice", cwd=ws)
    assert r.rc == 0 and r.out.strip() == f"updated {cid}"
    assert _claims(ws)[cid]["confidence"] == "verified" and _claims(ws)[cid]["notes"] == "checked twice"
    r = sb("claim", "set", cid, "--as-of", "yesterday", cwd=ws)
    assert r.rc == 1 and "E-SCHEMA" in r.err and _claims(ws)[cid]["as_of"] is None
    r = sb("claim", "set", cid, "--status", "retracted", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-STATUS" in r.err and "claim retract" in r.err
    r = sb("claim", "set", cid, "--status", "superseded", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-STATUS" in r.err
    r = sb("claim", "set", cid, "--superseded-by", "clm_000000000000", cwd=ws)
    assert r.rc == 1 and "E-CLAIM" in r.err
    r = sb("claim", "set", cid, "--superseded-by", other, cwd=ws)
    assert r.rc == 0 and _claims(ws)[cid]["status"] == "superseded" and _claims(ws)[cid]["superseded_by"] == other
    r = sb("claim", "set", cid, "--status", "active", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-STATUS" in r.err and _claims(ws)[cid]["status"] == "superseded"
    assert sb("claim", "set", cid, cwd=ws).rc == 1
    assert [e["event"] for e in _events(ws) if e["claim_id"] == cid] == ["add", "set", "set"]


def test_retract_and_never_resurrect(ws):
    cid = last_id(add(ws, claim("A claim to retract.")))
    assert sb("claim", "retract", cid, cwd=ws).rc == 1  # --reason required by argparse
    assert sb("claim", "retract", cid, "--reason", "  ", cwd=ws).rc == 1
    r = sb("claim", "retract", cid, "--reason", "the source withdrew it", cwd=ws)
    assert r.rc == 0 and r.out.strip() == f"retracted {cid}"
    c = _claims(ws)[cid]
    assert c["status"] == "retracted" and c["status_reason"] == "the source withdrew it"
    r = add(ws, claim("A claim to retract.", confidence="verified"))
    assert r.rc == 0 and "W-CLAIM-INACTIVE" in r.err
    assert _claims(ws)[cid]["status"] == "retracted" and _claims(ws)[cid]["status_reason"] == "the source withdrew it"
    assert _events(ws)[-1]["event"] == "readd"


def test_narrow(ws):
    sid = _src(ws)
    old = last_id(add(ws, claim("The ferry carries 120 cars all year.", kind="number", confidence="verified",
                               evidence=[ev(sid, TEXT, "The ferry carries 120 cars in summer.")])))
    r = sb("claim", "narrow", old, "--text", "The ferry carries 120 cars in summer.", "--reason", "quote is seasonal", cwd=ws)
    assert r.rc == 0, r.both
    new = last_id(r)
    cs = _claims(ws)
    assert cs[old]["status"] == "superseded" and cs[old]["narrowed_to"] == new and cs[old]["superseded_by"] == new
    assert cs[new]["narrowed_from"] == old and cs[new]["status"] == "active"
    # no page ever showed the old wording: it leaves no public trace (no History entry, no limitation)
    assert cs[old]["unpublished"] is True and "limitation" not in cs[new]
    assert cs[new]["evidence"] == cs[old]["evidence"]
    assert sb("claim", "narrow", old, "--text", "Again.", "--reason", "x", cwd=ws).rc == 1  # old is superseded
    r = sb("claim", "narrow", new, "--text", "The ferry carries 120 cars in summer.", "--reason", "same", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-NARROW" in r.err
    other = last_id(add(ws, claim("Summer ferries.")))
    r = sb("claim", "narrow", new, "--text", "Summer ferries.", "--reason", "exists", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-NARROW" in r.err and other in r.err
    assert sb("claim", "narrow", new, "--reason", "no text", cwd=ws).rc == 1
    events = [e["event"] for e in _events(ws)]
    assert "narrow" in events


def test_a_mistaken_narrowing_is_undone_by_narrowing_back(ws):
    """Narrowing back to the text a claim was narrowed from makes that claim active again (as
    stored: its evidence, confidence and id), at any depth; the narrowed claims are superseded by
    it. A claim that was never in the chain (active, superseded otherwise, retracted) stays as it is."""
    sid = _src(ws)
    first = "The ferry carries 120 cars all year."
    old = last_id(add(ws, claim(first, kind="number", confidence="verified",
                               evidence=[ev(sid, TEXT, "The ferry carries 120 cars in summer.")])))
    before = _claims(ws)[old]
    mid = last_id(sb("claim", "narrow", old, "--text", "The ferry carries 120 cars in summer.", "--reason", "seasonal",
                     cwd=ws))
    new = last_id(sb("claim", "narrow", mid, "--text", "In summer the ferry carries 120 cars.", "--reason", "order",
                     cwd=ws))
    # making the old claim active by hand is refused, and the refusal names the way back
    r = sb("claim", "set", old, "--status", "active", "--reason", "mistake", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-STATUS" in r.err and f"sb claim narrow {new} --text" in r.err, r.both
    r = sb("claim", "narrow", new, "--text", first, "--reason", "the quote did cover it", cwd=ws)
    assert r.rc == 0, r.both
    assert last_id(r) == old and "narrowed back" in r.out
    cs = _claims(ws)
    assert cs[old]["status"] == "active" and not cs[old].get("superseded_by") and "narrowed_to" not in cs[old]
    assert {k: v for k, v in cs[old].items() if k != "status"} == {
        k: v for k, v in before.items() if k != "status"}
    assert cs[new]["status"] == "superseded" and cs[new]["superseded_by"] == old
    assert cs[mid]["status"] == "superseded"
    assert cs[new]["status_reason"] == "narrowed back: the quote did cover it"
    assert [e["event"] for e in _events(ws)[-2:]] == ["narrow_back", "restore"]
    # the neighbours stay refused: a claim superseded outside the chain, an active twin, a retracted one
    other = last_id(add(ws, claim("Night service ends at midnight.")))
    r = sb("claim", "narrow", old, "--text", "Night service ends at midnight.", "--reason", "x", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-NARROW" in r.err and "(active)" in r.err and f"--superseded-by {other}" in r.err
    gone = last_id(add(ws, claim("Tickets cost four euros.")))
    assert sb("claim", "retract", gone, "--reason", "x", cwd=ws).rc == 0
    r = sb("claim", "narrow", old, "--text", "Tickets cost four euros.", "--reason", "x", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-NARROW" in r.err and "retracted claim stays retracted" in r.err
    assert _claims(ws)[gone]["status"] == "retracted"
    r = sb("claim", "narrow", old, "--text", "In summer the ferry carries 120 cars.", "--reason", "x", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-NARROW" in r.err and "(superseded)" in r.err
    assert _claims(ws)[new]["status"] == "superseded"


def test_ack_recorded(ws):
    cid = last_id(add(ws, claim("A claim to acknowledge.")))
    r = sb("claim", "ack", cid, "--reason", "re-read the page; still says so", cwd=ws)
    assert r.rc == 0 and r.out.strip() == f"acknowledged {cid}"
    acks = _claims(ws)[cid]["acks"]
    assert acks == [{"at": "2026-01-01T00:00:00Z", "reason": "re-read the page; still says so"}]
    assert _events(ws)[-1]["event"] == "ack"
    from sourcebook.domain.ledger.claim_edit import latest_ack

    assert latest_ack(_claims(ws)[cid]) == "2026-01-01T00:00:00Z"
    assert sb("claim", "ack", "clm_000000000000", "--reason", "x", cwd=ws).rc == 1
    assert sb("claim", "ack", cwd=ws).rc == 1


def test_import_many_loads_once(ws):
    sid = _src(ws)
    items = [claim(f"Generated claim number {i}.", evidence=[ev(sid, TEXT, "Tickets cost 4 euros.")]) for i in range(300)]
    r = sb("claim", "import", "--json", json.dumps({"claims": items}), cwd=ws)
    assert r.rc == 0 and r.out.count("claim clm_") == 300
    assert len(_claims(ws)) == 300 and len(_events(ws)) == 300
    m = json.load(open(os.path.join(str(ws), "sourcebook.json")))
    assert m["history"][-1]["note"].endswith("(+299 more)")


def test_malformed_claims_file_is_not_overwritten(ws):
    path = os.path.join(str(ws), "ledger", "claims.json")
    with open(path, "w") as fh:
        fh.write('{"schema_version": 1, "claims": [')
    r = add(ws, claim("Would overwrite."))
    assert r.rc == 1 and "E-JSON" in r.err and "ledger/claims.json" in r.err
    assert open(path).read() == '{"schema_version": 1, "claims": ['


@pytest.mark.slow
def test_twenty_parallel_adds(ws):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "scripts"))
    procs = [subprocess.Popen([sys.executable, os.path.join(ROOT, "scripts", "sb.py"), "claim", "add", "--json",
                               json.dumps(claim(f"Parallel claim {i}."))], cwd=str(ws), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for i in range(20)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    assert len(_claims(ws)) == 20
    assert len(_events(ws)) == 20


def test_resolved_offsets_are_code_points(ws):
    text = "Café 𝄞 and e\u0301 — the price is 4 € per trip. Ünïcode ends.\n"
    sid = make_source(ws, text, name="uni")
    r = add(ws, claim("The price is four euros.", evidence=[{"source_id": sid, "quote": "the price is 4 € per trip"}]))
    assert r.rc == 0 and r.err == ""
    e = _claims(ws)[last_id(r)]["evidence"][0]
    assert (e["start"], e["end"]) == (text.index("the price"), text.index("the price") + 25)
    assert text[e["start"]:e["end"]] == "the price is 4 € per trip"


def test_show_json_flag_before_id(ws):
    cid = last_id(add(ws, claim("Flag order does not matter.")))
    assert json.loads(sb("claim", "show", "--json", cid, cwd=ws).out)["id"] == cid
    r = sb("claim", "show", cwd=ws)
    assert r.rc == 1 and "needs a claim id" in r.err


def test_list_json(ws):
    a = last_id(add(ws, claim("Listed as JSON.")))
    data = json.loads(sb("claim", "list", "--json", cwd=ws).out)
    assert [(c["id"], c["ordinal"]) for c in data] == [(a, 1)]
    assert sb("claim", "list", cwd=ws.parent).rc == 1  # no workspace


def test_offsets_without_quote_take_the_text(ws):
    sid = _src(ws)
    s = TEXT.index("Tickets")
    r = add(ws, claim("Offsets only.", evidence=[{"source_id": sid, "start": s, "end": s + 21}]))
    assert r.rc == 0 and r.err == ""
    assert _claims(ws)[last_id(r)]["evidence"][0]["quote"] == "Tickets cost 4 euros."
    r = add(ws, claim("Offsets only, bad.", evidence=[{"source_id": sid, "start": 5, "end": 10**6}]))
    assert r.rc == 0 and "W-QUOTE-RANGE" in r.err
