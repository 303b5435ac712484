"""The review record (``ledger/review.json``): a person's marks, and what the last review showed.

A mark is a reviewer's decision on a sentence (``s-...``) or a claim (``clm_...``): ``ok`` or
``fix``, with a note, who and when, bound to the digest of what was judged (the sentence's
text with the claims it cites, or the claim's text with its evidence). Any later change to
either gives another digest, and the mark no longer counts (it is shown as void). Marks are
appended, never rewritten.

``shown`` is the digest of every sentence and claim of the last review page that differed from
the one before it (``before``), so "what changed since the last review" stays the same however
often the page is rendered again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping

from ...base import jsonio
from ...base.errors import SbError
from ..workspace.layout import Workspace

SCHEMA = 1
VERDICTS = ("ok", "fix")
MIN_NOTE_WORDS = 3  # a reason of fewer words ("ok", "looks fine") says nothing a reader can check


def digest(obj: object) -> str:
    data = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def claim_digest(claim: Mapping) -> str:
    """What a reviewer judged of a claim: its words, standing and evidence."""
    got = claim.get("evidence")
    evs: list = got if isinstance(got, list) else []
    ev = [{k: e.get(k) for k in ("source_id", "start", "end", "quote", "parts")} for e in evs if isinstance(e, dict)]
    return digest([claim.get("text"), claim.get("status", "active"), claim.get("confidence"), claim.get("as_of"),
                   claim.get("kind"), ev])


def sentence_id(page: str, text: str) -> str:
    return "s-" + hashlib.sha256(f"{page}\n{text}".encode("utf-8", "surrogatepass")).hexdigest()[:10]


def sentence_digest(page: str, where: str, text: str, kind: str, claim_digests: list[tuple[str, str]]) -> str:
    return digest([page, where, text, kind, sorted(claim_digests)])


def one_digest_per_id(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Sentence id -> the digest a mark on it binds to. The same words twice on one page (a
    title repeated as the heading) are one sentence to judge: their digests are joined, so one
    mark covers both and a change to either voids it."""
    seen: dict[str, list[str]] = {}
    for sid, dg in pairs:
        seen.setdefault(sid, [])
        if dg not in seen[sid]:
            seen[sid].append(dg)
    return {sid: dgs[0] if len(dgs) == 1 else digest(sorted(dgs)) for sid, dgs in seen.items()}


def load(ws: Workspace) -> dict:
    path = ws.review_path
    if not os.path.isfile(path):
        return {"schema_version": SCHEMA, "marks": [], "shown": None, "before": None}
    doc = jsonio.read_json(path, ws.rel(path))
    ok = (isinstance(doc, dict) and isinstance(doc.get("marks"), list)
          and all(isinstance(m, dict) and isinstance(m.get("target"), str) for m in doc["marks"])
          and isinstance(doc.get("shown"), (dict, type(None))) and isinstance(doc.get("before"), (dict, type(None))))
    if not ok:
        raise SbError("E-REVIEW-RECORD", ws.rel(path), "the review record is damaged (expected marks, shown and "
                      "before); restore it from version control, or move it aside to start a new record")
    return doc


def save(ws: Workspace, doc: dict) -> None:
    jsonio.write_json(ws.review_path, doc)


def latest_marks(doc: Mapping) -> dict[str, dict]:
    """The newest mark of each target."""
    out: dict[str, dict] = {}
    for m in doc.get("marks") or []:
        if isinstance(m, dict) and isinstance(m.get("target"), str):
            out[m["target"]] = m
    return out


def check_note(note: str | None) -> str:
    text = " ".join((note or "").split())
    if len(text.split()) < MIN_NOTE_WORDS:
        raise SbError("E-REVIEW-NOTE", "--note", f"say what you checked in {MIN_NOTE_WORDS} words or more (for "
                      "example: \"quote says the same; place is in paragraph 2\"); a reader of the record "
                      "must be able to check the reason")
    return text


def advance(doc: dict, snapshot: dict) -> dict | None:
    """Record what this review shows; returns the snapshot to compare with (None: a first review)."""
    base = baseline(doc, snapshot)
    if doc.get("shown") is None or not _same(doc["shown"], snapshot):
        doc["before"], doc["shown"] = doc.get("shown"), snapshot
    return base


def baseline(doc: Mapping, snapshot: Mapping) -> dict | None:
    """The review to compare with: the one before the last, when the last showed just this."""
    shown = doc.get("shown")
    if shown is not None and _same(shown, snapshot):
        return doc.get("before")
    return shown


def _same(a: Mapping, b: Mapping) -> bool:
    return a.get("sentences") == b.get("sentences") and a.get("claims") == b.get("claims")
