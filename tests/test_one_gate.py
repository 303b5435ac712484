"""One gate: `sb check-draft` on a page draft, `sb render` and `sb verify` agree, finding for finding.

A property over drafts generated from the demo's claims (cited sentences, uncited ones, framing
with and without a figure, a changed figure, a clause after the last citation, history, an
inference, a standfirst): whenever check-draft passes, verify passes the page render writes from
the same draft, and the findings of the two are the same. Neither check-draft nor render moves
the revision counter; only verify does.
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import sb
from demo_kit import EPOCH, built_demo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PAGE = "build/answer.html"


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "onegate")


def _claims(root: str) -> list[dict]:
    with open(os.path.join(root, "ledger", "claims.json"), encoding="utf-8") as fh:
        return json.load(fh)["claims"]


def _draft(root: str) -> str:
    with open(os.path.join(root, "drafts", "draft.md"), encoding="utf-8") as fh:
        return fh.read()


def _verify_lines(root: str) -> list[str]:
    """verify's findings on the answer page, without settling the workspace's state."""
    from sourcebook.domain.gate.context import VerifyOptions
    from sourcebook.domain.gate.verify import verify
    from sourcebook.domain.workspace.layout import Workspace

    rep = verify(Workspace(root), VerifyOptions(), settle=False)
    return sorted(f.line() for f in rep.findings)


def _check(root: str, name: str) -> tuple[int, dict]:
    r = sb("check-draft", name, "--json", cwd=root)
    assert r.rc in (0, 2), r.both
    return r.rc, json.loads(r.out)


def _state(root: str) -> tuple:
    with open(os.path.join(root, "sourcebook.json"), encoding="utf-8") as fh:
        m = json.load(fh)
    return m.get("state"), m.get("revise_count")


# ---- the sentences a draft is made of ---------------------------------------------------------

FRAMING = ["The sources do not all agree, and both sides are shown [framing].",
           "What follows is what the operator and the city say [framing]."]
FRAMING_FIGURE = ["Around 40 people wrote to the forum about it [framing].",
                  "The answer changed on 3 March [framing]."]
PADDING = ["and riders have waited for that a very long time", "but the boats are said to be slower than before",
           "while tourists fill the upper deck all summer long"]


def _sentence(kind: str, c: dict, other: dict, pad: str) -> str:
    text = " ".join(c["text"].split()).rstrip(".")
    if kind == "cited":
        return f"{text} [@{c['id']}]."
    if kind == "uncited":
        return f"{text}."
    if kind == "framing":
        return FRAMING[len(text) % 2]
    if kind == "framing-figure":
        return FRAMING_FIGURE[len(text) % 2]
    if kind == "changed-figure":
        changed = next((text.replace(d, str((int(d) + 1) % 10), 1) for d in "0123456789" if d in text), text + " 7")
        return f"{changed} [@{c['id']}]."
    if kind == "clause":
        return f"{text} [@{c['id']}], {pad}."
    if kind == "two-clauses":
        rest = " ".join(other["text"].split()).rstrip(".")
        return f"{text} [@{c['id']}], and {rest[0].lower() + rest[1:]} [@{other['id']}]."
    if kind == "uncited-figure":
        return "The fare was raised by 12 percent last year."
    raise AssertionError(kind)


KINDS = ["cited", "cited", "uncited", "framing", "framing-figure", "changed-figure", "clause", "two-clauses",
         "uncited-figure"]


@st.composite
def drafts(draw, base: str, claims: list[dict]):
    live = [c for c in claims if c.get("status", "active") == "active" and c.get("confidence") != "inferred"]
    inferred = [c for c in claims if c.get("status", "active") == "active" and c.get("confidence") == "inferred"]
    past = [c for c in claims if c.get("status") == "superseded"]
    paragraphs = []
    for _ in range(draw(st.integers(1, 3))):
        sentences = []
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(KINDS))
            c, other = draw(st.sampled_from(live)), draw(st.sampled_from(live))
            sentences.append(_sentence(kind, c, other, draw(st.sampled_from(PADDING))))
        paragraphs.append(" ".join(sentences))
    if inferred and draw(st.booleans()):
        paragraphs.append(f"Riders on W3 should plan another way to pay for now [@{inferred[0]['id']}].")
    if past and draw(st.booleans()):  # history: a paragraph of its own about what changed
        said = " ".join(past[0]["text"].split()).rstrip(".")
        paragraphs.append(f"Before the operator gave a date, {said[0].lower() + said[1:]} [@{past[0]['id']}].")
    parts = base.rstrip("\n").split("\n\n")
    at = draw(st.integers(1, len(parts)))
    return "\n\n".join(parts[:at] + paragraphs + parts[at:]) + "\n"


# ---- the property -----------------------------------------------------------------------------

def test_the_untouched_demo_draft_passes_check_draft_strict(demo):
    r = sb("check-draft", "drafts/draft.md", "--strict", cwd=demo)
    assert r.rc == 0, r.both  # the sentence citing a superseded claim as history is cited, as on the page
    assert "check-draft ok  drafts/draft.md" in r.out and "E-COVERAGE" not in r.both


def test_generated_drafts_agree_with_verify(demo):
    claims, base = _claims(demo), _draft(demo)
    before = _state(demo)
    seen = {"pass": 0, "fail": 0, "refused": 0}

    @settings(max_examples=12, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(drafts(base, claims))
    def prop(text):
        with open(os.path.join(demo, "drafts", "gen.md"), "w", encoding="utf-8") as fh:
            fh.write(text)
        rc, doc = _check(demo, "drafts/gen.md")
        r = sb("render", "answer", "--from", "drafts/gen.md", cwd=demo)
        assert doc["mode"] == "page" and doc["page"] == PAGE
        if r.rc == 1:  # the renderer refuses the draft itself: check-draft names the same findings
            said = sorted(w.split()[0] for w in r.err.splitlines() if w.startswith(("E-", "W-")))
            assert rc == 2 and doc["refused"] and sorted(f["code"] for f in doc["findings"]) == said, (r.both, doc)
            seen["refused"] += 1
            return
        assert r.rc == (0 if rc == 0 else 2), (r.both, doc)
        # render names the very findings check-draft named, at the same draft lines
        assert sorted(ln for ln in r.err.splitlines() if ln.startswith(("E-", "W-"))) == \
            sorted(f"{f['code']}  {f['subject']}  {f['message']}" for f in doc["findings"])
        found = _verify_lines(demo)
        assert sorted(doc["gate_findings"]) == found, (text, doc["gate_findings"], found)
        # each finding named at the draft line of its sentence, with verify's own words
        for f, line in zip(doc["findings"], doc["gate_findings"], strict=True):
            assert f["code"] == line.split()[0] and f["message"].startswith(line.split("  ", 2)[2][:40])
        seen["pass" if rc == 0 else "fail"] += 1

    prop()
    assert seen["fail"] > 0  # the generator reaches refusals, not only clean drafts
    assert _state(demo) == before  # check-draft and render never count toward BLOCKED


def test_each_refusal_is_named_at_its_draft_line(demo):
    base = _draft(demo)
    text = base.replace("once new readers are fitted to its boats [@clm_79722db3218d].",
                        "once new readers are fitted to its boats [@clm_79722db3218d], and riders have wanted that "
                        "for many years.")
    text = text.replace("The trade press reports 38,500", "The trade press reports 39,500")
    text += "\nThe boats are popular with tourists.\n"
    with open(os.path.join(demo, "drafts", "bad.md"), "w", encoding="utf-8") as fh:
        fh.write(text)
    lines = text.splitlines()
    r = sb("check-draft", "drafts/bad.md", cwd=demo)
    assert r.rc == 2
    want = {"E-PAGE-CLAUSE-UNCITED": "riders have wanted", "E-PAGE-FIGURE-UNBACKED": "39,500",
            "E-PAGE-UNCITED": "popular with tourists"}
    for code, words in want.items():
        hit = next(ln for ln in r.err.splitlines() if ln.startswith(code))
        n = int(hit.split()[1].split(":")[1])
        assert hit.split()[1].startswith("drafts/bad.md:") and words in lines[n - 1], (hit, lines[n - 1])
    before = _state(demo)
    r2 = sb("render", "answer", "--from", "drafts/bad.md", cwd=demo)
    assert r2.rc == 2 and "wrote build/answer.html" in r2.out
    assert sorted(ln for ln in r2.err.splitlines() if ln.startswith("E-")) == \
        sorted(ln for ln in r.err.splitlines() if ln.startswith("E-"))
    assert _state(demo) == before


def test_the_thesis_is_judged_and_named(demo):
    plan_path = os.path.join(demo, "plan.json")
    with open(plan_path, encoding="utf-8") as fh:
        saved = fh.read()
    plan = json.loads(saved)
    plan["thesis"] = plan["thesis"].rstrip(".") + ", and the boats are the best way to cross the bay."
    try:
        with open(plan_path, "w", encoding="utf-8") as fh:
            json.dump(plan, fh)
        r = sb("check-draft", "drafts/draft.md", cwd=demo)
        assert r.rc == 2 and "E-PAGE-CLAUSE-UNCITED  plan.json thesis" in r.err, r.both
    finally:
        with open(plan_path, "w", encoding="utf-8") as fh:
            fh.write(saved)


def test_a_chat_answer_keeps_the_numbered_rules(demo):
    r = sb("check-draft", "drafts/draft.md", "--as", "chat", "--strict", cwd=demo)
    assert r.rc == 2 and "E-COVERAGE" in r.err  # as a chat answer, history is not provenance
    r = sb("check-draft", "drafts/draft.md", "--min-coverage", "0.5", cwd=demo)
    assert r.rc == 1 and "E-USAGE" in r.err and "--as chat" in r.err


def test_a_refused_draft_names_the_page_findings_too(demo):
    """A framing sentence with a figure stops the renderer; check-draft and render still name the
    page's other findings in the same run, once each."""
    text = _draft(demo).replace("both are shown here [framing].", "both are shown here 2 times [framing].")
    text = text.replace("The trade press reports 38,500", "The trade press reports 39,500")
    with open(os.path.join(demo, "drafts", "two.md"), "w", encoding="utf-8") as fh:
        fh.write(text)
    r = sb("check-draft", "drafts/two.md", cwd=demo)
    codes = sorted(ln.split()[0] for ln in r.err.splitlines() if ln.startswith("E-"))
    assert r.rc == 2 and codes == ["E-PAGE-FIGURE-UNBACKED", "E-RENDER-FRAMING"], r.both
    assert "refuses this draft" in r.err and "nothing would be written" in r.err
    # the counts beside a refusal are the draft's, never a page's that looks written and clean
    stats = next(ln for ln in r.out.splitlines() if ln.startswith("info: stats:"))
    assert "would write nothing" in stats and "as `sb render answer` writes it" not in stats, stats
    before = os.path.getmtime(os.path.join(demo, "build", "answer.html"))
    r2 = sb("render", "answer", "--from", "drafts/two.md", cwd=demo)
    assert r2.rc == 1 and "nothing was written" in r2.err
    assert sorted(ln.split()[0] for ln in r2.err.splitlines() if ln.startswith("E-")) == codes
    assert os.path.getmtime(os.path.join(demo, "build", "answer.html")) == before


def test_the_verify_render_names_next_passes_a_page_beside_the_main_one(demo):
    """render prints `next: sb verify --html build/explainer.html`; that run judges the explainer
    as the page beside the answer it is (its ledger lists what it cites), as plain verify does."""
    assert sb("render", "answer", "--from", "drafts/draft.md", cwd=demo).rc == 0  # other tests leave theirs
    r = sb("render", "explainer", "--from", "drafts/explainer.md", cwd=demo)
    assert r.rc == 0 and "next: sb verify --html build/explainer.html" in r.out, r.both
    v = sb("verify", "--html", "build/explainer.html", cwd=demo)
    assert v.rc == 0, v.both
