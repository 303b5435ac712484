"""Text sourcebook writes itself, which a page may carry without a citation.

- The shipped templates' own sentences (the skip link, the legend, the ledger's intro, the
  footer, the placeholders), their attribute texts and their stylesheets' ``content`` values,
  read from ``templates/*.html`` with the same reader the gate uses on a page, so the two agree
  on every sentence. Cached with the verify cache, keyed by the templates' file identities.
- The chart's fixed captions and the deck's speaker notes, which ``sb render`` writes from the
  ledger: a note is recomputed here with the renderer's own function and compared sentence by
  sentence, so a note edited by hand is read as prose again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping

from ..verify_cache import file_sig
from .context import GateContext
from .html_prose import norm

# the artifact types, as domain.artifacts.templates.TYPES (not imported: a repeat verify that
# reuses every page's result should not pay for the renderer's modules)
TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")
NOTES_LABEL = re.compile(r"^Speaker notes, slide \d+$")


def _generated() -> frozenset[str]:
    from ....engines.render.chart import AXIS_NOTE, CAPTION

    return frozenset(norm(t) for t in (AXIS_NOTE, CAPTION))


def _template_sig(kind: str) -> str:
    from ...artifacts.templates import template_path

    sigs = [kind, file_sig(template_path(kind)),
            file_sig(os.path.join(os.path.dirname(template_path("answer")), "_shared.css"))]
    return hashlib.sha256(json.dumps(sigs).encode()).hexdigest()[:40]


_CONTENT = re.compile(r"(?<![\w-])content\s*:", re.I)


_STYLE = re.compile(r"(<style[^>]*>)(.*?)(</style>)", re.S | re.I)


def _read_template(kind: str) -> dict:
    from ....engines.text.htmltree import parse
    from ...artifacts.templates import load_template
    from .html_prose import read_prose, sheet_rules

    try:
        html = load_template(kind)
    except Exception:  # noqa: BLE001 - a missing template is the E-TEMPLATE of render, not the gate's
        return {"texts": [], "css": []}
    css: set[str] = set()
    for m in _STYLE.finditer(html):
        if _CONTENT.search(m.group(2)):
            css.update(d.value.strip() for r in sheet_rules(m.group(2), 1) for d in r.decls if d.prop == "content")
    doc = parse(_STYLE.sub(r"\1\3", html))  # the sheet holds no sentence: not parsed again
    texts = {p.text for p in read_prose(doc, parse(""), line_of=lambda n: n, ledger_line0=1, styles=False).pieces}
    return {"texts": sorted(texts), "css": sorted(css)}


def page_kind(rel: str) -> str | None:
    """The template a page was made from, by its name (build/answer.html: answer)."""
    name = os.path.basename(rel)
    kind = name[:-5] if name.endswith(".html") else ""
    return kind if kind in TYPES else None


def fixed_text(ctx: GateContext, kind: str | None) -> tuple[frozenset[str], frozenset[str]]:
    """(the sentences and attribute texts of the page's template, or of every template when its
    type is unknown, and sb's own chart captions; the templates' CSS ``content`` values)."""
    def one(k: str) -> dict:
        def compute(ctx: GateContext) -> dict:
            key = _template_sig(k)
            got = ctx.cache.page_fact("template", key)
            if not (isinstance(got, dict) and isinstance(got.get("texts"), list) and isinstance(got.get("css"), list)):
                got = _read_template(k)
                ctx.cache.remember_page_fact("template", key, got)
            return got
        return ctx.memo(f"prose-template-{k}", compute)

    kinds = [kind] if kind else list(TYPES)
    texts: set[str] = set(_generated())
    css: set[str] = set()
    for k in kinds:
        got = one(k)
        texts.update(got["texts"])
        css.update(got["css"])
    return frozenset(texts), frozenset(css)


def template_key(ctx: GateContext, kind: str | None) -> str:
    return ctx.memo(f"prose-template-key-{kind}", lambda _c: "".join(_template_sig(k) for k in ([kind] if kind else TYPES)))


def note_sentences(ctx: GateContext, ids: Iterable[str], ords: Mapping[str, int]) -> set[str]:
    """The sentences of the speaker notes ``sb render deck`` writes for these claims, read the
    way the page is read."""
    from ....engines.render.apparatus import speaker_note
    from ....engines.text.htmltree import parse
    from .html_prose import read_prose

    sources = {sid: rec for sid, rec in ctx.sources.items() if isinstance(rec, dict)}
    claims = ctx.claims_by_id
    notes = []
    for x in ids:
        try:
            notes.append(speaker_note(x, claims, ords, sources))
        except (KeyError, TypeError, AttributeError):
            continue
    doc = parse('<aside class="notes"><ul>' + "".join(notes) + "</ul></aside>")
    return {p.text for p in read_prose(doc, parse(""), line_of=lambda n: n, ledger_line0=1, styles=False).pieces}


def credit_sentences(ctx: GateContext) -> set[str]:
    """The sentences of the image captions ``sb render`` writes from ``assets/credits.json``."""
    def compute(ctx: GateContext) -> set[str]:
        from ....engines.text.htmltree import parse
        from ...artifacts.licenses import load_credits
        from ...artifacts.render_images import caption_html
        from .html_prose import read_prose

        try:
            credits, _ = load_credits(ctx.ws)
        except Exception:  # noqa: BLE001 - an unreadable credits file is the licenses gate's finding
            return set()
        html = "".join(f'<figure class="image"><figcaption>{caption_html(e)}</figcaption></figure>'
                       for e in credits.values() if isinstance(e, Mapping))
        return {p.text for p in read_prose(parse(html), parse(""), line_of=lambda n: n, ledger_line0=1,
                                           styles=False).pieces}
    return ctx.memo("prose-credits", compute)
