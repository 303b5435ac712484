"""CSS colours: parsing, conversion between colour spaces, compositing and WCAG contrast.

A colour is an ``RGBA`` of floats: sRGB channels in 0..1 (out-of-gamut values are kept until
display, then clipped) and alpha in 0..1. Parsing covers hex, every CSS named colour, ``rgb``,
``hsl``, ``hwb``, ``lab``, ``lch``, ``oklab``, ``oklch``, ``color()`` (srgb, srgb-linear,
display-p3, xyz) and ``color-mix()``. Whatever cannot be resolved (relative colour syntax,
unknown functions) parses to ``None``: the caller counts it, never guesses.
"""

from __future__ import annotations

import math
import re

from ...base.patterns import lazy
from ...base.record import TupleRecord
from .colorspace import (  # noqa: F401  (re-exported: the colour API lives here)
    D50,
    D50_TO_D65,
    D65,
    P3_TO_XYZ,
    SRGB_TO_XYZ,
    XYZ_TO_SRGB,
    _mul,
    from_linear,
    from_polar,
    hsl_to_srgb,
    hwb_to_srgb,
    lab_to_srgb,
    oklab_to_srgb,
    oklch_to_srgb,
    srgb_to_hsl,
    srgb_to_hwb,
    srgb_to_lab,
    srgb_to_oklab,
    srgb_to_oklch,
    to_linear,
    to_polar,
)
from .namedcolors import NAMED


class RGBA(TupleRecord):
    r: float
    g: float
    b: float
    a: float = 1.0

    def hex(self) -> str:
        return "#" + "".join(f"{round(_clip(c) * 255):02x}" for c in (self.r, self.g, self.b))


CURRENT = "currentcolor"
TRANSPARENT = RGBA(0.0, 0.0, 0.0, 0.0)
WHITE = RGBA(1.0, 1.0, 1.0, 1.0)
# System colours in a light colour scheme, as browsers paint them by default.
SYSTEM = {"canvas": "#ffffff", "canvastext": "#000000", "linktext": "#0000ee", "visitedtext": "#551a8b",
          "activetext": "#ff0000", "buttonface": "#efefef", "buttontext": "#000000", "buttonborder": "#767676",
          "field": "#ffffff", "fieldtext": "#000000", "highlight": "#3367d6", "highlighttext": "#ffffff",
          "selecteditem": "#3367d6", "selecteditemtext": "#ffffff", "mark": "#ffff00", "marktext": "#000000",
          "graytext": "#808080", "accentcolor": "#0075ff", "accentcolortext": "#ffffff"}


def _clip(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


# ---- compositing and contrast ----------------------------------------------------------------
def over(top: RGBA, bottom: RGBA) -> RGBA:
    """Source-over compositing of two (straight-alpha) colours."""
    a = top.a + bottom.a * (1 - top.a)
    if a <= 0:
        return TRANSPARENT
    mix = [(tc * top.a + bc * bottom.a * (1 - top.a)) / a for tc, bc in
           zip((_clip(top.r), _clip(top.g), _clip(top.b)), (_clip(bottom.r), _clip(bottom.g), _clip(bottom.b)), strict=False)]
    return RGBA(mix[0], mix[1], mix[2], a)


def luminance(c: RGBA) -> float:
    """WCAG 2.x relative luminance of an opaque colour (8-bit channels, as browsers report them)."""
    def ch(v: float) -> float:
        v = round(_clip(v) * 255) / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b)


_CONTRASTS: dict[tuple[RGBA, RGBA], float] = {}  # a page draws text in few colours on few grounds


def contrast(fg: RGBA, bg: RGBA) -> float:
    """WCAG 2.x contrast ratio; a translucent foreground is composited over the background first."""
    key = (fg, bg)
    got = _CONTRASTS.get(key)
    if got is None:
        if len(_CONTRASTS) > 4096:
            _CONTRASTS.clear()
        got = _CONTRASTS[key] = _contrast(fg, bg)
    return got


def _contrast(fg: RGBA, bg: RGBA) -> float:
    if bg.a < 1:
        bg = over(bg, WHITE)
    if fg.a < 1:
        fg = over(fg, bg)
    l1, l2 = luminance(fg), luminance(bg)
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def oklch(c: RGBA) -> tuple[float, float, float]:
    """OKLCH (L 0..1, C, h degrees) of a colour, for the palette rules."""
    return srgb_to_oklch(c.r, c.g, c.b)


# ---- parsing --------------------------------------------------------------------------------
_HEX_RE = lazy(r"#([0-9a-fA-F]{3,8})$")
_FUNC_RE = lazy(r"([a-zA-Z-]+)\((.*)\)$", re.S)
_NUM_RE = lazy(r"^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%|deg|rad|grad|turn)?$", re.I)


def _num(tok: str, pct_scale: float = 1.0, hue: bool = False) -> float | None:
    """A channel value: ``none`` is 0; percentages scale so 100% = ``pct_scale``."""
    if tok.lower() == "none":
        return 0.0
    m = _NUM_RE.match(tok)
    if not m:
        return None
    v, unit = float(m.group(1)), (m.group(2) or "").lower()
    if unit == "%":
        return v / 100 * pct_scale
    if unit:
        if not hue:
            return None
        return v * {"deg": 1, "rad": 180 / math.pi, "grad": 0.9, "turn": 360}[unit]
    return v


