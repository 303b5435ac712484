"""How a sentence stands towards what it says: negation, hedging, and the words before a cut.

A claim may say no more than its quote, and it may not say something the quote does not. Three
cheap, over-eager readings catch the common ways a faithful-looking claim turns its evidence
around; they only flag a claim for a person to look at, they never decide:

- ``negated``: the text carries a negation ("not", "never", "no longer", "no", "none", "cannot",
  "n't"; ない/ません, 不/没, не/нет);
- ``modals``: the hedges a text carries ("may", "might", "could", "possibly", "expected to",
  "likely", and a few in the demo languages); ``hedged`` says whether a claim hedges at all;
- ``cut_context``: for a quote that starts mid-sentence, what the words just before it make of
  it (someone's report, a question, a denial), or None; ``report_frame``: the speaker's words
  of a quote that is someone's whole report ("Riders told The Ferry Ledger that ...");
- ``frame_dropped``, ``speaker_swapped``, ``speaker_unnamed``: a sentence tells as a plain fact what its
  claim reports someone saying ("The authority says ..."), or names another speaker than the claim does
  (or, when the claim names none, a speaker its source's record must back);
- ``condition_dropped``: a sentence restates a claim without the condition the claim states on
  itself ("once new readers are installed", "when travelling with a paying adult");
- ``hedge_dropped``: a page sentence states plainly what its claim only expects, plans or allows
  (the gate refuses it: the reader takes a plan for a fact);
- ``scale_words``: words of record, superlative and completion ("a record 38,500", "the
  busiest route", "already fitted"), which the gate holds to what the cited claims and quotes
  say;
- ``label_says``: what a heading, a label or a title says of the claims it stands over that they
  do not (a word of scope or change, a plan told as done, a condition dropped); ``change_told``:
  a change a line that should state nothing takes as so ("so much busier this year").

Pure functions over strings; English word lists, plus the short forms of the demo languages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache, wraps
from typing import Any, TypeVar, cast

from ...base.patterns import lazy
from ...base.record import TupleRecord
from ...base.unseen import as_seen

# "No. 5" is a number, not a negation; "n't" is glued to its verb.
# "no" of an idiom denies nothing a claim says: "for no good reason" (spurious), "no matter", "no doubt"
_NEG_WORDS = lazy(r"\b(?:not|never|none|cannot|hardly|scarcely|no(?!\.\s*\d)(?!\s+(?:(?:good|apparent|real|obvious|particular)\s+)?"
                  r"reason|\s+matter|\s+doubt|\s+wonder))\b|n['’]t\b|\b(?:не|нет|никогда|незачем)\b",
                  re.IGNORECASE)
# 无需/无须/毋须 "no need to" (不需要 and 不必 are 不)
_NEG_CJK = ("ない", "ません", "なかっ", "不", "没", "无需", "无须", "毋须", "毋需")
# a condition said as failing ("even without the new readers", "even if they are not fitted"):
# the sentence tells the claim true where its condition does not hold, "not yet" or not;
# 少なくても ("at least") is no negation
_NEG_EVEN = lazy(r"\beven\s+without\b|\beven\s+(?:if|though|when)\b(?:\s+[^\s.,;:]+){0,6}?\s+(?:not|never|no)\b|"
                 r"\bдаже\s+без\b|\bдаже\s+(?:если|когда)\b(?:\s+[^\s.,;:]+){0,6}?\s+не\b|"
                 r"(?<!少)(?:な|無)くても|(?:な|無)しでも|(?:即使|即便|哪怕|就算)(?:没有|没|不|无)",
                 re.IGNORECASE, needs=("even", "даже", "くても", "しでも", "即使", "即便", "哪怕", "就算"))

# "may" the modal, not "May" the month (a day or a year next to it says which)
_MODAL = lazy(r"(?<!\d[\s-])\bmay\b(?![\s-]+\d)|\b(?:might|could|possibly|likely|expected\s+to|"
              r"может|могут|мог|могла|могло|могли|возможно|вероятно|ожидается)\b", re.IGNORECASE,
              needs=("may", "might", "could", "possibly", "likely", "expected", "может", "мог", "возможно", "вероятно",
                     "ожидается"))
# "ありうる"/"あり得る" (can happen), "可能" (possible, also "可能性がある"), "也许"/"或许" (perhaps)
_MODAL_CJK = ("かもしれ", "見込み", "可能", "预计", "ありうる", "ありえる", "あり得る", "ありえます", "あり得ます",
              "也许", "或许")
# a claim that hedges in any of these words keeps its quote's hedge
# "due to" + a verb plans ("is due to accept"); "due to the new readers" gives a cause, no plan
_CAUSE = r"(?!\s+to\s+(?:the|a|an|its|their|this|that|these|those|his|her|our)\b)"
_CLAIM_HEDGE = lazy(r"\b(?:probably|perhaps|expects?|expected|would|should|due" + _CAUSE + r"\s+to|plans?\s+to|"
                    r"planned|scheduled|forecasts?|projected|estimated?|unconfirmed|set\s+for)\b", re.IGNORECASE)

# a claim that hedges only with one of these plans or schedules: a sentence in the future tense
# ("will accept from 1 December") keeps it; a possibility ("may", "could") needs a hedge of its own
_PLAN = lazy(r"\b(?:expects?|expected|would|should|due\s+to|plans?\s+to|planned|scheduled|set\s+for|forecasts?|"
             r"projected|ожидается|予定|计划)\b|予定|计划", re.IGNORECASE)
_FUTURE = lazy(r"\b(?:will|shall|(?:is|are)\s+to|set\s+(?:to|for)|due" + _CAUSE + r"|scheduled|not\s+(?:before|until)|aims?\s+to|intends?\s+to|going\s+to|"
               r"plans?|planned|expects?|estimates?|estimated|says?|said|according\s+to)\b|予定|计划|将",
               re.IGNORECASE)
_WORD_RUN = lazy(r"[^\W\d_][\w'’-]*")  # a word: letters first, then letters, digits, apostrophes, hyphens
_PART_BREAK = lazy(r"[,;:()—–]")
_CLAUSE_BREAK = lazy(r"[,;:.!?。！？，；]")
_SENTENCE_BREAK = lazy(r"[;.!?。！？；]")
# ``_FUTURE`` without its words of speech: what keeps a plan a plan
_PLAN_KEPT = lazy(r"\b(?:will|shall|(?:is|are)\s+to|set\s+(?:to|for)|due" + _CAUSE + r"|scheduled|not\s+(?:before|until)|"
                  r"aims?\s+to|intends?\s+to|going\s+to|plans?|planned|expects?|estimates?|estimated)\b|予定|计划|将",
                  re.IGNORECASE)
_SCALE = lazy(r"\b(?:record(?:[- ](?:breaking|setting|high|low))?(?!\s+(?:of|book|books|keeping)\b)|all[- ]time|"
              r"unprecedented|highest|lowest|largest|biggest|smallest|greatest|fewest|fastest|slowest|"
              r"busiest|quietest|cheapest|costliest|longest|shortest|best|worst|"
              # a rank among others ("the first route to take it", "the only boat that"): not an order
              # of steps or of a page's parts ("the first step", "the first figure below")
              r"(?<=the\s)(?:first|last|only|sole)(?=\s+(?!(?:way|step|steps|time|place|part|half|quarter|day|week|"
              r"month|year|page|section|line|column|row|figure|sentence|claim|paragraph|item|entry|thing|things|"
              r"one|two|three|four|five)\b)[^\W\d_]+\s+(?:to|that|which|who|with|where)\b)|"
              r"рекорд\w*|наибольш\w*|наименьш\w*)\b|過去最\w|史上最|"
              # 最大 and its kin before a number are a cap ("最大79文字", "最多3个": up to 79, at most 3),
              # no record
              r"(?:最高|最多|最大|最低)(?![ \t]*[でにはも]?[ \t]*[0-9０-９〇一二三四五六七八九十百千万])|创纪录|纪录|历史最",
              re.IGNORECASE)
# "already" turns a plan into a thing done ("its new readers already fitted")
_DONE = lazy(r"\b(?:already|now|currently|at\s+present|presently|these\s+days|bereits|déjà|уже|сейчас|теперь)\b|"
             r"既に|すでに|現在|今は|已经|现在|目前", re.IGNORECASE,
             needs=("already", "now", "currently", "present", "these", "bereits", "déjà", "уже", "сейчас", "теперь",
                    "既に", "すでに", "現在", "今は", "已经", "现在", "目前"))
_NOT_SCALE = lazy(r"\b(?:on|off\s+the|for\s+the)\s+record\b", re.IGNORECASE)

_REPORTING = lazy(r"\b(?:said|says|(?<!to )say|claimed|claims|reported|reports|according\s+to|told|stated|alleged|"
                  r"alleges|wrote|writes|insisted|insists|complained|complains)\b", re.IGNORECASE)
# "told the transport committee of Calder Bay that": the verb of report may stand further back
# than the last few words when "that" ends them
_REPORTED_THAT = lazy(r"\b(?:said|says|say|claimed|claims|reported|reports|told|tells?|stated|alleged|alleges|wrote|"
                      r"writes|insisted|insists|complained|complains)\b(?:\s+[^\s.!?;:]+){0,8}?\s+that\s*$",
                      re.IGNORECASE)
_QUESTION = lazy(r"\b(?:asked|asks|wondered|wonders)\s+(?:\w+\s+)?(?:whether|if)\b|\bwhether\b",
                 re.IGNORECASE)
_DENIAL = lazy(r"\b(?:denied|denies|deny|disputed|disputes|rejected|false)\b", re.IGNORECASE)
# a quote cut right after what makes it a thing to do: an action item ("Action: publish ...",
# "Action: officers to publish ..."), a future or a plan ("will", "plans to", "is to", "due to")
_PLAN_BEFORE = lazy(r"(?:^|[-*•]\s*)(?:actions?(?:\s+(?:point|item)s?)?|to\s*do|todo|next\s+steps?)\s*:"
                    r"(?:\s+[^\s.!?;:]+){0,4}?(?:\s+to)?\s*$|"
                    r"\b(?:will|shall|plans?\s+to|planned\s+to|intends?\s+to|aims?\s+to|going\s+to|"
                    r"(?:is|are|was|were)\s+(?:due\s+|set\s+|expected\s+|scheduled\s+)?to)\s*$", re.IGNORECASE)


def keeps_plan(claim_text: str, quote: str) -> bool:
    """Whether a claim keeps as a plan a quote cut from one ("Action: publish the figures"): it
    hedges, speaks in the future or of a plan, or says "to publish", the quote's first verb
    after "to", or names the action ("an action")."""
    said = _seen(claim_text)
    if hedged(said) or _FUTURE.search(said) or re.search(r"\b(?:actions?|asked|agreed|undert(?:ook|ake)|promised|"
                                                         r"decided|resolved)\b", said, re.IGNORECASE):
        return True
    first = re.match(r"\s*([^\W\d_]+)", quote)
    return bool(first and re.search(rf"\bto\s+{re.escape(first.group(1))}\b", said, re.IGNORECASE))


# a proposal in its author's words: "I propose that we pick 50%", "We propose the addition of",
# "This PEP proposes"; a claim keeps it with a verb of proposing ("proposes", "suggests",
# "calls for"), a hedge or the future ("would add"), not with the noun ("The proposal picks")
_PROPOSE = lazy(r"\b(?:I|we)\s+(?:would\s+|therefore\s+|also\s+|hereby\s+|now\s+)?(?:propose|suggest|recommend)\b|"
                r"\bpropose[sd]?\s+that\b|\bproposes\b", re.IGNORECASE, needs=("propos", "suggest", "recommend"))
_KEEPS_PROPOSAL = lazy(r"\bpropos(?:e|es|ed|ing)\b|\bproposals?\s+(?:is|are|was)\s+to\b|\bsuggest\w*|\brecommend\w*|"
                       r"\bcalls?\s+for\b|\bargues?\s+for\b|\badvocat\w*|\bputs?\s+forward\b|\boffers?\s+to\b|"
                       r"\bwould\b|\bcould\b|\bshould\b|\bplans?\b|\bintends?\b|\baims?\b|\bwants?\b|\bseeks?\b",
                       re.IGNORECASE)


def proposal_told_done(claim_text: str, quote: str, before: str = "") -> str | None:
    """The words of a quote that propose what it says ("I propose that we pick 50% as the
    default fraction", "I propose the addition of three new metrics"; ``before``: the words of
    its sentence before a quote cut after them) when the claim restates what is proposed (half
    its words) and keeps no word of proposing, hedge or future: "The proposal picks 50%" tells
    a proposal as decided; "The proposal proposes 50%", "The author proposes picking 50%" and
    "The proposal would add three metrics" keep it. None otherwise."""
    seen = " ".join(_seen(quote).split())
    m = _PROPOSE.search(seen)
    what = seen[m.end():] if m else seen
    if m is None and before:
        m = _PROPOSE.search(" ".join(_seen(before).split()))
    if m is None:
        return None
    said = _seen(claim_text)
    if _KEEPS_PROPOSAL.search(said) or hedged(said) or _FUTURE.search(said):
        return None
    what = re.split(r"(?<=[.!?])\s", what.strip(), maxsplit=1)[0]  # what is proposed: the rest of its sentence
    return " ".join(m.group(0).split()) if what and _restates(what, said) else None


def proposal_told_as_fact(claim_text: str, sentence: str) -> str | None:
    """The claim's word of proposing when ``sentence`` tells what is proposed as what is: the
    claim says "PEP 649 proposes a new mechanism for lazily computing annotations", the sentence
    names its subject (a name with digits: "PEP 649") and a third of what is proposed ("PEP 649
    computes annotations lazily") with no word of proposing, hedge or future ("PEP 649 proposes
    computing them lazily", "PEP 649 would compute them lazily" keep it). None otherwise."""
    said = " ".join(_seen(claim_text).split())
    m = _PROPOSE.search(said)
    if m is None or hedged(said[:m.start()]):
        return None
    seen = _seen(sentence)
    if _KEEPS_PROPOSAL.search(seen) or hedged(seen) or _FUTURE.search(seen):
        return None
    # the proposer, named: "PEP 649", "RFC 9110", "The Go team" (not "It" or "This")
    subject = [w for w in re.findall(r"[^\W_]+", _CLAUSE_BREAK.split(said[:m.start()])[-1])
               if w.lower() not in ("the", "this", "that", "a", "an", "it", "its", "which", "who")]
    named = {w.lower() for w in re.findall(r"[^\W_]+", seen)}
    if not subject or not any(w[0].isupper() or w[0].isdigit() for w in subject) or \
            not all(w.lower() in named for w in subject):
        return None
    what = re.split(r"(?<=[.!?])\s", said[m.end():].strip(), maxsplit=1)[0]
    words = {_stem(w.lower()) for w in _CONTENT.findall(what)}
    told = {_stem(w.lower()) for w in _CONTENT.findall(seen)}
    return " ".join(m.group(0).split()) if words and len(words & told) * 3 >= len(words) else None


def _stem(word: str) -> str:
    """A word without its commonest English endings: "computes", "computing", "computed" meet."""
    for end in ("ing", "es", "ed", "s", "e"):
        if len(word) > len(end) + 3 and word.endswith(end):
            return word[: -len(end)]
    return word


_STOPS = ".!?。！？"
_LOOKBACK = 240  # characters read before a quote to find where its sentence starts
_TAIL_WORDS = 5  # "the words just before it": this many


# The text as a reader sees it: a word joiner inside "not", a full-width letter or a Cyrillic о
# in "nоt" must not hide a word from the lists below. Remembered: a sentence's claims and quotes
# are read again for every sentence that cites them.
_seen = lru_cache(maxsize=4096)(as_seen)


# The readings below are asked of a claim's text and quotes again for every sentence that cites
# them: each is remembered by its text (they return what cannot be changed, or a fresh list).
_UNCHANGED = lazy(r"\b(?:unchanged|unaltered|steady|flat|stable|the\s+same\s+as|no\s+change)\b|変わらず|不变|без\s+изменений",
                  re.IGNORECASE)


@lru_cache(maxsize=4096)
def negated(text: str) -> bool:
    text = _seen(text)
    return bool(_NEG_WORDS.search(text)) or any(m in text for m in _NEG_CJK) or bool(_NEG_EVEN.search(text))


# a subordinate clause of reason or cause: "... as postponed evaluation using local names is not
# reliable", "because ...", "since ..."; inside a sentence it runs to the clause's end, and one that
# opens the sentence runs to its first comma ("Because X is not reliable, annotations ...")
_REASON_IN = lazy(r"\s(?<!such\s)(?<!well\s)(?<!same\s)(?<!just\s)(?<!so\s)(?<!long\s)(?<!soon\s)(?<!far\s)"
                  r"(?<!much\s)(?<!many\s)(?:because|since|as)\s+"
                  r"(?!(?:of|a|an|to|well|such|if|though|long|soon|far|much|many|part|follows|described|shown|"
                  r"noted|needed|expected|before|usual|such|with|in|for|is|are|was|were|it\s+is)\b)"
                  r"[^.;!?()—]*?(?=,\s+(?:and|but|while|whereas|yet|so)\b|[.;!?()—]|$)", re.IGNORECASE)
_REASON_FIRST = lazy(r"^\W*(?:because|since|as)\s+[^,.;!?]+,", re.IGNORECASE)


def reason_negation_only(quote: str, claim_text: str) -> bool:
    """Whether every negation of ``quote`` stands in a clause of reason or cause ("..., as
    postponed evaluation using local names is not reliable", "because ...", "since ...") that
    the claim does not restate (half of its words of four letters or more): the claim states the
    main statement ("annotations can only use names in the module scope") and leaves the reason
    out, which negates nothing it says. A reason the claim restates keeps its negation."""
    seen = _seen(quote)
    if not negated(seen):
        return False
    clauses = [m.group(0) for m in _REASON_IN.finditer(seen)] + [m.group(0) for m in _REASON_FIRST.finditer(seen)]
    rest = seen
    for c in clauses:
        if negated(c) and not _restates(c.strip(" ,"), _seen(claim_text)):
            rest = rest.replace(c, " ", 1)
    return rest != seen and not negated(rest)


_NOT_WORD = lazy(r"(?:\bnot|n['’]t)\s+(?:(?:very|so|entirely|quite|always|yet)\s+)?([^\W\d_]{3,})", re.IGNORECASE)


def negation_prefixed(claim_text: str, quote: str) -> bool:
    """The claim says each "not X" of the quote as one word with a negating prefix ("unclear" of
    "it isn't clear", "impossible" of "not possible", "non-trivial" of "not trivial")."""
    said = _seen(claim_text).lower()
    nots = [m.group(1).lower() for m in _NOT_WORD.finditer(_seen(quote))]
    return bool(nots) and all(re.search(rf"\b(?:un|in|im|il|ir|non-?){re.escape(w[:5])}", said) for w in nots)


# a negation and the words after it, up to a clause's end: "not backward compatible", "isn't possible"
_NOT_THEN = lazy(r"(?:\b(?:not|never)\b|n['’]t\b)(?P<after>(?:[ \t\u00a0]+[^\W\d_][\w'’-]*){1,3})", re.IGNORECASE)
_NEGATING_PREFIX = r"(?:un|in|im|il|ir|non-?)"
# words that may stand between a negation and the word it turns ("is not a compatible change");
# a word of degree or time does not ("not fully compatible" is not "incompatible")
_NOT_BETWEEN = frozenset("be been being a an the".split())
_NOT_DEGREE = lazy(r"(?:[^\W\d_]+ly|always|quite|so|very|yet|too|all|much|entirely|necessarily)$", re.IGNORECASE)


def prefix_negations(text: str, backing: list[str]) -> str:
    """``text`` with each "not X" that its claims and quotes (``backing``) say as one word with a
    negating prefix ("not backward compatible" of "backwards incompatible", "not possible" of
    "impossible", "not trivial" of "non-trivial") told as they tell it: the negation blanked and
    X given its prefix, so the negation rules and the words of a clause read what the claims say.
    The words between the negation and X are the claims' too ("backward"), and a claim that also
    says X plainly keeps the negation (the claims speak of both); a negation of any other word
    ("does not break compatible code") stays, and so does "not incompatible" (no claim says
    "unincompatible"). Japanese, Chinese and Russian negations are left as they are."""
    if not backing or _NOT_THEN.search(text) is None:
        return text
    hay = " ".join(_seen(b) for b in backing).lower()
    known = {w.lower()[:4] for w in _CONTENT.findall(hay)}
    out, at = [], 0
    for m in _NOT_THEN.finditer(text):
        for w in _WORD_RUN.finditer(m.group("after")):
            x = w.group(0).lower()
            stem = re.escape(x[:max(5, len(x) - 3)])
            turned = re.search(rf"(?<![\w-]){_NEGATING_PREFIX}{stem}\w*", hay) if len(x) >= 4 else None
            if turned is not None and (not re.search(rf"(?<![\w-]){stem}", hay) or
                                       _told_as_prefixed(m, w, text, hay, stem)):
                start = m.start("after") + w.start()
                out += [text[at:m.start()], " " * (m.start("after") - m.start()), text[m.start("after"):start],
                        turned.group(0)]
                at = start + len(w.group(0))
                break
            if _NOT_DEGREE.match(x) or (x not in _NOT_BETWEEN and x[:4] not in known):
                break  # "does not break compatible code": the negation turns "break"
    return "".join(out) + text[at:] if out else text


def _words_after(text: str, end: int, stem: str) -> set[str]:
    """The first five letters of the content words among the four words after ``end`` in its
    sentence, but a word of ``stem`` ("error" and "non-error" of "error")."""
    run = _WORD_RUN.findall(_SENTENCE_BREAK.split(text[end:], maxsplit=1)[0])[:4]
    return {x.lower()[:5] for x in run if len(x) >= 4 and x.lower() not in _SMALL and not re.search(stem, x.lower())}


def _told_as_prefixed(m: re.Match, w: re.Match, text: str, hay: str, stem: str) -> bool:
    """Whether "not a X" of ``text`` is the claims' "non-X" though they say X plainly too ("a type
    that is not an error, Option for example" of "an error case into a "non-error" type such as
    Option"): the negation, one article and X, and a word of the four after X is one of the four
    after a prefixed X of the claims and none of the four after a plain X ("not an error case" of
    "an error case" stays a negation)."""
    words = _WORD_RUN.findall(m.group("after")[:w.end()])
    if len(words) != 2 or words[0].lower() not in ("a", "an", "the"):
        return False
    after = _words_after(text, m.start("after") + w.end(), stem)
    turned = set().union(*[_words_after(hay, t.end(), stem)
                           for t in re.finditer(rf"(?<![\w-]){_NEGATING_PREFIX}{stem}\w*", hay)])
    plain = set().union(*[_words_after(hay, t.end(), stem) for t in re.finditer(rf"(?<![\w-]){stem}\w*", hay)])
    return bool(after & turned) and not after & plain


# a quote's "not X, but (instead) Y": it sets Y against X ("specifically not proposing a central
# singular leader, but instead a group of three people")
_NOT_BUT = lazy(r"(?:\bnot|n['’]t)\s+(?P<x>[^,;:.!?()]{3,80}?),?\s+but\s+(?:instead\s+|rather\s+)?(?P<y>[^,;:.!?()]+)",
                re.IGNORECASE, needs=("but",))
# the claim's side of it: "Y instead of X", "Y rather than X", "Y, not X"
_SET_AGAINST = lazy(r"\b(?:instead\s+of|rather\s+than|as\s+opposed\s+to|in\s+place\s+of|not)\s+(?P<x>[^,;:.!?()]+)",
                    re.IGNORECASE)


def negation_contrasted(claim_text: str, quote: str) -> bool:
    """Every negation of ``quote`` sets one thing against another ("not proposing a central
    singular leader, but instead a group of three people"), and the claim sets the same two
    against each other ("a group of three people ..., instead of a central singular leader"):
    what follows its "instead of" ("rather than", "not") is most of what the quote negates, and
    the claim says most of what the quote puts in its place. The two are turned around ("a
    central singular leader instead of a group of three") when the claim's "instead of" names
    the quote's other side."""
    q, said = _seen(quote), _seen(claim_text)
    pairs = list(_NOT_BUT.finditer(q))
    if not pairs or negated(_NOT_BUT.sub(" ", q)):
        return False
    against = [_stems(m.group("x")) for m in _SET_AGAINST.finditer(said)]
    mine = _stems(said)
    for m in pairs:
        x, y = _stems(m.group("x")), _stems(m.group("y"))
        if not x or not y:
            return False
        if not any(len(x & a) * 2 >= len(x) and len(y & a) * 2 < len(y) for a in against) or len(y & mine) * 2 < len(y):
            return False
    return True


def hedges_told(claim_text: str, quote: str) -> list[str]:
    """The hedges of ``quote`` (``modals``) that stand in what the claim tells of it: a quote of
    several sentences ("significant reductions of memory usage could be found. For example, the
    storage ... reduced to 2216807 bytes") lends the claim the hedges of the sentence it restates
    most (by the share of that sentence's words of four letters or more and numbers the claim
    says), and of any other sentence it restates half of; a quote of one sentence, all of its."""
    from .sentences import split_sentences

    found = modals(quote)
    if not found:
        return []
    parts = [x.text for x in split_sentences(_seen(quote))]
    if len(parts) < 2:
        return found
    mine = _stems(claim_text)

    def share(part: str) -> float:
        words = _stems(part)
        return len(words & mine) / len(words) if words else 0.0

    shares = [share(x) for x in parts]
    best = max(shares)
    told = [x for x, sh in zip(parts, shares, strict=True) if sh == best or sh * 2 >= 1]
    return list(dict.fromkeys(h for x in told for h in modals(x)))


def modals(text: str) -> list[str]:
    """The hedges in ``text`` as written (lower case), in order, each once."""
    return list(_modals(text))


@lru_cache(maxsize=4096)
def _modals(text: str) -> tuple[str, ...]:
    text = _seen(text)
    # "May" with a capital inside a sentence is the month ("released in May"), not the modal
    found = [m.group(0).lower() for m in _MODAL.finditer(text)
             if not (m.group(0) == "May" and text[:m.start()].rstrip()[-1:] not in ("", ".", "!", "?", "\n", "\"", "“"))
             and not _could_not_fact(text, m)]
    found += [m for m in _MODAL_CJK if m in text]
    return tuple(dict.fromkeys(" ".join(f.split()) for f in found))


# "no consensus could be reached", "the readers could not be fitted": a negated past ability
# tells what did not happen, a fact; "could not be ruled out", "no one could confirm" still doubt
_COULD_NEGATED_AFTER = lazy(r"\s*(?:n['’]t\b|\s+(?:not|never)\b)", re.IGNORECASE)
_NEGATOR_BEFORE = lazy(r"(?<![^\W\d_])(?:no|none|nothing|nobody|neither|nor|never)\s+(?:[^\W\d_][\w'’-]*\s+){0,3}\Z",
                       re.IGNORECASE)
_COULD_DOUBT = lazy(r"\A(?:\s*n['’]t|\s+not|\s+never)?\s+(?:\w+\s+){0,2}?(?:be\s+)?(?:rul\w*|exclud\w*|confirm\w*|"
                    r"verif\w*|determin\w*|establish\w*|prov\w*|dismiss\w*|eliminat\w*|den\w*|say|tell|know\w*|"
                    r"sure|certain|clear\w*|answer\w*|explain\w*|identif\w*|pinpoint\w*|trac\w*|account\w*)\b",
                    re.IGNORECASE)


def _could_not_fact(text: str, m: re.Match) -> bool:
    """Whether the modal ``m`` of ``text`` is a "could" of a negated past ability: "could not",
    "couldn't", "could never", "no consensus could be reached", "nothing could be done"; not
    one of knowing ("could not be ruled out", "no one could confirm it")."""
    if m.group(0).lower() != "could":
        return False
    after = text[m.end():m.end() + 60]
    clause = re.split(r"[,;:.!?]", text[:m.start()])[-1]
    if not (_COULD_NEGATED_AFTER.match(after) or _NEGATOR_BEFORE.search(clause)):
        return False
    return not _COULD_DOUBT.match(after)


@lru_cache(maxsize=4096)
def hedged(text: str) -> bool:
    """Whether a claim hedges at all (any modal, or a word of plan or expectation)."""
    return bool(_modals(text)) or bool(_CLAIM_HEDGE.search(_seen(text)))


# "may" or "could" of what is allowed or possible: the claims' "can", "free", "allowed" say it
_ABLE = lazy(r"\b(?:can|cannot|able|unable|allow\w*|permit\w*|free|entitled|eligible)\b|n['’]t\b", re.IGNORECASE)
_DOUBT = lazy(r"\b(?:perhaps|maybe|probably|presumably|conceivably)\b", re.IGNORECASE)
# a claim that tells what is to come ("will break", "were to break") backs the sentence's "could"
_TO_COME = lazy(r"\b(?:will|shall|(?:is|are|was|were)\s+to)\b", re.IGNORECASE)
# "so that the betas could run": a purpose, no doubt
_PURPOSE = lazy(r"\b(?:so|so\s+that|in\s+order\s+that)\s+(?:[^\W\d_][\w.'’-]*\s+){0,6}?(?:could|might|may)\b",
                re.IGNORECASE, needs=("could", "might", "may"))


_COULD_NOT = lazy(r"\bcould(?:\s+(?:not|never|only|no\s+longer)\b|n['’]t\b)", re.IGNORECASE, needs=("could",))
# a change the claims call incompatible ("backwards incompatible", "not backward compatible", "a
# breaking change") is one that can break what worked: "old code could break" says what it means
_INCOMPATIBLE = lazy(r"\b(?:in|un|non-?)compatib\w*|\bnot\s+(?:[^\W\d_]+\s+)?compatible\b|"
                     r"\bbreak\w*\s+(?:[^\W\d_]+\s+)?compatibility\b|\bbreaking\s+changes?\b", re.IGNORECASE)
_MAY_BREAK = lazy(r"\b(?:could|may|might)\s+(?:(?:also|even|still)\s+)?break\b", re.IGNORECASE, needs=("break",))


def hedge_added(sentence: str, backing: list[str]) -> str | None:
    """A word of doubt ("possibly", "perhaps", "might") in a sentence whose claims and quotes
    hedge nowhere: the sentence weakens what they state plainly, as an added negation denies
    it. "may" or "could" of what the claims allow ("can", "free") is no doubt."""
    if not backing or any(hedged(b) or _DOUBT.search(_seen(b)) or _TO_COME.search(_seen(b)) for b in backing):
        return None
    seen = _PURPOSE.sub(" ", _seen(sentence))
    # "control could not resume", "could only be used": a past "cannot", what was (not) possible
    # then, no doubt of the sentence's own (the negation rules judge the "not")
    seen = _COULD_NOT.sub(" ", seen)
    if any(_INCOMPATIBLE.search(_seen(b)) for b in backing):
        seen = _MAY_BREAK.sub(" ", seen)  # "old code could break" of "backwards incompatible"
    able = any(_ABLE.search(_seen(b)) for b in backing)
    words = [w for w in _modals(seen) if not (able and w in ("may", "could"))]
    words = [w for w in words if w not in ("likely", "expected to")] + [m.group(0).lower() for m in _DOUBT.finditer(seen)]
    return words[0] if words else None


def hedge_dropped(claim_text: str, sentence: str) -> str | None:
    """The claim's hedge ("due to", "may") when ``sentence``, which cites the claim, keeps none:
    a plan or schedule is kept by the future tense or by saying who expects it, a possibility
    only by a hedge of the sentence's own. None when nothing was dropped."""
    if not hedged(claim_text) or hedged(sentence):
        return None
    said = _seen(claim_text)
    present = _plan_told_present_cjk(said, _seen(sentence))
    if present:
        return present
    possible = modals(said)
    # a plan keeps its hedge in the future tense, or in the present with its date ("W3 takes
    # the pass from 1 December"): English tells a timetable so
    seen = _seen(sentence)
    if _kept_otherwise(said, possible, seen) or (possible and (_RISK.search(seen) or _supposed(said, seen))):
        return None
    if not possible and not _DONE_PAST.search(seen) and (_FUTURE.search(seen) or _dated(sentence, start=True)):
        return None  # ("the readers were installed in November" tells a plan as done, date or not)
    if not possible and _plan_kept_in_clause(said, seen):
        return None  # "was signed in August and ... are to be installed in November": the past is another clause's
    m = _MODAL.search(said) or _CLAIM_HEDGE.search(said) or _PLAN.search(said)
    if m is None or not (_restates(said[m.end():], _seen(sentence)) or _same_subject(said[:m.start()], _seen(sentence))):
        return None  # the sentence tells another part of the claim ("the contract was signed")
    return possible[0] if possible else " ".join(m.group(0).lower().split())


# what keeps a plan a plan in Chinese and Japanese: a word of plan or expectation, the future
# (将, 会 "will", 即将), a change to come (ようになります, ことになります), a start (開始します); a
# condition (次第, 后) or a negation (不, 未, ません, まだ) is the other rules' to judge
_CJK_KEPT = lazy(r"ようにな|ことにな|予定|見込|計画|はず|つもり|だろう|でしょう|方針|開始|始め|"
                 r"将|即将|就要|快要|(?<!委员)(?<!协)(?<!学)(?<!大)(?<!社)(?<!机)(?<!理事)会(?![议员社计])|"
                 r"计划|预计|定于|拟|准备|打算|不|没|未|无|ない|ません|ず|まだ|"
                 r"たら|れば|えば|なら|次第|後|あと|際|場合|とき|時|限り|条件|如果|若|一旦|待|后|之后|以后|时|只要|才")
_CJK_CHAR = lazy(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _plan_told_present_cjk(said: str, seen: str) -> str | None:
    """The plan's word ("due to") of a claim that plans, when a Chinese or Japanese sentence tells
    its subject (the names with digits before the plan's word: "W3" of "Route W3 is due to
    accept") in the plain present with no date, no word of plan or of the future, no condition and
    no negation ("W3航线接受潮汐通行卡", "W3航路でもパスが使えます"): a state held today, as "Route
    W3 takes the pass" is in English. "W3航线将接受", "使えるようになります" and "十二月一日から使えます"
    keep the plan. None otherwise."""
    from .figures import find_figures

    if len(_CJK_CHAR.findall(seen)) <= len(_LATIN.findall(seen)) or modals(said):
        return None
    m = _CLAIM_HEDGE.search(said) or _PLAN.search(said)
    if m is None or _CJK_KEPT.search(seen) or _PLAN_WORDS_OTHER.search(seen) or _FUTURE.search(seen) or _dated(seen):
        return None
    subject = {f.key for f in find_figures(_CLAUSE_BREAK.split(said[:m.start()])[-1]) if f.kind == "ident"}
    if not subject or not subject <= {f.key for f in find_figures(seen) if f.kind == "ident"}:
        return None
    return " ".join(m.group(0).lower().split())


# a word that bids, as "should" does: in a header, a question or a lead-in ("What PEP 8 asks",
# "How should names be written?") a phrase under it with no verb of its own tells what is
# bidden, as its claim does; in a sentence, the words right after it ("asks for a shorter
# limit", "recommends limiting") are the bidden thing ("asks for", "asks that" read whole)
_BIDS = lazy(r"\b(?:should|ought|asks?(?:\s+for|\s+that)?|recommend\w*|advis\w*|advice|wants?|suggest\w*|"
             r"prescrib\w*|urg(?:es?|ed|ing)|calls?\s+for)\b", re.IGNORECASE)
# what a verbless phrase may hold: a clause of its own ("if it improves readability") and a
# claim's own ability ("underscores can be used") tell nothing plainly of the bidden thing
_SUBORDINATE = lazy(r"\b(?:if|when|unless|where|because|although|though|as\s+long\s+as)\b[^,;:.!?]*", re.IGNORECASE)
_ABILITY = lazy(r"\b(?:can|may|could|might)(?:\s+not)?(?:\s+be)?\s+[^\W\d_]+", re.IGNORECASE)
_FINITE = lazy(r"\b(?:is|are|was|were|be|been|being|am|has|have|had|does|do|did|will|shall|must|gets?|got|"
               r"isn['’]t|aren['’]t|wasn['’]t|weren['’]t|doesn['’]t|don['’]t|didn['’]t)\b", re.IGNORECASE)
# a word right before an article or a possessive that is no preposition is a verb ("follow the
# class naming convention", "use the suffix")
_BEFORE_ARTICLE = lazy(r"\b([^\W\d_]+)\s+(?:the|a|an|its|their|his|her|this|these|those|our)\b", re.IGNORECASE)
_NOT_VERB_BEFORE_ARTICLE = frozenset(
    "with without for of in on to by from as at into onto than like under over between about after before "
    "across through via per and or but nor also only just all both each either".split())


def bidding_kept(claim_text: str, sentence: str, context: str) -> bool:
    """Whether ``sentence``, which drops its claim's "should", keeps it by where it stands: a
    table cell under a header that bids ("What PEP 8 asks"), or a phrase answering a question
    that does ("How should names be written?"), that itself has no verb, so tells nothing as
    done ("lowercase with underscores", "CapWords for classes"). A sentence with a verb of its
    own ("Function names are lowercase", "Exception names follow ... the suffix") keeps nothing."""
    m = re.search(r"\b(?:should|ought\s+to)\s+(?:\w+ly\s+)?([^\W\d_]+)", _seen(claim_text), re.IGNORECASE)
    if m is None or not _BIDS.search(context or ""):
        return False
    seen = _ABILITY.sub(" ", _SUBORDINATE.sub(" ", _seen(sentence)))
    if _FINITE.search(seen):
        return False
    verb = m.group(1).lower()
    forms = {verb, verb + "s", verb + "es", verb + "ed", verb + "d", verb[:-1] + "ies" if verb.endswith("y") else verb}
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", seen)}
    if words & forms:
        return False
    if any(v.group(1).lower() not in _NOT_VERB_BEFORE_ARTICLE for v in _BEFORE_ARTICLE.finditer(seen)):
        return False
    # the claim's subject with a word after it is a subject and its verb ("Function names use lowercase")
    subject = re.findall(r"[^\W\d_]+", _seen(claim_text)[:m.start()])[-1:]
    after = [a.group(1).lower() for w in subject
             for a in re.finditer(rf"\b{re.escape(w)}\s+([^\W\d_]+)", seen, re.IGNORECASE)]
    return all(a in _NOT_VERB_BEFORE_ARTICLE for a in after)


# advice kept as advice: a word that bids, or a clause that opens on a verb of bidding
_BIDDING = lazy(r"\b(?:should|shouldn['’]t|ought|must|need(?:s)?\s+to|have\s+to|had\s+better|better|best|advis\w*|"
                r"recommend\w*|worth|make\s+sure|you|your|please|don['’]t|do\s+not|never|always|avoid)\b", re.IGNORECASE)
_IMPERATIVE = frozenset("bring carry take keep have use buy get pay plan check pack allow expect try make hold board ride "
                        "show ask consider remember note be do stick choose prefer wait go come switch write name set "
                        "call read install run pin treat count budget book leave give look mind follow add put "
                        "rely skip".split())
_LEAD_CLAUSE = lazy(r"^\s*(?:(?:so|then|meanwhile|until\s+then|for\s+now|in\s+the\s+meantime)\b,?\s*)?"
                    r"(?:(?:until|till|before|unless|once|after|if|when|while|on|for|in|as\s+long\s+as)\b[^,;:]*,\s*)?",
                    re.IGNORECASE)


def advice_told_as_fact(claim_text: str, sentence: str) -> str | None:
    """The clause of an English sentence that tells a recommendation ("a pass holder riding W3
    should carry another way to pay") as a fact of what others do ("crews wave pass holders
    through on W3"): no word that bids and no clause that opens on a verb of bidding ("carry",
    "bring", the claim's own verb). None when the advice is kept, or the claim bids nothing."""
    said = _seen(claim_text)
    m = re.search(r"\b(?:should|ought\s+to|must|need\s+to|had\s+better)\s+(?:\w+ly\s+)?([^\W\d_]+)", said,
                  re.IGNORECASE)
    seen = _seen(sentence)
    if m is None or not re.search(r"[A-Za-z]", seen) or re.search(r"[^\x00-\u024f\u2000-\u206f]", seen):
        return None
    if _BIDDING.search(seen):
        return None
    verbs = _IMPERATIVE | {m.group(1).lower()}
    for part in re.split(r"[;:]|\.\s", seen):
        rest = part[_LEAD_CLAUSE.match(part).end():]  # type: ignore[union-attr]
        words = re.findall(r"[^\W\d_]+", rest)
        if not words:
            continue
        low = [w.lower() for w in words]
        if low[0] in verbs or low[0] in ("and", "or", "but"):
            return None
        # "on route W3 keep another way to pay at hand": a place before the verb that bids
        if low[0] in ("on", "for", "in", "at", "aboard", "when", "while") and any(w in verbs for w in low[1:5]):
            return None
    return " ".join(_LEAD_CLAUSE.sub("", seen.split(";")[0]).split()[:6])


_POINTS_BACK = lazy(r"\W*(?:that|this|it|these|those|such)\b", re.IGNORECASE)


def hedge_carried(lost: str, sentence: str, before: str) -> bool:
    """Whether the sentence before keeps the hedge ``sentence`` drops, and ``sentence`` goes on
    from it ("... would increase the size to 34.7MB. That is 6.3MB more."): a hedge carries over
    to "that" or "it" as a speaker does. A sentence that opens on its own ("The files grow by
    6.3MB"), or follows one that keeps another hedge or none, carries nothing."""
    if not before or not _POINTS_BACK.match(_seen(sentence)) or not hedged(before):
        return False
    return bool(re.search(rf"\b{re.escape(lost)}\b", _seen(before), re.IGNORECASE))


# a claim that tells what is to come ("1.1.0 will be released six weeks after 1.0.0") and a
# sentence that tells it as done ("1.1.0 shipped six weeks after 1.0.0"): the claim's subject,
# then a verb in the past
_WILL = lazy(r"\b(?:will|shall|(?:is|are)\s+to|(?:is|are)\s+going\s+to)\b", re.IGNORECASE,
             needs=("will", "shall", "to"))
_PAST_VERB = lazy(r"(?:(?:was|were|had|has\s+been|have\s+been)\b|[^\W\d_]{2,}ed\b|"
                  r"(?:came|went|began|became|took|made|got|saw|left|won|lost|ran|broke|brought|built|sent|"
                  r"spent|shut|rose|fell|grew|drew|gave|held|kept|led|met|paid|put|said|sold|stood|told|"
                  r"wrote|arrived|shipped|landed)\b)", re.IGNORECASE)
_BY_THE_WAY = frozenset("then finally also soon eventually indeed duly".split())


def future_told_done(claim_text: str, sentence: str) -> str | None:
    """The claim's "will" when ``sentence`` tells it as done: the claim says what is to come
    ("1.1.0 will be released six weeks after 1.0.0"), the sentence names its subject (a name
    with digits, "1.1.0", "W3", or else the last word of four letters or more before "will")
    and right after it a verb in the past ("1.1.0 shipped", "1.1.0 was released"), keeps no
    hedge, future or word of plan, and restates the claim's clause. None otherwise ("1.1.0 is
    due six weeks after 1.0.0", "1.1.0 will follow six weeks later")."""
    said, seen = _seen(claim_text), _seen(sentence)
    m = _WILL.search(said)
    if m is None or hedged(said):
        return None
    if hedged(seen) or _FUTURE.search(seen) or _INTENT.search(seen):
        return _told_lasting(said, m, seen)
    verb = _will_verb(said, m)
    opens = _WORD_RUN.match(seen.lstrip(" \t\"'“‘(*_`"))
    if verb and opens and _PAST_VERB.fullmatch(opens.group(0)) and opens.group(0).lower().startswith(verb[:4]) \
            and _restates(said[m.end():], seen):
        # a table cell or an item with no subject of its own ("continued with its current
        # behavior ..." in the row of `from __future__ import annotations`): the claim's own
        # verb, told in the past, of the claim's subject
        return " ".join(m.group(0).lower().split())
    lasting = _told_lasting(said, m, seen)
    if lasting:
        return lasting
    before = re.split(r"[,;:.!?。！？，；]\s", said[:m.start()])[-1].split()
    named = [w.strip("()\"'“”‘’") for w in before]
    subject = next((w for w in reversed(named) if any(ch.isdigit() for ch in w)), None) or \
        next((w for w in reversed(named) if len(w) >= 4 and w.isalpha()), None)
    if not subject or not _restates(said[m.end():], seen):
        return None
    for at in re.finditer(rf"(?<![\w.]){re.escape(subject)}(?![\w]|\.\w)", seen, re.IGNORECASE):
        rest = [w for w in seen[at.end():].split()[:3] if w.lower() not in _BY_THE_WAY and not w.lower().endswith("ly")]
        words = [w.strip(",;:.").lower() for w in rest]
        if not words:
            continue
        perfect = words[0] in ("has", "have") and len(words) > 1 and (words[1] == "been" or words[1].endswith("ed"))
        if perfect or (_PAST_VERB.fullmatch(words[0]) and not
                       (len(words) > 1 and words[0] in ("was", "were") and words[1] in ("due", "set", "to"))):
            return " ".join(m.group(0).lower().split())
    return None


def _will_verb(said: str, m: re.Match) -> str:
    """The verb the claim's "will" governs ("continue" of "will continue to exist"), lower
    case; "" when it is negated ("will not"), a passive ("will be used") or no plain word."""
    words = [w.lower() for w in _WORD_RUN.findall(said[m.end():m.end() + 60])][:4]
    if not words or words[0] in ("not", "be", "never"):
        return ""
    w = next((w for w in words if not w.endswith("ly") and w not in ("also", "still", "only", "then")), "")
    return w if w.isalpha() and len(w) >= 3 else ""


# "continues ... at least until Python 3.13 reaches its end-of-life" of "will continue ... until":
# the present of the claim's own verb, and a span to come, told as holding
_UNTIL = lazy(r"\b(?:at\s+least\s+)?(?:until|till|through\s+to)\b", re.IGNORECASE)


def _told_lasting(said: str, m: re.Match, seen: str) -> str | None:
    """The claim's "will" when a clause of the sentence tells its verb in the present ("continues")
    over a span to come ("until Python 3.13 reaches its end-of-life") with no hedge, future, word
    of plan or date of its own: the span is a promise told as holding. "will continue until ..."
    and a present a date anchors ("takes the pass from 1 December") keep it."""
    verb = _will_verb(said, m)
    if not verb or not _UNTIL.search(said[m.end():]) or not _restates(said[m.end():], seen):
        return None
    forms = {verb + "s", verb + "es", verb[:-1] + "ies" if verb.endswith("y") else verb + "s"}
    for part in re.split(r"[,;:.!?]\s|\s+(?:then|and\s+then)\s+", seen):
        words = [w.lower() for w in _WORD_RUN.findall(part)]
        at = next((i for i, w in enumerate(words) if w in forms), None)
        if at is None or not _UNTIL.search(part) or hedged(part) or _FUTURE.search(part) or _INTENT.search(part):
            continue
        if _dated(part):
            continue
        return " ".join(m.group(0).lower().split())
    return None


# a plan told as done in the demo languages, read against the claim's quote in the sentence's own
# language: the quote's verb in a past or perfect form ("установят" -> "установили", "将于十一月
# 安装" -> "安装了", "使えるようになります" -> "使えるようになりました")
_PLAN_WORDS_OTHER = lazy(r"будет|будут|буд[уе]м|план\w*|должн\w*|ожида\w*|намеч\w*|предполага\w*|собира\w*|"
                         r"予定|見込み|計画|はず|だろう|でしょう|方針|将|计划|预计|定于|拟", re.IGNORECASE)
_RU_PAST = lazy(r"\b([а-яё]{4,}?)(?:ли|ла|ло|л|лся|лась|лось|лись)\b", re.IGNORECASE)
# ... or the short passive participle, which tells it done as a state ("установлены", "подписан")
_RU_DONE_STATE = lazy(r"\b([а-яё]{4,}?)(?:ен|ён|ена|ено|ены|ан|ана|ано|аны|ян|яна|яно|яны)\b", re.IGNORECASE)
_RU_PAST_END = lazy(r"(?:л|ла|ло|ли|лся|лась|лось|лись|ен|ён|ена|ено|ены|ан|ана|ано|аны|ян|яна|яно|яны)$", re.IGNORECASE)
_RU_WORD = lazy(r"[а-яё]{4,}", re.IGNORECASE)
_ZH_DONE = lazy(r"([\u4e00-\u9fff]{2})了|已(?:经)?([\u4e00-\u9fff]{2})")
_JA_PAST = lazy(r"([\u3040-\u30ff\u4e00-\u9fff]{2})(ました|でした|た)(?=\s*(?:[。！？、」.!?,;:]|$))")


# a Chinese verb with a complement of result ("装好了", "装完了"): done, whatever verb the quote uses
# around it ("安装")
_ZH_RESULT = lazy(r"([\u4e00-\u9fff])(?:好|完|成|上)了")
# the month a claim plans a thing for ("installation scheduled for November 2026") in a Japanese or
# Chinese sentence, and a past, perfect or finished form after it in the same clause ("十一月に設置
# されました", "十一月就装好了"): the plan's own date told as passed, with no quote in that language needed
_MONTHS_EN = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december")
_MONTH_EN = lazy(r"\b(?:" + "|".join(_MONTHS_EN) + r")\b", re.IGNORECASE)
_CJK_NUM = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")
_DONE_AFTER_DATE = lazy(r"ました|された|されて(?:い)?ます|済み|完了|了|已(?:经)?|完成")
_QUOTED_BY = lazy(r"と|说|称|表示|宣布|発表")


def _planned_month_told_done(said: str, seen: str) -> str | None:
    """A Japanese or Chinese clause that names the month the claim's planned clause
    names ("scheduled for November 2026") and tells it done after it ("十一月に設置されました"),
    with no word of plan and no word that reports it ("と発表されました")."""
    at = _CLAIM_HEDGE.search(said) or _PLAN.search(said)
    if at is None:
        return None
    end = _CLAUSE_END.search(said, at.end())
    month = _MONTH_EN.search(said[at.end():end.start() if end else len(said)])
    if month is None:
        return None
    n = _MONTHS_EN.index(month.group(0).lower())
    rx = rf"(?<![一二三四五六七八九十\d])(?:{_CJK_NUM[n]}|{n + 1})月"
    for m in re.finditer(rx, seen, re.IGNORECASE):
        stop = re.search(r"[,;:.!?。！？，；、]", seen[m.end():])
        clause = seen[m.end():m.end() + stop.start() if stop else len(seen)]
        if _QUOTED_BY.search(clause):
            continue
        done = _DONE_AFTER_DATE.search(clause)
        if done:
            return m.group(0) + clause[:done.end()]
    return None


# an English claim that tells a thing done: a passive or a perfect ("were installed", "has been
# fitted"), or a verb in the past after its subject ("the operator installed the readers")
_DONE_EN = lazy(r"\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:[a-z]+ly\s+)?[a-z]{3,}(?:ed|en|t)\b|"
                r"(?<!\bthe\s)(?<!\ban\s)(?<!\ba\s)(?<!\bits\s)(?<!\btheir\s)\b(?:installed|fitted|opened|"
                r"completed|finished|signed|launched|introduced|started|began|replaced|extended|switched|"
                r"accepted|arrived|delivered|built|closed|moved)\b(?!\s+(?:by|for|to)\s+\d)", re.IGNORECASE)
# a quote in Russian, Chinese or Japanese that tells what is to come: a word of plan or the future
# ("будут", "将", "予定"), or a Russian perfective verb in the non-past ("установят", "подпишут",
# "откроют"), whose present is a future; an imperfective present ("устанавливают", "принимает") is none
_RU_PERFECTIVE_FUTURE = lazy(r"(?<![^\W\d_])(?:у|за|по|на|вы|при|от|пере|об|под|раз|рас|до|про|вз|вос)"
                             r"[а-яё]{3,}?(?<!ива)(?<!ыва)(?<![аяе]в)(?<![аяеуо])(?:ят|ут|ют|ит|ёт)(?![^\W\d_])",
                             re.IGNORECASE)
_RU_STATE_VERBS = ("завис", "выгляд", "принадлеж", "содерж", "относ", "подход", "проход", "продолж", "наход",
                   "происход", "прибыва", "получа", "обслуж", "позвол", "предусматр", "подлеж")
_FUTURE_OTHER = lazy(r"будет|будут|буд[уе]м|план\w*|должн\w*|намер\w*|собира\w*|предполага\w*|ожида\w*|"
                     r"予定|見込み|計画|方針|将(?!来)|计划|预计|定于|拟|将于|即将", re.IGNORECASE)


# what an English quote tells as to come, with its verb: "will accept", "is due to open", "are to
# be fitted", and the verb of a condition still to be met ("once the new readers are installed")
_COMING_EN = lazy(r"\b(?:will|shall)\s+(?:not\s+)?(?:be\s+|have\s+been\s+)?(?P<a>[a-z]{3,})|"
                  r"\b(?:is|are)\s+(?:due|set|scheduled|expected|planned|going)?\s*to\s+(?:be\s+)?(?P<b>[a-z]{3,})|"
                  r"\b(?:once|until|when|after|before)\s+(?:[\w'’-]+\s+){0,6}?(?:is|are)\s+(?P<c>[a-z]{3,}(?:ed|en|t))\b",
                  re.IGNORECASE)
_DONE_VERB_EN = lazy(r"\b(?:(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:[a-z]+ly\s+)?)?"
                     r"(?P<v>[a-z]{3,}(?:ed|en|t))\b", re.IGNORECASE)


# a participle in an absolute construction ("with checking enabled, ..."): a condition, as the
# quote's "when checking is enabled" is, not a thing told as done
_WITH_BEFORE = lazy(r"\b(?:with|without)\s+(?:[\w'’-]+\s+){0,3}$", re.IGNORECASE, needs=("with",))


def _future_told_done_en(said: str, q: str) -> str | None:
    """``future_quote_told_done`` for a quote in English: the quote's words of what is to come
    ("will accept", "once ... are installed") when the claim tells that very verb as done
    ("accepted", "were installed"), or None. A verb the claim tells in the past that the
    quote tells in the past too ("the contract was signed in August; fitting will follow") is
    the quote's own past."""
    coming: dict[str, str] = {}
    condition: set[str] = set()  # verbs the quote tells in a condition ("when checking is enabled")
    for m in _COMING_EN.finditer(q):
        verb = (m.group("a") or m.group("b") or m.group("c") or "").lower()
        if verb not in ("be", "have", "been", "not"):
            coming.setdefault(verb[:5], " ".join(m.group(0).split()))
            if m.group("c"):
                condition.add(verb[:5])
    if not coming:
        return None
    own = _COMING_EN.sub(" ", said)  # the claim's own "until ... are examined" keeps it
    for m in _DONE_VERB_EN.finditer(own):
        word = m.group("v").lower()
        if not (word.endswith("ed") or m.group(0).lower() != word):
            continue  # "accept" alone, "often": no past; a passive or a perfect, or a word in -ed
        if word[:5] in condition and m.group(0).lower() == word and _WITH_BEFORE.search(own, 0, m.start()):
            continue  # "with checking enabled" of "when checking is enabled": the condition kept as one
        told = coming.get(word[:5])
        if told and not re.search(rf"\b(?:was|were|had|has\s+been|have\s+been)\s+{re.escape(word[:5])}\w*", q,
                                  re.IGNORECASE) and not re.search(rf"(?<!\bbe\s){re.escape(word)}\b(?!\s+on\b)",
                                                                   _COMING_EN.sub(" ", q), re.IGNORECASE):
            return told
    return None


def other_script(text: str) -> bool:
    """Whether ``text`` is mostly Cyrillic, kana or Han rather than Latin letters."""
    return len(_FOREIGN.findall(text)) > len(_LATIN.findall(text))


def future_quote_told_done(claim_text: str, quote: str) -> str | None:
    """A claim in English that tells as done ("The new readers were installed in November",
    "Route W3 accepted the pass") what its quote tells as to come: in Russian, Chinese or
    Japanese ("Новые считыватели установят в ноябре", "将于十一月安装", "設置される予定"), or in
    English, the same verb ("will accept", "once the new readers are installed"). The quote's
    word of the future, or None. A claim that keeps a future, a plan or a hedge of its own says
    what the quote says."""
    said, q = _seen(claim_text), _seen(quote)
    if len(_LATIN.findall(said)) <= len(_FOREIGN.findall(said)):
        return None
    if hedged(said) or _FUTURE.search(said) or _WILL.search(said):
        return None
    if not other_script(q):
        return _future_told_done_en(said, q)
    if not _DONE_EN.search(said):
        return None
    m = _FUTURE_OTHER.search(q)
    if m:
        return m.group(0)
    for m in _RU_PERFECTIVE_FUTURE.finditer(q):
        w = m.group(0).lower()
        if not any(stem in w for stem in _RU_STATE_VERBS):
            return m.group(0)
    return None


def plan_told_done(claim_text: str, quotes: list[str], sentence: str) -> str | None:
    """The past or perfect form of a planned action in a Russian, Chinese or Japanese sentence
    when the claim is a plan and a quote of its, in that language, tells the same verb as to come:
    "установили" (or the participle "установлены") where the quote says "установят", "安装了" where it says "将于十一月安装",
    "使えるようになりました" where it says "使えるようになります". A sentence that keeps a word of
    plan ("должны", "予定", "定于") keeps the plan. None otherwise."""
    said = _seen(claim_text)
    if not (_PLAN.search(said) or _CLAIM_HEDGE.search(said)) or modals(said):
        return None
    seen = _seen(sentence)
    if _PLAN_WORDS_OTHER.search(seen):
        return None
    for q in quotes:
        q = _seen(q)
        for m in [*_RU_PAST.finditer(seen), *_RU_DONE_STATE.finditer(seen)]:
            stem = m.group(1).lower()[:6]
            if len(stem) >= 5 and any(w.lower().startswith(stem) and not _RU_PAST_END.search(w)
                                      for w in _RU_WORD.findall(q)):
                return m.group(0)
        for m in _ZH_DONE.finditer(seen):
            verb = m.group(1) or m.group(2)
            if verb in q and not re.search(re.escape(verb) + "了|已(?:经)?" + re.escape(verb), q):
                return m.group(0)
        for m in _JA_PAST.finditer(seen):
            stem, past = m.group(1), m.group(2)
            now = {"ました": "ます", "でした": "です", "た": "る"}[past]
            if stem + now in q:
                return m.group(0)
        for m in _ZH_RESULT.finditer(seen):
            if re.search(r"[\u4e00-\u9fff]?" + re.escape(m.group(1)), q) and not re.search(
                    re.escape(m.group(1)) + r"[\u4e00-\u9fff]?了", q) and re.search(r"将|要|会|计划|预计", q):
                return m.group(0)
    return _planned_month_told_done(said, seen)


# the future of one clause ("and that they are to be installed in November"), beside a past
# of another ("the contract was signed in August")
_TO_COME_CLAUSE = lazy(r"\b(?:will|shall|(?:is|are)\s+(?:due\s+|set\s+|scheduled\s+)?to|going\s+to)\b", re.IGNORECASE)


def _plan_kept_in_clause(said: str, seen: str) -> bool:
    """Whether the words after a future of the sentence, to the end of their clause, restate
    the claim's planned clause ("are to be installed in November" of "installation scheduled
    for November 2026"): that clause keeps the plan, whatever past another clause tells."""
    at = _CLAIM_HEDGE.search(said) or _PLAN.search(said)
    if at is None:
        return False
    end = _CLAUSE_END.search(said, at.end())
    planned = said[at.end():end.start() if end else len(said)]
    if not _CONTENT.search(planned):
        return False
    for f in _TO_COME_CLAUSE.finditer(seen):
        stop = _CLAUSE_END.search(seen, f.end())
        if _restates(planned, seen[f.end():stop.start() if stop else len(seen)]):
            return True
    return False


# a possibility ("could end up running nonstop") told as a risk or a danger keeps its hedge: "the
# risk is that the collector keeps running", "the danger of a death spiral"
_RISK = lazy(r"\b(?:risks?|danger|threat|fear|worry|concern|possibility|chance)\s+(?:(?:is|was|being)\s+that|"
             r"that|of)\b|\b(?:risks|risked|risking)\s+\w+ing\b|\b(?:possibl[ey]|potentially|likely|at\s+risk)\b",
             re.IGNORECASE)
# what a claim allows or restricts ("may only be used", "annotations may refer to any local
# variable") a sentence keeps with a word of ability or permission ("can only be used", "lets
# annotations refer"); the future ("will") or the plain present ("the fare rises") does not
_PERMIT = lazy(r"\b(?:can|cannot|can['’]t|lets?|letting|allow(?:s|ed|ing)?|permit(?:s|ted|ting)?|"
               r"(?:is|are|was|were|be|been)\s+(?:free|able|allowed|permitted)\s+to|able\s+to)\b", re.IGNORECASE)
# what a claim says would be done ("would use the target to run the collector less often") a
# sentence keeps as an intention ("was meant to", "is designed to", "aims to", "intended to")
# "could" of ability or possibility is kept by "can" alone ("can run more than once"), never by "lets"
_CAN = lazy(r"\b(?:can|cannot|can['’]t|(?:is|are)\s+able\s+to)\b", re.IGNORECASE)
_INTENT = lazy(r"\b(?:(?:is|are|was|were|be|been|being)\s+)?(?:meant|designed|intended|supposed)\s+to\b|"
               r"\b(?:aims?|aimed|intends?)\s+to\b", re.IGNORECASE,
               needs=("meant", "designed", "intend", "supposed", "aim"))
_WORD3 = lazy(r"[^\W\d_]{3,}")
_SMALL = frozenset("the and any not only also still then their its this that with for from are was were been "
                   "being have has".split())


# a clause the sentence opens as a supposition ("even if a defer sits on a conditional path",
# "whether or not the fare rises"): what it holds is supposed, not told as so
_SUPPOSED = lazy(r"\b(?:even\s+if|if|whether(?:\s+or\s+not)?|in\s+case|supposing|suppose)\b", re.IGNORECASE,
                 needs=("if", "whether", "case", "suppos"))


def _hedged_words(said: str, at: int) -> set[str]:
    """The words of the claim's clause its hedge governs (from ``at`` to the clause's end), by
    their first four letters, the small words aside."""
    end = _CLAUSE_END.search(said, at)
    return {w.lower()[:4] for w in _WORD3.findall(said[at:end.start() if end else len(said)])
            if w.lower() not in _SMALL}


def _near(seen: str, at: int, n: int = 4) -> set[str]:
    """The first ``n`` words of ``seen`` from ``at`` on, within its clause (first four letters)."""
    end = _CLAUSE_END.search(seen, at)
    words = [w.lower()[:4] for w in _WORD3.findall(seen[at:end.start() if end else len(seen)]) if w.lower() not in _SMALL]
    return set(words[:n])


def _supposed(said: str, seen: str) -> bool:
    """A possibility the sentence holds in a supposition ("even if a defer sits on a conditional
    path" of "a defer may be on a conditional path"): one of the first four words of the clause
    after "if", "even if", "whether" or "in case" is one of the clause the claim's hedge governs."""
    at = _MODAL.search(said)
    if at is None:
        return False
    words = _hedged_words(said, at.end())
    return any(words & _near(seen, m.end()) for m in _SUPPOSED.finditer(seen))


def _kept_otherwise(said: str, possible: list[str], seen: str) -> bool:
    """Whether a sentence keeps its claim's hedge in other words than a hedge: a claim whose only
    hedge is "may" by a word of ability or permission ("can", "lets", "is allowed to"), one whose
    only hedges are "could" (and "may") by "can" (one modal of ability: "a defer that can run more
    than once" of "could run more than once"), a plan ("would", "plans to", "due to") by an
    intention ("was meant to", "is designed to"); the word that keeps it stands before what the
    claim hedges (one of the next four words of its clause is one of the hedged clause's: "can
    only be used" of "may only be used"), not anywhere in the sentence."""
    if possible:
        if not set(possible) <= {"may", "could"} or _CLAIM_HEDGE.search(said):
            return False
        at, keeps = _MODAL.search(said), (_PERMIT if set(possible) == {"may"} else _CAN)
    else:
        at, keeps = _CLAIM_HEDGE.search(said) or _PLAN.search(said), _INTENT
        if at is not None and at.group(0).lower().split()[0] in ("should", "ought"):
            # a bidding told by a verb of bidding ("PEP 8 asks for a shorter limit: 72 characters"
            # of "the line length should be limited to 72 characters"): the sentence bids too
            keeps = _BIDS
    if at is None:
        return False
    hedged_words = _hedged_words(said, at.end())
    return any(hedged_words & _near(seen, m.end()) for m in keeps.finditer(seen))


# a thing told as done: "were installed", "has been fitted", "was switched on"
_DONE_PAST = lazy(r"\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:\w+ly\s+)?\w+(?:ed|en|t)\b", re.IGNORECASE)
_CLAUSE_END = lazy(r"[,;:.!?。！？，；]")
_CONTENT = lazy(r"[^\W_]{4,}|(?<!\w)\d+(?!\w)")


def _restates(clause: str, sentence: str) -> bool:
    """Whether ``sentence`` states the (hedged) clause: half of its words of four letters or
    more and its numbers, or more ("accept the pass from 1 December 2026")."""
    end = _CLAUSE_END.search(clause)
    words = {w.lower() for w in _CONTENT.findall(clause[:end.start()] if end else clause)}
    if not words:
        return True
    said = {w.lower() for w in _CONTENT.findall(sentence)}
    return len(words & said) * 2 >= len(words)  # "for November 2026" is restated by "in November"


_NAMED = lazy(r"[^\W_]{4,}|(?<!\w)(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]{2,}(?!\w)")  # words, and names with digits ("W3")
_HEDGE_VERBS = frozenset("will would should could might must shall have been being were does".split())


def _same_subject(before: str, sentence: str) -> bool:
    """Whether ``sentence`` is about what the hedged clause is about: the words of that clause
    before its hedge ("Route W3" of "Route W3 is due to accept ...") all stand in it."""
    clause = _CLAUSE_BREAK.split(before)[-1]
    words = {w.lower() for w in _NAMED.findall(clause)} - _HEDGE_VERBS
    if not words or not any(any(ch.isdigit() for ch in w) for w in words):
        return False  # a subject named by a figure or a name with digits: "Route W3", "PEP 649"
    said = {w.lower() for w in _NAMED.findall(sentence)}
    return words <= said


def _dated(text: str, start: bool = False) -> bool:
    """Whether ``text`` holds a date ("from next Tuesday" is a timetable's too); ``start``: a date
    that can set a plan's start, not one after "since", which tells a state held from then to
    today ("takes the pass since 1 December 2026": already so)."""
    from .figure_units import date_bound
    from .figures import find_figures

    return any(f.kind in ("date", "relative") and not (start and date_bound(text, f.start, f.end) == "since")
               for f in find_figures(text))


# a condition a claim states on itself ("once new readers are installed", "when travelling with a
# paying adult", "provided comments wrap at 72"): "once" as "one time" ("calls it once and
# caches") and "once a week" are no condition
_CONDITION = lazy(
                  r"\b(?:if|unless|provided(?:\ that)?|as\ long\ as|so\ long\ as|on\ condition\ that|"
                  r"once(?!\ (?:and|or|more|again|a|an|per|every|each|only|before|in|or)\b)(?=\ [^\W\d_])|when(?=\ [^\W\d_]+ing\b)|"
                  r"если|при\ условии)\b\ ?(?P<c>[^,;.:!?()]+)", re.IGNORECASE)
_CONDITION_STOP = frozenset("that this these those with from their there they them were have been being would "
                            "will shall should could than when where which while what into onto upon also "
                            "только когда чтобы".split())


def condition_dropped(claim_text: str, sentence: str) -> str | None:
    """``_condition_dropped``, or the bound of age a claim sets on the people it tells of
    (``age_bound_dropped``): both narrow whom the claim is true of."""
    return (_condition_dropped(claim_text, sentence) or age_bound_dropped(claim_text, sentence)
            or narrowing_dropped_other(claim_text, sentence))


# the people a claim's age bound narrows, right before it ("children under twelve", "people over 65")
_AGED_PEOPLE = lazy(r"(?<![^\W\d_])(?P<who>children|child|kids?|minors?|people|passengers?|riders?|adults?|persons?|"
                    r"pensioners?|travell?ers?)\s+(?:aged\s+)?(?P<bound>under|over|below|above|up\s+to|aged)\s+\Z",
                    re.IGNORECASE)
_PEOPLE_KEYS = ("child", "adult", "senior", "student", "teen", "infant")


def age_bound_dropped(claim_text: str, sentence: str) -> str | None:
    """The bound of age a claim sets on the people it tells of ("children under twelve ride free
    ...") when ``sentence`` restates the claim (half of its other words), names those people
    ("children", "kids") and gives no age at all ("children ride free with a paying adult"): it
    tells the claim of every child. "Children under 12", "aged eleven or younger" give an age (the
    figure rules judge its value). None otherwise."""
    from .figure_frame import _says, frames
    from .figure_units import comparison

    said, seen = _seen(claim_text), _seen(sentence)
    for fr in frames(said):
        if fr.counted not in ("attribute", "age"):
            continue
        m = _AGED_PEOPLE.search(said[max(0, fr.figure.start - 40):fr.figure.start])
        if m is None:
            continue
        keys = [k for k in _PEOPLE_KEYS if _says(m.group("who"), k)]
        if keys and not any(_says(seen, k) for k in keys):
            continue  # not told of the same people
        if not keys and m.group("who").lower()[:4] not in _stems(seen):
            continue
        if any(g.counted in ("attribute", "age") or g.figure.kind == "number" and (
                g.figure.key == fr.figure.key or comparison(seen, g.figure.start, g.figure.end) is not None)
               for g in frames(seen)) or _UNDER_NS.search(seen):
            continue  # an age is given: its value is the figure rules' to judge
        at = max(0, fr.figure.start - 40) + m.start()
        phrase = said[at:fr.figure.end]
        rest = _stems(said[:at] + " " + said[fr.figure.end:]) | _stems(m.group("who"))
        if len(rest & _stems(seen)) * 2 >= len(rest):
            return " ".join(phrase.split())
    return None


_UNDER_NS = lazy(r"(?<![^\W\d_])(?:under|over)-?(?:\d+s|[^\W\d_]+s)(?![^\W\d_])", re.IGNORECASE)


# a condition that only lets someone choose otherwise ("unless the user explicitly requests
# otherwise", "unless they opt out"), which a setting "by default" already says
_OVERRIDE = lazy(r"unless\b(?:\s+[\w'’-]+){0,6}?\s+(?:otherwise|opts?\s+out|turns?\s+it\s+off)\b", re.IGNORECASE,
                 needs=("unless",))
_DEFAULT = lazy(r"\bby\s+default\b|\bdefaults?\s+to\b", re.IGNORECASE, needs=("default",))


def _condition_dropped(claim_text: str, sentence: str) -> str | None:
    """The condition a claim states ("once new ticket readers are installed") when ``sentence``,
    which restates the claim with no hedge of its own, keeps none of its words ("Route W3 takes
    the pass from 1 December 2026", "children under twelve ride free"): a conditional fact told
    as a bare one says more than its source. None otherwise."""
    said = _seen(claim_text)
    m = _CONDITION.search(said)
    if m is None or hedged(sentence) or _PLAN_KEPT.search(_seen(sentence)):
        # a plan kept as a plan ("is due to", "will take the pass from 1 December") is no bare fact;
        # a speaker is no plan: "PEP 8015 says ..." without its "if" drops the condition all the same
        return None
    rest = _stems(said[:m.start()] + " " + said[m.end():])
    cond = _stems(m.group("c")) - rest  # "characters" of "wrapped at 72 characters" is the main clause's too
    if not cond:
        return None
    if _OVERRIDE.match(said, m.start()) and _DEFAULT.search(said) and _DEFAULT.search(_seen(sentence)):
        return None  # "on by default" of "enabled by default unless the user asks otherwise": "default" says it
    mine = _stems(sentence)
    if len(rest & mine) * 2 < len(rest):
        # the sentence says something else of the claim ("Adults pay 3.40 marks", a clause beside
        # "children under twelve ride free when travelling with a paying adult"): not this statement
        return None
    if cond & mine:
        # the condition is kept, in its words or close to them ("an adult who pays" of "a paying
        # adult"), but not with the word that narrows it gone ("with an adult": any adult), nor
        # waived ("a paying adult optional", "with or without a paying adult")
        lost = _narrowing_dropped(m.group("c"), sentence) or (_WAIVED.search(_seen(sentence)) is not None
                                                              and _WAIVED.search(said) is None)
        return " ".join(m.group(0).split()) if lost else None
    return " ".join(m.group(0).split())


# the words that open a condition in the demo languages ("取り付けられ次第", "大人と一緒なら",
# "安装后", "когда на его суда установят")
_CONDITION_OTHER = lazy(r"\b(?:если|когда|как\s+только|после|при|лишь|только|по\s+мере|вместе|сопровожд\w*|"
                        r"пока|в\s+случае|с[о]?\s+[а-яё]+(?:ым|им|ом|ем|ой|ей|ами|ями))\b|たら|れば|えば|なら|次第|後|あと|際|場合|とき|時|限り|条件|ながら|一緒|同伴|"
                        r"付き添|連れ|如果|若|一旦|待|后|之后|以后|时|条件|只要|才|陪同|随同|随|带着|一起|同行", re.IGNORECASE)
_FOREIGN = lazy(r"[\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff]")
_LATIN = lazy(r"[A-Za-z]")


def condition_dropped_other(claim_text: str, sentence: str) -> str | None:
    """``condition_dropped`` for a sentence in Russian, Chinese or Japanese, whose words cannot be
    set against the claim's: the claim states a condition and no plan ("when travelling with a
    paying adult"), the sentence restates it (every name with digits the claim gives, and one of its
    figures: "W3", "十二月一日") with no word of condition nor of plan in its language
    ("次第", "なら", "后", "когда"; "予定", "将", "должен"). None otherwise."""
    from .figures import find_figures

    said = _seen(claim_text)
    m = _CONDITION.search(said)
    seen = _seen(sentence)
    if m is None or len(_FOREIGN.findall(seen)) <= len(_LATIN.findall(seen)):
        return None
    if hedged(said):
        # a plan: the plain form of Japanese and Chinese is its future too ("使えるようになります",
        # "接受"), and a plan told in the future keeps its hedge without its condition, as in English
        return None
    if hedged(seen) or _PLAN_WORDS_OTHER.search(seen) or _CONDITION_OTHER.search(seen) or _FUTURE.search(seen):
        return None
    theirs = find_figures(said)
    mine = {f.key[-5:] if f.kind == "date" else f.key for f in find_figures(seen)}
    if any(f.kind == "ident" and f.key not in mine for f in theirs):
        return None  # another thing than the claim's ("W1" of a claim about "W3")
    if not any((f.key[-5:] if f.kind == "date" else f.key) in mine for f in theirs):
        return None
    return " ".join(m.group(0).split())


# the people an age bound sets ("children under twelve", "12歳未満の子ども", "дети до двенадцати лет")
_CHILDREN_EN = lazy(r"\b(?:children|child|kids?|minors?|infants?|juniors?)\b", re.IGNORECASE)
_CHILDREN_OTHER = lazy(r"子ども|子供|こども|児童|小児|儿童|孩子|小孩|幼児|дет(?:и|ей|ям|ьми|ях)|ребён\w*|ребен\w*|"
                       r"несовершеннолетн\w*", re.IGNORECASE)


def age_bound_dropped_other(claim_text: str, sentence: str) -> str | None:
    """A sentence in Russian, Chinese or Japanese that tells of children ("子どもは...無料です")
    where its claim bounds them by age ("children under twelve"): the bound, read as a figure's
    comparison is read ("under twelve"), when the sentence gives no figure of it at all. None
    otherwise; a sentence that gives the age ("12歳未満の子ども") is judged by its figure."""
    from .figure_units import comparison
    from .figures import find_figures

    said = _seen(claim_text)
    seen = _seen(sentence)
    if len(_FOREIGN.findall(seen)) <= len(_LATIN.findall(seen)) or not _CHILDREN_OTHER.search(seen):
        return None
    mine = {f.key for f in find_figures(seen) if f.kind == "number"}
    for f in find_figures(said):
        if f.kind != "number":
            continue
        cmp = comparison(said, f.start, f.end)
        near = said[max(0, f.start - 40):f.end + 30]
        if cmp is None or not (_CHILDREN_EN.search(near) or _CHILDREN_OTHER.search(near)):
            continue
        if f.key in mine:
            return None
        if cmp.written not in said[f.end:f.end + 6]:
            return f"{cmp.written} {f.written}"
        return f.written + (" " if cmp.written[:1].isascii() else "") + cmp.written
    return None


# words that make a condition no condition: "a paying adult optional", "with or without", "either way"
_WAIVED = lazy(r"\b(?:optional(?:ly)?|not\s+(?:needed|required|necessary|essential|a\s+must)|unnecessary|"
               r"needless|either\s+way|or\s+not|with\s+or\s+without|whether\s+or\s+not|no\s+need|needn['’]t|"
               r"need\s+not|not\s+obligatory|if\s+(?:they|you)\s+(?:like|wish|want))\b", re.IGNORECASE)
_PAIR = lazy(r"\b([^\W\d_]{4,})\s+([^\W\d_]{4,})\b")


def _narrowing_dropped(cond: str, sentence: str) -> bool:
    """A condition's word that narrows the next one ("paying" of "a paying adult") is gone from a
    sentence that keeps the word it narrows ("with an adult"); compared by their first three
    letters, so "an adult who pays" keeps it."""
    seen = {w.lower()[:3] for w in _CONTENT.findall(_seen(sentence))}
    for m in _PAIR.finditer(_seen(cond)):
        first, second = m.group(1).lower(), m.group(2).lower()
        if first in _CONDITION_STOP or second in _CONDITION_STOP or not first.endswith(("ing", "ed")):
            continue
        if second[:3] in seen and first[:3] not in seen:
            return True
    return False


# a condition's narrowing word and the word it narrows in the demo languages, by the English
# word's first three letters ("paying" of "a paying adult": платящим, оплачивающим, 有料,
# 運賃を払う, 付费; "adult": взрослый, 大人, 成人); "бесплатно" and "неплатящий" pay nothing
_NARROWING_OTHER = {
    "pay": lazy(r"(?<![а-яё])(?:о|за|у)?пла[тч]|билет|有料|払|料金|運賃|有償|切符|乗車券|付费|付款|付钱|票|缴费|交费",
                re.IGNORECASE),
    "adu": lazy(r"взросл|大人|成人|おとな|成年", re.IGNORECASE),
}


def narrowing_dropped_other(claim_text: str, sentence: str) -> str | None:
    """``_narrowing_dropped`` for a sentence in Russian, Chinese or Japanese: it keeps the word a
    claim's condition narrows ("adult" of "with a paying adult": "со взрослым", "大人と一緒なら",
    "有成人陪同") without the word that narrows it ("paying"): any adult. The condition, or None."""
    said = _seen(claim_text)
    m = _CONDITION.search(said)
    seen = _seen(sentence)
    if m is None or len(_FOREIGN.findall(seen)) <= len(_LATIN.findall(seen)):
        return None
    for pair in _PAIR.finditer(_seen(m.group("c"))):
        first, second = pair.group(1).lower(), pair.group(2).lower()
        if first in _CONDITION_STOP or second in _CONDITION_STOP or not first.endswith(("ing", "ed")):
            continue
        narrow, noun = _NARROWING_OTHER.get(first[:3]), _NARROWING_OTHER.get(second[:3])
        if narrow is not None and noun is not None and noun.search(seen) and not narrow.search(seen):
            return " ".join(m.group(0).split())
    return None


@lru_cache(maxsize=4096)  # a claim's text is read for each sentence citing it, by four checks
def _stems(text: str) -> frozenset[str]:
    """The words of four letters or more (their first four, so "teams" is "team") and numbers."""
    return frozenset(w.lower()[:4] for w in _CONTENT.findall(_seen(text)) if w.lower() not in _CONDITION_STOP)


# who says it: "Riders on route W3 told The Ferry Ledger that ...", "The authority says ...",
# "according to the operator, ...", "運航会社によると", "据运营方称", "по словам оператора"
_REPORT_VERB = (r"(?:says?|said|reports?|reported|told|tells?|states?|stated|claims?|claimed|announced?|"
                r"insists?|insisted|argues?|argued|writes?|wrote|maintains?|maintained)")
# ... and these report only with what is said after them ("It adds that ...", "notes that"): a
# sentence that says someone adds it tells it as said (a claim that "notes that" is read as before)
_THAT_VERB = (r"(?:adds?|added|notes?|noted|explains?|explained|concedes?|conceded|acknowledges?|acknowledged|"
              r"admits?|admitted|observes?|observed|stresses|stressed|warns?|warned|points?\ out|pointed\ out|"
              r"contends?|contended)(?=\ that\b)")
_OPENING_WHO = r"^\W*(?P<who>(?:[^\W\d_][\w'’.-]*\ ){0,6}?[^\W\d_][\w'’.-]*)\ "
_FRAME = lazy(rf"{_OPENING_WHO}{_REPORT_VERB}\b"
              r"|^\W*according\ to\ (?P<who2>[^,;:]{2,60})", re.IGNORECASE)
_SAID_FRAME = lazy(rf"{_OPENING_WHO}(?:{_REPORT_VERB}|{_THAT_VERB})\b"
                   r"|^\W*according\ to\ (?P<who2>[^,;:]{2,60})", re.IGNORECASE)
# ... and a sentence keeps it by anyone saying it, or finding it so ("people on W3 found the
# readers still off" of "riders told the paper the readers were off")
# (in Japanese, Chinese and Russian: "によると", "と話した", "据", "说", "по словам", "говорят", "сказали")
_ANY_FRAME = lazy(rf"\b(?:{_REPORT_VERB}|{_THAT_VERB}|according\ to|per\ the|quoted|cited|found|finds?|saw|sees|noticed|"
                  r"observed|experienced|heard|learn(?:ed|t)|(?:gave|gives?|giving)\ (?:[^\W\d_]+\ ){1,3}?as)\b|によると|によれば|と述べ|と報じ|"
                  r"と(?:言|い)(?:っ|わ|います)|と(?:言|い)う(?=\s*(?:[。．.!！]|$|こと))|と話|と語|と報告|と伝え|"
                  r"と指摘|とのこと|と証言|と説明|と主張|と発表|と訴え|と答え|と不満|そうだ|そうです|の話では|"
                  r"据|表示|称|说|报道|报告|指出|反映|透露|告诉|抱怨|发现|"
                  r"по\ словам|со\ слов|сообщ|заяв|говор|по\ данным|по\ мнению|по\ сведениям|по\ информации|"
                  r"сказа|расска|ответи|поясни|добави|пишу|пише|писал|отмеча|отметил|жалу|пожаловал|утвержда|уверя|"
                  r"считают|обнаруж|заметил", re.IGNORECASE)


# a sentence that opens with a pronoun goes on from the sentence before it
_CARRIED = lazy(r"\W*(?:it|its|they|their|them|he|his|she|her|this|these|those|such)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _frame(text: str, said: bool = False) -> tuple[str, str, str] | None:
    """(who, the frame as written, the rest) of a text that opens by saying who says it; ``said``:
    a page's sentence, which says so with "adds that" or "notes that" too."""
    m = (_SAID_FRAME if said else _FRAME).match(_seen(text))
    if m is None:
        return None
    who = m.group("who") or m.group("who2") or ""
    if re.search(r"\b(?:to|will|would|shall|should|must|may|might|can|could)$", who.strip(), re.IGNORECASE):
        return None  # "Officers were to report on ...", "will report": a task to come, no one saying it
    if m.group("who") and _PASSIVE_AFTER.match(m.string, m.end()) and _PARTICIPLE.search(m.group(0)) \
            and not _BE_LAST.search(who):
        return None  # "For code maintained by a team ...": a thing someone keeps, no one saying it
    return who, " ".join(m.group(0).split()), m.string[m.end():]


# a verb that also means keeping or taking, as a participle done by someone ("code maintained by
# a team", "land claimed by the city"): the words before it name a thing, not a speaker ("the
# figure reported by the press" stays the press's report)
_PARTICIPLE = lazy(r"\b(?:maintained|claimed)$", re.IGNORECASE)
# ... but "Riders were told by W3 crew that ...": told them, by the one after "by"
_BE_LAST = lazy(r"\b(?:was|were|is|are|been|being|be|get|got|gets)$", re.IGNORECASE)
_PASSIVE_AFTER = lazy(r"(?:\s+[^\W\d_]+ly(?:\s+(?:or|and)\s+[^\W\d_]+ly)?)?\s+by\b", re.IGNORECASE)




# who says it, said after what is said ("..., riders said.") or in passing ("as the trade press
# found", "according to the operator"): the speaker a sentence or a quote names other than first
_WHO = r"(?P<who>(?:[^\W\d_][\w'’.-]*\ ){0,5}?[^\W\d_][\w'’.-]*)"
_TRAILING_FRAME = lazy(rf",\ {_WHO}\ (?:{_REPORT_VERB}|say|added|complained)(?:\ (?:[^\W\d_][\w'’.-]*\ ?){{0,3}})?\W*$",
                       re.IGNORECASE, needs=(" added", " announce", " argue", " claim", " complained", " insist",
                                             " maintain", " report", " said", " say", " state", " tell", " told",
                                             " write", " wrote"))
_PASSING_FRAME = lazy(rf"(?:^|[\s,;(—–])as\ {_WHO}\ (?:{_REPORT_VERB}|say|found|finds?|discovered|showed|shows|"
                      r"established|confirmed|noted|notes|learn(?:ed|t))\b|\baccording\ to\ (?P<who2>[^,;:.]{2,60})"
                      # "by the operator's own count", "on the city's figures": whose count it is
                      r"|\b(?:by|on|in)\ (?P<who3>(?:[^\W\d_][\w.-]*\ ){0,4}?[^\W\d_][\w.-]*)['’]s?\ (?:own\ )?"
                      r"(?:count|counts|figures?|reckoning|tally|estimates?|numbers|data)\b",
                      re.IGNORECASE)


def report_frame(quote: str) -> str | None:
    """The words that make a quote someone's report, when every sentence of it is one: "Riders
    on route W3 told The Ferry Ledger that", "According to the operator", ", riders said". A
    claim that states the rest as a plain fact drops who said it. None when any sentence of the
    quote states something in its source's own voice."""
    seen = " ".join(_seen(quote).split())
    sentences = [t for t in re.split(r"(?<=[.!?])\s+(?=[^\W\d_])", seen) if any(ch.isalpha() for ch in t)]
    frames = []
    for t in sentences:
        got = _frame(t)
        m = _TRAILING_FRAME.search(t) if got is None else None
        if got is None and m is None:
            return None
        frames.append(got[1] if got is not None else " ".join(m.group(0).strip(" ,.").split()))  # type: ignore[union-attr]
    return frames[0] if frames else None


def _speaker(text: str) -> str | None:
    """Whom a sentence names as saying or finding what it says: first ("The operator says"),
    after it ("..., riders said") or in passing ("as the trade press found"), or with "adds that"."""
    got = _frame(text, said=True)
    if got is not None:
        return got[0]
    seen = _seen(text)
    m = _TRAILING_FRAME.search(seen) or _PASSING_FRAME.search(seen)
    return (m.group("who") or m.groupdict().get("who2") or m.groupdict().get("who3")) if m else None


def frame_dropped(claim_text: str, sentence: str, before: str = "", lead: str = "") -> str | None:
    """The reporting frame of a claim ("The authority says") when ``sentence`` restates what was
    said as a plain fact, naming neither a speaker's word nor anyone saying it ("In fact the pass
    works on every route"): a report is not the fact it reports. ``before``: the sentence before
    it in the same paragraph; one that names the claim's speaker saying something ("PEP 649
    says ...") carries on to a sentence that opens with a pronoun ("They could not ...").
    ``lead``: the lead-in of the list the sentence is an item of; one that names the claim's
    speaker saying or listing it ("..., according to the proposal:", "The proposal lists two
    problems:") carries on to each item. None otherwise."""
    got = _frame(claim_text)
    if got is None:
        return None
    who, frame, rest = got
    seen = _seen(sentence)
    if _ANY_FRAME.search(seen) or _stems(who) & _stems(sentence):
        return None  # told as said ("riders say"), or its speaker named ("riders found them off")
    if before and _CARRIED.match(seen) and _ANY_FRAME.search(_seen(before)) and _stems(who) & _stems(before):
        return None  # "PEP 649 says ... . They could not ...": the speaker of the sentence before goes on
    if lead and lead_speaker(lead, who):
        return None  # "..., according to the proposal:" over a list: each item is told as the proposal's
    if _other_script(seen):
        # told in another language: no word of it is the claim's, so a figure the claim reports
        # ("W3航路の読み取り機は九月下旬にも…", "в конце сентября") says it restates the claim
        from .figures import find_figures, is_backed

        told = [f for f in find_figures(rest) if f.kind != "ambiguous"]
        if told and not any(is_backed(f, [sentence]) for f in told):
            return None  # the sentence says something else of the claim
        return frame
    body = _stems(rest)
    if not body or len(body & _stems(sentence)) * 2 < len(body):
        return None  # the sentence says something else of the claim
    return frame


_LATIN_LETTER = lazy(r"[A-Za-z\u00c0-\u024f]")
_OTHER_LETTER = lazy(r"[\u0370-\u03ff\u0400-\u052f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _other_script(text: str) -> bool:
    """Whether ``text`` is written mostly in a script other than the Latin one (Russian, Greek,
    Japanese, Chinese, Korean)."""
    if text.isascii():
        return False
    return len(_OTHER_LETTER.findall(text)) > len(_LATIN_LETTER.findall(text))


# a list's lead-in that names who gives what the list holds: "The proposal lists two problems:",
# "Riders name three stations:" (a report verb says so too: "The operator says:")
_LEAD_FRAME = lazy(rf"{_OPENING_WHO}(?:{_REPORT_VERB}|{_THAT_VERB}|lists?|listed|names?|named|describes?|described|"
                   r"gives?|gave|sets?\ out|identifies|identified|raises?|raised|cites?|cited|mentions?|mentioned|"
                   r"warns?|warned|notes?|noted)\b", re.IGNORECASE)


def lead_speaker(lead: str, who: str) -> bool:
    """Whether the lead-in of a list (``lead``, ending with a colon) names ``who`` (a claim's
    speaker, "The proposal") as the one saying or listing what the items say: "The workarounds
    carry their own problems, according to the proposal:", "The proposal describes two
    problems:". A lead-in that names no one, or another speaker ("The operator lists:" for "Riders
    say"), carries nothing; a document and its author speak as one."""
    seen = " ".join(_seen(lead).split())
    if not seen.endswith(":"):
        return False
    m = _LEAD_FRAME.match(seen)
    said = m.group("who") if m is not None else _speaker(seen.rstrip(": "))
    if not said:
        return False
    if _stems(said) & _stems(who) - _ANYONE:
        return True
    return bool(_AUTHOR.search(_seen(said)) and _DOCUMENT.search(_seen(who)) or
                _AUTHOR.search(_seen(who)) and _DOCUMENT.search(_seen(said)))


def speaker_swapped(claim_text: str, backing: list[str], sentence: str) -> str | None:
    """A sentence that says someone says or found it ("The operator says ...", "..., as the
    trade press found") citing a claim whose own text, or whose quote, names another speaker
    ("Riders on route W3 told The Ferry Ledger ..."), where no word of the sentence's speaker
    stands in the claim or its quotes: "the operator" for "riders"."""
    got = _frame(claim_text) or next((f for b in backing if (f := _frame(b))), None)
    said = _speaker(sentence) if got is not None else None
    if got is None or said is None:
        return None
    mine = _stems(said) - {"they", "some", "many", "most", "also", "others", "people"}
    known = set().union(*(_stems(b) for b in [claim_text, *backing]))
    if not mine or mine & known:
        return None
    if _AUTHOR.search(_seen(said)) and _DOCUMENT.search(_seen(got[0])) or \
            _AUTHOR.search(_seen(got[0])) and _DOCUMENT.search(_seen(said)):
        return None  # a document speaks with its author's words: "Its author argues" for "The proposal says"
    return f"{' '.join(said.split())} for {' '.join(got[0].split())}"


def speaker_unnamed(claim_text: str, backing: list[str], sentence: str) -> str | None:
    """The speaker a sentence names ("The city itself says ...", "..., as the operator found")
    citing a claim whose own text and quotes name no one saying it, when no word of that speaker
    stands in the claim or its quotes and it is not the source spoken of as a document or its
    author ("The proposal says", "Its author argues"): whether the claim's source is that speaker
    is for the source's record to say (its title, author, publisher). None otherwise."""
    if _frame(claim_text) or any(_frame(b) for b in backing):
        return None  # the claim names its speaker: ``speaker_swapped`` judges
    said = _speaker(sentence) or _speaker_after_answer(sentence)
    if said is None:
        return None
    mine = _stems(said) - _ANYONE
    known = set().union(*(_stems(b) for b in [claim_text, *backing]))
    if not mine or mine & known:
        return None
    words = [w for w in _WORD_RUN.findall(_seen(said)) if w.lower() not in _PLAIN_WHO]
    if _AUTHOR.search(_seen(said)) or words and all(_DOCUMENT.fullmatch(w) for w in words):
        return None  # the source itself speaks: "The proposal says", "Its author argues"
    return " ".join(said.split())


def _speaker_after_answer(sentence: str) -> str | None:
    """The speaker of the clause after an answer or a lead-in and its colon ("On routes W1 and
    W2, yes: the city minutes say ..."): the clause speaks as a sentence of its own."""
    at = sentence.rfind(": ")
    return _speaker(sentence[at + 2:]) if at > 0 else None


# words of a speaker that name no one in particular: "They say", "Others found", "The city itself"
_ANYONE = frozenset({"they", "some", "many", "most", "also", "othe", "peop", "itse", "them"})
_PLAIN_WHO = frozenset({"the", "a", "an", "its", "their", "this", "that", "itself", "own"})


# a document and the one who wrote it speak as one: "Its author argues" for "The proposal says"
_AUTHOR = lazy(r"^(?:(?:its|the|their|this|that|[^\W\d_]+['’]s?)\s+)?(?:[^\W\d_]+\s+)?(?:authors?|writers?)$",
               re.IGNORECASE)
_DOCUMENT = lazy(r"\b(?:proposals?|documents?|drafts?|designs?|papers?|reports?|articles?|stud(?:y|ies)|peps?|rfcs?|"
                 r"spec(?:ification)?s?|posts?|memos?|notes?|essays?|theses|thesis|books?|guides?|manuals?|"
                 r"standards?|white\s?papers?)\b", re.IGNORECASE,
                 needs=("proposal", "document", "draft", "design", "paper", "report", "article", "stud", "pep", "rfc",
                        "spec", "post", "memo", "note", "essay", "thes", "book", "guide", "manual", "standard"))


def document_word(word: str) -> bool:
    """Whether ``word`` names a kind of document ("proposal", "PEP", "report"): a label that
    names the document its own claims quote ("before the proposal") names no other row."""
    return bool(_DOCUMENT.fullmatch(word))


# who speaks, opening a clause ("The design document itself calls", "Its author argues that",
# "They note that"): the speaker rules judge who it is; what the clause says comes after it
_SPEAKS = lazy(rf"{_OPENING_WHO}(?:(?:itself|themselves|himself|herself)\ )?(?:{_REPORT_VERB}|"
               r"adds?|added|notes?|noted|concedes?|conceded|admits?|admitted|calls?|called|deems?|deemed|"
               r"considers?|considered|describes?|described|judges?|judged|finds?|found|thinks?|thought)\b"
               r"(?:\ that\b)?", re.IGNORECASE)
_PRONOUN_WHO = frozenset({"it", "they", "he", "she", "we"})


def unframed(clause: str) -> str:
    """``clause`` without its opening speaker when the speaker is a document, its author or a
    pronoun ("The design document itself calls growth like that likely unacceptable" reads
    "growth like that likely unacceptable"): whether the claim says what the clause says is
    judged on what is said, the speaker by the speaker rules. Any other clause as it is."""
    m = _SPEAKS.match(_seen(clause))
    if m is None:
        return clause
    who = m.group("who").strip()
    if who.lower() in _PRONOUN_WHO or _DOCUMENT.search(who) or _AUTHOR.match(who):
        return m.string[m.end():].strip()
    return clause


# the present as the writer sees it: said of a claim dated in the past ("still switched off in
# late September"), it tells a reader the claim holds on the day they read the page
_NOW = lazy(r"\b(?:now|currently|at\ present|presently|these\ days|as\ things\ stand)\b|"
            r"現在|目前|现在|当前|сейчас|в\ настоящее\ время|ныне", re.IGNORECASE,
            needs=("now", "currently", "at present", "presently", "these days", "as things stand", "現在", "目前",
                   "现在", "当前", "сейчас", "в настоящее время", "ныне"))


def now_for_then(claim_text: str, sentence: str) -> str | None:
    """"currently" in a sentence that restates a claim dated in its own words ("were still
    switched off in late September") without that date: the claim says then, the sentence says
    now. As "now for September", or None."""
    seen = _seen(sentence)
    m = _NOW.search(seen)
    date = _undated_restatement(claim_text, seen) if m is not None else None
    return f"{m.group(0)} for {date}" if m is not None and date else None


def _undated_restatement(claim_text: str, seen: str) -> str | None:
    """The first date a claim gives in its own words, when the sentence (``seen``) keeps a third
    of the claim's other words but no date: it restates the claim with its date gone."""
    from .figures import find_figures

    dates = [f for f in find_figures(_seen(claim_text)) if f.kind == "date"]
    if not dates or any(f.kind == "date" for f in find_figures(seen)):
        return None
    rest = _stems(claim_text) - {w for f in dates for w in _stems(f.written)}
    if not rest or len(rest & _stems(seen)) * 3 < len(rest):
        return None  # a third of its words: "now" with the date gone is a strong sign of its own
    return dates[0].written


# a state a claim dates in the past ("were still switched off in late September", "was closed"):
# "was"/"were" before "still", "not", a word of lack or a state word
_PAST_STATE = lazy(r"\b(?:was|were)\s+(?:still\s+|not\s+|no\s+longer\s+)?(?:still|off|on|closed|open|shut|down|out|"
                   r"broken|suspended|unavailable|available|switched\s+(?:off|on)|turned\s+(?:off|on)|out\s+of\s+"
                   r"(?:order|service)|in\s+(?:service|use|place)|working|running|live|full|empty|late|free|missing|"
                   r"without)\b", re.IGNORECASE, needs=("was", "were"))
_PRESENT_STATE = lazy(r"\b(?:is|are|isn['’]t|aren['’]t|remains?|stays?|keeps?\s+being)\b", re.IGNORECASE)


def present_for_then(claim_text: str, sentence: str) -> str | None:
    """A state a claim dates in its own words and tells in the past ("the readers were still
    switched off in late September") told in the present ("are still switched off") by a sentence
    that restates the claim without its date: the claim says then, the sentence says now. As
    "are for late September", or None."""
    seen = _seen(sentence)
    past = _PAST_STATE.search(_seen(claim_text))
    now = _PRESENT_STATE.search(seen) if past else None
    if now is None or re.search(r"\b(?:was|were|had)\b", seen, re.IGNORECASE):
        return None
    date = _undated_restatement(claim_text, seen)
    return f"{' '.join(now.group(0).lower().split())} for {date}" if date else None


# a frequency told of a claim dated in its own words ("are often switched off" of "were still
# switched off in late September"): the sentence tells a habit where the claim tells one time
_HABIT = lazy(r"\b(?:often|oftentimes|usually|regularly|routinely|frequently|habitually|typically|normally|"
              r"generally|repeatedly|constantly|commonly|sometimes|occasionally|at\s+times|from\s+time\s+to\s+time|"
              r"every\s+so\s+often|time\s+and\s+again|again\s+and\s+again)\b", re.IGNORECASE)


def habit_for_then(claim_text: str, sentence: str) -> str | None:
    """A frequency ("often", "usually", "regularly") in a sentence that restates a claim dated in
    its own words ("were still switched off in late September") without that date, where the
    claim says no such word: the claim tells one time, the sentence a habit. As "often for
    September", or None; a sentence that keeps the date ("were often off in late September")
    says when."""
    seen = _seen(sentence)
    m = _HABIT.search(seen)
    if m is None or _HABIT.search(_seen(claim_text)):
        return None
    date = _undated_restatement(claim_text, seen)
    return f"{' '.join(m.group(0).lower().split())} for {date}" if date else None


# the words that open a condition before a verb told as done: "once new readers have been fitted"
# keeps the condition ("once" and the perfect say: when that is done), "as new readers have been
# fitted" tells it met
_OPENS_CONDITION = lazy(r"\b(?:if|unless|provided|providing|as\s+long\s+as|so\s+long\s+as|on\s+condition|once|"
                        r"when|whenever|until|till|after|before|as\s+soon\s+as|only\s+(?:when|once|after|if))\b",
                        re.IGNORECASE)

# a condition of the sentence's own, from its word to the end of its clause
_KEPT_CONDITION = lazy(r"\b(?:if|unless|provided|providing|as\s+long\s+as|so\s+long\s+as|on\s+condition|once|when|"
                       r"whenever|until|till|as\s+soon\s+as)\b[^,;.:!?()]*", re.IGNORECASE)


def condition_done(claim_text: str, sentence: str, others: list[str] | None = None) -> str | None:
    """The condition a claim states on itself ("once new ticket readers are installed") that a
    sentence restating the claim tells as met: a part of it (between commas) names what the
    condition speaks of ("readers") with a verb told as done ("as new readers have been
    fitted", "now that new readers were installed") and no word that opens a condition or
    hedges before that verb. ``others``: the texts of other claims cited with it; a part one of
    them tells as done is theirs. As "'once ...' told as done ('have been fitted')", or None."""
    said = _seen(claim_text)
    m = _CONDITION.search(said)
    if m is None:
        return None
    rest = _stems(said[:m.start()] + " " + said[m.end():])
    cond = _stems(m.group("c")) - rest
    seen = _seen(sentence)
    if not cond or len(rest & _stems(seen)) * 2 < len(rest):
        return None  # the sentence says something else of the claim
    for part in _PART_BREAK.split(seen):
        done = _DONE_PAST.search(part)
        # the condition's words the sentence keeps under a word of condition of its own ("was
        # chosen ... so that the committee can keep working if a member becomes unavailable")
        # are a condition kept, whatever verb another clause of the part tells as done
        if done is None or not (_stems(_KEPT_CONDITION.sub(" ", part)) & cond):
            continue
        before = part[:done.start()]
        if _OPENS_CONDITION.search(before) or hedged(part) or _TO_COME.search(before):
            continue
        if others and any(_DONE_PAST.search(_seen(o)) and _stems(part) & _stems(o) - cond for o in others):
            continue
        return f"{' '.join(m.group(0).split())!r} told as done ({' '.join(done.group(0).lower().split())!r})"
    return None


# two clauses of one sentence, each of which may restate a claim of its own ("A single fare is
# 3.40 marks, and children under twelve ride free")
_JOINED_CLAUSES = lazy(r"\s*;\s*|,\s+(?:and|but|while|whereas)\s+", re.IGNORECASE)


def lost_advice(lost: str, claim_texts: list[str]) -> tuple[str, str]:
    """(what the sentence did, how to mend it) for what ``hedge_dropped_among`` found lost: a
    claim's frame ("The narrator told") is who says it, anything else a hedge or a plan."""
    if any(report_frame(t) == lost or (f := _frame(t)) is not None and f[1] == lost for t in claim_texts):
        return ("states as plain fact what its claims report", "keep who says it (\"riders say\", \"according to "
                "the operator\")")
    return ("states plainly what its claims only plan or allow", "keep the hedge (\"is due to\", \"will\", \"may\")")


def hedge_dropped_among(claim_texts: list[str], sentence: str, context: str = "") -> str | None:
    """``hedge_dropped`` where a sentence cites a source, not a claim (a report's ``[3]``): the
    hedge of a claim it restates plainly, unless it restates as well an unhedged claim of the
    same sources. A sentence of two clauses ("..., and children under twelve ride free") is read
    clause by clause as well: the other clause's plain claim does not excuse this one's.
    ``context``: what the sentence answers (the workspace's question), whose bidding keeps a
    claim's "should" in a phrase with no verb of its own (``bidding_kept``), as on a page."""
    lost = _hedge_dropped_among(claim_texts, sentence, None, context)
    if lost is not None:
        return lost
    parts = [p for p in _JOINED_CLAUSES.split(sentence) if len(p.split()) >= 3]
    if len(parts) < 2:
        return None
    # a clause may restate a plain clause of a hedged claim joined to its hedged one with a
    # finite verb of its own ("... this is likely to cause and are doing it anyway"): the hedge
    # stays in its own clause, which the sentence keeps (the whole sentence was read above)
    plain = [c for t in claim_texts if hedged(t) for c in _coordinate_clauses(t)]
    return next((h for p in parts if (h := _hedge_dropped_among(claim_texts, p, plain, context))), None)


# "... likely to cause and are doing it anyway": "and" before a finite verb opens a clause of
# its own, which a modal before it ("may raise fares and cut W3") does not govern
_AND_FINITE = lazy(r"\s+and\s+(?=(?:am|is|are|was|were|has|have|had|does|do|did)\b)", re.IGNORECASE)


def _coordinate_clauses(text: str) -> list[str]:
    """The clauses of ``text`` after its first one that "and" joins with a finite verb of their
    own, each given only when it hedges nothing."""
    return [c for c in _AND_FINITE.split(text)[1:] if not hedged(c) and not _CONDITION.search(_seen(c))]


def _hedge_dropped_among(claim_texts: list[str], sentence: str, plain: list[str] | None = None,
                         context: str = "") -> str | None:
    lost = next((h for t in claim_texts if (h := _bid_dropped(t, sentence, context) or condition_dropped(t, sentence)
                                             or condition_done(t, sentence, [u for u in claim_texts if u != t])
                                             or frame_dropped(t, sentence))), None)
    if lost is None:
        return None
    seen = _seen(sentence)
    if any(not hedged(t) and not _CONDITION.search(_seen(t)) and not _frame(t) and _restates(_seen(t), seen)
           for t in [*claim_texts, *(plain or [])]):
        return None
    return lost


def _bid_dropped(claim_text: str, sentence: str, context: str) -> str | None:
    """``hedge_dropped``, save a "should" that where the sentence stands keeps (``bidding_kept``)."""
    lost = hedge_dropped(claim_text, sentence)
    if lost == "should" and context and bidding_kept(claim_text, sentence, context):
        return None
    return lost


def completion_beside_plans_only(parts: list[tuple[str, bool]]) -> bool:
    """``parts``: each part of a sentence that cites in several places, with whether what it
    cites is a plan or a possibility. True when no plan's part holds a word of completion
    ("now", "already"): such words stand in the parts citing facts ("W1 and W2 take the pass
    now[1], and W3 is due to follow[2]"), which are read as the facts' alone."""
    return len(parts) > 1 and not any(set(scale_words(part, True)) - set(scale_words(part, False))
                                      for part, plan in parts if plan)


def scale_words(text: str, plan: bool = False) -> list[str]:
    """Words of record or superlative in ``text`` ("a record", "the busiest"), and with ``plan``
    (what is cited is a plan or a possibility) of completion ("already"), lower case, each once
    ("on record" is none)."""
    return list(_scale_words(text, plan))


@lru_cache(maxsize=4096)
def _scale_words(text: str, plan: bool) -> tuple[str, ...]:
    text = _NOT_SCALE.sub(" ", _seen(text))
    found = [(m.start(), m.group(0)) for rx in ((_SCALE, _DONE) if plan else (_SCALE,)) for m in rx.finditer(text)]
    return tuple(dict.fromkeys(" ".join(w.lower().split()) for _, w in sorted(found)))


# a sentence that denies what none of its claims denies turns them around ("lists neither")
_NEG_MORE = lazy(r"\b(?:neither|nor|nobody|nowhere|no\s+one)\b|\bни\b", re.IGNORECASE)
# a time bound said the other way round ("not until 1 December" for "from 1 December") or a
# plan not yet done ("not yet") denies nothing a dated or planned claim does not say
_NEG_TIMING = lazy(r"(?:\bnot\b|n['’]t\b)(?=(?:\s+[^\s.,;:]+){0,6}?\s+(?:yet|until|till|before)\b)|\bno\s+earlier\s+than\b|\bне\s+раньше\b|\bещё\s+не\b|まだ",
                   re.IGNORECASE)
# words of scope: "every route" says more than "W1 and W2" (a frequency, "every day", is no scope);
# 各 is one only with the 均 or 都 that sums it up, as 各种 (of various kinds) and 各位 are none
_SCOPE = lazy(r"(?<!the )(?<!at )\bmost\b|(?<!how )(?<!so )(?<!as )\bmany\b|\b(?:majority|mostly|every(?:one|body|where|thing)?|each|all|any(?:where|one)?|wher(?:ever|esoever)|always|entire(?:ly)?|whole|wholly|altogether|across\s+the\s+board|"
              r"without\s+exception|universal(?:ly)?|unconditional(?:ly)?|invariabl[ey]|все|всех|всем|всё|каждый|каждая|каждое|каждом|каждого|"
              r"всегда|везде|любой|любом|любого)\b|全て|すべて|全部|全線|全航路|いつでも|所有|一律|"
              r"(?:どの|いずれの)[^\s、。]{1,6}でも|任何|每个|每條|每条|"
              # "各航线均" "各路线都" (each ... all), "各航路とも" (each ... alike)
              r"各[^\s、。，,]{1,6}?(?:均|都|とも)",
              re.IGNORECASE)
_TIME_UNIT = (r"(?:\d+\s+|other\s+|single\s+)?(?:minutes?|hours?|days?|nights?|weeks?|weekdays?|weekends?|months?|"
              r"years?|mornings?|evenings?|time|season|summer|winter|year\s+round|(?:release\s+)?cycles?|releases?|"
              r"iterations?|sprints?|quarters?)")
# set phrases that scope nothing: "at all", "in all"; "всё ещё" is "still", "всё же" and "всё-таки"
# "even so", "всё больше" "more and more"
_NOT_SCOPE = lazy(r"\b(?:at\s+all|all\s+but|above\s+all|after\s+all|in\s+all|all\s+right|each\s+other|any\s+more|"
                  r"anymore|any\s+longer|if\s+any|вс[её]\s+(?:ещ[её]|же|равно|более|больше|меньше)|вс[её]-таки|"
                  r"(?:every|each|all|any)\s+" + _TIME_UNIT + r")\b|毎[日週月年朝晩時]|每[天日周月年]",
                  re.IGNORECASE)
# words that judge a claim ("debunked", "retracted"): only a claim or its quote may say them
_JUDGE = lazy(r"\b(?:confirm\w*|corroborat\w*|endors\w*|agreed\s+with|agrees\s+with|sided\s+with|debunk\w*|retract\w*|withdrawn|disprov\w*|discredit\w*|refut\w*|false(?:ly|hood)?|wrong(?:ly)?|"
              r"incorrect(?:ly)?|erroneous(?:ly)?|bogus|fake|hoax|myth|misleading|unfounded|baseless|invalid|"
              r"outdated|out-of-date|obsolete|overtaken|supersed(?:ed|es|ing)|unreliable|inaccurate|untrue|inflated|exaggerat\w*|"
              r"overstat\w*|understat\w*|supposed(?:ly)?|purported(?:ly)?|alleged(?:ly)?|so-called|dubious|questionabl[ey]|"
              r"settled|undisputed|uncontested|indisputabl[ey]|beyond\s+(?:doubt|dispute|question)|"
              # one figure told as the right one ("the real count", "the true figure")
              r"(?:real|true|actual|genuine)\s+(?:counts?|figures?|numbers?|totals?|tally|tallies|ridership|picture)|"
              r"no\s+longer\s+(?:disputed|contested|in\s+dispute)|"
              # a figure put right by someone ("a figure the city has since corrected", "revised down")
              r"(?:(?<=since\s)|(?<=later\s)|(?<=subsequently\s)|(?<=been\s)|(?<=has\s)|(?<=have\s)|(?<=had\s)|"
              r"(?<=was\s)|(?<=were\s))(?:corrected|revised|amended)|(?:corrected|revised|amended)(?=\s+(?:down|up)(?:wards?)?\b)|"
              r"опроверг\w*|ложн\w*|неверн\w*|"
              # "allegedly", "so-called" of the demo languages: якобы, будто бы, мол, так называемый
              r"якобы|будто\s+бы|мол|дескать|так\s+называем\w*)\b|"
              # 据说/据称 ("reportedly"), 所谓/号称 ("so-called"); らしい and a plain form + そうだ of
              # hearsay ("使えるらしい", "使えるそうです"), not "素晴らしい" nor "使えそう" (a look)
              r"据说|据称|所谓|号称|(?<![晴ずか愛鹿])らしい|(?<=[るたいだ])そう(?:だ|です)|とされ(?:る|て)|"
              # a verb of report that doubts what it reports ("the operator claims, at least, that"):
              # not the noun ("the claims that follow", "its claims")
              r"(?<![\w'’])(?<!the\s)(?<!these\s)(?<!those\s)(?<!its\s)(?<!their\s)(?<!our\s)(?<!your\s)(?<!both\s)"
              r"(?<!all\s)(?<!such\s)(?<!two\s)(?<!of\s)(?<!a\s)(?<!an\s)(?<!one\s)(?<!each\s)(?<!every\s)(?<!this\s)"
              r"(?<!that\s)(?<!no\s)(?<!any\s)(?<!other\s)(?<!cited\s)(?<!checked\s)(?<!some\s)(?<!many\s)(?<!which\s)"
              r"(?<!s'\s)(?<!'s\s)(?<!’s\s)(?<!s’\s)(?<!\d\s)claim(?:s|ed)?(?=\s*(?:,|that\b|to\s+(?:be|have)\b))|"
              r"(?<=so\s)(?:it|they|he|she)\s+(?:claims?|says?|said)|"
              r"(?:(?<=,)|(?<=—)|(?<=–))\s*at\s+least\s*(?=,|—|–)|\bat\s+least\s*,\s*(?=that\b)|"
              r"虚偽|撤回|デマ|虚假|谣言",
              re.IGNORECASE)


# a change over time ("rose", "fell"): only a claim that tells a change, or compares, says it
CHANGE = lazy(r"\b(?:rose|risen|rises?|rising|grew|grown|grows?|growing|increas\w*|climb\w*|jump\w*|surg\w*|soar\w*|"
              # "drops the checks", "dropped support for 3.8": a thing removed, not a level that fell
              # ("drops the fare to 3.40 marks" is one)
              r"fell|fallen|falls?|falling|drop(?:s|ped|ping)?(?!\s+(?:the|a|an|its|their|his|her|our|your|this|that|"
              r"these|those|support|all|any|every|each)\b(?![^.;:!?]*?\b(?:to|by|from|below|under)\s+"
              r"(?:[^\W\d_]+\s+)?[\d€$£¥]))|declin\w*|decreas\w*|plung\w*|shr[aiu]nk\w*|"
              r"(?:went|gone|go(?:es|ing)?)\s+(?:up|down)|phas(?:e|es|ed|ing)\s+(?:out|in)|used\s+to|no\s+longer|formerly|previously|in\s+the\s+past|any\s?more|"
              r"again|once\s+more|anew|resum(?:e|es|ed|ing)|restor(?:e|es|ed|ing)|(?:switched|turned|came|come|comes|"
              r"coming|went|go|goes|going|is|are|was|were|be|been|now)\s+back\s+on|вырос\w*|упал\w*|снизил\w*)\b|増加|減少|増え|減っ|增长|下降|减少|"
              # an arrow between or beside figures reads "went from ... to", "up", "down"
              r"[→⟶➔➜⇒↑↓⬆⬇↗↘▲▼⇧⇩]",
              re.IGNORECASE)
# a claim that compares, or tells a change in other words ("extended or contracted by the reset
# amount", "the elimination of multiple hacks"), backs a sentence's word of change ("stretches or
# shrinks", "drops several hacks")
_COMPARED = lazy(r"\b(?:up|down|higher|lower|more|fewer|less|than|since|growth|compared|previous|earlier|"
                 r"before|after|from|extend\w*|contract(?:s|ed|ing|ion)|expand\w*|stretch\w*|lengthen\w*|"
                 r"shorten\w*|widen\w*|narrow\w*|doubl\w*|halv\w*|increment\w*|decrement\w*|rais(?:e|es|ed|ing)|reduc\w*|"
                 r"bump\w*|advanc\w*|upgrad\w*|downgrad\w*|eliminat\w*|remov(?:e|es|ed|ing|al))\b|前年|比",
                 re.IGNORECASE)


@lru_cache(maxsize=4096)
def denial(text: str) -> str | None:
    """The first word of negation in ``text`` (lower case), or None."""
    text = _seen(text)
    m = _NEG_EVEN.search(text) or _NEG_WORDS.search(text) or _NEG_MORE.search(text)
    if m:
        return " ".join(m.group(0).lower().split())
    return next((w for w in _NEG_CJK if w in text), None)


# what a claim says in words of lack or stop ("switched off", "ride free", "only W1 and W2")
# a faithful sentence may say with a negation ("did not work", "do not pay", "not on W3")
_LACK = lazy(r"\b(?:off|closed|shut|stopped|halt\w*|stall\w*|stuck|suspend\w*|broken|fail\w*|unable|lack\w*|without|absence|non-goals?|refus\w*|"
             r"reject\w*|denied|den(?:y|ies)|free|absent|missing|out\s+of\s+(?:service|order)|cancel\w*|scrap\w*|"
             r"withdraw\w*|ban(?:s|ned)?|forbid\w*|prohibit\w*|exclud\w*|except\w*|only|yet\s+to|instead|impossible|"
             r"unavailable|unsupported|disabled|disallow\w*|neither|nor|"
             r"отключ\w*|выключ\w*|без|бесплатн\w*|только|кроме)\b|停止|中止|無料|免费|只有|のみ|だけ|以外",
             re.IGNORECASE)


# a negation right before a word of lack turns it around ("were not switched off", "never closed")
# ("do not ride free": one verb of the claim's own may stand between them)
_FLIPPED = lazy(r"(?:\b(?:not|never|no\s+longer)\b|n['’]t\b)(?:\s+(?:be|been|being|was|were|is|are|get|got|yet|ever|"
                r"still|actually|really))*(?:\s+(?:ride|rides|travel|travels|go|goes|run|runs|stay|stays|remain|"
                r"remains|come|comes|work|works))?\s+(?:switched\s+off|turned\s+off|off|closed|shut|stopped|suspended|"
                r"broken|free|banned|prohibited|forbidden|disallowed|disabled|cancell?ed|withdrawn|excluded|scrapped|"
                r"stall(?:s|ed)?|stuck)\b", re.IGNORECASE)


# a negation right before a figure or a condition ("not under twelve", "not with a paying adult",
# "not 3.40 marks"): the words after it are what it denies
_NUMBER_WORD = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                r"hundred|thousand|million|half|a\s+third|a\s+quarter)")
_NOT_BEFORE = lazy(r"(?:\b(?:not|never)\b|n['’]t\b)\s+((?:(?:under|over|above|below|from|with|when|while|if|"
                   r"unless|once|after|on|in|at|during|for|aged?|up\s+to|less\s+than|more\s+than|fewer\s+than|"
                   r"at\s+least|at\s+most)\s+(?:an?\s+|the\s+)?[^\W_][\w.,'’-]*|"
                   r"[£$€¥]?\d[\d.,]*%?(?:\s+[^\W\d_]+)?|" + _NUMBER_WORD + r"\b(?:\s+[^\W\d_]+)?))",
                   re.IGNORECASE)


def _negated_condition(seen: str, backing: list[str]) -> str | None:
    """"children not under twelve ride free" where a claim says "children under twelve ride
    free": a negation placed before a figure or a condition the claims state as they are (their
    word of lack, "free", licenses no "not" before what they say positively)."""
    hay = " ".join(" ".join(_seen(b).split()) for b in backing).lower()
    for m in _NOT_BEFORE.finditer(seen):
        what = " ".join(m.group(1).split()).lower().rstrip(".,'’")
        if re.search(rf"(?<![\w.]){re.escape(what)}(?![\w])", hay):
            return " ".join(m.group(0).lower().split()).rstrip(".,'’")
    return None


def _about_the_same(a: str, b: str) -> bool:
    """Two texts speak of the same things: two words of four letters or more in common, or a
    name with digits ("W3"), whatever the language of the rest."""
    shared = {w.lower() for w in _NAMED.findall(a)} & {w.lower() for w in _NAMED.findall(b)}
    return len(shared) >= 2 or any(ch.isdigit() for w in shared for ch in w)


# a claim that sets one thing against another ("unlike a memory maximum, a target is purely an
# optimization") says what it is not; a sentence may say so with a "not" that contrasts ("an
# optimization, not a ceiling", "not a ceiling but an optimization")
_CONTRAST = lazy(r"\b(?:unlike|rather\s+than|instead\s+of|as\s+opposed\s+to|in\s+contrast\s+(?:to|with)|"
                 r"contrary\s+to|not\s+[^\W\d_]+(?:\s+[^\W\d_]+){0,3}?\s+but)\b", re.IGNORECASE,
                 needs=("unlike", "rather", "instead", "opposed", "contrast", "contrary", "not"))
_CONTRAST_NOT = lazy(r"(?:[,;:—–]\s*|\s[-–—]\s*)(?:but\s+|and\s+)?not\s+(?!only\b|just\b|merely\b)"
                     r"(?P<what>(?:[^\W\d_]+\s+){0,3}?[^\W\d_]+)\s*(?=[.,;:!?)]|$)"
                     r"|^\W*not\s+(?:an?\s+|the\s+)?[^\W\d_]+(?:\s+[^\W\d_]+){0,2}?\s*,?\s+but\b", re.IGNORECASE)


def _contrasted(sentence: str, backing: list[str]) -> bool:
    """Every negation of ``sentence`` sets what a claim says against something else (", not a
    ceiling"; "not X but Y"), a claim it cites sets it against something too ("unlike", "rather
    than", "instead of"), and the words before the "not" are that claim's ("an optimization")."""
    contrasts = [b for b in backing if _CONTRAST.search(b)]
    m = _CONTRAST_NOT.search(sentence)
    if not contrasts or m is None or denial(_CONTRAST_NOT.sub(" ", sentence)) is not None:
        return False
    told = _stems(sentence[:m.start()] if m.start() else sentence[m.end():])
    return any(told & _stems(b) for b in contrasts)


_NEVER = lazy(r"\b(?:never|not\s+ever|at\s+no\s+time)\b|n['’]t\s+ever\b", re.IGNORECASE)

# a requirement ("needs a reboot", "must", "only after", 必要がある) a sentence may tell as its
# contrapositive: a negated condition and a negated outcome ("unless it reboots, KeePass does not
# start", 「再起動しないと、…起動しません」) say the same thing
_REQUIRE = lazy(r"\b(?:needs?|needed|required?|requires|requiring|must|has\s+to|have\s+to|only\s+(?:if|after|once|when))\b|"
                r"必要|なければならない|なければいけない|なくてはならない|要る|不可欠|需要|必须", re.IGNORECASE)
# a negated condition: "unless X", "if X does not", "without X", 〜しないと, 〜なければ, 〜ずに
_NOT_IF = lazy(r"\bunless\s+(?P<en>[^,;:.!?]{3,80})|\bif\s+(?P<en2>[^,;:.!?]{0,60}?(?:\bnot\b|n['’]t\b)[^,;:.!?]{0,40})|"
               r"(?P<ja>[一-龯ァ-ヺー]{2,})(?:し|を?し)?(?:ないと|なければ|なくては|なきゃ|ずに)", re.IGNORECASE)


def _required(seen: str, backing: list[str]) -> bool:
    """A sentence that tells a claim's requirement as a negated condition and a negated outcome
    ("Unless the PC is restarted, KeePass does not start" of "KeePass needs a restart of the PC
    to start again"): the claim says it needs something, and what the condition negates is the
    claim's (a word of it, or the end of the run of kanji or katakana before 〜しないと)."""
    req = [b for b in backing if _REQUIRE.search(b)]
    if not req:
        return False
    hay = " ".join(req).lower()
    for m in _NOT_IF.finditer(seen):
        if m.group("ja"):
            ja = m.group("ja")  # "一度再起動": its last two characters or more ("再起動") are the claim's
            if any(ja[i:] in hay for i in range(len(ja) - 1)):
                return True
            continue
        words = [w.lower() for w in re.findall(r"[^\W\d_]{4,}", m.group("en") or m.group("en2") or "")]
        if any(re.search(rf"\b{re.escape(w[:5])}", hay) for w in words):
            return True
    return False


# a permission denied ("not allowed", "never permitted") says what a claim's ban says
# ("prohibited", "forbidden", "disallowed", "invalid")
_PERMIT_DENIED = lazy(r"(?:\b(?:not|never|no\s+longer)\b|n['’]t\b)\s+(?:be\s+|been\s+)?(?:allowed|permitted)\b",
                      re.IGNORECASE, needs=("allowed", "permitted"))
_PROHIBITS = lazy(r"\b(?:prohibit\w*|forbid\w*|disallow\w*|banned|invalid)\b", re.IGNORECASE)


def negation_added(sentence: str, backing: list[str]) -> str | None:
    """The negation of a sentence that none of what it cites (claim texts and quotes) negates,
    or says in words of lack ("switched off", "free", "only"): "lists neither" for "lists
    both". A time bound ("not until 1 December") or "not yet" stands
    when the claims are dated or a plan."""
    # "not backward compatible" of "backwards incompatible": the claims' own negation, in two words
    sentence = prefix_negations(_seen(sentence), backing)
    word = denial(sentence)
    if word is None or any(denial(b) for b in backing):
        return None
    seen = sentence
    if _required(seen, backing):
        return None  # 「再起動しないと…起動しません」 of 「…には再起動する必要がある」: the requirement, not a denial
    even = _NEG_EVEN.search(seen)
    if even is not None:
        # "even without new readers", "даже если ... ещё не установят": the claim's condition
        # waived, which no "not yet" beside a plan excuses
        return " ".join(even.group(0).lower().split())
    turned = _negated_condition(seen, backing)
    if turned is not None:
        return turned  # "not under twelve": what the claims state as it is, denied
    if _contrasted(seen, backing):
        return None  # "an optimization, not a ceiling" of "unlike a memory maximum, ... purely an optimization"
    if _PERMIT_DENIED.search(seen) and any(_PROHIBITS.search(_seen(b)) for b in backing):
        return None  # "where they are not allowed" over claims that say "prohibited": the claims' ban, in other words
    flipped = _FLIPPED.search(seen)
    # "never" is a word of time too: a lack told of a date ("switched off in late September") is
    # not a lack at every time ("never switched on")
    ever = _NEVER.search(seen) is not None
    if flipped is None and any(_LACK.search(_seen(b)) and _about_the_same(seen, _seen(b)) and
                               not (ever and (_dated(b) or hedged(b))) for b in backing):
        return None  # "did not work" for "switched off": the claim's lack said with a negation, of the same things
    if flipped is not None:
        return " ".join(flipped.group(0).lower().split())  # "not switched off": the claim's lack turned around
    rest = _NEG_TIMING.sub(" ", _seen(sentence))
    if denial(rest) is None and any(hedged(b) or _dated(b) or _FUTURE.search(_seen(b)) for b in backing):
        return None
    return word


_NPI = lazy(r"\b(?:not|no|never|nothing|none|nobody|without|hardly|barely|rarely|if|whether|before|than)\b|n['’]t\b",
            re.IGNORECASE)
_COUNTED = lazy(r"(?:\s+of)?(?:\s+the)?\s+(\d+|two|three|four|five|six|seven|eight|nine|ten)\b", re.IGNORECASE)
_COUNT_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}


def scope_words(text: str, cited: int = 0) -> list[str]:
    """Words of scope ("every", "all", "any", 全て), lower case, each once; a frequency ("every
    day", 毎日) and set phrases ("at all", "in all") are none, and so is a scope that counts
    exactly the ``cited`` claims it stands on ("each of the four PEPs" citing four)."""
    text = _NOT_SCOPE.sub(" ", _seen(text))
    out = []
    for m in _SCOPE.finditer(text):
        if m.group(0).lower().startswith("any") and _NPI.search(re.split(r"[,;:.!?]", text[max(0, m.start() - 60):m.start()])[-1]):
            continue  # "nothing with any meaning", "without any ticket": "any" under a negation scopes nothing
        n = _COUNTED.match(text, m.end())
        if n and m.group(0).lower() == "each":
            continue  # "each of the four PEPs": a count the figure rules judge, over what it names
        if n and cited >= 2 and _COUNT_WORDS.get(n.group(1).lower(), int(n.group(1)) if n.group(1).isdigit() else -1) == cited:
            continue
        out.append(" ".join(m.group(0).lower().split()))
    return list(dict.fromkeys(out))


# the words above that say only what became of a claim: "wrong" and "false" also describe code
# and behaviour ("loops that go wrong"), these never do
_VERDICT = lazy(r"^(?:debunk|retract|withdrawn|disprov|discredit|refut|bogus|fake|hoax|myth|unfounded|baseless|"
                r"supersed|overtaken|inflated|exaggerat|overstat|understat|supposed|purported|so-called|dubious|"
                r"questionabl|alleged|settled|undisputed|uncontested|indisputabl|beyond|no\s+longer|corrected|revised|"
                r"amended|claim|it\s|they\s|he\s|she\s|at\s+least|real\s|true\s|actual\s|genuine\s|"
                r"опроверг|虚偽|撤回|デマ|虚假|谣言|якобы|будто|мол|дескать|так\s+называем|据说|据称|所谓|号称|らしい|"
                r"そうだ|そうです|とされ)", re.IGNORECASE)


_ENUMERATED = lazy(r"^(?:\W+\w+){0,3}?\W+(?=[^\W_]*\d)[^\W_]+")  # "routes W1 and W2": a set named one by one


def _generic(sentence: str, word: str, backing: list[str]) -> bool:
    """A word of scope over a kind the claims speak of in general ("any tool that reads
    annotations" of "tools using annotations at runtime"): the noun after it (one of the next
    two words) stands in a claim or quote as a plural not followed by names ("routes W1 and W2" is
    a set named one by one, and "every route" says more than it)."""
    text = _seen(sentence)
    i = text.lower().find(word)
    if i < 0:
        return False
    after = [w for w in re.findall(r"\S+", text[i + len(word):]) if w.lower() not in ("the", "of", "a")][:2]
    nouns = [w.lower() for t in after for w in re.findall(r"[^\W\d_]{4,}", t)]
    for b in backing:
        low = _seen(b).lower()
        for noun in nouns:
            stem = noun[:-1] if noun.endswith("s") else noun
            for m in re.finditer(rf"\b{re.escape(stem)}(?:s|es)\b", low):
                # "many CPython builtin functions": the claim counts some of the kind, not all
                if not _ENUMERATED.match(low[m.end():m.end() + 40]) and not _SOME_OF.search(low[:m.start()]):
                    return True
    return False


# a quantity over the plural a few words before it: "many", "some", "several", "most", "a few",
# a number
_SOME_OF = lazy(r"\b(?:many|some|several|most|few|certain|numerous|various|a\s+number\s+of|\d[\d,.]*|two|three|"
                r"four|five|six|seven|eight|nine|ten|dozens|hundreds|thousands)\b(?:\s+\S+){0,5}?\s*$")


# pairs of words that say the opposite of each other ("summer lows" for "summer peaks")
_OPPOSITES = (("peaks?", "lows?|troughs?"), ("highs?|highest", "lows?|lowest"), ("higher", "lower"),
              ("increas\\w*", "decreas\\w*"), ("maximum", "minimum"), ("earliest", "latest"),
              ("above", "below"), ("supports?|supported|supporting", "oppos\\w*"), ("accept\\w*", "reject\\w*"),
              ("allow\\w*|permit\\w*", "forbid\\w*|prohibit\\w*|bann?\\w*"), ("gains?", "loss(?:es)?"),
              ("successe?s?|successful", "failures?|failed"), ("cheap\\w*", "expensive|costl\\w*|dear\\w*"),
              ("busiest", "quietest"), ("rush\\s+hours?", "off-peak"), ("weekdays?", "weekends?"))
_OPPOSITE_RX = [(lazy(rf"\b(?:{a})\b", re.IGNORECASE), lazy(rf"\b(?:{b})\b", re.IGNORECASE))
                for a, b in _OPPOSITES]
# every word of every pair: one search tells whether a sentence has any to look at
_ANY_OPPOSITE = lazy(r"\b(?:" + "|".join(w for pair in _OPPOSITES for w in pair) + r")\b", re.IGNORECASE)


_WITHOUT = lazy(r"\bwithout\s+((?:[^\W\d_]+\s+){0,2}[^\W\d_]+)", re.IGNORECASE)


def _without(seen: str, hay: str) -> str | None:
    """"ride free without a paying adult" where the claims say "with a paying adult" (and never
    "without" it): the claim's condition turned around."""
    for m in _WITHOUT.finditer(seen):
        what = m.group(1).lower()
        low = hay.lower()
        if f"with {what}" in low and f"without {what}" not in low:
            return f"without {what} for with {what}"
    return None


# a word of the claim turned around by a prefix: "a non-paying adult" for "a paying adult"
_PREFIXED = lazy(r"\b(?P<pre>non|un|in|im|il|ir|dis)-?(?P<word>[^\W\d_]{4,})\b", re.IGNORECASE)
_CONDITIONED = lazy(r"\b(?:with|when|if|once|unless|while|whilst|provided|as\s+long\s+as)\s+((?:[^\W\d_]+\s+){0,3}[^\W\d_]+)",
                    re.IGNORECASE)


def _prefixed(seen: str, hay: str) -> str | None:
    """"With a non-paying adult" where the claims say "with a paying adult" (and never the
    prefixed word): "non-" anywhere, "un-", "in-" and the like on a word of the claims' condition
    (the words after "with", "if", "when"), where "inform" is no "form" turned around."""
    low = hay.lower()
    cond = {w for m in _CONDITIONED.finditer(low) for w in m.group(1).split()}
    for m in _PREFIXED.finditer(seen):
        pre, word = m.group("pre").lower(), m.group("word").lower()
        if re.search(rf"\b{re.escape(m.group(0).lower())}\b", low) or (pre != "non" and word not in cond):
            continue
        if re.search(rf"\b{re.escape(word)}\b", low):
            return f"{m.group(0).lower()} for {word}"
    return None


# a word whose ending makes "in-", "im-", "il-" or "ir-" before it a negation ("incompatible",
# "invalid", "incomplete", "irrelevant"); "un-" and "non-" negate whatever they stand before
_TURNABLE = lazy(r"(?:ible|able|ent|ant|al|id|ete|ect|ure|ive|ite)$")
# words the prefix does not turn around: "invaluable" is very valuable, "inflammable" flammable
_NOT_TURNED = frozenset("valuable flammable famous habitable tense vent".split())


def _unprefixed(seen: str, backing: list[str]) -> str | None:
    """"The change is backward compatible" where the claims say "backwards incompatible" (and
    never "compatible"): a word the claims say only with a negating prefix ("un-", "non-"; "in-"
    and the like before a word they turn around: ``_TURNABLE``), told as the whole word plainly,
    no negation in the three words before it ("not backward compatible" says what they say)."""
    hay = " ".join(_seen(b) for b in backing).lower()
    if not _PREFIXED.search(hay):
        return None
    told = prefix_negations(seen, backing).lower()
    for m in _PREFIXED.finditer(hay):
        pre, word = m.group("pre").lower(), m.group("word").lower()
        if pre == "dis" or len(word) < 5 or word in _NOT_TURNED or \
                (pre not in ("un", "non") and not _TURNABLE.search(word)):
            continue
        if re.search(rf"(?<![\w-]){re.escape(word)}\b", hay):
            continue  # the claims say the word plainly too
        for w in re.finditer(rf"(?<![\w-]){re.escape(word)}\b", told):
            if not negated(" ".join(told[:w.start()].split()[-3:])):
                return f"{word} for {m.group(0).lower()}"
    return None


_NEGATED_BEFORE = lazy(r"(?:\b(?:not|never)|n['’]t)\s+(?:(?:be|been|being|ever)\s+)?\Z", re.IGNORECASE)
_ANY_AFTER = lazy(r"\b(?:any\w*|at\s+all|whatsoever|ever)\b", re.IGNORECASE)


def _antonym(sentence: str, backing: list[str]) -> str | None:
    """A word of the sentence whose opposite its claims say, where they never say the word
    itself ("summer lows" of "summer peaks"), as "lows for peaks", or None."""
    seen = _seen(sentence)
    turned = _without(seen, " ".join(_seen(b) for b in backing)) if "without" in seen.lower() else None
    if turned:
        return turned
    turned = _prefixed(seen, " ".join(_seen(b) for b in backing)) or _unprefixed(seen, backing)
    if turned:
        return turned
    if not _ANY_OPPOSITE.search(seen):
        return None
    hay = " ".join(_seen(b) for b in backing)
    for a, b in _OPPOSITE_RX:
        for mine, theirs in ((a, b), (b, a)):
            m = mine.search(seen)
            if m and _NEGATED_BEFORE.search(seen, 0, m.start()) and not _ANY_AFTER.search(seen, m.end()):
                # "not allowed" of "prohibited": the opposite denied says the claim's word (the "not"
                # is judged as a negation); "not allowed anywhere" says more than the claim's ban
                continue
            if m and not mine.search(hay):
                t = theirs.search(hay)
                if t:
                    return f"{m.group(0).lower()} for {t.group(0).lower()}"
    return None


# a verb a claim negates ("does not change any user-facing APIs", "cannot change", "is not set
# by default", "never reached"): after an auxiliary's "not", "cannot", "n't" or "never", past the
# auxiliaries and adverbs, the first word; a noun phrase ("is not a ceiling") or a preposition
# ("never in a loop") is no verb
_NEG_VERB = lazy(r"(?:\b(?:do|does|did|is|are|was|were|will|would|can|could|may|might|must|shall|should|has|have|had)"
                 r"\s+not|\bcannot|n['’]t|\bnever)(?:\s+(?:be|been|being|have|get|got|yet|ever|even|always|really|actually|"
                 r"necessarily|currently|fully|directly|\w+ly))*\s+(?P<verb>[^\W\d_]{3,})\b"
                 r"(?P<rest>[^,;:.!?()\[\]]*)", re.IGNORECASE)
_NOT_A_VERB = frozenset("the a an any all every each only just this that these those its their his her our your my "
                        "in on at to for of with by from into onto over under about as than so more less much many "
                        "enough one two".split())
# a claim that cannot change a thing and a sentence that changes it (Japanese: 変更できない, 変えられます)
_CANT_JA = lazy(r"(?:でき|られ|れ)(?:ない|ません)")
_CAN_JA = lazy(r"(?:でき|られ|れ)(?:る|ます)(?![かよ]?[^。！？、\s]*(?:ない|ません))")


def _negation_dropped(sentence: str, backing: list[str]) -> str | None:
    """A verb a claim negates, restated without its negation ("The proposal changes the
    user-facing APIs" of "does not change any user-facing APIs"; 「このキーを変えられます」 of
    「変更できない」): the sentence negates nothing and says no word of lack, holds the verb (by its
    first five letters) and after it, in its clause, a word of what the claim's negated clause
    speaks of. None when a claim or quote also says the verb without a negation ("does not
    change the default, but adds a flag to change it")."""
    seen = _seen(sentence)
    if denial(seen) or _LACK.search(seen):
        return None
    hay = " ".join(_seen(b) for b in backing)
    if any("\u3040" <= ch <= "\u30ff" for ch in seen):
        cant = _CANT_JA.search(hay)
        can = _CAN_JA.search(seen) if cant is not None and not _CAN_JA.search(hay) else None
        if cant is not None and can is not None and _about_the_same_ja(seen, hay):
            return f"{can.group(0)} for {cant.group(0)}"
        return None
    for m in _NEG_VERB.finditer(hay):
        verb = m.group("verb").lower()
        if verb in _NOT_A_VERB:
            continue
        stem = verb[:5] if len(verb) > 4 else verb
        what = {w.lower()[:4] for w in _WORD3.findall(m.group("rest")) if w.lower() not in _SMALL
                and w.lower() not in _NOT_A_VERB}
        said = re.search(rf"\b{re.escape(stem)}\w*", seen, re.IGNORECASE)
        if not what or said is None:
            continue
        end = _CLAUSE_END.search(seen, said.end())
        after = {w.lower()[:4] for w in _WORD3.findall(seen[said.end():end.start() if end else len(seen)])}
        if not what & after:
            continue
        # the claims say the verb plainly too: the sentence may be telling that part
        plain = [x for x in re.finditer(rf"\b{re.escape(stem)}\w*", hay, re.IGNORECASE)
                 if not any(n.start("verb") == x.start() for n in _NEG_VERB.finditer(hay))]
        if plain:
            continue
        return f"{said.group(0).lower()} for {' '.join(hay[m.start():m.end('verb')].split()).lower()}"
    return _no_subject_dropped(seen, hay)


# a verb a claim tells of no subject ("no consensus could be reached", "no agreement was found")
_NO_SUBJECT_VERB = lazy(r"\bno\s+(?P<noun>[^\W\d_]{3,})\s+(?:could|can|would|will|was|were|is|are|has|have|had)"
                        r"(?:\s+(?:be|been|ever|yet|\w+ly))*\s+(?P<verb>[^\W\d_]{3,})\b", re.IGNORECASE, needs=("no",))


def _no_subject_dropped(seen: str, hay: str) -> str | None:
    """"The alternatives reached consensus" of "no consensus could be reached": the sentence,
    which negates nothing, holds the claim's verb (its first five letters) and, in the same
    clause, the noun the claim says none of."""
    found = list(_NO_SUBJECT_VERB.finditer(hay))
    for m in found:
        verb, noun = m.group("verb").lower(), m.group("noun").lower()
        if verb in _NOT_A_VERB:
            continue
        stem = verb[:5] if len(verb) > 4 else verb
        if any(not any(n.start() <= x.start() < n.end() for n in found)
               for x in re.finditer(rf"\b{re.escape(stem)}\w*", hay, re.IGNORECASE)):
            continue  # the claims say the verb plainly too ("reached on X, but no consensus could be reached on Y")
        for part in _CLAUSE_BREAK.split(seen):
            said = re.search(rf"\b{re.escape(stem)}\w*", part, re.IGNORECASE)
            if said and re.search(rf"\b{re.escape(noun[:5])}\w*", part, re.IGNORECASE):
                return f"{said.group(0).lower()} for {' '.join(m.group(0).split()).lower()}"
    return None


def _about_the_same_ja(a: str, b: str) -> bool:
    """Two Japanese texts speak of the same things: a Latin name of three letters or more, or two
    kanji or katakana in a row, in both."""
    latin = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", a)} & {w.lower() for w in re.findall(r"[A-Za-z]{3,}", b)}
    if latin:
        return True
    runs = re.findall(r"[一-龯ァ-ヺー]{2,}", a)
    return any(r[i:i + 2] in b for r in runs for i in range(len(r) - 1))


# a speaker or an agent added alongside: "..., as does the city council", "and so did the city"
_ALSO_DOES = lazy(r"\b(?:as|so)\s+(?:does|did|do|has|have|had)\s+(?P<who>[^\W\d_][^,;:.!?()\[\]]{1,60}?)"
                  r"(?=\s*(?:[,;:.!?()\[\]]|$|\s(?:too|also|as\s+well)\b))", re.IGNORECASE)


def _also_does(sentence: str, backing: list[str]) -> str | None:
    """"The operator lists both as taking the pass, as does the city council": a second speaker
    or agent no claim or quote names (the words of "the city council" stand in none of them)."""
    known = set().union(*(_stems(b) for b in backing)) if backing else set()
    for m in _ALSO_DOES.finditer(_seen(sentence)):
        who = _stems(m.group("who")) - {"they", "some", "many", "most", "also", "others", "people", "well"}
        if who and not who & known:
            return " ".join(m.group(0).split())
    return None


# a quantity that counts part of a whole ("a couple of the W3 readers", "several riders"), and
# "one rider" or "a single rider" where the claims speak of riders
_QUANTITY = lazy(r"\b(?:a\s+couple\s+of|(?:quite\s+|only\s+|just\s+)?a\s+few|several|a\s+handful\s+of|numerous|"
                 r"a\s+number\s+of|a\s+small\s+number\s+of)\b", re.IGNORECASE,
                 needs=("couple", "few", "several", "handful", "numerous", "number"))
# "several", "a number of" and a claim's "various", "sundry" or "multiple" say one thing: more
# than one or two, how many untold ("a couple of", "a few", "numerous" say more than that)
_SOME_KINDS = lazy(r"several|a\s+number\s+of")
_VARIOUS = lazy(r"\b(?:various|sundry|multiple|several|a\s+number\s+of)\b", re.IGNORECASE)
_ONE = lazy(r"\b(?:(?:only|just)\s+)?(?:one|a\s+single|a\s+lone|a\s+sole)\s+(?P<noun>[^\W\d_]{3,})\b", re.IGNORECASE)
_NOT_A_NOUN = frozenset(("of", "another", "way", "time", "day", "week", "month", "year", "hour", "minute", "more",
                         "less", "and", "the", "who", "that", "which", "thing", "side", "hand", "point", "place"))


def _quantity(sentence: str, backing: list[str]) -> str | None:
    """A quantity no claim states: "a couple of", "several", "a few" where the claims count
    nothing so ("Riders say"), and "one rider" where they speak of riders, never of one."""
    seen = _seen(sentence)
    hay = " ".join(_seen(b) for b in backing).lower()
    m = _QUANTITY.search(seen) or _FEW.search(seen)
    if m and _SOME_KINDS.fullmatch(" ".join(m.group(0).lower().split())) and _VARIOUS.search(hay):
        m = None  # "several alternatives" of "various other alternatives": one word of an unstated number
    if m and not _QUANTITY.search(hay) and not _SCOPE.search(hay) and not re.search(r"\bfew", hay):
        return " ".join(m.group(0).lower().split())
    for m in _ONE.finditer(seen):
        noun = m.group("noun").lower()
        if noun in _NOT_A_NOUN or noun.endswith("s"):
            continue
        plural = rf"\b{re.escape(noun)}(?:s|es)\b" if not noun.endswith("y") else rf"\b{re.escape(noun[:-1])}ies\b"
        single = rf"\b(?:one|single|lone|sole|a|an|1)\s+(?:[^\W\d_]+\s+)?{re.escape(noun)}\b"
        if re.search(plural, hay) and not re.search(single, hay):
            return " ".join(m.group(0).lower().split())
    return None


_ONLY = lazy(r"\b(?:only|solely|exclusively|лишь|исключительно)\b|のみ|だけ|只有|仅|только", re.IGNORECASE)


# "on routes other than W1 and W2": the set a claim names, turned inside out
_OTHER_THAN = lazy(r"\b(?:other\s+than|except(?:\s+(?:for|on|in))?|apart\s+from|aside\s+from|besides|but\s+not|"
                   r"excluding|(?:bar|barring|save)(?=\s+(?:for\s+|on\s+)?(?:routes?\s+)?(?=[^\W_]*\d)[^\W_]+\b))\b|"
                   r"以外|除了|кроме",
                   re.IGNORECASE, needs=("other", "except", "apart", "aside", "besides", "but", "excluding", "bar",
                                         "save", "以外", "除了", "кроме"))


def _other_than(sentence: str, backing: list[str]) -> str | None:
    """"Routes other than W1 and W2" where the claim names W1 and W2 (and says no "other than")."""
    seen = _seen(sentence)
    m = _OTHER_THAN.search(seen)
    if m is None or any(_OTHER_THAN.search(_seen(b)) for b in backing):
        return None
    from .figures import find_figures

    after = {f.key for f in find_figures(seen[m.end():m.end() + 60]) if f.kind == "ident"}
    if after and any(after <= {f.key for f in find_figures(b) if f.kind == "ident"} for b in backing):
        return f"{m.group(0).lower()} {', '.join(sorted(after))}"
    return None


# a set a claim names one by one ("routes W1 and W2", "lines A1, B2 or C3")
_MEMBER = r"(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]+"
_SET = lazy(rf"\b(?P<noun>[^\W\d_]{{3,}}s)\s+(?P<members>{_MEMBER}(?:\s*,\s*{_MEMBER})*\s*,?\s+(?:and|or|&)\s+{_MEMBER})\b",
            re.IGNORECASE)
# a sentence that keeps the set counts it or points back at it ("both", "the two routes", "them")
_KEEPS_SET = lazy(r"\b(?:both|either|neither|each|two|three|four|five|six|seven|eight|nine|ten|\d+|some|several|"
                  r"certain|these|those|them|they|few|part|parts|which|what|named|listed)\b", re.IGNORECASE)


def names_set(text: str) -> bool:
    """Whether ``text`` names a set one by one ("routes W1 and W2", "lines A1, B2 or C3")."""
    from .figures import find_figures

    return any(len({f.key for f in find_figures(m.group("members")) if f.kind == "ident"}) >= 2
               for m in _SET.finditer(_seen(text)))


_SCOPE_NOUN = lazy(r"\b(?P<w>all|every|each|any)\s+(?:(?:the|of\s+the|its|their)\s+)?(?P<noun>[^\W\d_]{3,})",
                  re.IGNORECASE)


def _scope_over_set(sentence: str, scope: list[str], backing: list[str]) -> str | None:
    """"On all routes the pass is accepted and weekend service starts at 08:00[1][2]": a word of
    scope over a noun that one of the claims it cites names one by one ("routes W1 and W2") is
    that claim's set widened, whichever other cited claim says "all routes"; the sentence that
    names the members ("On routes W1 and W2 ..., and on all routes ...") keeps the set."""
    from .figures import find_figures

    mine = {f.key for f in find_figures(sentence) if f.kind == "ident"}
    for m in _SCOPE_NOUN.finditer(sentence):
        if m.group("w").lower() not in scope:
            continue
        noun = m.group("noun").lower()
        stem = noun[:-1] if noun.endswith("s") else noun
        for b in backing:
            for sm in _SET.finditer(b):
                members = {f.key for f in find_figures(sm.group("members")) if f.kind == "ident"}
                if len(members) >= 2 and not members & mine and sm.group("noun").lower().rstrip("s") == stem:
                    return " ".join(m.group(0).lower().split())
    return None


def _set_dropped(sentence: str, backing: list[str]) -> str | None:
    """"Yes: the operator lists the water bus as taking the pass" of a claim that names a set one
    by one ("routes W1 and W2"): the sentence restates the claim (a third of its other words)
    naming no member and no count of them, so it speaks of the whole. As "nothing of routes W1
    and W2", or None."""
    from .figures import find_figures

    seen = _seen(sentence)
    if _KEEPS_SET.search(seen):
        return None
    mine = {f.key for f in find_figures(seen) if f.kind == "ident"}
    mine_stems = _stems5(seen)
    for b in backing:
        low = _seen(b)
        for m in _SET.finditer(low):
            members = {f.key for f in find_figures(m.group("members")) if f.kind == "ident"}
            if len(members) < 2 or members & mine:
                continue
            # a member written another way ("WⅠ", "WII" for W1): its letters and a numeral
            heads = {re.match(r"[^\W\d_]*", k).group(0) for k in members}  # type: ignore[union-attr]
            if any(h and re.search(rf"\b{re.escape(h)}[\dIVXⅠ-Ⅻ]+\b", seen) for h in heads):
                continue
            rest = _stems5(low[:m.start("members")] + " " + low[m.end():])  # the set's noun stays: "the routes"
            if len(rest) >= 2 and len(rest & mine_stems) >= 2 and len(rest & mine_stems) * 3 >= len(rest):
                return f"nothing of {' '.join(m.group(0).split())}"
    return None


# "each" over a set counted or named right beside it: "the two routes each", "W1 and W2 each";
# after a list, "..., each tied to its own branch" speaks of the list's members one by one
_EACH_OF = lazy(rf"\b(?P<m>{_MEMBER}|two|three|four|five|six|seven|eight|nine|ten)(?:\s+[^\W\d_]+)?\s+each\b|"
                rf"\beach\s+of\s+(?P<first>{_MEMBER})", re.IGNORECASE)
_EACH_BACK = lazy(r"(?:,|\b(?:they|them|we|you|these|those|both))\s+each(?=\s+(?:[^\W\d_]+(?:ed|en)|with|its|has|had|having|"
                  r"one|in|at|on|for|to|take|takes|took|carr\w+|run|runs|ran|have|get|gets|got|pay|pays|paid)\b)",
                  re.IGNORECASE)


def _each_of_set(sentence: str, backing: list[str]) -> bool:
    """Every "each" of the sentence distributes over a set already named, so scopes nothing
    more: counted or named beside it ("the two routes each", "W1 and W2 each" of "routes W1
    and W2"), or after a list or a pronoun ("..., each tied to its own branch", "they each take")."""
    from .figures import find_figures

    seen = _seen(sentence)
    sets = [{f.key for f in find_figures(m.group("members")) if f.kind == "ident"}
            for b in backing for m in _SET.finditer(_seen(b))]
    kept = [m.span() for m in _EACH_BACK.finditer(seen)]
    for m in _EACH_OF.finditer(seen):
        word = (m.group("m") or m.group("first")).lower()
        n = _COUNT_WORDS.get(word, int(word) if word.isdigit() else -1)
        if any(len(s) == n or word in {k.lower() for k in s} for s in sets):
            kept.append(m.span())
    return all(any(a <= e.start() < b for a, b in kept) for e in re.finditer(r"\beach\b", seen, re.IGNORECASE))


def _label_whole(label: str, backing: list[str]) -> str | None:
    """"Pass welcome on board" over "accepted on routes W1 and W2": a heading or a label too short
    for ``_set_dropped``'s measure that says something is so of what the set's claim speaks of
    (a word of it besides the set), naming no member and no count, tells it of the whole. A topic
    ("Where the pass works") says nothing is so."""
    from .figures import find_figures

    seen = _seen(label)
    if _KEEPS_SET.search(seen) or _TOPIC.match(seen) or not (_STATES.search(seen) or _DONE_PAST.search(seen)):
        return None
    mine = {f.key for f in find_figures(seen) if f.kind == "ident"}
    # what it speaks of, not what it says of it: "Accepted today:" over the routes shares a verb only
    mine_stems = _stems5(_STATES.sub(" ", seen))
    for b in backing:
        for m in _SET.finditer(b):
            members = {f.key for f in find_figures(m.group("members")) if f.kind == "ident"}
            if len(members) < 2 or mine:  # it names a member, or a thing of its own ("W3 ...")
                continue
            rest = _stems5(b[:m.start("members")] + " " + b[m.end():])
            if rest & mine_stems:
                return f"nothing of {' '.join(m.group(0).split())}"
    return None


def _stems5(text: str) -> frozenset[str]:
    """Words of four letters or more by their first five ("passengers" is not "pass")."""
    return frozenset(w.lower()[:5] for w in _CONTENT.findall(text) if w.lower() not in _CONDITION_STOP)


def _only_some(sentence: str, backing: list[str]) -> str | None:
    """"Only on route W1" where the claim names W1 and W2: "only" narrows a list the claims name
    to part of it ("only W1"), or None."""
    seen = _seen(sentence)
    m = _ONLY.search(seen)
    if m is None or any(_ONLY.search(_seen(b)) for b in backing):
        return None
    from .figures import find_figures

    mine = {f.key for f in find_figures(seen) if f.kind == "ident"}
    if not mine:
        return None
    for b in backing:
        theirs = {f.key for f in find_figures(b) if f.kind == "ident"}
        if mine < theirs:
            return f"{m.group(0).lower()} {', '.join(sorted(mine))}"
    return None


# what became of a superseded claim, as the ledger shows it: a sentence telling it as history may
# say so, though its own text and quotes never do
BECAME = "superseded, overtaken, outdated"


def became(claim: Mapping) -> list[str]:
    """The words a superseded ``claim`` backs besides its own (``BECAME``), else none."""
    return [BECAME] if claim.get("status") == "superseded" else []


_ENDORSE = lazy(r"^(?:confirm|corroborat|endors|agreed\s+with|agrees\s+with|sided\s+with)", re.IGNORECASE)


def judge_words(text: str, verdicts_only: bool = False) -> list[str]:
    """Words that judge a claim ("debunked", "retracted", "false"), lower case, each once;
    ``verdicts_only``: only those that say what became of a claim ("withdrawn", "debunked")."""
    return list(_judge_words(text, verdicts_only))


@lru_cache(maxsize=4096)
def _judge_words(text: str, verdicts_only: bool) -> tuple[str, ...]:
    found = (" ".join(m.group(0).lower().split()) for m in _JUDGE.finditer(_seen(text)))
    return tuple(dict.fromkeys(w for w in found if not verdicts_only or _VERDICT.match(w)))


# (code, what it is, the fix) for each kind ``added_words`` finds
ADDED = {
    "negation": ("E-PAGE-NEGATION-ADDED", "a negation",
                 "write what the claim says, or cite the claim that says no"),
    "scope": ("E-PAGE-WORD-UNBACKED", "a word of scope (\"every\", \"all\", \"any\")",
              "name what the claims name, or cite the claim whose quote says it"),
    "set": ("E-PAGE-WORD-UNBACKED", "a whole where its claims name a set one by one (no member of it, no count)",
            "name the members the claims name (\"routes W1 and W2\"), or count them (\"both routes\")"),
    "antonym": ("E-PAGE-WORD-UNBACKED", "the opposite of what its claims say",
                "write the claim's own word, or cite the claim that says yours"),
    "change": ("E-PAGE-WORD-UNBACKED", "a word of change over time (\"rose\", \"fell\")",
               "a figure that stands alone tells no change: say what the claim says, or cite the claim that "
               "tells the change"),
    "judgement": ("E-PAGE-WORD-UNBACKED", "a word that judges a claim",
                  "a claim is shown checked, contested or as history by its mark, not by the author's word: "
                  "cut it, or cite the claim whose quote says it"),
    "scale": ("E-PAGE-WORD-UNBACKED", "a word of record, superlative or completion",
              "cut it, or cite the claim whose quote says it"),
    "hedge": ("E-PAGE-WORD-UNBACKED", "a word of doubt (\"possibly\", \"perhaps\", \"might\")",
              "state what the claim states as it states it, or cite the claim whose quote hedges"),
    "speaker": ("E-PAGE-WORD-UNBACKED", "a second speaker or agent (\"as does the city council\")",
                "name only who the claim and its quotes name, or cite the claim that says the other does so too"),
    "quantity": ("E-PAGE-WORD-UNBACKED", "a word of quantity (\"a couple of\", \"several\", \"one rider\")",
                 "say as many as the claims say, or cite the claim whose quote counts them"),
    "comparison": ("E-PAGE-WORD-UNBACKED", "a comparison with something",
                   "compare only what the claims compare, or cite the claim that makes the comparison"),
    "multiplier": ("E-PAGE-WORD-UNBACKED", "a multiplier or a fraction (\"double\", \"half\", \"a third of\")",
                   "give the figure the claim gives, or cite the claim that states the multiple or the share"),
    "certainty": ("E-PAGE-HEDGE-DROPPED", "a word of certainty (\"certain to\", \"definitely\", \"guaranteed\") over a "
                  "plan or a possibility",
                  "keep the claim's hedge as it gives it (\"is due to\", \"will\", \"may\"), or cite the claim whose "
                  "quote says it is certain"),
    "dispute": ("E-PAGE-WORD-UNBACKED", "a verb of denial or dispute (\"disputed\", \"denied\", \"rejected\")",
                "say what the claim's speaker said as the claim does (\"said\"), or cite the claim whose quote tells "
                "the dispute"),
    "plan": ("E-PAGE-HEDGE-DROPPED", "a plan or a possibility told as done",
             "keep the claim's hedge (\"is due to\", \"will\", \"from 1 December\"), or name what it stands over "
             "without saying it is so"),
    "condition": ("E-PAGE-HEDGE-DROPPED", "a fact told without the condition its claim states",
                  "keep the condition (\"with a paying adult\"), or name what it stands over without stating it"),
    "bare": ("E-PAGE-WORD-UNBACKED", "a statement under which no claim stands",
             "cite under it the claim that says it, or make it name a topic (\"Where the pass works\")"),
    "duration": ("E-PAGE-WORD-UNBACKED", "a word of duration (\"has long\", \"for years\", \"long-standing\")",
                 "a claim dated once tells nothing of how long it has held: say what it says as of its date, or "
                 "cite the claim that tells since when"),
    "lapsed": ("E-PAGE-WORD-UNBACKED", "a plan told in the past as if it lapsed (\"was due to\")",
               "keep the plan in the claim's tense (\"is due to\"), or cite the claim that tells it lapsed"),
    "cause": ("E-PAGE-WORD-UNBACKED", "a cause (\"thanks to\", \"because of\", \"owing to\")",
              "name only the causes the claims name, or cite the claim that gives the cause"),
    "deadline": ("E-PAGE-WORD-UNBACKED", "a deadline (\"by\" and a date)",
                 "give the date as the claim bounds it (\"from 1 December\", \"on 1 December\"), or cite the "
                 "claim that sets the deadline"),
    "temporary": ("E-PAGE-WORD-UNBACKED", "a word that tells a state as temporary (\"for now\", \"temporarily\")",
                  "say it as the claim says it, or cite the claim that says when it ends"),
    "month": ("E-PAGE-WORD-UNBACKED", "a part of a month (\"late August\", \"early November\")",
              "give the month as the claim gives it, or cite the claim that gives the day or the part"),
    "worth": ("E-PAGE-WORD-UNBACKED", "a word that judges a thing's worth (\"useless\", \"worthless\")",
              "say what the claim says the thing does or does not do, or cite the claim whose quote judges it"),
    "weekday": ("E-PAGE-FIGURE-UNBACKED", "a day of the week the date does not fall on, in words",
                "write the day the calendar gives for the date, or leave the day out"),
}

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
# "Friday 1 December 2026", "Friday, 1 December 2026", "Friday, December 1, 2026"
_DAY_DATE = lazy(r"\b(?P<wd>" + "|".join(_DAYS) + r"),?\s+(?:the\s+)?(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?"
                 r"(?P<m1>" + "|".join(_MONTHS) + r")|(?P<m2>" + "|".join(_MONTHS) + r")\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?)"
                 r",?\s+(?P<y>\d{4})\b", re.IGNORECASE, needs=_DAYS)


def wrong_weekday(text: str) -> str | None:
    """"Friday 1 December 2026" where 1 December 2026 is a Tuesday: the day as written, or None."""
    import datetime

    for m in _DAY_DATE.finditer(_seen(text)):
        day = int(m.group("d1") or m.group("d2"))
        month = _MONTHS.index((m.group("m1") or m.group("m2")).lower()) + 1
        try:
            real = datetime.date(int(m.group("y")), month, day).weekday()
        except ValueError:
            continue  # no such day: the figure rules judge the date
        if _DAYS.index(m.group("wd").lower()) != real:
            return " ".join(m.group(0).split())
    return None

# "less than the bus", "cheaper than a taxi": a comparison with something no claim names (a
# comparison with a figure is the figure rules' to judge; "rather than", "other than" compare nothing)
_THAN = lazy(r"\b(?P<w>more|less|fewer|[^\W\d_]{3,}er)\s+than\s+(?P<what>[^,.;:!?()\[\]]{2,60})",
             re.IGNORECASE, needs=("than",))
_NOT_COMPARING = frozenset(("rather", "other", "sooner", "later", "earlier"))
_IDIOM_JUST = lazy(r"\b(?:little|nothing)\s+\Z", re.IGNORECASE)
# "more names than the older one": the other of two things the page speaks of, named by its place
# in time or order, is no new thing compared with
_ANOTHER = frozenset(("one", "ones", "older", "newer", "earlier", "later", "previous", "former", "latter", "first",
                      "second", "predecessor", "successor", "original"))


# a share told as a fraction is the claim's percentage ("half" of "50%"; "a third" of "33%")
_SHARES = {"half": ("50",), "third": ("33",), "thirds": ("66", "67"), "quarter": ("25",), "quarters": ("75",)}


def _multiplied(sentence: str, backing: list[str]) -> str | None:
    """"Double the level before the bridge closed": a multiplier no claim or quote states."""
    from .figure_units import _MULTIPLIER

    m = _MULTIPLIER.search(sentence)
    if m is None or any(_MULTIPLIER.search(b) for b in backing):
        return None
    share = _SHARES.get(m.group(0).lower().split()[-1])
    if share and any(re.search(rf"(?<![\d.]){p}(?:\.\d+)?\s?(?:%|per\s?cent|percent)", b, re.I)
                     for b in backing for p in share):
        return None  # "half of the CPU" of "50% as the default fraction": the same share in other words
    if re.search(r"\d|^в\s|[二两兩三四五十数]倍", m.group(0), re.IGNORECASE):
        return None  # "в три раза", 三倍: a numeral the figure rules read and judge
    return m.group(0)


def _compared_with(sentence: str, backing: list[str]) -> str | None:
    """A comparison the sentence makes with something its claims and quotes do not name: a word
    after "than" of three letters or more ("the bus", "any bus fare") missing from them all."""
    for m in _THAN.finditer(sentence):
        if m.group("w").lower() in _NOT_COMPARING:
            continue
        if m.group("w").lower() == "more" and _IDIOM_JUST.search(sentence[:m.start()]):
            continue  # "little more than the Err case": the Err case, essentially; nothing compared with it
        what = m.group("what")
        if any(ch.isdigit() for ch in what):
            continue
        # what is compared with is the noun phrase right after "than": three words past the articles
        head = [w for w in what.split() if w.lower() not in ("the", "a", "an", "any", "its", "their")][:3]
        words = {w.lower() for w in re.findall(r"[^\W\d_]{3,}", " ".join(head))} - _CONDITION_STOP - _ANOTHER
        if not words:
            continue
        said = " ".join(backing).lower()
        if re.search(rf"\b{re.escape(m.group('w').lower())}\s+than\b", said):
            continue  # the claims make this comparison ("longer than planned" of "longer than anticipated")
        if not all(re.search(rf"\b{re.escape(w[:5])}", said) for w in words):  # "any bus fare": the bus
            return " ".join(m.group(0).split())
    return None


# "the two busier routes": a comparative adjective before a noun, with no "than", that ranks what
# the claims only name; a claim that ranks them (its comparative or superlative) backs it ("older"
# and "newer" order documents in time, as "earlier" and "later" do: the sources' dates tell that)
_RANKED = lazy(r"\b(?:the|a|an|its|their)\s+(?:(?:two|three|four|five|six|\d+)\s+)?(?P<w>busier|cheaper|dearer|"
               r"costlier|faster|quicker|slower|larger|smaller|bigger|greater|better|worse|quieter|"
               r"safer|riskier|easier|harder|wider|busier|fuller|emptier|more\s+popular|less\s+popular|more\s+"
               r"crowded|less\s+crowded|more\s+reliable|less\s+reliable)\s+(?P<noun>[^\W\d_]{3,})\b", re.IGNORECASE)
_BEST = {"better": "best", "worse": "worst"}
_FIGURE_NOUN = lazy(r"(?:numbers?|figures?|counts?|totals?|amounts?|estimates?|shares?|values?|sums?)$", re.IGNORECASE)


def _ranked(sentence: str, backing: list[str]) -> str | None:
    """"On routes W1 and W2, the two busier routes": a comparative before a noun that no claim
    or quote makes (its own word, or its superlative: "busiest" ranks as "busier" does)."""
    hay = " ".join(backing).lower()
    for m in _RANKED.finditer(sentence):
        if _FIGURE_NOUN.match(m.group("noun")):
            continue  # "the bigger number": figures the page shows, compared by the figure rules
        w = " ".join(m.group("w").lower().split())
        stem = w[:-3] + "y" if w.endswith("ier") else w[:-2] if w.endswith("er") else w
        forms = {w, _BEST.get(w, ""), stem + "est", stem[:-1] + "iest" if stem.endswith("y") else "",
                 w[:-2] + "est" if w.endswith("er") else ""} - {""}
        if not any(re.search(rf"\b{re.escape(f)}\b", hay) for f in forms):
            return " ".join(m.group(0).split())
    return None


# words of duration: "has long listed", "for years", "long-standing" tell a fact held a long time,
# which a claim dated once ("as of 14 October 2026") does not say
_DURATION = lazy(r"\b(?:(?:has|have|had)\s+long\s+(?:been\s+)?[^\W\d_]+|long[- ]?standing|long[- ]?established|"
                 r"long[- ]?running|for\s+(?:many\s+|several\s+|some\s+)?(?:years|decades|ages|generations)|"
                 r"for\s+(?:a\s+long|some)\s+time|since\s+time\s+immemorial|time[- ]honou?red|"
                 # a span in words: "for a fortnight", "for a week", "for weeks", "all month"
                 r"for\s+(?:a|one|the\s+(?:past|last|whole|entire))\s+(?:fortnight|week|month|year)|"
                 r"for\s+(?:many\s+|several\s+|some\s+)?(?:fortnights|weeks|months)|"
                 r"(?:all|the\s+whole|the\s+entire)\s+(?:fortnight|week|month|year))\b", re.IGNORECASE)
_LASTED = lazy(r"\b(?:since|for\s+\d+\s+(?:years?|months?|decades?)|long|years|decades|fortnights?|weeks|months|"
               r"for\s+(?:a|one|the\s+\w+)\s+(?:week|month|year))\b", re.IGNORECASE)


def _unbacked(said, backed=None, lower: bool = True):
    """A reader of ``added_words``: the words ``said`` finds in a sentence (lower case unless
    ``lower`` is False), unless a claim or quote says ``backed`` (``said`` itself when None)."""
    def read(sentence: str, backing: list[str]) -> str | None:
        m = said.search(sentence)
        if m is None or any((backed or said).search(b) for b in backing):
            return None
        words = " ".join(m.group(0).split())
        return words.lower() if lower else words
    return read


# a word of duration ("has long listed", "for years") where no claim or quote tells how long
# it has held (a "since", a span, "long").
_duration = _unbacked(_DURATION, _LASTED)


# a plan told as lapsed: "was due to follow" where the claim plans in the present ("was scheduled
# for" tells a report of the plan in the past, as "the committee heard that ..." does)
_LAPSED = lazy(r"\b(?:was|were|had\s+been)\s+(?:(?:due|slated)"
               r"(?!\s+to\s+(?:the|a|an|its|their|this|that|these|those)\b)\s+(?:to|for)\b)", re.IGNORECASE)
# a plan told in the present or the future: "is due to", "are scheduled for", "will"
_PLANNED_NOW = lazy(r"\b(?:(?:is|are)\s+(?:due|scheduled|slated|set)\s+(?:to|for)|will)\b", re.IGNORECASE)


def _lapsed(sentence: str, backing: list[str]) -> str | None:
    """"Route W3 was due to follow" of "is due to": a plan moved into the past reads as lapsed or
    dropped; only a claim that tells it in the past ("was due to", "was scheduled for") backs it."""
    m = _LAPSED.search(sentence)
    if m is None or any(_LAPSED.search(b) for b in backing) or not any(_PLANNED_NOW.search(b) for b in backing):
        return None
    return " ".join(m.group(0).lower().split())


# a cause named by a preposition ("thanks to the fare freeze", "because of", "owing to"): its
# words must be the claims'
_CAUSED = lazy(r"\b(?P<w>thanks\s+to|owing\s+to|because\s+of|as\s+a\s+result\s+of|on\s+account\s+of|"
               r"due\s+to(?=\s+(?:the|a|an|its|their|this|that|these|those|his|her|our)\b))\s+"
               r"(?P<what>[^,;:.!?()\[\]]{2,60})", re.IGNORECASE)
_CAUSE_STOP = frozenset("the a an its their this that these those his her our".split())


def _cause(sentence: str, backing: list[str]) -> str | None:
    """"Thanks to the fare freeze, ...": a cause whose words (the three after the preposition)
    no claim or quote has; the claims name what they name as a cause or not."""
    hay = " ".join(backing).lower()
    for m in _CAUSED.finditer(sentence):
        head = [w for w in m.group("what").split() if w.lower() not in _CAUSE_STOP][:3]
        words = [w.lower() for w in re.findall(r"[^\W\d_]{3,}", " ".join(head))]
        if words and not all(re.search(rf"\b{re.escape(w[:5])}", hay) for w in words):
            return " ".join(m.group(0).split())
    return None


_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
# "by 1 December 2026": a deadline, where the claim gives the day a thing starts ("from 1 December")
_BY_DATE = lazy(rf"\bby\s+(?:the\s+(?:end|start|middle)\s+of\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
                rf"{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|{_MONTH}(?=\s+\d{{4}}\b)|\d{{4}}-\d{{2}}-\d{{2}})(?:,?\s+\d{{4}})?",
                re.IGNORECASE)
_DEADLINE = lazy(r"\b(?:by|before|no\s+later\s+than|at\s+the\s+latest|deadline|until|till|up\s+to|within)\b",
                 re.IGNORECASE)


# "Route W3 is due to follow by 1 December 2026" of "from 1 December 2026": "by" and a date
# sets a deadline; only a claim that bounds its date ("by", "before", "no later than") backs it.
_by_date = _unbacked(_BY_DATE, _DEADLINE, lower=False)


# words that tell a state as temporary, about to end: "for now", "until further notice"
_TEMPORARY = lazy(r"\b(?:for\s+now|for\s+the\s+(?:time\s+being|moment|present)|temporarily|"
                  r"until\s+further\s+notice|provisional(?:ly)?|for\s+a\s+limited\s+time|while\s+(?:it|they)\s+lasts?|"
                  r"(?:at\s+least\s+)?until\s+(?:then|further\s+notice))\b", re.IGNORECASE)
_ENDS = lazy(r"\b(?:for\s+now|for\s+the\s+(?:time\s+being|moment|present)|temporar\w*|until|till|provisional\w*|"
             r"trial|pilot|interim|limited\s+time|expir\w*|ends?|ending|ended|lasts?)\b", re.IGNORECASE)


# "Children ride free, for now": a word that tells a state will end, where no claim or
# quote says it ends or holds only for a while.
_temporary = _unbacked(_TEMPORARY, _ENDS)


# a state bounded by "until" ("switched off until late September", "closed till June"): it tells
# the state ended then, where the claim tells it only as held on its date ("still switched off in
# late September"); "not ... until" tells a start, and is read elsewhere
_STATE_UNTIL = lazy(r"(?<!\bnot\s)\b(?:(?:switched|turned|shut|closed|locked)\s+)?(?:off|on|closed|open|shut|suspended|disabled|down|offline|online|idle|"
                    r"out\s+of\s+(?:use|service|order)|in\s+(?:use|service)|(?:switch|turn|shut|clos|suspend|"
                    r"disabl|block|stopp|pause|halt)ed)\s+(?:until|till|til)\b", re.IGNORECASE)
_state_until = _unbacked(_STATE_UNTIL, _ENDS)


def _temporary_or_ended(sentence: str, backing: list[str]) -> str | None:
    """A word that tells a state as temporary ("for now"), or as bounded by an end ("switched off
    until late September"), that no claim or quote backs with a word of its end."""
    if re.search(r"\bnot\b[^.;:!?]{0,60}\buntil\b", sentence, re.IGNORECASE):
        return _temporary(sentence, backing)
    return _temporary(sentence, backing) or _state_until(sentence, backing)


# a qualifier on a month ("late August", "early November", "mid-August"): the claim's own, or a
# day of the month in the part of it the qualifier names
_PART_MONTH = lazy(rf"\b(?P<q>early|late|mid|the\s+(?:end|start|beginning|middle)\s+of)[-\s]+(?P<m>{_MONTH})\b",
                   re.IGNORECASE)
_PART_DAYS = {"early": range(1, 11), "start": range(1, 11), "beginning": range(1, 11), "mid": range(10, 22),
              "middle": range(10, 22), "late": range(20, 32), "end": range(20, 32)}


# ... and in Chinese, Japanese ("十一月下旬", "11月初め", "11月末") and Russian ("в начале ноября",
# "в конце ноября"): early, mid or late in a month; Japanese "11月中" (within November) names no part
_CJK_MONTH_NO = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
                 "十一": 11, "十二": 12}
_PART_MONTH_CJK = lazy(r"(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月\s*(?:の\s*)?"
                       r"(?P<q>上旬|初旬|初め|はじめ|初頭|初(?!て)|中旬|中頃|半ば|なかば|下旬|末|底)")
_RU_MONTHS = ("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр", "октябр", "ноябр", "декабр")
_PART_MONTH_RU = lazy(r"(?<![^\W\d_])(?P<q>начал[оауе]|первых\s+числах|первой\s+половин[еы]|"
                      r"середин[аеуы]|кон(?:ец|ца|це|цу)|последних\s+числах|второй\s+половин[еы])\s+"
                      r"(?P<m>января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)"
                      r"(?![^\W\d_])", re.IGNORECASE)
_PART_EARLY = ("上旬", "初旬", "初め", "はじめ", "初頭", "初", "начал", "первых", "первой")
_PART_LATE = ("下旬", "末", "底", "кон", "последних", "второй")
_PART_WORDS_EN = {"early": "early", "start": "early", "beginning": "early", "mid": "mid", "middle": "mid",
                  "late": "late", "end": "late"}


def _month_parts(text: str) -> list[tuple[str, str, int]]:
    """The parts of a month a text names in Chinese, Japanese or Russian words, and in English:
    (as written, "early" | "mid" | "late", the month's number)."""
    found: list[tuple[str, str, int]] = []
    for m in _PART_MONTH_CJK.finditer(text):
        no = int(m.group("m")) if m.group("m").isdigit() else _CJK_MONTH_NO[m.group("m")]
        q = m.group("q")
        found.append((m.group(0), "early" if q in _PART_EARLY else "late" if q in _PART_LATE else "mid", no))
    for m in _PART_MONTH_RU.finditer(text):
        q = m.group("q").lower()
        no = next(i for i, stem in enumerate(_RU_MONTHS, 1) if m.group("m").lower().startswith(stem))
        found.append((" ".join(m.group(0).split()), "early" if q.startswith(_PART_EARLY) else
                      "late" if q.startswith(_PART_LATE) else "mid", no))
    for m in _PART_MONTH.finditer(text):
        words = m.group("q").lower().split()
        no = _MONTH_NAMES.index(m.group("m").lower()) + 1
        found.append((m.group(0), _PART_WORDS_EN[words[1] if words[0] == "the" else words[0]], no))
    return found


_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december")
_PART_RANGE = {"early": range(1, 11), "mid": range(10, 22), "late": range(20, 32)}


def _part_of_month_other(sentence: str, backing: list[str]) -> str | None:
    """"十一月下旬", "в начале ноября" of a claim's "in November": a part of the month no claim or
    quote gives, in any of these languages nor as a day that falls in it."""
    from .figure_dates import date_parts
    from .figures import find_figures

    said = {(part, no) for b in backing for _, part, no in _month_parts(b)}
    for written, part, no in _month_parts(sentence):
        if written[:1].isascii() and written[:1].isalpha():
            continue  # English words: read by _part_of_month
        if (part, no) in said:
            continue
        days = [d for b in backing for f in find_figures(b) if f.kind == "date"
                for _, mo, d in [date_parts(f.key)] if mo == no and d is not None]
        if days and all(d in _PART_RANGE[part] for d in days):
            continue
        return written
    return None


def _part_of_month(sentence: str, backing: list[str]) -> str | None:
    """"Signed in late August" of "signed in August": a part of the month no claim or quote gives,
    neither in words ("late August") nor as a day that falls in it ("28 August")."""
    other = _part_of_month_other(sentence, backing)
    if other:
        return other
    hay = " ".join(backing).lower()
    for m in _PART_MONTH.finditer(sentence):
        words, month = m.group("q").lower().split(), m.group("m").lower()
        q = words[1] if words[0] == "the" else words[0]
        if re.search(rf"\b{q}[-\s]+{month}\b|\bthe\s+{q}\s+of\s+{month}\b", hay):
            continue
        days = [int(a or b) for a, b in re.findall(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{month}\b|"
                                                   rf"\b{month}\s+(\d{{1,2}})(?!\d)", hay)]
        if days and all(d in _PART_DAYS[q] for d in days):
            continue
        return " ".join(m.group(0).split())
    return None


# a word of quantity that says there are hardly any: bare "few" ("Few riders say"), not "a few"
_FEW = lazy(r"(?<!\ba\s)(?<!\bthe\s)\b(?:very\s+|too\s+|so\s+)?few(?=\s+(?:of\s+)?[^\W\d_]{3,})\b", re.IGNORECASE)

# an adverb that judges a report: "Riders wrongly say", "the city rightly notes"
_JUDGED_REPORT = lazy(r"\b(?:wrongly|mistakenly|falsely|erroneously|incorrectly|rightly|correctly|accurately|"
                      r"inaccurately|truthfully|untruthfully)\s+(?:" + r"say|says|said|claim|claims|claimed|report|"
                      r"reports|reported|state|states|stated|note|notes|noted|told|tell|tells|believe|believes|"
                      r"believed|assume|assumes|assumed|think|thinks|thought|insist|insists|insisted|argue|argues|"
                      r"argued|point\s+out|points\s+out|pointed\s+out)\b", re.IGNORECASE)

# words that judge a thing's worth ("the pass is useless on W3"): an author's verdict a claim must say
_WORTH = lazy(r"\b(?:useless|worthless|pointless|futile|hopeless|meaningless|a\s+waste\s+of\s+(?:money|time)|"
              r"of\s+no\s+use|good\s+for\s+nothing)\b", re.IGNORECASE)


def _worth(sentence: str, backing: list[str]) -> str | None:
    """A word of worth ("useless", "worthless") no claim or quote says (by its first five letters)."""
    m = _WORTH.search(sentence)
    if m is None:
        return None
    w = " ".join(m.group(0).lower().split())
    hay = " ".join(backing).lower()
    return None if re.search(rf"\b{re.escape(w[:5])}", hay) else w


# a subordinator that opens a condition or a time ("Until the W3 readers work, ...") turned to its
# opposite ("Once the W3 readers work"): the same clause after it, the other word
_SUBORDINATORS = (("until|till|before|unless", "once|after|as\\s+soon\\s+as"),)
_SUBORDINATE = lazy(r"(?:^|[,;:]\s*|\b(?:and|but)\s+)(?P<w>until|till|before|unless|once|after|as\s+soon\s+as)\s+"
                    r"(?P<clause>[^,;:.!?]{3,80})", re.IGNORECASE)


def _turned_subordinator(sentence: str, backing: list[str]) -> str | None:
    """"Once the W3 readers work, carry another way to pay" of "Until the W3 readers work, ...":
    a claim opens a clause with one subordinator and the sentence opens the same clause (half its
    words or more) with the opposite one, while no claim says the sentence's word before it."""
    before, after = _SUBORDINATORS[0]
    side = {}
    for w in before.split("|"):
        side[w.replace("\\s+", " ")] = 0
    for w in after.split("|"):
        side[w.replace("\\s+", " ")] = 1
    for m in _SUBORDINATE.finditer(sentence):
        mine = " ".join(m.group("w").lower().split())
        words = {w.lower()[:5] for w in re.findall(r"[^\W\d_]{3,}|\w*\d\w*", m.group("clause"))} - {"the", "its"}
        if not words:
            continue
        for b in backing:
            for t in _SUBORDINATE.finditer(b):
                theirs = " ".join(t.group("w").lower().split())
                if side[theirs] == side[mine]:
                    continue
                said = {w.lower()[:5] for w in re.findall(r"[^\W\d_]{3,}|\w*\d\w*", t.group("clause"))}
                if len(words & said) * 2 >= len(words) and not any(
                        re.search(rf"\b{re.escape(mine)}\b", c, re.IGNORECASE) for c in backing):
                    return f"{mine} for {theirs}"
    return None


# "many" says less than "most" ("the majority"), which says less than "every" ("all", "each", 全て)
_STRENGTH = {"many": 1, "most": 2, "majority": 2, "mostly": 2}


def _scope_backs(scope: list[str], backing: str) -> bool:
    """Whether a claim's words of scope back the sentence's: one class ("all" is backed by
    "every"), but a claim's "many" backs no "most", and neither backs a word of the whole."""
    said = [" ".join(m.group(0).lower().split()) for m in _SCOPE.finditer(backing)]
    return bool(said) and max(_STRENGTH.get(w, 3) for w in said) >= max(_STRENGTH.get(w, 3) for w in scope)


# a word of certainty over a plan or a possibility ("is certain to follow", "definitely"): the
# claim plans, the sentence promises
_CERTAIN = lazy(r"\b(?:(?:certain|sure|bound|guaranteed|assured)\s+to|certainly|definitely|surely|undoubtedly|"
                r"unquestionably|doubtless|guarantee[sd]?|for\s+(?:certain|sure)|without\s+(?:a\s+|any\s+)?doubt|"
                r"no\s+doubt|beyond\s+(?:a\s+|any\s+)?doubt|inevitabl[ey]|assured(?:ly)?)\b", re.IGNORECASE)
# a verb of denial or dispute told of what a claim reports said ("City officers disputed that ...",
# "the city rejects the figure"): someone's act, with what they dispute after it; a contest the
# page shows ("How many ride is disputed:", "the disputed figure") names no one doing it
_DISPUTE = lazy(r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)(?<!\bbeen\s)(?<!\bbeing\s)"
                r"\b(?:disput(?:e|es|ed|ing)|den(?:y|ies|ied|ying)|reject(?:s|ed|ing)?|rebut(?:s|ted|ting)?|"
                r"repudiat(?:e|es|ed|ing)|contest(?:s|ed|ing)?|refus(?:e|es|ed|ing)\s+to\s+accept)"
                r"(?=\s+(?:that|the|a|an|its|their|this|these|those|his|her|our|any|all|both|each|every|claims?|"
                r"reports?|figures?|accounts?|it|them)\b)", re.IGNORECASE)
