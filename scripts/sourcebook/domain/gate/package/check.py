"""``sb package --verify``: is a package what was packaged, and do its citations still hold?

Checks every line of ``SHA256SUMS`` (refusing ``..`` and absolute paths, naming files that are
not listed), the HMAC signature when a key is given, every claim text against its id, the
provenance claim count against the ledger, each shipped source text against the digest its
provenance record holds, every citation against the shipped sources (private), a ``--sources`` folder, or the workspace's sources, and that every derived file
(each page's injected ledger, the report, the podcast transcript, TTS plan and concat list) is
what the package's own ``ledger.json``, sources and scripts render, and runs the page gates
over every shipped page against the package's own claims and sources: a package whose files
were edited and whose ``SHA256SUMS`` was written again still fails.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
from typing import cast

from ....base.errors import Finding
from ....base.ids import claim_id, is_src_id, sha256_file
from ....base.patterns import hot, lazy
from ....base.record import field, record
from ....engines.text.citation import problem
from ...ledger.ledger_view import view_of
from ...workspace.records import Claim, SourceRecord
from ..rederive import PACKAGE, Ledgers, ledger_findings, podcast_findings, report_findings
from .build import SIG, SUMS, sign

_LINE = hot(r"^([0-9a-f]{64})  (.+)$")


@record
class CheckResult:
    findings: list[Finding] = field(default_factory=list)
    checksums: int = 0
    citations: int = 0
    against: str = ""
    signature: str = ""  # "ok", "unsigned", "not checked"


def _safe_rel(rel: str) -> bool:
    parts = rel.replace("\\", "/").split("/")
    return not (rel.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", rel) or ".." in parts or "" in parts)


def check_sums(out: str, res: CheckResult, label: str) -> None:
    try:
        data = open(os.path.join(out, SUMS), "rb").read()
    except OSError:
        res.findings.append(Finding("E-PKG-NOSUMS", label, f"no {SUMS}; this is not a package (or it was stripped)"))
        return
    listed = set()
    for n, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        m = _LINE.match(line)
        if not m:
            res.findings.append(Finding("E-PKG-CHECKSUM", f"{SUMS}:{n}", "not a `<sha256>  <path>` line"))
            continue
        digest, rel = m.groups()
        if not _safe_rel(rel):
            res.findings.append(Finding("E-PKG-PATH", f"{SUMS}:{n}", f"{rel!r} leaves the package (absolute or "
                                                                     "'..'); refusing to read it"))
            continue
        listed.add(rel)
        path = os.path.join(out, *rel.split("/"))
        real = os.path.realpath(path)
        if not real.startswith(os.path.realpath(out) + os.sep):
            res.findings.append(Finding("E-PKG-PATH", rel, "resolves outside the package (a symlink)"))
        elif not os.path.isfile(path):
            res.findings.append(Finding("E-PKG-MISSING", rel, "listed in SHA256SUMS but not in the package"))
        elif sha256_file(path) != digest:
            res.findings.append(Finding("E-PKG-CHECKSUM", rel, "the file changed after packaging"))
        else:
            res.checksums += 1
    for dirpath, _, names in os.walk(out):
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), out).replace(os.sep, "/")
            if rel not in listed and rel not in (SUMS, SIG):
                res.findings.append(Finding("E-PKG-EXTRA", rel, "in the package but not in SHA256SUMS; "
                                                                "it was added after packaging"))
    key = os.environ.get("SB_SIGNING_KEY")
    sig_path = os.path.join(out, SIG)
    if not key:
        res.signature = "not checked (set SB_SIGNING_KEY to check it)" if os.path.isfile(sig_path) else "unsigned"
        return
    if not os.path.isfile(sig_path):
        res.signature = "unsigned (no SHA256SUMS.sig)"
        return
    stored = open(sig_path, encoding="utf-8", errors="replace").read().split()
    if not stored or not hmac.compare_digest(stored[-1], sign(data, key)):
        res.findings.append(Finding("E-PKG-SIGNATURE", SIG, "the HMAC does not match SHA256SUMS under this key; "
                                                            "the package was changed or signed with another key"))
    else:
        res.signature = "ok"


def _source_text(sid: str, dirs: list[str]) -> str | None:
    if not is_src_id(sid):
        return None
    for d in dirs:
        for cand in (os.path.join(d, sid, "normalized.md"), os.path.join(d, "sources", sid, "normalized.md")):
            try:
                with open(cand, "rb") as fh:
                    return fh.read().decode("utf-8", errors="replace")
            except OSError:
                continue
    return None


def check_ledger(out: str, res: CheckResult, source_dirs: list[str]) -> None:
    try:
        doc = json.loads(open(os.path.join(out, "ledger.json"), "rb").read().decode("utf-8"))
        entries = doc["ledger"]
        assert isinstance(entries, list)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        res.findings.append(Finding("E-PKG-SOURCE", "ledger.json", "missing or not a ledger (schema_version, ledger)"))
        return
    for e in entries:
        if not isinstance(e, dict):
            continue
        text, cid = e.get("text"), e.get("id")
        if not isinstance(text, str) or claim_id(text) != cid:
            res.findings.append(Finding("E-CLAIM-ID", str(cid)[:40], "ledger.json: the claim text does not match "
                                                                     "its id; the text was edited"))
        for ev in e.get("evidence") or []:
            if not isinstance(ev, dict):
                continue
            sid = ev.get("source_id")
            text_ = _source_text(sid, source_dirs) if isinstance(sid, str) else None
            if text_ is None:
                res.findings.append(Finding("E-PKG-SOURCE", str(sid)[:40], f"{cid}: no normalized.md for this "
                                                                          "source; pass --sources DIR"))
                continue
            found = problem(text_, ev)
            if found:
                res.findings.append(Finding("E-QUOTE-MISMATCH", str(cid), f"{sid}: {found[1]}"))
            else:
                res.citations += 1
    try:
        prov = json.loads(open(os.path.join(out, "PROVENANCE.json"), "rb").read().decode("utf-8"))
        if prov.get("claims") != len(entries):
            res.findings.append(Finding("E-PKG-PROVENANCE", "PROVENANCE.json", f"says {prov.get('claims')} claims, "
                                                                               f"ledger.json has {len(entries)}"))
    except (OSError, ValueError, AttributeError):
        res.findings.append(Finding("E-PKG-PROVENANCE", "PROVENANCE.json", "missing or not JSON"))


def _recorded_digest(workspace_sources: str | None, sid: str) -> str | None:
    """The digest of its text the workspace's own record of a source holds, or None."""
    if not workspace_sources or not is_src_id(sid):
        return None
    try:
        with open(os.path.join(workspace_sources, sid, "source.json"), "rb") as fh:
            got = json.loads(fh.read().decode("utf-8")).get("normalized_sha256")
    except (OSError, ValueError, AttributeError):
        return None
    return got if isinstance(got, str) else None


