"""Near-duplicate texts: a small sketch of each text's 5-word shingles (pure).

Two sources are *copies* for corroboration when they are the same document: identical bytes,
identical canonical text, or another edition or format of it (a PDF and its HTML pages, a
reissue with a corrected line). The first two are hash comparisons. The third compares word
shingles: every run of 5 consecutive words (``\\w+`` tokens, case-folded, so layout, markup and
punctuation do not matter; HTML comments, which no reader sees, are left out). Unrelated texts
on one topic share almost none of them; an edition of a document shares most.

The sketch is a one-permutation MinHash: each distinct shingle gets a 30-bit hash, its top 6 bits
pick one of ``BUCKETS`` buckets and the bucket keeps the smallest of the other 24. The hash is
simple tabulation: every distinct word gets five random 32-bit values from BLAKE2b (one per
place in a shingle, so the sketch is the same in every process and on every machine), and a
shingle's hash is the XOR of its five words' values for their places. Tabulation hashing is
known to be good enough for min-wise estimates, and it lets the whole text be hashed with a few
operations on byte strings instead of one hash call per shingle (five times faster on real
texts). The fraction of buckets two sketches agree on estimates the Jaccard
similarity J of the two shingle sets (standard error about sqrt(J(1-J)/64), 0.06 at J = 0.5).
A sketch is 64 values of 8 hex digits (512 characters), computed in one pass over the text; comparing two
costs 64 comparisons, and with the exact number of distinct shingles stored beside it the share
of the shorter text found in the longer one (its containment) follows from J:

    |A n B| = J (|A| + |B|) / (1 + J),  containment = |A n B| / min(|A|, |B|).

**Rule.** Near-duplicates: the shorter text has at least ``MIN_SHINGLES`` shingles (about 50
words; below that a few shared phrases decide), J >= ``MIN_JACCARD`` (0.3: the texts are within
about 3x of each other's size, so an excerpt quoted inside a long unrelated text does not make
the long text a copy), and containment >= ``MIN_CONTAINMENT`` (0.7: most of the shorter text's
shingles occur in the longer). Why these numbers: the same document as PDF and HTML keeps well
over 90% of its shingles (page headers, footers and hyphenation break a few per page), an edition
with edits keeps most, while independent texts on the same subject share a few percent at most;
0.7 leaves room on both sides for the sketch's error. Lookup uses LSH bands of 2 buckets:
32 bands find a pair with J = 0.3 with probability 0.95, with J >= 0.5 almost surely.
"""

from __future__ import annotations

import operator
import re
import sys
from array import array

from ...base.patterns import lazy

BUCKETS = 64
WORDS = 5
MIN_SHINGLES = 50
MIN_JACCARD = 0.3
MIN_CONTAINMENT = 0.7
BAND = 2  # buckets per LSH band
EMPTY = "--------"
FORMAT = 2  # changes whenever the same text would get another sketch (names the cache file)

_VALUE_BITS = 24  # 30-bit hashes: 6 bits of bucket, 24 of value (small ints sort fast)
_VALUE_MASK = (1 << _VALUE_BITS) - 1
_LOW30 = ((1 << 30) - 1).to_bytes(4, "little")
_U32 = "I" if array("I").itemsize == 4 else "L"  # the typecode of 32-bit values here

_WORD = lazy(r"\w+")
# HTML comments are not read by anyone who reads the document, and templated documents (a
# proposal process's template keeps its guidance in comments) share most of their comments: two
# different proposals from one template were "near-duplicates" until comments were left out
_COMMENT = lazy(r"<!--.*?-->", re.S)


class Sketch(tuple[int, tuple[int | None, ...]]):
    """``(shingles, values)``: the distinct shingles in the text, and the BUCKETS minima (None:
    an empty bucket). A tuple with names, not a ``typing.NamedTuple``: ``sb add`` loads this
    module and never needs ``typing``."""

    __slots__ = ()

    def __new__(cls, shingles: int, values: tuple[int | None, ...]) -> Sketch:
        return tuple.__new__(cls, (shingles, values))

    @property
    def shingles(self) -> int:
        return self[0]

    @property
    def values(self) -> tuple[int | None, ...]:
        return self[1]

    def __getnewargs__(self) -> tuple[int, tuple[int | None, ...]]:  # pickled to and from extraction workers
        return (self[0], self[1])

    def __repr__(self) -> str:
        return f"Sketch(shingles={self[0]!r}, values={self[1]!r})"

    def to_hex(self) -> str:
        return "".join(EMPTY if v is None else f"{v:08x}" for v in self.values)

    @classmethod
    def from_hex(cls, shingles: int, hexed: str) -> Sketch:
        if len(hexed) != 8 * BUCKETS:
            raise ValueError("not a sketch")
        vals = tuple(None if hexed[i:i + 8] == EMPTY else int(hexed[i:i + 8], 16)
                     for i in range(0, 8 * BUCKETS, 8))
        return cls(shingles, vals)


