"""sb add."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Add sources: local files, URLs, or pasted text. Each source gets a content-addressed id
(src_ + 12 hex digits) derived from its canonical locator and the SHA-256 of its bytes.

  sb add notes/operator.md --tier A --reason "the operator's own status page"
  sb add https://example.org/report --tier B --reason "bylined trade reporting"
  sb add https://example.org/report --file saved.html --tier C --reason "..."   # bytes the agent saved
  sb add --text "Pasted passage ..." --tier C --reason "forum post, unverified"
  cat page.md | sb add --stdin --tier C --reason "..."

URLs depend on capabilities.web_fetch: `agent` (default) records the URL as pending and says
where to save the bytes; `script` fetches through the guarded fetcher; `none` refuses.
Local files must lie inside the workspace or the current folder (--allow-outside to override);
a path that does not exist stores nothing (quote paths with spaces), and a mistyped URL
(htps://, https//) is named as such (E-ADD-URL). Adding a source again refreshes retrieved_at
but never changes its tier or reason (E-ADD-CONFLICT): `sb source set` does, and records it.
The same bytes as a source already there (another name or URL) warn W-SOURCE-COPY: the two count
as one source for corroboration (`sb extract` does the same for equal or near-duplicate text).
A local copy of a public page records where readers find it with --url: every ledger entry
citing it links to the quoted passage there (a text fragment, or #page=N for a PDF).
--license is public-domain, cc-by, cc-by-sa, own or unknown (the default); a free licence lifts
the ledger's quote budget, so long quotes show in full instead of as an excerpt.

  sb add saved/pep-0563.html --url https://peps.python.org/pep-0563/ --tier A --reason "the PEP itself" \
      --license public-domain --attest "saved from peps.python.org, compared with the live page"

Every source records its origin, and every ledger says it in words: "fetched by sourcebook on
DATE" (script mode), "a capture supplied by the author, not fetched by sourcebook" (--file, a
local file with --url, or a page the agent saved), "text pasted by the author" (--text,
--stdin), "a local file supplied by the author". Pasted text and supplied captures carry only
the author's word, so tier A or B is refused for them (E-ADD-ATTEST) unless a person attests:
--attest "the operator's notice, checked against the printed copy" is recorded on the source
and shown beside it. A copy or near-duplicate of a source already there takes the lower tier
of the two. Figures and dates in --title must occur in the source's text (sb verify refuses a
cited source whose title states one that does not: E-SOURCE-TITLE-FIGURE).

Tiers: A primary/official, B reputable secondary, C informal, D unreliable.
With more than ten locators the output is a summary (failures first, counts, the next
command); --verbose prints a line per source.
Exit: 0 all added, 1 some failed, 2 all failed. For `sb add` alone, 2 does not mean a failed
gate: it means nothing was added (a missing file, a path outside the workspace, a refused or
failed fetch), the status the original kit's scripts rely on."""


