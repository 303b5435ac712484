"""The comparable view of a text, one for prose and for what backs it: every figure reader
(the page gate, the report, the podcast script, ``sb check-draft``, a claim against its quotes)
reads figures from this view, so a figure written in words, in look-alike characters or in
another script compares equal to the same figure in digits, both ways.

What it does, keeping a map from each character of the view back to the text it came from:
- NFKC folding of digits and letters (full-width, superscript and mathematical digits: "３８",
  "⁴⁸", "𝟒𝟖" read as "38", "48", "48"), and thin, narrow and no-break spaces, full-width signs;
- look-alikes: a letter O inside a group of digits is a zero ("48,5OO" reads as "48,500"), digits
  grouped by underscores are grouped by commas ("41_000" reads as "41,000"); a
  letter drawn like a digit or a Latin letter in a word of another script ("WЗ" with a
  Cyrillic Ze) reads as what it draws ("W3", ``base.unseen.lookalikes_read``);
- number words as digits: English cardinals ("forty-eight thousand", "a dozen", "two and a
  half", "half-dozen"), ordinals ("the twentieth of December" reads as "the 20th of December"), "half" and
  "quarter" in amounts; Russian cardinals in their case forms ("сорок восемь тысяч"). Japanese
  and Chinese numerals are read by the figure scanner itself (三万一千, 十二歳, 三割).

"one", "first" and "second" alone are not read as figures (a pronoun, an order, a unit of
time); inside a number ("twenty-one", "one hundred") they are. Pure; cached by the caller.
"""

from __future__ import annotations

import re
import unicodedata

from ...base.patterns import folded, lazy
from ...base.record import TupleRecord
from ...base.unseen import lookalikes_read

# same-length folds kept from before NFKC is consulted (signs NFKC leaves alone)
_FOLD = {"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "−": "-"}
_FOLD_BETWEEN_DIGITS = {"，": ",", "．": ".", "：": ":"}
_SIGNS = {"％": "%", "＄": "$", "￥": "¥"}
_FRACTIONS = {"½": "0.5", "¼": "0.25", "¾": "0.75"}


class View(TupleRecord):
    t: str  # the view
    starts: tuple[int, ...]  # per character of the view: where it starts in the text
    ends: tuple[int, ...]  # per character of the view: where it ends in the text
    spelled: bytes  # per character of the view: 1 when it was written in words


# --- number words ---------------------------------------------------------------------------

_EN_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_EN_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_EN_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_EN_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
           "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
           "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
           "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
           "eightieth": 80, "ninetieth": 90}
_EN_ORD_BIG = {"hundredth": 100, "thousandth": 1000, "millionth": 10**6}
_ALONE_NOT = {"one", "first", "second", "один", "одна", "одно", "одного", "одной", "одну", "одним", "одном"}


def _ru_forms() -> dict[str, int]:
    out: dict[str, int] = {}
    rows = {
        0: "ноль нуля нулю нулём", 1: "один одна одно одного одной одну одним одном одному",
        2: "два две двух двум двумя", 3: "три трёх трех трём трем тремя",
        4: "четыре четырёх четырех четырём четырем четырьмя", 40: "сорок сорока",
        90: "девяносто девяноста", 100: "сто ста сотни сотню", 200: "двести двухсот двумстам",
        300: "триста трёхсот трехсот", 400: "четыреста четырёхсот четырехсот",
    }
    for v, forms in rows.items():
        for f in forms.split():
            out[f] = v
    soft = {5: "пят", 6: "шест", 7: "сем", 8: "восем", 9: "девят", 10: "десят", 20: "двадцат", 30: "тридцат"}
    for v, stem in soft.items():
        for end in ("ь", "и", "ью"):
            out[stem + end] = v
    out["восьми"] = 8
    out["восьмью"] = 8
    teens = {11: "одиннадцат", 12: "двенадцат", 13: "тринадцат", 14: "четырнадцат", 15: "пятнадцат",
             16: "шестнадцат", 17: "семнадцат", 18: "восемнадцат", 19: "девятнадцат"}
    for v, stem in teens.items():
        for end in ("ь", "и", "ью"):
            out[stem + end] = v
    for v, (nom, gen) in {50: ("пятьдесят", "пятидесяти"), 60: ("шестьдесят", "шестидесяти"),
                          70: ("семьдесят", "семидесяти"), 80: ("восемьдесят", "восьмидесяти")}.items():
        out[nom] = out[gen] = v
    for v, (nom, gen) in {500: ("пятьсот", "пятисот"), 600: ("шестьсот", "шестисот"), 700: ("семьсот", "семисот"),
                          800: ("восемьсот", "восьмисот"), 900: ("девятьсот", "девятисот")}.items():
        out[nom] = out[gen] = v
    return out


