"""Honest wording a writer learning from the docs wrote, which `sb check-draft` and `sb verify`
both pass, and the dishonest sentence of the same shape beside each, which both refuse:

- a claim's "may" kept by a supposition ("even if a defer sits on a conditional path" of "a
  defer may be on a conditional path"), its "could" by "can" ("a defer that can run more than
  once"); told as so ("even though", "runs") it is refused;
- "several" of a claim's "various"; "a couple of" is still a count of its own;
- a cited "No" that answers the page's question as its claims turn it ("Inheritable by default
  or not?" answered "No: ... non-inheritable by default"); asked of "non-inheritable", the same
  "No" denies the claim and is refused; a heading that only asks denies nothing;
- a requirement told as a negated condition and outcome (「再起動しないと…起動しません」 of
  「…には再起動する必要がある」); the outcome's negation alone is refused;
- a negation dropped ("changes the user-facing APIs" of "does not change any", 変えられます of
  変更できない), and a plan told as done ("1.1.0 shipped" of "will be released"), are refused;
- a clause that opens with its speaker ("The design document itself calls ...") is judged on
  what it says; a clause the claims do not say is refused, naming the words they lack;
- a participle of consequence (", keeping", ", letting", ", giving", ", adding") opens a clause
  of its own;
- framing that tells who wrote the sources ("by the same author") is refused; framing that
  names them or the page's course is not.
"""

from __future__ import annotations

import pytest
from conftest import EPOCH, built_once, copy_ws
from ledger_helpers import assert_draft_ships, check_draft, claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id
from sourcebook.engines.text import stance

DEFER = ("# Proposal: Low-cost defers through inline code\n\n"
         "We propose optimizing deferred calls in functions where every `defer` is executed at most once "
         "(specifically, a `defer` may be on a conditional path, but is never in a loop in the control-flow graph).\n\n"
         "For any function that contains a defer which could be executed more than once (e.g. occurs in a loop), we "
         "will fall back to the current way of handling defers.\n\n"
         "In this optimization, the compiler assigns a bit for every `defer` site to indicate whether that defer had "
         "been reached or not.\n\n"
         "This proposal does not change any user-facing APIs\n")
PEP = ("PEP 446 - Make newly created file descriptors non-inheritable\n\n"
       "This PEP proposes to make all file descriptors created by Python non-inheritable by default to reduce the "
       "risk of these issues.\n\n"
       "PEP 433, Easier suppression of file descriptor inheritance, was a previous attempt proposing various other "
       "alternatives, but no consensus could be reached.\n")
RFC = ("- Start Date: 2014-10-27\n\n# Release channels\n\n"
       "1.1.0 will be released six weeks after 1.0.0.\n")
TRACE = ("# Execution tracer overhaul\n\n"
         "This increase in trace size is likely unacceptable since there are several cases where holding the trace "
         "in memory is desirable.\n")
JA = ("Kindle for PCのショートカットキー\n\n"
      "しかもKindle for PCの設定画面からでは、このショートカットキーの設定を変更することができません。\n\n"
      "再びKeePassが起動するようになるには、一度PCを再起動する必要があります。\n")

CLAIMS = {
    "once": ("The proposal optimizes deferred calls in functions where every defer is executed at most once: a "
             "defer may be on a conditional path but never in a loop.", "defer",
             "We propose optimizing deferred calls in functions where every `defer` is executed at most once "
             "(specifically, a `defer` may be on a conditional path, but is never in a loop in the control-flow "
             "graph)."),
    "loop": ("A function with a defer that could run more than once, for example in a loop, falls back to the "
             "current defer chain.", "defer", "For any function that contains a defer which could be executed more "
             "than once (e.g. occurs in a loop), we will fall back to the current way of handling defers."),
    "bit": ("The compiler assigns a bit to every defer site to record whether it was reached.", "defer",
            "In this optimization, the compiler assigns a bit for every `defer` site to indicate whether that defer "
            "had been reached or not."),
    "api": ("The proposal does not change any user-facing APIs.", "defer",
            "This proposal does not change any user-facing APIs"),
    "pep446": ("PEP 446 proposes to make all file descriptors created by Python non-inheritable by default.", "pep",
               "This PEP proposes to make all file descriptors created by Python non-inheritable by default to "
               "reduce the risk of these issues."),
    "pep433": ("PEP 446 describes PEP 433 as a previous attempt that proposed various other alternatives, on which "
               "no consensus could be reached.", "pep", "PEP 433, Easier suppression of file descriptor "
               "inheritance, was a previous attempt proposing various other alternatives, but no consensus could "
               "be reached."),
    "rfc": ("1.1.0 will be released six weeks after 1.0.0.", "rfc", "1.1.0 will be released six weeks after 1.0.0."),
    "trace": ("The document says this increase in trace size is likely unacceptable, since there are several cases "
              "where holding the trace in memory is desirable.", "trace", "This increase in trace size is likely "
              "unacceptable since there are several cases where holding the trace in memory is desirable."),
    "key": ("Kindle for PCの設定画面からはこのショートカットキーの設定を変更できない。", "ja",
            "しかもKindle for PCの設定画面からでは、このショートカットキーの設定を変更することができません。"),
    "reboot": ("再びKeePassが起動するようになるには一度PCを再起動する必要がある。", "ja",
               "再びKeePassが起動するようになるには、一度PCを再起動する必要があります。"),
}
ID = {k: claim_id(v[0]) for k, v in CLAIMS.items()}

