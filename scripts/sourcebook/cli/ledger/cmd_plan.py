"""sb plan."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Write or show plan.json: the artifact's type, title, thesis and sections.

  sb plan --type answer --title "Which ferries take the card?" --thesis "Two of three lines do [@clm_4be01c9a2f31]."
  sb plan --images source          change one field; the rest of the plan is kept
  sb plan --review required        sb verify refuses until a person marked every shipped
                                   sentence ok (sb review --ok ID --note ...); optional: the default
  sb plan --lang ja                the page's language: <html lang="ja"> and the template's words
                                   (skip link, Contents, Ledger, legend) in Japanese; ja, zh, ru are
                                   translated, another tag sets lang only. Unset: read from the
                                   draft (kana: ja, Han: zh, Cyrillic: ru, else en)
  sb plan --sections-from drafts/draft.md
                                   the sections from the draft: one per ## heading (its text as
                                   written), each listing the claim ids cited under it, in the
                                   order first cited; a heading the plan already has keeps its
                                   section id. No ## heading: one section named after the title
  sb plan --show                   print plan.json

Flags win over the stored plan, the stored plan over defaults (title falls back to the
workspace question, thesis to a TODO placeholder). A plan that fails its schema is reported
(E-SCHEMA lines) and NOT written; exit 1. With --sections-from, only active claims are placed: a
superseded claim the draft cites as history stays out of the sections (the plan gate refuses it
there), and a citation of an unknown or retracted claim is E-CLAIM-UNKNOWN with its draft line,
nothing written. Without it, sections are kept as they are (or edited in plan.json)."""


def _artifact_type(value: str) -> str:
    """``--type``: a Markdown report has no plan of its own, which the choices alone cannot say."""
    if value == "report":
        from argparse import ArgumentTypeError

        raise ArgumentTypeError("a report has no plan type: it is rendered from the draft of a page, so plan the "
                                "page (sb plan --type answer), then sb render report --from draft.md")
    return value


def configure(p) -> None:
    from ...domain.workspace.records import ARTIFACT_TYPES

    p.add_argument("--type", dest="type_", type=_artifact_type, choices=ARTIFACT_TYPES,
                   help="the artifact type (a Markdown report is rendered from a page's draft: plan the page)")
    p.add_argument("--title")
    p.add_argument("--thesis", help="the one-sentence answer, shown under the title; cited as a draft's "
                                    "sentence is ([@clm_...]), or verify refuses it (E-PAGE-UNCITED)")
    p.add_argument("--audience")
    p.add_argument("--images", choices=("none", "source", "generate"), help="image mode (default none)")
    p.add_argument("--review", choices=("required", "optional"),
                   help="required: sb verify refuses while a shipped sentence lacks a person's current ok mark")
    p.add_argument("--lang", help="the page's language, a tag such as ja, zh, ru, pt-BR: <html lang> and the "
                                  "template's own words (unset: read from the draft's text; \"\" unsets it)")
    p.add_argument("--sections-from", dest="sections_from", metavar="DRAFT",
                   help="set the sections from a Markdown draft: one per ## heading, with the claim ids cited "
                        "under it (relative to this folder)")
    p.add_argument("--show", action="store_true", help="print plan.json and change nothing")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...domain.ledger.plan import load_plan, write_plan

    ws = ctx.workspace()
    edits = any(v is not None for v in (args.type_, args.title, args.thesis, args.audience, args.images,
                                        args.review, args.lang, args.sections_from))
    current = load_plan(ws)
    if args.show or not edits:
        if current is None:
            raise SbError("E-PLAN", "plan.json", "no plan.json yet; create it with "
                          "`sb plan --type answer --title ... --thesis ...`")
        ctx.emit_json(current)
        return Exit.OK
    type_ = args.type_ or (current or {}).get("type")
    if type_ is None or not isinstance(type_, str):
        raise SbError("E-USAGE", "sb plan", "no plan.json yet: pass --type (answer, explainer, deck, brief, infographic, podcast)")
    draft = None
    if args.sections_from is not None:
        from ...domain.artifacts.render import read_draft

        draft = (read_draft(ctx.path(args.sections_from), args.sections_from), args.sections_from)
    res = write_plan(ws, type_=type_, title=args.title, thesis=args.thesis, audience=args.audience, images=args.images,
                     review=args.review, lang=args.lang, sections_from=draft)
    for f in res.problems:
        ctx.finding(f)
    if not res.written:
        ctx.err(f"plan.json not written: {len(res.problems)} problem(s); fix the flags and run again")
        return Exit.USAGE
    if res.drafted is None:
        ctx.out(f"wrote plan.json (type={type_}). Next: place claim ids in its sections "
                f"(sb plan --sections-from DRAFT), then compose build/{type_}.html")
        return Exit.OK
    secs = res.drafted.sections
    placed = sum(len(s["claim_ids"]) for s in secs)
    ctx.out(f"wrote plan.json (type={type_}): {len(secs)} section(s), {placed} claim(s) placed, "
            f"from {args.sections_from}")
    width = max(len(s["id"]) for s in secs)
    for s in secs:
        ctx.out(f"  {s['id']:<{width}}  {len(s['claim_ids'])} claim(s)  {s['heading']}")
    for x, succ in res.drafted.history:
        ctx.out(f"  not placed: {x} is superseded{f' by {succ}' if succ else ''}; cited as history, it stays "
                "out of the sections")
    for x in res.drafted.hidden:
        ctx.err(f"warning: contested claim {x} is cited nowhere in {args.sections_from}; sb verify refuses "
                "it (E-CONTESTED-HIDDEN) until a section places it beside the claim it disputes")
    return Exit.OK