# ... which a claim or quote backs when it tells a dispute, a denial or a refusal in its own words
_DISPUTE_BACKED = lazy(r"\b(?:disput\w*|den(?:y|ies|ied|ying|ial)|reject\w*|rebut\w*|repudiat\w*|contest\w*|"
                       r"refus\w*|challeng\w*|object\w*|oppos\w*|disagree\w*|counter\w*)\b", re.IGNORECASE)


# -- the author's own stance in words no claim says: attitude, stance verbs, doubt marks and
# idioms, words that judge a time as late or early, a whole span, an obligation, a concession, a
# counterfactual over a plan, a manner or an intent, a description or a restriction of its own,
# a condition replaced. Each reader: (sentence, backing) -> the word, or None; a claim or quote
# that says the word (by its first letters) backs it.

def _unsaid(word: str, backing: list[str], n: int = 5) -> bool:
    """Whether no claim or quote says ``word`` (a word that starts with the first ``n`` letters of
    its root: "pays" is said by "paying")."""
    w = word.lower()
    root = re.sub(r"(?:ing|ed|es|s)$", "", w) if len(w) >= 4 else w
    stem = root[:n] if len(root) >= 3 else w[:n]
    return not any(re.search(rf"\b{re.escape(stem)}", b, re.IGNORECASE) for b in backing)


