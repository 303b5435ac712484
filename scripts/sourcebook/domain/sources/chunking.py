"""Chunking every ready source into ``chunks/<src>.jsonl`` (compatibility: chunks and index, the chunker).

A chunk file holds one compact JSON object per chunk (sorted keys): chunk_id, end,
heading_path, ordinal, source_id, start. A file is rewritten only when its content changes,
so re-chunking with the same sizes leaves the index current.

Work follows what changed: ``.sb-cache/chunks.json`` records, per source, the sizes and
modification times of its text and chunk file and the sizes used; a source whose files and
sizes are as recorded is not read again. Large runs chunk in one process per core, and the
files are written through ``base.batchwrite`` (fsyncs in parallel).
"""

from __future__ import annotations

from ...base import jsonio
from ...base.errors import Exit, Finding, SbError
from ...base.ids import chunk_id
from ...base.record import record
from ...base.versions import CHUNKER
from ...engines.search.chunk import check_sizes, chunk
from ..index.chunkfiles import ChunkRecord, chunk_cache, load_chunks, size_and_time  # noqa: F401  (re-exported)
from ..workspace.layout import Workspace
from .store import read_normalized

PARALLEL_MIN = 200  # sources to chunk before a second process pays for itself
BATCH = 100  # sources per task (progress moves per task)


@record
class Chunked:
    source_id: str
    chunks: int
    changed: bool


def ready_ids(ws: Workspace) -> list[str]:
    return list(_ready(ws))


def _ready(ws: Workspace) -> dict[str, bool]:
    """Ready source id -> whether its text marks headings with ``#`` (not a PDF's)."""
    from ..index.statuses import source_facts
    from .store import load_source

    facts = source_facts(ws)
    for sid, fact in facts.items():
        if fact.status == "damaged":
            load_source(ws, sid)  # E-SCHEMA naming the record: a damaged record is not skipped in silence
    return {sid: markdown_headings({"extraction": {"tool": f.tool, "version": f.version}})
            for sid, f in facts.items() if f.status == "ready"}


PDF_HEADINGS_FROM = 3  # the sb.pdf version whose text marks section headings


def markdown_headings(rec: dict) -> bool:
    """Does this source's canonical text mark headings with ``#``? A PDF's text does from
    extractor version 3 on (its outline or numbered section titles, with a ``#`` that starts a
    line of the PDF's own text escaped as ``\\#``); before that a ``#`` line there is a comment in
    a code sample, not a heading."""
    ext = rec.get("extraction") or {}
    if ext.get("tool") != "sb.pdf":
        return True
    version = ext.get("version")
    return isinstance(version, int) and version >= PDF_HEADINGS_FROM


def sizes(ws: Workspace, target: int | None, overlap: int | None) -> tuple[int, int]:
    """The sizes to use: flags win over ``config.chunk_target``/``chunk_overlap``."""
    cfg = ws.load_manifest().get("config") or {}
    t = target if target is not None else cfg.get("chunk_target", 1600)
    o = overlap if overlap is not None else cfg.get("chunk_overlap", 240)
    problem = check_sizes(t, o)
    if problem:
        where = "--target/--overlap" if (target is not None or overlap is not None) else "config.chunk_target/chunk_overlap"
        raise SbError("E-CHUNK", where, f"{problem}; choose target >= 1 and 0 <= overlap < target", Exit.USAGE)
    return t, o


def render(sid: str, text: str, target: int, overlap: int, headings: bool = True) -> tuple[str, int]:
    """The chunk file's text (exactly ``jsonio.dumps_compact`` of each record, one a line:
    a heading path is written with the same string encoder ``json.dumps`` uses)."""
    from json.encoder import encode_basestring

    lines = []
    paths: dict[tuple[str, ...], str] = {}
    for c in chunk(text, target, overlap, headings):
        path = paths.get(c.heading_path)
        if path is None:
            path = paths[c.heading_path] = "[" + ",".join(map(encode_basestring, c.heading_path)) + "]"
        lines.append(f'{{"chunk_id":"{chunk_id(sid, c.ordinal)}","end":{c.end},"heading_path":{path},'
                     f'"ordinal":{c.ordinal},"source_id":"{sid}","start":{c.start}}}\n')
    return "".join(lines), len(lines)


