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
  text, so for them a piece is taken with those *fills* removed (``join``), and a piece holding
  a bracket or a bang gives none (``markup_terms``); the reader view takes the words of the
  needle's view, fills removed (``view_terms``).
- **The text side** (``chunk_keys``). Where a fill sits inside a piece of the text
  (``snake_case``, ``im*port*ant``, a soft hyphen), the piece with its fills removed can have
  terms the piece itself lacks (``snakecase``); they are indexed as find-only keys
  ``~snakecase``. A chunk gets the key ``~*`` ("always check this text") when its last piece is
  cut in two by a hard chunk cut, or when it holds a dotless ``ı``, the one character that the
  ladder's case-insensitive match equates with ``i`` while the tokenizer does not. Where the
  reader view shows a word no piece of the text holds (a role or hyperlink reference touching a
  word, a reference label holding whitespace), the word's terms are keys of every chunk
  overlapping the text that shows it (``view_keys``).

**How much a chunk inside a match can hold** (``Stage.bound``, ``find_count``). For the exact,
whitespace and case steps it is a number of ranking terms (``term_bound``). For the markup rungs
and the reader view it is a number of characters: the *find count* of a chunk is the number of
letters and digits in its interior pieces (all but its first and last) that lie outside every
place where markup may hide text (``hidden_spans``: a link's target or reference label, a code
fence line with its info string, a list number, a reStructuredText role or hyperlink
reference), found at every start, overlapping ones included. A chunk lying wholly inside a match
has a find count of at most:

- at rungs 2-4, the prepared needle's characters that can match a letter or a digit
  (``char_bound``), for any part of a match: a match is the needle's characters, each matching
  one character, with fills and whitespace between them. The only fill holding letters or
  digits is a link's target ``](...)``, and each lies in a hidden span (every start is tried),
  so what is counted are characters the needle's characters matched, one each;
- for the reader view, the needle view's letters and digits (``view_bound``). Letters and digits
  outside hidden spans are copied to the view as they are (the view drops or renders only what
  those spans cover), and a chunk counted this way lies between two pieces of the match (see
  ``domain/index/find.py``), so each is one of the view's letters in the match.

A count that is too low is always safe: it only widens the windows find looks in.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterator
from itertools import islice

from ...base.patterns import hot, lazy
from ...base.record import TupleRecord
from .find import FILL, INVISIBLE, _prepare
from .postings import FIND_PREFIX
from .tokenize import DROPPED_FIRST, coarse_text, dropped_first_counts, tokenize

ALWAYS = FIND_PREFIX + "*"
_INVISIBLE = INVISIBLE
# What the ladder lets sit between two characters of the text (engines.search.find._MARKUP_FILL
# and its invisible characters), as one pattern to remove.
_FILL = FILL
_FILL_RE = hot(_FILL)
# A fill between two characters that ASCII punctuation does not already separate. Written to
# start with one character class (a fill character, then a look back at the one before it), so
# the regular expression engine scans for it quickly.
_SIDE = r"[^\s!-/:-@\[-`{-~" + _INVISIBLE + "]"
# Within one piece: a reference label holding whitespace joins two pieces, which the reader
# view's keys take care of (``view_keys``), so a join point never runs past the piece it is in.
_PIECE_FILL = _FILL.replace(r"\]\[[^\]\n]*\]", r"\]\[[^\]\s]*\]")
JOIN_AT = hot(r"[*_`\\\[\]!" + _INVISIBLE + r"](?<=" + _SIDE + ".)"
                      r"(?:(?<=[*_`\\\[" + _INVISIBLE + r"])|(?<=!)\[|(?<=\])\([^)\s]*\)|(?<=\])\[[^\]\s]*\])"
                      r"(?:" + _PIECE_FILL + r")*(?=" + _SIDE + ")")
_SPACE = hot(r"\s")
CASE_TRAP = "\u0131"  # dotless i: re.IGNORECASE matches it with i and I, casefold() does not


