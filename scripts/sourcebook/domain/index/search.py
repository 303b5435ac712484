"""Ranking chunks for a query (BM25 over the segments of the index).

A query reads ``lexical.json``, then in each segment the dictionary shard of each query term
(one slice of ``terms.tsv``), those terms' postings, ``doclen.bin``, and for the best hits only
their records in ``docs.txt`` (by seeking), their chunk files and their sources' text for the
preview. Its cost follows the postings of its terms, not the size of the corpus.

Scores use the live documents of all segments (N, df, avgdl), each added up in sorted term
order with the same arithmetic however the index is split into segments, and ties are broken
by chunk id: an index brought up to date incrementally ranks exactly like one rebuilt.

Ranking skips work it can prove useless (MaxScore): terms are summed rarest first, and once
the terms left could not lift a document not yet seen above the k-th best score so far, no
new document is considered; only documents whose partial score plus what is left can still
reach the k-th best are scored exactly.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import compress, repeat
from operator import add

from ...base.errors import Exit, SbError
from ...base.patterns import hot
from ...engines.search import bm25
from ...engines.search.tokenize import tokenize
from ..workspace.layout import Workspace
from . import manifest as M
from .segments import FINDLEN, Segment

PREVIEW = 160
EXACT_MAX = 5000  # documents scored one by one at the end; more and all postings are summed
_WS = hot(r"\s+")
_SAFE = 1e-9  # relative slack for bounds computed in another summation order


class SearchHit:
    """One ranked chunk (a plain class: dataclasses cost start-up time on every query)."""

    __slots__ = ("rank", "chunk_id", "score", "source_id", "start", "end", "heading_path", "preview", "also_in")

    def __init__(self, rank: int, chunk_id: str, score: float, source_id: str, start: int, end: int,
                 heading_path: list | None = None, preview: str = ""):
        self.rank, self.chunk_id, self.score, self.source_id = rank, chunk_id, score, source_id
        self.start, self.end = start, end
        self.heading_path = heading_path if heading_path is not None else []
        self.preview = preview
        self.also_in: list[dict] = []  # the same passage in other editions of the document (fold)

    def to_json(self) -> dict:
        out = {"rank": self.rank, "chunk_id": self.chunk_id, "score": round(self.score, 4),
               "source_id": self.source_id, "start": self.start, "end": self.end,
               "heading_path": list(self.heading_path), "preview": self.preview}
        if self.also_in:
            out["also_in"] = [dict(a) for a in self.also_in]
        return out


class Index:
    """The committed index: its segments, their deletions, and the counts BM25 needs."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        man = M.read(ws.index_dir, strict=True)
        assert man is not None  # strict: None is raised as E-SEARCH
        self.man: M.Manifest = man
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
        self._findlen: dict[int, array] = {}

    def check(self) -> None:
        """A segment whose files are not the sizes it recorded (truncated, half-copied) could
        still answer queries that miss the lost part: refuse it, whatever the query."""
        for seg in self.segs:
            bad = seg.damage()
            if bad:
                raise SbError("E-SEARCH", f"index/{seg.rel(bad)}", "unreadable (not the size the index recorded: "
                              "truncated or overwritten); run `sb index --rebuild`", Exit.GATE)

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

    def findlen(self, i: int) -> array:
        """Segment ``i``'s find counts (``engines/search/findterms.find_count``)."""
        if i not in self._findlen:
            self._findlen[i] = self.segs[i].doclen(FINDLEN)
        return self._findlen[i]

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
    """(tf, doclen) -> a term's BM25 contribution, computed on first use (the arithmetic of
    ``engines.search.bm25.score``, so every path gives the same floats)."""

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


class _Term:
    """A query term's live postings (after a --source filter), per segment."""

    __slots__ = ("memo", "ub", "parts", "docs")

    def __init__(self, memo: _Memo, parts: list[tuple[int, array, array]]):
        self.memo = memo
        self.ub = memo.w * (bm25.K1 + 1)  # no document gets more from this term
        self.parts = parts
        self.docs = sum(len(d) for _, d, _ in parts)


