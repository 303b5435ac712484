"""Gate ``claim-text``: every active claim says no more than its evidence.

The rules live in ``ledger.provenance`` (shared with ``sb claim add`` and ``sb claim narrow``,
which store the claim and warn): figures and dates in a claim's text occur in its quotes, no
ambiguous numeric date, an inferred claim states no figure or quotation, the parts of a quote
stay in one paragraph, ``as_of`` is no later than its sources. Those refuse. Negation, hedge and
cut flags are listed for review and never fail the run; an ack (``sb claim ack``) that answers
a flag silences it.

A claim with no flag at all is remembered in the verify cache, keyed by the claim's record and
the hash and whole record of each source it cites, so a repeat run reads only what changed;
``sb claim add`` and ``sb claim import`` record the claims they checked under the same key, so
the first verify after them does too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .....base.errors import Finding
from ....ledger.provenance import ERROR, REFUSED, WARNING, check_claim, silenced
from ...context import GateContext, cid, evidence
from ...registry import GateResult, register

_ADDRESS = ("url", "canonical_locator", "locator", "fetch", "same_as")  # what the recheck-host rule reads
_NAMED = ("title", "published_at", "published")  # what names a source by its date ("the 2018 draft")


def _fact(ctx: GateContext, c: dict) -> str | None:
    """The cache key of "this very claim, over these very sources, raised no flag"."""
    if not ctx.cache.enabled:
        return None
    return claim_fact(c, ctx.text_sha, ctx.source, lambda: sorted(ctx.sources.items()))


def claim_fact(c: Mapping, text_sha: Callable[[str], str | None], source: Callable[[Any], Mapping | None],
               every: Callable[[], Iterable[tuple[str, Mapping | None]]]) -> str | None:
    """The key of "this claim raised no flag" over the sources it cites: the claim's record, and
    for each source its text's SHA-256 and the record fields the rules read. ``every``: each
    source id and record (an inferred claim may name any source). ``sb claim add`` records the
    claims it checked under the same key, so verify after it reads only what changed since."""
    parts = [repr(sorted(c.items()))]  # parsed JSON: repr is exact
    for sid in sorted({str(e.get("source_id")) for e in evidence(dict(c))}):
        sha = text_sha(sid)
        if sha is None:
            return None
        rec = source(sid) or {}
        twin = source(rec.get("same_as")) or {} if isinstance(rec.get("same_as"), str) else {}
        # the whole records (parsed JSON: repr is exact): the rules read a source's title,
        # publisher, tier, dates and addresses, and a title set since may back a name or not
        parts.append(f"{sid}:{sha}:{sorted(rec.items())!r}:{sorted(twin.items())!r}")
    if c.get("confidence") == "inferred":  # it may name any source ("the 2018 draft"): their dates and titles
        parts += [f"{sid}:{text_sha(sid)}:{[(rec or {}).get(k) for k in _NAMED]}" for sid, rec in every()]
    body = "\0".join(parts).encode("utf-8", "surrogatepass")
    return "claim-text:" + hashlib.sha256(body).hexdigest()[:32]


def _whole(ctx: GateContext) -> str | None:
    """The cache key of "this whole ledger, over these sources, raised nothing": one lookup for
    the common repeat run instead of one per claim."""
    return None if ctx.claim_schema else ctx.ledger_key("published_at", "retrieved_at", *_ADDRESS, *_NAMED)


@register("claim-text", 45)
def gate(ctx: GateContext) -> GateResult:
    whole = _whole(ctx)
    note = ctx.cache.page_fact("claim-text", whole) if whole else None
    if isinstance(note, str):
        return GateResult([], note)
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