def _words_of(text: str) -> list[str]:
    """The content words of ``text``: words of four letters or more outside the small words."""
    return [w.lower() for w in re.findall(r"[^\W\d_][\w-]{3,}", text)
            if w.lower() not in _SMALL and w.lower() not in _WH and w.lower() not in _CONDITION_STOP]


def _mostly_unsaid(text: str, backing: list[str], most: int = 3, half: bool = True) -> bool:
    """Whether half or more (``half``; else more than half) of the first ``most`` content words of
    ``text`` (one at least) are said by no claim or quote."""
    words = _words_of(text)[:most]
    unsaid = [w for w in words if _unsaid(w, backing)]
    return bool(unsaid) and len(unsaid) * 2 + (1 if half else 0) > len(words)


# words of the author's attitude: a sentence adverb that tells a feeling ("shockingly"), a word
# that belittles or swells a figure ("a mere", "a whopping", "just a"), an evaluative adjective or
# noun ("rosier", "fiasco"), a verb that says figures were bent ("spun", "fudged")
_ATTITUDE = lazy(r"\b(?:shockingly|worryingly|alarmingly|predictably|surprisingly|unsurprisingly|disappointingly|"
                 r"embarrassingly|sadly|unfortunately|fortunately|luckily|thankfully|regrettably|remarkably|"
                 r"astonishingly|amazingly|incredibly|tellingly|conveniently|ironically|inexplicably|outrageously|"
                 r"scandalously|absurdly|laughably|suspiciously|disgracefully|frustratingly|"
                 r"mere|merely|paltry|measly|meagre|meager|whopping|staggering|scant|"
                 r"ros(?:y|ier|iest)|gloom(?:y|ier|iest)|bleak(?:er|est)?|grim(?:mer|mest)?|(?:un)?flattering|"
                 r"shocking|alarming|worrying|embarrassing|disappointing|dismal|abysmal|pitiful|"
                 r"fiasco|saga|mess|scandal|debacle|farce|shambles|chaos|disaster|botch(?:ed)?|blunder|"
                 r"mismanage\w*|nightmare|woes|snafu|boondoggle|"
                 # a plan or a word judged as betrayed ("a broken promise", "let riders down")
                 r"(?:broken|empty|hollow|false)\s+promises?|letdown|let-down|betray(?:al|als|s|ed|ing)?|sham|"
                 r"rip-?off|flop|u-turn|"
                 r"spun|spin|massag(?:e|es|ed|ing)|fudg(?:e|es|ed|ing)|doctored|rigged|cherry-?pick\w*)\b|"
                 r"\blet(?:s|ting)?\s+(?:(?:its|their|the|his|her)\s+)?(?:riders|passengers|customers|users|"
                 r"commuters|people|us|them|everyone|the\s+public)\s+down\b|"
                 r"\b(?:just|merely|simply|nothing\s+but)\s+(?:a|an)\s+(?=[^\W\d_])(?!few\b|couple\b|single\b)|"
                 r"\bjust\s+(?=\d)|"
                 # "a loss-making 3.40 marks", "a steep 3.40": a judgement of worth set before a figure
                 r"\b(?:loss-?making|bargain|steep|cheap|pricey|expensive|hefty|affordable|exorbitant|extortionate|"
                 r"eye-?watering|generous|healthy|respectable|impressive|disappointing|modest)(?=\s+[£$€¥]?\d)|"
                 # "even the operator lists both": a speaker told as an unlikely witness
                 r"\beven(?=\s+(?:the|its|their|this|that)\s+[^\W\d_]+(?:\s+[^\W\d_]+)?\s+(?:lists?|listed|"
                 r"says?|said|admits?|admitted|agrees?|agreed|concedes?|conceded|reports?|reported|accepts?|"
                 r"accepted|acknowledges?|acknowledged|confirms?|confirmed|calls?|called|gives?|gave)\b)",
                 re.IGNORECASE)


