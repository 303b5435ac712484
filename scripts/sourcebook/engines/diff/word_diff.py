"""Why a pasted sentence is not in a passage: the words that differ (pure).

``sb find`` reports the nearest passages when a paste matches nowhere; listing them is not
enough to see the mistake (a changed figure, a paraphrased verb). This aligns the paste's words
with the passage's best-matching stretch and returns what each side has that the other lacks.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from ...base.patterns import hot
from ...base.record import TupleRecord

_WORD = hot(r"\S+")


class WordDiff(TupleRecord):
    pasted: list[str]  # words of the paste that the passage does not have there
    source: list[str]  # the passage's words in their place
    start: int  # the aligned stretch of the passage (code points into the text given)
    end: int


def _norm(w: str) -> str:
    return w.strip(".,;:!?\"'“”‘’()[]«»").casefold()


def differing_words(pasted: str, text: str, limit: int = 8) -> WordDiff | None:
    """The differing words between ``pasted`` and the stretch of ``text`` it aligns with best;
    None when nothing aligns (no word in common)."""
    a = [m.group() for m in _WORD.finditer(pasted)]
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    b = [text[s:e] for s, e in spans]
    if not a or not b:
        return None
    sm = SequenceMatcher(None, [_norm(w) for w in a], [_norm(w) for w in b], autojunk=False)
    blocks = [blk for blk in sm.get_matching_blocks() if blk.size]
    if not blocks:
        return None
    lo = blocks[0].b
    hi = blocks[-1].b + blocks[-1].size
    # the stretch of the passage the paste covers: from the first to the last matched word,
    # widened by the paste's unmatched words at either end
    lo = max(0, lo - blocks[0].a)
    hi = min(len(b), hi + (len(a) - blocks[-1].a - blocks[-1].size))
    sm2 = SequenceMatcher(None, [_norm(w) for w in a], [_norm(w) for w in b[lo:hi]], autojunk=False)
    pasted_only: list[str] = []
    source_only: list[str] = []
    for op, i1, i2, j1, j2 in sm2.get_opcodes():
        if op == "equal":
            continue
        pasted_only += a[i1:i2]
        source_only += b[lo + j1:lo + j2]
    return WordDiff(pasted_only[:limit], source_only[:limit], spans[lo][0], spans[hi - 1][1])
