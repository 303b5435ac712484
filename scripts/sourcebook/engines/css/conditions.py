"""Which conditional rules apply: ``@media``, ``@supports`` and ``@container`` evaluated for one environment.

The page is judged as a desktop screen first renders it: 1280x800 CSS px, colour, a light
colour scheme, no reduced-motion preference, a fine pointer that can hover. ``@supports`` is
taken as a current browser answers it (true, unless negated). A container's size is not known
statically: ``@container`` size queries are evaluated against ``CONTAINER`` (as large as the
screen, unless a caller sets another size), and the queries nothing static can answer
(``style()``, ``scroll-state()``) as ``QUERIES[0]`` says (true, unless a caller sets it false), so
a caller can judge a page at every container size its rules name. ``@starting-style`` rules are
not applied: they style an element only for the moment before a transition.
"""

from __future__ import annotations

import re

from ...base.patterns import hot, lazy

ENV = {"width": 1280.0, "height": 800.0, "device-width": 1280.0, "device-height": 800.0,
       "resolution": 1.0, "color": 8.0, "monochrome": 0.0, "color-index": 0.0, "aspect-ratio": 1.6,
       "device-aspect-ratio": 1.6}
KEYWORDS = {"prefers-color-scheme": "light", "prefers-reduced-motion": "no-preference",
            "prefers-contrast": "no-preference", "prefers-reduced-transparency": "no-preference",
            "prefers-reduced-data": "no-preference", "forced-colors": "none", "inverted-colors": "none",
            "orientation": "landscape", "hover": "hover", "any-hover": "hover", "pointer": "fine",
            "any-pointer": "fine", "scripting": "enabled", "display-mode": "browser", "update": "fast",
            "overflow-block": "scroll", "overflow-inline": "scroll", "color-gamut": "srgb",
            "dynamic-range": "standard", "video-dynamic-range": "standard", "grid": "0"}
_TYPES_TRUE = {"all", "screen"}
# the size of the container a @container query asks about, and whether the queries no static
# reading can answer (style(), scroll-state()) match
CONTAINER = {"width": 1280.0, "height": 800.0, "inline-size": 1280.0, "block-size": 800.0, "aspect-ratio": 1.6}
CONTAINER_KEYWORDS = {"orientation": "landscape"}
QUERIES = [True]
_CMP = hot(r"(<=|>=|<|>|=)")


def _split(text: str, word: str) -> list[str]:
    """Split at a top-level keyword (``and``/``or``), outside parentheses."""
    if word not in text.lower():  # no such word anywhere (a condition nested deep is split per level)
        return [text.strip()]
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    toks = re.split(r"(\(|\)|\s+)", text)
    for t in toks:
        if t == "(":
            depth += 1
        elif t == ")":
            depth -= 1
        if depth == 0 and t.strip().lower() == word:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(t)
    parts.append("".join(cur))
    return [p.strip() for p in parts]


def _value(v: str) -> float | None:
    v = v.strip().lower()
    m = re.match(r"^([+-]?\d*\.?\d+)\s*(px|em|rem|dppx|x|dpi|dpcm)?$", v)
    if m:
        n, unit = float(m.group(1)), m.group(2) or ""
        return n * {"em": 16.0, "rem": 16.0, "dpi": 1 / 96, "dpcm": 2.54 / 96}.get(unit, 1.0)
    m = re.match(r"^(\d+)\s*/\s*(\d+)$", v)
    if m and float(m.group(2)):
        return float(m.group(1)) / float(m.group(2))
    return None


def _feature(name: str, value: str | None, env: dict | None = None, words: dict | None = None) -> bool:
    sizes = ENV if env is None else env
    keys = KEYWORDS if words is None else words
    name = name.strip().lower()
    if name.startswith("-webkit-") and name.endswith("device-pixel-ratio"):  # the older name of resolution
        name = name[len("-webkit-"):].replace("device-pixel-ratio", "resolution")
    if value is None:
        if name in sizes:
            return sizes[name] != 0
        return keys.get(name, "none") not in ("none", "no-preference", "0")
    for prefix, op in (("min-", ">="), ("max-", "<=")):
        if name.startswith(prefix) and name[len(prefix):] in sizes:
            return _compare(sizes[name[len(prefix):]], op, value)
    if name in sizes:
        return _compare(sizes[name], "=", value)
    if name in keys:
        return keys[name] == value.strip().lower()
    return False


