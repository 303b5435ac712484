"""Figures and dates, normalised so that a sentence can be compared with what backs it.

A page, a claim or a report line may only state a figure or a date that its evidence states.
Writers format figures in many ways ("38,500", "38 500", "３８，５００", "3.85万"), so every
figure is read into a canonical key and compared by meaning, never by spelling.

Kinds and keys:
- ``number``  "38500", "3.4" (grouping removed; "3.4" == "3.40"; scale words applied:
  "1.5 million" -> "1500000", "3.1万" -> "31000"; ordinals "21st" -> "21")
- ``percent`` "12%" ("12 percent", "12％", "百分之十二")
- ``money``   "EUR:1000" ("€1,000", "1000 euros"); "$" and "¥" stay as written symbols
  because they name several currencies
- ``date``    "2026-12-01", "2026-12" (month and year), "--12-01" (day and month), "--12"
  (a month alone), "2026" (a year)
- ``time``    "15:30" ("3.30 p.m.", "15:30")
- ``version`` "v3.14.1" (two or more dots, or after v/Python/version), "PEP 8", "RFC 9110"
- ``ambiguous`` a numeric date whose day and month could swap ("01.11.2026"); its key lists
  both readings. Ambiguous figures are never backed.

Not figures: spelled-out numbers ("three travellers"), digits glued to letters ("W3", "3D",
"B2B", "COVID-19"), identifiers and hashes ("src_4b1d0c9e2a77", "clm_…"), digits inside URLs,
and a lone CJK numeral inside a word (一つ, 一个, 统一) unless a counter, unit or date suffix
follows it (月 日 年 人 万 億 亿 元 円 % 号 条 …).

Standard library only; pure functions, values in and out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import NamedTuple

from .sentences import is_cjk


class Figure(NamedTuple):
    kind: str  # "number" | "percent" | "money" | "date" | "time" | "version" | "ambiguous"
    key: str  # canonical comparable form
    written: str  # as it stands in the text
    start: int
    end: int


# --- preparing the text -------------------------------------------------------------------

_FW_DIGITS = {chr(0xFF10 + i): str(i) for i in range(10)}
_SPACES = "\u00a0\u202f\u2009\u2007"


def _fold(text: str) -> str:
    """Same-length ASCII view: full-width digits and signs, thin and no-break spaces."""
    chars = list(text)
    for i, ch in enumerate(chars):
        if ch in _FW_DIGITS:
            chars[i] = _FW_DIGITS[ch]
        elif ch in _SPACES:
            chars[i] = " "
        elif ch == "％":
            chars[i] = "%"
        elif ch == "−":
            chars[i] = "-"
        elif ch == "＄":
            chars[i] = "$"
        elif ch == "￥":
            chars[i] = "¥"
        elif ch == "€":
            pass
    for i, ch in enumerate(chars):
        if ch in "，．：" and 0 < i < len(chars) - 1 and chars[i - 1].isdigit() and chars[i + 1].isdigit():
            chars[i] = {"，": ",", "．": ".", "：": ":"}[ch]
    return "".join(chars)


_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"')\]]+|[\w.+-]+@[\w-]+\.[\w.]+", re.I)
# a run of latin/cyrillic/greek letters, digits and underscores holding a digit
_GLUED = re.compile(r"[0-9A-Za-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]*[0-9][0-9A-Za-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]*")
_OK_GLUED = re.compile(r"\d+(?:st|nd|rd|th|k|K|bn|mn|m|M|er|ème|e|h)?|[vV]\d+")


def _blocked_spans(t: str) -> list[tuple[int, int]]:
    """Spans that hold no figure: URLs, e-mail addresses, identifiers and digit-letter mixes."""
    spans = [m.span() for m in _URL.finditer(t)]
    for m in _GLUED.finditer(t):
        s, e = m.span()
        word = m.group(0)
        glued_left = s >= 2 and t[s - 1] == "-" and t[s - 2].isalpha() and not is_cjk(t[s - 2])
        if not _OK_GLUED.fullmatch(word) or glued_left:
            # extend over hash-like continuations: "clm_ab12-cd34", "4b1d.0c9e"
            spans.append((s, e))
    return spans


# --- numbers ------------------------------------------------------------------------------

_NUM = re.compile(
    r"""(?<![\d.,])(?:
      \d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d]|,\d)
    | \d{1,3}(?:\ \d{3})+(?:[.,]\d+)?(?![\d])
    | \d{1,3}(?:\.\d{3}){2,}(?:,\d+)?(?![\d]|\.\d)
    | \d{1,3}\.\d{3},\d+(?![\d])
    | \d{1,3}(?:['’]\d{3})+(?:\.\d+)?(?![\d])
    | \d+(?:\.\d+)+(?![\d])
    | \d+,\d+(?![\d]|,\d)
    | \d+(?![\d])
    )""",
    re.X,
)

_SCALES: list[tuple[str, int]] = [
    (r"thousand", 3), (r"million(?:s)?", 6), (r"billion(?:s)?", 9), (r"trillion(?:s)?", 12),
    (r"mln\.?", 6), (r"mn", 6), (r"bn", 9), (r"k", 3), (r"K", 3),
    (r"Mio\.?", 6), (r"Mrd\.?", 9), (r"Millionen", 6), (r"Million", 6), (r"Milliarden?", 9),
    (r"millions?", 6), (r"milliards?", 9), (r"millones", 6), (r"millón", 6), (r"mil", 3),
    (r"тыс\.?", 3), (r"тысяч[а-я]*", 3), (r"млн\.?", 6), (r"млрд\.?", 9),
    (r"миллион[а-я]*", 6), (r"миллиард[а-я]*", 9),
    (r"万", 4), (r"萬", 4), (r"億", 8), (r"亿", 8), (r"千", 3), (r"兆", 12),
]
_SCALE_RE = re.compile(
    r"(?:(?P<glued>k|K|bn|mn|m|M|万|萬|億|亿|千|兆)|\ ?(?P<word>"
    + "|".join(p for p, _ in _SCALES)
    + r"))(?![A-Za-z\u0400-\u04ff])"
)
_SCALE_EXP = [(re.compile(p + r"\Z"), x) for p, x in _SCALES] + [(re.compile(r"m\Z|M\Z"), 6)]

_CURRENCY_WORDS: list[tuple[str, str]] = [
    (r"euros?", "EUR"), (r"EUR", "EUR"), (r"€", "EUR"), (r"евро", "EUR"), (r"ユーロ", "EUR"),
    (r"欧元", "EUR"), (r"Euro", "EUR"),
    (r"US\$", "USD"), (r"USD", "USD"), (r"US dollars?", "USD"), (r"美元", "USD"),
    (r"C\$", "CAD"), (r"CAD", "CAD"), (r"A\$", "AUD"), (r"AUD", "AUD"), (r"HK\$", "HKD"),
    (r"dollars?", "$"), (r"\$", "$"), (r"долл\.", "$"), (r"доллар[а-я]*", "$"), (r"ドル", "$"),
    (r"£", "GBP"), (r"GBP", "GBP"), (r"pounds? sterling", "GBP"), (r"pounds?", "GBP"), (r"英镑", "GBP"),
    (r"JPY", "JPY"), (r"yen", "JPY"), (r"円", "JPY"), (r"日元", "JPY"), (r"¥", "¥"),
    (r"CNY", "CNY"), (r"RMB", "CNY"), (r"yuan", "CNY"), (r"元", "CNY"), (r"人民币", "CNY"), (r"块", "CNY"),
    (r"RUB", "RUB"), (r"₽", "RUB"), (r"руб\.", "RUB"), (r"рубл[а-я]*", "RUB"), (r"roubles?", "RUB"),
    (r"rubles?", "RUB"), (r"CHF", "CHF"), (r"francs?", "CHF"), (r"INR", "INR"), (r"₹", "INR"),
    (r"rupees?", "INR"), (r"KRW", "KRW"), (r"₩", "KRW"), (r"won", "KRW"),
    (r"marks?", "MARK"), (r"Mark", "MARK"), (r"マルク", "MARK"), (r"マーク", "MARK"), (r"марк[а-я]*", "MARK"),
    (r"SEK", "SEK"), (r"NOK", "NOK"), (r"DKK", "DKK"), (r"kr", "KR"),
]
_CUR_AFTER = re.compile(
    r"\ ?(?P<cur>" + "|".join(p for p, _ in sorted(_CURRENCY_WORDS, key=lambda x: -len(x[0]))) + r")(?![A-Za-z\u0400-\u04ff])"
)
_CUR_BEFORE = re.compile(
    r"(?:(?<![A-Za-z])(?P<code>US\$|C\$|A\$|HK\$|EUR|USD|GBP|JPY|CNY|RMB|RUB|CHF|INR|KRW|SEK|NOK|DKK)\ ?|(?P<sym>[€$£¥₽₹₩])\ ?)\Z"
)
_CUR_CODE = [(re.compile(p + r"\Z"), c) for p, c in _CURRENCY_WORDS]
# "$" and "¥" name several currencies; a figure in one agrees with any of them
_FAMILIES = {"$": {"USD", "CAD", "AUD", "HKD", "NZD", "SGD", "$"}, "¥": {"JPY", "CNY", "¥"}}

_PERCENT_AFTER = re.compile(
    r"\ ?(?:%|percent|per\ cent|pour\ cent|Prozent|por\ ciento|процент[а-я]*|パーセント)(?![A-Za-z\u0400-\u04ff])"
)
_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th|er|ème|e)(?![A-Za-z])|-(?:й|я|е|го|му|м|х|ю|ой|ый|ий|ая|ое)(?![а-я])")
_VERSION_BEFORE = re.compile(r"(?:(?<![A-Za-z])[vV]|(?:Python|version|Version|ver\.|release|Release)\ )\Z")
_IDENT_BEFORE = re.compile(r"(?<![A-Za-z])(PEP|RFC|ISO)\ \Z")
_RANGE_JOIN = re.compile(r"\ ?(?:[–—-]|to|bis|до|à|~|〜|～|至)\ ?\Z")


def _dec(digits: str) -> Decimal | None:
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


def _canon(d: Decimal) -> str:
    """Canonical decimal text: no exponent, no trailing zeros after the point."""
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("-0", ""):
        s = "0"
    return s


def _plain_digits(num: str) -> str:
    """Digits with grouping removed and the decimal mark as '.', exactly as written."""
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", num):
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


def _scaled(digits: str, exp: int) -> str:
    d = _dec(digits)
    if d is None:
        return digits
    return _canon(d.scaleb(exp))


def exact_digits(written: str) -> str:
    """The digits of a written number as written (grouping removed, decimal mark '.')."""
    return _plain_digits(_fold(written).strip())


# --- dates --------------------------------------------------------------------------------

_MONTHS: dict[str, int] = {}


def _add_months(names: str, cap: bool = False) -> None:
    for i, group in enumerate(names.split(";"), start=1):
        for name in group.split(","):
            name = name.strip()
            if name:
                _MONTHS[name if cap else name.lower()] = i


_add_months(
    "January,Jan;February,Feb;March,Mar;April,Apr;May;June,Jun;July,Jul;August,Aug;"
    "September,Sept,Sep;October,Oct;November,Nov;December,Dec",
    cap=True,
)
_add_months(
    "Januar,Jänner;Februar;März;April;Mai;Juni;Juli;August;September;Oktober;November;Dezember", cap=True
)
_add_months(
    "janvier;février,fevrier;mars;avril;mai;juin;juillet;août,aout;septembre;octobre;novembre;décembre,decembre"
)
_add_months("enero;febrero;marzo;abril;mayo;junio;julio;agosto;septiembre,setiembre;octubre;noviembre;diciembre")
_add_months(
    "январь,января,январе;февраль,февраля,феврале;март,марта,марте;апрель,апреля,апреле;май,мая,мае;"
    "июнь,июня,июне;июль,июля,июле;август,августа,августе;сентябрь,сентября,сентябре;"
    "октябрь,октября,октябре;ноябрь,ноября,ноябре;декабрь,декабря,декабре"
)
_CAP_ONLY = {k for k in _MONTHS if k[:1].isupper()}
_LOWER_NAMES = sorted((k for k in _MONTHS if not k[:1].isupper()), key=len, reverse=True)
_CAP_NAMES = sorted(_CAP_ONLY, key=len, reverse=True)
_MONTH_ALT = (
    "(?:"
    + "|".join(re.escape(n) + (r"\.?" if len(n) <= 4 and n not in ("May", "June", "July", "Juni", "Juli", "Mai") else "") for n in _CAP_NAMES)
    + "|(?i:"
    + "|".join(re.escape(n) for n in _LOWER_NAMES)
    + "))"
)
_NB = r"(?![\w])"
_DAY = r"(?P<d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|er|\.|º)?"
_YEAR = r"(?P<y>1[5-9]\d\d|2[01]\d\d)"
_MON = r"(?P<m>" + _MONTH_ALT + ")"
_RU_YEAR_TAIL = r"(?:\ ?(?:г\.|года|году|год)(?![а-я]))?"
_WRITTEN_DATES = [
    # 1 December 2026 / 1st of December, 2026 / 1er décembre 2026 / 1. Dezember 2026 /
    # 1 de diciembre de 2026 / 1 декабря 2026 г.
    re.compile(r"(?<![\w.,])" + _DAY + r"\ (?:of\ |de\ )?" + _MON + _NB + r"(?:,?\ (?:de\ )?" + _YEAR + r"(?![\d])" + _RU_YEAR_TAIL + ")?"),
    # December 1, 2026 / December 1st 2026 / Dec. 1
    re.compile(r"(?<![\w])" + _MON + r"\ " + _DAY.replace("|\\.", "") + r"(?![\d:.,]\d)(?![\w])(?:,?\ " + _YEAR + r"(?![\d]))?"),
    # December 2026 / diciembre de 2026 / декабре 2026 г.
    re.compile(r"(?<![\w])" + _MON + r",?\ (?:de\ |of\ )?" + _YEAR + r"(?![\d])" + _RU_YEAR_TAIL),
    # a month alone
    re.compile(r"(?<![\w])" + _MON + _NB),
]
_PREP_BEFORE = re.compile(
    r"(?:\b(?:in|by|since|until|till|from|of|early|late|mid|last|next|this|during|before|after|through|to|and|or|each|every|since)[ -])\Z"
)

_CJK_DIGITS = "〇零一二三四五六七八九两兩"
_CJK_NUM_CHARS = _CJK_DIGITS + "十拾百佰千仟万萬億亿兆"
_CN = "[" + _CJK_NUM_CHARS + "]"
_ERA = {"令和": 2018, "平成": 1988, "昭和": 1925}
_CJK_DATE = re.compile(
    r"(?:(?P<era>令和|平成|昭和)(?P<ey>元|\d{1,2}|" + _CN + r"{1,3})年"
    r"|(?P<y>\d{4}|[〇零一二三四五六七八九]{4})年)?"
    r"(?:(?P<m>\d{1,2}|" + _CN + r"{1,3})月)?"
    r"(?:(?P<d>\d{1,2}|" + _CN + r"{1,4})[日号號])?"
)
_ISO = re.compile(r"(?<![\d.\-/])(?P<y>\d{4})(?P<s>[-/.])(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})(?![\d]|[.\-/]\d)")
_ISO_YM = re.compile(r"(?<![\d.\-/])(?P<y>\d{4})-(?P<m>0[1-9]|1[0-2])(?![\d]|-\d)")
_NUMERIC_DATE = re.compile(
    r"(?<![\d.\-/])(?P<a>\d{1,2})(?P<s>[./-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}|\d{2})(?![\d]|[.\-/]\d)"
)
_TIME = re.compile(
    r"(?<![\d.:])(?P<h>[01]?\d|2[0-3])(?:(?P<sep>[:.])(?P<mi>[0-5]\d))?(?::[0-5]\d)?"
    r"(?:\ ?(?P<ap>a\.m\.|p\.m\.|am\b|pm\b|AM\b|PM\b|a\.m\b|p\.m\b))?(?![\d])"
)


def _cjk_int(s: str) -> int | None:
    """A CJK numeral read as an integer: 三万一千 -> 31000, 二〇二六 -> 2026, 十二 -> 12."""
    if not s:
        return None
    digits = {c: i for i, c in enumerate("〇一二三四五六七八九")}
    digits.update({"零": 0, "两": 2, "兩": 2})
    if s.isdigit():
        return int(s)
    if all(c in digits for c in s):
        return int("".join(str(digits[c]) for c in s))
    small = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
    big = {"万": 10**4, "萬": 10**4, "億": 10**8, "亿": 10**8, "兆": 10**12}
    total = section = 0
    num = None
    for c in s:
        if c in digits:
            num = digits[c] if num is None else num * 10 + digits[c]
        elif c in small:
            section += (num if num is not None else 1) * small[c]
            num = None
        elif c in big:
            section += num or 0
            total += (section or 1) * big[c]
            section = 0
            num = None
        else:
            return None
    return total + section + (num or 0)


def _valid(y: int | None, m: int | None, d: int | None) -> bool:
    if m is not None and not 1 <= m <= 12:
        return False
    if d is not None and not 1 <= d <= 31:
        return False
    if m is not None and d is not None:
        if d > (29 if m == 2 else 30 if m in (4, 6, 9, 11) else 31):
            return False
    return y is None or 1000 <= y <= 2999


def _date_key(y: int | None, m: int | None, d: int | None) -> str:
    if y is not None and m is not None and d is not None:
        return f"{y:04d}-{m:02d}-{d:02d}"
    if y is not None and m is not None:
        return f"{y:04d}-{m:02d}"
    if m is not None and d is not None:
        return f"--{m:02d}-{d:02d}"
    if m is not None:
        return f"--{m:02d}"
    return f"{y:04d}"


def date_parts(key: str) -> tuple[int | None, int | None, int | None]:
    """(year, month, day) of a date key; None for a part it does not state."""
    m = re.fullmatch(r"(\d{4})(?:-(\d\d)(?:-(\d\d))?)?|--(\d\d)(?:-(\d\d))?", key)
    if not m:
        return (None, None, None)
    if m.group(1):
        return (int(m.group(1)), int(m.group(2)) if m.group(2) else None, int(m.group(3)) if m.group(3) else None)
    return (None, int(m.group(4)), int(m.group(5)) if m.group(5) else None)


def _month_of(name: str) -> int | None:
    n = name.rstrip(".")
    return _MONTHS.get(n) or _MONTHS.get(n.lower()) if n not in _CAP_ONLY else _MONTHS.get(n)


# --- the scanner --------------------------------------------------------------------------


class _Scan:
    def __init__(self, text: str):
        self.text = text
        self.t = _fold(text)
        self.taken = bytearray(len(text))
        self.found: list[Figure] = []
        for s, e in _blocked_spans(self.t):
            self._mark(s, e)

    def _free(self, s: int, e: int) -> bool:
        return not any(self.taken[s:e])

    def _mark(self, s: int, e: int) -> None:
        for i in range(s, e):
            self.taken[i] = 1

    def add(self, kind: str, key: str, s: int, e: int) -> bool:
        if s >= e or not self._free(s, e):
            return False
        self._mark(s, e)
        self.found.append(Figure(kind, key, self.text[s:e], s, e))
        return True

    # dates ------------------------------------------------------------------------------
    def dates(self) -> None:
        t = self.t
        for m in _ISO.finditer(t):
            y, mo, d = int(m["y"]), int(m["m"]), int(m["d"])
            if _valid(y, mo, d):
                self.add("date", _date_key(y, mo, d), m.start(), m.end())
        for m in _NUMERIC_DATE.finditer(t):
            a, b, ys = int(m["a"]), int(m["b"]), m["y"]
            if m["s"] == "." and len(ys) == 2 and not (len(m["a"]) == 2 and len(m["b"]) == 2):
                continue
            readings = set()
            if len(ys) == 4:
                y = int(ys)
                if _valid(y, b, a):
                    readings.add(_date_key(y, b, a))
                if _valid(y, a, b):
                    readings.add(_date_key(y, a, b))
            else:
                for y in (2000 + int(ys), 1900 + int(ys)):
                    for mo, d in ((b, a), (a, b)):
                        if _valid(y, mo, d):
                            readings.add(_date_key(y, mo, d))
                readings.add("?" + m.group(0))
            if len(readings) == 1:
                self.add("date", readings.pop(), m.start(), m.end())
            elif readings:
                self.add("ambiguous", "|".join(sorted(readings)), m.start(), m.end())
        for m in _ISO_YM.finditer(t):
            self.add("date", _date_key(int(m["y"]), int(m["m"]), None), m.start(), m.end())
        for m in _CJK_DATE.finditer(t):
            if m.start() == m.end():
                continue
            self._cjk_date(m)
        for i, rx in enumerate(_WRITTEN_DATES):
            for m in rx.finditer(t):
                mon = _month_of(m["m"])
                if mon is None:
                    continue
                gd = m.groupdict()
                d = int(gd["d"]) if gd.get("d") else None
                y = int(gd["y"]) if gd.get("y") else None
                if i == 3:
                    name = m["m"]
                    if name.rstrip(".") in ("May", "March", "Mar", "Jan", "Sept", "Sep", "Oct", "Nov", "Dec", "Feb", "Apr", "Jun", "Jul", "Aug", "mars", "Mai", "mai", "may") and not _PREP_BEFORE.search(t[max(0, m.start() - 12) : m.start()]):
                        continue
                if not _valid(y, mon, d):
                    continue
                self.add("date", _date_key(y, mon, d), m.start(), m.end())

    def _cjk_date(self, m: re.Match[str]) -> None:
        y = mo = d = None
        if m["era"]:
            n = 1 if m["ey"] == "元" else _cjk_int(m["ey"])
            if n is None:
                return
            y = _ERA[m["era"]] + n
        elif m["y"]:
            y = _cjk_int(m["y"])
        if m["m"]:
            mo = _cjk_int(m["m"])
        if m["d"]:
            d = _cjk_int(m["d"])
        if m["d"] and not m["m"]:
            # "3日" alone is a count of days or a day without its month: leave it to numbers
            if y is None:
                return
            e = m.end("y") + 1 if m["y"] else m.end("ey") + 1
            if _valid(y, None, None):
                self.add("date", _date_key(y, None, None), m.start(), e)
            return
        if y is None and mo is None:
            return
        if not _valid(y, mo, d):
            return
        self.add("date", _date_key(y, mo, d), m.start(), m.end())

    # numbers ----------------------------------------------------------------------------
    def times(self) -> None:
        for m in _TIME.finditer(self.t):
            h, sep, mi, ap = m["h"], m["sep"], m["mi"], m["ap"]
            if sep == ":" or (ap and (sep == "." or sep is None)):
                hh, mm = int(h), int(mi or 0)
                if ap:
                    if hh > 12 or hh == 0:
                        continue
                    pm = ap.lower().startswith("p")
                    hh = (hh % 12) + (12 if pm else 0)
                if sep == ":" and not ap and not mi:
                    continue
                self.add("time", f"{hh:02d}:{mm:02d}", m.start(), m.end())

    def numbers(self) -> None:
        t = self.t
        for m in _NUM.finditer(t):
            s, e = m.span()
            if not self._free(s, e):
                continue
            num = m.group(0)
            # a sign
            if s > 0 and t[s - 1] == "-" and (s == 1 or t[s - 2] in " ([\n\t") and self._free(s - 1, s):
                s -= 1
                neg = True
            else:
                neg = False
            self._number(num, s, e, neg)

    def _number(self, num: str, s: int, e: int, neg: bool) -> None:
        t = self.t
        before = t[max(0, s - 8) : s]
        sign = "-" if neg else ""
        # identifiers: PEP 8, RFC 9110, ISO 8601
        idm = _IDENT_BEFORE.search(before)
        if idm and re.fullmatch(r"\d+", num):
            self.add("version", f"{idm.group(1)} {num}", s - len(idm.group(0)), e)
            return
        vm = _VERSION_BEFORE.search(before)
        dots = num.count(".")
        grouping = re.fullmatch(r"\d{1,3}(?:\.\d{3}){2,}", num) is not None
        if vm and re.fullmatch(r"\d+(?:\.\d+)*", num):
            vs = s - len(vm.group(0)) if vm.group(0)[:1] in "vV" and len(vm.group(0)) == 1 else s
            self.add("version", "v" + num, vs, e)
            return
        if dots >= 2 and not grouping:
            self.add("version", "v" + num, s, e)
            return
        digits = _plain_digits(num)
        end = e
        kind = "number"
        exp = 0
        cur = None
        cm = _CUR_BEFORE.search(t[max(0, s - 5) : s])
        cstart = s
        if cm:
            cur = _code_of(cm["code"] or cm["sym"])
            cstart = s - len(cm.group(0))
        # ordinal suffix
        om = _ORDINAL_AFTER.match(t, end)
        if om and re.fullmatch(r"\d+", num) and not cur:
            end = om.end()
            self.add("number", sign + _canon(Decimal(digits)), s, end)
            return
        pm = _PERCENT_AFTER.match(t, end)
        if pm:
            self.add("percent", sign + _canon(Decimal(digits)) + "%", s, pm.end())
            return
        sm = _SCALE_RE.match(t, end)
        if sm:
            word = sm.group(0).strip()
            glued = sm["glued"]
            if glued in ("m", "M") and not cur:
                sm = None
            elif glued and sm.start() != end:
                sm = None
            if sm:
                for rx, x in _SCALE_EXP:
                    if rx.match(word):
                        exp = x
                        break
                end = sm.end()
        am = _CUR_AFTER.match(t, end)
        if am and (am.start() == end or am["cur"][:1].isascii() or True):
            code = _code_of(am["cur"])
            if code and (cur is None or cur == code or code in _FAMILIES.get(cur, ()) or cur in _FAMILIES.get(code, ())):
                if am["cur"] in ("won", "kr", "marks", "mark") and False:
                    pass
                cur = cur or code
                end = am.end()
        value = _scaled(digits, exp) if exp else _canon(Decimal(digits))
        if cur:
            kind = "money"
            self.add(kind, f"{cur}:{sign}{value}", cstart, end)
            return
        if not exp and not neg and re.fullmatch(r"1[5-9]\d\d|2[01]\d\d", num):
            self.add("date", num, s, end)
            return
        self.add(kind, sign + value, s, end)

    def cjk_numbers(self) -> None:
        t = self.t
        for m in re.finditer(r"百分之(" + _CN + r"+|\d+(?:\.\d+)?)", t):
            v = _cjk_int(m.group(1)) if not m.group(1)[0].isdigit() else None
            val = str(v) if v is not None else _canon(Decimal(m.group(1)))
            self.add("percent", val + "%", m.start(), m.end())
        for m in re.finditer(r"第?(" + _CN + r"+)", t):
            run = m.group(1)
            s, e = m.start(1), m.end(1)
            # trim leading big units that do not start a numeral (万一, 千万)
            while run and run[0] in "百佰千仟万萬億亿兆":
                run = run[1:]
                s += 1
            while run and run[-1] in "万萬億亿兆" and len(run) > 1 and False:
                pass
            if not run:
                continue
            nxt = t[e : e + 1]
            has_unit = any(c in "十拾百佰千仟万萬億亿兆" for c in run)
            positional = all(c in _CJK_DIGITS for c in run)
            suffix = bool(nxt) and nxt in "月日年人名万億亿元円%号號条條歳岁倍割位件台回次場期"
            ordinal = m.group(0).startswith("第")
            if len(run) == 1 and not (suffix or ordinal or run[0] in "十拾"):
                continue
            if len(run) == 1 and run[0] in "十拾" and not (suffix or ordinal):
                continue
            if len(run) > 1 and positional and not (suffix or "〇" in run or "零" in run):
                continue
            v = _cjk_int(run)
            if v is None:
                continue
            # a following currency
            am = _CUR_AFTER.match(t, e)
            if am and am.start() == e and not am["cur"][:1].isascii():
                code = _code_of(am["cur"])
                if code:
                    self.add("money", f"{code}:{v}", s, am.end())
                    continue
            if nxt == "年" and positional and len(run) == 4:
                self.add("date", str(v), s, e + 1)
                continue
            self.add("number", str(v), m.start() if ordinal else s, e)
            del has_unit


def _code_of(cur: str) -> str | None:
    for rx, code in _CUR_CODE:
        if rx.match(cur):
            return code
    return None


def _ranges(figs: list[Figure], t: str) -> list[Figure]:
    """Carry a unit across a range: "10–12%" is two percentages, "€10–20" two amounts."""
    out = list(figs)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        gap = t[a.end : b.start]
        if not _RANGE_JOIN.fullmatch(gap) and gap not in ("-", "–", "—", "~", "〜", "～"):
            continue
        if a.kind == "number" and b.kind == "percent":
            out[i] = a._replace(kind="percent", key=a.key + "%")
        elif a.kind == "money" and b.kind in ("number", "date") and _written_bare(b.written):
            cur = a.key.split(":", 1)[0]
            out[i + 1] = b._replace(kind="money", key=f"{cur}:{_canon(Decimal(exact_digits(b.written)))}")
        elif a.kind in ("number", "date") and b.kind == "money" and _written_bare(a.written):
            cur = b.key.split(":", 1)[0]
            out[i] = a._replace(kind="money", key=f"{cur}:{_canon(Decimal(exact_digits(a.written)))}")
    return out


def _written_bare(w: str) -> bool:
    try:
        Decimal(exact_digits(w))
    except (InvalidOperation, ValueError):
        return False
    return True


@lru_cache(maxsize=4096)
def _figures(text: str) -> tuple[Figure, ...]:
    sc = _Scan(text)
    sc.dates()
    sc.times()
    sc.cjk_numbers()
    sc.numbers()
    figs = sorted(sc.found, key=lambda f: f.start)
    return tuple(_ranges(figs, sc.t))


def find_figures(text: str) -> list[Figure]:
    """Every figure and date in ``text``, in order, with code-point offsets."""
    return list(_figures(text))


def ambiguous(text: str) -> list[Figure]:
    """The numeric dates of ``text`` whose day and month could swap (kind "ambiguous")."""
    return [f for f in _figures(text) if f.kind == "ambiguous"]


# --- matching -----------------------------------------------------------------------------


def _provides(f: Figure) -> set[str]:
    """The facts a backing figure establishes, as comparable tokens."""
    if f.kind == "number":
        out = {"n:" + f.key, "x:" + exact_digits(f.written)}
        alt = _alternative(f.written)
        if alt:
            out.add("n:" + alt)
        return out
    if f.kind == "percent":
        return {"p:" + f.key}
    if f.kind == "money":
        return {"n:" + f.key.split(":", 1)[1]}
    if f.kind == "time":
        return {"t:" + f.key}
    if f.kind == "version":
        return {"v:" + f.key, "x:" + f.key.lstrip("v")}
    if f.kind == "date":
        y, m, d = date_parts(f.key)
        out = {"d:" + f.key}
        if y is not None:
            out.add(f"y:{y:04d}")
            if m is None:
                out.add(f"n:{y}")
        return out
    return set()


def _alternative(written: str) -> str | None:
    """The second reading of "38.500" (German grouping) besides the decimal 38.5."""
    w = _fold(written).strip()
    if re.fullmatch(r"\d{1,3}\.\d{3}", w):
        return _canon(Decimal(w.replace(".", "")))
    return None


def _currency_agrees(a: str, b: str) -> bool:
    return a == b or a in _FAMILIES.get(b, ()) or b in _FAMILIES.get(a, ())


def _backed_in(f: Figure, figs: tuple[Figure, ...], facts: set[str]) -> bool:
    if f.kind == "ambiguous":
        return False
    if f.kind == "number":
        alt = _alternative(f.written)
        return bool({"n:" + f.key, *(["n:" + alt] if alt else [])} & facts)
    if f.kind == "percent":
        return "p:" + f.key in facts
    if f.kind == "money":
        cur, val = f.key.split(":", 1)
        for g in figs:
            if g.kind == "money":
                gc, gv = g.key.split(":", 1)
                if gv == val and _currency_agrees(cur, gc):
                    return True
            elif g.kind in ("number", "date") and "n:" + val in _provides(g):
                return True
        return False
    if f.kind == "time":
        return "t:" + f.key in facts
    if f.kind == "version":
        return "v:" + f.key in facts or "x:" + f.key.lstrip("v") in facts
    if f.kind == "date":
        y, m, d = date_parts(f.key)
        if m is None:  # a year alone
            return f"y:{y:04d}" in facts or f"n:{y}" in facts
        for g in figs:
            if g.kind != "date":
                continue
            gy, gm, gd = date_parts(g.key)
            if gm is None or gm != m:
                continue
            if d is not None and gd is not None and d != gd:
                continue
            if y is not None and gy is not None and y != gy:
                continue
            if d is not None and gd is None:
                continue  # a day cannot be found elsewhere
            if y is not None and gy is None and f"y:{y:04d}" not in facts:
                continue
            return True
        return False
    return False


def _facts(figs: tuple[Figure, ...]) -> set[str]:
    out: set[str] = set()
    for g in figs:
        out |= _provides(g)
    return out


def is_backed(figure: Figure, backing: Iterable[str]) -> bool:
    """Whether one figure occurs (by meaning) in any of the backing texts."""
    for b in backing:
        figs = _figures(b)
        if _backed_in(figure, figs, _facts(figs)):
            return True
    return False


def unbacked(text: str, backing: Iterable[str]) -> list[Figure]:
    """The figures of ``text`` that occur in none of the backing texts (compared by meaning).

    A date missing a part is backed by a date agreeing on every part both state, when the
    year it lacks occurs elsewhere in the same backing text. Ambiguous figures are never backed.
    """
    figs = _figures(text)
    if not figs:
        return []
    sources = [(g, _facts(g)) for g in (_figures(b) for b in backing)]
    return [f for f in figs if not any(_backed_in(f, g, facts) for g, facts in sources)]