class _Tables(dict):
    """A word's five tabulation values (its UTF-8 bytes to 20 bytes), kept across the texts one
    process sketches: a batch of texts shares most of its words, so each is hashed once instead
    of once per text (about 20 bytes and a key per word; cleared past ``_TABLES_MAX``). A word
    seen for the first time is hashed on lookup, so a text costs one pass over its words."""

    __slots__ = ()

    def __missing__(self, word: bytes) -> bytes:
        import hashlib  # here: a command that only reads sketches never hashes a word

        value = self[word] = hashlib.blake2b(word, digest_size=4 * WORDS, person=b"sb-shingle").digest()
        return value


_TABLES = _Tables()
_TABLES_MAX = 1_000_000


# Keeps the bytes of ASCII word characters (letters, digits, "_"), with capitals made small, and
# of every character beyond ASCII, and turns the other ASCII bytes into spaces.
_WORD_BYTES = bytes(b + 32 if 65 <= b <= 90 else b if 48 <= b <= 57 or 97 <= b <= 122 or b == 95 or b >= 128
                    else 32 for b in range(256))


def _words(text: str) -> list[bytes]:
    """The UTF-8 bytes of ``re.findall(r"\\w+", text.casefold())``, mostly in C. The text's bytes
    are split at ASCII characters that are not word characters (ASCII letters made small: that
    is their case folding) and at whitespace; only a piece holding a character beyond ASCII is
    case-folded and searched with the pattern. A piece of ASCII only is one run of word
    characters already: what bounds it is a separator, or it would hold the character beyond it.
    Folding a character beyond ASCII never makes an ASCII separator, so the pieces are the same
    before and after folding, and folding goes character by character. Pieces beyond ASCII are
    found with ``bytes.find`` on a copy where every such byte is one byte (a regular expression
    scanning the whole text for them cost a tenth of the sketch), and a piece's words are kept
    for the next text that has it (most are a few punctuation marks and common words)."""
    data = text.encode("utf-8", "surrogatepass").translate(_WORD_BYTES)
    if text.isascii():
        return data.split()
    high = data.translate(_HIGH_BYTES)
    pieces = _PIECES
    out: list[bytes] = []
    at = 0  # the words before here are in ``out``
    i = high.find(b"\x80")
    while i >= 0:
        start = data.rfind(b" ", at, i) + 1 if i > at else at
        end = data.find(b" ", i)
        if end < 0:
            end = len(data)
        out += data[at:start].split()
        piece = data[start:end]
        words = pieces.get(piece)
        if words is None:
            if len(pieces) > _PIECES_MAX:
                pieces.clear()
            folded = piece.decode("utf-8", "surrogatepass").casefold()
            words = pieces[piece] = [w.encode("utf-8", "surrogatepass") for w in _WORD.findall(folded)]
        out += words
        at = end
        i = high.find(b"\x80", end)
    out += data[at:].split()
    return out


# every byte beyond ASCII made 0x80, the others kept (``_words`` finds them with ``bytes.find``)
_HIGH_BYTES = bytes(b if b < 128 else 128 for b in range(256))
_PIECES: dict[bytes, list[bytes]] = {}  # a piece beyond ASCII: its words (see ``_words``)
_PIECES_MAX = 100_000


def sketch(text: str) -> Sketch:
    """The sketch of a text's 5-word shingles."""
    if "<!--" in text:
        text = _COMMENT.sub(" ", text)
    words = _words(text)
    n = len(words) - WORDS + 1
    if n <= 0:
        return Sketch(0, (None,) * BUCKETS)
    tables = _TABLES
    # row i of ``cells`` holds word i's five values; the value for place k of the shingle that
    # starts at word i is cell (i + k, k), at index 5i + 6k: one strided slice per place
    cells = array(_U32)
    cells.frombytes(b"".join(map(tables.__getitem__, words)))
    if len(tables) > _TABLES_MAX:
        tables.clear()  # bounded memory; the values are a pure function of the word
    if sys.byteorder == "big":
        cells.byteswap()  # digest bytes are read little-endian everywhere
    mixed = 0
    for k in range(WORDS):
        mixed ^= int.from_bytes(cells[(WORDS + 1) * k::WORDS][:n].tobytes(), "little")
    mixed &= int.from_bytes(_LOW30 * n, "little")
    data = mixed.to_bytes(4 * n, "little")  # the hashes, little-endian
    hashes = array(_U32)
    hashes.frombytes(data)
    if sys.byteorder == "big":
        hashes.byteswap()
    distinct = set(hashes)
    mins = _bucket_minima(data, hashes) or _minima(sorted(distinct))
    return Sketch(len(distinct), mins)


