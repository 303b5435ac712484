"""``sb find`` and ``sb quote`` over the workspace: turning pasted text into exact spans.

Exact occurrences are citations. When only the tolerance ladder finds the text, the result
names the region and the exact text there, and the caller refuses (E-FIND-INEXACT): an
approximate span never becomes a citation. Offsets are code points of normalized.md.

``find_evidence`` (``sb find --evidence``) goes one step further, as ``sb claim add`` does: a
paste whose reader view (``engines.search.reader_view``: spacing, line breaks, markup,
typographic quotes and dashes aside) occurs exactly once becomes evidence holding the
source's own text at that span.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ...base.errors import Exit, SbError
from ...base.patterns import hot
from ...engines.search.find import (
    FindError,
    Hit,
    across_comments,
    comment_fix,
    find_all,
    has_elision,
    resolve_parts,
    split_elided,
    tolerant,
)
from ..workspace.layout import Workspace
from .store import read_normalized, source_text

if TYPE_CHECKING:
    from ...engines.diff.word_diff import WordDiff


class Located:
    """What find made of one source: exact spans, or tolerant hits, or elided parts (plain
    classes here, not dataclasses: importing dataclasses costs every `sb find` start-up time)."""

    __slots__ = ("source_id", "exact", "inexact", "parts", "accepted")

    def __init__(self, source_id: str, exact: list[tuple[int, int]] | None = None, inexact: list | None = None,
                 parts: list[tuple[int, int]] | None = None, accepted: tuple[int, int] | None = None):
        self.source_id = source_id
        self.exact = exact if exact is not None else []
        self.inexact = inexact if inexact is not None else []  # engines.search.find.Hit
        self.parts = parts if parts is not None else []
        self.accepted = accepted  # the one span `claim add` would store for this paste

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Located) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self) -> str:
        return "Located(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


class FindOutcome:
    __slots__ = ("needle", "located", "elided", "error", "anchors", "diff", "note", "comments")

    def __init__(self, needle: str, located: list[Located], elided: bool = False, error: FindError | None = None):
        self.needle = needle
        self.located = located
        self.elided = elided
        self.error = error
        self.anchors: list = []  # SearchHit, when nothing matched
        self.diff: WordDiff | None = None  # how the paste differs from the best anchor (offsets into its source)
        self.note = ""  # why every source was read, on a large workspace (W-FIND-SCAN)
        self.comments: list[tuple[str, str]] = []  # (source, the fix) where comment marks split the paste

    @property
    def found_exact(self) -> bool:
        return any(x.exact or x.parts for x in self.located)


def find(ws: Workspace, needle: str, sid: str | None = None) -> FindOutcome:
    if not needle.strip():
        raise SbError("E-FIND", "(empty)", "nothing to find; pass the text to look for", Exit.USAGE)
    exact: Iterable[tuple[str, str]]
    tolerant_texts: Iterable[tuple[str, str]]
    elided: Iterable[tuple[str, str]]
    if sid is not None:
        texts = [(sid, source_text(ws, sid, "E-FIND"))]
        exact = tolerant_texts = elided = texts
    else:  # every ready source: the index says which can hold the needle (index/find)
        from ..index.find import plan

        p = plan(ws, needle)
        if next(p.texts(None), None) is None:
            raise SbError("E-FIND", "(all sources)", "no source has text yet; run `sb extract` first", Exit.USAGE)
        exact = p.texts(p.exact)
        tolerant_texts = _later(lambda: p.texts(p.tolerant))  # planned only if exact finds nothing
        elided = p.texts(p.with_first(p.elided))
    if has_elision(needle):
        return _find_elided(elided, needle, split_elided(needle))
    out = FindOutcome(needle, [])
    for s, text in exact:
        spans = find_all(text, needle)
        if spans:
            out.located.append(Located(s, exact=spans))
    if sid is None:
        from ..index.find import scan_note

        out.note = scan_note(p, bool(out.located))
    if out.located:
        return out
    # the reader view is needed only once the exact search failed: imported here, not at start-up
    from ...engines.search.reader_view import locate as view_locate
    from ...engines.search.reader_view import locate_near as view_locate_near

    anchor = _anchor_word(needle)
    for s, text in tolerant_texts:
        # the index may know that the whitespace and case rungs cannot match this text
        spaced = p.spaced if sid is None else None
        hits = tolerant(text, needle, 0 if spaced is None or s in spaced else 2)
        # the reader view of a long text costs a pass in Python: built only around the places
        # where the paste's longest word occurs (letters are never changed by the view)
        spans = view_locate_near(text, needle, anchor, 2) if anchor else view_locate(text, needle, 2)
        if not hits and spans:
            hits = [Hit(a, b, "markup-rendered", text[a:b]) for a, b in spans]
        if hits:
            out.located.append(Located(s, inexact=hits, accepted=spans[0] if len(spans) == 1 else None))
        elif (parts := across_comments(text, needle)) is not None:
            out.comments.append((s, comment_fix(text, parts)))
    if not out.located:
        out.anchors = _anchors(ws, needle, sid)
        out.diff = _why(ws, needle, out.anchors)
    return out


_WORD = hot(r"\w+")


def _later(make) -> Iterator[tuple[str, str]]:
    """The pairs of ``make()``, called on the first one asked for."""
    yield from make()


def _anchor_word(needle: str) -> str:
    """The longest word of the paste's reader view when it has four characters or more (every
    view match holds it as written in the source), else "" (short words such as "PEP" may be
    rendered from markup, so the whole view is built)."""
    from ...engines.search.reader_view import quote_view

    words = _WORD.findall(quote_view(needle))
    longest = max(words, key=len) if words else ""
    return longest if len(longest) >= 4 else ""


class Evidence:
    """A ready-to-paste evidence object: the source's own text at the span a paste stands for."""

    __slots__ = ("source_id", "start", "end", "quote", "exact", "parts")

    def __init__(self, source_id: str, start: int, end: int, quote: str, exact: bool,
                 parts: list[dict] | None = None):
        self.source_id, self.start, self.end, self.quote = source_id, start, end, quote
        self.exact = exact  # the paste was the source's text as it is
        self.parts = parts if parts is not None else []  # an elided quote's parts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Evidence) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def to_json(self) -> dict:
        out: dict = {"source_id": self.source_id, "start": self.start, "end": self.end, "quote": self.quote}
        if self.parts:
            out["parts"] = self.parts
        return out


