"""Honest wording an editor accepts, written from the docs alone, passes `sb check-draft` and
`sb verify` alike; the dishonest sentence next to each is still refused.

- a claim's "may" of permission or restriction is kept by "can" or "lets" ("may only be used"
  as "can only be used"), a claim's "would" by an intention ("was meant to"); the plain
  present or "will" keeps neither;
- a document's author speaks as the document ("Its author argues" for "The proposal says"); a
  speaker named in the sentence before, in the same paragraph, goes on in a sentence that opens
  with a pronoun, and "It adds that ..." says who says it; a plain statement keeps no speaker;
- a claim's "absence of", "lack of", "without" or "non-goal" licenses a "no" or a "not"; its
  "unlike X" licenses a "not" that sets the same thing against another ("An optimization, not a
  ceiling"); a "not" the claim has nothing of is refused;
- a lead-in before a colon ("PEP 649 takes a different route: it delays ...") holds no fact of
  its own when the clause after the colon is cited; one with a fact of its own is refused;
- a sentence that opens with a lower-case identifier after a citation ("... built-in[3]. try can
  ...") is a sentence of its own, and a finding quotes it, not the one before.
"""

from __future__ import annotations

import pytest
from conftest import EPOCH, built_once, copy_ws, sb
from ledger_helpers import assert_draft_ships, check_draft, claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id
from sourcebook.engines.text import stance
from sourcebook.engines.text.sentences import split_sentences

TRY = ("# Proposal: A built-in Go error check function, try\n\n"
       "The `try` built-in may only be used inside a function with at least one result parameter where "
       "the last result is of type `error`.\n\n"
       "The design does not require new syntax. The design is fully backwards-compatible.\n\n"
       "The absence of a dedicated language construct to support error wrapping may disappoint some people.\n\n"
       "This proposal makes no other language change than the new built-in.\n")
PEP = ("PEP 649 - Deferred Evaluation Of Annotations\n\n"
       "This mechanism delays the evaluation of annotations expressions until the annotations are examined.\n\n"
       "But stringized annotations in turn caused chronic problems for runtime users of annotations.\n\n"
       "First, stringized annotations didn't permit referencing local or free variables.\n\n"
       "PEP 563 changed the semantics of annotations. This PEP removes that restriction, and annotations may "
       "refer any local variable.\n")
GO = ("# User-configurable memory target\n\n"
      "In practice, the runtime will use this hint to run the garbage collector less frequently by using up "
      "any additional memory up-front.\n\n"
      "It is worth noting that unlike a memory maximum, for instance, a memory target is purely an "
      "optimization.\n\n"
      "Non-goals: Eliminate out-of-memory errors in 100% of cases.\n")

PEP8 = ("PEP 8 - Style Guide for Python Code\n\n"
        "Function names should be lowercase, with words separated by underscores as necessary to improve "
        "readability.\n")

DICT = ("PEP 584 - Add Union Operators To dict\n\n"
        "### Leftmost Value (First-Seen) Wins\n\n"
        "It isn't clear that this behavior has many use-cases. In fact, one can simply reverse the order of the "
        "arguments.\n\n"
        "### Concatenate Values In A List\n\n"
        "This is likely to be too specialised to be the default. It is not clear what to do if the values are "
        "already lists.\n")

CLAIMS = {
    # key: (text, source, quote)
    "only": ("try may only be used inside a function with at least one result parameter where the last result "
             "is of type error.", "try", "The `try` built-in may only be used inside a function with at least one "
             "result parameter where the last result is of type `error`."),
    "syntax": ("The proposal says the design requires no new syntax and is fully backwards-compatible.", "try",
               "The design does not require new syntax. The design is fully backwards-compatible."),
    "absence": ("The proposal concedes that the absence of a dedicated language construct for error wrapping may "
                "disappoint some people.", "try", "The absence of a dedicated language construct to support error "
                "wrapping may disappoint some people."),
    "builtin": ("The try proposal makes no other language change than the new built-in.", "try",
                "This proposal makes no other language change than the new built-in."),
    "delay": ("PEP 649 delays evaluating annotation expressions until the annotations are examined.", "pep",
              "This mechanism delays the evaluation of annotations expressions until the annotations are examined."),
    "chronic": ("PEP 649 says stringized annotations caused chronic problems for runtime users of annotations.",
                "pep", "But stringized annotations in turn caused chronic problems for runtime users of annotations."),
    "locals": ("According to PEP 649, stringized annotations did not permit referencing local or free variables.",
               "pep", "First, stringized annotations didn't permit referencing local or free variables."),
    "lifts": ("PEP 649 removes PEP 563's restriction, so annotations may refer to any local variable.", "pep",
              "PEP 563 changed the semantics of annotations. This PEP removes that restriction, and annotations may "
              "refer any local variable."),
    "would": ("The runtime would use the memory target to run the garbage collector less frequently by using up "
              "additional memory up-front.", "go", "In practice, the runtime will use this hint to run the garbage "
              "collector less frequently by using up any additional memory up-front."),
    "unlike": ("The memory target proposal says that, unlike a memory maximum, a memory target is purely an "
               "optimization.", "go", "It is worth noting that unlike a memory maximum, for instance, a memory "
               "target is purely an optimization."),
    "nongoal": ("Eliminating out-of-memory errors in 100% of cases is a non-goal of the memory proposal.", "go",
                "Eliminate out-of-memory errors in 100% of cases."),
    "funcs": ("PEP 8 says function names should be lowercase, with words separated by underscores as necessary "
              "to improve readability.", "pep8", "Function names should be lowercase, with words separated by "
              "underscores as necessary to improve readability."),
    # a row of a table labelled with the heading its claim quotes
    "leftmost": ("For leftmost-wins, the PEP says it is unclear that it has many use-cases and that one can simply "
                 "reverse the order of the arguments.", "dict",
                 ("Leftmost Value (First-Seen) Wins", "It isn't clear that this behavior has many use-cases. In "
                  "fact, one can simply reverse the order of the arguments.")),
    "concat": ("Concatenating values in a list is likely too specialised to be the default, and it is unclear what "
               "to do if the values are already lists.", "dict", "This is likely to be too specialised to be the "
               "default. It is not clear what to do if the values are already lists."),
}
ID = {k: claim_id(v[0]) for k, v in CLAIMS.items()}

