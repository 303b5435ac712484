"""``sb index``: keeping the search index under ``index/`` current, doing work in proportion to
what changed (amendments to the original kit).

The index is a set of immutable segments (``segments``) named by ``index/lexical.json``
(``manifest``). A run compares the ready sources with what the index holds (chunk file
size and hash, text hash): sources added or re-chunked go into one new segment, sources removed
or re-chunked are marked deleted in the segment that held them, the merge policy keeps the
segment count small, and the new manifest is committed last. ``--rebuild`` (or an index of
another format) builds from nothing: the result is one segment whose bytes depend only on the
sources, however they were reached.

A build tokenizes in tasks of about ``RUN_DOCS`` documents, each written as a run (a segment
numbered from its first document); large builds run the tasks in one process per core. Runs are then
merged shard by shard, one term at a time, so memory stays bounded whatever the corpus size.
"""

from __future__ import annotations

import hashlib
import os
import shutil

from ...base.errors import Exit, SbError
from ...base.gc_pause import paused_gc
from ...base.record import field, record
from ...engines.search.findterms import index_entries_dropped_first
from ...engines.search.postings import Builder
from ...engines.search.tokenize import DROPPED_FIRST
from ..workspace.layout import Workspace
from . import manifest as M
from . import segments as S
from . import write as W
from .statuses import read_text, source_facts

RUN_DOCS = 50_000  # documents per build task: bounds a builder's memory (about 60 MB)
PARALLEL_MIN_DOCS = 6_000  # below this a second process costs more than it saves
_COUNT_CHANGED = "the chunk file changed while indexing; run `sb index` again"
OLD_FILES = ("meta.json", "sources.json", "docs.txt", "doclen.bin", "shards")  # index format 2


@record
class IndexStats:
    n_docs: int
    n_terms: int
    avgdl: float
    sources: int
    bytes: int = 0
    added: int = 0
    changed: int = 0
    removed: int = 0
    segments: int = 0
    merged: int = 0
    rebuilt: bool = False
    unchanged: bool = False
    repaired: list = field(default_factory=list)  # (segment, sources) found damaged and indexed again


class _Item:
    """A source to index: its chunk count, what its segment records, and how much text its
    chunks cover (the work of tokenizing it)."""

    __slots__ = ("sid", "n", "info", "work")

    def __init__(self, sid: str, n: int, info: dict, work: int = 0):
        self.sid, self.n, self.info, self.work = sid, n, info, work


def build_index(ws: Workspace, rebuild: bool = False, workers: int | None = None, progress=None) -> IndexStats:
    """Bring the index up to date (or rebuild it). ``progress(done, total, what)`` is called as
    work advances (the command line draws it on a terminal)."""
    with ws.lock():
        facts = source_facts(ws)
        ready = [sid for sid, f in facts.items() if f.status == "ready"]
        if not ready:
            raise SbError("E-INDEX", "sources", "no ready source to index; run `sb extract` and `sb chunk` first", Exit.GATE)
        for sid in ready:
            if not os.path.isfile(ws.chunks_path(sid)):
                raise SbError("E-INDEX", sid, "ready but not chunked; run `sb chunk` first", Exit.GATE)
        idir = ws.index_dir
        os.makedirs(idir, exist_ok=True)
        man = M.read(idir, strict=False)
        refs: list[M.SegRef] = []
        live: dict[str, tuple[str, dict]] = {}
        repaired: list[tuple[str, int]] = []
        committed: set[str] = set()  # intact live segments: never deleted before the next commit
        for ref in man.segments if man is not None else ():
            if S.Segment(idir, ref.name).intact():
                refs.append(ref)
                committed.add(ref.name)
            else:  # damaged: its sources are indexed again below
                repaired.append((ref.name, ref.sources - len(ref.deleted)))
        if rebuild:
            man, refs = None, []
        if man is not None:
            try:
                live = M.live_sources(idir, M.Manifest(refs))
            except SbError:
                man, refs, live = None, [], {}
        since = M.built_ns(idir) if man is not None else 0
        ready_set = set(ready)
        changed = [sid for sid in ready if not (sid in live and M.unchanged(
            ws.chunks_path(sid), live[sid][1], facts[sid].text_sha256, since))]
        removed = sorted(sid for sid in live if sid not in ready_set)
        if man is not None and not changed and not removed and not repaired:
            W.remove_stray(idir, {r.name for r in refs})
            return IndexStats(man.n_docs, man.n_terms, man.avgdl, len(live), unchanged=True,
                              segments=len(refs))
        by_name = {r.name: r for r in refs}
        for sid in changed + removed:
            if sid in live:
                seg, rec = live[sid]
                by_name[seg].deleted[sid] = list(rec["docs"])
        keep = set(by_name) | committed  # a segment with the same content is reused, not rewritten
        if changed:
            items = _plan(ws, changed, facts)
            try:
                name = _build(ws, items, workers, keep, progress)
            except SbError as exc:
                if exc.message != _COUNT_CHANGED:
                    raise
                # a chunk file holds another count than planned: planned again from the files
                items = _plan(ws, changed, facts, trust_cache=False)
                name = _build(ws, items, workers, keep, progress)
            new = S.Segment(idir, name)
            refs.append(M.SegRef(name, new.n_docs, len(items)))
            keep.add(name)
        refs = [r for r in refs if r.live > 0]
        refs, merged = _apply_merges(idir, refs, keep, progress)
        out = _totals(idir, refs, len(ready))
        if out.n_terms == 0:
            W.remove_stray(idir, committed)
            raise SbError("E-INDEX", "chunks", f"{out.n_docs} chunk(s) but not one searchable term; "
                          "check that the sources have text", Exit.GATE)
        size = M.commit(idir, out)
        W.remove_stray(idir, {r.name for r in refs})
        _remove_old_format(idir)
        added = sum(1 for sid in changed if sid not in live)
        ws.record("INDEX", f"indexed {out.n_docs} chunks, {out.n_terms} terms")
    size += sum(_du(os.path.join(idir, r.name)) for r in refs)
    return IndexStats(out.n_docs, out.n_terms, out.avgdl, len(ready), size, added, len(changed) - added,
                      len(removed), len(refs), merged, rebuilt=man is None, repaired=repaired)


