"""sb render."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Render an artifact from a Markdown draft and the ledger.

  sb render answer --from draft.md        writes build/answer.html
  sb render deck --from draft.md          one slide per ---separated part
  sb render report --from draft.md --style evidence    writes build/report.md
  sb render podcast --from script.json    writes build/podcast.script.json and build/podcast.md

The draft is Markdown prose that references claims inline:

  # Can the Tidewater Pass pay a W3 fare?
  ## Where the pass works
  The pass is accepted on W1 and W2 [@clm_3f2a9c0d1b7e]. W3 follows in December
  [@clm_8d01e6a2c4f9; @clm_0b5c7d3e9a12].

Each block gets data-claim with its claims; each reference becomes the claim's ledger ordinal
as a superscript link, followed by the marks its confidence and volatility earn and, for a
volatile claim, its as-of date. Inferred claims get their thin mark and no number. The ledger
is rendered and injected, the contents and the provenance footer filled in. Every citable
claim must be referenced somewhere (the page's ledger lists them all, and contested claims
show both sides); unknown, superseded, retracted and unsupported ids are refused with the
draft line. An explainer holds at most 60 words and five claims; every figure in an
infographic is a number claim. Without --from, draft.md in the workspace root is used
(for podcast, the script already in build/).

Before writing, the page is judged by every gate of `sb verify` (the same code `sb check-draft`
runs). A draft the renderer cannot read (a construct outside the subset, an unknown or retired
claim, a claim left out) is refused with its lines, nothing written (exit 1). A page the gate
refuses is written, so you can open it, and the command exits 2 with verify's findings, each at
its draft line: fix the draft and render again. Only `sb verify` counts toward the revision
limit; render and check-draft never do.

Report styles for the ## Sources block: markdown (default), plain, evidence (each source's
exact quotes under it). Source numbers [n] are assigned on first citation and kept."""

TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast", "report")


def configure(p) -> None:
    p.add_argument("type", choices=TYPES, help="what to render")
    p.add_argument("--from", dest="draft", metavar="FILE", help="the draft (relative to this folder)")
    p.add_argument("--style", choices=("markdown", "plain", "evidence"), default="markdown",
                   help="report only: the style of the Sources block")


def run(args, ctx) -> int:
    ws = ctx.workspace()
    draft = ctx.path(args.draft) if args.draft else None
    if args.type == "podcast":
        from ...domain.artifacts.podcast import render_podcast

        for path in render_podcast(ws, draft, args.draft or "build/podcast.script.json"):
            ctx.out(f"wrote {path}")
        ctx.out("next: sb verify --podcast, then sb tts-plan")
        return Exit.OK
    if args.type == "report":
        from ...domain.artifacts.report import render_report

        result = render_report(ws, draft or ws.path("draft.md"), args.draft or "draft.md", args.style)
        for note in result.notes:
            ctx.out(note)
        ctx.out(f"wrote {ws.rel(result.path)}  {result.count} source(s) cited")
        return Exit.OK
    from ...domain.artifacts.render import default_draft, read_draft, refuse, write_page
    from ...domain.gate.preflight.draft_page import judge_draft

    shown = args.draft or "draft.md"
    text = read_draft(draft or default_draft(ws), shown)
    verdict = judge_draft(ws, args.type, text, shown)
    if verdict.composed is None:  # the renderer refuses the draft: its findings, then the gate's
        raise refuse(verdict.located, verdict.page)
    write_page(ws, verdict.composed)
    ctx.out(f"wrote {verdict.page}")
    if verdict.findings:
        for f in verdict.located:
            ctx.err(f.line())
        ctx.err(f"render FAIL  `sb verify` will refuse {verdict.page} with these {len(verdict.findings)} finding(s) "
                "(the page is written so you can look at it); fix the draft and render again")
        return Exit.GATE
    ctx.out(f"next: sb verify --html {verdict.page}")
    return Exit.OK
