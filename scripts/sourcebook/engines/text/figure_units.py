"""Units and relative dates for the figure scanner: what a number counts ("31,000 passengers"
is a count, "six weeks" a duration), per what period ("per hour", "a weekday", "/day",
"daily", "в будний день", 每日), the periods a backing text names, and the relative dates a
reader cannot place ("next Tuesday", 来週, завтра). Pure data and one function."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from ...base.patterns import lazy
from ...base.record import TupleRecord
from .sentences import is_cjk


class Figure(Protocol):
    """What the comparison rules read of a figure (``figure_scan.Figure``, which imports this module)."""

    @property
    def kind(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def written(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...

# --- units: what is counted, and per what -------------------------------------------------

_PERIODS = {
    "hour": "hour", "hr": "hour", "day": "day", "weekday": "weekday", "working day": "weekday",
    "week": "week", "weekend": "weekend", "month": "month", "year": "year", "annum": "year",
    "minute": "minute", "час": "hour", "день": "day", "сутки": "day", "будний день": "weekday",
    "неделю": "week", "месяц": "month", "год": "year", "минуту": "minute",
}
_ADVERBS = {"daily": "day", "hourly": "hour", "weekly": "week", "monthly": "month", "yearly": "year",
            "annually": "year", "a year": "year", "ежедневно": "day", "в сутки": "day"}
_PERIOD_ALT = "|".join(sorted((re.escape(k) for k in _PERIODS), key=len, reverse=True))
# "31,000 passengers per hour", "31,000 a weekday", "31,000/day", "в час", "each day", "daily"
_RATE = lazy(
    r"(?:\ (?:[^\W\d_]+\ ){0,2}?)?"
    rf"(?:\ ?/\ ?|\ (?:per|a|an|each|every|в|за|на)\ )(?P<p>{_PERIOD_ALT})(?:s|es)?(?![^\W\d_])"
    r"|(?:\ (?:[^\W\d_]+\ ){0,2}?)?\ (?P<adv>" + "|".join(_ADVERBS) + r")(?![^\W\d_])",
    re.I,
)
_PERIOD_WORD = lazy(rf"(?<![^\W\d_])(?:(?:{_PERIOD_ALT})(?:s|es)?|{'|'.join(_ADVERBS)})(?![^\W\d_])", re.I)


def periods_named(text: str) -> set[str]:
    """Every period a text names anywhere ("weekday", "hour", "daily" -> "day")."""
    out = set()
    for m in _PERIOD_WORD.finditer(text):
        w = m.group(0).lower()
        p = _PERIODS.get(w) or _ADVERBS.get(w) or _PERIODS.get(w[:-1]) or _PERIODS.get(w[:-2])  # "weekends"
        if p:
            out.add(p)
    if is_cjk(text[:1] or "a") or any(is_cjk(c) for c in text[:40]):
        out.update(v for k, v in _CJK_PERIODS.items() if k in text)
    return out


_CJK_RATE = lazy(r"^.{0,3}?(?:(?:每|一|1|１)(?P<p>日|天|时|時間|小时|週|周|月|年)(?:あたり|当たり|に)?)")
# ... or before it: 每天31,000名, 1日平均3万人, 工作日平均31,000名 (per weekday)
_CJK_RATE_BEFORE = lazy(r"(?:(?:每个?|一|1|１)(?P<p>日|天|时|時間|小时|週|周|月|年)|(?P<p2>工作日|平日))"
                        r"(?:あたり|当たり|に|平均|约|約|大约|超过|超過|は|の){0,2}\Z")
_CJK_PERIODS = {"日": "day", "天": "day", "时": "hour", "時間": "hour", "小时": "hour", "週": "week", "周": "week",
                "月": "month", "年": "year", "工作日": "weekday", "平日": "weekday"}
# a number followed by what it counts is a count, not a bare number (a count never backs money)
_COUNT_NOUN = lazy(r"\ (?:[a-z]+\ )?(?:passengers?|riders?|people|persons?|travell?ers?|users?|visitors?|"
                   r"customers?|trips?|journeys?|boardings?|vehicles?|buses|boats?|ferr(?:y|ies)|trains?|"
                   r"employees?|staff|workers?|members?|students?|children|residents?|households?|"
                   r"readers?|drivers?|crews?|seats?|tickets?|complaints?|times|раза?|"
                   # a duration counts too: "six weeks after" is a figure
                   r"seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?|decades?|"
                   r"пассажир[а-я]*|человек|людей|поездок|пользовател[а-я]*|дн(?:я|ей)|недел[а-я]*|"
                   r"месяц[а-я]*|лет|год[а-я]*)(?![^\W\d_])", re.I)
_CJK_COUNT = lazy(r"[人名件台隻艘]")



# relative dates: what a reader cannot place without the day the page was written
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|quarter|spring|summer|autumn|fall|winter"
_RELATIVE = lazy(
    rf"(?<![\w])(?:(?:next|last|coming|previous)\ (?:{_WEEKDAYS})"
    r"|(?:the\ )?day\ (?:after|before)\ (?:tomorrow|yesterday)|tomorrow|yesterday|tonight"
    r"|(?:a|one|two|three|\d+)\ (?:days?|weeks?|months?|years?)\ (?:ago|from\ now|later)"
    r"|(?:in|within)\ (?:a|two|three|\d+)\ (?:days?|weeks?|months?|fortnight)(?:'s?\ time)?"
    r"|завтра|вчера|послезавтра|позавчера"
    r"|на\ (?:следующей|прошлой|этой)\ неделе|в\ (?:следующ|прошл|эт)[а-я]*\ (?:году|месяце|понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье)"
    r"|(?:через|спустя)\ (?:неделю|месяц|год)"
    r")(?![\w])"
    r"|来週|先週|再来週|来月|先月|来年|去年|昨年|明日|明後日|昨日|一昨日"
    r"|下周|上周|下个?月|上个?月|明年|去年|明天|后天|昨天|前天|下星期|上星期",
    re.I,
)
_RELATIVE_HINT = lazy(
    r"(?i:next|last|this|coming|past|previous|tomorrow|yesterday|tonight|today|ago|from now|later|in a|"
    r"завтра|вчера|сегодня|неделе|году|месяце|через|спустя)|[来先今再翌昨明本前下上这去后]")


# --- what a small number counts, in text that cites nothing ----------------------------------
# Framing may say "the two figures disagree" (it counts what the page shows) but not "three
# sources confirm it" or "twice the audited figure" (facts a claim must carry). These tell them
# apart: multipliers are always facts; a count of sources is judged against the documents the
# block cites; a count of the page's own apparatus passes; any other counted thing is a fact.

_MULTIPLIER = lazy(
    r"(?<![^\W\d_])(?:double[ds]?|doubling|twice|triple[ds]?|tripling|treble[ds]?|thrice|quadruple[ds]?|"
    r"halve[ds]?|halving|(?:two|three|four|five|ten)fold|"
    r"(?<!first\ )(?<!second\ )(?<!third\ )(?<!fourth\ )(?<!last\ )(?<!this\ )(?<!next\ )(?<!that\ )(?<!previous\ )"
    r"(?<!latter\ )(?<!former\ )(?<!each\ )(?<!every\ )(?<!per\ )"
    r"(?:half|(?:a|one|two)\ thirds?|(?:a|one|three)\ quarters?|quarter)(?=[\ -](?:fares?|price[ds]?|rates?|costs?|"
    r"the|of|as|that|what)(?![^\W\d_])|\ an?\ (?!(?:hour|minute|second|day|week|month|year|mile|metre|meter|"
    r"kilo\w*|dozen|century|decade)s?\b))|вдвое|втрое|вчетверо|в\ (?:два|три|четыре|пять|десять)\ раза?|"
    # "half fare" of the demo languages: за полцены, половина стоимости; 半額, 半价
    r"полцены|половин\w*\ (?:цены|стоимости|тарифа|платы))"
    r"(?![^\W\d_])|[二两兩三四五十数]?倍|半分|一半|翻番|翻了一番|半額|半价|半價|半票", re.I,
    needs=("doubl", "twice", "tripl", "trebl", "thrice", "quadrupl", "halv", "fold", "half", "third", "quarter",
           "вдвое", "втрое", "вчетверо", "раз", "полцены", "половин", "倍", "半分", "一半", "翻番", "翻了一番", "半額",
           "半价", "半價", "半票"))
_SMALL = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "два": 2, "две": 2, "двух": 2, "три": 3, "трёх": 3, "трех": 3, "четыре": 4, "четырёх": 4, "пять": 5,
          "пяти": 5}
_CJK_SMALL = {"二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_SMALL_WORD = lazy(r"(?<![^\W\d_])(" + "|".join(_SMALL) + r")(?![^\W\d_])((?:[\s,]+[^\W\d_][\w'-]*){0,3})",
                   re.I)
_CJK_SMALL_RUN = lazy(r"([二两兩三四五六七八九十])(?:つの?|个|個の?|件の?|名の?|社の?|紙の?|家|份|种|種類の?)(\w{0,4})",
                      needs=tuple(n + c for n in "二两兩三四五六七八九十" for c in "つ个個件名社紙家份种種"))
# words after a number that show it counts nothing named ("the two are", "two of them")
_NOT_A_NOUN = frozenset("of and or are is were was have has had more less in on at to from the a an but than that "
                        "which who also both each agree disagree differ say said give gave show shown".split())
_SOURCE_NOUN = lazy(r"^(?:sources?|outlets?|reports?|newspapers?|papers?|agenc(?:y|ies)|witness(?:es)?|"
                    r"stud(?:y|ies)|surveys?|publications?|accounts?|documents?|media|organi[sz]ations?|"
                    r"источник|издани|газет|сми|情報源|報道|新聞|来源|媒体|报道|报纸|机构)", re.I,
                    needs=("source", "outlet", "report", "paper", "agenc", "witness", "stud", "survey", "publication",
                           "account", "document", "media", "organi", "источник", "издани", "газет", "сми", "情報源",
                           "報道", "新聞", "来源", "媒体", "报道", "报纸", "机构"))
_APPARATUS = lazy(r"^(?:figures?|numbers?|sides?|views?|positions?|stances?|opinions?|interpretations?|estimates?|readings?|claims?|dates?|versions?|"
                  r"editions?|questions?|answers?|points?|ways?|parts?|sections?|things?|reasons?|options?|"
                  r"steps?|sentences?|quotes?|pages?|counts?|measures?|averages?|totals?|tables?|charts?|"
                  r"цифр|числ|оцен|верси|точк|вопрос|ответ|част|数字|数値|見方|説|数|版|質問|答え|点|理由|"
                  r"说法|数据|版本|问题|答案|原因)", re.I)
_CONFIRM = lazy(r"(?<![^\W\d_])(?:confirm|agree|corroborat|back|support|verif|подтвержд)|確認|裏付|证实|确认",
                re.I)


# "these two documents", "the two proposals", "both two PEPs": a count that points at the documents a
# page cites (what it counts is on the page, in its ledger)
_POINTED = lazy(r"(?<![^\W\d_])(?:these|those|the|both)\s+\Z", re.I)
_DOCUMENTS = lazy(r"^(?:documents?|sources?|proposals?|peps?|rfcs?|drafts?)$", re.I)


class Count(TupleRecord):
    written: str
    n: int  # 0 for a multiplier
    kind: str  # "multiplier" | "sources" | "apparatus" | "thing" | "none"
    confirms: bool  # followed by a verb of corroboration ("three sources confirm")
    shown: bool = False  # "these two documents": it points at the documents the page cites


def small_counts(text: str) -> list[Count]:
    """Multipliers and the small numbers of a text citing nothing, with what each counts."""
    out = [Count(m.group(0), 0, "multiplier", False) for m in _MULTIPLIER.finditer(text)]
    for m in _SMALL_WORD.finditer(text):
        words = [w.strip(",").lower() for w in m.group(2).split() if w.strip(",")]
        out.append(_count(m.group(1), _SMALL[m.group(1).lower()], words, text[m.end():], text[:m.start()]))
    for m in _CJK_SMALL_RUN.finditer(text):
        counter = m.group(0)[len(m.group(1)):len(m.group(0)) - len(m.group(2))]
        out.append(_count(m.group(1) + counter, _CJK_SMALL[m.group(1)], [m.group(2) or counter], text[m.end():]))
    return out


def _count(written: str, n: int, words: list[str], rest: str, before: str = "") -> Count:
    confirms = bool(_CONFIRM.search(" ".join(words) + " " + rest[:40]))
    if not words or words[0] in _NOT_A_NOUN:
        return Count(written, n, "none", confirms)
    if _POINTED.search(before[-12:]) and _DOCUMENTS.match(words[0]) and not confirms:
        return Count(written, n, "sources", confirms, True)
    for w in words:
        if _SOURCE_NOUN.match(w) or w[-1:] in ("社", "紙", "家"):
            return Count(written, n, "sources", confirms)
        if _APPARATUS.match(w):
            return Count(written, n, "apparatus", confirms)
    return Count(written, n, "thing", confirms)


# --- comparisons bound to a figure, durations and magnitude words ---------------------------
# "under twelve", "fewer than 31,000", "38,500+", "≥38,500": the word or sign changes what the
# figure says, so the claim backing it must make the same comparison. "about"/"around"/"some"
# only soften a figure: a bare figure in a claim backs them.

_CMP_BEFORE = lazy(
    r"(?<![^\W\d_])(?P<w>more\ than|greater\ than|higher\ than|over|above|in\ excess\ of|upwards\ of|exceeding|at\ least|"
    r"north\ of|(?:well|comfortably|a\ little|a\ bit|slightly)\ (?:over|above)|"
    r"south\ of|(?:just\ |a\ little\ |slightly\ )?(?:shy|short)\ of|(?:well|a\ little|a\ bit|slightly)\ (?:under|below)|"
    r"no\ (?:fewer|less)\ than|not\ (?:fewer|less)\ than|a\ minimum\ of|as\ many\ as|"
    r"fewer\ than|less\ than|lower\ than|under|below|up\ to|at\ most|no\ more\ than|not\ more\ than|a\ maximum\ of|"
    r"nearly|almost|just\ under|just\ over|"
    r"about|around|some|roughly|approximately|circa|ca\.|c\.|an\ estimated|an\ approximate)"
    r"(?:\ (?:a|an|the))?\ \Z|(?P<s>[≥≤><~≈]|>=|<=)\ ?\Z", re.I)
_CMP_AFTER = lazy(r"(?:\+(?![\d+])|(?:\ years?(?:\ old)?)?\ ?(?:or|and)\ (?P<w>more|over|above|upwards|fewer|less|under|"
                  r"below|older|younger)(?![^\W\d_]))", re.I)
_UP = frozenset(("more than", "greater than", "higher than", "over", "above", "in excess of", "upwards of", "exceeding",
                 "at least", "no fewer than", "no less than", "not fewer than", "not less than", "a minimum of",
                 "as many as", "just over", "north of", "well over", "well above", "comfortably over",
                 "comfortably above", "a little over", "a little above", "a bit over", "a bit above", "slightly over",
                 "slightly above", ">", "≥", ">=", "+", "more", "upwards", "older"))
_DOWN = frozenset(("fewer than", "less than", "lower than", "under", "below", "up to", "at most", "no more than",
                   "not more than", "a maximum of", "nearly", "almost", "just under", "south of", "shy of",
                   "just shy of", "a little shy of", "slightly shy of", "short of", "just short of", "a little short of",
                   "slightly short of", "well under", "well below", "a little under", "a little below", "a bit under",
                   "a bit below", "slightly under", "slightly below", "<", "≤", "<=", "fewer", "less", "younger"))


class Comparison(TupleRecord):
    written: str  # the word or sign as it stands ("under", "+", "≥")
    way: str  # "up" (over, at least, +), "down" (under, up to, nearly), "about" (about, ~)
    sign: bool  # written as a sign: "~38,500" says more than "about 38,500"


def comparison(text: str, start: int, end: int) -> Comparison | None:
    """The comparison bound to the figure at ``text[start:end]`` ("under twelve", "38,500+",
    "≥38,500", "about 31,000"), or None for a bare figure."""
    m = _CMP_AFTER.match(text, end)
    if m:
        w = (m.group("w") or "+").lower()
        said = re.sub(r"^years?(?:\s+old)?\s+", "", text[end:m.end()].strip(), flags=re.I)  # "12 years or older"
        return Comparison(said, "up" if w in _UP else "down", not m.group("w"))
    m = _CMP_BEFORE.search(text, max(0, start - 24), start)
    if not m:
        return _comparison_other(text, start, end)
    if m.group("w") and _SPAN_THE.search(m.group(0)) and _SPAN_AFTER.match(text, end):
        return None  # "over the twelve months to September": a span of time, no bound
    if m.group("s"):
        s = m.group("s")
        return Comparison(s, "up" if s in _UP else "down" if s in _DOWN else "about", True)
    w = " ".join(m.group("w").lower().split())
    return Comparison(m.group("w"), "up" if w in _UP else "down" if w in _DOWN else "about", False)


def same_value(f: Figure, backing: list[str], figures_of: Callable[[str], Sequence[Figure]]) -> list[tuple[str, Figure]]:
    """Each text of ``backing`` with a figure (a number, an amount, a share) of the value of the
    figure ``f``, read by ``figures_of``: what could back ``f``."""
    value = f.key.rsplit(":", 1)[-1]
    return [(b, g) for b in backing for g in figures_of(b)
            if g.kind in ("number", "money", "percent") and g.key.rsplit(":", 1)[-1] == value]


def comparison_refused(text: str, f: Figure, same: list[tuple[str, Figure]]) -> tuple[str, str] | None:
    """(what is written, what the backing says) when a comparison bound to the figure ``f`` of
    ``text`` ("at least 79") is made by none of ``same`` (``same_value``: the backing texts
    stating its value, "a maximum of 79"); None when it is bare, agrees, or nothing states its
    value (refused, or backed another way, elsewhere). One reading for the page gate and the
    report's."""
    if f.kind not in ("number", "money", "percent") or not same:
        return None
    cmp = comparison(text, f.start, f.end)
    if cmp is None or any(agrees(cmp, comparison(b, g.start, g.end)) for b, g in same):
        return None
    said = next((c for b, g in same if (c := comparison(b, g.start, g.end))), None)
    g = same[0][1]
    written = f.written + cmp.written if cmp.sign and cmp.written == "+" else \
        (f"{f.written} {cmp.written}" if cmp.written.lower().startswith(("or ", "and ")) else
         f"{cmp.written} {f.written}".replace(f"{cmp.written} ", cmp.written, cmp.sign))
    return written, f"{said.written + ' ' if said else ''}{g.written!r}" + ("" if said else ", bare")


