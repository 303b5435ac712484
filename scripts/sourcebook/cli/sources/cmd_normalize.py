"""sb normalize."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Print the canonical text sb would produce for a file, without a workspace. Useful to see
what a page becomes before adding it, and to copy exact quotes. A web page gives its article
(the standfirst first, image captions and credits as `::: caption` blocks); --json adds its
byline, published and modified dates with the tag that stated each. A PDF's section titles
become `#` headings (from its outline, or its numbered titles).

  sb normalize page.html
  sb normalize report.pdf --json      text, links, pages, metadata and notes as JSON"""


def configure(p) -> None:
    p.add_argument("path", help="a file (.md, .txt, .html, .pdf, ...)")
    p.add_argument("--charset", help="decode with this charset instead of detecting it")
    p.add_argument("--base-url", help="resolve relative links against this URL")
    p.add_argument("--json", action="store_true", help="print text, links, pages, meta and notes as JSON")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...engines.convert.pipeline import extract_bytes
    from ...engines.formats.plain_extract import media_type_for

    path = ctx.path(args.path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise SbError("E-ADD-MISSING", args.path, f"cannot read: {exc.strerror}") from None
    out, charset = extract_bytes(raw, media_type=media_type_for(path), path=path, charset=args.charset,
                                 base_url=args.base_url)
    if args.json:
        ctx.emit_json({"tool": out.tool, "charset": charset, "text": out.text, "links": out.links,
                       "pages": out.pages, "meta": out.meta, "notes": out.notes})
        return Exit.OK
    for note in out.notes:
        ctx.err(f"note  {args.path}  {note}")
    ctx.stdout.write(out.text)
    if not out.text:
        raise SbError("E-EXTRACT", args.path, "no text could be extracted", exit_code=2)
    return Exit.OK
