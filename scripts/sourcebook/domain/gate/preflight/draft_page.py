"""Verify's own gates on the page a draft renders to, before anything is written.

``sb check-draft`` and ``sb render`` call ``judge_draft``: the draft is rendered in memory exactly
as ``sb render`` writes it, and every gate ``sb verify`` runs judges that page (``GateContext``
with the page held in memory; the other pages in build/, the report and the podcast are not this
page's business). The findings are verify's own, word for word; ``located`` gives each the draft
line of its sentence (or ``plan.json thesis`` for the standfirst), so the author fixes the draft,
not the page. Nothing here counts toward the revision limit: only ``sb verify`` settles the
workspace's state.
"""

from __future__ import annotations

from ....base.errors import Finding
from ....base.patterns import hot
from ....base.record import field, record
from ....engines.render.draft_check import MARK, _readable
from ...artifacts.render import HTML_TYPES, Composed, compose_or_findings
from ...workspace.layout import Workspace
from ..context import GateContext, VerifyOptions
from ..verify import run_gates

_AT = hot(r"^(?P<rel>[^\s:]+\.html):(?P<line>\d+)$")
_AT_MSG = hot(r"^(?P<rel>[^\s:]+\.html):(?P<line>\d+): ")
_CLAIM = hot(r"^clm_[0-9a-f]{12}$")


@record
class PageVerdict:
    kind: str
    page: str  # where sb render writes it (relative to the workspace)
    composed: Composed | None  # None: the renderer refuses the draft (nothing may be written)
    findings: list[Finding] = field(default_factory=list)  # verify's own words, on the page
    located: list[Finding] = field(default_factory=list)  # the renderer's refusals, then the gate's findings at draft lines
    refused: list[Finding] = field(default_factory=list)  # the renderer's own refusals of the draft
    review: list[Finding] = field(default_factory=list)  # flags for a person (they never fail)
    coverage: dict[str, int] = field(default_factory=dict)  # the prose gate's counts

    @property
    def ok(self) -> bool:
        return self.composed is not None and not self.refused and not self.findings


def page_kind(ws: Workspace, requested: str | None = None) -> str:
    """The page a draft is for: the one asked for, else the plan's type, else an answer."""
    if requested:
        return requested
    try:
        from ...ledger.ledger_view import ledger_view

        plan = ledger_view(ws).plan
    except Exception:  # noqa: BLE001 - an unreadable plan is verify's finding, not a reason to stop here
        plan = None
    t = plan.get("type") if isinstance(plan, dict) else None
    return t if t in HTML_TYPES else "answer"


def is_page_draft(text: str) -> bool:
    """A draft ``sb render`` reads: it cites claims with ``[@clm_...]`` and no source numbers
    ``[n]``, no ``[@src_...]`` and no Sources block (those make a chat answer or a report)."""
    from ....engines.render.draft_check import read

    d = read(text)
    refs = [r for s in d.sentences for r in s.refs] + [r for t in d.structure for r in t.refs]
    return bool(refs) and not d.cited and d.sources_line is None and not any(r.startswith("src_") for r in refs)


def judge_draft(ws: Workspace, kind: str, text: str, shown: str) -> PageVerdict:
    """Render ``text`` as a ``kind`` page in memory and run every gate of ``sb verify`` on it."""
    page, refused = compose_or_findings(ws, kind, text, shown, despite_soft=True)
    if page is None:
        rel = ws.rel(ws.build_path(f"{kind}.html"))
        return PageVerdict(kind, rel, None, [], list(refused), list(refused))
    out = judge_page(ws, page, text, shown)
    if refused:  # composed only to judge it: the renderer refuses it, so it is never written
        out.composed, out.refused = None, list(refused)
        out.located = list(refused) + [f for f in out.located if not _said_before(f, refused)]
    return out


