"""Which claim blocks and ledger entries a reader cannot see, computed with the CSS cascade (pure).

``display:none``, ``visibility:hidden``, ``hidden`` and ``aria-hidden`` are read by
``engines.page.prose`` (``E-PAGE-HIDDEN``). This module computes the rest from the page's own
style sheets, inline styles and the browser defaults (``engines.css.cascade``), for every run of
text (a letter or digit in it) inside a claim block or a ledger entry:

- on the element or an ancestor: ``position: absolute`` or ``fixed`` (out of its sentence,
  where it can lie over other text), opacity (or ``filter: opacity()``) of zero, a height or width
  of zero with overflow hidden, an off-screen position, margin or text indent, a transform that
  scales it to nothing or under half its size, mirrors it, turns it edge-on, upside down or over, or moves it away, ``clip-path``, ``clip`` and masks,
  ``zoom`` near zero, ``filter`` contrast of zero or a blur of a pixel or more, a height with overflow hidden too
  low for the lines its text needs (a scroll box too: the rest lies below a fold), a negative
  ``z-index`` under a box between it and its stacking context that paints a background, the
  screen-reader-only pattern (the hidden / visually-hidden classes);
- on the text itself: a font size too small to read (under 9px, also once combined with
  ``font-size-adjust`` and the scales of its element and ancestors), letters drawn on top of each
  other (negative ``letter-spacing``) or scattered apart (letters over 1em, words over 2em), and
  text the colour of its background
  (``color``, ``-webkit-text-fill-color``, transparent or within a hair of the ground);
- in declarations the shipped style sheets lack: a blend mode, a line clamp that cuts the text,
  a font that is neither theirs nor generic (a symbol font draws letters as pictures), and on
  the text itself an ``invert()``/``brightness()`` filter that turns it the colour of its ground
  (computed), words drawn on top of each other (negative ``word-spacing``) and a text stroke
  that paints the letters over in the ground's colour or blots them;
- in the text of a block: a run of blank space that does not collapse (no-break spaces, kept
  spaces and tabs) wider than a tab stop, which moves words away from the rest of their sentence;
- inside a ``<details>`` that is not open (outside its ``summary``): sourcebook folds only the
  ledger's withdrawn list, which holds no claim block and no ledger entry.

The desktop screen the cascade assumes is judged always; when the page has conditional rules of
its own (``@media`` with declarations the shipped style sheets lack), a phone screen, a dark
colour scheme and paper are judged too, so a side hidden on phones only is caught, and a screen
either side of every width those rules name, so a side hidden in a band of widths is caught;
containers either side of every size the page's ``@container`` rules name, with ``style()``
queries matching and not; and, when a rule of the page's own has a selector the engine cannot
read, the page with that rule matching (fail closed: a browser may read it).

sourcebook's own unseen brackets around citation numbers (``.ref-sep``) are not judged. An empty
box with a background, positioned over the page, is reported too (``covers``): it can hide
whatever lies under it; so is a box with a background pulled or moved onto its neighbours (a
negative margin, a relative offset, a translate); so are an outline or shadow that paints over the text around it and a
relative offset or ``vertical-align`` that moves text out of its line, or a margin, padding or
border inside a claim block
that moves words away from the rest of their sentence, outside the shipped style sheets. Only
plain data comes out, so a gate can cache it by the page's digest.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...base.patterns import lazy
from ...base.record import TupleRecord
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
_SMALL_FONT = 9.0  # px: the smallest text sourcebook writes is 0.8rem; below this nothing is read
_SQUASH = 0.5  # a scale below this on either axis draws text under half its size
_BLUR = 1.0  # px: a blur this wide smears the strokes of text into each other
_MEASURE = 45.0  # em: a reading column no wider than this, when a box states no width
_AVG_GLYPH = 0.45  # em: an ordinary letter (with its space), to count the lines a text needs
_SAME_COLOUR = 1.25  # contrast ratio: text this close to its ground cannot be read
_FUNC = lazy(r"([a-z0-9-]+)\(([^()]*)\)", re.I)
_ANGLE = lazy(r"^(-?[\d.]+)(deg|turn|rad|grad)?$")
_APPARATUS = frozenset({"ref-sep"})


class Unseen(TupleRecord):
    line: int
    ids: list[str]
    how: str
    ledger: bool  # a ledger entry (else a claim block)
    folded: bool  # kept for the cache's rows: a fold is judged like any other way of hiding

    def to_json(self) -> list:
        return [self.line, self.ids, self.how, self.ledger, self.folded]

    @classmethod
    def from_json(cls, r: list) -> Unseen:
        return cls(r[0], list(r[1]), r[2], r[3], r[4])


def _value(st: Style, prop: str) -> str:
    """The declared value of ``prop`` as judged (var() substituted, no ``!important``, single
    spaces, lower case): worked out once per element and property."""
    d = st.decls.get(prop)
    if d is None:
        return ""
    got = st.plain.get(prop)
    if got is not None:
        return got
    if not has_var(d.value):
        got = d.plain()
    else:
        got = " ".join((substitute(d.value, st.custom.get) or "").replace("!important", "").split()).lower()
    st.plain[prop] = got
    return got


_NO_PCT = values.Ctx(pct=(0.0, 0.0))


_LENGTHS: dict[str, tuple[float, float] | None] = {}  # a page says "1rem" and "0" hundreds of times


def _len(v: str) -> tuple[float, float] | None:
    if not v:
        return None
    try:
        return _LENGTHS[v]
    except KeyError:
        got = _LENGTHS[v] = values.length(v, _NO_PCT)
        return got


def _degrees(arg: str) -> float | None:
    """An angle (``45deg``, ``0.5turn``, ``1rad``, ``100grad``, a bare number as degrees) in
    degrees, or None when ``arg`` is not one."""
    m = _ANGLE.match(arg.strip())
    if not m:
        return None
    n, unit = float(m.group(1)), m.group(2) or "deg"
    return {"deg": n, "turn": n * 360, "rad": n * 57.29578, "grad": n * 0.9}[unit]


def _angle_edge_on(arg: str) -> bool:
    deg = _degrees(arg)
    return deg is not None and abs((deg % 180) - 90) < 2


def _turned(arg: str) -> bool:
    """Whether an angle turns text past a quarter either way (upside down, or seen from behind)."""
    deg = _degrees(arg)
    return deg is not None and 92 < deg % 360 < 268


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
            if any(f is not None and abs(f) < _SQUASH for f in fs):
                return f"transform: {m.group(0)} squashes it under half its size"
            if any(f is not None and f < 0 for f in fs):
                return f"transform: {m.group(0)} mirrors it, the words read backwards"
        elif name in ("matrix", "matrix3d"):
            got = [_factor(a) for a in args]
            fs2 = [x for x in got if x is not None]
            if len(fs2) != len(got):
                continue
            if name == "matrix" and len(fs2) == 6:
                a, b, c, d, e, f = fs2
                if abs(a * d - b * c) < 0.01 or abs(e) >= _FAR_OUT or abs(f) >= _FAR_OUT or e <= -_FAR or f <= -_FAR:
                    return f"transform: {m.group(0)[:40]} draws it flat or away"
                if a * d - b * c < 0:
                    return f"transform: {m.group(0)[:40]} mirrors it, the words read backwards"
                if a < 0:
                    return f"transform: {m.group(0)[:40]} turns it upside down"
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
        elif name in ("rotatex", "rotatey") and args and _turned(args[0]):
            return f"transform: {m.group(0)} turns it over, the words read backwards"
        elif name in ("rotate", "rotatez") and args and _turned(args[0]):
            return f"transform: {m.group(0)} turns it upside down"
        elif name == "rotate3d" and len(args) == 4 and _angle_edge_on(args[3]) \
                and (_factor(args[2]) or 0) == 0:
            return f"transform: {m.group(0)} turns it edge-on"
    return ""


_INLINE = frozenset({"span", "a", "b", "i", "em", "strong", "sup", "sub", "q", "abbr", "code", "small", "mark",
                     "cite", "time", "u", "s", "bdi", "dfn", "kbd", "samp", "var", "data"})
_GLYPH = 0.3  # em: narrower than any letter a reader can read, so a box judged too small truly is


def _cut_box(st: Style, el: Element, how: str = "overflow hidden", widths: bool = False) -> str:
    """Why a box with overflow hidden (or a scroll box: ``how``) is too small for its own text (a
    "1ch wide" window on a sentence), or "". Judged with the narrowest plausible letters, so only
    a box no honest layout would draw is named; a width on an inline element draws nothing and is
    left alone."""
    display = _value(st, "display")
    if el.tag in _INLINE and display in ("", "inline", "contents") and not _value(st, "float") \
            and _value(st, "position") not in ("absolute", "fixed"):
        return ""
    text = " ".join(el.text().split())
    if not any(ch.isalnum() for ch in text):
        return ""
    font = st.font[0] if st.font is not None else 16.0
    line = _line_height(st, font)
    ctx = values.Ctx(em=(font, font), lh=(line, line))

    def limit(*props: str) -> tuple[str, float] | None:
        best = None
        for p in props:
            v = _value(st, p)
            r = values.length(v, ctx) if v and "%" not in v else None
            if r is not None and (best is None or r[1] < best[1]):
                best = (f"{p}: {v}", r[1])
        return best

    nowrap = _value(st, "white-space") in ("nowrap", "pre") or _value(st, "text-wrap") == "nowrap" \
        or _value(st, "text-wrap-mode") == "nowrap"
    longest = max((len(w) for w in text.split()), default=0)
    need_w = (len(text) if nowrap else longest) * _GLYPH * font
    w = limit("width", "max-width", "inline-size", "max-inline-size")
    if w is not None and w[1] < need_w:
        return f"{w[0]} with {how} cuts its text (\"{text[:30]}\") to a sliver"
    if widths:
        return ""
    h = limit("height", "max-height", "block-size", "max-block-size")
    if h is not None:
        if _LINES.search(h[0]) and not nowrap:
            # a height in lines (lh, rlh) is a line clamp: a line holds _LINE_CHARS letters on a phone
            shown, need = h[1] / line, -(-len(text) // _LINE_CHARS)
            if shown + 0.01 < need:
                return (f"{h[0]} with {how} shows {shown:.2g} line{'s' if shown != 1 else ''} of the {need} "
                        "its text needs")
        # the lines its text needs (ordinary letters) in its width, or in a reading column when
        # it states none (or a wider one), must fit, or the height cuts sentences away
        if nowrap:
            lines = 1
        else:
            column = min(w[1], _MEASURE * font) if w is not None and w[1] > 0 else _MEASURE * font
            lines = max(1, -(-int(len(text) * _AVG_GLYPH * font * 100) // max(int(column * 100), 1)))
        if h[1] < 0.75 * font * lines:
            return f"{h[0]} with {how} shows less than its text"
    return ""


_LINES = lazy(r"\d(?:r?lh)\b", re.I)


def _line_height(st: Style, font: float) -> float:
    """The height of one line of ``st``'s text in px (a normal line, 1.2em, when none is stated)."""
    got = _inherited(st, "line-height")
    v = _value(got[0], "line-height") if got is not None else ""
    if v in _NONE:
        return 1.2 * font
    n = _factor(v)
    if n is not None and not v.endswith("%"):
        return n * font  # a number is inherited as a number: a multiple of this text's own size
    own = got[0].font[0] if got is not None and got[0].font is not None else font
    r = values.length(v, values.Ctx(em=(own, own), pct=(own, own)))
    return r[1] if r is not None and r[1] > 0 else 1.2 * font


