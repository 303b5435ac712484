"""Pre-flags: what a machine can see in a sentence for a person to judge (never a refusal).

The gate proves that quotes exist and that figures match; it cannot prove that a sentence means
what its quotes mean. These readings point a person at the sentences most likely to say more
than their quotes. Each returns ``Flag`` records with a registered ``W-REVIEW-`` code; none of
them is counted by ``sb verify``.

- **name** (``W-REVIEW-NAME``): a capitalised name or place (or a katakana name in Japanese)
  in a cited sentence that none of its cited quotes contains;
- **claim-more** (``W-REVIEW-CLAIM-MORE``): content words of a claim's text that its quotes
  lack, beyond a small share: the claim says more than the quote;
- **sentence-more** (``W-REVIEW-SENTENCE-MORE``): content words of a cited sentence that
  neither its claims' texts nor their quotes have, beyond a larger share (a paraphrase that
  may change the meaning);
- **link** (``W-REVIEW-LINK``): a word of cause, exclusivity or scale (because, led to, only,
  double, ...) in a cited sentence that no cited quote or claim text contains;
- **declared** (``W-REVIEW-DECLARED-FACT``): a framing or inferred sentence that names a
  person or place, or states a figure, its claims do not;
- **attribution** (``W-REVIEW-ATTRIBUTION``): a cited sentence names the publisher or byline of
  another source of the workspace, not of a source it cites ("The operator says" over a trade
  paper's quote);
- **asof** (``W-REVIEW-TITLE-ASOF``): a title, heading or thesis with a figure or a period
  ("November 2019") and no as-of date beside it (a whole day, "18 May 2001", is not a period;
  a document's or release's name, "PEP 563", "RFC 9110", "Go 1.21", "issue 32437", is no figure);
- **hedge** (``W-REVIEW-HEDGE``): the cited quotes hedge or advise ("can", "should", "may", "in
  the worst case") and the sentence states it plainly, or says "must"/"requires"/"always"
  ("can be enabled", what may be done to a thing, is no hedge);
- **proposal** (``W-REVIEW-PROPOSAL``): a claim says its document proposes something ("PEP 649
  proposes a mechanism for lazily computing annotations") and the sentence tells it as what is
  ("PEP 649 computes annotations lazily"). Describing an accepted proposal by what it does is
  ordinary writing, so a person judges whether the proposal was adopted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...base.patterns import lazy
from ...engines.text import figures
from ...engines.text.sentences import is_cjk

if TYPE_CHECKING:
    from ...engines.review.model import Flag

CODES = ("W-REVIEW-NAME", "W-REVIEW-CLAIM-MORE", "W-REVIEW-SENTENCE-MORE", "W-REVIEW-LINK",
         "W-REVIEW-DECLARED-FACT", "W-REVIEW-ATTRIBUTION", "W-REVIEW-TITLE-ASOF", "W-REVIEW-HEDGE",
         "W-REVIEW-PROPOSAL")

# capitalised words that are not names: months and days are dates (the figures reading owns
# them), the rest start sentences or clauses
_COMMON = frozenset("""
a an the and but or nor so yet for of in on at by to from with as if then than that this these those
there here it its it's they them their we our you your he she his her i me my mr mrs ms dr st
what when where which who whom whose why how is are was were be been being do does did not no yes
all any both each every few more most other some such only own same too very can will just should
now also after before during until while since because although though however meanwhile still
according per about over under between into through across against among around up down out off
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec
monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow
""".split())
_STOP = _COMMON | frozenset("""
has have had having would could might must shall may one two three four five six seven eight nine ten
said says say saying told tells tell reported reports report according
new first last next many much lot lots like also even ever never again well back way
""".split())
_WORD = lazy(r"[^\W\d_][\w'’\-]*", re.UNICODE)
_CAP_RUN = lazy(r"(?<![\w'’])(?:[A-Z][\w'’\-]*|[A-Z]{2,}\d*)(?:\s+(?:of|de|la|le|van|von|da|del|the)?\s*[A-Z][\w'’\-]*)*")
_CODE = lazy(r"(?<![\w])[A-Z]+\d[\w\-]*")  # route and model codes: W3, A320, COVID-19
_KATAKANA = lazy(r"[\u30A1-\u30FA\u30FC]{2,}")
_LINK_WORDS = ("because", "due to", "owing to", "led to", "lead to", "leads to", "caused", "causes", "cause",
               "resulted in", "result of", "as a result", "therefore", "thus", "hence", "so that",
               "only", "solely", "all", "none", "never", "always", "every", "double", "doubled",
               "twice", "triple", "tripled", "halved", "majority", "record", "despite")
_PERIOD = lazy(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
               r"December)\b|\b(?:1[89]|20)\d{2}\b|[0-9０-９]+月|[0-9０-９]{4}年")
_SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "edly", "ed", "es", "ly", "s")


def _flag(code: str, message: str, claim: str = "") -> Flag:
    """A pre-flag; the review's records are imported on first use (``sb verify`` reads this module
    for ``missing_words`` alone)."""
    from ...engines.review.model import Flag

    return Flag(code, message, claim=claim)


def _fold(text: str) -> str:
    return " ".join(text.replace("’", "'").lower().split())


def _contains(hay: str, words: str) -> bool:
    """``words`` (folded) occur in ``hay`` (folded) as whole words (anywhere, for a script
    written without spaces)."""
    if any(is_cjk(ch) for ch in words):
        return words in hay
    return re.search(r"(?<![\w])" + re.escape(words) + r"(?![\w])", hay) is not None


# the same place written two ways: a quote saying "U.S." backs a sentence saying "United States"
_ALIASES = (("united states", "u.s.", "us", "usa", "u.s.a.", "america"), ("united kingdom", "u.k.", "uk", "britain"),
            ("united nations", "u.n.", "un"), ("european union", "e.u.", "eu"))


def _named_in(hay: str, name: str) -> bool:
    """A name (folded) occurs in ``hay``: as written, with each word's plural ending dropped
    ("Dreamliners" for "Dreamliner"), or as a known alias."""
    if _contains(hay, name):
        return True
    if not any(is_cjk(ch) for ch in name):
        single = " ".join(re.sub(r"(?<=[a-z]{3})(?:es|s)$", "", w) for w in name.split())
        if single != name and _contains(hay, single):
            return True
    for group in _ALIASES:
        if name in group and any(_contains(hay, a) for a in group if a != name):
            return True
    return False


def names(text: str) -> list[str]:
    """Capitalised names and places in a sentence (multi-word runs kept together), codes such as
    W3, and katakana names; a lone capitalised first word is taken as the sentence's start."""
    out: list[str] = []
    first = _WORD.search(text)
    for m in _CAP_RUN.finditer(text):
        run = re.sub(r"['’]s?$", "", m.group(0).strip())  # "Inner Mongolia's" names Inner Mongolia
        words = [w for w in run.split() if w.lower() not in _COMMON]
        if not words:
            continue
        # "Ewing's proposal": a possessive names someone even where it starts the sentence
        possessive = re.search(r"['’]s$", m.group(0).strip()) is not None
        at_start = first is not None and m.start() == first.start()
        before = text[:m.start()].rstrip()
        after_stop = before.endswith((":", "\"", "“", "(", "—", "–")) or before == ""
        if (at_start or after_stop) and not possessive and len(run.split()) == 1 and not _CODE.fullmatch(run) and not run.isupper():
            continue  # a capital that only starts the sentence or a clause
        if len(words) == 1 and len(words[0]) < 2:
            continue
        out.append(" ".join(words))
    out += [m.group(0) for m in _KATAKANA.finditer(text)]
    return list(dict.fromkeys(out))