HONEST = """# Inheritable by default or not?

No: PEP 446 makes every file descriptor Python creates non-inheritable by default [@{pep446}]. It looks back on PEP 433 as an earlier attempt with several alternatives on which no consensus could be reached [@{pep433}]. Two proposals, two answers [framing]. This page compares PEP 433 and PEP 446 [framing].

## Open-coded defers

It covers functions whose defers each run at most once, even if a defer sits on a conditional path [@{once}]. A defer that can run more than once, such as one inside a loop, sends its function back to the existing defer chain [@{loop}]. The compiler assigns a bit to every defer site to record whether it was reached [@{bit}]. The proposal leaves every user-facing API unchanged [@{api}].

## Release trains

So 1.1.0 is due six weeks after 1.0.0 [@{rfc}].

## Trace size

The design document itself calls growth like that likely unacceptable, because there are several cases where a program wants to hold its trace in memory [@{trace}].

## KeePass

そのあとPCを一度再起動しないと、KeePassは起動しません[@{reboot}]。Kindle for PCの設定画面では、このキーを変えられません[@{key}]。
"""


def _build(root) -> None:
    texts = {"defer": DEFER, "pep": PEP, "rfc": RFC, "trace": TRACE, "ja": JA}
    src = {k: make_source(root, t, name=k, tier="A", title=t.splitlines()[0].lstrip("#- "), publisher="Example")
           for k, t in texts.items()}
    write_claims(root, [claim(text, f"t.{k}", confidence="verified", evidence=[ev(src[s], texts[s], q)])
                        for k, (text, s, q) in CLAIMS.items()])


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return built_once(tmp_path_factory, "answer-wording", _build)[0]


@pytest.fixture
def ws(template, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return copy_ws(template, tmp_path)


def _draft(ws, text: str):
    return check_draft(ws, text, ID)


def test_the_honest_page_passes_check_draft_and_verify_alike(ws):
    assert_draft_ships(ws, HONEST, ID)


@pytest.mark.parametrize("answer", ["No. PEP 446 makes", "No, PEP 446 makes", "No; PEP 446 makes"])
def test_a_no_that_answers_the_question_as_the_claims_turn_it_passes(ws, answer):
    r = _draft(ws, HONEST.replace("No: PEP 446 makes", answer))
    assert r.rc == 0, r.both


# (honest words, the dishonest words put in their place, the code, the words of the finding)
NEIGHBOURS = [
    # a possibility told as so
    ("even if a defer sits on a conditional path", "even though a defer sits on a conditional path",
     "E-PAGE-HEDGE-DROPPED", "'may'"),
    ("A defer that can run more than once", "A defer that runs more than once", "E-PAGE-HEDGE-DROPPED", "'could'"),
    # a count of its own
    ("with several alternatives", "with a couple of alternatives", "E-PAGE-WORD-UNBACKED", "'a couple of'"),
    # the question asks of "non-inheritable": the claim answers it yes
    ("# Inheritable by default or not?", "# Non-inheritable by default?", "E-PAGE-NEGATION-ADDED", "'no'"),
    # a negation dropped
    ("The proposal leaves every user-facing API unchanged", "The proposal changes the user-facing APIs",
     "E-PAGE-WORD-UNBACKED", "'changes for does not change'"),
    ("このキーを変えられません", "このキーを変えられます", "E-PAGE-WORD-UNBACKED", "'られます for できない'"),
    # the outcome denied without the condition it needs
    ("そのあとPCを一度再起動しないと、KeePassは起動しません", "KeePassは起動しません", "E-PAGE-NEGATION-ADDED", "'ません'"),
    # a plan told as done
    ("So 1.1.0 is due six weeks", "So 1.1.0 shipped six weeks", "E-PAGE-HEDGE-DROPPED", "'will'"),
    ("So 1.1.0 is due six weeks", "So 1.1.0 was released six weeks", "E-PAGE-HEDGE-DROPPED", "'will'"),
    # a clause the claim does not say, behind the same speaker
    ("calls growth like that likely unacceptable", "calls the old tracer broken", "E-PAGE-CLAUSE-UNCITED",
     "lack 'old', 'broken'"),
    # a participle of consequence the claim does not say
    ("to every defer site to record whether it was reached", "to every defer site, keeping panics slower on every "
     "platform", "E-PAGE-CLAUSE-UNCITED", "do not say \"panics slower on every platform"),
    ("to every defer site to record whether it was reached", "to every defer site, letting panics run slower on every "
     "platform", "E-PAGE-CLAUSE-UNCITED", "do not say \"panics run slower"),
    # who wrote the sources, told as framing
    ("Two proposals, two answers [framing]", "Both proposals are by the same author [framing]",
     "E-PAGE-FRAMING-FACT", "'by the same author'"),
]


@pytest.mark.parametrize("honest,dishonest,code,words", NEIGHBOURS, ids=[n[1][:32] for n in NEIGHBOURS])
def test_the_dishonest_neighbour_is_refused(ws, honest, dishonest, code, words):
    assert honest in HONEST
    r = _draft(ws, HONEST.replace(honest, dishonest, 1))
    assert r.rc != 0, r.both
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith(code)]
    assert hit and any(words in ln for ln in hit), r.both


