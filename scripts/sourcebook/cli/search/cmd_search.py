"""sb search."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Rank chunks for a query with BM25. Every script is searchable: words for Latin, Cyrillic,
Greek, Arabic and the like (accents folded: naive finds naïve), character pairs for Chinese,
Japanese and Korean. Then pin the sentence you want with `sb find`.

  sb search "ferry interoperability partners"
  sb search "東京 タワー" -k 3
  sb search "deadline" --source src_1823e227204b --json

Each hit: rank, chunk id, score and heading path; a preview of the chunk; then where it is,
as the command that prints it whole:  `sb quote SRC START END`. The same passage in another
copy or edition of the document (a PDF and its HTML page, linked by same_as) is not a hit of
its own: the hit names it, "also in: src_..., PDF p. 15" (in --json: "also_in")."""


def configure(p) -> None:
    p.add_argument("query", help="words to look for")
    p.add_argument("-k", type=int, default=8, metavar="N", help="how many hits (default 8)")
    p.add_argument("--source", metavar="PREFIX", help="only chunks whose id starts with PREFIX (e.g. a source id)")
    p.add_argument("--json", action="store_true", help="print the hits as a JSON list")


def run(args, ctx) -> int:
    from ...base.errors import SbError

    if args.k < 1:
        raise SbError("E-USAGE", "-k", f"must be at least 1, got {args.k}")
    if not args.query.strip():
        raise SbError("E-USAGE", "sb search", "the query is empty; give the words to look for")
    from ...domain.index.editions_fold import where_text
    from ...domain.index.search import search_skipping

    hits, gone = search_skipping(ctx.workspace(), args.query, args.k, args.source)
    if gone:
        ctx.err(f"W-INDEX-STALE  index  the index still lists {len(gone)} removed source(s) ({', '.join(sorted(gone)[:3])}); "
                "they are skipped. Rebuild it with `sb index`")
    if args.json:
        ctx.emit_json([h.to_json() for h in hits])
        return Exit.OK
    if not hits:
        ctx.out(f"no hits for '{args.query}'")
        return Exit.OK
    for h in hits:
        path = " > ".join(h.heading_path) or "(no heading)"
        ctx.out(f"{h.rank:>2}  {h.chunk_id}  {h.score:>7.3f}  {path}")
        ctx.out(f"      {h.preview}")
        ctx.out(f"      sb quote {h.source_id} {h.start} {h.end}")
        for a in h.also_in:
            ctx.out(f"      also in: {where_text(a)}  (sb quote {a['source_id']} {a['start']} {a['end']})")
    return Exit.OK