def _stem(word: str) -> str:
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    for suf in _SUFFIXES:
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            return w[: -len(suf)]
    return w


def content_words(text: str) -> list[str]:
    """The words that carry meaning (Latin-script words of three letters or more that are not
    function words), in order, once each."""
    out = []
    for m in _WORD.finditer(text):
        w = m.group(0).strip("'’-")
        if len(w) < 3 or w.lower() in _STOP or not w.isascii():
            continue
        out.append(w.lower())
    return list(dict.fromkeys(out))


def _has_word(word: str, stems: set[str], prefixes: set[str]) -> bool:
    s = _stem(word)
    return s in stems or (len(s) >= 5 and s[:5] in prefixes)


def missing_words(text: str, backing: Iterable[str]) -> tuple[list[str], int]:
    """The content words of ``text`` that ``backing`` lacks (compared by a crude stem), and how
    many content words ``text`` has."""
    words = content_words(text)
    back = [w for b in backing for w in content_words(b)]
    stems = {_stem(w) for w in back}
    prefixes = {_stem(w)[:5] for w in back if len(_stem(w)) >= 5}
    return [w for w in words if not _has_word(w, stems, prefixes)], len(words)


def clause_said(clause: str, backing: list[str]) -> bool:
    """The claims (``backing``: their texts and quotes) say ``clause``: its words, compared by
    stem, are theirs but for half of them at most, and it negates only where they do."""
    from ...engines.text.stance import negated, prefix_negations, unframed

    # "not backward compatible" of "backwards incompatible": the claims' word, negation and all
    clause = prefix_negations(clause, backing)
    # "The design document itself calls growth like that ...": the speaker is the speaker
    # rules' to judge, what the clause says is the claims' to say
    missing, total = missing_words(unframed(clause), backing)
    return total > 0 and len(missing) * 2 <= total and (not negated(clause) or any(negated(b) for b in backing))


