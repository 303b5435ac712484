"""Claims that say no more than their evidence: the claim-text gate, its warnings at add and
narrow, review flags and acks, the tier rule for every kind, and contests that stay visible.

Verify runs here over the ledger alone (no plan, no page), so each test sees the claim rules.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from conftest import sb
from ledger_helpers import add, claim, ev, last_id, make_source
from verify_kit import text_of

from sourcebook.base.ids import claim_id, cluster_id
from sourcebook.engines.text import stance

PAGE = ("# Water bus notice\n\n"
        "Weekday ridership averaged 38,500 passengers over the summer. A single adult fare is 3.40 marks.\n\n"
        "No other scheme is live at this time.\n\n"
        "Fares may rise by 5% in 2027.\n\n"
        "Officials said that the ferry runs every 20 minutes. Councillor Okafor asked whether ridership had "
        "passed 35,000. The operator denied that the readers were switched off.\n\n"
        "Route W3 reopens on Monday.\n\n"
        "## Timetable\n\n"
        "Boats run every 12 minutes. Route W3 boats carry 80 people and run every 15 minutes in winter.\n\n"
        "## Fares\n\n"
        "Children under twelve travel free with a paying adult. Seniors ride at half fare on weekdays.\n")


@pytest.fixture
def src(ws):
    return make_source(ws, PAGE, name="notice", tier="A")


def _claims(ws) -> dict:
    with open(os.path.join(str(ws), "ledger", "claims.json"), encoding="utf-8") as fh:
        return {c["id"]: c for c in json.load(fh)["claims"]}


def _codes(text: str) -> list[str]:
    return [ln.split()[0] for ln in text.splitlines() if ln.strip().startswith(("E-", "W-"))]


def _add(ws, text, sid, *quotes, **kw):
    evidence = [ev(sid, PAGE, q) for q in quotes]
    return add(ws, claim(text, evidence=evidence, **kw))


def verify_json(ws) -> dict:
    r = sb("verify", "--json", cwd=ws)
    doc = json.loads(r.out)
    doc["rc"] = r.rc
    doc["codes"] = [d["code"] for g in doc["gates"] for d in g["details"]]
    return doc


# ---- figures and dates in a claim's own text --------------------------------------------------

def test_wrong_figure_is_stored_with_a_warning_and_refused_by_verify(ws, src):
    r = _add(ws, "Weekday ridership averaged 48,500 passengers over the summer.", src,
             "Weekday ridership averaged 38,500 passengers over the summer.", kind="number", confidence="verified")
    assert r.rc == 0, r.both  # stored: the original kit's scenarios store broken evidence and expect exit 0
    cid = last_id(r)
    assert _codes(r.err) == ["W-CLAIM-FIGURE"] and cid in r.err and "48,500" in r.err
    assert cid in _claims(ws)
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-CLAIM-FIGURE"], doc
    assert "48,500" in json.dumps(doc)


def test_right_figure_in_other_grouping_passes(ws, src):
    r = _add(ws, "Weekday ridership averaged 38 500 passengers over the summer.", src,
             "Weekday ridership averaged 38,500 passengers over the summer.", kind="number", confidence="verified")
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


def test_as_of_is_not_backing_and_every_part_is(ws, src):
    # the year comes from the claim's as_of only: refused
    r = _add(ws, "A single adult fare is 3.40 marks in 2026.", src, "A single adult fare is 3.40 marks.",
             kind="number", confidence="verified", as_of="2026-01-01")
    assert "W-CLAIM-FIGURE" in r.err and "2026" in r.err
    # a multi-part quote backs the claim with every part
    r = add(ws, claim("Route W3 boats carry 80 people and run every 15 minutes in winter.",
                      evidence=[{"source_id": src, "quote": "Route W3 boats carry 80 people [...] every 15 minutes"}]))
    assert r.rc == 0 and "W-CLAIM-FIGURE" not in r.err, r.both
    stored = _claims(ws)[last_id(r)]["evidence"][0]
    assert len(stored["parts"]) == 2


def test_a_name_no_quote_has_is_left_to_the_reader(ws, src):
    # the quote says who asked; the claim adds a name it does not have: a review flag, never a refusal
    r = _add(ws, "Councillor Okafor of Harbourside asked whether ridership had passed 35,000.", src,
             "Councillor Okafor asked whether ridership had passed 35,000.")
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-FIGURE-WORDS"] and "'Harbourside'" in r.err, r.both
    assert "Okafor" not in r.err.split("Harbourside")[-1]  # the quote's own name is not flagged
    assert verify_json(ws)["rc"] == 0
    # a name from the source's title, a name opening the sentence, and a month are not flagged
    r = _add(ws, "Route W3 reopens on Monday, the Water bus notice says.", src, "Route W3 reopens on Monday.")
    assert r.rc == 0 and r.err == "", r.both
    r = _add(ws, "Officials said in March that the ferry runs every 20 minutes.", src,
             "Officials said that the ferry runs every 20 minutes.")
    assert "name" not in r.err, r.both


def test_an_ack_of_figure_words_and_names_leaves_a_workspace_that_loads(ws, src):
    # acking a claim whose flags are a number in words, a quotation and a name records each by its
    # code and digest, the form claims.json is held to: every later command still reads it
    r = _add(ws, 'Three riders of Harbourside called the fare "a bargain".', src, "A single adult fare is 3.40 marks.")
    cid = last_id(r)
    assert r.rc == 0 and _codes(r.err).count("W-CLAIM-FIGURE-WORDS") == 3, r.both
    r = sb("claim", "ack", cid, "--reason", "the fare table and the riders' forum say so", cwd=ws)
    assert r.rc == 0, r.both
    flags = _claims(ws)[cid]["acks"][-1]["flags"]
    assert len(flags) == 3 and all(f.startswith("W-CLAIM-FIGURE-WORDS:") and len(f) == 33 for f in flags), flags
    for argv in (("claim", "list"), ("ledger",), ("verify",)):
        r = sb(*argv, cwd=ws)
        assert r.rc == 0 and "E-SCHEMA" not in r.both, (argv, r.both)
    assert "W-CLAIM-FIGURE-WORDS" not in sb("review", cwd=ws).both  # the ack silences all three


def test_spelled_out_numbers_are_left_to_the_reader(ws, src):
    # a number in words the quotes do not state is a review flag for a person, never a refusal
    r = _add(ws, "Three travellers in the thread reported the same failure.", src, "Route W3 reopens on Monday.")
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-FIGURE-WORDS"] and "'Three'" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 0 and "E-CLAIM-FIGURE" not in doc["codes"]
    r = _add(ws, "Weekday ridership averaged thirty-eight thousand five hundred passengers over the summer.", src,
             "Weekday ridership averaged 38,500 passengers over the summer.", kind="number")
    assert r.rc == 0 and r.err == "", r.both  # words and digits agree both ways


def test_ambiguous_numeric_date_is_warned_then_refused(ws, src):
    r = _add(ws, "Route W3 reopens on 01.11.2026.", src, "Route W3 reopens on Monday.", kind="date")
    assert r.rc == 0 and "W-CLAIM-DATE-AMBIGUOUS" in _codes(r.err) and "01.11.2026" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-DATE-AMBIGUOUS" in doc["codes"]


def test_narrow_warns_on_a_changed_figure_and_on_negation(ws, src):
    r = _add(ws, "A single adult fare is 3.40 marks, unchanged.", src, "A single adult fare is 3.40 marks.",
             kind="number")
    cid = last_id(r)
    r = sb("claim", "narrow", cid, "--text", "A single adult fare is 2.40 marks.", "--reason", "shorter", cwd=ws)
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-FIGURE"] and "2.40" in r.err, r.both
    new = last_id(r)
    events = [json.loads(x) for x in open(os.path.join(str(ws), "ledger", "events.jsonl"), encoding="utf-8")]
    assert events[-1]["claim_id"] == new and events[-1]["warnings"] == ["W-CLAIM-FIGURE"]
    assert "E-CLAIM-FIGURE" in verify_json(ws)["codes"]
    r = sb("claim", "narrow", new, "--text", "A single adult fare is not 3.40 marks.", "--reason", "negated",
           cwd=ws)
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-NEGATION"], r.both


# ---- tiers: verified needs A or B whatever the kind -----------------------------------------

def test_verified_fact_on_tier_c_is_weak(ws):
    sid = make_source(ws, PAGE, name="forum", tier="C")
    _add(ws, "No other scheme is live.", sid, "No other scheme is live at this time.", kind="fact",
         confidence="verified")
    doc = verify_json(ws)
    assert doc["codes"] == ["E-TIER-WEAK"], doc
    assert "tier C" in doc["gates"][[g["gate"] for g in doc["gates"]].index("tiers")]["findings"][0]


# ---- inferred claims ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["Ridership will pass 40,000 in 2027.",
                                  "The operator calls the readers \u201cnearly ready\u201d."])
def test_inferred_claim_carries_no_figure_or_quotation(ws, text):
    r = add(ws, claim(text, confidence="inferred", kind="interpretation"))
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-INFERRED"], r.both
    doc = verify_json(ws)
    assert doc["codes"] == ["E-CLAIM-INFERRED"], doc


def test_inferred_claim_in_plain_words_passes(ws):
    r = add(ws, claim("Until the W3 readers work, riders should carry another way to pay.", confidence="inferred",
                      kind="recommendation"))
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


# ---- multi-part quotes stay in one paragraph ----------------------------------------------

def test_parts_across_a_heading_are_spliced(ws, src):
    r = add(ws, claim("Route W3 boats run every 12 minutes.",
                      evidence=[{"source_id": src, "quote": "Route W3 reopens [...] run every 12 minutes"}]))
    assert r.rc == 0 and "W-QUOTE-SPLICE" in _codes(r.err), r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-QUOTE-SPLICE" in doc["codes"]
    assert "heading" in json.dumps(doc)


def test_parts_across_a_blank_line_are_spliced(ws, src):
    r = add(ws, claim("No other scheme is live at this time; fares may rise.",
                      evidence=[{"source_id": src, "quote": "No other scheme is live [...] Fares may rise"}]))
    assert "W-QUOTE-SPLICE" in _codes(r.err) and "blank line" in r.err, r.both


# ---- review flags: negation, hedge, cut -----------------------------------------------------

def test_honest_negation_mismatch_is_listed_for_review_and_passes(ws, src):
    r = _add(ws, "Only two partner schemes are live.", src, "No other scheme is live at this time.")
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-NEGATION"], r.both
    cid = last_id(r)
    doc = verify_json(ws)
    assert doc["rc"] == 0 and doc["pass"] is True and doc["codes"] == []
    assert [(f["code"], f["subject"]) for f in doc["review"]] == [("W-CLAIM-NEGATION", cid)]
    text = sb("verify", cwd=ws)
    assert text.rc == 0 and "review: 1 flag(s)" in text.out and "W-CLAIM-NEGATION" in text.out
    assert "PASS" in text.out.splitlines()[-1]
    with open(os.path.join(str(ws), "build", "verify.json"), encoding="utf-8") as fh:
        assert json.load(fh)["review"][0]["code"] == "W-CLAIM-NEGATION"
    # someone looked: the ack answers the flag and it leaves the review list
    r = sb("claim", "ack", cid, "--reason", "only two schemes are named elsewhere; the claim stands", cwd=ws)
    assert r.rc == 0 and "answers 1 review flag(s): W-CLAIM-NEGATION" in r.out, r.both
    acks = _claims(ws)[cid]["acks"]
    assert len(acks) == 1 and acks[0]["flags"][0].startswith("W-CLAIM-NEGATION:")
    doc = verify_json(ws)
    assert doc["rc"] == 0 and doc["review"] == []
    assert "1 answered by an ack" in sb("verify", cwd=ws).out
    show = sb("claim", "show", cid, cwd=ws)
    assert "answers W-CLAIM-NEGATION" in show.out


def test_ack_without_review_flags_keeps_its_old_shape(ws, src):
    r = _add(ws, "No other scheme is live.", src, "No other scheme is live at this time.")
    cid = last_id(r)
    assert r.err == "", r.both
    r = sb("claim", "ack", cid, "--reason", "re-read after the page changed", cwd=ws)
    assert r.rc == 0 and r.out.strip() == f"acknowledged {cid}"
    assert set(_claims(ws)[cid]["acks"][0]) == {"at", "reason"}


def test_hedge_in_quote_dropped_by_claim(ws, src):
    r = _add(ws, "Fares will rise by 5% in 2027.", src, "Fares may rise by 5% in 2027.")
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-HEDGE"] and "'may'" in r.err, r.both
    assert [f["code"] for f in verify_json(ws)["review"]] == ["W-CLAIM-HEDGE"]
    r = _add(ws, "Fares could rise by 5% in 2027.", src, "Fares may rise by 5% in 2027.")
    assert r.err == "", r.both


@pytest.mark.parametrize(("text", "quote", "words"), [
    ("The ferry runs every 20 minutes.", "the ferry runs every 20 minutes", "said"),
    # a question kept a question (told as a statement it is refused: E-CLAIM-QUESTION)
    ("Councillor Okafor asked whether ridership had passed 35,000.", "ridership had passed 35,000", "asked whether"),
    ("The readers were switched off.", "the readers were switched off", "denied that"),
])
def test_quote_cut_after_report_question_or_denial(ws, src, text, quote, words):
    r = _add(ws, text, src, quote)
    assert r.rc == 0 and "W-CLAIM-CUT" in _codes(r.err) and words in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 0 and "W-CLAIM-CUT" in [f["code"] for f in doc["review"]]


def test_a_claim_that_reports_keeps_the_report(ws, src):
    r = _add(ws, "Officials said the ferry runs every 20 minutes.", src, "the ferry runs every 20 minutes")
    assert r.rc == 0 and r.err == "", r.both


def test_stance_readings():
    assert stance.negated("No other scheme is live.") and stance.negated("It isn't live")
    assert stance.negated("W3航路では使えません") and stance.negated("Это не так") and stance.negated("不能用")
    assert not stance.negated("See No. 5 for the map") and not stance.negated("Only two schemes are live")
    assert stance.modals("Boats may run from 1 May 2026 and could stop") == ["may", "could"]
    assert stance.modals("It opened in May 2026") == [] and stance.modals("开通时间预计在十二月") == ["预计"]
    assert stance.hedged("Route W3 is due to accept the pass")
    text = "Is it true that the line runs late? Yes."
    s = text.index("the line")
    assert stance.cut_context(text, s, s + len("the line runs late")) == stance.Cut("question", "?")
    text = "As of 2026-01-15 the line runs every 20 minutes."
    s = text.index("the line")
    assert stance.cut_context(text, s, len(text) - 1) is None
    assert stance.cut_context(text, 0, 10) is None


# ---- as_of no later than the sources ------------------------------------------------------

def test_as_of_later_than_every_source_date(ws, src):
    r = _add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.", kind="number",
             volatile=True, as_of="2026-06-30", recheck="https://example.org/fares")
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-ASOF-LATE"] and "2026-01-01" in r.err, r.both
    doc = verify_json(ws)
    assert doc["codes"] == ["E-CLAIM-ASOF-LATE"], doc
    cid = last_id(r)
    assert sb("claim", "set", cid, "--as-of", "2025-12-31", cwd=ws).rc == 0
    assert verify_json(ws)["rc"] == 0


def test_as_of_stated_by_the_source_is_allowed(ws):
    text = "# Status\n\nAs of 2026-01-15 the line runs every 20 minutes on weekdays.\n"
    sid = make_source(ws, text, name="status")  # retrieved 2026-01-01, yet it states the date
    r = add(ws, claim("The line runs every 20 minutes on weekdays.", volatile=True, as_of="2026-01-15",
                      recheck="https://example.org/status",
                      evidence=[ev(sid, text, "the line runs every 20 minutes on weekdays")]))
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


def test_a_clean_claim_remembered_by_the_cache_is_read_again_when_its_source_changes(ws, src):
    r = _add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.", kind="number",
             volatile=True, as_of="2025-12-01", recheck="https://example.org/fares")
    assert r.err == "", r.both
    assert verify_json(ws)["rc"] == 0 and verify_json(ws)["rc"] == 0  # the second run reuses the first
    path = os.path.join(str(ws), "sources", src, "source.json")
    with open(path, encoding="utf-8") as fh:
        rec = json.load(fh)
    rec["retrieved_at"] = "2025-06-01T00:00:00Z"  # now the source is older than the claim's as_of
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    assert verify_json(ws)["codes"] == ["E-CLAIM-ASOF-LATE"]


# ---- contests stay visible --------------------------------------------------------------

def _both_stand(ws, src):
    a = last_id(_add(ws, "Weekday ridership averaged 38,500 passengers over the summer.", src,
                     "Weekday ridership averaged 38,500 passengers over the summer.", kind="number",
                     topic="ridership.weekday"))
    b = last_id(_add(ws, "Councillor Okafor asked whether ridership had passed 35,000.", src,
                     "ridership had passed 35,000", kind="number", topic="ridership.weekday"))
    decision = {"cluster_id": cluster_id("ridership.weekday"), "topic_key": "ridership.weekday",
                "claim_ids": sorted([a, b]), "outcome": "both_stand",
                "reason": "different periods and different counts; both are shown"}
    r = sb("adjudicate", "--json", json.dumps(decision), "--apply", cwd=ws)
    assert r.rc == 0, r.both
    return a, b, decision


def test_both_stand_claims_cannot_be_retracted_superseded_or_narrowed(ws, src):
    a, b, decision = _both_stand(ws, src)
    cls = decision["cluster_id"]
    for argv in (("retract", a, "--reason", "the summer figure is old"),
                 ("set", a, "--superseded-by", b),
                 ("set", a, "--status", "superseded", "--superseded-by", b),
                 ("narrow", a, "--text", "Weekday ridership was high over the summer.", "--reason", "vaguer")):
        r = sb("claim", *argv, cwd=ws)
        assert r.rc == 1 and _codes(r.err) == ["E-CLAIM-CONTESTED"], (argv, r.both)
        assert cls in r.err and "sb adjudicate" in r.err
    assert all(c["status"] == "active" for c in _claims(ws).values())
    # a new decision for the cluster replaces both_stand: then the claim may go
    r = sb("adjudicate", "--json", json.dumps(dict(decision, outcome="supersede", winner=b,
                                                   reason="the council's count replaces the summer one")), cwd=ws)
    assert r.rc == 0, r.both
    r = sb("claim", "retract", a, "--reason", "the summer figure is withdrawn", cwd=ws)
    assert r.rc == 0, r.both


def test_adjudication_apply_does_not_retract_a_both_stand_claim(ws, src):
    a, b, decision = _both_stand(ws, src)
    path = os.path.join(str(ws), "ledger", "adjudications.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    doc["adjudications"].append(dict(doc["adjudications"][0], outcome="retract", winner=b))  # hand-edited twin
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    r = sb("adjudicate", "--apply", cwd=ws)
    assert r.rc == 1 and _codes(r.err) == ["E-CLAIM-CONTESTED"] and decision["cluster_id"] in r.err, r.both
    assert _claims(ws)[a]["status"] == "active"


def test_a_fact_with_figures_is_compared_like_a_number(ws, src):
    _add(ws, "Weekday ridership averaged 38,500 passengers over the summer.", src,
         "Weekday ridership averaged 38,500 passengers over the summer.", kind="fact", topic="ridership.weekday")
    _add(ws, "Ridership had passed 35,000.", src, "ridership had passed 35,000", kind="fact",
         topic="ridership.weekday")
    r = sb("contradictions", "--json", cwd=ws)
    clusters = json.loads(r.out)["clusters"] if r.out.strip().startswith("{") else json.loads(r.out)
    assert any("numeric" in c["detectors"] for c in clusters), r.out
    assert claim_id("Ridership had passed 35,000.") in clusters[0]["claim_ids"]


@pytest.mark.parametrize(("text", "quote", "figure"), [
    ("十二月十日からW3航路でもパスが使えます。", "十二月一日からW3航路でもタイドウォーター・パスが使えるようになります", "十二月十日"),
    ("新的读卡器将于十二月安装。", "新的读卡器将于十一月安装", "十二月"),
    ("Новые считыватели установят в декабре.", "Новые считыватели установят в ноябре", "декабре"),
])
def test_figures_in_every_script(ws, text, quote, figure):
    body = f"# 通知\n\n{quote}。\n"
    sid = make_source(ws, body, name="cjk", tier="B")
    r = add(ws, claim(text, kind="date", evidence=[ev(sid, body, quote)]))
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-FIGURE"] and figure in r.err, r.both
    assert verify_json(ws)["codes"] == ["E-CLAIM-FIGURE"]


def test_as_of_other_than_the_date_its_quote_states_is_refused(ws):
    text = "# Status\n\nThe pass is accepted on routes W1 and W2 as of 14 October 2026.\n"
    sid = make_source(ws, text, name="status-q")
    quote = "The pass is accepted on routes W1 and W2 as of 14 October 2026."
    r = add(ws, claim("The pass is accepted on routes W1 and W2.", volatile=True, as_of="2026-10-14",
                      recheck="https://example.org/status", evidence=[ev(sid, text, quote)]))
    assert r.rc == 0 and r.err == "", r.both
    cid = last_id(r)
    assert verify_json(ws)["rc"] == 0
    # the quote speaks for 14 October; a later as_of would date the claim past what it says
    r = sb("claim", "set", cid, "--as-of", "2026-01-01", cwd=ws)
    doc = verify_json(ws)
    assert doc["codes"] == ["E-CLAIM-ASOF-QUOTE"] and "2026-10-14" in json.dumps(doc), doc


def test_a_claim_stored_with_another_as_of_than_its_quote_is_warned(ws):
    text = "# Status\n\nThe pass is accepted on routes W1 and W2 as of 14 October 2026.\n"
    sid = make_source(ws, text, name="status-w")
    r = add(ws, claim("The pass is accepted on routes W1 and W2.", volatile=True, as_of="2025-12-01",
                      recheck="https://example.org/status",
                      evidence=[ev(sid, text, "The pass is accepted on routes W1 and W2 as of 14 October 2026.")]))
    assert r.rc == 0 and "W-CLAIM-ASOF-QUOTE" in r.err, r.both


def test_a_claim_whose_quote_dates_it_cannot_be_set_standing(ws):
    text = "# Status\n\nThe pass is accepted on routes W1 and W2 as of 14 October 2026.\n"
    sid = make_source(ws, text, name="status-v")
    quote = "The pass is accepted on routes W1 and W2 as of 14 October 2026."
    r = add(ws, claim("The pass is accepted on routes W1 and W2.", volatile=True, as_of="2026-10-14",
                      recheck="https://example.org/status", evidence=[ev(sid, text, quote)]))
    assert r.rc == 0 and r.err == "", r.both
    cid = last_id(r)
    # the source says it holds as of a day: set standing, the page drops the moving mark and the date
    r = sb("claim", "set", cid, "--volatile", "false", "--reason", "standing policy", cwd=ws)
    assert "W-CLAIM-ASOF-DROPPED" in r.err, r.both
    doc = verify_json(ws)
    assert doc["codes"] == ["E-CLAIM-ASOF-DROPPED"] and "14 October 2026" in json.dumps(doc), doc
    # the date written into the claim's own text keeps it true for good: it may stand
    r = add(ws, claim("As of 14 October 2026, the pass is accepted on routes W1 and W2.",
                      evidence=[ev(sid, text, quote)]))
    assert r.rc == 0 and "ASOF-DROPPED" not in r.err, r.both


# ---- author-written text beside checked quotes --------------------------------------------------

def test_notes_state_no_figure_or_date_the_quotes_do_not(ws, src):
    r = _add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.", kind="number")
    cid = last_id(r)
    r = sb("claim", "set", cid, "--notes", "Confirmed by the operator in writing on 3 October 2026.", cwd=ws)
    assert r.rc == 0 and "W-AUTHOR-TEXT-FIGURE" in _codes(r.err) and "3 October 2026" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-AUTHOR-TEXT-FIGURE"] and "notes" in json.dumps(doc), doc
    # a note that repeats what the quote states, or says no figure, is the author's honest word
    r = sb("claim", "set", cid, "--notes", "The 3.40 marks fare is the printed one; checked at the quay.", cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


def test_a_retraction_reason_states_no_figure_its_claim_does_not(ws, src):
    cid = last_id(_add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.",
                       kind="number"))
    r = sb("claim", "retract", cid, "--reason", "the council confirmed 45,000 riders on 30 October 2026", cwd=ws)
    assert r.rc == 0 and "W-AUTHOR-TEXT-FIGURE" in _codes(r.err) and "45,000" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-AUTHOR-TEXT-FIGURE"] and "retraction" in json.dumps(doc), doc
    other = last_id(_add(ws, "No other scheme is live.", src, "No other scheme is live at this time."))
    r = sb("claim", "retract", other, "--reason", "the operator reworded the page; no scheme list remains", cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    doc = verify_json(ws)
    assert [d["subject"] for g in doc["gates"] for d in g["details"]] == [cid], doc


@pytest.mark.parametrize("reason, flagged", [
    # the source the claim cites states it, though the claim's quote does not
    ("restated elsewhere; the same notice says route W3 boats carry 80 people", False),
    # no source the claim cites states it
    ("restated elsewhere; the same notice says route W3 boats carry 90 people", True),
])
def test_a_retraction_reason_may_state_what_its_claims_source_states(ws, src, reason, flagged):
    """As a decision's reason may: "KEP-2322" of a retraction reason, where the cited source's
    own heading reads "KEP-2322", is checked against that source."""
    cid = last_id(_add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.",
                       kind="number"))
    r = sb("claim", "retract", cid, "--reason", reason, cwd=ws)
    assert r.rc == 0 and ("W-AUTHOR-TEXT-FIGURE" in _codes(r.err)) == flagged, r.both
    assert ("E-AUTHOR-TEXT-FIGURE" in verify_json(ws)["codes"]) == flagged


def test_an_ack_reason_states_no_figure_its_claim_does_not(ws, src):
    """An ack's reason ships in every package's ledger.json: "switched on on 3 October 2026" is a
    date no quote states."""
    cid = last_id(_add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.",
                       kind="number"))
    assert sb("claim", "ack", cid, "--reason", "looked at the fare table; it stands", cwd=ws).rc == 0
    assert verify_json(ws)["rc"] == 0
    assert sb("claim", "ack", cid, "--reason", "the readers were switched on on 3 October 2026", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-AUTHOR-TEXT-FIGURE"] and "ack" in json.dumps(doc), doc
    # acking again, as the message says, replaces the refused reason; the sound one stays
    assert sb("claim", "ack", cid, "--reason", "the readers were switched on, a rider says", cwd=ws).rc == 0
    assert verify_json(ws)["rc"] == 0
    shown = json.loads(sb("claim", "show", cid, "--json", cwd=ws).out)
    reasons = [a["reason"] for a in shown["acks"]]
    assert reasons == ["looked at the fare table; it stands", "the readers were switched on, a rider says"], reasons


def test_a_decision_reason_states_no_figure_its_claims_do_not(ws, src):
    a, b, decision = _both_stand(ws, src)
    assert verify_json(ws)["rc"] == 0  # the honest reason: no figure
    bad = dict(decision, reason="The operator confirmed on 20 October 2026 that both counts are old.")
    r = sb("adjudicate", "--json", json.dumps(bad), cwd=ws)
    assert r.rc == 0 and "W-AUTHOR-TEXT-FIGURE" in _codes(r.err) and "20 October 2026" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-AUTHOR-TEXT-FIGURE"], doc
    ok = dict(decision, reason="38,500 is a summer average; 35,000 was only asked about: both are shown.")
    r = sb("adjudicate", "--json", json.dumps(ok), cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


@pytest.mark.parametrize("reason, flagged", [
    # the source the decision's claims cite states it, though neither claim does
    ("Both are shown; the same notice says route W3 boats carry 80 people.", False),
    # no source the decision cites states it
    ("Both are shown; the same notice says route W3 boats carry 90 people.", True),
])
def test_a_decision_reason_may_state_what_its_claims_sources_state(ws, src, reason, flagged):
    a, b, decision = _both_stand(ws, src)
    r = sb("adjudicate", "--json", json.dumps(dict(decision, reason=reason)), cwd=ws)
    assert r.rc == 0 and ("W-AUTHOR-TEXT-FIGURE" in _codes(r.err)) == flagged, r.both
    doc = verify_json(ws)
    assert (doc["codes"] == ["E-AUTHOR-TEXT-FIGURE"]) == flagged and (doc["rc"] == 0) != flagged, doc


@pytest.mark.parametrize("reason, word", [
    ("The trade report gives the real count the authority let slip to operators; the audited average is the "
     "figure the city prefers to publish. Both are shown.", "real count"),
    ("Both are shown; the summer count is the one the authority let slip to operators.", "let slip"),
    ("Both are shown, though the city prefers to publish the lower figure.", "prefers to publish"),
    ("Both are shown; the councillor's question is a mere aside.", "mere"),
])
def test_a_decision_reason_takes_no_side_its_claims_do_not(ws, src, reason, word):
    """A decision's reason is printed under "Why:" beside both sides: one that calls one side
    "the real count" or gives a speaker a motive is refused; a reason that says why the decision
    stands, negation and "kept as history" included, passes."""
    a, b, decision = _both_stand(ws, src)
    r = sb("adjudicate", "--json", json.dumps(dict(decision, reason=reason)), cwd=ws)
    assert r.rc == 0 and "W-AUTHOR-TEXT-WORD" in _codes(r.err), r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-AUTHOR-TEXT-WORD"] and word in json.dumps(doc), doc
    honest = ("38,500 is a summer average, not a count of the year; the councillor only asked about 35,000: both "
              "are shown with what each measures.")
    r = sb("adjudicate", "--json", json.dumps(dict(decision, reason=honest)), cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


@pytest.mark.parametrize("notes, refused", [
    ("The operator has since stopped honouring this fare on weekends; do not rely on it.", True),
    ("Every route charges this fare.", True),
    ("The fare has risen since.", True),
    ("The fare is the one printed at the quay for a single adult ticket.", False),
    ("Checked against the printed notice.", False),
])
def test_claim_notes_are_read_as_a_sentence_beside_the_claim(ws, src, notes, refused):
    """A claim's notes ship beside its checked quote in the package's ledger.json: read with a
    page's word rules, a note that undercuts the claim (a negation, a scope, a change its quotes
    lack) is refused; a note that describes it passes."""
    cid = last_id(_add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.",
                       kind="number"))
    r = sb("claim", "set", cid, "--notes", notes, cwd=ws)
    assert r.rc == 0 and (("W-AUTHOR-TEXT-WORD" in _codes(r.err)) == refused), r.both
    doc = verify_json(ws)
    assert (doc["codes"] == ["E-AUTHOR-TEXT-WORD"]) == refused and (doc["rc"] == 0) != refused, doc


def test_an_attestation_states_no_figure_its_source_does_not(ws, src):
    _add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.", kind="number")
    r = sb("source", "set", src, "attest=the audit office confirmed 45,000 riders to us", cwd=ws)
    assert r.rc == 0 and "W-AUTHOR-TEXT-FIGURE" in _codes(r.err) and "45,000" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-AUTHOR-TEXT-FIGURE"] and "attestation" in json.dumps(doc), doc
    r = sb("source", "set", src, "attest=the notice, checked against the printed copy at the quay", cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


def test_a_recheck_link_goes_to_one_of_the_claims_sources(ws, src):
    r = _add(ws, "A single adult fare is 3.40 marks.", src, "A single adult fare is 3.40 marks.", kind="number",
             volatile=True, as_of="2025-12-31", recheck="https://forum.example/t/fares")
    cid = last_id(r)
    assert r.rc == 0 and r.err == "", r.both  # a local source with no address: any site is the author's word
    assert verify_json(ws)["rc"] == 0
    assert sb("source", "set", src, "url=https://water.example/notice", "tier=C", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and doc["codes"] == ["E-CLAIM-RECHECK-HOST"] and "forum.example" in json.dumps(doc), doc
    r = sb("claim", "set", cid, "--recheck", "https://calder-forum.example/t/2", cwd=ws)
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-RECHECK-HOST"], r.both
    r = sb("claim", "set", cid, "--recheck", "https://www.water.example/fares", cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0


def test_as_of_earlier_than_the_sources_publication_is_refused(ws):
    text = ("# Service status\n\n*Calder Bay Water Bus Authority. Updated 14 October 2026.*\n\n"
            "Route W3 will accept the pass once new readers are fitted.\n\nFares were set on 1 March 2026.\n")
    sid = make_source(ws, text, name="status-e")
    path = os.path.join(str(ws), "sources", sid, "source.json")
    with open(path, encoding="utf-8") as fh:
        rec = json.load(fh)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(dict(rec, retrieved_at="2026-11-02T00:00:00Z"), fh)
    quote = "Route W3 will accept the pass once new readers are fitted."
    r = add(ws, claim("Route W3 will accept the pass once new readers are fitted.", volatile=True,
                      as_of="2026-10-14", recheck="https://example.org/status", evidence=[ev(sid, text, quote)]))
    assert r.rc == 0 and r.err == "", r.both
    cid = last_id(r)
    assert verify_json(ws)["rc"] == 0
    # backdated to March: the page says the plan was known before the source was written
    r = sb("claim", "set", cid, "--as-of", "2026-03-02", cwd=ws)
    assert r.rc == 0 and _codes(r.err) == ["W-CLAIM-ASOF-EARLY"] and "2026-10-14" in r.err, r.both
    doc = verify_json(ws)
    assert doc["codes"] == ["E-CLAIM-ASOF-EARLY"], doc
    # a quote that itself states an earlier day speaks for it
    q2 = "Fares were set on 1 March 2026."
    r = add(ws, claim("Fares were set on 1 March 2026.", topic="topic.two", volatile=True, as_of="2026-03-01",
                      recheck="https://example.org/status", evidence=[ev(sid, text, q2)]))
    assert r.rc == 0 and r.err == "", r.both
    # a recorded published_at bounds it too (a day after the dateline: a time zone, not a contradiction)
    assert sb("claim", "set", cid, "--as-of", "2026-10-14", cwd=ws).rc == 0
    assert sb("source", "set", sid, "published=2026-10-15", cwd=ws).rc == 0
    assert verify_json(ws)["codes"] == ["E-CLAIM-ASOF-EARLY"]
    # later still, the record contradicts the text's own "Updated 14 October 2026"
    assert sb("source", "set", sid, "published=2026-10-20", cwd=ws).rc == 0
    assert verify_json(ws)["codes"] == ["E-CLAIM-ASOF-EARLY", "E-SOURCE-PUBLISHED-LATE"]


@pytest.mark.parametrize(("quote", "said"), [
    ("The pass is accepted on routes W1 and W2 as of 14 October 2026.", "14 October 2026"),
    ("Route W3 is due to accept the pass from 1 December 2026.", "1 December 2026"),
])
def test_a_claim_whose_quote_is_dated_is_made_settled_only_with_a_reason(ws, quote, said):
    text = f"# Status\n\n{quote}\n\nA single adult fare is 3.40 marks.\n"
    sid = make_source(ws, text, name="status-v")
    r = add(ws, claim(quote, volatile=True, as_of="2026-01-01", recheck="https://example.org/status",
                      evidence=[ev(sid, text, quote)]))
    cid = last_id(r)
    r = sb("claim", "set", cid, "--volatile", "false", cwd=ws)
    assert r.rc == 1 and _codes(r.err) == ["E-USAGE"] and said in r.err and "--reason" in r.err, r.both
    assert _claims(ws)[cid]["volatile"] is True
    r = sb("claim", "set", cid, "--volatile", "false", "--reason", "the operator's schedule is final", cwd=ws)
    assert r.rc == 0 and _claims(ws)[cid]["volatile"] is False, r.both
    events = (ws / "ledger" / "events.jsonl").read_text(encoding="utf-8")
    assert "the operator's schedule is final" in events
    # a quote that states no date: no reason is asked
    other = last_id(add(ws, claim("A single adult fare is 3.40 marks.", topic="fare", volatile=True,
                                  as_of="2026-01-01", recheck="https://example.org/status",
                                  evidence=[ev(sid, text, "A single adult fare is 3.40 marks.")])))
    assert sb("claim", "set", other, "--volatile", "false", cwd=ws).rc == 0


def test_parts_across_a_sentence_end_are_spliced_unless_whole_sentences(ws, src):
    r = add(ws, claim("Weekday ridership averaged 38,500 marks.", kind="number",
                      evidence=[{"source_id": src, "quote": "Weekday ridership averaged 38,500 [...] marks"}]))
    assert r.rc == 0 and "W-QUOTE-SPLICE" in _codes(r.err) and "different sentences" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-QUOTE-SPLICE" in doc["codes"], doc
    assert sb("claim", "retract", last_id(r), "--reason", "spliced", cwd=ws).rc == 0
    whole = "Weekday ridership averaged 38,500 passengers over the summer. [...] A single adult fare is 3.40 marks."
    r = add(ws, claim("Weekday ridership averaged 38,500 passengers over the summer; a single adult fare is "
                      "3.40 marks.", topic="two", kind="number", evidence=[{"source_id": src, "quote": whole}]))
    assert r.rc == 0 and "SPLICE" not in r.err, r.both
    r = add(ws, claim("Weekday ridership averaged 38,500 over the summer.", topic="three", kind="number",
                      evidence=[{"source_id": src, "quote": "Weekday ridership averaged 38,500 [...] over the summer"}]))
    assert r.rc == 0 and "SPLICE" not in r.err, r.both
    assert verify_json(ws)["rc"] == 0


def test_a_verified_claim_cut_from_a_question_is_refused_and_no_ack_answers_it(ws, src):
    r = _add(ws, "Ridership had passed 35,000.", src, "ridership had passed 35,000", kind="number",
             confidence="verified")
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-QUESTION" in _codes(r.err) and "asked whether" in r.err, r.both
    assert sb("claim", "ack", cid, "--reason", "the councillor surely knew", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-QUESTION" in doc["codes"], doc
    # held at reported it still tells the question as a statement; kept as a question, the cut
    # is a review flag that an ack answers
    assert sb("claim", "set", cid, "--confidence", "reported", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-QUESTION" in doc["codes"], doc
    assert sb("claim", "retract", cid, "--reason", "a question", cwd=ws).rc == 0
    r = _add(ws, "Councillor Okafor asked whether ridership had passed 35,000.", src, "ridership had passed 35,000",
             kind="number", topic="ridership.asked")
    assert r.rc == 0 and "W-CLAIM-QUESTION" not in _codes(r.err), r.both
    doc = verify_json(ws)
    assert doc["rc"] == 0 and "W-CLAIM-CUT" in [f["code"] for f in doc["review"]], doc


def test_a_question_told_as_a_statement_is_refused_at_any_confidence(ws, src):
    """"Councillor Okafor asked whether ridership had passed 35,000" stored as "Councillor
    Okafor said ridership had passed 35,000": an ack does not turn a question into a statement."""
    r = _add(ws, "Councillor Okafor said ridership had passed 35,000.", src, "ridership had passed 35,000",
             kind="number")
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-QUESTION" in _codes(r.err), r.both
    assert sb("claim", "ack", cid, "--reason", "the councillor's own statement", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-QUESTION" in doc["codes"], doc


def test_a_verified_claim_stating_a_report_as_fact_is_refused_unless_it_says_who_said_it(ws, src):
    """"Officials said that the ferry runs every 20 minutes": the page vouches for what officials
    said, not for the timetable."""
    r = _add(ws, "The ferry runs every 20 minutes.", src, "the ferry runs every 20 minutes", kind="number",
             confidence="verified")
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-REPORTED" in _codes(r.err) and "said that" in r.err, r.both
    assert sb("claim", "ack", cid, "--reason", "officials know the timetable", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-REPORTED" in doc["codes"], doc
    # said who said it, it stands; held at reported, the cut is a review flag again
    r = _add(ws, "Officials said the ferry runs every 20 minutes.", src, "the ferry runs every 20 minutes",
             kind="number", confidence="verified", topic="ferry.said")
    assert r.rc == 0 and "W-CLAIM-REPORTED" not in _codes(r.err), r.both
    assert sb("claim", "set", cid, "--confidence", "reported", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert "E-CLAIM-REPORTED" not in doc["codes"], doc


PAPER = ("# Water buses win riders\n\n"
         "Riders on route W3 told The Ferry Ledger that the card readers on its boats were still switched off "
         "in late September.\n\n"
         "According to the operator, boats on route W1 run every 12 minutes.\n\n"
         "The W2 pier was closed for a week, riders complained.\n\n"
         "Riders on route W3 told the transport committee of Calder Bay on Tuesday that the paper tickets had "
         "run out.\n\n"
         "The crew said the readers are coming soon. Route W3 boats carry 80 people.\n")


def _add_paper(ws, sid, text, quote, **kw):
    return add(ws, claim(text, evidence=[ev(sid, PAPER, quote)], **kw))


@pytest.mark.parametrize(("text", "quote", "words"), [
    ("The card readers on route W3 were still switched off in late September.",
     "Riders on route W3 told The Ferry Ledger that the card readers on its boats were still switched off in late "
     "September.", "Riders on route W3 told"),
    ("Boats on route W1 run every 12 minutes.", "According to the operator, boats on route W1 run every 12 minutes.",
     "According to the operator"),
    ("The W2 pier was closed for a week.", "The W2 pier was closed for a week, riders complained.",
     "riders complained"),
    # cut after "told ... that", the verb further back than the last words
    ("The paper tickets on route W3 had run out.", "the paper tickets had run out", "told the transport"),
])
def test_a_verified_claim_dropping_the_speaker_its_whole_quote_names_is_refused(ws, text, quote, words):
    """The quote is the whole report ("Riders ... told The Ferry Ledger that ..."), not cut from
    it: the claim that states the rest as a checked fact drops who said it, as a claim cut after
    "said" does. Said who said it, the claim stands; held at reported, it is a review flag."""
    sid = make_source(ws, PAPER, name="paper", tier="B")
    r = _add_paper(ws, sid, text, quote, confidence="verified")
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-REPORTED" in _codes(r.err) and words in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-REPORTED" in doc["codes"], doc
    assert sb("claim", "set", cid, "--confidence", "reported", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 0 and "W-CLAIM-CUT" in [f["code"] for f in doc["review"]], doc


@pytest.mark.parametrize(("text", "quote"), [
    ("Riders on route W3 told The Ferry Ledger the card readers were still switched off in late September.",
     "Riders on route W3 told The Ferry Ledger that the card readers on its boats were still switched off in late "
     "September."),
    ("The operator says boats on route W1 run every 12 minutes.",
     "According to the operator, boats on route W1 run every 12 minutes."),
    # a quote with a sentence in the source's own voice backs that sentence's fact
    ("Route W3 boats carry 80 people.", "The crew said the readers are coming soon. Route W3 boats carry 80 people."),
    ("Route W3 boats carry 80 people.", "Route W3 boats carry 80 people."),
])
def test_a_claim_that_keeps_the_speaker_or_quotes_the_source_itself_stands(ws, text, quote):
    sid = make_source(ws, PAPER, name="paper", tier="B")
    r = _add_paper(ws, sid, text, quote, confidence="verified", kind="number" if "80" in text else "fact")
    assert r.rc == 0 and "W-CLAIM-REPORTED" not in _codes(r.err) and "W-CLAIM-CUT" not in _codes(r.err), r.both
    doc = verify_json(ws)
    assert "E-CLAIM-REPORTED" not in doc["codes"], doc


def test_a_document_naming_itself_backs_its_identifier_and_a_claim_can_be_added_from_flags(ws):
    """A claim says "PEP 563 ..." of a quote from PEP 563 that says "this PEP": the document's own
    header ("PEP: 563") states its name, as the ledger shows beside the quote. Another PEP's
    number is still a figure the quotes must state."""
    text = "PEP: 563\nTitle: Postponed Evaluation of Annotations\n\n# Abstract\n\nThis PEP proposes changing function annotations.\n"
    sid = make_source(ws, text, name="pep-0563", title="Postponed Evaluation of Annotations")
    r = sb("claim", "add", "--text", "PEP 563 proposes changing function annotations.", "--source", sid,
           "--quote", "This PEP proposes changing function annotations.", "--topic", "pep563.scope", cwd=ws)
    assert r.rc == 0 and r.err == "", r.both
    doc = verify_json(ws)
    assert doc["rc"] == 0, doc["codes"]
    r = sb("claim", "add", "--text", "PEP 649 proposes changing function annotations.", "--source", sid,
           "--quote", "This PEP proposes changing function annotations.", "--topic", "pep649.scope", cwd=ws)
    assert r.rc == 0 and "W-CLAIM-FIGURE" in r.err and "PEP 649" in r.err, r.both
    r = sb("claim", "add", "--text", "A claim with no quote.", "--source", sid, cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err and "--quote" in r.err, r.both


def test_a_documents_number_is_stated_by_its_identifier():
    """A title made from a file name ("pep 0563") states the number its header states as "PEP: 563"."""
    from sourcebook.engines.text import figures

    assert figures.unbacked("pep 0563", ["PEP: 563\nTitle: Postponed Evaluation of Annotations"]) == []
    assert [f.written for f in figures.unbacked("pep 0649", ["PEP: 563"])] == ["0649"]


def test_a_verified_claim_whose_quote_stops_before_its_condition_is_refused(ws, src):
    """"Children under twelve travel free" cut from "... travel free with a paying adult": the
    claim says children ride free alone, which the source does not say."""
    r = _add(ws, "Children under twelve ride free.", src, "Children under twelve travel free", confidence="verified")
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-CONDITION" in _codes(r.err) and "with a paying adult" in r.err, r.both
    assert sb("claim", "ack", cid, "--reason", "children ride free", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-CONDITION" in doc["codes"], doc
    # held at reported, it is a review flag an ack answers
    assert sb("claim", "set", cid, "--confidence", "reported", cwd=ws).rc == 0
    doc = verify_json(ws)
    assert "E-CLAIM-CONDITION" not in doc["codes"] and "W-CLAIM-CUT" in [f["code"] for f in doc["review"]], doc


def test_a_claim_that_keeps_its_condition_or_a_quote_ending_its_sentence_passes(ws, src):
    r = _add(ws, "Children under twelve ride free with an adult.", src, "Children under twelve travel free",
             confidence="verified", topic="fares.children")
    assert r.rc == 0 and "CONDITION" not in r.both and "W-CLAIM-CUT" not in r.both, r.both
    r = _add(ws, "Seniors ride at half fare on weekdays.", src, "Seniors ride at half fare on weekdays",
             confidence="verified", topic="fares.seniors")
    assert r.rc == 0 and "CONDITION" not in r.both, r.both
    assert verify_json(ws)["rc"] == 0


def test_condition_after_a_quote():
    text = "Children travel free with a paying adult. Fares rise in May, when the timetable starts."
    assert stance.condition_after(text, text.index(" with")) == "with a paying adult"
    assert stance.condition_after(text, text.index(", when")) == ""  # tells when, not whether
    assert stance.condition_after(text, text.index(" a paying")) == ""  # "a paying adult" opens no condition
    t2 = "The pass works on W1 and W2, provided the readers are live."
    assert stance.condition_after(t2, t2.index(",")) == "provided the readers are live"
    assert not stance.keeps_condition("The pass works on W1 and W2.", "provided the readers are live")
    assert stance.keeps_condition("The pass works on W1 and W2 where readers are live.", "provided the readers are live")


def test_a_kep_naming_itself_backs_its_identifier_and_another_kep_does_not(ws):
    """"KEP-5343 ..." of a quote from KEP-5343, whose title line states it, names the source;
    KEP-3866 of the same quote is a figure the quotes do not state."""
    text = "# KEP-5343: Make nftables the default kube-proxy backend\n\n## Goals\n\nDeclare nftables to be the default.\n"
    sid = make_source(ws, text, name="kep-5343", title="KEP-5343: Make nftables the default kube-proxy backend")
    r = sb("claim", "add", "--text", "KEP-5343 aims to declare nftables the default.", "--source", sid,
           "--quote", "Declare nftables to be the default.", "--topic", "kep5343.goal", cwd=ws)
    assert r.rc == 0 and "W-CLAIM-FIGURE" not in r.err, r.both
    r = sb("claim", "add", "--text", "KEP-3866 aims to declare nftables the default.", "--source", sid,
           "--quote", "Declare nftables to be the default.", "--topic", "kep3866.goal", cwd=ws)
    assert r.rc == 0 and "W-CLAIM-FIGURE-WORDS" in r.err and "KEP-3866" in r.err, r.both


@pytest.mark.parametrize("name, head, ok", [
    ("RFC #2094", "- RFC PR: [rust-lang/rfcs#2094](https://github.com/rust-lang/rfcs/pull/2094)\n", True),
    ("RFC 2094", "# RFC 2094: non-lexical lifetimes\n", True),
    ("RFC #2095", "- RFC PR: [rust-lang/rfcs#2094](https://github.com/rust-lang/rfcs/pull/2094)\n", False),
    ("KEP 5343", "# KEP-5343: Make nftables the default\n", True),
    ("KEP-5343", "keps/sig-network/5343-nftables-default\n", False),  # a folder, not the series
    ("Issue 1234", "spec: generic methods · Issue #1234 · golang/go\n", True),
    ("Issue 1235", "spec: generic methods · Issue #1234 · golang/go\n", False),
    ("proposal 32437", "# Proposal 32437: a built-in error check, try\n", True),
    # the design doc links its discussion issue: that names the issue, not the document
    ("proposal 32437", "# Proposal: A built-in Go error check function, try\n\nDiscussion at golang.org/issue/32437\n", False),
    ("Issue 32437", "# Proposal: A built-in Go error check function, try\n\nDiscussion at golang.org/issue/32437\n", False),
])
def test_a_document_names_itself_by_the_identifier_of_its_series(name, head, ok):
    from sourcebook.engines.ledger.source_names import doc_ids
    from sourcebook.engines.ledger.source_names import names_itself as _names_itself

    assert [(s, e) for _, _, s, e in doc_ids(name)] == [(0, len(name))]
    assert _names_itself(name, [{"source_id": "src_000000000001"}], lambda sid: head) is ok


# ---- flags an editor would not raise ----------------------------------------------------------

RFC = ("# Try trait v2\n\n"
       "And even for a human, it's not clear that this freedom is helpful. While any trait can be implemented "
       "weirdly, one good part of the old RFC that this one hopes to retain is that one doesn't need to know "
       "contextual information to understand what comes out of `?`. Whereas any design here is new.\n\n"
       "## Leftmost Value (First-Seen) Wins\n\n"
       "It isn't clear that this behavior has many use-cases.\n\n"
       "If a container has no memory limit specified, the node's allocatable memory is used. The default "
       "throttling factor is 0.8.\n")


def test_a_question_mark_in_code_ends_no_sentence(ws):
    sid = make_source(ws, RFC, name="rfc", tier="A")
    quote = ("one good part of the old RFC that this one hopes to retain is that one doesn't need to know "
             "contextual information to understand what comes out of `?`")
    r = add(ws, claim("The new RFC hopes to keep one part of the old RFC: one does not need context to understand "
                      "what comes out of ?.", evidence=[ev(sid, RFC, quote)], confidence="verified"))
    assert r.rc == 0 and "W-CLAIM-QUESTION" not in r.err and "W-CLAIM-CUT" not in r.err, r.both
    assert "E-CLAIM-QUESTION" not in verify_json(ws)["codes"]
    # a real question still is one, and the message says where its mark stands
    text = "Is the fare 3.40 marks? Nobody knows.\n"
    qsid = make_source(ws, text, name="q", tier="A")
    r = add(ws, claim("The fare is 3.40 marks.", evidence=[ev(qsid, text, "the fare 3.40 marks")],
                      confidence="verified"))
    assert "W-CLAIM-QUESTION" in _codes(r.err) and "ends in a question mark" in r.err, r.both


def test_a_negation_said_with_a_prefix_or_in_another_quote_is_no_flag(ws):
    sid = make_source(ws, RFC, name="rfc", tier="A")
    # "unclear" says "isn't clear"
    r = add(ws, claim("The PEP says it is unclear that leftmost-wins has many use-cases.",
                      evidence=[ev(sid, RFC, "It isn't clear that this behavior has many use-cases.")]))
    assert r.rc == 0 and "W-CLAIM-NEGATION" not in r.err, r.both
    # the claim's "no memory limit" stands in its second quote, not its first
    r = add(ws, claim("The node's allocatable memory is used when a container has no memory limit, with a "
                      "throttling factor of 0.8.",
                      evidence=[ev(sid, RFC, "The default throttling factor is 0.8."),
                                ev(sid, RFC, "If a container has no memory limit specified, the node's allocatable "
                                             "memory is used.")]))
    assert r.rc == 0 and "W-CLAIM-NEGATION" not in r.err, r.both
    # a claim that drops the quote's "not", or negates where no quote does, is still flagged
    r = add(ws, claim("The PEP says it is clear that leftmost-wins has many use-cases.",
                      evidence=[ev(sid, RFC, "It isn't clear that this behavior has many use-cases.")]))
    assert "W-CLAIM-NEGATION" in _codes(r.err), r.both
    r = add(ws, claim("The default throttling factor is not 0.8.",
                      evidence=[ev(sid, RFC, "The default throttling factor is 0.8.")]))
    assert "W-CLAIM-NEGATION" in _codes(r.err), r.both


MINUTES = ("# Transport Committee minutes\n\n"
           "- Action: officers to report on W3 readers in December.\n"
           "- Action: publish the audited ridership figures online.\n\n"
           "The city will publish the fare table in January.\n")


@pytest.mark.parametrize(("text", "quote", "words"), [
    ("The city has published the audited ridership figures online.",
     "publish the audited ridership figures online", "Action:"),
    ("Officers reported on W3 readers in December.", "report on W3 readers in December", "officers to"),
    ("The city publishes the fare table in January.", "publish the fare table in January", "will"),
])
def test_a_verified_claim_telling_an_action_item_as_done_is_refused(ws, text, quote, words):
    """"Action: publish the audited ridership figures online" is a thing to do: a verified claim
    that the city "has published" them says more than the minutes; said as the plan, it stands."""
    sid = make_source(ws, MINUTES, name="minutes", tier="A")
    r = add(ws, claim(text, kind="fact", confidence="verified", evidence=[ev(sid, MINUTES, quote)]))
    assert r.rc == 0 and "W-CLAIM-PLAN" in _codes(r.err) and words in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-PLAN" in doc["codes"], doc


@pytest.mark.parametrize("text", [
    "Officers are to publish the audited ridership figures online.",
    "The committee agreed to publish the audited ridership figures online.",
    "The city will publish the audited ridership figures online.",
])
def test_a_claim_keeping_the_action_item_a_plan_passes(ws, text):
    sid = make_source(ws, MINUTES, name="minutes", tier="A")
    r = add(ws, claim(text, kind="fact", confidence="verified",
                      evidence=[ev(sid, MINUTES, "publish the audited ridership figures online")]))
    assert r.rc == 0 and "PLAN" not in r.err and "W-CLAIM-CUT" not in r.err, r.both
    assert "E-CLAIM-PLAN" not in verify_json(ws)["codes"]


HELPERS = ("# Compatibility\n\n"
           "PEP 563 requires using eval to convert stringized annotations into their real values. Existing code "
           "that activates stringized annotations, and calls eval() directly, can simply remove the eval() call. "
           "Existing code using a helper function would continue to work unchanged, though use of those functions "
           "may become optional.\n\n"
           "Static typing users often have modules that only contain annotations.\n")
WHOLE_A = "PEP 563 requires using eval to convert stringized annotations into their real values."
WHOLE_C = ("Existing code using a helper function would continue to work unchanged, though use of those functions "
           "may become optional.")


@pytest.mark.parametrize(("quote", "refused"), [
    # two whole sentences of one paragraph, a whole sentence with ", and" left out between them
    (f"{WHOLE_A} [...] {WHOLE_C}", False),
    # the second part cut before its ", though ...": not a whole sentence, across a sentence end
    (f"{WHOLE_A} [...] Existing code using a helper function would continue to work unchanged", True),
    # a part cut from its sentence, the next sentence's opening right after the gap
    ("PEP 563 requires using eval to convert stringized annotations [...] Existing code that activates stringized "
     "annotations", True),
    # a part from the middle of the sentence left out, after its ", and": across clauses
    (f"{WHOLE_A} [...] calls eval() directly, can simply remove the eval() call.", True),
    # whole sentences, but a blank line between them
    (f"{WHOLE_C} [...] Static typing users often have modules that only contain annotations.", True),
])
def test_whole_sentences_that_skip_a_whole_sentence_are_no_splice(ws, quote, refused):
    """`sb claim add`, `sb claim evidence` and `sb verify` read a multi-part quote alike: whole
    sentences of one paragraph may leave a whole sentence out, whatever clauses it joins."""
    sid = make_source(ws, HELPERS, name="pep-649", tier="A")
    text = ("Under PEP 649, existing code that uses a helper function to convert stringized annotations would "
            "continue to work unchanged.")
    r = add(ws, claim(text, kind="fact", confidence="verified", evidence=[{"source_id": sid, "quote": quote}]))
    assert r.rc == 0 and ("W-QUOTE-SPLICE" in _codes(r.err)) == refused, r.both
    assert ("E-QUOTE-SPLICE" in verify_json(ws)["codes"]) == refused
    # the same quote given later by `sb claim evidence`, over a claim first quoted plainly
    other = last_id(add(ws, claim(text.replace("Under PEP 649, e", "E"), topic="other", kind="fact",
                                  confidence="verified", evidence=[ev(sid, HELPERS, WHOLE_C)])))
    r = sb("claim", "evidence", other, "--source", sid, "--quote", quote, cwd=ws)
    assert r.rc == 0 and ("W-QUOTE-SPLICE" in _codes(r.err)) == refused, r.both


SCOPE = ("# Resolving annotations\n\n"
         "Annotations can only use names present in the module scope as postponed evaluation using local names "
         "is not reliable (with the sole exception of class-level names resolved by `typing.get_type_hints()`).\n\n"
         "Riders pay cash because the readers are not installed.\n\n"
         "The limit is kept as long as the heap is not full.\n")


@pytest.mark.parametrize(("text", "quote", "flagged"), [
    # the "not" is the quote's reason, which the claim leaves out: it states the restriction
    ("Under PEP 563, annotations can only use names present in the module scope, with the sole exception of "
     "class-level names resolved by typing.get_type_hints().",
     "Annotations can only use names present in the module scope as postponed evaluation using local names is not "
     "reliable (with the sole exception of class-level names resolved by `typing.get_type_hints()`).", False),
    ("Riders pay cash.", "Riders pay cash because the readers are not installed.", False),
    # a reason the claim restates keeps its negation
    ("Annotations can only use module names because postponed evaluation using local names is reliable.",
     "Annotations can only use names present in the module scope as postponed evaluation using local names is not "
     "reliable (with the sole exception of class-level names resolved by `typing.get_type_hints()`).", True),
    ("Riders pay cash because the readers are installed.", "Riders pay cash because the readers are not installed.",
     True),
    # "as long as" is a condition, not a reason
    ("The limit is kept.", "The limit is kept as long as the heap is not full.", True),
])
def test_a_negation_in_a_reason_the_claim_leaves_out_is_no_disagreement(ws, text, quote, flagged):
    sid = make_source(ws, SCOPE, name="scope", tier="A")
    r = add(ws, claim(text, kind="fact", confidence="verified", evidence=[ev(sid, SCOPE, quote)]))
    assert r.rc == 0 and ("W-CLAIM-NEGATION" in _codes(r.err)) == flagged, r.both


GOGC = ("# Proposal: Soft memory limit\n\n"
        "Rather than provide another knob, I believe that we should simply pick a reasonable default. I propose that "
        "we pick 50% as the default fraction.\n\n"
        "I propose the addition of three new metrics to the runtime/metrics package.\n\n"
        "This PEP proposes a new mechanism. Static typing users often have modules that only contain annotations.\n")


@pytest.mark.parametrize(("text", "quote", "flagged"), [
    # a proposal told as decided
    ("The proposal picks 50% as the default fraction.", "I propose that we pick 50% as the default fraction.", True),
    ("The proposal adds three new metrics to the runtime/metrics package.",
     "I propose the addition of three new metrics to the runtime/metrics package.", True),
    # ... and the words of proposing right before a quote cut from their sentence
    ("The default fraction is 50%.", "pick 50% as the default fraction.", True),
    # a claim that keeps the proposal: a verb of proposing, "would"
    ("The proposal proposes 50% as the default fraction.", "I propose that we pick 50% as the default fraction.",
     False),
    ("The author proposes picking 50% as the default fraction.", "I propose that we pick 50% as the default fraction.",
     False),
    ("The proposal would add three new metrics to the runtime/metrics package.",
     "I propose the addition of three new metrics to the runtime/metrics package.", False),
    # a quote whose proposal is about something else than the claim
    ("Static typing users often have modules that only contain annotations.",
     "This PEP proposes a new mechanism. Static typing users often have modules that only contain annotations.",
     False),
])
def test_a_proposal_told_as_decided_is_listed_for_review(ws, text, quote, flagged):
    sid = make_source(ws, GOGC, name="gogc", tier="A")
    r = add(ws, claim(text, kind="fact", confidence="verified", evidence=[ev(sid, GOGC, quote)]))
    assert r.rc == 0 and ("W-CLAIM-PROPOSED" in _codes(r.err)) == flagged, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 0 and [f["code"] for f in doc["review"]].count("W-CLAIM-PROPOSED") == flagged, doc
    if flagged:  # someone looked: the ack answers it
        cid = last_id(r)
        assert sb("claim", "ack", cid, "--reason", "the page says it is proposed", cwd=ws).rc == 0
        assert "W-CLAIM-PROPOSED" not in [f["code"] for f in verify_json(ws)["review"]]


PRESS = ("# Water buses win riders\n\n"
         "Weekday ridership averaged 38,500 passengers over the summer, according to figures the authority "
         "shared with operators.\n")


@pytest.mark.parametrize(("text", "refused"), [
    ("According to figures the authority shared with operators, weekday ridership averaged 38,500 passengers.", True),
    ("According to figures the authority shared with operators, weekday ridership averaged 38,500 passengers "
     "over the summer.", False),  # the claim says the period the gap leaves out
])
def test_a_gap_that_drops_a_figure_s_period_is_a_splice(ws, text, refused):
    """"38,500 passengers [...] according to figures ..." with "over the summer," in the gap: the
    quote makes the summer average a plain weekday average."""
    sid = make_source(ws, PRESS, name="press", tier="B")
    quote = "Weekday ridership averaged 38,500 passengers [...] according to figures the authority shared with operators"
    r = add(ws, claim(text, kind="number", confidence="verified", evidence=[{"source_id": sid, "quote": quote}]))
    assert r.rc == 0 and ("W-QUOTE-SPLICE" in _codes(r.err)) == refused, r.both
    if refused:
        assert "summer" in r.err and "38,500" in r.err, r.both
    assert ("E-QUOTE-SPLICE" in verify_json(ws)["codes"]) == refused


@pytest.mark.parametrize("text, quote, flagged", [
    # Japanese puts no space between words: a Latin name ends where kana or Han begin
    ("しかしKindle for PCをインストールすると、Ctrl＋Alt＋Kで起動するようになる。",
     "しかしKindle for PCをインストールすると、同じCtrl＋Alt＋Kで立ち上がるようになります。", []),
    ("Kindle for PCの設定画面からはこのショートカットキーの設定を変更できない。",
     "Kindle for PCの設定画面からはこのショートカットキーの設定を変更することができません。", []),
    # a name the quote lacks is still flagged, glued to kana on either side
    ("Kindle for PCの設定画面からはKeePassの設定を変更できない。",
     "Kindle for PCの設定画面からはこのショートカットキーの設定を変更することができません。", ["KeePass"]),
    ("しかしデスクトップアプリKindleを入れると、Ctrl＋Alt＋Kで起動するようになる。",
     "しかしアプリを入れると、Ctrl＋Alt＋Kで立ち上がるようになります。", ["Kindle"]),
    ("据Harbourside报道，渡轮每20分钟一班。", "渡轮每20分钟一班。", ["Harbourside"]),
    ("Councillor Okafor of Harbourside asked.", "Councillor Okafor asked.", ["Harbourside"]),
])
def test_a_latin_name_in_cjk_text_is_the_latin_word_alone(text, quote, flagged):
    assert _names_flagged(text, quote) == flagged


def _names_flagged(text: str, quote: str) -> list[str]:
    """The names a reported claim of ``text`` quoting ``quote`` is flagged for."""
    from sourcebook.domain.ledger.provenance import _name_flags

    c = {"id": "clm_0123456789ab", "text": text, "confidence": "reported",
         "evidence": [{"source_id": "src_0123456789ab", "quote": quote}]}
    flags = _name_flags(c, lambda _sid: quote, lambda _sid: {})
    return [re.search(r"the name '([^']+)'", f.message).group(1) for f in flags]


@pytest.mark.parametrize("text, quote, flagged", [
    # an acronym another language writes its own way is the same name
    ("Debt equalled 102.6% of GDP.", "lo que equivale al 102,6 % del producto interior bruto (PIB) del país", []),
    ("Долг равен 102,6 % GDP.", "долг равен 102,6 % ВВП страны", []),
    ("The EU fined the firm.", "L'UE a infligé une amende.", []),
    # a name the quote lacks in any language is still flagged
    ("Debt equalled 102.6% of GDP, the IMF says.", "equivale al 102,6 % del PIB", ["IMF"]),
    # the other language's acronym as a word of its own, not the start of another word
    ("Debt equalled 102.6% of GDP.", "the pills cost 102.6% more", ["GDP"]),
])
def test_an_acronym_in_another_language_is_the_same_name(text, quote, flagged):
    assert _names_flagged(text, quote) == flagged


RU_NOTICE = "# Объявление\n\nНовые считыватели установят в ноябре 2026 года.\n"


def test_a_verified_translation_with_an_open_flag_is_refused_until_someone_checks_it(ws):
    """A claim in English over a Russian quote: "W3" is the translator's, the quote does not
    write it; the open review flag refuses it until an ack records the check. The same
    translation with nothing open passes."""
    sid = make_source(ws, RU_NOTICE, name="ru", tier="A")
    quote = "Новые считыватели установят в ноябре 2026 года"
    r = add(ws, claim("New readers will be installed on route W3 in November 2026.", confidence="verified",
                      evidence=[ev(sid, RU_NOTICE, quote)]))
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-TRANSLATION" in _codes(r.err), r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-TRANSLATION" in doc["codes"], doc
    assert sb("claim", "ack", cid, "--reason", "checked the translation", cwd=ws).rc == 0
    assert "E-CLAIM-TRANSLATION" not in verify_json(ws)["codes"]
    r = add(ws, claim("New readers will be installed in November 2026.", topic="readers.ru", confidence="verified",
                      evidence=[ev(sid, RU_NOTICE, quote)]))
    assert r.rc == 0 and "W-CLAIM-TRANSLATION" not in _codes(r.err), r.both
    assert "E-CLAIM-TRANSLATION" not in verify_json(ws)["codes"]


@pytest.mark.parametrize("quote, text", [
    ("Новые считыватели установят в ноябре 2026 года", "Новые считыватели установят в ноябре 2026 года."),
    ("Новые считыватели будут установлены в ноябре 2026 года", "Новые считыватели будут установлены в ноябре 2026 года."),
    ("新的读卡器将于2026年11月安装", "新的读卡器将于2026年11月安装。"),
    ("新しい読み取り機は2026年11月に設置される予定です", "新しい読み取り機は2026年11月に設置される予定です。"),
])
def test_a_translation_telling_the_quotes_future_as_done_is_refused_though_acked(ws, quote, text):
    """"The new readers were installed in November" of "Новые считыватели установят в ноябре"
    (will install): the translation tells as done what the quote tells as to come, as a claim
    that tells a quote cut after "will" as done does; an ack does not answer it. The future
    kept ("are to be installed") passes."""
    notice = f"# Notice\n\n{text}\n"
    sid = make_source(ws, notice, name="notice", tier="A")
    r = add(ws, claim("The new readers were installed in November 2026.", confidence="verified",
                      evidence=[ev(sid, notice, quote)]))
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-PLAN" in _codes(r.err), r.both
    sb("claim", "ack", cid, "--reason", "Translation checked against the notice.", cwd=ws)
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-PLAN" in doc["codes"], doc
    sb("claim", "retract", cid, "--reason", "mistranslated", cwd=ws)
    r = add(ws, claim("The new readers are to be installed in November 2026.", topic="readers.planned",
                      confidence="verified", evidence=[ev(sid, notice, quote)]))
    assert r.rc == 0 and "PLAN" not in r.err, r.both
    assert "E-CLAIM-PLAN" not in verify_json(ws)["codes"]


EN_NOTICE = ("# Notice\n\nRoute W3 will accept the pass from 1 December 2026, once the new ticket readers are "
             "installed on its four boats. The reader contract was signed in August, and fitting will follow in "
             "November.\n")


@pytest.mark.parametrize("text, quote, flagged", [
    ("Route W3 accepted the pass from 1 December 2026.",
     "Route W3 will accept the pass from 1 December 2026", True),
    ("The new ticket readers were installed on the four W3 boats.",
     "once the new ticket readers are installed on its four boats", True),
    ("Fitting of the readers followed in November.", "fitting will follow in November", True),
    # the quote's own past, and the future kept
    ("The reader contract was signed in August.", "The reader contract was signed in August, and fitting will "
                                                  "follow in November", False),
    ("Route W3 is due to accept the pass from 1 December 2026.",
     "Route W3 will accept the pass from 1 December 2026", False),
])
def test_an_english_claim_telling_its_quotes_future_as_done_is_refused(ws, text, quote, flagged):
    """"Route W3 accepted the pass" of "Route W3 will accept the pass", and "the readers were
    installed" of "once the new readers are installed": the claim tells as done the very verb its
    quote tells as to come, as a translation can; the quote's own past and a kept future pass."""
    sid = make_source(ws, EN_NOTICE, name="notice-en", tier="A")
    r = add(ws, claim(text, confidence="verified", evidence=[ev(sid, EN_NOTICE, quote)]))
    assert r.rc == 0 and ("W-CLAIM-PLAN" in _codes(r.err)) == flagged, r.both
    assert ("E-CLAIM-PLAN" in verify_json(ws)["codes"]) == flagged


CHECKS = ("# Overflow\n\n- The operations `+`, `-`, `*`, can underflow and overflow. When checking is enabled this "
          "will panic. When checking is disabled this will two's complement wrap.\n")
_CHECKS_QUOTE = "When checking is enabled this will panic. When checking is disabled this will two's complement wrap."


@pytest.mark.parametrize("text, flagged", [
    # "with checking enabled" keeps the quote's condition "when checking is enabled" as a condition
    ("With checking enabled, overflow of +, - and * panics; with checking disabled, it wraps.", False),
    ("Without checking enabled, overflow of +, - and * wraps.", False),
    # told as done: the checking was enabled
    ("Checking was enabled, and overflow of +, - and * panics.", True),
])
def test_a_condition_kept_as_a_condition_is_not_told_as_done(ws, text, flagged):
    sid = make_source(ws, CHECKS, name="checks", tier="A")
    r = add(ws, claim(text, confidence="verified", evidence=[ev(sid, CHECKS, _CHECKS_QUOTE)]))
    assert r.rc == 0 and ("W-CLAIM-PLAN" in _codes(r.err)) == flagged, r.both
    # the claim and its quote are both English: nothing is said of a translation
    assert "translating" not in r.err


GOMEM = ("# Memory target\n\nIf we choose to also adopt an API for setting a memory limit in the runtime, it would "
         "necessarily always need to override a memory target, though both could plausibly be active "
         "simultaneously.\n")
_GOMEM_QUOTE = ("If we choose to also adopt an API for setting a memory limit in the runtime, it would necessarily "
                "always need to override a memory target, though both could plausibly be active simultaneously.")


@pytest.mark.parametrize(("text", "flagged"), [
    # ありうる ("can happen") keeps "could plausibly"; so do 可能性がある and Russian "могут"
    ("メモリ目標の提案は、メモリ制限を設定するAPIも採用するなら、そのメモリ制限は常にメモリ目標より優先される必要があるが、"
     "両方が同時に有効になることもありうると述べている。", False),
    ("メモリ目標の提案は、メモリ制限は常にメモリ目標より優先される必要があるが、両方が同時に有効になる可能性があると述べている。",
     False),
    ("Предложение говорит, что лимит памяти должен всегда иметь приоритет, но оба могут действовать одновременно.",
     False),
    # the same claim stating plainly that both are active drops the hedge
    ("メモリ目標の提案は、メモリ制限は常にメモリ目標より優先される必要があるが、両方が同時に有効になると述べている。", True),
    ("Предложение говорит, что лимит памяти должен всегда иметь приоритет, но оба действуют одновременно.", True),
])
def test_a_translated_claim_keeps_the_hedge_in_its_own_words(ws, text, flagged):
    sid = make_source(ws, GOMEM, name="gomem", tier="A")
    r = add(ws, claim(text, kind="interpretation", confidence="verified", evidence=[ev(sid, GOMEM, _GOMEM_QUOTE)]))
    assert r.rc == 0 and ("W-CLAIM-HEDGE" in _codes(r.err)) == flagged, r.both


# ---- a name its source's title gives; a hedge or a "not" of another part of the quote ---------

GO2 = ("# Proposal: Go 2 Number Literal Changes\n\nRuss Cox\n\n## Abstract\n\n"
       "We propose four related changes to number literals in Go:\n\n"
       "1. Add binary integer literals, as in 0b101.\n")


@pytest.mark.parametrize(("text", "flagged"), [
    # "Go 2" is the proposal's name, as its title gives it: no fact, no quote needed
    ("The Go 2 number literal proposal proposes four related changes to number literals in Go.", False),
    # another number after the name, or a number that counts, is a figure the quote must state
    ("The Go 3 number literal proposal proposes four related changes to number literals in Go.", True),
    ("The Go 2 number literal proposal proposes 2 related changes to number literals in Go.", True),
])
def test_a_number_of_a_name_the_source_s_title_gives_needs_no_quote(ws, text, flagged):
    sid = make_source(ws, GO2, name="go2", tier="A", title="Proposal: Go 2 Number Literal Changes")
    r = add(ws, claim(text, kind="fact", confidence="verified",
                      evidence=[ev(sid, GO2, "We propose four related changes to number literals in Go:")]))
    assert r.rc == 0 and ("W-CLAIM-FIGURE" in _codes(r.err)) == flagged, r.both
    assert ("E-CLAIM-FIGURE" in verify_json(ws)["codes"]) == flagged


@pytest.mark.parametrize(("text", "title", "ok"), [
    ("The Go 2 proposal", "Proposal: Go 2 Number Literal Changes", True),
    ("Python 3 drops it", "What's New In Python 3", True),
    ("The Go 2 proposal", "Proposal: Go 20 Number Literal Changes", False),
    ("The Go 2 proposal", "Proposal: Go 2.1 Number Literal Changes", False),
    ("The Go 2 proposal", "Proposal: Go Number Literal Changes 2", False),  # not the name's number
    ("proposes 2 changes", "Proposes 2 changes", False),  # after a word in lower case: a count
    ("Ridership Hits 38,500", "Ridership Hits 38,500", False),  # a grouped number counts
    ("Ridership Hits 38500", "Ridership Hits 38500", False),
])
def test_a_title_name_is_the_word_and_the_number_together(text, title, ok):
    from sourcebook.engines.ledger.source_names import title_name
    from sourcebook.engines.text import figures

    f = next(g for g in figures.find_figures(text) if g.written[0].isdigit())
    assert title_name(text, f, ["src_0123456789ab"], lambda _sid: {"title": title}) is ok


PEPS = ("PEP 8011 differs from PEP 8010 by specifically not proposing a central singular leader, but instead a group "
        "of three people as the leaders.\n\n"
        "In actual measurements of a Django application, significant reductions of memory usage could be found. For "
        "example, the storage for Unicode objects reduced to 2216807 bytes, down from 6378540 bytes for a wide "
        "Unicode build.\n")
_TRIO = ("PEP 8011 differs from PEP 8010 by specifically not proposing a central singular leader, but instead a group "
         "of three people as the leaders.")
_DJANGO = ("In actual measurements of a Django application, significant reductions of memory usage could be found. For "
           "example, the storage for Unicode objects reduced to 2216807 bytes, down from 6378540 bytes for a wide "
           "Unicode build.")


@pytest.mark.parametrize(("text", "quote", "code", "flagged"), [
    # the quote's "not X, but instead Y" is the claim's "Y instead of X"
    ("PEP 8011 proposes a group of three people as the leaders of Python, instead of a central singular leader.",
     _TRIO, "W-CLAIM-NEGATION", False),
    # turned around, the claim proposes what the quote does not
    ("PEP 8011 proposes a central singular leader instead of a group of three people.", _TRIO,
     "W-CLAIM-NEGATION", True),
    # the claim tells the sentence of the quote that hedges nothing: "could" is the other sentence's
    ("In a Django application, the storage for Unicode objects was reduced to 2216807 bytes.", _DJANGO,
     "W-CLAIM-HEDGE", False),
    ("In a Django application, a wide Unicode build used 6378540 bytes of storage for Unicode objects.", _DJANGO,
     "W-CLAIM-HEDGE", False),
    # the claim tells the hedged sentence without its hedge
    ("In actual measurements of a Django application, significant reductions of memory usage were found.", _DJANGO,
     "W-CLAIM-HEDGE", True),
])
def test_a_hedge_or_a_not_of_another_part_of_the_quote_is_no_flag(ws, text, quote, code, flagged):
    sid = make_source(ws, PEPS, name="peps", tier="A")
    r = add(ws, claim(text, kind="fact", confidence="verified", evidence=[ev(sid, PEPS, quote)]))
    assert r.rc == 0 and (code in _codes(r.err)) == flagged, r.both


HEXFLOAT = ("# Hexadecimal floating point\n\n"
            "C (as of [C99](https://example.org/c99)), JavaScript (as of [ES8](https://example.org/es8)), "
            "Python (as of [Python 3.7.2](https://example.org/py)), Ruby (as of [Ruby 2.6.0](https://example.org/rb)), "
            "and Rust (as of [Rust 1.31.1](https://example.org/rs)) do not support hexadecimal floating-point "
            "literals.\n\n"
            "PHP, Perl, and Lua do not support digit separators.\n\n"
            "Python, Ruby, and Rust (all before 2019) did not read binary floats.\n\n"
            "Go has floats, and the Rust compiler rejects them.\n\n"
            "Go keeps floats, Rust has none, and the C parser refuses them.\n")


@pytest.mark.parametrize(("text", "quote", "refused"), [
    # the gap drops the other members of the list "do not support" is said of
    ("According to the proposal, Python as of Python 3.7.2 does not support hexadecimal floating-point literals.",
     "Python (as of [Python 3.7.2](https://example.org/py)), [...] do not support hexadecimal floating-point "
     "literals.", False),
    ("Perl does not support digit separators.", "Perl, [...] do not support digit separators.", False),
    # ... but not a qualifier the list's last member carries for all of them
    ("Python did not read binary floats.", "Python, [...] did not read binary floats.", True),
    # two clauses joined by ", and": one clause's subject given the other's words
    ("Go has floats and rejects them.", "Go has floats, [...] rejects them.", True),
    ("Go keeps floats and refuses them.", "Go keeps floats, [...] refuses them.", True),
    # a part that is not a whole member
    ("Python does not support hexadecimal floating-point literals.",
     "3.7.2](https://example.org/py)), [...] do not support hexadecimal floating-point literals.", True),
])
def test_a_gap_that_drops_members_of_a_list_is_no_clause_splice(ws, text, quote, refused):
    """", and" before a list's last member joins no clauses: "Python (as of 3.7.2), [...] do not
    support ..." over "..., Python (...), Ruby (...), and Rust (...) do not support ..." keeps what
    the sentence says of Python. A gap whose ", and" joins two clauses stays refused, and the
    message names where the rule is written."""
    sid = make_source(ws, HEXFLOAT, name="hexfloat", tier="A")
    r = add(ws, claim(text, kind="fact", confidence="verified", evidence=[{"source_id": sid, "quote": quote}]))
    assert r.rc == 0 and ("W-QUOTE-SPLICE" in _codes(r.err)) == refused, r.both
    if refused and "different clauses" in r.err:
        assert 'docs/verify.md, "Claims that say no more than their evidence"' in r.err, r.err
    assert ("E-QUOTE-SPLICE" in verify_json(ws)["codes"]) == refused


PASS_PAGE = "# Tidewater Pass\n\nThe Tidewater Pass is accepted on water bus routes W1 and W2.\n"


@pytest.mark.parametrize("text, said", [
    # a word of scope over the set the quote names one by one
    ("The Tidewater Pass is accepted on all water bus routes, W1 and W2 among them.", "'all'"),
    # a name no quote has
    ("The Tidewater Pass and the City Rail card are accepted on water bus routes W1 and W2.", "'City'"),
])
def test_a_verified_claim_that_says_more_than_its_quotes_is_refused_until_acked(ws, text, said):
    """A verified claim widened past its quote ("all routes" of W1 and W2, a card no quote names)
    would back every page sentence that says it: refused until a person acks it; the claim that
    says what the quote says passes, and so does the widened one held at reported (a review flag)."""
    sid = make_source(ws, PASS_PAGE, name="pass", tier="A")
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    r = add(ws, claim(quote, topic="pass.honest", confidence="verified", evidence=[ev(sid, PASS_PAGE, quote)]))
    assert r.rc == 0 and r.err == "", r.both
    assert verify_json(ws)["rc"] == 0
    r = add(ws, claim(text, topic="pass.wide", confidence="reported", evidence=[ev(sid, PASS_PAGE, quote)]))
    assert r.rc == 0 and "W-CLAIM-FIGURE-WORDS" in _codes(r.err) and said in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 0, doc  # listed for review, not refused
    r = add(ws, claim(text, topic="pass.wider", confidence="verified", evidence=[ev(sid, PASS_PAGE, quote)]))
    cid = last_id(r)
    assert r.rc == 0 and "W-CLAIM-WIDENED" not in r.err and "refused by sb verify" in r.err, r.both
    doc = verify_json(ws)
    assert doc["rc"] == 2 and "E-CLAIM-WIDENED" in doc["codes"] and said in json.dumps(doc), doc
    assert sb("claim", "ack", cid, "--reason", "the operator's fares page says so too", cwd=ws).rc == 0
    assert "E-CLAIM-WIDENED" not in verify_json(ws)["codes"]


def test_a_claim_checked_by_claim_add_is_not_checked_again_by_the_first_verify(ws, monkeypatch):
    """`sb claim add` runs the rules of the claim-text gate on each claim it stores and records
    the clean ones in the verify cache, keyed as the gate keys them: the first verify after it
    reads only what changed since. A claim edited in claims.json, or a source record changed,
    is checked again."""
    from sourcebook.domain.ledger import provenance

    sid = make_source(ws, PASS_PAGE, name="pass", tier="A")
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    r = add(ws, claim(quote, topic="pass.honest", confidence="verified", evidence=[ev(sid, PASS_PAGE, quote)]))
    assert r.rc == 0 and r.err == "", r.both
    checked: list[str] = []
    real = provenance.check_claim

    def counting(c, *a, **kw):
        checked.append(c["id"])
        return real(c, *a, **kw)

    monkeypatch.setattr(provenance, "check_claim", counting)
    assert verify_json(ws)["rc"] == 0
    assert checked == []  # known clean from `sb claim add`
    cid = last_id(r)
    # the claim's text edited by hand (its id no longer its hash): read and refused again
    path = os.path.join(str(ws), "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    doc["claims"][0]["text"] = "The Tidewater Pass is accepted on water bus routes W1, W2 and W9."
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    out = verify_json(ws)
    assert checked == [cid] and out["rc"] == 2 and "E-CLAIM-WIDENED" in out["codes"], out


def test_the_first_verify_after_claim_add_reads_no_cited_text_it_read(ws, monkeypatch):
    """`sb claim add` hands verify the digest of each text it read, keyed by the identity the file
    had just before (as verify keys its own, and only for a file older than the racy window then):
    after `sb add`, `sb extract` and `sb claim add`, the first verify reads no whole canonical
    text, and a text edited since is read again."""
    import time

    from sourcebook.domain.gate.context import GateContext
    from sourcebook.domain.workspace import identity

    os.makedirs(os.path.join(str(ws), "input"))
    with open(os.path.join(str(ws), "input", "pass.md"), "w", encoding="utf-8") as fh:
        fh.write(PASS_PAGE)
    sid = sb("add", "input/pass.md", "--tier", "A", "--reason", "the operator's page", cwd=ws).out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    text = text_of(ws, sid)
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    monkeypatch.setattr(identity, "RACY_NS", 0)  # the text is older than the window (a test's clock)
    assert add(ws, claim(quote, topic="pass.honest", confidence="verified", evidence=[ev(sid, text, quote)])).rc == 0
    read: list[str] = []
    real = GateContext.raw_text

    def reading(self, s):
        if s not in self._bytes:
            read.append(s)
        return real(self, s)

    monkeypatch.setattr(GateContext, "raw_text", reading)
    assert verify_json(ws)["rc"] == 0
    assert read == []
    time.sleep(0.05)
    with open(os.path.join(str(ws), "sources", sid, "normalized.md"), "ab") as fh:
        fh.write(b"\nThe ferry is free on Sundays.\n")
    out = verify_json(ws)
    assert read == [sid] and "E-NORM-DRIFT" in out["codes"], out


def test_claim_add_remembers_no_digest_of_a_text_written_a_moment_before(ws):
    """A text whose file changed within the racy window when `sb claim add` read it (a second
    write in the same clock tick would keep its identity) is not remembered by its identity."""
    os.makedirs(os.path.join(str(ws), "input"))
    with open(os.path.join(str(ws), "input", "pass.md"), "w", encoding="utf-8") as fh:
        fh.write(PASS_PAGE)
    sid = sb("add", "input/pass.md", "--tier", "A", "--reason", "the operator's page", cwd=ws).out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    r = add(ws, claim(quote, topic="pass.honest", confidence="verified", evidence=[ev(sid, text_of(ws, sid), quote)]))
    assert r.rc == 0
    folder = os.path.join(str(ws), ".sb-cache", "verify")
    with open(os.path.join(folder, "facts.json"), "rb") as fh:
        assert json.loads(fh.read().partition(b"\n")[2])["data"]["clean"]
    digests = {}
    if os.path.exists(os.path.join(folder, "digests.json")):
        with open(os.path.join(folder, "digests.json"), "rb") as fh:
            digests = json.loads(fh.read().partition(b"\n")[2])["data"]
    assert f"sources/{sid}/normalized.md" not in digests


def test_the_quotes_a_claim_add_stores_are_not_checked_again_by_the_first_verify(ws, monkeypatch):
    """`sb claim add` records each stored span that holds byte for byte, keyed by the span and its
    text's digest: the first verify after it compares no quote. A span edited in claims.json is
    compared again and refused."""
    from sourcebook.domain.gate.gates.records import quotes

    sid = make_source(ws, PASS_PAGE, name="pass", tier="A")
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    assert add(ws, claim(quote, topic="pass.honest", confidence="verified", evidence=[ev(sid, PASS_PAGE, quote)])).rc == 0
    compared: list[str] = []
    real = quotes.problem

    def counting(text, e):
        compared.append(e["quote"])
        return real(text, e)

    monkeypatch.setattr(quotes, "problem", counting)
    assert verify_json(ws)["rc"] == 0
    assert compared == []  # known to hold from `sb claim add`
    path = os.path.join(str(ws), "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    doc["claims"][0]["evidence"][0]["end"] -= 1
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    out = verify_json(ws)
    assert compared == [quote] and "E-QUOTE-MISMATCH" in out["codes"], out


def test_the_titles_of_sources_a_claim_add_cites_are_not_judged_again_by_the_first_verify(ws, monkeypatch):
    """`sb claim add` judges the titles of the sources its claims cite by the titles gate's rules,
    over the whole ledger, and records the clean ones keyed by the title, the text's digest and
    what the claims say: the first verify after it reads no title's figures. A title set since
    is judged again, and one stating a figure its text does not is refused."""
    from sourcebook.domain.gate.gates.records import titles

    sid = make_source(ws, PASS_PAGE, name="pass", tier="A")
    assert sb("source", "set", sid, "title=Tidewater Pass on routes W1 and W2", cwd=ws).rc == 0
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    assert add(ws, claim(quote, topic="pass.honest", confidence="verified", evidence=[ev(sid, PASS_PAGE, quote)])).rc == 0
    judged: list[str] = []
    real = titles.unbacked_figures

    def counting(rec, *a, **kw):
        judged.append(rec["title"])
        return real(rec, *a, **kw)

    monkeypatch.setattr(titles, "unbacked_figures", counting)
    assert verify_json(ws)["rc"] == 0
    assert judged == []  # known clean from `sb claim add`
    assert sb("source", "set", sid, "title=Tidewater Pass on route W9", cwd=ws).rc == 0
    out = verify_json(ws)
    assert judged == ["Tidewater Pass on route W9"] and "E-SOURCE-TITLE-FIGURE" in out["codes"], out


@pytest.mark.parametrize("field, before, after", [
    ("title", "Tidewater Pass and City Rail card", "Tidewater Pass"),
    ("publisher", "City Rail", "Tidewater Transit"),
])
def test_a_claim_found_clean_is_judged_again_when_its_sources_record_changes(ws, field, before, after):
    """A claim naming what only its source's title or publisher names ("the City Rail card") is
    clean while the record says it; once the field is set to something else, verify judges the
    claim again (what it remembered, per claim and for the whole ledger, is keyed by the whole
    source records) and refuses it."""
    sid = make_source(ws, PASS_PAGE, name="pass", tier="A")
    assert sb("source", "set", sid, f"{field}={before}", cwd=ws).rc == 0
    quote = "The Tidewater Pass is accepted on water bus routes W1 and W2."
    text = "The Tidewater Pass and the City Rail card are accepted on water bus routes W1 and W2."
    r = add(ws, claim(text, topic="pass.wider", confidence="verified", evidence=[ev(sid, PASS_PAGE, quote)]))
    assert r.rc == 0, r.both
    first = verify_json(ws)
    assert first["rc"] == 0 and "E-CLAIM-WIDENED" not in first["codes"], first
    assert verify_json(ws)["rc"] == 0  # the whole ledger remembered
    assert sb("source", "set", sid, f"{field}={after}", cwd=ws).rc == 0
    assert "E-CLAIM-WIDENED" in verify_json(ws)["codes"]