def _plan(ws: Workspace, sids: list[str], facts: dict, trust_cache: bool = True) -> list[_Item]:
    """Each source's chunk count (its documents' numbers follow from it) and work; the task
    that indexes a source hashes the chunk file it reads (``_tokenize_run``). A count ``sb
    chunk`` recorded for a chunk file of this very size and time is taken as it is (reading
    ten thousand files to count their lines is a third of a second); a task finding another
    count says so, and the build is planned again from the files (``_build``)."""
    from .chunkfiles import chunk_cache, size_and_time

    _settings, cached = chunk_cache(ws) if trust_cache else (None, {})
    items = []
    for sid in sids:
        path = ws.chunks_path(sid)
        hit = cached.get(sid)
        if hit is not None and (size_and_time(path) != hit[2:4] or not isinstance(hit[4], int)):
            hit = None
        if hit is not None:
            n = hit[4]
            work = (hit[0] if isinstance(hit[0], int) else 0) + 200 * n
        else:
            with open(path, "rb") as fh:
                n = _records(fh.read())
            try:
                work = os.path.getsize(ws.normalized_path(sid)) + 200 * n
            except OSError:
                work = 200 * n
        items.append(_Item(sid, n, {"text_sha256": facts[sid].text_sha256}, work))
    return items


def _records(data: bytes) -> int:
    """The lines of a chunk file that are not blank."""
    lines = data.count(b"\n") + (not data.endswith(b"\n") and len(data) > 0)
    # each line a record, as `sb chunk` writes (a longer word is counted faster)
    if data.count(b'\n{"chunk_id":') + data.startswith(b'{"chunk_id":') == lines:
        return lines
    return sum(1 for line in data.split(b"\n") if line.strip())


