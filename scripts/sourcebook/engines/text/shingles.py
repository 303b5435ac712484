"""Near-duplicate texts: a small sketch of each text's 5-word shingles (pure).

Two sources are *copies* for corroboration when they are the same document: identical bytes,
identical canonical text, or another edition or format of it (a PDF and its HTML pages, a
reissue with a corrected line). The first two are hash comparisons. The third compares word
shingles: every run of 5 consecutive words (``\\w+`` tokens, case-folded, so layout, markup and
punctuation do not matter). Unrelated texts on one topic share almost none of them; an edition
of a document shares most.

The sketch is a one-permutation MinHash: each distinct shingle is hashed once (BLAKE2b, so the
sketch is the same in every process), the hash picks one of ``BUCKETS`` buckets and the bucket
keeps its smallest value. The fraction of buckets two sketches agree on estimates the Jaccard
similarity J of the two shingle sets (standard error about sqrt(J(1-J)/64), 0.06 at J = 0.5).
A sketch is 64 x 32 bits (512 hex characters), computed in one pass over the text; comparing two
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

import hashlib
import re
from typing import NamedTuple

BUCKETS = 64
WORDS = 5
MIN_SHINGLES = 50
MIN_JACCARD = 0.3
MIN_CONTAINMENT = 0.7
BAND = 2  # buckets per LSH band
EMPTY = "--------"

_WORD = re.compile(r"\w+")


class Sketch(NamedTuple):
    shingles: int  # distinct shingles in the text
    values: tuple[int | None, ...]  # BUCKETS minima (None: an empty bucket)

    def to_hex(self) -> str:
        return "".join(EMPTY if v is None else f"{v:08x}" for v in self.values)

    @classmethod
    def from_hex(cls, shingles: int, hexed: str) -> Sketch:
        if len(hexed) != 8 * BUCKETS:
            raise ValueError("not a sketch")
        vals = tuple(None if hexed[i:i + 8] == EMPTY else int(hexed[i:i + 8], 16)
                     for i in range(0, 8 * BUCKETS, 8))
        return cls(shingles, vals)


def sketch(text: str) -> Sketch:
    """The sketch of a text's 5-word shingles."""
    words = _WORD.findall(text.casefold())
    mins: list[int | None] = [None] * BUCKETS
    seen: set[str] = set()
    blake = hashlib.blake2b
    for i in range(len(words) - WORDS + 1):
        sh = " ".join(words[i:i + WORDS])
        if sh in seen:
            continue
        seen.add(sh)
        h = int.from_bytes(blake(sh.encode("utf-8"), digest_size=8).digest(), "big")
        b, v = h % BUCKETS, h >> 32
        cur = mins[b]
        if cur is None or v < cur:
            mins[b] = v
    return Sketch(len(seen), tuple(mins))


def jaccard(a: Sketch, b: Sketch) -> float:
    """The estimated Jaccard similarity of the two shingle sets."""
    same = used = 0
    for x, y in zip(a.values, b.values, strict=True):
        if x is None and y is None:
            continue
        used += 1
        same += x == y
    return same / used if used else 0.0


class Likeness(NamedTuple):
    jaccard: float
    containment: float  # of the shorter text in the longer

    @property
    def near(self) -> bool:
        return self.jaccard >= MIN_JACCARD and self.containment >= MIN_CONTAINMENT


def likeness(a: Sketch, b: Sketch) -> Likeness:
    small = min(a.shingles, b.shingles)
    if small < MIN_SHINGLES:
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
