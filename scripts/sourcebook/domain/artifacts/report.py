"""``sb render report``: the Markdown report with numbered source citations and its Sources block.

Numbers live in ``ledger/report_numbers.json``: a source gets the next number the first time
a report or ``sb check-draft --only`` cites it, and keeps it, so a draft's ``[4]`` always
means the same source.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.ids import is_claim_id, is_src_id
from ...base.versions import SCHEMA
from ...engines.render import ledger_model as lm
from ...engines.render.draft import ANY_REF, ref_ids
from ...engines.render.report import cited_order, claim_sources, cut_sources, render_prose, sources_block
from ..ledger.ledger_view import LedgerView, ledger_view
from ..workspace.layout import Workspace
from .render import read_draft

NUMBERS = "ledger/report_numbers.json"


@dataclass
class ReportResult:
    path: str
    count: int
    notes: list[str]


def load_numbers(ws: Workspace) -> dict[str, int]:
    if not os.path.isfile(ws.report_numbers_path):
        return {}
    data = jsonio.read_json(ws.report_numbers_path, NUMBERS)
    nums = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(nums, dict) or not all(is_src_id(k) and isinstance(v, int) for k, v in nums.items()):
        raise SbError("E-JSON", f"{NUMBERS}/sources", "expected {\"src_...\": number}; restore the file")
    return dict(nums)


def assign_numbers(ws: Workspace, order: list[str]) -> dict[str, int]:
    """Numbers for these sources, new ones appended after the highest; saved (caller holds the lock)."""
    nums = load_numbers(ws)
    nxt = max(nums.values(), default=0) + 1
    changed = False
    for sid in order:
        if sid not in nums:
            nums[sid], nxt, changed = nxt, nxt + 1, True
    if changed:
        jsonio.write_json(ws.report_numbers_path, {"schema_version": SCHEMA, "sources": dict(sorted(nums.items()))})
    return nums


def reference_problems(text: str, view: LedgerView, where: str) -> list[Finding]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in ANY_REF.finditer(line):
            for rid in ref_ids(m.group(1) + m.group(2)):
                at = f"{where}:{n}"
                if is_src_id(rid):
                    if rid not in view.sources:
                        out.append(Finding("E-DRAFT-CLAIM", at, f"{rid} is not a source of this workspace"))
                elif not is_claim_id(rid):
                    out.append(Finding("E-DRAFT-CLAIM", at, f"[@{rid}] is neither a claim nor a source id"))
                elif rid not in view.by_id:
                    out.append(Finding("E-DRAFT-CLAIM", at, f"{rid} is not in the ledger; see `sb claim list`"))
                elif not lm.is_active(view.by_id[rid]) or view.by_id[rid].get("confidence") == "unsupported":
                    c = view.by_id[rid]
                    state = c.get("status") if not lm.is_active(c) else "unsupported"
                    out.append(Finding("E-DRAFT-CLAIM", at, f"{rid} is {state}; cite the claim that stands"))
    return out


def quotes_by_source(view: LedgerView, claim_ids: list[str]) -> dict[str, list[dict]]:
    """What the ledger shows of each quote the cited claims rest on (the whole quote, or an
    excerpt of one over the budget), with its page and link, by source; each span once."""
    out: dict[str, list[dict]] = {}
    seen: set[tuple] = set()
    for cid in claim_ids:
        c = view.by_id.get(cid)
        if not c or not lm.is_citable(c):
            continue
        for ev in c.get("evidence") or []:
            key = lm.span_key(ev)
            if key in seen:
                continue
            seen.add(key)
            sid = str(ev.get("source_id"))
            out.setdefault(sid, []).append(lm.evidence_display(ev, view.source(sid), key in view.shown))
    return out


def block_for(ws: Workspace, view: LedgerView, sids: list[str], nums: dict[str, int], style: str,
              claim_ids: list[str] | None = None) -> str:
    entries = sorted(((nums[s], s, view.source(s)) for s in sids), key=lambda e: e[0])
    ids = claim_ids if claim_ids is not None else [c["id"] for c in view.cited
                                                   if set(claim_sources(c)) & set(sids)]
    return sources_block(entries, style, quotes_by_source(view, ids))


def render_report(ws: Workspace, draft_path: str, shown: str, style: str) -> ReportResult:
    text = cut_sources(read_draft(draft_path, shown))
    view = ledger_view(ws)
    problems = reference_problems(text, view, shown)
    if problems:
        first = problems[0]
        raise SbError(first.code, first.subject, first.message + "; nothing was written", 1, findings=problems[1:])
    order = cited_order(text, view.by_id)
    notes = []
    with ws.lock():
        nums = assign_numbers(ws, order)
        prose, crowded = render_prose(text, view.by_id, nums)
        cids = [rid for m in ANY_REF.finditer(text) for rid in ref_ids(m.group(1) + m.group(2)) if is_claim_id(rid)]
        block = block_for(ws, view, order, nums, style, cids) if order else ""
        out = ws.build_path("report.md")
        jsonio.atomic_write_text(out, prose + ("\n" + block if block else ""))
    for n in crowded:
        notes.append(f"W-CITE-CROWDED  {shown}:{n}  more than {3} sources in one sentence; the first three are "
                     "printed, split the sentence to cite the rest")
    return ReportResult(out, len(order), notes)
