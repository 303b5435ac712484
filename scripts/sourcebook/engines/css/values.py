"""Lengths: px em rem pt % and friends, ``calc() min() max() clamp()`` where resolvable.

A length evaluates to an interval ``(lo, hi)`` in CSS pixels, because some inputs are only
known as a range: viewport units are taken over viewports 320..1920 px wide and 480..1200 px
tall, so ``clamp(1rem, 2vw + 1rem, 3rem)`` is ``(16, 48)``. An exact length has ``lo == hi``.
Anything that cannot be bounded (a percentage without a base, an unknown unit or function)
gives ``None``.
"""

from __future__ import annotations

import math

from .tokens import Token, tokenize

Range = tuple[float, float]

ABSOLUTE = {"px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4,
            "q": 96 / 101.6}
VIEWPORT_W: Range = (320.0, 1920.0)
VIEWPORT_H: Range = (480.0, 1200.0)
FONT_KEYWORDS = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0,
                 "x-large": 24.0, "xx-large": 32.0, "xxx-large": 48.0}


class Ctx:
    """What relative units refer to: the font size (em), root font size (rem), % base, and the
    line height (lh; 1.2em, a normal line, when not known)."""

    __slots__ = ("em", "rem", "pct", "lh")

    def __init__(self, em: Range = (16.0, 16.0), rem: Range = (16.0, 16.0), pct: Range | None = None,
                 lh: Range | None = None):
        self.em, self.rem, self.pct, self.lh = em, rem, pct, lh


DEFAULT = Ctx()


def _scale(r: Range, k: float) -> Range:
    a, b = r[0] * k, r[1] * k
    return (a, b) if a <= b else (b, a)


class _Eval:
    def __init__(self, toks: list[Token], ctx: Ctx):
        self.t = toks
        self.i = 0
        self.ctx = ctx

    def peek(self) -> Token | None:
        while self.i < len(self.t) and self.t[self.i].kind == "ws":
            self.i += 1
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self) -> Token | None:
        tok = self.peek()
        if tok is not None:
            self.i += 1
        return tok

    def unit(self, tok: Token) -> tuple[Range, bool] | None:
        """(range, is_length) of one numeric token."""
        if tok.kind == "number":
            return (tok.num, tok.num), False
        if tok.kind == "percentage":
            if self.ctx.pct is None:
                return None
            return _scale(self.ctx.pct, tok.num / 100), True
        if tok.kind != "dimension":
            return None
        u = tok.unit
        if u in ABSOLUTE:
            return _scale((tok.num, tok.num), ABSOLUTE[u]), True
        base = {"em": self.ctx.em, "rem": self.ctx.rem, "ex": _scale(self.ctx.em, 0.5),
                "ch": _scale(self.ctx.em, 0.5), "cap": _scale(self.ctx.em, 0.7), "ic": self.ctx.em,
                "lh": self.ctx.lh or _scale(self.ctx.em, 1.2), "rlh": _scale(self.ctx.rem, 1.2)}.get(u)
        if base is None:
            if u in ("vw", "svw", "lvw", "dvw", "vi", "svi", "lvi", "dvi"):
                base = VIEWPORT_W
            elif u in ("vh", "svh", "lvh", "dvh", "vb", "svb", "lvb", "dvb"):
                base = VIEWPORT_H
            elif u in ("vmin", "svmin", "lvmin", "dvmin"):
                base = (VIEWPORT_W[0], VIEWPORT_H[1])
            elif u in ("vmax", "svmax", "lvmax", "dvmax"):
                base = (VIEWPORT_H[0], VIEWPORT_W[1])
            else:
                return None
            return _scale(base, tok.num / 100), True
        return _scale(base, tok.num), True

    def sum(self) -> tuple[Range, bool] | None:
        left = self.product()
        if left is None:
            return None
        while True:
            tok = self.peek()
            if tok is None or tok.kind != "delim" or tok.value not in "+-":
                return left
            self.take()
            right = self.product()
            if right is None:
                return None
            (a, b), (c, d) = left[0], right[0]
            left = ((a + c, b + d) if tok.value == "+" else (a - d, b - c)), left[1] or right[1]

    def product(self) -> tuple[Range, bool] | None:
        left = self.atom()
        if left is None:
            return None
        while True:
            tok = self.peek()
            if tok is None or tok.kind != "delim" or tok.value not in "*/":
                return left
            self.take()
            right = self.atom()
            if right is None:
                return None
            if tok.value == "*":
                if not right[1] and right[0][0] == right[0][1]:
                    left = _scale(left[0], right[0][0]), left[1]
                elif not left[1] and left[0][0] == left[0][1]:
                    left = _scale(right[0], left[0][0]), right[1]
                else:
                    return None
            else:
                if right[1] or right[0][0] != right[0][1] or right[0][0] == 0:
                    return None
                left = _scale(left[0], 1 / right[0][0]), left[1]

    def args(self) -> list[tuple[Range, bool]] | None:
        out = []
        while True:
            v = self.sum()
            if v is None:
                return None
            out.append(v)
            tok = self.take()
            if tok is None:
                return None
            if tok.kind == ")":
                return out
            if tok.kind != ",":
                return None

    def atom(self) -> tuple[Range, bool] | None:
        tok = self.take()
        if tok is None:
            return None
        if tok.kind in ("number", "percentage", "dimension"):
            return self.unit(tok)
        if tok.kind == "(":
            v = self.sum()
            close = self.take()
            return v if close is not None and close.kind == ")" else None
        if tok.kind == "function":
            name = tok.value.lower()
            if name == "calc":
                v = self.sum()
                close = self.take()
                return v if close is not None and close.kind == ")" else None
            if name not in ("min", "max", "clamp"):
                return None
            args = self.args()
            if not args:
                return None
            is_len = any(a[1] for a in args)
            if name == "min":
                return (min(a[0][0] for a in args), min(a[0][1] for a in args)), is_len
            if name == "max":
                return (max(a[0][0] for a in args), max(a[0][1] for a in args)), is_len
            if len(args) != 3:
                return None
            (a0, a1), (b0, b1), (c0, c1) = args[0][0], args[1][0], args[2][0]
            return (max(a0, min(b0, c0)), max(a1, min(b1, c1))), is_len
        if tok.kind == "ident" and tok.value.lower() in ("pi", "e"):
            k = math.pi if tok.value.lower() == "pi" else math.e
            return (k, k), False
        return None