def _foreign(st: Style, prop: str, shipped: frozenset[tuple[str, str]]) -> bool:
    """Whether the winning declaration of ``prop`` is one the shipped style sheets lack."""
    d = st.decls.get(prop)
    return d is not None and (d.prop, d.plain()) not in shipped


_NONE = frozenset({"", "none", "normal", "initial", "unset", "inherit", "revert"})
_LINE_CHARS = 40  # letters a line holds on a phone screen: a clamp to fewer lines than the text needs cuts it


# the properties whose declaration can make _own find a reason, by the step that reads them (the
# others a step reads are only looked at when one of these is declared): a step none of whose
# properties the element declares finds nothing, and is passed over
_BLEND_CLAMP = frozenset({"mix-blend-mode", "background-blend-mode", "-webkit-line-clamp", "line-clamp"})
_OVERFLOWS = frozenset({"overflow", "overflow-x", "overflow-y", "contain"})
_CLIPS = frozenset({"paint", "strict", "content"})  # containment that clips the box's contents as overflow hidden
_SIZED = ("height", "block-size", "min-height", "min-block-size", "contain-intrinsic-size",
          "contain-intrinsic-height", "contain-intrinsic-block-size")  # what gives a size-contained box a height
_MARGINS = frozenset({"margin-left", "margin-top", "margin-inline-start", "text-indent", "margin"})
_MOVES = frozenset({"transform", "scale", "translate", "rotate", "clip-path", "mask", "mask-image", "-webkit-mask",
                    "-webkit-mask-image", "zoom"})
_NOWRAPS = frozenset({"white-space", "text-wrap", "text-wrap-mode"})
_OWN_PROPS = _BLEND_CLAMP | _OVERFLOWS | _MARGINS | _MOVES | _NOWRAPS | {"filter", "position", "z-index"}
# what makes a box a stacking context of its own (besides a position with a z-index): its own
# background is then painted under a negative z-index inside it
_STACKING = ("transform", "scale", "translate", "rotate", "filter", "backdrop-filter", "perspective", "clip-path",
             "mask", "mask-image", "-webkit-mask", "-webkit-mask-image")
_CONTAINS = ("paint", "layout", "strict", "content")


def _flex_item(st: Style) -> bool:
    """A child of a flex or grid container: a z-index applies to it unpositioned."""
    p = st.parent
    return p is not None and _value(p, "display").split()[-1:] in (["flex"], ["inline-flex"], ["grid"], ["inline-grid"])


def _stacking(st: Style) -> bool:
    """Whether this element's box is a stacking context of its own (the usual ways; one missed
    only makes the judge stricter)."""
    pos = _value(st, "position")
    if pos in ("fixed", "sticky"):
        return True
    if _value(st, "z-index") not in ("", "auto") and (pos in ("relative", "absolute") or _flex_item(st)):
        return True
    if st.opacity is not None and st.opacity < 1:
        return True
    if any(_value(st, p) not in _NONE for p in _STACKING) or _value(st, "mix-blend-mode") not in _NONE:
        return True
    if _value(st, "isolation") == "isolate" or any(w in _value(st, "contain") for w in _CONTAINS):
        return True
    if _value(st, "container-type") in ("size", "inline-size"):
        return True
    return any(w in _value(st, "will-change") for w in ("opacity", "transform", "filter", "z-index", "isolation"))


def _behind(st: Style, el: Element) -> str:
    """Why a negative ``z-index`` draws this element under a background painted over it, or "":
    a box with a negative z-index is painted just above its stacking context's own background,
    and under the backgrounds of every box between it and that context (the body's too, when
    the root paints one of its own)."""
    z = _value(st, "z-index")
    try:
        n = int(z)
    except ValueError:
        return ""
    if n >= 0 or (_value(st, "position") in ("", "static") and not _flex_item(st)):
        return ""
    s = st.parent
    while s is not None and s.el.tag != "html":
        if _stacking(s):
            return ""
        painted = s.bg_image or s.bg is None or s.bg.a > 0.05
        root = s.parent
        if painted and s.el.tag == "body" and root is not None and not root.bg_image \
                and root.bg is not None and root.bg.a == 0:
            painted = False  # the body's background is the canvas's when the root paints none
        if painted:
            return f"z-index: {z} draws it under the background of its <{s.el.tag}>"
        s = s.parent
    return ""


_TILT = 15.0  # degrees: text turned further than this either way no longer reads along its line
_TIGHT_LINES = 0.8  # em: lines set closer than this are drawn over each other (and over the next block's)
_NARROW_COLUMN = 8.0  # em: a column narrower than this holds a few letters a line, the words broken apart
_HALO = 0.1  # em: a shadow in the text's own colour reaching this far thickens its letters into blots
_HORIZONTAL = frozenset({"horizontal-tb", "lr", "lr-tb", "rl", "rl-tb"})
_LAYOUT_PROPS = frozenset({"writing-mode", "transform", "rotate", "text-shadow", "line-height", "columns",
                           "column-count", "column-width", "width", "inline-size", "max-width", "max-inline-size"})


def _split_top(v: str) -> list[str]:
    """A comma-separated value's items, commas inside parentheses kept (``rgba(0, 0, 0, .2)``)."""
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in v:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    return out + ["".join(cur)]


