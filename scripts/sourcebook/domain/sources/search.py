"""Ranking chunks for a query (BM25 over the segments of the index).

A query reads ``lexical.json``, then in each segment the dictionary shard of each query term
(one slice of ``terms.tsv``), those terms' postings, ``doclen.bin``, and for the best hits only
their records in ``docs.txt`` (by seeking), their chunk files and their sources' text for the
preview. Its cost follows the postings of its terms, not the size of the corpus.

Scores use the live documents of all segments (N, df, avgdl), each added up in sorted term
order with the same arithmetic however the index is split into segments, and ties are broken
by chunk id: an index brought up to date incrementally ranks exactly like one rebuilt.
"""

from __future__ import annotations

import heapq
import re
from array import array
from dataclasses import asdict, dataclass, field
from itertools import compress, repeat
from operator import add

from ...base.errors import SbError
from ...engines.text import bm25
from ...engines.text.tokenize import tokenize
from ..workspace.layout import Workspace
from . import index_manifest as M
from .index_segments import Segment

PREVIEW = 160
_WS = re.compile(r"\s+")


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
    """The committed index: its segments, their deletions, and the counts BM25 needs."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.man = M.read(ws.index_dir, strict=True)
        assert self.man is not None
        self.refs = self.man.segments
        self.segs = [Segment(ws.index_dir, r.name) for r in self.refs]
        self.bases: list[int] = []
        acc = 0
        for r in self.refs:
            self.bases.append(acc)
            acc += r.docs
        self.n_docs = self.man.n_docs
        self.avgdl = self.man.avgdl
        self._live: dict[int, bytearray | None] = {}
        self._doclen: dict[int, array] = {}

    def live(self, i: int) -> bytearray | None:
        """Segment ``i``'s live-document mask (None: nothing deleted there)."""
        if i not in self._live:
            ref = self.refs[i]
            mask = None
            if ref.deleted:
                mask = bytearray(b"\x01") * ref.docs
                for lo, hi in ref.deleted.values():
                    mask[lo:hi] = bytes(hi - lo)
            self._live[i] = mask
        return self._live[i]

    def doclen(self, i: int) -> array:
        if i not in self._doclen:
            self._doclen[i] = self.segs[i].doclen()
        return self._doclen[i]

    def postings(self, term: str) -> list[tuple[int, array, array]]:
        """``(segment, docs, tfs)`` of a term's live postings, segment by segment."""
        out = []
        for i, seg in enumerate(self.segs):
            hit = seg.postings(term)
            if hit is None:
                continue
            docs, tfs = hit
            mask = self.live(i)
            if mask is not None:
                sel = bytes(map(mask.__getitem__, docs))
                docs = array("I", compress(docs, sel))
                tfs = array(tfs.typecode, compress(tfs, sel))
            if docs:
                out.append((i, docs, tfs))
        return out

    def df(self, term: str) -> int:
        """How many documents hold the term (deleted ones included: a rarity estimate)."""
        n = 0
        for seg in self.segs:
            hit = seg.entry(term)
            if hit is not None:
                n += hit[0]
        return n

    def chunk_ids(self, keys: list[int]) -> list[str]:
        """Chunk ids of global document keys (segment base + document number)."""
        import bisect

        by_seg: dict[int, list[int]] = {}
        for key in keys:
            i = bisect.bisect_right(self.bases, key) - 1
            by_seg.setdefault(i, []).append(key - self.bases[i])
        ids: dict[int, str] = {}
        for i, docs in by_seg.items():
            for d, cid in zip(docs, self.segs[i].chunk_ids(docs), strict=True):
                ids[self.bases[i] + d] = cid
        return [ids[k] for k in keys]

    def prefix_masks(self, prefix: str) -> dict[int, bytearray]:
        """Per segment, which documents' chunk ids start with ``prefix``."""
        out: dict[int, bytearray] = {}
        for i, seg in enumerate(self.segs):
            mask = bytearray(self.refs[i].docs)
            for sid, rec in seg.sources().items():
                lo, hi = rec["docs"]
                if sid.startswith(prefix):
                    mask[lo:hi] = b"\x01" * (hi - lo)
                elif prefix.startswith(sid) and hi > lo:
                    for d, cid in enumerate(seg.chunk_ids(range(lo, hi)), lo):
                        if cid.startswith(prefix):
                            mask[d] = 1
            out[i] = mask
        return out

    def close(self) -> None:
        for seg in self.segs:
            seg.close()