# Where the reader view or a link may hide letters and digits, as patterns that find every place
# (each consumes its first character only, so a search tries each start): a reStructuredText
# role, a hyperlink reference, a link's target or reference label (engines.search.reader_view
# ._TOKEN; a reference's text is checked below to end in a character that is not whitespace,
# which its possessive form cannot say, and so never backtracks); and the line-start constructs,
# code fence lines and list numbers, which no other span can hide a start of.
_ROLE_AT = hot(r":(?=([A-Za-z][\w.+-]*(?::[A-Za-z][\w.+-]*)*:`(?:[^`\\\n]|\\.)+`))")
# (written without possessive quantifiers, which Python 3.10 lacks; the run stops at a newline,
# so the two parts never compete for a character and nothing is tried twice)
_REF_AT = hot(r"`(?=([^`<\n]*(?:\n\s*)?<[^>\n]+>`_{0,2}))")
_LINK_AT = hot(r"\](?=(\[[^\]\n]*\]|\([^)\s]*\)))")
# (the look ahead fails at most line starts before the alternatives are tried)
_LINE = r"(?=[ \t]*[`~\d])[ \t]*(?:(?:`{3,}|~{3,})[^\n]*|\d{1,9}[.)](?=[ \t]))"
_LINE_AT = hot(r"\n" + _LINE)
_FIRST_LINE = hot(_LINE)
_ALNUM_BYTES = bytes(int(chr(b).isalnum()) for b in range(128)) + bytes(128)
_WIDE_ALNUM = lazy(r"[^\x00-\x7f\W_]+")  # str.isalnum() beyond ASCII: what \w holds but "_"


class Hidden(TupleRecord):
    """What markup in a text may hide from find (``hidden_spans``)."""

    mask: bytearray  # per character: 1 for a letter or digit outside every hidden span, else 0
    spots: list[tuple[int, int]]  # where the reader view may show a word no piece of the text holds
    refs: list[tuple[int, int]]  # every span a hyperlink reference could take (it may cross lines)


def hidden_spans(text: str) -> Hidden:
    """Where markup may hide letters and digits in ``text`` (as a mask of the letters and digits
    outside those places), and the *spots* where the reader view may show a word that no piece
    of the text holds: a role (``x:pep:`8``` shows "xPEP"), a hyperlink reference (```Title
    <url>`_s`` shows "Titles") and a reference label holding whitespace (``a][b c]d`` shows
    "ad"). Every start is tried, so every span the view's own tokens take is among them."""
    raw = text.encode("ascii", "replace")  # one byte a character: "?" for each one not ASCII
    mask = bytearray(raw.translate(_ALNUM_BYTES))
    if not text.isascii():  # each run of letters and digits beyond ASCII, matched whole in C
        i = raw.find(b"?")
        while i >= 0:
            m = _WIDE_ALNUM.match(text, i)
            if m is None:
                i = raw.find(b"?", i + 1)
            else:
                j = m.end()
                mask[i:j] = b"\x01" * (j - i)
                i = raw.find(b"?", j)
    spots: list[tuple[int, int]] = []
    refs: list[tuple[int, int]] = []
    for m in _ROLE_AT.finditer(text):
        a, b = m.start(), m.end(1)
        mask[a:b] = bytes(b - a)
        spots.append((a, b))
    if b">`" in raw:  # every reference ends "<url>`": a text without that pair holds none
        for m in _ref_matches(text, raw):
            a, b = m.start(), m.end(1)
            if text[a + 1:text.index("<", a)].strip():  # the reference's text: not only whitespace
                mask[a:b] = bytes(b - a)
                spots.append((a, b))
                refs.append((a, b))
    for m in _LINK_AT.finditer(text):
        a, b = m.start(), m.end(1)
        mask[a:b] = bytes(b - a)
        if text[a + 1] == "[" and _SPACE.search(text, a, b):
            spots.append((a, b))
    m = _FIRST_LINE.match(text)
    if m is not None:
        mask[:m.end()] = bytes(m.end())
    for m in _LINE_AT.finditer(text):  # from each line's "\n"
        a, b = m.start() + 1, m.end()
        mask[a:b] = bytes(b - a)
    spots.sort()
    return Hidden(mask, spots, refs)


