"""``sb find`` and ``sb quote`` over the workspace: turning pasted text into exact spans.

Exact occurrences are citations. When only the tolerance ladder finds the text, the result
names the region and the exact text there, and the caller refuses (E-FIND-INEXACT): an
approximate span never becomes a citation. Offsets are code points of normalized.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...base.errors import EXIT_USAGE, SbError
from ...engines.text.find import FindError, find_all, has_elision, resolve_parts, split_elided, tolerant
from ...engines.text.word_diff import WordDiff
from ..workspace.layout import Workspace
from .store import load_source, read_normalized


@dataclass
class Located:
    """What find made of one source: exact spans, or tolerant hits, or elided parts."""

    source_id: str
    exact: list[tuple[int, int]] = field(default_factory=list)
    inexact: list = field(default_factory=list)  # engines.text.find.Hit
    parts: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class FindOutcome:
    needle: str
    located: list[Located]
    elided: bool = False
    error: FindError | None = None
    anchors: list = field(default_factory=list)  # SearchHit, when nothing matched
    diff: WordDiff | None = None  # how the paste differs from the best anchor (offsets into its source)

    @property
    def found_exact(self) -> bool:
        return any(x.exact or x.parts for x in self.located)


def source_text(ws: Workspace, sid: str, code: str) -> str:
    load_source(ws, sid)  # E-SOURCE-UNKNOWN for an id without a record
    text = read_normalized(ws, sid)
    if not text:
        raise SbError(code, sid, "the source has no text (normalized.md); run `sb extract` first", EXIT_USAGE)
    return text


def quote(ws: Workspace, sid: str, start: int, end: int) -> str:
    if not ws.has_source(sid):  # the code `sb find` uses for the same situation
        raise SbError("E-SOURCE-UNKNOWN", str(sid)[:80], "no such source; list them with `sb source list`",
                      EXIT_USAGE)
    text = source_text(ws, sid, "E-QUOTE")
    if not 0 <= start < end <= len(text):
        raise SbError("E-QUOTE", sid, f"span {start}..{end} is outside 0 <= start < end <= {len(text)} "
                      "(offsets are code points)", EXIT_USAGE)
    return text[start:end]


def find(ws: Workspace, needle: str, sid: str | None = None) -> FindOutcome:
    if not needle.strip():
        raise SbError("E-FIND", "(empty)", "nothing to find; pass the text to look for", EXIT_USAGE)
    if sid is not None:
        texts = [(sid, source_text(ws, sid, "E-FIND"))]
    else:
        from .chunking import ready_ids

        texts = [(s, t) for s in ready_ids(ws) if (t := read_normalized(ws, s))]
        if not texts:
            raise SbError("E-FIND", "(all sources)", "no source has text yet; run `sb extract` first", EXIT_USAGE)
    if has_elision(needle):
        return _find_elided(texts, needle, split_elided(needle))
    out = FindOutcome(needle, [])
    for s, text in texts:
        spans = find_all(text, needle)
        if spans:
            out.located.append(Located(s, exact=spans))
    if out.located:
        return out
    for s, text in texts:
        hits = tolerant(text, needle)
        if hits:
            out.located.append(Located(s, inexact=hits))
    if not out.located:
        out.anchors = _anchors(ws, needle, sid)
        out.diff = _why(ws, needle, out.anchors)
    return out


def _why(ws: Workspace, needle: str, anchors: list):
    """The words in which the paste and the nearest passage differ (None if nothing aligns)."""
    from ...engines.text.word_diff import differing_words

    if not anchors:
        return None
    best = anchors[0]
    text = read_normalized(ws, best.source_id) or ""
    d = differing_words(needle, text[best.start:best.end])
    return d._replace(start=d.start + best.start, end=d.end + best.start) if d else None


def _find_elided(texts: list[tuple[str, str]], needle: str, parts: list[str]) -> FindOutcome:
    out = FindOutcome(needle, [], elided=True)
    errors = []
    for s, text in texts:
        try:
            out.located.append(Located(s, parts=resolve_parts(text, parts)))
        except FindError as exc:
            errors.append(exc)
    if not out.located:
        rank = {"E-FIND-AMBIGUOUS": 0, "E-FIND-GAP": 1, "E-FIND-NOMATCH": 2}
        out.error = min(errors, key=lambda e: rank.get(e.code, 3))
    return out


def _anchors(ws: Workspace, needle: str, sid: str | None) -> list:
    from .search import search

    try:
        return search(ws, needle, k=3, prefix=f"{sid}#" if sid else None)
    except SbError:
        return []  # no index: nothing to suggest