def _terms(idx: Index, terms: list[str], prefix: str | None) -> list[_Term]:
    masks = idx.prefix_masks(prefix) if prefix else None
    out = []
    avg = idx.avgdl or 1.0
    for term in terms:
        parts = idx.postings(term)
        df = sum(len(d) for _, d, _ in parts)
        if not df:
            continue
        if masks is not None:
            kept = []
            for i, docs, tfs in parts:
                sel = bytes(map(masks[i].__getitem__, docs))
                docs = array("I", compress(docs, sel))
                if docs:
                    kept.append((i, docs, array(tfs.typecode, compress(tfs, sel))))
            parts = kept
        t = _Term(_Memo(bm25.idf(idx.n_docs, df), avg), parts)
        if t.docs:
            out.append(t)
    return out


def _accumulate(idx: Index, scores: dict[int, float], t: _Term, only: bool = False) -> None:
    """``scores[d] = scores.get(d, 0.0) + contribution`` for each posting of ``t``, in C.
    ``only``: for documents already in ``scores`` (no new ones)."""
    for i, docs, tfs in t.parts:
        lens = idx.doclen(i)
        base = idx.bases[i]
        keys: Sequence[int] = list(map(add, docs, repeat(base))) if base else docs
        ds: Sequence[int] = docs
        fs: Sequence[int] = tfs
        if only:
            sel = list(map(scores.__contains__, keys))
            keys = list(compress(keys, sel))
            if not keys:
                continue
            ds, fs = list(compress(docs, sel)), list(compress(tfs, sel))
        vals = map(t.memo.__getitem__, zip(fs, map(lens.__getitem__, ds), strict=True))
        scores.update(zip(keys, list(map(add, map(scores.get, keys, repeat(0.0)), vals)), strict=True))


def _kth(scores: dict[int, float], k: int) -> float:
    """A little under the k-th best score so far (a lower bound of the final k-th best)."""
    if len(scores) < k:
        return float("-inf")
    return heapq.nlargest(k, scores.values())[-1] * (1 - _SAFE) - _SAFE


def rank(idx: Index, terms: list[str], k: int, prefix: str | None = None) -> list[tuple[int, float]]:
    """``(document key, exact score)`` of every document that can be among the ``k`` best
    (all documents tied with the k-th included), in no particular order."""
    return _rank(idx, _terms(idx, terms, prefix), k)


def _rank(idx: Index, ts: list[_Term], k: int) -> list[tuple[int, float]]:
    if not ts:
        return []
    partial: dict[int, float] = {}
    rest = sum(t.ub for t in ts)
    left = sorted(range(len(ts)), key=lambda j: (-ts[j].ub, j))  # rarest first
    closed = False  # once true, documents not seen yet cannot reach the k-th best
    for n, j in enumerate(left):
        t = ts[j]
        if closed:
            floor = _kth(partial, k)
            partial = {d: s for d, s in partial.items() if s + rest >= floor}
        _accumulate(idx, partial, t, only=closed)
        rest -= t.ub
        if not closed and n + 1 < len(left):
            closed = rest < _kth(partial, k)
    floor = _kth(partial, k)
    keys = [d for d, s in partial.items() if s >= floor]
    if len(keys) > EXACT_MAX:
        exact: dict[int, float] = {}
        for t in ts:  # sorted term order: the arithmetic of a full sum
            _accumulate(idx, exact, t)
        return list(exact.items())
    return list(zip(keys, _exact(idx, ts, keys), strict=True))


def _exact(idx: Index, ts: list[_Term], keys: list[int]) -> list[float]:
    """Scores summed in sorted term order, 0.0 + each present term's contribution: the same
    floats as summing every posting in that order."""
    bases = idx.bases
    where = []
    for key in keys:
        i = bisect_right(bases, key) - 1
        where.append((i, key - bases[i]))
    acc = [0.0] * len(keys)
    for t in ts:
        by_seg = {i: (docs, tfs) for i, docs, tfs in t.parts}
        for n, (i, d) in enumerate(where):
            hit = by_seg.get(i)
            if hit is None:
                continue
            docs, tfs = hit
            j = bisect_left(docs, d)
            if j < len(docs) and docs[j] == d:
                acc[n] = acc[n] + t.memo[(tfs[j], idx.doclen(i)[d])]
    return acc