# the honest page: every sentence here is one a careful writer wrote and an editor would accept
HONEST = """# How the proposals word what they allow, plan and leave out

## The try proposal

The try proposal makes no other language change than the new built-in [@{builtin}]. try can only be used inside a function whose last result is of type error [@{only}]. Its author argues that the design needs no new syntax and is fully backwards-compatible [@{syntax}]. It also concedes that having no dedicated construct for wrapping errors may disappoint some people [@{absence}].

## PEP 649

PEP 649 takes a different route: it delays evaluating the annotation expressions until someone examines the annotations [@{delay}]. PEP 649 lifts PEP 563's restriction and lets annotations refer to any local variable [@{lifts}].

PEP 649 says stringized annotations caused chronic problems for people who use annotations at runtime [@{chronic}]. They could not refer to local or free variables [@{locals}].

## The memory target

The memory target was meant to run the garbage collector less often by using spare memory up front [@{would}]. It does not promise to end out-of-memory errors: eliminating them in 100% of cases is listed as a non-goal [@{nongoal}].

## An optimization, not a ceiling

The proposal calls a memory target purely an optimization, unlike a memory maximum [@{unlike}].

## Rules PEP 584 turned down

| Rejected rule | The PEP's reason |
|---|---|
| Leftmost value wins | The PEP says it is unclear that it has many use-cases and that one can simply reverse the order of the arguments [@{leftmost}] |
| Concatenate into a list | Likely too specialised to be the default, and it is unclear what to do if the values are already lists [@{concat}] |

## How PEP 8 names functions

| Kind of name | What PEP 8 asks |
|---|---|
| Functions | lowercase, words separated by underscores as necessary [@{funcs}] |
"""


def _build(root) -> None:
    texts = {"try": TRY, "pep": PEP, "go": GO, "dict": DICT, "pep8": PEP8}
    src = {k: make_source(root, t, name=k, tier="A", title=t.splitlines()[0].lstrip("# "), publisher="Example")
           for k, t in texts.items()}
    write_claims(root, [claim(text, f"t.{k}", confidence="verified",
                              evidence=[ev(src[s], texts[s], x) for x in (q if isinstance(q, tuple) else (q,))])
                        for k, (text, s, q) in CLAIMS.items()])


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return built_once(tmp_path_factory, "honest-wording", _build)[0]


@pytest.fixture
def ws(template, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return copy_ws(template, tmp_path)


def _draft(ws, text: str):
    return check_draft(ws, text, ID)


def test_the_honest_page_passes_check_draft_and_verify_alike(ws):
    assert_draft_ships(ws, HONEST, ID)


# (honest sentence, its dishonest neighbour, the code, the words of the finding)
NEIGHBOURS = [
    # a restriction told as a plain rule, or as what will be
    ("try can only be used inside", "try is only used inside", "E-PAGE-HEDGE-DROPPED", "try is only used"),
    ("try can only be used inside", "try will only be used inside", "E-PAGE-HEDGE-DROPPED", "'may'"),
    ("lets annotations refer to any", "annotations refer to any", "E-PAGE-HEDGE-DROPPED", "'may'"),
    # an intention told as done
    ("The memory target was meant to run", "The memory target ran", "E-PAGE-HEDGE-DROPPED", "'would'"),
    ("The memory target was meant to run", "The memory target runs", "E-PAGE-HEDGE-DROPPED", "'would'"),
    # another speaker than the document or its author
    ("Its author argues that", "Its critics argue that", "E-PAGE-WORD-UNBACKED", "another speaker"),
    # a plain statement with no speaker near: the sentence before names none
    ("PEP 649 says stringized annotations caused", "Stringized annotations caused", "E-PAGE-HEDGE-DROPPED",
     "According to PEP 649"),
    ("They could not refer to", "Stringized annotations could not refer to", "E-PAGE-HEDGE-DROPPED",
     "According to PEP 649"),
    # a negation the claim has nothing of
    ("The proposal calls a memory target purely an optimization, unlike a memory maximum",
     "The proposal calls a memory target purely an optimization, and a memory maximum is not one",
     "E-PAGE-NEGATION-ADDED", "'not'"),
    # a lead-in with a fact of its own, or a clause after the colon no citation covers
    ("PEP 649 takes a different route:", "PEP 649 sold its interpreter to a company:", "E-PAGE-CLAUSE-UNCITED",
     "PEP 649 sold its interpreter"),
    ("until someone examines the annotations [@", "until someone examines the annotations, and it was written "
     "by a committee of seven people [@", "E-PAGE-CLAUSE-UNCITED", "it delays evaluating"),
    # a row label naming what the other row cites
    ("| Leftmost value wins |", "| Concatenated values win |", "E-PAGE-LABEL-SWAPPED", "'concatenated'"),
]


@pytest.mark.parametrize("honest,dishonest,code,words", NEIGHBOURS, ids=[n[1][:32] for n in NEIGHBOURS])
def test_the_dishonest_neighbour_is_still_refused(ws, honest, dishonest, code, words):
    assert honest in HONEST
    r = _draft(ws, HONEST.replace(honest, dishonest, 1))
    assert r.rc != 0, r.both
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith(code)]
    assert hit and any(words in ln for ln in hit), r.both


def test_a_heading_that_turns_the_contrast_around_is_refused(ws):
    r = _draft(ws, HONEST.replace("## An optimization, not a ceiling", "## A ceiling, not an optimization"))
    assert r.rc != 0, r.both
    assert any(ln.strip().startswith("E-PAGE-NEGATION-ADDED") and "(heading)" in ln for ln in r.both.splitlines()), r.both


# a recommendation's "should" is kept by a column's header that bids: the cell has no verb of its own
# (the honest page holds it: "| Functions | lowercase, ... |" under "What PEP 8 asks")
BIDDEN = HONEST


@pytest.mark.parametrize("cell,header", [
    ("function names are lowercase, with words separated by underscores", "What PEP 8 asks"),
    ("function names use lowercase, with words separated by underscores", "What PEP 8 asks"),
    ("lowercase, words separated by underscores as necessary", "How they look"),
], ids=["a verb of its own", "a plain verb", "a header that bids nothing"])
def test_a_should_told_plainly_in_a_cell_is_still_refused(ws, cell, header):
    r = _draft(ws, BIDDEN.replace("lowercase, words separated by underscores as necessary", cell, 1)
               .replace("What PEP 8 asks", header, 1))
    assert r.rc != 0, r.both
    assert any(ln.strip().startswith("E-PAGE-HEDGE-DROPPED") and "'should'" in ln for ln in r.both.splitlines()), r.both


@pytest.mark.parametrize("sentence,context,kept", [
    ("Lowercase with underscores for functions, CapWords for classes.", "How should Python names be written?", True),
    ("short, all-lowercase names; underscores can be used if they improve readability", "What PEP 8 asks", True),
    ("Function names are lowercase with underscores.", "How should Python names be written?", False),
    ("Function names follow the convention, with underscores if the name is long.", "What PEP 8 asks", False),
    ("lowercase with underscores", "Kind of name", False),
])
def test_a_bidding_kept_by_its_header_or_question(sentence, context, kept):
    claim_text = "PEP 8 says function names should be lowercase, with words separated by underscores."
    assert stance.bidding_kept(claim_text, sentence, context) is kept


@pytest.mark.parametrize("sentence,context,lost", [
    ("Docstrings and comments: 72 characters.", "How long should a line be?", None),
    ("Docstrings and comments: 72 characters.", "How long is a line?", "should"),
    ("Docstrings are limited to 72 characters.", "How long should a line be?", "should"),
])
def test_the_report_gate_keeps_a_bidding_as_the_page_gate_does(sentence, context, lost):
    claim_text = CLAIMS4["docs"][0]
    assert stance.hedge_dropped_among([claim_text], sentence, context) == lost


_MEANT = "The memory target was meant to run the garbage collector less often by using spare memory up front [@{would}]."


