"""Painting: the colour a text run shows and the ground behind it, alpha and opacity included.

Each ancestor's background and opacity group is composited, innermost first, onto a white
canvas. The common case (plain backgrounds, no opacity) is memoized per element, iteratively,
so deep pages are fine.
"""

from __future__ import annotations

from . import colors
from .cascade import Style


def _premul(c: colors.RGBA) -> tuple[float, float, float, float]:
    return (colors._clip(c.r) * c.a, colors._clip(c.g) * c.a, colors._clip(c.b) * c.a, c.a)


def _over(top: tuple, bottom: tuple) -> tuple:
    k = 1 - top[3]
    return (top[0] + bottom[0] * k, top[1] + bottom[1] * k, top[2] + bottom[2] * k, top[3] + bottom[3] * k)


def _full_paint(style: Style, fg: colors.RGBA | None) -> tuple[colors.RGBA | None, str | None]:
    layer = _premul(fg) if fg is not None else (0.0, 0.0, 0.0, 0.0)
    s: Style | None = style
    while s is not None:
        if s.bg is None:
            return None, s.unknown.get("background-color") or s.unknown.get("background") or "?"
        if s.bg_image and layer[3] < 0.999:
            return None, s.unknown.get("background-image", "?")
        layer = _over(layer, _premul(s.bg))
        if s.opacity is None:
            return None, s.unknown.get("opacity", "?")
        if s.opacity < 1:
            k = s.opacity
            layer = (layer[0] * k, layer[1] * k, layer[2] * k, layer[3] * k)
        s = s.parent
    final = _over(layer, (1.0, 1.0, 1.0, 1.0))
    return colors.RGBA(final[0], final[1], final[2], 1.0), None


def _chain(style: Style, attr: str) -> list[Style]:
    """The element and its ancestors up to the first one whose ``attr`` is memoized."""
    out: list[Style] = []
    s: Style | None = style
    while s is not None and getattr(s, attr) is None:
        out.append(s)
        s = s.parent
    return out


def _simple(style: Style) -> bool:
    """No opacity group and nothing unknown on the way to the canvas (memoized per element)."""
    for s in reversed(_chain(style, "_simple")):  # outermost first: iterative for deep pages
        own = s.opacity == 1.0 and s.bg is not None and not s.bg_image
        s._simple = own and (s.parent is None or bool(s.parent._simple))
    return bool(style._simple)


def _ground(style: Style) -> colors.RGBA:
    """The opaque ground of a simple element: its background over its parent's ground."""
    for s in reversed(_chain(style, "_ground")):
        below = s.parent._ground if s.parent is not None and s.parent._ground is not None else colors.WHITE
        bg = s.bg if s.bg is not None else colors.TRANSPARENT
        s._ground = below if bg.a <= 0 else colors.over(bg, below)
    assert style._ground is not None
    return style._ground


def paint(style: Style, fg: colors.RGBA | None) -> tuple[colors.RGBA | None, str | None]:
    """The opaque colour seen where ``fg`` (or nothing) is drawn inside the element.

    Each ancestor's background and opacity group is composited, innermost first, and the
    result is placed on a white canvas. Returns (colour, None), or (None, site) when a
    background image, an unresolved colour or opacity decides the result."""
    if _simple(style):  # the common case: plain backgrounds, no opacity; memoized per element
        ground = _ground(style)
        if fg is None:
            return ground, None
        return (fg if fg.a >= 1 else colors.over(fg, ground)), None
    return _full_paint(style, fg)
