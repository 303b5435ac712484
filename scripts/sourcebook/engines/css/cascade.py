"""The cascade: the computed style of every element, each computed once.

Rules are bucketed by the id, class, tag or attribute of their rightmost compound (as browsers
do), so an element only tests the rules that could match it; declarations are ordered by origin,
importance, cascade layer, specificity and source order; inline ``style`` attributes win over
selectors. Only the properties the linter needs are computed: colour, background, font size
and weight, visibility, opacity, text transform and letter spacing, plus custom properties.
A value that cannot be resolved is recorded once (by declaration site) and left unjudged.
"""

from __future__ import annotations

from ...base.record import TupleRecord, field, record
from ..html.tree import Document, Element, Text
from . import colors, select, values
from .conditions import applies
from .parse import Decl, Sheet, StyleRule, parse_sheet, split_top
from .select import Complex, ancestor_keys, matches, own_keys, parse_selector_list
from .vars import has_var, resolve_customs, substitute

UA_CSS = """
head, script, style, template, title, meta, link, base, noscript, datalist, param, area, [hidden],
details:not([open]) > :not(summary), dialog:not([open]) { display: none }
h1 { font-size: 2em; font-weight: bold } h2 { font-size: 1.5em; font-weight: bold }
h3 { font-size: 1.17em; font-weight: bold } h4 { font-weight: bold }
h5 { font-size: 0.83em; font-weight: bold } h6 { font-size: 0.67em; font-weight: bold }
b, strong, th, optgroup, legend { font-weight: bolder }
small, sub, sup { font-size: smaller }
code, kbd, samp, pre, tt { font-size: 0.8125em }
:link { color: #0000ee }
mark { background-color: yellow; color: black }
button, input, select, textarea { font-size: 13.333px; font-weight: normal; color: black }
button, input[type=button], input[type=submit], input[type=reset] { background-color: #efefef }
input, textarea, select { background-color: white }
"""
INHERITED = frozenset({"color", "font-size", "font-weight", "visibility", "text-transform",
                       "letter-spacing"})
_TEXT_SKIP = frozenset({"script", "style", "svg", "math", "option", "select", "textarea", "template",
                        "noscript", "title"})
_ROOT_FONT = (16.0, 16.0)


@record
class Style:
    """The computed values of one element that the rules use."""

    el: Element
    parent: Style | None
    custom: dict
    decls: dict  # property -> winning Decl (var() not yet substituted)
    color: colors.RGBA | None = None
    bg: colors.RGBA | None = colors.TRANSPARENT
    bg_image: bool = False
    font: values.Range | None = (16.0, 16.0)
    weight: int | None = 400
    display_none: bool = False
    invisible: bool = False
    opacity: float | None = 1.0
    sr_only: bool = False
    concealed: bool = False  # screen-reader-only or fully transparent, itself or an ancestor
    transform: str = "none"  # text-transform (inherited)
    spacing: str = "normal"  # letter-spacing as declared (inherited)
    unknown: dict = field(default_factory=dict)  # what is unresolved here: name -> site key
    _simple: bool | None = field(default=None, repr=False)
    _ground: colors.RGBA | None = field(default=None, repr=False)
    plain: dict = field(default_factory=dict, repr=False, compare=False)  # property -> var()-substituted value as judged


# what compute works out from the rules and the parent (concealed, and paint's memos, are the
# element's own: worked out afterwards)
_SHARED = ("color", "bg", "bg_image", "font", "weight", "display_none", "invisible", "opacity", "sr_only",
           "transform", "spacing")


class TextRun(TupleRecord):
    node: Text
    style: Style


@record
class Computed:
    styles: dict = field(default_factory=dict)  # id(Element) -> Style
    texts: list = field(default_factory=list)  # TextRun for each visible, non-blank text node
    unresolved: dict = field(default_factory=dict)  # site key -> description
    unsupported: list = field(default_factory=list)  # StyleRule whose selector is not understood
    pending: dict = field(default_factory=dict)  # site key -> description, counted once it decides a judgement

    def style(self, el: Element) -> Style | None:
        return self.styles.get(id(el))


