"""What a figure is told of: its frame. A figure on a page is backed only together with the
words beside it, by a claim that states them with it:

- **what it counts**: the noun or counter right after a number ("twelve boats", 十二隻, "12-year-
  olds"). A claim's figure that counts something else ("four boats" is its count of boats), that
  is an age ("children under twelve"), or a span of time ("twelve months") backs no count of
  boats;
- **whose and which**: the words between a number and what it counts ("31,000 bus and tram
  passengers"), and the words that qualify a number in its clause: an assurance ("audited",
  "estimated", "provisional"), a period ("over the summer", "all year", "per weekday") and the
  people it is told of ("children", "adults"). One claim must state the figure and say each of
  them (in its text or its quotes): "an audited 38,500" of a claim that states 38,500 over the
  summer, and another that calls 31,000 audited, is refused. A period or an assurance belongs to
  the nearest figure of its clause, the two ends of a range ("between 31,000 and 38,500 ...")
  share theirs; the people a clause is about belong to every figure in it ("Children under
  twelve with a paying adult pay 3.40 marks");
- **what happened then**: the words a date is bound to ("signed in August", "scheduled for
  November"). A date may not take a word a claim binds to another of its dates ("signed in
  November" of "signed in August 2026, with installation scheduled for November 2026").

A clause ends at a stop, a comma, a colon, a semicolon, a dash or a bracket, or at "and", "or",
"but", "while", "whereas" (but for the "and" of a range between two figures). Pure functions;
standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from ...base.patterns import lazy
from ...base.record import TupleRecord
from .figure_dates import date_parts
from .figure_match import is_backed, small_word
from .figure_scan import Figure, _figures, _value

_W = r"(?<![^\W\d_])"  # no letter before
_E = r"(?![^\W\d_])"  # no letter after

# --- the words that qualify a figure, by what they say (any language, one key each) --------
_QUALIFIERS: dict[str, tuple[str, str]] = {
    # key: (kind, pattern)
    "audited": ("assurance", rf"{_W}(?<!un)(?<!un-)audit(?:ed|s)?{_E}|аудир|аудит|監査|审计|審計"),
    "unaudited": ("assurance", rf"{_W}un-?audited{_E}|неаудир|未監査|未经审计"),
    "estimated": ("assurance", rf"{_W}estimat(?:e|es|ed|ion){_E}|по\ оценк|推定|推計|估计|估算"),
    "projected": ("assurance", rf"{_W}(?:project(?:ed|ion|ions)|forecasts?|forecast(?:ed)?){_E}|прогноз|予測|预测"),
    # an approximation set on a figure ("a rough 31,000", "roughly", "approximately", "ballpark"):
    # an estimate, which an audited figure is not (judged only against a claim that says "audited")
    "rough": ("approximation", rf"{_W}(?:rough(?:ly)?|approximate(?:ly)?|ball-?park){_E}|приблизительн|概算|粗略"),
    "provisional": ("assurance", rf"{_W}(?:provisional(?:ly)?|preliminary){_E}|предварительн|暫定|速報|初步|暂定"),
    "summer": ("period", rf"{_W}summer(?:s|time)?{_E}|{_W}лет(?:ом|о|а|н[а-я]*){_E}|夏"),
    "winter": ("period", rf"{_W}winters?{_E}|{_W}зим[а-я]*|冬"),
    "spring": ("period", rf"{_W}spring(?:time)?{_E}|{_W}весн[а-я]*|{_W}весной|春季|春天"),
    "autumn": ("period", rf"{_W}autumns?{_E}|{_W}осен[а-я]*|秋季|秋天"),
    "year": ("period", rf"{_W}(?:(?:all|whole|full|entire)\ (?:the\ )?year|(?:over|for|across|throughout|through|"
                       r"during|in)\ the\ (?:(?:whole|full|entire|past|last)\ )?year(?!\ \d)|year[- ]round|"
                       r"annual(?:ly)?|yearly|per\ (?:year|annum)|(?:twelve|12)[- ]months?|calendar\ year|financial\ year)"
                       rf"{_E}|за\ год|в\ год|круглый\ год|годов(?:ой|ая|ое)|年間|通年|全年|一年中|一年間"),
    # periods other than a year bound to a figure: "for the decade to September", "for the quarter" of
    # a claim's "twelve months" tells the figure of another span ("a quarter of riders" is a share)
    "decade": ("period", rf"{_W}(?:decades?|ten[- ]year){_E}|десятилет[а-я]*|十年間|十年来|十年"),
    "quarter": ("period", rf"{_W}(?:(?:over|for|across|throughout|through|during|in|of)\ the\ (?:(?:first|second|third|"
                          r"fourth|last|past|latest|whole|full|fiscal|financial)\ )?quarter|quarterly|per\ quarter|"
                          rf"three[- ]months?|3[- ]months?){_E}|квартал[а-я]*|四半期|季度"),
    "half-year": ("period", rf"{_W}(?:half[- ]year(?:ly)?|six[- ]months?|6[- ]months?|semi-?annual(?:ly)?){_E}|"
                            r"полугоди[а-я]*|半期|上半期|下半期|半年"),
    "fortnight": ("period", rf"{_W}fortnight(?:s|ly)?{_E}"),
    "weekday": ("period", rf"{_W}(?:weekdays?|working\ days?|business\ days?){_E}|{_W}будн[а-я]*|平日|工作日"),
    "weekend": ("period", rf"{_W}weekends?{_E}|{_W}выходн[а-я]*|週末|周末"),
    "child": ("people", rf"{_W}(?:child|children|kids?|minors?|under-(?:twelves|\d+s)){_E}|{_W}дет(?:и|ей|ям|ьми)"
                        r"{_E}|ребён|ребен|子ども|子供|こども|児童|小児|儿童|孩子|小孩"),
    "adult": ("people", rf"{_W}(?:adults?|grown-ups?){_E}|{_W}взросл[а-я]*|大人|おとな|成人"),
    "senior": ("people", rf"{_W}(?:pensioners?|seniors?|elderly|retirees?|older\ people){_E}|пенсионер|高齢者|老人|老年人"),
    "student": ("people", rf"{_W}(?:students?|pupils?){_E}|студент|школьник|学生|生徒"),
    "teen": ("people", rf"{_W}(?:teen(?:ager)?s?|adolescents?|youths?|young\ (?:people|persons?|adults?)|juniors?){_E}|"
                       r"подрост|несовершеннолетн|молод[её]ж|ティーンエイジャー|十代|若者|青少年|青年"),
    "infant": ("people", rf"{_W}(?:infants?|bab(?:y|ies)|toddlers?){_E}|младен|乳幼児|幼児|婴儿"),
    # what a figure measures of its period: a peak is not an average ("a summer peak of 38,500" of
    # a summer average of 38,500)
    "peak": ("measure", rf"{_W}(?:peaks?|peak-time|maximum|highest|busiest){_E}|пиков|ピーク|峰值|高峰"),
    "family": ("people", rf"{_W}famil(?:y|ies){_E}|{_W}сем(?:ья|ьи|ей|ьям){_E}|家族"),
    # the holders of a pass, card or ticket ("even for pass holders"): people a fare is told of
    "holder": ("people", rf"{_W}(?:(?:pass|card|season[- ]ticket|ticket|permit)[- ]?holders?|holders\ of\ (?:a|the)\ "
                         rf"(?:pass|card)|passholders?){_E}|владел[а-я]*\ (?:проездн|карт)|定期券(?:の)?(?:利用者|保有者)"),
}
# fares and figures of one kind among others: a claim's "single" fare is not a "return" fare. Each
# group lists words that exclude one another; a figure's clause that says one of them where the
# claim's clause of the same figure says another, and not it, tells the figure of something else
_CONTRASTS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("single", r"single|one-way|one\ way"), ("return", r"return|round-trip|round\ trip")),
    (("off-peak", r"off-peak|off\ peak"), ("peak", r"(?<!off-)(?<!off\ )peak")),
    (("daily", r"daily|per\ day|a\ day"), ("weekly", r"weekly|per\ week|a\ week"),
     ("monthly", r"monthly|per\ month|a\ month"), ("annual", r"annual|yearly|per\ year|a\ year")),
    (("gross", r"gross"), ("net", r"net")),
    (("median", r"median"), ("mean", r"mean|average")),
    (("first class", r"first[- ]class"), ("second class", r"(?:second|standard)[- ]class")),
    (("minimum", r"minimum|lowest"), ("maximum", r"maximum|highest")),
)
_CONTRAST = tuple(tuple((name, lazy(rf"{_W}(?:{p}){_E}", re.I)) for name, p in group) for group in _CONTRASTS)
_QUAL = {k: lazy(p, re.I) for k, (_, p) in _QUALIFIERS.items()}

# --- what a number counts, by class ----------------------------------------------------------
_COUNTED: dict[str, str] = {
    # people and their trips are one count of ridership: "31,000 riders" of "31,000 passengers"
    "people": r"passengers?|riders?|people|persons?|travell?ers?|users?|visitors?|customers?|commuters?|trips?|"
              r"journeys?|boardings?|children|adults?|pupils?|students?|teenagers?|teens|adolescents?|youths?|"
              r"members?|employees?|staff|workers?|"
              r"residents?|pensioners?|holders?|subscribers?|owners?|пассажир[а-я]*|человек|людей|поездок|детей|взрослых",
    "vessels": r"boats?|ferr(?:y|ies)|vessels?|ships?|buses|trains?|trams?|vehicles?|coaches|судов|судна|катер[а-я]*",
    "devices": r"readers?|validators?|machines?|terminals?|devices?|gates?|считывател[а-я]*",
    "seats": r"seats?|мест",
    "tickets": r"tickets?|passes|билет[а-я]*",
    "routes": r"routes?|lines|маршрут[а-я]*",
    "stops": r"stops|piers?|stations?|landings?|причал[а-я]*|станци[а-я]*",
    "complaints": r"complaints?|жалоб[а-я]*",
    # a household is no rider: "31,000 households a weekday" of "31,000 passengers" counts another thing
    "households": r"households?|homes|dwellings?|families|домохозяйств[а-я]*|семей",
    "age": r"years?\ old|year-olds?|-year-olds?",
}
_COUNT_AFTER = lazy(r"(?:[ \u00a0]+(?:[^\W\d_]+[ \u00a0]+)?|-)(?:" +
                    "|".join(f"(?P<{k}>{p})" for k, p in _COUNTED.items()) + rf"){_E}", re.I)
# "31,000 bus and tram passengers": the words that say which of a thing a number counts
_UNIT_PHRASE = lazy(r"(?P<mods>(?:[ \u00a0]+[^\W\d_][\w'’-]*){1,4})[ \u00a0]+(?:" + "|".join(_COUNTED.values()) +
                    rf"){_E}", re.I)
_CJK_COUNTER = {"歳": "age", "岁": "age", "才": "age", "人": "people", "名": "people", "隻": "vessels", "艘": "vessels",
                "台": "devices", "件": "complaints"}
_DURATION_AFTER = lazy(r"[ \u00a0]+(?:(?:calendar|full|whole|working)[ \u00a0]+)?(?:seconds?|minutes?|hours?|days?|"
                       rf"weeks?|fortnights?|months?|years?|decades?){_E}", re.I)
# "children under twelve", "people aged 65": the number is an age of the people named before it
_AGE_BEFORE = lazy(r"(?:(?:child|children|kids?|minors?|people|passengers?|riders?|adults?|persons?|those|anyone|"
                   r"дети|детей|пассажир[а-я]*)\s+(?:under|over|below|above|up\s+to|aged|до|старше|младше)|"
                   r"\baged|\bages|\bage)\s+\Z", re.I)
_AGE_AFTER_CJK = lazy(r"(?:歳|岁|才)")
_NAMES = {"people": "people or trips", "vessels": "boats or vehicles", "devices": "devices", "seats": "seats",
          "tickets": "tickets", "routes": "routes", "stops": "stops", "complaints": "complaints", "households": "households", "age": "an age"}

# --- clauses ---------------------------------------------------------------------------------
_BREAK = lazy(r"[,;:()\[\]—–!?。，；：、]|\.(?!\d)|\s-\s"
              r"|(?<![^\W\d_])(?:and|or|but|while|whilst|whereas|although|though|yet|however|и|а|но|или)(?![^\W\d_])",
              re.I)
# a clause set after a figure's clause to say whom it is told of: ", even for pass holders"
_FOR_WHOM = lazy(r"\s*(?:(?:even|also|only|including|except|excluding|not)\s+)?(?:for|to|of)?\s*(?:the\s+|all\s+)?"
                 r"[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?\s*", re.I)
_RANGE_JOIN = lazy(r"\s*(?:and|or|to|-|–|—|и|до)\s*", re.I)
# for a date: the words before it, its preposition dropped ("was signed in" -> signed)
_PREP_END = lazy(r"(?:\s+(?:in|on|for|by|from|since|until|till|at|during|of|the|early|late|mid|end|start|"
                 r"beginning|в|на|с|до|к))+\s*\Z", re.I)
_WORD = lazy(r"[^\W\d_][^\W\d_'’-]*")
_STOP = frozenset(
    "the a an of in on at to for from by with over under per and or is are was were be been being has have had its "
    "their his her this that these those as than more less about around some each every all also into up down since "
    "until before after not no it they them there then which who whom whose will would shall should may might can "
    "could do does did so such just only very now still yet set due".split())


class Frame(TupleRecord):
    figure: Figure
    clause: tuple[int, int]  # the figure's clause: offsets into the text
    counted: str  # what it counts: a class of _COUNTED, "duration", "attribute" (an age), or ""
    qualifiers: frozenset[str]  # keys of _QUALIFIERS that belong to it
    said: dict[str, str]  # each qualifier as written
    event: tuple[str, ...]  # a date's words, nearest first ("signed", "installation"), as stems
    modifiers: tuple[str, ...] = ()  # the words between a number and what it counts ("bus", "tram")


def _stem(word: str) -> str:
    w = word.lower().strip("'’-")
    for suffix in ("ations", "ation", "ings", "ing", "ied", "ies", "ed", "es", "s"):
        if len(w) - len(suffix) >= 4 and w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    return w[:5]


def _clauses(text: str, figs: Sequence[Figure]) -> list[tuple[int, int]]:
    """The clauses of ``text`` as (start, end); a break inside a figure or between the two ends
    of a range ("31,000 and 38,500") is none."""
    spans = [(f.start, f.end) for f in figs]
    cuts = [0]
    for m in _BREAK.finditer(text):
        if any(s <= m.start() < e for s, e in spans):
            continue
        before = next((f for f in reversed(figs) if f.end <= m.start()), None)
        after = next((f for f in figs if f.start >= m.end()), None)
        if before is not None and after is not None and _RANGE_JOIN.fullmatch(text[before.end:after.start]):
            continue
        cuts += [m.start(), m.end()]
    cuts.append(len(text))
    return [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2) if cuts[i] < cuts[i + 1]]


def _ranges(text: str, figs: Sequence[Figure]) -> dict[int, int]:
    """Each figure's range: figures joined by "and", "to" or a dash share an index."""
    out: dict[int, int] = {}
    for i, f in enumerate(figs):
        prev = figs[i - 1] if i else None
        joined = prev is not None and _RANGE_JOIN.fullmatch(text[prev.end:f.start]) is not None
        out[i] = out[i - 1] if joined else i
    return out


