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
    """Accumulates ``doc -> {term: tf}`` in document order and renders the shard lines.

    Postings are kept as their final text (``doc`` or ``doc:tf``), the document number's text
    made once per document, so rendering a shard is a join. ``base`` is the number of the first
    document, so several builders can each take a contiguous run of documents.
    """

    def __init__(self, base: int = 0) -> None:
        self._post: defaultdict[str, list[str]] = defaultdict(list)
        self.base = base
        self.doclen: list[int] = []

    def add(self, counts: dict[str, int]) -> int:
        doc = self.base + len(self.doclen)
        self.doclen.append(sum(counts.values()))
        post = self._post
        ds = str(doc)
        for term, tf in counts.items():
            post[term].append(ds if tf == 1 else f"{ds}:{tf}")
        return doc

    def lines(self) -> dict[int, list[str]]:
        """Shard number -> its ``term TAB postings`` lines, sorted by term."""
        out: dict[int, list[str]] = {}
        post = self._post
        for term in sorted(post):
            out.setdefault(shard_of(term), []).append(f"{term}\t{' '.join(post[term])}")
        return out

    def shards(self) -> tuple[dict[int, str], int]:
        return merge([self.lines()])


def merge(parts: list[dict[int, list[str]]]) -> tuple[dict[int, str], int]:
    """Join the shard lines of builders that took consecutive runs of documents, in order.

    Returns shard number -> file text (non-empty shards only) and the number of terms.
    """
    if len(parts) == 1:
        only = parts[0]
        return {n: "\n".join(ls) + "\n" for n, ls in sorted(only.items())}, sum(map(len, only.values()))
    out: dict[int, str] = {}
    n_terms = 0
    for n in sorted(set().union(*parts)):
        joined: dict[str, str] = {}
        for part in parts:
            for line in part.get(n, ()):
                term, _, post = line.partition("\t")
                prev = joined.get(term)
                joined[term] = post if prev is None else prev + " " + post
        n_terms += len(joined)
        out[n] = "".join(f"{t}\t{joined[t]}\n" for t in sorted(joined))
    return out, n_terms


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
