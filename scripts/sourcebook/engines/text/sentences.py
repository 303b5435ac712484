"""Sentences in every script: the unit the provenance gate checks.

The gate promises that every sentence of prose is cited, inferred or framing, so it needs one
segmenter that every reader (drafts, pages, report, podcast) shares. It is rule-based and
pure: English abbreviations ("e.g.", "U.S.", "No. 5", "Dr."), initials ("J. R. R. Tolkien"),
decimals and versions ("3.14", "v2.0.1"), ellipses, closing quotes and brackets after the
stop, CJK full stops (。！？ and full-width ！？, no space after them), mixed scripts, Russian
abbreviations ("г.", "т. е.", "др."), and newlines (a blank line, a list item, a heading or a
table row always starts a new sentence).

Two attachments keep citations with their sentence: square-bracket groups right after a stop
("Sentence. [@clm_x]" / "[framing]" / "[3]") belong to the sentence before, and a trailing
fragment of fewer than four words with no stop of its own ("(as of 2026-10-01)"), or a fully
bracketed one, is merged into the sentence before it in the same paragraph.

Offsets are code-point indices into the text given; sentences are whitespace-trimmed and tile
the non-whitespace text: every non-space character belongs to exactly one sentence, in order.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple


class Sentence(NamedTuple):
    start: int  # code-point offsets into the text given, whitespace trimmed
    end: int
    text: str  # text[start:end]


# --- character classes -------------------------------------------------------------------

_CJK_RANGES = (
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF66, 0xFF9F),  # half-width katakana
    (0x20000, 0x2FA1F),  # extensions B..
    (0x3005, 0x3007),  # 々 〆 〇
)


def is_cjk(ch: str) -> bool:
    """A Han, kana or CJK iteration character: scripts written without spaces between words."""
    o = ord(ch)
    return any(lo <= o <= hi for lo, hi in _CJK_RANGES)


_CLOSERS = "\"'”’»)]}」』）】〕〉》›*_`"
_CJK_CLOSERS = "」』）】〕〉》”’\"')]}"
_OPENERS = "\"'“‘«([{¿¡「『（【〔〈《‹*_`"
_CJK_STOPS = "。！？｡"
_STOP_CHARS = ".!?…" + _CJK_STOPS + "．"

# A candidate stop: a run of stop characters (".", "!", "?", "...", "…", CJK stops).
_CANDIDATE = re.compile(r"[.!?…。！？｡．]+")
_WS = re.compile(r"\s+")
_HARD_BREAK = re.compile(r"\n[ \t]*\n")
_LIST_START = re.compile(r"[ \t]*(?:[-*+•‣◦]|\d{1,3}[.)])[ \t]")
_BRACKET_GROUP = re.compile(r"\s*\[[^\[\]\n]{1,120}\]")

# Abbreviations (lower-case, without the final period; inner periods kept).
_TITLES = {
    "mr", "mrs", "ms", "dr", "prof", "st", "mt", "gen", "capt", "lt", "sgt", "col", "rev", "hon",
    "fr", "messrs", "mme", "mlle", "mm", "sra", "srta", "dra", "hr", "frau", "herr",
    "г-н", "г-жа", "д-р", "проф", "им", "ул", "пр", "акад", "св",
}
_INLINE = {
    "e.g", "i.e", "vs", "cf", "approx", "ca", "viz", "resp", "incl", "esp", "excl", "z.b", "d.h",
    "bzw", "u.a", "ggf", "evtl", "vgl", "sog", "p.ex", "aprox", "env", "cca", "et",
    "т.е", "т.к", "т.н", "см", "напр", "ср", "прим", "укр", "англ", "нем", "франц", "лат",
}
_BEFORE_NUMBER = {
    "no", "nos", "nr", "fig", "figs", "p", "pp", "vol", "vols", "ch", "chap", "sec", "art",
    "para", "tab", "eq", "ref", "ed", "op", "pt", "pts", "ex", "n", "núm", "pág", "s", "abb",
    "стр", "рис", "гл", "п", "ст", "т", "ч", "с", "табл", "д", "кв", "корп",
}
_MAYBE_END = {
    "etc", "al", "usw", "inc", "ltd", "co", "corp", "jr", "sr", "bros", "plc", "llc", "gmbh",
    "ag", "a.m", "p.m", "ff",
    "г", "гг", "др", "т.д", "т.п", "д", "п", "млн", "млрд", "тыс", "руб", "коп", "в", "вв",
}
_STARTERS = {
    "a", "an", "the", "this", "that", "these", "those", "there", "then", "thus", "it", "its",
    "he", "she", "they", "we", "i", "you", "his", "her", "their", "our", "my", "your", "but",
    "and", "so", "yet", "however", "in", "on", "at", "as", "if", "when", "while", "after",
    "before", "since", "although", "though", "for", "from", "by", "to", "with", "what", "who",
    "why", "how", "where", "all", "some", "many", "most", "no", "not", "one", "each", "every",
    "both", "only", "also", "meanwhile", "today", "tomorrow", "yesterday", "now", "here",
}
_MONTH_WORDS = {
    "januar", "jänner", "februar", "märz", "april", "mai", "juni", "juli", "august",
    "september", "oktober", "november", "dezember",
}


def _first_letter(s: str) -> str:
    """The first character of the next word, skipping opening quotes and brackets."""
    for ch in s:
        if ch in _OPENERS:
            continue
        return ch
    return ""


def _token_before(text: str, i: int) -> str:
    """The whitespace-delimited token ending at i, without leading opening punctuation."""
    j = i
    while j > 0 and not text[j - 1].isspace():
        j -= 1
    return text[j:i].lstrip(_OPENERS)


def _next_word(text: str, i: int) -> str:
    m = re.compile(r"\S+").match(text, i)
    return m.group(0) if m else ""


def _is_stop_after_cjk(text: str, run: str, s: int, e: int) -> bool:
    """Whether a run of stop characters is a CJK-style stop (cuts without a following space)."""
    if any(ch in _CJK_STOPS for ch in run):
        return True
    if "．" in run:
        return not (e < len(text) and text[e].isdigit()) and not (s > 0 and text[s - 1].isdigit())
    # ASCII ! or ? right after CJK text and followed by CJK text: "一样!下一句"
    return run.strip(".") != "" and "." not in run and s > 0 and is_cjk(text[s - 1])


def _decide(text: str, s: int, e: int) -> int | None:
    """Given a run of stop characters text[s:e], return the cut position or None."""
    run = text[s:e]
    n = len(text)
    # closing quotes/brackets directly after the stop belong to this sentence
    k = e
    while k < n and text[k] in _CLOSERS:
        k += 1
    if _is_stop_after_cjk(text, run, s, e):
        # a quoted sentence continued by a particle: 「…です。」と言った
        if k < n and k > e and text[k] in "と、，":
            return None
        return k
    if k < n and not text[k].isspace():
        nxt = text[k]
        # an English sentence followed directly by CJK text: "He left.次の文"
        if is_cjk(nxt) and run != "." or (run == "." and is_cjk(nxt) and _token_before(text, s)[-1:].isalpha()):
            return k
        return None  # "3.14", "e.g.x", "U.S" inside a token, "...and"
    if k >= n:
        return k
    # whitespace follows: look at the next word
    m = _WS.match(text, k)
    j = m.end() if m else k
    if j >= n:
        return k
    if text[j] == "[":
        return k  # a citation group after the stop; attached to this sentence later
    nw = _next_word(text, j)
    first = _first_letter(nw)
    if first.islower():
        return None
    if "." not in run and "…" not in run:
        return k  # ! or ?
    if run in ("...", "…") or len(run) > 1 and set(run) <= {".", "…"}:
        return k if (first.isupper() or is_cjk(first) or first.isdigit()) else None
    tok = _token_before(text, s)
    low = tok.lower()
    word = nw.strip(_OPENERS + _CLOSERS + ",;:").lower()
    if low in _TITLES or low in _INLINE:
        return None
    if low in _BEFORE_NUMBER and first.isdigit():
        return None
    if tok.isdigit() and len(tok) <= 2 and word in _MONTH_WORDS:
        return None  # German ordinal date: "1. Dezember"
    initialism = re.fullmatch(r"(?:[^\W\d_]\.)+[^\W\d_]", tok) is not None
    single = len(tok) == 1 and tok.isalpha()
    if single and tok.isupper() or initialism:
        return k if word in _STARTERS or is_cjk(first) else None
    if low in _MAYBE_END or single:
        return k if first.isupper() or is_cjk(first) else None
    return k


def _soft_cuts(text: str, lo: int, hi: int) -> list[int]:
    cuts: list[int] = []
    for m in _CANDIDATE.finditer(text, lo, hi):
        cut = _decide(text[:hi], m.start(), m.end())
        if cut is not None:
            cuts.append(cut)
    return cuts


def _hard_cuts(text: str) -> list[int]:
    """Positions where a new sentence always starts: blank lines, list items, headings, tables."""
    cuts = [m.start() for m in _HARD_BREAK.finditer(text)]
    pos = 0
    lines = text.split("\n")
    for a, b in zip(lines, lines[1:], strict=False):
        pos += len(a)
        if (
            a.lstrip().startswith(("#", "|"))
            or b.lstrip().startswith(("#", "|", ">"))
            or _LIST_START.match(b)
        ):
            cuts.append(pos)
        pos += 1
    return sorted(set(cuts))


def _ends_with_stop(s: str) -> bool:
    s = s.rstrip().rstrip(_CLOSERS)
    return bool(s) and s[-1] in _STOP_CHARS


def _bracketed(s: str) -> bool:
    pairs = {"(": ")", "[": "]", "（": "）", "【": "】", "〔": "〕"}
    return len(s) >= 2 and pairs.get(s[0]) == s[-1]


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of ``text``, in order, with code-point offsets (whitespace trimmed)."""
    out: list[Sentence] = []
    bounds = [0, *_hard_cuts(text), len(text)]
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        spans: list[tuple[int, int]] = []
        prev = lo
        for cut in _soft_cuts(text, lo, hi):
            # citation groups right after the stop stay with this sentence
            while True:
                g = _BRACKET_GROUP.match(text, cut, hi)
                if not g:
                    break
                cut = g.end()
            a, b = _trim(text, prev, cut)
            if a < b:
                spans.append((a, b))
            prev = max(prev, cut)
        a, b = _trim(text, prev, hi)
        if a < b:
            frag = text[a:b]
            if spans and not _ends_with_stop(frag) and (_weight(frag) < 4 or _bracketed(frag)):
                spans[-1] = (spans[-1][0], b)
            else:
                spans.append((a, b))
        out.extend(Sentence(a, b, text[a:b]) for a, b in spans)
    return out


# --- word counts ---------------------------------------------------------------------------

_ALNUM_RUN = re.compile(r"[^\W_]+")


def _weight(text: str) -> float:
    """Words, with CJK characters (and digit/latin runs glued to them) weighing half a word."""
    total = 0.0
    for tok in text.split():
        cjk = sum(1 for ch in tok if is_cjk(ch))
        rest = "".join(" " if is_cjk(ch) else ch for ch in tok)
        runs = len(_ALNUM_RUN.findall(rest))
        if cjk:
            total += (cjk + runs) / 2
        elif runs:
            total += 1
    return total


def word_count(text: str) -> int:
    """Words in ``text``; CJK characters count as half a word each (rounded up)."""
    return math.ceil(_weight(text))


def is_short_label(text: str) -> bool:
    """Fewer than four words (space-separated scripts), or fewer than 8 CJK characters."""
    return _weight(text) < 4
