"""Gate ``recheck``: a quote that a re-read found gone is dealt with before anything ships.

Shown only when some source has a re-check trail (``sources/<id>/rechecks.jsonl``); the rule
itself belongs to ``domain.recheck`` (narrowed, superseded, retracted or acknowledged since the
latest re-check clears it).
"""

from __future__ import annotations

import os

from ...context import GateContext
from ...registry import GateResult, register


@register("recheck", 35)
def gate(ctx: GateContext) -> GateResult | None:
    trails = [sid for sid in ctx.sources if os.path.isfile(ctx.ws.rechecks_path(sid))]
    if not trails:
        return None
    from ....ledger.claims import read_events
    from ....recheck.reread import gate_findings

    f = gate_findings(ctx.ws, ctx.valid_claims, read_events(ctx.ws))
    return GateResult(f, f"{len(trails)} source(s) re-checked, no cited quote left unresolved")
