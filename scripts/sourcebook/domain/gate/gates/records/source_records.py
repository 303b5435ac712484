"""Gate ``source-records``: what a cited source's record says of it stands against its own text
and the other records (``domain.sources.stated``).

A title set by hand gives the document to no other source's publisher the text does not name
(``E-SOURCE-TITLE-PUBLISHER``); a publication date the author set is no later than the
dateline at the top of the text (``E-SOURCE-PUBLISHED-LATE``); a url is not another source's
address (``E-SOURCE-URL-TAKEN``). No row when every record stands.
"""

from __future__ import annotations

import hashlib

from .....base.errors import Finding
from ...context import GateContext, evidence
from ...registry import GateResult, register

_FIELDS = ("title", "title_from", "publisher", "author", "byline", "published", "published_at", "published_from",
           "url", "canonical_url", "same_as", "kind", "locator")


def _key(ctx: GateContext) -> str | None:
    base = ctx.ledger_key(*_FIELDS)
    return None if base is None else hashlib.sha256(f"source-records\0{base}".encode()).hexdigest()[:40]


@register("source-records", 54)
def gate(ctx: GateContext) -> GateResult | None:
    from ....sources.stated import address_taken, published_after_dateline, title_given_to

    cited = sorted({str(ev.get("source_id")) for c in ctx.valid_claims for ev in evidence(dict(c))
                    if ctx.source(ev.get("source_id"))})
    if not cited:
        return None
    key = _key(ctx)
    if key is not None and ctx.cache.clean(key):
        return None
    records = {sid: rec for sid, rec in ctx.sources.items() if isinstance(rec, dict)}
    claims = [dict(c) for c in ctx.active]
    found: list[Finding] = []
    for sid in cited:
        rec = ctx.source(sid) or {}
        text = ctx.text(sid)
        whose = title_given_to(rec, text, records)
        if whose:
            found.append(Finding("E-SOURCE-TITLE-PUBLISHER", sid, f"its title {str(rec.get('title'))[:80]!r} gives the "
                                 f"document to {whose!r}, another source's publisher, which neither this source's "
                                 "record nor the top of its text names; the ledger would show it as that publisher's "
                                 f"own: sb source set {sid} title=\"...\" with the title its text states"))
        late = published_after_dateline(rec, text)
        if late:
            found.append(Finding("E-SOURCE-PUBLISHED-LATE", sid, f"its recorded publication date {late[0]} is later "
                                 f"than the dateline at the top of its text ({late[1]}); the document would look "
                                 f"newer than it says: sb source set {sid} published={late[1]}"))
        taken = address_taken(sid, records, claims)
        if taken:
            found.append(Finding("E-SOURCE-URL-TAKEN", sid, f"its url {taken[0]} is the address of {taken[1]}, a "
                                 "source with another text: a reader sent there reads that page, not this one; give "
                                 f"its own address (sb source set {sid} url=...), or none (url=), or link a copy of "
                                 "the same page with same_as"))
    if not found:
        if key is not None:
            ctx.cache.remember_clean(key)
        return None
    return GateResult(found, f"{len(found)} of {len(cited)} cited source record(s) say what their texts or the "
                             "other records do not")