@pytest.mark.parametrize("after,refused", [
    # the hedge of the sentence before goes on to "That": the speaker's way
    ("The runtime would use the memory target this way [@{would}]. That runs the garbage collector less often "
     "by using spare memory up front [@{would}].", False),
    # no sentence before keeps it
    ("The memory target runs the garbage collector less often by using spare memory up front [@{would}].", True),
    # the sentence before tells it as done: nothing to carry
    ("The runtime used the memory target this way [@{would}]. That runs the garbage collector less often by "
     "using spare memory up front [@{would}].", True),
], ids=["carried", "bare", "before told as done"])
def test_a_hedge_of_the_sentence_before_carries_over_to_that(ws, after, refused):
    assert _MEANT in HONEST
    r = _draft(ws, HONEST.replace(_MEANT, after, 1))
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith("E-PAGE-HEDGE-DROPPED") and "'would'" in ln]
    assert bool(hit) is refused, r.both
    if not refused:
        assert_draft_ships(ws, HONEST.replace(_MEANT, after, 1), ID)


# ---- the readings, one by one --------------------------------------------------------------------

@pytest.mark.parametrize("claim_text,sentence", [
    (CLAIMS["only"][0], "try can only be used inside a function whose last result is of type error."),
    (CLAIMS["lifts"][0], "PEP 649 lifts PEP 563's restriction and lets annotations refer to any local variable."),
    (CLAIMS["lifts"][0], "PEP 649 lifts PEP 563's restriction: annotations can refer to any local variable."),
    ("Riders may not board route W3 with a bicycle.", "Riders are not allowed to board route W3 with a bicycle."),
    (CLAIMS["would"][0], "The runtime was meant to run the garbage collector less often by using memory up front."),
    (CLAIMS["would"][0], "The runtime is designed to run the garbage collector less frequently by using memory up-front."),
    ("Route W3 is due to accept the pass.", "Route W3 is intended to accept the pass."),
])
def test_a_hedge_kept_in_other_words_passes(claim_text, sentence):
    assert stance.hedge_dropped(claim_text, sentence) is None


@pytest.mark.parametrize("claim_text,sentence,lost", [
    ("The fare may rise in 2027.", "The fare rises in 2027.", "may"),
    ("The fare may rise in 2027.", "The fare will rise in 2027.", "may"),
    (CLAIMS["only"][0], "try is only used inside a function whose last result is of type error.", "may"),
    # "can" keeps "may", not a plan the claim states beside it
    ("Route W3 is expected to accept the pass and may drop paper tickets.",
     "Route W3 accepts the pass and can drop paper tickets.", "expected to"),
    (CLAIMS["would"][0], "The runtime runs the garbage collector less frequently by using memory up-front.", "would"),
    (CLAIMS["would"][0], "The runtime ran the garbage collector less frequently by using memory up-front.", "would"),
    # the word of permission or intention stands before something else than what the claim hedges
    ("The operator may accept the pass from December.",
     "The operator accepts the pass from December, and riders can top up on board.", "may"),
    (CLAIMS["would"][0], "The runtime runs the garbage collector less frequently by using memory up-front, a "
                         "change meant to save time.", "would"),
])
def test_a_hedge_dropped_is_still_found(claim_text, sentence, lost):
    assert stance.hedge_dropped(claim_text, sentence) == lost


def test_a_document_s_author_speaks_as_the_document():
    text, _, quote = CLAIMS["syntax"]
    honest = "Its author argues that the design needs no new syntax and is fully backwards-compatible."
    assert stance.speaker_swapped(text, [quote], honest) is None
    assert stance.speaker_swapped(text, [quote], "The proposal's author says the design needs no new syntax.") is None
    assert stance.speaker_swapped(text, [quote], "Its critics argue that the design needs no new syntax.")
    # riders are no document: their author is someone else
    assert stance.speaker_swapped("Riders say the W3 readers were switched off.", [],
                                  "Its author says the W3 readers were switched off.")


def test_a_speaker_named_in_the_sentence_before_goes_on():
    text = CLAIMS["locals"][0]
    before = CLAIMS["chronic"][0]
    assert stance.frame_dropped(text, "They could not refer to local or free variables.", before) is None
    assert stance.frame_dropped(text, "It adds that they could not refer to local or free variables.") is None
    # no speaker near: no sentence before, one that names no one, or one that names someone else
    assert stance.frame_dropped(text, "They could not refer to local or free variables.")
    assert stance.frame_dropped(text, "They could not refer to local or free variables.",
                                "Stringized annotations caused chronic problems for runtime users.")
    assert stance.frame_dropped(text, "They could not refer to local or free variables.",
                                "Its critics say stringized annotations caused chronic problems.")
    # a sentence that opens with its own subject is a plain statement, whatever came before
    assert stance.frame_dropped(text, "Stringized annotations could not refer to local or free variables.", before)
    # "adds" reports only with what is said after it
    assert stance.frame_dropped("The authority says the pass covers route W3 from December.",
                                "The pass adds route W3 from December.")

PEP8_TEAM = ("For code maintained exclusively or primarily by a team that can reach agreement on this issue, "
             "it is okay to increase the line length limit up to 99 characters.")


@pytest.mark.parametrize("claim_text", [PEP8_TEAM, PEP8_TEAM.replace("exclusively or primarily ", "")])
def test_a_thing_kept_by_someone_is_no_one_saying_it(claim_text):
    # "maintained by a team" is what the team does to the code, not a report of the team's
    assert stance.frame_dropped(claim_text, "A team that can reach agreement on this issue may increase the "
                                            "line length limit up to 99 characters.") is None
    sentence = "For code maintained by a team that can agree on it, the limit may be raised up to 99 characters."
    assert stance.added_words(sentence, [claim_text]) is None


def test_a_speaker_who_maintains_it_still_reports_it():
    claim_text = "The operator maintained that the pass works on route W3."
    assert stance.frame_dropped(claim_text, "The pass works on route W3.")
    assert stance.frame_dropped("At least three riders reported that the readers were off.",
                                "The readers were off.")
    # a figure reported by someone stays their report: only keeping or taking ("maintained",
    # "claimed") is also done to things
    assert stance.report_frame("Weekday ridership reported by the trade press averaged 38,500 passengers.")
    assert stance.report_frame("For code maintained by a team, the limit is 99 characters.") is None
    # a passive report names its speaker after "by": the crew told the riders
    assert stance.frame_dropped("Riders were told by W3 crew that the readers were off.", "The readers were off.")
    # a second speaker is still one, however the claim's thing is kept
    assert stance.added_words("For code maintained by a team, the limit is 99 characters, as does the city council.",
                              [PEP8_TEAM])


@pytest.mark.parametrize("sentence,backing", [
    ("It also concedes that having no dedicated construct for wrapping errors may disappoint some people.",
     list(CLAIMS["absence"][::2])),
    ("It does not promise to end out-of-memory errors: eliminating them in 100% of cases is listed as a non-goal.",
     list(CLAIMS["nongoal"][::2])),
    ("An optimization, not a ceiling", list(CLAIMS["unlike"][::2])),
    ("Not a ceiling but an optimization", list(CLAIMS["unlike"][::2])),
])
def test_a_claim_s_lack_or_contrast_licenses_a_negation(sentence, backing):
    assert stance.negation_added(sentence, backing) is None


