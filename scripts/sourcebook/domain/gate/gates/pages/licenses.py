"""Gate ``licenses``: image credits and licences (compatibility: licences), via ``domain.licenses``.

Run once per checked page (or once without a page when none exists); findings shared between
pages (a credits entry) are reported once. A share-alike licence is permitted: it is stated
in the note instead of failing the gate, so a CC BY-SA image can ship.
"""

from __future__ import annotations

from .....base.errors import Finding
from ...context import GateContext, Page
from ...registry import GateResult, register

NOTICE_ONLY = ("W-IMG-SHAREALIKE",)


@register("licenses", 100)
def gate(ctx: GateContext) -> GateResult:
    from ....artifacts.licenses import check_licenses, image_refs

    pages: list[Page | None] = [p for p in ctx.pages if p.exists] or [None]
    seen: set[str] = set()
    findings: list[Finding] = []
    notices: list[str] = []
    note = ""
    shown: set[str] = set()
    for page in pages:
        read = None
        if page is not None:  # the page as the html gate read it: no second parse
            v = ctx.page_view(page)
            read = (image_refs(i.attrs for i in v.images + v.ledger_images), v.text)
            shown.update(key for key, _ in read[0])
        found, page_note = check_licenses(ctx.ws, page.path if page else None, read)
        note = note or page_note
        for f in found:
            if f.line() in seen:
                continue
            seen.add(f.line())
            if f.code in NOTICE_ONLY:
                notices.append(f.subject)
            else:
                findings.append(f)
    for f in _credits_of_nothing(ctx, shown):
        if f.line() not in seen:
            seen.add(f.line())
            findings.append(f)
    if notices:
        note += f"; share-alike (keep the licence when reusing): {', '.join(sorted(set(notices)))}"
    return GateResult(findings, note)


def _credits_of_nothing(ctx: GateContext, shown: set[str]) -> list[Finding]:
    """A credits entry for no file in ``assets/`` and no image a page shows: its credit tells of
    a picture nobody can see, in words no page shows (``E-IMG-NOFILE``)."""
    import os

    from .....base.errors import SbError
    from ....artifacts.licenses import CREDITS, load_credits

    try:
        credits, _ = load_credits(ctx.ws)
    except SbError:
        return []  # an unreadable credits file is reported with the page's credits
    return [Finding("E-IMG-NOFILE", name, f"{CREDITS} credits {name!r}, but there is no assets/{name} and no page "
                                          "shows an image of that name; remove the entry, or put the image in "
                                          "assets/ and show it on a page")
            for name in sorted(credits) if name not in shown
            and ("/" in name or name.startswith(".") or not os.path.isfile(os.path.join(ctx.ws.assets_dir, name)))]
