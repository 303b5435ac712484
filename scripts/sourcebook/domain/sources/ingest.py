"""Extracting sources' canonical text (compatibility: ingestion, amendments to the original kit).

``sb add`` is ``add``; this module is ``sb extract``: adopt, re-extract, upgrade to the current
canonical text version, and removing a source. Its names of the add side (``AddRequest``,
``add_all``, ``store_source`` ...) are re-exported for callers that import them from here.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import SbError
from ...base.ids import sha256_bytes, sha256_text, src_id
from ...base.jsonio import discard_staged
from ...base.patterns import hot
from ...base.record import field, record
from ...base.versions import NORMALIZER, NORMALIZERS
from ..workspace.layout import Workspace
from ..workspace.records import SourceRecord
from . import copies
from .add import (  # noqa: F401  (re-exported)
    BATCH_SYNC,
    DEFAULT_MAX_MB,
    META_FIELDS,
    READER_FIELDS,
    AddOutcome,
    AddRequest,
    _stem_title,
    add_all,
    add_file,
    add_paste,
    add_url,
    base_record,
    store_source,
)
from .copies import Fingerprints
from .edit import keeps_user_value, without_user_dates
from .store import load_source, save_source

if TYPE_CHECKING:
    from ...engines.formats.plain_extract import Extracted
    from ...engines.search import shingles
    from .extract_pool import Done, Job, Prefetch


# ---- extract ------------------------------------------------------------------------------
@record
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
    from .extract_pool import Job

    base_url = rec["locator"] if rec.get("kind") == "url" else None
    return Job(rec["id"], raw_path, rec.get("media_type"), rec.get("charset"), base_url)


DATELINE_FROM = "the text's dateline"  # published_from of a date read from the top of a text source
_LABEL = hot(r"(?:^|[\s.;,|*_(])(?:[Ll]ast[ \t]+(?:[Uu]pdated|[Mm]odified|[Cc]hanged)|[Uu]pdated|[Pp]ublished|[Dd]ate)"
             r"[ \t]*:[ \t]*[*_]*[ \t]*$")
_LABEL_HEAD = 600
# the label and its colon, anywhere in the head: without one there is no dateline to read, and
# reading the head's figures (about a millisecond a text) is skipped
_LABEL_ANY = hot(r"(?:[Ll]ast[ \t]+(?:[Uu]pdated|[Mm]odified|[Cc]hanged)|[Uu]pdated|[Pp]ublished|[Dd]ate)[ \t]*:")


def labelled_date(text: str) -> str | None:
    """The day (YYYY-MM-DD) a labelled line near the top of a Markdown or plain text dates it
    to: "Last updated: July 18, 2016", "Last modified: 2024-03-01", "Updated: ...", "Published:
    ...", "Date: ..."; the label stands right before the date, with its colon, on a short line
    that is no heading. The first such date is taken, as ``sb verify`` reads a dateline (a
    date in prose or a title, "Minutes, 21 September 2026", is none); else None."""
    head = text[:_LABEL_HEAD]
    seen = -1
    for m in _LABEL_ANY.finditer(head):  # only the lines holding a label are read for dates
        start = head.rfind("\n", 0, m.start()) + 1
        if start <= seen:
            continue  # a second label on a line already read
        end = head.find("\n", m.end())
        line = head[start:end if end >= 0 else len(head)]
        seen = start
        if len(line.strip()) > 160 or line.strip().startswith("#"):
            continue
        from ...engines.text import figures

        for f in figures.find_figures(line):
            if f.kind == "date" and len(f.key) == 10 and f.key[0].isdigit() and _LABEL.search(line[:f.start]):
                return f.key
    return None


def _extract_one(rec: SourceRecord, raw_path: str, done: Done) -> Extracted:
    """Take the extractor's result (computed here or by a worker) and fill metadata the user
    did not give."""
    out, charset = done.extracted, done.charset
    if charset and charset != rec.get("charset"):
        rec["charset"] = charset
    for key, value in (out.meta or {}).items():
        if key in META_FIELDS and value and not rec.get(key):
            rec[key] = value  # type: ignore[literal-required]
            if key == "title":
                rec["title_from"] = "page"
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
    if out.tool == "sb.text" and not rec.get("published") and not rec.get("published_at"):
        day = labelled_date(out.text)  # "Last updated: July 18, 2016" under a design doc's title
        if day:
            rec["published"] = rec["published_at"] = day
            rec["published_from"] = DATELINE_FROM
    if not rec.get("title") and rec.get("kind") == "file":
        rec["title"] = _stem_title(raw_path if not rec.get("locator") else rec["locator"])
        rec["title_from"] = "file name"
    return out


def extract_all(ws: Workspace, force: bool = False, upgrade: bool = False,
                carry: Carrier | None = None, progress=None, jobs_wanted: int | None = None,
                learnt: list[str] | None = None) -> list[ExtractLine]:
    """Extract pending sources; check ready ones for drift. ``upgrade`` re-extracts ready sources
    at an older canonical text version, ``force`` every ready source; ``carry`` moves the
    citations of a replaced text (and, without ``force``, keeps a source whose citations
    cannot all move at its old version). A ready source unchanged since it was last found
    intact is not read again (``extract_cache``); ``progress(done, total)`` follows the run.
    A batch is computed ahead in ``jobs_wanted`` processes (default: the cores; see
    ``extract_pool``), and written here in order. ``learnt`` gets the verify cache's keys
    (``extraction_fact``) of the extractions written, for verify's re-extraction check."""
    from .extract_cache import ExtractCache
    from .extract_pool import Prefetch, default_jobs

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
    # a batch's texts and records are synced once at its end, as `sb add` does, before the
    # caller's history line says they are there
    with jsonio.SyncOnce(len(jobs) >= BATCH_SYNC), \
            Prefetch(jobs, jobs_wanted if jobs_wanted is not None else default_jobs()) as pre:
        for i, (sid, got) in enumerate(plan):
            if progress is not None:
                progress(i, len(ids))
            if isinstance(got, tuple):
                lines.append(ExtractLine("ready", sid, got[0], got[1], version=got[2], checked=True))
            elif isinstance(got, SbError):  # a damaged record: reported, nothing read through it
                lines.append(ExtractLine("damaged", got.subject, code=got.code, note=got.message))
            else:
                line = _extract_source(ws, sid, got, force, upgrade, carry, fp, pre, learnt)
                if line is not None:
                    lines.append(line)
    if fp.loaded is not None:
        fp.loaded.save()
    seen.save([(ln.source_id, ln.chars, ln.tool, ln.version) for ln in lines if ln.status == "ready" and not ln.code])
    return lines