def configure(p) -> None:
    p.add_argument("locators", nargs="*", metavar="LOCATOR", help="files or http(s) URLs")
    p.add_argument("--tier", required=True, choices=["A", "B", "C", "D"], help="source quality tier")
    p.add_argument("--reason", "--tier-reason", dest="reason", default="",
                   help="why this tier (required in practice for A and D; the record's tier_reason)")
    p.add_argument("--title", help="the source's title (default: what the source calls itself, read at sb extract: "
                                   "a web page's title, a PEP's Title: header, a Markdown # heading, an RFC's "
                                   "title line; else the file's name); kept over what extraction reads")
    p.add_argument("--author")
    p.add_argument("--publisher")
    p.add_argument("--published", "--published-at", dest="published", metavar="DATE",
                   help="publication date, YYYY-MM-DD (the record's published_at)")
    p.add_argument("--lang")
    p.add_argument("--license")
    p.add_argument("--text", help="add this pasted text as a source")
    p.add_argument("--stdin", action="store_true", help="read pasted text from standard input")
    p.add_argument("--file", dest="saved", metavar="SAVED", help="bytes saved for the (single) URL given")
    p.add_argument("--url", metavar="URL", help="the public address of the (single) local file or pasted text: every "
                                                "ledger entry citing it links to the quoted passage there")
    p.add_argument("--attest", metavar="REASON",
                   help="pasted text or a supplied capture (--text, --stdin, --file, --url) is tier C or D unless "
                        "a person attests why a reader may trust it; the reason is recorded and shown beside the "
                        "source in every ledger")
    p.add_argument("--allow-outside", action="store_true", help="allow files outside the workspace and cwd")
    p.add_argument("--ignore-robots", action="store_true", help="script mode: fetch even if robots.txt disallows")
    p.add_argument("--json", action="store_true", help="print the outcomes as JSON")
    p.add_argument("--verbose", action="store_true", help="a line for every source, however many")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...domain.sources.add import AddRequest, add_all
    from ...engines.urls import is_url

    ws = ctx.workspace()
    meta = {"title": args.title, "author": args.author, "publisher": args.publisher,
            "published_at": args.published, "lang": args.lang, "license": args.license}
    req = AddRequest(args.tier, args.reason, {k: v for k, v in meta.items() if v},
                     args.allow_outside, args.ignore_robots, attest=args.attest)
    pastes = []
    if args.text is not None:
        pastes.append(args.text)
    if args.stdin:
        pastes.append(ctx.read_stdin())
    if not args.locators and not pastes:
        raise SbError("E-USAGE", "sb add", "nothing to add: give files or URLs, --text or --stdin")
    if args.saved and (len(args.locators) != 1 or not is_url(args.locators[0])):
        raise SbError("E-USAGE", "sb add", "--file attaches saved bytes to exactly one URL")
    if args.url is not None:
        from ...domain.sources.edit import check_url

        if len(args.locators) + len(pastes) != 1 or any(is_url(x) for x in args.locators):
            raise SbError("E-USAGE", "sb add", "--url gives the public address of exactly one local file or "
                                               "pasted text (a URL locator is its own address)")
        req.meta["url"] = check_url(args.url, "--url")
    if args.license is not None:
        from ...domain.sources.edit import check_license

        req.meta["license"] = check_license(args.license, "--license")
    from ...domain.sources.origin import check_tier

    if pastes:
        check_tier("paste", args.tier, args.attest, "--stdin" if args.stdin else "--text")
    if args.saved or args.url is not None:
        check_tier("capture", args.tier, args.attest, args.saved or (args.locators or ["--url"])[0])
    saved = None
    if args.saved:
        try:
            with open(ctx.path(args.saved), "rb") as fh:
                saved = fh.read()
        except OSError as exc:
            raise SbError("E-ADD-MISSING", args.saved, f"cannot read the saved file: {exc.strerror}") from None
    from ..progress import Progress

    outcomes = add_all(ws, args.locators, pastes, req, ctx.cwd, saved, args.saved or "",
                       progress=lambda: Progress(ctx.stderr, "adding"))
    ok = [o for o in outcomes if o.status != "failed"]
    _hint_spaces(args.locators, outcomes, ctx)
    from ..listing import bounded, small

    few = small(len(outcomes), args.verbose)
    problems = []
    for o in outcomes:
        if o.status == "failed":
            problems.append(f"{o.code}  {o.locator}  {o.message}")
        problems += [f"W-SOURCE-COPY  {o.source_id}  {w}" for w in o.warnings]
    bounded(ctx.err, problems, few or args.json, "failure(s) and warning(s)")
    if args.json:
        ctx.emit_json([o.as_dict() for o in outcomes])
    elif few:
        for o in outcomes:
            if o.status != "failed":
                ctx.out(_text(o))
    else:
        bounded(ctx.out, [_text(o) for o in outcomes if o.status == "pending"], False, "pending source(s)")
        counts: dict[str, int] = {}
        for o in outcomes:
            counts[o.status] = counts.get(o.status, 0) + 1
        tiers = sorted({o.tier for o in outcomes if o.status == "added"})
        ctx.out(f"{len(outcomes):,} locator(s): " + ", ".join(
            f"{counts.get(k, 0):,} {k}" for k in ("added", "exists", "pending", "failed"))
            + (f"  (tier {', '.join(tiers)})" if tiers else ""))
        if counts.get("added") or counts.get("pending"):
            ctx.out("next: sb extract")
    failed = len(outcomes) - len(ok)
    if failed and not ok:
        return Exit.NOTHING_ADDED
    return Exit.PARTLY_ADDED if failed else Exit.OK


def _text(o) -> str:
    if o.status == "added":
        return f"added    {o.source_id}  tier {o.tier}  {o.locator}"
    if o.status == "exists":
        return f"exists   {o.source_id}  {o.locator}  (retrieved_at refreshed)"
    return f"pending  {o.source_id}  {o.locator}\n  -> write the fetched bytes to {o.folder}/raw.html, then: sb extract"


SPACES_MAX = 20  # words a path typed without quotes may have been split into


def _hint_spaces(locators: list[str], outcomes: list, ctx) -> None:
    """A path with spaces typed without quotes arrives as several missing files: name the path.
    Only runs of consecutive missing locators are joined (at most SPACES_MAX), so ten thousand
    files cost nothing here."""
    import os

    missing = {o.locator for o in outcomes if o.code == "E-ADD-MISSING"}
    if not missing:
        return
    for i in range(len(locators)):
        if locators[i] not in missing:
            continue
        k = i
        while k < len(locators) and k - i < SPACES_MAX and locators[k] in missing:
            k += 1
        for j in range(k, i + 1, -1):
            run = locators[i:j]
            joined = " ".join(run)
            if os.path.isfile(ctx.path(joined)):
                for o in outcomes:
                    if o.locator in run and o.code == "E-ADD-MISSING":
                        o.message += f"; did you mean the file '{joined}'? Quote a path with spaces"
                return
