"""What names a source rather than states a fact (pure): a document's identifier its header or
title states ("PEP 563", "RFC 9110", "KEP-5343"), a name its title gives ("Go 2" of "Proposal:
Go 2 Number Literal Changes"), a date before a word for a document that the source is dated to
("the 2019 try proposal"), and a month's year read off the source's date ("late September 2026"
of a claim's "late September" and a source dated 2 October 2026).

One reading for every gate that holds a figure to what is cited: the claim-text rules
(``domain.ledger.provenance``), the page prose gate (``sb verify``) and the draft and report
gate (``engines.render.draft_provenance``: ``sb check-draft``, ``build/report.md``). A source is
read through two callables: ``text_of`` (source id -> its canonical text, or None) and
``record_of`` (source id -> its record, or None).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...base.patterns import lazy

TextOf = Callable[[Any], "str | None"]  # source id -> canonical text (None when unknown)
RecordOf = Callable[[Any], "Mapping | None"]  # source id -> source record


HEAD = 600  # characters: a document's header (its "PEP: 563" line, its title) stands here
# a document's identifier in running text: a series and a number ("PEP 563", "RFC #2094",
# "KEP-5343", "Issue 1234", "proposal 32437"); it names a source only when that source's header
# or title states the same series and number
_ID_IN_TEXT = lazy(r"(?<![^\W\d_])(PEP|RFC|ISO|ECMA|IEEE|KEP|JEP|Issue|Proposal)s?"
                   r"(?:[ \t]?[-#:][ \t]?|[ \t])#?(\d+)(?![\d.,]\d|\d)", re.I)
# series whose number a linked form ("rust-lang/rfcs#507", "rfc-0507", "keps/5343") states as well;
# an issue or a proposal's link ("golang.org/issue/32437") may be another document's discussion
_LINKED = frozenset({"pep", "rfc", "kep", "jep"})
# the word right before a figure, as a name ("Go 2", "Python 3"): one space between, or none
_NAME_BEFORE = lazy(r"(?<![^\W\d_])([^\W\d_]{2,})[ \t\u00a0]$")
_NUMBER_GOES_ON = lazy(r"\w|[.,]\d")  # "Go 2" is not "Go 2.1" nor "Go 20"


def doc_ids(text: str) -> list[tuple[str, str, int, int]]:
    """The documents' identifiers ``text`` gives: (series in lower case, number, start, end)."""
    return [(m.group(1).lower(), m.group(2).lstrip("0") or "0", m.start(), m.end()) for m in _ID_IN_TEXT.finditer(text)]


def _states_id(series: str, number: str, head: str) -> bool:
    """``head`` (a source's header or title) states the identifier ``series`` ``number``."""
    if any(s == series and n == number for s, n, _, _ in doc_ids(head)):
        return True
    if series in _LINKED:
        linked = re.compile(rf"(?<![^\W\d_]){series}s?[#/_-]+0*{number}(?!\d)", re.I)
        return bool(linked.search(head))
    return False


def names_itself(key: str, evs: list[dict], text_of: TextOf, record_of: RecordOf | None = None) -> bool:
    """A document's own identifier ("PEP 563", "RFC 9110", "KEP-5343") names the source the quote
    is from: backed when the header (or the record's title) of that source states it, as the
    ledger shows beside the quote."""
    ids = doc_ids(key)
    if len(ids) != 1 or ids[0][2] != 0 or ids[0][3] != len(key):
        return False
    series, number = ids[0][:2]
    for ev in evs:
        sid = ev.get("source_id")
        heads = [(text_of(sid) or "")[:HEAD]]
        if record_of is not None:
            heads.append(str((record_of(sid) or {}).get("title") or ""))
        if any(_states_id(series, number, h) for h in heads):
            return True
    return False


def names_cited_id(text: str, f: Any, sids: Any, text_of: TextOf, record_of: RecordOf | None = None) -> bool:
    """The figure ``f`` of ``text`` is the number of a document's identifier ("KEP-5343",
    "RFC #2094", "Issue 1234") that one of the sources ``sids`` states of itself, or of a name
    its title gives (``title_name``: "Go 2" of "Proposal: Go 2 Number Literal Changes")."""
    evs = [{"source_id": s} for s in dict.fromkeys(sids) if isinstance(s, str)]
    return any(s <= f.start and f.end <= e and names_itself(text[s:e], evs, text_of, record_of)
               for _, _, s, e in doc_ids(text)) or title_name(text, f, sids, record_of)


def title_name(text: str, f: Any, sids: Any, record_of: RecordOf | None) -> bool:
    """The figure ``f`` of ``text`` is part of a name that the title of one of the sources
    ``sids`` gives: a whole number or a version written in digits right after a capitalised word
    ("Go 2", "Python 3"), the title holding that word and that number together ("Proposal: Go 2
    Number Literal Changes"). The title names what the source is about; the number in it states
    no fact ("the Go 3 proposal", "proposes 2 changes" are still figures). A name's number is
    short: one of five digits or more, or grouped ("Ridership Hits 38,500"), is a count."""
    if record_of is None or f.spelled or f.kind not in ("number", "version") or \
            (f.kind == "number" and not (f.written.isdigit() and len(f.written) <= 4)):
        return False
    m = _NAME_BEFORE.search(text[:f.start])
    if m is None or not m.group(1)[0].isupper():
        return False
    name = f"{m.group(1)} {f.written}".lower()
    for s in dict.fromkeys(sids):
        title = (record_of(s) or {}).get("title") if isinstance(s, str) else None
        if not isinstance(title, str):
            continue
        said = " ".join(title.replace("\u00a0", " ").split()).lower()
        i = said.find(name)
        while i >= 0:
            j = i + len(name)
            if (i == 0 or not (said[i - 1].isalnum() or said[i - 1] == "_")) and \
                    not _NUMBER_GOES_ON.match(said, j):
                return True
            i = said.find(name, i + 1)
    return False