def extraction_fact(raw_sha: str, text_sha: str, rec: Mapping, raw_path: str) -> str:
    """The key of "re-extracting raw bytes with this SHA-256 as this record asks (``reextract``)
    gives a text that, normalised, is the canonical text with this SHA-256": every input of the
    extraction is in it, so it holds wherever it was learnt (``sb extract``, which made that very
    extraction, or the normalizer gate of ``sb verify``)."""
    ext = rec.get("extraction")
    extraction = ext if isinstance(ext, Mapping) else {}
    base_url = rec.get("locator") if rec.get("kind") == "url" else None
    body = repr((raw_sha, text_sha, rec.get("media_type"), rec.get("charset"), base_url,
                 rec.get("normalizer_version"), extraction.get("tool"), extraction.get("version"),
                 os.path.basename(raw_path)))
    return "extracted:" + hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _verify_fact(rec: SourceRecord, raw_path: str, done: Done) -> str | None:
    """``extraction_fact`` of a text just extracted and written, when ``reextract`` would make
    that very extraction from the record as written (same media type, charset, address, canonical
    text version and extractor version; a title read or not changes no text) and the gate's
    normalising leaves the text as it is; else None."""
    from dataclasses import replace

    from ...engines.convert.registry import format_for
    from ...engines.text.normalize import normalize

    ext = rec.get("extraction")
    text = done.extracted.text
    text_sha = done.text_sha or sha256_text(text)
    made = replace(done.job, stage=None)
    if done.bom:
        # bytes with a byte-order mark are decoded by it, whatever charset is asked (the one the
        # extraction found, recorded since, included): only a charset differs, the text cannot
        made = replace(made, charset=rec.get("charset"))
    if done.raw_sha is None or not isinstance(ext, dict) or made != _job(rec, raw_path) \
            or rec.get("normalizer_version") != NORMALIZER or rec.get("normalized_sha256") != text_sha:
        return None
    fmt = format_for(rec.get("media_type"), raw_path)
    if fmt is None or fmt.tool != ext.get("tool") or ext.get("version") != fmt.version \
            or fmt.version in fmt.reproduces or not (done.stable if done.stable is not None else normalize(text) == text):
        return None
    return extraction_fact(done.raw_sha, text_sha, rec, raw_path)


def _prefetchable(ws: Workspace, rec: SourceRecord, force: bool, upgrade: bool) -> Job | None:
    """The job for a source ``_extract_source`` will surely extract, else None (it then computes
    what it needs itself: a drift check, a capture readdressed by its bytes, an adopted text)."""
    from dataclasses import replace

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
                    pre: Prefetch | None = None, learnt: list[str] | None = None) -> ExtractLine | None:
    """Extract one source (or check it for drift); None when there is nothing to say."""
    from .extract_pool import compute

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
        written = _extract_computed(ws, sid, rec, status, text_path, raws[0], renamed, done, force, carry, fp)
        if learnt is not None and written is not None and written.status == "ready" and not written.code:
            fact = _verify_fact(rec, raws[0], done)
            if fact is not None:
                learnt.append(fact)
        return written
    finally:
        if done.staged:
            discard_staged(done.staged)  # written ahead but not used


