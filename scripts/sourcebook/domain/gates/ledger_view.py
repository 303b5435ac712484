"""What the gates need from the ledger model: ordinals, required marks, the quote budget.

The ledger renders these; the gate compares a page against the same functions, so a page
cannot disagree with the ledger it embeds.
"""

from __future__ import annotations

from .context import GateContext, is_active
from .plan import placed_ids

MARK_CLASSES = ("m-checked", "m-reported", "m-contested", "m-thin", "m-moving")
_CONF_MARK = {"verified": "m-checked", "reported": "m-reported", "contested": "m-contested",
              "inferred": "m-thin", "unsupported": "m-thin"}
QUOTE_MAX_CHARS, QUOTE_MAX_WORDS, PER_SOURCE_QUOTES, PER_SOURCE_CHARS = 200, 25, 3, 500


def citable(claim: dict) -> bool:
    return is_active(claim) and claim.get("confidence") != "inferred"


def ordinals(ctx: GateContext) -> dict[str, int]:
    """Citable claims numbered from 1: first by appearance in the plan, then the rest by id."""
    out: dict[str, int] = {}
    by_id = ctx.claims_by_id
    for x in placed_ids(ctx.plan):
        c = by_id.get(x)
        if c is not None and citable(c) and x not in out:
            out[x] = len(out) + 1
    for x in sorted(by_id):
        if x not in out and citable(by_id[x]):
            out[x] = len(out) + 1
    return out


def required_marks(claim: dict) -> set[str]:
    marks = set()
    m = _CONF_MARK.get(claim.get("confidence"))  # type: ignore[arg-type]
    if m:
        marks.add(m)
    if claim.get("volatile") is True:
        marks.add("m-moving")
    return marks
