"""Helpers for ledger tests: ready sources written directly, claims written or added."""

from __future__ import annotations

import json
import os

from conftest import sb

from sourcebook.base.ids import claim_id, sha256_text, src_id


def make_source(root, text: str, *, name: str = "doc", tier: str = "A", publisher: str | None = None,
                title: str | None = None, locator: str | None = None, kind: str = "file") -> str:
    """Write a ready source folder (source.json + normalized.md) and return its id."""
    locator = locator or f"input/{name}.md"
    sid = src_id(locator, sha256_text(text))
    d = os.path.join(str(root), "sources", sid)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "normalized.md"), "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
    with open(os.path.join(d, "raw.md"), "w", encoding="utf-8", newline="") as fh:
        fh.write(text)  # the capture the canonical text was made from: verify re-hashes it
    rec = {"schema_version": 1, "id": sid, "kind": kind, "locator": locator, "canonical_locator": locator,
           "tier": tier, "tier_reason": f"tier {tier} for tests", "retrieved_at": "2026-01-01T00:00:00Z",
           "status": "ready", "error": None, "title": title or name, "author": None, "publisher": publisher,
           "published_at": None, "lang": None, "license": None, "media_type": "text/markdown", "charset": None,
           "raw_sha256": sha256_text(text), "normalized_sha256": sha256_text(text), "normalizer_version": 1,
           "extraction": {"tool": "sb.text", "version": 1, "ok": True, "notes": []}}
    with open(os.path.join(d, "source.json"), "w", encoding="utf-8") as fh:
        json.dump(rec, fh, indent=2, sort_keys=True)
    return sid


def claim(text: str, topic: str = "topic.one", *, kind: str = "fact", confidence: str = "reported",
          evidence: list | None = None, **extra) -> dict:
    c = {"text": text, "topic_key": topic, "kind": kind, "confidence": confidence, "evidence": evidence or []}
    c.update(extra)
    return c


def ev(sid: str, text: str, quote: str, **extra) -> dict:
    start = text.index(quote)
    e = {"source_id": sid, "start": start, "end": start + len(quote), "quote": quote}
    e.update(extra)
    return e


def write_claims(root, claims: list[dict]) -> list[dict]:
    """Write claims.json directly (ids computed, defaults filled) and return the stored claims."""
    out = []
    for c in claims:
        full = {"evidence": [], "volatile": False, "as_of": None, "recheck": None, "contradicts": [],
                "status": "active", "superseded_by": None, "notes": ""}
        full.update(c)
        full["id"] = claim_id(full["text"])
        out.append(full)
    out.sort(key=lambda c: c["id"])
    path = os.path.join(str(root), "ledger", "claims.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"schema_version": 1, "claims": out}, fh, indent=2, sort_keys=True)
    return out


def add(root, *claims: dict):
    payload = list(claims) if len(claims) != 1 else claims[0]
    return sb("claim", "add", "--json", json.dumps(payload), cwd=root)


def last_id(result) -> str:
    return result.out.strip().split()[-1]


def check_draft(ws, text: str, ids: dict[str, str], *args: str):
    """`sb check-draft` of ``text`` (its ``{name}`` places filled with the claim ids of ``ids``),
    written as the workspace's draft.md; ``args`` go to the command (``--as brief``)."""
    (ws / "draft.md").write_text(text.format(**ids), encoding="utf-8")
    return sb("check-draft", "draft.md", *args, cwd=ws)


def assert_draft_ships(ws, text: str, ids: dict[str, str], artifact: str = "answer") -> None:
    """``text`` passes `sb check-draft`, renders as ``artifact`` and passes `sb verify` from
    scratch: the pre-flight and the gate say the same."""
    r = check_draft(ws, text, ids, *(("--as", artifact) if artifact != "answer" else ()))
    assert r.rc == 0, r.both
    assert sb("render", artifact, "--from", "draft.md", cwd=ws).rc == 0
    v = sb("verify", "--no-cache", cwd=ws)
    assert v.rc == 0, v.both