# "over the twelve months", "across the past 12 weeks": "the" before a figure of time after it
_SPAN_THE = lazy(r"\ the\ \Z", re.I)
_SPAN_AFTER = lazy(r"[\ \u00a0-](?:(?:calendar|full|whole|working)\ )?(?:days?|weeks?|fortnights?|months?|quarters?|"
                   r"years?|decades?)(?![^\W\d_])", re.I)


def agrees(page: Comparison | None, claim: Comparison | None) -> bool:
    """Whether a claim's figure, compared as ``claim``, backs the page's figure compared as
    ``page``: a comparison must be made the same way in the claim; a softening word ("about") is
    backed by a bare or softened figure; a sign ("~", "+", "≥") must be matched in the claim."""
    if page is None:
        return True
    if page.way == "about" and not page.sign:
        return claim is None or claim.way == "about"
    # "twelve and under" takes in the twelve-year-olds "under twelve" leaves out
    return claim is not None and claim.way == page.way and _inclusive(claim) == _inclusive(page)


_INCLUSIVE = frozenset(("at least", "no fewer than", "no less than", "not fewer than", "not less than", "a minimum of",
                        "at most", "up to", "no more than", "not more than", "a maximum of", "as many as", "≥", ">=",
                        "≤", "<=", "+"))