def _attitude(sentence: str, backing: list[str]) -> str | None:
    """A word of the author's attitude ("shockingly", "a mere", "rosier", "fiasco", "spun") that
    no claim or quote says."""
    for m in _ATTITUDE.finditer(sentence):
        w = " ".join(m.group(0).lower().split())
        if w.startswith("spun") and re.match(r"\s+(?:off|out|up)\b", sentence[m.end():]):
            continue
        key = w.split()[-1] if w.split()[0] in ("just", "merely", "simply", "nothing") and len(w.split()) > 1 else w
        if key in ("a", "an", "but"):
            key = w.split()[0]
        if _unsaid(key, backing):
            return w
    return None


# a verb of report that takes a side: the speaker gives in ("conceded", "admitted", "grants that"), holds out
# ("insisted"), brags ("boasted"); not "admitted free", "is acknowledged"
_CONCEDED = lazy(r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)(?<!\bbeen\s)(?<!\bbeing\s)"
                 r"(?<!\bget\s)(?<!\bgets\s)\b(?:conced(?:e|es|ed|ing)|admit(?:s|ted|ting)?|"
                 r"acknowledg(?:e|es|ed|ing)|confess(?:es|ed|ing)?|insist(?:s|ed|ing)?|boast(?:s|ed|ing)?|"
                 # "grants that" gives a point ("PEP 649 itself grants that ..."); not "granted a licence",
                 # "granted that request", "take for granted that"
                 r"(?<!\bfor\s)grant(?:s|ed|ing)?(?=\s+that\b)(?!\s+that\s+(?:rights?|requests?|permissions?|licen[cs]es?|"
                 r"access|wish(?:es)?|exemptions?|waivers?|status|powers?|privileges?|appeals?|applications?)\b)|"
                 r"grudgingly|reluctantly|"
                 # told as a secret given away ("the count the authority let slip to operators")
                 r"let(?:s|ting)?\s+slip|leak(?:s|ed|ing)?(?=\s+(?:to|it|that|the|a|an|its|their)\b))"
                 r"\b(?!\s+(?:free|for\s+free|without|at\s+no)\b)", re.IGNORECASE)
