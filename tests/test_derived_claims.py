"""Derived claims: a figure sourcebook computes from other claims' figures.

The honest route (the summer figure is 7,500 higher than the audited one) is stored, shown in
the ledger with its inputs and passes `sb verify` on the first try; an invented figure, an
invented second figure, a retracted input, a derived claim with a quote of its own, inputs of
different units are refused with their codes, at `claim add` and at `sb verify`.
"""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import sb
from demo_kit import EPOCH, built_demo

HONEST = "The summer weekday average is 7,500 passengers higher than the audited one."


@pytest.fixture(scope="module")
def demo_master(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "derived-demo")


@pytest.fixture
def demo(demo_master, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    root = tmp_path / "ws"
    shutil.copytree(demo_master, root)
    return root


def _claims(root) -> list[dict]:
    with open(os.path.join(root, "ledger", "claims.json"), encoding="utf-8") as fh:
        return json.load(fh)["claims"]


def _id(root, needle: str) -> str:
    return next(c["id"] for c in _claims(root) if needle in c["text"])


def _inputs(root) -> tuple[str, str]:
    return _id(root, "38,500"), _id(root, "31,000")


def _add(root, *args):
    return sb("claim", "add", *args, cwd=root)


def _render_all(root, answer_rc: int = 0) -> None:
    """Render every page; those from drafts/draft.md (which a test changes) exit ``answer_rc``:
    render runs verify's gates and exits 2, having written the page, when they refuse it."""
    for kind, name in (("answer", "draft.md"), ("brief", "draft.md"), ("deck", "deck.md"),
                       ("explainer", "explainer.md")):
        r = sb("render", kind, "--from", f"drafts/{name}", cwd=root)
        assert r.rc == (answer_rc if name == "draft.md" else 0), r.both


def _cite_in_draft(root, cid: str, sentence: str) -> None:
    path = os.path.join(root, "drafts", "draft.md")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    text = text.replace("City officers said", f"{sentence} [@{cid}]. City officers said", 1)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def test_honest_difference_is_stored_shown_with_inputs_and_passes_verify_first_time(demo):
    summer, audited = _inputs(demo)
    r = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", HONEST)
    assert r.rc == 0, r.both
    cid = r.out.split()[-1]
    stored = next(c for c in _claims(demo) if c["id"] == cid)
    assert stored["kind"] == "derived" and stored["evidence"] == []
    assert stored["derived"] == {"op": "difference", "from": [summer, audited], "round": 0}
    assert stored["confidence"] == "reported"  # the inputs are contested: the computation is held at reported
    assert stored["topic_key"] == "ridership.weekday.difference"
    _cite_in_draft(demo, cid, "The summer average is 7,500 passengers higher than the audited one")
    _render_all(demo)
    v = sb("verify", cwd=demo)
    assert v.rc == 0, v.both
    assert "1/1 derived figure(s) computed" in v.out
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    assert '<p class="ledger-derived">computed: 7,500 = 38,500 - 31,000 [8][7]</p>' in page
    md = sb("ledger", "--md", cwd=demo).out.replace("\\", "")
    assert "computed: 7,500 = 38,500 - 31,000 [8][7]" in md
    doc = json.loads(sb("ledger", "--json", cwd=demo).out)
    entry = next(e for e in doc["ledger"] if e["id"] == cid)
    assert entry["derivation"].startswith("7,500 = 38,500 - 31,000 [")


def test_a_sentence_citing_the_derived_claim_with_another_figure_is_refused(demo):
    summer, audited = _inputs(demo)
    cid = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", HONEST).out.split()[-1]
    _cite_in_draft(demo, cid, "The summer average is 8,500 passengers higher than the audited one")
    _render_all(demo, answer_rc=2)  # render names the refusal first; verify agrees
    v = sb("verify", cwd=demo)
    assert v.rc == 2 and any(line.startswith("E-PAGE-FIGURE-UNBACKED") and "'8,500'" in line
                             for line in v.err.splitlines()), v.both


@pytest.mark.parametrize("text, code", [
    ("The summer weekday average is 8,500 passengers higher than the audited one.", "E-ARITH-MISMATCH"),
    ("The summer weekday average is 7,500 passengers higher, reaching 40,000 in August.", "E-ARITH-FIGURE"),
])
def test_invented_figures_have_no_route(demo, text, code):
    summer, audited = _inputs(demo)
    r = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", text)
    assert r.rc == 1 and code in r.err, r.both
    assert not any(c.get("kind") == "derived" for c in _claims(demo))  # nothing stored


@pytest.mark.parametrize("op, text", [
    ("percent_change", "Weekday ridership rose 24% after the bridge closed."),
    ("difference", "Weekday ridership grew by 7,500 passengers."),
])
def test_the_sides_of_a_contest_are_no_change_over_time(demo, op, text):
    """The audited year and the summer in the press disagree; a figure over both says how far
    apart they are, never that ridership rose."""
    summer, audited = _inputs(demo)
    r = _add(demo, "--op", op, "--from", f"{summer},{audited}", "--text", text)
    assert r.rc == 1 and "E-ARITH-INPUT" in r.err and "contested" in r.err, r.both
    r = _add(demo, "--op", "percent_change", "--from", f"{summer},{audited}", "--text",
             "The summer figure is 24% above the audited one.")
    assert r.rc == 0, r.both


def test_the_sides_of_a_contest_add_up_to_nothing(demo):
    """The audited year's weekday average and the summer's are two accounts of one quantity:
    their sum (69,500) counts nothing, at `claim add` and, for a hand-edited ledger, at verify;
    a sum of figures that do not disagree is stored."""
    summer, audited = _inputs(demo)
    r = _add(demo, "--op", "sum", "--from", f"{summer},{audited}", "--text",
             "Taken together, the two counts come to 69,500 passengers per weekday.")
    assert r.rc == 1 and "E-ARITH-CONTEST" in r.err and summer in r.err, r.both
    assert not any(c.get("kind") == "derived" for c in _claims(demo))
    path = os.path.join(demo, "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    doc["claims"].append({**next(c for c in doc["claims"] if c["id"] == summer), "id": "clm_aaaaaaaaaaaa",
                          "kind": "derived", "evidence": [], "confidence": "reported", "contradicts": [],
                          "derived": {"op": "sum", "from": [summer, audited], "round": 0},
                          "text": "Taken together, the two counts come to 69,500 passengers per weekday.",
                          "topic_key": "ridership.weekday.sum"})
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    v = sb("verify", cwd=demo)
    assert any(line.startswith("E-ARITH-CONTEST") and "clm_aaaaaaaaaaaa" in line for line in v.err.splitlines()), v.both


