"""Quotations in a text: words between a pair of quotation marks.

Text that carries no claim (framing, a podcast transition) may not quote anyone: a quotation
is evidence, and evidence belongs in a cited line. The pairs read are the straight double
quote, curly double and single quotes, guillemets (either way round), the German low-high pair
and CJK corner brackets (and marks drawn like a double quote: ˮ ʺ ″ ״ ‟ ＂, in pairs around
words), and the straight single quote when it opens at the start of a word and
closes at the end of one ('a lost cause'). A lone apostrophe ("it's", "the riders’ view",
"the drivers' union") is never a quotation. Pure.
"""

from __future__ import annotations

import re

from ...base.patterns import lazy
from ...base.record import TupleRecord

# opening mark -> closing marks; the content is one line and not empty
_PAIRS = {'"': '"', "“": "”", "„": "“”", "‘": "’", "«": "»", "»": "«", "‹": "›", "「": "」", "『": "』", "〝": "〞〟", "‟": "”"}
_PATTERN = lazy("|".join([f"{re.escape(o)}[^{re.escape(c)}\\n]*?[^\\s{re.escape(c)}][^{re.escape(c)}\\n]*?[{re.escape(c)}]"
                         for o, c in _PAIRS.items()]
                        + [r"(?<![\w'’])'(?=[^\W\d_])[^'\n]*?(?<=[^\s'])'(?![\w'])"]))


# marks drawn like a double quotation mark (modifier letters ˮ ʺ ˝, primes ″ ‶, the Hebrew ״,
# the reversed ‟, the full-width ＂): a pair of them around words, opening at the start of a word
# and closing at the end of one, is read as quotation marks ("12″ and 14″" and צה״ל are not)
_LOOKALIKE_MARKS = "\u02ee\u02ba\u02dd\u2033\u2036\u05f4\u201f\uff02"
_LOOKALIKE_PAIR = lazy(rf"(?<![\w])[{_LOOKALIKE_MARKS}](?=[^\s{_LOOKALIKE_MARKS}])[^{_LOOKALIKE_MARKS}\n]*?"
                       rf"(?<=[^\s{_LOOKALIKE_MARKS}])[{_LOOKALIKE_MARKS}](?![\w])")


def _marks_read(text: str) -> str:
    """``text`` with look-alike quotation marks read as '"', one character for one."""
    if not any(c in _LOOKALIKE_MARKS for c in text):
        return text
    return _LOOKALIKE_PAIR.sub(lambda m: '"' + m.group(0)[1:-1] + '"', text)


class Quotation(TupleRecord):
    text: str  # the marks and what they enclose
    start: int
    end: int


def find_quotations(text: str) -> list[Quotation]:
    """Every quotation in ``text``, in order, not overlapping."""
    return [Quotation(text[m.start():m.end()], m.start(), m.end()) for m in _PATTERN.finditer(_marks_read(text))]


def quoted(text: str) -> bool:
    """Whether ``text`` quotes anyone: what framing, an inference or a transition may not do."""
    return _PATTERN.search(_marks_read(text)) is not None


_FOLD_MARKS = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_EDGE = lazy(r"^[\W_]+|[\W_]+$")


def _words(text: str) -> str:
    return " ".join(text.translate(_FOLD_MARKS).casefold().split())


def inner(q: Quotation) -> str:
    """The words a quotation encloses, without its marks."""
    return q.text[1:-1].strip()


def unbacked_quotations(text: str, quotes: list[str]) -> list[Quotation]:
    """The quotations of ``text`` whose words occur in none of ``quotes`` (case, spacing and the
    style of apostrophes aside): words set in quotation marks are the source's, word for word."""
    found = find_quotations(text)
    if not found:
        return []
    pool = [_words(q) for q in quotes]
    out = []
    for q in found:
        said = _EDGE.sub("", _words(inner(q)))
        if said and not any(said in p for p in pool):
            out.append(q)
    return out


# a word that opens a condition or a time clause: what follows it is not said to be so
_SUBORDINATOR = lazy(r"\b(?:once|if|when|whenever|until|till|unless|after|before|provided(?:\s+that)?|"
                     r"as\s+soon\s+as)\W*$", re.IGNORECASE)