def _counted(text: str, f: Figure) -> str:
    if f.kind != "number":
        return ""
    rest = text[f.end:f.end + 40]
    m = _COUNT_AFTER.match(rest)
    if m:
        return next(k for k, v in m.groupdict().items() if v)
    if rest[:1] in _CJK_COUNTER:
        return _CJK_COUNTER[rest[:1]]
    if _DURATION_AFTER.match(rest):
        return "duration"
    if _AGE_BEFORE.search(text[max(0, f.start - 40):f.start]):
        return "attribute"
    return ""


def _modifiers(text: str, f: Figure) -> tuple[str, ...]:
    """The words between a number and the thing it counts ("31,000 bus and tram passengers" ->
    bus, tram); none when a small word other than "and"/"or" stands between (no unit phrase)."""
    if f.kind != "number":
        return ()
    m = _UNIT_PHRASE.match(text, f.end)
    if not m:
        return ()
    words = m.group("mods").split()
    if any(w.lower() in _STOP and w.lower() not in ("and", "or") for w in words):
        return ()
    return tuple(w for w in words if w.lower() not in _STOP and len(w) >= 3)


def _event(text: str, f: Figure, clause: tuple[int, int]) -> tuple[str, ...]:
    """The two words before a date in its clause, its preposition dropped ("the contract was
    signed in August" -> signed, contract), or the first words after a date that opens its
    clause ("In August the contract was signed"); digits and small words are skipped."""
    if f.kind != "date":
        return ()
    before = text[clause[0]:f.start]
    m = _PREP_END.search(before)
    if m:
        before = before[:m.start()]
    words = [w for w in _WORD.findall(before) if w.lower() not in _STOP and len(w) >= 3][-2:][::-1]
    if not words:  # a date that opens its clause: "In August the contract was signed"
        after = text[f.end:clause[1]]
        words = [w for w in _WORD.findall(after) if w.lower() not in _STOP and len(w) >= 3][:4]
    return tuple(dict.fromkeys(_stem(w) for w in words))


