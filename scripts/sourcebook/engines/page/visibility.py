"""Which claim blocks and ledger entries a reader cannot see, computed with the CSS cascade (pure).

``display:none``, ``visibility:hidden``, ``hidden`` and ``aria-hidden`` are read by
``engines.page.prose`` (``E-PAGE-HIDDEN``). This module computes the rest from the page's own
style sheets, inline styles and the browser defaults (``engines.css.cascade``), for every run of
text (a letter or digit in it) inside a claim block or a ledger entry:

- on the element or an ancestor: ``position: absolute`` or ``fixed`` (out of its sentence,
  where it can lie over other text), opacity (or ``filter: opacity()``) of zero, a height or width
  of zero with overflow hidden, an off-screen position, margin or text indent, a transform that
  scales it to nothing, turns it edge-on or moves it away, ``clip-path``, ``clip`` and masks,
  ``zoom`` near zero, ``filter`` contrast of zero or a heavy blur, the screen-reader-only
  pattern (the hidden / visually-hidden classes);
- on the text itself: a font size too small to read, letters drawn on top of each other
  (negative ``letter-spacing``), and text the colour of its background
  (``color``, ``-webkit-text-fill-color``, transparent or within a hair of the ground);
- inside a ``<details>`` that is not open (outside its ``summary``): reported apart, since only
  a contested side must never be folded away.

The desktop screen the cascade assumes is judged always; when the page has conditional rules of
its own (``@media`` with declarations the shipped style sheets lack), a phone screen, a dark
colour scheme and paper are judged too, so a side hidden on phones only is caught.

sourcebook's own unseen brackets around citation numbers (``.ref-sep``) are not judged. An empty
box with a background, positioned over the page, is reported too (``covers``): it can hide
whatever lies under it. Only
plain data comes out, so a gate can cache it by the page's digest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..css import colors, values
from ..css.paint import paint
from ..css.vars import has_var, substitute
from ..html.tree import Text

if TYPE_CHECKING:
    from ..css.cascade import Computed, Style
    from ..css.parse import Decl, Sheet
    from ..html.tree import Document, Element

FOLDED = "inside a <details> that is not open"
_FAR = 300.0  # px: further up or left than this, or
_FAR_OUT = 3000.0  # further right or down than this, is off the screen
_SMALL_FONT = 6.0  # px: nothing sourcebook writes for reading is smaller
_SAME_COLOUR = 1.25  # contrast ratio: text this close to its ground cannot be read
_FUNC = re.compile(r"([a-z0-9-]+)\(([^()]*)\)", re.I)
_ANGLE = re.compile(r"^(-?[\d.]+)(deg|turn|rad|grad)?$")
_APPARATUS = frozenset({"ref-sep"})


@dataclass
class Unseen:
    line: int
    ids: list[str]
    how: str
    ledger: bool  # a ledger entry (else a claim block)
    folded: bool  # only inside a closed <details>

    def to_json(self) -> list:
        return [self.line, self.ids, self.how, self.ledger, self.folded]

    @classmethod
    def from_json(cls, r: list) -> Unseen:
        return cls(r[0], list(r[1]), r[2], r[3], r[4])


def _value(st: Style, prop: str) -> str:
    d = st.decls.get(prop)
    if d is None:
        return ""
    v = d.value if not has_var(d.value) else (substitute(d.value, st.custom.get) or "")
    return " ".join(v.replace("!important", "").split()).lower()


_NO_PCT = values.Ctx(pct=(0.0, 0.0))


def _len(v: str) -> tuple[float, float] | None:
    return values.length(v, _NO_PCT) if v else None


def _angle_edge_on(arg: str) -> bool:
    m = _ANGLE.match(arg.strip())
    if not m:
        return False
    n, unit = float(m.group(1)), m.group(2) or "deg"
    deg = {"deg": n, "turn": n * 360, "rad": n * 57.29578, "grad": n * 0.9}[unit]
    return abs((deg % 180) - 90) < 2


def _factor(arg: str) -> float | None:
    a = arg.strip()
    try:
        return float(a[:-1]) / 100 if a.endswith("%") else float(a)
    except ValueError:
        return None


def _far(r: tuple[float, float] | None) -> bool:
    return r is not None and (r[1] <= -_FAR or r[0] >= _FAR_OUT)


def _transform(v: str) -> str:
    """Why a transform (or the scale/translate/rotate properties, as 'prop:value') hides."""
    for m in _FUNC.finditer(v):
        name, args = m.group(1).lower(), [a for a in re.split(r"[,\s]+", m.group(2).strip()) if a]
        if name.startswith("scale"):
            fs = [_factor(a) for a in args]
            if name == "scale3d":
                fs = fs[:2]
            if any(f is not None and abs(f) < 0.05 for f in fs):
                return f"transform: {m.group(0)} scales it to nothing"
        elif name in ("matrix", "matrix3d"):
            got = [_factor(a) for a in args]
            fs2 = [x for x in got if x is not None]
            if len(fs2) != len(got):
                continue
            if name == "matrix" and len(fs2) == 6:
                a, b, c, d, e, f = fs2
                if abs(a * d - b * c) < 0.01 or abs(e) >= _FAR_OUT or abs(f) >= _FAR_OUT or e <= -_FAR or f <= -_FAR:
                    return f"transform: {m.group(0)[:40]} draws it flat or away"
            elif name == "matrix3d" and len(fs2) == 16:
                if abs(fs2[0] * fs2[5] - fs2[1] * fs2[4]) < 0.01:
                    return f"transform: {m.group(0)[:40]} draws it flat"
        elif name.startswith("translate"):
            if any(_far(_len(a)) for a in args):
                return f"transform: {m.group(0)} moves it off the screen"
        elif name in ("skew", "skewx", "skewy") and any(_angle_edge_on(a) for a in args):
            return f"transform: {m.group(0)} smears it flat"
        elif name in ("rotatex", "rotatey") and args and _angle_edge_on(args[0]):
            return f"transform: {m.group(0)} turns it edge-on"
        elif name == "rotate3d" and len(args) == 4 and _angle_edge_on(args[3]) \
                and (_factor(args[2]) or 0) == 0:
            return f"transform: {m.group(0)} turns it edge-on"
    return ""


def _own(st: Style, el: Element) -> str:
    """Why this element hides everything inside it, or ""."""
    if "ref-sep" in el.classes:
        return "-"  # sourcebook's own unseen brackets: not judged
    if st.sr_only:
        return "the screen-reader-only pattern (position with a 1px clip), as the visually-hidden class"
    if st.opacity is not None and st.opacity < 0.05:
        return f"opacity: {_value(st, 'opacity') or '0'}"
    decls = st.decls
    if not decls:
        return ""
    filt = _value(st, "filter")
    for m in _FUNC.finditer(filt):
        name = m.group(1).lower()
        f = _factor(m.group(2)) if name in ("opacity", "contrast") else None
        if f is not None and f < 0.05:
            return f"filter: {m.group(0)}"
        blur = _len(m.group(2)) if name == "blur" else None
        if blur is not None and blur[0] >= 4:
            return f"filter: {m.group(0)} blurs it beyond reading"
    overflow = " ".join(_value(st, p) for p in ("overflow", "overflow-x", "overflow-y"))
    if "hidden" in overflow or "clip" in overflow:
        for p in ("height", "max-height", "width", "max-width"):
            r = _len(_value(st, p))
            if r is not None and r[1] <= 1:
                return f"{p}: {_value(st, p)} with overflow hidden"
        lh = _value(st, "line-height")
        lhr = _len(lh) if lh and not lh.replace(".", "", 1).isdigit() else ((float(lh), float(lh)) if lh else None)
        if lhr is not None and lhr[1] <= 0.01 and not _value(st, "height"):
            return f"line-height: {lh} with overflow hidden"
    pos = _value(st, "position")
    if pos and pos != "static":
        for p in ("left", "top", "right", "bottom", "inset", "inset-inline-start", "inset-block-start"):
            v = _value(st, p)
            comps = v.split() if p == "inset" else [v]
            for c in comps:
                r = _len(c)
                if r is not None and (r[1] <= -_FAR or r[0] >= _FAR_OUT):
                    return f"{p}: {v} puts it off the screen"
    if pos in ("absolute", "fixed"):
        return f"position: {pos} takes it out of its sentence, where it can lie over other text"
    for p in ("margin-left", "margin-top", "margin-inline-start", "text-indent"):
        r = _len(_value(st, p))
        if r is not None and r[1] <= -_FAR:
            return f"{p}: {_value(st, p)} puts it off the screen"
    margin = _value(st, "margin")
    if margin and any(_far(_len(c)) for c in margin.split()):
        return f"margin: {margin} puts it off the screen"
    why = _transform(_value(st, "transform"))
    if why:
        return why
    scale = _value(st, "scale")
    if scale and any((f := _factor(a)) is not None and abs(f) < 0.05 for a in scale.split()):
        return f"scale: {scale} scales it to nothing"
    translate = _value(st, "translate")
    if translate and any(_far(_len(a)) for a in translate.split()):
        return f"translate: {translate} moves it off the screen"
    rotate = _value(st, "rotate")
    if rotate and rotate.split()[0] in ("x", "y") and len(rotate.split()) > 1 and _angle_edge_on(rotate.split()[-1]):
        return f"rotate: {rotate} turns it edge-on"
    cp = _value(st, "clip-path")
    if cp and cp not in ("none", "initial", "unset", "inherit"):
        return f"clip-path: {cp[:40]} cuts it away"
    for p in ("mask", "mask-image", "-webkit-mask", "-webkit-mask-image"):
        v = _value(st, p)
        if v and v not in ("none", "initial", "unset"):
            return f"{p}: {v[:40]} masks it"
    zoom = _factor(_value(st, "zoom") or "1")
    if zoom is not None and 0 <= zoom < 0.05 and _value(st, "zoom") not in ("", "normal"):
        return f"zoom: {_value(st, 'zoom')}"
    return ""


def _text_reason(st: Style) -> str:
    """Why text drawn with this style cannot be read, or ""."""
    if st.font is not None and st.font[1] < _SMALL_FONT:
        return f"font-size {st.font[1]:g}px"
    if st.spacing not in ("normal", "", "0") and st.font is not None:
        gap = values.length(st.spacing, values.Ctx(em=st.font))
        if gap is not None and gap[1] <= -0.4 * st.font[0]:
            return f"letter-spacing: {st.spacing} draws the letters on top of each other"
    fill = ""
    s: Style | None = st
    while s is not None:  # -webkit-text-fill-color is inherited
        if "-webkit-text-fill-color" in s.decls:
            fill = _value(s, "-webkit-text-fill-color")
            break
        s = s.parent
    fg = st.color
    if fill and fill not in ("currentcolor", "inherit", "initial", "unset"):
        c = colors.parse_color(fill)
        if isinstance(c, colors.RGBA):
            fg = c
    if fg is None:
        return ""
    if fg.a < 0.05:
        return "transparent text"
    seen, _ = paint(st, fg)
    ground, _ = paint(st, None)
    if seen is not None and ground is not None and colors.contrast(seen, ground) < _SAME_COLOUR:
        return "text the colour of its background"
    return ""


def _folded(el: Element) -> bool:
    child = el
    for a in el.ancestors():
        if a.tag == "details" and "open" not in a.attrs:
            if not (child.tag == "summary" and child.parent is a):
                return True
        child = a
    return False


class _Judge:
    def __init__(self, computed: Computed):
        self.c = computed
        self.memo: dict[int, str] = {}

    def hides(self, el: Element) -> str:
        """The first reason on the element or an ancestor ("-": sourcebook's own apparatus)."""
        chain = []
        e: Element | None = el
        why = ""
        while e is not None and e.tag != "#document":
            got = self.memo.get(id(e))
            if got is not None:
                why = got
                break
            chain.append(e)
            st = self.c.style(e)
            why = _own(st, e) if st is not None else ""
            if why:
                break
            e = e.parent
        for x in chain:
            self.memo[id(x)] = why
        return why

    def block(self, el: Element) -> tuple[str, bool]:
        """(why some of its text cannot be seen, whether it is only folded in a <details>)."""
        stack: list = [el]
        while stack:
            node = stack.pop()
            if type(node) is Text:
                if not any(ch.isalnum() for ch in node.data):
                    continue
                parent = node.parent
                if parent is None:
                    continue
                why = self.hides(parent)
                if why == "-":
                    continue
                if not why:
                    st = self.c.style(parent)
                    why = _text_reason(st) if st is not None else ""
                if why:
                    return f"{why} (\"{' '.join(node.data.split())[:40]}\")", False
                continue
            if node.tag in ("script", "style", "template"):
                continue
            stack.extend(reversed(node.children))
        return ("", True) if _folded(el) else ("", False)


# Other screens a page is read on, besides the desktop the cascade assumes: (name, environment,
# media features, media types). A page's own conditional rules are judged in each.
_WORLDS: tuple[tuple[str, dict[str, float], dict[str, str], set[str] | None], ...] = (
    ("on a phone screen", {"width": 375.0, "height": 700.0, "device-width": 375.0, "device-height": 700.0,
                           "aspect-ratio": 0.54, "device-aspect-ratio": 0.54},
     {"orientation": "portrait", "hover": "none", "any-hover": "none", "pointer": "coarse", "any-pointer": "coarse"},
     None),
    ("in a dark colour scheme", {}, {"prefers-color-scheme": "dark"}, None),
    ("on paper", {}, {}, {"all", "print"}),
)


def covers(doc: Document, computed: Computed) -> list[Unseen]:
    """Boxes laid over the page: positioned out of the flow, painted, and holding no text of
    their own (a reader sees the box, not what lies under it)."""
    out = []
    for el in doc.elements:
        st = computed.style(el)
        if st is None or not st.decls or el.tag in ("html", "body"):
            continue
        if _value(st, "position") not in ("absolute", "fixed"):
            continue
        painted = st.bg_image or (st.bg is not None and st.bg.a > 0.5)
        if painted and not any(ch.isalnum() for ch in el.text()):
            out.append(Unseen(el.line, [], f"an empty <{el.tag}> with a background, positioned over the page, "
                                           "can cover what lies under it", False, False))
    return out


def _judge_all(doc: Document, sheet: Sheet, inline: dict[int, list[Decl]], blocks: list[Element],
               entries: list[Element], where: str = "") -> list[Unseen]:
    from ..css.cascade import cascade

    computed = cascade(doc, sheet, inline)
    judge = _Judge(computed)
    out: list[Unseen] = covers(doc, computed) if not where else []
    for ledger, els in ((False, blocks), (True, entries)):
        for el in els:
            how, folded = judge.block(el)
            if how or folded:
                ids = [el.attrs["id"][2:]] if ledger else (el.attrs.get("data-claim") or "").split()
                out.append(Unseen(el.line, ids, f"{how} {where}".strip() if how else FOLDED, ledger, folded))
    return out


def unseen(doc: Document, sheet: Sheet, inline: dict[int, list[Decl]],
           shipped: frozenset[tuple[str, str]] = frozenset()) -> list[Unseen]:
    """Claim blocks and ledger entries with text a reader cannot see (or folded away): on the
    desktop screen, and on a phone, in a dark scheme and on paper when the page has conditional
    rules of its own (declarations the shipped style sheets do not have)."""
    from ..css import conditions

    blocks = [el for el in doc.elements if "data-claim" in el.attrs]
    entries = [el for el in doc.elements if el.tag == "li" and "ledger-entry" in el.classes
               and (el.attrs.get("id") or "").startswith("c-")]
    if not blocks and not entries:
        return []
    out = _judge_all(doc, sheet, inline, blocks, entries)
    own = any(r.conditions and any((d.prop, " ".join(d.value.replace("!important", "").split()).lower())
                                   not in shipped for d in r.decls) for r in sheet.rules)
    if not own:
        return out
    seen = {(u.line, u.ledger) for u in out}
    env, words, types = dict(conditions.ENV), dict(conditions.KEYWORDS), conditions._TYPES_TRUE
    try:
        for name, e, k, t in _WORLDS:
            conditions.ENV.update(e)
            conditions.KEYWORDS.update(k)
            conditions._TYPES_TRUE = t or types
            for u in _judge_all(doc, sheet, inline, blocks, entries, name):
                if (u.line, u.ledger) not in seen and not u.folded:
                    seen.add((u.line, u.ledger))
                    out.append(u)
            conditions.ENV.clear()
            conditions.ENV.update(env)
            conditions.KEYWORDS.clear()
            conditions.KEYWORDS.update(words)
            conditions._TYPES_TRUE = types
    finally:
        conditions.ENV.clear()
        conditions.ENV.update(env)
        conditions.KEYWORDS.clear()
        conditions.KEYWORDS.update(words)
        conditions._TYPES_TRUE = types
    return out
