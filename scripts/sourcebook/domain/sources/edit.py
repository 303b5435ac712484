"""``sb source set``: change what is said about a source, never its text, id or hashes.

Field names agree with ``sb add``: ``tier``, ``reason`` (the record's ``tier_reason``),
``published`` (the publication date, ``YYYY-MM-DD``; ``published_at`` too), ``title``, ``author``,
``publisher``, ``lang``, ``license``, ``byline`` and ``modified`` (what the extractor reads from a
page: a value set here is the user's, marked ``sb source set``, and re-extraction keeps it),
plus ``charset``, ``url`` (the public address of a local copy, http(s) only: as with ``sb add
FILE --url``, the file is then a capture, tier C or D unless attested), ``same_as`` (``SRC``
declares the two one document, ``none`` undoes a link) and ``attest`` (a person's reason to trust
pasted text or a supplied capture, which tier A or B needs; ``attest=`` withdraws it). A copy is
no better rated than the source it copies unless attested. A licence is one of ``public-domain``,
``cc-by``, ``cc-by-sa``, ``own`` or ``unknown``; a free one lifts the ledger's quote budget.
A change of tier, reason, title, publisher, author or ``same_as`` is recorded in the workspace history, so a re-rating is
never silent (a re-add cannot change them at all).
"""

from __future__ import annotations

from ...base.errors import SbError
from ...engines.ledger.origin import USER_SET
from ..workspace.layout import Workspace
from ..workspace.records import SourceRecord
from .store import load_source, save_source

EDITABLE = ("title", "author", "publisher", "published_at", "lang", "license", "charset", "tier", "tier_reason",
            "same_as", "url", "attest", "byline", "published", "modified")
# the names `sb add` uses; published_at, the name `sb source show` prints, is the publication
# date `published` sets (with published_from), never a second date beside it
ALIASES = {"reason": "tier_reason", "published_at": "published"}
# What a page states of itself (read by the extractor, each with the tag that said it): a value
# set here is marked as the user's, and a later extraction keeps it.
READER = ("byline", "published", "modified")
# who a source is and who published it decide how a reader weighs it: a change is on record
RECORDED = ("tier", "tier_reason", "url", "license", "attestation", "title", "publisher", "author")


def parse_pairs(pairs: list[str]) -> list[tuple[str, str]]:
    out = []
    for pair in pairs:
        if "=" not in pair:
            raise SbError("E-USAGE", pair, "expected field=value")
        key, value = pair.split("=", 1)
        typed = key.strip()
        key = ALIASES.get(typed, typed.replace("-", "_"))
        key = ALIASES.get(key, key)
        if key not in EDITABLE:
            import difflib

            names = ["tier", "reason"] + [k for k in EDITABLE if k not in ("tier", "tier_reason")]
            near = difflib.get_close_matches(key, names + list(ALIASES.values()), n=1, cutoff=0.6)
            hint = f"did you mean {near[0]}? " if near else ""
            raise SbError("E-USAGE", typed, f"not a field sb source set changes; {hint}nothing was changed (the "
                                            f"fields of one set are applied together or not at all). "
                                            f"Fields: {', '.join(names)}")
        out.append((key, value))
    return out


def check_url(value: str, subject: str) -> str:
    """The public address of a source: http(s), a host, no user name or password."""
    from ...engines.urls import BadURL, canonical_url, has_credentials, is_url

    text = value.strip()
    if not is_url(text):
        raise SbError("E-SOURCE-URL", subject, f"{text[:80]!r} is not an http(s) address; give the page's public "
                                               "URL (https://...), or url= to clear it")
    if has_credentials(text):
        raise SbError("E-SOURCE-URL", subject, "the address carries a user name or password; give it without them "
                                               "(it is shown to every reader)")
    try:
        canonical_url(text)
    except BadURL as exc:
        raise SbError("E-SOURCE-URL", subject, f"{exc}; give the page's public URL") from None
    return text


def check_license(value: str, subject: str) -> str:
    """One of the licences the quote budget knows; common spellings (``CC BY 4.0``) are accepted."""
    from ...engines.ledger.quote_view import LICENSES, canonical_license

    known = canonical_license(value)
    if known is None:
        raise SbError("E-SOURCE-LICENSE", subject, f"{value.strip()[:60]!r} is not a licence sb knows; use one of "
                                                   f"{', '.join(LICENSES)} (a free one, all but unknown, lifts the "
                                                   "quote budget)")
    return known


