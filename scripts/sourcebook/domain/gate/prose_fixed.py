"""Text sourcebook writes itself, which a page may carry without a citation.

- The shipped template's own text: a sentence or an attribute text that stands verbatim in
  ``templates/<type>.html`` (as a whole: after a tag, a quote or the sentence before it), such
  as the skip link, the legend, the ledger's intro, the footer and the placeholders, in English
  or in a language the renderer translates them to (``artifacts.labels``); and the templates'
  style sheets' ``content`` values.
- The chart's fixed captions, and the deck's speaker notes and the image credits, which ``sb
  render`` writes from the ledger and ``assets/credits.json``: they are recomputed here with the
  renderer's own functions and compared sentence by sentence, so a note edited by hand is read
  as prose again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping

from ...base.patterns import lazy
from .context import GateContext
from .verify_cache import file_sig

# the artifact types, as domain.artifacts.templates.TYPES (not imported: a repeat verify that
# reuses every page's result should not pay for the renderer's modules)
TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")


def _generated() -> frozenset[str]:
    from ...engines.page.prose import norm
    from ...engines.render.apparatus import AXIS_NOTE, CAPTION

    return frozenset(norm(t) for t in (AXIS_NOTE, CAPTION))


def _template_sig(kind: str) -> str:
    from ..artifacts import labels
    from ..artifacts.templates import template_path

    sigs = [kind, file_sig(template_path(kind)),
            file_sig(os.path.join(os.path.dirname(template_path("answer")), "_shared.css")), file_sig(labels.__file__)]
    return hashlib.sha256(json.dumps(sigs).encode()).hexdigest()[:40]


_CONTENT = lazy(r"(?<![\w-])content\s*:", re.I)


_STYLE = lazy(r"<(style|script)\b[^>]*>.*?</\1\s*>", re.S | re.I)
_STYLE_BODY = lazy(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)
_LEFT = frozenset('>"\'')  # a sentence of a template starts after a tag or an attribute's quote,
_STOPS = frozenset(".!?\u3002\uff01\uff1f")  # or after the sentence before it
_RIGHT = frozenset('<"\'')


_LEGEND_ITEM = lazy(r'<span class="legend-item"><span class="mark m-[a-z]+">[^<]*</span>([^<]*)</span>')


def template_texts() -> list[str]:
    """The completed English templates, in ``TYPES`` order (one left out when it is missing)."""
    from ..artifacts.templates import load_template

    texts = []
    for kind in TYPES:
        try:
            texts.append(load_template(kind))
        except Exception:  # noqa: BLE001 - a missing template is render's E-TEMPLATE, not the gate's
            continue
    return texts


def texts_digest(texts: list[str]) -> str:
    h = hashlib.sha256()
    for t in texts:
        h.update(t.encode("utf-8", "surrogatepass") + b"\0")
    return h.hexdigest()


def prose_digest(texts: list[str]) -> str:
    """The digest of what every ``Template`` is read from: the English templates and the words
    they are translated with."""
    from ..artifacts.labels import LABELS

    return hashlib.sha256((texts_digest(texts) + json.dumps(LABELS, sort_keys=True)).encode()).hexdigest()


class Template:
    """A shipped template's own text (markup, attributes and entities as written, style and
    script left out, white space collapsed), its style sheets' ``content`` values and the words
    of its marks' legend."""

    def __init__(self, text: str, css: Iterable[str], legend: list[str]):
        self.text = text
        self.css = frozenset(css)
        self.legend = legend  # each item's words, in order (``sb render`` keeps the items of the marks a page uses)

    @classmethod
    def read(cls, kind: str, lang: str | None = None) -> Template:
        """The template of ``kind`` in ``lang`` read afresh from its files."""
        from html import unescape

        from ..artifacts.templates import load_template

        try:
            raw = load_template(kind, lang)
        except Exception:  # noqa: BLE001 - a missing template is render's E-TEMPLATE, not the gate's
            raw = ""
        css: set[str] = set()
        for m in _STYLE_BODY.finditer(raw):
            if _CONTENT.search(m.group(1)):
                from ...engines.page.prose import sheet_rules

                css.update(d.value.strip() for r in sheet_rules(m.group(1), 1) for d in r.decls
                           if d.prop == "content")
        legend = [" ".join(unescape(m.group(1)).split()) for m in _LEGEND_ITEM.finditer(raw)]
        return cls(" ".join(unescape(_STYLE.sub(" ", raw)).split()), css, legend)

    def to_json(self) -> list:
        return [self.text, sorted(self.css), self.legend]

    def legend_holds(self, text: str) -> bool:
        """``text`` is some of the legend's items, in the template's order, as a page reads them."""
        rest = text
        for item in self.legend:
            if rest == item:
                return True
            if rest.startswith(item + " "):
                rest = rest[len(item) + 1:]
        return False

    def holds(self, sentence: str) -> bool:
        """``sentence`` stands in the template verbatim, as a whole sentence or text."""
        t, n = self.text, len(sentence)
        i = t.find(sentence)
        while i >= 0:
            j = i + n
            left = i == 0 or t[i - 1] in _LEFT or (t[i - 1] == " " and (i < 2 or t[i - 2] in _LEFT or t[i - 2] in _STOPS))
            right = j == len(t) or t[j] in _RIGHT or (t[j] == " " and (sentence[-1] in _STOPS or t[j + 1:j + 2] in _RIGHT))
            if left and right:
                return True
            i = t.find(sentence, i + 1)
        return False


def template_readings() -> dict[str, list]:
    """Every template in every language, read afresh: ``"<kind>:<lang>"`` -> ``Template.to_json()``
    (what ``tests/gen_allowed.py`` writes beside the allow-list)."""
    from ..artifacts.labels import LANGS

    return {f"{kind}:{lang or ''}": Template.read(kind, lang).to_json() for kind in TYPES for lang in (None, *LANGS)}


