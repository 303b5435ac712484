"""sb check-draft."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Check a draft before it ships: a page draft for `sb render`, or a Markdown chat answer.

  sb check-draft draft.md                          a page draft ([@clm_...]): verify's gates on its page
  sb check-draft draft.md --as brief               ... as the page `sb render brief` writes
  sb check-draft answer.md --evidence --strict     a chat answer ([n]): every sentence, every figure
  sb check-draft answer.md --json                  the same, with every sentence's kind, as JSON
  sb check-draft notes.md --min-coverage 0.8       ask for less than full coverage
  sb check-draft --only 1,3                   print a Sources block for a short chat answer
  sb check-draft --only src_1823e227204b      number a source (on first use) and print its entry

A page draft (it cites claims with [@clm_...], and has no [n], no [@src_...] and no Sources
block) is rendered in memory exactly as `sb render` writes it (the plan's type, else answer;
--as TYPE picks another), and every gate of `sb verify` judges that page: the same code, the
same findings, each named at its draft line (or `plan.json thesis`) with its code and the fix,
and the page line in parentheses. It passes exactly when `sb verify` would pass the page `sb render`
writes from it; nothing is written and nothing counts toward the revision limit (only
`sb verify` does). When build/report.md was rendered from this draft, the report
`sb render report --from` it would write is judged too (verify reads both); a note names a
plan's page not written yet, or a report rendered from another draft. --as chat checks such a
draft as a chat answer instead.

A chat answer or a document cites sources with numbers [n]. Numbers are the workspace's source numbers (ledger/report_numbers.json): `sb render report`
and `--only` assign them on first citation and never change them.

Every sentence of prose (English, CJK, any script; headings, table rows, code and the Sources
block are not prose) is cited ([n], [@clm_...], [@src_...]), the author's inference
([inference], or [@clm_...] of an inferred claim), [unverified] (from your own knowledge),
framing ([framing]: your words, no claim), or uncited; each uncited sentence is named with its
line. Fails (exit 2) when a number is unknown, when the Sources block disagrees with the
ledger, when coverage (sentences with provenance / sentences) is below --min-coverage (default
1.0: every sentence), when a figure or date is not in the claims of the sources its sentence
cites (or a framing, inference or uncited sentence carries one), and with --evidence when a
cited source has no verified quote behind an active claim. --strict makes warnings (uncited
entries, more than three sources in a sentence, two numbers citing one document in two
editions, no Sources block, a figure marked [unverified]) fail too; the uncited sentences a lower --min-coverage allows are named but do
not fail. The `info: stats:` line counts the sentences of each kind.

Pandoc: cite sources as [@src_...] in a draft, then
  sb ledger --csl --out refs.json && pandoc draft.md --citeproc --bibliography refs.json -o out.html"""


PAGE_TYPES = ("answer", "explainer", "deck", "brief", "infographic")


def configure(p) -> None:
    p.add_argument("file", nargs="?", help="the draft (relative to this folder)")
    p.add_argument("--as", dest="as_type", choices=(*PAGE_TYPES, "chat"),
                   help="check it as the page `sb render TYPE` writes (default for a [@clm_...] draft: the plan's "
                        "type, else answer), or as a chat answer (chat)")
    p.add_argument("--min-coverage", type=float, metavar="X",
                   help="fail below this share of prose sentences with provenance (0..1; default 1: every sentence)")
    p.add_argument("--json", action="store_true", help="print the findings, counts and sentences as JSON")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.add_argument("--evidence", action="store_true", help="every cited source needs a verified quote")
    p.add_argument("--only", metavar="IDS", help="print a Sources block for these numbers or source ids (comma-separated)")
    p.add_argument("--style", choices=("markdown", "plain", "evidence"), default="markdown", help="style for --only")


def run(args, ctx) -> int:
    from ...base import jsonio
    from ...base.errors import SbError

    ws = ctx.workspace()
    if args.only:
        from ...domain.artifacts.check_draft import only_block

        wanted = [w.strip() for w in args.only.split(",") if w.strip()]
        ctx.stdout.write(only_block(ws, wanted, args.style))
        return Exit.OK
    if not args.file:
        raise SbError("E-USAGE", "check-draft", "give a draft file, or --only IDS; see `sb check-draft --help`")
    if args.min_coverage is not None and not 0 <= args.min_coverage <= 1:
        raise SbError("E-USAGE", "--min-coverage", "give a share between 0 and 1, e.g. 0.5")
    path = ctx.path(args.file)
    try:
        text = jsonio.read_text(path, args.file)
    except SbError:
        raise SbError("E-DRAFT", args.file, "no such draft or not UTF-8 text") from None
    from ...domain.gate.preflight.draft_page import is_page_draft

    if args.as_type in PAGE_TYPES or (args.as_type is None and is_page_draft(text)):
        if args.min_coverage is not None:
            raise SbError("E-USAGE", "--min-coverage", "a page cites or declares every sentence; --min-coverage "
                                                       "is for a chat answer (add --as chat)")
        return _page(ws, args, text, ctx)
    from ...domain.artifacts.check_draft import check

    report = check(ws, text, args.file, min_coverage=args.min_coverage, evidence=args.evidence)
    # --strict fails on warnings too, except the uncited sentences a lower --min-coverage allows
    warned = [f for f in report.findings if f.code != "W-DRAFT-UNCITED-SENTENCE" or args.min_coverage is None]
    failed = any(f.is_error for f in report.findings) or bool(args.strict and warned)
    if args.json:
        doc = report.to_json(args.file)
        doc["ok"], doc["mode"] = not failed, "chat"
        ctx.emit_json(doc)
        return Exit.GATE if failed else Exit.OK
    for f in report.findings:
        (ctx.err if f.is_error else ctx.out)(f.line())
    ctx.out(report.stats)
    if failed:
        return Exit.GATE
    ctx.out(f"check-draft ok  {args.file}")
    return Exit.OK