def top(idx: Index, scored: list[tuple[int, float]], k: int) -> list[tuple[str, float]]:
    """The ``k`` best (chunk id, score), sorted by (-score, chunk id)."""
    if not scored:
        return []
    if len(scored) > k:
        floor = heapq.nlargest(k, (s for _, s in scored))[-1]
        scored = [kv for kv in scored if kv[1] >= floor]
    ids = idx.chunk_ids([key for key, _ in scored])
    best = sorted(zip(ids, (s for _, s in scored), strict=True), key=lambda cv: (-cv[1], cv[0]))
    return best[:k]


def search(ws: Workspace, query: str, k: int = 8, prefix: str | None = None) -> list[SearchHit]:
    return search_skipping(ws, query, k, prefix)[0]


def search_skipping(ws: Workspace, query: str, k: int = 8,
                    prefix: str | None = None) -> tuple[list[SearchHit], set[str]]:
    """The hits, and the ids of sources skipped because they were removed after the index was
    built (``sb source rm``): the index is stale, but a removed source is never a hit.

    The same passage found in several editions of one document is one hit (the best ranked),
    which names the others in ``also_in`` (see ``editions_fold``); the ``k`` hits are ``k``
    passages."""
    from .editions_fold import Reader, fold

    rd = Reader(ws)  # each source record, chunk file and text read once for all the tries
    held = _Open()  # and the index, with its terms' postings
    want = k
    try:
        for _ in range(4):
            hits, gone = _search(ws, query, want, prefix, rd, held)
            kept = fold(ws, hits, rd)
            if len(kept) >= k or len(hits) < want:
                break
            want += k + (len(hits) - len(kept))  # folding took some: ask for as many more
    finally:
        held.close()
    for n, hit in enumerate(kept[:k], 1):
        hit.rank = n
        if hit.end > hit.start:  # only the hits shown get a preview
            hit.preview = _WS.sub(" ", rd.span(hit.source_id, hit.start, hit.end)).strip()[:PREVIEW]
    return kept[:k], gone


RANK_AHEAD = 16  # a search ranks this many times as many as it asks for: folding editions may want more
NEAREST_BATCH = 32  # chunk ids looked up at a time, best first