def check_shipped_sources(out: str, res: CheckResult, workspace_sources: str | None = None) -> None:
    """Each source text a private package ships is the text it was packaged with: its bytes hash
    to the ``normalized_sha256`` that ``PROVENANCE.json`` records for the source. Text put
    before, between or after the quoted spans (a "correction" appended to a source) fails here
    even when ``SHA256SUMS`` was written again to match. PROVENANCE.json is no signature: checked
    inside its workspace, the digest must also be the one the workspace's own record of the
    source holds, so a text rewritten together with its digest fails too."""
    folder = os.path.join(out, "sources")
    if not os.path.isdir(folder):
        return
    prov = _json(out, "PROVENANCE.json")
    listed = prov.get("sources") if isinstance(prov, dict) else None
    if not isinstance(listed, list):
        return  # check_ledger reports an unreadable PROVENANCE.json
    recorded = {s["id"]: s.get("normalized_sha256") for s in listed if isinstance(s, dict) and isinstance(s.get("id"), str)}
    for sid in sorted(os.listdir(folder)):
        path = os.path.join(folder, sid, "normalized.md")
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        rel = f"sources/{sid}/normalized.md"
        want = recorded.get(sid)
        if not isinstance(want, str):
            res.findings.append(Finding("E-PKG-PROVENANCE", rel, "PROVENANCE.json records no digest of this source's "
                                        "text (no normalized_sha256), so the text cannot be told from an edited "
                                        "one: package again"))
        elif sha256_file(path) != want:
            res.findings.append(Finding("E-PKG-PROVENANCE", rel, "the source text does not hash to the normalized_sha256 "
                                        "PROVENANCE.json records for it; the text was edited after packaging "
                                        "(words added or changed, quoted or not): package again"))
        elif (own := _recorded_digest(workspace_sources, sid)) is not None and own != want:
            res.findings.append(Finding("E-PKG-PROVENANCE", rel, "PROVENANCE.json records a digest of this source's "
                                        "text that is not the one the workspace's own record of the source holds; "
                                        "the text and its digest were changed after packaging: package again"))


