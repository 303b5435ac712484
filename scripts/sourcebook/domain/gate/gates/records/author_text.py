"""Gate ``author-text``: what the author wrote beside checked quotes states no figure or date
that what it speaks of does not.

A retraction's or a narrowing's reason, a decision's reason and a source's attestation are
printed in every ledger form (pages, report, ledger.json) beside checked quotes, where a reader
takes them as checked too. Each follows the figure rule of ``ledger.provenance``: a reason is
backed by the texts and quotes of the claims it speaks of, an attestation by its source's own
text. A decision's reason takes no side its claims do not (``E-AUTHOR-TEXT-WORD``: "the real
count", "let slip", "prefers to publish"). A claim's notes are read by the ``claim-text`` gate
(the same rules, and a page's word rules).
"""

from __future__ import annotations

import hashlib

from ...context import GateContext, evidence
from ...registry import GateResult, register


def _key(ctx: GateContext) -> str | None:
    """"These claims, decisions and sources said nothing unbacked": remembered, so a repeat run
    reads no reason again (attestations live in the source records)."""
    base = ctx.ledger_key()
    if base is None:
        return None
    adj = ctx.doc_shas.get("ledger/adjudications.json") or "-"
    return hashlib.sha256(f"author-text\0{base}\0{adj}".encode()).hexdigest()[:40]


@register("author-text", 53)
def gate(ctx: GateContext) -> GateResult | None:
    key = _key(ctx)
    if key is not None and ctx.cache.clean(key):
        return None
    from ....ledger.provenance import attestation_text, author_finding, reason_texts, slanted_reasons

    found = [author_finding(t, "E-AUTHOR-TEXT-FIGURE")
             for t in reason_texts(ctx.valid_claims, ctx.adjudications, ctx.text)]
    sids = sorted({str(ev.get("source_id")) for c in ctx.valid_claims for ev in evidence(dict(c))})
    for sid in sids:
        t = attestation_text(sid, ctx.source(sid), ctx.text)
        if t is not None:
            found.append(author_finding(t, "E-AUTHOR-TEXT-FIGURE"))
    found += slanted_reasons(ctx.valid_claims, ctx.adjudications, ctx.text)
    if not found:
        if key is not None:
            ctx.cache.remember_clean(key)
        return None
    return GateResult(found, f"{len(found)} reason(s) or attestation(s) say what nothing they speak of says")