def _owner(text: str, figs: Sequence[Figure], inside: list[int], start: int, end: int) -> int:
    """The figure a qualifier at ``text[start:end]`` belongs to: the one it stands right before
    ("an audited 38,500", "audited at 31,000", 平日3万人), else the one before it ("31,000 passengers per weekday over
    the year against 38,500 ..."), else the first after it ("the audited average ... was 31,000")."""
    after = [i for i in inside if figs[i].start >= end]
    before = [i for i in inside if figs[i].end <= start]
    if after and all(w.lower() in _STOP for w in _WORD.findall(text[end:figs[after[0]].start])):
        return after[0]
    return before[-1] if before else after[0] if after else inside[0]


@lru_cache(maxsize=4096)
def frames(text: str) -> tuple[Frame, ...]:
    """The frame of every number, amount, percentage and date of ``text``."""
    figs = [f for f in _figures(text) if f.kind in ("number", "money", "percent", "date")]
    if not figs:
        return ()
    clauses = _clauses(text, figs)
    ranges = _ranges(text, figs)
    quals: dict[int, dict[str, str]] = {i: {} for i in range(len(figs))}
    for key, rx in _QUAL.items():
        kind = _QUALIFIERS[key][0]
        for m in rx.finditer(text):
            if any(f.start <= m.start() < f.end for f in figs):
                continue  # "twelve months" of a figure's own words is its unit, not a period
            clause = next((c for c in clauses if c[0] <= m.start() < c[1]), None)
            if clause is None:
                continue
            inside = [i for i, f in enumerate(figs) if clause[0] <= f.start < clause[1] and f.kind != "date"]
            if not inside and (len(_WORD.findall(text[clause[0]:clause[1]])) <= 2 or
                               kind == "people" and _FOR_WHOM.fullmatch(text[clause[0]:clause[1]])):
                # a word set after its figure's clause (", audited"): the clause before it
                clause = next((c for c in reversed(clauses) if c[1] <= m.start()), clause)
                inside = [i for i, f in enumerate(figs) if clause[0] <= f.start < clause[1] and f.kind != "date"]
            if not inside:
                continue
            if kind == "people":  # who a clause is about: every figure in it
                chosen = inside
            else:  # the figure it stands beside, with the other end of its range
                near = _owner(text, figs, inside, m.start(), m.end())
                chosen = [i for i in inside if ranges[i] == ranges[near]]
            for i in chosen:
                quals[i].setdefault(key, m.group(0))
    out = []
    for i, f in enumerate(figs):
        clause = next((c for c in clauses if c[0] <= f.start < c[1]), (0, len(text)))
        out.append(Frame(f, clause, _counted(text, f), frozenset(quals[i]), quals[i], _event(text, f, clause),
                         _modifiers(text, f)))
    return tuple(out)