@pytest.mark.parametrize("sentence,backing", [
    # the claim lacks nothing and sets nothing against anything
    ("It also concedes that having no dedicated construct for wrapping errors may disappoint some people.",
     ["The proposal concedes that a dedicated language construct for error wrapping may disappoint some people."]),
    ("An optimization, not a ceiling", ["The memory target proposal says a memory target is purely an optimization."]),
    # "unlike" sets W1 against W3: it licenses no denial of what it says of W3
    ("Route W3 does not accept the pass.", ["Unlike route W1, route W3 accepts the pass."]),
    # the contrast denies what the claim says
    ("A ceiling, not an optimization", list(CLAIMS["unlike"][::2])),
])
def test_a_negation_the_claim_has_nothing_of_is_refused(sentence, backing):
    assert stance.negation_added(sentence, backing)


@pytest.mark.parametrize("text,first,second", [
    ("It makes no other change than the new built-in. try can only be used inside a function.",
     "It makes no other change than the new built-in.", "try can only be used inside a function."),
    # a page's citation and mark taken out leave a space before the stop
    ("It makes no other change than the new built-in\u00a0. try can only be used inside a function.",
     "It makes no other change than the new built-in\u00a0.", "try can only be used inside a function."),
    ("It is set out in the draft (see the handler). check then stops the function.",
     "It is set out in the draft (see the handler).", "check then stops the function."),
    # in a draft, the citation stands before the stop
    ("It makes no other change than the new built-in [@clm_d4f5f36962d3]. try can only be used inside a function.",
     "It makes no other change than the new built-in [@clm_d4f5f36962d3].", "try can only be used inside a function."),
    ("A single fare is 3.40 marks [2]. pass holders pay nothing on board [1].",
     "A single fare is 3.40 marks [2].", "pass holders pay nothing on board [1]."),
])
def test_a_sentence_that_opens_in_lower_case_after_a_word_stands_alone(text, first, second):
    assert [s.text for s in split_sentences(text)] == [first, second]


@pytest.mark.parametrize("text", ["Use a pass, e.g. the monthly one, on every boat.",
                                  "It takes approx. five minutes to board the boat.",
                                  "The officials in the U.S. agreed to the plan."])
def test_an_abbreviation_before_a_lower_case_word_ends_no_sentence(text):
    assert len(split_sentences(text)) == 1


# a heading over a claim whose condition opens it ("If GOGC is turned off, ...") drops the
# condition only when it says what the condition governs: what the claim says of its subject
_GOGC = "If GOGC is turned off, the memory target is always ignored."
_ONBOARD = "If you pay on board, a single fare costs 3.40 marks."


@pytest.mark.parametrize("label,over,dropped", [
    ("The memory target: a hint for less frequent collection", _GOGC, False),
    ("Go's memory target and soft memory limit proposals compared", _GOGC, False),
    ("What a single fare costs", _ONBOARD, False),
    ("The memory target is ignored", _GOGC, True),
    ("A single fare: 3.40 marks", _ONBOARD, True),
])
def test_a_heading_over_a_claim_that_opens_with_its_condition(label, over, dropped):
    got = stance.label_says(label, [over], [over], 1, [over])
    assert (got is not None and got[0] == "condition") is dropped, got


# ---- an honest writer's wording from real proposals (the soft memory limit, KEP memory QoS) --------

DEATH = "Near the cap, the collector could end up running nonstop until the program stalls."


@pytest.mark.parametrize("sentence", [
    "The risk is that, close to the cap, the collector keeps running back to back until the program stalls.",
    "The proposal names the danger of the collector running nonstop near the cap until the program stalls.",
])
def test_a_possibility_told_as_a_risk_keeps_its_hedge(sentence):
    assert stance.hedge_dropped(DEATH, sentence) is None


def test_a_possibility_told_as_what_happens_is_still_refused():
    lost = "Close to the cap, the collector keeps running back to back until the program stalls."
    assert stance.hedge_dropped(DEATH, lost) == "could"
    # a "risk" of something else is no hedge of this: the sentence still tells it as so
    assert stance.hedge_dropped(DEATH, "Close to the cap the collector keeps running until the program stalls, "
                                       "which the proposal does not see as a risk.") == "could"


def test_a_stall_said_with_a_negation_is_the_claims_lack():
    said = "Near the cap the collector could end up running back to back until the program makes no progress."
    assert stance.negation_added(said, [DEATH]) is None
    # the lack turned around is still refused
    assert stance.negation_added("Near the cap, the program does not stall.", [DEATH]) == "not stall"


@pytest.mark.parametrize("sentence,backing,refused", [
    ("By default the collector may use at most half of the CPU.",
     "The proposal suggests 50% as the default share of CPU the collector may take.", None),
    ("The collector may use a quarter of the CPU.", "The collector may take 25% of the CPU.", None),
    ("The collector may use half of the CPU.", "The collector may take 40% of the CPU.", "half"),
    ("The collector may use double the CPU.", "The collector may take 50% of the CPU.", "double"),
])
def test_a_fraction_is_the_claims_percentage(sentence, backing, refused):
    got = stance.added_words(sentence, [backing])
    assert (got[1] if got else None) == refused, got
    if refused:
        assert got[0] == "multiplier" and "multiplier or a fraction" in stance.ADDED["multiplier"][1]


def test_a_percentage_is_the_claims_bare_fraction():
    from sourcebook.engines.text.figures import unbacked

    claim_text = "memory.high is the container's limit times a throttling factor whose default is 0.8."
    assert unbacked("memory.high defaults to 80% of the container's limit.", [claim_text]) == []
    assert [f.written for f in unbacked("memory.high defaults to 70% of the limit.", [claim_text])] == ["70%"]
    # a decimal with a unit is an amount, not a share
    assert [f.written for f in unbacked("The fare rose 80%.", ["The fare is 0.8 marks."])] == ["80%"]


@pytest.mark.parametrize("sentence,refused", [
    # documents ordered in time, as "earlier" and "later" order them: the sources' dates tell it
    ("The newer PEP lets annotations refer to names defined later in the module than the older one.", None),
    ("In the newer PEP, annotations can refer to names defined later in the module.", None),
    # a rank the claims do not make is still refused
    ("The busier PEP lets annotations refer to names defined later in the module.", "The busier PEP"),
])
def test_older_and_newer_order_documents_in_time(sentence, refused):
    got = stance.added_words(sentence, ["PEP 649 lets annotations refer to names defined later in the module."])
    assert (got[1] if got else None) == refused, got


# ---- an honest writer's wording from PEP 479 and PEP 8015: a "not" the claim says with a prefix,
# "could break" of an incompatible change, a condition kept after "so that" --------------------------

PEP479 = ("PEP 479 - Change StopIteration handling inside generators\n\n"
          "Because the change is backwards incompatible, the feature is initially introduced using a "
          "`__future__` statement.\n")
PEP8015 = ("PEP 8015 - Organization of the Python community\n\n"
           "The size of 5 members has been chosen for the members diversity and to ensure that the committee can "
           "continue to work even if a member becomes unavailable for an unknown duration.\n")