# the same bounds in Chinese, Japanese and Russian: after the figure and its counter ("十二岁以上",
# "12歳未満", "十二岁左右"), before it ("未满十二岁", "超过31,000", "старше двенадцати", "не менее 31 000")
_CMP_AFTER_CJK = lazy(r"\s*(?:周岁|周歲|岁|歲|歳|才|名|人|个月|個月|か月|个|個|位|次|天|元|円|マルク|马克|馬克)?\s*"
                      r"(?P<w>以上|以下|未满|未滿|未満|以内|以內|まで|迄|を超える|を超え|超|左右|前後|前后|ぐらい|くらい|程度)")
# (最大, 最高, 最多 before a figure are its cap, "up to"; 最低, 最小, 最少 its floor, "at least"; a
# Japanese で may stand between: "最大で79文字")
_CMP_BEFORE_CJK = lazy(r"(?P<w>未满|未滿|不满|不滿|不到|不足|少于|少於|低于|低於|小于|小於|超过|超過|高于|高於|多于|多於|"
                       r"大于|大於|至少|最多|至多|最大|最高|最低|最小|最少|大约|大約|大概|约|約)(?:で)?\s*\Z")
_CMP_BEFORE_RU = lazy(r"(?<![^\W\d_])(?P<w>не\ менее|не\ более|не\ старше|не\ младше|по\ меньшей\ мере|как\ минимум|"
                      r"старше|младше|моложе|более|больше|свыше|менее|меньше|около|примерно|приблизительно|почти|"
                      r"максимум)\s+\Z", re.I)
