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

from ...base.patterns import lazy
from ...base.record import TupleRecord


class Sentence(TupleRecord):
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
_CJK_LOW = min(lo for lo, _ in _CJK_RANGES)  # below it (Latin, Cyrillic, ...) no range is tried


def is_cjk(ch: str) -> bool:
    """A Han, kana or CJK iteration character: scripts written without spaces between words."""
    if len(ch) != 1:
        return False
    o = ord(ch)
    return o >= _CJK_LOW and any(lo <= o <= hi for lo, hi in _CJK_RANGES)


_CLOSERS = "\"'”’»)]}」』）】〕〉》›*_`"
_CJK_CLOSERS = "」』）】〕〉》”’\"')]}"
_OPENERS = "\"'“‘«([{¿¡「『（【〔〈《‹*_`"
_CJK_STOPS = "。！？｡"
_STOP_CHARS = ".!?…" + _CJK_STOPS + "．"

# A candidate stop: a run of stop characters (".", "!", "?", "...", "…", CJK stops).
_CANDIDATE = lazy(r"[.!?…。！？｡．]+")
_WS = lazy(r"\s+")
_HARD_BREAK = lazy(r"\n[ \t]*\n")
_LIST_START = lazy(r"[ \t]*(?:[-*+•‣◦]|\d{1,3}[.)])[ \t]")
_BRACKET_GROUP = lazy(r"\s*\[[^\[\]\n]{1,120}\]")

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
    # month abbreviations before a day or year: "Dec. 1, 2026", "1er déc. 2026"
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "janv", "févr", "avr", "juil", "déc", "ene", "dic", "янв", "февр", "апр", "авг", "сент",
    "окт", "нояб", "дек",
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
    """The token ending at i (back to a space or CJK text), without leading opening punctuation."""
    j = i
    while j > 0 and not text[j - 1].isspace() and not is_cjk(text[j - 1]) and text[j - 1] not in _CJK_STOPS:
        j -= 1
    return text[j:i].lstrip(_OPENERS)


_WORD = lazy(r"[^\W\d_]+")
_NONSPACE = lazy(r"\S+")


def _is_cjk_stop(text: str, run: str, s: int, e: int) -> bool:
    """Whether a run of stop characters is a CJK-style stop (cuts without a following space)."""
    if any(ch in _CJK_STOPS for ch in run):
        return True
    if "．" in run:
        return not (e < len(text) and text[e].isdigit()) and not (s > 0 and text[s - 1].isdigit())
    # ASCII ! or ? right after CJK text: "一样!下一句"
    return set(run) <= {"!", "?"} and s > 0 and is_cjk(text[s - 1])


def _decide(text: str, s: int, e: int, lo: int, n: int) -> int | None:
    """Given a run of stop characters text[s:e] inside text[lo:n], the cut position or None."""
    run = text[s:e]
    # closing quotes/brackets directly after the stop belong to this sentence
    k = e
    while k < n and text[k] in _CLOSERS:
        k += 1
    if _is_cjk_stop(text, run, s, e):
        # a quoted sentence continued by a particle: 「…です。」と言った
        if e < k < n and text[k] in "と、，":
            return None
        return k
    if k >= n:
        return k
    if not text[k].isspace():
        # an English sentence followed directly by CJK text: "He left.次の文"
        if is_cjk(text[k]) and not (s > 0 and text[s - 1].isdigit()):
            return k
        return None  # "3.14", "U.S" inside a token, "...and"
    m = _WS.match(text, k, n)
    j = m.end() if m else k
    if j >= n:
        return k
    if text[j] == "[":
        return k  # a citation group after the stop; attached to this sentence by the caller
    nw = _NONSPACE.match(text, j, n)
    nxt = nw.group(0) if nw else ""
    first = _first_letter(nxt)
    if first.islower():
        # "3.40 marks. pass holders pay nothing": a whole word, not an abbreviation, then a
        # stop and a word in lower case is two sentences written carelessly (or on purpose, to
        # hide the second under the first one's citation)
        # (a page's citation and mark taken out leave "built-in . try": the word before the space)
        b = s
        while b > lo and text[b - 1].isspace() and text[b - 1] != "\n":
            b -= 1
        tok = _token_before(text, b)
        # a draft's citation right before the stop ("built-in [@clm_x]. try", "[3]. try") ends it too
        cited = _CITATION_TOKEN.fullmatch(tok) is not None and _WORD.match(nxt.lstrip(_OPENERS)) is not None
        return k if run == "." and (cited or _word_stop(tok, nxt)) else None
    if "." not in run and "…" not in run:
        return k  # ! or ?
    if run != ".":  # an ellipsis, possibly with a stop
        return k if (first.isupper() or is_cjk(first) or first.isdigit()) else None
    tok = _token_before(text, s)
    low = tok.lower()
    wm = _WORD.match(nxt.lstrip(_OPENERS))
    word = wm.group(0).lower() if wm else ""
    if low in _TITLES or low in _INLINE:
        return None
    if low in _BEFORE_NUMBER and first.isdigit():
        return None
    if tok.isdigit() and len(tok) <= 3:
        start = s - len(tok)
        if start <= lo or text[start - 1] == "\n":
            return None  # a numbered list item: "1. First"
        if len(tok) <= 2 and word in _MONTH_WORDS:
            return None  # German ordinal date: "1. Dezember"
    initialism = re.fullmatch(r"(?:[^\W\d_]\.)+[^\W\d_]", tok) is not None
    single = len(tok) == 1 and tok.isalpha()
    if low in _MAYBE_END or (single and not tok.isupper()):
        return k if first.isupper() or is_cjk(first) else None
    if single or initialism:
        return k if word in _STARTERS or is_cjk(first) else None
        return k if first.isupper() or is_cjk(first) else None
    return k


