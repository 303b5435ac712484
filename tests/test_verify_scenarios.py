"""Acceptance scenarios through the real commands: claim add, adjudicate, ledger, inject, verify."""

from __future__ import annotations

import html
import json
import os

from conftest import sb
from verify_kit import add_sources, marks, write_plan


def add(root, text, sid, quote, *, conf="verified", kind="fact", topic="ferry.cards", **extra):
    payload = {"text": text, "topic_key": topic, "kind": kind, "confidence": conf,
               "evidence": [{"source_id": sid, "quote": quote}] if sid else [], **extra}
    r = sb("claim", "add", "--json", json.dumps(payload), cwd=root)
    assert r.rc == 0, r.both
    return r.out.split()[-1]


def claims(root) -> dict:
    return {c["id"]: c for c in json.load(open(os.path.join(root, "ledger", "claims.json")))["claims"]}


def build(root, shown: list[str], order: list[str]) -> str:
    """Compose build/answer.html citing ``shown`` (numbered by ``order``) and inject the real ledger."""
    cs = claims(root)
    blocks = []
    for cid in shown:
        c = cs[cid]
        spans = "".join(f'<span class="mark {m}"></span>' for m in marks(c))
        blocks.append(f'<p data-claim="{cid}">{html.escape(c["text"])} {spans}'
                      f'<sup class="ref"><a href="#c-{cid}">{order.index(cid) + 1}</a></sup></p>')
    page = ("<!doctype html><html lang=\"en\"><head><meta name=\"viewport\" content=\"width=device-width\"><title>A</title></head><body><main>" + "".join(blocks)
            + '<p class="mark-legend">marks</p></main>\n<!-- SB:LEDGER -->\n<!-- /SB:LEDGER -->\n</body></html>\n')
    p = os.path.join(root, "build", "answer.html")
    open(p, "w").write(page)
    assert sb("ledger", "--html", "--out", "build/ledger.html", cwd=root).rc == 0
    r = sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=root)
    assert r.rc == 0, r.both
    return p


def codes(r):
    return [ln.split()[0] for ln in r.err.splitlines() if ln.startswith(("E-", "W-"))]


def _cluster(root):
    ids = add_sources(root)
    a = add(root, "Single fares rose by 12% in 2025.", ids["operator"], "Single fares rose by 12% in 2025.",
            kind="number", topic="ferry.fares")
    b = add(root, "Ferry riders number 9,000 a day.", ids["forum"], "the ferry carried 9,000 riders a day",
            kind="number", conf="reported", topic="ferry.riders")
    c = add(root, "Analysts counted 4,200 daily riders.", ids["trade"], "Analysts counted 4,200 daily riders",
            kind="number", conf="reported", topic="ferry.riders")
    return ids, a, b, c


def test_at07_open_cluster_both_stand_contested_hidden_then_pass(ws):
    ids, a, b, c = _cluster(ws)
    order = [a, b, c]
    write_plan(ws, order)
    build(ws, order, order)
    assert sb("contradictions", cwd=ws).rc == 0
    r = sb("verify", cwd=ws)
    assert "E-CLUSTER-OPEN" in codes(r)
    from sourcebook.base.ids import cluster_id

    decision = {"cluster_id": cluster_id("ferry.riders"), "topic_key": "ferry.riders", "claim_ids": sorted([b, c]),
                "outcome": "both_stand", "reason": "two counts from different years and methods"}
    open(os.path.join(ws, "decision.json"), "w").write(json.dumps(decision))
    r = sb("adjudicate", "--file", "decision.json", "--apply", cwd=ws)
    assert r.rc == 0, r.both
    assert claims(ws)[b]["confidence"] == "contested"
    build(ws, [a, b], order)
    r = sb("verify", cwd=ws)
    assert "E-CONTESTED-HIDDEN" in codes(r) and c in r.err
    build(ws, order, order)
    r = sb("verify", cwd=ws)
    assert r.rc == 0, r.both


