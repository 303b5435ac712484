"""Gate ``source-records``: what a cited source's record says of it stands against its own text
and the other records.

A record's title, publication date and address are the author's to set (``sb source set``), and
every ledger form shows them beside checked quotes, where a reader takes them as checked too.
These can be told wrong from the workspace alone:

- a title set by hand that gives the document to another source's publisher ("Calder Bay Water
  Bus Authority: summer ridership release" over a trade paper's report), in a form that names
  an author ("Publisher: …", "… | Publisher", "by Publisher", "Publisher's …"), when neither this
  source's record nor the top of its text names that publisher (``E-SOURCE-TITLE-PUBLISHER``);
- a publication date (set by hand, or given to ``sb add --published``) later than the dateline
  at the top of the source's own text ("*The Ferry Ledger, 2 October 2026. By Ines Marlow.*",
  "Updated 14 October 2026"), by more than a day: the document would look newer than it says
  (``E-SOURCE-PUBLISHED-LATE``);
- an address (``url``) that is another source's: the same address recorded for another source
  whose text differs (not a copy linked by ``same_as``), or the address the claims of other
  sources are re-checked at (their ``recheck``) while no claim of this source is
  (``E-SOURCE-URL-TAKEN``);
- a byline set by hand (``sb source set SRC byline=``) naming another source's publisher that
  neither this source's publisher nor the top of its text names (``E-SOURCE-BYLINE-PUBLISHER``);
- a publication date the author set more than a week earlier than the day the top of the text
  says it was published (a line dating a revision, "Updated …", is passed over)
  (``E-SOURCE-PUBLISHED-EARLY``);
- a publisher that is another source's, which the top of the text never names, while the
  dateline there opens with another name ("*The Ferry Ledger, 2 October 2026*" under the
  operator's name) (``E-SOURCE-PUBLISHER-DATELINE``);
- a url set by hand on another source's publisher's own site: a host where that source's
  address is, named for that publisher and not this one, which this source's text does not name
  (``E-SOURCE-URL-HOST``).

No row when every record stands.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta

from .....base.errors import Finding
from .....base.patterns import lazy
from ...context import GateContext, evidence
from ...registry import GateResult, register


def _key(ctx: GateContext) -> str | None:
    base = ctx.ledger_key()
    return None if base is None else hashlib.sha256(f"source-records\0{base}".encode()).hexdigest()[:40]


@register("source-records", 54)
def gate(ctx: GateContext) -> GateResult | None:
    cited = sorted({str(ev.get("source_id")) for c in ctx.valid_claims for ev in evidence(dict(c))
                    if ctx.source(ev.get("source_id"))})
    if not cited:
        return None
    key = _key(ctx)
    if key is not None and ctx.cache.clean(key):
        return None
    records = {sid: rec for sid, rec in ctx.sources.items() if isinstance(rec, dict)}
    names = publishers(records)  # folded once, not once per cited source
    shared = publisher_counts(records)
    claims = [dict(c) for c in ctx.active]
    found: list[Finding] = []
    for sid in cited:
        rec = ctx.source(sid) or {}
        # every rule but the url's reads only the top of the text (``_HEAD``): a thousand whole
        # texts need not be decoded for that, and it is read only when a rule's record fields
        # call for it (a title set by hand, a date, a byline, a publisher another record names)
        text = _Head(ctx, sid)
        whose = title_given_to(rec, text, records, names)
        if whose:
            found.append(Finding("E-SOURCE-TITLE-PUBLISHER", sid, f"its title {str(rec.get('title'))[:80]!r} gives the "
                                 f"document to {whose!r}, another source's publisher, which neither this source's "
                                 "record nor the top of its text names; the ledger would show it as that publisher's "
                                 f"own: sb source set {sid} title=\"...\" with the title its text states"))
        given = publisher_given_to(sid, rec, text, records, shared)
        if given:
            found.append(Finding("E-SOURCE-PUBLISHER-DATELINE", sid, f"its publisher {given[0]!r} is another source's "
                                 f"publisher, but the dateline at the top of its text gives the document to "
                                 f"{given[1]!r} and the top of its text never names {given[0]!r}; the ledger would "
                                 f"show it as that publisher's own: sb source set {sid} publisher=\"...\" with the "
                                 "publisher its dateline names"))
        by = byline_given_to(rec, text, records, names)
        if by:
            found.append(Finding("E-SOURCE-BYLINE-PUBLISHER", sid, f"its byline {str(rec.get('byline'))[:80]!r}, set "
                                 f"by hand, names {by!r}, another source's publisher, which neither this source's "
                                 "publisher nor the top of its text names; the ledger would show the document as "
                                 f"written by them: sb source set {sid} byline=\"...\" with the byline its text "
                                 "states, or byline= to clear it"))
        late = published_after_dateline(rec, text)
        if late:
            found.append(Finding("E-SOURCE-PUBLISHED-LATE", sid, f"its recorded publication date {late[0]} is later "
                                 f"than the dateline at the top of its text ({late[1]}); the document would look "
                                 f"newer than it says: sb source set {sid} published={late[1]}"))
        early = published_before_dateline(rec, text)
        if early:
            found.append(Finding("E-SOURCE-PUBLISHED-EARLY", sid, f"its recorded publication date {early[0]} is "
                                 f"earlier than the dateline at the top of its text ({early[1]}) by more than "
                                 f"{_EARLY_DAYS} days; the document would look older than it says: sb source set "
                                 f"{sid} published={early[1]}"))
        taken = address_taken(sid, records, claims)
        if taken:
            found.append(Finding("E-SOURCE-URL-TAKEN", sid, f"its url {taken[0]} is the address of {taken[1]}, a "
                                 "source with another text: a reader sent there reads that page, not this one; give "
                                 f"its own address (sb source set {sid} url=...), or none (url=), or link a copy of "
                                 "the same page with same_as"))
        host = host_given_to(sid, records, claims, ctx.text(sid)) if rec.get("url") else None
        if host:
            found.append(Finding("E-SOURCE-URL-HOST", sid, f"its url {host[0]}, set by hand, is on {host[1]!r}'s own "
                                 f"site (the host of {host[2]}), while its publisher is {rec.get('publisher')!r} and "
                                 "its text names neither that publisher nor that host; a reader would take it for "
                                 f"a page of that site: sb source set {sid} url=... with the address its text was "
                                 "taken from, or url= for none"))
    if not found:
        if key is not None:
            ctx.cache.remember_clean(key)
        return None
    return GateResult(found, f"{len(found)} of {len(cited)} cited source record(s) say what their texts or the "
                             "other records do not")

class _Head:
    """The top of a source's text (``_HEAD`` characters), read on the first call."""

    def __init__(self, ctx: GateContext, sid: str) -> None:
        self.ctx, self.sid, self.read = ctx, sid, False
        self.text: str | None = None

    def __call__(self) -> str | None:
        if not self.read:
            self.text, self.read = self.ctx.text_head(self.sid, _HEAD), True
        return self.text


