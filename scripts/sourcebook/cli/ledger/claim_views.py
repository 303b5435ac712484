"""Output of ``sb claim``: reading the payload and printing results (the handler stays thin)."""

from __future__ import annotations

from ...base.errors import Exit, SbError

# a batch of at least 1/LEDGER_SHARE of the ledger's claims also judges the whole claims file for
# verify's cache (``ledger_facts``): about 60 µs a ledger claim, against some 2 ms a claim stored
LEDGER_SHARE = 32


def read_payload(args, ctx) -> tuple[str, str]:
    """(text, where) by precedence --json > --file > --stdin."""
    if isinstance(args.json_text, str):
        return args.json_text, "--json"
    if args.file:
        path = ctx.path(args.file)
        try:
            with open(path, encoding="utf-8") as fh:
                return fh.read(), args.file
        except (OSError, UnicodeDecodeError) as exc:
            raise SbError("E-CLAIM", args.file, f"cannot read the payload file: {getattr(exc, 'strerror', None) or exc}") from None
    if args.stdin:
        return ctx.read_stdin(), "--stdin"
    raise SbError("E-CLAIM", "(none)", "no claim given; pass --json '{...}', --file P or --stdin")


def run_add(args, ctx, ws) -> int:
    from ...domain.ledger.claim_add import add_claims, parse_payload, quote_long_once

    if getattr(args, "op", None) or getattr(args, "derived_from", None):
        items = [derived_item(args)]
    elif args.text and not (isinstance(args.json_text, str) or args.file or args.stdin):
        items = [flag_item(args)]
    else:
        text, where = read_payload(args, ctx)
        items = parse_payload(text, where)
    if not items:
        raise SbError("E-CLAIM", "(none)", "the payload holds no claims")
    failed = 0
    learnt: list[str] = []
    digests: list = []
    size: list[int] = []
    results = add_claims(ws, items, learnt, digests, size)
    # the claims found clean, so the first verify after this does not judge them again; the
    # raw captures of the sources whose texts were read, which its normalizer gate would hash;
    # their records, which it would read and parse; and, for a batch that is a good share of the
    # ledger (an import), the claims file just written (its schema, its ids) and the clusters
    # found over it: judging the whole file costs time in proportion to the ledger, which a
    # claim added alone to a long ledger should not pay
    from ...domain.gate.gates.records.schemas import ledger_facts
    from ...domain.gate.verify_cache import VerifyCache, capture_facts, record_reads

    cited = sorted({rel.split("/")[1] for rel, *_ in digests if rel.endswith("/normalized.md")})
    stored = sum(1 for res in results if res.ok)
    facts, pages = ledger_facts(ws) if size and stored * LEDGER_SHARE >= size[0] else ([], [])
    VerifyCache.learn_clean(ws, learnt + facts, digests + capture_facts(ws, cited), pages, record_reads(ws, cited))
    # several long quotes are said once, after the claims (nothing is to be done about them)
    long = [f for res in results for f in res.findings if f.code == "W-QUOTE-LONG"]
    once = len(long) > 1
    for res in results:
        for f in res.findings:
            if not (once and f.code == "W-QUOTE-LONG"):
                ctx.finding(f)
        if res.ok:
            _stored(ctx, res.located)
            # the start of the text first, so a list of claims maps ids to texts; the id stays
            # the last token of its `claim <id>` line, which scripts and the original kit parse
            if res.inferred:  # nothing was quoted: the author's inference is recorded as such
                ctx.out(f"recorded {_preview(res.text)}  (inferred: the author's inference, no quote)")
            else:
                ctx.out(f"stored   {_preview(res.text)}")
            ctx.out(f"claim {res.claim_id}")
        else:
            failed += 1
    for f in quote_long_once(long) if once else []:
        ctx.finding(f)
    return Exit.USAGE if failed else Exit.OK


def derived_item(args) -> dict:
    """The claim ``sb claim add --op OP --from A,B --text ...`` describes."""
    from ...engines.ledger.arithmetic import split_inputs

    if not (args.op and args.derived_from and args.text):
        raise SbError("E-USAGE", "claim add", "a derived claim needs --op, --from CLM,CLM and --text "
                                              "\"...the computed figure...\"; see `sb claim --help`")
    if args.kind not in (None, "derived"):
        raise SbError("E-ARITH-SHAPE", "claim add", f"--op computes a figure, so the claim is of kind derived, "
                                                    f"not {args.kind}; leave --kind out")
    inputs = [x for value in args.derived_from for x in split_inputs(value)]
    item: dict = {"text": args.text, "kind": "derived", "derived": {"op": args.op, "from": inputs}}
    if args.round_places is not None:
        item["derived"]["round"] = args.round_places
    for flag, key in (("confidence", "confidence"), ("topic_key", "topic_key"), ("notes", "notes")):
        value = getattr(args, flag, None)
        if value is not None:
            item[key] = value
    return item