@lru_cache(maxsize=8192)
def _says(text: str, key: str) -> bool:
    return bool(_QUAL[key].search(text))


def _same(f: Figure, g: Figure) -> bool:
    """The same figure by value: numbers and amounts by their number, dates by every part both
    give."""
    if f.kind == "date" or g.kind == "date":
        if f.kind != g.kind:
            return False
        fy, fm, fd = date_parts(f.key)
        gy, gm, gd = date_parts(g.key)
        if fm is None or gm is None:
            return fm is None and gm is None and fy == gy
        return fm == gm and (fd is None or gd is None or fd == gd) and (fy is None or gy is None or fy == gy)
    return _number(f) is not None and _number(f) == _number(g)


def _number(f: Figure) -> str | None:
    if f.kind == "money":
        return _value(f.key.split(":", 1)[1])
    if f.kind in ("number", "percent"):
        return ("%" if f.kind == "percent" else "") + _value(f.key)
    return None


@lru_cache(maxsize=8192)
def _stems(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in _WORD.findall(text))


def _clause_stems(text: str, clause: tuple[int, int]) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text[clause[0]:clause[1]])}


Claims = Sequence[tuple[str, Sequence[str]]]  # (claim id, its text and quotes)


def misframed(text: str, claims_at: Callable[[int], Claims] | Claims) -> list[tuple[str, str]]:
    """The figures of a cited sentence told of something the claims that state them do not tell
    them of, each as (what is written, why): a count of another thing, a qualifier ("audited",
    "over the summer", "children") no one claim says together with the figure, a date bound to
    the words a claim gives another date. ``claims_at(end)``: the claims cited for the figure
    that ends there, each as (id, its text and quotes); or those claims, for every figure."""
    if not callable(claims_at):
        every = claims_at
        claims_at = lambda _end: every  # noqa: E731
    out: list[tuple[str, str]] = []
    for fr in frames(text):
        f = fr.figure
        if small_word(f) and not fr.counted and not fr.qualifiers:
            continue
        claims = claims_at(f.end)
        occurrences = [(x, t, g) for x, texts in claims for t in texts for g in frames(t) if _same(f, g.figure)]
        if not occurrences:
            continue  # unbacked, or backed another way: the figure rules judge it
        why = _counted_elsewhere(text, fr, occurrences) or _qualifier_missing(f, fr, claims) or \
            _event_swapped(text, fr, occurrences, claims) or _contrast_swapped(text, fr, occurrences)
        if why:
            out.append(why)
    return out