_OTHER_UP = frozenset(("以上", "を超える", "を超え", "超", "超过", "超過", "高于", "高於", "多于", "多於", "大于", "大於", "至少",
                       "最低", "最小", "最少",
                       "не менее", "не младше", "по меньшей мере", "как минимум", "старше", "более", "больше", "свыше"))
_OTHER_DOWN = frozenset(("以下", "まで", "迄", "未满", "未滿", "未満", "以内", "以內", "不满", "不滿", "不到", "不足", "少于", "少於", "低于",
                         "低於", "小于", "小於", "最多", "至多", "最大", "最高", "не более", "не старше", "младше", "моложе", "менее",
                         "меньше", "почти", "максимум"))
# "十二岁以下" is said for "under twelve" as often as for "twelve and under": read as "under" ("over")
# "十二歳まで" ("up to twelve") takes in the twelve-year-olds, as "up to" does
_OTHER_INCLUSIVE = frozenset(("以内", "以內", "まで", "迄", "至少", "最多", "至多", "最大", "最高", "最低", "最小", "最少", "не менее", "не более", "не старше",
                              "не младше", "по меньшей мере", "как минимум", "максимум"))


def _comparison_other(text: str, start: int, end: int) -> Comparison | None:
    """The comparison bound to a figure in Chinese, Japanese or Russian words ("十二岁以上",
    "12歳未満", "未满十二岁", "старше двенадцати"), or None."""
    m = _CMP_AFTER_CJK.match(text, end) or _CMP_BEFORE_CJK.search(text, max(0, start - 6), start) or \
        _CMP_BEFORE_RU.search(text, max(0, start - 24), start)
    if not m:
        return None
    w = " ".join(m.group("w").lower().split())
    return Comparison(m.group("w"), "up" if w in _OTHER_UP else "down" if w in _OTHER_DOWN else "about", False)


