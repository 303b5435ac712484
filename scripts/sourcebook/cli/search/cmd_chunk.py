"""sb chunk."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Split each ready source's canonical text into overlapping chunks (chunks/<src>.jsonl).
Chunks are spans of the text, cut at headings, paragraphs and sentence ends; they only serve
search, so re-chunking with other sizes never breaks a citation.

  sb chunk                              sizes from config (chunk_target 1600, chunk_overlap 240)
  sb chunk --target 800 --overlap 100

Sizes are characters (code points); overlap must be smaller than target. Only sources whose
text, chunk file or sizes changed since the last run are read again. With more than ten
sources the output is a summary (changed sources first, then counts and the next command);
--verbose prints a line per source."""


def configure(p) -> None:
    p.add_argument("--target", type=int, metavar="N", help="largest chunk, in characters (default: config, 1600)")
    p.add_argument("--overlap", type=int, metavar="N", help="characters a chunk repeats from the one before (default: config, 240)")
    p.add_argument("--verbose", action="store_true", help="a line for every source, however many")
    p.add_argument("--json", action="store_true", help="print per-source results as JSON")


def run(args, ctx) -> int:
    from ...domain.sources.chunking import chunk_workspace
    from ..listing import bounded, small
    from ..progress import Progress

    with Progress(ctx.stderr, "chunking") as progress:
        done, problems, (t, o) = chunk_workspace(ctx.workspace(), args.target, args.overlap, progress)
    if args.json:
        ctx.emit_json({"target": t, "overlap": o, "sources": [
            {"source_id": c.source_id, "chunks": c.chunks, "changed": c.changed} for c in done],
            "problems": [f.to_json() for f in problems]})
        return Exit.PROBLEMS if problems else Exit.OK
    if small(len(done), args.verbose):
        for c in done:
            ctx.out(f"chunked  {c.source_id}  {c.chunks} chunks  (target={t} overlap={o})")
    else:
        changed = [c for c in done if c.changed]
        bounded(ctx.out, [f"chunked  {c.source_id}  {c.chunks} chunks  (target={t} overlap={o})" for c in changed],
                False, "changed source(s)")
        ctx.out(f"chunked {len(done):,} source(s): {len(changed):,} changed, {len(done) - len(changed):,} unchanged, "
                f"{sum(c.chunks for c in done):,} chunks  (target={t} overlap={o})")
    bounded(ctx.err, [f.line() for f in problems], args.verbose, "problem(s)")
    if problems:
        return Exit.PROBLEMS
    ctx.out("next: sb index")
    return Exit.OK
