"""Hostile edits of workspace files: each ends in a clear E- finding, never a traceback,
never a lost claim, never a file written outside the workspace."""

from __future__ import annotations

import json
import os

import pytest
from conftest import ROOT, sb
from verify_kit import good_workspace

HAS_CLAIM_SCHEMA = os.path.isfile(os.path.join(ROOT, "schemas", "claims.schema.json"))
HAS_PLAN_SCHEMA = os.path.isfile(os.path.join(ROOT, "schemas", "plan.schema.json"))
HAS_ADJ_SCHEMA = os.path.isfile(os.path.join(ROOT, "schemas", "adjudications.schema.json"))


def _claims(doc, fn):
    fn(doc["claims"][0])
    return doc


def _ev(doc, key, value):
    doc["claims"][0]["evidence"][0][key] = value
    return doc


CLAIMS_EDITS = {
    "truncated": lambda d: json.dumps(d)[:40],
    "empty-file": lambda d: "",
    "list-root": lambda d: [],
    "wrong-key": lambda d: {"schema_version": 1, "claim": d["claims"]},
    "claims-string": lambda d: {"schema_version": 1, "claims": "all of them"},
    "claim-number": lambda d: {"schema_version": 1, "claims": [42] + d["claims"][1:]},
    "evidence-string": lambda d: _claims(d, lambda c: c.update(evidence="see page 4")),
    "evidence-null-item": lambda d: _claims(d, lambda c: c.update(evidence=[None])),
    "start-string": lambda d: _ev(d, "start", "5"),
    "start-negative": lambda d: _ev(d, "start", -3),
    "offsets-reversed": lambda d: _ev(d, "end", 1),
    "end-float": lambda d: _ev(d, "end", 3.5),
    "start-bool": lambda d: _ev(d, "start", True),
    "source-dotdot": lambda d: _ev(d, "source_id", "../../../etc/passwd"),
    "source-number": lambda d: _ev(d, "source_id", 42),
    "source-embedded-dotdot": lambda d: _ev(d, "source_id", "src_/../../x"),
    "quote-number": lambda d: _ev(d, "quote", 123),
    "parts-string": lambda d: _ev(d, "parts", "x"),
    "parts-numbers": lambda d: _ev(d, "parts", [1, 2]),
    "id-dotdot": lambda d: _claims(d, lambda c: c.update(id="../../x")),
    "recheck-file": lambda d: _claims(d, lambda c: c.update(recheck="file:///etc/passwd")),
    "deep-nesting": lambda d: "[" * 100000 + "]" * 100000,
    "not-utf8": lambda d: b"\xff\xfe{",
}
SCHEMA_EDITS = {
    "text-object": lambda d: _claims(d, lambda c: c.update(text={"a": 1})),
    "text-null": lambda d: _claims(d, lambda c: c.update(text=None)),
    "confidence-bogus": lambda d: _claims(d, lambda c: c.update(confidence="bogus")),
    "confidence-null": lambda d: _claims(d, lambda c: c.update(confidence=None)),
    "status-deleted": lambda d: _claims(d, lambda c: c.update(status="deleted")),
    "kind-number": lambda d: _claims(d, lambda c: c.update(kind=7)),
    "volatile-string": lambda d: _claims(d, lambda c: c.update(volatile="yes")),
    "contradicts-string": lambda d: _claims(d, lambda c: c.update(contradicts="x")),
}


def _write(path, value):
    if isinstance(value, bytes):
        data = value
    elif isinstance(value, str):
        data = value.encode()
    else:
        data = json.dumps(value).encode()
    with open(path, "wb") as fh:
        fh.write(data)


def _check(root, tmp_path):
    before = sorted(os.listdir(tmp_path))
    claims_before = open(os.path.join(root, "ledger", "claims.json"), "rb").read()
    r = sb("verify", cwd=root)
    assert r.rc == 2, r.both
    assert "Traceback" not in r.both and "E-INTERNAL" not in r.both, r.both
    assert any(ln.startswith("E-") for ln in r.err.splitlines()), r.both
    assert open(os.path.join(root, "ledger", "claims.json"), "rb").read() == claims_before  # nothing lost
    assert sorted(os.listdir(tmp_path)) == before  # nothing written beside the workspace
    return r