def _inclusive(c: Comparison) -> bool:
    """Whether the bound takes in the figure itself ("12 and under", "at least 12", "12+")."""
    w = " ".join(c.written.lower().split())
    return w.startswith(("or ", "and ")) or w in _INCLUSIVE or w in _OTHER_INCLUSIVE


# a date as an end ("until 1 December"), in the page; the claim's ends take "to" and "by" too
_UNTIL_BEFORE = lazy(r"\b(?:until|till|til|up\s+(?:to|until)|through|thru|before|ending|ends?|expir(?:es|ing)|"
                     r"по|до)\s+(?:the\s+|on\s+)?$", re.I)
_END_BEFORE = lazy(r"\b(?:until|till|til|up\s+(?:to|until)|through|thru|before|ending|ends?|expir(?:es|ing)|to|by|"
                   r"last\s+day|по|до)\s+(?:the\s+|on\s+)?$", re.I)
_UNTIL_AFTER = lazy(r"\s*(?:まで|以前|为止|之前|以前)")
_DENIED_BEFORE = lazy(r"(?:\bnot\b|n['’]t\b|\bне\b)[^.,;:!?]{0,60}$", re.I)


def until(text: str, start: int, end: int, *, claim: bool = False) -> bool:
    """Whether the date at ``text[start:end]`` is written as an end ("until 1 December", "1
    December まで"); ``claim``: read as a claim's date, where "to" and "by" end a period too.
    "Not until 1 December" is a beginning."""
    before = text[max(0, start - 40):start]
    m = (_END_BEFORE if claim else _UNTIL_BEFORE).search(before)
    if not m and not _UNTIL_AFTER.match(text, end):
        return False
    return claim or not _DENIED_BEFORE.search(before)


