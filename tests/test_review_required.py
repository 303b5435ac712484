"""A plan that requires a person's review, on the demo: sb verify refuses until every shipped
sentence has a current ok mark, accepts once it has, refuses again after an edit voids a mark;
each page's footer says whether a person reviewed it; sb package carries the record."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from conftest import sb
from demo_kit import EPOCH, built_demo

NOTE = "each quote says what the sentence says"
REVIEWED = re.compile(r"<!-- SB:REVIEWED -->(.*?)<!-- /SB:REVIEWED -->")


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "review-required", full=True)


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)  # the demo's own day: 2026-11-02


def _run(root, *args, ok=(0,)):
    r = sb(*args, cwd=root)
    assert r.rc in ok, (args, r.both)
    return r


def _findings(root, code: str) -> list[dict]:
    doc = json.loads(sb("verify", "--json", cwd=root).out)
    return [d for g in doc["gates"] for d in g.get("details", []) if d["code"] == code]


def _footer(root, page: str = "answer.html") -> str:
    return REVIEWED.search((root / "build" / page).read_text(encoding="utf-8")).group(1)


def test_required_review_refuses_accepts_and_refuses_again(demo, tmp_path):
    from pathlib import Path

    root = Path(demo)
    assert _footer(root) == "Not reviewed by a person."
    assert sb("verify", cwd=root).rc == 0  # optional by default: the gate has no row
    _run(root, "plan", "--review", "required")
    assert json.loads((root / "plan.json").read_text())["review"] == "required"

    # 1. nothing marked: refused, each shipped sentence named with the command that marks it
    sentences = json.loads(_run(root, "review", "--json").out)["sentences"]
    ids = list(dict.fromkeys(s["id"] for s in sentences))  # a title repeated as the heading is one sentence
    assert {s["page"] for s in sentences} >= {"build/answer.html", "build/report.md"}
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-REVIEW-REQUIRED" in r.both
    named = {d["subject"] for d in _findings(root, "E-REVIEW-REQUIRED")}
    assert named == set(ids)
    assert f"sb review --ok {ids[0]} --note" in r.both
    status = _run(root, "status").out
    assert "revisions  0/3" in status or "revisions" not in status  # waiting on a person is no revision

    # half marked: still refused for the other half; the footer still says not reviewed
    _run(root, "review", "--ok", *ids[: len(ids) // 2], "--note", NOTE, "--by", "Ana Editor")
    assert {d["subject"] for d in _findings(root, "E-REVIEW-REQUIRED")} == set(ids[len(ids) // 2:])
    for page in ("answer.html", "brief.html", "deck.html", "explainer.html"):  # each page for itself
        done = all(s["id"] in ids[: len(ids) // 2] for s in sentences if s["page"] == f"build/{page}")
        assert _footer(root, page).startswith("Reviewed by a person: all ") is done, page
    assert _footer(root, "explainer.html") == "Not reviewed by a person."

    # 2. every sentence marked ok: accepted; each page's footer says so, with the day of the marks
    out = _run(root, "review", "--ok", *ids[len(ids) // 2:], "--note", NOTE, "--by", "Ana Editor").out
    n = len({s["id"] for s in sentences if s["page"] == "build/answer.html"})
    assert _footer(root) == f"Reviewed by a person: all {n} sentences marked ok on 2026-11-02."
    assert "footer  build/explainer.html  now says: Reviewed by a person: all " in out
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both

    # the package carries the record: who, when, the digests, the notes
    _run(root, "package")
    prov = json.loads((root / "dist" / "PROVENANCE.json").read_text())
    rev = prov["review"]
    assert rev["required"] is True and rev["reviewed"] is True and rev["marked_ok"] == rev["sentences"] == len(ids)
    marks = {m["target"]: m for m in rev["marks"]}
    first = marks[ids[0]]
    assert first["by"] == "Ana Editor" and first["note"] == NOTE and first["at"].startswith("2026-11-02")
    assert first["digest"] == next(s["digest"] for s in sentences if s["id"] == ids[0]) and first["current"] is True
    assert _run(root, "package", "--verify").rc == 0  # the footer is sourcebook's own words

    # 3a. a claim's evidence edited: the sentences citing it lose their ok, the footer's words drift
    saved = tmp_path / "claims.json"
    shutil.copyfile(root / "ledger" / "claims.json", saved)
    doc = json.loads((root / "ledger" / "claims.json").read_text())
    victim = next(s for s in sentences if s["page"] == "build/answer.html" and s["kind"] == "cited")
    cid = victim["claims"][0]["id"]
    claim = next(c for c in doc["claims"] if c["id"] == cid)
    other = next(c for c in doc["claims"] if c["id"] != cid and c.get("evidence"))
    claim["evidence"].append(other["evidence"][0])
    (root / "ledger" / "claims.json").write_text(json.dumps(doc), encoding="utf-8")
    r = sb("verify", cwd=root)
    assert r.rc == 2
    voided = {d["subject"]: d for d in _findings(root, "E-REVIEW-REQUIRED")}
    assert victim["id"] in voided and "void" in voided[victim["id"]]["message"]
    assert all(cid in [c["id"] for c in s["claims"]] for s in sentences if s["id"] in voided)
    drift = [d for d in _findings(root, "E-DERIVED-DRIFT") if "footer" in d["message"]]
    assert drift, "a page must not go on saying it was reviewed"
    shutil.copyfile(saved, root / "ledger" / "claims.json")
    assert sb("verify", cwd=root).rc == 0

    # 3b. a sentence edited and the page rendered again: the new sentence has no mark
    draft = root / "drafts" / "draft.md"
    text = draft.read_text(encoding="utf-8")
    draft.write_text(text.replace("children under twelve ride free", "children under twelve travel free", 1),
                     encoding="utf-8")
    _run(root, "render", "answer", "--from", "drafts/draft.md")
    assert _footer(root) == "Not reviewed by a person."
    r = sb("verify", cwd=root)
    assert r.rc == 2
    left = _findings(root, "E-REVIEW-REQUIRED")
    assert len(left) == 1 and "travel free" in left[0]["message"] and left[0]["subject"] not in ids
    _run(root, "review", "--ok", left[0]["subject"], "--note", NOTE)
    assert _footer(root).startswith("Reviewed by a person: all ")
    assert sb("verify", cwd=root).rc == 0