def nearest(ws: Workspace, query: str, k: int = 3, prefix: str | None = None) -> list[SearchHit]:
    """The passages nearest a paste found nowhere (``sb find``'s hints), each document once.

    The chunks are ranked as a search ranks them (``rank``: the ``4 * NEAREST_BATCH`` best,
    then four times as many while the hints need more, with the arithmetic of a full sum);
    they are then taken best first (ties by chunk id), and a chunk
    of a document already named is left out: another passage of it, or the same passage in
    another edition or copy, which the named hit lists in ``also_in`` (see ``editions_fold``;
    editions ranked after the k-th document are listed as far as its batch of chunks goes).
    With ``prefix`` (one source), its ``k`` best passages."""
    from .editions_fold import Reader, same_passage

    terms = sorted(set(tokenize(query)))
    idx = Index(ws)  # no index: E-SEARCH, as for a search
    try:
        idx.check()
        ts = _terms(idx, terms, prefix) if k > 0 else []
        want = 4 * NEAREST_BATCH
        ordered, whole = _best_first(idx, ts, want)
        rd = Reader(ws)
        taken: list[SearchHit] = []
        named: dict[str, SearchHit] = {}  # document (one source: chunk) -> its hit
        n = 0
        while len(taken) < k:
            while not whole and n + NEAREST_BATCH > len(ordered):
                want *= 4  # the next batch may reach past the chunks ranked so far
                ordered, whole = _best_first(idx, ts, want)
            if n >= len(ordered):
                break
            m = min(len(ordered), n + NEAREST_BATCH)
            while m < len(ordered) and ordered[m][1] == ordered[m - 1][1]:
                m += 1  # a batch ends between two scores, so ties are ordered by chunk id
            batch, n = ordered[n:m], m
            ids = idx.chunk_ids([key for key, _ in batch])
            for cid, s in sorted(zip(ids, (s for _, s in batch), strict=True), key=lambda cv: (-cv[1], cv[0])):
                sid = cid.partition("#")[0]
                if not rd.has_source(sid):
                    continue  # removed after the index was built
                hit = SearchHit(0, cid, s, sid, 0, 0)
                rec = _chunk_record(ws, sid, cid, rd.chunk_lines)
                if rec is not None:  # else the chunk file changed since indexing; the hit still stands
                    hit.start, hit.end = rec["start"], rec["end"]
                    hit.heading_path = list(rec.get("heading_path") or [])
                doc = cid if prefix else rd.document(sid)
                first = named.get(doc)
                if first is None:
                    if len(taken) < k:  # past the k-th, the rest of its batch only adds editions
                        named[doc] = hit
                        taken.append(hit)
                        hit.rank = len(taken)
                        hit.preview = _WS.sub(" ", rd.span(sid, hit.start, hit.end)).strip()[:PREVIEW]
                elif first.source_id != sid and same_passage(rd.words(first.source_id, first.start, first.end),
                                                             rd.words(sid, hit.start, hit.end)):
                    first.also_in.append(rd.where(hit))
        _refuse_stale_chunks(ws, idx, [(h.chunk_id, h.score) for h in taken])
    finally:
        idx.close()
    return taken


def _best_first(idx: Index, ts: list[_Term], want: int) -> tuple[list[tuple[int, float]], bool]:
    """The ``want`` best (document key, score), best first, with every document tied with the
    last of them (ties in no particular order), and whether that is every document scored.
    The scores are a full sum's (``rank``), with no more work than the ``want`` best need."""
    scored = _rank(idx, ts, want)
    ordered = sorted(scored, key=lambda kv: -kv[1])
    if len(ordered) < want:
        return ordered, True  # fewer than asked for: all there are
    last = want
    while last < len(ordered) and ordered[last][1] == ordered[want - 1][1]:
        last += 1
    # further on, ``rank`` may have kept some documents that were not sure to be out, not all
    return ordered[:last], False


class _Open:
    """The index a query read and its terms' postings, kept for the query's next try."""

    __slots__ = ("idx", "ts", "ranked", "upto")

    def __init__(self) -> None:
        self.idx: Index | None = None
        self.ts: list[_Term] = []
        self.ranked: list[tuple[str, float]] = []  # ``top`` of the ``upto`` best
        self.upto = 0

    def top(self, idx: Index, want: int) -> list[tuple[str, float]]:
        """``top(idx, rank(idx, terms, want), want)``: the first ``want`` of a longer ranking
        when there is one (ties are ordered by chunk id, so the first of the ``n`` best are
        the best), else ranked anew for ``RANK_AHEAD`` times as many, which the next try may
        want."""
        if want > self.upto:
            self.upto = RANK_AHEAD * want
            self.ranked = top(idx, _rank(idx, self.ts, self.upto), self.upto)
        return self.ranked[:want]

    def close(self) -> None:
        if self.idx is not None:
            self.idx.close()
            self.idx = None


