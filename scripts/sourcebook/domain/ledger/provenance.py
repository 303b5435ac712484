"""A claim says no more than its evidence: the rules that read a claim's own text.

One reading, two callers: ``sb claim add``/``import``/``narrow`` store the claim and warn
(``W-``), and the gate refuses (``E-``) or lists the claim for review. The rules:

- **figure**: every figure and date in the claim's text occurs in its evidence quotes (all
  parts; ``as_of`` is not backing), compared by meaning (``engines.text.figures.unbacked``);
- **ambiguous**: no ambiguous numeric date (01.11.2026) in a claim's text, ever;
- **inferred**: an ``inferred`` claim (the author's own inference) carries no figure, date,
  amount or quotation; a name of one of the workspace's sources is none ("the 2018 draft" of a
  source dated 2018 whose title says "Draft", "PEP 563" of the source whose header states it:
  ``engines.ledger.source_names``);
- **splice**: the parts of a multi-part quote stay within one paragraph of the source (no blank
  line and no heading line between them);
- **asof**: ``as_of`` is not later than every evidence source's published or retrieved date,
  unless a source states that very date;
- **asofearly**: ``as_of`` is not earlier than every evidence source's publication date (its
  ``published_at``, or the dateline near the top of its text: "Updated 14 October 2026",
  "The Ferry Ledger, 2 October 2026."), unless a quote states a date no later than ``as_of`` (a
  source cannot speak for a day before it was written unless it says so);
- **asofquote**: when a quote states its own as-of date ("as of 14 October 2026"), ``as_of``
  is one of the dates the quotes state so (a claim cannot be true as of a day its source
  does not speak for);
- **asofdropped**: a claim each of whose evidence items dates what it says ("accepted on routes
  W1 and W2 as of 14 October 2026") is ``volatile`` (the page shows its moving mark and as-of
  date), or states a date in its own text ("As of 14 October 2026, ..."): its sources say it can
  change (a reason given to settle it is the author's word; a source stating it undated settles it);
- **recheckhost**: a ``recheck`` URL (the reader's way to see whether the claim still holds) is
  on the host of one of its evidence sources' addresses (or of a ``same_as`` edition's), when
  any of them has one;
- **notes**: the claim's ``notes`` (shipped in every package's ledger.json) state no figure or
  date its quotes do not (``unbacked_author_text``: the same reading backs a retraction's or a
  decision's reason and a source's attestation);
- **question**: a ``verified`` claim's quote is not cut from a question ("asked whether ...",
  a sentence ending in "?"): a question states nothing, and no ack answers it; a claim of any
  confidence cut from a question keeps the question ("asked whether", "?"): "said ridership had
  passed 35,000" of "asked whether ridership had passed 35,000" tells a question as a statement;
- **reported**: a ``verified`` claim whose quote is cut right after a verb of report ("The
  authority says the pass works on every route"), or is the whole report ("Riders told The
  Ferry Ledger that ..."), says who said it ("The authority says ..."): the source vouches for
  the report, not for the fact;
- **negation**, **hedge**, **cut**, **proposed** (review only, never a refusal): the claim and
  a quote disagree on negation (a "not" only in the quote's reason, "as ... is not reliable",
  that the claim leaves out, aside), a quote hedges and the claim does not, a quote is cut from
  a sentence that reports, asks or denies it, or a quote proposes what the claim tells as
  decided ("I propose that we pick 50%" as "The proposal picks 50%"). ``sb claim ack CLM --reason`` records that someone
  looked; the ack names the flags it silences (``Flag.key``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...base.errors import Finding
from ...base.patterns import lazy
from ...base.record import TupleRecord
from ...engines.ledger.source_names import HEAD as _HEAD
from ...engines.ledger.source_names import doc_ids, names_cited_id, names_source
from ...engines.ledger.source_names import names_itself as _names_itself
from ...engines.ledger.source_names import published as _published
from ...engines.text import stance
from ...engines.urls import web_host


class Flag(TupleRecord):
    rule: str  # one of REFUSED or REVIEW
    message: str  # what is wrong, naming the figure, quote or date
    key: str = ""  # review flags: what an ack records to silence this very flag


REFUSED = ("figure", "ambiguous", "inferred", "splice", "asof", "asofquote", "asofdropped", "notes", "noteswords", "recheckhost", "asofearly", "question",
           "reported", "condition", "plan", "translation", "widened")
REVIEW = ("negation", "hedge", "cut", "words", "proposed")
ERROR = {"figure": "E-CLAIM-FIGURE", "ambiguous": "E-CLAIM-DATE-AMBIGUOUS", "inferred": "E-CLAIM-INFERRED",
         "splice": "E-QUOTE-SPLICE", "asof": "E-CLAIM-ASOF-LATE", "asofquote": "E-CLAIM-ASOF-QUOTE",
         "asofdropped": "E-CLAIM-ASOF-DROPPED",
         "notes": "E-AUTHOR-TEXT-FIGURE", "noteswords": "E-AUTHOR-TEXT-WORD", "recheckhost": "E-CLAIM-RECHECK-HOST",
         "asofearly": "E-CLAIM-ASOF-EARLY", "question": "E-CLAIM-QUESTION", "reported": "E-CLAIM-REPORTED",
         "condition": "E-CLAIM-CONDITION", "plan": "E-CLAIM-PLAN", "translation": "E-CLAIM-TRANSLATION",
         "widened": "E-CLAIM-WIDENED"}
WARNING = {"figure": "W-CLAIM-FIGURE", "ambiguous": "W-CLAIM-DATE-AMBIGUOUS", "inferred": "W-CLAIM-INFERRED",
           "splice": "W-QUOTE-SPLICE", "asof": "W-CLAIM-ASOF-LATE", "asofquote": "W-CLAIM-ASOF-QUOTE",
           "asofdropped": "W-CLAIM-ASOF-DROPPED",
           "notes": "W-AUTHOR-TEXT-FIGURE", "noteswords": "W-AUTHOR-TEXT-WORD", "recheckhost": "W-CLAIM-RECHECK-HOST",
           "asofearly": "W-CLAIM-ASOF-EARLY", "question": "W-CLAIM-QUESTION", "reported": "W-CLAIM-REPORTED",
           "condition": "W-CLAIM-CONDITION", "plan": "W-CLAIM-PLAN", "negation": "W-CLAIM-NEGATION",
           "hedge": "W-CLAIM-HEDGE", "cut": "W-CLAIM-CUT", "words": "W-CLAIM-FIGURE-WORDS",
           "proposed": "W-CLAIM-PROPOSED", "translation": "W-CLAIM-TRANSLATION", "widened": "W-CLAIM-WIDENED"}

TextOf = Callable[[Any], "str | None"]  # source id -> canonical text (None when unknown)
RecordOf = Callable[[Any], "Mapping | None"]  # source id -> source record
SourcesOf = Callable[[], "Iterable[str]"]  # the workspace's source ids

# quotation marks around quoted words: “…”, "…", «…», 「…」, 『…』, „…“
_QUOTATION = lazy(r"“[^”\n]+”|\"[^\"\n]+\"|«[^»\n]+»|「[^」\n]+」|『[^』\n]+』|„[^“”\n]+[“”]",
                  needs=("“", '"', "«", "「", "『", "„"))
_HEADING = lazy(r"\n[ \t]*#{1,6}[ \t]")  # a heading line
_BLANK = lazy(r"\n[ \t]*\n")  # a blank line
_DATE_PREFIX = lazy(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?")


def _int(v: object) -> bool:
    return type(v) is int


def _clip(s: str, n: int = 50) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def evidence_items(claim: Mapping) -> list[dict]:
    ev = claim.get("evidence")
    return [e for e in ev if isinstance(e, dict)] if isinstance(ev, list) else []


def _parts(ev: Mapping) -> list[Mapping] | None:
    parts = ev.get("parts")
    if isinstance(parts, list) and parts and all(isinstance(p, Mapping) for p in parts):
        return parts
    return None


def quotes(ev: Mapping, text: str | None) -> list[str]:
    """What one evidence item quotes: its parts, its quote, or (redacted) the text it spans."""
    parts = _parts(ev)
    if parts is not None:
        return [p["quote"] for p in parts if isinstance(p.get("quote"), str)]
    q = ev.get("quote")
    if isinstance(q, str) and q.strip():
        return [q]
    s, e = ev.get("start"), ev.get("end")
    if text is not None and _int(s) and _int(e) and 0 <= s < e <= len(text):  # type: ignore[operator]
        return [text[s:e]]  # type: ignore[index]
    return []


def unbacked_author_text(text: object, backing: list[str]) -> list[str]:
    """The figures and dates (as written) of text an author wrote beside checked quotes (a
    claim's notes, a retraction's or a decision's reason, an attestation) that no backing text
    states, compared by meaning; a small number in words counting nothing named is language."""
    from ...engines.text import figures

    if not isinstance(text, str) or not text.strip() or not figures.find_figures(text):
        return []
    return [f.written for f in figures.unbacked(text, backing) if not figures.small_word(f, text)]


def _shown(written: list[str]) -> str:
    return ", ".join(repr(w) for w in written[:3]) + (" ..." if len(written) > 3 else "")


def _notes_flags(claim: Mapping, text_of: TextOf) -> list[Flag]:
    backing = [q for ev in evidence_items(claim) for q in quotes(ev, _text_if_redacted(ev, text_of))]
    bad = unbacked_author_text(claim.get("notes"), backing)
    if bad:
        return [Flag("notes", f"its notes state {_shown(bad)}, which none of its quotes states; notes ship in the "
                              "package's ledger.json beside the checked quote: `sb claim set "
                              f"{claim.get('id')} --notes \"...\"` without it, or cite a quote that states it")]
    # beside a checked quote the notes read as the claim's sentence; an inference's notes are the
    # author's word beside the author's word ("No source; author's synthesis.")
    said = author_words(claim.get("notes"), [str(claim.get("text") or ""), *backing], page=True) if backing else None
    if said:
        return [Flag("noteswords", f"its notes say {said[1]!r}, {stance.ADDED[said[0]][1]} that neither the claim "
                                   "nor its quotes say; notes ship in the package's ledger.json beside the checked "
                                   f"quote and are read as a page's sentence is: `sb claim set {claim.get('id')} "
                                   "--notes \"...\"` without it, or cite a quote that says it")]
    return []


def author_words(text: object, backing: list[str], *, page: bool = False) -> tuple[str, str] | None:
    """(kind, word) of the first sentence of author text that says what ``backing`` does not:
    with ``page`` every rule of a page's cited sentence (a claim's notes stand beside its quote as
    a sentence of the claim's), else only the side a decision's reason may not take
    (``stance.slanted``)."""
    from ...engines.text.sentences import split_sentences

    if not isinstance(text, str) or not text.strip():
        return None
    for sentence in (s.text for s in split_sentences(text)):
        said = stance.added_words(sentence, backing, cited=1) if page else stance.slanted(sentence, backing)
        if said:
            return said
    return None


def _source_hosts(rec: Mapping | None) -> set[str]:
    if not rec:
        return set()
    urls = [rec.get("url"), rec.get("canonical_locator"), rec.get("locator")]
    fetch = rec.get("fetch")
    if isinstance(fetch, Mapping):
        urls.append(fetch.get("final_url"))
    return {h for h in map(web_host, urls) if h}


def _recheck_flags(claim: Mapping, record_of: RecordOf) -> list[Flag]:
    host = web_host(claim.get("recheck"))
    if host is None:
        return []  # none, or not http(s): the volatility gate says so
    hosts: set[str] = set()
    for sid in dict.fromkeys(ev.get("source_id") for ev in evidence_items(claim)):
        rec = record_of(sid)
        hosts |= _source_hosts(rec)
        twin = rec.get("same_as") if rec else None
        if isinstance(twin, str) and twin != sid:
            hosts |= _source_hosts(record_of(twin))
    if not hosts or host in hosts:
        return []
    return [Flag("recheckhost", f"its recheck link goes to {host}, which is the address of none of its sources "
                                f"({', '.join(sorted(hosts))}); a reader follows it to see whether the claim still "
                                f"holds: `sb claim set {claim.get('id')} --recheck` a page of the source's site")]


def _figure_flags(claim: Mapping, text_of: TextOf, record_of: RecordOf | None = None,
                  sources: SourcesOf | None = None) -> list[Flag]:
    from ...engines.text import figures

    text = str(claim.get("text", ""))
    out = [Flag("ambiguous", f"{f.written!r} in the claim's text is a numeric date that reads two ways "
                             "(day.month or month.day); write it as 2026-11-01 or 1 November 2026")
           for f in figures.ambiguous(text)]
    evs = evidence_items(claim)
    if evs:
        backing = [q for ev in evs for q in quotes(ev, _text_if_redacted(ev, text_of))]
        for f in figures.unbacked(text, backing):
            if f.kind == "date" and _states_as_of(text, f, claim.get("as_of")):
                continue  # "As of 19 November 2019, ..." states the claim's own as_of
            sids = [ev.get("source_id") for ev in evs]
            if names_cited_id(text, f, sids, text_of, record_of):
                continue  # "PEP 563 proposes ..." of a quote from PEP 563 ("this PEP"), "KEP-5343 ..."
            if record_of is not None and f.kind == "date" and names_source(text, f, sids, text_of, record_of):
                continue  # "The 2016 alias proposal ..." of a source dated 2016: its name, as on a page
            if f.spelled or f.kind in ("ident", "relative"):
                # a number in words, a name with digits or a relative date: a reader's review,
                # never a refusal (a claim may say "three travellers" of a quote listing them)
                out.append(Flag("words", f"{f.written!r} in the claim's text is a figure its quotes do not "
                                         "state in any form; check the quotes back it", _words_key("figure", f.written)))
            elif f.kind != "ambiguous":
                what = "date" if f.kind == "date" else "figure"
                out.append(Flag("figure", f"the {what} {f.written!r} in the claim's text occurs in none of its "
                                          "quotes; quote the words that state it, or narrow the text to what "
                                          "the quotes say"))
        from ...engines.text.quotations import unbacked_quotations

        for q in unbacked_quotations(text, backing):
            out.append(Flag("words", f"the claim's text sets {_clip(q.text, 40)} in quotation marks, but no quote "
                                     "of it has those words; quote the source word for word", _words_key("quote", q.text)))
    if claim.get("confidence") == "inferred":
        # "the 2018 draft", "PEP 563": a name of one of the workspace's sources states no fact
        sids = list(sources()) if sources is not None and record_of is not None else []
        said = [f.written for f in figures.stated(text) if f.kind != "ambiguous"
                and not (sids and record_of is not None and names_source(text, f, sids, text_of, record_of, titled=True))]
        said += [m.group(0) for m in _QUOTATION.finditer(text)]
        if said:
            shown = ", ".join(repr(_clip(s, 30)) for s in said[:3]) + (" ..." if len(said) > 3 else "")
            out.append(Flag("inferred", f"an inferred claim states {shown}; an inference carries no figure, date, "
                                        "amount or quotation: cite the claim that states it, or say it without"))
    return out


# a name in a claim's text: a capitalised word that does not open a sentence ("the reports by
# Twitch", "Tidewater"); months and weekdays are dates, the figures' to judge. Japanese and
# Chinese put no space between words, so a Latin name ends where kana or Han begin ("PCの設定画面",
# "Kで起動する", "アプリKindle"): a word character here is one of no such script
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFF66, 0xFF9F), (0xAC00, 0xD7AF))
_CJK = "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES)  # a character class's ranges
_NAME = lazy(rf"(?<![^\W{_CJK}]|['’])([A-ZÀ-ÖØ-ÞА-ЯЁ](?:[^\W{_CJK}]|['’-])*[^\W{_CJK}])")
_OPENS = lazy(r"(?:^|[.!?:;]\s+|[\"“(«]\s*)$")


def _opens_word(text: str, start: str) -> bool:
    """``start`` occurs in ``text`` where a word begins: after no word character, or after kana,
    Han or Hangul (``_CJK``). A search per name, not a pattern: each would be compiled afresh."""
    i = text.find(start)
    while i >= 0:
        if i == 0:
            return True
        c = text[i - 1]
        if not (c.isalnum() or c == "_") or any(lo <= ord(c) <= hi for lo, hi in _CJK_RANGES):
            return True
        i = text.find(start, i + 1)
    return False
_CALENDAR = frozenset("january february march april may june july august september october november december "
                      "monday tuesday wednesday thursday friday saturday sunday".split())


# Acronyms of public bodies and measures that other languages write their own way: a claim in
# English naming "GDP" translates a quote's "PIB" (Spanish, French, Portuguese), "BIP", "ВВП".
_ACRONYMS = {
    "gdp": ("pib", "bip", "pil", "ввп", "国内総生産", "国内生产总值"),
    "eu": ("ue", "ес", "欧州連合", "欧盟"),
    "un": ("onu", "оон", "国連", "联合国"),
    "nato": ("otan", "нато", "北大西洋条約機構", "北约"),
    "who": ("oms", "воз", "世界保健機関", "世界卫生组织"),
    "imf": ("fmi", "iwf", "мвф", "国際通貨基金", "国际货币基金组织"),
    "vat": ("iva", "tva", "mwst", "ндс", "付加価値税", "增值税"),
}


def _whole_word(text: str, word: str) -> bool:
    """``word`` stands in ``text`` as a word of its own ("pib", never the start of "pibe"); a
    word in Han or kana is found anywhere, as those scripts put no space between words."""
    from ...engines.text.quotations import occurs_as_word

    if any(lo <= ord(word[0]) <= hi for lo, hi in _CJK_RANGES):
        return word in text
    return occurs_as_word(word, text)


def _name_flags(claim: Mapping, text_of: TextOf, record_of: RecordOf) -> list[Flag]:
    """A name the claim's text gives that none of its quotes, nor its sources' titles, publishers
    or headers, has: a reader's review (the claim may say more than its quotes), never a refusal."""
    evs = evidence_items(claim)
    text = str(claim.get("text", ""))
    if not evs or claim.get("confidence") == "inferred":
        return []
    backing = [q for ev in evs for q in quotes(ev, _text_if_redacted(ev, text_of))]
    for ev in evs:
        rec = record_of(ev.get("source_id")) or {}
        backing += [str(rec.get(k) or "") for k in ("title", "publisher", "url")]
        backing.append((text_of(ev.get("source_id")) or "")[:_HEAD])
    seen = "\n".join(backing).lower()
    out, named = [], set()
    for m in _NAME.finditer(text):
        word = re.sub(r"['’]s$", "", m.group(1))
        low = word.lower()
        if len(word) < 2 or low in _CALENDAR or low in named or _OPENS.search(text[:m.start()]):
            continue
        named.add(low)
        # a name's inflections ("Twitch's", "Kubernetes'") share its first letters; an acronym
        # another language writes its own way ("GDP" of a quote saying "PIB") is the same name
        if not _opens_word(seen, low[:max(4, len(low) - 2)]) and \
                not any(_whole_word(seen, alias) for alias in _ACRONYMS.get(low, ())):
            out.append(Flag("words", f"the name {word!r} in the claim's text occurs in none of its quotes nor its "
                                     "sources' titles; check the quotes back it", _words_key("name", word)))
    return out


def _scope_flags(claim: Mapping, text_of: TextOf) -> list[Flag]:
    """A word of scope the claim's text gives over what its quotes say ("all water bus routes" of
    a quote naming routes W1 and W2; "every", "any", "only W1" of "W1 and W2"), read as the page
    rules read a sentence against its claims: a review flag, refused with the names as
    E-CLAIM-WIDENED until someone acks it."""
    evs = evidence_items(claim)
    text = str(claim.get("text", ""))
    if not evs or claim.get("confidence") == "inferred":
        return []
    backing = [q for ev in evs for q in quotes(ev, _text_if_redacted(ev, text_of))]
    if not backing or script_of(text) != script_of(" ".join(backing)):
        return []  # a translation: E-CLAIM-TRANSLATION judges its open flags
    got = stance.added_words(text, backing, any(stance.hedged(q) for q in backing))
    if got is None or got[0] != "scope":
        return []
    return [Flag("words", f"the word of scope {got[1]!r} in the claim's text is said by none of its quotes; "
                          "check the quotes back it", _words_key("scope", got[1]))]


def _widened_flags(claim: Mapping, flags: list[Flag]) -> list[Flag]:
    """A ``verified`` claim whose text says more than its quotes (a name, a word of scope, a number
    in words no quote has: an open ``words`` flag) backs no page sentence as checked until someone
    records that they checked it (``sb claim ack``): refused, not only listed. A claim held at
    reported shows the reader it is unchecked: its flag stays a review flag."""
    if claim.get("confidence") != "verified" or any(f.rule == "translation" for f in flags):
        return []
    open_flags = [f for f in flags if f.rule == "words" and f.key not in silenced(claim)]
    if not open_flags:
        return []
    return [Flag("widened", f"the claim's text says more than its quotes ({open_flags[0].message}); narrow it "
                            "to what the quotes say (`sb claim narrow`), add the quote that says it, or, if the "
                            "quotes do say it, record that with `sb claim ack`")]


# the words that say a date is the date a claim holds as of: "as of D", "as at D", "Stand D",
# "截至D", "по состоянию на D" before it; "D時点", "D現在" after it
_AS_OF_BEFORE = lazy(r"(?:\b[Aa]s\s+(?:of|at)|\bStand|截至|по\s+состоянию\s+на)[\s,:]*$")
_AS_OF_AFTER = lazy(r"\s*(?:時点|現在)")


def claims_spoken_by(claims: Mapping[str, Mapping], text_of: TextOf, record_of: RecordOf,
                     records: Callable[[], Mapping[str, Any]]) -> Callable[[str, str], bool]:
    """``spoken_by(who, claim id)``: whether ``who`` names a source the claim cites
    (``speaker_of`` with ``described``), as the page gate reads a speaker; ``records`` gives
    every source's record, read on the first question only."""
    every: list[Mapping[str, Any]] = []

    def spoken_by(who: str, cid: str) -> bool:
        if not every:
            every.append(records())
        sids = sorted({str(e.get("source_id")) for e in (claims.get(cid) or {}).get("evidence") or []
                       if isinstance(e, Mapping)})
        return speaker_of(who, sids, text_of, record_of, described=True, records=every[0])

    return spoken_by


def speaker_of(who: str, sids: Any, text_of: TextOf, record_of: RecordOf, *, described: bool = False,
               records: Mapping[str, Any] | None = None) -> bool:
    """Whether ``who`` ("PEP 649", "the city", "the try proposal") names one of the sources
    ``sids``: a document's identifier its header or title states, or a word of its title, author
    or publisher (compared by their first four letters); ``described``: or of the reason its
    record gives for its tier ("the operator's own status page"), shown beside it in the ledger,
    save the words the reason of a source of another publisher and a higher tier also has
    (``records``: every source's record): "the operator's own status page" of the authority's
    tier-A page gives "operator" to the authority, so "the operator's own ridership release,
    reprinted by the trade paper" on The Ferry Ledger's tier-B report does not make the operator
    its speaker; the paper speaks ("bylined, dated trade reporting": "the trade press")."""
    ids = doc_ids(who)
    if ids:  # "KEP-3866 says" names KEP-3866, never another KEP
        evs = [{"source_id": s} for s in dict.fromkeys(sids) if isinstance(s, str)]
        return any(_names_itself(who[s:e], evs, text_of, record_of) for _, _, s, e in ids)
    mine = {w.lower()[:4] for w in re.findall(r"[^\W\d_]{3,}", who)} - {"the", "its", "thei"}
    for s in dict.fromkeys(sids):
        rec = record_of(s) or {}
        keys = ("title", "author", "publisher")
        words = {w.lower()[:4] for k in keys if isinstance(rec.get(k), str)
                 for w in re.findall(r"[^\W\d_]{3,}", rec[k])}
        if mine & words:
            return True
        if described and mine & (_reason_words(rec) - _owned_elsewhere(rec, records or {})):
            return True
    return False


_TIER_RANK = {"A": 0, "B": 1, "C": 2, "D": 3}


def _reason_words(rec: Mapping) -> set[str]:
    reason = rec.get("tier_reason")
    return {w.lower()[:4] for w in re.findall(r"[^\W\d_]{3,}", reason)} if isinstance(reason, str) else set()


def _party(rec: Mapping) -> str:
    who = rec.get("publisher") or rec.get("author")
    return " ".join(who.lower().split()) if isinstance(who, str) else ""


def _owned_elsewhere(rec: Mapping, records: Mapping[str, Any]) -> set[str]:
    """The words of ``rec``'s tier reason that the reason of a source of another publisher, of a
    higher tier, also has: that source is the party's own document, and the word names it."""
    mine, rank = _party(rec), _TIER_RANK.get(str(rec.get("tier")), 3)
    if not mine:
        return set()
    out: set[str] = set()
    for other in records.values():
        if (isinstance(other, Mapping) and _party(other) and _party(other) != mine
                and _TIER_RANK.get(str(other.get("tier")), 3) < rank):
            out |= _reason_words(other)
    return out


def _states_as_of(text: str, f: Any, as_of: object) -> bool:
    """``f`` is the claim's own ``as_of`` date, written as such ("As of 19 November 2019, ...")."""
    from ...engines.text import figures

    if not isinstance(as_of, str) or not as_of.strip() or figures.unbacked(f.written, [as_of]):
        return False
    return bool(_AS_OF_BEFORE.search(text[:f.start]) or _AS_OF_AFTER.match(text[f.end:]))


def _text_if_redacted(ev: Mapping, text_of: TextOf) -> str | None:
    q = ev.get("quote")
    if _parts(ev) is not None or (isinstance(q, str) and q.strip()):
        return None  # the quote is there: no need to read the source
    return text_of(ev.get("source_id"))


def _gap_qualifier(text: str, a: int, gap_start: int, gap_end: int, b: int, said: str) -> str | None:
    """A word a gap leaves out that qualifies a figure of the quote: "Weekday ridership averaged
    38,500 passengers [...] according to figures ..." over "... 38,500 passengers over the
    summer, according to ...": the period (or assurance, or the people) of the figure, which the
    claim's text does not say either."""
    from ...engines.text.figure_frame import _QUAL, frames

    span = text[a:b]
    g0, g1 = gap_start - a, gap_end - a
    kept = span[:g0] + " " + span[g1:]
    for fr in frames(span):
        if g0 <= fr.figure.start < g1:
            continue  # a figure in the gap is not quoted
        for key, word in fr.said.items():
            gap = span[g0:g1]
            if _QUAL[key].search(gap) and not _QUAL[key].search(kept) and not _QUAL[key].search(said):
                return f"{' '.join(word.split())!r} of {fr.figure.written!r}"
    return None


def _splice_flags(ev: Mapping, text: str | None, said: str = "") -> list[Flag]:
    parts = _parts(ev)
    if parts is None or text is None or len(parts) < 2:
        return []
    out = []
    for i in range(1, len(parts)):
        a, b = parts[i - 1].get("start"), parts[i].get("end")
        if not (_int(a) and _int(b) and 0 <= a < b <= len(text)):  # type: ignore[operator]
            continue  # the quotes gate reports a broken span
        m = _HEADING.search(text, a, b) or _BLANK.search(text, a, b)  # type: ignore[arg-type]
        if m:
            what = "a heading" if "#" in m.group(0) else "a blank line"
            out.append(Flag("splice", f"parts {i} and {i + 1} of the quote from {ev.get('source_id')} lie in "
                                      f"different paragraphs ({what} at offset {m.start() + 1} between them); "
                                      "quote one passage, or cite each passage as its own evidence"))
            break
        gap_start, gap_end = parts[i - 1].get("end"), parts[i].get("start")
        if _int(gap_start) and _int(gap_end) and gap_start <= gap_end:  # type: ignore[operator]
            # a sentence that ends in the gap, or right before the second part (its stop read
            # with the capital after it, which the second part holds)
            end = _SENTENCE_END.search(text, gap_start, min(len(text), gap_end + 2))  # type: ignore[arg-type,operator]
            if end is not None and end.start() >= gap_end:  # type: ignore[operator]
                end = None
            whole = all(_whole_sentence(text, p) for p in (parts[i - 1], parts[i]))
            if end and not whole:
                out.append(Flag("splice", f"parts {i} and {i + 1} of the quote from {ev.get('source_id')} lie in "
                                          f"different sentences (a sentence ends at offset {end.start() + 1} between "
                                          "them) and are not each a whole sentence; quote each sentence whole, or "
                                          "cite it as its own evidence"))
                break
            # "the audited average [...] referred to summer peaks only" across ", and that higher
            # figures": the subject of one clause joined to what another clause says of another
            dropped = _gap_qualifier(text, a, gap_start, gap_end, b, said)  # type: ignore[arg-type]
            if dropped:
                out.append(Flag("splice", f"the gap between parts {i} and {i + 1} of the quote from "
                                          f"{ev.get('source_id')} leaves out {dropped}, a word that qualifies a "
                                          "figure the quote states, and the claim does not say it either; quote "
                                          "the figure with its words, or say them in the claim"))
                break
            # whole sentences with whole sentences between them join no clauses: a clause joint
            # in a sentence left out ("..., and calls eval() ...") is none of theirs
            # the joint may begin in the first part: "Go has floats, [...] rejects them" over "Go has
            # floats, and the Rust compiler rejects them" leaves out ", and"'s clause all the same
            lo = gap_start
            while lo > a and text[lo - 1] in ",;:，； ":  # type: ignore[operator]
                lo -= 1  # type: ignore[operator]
            join = None if whole else _CLAUSE_JOIN.search(text, lo, gap_end)  # type: ignore[arg-type]
            # "Python (as of 3.7.2), [...] do not support" over "..., Ruby (...), and Rust (...) do not
            # support": the gap drops other members of a list, whose ", and" joins no clauses
            if join and _list_drop(text, a, gap_start, gap_end):  # type: ignore[arg-type]
                join = None
            if join:
                out.append(Flag("splice", f"parts {i} and {i + 1} of the quote from {ev.get('source_id')} lie in "
                                          f"different clauses ({join.group(0).strip()!r} at offset {join.start() + 1} "
                                          "between them): the quote joins what one clause says to another's words; "
                                          "quote the clause whole, or cite each clause as its own evidence (the "
                                          f"rule: {SPLICE_RULE})"))
                break
    return out


# one clause ends and another begins: ", and that", "; ", ", but", "，而"
_CLAUSE_JOIN = lazy(r"[,;:]\s+(?:and|but|or|while|whereas|although|though|yet|so|whereupon)\b|;\s|；|，(?:而|但|并且)")
# a sentence ends: . ! ? (and their CJK forms) before a space and a capital or a digit, or 。！？
_SENTENCE_END = lazy(r"[.!?…][\"”’)\]]*\s+(?=[\"“‘(\[]*[A-Z0-9À-ÖØ-ÞА-Я])|[。！？]")
_SENTENCE_START = lazy(r"(?:^|[.!?…。！？][\"”’)\]]*\s+|\n)[\"“‘(\[*_]*\Z")


# where docs/verify.md states the rule a clause splice breaks
SPLICE_RULE = ('docs/verify.md, "Claims that say no more than their evidence": parts that are not whole '
               "sentences stay within one clause, unless the gap drops only other members of a list")
# a list's separators: ", ", ", and ", ", or ", " and ", " or "
_LIST_SEP = lazy(r",\s+(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")
_LIST_NOT = frozenset("not no never nor neither none except but without only".split())
_LIST_MAX_WORDS = 3


def _list_items(text: str, lo: int, hi: int) -> list[tuple[int, int, str]]:
    """``text[lo:hi]`` cut at a list's separators outside brackets: ``(start, end, separator
    before it)`` for each piece, in order."""
    out: list[tuple[int, int, str]] = []
    depth, start, sep, i = 0, lo, "", lo
    while i < hi:
        ch = text[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            m = _LIST_SEP.match(text, i, hi)
            if m:
                out.append((start, i, sep))
                start, sep, i = m.end(), m.group(0), m.end()
                continue
        i += 1
    out.append((start, hi, sep))
    return out


def _unbracketed(piece: str) -> tuple[str, bool]:
    """A piece's words outside brackets, and whether it has a bracket."""
    depth, kept = 0, []
    for ch in piece:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(ch)
    return "".join(kept), "(" in piece or "[" in piece


def _list_item(piece: str) -> tuple[int, bool] | None:
    """``(words, bracketed)`` of a piece that reads as one member of a list: a name of at most
    three words (each capitalised or with a digit: "Visual Basic", "Go 2"), or a single word,
    words in brackets aside, with no word of denial or restriction; None for anything else (a
    clause: "Go has floats")."""
    words, bracketed = _unbracketed(piece)
    ws = words.split()
    if not 1 <= len(ws) <= _LIST_MAX_WORDS or any(w.strip(".,;:!?").lower() in _LIST_NOT for w in ws):
        return None
    if len(ws) > 1 and not all(w[:1].isupper() or any(c.isdigit() for c in w) or not w[:1].isalpha() for w in ws):
        return None
    return len(ws), bracketed


def _list_drop(text: str, a: int, gap_start: int, gap_end: int) -> bool:
    """The gap between two parts of a quote drops only other members of a list that the part
    before it ends with, and the part after it says what the sentence says of every member:
    "Python (as of 3.7.2), [...] do not support ..." over "..., Python (...), Ruby (...), and
    Rust (...) do not support ...". The quoted member is whole (the part holds it from its
    first word) and the gap begins at the comma after it; the gap holds whole members and ends
    with the last, after "and" or "or"; every member is a name alike (``_list_item``: as many
    words, brackets or none alike); and the list has three or more members, counting those
    before it (two joined by ", and" are two clauses: "Go has floats, and Rust rejects them")."""
    lo = max(0, a - 400, text.rfind("\n", 0, a) + 1)
    for m in _SENTENCE_END.finditer(text, lo, a):
        lo = m.end()  # no list runs past a sentence end
    pieces = _list_items(text, lo, gap_end)
    k = next((k for k in range(len(pieces) - 1) if pieces[k][1] <= gap_start <= pieces[k + 1][0]), None)
    if k is None or pieces[k][0] < a:
        return False  # the gap begins inside a member, or the part holds only the end of one
    dropped = pieces[k + 1:]
    if not re.search(r"\b(?:and|or)\b", dropped[-1][2]) or any(re.search(r"\b(?:and|or)\b", sep) for _, _, sep in dropped[:-1]):
        return False  # a list ends with its "and" before the last member, and only there
    shape = _list_item(text[pieces[k][0]:pieces[k][1]])
    if shape is None or any(_list_item(text[s:e]) != shape for s, e, _ in dropped):
        return False
    members, j = 1 + len(dropped), k
    while members < 3 and j > 0 and not re.search(r"\b(?:and|or)\b", pieces[j][2]) \
            and _list_item(text[pieces[j - 1][0]:pieces[j - 1][1]]) == shape:
        members, j = members + 1, j - 1  # the members before the quoted one, in the sentence
    return members >= 3


def _whole_sentence(text: str, part: Mapping) -> bool:
    s, e = part.get("start"), part.get("end")
    if not (isinstance(s, int) and isinstance(e, int)):
        return False
    body = text[s:e].rstrip()
    return bool(_SENTENCE_START.search(text, max(0, s - 4), s) and body[-1:] in ".!?…。！？")


def _dates_of(rec: Mapping | None) -> list[str]:
    out = []
    for key in ("published_at", "retrieved_at"):
        v = rec.get(key) if rec else None
        m = _DATE_PREFIX.match(v) if isinstance(v, str) else None
        if m:
            out.append(m.group(0))
    return out


def _asof_flags(claim: Mapping, text_of: TextOf, record_of: RecordOf) -> list[Flag]:
    as_of = claim.get("as_of")
    if not isinstance(as_of, str) or not re.match(r"^\d{4}-\d{2}-\d{2}$", as_of):
        return []
    sids = list(dict.fromkeys(ev.get("source_id") for ev in evidence_items(claim)))
    dates = [d for sid in sids for d in _dates_of(record_of(sid))]
    if not dates or any(as_of[:len(d)] <= d for d in dates):
        return []
    from ...engines.text import figures

    for sid in sids:
        text = text_of(sid)
        if text is not None and (as_of in text or not figures.unbacked(as_of, [text])):
            return []  # the source itself states the date ("As of 2026-01-15 ...")
    latest = max(dates)
    return [Flag("asof", f"as_of {as_of} is later than every date of its sources (latest {latest}, published or "
                         "retrieved), and no source states it; set --as-of to the date the source speaks for")]


def _asof_early_flags(claim: Mapping, text_of: TextOf, record_of: RecordOf) -> list[Flag]:
    as_of = claim.get("as_of")
    if not isinstance(as_of, str) or not re.match(r"^\d{4}-\d{2}-\d{2}$", as_of):
        return []
    from ...engines.text import figures

    evs = evidence_items(claim)
    days = [d for sid in dict.fromkeys(ev.get("source_id") for ev in evs)
            if (d := _published(record_of(sid), text_of(sid))) is not None]
    if not days or as_of >= min(days):
        return []
    for ev in evs:
        for q in quotes(ev, text_of(ev.get("source_id"))):
            for f in figures.find_figures(q):
                if f.kind == "date" and (figures.as_of_wording(q, f.start, f.end) or  # asofquote's to judge
                                         f.key[:1].isdigit() and as_of[:len(f.key)] >= f.key):
                    return []  # the quote itself speaks for an earlier day
    return [Flag("asofearly", f"as_of {as_of} is earlier than the day its source was published ({min(days)}), and "
                              "no quote states a date that early; set --as-of to the date the source speaks for")]


def _asof_quote_flags(claim: Mapping, text_of: TextOf) -> list[Flag]:
    as_of = claim.get("as_of")
    if not isinstance(as_of, str) or not re.match(r"^\d{4}-\d{2}-\d{2}$", as_of):
        return []
    from ...engines.text import figures

    stated: list[str] = []
    for ev in evidence_items(claim):
        for q in quotes(ev, text_of(ev.get("source_id"))):
            stated += [f.key for f in figures.find_figures(q) if f.kind == "date" and len(f.key) == 10
                       and figures.as_of_wording(q, f.start, f.end)]
    if not stated or as_of in stated:
        return []
    return [Flag("asofquote", f"as_of {as_of} is not the date its quote gives as its own ({', '.join(sorted(set(stated)))}); "
                              "set --as-of to the date the quote speaks for")]


def _asof_dropped_flags(claim: Mapping, text_of: TextOf) -> list[Flag]:
    if claim.get("volatile") is True:
        return []
    from ...engines.text import figures

    if any(f.kind == "date" for f in figures.find_figures(str(claim.get("text") or ""))):
        return []  # "As of 14 October 2026, ...": dated in its own words, it stays true
    dated: list[str] = []
    for ev in evidence_items(claim):
        stated = [q[f.start:f.end] for q in quotes(ev, text_of(ev.get("source_id")))
                  for f in figures.find_figures(q) if f.kind == "date" and figures.as_of_wording(q, f.start, f.end)]
        if not stated:
            return []  # a source that says it without a day it holds as of may settle it
        dated.append(stated[0])
    if not dated:
        return []
    return [Flag("asofdropped", f"its evidence says what holds as of {dated[0]}, which can change, but the claim "
                                "is not volatile and its text states no date: a reader takes it as standing; "
                                f"`sb claim set {claim.get('id')} --volatile true --as-of YYYY-MM-DD --recheck URL`, "
                                "write the date into the claim's text, or cite a source that states it undated")]


def _key(rule: str, ev: Mapping, quote: str) -> str:
    digest = hashlib.sha256(f"{ev.get('source_id')}\n{quote}".encode()).hexdigest()[:12]
    return f"{WARNING[rule]}:{digest}"


def _words_key(what: str, written: str) -> str:
    """The key an ack records for a figure, quotation or name the quotes lack: the code and a
    digest, as every flag's key (``claims.schema.json`` holds acks to that form)."""
    digest = hashlib.sha256(f"{what}\n{written}".encode()).hexdigest()[:12]
    return f"{WARNING['words']}:{digest}"


def _review_flags(claim: Mapping, ev: Mapping, text: str | None, denies: bool = False) -> list[Flag]:
    """``denies``: some quote of the claim negates (this one or another)."""
    said = str(claim.get("text", ""))
    qs = quotes(ev, text)
    if not qs:
        return []
    quote = " ".join(qs)
    sid = ev.get("source_id")
    out = []
    # a "not" only in the quote's reason ("..., as ... is not reliable") the claim leaves out
    # negates nothing the claim says
    claim_denies = stance.negated(said)
    quote_denies = stance.negated(quote) and not stance.reason_negation_only(quote, said)
    if (claim_denies and not quote_denies and not denies) or \
            (quote_denies and not claim_denies and not stance.negation_prefixed(said, quote)
             and not stance.negation_contrasted(said, quote)):
        side = "the quote" if stance.negated(quote) else "the claim"
        out.append(Flag("negation", f"the claim and its quote from {sid} disagree on negation (only {side} "
                                    f"negates: {_clip(quote)!r}); check the claim says what the quote says",
                        _key("negation", ev, quote)))
    hedges = stance.hedges_told(said, quote)  # the hedge of another sentence of the quote is not the claim's
    if hedges and not stance.hedged(said):
        out.append(Flag("hedge", f"the quote from {sid} hedges ({', '.join(repr(h) for h in hedges)}) and the "
                                 "claim does not; keep the hedge, or cite a source that states it plainly",
                        _key("hedge", ev, quote)))
    parts = _parts(ev)
    start = parts[0].get("start") if parts else ev.get("start")
    end = parts[-1].get("end") if parts else ev.get("end")
    cut = None
    if text is not None and _int(start) and _int(end):
        cut = stance.cut_context(text, start, end)  # type: ignore[arg-type]
        if cut and cut.kind == "question" and claim.get("confidence") == "verified":
            where = "its sentence ends in a question mark" if cut.words == "?" else \
                f"{_clip(cut.words, 40)!r} comes before it"
            out.append(Flag("question", f"the quote from {sid} is cut from a question ({where}); a question "
                                        "states nothing, so it cannot make a claim "
                                        "checked: quote the statement, or hold the claim at reported"))
        elif cut and cut.kind == "question" and not stance.keeps_question(said):
            # "asked whether ridership had passed 35,000" told as "said ridership had passed
            # 35,000": a question told as a statement, whatever the claim's confidence
            where = "its sentence ends in a question mark" if cut.words == "?" else \
                f"{_clip(cut.words, 40)!r} comes before it"
            out.append(Flag("question", f"the quote from {sid} is cut from a question ({where}), and the claim "
                                        "tells it as a statement; keep the question in the claim (\"Councillor "
                                        "Okafor asked whether ...\"), or quote the statement"))
        elif cut and cut.kind == "reporting" and not stance.reports(said) and claim.get("confidence") == "verified":
            out.append(Flag("reported", f"the quote from {sid} is what someone is reported to say ({_clip(cut.words, 40)!r} "
                                        "comes before it), and the claim states it as fact; say who said it in the "
                                        "claim (\"The authority says ...\"), or hold the claim at reported"))
        elif cut and cut.kind == "plan" and stance.keeps_plan(said, quote):
            cut = None  # "Officers are to publish the audited figures": the claim keeps the plan
        elif cut and cut.kind == "plan" and claim.get("confidence") == "verified":
            out.append(Flag("plan", f"the quote from {sid} is a thing to do ({_clip(cut.words, 40)!r} comes before "
                                    "it), and the claim tells it as done; say it as the plan it is (\"Officers are "
                                    "to publish ...\"), or quote where the source says it was done"))
        elif cut and not (cut.kind == "reporting" and stance.reports(said)):
            what = {"reporting": "someone's report", "question": "a question", "negation": "a denial or negation",
                    "plan": "a plan or an action to take"}
            out.append(Flag("cut", f"the quote from {sid} starts mid-sentence, cut from {what[cut.kind]} "
                                   f"({_clip(cut.words, 40)!r} comes before it); check the claim does not "
                                   "state as fact what the source only reports, asks or denies",
                            _key("cut", ev, quote)))
    # "I propose that we pick 50% ..." told as "The proposal picks 50%": a proposal as decided
    lead = text[stance.sentence_start(text, start):start] if text is not None and _int(start) else ""  # type: ignore[arg-type]
    proposed = stance.proposal_told_done(said, quote, lead)
    if proposed:
        out.append(Flag("proposed", f"the quote from {sid} proposes it ({_clip(proposed, 40)!r}) and the claim "
                                    "tells it as decided; say it as the proposal it is (\"The proposal proposes ...\", "
                                    "\"would\"), or quote where the source says it was decided",
                        _key("proposed", ev, quote)))
    # "were installed" of "Новые считыватели установят в ноябре": a translation that tells as
    # done what its quote, in another language, tells as to come
    coming = stance.future_quote_told_done(said, quote)
    translating = ", translating it," if coming and stance.other_script(quote) else ""
    if coming and claim.get("confidence") == "verified":
        out.append(Flag("plan", f"the quote from {sid} tells it as to come ({coming!r}), and the claim{translating} "
                                "tells it as done; say it as the plan it is (\"are to be installed\", \"will\"), "
                                "or quote where the source says it was done"))
    elif coming:
        out.append(Flag("hedge", f"the quote from {sid} tells it as to come ({coming!r}), and the claim{translating} "
                                 "tells it as done; check it keeps the future",
                        _key("hedge", ev, quote)))
    # the quote stops right before a condition its sentence goes on to ("travel free" + "with a
    # paying adult"), and the claim leaves it out: the claim says more than the source
    cond = stance.condition_after(text, end) if text is not None and _int(end) else ""  # type: ignore[arg-type]
    if cond and not stance.keeps_condition(said, cond):
        if claim.get("confidence") == "verified":
            out.append(Flag("condition", f"the quote from {sid} stops right before a condition its sentence goes on "
                                         f"to ({_clip(cond, 40)!r}), and the claim leaves it out; quote the whole "
                                         "sentence and keep the condition in the claim"))
        else:
            out.append(Flag("cut", f"the quote from {sid} stops right before a condition ({_clip(cond, 40)!r} "
                                   "comes after it); check the claim keeps it", _key("cut", ev, quote)))
    if cut:
        return out
    # the whole report quoted ("Riders on route W3 told The Ferry Ledger that ..."), its speaker
    # left out of the claim: the source vouches for the report, not for the fact
    frame = stance.report_frame(quote)
    if frame and not stance.reports(said) and not stance.report_frame(said):
        if claim.get("confidence") == "verified":
            out.append(Flag("reported", f"the quote from {sid} is what someone is reported to say ({_clip(frame, 40)!r}), "
                                        "and the claim states it as fact; say who said it in the claim (\"Riders "
                                        "told the paper ...\"), or hold the claim at reported"))
        else:
            out.append(Flag("cut", f"the quote from {sid} is someone's report ({_clip(frame, 40)!r}) and the claim "
                                   "does not say who said it; check the claim does not state as fact what the "
                                   "source only reports", _key("cut", ev, quote)))
    return out


def check_claim(claim: Mapping, text_of: TextOf, record_of: RecordOf, sources: SourcesOf | None = None) -> list[Flag]:
    """Every flag of one claim, refusals first, then review flags (in evidence order);
    ``sources``: the workspace's source ids (an inferred claim may name one: "the 2018 draft")."""
    out = _figure_flags(claim, text_of, record_of, sources)
    evs = evidence_items(claim)
    for ev in evs:
        if _parts(ev) is not None:
            out += _splice_flags(ev, text_of(ev.get("source_id")), str(claim.get("text") or ""))
    out += _asof_flags(claim, text_of, record_of) + _asof_quote_flags(claim, text_of) + _asof_dropped_flags(claim, text_of)
    out += _asof_early_flags(claim, text_of, record_of)
    out += _notes_flags(claim, text_of) + _recheck_flags(claim, record_of) + _name_flags(claim, text_of, record_of)
    # a claim's negation may rest on any one of its quotes ("... when the container has no
    # memory limit" of a fourth quote): "only the claim negates" is judged over them all
    denies = any(stance.negated(q) for ev in evs for q in quotes(ev, text_of(ev.get("source_id"))))
    for ev in evs:
        out += _review_flags(claim, ev, text_of(ev.get("source_id")), denies)
    out += _scope_flags(claim, text_of)
    out += _translation_flags(claim, out, text_of)
    return out + _widened_flags(claim, out)


_SCRIPTS = (("latin", lazy(r"[A-Za-z\u00c0-\u024f]")), ("cyrillic", lazy(r"[\u0400-\u04ff]")),
            ("greek", lazy(r"[\u0370-\u03ff]")), ("cjk", lazy(rf"[{_CJK}]")))
# the review flags a translation can hide: a "not" the other language says another way, a name
# or a figure the quote writes in its own script, a hedge
_TRANSLATED = ("negation", "words", "hedge", "cut")


def script_of(text: str) -> str:
    """The script most of ``text``'s letters are written in ("latin", "cyrillic", "cjk", ...)."""
    counts = [(len(rx.findall(text)), name) for name, rx in _SCRIPTS]
    n, name = max(counts)
    return name if n else ""


def _translation_flags(claim: Mapping, flags: list[Flag], text_of: TextOf) -> list[Flag]:
    """A ``verified`` claim whose every quote is in another script than its text is a
    translation: a review flag on it (a negation, a name or figure, a hedge the reading of one
    language cannot see in the other) is refused until someone records that they checked the
    translation (``sb claim ack``)."""
    if claim.get("confidence") != "verified":
        return []
    open_flags = [f for f in flags if f.rule in _TRANSLATED and f.key not in silenced(claim)]
    if not open_flags:
        return []
    own = script_of(str(claim.get("text") or ""))
    written = [script_of(q) for ev in evidence_items(claim) for q in quotes(ev, _text_if_redacted(ev, text_of))]
    if not own or not written or any(w in ("", own) for w in written):
        return []
    kinds = ", ".join(dict.fromkeys(WARNING[f.rule] for f in open_flags))
    return [Flag("translation", f"the claim translates its quotes (written in {written[0]}, the claim in {own}) "
                                f"with {kinds} still open; check the translation says what the quotes say "
                                "(tense, negation, names) and record it with `sb claim ack`, or quote a source "
                                "in the claim's language")]


def silenced(claim: Mapping) -> set[str]:
    """The review flags someone has looked at (``sb claim ack``): their keys."""
    acks = claim.get("acks")
    out: set[str] = set()
    for a in acks if isinstance(acks, list) else []:
        flags = a.get("flags") if isinstance(a, dict) else None
        if isinstance(flags, list):
            out.update(f for f in flags if isinstance(f, str))
    return out


def add_warnings(claim: Mapping, flags: list[Flag]) -> list[Finding]:
    """The flags as ``W-`` warnings of ``sb claim add``/``narrow`` (the claim is stored)."""
    cid = str(claim.get("id"))
    done = silenced(claim)
    widened = any(f.rule == "widened" for f in flags)
    out = []
    for f in flags:
        if f.rule == "widened":
            continue  # the open flag it escalates is listed below
        if f.rule in REFUSED:
            out.append(Finding(WARNING[f.rule], cid, f"stored, but {f.message}; sb verify will refuse it"))
        elif f.key not in done:
            out.append(Finding(WARNING[f.rule], cid, f"{f.message} (" + (
                "refused by sb verify, the claim being verified," if f.rule == "words" and widened else
                "listed for review by sb verify") + f" until `sb claim ack {cid} --reason \"...\"`)"))
    return out


class AuthorText(TupleRecord):
    subject: str  # the claim, decision or source it is shown for
    where: str  # what the reader sees it as, and the command that changes it
    bad: list[str]  # its figures and dates that nothing it speaks of states


def claim_backing(claim: Mapping, text_of: TextOf) -> list[str]:
    """A claim's text and its quotes: what an ack's, a retraction's or a narrowing's reason may state."""
    return [str(claim.get("text") or "")] + [q for ev in evidence_items(claim)
                                              for q in quotes(ev, _text_if_redacted(ev, text_of))]


def reason_texts(claims: list, adjs: list, text_of: TextOf) -> list[AuthorText]:
    """The reasons every ledger prints or a package ships that state a figure or date the claims
    they speak of do not: a retraction's or a narrowing's reason and an ack's (backed by the
    claim's own text and quotes), a decision's reason (backed by the texts and quotes of the
    claims it decides and by the texts of the sources they cite)."""
    by_id = {c.get("id"): c for c in claims if isinstance(c, Mapping)}
    out = []
    for c in by_id.values():
        why = c.get("status_reason")
        if c.get("status") in ("retracted", "superseded") and isinstance(why, str) and " by adjudication of " not in why:
            bad = _unbacked_reason(why, [c], text_of)
            if bad:
                what = "retraction" if c.get("status") == "retracted" else "narrowing"
                out.append(AuthorText(str(c.get("id")), f"the {what} reason printed in every ledger's History", bad))
        acks = c.get("acks")
        for ack in acks if isinstance(acks, list) else []:  # shipped in every package's ledger.json
            bad = _unbacked_reason(ack.get("reason") if isinstance(ack, Mapping) else None, [c], text_of)
            if bad:
                out.append(AuthorText(str(c.get("id")), "an ack's reason (shipped in the package's ledger.json; "
                                                        "ack again with a reason that states no figure or date: the new ack replaces it)", bad))
                break
    for a in adjs:
        if not isinstance(a, Mapping):
            continue
        decided = [by_id[x] for x in a.get("claim_ids") or [] if x in by_id]
        bad = _unbacked_reason(a.get("reason"), decided, text_of)
        if bad:
            out.append(AuthorText(str(a.get("cluster_id")), "the decision's reason printed in every ledger's "
                                  "History (record the decision again with `sb adjudicate`)", bad))
    return out


def _unbacked_reason(reason: object, speaks_of: list[Mapping], text_of: TextOf) -> list[str]:
    """The figures and dates of a reason that neither the claims it speaks of (their texts and
    quotes) nor the texts of the sources they cite state: a reason may name what a cited
    source's own text states ("PEP 749" of its Resolution, "KEP-2322" of its heading)."""
    backing = [t for c in speaks_of for t in claim_backing(c, text_of)]
    bad = unbacked_author_text(reason, backing)
    if bad:
        sids = dict.fromkeys(str(ev.get("source_id")) for c in speaks_of for ev in evidence_items(c))
        bad = unbacked_author_text(reason, backing + [t for sid in sids if (t := text_of(sid))])
    return bad


def slanted_reasons(claims: list, adjs: list, text_of: TextOf) -> list[Finding]:
    """A decision's reason (printed under "Why:" beside both sides) that takes a side its claims
    and their quotes do not: "the real count the authority let slip", "the figure the city
    prefers to publish" (``E-AUTHOR-TEXT-WORD``)."""
    by_id = {c.get("id"): c for c in claims if isinstance(c, Mapping)}
    out = []
    for a in adjs:
        if not isinstance(a, Mapping):
            continue
        backing = [t for x in a.get("claim_ids") or [] if x in by_id for t in claim_backing(by_id[x], text_of)]
        said = author_words(a.get("reason"), backing)
        if said:
            out.append(Finding("E-AUTHOR-TEXT-WORD", str(a.get("cluster_id")),
                               f"the decision's reason printed beside both claims says {said[1]!r}, "
                               f"{stance.ADDED[said[0]][1]} that none of the claims it decides or their quotes "
                               "says; a reason tells why the decision stands in their words: record the decision "
                               "again with `sb adjudicate` and a reason without it"))
    return out


def attestation_text(sid: str, rec: Mapping | None, text_of: TextOf) -> AuthorText | None:
    """A source's attestation, shown beside it in every ledger, when it states a figure or date
    the source's own text does not."""
    att = rec.get("attestation") if rec else None
    reason = att.get("reason") if isinstance(att, Mapping) else None
    bad = unbacked_author_text(reason, [text_of(sid) or ""]) if isinstance(reason, str) else []
    if not bad:
        return None
    return AuthorText(sid, f"the attestation shown beside the source in every ledger (`sb source set {sid} "
                           "attest=\"...\"`)", bad)


def author_finding(t: AuthorText, code: str) -> Finding:
    return Finding(code, t.subject, f"{t.where} states {_shown(t.bad)}, which nothing it speaks of states; "
                                    "a reader takes it as checked: reword it without the figure or date")


def dated_quote(claim: Mapping, text_of: TextOf, record_of: RecordOf) -> str | None:
    """The date a quote speaks of that makes the claim a moving one: an as-of date ("as of 14
    October 2026") or a day after its source was published or retrieved ("from 1 December
    2026"); None when the quotes state neither."""
    from ...engines.text import figures

    for ev in evidence_items(claim):
        sid = ev.get("source_id")
        rec = record_of(sid)
        known = [d for d in (_published(rec, text_of(sid)), *_dates_of(rec)) if d]
        for q in quotes(ev, text_of(sid)):
            for f in figures.find_figures(q):
                if f.kind != "date" or not f.key[:1].isdigit():
                    continue
                if figures.as_of_wording(q, f.start, f.end) or (known and f.key > max(known)[:len(f.key)]):
                    return f.written
    return None
