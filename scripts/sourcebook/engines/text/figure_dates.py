"""Dates for the figure scanner: month names in the languages sourcebook reads, the patterns of
written, numeric and CJK dates and times, CJK numerals, and date keys ("2026-12-01", "2026-12",
"--12-01", "--12", "2026"). Pure data and functions."""

from __future__ import annotations

import re

from ...base.patterns import lazy

_MONTHS: dict[str, int] = {}
_CAP_ONLY: set[str] = set()  # English and German names: always capitalised ("may" is a verb)


def _add_months(names: str, cap: bool = False) -> None:
    for i, group in enumerate(names.split(";"), start=1):
        for name in filter(None, (n.strip() for n in group.split(","))):
            if cap:
                _CAP_ONLY.add(name)
                _MONTHS[name] = i
            else:
                _MONTHS[name.lower()] = i


_add_months(
    "January,Jan;February,Feb;March,Mar;April,Apr;May;June,Jun;July,Jul;August,Aug;"
    "September,Sept,Sep;October,Oct;November,Nov;December,Dec",
    cap=True,
)
_add_months("Januar,Jänner;Februar;März;April;Mai;Juni;Juli;August;September;Oktober;November;Dezember", cap=True)
_add_months(
    "janvier,janv;février,fevrier,févr;mars;avril,avr;mai;juin;juillet,juil;août,aout;septembre,sept;"
    "octobre,oct;novembre,nov;décembre,decembre,déc"
)
_add_months("enero,ene;febrero;marzo;abril;mayo;junio;julio;agosto;septiembre,setiembre;octubre;noviembre;diciembre,dic")
_add_months(
    "январь,января,январе;февраль,февраля,феврале;март,марта,марте;апрель,апреля,апреле;май,мая,мае;"
    "июнь,июня,июне;июль,июля,июле;август,августа,августе;сентябрь,сентября,сентябре;"
    "октябрь,октября,октябре;ноябрь,ноября,ноябре;декабрь,декабря,декабре"
)
_ABBREV = {n for n in _MONTHS if len(n) <= 4 and n not in ("May", "June", "July", "Juni", "Juli", "Mai", "mai", "juin", "mars", "mayo", "май", "мая", "мае")}
_MONTH_ALT = (
    "(?:"
    + "|".join(re.escape(n) + (r"\.?" if n in _ABBREV else "") for n in sorted(_CAP_ONLY, key=lambda n: (-len(n), n)))  # a set: sorted whole, so every
    # process writes the same pattern (its compiled program and its needs are kept by its text)
    + "|(?i:"
    + "|".join(
        re.escape(n) + (r"\.?" if n in _ABBREV else "")
        for n in sorted((k for k in _MONTHS if k not in _CAP_ONLY), key=len, reverse=True)
    )
    + "))"
)
_NOT_WORD = r"(?!\w)"
_DAY = r"(?P<d>[12]\d|3[01]|0?[1-9])"
_DAY_SUFFIX = r"(?:st|nd|rd|th|er|\.|º)?"
_YEAR = r"(?P<y>1[5-9]\d\d|2[01]\d\d)(?!\d)"
_MON = r"(?P<m>" + _MONTH_ALT + ")"
_YEAR_TAIL = r"(?:\ ?(?:г\.|года|году|год|гг\.)(?![а-я]))?"
_WRITTEN_DATES = [
    # 1 December 2026 / 1st of December, 2026 / 1er décembre 2026 / 1. Dezember 2026 /
    # 1 de diciembre de 2026 / 1 декабря 2026 г.
    # and 18-May-2001, the header dates of PEPs and mailing lists
    lazy(
        r"(?<![\w.,])" + _DAY + _DAY_SUFFIX + r"(?:\ (?:of\ |de\ )?|-(?=[^\W\d_]+-\d))" + _MON + _NOT_WORD
        + r"(?:(?:,?\ (?:de\ )?|-)" + _YEAR + _YEAR_TAIL + ")?"
    ),
    # December 1, 2026 / December 1st 2026 / Dec. 1
    lazy(
        r"(?<!\w)" + _MON + r"\ (?:the\ )?" + _DAY + r"(?:st|nd|rd|th)?(?![\w:%]|[.,]\d)(?:,?\ " + _YEAR + ")?"
    ),
    # December 2026 / diciembre de 2026 / декабре 2026 г.
    lazy(r"(?<!\w)" + _MON + r",?\ (?:de\ |of\ )?" + _YEAR + _YEAR_TAIL),
    # a month alone, after a preposition (checked below)
    lazy(r"(?<!\w)" + _MON + _NOT_WORD),
]
_PREP_BEFORE = lazy(
    r"(?<!\w)(?:in|by|since|until|till|from|of|early|late|mid|last|next|this|during|before|after|"
    r"through|to|and|or|each|every|en|de|fin|début|depuis|jusqu'en|au|mois\ de|im|ab|bis|seit|vor|nach|"
    r"zum|und|oder|Ende|Anfang|Mitte|y|o|a|hasta|desde|para|finales\ de|principios\ de|mediados\ de|"
    r"в|во|с|до|к|по|и|или|на|конце|начале|середине)[ \-]\Z",
    re.I,
)

_CJK_DIGITS = "〇零一二三四五六七八九两兩"
_CJK_UNITS = "十拾百佰千仟万萬億亿兆"
_CN = "[" + _CJK_DIGITS + _CJK_UNITS + "]"
_CJK_SUFFIX = "月日年人名万萬億亿元円%号號条條歳岁倍割"
_ERA = {"令和": 2018, "平成": 1988, "昭和": 1925}
_SP = r"[ \u00a0\u2009]?"  # "2023 年 5 月": a space may stand between a number and its counter
_CJK_M = (r"(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])" + _SP + "月(?:" + _SP + r"(?P<d>[12]\d|3[01]|0?[1-9]|" + _CN
          + r"{1,3})" + _SP + "[日号號])?")
