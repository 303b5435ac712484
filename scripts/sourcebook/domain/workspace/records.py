"""Typed records for the workspace files (compatibility: source.json, claims.json, adjudications.json).

These are the shapes passed between modules; the JSON files are their serialised form.
"""

from __future__ import annotations

from ...base.ids import is_src_id

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)

if TYPE_CHECKING:  # at run time every record is a plain dict: importing typing costs ~10 ms of start-up
    from typing import TypedDict

    class Extraction(TypedDict, total=False):
        tool: str
        version: int
        ok: bool
        notes: list[str]


    class Attestation(TypedDict):
        reason: str
        at: str


    class SourceRecord(TypedDict, total=False):
        schema_version: int
        id: str
        kind: str  # url | file | paste
        locator: str
        canonical_locator: str
        tier: str  # A | B | C | D
        tier_reason: str
        retrieved_at: str
        status: str  # pending | needs_extraction | ready | failed
        error: str | None
        title: str | None
        title_from: str  # "page" | "file name": sourcebook took it; absent when the user gave it
        author: str | None
        publisher: str | None
        published_at: str | None
        lang: str | None
        license: str | None
        media_type: str
        charset: str | None
        raw_sha256: str
        normalized_sha256: str
        normalizer_version: int
        extraction: Extraction
        canonical_url: str | None  # the page's own <link rel=canonical>, when it has one
        fetch: dict  # script mode: final URL, HTTP status, robots, the fetcher's notes
        same_as: str | None  # the source this one is a copy or edition of (one source for corroboration)
        same_as_basis: str  # bytes | text | near (found by sb) | user (declared or undone by the user)
        url: str  # the public address of a local copy (`sb add --url`, `sb source set url=`)
        origin: str  # fetched | capture | agent | paste | file: how the bytes reached the workspace
        attestation: Attestation  # a person vouches for pasted text or a supplied capture
        # What an HTML page says of itself, each with the tag that said it ("meta property=...",
        # "json-ld datePublished", "time datetime"); dates are YYYY-MM-DD, never a guess among several.
        byline: str
        byline_from: str
        publisher_from: str
        published: str
        published_from: str
        modified: str
        modified_from: str
        dates_note: str  # conflicting or unreadable dates the page states, and where




    class Part(TypedDict):
        start: int
        end: int
        quote: str


    class Evidence(TypedDict, total=False):
        source_id: str
        start: int
        end: int
        quote: str
        quote_sha256: str
        length: int
        redacted: bool
        parts: list[Part]


    # A derived claim's computation: op (difference | sum | ratio | percent_change), the input claim
    # ids in order ("clm_...", or "clm_...=FIGURE" to name one of several), the decimal places.
    Derived = TypedDict("Derived", {"op": str, "from": list[str], "round": int}, total=False)


    class _AckBase(TypedDict):
        at: str
        reason: str


    class Ack(_AckBase, total=False):
        flags: list[str]  # the review flags this ack answers (keys from ledger.provenance)


    class Claim(TypedDict, total=False):
        id: str
        text: str
        topic_key: str
        kind: str
        confidence: str
        evidence: list[Evidence]
        volatile: bool
        as_of: str | None
        recheck: str | None
        contradicts: list[str]
        status: str  # active | superseded | retracted
        superseded_by: str | None
        notes: str
        narrowed_from: str | None
        narrowed_to: str | None
        unpublished: bool  # narrowed before any built page showed it: no History entry, no trace
        limitation: str | None
        status_reason: str | None
        acks: list[Ack]
        derived: Derived  # kind derived: the figure is computed from other claims


    class Adjudication(TypedDict, total=False):
        cluster_id: str
        topic_key: str
        claim_ids: list[str]
        outcome: str  # supersede | both_stand | scope_split | retract
        reason: str
        decided_at: str
        winner: str | None
else:
    Extraction = Attestation = SourceRecord = Part = Evidence = Derived = Ack = Claim = Adjudication = dict


CLAIM_KINDS = ("fact", "number", "date", "entity", "quote", "definition", "interpretation", "recommendation",
               "derived")
CONFIDENCES = ("verified", "reported", "contested", "inferred", "unsupported")
CONF_RANK = {"unsupported": 0, "inferred": 1, "reported": 2, "contested": 3, "verified": 4}
CLAIM_STATUSES = ("active", "superseded", "retracted")
TIERS = ("A", "B", "C", "D")
SOURCE_STATUSES = ("pending", "needs_extraction", "ready", "failed")
ARTIFACT_TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")


_STATUSES = ("pending", "needs_extraction", "ready", "failed")


def record_problem(rec: dict, sid: str) -> tuple[str, str] | None:
    """(field, what is wrong) when a record cannot be trusted to name its own files, else None.

    Every path sb builds for a source comes from its id, so an id that is not ``src_`` and 12
    hex digits, or not the record's own folder, could point anywhere (``../..``): such a record
    is refused before anything is read through it. A record without a status, or a record past
    ``pending`` without its extraction, cannot say what its text is.
    """
    rid = rec.get("id")
    if not is_src_id(rid):
        return "id", f"{str(rid)[:60]!r} is not a source id (src_ and 12 hex digits)"
    if rid != sid:
        return "id", f"the record's id {rid} is not its folder's name {sid}"
    status = rec.get("status")
    if status not in _STATUSES:
        return "status", "missing" if status is None else f"{str(status)[:40]!r} is not a source status"
    if status != "pending" and not isinstance(rec.get("extraction"), dict):
        return "extraction", "missing: a source past pending records how its text was extracted"
    return None