_LENGTHS: dict[tuple, Range | None] = {}  # a page says "1rem" and "0.8em" hundreds of times


def length(text: str, ctx: Ctx = DEFAULT, *, unitless_zero: bool = True) -> Range | None:
    """The pixel range of one length value (a single component), or None."""
    key = (text, ctx.em, ctx.rem, ctx.pct, ctx.lh, unitless_zero)
    try:
        return _LENGTHS[key]
    except KeyError:
        pass
    toks = tokenize(text)
    if all(t.kind == "ws" for t in toks):
        got = None
    else:
        ev = _Eval(toks, ctx)
        try:
            v = ev.sum()
        except RecursionError:
            return None  # not remembered: it depends on how deep the caller's stack is
        got = _range(v, ev, unitless_zero)
    if len(_LENGTHS) > 8192:
        _LENGTHS.clear()
    _LENGTHS[key] = got
    return got


def _range(v: tuple[Range, bool] | None, ev: _Eval, unitless_zero: bool) -> Range | None:
    if v is None or ev.peek() is not None:
        return None
    rng, is_len = v
    if not is_len and not (unitless_zero and rng == (0.0, 0.0)):
        return None
    if any(x != x for x in rng):
        return None
    return rng


def px(text: str, ctx: Ctx = DEFAULT) -> float | None:
    """An exact pixel value, or None when the length is not a single known number."""
    r = length(text, ctx)
    if r is None or r[0] != r[1]:
        return None
    return r[0]


def clamp_max(text: str, ctx: Ctx = DEFAULT) -> float | None:
    """The upper bound of a ``clamp()`` value (its third argument), or None if not a clamp."""
    t = text.strip()
    if not t.lower().startswith("clamp("):
        return None
    from .parse import split_top

    inner = t[t.index("(") + 1:t.rindex(")")] if t.endswith(")") else None
    if inner is None:
        return None
    parts = split_top(inner)
    if len(parts) != 3:
        return None
    r = length(parts[2], ctx)
    return r[1] if r is not None and r[1] != math.inf else None


def font_size(text: str, parent: Range, rem: Range = (16.0, 16.0)) -> Range | None:
    """The computed font size of a ``font-size`` value, given the parent's."""
    low = text.strip().lower()
    if low in FONT_KEYWORDS:
        k = FONT_KEYWORDS[low]
        return (k, k)
    if low == "smaller":
        return _scale(parent, 1 / 1.2)
    if low == "larger":
        return _scale(parent, 1.2)
    if low == "math":
        return parent
    r = length(text, Ctx(em=parent, rem=rem, pct=parent))
    if r is None:
        return None
    return (max(r[0], 0.0), max(r[1], 0.0))


def components(value: str) -> list[str]:
    """Top-level space-separated components of a value (functions kept whole)."""
    from .parse import split_top

    return split_top(value, " ")


def lengths_in(value: str, ctx: Ctx = DEFAULT) -> list[float]:
    """Exact pixel values of the length components of a value, in order (e.g. of a shorthand)."""
    out = []
    for comp in components(value):
        v = px(comp, ctx)
        if v is not None:
            out.append(v)
    return out