# a motive given to a speaker for what it tells ("the figure the city prefers to publish", "would
# rather quote"): what a body says is told, why it says it is the author's guess
_MOTIVE = lazy(r"\b(?:prefers?|preferred|preferring|would\s+rather|(?:likes?|liked|wants?|wanted|chooses?|chose|"
               r"tries|tried|hopes?|hoped)\s+to)\s+(?:to\s+)?(?:publish|quote|cite|use|give|report|show|present|"
               r"announce|say|tell|talk\s+up|push|promote|hide|bury|downplay|play\s+down|stress|emphasi[sz]e|"
               r"highlight|forget|ignore|keep\s+quiet)\w*", re.IGNORECASE)


def _motive(sentence: str, backing: list[str]) -> str | None:
    """A motive given to a speaker for what it tells ("prefers to publish") that no claim or quote
    says."""
    m = _MOTIVE.search(sentence)
    if m and _unsaid(m.group(0).split()[0], backing):
        return " ".join(m.group(0).lower().split())
    return None
# a factive verb that makes what someone said a thing shown ("officers showed that", "proved")
_FACTIVE = lazy(r"\b(?:show(?:s|ed|n)?|prov(?:e|es|ed|en)|establish(?:es|ed)|demonstrat(?:e|es|ed)|"
                r"reveal(?:s|ed)?|ma(?:de|kes?)\s+(?:it\s+)?clear)\s+(?:that|how)\b", re.IGNORECASE)