def _alpha(tok: str | None) -> float | None:
    if tok is None:
        return 1.0
    v = _num(tok, 1.0)
    return None if v is None else _clip(v)


def _args(body: str) -> tuple[list[str], str | None] | None:
    """Split a colour function's arguments into channels and an optional alpha."""
    from .parse import split_top

    if "," in body:
        parts = split_top(body)
        if len(parts) not in (3, 4):
            return None
        return parts[:3], parts[3] if len(parts) == 4 else None
    alpha = None
    if "/" in body:
        body, alpha = body.rsplit("/", 1)
        alpha = alpha.strip()
    parts = body.split()
    return parts, alpha


def _finish(rgb: tuple[float, float, float] | None, alpha: float | None) -> RGBA | None:
    if rgb is None or alpha is None or any(v != v for v in rgb):
        return None
    return RGBA(rgb[0], rgb[1], rgb[2], alpha)


def _parse_function(name: str, body: str) -> RGBA | None:
    if name == "color-mix":
        return _parse_mix(body)
    if name == "light-dark":  # the page is judged in its light colour scheme
        from .parse import split_top

        parts = split_top(body)
        first = parse_color(parts[0]) if len(parts) == 2 else None
        return first if isinstance(first, RGBA) else None
    if " from " in f" {body} ".lower() or "var(" in body.lower() or "calc(" in body.lower():
        return None  # relative colour syntax or unresolved pieces: not judged
    split = _args(body)
    if split is None:
        return None
    ch, a_tok = split
    alpha = _alpha(a_tok)
    if name == "color":
        if len(ch) != 4:
            return None
        space, vals = ch[0].lower(), [_num(t, 1.0) for t in ch[1:]]
        if any(v is None for v in vals):
            return None
        return _finish(_from_space(space, vals), alpha)  # type: ignore[arg-type]
    if len(ch) != 3:
        return None
    if name in ("rgb", "rgba"):
        vals = [_num(t, 255.0) for t in ch]
        if any(v is None for v in vals):
            return None
        return _finish(tuple(v / 255 for v in vals), alpha)  # type: ignore[arg-type, operator]
    if name in ("hsl", "hsla", "hwb"):
        h, s, lig = _num(ch[0], hue=True), _num(ch[1], 100.0), _num(ch[2], 100.0)
        if h is None or s is None or lig is None:
            return None
        conv = hsl_to_srgb if name != "hwb" else hwb_to_srgb
        return _finish(conv(h, s / 100, lig / 100), alpha)
    scales = {"lab": (100.0, 125.0, 125.0), "lch": (100.0, 150.0, 1.0),
              "oklab": (1.0, 0.4, 0.4), "oklch": (1.0, 0.4, 1.0)}
    if name not in scales:
        return None
    sc = scales[name]
    vals = [_num(ch[0], sc[0]), _num(ch[1], sc[1]), _num(ch[2], sc[2], hue=name.endswith("ch"))]
    if any(v is None for v in vals):
        return None
    return _finish(_from_space(name, vals), alpha)  # type: ignore[arg-type]


def _from_space(space: str, v: list[float]) -> tuple[float, float, float] | None:
    """sRGB of channel values given in one of the CSS colour spaces."""
    if space == "srgb":
        return v[0], v[1], v[2]
    if space == "srgb-linear":
        return from_linear(v[0]), from_linear(v[1]), from_linear(v[2])
    if space == "display-p3":
        lin = _mul(XYZ_TO_SRGB, _mul(P3_TO_XYZ, (to_linear(v[0]), to_linear(v[1]), to_linear(v[2]))))
        return from_linear(lin[0]), from_linear(lin[1]), from_linear(lin[2])
    if space in ("xyz", "xyz-d65", "xyz-d50"):
        xyz = (v[0], v[1], v[2]) if space != "xyz-d50" else _mul(D50_TO_D65, (v[0], v[1], v[2]))
        lin = _mul(XYZ_TO_SRGB, xyz)
        return from_linear(lin[0]), from_linear(lin[1]), from_linear(lin[2])
    if space == "lab":
        return lab_to_srgb(max(v[0], 0.0), v[1], v[2])
    if space == "lch":
        return lab_to_srgb(*from_polar(max(v[0], 0.0), max(v[1], 0.0), v[2]))
    if space == "oklab":
        return oklab_to_srgb(max(v[0], 0.0), v[1], v[2])
    if space == "oklch":
        return oklch_to_srgb(max(v[0], 0.0), max(v[1], 0.0), v[2])
    if space == "hsl":
        return hsl_to_srgb(v[0], v[1], v[2])
    if space == "hwb":
        return hwb_to_srgb(v[0], v[1], v[2])
    return None


