"""sb find."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Turn a pasted sentence into an exact citation span (code-point offsets into normalized.md).

  sb find src_1823e227204b "No other partner scheme is live at this time."
  sb find "No other partner scheme is live"          # every ready source
  sb find src_1823e227204b "The operator [...] at this time."   # elided quote: one span per part

  sb find src_1823e227204b "No other partner scheme is live" --evidence   # a ready evidence object

Exact text prints `<src>  <start>..<end>  exact  (<n> match|matches)` and exits 0. Text found
more than once prints the first span, the true count, and the other spans below it (all
spans with --all); a citation needs one, so quote more context. When the text is only found
by tolerating differences (whitespace, case, Markdown markup such as **bold** or [links](url),
curly quotes and dashes, soft hyphens and zero-width characters), find prints E-FIND-INEXACT
with the region, the `sb quote` command for it, and the exact text to paste (twice: as a JSON
string for a --json payload, and quoted for a shell argument), and exits 1: an approximate span
never becomes a citation. Not found at all: E-FIND-NOMATCH with the nearest indexed passages and
the words in which the nearest one differs from what you pasted; when the words are there but
split by the comment marks that open a code comment's lines ("// ", "# ", " * ", "-- ", "; "),
E-FIND-NOMATCH says so and prints the quote to give instead: the parts of each line, exact,
joined by [...]. Parts of an elided quote ([...]) must each match exactly, in order,
at most 2000 characters apart.

--evidence prints one JSON evidence object {"source_id", "start", "end", "quote"} to paste into
a claim, and exits 0, when the text stands for exactly one span: an exact quote, or a paste
from the rendered page that differs only in spacing, line breaks, markup, typographic quotes
and dashes or invisible characters (the quote printed is then the source's own text, as
`sb claim add` would store it). Case and every letter and digit must match.

Without a source id, find asks the index which sources hold the text's rarest whole words
(the words inside it: not the first and last, which may be cut) and reads only those, with the
same answers as reading them all. It falls back to a scan that reads every source when the
text has no whole indexed word (one or two words, or only stop words such as "of the"), for
sources added or re-extracted since `sb index`, and when there is no index."""

MAX_LISTED = 20


def configure(p) -> None:
    p.add_argument("args", nargs="+", metavar="[SRC] TEXT", help="optional source id, then the text to find")
    p.add_argument("--all", action="store_true", help="print every exact occurrence on its own line")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--evidence", action="store_true",
                   help="print a ready-to-paste evidence object for the one span the text stands for")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...base.ids import is_src_id

    if len(args.args) > 2:
        raise SbError("E-USAGE", "sb find", "give at most a source id and one TEXT (quote the text)")
    if len(args.args) == 2:
        sid, needle = args.args
        if not is_src_id(sid):
            raise SbError("E-USAGE", "sb find", f"{sid[:40]!r} is not a source id (src_ + 12 hex); "
                          "to search every source pass only the text")
    elif is_src_id(args.args[0]):
        sid, needle = args.args[0], ""
    else:
        sid, needle = None, args.args[0]
    if args.evidence:
        import json

        from ...domain.sources.locate import find_evidence

        ev = find_evidence(ctx.workspace(), needle, sid)
        if not ev.exact:
            ctx.err(f"note  {ev.source_id}  {ev.start}..{ev.end}  the paste differs from the source only in spacing, "
                    "line breaks or markup; the quote below is the source's own text")
        ctx.out(json.dumps(ev.to_json(), ensure_ascii=False))
        return Exit.OK
    from ...domain.index.editions_fold import where_text
    from ...domain.sources.locate import find

    res = find(ctx.workspace(), needle, sid)
    subject = sid or "(all sources)"
    if res.note:
        ctx.err(f"W-FIND-SCAN  {subject}  {res.note}")
    if args.json:
        return _json(ctx, res, sid)
    if res.error is not None:
        ctx.err(f"{res.error.code}  {subject}  {res.error.message}")
        return Exit.USAGE
    if res.elided:
        for loc in res.located:
            for i, (s, e) in enumerate(loc.parts, 1):
                ctx.out(f"{loc.source_id}  {s}..{e}  exact  (part {i} of {len(loc.parts)})")
        return Exit.OK
    if res.found_exact:
        shown = res.located if args.all or sid else res.located[:MAX_LISTED]
        for loc in shown:
            _exact_lines(ctx, loc, args.all)
        if len(shown) < len(res.located):
            ctx.out(f"  ... and {len(res.located) - len(shown)} more source(s) (--all lists every one)")
        return Exit.OK
    if res.located:
        for loc in res.located:
            n = len(loc.inexact)
            for h in loc.inexact[:MAX_LISTED]:
                ctx.err(f"E-FIND-INEXACT  {loc.source_id}  {h.start}..{h.end}  {h.level}  ({_count(n)})")
                ctx.err(f"  not an exact quote; check the region with: sb quote {loc.source_id} {h.start} {h.end}")
                ctx.err(f"  exact text to paste, as a JSON string (for --json payloads): {_show(h.text)}")
                ctx.err(f"  the same text as a shell argument (bash): {_shell(h.text)}")
            if loc.accepted:
                ctx.err("  `sb claim add` takes your paste as it is and stores this exact text; "
                        f"`sb find {loc.source_id} \"...\" --evidence` prints the evidence object")
        return Exit.USAGE
    if res.comments:  # the words are there, split by the comment marks opening the source's lines
        for where, fix in res.comments:
            ctx.err(f"E-FIND-NOMATCH  {where}  not found as written: {fix}")
        return Exit.USAGE
    ctx.err(f"E-FIND-NOMATCH  {subject}  not found, even ignoring whitespace, case, markup, "
            "typographic quotes and dashes, and invisible characters")
    for a in res.anchors:
        ctx.err(f"  nearest: {a.chunk_id}  {a.start}..{a.end}  {a.preview[:100]}")
        if a.also_in:
            ctx.err(f"    also in: {'; '.join(where_text(x) for x in a.also_in)}")
    if res.diff is not None:
        d = res.diff
        src = res.anchors[0].source_id
        ctx.err(f"  the nearest passage differs: you wrote {_words(d.pasted)}, {src} {d.start}..{d.end} has "
                f"{_words(d.source)}")
    if not res.anchors:
        ctx.err("  look for the passage with `sb search <words>` and copy it with `sb quote`")
    return Exit.USAGE


