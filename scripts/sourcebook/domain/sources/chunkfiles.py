"""Reading chunk files (``chunks/<src>.jsonl``); kept apart from the chunker so a search,
which only reads them, does not load the chunking code."""

from __future__ import annotations

import json
from typing import TypedDict, cast

from ...base import jsonio
from ...base.errors import SbError
from ..workspace.layout import Workspace


class ChunkRecord(TypedDict):
    chunk_id: str
    end: int
    heading_path: list[str]
    ordinal: int
    source_id: str
    start: int


def load_chunks(ws: Workspace, sid: str) -> list[ChunkRecord]:
    """A source's chunk records; E-JSON names the file and line when one is malformed."""
    path = ws.chunks_path(sid)
    rel = ws.rel(path)
    text = jsonio.read_text(path, rel)
    out: list[ChunkRecord] = []
    for i, line in enumerate(text.splitlines(), 1):
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