def _ref_matches(text: str, raw: bytes) -> Iterator[re.Match]:
    """``_REF_AT.finditer(text)``, trying only the backticks that can start a reference: one
    ending "<url>`" at a ">`" has its "<" on that line, and begins on that line or on the last
    line before it that is not blank (only whitespace may lie between its line's end and the
    "<"), so the backticks of those lines before each ">`" are tried, each once, in order.
    ``raw``: the text one byte a character (``hidden_spans``), where the pairs are found faster."""
    done = 0
    q = raw.find(b">`")
    while q >= 0:
        line = text.rfind("\n", 0, q) + 1
        j = line - 1
        while j >= 0 and text[j].isspace():
            j -= 1
        p = text.find("`", max(done, text.rfind("\n", 0, j) + 1 if j >= 0 else 0), q)
        while p >= 0:
            m = _REF_AT.match(text, p)
            if m is not None:
                yield m
            p = text.find("`", p + 1, q)
        done = q
        q = raw.find(b">`", q + 1)


def view_keys(text: str, hidden: Hidden, chunks: list[tuple[int, int]]) -> dict[int, set[str]]:
    """Terms of the reader view's words around each spot (``hidden_spans``), each for every chunk
    (``chunks``: ``(start, end)`` in order) that overlaps the part of the text showing it: a
    chunk holding a piece of the text that shows part of a word then holds the word's terms.

    The view is built over windows of whole lines. A window starts and ends at the start of a
    line that is not blank and lies inside no span a hyperlink reference could take (or at the
    text's ends): no token of the view crosses such a place (only whitespace and references span
    a line break), and the view of the text before it ends in a space, so the window's view is
    the text's view there, word for word."""
    from .reader_view import _src_end, _src_start, build

    out: dict[int, set[str]] = {}
    if not hidden.spots:
        return out
    starts = [s for s, _ in chunks]
    ends = [e for _, e in chunks]
    windows: list[list[int]] = []
    for a, b in hidden.spots:
        lo, hi = _cut_before(text, a, hidden.refs), _cut_after(text, b, hidden.refs)
        if windows and lo <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], hi)
        else:
            windows.append([lo, hi])
    for lo, hi in windows:
        part = text[lo:hi]
        v = build(part)
        for m in _WORD_RUN.finditer(v.text):
            terms = _joined_terms(m.group())
            if not terms:
                continue
            ra, rb = lo + _src_start(v, m.start()), lo + _src_end(v, m.end())
            first = bisect.bisect_right(ends, ra)  # chunks ending after the word's start
            for k in range(first, bisect.bisect_left(starts, rb)):
                out.setdefault(k, set()).update(terms)
    return out


_WORD_RUN = hot(r"[^ ]+")


def _cut(text: str, i: int, refs: list[tuple[int, int]]) -> bool:
    """Whether the start of the line at ``i`` is a place no token of the reader view crosses."""
    if i <= 0 or i >= len(text):
        return True
    nl = text.find("\n", i)
    if not text[i:nl if nl >= 0 else len(text)].strip():
        return False  # a blank line: whitespace there may belong to a token from the line before
    return not any(s < i < e for s, e in refs)


def _cut_before(text: str, a: int, refs: list[tuple[int, int]]) -> int:
    i = text.rfind("\n", 0, a) + 1
    while not _cut(text, i, refs):
        i = text.rfind("\n", 0, i - 1) + 1
    return i


def _cut_after(text: str, b: int, refs: list[tuple[int, int]]) -> int:
    i = b
    while True:
        nl = text.find("\n", i)
        i = len(text) if nl < 0 else nl + 1
        if _cut(text, i, refs):
            return i


def find_count(text: str, start: int, end: int, hidden: Hidden) -> int:
    """The find count of the chunk ``text[start:end]``: letters and digits of its interior pieces
    outside the spans ``hidden`` holds (``hidden_spans``)."""
    a = start
    while a < end and not text[a].isspace():
        a += 1
    b = end
    while b > a and not text[b - 1].isspace():
        b -= 1
    return hidden.mask.count(1, a, b) if b > a else 0