def _read(out: str, rel: str) -> str | None:
    try:
        with open(os.path.join(out, *rel.split("/")), "rb") as fh:
            return fh.read().decode("utf-8", errors="replace")
    except OSError:
        return None


def _json(out: str, rel: str) -> object:
    text = _read(out, rel)
    try:
        return json.loads(text) if text is not None else None
    except ValueError:
        return None


def package_ledgers(out: str, source_dirs: list[str] | None = None) -> Ledgers | None:
    """The ledger the package's derived files must render from: its ``ledger.json`` entries,
    numbered by their ordinals, with the sources its ``PROVENANCE.json`` lists (names masked in
    a public package, whose records withhold file names and local paths). A quote a public
    package withholds is read back from ``source_dirs`` when its hash agrees, so a page that was
    allowed to print it (its own reading order gives it room in the budget) renders the same."""
    led, prov = _json(out, "ledger.json"), _json(out, "PROVENANCE.json")
    if not isinstance(led, dict) or not isinstance(led.get("ledger"), list) or not isinstance(prov, dict):
        return None  # check_ledger reports it
    def ok(e: object) -> bool:
        return isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("text"), str)

    claims = [e for e in led["ledger"] if ok(e)]
    if source_dirs:
        claims = [_restored(e, source_dirs) for e in claims]
    numbered = sorted((e for e in claims if isinstance(e.get("ordinal"), int)), key=lambda e: e["ordinal"])
    plan = {"sections": [{"id": "ledger", "claim_ids": [e["id"] for e in numbered]}]}
    # the ledger's History and (private) Withdrawn parts, with the reason each entry shows
    for key in ("history", "withdrawn"):
        part = led.get(key)
        for e in part if isinstance(part, list) else []:
            if ok(e):
                claims.append(dict(e, _why=e.get("reason") or ""))
    listed = prov.get("sources")
    listed = listed if isinstance(listed, list) else []
    sources = {s["id"]: dict(s) for s in listed if isinstance(s, dict) and isinstance(s.get("id"), str)}
    _pages_from_entries(claims, sources)
    as_claims = cast("list[Claim]", claims)
    if prov.get("visibility") == "public" or led.get("visibility") == "public":
        return Ledgers.masked(as_claims, sources, plan)
    return Ledgers.exact(view_of(as_claims, cast("dict[str, SourceRecord]", sources), plan))


def _restored(entry: dict, dirs: list[str]) -> dict:
    """``entry`` with each withheld quote put back from its source text, where the text at its
    span has the recorded hash (else left withheld: ``check_ledger`` reports the mismatch)."""
    evidence = entry.get("evidence")
    if not isinstance(evidence, list) or not any(isinstance(ev, dict) and ev.get("redacted") for ev in evidence):
        return entry
    out = []
    for ev in evidence:
        if isinstance(ev, dict) and ev.get("redacted"):
            sid = ev.get("source_id")
            text = _source_text(sid, dirs) if isinstance(sid, str) else None
            back = _unredact(ev, text) if text is not None else None
            ev = back or ev
        out.append(ev)
    return dict(entry, evidence=out)


def _unredact(ev: dict, text: str) -> dict | None:
    def back(item: dict) -> dict | None:
        start, end, digest = item.get("start"), item.get("end"), item.get("quote_sha256")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text)):
            return None
        quote = text[start:end]
        if hashlib.sha256(quote.encode("utf-8")).hexdigest() != digest:
            return None
        plain = {k: v for k, v in item.items() if k not in ("redacted", "length", "excerpt", "shown_length")}
        return dict(plain, quote=quote)

    parts = ev.get("parts")
    if isinstance(parts, list) and parts:
        got = [back(p) if isinstance(p, dict) else None for p in parts]
        if any(p is None for p in got):
            return None
        plain = {k: v for k, v in ev.items() if k not in ("redacted", "length", "excerpt", "shown_length", "quote")}
        return dict(plain, parts=got)
    return back(ev)


