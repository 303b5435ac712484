"""Verify and the workspace state: revisions, BLOCKED, escalation, unblock (CONTRACT 5.4, 6)."""

from __future__ import annotations

import json
import os

from conftest import sb
from verify_kit import good_workspace, manifest, write_claims


def _break(root, cs):
    bad = [dict(c) for c in cs]
    ev = dict(bad[0]["evidence"][0], quote="not in the source at all")
    bad[0]["evidence"] = [ev]
    write_claims(root, bad)


def test_at19_three_failures_block_and_escalate(ws):
    ids, cs = good_workspace(ws)
    _break(ws, cs)
    for i in range(1, 5):
        r = sb("verify", cwd=ws)
        assert r.rc == 2
        m = manifest(ws)
        assert m["revise_count"] == min(3, i)
        assert m["state"] == ("BLOCKED" if i >= 3 else "REVISE")
        # the quote mismatch, and the page's ledger that still shows the old quote
        assert m["history"][-1]["note"] == "verify failed with 2 finding(s)"
        if i >= 3:
            assert "ESCALATE" in r.err
    st = sb("status", cwd=ws)
    assert "BLOCKED" in st.out
    nxt = st.out.split("next", 1)[1]
    assert "ESCALATE" in nxt and "sb verify" not in nxt
    assert sb("config", "set", "revise_count=0", cwd=ws).rc == 1
    write_claims(ws, cs)
    r = sb("unblock", "--reason", "the user dropped the disputed figure", cwd=ws)
    assert r.rc == 0 and manifest(ws)["revise_count"] == 0
    r = sb("verify", cwd=ws)
    assert r.rc == 0
    m = manifest(ws)
    assert m["state"] == "VERIFY" and m["revise_count"] == 0
    assert m["history"][-1]["note"].startswith("unblocked: ")  # a pass adds no entry


def test_pass_resets_the_counter(ws):
    ids, cs = good_workspace(ws)
    _break(ws, cs)
    sb("verify", cwd=ws)
    assert manifest(ws)["revise_count"] == 1
    write_claims(ws, cs)
    assert sb("verify", cwd=ws).rc == 0
    assert manifest(ws)["revise_count"] == 0


def test_status_after_verify_and_package_state(ws):
    import pytest

    pytest.importorskip("sourcebook.cli.search.cmd_index")
    good_workspace(ws)
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    assert sb("verify", cwd=ws).rc == 0
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert st["state"] == "VERIFY" and st["next"].startswith("sb package")


def test_warnings_fail_too(ws):
    from sourcebook.base.errors import Finding
    from sourcebook.domain.gate.verify import Report, Row

    rep = Report("/x", [Row("lint", [Finding("W-SOMETHING", "a", "b")], "")])
    assert not rep.passed and not rep.only_missing_artifact


def test_verify_json_written_on_failure(ws):
    ids, cs = good_workspace(ws)
    _break(ws, cs)
    sb("verify", cwd=ws)
    doc = json.load(open(os.path.join(ws, "build", "verify.json")))
    assert doc["pass"] is False and doc["finding_count"] == 2  # the mismatch, and the page showing the old quote
    assert any("E-QUOTE-MISMATCH" in line for g in doc["gates"] for line in g["findings"])
