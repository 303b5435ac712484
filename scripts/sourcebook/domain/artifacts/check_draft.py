"""``sb check-draft``: a Markdown draft's ``[n]`` citations against the ledger.

Unknown numbers and a Sources block that disagrees with the ledger fail; ``--min-coverage``
fails a draft whose prose declares too little provenance; ``--evidence`` fails a draft citing a
source that no verified quote supports; ``--strict`` makes warnings fail too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...base.errors import Finding, SbError
from ...engines.render import draft_check
from ...engines.render.mdtext import source_name
from ...engines.text.citation import holds
from ..ledger.ledger_view import LedgerView, ledger_view
from ..sources.store import read_normalized
from ..workspace.layout import Workspace
from .report import assign_numbers, block_for, load_numbers


@dataclass
class DraftReport:
    findings: list[Finding]
    stats: str


def _entry_matches(text: str, src: Mapping | None, sid: str) -> bool:
    if src is None:
        return False
    wanted = [str(src.get("canonical_locator") or ""), str(src.get("locator") or ""), str(src.get("title") or ""), sid]
    return any(w and w in text for w in wanted) or (source_name(src, sid) in text)


def verified_sources(ws: Workspace, view: LedgerView) -> set[str]:
    """Sources with at least one byte-exact quote behind an active claim."""
    texts: dict[str, str | None] = {}
    out = set()
    for c in view.claims:
        if c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            sid = str(ev.get("source_id"))
            if sid not in texts:
                texts[sid] = read_normalized(ws, sid) if sid in view.sources else None
            text = texts[sid]
            if text is not None and holds(text, ev):
                out.add(sid)
    return out


def check(ws: Workspace, text: str, where: str, *, min_coverage: float | None, evidence: bool) -> DraftReport:
    d = draft_check.read(text)
    view = ledger_view(ws)
    nums = load_numbers(ws)
    by_num = {n: sid for sid, n in nums.items()}
    f: list[Finding] = []
    for n, line in sorted(d.cited.items()):
        if n not in by_num:
            f.append(Finding("E-CITE-UNKNOWN", f"{where}:{line}", f"[{n}] is not a source number of this workspace; "
                                                                  "use the numbers `sb render report` or "
                                                                  "`sb check-draft --only` printed"))
    if d.sources_line is None and d.cited:
        f.append(Finding("W-SOURCES-MISSING", where, "the draft cites sources but has no Sources block; add one with "
                                                     "`sb check-draft --only <numbers>`"))
    for n, (line, entry) in sorted(d.entries.items()):
        sid = by_num.get(n)
        if sid is None or not _entry_matches(entry, view.source(sid), sid):
            want = source_name(view.source(sid), sid) if sid else "no source"
            f.append(Finding("E-SOURCES-MISMATCH", f"{where}:{line}", f"[{n}] in the Sources block does not match the "
                                                                      f"ledger ({want}); regenerate the block"))
    if d.sources_line is not None:
        for n, line in sorted(d.cited.items()):
            if n in by_num and n not in d.entries:
                f.append(Finding("E-SOURCES-MISMATCH", f"{where}:{line}", f"[{n}] is cited but missing from the "
                                                                          "Sources block; regenerate the block"))
        for n, (line, _) in sorted(d.entries.items()):
            if n not in d.cited and n in by_num:
                f.append(Finding("W-SOURCE-UNCITED", f"{where}:{line}", f"[{n}] is listed but never cited; a claim "
                                                                        "probably lost its citation while editing"))
    for line in d.crowded:
        f.append(Finding("W-CITE-CROWDED", f"{where}:{line}", "a sentence cites more than three sources; cite the "
                                                              "key ones per sentence"))
    if evidence:
        ok = verified_sources(ws, view)
        for n, line in sorted(d.cited.items()):
            sid = by_num.get(n)
            if sid is not None and sid not in ok:
                f.append(Finding("E-EVIDENCE-MISSING", f"{where}:{line}", f"[{n}] ({sid}) has no verified quote behind "
                                                                          "an active claim; pin a quote with `sb find` "
                                                                          "and `sb claim add`"))
    cov = d.coverage
    with_prov = sum(1 for p in d.prose if p.numbers or p.unverified)
    unverified = sum(1 for p in d.prose if p.unverified)
    stats = (f"info: stats: {len(d.prose)} prose line(s), {with_prov} with provenance "
             f"({unverified} [unverified]), coverage {cov:.2f}")
    if min_coverage is not None and cov + 1e-9 < min_coverage:
        f.append(Finding("E-COVERAGE", where, f"coverage {cov:.2f} is below {min_coverage:.2f}; cite sources or mark "
                                              "what you wrote from your own knowledge [unverified]"))
    return DraftReport(f, stats)


def only_block(ws: Workspace, wanted: list[str], style: str) -> str:
    """A Sources block for these source ids or numbers (new source ids get numbers)."""
    view = ledger_view(ws)
    with ws.lock():
        nums = load_numbers(ws)
        by_num = {n: sid for sid, n in nums.items()}
        sids = []
        for w in wanted:
            sid = by_num.get(int(w)) if w.isdigit() else w
            if sid is None or sid not in view.sources:
                raise SbError("E-CITE-UNKNOWN", w, "not a source number or source id of this workspace")
            if sid not in sids:
                sids.append(sid)
        nums = assign_numbers(ws, sids)
    return block_for(ws, view, sids, nums, style)
