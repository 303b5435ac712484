"""Custom properties and ``var()`` substitution: chains of any depth, fallbacks, cycles.

Custom properties are computed per element, as CSS specifies: an element's own custom
properties are resolved against each other and against the values it inherits, and a cycle or
a reference to nothing without a fallback makes the property invalid (it then counts as unset,
so another ``var()`` that names it falls back). A value that still cannot be substituted is
``None``: the caller counts it as unresolved and judges nothing about it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

_VAR = re.compile(r"var\(", re.I)
MAX_LEN = 20000  # substitution larger than this is refused (exponential reference trees)


def _close(text: str, i: int) -> int:
    """Index of the parenthesis that closes the one opened just before ``i`` (or -1)."""
    depth, quote = 1, ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def has_var(value: str) -> bool:
    return "var(" in value.lower()


def substitute(value: str, lookup: Callable[[str], str | None]) -> str | None:
    """``value`` with every ``var()`` replaced; None if one has no value and no fallback."""
    if not has_var(value):
        return value
    out, pos = [], 0
    for _ in range(10000):
        m = _VAR.search(value, pos)
        if not m:
            break
        end = _close(value, m.end())
        if end < 0:
            return None
        inner = value[m.end():end]
        name, sep, fallback = inner.partition(",")
        name = name.strip()
        if not name.startswith("--"):
            return None
        got = lookup(name)
        if got is None:
            if not sep:
                return None
            got = substitute(fallback.strip(), lookup)
            if got is None:
                return None
        out.append(value[pos:m.start()])
        out.append(got)
        pos = end + 1
        if sum(map(len, out)) > MAX_LEN:
            return None
    out.append(value[pos:])
    return "".join(out).strip()


def resolve_customs(inherited: Mapping[str, str | None], own: Mapping[str, str]) -> dict[str, str | None]:
    """The custom properties of an element: ``inherited`` updated by its ``own`` raw values."""
    result: dict[str, str | None] = dict(inherited)
    done: dict[str, str | None] = {}
    active: list[str] = []
    cyclic: set[str] = set()

    def get(name: str) -> str | None:
        if name in done:
            return done[name]
        if name not in own:
            return inherited.get(name)
        if name in active:  # a cycle: every property on it is invalid, fallbacks or not
            cyclic.update(active[active.index(name):])
            return None
        active.append(name)
        raw = own[name]
        low = raw.lower()
        if low == "inherit":
            val = inherited.get(name)
        elif low in ("initial", "unset", "revert", "revert-layer"):
            val = None if low == "initial" else inherited.get(name)
        else:
            val = substitute(raw, get)
        active.pop()
        if name in cyclic:
            val = None
        done[name] = val
        return val

    for name in own:
        result[name] = get(name)
    return result
