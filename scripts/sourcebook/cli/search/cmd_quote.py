"""sb quote."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Print the text of a span of a source's canonical text: exactly what a citation with these
offsets quotes. Offsets are code points (Python string indices), half-open.

  sb quote src_1823e227204b 120 168
  sb quote src_1823e227204b 120 168 --json"""


def configure(p) -> None:
    p.add_argument("source", help="source id (src_...)")
    p.add_argument("start", type=int, help="first character (0-based)")
    p.add_argument("end", type=int, help="one past the last character")
    p.add_argument("--json", action="store_true", help="print {source_id, start, end, quote} as JSON")


def run(args, ctx) -> int:
    from ...domain.sources.store import quote

    text = quote(ctx.workspace(), args.source, args.start, args.end)
    if args.json:
        ctx.emit_json({"end": args.end, "quote": text, "source_id": args.source, "start": args.start})
    else:
        ctx.stdout.write(text if text.endswith("\n") else text + "\n")
    return Exit.OK
