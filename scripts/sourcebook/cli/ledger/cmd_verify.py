"""sb verify."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Run every gate over the workspace and the artifact; nothing ships unless this passes.

Gates, in order: schemas normalizer quotes confidence claim-text tiers volatility clusters
plan html surface prose derived licenses lint podcast report. Any finding fails, warnings included. Review flags (a claim
and its quote disagree on negation or hedging, or a quote is cut from someone's report) are
listed under `review:` and in --json "review", and never fail; `sb claim ack CLM --reason`
answers them. The artifact is --html, else
build/<--artifact>.html, else build/<plan.type>.html; every other page in build/ that a package
would ship is checked too.

  sb verify                          the plan's artifact and every shipping page
  sb verify --html build/deck.html   a page of your choice (relative to the current folder)
  sb verify --podcast                also check build/podcast.script.json
  sb verify --deep                   also re-hash raw captures and re-extract them
  sb verify --json                   the report as JSON on stdout
  sb verify --no-cache               check everything from scratch

A repeat run reuses what an earlier one established about files that have not changed since
(hashes of sources, quotes that held, what a page contains), kept in .sb-cache/verify/ and
signed with a per-user key outside the workspace; any write to a file makes it be read again.
A run over the very same files as the last one (same options, same day) replays its verdict
without running the gates. --deep, --no-cache and `sb package` trust no cache.

A failed run counts a revision; the third in a row blocks the workspace until a person decides
(`sb unblock --reason "..."`); a run that passes while the workspace is BLOCKED says so and
leaves it BLOCKED (exit 0: the gates pass), because only that recorded decision leaves it. A
run that only misses the artifact file does not count. The report is also written to
build/verify.json. Exit 0 pass, 2 fail."""


def configure(p) -> None:
    p.add_argument("--html", metavar="P", help="the page to verify (default: build/<plan.type>.html)")
    p.add_argument("--artifact", metavar="T", help="verify build/T.html")
    p.add_argument("--podcast", action="store_true", help="also check the podcast script")
    p.add_argument("--deep", action="store_true",
                   help="re-hash each raw capture and re-extract it against normalized.md")
    p.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
    p.add_argument("--no-cache", action="store_true",
                   help="check every file from scratch instead of reusing facts from earlier runs")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...domain.gate.options import VerifyOptions
    from ...domain.gate.verify import HELD_NEXT, report_lines, verify

    if args.artifact is not None and (not args.artifact or "/" in args.artifact or "\\" in args.artifact
                                      or args.artifact.startswith(".")):
        raise SbError("E-USAGE", "sb verify", f"--artifact takes a type name such as answer, not {args.artifact!r}")
    opts = VerifyOptions(html=ctx.path(args.html) if args.html else None, artifact=args.artifact,
                         podcast=args.podcast, deep=args.deep, cache=not args.no_cache)
    rep = verify(ctx.workspace(), opts)
    if args.json:
        ctx.emit_json(rep.to_json())
    else:
        for line in report_lines(rep):
            ctx.out(line)
        for f in rep.findings:
            ctx.finding(f)
    if rep.warning:
        ctx.err(rep.warning)
    if rep.held and args.json:
        ctx.err(f"state      BLOCKED: {HELD_NEXT}")
    if rep.escalation:
        ctx.err(f"revisions  {rep.revise_count}/3: the workspace is BLOCKED")
        ctx.err(rep.escalation)
    return Exit.OK if rep.passed else Exit.GATE
