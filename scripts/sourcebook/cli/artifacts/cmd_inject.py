"""sb inject."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Insert a rendered ledger into a page between <!-- SB:LEDGER --> and <!-- /SB:LEDGER -->.

  sb ledger --html --out build/ledger.html
  sb inject build/answer.html --ledger build/ledger.html

Everything between the markers is replaced; the rest of the page is kept byte for byte.
The page is rewritten atomically. Exit 1 when a file is missing, 2 when the page has no
<!-- SB:LEDGER --> marker."""


def configure(p) -> None:
    p.add_argument("html", help="the page to update")
    p.add_argument("--ledger", required=True, metavar="FILE", help="the rendered ledger (sb ledger --html --out ...)")


def run(args, ctx) -> int:
    from ...base import jsonio
    from ...base.errors import SbError
    from ...engines.ledger.inject import NoMarker, inject

    page_path, ledger_path = ctx.path(args.html), ctx.path(args.ledger)
    texts = []
    for path, shown in ((page_path, args.html), (ledger_path, args.ledger)):
        try:
            with open(path, encoding="utf-8", newline="") as fh:
                texts.append(fh.read())
        except FileNotFoundError:
            raise SbError("E-INJECT", shown, "no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SbError("E-INJECT", shown, f"cannot read as UTF-8 text: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        result = inject(texts[0], texts[1])
    except NoMarker:
        raise SbError("E-INJECT", args.html, "no <!-- SB:LEDGER --> marker; add the marker pair where the ledger "
                      "belongs (templates from `sb template` have it)", Exit.GATE) from None
    jsonio.atomic_write_text(page_path, result)
    ctx.out(f"injected {args.ledger} into {args.html}")
    return Exit.OK
