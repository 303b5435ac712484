"""sb claim."""

from __future__ import annotations

DESCRIPTION = """\
Add, list, change, narrow, retract and acknowledge claims (ledger/claims.json).

  sb claim add --json '{"text": "The ferry carries 120 cars.", "topic_key": "ferry.capacity",
                        "kind": "number", "confidence": "verified",
                        "evidence": [{"source_id": "src_0123456789ab", "quote": "carries 120 cars"}]}'
  sb claim import --file claims.json      (an object, a list, or {"claims": [...]})
  sb claim list [--json]
  sb claim show clm_0123456789ab [--json]
  sb claim set clm_0123456789ab --confidence reported --notes "only the operator says so"
  sb claim set clm_0123456789ab --contradicts clm_ba9876543210   (a place, cause or attribution dispute)
  sb claim retract clm_0123456789ab --reason "the source withdrew the figure"
  sb claim narrow clm_0123456789ab --text "The ferry carries 120 cars in summer." --reason "quote is seasonal"
  sb claim ack clm_0123456789ab --reason "re-read: the reworded page still says 120"
                          (replaces an earlier ack whose reason verify refuses: E-AUTHOR-TEXT-FIGURE)
  sb claim add --text "The ferry carries 120 cars." --source src_0123456789ab --quote "carries 120 cars" --topic ferry.capacity
  sb claim evidence clm_0123456789ab --source src_0123456789ab --quote "carries 120 cars"
  sb claim evidence clm_0123456789ab --json '[{"source_id": "src_0123456789ab", "quote": "carries 120 cars"},
                     {"source_id": "src_0123456789ab", "quote": "in summer"}]'   (two quotes, not one [...] splice)

Evidence may omit start/end: the quote is located in the source and must occur exactly once.
A quote pasted from a rendered page (line breaks, markup, curly quotes and dashes aside) is
located too, and the source's own text at that span is stored and printed (`stored ...`);
a difference in words, numbers or letters is never accepted. Evidence with start/end but no
quote takes the text at those offsets as its quote. `claim evidence` replaces one claim's
evidence through the same checks (the new evidence must hold) and records it in the trail.
A quote with [...] becomes a multi-part citation (parts in order, at most 2000 characters
apart, in one paragraph). A quote that does not hold at given offsets is stored with a
W-QUOTE-... warning that prints the `sb claim evidence` command fixing it; until fixed it fails
`sb verify` (a retracted or superseded claim's evidence is no longer checked). The claim's text
says no more than its quotes: a figure or date no quote states, an ambiguous date (01.11.2026),
an inferred claim with a figure or quotation, or an as_of later than its sources is stored with
a W-CLAIM-... warning (add, import, narrow) and refused by `sb verify`; negation, hedge and cut
flags are for review only, and `ack --reason` answers them. A claim in a both_stand decision is
not retracted, superseded or narrowed until a new decision for its cluster.
A derived figure is computed, never quoted: `sb claim add --op difference --from CLM_A,CLM_B
--text "Weekday ridership on the summer count is 7,500 higher than the audited one."` stores a
claim of kind derived whose text must state A - B (rounded with --round N, default whole
units); sb reads each input's figure from its text, and refuses (E-ARITH-...) a figure that
is not the result, another figure no input states, or an input that is not an active claim
with evidence. Its confidence is its weakest input's (reported for a contested one) and its
topic the first input's plus the operation (ridership.weekday.difference) unless given
(--confidence, --topic). In a payload: {"text": ..., "kind":
"derived", "derived": {"op": "difference", "from": ["clm_...", "clm_..."], "round": 0}}.
`sb verify` checks the computation again, so a retracted input fails the derived claim.
Input precedence: --json, then --file, then --stdin; each takes one claim object, a list, or
{"claims": [...]}, for add and import alike. Each stored claim prints `stored  "<the start of its
text>"` (an inferred claim, which has no quote: `recorded "..."`) and then `claim <id>` (the id
is that line's last token). `set --contradicts` links two claims that disagree in a way the
detector cannot see (where, why, who said it); `sb contradictions` then lists them to decide.
Claims are never deleted; `retract` and `narrow` keep the old claim and record why. A mistaken
narrowing is undone by narrowing back: `sb claim narrow NEW --text "<the earlier text>"` makes
the claim it was narrowed from active again (same id) and supersedes NEW."""

