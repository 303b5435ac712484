"""Gate ``clusters``: every disagreement is adjudicated, and every decision is carried out.

Also cross-checks the adjudications file itself, since it can be edited by hand: the cluster id
must be the one of its topic, a supersede or retract names a winner, and the winner is one of
the claims it decides between.
"""

from __future__ import annotations

from ...base.errors import Finding, SbError
from ...base.ids import cluster_id
from . import GateResult, register
from .context import GateContext, safe


def _clusters(ctx: GateContext) -> list[dict]:
    try:
        from ..contradictions import clusters_for
    except ImportError:  # TEMP until the ledger lands
        return []
    return [c for c in clusters_for(ctx.ws) if isinstance(c, dict)]


def adjudication_findings(ctx: GateContext) -> list[Finding]:
    f: list[Finding] = []
    for a in ctx.adjudications:
        cls, topic, outcome = a.get("cluster_id"), a.get("topic_key"), a.get("outcome")
        subject = safe(cls if isinstance(cls, str) else "(no cluster_id)")
        if isinstance(topic, str) and isinstance(cls, str) and cls != cluster_id(topic):
            f.append(Finding("E-ADJ-TOPIC", subject, f"the cluster id is not the one of topic {safe(topic)!r} "
                                                     f"({cluster_id(topic)}); copy it from `sb contradictions`"))
        winner = a.get("winner")
        if outcome in ("supersede", "retract") and not winner:
            f.append(Finding("E-ADJ-NOWINNER", subject, f"{outcome} names no winner; say which claim stands"))
        elif outcome in ("supersede", "retract"):
            members = a.get("claim_ids") if isinstance(a.get("claim_ids"), list) else []
            if winner not in members:
                f.append(Finding("E-ADJ-WINNER", subject, f"the winner {safe(winner)} is not one of the claims "
                                                          "decided; pick one of claim_ids"))
    return f


def unapplied_findings(ctx: GateContext) -> list[Finding]:
    try:
        from ..claims import pending_effects  # the ledger's own view of what applying would change
    except ImportError:  # TEMP until the ledger lands
        return []

    return [Finding("E-ADJ-UNAPPLIED", safe(x), f"an adjudication still owes this claim: {effect}; "
                                                "run `sb adjudicate --apply`")
            for x, effect in pending_effects(ctx.claims, ctx.adjudications)]


@register("clusters", 70)
def gate(ctx: GateContext) -> GateResult:
    f = adjudication_findings(ctx)
    try:
        clusters = _clusters(ctx)
    except SbError as exc:
        return GateResult(f + [Finding(exc.code, exc.subject, exc.message)], "")
    for c in clusters:
        if c.get("status") == "OPEN":
            late = c.get("unadjudicated_claim_ids") or []
            extra = f"; new since the adjudication: {', '.join(map(safe, late))}" if late else ""
            ids = ", ".join(safe(x) for x in c.get("claim_ids") or [])
            f.append(Finding("E-CLUSTER-OPEN", safe(c.get("cluster_id")),
                             f"{safe(c.get('topic_key'))}: {ids} disagree and no adjudication settles it{extra}; "
                             "see `sb contradictions`, then `sb adjudicate`"))
    f += unapplied_findings(ctx)
    return GateResult(f, f"{len(clusters)} cluster(s), {len(ctx.adjudications)} adjudicated")
