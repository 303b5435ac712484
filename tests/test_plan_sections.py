"""sb plan --sections-from: plan.json's sections read from a draft's ## headings and citations."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import sb
from demo_kit import EPOCH, built_demo


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "plansections")


@pytest.fixture
def demo(built, tmp_path):
    dest = str(tmp_path / "demo")
    shutil.copytree(built, dest, ignore=shutil.ignore_patterns(".sb-cache", ".sb.lock"))
    return dest


def _plan(root: str) -> dict:
    with open(os.path.join(root, "plan.json"), encoding="utf-8") as fh:
        return json.load(fh)


def _read(root: str, rel: str) -> str:
    with open(os.path.join(root, rel), encoding="utf-8") as fh:
        return fh.read()


def _write(root: str, rel: str, text: str) -> None:
    with open(os.path.join(root, rel), "w", encoding="utf-8") as fh:
        fh.write(text)


def test_sections_from_the_demo_draft_equal_the_committed_plan(demo):
    committed = _plan(demo)["sections"]
    superseded = [c["id"] for c in json.loads(_read(demo, "ledger/claims.json"))["claims"]
                  if c["status"] == "superseded"]
    assert superseded and superseded[0] in _read(demo, "drafts/draft.md")  # cited there as history
    plan = _plan(demo)
    plan["sections"] = [{"id": "answer", "heading": "Answer", "claim_ids": []}]  # a plan written by hand
    _write(demo, "plan.json", json.dumps(plan))
    r = sb("plan", "--sections-from", "drafts/draft.md", cwd=demo)
    assert r.rc == 0, r.both
    sections = _plan(demo)["sections"]
    assert [(s["heading"], s["claim_ids"]) for s in sections] == \
        [(s["heading"], s["claim_ids"]) for s in committed]
    assert [s["id"] for s in sections] == ["where-the-pass-works", "what-a-ride-costs", "how-many-people-ride",
                                           "what-to-do"]
    assert r.out.startswith("wrote plan.json (type=answer): 4 section(s), 10 claim(s) placed, from drafts/draft.md")
    assert f"not placed: {superseded[0]} is superseded" in r.out
    assert superseded[0] not in json.dumps(sections)
    # run again on the plan as committed: the ids of the sections with the same headings are kept
    _write(demo, "plan.json", json.dumps({**plan, "sections": committed}))
    assert sb("plan", "--sections-from", "drafts/draft.md", cwd=demo).rc == 0
    assert _plan(demo)["sections"] == committed
    assert _plan(demo)["title"] == plan["title"] and _plan(demo)["thesis"] == plan["thesis"]
    r = sb("verify", "--no-cache", cwd=demo)
    assert r.rc == 0, r.both


def test_other_flags_combine_with_it(demo):
    r = sb("plan", "--sections-from", "drafts/draft.md", "--type", "brief", "--title", "Paying on the water bus",
           cwd=demo)
    assert r.rc == 0, r.both
    p = _plan(demo)
    assert p["type"] == "brief" and p["title"] == "Paying on the water bus" and len(p["sections"]) == 4


def test_an_unknown_claim_id_is_refused_and_nothing_is_written(demo):
    draft = _read(demo, "drafts/draft.md")
    lines = draft.splitlines()
    at = next(i for i, line in enumerate(lines, 1) if line.startswith("A single adult fare"))
    _write(demo, "drafts/draft.md", draft.replace("[@clm_c95bbf88e63c]", "[@clm_000000000000]"))
    before = _read(demo, "plan.json")
    r = sb("plan", "--sections-from", "drafts/draft.md", "--title", "Another title", cwd=demo)
    assert r.rc == 1 and "E-CLAIM-UNKNOWN" in r.err and f"drafts/draft.md:{at}" in r.err
    assert "clm_000000000000" in r.err and "Traceback" not in r.both
    assert _read(demo, "plan.json") == before
    r = sb("plan", "--sections-from", "drafts/nothing.md", cwd=demo)
    assert r.rc == 1 and "E-DRAFT" in r.err and _read(demo, "plan.json") == before


def test_a_retracted_claim_cited_is_refused(demo):
    claims = json.loads(_read(demo, "ledger/claims.json"))
    fare = next(c for c in claims["claims"] if c["id"] == "clm_c95bbf88e63c")
    assert sb("claim", "retract", fare["id"], "--reason", "the fare page was withdrawn", cwd=demo).rc == 0
    before = _read(demo, "plan.json")
    r = sb("plan", "--sections-from", "drafts/draft.md", cwd=demo)
    assert r.rc == 1 and "E-CLAIM-UNKNOWN" in r.err and "retracted" in r.err
    assert _read(demo, "plan.json") == before


def test_a_draft_without_headings_gives_one_section_named_after_the_title(demo):
    draft = re.sub(r"(?m)^#.*\n", "", _read(demo, "drafts/draft.md"))
    _write(demo, "drafts/flat.md", draft)
    r = sb("plan", "--sections-from", "drafts/flat.md", cwd=demo)
    assert r.rc == 0, r.both
    plan = _plan(demo)
    (only,) = plan["sections"]
    assert only["heading"] == plan["title"] and only["id"] == "can-a-tidewater-pass"
    assert len(only["claim_ids"]) == 10 and len(set(only["claim_ids"])) == 10


def test_claims_before_the_first_heading_and_repeats(demo):
    draft = _read(demo, "drafts/draft.md")
    intro = "Short answer: W1 and W2 take the pass today [@clm_40321b1077cf].\n\n"
    draft = draft.replace("## Where the pass works today", intro + "## Where the pass works today")
    draft += "\n## More on the fares, again\n\nThe single fare is 3.40 marks [@clm_c95bbf88e63c].\n"
    _write(demo, "drafts/two.md", draft)
    assert sb("plan", "--sections-from", "drafts/two.md", cwd=demo).rc == 0
    sections = _plan(demo)["sections"]
    assert sections[0]["claim_ids"][0] == "clm_40321b1077cf"
    assert sections[0]["claim_ids"].count("clm_40321b1077cf") == 1
    assert sections[-1]["claim_ids"] == [] and sections[-1]["heading"] == "More on the fares, again"
    assert sections[-1]["id"] == "more-on-the-fares"
