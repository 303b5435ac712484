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
from functools import partial

from .....base.errors import Finding
from .....base.patterns import hot
from .....base.record import TupleRecord
from ...context import GateContext, Page, Recent, safe
from ...prose_fixed import template_texts, texts_digest
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
    "E-PAGE-CDATA": "remove it: write the text in the page, cited",
}


class _Shipped(TupleRecord):
    """What the templates themselves write: their scripts by digest, every declaration of their
    style sheets, and each rule's (selector, property, value)."""
    scripts: frozenset[str]
    decls: frozenset[tuple[str, str]]
    rules: frozenset[tuple[str, str, str]]


_READ: dict[tuple, _Shipped] = {}  # by the templates' texts: one set of templates at a time


def _templates(ctx: GateContext) -> _Shipped:
    """The templates read once per process for the same template texts (every verify, render
    and check-draft asks), and once per run."""
    def compute(_ctx: GateContext) -> _Shipped:
        texts = template_texts()
        key = tuple(texts)
        got = _READ.get(key)
        if got is None:
            got = _generated(texts) or _read_templates(texts)
            _READ.clear()
            _READ[key] = got
        return got
    return ctx.memo("surface-shipped", compute)


def _generated(texts: list[str]) -> _Shipped | None:
    """The templates' reading generated beside the allow-list (``tests/gen_allowed.py``), when it
    was generated from these very texts; None otherwise (edited templates are read afresh)."""
    from .....engines.page import allowed

    if getattr(allowed, "SHIPPED_DIGEST", None) != texts_digest(texts):
        return None
    doc = json.loads("".join(allowed.SHIPPED_JSON))
    return _Shipped(frozenset(doc["scripts"]), frozenset(tuple(d) for d in doc["decls"]),
                    frozenset(tuple(r) for r in doc["rules"]))


def _shipped(ctx: GateContext) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The templates' scripts by digest, and every declaration of their style sheets."""
    got = _templates(ctx)
    return got.scripts, got.decls


def _read_templates(texts: list[str]) -> _Shipped:
    from .....engines.css.parse import parse_sheet
    from .....engines.html.tree import parse
    from .....engines.page.surface import script_digest, shipped_declarations, shipped_rules

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
    return _Shipped(frozenset(scripts), shipped_declarations(sheets), shipped_rules(sheets))


def _key(ctx: GateContext, page: Page) -> str:
    from ...prose_fixed import template_key

    parts = [ctx.page_sha(page), page.rel, template_key(ctx, None)]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:40]


_SEEN = Recent()  # the pages judged last in this process


def read(ctx: GateContext, page: Page) -> tuple[list[list], list[list]]:
    """(flaws, unseen blocks) of a page as plain rows, from the cache when the page is unchanged.
    Judged once per process for the same page bytes, name and templates: the rows are shared,
    and never changed."""
    key = _key(ctx, page)
    got = ctx.cache.page_fact("surface", key)
    if isinstance(got, dict) and isinstance(got.get("flaws"), list) and isinstance(got.get("unseen"), list):
        return got["flaws"], got["unseen"]
    flaws, hidden = _SEEN.get((ctx.page_sha(page), page.rel, _templates(ctx)), partial(_judge, ctx, page))
    ctx.cache.remember_page_fact("surface", key, {"flaws": flaws, "unseen": hidden})
    return flaws, hidden


def _judge(ctx: GateContext, page: Page) -> tuple[list[list], list[list]]:
    from .....engines.page.allowed import ELEMENTS
    from .....engines.page.surface import page_sheet, read_surface, restyled_marks
    from .....engines.page.visibility import unseen

    scripts, shipped = _shipped(ctx)
    model = ctx.page_model(page)  # one reading and one cascade, shared with the linter
    doc = model.doc
    sheet, _by_el, inline = page_sheet(doc)  # every <style>, applied or not: all are judged
    flaws = [f.to_json() for f in read_surface(doc, sheet, inline, allowed=ELEMENTS, scripts=scripts,
                                               shipped=shipped)]
    flaws += [f.to_json() for f in restyled_marks(doc, sheet, _templates(ctx).rules, model.computed)]
    flaws += _kind_flaws(doc)
    flaws += _marked_sections(ctx.page_html(page))
    # what a reader sees: the style sheets a browser applies, as the linter reads them
    hidden = [u.to_json() for u in unseen(doc, model.sheet, model.inline, shipped, computed=model.computed)]
    return flaws, hidden


_MARKED = hot(r"<!\[")


def _marked_sections(html: str) -> list[list]:
    """``<![CDATA[`` (or any ``<![``), which sourcebook never writes: in HTML a browser reads it
    as a comment that ends at the first ``>`` and shows what follows (inside svg or math, a
    section of text), so the page would not say what its author reads in it."""
    out: list[list] = []
    line, at = 1, 0
    for m in _MARKED.finditer(html):
        line += html.count("\n", at, m.start())
        at = m.start()
        said = " ".join(html[at:at + 60].split())
        out.append(["E-PAGE-CDATA", line, f"a marked section {said!r}, which sourcebook never writes: a browser "
                                          "reads \"<![CDATA[\" in HTML as a comment that ends at the first \">\" "
                                          "and shows the rest"])
    return out


_KIND = hot(r'<p class="kind">([^<]*)</p>')


def _kind_labels() -> frozenset[str]:
    """The page kinds the templates write ("Answer", "Brief"), in every language they are given in."""
    from ....artifacts.labels import LABELS

    english = {k for t in template_texts() for k in _KIND.findall(t)}
    return frozenset(english | {words[k] for words in LABELS.values() for k in english if k in words})


def _kind_flaws(doc) -> list[list]:
    """A page's kind label (``p.kind``) is sourcebook's own words, like its footer: "Official
    operator answer" for "Answer" tells the reader whose page it is."""
    known = None
    out: list[list] = []
    for el in doc.elements:
        if el.tag != "p" or "kind" not in el.classes:
            continue
        known = known if known is not None else _kind_labels()
        if not known:
            return out  # no template to read (render's E-TEMPLATE): nothing to set the label against
        said = " ".join(el.text().split())
        if said not in known:
            out.append(["E-PAGE-MARKUP", el.line, f"the page's kind label says {said[:60]!r}, which no template "
                                                  f"writes ({', '.join(sorted(known)[:6])}, ...)"])
    return out


def check_page(ctx: GateContext, page: Page) -> list[Finding]:
    flaws, hidden = read(ctx, page)
    out = [Finding(code, f"{page.rel}:{line}", f"{detail}; {_FIX.get(code, 'remove it')}")
           for code, line, detail in flaws]
    if not hidden:  # the usual repeat run: the CSS engine is not even imported
        return out
    from .....engines.page.visibility import Unseen

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
