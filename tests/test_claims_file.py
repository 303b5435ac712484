"""Loading ledger/claims.json: hostile edits end in a clear E-JSON / E-SCHEMA, never a crash."""

from __future__ import annotations

import json
import os

import pytest
from ledger_helpers import claim, ev, make_source, write_claims

from sourcebook.base.errors import SbError
from sourcebook.domain.ledger.claims import claims_by_id, load_claims, save_claims
from sourcebook.domain.workspace.layout import Workspace

TEXT = "The ferry carries 120 cars. Service began on 2019-05-01.\n"


def _write(root, body: str) -> None:
    with open(os.path.join(str(root), "ledger", "claims.json"), "w", encoding="utf-8") as fh:
        fh.write(body)


def _good(root):
    sid = make_source(root, TEXT)
    return write_claims(root, [claim("The ferry carries 120 cars.", evidence=[ev(sid, TEXT, "The ferry carries 120 cars.")])])


def test_missing_file_is_empty(ws):
    assert load_claims(Workspace(str(ws))) == []


def test_round_trip_sorted_and_defaults(ws):
    stored = _good(ws)
    w = Workspace(str(ws))
    claims = load_claims(w)
    assert [c["id"] for c in claims] == [c["id"] for c in stored]
    save_claims(w, list(reversed(claims + [dict(claims[0], id="clm_000000000000", text="aaa zzz")])))
    data = json.load(open(w.claims_path, encoding="utf-8"))
    assert data["schema_version"] == 1
    assert [c["id"] for c in data["claims"]] == sorted(c["id"] for c in data["claims"])
    assert claims_by_id(load_claims(w))["clm_000000000000"]["text"] == "aaa zzz"


def _mutate(root, fn):
    stored = _good(root)
    data = {"schema_version": 1, "claims": stored}
    fn(data)
    _write(root, json.dumps(data))


