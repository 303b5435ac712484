"""``sb package``: copy a verified build into a distributable folder (compatibility: sb package, an amendment).

The gate runs first: nothing is packaged unless ``sb verify`` passes now. The folder is built
from nothing in a temporary sibling and swapped in, so a public package never keeps a previous
private build's sources. Symlinks are never followed out of the workspace, and the target may
not be the workspace, one of its folders, or a folder that is not a previous package.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import shutil
from urllib.parse import unquote

from ....base import jsonio
from ....base.clock import now_iso
from ....base.errors import Exit, SbError
from ....base.patterns import lazy
from ....base.record import field, record
from ....base.versions import SB_VERSION, tool_versions
from ....engines.ledger import ledger_model as lm
from ...ledger.adjudications import with_reasons
from ...sources.store import for_display
from ...workspace.layout import SUBDIRS, Workspace
from ..context import GateContext, VerifyOptions
from ..digests import page_digests, sha_file
from .redact import provenance_source, redact_entries

SUMS, SIG = "SHA256SUMS", "SHA256SUMS.sig"
PUBLIC_SKIP = (".src.html", ".fragment.html")


@record
class PackageResult:
    out: str  # as given, for messages
    files: int
    redacted: int
    public: bool
    signed: bool
    skipped: list[str] = field(default_factory=list)  # symlinks left out


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def resolve_out(ws: Workspace, out: str) -> str:
    """The package folder, refusing anything whose replacement would destroy work."""
    root = os.path.realpath(ws.root)
    target = os.path.realpath(os.path.join(root, os.path.expanduser(out)))
    if _inside(root, target):
        raise SbError("E-PKG-OUT", out, "is the workspace or a folder that contains it; "
                      "package into a folder of its own such as dist")
    if any(_inside(target, os.path.join(root, d)) for d in SUBDIRS) or target == os.path.join(root, "ledger"):
        raise SbError("E-PKG-OUT", out, "is inside the workspace's own folders; use a folder such as dist")
    if os.path.islink(os.path.join(root, out)):
        raise SbError("E-PKG-OUT", out, "is a symlink; give a real folder")
    if os.path.exists(target):
        if not os.path.isdir(target):
            raise SbError("E-PKG-OUT", out, "exists and is not a folder")
        names = os.listdir(target)
        if names and SUMS not in names and "PROVENANCE.json" not in names:
            raise SbError("E-PKG-OUT", out, "exists, is not empty and is not a previous package; "
                          "it would be replaced, so remove it yourself or choose another --out")
    return target


def _files(ws: Workspace, base: str, skip_names: tuple = ()) -> tuple[list[tuple[str, str]], list[str]]:
    """(absolute source, relative path) of regular files under ``base``; symlinks leaving the
    workspace are skipped and named."""
    root = os.path.realpath(ws.root)
    out: list[tuple[str, str]] = []
    skipped: list[str] = []
    if os.path.islink(base) and not _keep_link(base, root, skipped, ws):
        return out, skipped  # build/ or assets/ itself points out of the workspace
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))
                             or _keep_link(os.path.join(dirpath, d), root, skipped, ws))
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if name.endswith(".tmp") or name.startswith(".") or name.endswith(skip_names):
                continue
            if os.path.islink(path) and not _keep_link(path, root, skipped, ws):
                continue
            if os.path.isfile(path):
                out.append((path, os.path.relpath(path, base).replace(os.sep, "/")))
    return out, skipped


def _keep_link(path: str, root: str, skipped: list[str], ws: Workspace) -> bool:
    real = os.path.realpath(path)
    if _inside(real, root) and (not os.path.isdir(path) or real == os.path.realpath(ws.assets_dir)
                                or real == os.path.realpath(ws.build_dir)):
        return True
    skipped.append(ws.rel(path))
    return False


def sign(sums: bytes, key: str) -> str:
    return hmac.new(key.encode("utf-8"), sums, hashlib.sha256).hexdigest()


def build_package(ws: Workspace, out: str, *, public: bool, key: str | None = None) -> PackageResult:
    from ..verify import verify, write_report

    target = resolve_out(ws, out)
    from ..state import is_blocked

    if is_blocked(ws.load_manifest()):
        raise SbError("E-STATE", "sourcebook.json", "the workspace is BLOCKED after three failed verify runs; "
                      "nothing was packaged. Report the failures to the user and record their decision with "
                      "sb unblock --reason \"<what the user decided>\"", Exit.GATE)
    if not os.path.isdir(ws.build_dir):
        raise SbError("E-PACKAGE", "build", "no build/ folder; compose and verify an artifact first")
    rep = verify(ws, VerifyOptions(cache=False), settle=False)  # the ship gate trusts no cache
    if not rep.passed:
        raise SbError("E-PACKAGE", ws.rel(target), f"sb verify fails with {len(rep.findings)} finding(s); "
                      "nothing was packaged. Fix them and run `sb verify`", Exit.GATE, findings=rep.findings)
    unchecked = unchecked_pages(ws, public=public)
    if unchecked:
        raise SbError("E-PKG-UNCHECKED", unchecked[0].split(" (")[0], f"{len(unchecked)} file(s) a reader opens (a page, notes, "
                      f"an image or a credit no page shows) sit in build/ or assets/ but sb verify never reads them "
                      f"({', '.join(unchecked[:5])}); a package ships only what the gate checked: move them out of "
                      "build/ and assets/, render them with sb render (an image: show it on a page), or write the "
                      "ledger with sb ledger", Exit.GATE)
    with ws.lock():
        write_report(ws, rep)
        ctx = GateContext(ws, VerifyOptions(cache=False))
        entries, parts, redacted = ledger_parts(ws, ctx, public)
        parent = os.path.dirname(target)
        os.makedirs(parent, exist_ok=True)
        tmp = jsonio.make_temp_dir(parent, os.path.basename(target))
        try:
            skipped = _fill(ws, ctx, tmp, entries, public, redacted, parts)
            signed = _write_sums(tmp, key)
            if os.path.exists(target):
                shutil.rmtree(target)
            os.replace(tmp, target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        files = sum(len(f) for _, _, f in os.walk(target)) - 1 - signed
        m = ws.load_manifest()
        m["state"] = "PACKAGE"
        ws.add_history(m, "PACKAGE", f"packaged {files} file(s) into {out}")
        ws.save_manifest(m)
    return PackageResult(out, files, redacted, public, bool(signed), skipped)


def ledger_parts(ws: Workspace, ctx: GateContext, public: bool) -> tuple[list, dict, int]:
    """What ``ledger.json`` holds: the ledger's entries, its History (and, private, Withdrawn)
    parts, and how many quotes a public package withholds."""
    shown_sources = for_display(ws, {k: v for k, v in ctx.sources.items() if v})
    # the claims with the decisions' reasons (History's, and each contested pair's)
    told = with_reasons(ws, list(ctx.valid_claims))
    entries = json.loads(json.dumps(lm.entries(told, shown_sources,
                                               ctx.plan)))  # a deep copy: redaction edits it
    parts = json.loads(json.dumps(lm.history_parts(told, shown_sources, ctx.plan, withdrawn=not public)))
    redacted = redact_entries(entries) if public else 0
    if public:
        redacted += redact_entries(parts.get("history", []))
    return entries, parts, redacted


def ledger_document(ws: Workspace, public: bool) -> dict:
    """``ledger.json`` as ``sb package`` writes it from the workspace now."""
    entries, parts, _ = ledger_parts(ws, GateContext(ws, VerifyOptions(cache=False)), public)
    return {"schema_version": 1, "visibility": "public" if public else "private", "ledger": entries, **parts}


# What a browser shows as a page (and so can carry text a reader takes as checked).
_PAGE_EXTENSIONS = (".html", ".htm", ".xhtml", ".shtml", ".svg", ".mht", ".mhtml", ".xml")
# documents and tables a reader opens: among the assets (images and sound) no gate reads them
_DATA_EXTENSIONS = (".csv", ".tsv", ".json", ".pdf", ".xml", ".yaml", ".yml", ".doc", ".docx", ".odt", ".rtf",
                    ".xls", ".xlsx", ".ods", ".epub")
_TEXT_EXTENSIONS = (".md", ".markdown", ".txt", ".rst")
# the report, podcast and derived gates read these; the bare ledger is sourcebook's own, as ledger.html
_GATED_TEXTS = ("report.md", "podcast.md", "audio/concat.txt", "ledger.md")


def unchecked_pages(ws: Workspace, *, public: bool = False) -> list[str]:
    """``build/`` and ``assets/`` files a reader opens that ``sb verify`` does not read: anything of
    a page's extension in a subfolder of build/, or at its top that is not a shipping page; the
    ledger fragment when it is not what ``sb ledger --html`` writes now; a template's source or
    a fragment (``*.src.html``, ``*.fragment.html``) in a private package (a public one leaves
    them out); text and Markdown files but the report and the podcast transcript; a ``build/ledger.md``
    that is not what ``sb ledger --md`` writes now; a page or a text file among the assets; an
    image no shipped page shows, and a credit for one (``unshown_assets``)."""
    from ..context import is_shipping_page

    out = []
    ledger = ws.build_path("ledger.html")
    if os.path.isfile(ledger):
        from ...ledger.forms import render_form

        with open(ledger, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        if text != render_form(ws, "html"):
            # written before later claims were recorded: the entries it shows, each as
            # sourcebook writes it now (as a page's injected ledger is judged)
            from ..rederive import as_whole, fragment_ids

            shown = fragment_ids(text)
            if not shown or text != as_whole(render_form(ws, "html", shown)):
                out.append("build/ledger.html (not what `sb ledger --html` writes now)")
    notes = ws.build_path("ledger.md")
    if os.path.isfile(notes):
        from ...ledger.forms import render_form

        with open(notes, encoding="utf-8", errors="replace") as fh:
            if fh.read() != render_form(ws, "md"):  # named like the ledger, read by no gate
                out.append("build/ledger.md (not what `sb ledger --md` writes now)")
    for _path, rel in _files(ws, ws.build_dir)[0]:
        name = rel.rsplit("/", 1)[-1]
        top = "/" not in rel
        if name.lower().endswith(_TEXT_EXTENSIONS) and rel not in _GATED_TEXTS:
            out.append(f"build/{rel}")  # notes a reader opens beside the pages, which no gate reads
            continue
        if not name.lower().endswith(_PAGE_EXTENSIONS) or name == "review.html":
            continue
        if top and (is_shipping_page(name) or name == "ledger.html" or (public and name.endswith(PUBLIC_SKIP))):
            continue
        out.append(f"build/{rel}")
    # assets are images and sound: a page among them ships unread (an image, .svg, is judged
    # where a page shows it)
    assets = [rel for _path, rel in _files(ws, ws.assets_dir)[0]]
    unread = [rel for rel in assets if rel.lower().endswith(_PAGE_EXTENSIONS + _TEXT_EXTENSIONS + _DATA_EXTENSIONS)
              and not rel.lower().endswith(".svg") and rel != "credits.json"]
    out += [f"assets/{rel}" for rel in unread]
    return out + unshown_assets(ws, [rel for rel in assets if rel not in unread and rel != "credits.json"])


# an image a report links: ![alt](assets/name.png)
_REPORT_IMAGE = lazy(r"!\[[^\]]*\]\(\s*<?(?:\.{1,2}/)?assets/([^)\s>]+)")


def unshown_assets(ws: Workspace, assets: list[str]) -> list[str]:
    """The images (and sounds) among ``assets`` that no shipped page shows and the report does
    not link, and each credit in ``assets/credits.json`` for an image no page shows: a picture
    of words or a credit's words would ship that no gate read."""
    from ...artifacts.licenses import load_credits, page_images
    from ..context import is_shipping_page

    shown: set[str] = set()
    for name in sorted(os.listdir(ws.build_dir)) if os.path.isdir(ws.build_dir) else []:
        path = ws.build_path(name)
        if not is_shipping_page(name) or os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            shown.update(key for key, _ in page_images(fh.read())[0])
    report = ws.build_path("report.md")
    if os.path.isfile(report) and not os.path.islink(report):
        with open(report, encoding="utf-8", errors="replace") as fh:
            shown.update(unquote(m.group(1)) for m in _REPORT_IMAGE.finditer(fh.read()))
    out = [f"assets/{rel} (no page shows it: a picture ships that no gate read)" for rel in assets
           if rel not in shown and rel.rsplit("/", 1)[-1] not in shown]
    try:
        credits, _ = load_credits(ws)
    except SbError:
        credits = {}  # an unreadable credits file is the licenses gate's finding
    out += [f"assets/credits.json (the credit for {key!r}, an image no page shows: its words ship unread)"
            for key in sorted(credits) if key not in shown]
    return out