def _too_many(missing: list[str], total: int, share: float, floor: int) -> bool:
    return len(missing) >= floor and len(missing) / max(total, 1) > share


def _show(words: list[str], n: int = 6) -> str:
    return ", ".join(repr(w) for w in words[:n]) + (" ..." if len(words) > n else "")


# ---- the readings ----------------------------------------------------------------------------

def name_flags(sentence: str, quotes: list[str], own: Iterable[str] = ()) -> list[Flag]:
    """``own``: the publishers and bylines of the cited sources (naming them attributes, it adds nothing)."""
    if not quotes:
        return []
    hay = _fold(" ".join([*quotes, *own]))
    lost = [n for n in names(sentence) if not _named_in(hay, _fold(n))]
    if not lost:
        return []
    return [_flag("W-REVIEW-NAME", f"{_show(lost)} in the sentence: none of its cited quotes contains "
                                   f"{'it' if len(lost) == 1 else 'them'}; check the place or name is the source's, "
                                   "or cite the quote that says it")]


def attribution_flags(sentence: str, own: Iterable[str], others: Iterable[str]) -> list[Flag]:
    """``own``: publishers and bylines of the cited sources; ``others``: those of the workspace's
    other sources."""
    said = _fold(sentence)
    mine = {_fold(x) for x in own if x}
    named = [x for x in dict.fromkeys(others) if x and len(x) > 2 and _fold(x) not in mine
             and not any(_fold(x) in m for m in mine) and _contains(said, _fold(x))]
    if not named:
        return []
    return [_flag("W-REVIEW-ATTRIBUTION", f"the sentence names {_show(named)}, the publisher or byline of another "
                                          "source, not of a source it cites; check who said it, and cite that source")]


def claim_more_flags(claim_id: str, claim_text: str, quotes: list[str],
                     names: Iterable[str] = ()) -> list[Flag]:
    """``names``: the titles and publishers of the claim's sources, which a claim may name."""
    if not quotes:
        return []
    missing, total = missing_words(claim_text, [*quotes, *names])
    if not _too_many(missing, total, 0.25, 2):
        return []
    return [_flag("W-REVIEW-CLAIM-MORE", f"the claim's text has words its quotes lack ({_show(missing)}: "
                                         f"{len(missing)} of {total}); check the claim says no more than the quote",
                  claim=claim_id)]


def sentence_more_flags(sentence: str, backing: list[str]) -> list[Flag]:
    if not backing:
        return []
    missing, total = missing_words(sentence, backing)
    if not _too_many(missing, total, 0.6, 4):
        return []
    return [_flag("W-REVIEW-SENTENCE-MORE", f"the sentence has words its claims and quotes lack ({_show(missing)}: "
                                            f"{len(missing)} of {total}); check the paraphrase keeps the meaning")]


def link_flags(sentence: str, backing: list[str]) -> list[Flag]:
    if not backing:
        return []
    said, hay = _fold(sentence), _fold(" ".join(backing))
    found = [w for w in _LINK_WORDS if _contains(said, w) and not _contains(hay, w)]
    if not found:
        return []
    return [_flag("W-REVIEW-LINK", f"{_show(found)} in the sentence: no cited quote or claim says "
                                   f"{'it' if len(found) == 1 else 'them'}; check the link of cause, exclusivity "
                                   "or scale is the source's, not the writer's")]