def _compare(have: float, op: str, value: str) -> bool:
    want = _value(value)
    if want is None:
        return False
    return {"<": have < want, "<=": have <= want + 1e-9, ">": have > want, ">=": have >= want - 1e-9,
            "=": abs(have - want) < 1e-9}[op]


def _range(inner: str, env: dict | None = None) -> bool:
    sizes = ENV if env is None else env
    parts = [p.strip() for p in _CMP.split(inner)]
    if len(parts) == 3:
        a, op, b = parts
        if a.lower() in sizes:
            return _compare(sizes[a.lower()], op, b)
        flip = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "="}[op]
        return b.lower() in sizes and _compare(sizes[b.lower()], flip, a)
    if len(parts) == 5:
        a, op1, name, op2, b = parts
        return _range(f"{a} {op1} {name}", env) and _range(f"{name} {op2} {b}", env)
    return False


def _condition(text: str, env: dict | None = None, words: dict | None = None) -> bool:
    text = text.strip()
    low = text.lower()
    if low.startswith("not ") or low.startswith("not("):
        return not _condition(text[3:], env, words)
    for word, combine in (("or", any), ("and", all)):
        parts = _split(text, word)
        if len(parts) > 1:
            return combine(_condition(p, env, words) for p in parts)
    if env is not None and low.startswith(("style(", "scroll-state(")) and text.endswith(")"):
        return QUERIES[0]  # a container's custom properties or scroll state: not known statically
    if text.startswith("(") and text.endswith(")"):
        inner = text[1:-1].strip()
        if inner.startswith("(") or inner.lower().startswith(("not", "style(", "scroll-state(")):
            return _condition(inner, env, words)
        if ":" in inner:
            name, _, value = inner.partition(":")
            return _feature(name, value, env, words)
        if _CMP.search(inner):
            return _range(inner, env)
        return _feature(inner, None, env, words)
    return False


_CONTAINER_NAME = lazy(r"^\s*(?!not\b|style\(|scroll-state\()(-?[A-Za-z_][\w-]*)\s+(?=\S)", re.I)


def container_matches(prelude: str) -> bool:
    """Whether a container query (``@container [name] <condition>``) matches ``CONTAINER``."""
    text = _CONTAINER_NAME.sub("", prelude, count=1).strip()
    if not text:
        return True  # a name alone: a query on that container's existence, taken as matching
    return _condition(text, CONTAINER, CONTAINER_KEYWORDS)


def media_matches(prelude: str) -> bool:
    """Whether a media query list matches the environment (an empty list matches)."""
    from .parse import split_top

    queries = split_top(prelude) if prelude.strip() else ["all"]
    for q in queries:
        words = q.split(None, 1)
        if not words:
            continue
        head = words[0].lower()
        negate = head == "not"
        if head in ("not", "only"):
            q = words[1] if len(words) > 1 else ""
            words = q.split(None, 1)
            head = words[0].lower() if words else ""
        if q.startswith("("):
            ok = _condition(q)
        else:
            rest = words[1] if len(words) > 1 else ""
            ok = head in _TYPES_TRUE
            if rest:
                m = re.match(r"and\s+(.*)$", rest, re.I | re.S)
                ok = ok and m is not None and _condition(m.group(1))
        if ok != negate:
            return True
    return False


def supports_matches(prelude: str) -> bool:
    text = prelude.strip()
    low = text.lower()
    if low.startswith("not ") or low.startswith("not("):
        return not supports_matches(text[3:])
    for word, combine in (("or", any), ("and", all)):
        parts = _split(text, word)
        if len(parts) > 1:
            return combine(supports_matches(p) for p in parts)
    if text.startswith("(") and text.endswith(")") and text[1:].lstrip().startswith(("(", "not")):
        return supports_matches(text[1:-1])
    return True


def applies(conditions: tuple[tuple[str, str], ...]) -> bool:
    """Whether a rule inside these at-rules applies in the environment."""
    for name, prelude in conditions:
        try:
            if name == "media" and not media_matches(prelude):
                return False
            if name == "supports" and not supports_matches(prelude):
                return False
            if name == "container" and not container_matches(prelude):
                return False
        except RecursionError:
            return False
        if name in ("starting-style", "document", "-moz-document"):
            return False
    return True
