"""Chunking every ready source into ``chunks/<src>.jsonl`` (CONTRACT 3.4, 5.1).

A chunk file holds one compact JSON object per chunk (sorted keys): chunk_id, end,
heading_path, ordinal, source_id, start. A file is rewritten only when its content changes,
so re-chunking with the same sizes leaves the index current.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ...base import jsonio
from ...base.errors import EXIT_GATE, EXIT_USAGE, Finding, SbError
from ...base.ids import chunk_id
from ...engines.text.chunk import check_sizes, chunk
from ..workspace.layout import Workspace
from .chunkfiles import ChunkRecord, load_chunks  # noqa: F401  (re-exported)
from .store import load_source, read_normalized


@dataclass
class Chunked:
    source_id: str
    chunks: int
    changed: bool


def ready_ids(ws: Workspace) -> list[str]:
    return [sid for sid, _ in ready_sources(ws)]


def ready_sources(ws: Workspace) -> list[tuple[str, dict]]:
    out = []
    for sid in ws.source_ids():
        try:
            rec = load_source(ws, sid)
        except SbError as exc:
            if exc.code == "E-SCHEMA":
                raise  # a damaged record is named, not skipped in silence
            continue
        if rec.get("status") == "ready":
            out.append((sid, dict(rec)))
    return out


def markdown_headings(rec: dict) -> bool:
    """Does this source's canonical text mark headings with ``#``? (A PDF's text does not: a
    ``#`` line there is a comment in a code sample, not a heading.)"""
    return (rec.get("extraction") or {}).get("tool") != "sb.pdf"


def sizes(ws: Workspace, target: int | None, overlap: int | None) -> tuple[int, int]:
    """The sizes to use: flags win over ``config.chunk_target``/``chunk_overlap``."""
    cfg = ws.load_manifest().get("config") or {}
    t = target if target is not None else cfg.get("chunk_target", 1600)
    o = overlap if overlap is not None else cfg.get("chunk_overlap", 240)
    problem = check_sizes(t, o)
    if problem:
        where = "--target/--overlap" if (target is not None or overlap is not None) else "config.chunk_target/chunk_overlap"
        raise SbError("E-CHUNK", where, f"{problem}; choose target >= 1 and 0 <= overlap < target", EXIT_USAGE)
    return t, o


def render(sid: str, text: str, target: int, overlap: int, headings: bool = True) -> tuple[str, int]:
    lines = []
    for c in chunk(text, target, overlap, headings):
        rec: ChunkRecord = {"chunk_id": chunk_id(sid, c.ordinal), "end": c.end, "heading_path": list(c.heading_path),
                            "ordinal": c.ordinal, "source_id": sid, "start": c.start}
        lines.append(jsonio.dumps_compact(rec) + "\n")
    return "".join(lines), len(lines)


def chunk_workspace(ws: Workspace, target: int | None = None, overlap: int | None = None
                    ) -> tuple[list[Chunked], list[Finding], tuple[int, int]]:
    t, o = sizes(ws, target, overlap)
    done: list[Chunked] = []
    problems: list[Finding] = []
    with ws.lock():
        ready = ready_sources(ws)
        if not ready:
            raise SbError("E-CHUNK", "sources", "no ready source to chunk; run `sb add` and `sb extract` first", EXIT_GATE)
        for sid, rec in ready:
            text = read_normalized(ws, sid)
            if not text:
                problems.append(Finding("E-CHUNK", sid, "ready but normalized.md is missing or empty; "
                                        "run `sb extract --force` or remove the source"))
                continue
            body, n = render(sid, text, t, o, markdown_headings(rec))
            path = ws.chunks_path(sid)
            changed = _read_or_none(path) != body
            if changed:
                jsonio.atomic_write_text(path, body)
            done.append(Chunked(sid, n, changed))
        if done:
            ws.record("CHUNK", f"chunked {len(done)} source(s) (target={t} overlap={o})")
    return done, problems, (t, o)


def _read_or_none(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None


def chunks_fingerprint(ws: Workspace, sid: str) -> str | None:
    """SHA-256 of a chunk file's bytes, or None when it is missing."""
    import hashlib

    try:
        with open(ws.chunks_path(sid), "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None


def stat_key(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]
