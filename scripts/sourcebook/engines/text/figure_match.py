"""Whether a figure is backed: what a backing text establishes, as comparable facts, and the
comparison by meaning (numbers by value in any form, a year never for a count, money only by
money in an agreeing currency or a bare number, a rate only by the same rate). Pure; cached."""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from ...base.patterns import lazy
from ...base.record import TupleRecord
from . import currencies
from .figure_dates import date_parts
from .figure_scan import Figure, _figures, _value, exact_digits
from .figure_units import comparison, periods_named

# --- matching -----------------------------------------------------------------------------


_DOT_GROUP = lazy(r"(?<![\d.,])\d{1,3}\.\d{3}(?![\d.,]|\.\d)")


def _alternative(f: Figure) -> str | None:
    """The second reading of a lone dot group ("38.500": 38.5, or 38500 in German; "3.400
    marks": 3.4 marks, or 3,400)."""
    if f.kind not in ("number", "money"):
        return None
    w = exact_digits_view(f.written)
    m = re.fullmatch(r"\d{1,3}\.\d{3}", w) if f.kind == "number" else _DOT_GROUP.search(w)
    if m:
        return _value(m.group(0).replace(".", ""))
    return None


def _facts(f: Figure) -> set[str]:
    """What a backing figure establishes, as comparable tokens."""
    if f.kind == "number":
        alt = _alternative(f)
        keys = [f.key, *([alt] if alt else [])]
        rate = _rate(f.unit)
        return {"x:" + exact_digits(f.written), *("n:" + k for k in keys), *(f"r:{k}/{rate}" for k in keys if rate),
                *("b:" + k for k in keys if not f.unit), *_share(f)}
    if f.kind == "percent":
        return {"p:" + f.key}
    if f.kind == "money":
        return {"n:" + f.key.split(":", 1)[1]}
    if f.kind == "time":
        return {"t:" + f.key}
    if f.kind == "ident":
        return {"i:" + f.key}
    if f.kind == "relative":
        return {"rel:" + f.key}
    if f.kind == "version":
        doc_number = f.key.split(" ", 1)[1] if " " in f.key else ""  # "PEP 563" states 563 too
        return {"v:" + f.key, "x:" + f.key.lstrip("v"), *(["n:" + doc_number] if doc_number.isdigit() else [])}
    out: set[str] = set()
    for key in _date_keys(f):
        y, m, _ = date_parts(key)
        out.add("d:" + key)
        if y is not None:
            out.add(f"y:{y:04d}")  # a year backs a year, never a count or an amount
    return out


def _share(f: Figure) -> list[str]:
    """A bare decimal fraction ("a throttling factor of 0.8") states the percentage it is ("80%")."""
    if f.unit or not f.key.startswith("0.") or f.spelled:
        return []
    try:
        pct = (Decimal(f.key) * 100).normalize()
    except InvalidOperation:
        return []
    return [f"p:{pct:f}%"] if 0 < pct < 100 else []


def _rate(unit: str) -> str:
    return unit.split("/", 1)[1] if "/" in unit else ""


def exact_digits_view(written: str) -> str:
    from .figure_text import normalize_figures

    return normalize_figures(written).strip()


def _date_keys(f: Figure) -> list[str]:
    """The date readings a backing figure offers: its key, or both readings of an ambiguous
    date (a source's "01.11.2026" backs a claim that commits to one reading)."""
    if f.kind == "date":
        return [f.key]
    if f.kind == "ambiguous":
        return [k for k in f.key.split("|") if not k.startswith("?")]
    return []


_AFTER = lazy(r"(?<![\w])(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+)\s+"
              r"(?:days?|weeks?|months?|years?)\s+(?:after|later)(?![\w])", re.I)


class _Backing(TupleRecord):
    figures: tuple[Figure, ...]
    facts: frozenset[str]
    periods: frozenset[str]  # the periods the text names anywhere ("weekday ridership")
    # the dates that end no span, and their facts: "in the twelve months to September 2026"
    # backs "September 2026" only where the sentence ends a span there too
    open_figures: tuple[Figure, ...] = ()
    open_facts: frozenset[str] = frozenset()


_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
           r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
# a date that ends a span: after a period or a date and "to", "through", "ending" ("the twelve
# months to", "the year ending", "May to"); "postponed to 1 December" moves a date, ends none
_SPAN_END = lazy(rf"\b(?:years?|months?|weeks?|days?|quarters?|period|season|summer|winter|spring|autumn|{_MONTHS}|"
                 r"\d{1,4})\s+(?:to|through|thru|until|till|ending|ended)\s+(?:the\s+end\s+of\s+)?$", re.I)