def _pages_from_entries(claims: list[dict], sources: dict[str, dict]) -> None:
    """The pages the ledger named (``page``, ``page_label`` of each evidence item) as the page
    spans the renderer reads, so a package's pages show "p. 7" again without its pages.json."""
    for c in claims:
        for ev in c.get("evidence") or []:
            if not isinstance(ev, dict) or not isinstance(ev.get("page"), int):
                continue
            src = sources.get(str(ev.get("source_id")))
            start = ev.get("start")
            parts = ev.get("parts")
            if isinstance(parts, list) and parts and isinstance(parts[0], dict):
                start = parts[0].get("start")
            if src is None or not isinstance(start, int):
                continue
            src.setdefault("_pages", []).append({"page": ev["page"], "start": start, "end": start + 1,
                                                 "label": str(ev.get("page_label") or ev["page"])})


_FIX = "the file was edited after packaging; package again from a verified build"


def check_derived(out: str, res: CheckResult, source_dirs: list[str] | None = None) -> None:
    from ....engines.page.view import read_page
    from ..context import is_shipping_page

    ledgers = package_ledgers(out, source_dirs)
    if ledgers is None:
        return
    for name in sorted(os.listdir(out)):
        if not is_shipping_page(name) or not os.path.isfile(os.path.join(out, name)):
            continue
        html = _read(out, name) or ""
        view = read_page(html)
        if view.has_region and view.has_ledger:
            res.findings += ledger_findings(name, html, ledgers, set(view.entries) if view.subset else None, _FIX)
    report = _read(out, PACKAGE.report)
    if report is not None:
        res.findings += report_findings(PACKAGE, report, _read(out, PACKAGE.record), ledgers, _FIX)
    shipped = {rel: _read(out, rel) for rel in (PACKAGE.transcript, PACKAGE.tts_plan, PACKAGE.concat)}
    res.findings += podcast_findings(PACKAGE, shipped, _read(out, PACKAGE.script), ledgers,
                                     {"transcript": _FIX, "tts_plan": _FIX, "script": _FIX})


# what a reader of a shipped page sees (its markup, styles and visibility too), and what a
# listener of the shipped podcast script hears
PAGE_GATES = ("html", "surface", "prose", "licenses", "podcast")


def _schema_keys() -> tuple[set[str], set[str], set[str]]:
    """The fields a claim, an evidence item and a part may hold (the claims schema)."""
    from ....base.schema import load_schema

    item = load_schema("claims")["properties"]["claims"]["items"]
    ev = item["properties"]["evidence"]["items"]
    return set(item["properties"]), set(ev["properties"]), set(ev["properties"]["parts"]["items"]["properties"])


def _as_claim(entry: dict, keys: tuple[set[str], set[str], set[str]]) -> dict:
    """A ledger.json entry as the claim record it was rendered from."""
    claim_keys, ev_keys, part_keys = keys
    out = {k: v for k, v in entry.items() if k in claim_keys and v is not None}
    evs = []
    for ev in entry.get("evidence") or []:
        if isinstance(ev, dict):
            item = {k: v for k, v in ev.items() if k in ev_keys}
            if isinstance(item.get("parts"), list):
                item["parts"] = [{k: v for k, v in p.items() if k in part_keys} for p in item["parts"]
                                 if isinstance(p, dict)]
            evs.append(item)
    out["evidence"] = evs
    return out