_RU = _ru_forms()
_RU_SCALES = {f: 10**3 for f in "тысяча тысячи тысяч тысячу тысячей тысячам тысячами".split()}
_RU_SCALES.update({f: 10**6 for f in "миллион миллиона миллионов миллионам миллионами".split()})
_RU_SCALES.update({f: 10**9 for f in "миллиард миллиарда миллиардов".split()})

_WORDS = set(_EN_UNITS) | set(_EN_TENS) | set(_EN_SCALES) | set(_EN_ORD) | set(_EN_ORD_BIG) | set(_RU) | \
    set(_RU_SCALES) | {"hundred", "dozen", "half", "quarter", "quarters", "score"}
_TOKEN = lazy(r"[A-Za-z\u0400-\u04ffё]+|[-\s]+|\S", re.I)
# Whether a text has a number word at all: a whole word (no word character or hyphen before it,
# no word character after it) that is one of the English words, or one of the Russian ones or
# the "-ого " of an ordinal day, which only a text with a Cyrillic letter can hold (every letter
# that matches one of theirs, in any case, is in these blocks). Each run of word characters is
# looked up case-folded, as re.IGNORECASE folds: the same answer as one alternation of all the
# words, without building it (tests/test_figure_words.py holds the two to each other).
_EN_WORDS = frozenset(w for w in _WORDS if w.isascii())
_RU_WORDS = frozenset(w for w in _WORDS if not w.isascii())
_WORD_RUN = lazy(r"(?<![\w-])\w+")
_OGO = lazy(r"ого\s")
_CYRILLIC = lazy(r"[\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f]")


def _any_word(text: str) -> bool:
    low = folded(text)  # one character for one: a run's offsets are the same in both
    if any(low[m.start():m.end()] in _EN_WORDS for m in _WORD_RUN.finditer(text)):
        return True
    return _CYRILLIC.search(text) is not None and (
        _OGO.search(low) is not None or any(low[m.start():m.end()] in _RU_WORDS for m in _WORD_RUN.finditer(text)))


class _Run(TupleRecord):
    start: int
    end: int
    digits: str


def _parse_run(words: list[str]) -> tuple[str, int] | None:
    """(digits, how many words used) for a run of number words, or None."""
    total = current = 0
    used = 0
    seen = False  # a word giving a value was read
    ordinal = False
    frac = ""
    if len(words) >= 3 and words[0] == "half" and words[1] in ("a", "an") and words[2] in _HALVES:
        return _canon_half(_HALVES[words[2]]), 3  # "half a million" is 500000
    if len(words) >= 2 and words[0] == "half" and words[1] in _HALVES:
        return _canon_half(_HALVES[words[1]]), 2  # "half-dozen" is 6
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("a", "an") and i + 1 < len(words) and words[i + 1] in ("hundred", "thousand", "million", "billion",
                                                                             "dozen", "half", "quarter", "score"):
            current = current if seen else 0
            if words[i + 1] == "half":
                frac = "5"
                used = i + 2
                break
            if words[i + 1] == "quarter":
                frac = "25"
                used = i + 2
                break
            current = current + 1 if not seen else current
            if not seen:
                current = 1
            seen = True
            i += 1
            continue
        if w == "and":
            if seen and i + 1 < len(words) and (words[i + 1] in ("a", "an") or _is_number_word(words[i + 1])):
                i += 1
                continue
            break
        if w in _EN_UNITS or w in _RU and w not in _RU_SCALES or w in _EN_TENS:
            v = _EN_UNITS.get(w, _EN_TENS.get(w, _RU.get(w, 0)))
            if seen and not _fits(current, v):
                break  # "три-четыре", "twenty twenty-six": two numbers, not one
            current += v
        elif w == "hundred":
            if not seen:
                break
            current = (current or 1) * 100
        elif w == "dozen":
            current = (current or 1) * 12
        elif w == "score" and seen:  # "four score", "a score" (of years): twenty each
            current = (current or 1) * 20
        elif w in _EN_SCALES or w in _RU_SCALES:
            if not seen:
                break
            total += (current or 1) * _EN_SCALES.get(w, _RU_SCALES.get(w, 1))
            current = 0
        elif w in _EN_ORD or w in _EN_ORD_BIG:
            if w in _EN_ORD and seen and not _fits(current, _EN_ORD[w]):
                break
            if w in _EN_ORD_BIG:
                if not seen:
                    break
                current = (current or 1) * _EN_ORD_BIG[w]
            else:
                current += _EN_ORD[w]
            ordinal = True
            seen = True
            used = i + 1
            break
        elif w == "half" and seen:
            frac = "5"
            used = i + 1
            break
        elif w in ("quarter", "quarters") and seen and current in (1, 3) and total == 0:
            frac = "25" if current == 1 else "75"
            current = 0
            used = i + 1
            break
        else:
            break
        seen = True
        i += 1
        used = i
    if not seen and not frac:
        return None
    value = total + current
    if frac:
        return f"{value}.{frac}", used
    return (f"{value}th" if ordinal else str(value)), used