_CJK_DATE = lazy(
    r"(?:(?:(?P<era>令和|平成|昭和)(?P<ey>元|\d{1,2}|" + _CN + r"{1,3})|(?P<y>\d{4}|[〇零一二三四五六七八九]{4}))" + _SP + "年"
    r"(?:" + _SP + _CJK_M + ")?|" + _CJK_M.replace("?P<m>", "?P<m2>").replace("?P<d>", "?P<d2>") + ")"
)
_ISO = lazy(r"(?P<y>\d(?<![\d.\-/]\d)\d{3})(?P<s>[-/.])(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})(?!\d|[.\-/]\d)")
_ISO_YM = lazy(r"(?P<y>\d(?<![\d.\-/]\d)\d{3})-(?P<m>0[1-9]|1[0-2])(?!\d|-\d)")
_NUMERIC_DATE = lazy(
    r"(?P<a>\d(?<![\d.\-/]\d)\d?)(?P<s>[./-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}|\d{2})(?!\d|[.\-/]\d)"
)
_TIME = lazy(
    r"(?P<h>\d(?<![\d.:,]\d)\d?)(?:(?P<sep>[:.h])(?P<mi>[0-5]\d))?(?::[0-5]\d)?"
    r"(?:\ ?(?P<ap>[ap]\.m\.|[ap]m\b|[AP]M\b|[ap]\.m\b))?(?!\d)"
)
_CJK_TIME = lazy(r"(?P<ap>午前|午後|上午|下午)?(?P<h>[01]?\d|2[0-3])時(?:(?P<mi>[0-5]?\d)分|(?P<half>半))?")


_MIXED_CJK = lazy(r"(?<![\d.,])((?:\d+(?:\.\d+)?[兆億亿万萬])+)(\d+(?![\d.,]))?")
_MIXED_PART = lazy(r"(\d+(?:\.\d+)?)([兆億亿万萬])")


def _cjk_int(s: str, colloquial: bool = False) -> int | None:
    """A CJK numeral read as an integer: 三万一千 -> 31000, 二〇二六 -> 2026, 十二 -> 12.
    ``colloquial`` reads a last digit right after 百, 千, 万 or 亿 as a count of the next unit
    down, as Chinese says it: 三万八 -> 38000, 三万八千五 -> 38500, 一百五 -> 150 (三万零八 is 30008)."""
    if not s:
        return None
    if s.isdigit() and s.isascii():
        return int(s)
    digits = {c: i for i, c in enumerate("〇一二三四五六七八九")}
    digits.update({"零": 0, "两": 2, "兩": 2})
    if all(c in digits for c in s):
        return int("".join(str(digits[c]) for c in s))
    small = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
    big = {"万": 10**4, "萬": 10**4, "億": 10**8, "亿": 10**8, "兆": 10**12}
    total = section = 0
    num: int | None = None
    for c in s:
        if c in digits:
            num = digits[c] if num is None else num * 10 + digits[c]
        elif c in small:
            section += (1 if num is None else num) * small[c]
            num = None
        elif c in big:
            section += num or 0
            total += (section or 1) * big[c]
            section, num = 0, None
        else:
            return None
    if colloquial and num is not None and num < 10 and len(s) > 1 and s[-1] in digits:
        unit = small.get(s[-2]) or big.get(s[-2])
        if unit is not None and unit >= 100:
            return total + section + num * unit // 10
    return total + section + (num or 0)


def _valid(y: int | None, m: int | None, d: int | None) -> bool:
    if m is not None and not 1 <= m <= 12:
        return False
    if d is not None and not 1 <= d <= (31 if m is None else 29 if m == 2 else 30 if m in (4, 6, 9, 11) else 31):
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
    """(year, month, day) of a date key; None for each part it does not state."""
    m = re.fullmatch(r"(\d{4})(?:-(\d\d)(?:-(\d\d))?)?|--(\d\d)(?:-(\d\d))?", key)
    if not m:
        return (None, None, None)

    def num(g: str | None) -> int | None:
        return int(g) if g else None

    if m.group(1):
        return (int(m.group(1)), num(m.group(2)), num(m.group(3)))
    return (None, num(m.group(4)), num(m.group(5)))


_WORD = lazy(r"[^\W\d_]+")
_NAMES_LOWER = sorted({n.lower() for n in _MONTHS})


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _month_words(t: str) -> list[int]:
    """Start offsets of the month names in ``t`` (whole words, with each language's case rule).
    Substring search per name: far faster than one big alternation over a long text."""
    low = t.lower()
    if len(low) != len(t):  # a character whose lower case is longer: scan word by word
        return [w.start() for w in _WORD.finditer(t) if _month_of(w.group(0)) is not None]
    found: set[int] = set()
    n = len(t)
    for name in _NAMES_LOWER:
        i = low.find(name)
        while i != -1:
            j = i + len(name)
            if (i == 0 or not _is_word_char(t[i - 1])) and (j == n or not _is_word_char(t[j])):
                if _month_of(t[i:j]) is not None:
                    found.add(i)
            i = low.find(name, i + 1)
    return sorted(found)


def _month_of(name: str) -> int | None:
    n = name.rstrip(".")
    return _MONTHS.get(n) if n in _CAP_ONLY else _MONTHS.get(n.lower())

