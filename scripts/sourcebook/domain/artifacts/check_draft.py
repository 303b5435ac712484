"""``sb check-draft``: a Markdown draft's sentences and ``[n]`` citations against the ledger.

Unknown numbers and a Sources block that disagrees with the ledger fail; so does a draft in
which a sentence declares no provenance (full coverage is the default; a lower
``--min-coverage`` must be asked for), and a figure or date a sentence's citations do not back
(``engines.render.draft_provenance``). ``--evidence`` fails a draft citing a source that no
verified quote supports; ``--strict`` makes warnings fail too. The report gate of ``sb verify``
checks ``build/report.md`` with the same ``assess`` (``draft_ledger`` builds what it reads).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...base.errors import Finding, SbError
from ...base.record import TupleRecord
from ...engines.render import draft_check
from ...engines.render.draft_editions import same_document_findings
from ...engines.render.draft_provenance import Assessment, DraftLedger, assess, uncited_findings
from ...engines.render.mdtext import source_name
from ...engines.render.report import cut_sources
from ...engines.text.citation import holds
from ..ledger.ledger_view import LedgerView, ledger_view
from ..sources.store import read_normalized, text_heads
from ..workspace.layout import Workspace
from .report import assign_numbers, block_for, load_numbers, reference_problems, sources_not_last

UNCITED_ADVICE = ("declares no provenance; cite it [n], mark the author's inference [inference] or what you "
                  "wrote from your own knowledge [unverified], or tag it [framing]")

# a sentence of build/report.md that declares nothing (the report gate's E-REPORT-UNCITED)
REPORT_UNCITED_ADVICE = ("is neither cited, the author's inference nor framing; cite the claim that says it "
                         "[@clm_...], add the inference to the ledger and cite it, or tag your own words "
                         "[framing]; then `sb render report` again")


class DraftReport(TupleRecord):
    findings: list[Finding]
    stats: str
    assessment: Assessment | None = None
    threshold: float = 1.0

    def to_json(self, where: str) -> dict:
        a = self.assessment or Assessment()
        return {"file": where, "ok": not any(f.is_error for f in self.findings),
                "min_coverage": self.threshold, "stats": a.stats(),
                "sentences": [{"line": s.line, "kind": k, "text": s.text} for s, k in a.kinds],
                "uncited": [{"line": s.line, "text": s.text} for s in a.uncited],
                "findings": [f.to_json() for f in self.findings]}


def draft_ledger(by_num: dict[int, str], claims: list, sources, question: object,
                 texts: tuple[str, ...] = (), *, text_of: Callable[[str], str | None] | None = None,
                 record_of: Callable[[str], Mapping | None] | None = None) -> DraftLedger:
    """What ``assess`` checks a draft against: the numbering, the claims, the sources (and
    their texts, where a code block's data lines may come from; ``text_of`` and ``record_of``:
    a source's text and record by id, where a figure that names a cited source is read from)."""
    by_id = {c["id"]: c for c in claims if isinstance(c, dict) and isinstance(c.get("id"), str)}
    return DraftLedger(by_num, by_id, set(sources), question if isinstance(question, str) else "", texts, text_of,
                       record_of, _spoken_by(by_id, set(sources), text_of, record_of))


def _spoken_by(by_id: Mapping[str, Mapping], sources: set[str], text_of: Callable[[str], str | None] | None,
               record_of: Callable[[str], Mapping | None] | None) -> Callable[[str, str], bool] | None:
    """Whether a speaker a sentence names is the source of a claim it cites, by the source's
    record (``ledger.provenance.claims_spoken_by``); None without records."""
    if text_of is None or record_of is None:
        return None
    from ..ledger.provenance import claims_spoken_by

    found = record_of
    return claims_spoken_by(by_id, text_of, record_of,
                            lambda: {sid: rec for sid in sorted(sources) if (rec := found(sid)) is not None})


def stats_line(a: Assessment) -> str:
    with_prov = a.sentences - len(a.uncited)
    return (f"info: stats: {a.sentences} prose sentence(s), {with_prov} with provenance ({a.count('cited')} cited, "
            f"{a.count('inferred')} inferred, {a.count('unverified')} [unverified], {a.count('framing')} framing), "
            f"{len(a.uncited)} uncited, {a.refused} refused for figures, coverage {a.coverage:.2f}")


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
    f: list[Finding] = sources_not_last(text, where) + reference_problems(cut_sources(text), view, where)
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
    f += same_document_findings(d.cited, by_num, view.sources, where)
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
    a = assess(d, draft_ledger(by_num, view.claims, view.sources, ws.load_manifest().get("question"),
                               text_of=text_heads(ws), record_of=view.source), where)
    f += a.findings
    f += uncited_findings(a, where, "W-DRAFT-UNCITED-SENTENCE", UNCITED_ADVICE, "; --json lists every one")
    threshold = 1.0 if min_coverage is None else min_coverage
    if a.coverage + 1e-9 < threshold:
        default = " (full coverage is the default; a lower --min-coverage must be asked for)" if min_coverage is None else ""
        f.append(Finding("E-COVERAGE", where, f"coverage {a.coverage:.2f} is below {threshold:.2f}{default}; "
                                              f"{len(a.uncited)} sentence(s) declare no provenance: cite each [n], "
                                              "mark the author's inference [inference] or what you wrote from your "
                                              "own knowledge [unverified], or tag framing [framing]"))
    return DraftReport(f, stats_line(a), a, threshold)


def report_origin(ws: Workspace) -> str | None:
    """The draft ``build/report.md`` was rendered from (its record's ``from``), or None when
    there is no report, or no record of it."""
    import json
    import os

    from .report import DRAFT_RECORD, ReportDraft

    if not os.path.isfile(ws.build_path("report.md")):
        return None
    try:
        with open(ws.path(DRAFT_RECORD), encoding="utf-8") as fh:
            record = ReportDraft.from_json(json.load(fh))
    except (OSError, ValueError):
        return None
    return record.origin if record is not None else None


def judge_report(ws: Workspace, text: str, where: str) -> list[Finding]:
    """The findings of ``sb verify``'s report gate on the report ``sb render report --from
    where`` would write from ``text`` now: what the renderer refuses, then each sentence of the
    draft judged by the claims it cites, as the gate judges a report from its draft record
    (``gates.pages.report``); nothing is written."""
    from ...engines.render.report import cut_sources
    from .report import markup_problems, source_citations

    body = cut_sources(text)
    view = ledger_view(ws)
    problems = sources_not_last(text, where) + markup_problems(body, where) + reference_problems(body, view, where)
    problems += [] if problems else source_citations(body, where)
    if problems:
        return problems
    by_num = {n: sid for sid, n in load_numbers(ws).items()}
    texts = tuple(t for sid in sorted(view.sources) if (t := read_normalized(ws, sid)))
    a = assess(draft_check.read(body), draft_ledger(by_num, view.claims, view.sources,
                                                    ws.load_manifest().get("question"), texts,
                                                    text_of=text_heads(ws), record_of=view.source), where,
               unverified_ok=False, history=True)
    return a.findings + uncited_findings(a, where, "E-REPORT-UNCITED", REPORT_UNCITED_ADVICE)


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
