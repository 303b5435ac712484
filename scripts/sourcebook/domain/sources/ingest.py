"""Adding sources and extracting their canonical text (compatibility: ingestion, amendments to the original kit).

Every source is content-addressed: its id is derived from its canonical locator and the
SHA-256 of its raw bytes, so one id always names one text.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Protocol

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import SbError
from ...base.ids import paste_locator, sha256_bytes, sha256_text, src_id
from ...base.jsonio import discard_staged
from ...base.versions import NORMALIZER, NORMALIZERS, SCHEMA
from ...engines import urls
from ...engines.convert.pipeline import extract_bytes, text_canonical
from ...engines.convert.registry import EXTRACTOR_VERSIONS, stored_extension
from ...engines.formats.extract_notes import LOSS_NOTE
from ...engines.formats.plain_extract import Extracted, media_type_for
from ...engines.search import shingles
from ...engines.url_typos import url_typo
from ..workspace.layout import Workspace
from ..workspace.records import SourceRecord
from . import copies
from .copies import Fingerprints
from .edit import keeps_user_value, without_user_dates
from .extract_pool import Done, Job, Prefetch, compute, default_jobs
from .origin import attestation
from .store import load_source, save_source, try_load_source

META_FIELDS = ("title", "author", "publisher", "published_at", "lang", "license")
# What the page says of itself for a reader, each with the tag that said it (HTML pages).
READER_FIELDS = ("byline", "byline_from", "publisher_from", "published", "published_from", "modified",
                 "modified_from", "dates_note")
DEFAULT_MAX_MB = 50


@dataclass
class AddOutcome:
    status: str  # added | exists | pending | failed
    locator: str
    source_id: str = ""
    tier: str = ""
    folder: str = ""
    code: str = ""
    message: str = ""
    warnings: list[str] = field(default_factory=list)  # W-SOURCE-COPY messages


@dataclass
class AddRequest:
    tier: str
    reason: str = ""
    meta: dict = field(default_factory=dict)
    allow_outside: bool = False
    ignore_robots: bool = False
    fp: Fingerprints | None = None  # one load of the fingerprints per command (None: load here)
    attest: str | None = None  # a person's reason to trust pasted text or a supplied capture


def base_record(kind: str, locator: str, canonical: str, req: AddRequest, media: str, raw_sha: str,
                origin: str | None = None) -> SourceRecord:
    rec: SourceRecord = {
        "schema_version": SCHEMA, "id": src_id(canonical, raw_sha), "kind": kind, "locator": locator,
        "canonical_locator": canonical, "tier": req.tier, "tier_reason": req.reason,
        "retrieved_at": now_iso(), "media_type": media, "charset": None, "raw_sha256": raw_sha,
        "status": "pending", "error": None,
    }
    for f in META_FIELDS:
        rec[f] = req.meta.get(f)  # type: ignore[literal-required]
    if req.meta.get("url"):
        rec["url"] = req.meta["url"]  # the public address of a local copy (only when given)
    if origin is not None:
        rec["origin"] = origin
    att = attestation(req.attest)
    if att is not None:
        rec["attestation"] = att
    return rec


def _refuse_retier(old: SourceRecord, req_tier: str, req_reason: str, locator: str) -> None:
    """A re-add never rewrites how a source was rated: that takes `sb source set`, which records it."""
    sid = old["id"]
    tier, reason = old.get("tier"), old.get("tier_reason") or ""
    if req_tier == tier and (not req_reason or req_reason == reason):
        return
    change = f"tier={req_tier}" + (f' reason="{req_reason}"' if req_reason else "")
    raise SbError("E-ADD-CONFLICT", locator[:200],
                  f"already added as {sid} with tier {tier} ({reason or 'no reason given'!r}); adding it again "
                  f"changes nothing. To re-rate it: sb source set {sid} {change}")


def store_source(ws: Workspace, rec: SourceRecord, raw: bytes | None, ext: str,
                 fp: Fingerprints | None = None) -> AddOutcome:
    sid = rec["id"]
    if ws.has_source(sid):
        old = load_source(ws, sid)
        _refuse_retier(old, rec["tier"], rec["tier_reason"], rec["locator"])
        if rec.get("url") and old.get("url") != rec.get("url"):
            if old.get("url"):
                raise SbError("E-ADD-CONFLICT", rec["locator"][:200],
                              f"already added as {sid} with the address {old.get('url')}; adding it again changes "
                              f"nothing. To change it: sb source set {sid} url={rec.get('url')}")
            old["url"] = rec["url"]  # a copy added before its address was known gets it now
        if rec.get("attestation") and not old.get("attestation"):
            old["attestation"] = rec["attestation"]  # a person's word given on a later add is kept
        old["retrieved_at"] = rec["retrieved_at"]
        save_source(ws, old)
        return AddOutcome("exists", rec["locator"], sid, str(old.get("tier")))
    folder = ws.source_dir(sid)
    own = fp is None
    fp = fp or Fingerprints(ws)
    warnings = []
    if raw is not None:
        match = copies.detect(ws, fp, dict(rec), text=False)
        if match:
            copies.link(rec, match)  # type: ignore[arg-type]
            lowered = copies.take_lower_tier(ws, rec, match.other)  # type: ignore[arg-type]
            warnings.append(copies.describe(ws, match) + f"; if they are independent: sb source set {sid} same_as=none"
                            + (f"; {lowered}" if lowered else ""))
    os.makedirs(folder, exist_ok=True)
    if raw is not None:
        jsonio.atomic_write_bytes(os.path.join(folder, "raw" + ext), raw)
    save_source(ws, rec)
    fp.added(sid, rec["raw_sha256"])
    if own:
        fp.save()
    status = "added" if raw is not None else "pending"
    return AddOutcome(status, rec["locator"], sid, rec["tier"], folder=folder, warnings=warnings)


def _failed(ws: Workspace, kind: str, locator: str, canonical: str, req: AddRequest, code: str, error: str) -> AddOutcome:
    rec = base_record(kind, locator, canonical, req, "application/octet-stream", "")
    rec["status"] = "failed"
    rec["error"] = error
    rec["extraction"] = {"tool": "none", "version": 0, "ok": False, "notes": [error]}
    if not ws.has_source(rec["id"]):
        save_source(ws, rec)
    return AddOutcome("failed", locator, rec["id"], req.tier, code=code, message=error)


def add_paste(ws: Workspace, text: str, req: AddRequest) -> AddOutcome:
    raw = text.encode("utf-8")
    canonical = paste_locator(text)
    rec = base_record("paste", canonical, canonical, req, "text/markdown", sha256_bytes(raw), "paste")
    return store_source(ws, rec, raw, ".md", req.fp)


def _allowed_roots(ws: Workspace, cwd: str) -> list[str]:
    return [os.path.realpath(ws.root), os.path.realpath(cwd)]


def add_file(ws: Workspace, loc: str, cwd: str, req: AddRequest, max_mb: int = DEFAULT_MAX_MB) -> AddOutcome:
    path = os.path.join(cwd, os.path.expanduser(loc))
    real = os.path.realpath(path)
    root_real = os.path.realpath(ws.root)
    canonical = os.path.relpath(real, root_real).replace(os.sep, "/") if _inside(real, root_real) else loc
    if not os.path.isfile(real):
        # Nothing is stored for a path that is not there: a typo must not leave a phantom source.
        typo = url_typo(loc)
        if typo:
            return AddOutcome("failed", loc, code="E-ADD-URL", message=f"looks like a mistyped URL ({typo}); "
                              "nothing was added")
        what = "a folder, not a file" if os.path.isdir(real) else "no such file"
        return AddOutcome("failed", loc, code="E-ADD-MISSING", message=f"{what}: {loc}; nothing was added")
    if not req.allow_outside and not any(_inside(real, r) for r in _allowed_roots(ws, cwd)):
        raise SbError("E-ADD-REFUSED", loc, "outside the workspace and the current folder (a symlink counts by "
                      "its target); copy it in, or pass --allow-outside if you mean it")
    size = os.path.getsize(real)
    if size > max_mb * 2**20:
        raise SbError("E-ADD-REFUSED", loc, f"{size / 2**20:.1f} MB is over the {max_mb} MB limit "
                      "(config.max_source_mb)")
    with open(real, "rb") as fh:
        raw = fh.read()
    media = media_type_for(real)
    meta = dict(req.meta)
    if not meta.get("title") and media not in ("text/html", "application/xhtml+xml"):
        meta["title"] = _stem_title(real)  # an HTML page names itself: its title comes at extract
    rec = base_record("file", loc, canonical, AddRequest(req.tier, req.reason, meta, attest=req.attest), media,
                      sha256_bytes(raw), "capture" if meta.get("url") else "file")
    ext = os.path.splitext(real)[1] or stored_extension(media)
    return store_source(ws, rec, raw, ext, req.fp)


def add_all(ws: Workspace, locators: list[str], pastes: list[str], req: AddRequest, cwd: str,
            saved: bytes | None = None, saved_name: str = "", progress=None) -> list[AddOutcome]:
    """``sb add``: pasted texts, then each locator, under the workspace lock; one outcome each
    (a failure is an outcome, never an exception), copies looked up in one set of fingerprints,
    and one history line for what was added. ``progress()`` makes a fresh progress line (called
    as ``bar(done, total)`` and closed) for the fingerprinting and for the locators."""
    from .copies import Fingerprints

    outcomes: list[AddOutcome] = []
    with ws.lock():
        mode = ws.load_manifest().get("capabilities", {}).get("web_fetch", "agent")
        max_mb = ws.config_value("max_source_mb", DEFAULT_MAX_MB)
        if progress is not None:
            with progress() as bar:
                req.fp = Fingerprints(ws, bar)
        else:
            req.fp = Fingerprints(ws)
        for text in pastes:
            if not text.strip():
                outcomes.append(AddOutcome("failed", "(stdin)", code="E-ADD-FAILED", message="empty text"))
                continue
            outcomes.append(add_paste(ws, text, req))
        bar = progress() if progress is not None else None
        for n, loc in enumerate(locators, 1):
            if bar is not None:
                bar(n - 1, len(locators))
            try:
                if urls.is_url(loc):
                    outcomes.append(add_url(ws, loc, req, mode, saved, saved_name))
                else:
                    outcomes.append(add_file(ws, loc, cwd, req, max_mb if isinstance(max_mb, int) else DEFAULT_MAX_MB))
            except SbError as exc:
                outcomes.append(AddOutcome("failed", exc.subject, code=exc.code, message=exc.message))
        if bar is not None:
            bar.close()
        req.fp.save()
        ok = [o for o in outcomes if o.status != "failed"]
        if ok:
            ws.record("COLLECT", f"added {len(ok)} source(s)")
    return outcomes


def _stem_title(path: str) -> str:
    stem = os.path.splitext(os.path.basename(path))[0]
    return stem.replace("-", " ").replace("_", " ")


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def add_url(ws: Workspace, loc: str, req: AddRequest, mode: str, saved: bytes | None = None,
            saved_name: str = "") -> AddOutcome:
    if urls.has_credentials(loc):
        raise SbError("E-ADD-FAILED", urls.strip_credentials(loc),
                      "the URL carries a user name or password; remove them (they would be stored and shared)")
    try:
        canonical = urls.canonical_url(loc)
    except urls.BadURL as exc:
        raise SbError("E-ADD-FAILED", loc[:200], str(exc)) from None
    if saved is not None:
        media = media_type_for(saved_name) if saved_name else "text/html"
        rec = base_record("url", loc, canonical, req, media, sha256_bytes(saved), "capture")
        return store_source(ws, rec, saved, stored_extension(media, os.path.splitext(saved_name)[1] or ".html"),
                            req.fp)
    if mode == "none":
        return _failed(ws, "url", loc, canonical, req, "E-ADD-FAILED",
                       "capabilities.web_fetch is none: save the page yourself and add it with --file")
    if mode == "script":
        return _fetch_and_store(ws, loc, canonical, req)
    existing = _ready_with_locator(ws, canonical)
    if existing:  # never reset a ready source to pending (a weakness of the original kit)
        old = load_source(ws, existing)
        _refuse_retier(old, req.tier, req.reason, loc)
        return AddOutcome("exists", loc, existing, str(old.get("tier")))
    rec = base_record("url", loc, canonical, req, "text/html", "", "agent")
    return store_source(ws, rec, None, "", req.fp)


def _ready_with_locator(ws: Workspace, canonical: str) -> str | None:
    for sid in ws.source_ids():
        rec = try_load_source(ws, sid)
        if rec and rec.get("canonical_locator") == canonical and rec.get("status") == "ready":
            return sid
    return None


def _fetch_and_store(ws: Workspace, loc: str, canonical: str, req: AddRequest) -> AddOutcome:
    from .fetch import fetch_url

    try:
        got = fetch_url(loc, ignore_robots=req.ignore_robots)
    except SbError as exc:
        return _failed(ws, "url", loc, canonical, req, "E-ADD-FAILED", f"fetch failed: {exc.message}")
    media = got.media_type or "application/octet-stream"
    rec = base_record("url", loc, canonical, req, media, sha256_bytes(got.body), "fetched")
    rec["charset"] = got.charset
    rec["fetch"] = {"final_url": urls.strip_credentials(got.final_url), "status": got.status,
                    "robots": "ignored" if req.ignore_robots else "honoured", "notes": list(got.notes)}
    return store_source(ws, rec, got.body, stored_extension(media), req.fp)


# ---- extract ------------------------------------------------------------------------------
@dataclass
class ExtractLine:
    status: str  # ready | needs-extraction | pending | drift | skipped | kept
    source_id: str
    chars: int = 0
    tool: str = ""
    note: str = ""
    code: str = ""
    renamed_from: str = ""
    warnings: list[tuple[str, str]] = field(default_factory=list)  # (code, message): W-EXTRACT-LOSS, W-SOURCE-COPY
    version: int = NORMALIZER  # the canonical text version the source is at after this run
    upgraded_from: int = 0  # the version it had, when this run moved it
    carried: int = 0  # citations re-located on its new text
    findings: list = field(default_factory=list)  # {code, subject, message}: citations not carried
    checked: bool = False  # ready before this run: only checked for drift


class Carrier(Protocol):
    """What re-locates the citations of a source whose canonical text is replaced (the ledger
    room provides it; the sources room does not know claims)."""

    def plan(self, sid: str, old_text: str, new_text: str, force: bool) -> tuple[int, list[dict]]:
        """(citations that move, findings for those that cannot) for this replacement."""

    def accept(self, sid: str) -> None:
        """The replacement is written: keep the planned spans."""


def _readdress(ws: Workspace, rec: SourceRecord, raw: bytes) -> SourceRecord:
    """Give a pending URL source whose bytes the agent saved its content-addressed id."""
    old = rec["id"]
    rec["raw_sha256"] = sha256_bytes(raw)
    new = src_id(rec["canonical_locator"], rec["raw_sha256"])
    rec["id"] = new
    if new == old:
        return rec
    if ws.has_source(new):
        _park(ws, old, f"duplicate of {new}")
        return load_source(ws, new)
    os.replace(ws.source_dir(old), ws.source_dir(new))
    save_source(ws, rec)
    return rec


def _park(ws: Workspace, sid: str, why: str) -> str:
    """Move a source folder out of the way without deleting it (nothing is lost)."""
    dest_root = ws.path("sources", ".removed")
    os.makedirs(dest_root, exist_ok=True)
    dest = os.path.join(dest_root, f"{sid}-{now_iso().replace(':', '')}")
    n = 1
    while os.path.exists(dest):
        n += 1
        dest = os.path.join(dest_root, f"{sid}-{now_iso().replace(':', '')}-{n}")
    os.replace(ws.source_dir(sid), dest)
    ws.record("COLLECT", f"removed source {sid}: {why} (kept in {ws.rel(dest)})", set_state=False)
    return dest


def _job(rec: SourceRecord, raw_path: str) -> Job:
    base_url = rec["locator"] if rec.get("kind") == "url" else None
    return Job(rec["id"], raw_path, rec.get("media_type"), rec.get("charset"), base_url)


def _extract_one(rec: SourceRecord, raw_path: str, done: Done) -> Extracted:
    """Take the extractor's result (computed here or by a worker) and fill metadata the user
    did not give."""
    out, charset = done.extracted, done.charset
    if charset and charset != rec.get("charset"):
        rec["charset"] = charset
    for key, value in (out.meta or {}).items():
        if key in META_FIELDS and value and not rec.get(key):
            rec[key] = value  # type: ignore[literal-required]
        if key == "canonical_url" and value and not rec.get("canonical_url"):
            rec["canonical_url"] = value
        if key in READER_FIELDS:  # the page's own claims, as this extraction read them
            if keeps_user_value(rec, key):  # set with `sb source set`: the user's reading stays
                continue
            if key == "dates_note" and value:
                value = without_user_dates(value, {k for k in ("published", "modified") if keeps_user_value(rec, k)})
            if value:
                rec[key] = value  # type: ignore[literal-required]
            else:
                rec.pop(key, None)  # type: ignore[misc]
    if not rec.get("title") and rec.get("kind") == "file":
        rec["title"] = _stem_title(raw_path if not rec.get("locator") else rec["locator"])
    return out


def extract_all(ws: Workspace, force: bool = False, upgrade: bool = False,
                carry: Carrier | None = None, progress=None, jobs_wanted: int | None = None) -> list[ExtractLine]:
    """Extract pending sources; check ready ones for drift. ``upgrade`` re-extracts ready sources
    at an older canonical text version, ``force`` every ready source; ``carry`` moves the
    citations of a replaced text (and, without ``force``, keeps a source whose citations
    cannot all move at its old version). A ready source unchanged since it was last found
    intact is not read again (``extract_cache``); ``progress(done, total)`` follows the run.
    A batch is computed ahead in ``jobs_wanted`` processes (default: the cores; see
    ``extract_pool``), and written here in order."""
    from .extract_cache import ExtractCache

    seen = ExtractCache(ws)
    lines: list[ExtractLine] = []
    fp = _LazyFingerprints(ws, progress)  # read only when a text is written, saved once for the batch
    ids = ws.source_ids()
    # first every record (cheap), so the sources to extract can be computed ahead in a batch
    plan: list[tuple[str, tuple | SourceRecord | SbError]] = []
    for sid in ids:
        hit = None if force or upgrade else seen.hit(sid)
        if hit is not None:  # ready and unchanged since it was last checked
            plan.append((sid, hit))
            continue
        try:
            plan.append((sid, load_source(ws, sid)))
        except SbError as exc:
            plan.append((sid, exc))
    jobs = [job for _, rec in plan if isinstance(rec, dict) and (job := _prefetchable(ws, rec, force, upgrade))]
    with Prefetch(jobs, jobs_wanted if jobs_wanted is not None else default_jobs()) as pre:
        for i, (sid, got) in enumerate(plan):
            if progress is not None:
                progress(i, len(ids))
            if isinstance(got, tuple):
                lines.append(ExtractLine("ready", sid, got[0], got[1], version=got[2], checked=True))
            elif isinstance(got, SbError):  # a damaged record: reported, nothing read through it
                lines.append(ExtractLine("damaged", got.subject, code=got.code, note=got.message))
            else:
                line = _extract_source(ws, sid, got, force, upgrade, carry, fp, pre)
                if line is not None:
                    lines.append(line)
    if fp.loaded is not None:
        fp.loaded.save()
    seen.save([(ln.source_id, ln.chars, ln.tool, ln.version) for ln in lines if ln.status == "ready" and not ln.code])
    return lines


def _prefetchable(ws: Workspace, rec: SourceRecord, force: bool, upgrade: bool) -> Job | None:
    """The job for a source ``_extract_source`` will surely extract, else None (it then computes
    what it needs itself: a drift check, a capture readdressed by its bytes, an adopted text)."""
    status = rec.get("status")
    if status == "failed" or (status == "needs_extraction" and rec.get("extraction", {}).get("tool") == "agent"):
        return None
    if status == "ready" and not force and not (upgrade and rec.get("normalizer_version") != NORMALIZER):
        return None
    if rec.get("kind") == "url" and not rec.get("raw_sha256"):
        return None
    raws = ws.raw_files(rec["id"])
    if not raws:
        return None
    return replace(_job(rec, raws[0]), stage=ws.normalized_path(rec["id"]))


class _LazyFingerprints:
    """The copy-detection fingerprints, loaded on the first text written in a batch."""

    def __init__(self, ws: Workspace, progress=None) -> None:
        self.ws = ws
        self.progress = progress
        self.loaded: Fingerprints | None = None

    def get(self) -> Fingerprints:
        if self.loaded is None:
            self.loaded = Fingerprints(self.ws, self.progress)
        return self.loaded


def _extract_source(ws: Workspace, sid: str, rec: SourceRecord, force: bool, upgrade: bool,
                    carry: Carrier | None, fp: _LazyFingerprints | None = None,
                    pre: Prefetch | None = None) -> ExtractLine | None:
    """Extract one source (or check it for drift); None when there is nothing to say."""
    status = rec.get("status")
    if status == "failed":
        return None
    text_path = ws.normalized_path(sid)
    if status == "ready" and not force:
        line = _drift_check(ws, rec, text_path)
        if not (upgrade and line.status == "ready" and line.version < NORMALIZER):
            return line
    if status == "needs_extraction" and rec.get("extraction", {}).get("tool") == "agent":
        return None
    raws = ws.raw_files(sid)
    if not raws:
        return ExtractLine("pending", sid, note=f"no raw capture yet: save the bytes to "
                           f"{ws.rel(ws.source_dir(sid))}/raw.html, then run sb extract again")
    renamed = ""
    if rec.get("kind") == "url" and not rec.get("raw_sha256"):
        with open(raws[0], "rb") as fh:
            raw = fh.read()
        renamed = sid
        rec = _readdress(ws, rec, raw)
        sid = rec["id"]
        text_path = ws.normalized_path(sid)
        raws = ws.raw_files(sid)
        if rec.get("status") == "ready" and not force:
            return _drift_check(ws, rec, text_path)
    job = _job(rec, raws[0])
    done = pre.take(sid) if pre is not None else None
    if done is None or done.job != job:  # not computed ahead, or for another capture
        done = compute(job)
    try:
        return _extract_computed(ws, sid, rec, status, text_path, raws[0], renamed, done, force, carry, fp)
    finally:
        if done.staged:
            discard_staged(done.staged)  # written ahead but not used


def _extract_computed(ws: Workspace, sid: str, rec: SourceRecord, status: str | None, text_path: str,
                      raw_path: str, renamed: str, done: Done, force: bool, carry: Carrier | None,
                      fp: _LazyFingerprints | None) -> ExtractLine | None:
    extracted = _extract_one(rec, raw_path, done)
    sketch = done.sketch
    text, notes, tool = extracted.text, extracted.notes, extracted.tool
    if not text.strip() and status == "ready":
        note = (notes or ["no text could be extracted"])[0]
        return ExtractLine("kept", sid, note=f"kept as it is: a fresh extraction gave no text ({note})",
                           version=rec.get("normalizer_version") or 0)
    if not text.strip():
        rec["status"] = "needs_extraction"
        rec["extraction"] = {"tool": tool, "version": EXTRACTOR_VERSIONS.get(tool, 0), "ok": False,
                             "notes": notes or ["no text could be extracted"]}
        save_source(ws, rec)
        note = (notes or ["no text could be extracted"])[0]
        return ExtractLine("needs-extraction", sid, note=note + "; write the text to a file and run "
                           f"sb extract --adopt {sid} FILE", renamed_from=renamed)
    replacing = status == "ready" and os.path.isfile(text_path)
    if os.path.isfile(text_path) and rec.get("normalized_sha256") and not force and not replacing:
        current = _read(text_path)
        if current != text:
            return ExtractLine("drift", sid, code="E-NORM-DRIFT",
                               note="normalized.md differs from a fresh extraction; run sb extract --force")
    line = ExtractLine("ready", sid, len(text), tool, renamed_from=renamed)
    old_version = rec.get("normalizer_version")
    if replacing:
        old_text = _read(text_path)
        if old_text != text and carry is not None:
            line.carried, line.findings = carry.plan(sid, old_text, text, force)
            if line.findings and not force:
                v = old_version if isinstance(old_version, int) else 0
                return ExtractLine("kept", sid, len(old_text), rec.get("extraction", {}).get("tool", ""),
                                   code="E-UPGRADE-CARRY", version=v, findings=line.findings,
                                   note=f"kept at canonical text v{v}: {len(line.findings)} citation(s) "
                                        "cannot be carried over (listed above)")
        if old_version != NORMALIZER:
            line.upgraded_from = old_version if isinstance(old_version, int) else 0
    line.warnings = [("W-EXTRACT-LOSS", n) for n in notes if n.startswith(LOSS_NOTE)]
    line.warnings += _write_text(ws, rec, text, tool, notes, extracted.links, extracted.pages,
                                 fp.get() if fp is not None else None, sketch, done.staged)
    done.staged = None  # moved in place
    if replacing and carry is not None:
        carry.accept(sid)
    if line.findings:
        line.code = "E-UPGRADE-CARRY"
        line.note = f"{len(line.findings)} citation(s) could not be carried over (listed above)"
    return line


def _read(path: str) -> str:
    with open(path, "rb") as fh:
        return fh.read().decode("utf-8", errors="replace")


def _write_text(ws: Workspace, rec: SourceRecord, text: str, tool: str, notes: list[str],
                links: list | None = None, pages: list | None = None,
                fp: Fingerprints | None = None, sketch: shingles.Sketch | None = None,
                staged: str | None = None) -> list[tuple[str, str]]:
    """Store the canonical text (``staged``: already written beside it, by a worker); returns
    the copy warning when the text is another source's."""
    sid = rec["id"]
    if staged:
        jsonio.commit_staged(staged, ws.normalized_path(sid))
    else:
        jsonio.atomic_write_text(ws.normalized_path(sid), text)
    if links:
        jsonio.write_json(ws.links_path(sid), {"schema_version": 1, "links": links})
    if pages:
        jsonio.write_json(ws.pages_path(sid), {"schema_version": 1, "pages": pages})
    rec["normalized_sha256"] = sha256_text(text)
    rec["normalizer_version"] = NORMALIZER
    rec["extraction"] = {"tool": tool, "version": EXTRACTOR_VERSIONS.get(tool, 1), "ok": True, "notes": notes}
    rec["status"] = "ready"
    rec["error"] = None
    own = fp is None
    fp = fp or Fingerprints(ws)
    fp.extracted(sid, str(rec.get("raw_sha256") or ""), text, sketch)
    warnings: list[tuple[str, str]] = []
    match = copies.detect(ws, fp, dict(rec), text=True)
    lowered = None
    if match and (match.other != rec.get("same_as") or match.basis != rec.get("same_as_basis")):
        copies.link(rec, match)  # type: ignore[arg-type]
        lowered = copies.take_lower_tier(ws, rec, match.other)  # type: ignore[arg-type]
    if match:
        warnings += _link_strays(ws, fp, sid, match.other)
    elif match is None and rec.get("same_as") and rec.get("same_as_basis") in copies.DETECTED:
        # a link detection made is detection's to undo: the text changed and copies nothing now
        warnings.append(("W-SOURCE-COPY", f"no longer a copy of {rec['same_as']} (its text changed); "
                                          "counted as a source of its own again"))
        copies.unlink(rec)  # type: ignore[arg-type]
    if match or (rec.get("same_as") and ws.has_source(str(rec.get("same_as")))):
        shown = match or copies.Match(str(rec["same_as"]), str(rec.get("same_as_basis") or "user"))
        if shown.basis == "user":
            msg = f"declared the same document as {shown.other}; counted as one source with it for corroboration"
        else:
            msg = copies.describe(ws, shown) + f"; if they are independent: sb source set {sid} same_as=none"
        warnings.append(("W-SOURCE-COPY", msg + (f"; {lowered}" if lowered else "")))
    save_source(ws, rec)
    if own:
        fp.save()
    return warnings


