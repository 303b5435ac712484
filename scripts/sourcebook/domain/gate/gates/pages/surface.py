"""Gate ``surface``: a shipped page holds only what sourcebook writes, and a reader sees every claim.

Per page that would ship (``engines.page.surface`` and ``engines.page.visibility``):

- **the allow-list**: the elements and attributes of sourcebook's templates and renderer
  (``engines.page.allowed``, generated from them), the templates' own scripts by digest, and
  no CSS outside the shipped style sheets that writes, replaces or reorders text, loads from
  outside or draws a ``data:`` URL; frames, embeds, form controls, handlers and other scripts
  are refused, each with a code that names it;
- **characters**: bidirectional controls and invisible format characters in the page's text;
- **visibility**, computed with the CSS cascade: a claim block or a ledger entry whose text a
  reader cannot see (zero opacity or size, clipped, off-screen, transformed away, the
  visually-hidden pattern, the colour of its background, blended, inverted, in a symbol font,
  clamped) is refused, and so is any claim folded inside a ``<details>`` that is not open.

A page's result is remembered by the page's digest and the templates' signatures.
"""

from __future__ import annotations

import hashlib
import json

from .....base.errors import Finding
from ...context import GateContext, Page, safe
from ...registry import GateResult, register

_FIX = {
    "E-PAGE-MARKUP": "use the markup sb render writes (a draft rendered with `sb render`), or remove it",
    "E-PAGE-FRAME": "remove it: a page shows its own text, cited",
    "E-PAGE-EMBED": "remove it: a page shows its own text, cited (images go in as ![alt](assets/...))",
    "E-PAGE-FORM": "remove it: a page is read, not filled in",
    "E-PAGE-SCRIPT": "remove it: only the templates' own scripts ship",
    "E-PAGE-EVENT-HANDLER": "remove the attribute",
    "E-PAGE-DATA-URL": "remove it; an image goes in as ![alt](assets/...) and carries no text",
    "E-PAGE-CSS-LINK": "remove it: a page carries its own styles",
    "E-PAGE-CSS-TEXT": "write the text in the page, cited, and remove the declaration",
    "E-PAGE-CSS-MOTION": "remove the animation: the page a reader sees must be the page the gate read",
    "E-PAGE-BIDI": "remove the control character; write the text in the order it is read",
    "E-PAGE-INVISIBLE-CHAR": "remove the character",
    "E-PAGE-MARK-STYLE": "remove the style: a mark looks the same wherever it stands",
}


_SHIPPED: dict[tuple, tuple[frozenset[str], frozenset[tuple[str, str]]]] = {}  # by the templates' texts