Text = str | None | Callable[[], str | None]  # a text, or what reads it when first needed


def _read(text: Text) -> str | None:
    return text() if callable(text) else text


# a line near the top of a text that dates the document itself
_DATELINE_WORD = lazy(r"\b(?:[Uu]pdated|[Pp]ublished|[Pp]osted|[Dd]ated|[Ll]ast (?:modified|changed|update[ds]?)|"
                      r"Date(?=\s*:))\b")
# a line that dates a later revision, not the first publication
_UPDATE_WORD = lazy(r"\b(?:[Uu]pdated|[Rr]evised|[Ll]ast (?:modified|changed|update[ds]?)|[Mm]odified)\b")
_BYLINE = lazy(r"\b[Bb]y\s+[A-Z][\w'’.-]+")
_HEAD = 600
_DATELINE_NAME = lazy(r"([A-Z][\w'’&.-]*(?:\s+[\w'’&.-]+){0,5}?)\s*[,.|–—-]\s*")


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def dateline(text: str | None, publisher: object = None, updates: bool = True) -> str | None:
    """The day the top of ``text`` dates the document to (YYYY-MM-DD), or None: the first full
    date on a short line near the top that says it dates the document ("Updated 14 October
    2026", "Published …") or is a byline ("*The Ferry Ledger, 2 October 2026. By Ines Marlow.*":
    it names the publisher or "By" someone); with ``updates`` False, a line that dates a revision
    ("Updated …", "Last modified …") is passed over. A date in a title ("Minutes, 21 September 2026")
    or a line of its own ("*Meeting of 21 September*") tells what the document is about."""
    if not text:
        return None
    name = _fold(publisher) if isinstance(publisher, str) and publisher.strip() else None
    for f, _start, line in _dated_lines(text[:_HEAD]):
        if not updates and _UPDATE_WORD.search(line):
            continue
        if _DATELINE_WORD.search(line) or _BYLINE.search(line) or (name and name in _fold(line)):
            return f.key
    return None