def check_pages(out: str, res: CheckResult, source_dirs: list[str]) -> None:
    """The page gates (``PAGE_GATES``) over every shipped page, against the package's own
    ledger and sources: a page edited after packaging fails here whatever SHA256SUMS says.

    The package is laid out as a scratch workspace (its claims from ``ledger.json``, its
    sources from ``PROVENANCE.json`` and the source texts, its pages and assets) that the gates
    read exactly as they read a build."""
    import shutil
    import tempfile

    from ....base import jsonio
    from ...workspace.layout import Workspace, new_manifest
    from ..context import GateContext, VerifyOptions
    from ..gates import gates

    names = _shipped_pages(out)
    led, prov = _json(out, "ledger.json"), _json(out, "PROVENANCE.json")
    if not names or not isinstance(led, dict) or not isinstance(led.get("ledger"), list) or not isinstance(prov, dict):
        return  # no page, or check_ledger already says the ledger or provenance is unreadable
    keys = _schema_keys()
    entries = [e for e in led["ledger"] if isinstance(e, dict) and isinstance(e.get("id"), str)]
    for part in ("history", "withdrawn"):
        got = led.get(part)
        entries += [e for e in got if isinstance(e, dict) and isinstance(e.get("id"), str)] if isinstance(got, list) else []
    claims = [_as_claim(_restored(e, source_dirs) if source_dirs else e, keys) for e in entries]
    numbered = sorted((e for e in led["ledger"] if isinstance(e, dict) and isinstance(e.get("ordinal"), int)),
                      key=lambda e: e["ordinal"])
    tmp = tempfile.mkdtemp(prefix="sb-package-check-")
    try:
        ws = Workspace(tmp)
        jsonio.write_json(os.path.join(tmp, "sourcebook.json"), new_manifest())
        listed = prov.get("sources")
        for rec in listed if isinstance(listed, list) else []:
            sid = rec.get("id") if isinstance(rec, dict) else None
            if not isinstance(sid, str) or not is_src_id(sid):
                continue
            text = _source_text(sid, source_dirs)
            os.makedirs(os.path.join(tmp, "sources", sid))
            # a package does not say how its sources were extracted; the record is complete without it
            restored = dict(rec, status="ready" if text is not None else "failed")
            restored.setdefault("extraction", {"tool": "none", "version": 0, "ok": text is not None,
                                               "notes": ["restored from a package"]})
            jsonio.write_json(ws.source_json(sid), restored)
            if text is not None:
                jsonio.atomic_write_text(ws.normalized_path(sid), text)
        jsonio.write_json(os.path.join(tmp, "ledger", "claims.json"), {"schema_version": 1, "claims": claims})
        jsonio.write_json(os.path.join(tmp, "plan.json"), {"schema_version": 1, "sections": [
            {"id": "ledger", "claim_ids": [e["id"] for e in numbered]}]})
        os.makedirs(os.path.join(tmp, "build"))
        for name in names:
            shutil.copyfile(os.path.join(out, name), os.path.join(tmp, "build", name))
        if os.path.isdir(os.path.join(out, "assets")):
            shutil.copytree(os.path.join(out, "assets"), os.path.join(tmp, "assets"), symlinks=True,
                            dirs_exist_ok=True)
        podcast = False
        for name in (PACKAGE.script, PACKAGE.tts_plan):  # the podcast gate reads them from build/
            path = os.path.join(out, name)
            if os.path.isfile(path) and not os.path.islink(path):
                shutil.copyfile(path, os.path.join(tmp, "build", name))
                podcast = podcast or name == PACKAGE.script
        ctx = GateContext(ws, VerifyOptions(cache=False, podcast=podcast))
        for g in gates():
            if g.name not in PAGE_GATES:
                continue
            try:
                result = g.fn(ctx)
            except Exception as exc:  # noqa: BLE001 - a gate that cannot run is a finding, never a traceback
                res.findings.append(Finding("E-INTERNAL", g.name, f"the gate failed on the package: "
                                                                   f"{type(exc).__name__}: {exc}"))
                continue
            for f in result.findings if result is not None else []:
                res.findings.append(Finding(f.code, f.subject.replace("build/", "", 1),
                                            f.message.replace("build/", "")))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def check_review(out: str, res: CheckResult) -> None:
    """The review record ``PROVENANCE.json`` carries agrees with itself and with what every
    shipped page's footer says: "reviewed" only when every sentence a person marked is ok and
    current, and a page that says "Not reviewed by a person." is no reviewed page."""
    import re

    from ...review.status import NOT_REVIEWED

    prov = _json(out, "PROVENANCE.json")
    review = prov.get("review") if isinstance(prov, dict) else None
    if not isinstance(review, dict):
        return
    from ...review.record import latest_marks

    newest = latest_marks({"marks": review.get("marks") or []})  # a sentence's newest mark decides it
    ok = sum(1 for t, m in newest.items() if t.startswith("s-") and m.get("verdict") == "ok" and m.get("current") is True)
    total = review.get("sentences")
    said = review.get("reviewed") is True
    if review.get("marked_ok") != ok or (said and (not isinstance(total, int) or ok < total)):
        res.findings.append(Finding("E-PKG-PROVENANCE", "PROVENANCE.json", f"its review record says "
                                    f"{review.get('marked_ok')} of {total} sentences marked ok"
                                    f"{' (reviewed)' if said else ''}, where its own marks hold {ok} current ok; "
                                    "the record was edited: package again"))
    for rel in _shipped_pages(out):
        text = _read(out, rel) or ""
        m = re.search(r"<!-- SB:REVIEWED -->(.*?)<!-- /SB:REVIEWED -->", text, re.S)
        footer = " ".join(re.sub(r"<[^>]+>", " ", m.group(1)).split()) if m else ""
        if footer and (footer == NOT_REVIEWED) == said:
            res.findings.append(Finding("E-PKG-PROVENANCE", rel, f"its footer says {footer!r}, where PROVENANCE.json's "
                                        f"review record says {'reviewed' if said else 'not reviewed'}; one of them "
                                        "was edited: package again"))


