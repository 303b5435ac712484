"""Five honest pages, written from the docs alone by someone who did not build sourcebook, pass
`sb verify` as their writer left them: a list and tables, a page in Japanese, a contradiction
explained, heavy paraphrase, a derived difference. A gate that refuses honest work teaches
writers to route around it, so each of these is kept exactly as written.

The steps are the writer's: keep only the claims the page cites (the rest retracted, the plan's
sections trimmed to them), set the plan's title and thesis, render the answer from the draft,
verify."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import ROOT, sb
from demo_kit import EPOCH, built_demo

HONEST = os.path.join(ROOT, "tests", "fixtures", "honest")

# draft, title, thesis
PAGES = [
    ("list_and_table.md", "What a rider needs to know",
     "Where the pass works, what a ride costs and how many ride [framing]."),
    ("japanese.md", "タイドウォーター・パスは水上バスで使えますか", "W1とW2では使えます [@clm_40321b1077cf]。"),
    ("contradiction.md", "Why two ridership figures disagree", "Two counts, two periods [framing]."),
    ("paraphrase.md", "The pass on the water bus, in plain words",
     "Mostly yes, with one route still to come [framing]."),
    ("derived.md", "How far apart are the ridership counts?", "Two counts of different periods [framing]."),
]


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "honest")


def _run(ws: str, *args: str) -> str:
    r = sb(*args, cwd=ws)
    assert r.rc == 0, (args, r.both)
    return r.out + r.err


@pytest.mark.parametrize("name,title,thesis", PAGES, ids=[p[0][:-3] for p in PAGES])
def test_an_honest_page_passes_on_the_first_try(demo, tmp_path, name, title, thesis):
    ws = str(tmp_path / "ws")
    shutil.copytree(demo, ws)
    with open(os.path.join(HONEST, name), encoding="utf-8") as fh:
        draft = fh.read()
    if "@DERIVED" in draft:  # the writer records the difference first, as reference/sentences.md shows
        out = _run(ws, "claim", "add", "--op", "difference", "--from", "clm_13811f60ff01,clm_356077fe51e5",
                   "--text", "The summer weekday average is 7,500 passengers higher than the audited one.")
        draft = draft.replace("@DERIVED", "@" + re.search(r"clm_[0-9a-f]{12}", out).group(0))
    with open(os.path.join(ws, "drafts", "h.md"), "w", encoding="utf-8") as fh:
        fh.write(draft)
    used = set(re.findall(r"clm_[0-9a-f]{12}", draft + thesis))
    with open(os.path.join(ws, "ledger", "claims.json"), encoding="utf-8") as fh:
        claims = json.load(fh)["claims"]
    for c in claims:
        if c["status"] == "active" and c["id"] not in used:
            _run(ws, "claim", "retract", c["id"], "--reason", "not used on this page")
    with open(os.path.join(ws, "plan.json"), encoding="utf-8") as fh:
        plan = json.load(fh)
    for s in plan["sections"]:
        s["claim_ids"] = [c for c in s["claim_ids"] if c in used]
    plan["sections"] = [s for s in plan["sections"] if s["claim_ids"]]
    with open(os.path.join(ws, "plan.json"), "w", encoding="utf-8") as fh:
        json.dump(plan, fh, indent=2)
    shutil.rmtree(os.path.join(ws, "build", "audio"), ignore_errors=True)
    for f in os.listdir(os.path.join(ws, "build")):
        if f != "answer.html" and f.endswith((".html", ".md", ".json")) and f != "verify.json":
            os.remove(os.path.join(ws, "build", f))
    _run(ws, "plan", "--type", "answer", "--title", title, "--thesis", thesis)
    _run(ws, "render", "answer", "--from", "drafts/h.md")
    r = sb("verify", cwd=ws)
    assert r.rc == 0, r.both