def _dated_lines(head: str):
    """(date, where its line starts, the line) for each whole day written in ``head`` on a
    short line that is no heading: where a dateline can stand."""
    from .....engines.text import figures

    for f in figures.find_figures(head):
        if f.kind != "date" or len(f.key) != 10 or not f.key[0].isdigit():
            continue
        start = head.rfind("\n", 0, f.start) + 1
        end = head.find("\n", f.end)
        line = head[start:end if end >= 0 else len(head)].strip()
        if len(line) <= 160 and not line.startswith("#"):
            yield f, start, line


def _day(value: object) -> date | None:
    if isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}", value):
        try:
            return date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def published_after_dateline(rec: Mapping, text: Text) -> tuple[str, str] | None:
    """(recorded day, dateline day) when a publication date the author set is more than a day
    later than the dateline at the top of the source's text (a page's own tag, read by the
    extractor, is the page's word and is not judged here)."""
    told = rec.get("published_from")
    if told not in (None, "sb source set"):
        return None
    recorded = _day(rec.get("published_at")) or _day(rec.get("published"))
    if recorded is None:
        return None  # no date to judge: the text's figures need no reading
    stated = _day(dateline(_read(text), rec.get("publisher")))
    if stated is None or recorded <= stated + timedelta(days=1):
        return None
    return recorded.isoformat(), stated.isoformat()


_EARLY_DAYS = 7  # a print edition, a weekly issue, a time zone: a few days before the dateline pass


def published_before_dateline(rec: Mapping, text: Text) -> tuple[str, str] | None:
    """(recorded day, dateline day) when a publication date the author set is more than a week
    earlier than the day the top of the source's text says it was published (a line dating a
    revision, "Updated 14 October", is passed over: the first publication may be long before)."""
    told = rec.get("published_from")
    if told not in (None, "sb source set"):
        return None
    recorded = _day(rec.get("published_at")) or _day(rec.get("published"))
    if recorded is None:
        return None
    stated = _day(dateline(_read(text), rec.get("publisher"), updates=False))
    if stated is None or recorded >= stated - timedelta(days=_EARLY_DAYS):
        return None
    return recorded.isoformat(), stated.isoformat()


def publishers(records: Mapping[str, Mapping]) -> list[tuple[str, str]]:
    """(name, folded name) of every publisher the records name (four characters or more), in
    record order, each once: what a title or byline set by hand may wrongly give a document to."""
    out: dict[str, str] = {}
    for other in records.values():
        name = other.get("publisher") if isinstance(other, Mapping) else None
        if isinstance(name, str) and len(name.strip()) >= 4 and name not in out:
            out[name] = _fold(name)
    return list(out.items())


def byline_given_to(rec: Mapping, text: Text, records: Mapping[str, Mapping],
                    names: Sequence[tuple[str, str]] | None = None) -> str | None:
    """The other source's publisher a byline set by hand (``sb source set SRC byline=``) names,
    when neither this source's publisher nor the top of its text names it, or None. Another
    source's author (a person may write for many) is not judged."""
    from .....engines.ledger.origin import USER_SET

    by = rec.get("byline")
    if rec.get("byline_from") != USER_SET or not isinstance(by, str) or not by.strip():
        return None
    own = _fold(str(rec.get("publisher"))) if isinstance(rec.get("publisher"), str) else ""
    head = _fold((_read(text) or "")[:_HEAD])
    folded = _fold(by)
    for name, n in (publishers(records) if names is None else names):
        if (own and (n in own or own in n)) or n in head:
            continue
        if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", folded):
            return name
    return None


