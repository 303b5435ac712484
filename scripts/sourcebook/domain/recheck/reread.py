"""Re-checking citations against a fresh read of their sources.

Each cited source is read again (a URL through the guarded fetcher, a local file from its
recorded path, or bytes the agent saved), extracted with the same versions, and compared with
the canonical text recorded when it was collected. ``normalized.md`` is never changed; every
outcome is appended to ``sources/<id>/rechecks.jsonl``, a trail that is never rewritten.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import SbError
from ...base.ids import is_claim_id, is_src_id, sha256_bytes, sha256_text
from ...base.versions import NORMALIZER, NORMALIZERS
from ...engines.convert.pipeline import extract_bytes
from ...engines.convert.registry import EXTRACTOR_VERSIONS, reproducible
from ...engines.diff.compare import fate
from ...engines.urls import strip_credentials
from ..ledger.claims import load_claims
from ..sources import archive
from ..sources.store import load_source, read_normalized
from ..workspace.layout import Workspace
from ..workspace.records import Claim, SourceRecord

# Source-level and citation-level outcomes, each with a stable code and a plain sentence.
OUTCOMES = {
    "matches": ("R-MATCHES", "the text read again is the text recorded"),
    "edited": ("R-EDITED", "the text changed since it was collected; each citation is checked below"),
    "unavailable": ("R-UNAVAILABLE", "the source could not be read again; this is not evidence the claim is false"),
    "unverifiable": ("R-UNVERIFIABLE", "the fresh read cannot be compared with the recorded text"),
    "intact": ("R-INTACT", "the quoted words are still at the same place"),
    "moved": ("R-MOVED", "the quoted words are still there, at another place"),
    "changed": ("R-CHANGED", "the quoted words are gone from the source"),
}
Getter = Callable[[str], "Fresh"]
# A source added from a file is read again from that file: it can show the file changed, never
# that the world still says the same, so its line is recorded as ``local`` and does not make a
# dated figure fresh (``sb status`` counts only ``live`` re-reads for that).
LOCAL = "local"
NOT_LIVE = ("read from the local file, not the live source: this shows the file still holds the quotes, "
            "not that they are still true; a dated figure's staleness note stays")


@dataclass
class Citation:
    claim_id: str
    evidence: int
    part: int | None
    start: int
    end: int
    quote: str
    outcome: str = ""
    code: str = ""
    new_start: int | None = None
    new_end: int | None = None
    occurrences: int = 0


@dataclass
class Fresh:
    """One fresh read: the bytes and how they were obtained, or why they could not be."""

    via: str  # live | archive | local (a file on disk: never a fresh read) | file (a paste: nothing to read)
    raw: bytes | None = None
    media_type: str | None = None
    charset: str | None = None
    error: str = ""
    location: str = ""
    comparable: bool = True  # False: nothing could ever be compared (a paste has no origin)


@dataclass
class SourceCheck:
    source_id: str
    checked_at: str
    checked_via: str
    outcome: str
    code: str
    note: str
    raw_sha256: str | None = None
    normalized_sha256: str | None = None
    location: str = ""
    citations: list[Citation] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


# ---- what to check -------------------------------------------------------------------------
def citations_of(claims: list[Claim], sid: str, only: set[str] | None = None) -> list[Citation]:
    out: list[Citation] = []
    for c in claims:
        if c.get("status", "active") != "active" or (only and c.get("id") not in only):
            continue
        for i, ev in enumerate(c.get("evidence") or []):
            if not isinstance(ev, dict) or ev.get("source_id") != sid:
                continue
            parts = ev.get("parts")
            if isinstance(parts, list) and parts:
                for j, p in enumerate(parts):
                    if isinstance(p, dict):
                        out.append(Citation(c["id"], i, j, int(p.get("start", 0)), int(p.get("end", 0)), str(p.get("quote", ""))))
            elif isinstance(ev.get("start"), int) and isinstance(ev.get("end"), int):
                out.append(Citation(c["id"], i, None, ev["start"], ev["end"], str(ev.get("quote") or "")))
    return out


def targets(ws: Workspace, claims: list[Claim], names: list[str], everything: bool) -> list[tuple[str, set[str] | None]]:
    """(source id, claim filter) pairs for the sources and claims named, or every cited source."""
    cited = sorted({str(ev.get("source_id")) for c in claims if c.get("status", "active") == "active"
                    for ev in (c.get("evidence") or []) if isinstance(ev, dict) and is_src_id(ev.get("source_id"))})
    if everything:
        return [(sid, None) for sid in cited if ws.has_source(sid)]
    if not names:
        raise SbError("E-USAGE", "sb recheck", "name sources or claims to re-check, or pass --all")
    by_id = {c.get("id"): c for c in claims}
    out: dict[str, set[str] | None] = {}
    for name in names:
        if is_src_id(name):
            if not ws.has_source(name):
                raise SbError("E-SOURCE-UNKNOWN", name, "no such source; list them with `sb source list`")
            out[name] = None
        elif is_claim_id(name) and name in by_id:
            for ev in by_id[name].get("evidence") or []:
                sid = str(ev.get("source_id")) if isinstance(ev, dict) else ""
                if is_src_id(sid) and ws.has_source(sid) and out.get(sid, set()) is not None:
                    out.setdefault(sid, set()).add(name)  # type: ignore[union-attr]
        else:
            raise SbError("E-RECHECK-TARGET", name, "not a known source or claim id; see `sb source list` and `sb claim list`")
    return sorted(out.items())


# ---- reading again -------------------------------------------------------------------------
def local_path(ws: Workspace, rec: SourceRecord) -> str | None:
    for cand in (rec.get("canonical_locator", ""), rec.get("locator", "")):
        if not cand or cand.startswith("paste:"):
            continue
        path = cand if os.path.isabs(cand) else os.path.join(ws.root, cand)
        if os.path.isfile(path):
            return path
    return None


def read_again(ws: Workspace, rec: SourceRecord, fetch: Callable[[str], object] | None, saved: bytes | None) -> Fresh:
    kind = rec.get("kind")
    if saved is not None:
        return Fresh("live" if kind == "url" else LOCAL, saved, rec.get("media_type"), rec.get("charset"),
                     location="saved copy")
    if kind == "paste":
        return Fresh("file", error="a pasted text has no origin to read again", comparable=False)
    if kind == "file":
        path = local_path(ws, rec)
        if path is None:
            return Fresh(LOCAL, error=f"the file is no longer at {rec.get('locator')}")
        with open(path, "rb") as fh:
            return Fresh(LOCAL, fh.read(), rec.get("media_type"), rec.get("charset"), location=ws.rel(path))
    if fetch is None:
        return Fresh("live", error="capabilities.web_fetch is not script: save a fresh copy of the page and "
                     "pass it with --file, or sb config set capabilities.web_fetch=script")
    try:
        got = fetch(rec["locator"])
    except SbError as exc:
        return Fresh("live", error=exc.message, location=strip_credentials(rec["locator"]))
    return Fresh("live", got.body, got.media_type or rec.get("media_type"), got.charset,  # type: ignore[attr-defined]
                 location=strip_credentials(got.final_url))  # type: ignore[attr-defined]


def _family(media: str | None) -> str:
    mt = (media or "").lower()
    return "html" if "html" in mt else "pdf" if "pdf" in mt else "text"


def compare(ws: Workspace, rec: SourceRecord, fresh: Fresh, cites: list[Citation]) -> SourceCheck:
    sid = rec["id"]
    at = now_iso()
    base = SourceCheck(sid, at, fresh.via, "", "", "", location=fresh.location, citations=cites)
    if fresh.raw is None:
        return _done(base, "unavailable" if fresh.comparable else "unverifiable", fresh.error)
    base.raw_sha256 = sha256_bytes(fresh.raw)
    ext = rec.get("extraction") or {}
    tool = ext.get("tool")
    if tool == "agent":
        return _done(base, "unverifiable", "the recorded text was written by the agent, not extracted by sb")
    if rec.get("normalizer_version") not in NORMALIZERS or not reproducible(tool, ext.get("version")):
        return _done(base, "unverifiable", f"recorded with {tool} v{ext.get('version')} and normalizer "
                     f"v{rec.get('normalizer_version')}; sb now uses v{EXTRACTOR_VERSIONS.get(tool or '')} and "
                     f"v{NORMALIZER}: a difference would reflect sb, not the source")
    if _family(fresh.media_type) != _family(rec.get("media_type")):
        return _done(base, "unverifiable", f"a different kind of document is at the address now "
                     f"({fresh.media_type}, was {rec.get('media_type')})")
    base_url = rec.get("locator") if rec.get("kind") == "url" else None
    out, _ = extract_bytes(fresh.raw, media_type=rec.get("media_type"), path=ws.raw_files(sid)[0] if ws.raw_files(sid) else "",
                           charset=fresh.charset or rec.get("charset"), base_url=base_url,
                           normalizer=rec.get("normalizer_version") or NORMALIZER, extractor=ext.get("version"))
    canon = out.meta.get("canonical_url") if out.meta else None
    if canon and rec.get("canonical_url") and strip_credentials(canon) != rec.get("canonical_url"):
        return _done(base, "unverifiable", f"the page now declares another canonical address ({canon})")
    base.normalized_sha256 = sha256_text(out.text)
    recorded = read_normalized(ws, sid) or ""
    if out.text == recorded:
        note = "the text read again is the text recorded"
        if rec.get("raw_sha256") and base.raw_sha256 != rec.get("raw_sha256"):
            note += " (the raw bytes changed, but not the text: only markup or layout moved)"
        for c in cites:
            _apply(c, "intact", c.start, c.end, 1)
        return _done(base, "matches", note)
    for c in cites:
        f = fate(out.text, c.start, c.end, c.quote)
        _apply(c, f.outcome, f.start, f.end, f.occurrences)
    gone = sum(1 for c in cites if c.outcome == "changed")
    moved = sum(1 for c in cites if c.outcome == "moved")
    return _done(base, "edited", f"the text changed: {gone} quote(s) gone, {moved} moved, "
                 f"{len(cites) - gone - moved} intact")


def _apply(c: Citation, outcome: str, start: int | None, end: int | None, n: int) -> None:
    c.outcome, c.code, c.occurrences = outcome, OUTCOMES[outcome][0], n
    if outcome == "moved":
        c.new_start, c.new_end = start, end


def _done(chk: SourceCheck, outcome: str, note: str) -> SourceCheck:
    chk.outcome, chk.code, chk.note = outcome, OUTCOMES[outcome][0], note
    return chk


def append_trail(ws: Workspace, chk: SourceCheck) -> None:
    jsonio.append_line(ws.rechecks_path(chk.source_id), jsonio.dumps_compact(chk.to_json()))


def read_trail(ws: Workspace, sid: str) -> list[dict]:
    """Every recorded re-check of a source, oldest first (a torn last line is skipped)."""
    return jsonio.read_jsonl(ws.rechecks_path(sid))


# ---- the archive ---------------------------------------------------------------------------
def via_archive(ws: Workspace, rec: SourceRecord, cites: list[Citation], get_bytes: Callable[[str], Fresh]) -> SourceCheck:
    cfg = ws.config_value("archive", {}) or {}
    cdx = cfg.get("cdx_url") or archive.DEFAULT_CDX
    replay = cfg.get("replay_url") or archive.DEFAULT_REPLAY
    at = now_iso()
    fresh_cites = [Citation(c.claim_id, c.evidence, c.part, c.start, c.end, c.quote) for c in cites]
    empty = SourceCheck(rec["id"], at, "archive", "", "", "", citations=fresh_cites)

    def get(url: str) -> bytes:
        f = get_bytes(url)
        if f.raw is None:
            raise SbError("E-RECHECK-ARCHIVE", url, f.error)
        return f.raw

    try:
        cap = archive.find_capture(rec["locator"], rec.get("retrieved_at", ""), get, cdx, replay)
    except SbError as exc:
        return _done(empty, "unavailable", f"the archive could not be asked: {exc.message}")
    if cap is None:
        return _done(empty, "unavailable", "the archive has no capture of this address")
    fresh = get_bytes(cap.replay_url)
    fresh.via = "archive"
    fresh.location = f"archive capture {cap.timestamp}"
    chk = compare(ws, rec, fresh, fresh_cites)
    chk.checked_at = at
    if chk.outcome in ("matches", "edited"):
        found = sum(1 for c in fresh_cites if c.outcome in ("intact", "moved"))
        chk.note = (f"archive capture of {cap.timestamp[:4]}-{cap.timestamp[4:6]}-{cap.timestamp[6:8]}: "
                    f"{found} of {len(fresh_cites)} quote(s) found there, so the evidence was real when "
                    f"collected; the live page has since changed")
    return chk


# ---- the gate ------------------------------------------------------------------------------
def latest_checks(ws: Workspace, sid: str) -> dict | None:
    """The newest live or file re-check of a source (archive lines confirm, they do not clear)."""
    rows = [r for r in read_trail(ws, sid) if r.get("checked_via") in ("live", "file", LOCAL)
            and isinstance(r.get("checked_at"), str)]
    return rows[-1] if rows else None


def dealt_with_since(claim: Claim, events: list[dict], at: str) -> bool:
    """Acknowledged (``sb claim ack``) or created by narrowing after the re-check at ``at``."""
    acks: list = claim.get("acks") or [] if isinstance(claim.get("acks"), list) else []
    if any(isinstance(a, dict) and str(a.get("at", "")) >= at for a in acks):
        return True
    return any(isinstance(e, dict) and e.get("claim_id") == claim.get("id") and e.get("event") == "add"
               and e.get("narrowed_from") and str(e.get("at", "")) >= at for e in events)


def gate_findings(ws: Workspace, claims: list[Claim], events: list[dict]) -> list:
    """E-RECHECK-CHANGED for each active claim whose cited quote the latest re-check found gone,
    unless the claim was narrowed or acknowledged after that re-check."""
    from ...base.errors import Finding

    out = []
    latest: dict[str, dict | None] = {}
    for c in claims:
        if c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            sid = str(ev.get("source_id")) if isinstance(ev, dict) else ""
            if not is_src_id(sid):
                continue
            if sid not in latest:
                latest[sid] = latest_checks(ws, sid) if os.path.isfile(ws.rechecks_path(sid)) else None
                got = latest[sid]
                bad = got is not None and (not isinstance(got.get("citations"), list) or not all(
                    isinstance(x, dict) for x in got["citations"]))
                if bad:  # a trail the gate cannot read must not pass as "nothing gone"
                    out.append(Finding("E-RECHECK-TRAIL", f"sources/{sid}/rechecks.jsonl",
                                       "the latest re-check line has damaged citations; run "
                                       f"`sb recheck {sid}` to append a fresh re-check"))
            row = latest[sid]
            if not row:
                continue
            cites: list = row["citations"] if isinstance(row.get("citations"), list) else []
            gone = [x for x in cites if isinstance(x, dict) and x.get("claim_id") == c.get("id")
                    and x.get("outcome") == "changed"]
            at: str = row["checked_at"] if isinstance(row.get("checked_at"), str) else ""
            if gone and not dealt_with_since(c, events, at):
                out.append(Finding("E-RECHECK-CHANGED", c["id"],
                                   f"the quote at {sid} {gone[0].get('start')}..{gone[0].get('end')} is gone from the "
                                   f"source as read again on {at[:10]}; narrow, supersede or "
                                   f"retract the claim, or acknowledge it: sb claim ack {c['id']} --reason \"...\""))
                break
    return out


# ---- running a re-check --------------------------------------------------------------------
@dataclass
class RecheckRun:
    checks: list[SourceCheck] = field(default_factory=list)

    @property
    def changed(self) -> int:
        return sum(1 for chk in self.checks if chk.checked_via != "archive"
                   for c in chk.citations if c.outcome == "changed")


def run(ws: Workspace, names: list[str], everything: bool, use_archive: bool, fetch, saved: bytes | None = None,
        progress: Callable[[str], None] | None = None) -> RecheckRun:
    claims = load_claims(ws)
    todo = targets(ws, claims, names, everything)
    if saved is not None and len(todo) != 1:
        raise SbError("E-USAGE", "sb recheck", "--file is a fresh copy of exactly one source")
    result = RecheckRun()
    for n, (sid, only) in enumerate(todo, 1):
        if progress:
            progress(f"re-reading {sid} ({n}/{len(todo)})")
        rec = load_source(ws, sid)
        cites = citations_of(claims, sid, only)
        chk = compare(ws, rec, read_again(ws, rec, fetch, saved), cites)
        if chk.checked_via == LOCAL and chk.outcome in ("matches", "edited"):
            chk.note = f"{chk.note}; {NOT_LIVE}"
        append_trail(ws, chk)  # each source's line is written as soon as it is known
        result.checks.append(chk)
        needs = chk.outcome == "unavailable" or any(c.outcome == "changed" for c in chk.citations)
        if use_archive and needs and rec.get("kind") == "url" and fetch is not None:
            arch = via_archive(ws, rec, cites, lambda u: _get_bytes(fetch, u))
            append_trail(ws, arch)
            result.checks.append(arch)
    return result


def _get_bytes(fetch, url: str) -> Fresh:
    try:
        got = fetch(url)
    except SbError as exc:
        return Fresh("archive", error=exc.message)
    return Fresh("archive", got.body, got.media_type, got.charset, location=url)


# ---- adopting a fresh capture --------------------------------------------------------------
@dataclass
class Migration:
    claim_id: str
    evidence: int
    old: dict
    new: dict | None
    note: str


def adopt(ws: Workspace, sid: str, fetch, saved: bytes | None, apply: bool) -> tuple[str, list[Migration]]:
    """Add the fresh read as a new source and re-find every cited quote in it."""
    from ..ledger.claims import append_events, claims_by_id, event, save_claims
    from ..sources import ingest

    rec = load_source(ws, sid)
    fresh = read_again(ws, rec, fetch, saved)
    if fresh.raw is None:
        raise SbError("E-RECHECK-ADOPT", sid, f"cannot read the source again: {fresh.error}")
    req = ingest.AddRequest(rec.get("tier", "C"), rec.get("tier_reason", ""),
                            {k: rec.get(k) for k in ingest.META_FIELDS if rec.get(k)})
    media = fresh.media_type or rec.get("media_type") or "text/html"
    new_rec = ingest.base_record(rec.get("kind", "url"), rec["locator"], rec["canonical_locator"], req, media,
                                  sha256_bytes(fresh.raw))
    new_rec["charset"] = fresh.charset or rec.get("charset")
    new_id = new_rec["id"]
    if new_id == sid:
        raise SbError("E-RECHECK-ADOPT", sid, "the fresh read is byte-identical to the recorded capture; nothing to adopt")
    ext = os.path.splitext(ws.raw_files(sid)[0])[1] if ws.raw_files(sid) else ".html"
    ingest.store_source(ws, new_rec, fresh.raw, ext)
    lines = ingest.extract_all(ws)
    mine = [ln for ln in lines if ln.source_id == new_id]
    if not mine or mine[0].status != "ready":
        raise SbError("E-RECHECK-ADOPT", new_id, "the fresh capture was added but yields no text; adopt text with "
                      f"sb extract --adopt {new_id} FILE")
    text = read_normalized(ws, new_id) or ""
    claims = load_claims(ws)
    migrations: list[Migration] = []
    for c in claims:
        if c.get("status", "active") != "active":
            continue
        for i, ev in enumerate(c.get("evidence") or []):
            if not isinstance(ev, dict) or ev.get("source_id") != sid:
                continue
            quote = str(ev.get("quote") or "")
            from ...engines.search.find import find_all

            hits = find_all(text, quote) if quote.strip() else []
            if len(hits) == 1:
                new = {"source_id": new_id, "start": hits[0][0], "end": hits[0][1], "quote": quote}
                migrations.append(Migration(c["id"], i, dict(ev), new, "found once"))
            else:
                migrations.append(Migration(c["id"], i, dict(ev), None,
                                            "gone from the fresh text" if not hits else f"found {len(hits)} times"))
    if apply:
        by_id = claims_by_id(claims)
        events = []
        for m in migrations:
            if m.new is None:
                continue
            evs: list = list(by_id[m.claim_id].get("evidence") or [])
            evs[m.evidence] = m.new
            by_id[m.claim_id]["evidence"] = evs
            events.append(event("evidence-migrated", m.claim_id, old=m.old, new=m.new, reason=f"recheck --adopt {sid}"))
        save_claims(ws, list(by_id.values()))
        append_events(ws, events)
    return new_id, migrations


# Tests exempt their loopback server through this policy; the command line never changes it.
FETCH_POLICY = None


def fetcher(ws: Workspace):
    """The guarded fetch function when script fetching is on, else None (the agent reads)."""
    if (ws.load_manifest().get("capabilities") or {}).get("web_fetch") != "script":
        return None
    from ..sources.fetch import fetch_url
    from ..sources.netguard import STRICT

    policy = FETCH_POLICY or STRICT
    return lambda url: fetch_url(url, policy=policy)
