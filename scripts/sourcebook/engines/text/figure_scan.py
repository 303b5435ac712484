"""The figure scanner: one pass per family over the comparable view of a text (``figure_text``),
most specific first; a span taken by one is closed to the rest. Every figure found carries its
kind, its canonical key, its unit and where it stands in the text as given."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from ...base.patterns import lazy
from ...base.record import TupleRecord
from ...base.unseen import DIGIT_LIKE, lookalikes_read
from . import currencies
from .figure_dates import (
    _CJK_DATE,
    _CJK_DIGITS,
    _CJK_SUFFIX,
    _CJK_TIME,
    _CJK_UNITS,
    _CN,
    _ERA,
    _ISO,
    _ISO_YM,
    _MIXED_CJK,
    _MIXED_PART,
    _NUMERIC_DATE,
    _PREP_BEFORE,
    _TIME,
    _WRITTEN_DATES,
    _cjk_int,
    _date_key,
    _month_of,
    _month_words,
    _valid,
    date_parts,
)
from .figure_text import has_number_words, normalize_figures, view
from .figure_units import (
    _ADVERBS,
    _CJK_COUNT,
    _CJK_PERIODS,
    _CJK_RATE,
    _CJK_RATE_BEFORE,
    _COUNT_NOUN,
    _PERIODS,
    _RATE,
    _RELATIVE,
    _RELATIVE_HINT,
)
from .sentences import is_cjk

_GROUPED = lazy(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")  # digits in groups of three: "31,000", "1,234.5"
_CN_PERCENT = lazy(r"百分之(" + _CN + r"+|\d+(?:\.\d+)?)")
_CN_RUN = lazy(_CN + "+")


_BEFORE_SIGN = " ([{\n\t`\"'“‘«„"  # what may stand before a minus sign

class Figure(TupleRecord):
    kind: str  # one of KINDS
    key: str  # canonical comparable form
    written: str  # as it stands in the text
    start: int  # code-point offsets into the text given
    end: int
    unit: str = ""  # a number's unit: "" bare, "count" (a noun follows), "/day" (a rate), "count/day"
    spelled: bool = False  # written in words ("twelve", "forty-eight thousand")


KINDS = ("number", "percent", "money", "date", "time", "version", "ident", "relative", "ambiguous")

# --- what holds no figure, and identifiers ------------------------------------------------

_URL = lazy(r"(?:https?://|www\.)[^\s<>\"')\]]+|[\w.+-]+@[\w-]+\.[\w.]+", re.I)
_CITE = lazy(r"\[(?:\^?\d+(?:\s*[,;–-]\s*\d+)*|@[^\]\n]*|\^[^\]\n]*)\]")
_LETTERS = r"A-Za-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff"
# a run of latin/cyrillic/greek letters, digits and underscores holding a digit
_GLUED = lazy(rf"[0-9{_LETTERS}]*[0-9][0-9{_LETTERS}]*")
_CODES = "|".join(currencies.CODES) + "|RMB"
# a figure with a glued suffix: ordinals, scales, units of measure, currency codes
# (time down to picoseconds, frequencies, binary sizes: "15ns", "2.4GHz", "288MiB" as their number)
_UNITS = (r"km|m|cm|mm|nm|kg|mg|g|t|h|min|s|ms|us|µs|μs|ns|ps|Hz|kHz|MHz|GHz|kWh|kW|MW|GW|W|V|"
          r"GB|MB|TB|KB|kB|KiB|MiB|GiB|TiB|Kbps|Mbps|Gbps|px|pt|x|mph|kmh|ha|l|ml")
_OK_GLUED = lazy(
    r"\d+(?:st|nd|rd|th|k|K|bn|mn|m|M|er|ème|e|h|г|млн|млрд|тыс|руб)?|[vV]\d+|\d{1,2}h\d{2}|\d{2}T\d{2}|\d{2}Z"
    rf"|(?:{_CODES})\d+|\d+(?:{_CODES})"
)
_UNIT_GLUED = lazy(rf"(\d+(?:[.,]\d+)?)(?:{_UNITS})")
# the unit of measure a figure is written with, glued or one space after it ("34.7MB", "12 km")
UNIT_AFTER = lazy(rf"\ ?({_UNITS})(?![^\W\d_])")
# identifiers a reader takes for facts: a route or model ("W3", "A-12", "Ту-154", "B2B", "3D")
_HASHLIKE = lazy(r"(?=.*\d)(?=.*[a-f])[0-9a-f]{7,}|.*_.*")


_PREFIXES = {"mid", "pre", "post", "early", "late", "end", "since", "circa", "ca", "c", "over", "under", "top",
             "after", "before", "non", "anti", "pro", "sub", "near", "all"}


def _ident_key(tok: str) -> str:
    return tok.upper().replace("-", "").replace("‐", "")


def _blocked_spans(t: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Spans that hold no figure (URLs, e-mail addresses, citation markers, hashes and ids with
    an underscore), and identifiers: digits glued to letters ("W3", "B2B", "COVID-19", "A-12")."""
    spans = [m.span() for m in _URL.finditer(t)] + [m.span() for m in _CITE.finditer(t)]
    idents: list[tuple[int, int]] = []
    last_end, last_kind = -2, ""
    for m in _GLUED.finditer(t):
        s, e = m.span()
        tok = m.group(0)
        joined = s >= 1 and t[s - 1] in "-_./:" and s - 1 == last_end
        # "COVID-19", "Ту-154", "id_42" (but "No.5" and "p.12" are numbers)
        glued_left = s >= 2 and t[s - 1] in "-_" and t[s - 2].isalpha() and not is_cjk(t[s - 2])
        if joined:  # the rest of a hash or an identifier ("clm_ab12-3456", "A-12-3")
            if last_kind == "block":
                spans.append((s, e))
            else:
                idents[-1] = (idents[-1][0], e)
            last_end = e
            continue
        if _OK_GLUED.fullmatch(tok) and not glued_left:
            continue
        if _UNIT_GLUED.fullmatch(tok) and not glued_left:
            continue  # "10km": the number, its unit glued
        last_end = e
        if _HASHLIKE.fullmatch(tok) or (s >= 1 and t[s - 1] in "_/.") or (e < len(t) and t[e] in "_/"):
            spans.append((s, e))
            last_kind = "block"
            continue
        if glued_left:  # "A-12": the letters before the hyphen belong to the identifier
            a = s - 1
            while a > 0 and t[a - 1].isalpha() and not is_cjk(t[a - 1]):
                a -= 1
            if a > 0 and (t[a - 1].isalnum() and not is_cjk(t[a - 1]) or t[a - 1] in "_/."):
                spans.append((s, e))
                last_kind = "block"
                continue
            if t[a : s - 1].lower() in _PREFIXES:
                last_end = -2
                continue  # "mid-2026", "pre-2020": the number itself
            if a >= 2 and t[a - 1] == "-" and t[a - 2].isdigit() and _month_of(t[a : s - 1]) is not None:
                last_end = -2
                continue  # "18-May-2001": a date, read by the date patterns
            s = a
        idents.append((s, e))
        last_kind = "ident"
    return spans, idents