# a sentence that says the span: its date after "to", "through", "until", "ending", "and", a dash
_SPAN_SAID = lazy(r"(?:\b(?:to|through|thru|until|till|ending|ended|and|end\s+of|до|по)|[-–—]|截至|截止|至|到)\s*$", re.I)
# ... or right after it, where Japanese and Chinese put it ("2026年9月までの12か月間")
_SPAN_SAID_AFTER = lazy(r"^\s*(?:まで|迄|为止|為止|止)")


def _span_end(text: str, f: Figure) -> bool:
    return bool(_SPAN_END.search(text[max(0, f.start - 60):f.start]))


_ORDER = {"first": "1", "second": "2"}
_THE_ORDINAL = lazy(r"(?<![\w-])the\s+(first|second)\s+(?=[^\W\d_])", re.IGNORECASE, needs=("first", "second"))


@lru_cache(maxsize=8192)
def _backing(text: str) -> _Backing:
    figs = _figures(text)
    facts: set[str] = set()
    for g in figs:
        facts |= _facts(g)
    if "after" in text or "later" in text:
        # "six weeks after 1.0.0 is released" places "six weeks later" in the next sentence
        for m in _AFTER.finditer(text):
            said = re.sub(r"after$", "later", m.group(0), flags=re.I)
            facts |= {"rel:" + g.key for g in _figures(said) if g.kind == "relative"}
    # "on the second floor" backs a "2" (a translation's 2階): read alone, "first" and "second"
    # are no figures (an order, a unit of time), so only the backing reads them so
    facts |= {"n:" + _ORDER[m.group(1).lower()] for m in _THE_ORDINAL.finditer(text)}
    periods = frozenset(periods_named(text)) if any(g.kind == "number" and not _rate(g.unit) for g in figs) \
        else frozenset()
    ends = {i for i, g in enumerate(figs) if g.kind == "date" and _span_end(text, g)}
    if not ends:
        return _Backing(figs, frozenset(facts), periods, figs, frozenset(facts))
    open_figs = tuple(g for i, g in enumerate(figs) if i not in ends)
    open_facts: set[str] = set()
    for g in open_figs:
        open_facts |= _facts(g)
    return _Backing(figs, frozenset(facts), periods, open_figs, frozenset(open_facts))


def _backed_in(f: Figure, b: _Backing) -> bool:
    facts = b.facts
    if f.kind == "number":
        alt = _alternative(f)
        rate = _rate(f.unit)
        if rate:  # "31,000 passengers per hour" needs a figure per hour
            keys = [f.key, *([alt] if alt else [])]
            if any(f"r:{k}/{rate}" in facts for k in keys):
                return True
            # the same number with no rate of its own, where the text names that period
            # ("weekday ridership averaged 38,500"), stands for it
            return rate in b.periods and any(g.kind == "number" and not _rate(g.unit) and g.key in keys
                                             for g in b.figures)
        # a lone dot group is read both ways by readers: the backing must state both readings
        # ("38.500" backs "38.500"; "3.40" does not back "3.400", which reads as 3,400 too)
        if "n:" + f.key in facts and (alt is None or "n:" + alt in facts):
            return True
        # a version said again without its name ("Python 3.13", then "3.13's end-of-life")
        # ("3.10" is the number 3.1, but the version 3.10: its digits as written say which)
        return "." in f.key and ("v:v" + f.key in facts or "v:v" + f.written.strip() in facts)
    if f.kind == "ident":
        return "i:" + f.key in facts
    if f.kind == "relative":
        return "rel:" + f.key in facts
    if f.kind == "percent":
        return "p:" + f.key in facts
    if f.kind == "time":
        if f.key.startswith("~"):  # "nine o'clock": 09:00 or 21:00, as the backing says
            hh, mm = f.key[1:].split(":")
            # "at twelve", a time read off its sentence, stands for the number twelve too
            return any(k in facts for k in (f"t:{f.key}", f"t:{hh}:{mm}", f"t:{int(hh) + 12:02d}:{mm}",
                                            *([f.unit] if f.unit else [])))
        return "t:" + f.key in facts
    if f.kind == "version":
        return "v:" + f.key in facts or "x:" + f.key.lstrip("v") in facts
    if f.kind == "money":
        alt = _alternative(f)
        cur, val = f.key.split(":", 1)
        if alt is not None and alt != val and not _money_backed(cur, alt, b):
            return False  # "3.400 marks" reads as 3,400 marks too: both readings need backing
        return _money_backed(cur, val, b)
    if f.kind == "date":
        return _date_backed(f.key, b)
    return False  # ambiguous: never backed


def _money_backed(cur: str, val: str, b: _Backing) -> bool:
    for g in b.figures:
        if g.kind == "money":
            gc, gv = g.key.split(":", 1)
            if (gv == val or _alternative(g) == val) and currencies.agrees(cur, gc):
                return True
        elif g.kind == "number" and not g.unit and "n:" + val in _facts(g):
            return True  # a bare number backs an amount; a count or a year never does
    return False


