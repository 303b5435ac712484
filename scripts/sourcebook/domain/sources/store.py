"""Reading and writing source records (``sources/<id>/source.json``) and their texts."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ...base import jsonio
from ...base.errors import SbError

if TYPE_CHECKING:
    from ..workspace.records import SourceRecord
from ..workspace.layout import Workspace


def load_source(ws: Workspace, sid: str) -> SourceRecord:
    path = ws.source_json(sid)
    if not os.path.isfile(path):
        raise SbError("E-SOURCE-UNKNOWN", sid, "no such source; list them with `sb source list`")
    rel = f"sources/{sid}/source.json"  # not os.path.relpath: status reads every record
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


def citing_claims(ws: Workspace, sid: str) -> list[str]:
    """Ids of active claims whose evidence cites the source (malformed claims refuse, not guess)."""
    if not os.path.isfile(ws.claims_path):
        return []
    data = jsonio.read_json(ws.claims_path, "ledger/claims.json")
    jsonio.expect(data, dict, "ledger/claims.json", "")
    claims = jsonio.expect(data.get("claims", []), list, "ledger/claims.json", "/claims")
    out = []
    for c in claims:
        if not isinstance(c, dict) or c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            if isinstance(ev, dict) and ev.get("source_id") == sid:
                out.append(str(c.get("id")))
                break
    return sorted(out)


EDITABLE = ("title", "author", "publisher", "published_at", "lang", "license", "charset", "tier", "tier_reason")


def set_fields(ws: Workspace, sid: str, pairs: list[str]) -> SourceRecord:
    """Change metadata fields of a source (never its text, id or hashes)."""
    from ...base.schema import check

    rec = load_source(ws, sid)
    for pair in pairs:
        if "=" not in pair:
            raise SbError("E-USAGE", pair, "expected field=value")
        key, value = pair.split("=", 1)
        if key not in EDITABLE:
            raise SbError("E-USAGE", key, f"not editable; editable fields: {', '.join(EDITABLE)}")
        rec[key] = value if value != "" or key == "tier_reason" else None  # type: ignore[literal-required]
    problems = check(rec, "source", f"sources/{sid}/source.json")
    if problems:
        raise SbError("E-SCHEMA", sid, problems[0].split("  ", 2)[-1] + "; nothing saved")
    save_source(ws, rec)
    return rec
