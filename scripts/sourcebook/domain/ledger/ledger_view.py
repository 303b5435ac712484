"""Everything an artifact needs from the workspace's ledger, read once: claims, sources, plan,
ordinals and the quotes the render budget shows. The numbers come from ``ledger_model`` so a
page, its ledger and the gate agree on what entry 3 is."""

from __future__ import annotations

from ...base.record import field, record
from ...engines.ledger.ledger_model import ledger_order, shown_spans
from ..sources.store import all_sources, for_display
from ..workspace.layout import Workspace
from ..workspace.records import Claim, SourceRecord
from .claims import load_claims
from .plan import load_plan


@record
class LedgerView:
    claims: list[Claim]
    by_id: dict[str, Claim]
    sources: dict[str, SourceRecord]
    plan: dict | None
    ordinals: dict[str, int]
    cited: list = field(default_factory=list)  # citable claims in ordinal order
    inferred: list = field(default_factory=list)  # active inferred claims by id
    shown: set = field(default_factory=set)  # spans whose quote the budget prints

    def source(self, sid: str) -> SourceRecord | None:
        return self.sources.get(sid)


def ledger_view(ws: Workspace) -> LedgerView:
    from .adjudications import with_reasons

    claims = with_reasons(ws, load_claims(ws))  # set-aside claims carry the reason History shows
    plan = load_plan(ws)  # a plan.json that cannot be read is an error, not a silent renumbering
    return view_of(claims, for_display(ws, {s["id"]: s for s in all_sources(ws)}), plan)


def view_of(claims: list[Claim], sources: dict[str, SourceRecord], plan: dict | None) -> LedgerView:
    """The view of claims, sources and a plan already read (the gate and a package have them)."""
    cited, inferred, nums = ledger_order(claims, plan)
    return LedgerView(claims=claims, by_id={c["id"]: c for c in claims}, sources=sources, plan=plan,
                      ordinals=nums, cited=cited, inferred=inferred, shown=shown_spans(cited, sources))