CLAIMS2 = {
    "future": ("Because the change is backwards incompatible, it is initially introduced using a __future__ "
               "statement.", "pep479", "Because the change is backwards incompatible, the feature is initially "
               "introduced using a `__future__` statement."),
    "size": ("PEP 8015 says the size of 5 members was chosen for the members' diversity and so the committee can "
             "keep working if a member becomes unavailable.", "pep8015", "The size of 5 members has been chosen for "
             "the members diversity and to ensure that the committee can continue to work even if a member becomes "
             "unavailable for an unknown duration."),
}
ID2 = {k: claim_id(v[0]) for k, v in CLAIMS2.items()}

HONEST2 = """# Two design choices, as their PEPs give them

## Generators

Because the change is not backward compatible, it first arrived behind a __future__ import [@{future}].

## The size of the committee

PEP 8015 says the size of 5 members was chosen for the members' diversity and so that the committee can keep working if a member becomes unavailable [@{size}].
"""


def _build2(root) -> None:
    texts = {"pep479": PEP479, "pep8015": PEP8015}
    src = {k: make_source(root, t, name=k, tier="A", title=t.splitlines()[0], publisher="Python")
           for k, t in texts.items()}
    write_claims(root, [claim(text, f"t2.{k}", confidence="verified", evidence=[ev(src[s], texts[s], q)])
                        for k, (text, s, q) in CLAIMS2.items()])


@pytest.fixture(scope="module")
def template2(tmp_path_factory):
    return built_once(tmp_path_factory, "honest-wording-2", _build2)[0]


@pytest.fixture
def ws2(template2, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return copy_ws(template2, tmp_path)


_NOT_COMPATIBLE = "Because the change is not backward compatible, it first arrived behind a __future__ import"


@pytest.mark.parametrize("honest", [
    HONEST2,
    # "could break" is what an incompatible change means
    HONEST2.replace(_NOT_COMPATIBLE, "Since old code could break, the new rule first arrived behind a __future__ "
                                     "import"),
    # two clauses under one citation, each said by the claim, its "incompatible" as "not ... compatible"
    HONEST2.replace(_NOT_COMPATIBLE, "The change is not backward compatible, so it is initially introduced using a "
                                     "__future__ statement"),
], ids=["not compatible", "could break", "two clauses"])
def test_the_claims_own_negation_doubt_and_condition_pass_check_draft_and_verify_alike(ws2, honest):
    assert_draft_ships(ws2, honest, ID2)


NEIGHBOURS2 = [
    # the negation dropped, or turned on the prefixed word: the opposite of the claim
    (_NOT_COMPATIBLE, "Because the change is backward compatible, it first arrived behind a __future__ import",
     "E-PAGE-WORD-UNBACKED", "'compatible for incompatible'"),
    (_NOT_COMPATIBLE, "Because the change is not incompatible, it first arrived behind a __future__ import",
     "E-PAGE-NEGATION-ADDED", "'not'"),
    # a negation of another word than the claim's
    (_NOT_COMPATIBLE, "Because the change is not backward compatible and did not break old code, it first arrived "
                      "behind a __future__ import", "E-PAGE-NEGATION-ADDED", "'not'"),
    # "not fully compatible" is not "incompatible"
    (_NOT_COMPATIBLE, "Because the change is not fully backward compatible, it first arrived behind a __future__ "
                      "import", "E-PAGE-NEGATION-ADDED", "'not'"),
    # doubt over something else than breaking, or a doubt of its own beside it
    (_NOT_COMPATIBLE, "Since old code could slow down, the new rule first arrived behind a __future__ import",
     "E-PAGE-WORD-UNBACKED", "'could'"),
    (_NOT_COMPATIBLE, "Since old code could possibly break, the new rule first arrived behind a __future__ import",
     "E-PAGE-WORD-UNBACKED", "'could'"),
    # the condition told as met
    ("so that the committee can keep working if a member becomes unavailable",
     "so that the committee can keep working now that a member has been made unavailable",
     "E-PAGE-HEDGE-DROPPED", "told as done"),
]


@pytest.mark.parametrize("honest,dishonest,code,words", NEIGHBOURS2, ids=[n[1][:40] for n in NEIGHBOURS2])
def test_the_dishonest_neighbour_of_the_claims_own_wording_is_still_refused(ws2, honest, dishonest, code, words):
    assert honest in HONEST2
    r = check_draft(ws2, HONEST2.replace(honest, dishonest, 1), ID2)
    assert r.rc != 0, r.both
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith(code)]
    assert hit and any(words in ln for ln in hit), r.both


def test_a_clause_the_claim_says_with_a_prefix_lacks_no_word():
    """"The change is not backward compatible" is said by a claim of "backwards incompatible": the
    clause lacks no word of it, and no negation; "compatible" alone, or "not incompatible", is not."""
    from sourcebook.domain.gate.gates.pages.prose import _Judge

    backing = [CLAIMS2["future"][0], CLAIMS2["future"][2]]
    assert stance.prefix_negations("The change is not backward compatible", backing) == \
        "The change is     backward incompatible"
    assert _Judge.clause_said("The change is not backward compatible", backing)
    assert not _Judge.clause_said("The change is not incompatible", backing)
    assert stance.prefix_negations("It did not break compatible code", backing) == "It did not break compatible code"


_NON_ERROR = ["RFC 1859 says that if ? is used to convert an error case into a \"non-error\" type such as Option, "
              "there is a risk that users accidentally overlook error cases.",
              "thus if `?` is used to convert an error case into a \"non-error\" type (e.g., `Option`), there is a risk "
              "that users accidentally overlook error cases."]


@pytest.mark.parametrize(("sentence", "negated"), [
    # "not an error" followed by what the claim's "non-error" is followed by: the claim's word
    ("They warn that letting ? turn an error into a type that is not an error, Option for example, risks users "
     "missing error cases", False),
    # followed by what the claim's plain "error" is followed by: a negation of the claim's "error case"
    ("They warn that letting ? turn an error into Option, which is not an error case", True),
    ("They warn that users may overlook what is not an error case", True),
    # no article: the rule for a negation of another word holds
    ("They warn that letting ? turn an error into Option does not convert error cases", True),
])
def test_not_an_x_is_the_claims_non_x_only_where_the_words_after_it_agree(sentence, negated):
    """A claim that says both "an error case" and "a "non-error" type such as Option": "a type
    that is not an error, Option for example" is its "non-error" (the words after agree with
    those after "non-error"), "not an error case" negates its "error case"."""
    assert (stance.negation_added(sentence, _NON_ERROR) is not None) == negated
    assert stance.prefix_negations("It did not break compatible code", _NON_ERROR) == "It did not break compatible code"


def test_a_condition_kept_with_its_word_is_not_told_as_done():
    claim_text = CLAIMS2["size"][0]
    kept = ("PEP 8015 says the size of 5 members was chosen for the members' diversity and so that the committee "
            "can keep working if a member becomes unavailable")
    assert stance.condition_done(claim_text, kept) is None
    met = kept.replace("if a member becomes unavailable", "now that a member has been made unavailable")
    assert stance.condition_done(claim_text, met)


