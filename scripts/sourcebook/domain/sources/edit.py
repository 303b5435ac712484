"""``sb source set``: change what is said about a source, never its text, id or hashes.

Field names agree with ``sb add``: ``tier``, ``reason`` (the record's ``tier_reason``),
``published`` (``published_at``), ``title``, ``author``, ``publisher``, ``lang``, ``license``,
plus ``charset`` and ``same_as`` (``SRC`` declares the two one document, ``none`` undoes a link).
A change of tier, reason or ``same_as`` is recorded in the workspace history, so a re-rating is
never silent (a re-add cannot change them at all).
"""

from __future__ import annotations

from ...base.errors import SbError
from ..workspace.layout import Workspace
from ..workspace.records import SourceRecord
from .store import load_source, save_source

EDITABLE = ("title", "author", "publisher", "published_at", "lang", "license", "charset", "tier", "tier_reason",
            "same_as")
ALIASES = {"published": "published_at", "reason": "tier_reason"}  # the names `sb add` uses
RECORDED = ("tier", "tier_reason")


def parse_pairs(pairs: list[str]) -> list[tuple[str, str]]:
    out = []
    for pair in pairs:
        if "=" not in pair:
            raise SbError("E-USAGE", pair, "expected field=value")
        key, value = pair.split("=", 1)
        key = ALIASES.get(key.strip(), key.strip())
        if key not in EDITABLE:
            names = ", ".join(["tier", "reason", "published"] + [k for k in EDITABLE if k not in
                                                                  ("tier", "tier_reason", "published_at")])
            raise SbError("E-USAGE", key, f"not editable; editable fields: {names}")
        out.append((key, value))
    return out


def edit_source(ws: Workspace, sid: str, pairs: list[str]) -> tuple[SourceRecord, list[str]]:
    """Apply ``field=value`` pairs; returns the saved record and the history notes written."""
    from ...base.schema import check
    from .copies import set_same_as

    parsed = parse_pairs(pairs)
    rec = load_source(ws, sid)
    notes: list[str] = []
    for key, value in parsed:
        if key == "same_as":
            rec, note = set_same_as(ws, sid, value)
            notes.append(note)
            continue
        before = rec.get(key)
        rec[key] = value if value != "" or key == "tier_reason" else None  # type: ignore[literal-required]
        if key in RECORDED and before != rec.get(key):
            notes.append(f"source {sid}: {key} {before!r} -> {rec.get(key)!r}")
    problems = check(rec, "source", f"sources/{sid}/source.json")
    if problems:
        raise SbError("E-SCHEMA", sid, problems[0].split("  ", 2)[-1] + "; nothing saved")
    save_source(ws, rec)
    for note in notes:
        ws.record("COLLECT", note, set_state=False)
    return rec, notes