_FACTIVE_BACKED = lazy(r"\b(?:show\w*|prov\w*|proof|establish\w*|demonstrat\w*|reveal\w*|found|finds?|"
                       r"conclu\w*|confirm\w*|clear\w*)\b", re.IGNORECASE)


_DOC_ID = lazy(r"\b[A-Z]{2,}[\s-]#?(\d+)\b")


def _names_other_document(who: str, after: str) -> bool:
    """Whether the clause ``after`` a verb of report names a document by an identifier ("PEP
    563") that is not the speaker's (``who``: "PEP 649 itself")."""
    own = {m.group(0).replace("-", " ") for m in _DOC_ID.finditer(who)}
    clause = re.split(r"[;:.!?]", after)[0]
    return any(m.group(0).replace("-", " ") not in own for m in _DOC_ID.finditer(clause))


def _stance_verb(sentence: str, backing: list[str]) -> str | None:
    """A verb of report that takes a side ("conceded", "admitted", "insisted") or that makes a
    report a proof ("showed that", "proved that"), which no claim or quote says."""
    for m in _CONCEDED.finditer(sentence):
        # a document or its author owning its own drawback ("The KEP admits that", "It conceded
        # that", "the RFC admits,") reports as the document does; a person or a body taking a side
        # does not, nor a document granting a point of another it names ("PEP 649 itself grants
        # that PEP 563 stringized annotations were a boon")
        who = re.split(r"[,;:(]", sentence[:m.start()])[-1].split()[-4:]
        if who and (who[-1].lower() in ("it", "its") or _DOCUMENT.search(" ".join(who)) or
                    re.fullmatch(r"(?:[Tt]he\s+)?(?:[A-Z]{2,}\w*|[A-Z]\w*\s+\d+)", " ".join(who[-2:]))) \
                and not _names_other_document(" ".join(who), sentence[m.end():]):
            continue
        if _unsaid(m.group(0), backing):
            return m.group(0).lower()
    shown = _FACTIVE.search(sentence)
    if shown and not any(_FACTIVE_BACKED.search(b) for b in backing):
        return " ".join(shown.group(0).lower().split())
    return None


# a mark or an idiom of doubt: "(sic!)", "(!)", "(?)"; "at least on paper", "in theory",
# "nominally"; a hope where a claim plans ("the operator hopes"); "if ... ever", "if at all"
_DOUBT_MARK = lazy(r"[(\[]\s*(?:sic\s*!?|[!?]+)\s*[)\]]|(?:\bat\s+least\s+)?\bon\s+paper(?=\s*(?:[,;:.!?)—–]|$))|"
                   r"\bin\s+theory\b(?!\s+of\b)|\bat\s+least\s+(?:officially|nominally|formally)\b|"
                   r"\b(?:nominally|ostensibly|seemingly|apparently|officially|technically|in\s+name\s+only)\b|"
                   r"\b(?:reportedly|purportedly)\b|"
                   r"\b(?:hope[sd]?|hoping|hopeful(?:ly)?|wish(?:es|ed)?)\b|"
                   r"\bif\s+(?:[^\W\d_][\w'’-]*\s+){0,6}?ever\b|\bif\s+at\s+all\b|\bif\s+and\s+when\b", re.IGNORECASE)


def _doubt_mark(sentence: str, backing: list[str]) -> str | None:
    """A mark or an idiom of doubt ("(sic!)", "at least on paper", "hopes", "if ... ever") that
    no claim or quote says."""
    hay = " ".join(backing).lower()
    for m in _DOUBT_MARK.finditer(sentence):
        w = " ".join(m.group(0).lower().split())
        if w.startswith(("(", "[")):
            said = w.replace(" ", "") in hay.replace(" ", "")
        elif w.startswith("if ") and w.endswith(" ever"):
            said = re.search(r"\bever\b", hay) is not None
        elif " " in w:
            said = w.removeprefix("at least ") in hay
        elif w in ("reportedly", "purportedly"):
            said = any(_REPORTING.search(b) for b in backing)  # a claim that reports someone saying it
        else:
            said = not _unsaid(w, backing, 4)
        if not said:
            return w
    return None


# a period denied where a claim dates or plans: "W3 not this year", "not before next year"
_NOT_PERIOD = lazy(r"\bnot\s+(?:(?:until|before|till)\s+)?(?:this|next)\s+(?:year|month|week|season|summer|"
                   r"winter|spring|autumn)\b", re.IGNORECASE)


# a period denied ("not this year") that no claim or quote says: a claim's own date
# ("1 December 2026") falls in some year the reader must work out, the page does not deny.
_not_period = _unbacked(_NOT_PERIOD)


def period_denied(text: str, backing: list[str]) -> str | None:
    """A period a heading or a label denies ("W3 not this year") that no claim or quote denies,
    lower case, or None: the label rule reads it where the heading's negation is excused."""
    return _not_period(_seen(text), [_seen(b) for b in backing])


# words that judge a time as late or early: "finally", "at last", "belatedly", "running late",
# "overdue", "delayed"; "was only signed in August"; "as early as August"
_TIMING = lazy(r"\b(?:finally|at\s+(?:long\s+)?last(?!\s+count)|belated(?:ly)?|overdue|behind\s+schedule|"
               r"running\s+(?:late|behind)|delay(?:s|ed)?|as\s+(?:early|late|recently|soon)\s+as|"
               r"(?:was|were|is|are|has|have|had|been)\s+only\s+(?:just\s+)?[^\W\d_]+(?:ed|en|t)\s+(?:in|on)\s+"
               r"(?=\d|(?:january|february|march|april|may|june|july|august|september|october|november|"
               r"december)\b))", re.IGNORECASE)


def _timing(sentence: str, backing: list[str]) -> str | None:
    """A word that judges a time as late or early that no claim or quote says; "Finally," that
    opens a sentence orders what the page says, and judges nothing."""
    hay = " ".join(backing).lower()
    for m in _TIMING.finditer(sentence):
        w = " ".join(m.group(0).lower().split())
        if w == "finally" and (not sentence[:m.start()].strip() or sentence[m.end():].lstrip().startswith(",")):
            continue
        if " only " in f" {w} ":
            said = any(_ONLY.search(b) for b in backing)
        elif " " in w:
            said = w in hay
        else:
            said = not _unsaid(w, backing, 4)
        if not said:
            return w
    return None


# a whole span where a claim gives a day or part of it: "throughout September", "all through",
# "the whole of"
_SPAN = lazy(r"\b(?:throughout|all\s+through|(?:for\s+)?the\s+(?:whole|entire)\s+(?:of\s+)?|all\s+(?:of\s+)?)"
             r"\s*(?:the\s+)?(?:month\s+of\s+)?(?:" + "|".join(_MONTHS) + r")\b", re.IGNORECASE)


def _span(sentence: str, backing: list[str]) -> str | None:
    """A whole month ("throughout September") that no claim or quote spans."""
    m = _SPAN.search(sentence)
    if m is None or any(re.search(r"\b(?:throughout|whole|entire|all\s+(?:of\s+|through\s+)?(?:the\s+)?"
                                  r"(?:month|" + "|".join(_MONTHS) + r"))\b", b, re.IGNORECASE) for b in backing):
        return None
    return " ".join(m.group(0).lower().split())


# an obligation where a claim allows or states: "must travel with", "have to", "are required to"
# ("have to wait until 1 December" is the claim's own start date seen from today: no rule imposed)
_OBLIGED = lazy(r"\b(?:must(?!\s+have\b)(?!\s+wait\b)|(?:has|have|had)\s+to(?!\s+wait\b)|(?:is|are|was|were|be)\s+"
                r"(?:required|obliged|obligated|compelled|forced)\s+to|mandatory|compulsory|obligatory)\b", re.IGNORECASE)
_OBLIGED_BACKED = lazy(r"\b(?:must|(?:has|have|had)\s+to|requir\w*|oblig\w*|compel\w*|forc\w*|mandator\w*|"
                       r"compulsor\w*|need\w*|only|may\s+not|cannot|can['’]t|not\s+allowed)\b", re.IGNORECASE)


# an obligation ("must", "have to", "are required to") that no claim or quote imposes.
_obliged = _unbacked(_OBLIGED, _OBLIGED_BACKED)


# a concession that sets one claim against another: "Despite the audit, the press reports"
# ("независимо от того", "无论是否", "に関わらず": "regardless of whether")
_CONCEDING = lazy(r"\b(?:despite|in\s+spite\s+of|notwithstanding|regardless\s+of|irrespective\s+of|"
                  r"no\s+matter\s+(?:whether|if|how|what)|независимо\s+от|вне\s+зависимости\s+от|несмотря\s+на)\b|"
                  r"无论|不论|不管|(?:に|と)(?:関わらず|かかわらず|関係なく)", re.IGNORECASE,
                  needs=("despite", "spite", "notwithstanding", "regardless", "irrespective", "matter", "независимо",
                         "зависимости", "несмотря", "无论", "不论", "不管", "関わらず", "かかわらず", "関係なく"))
_CONCEDING_BACKED = lazy(r"\b(?:despite|in\s+spite|notwithstanding|regardless|irrespective|no\s+matter|although|though|however|"
                         r"nevertheless|nonetheless|even\s+so|независимо|вне\s+зависимости|несмотря|хотя|однако)\b|"
                         r"无论|不论|不管|尽管|虽然|関わらず|かかわらず|関係なく|けれども|ものの", re.IGNORECASE,
                         needs=("despite", "spite", "notwithstanding", "regardless", "irrespective", "matter", "though",
                                "however", "nevertheless", "nonetheless", "even", "независимо", "зависимости",
                                "несмотря", "хотя", "однако", "无论", "不论", "不管", "尽管", "虽然", "関わらず",
                                "かかわらず", "関係なく", "けれども", "ものの"))


# a concession ("despite", "in spite of") that no claim or quote makes.
_conceding = _unbacked(_CONCEDING, _CONCEDING_BACKED)


# a counterfactual over a plan: "would have followed", "was to have followed", "should have"
_COUNTERFACTUAL = lazy(r"\b(?:(?:would|should|could|might)\s+have\s+(?:been\s+)?[^\W\d_]+(?:ed|en|wn|t)|"
                       r"(?:was|were)\s+to\s+have)\b", re.IGNORECASE)


def _counterfactual(sentence: str, backing: list[str]) -> str | None:
    """"Route W3 would have followed" of "is due to follow": a plan told as one that no longer
    holds, where a claim plans in the present and none tells it in the past."""
    m = _COUNTERFACTUAL.search(sentence)
    if m is None or not any(_PLANNED_NOW.search(b) for b in backing) or \
            any(_COUNTERFACTUAL.search(b) or _LAPSED.search(b) for b in backing):
        return None
    return " ".join(m.group(0).lower().split())


# a word of manner or intent on what a claim tells: "deliberately switched off", "independently
# audited", "quietly dropped"
_MANNER = lazy(r"\b(?:deliberately|intentionally|purposely|purposefully|knowingly|wilfully|willfully|secretly|"
               r"quietly|covertly|independently|externally|officially|properly|rigorously|thoroughly|carefully|"
               r"hastily|grudgingly|reluctantly|needlessly|unnecessarily|illegally|unlawfully|improperly|"
               r"on\s+purpose)\b", re.IGNORECASE)


def _manner(sentence: str, backing: list[str]) -> str | None:
    """A word of manner or intent on a thing done ("deliberately switched off", "independently
    audited": before a participle) that no claim or quote says; before a verb in the present
    ("deliberately adds") it tells a design's choice, which the other rules read."""
    for m in _MANNER.finditer(sentence):
        w = " ".join(m.group(0).lower().split())
        if not w.startswith("on ") and not re.match(r"\s+[^\W\d_]+(?:ed|en|wn|t)\b", sentence[m.end():]):
            continue
        if _unsaid(w.split()[-1] if w.startswith("on ") else w, backing, 6):
            return w
    return None


# a description of its own between commas ("the operator, a city-owned company, lists both"), or
# after a figure or a name at the sentence's end ("3.40 marks, the price of a coffee"): a clause
# of its own, which its claims must say
_APPOSITIVE = lazy(r"(?<=[^\W_])\s*,\s+(?P<np>(?:a|an|the|its|their|one\s+of)\s+[^,;:.!?()\[\]]{2,50}?)\s*"
                   r"(?P<end>,|$)", re.IGNORECASE)
_NOT_APPOSITIVE = lazy(rf"\b(?:{_REPORT_VERB}|say|is|are|was|were|has|have|had|will|would|can|may|do|does|did|"
                       r"lists?|listed|takes?|took|gives?|gave)\b|\d", re.IGNORECASE)


_VERB_BEFORE = lazy(r"\b(?!(?:of|for|in|on|at|by|with|from|to|into|over|under|about|like|than|as|and|or|but)\b)"
                    r"[^\W\d_]+\s+(?:the|a|an|its|their|this|that|these|those)\b", re.IGNORECASE)


def _appositive(sentence: str, backing: list[str]) -> str | None:
    """A noun phrase set off by commas as a description of what comes before it ("the operator,
    a city-owned company,"; "W1 and W2, the two main routes,"; "3.40 marks, the price of a
    coffee") whose words the claims and quotes mostly do not say. At the sentence's end it
    follows a figure or a name; a phrase with a verb ("the operator says") is a clause the
    other rules read."""
    for m in _APPOSITIVE.finditer(sentence):
        np = m.group("np")
        if _NOT_APPOSITIVE.search(np) or len(np.split()) > 6 or _VERB_BEFORE.search(np) or \
                re.search(r"\b(?:first|last|second|third|final|next|latest|earliest|former|latter)\b", np, re.IGNORECASE):
            continue  # ("..., the last of the three": a rank, which the scale rules read)
        if not m.group("end"):
            before = sentence[:m.start()].split()
            last = before[-1] if before else ""
            if not (re.search(r"\d", sentence[max(0, m.start() - 20):m.start()]) or last[:1].isupper()):
                continue
        if len(_words_of(np)) >= 2 and _mostly_unsaid(np, backing):
            return np.strip()  # ("PEP 649, the later PEP,": one word that orders documents, no description)
    return None


# a relative clause that narrows who a claim speaks of ("children under twelve who live in the
# city"): its first words must be the claims'
_WHO_CLAUSE = lazy(r"\b[^\W\d_]{3,}\s*,?\s+(?:who)\s+(?P<cl>[^,;:.!?()\[\]]{3,80})", re.IGNORECASE)


def _who_clause(sentence: str, backing: list[str]) -> str | None:
    """A "who" clause whose first content words the claims and quotes mostly do not say."""
    for m in _WHO_CLAUSE.finditer(sentence):
        if _mostly_unsaid(m.group("cl"), backing):
            return " ".join(m.group(0).split()[1:6])
    return None


# a restriction of its own: "cash only", "by card only" where no claim restricts
_ONLY_AFTER = lazy(r"\b(?P<w>[^\W\d_]{3,})\s+only(?=\s*(?:[,;:.!?)\]—–]|$))", re.IGNORECASE)


def _only_after(sentence: str, backing: list[str]) -> str | None:
    """"cash only": a thing restricted to a word that no claim or quote says."""
    m = _ONLY_AFTER.search(sentence)
    if m is None or m.group("w").lower() in ("not", "the", "and", "one", "you", "for", "but") or \
            any(_ONLY.search(b) for b in backing) or not _unsaid(m.group("w"), backing):
        return None
    return " ".join(m.group(0).lower().split())


# the condition a sentence states ("once the council approves the budget") where its claim
# states another: the words after the subordinator must be the claim's
_COND_OPEN = lazy(r"\b(?:once|if|unless|provided(?:\s+that)?|as\s+soon\s+as|on\s+condition\s+that)\s+"
                  r"(?!(?:and|or|more|again|per|every|each|only|before|after|in|at|for|a|an|daily|twice|any|ever)\b)"
                  r"(?P<cl>[^,;:.!?()\[\]]{3,80})", re.IGNORECASE)


def _new_condition(sentence: str, backing: list[str]) -> str | None:
    """A condition whose first content words the claims and quotes mostly do not say (two at
    least), in a sentence that restates a claim with a condition of its own (half the words
    before the claim's condition are the sentence's before its own): the condition is replaced."""
    for m in _COND_OPEN.finditer(sentence):
        words = _words_of(m.group("cl"))[:4]
        unsaid = [w for w in words if _unsaid(w, backing)]
        if len(unsaid) < 2 or len(unsaid) * 2 <= len(words):
            continue
        frame = _words_of(sentence[:m.start()])
        for b in backing:
            t = _COND_OPEN.search(b)
            if t and frame and sum(not _unsaid(w, [b[:t.start()]]) for w in frame) * 2 >= len(frame):
                return " ".join(m.group(0).split()[:6])
    return None


# a purpose of its own after a date ("was signed in August to replace the faulty readers") or
# said as one ("in order to", "so as to"): its words must be the claims'
_PURPOSE_OF = lazy(r"(?:\bin\s+order\s+to|\bso\s+as\s+to|\b(?:" + "|".join(_MONTHS) + r"|\d{4})\s+to)\s+"
                   r"(?P<cl>[^\W\d_]{3,}\s+[^,;:.!?()\[\]]{3,60})", re.IGNORECASE)


def _purpose_of(sentence: str, backing: list[str]) -> str | None:
    """A purpose whose first content words the claims and quotes mostly do not say (two at least)."""
    for m in _PURPOSE_OF.finditer(sentence):
        words = _words_of(m.group("cl"))[:3]
        unsaid = [w for w in words if _unsaid(w, backing)]
        if len(unsaid) >= 2 and len(unsaid) * 2 > len(words):
            return " ".join(m.group(0).split()[1:6])
    return None


# a word of precision on a figure ("exactly 31,000", "precisely", "a full 31,000") where the
# claim gives it bare or as an average
_EXACT = lazy(r"\b(?:exactly|precisely|a\s+full|fully|to\s+the\s+(?:passenger|person|penny|mark))(?=\s+[£$€¥]?\d)",
              re.IGNORECASE)


def _exact(sentence: str, backing: list[str]) -> str | None:
    """"exactly 31,000" of "an average of 31,000": a precision no claim or quote gives."""
    m = _EXACT.search(sentence)
    if m is None or any(re.search(r"\b(?:exact\w*|precise\w*|full)\b", b, re.IGNORECASE) for b in backing):
        return None
    return " ".join(m.group(0).lower().split())


# a habit told by "every" and a time ("every morning") where no claim tells one
_EVERY_TIME = lazy(r"\b(?:every|each)\s+(?:single\s+)?(?:morning|evening|night|day|week|weekday|weekend|month|"
                   r"year)\b", re.IGNORECASE)
_EVERY_BACKED = lazy(r"\b(?:every|each|daily|nightly|weekly|monthly|yearly|annual\w*|per|a\s+(?:day|week|month|"
                     r"year)|always|regular\w*|usual\w*|often|mornings|evenings|nights|weekdays|weekends)\b",
                     re.IGNORECASE)


def _every_time(sentence: str, backing: list[str]) -> str | None:
    """"switched off every morning": a habit no claim or quote tells, where a claim is dated."""
    m = _EVERY_TIME.search(sentence)
    if m is None or any(_EVERY_BACKED.search(b) for b in backing) or \
            not any(_dated(b) and re.search(r"\b(?:was|were|said|told)\b", b, re.IGNORECASE) for b in backing):
        return None  # a claim of one past time ("were off in late September"); a state as of a date is no time
    return " ".join(m.group(0).lower().split())


# a time named by a feast, a holiday or a season ("until Christmas", "by Easter", "before the
# summer"): a date in words. "Lent" and "advent" are left out ("lent a hand", "the advent of")
_NAMED_TIME = lazy(r"(?<![\w-])(?:christmas(?:time)?|xmas|easter|new\ year|thanksgiving|halloween|hogmanay|"
                   r"whitsun(?:tide)?|pentecost|hanukk?ah|chanukah|diwali|ramadan|eid|passover|midsummer|michaelmas|"
                   r"(?:the|this|next)\ holidays|(?:bank|public)\ holidays?|half[- ]term|golden\ week|"
                   r"(?<=until\ )(?:the\ )?(?:summer|winter|spring|autumn|fall)|"
                   r"(?<=by\ )(?:the\ )?(?:summer|winter|spring|autumn|fall)|"
                   r"(?<=before\ )(?:the\ )?(?:summer|winter|spring|autumn|fall)|"
                   r"(?<=after\ )(?:the\ )?(?:summer|winter|spring|autumn|fall))(?![\w-])"
                   r"|クリスマス|正月|お盆|ゴールデンウィーク|圣诞|春节|国庆|рождеств\w*|пасх\w*|нов\w+\ год\w*",
                   re.IGNORECASE)