def test_a_speaker_keeps_no_condition_a_sentence_drops():
    # "says" tells whose word it is, not that it is a plan: the condition stays the claim's
    claim_text = CLAIMS2["size"][0]
    kept = ("PEP 8015 says the size of 5 members was chosen for the members' diversity and so that the committee "
            "can keep working if a member becomes unavailable")
    assert stance.condition_dropped(claim_text, kept) is None
    dropped = kept.replace(" if a member becomes unavailable", "")
    assert stance.condition_dropped(claim_text, dropped) == "if a member becomes unavailable"
    assert stance.condition_dropped(claim_text, dropped.replace("says", "will say")) is None  # a plan kept


_DEFAULT_CLAIM = "In debug builds, overflow checking is enabled by default unless the user explicitly requests otherwise."


@pytest.mark.parametrize("sentence,dropped", [
    # "by default" already says the user may choose otherwise
    ("In debug builds overflow checking is on by default.", None),
    ("Overflow checking defaults to on in debug builds.", None),
    # told as always, or with no word of a default: the condition is dropped
    ("In debug builds overflow checking is always enabled.", "unless the user explicitly requests otherwise"),
    ("In debug builds overflow checking is enabled.", "unless the user explicitly requests otherwise"),
])
def test_a_default_keeps_the_choice_to_do_otherwise(sentence, dropped):
    assert stance.condition_dropped(_DEFAULT_CLAIM, sentence) == dropped
    # a condition of another kind is not a default's
    other = "In debug builds, overflow checking is enabled by default unless the code runs on embedded targets."
    assert stance.condition_dropped(other, "In debug builds overflow checking is on by default.") is not None


@pytest.mark.parametrize("sentence,dropped", [
    ("For docstrings and comments, PEP 8 asks for a shorter limit: 72 characters", None),
    ("PEP 8 recommends limiting docstrings to 72 characters", None),
    ("PEP 8 asks for 79 characters in code and 72 in docstrings and comments", None),
    # the bidding verb must govern what the claim bids, and a plain statement keeps nothing
    ("Docstrings and comments get a shorter limit: 72 characters", "should"),
    ("PEP 8 asks for docstrings, which are limited to 72 characters", "should"),
])
def test_a_should_told_by_a_verb_of_bidding_keeps_the_claims_hedge(sentence, dropped):
    claim_text = "For docstrings and comments, PEP 8 says the line length should be limited to 72 characters."
    assert stance.hedge_dropped(claim_text, sentence) == dropped


# --------------------------------------------------------------------------- an inference's own clause

DEFER = ("# Proposal: Low-cost defers through inline code\n\n"
         "As of Go 1.13, most `defer` operations take about 35ns. In contrast, a direct call takes about 6ns.\n")
CLAIMS3 = {
    "cost": ("As of Go 1.13, most defer operations take about 35ns.", "As of Go 1.13, most `defer` operations take "
             "about 35ns"),
    "accepted": ("The design document does not say whether the proposal was accepted.", None),
}
ID3 = {k: claim_id(v[0]) for k, v in CLAIMS3.items()}

# a fact clause cited by its claim, and a clause cited by the author's inference: each judged by its own
HONEST3 = """# Open-coded defers

Most defer operations take about 35ns [@{cost}], but the document does not say whether the proposal was accepted [@{accepted}].
"""


def _build3(root) -> None:
    sid = make_source(root, DEFER, name="defer", tier="A", title="Proposal: Low-cost defers through inline code",
                      publisher="Go")
    write_claims(root, [claim(CLAIMS3["cost"][0], "t3.cost", kind="number", confidence="verified",
                              evidence=[ev(sid, DEFER, CLAIMS3["cost"][1])]),
                        claim(CLAIMS3["accepted"][0], "t3.accepted", kind="interpretation", confidence="inferred")])


@pytest.fixture(scope="module")
def template3(tmp_path_factory):
    return built_once(tmp_path_factory, "honest-wording-3", _build3)[0]


@pytest.fixture
def ws3(template3, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return copy_ws(template3, tmp_path)


@pytest.mark.parametrize("honest", [
    HONEST3,
    # the inference first, the fact after it
    HONEST3.replace("Most defer operations take about 35ns [@{cost}], but the document does not say whether the "
                    "proposal was accepted [@{accepted}]", "The document does not say whether the proposal was "
                    "accepted [@{accepted}], but most defer operations take about 35ns [@{cost}]"),
], ids=["fact then inference", "inference then fact"])
def test_a_clause_cited_with_an_inference_passes_check_draft_and_verify_alike(ws3, honest):
    assert_draft_ships(ws3, honest, ID3)
    # ... and the report rendered from the same draft passes the report gate, in check-draft and verify
    assert sb("render", "report", "--from", "draft.md", cwd=ws3).rc == 0
    r = sb("check-draft", "draft.md", "--as", "answer", cwd=ws3)
    assert r.rc == 0 and "build/report.md" in r.out, r.both
    v = sb("verify", "--no-cache", cwd=ws3)
    assert v.rc == 0, v.both


_SAID = ("Most defer operations take about 35ns [@{cost}], but the document does not say whether the proposal was "
         "accepted [@{accepted}]")
NEIGHBOURS3 = [
    # a fact clause with no citation of its own
    (_SAID, "Most defer operations take about 35ns [@{cost}], and the Go team later dropped the proposal, but the "
            "document does not say whether the proposal was accepted [@{accepted}]", "E-PAGE-CLAUSE-UNCITED",
     "the Go team later dropped"),
    # a negation added to the fact clause
    (_SAID, _SAID.replace("operations take", "operations do not take"), "E-PAGE-NEGATION-ADDED", "'not'"),
    # the inference's clause carries a figure its claim does not state, or the fact claim's figure
    (_SAID, _SAID.replace("was accepted [@", "was accepted in 2020 [@"), "E-PAGE-INFERRED-FACT", "'2020'"),
    (_SAID, "Most defer operations are costly [@{cost}], but the document does not say whether cutting the 35ns "
            "was accepted [@{accepted}]", "E-PAGE-INFERRED-FACT", "'35'"),
    # the inference's citation over a fact its text does not say
    (_SAID, _SAID.replace("the document does not say whether the proposal was accepted",
                          "the proposal was accepted"), "E-PAGE-HEDGE-DROPPED", "The proposal was accepted"),
]


@pytest.mark.parametrize("honest,dishonest,code,words", NEIGHBOURS3, ids=[n[2] + " " + n[3] for n in NEIGHBOURS3])
def test_the_dishonest_neighbour_of_an_inference_s_clause_is_still_refused(ws3, honest, dishonest, code, words):
    assert honest in HONEST3
    r = check_draft(ws3, HONEST3.replace(honest, dishonest, 1), ID3)
    assert r.rc != 0, r.both
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith(code)]
    assert hit and any(words in ln for ln in hit), r.both


