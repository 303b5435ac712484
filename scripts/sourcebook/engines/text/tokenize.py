"""The search tokenizer: one function for documents and queries, for every script.

Text is NFKC-normalized and case-folded, and diacritics are folded away (``naïve`` ->
``naive``, ``ё`` -> ``е``, Arabic and Hebrew vowel points dropped). Words are runs of letters
and digits (``\\w`` without ``_``, with the combining signs Indic scripts need), so Latin,
Cyrillic, Greek, Arabic, Hebrew and Indic text split at spaces and punctuation. Han, kana and
Hangul are written without spaces between words, so each run of them becomes overlapping
character bigrams (a lone character is kept as itself). One-character words and the 52
English stop words are dropped.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

STOP_WORDS = frozenset("""
a an and are as at be been but by can for from had has have he her his how in into is it its
of on or our she so than that the their them then there these they this to was were what
when which who will with you your""".split())

_CJK_RANGES = ("\u1100-\u11ff\u3040-\u309f\u30a0-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf"
               "\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff\uf900-\ufaff\U00020000-\U0003134f")
# Combining signs kept inside words: Brahmic vowel signs and viramas, and the diacritics that
# fold() removes (so a decomposed accent does not split a word).
_INDIC = "\u0900-\u0963\u0966-\u0dff\u0e00-\u0eff"
_MARK_CHARS = "\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
_RAW = re.compile(rf"[\w{_MARK_CHARS}{_INDIC}]+")
_PIECE = re.compile(rf"([{_CJK_RANGES}]+)|((?:[^\W_{_CJK_RANGES}]|[{_INDIC}])+)")
_MARKS = re.compile(f"[{_MARK_CHARS}]")
# Dropped from ASCII text without looking at each token: stop words and one-character words.
_ASCII_DROP_SET = STOP_WORDS | frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
# Lower-cases ASCII letters and turns every other non-alphanumeric byte into a space.
_ASCII_TABLE = bytes(b + 32 if 65 <= b <= 90 else b if 48 <= b <= 57 or 97 <= b <= 122 else 32 for b in range(256))
_CACHE: dict[str, tuple[str, ...]] = {}


def fold(text: str) -> str:
    """Case-fold and strip diacritics; ASCII text takes a fast path with the same result."""
    if text.isascii():
        return text.lower()
    s = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", _MARKS.sub("", s))


def _expand(raw: str) -> tuple[str, ...]:
    """The terms of one raw token (a run of word characters of case-folded text)."""
    hit = _CACHE.get(raw)
    if hit is not None:
        return hit
    out: list[str] = []
    if raw.isascii():
        out = [p for p in raw.split("_") if len(p) > 1 and p not in STOP_WORDS]
    else:
        for cjk, word in _PIECE.findall(fold(raw)):
            if cjk:
                out.extend([cjk] if len(cjk) == 1 else [cjk[i:i + 2] for i in range(len(cjk) - 1)])
            elif len(word) > 1 and word not in STOP_WORDS:
                out.append(word)
    res = tuple(out)
    if len(_CACHE) < 200_000:
        _CACHE[raw] = res
    return res


def _casefold(text: str) -> str:
    return text.lower() if text.isascii() else text.casefold()


def tokenize(text: str) -> list[str]:
    """The terms of ``text`` in order (stop words and one-character words dropped)."""
    out: list[str] = []
    for raw in _RAW.findall(_casefold(text)):
        out.extend(_expand(raw))
    return out


def term_counts(text: str) -> dict[str, int]:
    """``Counter(tokenize(text))``, computed faster (the index builder calls it per chunk).

    ASCII text is lower-cased and split by a byte table in C; only the stop words and
    one-character words present are removed. Other text expands its non-ASCII tokens.
    """
    if text.isascii():
        counts = Counter(text.encode("ascii").translate(_ASCII_TABLE).decode("ascii").split())
        for w in _ASCII_DROP_SET.intersection(counts):
            del counts[w]
        return counts
    raw = Counter(_RAW.findall(text.casefold()))
    for w in _ASCII_DROP_SET.intersection(raw):
        del raw[w]
    odd = [t for t in raw if not t.isascii() or "_" in t]
    for tok in odd:
        n = raw.pop(tok)
        for t in _expand(tok):
            raw[t] += n
    return raw
