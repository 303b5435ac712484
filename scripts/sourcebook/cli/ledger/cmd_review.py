"""sb review."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
The editor's desk: every sentence of every shipped page beside the quotes it cites, in their
context, for a person to check that each sentence means what its quotes mean.

  sb review                                   write build/review.html (offline, one file)
  sb review --md [--limit N]                  the same as Markdown (the sentences to read first first)
  sb review --json                            the whole review as JSON
  sb review --ok s-1a2b3c4d5e --note "..."    record that a person checked a sentence (or a claim, clm_...;
                                              several ids take one note)
  sb review --fix s-1a2b3c4d5e --note "..."   record that it must change, and why

For each sentence: its marks and as-of, each claim it cites with the claim's text, every quote
highlighted inside its paragraph of the canonical text, the source's title, publisher, byline,
dates, origin, tier and licence ("not recorded" when missing) and a link to the passage; the
machine's pre-flags (W-REVIEW-NAME a name or place no cited quote contains, W-REVIEW-CLAIM-MORE
a claim saying more than its quote, W-REVIEW-SENTENCE-MORE a paraphrase with words its claims
lack, W-REVIEW-LINK a cause or "only" no quote states, W-REVIEW-DECLARED-FACT a name or figure in
framing or an inference, W-REVIEW-ATTRIBUTION another source named as the speaker, W-REVIEW-TITLE-ASOF a title or thesis with a period and no as-of) and
the claims' own review flags, each with every ack that answered it (an ack never hides a flag
here); adjudications with their reasons; what changed since the last review. Flagged,
contested, inferred and framing sentences come first. Pre-flags are for a person to judge:
they never fail sb verify.

A mark is bound to a digest of what was judged (the sentence with its claims, or the claim with
its evidence): any later change voids it. Marks live in ledger/review.json with who (--by, else
$SB_REVIEWER) and when. Each page's footer says whether a person reviewed it ("Reviewed by a
person: all N sentences marked ok on DATE" or "Not reviewed by a person"); a mark that changes
that rewrites those words in the page. A plan with "review": "required" (sb plan --review
required) makes sb verify refuse (E-REVIEW-REQUIRED) while a shipped sentence lacks a current ok;
sb package records every mark in PROVENANCE.json. Exit 0; 1 for bad input."""


def configure(p) -> None:
    out = p.add_mutually_exclusive_group()
    out.add_argument("--md", action="store_true", help="print the review as Markdown instead of writing the page")
    out.add_argument("--json", action="store_true", help="print the review as JSON instead of writing the page")
    out.add_argument("--ok", metavar="ID", nargs="+",
                     help="record that a person checked this sentence (s-...) or claim (several: one note for all)")
    out.add_argument("--fix", metavar="ID", nargs="+", help="record that this sentence or claim must change")
    p.add_argument("--note", help="with --ok/--fix: what was checked, or what must change (3 words or more)")
    p.add_argument("--by", help="with --ok/--fix: who reviewed (default $SB_REVIEWER)")
    p.add_argument("--limit", type=int, default=25, metavar="N",
                   help="with --md: sentences shown in full (default 25; 0 shows all)")


def run(args, ctx) -> int:
    import os

    from ...base.errors import SbError
    from ...domain.review import build

    ws = ctx.workspace()
    if args.note is not None and not (args.ok or args.fix):
        raise SbError("E-USAGE", "sb review", "--note goes with --ok ID or --fix ID")
    if args.limit < 0:
        raise SbError("E-USAGE", "sb review", "--limit is 0 (all) or more")
    if args.ok or args.fix:
        target = args.ok or args.fix
        entry = build.mark(ws, target, "ok" if args.ok else "fix", args.note,
                           args.by or os.environ.get("SB_REVIEWER"))
        for one in entry["entries"]:
            ctx.out(f"marked {one['verdict']}  {one['target']}  by {one['by']}  (bound to digest {one['digest']}; "
                    "any change to it voids this mark)")
        for page in entry.get("footers") or []:
            ctx.out(f"footer  {page}  now says: {_footer_words(ws, page)}")
        return Exit.OK
    if args.md or args.json:
        rev, _ = build.build_review(ws)
        if args.json:
            ctx.emit_json(rev.to_json())
        else:
            from ...engines.review.markdown import render_md

            ctx.out(render_md(rev, args.limit).rstrip("\n"))
        return Exit.OK
    rev = build.write_review(ws)
    n = rev.counts()
    ctx.out(f"wrote build/review.html: {n['sentences']} sentence(s) on {len(rev.pages)} page(s), {n['flagged']} "
            f"flagged ({n['flags']} flag(s)), {n['contested']} contested, {n['inferred']} inferred, "
            f"{n['framing']} framing; {n['reviewed_ok']} marked ok by a person"
            + ("" if rev.first_review else f"; {len(rev.changes)} change(s) since the last review"))
    ctx.out("next: hand build/review.html to the person who signs the page off; record each decision with "
            "sb review --ok ID --note \"...\" (or --fix)")
    return Exit.OK


def _footer_words(ws, page: str) -> str:
    from ...engines.render.page import slot_content

    with open(ws.path(*page.split("/")), encoding="utf-8", errors="replace") as fh:
        return slot_content(fh.read(), "REVIEWED") or ""