def test_at21c_unapplied_then_applied_then_shown(ws):
    ids, a, b, c = _cluster(ws)
    order = [a, b, c]
    write_plan(ws, order)
    from sourcebook.base.ids import cluster_id

    decision = {"cluster_id": cluster_id("ferry.riders"), "topic_key": "ferry.riders", "claim_ids": sorted([b, c]),
                "outcome": "both_stand", "reason": "two counts from different years and methods"}
    assert sb("adjudicate", "--json", json.dumps(decision), cwd=ws).rc == 0
    build(ws, [a], order)
    r = sb("verify", cwd=ws)
    assert "E-ADJ-UNAPPLIED" in codes(r)
    assert sb("adjudicate", "--apply", cwd=ws).rc == 0
    build(ws, [a], order)
    r = sb("verify", cwd=ws)
    assert "E-CONTESTED-HIDDEN" in codes(r) and "E-ADJ-UNAPPLIED" not in codes(r)
    build(ws, order, order)
    assert sb("verify", cwd=ws).rc == 0


def test_at21d_late_claim_reopens(ws):
    ids, a, b, c = _cluster(ws)
    from sourcebook.base.ids import cluster_id

    decision = {"cluster_id": cluster_id("ferry.riders"), "topic_key": "ferry.riders", "claim_ids": sorted([b, c]),
                "outcome": "both_stand", "reason": "two counts from different years and methods"}
    assert sb("adjudicate", "--json", json.dumps(decision), "--apply", cwd=ws).rc == 0
    late = add(ws, "The night service carries 50 riders.", ids["operator"], "The night service runs on weekends only.",
               kind="number", conf="reported", topic="ferry.riders")
    r = sb("verify", cwd=ws)
    assert "E-CLUSTER-OPEN" in codes(r) and late in r.err


def test_at09_volatile_with_real_ledger(ws):
    ids = add_sources(ws)
    a = add(ws, "Harbour cards work on every Northline route.", ids["operator"],
            "The Northline ferry accepts Harbour cards on every route", volatile=True, as_of="2025-03-01",
            recheck="https://example.org/status")
    write_plan(ws, [a])
    p = os.path.join(ws, "build", "answer.html")
    build(ws, [a], [a])
    text = open(p).read()
    a0, b0 = text.index("<!-- SB:LEDGER -->"), text.index("<!-- /SB:LEDGER -->")
    open(p, "w").write(text[:a0] + "<!-- SB:LEDGER -->\n" + text[b0:])
    r = sb("verify", cwd=ws)
    assert "E-ASOF-MISSING" in codes(r)
    build(ws, [a], [a])
    r = sb("verify", cwd=ws)
    assert r.rc == 0, r.both


def test_at21b_javascript_recheck(ws):
    ids = add_sources(ws)
    a = add(ws, "Harbour cards work on every Northline route.", ids["operator"],
            "The Northline ferry accepts Harbour cards on every route", volatile=True, as_of="2025-03-01",
            recheck="javascript:alert(1)")
    write_plan(ws, [a])
    p = build(ws, [a], [a])
    r = sb("verify", cwd=ws)
    assert "E-RECHECK-SCHEME" in codes(r)
    page = open(p).read()
    assert "recheck URL withheld" in page and 'href="javascript:' not in page


def test_recheck_changed_quote_fails_until_acknowledged(ws):
    ids = add_sources(ws)
    a = add(ws, "Harbour cards work on every Northline route.", ids["operator"],
            "The Northline ferry accepts Harbour cards on every route")
    write_plan(ws, [a])
    build(ws, [a], [a])
    r = sb("verify", cwd=ws)
    assert r.rc == 0 and " recheck " not in r.out  # no trail, no row
    p = os.path.join(ws, "operator.md")
    open(p, "w").write(open(p).read().replace("accepts Harbour cards on every route", "is being reviewed"))
    sb("recheck", ids["operator"], cwd=ws)
    r = sb("verify", cwd=ws)
    assert "E-RECHECK-CHANGED" in codes(r) and a in r.err, r.both
    assert sb("claim", "ack", a, "--reason", "the operator page is being edited; quote held when collected",
              cwd=ws).rc == 0
    r = sb("verify", cwd=ws)
    assert r.rc == 0, r.both
    assert "  . recheck        1 source(s) re-checked" in r.out


def test_malformed_recheck_trail_is_a_finding_not_a_crash(ws):
    ids = add_sources(ws)
    add(ws, "Harbour cards work on every Northline route.", ids["operator"],
        "The Northline ferry accepts Harbour cards on every route")
    with open(os.path.join(ws, "sources", ids["operator"], "rechecks.jsonl"), "w") as fh:
        fh.write('{"checked_via": "live", "checked_at": "2026-01-01T00:00:00Z", "citations": [1, 2]}\n')
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and "Traceback" not in r.both and "quotes" in r.out