def _link_strays(ws: Workspace, fp: Fingerprints, sid: str, root: str) -> list[tuple[str, str]]:
    """Link the sources near this one that belong to no group yet to its group (the other pages
    of a document extracted before its PDF); one W-SOURCE-COPY line for each."""
    out = []
    for other, m in copies.strays(ws, fp, sid, root):
        orec = load_source(ws, other)
        copies.link(orec, m)  # type: ignore[arg-type]
        save_source(ws, orec)
        out.append(("W-SOURCE-COPY", f"{other} is a near-duplicate of this source (about {round(m.share * 100)}% "
                                     f"of the shorter text's 5-word shingles shared) and is now linked to {root} as "
                                     f"well: one document; if it is independent: sb source set {other} same_as=none"))
    return out


def _drift_check(ws: Workspace, rec: SourceRecord, text_path: str) -> ExtractLine:
    sid = rec["id"]
    if not os.path.isfile(text_path):
        return ExtractLine("drift", sid, code="E-NORM-MISSING", note="ready but normalized.md is missing; "
                           "run sb extract --force")
    text = _read(text_path)
    version = rec.get("normalizer_version")
    if version not in NORMALIZERS:
        return ExtractLine("drift", sid, code="E-NORM-DRIFT",
                           note=f"normalized with version {version!r}, which this sb does not know "
                                f"(it knows {', '.join(map(str, NORMALIZERS))}); re-extract with sb extract --force")
    if sha256_text(text) != rec.get("normalized_sha256"):
        return ExtractLine("drift", sid, code="E-NORM-DRIFT",
                           note="normalized.md changed since it was recorded (hash mismatch)")
    return ExtractLine("ready", sid, len(text), rec.get("extraction", {}).get("tool", ""), version=version,
                       checked=True)