_GENERATED: dict[str, dict[str, Template]] = {}  # by the digest of the templates' texts and labels


def _generated_templates() -> dict[str, Template]:
    """The readings generated beside the allow-list, when they were generated from the templates
    and labels as they are now (an edited template or label is read afresh): reading them is a
    fraction of reading sixteen templates."""
    from ...engines.page import allowed

    digest = prose_digest(template_texts())
    got = _GENERATED.get(digest)
    if got is None:
        got = {}
        if getattr(allowed, "PROSE_DIGEST", None) == digest:
            doc = json.loads("".join(allowed.PROSE_JSON))
            got = {key: Template(text, css, legend) for key, (text, css, legend) in doc.items()}
        _GENERATED.clear()
        _GENERATED[digest] = got
    return got


def page_kind(rel: str) -> str | None:
    """The template a page was made from, by its name (build/answer.html: answer)."""
    name = os.path.basename(rel)
    kind = name[:-5] if name.endswith(".html") else ""
    return kind if kind in TYPES else None


_TEMPLATES: dict[tuple[str, str | None, str], Template] = {}  # one reading per process and file


def _template(ctx: GateContext, kind: str, lang: str | None) -> Template:
    """``Template(kind, lang)``, read once per process while the template's files (and the labels
    it is translated with) keep their identity: every verify of a process reads the same ones."""
    key = (kind, lang, template_key(ctx, kind))
    got = _TEMPLATES.get(key)
    if got is None:
        shipped = ctx.memo("prose-templates-generated", lambda _c: _generated_templates())
        got = _TEMPLATES[key] = shipped.get(f"{kind}:{lang or ''}") or Template.read(kind, lang)
    return got


class Fixed:
    """What the page's template (every template, when its type is unknown) and the renderer's
    charts write themselves."""

    def __init__(self, ctx: GateContext, kind: str | None):
        from ..artifacts.labels import LANGS

        kinds = [kind] if kind else list(TYPES)
        self.templates = [ctx.memo(f"prose-template-{k}-{lang}", lambda c, k=k, lang=lang: _template(c, k, lang))
                          for k in kinds for lang in (None, *LANGS)]
        self.generated = _generated()
        self.css = frozenset(v for t in self.templates for v in t.css)

    def legend(self, text: str) -> bool:
        """``text`` is the marks' legend of one of the templates, read as a page's legend is read."""
        return any(t.legend_holds(text) for t in self.templates)

    def __contains__(self, sentence: object) -> bool:
        return isinstance(sentence, str) and bool(sentence) and (
            sentence in self.generated or any(t.holds(sentence) for t in self.templates))


def fixed_text(ctx: GateContext, kind: str | None) -> tuple[Fixed, frozenset[str]]:
    """(a test of "sourcebook writes this itself", the templates' CSS ``content`` values)."""
    fixed = Fixed(ctx, kind)
    return fixed, fixed.css


def template_key(ctx: GateContext, kind: str | None) -> str:
    return ctx.memo(f"prose-template-key-{kind}", lambda _c: "".join(_template_sig(k) for k in ([kind] if kind else TYPES)))


def note_sentences(ctx: GateContext, ids: Iterable[str], ords: Mapping[str, int]) -> set[str]:
    """The sentences of the speaker notes ``sb render deck`` writes for these claims, read the
    way the page is read."""
    from ...engines.html.tree import parse
    from ...engines.page.prose import read_prose
    from ...engines.render.apparatus import speaker_note
    from ..sources.store import for_display

    sources = for_display(ctx.ws, {sid: rec for sid, rec in ctx.sources.items() if isinstance(rec, dict)})
    claims = ctx.claims_by_id
    notes = []
    for x in ids:
        try:
            notes.append(speaker_note(x, claims, ords, sources))
        except (KeyError, TypeError, AttributeError):
            continue
    doc = parse('<aside class="notes"><ul>' + "".join(notes) + "</ul></aside>")
    return {p.text for p in read_prose(doc, parse(""), line_of=lambda n: n, ledger_line0=1, styles=False).pieces}


CREDIT_WORDS = 12  # "Photo: Jane Doe for the Calder Bay Water Bus Authority" fits; a sentence of news does not


def credit_sentences(ctx: GateContext) -> dict[str, str]:
    """The sentences of the image captions ``sb render`` writes from ``assets/credits.json``,
    each with the credit it was written from ("" for a generated image's label): the gate reads
    a credit's own words apart from the licence printed after it."""
    def compute(ctx: GateContext) -> dict[str, str]:
        from ...engines.html.tree import parse
        from ...engines.page.prose import read_prose
        from ..artifacts.licenses import load_credits
        from ..artifacts.render_images import caption_html

        try:
            credits, _ = load_credits(ctx.ws)
        except Exception:  # noqa: BLE001 - an unreadable credits file is the licenses gate's finding
            return {}
        # a credit names who made an image and its licence; one longer than a label is the
        # author's prose in a caption's clothes, and is read as prose
        out: dict[str, str] = {}
        for e in credits.values():
            if not isinstance(e, Mapping):
                continue
            generated = e.get("origin") == "generated"
            if not generated and len(str(e.get("credit") or "").split()) > CREDIT_WORDS:
                continue
            html = f'<figure class="image"><figcaption>{caption_html(e)}</figcaption></figure>'
            for p in read_prose(parse(html), parse(""), line_of=lambda n: n, ledger_line0=1, styles=False).pieces:
                out.setdefault(p.text, "" if generated else " ".join(str(e.get("credit") or "").split()))
        return out
    return ctx.memo("prose-credits", compute)
