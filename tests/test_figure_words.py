"""Whether a text holds a number word is answered by looking each word up case-folded; the answer
must be the one alternation of all the words gives under re.IGNORECASE, on every text."""

from __future__ import annotations

import random
import re

import pytest

from sourcebook.engines.text.figure_text import _WORDS, _any_word, has_number_words

_EN = re.compile(r"(?<![\w-])(?:" + "|".join(sorted((w for w in _WORDS if w.isascii()), key=len, reverse=True))
                 + r")(?!\w)", re.I)
_RU = re.compile(r"(?<![\w-])(?:" + "|".join(sorted((w for w in _WORDS if not w.isascii()), key=len, reverse=True))
                 + r")(?!\w)|ого\s", re.I)
_CYR = re.compile(r"[\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f]")


def _by_alternation(text: str) -> bool:
    return _EN.search(text) is not None or (_CYR.search(text) is not None and _RU.search(text) is not None)


CASES = [
    "", "Twelve boats", "TWELVE", "the twelfth day", "twelve-hour", "re-twelve", "x-twelve", "twelves", "twelve_",
    "twelve2", "2twelve", "about a dozen", "dozens", "half", "quarters", "a hundred", "sixty-five",
    "\u017fix boats",  # a long s: IGNORECASE reads it as "s"
    "\u212aIT", "\u0130", "fıve", "FİVE", "пять лодок", "ПЯТЬ", "пятьдесят", "пяти-", "-пять", "двадцатью",
    "тысячами", "десятого мая", "десятОГО мая", "того\u00a0же", "ого", "ого\t", "Ого ", "\u1c82го и", "трёх", "ТРЁХ",
    "трех", "one\u0301", "w3 route", "seven\u200bteen", "SevenTeen", "seventeen.", "(seventeen)", "nine\u2011ten",
]


def test_a_number_word_is_found_as_the_alternation_finds_it():
    for text in CASES:
        assert _any_word(text) == _by_alternation(text), text
    assert _any_word("Twelve boats") and _any_word("\u017fix boats") and _any_word("десятого мая")
    assert not _any_word("twelves") and not _any_word("re-twelve") and not _any_word("W3")
    assert has_number_words("The sixth route") and not has_number_words("The W3 route")


def test_random_texts_agree_with_the_alternation():
    rnd = random.Random(7)
    words = sorted(_WORDS)
    pieces = words + ["-", " ", "_", "x", "\u017f", "\u0130", "\u212a", "ого", "\u00a0", "\n", "1", "ё", "Ё",
                      "\u1c82", "A", "a"]
    for _ in range(3000):
        parts = [rnd.choice(pieces) for _ in range(rnd.randint(1, 6))]
        text = "".join(p.upper() if rnd.random() < 0.2 else p for p in parts)
        assert _any_word(text) == _by_alternation(text), text


@pytest.mark.parametrize("text,backing,backed", [
    # a translation writes the floor as a digit: 2階 of "on the second floor"
    ("記事によると、2階には紋別港が見えるイートインスペースがある。",
     "they also have an eat-in area on the second floor featuring a view of Monbetsu port", True),
    ("The first route opened in May.", "The first route opened in May.", True),
    ("1 route opened in May.", "The first route opened in May.", True),
    # another floor, or "second" as a unit of time, backs nothing
    ("3階にイートインスペースがある。", "an eat-in area on the second floor", False),
    ("It took 2 minutes.", "wait a second, it took minutes", False),
])
def test_the_first_and_the_second_back_a_digit(text, backing, backed):
    from sourcebook.engines.text.figures import unbacked

    assert (unbacked(text, [backing]) == []) is backed