class _Entry:
    __slots__ = ("cx", "rule", "key", "need")

    def __init__(self, cx: Complex, rule: StyleRule, key: tuple):
        self.cx, self.rule, self.key = cx, rule, key
        self.need = ancestor_keys(cx)


def _layer_rank(sheet: Sheet, layer: str | None) -> int:
    if layer is None:
        return 10 ** 6
    try:
        return sheet.layers.index(layer)
    except ValueError:
        return 10 ** 5


_UA_SHEET: Sheet | None = None


def _ua_sheet() -> Sheet:
    global _UA_SHEET
    if _UA_SHEET is None:
        _UA_SHEET = parse_sheet(UA_CSS, 0)
    return _UA_SHEET


class Index:
    """The rules of a page, bucketed for matching."""

    def __init__(self, sheet: Sheet, loose: bool = False):
        self.buckets: dict[tuple[str, str], list[_Entry]] = {}
        self.unsupported: list[StyleRule] = []
        self.attrs: set[str] = set()  # attribute names the rightmost compound of a bucketed rule needs
        for origin, sh in ((0, _ua_sheet()), (1, sheet)):
            for rule in sh.rules:
                if not rule.decls or not applies(rule.conditions):
                    continue
                cxs = parse_selector_list(rule.selector)
                if cxs is None:
                    if origin:
                        self.unsupported.append(rule)
                    if not (origin and loose):
                        continue
                    # read loosely: what the selector engine cannot read counts as matching
                    cxs = parse_selector_list(rule.selector, loose=True) or []
                rank = _layer_rank(sh, rule.layer)
                for cx in cxs:
                    if any(p.never for p in cx.parts[-1:]):
                        continue
                    entry = _Entry(cx, rule, (origin, rank, cx.spec, rule.order))
                    key = cx.key
                    if key == ("*", "") and cx.parts[-1].attrs:  # "[hidden]": only elements with the attribute
                        key = ("attr", cx.parts[-1].attrs[0][0])
                        self.attrs.add(key[1])
                    self.buckets.setdefault(key, []).append(entry)

    def candidates(self, el: Element) -> list[_Entry]:
        out = list(self.buckets.get(("*", ""), ()))
        out.extend(self.buckets.get(("tag", el.tag), ()))
        if self.attrs:
            for a in el.attrs:
                if a in self.attrs:
                    out.extend(self.buckets[("attr", a)])
        eid = el.attrs.get("id")
        if eid:
            out.extend(self.buckets.get(("id", eid), ()))
        for c in select.class_set(el):
            out.extend(self.buckets.get(("class", c), ()))
        return out


def _cascade_key(entry_key: tuple, important: bool, inline: bool, i: int) -> tuple:
    origin, rank, spec, order = entry_key
    if important:
        group = 3 if origin == 0 else 2
        return (group, -rank, inline, spec, order, i)
    return (origin, rank, inline, spec, order, i)


def _winners(entries: list[tuple[tuple, list[Decl]]], inline: list[Decl] | None) -> dict[str, Decl]:
    items: list[tuple[tuple, Decl]] = []
    for key, decls in entries:
        for i, d in enumerate(decls):
            items.append((_cascade_key(key, d.important, False, i), d))
    if inline:
        for i, d in enumerate(inline):
            items.append((_cascade_key((1, 10 ** 6, (0, 0, 0), 0), d.important, True, i), d))
    items.sort(key=lambda kv: kv[0])
    out: dict[str, Decl] = {}
    for _, d in items:
        out[d.prop] = d
        if d.prop == "background":  # the shorthand resets the longhands declared before it
            out.pop("background-color", None)
            out.pop("background-image", None)
        elif d.prop == "font":
            out.pop("font-size", None)
            out.pop("font-weight", None)
    return out


def _bolder(parent: int) -> int:
    return 400 if parent < 350 else 700 if parent < 550 else 900


def _lighter(parent: int) -> int:
    return 100 if parent < 550 else 400 if parent < 750 else 700


def _weight(v: str, parent: int | None) -> int | None:
    low = v.strip().lower()
    if low == "normal":
        return 400
    if low == "bold":
        return 700
    if low in ("bolder", "lighter"):
        return None if parent is None else (_bolder(parent) if low == "bolder" else _lighter(parent))
    try:
        n = float(low)
    except ValueError:
        return None
    return int(n) if 1 <= n <= 1000 else None


