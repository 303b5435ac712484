"""Gate ``normalizer``: each ready source's canonical text is the one that was recorded.

Default: the file's hash and normalizer version match ``source.json``. ``--deep`` also
re-hashes the raw capture against ``raw_sha256`` and re-extracts it, so a sentence written
into ``normalized.md`` (with its recorded hash updated to match) is still caught. A plain run
does the same once per change: remembered by both files' identity, and by their digests
(``extraction_fact``, which ``sb extract`` records for each text it writes).
"""

from __future__ import annotations

from .....base.errors import Finding, SbError
from .....base.versions import NORMALIZER, NORMALIZERS
from .....engines.text.normalize import normalize
from ...context import GateContext
from ...registry import GateResult, register
from ...verify_cache import checked_fact, checked_key, file_sig, pair_sig


def _reextractor():
    try:
        from ....sources.ingest import reextract
    except ImportError:
        return None
    return reextract


def deep_findings(ctx: GateContext, sid: str, rec: dict, known_raw: bool = True) -> tuple[list[Finding], bool]:
    """(findings, re-extracted?) for one ready source. ``known_raw``: the raw capture's digest may
    come from the cache (``GateContext.raw_sha``), its bytes then read only to re-extract them."""
    out: list[Finding] = []
    raws = ctx.raw_files(sid)
    raw = None
    # the capture's digest, learnt while the file keeps its identity (`sb claim add` records
    # those of the sources it cites, long after they were written); else it is read once:
    # hashed here, re-extracted below
    raw_sha = ctx.raw_sha(sid, raws[0]) if raws and known_raw else None
    cached = raw_sha is not None
    if raws and not cached:
        raw, raw_sha = ctx.read_raw(raws[0])
    recorded_raw = rec.get("raw_sha256")
    if isinstance(recorded_raw, str) and recorded_raw:
        if not raws:
            out.append(Finding("E-DEEP-RAW", sid, "the raw capture (raw.*) is missing; "
                                                  "re-add the source from its original"))
            return out, False
        if raw_sha != recorded_raw:
            out.append(Finding("E-DEEP-RAW", sid, f"{ctx.ws.rel(raws[0])} does not hash to the recorded "
                                                  "raw_sha256; the capture was changed after it was added"))
            return out, False
    # this very extraction was made before and gave this very text (by `sb extract`, or an
    # earlier run): keyed by the digests of both files' bytes, as read now
    digest = ctx.text_sha(sid)
    known = None
    if raws and raw_sha is not None and digest is not None and ctx.cache.enabled:
        from ....sources.ingest import extraction_fact

        known = extraction_fact(raw_sha, digest, rec, raws[0])
        if ctx.cache.clean(known):
            return out, False
    ext = rec.get("extraction")
    extraction = ext if isinstance(ext, dict) else {}
    reextract = _reextractor()
    if reextract is None or not raws or extraction.get("tool") == "agent":
        return out, False  # agent-written text has no extractor to repeat
    if extraction.get("tool") == "sb.pdf":
        from ....sources.pdf_support import pypdf_available

        if not pypdf_available():
            return out, False  # the extractor is not here to repeat (never a false drift)
    if cached:  # known by its digest until now: the bytes re-extracted are the bytes judged
        raw, read_sha = ctx.read_raw(raws[0])
        if read_sha != raw_sha:  # changed since: judged afresh, from one reading
            return deep_findings(ctx, sid, rec, known_raw=False)
    try:
        fresh = reextract(ctx.ws, rec, (raws[0], raw) if raw is not None else None)
    except SbError as exc:
        out.append(Finding("E-DEEP-DRIFT", sid, f"the raw capture could not be re-extracted: {exc.message}"))
        return out, True
    if fresh is None:
        return out, False
    fresh = normalize(fresh)
    current = ctx.text(sid)
    if current is not None and fresh == current and known is not None:
        ctx.cache.remember_clean(known)
    if current is not None and fresh != current:
        at = next((i for i, (a, b) in enumerate(zip(fresh, current, strict=False)) if a != b), min(len(fresh), len(current)))
        out.append(Finding("E-DEEP-DRIFT", sid,
                           f"normalized.md differs from a fresh extraction of the raw capture from "
                           f"character {at}; the canonical text was edited. Restore it with "
                           "`sb extract --force`, then re-check the claims citing it"))
    return out, True


def _pair_sig(ctx: GateContext, sid: str) -> list[int] | None:
    """The identity of the raw capture and normalized.md together (``pair_sig``)."""
    raws = ctx.raw_files(sid)
    a = ctx.raw_sig(raws[0]) if raws else None
    b = ctx.text_sigs.get(sid) or file_sig(ctx.ws.normalized_path(sid))  # as text_sha found it
    return pair_sig(a, b)


def _checked_once(ctx: GateContext, sid: str, rec: dict, digest: str) -> list[Finding]:
    """The ``--deep`` checks on a plain run, remembered by file identity: a sentence written into
    normalized.md with its hash updated, or a raw capture edited after extraction, is caught by
    plain ``sb verify``; only the first run after a change pays for the re-extraction."""
    sig = _pair_sig(ctx, sid) if ctx.cache.enabled else None
    fact = checked_fact(digest, rec)
    rel = checked_key(sid)
    if sig is not None and ctx.cache.digest(rel, sig) == fact:
        return []
    found, _ = deep_findings(ctx, sid, rec)
    if not found:
        ctx.cache.remember_digest(rel, sig, fact)
    return found


@register("normalizer", 20)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    ready = at_version = older = redone = 0
    for sid, rec in ctx.sources.items():
        if not rec or rec.get("status") != "ready":
            continue
        ready += 1
        digest = ctx.text_sha(sid)
        if digest is None:
            f.append(Finding("E-NORM-MISSING", sid, "ready but normalized.md is missing; run `sb extract --force`"))
            continue
        version = rec.get("normalizer_version")
        if version not in NORMALIZERS:
            f.append(Finding("E-NORM-DRIFT", sid, f"normalizer_version is {version!r}, a version this sb does not "
                                                  f"know (it knows {', '.join(map(str, NORMALIZERS))}); re-extract "
                                                  "with `sb extract --force` and re-check the citations"))
        elif version == NORMALIZER:
            at_version += 1
        else:
            older += 1
        if rec.get("normalized_sha256") != digest:
            f.append(Finding("E-NORM-DRIFT", sid, "normalized.md does not hash to the recorded normalized_sha256; "
                                                  "the canonical text changed after extraction; restore it"))
        elif ctx.opts.deep:
            found, did = deep_findings(ctx, sid, rec)
            f += found
            redone += did
        else:
            f += _checked_once(ctx, sid, rec, digest)
    note = f"{at_version} sources at v{NORMALIZER}"
    if older:
        note += f", {older} at an older version (`sb extract --upgrade` moves them)"
    if ctx.opts.deep:
        note += f", {redone} re-extracted from raw"
    return GateResult(f, note)