_HALVES = {"dozen": 12, "hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9}


def _canon_half(v: int) -> str:
    return str(v // 2) if v % 2 == 0 else f"{v // 2}.5"


def _fits(current: int, v: int) -> bool:
    """Whether ``v`` can be the next part of a number that has ``current`` so far."""
    low = current % 100
    if v >= 100:
        return low == 0 and current % 1000 == 0
    if v >= 20 or 10 <= v <= 19:
        return low == 0
    return low % 10 == 0 and not 10 <= low <= 19


def _is_number_word(w: str) -> bool:
    return w in _EN_UNITS or w in _EN_TENS or w in _EN_ORD or w in _RU or w in ("hundred", "dozen")


def _score_of(toks: list[tuple[str, int, int]], i: int) -> bool:
    """"a score of years": "score" at token ``i`` is twenty when "of" and a word that is no number
    follow ("a score of 85" is a mark, not twenty)."""
    if i + 4 >= len(toks) or toks[i][0].lower() != "score" or toks[i + 2][0].lower() != "of":
        return False
    nxt = toks[i + 4][0].lower()
    return nxt[:1].isalpha() and not _is_number_word(nxt) and nxt not in ("a", "an")


def _word_runs(text: str) -> list[_Run]:
    """The runs of number words in ``text`` and the digits each stands for."""
    if not _any_word(text):
        return []
    toks = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    out: list[_Run] = []
    i = 0
    n = len(toks)
    while i < n:
        w, s, _e = toks[i]
        lw = w.lower()
        starts_run = lw in _EN_UNITS or lw in _EN_TENS or lw in _EN_ORD or lw in _RU or lw == "dozen" \
            or (lw == "half" and i + 4 < n and toks[i + 2][0].lower() in ("a", "an")
                and toks[i + 4][0].lower() in _HALVES) \
            or (lw == "half" and i + 2 < n and toks[i + 1][0] == "-" and toks[i + 2][0].lower() in _HALVES) \
            or (lw in ("a", "an") and i + 2 < n and toks[i + 2][0].lower() in ("hundred", "thousand", "million",
                                                                               "billion", "dozen", "half", "quarter")) \
            or (lw in ("a", "an") and _score_of(toks, i + 2))
        if not starts_run or (s > 0 and (text[s - 1].isalnum() or text[s - 1] in "-'’")):
            i += 1
            continue
        words: list[str] = []
        spans: list[tuple[int, int]] = []
        j = i
        while j < n:
            tw, ts, te = toks[j]
            if tw[0].isalpha():
                words.append(tw.lower())
                spans.append((ts, te))
                j += 1
                if j < n and not toks[j][0][0].isalpha():
                    sep = toks[j][0]
                    if sep.strip("- ") or "\n" in sep or len(sep) > 2:
                        break
                    j += 1
                continue
            break
        got = _parse_run(words)
        if got is None or got[1] == 0:
            i += 1
            continue
        digits, used = got
        run_words = words[:used]
        if used == 1 and run_words[0] in _ALONE_NOT:
            i += 1
            continue
        if run_words[-1] in ("and", "a", "an"):
            i += 1
            continue
        end = spans[used - 1][1]
        if end < len(text) and (text[end].isalnum() or text[end] == "-" and end + 1 < len(text) and text[end + 1].isalpha()):
            i += 1  # "three-year" keeps "three" a figure; "twelvefold" is no number word run
            if not (end < len(text) and text[end] == "-"):
                continue
        out.append(_Run(s, end, digits))
        while i < n and toks[i][1] < end:
            i += 1
    return out


# Russian ordinals in the genitive, read as a day only before a month ("первого декабря")
_RU_ORD = {"первого": 1, "второго": 2, "третьего": 3, "четвёртого": 4, "четвертого": 4, "пятого": 5, "шестого": 6,
           "седьмого": 7, "восьмого": 8, "девятого": 9, "десятого": 10, "одиннадцатого": 11, "двенадцатого": 12,
           "тринадцатого": 13, "четырнадцатого": 14, "пятнадцатого": 15, "шестнадцатого": 16, "семнадцатого": 17,
           "восемнадцатого": 18, "девятнадцатого": 19, "двадцатого": 20, "тридцатого": 30}
_RU_MONTHS_GEN = "января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря"
_RU_DAY = lazy(r"(?<![\w-])(?:(?P<tens>двадцать|тридцать)\s+)?(?P<ord>" + "|".join(_RU_ORD) + r")(?=\s+(?:"
               + _RU_MONTHS_GEN + r")(?![\w]))", re.I)


def _ru_days(text: str) -> list[_Run]:
    if "ого" not in text:
        return []
    out = []
    for m in _RU_DAY.finditer(text):
        v = _RU_ORD[m["ord"].lower()] + ({"двадцать": 20, "тридцать": 30}.get((m["tens"] or "").lower(), 0))
        if 1 <= v <= 31:
            out.append(_Run(m.start(), m.end(), str(v)))
    return out


# --- the view -------------------------------------------------------------------------------

_LOOKALIKE_O = lazy(r"(?<![\w.,])\d[\d,.OoОо]*[OoОо][\d,.OoОо]*(?![\w])")
_BETWEEN = lazy(r"(?<=\d)[，．：](?=\d)")


def _char(ch: str) -> str:
    if ch.isascii():
        return ch
    if ch in _FOLD:
        return _FOLD[ch]
    if ch in _SIGNS:
        return _SIGNS[ch]
    if ch in _FRACTIONS:
        return _FRACTIONS[ch]
    if "\u2160" <= ch <= "\u2188":  # a Roman numeral character: "WⅢ" reads as W3, not WIII
        value = unicodedata.numeric(ch, None)
        if value is not None and value == int(value):
            return str(int(value))
    folded = unicodedata.normalize("NFKC", ch)
    if folded != ch and folded.isascii() and folded.isalnum():
        return folded
    return ch


def view(text: str) -> View:
    """The comparable view of ``text`` with its map back (see the module's docstring)."""
    if text.isascii():
        chars = text
    else:
        seen = lookalikes_read(text)  # "WЗ" with a Cyrillic Ze is read as W3, as a reader reads it
        out = []
        for i, ch in enumerate(seen):
            f = _char(ch)
            if f in _FRACTIONS.values() and i > 0 and text[i - 1].isdigit():
                f = f[1:]  # "2½" reads as 2.5
            out.append(f)
        if "，" in text or "．" in text or "：" in text:
            for m in _BETWEEN.finditer(text):
                out[m.start()] = _FOLD_BETWEEN_DIGITS[m.group(0)]
        if all(len(c) == 1 for c in out):
            chars = "".join(out)
        else:
            flat: list[str] = []
            st: list[int] = []
            en: list[int] = []
            for i, c in enumerate(out):
                for ch in c:
                    flat.append(ch)
                    st.append(i)
                    en.append(i + 1)
            return _words(_lookalikes("".join(flat)), st, en, text)
    return _words(_lookalikes(chars), list(range(len(chars))), list(range(1, len(chars) + 1)), text)


# digits grouped by underscores, a token of nothing else ("41_000" reads as 41,000); a name with
# letters ("src_4b1d", "v2_001a") keeps its underscores
_UNDERSCORED = lazy(r"(?<![\w.,])\d{1,3}(?:_\d{3})+(?![\w.,]\d|\w)")


def _lookalikes(t: str) -> str:
    if "_" in t:
        t = _UNDERSCORED.sub(lambda m: m.group(0).replace("_", ","), t)
    if "O" not in t and "o" not in t and "О" not in t and "о" not in t:
        return t
    return _LOOKALIKE_O.sub(lambda m: re.sub("[OoОо]", "0", m.group(0)), t)


_ROMAN = lazy(r"(?<![\w-])(?=[MDCLXVI]{2,}\ )M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})"
              r"(?=\ (?:[a-z]+\ )?(?:boats|routes|readers|passengers|riders|people|ferries|buses|stops)\b)")
# a Roman numeral standing as a number after a word of comparison or age ("children under XIV",
# "aged XII"): only the letters of numbers below 50 and two of them at least, so a name ("from
# DC", "Henry VIII", "World War II") stays a name
_ROMAN_BOUND = lazy(r"\b(?i:under|over|aged|below|above|than)\ (?P<n>(?=[XVI]{2,}(?![\w-]))"
                    r"(?:XL|X{0,3})(?:IX|IV|V?I{0,3}))(?![\w-])")
_ROMAN_VALUES = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def _roman_runs(text: str) -> list[_Run]:
    """Roman numerals counting something named ("XLVIII boats") or bound by a word of comparison
    or age ("under XIV"); alone ("World War II", "Henry VIII") they are names."""
    out: list[_Run] = []
    if "I" not in text and "V" not in text and "X" not in text:
        return out
    found = [(m.start(), m.end()) for m in _ROMAN.finditer(text)]
    found += [(m.start("n"), m.end("n")) for m in _ROMAN_BOUND.finditer(text)]
    for start, end in sorted(set(found)):
        if start == end:
            continue
        vals = [_ROMAN_VALUES[c] for c in text[start:end]]
        total = sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))
        out.append(_Run(start, end, str(total)))
    return out