ACTIONS = ("add", "import", "list", "show", "set", "retract", "narrow", "ack", "evidence")


def configure(p) -> None:
    from ...domain.workspace.records import CLAIM_KINDS, CLAIM_STATUSES, CONFIDENCES

    p.add_argument("action", choices=ACTIONS, help="what to do")
    p.add_argument("id", nargs="?", help="the claim id (show, set, retract, narrow, ack, evidence)")
    src = p.add_argument_group("input (add, import, evidence)")
    src.add_argument("--json", dest="json_text", metavar="S", help="the payload as a JSON string (show: print JSON)",
                     nargs="?", const=True)
    src.add_argument("--file", metavar="P", help="read the payload from a file: one claim object, a list of them, "
                                                 "or {\"claims\": [...]} (add and import take the same)")
    src.add_argument("--stdin", action="store_true", help="read the payload from standard input")
    ch = p.add_argument_group("changes (set)")
    ch.add_argument("--status", choices=CLAIM_STATUSES)
    ch.add_argument("--confidence", choices=CONFIDENCES)
    ch.add_argument("--kind", choices=CLAIM_KINDS)
    ch.add_argument("--superseded-by", metavar="CLM")
    ch.add_argument("--notes")
    ch.add_argument("--as-of", metavar="YYYY-MM-DD")
    ch.add_argument("--recheck", metavar="URL")
    ch.add_argument("--volatile", choices=("true", "false"))
    ch.add_argument("--topic", dest="topic_key", metavar="KEY")
    ch.add_argument("--contradicts", metavar="CLM[,CLM]",
                    help="link a disagreement the detector cannot see (place, cause, attribution): added to the "
                         "claim's contradicts list, so `sb contradictions` opens a cluster to decide")
    ev = p.add_argument_group("new evidence (evidence)")
    ev.add_argument("--source", metavar="SRC", help="the source id of the new evidence")
    ev.add_argument("--quote", help="the source's words (a paste from the rendered page is located too)")
    dv = p.add_argument_group("a derived figure (add)",
                              "a claim whose figure sourcebook computes from other claims' figures")
    dv.add_argument("--op", choices=("difference", "sum", "ratio", "percent_change"),
                    help="difference: A - B; sum: A + B + ...; ratio: A / B; percent_change: (A - B) / B x 100")
    dv.add_argument("--from", dest="derived_from", action="append", metavar="CLM,CLM",
                    help="the input claims in order, comma-separated (or repeated); CLM=FIGURE names one figure "
                         "of an input that states several (clm_0123456789ab=38,500)")
    dv.add_argument("--round", dest="round_places", type=int, metavar="N", choices=range(0, 7),
                    help="decimal places the result is rounded to, half away from zero (default 0)")
    p.add_argument("--text", help="narrow: the narrower claim text; add --op: the derived claim's text; add "
                                  "--source SRC --quote Q: one claim from flags (--topic, --kind [fact], "
                                  "--confidence [verified], --as-of ... too)")
    p.add_argument("--reason", help="retract, narrow, ack, set: why (recorded in the trail)")


def run(args, ctx) -> int:
    from . import claim_views

    ws = ctx.workspace()
    if args.action == "show" and args.id is None and isinstance(args.json_text, str):
        args.id, args.json_text = args.json_text, True  # `sb claim show --json CLM`
    if args.action in ("add", "import"):
        return claim_views.run_add(args, ctx, ws)
    if args.action == "list":
        return claim_views.run_list(ctx, ws, as_json=args.json_text is True)
    if not args.id:
        from ...base.errors import SbError

        raise SbError("E-USAGE", f"claim {args.action}", "needs a claim id; see `sb claim --help`")
    return claim_views.run_one(args, ctx, ws)