_TO_SPACE = {
    "srgb": lambda r, g, b: (r, g, b),
    "srgb-linear": lambda r, g, b: (to_linear(r), to_linear(g), to_linear(b)),
    "oklab": srgb_to_oklab, "oklch": srgb_to_oklch, "lab": srgb_to_lab,
    "lch": lambda r, g, b: to_polar(*srgb_to_lab(r, g, b)),
    "hsl": srgb_to_hsl, "hwb": srgb_to_hwb,
    "xyz": lambda r, g, b: _mul(SRGB_TO_XYZ, (to_linear(r), to_linear(g), to_linear(b))),
    "xyz-d65": lambda r, g, b: _mul(SRGB_TO_XYZ, (to_linear(r), to_linear(g), to_linear(b))),
}
_HUE_INDEX = {"oklch": 2, "lch": 2, "hsl": 0, "hwb": 0}


def _parse_mix(body: str) -> RGBA | None:
    from .parse import split_top

    parts = split_top(body)
    if len(parts) != 3:
        return None
    m = re.match(r"in\s+([a-z0-9-]+)(?:\s+(shorter|longer|increasing|decreasing)\s+hue)?$", parts[0].strip(), re.I)
    if not m:
        return None
    space, method = m.group(1).lower(), (m.group(2) or "shorter").lower()
    if space not in _TO_SPACE:
        return None
    items = []
    for part in parts[1:]:
        pct = None
        if not part.strip():
            return None
        toks = part.rsplit(None, 1)
        if len(toks) == 2 and toks[1].endswith("%"):
            pct = _num(toks[1], 1.0)
            part = toks[0]
        elif part.split(None, 1)[0].endswith("%") and len(part.split(None, 1)) == 2:
            pct, part = _num(part.split(None, 1)[0], 1.0), part.split(None, 1)[1]
        col = parse_color(part)
        if col is None or col == CURRENT:
            return None
        items.append((col, pct))
    (c1, p1), (c2, p2) = items
    if p1 is None and p2 is None:
        p1 = p2 = 0.5
    elif p1 is None:
        p1 = 1 - p2  # type: ignore[operator]
    elif p2 is None:
        p2 = 1 - p1
    total = p1 + p2  # type: ignore[operator]
    if total <= 0:
        return None
    mult = min(total, 1.0)
    t = p2 / total  # type: ignore[operator]
    conv = _TO_SPACE[space]
    v1, v2 = list(conv(c1.r, c1.g, c1.b)), list(conv(c2.r, c2.g, c2.b))  # type: ignore[union-attr]
    hi = _HUE_INDEX.get(space)
    a1, a2 = c1.a, c2.a  # type: ignore[union-attr]
    a = a1 * (1 - t) + a2 * t
    out = []
    for i in range(3):
        if i == hi:
            h1, h2 = v1[i], v2[i]
            d = h2 - h1
            if method == "shorter":
                d = (d + 180) % 360 - 180
            elif method == "longer" and abs(d) < 180:
                d = d - 360 if d > 0 else d + 360
            elif method == "increasing":
                d %= 360
            elif method == "decreasing":
                d = -((-d) % 360)
            out.append((h1 + d * t) % 360)
        else:  # premultiplied interpolation
            val = v1[i] * a1 * (1 - t) + v2[i] * a2 * t
            out.append(val / a if a > 0 else 0.0)
    rgb = _from_space(space if space not in ("xyz",) else "xyz", out)
    if space == "hsl":
        rgb = hsl_to_srgb(out[0], out[1], out[2])
    elif space == "hwb":
        rgb = hwb_to_srgb(out[0], out[1], out[2])
    return _finish(rgb, a * mult)


_COLOURS: dict[str, RGBA | str] = {}  # a page names the same few colours again and again


def parse_color(text: str) -> RGBA | str | None:
    """A colour value: an ``RGBA``, the string ``currentcolor``, or ``None`` when unresolvable."""
    got = _COLOURS.get(text)
    if got is None:
        got = _parse_color(text)
        if got is not None:  # an unresolvable one is worked out again (a RecursionError depends on the stack)
            if len(_COLOURS) > 4096:
                _COLOURS.clear()
            _COLOURS[text] = got
    return got


def _parse_color(text: str) -> RGBA | str | None:
    s = text.strip()
    low = s.lower()
    if low == "currentcolor":
        return CURRENT
    if low == "transparent":
        return TRANSPARENT
    if low in NAMED:
        return _parse_hex(NAMED[low])
    if low in SYSTEM:
        return _parse_hex(SYSTEM[low])
    if s.startswith("#"):
        return _parse_hex(s)
    m = _FUNC_RE.match(s)
    if m:
        try:
            return _parse_function(m.group(1).lower(), m.group(2).strip())
        except (ValueError, ZeroDivisionError, OverflowError, TypeError, IndexError, RecursionError):
            return None
    return None


def _parse_hex(s: str) -> RGBA | None:
    m = _HEX_RE.match(s)
    if not m:
        return None
    h = m.group(1)
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    if len(h) not in (6, 8):
        return None
    vals = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
    return RGBA(vals[0], vals[1], vals[2], vals[3] if len(vals) == 4 else 1.0)