def _font_shorthand(v: str) -> tuple[str | None, str | None]:
    """(size, weight) parts of a ``font`` shorthand, None when absent."""
    size = weight = None
    for comp in values.components(v):
        low = comp.lower()
        if size is None and (low in ("bold", "bolder", "lighter") or low.isdigit() and len(low) == 3):
            weight = comp
            continue
        head = comp.split("/", 1)[0]
        if size is None and (head.lower() in values.FONT_KEYWORDS or head.lower() in ("smaller", "larger")
                             or values.length(head, values.Ctx(pct=(16.0, 16.0))) is not None):
            size = head
            break
    return size, weight


class _Builder:
    def __init__(self, doc: Document, sheet: Sheet, inline: dict[int, list[Decl]], loose: bool = False):
        self.doc = doc
        self.index = Index(sheet, loose)
        self.inline = inline
        self.out = Computed(unsupported=self.index.unsupported)
        # elements matched by the same rules (and no inline style) win the same declarations
        self.wins: dict[tuple[int, ...], dict[str, Decl]] = {}
        self.like: dict[tuple, Style] = {}  # (rules matched, root, the parent's values) -> the first such style
        # a var() value under the same custom properties (shared down the tree) substitutes alike:
        # (value, id(custom)) -> (custom, substituted)
        self.subs: dict[tuple[str, int], tuple[dict, str | None]] = {}

    def unresolved(self, d: Decl, why: str) -> str:
        key = d.key()
        self.out.unresolved.setdefault(key, f"{d.prop}: {d.value} ({why})")
        return key

    def run(self) -> Computed:
        select.reset()
        try:
            return self._run()
        finally:
            select.reset()

    def _run(self) -> Computed:
        html = next((c for c in self.doc.root.children if isinstance(c, Element)), None)
        empty: frozenset = frozenset()
        stack: list[tuple[Element, Style | None, frozenset]] = [
            (c, None, empty) for c in reversed(self.doc.root.children) if isinstance(c, Element)]
        drawn: set[int] = set()  # the shapes inside an <svg>: styled (a chart's geometry), their text not read
        while stack:
            el, parent, anc = stack.pop()
            st = self.compute(el, parent, el is html, anc)
            self.out.styles[id(el)] = st
            if st.display_none or (el.tag in _TEXT_SKIP and el.tag != "svg"):
                continue
            st.concealed = st.sr_only or st.opacity == 0 or (parent is not None and parent.concealed)
            if el.tag == "svg" or id(el) in drawn:
                drawn.update(id(ch) for ch in el.children if isinstance(ch, Element))
            elif el.tag not in _TEXT_SKIP and not st.invisible and not st.concealed:
                for ch in el.children:
                    if isinstance(ch, Text) and ch.data.strip():
                        self.out.texts.append(TextRun(ch, st))
            kids = [ch for ch in el.children if isinstance(ch, Element)]
            if kids:
                child_anc = anc | own_keys(el)
                for ch in reversed(kids):
                    stack.append((ch, st, child_anc))
        return self.out

    def compute(self, el: Element, parent: Style | None, is_root: bool, anc: frozenset) -> Style:
        hit = [e for e in self.index.candidates(el) if e.need <= anc and matches(e.cx, el)]
        inline = self.inline.get(id(el))
        if inline:
            return self._computed(el, parent, is_root, _winners([(e.key, e.rule.decls) for e in hit], inline))
        ids = tuple(map(id, hit))
        # matched by the same rules under a parent of the same computed values: the same style
        # (as browsers share styles between cousins); every input of _computed is in the key
        key = (ids, is_root, None if parent is None else (
            id(parent.custom), parent.color, parent.font, parent.weight, parent.invisible, parent.transform,
            parent.spacing, tuple(parent.unknown.items())))
        like = self.like.get(key)
        if like is not None:
            st = Style(el, parent, like.custom, dict(like.decls))
            for a in _SHARED:
                setattr(st, a, getattr(like, a))
            st.unknown = dict(like.unknown)
            return st
        got = self.wins.get(ids)
        if got is None:
            got = self.wins[ids] = _winners([(e.key, e.rule.decls) for e in hit], None)
        st = self.like[key] = self._computed(el, parent, is_root, dict(got))
        return st

    def _computed(self, el: Element, parent: Style | None, is_root: bool, win: dict[str, Decl]) -> Style:
        own_custom = {p: d.value for p, d in win.items() if p.startswith("--")}
        inherited_custom = parent.custom if parent is not None else {}
        custom = resolve_customs(inherited_custom, own_custom) if own_custom else inherited_custom
        st = Style(el, parent, custom, win)
        if parent is not None and not win:  # nothing declared: inherit, and that is all
            st.color, st.font, st.weight = parent.color, parent.font, parent.weight
            st.invisible, st.transform, st.spacing = parent.invisible, parent.transform, parent.spacing
            for k in ("color", "font-size", "font-weight"):
                if k in parent.unknown:
                    st.unknown[k] = parent.unknown[k]
            return st
        self._display(st, parent)
        self._font(st, parent, is_root)
        self._color(st, parent)
        self._background(st)
        return st

    def resolved(self, st: Style, prop: str) -> tuple[str | None, Decl | None]:
        """The var()-substituted value declared for ``prop`` (None: unresolved, counted)."""
        d = st.decls.get(prop)
        if d is None:
            return "", None
        if not has_var(d.value):
            return d.value, d
        key = (d.value, id(st.custom))
        got = self.subs.get(key)
        if got is not None and got[0] is st.custom:
            v = got[1]
        else:
            v = substitute(d.value, st.custom.get)
            self.subs[key] = (st.custom, v)
        if v is None:
            st.unknown[prop] = self.unresolved(d, "var() without a value")
        return v, d

    def _display(self, st: Style, parent: Style | None) -> None:
        disp, _ = self.resolved(st, "display")
        st.display_none = (disp or "").strip().lower() == "none"
        vis, _ = self.resolved(st, "visibility")
        low = (vis or "").strip().lower()
        if low in ("hidden", "collapse"):
            st.invisible = True
        elif low == "visible":
            st.invisible = False
        else:
            st.invisible = parent.invisible if parent is not None else False
        op, d = self.resolved(st, "opacity")
        if op:
            t = op.strip()
            try:
                st.opacity = max(0.0, min(1.0, float(t[:-1]) / 100 if t.endswith("%") else float(t)))
            except ValueError:
                st.opacity = None
                if d is not None:
                    st.unknown["opacity"] = self.unresolved(d, "not a number")
        elif op is None:
            st.opacity = None
        st.sr_only = "position" in st.decls and self._sr_only(st)
        for prop, attr in (("text-transform", "transform"), ("letter-spacing", "spacing")):
            v = self.resolved(st, prop)[0] if prop in st.decls else ""
            low = (v or "").strip().lower()
            if low and low not in ("inherit", "unset"):
                setattr(st, attr, low)
            elif parent is not None:
                setattr(st, attr, getattr(parent, attr))

    def _sr_only(self, st: Style) -> bool:
        pos = (self.resolved(st, "position")[0] or "").strip().lower()
        if pos not in ("absolute", "fixed"):
            return False
        clip = (self.resolved(st, "clip")[0] or "").replace(",", " ").lower()
        if clip.startswith("rect(") and all(x in ("0", "0px", "1px", "rect(0", "0)", "1px)", "0px)", "rect(1px")
                                            for x in clip.split()):
            return True
        cp = (self.resolved(st, "clip-path")[0] or "").lower().replace(" ", "")
        if cp in ("inset(50%)", "inset(100%)", "circle(0)", "circle(0px)"):
            return True
        w = values.px(self.resolved(st, "width")[0] or "x")
        h = values.px(self.resolved(st, "height")[0] or "x")
        ov = (self.resolved(st, "overflow")[0] or "").strip().lower()
        return w is not None and h is not None and w <= 1 and h <= 1 and ov in ("hidden", "clip")

    def _font(self, st: Style, parent: Style | None, is_root: bool) -> None:
        pfont = parent.font if parent is not None else (16.0, 16.0)
        pweight = parent.weight if parent is not None else 400
        size_txt, d = self.resolved(st, "font-size")
        weight_txt, wd = self.resolved(st, "font-weight")
        if "font" in st.decls and "font-size" not in st.decls:
            short, d = self.resolved(st, "font")
            if short is None:
                size_txt = weight_txt = None
            elif short:
                s, w = _font_shorthand(short)
                size_txt = s if s is not None else "medium"
                weight_txt, wd = (w if w is not None else "normal"), d
        root_font = _ROOT_FONT  # rem stays 16px: the root size is rarely changed in artifacts
        if size_txt is None:
            st.font = None
        elif not size_txt or size_txt.strip().lower() in ("inherit", "unset"):
            st.font = pfont
        elif pfont is None:
            st.font = None
        else:
            rng = values.font_size(size_txt, pfont, root_font)
            if rng is None and d is not None:
                st.unknown["font-size"] = self.unresolved(d, "font size not resolvable")
            st.font = rng
        if weight_txt is None:
            st.weight = None
        elif not weight_txt or weight_txt.strip().lower() in ("inherit", "unset"):
            st.weight = pweight
        else:
            st.weight = _weight(weight_txt, pweight)
            if st.weight is None and wd is not None:
                st.unknown["font-weight"] = self.unresolved(wd, "font weight not resolvable")
        for k in ("font-size", "font-weight"):
            if parent is not None and k in parent.unknown and k not in st.decls:
                st.unknown.setdefault(k, parent.unknown[k])

    def _color(self, st: Style, parent: Style | None) -> None:
        pcolor = parent.color if parent is not None else colors.RGBA(0.0, 0.0, 0.0, 1.0)
        v, d = self.resolved(st, "color")
        if v is None:
            st.color = None
            return
        low = v.strip().lower()
        if not low or low in ("inherit", "unset", "currentcolor"):
            st.color = pcolor
            if pcolor is None and parent is not None and "color" in parent.unknown:
                st.unknown["color"] = parent.unknown["color"]
            return
        if low in ("initial", "revert", "revert-layer"):
            st.color = colors.RGBA(0.0, 0.0, 0.0, 1.0)
            return
        c = colors.parse_color(v)
        if isinstance(c, colors.RGBA):
            st.color = c
        else:
            st.color = None
            if d is not None:
                st.unknown["color"] = self.unresolved(d, "colour not resolvable")

    def _background(self, st: Style) -> None:
        bgc, dc = self.resolved(st, "background-color")
        img, di = self.resolved(st, "background-image")
        if "background" in st.decls:
            short, ds = self.resolved(st, "background")
            if short is None:
                st.bg = None
                return
            layers = split_top(short)
            final = layers[-1] if layers else ""
            bgc, dc = "transparent", ds
            for comp in values.components(final):
                if colors.parse_color(comp) is not None or comp.lower().startswith(("var(", "color-mix(")):
                    bgc = comp
            has_img = any(x in short.lower() for x in ("url(", "gradient(", "image(", "image-set(", "element("))
            img, di = ("image" if has_img else "none"), ds
        if img and img.strip().lower() not in ("none", "initial", "unset", "inherit") and di is not None:
            st.bg_image = True
            st.unknown["background-image"] = di.key()
            self.out.pending[di.key()] = f"{di.prop}: {di.value} (an image behind text)"
        elif img is None:
            st.bg = None
            return
        if bgc is None:
            st.bg = None
            return
        low = (bgc or "transparent").strip().lower()
        if low in ("transparent", "initial", "unset", "revert", "none"):
            st.bg = colors.TRANSPARENT
        elif low == "currentcolor":
            st.bg = st.color
        else:
            c = colors.parse_color(bgc)
            if isinstance(c, colors.RGBA):
                st.bg = c
            else:
                st.bg = None
                if dc is not None:
                    st.unknown["background-color"] = self.unresolved(dc, "colour not resolvable")


def cascade(doc: Document, sheet: Sheet, inline: dict[int, list[Decl]] | None = None, *,
            loose: bool = False) -> Computed:
    """Computed styles of every element of ``doc`` under ``sheet`` and inline declarations;
    ``loose``: a rule whose selector the engine cannot read counts as matching what the parts it
    reads match (every element, when it reads none), as a browser that reads it might apply it."""
    return _Builder(doc, sheet, inline or {}, loose).run()
