"""sb template."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Copy an artifact template into the workspace, ready to fill by hand.

  sb template answer                      writes build/answer.html
  sb template brief --out drafts/b.html   writes where you say (relative to this folder)

The copy carries the shared mark and ledger styles, the build date and the source count.
Fill the page, then put the ledger in:

  sb ledger --html --out build/ledger.html
  sb inject build/answer.html --ledger build/ledger.html

Most pages are easier to make with `sb render answer --from draft.md`, which does all of
that from a Markdown draft. Types: answer explainer deck brief infographic podcast."""

TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")


def configure(p) -> None:
    p.add_argument("type", choices=TYPES, help="which template")
    p.add_argument("--out", help="where to write the copy (default build/<type>.html)")


def run(args, ctx) -> int:
    from ...domain.artifacts.templates import copy_template

    ws = ctx.workspace()
    dest = copy_template(ws, args.type, ctx.path(args.out) if args.out else None)
    ctx.out(f"copied {args.type}.html -> {dest}")
    ctx.out(f"next: fill the page, or write a draft and run `sb render {args.type} --from draft.md`; "
            f"then `sb ledger --html --out build/ledger.html` and `sb inject {ws.rel(dest)} --ledger build/ledger.html`")
    return Exit.OK
