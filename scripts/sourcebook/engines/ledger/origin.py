"""Where a source's text came from, in words a reader understands.

A source record says how its bytes reached the workspace (``origin``):

- ``fetched``: sourcebook fetched the URL itself (script mode), "fetched by sourcebook on DATE";
- ``capture``: the author supplied the bytes of a page (``sb add URL --file SAVED``, or a local
  file with ``--url``), "a capture supplied by the author, not fetched by sourcebook";
- ``agent``: a URL whose bytes the agent saved (agent mode), described the same way;
- ``paste``: pasted text (``--text``, ``--stdin``), "text pasted by the author";
- ``file``: a local file, "a local file supplied by the author".

A record written before origins were recorded is read by its ``kind`` (paste, file, a URL with
or without a fetch record); one that says nothing usable is "origin not recorded". A person's
attestation (``attestation.reason``) is shown beside the origin. Pasted text and supplied
captures are tier C or D unless attested (``NEEDS_ATTEST``). Pure: records in, words out.
"""

from __future__ import annotations

from collections.abc import Mapping

ORIGINS = ("fetched", "capture", "agent", "paste", "file")
NEEDS_ATTEST = frozenset({"paste", "capture"})  # nobody but the author vouches for these bytes
STRONG_TIERS = frozenset({"A", "B"})
NOT_RECORDED = "origin not recorded"


def origin_of(rec: Mapping | None) -> str | None:
    """The recorded origin, else the one the record's kind implies, else None."""
    if not rec:
        return None
    got = rec.get("origin")
    if isinstance(got, str) and got in ORIGINS:
        return got
    kind = rec.get("kind")
    if kind == "paste":
        return "paste"
    if kind == "file":
        return "capture" if rec.get("url") else "file"
    if kind == "url":
        return "fetched" if isinstance(rec.get("fetch"), Mapping) else "agent"
    return None


def attestation(rec: Mapping | None) -> str | None:
    """The reason a person gave for trusting the source's bytes, or None."""
    att = rec.get("attestation") if rec else None
    reason = att.get("reason") if isinstance(att, Mapping) else None
    return reason.strip() if isinstance(reason, str) and reason.strip() else None


def origin_words(rec: Mapping | None) -> str:
    """The origin as the ledger, the source list and PROVENANCE.json say it."""
    origin = origin_of(rec)
    if origin is None or rec is None:
        words = NOT_RECORDED
    elif origin == "fetched":
        day = rec.get("retrieved_at")
        words = f"fetched by sourcebook on {day[:10]}" if isinstance(day, str) and day[:10] else "fetched by sourcebook"
    elif origin in ("capture", "agent"):
        words = "a capture supplied by the author, not fetched by sourcebook"
    elif origin == "paste":
        words = "text pasted by the author"
    else:
        words = "a local file supplied by the author"
    reason = attestation(rec)
    if reason:
        words += f"; attested: {reason}"
    return words


def needs_attestation(origin: str | None, tier: object) -> bool:
    """Pasted text and supplied captures rate A or B only when a person attests."""
    return origin in NEEDS_ATTEST and tier in STRONG_TIERS


def byline_of(rec: Mapping | None) -> str:
    """Who wrote the source, as its record says (``byline``, else ``author``); "" when unrecorded."""
    for key in ("byline", "author"):
        got = (rec or {}).get(key)
        if isinstance(got, str) and got.strip():
            return " ".join(got.split())
    return ""


def published_of(rec: Mapping | None) -> str:
    """When the source was published, as its record says (``published``, else ``published_at``;
    a timestamp is shown as its day); "" when unrecorded."""
    for key in ("published", "published_at"):
        got = (rec or {}).get(key)
        if isinstance(got, str) and got.strip():
            got = got.strip()
            return got[:10] if len(got) > 10 and got[4:5] == "-" and got[10:11] in ("T", " ") else " ".join(got.split())
    return ""


USER_SET = "sb source set"  # a reader field's ``_from`` when the user set it, not the page
AS_RECORDED = ", as the author recorded it"  # what a byline or date the user set says of itself


def credit_words(rec: Mapping | None) -> list[str]:
    """The byline and publication date a ledger entry shows beside its source ("by Ana Ruiz",
    "published 2019-11-20"), each only when the record has it; one the user set rather than
    the page says so ("by Ana Ruiz, as the author recorded it"): a reader must not take it for
    the source's own word."""
    out = []
    rec = rec or {}
    by, publisher = byline_of(rec), rec.get("publisher")
    told = AS_RECORDED
    if by and not (isinstance(publisher, str) and " ".join(publisher.split()).casefold() == by.casefold()):
        # a byline that only repeats the publisher says nothing more
        out.append(f"by {by}" + (told if rec.get("byline_from") == USER_SET else ""))
    if published_of(rec):
        out.append(f"published {published_of(rec)}" + (told if rec.get("published_from") == USER_SET else ""))
    return out