# --- numbers ------------------------------------------------------------------------------

_NUM = lazy(
    r"""(?=\d)(?<![\d,])(?<![^A-Za-z]\.)(?:
      \d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)
    | \d{1,3}(?:\ \d{3})+(?:[.,]\d+)?(?!\d)
    | \d{1,3}(?:\.\d{3}){2,}(?:,\d+)?(?!\d|\.\d)
    | \d{1,3}\.\d{3},\d+(?!\d)
    | \d{1,3}(?:['’]\d{3})+(?:\.\d+)?(?!\d)
    | \d+(?:\.\d+)+(?!\d)
    | \d+,\d+(?!\d|,\d)
    | \d+(?!\d)
    )""",
    re.X,
)


def _plain_digits(num: str) -> str:
    """Digits with grouping removed and the decimal mark as '.', exactly as written."""
    if _GROUPED.fullmatch(num):
        return num.replace(",", "")
    if re.fullmatch(r"\d{1,3}(?: \d{3})+(?:[.,]\d+)?", num):
        return num.replace(" ", "").replace(",", ".")
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:\.\d{3}){2,}", num):
        return num.replace(".", "").replace(",", ".")
    if re.fullmatch(r"\d{1,3}(?:['’]\d{3})+(?:\.\d+)?", num):
        return num.replace("'", "").replace("’", "")
    if re.fullmatch(r"\d+,\d+", num):
        return num.replace(",", ".")
    return num


def _canon(d: Decimal) -> str:
    """Canonical decimal text: no exponent, no trailing zeros after the point."""
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _value(digits: str, exp: int = 0) -> str:
    try:
        return _canon(Decimal(digits).scaleb(exp))
    except InvalidOperation:
        return digits


def exact_digits(written: str) -> str:
    """The digits of a written number as written: grouping removed, decimal mark '.'
    ("38,500" -> "38500", "3,40" -> "3.40"); versions compare on these."""
    return _plain_digits(normalize_figures(written).strip())


_SCALES: list[tuple[str, int]] = [
    ("thousand", 3), ("millions?", 6), ("billions?", 9), ("trillions?", 12),
    (r"mln\.?", 6), ("mn", 6), ("bn", 9), (r"Mio\.?", 6), (r"Mrd\.?", 9), ("Millionen", 6),
    ("Million", 6), ("Milliarden?", 9), ("milliards?", 9), ("mil millones", 9), ("millones", 6),
    ("millón", 6), ("mil", 3), (r"тыс\.?", 3), ("тысяч[а-я]*", 3), (r"млн\.?", 6),
    (r"млрд\.?", 9), ("миллион[а-я]*", 6), ("миллиард[а-я]*", 9),
]
_GLUED_SCALES = {"k": 3, "K": 3, "m": 6, "M": 6, "bn": 9, "mn": 6, "万": 4, "萬": 4, "億": 8, "亿": 8, "千": 3, "兆": 12,
                 "млн": 6, "млрд": 9, "тыс": 3}