def _date_backed(key: str, b: _Backing) -> bool:
    y, m, d = date_parts(key)
    if m is None:  # a year alone: any year, the year of any date, or the bare number
        return f"y:{y:04d}" in b.facts or f"b:{y}" in b.facts
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


# a small number after these states a limit or an age ("aged nine", "from five")
_BOUND_BEFORE = lazy(r"(?<![^\W\d_])(?:aged|ages?(?:\s+of)?|from|between)\s+\Z", re.I)


def small_word(f: Figure, text: str = "") -> bool:
    """A whole number up to ten written in words that counts nothing named ("the two figures",
    "one of three ways"): part of the language, never refused; "three travellers" is a count.
    With the ``text`` it stands in, one bound to a comparison or an age ("under ten", "over
    five", "aged nine", "from five") is a limit, a figure like any other."""
    if not (f.spelled and f.kind == "number" and not f.unit and f.key.isdigit() and int(f.key) <= 10):
        return False
    return not text or (comparison(text, f.start, f.end) is None
                        and _BOUND_BEFORE.search(text, max(0, f.start - 12), f.start) is None)


def is_backed(figure: Figure, backing: Iterable[str], text: str | None = None) -> bool:
    """Whether one figure occurs, by meaning, in any of the backing texts; ``text``: the
    sentence it stands in (a date that ends a span in the backing backs it only where the
    sentence says a span too)."""
    if text is None:
        return any(_backed_in(figure, _backing(b)) for b in backing)
    backing = list(backing)
    return any(_backed_in(figure, _spanless(text, figure, _backing(b))) for b in backing) or \
        _age_bound_backed(text, figure, backing)


# a whole-year age bound that takes in its own figure ("aged eleven or younger", "11 and under"):
# the same children as the next year's exclusive bound ("under twelve"), and the other way round
_AGE_INCLUSIVE = lazy(r"(?:\ years?(?:\ old)?)?\ (?:or|and)\ (?P<w>younger|under|below|older|over|above)(?![^\W\d_])",
                      re.I)
_AGE_CONTEXT = lazy(r"(?<![^\W\d_])(?:aged|ages?|child|children|kids?|minors?)(?![^\W\d_])", re.I)


def _age_bound_backed(text: str, f: Figure, backing: Iterable[str]) -> bool:
    """Whether ``f``, a whole-year age told with its own year taken in ("children aged eleven or
    younger"), is backed by a claim's exclusive bound one year on ("children under twelve")."""
    m = _AGE_INCLUSIVE.match(text, f.end)
    if f.kind != "number" or not f.key.isdigit() or m is None or not _AGE_CONTEXT.search(text[max(0, f.start - 30):f.start]):
        return False
    down = m.group("w").lower() in ("younger", "under", "below")
    want = str(int(f.key) + (1 if down else -1))
    for b in backing:
        for g in _figures(b):
            c = comparison(b, g.start, g.end) if g.kind == "number" and g.key == want else None
            if c is not None and c.way == ("down" if down else "up") and not c.sign and \
                    not c.written.lower().startswith(("or ", "and ", "at ", "up ", "no ", "not ", "a ")) and \
                    _AGE_CONTEXT.search(b[max(0, g.start - 30):g.start]):
                return True
    return False


def unbacked(text: str, backing: Iterable[str]) -> list[Figure]:
    """The figures of ``text`` that occur in none of the backing texts, compared by meaning:
    numbers by value in any form, percentages only by percentages, money by money in an
    agreeing currency or by a plain number, versions exactly, times by the clock, years by a
    year or the year of any date. A date missing a part is backed by a date agreeing on every
    part both state, when the year it lacks occurs elsewhere in that same backing text.
    Ambiguous figures are never backed; a small number in words counting nothing named
    (``small_word``) is never refused."""
    figs = _figures(text)
    if not figs:
        return []
    backing = list(backing)
    sources = [_backing(b) for b in backing]
    return [f for f in figs if not small_word(f, text) and not any(_backed_in(f, _spanless(text, f, b)) for b in sources)
            and not _age_bound_backed(text, f, backing)]


def _spanless(text: str, f: Figure, b: _Backing) -> _Backing:
    """The backing a date of ``text`` may take: a date that ends a span there ("in the twelve
    months to September 2026") backs it, or its year, only where the sentence says a span
    too ("for the year to September 2026"), not "for September 2026" or "for 2026"."""
    if f.kind != "date" or b.open_figures is b.figures or _SPAN_SAID.search(text[max(0, f.start - 20):f.start]) \
            or _SPAN_SAID_AFTER.search(text[f.end:f.end + 8]):
        return b
    return _Backing(b.open_figures, b.open_facts, b.periods, b.open_figures, b.open_facts)
