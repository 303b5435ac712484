"""Gate ``claim-text``: every active claim says no more than its evidence.

The rules live in ``ledger.provenance`` (shared with ``sb claim add`` and ``sb claim narrow``,
which store the claim and warn): figures and dates in a claim's text occur in its quotes, no
ambiguous numeric date, an inferred claim states no figure or quotation, the parts of a quote
stay in one paragraph, ``as_of`` is no later than its sources. Those refuse. Negation, hedge and
cut flags are listed for review and never fail the run; an ack (``sb claim ack``) that answers
a flag silences it.

A claim with no flag at all is remembered in the verify cache, keyed by the claim's record and
the hash and whole record of each source it cites, so a repeat run reads only what changed;
``sb claim add`` and ``sb claim import`` record the claims they checked under the same key
(``ledger.clean_fact``), so the first verify after them does too.
"""

from __future__ import annotations

from .....base.errors import Finding
from ....ledger.clean_fact import claim_fact
from ...context import GateContext, cid
from ...registry import GateResult, register


def _fact(ctx: GateContext, c: dict) -> str | None:
    """The cache key of "this very claim, over these very sources, raised no flag"."""
    if not ctx.cache.enabled:
        return None
    return claim_fact(c, ctx.text_sha, ctx.source, lambda: sorted(ctx.sources.items()), ctx.record_told)


def _whole(ctx: GateContext) -> str | None:
    """The cache key of "this whole ledger, over these sources, raised nothing": one lookup for
    the common repeat run instead of one per claim."""
    # every record whole: the rules read a source's title, publisher, tier and dates as well
    return None if ctx.claim_schema else ctx.ledger_key()


@register("claim-text", 45)
def gate(ctx: GateContext) -> GateResult:
    whole = _whole(ctx)
    note = ctx.cache.page_fact("claim-text", whole) if whole else None
    if isinstance(note, str):
        return GateResult([], note)
    # the rules, loaded only when a claim is judged (a repeat run over the same ledger judges none)
    from ....ledger.provenance import ERROR, REFUSED, WARNING, check_claim, silenced

    found: list[Finding] = []
    review: list[Finding] = []

    def sources() -> list[str]:
        return sorted(s for s, rec in ctx.sources.items() if rec is not None)

    clean = answered = 0
    for c in ctx.active:
        fact = _fact(ctx, c)
        if fact is not None and ctx.cache.clean(fact):
            clean += 1
            continue
        flags = check_claim(c, ctx.text, ctx.source, sources)
        if not flags and fact is not None:
            ctx.cache.remember_clean(fact)
        done = silenced(c)
        subject = cid(c)
        refused = [f for f in flags if f.rule in REFUSED]
        found += [Finding(ERROR[f.rule], subject, f.message) for f in refused]
        for f in flags:
            if f.rule in REFUSED:
                continue
            if f.key in done:
                answered += 1
            else:
                review.append(Finding(WARNING[f.rule], subject, f"{f.message}; once looked at: "
                                                                f"sb claim ack {subject} --reason \"...\""))
        clean += not refused
    note = f"{clean} claim(s) say no more than their evidence"
    if review or answered:
        note += f"; {len(review)} flag(s) for review, {answered} answered by an ack"
    if whole and not found and not review:
        ctx.cache.remember_page_fact("claim-text", whole, note)
    return GateResult(found, note, review=review)
