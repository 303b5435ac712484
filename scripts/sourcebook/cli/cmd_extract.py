"""sb extract."""

from __future__ import annotations

DESCRIPTION = """\
Turn each source's raw capture into its canonical text, sources/<id>/normalized.md, written
once and never edited (its SHA-256 is recorded). Ready sources are only checked for drift.

  sb extract                      extract every pending source
  sb extract --force              re-extract ready sources too (overwrites their text)
  sb extract --adopt SRC FILE     take the text you wrote for a source sb could not read
                                  (a scanned PDF, a page behind a script): recorded as tool agent

Only new and pending sources are extracted; a ready source is checked for drift, and one
unchanged since the last check (same record and text file) is not read again. With more than
ten sources the output is a summary (first problems, counts, the next command); --verbose
prints a line per source.

Markdown and text are normalized as they are; HTML keeps the main content only (link URLs
go to links.json beside it); PDF text comes from pypdf when installed (pages in pages.json).
Exit 2 when any source drifted or nothing is ready."""


def configure(p) -> None:
    p.add_argument("--force", action="store_true", help="re-extract ready sources as well")
    p.add_argument("--adopt", nargs=2, metavar=("SRC", "FILE"), help="adopt agent-written text for SRC")
    p.add_argument("--json", action="store_true", help="print per-source results as JSON")
    p.add_argument("--verbose", action="store_true", help="a line for every source, however many")


def run(args, ctx) -> int:
    from dataclasses import asdict

    from ..base.errors import SbError
    from ..base.jsonio import read_text
    from ..domain.sources import ingest
    from .listing import bounded, small

    ws = ctx.workspace()
    with ws.lock():
        if args.adopt:
            sid, path = args.adopt
            text = read_text(ctx.path(path), path)
            lines = [ingest.adopt(ws, sid, text, path)]
        else:
            from .progress import Progress

            with Progress(ctx.stderr, "extracting") as progress:
                lines = ingest.extract_all(ws, force=args.force, progress=progress)
        ready = [ln for ln in lines if ln.status == "ready"]
        problems = [ln for ln in lines if ln.code]
        if ready and not problems:
            ws.record("EXTRACT", f"extracted {len(ready)} source(s)")
    if args.json:
        ctx.emit_json([asdict(ln) for ln in lines])
    elif small(len(lines), args.verbose):
        for ln in lines:
            if ln.status in ("ready", "needs-extraction", "pending"):
                ctx.out(_text(ln))
    else:
        listed = [ln for ln in lines if ln.status in ("needs-extraction", "pending")]
        listed += [ln for ln in lines if ln.status == "ready" and not ln.checked]
        bounded(ctx.out, [_text(ln) for ln in listed], False, "source(s)")
        counts = {"extracted": sum(1 for ln in lines if ln.status == "ready" and not ln.checked),
                  "unchanged": sum(1 for ln in lines if ln.status == "ready" and ln.checked),
                  "need text": sum(1 for ln in lines if ln.status == "needs-extraction"),
                  "pending": sum(1 for ln in lines if ln.status == "pending"),
                  "drifted": len(problems)}
        ctx.out(f"{len(lines):,} source(s): " + ", ".join(f"{n:,} {k}" for k, n in counts.items()))
    bounded(ctx.err, [f"{ln.code}  {ln.source_id}  {ln.note}" for ln in problems], args.verbose or args.json,
            "drifted source(s)")
    bounded(ctx.err, [f"{code}  {ln.source_id}  {msg}" for ln in lines for code, msg in ln.warnings],
            args.verbose or args.json or small(len(lines), False), "warning(s)")
    if problems:
        return 2
    if not ready:
        raise SbError("E-EXTRACT", ".", "no source is ready: add sources, save pending captures, "
                      "or adopt text with sb extract --adopt SRC FILE", exit_code=2)
    if not args.json and not small(len(lines), args.verbose):
        ctx.out("next: sb chunk")
    return 0


def _text(ln) -> str:
    if ln.status == "ready":
        was = f"  (was {ln.renamed_from})" if ln.renamed_from and ln.renamed_from != ln.source_id else ""
        return f"ready    {ln.source_id}  {ln.chars} chars  via {ln.tool}{was}"
    if ln.status == "needs-extraction":
        return f"needs-extraction  {ln.source_id}  {ln.note}"
    return f"pending  {ln.source_id}  {ln.note}"
