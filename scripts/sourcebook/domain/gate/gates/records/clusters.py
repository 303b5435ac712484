"""Gate ``clusters``: every disagreement is adjudicated, and every decision is carried out.

Detection, the cross-checks of a decision (its cluster id is its topic's, a supersede or
retract names a winner from the cluster, every named claim exists) and the unapplied effects
all come from the ledger's own modules, run over the claims and decisions that match their
schemas (a malformed file is reported by the schemas gate). The clusters found over the very
bytes of the claims and decisions files are remembered in the verify cache.
"""

from __future__ import annotations

import hashlib

from .....base.errors import Finding
from ....ledger.adjudications import cross_check, tier_unexplained, unapplied
from ....ledger.contradictions import detect, open_findings
from ...context import GateContext
from ...registry import GateResult, register


@register("clusters", 70)
def gate(ctx: GateContext) -> GateResult:
    claims, adjs = ctx.valid_claims, ctx.adjudications
    by_id = {c["id"]: c for c in claims}
    f: list[Finding] = []
    for a in adjs:
        checked = cross_check(a, by_id)
        f += checked or tier_unexplained(a, by_id, ctx.source)
    clusters = _detect(ctx, claims, adjs)
    f += open_findings(clusters)
    if adjs:  # nothing can be owed without a decision
        f += unapplied(claims, adjs)
    # decisions outlive their clusters (a supersede leaves one side standing): counted apart
    return GateResult(f, f"{len(clusters)} open or decided cluster(s); {len(adjs)} decision(s) on record")


def clusters_key(shas: dict[str, str]) -> str:
    """The cache key of the clusters found over the claims and decisions files with these digests."""
    body = f"{shas['ledger/claims.json']}:{shas.get('ledger/adjudications.json', '-')}"
    return hashlib.sha256(body.encode()).hexdigest()[:40]


def _detect(ctx: GateContext, claims: list, adjs: list) -> list[dict]:
    shas = ctx.doc_shas
    key = None
    if ctx.cache.enabled and "ledger/claims.json" in shas:
        key = clusters_key(shas)
        known = ctx.cache.page_fact("clusters", key)
        if isinstance(known, list) and all(isinstance(c, dict) for c in known):
            return known
    found = detect(claims, adjs)
    if key is not None:
        ctx.cache.remember_page_fact("clusters", key, found)
    return found