def _words(words: list[str]) -> str:
    return " ".join(words) if words else "(nothing there)"


def _shell(text: str) -> str:
    """The text as one shell word on one line: '...' quoting, or bash's $'...' when it holds a
    line break or another control character."""
    import shlex

    if all(c.isprintable() or c == " " for c in text):
        return shlex.quote(text)
    out = []
    for c in text:
        if c in "\\'":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif not c.isprintable() and c != " ":
            out.append(f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        else:
            out.append(c)
    return "$'" + "".join(out) + "'"


def _count(n: int) -> str:
    return f"{n} match" if n == 1 else f"{n} matches"


def _show(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)


def _exact_lines(ctx, loc, show_all: bool) -> None:
    n = len(loc.exact)
    if show_all:
        for s, e in loc.exact:
            ctx.out(f"{loc.source_id}  {s}..{e}  exact  ({_count(n)})")
        return
    s, e = loc.exact[0]
    ctx.out(f"{loc.source_id}  {s}..{e}  exact  ({_count(n)})")
    for s, e in loc.exact[1:MAX_LISTED]:
        ctx.out(f"  also at  {s}..{e}")
    if n > MAX_LISTED:
        ctx.out(f"  ... and {n - MAX_LISTED} more (--all lists every one)")


def _json(ctx, res, sid) -> int:
    matches = []
    for loc in res.located:
        for s, e in loc.exact:
            matches.append({"source_id": loc.source_id, "start": s, "end": e, "match": "exact"})
        for h in loc.inexact:
            matches.append({"source_id": loc.source_id, "start": h.start, "end": h.end, "match": h.level, "text": h.text})
        if loc.parts:
            matches.append({"source_id": loc.source_id, "match": "exact",
                            "parts": [{"start": s, "end": e} for s, e in loc.parts]})
    ok = res.found_exact
    out = {"needle": res.needle, "source_id": sid, "exact": ok, "matches": matches,
           "error": res.error.code if res.error else (None if ok else "E-FIND-INEXACT" if matches else "E-FIND-NOMATCH"),
           "anchors": [a.to_json() for a in res.anchors]}
    if res.comments:
        out["split_by_comments"] = [{"source_id": s, "fix": fix} for s, fix in res.comments]
    if res.diff is not None:
        out["differs"] = {"pasted": res.diff.pasted, "source": res.diff.source, "start": res.diff.start,
                          "end": res.diff.end}
    ctx.emit_json(out)
    return Exit.OK if ok else Exit.USAGE
