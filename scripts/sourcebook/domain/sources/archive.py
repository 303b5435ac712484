"""Web archive fallback: find a capture of a URL through a Wayback-compatible CDX endpoint.

Both endpoints are configurable (``config.archive.cdx_url``, ``config.archive.replay_url``) so
tests can point them at a local fake; every request goes through the same guarded fetcher as
any other fetch.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import quote

from ...base.errors import SbError
from ...base.record import record

DEFAULT_CDX = "https://web.archive.org/cdx/search/cdx"
DEFAULT_REPLAY = "https://web.archive.org/web/{timestamp}id_/{url}"


@record
class Capture:
    timestamp: str  # YYYYMMDDhhmmss
    original: str
    replay_url: str


def _stamp(iso: str) -> str:
    """``2026-01-01T00:00:00Z`` -> ``20260101000000``."""
    return "".join(ch for ch in iso if ch.isdigit())[:14].ljust(14, "0")


def choose(rows: list[list[str]], retrieved_at: str) -> tuple[str, str] | None:
    """The capture nearest before ``retrieved_at``; else the newest one."""
    caps = sorted((r[0], r[1]) for r in rows if len(r) >= 2 and r[0].isdigit())
    if not caps:
        return None
    limit = _stamp(retrieved_at)
    before = [c for c in caps if c[0] <= limit]
    return before[-1] if before else caps[-1]


def find_capture(url: str, retrieved_at: str, get: Callable[[str], bytes], cdx_url: str = DEFAULT_CDX,
                 replay_url: str = DEFAULT_REPLAY) -> Capture | None:
    query = f"{cdx_url}?url={quote(url, safe='')}&output=json&fl=timestamp,original,statuscode&filter=statuscode:200"
    body = get(query)
    try:
        rows = json.loads(body.decode("utf-8", errors="replace") or "[]")
    except ValueError:
        raise SbError("E-RECHECK-ARCHIVE", cdx_url, "the archive's CDX answer is not JSON") from None
    if not isinstance(rows, list):
        raise SbError("E-RECHECK-ARCHIVE", cdx_url, "the archive's CDX answer is not a list of captures")
    rows = [r for r in rows if isinstance(r, list) and all(isinstance(x, str) for x in r)]
    if rows and rows[0][:1] == ["timestamp"]:
        rows = rows[1:]
    picked = choose(rows, retrieved_at)
    if picked is None:
        return None
    ts, original = picked
    return Capture(ts, original, replay_url.format(timestamp=ts, url=original))
