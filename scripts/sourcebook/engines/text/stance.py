"""How a sentence stands towards what it says: negation, hedging, and the words before a cut.

A claim may say no more than its quote, and it may not say something the quote does not. Three
cheap, over-eager readings catch the common ways a faithful-looking claim turns its evidence
around; they only flag a claim for a person to look at, they never decide:

- ``negated``: the text carries a negation ("not", "never", "no longer", "no", "none", "cannot",
  "n't"; ない/ません, 不/没, не/нет);
- ``modals``: the hedges a text carries ("may", "might", "could", "possibly", "expected to",
  "likely", and a few in the demo languages); ``hedged`` says whether a claim hedges at all;
- ``cut_context``: for a quote that starts mid-sentence, what the words just before it make of
  it (someone's report, a question, a denial), or None.

Pure functions over strings; English word lists, plus the short forms of the demo languages.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# "No. 5" is a number, not a negation; "n't" is glued to its verb.
_NEG_WORDS = re.compile(r"\b(?:not|never|none|cannot|no(?!\.\s*\d))\b|n['’]t\b|\b(?:не|нет|никогда)\b",
                        re.IGNORECASE)
_NEG_CJK = ("ない", "ません", "なかっ", "不", "没")

# "may" the modal, not "May" the month (a day or a year next to it says which)
_MODAL = re.compile(r"(?<!\d[\s-])\bmay\b(?![\s-]+\d)|\b(?:might|could|possibly|likely|expected\s+to|"
                    r"может|возможно|ожидается)\b", re.IGNORECASE)
_MODAL_CJK = ("かもしれ", "見込み", "可能", "预计")
# a claim that hedges in any of these words keeps its quote's hedge
_CLAIM_HEDGE = re.compile(r"\b(?:probably|perhaps|expects?|expected|would|should|due\s+to|plans?\s+to|"
                          r"planned|scheduled|forecasts?|projected|estimated?|unconfirmed)\b", re.IGNORECASE)

_REPORTING = re.compile(r"\b(?:said|says|claimed|claims|reported|reports|according\s+to|told|stated|alleged|"
                        r"alleges|wrote|writes)\b", re.IGNORECASE)
_QUESTION = re.compile(r"\b(?:asked|asks|wondered|wonders)\s+(?:\w+\s+)?(?:whether|if)\b|\bwhether\b",
                       re.IGNORECASE)
_DENIAL = re.compile(r"\b(?:denied|denies|deny|disputed|disputes|rejected|false)\b", re.IGNORECASE)
_STOPS = ".!?。！？"
_LOOKBACK = 240  # characters read before a quote to find where its sentence starts
_TAIL_WORDS = 5  # "the words just before it": this many


def _seen(text: str) -> str:
    """The text as a reader sees it: a word joiner inside "not", a full-width letter or a
    Cyrillic о in "nоt" must not hide a word from the lists below."""
    from ...base.unseen import as_seen

    return as_seen(text)


def negated(text: str) -> bool:
    text = _seen(text)
    return bool(_NEG_WORDS.search(text)) or any(m in text for m in _NEG_CJK)


def modals(text: str) -> list[str]:
    """The hedges in ``text`` as written (lower case), in order, each once."""
    text = _seen(text)
    # "May" with a capital inside a sentence is the month ("released in May"), not the modal
    found = [m.group(0).lower() for m in _MODAL.finditer(text)
             if not (m.group(0) == "May" and text[:m.start()].rstrip()[-1:] not in ("", ".", "!", "?", "\n", "\"", "“"))]
    found += [m for m in _MODAL_CJK if m in text]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


def hedged(text: str) -> bool:
    """Whether a claim hedges at all (any modal, or a word of plan or expectation)."""
    return bool(modals(text)) or bool(_CLAIM_HEDGE.search(_seen(text)))


def reports(text: str) -> bool:
    """Whether a claim itself says that someone reported it ("X said ...")."""
    return bool(_REPORTING.search(_seen(text)))


class Cut(NamedTuple):
    kind: str  # "reporting" | "question" | "negation"
    words: str  # the words before the quote (or the question mark) that say so


def _sentence_start(text: str, start: int) -> int:
    """Where the sentence holding ``start`` begins (a line start or just after a full stop)."""
    lo = max(0, start - _LOOKBACK)
    i = start - 1
    while i >= lo:
        ch = text[i]
        if ch == "\n":
            return i + 1
        if ch in _STOPS and (ch in "。！？" or i + 1 >= start or text[i + 1].isspace()):
            return i + 1
        i -= 1
    return lo


def _sentence_end(text: str, end: int) -> str | None:
    """The stop that ends the sentence a quote was cut from (None at a line end or far away)."""
    for ch in text[end:end + _LOOKBACK]:
        if ch == "\n":
            return None
        if ch in _STOPS:
            return ch
    return None


def cut_context(text: str, start: int, end: int) -> Cut | None:
    """For a quote at ``text[start:end]`` that starts mid-sentence: what its sentence makes of it."""
    if not (0 <= start < end <= len(text)):
        return None
    before = text[_sentence_start(text, start):start].strip()
    if not before or not any(ch.isalpha() for ch in before):
        return None  # the quote starts its sentence (or only a bullet or a number comes before)
    tail = " ".join(before.split()[-_TAIL_WORDS:])
    if _DENIAL.search(tail) or _NEG_WORDS.search(tail):
        return Cut("negation", tail)
    if _QUESTION.search(tail):
        return Cut("question", tail)
    if _REPORTING.search(tail):
        return Cut("reporting", tail)
    quote = text[start:end]
    if not quote.rstrip().endswith(("?", "？")) and _sentence_end(text, end) in ("?", "？"):
        return Cut("question", "?")
    return None
