"""The state machine (compatibility: the state machine): the state is derived from the files on disk.

The stored ``state`` in the manifest is history; what ``sb status`` reports is recomputed each
time from what exists, so no file edit can fake progress.
"""

from __future__ import annotations

import glob
import json
import os

from ...base.errors import SbError
from ..index.statuses import source_facts, source_statuses  # noqa: F401  (re-exported)
from ..workspace.layout import Workspace

MAX_REVISIONS = 3

NEXT = {
    "INIT": "sb add <url|file> --tier <A|B|C|D> --reason <why>",
    "COLLECT": "sb extract",
    "EXTRACT": "sb chunk",
    "CHUNK": "sb index",
    "INDEX": "sb plan --type answer --title <title>  (the thesis can wait until you know the answer)",
    "PLAN": "sb search <query>, then sb find <src> <text>, then sb claim add --json '{...}'",
    "GROUND": "sb contradictions  (then adjudicate each OPEN cluster)",
    "ADJUDICATE": "write the artifact: sb render answer --from draft.md  (or sb template answer)",
    "COMPOSE": "sb ledger --html --out build/ledger.html && sb inject build/<type>.html --ledger build/ledger.html",
    "RENDER": "sb verify",
    "VERIFY": "sb package --out dist/",
    "DONE": "nothing left: the artifact is verified and packaged",
}
ESCALATION = ("ESCALATE: stop and report the failing gate findings to the user; "
              "once they decide, record it with sb unblock --reason \"<what the user decided>\"")


class Status:
    """The derived state (a plain class: dataclasses would cost start-up time on every call)."""

    FIELDS = ("state", "stored_state", "question", "artifact_type", "revise_count", "sources",
              "sources_ready", "blockers", "capabilities", "next", "notes")

    def __init__(self, state: str, stored_state: str, question: str, artifact_type: str | None,
                 revise_count: int, sources: int, sources_ready: int, blockers: list | None = None,
                 capabilities: dict | None = None, next: str = "", notes: list | None = None):
        self.state = state
        self.stored_state = stored_state
        self.question = question
        self.artifact_type = artifact_type
        self.revise_count = revise_count
        self.sources = sources
        self.sources_ready = sources_ready
        self.blockers = blockers or []
        self.capabilities = capabilities or {}
        self.next = next
        self.notes = notes or []

    def to_json(self) -> dict:
        return {f: getattr(self, f) for f in self.FIELDS}


def index_state(ws: Workspace, ready_ids: list[str], facts: dict | None = None) -> str:
    """``missing``, ``stale`` (ready sources, their chunk files or their texts differ from what
    was indexed) or ``current``. Sizes are compared for every chunk file; a file is hashed only
    when it was written after the index, so a status call costs a stat per source."""
    from ..index import manifest as M

    try:
        man = M.read(ws.index_dir, strict=False)
    except SbError:
        return "stale"
    if man is None:
        return "missing" if not os.path.exists(ws.index_path(M.NAME)) and not os.path.exists(
            ws.index_path("meta.json")) else "stale"
    try:
        live = M.live_sources(ws.index_dir, man)
    except SbError:
        return "stale"
    if len(live) != len(ready_ids) or any(sid not in live for sid in ready_ids):
        return "stale"
    since = M.built_ns(ws.index_dir)
    for sid in ready_ids:
        sha = facts[sid].text_sha256 if facts else live[sid][1].get("text_sha256")
        if not M.unchanged(ws.chunks_path(sid), live[sid][1], sha, since):
            return "stale"
    return "current"


def _index_damage(ws: Workspace) -> str | None:
    from ..index import manifest as M
    from ..index.segments import first_damage

    try:
        man = M.read(ws.index_dir, strict=False)
    except SbError:
        return None
    return first_damage(ws.index_dir, [r.name for r in man.segments]) if man is not None else None