def find_evidence(ws: Workspace, needle: str, sid: str | None = None) -> Evidence:
    """The one span a paste stands for, as evidence (E-FIND-NOMATCH, -AMBIGUOUS, -INEXACT)."""
    res = find(ws, needle, sid)
    subject = sid or "(all sources)"
    if res.error is not None:
        raise SbError(res.error.code, subject, res.error.message, Exit.USAGE)
    if res.elided:
        if len(res.located) > 1:
            raise SbError("E-FIND-AMBIGUOUS", subject, f"the elided quote resolves in {len(res.located)} sources; "
                          "give the source id", Exit.USAGE)
        loc = res.located[0]
        text = source_text(ws, loc.source_id, "E-FIND")
        parts = [{"start": a, "end": b, "quote": text[a:b]} for a, b in loc.parts]
        return Evidence(loc.source_id, loc.parts[0][0], loc.parts[-1][1],
                        " [...] ".join(text[a:b] for a, b in loc.parts), True, parts)
    if res.found_exact:
        spans = [(loc.source_id, a, b) for loc in res.located for a, b in loc.exact]
    else:
        spans = [(loc.source_id, *loc.accepted) for loc in res.located if loc.accepted]
    if len(spans) > 1:
        where = ", ".join(f"{s} {a}..{b}" for s, a, b in spans[:10])
        raise SbError("E-FIND-AMBIGUOUS", subject, f"{len(spans)} places match ({where}); quote more context "
                      "so that one place holds it", Exit.USAGE)
    if not spans and res.located:
        h = res.located[0].inexact[0]
        raise SbError("E-FIND-INEXACT", res.located[0].source_id, f"found at {h.start}..{h.end} only {h.level}; "
                      f"the source says {h.text!r}: a citation quotes it as it is", Exit.USAGE)
    if not spans and res.comments:
        s, fix = res.comments[0]
        raise SbError("E-FIND-NOMATCH", s, f"not found as written: {fix}", Exit.USAGE)
    if not spans:
        near = f"; nearest: {res.anchors[0].chunk_id} {res.anchors[0].start}..{res.anchors[0].end}" if res.anchors else ""
        raise SbError("E-FIND-NOMATCH", subject, "not found, even ignoring spacing, line breaks, markup, typographic "
                      f"quotes and dashes{near}; look for the passage with `sb search`", Exit.USAGE)
    s, a, b = spans[0]
    return Evidence(s, a, b, source_text(ws, s, "E-FIND")[a:b], res.found_exact)


def _why(ws: Workspace, needle: str, anchors: list):
    """The words in which the paste and the nearest passage differ (None if nothing aligns)."""
    from ...engines.diff.word_diff import differing_words

    if not anchors:
        return None
    best = anchors[0]
    text = read_normalized(ws, best.source_id) or ""
    d = differing_words(needle, text[best.start:best.end])
    return d._replace(start=d.start + best.start, end=d.end + best.start) if d else None


def _find_elided(texts, needle: str, parts: list[str]) -> FindOutcome:
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
    from ..index.search import nearest

    try:
        return nearest(ws, needle, k=3, prefix=f"{sid}#" if sid else None)
    except SbError:
        return []  # no index: nothing to suggest