def _words(t: str, st: list[int], en: list[int], text: str) -> View:
    days = _ru_days(t) + _roman_runs(t)
    runs = sorted([r for r in _word_runs(t) if not any(d.start < r.end and r.start < d.end for d in days)] + days)
    if not runs:
        return View(t, tuple(st), tuple(en), bytes(len(t)))
    pieces: list[str] = []
    nst: list[int] = []
    nen: list[int] = []
    spelled = bytearray()
    pos = 0
    for r in runs:
        pieces.append(t[pos:r.start])
        nst += st[pos:r.start]
        nen += en[pos:r.start]
        spelled += bytes(r.start - pos)
        pieces.append(r.digits)
        nst += [st[r.start]] * len(r.digits)
        nen += [en[r.end - 1]] * len(r.digits)
        spelled += b"\x01" * len(r.digits)
        pos = r.end
    pieces.append(t[pos:])
    nst += st[pos:]
    nen += en[pos:]
    spelled += bytes(len(t) - pos)
    return View("".join(pieces), tuple(nst), tuple(nen), bytes(spelled))


def normalize_figures(text: str) -> str:
    """The view of ``text`` as plain text: what every figure reader compares."""
    return view(text).t


def has_number_words(text: str) -> bool:
    return _any_word(text) or _ROMAN.search(text) is not None or _ROMAN_BOUND.search(text) is not None


