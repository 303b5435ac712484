"""Gate ``podcast``: the script exists, validates, and every factual line cites live claims,
via ``domain.podcast``. A row only with ``--podcast`` or when the plan's type is podcast."""

from __future__ import annotations

from .context import GateContext
from .registry import GateResult, register


@register("podcast", 120)
def gate(ctx: GateContext) -> GateResult | None:
    if not ctx.podcast_expected:
        return None
    from ...artifacts.podcast import check_podcast

    findings, note = check_podcast(ctx.ws)
    return GateResult(findings, note)