def declared_flags(sentence: str, kind: str, backing: list[str]) -> list[Flag]:
    hay = _fold(" ".join(backing))
    said = [n for n in names(sentence) if not _named_in(hay, _fold(n))]
    from ...engines.text.figure_units import small_counts

    # "the two figures disagree" counts what the page shows: the gate's own reading
    outline = {c.written.lower() for c in small_counts(sentence) if c.kind in ("apparatus", "none")}
    said += [f.written for f in figures.find_figures(sentence) if f.kind != "ambiguous"
             and f.written.lower() not in outline and not _contains(hay, _fold(f.written))]
    if not said:
        return []
    what = "framing" if kind == "framing" else "the author's inference"
    return [_flag("W-REVIEW-DECLARED-FACT", f"a sentence declared {what} names or states {_show(said)}; framing and "
                                            "inference carry no facts: cite the claim that states it, or say it without")]


_TIME_UNIT = lazy(r"\s+(?:days?|weeks?|months?|years?|decades?|centur(?:y|ies)|hours?|nights?|seasons?)\b", re.I)


def _topic_count(f: figures.Figure, text: str) -> bool:
    """A small whole number written in words that counts what the page covers ("Two changes to
    the pass", "Three routes"): the page's own outline, no figure a reader takes as current. A
    count of days, months or years is a period and still counts."""
    return (f.spelled and f.kind == "number" and f.key.isdigit() and int(f.key) <= 12
            and not _TIME_UNIT.match(text, f.end))


# a number a word before it makes a name: "issue 32437", "proposal #32437", "section 4.2"
_NUMBER_NAMED = lazy(r"(?:(?<![\w])(?:issues?|proposals?|bugs?|tickets?|PR|CL|pull\s+request|"
                     r"sections?|chapters?|appendix|figure|table)\s+#?|#)\Z", re.I)
_RELEASE_NAME = lazy(r"(?<![\w'’])([A-Z][A-Za-z+#]*)\s+\Z")  # "Go 1.21", "Java 1.8"


def _a_name(f: figures.Figure, text: str) -> bool:
    """The figure names a document or a release, not a quantity a date would bound: a standard or
    a version ("PEP 563", "RFC 9110", "Python 3.14", "v2.1.0"), a numbered item ("issue 32437",
    "section 4.2") or a product's release ("Go 1.21": a capitalised name that is no common
    word, then a bare number with one dot; "In 1.21 seconds" and "1.5 billion" stay figures)."""
    if f.kind == "version":
        return True
    if f.kind != "number":
        return False
    before = text[max(0, f.start - 20):f.start]
    if _NUMBER_NAMED.search(before):
        return True
    m = _RELEASE_NAME.search(before)
    return m is not None and m.group(1).lower() not in _COMMON and re.fullmatch(r"\d+\.\d+", f.written) is not None


def period_of(text: str, dates_only: bool = False) -> list[str]:
    """Figures and periods in a title or thesis ("November 2019", "2019", "31,000"; with
    ``dates_only`` the periods alone). A small count written in words is the page's outline,
    not a figure ("Two changes to the pass"); a document's or a release's name is a name, not a
    figure ("PEP 563", "RFC 9110", "Go 1.21", "issue 32437")."""
    found = figures.find_figures(text)
    named = [(f.start, f.end) for f in found if _a_name(f, text)]
    out = [f.written for f in found if f.kind not in ("ambiguous", "ident")  # W3 names a route
           and (not dates_only or (f.kind == "date" and len(f.key) < 10)) and not _topic_count(f, text)
           and (f.start, f.end) not in named]
    days = [f.written for f in found if f.kind == "date" and len(f.key) >= 10]
    out += days if not dates_only else []
    out += [m.group(0) for m in _PERIOD.finditer(text) if not any(m.group(0) in w for w in out + days)
            and not any(s <= m.start() and m.end() <= e for s, e in named)]
    return list(dict.fromkeys(out))


