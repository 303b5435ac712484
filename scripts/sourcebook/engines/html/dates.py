"""What a reader needs to know of a page beyond its text: byline, publisher, published and
modified dates, each with the tag that said it.

Every place a page states a date is read: ``<meta>`` (Open Graph ``article:*``, Dublin Core,
``itemprop``), the article's JSON-LD item, and ``<time datetime>``. When the places that state a
date agree (on the day; or on the instant, for times given with their zone) the date is kept
with the first tag that gave it (``published_from``); when they disagree, or a date cannot be
read as a day, nothing is guessed: the date is left empty and ``dates_note`` says what the page
claimed and where.
"""

from __future__ import annotations

from datetime import datetime, timezone

# Where a publication date is stated, most specific first: (meta name, label).
PUBLISHED_META = ("article:published_time", "datepublished", "date", "pubdate", "publishdate",
                  "dc.date", "dc.date.issued", "dcterms.created", "dcterms.issued", "sailthru.date",
                  "parsely-pub-date", "og:published_time")
MODIFIED_META = ("article:modified_time", "datemodified", "og:updated_time", "last-modified",
                 "dcterms.modified", "dc.date.modified")
BYLINE_META = ("author", "article:author", "parsely-author", "dc.creator", "sailthru.author", "byl")


def _instant(raw: str) -> datetime | None:
    """The moment a date-time with a zone names (to compare across zones), else None."""
    s = raw.strip().replace("Z", "+00:00").replace("z", "+00:00")
    if len(s) < 16 or "T" not in s and " " not in s[:11]:
        return None
    try:
        dt = datetime.fromisoformat(s)
    except ValueError:
        return None
    return dt.astimezone(timezone.utc) if dt.tzinfo else None


def settle(claims: list[tuple[str, str]], day_of) -> tuple[str | None, str | None, str | None]:
    """(date, tag that said it, note) from a page's claims ``(raw value, tag)``, in order of
    preference. ``day_of`` reads a raw value as ``YYYY-MM-DD`` or returns it unchanged."""
    if not claims:
        return None, None, None
    read: list[tuple[str, str, str]] = []  # (day, raw, tag)
    unreadable: list[tuple[str, str]] = []
    for raw, tag in claims:
        day = day_of(raw)
        if len(day) == 10 and day[4] == "-" and day[7] == "-":
            read.append((day, raw, tag))
        else:
            unreadable.append((raw, tag))
    if not read:
        shown = "; ".join(f"{raw[:40]!r} ({tag})" for raw, tag in unreadable[:3])
        return None, None, f"not read as a date: {shown}"
    first_day, first_raw, first_tag = read[0]
    first_at = _instant(first_raw)
    differ = []
    for day, raw, tag in read[1:]:
        if day == first_day:
            continue
        at = _instant(raw)
        if first_at is not None and at is not None and abs((at - first_at).total_seconds()) < 60:
            continue  # the same moment written in another zone
        differ.append((day, tag))
    if differ:
        seen = [(first_day, first_tag)] + differ
        shown = ", ".join(f"{d} ({t})" for d, t in seen[:4])
        return None, None, f"the page states different dates: {shown}"
    return first_day, first_tag, None