def _shipped(ctx: GateContext) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The templates' scripts by digest, and every declaration of their style sheets (worked out
    once per process for the same template texts: every verify, render and check-draft asks)."""
    def compute(_ctx: GateContext) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
        from ....artifacts.templates import load_template
        from ...prose_fixed import TYPES

        texts = []
        for kind in TYPES:
            try:
                texts.append(load_template(kind))
            except Exception:  # noqa: BLE001 - a missing template is render's E-TEMPLATE, not the gate's
                continue
        key = tuple(texts)
        got = _SHIPPED.get(key)
        if got is None:
            got = _read_shipped(texts)
            _SHIPPED.clear()  # one set of templates at a time
            _SHIPPED[key] = got
        return got
    return ctx.memo("surface-shipped", compute)


def _shipped_rules(ctx: GateContext) -> frozenset[tuple[str, str, str]]:
    """(selector, property, value) of the templates' style sheets' rules."""
    def compute(_ctx: GateContext) -> frozenset[tuple[str, str, str]]:
        from .....engines.css.parse import parse_sheet
        from .....engines.html.tree import parse
        from .....engines.page.surface import shipped_rules
        from ....artifacts.templates import load_template
        from ...prose_fixed import TYPES

        texts = []
        for kind in TYPES:
            try:
                texts.append(load_template(kind))
            except Exception:  # noqa: BLE001 - a missing template is render's E-TEMPLATE, not the gate's
                continue
        key = tuple(texts)
        got = _RULES.get(key)
        if got is None:  # once per process for the same template texts, as _shipped
            sheets = []
            for text in texts:
                doc = parse(text)
                sheets += [parse_sheet("".join(getattr(c, "data", "") for c in el.children))
                           for el in doc.elements if el.tag == "style"]
            got = shipped_rules(sheets)
            _RULES.clear()
            _RULES[key] = got
        return got
    return ctx.memo("surface-shipped-rules", compute)


_RULES: dict[tuple, frozenset[tuple[str, str, str]]] = {}


def _read_shipped(texts: list[str]) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    from .....engines.css.parse import parse_sheet
    from .....engines.html.tree import parse
    from .....engines.page.surface import script_digest, shipped_declarations

    scripts: set[str] = set()
    sheets = []
    for text in texts:
        try:
            doc = parse(text)
        except Exception:  # noqa: BLE001 - as a missing template
            continue
        for el in doc.elements:
            body = "".join(getattr(c, "data", "") for c in el.children)
            if el.tag == "script":
                scripts.add(script_digest(body))
            elif el.tag == "style":
                sheets.append(parse_sheet(body))
    return frozenset(scripts), shipped_declarations(sheets)


def _key(ctx: GateContext, page: Page) -> str:
    from ...prose_fixed import template_key

    parts = [ctx.page_sha(page), page.rel, template_key(ctx, None)]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:40]


def read(ctx: GateContext, page: Page) -> tuple[list[list], list[list]]:
    """(flaws, unseen blocks) of a page as plain rows, from the cache when the page is unchanged."""
    key = _key(ctx, page)
    got = ctx.cache.page_fact("surface", key)
    if isinstance(got, dict) and isinstance(got.get("flaws"), list) and isinstance(got.get("unseen"), list):
        return got["flaws"], got["unseen"]
    from .....engines.page.allowed import ELEMENTS
    from .....engines.page.surface import page_sheet, read_surface, restyled_marks
    from .....engines.page.visibility import unseen

    scripts, shipped = _shipped(ctx)
    model = ctx.page_model(page)  # one reading and one cascade, shared with the linter
    doc = model.doc
    sheet, _by_el, inline = page_sheet(doc)  # every <style>, applied or not: all are judged
    flaws = [f.to_json() for f in read_surface(doc, sheet, inline, allowed=ELEMENTS, scripts=scripts,
                                               shipped=shipped)]
    flaws += [f.to_json() for f in restyled_marks(doc, sheet, _shipped_rules(ctx), model.computed)]
    # what a reader sees: the style sheets a browser applies, as the linter reads them
    hidden = [u.to_json() for u in unseen(doc, model.sheet, model.inline, shipped, computed=model.computed)]
    ctx.cache.remember_page_fact("surface", key, {"flaws": flaws, "unseen": hidden})
    return flaws, hidden


def check_page(ctx: GateContext, page: Page) -> list[Finding]:
    from .....engines.page.visibility import Unseen

    flaws, hidden = read(ctx, page)
    out = [Finding(code, f"{page.rel}:{line}", f"{detail}; {_FIX.get(code, 'remove it')}")
           for code, line, detail in flaws]
    for row in hidden:
        u = Unseen.from_json(row)
        if u.folded:  # the ledger's own withdrawn list, folded the way sourcebook folds it
            continue
        if not u.ids:
            out.append(Finding("E-PAGE-INVISIBLE", f"{page.rel}:{u.line}", f"{u.how}; remove it"))
            continue
        what = "its ledger entry" if u.ledger else f"the block of {', '.join(safe(x) for x in u.ids)}"
        out.append(Finding("E-PAGE-INVISIBLE", safe(u.ids[0] if u.ids else "?"),
                           f"{page.rel}:{u.line}: a reader cannot see {what}: {u.how}; remove what hides it"))
    return out


@register("surface", 91)
def gate(ctx: GateContext) -> GateResult | None:
    pages = [p for p in ctx.pages if p.exists]
    if not pages:
        return None
    findings: list[Finding] = []
    for page in pages:
        findings += check_page(ctx, page)
    note = f"{len(pages)} page{'s' if len(pages) != 1 else ''}: markup, scripts, styles, characters and visibility"
    return GateResult(findings, note)
