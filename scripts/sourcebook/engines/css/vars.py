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

from ...base.patterns import hot

_VAR = hot(r"var\(", re.I)
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
    try:
        return _substitute(value, lookup)
    except RecursionError:  # fallbacks nested deeper than the stack: unresolved, never a crash
        return None


def _substitute(value: str, lookup: Callable[[str], str | None]) -> str | None:
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
            got = _substitute(fallback.strip(), lookup)
            if got is None:
                return None
        out.append(value[pos:m.start()])
        out.append(got)
        pos = end + 1
        if sum(map(len, out)) > MAX_LEN:
            return None
    out.append(value[pos:])
    return "".join(out).strip()


_REF = hot(r"var\(\s*(--[^\s,)]+)", re.I)


def _order(own: Mapping[str, str]) -> tuple[list[str], set[str]]:
    """Own custom properties in dependency order (referenced first), and those on a cycle.

    Iterative depth-first search, so a chain of any depth is fine."""
    refs = {n: [r for r in _REF.findall(v) if r in own] for n, v in own.items()}
    state: dict[str, int] = {}  # 0 on the current path, 1 finished
    order: list[str] = []
    cyclic: set[str] = set()
    for root in own:
        if root in state:
            continue
        state[root] = 0
        path = [root]
        stack = [iter(refs[root])]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                done = path.pop()
                state[done] = 1
                order.append(done)
            elif nxt not in state:
                state[nxt] = 0
                path.append(nxt)
                stack.append(iter(refs[nxt]))
            elif state[nxt] == 0:  # back to a property on the current path: a cycle
                cyclic.update(path[path.index(nxt):])
    return order, cyclic


def resolve_customs(inherited: Mapping[str, str | None], own: Mapping[str, str]) -> dict[str, str | None]:
    """The custom properties of an element: ``inherited`` updated by its ``own`` raw values.

    Every property on a reference cycle is invalid, fallbacks or not (CSS Variables 1)."""
    result: dict[str, str | None] = dict(inherited)
    order, cyclic = _order(own)

    def lookup(name: str) -> str | None:
        return result.get(name) if name in own else inherited.get(name)

    for name in order:
        raw = own[name]
        low = raw.lower()
        if name in cyclic:
            val = None
        elif low == "inherit":
            val = inherited.get(name)
        elif low in ("initial", "unset", "revert", "revert-layer"):
            val = None if low == "initial" else inherited.get(name)
        else:
            val = substitute(raw, lookup)
        result[name] = val
    return result