def flag_item(args) -> dict:
    """The claim ``sb claim add --text ... --source SRC --quote ...`` describes: one quote, the
    other fields from the flags ``sb claim set`` takes (the JSON payload holds the rest)."""
    if not (args.source and args.quote):
        raise SbError("E-USAGE", "claim add", "a claim from flags needs --text, --source SRC and --quote \"the "
                                              "source's words\" (or pass --json '{...}'); see `sb claim --help`")
    # a quoted claim is a fact, checked against its quote, unless the flags say otherwise (the
    # tiers gate still holds a tier C source's claim at reported)
    item: dict = {"text": args.text, "kind": "fact", "confidence": "verified",
                  "evidence": [{"source_id": args.source, "quote": args.quote}]}
    for flag in ("topic_key", "kind", "confidence", "notes", "as_of", "recheck"):
        value = getattr(args, flag, None)
        if value is not None:
            item[flag] = value
    if args.volatile is not None:
        item["volatile"] = args.volatile == "true"
    return item


def _stored(ctx, located) -> None:
    """Say what was stored for a quote located with tolerance (the source's text, not the paste)."""
    import json

    for loc in located:
        ctx.out(f"stored   {loc.subject}  {loc.source_id}  {loc.start}..{loc.end}  the source's own text "
                "(your paste differed only in spacing, line breaks or markup)")
        ctx.out(f"  quote: {json.dumps(loc.quote, ensure_ascii=False)}")