def _tilt(st: Style, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a rotation in a declaration the shipped style sheets lack turns text off its line
    (further than ``_TILT`` degrees either way: a quarter turn sets the words sideways), or ""
    (a turn past a quarter is named by ``_own`` as upside down)."""
    import math

    v = _value(st, "transform")
    if v not in _NONE and _foreign(st, "transform", shipped):
        for m in _FUNC.finditer(v):
            name, args = m.group(1).lower(), [a for a in re.split(r"[,\s]+", m.group(2).strip()) if a]
            deg = None
            if name in ("rotate", "rotatez") and args:
                deg = _degrees(args[0])
            elif name == "rotate3d" and len(args) == 4 and (_factor(args[0]) or 0) == 0 \
                    and (_factor(args[1]) or 0) == 0:
                deg = _degrees(args[3])
            elif name == "matrix" and len(args) == 6:
                a, b = _factor(args[0]), _factor(args[1])
                deg = math.degrees(math.atan2(b, a)) if a is not None and b is not None else None
            if deg is not None and _TILT < deg % 360 < 360 - _TILT and not 92 < deg % 360 < 268:
                return f"transform: {m.group(0)[:40]} turns its words off their line"
    r = _value(st, "rotate")
    turn = r.split() if r not in _NONE else []
    if turn and _foreign(st, "rotate", shipped) and (len(turn) == 1 or turn[0] == "z"):
        deg = _degrees(turn[-1])
        if deg is not None and _TILT < deg % 360 < 360 - _TILT and not 92 < deg % 360 < 268:
            return f"rotate: {r} turns its words off their line"
    return ""


def _halo(st: Style, shipped: frozenset[tuple[str, str]]) -> str:
    """Why text shadows in the text's own colour (``currentColor``, no colour, or one a reader
    cannot tell from it), in a declaration the shipped style sheets lack, blot the letters: each
    paints a copy of the glyphs, and copies reaching ``_HALO`` em away run the strokes together."""
    v = _value(st, "text-shadow")
    if v in _NONE or not _foreign(st, "text-shadow", shipped) or st.font is None:
        return ""
    ctx = values.Ctx(em=st.font, pct=(0.0, 0.0))
    ground, _ = paint(st, None)
    blots = 0
    for shadow in _split_top(v):
        lens, colour = [], []
        for tok in values.components(shadow):
            r = values.length(tok, ctx)
            if r is not None:
                lens.append(max(abs(r[0]), abs(r[1])))
            else:
                colour.append(tok)
        c = " ".join(colour)
        rgba = st.color if c in ("", "currentcolor") else colors.parse_color(c)
        if not isinstance(rgba, colors.RGBA) or st.color is None or rgba.a < 0.3:
            continue
        if ground is not None and colors.contrast(colors.over(rgba, ground), colors.over(st.color, ground)) \
                >= _SAME_COLOUR:
            continue
        reach = max(lens[:2], default=0.0) + (lens[2] / 2 if len(lens) > 2 else 0.0)
        if reach >= _HALO * st.font[0]:
            blots += 1
    if blots:
        return f"text-shadow: {v[:40]} paints copies of the letters in their own colour around them, blotting them"
    return ""


def _laid_out(st: Style, el: Element, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a layout declaration the shipped style sheets lack makes the text inside unreadable
    though every letter is drawn, or "": words set sideways (a vertical ``writing-mode`` inside
    the page, a rotation beyond ``_TILT``), letters blotted by shadows of their own colour, lines
    drawn over each other (a ``line-height`` under ``_TIGHT_LINES`` on a block), columns a few
    letters wide, or a box narrower than its unbreakable text with overflow visible (the text
    runs over the words beside it)."""
    wm = _value(st, "writing-mode")
    if wm not in _NONE and wm not in _HORIZONTAL and _foreign(st, "writing-mode", shipped) \
            and el.tag not in ("html", "body"):
        return f"writing-mode: {wm} sets its words sideways inside a horizontal page"
    why = _tilt(st, shipped) or _halo(st, shipped)
    if why:
        return why
    font = st.font if st.font is not None else (16.0, 16.0)
    ctx = values.Ctx(em=font, pct=(0.0, 0.0))
    lh = _value(st, "line-height")
    display = _value(st, "display")
    inline = el.tag in _INLINE and display in ("", "inline", "contents")
    if lh not in _NONE and not inline and _foreign(st, "line-height", shipped):
        n = _factor(lh) if not lh.endswith("%") else None
        r = (n * font[0], n * font[1]) if n is not None else values.length(lh, values.Ctx(em=font, pct=font))
        if r is not None and max(r) < _TIGHT_LINES * font[0]:
            return f"line-height: {lh} draws its lines over each other"
    cols = " ".join(_value(st, p) for p in ("columns", "column-count", "column-width")
                    if _value(st, p) not in _NONE and _value(st, p) != "auto" and _foreign(st, p, shipped))
    if cols:
        width = _MEASURE * font[0]
        for tok in cols.split():
            if tok.isdigit():  # a count: the reading column shared out among that many columns
                width = min(width, _MEASURE * font[0] / max(int(tok), 1))
            elif (r := values.length(tok, ctx)) is not None and r[1] > 0:  # a width (the least a column is)
                width = min(width, r[1])
        if width < _NARROW_COLUMN * font[0]:
            return f"columns ({cols}) set its text in columns a few letters wide"
    if not inline and _value(st, "overflow") in ("", "visible") and any(
            _value(st, p) not in _NONE and _foreign(st, p, shipped)
            for p in ("width", "inline-size", "max-width", "max-inline-size")):
        cut = _cut_box(st, el, "overflow visible", widths=True)
        if cut:
            return cut.split(" with ")[0] + " with overflow visible draws its text over the words beside it"
    return ""


def _own(st: Style, el: Element, shipped: frozenset[tuple[str, str]] = frozenset()) -> str:
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
    if not decls.keys().isdisjoint(_LAYOUT_PROPS):
        why = _laid_out(st, el, shipped)
        if why:
            return why
    present = decls.keys() & _OWN_PROPS
    if not present:
        return ""
    if not present.isdisjoint(_BLEND_CLAMP):
        for p in ("mix-blend-mode", "background-blend-mode"):
            v = _value(st, p)
            if v not in _NONE and _foreign(st, p, shipped):
                return f"{p}: {v} blends it into what lies under it"
        for p in ("-webkit-line-clamp", "line-clamp"):
            v = _value(st, p)
            n = _factor(v.split()[0]) if v not in _NONE else None
            if n is not None and n >= 0 and _foreign(st, p, shipped):
                text = " ".join(el.text().split())
                if len(text) > n * _LINE_CHARS:
                    return f"{p}: {v} cuts its text after {n:g} line{'s' if n != 1 else ''}"
    if "filter" in present:
        filt = _value(st, "filter")
        for m in _FUNC.finditer(filt):
            name = m.group(1).lower()
            f = _factor(m.group(2)) if name in ("opacity", "contrast") else None
            if f is not None and f < 0.05:
                return f"filter: {m.group(0)}"
            blur = _len(m.group(2)) if name == "blur" else None
            if blur is not None and blur[0] >= _BLUR:
                return f"filter: {m.group(0)} blurs it beyond reading"
    if not present.isdisjoint(_OVERFLOWS):
        overflow = " ".join(_value(st, p) for p in ("overflow", "overflow-x", "overflow-y"))
        contain = _value(st, "contain").split()
        how = "overflow hidden"
        if not ("hidden" in overflow or "clip" in overflow) and not _CLIPS.isdisjoint(contain):
            # paint containment clips what overflows the box, as overflow hidden does; size
            # containment (strict) with no height of its own sizes the box as if it were empty
            how = f"contain: {' '.join(contain)} (which clips as overflow hidden does)"
            overflow = "clip"
            inline = el.tag in _INLINE and _value(st, "display") in ("", "inline", "contents")
            if ("strict" in contain or "size" in contain) and not inline and not any(
                    _value(st, p) not in _NONE | {"auto", "0", "none"} for p in _SIZED):
                return f"{how} with no height sizes its box as if it were empty"
        if "hidden" in overflow or "clip" in overflow:
            for p in ("height", "max-height", "width", "max-width"):
                r = _len(_value(st, p))
                if r is not None and r[1] <= 1:
                    return f"{p}: {_value(st, p)} with {how}"
            cut = _cut_box(st, el, how)
            if cut:
                return cut
            lh = _value(st, "line-height")
            lhr = _len(lh) if lh and not lh.replace(".", "", 1).isdigit() else ((float(lh), float(lh)) if lh else None)
            if lhr is not None and lhr[1] <= 0.01 and not _value(st, "height"):
                return f"line-height: {lh} with overflow hidden"
        elif "auto" in overflow or "scroll" in overflow:
            # a scroll box lower than its text shows the first lines; the rest sits below a fold
            # most readers never scroll, as hidden as if it were cut
            for p in ("height", "max-height", "width", "max-width"):
                r = _len(_value(st, p))
                if r is not None and r[1] <= 1:
                    return f"{p}: {_value(st, p)} with overflow auto or scroll"
            cut = _cut_box(st, el, "overflow auto or scroll (a scroll box)")
            if cut:
                return cut + ": the rest lies below a fold a reader must scroll"
    if not present.isdisjoint(_NOWRAPS):
        why = _unwrapped(st, el)
        if why:
            return why
    if "position" in present:
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
    if "z-index" in present:
        why = _behind(st, el)
        if why:
            return why
    if not present.isdisjoint(_MARGINS):
        for p in ("margin-left", "margin-top", "margin-inline-start", "text-indent"):
            r = _len(_value(st, p))
            if r is not None and r[1] <= -_FAR:
                return f"{p}: {_value(st, p)} puts it off the screen"
        margin = _value(st, "margin")
        if margin and any(_far(_len(c)) for c in margin.split()):
            return f"margin: {margin} puts it off the screen"
    if not present.isdisjoint(_MOVES):
        why = _transform(_value(st, "transform"))
        if why:
            return why
        scale = _value(st, "scale")
        if scale and any((f := _factor(a)) is not None and abs(f) < 0.05 for a in scale.split()):
            return f"scale: {scale} scales it to nothing"
        if scale and any((f := _factor(a)) is not None and abs(f) < _SQUASH for a in scale.split()):
            return f"scale: {scale} squashes it under half its size"
        if scale and any((f := _factor(a)) is not None and f < 0 for a in scale.split()):
            return f"scale: {scale} mirrors it, the words read backwards"
        translate = _value(st, "translate")
        if translate and any(_far(_len(a)) for a in translate.split()):
            return f"translate: {translate} moves it off the screen"
        rotate = _value(st, "rotate")
        if rotate and rotate.split()[0] in ("x", "y") and len(rotate.split()) > 1 and _angle_edge_on(rotate.split()[-1]):
            return f"rotate: {rotate} turns it edge-on"
        turn = rotate.split() if rotate else []
        if turn and _turned(turn[-1]) and (len(turn) == 1 or turn[0] in ("z", "x", "y")):
            return f"rotate: {rotate} turns it {'upside down' if turn[0] != 'x' and turn[0] != 'y' else 'over'}"
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


