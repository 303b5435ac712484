"""Gate ``arithmetic``: every active derived claim states what its inputs give.

The computation lives in ``engines.ledger.arithmetic`` (shared with ``sb claim add``, which
refuses the same claim before storing it). It is run again here because a derived claim stands
on other claims: an input retracted, superseded or re-worded after the derived claim was stored
fails it now, as does a hand-edited claims file.
"""

from __future__ import annotations

from .....base.errors import Finding
from .....engines.ledger import arithmetic
from ...context import GateContext, cid
from ...registry import GateResult, register


@register("arithmetic", 46)
def gate(ctx: GateContext) -> GateResult | None:
    derived = [c for c in ctx.active if arithmetic.is_derived(c)]
    if not derived:
        return None
    found: list[Finding] = []
    for c in derived:
        _, problems = arithmetic.derive(c, ctx.claims_by_id)
        found += [Finding(code, cid(c), msg) for code, msg in problems]
    ok = len(derived) - len({f.subject for f in found})
    return GateResult(found, f"{ok}/{len(derived)} derived figure(s) computed from their inputs")
