"""Comparing a citation with a fresh read of its source (pure).

A citation is ``intact`` when the fresh text holds the same words at the same offsets, ``moved``
when it holds them elsewhere (the nearest occurrence to the old place is reported, with the
number of occurrences), and ``changed`` when the words are gone.
"""

from __future__ import annotations

from ...base.record import TupleRecord
from ..search.find import find_all


class SpanFate(TupleRecord):
    outcome: str  # intact | moved | changed
    start: int | None
    end: int | None
    occurrences: int


def fate(fresh: str, start: int, end: int, quote: str) -> SpanFate:
    if quote and fresh[start:end] == quote:
        return SpanFate("intact", start, end, max(1, len(find_all(fresh, quote))))
    hits = find_all(fresh, quote) if quote else []
    if not hits:
        return SpanFate("changed", None, None, 0)
    best = min(hits, key=lambda h: (abs(h[0] - start), h[0]))
    return SpanFate("moved", best[0], best[1], len(hits))
