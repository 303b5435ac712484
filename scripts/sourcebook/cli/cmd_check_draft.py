"""sb check-draft."""

from __future__ import annotations

DESCRIPTION = """\
Check a Markdown draft that cites sources with numbers [n] (a chat answer, a document).

  sb check-draft answer.md
  sb check-draft report.md --evidence --min-coverage 0.5 --strict
  sb check-draft --only 1,3                   print a Sources block for a short chat answer
  sb check-draft --only src_1823e227204b      number a source (on first use) and print its entry

Numbers are the workspace's source numbers (ledger/report_numbers.json): `sb render report`
and `--only` assign them on first citation and never change them. Fails (exit 2) when a
number is unknown, when the Sources block disagrees with the ledger, when coverage is below
--min-coverage, and with --evidence when a cited source has no verified quote behind an
active claim. --strict makes warnings (uncited entries, more than three sources in a
sentence, no Sources block) fail too.

Coverage = prose lines with declared provenance ([n] or [unverified]) / prose lines, where a
prose line is a non-empty line of four or more words (citation markers removed), not a
heading, table row or code, and before the Sources block. Run once without a threshold and
read the `info: stats:` line before choosing one.

Pandoc: cite sources as [@src_...] in a draft, then
  sb ledger --csl --out refs.json && pandoc draft.md --citeproc --bibliography refs.json -o out.html"""


def configure(p) -> None:
    p.add_argument("file", nargs="?", help="the draft (relative to this folder)")
    p.add_argument("--min-coverage", type=float, metavar="X", help="fail below this share of prose lines (0..1)")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.add_argument("--evidence", action="store_true", help="every cited source needs a verified quote")
    p.add_argument("--only", metavar="IDS", help="print a Sources block for these numbers or source ids (comma-separated)")
    p.add_argument("--style", choices=("markdown", "plain", "evidence"), default="markdown", help="style for --only")


def run(args, ctx) -> int:
    from ..base import jsonio
    from ..base.errors import SbError

    ws = ctx.workspace()
    if args.only:
        from ..domain.artifacts.check_draft import only_block

        wanted = [w.strip() for w in args.only.split(",") if w.strip()]
        ctx.stdout.write(only_block(ws, wanted, args.style))
        return 0
    if not args.file:
        raise SbError("E-USAGE", "check-draft", "give a draft file, or --only IDS; see `sb check-draft --help`")
    if args.min_coverage is not None and not 0 <= args.min_coverage <= 1:
        raise SbError("E-USAGE", "--min-coverage", "give a share between 0 and 1, e.g. 0.5")
    from ..domain.artifacts.check_draft import check

    path = ctx.path(args.file)
    try:
        text = jsonio.read_text(path, args.file)
    except SbError:
        raise SbError("E-DRAFT", args.file, "no such draft or not UTF-8 text") from None
    report = check(ws, text, args.file, min_coverage=args.min_coverage, evidence=args.evidence)
    for f in report.findings:
        (ctx.err if f.is_error else ctx.out)(f.line())
    ctx.out(report.stats)
    failed = any(f.is_error for f in report.findings) or (args.strict and report.findings)
    if failed:
        return 2
    ctx.out(f"check-draft ok  {args.file}")
    return 0