def _extract_computed(ws: Workspace, sid: str, rec: SourceRecord, status: str | None, text_path: str,
                      raw_path: str, renamed: str, done: Done, force: bool, carry: Carrier | None,
                      fp: _LazyFingerprints | None) -> ExtractLine | None:
    from ...engines.convert.registry import EXTRACTOR_VERSIONS
    from ...engines.formats.extract_notes import LOSS_NOTE

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
    elsewhere = url_elsewhere(rec)
    if elsewhere:
        line.warnings.append(("W-SOURCE-URL-ELSEWHERE", elsewhere))
    line.warnings += _write_text(ws, rec, text, tool, notes, extracted.links, extracted.pages,
                                 fp.get() if fp is not None else None, sketch, done.staged,
                                 done.text_sha if done.extracted.text == text else None)
    done.staged = None  # moved in place
    if replacing and carry is not None:
        carry.accept(sid)
    if line.findings:
        line.code = "E-UPGRADE-CARRY"
        line.note = f"{len(line.findings)} citation(s) could not be carried over (listed above)"
    return line


_SAME_SITE = ("m.", "amp.", "mobile.")


def url_elsewhere(rec: SourceRecord) -> str | None:
    """What to say when a saved page names itself (its canonical link) on another site than the
    url given for it (``--url``): the ledger links that url to recheck the quotes, and a url
    given from memory is the one a reader cannot follow. A page syndicated from another site
    names its first home: then the given url stands."""
    from ...engines.urls import web_host

    given, own = rec.get("url"), rec.get("canonical_url")
    # the prefixes one site serves its pages under: its mobile and AMP hosts are no other site
    mine, theirs = web_host(given, _SAME_SITE), web_host(own, _SAME_SITE)
    if not mine or not theirs or mine == theirs or mine.endswith("." + theirs) or theirs.endswith("." + mine):
        return None
    return (f"the page names itself at {own} (its canonical link), another site than the url given for it "
            f"({given}); the ledger links the given url to recheck its quotes: if the page lives there, "
            f"sb source set {rec.get('id')} url={own}; if it was syndicated from there, nothing")


def _read(path: str) -> str:
    with open(path, "rb") as fh:
        return fh.read().decode("utf-8", errors="replace")


def _write_text(ws: Workspace, rec: SourceRecord, text: str, tool: str, notes: list[str],
                links: list | None = None, pages: list | None = None,
                fp: Fingerprints | None = None, sketch: shingles.Sketch | None = None,
                staged: str | None = None, text_sha: str | None = None) -> list[tuple[str, str]]:
    """Store the canonical text (``staged``: already written beside it, by a worker, with
    ``text_sha`` its hash); returns the copy warning when the text is another source's."""
    from ...engines.convert.registry import EXTRACTOR_VERSIONS

    sid = rec["id"]
    if staged:
        jsonio.commit_staged(staged, ws.normalized_path(sid))
    else:
        jsonio.atomic_write_text(ws.normalized_path(sid), text)
    if links:
        jsonio.write_json(ws.links_path(sid), {"schema_version": 1, "links": links})
    if pages:
        jsonio.write_json(ws.pages_path(sid), {"schema_version": 1, "pages": pages})
    text_sha = text_sha or sha256_text(text)
    rec["normalized_sha256"] = text_sha
    rec["normalizer_version"] = NORMALIZER
    rec["extraction"] = {"tool": tool, "version": EXTRACTOR_VERSIONS.get(tool, 1), "ok": True, "notes": notes}
    rec["status"] = "ready"
    rec["error"] = None
    own = fp is None
    fp = fp or Fingerprints(ws)
    fp.extracted(sid, str(rec.get("raw_sha256") or ""), text, sketch, text_sha)
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
    from ...engines.convert.pipeline import text_canonical

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


def reextract(ws: Workspace, rec: SourceRecord, read: tuple[str, bytes] | None = None) -> str | None:
    """The canonical text sb produces from the stored raw bytes at the source's recorded
    canonical text version, by the recorded version of its extractor when its format still
    makes that version's text (None if no raw capture, or the text was adopted). ``read``: the
    raw capture's path and bytes when the caller has read them already."""
    from ...engines.convert.pipeline import extract_bytes

    if rec.get("extraction", {}).get("tool") == "agent":
        return None
    if read is None:
        raws = ws.raw_files(rec["id"])
        if not raws:
            return None
        with open(raws[0], "rb") as fh:
            read = (raws[0], fh.read())
    path, raw = read
    base_url = rec["locator"] if rec.get("kind") == "url" else None
    version = rec.get("normalizer_version")
    out, _ = extract_bytes(raw, media_type=rec.get("media_type"), path=path, charset=rec.get("charset"),
                           base_url=base_url, normalizer=version if version in NORMALIZERS else NORMALIZER,
                           extractor=rec.get("extraction", {}).get("version"),  # as it was made
                           titled=False)
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

