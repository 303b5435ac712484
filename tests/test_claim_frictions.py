"""Small frictions of grounding: a claim may state its own as-of date, an inferred claim is
recorded (it has no quote to store), a disagreement the detector cannot see is linked by hand,
and W-QUOTE-LONG says, once a command, that nothing is to be done unless the whole quote is wanted."""

from __future__ import annotations

import json
import os

from conftest import sb


def _source(ws) -> str:
    (ws / "n.md").write_text("# Notice\n\nThe ferry carried 31,000 riders a day in November 2019. "
                             + " ".join(f"word{i}" for i in range(60)) + ".\n", encoding="utf-8")
    assert sb("add", "n.md", "--tier", "B", "--reason", "a notice", cwd=ws).rc == 0
    assert sb("extract", cwd=ws).rc == 0
    return next(d for d in os.listdir(ws / "sources") if d.startswith("src_"))


def _add(ws, **claim) -> tuple[str, str]:
    r = sb("claim", "add", "--json", json.dumps(claim), cwd=ws)
    assert r.rc == 0, r.both
    return r.out.splitlines()[-1].split()[-1], r.both


def test_a_claim_may_state_its_own_as_of_date(ws):
    sid = _source(ws)
    ev = [{"source_id": sid, "quote": "The ferry carried 31,000 riders a day"}]
    _, said = _add(ws, text="As of 19 November 2019, the ferry carried 31,000 riders a day.", topic_key="riders",
                   kind="number", confidence="reported", as_of="2019-11-19", evidence=ev)
    assert "W-CLAIM-FIGURE" not in said
    # the same date stated as an event, not as the claim's as-of date, is still a figure no quote states
    _, said = _add(ws, text="On 19 November 2019, the ferry carried 31,000 riders a day.", topic_key="riders2",
                   kind="number", confidence="reported", as_of="2019-11-19", evidence=ev)
    assert "W-CLAIM-FIGURE" in said
    # and an as-of phrase with another date than the claim's as_of is not backed either
    _, said = _add(ws, text="As of 20 November 2019, the ferry carried 31,000 riders a day.", topic_key="riders3",
                   kind="number", confidence="reported", as_of="2019-11-19", evidence=ev)
    assert "W-CLAIM-FIGURE" in said


def test_an_inferred_claim_is_recorded_not_stored(ws):
    r = sb("claim", "add", "--json", json.dumps({"text": "Ridership will probably grow.", "topic_key": "g",
                                                 "kind": "interpretation", "confidence": "inferred"}), cwd=ws)
    assert r.rc == 0, r.both
    first, last = r.out.splitlines()
    assert first.startswith('recorded "Ridership will probably grow."') and "stored" not in r.out
    assert last.startswith("claim clm_")


def test_contradicts_links_a_disagreement_the_detector_cannot_see(ws):
    sid = _source(ws)
    a, _ = _add(ws, text="The ferry carried 31,000 riders a day.", topic_key="where", kind="fact",
                confidence="reported", evidence=[{"source_id": sid, "quote": "The ferry carried 31,000 riders a day"}])
    b, _ = _add(ws, text="The ferry carried riders in November 2019.", topic_key="where", kind="fact",
                confidence="reported", evidence=[{"source_id": sid, "quote": "in November 2019"}])
    c, _ = _add(ws, text="Ridership will probably grow.", topic_key="other", kind="interpretation",
                confidence="inferred")
    assert "no contradiction candidates" in sb("contradictions", cwd=ws).out
    r = sb("claim", "set", a, "--contradicts", b, cwd=ws)
    assert r.rc == 0, r.both
    out = sb("contradictions", cwd=ws).out
    assert "explicit" in out and a in out and b in out and "OPEN" in out
    assert sb("claim", "set", a, "--contradicts", a, cwd=ws).rc == 1
    r = sb("claim", "set", a, "--contradicts", "clm_000000000000", cwd=ws)
    assert r.rc == 1 and "E-CLAIM-UNKNOWN" in r.err
    r = sb("claim", "set", a, "--contradicts", c, cwd=ws)  # another topic: said, with the fix
    assert r.rc == 1 and "--topic" in r.err
    shown = json.loads(sb("claim", "show", a, "--json", cwd=ws).out)
    assert shown["contradicts"] == [b]  # a link is added, never replaced, and a refusal adds nothing