def _route_claim(cid: str, text: str, **extra) -> dict:
    return {"id": cid, "text": text, "kind": "number", "status": "active", "confidence": "verified",
            "evidence": [{"source_id": "src_000000000000", "quote": text}], **extra}


@pytest.mark.parametrize("first, second, code", [
    ({}, {}, None),  # two routes' weekday averages: their sum is both routes' average
    ({"confidence": "contested"}, {"confidence": "contested"}, "E-ARITH-CONTEST"),
    ({"contradicts": ["clm_bbbbbbbbbbbb"]}, {}, "E-ARITH-CONTEST"),
])
def test_a_sum_is_refused_only_over_a_disagreement(first, second, code):
    from sourcebook.engines.ledger import arithmetic

    a = _route_claim("clm_aaaaaaaaaaaa", "Route W1 averaged 10,000 passengers per weekday.", **first)
    b = _route_claim("clm_bbbbbbbbbbbb", "Route W2 averaged 5,000 passengers per weekday.", **second)
    total = {"id": "clm_cccccccccccc", "kind": "derived", "status": "active", "confidence": "reported",
             "evidence": [], "text": "Together the two routes average 15,000 passengers per weekday.",
             "derived": {"op": "sum", "from": [a["id"], b["id"]], "round": 0}}
    _, problems = arithmetic.derive(total, {c["id"]: c for c in (a, b)})
    assert [p[0] for p in problems] == ([code] if code else []), problems


@pytest.mark.parametrize("first, second, text, code", [
    # a number with its unit glued ("15ns", the way Go and systems documents write it) is its number
    ("nanotime takes around 15ns on average.", "cputicks takes 10ns.", "nanotime costs 5ns more.", None),
    ("nanotime takes around 15ns on average.", "cputicks takes 10 ns.", "nanotime costs 5 ns more.", None),
    ("The new trace takes 640MiB.", "The old trace took 288MiB.", "It grows by 352 MiB.", None),
    ("The new trace takes 640MiB.", "The old trace took 288MiB.", "It grows by 350MiB.", "E-ARITH-MISMATCH"),
    ("nanotime takes around 15ns on average.", "cputicks takes 10ns.", "nanotime costs 6ns more.", "E-ARITH-MISMATCH"),
    # a name with digits glued is not a quantity ("ns3" names a simulator)
    ("ns3 runs the model.", "cputicks takes 10ns.", "The gap is 5ns.", "E-ARITH-INPUT"),
    # one kind of figure, two units of measure: the difference would mean nothing
    ("The new trace takes 640MiB.", "The old trace took 288MB.", "It grows by 352MiB.", "E-ARITH-INPUT"),
    ("nanotime takes around 15ns on average.", "cputicks takes 10 ms.", "nanotime costs 5ns more.", "E-ARITH-INPUT"),
])
def test_a_figure_with_its_unit_glued_is_an_input(first, second, text, code):
    from sourcebook.engines.ledger import arithmetic

    a = _route_claim("clm_aaaaaaaaaaaa", first)
    b = _route_claim("clm_bbbbbbbbbbbb", second)
    diff = {"id": "clm_cccccccccccc", "kind": "derived", "status": "active", "confidence": "verified",
            "evidence": [], "text": text, "derived": {"op": "difference", "from": [a["id"], b["id"]], "round": 0}}
    derivation, problems = arithmetic.derive(diff, {c["id"]: c for c in (a, b)})
    assert [p[0] for p in problems] == ([code] if code else []), problems
    if code is None:
        assert derivation is not None and derivation.result == (352 if "MiB" in first else 5)
        # the ledger's computation line keeps the unit the inputs are written in
        unit = "MiB" if "MiB" in first else "ns"
        assert arithmetic.expression(derivation).startswith(f"{derivation.result}{unit} = "), arithmetic.expression(derivation)


