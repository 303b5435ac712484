"""Building the search index under ``index/`` and telling whether it is current.

Layout (all deterministic: the same chunks give byte-identical files):

- ``meta.json``    version, n_docs, n_terms, avgdl, shard count, id_width
- ``sources.json`` per indexed source: the SHA-256 and size of its chunk file (staleness)
- ``docs.txt``     chunk ids in document-number order, padded to ``id_width`` (seekable)
- ``doclen.bin``   document lengths in terms, little-endian uint32
- ``shards/XX.tsv`` postings, terms hashed into 256 files (``engines.text.postings``)

The folder is built beside the old one and swapped in, so a reader never sees half an index.
"""

from __future__ import annotations

import os
import shutil
import sys
from array import array
from dataclasses import dataclass

from ...base import jsonio
from ...base.errors import EXIT_GATE, SbError
from ...base.versions import INDEXER
from ...engines.text import postings
from ...engines.text.tokenize import term_counts
from ..workspace.layout import Workspace
from .chunking import chunks_fingerprint, load_chunks, ready_ids
from .store import read_normalized

META = "meta.json"
SOURCES = "sources.json"
DOCS = "docs.txt"
DOCLEN = "doclen.bin"
SHARD_DIR = "shards"  # the names under index/ (Workspace.index_path)


@dataclass
class IndexStats:
    n_docs: int
    n_terms: int
    avgdl: float
    sources: int
    bytes: int


PARALLEL_MIN_CHARS = 4_000_000  # below this, starting a second process costs more than it saves


def build_index(ws: Workspace, workers: int | None = None) -> IndexStats:
    """Index every ready source's chunks. Large workspaces are tokenized by two processes,
    each taking a contiguous run of documents; their postings are joined in order, so the
    files are the same whichever way they were built."""
    with ws.lock():
        ids = ready_ids(ws)
        if not ids:
            raise SbError("E-INDEX", "sources", "no ready source to index; run `sb extract` and `sb chunk` first", EXIT_GATE)
        plan: list[tuple[str, list[tuple[int, int]]]] = []
        chunk_ids: list[str] = []
        recorded: dict[str, dict] = {}
        for sid in ids:
            path = ws.chunks_path(sid)
            if not os.path.isfile(path):
                raise SbError("E-INDEX", sid, "ready but not chunked; run `sb chunk` first", EXIT_GATE)
            recs = sorted(load_chunks(ws, sid), key=lambda r: r["chunk_id"])
            plan.append((sid, [(r["start"], r["end"]) for r in recs]))
            chunk_ids.extend(r["chunk_id"] for r in recs)
            recorded[sid] = {"chunks": len(recs), "chunks_sha256": chunks_fingerprint(ws, sid),
                             "size": os.path.getsize(path)}
        doclen, shards, n_terms = _build(ws, plan, workers)
        if n_terms == 0:
            raise SbError("E-INDEX", "chunks", f"{len(chunk_ids)} chunk(s) but not one searchable term; "
                          "check that the sources have text", EXIT_GATE)
        n = len(chunk_ids)
        avgdl = round(sum(doclen) / n, 4) if n else 0.0
        width = max(map(len, chunk_ids))
        meta = {"avgdl": avgdl, "id_width": width, "n_docs": n, "n_terms": n_terms,
                "shards": postings.SHARDS, "version": INDEXER}
        size = _write(ws, meta, recorded, chunk_ids, width, doclen, shards)
        ws.record("INDEX", f"indexed {n} chunks, {n_terms} terms")
    return IndexStats(n, n_terms, avgdl, len(ids), size)


def _build(ws: Workspace, plan: list, workers: int | None) -> tuple[list[int], dict[int, str], int]:
    spans = sum(e - s for _, sp in plan for s, e in sp)
    if workers is None:
        workers = 2 if (os.cpu_count() or 1) > 1 and spans >= PARALLEL_MIN_CHARS else 1
    parts = _split(plan, max(1, workers))
    bases = [0]
    for part in parts[:-1]:
        bases.append(bases[-1] + sum(len(sp) for _, sp in part))
    jobs = [(ws.root, part, base) for part, base in zip(parts, bases, strict=True)]
    results = None
    if len(jobs) > 1:
        try:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(len(jobs)) as pool:
                results = pool.map(_build_part, jobs)
        except (ImportError, ValueError, OSError):
            results = None  # no fork here: do it in this process
    if results is None:
        results = [_build_part(job) for job in jobs]
    doclen = [d for lens, _ in results for d in lens]
    shards, n_terms = postings.merge([lines for _, lines in results])
    return doclen, shards, n_terms


def _split(plan: list, n: int) -> list[list]:
    """``n`` contiguous runs of sources of about equal size (by characters chunked)."""
    if n <= 1 or len(plan) < 2:
        return [plan]
    sizes = [sum(e - s for s, e in sp) for _, sp in plan]
    total, acc = sum(sizes), 0
    parts: list[list] = []
    cur: list = []
    for item, size in zip(plan, sizes, strict=True):
        cur.append(item)
        acc += size
        if len(parts) < n - 1 and acc >= total * (len(parts) + 1) / n:
            parts.append(cur)
            cur = []
    if cur:
        parts.append(cur)
    return parts


def _build_part(job: tuple) -> tuple[list[int], dict[int, list[str]]]:
    root, part, base = job
    ws = Workspace(root)
    builder = postings.Builder(base)
    for sid, spans in part:
        text = read_normalized(ws, sid) or ""
        for s, e in spans:
            builder.add(term_counts(text[s:e]))
    return builder.doclen, builder.lines()


def _write(ws: Workspace, meta: dict, recorded: dict, chunk_ids: list[str], width: int,
           doclen: list[int], shards: dict[int, str]) -> int:
    final = ws.index_dir
    tmp = final + f".new-{os.getpid()}"
    old = final + f".old-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(os.path.join(tmp, SHARD_DIR))
    files = {META: jsonio.dumps(meta), SOURCES: jsonio.dumps(recorded),
             DOCS: "".join(c.ljust(width) + "\n" for c in chunk_ids)}
    for n, body in shards.items():
        files[os.path.join(SHARD_DIR, postings.shard_name(n))] = body
    size = 0
    for rel, body in files.items():
        data = body.encode("utf-8")
        size += len(data)
        _write_file(os.path.join(tmp, rel), data)
    lens = array("I", doclen)
    if sys.byteorder == "big":
        lens.byteswap()
    _write_file(os.path.join(tmp, DOCLEN), lens.tobytes())
    size += len(lens) * lens.itemsize
    _fsync_dir(tmp)
    if os.path.exists(final):
        os.replace(final, old)
    os.replace(tmp, final)
    shutil.rmtree(old, ignore_errors=True)
    return size


def _write_file(path: str, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def _fsync_dir(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
