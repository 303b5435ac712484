"""The index builder's postings, byte for byte against the format written out plainly:
per shard (CRC-32 of the term mod 256) the terms sorted, each term's documents (uint32), then
its frequencies (uint16, or uint32 once a frequency needs it), all little-endian."""

from __future__ import annotations

import random
import struct
import zlib

import pytest

from sourcebook.engines.search.postings import SHARDS, Builder
from sourcebook.engines.search.tokenize import DROPPED_FIRST, dropped_first_counts


def _expected(docs: list[tuple[dict[str, int], list[str]]], base: int):
    """The shards as the format says, from documents of ``(counts, find-only keys)``."""
    post: dict[str, list[tuple[int, int]]] = {}
    for i, (counts, keys) in enumerate(docs):
        for term, tf in counts.items():
            post.setdefault(term, []).append((base + i, tf))
        for key in keys:
            post.setdefault(key, []).append((base + i, 1))
    wide = max((tf for pairs in post.values() for _, tf in pairs), default=1) >= 65536
    out = []
    for shard in range(SHARDS):
        names = sorted(t for t in post if zlib.crc32(t.encode("utf-8")) % SHARDS == shard)
        if not names:
            continue
        data = b""
        for t in names:
            data += b"".join(struct.pack("<I", d) for d, _ in post[t])
            data += b"".join(struct.pack("<I" if wide else "<H", tf) for _, tf in post[t])
        out.append((shard, names, [len(post[t]) for t in names], data))
    return out


def _built(docs: list[tuple[dict[str, int], list[str]]], base: int) -> tuple[Builder, list]:
    b = Builder(base)
    for counts, keys in docs:
        # as the index builder hands them over: the tokenizer's dropped words first, then the terms
        padded = dict(dropped_first_counts(""), **counts)
        b.add(padded, keys, 0, DROPPED_FIRST)
    return b, list(b.shards())


def _random_docs(rng: random.Random, n: int, top: int) -> list[tuple[dict[str, int], list[str]]]:
    words = [f"w{k}" for k in range(300)] + ["наука", "日本", "café"]
    docs = []
    for _ in range(n):
        chosen = rng.sample(words, rng.randint(0, 40))
        counts = {w: rng.choice([1, 1, 1, 2, 3, rng.randint(1, top)]) for w in chosen}
        keys = sorted({"~" + rng.choice(words) + "x" for _ in range(rng.randint(0, 2))})
        docs.append((counts, keys))
    return docs


@pytest.mark.parametrize("seed", range(6))
def test_postings_are_the_format_byte_for_byte(seed):
    rng = random.Random(seed)
    base = rng.choice([0, 7, 50_000])
    docs = _random_docs(rng, rng.randint(1, 120), 300)
    b, got = _built(docs, base)
    assert got == _expected(docs, base)
    assert b.postings == sum(len(c) + len(k) for c, k in docs)
    assert list(b.doclen) == [sum(c.values()) for c, _ in docs]


def test_a_frequency_past_16_bits_widens_every_frequency_to_32():
    docs = [({"common": 3, "rare": 1}, []), ({"common": 70_000, "other": 2}, ["~joined"]), ({"common": 1}, [])]
    b, got = _built(docs, 10)
    assert b.tf_max == 70_000
    assert got == _expected(docs, 10)
    shard = zlib.crc32(b"common") % SHARDS
    entry = next(g for g in got if g[0] == shard)
    k = entry[1].index("common")
    before = sum(entry[2][:k]) * 8  # each earlier term: its documents and frequencies, 4 bytes each
    assert struct.unpack_from("<3I3I", entry[3], before) == (10, 11, 12, 3, 70_000, 1)
