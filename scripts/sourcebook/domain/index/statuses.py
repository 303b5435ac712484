"""Each source's status and text hash, without reading ten thousand records each time.

A record that cannot be read or trusted (``workspace.records.record_problem``) is ``damaged``.

``sb status``, ``sb chunk``, ``sb index`` and ``sb find`` run often on large workspaces, so each
record's status and ``normalized_sha256`` are cached in ``.sb-cache/source-status.json``, keyed
by the record file's mtime and size; a record changed in any way is read again, and the cache is
written only when something changed. Deleting the cache is always safe. The records are looked
up from an open handle on ``sources/`` (a path of two names for each of ten thousand, not the
whole path from the root: a third less time in the kernel).
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


def _read_cache(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            cache = json.load(fh)
    except (OSError, ValueError):
        return {}
    return cache if isinstance(cache, dict) else {}


def _stat_in(folder: str):
    """``stat(name)`` of names under ``folder``, from an open handle on it where the platform
    allows (and a function closing it)."""
    if os.stat in os.supports_dir_fd:
        try:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            fd = -1
        if fd >= 0:
            return (lambda name: os.stat(name, dir_fd=fd)), (lambda: os.close(fd))
    base = os.path.join(folder, "")
    return (lambda name: os.stat(base + name)), (lambda: None)


def source_facts(ws: Workspace) -> dict[str, Fact]:
    """Source id -> its status and text hash, for every source folder with a record, in id order."""
    cache_path = ws.status_cache_path
    cache = _read_cache(cache_path)
    out: dict[str, Fact] = {}
    fresh: dict[str, list] = {}
    changed = False
    tail = os.sep + "source.json"
    stat, close = _stat_in(ws.sources_dir)
    get = cache.get
    try:
        for sid in ws.source_dir_names():
            try:
                st = stat(sid + tail)
            except OSError:
                continue  # a folder without a record is not a source
            hit = get(sid)
            if isinstance(hit, list) and len(hit) == 6 and hit[0] == st.st_mtime_ns and hit[1] == st.st_size \
                    and isinstance(hit[2], str):
                version = hit[5] if isinstance(hit[5], int) else 0
                out[sid] = Fact(hit[2], hit[3], str(hit[4]), version)
                fresh[sid] = hit
                continue
            changed = True
            rec = _record(ws, sid)
            status = str(rec.get("status")) if rec is not None else "damaged"
            sha = rec.get("normalized_sha256") if isinstance(rec, dict) else None
            sha = sha if isinstance(sha, str) else None
            ext = rec.get("extraction") if isinstance(rec, dict) else None
            tool = str(ext.get("tool") or "") if isinstance(ext, dict) else ""
            got = ext.get("version") if isinstance(ext, dict) else 0
            version = got if isinstance(got, int) and not isinstance(got, bool) else 0
            fresh[sid] = [st.st_mtime_ns, st.st_size, status, sha, tool, version]
            out[sid] = Fact(status, sha, tool, version)
    finally:
        close()
    if changed or len(fresh) != len(cache):
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
