"""Characters a reader cannot see: which they are, and text without them (pure).

A bidirectional override can make a line read "EUR 1000" while it stores "0001"; a zero-width
space can split a number or a name without a trace. ``hidden`` says whether a character would
not be seen (or would reorder what is seen) where it stands: bidirectional controls, zero-width
and other invisible format characters, and control characters. Legitimate uses stay: a
zero-width joiner or non-joiner between two letters (Persian, Indic scripts, emoji sequences),
tabs and line breaks. ``without_unseen`` drops them; ``identity`` folds a text to what a reader
sees of it (NFKC, no unseen characters, white space collapsed, lower case), so two texts that
look the same are one.
"""

from __future__ import annotations

import re
import unicodedata

from .patterns import hot

# Bidirectional controls: embeddings, overrides, isolates, marks (LRM, RLM, ALM).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Visible characters of category Cf (prepended number signs and the like).
_VISIBLE_CF = frozenset("\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd")
# Blank letters that render as nothing.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0")
_JOINERS = frozenset("\u200c\u200d")
ANY = hot("[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
                  "\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
                  "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties): drawn as nothing wherever they
# stand, whatever their category (the grapheme joiner and the Mongolian selectors are marks, the
# Khmer inherent vowels too, some are not assigned yet)
_IGNORABLE = hot("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                 "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                 "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")


def hidden(ch: str, before: str = "", after: str = "") -> bool:
    """True when ``ch`` would not be seen (or would reorder what is seen) where it stands."""
    if ch in "\t\n\r":
        return False
    if ch in BIDI or ch in _BLANK:
        return True
    if ch in _JOINERS:  # joins letters only in scripts that join (Arabic, Indic, ...), and emoji
        if _emoji_like(before):
            return False
        return not (before.isalnum() and after.isalnum()) or _non_joining(before) or _non_joining(after)
    if "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef":
        return not before or before.isascii() and before.isalnum()  # a selector after a letter does nothing
    if ch == "\u034f":  # the grapheme joiner keeps a combining mark apart from what it follows; elsewhere
        return not (after and unicodedata.category(after).startswith("M"))  # ("n\u034fot") it hides a break
    if "\u180b" <= ch <= "\u180f" and ch != "\u180e":  # Mongolian variation selectors: after a Mongolian letter
        return not "\u1820" <= before <= "\u18aa"
    cat = unicodedata.category(ch)
    return (cat == "Cf" and ch not in _VISIBLE_CF) or cat == "Cc" or _IGNORABLE.match(ch) is not None


# Scripts whose letters never join: a joiner between two of them does nothing a reader sees.
_NON_JOINING = ("LATIN", "CYRILLIC", "GREEK", "CJK", "HIRAGANA", "KATAKANA", "HANGUL", "DIGIT", "FULLWIDTH",
                "HALFWIDTH", "ARMENIAN", "GEORGIAN", "HEBREW")


def _non_joining(ch: str) -> bool:
    if ch.isascii():
        return True
    return unicodedata.name(ch, "").startswith(_NON_JOINING)


def _emoji_like(ch: str) -> bool:
    return bool(ch) and ord(ch) >= 0x2190 and unicodedata.category(ch) == "So"


def without_unseen(text: str) -> str:
    """``text`` without the characters a reader would not see where they stand."""
    if not ANY.search(text):
        return text  # the usual case: nothing to drop
    return "".join(ch for i, ch in enumerate(text)
                   if not (ANY.match(ch) and hidden(ch, text[i - 1] if i else "", text[i + 1] if i + 1 < len(text) else "")))


# Cyrillic and Greek letters drawn exactly like Latin ones: inside a word that is otherwise
# Latin ("nоt" with a Cyrillic о) a reader sees the Latin word; letters drawn like digits (the
# Cyrillic З, б; the ezh and yogh) beside Latin letters or digits read as those digits ("WЗ" is W3)
DIGIT_LIKE = "ЗзӠӡƷʒȜȝб"
_LOOKALIKE = str.maketrans("аеорсухіјѕԁһԛԝАВЕКМНОРСТХІЈЅοαυνκιτрΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" + DIGIT_LIKE,
                           "aeopcyxijsdhqwABEKMHOPCTXIJSoauvkitpABEZHIKMNOPTYX" + "333333336")


def _small_capitals() -> dict[int, int]:
    """Latin small capitals (ɴᴏᴛ), which NFKC leaves alone, as the lower-case letters they draw."""
    out = {}
    for lo, hi in ((0x0250, 0x02b0), (0x1d00, 0x1d80), (0xa720, 0xa800), (0x1df00, 0x1e000)):
        for cp in range(lo, hi):
            name = unicodedata.name(chr(cp), "")
            if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == 28:
                out[cp] = ord(name[-1].lower())
    return out


_LOOKALIKE.update(_small_capitals())
_WORD = hot(r"\w+")


def _latin_word(m: re.Match) -> str:
    w = m.group(0)
    if w.isascii():
        return w
    folded = w.translate(_LOOKALIKE)
    # only a word that mixes scripts, or one all in Latin look-alikes (small capitals): a Russian
    # or Greek word stays itself
    if not folded.isascii():
        return w
    return folded if any(c.isascii() for c in w) or all(unicodedata.name(c, "").startswith("LATIN") for c in w) else w


def lookalikes_read(text: str) -> str:
    """``text`` with the look-alike letters of a word that mixes scripts (or is all Latin small
    capitals) read as the Latin letters or digits they draw; one character for one, so offsets
    into it are offsets into ``text``."""
    return text if text.isascii() else _WORD.sub(_latin_word, text)


def as_seen(text: str) -> str:
    """``text`` as a reader sees it: NFKC, without unseen characters, look-alike letters inside
    a Latin word read as Latin (and as digits: "WЗ"), Latin small capitals as their letters."""
    if text.isascii() and not ANY.search(text):
        return text
    t = without_unseen(unicodedata.normalize("NFKC", without_unseen(text)))
    return lookalikes_read(t)


def identity(text: str) -> str:
    """What a reader sees of ``text``, for telling two texts apart: ``as_seen``, white space
    collapsed, lower case (as claim ids are)."""
    return " ".join(as_seen(text).split()).lower()