def test_the_computation_line_shows_a_unit_only_when_every_input_has_it():
    from sourcebook.engines.ledger import arithmetic

    def line(first: str, second: str) -> str:
        a, b = _route_claim("clm_aaaaaaaaaaaa", first), _route_claim("clm_bbbbbbbbbbbb", second)
        diff = {"id": "clm_cccccccccccc", "kind": "derived", "status": "active", "confidence": "verified",
                "evidence": [], "text": "It grows by 6.3MB.", "derived": {"op": "difference", "from": [a["id"], b["id"]], "round": 1}}
        d, problems = arithmetic.derive(diff, {c["id"]: c for c in (a, b)})
        assert d is not None, problems
        return arithmetic.expression(d, ["[2]", "[3]"])

    assert line("The files grow to 34.7MB.", "The files were 28.4 MB.") == "6.3MB = 34.7MB - 28.4MB [2][3]"
    # a bare figure beside one with a unit: the line says only what both inputs say
    assert line("The files grow to 34.7MB.", "The files were 28.4 before.") == "6.3 = 34.7 - 28.4 [2][3]"


def test_the_mismatch_message_shows_the_computation(demo):
    summer, audited = _inputs(demo)
    r = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text",
             "The summer weekday average is 7,000 passengers higher than the audited one.")
    assert "7,500 = 38,500 - 31,000" in r.err and "'7,000'" in r.err


def test_rounding_is_stated_and_applied(demo):
    summer, audited = _inputs(demo)
    text = "The summer weekday average is 24.2% above the audited one."
    r = _add(demo, "--op", "percent_change", "--from", f"{summer},{audited}", "--text", text)
    assert r.rc == 1 and "E-ARITH-MISMATCH" in r.err  # whole units by default: 24%
    assert "(--round 1)" in r.err  # the message names the rounding the text used
    r = _add(demo, "--op", "percent_change", "--round", "1", "--from", f"{summer},{audited}", "--text", text)
    assert r.rc == 0, r.both
    r = _add(demo, "--op", "ratio", "--round", "2", "--from", f"{summer},{audited}",
             "--text", "The summer figure is 1.24 times the audited one.")
    assert r.rc == 0, r.both
    out = sb("ledger", "--md", cwd=demo).out.replace("\\", "")  # Markdown escapes aside
    assert "24.2% = (38,500 - 31,000) / 31,000 x 100" in out
    assert "1.24 = 38,500 / 31,000" in out


def test_shapes_refused(demo):
    summer, audited = _inputs(demo)
    r = _add(demo, "--op", "difference", "--from", summer, "--text", "It is 38,500 more than nothing.")
    assert r.rc == 1 and "E-SCHEMA" in r.err or "E-ARITH-SHAPE" in r.err
    item = {"text": HONEST, "kind": "derived", "topic_key": "x.y", "confidence": "reported",
            "derived": {"op": "difference", "from": [summer, audited]},
            "evidence": [{"source_id": "src_000000000000", "start": 0, "end": 3}]}
    r = _add(demo, "--json", json.dumps(item))
    assert r.rc == 1 and "E-ARITH-SHAPE" in r.err, r.both
    r = _add(demo, "--op", "difference", "--kind", "number", "--from", f"{summer},{audited}", "--text", HONEST)
    assert r.rc == 1 and "E-ARITH-SHAPE" in r.err
    r = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", HONEST,
             "--confidence", "verified")
    assert r.rc == 1 and "E-ARITH-INPUT" in r.err and "no stronger" in r.err
    r = _add(demo, "--op", "difference", "--text", HONEST)
    assert r.rc == 1 and "E-USAGE" in r.err
    r = _add(demo, "--op", "sum", "--from", f"{summer},{summer}", "--text", "Twice the summer figure is 77,000.")
    assert r.rc == 1 and "E-ARITH-SHAPE" in r.err and "named twice" in r.err


