"""The on-disk postings format: terms hashed into shard files of sorted, compact lines.

A shard holds one line per term, sorted by term: ``term TAB docs TAB tfs`` where ``docs`` are
ascending document numbers and ``tfs`` the matching term frequencies, both space-separated.
A query reads only the shards of its own terms and parses only their lines, so its cost follows
the postings it needs, not the size of the corpus.
"""

from __future__ import annotations

import zlib

SHARDS = 256


def shard_of(term: str) -> int:
    return zlib.crc32(term.encode("utf-8")) % SHARDS


def shard_name(n: int) -> str:
    return f"{n:02x}.tsv"


class Builder:
    """Accumulates ``doc -> {term: tf}`` in document order and renders the shard texts."""

    def __init__(self) -> None:
        self._post: dict[str, list[list[int]]] = {}
        self.doclen: list[int] = []

    def add(self, counts: dict[str, int]) -> int:
        doc = len(self.doclen)
        self.doclen.append(sum(counts.values()))
        post = self._post
        get = post.get
        for term, tf in counts.items():
            entry = get(term)
            if entry is None:
                post[term] = [[doc], [tf]]
            else:
                entry[0].append(doc)
                entry[1].append(tf)
        return doc

    @property
    def n_terms(self) -> int:
        return len(self._post)

    def shards(self) -> dict[int, str]:
        """Shard number -> file text (only non-empty shards)."""
        lines: dict[int, list[str]] = {}
        for term in sorted(self._post):
            docs, tfs = self._post[term]
            lines.setdefault(shard_of(term), []).append(
                f"{term}\t{' '.join(map(str, docs))}\t{' '.join(map(str, tfs))}\n")
        return {n: "".join(ls) for n, ls in sorted(lines.items())}


def lookup(shard_text: str, term: str) -> tuple[list[int], list[int]] | None:
    """The postings of ``term`` in a shard's text, or None. Parses that one line only."""
    key = term + "\t"
    if shard_text.startswith(key):
        i = 0
    else:
        i = shard_text.find("\n" + key)
        if i < 0:
            return None
        i += 1
    j = shard_text.find("\n", i)
    line = shard_text[i + len(key): j if j >= 0 else len(shard_text)]
    docs, _, tfs = line.partition("\t")
    return list(map(int, docs.split())), list(map(int, tfs.split()))