def _title_words(rec: Mapping | None) -> set[str]:
    title = rec.get("title") if rec else None
    return {w.lower()[:4] for w in re.findall(r"[^\W\d_]{3,}", title)} if isinstance(title, str) else set()


def source_day(rec: Mapping | None, text: str | None) -> str | None:
    """The day a source is dated to: its record's publication date (``published_at``, else
    ``published``), else the dateline near the top of its text."""
    day = published(rec, None)
    v = rec.get("published") if rec else None
    if day is None and isinstance(v, str) and re.match(r"^\d{4}-\d{2}-\d{2}$", v):
        day = v
    return day if day is not None else published(None, text)


def names_source(text: str, f: Any, sids: Any, text_of: TextOf, record_of: RecordOf, *, titled: bool = False) -> bool:
    """Whether the figure ``f`` of ``text`` names one of the sources ``sids`` instead of stating
    a fact: a document's identifier ("PEP 563", "RFC 9110") that the source's header or title
    states, or a date before a word for a document ("the 2019 try proposal", "the August 2018
    draft") that the source is dated to (``source_day``). ``titled`` (text that cites no
    source: an inference): the date names the source only when a word of that phrase is in
    its title ("the 2018 draft" of "Error Handling - Draft Design")."""
    from ..text.figure_units import document_words

    sids = [s for s in dict.fromkeys(sids) if isinstance(s, str)]
    if names_cited_id(text, f, sids, text_of, record_of):
        return True
    if f.kind != "date" or len(f.key) not in (4, 7) or not f.key[:4].isdigit():
        return False
    words = document_words(text, f.start, f.end)
    if not words:
        return False
    mine = {w.lower()[:4] for w in words if len(w) >= 3}
    for s in sids:
        rec = record_of(s)
        day = source_day(rec, None) or source_day(None, text_of(s))
        if day is not None and day.startswith(f.key) and (not titled or mine & _title_words(rec)):
            return True
    return False




_DATELINE = lazy(r"\b(?:[Uu]pdated|[Pp]ublished|[Pp]osted|[Dd]ated|[Ll]ast (?:modified|changed|update[ds]?)|"
                 r"Date(?=\s*:))\b")


def published(rec: Mapping | None, text: str | None) -> str | None:
    """The day a source was published: its ``published_at``, else the first full date on a short
    line near the top of its text that is a dateline ("Updated 14 October 2026") or an
    emphasised byline ("*The Ferry Ledger, 2 October 2026.*")."""
    v = rec.get("published_at") if rec else None
    if isinstance(v, str) and re.match(r"^\d{4}-\d{2}-\d{2}", v):
        return v[:10]
    if not text:
        return None
    from ..text import figures

    head = text[:600]
    for f in figures.find_figures(head):
        if f.kind == "date" and len(f.key) == 10 and f.key[0].isdigit():
            start = head.rfind("\n", 0, f.start) + 1
            end = head.find("\n", f.end)
            line = head[start:end if end >= 0 else len(head)]
            bare = line.strip()
            if len(bare) <= 160 and (_DATELINE.search(head, start, f.start) or bare[:1] in "*_" and bare[-1:] in "*_"):
                return f.key
    return None


def year_of_source(f: Any, backing: list[str], days: Iterable[str | None], text: str | None = None) -> bool:
    """"late September 2026" where the claim says "late September" and the source it quotes is
    dated 2 October 2026: the year is the source's, read off its date (``days``: the days its
    sources are dated to), when that date is in the year written or within twelve months after
    the month (a year that does not fit is refused)."""
    from ..text.figures import is_backed

    m = re.fullmatch(r"(\d{4})-(\d{2})", f.key) if f.kind == "date" else None
    if m is None or not is_backed(f._replace(key=f"--{m.group(2)}"), backing, text):
        return False
    year, month = int(m.group(1)), m.group(2)
    for day in days:
        if day and re.match(r"\d{4}-\d{2}-\d{2}$", day) and (
                day[:4] == str(year) or f"{year}-{month}" <= day[:7] < f"{year + 1}-{month}"):
            return True
    return False


def source_named(text: str, f: Any, sids: Iterable[str], backing: list[str], text_of: TextOf,
                 record_of: RecordOf) -> bool:
    """Whether the figure ``f`` of a cited sentence ``text`` names one of the sources ``sids`` of
    the claims cited for it (``names_source``: "PEP 8", "the 2019 try proposal"), or is the year
    of a month the claims (``backing``) state, read off a source's date (``year_of_source``): a
    name, not a fact the claims must state."""
    if f.kind not in ("date", "version", "ident", "number"):
        return False
    sids = [s for s in dict.fromkeys(sids) if isinstance(s, str)]
    if names_source(text, f, sids, text_of, record_of):
        return True
    days = (source_day(record_of(s), None) or source_day(None, text_of(s)) for s in sids)
    return year_of_source(f, backing, days, text)
