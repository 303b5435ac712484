"""Locating a quote in a canonical text: exact spans, elided quotes, and a tolerance ladder.

Pure functions over strings. Offsets are code points (Python string indices), half-open.
An exact span is a citation; a tolerant hit only *locates* a region so the caller can show the
exact text to paste. Every span returned satisfies ``text[start:end] == hit.text``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache

from ...base.patterns import hot
from ...base.record import TupleRecord

MAX_GAP = 2000

# `[...]`, `[…]`, `[ ... ]`: the marks a writer uses to elide part of a quote.
_ELISION = hot(r"\[\s*(?:\.{3,}|\u2026)\s*\]")


class FindError(Exception):
    """A quote that cannot become one citation: ``code`` is E-FIND-NOMATCH/-GAP/-AMBIGUOUS.

    ``candidates`` holds the span lists that did match when the text is ambiguous, earliest
    first, so a caller may still show where they are.
    """

    def __init__(self, code: str, message: str, candidates: list[list[tuple[int, int]]] | None = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.candidates = candidates or []


class Hit(TupleRecord):
    start: int
    end: int
    level: str
    text: str


def find_all(text: str, needle: str) -> list[tuple[int, int]]:
    """Every exact occurrence of ``needle``, overlapping ones included, in order."""
    if not needle:
        return []
    out = []
    i = text.find(needle)
    while i >= 0:
        out.append((i, i + len(needle)))
        i = text.find(needle, i + 1)
    return out


def has_elision(quote: str) -> bool:
    return _ELISION.search(quote) is not None


def split_elided(quote: str) -> list[str]:
    """The parts of a quote written with ``[...]`` elisions, stripped, empty parts dropped."""
    return [p.strip() for p in _ELISION.split(quote) if p.strip()]


def resolve_parts(text: str, parts: list[str], max_gap: int = MAX_GAP) -> list[tuple[int, int]]:
    """One exact span per part, in source order, each gap (next start - previous end) in
    ``0..max_gap``. For each occurrence of the first part the nearest following occurrence of
    each later part is taken; more than one such chain is ambiguous.
    """
    parts = [p for p in parts if p]
    if not parts:
        raise FindError("E-FIND-NOMATCH", "nothing to find (empty quote)")
    occ = []
    for i, p in enumerate(parts):
        spans = find_all(text, p)
        if not spans:
            label = f"part {i + 1} of {len(parts)} " if len(parts) > 1 else ""
            raise FindError("E-FIND-NOMATCH", f"{label}{_clip(p)!r} is not in the text")
        occ.append(spans)
    chains = []
    for first in occ[0]:
        chain = [first]
        for spans in occ[1:]:
            prev_end = chain[-1][1]
            nxt = next((s for s in spans if s[0] >= prev_end), None)
            if nxt is None or nxt[0] - prev_end > max_gap:
                break
            chain.append(nxt)
        if len(chain) == len(parts):
            chains.append(chain)
    if not chains:
        raise FindError("E-FIND-GAP", f"every part occurs, but not in order within {max_gap} characters "
                        "of each other")
    if len(chains) > 1:
        where = ", ".join(f"{c[0][0]}..{c[-1][1]}" for c in chains[:10])
        raise FindError("E-FIND-AMBIGUOUS", f"{len(chains)} places match: {where}", chains)
    return chains[0]


# the marks that open a line of a code comment: "// ", "# ", " * ", "-- ", "; "
_LEADER = r"(?://+|#+|\*+|--+|;+)"
_LINE_LEADER = hot(r"[ \t]*\r?\n[ \t]*" + _LEADER + r"[ \t]*")


def across_comments(text: str, needle: str) -> list[tuple[int, int]] | None:
    """Where ``needle`` stands in ``text`` once the comment marks that open its lines are
    skipped: a sentence of a code comment runs over several "// " lines, and a quote cannot hold
    the marks between its words. The exact spans of its parts, one per line (``text[a:b]`` is a
    part as the source has it), or None when it is not there so or crosses no such mark. This
    only explains a miss: a quote of these parts is joined by ``[...]``, never matched loosely."""
    words = needle.split()
    if len(words) < 2 or has_elision(needle):
        return None
    sep = r"(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:" + _LEADER + r"[ \t]*)?)"
    m = re.search(sep.join(re.escape(w) for w in words), text)
    if m is None:
        return None
    spans, at = [], m.start()
    for b in _LINE_LEADER.finditer(text, m.start(), m.end()):
        spans.append((at, b.start()))
        at = b.end()
    spans.append((at, m.end()))
    return spans if len(spans) > 1 else None


def comment_fix(text: str, spans: list[tuple[int, int]]) -> str:
    """The words of a miss ``across_comments`` explains: the marks skipped, and the quote to give
    instead (its parts as the source has them, joined by ``[...]``)."""
    marks = sorted({b.group(0).strip() for a, _ in spans[1:] for b in [_LINE_LEADER.match(text, text.rfind("\n", 0, a))]
                    if b is not None})
    joined = " [...] ".join(text[a:b] for a, b in spans)
    shown = ", ".join(repr(x) for x in marks) or "a comment mark"
    return (f"it is there once the comment marks ({shown}) that open the source's lines are skipped, but a "
            f"quote holds no such mark: quote the {len(spans)} parts joined by [...]: {json.dumps(joined, ensure_ascii=False)}")


def _clip(s: str, n: int = 60) -> str:
    return s if len(s) <= n else s[: n - 1] + "\u2026"


# ---- the tolerance ladder ------------------------------------------------------------------
# Each rung adds one tolerance to those below it; the first rung with a hit names the result.
LEVELS = ("whitespace-normalized", "case-insensitive", "markup-ignored", "typography-folded",
          "invisibles-ignored")

_SQUOTES = "'\u2018\u2019\u201a\u201b\u2032"
_DQUOTES = '"\u201c\u201d\u201e\u201f\u2033'
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
_FOLD = {ord(c): "'" for c in _SQUOTES[1:]} | {ord(c): '"' for c in _DQUOTES[1:]} | {ord(c): "-" for c in _DASHES[1:]}
_CLASS = {"'": "[" + _SQUOTES + "]", '"': "[" + _DQUOTES + "]", "-": "[" + re.escape(_DASHES) + "]"}
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"  # soft hyphen, zero-width characters, word joiner, BOM
_INVISIBLE = INVISIBLE
_INVISIBLE_RE = hot("[" + _INVISIBLE + "]")
# Markup a Markdown text may carry around words: emphasis and code marks, backslash escapes,
# and the brackets and target of a link or image.
_MARKUP_FILL = r"[*_`\\]|!?\[|\]\([^)\s]*\)"
# Everything that may sit between two letters of one word and not be seen (the ladder's fills, a
# reference link's label and the invisible characters), as one pattern: the index's find-only keys
# and the reader view's windows remove it to find a word the source splits.
FILL = r"\]\([^)\s]*\)|\]\[[^\]\n]*\]|!?\[|[*_`\\" + INVISIBLE + "]"
_MD_LINK = hot(r"!?\[([^\]]*)\]\([^)\s]*\)")
_MD_ESCAPE = hot(r"\\([!-/:-@\[-`{-~])")
_MD_MARKS = hot(r"[*_`]")
_WS = hot(r"\s+")


def _prepare(needle: str, rung: int) -> str:
    s = unicodedata.normalize("NFC", needle)
    if rung >= 4:
        s = _INVISIBLE_RE.sub("", s)
    if rung >= 3:
        s = s.translate(_FOLD)
    if rung >= 2:
        s = _MD_LINK.sub(r"\1", s)
        s = _MD_ESCAPE.sub(r"\1", s)
        s = _MD_MARKS.sub("", s)
    return _WS.sub(" ", s).strip()


# `sb find` tries the same needle on every candidate text, up to five rungs each; a process that
# finds again and again (the MCP server, the quotes of a claims file) meets the same needles
@lru_cache(maxsize=256)
def _pattern(needle: str, rung: int) -> re.Pattern | None:
    s = _prepare(needle, rung)
    if not s:
        return None
    fills = []
    if rung >= 2:
        fills.append(_MARKUP_FILL)
    if rung >= 4:
        # one alternative per invisible character, not a class of them: a class of characters
        # beyond Latin-1 costs re a table of every code point to compile, once per gap
        fills.extend(_INVISIBLE)
    gap = "(?:" + "|".join(fills) + ")*" if fills else ""
    pieces = []
    for ch in s:
        if ch == " ":
            pieces.append(r"\s+")
        elif rung >= 3 and ch in _CLASS:
            pieces.append(_CLASS[ch])
        else:
            pieces.append(re.escape(ch))
    return re.compile(gap.join(pieces), re.IGNORECASE if rung >= 1 else 0)


def tolerant(text: str, needle: str, first: int = 0) -> list[Hit]:
    """Hits of ``needle`` at the lowest rung of the ladder that finds any (empty if none),
    trying rungs from ``first`` (a caller that knows the lower ones find nothing here).

    Call it after an exact search failed: rung 0 (whitespace) would also return exact hits.
    """
    for rung, level in enumerate(LEVELS):
        if rung < first:
            continue
        if rung > first and _same_as_below(text, needle, rung):
            continue  # the rung below found nothing, and this one is the same search here
        pat = _pattern(needle, rung)
        if pat is None:
            return []
        hits = []
        for m in pat.finditer(text):
            s, e = _balance(text, m.start(), m.end()) if rung >= 2 else (m.start(), m.end())
            hits.append(Hit(s, e, level, text[s:e]))
        if hits:
            return hits
    return []


# What a rung's gap can step over in a text: where a text holds none of it, the rung searches
# exactly as the one below it does (a needle prepared the same way, a gap that matches nothing)
_MARKUP_CHARS = "*_`\\[]"


@lru_cache(maxsize=1024)
def _prepared_same(needle: str, rung: int) -> bool:
    """Whether ``needle`` at ``rung`` compiles to the pattern of the rung below, but for gaps."""
    s = _prepare(needle, rung)
    if s != _prepare(needle, rung - 1):
        return False
    return rung != 3 or not any(ch in _CLASS for ch in s)


def _same_as_below(text: str, needle: str, rung: int) -> bool:
    """Whether ``rung`` can find nothing in ``text`` that the rung below did not: the same needle,
    and a gap whose every filler the text lacks. Skipping it spares compiling a pattern with a
    gap between every two letters (milliseconds for a sentence) only to find nothing again."""
    if rung == 1 or not _prepared_same(needle, rung):
        return False
    if rung == 2:
        return not any(ch in text for ch in _MARKUP_CHARS)
    if rung == 4:
        return not any(ch in text for ch in _INVISIBLE)
    return True  # rung 3 adds no gap: the same needle with no quote or dash is the same pattern


_PAIRS = ("**", "__", "`", "*", "_")


def _balance(text: str, s: int, e: int) -> tuple[int, int]:
    """Widen a span so it does not cut an emphasis, code or link mark in half."""
    for mark in _PAIRS:
        if text.count(mark, s, e) % 2 == 1:
            n = len(mark)
            if text.startswith(mark, e):
                e += n
            elif text.startswith(mark, s - n) and s >= n:
                s -= n
    span = text[s:e]
    if span.rfind("[") > span.rfind("]("):
        m = re.compile(r"[^\]\n]*\]\([^)\s]*\)").match(text, e)
        if m:
            e = m.end()
    if span.find("](") >= 0 and (span.find("[") < 0 or span.find("[") > span.find("](")):
        j = text.rfind("[", 0, s)
        if j >= 0 and "\n" not in text[j:s]:
            s = j - 1 if j > 0 and text[j - 1] == "!" else j
    return s, e
