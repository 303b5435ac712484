"""sb recheck."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Read cited sources again and compare each citation with the fresh text. normalized.md is
never changed; every outcome is appended to sources/<id>/rechecks.jsonl.

  sb recheck --all                    every source an active claim cites
  sb recheck src_1a2b3c4d5e6f clm_0123456789ab
  sb recheck --all --archive          ask a web archive when a page changed or is gone
  sb recheck SRC --file fresh.html    compare with a copy you saved (agent fetch mode)
  sb recheck SRC --adopt [--apply]    add the fresh read as a new source and move citations to it

Outcomes per source: R-MATCHES (same text), R-EDITED (text changed; see each citation),
R-UNAVAILABLE (could not read: not evidence the claim is false), R-UNVERIFIABLE (cannot be
compared: other sb versions, another document at the address, agent-written text).
Per citation: R-INTACT, R-MOVED (new offsets given), R-CHANGED (the words are gone).
`sb verify` fails (E-RECHECK-CHANGED) until a claim with a gone quote is narrowed,
superseded, retracted or acknowledged (sb claim ack CLM --reason ...).
With more than ten sources the output lists the sources whose text changed or could not be
read (first ten), then the counts; --verbose lists every source and citation.
Exit 2 when a quote is gone from a live read, else 0."""


def configure(p) -> None:
    p.add_argument("names", nargs="*", metavar="SRC|CLM", help="sources or claims to re-check")
    p.add_argument("--all", action="store_true", help="every source cited by an active claim")
    p.add_argument("--archive", action="store_true", help="fall back to a web archive (or config.recheck.archive)")
    p.add_argument("--file", dest="saved", metavar="FILE", help="a fresh copy of the one source named")
    p.add_argument("--adopt", action="store_true", help="add the fresh read as a new source (one SRC)")
    p.add_argument("--apply", action="store_true", help="with --adopt: move the citations that were found")
    p.add_argument("--json", action="store_true", help="print the outcomes as JSON")
    p.add_argument("--verbose", action="store_true", help="every source and citation, however many")


def _saved(args, ctx):
    if not args.saved:
        return None
    from ...base.errors import SbError

    try:
        with open(ctx.path(args.saved), "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise SbError("E-USAGE", args.saved, f"cannot read the fresh copy: {exc.strerror}") from None


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...domain.recheck import reread as recheck

    ws = ctx.workspace()
    saved = _saved(args, ctx)
    fetch = recheck.fetcher(ws)
    if args.apply and not args.adopt:
        raise SbError("E-USAGE", "sb recheck", "--apply goes with --adopt")
    if args.adopt:
        if len(args.names) != 1:
            raise SbError("E-USAGE", "sb recheck", "--adopt takes exactly one source id")
        with ws.lock():
            new_id, moves = recheck.adopt(ws, args.names[0], fetch, saved, args.apply)
        return _print_adopt(ctx, args, new_id, moves)
    use_archive = args.archive or bool(ws.config_value("recheck", {}).get("archive") if isinstance(
        ws.config_value("recheck", {}), dict) else False)
    from ..listing import LIMIT
    from ..progress import Progress

    with ws.lock(), Progress(ctx.stderr, "re-checking") as bar:
        def progress(message: str) -> None:  # a line per source when few, else a progress line
            import re

            m = re.search(r"\((\d+)/(\d+)\)$", message)
            if m and (int(m.group(2)) > LIMIT and not args.verbose):
                bar(int(m.group(1)), int(m.group(2)))
            else:
                ctx.err(f"...  {message}")

        res = recheck.run(ws, args.names, args.all, use_archive, fetch, saved,
                          progress=None if args.json else progress)
    if args.json:
        ctx.emit_json({"checks": [c.to_json() for c in res.checks], "changed": res.changed})
        return Exit.QUOTES_CHANGED if res.changed else Exit.OK
    from ..listing import bounded, small

    few = small(len(res.checks), args.verbose)
    shown = res.checks if few else [c for c in res.checks if c.outcome != "matches"]
    lines = []
    for chk in shown:
        block = [f"{chk.code:<15} {chk.source_id}  {chk.checked_via:<7} {chk.note}"]
        for c in chk.citations:
            if not few and c.outcome == "intact":
                continue
            part = f" part {c.part + 1}" if c.part is not None else ""
            if c.outcome == "moved":
                where = f"{c.start}..{c.end} -> {c.new_start}..{c.new_end}"
            else:
                where = f"{c.start}..{c.end}"
            if c.outcome:
                block.append(f"  {c.code:<13} {c.claim_id}{part}  {where}  {recheck.OUTCOMES[c.outcome][1]}")
        lines.append("\n".join(block))
    bounded(ctx.out, lines, few, "source(s) that changed or could not be read")
    counts: dict[str, int] = {}
    for chk in res.checks:
        if chk.checked_via != "archive":
            counts[chk.outcome] = counts.get(chk.outcome, 0) + 1
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "nothing to re-check"
    ctx.out(f"rechecked {sum(counts.values())} source(s): {summary}; {res.changed} quote(s) gone")
    if res.changed:
        ctx.out("next: narrow, supersede or retract each claim whose quote is gone, or acknowledge it "
                "with sb claim ack CLM --reason \"...\"")
    return Exit.QUOTES_CHANGED if res.changed else Exit.OK


def _print_adopt(ctx, args, new_id, moves) -> int:
    if args.json:
        ctx.emit_json({"source_id": new_id, "applied": args.apply,
                       "migrations": [m.__dict__ for m in moves]})
        return Exit.OK
    ctx.out(f"adopted  {new_id}  fresh capture of {args.names[0]}")
    for m in moves:
        if m.new:
            ctx.out(f"  moved    {m.claim_id}  {m.old.get('start')}..{m.old.get('end')} -> "
                    f"{m.new['source_id']} {m.new['start']}..{m.new['end']}")
        else:
            ctx.out(f"  kept     {m.claim_id}  {m.old.get('start')}..{m.old.get('end')}  ({m.note})")
    if not args.apply:
        ctx.out("next: check the moves, then run again with --apply to write them to the claims")
    else:
        ctx.out(f"applied {sum(1 for m in moves if m.new)} move(s); the old evidence is kept in ledger/events.jsonl")
    return Exit.OK
