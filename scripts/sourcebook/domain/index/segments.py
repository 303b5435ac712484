"""Index segments on disk, and reading one (``write`` writes and merges them).

A segment is an immutable folder ``index/seg-<hash>/`` (the hash is of every byte in it, so the
same content always has the same name, and a name already live is never rewritten):

- ``meta.json``     version, docs, terms (ranking terms), keys (all dictionary entries),
                    total_len, tf_max, tf_width, id_width, base, and each file's size
- ``sources.json``  per source: ``docs`` [lo, hi) (its chunks are contiguous), ``chunks``,
                    ``chunks_sha256`` and ``size`` of its chunk file, ``text_sha256``
- ``docs.txt``      chunk ids in document order, padded to ``id_width`` (seekable)
- ``doclen.bin``    document lengths in ranking terms, little-endian uint32
- ``findlen.bin``   document find counts (``engines/search/findterms.find_count``: letters and
                    digits a chunk inside a match of a markup rung or the reader view may hold),
                    little-endian uint32
- ``terms.tsv``, ``terms.idx``, ``postings.bin``: the dictionary and postings
                    (``engines/search/postings.py``)

A segment is written into a temporary folder, each file fsynced, then renamed into place; only
``index/lexical.json`` (``manifest``) makes it part of the index, so a writer killed at any
moment leaves the previous index whole. Kept apart from the writer so a query loads little code.
"""

from __future__ import annotations

import json
import os
from array import array
from collections.abc import Iterable
from typing import BinaryIO

from ...base.errors import SbError
from ...base.versions import INDEXER
from ...engines.search import postings as P
from .manifest import damaged

META, SOURCES, DOCS, DOCLEN, FINDLEN, TERMS, TERMS_IDX, POSTINGS = (
    "meta.json", "sources.json", "docs.txt", "doclen.bin", "findlen.bin", "terms.tsv", "terms.idx", "postings.bin")
FILES = (META, SOURCES, DOCS, DOCLEN, FINDLEN, TERMS, TERMS_IDX, POSTINGS)
PREFIX = "seg-"
TMP_PREFIX = ".tmp-"