def _shipped_pages(out: str) -> list[str]:
    """The package's pages, sorted (a symlinked page is already E-PKG-PATH: never followed)."""
    from ..context import is_shipping_page

    if not os.path.isdir(out):
        return []
    return sorted(n for n in os.listdir(out) if is_shipping_page(n) and os.path.isfile(os.path.join(out, n))
                  and not os.path.islink(os.path.join(out, n)))


def verify_package(out: str, label: str, *, sources: str | None, workspace_sources: str | None,
                   workspace_root: str | None = None) -> CheckResult:
    res = CheckResult()
    check_sums(out, res, label)
    if any(f.code == "E-PKG-NOSUMS" for f in res.findings):
        return res
    shipped = os.path.join(out, "sources")
    if sources:
        dirs, res.against = [sources], f"the sources in {sources}"
    elif os.path.isdir(shipped):
        dirs, res.against = [shipped], "the shipped sources"
    else:
        dirs, res.against = [workspace_sources] if workspace_sources else [], "the workspace sources"
    check_ledger(out, res, dirs)
    if dirs == [shipped]:
        check_shipped_sources(out, res, workspace_sources)
    check_review(out, res)
    check_records(out, res, dirs, workspace_root)
    check_derived(out, res, dirs)
    check_pages(out, res, dirs)
    check_unread(out, res)
    return res


def _first_gate_difference(shipped: object, recorded: object,
                           against: str = "PROVENANCE.json's gate report") -> str:
    """The first gate whose note (or result) differs between two gate reports, in words."""
    a = shipped.get("gates") if isinstance(shipped, dict) else None
    b = recorded.get("gates") if isinstance(recorded, dict) else None
    if isinstance(a, list) and isinstance(b, list):
        for x, y in zip(a, b, strict=False):
            if x != y and isinstance(x, dict) and isinstance(y, dict):
                if x.get("note") != y.get("note"):
                    return (f"the {x.get('gate')!r} gate's note ships as {_short(x.get('note'))} where "
                            f"{against} says {_short(y.get('note'))}")
                return f"the {x.get('gate')!r} gate's result differs from {against}"
    return f"it is not {against}"


def _short(value: object, n: int = 90) -> str:
    if value is None:
        return "nothing"
    text = str(value)
    return repr(text if len(text) <= n else text[: n - 1] + "\u2026")


_DRIFT_FIX = "the file was edited after packaging (or, checked inside its workspace, the workspace changed since); package again"
# the fields a ledger entry copies from its claim record (the rest are derived by sourcebook)
_RECORD_FIELDS = ("text", "kind", "notes", "as_of", "confidence", "status", "status_reason", "superseded_by",
                  "topic_key", "volatile", "recheck", "limitation", "derived", "narrowed_from", "narrowed_to",
                  "acks", "contradicts", "unpublished")


