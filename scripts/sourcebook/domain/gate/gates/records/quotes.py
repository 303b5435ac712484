"""Gate ``quotes``: every evidence span of every active claim holds byte for byte.

A retracted or superseded claim is history: its evidence is kept as it was and is not checked,
so retracting a claim whose quote went wrong is a way out, never a trap.

The rule itself lives in ``engines.text.citation`` (shared with ``sb claim add``): a span holds
iff ``normalized[start:end] == quote`` in code points; a redacted or hash-only span holds by
hash; a multi-part quote holds part by part, in order, gaps bounded; an empty or
whitespace-only quote never holds.
"""

from __future__ import annotations

from .....base.errors import Finding
from .....engines.text.citation import problem
from ....ledger.clean_fact import hold_key
from ...context import GateContext, cid, evidence, safe
from ...registry import GateResult, register

CODE = {"range": "E-QUOTE-RANGE", "empty": "E-QUOTE-EMPTY", "mismatch": "E-QUOTE-MISMATCH",
        "hash": "E-QUOTE-MISMATCH", "gap": "E-QUOTE-PARTS"}


def evidence_problem(ctx: GateContext, ev: dict) -> tuple[str, str] | None:
    sid = ev.get("source_id")
    sha = ctx.text_sha(sid)
    key = hold_key(sha, ev) if sha is not None and ctx.cache.enabled else None
    if key is not None and ctx.cache.holds(key):
        return None  # this very span held against this very text in an earlier run
    text = ctx.text(sid)
    if text is None:
        return "E-QUOTE-MISSING-SOURCE", (f"source {safe(sid)} has no normalized.md (unknown id, not a source "
                                          "id, or not extracted); cite a ready source")
    parts = ev.get("parts")
    if "parts" in ev and not (isinstance(parts, list) and parts):
        return "E-QUOTE-PARTS", f"{safe(sid)}: parts must be a non-empty list of {{start, end, quote}}"
    found = problem(text, ev)
    if found is None:
        if key is not None:
            ctx.cache.remember_hold(key)
        return None
    kind, msg = found
    return CODE.get(kind, "E-QUOTE-MISMATCH"), f"{safe(sid)}: {msg}; re-find it with `sb find`"


@register("quotes", 30)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    ok = total = 0
    for c in ctx.claims:
        if c.get("status", "active") != "active":
            continue
        for ev in evidence(c):
            total += 1
            prob = evidence_problem(ctx, ev)
            if prob:
                f.append(Finding(prob[0], cid(c), prob[1]))
            else:
                ok += 1
    return GateResult(f, f"{ok}/{total} byte-exact")
