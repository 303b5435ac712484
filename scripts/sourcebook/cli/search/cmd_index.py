"""sb index."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Bring the BM25 search index (index/) up to date with every ready source's chunks. The work
follows what changed: sources added, re-chunked or re-extracted since the last run are indexed
into a new segment, removed or changed ones are marked deleted, and small segments are merged;
the ranking is exactly that of an index built from nothing. index/lexical.json is the index's
manifest (format, counts, segments). The index is derived: delete it any time and run
`sb index` again. `sb status` says when it is older than the chunks.

  sb chunk && sb index
  sb index --rebuild        build from nothing (one segment, byte-identical for the same sources)"""


def configure(p) -> None:
    p.add_argument("--rebuild", action="store_true", help="build the index from nothing")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args, ctx) -> int:
    from ...base.record import as_dict
    from ...domain.index.build import build_index
    from ..progress import Progress

    with Progress(ctx.stderr, "indexing") as progress:
        st = build_index(ctx.workspace(), rebuild=args.rebuild, progress=progress)
    for seg, n in st.repaired:
        ctx.err(f"W-INDEX-REPAIRED  index/{seg}  damaged (a file missing or of the wrong size); "
                f"its {n} source(s) were indexed again")
    if args.json:
        ctx.emit_json(as_dict(st))
        return Exit.OK
    ctx.out(f"indexed  {st.n_docs} chunks  {st.n_terms} terms  avgdl={st.avgdl:.4f}")
    if st.unchanged:
        ctx.out(f"  nothing changed since the last run ({st.sources:,} source(s), {st.segments} segment(s))")
    elif st.rebuilt:
        ctx.out(f"  built from nothing: {st.sources:,} source(s), {st.segments} segment(s), {st.bytes / 1e6:.1f} MB")
    else:
        merged = f", {st.merged} merge(s)" if st.merged else ""
        ctx.out(f"  {st.added:,} source(s) added, {st.changed:,} changed, {st.removed:,} removed; "
                f"{st.segments} segment(s){merged}")
    return Exit.OK
