"""Figures and dates, normalised so that a sentence can be compared with what backs it.

A page, a claim or a report line may only state a figure or a date that its evidence states.
Writers format figures in many ways ("38,500", "38 500", "３８，５００", "3.85万"), so every
figure is read into a canonical key and compared by meaning, never by spelling.

Kinds and keys:
- ``number``  "38500", "3.4": grouping removed ("38,500", "38 500", "38.500,0", "1'000"),
  "3.4" == "3.40"; a comma followed by exactly three digits groups, otherwise it is a decimal
  comma ("3,40" == 3.40); scale words applied ("1.5 million" -> "1500000", "3.1万" ->
  "31000", "5 млн" -> "5000000"); ordinals read as their number ("21st", "1-й" -> "21", "1");
  CJK numerals where numeric ("三万一千" -> "31000"); a unit of measure glued to its number is
  the number ("15ns", "2.4GHz", "288MiB", "10km" -> "15", "2.4", "288", "10"), as with a space
- ``percent`` "12%" ("12 percent", "12 per cent", "12％", "12 Prozent", "百分之十二")
- ``money``   "EUR:1000" ("€1,000", "EUR 1000", "1000 euros", "1000 €"); "$" and "¥" keep
  the symbol as their code because they name several currencies ("$:5", "¥:300")
- ``date``    "2026-12-01", "2026-12" (month and year), "--12-01" (day and month), "--12" (a
  month alone, after a preposition: "in August", or 十一月), "2026" (a year)
- ``time``    "15:30" ("3.30 p.m.", "15:30", "15h30", "15時30分", "half past three in the
  afternoon"); "~09:00" for a time in words that does not say which half of the day ("nine
  o'clock", "half eight", "at nine" in a sentence of a timetable), backed by 09:00 or 21:00
- ``version`` "v3.14.1" (two or more dots, or after v/Python/version/release), "PEP 8",
  "RFC 9110", "ISO 8601"; compared exactly ("Python 3.1" != "Python 3.10")
- ``ambiguous`` a numeric date whose day and month could swap ("01.11.2026", "01/11/2026",
  "11-01-2026"); its key lists both readings. "13/11/2026", "2026/11/01" and "05.05.2026" are
  dates. Ambiguous figures are never backed.

- ``ident``   "W3", "A12", "PEP649": a name with digits glued to it ("W3", "A-12", "B2B",
  "COVID-19", "Ту-154") or a standard and its number; compared exactly (hyphens aside)
- ``relative`` "next tuesday", "来週", "завтра": a date a reader cannot place; backed only by
  the same words

Every figure is read from the comparable view of its text (``figure_text``): number words
("twelve", "forty-eight thousand", "the twentieth of December", Russian cardinals), look-alike
and compatibility characters ("48,5OO", "⁴⁸", "𝟒𝟖") read as digits, so digits and words compare
equal both ways. A figure read from words has ``spelled`` set. A number's ``unit`` says what it
counts and per what ("count" when a noun it counts follows, "/day" for a rate): a rate is backed
only by the same rate, a count or a year never backs an amount, and a year never backs a count.
割 counts tenths as a percentage (三割 = 30%).

Not figures: "one", "first" and "second" alone, hashes and ids ("src_4b1d0c9e2a77", "clm_…"),
citation markers ("[1]", "[@clm_…]"), digits inside URLs and e-mail addresses, and a lone CJK
numeral inside a word (一つ, 一个, 统一, 十分) unless a counter, unit or date suffix follows it (月
日 年 人 名 万 億 亿 元 円 % 号 条 歳 倍 割).

The work is split by job: ``currencies`` (the one table of currencies), ``figure_text`` (the
comparable view), ``figure_dates`` (months and date patterns), ``figure_units`` (units, rates,
relative dates), ``figure_scan`` (the scanner),
``figure_match`` (backing), ``figure_frame`` (what a figure is told of). Standard library only; pure functions, values in and out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...base.patterns import lazy
from .figure_dates import date_parts
from .figure_match import is_backed, small_word, unbacked
from .figure_scan import KINDS, Figure, _figures, exact_digits
from .figure_text import normalize_figures

__all__ = ["KINDS", "Figure", "ambiguous", "as_of_wording", "date_parts", "exact_digits", "find_figures", "is_backed",
           "normalize_figures", "range_across", "range_refusal", "small_word", "stated", "unbacked"]


def find_figures(text: str) -> list[Figure]:
    """Every figure and date in ``text``, in order, with code-point offsets
    (``text[f.start:f.end] == f.written``)."""
    return list(_figures(text))


def ambiguous(text: str) -> list[Figure]:
    """The numeric dates of ``text`` whose day and month could swap (kind "ambiguous")."""
    return [f for f in _figures(text) if f.kind == "ambiguous"]


def stated(text: str) -> list[Figure]:
    """The figures that text citing nothing (framing, an inference, a transition) may not carry:
    every figure but a name with digits ("W3" names a route) and a small whole number in words
    that counts nothing named ("the two figures disagree"; "three travellers" is a figure)."""
    return [f for f in _figures(text) if f.kind != "ident" and not small_word(f, text)]


# words that make a date an as-of date: a claim's as_of backs a date only after these
_AS_OF_BEFORE = lazy(r"(?:\bas (?:of|at|on)|\bat the time of|\bcorrect (?:as )?(?:of|at)|по состоянию на|截至|截止)"
                     r"(?:\s+the)?\s*\Z", re.I)


def as_of_wording(text: str, start: int, end: int) -> bool:
    """Whether the date at ``text[start:end]`` is worded as an as-of date ("as of 14 October
    2026", "2026年10月14日時点", "по состоянию на 14 октября")."""
    return bool(_AS_OF_BEFORE.search(text, max(0, start - 30), start)) or text.startswith(("時点", "现在", "現在"), end)


# what joins the two ends of a range: "to", a dash, "до" (от ... до), 至, 到, から, 〜; "and" or "и"
# only after "between" or "между" (else it lists two figures: "the audited 31,000 and ...")
_RANGE_JOIN = lazy(r"\s*(?:to|–|—|-|~|〜|～|至|到|から|до)\s*", re.IGNORECASE)
_RANGE_AND = lazy(r"\s*(?:and|и)\s*", re.IGNORECASE)
_RANGE_BETWEEN = lazy(r"(?:between|между)\s+$", re.IGNORECASE)


def range_refusal(span: tuple[str, str, str], written: str) -> str:
    """Why a range ``range_across`` found is refused, and the fix (``written``: the range as the
    message shows it, cut to length by the caller)."""
    return (f"{written!r} is a range from a figure of {span[1]} to a figure of {span[2]}, two sides of a "
            "disagreement: a range tells one measure that varies; give each figure with its own claim and what it "
            "measures")


def range_across(text: str, ids: list[str], backing: Callable[[str], list[str]],
                 rivals: Callable[[str], set[str]]) -> tuple[str, str, str] | None:
    """A range in ``text`` ("between 31,000 and 38,500", "31,000 to 38,500", "от 31 000 до 38 500")
    whose two ends are stated by two of the claims ``ids`` it cites that stand on either side of a
    disagreement (``rivals(x)``: the claims contesting ``x``; ``backing(x)``: the texts stating
    ``x``'s figures): (the range as written, one claim, the other), or None. A range tells one
    measure that varies; two sources that measure different things, or disagree, are not one."""
    if len(set(ids)) < 2 or not any(rivals(x) for x in ids):
        return None
    found = [f for f in _figures(text) if f.kind in ("number", "percent", "money")]
    for a, b in zip(found, found[1:], strict=False):
        join = text[a.end:b.start]
        if not (_RANGE_JOIN.fullmatch(join) or (_RANGE_AND.fullmatch(join) and _RANGE_BETWEEN.search(text, 0, a.start))):
            continue
        left = [x for x in ids if is_backed(a, backing(x), text)]
        right = [x for x in ids if is_backed(b, backing(x), text)]
        for x in left:
            for y in right:
                if x != y and y in rivals(x) and x not in right and y not in left:
                    return text[max(0, a.start - 8):b.end].strip(), x, y
    return None