def cut_conditions(text: str, quotes: list[str]) -> list[tuple[Quotation, str]]:
    """The quotations of ``text`` that every quote holding their words opens with a condition
    ("once the new ticket readers are installed" quoted as "the new ticket readers are
    installed"): set alone, the clause is told as so. With the word that opened it; a sentence
    that keeps the word before the quotation (once "the readers are installed") keeps it."""
    pool = [_words(q) for q in quotes]
    out = []
    for q in find_quotations(text):
        said = _EDGE.sub("", _words(inner(q)))
        if not said:
            continue
        before = [p[:i] for p in pool for i in _occurrences(p, said)]
        opened = [_SUBORDINATOR.search(b) for b in before]
        if opened and all(opened) and not _SUBORDINATOR.search(_words(text[:q.start])):
            out.append((q, " ".join(opened[0].group(0).split()).strip(" ,;:")))  # type: ignore[union-attr]
    return out


def occurs_as_word(word: str, text: str) -> bool:
    """``word`` stands in ``text`` with no letter or digit on either side ("pib" in "del PIB",
    never in "pibe"): the test a quoted word, a quote's core or a name passes. Searched, not
    matched by a pattern: a pattern per word would be compiled afresh for each."""
    for i in _occurrences(text, word):
        j = i + len(word)
        if (i == 0 or not text[i - 1].isalnum()) and (j == len(text) or not text[j].isalnum()):
            return True
    return False


def _occurrences(hay: str, needle: str) -> list[int]:
    out, i = [], hay.find(needle)
    while i >= 0:
        out.append(i)
        i = hay.find(needle, i + 1)
    return out


# words before a quotation that name its words rather than doubt them ("the word "audited"", "the
# phrase "audited average"")
_NAMES_WORD = lazy(r"\b(?:words?|terms?|phrases?|expressions?|wording|label|call(?:s|ed)?(?:\s+(?:it|them|this|that|the|an?))?|"
                   r"marked|labell?ed|titled|entitled|headed|reads?|says?|said|wrote|writes)\W*$", re.IGNORECASE)


# words before a quotation of a few words that give them as someone's ("officers called it an
# "audited average"", "in the operator's words"): a quotation, not a doubt
_ATTRIBUTED = lazy(r"\b(?:says?|said|saying|writes?|wrote|written|calls?|called|calling|describe[sd]?|describing|"
                   r"terms?|termed|puts?\s+it|told|tells?|reports?|reported|stated?|states|claims?|claimed|"
                   r"announce[sd]?|promise[sd]?|replie[sd]|reply|insist(?:s|ed)?|dubb?(?:s|ed)?|quot(?:e|es|ed|ing)|"
                   r"according\s+to|in\s+(?:its|their|his|her|the\s+[\w'’]+)\s+(?:own\s+)?words)\b", re.IGNORECASE)
_WORD = r"[^\W\d_][\w'-]*"


def _in_marks(text: str) -> list[str]:
    """The words ``text`` sets in quotation marks, a quotation within a quotation too."""
    out = []
    for q in find_quotations(text):
        out.append(_EDGE.sub("", _words(inner(q))))
        out += _in_marks(inner(q))
    return out


def scare_quotes(text: str, plain: list[str]) -> list[Quotation]:
    """Quotations of one to four words of ``text`` ("an "audited" 31,000", "an "audited
    average" of 31,000") of words ``plain`` (the claims' texts and quotes) states without
    quotation marks: the marks say the author doubts the words, a judgement no source makes.
    Words a quote or a claim's text sets in marks itself (any style: "…", “…”, ‘…’, «…», 「…」;
    ``rejected as 400 "Bad Request"``), though a claim's text drops the marks, repeat the
    source's marks; words the sentence names ("the word "audited"", "marked "late"") are quoted;
    so are two to four words the sentence gives as someone's ("officers called it an "audited
    average"", "in the operator's words")."""
    out = []
    marked = {w for p in plain for w in _in_marks(p)}
    for q in find_quotations(text):
        word = _EDGE.sub("", _words(inner(q)))
        n = len(word.split())
        if not word or n > 4 or not re.fullmatch(rf"{_WORD}(?: {_WORD})*", word) or _NAMES_WORD.search(text[:q.start]):
            continue
        if n > 1 and _ATTRIBUTED.search(text[:q.start]):
            continue
        said = [_words(p) for p in plain if re.search(rf"(?<![\w'\"]){re.escape(word)}(?![\w'\"])", _words(p))]
        if said and word not in marked:
            out.append(q)
    return out