def adopt(ws: Workspace, sid: str, text: str, origin: str) -> ExtractLine:
    """Take the agent's text for a source sb could not read (an amendment to the original kit)."""
    rec = load_source(ws, sid)
    if rec.get("status") == "ready":
        raise SbError("E-EXTRACT", sid, "already ready; adopting text would replace its canonical text. "
                      "Add the new text as a new source instead")
    if rec.get("status") == "failed":
        raise SbError("E-EXTRACT", sid, "the source failed to add; fix the locator and add it again")
    canon = text_canonical(text, media_type="text/markdown")
    if not canon.strip():
        raise SbError("E-EXTRACT", origin, "the file to adopt is empty")
    warnings = _write_text(ws, rec, canon, "agent", [f"text written by the agent and adopted from {origin}"])
    return ExtractLine("ready", sid, len(canon), "agent", warnings=warnings)


def reextract(ws: Workspace, rec: SourceRecord) -> str | None:
    """The canonical text sb produces from the stored raw bytes at the source's recorded
    canonical text version (None if no raw capture, or the text was adopted)."""
    if rec.get("extraction", {}).get("tool") == "agent":
        return None
    raws = ws.raw_files(rec["id"])
    if not raws:
        return None
    with open(raws[0], "rb") as fh:
        raw = fh.read()
    base_url = rec["locator"] if rec.get("kind") == "url" else None
    version = rec.get("normalizer_version")
    out, _ = extract_bytes(raw, media_type=rec.get("media_type"), path=raws[0], charset=rec.get("charset"),
                           base_url=base_url, normalizer=version if version in NORMALIZERS else NORMALIZER)
    return out.text


def remove_source(ws: Workspace, sid: str, reason: str, citing: list[str]) -> str:
    if citing:
        raise SbError("E-SOURCE-CITED", sid, f"cited by active claim(s) {', '.join(citing[:10])}; "
                      "retract or supersede them first (sb claim retract CLM --reason ...)")
    load_source(ws, sid)
    dest = _park(ws, sid, reason or "removed by the user")
    try:
        os.unlink(ws.chunks_path(sid))
    except OSError:
        pass
    return dest

