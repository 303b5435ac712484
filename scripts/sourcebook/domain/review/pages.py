"""Every sentence of every shipped page in reading order, with what it cites and declares.

A page (``build/*.html`` that ships) is read as the prose gate reads it
(``engines.page.view.read_page``): prose, the title and headings, chart labels and speaker
notes; the as-of dates written before a sentence are given to it. ``build/report.md`` is read
from the draft it was rendered from (``build/report.draft.json``, which names each sentence's
claims), else from the report itself, whose ``[n]`` numbers name sources only.
"""

from __future__ import annotations

import json
import os

from ...base.patterns import hot
from ...base.record import field, record
from ...engines.text.sentences import is_short_label
from ..workspace.layout import Workspace

REVIEW_PAGE = "review.html"  # the review page itself is never a page to review
READ = ("prose", "title", "heading", "chart", "notes")
_ASOF = hot(r"\d{4}-\d{2}-\d{2}")


@record
class RawSentence:
    page: str
    order: int
    line: int
    where: str
    text: str
    refs: list[str] = field(default_factory=list)  # claims cited
    thin: list[str] = field(default_factory=list)  # inferred claims it is shown as
    history: list[str] = field(default_factory=list)  # superseded claims cited as history
    sources: list[str] = field(default_factory=list)  # report: the sources its [n] name
    framing: bool = False
    marks: list[str] = field(default_factory=list)
    as_of: list[str] = field(default_factory=list)

    @property
    def kind(self) -> str:
        if self.thin:
            return "inferred"
        if self.framing:
            return "framing"
        if self.refs or self.history or self.sources:
            return "cited"
        # the gate refuses any other prose sentence that cites nothing: what is left is sb's own words
        return "structure" if self.where != "prose" or is_short_label(self.text) else "unmarked"


def page_files(ws: Workspace) -> list[str]:
    """The pages a package ships, in name order, then build/report.md."""
    out = []
    try:
        names = sorted(os.listdir(ws.build_dir))
    except OSError:
        names = []
    for n in names:
        if (n.endswith(".html") and n not in ("ledger.html", REVIEW_PAGE)
                and not n.endswith((".src.html", ".fragment.html")) and os.path.isfile(ws.build_path(n))):
            out.append(ws.build_path(n))
    if os.path.isfile(ws.build_path("report.md")):
        out.append(ws.build_path("report.md"))
    return out


def _read(path: str) -> str:
    with open(path, "rb") as fh:
        return fh.read().decode("utf-8", errors="replace")


def html_sentences(rel: str, html: str, claims: dict[str, dict]) -> list[RawSentence]:
    from ...engines.page.view import read_page

    view = read_page(html)
    out: list[RawSentence] = []
    pending: list[str] = []
    for p in view.prose.pieces if view.prose else []:
        if p.where == "as-of":
            pending += _ASOF.findall(p.text)
            continue
        if p.where not in READ:
            continue
        # the marks of its own claims (a block's marks are those of every claim in it)
        marks = {m for c in [*p.refs, *p.thin] if c in claims for m in _labels(claims[c])}
        out.append(RawSentence(rel, len(out) + 1, p.line, p.where, p.text, list(p.refs), list(p.thin),
                               list(p.history), framing=p.framing, marks=sorted(marks),
                               as_of=list(dict.fromkeys(pending))))
        pending = []
    return out


def report_sentences(ws: Workspace, rel: str, text: str, claims: dict[str, dict]) -> list[RawSentence]:
    from ...engines.render import draft_check

    draft: str | None = None
    numbers: dict = {}
    try:
        with open(ws.build_path("report.draft.json"), encoding="utf-8") as fh:
            rec = json.load(fh)
        if isinstance(rec, dict) and isinstance(rec.get("draft"), str):
            draft = rec["draft"]
            got = rec.get("numbers")
            numbers = got if isinstance(got, dict) else {}
    except (OSError, ValueError):
        pass
    by_num = {n: sid for sid, n in numbers.items() if isinstance(n, int)}
    d = draft_check.read(draft if draft is not None else text)
    out: list[RawSentence] = []
    rows: list[tuple[int, str, str, list[str], list[int], set[str]]] = []
    rows += [(t.line, "title" if t.level == 1 else "heading", t.text, t.refs, t.numbers, set())
             for t in d.structure if t.kind == "heading"]
    rows += [(s.line, "prose", s.text, s.refs, s.numbers, s.tags) for s in d.sentences]
    for line, where, said, refs, nums, tags in sorted(rows, key=lambda r: r[0]):
        cids = [r for r in refs if r in claims]
        thin = [c for c in cids if claims[c].get("confidence") == "inferred"]
        cited = [c for c in cids if c not in thin and claims[c].get("status", "active") == "active"]
        hist = [c for c in cids if c not in thin and c not in cited]
        marks = sorted({m for c in cids for m in _labels(claims[c])})
        as_of = sorted({str(claims[c].get("as_of")) for c in cited if claims[c].get("as_of")})
        out.append(RawSentence(rel, len(out) + 1, line, where, said, cited, thin, hist,
                               [by_num.get(n, str(n)) for n in nums], framing="framing" in tags,
                               marks=marks + (["thin"] if "inference" in tags and "thin" not in marks else []),
                               as_of=as_of))
        if "inference" in tags and not thin:
            out[-1].thin = ["[inference]"]
    return out


def _labels(claim: dict) -> list[str]:
    from ...engines.ledger.ledger_model import labels

    return labels(claim)


def read_all(ws: Workspace, claims: dict[str, dict]) -> tuple[list[str], list[RawSentence]]:
    """The pages read and every sentence on them, page by page in reading order."""
    pages, out = [], []
    for path in page_files(ws):
        rel = ws.rel(path)
        text = _read(path)
        got = report_sentences(ws, rel, text, claims) if path.endswith(".md") else html_sentences(rel, text, claims)
        pages.append(rel)
        out += got
    return pages, out