def run_evidence(args, ctx, ws) -> int:
    import json

    from ...domain.ledger.evidence_edit import evidence_items, replace_evidence

    if args.source or args.quote:
        if not (args.source and args.quote):
            raise SbError("E-USAGE", "claim evidence", "give both --source SRC and --quote TEXT (or a payload)")
        items: list = [{"source_id": args.source, "quote": args.quote}]
    else:
        text, where = read_payload(args, ctx)
        try:
            items = evidence_items(json.loads(text))
        except json.JSONDecodeError as exc:
            raise SbError("E-CLAIM", where, f"not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    warned: list = []
    claim, located = replace_evidence(ws, args.id, items, args.reason, warned)
    _stored(ctx, located)
    for f in warned:
        ctx.finding(f)
    for ev in claim.get("evidence") or []:
        ctx.out(f"evidence {ev['source_id']}  {ev['start']}..{ev['end']}  {json.dumps(ev.get('quote', ''), ensure_ascii=False)}")
    ctx.out(f"updated {args.id}")
    return Exit.OK


def _preview(text: object, width: int = 72) -> str:
    from ...engines.ledger.visible import visible

    flat = " ".join(visible(str(text or "")).split())
    return f'"{flat}"' if len(flat) <= width else f'"{flat[:width - 1].rstrip()}…"'


def _ordered(ws):
    from ...domain.ledger.claims import load_claims
    from ...domain.ledger.plan import load_plan_quiet
    from ...engines.ledger.ledger_model import ordinals

    claims = load_claims(ws)
    nums = ordinals(claims, load_plan_quiet(ws))
    claims.sort(key=lambda c: (c["id"] not in nums, nums.get(c["id"], 0), c["id"]))
    return claims, nums


def run_list(ctx, ws, as_json: bool = False) -> int:
    claims, nums = _ordered(ws)
    if as_json:
        ctx.emit_json([dict(c, ordinal=nums.get(c["id"])) for c in claims])
        return Exit.OK
    if not claims:
        ctx.out("no claims yet; add one with `sb claim add --json '{...}'`")
        return Exit.OK
    from ...engines.ledger.visible import visible

    for c in claims:
        n = f"[{nums[c['id']]}]" if c["id"] in nums else "[-]"
        ctx.out(f"{n:>5} {c['id']}  {c['confidence']:<11} {c['status']:<10} {c['topic_key']}")
        ctx.out("       " + " ".join(visible(c["text"]).split())[:110])
    return Exit.OK


def run_one(args, ctx, ws) -> int:
    from ...domain.ledger import claim_edit

    cid = args.id
    if args.action == "show":
        return _show(ctx, ws, cid, as_json=args.json_text is not None)
    if args.action == "retract":
        warned: list = []
        claim, changed = claim_edit.retract(ws, cid, args.reason, warned)
        for f in warned:
            ctx.finding(f)
        ctx.out(f"retracted {cid}" if changed else f"already retracted {cid}")
        return Exit.OK
    if args.action == "narrow":
        if not args.text:
            raise SbError("E-USAGE", "claim narrow", "--text is the narrower claim; see `sb claim narrow --help`")
        new, warnings = claim_edit.narrow(ws, cid, args.text, args.reason, args.confidence)
        for f in warnings:
            ctx.finding(f)
        from ...domain.ledger.claims import claims_by_id, load_claims

        if new["id"] in claim_edit.narrowed_from_chain(claims_by_id(load_claims(ws)), cid):
            ctx.out(f"narrowed back {cid} -> {new['id']}  (the narrowing is undone: {new['id']} is active again "
                    f"as it was stored, {cid} is superseded by it; update every artifact that cites {cid})")
            ctx.out(f"claim {new['id']}")
            return Exit.OK
        unseen = "limitation" not in new  # narrowed before any page showed it (claim_edit.narrow)
        ctx.out(f"narrowed {cid} -> {new['id']}  (old claim superseded; "
                + ("no page showed it, so it leaves no public history)" if unseen
                   else "update every artifact that cites it; the ledger's History keeps it)"))
        ctx.out(f"claim {new['id']}")
        return Exit.OK
    if args.action == "evidence":
        return run_evidence(args, ctx, ws)
    if args.action == "ack":
        _, flags = claim_edit.ack(ws, cid, args.reason)
        ctx.out(f"acknowledged {cid}" + (f"  (answers {len(flags)} review flag(s): "
                                         f"{', '.join(sorted({k.split(':')[0] for k in flags}))})" if flags else ""))
        return Exit.OK
    if args.action == "set":
        changes = _changes(args)
        if not changes:
            raise SbError("E-USAGE", "claim set", "nothing to change; pass --confidence, --status, --notes, "
                                                 "--contradicts, ...")
        stored: list = []
        claim_edit.set_fields(ws, cid, changes, args.reason, stored)
        for f in stored:
            ctx.finding(f)
        ctx.out(f"updated {cid}")
        return Exit.OK
    raise SbError("E-USAGE", f"claim {args.action}", "takes no claim id")


def _changes(args) -> dict:
    out: dict = {}
    for key in ("status", "confidence", "kind", "notes", "topic_key"):
        v = getattr(args, key)
        if v is not None:
            out[key] = v
    if args.superseded_by is not None:
        out["superseded_by"] = args.superseded_by or None
    if args.as_of is not None:
        out["as_of"] = args.as_of or None
    if args.recheck is not None:
        out["recheck"] = args.recheck or None
    if args.volatile is not None:
        out["volatile"] = args.volatile == "true"
    if args.contradicts:
        out["contradicts"] = [x.strip() for x in args.contradicts.split(",") if x.strip()]
    return out


def _show(ctx, ws, cid, as_json: bool) -> int:
    from ...domain.ledger.claim_edit import _get
    from ...domain.ledger.claims import claims_by_id, load_claims, read_events
    from ...domain.ledger.forms import source_records
    from ...engines.ledger.ledger_model import corroboration, corroboration_text, labels
    from ...engines.ledger.visible import visible

    claims = load_claims(ws)
    claim = _get(claims_by_id(claims), cid)
    sources = source_records(ws, {str(ev.get("source_id")) for ev in claim.get("evidence") or []})
    n = corroboration(claim, sources)
    trail = read_events(ws, cid)
    if as_json:
        ctx.emit_json(dict(claim, independent_sources=n, events=trail))
        return Exit.OK
    ctx.out(f"{claim['id']}  {claim['status']}  {claim['confidence']}  {claim['kind']}  {claim['topic_key']}")
    ctx.out(f"text       {visible(claim['text'])}")
    ctx.out(f"marks      {', '.join(labels(claim))}    {corroboration_text(n)}")
    for key in ("as_of", "recheck", "superseded_by", "narrowed_from", "narrowed_to", "limitation", "status_reason", "notes"):
        if claim.get(key):
            ctx.out(f"{key:<10} {claim[key]}")
    for ev in claim.get("evidence") or []:
        ctx.out(f"evidence   {ev['source_id']}  {ev['start']}..{ev['end']}  {visible(repr(ev.get('quote', '')))}")
    for a in claim.get("acks") or []:
        answers = sorted({k.split(":")[0] for k in a.get("flags") or []})
        ctx.out(f"ack        {a['at']}  {a['reason']}" + (f"  (answers {', '.join(answers)})" if answers else ""))
    for e in trail:
        ctx.out(f"trail      {e.get('at')}  {e.get('event')}" + (f"  {e['reason']}" if e.get("reason") else ""))
    return Exit.OK