# ---- the readings, one by one --------------------------------------------------------------------

@pytest.mark.parametrize("claim_text,sentence", [
    (CLAIMS["once"][0], "It covers functions whose defers each run at most once, even if a defer sits on a "
                        "conditional path."),
    ("The fare may rise in 2027.", "If the fare rises in 2027, riders pay more."),
    ("The fare may rise in 2027.", "Whether or not the fare rises in 2027, the pass stays."),
    (CLAIMS["loop"][0], "A defer that can run more than once sends its function back to the defer chain."),
    ("The fare could rise in 2027.", "The fare can rise in 2027."),
])
def test_a_possibility_supposed_or_told_with_can_keeps_its_hedge(claim_text, sentence):
    assert stance.hedge_dropped(claim_text, sentence) is None


@pytest.mark.parametrize("claim_text,sentence,lost", [
    (CLAIMS["once"][0], "It covers functions whose defers each run at most once, even though a defer sits on a "
                        "conditional path.", "may"),
    ("The fare may rise in 2027.", "The fare rises in 2027, even if riders object.", "may"),
    (CLAIMS["loop"][0], "A defer that is allowed to run more than once sends its function back to the defer chain.",
     "could"),
    # "can" of another clause keeps nothing
    ("The fare could rise in 2027.", "Riders can top up on board, and the fare rises in 2027.", "could"),
])
def test_a_possibility_told_as_so_is_still_found(claim_text, sentence, lost):
    assert stance.hedge_dropped(claim_text, sentence) == lost


def test_various_backs_several_and_a_number_of_but_no_other_count():
    backing = [CLAIMS["pep433"][0]]
    assert stance.added_words("PEP 433 tried several alternatives.", backing) is None
    assert stance.added_words("PEP 433 tried a number of alternatives.", backing) is None
    assert stance.added_words("PEP 433 tried a couple of alternatives.", backing) == ("quantity", "a couple of")
    assert stance.added_words("PEP 433 tried numerous alternatives.", backing) == ("quantity", "numerous")
    assert stance.added_words("PEP 433 tried several alternatives.", ["PEP 433 tried other alternatives."]) == \
        ("quantity", "several")
    # a claim's "multiple" is such a word too ("multiple hacks" told as "several hacks")
    hacks = ["The new parser would allow the elimination of multiple hacks in the current grammar."]
    assert stance.added_words("The parser lets the grammar drop several hacks.", hacks) is None
    assert stance.added_words("The parser lets the grammar drop a couple of hacks.", hacks) == ("quantity", "a couple of")


def test_a_no_answers_the_question_its_claims_turn_around():
    backing = [CLAIMS["pep446"][0]]
    assert stance.answer_turns(["Inheritable by default or not?"], backing)
    assert stance.answer_turns(["Should descriptors be inheritable by default? What changed"], backing)
    # the question asks of the claim's own word, or asks nothing
    assert not stance.answer_turns(["Are descriptors non-inheritable by default?"], backing)
    assert not stance.answer_turns(["How PEP 446 overturned PEP 433"], backing)
    assert not stance.answer_turns(["Inheritable by default or not?"], ["PEP 446 keeps descriptors inheritable."])


def test_a_question_in_a_heading_asks_and_the_rest_is_judged():
    assert stance.unasked("Inheritable by default or not? How PEP 446 overturned PEP 433") == \
        "How PEP 446 overturned PEP 433"
    assert stance.unasked("Why is W3 not taking the pass?") == "Why is W3 not taking the pass?"
    assert stance.unasked("Not accepted: route W3") == "Not accepted: route W3"


