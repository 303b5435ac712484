"""Ranking chunks for a query (BM25 over the sharded index).

A query opens ``meta.json``, the shard of each query term, ``doclen.bin`` and, for the hits
only, their records in ``docs.txt`` (fixed-width, read by seeking), their chunk files and
their sources' text for the preview. Nothing else of the index is read.
"""

from __future__ import annotations

import json
import os
import re
import sys
from array import array
from dataclasses import asdict, dataclass, field

from ...base.errors import EXIT_GATE, SbError
from ...base.versions import INDEXER
from ...engines.text import bm25, postings
from ...engines.text.tokenize import tokenize
from ..workspace.layout import Workspace

PREVIEW = 160
_WS = re.compile(r"\s+")


def _unreadable(name: str, exc: Exception | str) -> SbError:
    """A damaged index file: the index is derived, so rebuilding it is always the fix."""
    return SbError("E-SEARCH", f"index/{name}", f"unreadable ({exc}); rebuild it with `sb index`", EXIT_GATE)


@dataclass
class SearchHit:
    rank: int
    chunk_id: str
    score: float
    source_id: str
    start: int
    end: int
    heading_path: list = field(default_factory=list)
    preview: str = ""

    def to_json(self) -> dict:
        d = asdict(self)
        d["score"] = round(self.score, 4)
        return d


class Index:
    """Read access to the index files, each opened only when needed."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        try:
            with open(ws.index_path("meta.json"), encoding="utf-8") as fh:
                meta = json.load(fh)
        except FileNotFoundError:
            raise SbError("E-SEARCH", "index", "no index yet; run `sb index` (after `sb chunk`)", EXIT_GATE) from None
        except (OSError, ValueError) as exc:
            raise SbError("E-SEARCH", "index/meta.json", f"unreadable ({exc}); rebuild it with `sb index`", EXIT_GATE) from None
        if not isinstance(meta, dict) or meta.get("version") != INDEXER:
            raise SbError("E-SEARCH", "index/meta.json", f"index format {meta.get('version') if isinstance(meta, dict) else '?'} "
                          f"is not {INDEXER}; rebuild it with `sb index`", EXIT_GATE)
        self.n_docs = int(meta.get("n_docs", 0))
        self.avgdl = float(meta.get("avgdl", 0.0))
        self.width = int(meta.get("id_width", 0))
        self._shards: dict[int, str] = {}

    def postings(self, term: str) -> tuple[list[int], list[int]] | None:
        n = postings.shard_of(term)
        text = self._shards.get(n)
        if text is None:
            try:
                with open(self.ws.index_path(os.path.join("shards", postings.shard_name(n))), encoding="utf-8") as fh:
                    text = fh.read()
            except FileNotFoundError:
                text = ""
            except (OSError, UnicodeDecodeError) as exc:
                raise _unreadable(f"shards/{postings.shard_name(n)}", exc) from None
            self._shards[n] = text
        return postings.lookup(text, term)

    def doclen(self) -> array:
        lens = array("I")
        try:
            with open(self.ws.index_path("doclen.bin"), "rb") as fh:
                lens.frombytes(fh.read())
        except (OSError, ValueError) as exc:
            raise SbError("E-SEARCH", "index/doclen.bin", f"unreadable ({exc}); rebuild it with `sb index`", EXIT_GATE) from None
        if sys.byteorder == "big":
            lens.byteswap()
        if len(lens) != self.n_docs:
            raise SbError("E-SEARCH", "index/doclen.bin", "does not match meta.json; rebuild it with `sb index`", EXIT_GATE)
        return lens

    def chunk_ids(self, docs: list[int]) -> list[str]:
        """The chunk ids of some document numbers (seeks into the fixed-width docs.txt)."""
        out = []
        rec = self.width + 1
        try:
            with open(self.ws.index_path("docs.txt"), "rb") as fh:
                for d in docs:
                    fh.seek(d * rec)
                    out.append(fh.read(self.width).decode("utf-8").rstrip())
        except (OSError, UnicodeDecodeError) as exc:
            raise _unreadable("docs.txt", exc) from None
        if any("#c" not in c for c in out):  # truncated or overwritten: no record at that offset
            raise _unreadable("docs.txt", "a record is not a chunk id")
        return out

    def doc_range(self, prefix: str) -> tuple[int, int]:
        """Document numbers whose chunk id starts with ``prefix`` (ids are sorted): [lo, hi)."""
        rec = self.width + 1
        try:
            with open(self.ws.index_path("docs.txt"), "rb") as fh:
                data = fh.read()
            ids = [data[i:i + self.width].decode("utf-8").rstrip() for i in range(0, len(data), rec)]
        except (OSError, UnicodeDecodeError) as exc:
            raise _unreadable("docs.txt", exc) from None
        lo = next((i for i, c in enumerate(ids) if c.startswith(prefix)), len(ids))
        hi = lo
        while hi < len(ids) and ids[hi].startswith(prefix):
            hi += 1
        return lo, hi


def search(ws: Workspace, query: str, k: int = 8, prefix: str | None = None) -> list[SearchHit]:
    return search_skipping(ws, query, k, prefix)[0]


def search_skipping(ws: Workspace, query: str, k: int = 8,
                    prefix: str | None = None) -> tuple[list[SearchHit], set[str]]:
    """The hits, and the ids of sources skipped because they were removed after the index was
    built (``sb source rm``): the index is stale, but a removed source is never a hit."""
    idx = Index(ws)
    terms = sorted(set(tokenize(query)))
    lists = [p for p in (idx.postings(t) for t in terms) if p]
    if not lists or k < 1:
        return [], set()
    keep = None
    if prefix:
        lo, hi = idx.doc_range(prefix)
        keep = lambda d: lo <= d < hi  # noqa: E731
    scores = bm25.score(lists, idx.doclen(), idx.n_docs, idx.avgdl, keep)
    want = k
    gone: set[str] = set()
    while True:
        best = bm25.top(scores, want)
        ids = idx.chunk_ids([d for d, _ in best])
        # a source removed since the index was built (`sb source rm`) is never a hit
        found = []
        for cid, (_, s) in zip(ids, best, strict=True):
            sid = cid.partition("#")[0]
            if ws.has_source(sid):
                found.append((cid, s))
            else:
                gone.add(sid)
        if len(found) >= k or want >= len(scores):
            break
        want *= 4
    return _hits(ws, found[:k]), gone


def _hits(ws: Workspace, found: list[tuple[str, float]]) -> list[SearchHit]:
    """Attach spans, heading paths and previews (reading only the hits' sources)."""
    from .chunkfiles import load_chunks
    from .store import read_normalized

    recs: dict[str, dict] = {}
    texts: dict[str, str] = {}
    out = []
    for rank, (cid, score) in enumerate(found, 1):
        sid = cid.partition("#")[0]
        hit = SearchHit(rank, cid, score, sid, 0, 0)
        out.append(hit)
        if sid not in recs:
            try:
                recs[sid] = {r["chunk_id"]: r for r in load_chunks(ws, sid)}
            except SbError:
                recs[sid] = {}
            texts[sid] = read_normalized(ws, sid) or ""
        rec = recs[sid].get(cid)
        if rec is None:  # the chunk file changed since indexing; the hit still stands
            continue
        hit.start, hit.end = rec["start"], rec["end"]
        hit.heading_path = list(rec.get("heading_path") or [])
        hit.preview = _WS.sub(" ", texts[sid][hit.start:hit.end]).strip()[:PREVIEW]
    return out
