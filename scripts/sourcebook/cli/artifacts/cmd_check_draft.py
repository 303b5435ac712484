"""sb check-draft."""

from __future__ import annotations

DESCRIPTION = """\
Check a Markdown draft that cites sources with numbers [n] (a chat answer, a document).

  sb check-draft answer.md --evidence --strict     the strict form: every sentence, every figure
  sb check-draft answer.md --json                  the same, with every sentence's kind, as JSON
  sb check-draft notes.md --min-coverage 0.8       ask for less than full coverage
  sb check-draft --only 1,3                   print a Sources block for a short chat answer
  sb check-draft --only src_1823e227204b      number a source (on first use) and print its entry

Numbers are the workspace's source numbers (ledger/report_numbers.json): `sb render report`
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


def configure(p) -> None:
    p.add_argument("file", nargs="?", help="the draft (relative to this folder)")
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
        return 0
    if not args.file:
        raise SbError("E-USAGE", "check-draft", "give a draft file, or --only IDS; see `sb check-draft --help`")
    if args.min_coverage is not None and not 0 <= args.min_coverage <= 1:
        raise SbError("E-USAGE", "--min-coverage", "give a share between 0 and 1, e.g. 0.5")
    from ...domain.artifacts.check_draft import check

    path = ctx.path(args.file)
    try:
        text = jsonio.read_text(path, args.file)
    except SbError:
        raise SbError("E-DRAFT", args.file, "no such draft or not UTF-8 text") from None
    report = check(ws, text, args.file, min_coverage=args.min_coverage, evidence=args.evidence)
    # --strict fails on warnings too, except the uncited sentences a lower --min-coverage allows
    warned = [f for f in report.findings if f.code != "W-DRAFT-UNCITED-SENTENCE" or args.min_coverage is None]
    failed = any(f.is_error for f in report.findings) or bool(args.strict and warned)
    if args.json:
        doc = report.to_json(args.file)
        doc["ok"] = not failed
        ctx.emit_json(doc)
        return 2 if failed else 0
    for f in report.findings:
        (ctx.err if f.is_error else ctx.out)(f.line())
    ctx.out(report.stats)
    if failed:
        return 2
    ctx.out(f"check-draft ok  {args.file}")
    return 0