def _claims_raw(ws: Workspace) -> list:
    try:
        with open(ws.claims_path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return []
    claims = data.get("claims") if isinstance(data, dict) else None
    return [c for c in claims if isinstance(c, dict)] if isinstance(claims, list) else []


def stale_volatile(claims: list, today: str, max_age_days: int) -> list[str]:
    """Active volatile claims whose as-of date is older than ``max_age_days``: time to recheck."""
    from datetime import date

    try:
        now = date.fromisoformat(today)
    except ValueError:
        return []
    out = []
    for c in claims:
        if c.get("status", "active") != "active" or not c.get("volatile"):
            continue
        try:
            as_of = date.fromisoformat(str(c.get("as_of"))[:10])
        except ValueError:
            continue
        if (now - as_of).days > max_age_days:
            out.append(str(c.get("id")))
    return sorted(out)


def _open_clusters(ws: Workspace) -> bool:
    try:
        from ..ledger import contradictions  # provided by the ledger layer
    except ImportError:
        return False
    try:
        return any(c.get("status") == "OPEN" for c in contradictions.clusters_for(ws))
    except SbError:
        return False


def _builds(ws: Workspace) -> list[str]:
    return sorted(p for p in glob.glob(os.path.join(ws.build_dir, "*.html"))
                  if os.path.basename(p) not in ("ledger.html", "review.html"))


def _has_injected_ledger(path: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return False
    a = text.find("<!-- SB:LEDGER -->")
    b = text.find("<!-- /SB:LEDGER -->", a + 1)
    return a >= 0 and b > a and 'class="ledger' in text[a:b]


def is_blocked(manifest: dict) -> bool:
    """Three failed runs or a recorded blocker: BLOCKED until ``sb unblock --reason``."""
    revise = manifest.get("revise_count")
    return (isinstance(revise, int) and revise >= MAX_REVISIONS) or bool(manifest.get("blockers"))


def derive(ws: Workspace) -> Status:
    m = ws.load_manifest()
    facts = source_facts(ws)
    statuses = [(sid, f.status) for sid, f in facts.items()]
    ids = [sid for sid, _ in statuses]
    ready = [sid for sid, st in statuses if st == "ready"]
    revise = m.get("revise_count", 0) if isinstance(m.get("revise_count"), int) else 0
    blockers = m.get("blockers") or []
    st = Status(state="", stored_state=str(m.get("state", "")), question=str(m.get("question") or ""),
                artifact_type=m.get("artifact_type"), revise_count=revise, sources=len(ids),
                sources_ready=len(ready), blockers=list(blockers),
                capabilities=dict(m.get("capabilities") or {}))
    if is_blocked(m):
        st.state, st.next = "BLOCKED", ESCALATION
        return st
    st.state = _derive_progress(ws, statuses, ready, st, facts)
    _note_sources(ws, statuses, st)
    _note_stale(ws, m, st)
    if st.state == "RENDER" and st.stored_state in ("VERIFY", "PACKAGE", "DONE") \
            and not os.path.isfile(ws.build_path("PROVENANCE.json")):
        st.state = "VERIFY"
    if revise > 0:
        _note_failed_verify(ws, st)
    st.next = st.next or NEXT.get(st.state, "sb status")
    return st


def _note_failed_verify(ws: Workspace, st: Status) -> None:
    """After a failed verify: name the failing codes, and lead to the fix of the first one
    rather than to the same gate again (the next run would count towards BLOCKED)."""
    from .next_step import after_failure

    found = after_failure(ws)
    if found is None:
        return
    note, fix = found
    st.notes.append(note)
    if st.state == "RENDER":
        st.next = fix


def _derive_progress(ws: Workspace, statuses: list, ready: list[str], st: Status, facts: dict) -> str:
    if not statuses:
        return "INIT"
    if any(s in ("pending", "needs_extraction") for _, s in statuses) or not ready:
        pending = [sid for sid, s in statuses if s in ("pending", "needs_extraction")]
        if pending:
            more = f" and {len(pending) - 5} more (sb source list)" if len(pending) > 5 else ""
            st.notes.append(f"{len(pending)} source(s) waiting for text: {', '.join(pending[:5])}{more}")
        return "COLLECT"
    try:
        chunked = set(os.listdir(ws.chunks_dir))
    except OSError:
        chunked = set()
    if any(f"{sid}.jsonl" not in chunked for sid in ready):
        return "EXTRACT"
    idx = index_state(ws, ready, facts)
    damage = _index_damage(ws)
    if damage:
        st.notes.append(f"index/{damage} is not the size the index recorded (truncated or overwritten); "
                        "search refuses it: run `sb index --rebuild`")
        return "CHUNK"
    if idx != "current":
        if idx == "stale":
            st.notes.append("the index is older than the chunks; rebuild it")
        return "CHUNK"
    if not os.path.isfile(ws.plan_path):
        return "INDEX"
    if not _claims_raw(ws):
        return "PLAN"
    if _open_clusters(ws):
        return "GROUND"
    builds = _builds(ws)
    if not builds:
        return "ADJUDICATE"
    if not any(_has_injected_ledger(p) for p in builds):
        return "COMPOSE"
    if not os.path.isfile(ws.build_path("PROVENANCE.json")):
        return "RENDER"
    if st.stored_state == "VERIFY":
        return "VERIFY"  # verified since the last package: package it (package re-runs the gate)
    if st.stored_state not in ("PACKAGE", "DONE"):
        return "RENDER"  # a failed verify since packaging: fix and verify again before it is DONE
    if not _package_current(ws):
        st.notes.append("a page in build/ changed after it was packaged; verify and package again")
        return "RENDER"
    return "DONE"


def _note_sources(ws: Workspace, statuses: list, st: Status) -> None:
    """Sources that cannot progress by themselves: damaged records, PDFs waiting for pypdf."""
    damaged = [sid for sid, s in statuses if s == "damaged"]
    if damaged:
        from ..sources.store import load_source

        try:
            load_source(ws, damaged[0])
            why = ""
        except SbError as exc:
            why = f": {exc.subject} {exc.message.split(';')[0]}"
        st.notes.append(f"E-SCHEMA {len(damaged)} source record(s) damaged ({', '.join(damaged[:5])}){why}; "
                        "nothing is read through them until they are restored")
    waiting = [sid for sid, s in statuses if s == "needs_extraction"]
    if waiting:
        from ..sources.pdf_support import status_note, waits_for_pypdf
        from ..sources.store import try_load_source

        pdfs = [sid for sid in waiting if waits_for_pypdf(try_load_source(ws, sid) or {})]
        if pdfs:
            st.notes.append(status_note(pdfs))


def _note_stale(ws: Workspace, manifest: dict, st: Status) -> None:
    claims = _claims_raw(ws)
    if not claims:
        return
    cfg = (manifest.get("config") or {}).get("recheck") or {}
    max_age = cfg.get("max_age_days", 90) if isinstance(cfg, dict) else 90
    max_age = max_age if isinstance(max_age, int) and not isinstance(max_age, bool) else 90
    from ...base.clock import today_iso

    today = today_iso()
    old = [cid for cid in stale_volatile(claims, today, max_age)
           if not _rechecked_recently(ws, cid, claims, today, max_age)]
    if old:
        st.notes.append(f"{len(old)} volatile claim(s) dated more than {max_age} days ago: "
                        f"sb recheck {' '.join(old[:5])}")


def _rechecked_recently(ws: Workspace, cid: str, claims: list, today: str, max_age: int) -> bool:
    """A recheck that found a claim's quotes again, within the age limit, makes it fresh: the
    latest live or file re-read of each of its sources matched, or kept its quoted words."""
    from datetime import date

    from ...base.jsonio import read_jsonl

    claim = next((c for c in claims if c.get("id") == cid), None)
    sids = {str(ev.get("source_id")) for ev in (claim or {}).get("evidence") or [] if isinstance(ev, dict)}
    if not sids:
        return False
    try:
        now = date.fromisoformat(today)
    except ValueError:
        return False
    for sid in sids:
        if not ws.has_source(sid):
            return False
        rows = [r for r in read_jsonl(ws.rechecks_path(sid)) if r.get("checked_via") in ("live", "file")]
        if not rows:
            return False
        row = rows[-1]
        try:
            age = (now - date.fromisoformat(str(row.get("checked_at"))[:10])).days
        except ValueError:
            return False
        mine = [c for c in row.get("citations") or [] if isinstance(c, dict) and c.get("claim_id") == cid]
        held = row.get("outcome") == "matches" or (mine and all(c.get("outcome") in ("intact", "moved")
                                                                 for c in mine))
        if age > max_age or not held:
            return False
    return True


def _package_current(ws: Workspace) -> bool:
    """The shipping pages are the ones packaged (PROVENANCE records their digests)."""
    try:
        with open(ws.build_path("PROVENANCE.json"), encoding="utf-8") as fh:
            recorded = json.load(fh).get("build_sha256")
    except (OSError, ValueError, AttributeError):
        return False
    if not isinstance(recorded, dict):
        return True  # a package from before digests were recorded
    from .digests import page_digests

    return page_digests(ws) == recorded


def unblock(ws: Workspace, reason: str) -> Status:
    if not reason or not reason.strip():
        raise SbError("E-USAGE", "unblock", "--reason must say what the user decided")
    with ws.lock():
        m = ws.load_manifest()
        m["revise_count"] = 0
        m["blockers"] = []
        m["state"] = "REVISE"
        ws.add_history(m, "REVISE", f"unblocked: {reason.strip()}")
        ws.save_manifest(m)
    return derive(ws)
