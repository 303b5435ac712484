"""Typed records for the workspace files (CONTRACT 3.3, 3.5, 3.6).

These are the shapes passed between modules; the JSON files are their serialised form.
"""

from __future__ import annotations

from typing import Optional, TypedDict


class Extraction(TypedDict, total=False):
    tool: str
    version: int
    ok: bool
    notes: list[str]


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
    error: Optional[str]
    title: Optional[str]
    author: Optional[str]
    publisher: Optional[str]
    published_at: Optional[str]
    lang: Optional[str]
    license: Optional[str]
    media_type: str
    charset: Optional[str]
    raw_sha256: str
    normalized_sha256: str
    normalizer_version: int
    extraction: Extraction


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


class Ack(TypedDict):
    at: str
    reason: str


class Claim(TypedDict, total=False):
    id: str
    text: str
    topic_key: str
    kind: str
    confidence: str
    evidence: list[Evidence]
    volatile: bool
    as_of: Optional[str]
    recheck: Optional[str]
    contradicts: list[str]
    status: str  # active | superseded | retracted
    superseded_by: Optional[str]
    notes: str
    narrowed_from: Optional[str]
    narrowed_to: Optional[str]
    limitation: Optional[str]
    status_reason: Optional[str]
    acks: list[Ack]


class Adjudication(TypedDict, total=False):
    cluster_id: str
    topic_key: str
    claim_ids: list[str]
    outcome: str  # supersede | both_stand | scope_split | retract
    reason: str
    decided_at: str
    winner: Optional[str]


CLAIM_KINDS = ("fact", "number", "date", "entity", "quote", "definition", "interpretation", "recommendation")
CONFIDENCES = ("verified", "reported", "contested", "inferred", "unsupported")
CONF_RANK = {"unsupported": 0, "inferred": 1, "reported": 2, "contested": 3, "verified": 4}
CLAIM_STATUSES = ("active", "superseded", "retracted")
TIERS = ("A", "B", "C", "D")
SOURCE_STATUSES = ("pending", "needs_extraction", "ready", "failed")
ARTIFACT_TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")
