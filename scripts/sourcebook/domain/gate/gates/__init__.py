"""The verify gates: a registry of small functions, one family per module (compatibility: sb verify).

Rooms: ``records`` (gates over the workspace's sources and claims) and ``pages`` (gates over what
ships).

Each gate is ``fn(ctx: GateContext) -> GateResult | None`` registered with its name and its
place in the report; ``None`` means the gate has no row in this run (for example no lint row
when the artifact is missing). ``run_gates`` runs them in order over one shared context, so the
workspace is read once however many gates look at it.
"""

from __future__ import annotations

import importlib

from ..registry import _GATES, Gate, GateResult, register

__all__ = ["FAMILIES", "Gate", "GateResult", "gates", "register"]

# One module per family, in two rooms: ``records`` judge the workspace's sources and claims,
# ``pages`` judge what ships (pages, report, podcast, derived files). Imported on first use so
# `import gates` stays cheap.
FAMILIES = ("records.schemas", "records.normalizer", "records.quotes", "records.confidence", "records.tiers",
            "records.volatility", "records.clusters", "records.plan", "pages.html", "pages.surface", "pages.prose",
            "pages.derived", "records.recheck", "pages.licenses", "pages.lint", "pages.podcast",
            "records.claim_text", "records.arithmetic", "records.titles", "records.author_text", "records.source_records",
            "pages.report", "pages.review")


def gates() -> list[Gate]:
    for fam in FAMILIES:
        importlib.import_module(f"{__name__}.{fam}")
    return sorted(_GATES.values(), key=lambda g: (g.order, g.name))
