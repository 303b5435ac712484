"""The on-disk postings format: terms hashed into shard files of sorted, compact lines.

A shard holds one line per term, sorted by term: ``term TAB postings``, the postings
space-separated in ascending document order, each ``doc`` (term frequency 1) or ``doc:tf``.
A query reads only the shards of its own terms and parses only their lines, so its cost follows
the postings it needs, not the size of the corpus.
"""

from __future__ import annotations

import zlib
from collections import defaultdict

SHARDS = 256


def shard_of(term: str) -> int:
    return zlib.crc32(term.encode("utf-8")) % SHARDS


def shard_name(n: int) -> str:
    return f"{n:02x}.tsv"


class Builder:
    """Accumulates ``doc -> {term: tf}`` in document order and renders the shard texts.

    Postings are kept as their final text (``doc`` or ``doc:tf``), the document number's text
    made once per document, so rendering a shard is a join.
    """

    def __init__(self) -> None:
        self._post: defaultdict[str, list[str]] = defaultdict(list)
        self.doclen: list[int] = []

    def add(self, counts: dict[str, int]) -> int:
        doc = len(self.doclen)
        self.doclen.append(sum(counts.values()))
        post = self._post
        ds = str(doc)
        for term, tf in counts.items():
            post[term].append(ds if tf == 1 else f"{ds}:{tf}")
        return doc

    @property
    def n_terms(self) -> int:
        return len(self._post)

    def shards(self) -> dict[int, str]:
        """Shard number -> file text (only non-empty shards)."""
        lines: dict[int, list[str]] = {}
        post = self._post
        for term in sorted(post):
            lines.setdefault(shard_of(term), []).append(f"{term}\t{' '.join(post[term])}\n")
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
    if ":" not in line:
        docs = list(map(int, line.split()))
        return docs, [1] * len(docs)
    docs, tfs = [], []
    for tok in line.split():
        d, _, tf = tok.partition(":")
        docs.append(int(d))
        tfs.append(int(tf) if tf else 1)
    return docs, tfs
