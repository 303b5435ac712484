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
from collections import _count_elements  # type: ignore[attr-defined]
from itertools import filterfalse, islice

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
_RAW_RE = rf"[\w{_MARK_CHARS}{_INDIC}]+"
_CJK_SPLIT_RE = f"([{_CJK_RANGES}]+)"
_MARKS_RE = f"[{_MARK_CHARS}]"
# Dropped from ASCII text without looking at each token: stop words and one-character words.
_ASCII_DROP_SET = STOP_WORDS | frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
# Lower-cases ASCII letters, turns other ASCII bytes that are not letters or digits into spaces,
# and keeps the bytes of non-ASCII characters.
_BYTE_TABLE = bytes(b + 32 if 65 <= b <= 90 else b if 48 <= b <= 57 or 97 <= b <= 122 or b >= 128 else 32
                    for b in range(256))
_CACHE: dict[str, tuple[str, ...]] = {}


def fold(text: str) -> str:
    """Case-fold and strip diacritics; ASCII text takes a fast path with the same result."""
    if text.isascii():
        return text.lower()
    s = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", re.sub(_MARKS_RE, "", s))


def _expand(raw: str) -> tuple[str, ...]:
    """The terms of one raw token (a run of word characters of case-folded text)."""
    hit = _CACHE.get(raw)
    if hit is not None:
        return hit
    out: list[str] = []
    if raw.isascii():
        out = [p for p in raw.split("_") if len(p) > 1 and p not in STOP_WORDS]
    else:
        # re caches compiled patterns; compiling only here keeps ASCII queries from paying for it
        for word in re.findall(_RAW_RE, fold(raw)):
            for i, part in enumerate(re.split(_CJK_SPLIT_RE, word)):
                if i % 2:  # a run of Han, kana or Hangul
                    out.extend([part] if len(part) == 1 else [part[j:j + 2] for j in range(len(part) - 1)])
                else:
                    out.extend(p for p in part.split("_") if len(p) > 1 and p not in STOP_WORDS)
    res = tuple(out)
    if len(_CACHE) < 200_000:
        _CACHE[raw] = res
    return res


def coarse_text(text: str) -> str:
    """``text`` with ASCII letters lower-cased and the other ASCII characters that are not
    letters or digits made spaces, in C. Non-ASCII characters pass through unchanged (UTF-8
    continuation bytes are all >= 0x80), so each character stays one character in its place:
    ``coarse_text(text)[i:j] == coarse_text(text[i:j])``, and a text's chunks can be cut from
    one call."""
    return text.encode("utf-8", "surrogatepass").translate(_BYTE_TABLE).decode("utf-8", "surrogatepass")


def _coarse(text: str) -> list[str]:
    """Split at ASCII punctuation and any whitespace, lower-casing ASCII letters; a coarse
    token holding a non-ASCII character is refined by ``_expand``."""
    return coarse_text(text).split()


def tokenize(text: str) -> list[str]:
    """The terms of ``text`` in order (stop words and one-character words dropped)."""
    words = _coarse(text)
    if text.isascii():
        return [w for w in words if w not in _ASCII_DROP_SET]
    out: list[str] = []
    for w in words:
        if w.isascii():
            if w not in _ASCII_DROP_SET:
                out.append(w)
        else:
            out.extend(_expand(w))
    return out


def term_counts(text: str) -> dict[str, int]:
    """``Counter(tokenize(text))``, computed faster (the index builder calls it per chunk)."""
    return coarse_counts(coarse_text(text))


def coarse_counts(coarse: str) -> dict[str, int]:
    """``term_counts(text)`` given ``coarse_text(text)`` (or a slice of it)."""
    return dict(islice(dropped_first_counts(coarse).items(), DROPPED_FIRST, None))


# The ASCII words tokenize() drops, in a fixed order: a count starts from them, so they are
# counted in place and skipped after, rather than looked for and removed from each count.
_DROP_FIRST = dict.fromkeys(sorted(_ASCII_DROP_SET), 0)
DROPPED_FIRST = len(_DROP_FIRST)


def dropped_first_counts(coarse: str) -> dict[str, int]:
    """``coarse_counts(coarse)`` after ``DROPPED_FIRST`` entries of words it drops (each with
    its count, 0 if absent), which a reader skips (``islice``); the index builder calls it
    per chunk."""
    counts = _DROP_FIRST.copy()
    _count_elements(counts, coarse.split())  # Counter's own counting loop, without its checks
    if coarse.isascii():
        return counts
    get = counts.get
    for tok in list(filterfalse(str.isascii, islice(counts, DROPPED_FIRST, None))):  # (the first are ASCII)
        n = counts.pop(tok)
        for t in _expand(tok):
            counts[t] = get(t, 0) + n
    return counts