def _fill(ws: Workspace, ctx: GateContext, tmp: str, entries: list, public: bool, redacted: int,
          parts: dict | None = None) -> list[str]:
    skip = PUBLIC_SKIP if public else ()
    from .redact import withheld_titles

    withheld = withheld_titles(ctx.sources) if public else {}
    build_files, skipped = _files(ws, ws.build_dir, skip)
    asset_files, skipped2 = _files(ws, ws.assets_dir)
    for src, rel in build_files:
        if rel not in ("PROVENANCE.json", "review.html"):  # the editor's desk quotes whole paragraphs: never shipped
            if public and rel.endswith(".html"):
                _copy_public_page(src, os.path.join(tmp, rel), withheld)
            elif public and rel in ("report.md", "podcast.md"):
                from .redact import public_markdown

                with open(src, encoding="utf-8", errors="surrogateescape") as fh:
                    text = public_markdown(fh.read(), ctx.sources)
                os.makedirs(os.path.dirname(os.path.join(tmp, rel)) or tmp, exist_ok=True)
                jsonio.atomic_write_bytes(os.path.join(tmp, rel), text.encode("utf-8", "surrogateescape"))
            else:
                _copy(src, os.path.join(tmp, rel))
    for src, rel in asset_files:
        _copy(src, os.path.join(tmp, "assets", rel))
    visibility = "public" if public else "private"
    jsonio.write_json(os.path.join(tmp, "ledger.json"), {"schema_version": 1, "visibility": visibility,
                                                          "ledger": entries, **(parts or {})})
    if not public:
        for sid, rec in ctx.sources.items():
            if rec and rec.get("status") == "ready" and not os.path.islink(ws.normalized_path(sid)):
                path = ws.normalized_path(sid)
                if os.path.isfile(path):
                    _copy(path, os.path.join(tmp, "sources", sid, "normalized.md"))
    prov = provenance(ws, ctx, entries, public, redacted)
    jsonio.write_json(os.path.join(tmp, "PROVENANCE.json"), prov)
    jsonio.write_json(ws.build_path("PROVENANCE.json"), prov)
    return skipped + skipped2


