"""Reading chunk files (``chunks/<src>.jsonl``); kept apart from the chunker so a search,
which only reads them, does not load the chunking code."""

from __future__ import annotations

import json
import os
import re
from typing import TypedDict, cast

from ...base import jsonio
from ...base.errors import SbError
from ...base.patterns import hot
from ..workspace.layout import Workspace


class ChunkRecord(TypedDict):
    chunk_id: str
    end: int
    heading_path: list[str]
    ordinal: int
    source_id: str
    start: int


def size_and_time(path: str) -> list[int] | None:
    """``[size, mtime_ns]`` of a file, as ``.sb-cache/chunks.json`` records them, or None."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def chunk_cache(ws: Workspace) -> tuple[object, dict[str, list]]:
    """What ``sb chunk`` recorded in ``.sb-cache/chunks.json``: the sizes it chunked with, and
    per source ``[text size, text mtime_ns, chunk file size, chunk file mtime_ns, chunks]``
    (``{}`` when the file is missing or not of this form)."""
    try:
        with open(ws.chunk_cache_path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None, {}
    if not isinstance(data, dict) or not isinstance(data.get("sources"), dict):
        return None, {}
    return data.get("settings"), {k: v for k, v in data["sources"].items() if isinstance(v, list) and len(v) == 5}


def load_chunks(ws: Workspace, sid: str) -> list[ChunkRecord]:
    """A source's chunk records; E-JSON names the file and line when one is malformed."""
    path = ws.chunks_path(sid)
    rel = ws.rel(path)
    text = jsonio.read_text(path, rel)
    out: list[ChunkRecord] = []
    # records end at "\n" only: a heading may hold U+0085 or U+2028, which JSON keeps as they are
    # and str.splitlines() would cut inside the record
    for i, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError as exc:
            raise SbError("E-JSON", f"{rel}:{i}", f"invalid JSON ({exc}); run `sb chunk` to rebuild it") from None
        if not (isinstance(rec, dict) and isinstance(rec.get("start"), int) and isinstance(rec.get("end"), int)
                and isinstance(rec.get("chunk_id"), str)):
            raise SbError("E-JSON", f"{rel}:{i}", "not a chunk record (chunk_id, start, end); run `sb chunk` to rebuild it")
        out.append(cast(ChunkRecord, rec))
    return out


_SPAN = hot(r'^\{"chunk_id":"([^"\\]+)","end":(\d+),"heading_path":.*,"ordinal":\d+,"source_id":"[^"\\]+",'
                   r'"start":(\d+)\}$', re.M)


def chunk_spans(ws: Workspace, sid: str, data: bytes | None = None) -> list[tuple[str, int, int]]:
    """``(chunk_id, start, end)`` of a source's chunks, sorted by chunk id (``data``: the chunk
    file's bytes, when read already). Files in the form `sb chunk` writes are read with one
    pattern; anything else goes through ``load_chunks``."""
    text: str | None
    try:
        if data is None:
            with open(ws.chunks_path(sid), "rb") as fh:
                data = fh.read()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        text = None
    if text is not None:
        found = [(cid, int(start), int(end)) for cid, end, start in _SPAN.findall(text)]
        if len(found) == sum(1 for line in text.split("\n") if line.strip()):
            return sorted(found)
    return sorted((r["chunk_id"], r["start"], r["end"]) for r in load_chunks(ws, sid))