def _page(ws, args, text: str, ctx) -> int:
    """A page draft: verify's gates on the page `sb render` would write from it, and on the
    report `sb render report` would write from it when build/report.md was rendered from it."""
    import os

    from ...domain.gate.preflight.draft_page import judge_draft, page_kind

    kind = page_kind(ws, args.as_type if args.as_type in PAGE_TYPES else None)
    v = judge_draft(ws, kind, text, args.file)
    report, other = _report(ws, args.file, text)
    if report:  # `sb verify` reads build/report.md too: judged as `sb render report` writes it from this draft
        v.located = v.located + report
        v.findings = v.findings + [f for f in report if f.is_error]
    unwritten = v.page if not v.refused and not os.path.isfile(ws.path(v.page)) else None
    if args.json:
        ctx.emit_json({"file": args.file, "ok": v.ok, "mode": "page", "type": kind, "page": v.page,
                       "report": "build/report.md" if other is None and report is not None else None,
                       "report_from": other, "unwritten": unwritten,
                       "coverage": v.coverage, "findings": [f.to_json() for f in v.located],
                       "gate_findings": [f.line() for f in v.findings],
                       "refused": [f.to_json() for f in v.refused],
                       "review": [f.to_json() for f in v.review]})
        return Exit.OK if v.ok else Exit.GATE
    for f in v.located:
        ctx.err(f.line())
    if v.review:
        ctx.out(f"review: {len(v.review)} flag(s) for a person to look at (they do not fail)")
        for f in v.review:
            ctx.out(f"    {f.line()}")
    if v.coverage:
        # a refused draft writes no page: the counts are the draft's, not a page's
        where = (f"the draft's sentences (`sb render {kind}` would write nothing)" if v.refused
                 else f"{v.page} as `sb render {kind}` writes it")
        ctx.out(f"info: stats: {where}: " + ", ".join(f"{n} {k}" for k, n in v.coverage.items()))
    _notes(ctx, args.file, kind, unwritten, other)
    if v.refused:
        rest = len(v.located) - len(v.refused)
        ctx.err(f"check-draft FAIL  {args.file}: `sb render {kind}` refuses this draft ({len(v.refused)} finding(s); "
                "nothing would be written)" + (f", and `sb verify` would refuse the page for {rest} more" if rest else "")
                + "; fix them and check again")
        return Exit.GATE
    if not v.ok:
        pages = f"{v.page} and build/report.md" if any(f in v.findings for f in report or []) else v.page
        ctx.err(f"check-draft FAIL  {args.file}: `sb verify` would refuse {pages} with these {len(v.findings)} "
                "finding(s); fix the draft and check again")
        return Exit.GATE
    also = (f", and build/report.md as `sb render report --from {args.file}` writes it"
            if report is not None and other is None else "")
    ctx.out(f"check-draft ok  {args.file}  (`sb verify` passes {v.page} as `sb render {kind}` writes it{also})")
    return Exit.OK


def _report(ws, shown: str, text: str) -> tuple[list | None, str | None]:
    """(the report gate's findings on the report `sb render report --from shown` writes, None
    when the workspace has no report rendered from this draft; the draft another report was
    rendered from, else None)."""
    import os

    from ...domain.artifacts.check_draft import judge_report, report_origin

    origin = report_origin(ws)
    if origin is None:
        return None, None
    if os.path.normpath(ws.path(origin)) != os.path.normpath(ws.path(shown)):
        return None, origin
    return judge_report(ws, text, shown), None


def _notes(ctx, shown: str, kind: str, unwritten: str | None, other: str | None) -> None:
    """What `sb verify` reads that this check did not judge: a page not written yet, a report
    rendered from another draft."""
    if unwritten:
        ctx.out(f"note: {unwritten} is not written yet: `sb verify` refuses it as missing (E-HTML-MISSING) until "
                f"`sb render {kind} --from {shown}`")
    if other:
        ctx.out(f"note: `sb verify` also reads build/report.md, rendered from {other}, which this check did not "
                f"judge: `sb check-draft {other}`")