def check_records(out: str, res: CheckResult, source_dirs: list[str], workspace_root: str | None) -> None:
    """The machine-readable files a package ships say what sourcebook wrote for them.

    - ``verify.json`` is the gate report ``PROVENANCE.json`` records (``gate_report``): a gate
      note rewritten in one of them is refused.
    - Each excerpt of a quote in ``ledger.json`` (and its length) is what sourcebook writes for
      that quote: the shipped quote, or a withheld one read back from its source text when its
      hash agrees.
    - Checked inside its workspace, the question and each source record ``PROVENANCE.json``
      carries are what the workspace's records give, each gate's note is that gate's note in the
      workspace's last gate run, and ``ledger.json`` is what ``sb package`` writes from the
      workspace now (a claim's note, status, corroboration, origin): a package's JSON cannot be
      re-derived from the package alone, so its workspace is the reference (away from it, only a
      signature vouches for them)."""
    from ....engines.ledger.ledger_model import evidence_quote
    from ....engines.ledger.quote_view import excerpt, length_text

    prov, led = _json(out, "PROVENANCE.json"), _json(out, "verify.json")
    if isinstance(prov, dict) and os.path.isfile(os.path.join(out, "verify.json")):
        if led != prov.get("gate_report"):
            res.findings.append(Finding("E-PKG-DRIFT", "verify.json", f"{_first_gate_difference(led, prov.get('gate_report'))}; "
                                        f"{_DRIFT_FIX}"))
    doc = _json(out, "ledger.json")
    if not isinstance(doc, dict):
        return  # check_ledger reports it
    entries: list[dict] = []
    for part in ("ledger", "history", "withdrawn"):
        got = doc.get(part)
        entries += [e for e in got if isinstance(e, dict)] if isinstance(got, list) else []
    for e in entries:
        cid = str(e.get("id"))[:40]
        for ev in e.get("evidence") or []:
            if not isinstance(ev, dict) or "excerpt" not in ev:
                continue
            item = ev
            if ev.get("redacted"):
                sid = ev.get("source_id")
                text = _source_text(sid, source_dirs) if isinstance(sid, str) else None
                item = (_unredact(ev, text) if text is not None else None) or {}
            quote = evidence_quote(item) if item else ""
            if not quote:
                continue  # withheld and no source text at hand: its hash is all the package holds
            want = excerpt(quote)
            if ev.get("excerpt") != want or ("shown_length" in ev and ev.get("shown_length") != length_text(quote)) \
                    or ("length" in ev and ev.get("length") != len(quote)):
                res.findings.append(Finding("E-PKG-DRIFT", f"ledger.json:{cid}", f"{ev.get('source_id')}: the excerpt "
                                            f"ships as {_short(ev.get('excerpt'))} (length {_short(ev.get('shown_length') or ev.get('length'))}) "
                                            f"where sourcebook writes {_short(want)} ({length_text(quote)}) for the quote "
                                            f"it stands for; {_DRIFT_FIX}"))
    if not workspace_root:
        return
    from ....base.errors import SbError
    from ...workspace.layout import Workspace

    ws = Workspace(workspace_root)
    try:
        question = ws.load_manifest().get("question", "")
    except (SbError, OSError, ValueError, AttributeError):
        question = None
    if isinstance(prov, dict) and question is not None and prov.get("question") != question:
        res.findings.append(Finding("E-PKG-DRIFT", "PROVENANCE.json", f"its question is {_short(prov.get('question'))} "
                                    f"where the workspace asks {_short(question)}; {_DRIFT_FIX}"))
    last = _json(workspace_root, "build/verify.json")
    if isinstance(prov, dict) and isinstance(last, dict) and isinstance(prov.get("gate_report"), dict):
        # gate by gate, by name: a later run with other options (--podcast, --deep) adds or
        # leaves out gates, never rewords the note of one that ran both times on the same work
        ran = {g.get("gate"): g.get("note") for g in last.get("gates") or [] if isinstance(g, dict)}
        for g in prov["gate_report"].get("gates") or []:
            if isinstance(g, dict) and g.get("gate") in ran and ran[g.get("gate")] != g.get("note"):
                res.findings.append(Finding("E-PKG-DRIFT", "PROVENANCE.json", f"its gate report: the {g.get('gate')!r} "
                                            f"gate's note ships as {_short(g.get('note'))} where the workspace's last "
                                            f"gate run (build/verify.json) says {_short(ran[g.get('gate')])}; {_DRIFT_FIX}"))
                break
    if isinstance(prov, dict) and isinstance(prov.get("sources"), list):
        from .redact import provenance_source

        public_prov = prov.get("visibility") == "public"
        for rec in prov["sources"]:
            sid = rec.get("id") if isinstance(rec, dict) else None
            if not isinstance(sid, str) or not is_src_id(sid):
                continue
            own = _json(workspace_root, f"sources/{sid}/source.json")
            if not isinstance(own, dict):
                res.findings.append(Finding("E-PKG-DRIFT", "PROVENANCE.json", f"{sid}: no source of the workspace has "
                                            f"this id; {_DRIFT_FIX}"))
                continue
            want_rec = json.loads(json.dumps(provenance_source(own, public_prov)))
            diff = sorted(k for k in set(rec) | set(want_rec) if rec.get(k) != want_rec.get(k))
            if diff:
                res.findings.append(Finding("E-PKG-DRIFT", "PROVENANCE.json", f"{sid}: its {diff[0]!r} ships as "
                                            f"{_short(rec.get(diff[0]))} where the workspace's record of the source "
                                            f"gives {_short(want_rec.get(diff[0]))}; {_DRIFT_FIX}"))
    try:
        from .build import ledger_document

        want_doc = json.loads(json.dumps(ledger_document(ws, doc.get("visibility") == "public")))
    except (SbError, OSError, ValueError):
        return  # the workspace cannot be read: the package's files are checked against each other only
    ledger_difference(doc, want_doc, res)


