"""Which indexed terms a text must hold for ``find`` to match a pasted needle in it.

Pure functions. ``sb find TEXT`` across every source asks the index for the sources that hold
the needle's rarest terms and runs the exact search and the tolerance ladder on those only. That
is only sound if a source *without* those terms can never match, so both sides are defined
here, next to each other:

- **The needle side** (``needle_stages``). A needle may begin or end inside a word, so only its
  *interior pieces* count: the whitespace-separated pieces other than the first and the last.
  Whitespace in the needle is whitespace in any match (every rung of the ladder keeps it), and
  the tokenizer never joins across whitespace, so an interior piece of an exact match is a whole
  piece of the text and has the same terms. Rungs 0 and 1 (whitespace, case) keep the pieces;
  rungs 2-4 allow Markdown marks and invisible characters between any two characters of the
  text, so for them a piece is taken with those *fills* removed (``join``).
- **The text side** (``chunk_keys``). Where a fill sits inside a piece of the text
  (``snake_case``, ``im*port*ant``, a soft hyphen), the piece with its fills removed can have
  terms the piece itself lacks (``snakecase``); they are indexed as find-only keys
  ``~snakecase``. A chunk gets the key ``~*`` ("always check this text") when its last piece is
  cut in two by a hard chunk cut, or when it holds a dotless ``ı``, the one character that the
  ladder's case-insensitive match equates with ``i`` while the tokenizer does not.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from .find import FILL, INVISIBLE, _prepare
from .postings import FIND_PREFIX
from .tokenize import tokenize

ALWAYS = FIND_PREFIX + "*"
_INVISIBLE = INVISIBLE
# What the ladder lets sit between two characters of the text (engines.search.find._MARKUP_FILL
# and its invisible characters), as one pattern to remove.
_FILL = FILL
_FILL_RE = re.compile(_FILL)
# A fill between two characters that ASCII punctuation does not already separate. Written to
# start with one character class (a fill character, then a look back at the one before it), so
# the regular expression engine scans for it quickly.
_SIDE = r"[^\s!-/:-@\[-`{-~" + _INVISIBLE + "]"
JOIN_AT = re.compile(r"[*_`\\\[\]!" + _INVISIBLE + r"](?<=" + _SIDE + ".)"
                      r"(?:(?<=[*_`\\\[" + _INVISIBLE + r"])|(?<=!)\[|(?<=\])\([^)\s]*\)|(?<=\])\[[^\]\n]*\])"
                      r"(?:" + _FILL + r")*(?=" + _SIDE + ")")
_SPACE = re.compile(r"\s")
CASE_TRAP = "\u0131"  # dotless i: re.IGNORECASE matches it with i and I, casefold() does not


def join(text: str) -> str:
    """``text`` with every fill removed (the form both sides agree on for rungs 2-4)."""
    return _FILL_RE.sub("", text)


def chunk_keys(chunk: str, plain: dict[str, int] | set[str], split_at_end: bool = False) -> list[str]:
    """The find-only keys of one chunk, given its ranking terms ``plain``."""
    keys: set[str] = set()
    end = -1
    first = JOIN_AT.search(chunk)
    for m in JOIN_AT.finditer(chunk, first.start()) if first else ():
        p = m.start()
        if p < end:
            continue
        start = max(chunk.rfind(" ", 0, p), chunk.rfind("\n", 0, p), chunk.rfind("\t", 0, p)) + 1
        space = _SPACE.search(chunk, p)
        end = space.start() if space else len(chunk)
        keys.update(t for t in tokenize(join(chunk[start:end])) if t not in plain)
    out = sorted(FIND_PREFIX + t for t in keys)
    if split_at_end or CASE_TRAP in chunk:
        out.append(ALWAYS)
    return out


def piece_cut(text: str, end: int, next_start: int) -> bool:
    """Whether the piece of ``text`` that spans ``end`` (a chunk's end) lies whole in no chunk:
    it runs on past ``end`` and begins before ``next_start`` (the next chunk's start)."""
    if end <= 0 or end >= len(text) or text[end - 1].isspace() or text[end].isspace():
        return False
    i = end - 1
    while i > 0 and not text[i - 1].isspace():
        i -= 1
    return next_start > i


class Stage(NamedTuple):
    """The terms a text must hold for one step of find to match there (``joined``: each term
    may be held as a find-only ``~`` key instead). ``terms`` empty: no indexed term, so every
    text must be read. ``bound``: the most ranking terms a chunk lying wholly inside a match
    can hold (None: no bound, so the terms are looked for anywhere in a source)."""

    terms: tuple[str, ...]
    joined: bool
    bound: int | None = None


# The most characters one character can become under casefold() and NFKD (U+FDFA becomes a
# whole phrase); tests check it over every code point.
CHAR_GROWTH_MAX = 18
_ASCII_WORD = re.compile(r"[A-Za-z0-9]{2,}")


def char_growth(ch: str) -> int:
    """How many characters ``ch`` can become once case-folded and decomposed (NFKD)."""
    return 1 if ch.isascii() else len(unicodedata.normalize("NFKD", ch.casefold()))


def term_bound(text: str, any_case: bool = False) -> int:
    """An upper bound of ``len(tokenize(part))`` for any part of a text matching ``text``:
    exactly (``any_case`` False), or with its whitespace runs replaced by any whitespace and
    each character by any character ``re.IGNORECASE`` equates with it (``any_case`` True).

    ASCII ``text``: a term is a run of two letters or digits or more, and a part of a match
    holds no more such runs than ``text`` (the few other characters ``re.IGNORECASE`` equates
    with ASCII letters are word characters that fold to one character). Otherwise every term
    is at least one character of the case-folded, decomposed text (character bigrams of Han,
    kana and Hangul are one fewer than their characters), whitespace never holds one, and
    folding a text grows it by at most what folding each character does."""
    if text.isascii():
        return len(_ASCII_WORD.findall(text))
    n = 0
    for ch in text:
        if not ch.isspace():
            n += CHAR_GROWTH_MAX if any_case else char_growth(ch)
    return n


def _interior(text: str) -> list[str]:
    return text.split()[1:-1]


def _terms(pieces: list[str], drop_trap: bool) -> tuple[str, ...]:
    out: set[str] = set()
    for p in pieces:
        out.update(tokenize(p))
    if drop_trap:  # the text may hold i or I where the needle has a dotless i
        out = {t for t in out if CASE_TRAP not in t}
    return tuple(sorted(out))


def exact_stage(needle: str) -> Stage:
    """The terms (and bound) of the exact search."""
    return Stage(_terms(_interior(needle), False), False, term_bound(needle))


def ladder_stages(needle: str) -> list[Stage]:
    """The stages of the tolerance ladder: rungs 0-1 keep the needle's pieces; rungs 2-4 and
    the reader view use their prepared needle with fills removed."""
    from .reader_view import quote_view  # the view's rules cost start-up time: the exact search skips them

    spaced = _prepare(needle, 0)  # rungs 0-1: this text, its spaces any whitespace, in any case
    ladder = [Stage(_terms(_interior(spaced), True), False, term_bound(spaced, any_case=True))]
    seen = set()
    # rungs 2-4, then the reader view (`sb find`'s markup-rendered match: engines.search.reader_view)
    for prepared in (join(_prepare(needle, 2)), join(_prepare(needle, 3)), join(_prepare(needle, 4)),
                     join(quote_view(needle))):
        if prepared in seen:
            continue
        seen.add(prepared)
        # no bound: a link's target or an invisible character inside a word adds terms that
        # are not the needle's, however many the match needs
        ladder.append(Stage(_terms(_interior(prepared), True), True))
    return ladder


def needle_stages(needle: str) -> tuple[Stage, list[Stage]]:
    """The exact stage, and the stages of the tolerance ladder."""
    return exact_stage(needle), ladder_stages(needle)
