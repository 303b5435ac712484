"""Each source's status and text hash, without reading ten thousand records each time.

A record that cannot be read or trusted (``workspace.records.record_problem``) is ``damaged``.

``sb status``, ``sb chunk``, ``sb index`` and ``sb find`` run often on large workspaces, so each
record's status and ``normalized_sha256`` are cached in ``.sb-cache/source-status.json``, keyed
by the record file's mtime and size; a record changed in any way is read again. Deleting the
cache is always safe.
"""

from __future__ import annotations

import json
import os

from ..workspace.layout import Workspace


class Fact:
    __slots__ = ("status", "text_sha256", "tool", "version")

    def __init__(self, status: str, text_sha256: str | None, tool: str = "", version: int = 0):
        self.status = status
        self.text_sha256 = text_sha256
        self.tool = tool  # the extraction tool and its version (whether the text marks headings)
        self.version = version


def source_facts(ws: Workspace) -> dict[str, Fact]:
    """Source id -> its status and text hash, for every source folder with a record, in id order."""
    cache_path = ws.status_cache_path
    try:
        with open(cache_path, encoding="utf-8") as fh:
            cache = json.load(fh)
        if not isinstance(cache, dict):
            cache = {}
    except (OSError, ValueError):
        cache = {}
    out: dict[str, Fact] = {}
    fresh: dict[str, list] = {}
    src = os.path.join(ws.sources_dir, "")
    tail = os.sep + "source.json"
    for sid in ws.source_dir_names():
        try:
            st = os.stat(src + sid + tail)
        except OSError:
            continue  # a folder without a record is not a source
        key = [st.st_mtime_ns, st.st_size]
        hit = cache.get(sid)
        if isinstance(hit, list) and len(hit) == 6 and hit[:2] == key and isinstance(hit[2], str):
            status, sha, tool = hit[2], hit[3], str(hit[4])
            version = hit[5] if isinstance(hit[5], int) else 0
        else:
            rec = _record(ws, sid)
            status = str(rec.get("status")) if rec is not None else "damaged"
            sha = rec.get("normalized_sha256") if isinstance(rec, dict) else None
            sha = sha if isinstance(sha, str) else None
            ext = rec.get("extraction") if isinstance(rec, dict) else None
            tool = str(ext.get("tool") or "") if isinstance(ext, dict) else ""
            got = ext.get("version") if isinstance(ext, dict) else 0
            version = got if isinstance(got, int) and not isinstance(got, bool) else 0
        fresh[sid] = key + [status, sha, tool, version]
        out[sid] = Fact(status, sha, tool, version)
    if fresh != cache:
        try:
            from ...base.jsonio import atomic_write_bytes, dumps_compact

            atomic_write_bytes(cache_path, dumps_compact(fresh).encode("utf-8"), durable=False)
        except OSError:
            pass  # a read-only workspace: no cache, same answer
    return out


def source_statuses(ws: Workspace) -> list[tuple[str, str]]:
    """(id, status) of every source, in id order."""
    return [(sid, f.status) for sid, f in source_facts(ws).items()]


def ready_ids(ws: Workspace) -> list[str]:
    return [sid for sid, f in source_facts(ws).items() if f.status == "ready"]


def _record(ws: Workspace, sid: str) -> dict | None:
    """A source record, or None when it is unreadable or damaged (``sources.store.load_source``
    refuses the same records, naming the problem)."""
    from ..workspace.records import record_problem

    try:
        with open(ws.source_json(sid), encoding="utf-8") as fh:
            rec = json.load(fh)
    except (OSError, ValueError):
        return None
    return rec if isinstance(rec, dict) and record_problem(rec, sid) is None else None


def read_text(ws: Workspace, sid: str) -> str:
    """A source's canonical text ("" when it has none)."""
    try:
        with open(ws.normalized_path(sid), "rb") as fh:
            return fh.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
