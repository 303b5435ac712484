"""Letting ``sb extract`` skip ready sources that have not changed since it last checked them.

A ready source is checked for drift by hashing its text; with ten thousand sources that is
most of a run that changes nothing. ``.sb-cache/extract.json`` records, for each source found
ready and intact, the size and modification time of its ``source.json`` and ``normalized.md``
(and the normalizer sb runs); while both files are as recorded the source is reported ready
without reading them. Any change to either file (``--force``, an edit, a re-add) makes the
next run check it again; deleting the cache is always safe. ``sb verify`` still hashes every
cited text.
"""

from __future__ import annotations

import json
import os

from ...base import jsonio
from ...base.versions import NORMALIZER
from ..workspace.layout import Workspace


class ExtractCache:
    def __init__(self, ws: Workspace):
        self.ws = ws
        self.entries: dict[str, list] = {}
        try:
            with open(ws.extract_cache_path, encoding="utf-8") as fh:
                data = json.load(fh)
            if isinstance(data, dict) and data.get("normalizer") == NORMALIZER and isinstance(data.get("sources"), dict):
                self.entries = {k: v for k, v in data["sources"].items() if isinstance(v, list) and len(v) == 7}
        except (OSError, ValueError):
            pass

    def _key(self, sid: str) -> list[int] | None:
        try:
            a = os.stat(self.ws.source_json(sid))
            b = os.stat(self.ws.normalized_path(sid))
        except OSError:
            return None
        return [a.st_size, a.st_mtime_ns, b.st_size, b.st_mtime_ns]

    def hit(self, sid: str) -> tuple[int, str, int] | None:
        """``(chars, tool, canonical text version)`` of a source checked before and unchanged
        since, else None."""
        entry = self.entries.get(sid)
        if entry is None or entry[:4] != self._key(sid):
            return None
        return int(entry[4]), str(entry[5]), int(entry[6])

    def save(self, ready: list[tuple[str, int, str, int]]) -> None:
        """Record the sources found ready and intact in this run: ``(id, chars, tool, version)``."""
        out = {}
        for sid, chars, tool, version in ready:
            key = self._key(sid)
            if key is not None:
                out[sid] = key + [chars, tool, version]
        try:
            jsonio.atomic_write_bytes(self.ws.extract_cache_path, jsonio.dumps_compact(
                {"normalizer": NORMALIZER, "sources": out}).encode("utf-8"), durable=False)
        except OSError:
            pass  # a read-only cache folder: the next run checks every source again