# a date as a start or a limit of the page's own: "since late September" (from then until today),
# "1 December at the latest" (perhaps sooner), "at the earliest" (perhaps later); the words between
# the bound and the date that only place it in its month ("late", "mid-", "the end of") aside
_PART = r"(?:(?:early|mid|late|the\s+(?:start|end|beginning|middle)\s+of)[\s-]+)?(?:the\s+|on\s+)?"
_SINCE_BEFORE = lazy(r"\b(?:ever\s+since|since)\s+" + _PART + r"$", re.I)
_LATEST_BEFORE = lazy(r"\b(?:no|not)\s+later\s+than\s+" + _PART + r"$", re.I)
_EARLIEST_BEFORE = lazy(r"\b(?:no|not)\s+earlier\s+than\s+" + _PART + r"$", re.I)
_AT_THE = lazy(r"\s*,?\s*at\s+the\s+(?P<w>latest|earliest)\b", re.I)
# ... and the claim's words that make the same bound: a start ("since", "from", "starting", "as
# of"), a deadline ("by", "before", "no later than"), a floor ("not before")
_CLAIM_SINCE = lazy(r"\b(?:ever\s+since|since|from|starting(?:\s+(?:on|in|from))?|as\s+of|beginning(?:\s+(?:on|in))?)\s+"
                    + _PART + r"$", re.I)
