"""A word found whole in a text: no letter or digit right before or after it."""

from __future__ import annotations


def occurs_as_word(word: str, text: str) -> bool:
    """``word`` stands in ``text`` with no letter or digit on either side ("pib" in "del PIB",
    never in "pibe"). Searched, not matched by a pattern: a pattern per word would be compiled
    afresh for each."""
    i = text.find(word)
    while i >= 0:
        j = i + len(word)
        if (i == 0 or not text[i - 1].isalnum()) and (j == len(text) or not text[j].isalnum()):
            return True
        i = text.find(word, i + 1)
    return False
