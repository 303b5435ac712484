"""Helpers for the verify and package tests: a small real workspace, claims and pages.

Sources are added and extracted through the real commands; claims and pages are written the
way the ledger and inject commands write them, so each test can edit exactly one thing.
"""

from __future__ import annotations

import html
import json
import os

from conftest import sb

OPERATOR = ("# Ferry status\n\nThe Northline ferry accepts Harbour cards on every route since 2025-03-01.\n\n"
            "Single fares rose by 12% in 2025.\n\nThe night service runs on weekends only.\n")
TRADE = ("# Trade report\n\nFerry operators reported that Harbour card acceptance began in March 2025.\n\n"
         "Analysts counted 4,200 daily riders on the Northline route.\n")
FORUM = ("# Forum thread\n\nSomeone wrote that the ferry carried 9,000 riders a day last summer.\n\n"
         "Another reply said the night service does not run at all.\n")


SOURCES: dict[str, dict] = {}  # every source record add_sources made, by id (ids are unique per path)


def add_sources(root) -> dict[str, str]:
    """Add and extract three sources (tiers A, B, C); returns {name: source id}."""
    ids = {}
    for name, text, tier, pub in (("operator", OPERATOR, "A", "Northline"), ("trade", TRADE, "B", "Ferry Weekly"),
                                  ("forum", FORUM, "C", "Boards")):
        p = os.path.join(root, f"{name}.md")
        with open(p, "w", encoding="utf-8") as fh:
            fh.write(text)
        r = sb("add", p, "--tier", tier, "--reason", f"the {name} page, tier {tier}", "--title", name.title(),
               "--publisher", pub, cwd=root)
        assert r.rc == 0, r.both
        ids[name] = r.out.split()[1]
    r = sb("extract", cwd=root)
    assert r.rc == 0, r.both
    for sid in ids.values():
        with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
            SOURCES[sid] = json.load(fh)
    return ids


def text_of(root, sid: str) -> str:
    with open(os.path.join(root, "sources", sid, "normalized.md"), encoding="utf-8") as fh:
        return fh.read()


def claim(root, text: str, sid: str | None, quote: str | None, *, conf: str = "verified", kind: str = "fact",
          topic: str = "ferry.cards", **extra) -> dict:
    from sourcebook.base.ids import claim_id

    ev = []
    if sid is not None:
        body = text_of(root, sid)
        start = body.find(quote) if quote else 0
        assert start >= 0, quote
        ev = [{"source_id": sid, "start": start, "end": start + len(quote or "x"), "quote": quote or ""}]
    c = {"id": claim_id(text), "text": text, "topic_key": topic, "kind": kind, "confidence": conf,
         "evidence": ev, "volatile": False, "as_of": None, "recheck": None, "contradicts": [],
         "status": "active", "superseded_by": None, "notes": ""}
    c.update(extra)
    return c


def write_claims(root, claims: list[dict]) -> None:
    doc = {"schema_version": 1, "claims": sorted(claims, key=lambda c: c["id"])}
    with open(os.path.join(root, "ledger", "claims.json"), "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=2, sort_keys=True, ensure_ascii=False)


def write_plan(root, claim_ids: list[str], typ: str = "answer") -> None:
    plan = {"schema_version": 1, "type": typ, "title": "Ferry cards", "thesis": "Harbour cards work on the ferry.",
            "sections": [{"id": "answer", "heading": "Answer", "claim_ids": claim_ids}]}
    with open(os.path.join(root, "plan.json"), "w", encoding="utf-8") as fh:
        json.dump(plan, fh, indent=2)


MARK = {"verified": "m-checked", "reported": "m-reported", "contested": "m-contested", "inferred": "m-thin",
        "unsupported": "m-thin"}


def marks(c: dict) -> list[str]:
    out = [MARK[c["confidence"]]]
    if c.get("volatile"):
        out.append("m-moving")
    return out


def ledger_html(claims: list[dict], order: list[str]) -> str:
    """The injected ledger for ``claims`` numbered in ``order``, as `sb ledger --html` writes it:
    verify re-derives it and refuses any other bytes."""
    from sourcebook.engines.ledger import ledger_html as render

    plan = {"sections": [{"id": "answer", "claim_ids": list(order)}]}
    return render.render(claims, SOURCES, plan).rstrip("\n")


def page(claims: list[dict], order: list[str], *, body_extra: str = "", skip_blocks: tuple = (),
         ledger: bool = True, legend: int = 1) -> str:
    by = {c["id"]: c for c in claims}
    blocks = []
    for n, cid in enumerate(order, 1):
        if cid in skip_blocks:
            continue
        c = by[cid]
        spans = "".join(f'<span class="mark {m}"></span>' for m in marks(c))
        blocks.append(f'<p data-claim="{cid}">{html.escape(c["text"])} {spans}'
                      f'<sup class="ref"><a href="#c-{cid}">{n}</a></sup></p>')
    for c in claims:
        if c["confidence"] == "inferred" and c["status"] == "active" and c["id"] not in skip_blocks:
            blocks.append(f'<p data-claim="{c["id"]}">{html.escape(c["text"])} <span class="mark m-thin"></span></p>')
    legend_html = '<p class="mark-legend"><span class="mark m-checked">checked</span></p>' * legend
    led = ledger_html(claims, order) if ledger else ""
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>Answer</title></head><body>"
            f"<main>{''.join(blocks)}{body_extra}{legend_html}</main>\n<!-- SB:LEDGER -->\n{led}\n"
            "<!-- /SB:LEDGER -->\n</body></html>\n")


def write_page(root, text: str, name: str = "answer.html") -> str:
    p = os.path.join(root, "build", name)
    with open(p, "w", encoding="utf-8") as fh:
        fh.write(text)
    return p


def good_workspace(root) -> tuple[dict, list[dict]]:
    """A workspace that passes every gate: three sources, three claims, plan, page."""
    ids = add_sources(root)
    cs = [claim(root, "The Northline ferry accepts Harbour cards.", ids["operator"],
                "The Northline ferry accepts Harbour cards on every route"),
          claim(root, "Single fares rose by 12% in 2025.", ids["operator"], "Single fares rose by 12% in 2025.",
                kind="number", topic="ferry.fares"),
          claim(root, "About 4,200 riders use the route daily.", ids["trade"],
                "Analysts counted 4,200 daily riders", kind="number", conf="reported", topic="ferry.riders")]
    write_claims(root, cs)
    order = [c["id"] for c in cs]
    write_plan(root, order)
    write_page(root, page(cs, order))
    return ids, cs


def manifest(root) -> dict:
    with open(os.path.join(root, "sourcebook.json"), encoding="utf-8") as fh:
        return json.load(fh)