def _unwrapped(st: Style, el: Element) -> str:
    """Why text kept on one line (``white-space: nowrap`` or ``pre``, ``text-wrap: nowrap``) is
    wider than the room it has, or "": the narrowest screen (a phone 320px wide), or a box
    around it that clips (overflow hidden, paint containment) and states a narrower width. The
    rest of the line runs off the right edge of the screen or is cut at the box's. Judged with
    the narrowest letters, so a short label kept whole (a date, a figure with its unit) passes."""
    ws = _value(st, "white-space").split()
    nowrap = "nowrap" in ws or "nowrap" in _value(st, "text-wrap").split() or _value(st, "text-wrap-mode") == "nowrap"
    pre = ws == ["pre"]
    if not nowrap and not pre:
        return ""
    raw = el.text()
    longest = max((" ".join(ln.split()) for ln in (raw.split("\n") if pre else [raw])), key=len, default="")
    if not any(ch.isalnum() for ch in longest):
        return ""
    font = st.font[0] if st.font is not None else 16.0
    room, where = values.VIEWPORT_W[0], f"a phone screen {values.VIEWPORT_W[0]:g}px wide"
    s = st.parent
    while s is not None:
        overflow = " ".join(_value(s, p) for p in ("overflow", "overflow-x"))
        if "hidden" in overflow or "clip" in overflow or not _CLIPS.isdisjoint(_value(s, "contain").split()):
            f = s.font[0] if s.font is not None else 16.0
            for p in ("width", "max-width", "inline-size", "max-inline-size"):
                v = _value(s, p)
                r = values.length(v, values.Ctx(em=(f, f))) if v and "%" not in v else None
                if r is not None and r[1] < room:
                    room, where = r[1], f"the <{s.el.tag}> around it ({p}: {v}) that clips it"
        s = s.parent
    if len(longest) * _GLYPH * font > room:
        how = f"white-space: {' '.join(ws)}" if "nowrap" in ws or pre else "text-wrap: nowrap"
        return (f"{how} keeps its text (\"{longest[:30]}\") on one line wider than {where}: the rest runs "
                "off the edge")
    return ""


_GENERIC = frozenset({"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
                      "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "-apple-system",
                      "blinkmacsystemfont", "inherit", "initial", "unset", "revert"})


def families(value: str) -> list[str]:
    """The family names of a ``font-family`` value (or the family part of a ``font`` shorthand)."""
    out = []
    for part in value.split(","):
        name = " ".join(part.replace('"', " ").replace("'", " ").split()).lower()
        if name:
            out.append(name)
    return out


def shipped_families(shipped: frozenset[tuple[str, str]]) -> frozenset[str]:
    """Every family the shipped style sheets name, and the generic families."""
    out = set(_GENERIC)
    for prop, v in shipped:
        if prop in ("font-family", "font") or prop.startswith("--font"):
            out.update(families(v))
    return frozenset(out)


def _inherited(st: Style, *props: str) -> tuple[Style, str] | None:
    """The nearest style (itself or an ancestor) declaring one of ``props``, and which."""
    s: Style | None = st
    while s is not None:
        for p in props:
            if p in s.decls:
                return s, p
        s = s.parent
    return None


_PICTURE_FONT = lazy(r"wingding|webding|dingbat|symbol|marlett|mdl2|segoe fluent|icon|awesome|glyph|"
                     r"emoji|bookshelf|ms outlook|ms reference specialty|zapf|fontello|ico ?moon", re.I)


def _font_reason(st: Style, shipped: frozenset[tuple[str, str]], known: frozenset[str]) -> str:
    got = _inherited(st, "font-family", "font")
    if got is None or not _foreign(got[0], got[1], shipped):
        return ""
    v = _value(got[0], got[1])
    if got[1] == "font":  # the family list follows the size: "italic 16px/1.4 Wingdings, serif"
        words = v.split(",", 1)
        head = words[0].split()
        at = max((i for i, w in enumerate(head) if any(ch.isdigit() for ch in w)), default=-1)
        if at < 0:
            return ""  # a keyword (caption, menu, ...) or a value the cascade ignores
        v = " ".join(head[at + 1:]) + ("," + words[1] if len(words) > 1 else "")
    # a font a page cannot bring (@font-face is refused) is one installed on the reader's machine:
    # ordinary text faces draw letters as letters; the installed picture fonts do not
    strange = [f for f in families(v) if f not in known and _PICTURE_FONT.search(f)]
    if strange:
        return (f"{got[1]}: {v[:40]} names a font the shipped style sheets do not ({strange[0]}), which can draw "
                "its letters as pictures")
    return ""


def _invert(c, p: float):

    p = min(max(p, 0.0), 1.0)
    r, g, b = (x * (1 - p) + (1 - x) * p for x in (c.r, c.g, c.b))
    return colors.RGBA(r, g, b, c.a)


def _bright(c, k: float):

    r, g, b = (min(max(x * k, 0.0), 1.0) for x in (c.r, c.g, c.b))
    return colors.RGBA(r, g, b, c.a)


def _filtered(st: Style, fg, ground):
    """The text colour and its ground after the ``invert()`` and ``brightness()`` filters of the
    element and its ancestors: a filter recolours the ground too only where a background is
    painted inside the filtered element."""
    painted = False
    s: Style | None = st
    while s is not None:
        if s.bg is not None and s.bg.a > 0:
            painted = True
        if "filter" not in s.decls:
            s = s.parent
            continue
        for m in _FUNC.finditer(_value(s, "filter")):
            name, f = m.group(1).lower(), _factor(m.group(2) or "1")
            if f is None or name not in ("invert", "brightness"):
                continue
            fn = _invert if name == "invert" else _bright
            fg = fn(fg, f)
            if painted:
                ground = fn(ground, f)
        s = s.parent
    return fg, ground