@pytest.mark.parametrize("sentence,backing,word", [
    ("そのあとPCを一度再起動しないと、KeePassは起動しません", [CLAIMS["reboot"][0]], None),
    ("KeePassは起動しません", [CLAIMS["reboot"][0]], "ません"),
    # the condition negates something the requirement does not name
    ("そのあと設定を保存しないと、KeePassは起動しません", [CLAIMS["reboot"][0]], "ない"),
    ("Unless a paying adult travels with them, children do not ride free.",
     ["Children need a paying adult with them to ride free."], None),
    ("Children do not ride free.", ["Children need a paying adult with them to ride free."], "not"),
    ("Unless they buy a pass, children do not ride free.", ["Children need a paying adult with them to ride free."],
     "not"),
    # no requirement: the contrapositive is the writer's
    ("Unless a paying adult travels with them, children do not ride free.",
     ["Children ride free with a paying adult."], "not"),
])
def test_a_requirement_told_as_its_contrapositive(sentence, backing, word):
    got = stance.negation_added(sentence, backing)
    assert (got is None) if word is None else got is not None


@pytest.mark.parametrize("sentence,backing,found", [
    ("The proposal changes the user-facing APIs.", [CLAIMS["api"][0]], "changes for does not change"),
    ("The flag is set by default.", ["The close-on-exec flag is not set by default."], "set for is not set"),
    ("しかもKindle for PCの設定画面では、このキーを変えられます", [CLAIMS["key"][0]], "られます for できない"),
    # what the claim says plainly, another verb, or the negation kept
    ("The proposal leaves every user-facing API unchanged.", [CLAIMS["api"][0]], None),
    ("The proposal changes how defers run.", [CLAIMS["api"][0]], None),
    ("The flag is set by an option.", ["The flag is not set by default, but an option sets it."], None),
    ("A defer in a loop keeps the old chain.", [CLAIMS["once"][0]], None),
    ("Kindle for PCの設定画面では、このキーは変更できません", [CLAIMS["key"][0]], None),
])
def test_a_negation_dropped_is_the_claims_word_turned_around(sentence, backing, found):
    got = stance.added_words(sentence, backing)
    assert got == (("antonym", found) if found else None)


@pytest.mark.parametrize("sentence,lost", [
    ("So 1.1.0 shipped six weeks after 1.0.0.", "will"),
    ("So 1.1.0 was released six weeks after 1.0.0.", "will"),
    ("1.1.0 finally shipped six weeks after 1.0.0.", "will"),
    ("So 1.1.0 is due six weeks after 1.0.0.", None),
    ("So 1.1.0 will ship six weeks after 1.0.0.", None),
    ("The RFC said 1.1.0 would ship six weeks after 1.0.0.", None),
])
def test_a_plan_told_as_done(sentence, lost):
    assert stance.future_told_done(CLAIMS["rfc"][0], sentence) == lost


_LASTS = ("PEP 749 says from __future__ import annotations will continue to exist with its current behavior at least "
          "until Python 3.13 reaches its end-of-life, and will subsequently be deprecated and eventually removed.")


@pytest.mark.parametrize("cell,lost", [
    # a table cell in the row of the future import: no subject of its own
    ("will continue with its current behavior at least until Python 3.13 reaches its end-of-life, then will be "
     "deprecated and eventually removed", None),
    ("continues with its current behavior at least until Python 3.13 reaches its end-of-life, then will be "
     "deprecated and eventually removed", "will"),
    ("continued with its current behavior at least until Python 3.13 reached its end-of-life", "will"),
    ("The future import continues with its current behavior at least until Python 3.13 reaches its end-of-life",
     "will"),
    ("PEP 749 says the future import continues with its current behavior at least until Python 3.13 reaches its "
     "end-of-life", None),
])
def test_a_promise_over_a_span_to_come_told_as_holding(cell, lost):
    assert stance.future_told_done(_LASTS, cell) == lost
    # the present of a design's "will" with no span to come describes the design
    assert stance.future_told_done("In practice, the runtime will use this hint to run the garbage collector less "
                                   "frequently.", "The runtime uses this hint to run the collector less often") is None


def test_a_clause_that_opens_with_its_speaker_is_read_after_it():
    assert stance.unframed("The design document itself calls growth like that likely unacceptable") == \
        "growth like that likely unacceptable"
    assert stance.unframed("Its author argues that the design needs no new syntax") == "the design needs no new syntax"
    # a speaker that is no document, author or pronoun stays in the clause
    assert stance.unframed("The city council calls the figure inflated") == "The city council calls the figure inflated"
