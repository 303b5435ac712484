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

from ....engines.render.chart import AXIS_NOTE, CAPTION
from ...artifacts.templates import TYPES, load_template, template_path
from ..verify_cache import file_sig
from .context import GateContext
from .html_prose import norm

GENERATED = frozenset(norm(t) for t in (AXIS_NOTE, CAPTION))
NOTES_LABEL = re.compile(r"^Speaker notes, slide \d+$")


def _template_sig() -> str:
    parts = [[kind, file_sig(template_path(kind))] for kind in TYPES]
    parts.append(["_shared.css", file_sig(os.path.join(os.path.dirname(template_path("answer")), "_shared.css"))])
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:40]


def _read_templates() -> dict:
    from .html_page import read_page

    texts: set[str] = set()
    css: set[str] = set()
    for kind in TYPES:
        try:
            view = read_page(load_template(kind))
        except Exception:  # noqa: BLE001 - a missing template is the E-TEMPLATE of render, not the gate's
            continue
        texts.update(p.text for p in view.prose.pieces)
        css.update(v for _, v in view.prose.css_content)
    return {"texts": sorted(texts), "css": sorted(css)}


def fixed_text(ctx: GateContext) -> tuple[frozenset[str], frozenset[str]]:
    """(the templates' sentences and attribute texts, their CSS ``content`` values)."""
    def compute(ctx: GateContext) -> tuple[frozenset[str], frozenset[str]]:
        key = _template_sig()
        got = ctx.cache.page_fact("templates", key)
        if not (isinstance(got, dict) and isinstance(got.get("texts"), list) and isinstance(got.get("css"), list)):
            got = _read_templates()
            ctx.cache.remember_page_fact("templates", key, got)
        return frozenset(got["texts"]) | GENERATED, frozenset(got["css"])
    return ctx.memo("prose-fixed", compute)


def template_key(ctx: GateContext) -> str:
    return ctx.memo("prose-template-key", lambda _c: _template_sig())


def note_sentences(ctx: GateContext, ids: Iterable[str], ords: Mapping[str, int]) -> set[str]:
    """The sentences of the speaker notes ``sb render deck`` writes for these claims, read the
    way the page is read."""
    from ....engines.render.artifact import speaker_note
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
    return {p.text for p in read_prose(doc, parse(""), line_of=lambda n: n, ledger_line0=1).pieces}


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
        return {p.text for p in read_prose(parse(html), parse(""), line_of=lambda n: n, ledger_line0=1).pieces}
    return ctx.memo("prose-credits", compute)