def _text_reason(st: Style, shipped: frozenset[tuple[str, str]] = frozenset(),
                 known: frozenset[str] = _GENERIC) -> str:
    """Why text drawn with this style cannot be read, or ""."""
    if st.font is not None and st.font[0] < _SMALL_FONT:
        if st.font[0] == st.font[1]:
            return f"font-size {st.font[1]:g}px"
        # a size in viewport units is as small as the narrowest screen draws it (a phone)
        return f"font-size {st.font[0]:.3g}px on a screen {values.VIEWPORT_W[0]:g}px wide (viewport units)"
    if st.spacing not in ("normal", "", "0") and st.font is not None:
        gap = values.length(st.spacing, values.Ctx(em=st.font))
        if gap is not None and gap[1] <= -0.4 * st.font[0]:
            return f"letter-spacing: {st.spacing} draws the letters on top of each other"
    got = _inherited(st, "word-spacing")
    if got is not None and st.font is not None:
        ws = _value(got[0], "word-spacing")
        gap = values.length(ws, values.Ctx(em=st.font)) if ws not in _NONE else None
        if gap is not None and gap[1] <= -0.25 * st.font[0]:
            return f"word-spacing: {ws} draws the words on top of each other"
    why = _spread(st) or _small_drawn(st) or _font_reason(st, shipped, known)
    if why:
        return why
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
    why = _stroked(st, ground, shipped)
    if why:
        return why
    if seen is not None and ground is not None and colors.contrast(seen, ground) < _SAME_COLOUR:
        return "text the colour of its background"
    if seen is not None and ground is not None:
        seen2, ground2 = _filtered(st, seen, ground)
        if (seen2, ground2) != (seen, ground) and colors.contrast(seen2, ground2) < _SAME_COLOUR:
            return "a filter (invert() or brightness()) that turns the text the colour of its background"
    return ""


_SPREAD = 1.0  # em: letters (or words) set further apart than this no longer read as one word (or sentence)
_ADJUST = {"ex-height": 0.5, "cap-height": 0.7, "ch-width": 0.5, "ic-width": 1.0, "ic-height": 1.0}


def _spread(st: Style) -> str:
    """Why letters or words set far apart scatter the text down the page, or "" (a positive
    ``letter-spacing`` over an em, a positive ``word-spacing`` over two)."""
    if st.font is None:
        return ""
    if st.spacing not in ("normal", "", "0"):
        gap = values.length(st.spacing, values.Ctx(em=st.font, pct=(0.0, 0.0)))
        if gap is not None and gap[0] > _SPREAD * st.font[1]:
            return f"letter-spacing: {st.spacing} scatters the letters apart"
    got = _inherited(st, "word-spacing")
    if got is not None:
        ws = _value(got[0], "word-spacing")
        gap = values.length(ws, values.Ctx(em=st.font, pct=(0.0, 0.0))) if ws not in _NONE else None
        if gap is not None and gap[0] > 2 * _SPREAD * st.font[1]:
            return f"word-spacing: {ws} scatters the words apart"
    return ""