def chunk_workspace(ws: Workspace, target: int | None = None, overlap: int | None = None, progress=None,
                    workers: int | None = None) -> tuple[list[Chunked], list[Finding], tuple[int, int]]:
    """Chunk every ready source whose text, chunk file or sizes changed. ``progress(done,
    total)`` is called as sources are done."""
    t, o = sizes(ws, target, overlap)
    with ws.lock():
        ready = _ready(ws)
        ids = list(ready)
        if not ids:
            raise SbError("E-CHUNK", "sources", "no ready source to chunk; run `sb add` and `sb extract` first", Exit.GATE)
        cache = _load_cache(ws, [t, o, CHUNKER])
        done: list[Chunked] = []
        todo: list[str] = []
        fresh: dict[str, list] = {}
        for sid in ids:
            hit = cache.get(sid)
            if (hit is not None and hit[:2] == size_and_time(ws.normalized_path(sid))
                    and hit[2:4] == size_and_time(ws.chunks_path(sid))):
                done.append(Chunked(sid, hit[4], False))
                fresh[sid] = hit
            else:
                todo.append(sid)
        problems: list[Finding] = []
        for res in _run(ws, [(sid, ready[sid]) for sid in todo], t, o, workers, progress):
            sid, n, changed, problem, entry = res
            if problem:
                problems.append(Finding("E-CHUNK", sid, problem))
                continue
            done.append(Chunked(sid, n, changed))
            if entry is not None:
                fresh[sid] = entry
        done.sort(key=lambda c: c.source_id)
        _save_cache(ws, [t, o, CHUNKER], fresh)
        if done:
            ws.record("CHUNK", f"chunked {len(done)} source(s) (target={t} overlap={o})")
    return done, problems, (t, o)


def _run(ws: Workspace, todo: list[tuple[str, bool]], t: int, o: int, workers: int | None, progress):
    if not todo:
        return []
    batches = [todo[i:i + BATCH] for i in range(0, len(todo), BATCH)]
    if workers is None:
        from ..index.build import usable_cores

        workers = usable_cores() if len(todo) >= PARALLEL_MIN else 1
    out: list = []
    jobs = [(ws.root, b, t, o) for b in batches]
    if workers > 1 and len(jobs) > 1:
        try:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for res in pool.imap(_chunk_batch, jobs):
                    out.extend(res)
                    if progress is not None:
                        progress(len(out), len(todo))
            return out
        except (ImportError, ValueError, OSError):
            out = []  # no fork here: do it in this process
    for job in jobs:
        out.extend(_chunk_batch(job))
        if progress is not None:
            progress(len(out), len(todo))
    return out


def _chunk_batch(job: tuple) -> list[tuple]:
    from ...base.batchwrite import BatchWriter

    root, sids, t, o = job
    ws = Workspace(root)
    out: list[tuple] = []
    with BatchWriter() as w:
        for sid, headings in sids:
            text = read_normalized(ws, sid)
            if not text:
                out.append((sid, 0, False, "ready but normalized.md is missing or empty; "
                            "run `sb extract --force` or remove the source", None))
                continue
            body, n = render(sid, text, t, o, headings)
            path = ws.chunks_path(sid)
            changed = _read_or_none(path) != body
            if changed:
                w.write(path, body.encode("utf-8"))
            out.append((sid, n, changed, "", None))
    for i, (sid, n, changed, problem, _) in enumerate(out):
        if not problem:
            text_st, chunk_st = size_and_time(ws.normalized_path(sid)), size_and_time(ws.chunks_path(sid))
            if text_st and chunk_st:
                out[i] = (sid, n, changed, problem, text_st + chunk_st + [n])
    return out


def _load_cache(ws: Workspace, settings: list) -> dict[str, list]:
    recorded, sources = chunk_cache(ws)
    return sources if recorded == settings else {}


def _save_cache(ws: Workspace, settings: list, sources: dict[str, list]) -> None:
    try:
        jsonio.atomic_write_bytes(ws.chunk_cache_path, jsonio.dumps_compact(
            {"settings": settings, "sources": sources}).encode("utf-8"), durable=False)
    except OSError:
        pass  # a read-only cache folder: the next run reads the sources again


def _read_or_none(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None