_NEEDS_MONEY = {"K", "m", "M"}  # "4K video", "5m long": scale only in an amount ("$5m")
_SCALE_WORD = lazy(r"\ ?(?:" + "|".join(p for p, _ in _SCALES) + r")(?![A-Za-z\u0400-\u04ff])",
                   needs=("thousand", "billion", "trillion", "mln", "mn", "bn", "mio", "mrd", "mil", "тыс", "млн",
                          "млрд", "миллион", "миллиард"))
_KANA = lazy(r"[\u3041-\u30ff]")
_SCALE_GLUED = lazy(r"(?:bn|mn|млрд|млн|тыс|[kKmM万萬億亿千兆])(?![A-Za-z\u0400-\u04ff])")
_SCALE_EXP = [(lazy(p + r"\Z"), x) for p, x in _SCALES]

_CUR_AFTER = lazy(r"\ ?(?P<cur>" + currencies.AFTER_ALT + r")(?![A-Za-z\u0400-\u04ff])")
_CUR_BEFORE = lazy(
    rf"(?:(?<![A-Za-z])(?P<code>{currencies.BEFORE_CODES})\ ?|(?P<sym>[{currencies.BEFORE_SYMBOLS}$])\ ?)\Z"
)
_code_of = currencies.code_of
_currency_agrees = currencies.agrees

_PERCENT_AFTER = lazy(
    r"\ ?(?:%|percent|per\ cent|pct\.?|pour\ cent|Prozent|por\ ciento|per\ cento|процент[а-я]*|パーセント)"
    r"(?![A-Za-z\u0400-\u04ff])",
    needs=("%", "percent", "per cent", "pct", "pour cent", "prozent", "por ciento", "процент", "パーセント"),
)
_ORDINAL_AFTER = lazy(
    r"(?:st|nd|rd|th|er|ème|e)(?![A-Za-z])|-(?:й|я|е|го|му|м|х|ю|ой|ый|ий|ая|ое)(?![а-я])"
)
_VERSION_BEFORE = lazy(r"(?:(?<![A-Za-z])[vV]|(?:Python|version|Version|ver\.|release|Release)\ )\Z")
# "PEP 255", and a document's own header line "PEP: 255" (the same identifier)
_IDENT_BEFORE = lazy(r"(?<![A-Za-z])(PEP|RFC|ISO|ECMA|IEEE):?[\ \t]+\Z")
_YEAR_DIGITS = lazy(r"1[5-9]\d\d|2[01]\d\d")

# a number in scientific notation: "3.85e4", "3.85E+04", "3.85×10⁴", "3.85 x 10^4" (an exponent
# written plainly after "×10" is one only with "^" or "**": "3 x 104" is a product)
_SCI = lazy(r"(?<![\w.,])(?P<m>\d+(?:\.\d+)?)(?:[eE](?P<e>[+-]?\d{1,3})"
            r"|\ ?[×x·*]\ ?10(?P<pow>\^|\*\*)?(?P<e2>[⁻+-]?\d{1,3}))(?![\w,]|\.\d)")
_SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺"
# identifiers written as a series on one prefix: "W1/2/3" and "W1/W2" are W1, W2 and W3
_IDENT_SERIES = lazy(r"(?<![\w/.:-])(?P<p>[A-Z]{1,3})\d{1,4}(?:/(?:(?P=p))?\d{1,4})+(?![\w/]|\.\w)")
_IDENT_PART = lazy(r"\d{1,4}")
# a bare number closing a list of identifiers on one prefix: "W1, W2 and three" names W3
_IDENT_LIST = lazy(r"(?<![\w/.:-])(?P<p>[A-Z]{1,3})\d{1,4}(?:,\s*(?P=p)\d{1,4})*(?:,\s*|,?\s+(?:and|or|&)\s+)"
                   r"(?P<n>\d{1,4})(?=\s*(?:[,.;:!?)]|$))")
# a time of day in words: "midnight", "noon", "midday" (and "12 noon")
_TIME_WORD = lazy(r"(?<![\w-])(?:12\ )?(?P<w>midnight|noon|midday)(?![\w-])", re.I,
                  needs=("midnight", "noon", "midday"))
# a day named for a feast or holiday: its date each year ("Christmas Day 2026" is 25 December 2026)
_HOLIDAYS = {"christmas day": (12, 25), "christmas eve": (12, 24), "boxing day": (12, 26),
             "new year's day": (1, 1), "new year's eve": (12, 31), "hogmanay": (12, 31),
             "halloween": (10, 31), "valentine's day": (2, 14), "st patrick's day": (3, 17),
             "st. patrick's day": (3, 17), "all saints' day": (11, 1), "all saints day": (11, 1)}
_HOLIDAY = lazy(r"(?<![\w-])(?P<h>christmas\ (?:day|eve)|boxing\ day|new\ year['’]s\ (?:day|eve)|hogmanay|"
                r"halloween|valentine['’]s\ day|st\.?\ patrick['’]s\ day|all\ saints['’]?\ day)(?![\w-])"
                r"(?:,?\ (?P<y>1[5-9]\d\d|2[01]\d\d)(?!\d))?", re.I,
                needs=("christmas", "boxing day", "new year", "hogmanay", "halloween", "valentine", "patrick",
                       "all saints"))