def ledger_difference(doc: dict, want: dict, res: CheckResult) -> None:
    """The first entry (and field) where the shipped ``ledger.json`` is not what sourcebook
    writes from the workspace now: a note, a status, a corroboration, an origin, an excerpt."""
    for part in ("ledger", "history", "withdrawn"):
        got, exp = doc.get(part), want.get(part)
        got = got if isinstance(got, list) else []
        exp = exp if isinstance(exp, list) else []
        if got == exp:
            continue
        exp_by = {e.get("id"): e for e in exp if isinstance(e, dict)}
        for e in got:
            cid = str(e.get("id"))[:40] if isinstance(e, dict) else "?"
            w = exp_by.get(cid)
            if not isinstance(e, dict) or w is None:
                res.findings.append(Finding("E-PKG-DRIFT", f"ledger.json:{cid}", f"its {part} holds an entry the "
                                            f"workspace's {part} does not; {_DRIFT_FIX}"))
                return
            if e != w:
                if any(f.subject == f"ledger.json:{cid}" for f in res.findings):
                    return  # its excerpt is already refused
                key = next(k for k in sorted(set(e) | set(w), key=lambda k: (k != "notes", k)) if e.get(k) != w.get(k))
                held = "the workspace's claim record holds" if key in _RECORD_FIELDS else "sourcebook writes from the workspace"
                name, a, b = f"{key!r} field", e.get(key), w.get(key)
                if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
                    for n, (x, y) in enumerate(zip(a, b, strict=True), 1):
                        if x != y and isinstance(x, dict) and isinstance(y, dict):
                            sub = next(k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k))
                            name, a, b = f"{key} item {n}'s {sub!r}", x.get(sub), y.get(sub)
                            break
                res.findings.append(Finding("E-PKG-DRIFT", f"ledger.json:{cid}", f"its {name} ships as "
                                            f"{_short(a)} where {held} {_short(b)}; {_DRIFT_FIX}"))
                return
        res.findings.append(Finding("E-PKG-DRIFT", "ledger.json", f"its {part} ({len(got)} entries) is not the one "
                                    f"sourcebook writes from the workspace ({len(exp)} entries, in its order); "
                                    f"{_DRIFT_FIX}"))
        return
    rest = sorted(k for k in set(doc) | set(want) if k not in ("ledger", "history", "withdrawn") and doc.get(k) != want.get(k))
    if rest:
        res.findings.append(Finding("E-PKG-DRIFT", "ledger.json", f"its {rest[0]!r} ships as {_short(doc.get(rest[0]))} "
                                    f"where sourcebook writes {_short(want.get(rest[0]))}; {_DRIFT_FIX}"))


# what `sb package` writes besides the pages (each read by a check above, or sb's own record)
_WRITTEN = frozenset({"PROVENANCE.json", "ledger.json", "verify.json", "ledger.md", "ledger.html", "report.md", "report.draft.json",
                      "podcast.md", "podcast.script.json", "podcast.ttsplan.json", "audio/concat.txt",
                      "credits.json", "assets/credits.json", SUMS, SIG})
_SOURCE_TEXT = lazy(r"sources/src_[0-9a-f]{12}/normalized\.md")
# an image or a sound: nothing a reader reads as text (the package gate refused an unshown one)
_MEDIA = lazy(r"(?:assets|audio)/[^/]+\.(?:png|jpe?g|gif|webp|avif|svg|wav|mp3|ogg|m4a|opus|flac)", re.I)


def check_unread(out: str, res: CheckResult) -> None:
    """A file a reader opens that no check of the package reads ("README.md" added with its own
    checksum line) is refused: a package holds only what sourcebook wrote and its gates read."""
    pages = set(_shipped_pages(out))
    for dirpath, _, names in os.walk(out):
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), out).replace(os.sep, "/")
            if rel in _WRITTEN or rel in pages or _SOURCE_TEXT.fullmatch(rel) or _MEDIA.fullmatch(rel):
                continue
            res.findings.append(Finding("E-PKG-UNCHECKED", rel, "sourcebook writes no such file into a package and "
                                                                "no check reads it, so a reader would read it unchecked; "
                                                                "remove it and package again"))