def _tasks(items: list[_Item], workers: int) -> list[tuple[int, list[_Item]]]:
    """Contiguous groups of sources, each with its first document: at most about RUN_DOCS
    documents a group (a builder's memory), as many groups as a multiple of ``workers`` (no
    process idles at the end), cut where the text to tokenize (``_Item.work``) is even."""
    total = sum(i.n for i in items)
    n_tasks = max(1, -(-total // RUN_DOCS))
    if workers > 1 and total >= PARALLEL_MIN_DOCS:
        n_tasks = -(-n_tasks // workers) * workers
    work = sum(i.work for i in items)
    out: list[tuple[int, list[_Item]]] = []
    cur: list[_Item] = []
    base = docs = done = 0
    for item in items:
        cur.append(item)
        docs += item.n
        done += item.work
        if len(out) < n_tasks - 1 and done >= work * (len(out) + 1) / n_tasks:
            out.append((base, cur))
            base, cur = docs, []
    if cur or not out:
        out.append((base, cur))
    return out


def _build(ws: Workspace, items: list[_Item], workers: int | None, keep: set[str], progress) -> str:
    """One segment holding ``items`` (in order), built in runs and merged."""
    if workers is None:
        total = sum(i.n for i in items)
        workers = usable_cores() if total >= PARALLEL_MIN_DOCS else 1
    tasks = _tasks(items, workers)
    durable = len(tasks) == 1  # else each run is merged into the segment that is kept
    jobs = [(ws.root, base, [(i.sid, i.n, i.info) for i in group], sorted(keep), durable) for base, group in tasks]
    results: list | None = None
    if workers > 1 and len(jobs) > 1:
        try:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(min(workers, len(jobs))) as pool:
                results = []
                for res in pool.imap(_run_task, jobs):
                    results.append(res)
                    if progress is not None:
                        progress(len(results), len(jobs), "tokenized")
        except (ImportError, ValueError, OSError):
            results = None  # no fork here: do it in this process
    if results is None:
        results = []
        for job in jobs:
            results.append(_run_task(job))
            if progress is not None:
                progress(len(results), len(jobs), "tokenized")
    for res in results:
        if isinstance(res, tuple):  # an SbError raised in a worker
            raise SbError(*res)
    names = [r for r in results if isinstance(r, str)]
    if len(names) == 1:
        return names[0]
    shard_progress = None if progress is None else (lambda d, t: progress(d, t, "merged"))
    return W.merge(ws.index_dir, [W.MergeInput(S.Segment(ws.index_dir, n)) for n in names], keep, shard_progress)


def usable_cores() -> int:
    """The processors this process may run on (every one: a build's tasks are independent)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _run_task(job: tuple) -> str | tuple:
    root, base, group, keep, durable = job
    ws = Workspace(root)
    try:
        return _tokenize(ws, base, group, set(keep), durable)
    except SbError as exc:
        return (exc.code, exc.subject, exc.message, exc.exit_code)


def _tokenize(ws: Workspace, base: int, group: list, keep: set[str], durable: bool = True) -> str:
    # everything the builder holds lives until the run is written: cyclic collections would
    # only rescan its lists again and again (a tenth of the time)
    with paused_gc():
        return _tokenize_run(ws, base, group, keep, durable)


def _tokenize_run(ws: Workspace, base: int, group: list, keep: set[str], durable: bool) -> str:
    from .chunkfiles import chunk_spans

    builder = Builder(base)
    add = builder.add
    chunk_ids: list[str] = []
    spans: list[W.SourceSpan] = []
    for sid, n, info in group:
        text = read_text(ws, sid)
        try:
            with open(ws.chunks_path(sid), "rb") as fh:
                data = fh.read()
        except OSError:
            data = None  # chunk_spans says what is wrong
        recs = chunk_spans(ws, sid, data)
        if len(recs) != n or data is None:
            raise SbError("E-INDEX", sid, _COUNT_CHANGED, Exit.GATE)
        info = dict(info, chunks=n, chunks_sha256=hashlib.sha256(data).hexdigest(), size=len(data))
        lo = len(chunk_ids)
        for (cid, _s, _e), (counts, keys, flen) in zip(
                recs, index_entries_dropped_first(text, [(s, e) for _, s, e in recs]), strict=True):
            add(counts, keys, flen, DROPPED_FIRST)
            chunk_ids.append(cid)
        spans.append(W.SourceSpan(sid, lo, len(chunk_ids), info))
    return W.write_segment(ws.index_dir, W.Docs.of(chunk_ids, builder.doclen, builder.findlen),
                           builder.shards(), spans, builder.tf_max, base, keep, durable)


def _apply_merges(idir: str, refs: list[M.SegRef], keep: set[str], progress) -> tuple[list[M.SegRef], int]:
    groups = M.merges(refs)
    if not groups:
        return refs, 0
    current = {r.name: r for r in refs}
    for group in groups:
        parts = []
        for pseudo in group:
            parts.append(current.pop(pseudo))
        inputs = [W.MergeInput(S.Segment(idir, r.name), r.deleted) for r in parts]
        shard_progress = None if progress is None else (lambda d, t: progress(d, t, "merged"))
        name = W.merge(idir, inputs, keep, shard_progress)
        keep.add(name)
        seg = S.Segment(idir, name)
        current["+".join(group)] = M.SegRef(name, seg.n_docs, sum(r.sources - len(r.deleted) for r in parts))
    out = sorted(current.values(), key=lambda r: (-r.live, r.name))
    return out, len(groups)


def _totals(idir: str, refs: list[M.SegRef], n_sources: int) -> M.Manifest:
    n_docs = total = 0
    for ref in refs:
        seg = S.Segment(idir, ref.name)
        seg_len = int(seg.meta["total_len"])
        if ref.deleted:
            lens = seg.doclen()
            seg_len -= sum(sum(lens[lo:hi]) for lo, hi in ref.deleted.values())
        total += seg_len
        n_docs += ref.live
    return M.Manifest(refs, n_docs, _count_terms(idir, refs), total, n_sources)


def _count_terms(idir: str, refs: list[M.SegRef]) -> int:
    """Distinct ranking terms over the live segments (a term that only deleted chunks hold
    counts until its segment is merged)."""
    if not refs:
        return 0
    segs = sorted((S.Segment(idir, r.name) for r in refs), key=lambda s: (-int(s.meta["terms"]), s.name))
    big = segs[0]
    n = int(big.meta["terms"])
    if len(segs) == 1:
        return n
    others: dict[int, set[str]] = {}
    for seg in segs[1:]:
        for shard in range(256):
            for term, _df, _off in seg.shard_entries(shard):
                if not term.startswith("~"):
                    others.setdefault(shard, set()).add(term)
    for shard, terms in others.items():
        have = {t for t, _df, _off in big.shard_entries(shard)}
        n += len(terms - have)
    return n


def _remove_old_format(idir: str) -> None:
    for name in OLD_FILES:
        path = os.path.join(idir, name)
        if os.path.isdir(path):
            shutil.rmtree(path, ignore_errors=True)
        elif os.path.exists(path):
            try:
                os.unlink(path)
            except OSError:
                pass


def _du(path: str) -> int:
    try:
        return sum(e.stat().st_size for e in os.scandir(path) if e.is_file())
    except OSError:
        return 0

