"""sb source."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
List, inspect, edit or remove sources.

  sb source list [--verbose] [--json]    the first ten and counts; --verbose every source
  sb source show SRC [--json]            the record (a page's byline, published and modified
                                         dates with the tag that stated each), text length,
                                         links and pages
  sb source set SRC charset=windows-1252 title="Annual report"   (then sb extract --force)
  sb source set SRC tier=B reason="bylined trade reporting"      (recorded in the history)
  sb source set SRC same_as=SRC2         the two are one document: one source for corroboration
  sb source set SRC same_as=none         they are independent after all (undoes a found link)
  sb source set SRC url=https://example.org/report   the public address of a local copy
                                         (an edition without one links to its same_as sibling's);
                                         as with `sb add FILE --url`, the file is then a capture:
                                         tier C or D unless attest="..." says why to trust it
  sb source set SRC license=cc-by        public-domain, cc-by, cc-by-sa, own or unknown
                                         (also read: CC0, CC0-1.0, PD, "public domain" as
                                         public-domain; CC-BY-2.0/3.0/4.0, "CC BY 4.0" as cc-by;
                                         CC-BY-SA-3.0/4.0, "CC BY-SA 4.0" as cc-by-sa; any case)
  sb source set SRC byline="A. Writer" published=2024-05-01 modified=2024-05-03
                                         what the page states of itself, when sb read it
                                         wrong or not at all (kept by later extractions)
  sb source rm SRC --reason "duplicate of src_..."

Fields take the names `sb add` uses: tier, reason, title, author, publisher, published (or
published_at: one date, the name `sb source show` prints), lang, license, url, plus charset,
same_as, byline and modified. published and
modified are dates (YYYY-MM-DD; a published year alone is kept as published_at only); a byline
or date set here is marked `sb source set` in byline_from, published_from or modified_from,
re-extraction keeps it, and an empty value (byline=) clears it. A re-add never changes a tier,
reason or address; this does (tier, reason, url, license, title, publisher and author changes are recorded in the
history). The fields of one `set` are applied together or not at all: a field name sb does
not know changes nothing and names the closest one.

`rm` refuses while an active claim cites the source; the folder is moved to
sources/.removed/ and the removal is recorded in the workspace history."""


SET_HELP = """\
Change what is said about a source (never its text), all fields together or none.

  sb source set SRC tier=B reason="bylined trade reporting"
  sb source set SRC byline="A. Writer" published=2024-05-01 modified=2024-05-03

byline, published and modified are what the extractor reads from a page (of a Markdown or text
file, a labelled line near its top: "Last updated: July 18, 2016"); set them when it read them
wrong or not at all; published_at is the same field as published.
license: public-domain, cc-by, cc-by-sa, own or unknown; CC0, CC0-1.0 and PD are read as
public-domain, CC-BY-2.0/3.0/4.0 as cc-by, CC-BY-SA-3.0/4.0 as cc-by-sa (any case; the
change printed says so). Dates are YYYY-MM-DD (a published year alone is kept as published_at
only). A value set here is marked `sb source set` in byline_from, published_from or
modified_from, and a later `sb extract --force` keeps it; an empty value (byline=) clears it."""


def configure(p) -> None:
    import argparse

    sub = p.add_subparsers(dest="action", required=True, metavar="{list,show,set,rm}")
    ls = sub.add_parser("list", help="one line per source (the first ten, then counts, unless --verbose)")
    ls.add_argument("--json", action="store_true")
    ls.add_argument("--verbose", action="store_true", help="a line for every source, however many")
    sh = sub.add_parser("show", help="one source's record")
    sh.add_argument("source_id")
    sh.add_argument("--json", action="store_true")
    st = sub.add_parser("set", help="change metadata fields, the tier, or same_as", description=SET_HELP,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    st.add_argument("source_id")
    st.add_argument("pairs", nargs="+", metavar="FIELD=VALUE",
                    help="tier, reason, title, author, publisher, published, modified, byline, lang, license, url, "
                         "charset, same_as, attest")
    rm = sub.add_parser("rm", help="remove a source nobody cites")
    rm.add_argument("source_id")
    rm.add_argument("--reason", required=True, help="recorded in history")


def run(args, ctx) -> int:
    import os

    from ...domain.sources import store as sources

    ws = ctx.workspace()
    if args.action == "list":
        recs = []
        from ...base.errors import SbError

        damaged = False
        for sid in ws.source_ids():
            try:
                rec = sources.load_source(ws, sid)
            except SbError as exc:  # damaged: named, and nothing taken from it
                ctx.err(f"{exc.code}  {exc.subject}  {exc.message}")
                rec = {"id": sid, "status": "damaged", "error": f"{exc.code} {exc.subject}"}
                damaged = True
            recs.append(rec)
        if args.json:
            ctx.emit_json(recs)
            return Exit.USAGE if damaged else Exit.OK
        if not recs:
            ctx.out("no sources yet: sb add <file|url> --tier <A-D> --reason <why>")
        from ..listing import bounded, small

        lines = []
        for r in recs:
            copy = f"  (same as {r['same_as']})" if r.get("same_as") else ""
            lines.append(f"{r.get('id')}  {r.get('tier', '?')}  {r.get('status', '?'):<16}  "
                         f"{(r.get('title') or r.get('locator') or '')[:70]}{copy}")
        bounded(ctx.out, lines, args.verbose, "source(s)")
        if not small(len(lines), args.verbose):
            counts: dict[str, int] = {}
            for r in recs:
                counts[str(r.get("status", "?"))] = counts.get(str(r.get("status", "?")), 0) + 1
            ctx.out(f"{len(recs):,} source(s): " + ", ".join(f"{n:,} {k}" for k, n in sorted(counts.items())))
        return Exit.USAGE if damaged else Exit.OK
    if args.action == "show":
        rec = sources.load_source(ws, args.source_id)
        text = sources.read_normalized(ws, args.source_id)
        extra = {"chars": len(text) if text is not None else None,
                 "links": os.path.isfile(ws.links_path(args.source_id)),
                 "pages": os.path.isfile(ws.pages_path(args.source_id)),
                 "cited_by": sources.citing_claims(ws, args.source_id)}
        if args.json:
            ctx.emit_json({"source": rec, **extra})
            return Exit.OK
        fields = dict(rec)
        for key in sorted(fields):
            ctx.out(f"{key:<20}{fields[key]}")
        for key in sorted(extra):
            ctx.out(f"{key:<20}{extra[key]}")
        return Exit.OK
    if args.action == "set":
        from ...domain.sources.edit import edit_source

        with ws.lock():
            rec, notes = edit_source(ws, args.source_id, args.pairs)
        if any(p.split("=", 1)[0].strip() == "attest" for p in args.pairs):
            from ...domain.ledger.provenance import attestation_text, author_finding

            said = attestation_text(rec["id"], rec, lambda sid: sources.read_normalized(ws, sid))
            if said is not None:  # recorded: sb verify refuses it
                ctx.finding(author_finding(said, "W-AUTHOR-TEXT-FIGURE"))
        ctx.out(f"updated {rec['id']}")
        for note in notes:
            ctx.out(f"recorded {note}")
        return Exit.OK
    from ...domain.sources.ingest import remove_source

    with ws.lock():
        dest = remove_source(ws, args.source_id, args.reason, sources.citing_claims(ws, args.source_id))
    ctx.out(f"removed  {args.source_id}  (kept in {ws.rel(dest)})")
    return Exit.OK