_CLAIM_LATEST = lazy(r"\b(?:by|before|(?:no|not)\s+later\s+than)\s+" + _PART + r"$", re.I)
_CLAIM_EARLIEST = lazy(r"\b(?:not\s+before|(?:no|not)\s+earlier\s+than)\s+" + _PART + r"$", re.I)


def date_bound(text: str, start: int, end: int, *, claim: bool = False) -> str:
    """The bound a date at ``text[start:end]`` is written with: "since" (a start that runs to
    today), "at the latest" or "at the earliest", or "" for none; ``claim``: read as a claim's
    date, where "from", "as of" start it and "by", "before" set its latest."""
    before = text[max(0, start - 40):start]
    at = _AT_THE.match(text, end)
    if claim:
        if (at and at.group("w").lower() == "earliest") or _CLAIM_EARLIEST.search(before):
            return "at the earliest"  # before "before": "not before 1 December"
        if (at and at.group("w").lower() == "latest") or _CLAIM_LATEST.search(before):
            return "at the latest"
        return "since" if _CLAIM_SINCE.search(before) else ""
    if at:
        return f"at the {at.group('w').lower()}"
    if _LATEST_BEFORE.search(before):
        return "at the latest"
    if _EARLIEST_BEFORE.search(before):
        return "at the earliest"
    return "since" if _SINCE_BEFORE.search(before) else ""


_DURATION = lazy(r"\ (?:(?:calendar|full|whole|working)\ )?(?P<u>seconds?|minutes?|hours?|days?|weeks?|fortnights?|"
                 r"months?|years?|decades?)(?![^\W\d_])", re.I)


def duration_after(text: str, end: int) -> str:
    """The unit of time right after a number ("twelve months" -> "month"), or ""."""
    m = _DURATION.match(text, end)
    if not m:
        return ""
    u = m.group("u").lower()
    return u[:-1] if u.endswith("s") else u


_UNIT_WORD = lazy(r"(?<![^\W\d_])(?P<u>seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?|decades?)"
                  r"(?![^\W\d_])", re.I)


def duration_near(text: str, start: int, end: int) -> str:
    """The unit of time a number counts: right after it ("twelve months"), or said just before it
    in the same clause ("six weeks from the current twelve" counts weeks); "" for neither."""
    unit = duration_after(text, end)
    if unit:
        return unit
    before = text[max(0, start - 40):start]
    before = re.split(r"[,;:.!?]", before)[-1]
    found = [m.group("u").lower() for m in _UNIT_WORD.finditer(before)]
    if not found:
        return ""
    u = found[-1]
    return u[:-1] if u.endswith("s") else u


# "hundreds of thousands of passengers": a figure without digits, read as the range it names
_MAGNITUDE = lazy(
    r"(?<![^\W\d_])(?P<a>dozens|scores|hundreds|thousands|tens\ of\ thousands|hundreds\ of\ thousands|millions|"
    r"tens\ of\ millions|hundreds\ of\ millions|billions)(?:\ (?:upon|and)\ (?P=a))?"
    r"(?:\ of\ (?P<b>thousands|millions|billions))?(?=\ of\ |\ (?:more|fewer|less)\ |\ [^\W\d_]|[,.;:]|\Z)", re.I,
    needs=("dozens", "scores", "hundreds", "thousands", "millions", "billions"))
_MAG_VALUE = {"dozens": 12, "scores": 20, "hundreds": 100, "thousands": 10**3, "millions": 10**6, "billions": 10**9}


class Magnitude(TupleRecord):
    written: str
    low: int  # the least number the words can mean ("hundreds" -> 200)
    high: int  # the first number they no longer mean ("hundreds" -> 1000)
    start: int
    end: int


