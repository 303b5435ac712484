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

from ..base import jsonio
from ..base.errors import EXIT_GATE, SbError
from ..base.versions import INDEXER
from ..engines.text import postings
from ..engines.text.tokenize import term_counts
from .chunking import chunks_fingerprint, load_chunks, ready_ids
from .sources import read_normalized
from .workspace import Workspace

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


def build_index(ws: Workspace) -> IndexStats:
    with ws.lock():
        ids = ready_ids(ws)
        if not ids:
            raise SbError("E-INDEX", "sources", "no ready source to index; run `sb extract` and `sb chunk` first", EXIT_GATE)
        builder = postings.Builder()
        chunk_ids: list[str] = []
        recorded: dict[str, dict] = {}
        for sid in ids:
            path = ws.chunks_path(sid)
            if not os.path.isfile(path):
                raise SbError("E-INDEX", sid, "ready but not chunked; run `sb chunk` first", EXIT_GATE)
            text = read_normalized(ws, sid) or ""
            recs = sorted(load_chunks(ws, sid), key=lambda r: r["chunk_id"])
            for r in recs:
                builder.add(term_counts(text[r["start"]:r["end"]]))
                chunk_ids.append(r["chunk_id"])
            recorded[sid] = {"chunks": len(recs), "chunks_sha256": chunks_fingerprint(ws, sid),
                             "size": os.path.getsize(path)}
        if builder.n_terms == 0:
            raise SbError("E-INDEX", "chunks", f"{len(chunk_ids)} chunk(s) but not one searchable term; "
                          "check that the sources have text", EXIT_GATE)
        n = len(chunk_ids)
        avgdl = round(sum(builder.doclen) / n, 4) if n else 0.0
        width = max(map(len, chunk_ids))
        meta = {"avgdl": avgdl, "id_width": width, "n_docs": n, "n_terms": builder.n_terms,
                "shards": postings.SHARDS, "version": INDEXER}
        size = _write(ws, meta, recorded, chunk_ids, width, builder)
        ws.record("INDEX", f"indexed {n} chunks, {builder.n_terms} terms")
    return IndexStats(n, builder.n_terms, avgdl, len(ids), size)


def _write(ws: Workspace, meta: dict, recorded: dict, chunk_ids: list[str], width: int,
           builder: postings.Builder) -> int:
    final = ws.index_dir
    tmp = final + f".new-{os.getpid()}"
    old = final + f".old-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(os.path.join(tmp, SHARD_DIR))
    files = {META: jsonio.dumps(meta), SOURCES: jsonio.dumps(recorded),
             DOCS: "".join(c.ljust(width) + "\n" for c in chunk_ids)}
    for n, body in builder.shards().items():
        files[os.path.join(SHARD_DIR, postings.shard_name(n))] = body
    size = 0
    for rel, body in files.items():
        data = body.encode("utf-8")
        size += len(data)
        _write_file(os.path.join(tmp, rel), data)
    lens = array("I", builder.doclen)
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
