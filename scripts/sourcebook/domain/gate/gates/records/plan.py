"""Gate ``plan``: the plan places only live claims, and hides no contested one."""

from __future__ import annotations

from .....base.errors import Finding
from ...context import GateContext, cid, is_active, safe
from ...registry import GateResult, register


def plan_sections(plan: dict | None) -> list[dict]:
    secs = plan.get("sections") if plan else None
    return [s for s in secs if isinstance(s, dict)] if isinstance(secs, list) else []


def placed_ids(plan: dict | None) -> list[str]:
    """Claim ids in plan order (first appearance), strings only."""
    out: list[str] = []
    seen: set[str] = set()
    for s in plan_sections(plan):
        ids = s.get("claim_ids")
        for x in ids if isinstance(ids, list) else []:
            if isinstance(x, str) and x not in seen:
                seen.add(x)
                out.append(x)
    return out


@register("plan", 80)
def gate(ctx: GateContext) -> GateResult:
    if ctx.plan is None:
        return GateResult([], "no plan.json yet")
    f: list[Finding] = []
    placed = placed_ids(ctx.plan)
    for x in placed:
        c = ctx.claims_by_id.get(x)
        if c is None:
            f.append(Finding("E-PLAN-ORPHAN", safe(x), "placed in plan.json but no such claim; remove it "
                                                       "from the section or add the claim"))
        elif c.get("status") == "superseded":
            # a superseded claim may still be cited in the draft, in a paragraph about what
            # changed; the plan's sections hold only what the page states as standing
            succ = c.get("superseded_by")
            f.append(Finding("E-PLAN-ORPHAN", safe(x), "placed in plan.json but superseded; place its successor "
                                                       f"{safe(succ) if isinstance(succ, str) else '(an active claim)'}"
                                                       " in the section instead, or, to tell what changed, cite "
                                                       f"{safe(x)} only in a history paragraph of the draft and take "
                                                       "it out of plan.json's sections"))
        elif not is_active(c):
            f.append(Finding("E-PLAN-ORPHAN", safe(x), f"placed in plan.json but {c.get('status')}; "
                                                       f"use {c.get('superseded_by') or 'an active claim'} instead"))
    where = set(placed)
    for c in ctx.active:
        if c.get("confidence") == "contested" and c.get("id") not in where:
            f.append(Finding("E-CONTESTED-HIDDEN", cid(c), "a contested claim is in no plan section; "
                                                           "place it beside the claim it disputes"))
    return GateResult(f, f"{len(placed)} claim(s) placed in {len(plan_sections(ctx.plan))} sections")
