"""sb extract."""

from __future__ import annotations

DESCRIPTION = """\
Turn each source's raw capture into its canonical text, sources/<id>/normalized.md, written
once and never edited (its SHA-256 is recorded). Ready sources are only checked for drift.

  sb extract                      extract every pending source
  sb extract --force              re-extract ready sources too (overwrites their text)
  sb extract --adopt SRC FILE     take the text you wrote for a source sb could not read
                                  (a scanned PDF, a page behind a script): recorded as tool agent

Markdown and text are normalized as they are; HTML keeps the main content only (link URLs
go to links.json beside it); PDF text comes from pypdf when installed (pages in pages.json).
Exit 2 when any source drifted or nothing is ready."""


def configure(p) -> None:
    p.add_argument("--force", action="store_true", help="re-extract ready sources as well")
    p.add_argument("--adopt", nargs=2, metavar=("SRC", "FILE"), help="adopt agent-written text for SRC")
    p.add_argument("--json", action="store_true", help="print per-source results as JSON")


def run(args, ctx) -> int:
    from dataclasses import asdict

    from ..base.errors import SbError
    from ..base.jsonio import read_text
    from ..domain.sources import ingest

    ws = ctx.workspace()
    with ws.lock():
        if args.adopt:
            sid, path = args.adopt
            text = read_text(ctx.path(path), path)
            lines = [ingest.adopt(ws, sid, text, path)]
        else:
            lines = ingest.extract_all(ws, force=args.force)
        ready = [ln for ln in lines if ln.status == "ready"]
        problems = [ln for ln in lines if ln.code]
        if ready and not problems:
            ws.record("EXTRACT", f"extracted {len(ready)} source(s)")
    if args.json:
        ctx.emit_json([asdict(ln) for ln in lines])
    else:
        for ln in lines:
            if ln.status == "ready":
                was = f"  (was {ln.renamed_from})" if ln.renamed_from and ln.renamed_from != ln.source_id else ""
                ctx.out(f"ready    {ln.source_id}  {ln.chars} chars  via {ln.tool}{was}")
            elif ln.status == "needs-extraction":
                ctx.out(f"needs-extraction  {ln.source_id}  {ln.note}")
            elif ln.status == "pending":
                ctx.out(f"pending  {ln.source_id}  {ln.note}")
    for ln in problems:
        ctx.err(f"{ln.code}  {ln.source_id}  {ln.note}")
    for ln in lines:
        for code, msg in ln.warnings:
            ctx.err(f"{code}  {ln.source_id}  {msg}")
    if problems:
        return 2
    if not ready:
        raise SbError("E-EXTRACT", ".", "no source is ready: add sources, save pending captures, "
                      "or adopt text with sb extract --adopt SRC FILE", exit_code=2)
    if not args.json:
        waiting = [ln for ln in lines if ln.status in ("pending", "needs-extraction")]
        ctx.out("next: sb chunk" if not waiting else
                f"next: sb chunk  ({len(waiting)} source(s) still wait for text: see `sb status`)")
    return 0
