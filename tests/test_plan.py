"""sb plan: merge rules, validation before writing, --images honoured later."""

from __future__ import annotations

import json

from conftest import sb


def _plan(ws):
    return json.loads((ws / "plan.json").read_text())


def test_no_plan_yet(ws):
    r = sb("plan", cwd=ws)
    assert r.rc == 1 and "no plan.json yet" in r.err and "E-PLAN" in r.err
    assert sb("plan", "--show", cwd=ws).rc == 1


def test_a_report_is_planned_as_its_page(ws):
    """No plan type "report": the error says how a report is made instead of listing the choices."""
    r = sb("plan", "--type", "report", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err and "sb render report --from draft.md" in r.err, r.both
    assert "sb plan --type answer" in r.err and not (ws / "plan.json").exists()


def test_defaults_and_merge(ws):
    r = sb("plan", "--type", "answer", cwd=ws)
    assert r.rc == 0 and r.out.startswith("wrote plan.json (type=answer).")
    p = _plan(ws)
    assert p["title"] == "What is tested?" and p["thesis"].startswith("TODO:")
    assert p["images"] == {"mode": "none", "slots": []} and p["register"] == "editorial"
    assert p["constraints"]["breakpoints"] == [360, 768, 1200]
    assert p["sections"][0]["id"] == "answer"
    m = json.loads((ws / "sourcebook.json").read_text())
    assert m["artifact_type"] == "answer"
    assert not any("plan" in h["note"] for h in m["history"])
    p["sections"] = [{"id": "intro", "heading": "Intro", "claim_ids": []}]
    (ws / "plan.json").write_text(json.dumps(p))
    r = sb("plan", "--type", "brief", "--title", "A brief title", "--thesis", "A thesis long enough.", cwd=ws)
    assert r.rc == 0
    p = _plan(ws)
    assert (p["type"], p["title"], p["thesis"]) == ("brief", "A brief title", "A thesis long enough.")
    assert p["sections"][0]["id"] == "intro"
    assert json.loads(sb("plan", "--show", cwd=ws).out)["type"] == "brief"


def test_images_honoured_when_set_later(ws):
    assert sb("plan", "--type", "answer", cwd=ws).rc == 0
    assert sb("plan", "--images", "source", cwd=ws).rc == 0
    assert _plan(ws)["images"]["mode"] == "source" and _plan(ws)["type"] == "answer"
    assert sb("plan", "--type", "answer", "--images", "generate", cwd=ws).rc == 0
    assert _plan(ws)["images"]["mode"] == "generate"


def test_invalid_plan_not_written(ws):
    assert sb("plan", "--type", "answer", "--thesis", "A thesis long enough.", cwd=ws).rc == 0
    before = (ws / "plan.json").read_text()
    r = sb("plan", "--type", "answer", "--thesis", "short", cwd=ws)
    assert r.rc == 1 and "E-SCHEMA  plan.json/thesis" in r.err and "not written" in r.err
    assert (ws / "plan.json").read_text() == before
    r = sb("plan", "--type", "answer", "--title", "ab", cwd=ws)
    assert r.rc == 1 and (ws / "plan.json").read_text() == before
    assert sb("plan", "--type", "movie", cwd=ws).rc == 1


def test_fresh_invalid_plan_not_created(ws):
    r = sb("plan", "--type", "deck", "--thesis", "tiny", cwd=ws)
    assert r.rc == 1 and not (ws / "plan.json").exists()
    m = json.loads((ws / "sourcebook.json").read_text())
    assert m["artifact_type"] is None


def test_malformed_plan_is_an_error(ws):
    (ws / "plan.json").write_text("{broken")
    r = sb("plan", "--type", "answer", cwd=ws)
    assert r.rc == 1 and "E-JSON" in r.err and "plan.json" in r.err
    (ws / "plan.json").write_text("[1, 2]")
    assert "E-JSON" in sb("plan", "--show", cwd=ws).err
