"""The claims file (``ledger/claims.json``) and its append-only trail (``ledger/events.jsonl``).

Loading is strict: a hand-edited file that is not valid JSON, has the list under another key,
carries a wrong type, an unknown enum value or a path-like id is refused with one clear
``E-JSON``/``E-SCHEMA`` line naming the file and the JSON pointer, so no later step ever works
on a half-understood ledger. A missing file is an empty ledger.
"""

from __future__ import annotations

import json
import os

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import Finding, SbError
from ...base.schema import check
from ...base.versions import SCHEMA
from ..workspace.layout import Workspace
from ..workspace.records import Claim
from .claim_check import claim_ok

CLAIMS_FILE = "ledger/claims.json"

# Defaults a stored claim always carries (compatibility: claims.json); filled on load so readers need no .get.
DEFAULTS: dict = {"evidence": [], "volatile": False, "as_of": None, "recheck": None,
                  "contradicts": [], "status": "active", "superseded_by": None, "notes": ""}


def schema_error(problems: list[str], what: str) -> SbError:
    """One SbError for a list of schema lines: the first in the error, the rest as findings."""
    findings = [Finding(*_split(p)) for p in problems]
    first = findings[0]
    more = f" ({len(findings) - 1} more problem(s) above)" if len(findings) > 1 else ""
    return SbError("E-SCHEMA", first.subject, f"{first.message}{more}; fix {what} at that JSON pointer",
                   findings=findings[1:])


def _split(line: str) -> tuple[str, str, str]:
    parts = line.split("  ", 2)
    while len(parts) < 3:
        parts.append("")
    return parts[0], parts[1], parts[2]


def parse_claims(text: str, subject: str = CLAIMS_FILE) -> list[Claim]:
    """Claims from the file's text; raises E-JSON / E-SCHEMA naming ``subject`` and the pointer."""
    data = jsonio.loads(text, subject)
    if isinstance(data, dict) and "claims" not in data:
        keys = ", ".join(sorted(map(str, data))) or "none"
        raise SbError("E-SCHEMA", f"{subject}/", f"no \"claims\" list (keys found: {keys}); "
                      "the file must be {\"schema_version\": 1, \"claims\": [...]}")
    fast = (type(data) is dict and set(data) == {"schema_version", "claims"} and data["schema_version"] == 1
            and type(data["claims"]) is list and all(claim_ok(c) for c in data["claims"]))
    problems = [] if fast else check(data, "claims", subject)
    if problems:
        raise schema_error(problems, subject)
    claims: list[Claim] = data["claims"]
    seen: set[str] = set()
    for i, c in enumerate(claims):
        if c["id"] in seen:
            raise SbError("E-SCHEMA", f"{subject}/claims/{i}/id",
                          f"duplicate claim id {c['id']}; each claim appears once")
        seen.add(c["id"])
        for key, value in DEFAULTS.items():
            if key not in c:
                c[key] = json.loads(json.dumps(value)) if isinstance(value, list) else value  # type: ignore[literal-required]
        for ev in c["evidence"]:
            ev.setdefault("quote", "")
    return claims


def load_claims(ws: Workspace) -> list[Claim]:
    """Every claim in the workspace (any status); [] when there is no claims file yet."""
    path = ws.claims_path
    if not os.path.exists(path):
        return []
    return parse_claims(jsonio.read_text(path, CLAIMS_FILE), CLAIMS_FILE)


def inside(ws: Workspace, path: str) -> str:
    """``path`` if writing it stays inside the workspace (no symlinked folder or trail leads out)."""
    root = os.path.realpath(ws.root)
    folder = os.path.realpath(os.path.dirname(path))
    if os.path.islink(path) or not (folder == root or folder.startswith(root + os.sep)):
        raise SbError("E-IO", ws.rel(path), "is a symbolic link or lies outside the workspace; "
                      "sb writes ledger files only inside the workspace (replace it with a regular file)")
    return path


def save_claims(ws: Workspace, claims: list[Claim]) -> None:
    """Write all claims, sorted by id, atomically. Callers hold ``ws.lock()``.

    The trail is checked too, before anything is written, since every save appends to it."""
    inside(ws, ws.claims_path)
    inside(ws, ws.claim_events_path)
    ordered = sorted(claims, key=lambda c: c["id"])
    jsonio.write_json(ws.claims_path, {"schema_version": SCHEMA, "claims": ordered})


def claims_by_id(claims: list[Claim]) -> dict[str, Claim]:
    return {c["id"]: c for c in claims}


def active(claims: list[Claim]) -> list[Claim]:
    return [c for c in claims if c.get("status", "active") == "active"]


# ---- the trail -----------------------------------------------------------------------------
def event(kind: str, claim_id: str, **fields) -> dict:
    """One trail record; ``at`` comes from the clock so tests are reproducible."""
    rec = {"at": now_iso(), "event": kind, "claim_id": claim_id}
    rec.update({k: v for k, v in fields.items() if v is not None})
    return rec


def append_events(ws: Workspace, events: list[dict]) -> None:
    """Append trail records in one durable write (one fsync for a whole import)."""
    if not events:
        return
    jsonio.append_line(inside(ws, ws.claim_events_path), "\n".join(jsonio.dumps_compact(e) for e in events))


def read_events(ws: Workspace, claim_id: str | None = None) -> list[dict]:
    """The trail, oldest first; unreadable lines are skipped (the trail is informational)."""
    return [r for r in jsonio.read_jsonl(ws.claim_events_path) if claim_id is None or r.get("claim_id") == claim_id]