def char_bound(text: str) -> int:
    """The most letters and digits a part of a match of ``text`` can hold at rungs 2-4: one per
    character that is not whitespace, except ASCII punctuation (``re.IGNORECASE`` and the
    ladder's quote and dash classes equate it with punctuation only)."""
    return sum(1 for c in text if not c.isspace() and (c.isalnum() or not c.isascii()))


def join(text: str) -> str:
    """``text`` with every fill removed (the form both sides agree on for rungs 2-4)."""
    return _FILL_RE.sub("", text)


# The terms of a piece with its fills removed, kept across the chunks one process indexes (an
# identifier such as ``snake_case`` recurs through a text); a pure function of the piece.
_JOINED: dict[str, tuple[str, ...]] = {}
_JOINED_MAX = 100_000


def _joined_terms(piece: str) -> tuple[str, ...]:
    """``tokenize(join(piece))``, remembered."""
    terms = _JOINED.get(piece)
    if terms is None:
        terms = tuple(tokenize(join(piece)))
        if len(_JOINED) >= _JOINED_MAX:
            _JOINED.clear()
        _JOINED[piece] = terms
    return terms


def chunk_keys(chunk: str, plain: dict[str, int] | set[str], split_at_end: bool = False) -> list[str]:
    """The find-only keys of one chunk, given its ranking terms ``plain``."""
    first = JOIN_AT.search(chunk)
    return _chunk_keys(chunk, plain, split_at_end, None if first is None else first.start())


def _chunk_keys(chunk: str, plain: dict[str, int] | set[str], split_at_end: bool, first: int | None) -> list[str]:
    """``chunk_keys`` given where the first match of ``JOIN_AT`` in the chunk starts (or None)."""
    keys: set[str] = set()
    search = JOIN_AT.search
    m = None if first is None else search(chunk, first)
    while m is not None:
        p = m.start()
        start = max(chunk.rfind(" ", 0, p), chunk.rfind("\n", 0, p), chunk.rfind("\t", 0, p)) + 1
        space = _SPACE.search(chunk, p)
        end = space.start() if space else len(chunk)
        keys.update(_joined_terms(chunk[start:end]))
        # the next piece's: a match holds no whitespace, so none found before ``end`` starts after it
        m = search(chunk, end) if space else None
    out = sorted(map(FIND_PREFIX.__add__, keys.difference(plain)))  # (plain may be long, keys are few)
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


def index_entries(text: str, chunks: list[tuple[int, int]]) -> list[tuple[dict[str, int], list[str], int]]:
    """What the index holds of each chunk ``text[start:end]`` of a text (``chunks`` in order):
    its ranking terms with their counts, its find-only keys and its find count."""
    return [(dict(islice(counts.items(), DROPPED_FIRST, None)), keys, n)
            for counts, keys, n in index_entries_dropped_first(text, chunks)]


def index_entries_dropped_first(text: str, chunks: list[tuple[int, int]]) -> list[tuple[dict[str, int], list[str], int]]:
    """``index_entries``, each chunk's counts after ``DROPPED_FIRST`` entries of words the
    tokenizer drops (``tokenize.dropped_first_counts``), which a reader skips: what the index
    builder takes."""
    out: list[tuple[dict[str, int], list[str], int]] = []
    size, n = len(text), len(chunks)
    hidden = hidden_spans(text)  # where markup may hide letters, and words only the reader view shows
    extra = view_keys(text, hidden, chunks)
    needs_keys = JOIN_AT.search
    trap = CASE_TRAP in text
    coarse = coarse_text(text)  # lower-cased once for the whole text: its chunks are slices of it
    for i, (s, e) in enumerate(chunks):
        counts = dropped_first_counts(coarse[s:e])  # a dropped word is never a term or key: "in counts" holds
        # (most chunks end in whitespace: piece_cut is called only when a piece runs over the end)
        cut = (e < size and not text[e].isspace() and not text[e - 1].isspace()
               and piece_cut(text, e, chunks[i + 1][0] if i + 1 < n else size))
        keys: list[str] = []
        # JOIN_AT in text[s:e], searched in place: its look back sees the character before s,
        # which the chunk lacks, so a match at s itself is not the chunk's
        first = needs_keys(text, s, e)
        if first is not None and first.start() == s:
            first = needs_keys(text, s + 1, e)
        if cut or first or (trap and text.find(CASE_TRAP, s, e) >= 0) or i in extra:
            keys = _chunk_keys(text[s:e], counts, cut, None if first is None else first.start() - s)
            more = {FIND_PREFIX + t for t in extra.get(i, ()) if t not in counts}
            if more:
                keys = sorted(more.union(keys))
        out.append((counts, keys, find_count(text, s, e, hidden)))
    return out


