"""The words of an element's class and id: split on spaces, ``-``, ``_``, ``:`` and camelCase,
lower-cased, trailing digits dropped, so whole words can be compared (``commentary`` is not
``comment``)."""

from __future__ import annotations

from ...base.patterns import hot
from .tree import Element

_SPLIT = hot(r"[\s\-_:.,/]+")
_CAMEL = hot(r"(?<=[a-z0-9])(?=[A-Z])")

_NEGATIONS = frozenset({"no", "non", "not", "without"})
_word_cache: dict[str, frozenset] = {}


_pair_cache: dict[tuple[str | None, str | None], frozenset] = {}


def words(el: Element) -> frozenset:
    """The lower-cased words of an element's class and id."""
    a = el.attrs
    key = (a.get("class"), a.get("id"))
    got = _pair_cache.get(key)
    if got is None:
        if len(_pair_cache) > 50000:
            _pair_cache.clear()
        got = _pair_cache[key] = words_of((key[0] or "") + " " + (key[1] or ""))
    return got


def words_of(raw: str) -> frozenset:
    got = _word_cache.get(raw)
    if got is None:
        parts = _SPLIT.split(raw)
        if raw.islower() and _NEGATIONS.isdisjoint(parts):  # the usual: no camelCase, no negation
            got = frozenset([part.rstrip("0123456789") for part in parts if part])
        else:
            got = _words(parts)
        if len(_word_cache) > 50000:
            _word_cache.clear()
        _word_cache[raw] = got
    return got


def _words(parts: list[str]) -> frozenset:
    out = set()
    negated = False
    for part in parts:
        if negated:  # "non-paywall", "no-sidebar": the word after a negation is not the element's
            negated = False
            continue
        if part in _NEGATIONS:
            negated = True
            continue
        if part == part.lower():  # no capital, so no camelCase word boundary
            if part:
                out.add(part.rstrip("0123456789"))
            continue
        for w in _CAMEL.sub(" ", part).split():
            out.add(w.lower().rstrip("0123456789"))
    return frozenset(out)