def _counted_elsewhere(text: str, fr: Frame, occurrences) -> tuple[str, str] | None:
    """"twelve boats" where every claim's twelve counts another thing, is an age or a span of time."""
    k = fr.counted
    if k in ("", "duration", "attribute"):
        return None
    if any(g.counted in ("", k) or (k == "age" and g.counted == "attribute") for _, _, g in occurrences):
        return None
    x, t, g = occurrences[0]
    there = "an age (" + _near(t, g.figure) + ")" if g.counted == "attribute" else \
        "a span of time" if g.counted == "duration" else f"a count of {_NAMES.get(g.counted, g.counted)}"
    noun = _COUNT_AFTER.match(text, fr.figure.end)
    written = text[fr.figure.start:noun.end()] if noun else fr.figure.written
    return (written, f"the claim that states it ({x}) gives {g.figure.written!r} as {there}, "
                                    f"not as a count of {_NAMES.get(k, k)}")


def _qualifier_missing(f: Figure, fr: Frame, claims: Claims) -> tuple[str, str] | None:
    """A qualifier of the figure that no claim stating the figure says."""
    if not fr.qualifiers and not fr.modifiers:
        return None
    backers = [(x, texts) for x, texts in claims if is_backed(f, texts)]
    if not backers:
        return None
    best: tuple[int, str, str] | None = None
    for x, texts in backers:
        stems = set().union(*(_stems(t) for t in texts))
        missing = [fr.said[q] for q in sorted(fr.qualifiers) if not any(_says(t, q) for t in texts)
                   and (q != "rough" or _exact(texts))]
        missing += [w for w in fr.modifiers if _stem(w) not in stems]
        if not missing:
            return None
        if best is None or len(missing) < best[0]:
            best = (len(missing), x, missing[0])
    assert best is not None
    _, x, said = best
    if _says(said, "rough"):
        return (f"{f.written} … {said}", f"the claim that states {f.written!r} ({x}) gives it audited, not as an "
                                         f"estimate: {said!r} makes an audited figure a rough one")
    return (f"{f.written} … {said}",
            f"the claim that states {f.written!r} ({x}) does not say {said!r} (a figure is backed with the words "
            "beside it by one claim)")