# a time of day told in words (read in the view, where "nine" is "9"): "nine o'clock", "half past
# eight", "quarter to nine", "ten past seven", the British "half eight", and "at nine" (or
# "until nine", "before nine", "after nine") where the sentence tells of a timetable; a part of
# the day after it says which half of the clock ("nine in the evening"), else either is meant
_HOUR = r"(?P<h>1[0-2]|0?[1-9]|one)"
_DAYPART = r"(?:\s*(?P<ap>[ap]\.?m\b\.?|in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight))?"
_OCLOCK = lazy(r"(?<![\w.,:-])" + _HOUR + r"\s*o['’]?\s?clock(?![\w-])" + _DAYPART, re.I)
_PAST_TO = lazy(r"(?<![\w-])(?:(?P<half>half)|(?:a\s+)?(?P<q>quarter)|(?P<mi>[1-5]?\d)(?P<mins>\s+minutes?)?)"
                r"\s+(?P<way>past|after|to|before)\s+" + _HOUR + r"(?![\w'’-])" + _DAYPART, re.I)
_HALF_HOUR = lazy(r"(?<![\w-])half\s+" + _HOUR + r"(?![\w'’-])" + _DAYPART, re.I)
_AT_HOUR = lazy(r"(?<![\w-])(?:at|until|till|before|after)\s+" + _HOUR + r"(?:\s(?P<mm>[1-5]\d))?(?![\w'’-])" +
                _DAYPART, re.I)
# what may follow a time in words: an end, a sign, or a small word (not a noun it counts: "at
# nine stops", "half eight-year-olds")
_TIME_FOLLOW = lazy(r"\s*(?:$|[^\w\s'’-]|(?:and|or|to|until|till|on|every|each|daily|sharp|at|in|from|when|with|for|"
                    r"but|while|so|then|as|the|this|that)\b)", re.I)
# words of a timetable: "at nine" near one of them is a time of day ("the boats leave at nine")
_TIMETABLE = lazy(r"\b(?:leav(?:e|es|ing)|left|depart\w*|arriv\w*|start\w*|open\w*|clos(?:e|es|ed|ing)|"
                  r"run|runs|running|ran|begin\w*|began|ends?|ended|finish\w*|sail\w*|services?|timetables?|"
                  r"schedul\w*|morning|afternoon|evening|night|daily|every\s+day|o['’]?\s?clock|sharp)\b", re.I)