def test_inputs_refused(demo):
    summer, audited = _inputs(demo)
    fare = _id(demo, "3.40 marks")
    r = _add(demo, "--op", "difference", "--from", f"{summer},{fare}", "--text", "It is 38,496.6 more.")
    assert r.rc == 1 and "E-ARITH-INPUT" in r.err and "different units" in r.err
    r = _add(demo, "--op", "difference", "--from", f"{summer},clm_0123456789ab", "--text", HONEST)
    assert r.rc == 1 and "E-ARITH-INPUT" in r.err and "not a claim" in r.err
    inferred = next(c["id"] for c in _claims(demo) if c["confidence"] == "inferred")
    r = _add(demo, "--op", "difference", "--from", f"{summer},{inferred}", "--text", HONEST)
    assert r.rc == 1 and "E-ARITH-INPUT" in r.err


def test_an_input_naming_one_of_several_figures(demo):
    routes = _id(demo, "W1 and W2")
    summer, audited = _inputs(demo)
    # an input with a date and an amount: the date is not a quantity, so the amount is read
    r = _add(demo, "--op", "difference", "--from", f"{summer}=38,500,{audited}", "--text", HONEST)
    assert r.rc == 0, r.both
    r = _add(demo, "--op", "sum", "--from", f"{summer}=40,000,{audited}", "--text", "They come to 71,000.")
    assert r.rc == 1 and "does not state" in r.err
    r = _add(demo, "--op", "sum", "--from", f"{routes},{audited}", "--text", "They come to 31,001.")
    assert r.rc == 1 and "E-ARITH-INPUT" in r.err


def test_a_retracted_input_fails_the_derived_claim_at_verify(demo):
    summer, audited = _inputs(demo)
    cid = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", HONEST).out.split()[-1]
    path = os.path.join(demo, "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for c in doc["claims"]:  # (a both_stand decision keeps it from `sb claim retract`)
        if c["id"] == summer:
            c["status"] = "retracted"
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    v = sb("verify", cwd=demo)
    assert v.rc == 2
    assert any(line.startswith("E-ARITH-INPUT") and cid in line and "retracted" in line
               for line in v.err.splitlines()), v.both


def test_a_hand_edited_figure_fails_verify(demo):
    summer, audited = _inputs(demo)
    cid = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", HONEST).out.split()[-1]
    path = os.path.join(demo, "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for c in doc["claims"]:
        if c["id"] == cid:
            c["text"] = HONEST.replace("7,500", "9,500")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    v = sb("verify", cwd=demo)
    assert v.rc == 2 and "E-ARITH-MISMATCH" in v.err


def test_claims_file_form(demo, tmp_path):
    summer, audited = _inputs(demo)
    payload = {"claims": [{"text": "The summer figure is 7,500 above the audited one.", "kind": "derived",
                           "topic_key": "ridership.gap", "derived": {"op": "difference", "from": [summer, audited]}}]}
    path = os.path.join(demo, "derived.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(payload, fh)
    r = sb("claim", "add", "--file", "derived.json", cwd=demo)
    assert r.rc == 0, r.both
    stored = next(c for c in _claims(demo) if c["kind"] == "derived")
    assert stored["topic_key"] == "ridership.gap" and stored["confidence"] == "reported"


def test_help_names_the_flags():
    r = sb("claim", "--help")
    assert "--op" in r.out and "--from" in r.out and "--round" in r.out and "percent_change" in r.out


def test_original_claims_files_stay_valid():
    from sourcebook.base.schema import load_schema, validate

    schema = load_schema("claims")["properties"]["claims"]["items"]
    old = {"id": "clm_0123456789ab", "text": "The ferry carries 120 cars.", "topic_key": "ferry.capacity",
           "kind": "number", "confidence": "verified",
           "evidence": [{"source_id": "src_0123456789ab", "start": 0, "end": 5, "quote": "carri"}]}
    assert validate(old, schema, "x") == []


def test_a_report_cites_a_derived_claim_by_its_inputs_sources(demo):
    summer, audited = _inputs(demo)
    cid = _add(demo, "--op", "difference", "--from", f"{summer},{audited}", "--text", HONEST).out.split()[-1]
    _cite_in_draft(demo, cid, HONEST.rstrip("."))
    _render_all(demo)
    r = sb("render", "report", "--from", "drafts/draft.md", "--style", "evidence", cwd=demo)
    assert r.rc == 0, r.both
    report = (demo / "build" / "report.md").read_text(encoding="utf-8")
    line = next(ln for ln in report.splitlines() if "7,500 passengers higher" in ln)
    assert re.search(r"7,500 passengers higher than the audited one(\[\d+\])+\.", line), line
    v = sb("verify", cwd=demo)
    assert v.rc == 0, v.both
