"""sb adjudicate."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Record decisions on contradiction clusters (ledger/adjudications.json) and apply them.

  sb adjudicate --file decision.json --apply
  sb adjudicate --json '{"cluster_id": "cls_...", "topic_key": "ferry.capacity",
                         "claim_ids": ["clm_...", "clm_..."], "outcome": "both_stand",
                         "reason": "operator and regulator count different vessel classes"}'
  sb adjudicate --apply              apply every recorded decision to the claims

Outcomes: supersede (winner stands, the others are superseded by it), both_stand (all become
contested and must all appear in the artifact), scope_split (they do not really disagree),
retract (winner stands, the others are retracted). Cross-checks: cluster_id must be the id of
topic_key (copy both from `sb contradictions --json`), named claims must exist and share the
topic, supersede and retract need a winner that is one of the named claims. A payload with any
problem saves nothing. Decisions upsert by cluster_id; decided_at defaults to now.
A decision covers only the claims it names: a claim that joins later reopens the cluster."""


def configure(p) -> None:
    p.add_argument("--json", dest="json_text", metavar="S", help="the decision(s) as a JSON string")
    p.add_argument("--file", metavar="P", help="read the decision(s) from a file")
    p.add_argument("--stdin", action="store_true", help="read the decision(s) from standard input")
    p.add_argument("--apply", action="store_true", help="apply the recorded outcomes to the claims")


def run(args, ctx) -> int:
    import json

    from ...base.errors import SbError
    from ...domain.ledger import adjudications as adj

    ws = ctx.workspace()
    text: str | None = None
    where = ""
    if args.json_text is not None:
        text, where = args.json_text, "--json"
    elif args.file:
        try:
            with open(ctx.path(args.file), encoding="utf-8") as fh:
                text, where = fh.read(), args.file
        except (OSError, UnicodeDecodeError) as exc:
            raise SbError("E-IO", args.file, f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    elif args.stdin:
        text, where = ctx.read_stdin(), "--stdin"
    if text is None and not args.apply:
        raise SbError("E-USAGE", "sb adjudicate", "pass a decision (--json, --file or --stdin) and/or --apply")
    if text is not None:
        try:
            payload = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SbError("E-JSON", where, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        warned: list = []
        n = adj.record(ws, adj.payload_items(payload), warned)
        for f in warned:
            ctx.finding(f)
        ctx.out(f"recorded {n} adjudication(s)")
    if args.apply:
        changed, skipped = adj.apply(ws)
        for f in skipped:
            ctx.finding(f)
        ctx.out(f"applied outcomes; {len(changed)} claim(s) changed" + (f": {', '.join(changed)}" if changed else ""))
        return Exit.USAGE if skipped else Exit.OK
    return Exit.OK