@pytest.mark.parametrize("name", sorted(CLAIMS_EDITS))
def test_hostile_claims(ws, tmp_path, name):
    good_workspace(ws)
    path = os.path.join(ws, "ledger", "claims.json")
    doc = json.load(open(path))
    _write(path, CLAIMS_EDITS[name](doc))
    _check(ws, tmp_path)


@pytest.mark.skipif(not HAS_CLAIM_SCHEMA, reason="claims schema not installed")
@pytest.mark.parametrize("name", sorted(SCHEMA_EDITS))
def test_hostile_claims_schema(ws, tmp_path, name):
    good_workspace(ws)
    path = os.path.join(ws, "ledger", "claims.json")
    doc = json.load(open(path))
    _write(path, SCHEMA_EDITS[name](doc))
    r = _check(ws, tmp_path)
    assert "E-SCHEMA" in r.err


OTHER_EDITS = {
    "adjudications-truncated": ("ledger/adjudications.json", '{"adjudications": [', True),
    "adjudications-list": ("ledger/adjudications.json", [], True),
    "adjudications-claim-ids-string": ("ledger/adjudications.json", {"schema_version": 1, "adjudications": [
        {"cluster_id": "cls_000000000000", "topic_key": "x", "claim_ids": "x", "outcome": "supersede",
         "reason": "r" * 25, "decided_at": "2026-01-01T00:00:00Z"}]}, True),
    "plan-truncated": ("plan.json", '{"type": "ans', True),
    "plan-list": ("plan.json", [], True),
    "plan-sections-string": ("plan.json", {"schema_version": 1, "type": "answer", "title": "T" * 5,
                                           "thesis": "a thesis text", "sections": "x"}, HAS_PLAN_SCHEMA),
    "plan-claim-ids-junk": ("plan.json", {"schema_version": 1, "type": "answer", "title": "Ferry",
                                          "thesis": "a thesis text", "sections": [
                                              {"id": "a", "heading": "A", "claim_ids": [1, None, "../x"]}]}, True),
    "plan-type-number": ("plan.json", {"schema_version": 1, "type": 5, "title": "Ferry", "thesis": "a thesis text",
                                       "sections": []}, HAS_PLAN_SCHEMA),
    "manifest-truncated": ("sourcebook.json", '{"schema_version": 1, "sta', True),
    "manifest-revise-string": ("sourcebook.json", None, True),
    "manifest-capabilities-list": ("sourcebook.json", None, True),
}


@pytest.mark.parametrize("name", sorted(OTHER_EDITS))
def test_hostile_other_files(ws, tmp_path, name):
    good_workspace(ws)
    rel, value, runs = OTHER_EDITS[name]
    if not runs:
        pytest.skip("needs a schema that is not installed")
    path = os.path.join(ws, rel)
    if value is None:
        m = json.load(open(path))
        if name == "manifest-revise-string":
            m["revise_count"] = "x"
        else:
            m["capabilities"] = ["web"]
        value = m
    _write(path, value)
    _check(ws, tmp_path)


@pytest.mark.parametrize("edit", ["truncated", "list", "tier-z", "status-number", "id-other"])
def test_hostile_source_json(ws, tmp_path, edit):
    ids, _ = good_workspace(ws)
    path = os.path.join(ws, "sources", ids["trade"], "source.json")
    rec = json.load(open(path))
    value = {"truncated": json.dumps(rec)[:30], "list": [], "tier-z": dict(rec, tier="Z"),
             "status-number": dict(rec, status=5), "id-other": dict(rec, id="src_ffffffffffff")}[edit]
    _write(path, value)
    _check(ws, tmp_path)


def test_hostile_normalized_bytes(ws, tmp_path):
    ids, _ = good_workspace(ws)
    _write(os.path.join(ws, "sources", ids["operator"], "normalized.md"), b"\xff\xfe\x00garbage")
    r = _check(ws, tmp_path)
    assert "E-NORM-DRIFT" in r.err


def test_symlinked_normalized_outside_is_drift(ws, tmp_path):
    ids, _ = good_workspace(ws)
    outside = tmp_path / "outside.md"
    outside.write_text("secret\n")
    p = os.path.join(ws, "sources", ids["operator"], "normalized.md")
    os.unlink(p)
    os.symlink(outside, p)
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and "E-NORM-DRIFT" in r.err and "secret" not in r.both
