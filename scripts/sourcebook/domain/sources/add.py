"""``sb add``: content-addressed source records (compatibility: ingestion, amendments to the original kit).

Every source is content-addressed: its id is derived from its canonical locator and the
SHA-256 of its raw bytes, so one id always names one text. Adding one file is a short command:
this module imports no extractor, no URL parser and no sketch code up front (and no
``dataclasses``: its classes are plain), the functions that need them import them.
"""

from __future__ import annotations

import os

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import SbError
from ...base.ids import paste_locator, sha256_bytes, src_id
from ...base.versions import SCHEMA
from ..workspace.layout import Workspace
from ..workspace.records import SourceRecord
from . import copies
from .copies import Fingerprints
from .origin import attestation
from .store import load_source, save_source, try_load_source

META_FIELDS = ("title", "author", "publisher", "published_at", "lang", "license")
# What the page says of itself for a reader, each with the tag that said it (HTML pages).
READER_FIELDS = ("byline", "byline_from", "publisher_from", "published", "published_from", "modified",
                 "modified_from", "dates_note")
DEFAULT_MAX_MB = 50
# A batch of at least this many locators is made durable by one sync of the file system at its
# end instead of an fsync of each file and folder (Linux: sync(2) returns once all is written).
BATCH_SYNC = 32


class AddOutcome:
    """What became of one locator (``sb add --json`` prints ``as_dict()`` of each)."""

    FIELDS = ("status", "locator", "source_id", "tier", "folder", "code", "message", "warnings")

    def __init__(self, status: str, locator: str, source_id: str = "", tier: str = "", folder: str = "",
                 code: str = "", message: str = "", warnings: list[str] | None = None) -> None:
        self.status = status  # added | exists | pending | failed
        self.locator = locator
        self.source_id = source_id
        self.tier = tier
        self.folder = folder
        self.code = code
        self.message = message
        self.warnings: list[str] = [] if warnings is None else warnings  # W-SOURCE-COPY messages

    def as_dict(self) -> dict:
        return {k: list(v) if isinstance(v := getattr(self, k), list) else v for k in self.FIELDS}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.as_dict() == other.as_dict()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"AddOutcome({', '.join(f'{k}={getattr(self, k)!r}' for k in self.FIELDS)})"


class AddRequest:
    """How the locators of one ``sb add`` are added."""

    def __init__(self, tier: str, reason: str = "", meta: dict | None = None, allow_outside: bool = False,
                 ignore_robots: bool = False, fp: Fingerprints | None = None, attest: str | None = None,
                 durable: bool = True) -> None:
        self.tier = tier
        self.reason = reason
        self.meta: dict = {} if meta is None else meta
        self.allow_outside = allow_outside
        self.ignore_robots = ignore_robots
        self.fp = fp  # one load of the fingerprints per command (None: load here)
        self.attest = attest  # a person's reason to trust pasted text or a supplied capture
        self.durable = durable  # False: each file unsynced, the caller syncs the batch at its end
        self.root_real = ""  # the workspace's real path, resolved once for a batch ("": not yet)


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
                 fp: Fingerprints | None = None, durable: bool = True) -> AddOutcome:
    """Write a source's raw bytes and record (each fsynced unless ``durable`` is False; the
    caller makes the folder's names durable: ``add_all`` does)."""
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
        save_source(ws, old, durable=durable)
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
        jsonio.atomic_write_bytes(os.path.join(folder, "raw" + ext), raw, durable=durable)
    save_source(ws, rec, durable=durable)
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
        save_source(ws, rec, durable=req.durable)
    return AddOutcome("failed", locator, rec["id"], req.tier, code=code, message=error)


def add_paste(ws: Workspace, text: str, req: AddRequest) -> AddOutcome:
    raw = text.encode("utf-8")
    canonical = paste_locator(text)
    rec = base_record("paste", canonical, canonical, req, "text/markdown", sha256_bytes(raw), "paste")
    return store_source(ws, rec, raw, ".md", req.fp, req.durable)


def _allowed_roots(ws: Workspace, cwd: str) -> list[str]:
    return [os.path.realpath(ws.root), os.path.realpath(cwd)]


def add_file(ws: Workspace, loc: str, cwd: str, req: AddRequest, max_mb: int = DEFAULT_MAX_MB) -> AddOutcome:
    from ...engines.formats.plain_extract import media_type_for

    path = os.path.join(cwd, os.path.expanduser(loc))
    real = os.path.realpath(path)
    root_real = req.root_real or os.path.realpath(ws.root)
    canonical = os.path.relpath(real, root_real).replace(os.sep, "/") if _inside(real, root_real) else loc
    if not os.path.isfile(real):
        # Nothing is stored for a path that is not there: a typo must not leave a phantom source.
        from ...engines.url_typos import url_typo

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
    stem = not meta.get("title") and not media.startswith("text/") and media != "application/xhtml+xml"
    if stem:
        # a web page and a text (a PEP's header, a Markdown "#" heading) name themselves: their
        # title comes at extract, the file's name only when they do not
        meta["title"] = _stem_title(real)
    rec = base_record("file", loc, canonical, AddRequest(req.tier, req.reason, meta, attest=req.attest), media,
                      sha256_bytes(raw), "capture" if meta.get("url") else "file")
    if stem:
        rec["title_from"] = "file name"
    ext = os.path.splitext(real)[1]
    if not ext:
        from ...engines.convert.registry import stored_extension

        ext = stored_extension(media)
    return store_source(ws, rec, raw, ext, req.fp, req.durable)


def add_all(ws: Workspace, locators: list[str], pastes: list[str], req: AddRequest, cwd: str,
            saved: bytes | None = None, saved_name: str = "", progress=None) -> list[AddOutcome]:
    """``sb add``: pasted texts, then each locator, under the workspace lock; one outcome each
    (a failure is an outcome, never an exception), copies looked up in one set of fingerprints,
    and one history line for what was added. ``progress()`` makes a fresh progress line (called
    as ``bar(done, total)`` and closed) for the fingerprinting and for the locators."""
    from ...engines import urls
    from .copies import Fingerprints

    outcomes: list[AddOutcome] = []
    req.durable = len(locators) + len(pastes) < BATCH_SYNC or not hasattr(os, "sync")
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
        req.root_real = os.path.realpath(ws.root)  # the lock is held: the workspace stays where it is
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
        # what was written is durable before the history says so: each file was fsynced, and now
        # the folders that name them; a batch is synced as a whole instead
        if req.durable:
            for sid in sorted({o.source_id for o in outcomes if o.source_id}):
                jsonio.fsync_dir(ws.source_dir(sid))
            jsonio.fsync_dir(ws.sources_dir)
        else:
            os.sync()
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
    from ...engines import urls
    from ...engines.convert.registry import stored_extension
    from ...engines.formats.plain_extract import media_type_for

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
                            req.fp, req.durable)
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
    return store_source(ws, rec, None, "", req.fp, req.durable)


def _ready_with_locator(ws: Workspace, canonical: str) -> str | None:
    for sid in ws.source_ids():
        rec = try_load_source(ws, sid)
        if rec and rec.get("canonical_locator") == canonical and rec.get("status") == "ready":
            return sid
    return None


def _fetch_and_store(ws: Workspace, loc: str, canonical: str, req: AddRequest) -> AddOutcome:
    from ...engines import urls
    from ...engines.convert.registry import stored_extension
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
    return store_source(ws, rec, got.body, stored_extension(media), req.fp, req.durable)