# --- digits of another script ---------------------------------------------------------------

def _digit_script(ch: str) -> str:
    """The script a decimal digit belongs to, by its Unicode name ("BENGALI DIGIT FOUR" ->
    "BENGALI"; the Arabic-Indic digits, plain and extended, are the Arabic script's)."""
    name = unicodedata.name(ch, "")
    head = name.split(" DIGIT ")[0] if " DIGIT " in name else name.split(" ")[0]
    return "ARABIC" if head.endswith("ARABIC-INDIC") else head.split(" ")[0]


def _letter_script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ")[0] if name else ""


def foreign_digit(text: str) -> str:
    """The first decimal digit of ``text`` a reader does not read as the digit the figure readers
    take it for: a digit (Unicode category Nd) that is neither an ASCII digit nor one drawn as an
    ASCII digit (NFKC folds it to one: full-width "４", mathematical "𝟒"), and whose script is not
    the one most of ``text``'s letters are written in. A Bengali "৪" (four, drawn like an 8) in
    "3.৪0 marks" is one; Arabic-Indic digits in an Arabic sentence, Devanagari digits in a Hindi
    one are not. "" when there is none."""
    if text.isascii():
        return ""
    odd = [ch for ch in text if not ch.isascii() and unicodedata.category(ch) == "Nd"
           and not unicodedata.normalize("NFKC", ch).isascii()]
    if not odd:
        return ""
    counts: dict[str, int] = {}
    for ch in text:
        if ch.isalpha() or unicodedata.category(ch) in ("Mn", "Mc"):
            s = "LATIN" if ch.isascii() else _letter_script(ch)
            counts[s] = counts.get(s, 0) + 1
    own = max(counts, key=lambda s: counts[s]) if counts else ""
    return next((ch for ch in odd if _digit_script(ch) != own), "")


def digit_named(ch: str) -> str:
    """A digit as a finding names it: the character, its code point and name."""
    return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, '').lower()}, read as {unicodedata.decimal(ch, '?')})"
