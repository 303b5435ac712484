"""Gate ``review``: a plan that requires a person's review ships only what a person marked ok.

With ``"review": "required"`` in ``plan.json`` (``sb plan --review required``), every sentence
``sb review`` shows of the shipped pages and ``build/report.md`` needs a current ``ok`` mark in
``ledger/review.json``: one whose digest still matches the sentence and the claims it cites.
A sentence never marked, marked ``fix``, or whose mark a later edit voided is one
``E-REVIEW-REQUIRED`` each, named by its id with the command that marks it; so is a claim those
sentences cite whose newest mark is a current ``fix``. Without the requirement the gate has no
row (a page's footer still says whether a person reviewed it).
"""

from __future__ import annotations

from .....base.errors import Finding, SbError
from ...context import GateContext, safe
from ...registry import GateResult, register


def required(plan: dict | None) -> bool:
    return isinstance(plan, dict) and plan.get("review") == "required"


@register("review", 97)
def gate(ctx: GateContext) -> GateResult | None:
    if not required(ctx.plan) or ctx.in_memory:
        return None  # a draft's pre-flight is judged before any person could have read it
    from ....review.status import unreviewed

    try:
        total, missing = unreviewed(ctx.ws)
    except SbError as exc:
        return GateResult([Finding(exc.code, exc.subject, exc.message)], "the review record does not read")
    if total == 0:
        return GateResult([], "plan requires a review; no shipped sentence yet")
    found = [Finding("E-REVIEW-REQUIRED", m.subject,
                     f"{m.page}: \"{safe(m.text, 90)}\": {m.why}; the plan requires a person's review: read it "
                     f"in `sb review`, then `sb review --ok {m.subject} --note \"what you checked\"`"
                     + (" (or narrow the claim)" if not m.subject.startswith("s-") else " (or change the sentence)"))
             for m in missing]
    ok = total - sum(1 for m in missing if m.subject.startswith("s-"))  # each id once
    return GateResult(found, f"{ok} of {total} shipped sentence(s) marked ok by a person (the plan requires all)")