_PER_BUCKET = 16  # hashes expected in each bucket below the cut (``_bucket_minima``)


def _bucket_minima(data: bytes, hashes: array) -> tuple[int | None, ...] | None:
    """Each bucket's least value, sorting only the hashes whose value lies below a cut chosen
    so that each bucket expects ``_PER_BUCKET`` of them: a value below the cut is less than
    every value above it, so a bucket holding such a hash has its minimum among them. The cut
    is read from the value's high bytes (``data``: the hashes, little-endian), in C. None when
    the text is short (sorting all costs little) or some bucket has no hash below the cut (its
    minimum may lie above it, or it is empty): the caller then sorts them all."""
    from itertools import compress

    per = len(hashes) // BUCKETS
    if per < 3 * _PER_BUCKET:
        return None
    top = data[2::4]  # bits 16-23 of each value
    share = _PER_BUCKET / per  # of the values to keep
    if share * 256 >= 1:  # a cut on the top byte alone
        keep = top.translate(_below(-int(-share * 256 // 1)))
    else:  # the top byte 0 and the next one below a cut
        cut = -int(-share * 65536 // 1)
        keep = (int.from_bytes(top.translate(_below(1)), "little")
                & int.from_bytes(data[1::4].translate(_below(cut)), "little")).to_bytes(len(top), "little")
    ordered = sorted(compress(hashes, keep))
    mins = _minima(ordered)
    return None if None in mins else mins


def _below(cut: int) -> bytes:
    """The table ``bytes.translate`` takes to mark bytes below ``cut`` 1 and the others 0."""
    return b"\x01" * cut + b"\x00" * (256 - cut)


def _minima(ordered: list[int]) -> tuple[int | None, ...]:
    """Each bucket's least value (None: none) in a sorted list of hashes."""
    import bisect

    # sorted by hash = grouped by bucket (the top 6 bits), each group's first is its minimum
    mins: list[int | None] = []
    lo = 0
    for b in range(1, BUCKETS + 1):
        hi = bisect.bisect_left(ordered, b << _VALUE_BITS, lo)
        mins.append(ordered[lo] & _VALUE_MASK if hi > lo else None)
        lo = hi
    return tuple(mins)


def jaccard(a: Sketch, b: Sketch) -> float:
    """The estimated Jaccard similarity of the two shingle sets."""
    same = sum(map(operator.eq, a.values, b.values))  # C-speed: thousands of pairs in a batch
    both_empty = 0
    if None in a.values and None in b.values:
        both_empty = sum(x is None and y is None for x, y in zip(a.values, b.values, strict=True))
    used = BUCKETS - both_empty
    return (same - both_empty) / used if used else 0.0


def may_be_near(a_shingles: int, b_shingles: int) -> bool:
    """Whether texts with these shingle counts can be near-duplicates at all: the Jaccard
    similarity of two sets is at most the smaller size over the larger, so a pair that cannot
    reach ``MIN_JACCARD`` is settled without comparing sketches."""
    small, big = min(a_shingles, b_shingles), max(a_shingles, b_shingles)
    return small >= MIN_SHINGLES and small >= MIN_JACCARD * big


class Likeness(tuple[float, float]):
    """``(jaccard, containment)``: the containment is of the shorter text in the longer."""

    __slots__ = ()

    def __new__(cls, jaccard: float, containment: float) -> Likeness:
        return tuple.__new__(cls, (jaccard, containment))

    @property
    def jaccard(self) -> float:
        return self[0]

    @property
    def containment(self) -> float:
        return self[1]

    def __getnewargs__(self) -> tuple[float, float]:
        return (self[0], self[1])

    def __repr__(self) -> str:
        return f"Likeness(jaccard={self[0]!r}, containment={self[1]!r})"

    @property
    def near(self) -> bool:
        return self.jaccard >= MIN_JACCARD and self.containment >= MIN_CONTAINMENT


def likeness(a: Sketch, b: Sketch) -> Likeness:
    small = min(a.shingles, b.shingles)
    if not may_be_near(a.shingles, b.shingles):
        return Likeness(0.0, 0.0)
    j = jaccard(a, b)
    shared = j * (a.shingles + b.shingles) / (1 + j)
    return Likeness(j, min(1.0, shared / small))


def bands(hexed: str) -> list[str]:
    """The LSH band keys of a sketch in hex (bands holding an empty bucket are left out)."""
    width = 8 * BAND
    out = []
    for n, i in enumerate(range(0, len(hexed), width)):
        part = hexed[i:i + width]
        if EMPTY not in part:
            out.append(f"{n}:{part}")
    return out