def states_a_day(text: str) -> bool:
    """The sentence names a day ("19 November 2019", "2019-11-19"): it says where it stops."""
    return any(f.kind == "date" and len(f.key) >= 10 for f in figures.find_figures(text))


def asof_flags(text: str, where: str, has_as_of: bool) -> list[Flag]:
    if has_as_of:
        return []
    # a thesis is cited, so its figures stand; what misleads there is a period read as whole
    said = period_of(text, dates_only=where not in ("title", "heading"))
    if not said:
        return []
    what = {"title": "the title", "heading": "a heading"}.get(where, "the thesis")
    return [_flag("W-REVIEW-TITLE-ASOF", f"{what} states {_show(said)} with no as-of date: a reader takes it as the "
                                         "whole period or as current; check the sources cover all of it, or say "
                                         "when the figure stops (\"to 19 November\")")]


# words that soften a statement (possibility, advice, a bound) and words that harden it
_SOFT = lazy(r"(?<![\w])(?:can|could|may|might|should|ought\s+to|likely|possibly|perhaps|probably|"
             r"in\s+the\s+worst\s+case|at\s+worst|up\s+to|usually|often|typically|generally|"
             r"recommend(?:s|ed)?|suggest(?:s|ed)?|expected\s+to|due\s+to|plans?\s+to|"
             r"может|возможно|следует|かもしれ|べき|可能|应该|可以)(?![\w])", re.I)
_HARD = lazy(r"(?<![\w])(?:must|requires?|required|always|never|every|all|will|guarantees?|"
             r"обязан|必ず|必须)(?![\w])", re.I)


# "can be enabled", "can be set with": what may be done to a thing (its ability, a permission),
# not a hedge on a fact; a judgement in the passive ("can be seen as", "can be considered") still
# softens
_CAN_DONE = lazy(r"\s+(?:also\s+|still\s+|now\s+|easily\s+|only\s+)?be\s+(?!(?:considered|seen|regarded|"
                 r"viewed|expected|described|thought|called|argued|said|deemed|interpreted|understood|"
                 r"attributed|linked|explained|traced|taken|read|judged|characteri[sz]ed)\b)"
                 r"(?:[a-z]+ed|set|put|run|made|done|built|kept|found|given|written|turned|switched|shown|"
                 r"used|sent|held|left|got|gotten|chosen|frozen|broken|hidden|spoken|taken|known)\b", re.I)


def _softening(text: str) -> list[str]:
    """The words of ``text`` that soften it; "can" of what may be done ("can be enabled") is not
    one."""
    return [" ".join(m.group(0).lower().split()) for m in _SOFT.finditer(text)
            if not (m.group(0).lower() == "can" and _CAN_DONE.match(text, m.end()))]


def hedge_flags(sentence: str, quotes: list[str], claim_texts: list[str]) -> list[Flag]:
    """The quotes soften what they say and the sentence does not, or hardens it: "should"
    become "requires", "can cause ... in the worst case" become "makes"."""
    if not quotes:
        return []
    soft = list(dict.fromkeys(w for q in quotes for w in _softening(q)))
    if not soft:
        return []
    hard = [m.group(0).lower() for m in _HARD.finditer(sentence)
            if not any(re.search(r"(?<![\w])" + re.escape(m.group(0).lower()) + r"(?![\w])", q.lower())
                       for q in quotes + claim_texts)]
    mine = set(_softening(sentence))
    if mine - set(soft) and not hard:
        return []  # a hedge of its own words
    lost = [w for w in soft if w not in mine]
    if not lost and not hard:
        return []
    soft = lost or soft
    said = f"says {_show(hard)}" if hard else "does not"
    return [_flag("W-REVIEW-HEDGE", f"its quotes say {_show(soft)} and the sentence {said}; check it keeps the "
                                    "source's hedge or advice")]


def proposal_flags(sentence: str, claim_texts: list[str]) -> list[Flag]:
    """A claim's "proposes" that the sentence tells as what is."""
    from ...engines.text.stance import proposal_told_as_fact

    for text in claim_texts:
        word = proposal_told_as_fact(text, sentence)
        if word:
            return [_flag("W-REVIEW-PROPOSAL", f"the claim says {word!r} and the sentence tells it as what is; "
                                               "check the proposal was adopted, or keep its word (\"proposes\")")]
    return []