def _exact(texts: Sequence[str]) -> bool:
    """Whether a claim's texts give its figure as audited and nowhere as an estimate: "rough" or
    "approximately" of it turns the audited figure into one (a bare figure takes them)."""
    return any(_says(t, "audited") for t in texts) and not any(_says(t, "estimated") or _says(t, "rough")
                                                                for t in texts)


def _kinds(text: str, clause: tuple[int, int], group) -> list[tuple[str, str]]:
    """(name, as written) of each word of a contrast group said in ``clause`` of ``text``."""
    part = text[clause[0]:clause[1]]
    return [(name, m.group(0)) for name, rx in group if (m := rx.search(part))]


def _contrast_swapped(text: str, fr: Frame, occurrences) -> tuple[str, str] | None:
    """A word of a kind ("return" fare, "monthly", "median") in the figure's clause where every
    claim that states the figure and says a word of that kind in its clause says another
    ("single"): the figure is told of another kind of thing."""
    for group in _CONTRAST:
        mine = _kinds(text, fr.clause, group)
        if not mine:
            continue
        names = {n for n, _ in mine}
        theirs = [(x, t, g, _kinds(t, g.clause, group)) for x, t, g in occurrences]
        told = [(x, t, g, k) for x, t, g, k in theirs if k]
        if not told or any(names & {n for n, _ in k} for _, _, _, k in told):
            continue
        x, t, g, k = told[0]
        return (f"{mine[0][1]} … {fr.figure.written}",
                f"the claim that states {fr.figure.written!r} ({x}) tells it of {k[0][1]!r}, not "
                f"{mine[0][1]!r} ({_near(t, g.figure)})")
    return None