def time_unsaid(text: str, backing: list[str]) -> str | None:
    """A feast, a holiday or a season ``text`` names as a time ("until Christmas") that none of
    ``backing`` names, as written, or None: a date no claim gives."""
    hay = " ".join(_seen(b) for b in backing).lower()
    for m in _NAMED_TIME.finditer(_seen(text)):
        word = m.group(0)
        key = word.lower().removeprefix("the ")
        if key[:5] not in hay:
            return word
    return None


# a place named after a preposition of place ("bought on board at Halden Quay"): a capitalised
# name, not a month, a day or a code ("W3", "PEP")
_PLACE = lazy(r"(?<![\w])(?:at|in|near|outside|inside|from|via|off|beside|opposite)\s+(?:the\s+)?"
              r"(?P<name>[A-Z][a-z][\w'’-]*(?:\s+(?:of\s+|on\s+)?[A-Z][a-z][\w'’-]*){0,3})")


def places(text: str) -> list[str]:
    """The places a sentence names after a preposition of place ("at Halden Quay", "in Calder
    Bay"), each as written; months, days and feast days are dates, not places."""
    from .figure_scan import has_named_time

    out = []
    for m in _PLACE.finditer(_seen(text)):
        name = m.group("name")
        if name.split()[0].lower() in _MONTHS or name.split()[0].lower() in _DAYS or has_named_time(name):
            continue  # "from Christmas Day 2026" names a day: the figure rules judge it
        out.append(name)
    return out


def place_unsaid(text: str, hay: str) -> str | None:
    """The first place ``text`` names (``places``) that ``hay`` (what backs the sentence: its
    claims and quotes, the page's other claims, its sources' records, the question) names
    nowhere, neither whole nor word by word, or None."""
    low = hay.lower()
    for name in places(text):
        words = [w.lower() for w in re.findall(r"[^\W\d_]{3,}", name) if w.lower() not in ("the", "of", "on")]
        if name.lower() not in low and not all(re.search(rf"\b{re.escape(w)}", low) for w in words):
            return name
    return None


# a proper name of two capitalised words or more ("Tidewater Pass", "Harbour Transit Authority");
# the words that open a sentence ("A", "The", "This") are not part of it
_NAME = lazy(r"(?<![\w'’-])[A-Z][a-z][\w'’-]*(?:\s+(?:of\s+|on\s+|de\s+)?[A-Z][a-z][\w'’-]*)+")
_NAME_OPENERS = frozenset("a an the this that these those its their our his her my your every each no some "
                          "on in at for from by with after before when while if once".split())


def name_moved(text: str, own: list[str], others: list[str]) -> str | None:
    """A proper name ``text`` gives ("A Tidewater Pass bought on board is 3.40 marks") that the
    page's other claims (``others``) give to something, while what backs the sentence
    (``own``: its claims, their quotes, their sources' records) never names it: the sentence
    moves a fact onto another thing the page speaks of. The name as written, or None."""
    low = " ".join(own).lower()
    elsewhere = " ".join(others)
    for m in _NAME.finditer(_seen(text)):
        words = m.group(0).split()
        while words and words[0].lower() in _NAME_OPENERS:
            words = words[1:]
        if len(words) < 2:
            continue
        name = " ".join(words)
        if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", elsewhere) and name.lower() not in low:
            return name
    return None


# groups of people a fact may hold for ("children", "adults", "students"), each with its forms in
# the languages sourcebook reads: a sentence giving a group that the page's other claims speak of,
# while its own claims never name it, moves their fact onto that group ("W1 and W2 take the
# pass, for adults and children alike" of a claim that speaks of no one in particular)
# "child" of a thing is no person: "a child process", "child elements", "the child class"
_CHILD_OF_THING = (r"process(?:es)?|groups?|class(?:es)?|elements?|nodes?|threads?|tasks?|devices?|controllers?|"
                   r"resources?|objects?|programs?|windows?|widgets?|director(?:y|ies)|tables?|keys?|records?|spans?|"
                   r"items?|components?|cmdline|pids?|types?|modules?|packages?|commits?|pages?|entr(?:y|ies)|"
                   r"interpreters?|loops?|contexts?|scopes?|tags?|fields?|frames?|containers?|pods?|jobs?|workers?|"
                   r"streams?|sections?|blocks?|tokens?|rules?|loggers?|widgets?|views?|handles?|fds?")
_GROUPS: dict[str, Any] = {
    "children": lazy(r"(?<![\w])(?:child(?:ren)?|kids?)(?![\w])(?!\s+(?:" + _CHILD_OF_THING + r")(?![\w]))|"
                     r"子ども|子供|こども|児童|小児|儿童|孩子|小孩|"
                     r"(?<![\w])(?:дет(?:и|ей|ям|ьми|ях)|ребён\w*|ребен\w*)", re.IGNORECASE),
    "adults": lazy(r"(?<![\w])adults?(?![\w])|大人|成人|(?<![\w])взросл\w*", re.IGNORECASE),
    "students": lazy(r"(?<![\w])(?:students?|pupils?)(?![\w])|学生|生徒|(?<![\w])(?:студент\w*|школьник\w*)",
                     re.IGNORECASE),
    "seniors": lazy(r"(?<![\w])(?:seniors|senior\s+citizens?|pensioners?|retirees?|elderly)(?![\w])|高齢者|老人|"
                    r"(?<![\w])пенсионер\w*",
                    re.IGNORECASE),
    "teenagers": lazy(r"(?<![\w])teen(?:ager)?s?(?![\w])|(?<![\w])подрост\w*", re.IGNORECASE),
    "infants": lazy(r"(?<![\w])(?:infants?|babies|toddlers?)(?![\w])|乳児|幼児|婴儿|(?<![\w])младен\w*", re.IGNORECASE),
}


def group_refusal(group: str) -> str:
    """Why a group ``group_moved`` found is refused, and the fix."""
    return (f"{group!r} is a group of people another claim speaks of, but none of the claims cited, nor their "
            "quotes, names it: the sentence moves what they say onto that group; name what the claims name, or "
            "cite the claim that names it")


def names_group(text: str) -> bool:
    """Whether ``text`` names a group of people (``_GROUPS``): ``group_moved`` has work only then."""
    seen = _seen(text)
    return any(p.search(seen) for p in _GROUPS.values())


def group_moved(text: str, own: list[str], others: list[str]) -> str | None:
    """A group of people ``text`` names (``_GROUPS``) that other claims of the ledger
    (``others``) name while what backs the sentence (``own``) never does, as written, or None."""
    seen = _seen(text)
    named = [(p, m) for p in _GROUPS.values() if (m := p.search(seen)) is not None]
    if not named:
        return None
    mine = " ".join(own)
    elsewhere = " ".join(others)
    for pattern, m in named:
        if pattern.search(elsewhere) and not pattern.search(mine):
            return m.group(0)
    return None


# a verb of report a page may stress only to doubt it ("Riders *say* ...")
_STRESSED_REPORT = lazy(r"(?:says?|said|claims?|claimed|reports?|reported|told|tells?|insists?|insisted|believes?|"
                        r"believed|thinks?|thought|according|allegedly|supposedly|reportedly|apparently)",
                        re.IGNORECASE)


def stressed_report(word: str) -> str | None:
    """``word`` (one word a page sets alone in emphasis), lower case, when it is a verb of report
    ("say", "claims", "according"), else None."""
    w = word.strip(".,;:!?\"'’”“")
    return w.lower() if _STRESSED_REPORT.fullmatch(w) else None


# a retort that mocks what was just said: "Sure it will.", "Yeah, right.", "As if.", "Don't hold
# your breath", "I'll believe it when I see it"
_SCOFF = lazy(r"\b(?:(?:sure|of\s+course)\s*,?\s+(?:it|they|he|she|you|we)\s+(?:will|would|does|do|did|is|are|"
              r"can|has|have)(?=\s*(?:[,.!?…]|$))|yeah\s*,?\s+right|as\s+if(?=\s*[.!?…]|$)|"
              r"don['’]?t\s+hold\s+your\s+breath|i['’]?ll\s+believe\s+it\s+when\s+i\s+see\s+it|"
              r"pull\s+the\s+other\s+one|good\s+luck\s+with\s+that)", re.IGNORECASE)


# a voice told to take a side on what it reads (scorn, doubt, mockery, anger, awe): "openly
# scornful of the operator", "rolls eyes at every promise", "sarcastic"; a voice's own manner
# ("calm", "brisk", "warm", "curious", "unhurried") takes none
_VOICE_SIDE = lazy(r"\b(?:scorn\w*|contempt\w*|disdain\w*|derisi\w*|derid\w*|mock(?:s|ed|ing|ery)?|sneer\w*|snide|"
                   r"sarcas\w*|sardonic\w*|cynic\w*|scepti\w*|skepti\w*|incredul\w*|disbeli\w*|distrust\w*|"
                   r"mistrust\w*|suspicious\w*|dismissiv\w*|scoff\w*|jeer\w*|taunt\w*|ridicul\w*|smirk\w*|"
                   r"condescend\w*|patroni[sz]\w*|indignan\w*|outrag\w*|disgust\w*|exasperat\w*|bitter(?:ly|ness)?|"
                   r"resent\w*|hostil\w*|withering|scath\w*|adoring|gushing|fawning|admiring|starstruck|"
                   r"roll(?:s|ing|ed)?\s+(?:(?:his|her|their|its|the)\s+)?eyes|eye-?roll\w*|tongue[- ]in[- ]cheek|"
                   r"iron(?:ic|ically|y)|unimpressed|(?:angry|furious|annoyed|fed\s+up|disappointed)\s+(?:at|with|by|about))\b",
                   re.IGNORECASE)


def voice_takes_side(hint: str, backing: list[str]) -> str | None:
    """A word of a voice hint that tells the voice to take a side on what it reads ("scornful
    of the operator", "rolls eyes", "sarcastic") or a word of the author's attitude the claims
    lack ("shockingly"), lower case, or None: the voice says every line it is given with it."""
    seen = _seen(hint)
    m = _VOICE_SIDE.search(seen)
    if m:
        return " ".join(m.group(0).lower().split())
    return _attitude(seen, [_seen(b) for b in backing])


def scoffs(text: str) -> str | None:
    """A retort a line that cites no claim uses to mock what a line before stated ("Sure it
    will.", "Yeah, right."), lower case, or None."""
    m = _SCOFF.search(_seen(text))
    return " ".join(m.group(0).lower().split()) if m else None


# the readers above, in order, with the kind each finds (kinds in ``ADDED``)
_STANCE_READERS = (("attitude", _attitude), ("stance", _stance_verb), ("motive", _motive), ("hedge", _doubt_mark),
                   ("timing", _timing), ("timing", _not_period), ("span", _span), ("obligation", _obliged),
                   ("concession", _conceding),
                   ("lapsed", _counterfactual), ("manner", _manner), ("description", _appositive),
                   ("restriction", _who_clause), ("restriction", _only_after), ("new condition", _new_condition),
                   ("cause", _purpose_of), ("precision", _exact),
                   ("habit", _every_time))
# words a heading or a label may not add either
_LABEL_READERS = (("attitude", _attitude), ("stance", _stance_verb), ("hedge", _doubt_mark), ("timing", _timing),
                  ("timing", _not_period))

ADDED.update({
    "attitude": ("E-PAGE-WORD-UNBACKED", "a word of the author's attitude (\"shockingly\", \"a mere\", \"rosier\", "
                 "\"fiasco\", \"spun\")",
                 "say what the claim says, as plainly as it says it, or cite the claim whose quote says the word"),
    "stance": ("E-PAGE-WORD-UNBACKED", "a verb of report that takes a side (\"conceded\", \"admitted\", \"insisted\", "
               "\"showed that\")",
               "say what the claim's speaker did as the claim does (\"said\"), or cite the claim whose quote says it"),
    "motive": ("E-PAGE-WORD-UNBACKED", "a motive given to a speaker for what it tells (\"prefers to publish\", "
               "\"would rather quote\")",
               "say what the speaker said as the claim does, or cite the claim whose quote gives the reason"),
    "timing": ("E-PAGE-WORD-UNBACKED", "a word that judges a time as late or early (\"finally\", \"running late\", "
               "\"only signed in\", \"as early as\")",
               "give the date as the claim gives it, or cite the claim that says it was late or early"),
    "span": ("E-PAGE-WORD-UNBACKED", "a whole span (\"throughout September\") where the claims give a time in it",
             "give the time as the claim gives it (\"in late September\"), or cite the claim that spans it"),
    "obligation": ("E-PAGE-WORD-UNBACKED", "an obligation (\"must\", \"have to\", \"are required to\")",
                   "say what the claim allows or states as it says it, or cite the claim that imposes it"),
    "concession": ("E-PAGE-WORD-UNBACKED", "a concession (\"despite\", \"in spite of\") that sets one claim "
                   "against another",
                   "give each claim on its own, or cite the claim that sets them against each other"),
    "manner": ("E-PAGE-WORD-UNBACKED", "a word of manner or intent (\"deliberately\", \"independently\")",
               "say what was done as the claim says it, or cite the claim whose quote says how"),
    "description": ("E-PAGE-WORD-UNBACKED", "a description of its own between commas (\", a city-owned company,\")",
                    "a description is a clause of its own: cut it, or cite the claim that says it"),
    "restriction": ("E-PAGE-WORD-UNBACKED", "a restriction (\"who live in the city\", \"cash only\")",
                    "name whom and what the claim names, as it names them, or cite the claim that restricts it"),
    "new condition": ("E-PAGE-HEDGE-DROPPED", "a condition other than the one its claim states",
                      "keep the claim's condition in its words (\"once new readers are installed\"), or cite the "
                      "claim that states yours"),
    "place": ("E-PAGE-WORD-UNBACKED", "a place (\"at Halden Quay\")",
              "name only the places the claims, the page's claims or the sources' records name, or cite the claim "
              "that names it"),
    "stress": ("E-PAGE-WORD-UNBACKED", "a verb of report stressed to doubt the report",
               "tell who says it plainly (\"Riders say\"), without emphasis"),
    "scoff": ("E-PAGE-WORD-UNBACKED", "a retort that mocks what a line before stated (\"Sure it will\", "
              "\"Yeah, right\")",
              "banter may react, never doubt a claim: cut the retort, or say plainly what the claim says"),
    "precision": ("E-PAGE-WORD-UNBACKED", "a word of precision on a figure (\"exactly\", \"precisely\")",
                  "give the figure as the claim gives it (\"an average of 31,000\"), or cite the claim that "
                  "says it is exact"),
    "habit": ("E-PAGE-WORD-UNBACKED", "a habit (\"every morning\")",
              "a claim that tells one time tells no habit: keep its date, or cite the claim that tells how often"),
})


def _first_read(readers, sentence: str, backing: list[str]) -> tuple[str, str] | None:
    """(kind, word) of the first reader, in order, that finds a word the sentence adds to what
    backs it (each reader: ``(sentence, backing) -> word or None``), or None."""
    for kind, read in readers:
        word = read(sentence, backing)
        if word:
            return kind, word
    return None


_Read = TypeVar("_Read", bound=Callable[..., Any])


def _remembered(read: _Read) -> _Read:
    """``read`` remembered by its texts (a bounded memo): the pages of a run, the report and the
    pre-flight ask the same sentence against the same claims again and again, and each asking
    runs every reader. The reading is a pure function of its arguments, and its answer a tuple
    of strings, which no caller can change."""
    @lru_cache(maxsize=4096)
    def kept(sentence: str, backing: tuple[str, ...], plan: bool, cited: int) -> tuple[str, str] | None:
        return read(sentence, list(backing), plan, cited)

    @wraps(read)
    def asked(sentence: str, backing: list[str], plan: bool = False, cited: int = 0) -> tuple[str, str] | None:
        texts = tuple(backing)
        try:
            hash((sentence, texts))
        except TypeError:  # something unhashable among the texts: read afresh
            return read(sentence, backing, plan, cited)
        return kept(sentence, texts, plan, cited)
    return cast(_Read, asked)


@_remembered
def added_words(sentence: str, backing: list[str], plan: bool = False, cited: int = 0) -> tuple[str, str] | None:
    """What a cited sentence says that none of what it cites says, as (kind, word): kind
    ``negation`` ("neither"), ``scope`` ("every route"), ``judgement`` ("the debunked figure"),
    or ``scale`` ("a record 38,500"; with ``plan``, "already"). Scope is one class: "all" is
    backed by "every"; ``cited``: how many claims the sentence cites ("each of the four" of four).
    One reading for the page gate, the report's gate and the pre-flight."""
    sentence, backing = _seen(sentence), [_seen(b) for b in backing]  # read as seen once: the checks below reread
    word = negation_added(sentence, backing)
    if word:
        return "negation", word
    scope = [w for w in scope_words(sentence, cited) if not _generic(sentence, w, backing)
             and not (w == "each" and _each_of_set(sentence, backing))]
    if scope and not any(_scope_backs(scope, b) for b in backing):
        return "scope", scope[0]
    widened = _scope_over_set(sentence, scope_words(sentence, cited), backing)
    if widened:
        return "scope", widened
    flipped = _antonym(sentence, backing) or _turned_subordinator(sentence, backing) or \
        _negation_dropped(sentence, backing)
    if flipped:
        return "antonym", flipped
    narrowed = _only_some(sentence, backing) or _other_than(sentence, backing)
    if narrowed:
        return "scope", narrowed
    added = _first_read((("hedge", hedge_added), ("speaker", _also_does), ("quantity", _quantity),
                         ("set", _set_dropped)), sentence, backing)
    if added:
        return added
    change = CHANGE.search(_seen(sentence))
    # a text that tells a change, or compares ("since", "extended"), backs one; "unchanged since
    # 2024" compares only to say nothing changed
    if change and not any(_backs_change(change.group(0), b) for b in backing):
        return "change", " ".join(change.group(0).lower().split())
    added = _first_read((("comparison", _compared_with), ("comparison", _ranked), ("multiplier", _multiplied)),
                        sentence, backing)
    if added:
        return added
    day = wrong_weekday(sentence)
    if day:
        return "weekday", day
    sure = _CERTAIN.search(sentence) if plan else None
    if sure and not any(_CERTAIN.search(b) for b in backing):
        return "certainty", " ".join(sure.group(0).lower().split())
    disputed = _DISPUTE.search(sentence)
    if disputed and not any(_DISPUTE.search(b) or _DISPUTE_BACKED.search(b) or denial(b) for b in backing):
        return "dispute", " ".join(disputed.group(0).lower().split())
    added = _first_read((("duration", _duration), ("lapsed", _lapsed), ("cause", _cause), ("deadline", _by_date),
                         ("temporary", _temporary_or_ended), ("month", _part_of_month), ("worth", _worth)), sentence, backing)
    if added:
        return added
    judged_report = _JUDGED_REPORT.search(sentence)
    if judged_report and not any(re.search(rf"\b{judged_report.group(0).split()[0]}", b, re.IGNORECASE)
                                 for b in backing):
        return "judgement", " ".join(judged_report.group(0).lower().split())
    # "unreliable", "wrong" also describe code; "confirmed" says someone vouched for a claim
    judged = [w for w in judge_words(sentence) if _VERDICT.match(w) or _ENDORSE.match(w)]
    if judged:
        said = {w[:6] for b in backing for w in judge_words(b)}
        if any(_ANY_FRAME.search(b) for b in backing):
            said |= {"そうだ", "そうです"}  # hearsay of a claim that reports ("記事によると"): "the article says", no doubt
        extra = [w for w in judged if w[:6] not in said]
        if extra:
            return "judgement", extra[0]
    scale = scale_words(sentence, plan)
    if scale:
        said_scale = {w for b in backing for w in scale_words(b, True)}
        extra = [w for w in scale if w not in said_scale]
        if extra:
            return "scale", extra[0]
    return _first_read(_STANCE_READERS, sentence, backing) or _meaning_turned(sentence, backing, cited)


# a verdict that says which claim is true ("bogus", "the real count"), not the words of a decision
# ("superseded", "corrected", "withdrawn", "kept as history")
_TRUTH_VERDICT = lazy(r"^(?:debunk|disprov|discredit|refut|bogus|fake|hoax|myth|unfounded|baseless|inflated|exaggerat|"
                      r"overstat|understat|supposed|purported|so-called|dubious|questionabl|alleged|real\s|true\s|"
                      r"actual\s|genuine\s)", re.IGNORECASE)


def slanted(sentence: str, backing: list[str]) -> tuple[str, str] | None:
    """(kind, word) of a decision's reason that takes a side its claims and quotes do not: a
    verdict on which claim is true ("the real count", "bogus"), a word of the author's attitude
    ("a mere"), a verb of report that takes a side ("let slip", "admitted") or a motive ("prefers
    to publish"). A reason may say why one claim replaces another ("the operator's date stands,
    the estimate is kept as history") and negate ("is not the operator's word"): that is what a
    reason is for, so the other rules of a page's sentence are not read here."""
    sentence, backing = _seen(sentence), [_seen(b) for b in backing]
    judged = [w for w in judge_words(sentence) if _TRUTH_VERDICT.match(w + " ")]
    said = {w[:6] for b in backing for w in judge_words(b)}
    extra = [w for w in judged if w[:6] not in said]
    if extra:
        return "judgement", extra[0]
    return _first_read((("attitude", _attitude), ("stance", _stance_verb), ("motive", _motive)), sentence, backing)


# "already" before a verb of saying or foreseeing ("The memory target proposal already anticipated a
# limit"): a document said it before another; the dates of the two documents say whether it did
_ALREADY_SAID = lazy(r"\b(?P<w>already)\s+(?:anticipated|foresaw|foreseen|predicted|proposed|suggested|noted|named|"
                     r"mentioned|described|discussed|considered|raised|flagged|warned|envisaged|envisioned|"
                     r"expected|said|stated|argued|listed|addressed|covered)\b", re.IGNORECASE, needs=("already",))


def already_said(text: str) -> tuple[int, int, str] | None:
    """An "already" that tells a document said something first ("The memory target proposal
    already anticipated a limit"): (start, end) of the word and the words before it in its
    clause (who said it), or None."""
    m = _ALREADY_SAID.search(_seen(text))
    if m is None:
        return None
    who = re.split(r"[,;:.!?()\[\]]", text[:m.start()])[-1]
    return m.start("w"), m.end("w"), who.strip()


# a judgement told as someone's ("What PEP 649 found wrong with strings", "The city calls the figure
# unreliable"): the speaker right before a verb of finding or saying, the word after it in the clause
_ATTRIBUTED = lazy(r"(?P<who>(?:[^\W_][\w'’-]*\s+){1,4}?)(?:found|finds?|says?|said|calls?|called|considers?|"
                   r"considered|thinks?|thought|sees?|saw|deems?|deemed|judges?|judged|argues?|argued)\s+"
                   r"(?P<rest>[^.;:!?]*)", re.IGNORECASE)
_WH = frozenset("what why how where when which who whom whose that the a an and but so".split())
# a text that states a problem: the speaker's own finding behind a judgement told as theirs
_PROBLEM = lazy(r"\b(?:problem\w*|flaw\w*|bugs?|buggy|issues?|wrong\w*|broken|fault\w*|defect\w*|drawbacks?|"
                r"shortcomings?|downsides?|pitfalls?|error-prone|mistak\w*|deficien\w*|incorrect\w*|"
                r"inconsisten\w*|unreliab\w*|fragile|fails?|failed|failures?|cannot|can['’]t|unable|"
                r"not\s+(?:permit|allow|work|possible|supported)\w*)\b", re.IGNORECASE)


def attributed(text: str, word: str) -> str | None:
    """The speaker a judgement ``word`` is told as coming from ("What PEP 649 found wrong with
    strings" -> "PEP 649"), or None when the text judges in its own voice ("Strings were wrong")."""
    seen = _seen(text)
    for m in _ATTRIBUTED.finditer(seen):
        if not re.search(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])", m.group("rest"), re.IGNORECASE):
            continue
        who = [w for w in m.group("who").split() if w.lower() not in _WH]
        if who:
            return " ".join(who)
    return None


# a verdict between claims in the author's own words ("the smaller one is the more reliable"): a
# cited sentence may repeat a quote's "reliable", framing gives no verdict at all
_RATED = lazy(r"\b(?:(?:more|most|less|least)\s+)?(?:reliable|trustworthy|credible|authoritative|dependable)\b|"
              r"\b(?:(?:is|are|was|were|be)\s+(?:the\s+)?(?:(?:more|most|less|least)\s+)?(?:accurate|correct|right)|"
              r"the\s+(?:(?:more|most)\s+)?(?:accurate|correct|right)(?=\s+(?:one|figure|number|count|answer|reading|"
              r"claim|estimate|version|side)\b)|(?:more|most|less|least)\s+(?:accurate|correct)|"
              # which count is newer ("the higher one is the more recent count", "the outdated figure")
              r"(?:more|most|less|least)\s+(?:recent|current|up[- ]to[- ]date)|newer|newest|latest|"
              r"out(?:dated|[- ]of[- ]date)|up[- ]to[- ]date|stale|fresher|freshest|"
              r"(?:the|is|are|was|were)\s+(?:older|oldest|earlier|later)(?=\s+(?:one|figure|number|count|answer|"
              r"reading|claim|estimate|version|side)\b))\b"
              r"(?!\s*(?:-|hand|now|away|here|there|after|before))",
              re.IGNORECASE, needs=("reliable", "trustworthy", "credible", "authoritative", "dependable", "accurate",
                                    "correct", "right", "recent", "current", "date", "newer", "newest", "latest",
                                    "outdated", "stale", "fresher", "freshest", "older", "oldest", "earlier",
                                    "later"))
# "which is correct is not for this page to say": a question left open rates nothing
_OPEN = lazy(r"\b(?:which|whether|neither|nor|not|cannot|no|if|who|never)\b|n['’]t\b|\?", re.IGNORECASE)


def rated(text: str) -> str | None:
    """A word that rates one claim over another ("the more reliable", "is the right one",
    "trustworthy"), lower case, or None: in framing it is a verdict the ledger's marks give."""
    seen = _seen(text)
    for m in _RATED.finditer(seen):
        clause = re.split(r"[,;:.!]", seen[:m.start()])[-1] + " ".join(re.split(r"[,;:.!]", seen[m.end():])[:1])
        if not _OPEN.search(clause):
            return " ".join(m.group(0).lower().split())
    return None


# framing that speaks of the page: what it shows, its figures, claims and sources
_PAGE_WORDS = lazy(r"\b(?:here|below|above|page|pages|shown|shows?|showing|follows?|following|next|first|then|"
                   r"figures?|counts?|numbers?|sources?|claims?|accounts?|reports?|answers?|sides?|questions?|"
                   r"documents?|proposals?|sections?|these|this|those|compare[sd]?|comparing|disagree\w*|agree\w*|"
                   r"differ\w*|both|each|either|neither)\b", re.IGNORECASE)
# a word that tells how things are in the world: "in practice", "still", "actually"
_ACTUALLY = lazy(r"\b(?:in\s+practice|in\s+fact|in\s+reality|in\s+truth|actually|really|still|always|never|"
                 r"usually|nowadays|these\s+days|today|anyway|regardless|effectively|de\s+facto|on\s+the\s+ground)\b|"
                 r"\b(?:is|are|was|were|has|have|had|does|do|did|will|would|can|cannot|can['’]t|must|won['’]t|"
                 r"doesn['’]t|don['’]t|isn['’]t|aren['’]t)\b", re.IGNORECASE)


def framing_states(text: str, topic: list[str]) -> str | None:
    """Framing that states how things are of what the page's claims speak of ("In practice, pass
    holders still buy paper tickets on the boats"), as the words that tell it, or None. Framing
    speaks of the page ("The two ridership figures disagree, and both are shown here"), asks
    ("Does W3 take the pass?"), names a topic ("Where the pass works") or links ("First the
    routes"): a sentence with none of the page's words, no question, two words or more the
    page's claims say, and a verb or a word of how things are ("still", "in practice"), is a
    fact no claim is cited for."""
    seen = _seen(text)
    if "?" in seen or _PAGE_WORDS.search(seen):
        return None
    first = _WORD_RE.match(seen.strip())
    if first and first.group(0).lower() in ("what", "why", "how", "where", "when", "which", "who", "whose"):
        return None
    told = _ACTUALLY.search(seen)
    if told is None:
        return None
    said = [w for w in _words_of(seen) if not _unsaid(w, topic)]
    if len(dict.fromkeys(said)) < 2:
        return None
    return " ".join(told.group(0).lower().split())


_WORD_RE = lazy(r"[^\W\d_]+")


def is_verdict(word: str) -> bool:
    """A judge word that says what became of a claim ("debunked", "withdrawn")."""
    return bool(_VERDICT.match(word))


def states_problem(text: str) -> bool:
    """Whether a text states a problem ("caused chronic problems", "is a flaw", "cannot")."""
    return bool(_PROBLEM.search(_seen(text)))


# the sense of a word of change: a heading's change is told by a claim of the same sense
_SENSES = {
    "up": lazy(r"\b(?:rose|risen|rises?|rising|grew|grown|grows?|growing|increas\w*|climb\w*|jump\w*|surg\w*|soar\w*|"
               r"(?:went|gone|go(?:es|ing)?)\s+up|rais(?:e|es|ed|ing))\b", re.IGNORECASE),
    "down": lazy(r"\b(?:fell|fallen|falls?|falling|drop(?:s|ped|ping)?|declin\w*|decreas\w*|plung\w*|shr[aiu]nk\w*|"
                 r"(?:went|gone|go(?:es|ing)?)\s+down|reduc\w*|cut(?:s|ting)?)\b", re.IGNORECASE),
    "gone": lazy(r"\b(?:drop(?:s|ped|ping)?|eliminat\w*|remov\w*|abolish\w*|scrap(?:s|ped|ping)?|discard\w*|"
                 r"abandon\w*|phas(?:e|es|ed|ing)\s+out|no\s+longer|got\s+rid|gets?\s+rid|dispens\w*\s+with)\b",
                 re.IGNORECASE),
    "added": lazy(r"\b(?:phas(?:e|es|ed|ing)\s+in|introduc\w*|add(?:s|ed|ing)?)\b", re.IGNORECASE),
    "past": lazy(r"\b(?:used\s+to|formerly|no\s+longer|any\s?more)\b", re.IGNORECASE),
}
_LABEL_STOP = _WH | frozenset("with from for and its their this these those into over under about".split())


def _senses(text: str) -> set[str]:
    return {k for k, rx in _SENSES.items() if rx.search(text)}


def change_told_by(label: str, word: str, claims: list[str]) -> bool:
    """A heading's change ``word`` ("What the try proposal keeps and drops") is told by one of
    ``claims`` (each a claim's text, quotes and its sources' titles, as one string): a word of
    the same sense ("eliminates", "removal" for "drops"; "rose" for "going up", never a bare
    "higher") and a word of what the heading speaks of ("proposal")."""
    senses = _senses(word)
    if not senses:
        return False
    said = {w.lower()[:4] for w in re.findall(r"[^\W\d_]{3,}", label.replace(word, " "))
            if w.lower() not in _LABEL_STOP} - {w.lower()[:4] for w in word.split()}
    for c in claims:
        seen = _seen(c)
        if senses & _senses(seen) and said & {w.lower()[:4] for w in re.findall(r"[^\W\d_]{3,}", seen)}:
            return True
    return False


# --- headings, labels and titles: what they say of the claims they stand over ---------------------

# a label that says something is so, not only what follows ("Pass works on W3", "W3: accepted"):
# a verb of being, taking or working, or a thing told as done
_STATES = lazy(r"\b(?:is|are|was|were|has|have|had|works?|takes?|accepts?|runs?|pays?|covers?|joins?|opens?|"
               r"starts?|gets?|goes|live|open|ready|active|working|accepted|taken|done|enabled|installed|fitted|"
               r"welcome[sd]?|valid|allowed|honou?red|usable|supported)\b",
               re.IGNORECASE)
# a comparative ("busier", "higher", "so much more") and a word of time ("this year", "now",
# "than before") together tell a change, whatever the sentence asks ("Why is the service so much
# busier this year?")
_COMPARATIVE = lazy(r"\b(?:(?!earlier\b|later\b)[^\W\d_]{2,}ier|higher|lower|bigger|smaller|larger|greater|"
                    r"cheaper|dearer|faster|slower|longer|shorter|better|worse|fuller|fewer|"
                    r"(?:much|far|so|ever|even)\s+(?:more|less))\b|\b(?:more|less)\s+(?:[^\W\d_]+\s+){0,2}?than\b",
                    re.IGNORECASE, needs=("ier", "higher", "lower", "bigger", "smaller", "larger", "greater", "cheaper",
                                          "dearer", "faster", "longer", "shorter", "better", "worse", "fuller",
                                          "fewer", "more", "less"))
_TIME_NOW = lazy(r"\b(?:(?:this|last|next|past)\s+(?:year|month|week|summer|winter|spring|autumn|season|time)|"
                 r"now(?:adays)?|these\s+days|today|lately|recently|than\s+(?:before|ever|last\s+[^\W\d_]+)|since|"
                 r"over\s+time|year[- ]on[- ]year|every\s+year)\b", re.IGNORECASE)


_PRESUMES = lazy(r"\W*(?:why|how\s+come|(?:when|how)\s+(?:did|has|have|had|was|were)|how\s+long\s+(?:has|have|had|did)|"
                 r"since\s+when|ever\s+since\s+when)\b", re.IGNORECASE)


_ASKED = lazy(r"[^?？.!。]*[?？]")


def unasked(text: str) -> str:
    """``text`` without the questions in it that only ask ("Inheritable by default or not? How
    PEP 446 overturned PEP 433" keeps "How PEP 446 overturned PEP 433"): a question tells
    nothing, so its "not" denies nothing; a "why" or "when did" question stays (``asks``)."""
    return _ASKED.sub(lambda m: " " if asks(m.group(0)) else m.group(0), text).strip()


def answer_turns(questions: list[str], backing: list[str]) -> bool:
    """Whether a "No" answers the page's question as its claims do: a question asks of a word
    ("Should descriptors be inheritable by default?") a claim says turned around by a prefix
    ("non-inheritable", "unsafe", "impossible"), and the question does not ask of that prefixed
    word itself ("Are descriptors non-inheritable by default?" is answered "yes" by it)."""
    asked: set[str] = set()
    for q in questions:
        for part in _ASKED.findall(_seen(q)):
            asked |= {w.lower() for w in re.findall(r"[^\W\d_][\w-]{3,}", part)}  # "non-inheritable" is one word
    if not asked:
        return False
    return any(m.group("word").lower() in asked for b in backing for m in _PREFIXED.finditer(_seen(b)))


def asks(text: str) -> bool:
    """A label that asks ("Does W3 take the pass?"): it tells nothing, unless it asks why or
    when and how a thing came about ("When did W3 start taking the pass?", "How long has W3
    taken it?"): those take what they ask about as so."""
    t = text.rstrip()
    return t.endswith(("?", "？")) and not _PRESUMES.match(_seen(t))


def change_told(text: str) -> str | None:
    """A word of change ("rose", "going up"), or a comparative with a word of time ("busier this
    year"), as written; None when ``text`` tells no change."""
    seen = _seen(text)
    m = CHANGE.search(seen)
    if m:
        return " ".join(m.group(0).lower().split())
    c = _COMPARATIVE.search(seen)
    t = (_TIME_NOW.search(seen, c.end()) or _TIME_NOW.search(seen)) if c else None  # "cheaper than before"
    if c and t:
        return " ".join(f"{c.group(0)} {t.group(0)}".lower().split())
    return None


def change_added(text: str, backing: list[str]) -> str | None:
    """The change ``text`` tells that none of ``backing`` tells or compares ("unchanged since
    2024" compares only to say nothing changed)."""
    word = change_told(text)
    if word is None or any(_backs_change(word, _seen(b)) for b in backing):
        return None
    return word


_ARROWS = "→⟶➔➜⇒↑↓⬆⬇↗↘▲▼⇧⇩"


