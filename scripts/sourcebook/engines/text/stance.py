"""How a sentence stands towards what it says: negation, hedging, and the words before a cut.

A claim may say no more than its quote, and it may not say something the quote does not. Three
cheap, over-eager readings catch the common ways a faithful-looking claim turns its evidence
around; they only flag a claim for a person to look at, they never decide:

- ``negated``: the text carries a negation ("not", "never", "no longer", "no", "none", "cannot",
  "n't"; ない/ません, 不/没, не/нет);
- ``modals``: the hedges a text carries ("may", "might", "could", "possibly", "expected to",
  "likely", and a few in the demo languages); ``hedged`` says whether a claim hedges at all;
- ``cut_context``: for a quote that starts mid-sentence, what the words just before it make of
  it (someone's report, a question, a denial), or None;
- ``hedge_dropped``: a page sentence states plainly what its claim only expects, plans or allows
  (the gate refuses it: the reader takes a plan for a fact);
- ``scale_words``: words of record, superlative and completion ("a record 38,500", "the
  busiest route", "already fitted"), which the gate holds to what the cited claims and quotes
  say.

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

# a claim that hedges only with one of these plans or schedules: a sentence in the future tense
# ("will accept from 1 December") keeps it; a possibility ("may", "could") needs a hedge of its own
_PLAN = re.compile(r"\b(?:expects?|expected|would|should|due\s+to|plans?\s+to|planned|scheduled|forecasts?|"
                   r"projected|ожидается|予定|计划)\b|予定|计划", re.IGNORECASE)
_FUTURE = re.compile(r"\b(?:will|shall|(?:is|are)\s+to|set\s+(?:to|for)|due|scheduled|not\s+(?:before|until)|aims?\s+to|intends?\s+to|going\s+to|"
                     r"plans?|planned|expects?|estimates?|estimated|says?|said|according\s+to)\b|予定|计划|将",
                     re.IGNORECASE)
_SCALE = re.compile(r"\b(?:record(?:[- ](?:breaking|setting|high|low))?(?!\s+(?:of|book|books|keeping)\b)|all[- ]time|"
                    r"unprecedented|highest|lowest|largest|biggest|smallest|greatest|fewest|fastest|slowest|"
                    r"busiest|quietest|cheapest|costliest|longest|shortest|best|worst|"
                    r"рекорд\w*|наибольш\w*|наименьш\w*)\b|過去最\w|史上最|最高|最多|最大|最低|创纪录|纪录|历史最",
                    re.IGNORECASE)
# "already" turns a plan into a thing done ("its new readers already fitted")
_DONE = re.compile(r"\b(?:already|bereits|déjà|уже)\b|既に|すでに|已经", re.IGNORECASE)
_NOT_SCALE = re.compile(r"\b(?:on|off\s+the|for\s+the)\s+record\b", re.IGNORECASE)

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


def hedge_dropped(claim_text: str, sentence: str) -> str | None:
    """The claim's hedge ("due to", "may") when ``sentence``, which cites the claim, keeps none:
    a plan or schedule is kept by the future tense or by saying who expects it, a possibility
    only by a hedge of the sentence's own. None when nothing was dropped."""
    if not hedged(claim_text) or hedged(sentence):
        return None
    said = _seen(claim_text)
    possible = modals(said)
    # a plan keeps its hedge in the future tense, or in the present with its date ("W3 takes
    # the pass from 1 December"): English tells a timetable so
    if not possible and (_FUTURE.search(_seen(sentence)) or _dated(sentence)):
        return None
    m = _MODAL.search(said) or _CLAIM_HEDGE.search(said) or _PLAN.search(said)
    if m is None or not _restates(said[m.end():], _seen(sentence)):
        return None  # the sentence tells another part of the claim ("the contract was signed")
    return possible[0] if possible else " ".join(m.group(0).lower().split())


_CLAUSE_END = re.compile(r"[,;:.!?。！？，；]")
_CONTENT = re.compile(r"[^\W_]{4,}|(?<!\w)\d+(?!\w)")


def _restates(clause: str, sentence: str) -> bool:
    """Whether ``sentence`` states the (hedged) clause: more than half of its words of four
    letters or more and its numbers ("accept the pass from 1 December 2026")."""
    end = _CLAUSE_END.search(clause)
    words = {w.lower() for w in _CONTENT.findall(clause[:end.start()] if end else clause)}
    if not words:
        return True
    said = {w.lower() for w in _CONTENT.findall(sentence)}
    return len(words & said) * 2 > len(words)


def _dated(text: str) -> bool:
    from .figures import find_figures

    return any(f.kind == "date" for f in find_figures(text))


def hedge_dropped_among(claim_texts: list[str], sentence: str) -> str | None:
    """``hedge_dropped`` where a sentence cites a source, not a claim (a report's ``[3]``): the
    hedge of a claim it restates plainly, unless it restates as well an unhedged claim of the
    same sources."""
    lost = next((h for t in claim_texts if (h := hedge_dropped(t, sentence))), None)
    if lost is None:
        return None
    seen = _seen(sentence)
    if any(not hedged(t) and _restates(_seen(t), seen) for t in claim_texts):
        return None
    return lost


def scale_words(text: str, plan: bool = False) -> list[str]:
    """Words of record or superlative in ``text`` ("a record", "the busiest"), and with ``plan``
    (what is cited is a plan or a possibility) of completion ("already"), lower case, each once
    ("on record" is none)."""
    text = _NOT_SCALE.sub(" ", _seen(text))
    found = [(m.start(), m.group(0)) for rx in ((_SCALE, _DONE) if plan else (_SCALE,)) for m in rx.finditer(text)]
    return list(dict.fromkeys(" ".join(w.lower().split()) for _, w in sorted(found)))


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
