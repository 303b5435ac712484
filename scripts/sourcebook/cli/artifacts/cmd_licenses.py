"""sb licenses."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Check the images on a page against assets/credits.json.

  sb licenses                        the plan's page (build/<type>.html), else the first page in build/
  sb licenses --html build/brief.html

Each <img> is matched to a credits entry by its data-asset attribute, the digest of an inlined
data: image (the key is printed when it is missing), or its file name. Sourced images need a
source, a credit and a permitted licence (CC0, public domain, CC BY, CC BY-SA, MIT, Apache-2.0,
OGL); CC BY credits must be printed on the page; generated images need the generator, the prompt
and a visible "Generated illustration" label. NC, ND and unknown licences are refused.
Share-alike is allowed with a warning (W-IMG-SHAREALIKE), here and in `sb verify`.

Errors go to stderr, warnings to stdout, then `licenses ok  <note>` when there is no error.
Exit 0 when there is no error, 2 otherwise."""


def configure(p) -> None:
    p.add_argument("--html", help="the page to check (relative to this folder)")


def run(args, ctx) -> int:
    import os

    from ...base.errors import SbError
    from ...domain.artifacts.licenses import check_licenses, default_page

    ws = ctx.workspace()
    page = ctx.path(args.html) if args.html else default_page(ws)
    if args.html and (page is None or not os.path.isfile(page)):
        raise SbError("E-IO", args.html, "no such page; give the path of a built HTML file")
    findings, note = check_licenses(ws, page)
    errors = [f for f in findings if f.is_error]
    for f in findings:
        (ctx.err if f.is_error else ctx.out)(f.line())
    if errors:
        return Exit.GATE
    ctx.out(f"licenses ok  {note}")
    return Exit.OK