def dateline_name(text: str | None) -> str | None:
    """The name a dateline near the top of ``text`` opens with, before its date ("*The Ferry
    Ledger, 2 October 2026. By Ines Marlow.*" -> "The Ferry Ledger"), or None: a line that dates
    the document ("Updated …", "Published …") or carries a byline, as ``dateline`` reads it."""
    if not text:
        return None
    head = text[:_HEAD]
    for f, start, line in _dated_lines(head):
        if not (_DATELINE_WORD.search(line) or _BYLINE.search(line)):
            continue
        before = " ".join(_DATELINE_WORD.sub(" ", head[start:f.start]).split()).lstrip("*_ ")
        # the line opens with a name and a mark before the date: "The Ferry Ledger, 2 October
        # 2026", "Calder Bay Water Bus Authority. Updated 14 October 2026" (a field, "- Start
        # Date: 2014-10-27", or words around the date, name no one)
        m = _DATELINE_NAME.fullmatch(before)
        return m.group(1) if m and len(m.group(1)) >= 4 else None
    return None


def publisher_counts(records: Mapping[str, Mapping]) -> Counter[str]:
    """How many records name each publisher, folded: counted once per run, not once per source."""
    return Counter(_fold(o["publisher"]) for o in records.values()
                   if isinstance(o, Mapping) and isinstance(o.get("publisher"), str))


def publisher_given_to(sid: str, rec: Mapping, text: Text, records: Mapping[str, Mapping],
                       counts: Counter[str] | None = None) -> tuple[str, str] | None:
    """(publisher, dateline name) when this source's publisher is another source's publisher,
    the top of its text never names it, and its dateline opens with another name ("*The Ferry
    Ledger, 2 October 2026*" under a publisher set to the operator's): the text says whose the
    document is, and the record says otherwise."""
    pub = rec.get("publisher")
    if not isinstance(pub, str) or len(pub.strip()) < 4:
        return None
    p = _fold(pub)
    if counts is None:
        counts = publisher_counts(records)
    mine = records.get(sid)  # this source, counted among the records when it is one of them
    own = isinstance(mine, Mapping) and isinstance(mine.get("publisher"), str) and _fold(mine["publisher"]) == p
    if counts[p] - own < 1:  # no other record names it
        return None
    text = _read(text)
    if p in _fold((text or "")[:_HEAD]):
        return None
    name = dateline_name(text)
    if name is None:
        return None
    n = _fold(name)
    if n in p or p in n:
        return None
    return pub, name


def _attributed(title: str, name: str) -> bool:
    """Whether ``title`` gives the document to ``name`` (both folded): "Name: …", "… | Name",
    "… - Name", "by Name", "Name's …"."""
    n = re.escape(name)
    return re.search(rf"(?:^{n}\s*[:|–—-]|[|–—-]\s*{n}\s*$|\bby\s+(?:the\s+)?{n}\b|{n}['’]s?\s)", title) is not None


def title_given_to(rec: Mapping, text: Text, records: Mapping[str, Mapping],
                   names: Sequence[tuple[str, str]] | None = None) -> str | None:
    """The other source's publisher a title set by hand gives the document to, or None."""
    title = rec.get("title")
    if rec.get("title_from") or not isinstance(title, str) or not title.strip():
        return None
    own = {_fold(str(rec.get(k))) for k in ("publisher", "author", "byline") if isinstance(rec.get(k), str)}
    head = _fold((_read(text) or "")[:_HEAD])
    folded = _fold(title)
    for name, n in (publishers(records) if names is None else names):
        if n in own or n in head or any(n in o or o in n for o in own if o):
            continue
        if _attributed(folded, n):
            return name
    return None


def _address(url: object) -> str | None:
    from .....engines.urls import canonical_url

    if not isinstance(url, str) or not re.match(r"^https?://", url.strip(), re.IGNORECASE):
        return None
    try:
        out = canonical_url(url.strip())
    except ValueError:
        return None
    return out.split("#", 1)[0].rstrip("/")


