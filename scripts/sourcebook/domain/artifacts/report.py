"""``sb render report``: the Markdown report with numbered source citations and its Sources block.

Numbers live in ``ledger/report_numbers.json``: a source gets the next number the first time
a report or ``sb check-draft --only`` cites it, and keeps it, so a draft's ``[4]`` always
means the same source.

The report is derived: ``build/report.draft.json`` keeps the draft, the style and the numbers
it was rendered with, so ``sb verify`` (and ``sb package --verify``, which ships the record)
can render it again and compare byte for byte.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.ids import is_claim_id, is_src_id
from ...base.patterns import hot
from ...base.record import TupleRecord, record
from ...base.versions import SCHEMA
from ...engines.ledger import ledger_model as lm
from ...engines.render.draft import ANY_REF, ref_ids
from ...engines.render.report import (
    after_sources,
    cited_order,
    claim_sources,
    cut_sources,
    decisions_block,
    render_prose,
    sources_block,
)
from ..ledger.ledger_view import LedgerView, ledger_view
from ..workspace.layout import Workspace

NUMBERS = "ledger/report_numbers.json"
DRAFT_RECORD = "build/report.draft.json"
STYLES = ("markdown", "plain", "evidence")


@record
class ReportResult:
    path: str
    count: int
    notes: list[str]


class ReportDraft(TupleRecord):
    """What ``sb render report`` rendered ``build/report.md`` from."""

    draft: str  # the draft without its old Sources block
    style: str
    origin: str  # the draft's path as it was given, for messages
    numbers: dict[str, int]  # source id -> its [n], for every source the report cites

    def to_json(self) -> dict:
        return {"schema_version": SCHEMA, "from": self.origin, "style": self.style,
                "numbers": dict(sorted(self.numbers.items())), "draft": self.draft}

    @classmethod
    def from_json(cls, data: object) -> ReportDraft | None:
        """The record, or None when the file does not have the record's shape."""
        if not isinstance(data, dict):
            return None
        draft, style, origin, nums = data.get("draft"), data.get("style"), data.get("from"), data.get("numbers")
        if not (isinstance(draft, str) and style in STYLES and isinstance(origin, str) and isinstance(nums, dict)
                and all(is_src_id(k) and isinstance(v, int) and not isinstance(v, bool) for k, v in nums.items())):
            return None
        return cls(draft, str(style), origin, dict(nums))


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
                elif view.by_id[rid].get("status") == "superseded":
                    continue  # told as history: its sources are numbered and the sentence says so
                elif not lm.is_active(view.by_id[rid]) or view.by_id[rid].get("confidence") == "unsupported":
                    c = view.by_id[rid]
                    state = c.get("status") if not lm.is_active(c) else "unsupported"
                    out.append(Finding("E-DRAFT-CLAIM", at, f"{rid} is {state}; cite the claim that stands"))
    return out


def source_citations(text: str, where: str) -> list[Finding]:
    """A report sentence cites claims, never a bare source: ``[@src_...]`` would print as a
    numbered citation (``[7]``) that no claim, quote or figure check stands behind."""
    from ...engines.render.draft_check import NUM

    fix = ("a report sentence cites the claim that says it: find the words (sb find), record the claim "
           "(sb claim add) and cite [@clm_...]")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in ANY_REF.finditer(line):
            for rid in ref_ids(m.group(1) + m.group(2)):
                if is_src_id(rid):
                    out.append(Finding("E-REPORT-SOURCE-CITE", f"{where}:{n}", f"[@{rid}] cites a source itself; {fix}"))
        for m in NUM.finditer(re.sub(r"\[[^\]]*\]\([^)]*\)", "", line)):  # a link's text is no citation
            out.append(Finding("E-REPORT-SOURCE-CITE", f"{where}:{n}",
                                   f"[{m.group(1)}] cites a source number itself (sb numbers the report's sources); "
                                   f"{fix}"))
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


def block_for(ws: Workspace, view: LedgerView, sids: list[str], nums: Mapping[str, int], style: str,
              claim_ids: list[str] | None = None) -> str:
    return sources_for(view, sids, nums, style, claim_ids)


def sources_for(view: LedgerView, sids: list[str], nums: Mapping[str, int], style: str,
                claim_ids: list[str] | None = None) -> str:
    """The Sources block for these sources (quotes of these claims, else of every claim citing them)."""
    entries = sorted(((nums[s], s, view.source(s)) for s in sids), key=lambda e: e[0])
    ids = claim_ids if claim_ids is not None else [c["id"] for c in view.cited
                                                   if set(claim_sources(c)) & set(sids)]
    return sources_block(entries, style, quotes_by_source(view, ids))


def compose_report(view: LedgerView, text: str, style: str, nums: Mapping[str, int]) -> tuple[str, list[int]]:
    """The report's text from a draft (without its Sources block) and the source numbers, which
    must cover every source the draft cites; and the lines that cite more than three sources."""
    order = cited_order(text, view.by_id)
    prose, crowded = render_prose(text, view.by_id, nums)
    cids = [rid for m in ANY_REF.finditer(text) for rid in ref_ids(m.group(1) + m.group(2)) if is_claim_id(rid)]
    block = sources_for(view, order, nums, style, cids) if order else ""
    decided = decisions_block(list(dict.fromkeys(cids)), view.by_id, nums) if block else ""
    return prose + ("\n" + block if block else "") + ("\n" + decided if decided else ""), crowded


