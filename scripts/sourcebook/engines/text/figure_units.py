"""Units and relative dates for the figure scanner: what a number counts ("31,000 passengers"
is a count, "six weeks" a duration), per what period ("per hour", "a weekday", "/day",
"daily", "в будний день", 每日), the periods a backing text names, and the relative dates a
reader cannot place ("next Tuesday", 来週, завтра). Pure data and one function."""

from __future__ import annotations

import re

from .sentences import is_cjk

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
_RATE = re.compile(
    r"(?:\ (?:[^\W\d_]+\ ){0,2}?)?"
    rf"(?:\ ?/\ ?|\ (?:per|a|an|each|every|в|за|на)\ )(?P<p>{_PERIOD_ALT})(?:s|es)?(?![^\W\d_])"
    r"|(?:\ (?:[^\W\d_]+\ ){0,2}?)?\ (?P<adv>" + "|".join(_ADVERBS) + r")(?![^\W\d_])",
    re.I,
)
_PERIOD_WORD = re.compile(rf"(?<![^\W\d_])(?:{_PERIOD_ALT}|{'|'.join(_ADVERBS)})(?![^\W\d_])", re.I)


def periods_named(text: str) -> set[str]:
    """Every period a text names anywhere ("weekday", "hour", "daily" -> "day")."""
    out = set()
    for m in _PERIOD_WORD.finditer(text):
        w = m.group(0).lower()
        p = _PERIODS.get(w) or _ADVERBS.get(w)
        if p:
            out.add(p)
    if is_cjk(text[:1] or "a") or any(is_cjk(c) for c in text[:40]):
        out.update(v for k, v in _CJK_PERIODS.items() if k in text)
    return out


_CJK_RATE = re.compile(r"^.{0,3}?(?:(?:每|一|1|１)(?P<p>日|天|时|時間|小时|週|周|月|年)(?:あたり|当たり|に)?)")
_CJK_PERIODS = {"日": "day", "天": "day", "时": "hour", "時間": "hour", "小时": "hour", "週": "week", "周": "week",
                "月": "month", "年": "year"}
# a number followed by what it counts is a count, not a bare number (a count never backs money)
_COUNT_NOUN = re.compile(r"\ (?:[a-z]+\ )?(?:passengers?|riders?|people|persons?|travell?ers?|users?|visitors?|"
                         r"customers?|trips?|journeys?|boardings?|vehicles?|buses|boats?|ferr(?:y|ies)|trains?|"
                         r"employees?|staff|workers?|members?|students?|children|residents?|households?|"
                         r"readers?|drivers?|crews?|seats?|tickets?|complaints?|times|раза?|"
                         # a duration counts too: "six weeks after" is a figure
                         r"seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?|decades?|"
                         r"пассажир[а-я]*|человек|людей|поездок|пользовател[а-я]*|дн(?:я|ей)|недел[а-я]*|"
                         r"месяц[а-я]*|лет|год[а-я]*)(?![^\W\d_])", re.I)
_CJK_COUNT = re.compile(r"[人名件台隻艘]")



# relative dates: what a reader cannot place without the day the page was written
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|quarter|spring|summer|autumn|fall|winter"
_RELATIVE = re.compile(
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
_RELATIVE_HINT = re.compile(
    r"(?i:next|last|this|coming|past|previous|tomorrow|yesterday|tonight|today|ago|from now|later|in a|"
    r"завтра|вчера|сегодня|неделе|году|месяце|через|спустя)|[来先今再翌昨明本前下上这去后]")
