"""What a page is made of, against what sourcebook itself writes: the allow-list check (pure).

A shipped page may hold the elements and attributes that sourcebook's templates and renderer
write (``allowed.ELEMENTS``, generated from them), the templates' own scripts (by digest) and
CSS that puts no text on the page. Everything else is a ``Flaw`` naming what it is:

- an element or attribute sourcebook never writes (``E-PAGE-MARKUP``); frames and ``srcdoc``
  (``E-PAGE-FRAME``), objects and embeds (``E-PAGE-EMBED``), form controls (``E-PAGE-FORM``),
  a script that is not one of the templates' (``E-PAGE-SCRIPT``; JSON-LD is read as prose by
  ``engines.page.prose`` instead), ``on*`` handlers (``E-PAGE-EVENT-HANDLER``);
- a ``data:`` URL in CSS or in a link, and a ``data:`` image carrying SVG text
  (``E-PAGE-DATA-URL``); a ``<link>`` style sheet, ``@import`` or an outside ``url()`` in CSS
  (``E-PAGE-CSS-LINK``);
- CSS outside the shipped style sheets that generates, replaces or reorders text: list markers
  and counters, ``quotes``, ``text-emphasis``, ``hyphenate-character``, a string
  ``text-overflow``, ``@counter-style``, ``@font-face``, ``-webkit-text-security``,
  ``unicode-bidi`` overrides, flex/grid ``order`` and reversed directions, and a
  ``::first-letter`` / ``::first-line`` rule that hides or changes letters (``E-PAGE-CSS-TEXT``;
  ``content`` is the prose gate's ``E-PAGE-CSS-CONTENT``); ``@keyframes`` and animations
  (``E-PAGE-CSS-MOTION``: they change the page after it is read); a list numbered beyond where
  the ordered lists before it stopped (``<ol start>``, ``<li value>`` outside the ledger) shows a
  figure no sentence holds;
- ids and slides other than sourcebook writes them (``E-PAGE-MARKUP``): an id twice, a ledger id
  (``c-``, ``h-``, ``w-``) on anything but its ledger entry, a slide outside the deck's list of
  slides or inside another slide; a confidence mark restyled by declarations the shipped style
  sheets lack (``E-PAGE-MARK-STYLE``, ``restyled_marks``, read with the cascade);
- bidirectional controls (``E-PAGE-BIDI``) and invisible format characters
  (``E-PAGE-INVISIBLE-CHAR``) in the page's text and reader-facing attributes.

Only plain data comes out, so a gate can cache it by the page's digest.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING
from urllib.parse import unquote_to_bytes

from ...base.patterns import lazy
from ...base.record import TupleRecord
from ...base.unseen import ANY, BIDI, hidden

if TYPE_CHECKING:
    from ..css.cascade import Computed
    from ..css.parse import Decl, Sheet
    from ..html.tree import Document, Element

# Attributes any element may carry: what they hold is judged elsewhere (style by the CSS checks
# and the visibility reader, title by the prose gate), or is never shown (data-*).
GLOBAL_ATTRS = frozenset({"class", "id", "style", "lang", "title"})
FRAMES = frozenset({"iframe", "frame", "frameset", "portal", "fencedframe"})
EMBEDS = frozenset({"object", "embed", "applet", "param", "video", "audio", "track", "source", "canvas",
                    "math", "foreignobject"})
FORMS = frozenset({"form", "input", "textarea", "select", "option", "optgroup", "button", "datalist", "output",
                   "fieldset", "legend", "label", "meter", "progress", "dialog", "menu", "selectedcontent"})
# Attributes whose text a reader sees or hears: invisible characters there count as in prose.
SEEN_ATTRS = ("alt", "title", "aria-label", "aria-description", "placeholder", "content", "value", "label")
_URL_ATTRS = ("href", "src", "xlink:href", "action", "formaction", "poster", "background", "srcset", "data",
              "ping", "cite", "longdesc", "manifest")
_SCRIPT_URL = lazy(r"^\s*(?:javascript|vbscript|livescript)\s*:", re.I)
_SVG_TEXT = re.compile(rb"<\s*(?:svg:)?(?:text|title|desc|textPath|tspan|foreignObject)\b", re.I)

# CSS properties that put text (or list numbers) on the page, or change which text is seen or in
# what order (grid placement too, below); each maps to the values that do nothing of the kind.
_CSS_TEXT = {
    "list-style-type": None, "list-style": None, "quotes": {"none", "auto"},
    "counter-reset": {"none"}, "counter-increment": {"none"}, "counter-set": {"none"},
    "text-emphasis": {"none"}, "text-emphasis-style": {"none"}, "hyphenate-character": {"auto"},
    "text-overflow": None, "-webkit-text-security": {"none"}, "text-security": {"none"},
    "unicode-bidi": {"normal", "embed", "isolate", "plaintext"}, "order": {"0"},
    "flex-direction": {"row", "column"}, "flex-flow": None, "grid-auto-flow": {"row", "column"},
}
# an underline moved up into the letters (or down onto the next line), a line thick enough to
# cover them, or a band of colour painted across them reads as a strike
_STRIKE_LIKE = frozenset({"text-underline-offset", "text-decoration-thickness", "text-decoration",
                          "background", "background-image"})
_UNDERLINE_AWAY = 8.0  # px (0.5em): an underline further below its line than this lies on the next one
_DECORATION_THICK = 4.0  # px (0.25em): a line thicker than this covers part of the letters
# grid placement moves a block to a row or column of its own choosing, away from its place in the
# text (as `order` does); spanning, or one block across every column, moves nothing
_GRID_PLACE = frozenset({"grid-row", "grid-column", "grid-area", "grid-row-start", "grid-row-end",
                         "grid-column-start", "grid-column-end"})
_GRID_IN_PLACE = lazy(r"^(?:auto|span \d+|1 / -1)(?: / (?:auto|span \d+))*$")
_LIST_STYLE_OK = lazy(r"^(?:none|disc|circle|square|decimal|decimal-leading-zero|lower-roman|upper-roman|"
                      r"lower-alpha|upper-alpha|lower-latin|upper-latin|lower-greek|inside|outside|"
                      r"\s)+$", re.I)
_STRING = lazy(r"[\"']")
# an animation changes the page after the gate has read it: sourcebook's templates run none
_MOTION = frozenset({"animation", "animation-name", "-webkit-animation", "-webkit-animation-name"})


# the ledger's ids, by prefix, and the class of the only entries that carry them
_LEDGER_IDS = {"c-": "ledger-entry", "h-": "history-entry", "w-": "withdrawn-entry"}


class Flaw(TupleRecord):
    code: str
    line: int
    detail: str

    def to_json(self) -> list:
        return [self.code, self.line, self.detail]


def script_digest(text: str) -> str:
    """The digest a script is known by: its text with white space collapsed at the ends."""
    return hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


def _short(s: str, n: int = 60) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _css_value(v: str) -> str:
    return " ".join(v.replace("!important", "").split()).lower()


def shipped_declarations(sheets: Iterable[Sheet]) -> frozenset[tuple[str, str]]:
    """(property, value) of every declaration of the shipped style sheets."""
    out: set[tuple[str, str]] = set()
    for sh in sheets:
        for r in sh.rules:
            out.update((d.prop, _css_value(d.value)) for d in r.decls)
        for a in sh.at_rules:
            out.update((d.prop, _css_value(d.value)) for d in a.decls)
    return frozenset(out)


_STRUCK = frozenset({"s", "del", "strike"})
_HISTORY = frozenset({"history-entry", "withdrawn-entry"})


def _in_ledger(el: Element) -> bool:
    p = el.parent
    while p is not None:
        if any(c.startswith("ledger") for c in (getattr(p, "classes", ()) or ())):
            return True
        p = getattr(p, "parent", None)
    return False


def _in_history(el: Element) -> bool:
    p = el.parent
    while p is not None:
        if _HISTORY.intersection(getattr(p, "classes", ()) or ()):
            return True
        p = getattr(p, "parent", None)
    return False


def _text_css(d: Decl) -> str:
    """Why this declaration generates, replaces or reorders text, or ""."""
    prop = d.prop.lower()
    if prop in ("text-decoration", "text-decoration-line") and "line-through" in _css_value(d.value):
        return "strikes text through, which a reader takes for withdrawn"
    if prop in _STRIKE_LIKE:
        v = _css_value(d.value)
        if prop in ("background", "background-image") and "gradient(" in v and _banded(v):
            return "paints bands of colour that can strike text through, which a reader takes for withdrawn"
        from ..css import values

        got = values.lengths_in(v) if "gradient(" not in v else []
        if prop == "text-underline-offset" and any(x < 0 or x > _UNDERLINE_AWAY for x in got):
            return "moves an underline into or past the letters: it strikes text through, which a reader takes " \
                   "for withdrawn"
        if prop != "text-underline-offset" and any(x > _DECORATION_THICK for x in got):
            return "draws a line thick enough to strike text through, which a reader takes for withdrawn"
        return ""
    if prop in _GRID_PLACE:
        v = " / ".join(p.strip() for p in _css_value(d.value).split("/"))
        if v in ("inherit", "initial", "unset", "revert") or _GRID_IN_PLACE.match(v):
            return ""
        return "places a block in a grid away from its place in the text, which changes the order text is shown in"
    if prop not in _CSS_TEXT:
        return ""
    v = _css_value(d.value)
    if prop in ("list-style-type", "list-style"):
        if _STRING.search(v) or not _LIST_STYLE_OK.match(v.replace("url(", "").strip() or "none"):
            return "sets list markers to text of its own"
        return ""
    if prop == "text-overflow":
        return "replaces cut-off text with a string" if _STRING.search(v) else ""
    if prop == "flex-flow":
        return "reverses the order text is shown in" if "reverse" in v else ""
    ok = _CSS_TEXT[prop]
    if ok is not None and v in ok | {"inherit", "initial", "unset", "revert"}:
        return ""
    if prop.startswith("counter-"):
        return "changes the numbers a list shows"
    if prop in ("order", "flex-direction", "grid-auto-flow"):
        return "changes the order text is shown in"
    if prop == "unicode-bidi":
        return "reverses the order of letters"
    if "security" in prop:
        return "replaces letters with shapes"
    return "puts text of its own on the page"


_PART = lazy(r"::?first-(?:letter|line)\b", re.I)
_PART_PROPS = frozenset({"color", "opacity", "visibility", "display", "-webkit-text-fill-color", "font-size", "font",
                         "letter-spacing", "text-indent", "filter", "transform", "text-transform", "content"})


def _part_hides(d: Decl) -> str:
    """Why a declaration in a ::first-letter / ::first-line rule can hide or change letters."""
    if d.prop.lower() not in _PART_PROPS:
        return ""
    if d.prop.lower() in ("font-size", "font"):
        from ..css import values

        sizes = [values.length(c) for c in values.components(d.value)]
        if not any(r is not None and r[1] < 3 for r in sizes) and "0" not in d.value.split():
            return ""  # a drop cap: larger, still read
    return "changes the letters of part of a word, where the gate reads the whole"


def _data_url_flaw(url: str) -> str:
    """Why a data: URL is refused where an image may be inlined (raster images pass), or ""."""
    head, _, payload = url.partition(",")
    low = head.lower()
    if not low.startswith("data:image/"):
        return f"a data: URL of type {_short(head[5:] or 'text/plain', 30)}"
    if "svg" not in low:
        return ""
    try:
        raw = base64.b64decode(payload + "===", validate=False) if ";base64" in low else unquote_to_bytes(payload)
    except ValueError:
        return "an SVG image that cannot be read"
    if _SVG_TEXT.search(raw):
        return "an SVG image carrying text"
    return ""


class _Surface:
    def __init__(self, allowed: Mapping[str, frozenset[str]], scripts: frozenset[str],
                 shipped: frozenset[tuple[str, str]]):
        self.allowed, self.scripts, self.shipped = allowed, scripts, shipped
        self.out: list[Flaw] = []
        self.ids: dict[str, int] = {}
        self.items = 0  # items of the ordered lists read so far outside the ledger

    def flaw(self, code: str, line: int, detail: str) -> None:
        self.out.append(Flaw(code, line, detail))

    def element(self, el: Element) -> None:
        tag = el.tag
        if tag in FRAMES:
            self.flaw("E-PAGE-FRAME", el.line, f"<{tag}> embeds another page")
            return
        if tag in EMBEDS and tag not in self.allowed:
            self.flaw("E-PAGE-EMBED", el.line, f"<{tag}> embeds content the gate cannot read")
            return
        if tag in FORMS and tag not in self.allowed:
            self.flaw("E-PAGE-FORM", el.line, f"<{tag}> is a form control, which shows text of its own")
            return
        if tag == "link":
            rel = (el.attrs.get("rel") or "").lower()
            what = "a style sheet" if "stylesheet" in rel else f"rel=\"{_short(rel, 30)}\""
            self.flaw("E-PAGE-CSS-LINK", el.line, f"<link> brings in {what} from outside the page")
            return
        if tag == "script":
            self.script(el)
            return
        if tag not in self.allowed:
            self.flaw("E-PAGE-MARKUP", el.line, f"<{tag}> is an element sourcebook never writes")
            return
        ok = self.allowed[tag]
        if tag == "q" and not ("ledger-quote" in el.classes and _in_ledger(el)):
            # a browser draws quotation marks around <q>: sourcebook writes it for the ledger's
            # quotes only; in prose it puts a word in scare quotes ("an <q>audited</q> 31,000")
            self.flaw("E-PAGE-MARKUP", el.line, "<q> outside the ledger's quotes draws quotation marks around words "
                                                "no source is quoted for; a reader takes them for doubted")
        if tag == "sup" and "ref" not in el.classes:
            # sourcebook writes <sup> for citation numbers only: a raised "?" or "*" beside a
            # figure is a mark of doubt or a footnote no claim gives
            self.flaw("E-PAGE-MARKUP", el.line, "<sup> that is not a citation number (sup.ref) raises a mark no "
                                                "claim gives")
        if tag in _STRUCK and not _in_history(el):
            # struck text reads as withdrawn: sourcebook strikes only the ledger's History and
            # Withdrawn entries, never a claim the page stands on
            self.flaw("E-PAGE-MARKUP", el.line, f"<{tag}> strikes text through outside the ledger's History and "
                                                "Withdrawn entries; a reader takes it for withdrawn")
        self.structure(el)
        if tag == "time" and el.attrs.get("datetime"):
            self.time(el)
        number = el.attrs.get("start") if tag == "ol" else \
            el.attrs.get("value") if tag == "li" and "ledger-entry" not in el.classes else None
        # a list may go on where the one before it stopped ("3." after a paragraph); a number
        # beyond that ("38." under "riders (thousands)") is a figure no sentence holds
        if number is not None and not (number.strip().isdigit() and int(number) <= self.items + 1):
            self.flaw("E-PAGE-MARKUP", el.line, f"<{tag} {'start' if tag == 'ol' else 'value'}=\"{_short(number, 12)}\"> "
                                                "shows a list number no sentence holds; number a list from 1, or "
                                                "go on from the list before it")
        if tag == "ol" and not any("ledger" in c for c in el.classes):
            self.items += sum(1 for c in el.children if getattr(c, "tag", None) == "li")
        for name, value in el.attrs.items():
            low = name.lower()
            if low.startswith("on"):
                self.flaw("E-PAGE-EVENT-HANDLER", el.line, f"{low}= on <{tag}> runs a script")
                continue
            if low == "srcdoc":
                self.flaw("E-PAGE-FRAME", el.line, f"srcdoc= on <{tag}> holds a page of its own")
                continue
            if low in _URL_ATTRS:
                self.url(el, low, value or "")
            if low in GLOBAL_ATTRS or low.startswith("data-") or low in ok:
                continue
            self.flaw("E-PAGE-MARKUP", el.line, f"the attribute {low}= on <{tag}> is one sourcebook never writes")

    def time(self, el: Element) -> None:
        """A ``<time>``'s ``datetime`` is what machines (a calendar, a search engine) read for the
        date its text shows: the two must be the same day."""
        from ..text.figures import find_figures

        shown = [f.key for f in find_figures(el.text()) if f.kind == "date"]
        machine = [f.key for f in find_figures(el.attrs["datetime"][:10]) if f.kind == "date"]
        if machine and not shown:
            # "<time datetime="2031-06-01">over the summer</time>": a date no reader sees, which
            # a machine reads as the page's
            self.flaw("E-PAGE-MARKUP", el.line, f"<time datetime=\"{_short(el.attrs['datetime'], 20)}\"> gives a date "
                                                f"its text ({_short(el.text().strip(), 30)!r}) does not show; a "
                                                "machine reads a date no reader sees")
        elif shown and machine and not any(k.startswith(machine[0]) or machine[0].startswith(k) for k in shown):
            self.flaw("E-PAGE-MARKUP", el.line, f"<time datetime=\"{_short(el.attrs['datetime'], 20)}\"> says another "
                                                f"day than its text ({_short(el.text().strip(), 30)!r}); a machine "
                                                "reads one date and a reader the other")

    def structure(self, el: Element) -> None:
        """Ids and slides as sourcebook writes them: an id once per page, the ledger's ids
        (``c-``, ``h-``, ``w-``) only on its entries, and each slide an item of the deck's list of
        slides, never inside another slide (the deck's script shows one slide at a time)."""
        ident = el.attrs.get("id")
        if ident is not None:
            if ident in self.ids:
                self.flaw("E-PAGE-MARKUP", el.line, f"id=\"{_short(ident, 40)}\" on <{el.tag}> is the page's second "
                                                    f"(the first is on line {self.ids[ident]}): a link lands on the "
                                                    "first")
            else:
                self.ids[ident] = el.line
            # a ledger entry's id names a claim ("c-clm_..."): a citation link lands there;
            # "c-intro" is any other anchor
            owner = _LEDGER_IDS.get(ident[:2]) if ident[2:6] == "clm_" else None
            if owner is not None and not (el.tag == "li" and owner in el.classes):
                self.flaw("E-PAGE-MARKUP", el.line, f"id=\"{_short(ident, 40)}\" on <{el.tag}> is a ledger entry's "
                                                    f"id; only a <li class=\"{owner}\"> of the ledger carries it")
        if "slide" in el.classes:
            parent = el.parent
            if el.tag != "li" or parent is None or parent.tag != "ol" or "slides" not in parent.classes:
                self.flaw("E-PAGE-MARKUP", el.line, f"a slide (<{el.tag} class=\"slide\">) outside the deck's list "
                                                    "of slides")
            elif any("slide" in a.classes for a in el.ancestors() if a.tag != "#document"):
                self.flaw("E-PAGE-MARKUP", el.line, "a slide inside another slide: the deck never shows it")

    def url(self, el: Element, name: str, value: str) -> None:
        v = value.strip()
        if _SCRIPT_URL.match(v):
            self.flaw("E-PAGE-SCRIPT", el.line, f"{name}= on <{el.tag}> is a script URL")
        elif v[:5].lower() == "data:":
            why = _data_url_flaw(v) if el.tag == "img" and name == "src" else f"a data: URL in {name}="
            if why:
                self.flaw("E-PAGE-DATA-URL", el.line, f"<{el.tag}> holds {why}")

    def script(self, el: Element) -> None:
        kind = (el.attrs.get("type") or "").strip().lower()
        if kind in ("application/ld+json", "application/json"):
            return  # data, not code: its strings are read as prose
        body = "".join(getattr(c, "data", "") for c in el.children)
        if el.attrs.get("src"):
            self.flaw("E-PAGE-SCRIPT", el.line, f"<script src=\"{_short(el.attrs['src'], 40)}\"> loads code "
                                                "sourcebook did not write")
        elif script_digest(body) not in self.scripts:
            self.flaw("E-PAGE-SCRIPT", el.line, f"a script that is none of the templates' own "
                                                f"(\"{_short(body, 40)}\"): it can change the page after the gate")

    # -- CSS --
    def css(self, sheet: Sheet, inline: list[tuple[int, list[Decl]]]) -> None:
        for u in sheet.urls:
            self.css_url(u.url, u.line, u.via)
        for a in sheet.at_rules:
            name = a.name.lower()
            if name == "font-face":
                self.flaw("E-PAGE-CSS-TEXT", a.line, "@font-face brings a font that can draw any letter as "
                                                     "another")
            elif name == "counter-style":
                self.flaw("E-PAGE-CSS-TEXT", a.line, f"@counter-style {_short(a.prelude, 30)} writes list "
                                                     "markers of its own")
            elif name.endswith("keyframes"):
                self.flaw("E-PAGE-CSS-MOTION", a.line, f"@keyframes {_short(a.prelude, 30)} animates the page "
                                                       "after it is read")
            elif name == "import":
                self.flaw("E-PAGE-CSS-LINK", a.line, f"@import {_short(a.prelude, 40)} brings in a style sheet")
        for r in sheet.rules:
            self.decls(r.decls)
            if _PART.search(r.selector):  # a rule for the first letter or line styles part of a word
                for d in r.decls:
                    why = _part_hides(d)
                    if why and (d.prop, _css_value(d.value)) not in self.shipped:
                        self.flaw("E-PAGE-CSS-TEXT", d.line, f"{_short(r.selector, 30)} {{ {d.prop}: "
                                                             f"{_short(d.value, 30)} }} {why}")
        for _line, decls in inline:
            self.decls(decls)

    def css_url(self, url: str, line: int, via: str) -> None:
        if via == "import":
            self.flaw("E-PAGE-CSS-LINK", line, f"@import \"{_short(url, 40)}\" brings in a style sheet")
        elif url.strip()[:5].lower() == "data:":
            self.flaw("E-PAGE-DATA-URL", line, f"a data: URL in CSS ({_short(url, 40)}) draws what the gate cannot "
                                               "read")
        elif not url.strip().startswith("#"):
            self.flaw("E-PAGE-CSS-LINK", line, f"url({_short(url, 40)}) in CSS loads from outside the page")

    def decls(self, decls: list[Decl]) -> None:
        for d in decls:
            if d.prop.lower() in _MOTION and _css_value(d.value) not in ("none", "initial", "unset", "inherit") \
                    and (d.prop, _css_value(d.value)) not in self.shipped:
                self.flaw("E-PAGE-CSS-MOTION", d.line, f"{d.prop}: {_short(d.value, 40)} animates the page after it "
                                                       "is read")
                continue
            why = _text_css(d)
            if why and (d.prop, _css_value(d.value)) not in self.shipped:
                self.flaw("E-PAGE-CSS-TEXT", d.line, f"{d.prop}: {_short(d.value, 40)} {why}")

    # -- characters --
    def chars(self, text: str, line: int, where: str) -> None:
        if not ANY.search(text):
            return
        for i, ch in enumerate(text):
            if not ANY.match(ch) or ch in "\t\n\r":
                continue
            if not hidden(ch, text[i - 1] if i else "", text[i + 1] if i + 1 < len(text) else ""):
                continue
            near = _short(text[max(0, i - 20):i + 20].replace(ch, f"[U+{ord(ch):04X}]"), 60)
            if ch in BIDI or ch in "\u202a\u202b\u202c\u202d\u202e":
                self.flaw("E-PAGE-BIDI", line, f"U+{ord(ch):04X} in {where} reorders what a reader sees: \"{near}\"")
            else:
                self.flaw("E-PAGE-INVISIBLE-CHAR", line, f"U+{ord(ch):04X} in {where} is a character a reader "
                                                         f"cannot see: \"{near}\"")
            return  # one finding per run of text is enough to name it


def shipped_rules(sheets: Iterable[Sheet]) -> frozenset[tuple[str, str, str]]:
    """(selector, property, value) of every rule's declarations in the shipped style sheets."""
    return frozenset((" ".join(r.selector.split()), d.prop, _css_value(d.value))
                     for sh in sheets for r in sh.rules for d in r.decls)


_RECOLOUR = lazy(r"\b(?:hue-rotate|invert|sepia|saturate|grayscale)\(", re.I)


def restyled_marks(doc: Document, sheet: Sheet, rules: frozenset[tuple[str, str, str]],
                   computed: Computed | None = None) -> list[Flaw]:
    """Confidence marks (``.mark``) drawn so that a reader cannot tell them apart as sourcebook
    means: a ``style`` attribute on a mark (sourcebook writes none), a recolouring filter of the
    page's own around one, and (with the page's ``computed`` cascade) a mark drawn unlike the
    other marks of its kind, or two kinds drawn alike ("reported" in the "checked" green). A
    page's own style for every mark alike (a type face, a size) is its design, not a claim."""
    from ..css.select import matches, parse_selector_list

    marks = [el for el in doc.elements if "mark" in el.classes]
    if not marks:
        return []
    out: list[Flaw] = []
    hit: set[int] = set()

    def flaw(el: Element, what: str) -> None:
        if id(el) not in hit:
            hit.add(id(el))
            out.append(Flaw("E-PAGE-MARK-STYLE", el.line, f"the mark \"{_short(' '.join(el.text().split()), 20)}\" "
                                                          f"is restyled ({_short(what, 60)}), where every mark of a "
                                                          "kind must look alike and unlike the other kinds"))

    for el in marks:
        if el.attrs.get("style"):
            flaw(el, f"style=\"{el.attrs['style']}\"")
    for r in sheet.rules:
        sel = " ".join(r.selector.split())
        recolour = [d for d in r.decls if d.prop == "filter" and _RECOLOUR.search(d.value)
                    and (sel, d.prop, _css_value(d.value)) not in rules]
        if not recolour:
            continue
        cxs = parse_selector_list(r.selector, forgiving=True) or []
        for el in marks:
            if id(el) not in hit and any(matches(cx, a) for a in [el, *el.ancestors()] if a.tag != "#document"
                                         for cx in cxs):
                flaw(el, f"{sel} {{ filter: {recolour[0].value.strip()} }}")
    if computed is None:
        return out
    looks: dict[str, dict[tuple, list[Element]]] = {}
    for el in marks:
        kind = next((c for c in el.classes if c in _LEGEND_KINDS), "")
        st = computed.style(el)
        if not kind or st is None or not el.text().strip():
            continue
        look = (_rgba(st.color), _rgba(st.bg))
        looks.setdefault(kind, {}).setdefault(look, []).append(el)
    for kind, by_look in looks.items():
        usual = max(by_look, key=lambda k: len(by_look[k]))
        for look, els in by_look.items():
            if look != usual:
                for el in els:
                    flaw(el, f"drawn unlike the other \"{kind[2:]}\" marks")
    usual_of = {kind: max(by, key=lambda k: len(by[k])) for kind, by in looks.items()}
    if len(set(usual_of.values())) < 2:
        return out  # a page that colours no kind apart (no style sheet at all) confuses none
    for kind, look in usual_of.items():
        twins = [k for k, other in usual_of.items() if k != kind and other == look and look[0] is not None]
        if twins:
            for el in looks[kind][look]:
                flaw(el, f"drawn like the \"{twins[0][2:]}\" marks")
    return out


# the marks of the legend, each drawn in colours of its own by the shipped style sheet
_LEGEND_KINDS = frozenset({"m-checked", "m-reported", "m-contested", "m-moving", "m-thin"})


def _rgba(c) -> tuple | None:
    return None if c is None else (round(c.r, 3), round(c.g, 3), round(c.b, 3), round(c.a, 3))


def page_sheet(doc: Document) -> tuple[Sheet, dict[int, list[Decl]], list[tuple[int, list[Decl]]]]:
    """Every ``<style>`` element of the page as one sheet (lines as in the page), and the
    ``style`` attributes: by element (for the cascade) and in document order."""
    from ..css.parse import Sheet, parse_inline, parse_sheet

    sheet = Sheet()
    by_el: dict[int, list[Decl]] = {}
    inline: list[tuple[int, list[Decl]]] = []
    for el in doc.elements:
        if el.tag == "style":
            media = (el.attrs.get("media") or "").strip()
            for ch in el.children:
                data = getattr(ch, "data", None)
                if data:
                    sh = parse_sheet(data, ch.line)  # type: ignore[union-attr]
                    if media and media.lower() != "all":
                        for r in sh.rules:
                            r.conditions = (("media", media),) + r.conditions
                    sheet.extend(sh)
        style = el.attrs.get("style")
        if style:
            decls, urls = parse_inline(style, el.line)
            if decls:
                by_el[id(el)] = decls
                inline.append((el.line, decls))
            sheet.urls.extend(urls)
    for k, r in enumerate(sheet.rules):
        r.order = k
    return sheet, by_el, inline


def read_surface(doc: Document, sheet: Sheet, inline: list[tuple[int, list[Decl]]], *,
                 allowed: Mapping[str, frozenset[str]], scripts: frozenset[str],
                 shipped: frozenset[tuple[str, str]]) -> list[Flaw]:
    """Every flaw of a parsed page against the allow-list, its scripts' digests and the
    shipped style sheets' declarations."""
    from ..html.tree import Text

    s = _Surface(allowed, scripts, shipped)
    for el in doc.elements:
        s.element(el)
        for name in SEEN_ATTRS:
            v = el.attrs.get(name)
            if v and (name != "content" or el.tag == "meta"):
                s.chars(v, el.line, f"the {name}= of <{el.tag}>")
        if el.tag in ("script", "style"):
            continue
        for ch in el.children:
            if type(ch) is Text:
                s.chars(ch.data, ch.line, "the page's text")
    s.css(sheet, inline)
    s.out += _contents(doc)
    return s.out


_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_APPARATUS = frozenset({"mark", "cite-tail", "as-of", "ref-sep"})


def _text_of(el: Element) -> str:
    from ..html.tree import Text

    out: list[str] = []
    stack: list = [el]
    while stack:
        node = stack.pop()
        if type(node) is Text:
            out.append(node.data)
        elif node is el or not (node.tag == "sup" or _APPARATUS.intersection(node.classes)):
            stack.extend(reversed(getattr(node, "children", ())))  # a heading's citation is no part of its words
    return " ".join("".join(out).split())


def _contents(doc: Document) -> list[Flaw]:
    """The contents name each section as its heading does: sourcebook writes an entry with the
    heading's own words, so "Pass works on W3 now" over "Where the pass works today" is an edit."""
    heads = {el.attrs["id"]: el for el in doc.elements if el.tag in _HEADINGS and el.attrs.get("id")}
    out = []
    for nav in doc.elements:
        if not (nav.tag == "nav" or "toc" in nav.classes):
            continue
        stack: list = list(nav.children)
        while stack:
            node = stack.pop()
            kids = getattr(node, "children", None)
            if kids is None:  # a text node
                continue
            stack.extend(kids)
            href = node.attrs.get("href") or "" if node.tag == "a" else ""
            target = heads.get(href[1:]) if href.startswith("#") else None
            if target is not None and _text_of(node) != _text_of(target):
                out.append(Flaw("E-PAGE-MARKUP", node.line, f"the contents entry \"{_short(_text_of(node), 40)}\" "
                                                            f"is not the heading it leads to (\"{_short(_text_of(target), 40)}\"); "
                                                            "the contents repeat the headings' own words"))
    return out


_STOP_AT = r"-?\d+(?:\.\d+)?(?:%|px|em|rem|ex|ch|vh|vw)"


def _banded(value: str) -> bool:
    """Whether a gradient draws a band with a hard edge (a repeating gradient, two colour stops at
    one position, a stop given two positions): a line across text. A smooth blend of colours
    draws none."""
    if "repeating-" in value:
        return True
    for body in re.findall(r"gradient\((.*)\)", value):
        stops = re.findall(_STOP_AT, body)
        if len(stops) != len(set(stops)) or re.search(rf"{_STOP_AT}\s+{_STOP_AT}", body):
            return True
    return False
