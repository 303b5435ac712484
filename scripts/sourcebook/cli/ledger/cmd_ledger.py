"""sb ledger."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Render the ledger: every citable claim with its ordinal, marks, sources and quotes.

  sb ledger --html --out build/ledger.html    the fragment `sb inject` puts into a page (default form)
  sb ledger --md                              Markdown, for reports and drafts
  sb ledger --json                            {"schema_version": 1, "ledger": [...]} for tools
  sb ledger --sources                         the source list as Markdown
  sb ledger --csl --out build/sources.json    CSL-JSON of the sources, for citation managers:
                                              pandoc --citeproc --bibliography build/sources.json

Ordinals follow the plan's sections, then claim ids. Quotes are shown within the render
budget (<= 200 characters and 25 words each; per source at most 3 and 500 characters);
otherwise the span is named; a contested claim's quotes are shown whole, outside the budget.
Each entry says how many independent sources back it (distinct publishers, else hosts or
files), each source its byline and publication date when its record has them, and each claim
of a decided contradiction the decision and its reason. Without --out the form is printed."""


def configure(p) -> None:
    forms = p.add_mutually_exclusive_group()
    for form, text in (("html", "HTML fragment (default)"), ("md", "Markdown"), ("json", "JSON"),
                       ("sources", "the source list as Markdown"), ("csl", "CSL-JSON of the sources")):
        forms.add_argument(f"--{form}", dest="form", action="store_const", const=form, help=text)
    p.add_argument("--out", metavar="P", help="write to this file (relative to the current folder)")


def run(args, ctx) -> int:
    from ...domain.ledger.forms import render_form, write_out

    ws = ctx.workspace()
    text = render_form(ws, args.form or "html")
    if args.out:
        path = ctx.path(args.out)
        n = write_out(path, text)
        ctx.out(f"wrote {args.out}  ({n} bytes)")
    else:
        ctx.stdout.write(text)
    return Exit.OK