def _backs_change(word: str, backing: str) -> bool:
    """Whether a claim's text or quote backs the change ``word``: one that tells a change, or
    compares ("since", "higher"); an arrow ("31,000 → 38,500" reads "went from ... to") only by
    one that tells a change, a comparison of two figures ("the higher figures") is no change."""
    if word in _ARROWS:
        return bool(CHANGE.search(backing.translate({ord(a): " " for a in _ARROWS})))
    return bool(CHANGE.search(backing) or _COMPARED.search(backing) and not _UNCHANGED.search(backing))


def label_plan_done(claim_text: str, label: str) -> str | None:
    """The hedge of a plan ("due to") that a heading, a label or a title standing over the claim
    tells as done: "Pass works on W3" over "Route W3 is due to accept the pass from 1 December".
    A label is too short for ``hedge_dropped``'s measure, so it is read by what it names: the
    plan's subject (a name with digits, "W3"), a word of what is planned ("pass"), and a word
    that says it is so ("works", "takes", "accepted"), with no hedge, future or date of its own.
    A question asks; a label that names ("W3 and the pass") tells nothing."""
    if asks(label) or not hedged(claim_text) or hedged(label):
        return None
    said, seen = _seen(claim_text), _seen(label)
    possible = modals(said)
    if _kept_otherwise(said, possible, seen):
        return None  # "Annotations can refer to locals", "Meant to run the collector less often"
    done = _schedule_told_done(said, seen)
    if done:
        return done
    if not possible and not _DONE_PAST.search(seen) and (_FUTURE.search(seen) or _dated(label)):
        return None  # "W3 follows in December": a timetable keeps the plan
    m = _MODAL.search(said) or _CLAIM_HEDGE.search(said) or _PLAN.search(said)
    if m is None:
        return None
    clause = _CLAUSE_BREAK.split(said[:m.start()])[-1]
    names = {w.lower() for w in _NAMED.findall(clause) if any(ch.isdigit() for ch in w)}
    if not names or not names <= {w.lower() for w in _NAMED.findall(seen)}:
        return None
    end = _CLAUSE_END.search(said, m.end())
    planned = _stems(said[m.end():end.start() if end else len(said)])
    mine = _stems(label)
    if not planned & mine:
        return None
    verb = next((w.lower()[:4] for w in re.findall(r"[^\W\d_]{4,}", said[m.end():])), "")
    if not (_STATES.search(seen) or _DONE_PAST.search(seen) or (verb and verb in mine)):
        return None
    return possible[0] if possible else " ".join(m.group(0).lower().split())


# what a claim plans, named by a noun before its word of plan ("installation scheduled for November")
_PLANNED_NOUN = lazy(r"\b(?P<noun>[^\W\d_]{5,})\s+(?:(?:is|was|are|were)\s+)?(?:scheduled|planned|set|due|expected|"
                     r"slated)\s+(?:for|to|in|on|from)\b", re.IGNORECASE)
_NOT_DONE = lazy(r"\b(?:be|being|to|not|yet|pending|awaiting|awaited|until|once|if|when)\s*$", re.IGNORECASE)


def label_noun_done(claim_text: str, label: str) -> str | None:
    """"Readers installed in November" over "installation scheduled for November 2026": a
    heading or label that tells, by the past participle of the planned noun's verb, what the
    claim plans as done, with no hedge of its own ("to be installed", "due", "set for"): the
    claim's word of plan, or None."""
    if asks(label) or hedged(label) or _FUTURE.search(_seen(label)):
        return None
    seen = _seen(label)
    for m in _PLANNED_NOUN.finditer(_seen(claim_text)):
        stem = m.group("noun").lower()[:5]
        for w in re.finditer(r"\b[^\W\d_]+(?:ed|en)\b", seen):
            if w.group(0).lower().startswith(stem) and not _NOT_DONE.search(seen[:w.start()]):
                return " ".join(m.group(0).lower().split()[1:])
    return None


_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
# a thing told as done: "were fitted", "has been installed", a bare participle after its noun
# ("W3 readers fitted in November"), or a state held since a time ("W3 live since November")
_DONE_WORD = lazy(r"\b(?:(?:was|were|has\s+been|have\s+been|had\s+been)\s+\w+(?:ed|en|t)|fitted|installed|"
                  r"completed|delivered|finished|opened|launched|switched\s+on|since)\b", re.IGNORECASE)
# a month the label names as when a thing happened, not as a plan's date ("for November")
_WHEN_MONTH = lazy(rf"(?<!\bfor\s)(?<!\bfrom\s)(?<!\buntil\s)(?<!\bby\s)(?<!\bbefore\s)(?<!\bafter\s)"
                   rf"\b{_MONTH}\b", re.IGNORECASE)


_GLUE = frozenset({"were", "have", "been", "with", "that", "this", "from", "into", "than", "they", "their"})


def _schedule_told_done(said: str, seen: str) -> str | None:
    """A plan's date told as the day a thing was done: "New W3 readers were fitted in November"
    over "installation scheduled for November 2026". The label tells a thing done and names, as
    when it happened, a month the claim schedules (the words after its "scheduled", "due to",
    "planned"), and shares the claim's names with digits and another word of it."""
    if not any(not _NOT_DONE.search(seen[:d.start()]) for d in _DONE_WORD.finditer(seen)):
        return None  # nothing told as done ("Readers to be installed in November" keeps the plan)
    for m in _PLAN.finditer(said):
        end = _CLAUSE_END.search(said, m.end())
        planned = said[m.end():end.start() if end else len(said)]
        months = {w.lower()[:3] for w in re.findall(rf"\b{_MONTH}\b", planned, re.IGNORECASE)}
        told = {w.lower()[:3] for w in _WHEN_MONTH.findall(seen)}
        if not months & told:
            continue
        names = {w.lower() for w in _NAMED.findall(seen) if any(ch.isdigit() for ch in w)}
        if not names <= {w.lower() for w in _NAMED.findall(said)}:
            continue
        month_stems = {w[:4] for w in told} | {w.lower()[:4] for w in re.findall(rf"\b{_MONTH}\b", seen, re.I)}
        rest = _stems(_DONE_WORD.sub(" ", seen)) - {n[:4] for n in names} - month_stems - _GLUE
        if names or rest & _stems(said):  # what the plan is of: its name ("W3") or another word
            return " ".join(m.group(0).lower().split())
    return None


def _plainly(claim_text: str, label: str) -> bool:
    """An unhedged claim says what a label says: every name with digits of the label ("W3") and
    half of its other words (by their first four letters) stand in it."""
    seen = _seen(label)
    names = {w.lower() for w in _NAMED.findall(seen) if any(ch.isdigit() for ch in w)}
    theirs = {w.lower() for w in _NAMED.findall(_seen(claim_text))}
    words = _stems(label) - {n[:4] for n in names}
    return names <= theirs and len(words & _stems(claim_text)) * 2 >= len(words)


def label_condition_dropped(claim_text: str, label: str) -> str | None:
    """The condition of a plain fact ("when travelling with a paying adult") that a heading, a
    label or a title standing over the claim drops: it says what the condition governs (the
    word right before it, "free", and another word of the claim) and none of the condition's words
    ("Kids ride free", "Free rides for children").
    A plan is judged by ``label_plan_done``; a question asks."""
    if asks(label) or hedged(claim_text):
        return None
    said, seen = _seen(claim_text), _seen(label)
    m = _CONDITION.search(said)
    if m is None or hedged(label) or _FUTURE.search(seen):
        return None
    rest = _stems(said[:m.start()] + " " + said[m.end():])
    cond = _stems(m.group("c")) - rest
    mine = _stems(label)
    if not cond or cond & mine:
        return None
    clause = _CLAUSE_BREAK.split(said[:m.start()])[-1]
    # the word the condition governs: the last of the clause before it ("free" of "ride free when
    # ..."), or, when the condition opens the claim, the last of the clause after it, what is said
    # of the subject ("3.40" of "If you pay on board, fares cost 3.40"; "ignored" of "If GOGC is
    # off, the memory target hint is ignored": a label naming the memory target states nothing)
    before = [w.lower()[:4] for w in _CONTENT.findall(clause) if w.lower() not in _CONDITION_STOP]
    after = [w.lower()[:4] for w in _CONTENT.findall(_SENTENCE_BREAK.split(said[m.end():])[0])
             if w.lower() not in _CONDITION_STOP]
    governed = before[-1] if before else after[-1] if after else ""
    if governed not in mine or not (rest & mine) - {governed}:
        return None  # "What a ride costs", "Children under twelve": it names, it does not state the fact
    return " ".join(m.group(0).split())


# scope words that quantify no noun of their own: "everyone rides free" scopes whatever it says
_SCOPE_ALONE = lazy(r"^(?:every(?:one|body|where|thing)|any(?:where|one)|always|universally|without\s+exception)$",
                    re.IGNORECASE)


def _scopes_over(label: str, word: str, topic: list[str]) -> bool:
    """A label's scope word bears on what the page tells: it stands alone ("everyone"), the label
    says something is so ("Every route takes the pass"), or the noun after it is one the page's
    claims speak of ("Every route, one fare"). "Census of every construct" scopes the page, not
    what its sources say."""
    if _SCOPE_ALONE.match(word) or _STATES.search(label) or any("\u3040" <= ch <= "\u9fff" for ch in word):
        return True  # 全航路, すべて: words run together, the noun after cannot be told apart
    i = label.lower().find(word)
    after = [w for w in re.findall(r"[^\W\d_]{4,}", label[i + len(word):] if i >= 0 else "")][:2]
    said = {w.lower()[:4] for t in topic for w in re.findall(r"[^\W\d_]{4,}", _seen(t))}
    return any(w.lower()[:4] in said for w in after)


# a heading that names a topic ("Where the pass works today", "What to do"): it says nothing is so
_WIDE = lazy(r"\b[^\W\d_]+-?wide\b", re.IGNORECASE)  # "fleet-wide", "citywide": a scope
_TOPIC = lazy(r"^\W*(?:what|where|how|when|who|which|whether)\b", re.IGNORECASE)


def label_states(label: str) -> str | None:
    """What a heading standing over no claim says all the same, as written: a verb of being or
    a thing told as done ("New readers fitted"), a word of scope ("fleet-wide"), change or
    negation; None for a topic ("Sources", "What to do", "Where the pass works today") and a
    question that only asks. Over no claim, nothing backs it."""
    if asks(label):
        return None
    seen = _seen(label)
    if not seen.rstrip().endswith(("?", "？")) and _TOPIC.match(seen):
        return None
    for rx in (_STATES, _DONE_PAST, _DONE, CHANGE, _NEG_WORDS):
        m = rx.search(seen)
        if m:
            return " ".join(m.group(0).lower().split())
    m = _WIDE.search(seen)
    if m:
        return m.group(0).lower()
    scope = scope_words(label)
    return scope[0] if scope else None


def label_says(label: str, claim_texts: list[str], backing: list[str], cited: int = 0,
               topic: list[str] | None = None, told: list[str] | None = None,
               whole: bool = True) -> tuple[str, str] | None:
    """What a heading, a label or a title says of the claims it stands over that they do not, as
    (kind, word): ``plan`` (a plan told as done), ``condition`` (a condition dropped), or
    ``scope``, ``scale`` (with a plan among them, "now", "already") or ``change`` as
    ``added_words`` finds them in a sentence; ``claim_texts``: the claims' own texts, ``backing``:
    those and their quotes; ``topic``: the texts of every claim the page or the script cites
    (what a word of scope may bear on); ``told``: for a heading, every claim the page cites, each
    its text, quotes and sources' titles as one string: a change one of them tells of what the
    heading speaks of is told (``change_told_by``); ``whole``: whether naming no member of a set a
    claim names one by one tells the whole (not for a column's header, whose rows name them). One
    reading for the page gate, the
    pre-flight and the podcast."""
    label, backing = _seen(label), [_seen(b) for b in backing]
    if not asks(label):
        scope = [w for w in scope_words(label, cited) if not _generic(label, w, backing)
                 and _scopes_over(label, w, backing + (topic or []))]
        if scope and not any(_SCOPE.search(b) for b in backing):
            return "scope", scope[0]
        wide = _WIDE.search(label)  # "Accepted fleet-wide.": a scope in one word
        if wide and not any(_SCOPE.search(b) or _WIDE.search(b) for b in backing):
            return "scope", wide.group(0).lower()
        narrowed = _only_some(label, backing) or _other_than(label, backing)
        if narrowed:
            return "scope", narrowed
        dropped = _label_whole(label, backing) if whole else None
        if dropped:
            return "set", dropped
    change = change_added(label, backing)
    if change and not (told and change_told_by(label, change, told)):
        return "change", change
    said = {w for b in backing for w in scale_words(b, True)}
    extra = [w for w in scale_words(label, any(hedged(t) for t in claim_texts)) if w not in said]
    if extra:
        return "scale", extra[0]
    # "W3 readers fitted in November; the pass works on W1, W2 and W3": each clause is read
    parts = [p for p in re.split(r"\s*;\s*", label) if p.strip()] if ";" in label else [label]
    for t in claim_texts:
        for part in parts:
            lost = label_plan_done(t, part) or label_noun_done(t, part)
            # another claim it stands over says it plainly ("W3 has taken the pass since 1 December")
            if lost and not any(not hedged(u) and _plainly(u, part) for u in claim_texts):
                return "plan", lost
        cond = label_condition_dropped(t, label)
        if cond:
            return "condition", cond
    return _first_read(_LABEL_READERS, label, backing) or label_turned(label, claim_texts, backing)


def reports(text: str) -> bool:
    """Whether a claim itself says that someone reported it ("X said ...")."""
    return bool(_REPORTING.search(_seen(text)))


# a claim that keeps a question a question: "asked whether", "wondered if", "a question", "?"
_ASKS = lazy(r"\b(?:asked|asks|ask|asking|wondered|wonders|enquired|inquired|queried|questioned|question|"
             r"questions)\b|\bwhether\b|[?？]", re.IGNORECASE)


def keeps_question(text: str) -> bool:
    """Whether a claim tells what it quotes as the question it is ("Councillor Okafor asked
    whether ridership had passed 35,000"), not as a statement ("... said ridership had passed")."""
    return _ASKS.search(text) is not None


class Cut(TupleRecord):
    kind: str  # "reporting" | "question" | "negation" | "plan"
    words: str  # the words before the quote (or the question mark) that say so


def sentence_start(text: str, start: int) -> int:
    """Where the sentence holding ``text[start]`` starts (at most a few hundred characters back)."""
    return _sentence_start(text, start)


def _sentence_start(text: str, start: int) -> int:
    """Where the sentence holding ``start`` begins (a line start or just after a full stop).
    A start past the text's end (a recorded span of a text that changed) reads from its end."""
    start = min(start, len(text))
    lo = max(0, start - _LOOKBACK)
    i = start - 1
    while i >= lo:
        ch = text[i]
        if ch == "\n":
            return i + 1
        if ch in _STOPS and (ch in "。！？" or i + 1 >= start or text[i + 1].isspace()):
            return i + 1
        i -= 1
    return lo


_CLOSERS = frozenset("\"'”’»」』)]*_")


def _sentence_end(text: str, end: int) -> str | None:
    """The stop that ends the sentence a quote was cut from (None at a line end or far away)."""
    rest = text[end:end + _LOOKBACK]
    for i, ch in enumerate(rest):
        if ch == "\n":
            return None
        nxt = rest[i + 1] if i + 1 < len(rest) else " "
        # a stop ends a sentence before a space or a closing mark; "`?`" is an operator in code
        if ch in _STOPS and (ch in "。！？" or nxt.isspace() or nxt in _CLOSERS) and rest[i - 1:i] != "`":
            return ch
    return None


def cut_context(text: str, start: int, end: int) -> Cut | None:
    """For a quote at ``text[start:end]`` that starts mid-sentence: what its sentence makes of it."""
    if not (0 <= start < end <= len(text)):
        return None
    before = text[_sentence_start(text, start):start].strip()
    if not before or not any(ch.isalpha() for ch in before):
        return None  # the quote starts its sentence (or only a bullet or a number comes before)
    tail = " ".join(before.split()[-_TAIL_WORDS:])
    if _DENIAL.search(tail) or _NEG_WORDS.search(tail):
        return Cut("negation", tail)
    if _QUESTION.search(tail):
        return Cut("question", tail)
    if _REPORTING.search(tail):
        return Cut("reporting", tail)
    told = _REPORTED_THAT.search(" ".join(before.split()))
    if told:
        return Cut("reporting", " ".join(told.group(0).split()))
    plan = _PLAN_BEFORE.search(" ".join(before.split()))
    if plan:
        return Cut("plan", " ".join(plan.group(0).split()))
    quote = text[start:end]
    if not quote.rstrip().endswith(("?", "？")) and _sentence_end(text, end) in ("?", "？"):
        return Cut("question", "?")
    return None


# words that open a condition on what comes before them in the same sentence ("travel free
# with a paying adult", "free if booked online"); after a comma only those that cannot open a
# clause of time or manner ("..., when the timetable starts" tells when, not whether)
_CONDITION_OPEN = lazy(r"(?:only\s+)?(?:if|unless|provided|providing|as\s+long\s+as|so\s+long\s+as|on\s+condition|"
                       r"except|when|once|with|without)\b", re.I)
_CONDITION_AFTER_COMMA = lazy(r"(?:only\s+)?(?:if|unless|provided|providing|as\s+long\s+as|so\s+long\s+as|"
                              r"on\s+condition|except)\b", re.I)
_CONDITION_SMALL = frozenset({"with", "without", "when", "once", "only", "unless", "provided", "providing", "long",
                              "condition", "except", "that", "they", "their", "them", "this", "those", "these",
                              "there", "have", "from", "into", "your"})


def condition_after(text: str, end: int) -> str:
    """The condition a quote ending at ``end`` was cut from, when the rest of its sentence opens
    with one ("... travel free" + "with a paying adult."), or ""."""
    if not (0 < end <= len(text)) or text[end - 1] in _STOPS:
        return ""
    rest = text[end:end + _LOOKBACK]
    stop = len(rest)
    for i, ch in enumerate(rest):
        if ch == "\n" or (ch in _STOPS and (i + 1 >= len(rest) or rest[i + 1].isspace() or ch in "。！？")):
            stop = i
            break
    rest = rest[:stop]
    body = rest.lstrip(" \t")
    if body.startswith(","):
        body = body[1:].lstrip()
        m = _CONDITION_AFTER_COMMA.match(body)
    elif body[:1].isalpha() and rest[:1] in (" ", "\t"):
        m = _CONDITION_OPEN.match(body)
    else:
        return ""
    return " ".join(body.split()) if m else ""


def keeps_condition(said: str, condition: str) -> bool:
    """Whether a claim's text keeps a condition: one of its words of substance (an adult, a
    booking) is in the claim."""
    words = {w for w in re.findall(r"[^\W\d_]{4,}", condition.lower()) if w not in _CONDITION_SMALL}
    low = said.lower()
    return not words or any(re.search(rf"\b{re.escape(w[:max(4, len(w) - 2)])}", low) for w in words)


# --------------------------------------------------------------------------- words that turn what a claim says
# (read by ``added_words`` after the readers above; kinds in ``ADDED``)

# a verb of ending, removal or cancelling ("cancelled", "leave the scheme", "снимут", 拆除, 廃止):
# what the claims tell as done or to come, told as undone; only a claim or quote that tells an
# ending backs it
_REVERSAL = lazy(r"\b(?:cancel(?:s|led|ed|ling|ing|lations?)?|scrap(?:s|ped|ping)?|abolish\w*|abolition|"
                 r"axe[ds]?|axing|revok\w*|revocation|rescind\w*|repeal\w*|annul\w*|suspend\w*|suspension|"
                 r"terminat\w*|discontinu\w*|dismantl\w*|decommission\w*|remov(?:e|es|ed|ing|al)|"
                 r"withdr[ae]w[ns]?\s+from|ditch(?:es|ed|ing)?|"
                 r"stop(?:ped|ping)|(?:will|would|to|shall|must|may|might)\s+stop|"
                 r"stops\s+(?:accepting|taking|running|working|selling|serving|operating|honou?ring)|"
                 r"call(?:s|ed|ing)?\s+off|pull(?:s|ed|ing)?\s+(?:out|the\s+plug)|shut(?:s|ting)?\s+down|"
                 r"clos(?:e|es|ed|ing)\s+down|t(?:ear|ears|ore|orn|earing)\s+(?:down|out)|rip(?:s|ped|ping)?\s+out|"
                 r"put\s+an\s+end\s+to|"
                 r"drop(?:s|ped|ping)?\s+(?:the|its|their)\s+(?:[^\W\d_]+\s+){0,2}(?:pass|scheme|programme|program|plan|"
                 r"project|contract|service|card|readers?)\b|"
                 r"(?:leav(?:e|es|ing)|left|quit(?:s|ting)?|exit(?:s|ed|ing)?|drop(?:s|ped|ping)?\s+out\s+of)\s+"
                 r"(?:the|its|their|this|that)\s+(?:[^\W\d_]+\s+)?(?:scheme|programme|program|network|system|"
                 r"agreement|contract|deal|plan|project|pass|arrangement)|"
                 r"сним\w*|снят\w*|снял\w*|отмен\w*|убер[уеё]\w*|убра\w*|упраздн\w*|прекрат\w*|прекращ\w*|"
                 r"демонтир\w*|демонтаж\w*|приостанов\w*|останов(?:ят|ит|или|ил|ила|лен\w*)|расторг\w*|"
                 r"ликвидир\w*|(?:выйд|выход|вышл|вышел)\w*\s+из|перестан\w*|перестал\w*)\b|"
                 r"拆除|拆掉|停用|取消|废除|廢除|撤销|撤銷|终止|終止|停止|撤除|移除|退出|暂停|暫停|中止|废止|廢止|撤掉|"
                 r"关停|關停|停运|停運|廃止|撤去|取り消|打ち切|取りやめ|取り止め|休止|解約|撤退|取り外|運休|廃線|終了",
                 re.IGNORECASE)
# ... and what tells an ending: a verb of it, or "no longer", "phase out", "ends"
_REVERSAL_BACKED = lazy(_REVERSAL.pattern + r"|\bno\s+longer\b|\bphas\w+\s+out\b|\bends?\b|\bended\b",
                        re.IGNORECASE)
# a word of a thing at a stop (停止していました, 停用, "stopped"), which a thing told off ("switched
# off", "out of service") backs
_STOPPED = lazy(r"^(?:停止|停用|休止|stopped|stopping|останов\w*|приостанов\w*)$", re.IGNORECASE)
_OFF = lazy(r"\b(?:switched|turned|shut)\s+off\b|\bout\s+of\s+(?:service|order|use)\b", re.IGNORECASE)


def _reversal(sentence: str, backing: list[str]) -> str | None:
    """"The W3 reader contract was cancelled in August" of "was signed in August"; 「W3航路のパスは
    廃止されます」 of "will accept": a verb of ending, removal or cancelling that no claim or quote
    tells, lower case, or None."""
    if any(_REVERSAL_BACKED.search(b) for b in backing):
        return None
    for m in _REVERSAL.finditer(sentence):
        if _STOPPED.match(m.group(0)) and any(_OFF.search(b) for b in backing):
            continue  # "停止していました" of "were switched off": the same state
        if not negated(" ".join(sentence[:m.start()].split()[-4:])):
            return " ".join(m.group(0).lower().split())
    return None  # "does not promise to stop it": the negation rules judge a negation


# a phrasal verb's particle and its opposite: "switched on" of "switched off"
_PARTICLES = {"on": "off", "off": "on", "up": "down", "down": "up", "in": "out", "out": "in"}
_PHRASAL = lazy(r"\b(?P<v>[^\W\d_]{3,})\s+(?P<p>on|off|up|down|in|out)\b", re.IGNORECASE)
# verbs whose particle names a place or a time, not a state ("rode on", "signed in August")
_NOT_PHRASAL = frozenset("is are was were be been being the and or but ride rides rode riding travel travels "
                         "travelled traveling travelling bought buy buys paid pay pays signed sign due set "
                         "scheduled".split())


def _particle_turned(sentence: str, backing: list[str]) -> str | None:
    """"The readers were switched on" of "were still switched off": a verb the sentence shares
    with its claims, told with the opposite particle (on/off, up/down, in/out) where no claim or
    quote says it with the sentence's own, as "switched on for switched off", or None."""
    hay = " ".join(backing)
    for m in _PHRASAL.finditer(sentence):
        verb, particle = m.group("v").lower(), m.group("p").lower()
        if verb in _NOT_PHRASAL:
            continue
        stem = re.escape(verb[:max(4, len(verb) - 3)])
        same = re.search(rf"\b{stem}\w*\s+{particle}\b", hay, re.IGNORECASE)
        other = re.search(rf"\b{stem}\w*\s+{_PARTICLES[particle]}\b", hay, re.IGNORECASE)
        if other and not same:
            if negated(" ".join(sentence[:m.start()].split()[-4:])):
                continue  # "weren't switched on" of "switched off": the same state; the negation rules judge it
            return f"{' '.join(m.group(0).lower().split())} for {' '.join(other.group(0).lower().split())}"
    return None


# a word of assurance on a figure or a finding ("audited", "verified", "по данным аудита", 审计, 監査):
# how a figure was checked is the claim's to say; each family is backed only by its own words
_ASSURANCE = (lazy(r"\baudit\w*|\bаудит\w*|\bаудир\w*|审计|審計|監査", re.IGNORECASE),
              lazy(r"\b(?:verified|certified|independently\s+(?:checked|confirmed|verified))\b|"
                   r"\b(?:проверенн|заверенн|удостоверенн)\w*|核实|核實|经核|經核|検証済|認証済", re.IGNORECASE))


def _assurance(sentence: str, backing: list[str]) -> str | None:
    """"City officers said the audited figures were summer peaks" of "the press figures": a word of
    assurance (an audit, a verification) no claim or quote cited gives, lower case, or None."""
    for said in _ASSURANCE:
        m = said.search(sentence)
        if m and not any(said.search(b) for b in backing):
            return " ".join(m.group(0).lower().split())
    return None


# who found it, opening a sentence: "The Ferry Ledger found ...", "The paper confirmed ..."
_FINDER = lazy(rf"{_OPENING_WHO}(?P<verb>found|finds|find|confirmed|confirms|verified|verifies|established|"
               r"establishes|showed|shows|shown|discovered|discovers|determined|proved|proves|checked|observed|"
               r"saw|sees|documented)\b", re.IGNORECASE)
# the one a report was told to: "Riders ... told The Ferry Ledger that ..."
_TOLD_TO = lazy(r"^\W*(?P<to>(?:[^\W\d_][\w'’.-]*\s+){0,4}?[^\W\d_][\w'’.-]*)\s+that\b", re.IGNORECASE)


def _head_stems(who: str) -> frozenset[str]:
    """The stems of a speaker's head ("Riders" of "Riders on route W3"): its words before a
    preposition."""
    head = re.split(r"\s(?:on|of|in|at|from|for|with|to)\s", " " + who + " ", maxsplit=1, flags=re.IGNORECASE)[0]
    return _stems(head) - _ANYONE


def _finder_swapped(sentence: str, backing: list[str]) -> str | None:
    """"The Ferry Ledger found the W3 readers still switched off" citing "Riders ... told The Ferry
    Ledger that ...": a sentence citing a reported claim that names as its finder or speaker someone
    other than the claim's speaker (the one the report was told to, or one the claims name
    nowhere), without naming the claim's speaker. None otherwise."""
    told = _stems(sentence)
    # the reports the sentence restates: half the words of what is reported stand in it
    frames = [got for b in backing if (got := _frame(b)) and (body := _stems(got[2])) and
              len(body & told) * 2 >= len(body)]
    if not frames:
        return None
    m = _FINDER.match(_seen(sentence))
    who = m.group("who") if m else _speaker(sentence)
    if not who:
        return None
    mine = _stems(who) - _ANYONE
    theirs = [_head_stems(got[0]) for got in frames]
    if not mine or any(mine & t or t & _stems(sentence) for t in theirs):
        return None  # the claim's speaker says or finds it ("Riders found ...", "The paper says riders saw ...")
    if any(_AUTHOR.search(_seen(who)) and _DOCUMENT.search(_seen(got[0])) or
           _DOCUMENT.search(_seen(who)) and _AUTHOR.search(_seen(got[0])) for got in frames):
        return None  # a document speaks with its author's words
    told_to: set[str] = set()
    for got in frames:
        t = _TOLD_TO.match(got[2]) if re.search(r"\b(?:told|tells?|telling)$", got[1], re.IGNORECASE) else None
        if t:
            told_to |= _stems(t.group("to"))
    rest = set().union(*(_stems(b) for b in backing if not _frame(b)), *(_stems(got[2]) - told_to for got in frames))
    if m is None and mine & rest:
        return None  # another the claims name says it: ``speaker_swapped`` judges that on the page
    verb = m.group("verb").lower() if m else "says"
    return f"{' '.join(who.split())} {verb} for {' '.join(frames[0][0].split())}"


def _meaning_turned(sentence: str, backing: list[str], cited: int = 0) -> tuple[str, str] | None:
    """(kind, word) of a word that turns what the claims say (an ending, a particle turned, an
    assurance, another finder, a period, "without" a thing they tell done; citing two claims or
    more, a cause joining them), or None."""
    got = _first_read((("reversal", _reversal), ("antonym", _particle_turned), ("assurance", _assurance),
                       ("speaker", _finder_swapped), ("period", _period_added), ("negation", without_done)),
                      sentence, backing)
    if got is None and cited > 1:
        word = _cause_joined(sentence, backing)
        return ("cause", word) if word else None
    return got


# a period on what a figure prices or counts ("a monthly pass", "an annual fare"): a rate the
# claims do not give; each is backed only by its own unit of time
_PERIODIC = lazy(r"\b(?P<w>monthly|weekly|daily|annual|yearly|quarterly|fortnightly|hourly|nightly|season)\s+"
                 r"(?:[^\W\d_]+\s+){0,2}?(?:pass(?:es)?|tickets?|fares?|cards?|passes|subscriptions?|"
                 r"pric(?:e|es|ing)|costs?|charges?|rates?)\b", re.IGNORECASE)
_PERIOD_UNIT = {"monthly": r"month", "weekly": r"week(?!day)", "daily": r"(?:dai|day)", "annual": r"(?:annual|year)",
                "yearly": r"(?:annual|year)", "quarterly": r"quarter", "fortnightly": r"fortnight", "hourly": r"hour",
                "nightly": r"night", "season": r"season"}


def _period_added(sentence: str, backing: list[str]) -> str | None:
    """"A monthly pass bought on board is 3.40 marks" of "a single adult fare costs 3.40 marks":
    a period on what is priced or counted that no claim or quote gives, lower case, or None."""
    for m in _PERIODIC.finditer(sentence):
        unit = _PERIOD_UNIT[m.group("w").lower()]
        if not any(re.search(rf"\b{unit}", b, re.IGNORECASE) for b in backing):
            return " ".join(m.group(0).lower().split())
    return None


# "ride without paying" of "carry another way to pay": "without" and a verb the claims tell done
_WITHOUT_ING = lazy(r"\bwithout\s+(?P<v>[^\W\d_]{2,}?)ing\b", re.IGNORECASE)
_LACK_SAID = lazy(r"\b(?:free|without|no\s+charge|not|no|never|cannot|can['’]t|don['’]t|doesn['’]t)\b", re.IGNORECASE)


def without_done(sentence: str, backing: list[str]) -> str | None:
    """"Just ride without paying" of "should carry another way to pay": "without" and a verb the
    claims or quotes tell plainly, where none of them says a lack ("free", "without", a
    negation), lower case, or None."""
    if any(_LACK_SAID.search(b) for b in backing):
        return None
    for m in _WITHOUT_ING.finditer(_seen(sentence)):
        stem = m.group("v").lower()[:4]
        if len(stem) >= 3 and any(re.search(rf"\b{re.escape(stem)}", b, re.IGNORECASE) for b in backing):
            return " ".join(m.group(0).lower().split())
    return None


# a cause joining two clauses: ", so riders say ...", "because", "which is why", ", therefore"
_JOINED_CAUSE = lazy(r"(?:[,;:—–]\s*(?:and\s+)?(?P<c>so|therefore|hence|thus|consequently|as\s+a\s+result)\b"
                     r"(?!\s+(?:that|far|much|many|long|too|as)\b)|\b(?P<b>because)\b(?!\s+of\b)|"
                     r"\b(?P<w>(?:which|that)\s+is\s+why|that['’]s\s+why))", re.IGNORECASE)
_CAUSE_SAID = lazy(r"\b(?:so|because|therefore|hence|thus|consequently|result\w*|due\s+to|owing\s+to|caus\w*|"
                   r"why|since|lead\w*\s+to|led\s+to|reason\w*)\b", re.IGNORECASE)


def _cause_joined(sentence: str, backing: list[str]) -> str | None:
    """"The contract was signed in August[3], so riders say the readers were off[4]": a cause
    joining two clauses where no claim or quote tells a cause with words of both (two words of
    four letters or more of each side), lower case, or None."""
    for m in _JOINED_CAUSE.finditer(sentence):
        before, after = _stems(sentence[:m.start()]), _stems(sentence[m.end():])
        if not before or not after:
            continue
        if any(_CAUSE_SAID.search(b) and len(_stems(b) & before) >= 2 and len(_stems(b) & after) >= 2
               for b in backing):
            continue
        return " ".join(m.group(0).strip(",;:—– ").lower().split())
    return None


# a state of working, over a plan ("Readers ordered and live" over "installation scheduled for
# November"): a thing told as in service that the claims plan
_LIVE = lazy(r"\b(?:live|in\s+service|in\s+use|working|operational|up\s+and\s+running|switched\s+on|active|"
             r"in\s+place|online)\b", re.IGNORECASE)


def label_turned(label: str, claim_texts: list[str], backing: list[str]) -> tuple[str, str] | None:
    """(kind, word) of what a heading, a title or a link that does not only ask ("Why did route W3
    drop the Tidewater Pass?" takes what it asks about as so) turns of the claims it stands over:
    an ending none of them tells, or a thing told in service over a claim that plans it
    ("Readers ordered and live"), or None."""
    seen = _seen(label)
    if asks(seen):
        return None
    word = _reversal(seen, backing)
    if word:
        return "reversal", word
    m = _LIVE.search(seen)
    if m and not negated(" ".join(seen[:m.start()].split()[-3:])) and not any(_LIVE.search(b) for b in backing) and \
            any(hedged(t) or _PLANNED_NOUN.search(_seen(t)) for t in claim_texts):
        return "scale", m.group(0).lower()
    return None


# how a ride is paid for, told of a route: "wave you through without a ticket", "ride free"
_FARE_TOLD = lazy(r"\bwithout\s+(?:a\s+|any\s+)?(?:ticket|paying|payment|fare|pass)\b|"
                  r"\b(?:ride|rides|riding|travel|travels|go|goes)\s+(?:for\s+)?free\b|\bfor\s+free\b|"
                  r"\bfree\s+of\s+charge\b|\bwaves?d?\s+(?:\w+\s+)?through\b|\bno\s+(?:ticket|fare)s?\s+needed\b",
                  re.IGNORECASE)


def fare_told(text: str) -> str | None:
    """Words that tell how a ride is paid for ("without a ticket", "ride free", "wave you
    through"), lower case, or None: a line that names a route with them states a fact."""
    m = _FARE_TOLD.search(_seen(text))
    return " ".join(m.group(0).lower().split()) if m else None


ADDED.update({
    "period": ("E-PAGE-WORD-UNBACKED", "a period on what is priced or counted (\"a monthly pass\", \"an annual "
               "fare\")", "name what the claim prices as it names it, or cite the claim that gives the period"),
    "reversal": ("E-PAGE-WORD-UNBACKED", "a verb of ending, removal or cancelling (\"cancelled\", \"leave the "
                 "scheme\", \"removed\")",
                 "say what the claim says was done or is to come, or cite the claim that tells it ended"),
    "assurance": ("E-PAGE-WORD-UNBACKED", "a word of assurance (\"audited\", \"verified\") on what the claims "
                  "give without it",
                  "say how a figure was checked only as its claim says it, or cite the claim whose quote says so"),
})