def _search(ws: Workspace, query: str, k: int, prefix: str | None, rd,
            held: _Open) -> tuple[list[SearchHit], set[str]]:
    terms = sorted(set(tokenize(query)))
    if k < 1 or not terms:
        Index(ws).close()  # still refuse when there is no index
        return [], set()
    for attempt in (1, 2):
        idx = held.idx if attempt == 1 and held.idx is not None else None
        held.idx = None
        try:
            if idx is None:
                idx = Index(ws)
                idx.check()
                held.ts, held.upto = _terms(idx, terms, prefix), 0
            want = k
            gone: set[str] = set()
            while True:
                best = held.top(idx, want)
                found = []
                for cid, s in best:
                    sid = cid.partition("#")[0]
                    if rd.has_source(sid):
                        found.append((cid, s))
                    else:
                        gone.add(sid)
                if len(found) >= k or len(best) < want:
                    break
                want *= 4
            held.idx = idx  # open for the next try
            break
        except SbError:
            if idx is not None:
                idx.close()
            if attempt == 2 or idx is None or _same_manifest(ws, idx):
                raise
            # a writer committed a new index while this query read the old one: read again
        except BaseException:
            if idx is not None:
                idx.close()
            raise
    assert idx is not None  # the loop ends on a read that went through, or raises
    _refuse_stale_chunks(ws, idx, found[:k])
    return _hits(rd, found[:k]), gone


def _refuse_stale_chunks(ws: Workspace, idx: Index, found: list[tuple[str, float]]) -> None:
    """A hit's span comes from its source's chunk file; when that file is not the one the index
    was built from (``sb chunk`` ran again, or ``sb index`` was stopped before it committed),
    the span would show a passage other than the one that matched. A chunk file older than the
    index's commit is the one it read; a newer one is compared by size and digest."""
    import os

    since = M.built_ns(ws.index_dir)
    suspects = []
    for sid in dict.fromkeys(cid.partition("#")[0] for cid, _ in found):
        try:
            if os.stat(ws.chunks_path(sid)).st_mtime_ns >= since:
                suspects.append(sid)
        except OSError:
            suspects.append(sid)
    if not suspects:
        return
    live = M.live_sources(ws.index_dir, idx.man)
    for sid in suspects:
        rec = live.get(sid, ("", {}))[1]
        if not M.unchanged(ws.chunks_path(sid), rec, rec.get("text_sha256") if isinstance(rec, dict) else None,
                           since):
            raise SbError("E-SEARCH-STALE", sid, "its chunks changed after the index was built, so a hit would "
                          "show a passage other than the one that matched; run `sb index`", Exit.GATE)


def _same_manifest(ws: Workspace, idx: Index) -> bool:
    try:
        now = M.read(ws.index_dir, strict=True)
    except SbError:
        return True
    return now is not None and [r.name for r in now.segments] == [r.name for r in idx.refs]


def _hits(rd, found: list[tuple[str, float]]) -> list[SearchHit]:
    """Attach spans and heading paths, reading only each hit's chunk file (its preview is the
    caller's: only the hits shown need their text)."""
    out = []
    for rank_, (cid, score_) in enumerate(found, 1):
        sid = cid.partition("#")[0]
        hit = SearchHit(rank_, cid, score_, sid, 0, 0)
        out.append(hit)
        rec = _chunk_record(rd.ws, sid, cid, rd.chunk_lines)
        if rec is None:  # the chunk file changed since indexing; the hit still stands
            continue
        hit.start, hit.end = rec["start"], rec["end"]
        hit.heading_path = list(rec.get("heading_path") or [])
    return out


def _chunk_record(ws: Workspace, sid: str, cid: str, cache: dict | None = None) -> dict | None:
    """A chunk's record: the line of its ordinal when it is there, else found by id.
    ``cache``: each source's chunk lines, kept for the query's other hits."""
    import json

    lines = cache.get(sid) if cache is not None else None
    if lines is None:
        try:
            with open(ws.chunks_path(sid), "rb") as fh:
                lines = fh.read().split(b"\n")
        except OSError:
            return None
        if cache is not None:
            cache[sid] = lines
    try:
        n = int(cid.rpartition("#c")[2])
        rec = json.loads(lines[n]) if n < len(lines) else None
        if isinstance(rec, dict) and rec.get("chunk_id") == cid and isinstance(rec.get("start"), int):
            return rec
        for line in lines:
            if cid.encode() in line:
                rec = json.loads(line)
                if isinstance(rec, dict) and rec.get("chunk_id") == cid and isinstance(rec.get("start"), int):
                    return rec
    except ValueError:
        return None
    return None
