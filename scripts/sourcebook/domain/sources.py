"""Reading and writing source records (``sources/<id>/source.json``) and their texts."""

from __future__ import annotations

import os

from ..base import jsonio
from ..base.errors import SbError
from .records import SourceRecord
from .workspace import Workspace


def load_source(ws: Workspace, sid: str) -> SourceRecord:
    path = ws.source_json(sid)
    if not os.path.isfile(path):
        raise SbError("E-SOURCE-UNKNOWN", sid, "no such source; list them with `sb source list`")
    rel = ws.rel(path)
    data = jsonio.read_json(path, rel)
    jsonio.expect(data, dict, rel, "")
    return data  # type: ignore[return-value]


def try_load_source(ws: Workspace, sid: str) -> SourceRecord | None:
    """The record, or None when it is unreadable (status treats that as a failed source)."""
    try:
        return load_source(ws, sid)
    except SbError:
        return None


def save_source(ws: Workspace, rec: SourceRecord) -> None:
    jsonio.write_json(ws.source_json(rec["id"]), rec)


def all_sources(ws: Workspace) -> list[SourceRecord]:
    return [load_source(ws, sid) for sid in ws.source_ids()]


def read_normalized(ws: Workspace, sid: str) -> str | None:
    """The canonical text, or None when the source has none."""
    path = ws.normalized_path(sid)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data.decode("utf-8", errors="replace")
