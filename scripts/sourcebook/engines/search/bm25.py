"""BM25 ranking (k1 1.2, b 0.75) over postings; ties broken by document number.

Document numbers follow sorted chunk ids, so ranking by (-score, doc) is ranking by
(-score, chunk_id).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence

K1 = 1.2
B = 0.75


def idf(n_docs: int, df: int) -> float:
    return math.log(1 + (n_docs - df + 0.5) / (df + 0.5))


def score(postings: Sequence[tuple[list[int], list[int]]], doclen: Sequence[int], n_docs: int,
          avgdl: float, keep: Callable[[int], bool] | None = None) -> dict[int, float]:
    """Sum of per-term BM25 scores for every document that holds a query term."""
    scores: dict[int, float] = {}
    avg = avgdl or 1.0
    for docs, tfs in postings:
        w = idf(n_docs, len(docs))
        for d, tf in zip(docs, tfs, strict=True):
            if keep is not None and not keep(d):
                continue
            norm = K1 * (1 - B + B * doclen[d] / avg)
            scores[d] = scores.get(d, 0.0) + w * tf * (K1 + 1) / (tf + norm)
    return scores


def top(scores: dict[int, float], k: int) -> list[tuple[int, float]]:
    """The ``k`` best (doc, score), sorted by (-score, doc)."""
    best = heapq.nsmallest(k, ((-s, d) for d, s in scores.items()))
    return [(d, -s) for s, d in best]
