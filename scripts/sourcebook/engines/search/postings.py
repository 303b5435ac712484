"""The postings of one index segment: built in memory, written and read as bytes.

Pure: values in, values out (no files). ``domain/sources/index_segments.py`` does the I/O.

A segment numbers its documents from 0. For each term it holds the documents that contain it,
in ascending order, and the term's frequency in each. On disk:

- ``terms.tsv``: one line per term, ``term TAB df TAB offset``, grouped by shard (CRC-32 of the
  term mod 256) and sorted by term within a shard; ``terms.idx`` holds the byte offset of each
  shard's first line (257 little-endian uint64), so a lookup reads one shard's lines only;
- ``postings.bin``: at ``offset``, ``df`` document numbers (little-endian uint32), then ``df``
  term frequencies (uint16, or uint32 when the segment's largest frequency needs it).

Terms starting with ``~`` never come from the tokenizer (``~`` separates words): they are
find-only keys (``engines/search/findterms.py``), held beside the ranking terms and ignored by
BM25 and by the term count.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections import defaultdict, deque
from collections.abc import Iterator
from itertools import accumulate, chain, islice, repeat
from operator import floordiv, mod, mul

SHARDS = 256
FIND_PREFIX = "~"
_BIG = sys.byteorder == "big"
_consume = deque[object](maxlen=0).extend
_extend = bytearray.extend
_PAIR = struct.Struct("<II")  # a posting as the builder keeps it: document and frequency, little-endian
_pack = _PAIR.pack


def shard_of(term: str) -> int:
    return zlib.crc32(term.encode("utf-8")) % SHARDS


def le(arr: array) -> bytes:
    """An array's bytes, little-endian whatever the machine."""
    if _BIG:
        arr = array(arr.typecode, arr)
        arr.byteswap()
    return arr.tobytes()


def from_le(typecode: str, data: bytes) -> array:
    arr = array(typecode)
    arr.frombytes(data)
    if _BIG:
        arr.byteswap()
    return arr


class Builder:
    """Postings of consecutive documents numbered from ``base``, kept as one ``bytearray`` per
    term holding its ``doc, tf`` pairs packed little-endian (8 bytes a posting), each packed and
    appended in C: no Python loop per posting. Half the memory of a list of ints, and a shard's
    postings become its bytes by joining and striding, with no int converted."""

    def __init__(self, base: int = 0) -> None:
        self.base = base
        self._post: defaultdict[str, bytearray] = defaultdict(bytearray)
        self.doclen = array("I")
        self.findlen = array("I")  # each document's find count (engines.search.findterms.find_count)
        self.postings = 0
        self.tf_max = 1

    def add(self, counts: dict[str, int], find_only: list[str] | tuple = (), find_count: int = 0,
            skip: int = 0) -> int:
        """Add one document: its ranking terms with their counts (after ``skip`` entries that
        are not terms: ``tokenize.dropped_first_counts``), find-only keys, and its find count."""
        doc = self.base + len(self.doclen)
        tfs = counts.values()
        n = sum(islice(tfs, skip, None))
        self.doclen.append(n)
        self.findlen.append(find_count)
        get = self._post.__getitem__
        _consume(map(_extend, map(get, islice(counts, skip, None)), map(_pack, repeat(doc), islice(tfs, skip, None))))
        if find_only:  # keys the ranking terms do not hold (engines.search.findterms.chunk_keys)
            _consume(map(_extend, map(get, find_only), repeat(_pack(doc, 1))))
        distinct = len(counts) - skip
        self.postings += distinct + len(find_only)
        if n - distinct >= self.tf_max:  # each other term takes one of the n: no frequency exceeds n - distinct + 1
            top = max(islice(tfs, skip, None))
            if top > self.tf_max:
                self.tf_max = top
        return doc

    def __len__(self) -> int:
        return len(self.doclen)

    def shards(self) -> Iterator[tuple[int, list[str], list[int], bytes]]:
        """``(shard, terms, dfs, postings)`` of each shard holding a term, in on-disk order: the
        shard's terms sorted, their document frequencies, and its postings bytes (each term's
        documents, then its frequencies, ``tf_width`` wide). Each step runs over a whole shard
        in C (no Python step per term or posting). Read once: each shard's postings are let go
        as its bytes are made."""
        post = self._post
        # each term into its shard's list (shard_of), then each shard's sorted: smaller sorts
        # than one of every term
        terms = list(post)
        groups: list[list[str]] = [[] for _ in range(SHARDS)]
        shard_ids = map(mod, map(zlib.crc32, map(str.encode, terms)), repeat(SHARDS))
        _consume(map(list.append, map(groups.__getitem__, shard_ids), terms))
        del terms
        width = 4 if self.tf_max >= 65536 else 2
        pop = post.pop
        for shard, names in enumerate(groups):
            if not names:
                continue
            names.sort()
            blocks = list(map(pop, names))
            dfs = list(map(floordiv, map(len, blocks), repeat(_PAIR.size)))
            packed = b"".join(blocks)
            del blocks
            # the pairs' bytes are picked out whole, never read as numbers: little-endian on
            # any machine
            pairs = array("I")
            pairs.frombytes(packed)
            dbytes = pairs[0::2].tobytes()
            if width == 4:
                tbytes = pairs[1::2].tobytes()
            else:  # each frequency's low half: the third of the pair's four 16-bit units
                halves = array("H")
                halves.frombytes(packed)
                tbytes = halves[2::4].tobytes()
            del packed, pairs
            dcut = list(accumulate(map(mul, dfs, repeat(4)), initial=0))
            tcut = list(accumulate(map(mul, dfs, repeat(width)), initial=0))
            dparts = map(dbytes.__getitem__, map(slice, dcut, dcut[1:]))
            tparts = map(tbytes.__getitem__, map(slice, tcut, tcut[1:]))
            yield shard, names, dfs, b"".join(chain.from_iterable(zip(dparts, tparts, strict=True)))


def parse_shard(text: str) -> Iterator[tuple[str, int, int]]:
    """The ``(term, df, offset)`` entries of one shard's lines."""
    for line in text.splitlines():
        term, df, off = line.split("\t")
        yield term, int(df), int(off)


def shard_columns(text: str) -> tuple[list[str], list[int], list[int]]:
    """``parse_shard`` as three columns (terms, dfs, offsets), split in C. Raises ValueError
    when a line does not hold three fields."""
    if not text:
        return [], [], []
    flat = text.replace("\n", "\t").split("\t")  # the text ends with "\n": an empty last field
    if flat[-1] or len(flat) != 3 * text.count("\n") + 1:
        raise ValueError("a dictionary line does not hold three fields")
    return flat[0:-1:3], list(map(int, flat[1::3])), list(map(int, flat[2::3]))


def lookup(shard_text: str, term: str) -> tuple[int, int] | None:
    """``(df, offset)`` of ``term`` in one shard's lines, or None. Parses that one line."""
    key = term + "\t"
    if shard_text.startswith(key):
        i = 0
    else:
        i = shard_text.find("\n" + key)
        if i < 0:
            return None
        i += 1
    j = shard_text.find("\n", i)
    _, df, off = shard_text[i:j if j >= 0 else len(shard_text)].split("\t")
    return int(df), int(off)