@pytest.mark.parametrize("said,code", [
    ("Most defer operations take about 35ns[1], but the document does not say whether the proposal was "
     "accepted[inference].", None),
    ("Most defer operations do not take about 35ns[1], but the document does not say whether the proposal was "
     "accepted[inference].", "E-PAGE-NEGATION-ADDED"),
    ("Most defer operations take about 35ns[1], but the document does not say whether the proposal was "
     "accepted in 2020[inference].", "E-DRAFT-INFERENCE"),
    # without the inference's tag the clause is the fact claim's, which does not say it
    ("Most defer operations take about 35ns[1], but the document does not say whether the proposal was "
     "accepted.", "E-PAGE-NEGATION-ADDED"),
])
def test_the_report_gate_reads_an_inference_s_clause_by_its_tag(said, code):
    """build/report.md tells an inference's citation as "[inference]": the report gate judges the
    clause it closes as the page gate does, the rest of the sentence by the source cited in it."""
    from sourcebook.domain.artifacts.check_draft import draft_ledger
    from sourcebook.engines.render import draft_check
    from sourcebook.engines.render.draft_provenance import assess

    claims = [dict(claim(CLAIMS3["cost"][0], kind="number", confidence="verified",
                         evidence=[{"source_id": "src_defer", "quote": CLAIMS3["cost"][1]}]),
                   id=ID3["cost"], status="active"),
              dict(claim(CLAIMS3["accepted"][0], kind="interpretation", confidence="inferred"),
                   id=ID3["accepted"], status="active")]
    a = assess(draft_check.read(f"# Open-coded defers\n\n{said}\n"), draft_ledger({1: "src_defer"}, claims,
                                                                                  ["src_defer"], ""), "report.md")
    assert [f.code for f in a.findings if f.is_error] == ([code] if code else []), [f.line() for f in a.findings]


BREAK = ("PEP 8 - Style Guide for Python Code\n\n"
         "Following the tradition from mathematics, displayed formulas always break before binary operations.\n\n"
         "In Python code, it is permissible to break before or after a binary operator, as long as the "
         "convention is consistent locally. For new code Knuth's style is suggested.\n")
TWO = ("It is permissible to break before or after a binary operator, as long as the convention is consistent "
       "locally; for new code Knuth's style of breaking before the operator is suggested.")


def _build_two(root) -> None:
    sid = make_source(root, BREAK, name="pep8break", tier="A", title="PEP 8 - Style Guide for Python Code",
                      publisher="Python")
    write_claims(root, [claim(TWO, "t3.break", confidence="verified", evidence=[
        ev(sid, BREAK, "In Python code, it is permissible to break before or after a binary operator, as long as "
                       "the convention is consistent locally. For new code Knuth's style is suggested."),
        ev(sid, BREAK, "displayed formulas always break before binary operations")])])


@pytest.fixture(scope="module")
def template_two(tmp_path_factory):
    return built_once(tmp_path_factory, "honest-wording-two", _build_two)[0]


def test_a_condition_lent_by_a_claim_of_two_assertions_says_how_to_split_it(template_two, tmp_path, monkeypatch):
    """The claim's condition governs its first assertion; a sentence that restates the second is
    refused for the claim's shape, and the message says so: two claims, each cited where it is said."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    ws = copy_ws(template_two, tmp_path)
    ids = {"two": claim_id(TWO)}
    r = check_draft(ws, "# Breaking lines\n\nFor new code, Knuth's style of breaking before the operator is suggested [@{two}].\n", ids, "--as", "brief")
    found = [ln for ln in r.both.splitlines() if ln.strip().startswith("E-PAGE-HEDGE-DROPPED")]
    assert found and "two assertions" in found[0] and "sb claim add" in found[0], r.both
    # the assertion the condition governs: refused without it, passed with it
    r = check_draft(ws, "# Breaking lines\n\nIt is permissible to break before or after a binary operator [@{two}].\n",
                    ids, "--as", "brief")
    assert any(ln.strip().startswith("E-PAGE-HEDGE-DROPPED") for ln in r.both.splitlines()), r.both
    r = check_draft(ws, "# Breaking lines\n\nIt is permissible to break before or after a binary operator, as long "
                        "as the convention is consistent locally [@{two}].\n", ids, "--as", "brief")
    assert r.rc == 0, r.both


def test_a_claim_of_one_assertion_is_told_apart_from_one_of_two():
    from sourcebook.domain.gate.gates.pages.prose import _asserts_twice

    assert _asserts_twice(TWO)
    assert _asserts_twice("Route W3 takes the pass. Route W4 does not.")
    assert not _asserts_twice("Children under twelve travel free with a paying adult.")
    assert not _asserts_twice("PEP 8 says lines are limited to 79 characters, e.g. in the standard library.")


# the page gate and the report gate read a cited sentence alike ------------------------------------------

PEP8LINES = ("PEP 8 - Style Guide for Python Code\n\n"
             "For flowing long blocks of text with fewer structural restrictions (docstrings or comments), the line "
             "length should be limited to 72 characters.\n\n"
             "For code maintained exclusively or primarily by a team that can reach agreement on this issue, it is "
             "okay to increase the line length limit up to 99 characters, provided that comments and docstrings are "
             "still wrapped at 72 characters.\n")
CLAIMS4 = {
    "docs": ("For flowing long blocks of text such as docstrings or comments, PEP 8 says the line length should be "
             "limited to 72 characters.", "For flowing long blocks of text with fewer structural restrictions "
             "(docstrings or comments), the line length should be limited to 72 characters."),
    # the claim's text never names the PEP: its source's title does
    "team": ("For code maintained by a team that can reach agreement on this issue, it is okay to increase the line "
             "length limit up to 99 characters.", "For code maintained exclusively or primarily by a team that can "
             "reach agreement on this issue, it is okay to increase the line length limit up to 99 characters"),
}
ID4 = {k: claim_id(v[0]) for k, v in CLAIMS4.items()}
_TEAM = ("PEP 8 says a team that can reach agreement on this issue may increase the line length limit up to 99 "
         "characters [@{team}].")
_DOCS = "- Docstrings and comments: 72 characters [@{docs}]."
HONEST4 = f"""# How long PEP 8 lets a line run

{_TEAM}

{_DOCS}
"""


def _build4(root) -> None:
    import json

    sid = make_source(root, PEP8LINES, name="pep8", tier="A", title="PEP 8 – Style Guide for Python Code",
                      publisher="Python")
    write_claims(root, [claim(text, f"t3.{k}", confidence="verified", evidence=[ev(sid, PEP8LINES, q)])
                        for k, (text, q) in CLAIMS4.items()])
    path = root / "sourcebook.json"  # the question the page answers bids, as the writer's did
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["question"] = "How long should a line of Python be?"
    path.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def template4(tmp_path_factory):
    return built_once(tmp_path_factory, "honest-wording-4", _build4)[0]


@pytest.fixture
def ws4(template4, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return copy_ws(template4, tmp_path)


def _with_report(ws, text: str):
    """`sb check-draft` of ``text`` once `sb render report` has rendered it: the page gate and the
    report gate both judge it."""
    from conftest import sb

    (ws / "draft.md").write_text(text.format(**ID4), encoding="utf-8")
    assert sb("render", "report", "--from", "draft.md", cwd=ws).rc == 0
    return check_draft(ws, text, ID4)


@pytest.mark.parametrize("honest", [
    HONEST4.replace(_DOCS, "- PEP 8 says docstrings and comments should be limited to 72 characters [@{docs}]."),
    HONEST4,
], ids=["the source's name", "a verbless item answering a question that bids"])
def test_the_page_and_report_gates_pass_the_honest_line_alike(ws4, honest):
    """"PEP 8" names the source whose title states it, in the report as on the page; an item with
    no verb of its own ("Docstrings and comments: 72 characters") answering a question that bids
    ("How long should a line be?") keeps its claim's "should" in both."""
    from conftest import sb

    r = _with_report(ws4, honest)
    assert r.rc == 0 and "build/report.md" in r.both, r.both
    assert sb("render", "answer", "--from", "draft.md", cwd=ws4).rc == 0
    v = sb("verify", "--no-cache", cwd=ws4)
    assert v.rc == 0, v.both