def _set_reader(rec: SourceRecord, key: str, value: str, sid: str) -> None:
    """Set (or with an empty value clear) the byline or a date the page states, as the user's
    reading: ``KEY_from`` says ``sb source set`` and a note on that date's conflict goes. A date is
    ``YYYY-MM-DD`` (any form sb reads as a date is accepted); ``published`` sets
    ``published_at`` too, and when it is not a day (a year) only that."""
    from ...engines.html.meta import normalize_date

    text = " ".join(value.split())
    shown = text  # what the record keeps (a date as YYYY-MM-DD)
    if key in ("published", "modified") and text:
        day = normalize_date(text)
        if len(day) == 10 and day[4] == "-" and day[7] == "-":
            shown = text = day
        elif key == "published":  # a year, a season: kept as the publication date's text
            shown = ""
        else:
            raise SbError("E-USAGE", sid, f"modified={text[:40]!r} is not a date; give it as YYYY-MM-DD (or "
                                          "modified= to clear it); nothing was changed")
    if shown:
        rec[key] = shown  # type: ignore[literal-required]
    else:
        rec.pop(key, None)  # type: ignore[misc]
    if text:
        rec[key + "_from"] = USER_SET  # type: ignore[literal-required]
    else:
        rec.pop(key + "_from", None)  # type: ignore[misc]
    if key == "published":
        rec["published_at"] = text or None
    if key != "byline" and rec.get("dates_note"):
        note = without_user_dates(str(rec["dates_note"]), {key})
        if note:
            rec["dates_note"] = note
        else:
            rec.pop("dates_note", None)  # type: ignore[misc]


def without_user_dates(note: str, keys: set[str]) -> str | None:
    """``dates_note`` less its parts on the dates in ``keys`` ("published: ...; modified: ...")."""
    import re

    parts = re.split(r"; (?=(?:published|modified): )", note)
    return "; ".join(p for p in parts if p.split(":", 1)[0] not in keys) or None


def keeps_user_value(rec: SourceRecord, key: str) -> bool:
    """True when ``key`` (a reader field, or its ``_from``) holds a value the user set, which a
    re-extraction keeps."""
    base = key.removesuffix("_from")
    return base in READER and rec.get(base + "_from") == USER_SET


def edit_source(ws: Workspace, sid: str, pairs: list[str]) -> tuple[SourceRecord, list[str]]:
    """Apply ``field=value`` pairs; returns the saved record and the history notes written."""
    from ...base.schema import check
    from ...engines.ledger.origin import attestation as attestation_reason
    from ...engines.ledger.origin import origin_of
    from .copies import copy_tier_problem, set_same_as
    from .origin import attestation, check_tier

    parsed = parse_pairs(pairs)
    rec = load_source(ws, sid)
    notes: list[str] = []
    for key, value in parsed:
        if key == "attest":
            before_att = rec.get("attestation")
            att = attestation(value)
            if att is None:
                rec.pop("attestation", None)  # type: ignore[misc]
            else:
                rec["attestation"] = att
            if before_att != rec.get("attestation"):
                notes.append(f"source {sid}: attestation {value.strip()!r}" if att else
                             f"source {sid}: attestation withdrawn")
            continue
        if key == "same_as":
            rec, note = set_same_as(ws, sid, value)
            notes.append(note)
            continue
        if key in READER:
            _set_reader(rec, key, value, sid)
            continue
        typed = " ".join(value.split())  # as given: a licence is stored by the name sb reads it as
        if key == "url" and value.strip():
            value = check_url(value, sid)
        elif key == "license" and value.strip():
            value = check_license(value, sid)
        before = rec.get(key)
        rec[key] = value if value != "" or key == "tier_reason" else None  # type: ignore[literal-required]
        if key == "url" and rec.get("url") is None:
            rec.pop("url", None)  # type: ignore[misc]
        if key == "url" and rec.get("kind") == "file":
            # as `sb add FILE --url`: a local file with a public address is a copy of that page
            # sourcebook did not fetch (a capture, tier C unless attested); without one, a file
            origin = "capture" if rec.get("url") else "file"
            if rec.get("origin") != origin:
                notes.append(f"source {sid}: origin {rec.get('origin')!r} -> {origin!r}")
                rec["origin"] = origin  # type: ignore[typeddict-item]
        if key in RECORDED and before != rec.get(key):
            read_as = ""
            if key == "license" and typed.casefold() != str(rec.get(key)).casefold():
                read_as = f" ({typed} is read as {rec.get(key)})"  # an SPDX id or a spelling sb maps
            notes.append(f"source {sid}: {key} {before!r} -> {rec.get(key)!r}{read_as}")
        if key == "publisher" and rec.get("publisher_from") and before != rec.get(key):
            rec["publisher_from"] = USER_SET  # the page's tag no longer says what is shown
        if key == "title" and before != rec.get(key):
            rec.pop("title_from", None)  # type: ignore[misc]  # the user's words now, checked as such
    check_tier(origin_of(rec), str(rec.get("tier")), attestation_reason(rec), sid, edit=True)
    copy_tier_problem(ws, rec)
    problems = check(rec, "source", f"sources/{sid}/source.json")
    if problems:
        raise SbError("E-SCHEMA", sid, problems[0].split("  ", 2)[-1] + "; nothing saved")
    save_source(ws, rec)
    for note in notes:
        ws.record("COLLECT", note, set_state=False)
    return rec, notes