def test_quote_long_says_what_to_do_without_a_licence(ws):
    sid = _source(ws)
    text = (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
    quote = text[text.index("The ferry"):text.index("word40")].strip()
    _, said = _add(ws, text="The ferry carried 31,000 riders a day in November 2019.", topic_key="long",
                   kind="number", confidence="reported", evidence=[{"source_id": sid, "quote": quote}])
    warned = [ln for ln in said.splitlines() if ln.startswith("W-QUOTE-LONG")]
    assert len(warned) == 1 and "nothing to do unless you want the whole quote in the ledger" in warned[0], said
    assert len(warned[0]) < 320, warned[0]  # one short line


def test_quote_long_is_said_once_for_a_command_that_stores_many(ws):
    """Several claims with long quotes in one `sb claim add`: one W-QUOTE-LONG line names them
    all, after the claims; a claim whose quote fits raises none."""
    sid = _source(ws)
    text = (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
    quote = text[text.index("The ferry"):text.index("word40")].strip()
    items = [{"text": "The ferry carried 31,000 riders a day in November 2019.", "topic_key": f"long.{i}",
              "kind": "number", "confidence": "reported", "evidence": [{"source_id": sid, "quote": quote}]}
             for i in range(3)]
    items[1]["text"] = "The ferry carried 31,000 riders a day in November 2019, the survey says."
    items[2]["text"] = "In November 2019 the ferry carried 31,000 riders a day."
    r = sb("claim", "add", "--json", json.dumps(items), cwd=ws)
    warned = [ln for ln in r.err.splitlines() if ln.startswith("W-QUOTE-LONG")]
    assert r.rc == 0 and len(warned) == 1 and warned[0].startswith("W-QUOTE-LONG  3 claims"), r.both
    assert "nothing to do unless you want whole quotes in the ledger" in warned[0]


def _claims(ws) -> dict:
    with open(ws / "ledger" / "claims.json", encoding="utf-8") as fh:
        return {c["id"]: c for c in json.load(fh)["claims"]}


def _narrow(ws, cid: str, text: str, said: str = "") -> str:
    r = sb("claim", "narrow", cid, "--text", text, "--reason", "say only what the quote says", cwd=ws)
    assert r.rc == 0 and said in r.out, r.both
    return r.out.splitlines()[-1].split()[-1]


def test_a_claim_narrowed_before_any_page_leaves_no_public_history(ws):
    sid = _source(ws)
    ev = [{"source_id": sid, "quote": "The ferry carried 31,000 riders a day"}]
    a, _ = _add(ws, text="The ferry carried 31,000 riders a day, a record.", topic_key="riders", kind="number",
                confidence="reported", evidence=ev)
    b = _narrow(ws, a, "The ferry carried 31,000 riders a day.", "no page showed it, so it leaves no public history")
    claims = _claims(ws)
    assert claims[a]["status"] == "superseded" and claims[a]["unpublished"] is True  # kept in the trail
    assert "limitation" not in claims[b]  # the wording no reader saw is not shown either
    (ws / "draft.md").write_text(f"# Riders\n\nThe ferry carried 31,000 riders a day [@{b}].\n", encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert a not in page and "a record" not in page and "<ul class=\"ledger-history\">" not in page, page[-3000:]
    assert sb("verify", cwd=ws).rc == 0
    # it has no history to tell: citing it as history is refused with the claim that stands
    (ws / "draft.md").write_text(f"# Riders\n\nThe ferry carried 31,000 riders a day [@{b}].\n\n"
                                 f"At first this page said it was a record [@{a}].\n", encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and "E-DRAFT-CLAIM" in r.err and f"cite {b}" in r.err
    # once a page showed a claim, narrowing it leaves its History entry
    c = _narrow(ws, b, "The ferry carried 31,000 riders.", "the ledger's History keeps it")
    claims = _claims(ws)
    assert "unpublished" not in claims[b] and claims[c]["limitation"].startswith("claim narrowed from")
    (ws / "draft.md").write_text(f"# Riders\n\nThe ferry carried 31,000 riders [@{c}].\n", encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert f'id="h-{b}"' in page and a not in page