@pytest.mark.parametrize("honest,dishonest,code,words", [
    # another document's identifier, or a number neither the source's identifier nor the claim's
    (_TEAM, _TEAM.replace("PEP 8 says", "PEP 9 says"), "E-DRAFT-FIGURE", "PEP 9"),
    (_TEAM, _TEAM.replace("99 characters", "120 characters"), "E-DRAFT-FIGURE", "120"),
    (_TEAM, _TEAM.replace("PEP 8 says", "PEP 8 says, in its 12th section,"), "E-DRAFT-FIGURE", "12th"),
    # a bidding told plainly, in a sentence or an item with a verb of its own
    (_DOCS, "Docstrings are limited to 72 characters [@{docs}].", "E-PAGE-HEDGE-DROPPED", "'should'"),
    (_DOCS, "- Docstrings and comments are limited to 72 characters [@{docs}].", "E-PAGE-HEDGE-DROPPED", "'should'"),
], ids=["another PEP", "another number", "a number of its own", "a sentence", "an item with a verb"])
def test_the_page_and_report_gates_still_refuse_the_dishonest_neighbour(ws4, honest, dishonest, code, words):
    assert honest in HONEST4
    r = _with_report(ws4, HONEST4.replace(honest, dishonest, 1))
    assert r.rc != 0, r.both
    hit = [ln for ln in r.both.splitlines() if words in ln and ln.strip().startswith(("E-PAGE-", "E-DRAFT-"))]
    # the page gate names the page's line, the report gate the draft's alone
    assert any("build/answer.html" in ln for ln in hit), r.both
    assert any(ln.strip().startswith(code) and "build/answer.html" not in ln for ln in hit), r.both


def test_a_verbless_item_under_a_question_that_bids_nothing_is_refused_by_both_gates(ws4):
    path = ws4 / "sourcebook.json"
    path.write_text(path.read_text(encoding="utf-8").replace("How long should a line of Python be?",
                                                             "How long is a line of Python?"), encoding="utf-8")
    r = _with_report(ws4, HONEST4)
    hit = [ln for ln in r.both.splitlines() if ln.startswith("E-PAGE-HEDGE-DROPPED") and "'should'" in ln]
    assert r.rc != 0 and len(hit) == 2 and sum("build/answer.html" in ln for ln in hit) == 1, r.both


NARRATOR = "The narrator told the porter his place was seat seven, car three."


def test_giving_a_thing_as_so_tells_it_as_said():
    # "gave his place as" is telling it: the claim's report is kept
    assert stance.frame_dropped(NARRATOR, "He gave his place as seat seven, car three.") is None
    assert stance.frame_dropped(NARRATOR, "His place was seat seven, car three.")
    assert stance.frame_dropped(NARRATOR, "He gave away his place in seat seven, car three.")


def test_a_frame_dropped_is_mended_by_naming_who_says_it_not_by_a_hedge():
    from sourcebook.engines.render.podcast import _stance_finding

    code, message = _stance_finding("His place was seat seven, car three.", [NARRATOR], [NARRATOR], 1)
    assert code == "E-PAGE-HEDGE-DROPPED" and "keep who says it" in message and "will" not in message, message
    plan = "The operator may raise fares in 2027."
    code, message = _stance_finding("The operator raises fares in 2027.", [plan], [plan], 1)
    assert code == "E-PAGE-HEDGE-DROPPED" and "keep the hedge" in message, message


@pytest.mark.parametrize("sentence, change", [
    # a thing removed: "drop" with its object
    ("Optimized builds drop the checks.", False),
    ("Python 3.12 dropped support for distutils.", False),
    # a level that fell
    ("Ridership dropped 10% in a year.", True),
    ("Fares drop in winter.", True),
    ("The count dropped to 31,000.", True),
    ("The operator drops the fare to 3.40 marks.", True),
    ("The operator dropped its fares by 10% in May.", True),
])
def test_drop_with_an_object_removes_a_thing_and_tells_no_change(sentence, change):
    assert (stance.CHANGE.search(sentence) is not None) == change


@pytest.mark.parametrize("sentence, added", [
    # "unconditionally", "invariably" say "always": each backs the other
    ("Dividing INT_MIN by minus one always panics.", None),
    ("Dividing INT_MIN by minus one panics in every case.", None),
    # a word of scope the claim lacks is still one
    ("Every division by minus one always panics.", None),
])
def test_unconditionally_is_a_word_of_scope_that_backs_always(sentence, added):
    claim = "Division and remainder of INT_MIN by -1 panic unconditionally, for legacy reasons."
    assert stance.added_words(sentence, [claim]) == added
    # without the claim's word of scope, "always" says more than it
    assert stance.added_words(sentence, ["Division of INT_MIN by -1 panics, for legacy reasons."]) is not None


_BAN = "Unparenthesized assignment expressions are prohibited at the top level of an expression statement."


@pytest.mark.parametrize("sentence, kind", [
    # a permission denied says what the claim's ban says
    ("Unparenthesized assignment expressions are not allowed at the top level of an expression statement.", None),
    ("Unparenthesized assignment expressions are not permitted at the top level of an expression statement.", None),
    # the permission granted, the ban denied, or denied everywhere: the opposite of the claim
    ("Unparenthesized assignment expressions are allowed at the top level of an expression statement.", "antonym"),
    ("Unparenthesized assignment expressions are not prohibited at the top level of an expression statement.",
     "negation"),
    ("Assignment expressions are no longer forbidden at the top level of an expression statement.", "negation"),
    ("Assignment expressions are not allowed anywhere in a program.", "antonym"),
])
def test_a_permission_denied_says_what_a_ban_says(sentence, kind):
    got = stance.added_words(sentence, [_BAN])
    assert (got[0] if got else None) == kind, got


def test_a_heading_denying_permission_stands_over_claims_of_a_ban():
    """"Where they are not allowed" over the claims of a ban says what they say; over claims of
    another kind it adds a negation."""
    bans = [_BAN, "They are also prohibited for the value of a keyword argument in a call."]
    assert stance.added_words("Where they are not allowed", bans) is None
    other = ["Assignment expressions are used at the top level of a comprehension."]
    assert stance.added_words("Where they are not allowed", other)[0] == "negation"