class Stage(TupleRecord):
    """The terms a text must hold for one step of find to match there (``joined``: each term
    may be held as a find-only ``~`` key instead). ``terms`` empty: no indexed term, so every
    text must be read. ``bound``: the most a chunk lying wholly inside a match can hold (None: no
    bound, so the terms are looked for anywhere in a source): ranking terms for a step that is
    not ``joined``, its find count (``find_count``) for one that is."""

    terms: tuple[str, ...]
    joined: bool
    bound: int | None = None


# The most characters one character can become under casefold() and NFKD (U+FDFA becomes a
# whole phrase); tests check it over every code point.
CHAR_GROWTH_MAX = 18
_ASCII_WORD = hot(r"[A-Za-z0-9]{2,}")


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


def view_bound(view: str) -> int:
    """The most letters and digits outside hidden spans a chunk inside a reader-view match of
    ``view`` (a needle's view) can hold: the view's own."""
    return sum(map(str.isalnum, view))


def exact_stage(needle: str) -> Stage:
    """The terms (and bound) of the exact search."""
    return Stage(_terms(_interior(needle), False), False, term_bound(needle))


# A needle's own bracket or bang can start a fill (``][x]``, ``![``) that takes in more of the
# needle than the same characters do in a text with fills between them: such a piece gives no term.
_OPENS_FILL = hot(r"[\[\]!]")


def markup_terms(prepared: str) -> tuple[str, ...]:
    """The terms of a needle prepared for rungs 2-4: of each interior piece with its fills removed.

    A piece of a match is the needle's piece with fills between its characters, and removing
    fills from it gives the needle's piece back when the piece holds no ``[``, ``]`` or ``!``
    (only those can start a fill that takes in a character of the needle: a link's target ends
    at its own ``)``). So each term is a term or a find-only key of the text's piece."""
    return _terms([join(p) for p in _interior(prepared) if not _OPENS_FILL.search(p)], True)


def view_terms(view: str) -> tuple[str, ...]:
    """The terms of a needle's reader view: of each interior word with its fills removed (each is
    a term or key of the chunks showing that word: ``chunk_keys``, ``view_keys``)."""
    return _terms([join(p) for p in _interior(view)], True)


def ladder_stages(needle: str) -> list[Stage]:
    """The stages of the tolerance ladder: rungs 0-1 keep the needle's pieces; rungs 2-4 and
    the reader view take each piece of their prepared needle with its fills removed (a piece, as
    the match keeps the needle's whitespace: a fill holding a space never joins two of them)."""
    from .reader_view import quote_view  # the view's rules cost start-up time: the exact search skips them

    spaced = _prepare(needle, 0)  # rungs 0-1: this text, its spaces any whitespace, in any case
    ladder = [Stage(_terms(_interior(spaced), True), False, term_bound(spaced, any_case=True))]
    bounds: dict[tuple[str, ...], int] = {}
    # rungs 2-4, then the reader view (`sb find`'s markup-rendered match: engines.search.reader_view)
    steps = [(markup_terms(p), char_bound(p)) for p in (_prepare(needle, r) for r in (2, 3, 4))]
    view = quote_view(needle)
    for terms, bound in steps + [(view_terms(view), view_bound(view))]:
        bounds[terms] = max(bound, bounds.get(terms, 0))  # one stage for steps with the same terms
    ladder.extend(Stage(terms, True, bound) for terms, bound in bounds.items())
    return ladder


def needle_stages(needle: str) -> tuple[Stage, list[Stage]]:
    """The exact stage, and the stages of the tolerance ladder."""
    return exact_stage(needle), ladder_stages(needle)