def rederive_report(view: LedgerView, record: ReportDraft) -> tuple[str | None, str]:
    """(the report as ``sb render report`` would write it from this record now, "") or (None,
    why it cannot be written: a reference that no longer stands, a source without a number)."""
    problems = markup_problems(record.draft, record.origin) + reference_problems(record.draft, view, record.origin)
    if problems:
        return None, f"{problems[0].subject}: {problems[0].message}"
    missing = [sid for sid in cited_order(record.draft, view.by_id) if sid not in record.numbers]
    if missing:
        return None, f"{missing[0]} is cited but has no number in {DRAFT_RECORD}"
    return compose_report(view, record.draft, record.style, record.numbers)[0], ""


_FENCE = hot(r"^\s{0,3}(`{3,}|~{3,})")
_TAG = hot(r"<(?:!--|/?[A-Za-z][\w-]*(?=[\s/>]))")  # not an autolink <https://...>
# GitHub's strike-through: "~~words~~" (or "~words~"), which every viewer draws struck out, as <del>
_STRIKE = hot(r"(?<!~)(~~?)(?=[^\s~])[^~\n]*?(?<=[^\s~])\1(?!~)")
_REMOTE_IMAGE = hot(r"!\[[^\]]*\]\(\s*<?(?:[a-z][a-z0-9+.-]*:|//)", re.I)


def sources_not_last(text: str, where: str) -> list[Finding]:
    """A Sources heading (``## Sources``, ``## Literatur`` ...) with a heading or a cited sentence
    after it: the report replaces the Sources block, and everything after it with it, so that
    part of the draft would be dropped without a word."""
    found = after_sources(text)
    if found is None:
        return []
    n, line = found
    return [Finding("E-DRAFT-SOURCES-LAST", f"{where}:{n}", f"{line[:60]!r} comes after the draft's Sources heading; "
                                                           "the report replaces the Sources block, and all that "
                                                           "follows it, with its own list, so it would be dropped: "
                                                           "put the Sources block last, or name the section "
                                                           "otherwise")]


def markup_problems(text: str, where: str) -> list[Finding]:
    """Raw HTML and images from elsewhere in a report draft: a Markdown viewer runs the one (a
    `<details>` folds a sentence away, a comment hides one) and loads the other, and neither is
    text the gate can read as the reader sees it."""
    out: list[Finding] = []
    fence = ""
    for n, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if m:
            fence = "" if fence and m.group(1)[0] == fence[0] else (fence or m.group(1))
            continue
        if fence:
            continue
        code_free = re.sub(r"(`+).+?\1", "", line)  # HTML in `code` is shown as written
        if _TAG.search(code_free):
            out.append(Finding("E-DRAFT-SUBSET", f"{where}:{n}", "raw HTML in a report draft: a Markdown viewer runs "
                                                                 "it (it can fold, hide or restyle a sentence); write "
                                                                 "Markdown, or put the tag in `code`"))
        elif _STRIKE.search(code_free):
            out.append(Finding("E-DRAFT-SUBSET", f"{where}:{n}", "a strike-through (~~words~~) in a report draft: a "
                                                                 "Markdown viewer draws the words struck out, as a "
                                                                 "<del> would, and a reader takes them as withdrawn; "
                                                                 "write the sentence as it stands, or cut the words"))
        elif _REMOTE_IMAGE.search(code_free):
            out.append(Finding("E-DRAFT-SUBSET", f"{where}:{n}", "an image from outside the workspace: it shows "
                                                                 "what nobody checked and can change after the build; "
                                                                 "put the image in assets/ and link it there"))
    return out


def render_report(ws: Workspace, draft_path: str, shown: str, style: str) -> ReportResult:
    from .render import read_draft  # here, so verify's re-derivation does not load the page renderer

    whole = read_draft(draft_path, shown)
    text = cut_sources(whole)
    view = ledger_view(ws)
    problems = sources_not_last(whole, shown) + markup_problems(text, shown) + reference_problems(text, view, shown)
    problems += [] if problems else source_citations(text, shown)
    if problems:
        first = problems[0]
        raise SbError(first.code, first.subject, first.message + "; nothing was written", 1, findings=problems[1:])
    order = cited_order(text, view.by_id)
    notes = []
    with ws.lock():
        nums = assign_numbers(ws, order)
        report, crowded = compose_report(view, text, style, nums)
        out = ws.build_path("report.md")
        record = ReportDraft(text, style, shown, {sid: nums[sid] for sid in order})
        jsonio.write_json(ws.build_path("report.draft.json"), record.to_json())
        jsonio.atomic_write_text(out, report)
    for n in crowded:
        notes.append(f"W-CITE-CROWDED  {shown}:{n}  more than {3} sources in one sentence; the first three are "
                     "printed, split the sentence to cite the rest")
    return ReportResult(out, len(order), notes)
