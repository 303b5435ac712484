"""The ledger as JSON (compatibility: the ledger forms ``--json``): citable claims by ordinal, then inferred ones."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from . import ledger_model as lm


def document(claims: Sequence[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None,
             withdrawn: bool = True) -> dict:
    """``ledger`` keeps meaning the active claims (scripts compose pages from it); superseded
    claims are listed under ``history`` and retracted ones under ``withdrawn``, unnumbered."""
    doc = {"schema_version": 1, "ledger": lm.entries(claims, sources, plan)}
    doc.update(lm.history_parts(claims, sources, plan, withdrawn))
    return doc


def render(claims: Sequence[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None) -> str:
    return json.dumps(document(claims, sources, plan), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