def addresses(rec: Mapping) -> set[str]:
    """The http(s) addresses a record gives its source: its url, its canonical url and, for a
    web page, its locator."""
    keys = ["url", "canonical_url"] + (["locator", "canonical_locator"] if rec.get("kind") == "url" else [])
    return {a for k in keys if (a := _address(rec.get(k))) is not None}


def address_taken(sid: str, records: Mapping[str, Mapping], claims: Sequence[Mapping]) -> tuple[str, str] | None:
    """(address, whose) when the url recorded for ``sid`` is another source's: another record
    gives the same address to a different text (not a copy of this one), or the claims of other
    sources are re-checked there while no claim of this source is."""
    from .....engines.ledger.ledger_model import copy_root

    rec = records.get(sid) or {}
    mine = _address(rec.get("url"))
    if mine is None:
        return None
    root = copy_root(sid, records)
    text = rec.get("normalized_sha256")
    for other, orec in sorted(records.items()):
        if other == sid or not isinstance(orec, Mapping) or copy_root(other, records) == root:
            continue
        if mine in addresses(orec) and orec.get("normalized_sha256") != text:
            return mine, other
    cited_here = [c for c in claims if sid in _sources(c)]
    if any(_address(c.get("recheck")) == mine for c in cited_here):
        return None
    for c in claims:
        if _address(c.get("recheck")) == mine and sid not in _sources(c):
            others = [s for s in _sources(c) if copy_root(s, records) != root]
            if others:
                return mine, others[0]
    return None


def _host(url: object) -> str | None:
    from urllib.parse import urlsplit

    address = _address(url)
    host = urlsplit(address).hostname if address else None
    return host.removeprefix("www.") if host else None


def _spells(host: str, name: object) -> bool:
    """Whether a label of ``host`` (less its last) spells ``name``: a run of its words run
    together ("calderbay" for "Calder Bay Water Bus Authority"), or the initials of three or
    more of them ("cbwba")."""
    if not isinstance(name, str):
        return False
    words = [w for w in re.findall(r"[^\W_]+", name.casefold()) if w not in ("the", "of", "and", "for")]
    labels = {label.replace("-", "") for label in host.split(".")[:-1]}
    runs = {"".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}
    if len(words) >= 3:
        runs.add("".join(w[0] for w in words))
    return any(len(label) >= 4 and label in runs for label in labels)


def host_given_to(sid: str, records: Mapping[str, Mapping], claims: Sequence[Mapping],
                  text: str | None) -> tuple[str, str, str] | None:
    """(url, publisher, source) when the url set by hand for ``sid`` is on the site of another
    source's publisher: a host where that source's address is (its url, or the ``recheck`` of a
    claim it backs), whose name spells that publisher's and not this source's, and which, with
    that publisher, the text of ``sid`` does not name. Two pages of one site are normal: a page
    fetched from its address, a source of the same publisher, a host named for no publisher (a
    platform hosting many) or one named for this source's own publisher pass."""
    from .....engines.ledger.ledger_model import copy_root

    rec = records.get(sid) or {}
    url = rec.get("url")
    mine = _host(url)
    if mine is None or (rec.get("kind") == "url" and _host(rec.get("locator")) == mine):
        return None  # fetched from there: the page's own address
    own = rec.get("publisher")
    if _spells(mine, own):
        return None
    folded = _fold(text or "")
    root = copy_root(sid, records)
    for other, orec in sorted(records.items()):
        name = orec.get("publisher") if isinstance(orec, Mapping) else None
        if other == sid or not isinstance(name, str) or copy_root(other, records) == root:
            continue
        if isinstance(own, str) and _fold(own) == _fold(name):
            continue
        hosts = {_host(a) for a in addresses(orec)}
        hosts |= {_host(c.get("recheck")) for c in claims if other in _sources(c) and sid not in _sources(c)}
        if mine in hosts and _spells(mine, name) and _fold(name) not in folded and mine not in folded:
            return str(_address(url)), name, other
    return None


def _sources(claim: Mapping) -> list[str]:
    out = []
    for ev in claim.get("evidence") or []:
        sid = ev.get("source_id") if isinstance(ev, Mapping) else None
        if isinstance(sid, str) and sid not in out:
            out.append(sid)
    return out
