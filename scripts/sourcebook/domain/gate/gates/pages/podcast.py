"""Gate ``podcast``: the script exists, validates, every factual line cites live claims, and
every figure is backed by the claims its line cites, via ``domain.podcast``. A row only with
``--podcast`` or when the plan's type is podcast.

The figure check is remembered by a key over the script's and the TTS plan's bytes and the ledger
over every source's text and whole record (``GateContext.world_key``), so a
repeat run of an unchanged script and ledger does not read its figures again.
"""

from __future__ import annotations

import hashlib

from ...context import GateContext
from ...registry import GateResult, register


def _figures_key(ctx: GateContext) -> str | None:
    claims = ctx.world_key()  # the ledger over every source's text and whole record, and the decisions
    if claims is None:
        return None
    try:
        with open(ctx.ws.build_path("podcast.script.json"), "rb") as fh:
            script = hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None
    try:  # the TTS plan's voice hints are read too
        with open(ctx.ws.build_path("podcast.ttsplan.json"), "rb") as fh:
            plan = hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        plan = ""
    return hashlib.sha256(f"podcast-figures\0{script}\0{claims}\0{plan}".encode()).hexdigest()[:40]


@register("podcast", 120)
def gate(ctx: GateContext) -> GateResult | None:
    if not ctx.podcast_expected:
        return None
    from ....artifacts.podcast import FIGURE_CODES, check_podcast

    key = _figures_key(ctx)
    known = key is not None and ctx.cache.clean(key)
    findings, note = check_podcast(ctx.ws, figures=not known)
    # the figure checks give uncited and inference findings too (a banter line stating a fact):
    # the script is remembered clean only when nothing at all was refused
    if key and not known and not any(f.code in FIGURE_CODES or f.code.startswith("E-") for f in findings):
        ctx.cache.remember_clean(key)
    return GateResult(findings, note)