def _copy_public_page(src: str, dest: str, withheld: dict[str, str]) -> None:
    """A page for a public package: the ledger's collapsed Withdrawn part (retracted claims,
    between ``<!-- SB:WITHDRAWN -->`` markers) is left out, and a deck's speaker notes name a
    source whose title the package withholds (a file's name) by its id, as sourcebook writes a
    note for a source without a title; everything else is copied as is."""
    with open(src, "rb") as fh:
        data = fh.read()
    out = re.sub(rb"\n?<!-- SB:WITHDRAWN -->.*?<!-- /SB:WITHDRAWN -->", b"", data, flags=re.S)
    if withheld:
        from .redact import notes_without_titles

        out = notes_without_titles(out, withheld)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    jsonio.atomic_write_bytes(dest, out)


def _copy(src: str, dest: str) -> None:
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copyfile(src, dest)


def provenance(ws: Workspace, ctx: GateContext, entries: list, public: bool, redacted: int) -> dict:
    report = {}
    try:
        saved = jsonio.read_json(ws.build_path("verify.json"), "build/verify.json")
        if isinstance(saved, dict) and saved.get("pass") is True:
            report = saved
    except SbError:
        pass
    return {"schema_version": 1, "generated_at": now_iso(), "sb_version": SB_VERSION,
            "question": ctx.manifest.get("question", ""), "tool_versions": tool_versions(),
            "sources": [provenance_source(rec, public) for _, rec in sorted(ctx.sources.items()) if rec],
            "claims": len(entries), "gate_report": report, "visibility": "public" if public else "private",
            "redacted_quotes": redacted, "build_sha256": page_digests(ws), "review": _review(ws, ctx)}


def _review(ws: Workspace, ctx: GateContext) -> dict:
    """The review record: who marked which sentence ok or fix, when, bound to which digest, why."""
    from ...review.status import provenance as review_provenance

    return review_provenance(ws, isinstance(ctx.plan, dict) and ctx.plan.get("review") == "required")


def _write_sums(folder: str, key: str | None) -> int:
    lines = []
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if rel not in (SUMS, SIG):
                lines.append(f"{sha_file(path)}  {rel}")
    data = ("\n".join(sorted(lines, key=lambda ln: ln.split("  ", 1)[1])) + "\n").encode("utf-8")
    jsonio.atomic_write_bytes(os.path.join(folder, SUMS), data)
    if key:
        jsonio.atomic_write_text(os.path.join(folder, SIG), f"hmac-sha256  {sign(data, key)}\n")
        return 1
    return 0
