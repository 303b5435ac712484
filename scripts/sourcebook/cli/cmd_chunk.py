"""sb chunk."""

from __future__ import annotations

DESCRIPTION = """\
Split each ready source's canonical text into overlapping chunks (chunks/<src>.jsonl).
Chunks are spans of the text, cut at headings, paragraphs and sentence ends; they only serve
search, so re-chunking with other sizes never breaks a citation.

  sb chunk                              sizes from config (chunk_target 1600, chunk_overlap 240)
  sb chunk --target 800 --overlap 100

Sizes are characters (code points); overlap must be smaller than target."""


def configure(p) -> None:
    p.add_argument("--target", type=int, metavar="N", help="largest chunk, in characters (default: config, 1600)")
    p.add_argument("--overlap", type=int, metavar="N", help="characters a chunk repeats from the one before (default: config, 240)")


def run(args, ctx) -> int:
    from ..domain.sources.chunking import chunk_workspace

    done, problems, (t, o) = chunk_workspace(ctx.workspace(), args.target, args.overlap)
    for c in done:
        ctx.out(f"chunked  {c.source_id}  {c.chunks} chunks  (target={t} overlap={o})")
    for f in problems:
        ctx.finding(f)
    if problems:
        return 2
    ctx.out("next: sb index")
    return 0
