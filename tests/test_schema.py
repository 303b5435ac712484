"""The compiled schema checker agrees with the reference walker, finding for finding."""

from __future__ import annotations

import copy
import json
import os
import random

from conftest import ROOT

VALUES = [None, True, 0, -3, 2.5, "", "x", "2026-01-01", "bad-date", "src_0123456789ab", "http://a",
          [], [1], {}, {"a": 1}, "A", "verified", 10**9]

SAMPLES = {
    "source": {"schema_version": 1, "id": "src_0123456789ab", "kind": "file", "locator": "a.md",
               "canonical_locator": "a.md", "tier": "A", "tier_reason": "official", "status": "ready",
               "retrieved_at": "2026-01-01T00:00:00Z", "raw_sha256": "0" * 64, "normalized_sha256": "1" * 64,
               "normalizer_version": 1, "title": "A", "media_type": "text/markdown", "charset": None,
               "extraction": {"tool": "sb.text", "version": 1, "ok": True, "notes": []}, "error": None},
    "manifest": None,
}


def _paths(o, p=()):
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, p + (i,))


def _set(o, p, v):
    for k in p[:-1]:
        o = o[k]
    o[p[-1]] = v


def test_compiled_checker_matches_the_reference_walker():
    from sourcebook.base import schema as S
    from sourcebook.domain.workspace.layout import new_manifest

    rng = random.Random(7)
    docs = [("source", SAMPLES["source"]), ("manifest", new_manifest("q"))]
    for name in ("claims", "plan", "adjudications"):
        path = os.path.join(ROOT, "examples", "demo", "claims.json")
        if name == "claims" and os.path.isfile(path):
            raw = json.load(open(path, encoding="utf-8"))
            docs.append(("claims", {"schema_version": 1, "claims": [
                {"id": "clm_0123456789ab", "text": c["text"], "topic_key": c["topic_key"], "kind": c["kind"],
                 "confidence": c["confidence"], "evidence": [{"source_id": "src_0123456789ab", "start": 0, "end": 5,
                                                              "quote": "hello"}]} for c in raw["claims"][:3]]}))
    checked = 0
    for name, doc in docs:
        schema = S.load_schema(name)
        spots = [p for p in _paths(doc) if p]
        for _ in range(400):
            d = copy.deepcopy(doc)
            for p in rng.sample(spots, min(len(spots), rng.randint(1, 3))):
                try:
                    _set(d, p, rng.choice(VALUES))
                except (KeyError, IndexError, TypeError):
                    pass
            ref: list = []
            S._walk(d, schema, (), ref)
            fast: list = []
            S._compile(schema)(d, (), fast)
            assert ref == fast, (name, d)
            checked += 1
    assert checked >= 1200