# the end of a draft's citation as the token before a stop ("[@clm_x]", "[@a; @b]", "[3]", "[1, 2]"),
# its opening bracket taken off with the token's openers
_CITATION_TOKEN = lazy(r"\[?(?:@[\w.:-]+|\d{1,3}(?:[,–-]\d{1,3})*)\]")
_JOINED_WORD = lazy(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def _word_stop(tok: str, nxt: str) -> bool:
    """A stop after a whole word of three letters or more that no list calls an abbreviation,
    followed by a plain word."""
    tok = tok.rstrip(_CLOSERS)  # "(see the draft). then": the word inside the bracket
    low = tok.lower()
    # a whole word: letters, or letters joined by a hyphen or an apostrophe ("built-in", "won't")
    if len(tok) < 3 or not _JOINED_WORD.fullmatch(tok) or low in _TITLES or low in _INLINE or low in _BEFORE_NUMBER \
            or low in _MAYBE_END or tok.isupper():
        return False
    word = nxt.lstrip(_OPENERS)
    m = _WORD.match(word)
    return m is not None and len(m.group(0)) >= 2


_PAIRS = {"」": "「", "』": "『", "）": "（", ")": "(", "”": "“", "»": "«", "】": "【"}
_PAIR_OPENERS = set(_PAIRS.values())


def _enclosed(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """Matched bracket and quote pairs (opener, closer) on one line: a stop inside them does not
    end the sentence (「運賃は3.40マークです。子供は無料です。」と発表した).
    Unmatched brackets ("1) item", an apostrophe) are ignored."""
    pairs: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    for i in range(lo, hi):
        ch = text[i]
        if ch == "\n":
            stack.clear()
        elif ch in _PAIR_OPENERS:
            stack.append((ch, i))
        elif ch in _PAIRS:
            want = _PAIRS[ch]
            for j in range(len(stack) - 1, -1, -1):
                if stack[j][0] == want:
                    pairs.append((stack[j][1], i))
                    del stack[j:]
                    break
    return pairs


def _soft_cuts(text: str, lo: int, hi: int) -> list[int]:
    cuts: list[int] = []
    pairs: list[tuple[int, int]] | None = None
    for m in _CANDIDATE.finditer(text, lo, hi):
        cut = _decide(text, m.start(), m.end(), lo, hi)
        if cut is None:
            continue
        if pairs is None:
            pairs = _enclosed(text, lo, hi) if any(c in text[lo:hi] for c in _PAIRS) else []
        if not any(o < cut <= c for o, c in pairs):
            cuts.append(cut)
    return cuts


def _hard_cuts(text: str) -> list[int]:
    """Positions where a new sentence always starts: a blank line, and a line that opens a list
    item, a heading, a table row or a block quote."""
    cuts = [m.start() for m in _HARD_BREAK.finditer(text)]
    pos = 0
    lines = text.split("\n")
    for a, b in zip(lines, lines[1:], strict=False):
        pos += len(a)
        if b.lstrip().startswith(("#", "|", ">")) or _LIST_START.match(b):
            cuts.append(pos)
        pos += 1
    return sorted(set(cuts))


def _line_cut(text: str, a: int, limit: int) -> int | None:
    """A sentence that starts a heading or table row ("# Title", "| cell |") ends with its line."""
    if a < limit and text[a] in "#|":
        nl = text.find("\n", a, limit)
        if nl != -1:
            return nl
    return None


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
        out.extend(Sentence(a, b, text[a:b]) for a, b in _paragraph(text, lo, hi))
    return out


def _paragraph(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    joinable = False  # whether a trailing fragment may join the last span
    cuts = _soft_cuts(text, lo, hi)
    i = 0
    prev = lo
    while True:
        while i < len(cuts) and cuts[i] <= prev:
            i += 1
        a, _ = _trim(text, prev, hi)
        line = _line_cut(text, a, cuts[i] if i < len(cuts) else hi)
        if line is not None:
            cut, joins = line, False
        elif i < len(cuts):
            cut, joins = cuts[i], True
            # citation groups right after the stop stay with this sentence
            while g := _BRACKET_GROUP.match(text, cut, hi):
                cut = g.end()
        else:
            break
        a, b = _trim(text, prev, cut)
        if a < b:
            spans.append((a, b))
            joinable = joins
        prev = cut
    a, b = _trim(text, prev, hi)
    if a < b:
        frag = text[a:b]
        if spans and joinable and not _ends_with_stop(frag) and (_weight(frag) < 4 or _bracketed(frag)):
            spans[-1] = (spans[-1][0], b)
        else:
            spans.append((a, b))
    return spans


# --- word counts ---------------------------------------------------------------------------

_ALNUM_RUN = lazy(r"[^\W_]+")


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


# --- a line of words in a box meant for code ----------------------------------------------------

_COMMENT_MARK = lazy(r"^\s*(?:#+|//+|--|;+|/\*+|\*+|<!--|>+)\s*")
_CODE_SIGN = lazy(r"[{}\[\]()<>=$`|\\/_#@&^~*+]|(?:^|\s)-")
_PLAIN_WORD = lazy(r"^[\"'“‘(]?[^\W\d_][^\W\d_'’\-]*[.,;:!?”’\")]*$")


def reads_as_prose(text: str) -> bool:
    """Whether a code block's line (or one of its lines) reads as a sentence (a comment's words count): five words or
    more, nearly all of them plain words, and no sign that code uses. ``pip install sourcebook``
    and ``from __future__ import annotations`` are code; "NOTICE: the pass is withdrawn from
    every route." is a sentence."""
    for line in text.splitlines() or [text]:
        body = _COMMENT_MARK.sub("", line, count=1).strip()
        if _CODE_SIGN.search(body):
            continue
        tokens = body.split()
        if len(tokens) < 5:
            continue
        plain = sum(1 for t in tokens if _PLAIN_WORD.match(t))
        if plain >= 0.8 * len(tokens):
            return True
    return False


# what a program line does that a line of data never does: call, open a block, end a statement,
# compare, return; and a command line: a prompt, an option, or a program's name first
_PROGRAM = lazy(r"[(){};]|==|!=|<=|>=|->|=>|&&|\|\||:=|\b(?:def|return|import|class|function|const|let|var|lambda|"
                r"async|await|yield|struct|impl|fn|func)\b")
_COMMAND = lazy(r"^\s*(?:[$%]|>>>|\.\.\.|PS>)\s|(?:^|\s)--?[A-Za-z][\w-]*|^\s*(?:sb|python3?|pip3?|uv|pytest|git|cd|ls|"
                r"cat|curl|wget|make|npm|npx|node|go|cargo|docker|bash|sh|zsh|export|mkdir|cp|mv|rm|sudo|apt|apt-get|"
                r"brew|ruff|mypy)\b")


def data_lines(text: str) -> list[str]:
    """The lines of a code block that are neither a program's (``def fare(age): ...``,
    ``x == 1;``) nor a command (``$ sb verify``, ``pip install sourcebook``, ``sb add a.md``):
    data and settings (``pass_routes: W1 W2 W3``, ``fare = 3.40``, a bare list) and comments,
    each stripped, blank lines left out. They state what they say as a table would."""
    out = []
    for line in text.splitlines():
        body = line.strip()
        if not body or _PROGRAM.search(body) or _COMMAND.search(body):
            continue
        out.append(body)
    return out
