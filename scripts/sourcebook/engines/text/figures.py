"""Figures and dates, normalised so that a sentence can be compared with what backs it.

A page, a claim or a report line may only state a figure or a date that its evidence states.
Writers format figures in many ways ("38,500", "38 500", "３８，５００", "3.85万"), so every
figure is read into a canonical key and compared by meaning, never by spelling.

Kinds and keys:
- ``number``  "38500", "3.4": grouping removed ("38,500", "38 500", "38.500,0", "1'000"),
  "3.4" == "3.40"; a comma followed by exactly three digits groups, otherwise it is a decimal
  comma ("3,40" == 3.40); scale words applied ("1.5 million" -> "1500000", "3.1万" ->
  "31000", "5 млн" -> "5000000"); ordinals read as their number ("21st", "1-й" -> "21", "1");
  CJK numerals where numeric ("三万一千" -> "31000")
- ``percent`` "12%" ("12 percent", "12 per cent", "12％", "12 Prozent", "百分之十二")
- ``money``   "EUR:1000" ("€1,000", "EUR 1000", "1000 euros", "1000 €"); "$" and "¥" keep
  the symbol as their code because they name several currencies ("$:5", "¥:300")
- ``date``    "2026-12-01", "2026-12" (month and year), "--12-01" (day and month), "--12" (a
  month alone, after a preposition: "in August", or 十一月), "2026" (a year)
- ``time``    "15:30" ("3.30 p.m.", "15:30", "15h30", "15時30分")
- ``version`` "v3.14.1" (two or more dots, or after v/Python/version/release), "PEP 8",
  "RFC 9110", "ISO 8601"; compared exactly ("Python 3.1" != "Python 3.10")
- ``ambiguous`` a numeric date whose day and month could swap ("01.11.2026", "01/11/2026",
  "11-01-2026"); its key lists both readings. "13/11/2026", "2026/11/01" and "05.05.2026" are
  dates. Ambiguous figures are never backed.

Not figures: spelled-out numbers ("three travellers"), digits glued to letters ("W3", "3D",
"B2B", "COVID-19"), identifiers and hashes ("src_4b1d0c9e2a77", "clm_…"), citation markers
("[1]", "[@clm_…]"), digits inside URLs and e-mail addresses, and a lone CJK numeral inside
a word (一つ, 一个, 统一, 十分) unless a counter, unit or date suffix follows it (月 日 年 人 名 万
億 亿 元 円 % 号 条 歳 倍).

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
    start: int  # code-point offsets into the text given
    end: int


KINDS = ("number", "percent", "money", "date", "time", "version", "ambiguous")

# --- preparing the text -------------------------------------------------------------------

_FOLD = {chr(0xFF10 + i): str(i) for i in range(10)}
_FOLD.update({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "％": "%", "−": "-", "＄": "$", "￥": "¥"})
_FOLD_BETWEEN_DIGITS = {"，": ",", "．": ".", "：": ":"}
_FOLD_TABLE = str.maketrans(_FOLD)
_BETWEEN_DIGITS = re.compile(r"(?<=\d)[，．：](?=\d)")


def _fold(text: str) -> str:
    """A same-length ASCII view: full-width digits and signs, thin and no-break spaces, and the
    full-width comma, point and colon between digits ("３１，０００" -> "31,000")."""
    if not text.isascii() and any(ch in text for ch in _FOLD):
        text = text.translate(_FOLD_TABLE)
    if "，" in text or "．" in text or "：" in text:
        text = _BETWEEN_DIGITS.sub(lambda m: _FOLD_BETWEEN_DIGITS[m.group(0)], text)
    return text


_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"')\]]+|[\w.+-]+@[\w-]+\.[\w.]+", re.I)
_CITE = re.compile(r"\[(?:\^?\d+(?:\s*[,;–-]\s*\d+)*|@[^\]\n]*|\^[^\]\n]*)\]")
_LETTERS = r"A-Za-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff"
# a run of latin/cyrillic/greek letters, digits and underscores holding a digit
_GLUED = re.compile(rf"[0-9{_LETTERS}]*[0-9][0-9{_LETTERS}]*")
_CODES = "EUR|USD|GBP|JPY|CNY|RMB|RUB|CHF|INR|KRW|SEK|NOK|DKK|CAD|AUD|HKD"
_OK_GLUED = re.compile(
    r"\d+(?:st|nd|rd|th|k|K|bn|mn|m|M|er|ème|e|h|г|млн|млрд|тыс|руб)?|[vV]\d+|\d{1,2}h\d{2}|\d{2}T\d{2}|\d{2}Z"
    rf"|(?:{_CODES})\d+|\d+(?:{_CODES})"
)


def _blocked_spans(t: str) -> list[tuple[int, int]]:
    """Spans that hold no figure: URLs, e-mail addresses, citation markers, identifiers and
    hashes, and digits glued to letters ("W3", "B2B", "COVID-19")."""
    spans = [m.span() for m in _URL.finditer(t)] + [m.span() for m in _CITE.finditer(t)]
    last_blocked = -2
    for m in _GLUED.finditer(t):
        s, e = m.span()
        joined = s >= 1 and t[s - 1] in "-_./:"
        # "COVID-19", "Ту-154", "id_42" (but "No.5" and "p.12" are numbers)
        glued_left = s >= 2 and t[s - 1] in "-_" and t[s - 2].isalpha() and not is_cjk(t[s - 2])
        if not _OK_GLUED.fullmatch(m.group(0)) or glued_left or (joined and s - 1 == last_blocked):
            spans.append((s, e))
            last_blocked = e
    return spans


# --- numbers ------------------------------------------------------------------------------

_NUM = re.compile(
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
    return _plain_digits(_fold(written).strip())


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
_SCALE_WORD = re.compile(r"\ ?(?:" + "|".join(p for p, _ in _SCALES) + r")(?![A-Za-z\u0400-\u04ff])")
_SCALE_GLUED = re.compile(r"(?:bn|mn|млрд|млн|тыс|[kKmM万萬億亿千兆])(?![A-Za-z\u0400-\u04ff])")
_SCALE_EXP = [(re.compile(p + r"\Z"), x) for p, x in _SCALES]

_CURRENCIES: list[tuple[str, str]] = [
    ("euros?", "EUR"), ("EUR", "EUR"), ("€", "EUR"), ("Euro", "EUR"), ("евро", "EUR"), ("ユーロ", "EUR"),
    ("欧元", "EUR"), (r"US\$", "USD"), ("USD", "USD"), ("US dollars?", "USD"), ("美元", "USD"),
    (r"C\$", "CAD"), ("CAD", "CAD"), (r"A\$", "AUD"), ("AUD", "AUD"), (r"HK\$", "HKD"),
    ("dollars?", "$"), (r"\$", "$"), (r"долл\.", "$"), ("доллар[а-я]*", "$"), ("ドル", "$"),
    ("£", "GBP"), ("GBP", "GBP"), ("pounds? sterling", "GBP"), ("pounds?", "GBP"), ("英镑", "GBP"),
    ("JPY", "JPY"), ("yen", "JPY"), ("円", "JPY"), ("日元", "JPY"), ("¥", "¥"),
    ("CNY", "CNY"), ("RMB", "CNY"), ("yuan", "CNY"), ("人民币", "CNY"), ("元", "CNY"), ("块", "CNY"),
    ("RUB", "RUB"), ("₽", "RUB"), (r"руб\.?", "RUB"), ("рубл[а-я]*", "RUB"), ("roubles?", "RUB"),
    ("rubles?", "RUB"), ("CHF", "CHF"), ("francs?", "CHF"), ("INR", "INR"), ("₹", "INR"),
    ("rupees?", "INR"), ("KRW", "KRW"), ("₩", "KRW"), ("SEK", "SEK"), ("NOK", "NOK"), ("DKK", "DKK"),
    ("marks?", "MARK"), ("Mark", "MARK"), ("マルク", "MARK"), ("マーク", "MARK"), ("марк[а-я]*", "MARK"),
]
_CUR_AFTER = re.compile(
    r"\ ?(?P<cur>"
    + "|".join(p for p, _ in sorted(_CURRENCIES, key=lambda x: -len(x[0])))
    + r")(?![A-Za-z\u0400-\u04ff])"
)
_CUR_BEFORE = re.compile(
    r"(?:(?<![A-Za-z])(?P<code>US\$|C\$|A\$|HK\$|EUR|USD|GBP|JPY|CNY|RMB|RUB|CHF|INR|KRW|SEK|NOK|DKK|CAD|AUD|HKD)\ ?"
    r"|(?P<sym>[€$£¥₽₹₩])\ ?)\Z"
)
_CUR_CODE = [(re.compile(p + r"\Z"), c) for p, c in _CURRENCIES]
# "$" and "¥" name several currencies: a figure in one agrees with any of them
_FAMILIES = {"$": {"USD", "CAD", "AUD", "HKD", "NZD", "SGD"}, "¥": {"JPY", "CNY"}}

_PERCENT_AFTER = re.compile(
    r"\ ?(?:%|percent|per\ cent|pct\.?|pour\ cent|Prozent|por\ ciento|per\ cento|процент[а-я]*|パーセント)"
    r"(?![A-Za-z\u0400-\u04ff])"
)
_ORDINAL_AFTER = re.compile(
    r"(?:st|nd|rd|th|er|ème|e)(?![A-Za-z])|-(?:й|я|е|го|му|м|х|ю|ой|ый|ий|ая|ое)(?![а-я])"
)
_VERSION_BEFORE = re.compile(r"(?:(?<![A-Za-z])[vV]|(?:Python|version|Version|ver\.|release|Release)\ )\Z")
_IDENT_BEFORE = re.compile(r"(?<![A-Za-z])(PEP|RFC|ISO)\ \Z")
_YEAR_DIGITS = re.compile(r"1[5-9]\d\d|2[01]\d\d")


def _code_of(cur: str) -> str | None:
    for rx, code in _CUR_CODE:
        if rx.match(cur):
            return code
    return None


def _currency_agrees(a: str, b: str) -> bool:
    return a == b or a in _FAMILIES.get(b, ()) or b in _FAMILIES.get(a, ())


# --- dates --------------------------------------------------------------------------------

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
    + "|".join(re.escape(n) + (r"\.?" if n in _ABBREV else "") for n in sorted(_CAP_ONLY, key=len, reverse=True))
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
    re.compile(
        r"(?<![\w.,])" + _DAY + _DAY_SUFFIX + r"\ (?:of\ |de\ )?" + _MON + _NOT_WORD
        + r"(?:,?\ (?:de\ )?" + _YEAR + _YEAR_TAIL + ")?"
    ),
    # December 1, 2026 / December 1st 2026 / Dec. 1
    re.compile(
        r"(?<!\w)" + _MON + r"\ " + _DAY + r"(?:st|nd|rd|th)?(?![\w:%]|[.,]\d)(?:,?\ " + _YEAR + ")?"
    ),
    # December 2026 / diciembre de 2026 / декабре 2026 г.
    re.compile(r"(?<!\w)" + _MON + r",?\ (?:de\ |of\ )?" + _YEAR + _YEAR_TAIL),
    # a month alone, after a preposition (checked below)
    re.compile(r"(?<!\w)" + _MON + _NOT_WORD),
]
_PREP_BEFORE = re.compile(
    r"(?<!\w)(?:in|by|since|until|till|from|of|early|late|mid|last|next|this|during|before|after|"
    r"through|to|and|or|each|every|en|de|fin|début|depuis|jusqu'en|au|mois\ de|im|ab|bis|seit|vor|nach|"
    r"zum|und|oder|Ende|Anfang|Mitte|y|o|a|hasta|desde|para|finales\ de|principios\ de|mediados\ de|"
    r"в|во|с|до|к|по|и|или|на|конце|начале|середине)[ \-]\Z",
    re.I,
)

_CJK_DIGITS = "〇零一二三四五六七八九两兩"
_CJK_UNITS = "十拾百佰千仟万萬億亿兆"
_CN = "[" + _CJK_DIGITS + _CJK_UNITS + "]"
_CJK_SUFFIX = "月日年人名万萬億亿元円%号號条條歳岁倍"
_ERA = {"令和": 2018, "平成": 1988, "昭和": 1925}
_CJK_M = r"(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月(?:(?P<d>[12]\d|3[01]|0?[1-9]|" + _CN + r"{1,3})[日号號])?"
_CJK_DATE = re.compile(
    r"(?:(?:(?P<era>令和|平成|昭和)(?P<ey>元|\d{1,2}|" + _CN + r"{1,3})|(?P<y>\d{4}|[〇零一二三四五六七八九]{4}))年"
    r"(?:" + _CJK_M + ")?|" + _CJK_M.replace("?P<m>", "?P<m2>").replace("?P<d>", "?P<d2>") + ")"
)
_ISO = re.compile(r"(?P<y>\d(?<![\d.\-/]\d)\d{3})(?P<s>[-/.])(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})(?!\d|[.\-/]\d)")
_ISO_YM = re.compile(r"(?P<y>\d(?<![\d.\-/]\d)\d{3})-(?P<m>0[1-9]|1[0-2])(?!\d|-\d)")
_NUMERIC_DATE = re.compile(
    r"(?P<a>\d(?<![\d.\-/]\d)\d?)(?P<s>[./-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}|\d{2})(?!\d|[.\-/]\d)"
)
_TIME = re.compile(
    r"(?P<h>\d(?<![\d.:,]\d)\d?)(?:(?P<sep>[:.h])(?P<mi>[0-5]\d))?(?::[0-5]\d)?"
    r"(?:\ ?(?P<ap>[ap]\.m\.|[ap]m\b|[AP]M\b|[ap]\.m\b))?(?!\d)"
)
_CJK_TIME = re.compile(r"(?P<ap>午前|午後|上午|下午)?(?P<h>[01]?\d|2[0-3])時(?:(?P<mi>[0-5]?\d)分|(?P<half>半))?")


_MIXED_CJK = re.compile(r"(?<![\d.,])((?:\d+(?:\.\d+)?[兆億亿万萬])+)(\d+(?![\d.,]))?")
_MIXED_PART = re.compile(r"(\d+(?:\.\d+)?)([兆億亿万萬])")


def _cjk_int(s: str) -> int | None:
    """A CJK numeral read as an integer: 三万一千 -> 31000, 二〇二六 -> 2026, 十二 -> 12."""
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


_WORD = re.compile(r"[^\W\d_]+")
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


# --- the scanner --------------------------------------------------------------------------


class _Scan:
    """One pass per family, most specific first; a span taken by one is closed to the rest."""

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
        self.taken[s:e] = b"\x01" * (e - s)

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
            self._numeric_date(m)
        for m in _ISO_YM.finditer(t):
            self.add("date", _date_key(int(m["y"]), int(m["m"]), None), m.start(), m.end())
        if "年" in t or "月" in t:
            for m in _CJK_DATE.finditer(t):
                self._cjk_date(m)
        self._written_dates()

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
        for m in _CJK_TIME.finditer(self.t) if "時" in self.t else ():
            hh, mm = int(m["h"]), 30 if m["half"] else int(m["mi"] or 0)
            if m["ap"] in ("午後", "下午") and hh < 12:
                hh += 12
            self.add("time", f"{hh:02d}:{mm:02d}", m.start(), m.end())

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
        for m in re.finditer(r"百分之(" + _CN + r"+|\d+(?:\.\d+)?)", t):
            g = m.group(1)
            v = _value(g) if g[0].isdigit() else str(_cjk_int(g))
            self.add("percent", v + "%", m.start(), m.end())
        for m in re.finditer(_CN + "+", t):
            s, e = m.span()
            # a run cannot start with a bare unit: 万一 (just in case), 千万 (by all means)
            while s < e and t[s] in "百佰千仟万萬億亿兆":
                s += 1
            run = t[s:e]
            if not run:
                continue
            nxt = t[e : e + 1]
            suffix = bool(nxt) and nxt in _CJK_SUFFIX
            multi = len(run) > 1 and (any(c in _CJK_UNITS for c in run) or "〇" in run or "零" in run)
            if not (suffix or multi):
                continue  # 一つ, 一个, 统一, 十分
            n = _cjk_int(run)
            if n is None:
                continue
            v = str(n)
            am = _CUR_AFTER.match(t, e)
            code = _code_of(am["cur"]) if am and am.start() == e and not am["cur"][:1].isascii() else None
            if nxt == "%":
                self.add("percent", f"{v}%", s, e + 1)
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
            neg = s > 0 and t[s - 1] == "-" and (s == 1 or t[s - 2] in " ([\n\t") and self._free(s - 1, s)
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
        elif not exp and not neg and _YEAR_DIGITS.fullmatch(num):
            self.add("date", num, s, end)
        else:
            self.add("number", sign + value, s, end)


_RANGE_GAP = re.compile(r"\ ?(?:[–—~〜～-]|to|bis|до|à|a|al|至|到)\ ?")


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


def _day(key: str) -> int | None:
    return int(key) if key.isdigit() and 1 <= int(key) <= 31 else None


def _bare(written: str) -> bool:
    return re.fullmatch(r"[\d.,' ]+", _fold(written)) is not None


@lru_cache(maxsize=8192)
def _figures(text: str) -> tuple[Figure, ...]:
    if not any(ch.isdigit() or ch in _CJK_DIGITS or ch in _CJK_UNITS for ch in text) and not _has_month(text):
        return ()
    sc = _Scan(text)
    sc.dates()
    sc.times()
    sc.cjk_numbers()
    sc.numbers()
    figs = sorted(sc.found, key=lambda f: f.start)
    return tuple(_ranges(figs, sc.t))


def _has_month(text: str) -> bool:
    return bool(_month_words(text))


def find_figures(text: str) -> list[Figure]:
    """Every figure and date in ``text``, in order, with code-point offsets
    (``text[f.start:f.end] == f.written``)."""
    return list(_figures(text))


def ambiguous(text: str) -> list[Figure]:
    """The numeric dates of ``text`` whose day and month could swap (kind "ambiguous")."""
    return [f for f in _figures(text) if f.kind == "ambiguous"]


# --- matching -----------------------------------------------------------------------------


def _alternative(f: Figure) -> str | None:
    """The second reading of a lone dot group ("38.500": 38.5, or 38500 in German)."""
    w = _fold(f.written).strip()
    if f.kind == "number" and re.fullmatch(r"\d{1,3}\.\d{3}", w):
        return _value(w.replace(".", ""))
    return None


def _facts(f: Figure) -> set[str]:
    """What a backing figure establishes, as comparable tokens."""
    if f.kind == "number":
        alt = _alternative(f)
        return {"n:" + f.key, "x:" + exact_digits(f.written), *(["n:" + alt] if alt else [])}
    if f.kind == "percent":
        return {"p:" + f.key}
    if f.kind == "money":
        return {"n:" + f.key.split(":", 1)[1]}
    if f.kind == "time":
        return {"t:" + f.key}
    if f.kind == "version":
        return {"v:" + f.key, "x:" + f.key.lstrip("v")}
    out: set[str] = set()
    for key in _date_keys(f):
        y, m, _ = date_parts(key)
        out.add("d:" + key)
        if y is not None:
            out.add(f"y:{y:04d}")
            if m is None:
                out.add(f"n:{y}")
    return out


def _date_keys(f: Figure) -> list[str]:
    """The date readings a backing figure offers: its key, or both readings of an ambiguous
    date (a source's "01.11.2026" backs a claim that commits to one reading)."""
    if f.kind == "date":
        return [f.key]
    if f.kind == "ambiguous":
        return [k for k in f.key.split("|") if not k.startswith("?")]
    return []


class _Backing(NamedTuple):
    figures: tuple[Figure, ...]
    facts: frozenset[str]


@lru_cache(maxsize=8192)
def _backing(text: str) -> _Backing:
    figs = _figures(text)
    facts: set[str] = set()
    for g in figs:
        facts |= _facts(g)
    return _Backing(figs, frozenset(facts))


def _backed_in(f: Figure, b: _Backing) -> bool:
    facts = b.facts
    if f.kind == "number":
        alt = _alternative(f)
        return "n:" + f.key in facts or (alt is not None and "n:" + alt in facts)
    if f.kind == "percent":
        return "p:" + f.key in facts
    if f.kind == "time":
        return "t:" + f.key in facts
    if f.kind == "version":
        return "v:" + f.key in facts or "x:" + f.key.lstrip("v") in facts
    if f.kind == "money":
        cur, val = f.key.split(":", 1)
        for g in b.figures:
            if g.kind == "money":
                gc, gv = g.key.split(":", 1)
                if gv == val and _currency_agrees(cur, gc):
                    return True
            elif g.kind in ("number", "date") and "n:" + val in _facts(g):
                return True
        return False
    if f.kind == "date":
        return _date_backed(f.key, b)
    return False  # ambiguous: never backed


def _date_backed(key: str, b: _Backing) -> bool:
    y, m, d = date_parts(key)
    if m is None:  # a year alone: any year, the year of any date, or the number
        return f"y:{y:04d}" in b.facts or f"n:{y}" in b.facts
    for g in b.figures:
        for gkey in _date_keys(g):
            gy, gm, gd = date_parts(gkey)
            if gm != m:
                continue
            if d is not None and d != gd:
                continue  # a day stated here must be stated there
            if y is not None and gy is not None and y != gy:
                continue
            if y is not None and gy is None and f"y:{y:04d}" not in b.facts:
                continue  # a year missing there must occur elsewhere in that backing
            return True
    return False


def is_backed(figure: Figure, backing: Iterable[str]) -> bool:
    """Whether one figure occurs, by meaning, in any of the backing texts."""
    return any(_backed_in(figure, _backing(b)) for b in backing)


def unbacked(text: str, backing: Iterable[str]) -> list[Figure]:
    """The figures of ``text`` that occur in none of the backing texts, compared by meaning:
    numbers by value in any form, percentages only by percentages, money by money in an
    agreeing currency or by a plain number, versions exactly, times by the clock, years by a
    year or the year of any date. A date missing a part is backed by a date agreeing on every
    part both state, when the year it lacks occurs elsewhere in that same backing text.
    Ambiguous figures are never backed."""
    figs = _figures(text)
    if not figs:
        return []
    sources = [_backing(b) for b in backing]
    return [f for f in figs if not any(_backed_in(f, b) for b in sources)]