# ---- reading ---------------------------------------------------------------------------------
class Segment:
    """Read access to one segment; each file is opened only when needed."""

    def __init__(self, index_dir: str, name: str):
        self.name = name
        self.path = os.path.join(index_dir, name)
        self._meta: dict | None = None
        self._idx: array | None = None
        self._shards: dict[int, str] = {}
        self._post: BinaryIO | None = None

    def rel(self, f: str) -> str:
        return f"{self.name}/{f}"

    def _open(self, f: str, mode: str = "rb"):
        try:
            return open(os.path.join(self.path, f), mode)
        except OSError as exc:
            raise damaged(self.rel(f), exc.strerror or exc) from None

    @property
    def meta(self) -> dict:
        if self._meta is None:
            try:
                with self._open(META) as fh:
                    meta = json.loads(fh.read())
            except ValueError as exc:
                raise damaged(self.rel(META), exc) from None
            if not isinstance(meta, dict) or meta.get("version") != INDEXER:
                raise damaged(self.rel(META), "not a segment of this index format")
            self._meta = meta
        return self._meta

    @property
    def n_docs(self) -> int:
        return int(self.meta["docs"])

    def sources(self) -> dict[str, dict]:
        try:
            with self._open(SOURCES) as fh:
                data = json.loads(fh.read())
        except ValueError as exc:
            raise damaged(self.rel(SOURCES), exc) from None
        if not isinstance(data, dict):
            raise damaged(self.rel(SOURCES), "not an object")
        return data

    def _shard(self, n: int) -> str:
        text = self._shards.get(n)
        if text is None:
            if self._idx is None:
                with self._open(TERMS_IDX) as fh:
                    self._idx = P.from_le("Q", fh.read())
                if len(self._idx) != P.SHARDS + 1:
                    raise damaged(self.rel(TERMS_IDX), "wrong size")
            a, b = self._idx[n], self._idx[n + 1]
            try:
                with self._open(TERMS) as fh:
                    fh.seek(a)
                    text = fh.read(b - a).decode("utf-8")
            except (UnicodeDecodeError, ValueError) as exc:
                raise damaged(self.rel(TERMS), exc) from None
            if text and not text.endswith("\n"):
                raise damaged(self.rel(TERMS), "truncated")
            self._shards[n] = text
        return text

    def entry(self, term: str) -> tuple[int, int] | None:
        """``(df, offset)`` of a term in this segment, or None."""
        try:
            return P.lookup(self._shard(P.shard_of(term)), term)
        except ValueError as exc:
            raise damaged(self.rel(TERMS), exc) from None

    def read_postings(self, df: int, off: int) -> tuple[array, array]:
        width = int(self.meta["tf_width"])
        fh = self._post
        if fh is None:
            fh = self._post = self._open(POSTINGS)
        fh.seek(off)
        data = fh.read(df * (4 + width))
        if len(data) != df * (4 + width):
            raise damaged(self.rel(POSTINGS), "truncated")
        return P.from_le("I", data[:df * 4]), P.from_le("H" if width == 2 else "I", data[df * 4:])

    def postings(self, term: str) -> tuple[array, array] | None:
        hit = self.entry(term)
        return None if hit is None else self.read_postings(*hit)

    def doclen(self, f: str = DOCLEN) -> array:
        """Document lengths in ranking terms (``f``: or another per-document file, ``FINDLEN``)."""
        with self._open(f) as fh:
            lens = P.from_le("I", fh.read())
        if len(lens) != self.n_docs:
            raise damaged(self.rel(f), "does not match meta.json")
        return lens

    def chunk_ids(self, docs: Iterable[int]) -> list[str]:
        width = int(self.meta["id_width"])
        rec = width + 1
        out = []
        try:
            with self._open(DOCS) as fh:
                for d in docs:
                    fh.seek(d * rec)
                    out.append(fh.read(width).decode("utf-8").rstrip())
        except (UnicodeDecodeError, ValueError) as exc:
            raise damaged(self.rel(DOCS), exc) from None
        if any("#c" not in c for c in out):  # truncated or overwritten: no record at that offset
            raise damaged(self.rel(DOCS), "a record is not a chunk id")
        return out

    def shard_entries(self, n: int) -> list[tuple[str, int, int]]:
        try:
            return list(P.parse_shard(self._shard(n)))
        except ValueError as exc:
            raise damaged(self.rel(TERMS), exc) from None

    def shard_columns(self, n: int) -> tuple[list[str], list[int], list[int]]:
        """``shard_entries`` as three columns: terms, dfs, offsets."""
        try:
            return P.shard_columns(self._shard(n))
        except ValueError as exc:
            raise damaged(self.rel(TERMS), exc) from None

    def intact(self) -> bool:
        """Every file present with the size meta.json recorded (a cheap check `sb index` runs)."""
        return self.damage() is None

    def damage(self) -> str | None:
        """The first file that is missing or not the size meta.json recorded (``meta.json``
        itself when it is unreadable), or None: a stat per file, cheap enough for every query."""
        try:
            sizes = self.meta.get("sizes") or {}
        except SbError:
            return META
        for f in FILES:
            if f == META:
                continue
            try:
                if os.path.getsize(os.path.join(self.path, f)) != sizes.get(f):
                    return f
            except OSError:
                return f
        return None

    def close(self) -> None:
        if self._post is not None:
            self._post.close()
            self._post = None


def first_damage(index_dir: str, names: Iterable[str]) -> str | None:
    """``seg-<hash>/<file>`` of the first live segment file that is missing or not the size its
    segment recorded, or None (``sb status`` names it; search refuses it)."""
    for name in names:
        bad = Segment(index_dir, name).damage()
        if bad:
            return f"{name}/{bad}"
    return None