def _clock(h: str, minutes: int, ap: str | None) -> str:
    """The key of a time of day in words: "HH:MM", or "~HH:MM" (HH from 00 to 11) when the
    words do not say which half of the day it is in."""
    total = ((1 if h.lower() == "one" else int(h)) % 12) * 60 + minutes
    hh, mm = (total // 60) % 12, total % 60
    if not ap:
        return f"~{hh:02d}:{mm:02d}"
    a = " ".join(ap.lower().split())
    later = a.startswith("p") or a.endswith(("afternoon", "evening")) or a == "tonight" or \
        a == "at night" and hh >= 6
    return f"{hh + 12 if later else hh:02d}:{mm:02d}"


def has_named_time(text: str) -> bool:
    """Whether ``text`` names a time or a day in words ("midnight", "Christmas Day")."""
    return _TIME_WORD.search(text) is not None or _HOLIDAY.search(text) is not None


class _Scan:
    """One pass per family, most specific first; a span taken by one is closed to the rest."""

    def __init__(self, text: str):
        self.text = text
        self.v = view(text)
        self.t = self.v.t
        self.taken = bytearray(len(self.t))
        self.found: list[Figure] = []
        self._sci()
        self._ident_series()
        self._ident_list()
        spans, idents = _blocked_spans(self.t)
        for s, e in spans:
            self._mark(s, e)
        for s, e in idents:  # taken first: "W3" holds no number 3
            self.add("ident", _ident_key(self.t[s:e]), s, e)

    def _free(self, s: int, e: int) -> bool:
        return not any(self.taken[s:e])

    def _mark(self, s: int, e: int) -> None:
        self.taken[s:e] = b"\x01" * (e - s)

    def add(self, kind: str, key: str, s: int, e: int, unit: str = "") -> bool:
        """Record a figure at view offsets [s, e) (mapped back to the text by ``mapped``)."""
        if s >= e or not self._free(s, e):
            return False
        self._mark(s, e)
        self.found.append(Figure(kind, key, self.t[s:e], s, e, unit))
        return True

    def mapped(self, figs: list[Figure]) -> tuple[Figure, ...]:
        """The figures with offsets and written forms in the text as given."""
        v, text = self.v, self.text
        if v.t == text:
            return tuple(figs)
        out = []
        for f in figs:
            a, b = v.starts[f.start], v.ends[f.end - 1]
            out.append(f._replace(written=text[a:b], start=a, end=b, spelled=any(v.spelled[f.start:f.end])))
        return tuple(out)

    def _sci(self) -> None:
        """Numbers in scientific notation, read before the identifiers ("85e4" is no name)."""
        t, text, v = self.t, self.text, self.v
        if not any(c in t for c in "eE×x·*"):
            return
        for m in _SCI.finditer(t):
            if m["e"] is not None:
                exp = m["e"]
            else:
                exp = m["e2"]
                raw = text[v.starts[m.start("e2")]:v.ends[m.end("e2") - 1]] if v.t != text else exp
                if not (m["pow"] or all(c in _SUPERSCRIPT for c in raw)):
                    continue  # "3 x 104" is a product, not a power of ten
                exp = exp.replace("⁻", "-")
            value = _value(m["m"], int(exp))
            self.add("number", value, m.start(), m.end(), self._unit(m.end(), m.start()))

    def _ident_series(self) -> None:
        """"W1/2/3": one identifier per number, on the prefix the series opens with."""
        if "/" not in self.t:
            return
        for m in _IDENT_SERIES.finditer(self.t):
            prefix, s = m["p"], m.start()
            for part in _IDENT_PART.finditer(self.t, s + len(prefix), m.end()):
                a = part.start()
                a = a - len(prefix) if self.t[a - len(prefix):a] == prefix else a  # "W2" of "W1/W2"
                self.add("ident", _ident_key(prefix + part.group(0)), a, part.end())
            self._mark(m.start(), m.end())

    def _ident_list(self) -> None:
        """"On routes W1, W2 and three": a number that closes a list of names with digits on one
        prefix is the next name of the list (W3), and is backed as one."""
        for m in _IDENT_LIST.finditer(self.t):
            self.add("ident", _ident_key(m["p"] + m["n"]), m.start("n"), m.end("n"))

    # relative dates -----------------------------------------------------------------------
    def relative(self) -> None:
        for m in _RELATIVE.finditer(self.t):
            self.add("relative", " ".join(m.group(0).lower().split()), m.start(), m.end())

    # dates ------------------------------------------------------------------------------
    def dates(self) -> None:
        t = self.t
        for m in _ISO.finditer(t):
            y, mo, d = int(m["y"]), int(m["m"]), int(m["d"])
            if _valid(y, mo, d):
                self.add("date", _date_key(y, mo, d), m.start(), m.end())
        for m in _NUMERIC_DATE.finditer(t):
            self._numeric_date(m)
        for m in _ISO_YM.finditer(t):
            self.add("date", _date_key(int(m["y"]), int(m["m"]), None), m.start(), m.end())
        if "年" in t or "月" in t:
            for m in _CJK_DATE.finditer(t):
                self._cjk_date(m)
        self._written_dates()
        self._holidays()

    def _holidays(self) -> None:
        for m in _HOLIDAY.finditer(self.t):
            name = " ".join(m["h"].lower().replace("’", "'").split())
            mo, d = _HOLIDAYS[name]
            y = int(m["y"]) if m["y"] else None
            self.add("date", _date_key(y, mo, d), m.start(), m.end())

    def _written_dates(self) -> None:
        t = self.t
        months = _month_words(t)
        if not months:
            return
        for i, rx in enumerate(_WRITTEN_DATES):
            for p in months:
                if i == 0:  # the day comes first: try each start a few characters back
                    m = next(
                        (x for x in (rx.match(t, ds) for ds in range(max(0, p - 9), p)) if x and x.start("m") == p),
                        None,
                    )
                else:
                    m = rx.match(t, p)
                if not m:
                    continue
                mon = _month_of(m["m"])
                if mon is None:
                    continue
                gd = m.groupdict()
                d = int(gd["d"]) if gd.get("d") else None
                y = int(gd["y"]) if gd.get("y") else None
                if i == 3 and not _PREP_BEFORE.search(t, max(0, m.start() - 20), m.start()):
                    continue
                if _valid(y, mon, d):
                    self.add("date", _date_key(y, mon, d), m.start(), m.end())

    def _numeric_date(self, m: re.Match[str]) -> None:
        a, b, ys = int(m["a"]), int(m["b"]), m["y"]
        if len(ys) == 2 and not (len(m["a"]) == 2 and len(m["b"]) == 2):
            return  # "1.2.26" is more likely a version than a date
        readings: set[str] = set()
        if len(ys) == 4:
            y = int(ys)
            for mo, d in ((b, a), (a, b)):
                if _valid(y, mo, d):
                    readings.add(_date_key(y, mo, d))
        else:
            # a two-digit year could also swap with the day: always ambiguous
            for mo, d in ((b, a), (a, b)):
                if _valid(2000, mo, d):
                    readings.add(_date_key(2000 + int(ys), mo, d))
            if readings:
                self.add("ambiguous", "|".join(sorted(readings)), m.start(), m.end())
            return
        if len(readings) == 1:
            self.add("date", readings.pop(), m.start(), m.end())
        elif readings:
            self.add("ambiguous", "|".join(sorted(readings)), m.start(), m.end())

    def _cjk_date(self, m: re.Match[str]) -> None:
        y = None
        if m["era"]:
            n = 1 if m["ey"] == "元" else _cjk_int(m["ey"])
            if n is None:
                return
            y = _ERA[m["era"]] + n
        elif m["y"]:
            y = _cjk_int(m["y"])
        ms, ds = m["m"] or m["m2"], m["d"] or m["d2"]
        mo = _cjk_int(ms) if ms else None
        d = _cjk_int(ds) if ds else None
        if _valid(y, mo, d):
            self.add("date", _date_key(y, mo, d), m.start(), m.end())

    # times ------------------------------------------------------------------------------
    def times(self) -> None:
        for m in _TIME.finditer(self.t):
            sep, ap = m["sep"], m["ap"]
            if not (sep == ":" or sep == "h" or ap):
                continue
            hh, mm = int(m["h"]), int(m["mi"] or 0)
            if hh > 23:
                continue
            if ap:
                if not 1 <= hh <= 12:
                    continue
                hh = hh % 12 + (12 if ap.lower().startswith("p") else 0)
            self.add("time", f"{hh:02d}:{mm:02d}", m.start(), m.end())
        for m in _TIME_WORD.finditer(self.t):
            self.add("time", "00:00" if m["w"].lower() == "midnight" else "12:00", m.start(), m.end())
        for m in _CJK_TIME.finditer(self.t) if "時" in self.t else ():
            hh, mm = int(m["h"]), 30 if m["half"] else int(m["mi"] or 0)
            if m["ap"] in ("午後", "下午") and hh < 12:
                hh += 12
            self.add("time", f"{hh:02d}:{mm:02d}", m.start(), m.end())
        self._word_times()

    def _word_times(self) -> None:
        t, spelled = self.t, self.v.spelled
        for m in _OCLOCK.finditer(t):
            self.add("time", _clock(m["h"], 0, m["ap"]), m.start(), m.end())
        for m in _PAST_TO.finditer(t):
            # nothing counted after it: "from five to nine boats" counts, "ten past nine." is a time
            if not (m["ap"] or _TIME_FOLLOW.match(t, m.end())):
                continue
            if m["mi"] is not None:
                mi = int(m["mi"])
                # "ten past nine", "twenty to eight" (minutes by fives, in words), any count of
                # "minutes"; "nine to five" is a span of hours, "from five to nine" a range
                if not (1 <= mi <= 59 if m["mins"] else mi in (5, 10, 20, 25) and any(spelled[m.start("mi"):m.end("mi")])):
                    continue
                if re.search(r"\b(?:from|between)\s+\Z", t[max(0, m.start() - 10):m.start()], re.I):
                    continue
            else:
                mi = 30 if m["half"] else 15
            back = m["way"].lower() in ("to", "before")
            if back and m["half"]:
                continue
            self.add("time", _clock(m["h"], -mi if back else mi, m["ap"]), m.start(), m.end())
        for m in _HALF_HOUR.finditer(t):  # the British "half eight": half past eight
            if m["ap"] or _TIME_FOLLOW.match(t, m.end()):
                self.add("time", _clock(m["h"], 30, m["ap"]), m.start(), m.end())
        for m in _AT_HOUR.finditer(t):
            # a number a reader reads as an hour: written in words, and in a sentence of a timetable
            # (or with a part of the day): "the boats leave at nine", "until ten at night"
            if m["h"].lower() != "one" and not any(spelled[m.start("h"):m.end("h")]):
                continue
            if not (m["ap"] or _TIMETABLE.search(t)) or not (m["ap"] or _TIME_FOLLOW.match(t, m.end())):
                continue
            if m["mm"] and not any(spelled[m.start("mm"):m.end("mm")]):
                continue  # "at nine 30": no time told in words
            # read from its sentence, not from its words alone: the number the words say backs it
            # too ("children start paying at twelve" of "children under twelve ride free")
            hour = 1 if m["h"].lower() == "one" else int(m["h"])
            unit = "" if m["mm"] or m["ap"] else f"n:{hour}"
            self.add("time", _clock(m["h"], int(m["mm"] or 0), m["ap"]), m.start("h"), m.end(), unit)

    # numbers ----------------------------------------------------------------------------
    def cjk_numbers(self) -> None:
        t = self.t
        for m in _MIXED_CJK.finditer(t) if any(u in t for u in "万萬億亿兆") else ():
            # digits between big units: 1億2000万円, 3万5000人
            parts = _MIXED_PART.findall(m.group(1))
            if len(parts) < 2 and not m.group(2):
                continue  # "3.1万" alone: the numbers pass reads it with its scale
            total = sum((Decimal(n).scaleb(_GLUED_SCALES[u]) for n, u in parts), Decimal(m.group(2) or 0))
            am = _CUR_AFTER.match(t, m.end())
            code = _code_of(am["cur"]) if am and am.start() == m.end() and not am["cur"][:1].isascii() else None
            if code and am:
                self.add("money", f"{code}:{_canon(total)}", m.start(), am.end())
            else:
                self.add("number", _canon(total), m.start(), m.end())
        for m in _CN_PERCENT.finditer(t):
            g = m.group(1)
            v = _value(g) if g[0].isdigit() else str(_cjk_int(g))
            self.add("percent", v + "%", m.start(), m.end())
        for m in _CN_RUN.finditer(t):
            s, e = m.span()
            # a run cannot start with a big unit (万一, just in case); 百 and 千 can (百一人 is 101
            # people), but not as the idiom 千万 (by all means) with no counter after it
            while s < e and (t[s] in "万萬億亿兆" or t[s] in "百佰千仟" and (t[s:e] in ("千万", "千萬")
                                                                     or t[e:e + 1] not in _CJK_SUFFIX
                                                                     and e - s == 1)):
                s += 1
            run = t[s:e]
            if not run:
                continue
            nxt = t[e : e + 1]
            suffix = bool(nxt) and nxt in _CJK_SUFFIX
            multi = len(run) > 1 and (any(c in _CJK_UNITS for c in run) or "〇" in run or "零" in run)
            if not (suffix or multi):
                continue  # 一つ, 一个, 统一, 十分
            # 三万八千五 is 38,500 in Chinese; Japanese (a text with kana) reads it as written
            n = _cjk_int(run, colloquial=not _KANA.search(t))
            if n is None or (nxt in "歳岁" and n > 150 and not multi):
                continue  # 新千歳空港, 千歳市: a name, no age of a thousand years
            v = str(n)
            am = _CUR_AFTER.match(t, e)
            code = _code_of(am["cur"]) if am and am.start() == e and not am["cur"][:1].isascii() else None
            if nxt == "%":
                self.add("percent", f"{v}%", s, e + 1)
            elif nxt == "割":  # tenths: 三割 is 30%
                self.add("percent", _value(v, 1) + "%", s, e + 1)
            elif code:
                self.add("money", f"{code}:{v}", s, am.end() if am else e)
            elif _YEAR_DIGITS.fullmatch(str(v)) and all(c in _CJK_DIGITS for c in run) and nxt == "年":
                self.add("date", str(v), s, e + 1)
            else:
                self.add("number", str(v), s, e)

    def numbers(self) -> None:
        t = self.t
        for m in _NUM.finditer(t):
            s, e = m.span()
            if not self._free(s, e):
                continue
            # a minus sign opens a word (after a space, a bracket or an opening quote or code mark:
            # "`-1`"), where a hyphen joins one ("pre-1990", "10-20")
            neg = s > 0 and t[s - 1] == "-" and (s == 1 or t[s - 2] in _BEFORE_SIGN) and self._free(s - 1, s)
            self._number(m.group(0), s - 1 if neg else s, e, neg)

    def _number(self, num: str, s: int, e: int, neg: bool) -> None:
        t = self.t
        sign = "-" if neg else ""
        digits_at = s + 1 if neg else s
        idm = _IDENT_BEFORE.search(t, max(0, s - 8), s)
        if idm and num.isdigit():
            self.add("version", f"{idm.group(1)} {num}", idm.start(), e)
            return
        vm = _VERSION_BEFORE.search(t, max(0, s - 10), s)
        grouping = re.fullmatch(r"\d{1,3}(?:\.\d{3}){2,}", num) is not None
        if vm and re.fullmatch(r"\d+(?:\.\d+)*", num):
            self.add("version", "v" + num, vm.start() if vm.group(0) in "vV" else digits_at, e)
            return
        if num.count(".") >= 2 and not grouping:
            self.add("version", "v" + num, digits_at, e)
            return
        digits = _plain_digits(num)
        cm = _CUR_BEFORE.search(t, max(0, s - 5), s)
        cur = _code_of(cm["code"] or cm["sym"]) if cm else None
        start = cm.start() if cm else s
        end = e
        om = _ORDINAL_AFTER.match(t, end)
        if om and num.isdigit() and not cur:
            self.add("number", sign + _value(digits), s, om.end())
            return
        if t.startswith("割", end) and not cur:  # tenths: 3割 is 30%
            self.add("percent", sign + _value(digits, 1) + "%", s, end + 1)
            return
        pm = _PERCENT_AFTER.match(t, end)
        if pm:
            self.add("percent", sign + _value(digits) + "%", s, pm.end())
            return
        exp = 0
        sm = _SCALE_GLUED.match(t, end) or _SCALE_WORD.match(t, end)
        if sm:
            word = sm.group(0).strip()
            if word in _GLUED_SCALES and sm.start() == end:
                exp = _GLUED_SCALES[word]
            else:
                exp = next((x for rx, x in _SCALE_EXP if rx.match(word)), 0)
            after = _CUR_AFTER.match(t, sm.end())
            if word in _NEEDS_MONEY and not (cur or after):
                exp = 0
            if exp:
                end = sm.end()
        am = _CUR_AFTER.match(t, end)
        if am:
            code = _code_of(am["cur"])
            if code and (cur is None or _currency_agrees(cur, code)):
                cur = cur or code
                end = am.end()
        value = _value(digits, exp)
        if cur:
            self.add("money", f"{cur}:{sign}{value}", start, end)
            return
        unit = self._unit(end, s)
        if not exp and not neg and _YEAR_DIGITS.fullmatch(num) and not unit:
            self.add("date", num, s, end)
        else:
            self.add("number", sign + value, s, end, unit)

    def _unit(self, end: int, start: int) -> str:
        """What the number at ``start:end`` counts and per what: "count", "/day", "count/day"."""
        t = self.t
        count = ""
        cm = _COUNT_NOUN.match(t, end)
        if cm or _CJK_COUNT.match(t, end):
            count = "count"
        rm = _RATE.match(t, cm.end() if cm else end) or _RATE.match(t, end)
        if rm is None and _CJK_COUNT.match(t, end) or rm is None and is_cjk(t[end : end + 1] or "a"):
            # the period stands after the number (3万人/日) or before it: 每天31,000名, 1日平均3万人
            cj = _CJK_RATE.match(t[max(0, end - 6) : end]) or _CJK_RATE_BEFORE.search(t, max(0, start - 8), start)
            if cj:
                return count + "/" + _CJK_PERIODS[cj["p"] or cj.group("p2")]
        if rm:
            period = _PERIODS.get(rm["p"].lower()) if rm["p"] else _ADVERBS.get(rm["adv"].lower())
            if period:
                return count + "/" + period
        return count


_RANGE_GAP = lazy(r"\ ?(?:[–—~〜～-]|to|bis|до|à|a|al|至|到)\ ?")


def _ranges(figs: list[Figure], t: str) -> list[Figure]:
    """Carry a unit across a range: "10–12%" is two percentages, "€10–20" two amounts, and
    "2024–2026" two years."""
    out = list(figs)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if not _RANGE_GAP.fullmatch(t[a.end : b.start]):
            continue
        if a.kind == "number" and b.kind == "percent":
            out[i] = a._replace(kind="percent", key=a.key + "%")
        elif a.kind == "money" and b.kind in ("number", "date") and _bare(b.written):
            out[i + 1] = b._replace(kind="money", key=a.key.split(":", 1)[0] + ":" + _value(exact_digits(b.written)))
        elif a.kind in ("number", "date") and b.kind == "money" and _bare(a.written):
            out[i] = a._replace(kind="money", key=b.key.split(":", 1)[0] + ":" + _value(exact_digits(a.written)))
        elif a.kind == "number" and b.kind == "date" and _day(a.key) and b.written[:1].isdigit():
            y, m, d = date_parts(b.key)
            if d is not None and _valid(y, m, _day(a.key)):
                out[i] = a._replace(kind="date", key=_date_key(y, m, _day(a.key)))  # 1–3 December 2026
        elif a.kind == "date" and b.kind == "number" and _day(b.key) and not a.written[:1].isdigit():
            y, m, d = date_parts(a.key)
            if d is not None and _valid(y, m, _day(b.key)):
                out[i + 1] = b._replace(kind="date", key=_date_key(y, m, _day(b.key)))  # December 1–3
    return out


# what may follow the hundredths of a spoken amount ("three marks forty, and ..."): an end, or a
# small word, not a noun the number counts ("3 marks 40 passengers")
_SUBUNIT_TAIL = lazy(r"\s*(?:$|[,.;:!?)\]]|(?:and|or|for|each|per|on|in|at|a|an|the|when|if|with|bought|paid|"
                     r"as|but|so|to|from|until|since)\b)", re.I)


def _subunits(figs: list[Figure], t: str) -> list[Figure]:
    """An amount said as its units and then its hundredths: "three marks forty" is 3.40 marks,
    "five pounds fifty" 5.50 pounds (a whole amount with a currency word after it, then one
    bare number from 1 to 99)."""
    out: list[Figure] = []
    skip = False
    for i, a in enumerate(figs):
        if skip:
            skip = False
            continue
        b = figs[i + 1] if i + 1 < len(figs) else None
        code, _, whole = a.key.partition(":")
        if b is not None and a.kind == "money" and whole.isdigit() and a.written[-1:].isalpha() \
                and b.kind == "number" and not b.unit and b.key.isdigit() and 1 <= int(b.key) <= 99 \
                and t[a.end:b.start] == " " and _SUBUNIT_TAIL.match(t, b.end):
            total = Decimal(whole) + Decimal(b.key) / 100
            out.append(a._replace(key=f"{code}:{_canon(total)}", written=t[a.start:b.end], end=b.end))
            skip = True
            continue
        out.append(a)
    return out


def _day(key: str) -> int | None:
    return int(key) if key.isdigit() and 1 <= int(key) <= 31 else None


def _bare(written: str) -> bool:
    return re.fullmatch(r"[\d.,' ]+", written) is not None


@lru_cache(maxsize=8192)
def _figures(text: str) -> tuple[Figure, ...]:
    if not any(ch.isdigit() or ch in _CJK_DIGITS or ch in _CJK_UNITS for ch in text) and not _has_month(text) \
            and not has_number_words(text) and not _RELATIVE_HINT.search(text) and not has_named_time(text) \
            and not _digit_drawn(text):
        return ()
    sc = _Scan(text)
    sc.relative()
    sc.dates()
    sc.times()
    sc.cjk_numbers()
    sc.numbers()
    figs = sorted(sc.found, key=lambda f: f.start)
    return sc.mapped(_subunits(_ranges(figs, sc.t), sc.t))


def _digit_drawn(text: str) -> bool:
    """Whether a letter drawn like a digit stands where a reader reads it as one ("WЗ")."""
    return any(ch in DIGIT_LIKE for ch in text) and any(ch.isdigit() for ch in lookalikes_read(text))


def _has_month(text: str) -> bool:
    return bool(_month_words(text))