def _scale_of(st: Style) -> float:
    """The smallest factor the element's own transforms, ``scale`` and ``zoom`` draw it at (1 when none)."""
    k = 1.0
    for m in _FUNC.finditer(_value(st, "transform")):
        name, args = m.group(1).lower(), [a for a in re.split(r"[,\s]+", m.group(2).strip()) if a]
        fs = [f for f in (_factor(a) for a in args) if f is not None]
        if name in ("scale", "scalex", "scaley", "scale3d") and fs:
            k *= min(abs(f) for f in (fs[:2] if name == "scale3d" else fs))
        elif name == "matrix" and len(fs) == 6:
            a, b, c, d = fs[:4]
            k *= min((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5)
    fs = [f for f in (_factor(a) for a in _value(st, "scale").split()) if f is not None]
    if fs:
        k *= min(abs(f) for f in fs[:2])
    zoom = _factor(_value(st, "zoom")) if _value(st, "zoom") not in _NONE else None
    if zoom is not None and zoom > 0:
        k *= zoom
    return k


def _small_drawn(st: Style) -> str:
    """Why text is drawn too small to read once its size is combined with what shrinks it (the
    scales of the element and its ancestors, ``font-size-adjust``), or ""."""
    if st.font is None:
        return ""
    size, how = st.font[0], []
    got = _inherited(st, "font-size-adjust")
    if got is not None:
        v = _value(got[0], "font-size-adjust").split()
        n = _factor(v[-1]) if v and v[-1] not in _NONE else None
        if n is not None and n >= 0:
            size *= n / _ADJUST.get(v[0] if len(v) > 1 else "ex-height", 0.5)
            how.append(f"font-size-adjust: {' '.join(v)}")
    s: Style | None = st
    k = 1.0
    while s is not None:
        if s.decls.keys() & {"transform", "scale", "zoom"}:
            f = _scale_of(s)
            if f != 1.0:
                k *= f
                how.append(f"a scale of {f:g}")
        s = s.parent
    size *= k
    if how and size < _SMALL_FONT:
        return f"font-size {st.font[0]:.3g}px drawn at {size:.3g}px ({', '.join(how)})"
    return ""


_STROKE_ERASES = 0.08  # em: a stroke this thick in the ground's colour, painted over the letters, erases them
_STROKE_BLOTS = 0.25  # em: a stroke this thick turns letters into blots


def _stroked(st: Style, ground, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a text stroke (``-webkit-text-stroke``) outside the shipped style sheets paints the
    letters away: in the colour of the ground, or so thick the letters run into blots; or ""."""
    got = _inherited(st, "-webkit-text-stroke", "-webkit-text-stroke-width")
    if got is None or st.font is None or not _foreign(got[0], got[1], shipped):
        return ""
    v = _value(got[0], got[1])
    ctx = values.Ctx(em=st.font, pct=(0.0, 0.0))
    width = None
    rest = []
    for tok in v.split():
        r = values.length(tok, ctx) if width is None else None
        if r is not None:
            width = r[1]
        else:
            rest.append(tok)
    if width is None:
        width = {"thin": 1.0, "medium": 3.0, "thick": 5.0}.get(rest[0] if rest else "", 0.0)
    if width <= 0:
        return ""
    colour = " ".join(t for t in rest if t not in ("thin", "medium", "thick"))
    got_c = _inherited(st, "-webkit-text-stroke-color")
    if got_c is not None:
        colour = _value(got_c[0], "-webkit-text-stroke-color")
    c = colors.parse_color(colour) if colour and colour != "currentcolor" else st.color
    order = _inherited(st, "paint-order")
    behind = order is not None and _value(order[0], "paint-order").split()[:1] == ["stroke"]
    em = st.font[1]
    if behind:  # under the letters: only what reaches past them paints over the text around
        if width / 2 > _PAINT_OVER:
            return f"{got[1]}: {v[:40]} paints over the text around it"
        return ""
    if isinstance(c, colors.RGBA) and c.a > 0.05 and ground is not None and width >= _STROKE_ERASES * em \
            and colors.contrast(colors.over(c, ground), ground) < _SAME_COLOUR:
        return f"{got[1]}: {v[:40]} paints the letters over in the colour of their background"
    if width >= _STROKE_BLOTS * em:
        return f"{got[1]}: {v[:40]} thickens the letters into blots"
    return ""


def _folded(el: Element) -> bool:
    """Inside a closed ``<details>``: sourcebook folds only its ledger's withdrawn list, which
    holds no claim block and no ledger entry."""
    child = el
    for a in el.ancestors():
        if a.tag == "details" and "open" not in a.attrs:
            if not (child.tag == "summary" and child.parent is a):
                return True
        child = a
    return False


class _Judge:
    def __init__(self, computed: Computed, shipped: frozenset[tuple[str, str]] = frozenset()):
        self.c = computed
        self.shipped = shipped
        self.known = shipped_families(shipped)
        self.memo: dict[int, str] = {}
        self.texts: dict[int, str] = {}  # id(Style) -> why text drawn with it cannot be read
        self.blanks: dict[int, tuple[bool, float]] = {}  # id(Style) -> _kept_blanks of it

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
            why = _own(st, e, self.shipped) if st is not None else ""
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
                    if st is not None:
                        got = self.texts.get(id(st))
                        if got is None:
                            got = self.texts[id(st)] = _text_reason(st, self.shipped, self.known)
                        why = got
                if why:
                    return f"{why} (\"{' '.join(node.data.split())[:40]}\")", False
                continue
            if node.tag in ("script", "style", "template"):
                continue
            stack.extend(reversed(node.children))
        gap = self.blank_run(el)
        if gap:
            return gap, False
        return (f"{FOLDED}, which sourcebook never writes around it", False) if _folded(el) else ("", False)

    def blank_run(self, el: Element) -> str:
        """Why a run of blank space that does not collapse (no-break spaces, or spaces and tabs
        where ``white-space`` keeps them, a tab as wide as its ``tab-size``) pushes words away
        from the rest of their sentence, or ""."""
        run, widest, prev_collapsed = 0.0, 0.0, False
        stack: list = [el]
        while stack:
            node = stack.pop()
            if type(node) is not Text:
                if node.tag not in ("script", "style", "template"):
                    stack.extend(reversed(node.children))
                continue
            st = self.c.style(node.parent) if node.parent is not None else None
            if st is None:
                keep, tab = False, 8.0
            else:
                got = self.blanks.get(id(st))
                if got is None:
                    got = self.blanks[id(st)] = _kept_blanks(st)
                keep, tab = got
            run, widest, prev_collapsed = _blanks(node.data, keep, tab, run, widest, prev_collapsed)
        widest = max(widest, run)
        if widest > _BLANK_RUN:
            return (f"a run of blank space {widest:g} spaces wide that does not collapse (no-break spaces, "
                    "or kept spaces and tabs) moves words away from the rest of their sentence")
        return ""


_HARD_SPACES = frozenset("\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
                         "\u202f\u205f\u3000")
_SOFT_SPACES = " \t\n\r\f"  # the spaces white-space collapses
_BLANK_RUN = 8.0  # spaces: a gap wider than a tab stop inside a sentence reads as a break in it


Blanks = tuple[float, float, bool]  # (the open run's width, the widest run closed, last space collapsed)


def _blanks(data: str, keep: bool, tab: float, run: float, widest: float, collapsed: bool) -> Blanks:
    """The blank runs of one text, carried on from the text before it."""
    if not keep and not any(h in data for h in _HARD_SPACES):
        return _collapsed_blanks(data, run, widest, collapsed)
    for ch in data:
        if ch in _HARD_SPACES:
            run, collapsed = run + 1, False
        elif ch in _SOFT_SPACES:
            if keep:
                run += tab if ch == "\t" else 1
            elif not collapsed:
                run, collapsed = run + 1, True
        else:
            widest, run, collapsed = max(widest, run), 0.0, False
    return run, widest, collapsed


def _collapsed_blanks(data: str, run: float, widest: float, collapsed: bool) -> Blanks:
    """``_blanks`` of a text whose spaces all collapse: each run of them is one space wide, so
    it is read by its runs, not character by character (a page of a thousand claims holds half a
    million characters)."""
    rest = data.lstrip(_SOFT_SPACES)
    if len(rest) < len(data) and not collapsed:
        run, collapsed = run + 1, True
    if rest:
        core = rest.rstrip(_SOFT_SPACES)
        widest = max(widest, run, 1.0 if any(c in core for c in _SOFT_SPACES) else 0.0)
        run, collapsed = (1.0, True) if len(core) < len(rest) else (0.0, False)
    return run, widest, collapsed


def _kept_blanks(st: Style) -> tuple[bool, float]:
    """(whether spaces and tabs are kept as written rather than collapsed, a tab's width in spaces)."""
    got = _inherited(st, "white-space", "white-space-collapse")
    keep = False
    if got is not None:
        v = _value(got[0], got[1]).split()
        keep = bool(v) and v[0] in ("pre", "pre-wrap", "break-spaces", "preserve", "preserve-spaces")
    tab = 8.0
    ts = _inherited(st, "tab-size", "-moz-tab-size")
    if keep and ts is not None:
        size = _value(ts[0], ts[1])
        n = _factor(size)
        if n is not None:
            tab = n
        else:
            font = st.font if st.font is not None else (16.0, 16.0)
            r = values.length(size, values.Ctx(em=font, pct=(0.0, 0.0)))
            tab = tab if r is None else r[1] / (0.25 * font[1])  # a space is about a quarter em
    return keep, tab


# Other screens a page is read on, besides the desktop the cascade assumes: (name, environment,
# media features, media types). A page's own conditional rules are judged in each.
_WORLDS: tuple[tuple[str, dict[str, float], dict[str, str], set[str] | None], ...] = (
    ("on a phone screen", {"width": 375.0, "height": 700.0, "device-width": 375.0, "device-height": 700.0,
                           "aspect-ratio": 0.54, "device-aspect-ratio": 0.54},
     {"orientation": "portrait", "hover": "none", "any-hover": "none", "pointer": "coarse", "any-pointer": "coarse"},
     None),
    ("in a dark colour scheme", {}, {"prefers-color-scheme": "dark"}, None),
    # most phones and many laptops draw two or three device pixels to a CSS pixel
    ("on a high-resolution screen", {"resolution": 2.0}, {}, None),
    ("on a high-resolution screen", {"resolution": 3.0}, {}, None),
    ("on paper", {}, {}, {"all", "print"}),
)


_WIDTH_AT = lazy(r"(\d+(?:\.\d+)?)\s*(px|em|rem)\b", re.I)
_MAX_WIDTHS = 12  # thresholds: a page's own breakpoints are a handful


def _marks(sheet: Sheet, shipped: frozenset[tuple[str, str]], kind: str, sizes: tuple[str, ...]) -> list[float]:
    """Each side of every size (in px) the page's own ``@kind`` rules name, for the features ``sizes``."""
    marks: set[float] = set()
    for r in sheet.rules:
        if not r.conditions or all((d.prop, d.plain()) in shipped for d in r.decls):
            continue
        for name, prelude in r.conditions:
            if name.lower() != kind or not any(f in prelude.lower() for f in sizes):
                continue
            for m in _WIDTH_AT.finditer(prelude):
                marks.add(float(m.group(1)) * (1.0 if m.group(2).lower() == "px" else 16.0))
    return sorted({x for t in sorted(marks)[:_MAX_WIDTHS] for x in (t - 1, t, t + 1) if x >= 0})


def _widths(sheet: Sheet, shipped: frozenset[tuple[str, str]]) -> list[tuple[str, dict[str, float], dict[str, str],
                                                                             set[str] | None]]:
    """Screens as wide as each side of every width a page's own ``@media`` rules name, so a
    side hidden only in a band of widths (a tablet, a narrow window) is judged too."""
    out: list[tuple[str, dict[str, float], dict[str, str], set[str] | None]] = []
    for w in _marks(sheet, shipped, "media", ("width",)):
        if w > 0:
            out.append((f"on a screen {w:g}px wide", {"width": w, "device-width": w, "aspect-ratio": w / 800.0,
                                                       "device-aspect-ratio": w / 800.0}, {}, None))
    return out


def _boxes(sheet: Sheet, shipped: frozenset[tuple[str, str]]) -> list[tuple[str, dict[str, float], bool]]:
    """Containers of each size either side of every size a page's own ``@container`` rules name,
    and with the queries no static reading answers (``style()``) both matching and not: a
    container's size is not known before layout, so a side hidden in any of them is judged."""
    if not any(name.lower() == "container" for r in sheet.rules for name, _ in r.conditions
               if not all((d.prop, d.plain()) in shipped for d in r.decls)):
        return []
    out: list[tuple[str, dict[str, float], bool]] = [
        ("where the page's container queries on style or scroll state do not match", {}, False)]
    for w in _marks(sheet, shipped, "container", ("width", "height", "inline-size", "block-size")):
        out.append((f"in a container {w:g}px across", {"width": w, "height": w, "inline-size": w, "block-size": w,
                                                      "aspect-ratio": 1.0}, True))
    return out


_PAINT_OVER = 4.0  # px: an outline, or a shadow's offset or spread, wider than this can cover a neighbour's text
_BLUR_OVER = 16.0  # px: a shadow's blur wider than this can smear over a neighbour's text
_NUDGE = 1.0  # em: a relative offset further than this moves text out of its line or row


def _paints_over(st: Style, shipped: frozenset[tuple[str, str]]) -> str:
    """Why an outline or a shadow of this element can paint over text next to it, or ""."""
    font = st.font if st.font is not None else (16.0, 16.0)
    ctx = values.Ctx(em=font, pct=(0.0, 0.0))

    def px(tok: str) -> float | None:
        r = values.length(tok, ctx)
        return None if r is None else max(abs(r[0]), abs(r[1]))

    for p in ("outline", "outline-width", "outline-offset"):
        v = _value(st, p)
        if v in _NONE or not _foreign(st, p, shipped) or (p != "outline-offset" and "none" in v.split()):
            continue
        if p == "outline-offset" and _value(st, "outline") in _NONE | {"0"} and not _value(st, "outline-width"):
            continue
        widths = [w for w in (px(t) for t in v.split()) if w is not None]
        if any(w > _PAINT_OVER for w in widths):
            return f"{p}: {v[:40]} paints over the text around it"
    for p in ("box-shadow", "text-shadow"):
        v = _value(st, p)
        if v in _NONE or not _foreign(st, p, shipped):
            continue
        for shadow in v.split(","):
            lens = [px(t) for t in shadow.split()]
            nums = [x for x in lens if x is not None]
            # offset-x, offset-y, blur, spread (a box's shadow only has a spread)
            if any(x > _PAINT_OVER for x in nums[:2]) or any(x > _BLUR_OVER for x in nums[2:3]) \
                    or any(x > _PAINT_OVER for x in nums[3:4]):
                return f"{p}: {v[:40]} paints over the text around it"
    return ""


def _nudged(st: Style, el: Element, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a relative (or sticky) offset moves this element's text out of its line or row, or ""."""
    if _value(st, "position") not in ("relative", "sticky") or not any(ch.isalnum() for ch in el.text()):
        return ""
    far = _farther(st, _OFFSETS, shipped)
    return f"position: {_value(st, 'position')}; {far[0]}: {far[1]} moves its text out of its line or row" if far else ""


_OFFSETS = ("top", "left", "right", "bottom", "inset", "inset-block", "inset-inline", "inset-block-start",
            "inset-block-end", "inset-inline-start", "inset-inline-end")


def _farther(st: Style, props: tuple[str, ...], shipped: frozenset[tuple[str, str]]) -> tuple[str, str] | None:
    """The first of ``props`` that a declaration outside the shipped style sheets sets further
    than a relative offset may move text (``_NUDGE`` em), with its value; or None."""
    font = st.font if st.font is not None else (16.0, 16.0)
    ctx = values.Ctx(em=font, pct=(0.0, 0.0))
    for p in props:
        v = _value(st, p)
        if v in _NONE or v == "auto" or not _foreign(st, p, shipped):
            continue
        for c in v.split():
            r = values.length(c, ctx)
            if r is not None and max(abs(r[0]), abs(r[1])) > _NUDGE * font[0]:
                return p, v
    return None


_GAPS = ("margin", "margin-top", "margin-bottom", "margin-left", "margin-right", "margin-block", "margin-inline",
         "margin-block-start", "margin-block-end", "margin-inline-start", "margin-inline-end",
         "padding", "padding-top", "padding-bottom", "padding-left", "padding-right", "padding-block",
         "padding-inline", "padding-block-start", "padding-block-end", "padding-inline-start", "padding-inline-end")


# a border is drawn between the words as a margin or padding is: its width moves them apart
_BORDERS = ("border", "border-left", "border-right", "border-top", "border-bottom", "border-width",
            "border-left-width", "border-right-width", "border-top-width", "border-bottom-width",
            "border-inline", "border-block", "border-inline-start", "border-inline-end", "border-block-start",
            "border-block-end", "border-inline-width", "border-block-width", "border-inline-start-width",
            "border-inline-end-width", "border-block-start-width", "border-block-end-width")
_LINE_HEIGHT = 1.2  # em: the line height a percentage of ``vertical-align`` is taken of, when none is stated


def _lifted(st: Style, el: Element, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a ``vertical-align`` outside the shipped style sheets raises or lowers text out of
    its line (further than a relative offset may), or ""."""
    v = _value(st, "vertical-align")
    if not v or not _foreign(st, "vertical-align", shipped) or not any(ch.isalnum() for ch in el.text()):
        return ""
    font = st.font if st.font is not None else (16.0, 16.0)
    if v.endswith("%"):
        f = _factor(v)
        shift = None if f is None else abs(f) * _LINE_HEIGHT * font[1]
    else:
        r = values.length(v, values.Ctx(em=font, pct=(0.0, 0.0)))
        shift = None if r is None else max(abs(r[0]), abs(r[1]))
    if shift is not None and shift > _NUDGE * font[0]:
        return f"vertical-align: {v} moves its text out of its line"
    return ""


def _in_claim(el: Element) -> bool:
    up = el.parent
    while up is not None:
        if "data-claim" in up.attrs:
            return True
        up = up.parent
    return False


def _gapped(st: Style, el: Element, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a margin or padding inside a claim block moves words away from the rest of their
    sentence (further than a relative offset may), or ""."""
    if st.decls.keys().isdisjoint(_GAPS + _BORDERS) or not _in_claim(el) or not any(ch.isalnum() for ch in el.text()):
        return ""
    far = _farther(st, _GAPS + _BORDERS, shipped)
    return f"{far[0]}: {far[1]} inside a claim block moves its words away from the rest of their sentence" if far else ""


# what covers reads first: an element declaring none of these paints over nothing
_COVER_PROPS = frozenset({"outline", "outline-width", "outline-offset", "box-shadow", "text-shadow", "position",
                          *_GAPS, *_BORDERS, "vertical-align", "transform", "translate", "height", "max-height",
                          "block-size", "max-block-size"})
_MARGIN_SIDES = tuple(p for p in _GAPS if p.startswith("margin"))


def _pulled_over(st: Style, el: Element, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a box that paints a background is drawn over the text beside it, or "": pulled onto
    its neighbours by a negative margin, or moved onto them by a relative offset or a translate,
    further than an outline may reach (4px), in declarations the shipped style sheets lack. The
    gate lays out no page, so it cannot tell what lies there: a claim's last line as well as
    empty space."""
    if not (st.bg_image or (st.bg is not None and st.bg.a > 0.05)):
        return ""
    font = st.font if st.font is not None else (16.0, 16.0)
    ctx = values.Ctx(em=font, pct=(0.0, 1280.0))  # a percentage of a box as wide as the screen, at most

    def reach(v: str, negative: bool) -> bool:
        for c in values.components(v.replace(",", " ")):
            r = values.length(c, ctx)
            if r is not None and (min(r[0], r[1]) < -_PAINT_OVER if negative else
                                  max(abs(r[0]), abs(r[1])) > _PAINT_OVER):
                return True
        return False

    for p in _MARGIN_SIDES:
        v = _value(st, p)
        if v not in _NONE and _foreign(st, p, shipped) and reach(v, True):
            return f"{p}: {v} pulls a box with a background over the text beside it"
    if _value(st, "position") in ("relative", "sticky"):
        for p in _OFFSETS:
            v = _value(st, p)
            if v not in _NONE and v != "auto" and _foreign(st, p, shipped) and reach(v, False):
                return f"position: {_value(st, 'position')}; {p}: {v} moves a box with a background over the " \
                       "text beside it"
    for p in ("transform", "translate"):
        v = _value(st, p)
        if v in _NONE or not _foreign(st, p, shipped):
            continue
        moves = " ".join(m.group(2) for m in _FUNC.finditer(v) if m.group(1).lower().startswith("translate")) \
            if p == "transform" else v
        if moves and reach(moves, False):
            return f"{p}: {v[:40]} moves a box with a background over the text beside it"
    return ""


def covers(doc: Document, computed: Computed, shipped: frozenset[tuple[str, str]] = frozenset()) -> list[Unseen]:
    """Boxes laid over the page: positioned out of the flow, painted, and holding no text of
    their own (a reader sees the box, not what lies under it); outlines and shadows that paint
    over the text around them, and text moved out of its line by a relative offset, in
    declarations the shipped style sheets lack."""
    out = []
    for el in doc.elements:
        st = computed.style(el)
        if st is None or not st.decls or el.tag in ("html", "body"):
            continue
        if el.tag in _SHAPES:
            redrawn = next((p for p in _GEOMETRY if p in st.decls and _foreign(st, p, shipped)), "")
            if redrawn:
                out.append(Unseen(el.line, [], f"<{el.tag}>: {redrawn}: {_value(st, redrawn)[:30]} redraws a chart "
                                               "sourcebook draws from the figures (a bar's length, a label's place), "
                                               "in a declaration the shipped style sheets lack", False, False))
                continue
        if st.decls.keys().isdisjoint(_COVER_PROPS):
            continue
        why = _paints_over(st, shipped) or _nudged(st, el, shipped) or _gapped(st, el, shipped) \
            or _lifted(st, el, shipped) or _pulled_over(st, el, shipped)
        if why:
            out.append(Unseen(el.line, [], f"<{el.tag}>: {why}", False, False))
            continue
        struck = _struck(st, el, shipped)
        if struck:
            out.append(Unseen(el.line, [], f"<{el.tag}>: {struck}", False, False))
            continue
        if _value(st, "position") not in ("absolute", "fixed"):
            continue
        painted = st.bg_image or (st.bg is not None and st.bg.a > 0.5)
        if not any(ch.isalnum() for ch in el.text()):
            if painted:
                out.append(Unseen(el.line, [], f"an empty <{el.tag}> with a background, positioned over the page, "
                                               "can cover what lies under it", False, False))
            elif (how := _overlay_paint(st, shipped)):
                out.append(Unseen(el.line, [], f"an empty <{el.tag}> positioned over the page paints {how}, "
                                               "which can cover or blur what lies under it", False, False))
    return out


# a chart's shapes (sourcebook draws each bar's length and each label's place from the figures) and
# the properties that move or resize them
_SHAPES = frozenset({"svg", "g", "rect", "line", "text", "tspan", "circle", "ellipse", "path", "polyline", "polygon",
                     "use"})
_GEOMETRY = ("width", "height", "x", "y", "r", "rx", "ry", "cx", "cy", "d", "transform", "translate", "scale",
             "rotate", "zoom", "inline-size", "block-size", "min-width", "max-width", "min-height", "max-height",
             "min-inline-size", "max-inline-size", "transform-box", "transform-origin", "font-size", "font",
             "letter-spacing", "word-spacing", "text-anchor", "dominant-baseline", "baseline-shift", "stroke-width",
             "stroke-dasharray", "marker", "clip-path", "mask", "overflow")

_FILTERS = ("backdrop-filter", "-webkit-backdrop-filter", "filter")
_BLANK_BORDER = lazy(r"^(?:none|hidden|0(?:\.0+)?(?:[a-z%]+)?)(?:\s+\S+)*$|(?:^|\s)(?:none|hidden)(?:\s|$)")


def _overlay_paint(st: Style, shipped: frozenset[tuple[str, str]]) -> str:
    """What an empty box positioned over the page paints though it has no background (a filter
    of what lies under it, a border, a shadow), in declarations the shipped style sheets lack, or
    "": fail closed, as a background is."""
    for p in _FILTERS:
        v = _value(st, p)
        if v not in _NONE and _foreign(st, p, shipped):
            return f"{p}: {v[:40]}"
    for p in (*_BORDERS, "box-shadow", "outline", "outline-width", "border-image", "border-image-source"):
        v = _value(st, p)
        if v in _NONE or not _foreign(st, p, shipped) or _BLANK_BORDER.search(v):
            continue
        return f"{p}: {v[:40]}"
    return ""


_HEIGHTS = ("height", "max-height", "block-size", "max-block-size")
_EDGES = ("border", "border-top", "border-bottom", "border-block", "border-block-start", "border-block-end",
          "border-width", "border-top-width", "border-bottom-width", "border-block-width", "box-shadow",
          "text-decoration", "text-decoration-line", "background", "background-image")


def _struck(st: Style, el: Element, shipped: frozenset[tuple[str, str]]) -> str:
    """Why a box that holds text, made lower than one line of it (a height under its font size,
    overflow visible), paints an edge across its letters (a bottom or top border, a shadow, a
    background) in declarations the shipped style sheets lack, or "": a rule through the words,
    as a strike-through draws it."""
    if not any(p in st.decls for p in _HEIGHTS):  # first the cheap test: a box's text is all its descendants'
        return ""
    font = st.font if st.font is not None else (16.0, 16.0)
    ctx = values.Ctx(em=font, pct=(1e9, 1e9))
    for p in _HEIGHTS:
        v = _value(st, p)
        if v in _NONE or v == "auto" or not _foreign(st, p, shipped):
            continue
        r = values.length(v, ctx)
        if r is None or max(r) >= font[0]:
            continue
        edge = next((q for q in _EDGES if _value(st, q) not in _NONE and _foreign(st, q, shipped)
                     and not _BLANK_BORDER.search(_value(st, q))), "")
        if edge and any(ch.isalnum() for ch in el.text()):
            return f"{p}: {v[:20]} is lower than its text, and {edge}: {_value(st, edge)[:30]} paints across its letters"
    return ""


def _judge_all(doc: Document, sheet: Sheet, inline: dict[int, list[Decl]], blocks: list[Element],
               entries: list[Element], where: str = "", computed: Computed | None = None,
               shipped: frozenset[tuple[str, str]] = frozenset(), loose: bool = False) -> list[Unseen]:
    from ..css.cascade import cascade

    computed = computed if computed is not None else cascade(doc, sheet, inline, loose=loose)
    judge = _Judge(computed, shipped)
    out: list[Unseen] = covers(doc, computed, shipped) if not where else []
    for ledger, els in ((False, blocks), (True, entries)):
        for el in els:
            how, folded = judge.block(el)
            if how or folded:
                ids = [el.attrs["id"][2:]] if ledger else (el.attrs.get("data-claim") or "").split()
                out.append(Unseen(el.line, ids, f"{how} {where}".strip() if how else FOLDED, ledger, folded))
    return out


def _unread(sheet: Sheet, shipped: frozenset[tuple[str, str]]) -> list[str]:
    """The selectors of the page's own rules the selector engine cannot read (declarations the
    shipped style sheets lack): a browser may read them, and draw what they declare."""
    from ..css.select import parse_selector_list

    return [r.selector for r in sheet.rules if r.decls and not all((d.prop, d.plain()) in shipped for d in r.decls)
            and parse_selector_list(r.selector) is None]


def unseen(doc: Document, sheet: Sheet, inline: dict[int, list[Decl]],
           shipped: frozenset[tuple[str, str]] = frozenset(), *, computed: Computed | None = None) -> list[Unseen]:
    """Claim blocks and ledger entries with text a reader cannot see (or folded away): on the
    desktop screen, and on a phone, in a dark scheme and on paper when the page has conditional
    rules of its own (declarations the shipped style sheets do not have), in containers of the
    sizes its container queries name, and, when it has rules whose selector the engine cannot
    read, with those rules matching what the rest of their selector matches. ``computed``: the
    desktop cascade of these very sheets, when the caller has it already."""
    from ..css import conditions

    blocks = [el for el in doc.elements if "data-claim" in el.attrs]
    entries = [el for el in doc.elements if el.tag == "li" and "ledger-entry" in el.classes
               and (el.attrs.get("id") or "").startswith("c-")]
    if not blocks and not entries:
        return []
    out = _judge_all(doc, sheet, inline, blocks, entries, computed=computed, shipped=shipped)  # the desktop
    seen = {(u.line, u.ledger) for u in out}

    def add(found: list[Unseen]) -> None:
        for u in found:
            if (u.line, u.ledger) not in seen and not u.folded:
                seen.add((u.line, u.ledger))
                out.append(u)

    unread = _unread(sheet, shipped)
    if unread:  # fail closed: a rule the engine cannot match may match in a browser
        add(_judge_all(doc, sheet, inline, blocks, entries, f"where a browser matches the selector "
                       f"\"{' '.join(unread[0].split())[:60]}\", which the gate cannot read", shipped=shipped,
                       loose=True))
    own = any(r.conditions and any((d.prop, d.plain()) not in shipped for d in r.decls) for r in sheet.rules)
    if not own:
        return out

    def applied() -> tuple[bool, ...]:  # which conditional rules the cascade takes, here
        return tuple(conditions.applies(r.conditions) for r in sheet.rules if r.decls and r.conditions)

    # a screen that takes the very rules one judged already takes has the same cascade, and can
    # hide nothing that one did not (a block is reported once)
    judged = {applied()}
    env, words, types = dict(conditions.ENV), dict(conditions.KEYWORDS), conditions._TYPES_TRUE
    box, queries = dict(conditions.CONTAINER), conditions.QUERIES[0]

    def restore() -> None:
        conditions.ENV.clear()
        conditions.ENV.update(env)
        conditions.KEYWORDS.clear()
        conditions.KEYWORDS.update(words)
        conditions._TYPES_TRUE = types
        conditions.CONTAINER.clear()
        conditions.CONTAINER.update(box)
        conditions.QUERIES[0] = queries

    def judge(name: str) -> None:
        rules = applied()
        if rules not in judged:
            judged.add(rules)
            add(_judge_all(doc, sheet, inline, blocks, entries, name, shipped=shipped))

    try:
        for name, e, k, t in (*_WORLDS, *_widths(sheet, shipped)):
            conditions.ENV.update(e)
            conditions.KEYWORDS.update(k)
            conditions._TYPES_TRUE = t or types
            judge(name)
            restore()
        for name, size, match in _boxes(sheet, shipped):
            conditions.CONTAINER.update(size)
            conditions.QUERIES[0] = match
            judge(name)
            restore()
    finally:
        restore()
    return out