class _Memo(dict):
    """(tf, doclen) -> a term's BM25 contribution, computed on first use."""

    __slots__ = ("w", "avg")

    def __init__(self, w: float, avg: float):
        super().__init__()
        self.w = w
        self.avg = avg

    def __missing__(self, key: tuple[int, int]) -> float:
        tf, dl = key
        norm = bm25.K1 * (1 - bm25.B + bm25.B * dl / self.avg)
        v = self.w * tf * (bm25.K1 + 1) / (tf + norm)
        self[key] = v
        return v


def score(idx: Index, terms: list[str], prefix: str | None = None) -> tuple[list[int], list[float]]:
    """Global document keys and their BM25 scores, for documents holding a query term."""
    masks = idx.prefix_masks(prefix) if prefix else None
    per_term: list[dict[int, float]] = []
    avg = idx.avgdl or 1.0
    for term in terms:
        parts = idx.postings(term)
        df = sum(len(d) for _, d, _ in parts)
        if not df:
            continue
        memo = _Memo(bm25.idf(idx.n_docs, df), avg)
        contrib: dict[int, float] = {}
        for i, docs, tfs in parts:
            if masks is not None:
                sel = bytes(map(masks[i].__getitem__, docs))
                docs = array("I", compress(docs, sel))
                tfs = array(tfs.typecode, compress(tfs, sel))
                if not docs:
                    continue
            lens = idx.doclen(i)
            vals = map(memo.__getitem__, zip(tfs, map(lens.__getitem__, docs)))
            base = idx.bases[i]
            keys = map(add, docs, repeat(base)) if base else docs
            contrib.update(zip(keys, vals))
        per_term.append(contrib)
    if not per_term:
        return [], []
    if len(per_term) == 1:
        only = per_term[0]
        return list(only), list(only.values())
    keys = list(set().union(*per_term))
    acc = map(per_term[0].get, keys, repeat(0.0))
    for contrib in per_term[1:]:
        acc = map(add, acc, map(contrib.get, keys, repeat(0.0)))
    return keys, list(acc)


def top(idx: Index, keys: list[int], vals: list[float], k: int) -> list[tuple[str, float]]:
    """The ``k`` best (chunk id, score), sorted by (-score, chunk id)."""
    if not keys:
        return []
    if len(keys) > k:
        floor = heapq.nlargest(k, vals)[-1]
        sel = list(map(floor.__le__, vals))
        keys = list(compress(keys, sel))
        vals = list(compress(vals, sel))
    ids = idx.chunk_ids(keys)
    best = sorted(zip(ids, vals), key=lambda cv: (-cv[1], cv[0]))
    return best[:k]


def search(ws: Workspace, query: str, k: int = 8, prefix: str | None = None) -> list[SearchHit]:
    terms = sorted(set(tokenize(query)))
    if k < 1 or not terms:
        Index(ws).close()  # still refuse when there is no index
        return []
    for attempt in (1, 2):
        idx = Index(ws)
        try:
            keys, vals = score(idx, terms, prefix)
            best = top(idx, keys, vals, k)
            break
        except SbError:
            if attempt == 2 or _same_manifest(ws, idx):
                raise
            # a writer committed a new index while this query read the old one: read again
        finally:
            idx.close()
    return _hits(ws, best)


def _same_manifest(ws: Workspace, idx: Index) -> bool:
    try:
        now = M.read(ws.index_dir, strict=True)
    except SbError:
        return True
    return now is not None and [r.name for r in now.segments] == [r.name for r in idx.refs]


def _hits(ws: Workspace, found: list[tuple[str, float]]) -> list[SearchHit]:
    """Attach spans, heading paths and previews (reading only the hits' sources)."""
    from .chunkfiles import load_chunks
    from .store import read_normalized

    recs: dict[str, dict] = {}
    texts: dict[str, str] = {}
    out = []
    for rank, (cid, score_) in enumerate(found, 1):
        sid = cid.partition("#")[0]
        hit = SearchHit(rank, cid, score_, sid, 0, 0)
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
