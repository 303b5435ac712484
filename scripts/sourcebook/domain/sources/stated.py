"""What a source's record says of it against what its own text and the other records say.

A record's title, publication date and address are the author's to set (``sb source set``), and
every ledger form shows them beside checked quotes, where a reader takes them as checked too.
Three of them can be told wrong from the workspace alone:

- a title set by hand that gives the document to another source's publisher ("Calder Bay Water
  Bus Authority: summer ridership release" over a trade paper's report), in a form that names
  an author ("Publisher: …", "… | Publisher", "by Publisher", "Publisher's …"), when neither this
  source's record nor the top of its text names that publisher;
- a publication date (set by hand, or given to ``sb add --published``) later than the dateline
  at the top of the source's own text ("*The Ferry Ledger, 2 October 2026. By Ines Marlow.*",
  "Updated 14 October 2026"), by more than a day: the document would look newer than it says;
- an address (``url``) that is another source's: the same address recorded for another source
  whose text differs (not a copy linked by ``same_as``), or the address the claims of other
  sources are re-checked at (their ``recheck``) while no claim of this source is.

Pure: the gate hands over the records, the texts and the claims.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, timedelta

from ...base.patterns import lazy

# a line near the top of a text that dates the document itself
_DATELINE_WORD = lazy(r"\b(?:[Uu]pdated|[Pp]ublished|[Pp]osted|[Dd]ated|[Ll]ast (?:modified|changed|update[ds]?)|"
                      r"Date(?=\s*:))\b")
_BYLINE = lazy(r"\b[Bb]y\s+[A-Z][\w'’.-]+")
_HEAD = 600


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def dateline(text: str | None, publisher: object = None) -> str | None:
    """The day the top of ``text`` dates the document to (YYYY-MM-DD), or None: the first full
    date on a short line near the top that says it dates the document ("Updated 14 October
    2026", "Published …") or is a byline ("*The Ferry Ledger, 2 October 2026. By Ines Marlow.*":
    it names the publisher or "By" someone). A date in a title ("Minutes, 21 September 2026")
    or a line of its own ("*Meeting of 21 September*") tells what the document is about."""
    if not text:
        return None
    from ...engines.text import figures

    head = text[:_HEAD]
    name = _fold(publisher) if isinstance(publisher, str) and publisher.strip() else None
    for f in figures.find_figures(head):
        if f.kind != "date" or len(f.key) != 10 or not f.key[0].isdigit():
            continue
        start = head.rfind("\n", 0, f.start) + 1
        end = head.find("\n", f.end)
        line = head[start:end if end >= 0 else len(head)].strip()
        if len(line) > 160 or line.startswith("#"):
            continue
        if _DATELINE_WORD.search(line) or _BYLINE.search(line) or (name and name in _fold(line)):
            return f.key
    return None


def _day(value: object) -> date | None:
    if isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}", value):
        try:
            return date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def published_after_dateline(rec: Mapping, text: str | None) -> tuple[str, str] | None:
    """(recorded day, dateline day) when a publication date the author set is more than a day
    later than the dateline at the top of the source's text (a page's own tag, read by the
    extractor, is the page's word and is not judged here)."""
    told = rec.get("published_from")
    if told not in (None, "sb source set"):
        return None
    recorded = _day(rec.get("published_at")) or _day(rec.get("published"))
    line = dateline(text, rec.get("publisher"))
    stated = _day(line)
    if recorded is None or stated is None or recorded <= stated + timedelta(days=1):
        return None
    return recorded.isoformat(), stated.isoformat()


def _attributed(title: str, name: str) -> bool:
    """Whether ``title`` gives the document to ``name`` (both folded): "Name: …", "… | Name",
    "… - Name", "by Name", "Name's …"."""
    n = re.escape(name)
    return re.search(rf"(?:^{n}\s*[:|–—-]|[|–—-]\s*{n}\s*$|\bby\s+(?:the\s+)?{n}\b|{n}['’]s?\s)", title) is not None


def title_given_to(rec: Mapping, text: str | None, records: Mapping[str, Mapping]) -> str | None:
    """The other source's publisher a title set by hand gives the document to, or None."""
    title = rec.get("title")
    if rec.get("title_from") or not isinstance(title, str) or not title.strip():
        return None
    own = {_fold(str(rec.get(k))) for k in ("publisher", "author", "byline") if isinstance(rec.get(k), str)}
    head = _fold((text or "")[:_HEAD])
    folded = _fold(title)
    for other in records.values():
        name = other.get("publisher") if isinstance(other, Mapping) else None
        if not isinstance(name, str) or len(name.strip()) < 4:
            continue
        n = _fold(name)
        if n in own or n in head or any(n in o or o in n for o in own if o):
            continue
        if _attributed(folded, n):
            return name
    return None


def _address(url: object) -> str | None:
    from ...engines.urls import canonical_url

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
    from ...engines.ledger.ledger_model import copy_root

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


def _sources(claim: Mapping) -> list[str]:
    out = []
    for ev in claim.get("evidence") or []:
        sid = ev.get("source_id") if isinstance(ev, Mapping) else None
        if isinstance(sid, str) and sid not in out:
            out.append(sid)
    return out