def _said_before(f: Finding, refused: list[Finding]) -> bool:
    """The gate's finding repeats a refusal of the renderer: a framing sentence with a figure at
    the same draft line, or a claim left out of the draft (orphaned or hidden on the page)."""
    if f.code == "E-PAGE-FRAMING-FACT":
        return any(r.code == "E-RENDER-FRAMING" and r.subject == f.subject for r in refused)
    if f.code in ("E-LEDGER-ORPHAN", "E-CONTESTED-HIDDEN"):
        return any(r.code == "E-DRAFT-UNCITED" and r.subject == f.subject for r in refused)
    return False


def judge_page(ws: Workspace, page: Composed, text: str, shown: str) -> PageVerdict:
    ctx = GateContext(ws, VerifyOptions(html=page.path, page_text=page.html, main=page.main))
    rows = run_gates(ctx)  # the cache is read, never saved: this run leaves the workspace as it was
    rel = ctx.show(page.path)
    out = PageVerdict(page.kind, rel, page)
    out.findings = [f for r in rows for f in r.findings]
    out.review = [f for r in rows for f in r.review]
    for r in rows:
        cov = r.extra.get("coverage") if r.gate == "prose" else None
        if isinstance(cov, dict):
            out.coverage = dict(cov.get(rel) or {})
    where = _Where(ctx, text, shown, rel)
    out.located = [where.locate(f) for f in out.findings]
    return out


class _Where:
    """Finds the draft line of a sentence the gates name by its page line."""

    def __init__(self, ctx: GateContext, text: str, shown: str, rel: str):
        self.ctx, self.shown, self.rel = ctx, shown, rel
        self.lines = text.splitlines()
        self.flat, self.at = _index(self.lines)
        thesis = ctx.plan.get("thesis") if isinstance(ctx.plan, dict) else None
        self.thesis = _key(MARK.sub(" ", thesis)) if isinstance(thesis, str) else ""

    def locate(self, f: Finding) -> Finding:
        m = _AT.match(f.subject)
        if m and m.group("rel") == self.rel:
            return self._sentence(f, int(m.group("line")), f.message)
        m = _AT_MSG.match(f.message)
        if m and m.group("rel") == self.rel and _CLAIM.match(f.subject):
            return self._claim(f)
        if _CLAIM.match(f.subject):
            return self._claim(f)
        return f

    def _sentence(self, f: Finding, line: int, message: str) -> Finding:
        texts = [p.text for p in self.ctx.page_prose(self.ctx.pages[0]).pieces if p.line == line]
        said = message[1:message.find('"', 1)] if message.startswith('"') else ""
        said = said.rstrip("…")
        picked = next((t for t in texts if said and t.startswith(said)), texts[0] if len(texts) == 1 else said)
        where = self._line_of(picked or said)
        if where is None:
            return f
        return Finding(f.code, where, f"{message} ({self.rel}:{line})")

    def _claim(self, f: Finding) -> Finding:
        for n, line in enumerate(self.lines, 1):
            if f"@{f.subject}" in line:
                return Finding(f.code, f.subject, f"{f.message} (cited at {self.shown}:{n})")
        return f

    def _line_of(self, sentence: str) -> str | None:
        k = _key(sentence)
        for size in (len(k), 60, 30, 16):
            probe = k[:size]
            if len(probe) < 8 and size != len(k):
                break
            if not probe:
                break
            i = self.flat.find(probe)
            if i >= 0:
                return f"{self.shown}:{self.at[i]}"
            if self.thesis and probe in self.thesis:
                return "plan.json thesis"
        return None


def _key(text: str) -> str:
    """Letters and digits only, lower case: how a sentence on the page is found in its draft
    whatever the markup, the quotes or the citations between."""
    return "".join(ch.lower() for ch in text if ch.isalnum())


def _index(lines: list[str]) -> tuple[str, list[int]]:
    chars: list[str] = []
    at: list[int] = []
    for n, line in enumerate(lines, 1):
        for ch in MARK.sub(" ", _readable(line)):
            if ch.isalnum():
                low = ch.lower()
                chars.append(low)
                at += [n] * len(low)
    return "".join(chars), at