HOSTILE = {
    "string offsets": (lambda d: d["claims"][0]["evidence"][0].update(start="3"), "/claims/0/evidence/0/start"),
    "negative offset": (lambda d: d["claims"][0]["evidence"][0].update(start=-4), "/claims/0/evidence/0/start"),
    "unknown confidence": (lambda d: d["claims"][0].update(confidence="bogus"), "/claims/0/confidence"),
    "unknown status": (lambda d: d["claims"][0].update(status="deleted"), "/claims/0/status"),
    "unknown kind": (lambda d: d["claims"][0].update(kind="rumour"), "/claims/0/kind"),
    "dotdot claim id": (lambda d: d["claims"][0].update(id="../../etc/passwd"), "/claims/0/id"),
    "dotdot source id": (lambda d: d["claims"][0]["evidence"][0].update(source_id="../src_x"), "/claims/0/evidence/0/source_id"),
    "evidence not a list": (lambda d: d["claims"][0].update(evidence={"source_id": "x"}), "/claims/0/evidence"),
    "claims not a list": (lambda d: d.update(claims={"a": 1}), "/claims"),
    "bool offset": (lambda d: d["claims"][0]["evidence"][0].update(end=True), "/claims/0/evidence/0/end"),
    "text not a string": (lambda d: d["claims"][0].update(text=["x"]), "/claims/0/text"),
    "bad topic": (lambda d: d["claims"][0].update(topic_key="Has Spaces"), "/claims/0/topic_key"),
    "bad superseded_by": (lambda d: d["claims"][0].update(superseded_by="../x"), "/claims/0/superseded_by"),
    "wrong schema version": (lambda d: d.update(schema_version=2), "/schema_version"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_edits_are_schema_errors(ws, name):
    fn, pointer = HOSTILE[name]
    _mutate(ws, fn)
    with pytest.raises(SbError) as exc:
        load_claims(Workspace(str(ws)))
    err = exc.value
    subjects = [err.subject] + [f.subject for f in err.findings]
    assert err.code == "E-SCHEMA"
    assert any(s == "ledger/claims.json" + pointer for s in subjects), subjects


def test_truncated_json_names_file_and_position(ws):
    _good(ws)
    body = open(os.path.join(str(ws), "ledger", "claims.json"), encoding="utf-8").read()
    _write(ws, body[: len(body) // 2])
    with pytest.raises(SbError) as exc:
        load_claims(Workspace(str(ws)))
    assert exc.value.code == "E-JSON" and exc.value.subject == "ledger/claims.json"
    assert "line" in exc.value.message


def test_claims_under_the_wrong_key(ws):
    stored = _good(ws)
    _write(ws, json.dumps({"schema_version": 1, "clams": stored}))
    with pytest.raises(SbError) as exc:
        load_claims(Workspace(str(ws)))
    assert exc.value.code == "E-SCHEMA" and "clams" in exc.value.message


def test_top_level_list_is_refused(ws):
    _write(ws, json.dumps(_good(ws)))
    with pytest.raises(SbError) as exc:
        load_claims(Workspace(str(ws)))
    assert exc.value.code == "E-SCHEMA"


def test_duplicate_ids_refused(ws):
    stored = _good(ws)
    _write(ws, json.dumps({"schema_version": 1, "claims": stored + stored}))
    with pytest.raises(SbError) as exc:
        load_claims(Workspace(str(ws)))
    assert "duplicate" in exc.value.message


def test_not_utf8(ws):
    with open(os.path.join(str(ws), "ledger", "claims.json"), "wb") as fh:
        fh.write(b'{"claims": ["\xff"]}')
    with pytest.raises(SbError) as exc:
        load_claims(Workspace(str(ws)))
    assert exc.value.code == "E-IO" and "claims.json" in exc.value.subject


# ---- the fast check never accepts what the schema rejects ----------------------------------
from conftest import examples  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sourcebook.base.schema import load_schema, validate  # noqa: E402
from sourcebook.domain.ledger.claim_check import claim_ok  # noqa: E402

_ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=4),
                 st.sampled_from(["clm_0123456789ab", "src_0123456789ab", "2026-01-01", "active", "verified",
                                  "fact", "a.b", "https://x", "2026-01-01T00:00:00Z", "clm_0123456789ab\n"]))
_EV = st.dictionaries(st.sampled_from(["source_id", "start", "end", "quote", "quote_sha256", "length", "redacted", "parts"]),
                      st.one_of(_ANY, st.lists(st.dictionaries(st.sampled_from(["start", "end", "quote", "x"]), _ANY), max_size=2)))
_FIELDS = ["id", "text", "topic_key", "kind", "confidence", "evidence", "volatile", "as_of", "recheck", "contradicts",
           "status", "superseded_by", "notes", "narrowed_from", "narrowed_to", "limitation", "status_reason", "acks"]
_BASE = {"id": "clm_0123456789ab", "text": "A claim.", "topic_key": "a.b", "kind": "fact", "confidence": "verified",
         "evidence": [{"source_id": "src_0123456789ab", "start": 0, "end": 3, "quote": "abc"}]}


@settings(max_examples=examples(150), deadline=None)
@given(st.dictionaries(st.sampled_from(_FIELDS), st.one_of(_ANY, st.lists(st.one_of(_ANY, _EV), max_size=2),
                                                            _EV), max_size=5))
def test_fast_check_is_never_more_lenient(overrides):
    c = dict(_BASE, **overrides)
    schema = load_schema("claims")["properties"]["claims"]["items"]
    if claim_ok(c):
        assert validate(c, schema, "x") == []


# ---- every reader of the ledger refuses a hostile file cleanly ------------------------------
from conftest import sb  # noqa: E402

BODIES = {
    "truncated": '{"schema_version": 1, "claims": [{"id": "clm_0123',
    "empty file": "",
    "null": "null",
    "wrong key": '{"schema_version": 1, "items": []}',
    "string offsets": json.dumps({"schema_version": 1, "claims": [{"id": "clm_0123456789ab", "text": "abc d", "topic_key": "a",
                                  "kind": "fact", "confidence": "reported",
                                  "evidence": [{"source_id": "src_0123456789ab", "start": "0", "end": 3}]}]}),
    "path id": json.dumps({"schema_version": 1, "claims": [{"id": "../../x", "text": "abc d", "topic_key": "a",
                                                            "kind": "fact", "confidence": "reported"}]}),
    "deep nesting": "[" * 100000 + "]" * 100000,
}
COMMANDS = [("claim", "list"), ("claim", "show", "clm_0123456789ab"), ("ledger",), ("ledger", "--md"), ("ledger", "--csl"),
            ("contradictions",), ("adjudicate", "--apply"), ("claim", "retract", "clm_0123456789ab", "--reason", "x")]


@pytest.mark.parametrize("body", sorted(BODIES))
def test_every_command_refuses_hostile_claims_file(ws, body):
    path = os.path.join(str(ws), "ledger", "claims.json")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(BODIES[body])
    for argv in COMMANDS:
        r = sb(*argv, cwd=ws)
        assert r.rc == 1, (argv, r.both)
        assert ("E-JSON" in r.err or "E-SCHEMA" in r.err) and "ledger/claims.json" in r.err, (argv, r.err)
        assert "Traceback" not in r.both and "E-INTERNAL" not in r.err
    assert open(path, encoding="utf-8").read() == BODIES[body]


def test_symlinked_trail_or_ledger_folder_never_written_outside(ws, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep\n")
    (ws / "ledger" / "events.jsonl").symlink_to(outside)
    r = sb("claim", "add", "--json", json.dumps({"text": "A claim.", "topic_key": "a", "kind": "fact",
                                                 "confidence": "reported"}), cwd=ws)
    assert r.rc == 1 and "E-IO" in r.err and "ledger/events.jsonl" in r.err
    assert outside.read_text() == "keep\n"
    assert not (ws / "ledger" / "claims.json").exists()  # nothing half-written
    (ws / "ledger" / "events.jsonl").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.rename(ws / "ledger", tmp_path / "old-ledger")
    (ws / "ledger").symlink_to(elsewhere)
    r = sb("claim", "add", "--json", json.dumps({"text": "Another claim.", "topic_key": "a", "kind": "fact",
                                                 "confidence": "reported"}), cwd=ws)
    assert r.rc == 1 and "E-IO" in r.err and list(elsewhere.iterdir()) == []


def test_broken_manifest_writes_no_claim(ws):
    (ws / "sourcebook.json").write_text("{broken")
    r = sb("claim", "add", "--json", json.dumps({"text": "A claim.", "topic_key": "a", "kind": "fact",
                                                 "confidence": "reported"}), cwd=ws)
    assert r.rc == 1 and "E-JSON" in r.err and "sourcebook.json" in r.err
    assert not (ws / "ledger" / "claims.json").exists()