def _event_swapped(text: str, fr: Frame, occurrences, claims: Claims) -> tuple[str, str] | None:
    """A date bound to a word the claims bind to another of their dates ("signed in November"
    of "signed in August ..., installation scheduled for November")."""
    if fr.figure.kind != "date" or not fr.event:
        return None
    if not any(g.event for _, _, g in occurrences):
        return None  # the claims bind nothing to this date: nothing to swap
    near = set().union(*(_clause_stems(t, g.clause) for _, t, g in occurrences))
    for w in [w for w in fr.event if w not in near]:
        for x, texts in claims:
            for t in texts:
                for h in frames(t):
                    if h.figure.kind == "date" and not _same(fr.figure, h.figure) and w in h.event:
                        word = next((v for v in _WORD.findall(text[fr.clause[0]:fr.clause[1]]) if _stem(v) == w), w)
                        return (f"{word} … {fr.figure.written}",
                                f"the claim ({x}) says {word!r} of {h.figure.written!r} ({_near(t, h.figure)}), "
                                f"not of {fr.figure.written!r} (each date keeps its own words)")
    return None


def _near(text: str, f: Figure) -> str:
    start = max(0, text.rfind(" ", 0, max(0, f.start - 20)) + 1)
    return " ".join(text[start:f.end].split())