def magnitudes(text: str) -> list[Magnitude]:
    """The magnitude words of ``text`` ("hundreds of thousands", "millions of", "dozens of"):
    figures a claim must back with a number in the range they name."""
    out = []
    for m in _MAGNITUDE.finditer(text):
        words = m.group("a").lower().split()
        base = 1
        for w in words:
            base *= 10 if w == "tens" else _MAG_VALUE.get(w, 1)
        if m.group("b"):
            base *= _MAG_VALUE[m.group("b").lower()]
        # the next scale up is no longer "hundreds" ("hundreds of thousands" < a million)
        span = {"dozens": 12, "scores": 5, "hundreds": 10, "tens": 10}.get(words[0], 1000)
        out.append(Magnitude(m.group(0), 2 * base, span * base, m.start(), m.end()))
    return out


# --- a date that names a document ----------------------------------------------------------
# "The 2019 try proposal", "the August 2018 draft", "Go's 2019 design": a date between a
# determiner (or a possessive) and a word for a document names the document by its date; it
# states no fact of its own. "In 2019 the proposal ...", "the 2026 fares" date something.
_DOC_WORD = lazy(r"^(?:proposals?|drafts?|designs?|documents?|docs?|papers?|reports?|articles?|stud(?:y|ies)|"
                 r"posts?|memos?|announcements?|statements?|notices?|letters?|guides?|specs?|specifications?|"
                 r"standards?|editions?|reviews?|surveys?|audits?|minutes|essays?|bulletins?|newsletters?|"
                 r"filings?|submissions?|briefs?|peps?|rfcs?)$", re.I)
_DETERMINED = lazy(r"(?:(?<![^\W\d_])(?:the|a|an|its|their|his|her|this|that|these|those|our|whose)|['’]s)\s+\Z",
                   re.I)
_PHRASE_END = lazy(r"[,.;:!?()\[\]\"“”«»]")
_PHRASE_WORD = lazy(r"[^\W\d_][\w'’-]*")


# Japanese and Chinese: "2016年のエイリアス宣言の提案は", "2019年的提案": the date, then の (的),
# opens a noun phrase whose head, its last noun before a particle or a mark, is a word for a
# document. "2016年に提案は" (in 2016) and "2016年の売上は" (2016 sales) name none.
_CJK_DOC_WORD = lazy(r"(?:提案書?|草案|原案|設計書?|文書|文件|ドキュメント|ドラフト|プロポーザル|報告書?|报告|レポート|論文|论文|"
                     r"記事|文章|仕様書?|规范|規格|标准|声明|発表|公告|通知|告知|指針|ガイド|指南|調査|调查|監査|审计|"
                     r"議事録|会议纪要|PEP|RFC)$", re.I)
_CJK_PHRASE = lazy(r"[の的]((?:[^\W\d_ぁ-ゟ]|\d|の)+)(?=[ぁ-ゟ]|[、。，,.;:!?（）()「」『』\[\]\s]|$)")


def _cjk_document_words(text: str, end: int) -> list[str]:
    m = _CJK_PHRASE.match(text, end)
    if m is None:
        return []
    phrase = m.group(1)
    head = _CJK_DOC_WORD.search(phrase)
    return [w for w in phrase.split("の") if w] if head else []


def document_words(text: str, start: int, end: int) -> list[str]:
    """The words with which the date at ``text[start:end]`` names a document ("The 2019 try
    proposal" -> ["try", "proposal"]): after a determiner or a possessive, the date stands
    before a word for a document, within three words and the same phrase. In Japanese or
    Chinese ("2016年のエイリアス宣言の提案は" -> ["エイリアス宣言", "提案"]) the date and の (的)
    open a noun phrase that a word for a document ends. [] when it names none."""
    if text[end:end + 1] in ("の", "的") and text[start:end].endswith(("年", "月", "日")):
        return _cjk_document_words(text, end)
    if not _DETERMINED.search(text[max(0, start - 12):start]):
        return []
    rest = text[end:end + 80]
    stop = _PHRASE_END.search(rest)
    words = [re.sub(r"['’]s$", "", w) for w in _PHRASE_WORD.findall(rest[:stop.start()] if stop else rest)][:3]
    for i, w in enumerate(words):
        for part in re.split(r"[-/]", w):
            if _DOC_WORD.match(part):
                return words[:i + 1]
    return []


def speaks_as_document(phrase: str) -> bool:
    """Whether ``phrase`` ("The memory target proposal", "PEP 649") speaks of a document: it
    holds a word for one, or a standard's identifier."""
    return any(_DOC_WORD.match(part) for w in _PHRASE_WORD.findall(phrase) for part in re.split(r"[-/'’]", w)) or \
        bool(re.search(r"(?<![^\W\d_])(?:PEP|RFC|ISO|ECMA|IEEE)[ -]?\d+", phrase))
