"""The author's own stance in words no claim says, refused on the page, in the pre-flight and in
the podcast alike (one reading, ``stance.added_words``; headings through ``stance.label_says``),
each beside an honest sentence of the same shape that passes:

- a word of attitude ("shockingly", "a mere", "rosier", "fiasco", "spun");
- a verb of report that takes a side ("conceded", "admitted") or makes a report a proof
  ("showed that");
- a mark or an idiom of doubt ("(sic!)", "at least on paper", "hopes", "if ... ever");
- a word that judges a time as late or early ("finally", "running late", "only signed in",
  "as early as"), a whole span ("throughout September"), a habit ("every morning");
- an obligation ("must") where a claim allows, a concession ("despite"), a counterfactual over a
  plan ("would have followed");
- a word of manner or intent ("deliberately", "independently");
- a description of its own between commas (", a city-owned company,"), a restriction ("who live
  in the city", "cash only"), a condition other than the claim's.
"""

from __future__ import annotations

import os

import pytest
from demo_kit import EPOCH, built_demo

from sourcebook.engines.text import stance

W3 = ["Route W3 is due to accept the Tidewater Pass from 1 December 2026, once new ticket readers are installed.",
      "Route W3 will accept the Tidewater Pass from 1 December 2026, once the new ticket readers are installed on "
      "its four boats."]
CONTRACT = ["The ticket reader contract for route W3 was signed in August 2026, with installation scheduled for "
            "November 2026.",
            "the ticket reader contract for route W3 was signed in August and that installation is scheduled for "
            "November 2026"]
RIDERS = ["Riders on route W3 said its card readers were still switched off in late September.",
          "Riders on route W3 told The Ferry Ledger that the card readers on its boats were still switched off in "
          "late September."]
ROUTES = ["The Tidewater Pass is accepted on water bus routes W1 and W2.",
          "The Tidewater Pass is accepted on routes W1 and W2 as of 14 October 2026."]
FARE = ["A single adult fare bought on board costs 3.40 marks.", "Single fares bought on board cost 3.40 marks for "
        "adults.", "A single adult fare is 3.40 marks, unchanged since 2024."]
KIDS = ["Children under twelve ride free when travelling with a paying adult.",
        "Children under twelve travel free with a paying adult."]
AUDIT = ["The water bus carried an average of 31,000 passengers per weekday in the twelve months to September 2026.",
         "the audited average for the year to September was 31,000 passengers per weekday"]
PRESS = ["Weekday ridership averaged 38,500 passengers over the summer.",
         "Weekday ridership averaged 38,500 passengers over the summer"]
OFFICERS = ["City officers said the higher ridership figures quoted in the press were summer peaks.",
            "higher figures quoted in the press referred to summer peaks only"]
BOON = ["PEP 649 says PEP 563 stringized annotations were a boon for tools that mechanically construct documentation.",
        "PEP 563 stringized annotations were a boon for tools that mechanically construct documentation."]

# (backing, the dishonest sentence, its kind, the word found, an honest sentence of the same shape)
PAIRS = [
    (RIDERS, "And riders say the W3 readers were still off in late September, shockingly", "attitude",
     "shockingly", "And riders say the W3 readers were still off in late September"),
    (AUDIT, "The operator and the city give a mere 31,000 audited passengers per weekday", "attitude", "mere",
     "The operator and the city give an audited 31,000 passengers per weekday"),
    (OFFICERS, "City officers say the bigger number is just a summer peak", "attitude", "just a",
     "City officers say the bigger number is a summer peak"),
    (PRESS, "Against a rosier 38,500 over the summer in the trade press", "attitude", "rosier",
     "Against 38,500 over the summer in the trade press"),
    (AUDIT + PRESS, "How many ride is spun: 31,000 a weekday, against 38,500 over the summer", "attitude", "spun",
     "How many ride is disputed: 31,000 a weekday, against 38,500 over the summer"),
    (ROUTES, "On routes W1 and W2, yes: even the operator lists both as taking the pass", "attitude", "even",
     "On routes W1 and W2, yes: the operator lists both as taking the pass"),
    (OFFICERS, "City officers conceded that the press figures were summer peaks", "stance", "conceded",
     "City officers told the committee that the press figures were summer peaks"),
    (ROUTES, "On routes W1 and W2 it can. The operator admits so on its status page", "stance", "admits",
     "On routes W1 and W2 it can. The operator says so on its status page"),
    # a document granting a point of another it names gives in as a person does; the claim says "says"
    (BOON, "PEP 649 itself grants that PEP 563 stringized annotations were a boon for tools", "stance", "grants",
     "PEP 649 itself says that PEP 563 stringized annotations were a boon for tools"),
    (BOON, "PEP 649 acknowledges that PEP 563 stringized annotations were a boon for tools", "stance",
     "acknowledges", "PEP 649 notes that PEP 563 stringized annotations were a boon for tools"),
    (OFFICERS, "City officers showed that the press figures were summer peaks", "stance", "showed that",
     "City officers said that the press figures were summer peaks"),
    (PRESS, "The trade press reports 38,500 (sic!) over the summer", "hedge", "(sic!)",
     "The trade press reports 38,500 (a weekday average) over the summer"),
    (ROUTES, "Yes on routes W1 and W2, at least on paper", "hedge", "at least on paper",
     "Yes on routes W1 and W2, as of 14 October 2026"),
    (W3, "The operator hopes route W3 will follow on 1 December 2026, once new readers are fitted", "hedge",
     "hopes", "The operator says route W3 will follow on 1 December 2026, once new readers are fitted"),
    (W3, "Route W3 is due to follow on 1 December 2026, if new readers are ever fitted to its boats", "hedge",
     "if new readers are ever", "Route W3 is due to follow on 1 December 2026, once new readers are fitted to "
     "its boats"),
    (ROUTES, "On routes W1 and W2, officially yes", "hedge", "officially", "On routes W1 and W2, yes"),
    (ROUTES, "The operator reportedly lists routes W1 and W2", "hedge", "reportedly",
     "The operator lists routes W1 and W2"),
    (ROUTES, "The operator apparently lists routes W1 and W2", "hedge", "apparently",
     "The operator lists routes W1 and W2"),
    (CONTRACT, "The W3 reader contract was only signed in August, with installation set for November", "timing",
     "was only signed in", "The W3 reader contract was signed in August, with installation set for November"),
    (CONTRACT, "The W3 reader contract was signed as early as August, with installation set for November",
     "timing", "as early as", "The W3 reader contract was signed in August, with installation set for November"),
    (RIDERS, "Riders say the W3 readers were switched off throughout September", "span", "throughout september",
     "Riders say the W3 readers were switched off in late September"),
    (RIDERS, "Riders say the W3 readers were switched off every morning in late September", "habit",
     "every morning", "Riders say the W3 readers were switched off on their boats in late September"),
    (KIDS, "Children under twelve must travel with a paying adult", "obligation", "must",
     "Children under twelve travel free with a paying adult"),
    # waiting for the claim's own start date is no rule imposed on anyone
    (W3, "W3 riders have to buy a ticket until the first of December 2026", "obligation", "have to",
     "W3 riders have to wait until the first of December 2026, when the boats should have their new readers"),
    (AUDIT + PRESS, "Despite the audit, the trade press reports 38,500 over the summer", "concession", "despite",
     "Beside the audit, the trade press reports 38,500 over the summer"),
    (W3, "Route W3 would have followed on 1 December 2026, once new readers were fitted to its boats", "lapsed",
     "would have followed", "Route W3 will follow on 1 December 2026, once new readers are fitted to its boats"),
    (RIDERS, "Riders say the W3 readers were still deliberately switched off in late September", "manner",
     "deliberately", "Riders say the W3 readers were still switched off in late September"),
    (AUDIT, "The operator and the city give an independently audited 31,000 passengers per weekday", "manner",
     "independently", "The operator and the city give an audited 31,000 passengers per weekday"),
    (ROUTES, "On routes W1 and W2, the two main routes, the pass is accepted", "description", "the two main routes",
     "On routes W1 and W2, the routes where the pass is accepted, the pass is accepted"),
    (FARE, "A single adult fare bought on board is 3.40 marks, the price of a coffee", "description",
     "the price of a coffee", "A single adult fare bought on board is 3.40 marks, the fare for adults"),
    (ROUTES, "The Tidewater Pass, a city-owned scheme, is accepted on routes W1 and W2", "description",
     "a city-owned scheme", "The Tidewater Pass, the pass the operator accepts, is accepted on routes W1 and W2"),
    (KIDS, "Children under twelve who live in the city ride free with a paying adult", "restriction",
     "who live in the city", "Children under twelve who travel with a paying adult ride free"),
    (FARE, "3.40 marks for a single adult fare on board, cash only", "restriction", "cash only",
     "3.40 marks for a single adult fare on board, for adults only"),
    (W3, "Route W3 is due to follow on 1 December 2026, once the council approves the reader budget",
     "new condition", "once the council approves the reader", "Route W3 is due to follow on 1 December 2026, once "
     "new readers are fitted to its boats"),
    (FARE, "A single adult fare bought on board is a loss-making 3.40 marks", "attitude", "loss-making",
     "A single adult fare bought on board is 3.40 marks"),
    (AUDIT, "The operator and the city give an audited exactly 31,000 passengers per weekday", "precision",
     "exactly", "The operator and the city give an audited 31,000 passengers per weekday"),
    (W3, "Route W3 is due to follow on 1 December 2026, regardless of whether new readers are fitted", "concession",
     "regardless of", "Route W3 is due to follow on 1 December 2026, once new readers are fitted"),
    (W3, "Route W3 is due to follow on 1 December 2026, unless new readers are fitted to its boats", "antonym",
     "unless for once", "Route W3 is due to follow on 1 December 2026, if new readers are fitted to its boats"),
    (CONTRACT, "The W3 reader contract was signed in August to replace the faulty readers, with installation set "
     "for November", "cause", "to replace the faulty readers", "The W3 reader contract was signed in August to "
     "install readers on route W3, with installation set for November"),
]


@pytest.mark.parametrize("backing,dishonest,kind,word,honest", PAIRS, ids=[p[3] for p in PAIRS])
def test_a_word_of_the_author_s_own_stance_is_found_and_its_honest_neighbour_passes(backing, dishonest, kind,
                                                                                     word, honest):
    plan = any(stance.hedged(b) for b in backing[:1])
    assert stance.added_words(dishonest, backing, plan, 1) == (kind, word)
    assert stance.added_words(honest, backing, plan, 1) is None


@pytest.mark.parametrize("backing,sentence", [
    (OFFICERS + ["City officers conceded that the higher figures were summer peaks."],
     "City officers conceded that the press figures were summer peaks"),
    (W3 + ["The operator hopes W3 will follow once the readers are in."], "The operator hopes W3 will follow"),
    (KIDS, "Children under twelve are admitted free with a paying adult"),
    (RIDERS, "Finally, riders say the W3 readers were still switched off in late September"),
    (FARE, "A single adult fare bought on board is 3.40 marks, the riders say"),
    (RIDERS, "Riders reportedly said the W3 readers were still switched off in late September"),
    # a document or its author owning its own drawback; a clause of "whose"; a word that orders
    (["The default may be too low for some clusters."], "The KEP admits that this default may be too low"),
    (["Far more programs are hurt than helped."], "It conceded that far more programs are hurt than helped"),
    (["The price is more release engineering."], "The price, the RFC admits, is more release engineering"),
    # the claim's own "acknowledges" or "grants that"; a right granted; a document owning its own point
    (["PEP 649 acknowledges that PEP 563 stringized annotations were a boon."],
     "PEP 649 itself acknowledges that PEP 563 stringized annotations were a boon"),
    (["PEP 649 grants that PEP 563 stringized annotations were a boon."],
     "PEP 649 itself grants that PEP 563 stringized annotations were a boon"),
    (["The council gave riders the right to a refund."], "The council granted that right to riders"),
    (["PEP 649 costs more at import time."], "PEP 649 grants that it costs more at import time"),
    (["A defer statement sets its bit."], "A defer statement sets its bit and the function whose bits are set runs"),
    (["PEP 649 lets annotations use names defined later."], "PEP 649, the later PEP, lets annotations use names"),
    (["The operator spun off its ferry arm in 2024."], "The operator spun off its ferry arm in 2024"),
    # a habit of the thing, not of a time; "once" that counts; a design's choice in the present
    (RIDERS, "Riders say each time they boarded in late September the readers were switched off"),
    (["The function is called when needed."], "The descriptor calls the function once and caches the answer"),
    (["The proposal adds no new clock."], "The proposal deliberately adds no new clock"),
    (["A time value holds a wall reading and a monotonic reading."],
     "Under it, a time value holds the usual wall reading and a monotonic reading"),
])
def test_what_a_claim_says_or_a_plain_word_of_order_passes(backing, sentence):
    assert stance.added_words(sentence, backing, False, 1) is None


@pytest.mark.parametrize("label,backing,kind,word", [
    ("W3 finally follows in December", W3, "timing", "finally"),
    ("Readers ordered, running late", CONTRACT, "timing", "running late"),
    ("The W3 reader fiasco", W3 + CONTRACT + RIDERS, "attitude", "fiasco"),
])
def test_a_heading_that_judges_is_refused_and_a_plain_one_passes(label, backing, kind, word):
    assert stance.period_denied("W3 not this year", backing) == "not this year"
    assert stance.period_denied("W3 not yet", backing) is None
    assert stance.label_says(label, backing[:1], backing, 1) == (kind, word)
    plain = {"timing": "W3 follows in December", "attitude": "The W3 readers"}[kind]
    assert stance.label_says(plain, backing[:1], backing, 1) is None


# --------------------------------------------------------------------------- on the demo's page

@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "author-stance")


def _findings(demo, html, tmp_path) -> list[str]:
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.gate.gates import gates
    from sourcebook.domain.workspace.layout import Workspace

    path = tmp_path / "answer.html"
    path.write_text(html, encoding="utf-8")
    ctx = GateContext(Workspace(demo), VerifyOptions(html=str(path), cache=False, page_text=html))
    return [f.line() for f in next(g for g in gates() if g.name == "prose").fn(ctx).findings]


def test_a_verb_of_report_stressed_alone_is_refused_and_other_stress_passes(demo, tmp_path):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    old = "Riders say the W3 readers"
    assert old in page
    lines = _findings(demo, page.replace(old, "Riders <em>say</em> the W3 readers", 1), tmp_path)
    assert any(ln.startswith("E-PAGE-WORD-UNBACKED") and "'say' alone in emphasis" in ln for ln in lines), lines
    assert _findings(demo, page.replace(old, "<strong>Riders</strong> say the W3 readers", 1), tmp_path) == []


@pytest.mark.parametrize("old,new,word", [
    ("City officers said the press figures", "City officers conceded that the press figures", "'conceded'"),
    ("the operator lists both", "the operator, a city-owned company, lists both", "a city-owned company"),
    ("children under twelve ride free", "children under twelve who live in the city ride free", "who live in"),
    ("were still switched off in late September", "were switched off throughout September", "throughout"),
    ("A single adult fare bought on board is", "A single adult fare bought on board at Halden Quay is", "Halden Quay"),
    ("Where the pass works today</h2>", "Where the pass works today, and W3 not this year</h2>", "'not this year'"),
    # a name the page's other claims give moved onto the fare's sentence: the pass is not the fare
    ("A single adult fare bought on board is", "A Tidewater Pass bought on board is", "'Tidewater Pass'"),
    # a group of people another claim speaks of moved onto the routes' sentence
    ("the operator lists both as taking the pass", "the operator lists both as taking the pass, for adults and "
                                                   "children alike", "'children'"),
])
def test_the_page_gate_refuses_the_sentence_and_passes_the_page(demo, tmp_path, old, new, word):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    assert old in page and _findings(demo, page, tmp_path) == []
    lines = _findings(demo, page.replace(old, new, 1), tmp_path)
    assert any(ln.startswith("E-PAGE-WORD-UNBACKED") and word in ln for ln in lines), lines


@pytest.mark.parametrize("joined", ["Between 31,000 and 38,500 passengers ride each weekday",
                                    "31,000 to 38,500 passengers ride each weekday",
                                    "31,000–38,500 passengers ride each weekday"])
def test_a_range_joining_the_two_sides_of_a_disagreement_is_refused(demo, tmp_path, joined):
    """The audited year's 31,000 and the press's summer 38,500 made one range: one measure that
    varies, where two sources measure different things. Each figure told with its own claim
    (the page as built) passes."""
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    first = "The operator and the city give an audited 31,000 passengers per weekday for the year to September<sup"
    second = ('<span class="cite-tail">\u00a0<span class="mark m-contested">contested</span>.</span> The trade press '
              "reports 38,500 over the summer")
    assert first in page and second in page and _findings(demo, page, tmp_path) == []
    merged = page.replace(first, joined + "<sup", 1).replace(second, "", 1)
    lines = _findings(demo, merged, tmp_path)
    assert any(ln.startswith("E-PAGE-FIGURE-RANGE") for ln in lines), lines
    # two figures listed, not joined into a range, are each backed by its own claim
    listed = page.replace(first, "The audited 31,000 and the summer 38,500 passengers per weekday differ<sup", 1)
    assert not any(ln.startswith("E-PAGE-FIGURE-RANGE") for ln in _findings(demo, listed.replace(second, "", 1),
                                                                             tmp_path))


def test_a_figure_told_as_a_peak_needs_a_claim_that_calls_it_one():
    from sourcebook.engines.text.figure_frame import misframed

    wrong = misframed("The trade press reports a summer peak of 38,500", lambda end: [("press", PRESS)])
    assert wrong and "peak" in wrong[0][0], wrong
    assert not misframed("The trade press reports 38,500 over the summer", lambda end: [("press", PRESS)])
    peak = ["Weekday ridership reached a summer peak of 38,500 passengers."]
    assert not misframed("The trade press reports a summer peak of 38,500", lambda end: [("press", peak)])


@pytest.mark.parametrize("sentence,hay,place", [
    ("A single adult fare bought on board at Halden Quay is 3.40 marks", " ".join(FARE), "Halden Quay"),
    ("The pass works on the water bus in Calder Bay", "Can a Tidewater Pass pay the fare on the Calder Bay water bus?",
     None),
    ("Riders told the paper in late September", " ".join(RIDERS), None),
    ("Riders on route W3 told The Ferry Ledger in September", " ".join(RIDERS), None),
])
def test_a_place_the_claims_and_the_page_never_name_is_found(sentence, hay, place):
    assert stance.place_unsaid(sentence, hay) == place


@pytest.mark.parametrize("sentence,own,moved", [
    ("A Tidewater Pass bought on board is 3.40 marks", FARE, "Tidewater Pass"),
    ("The Tidewater Pass is accepted on routes W1 and W2", ["The Tidewater Pass is accepted on W1 and W2."], None),
    # a name no other claim gives is the place rule's or a person's to judge, not this one's
    ("A Harbour Card bought on board is 3.40 marks", FARE, None),
    # the words that open a sentence are not part of a name; one capitalised word is no name
    ("The fare bought on board is 3.40 marks", FARE, None),
    ("A single fare on board is 3.40 marks, Tidewater says", FARE, None),
])
def test_a_name_the_other_claims_give_is_not_moved_onto_a_claim_that_never_names_it(sentence, own, moved):
    others = ["The Tidewater Pass is accepted on water bus routes W1 and W2."]
    assert stance.name_moved(sentence, list(own), others) == moved


@pytest.mark.parametrize("sentence,own,moved", [
    ("W1 and W2 take the pass, for adults and children alike", ["The Tidewater Pass is accepted on W1 and W2."],
     "children"),
    ("W1 and W2 take the pass for adults", ["The Tidewater Pass is accepted on W1 and W2."], "adults"),
    ("Дети ездят по маршрутам W1 и W2 с картой", ["The Tidewater Pass is accepted on W1 and W2."], "Дети"),
    ("W1とW2では子どもも使える", ["The Tidewater Pass is accepted on W1 and W2."], "子ども"),
    ("W1和W2的儿童也可以使用", ["The Tidewater Pass is accepted on W1 and W2."], "儿童"),
    # the claims cited name the group, in any of its forms
    ("A child under twelve rides free with a paying adult", KIDS, None),
    ("Kids under twelve ride free with an adult who pays", KIDS, None),
    # no other claim speaks of the group: the place and word rules judge it, not this one
    ("Students take the pass on W1 and W2", ["The Tidewater Pass is accepted on W1 and W2."], None),
    # a child of a thing is no person, and "senior" before a noun is no group
    ("The child process inherits every descriptor", ["A new process inherits every descriptor."], None),
    ("Senior members of the crew check the pass", ["The Tidewater Pass is accepted on W1 and W2."], None),
])
def test_a_group_another_claim_speaks_of_is_not_moved_onto_a_claim_that_never_names_it(sentence, own, moved):
    ledger = KIDS + ROUTES + ["A child process of the server runs the crew's checks.",
                              "The senior crew member checks each pass."]
    assert stance.group_moved(sentence, list(own), ledger) == moved


def test_a_task_to_report_names_no_speaker():
    claim = "Officers were to report on the W3 readers in December."
    quotes = ["Action: officers to report on W3 readers in December."]
    said = "The committee minutes say officers are to report on the W3 readers in December"
    assert stance.speaker_swapped(claim, quotes, said) is None
    # a claim that reports someone saying it still names its speaker
    riders = "Riders on route W3 said its card readers were still switched off in late September."
    assert stance.speaker_swapped(riders, RIDERS[1:], "The operator says the W3 readers were still switched off")


@pytest.mark.parametrize("line,scoff", [
    ("Sure it will, Ben. Sure it will.", "sure it will"),
    ("Yeah, right.", "yeah, right"),
    ("Sure, it will be a busy December for the crews.", None),
    ("Of course it will take a while to get used to.", None),
    ("Ha, I like that.", None),
])
def test_banter_that_mocks_a_claim_is_found(line, scoff):
    assert stance.scoffs(line) == scoff


# --------------------------------------------------------------------------- words that turn what a claim says
# (an ending, a particle turned, an assurance, another finder), in every language of the demo

JA_W3 = ["十二月一日からW3航路でもタイドウォーター・パスが使えるようになります"]
ZH_RU_CONTRACT = ["新的读卡器将于十一月安装", "Новые считыватели установят в ноябре"]

# (backing, the dishonest sentence, its kind, the word found, an honest sentence of the same shape)
TURNED = [
    (CONTRACT, "The committee heard that the W3 reader contract was cancelled in August, with installation set for "
     "November", "reversal", "cancelled", "The committee heard that the W3 reader contract was signed in August, "
     "with installation set for November"),
    (W3 + JA_W3, "Route W3 is due to leave the scheme on 1 December 2026, once new readers are fitted",
     "reversal", "leave the scheme", "Route W3 is due to join the scheme on 1 December 2026, once new readers are "
     "fitted"),
    (CONTRACT + ZH_RU_CONTRACT, "新的读卡器将于十一月拆除", "reversal", "拆除", "新的读卡器将于十一月安装"),
    (W3 + JA_W3, "潮汐通行卡自十二月一日起在W3航线停用", "reversal", "停用", "潮汐通行卡自十二月一日起在W3航线使用"),
    (CONTRACT + ZH_RU_CONTRACT, "Старые считыватели снимут в ноябре", "reversal", "снимут",
     "Новые считыватели установят в ноябре"),
    (W3 + JA_W3, "十二月一日からW3航路のタイドウォーター・パスは廃止されます", "reversal", "廃止",
     "十二月一日からW3航路でもタイドウォーター・パスが使えるようになります"),
    (RIDERS, "Riders say the W3 readers were switched on in late September", "antonym",
     "switched on for switched off", "Riders say the W3 readers were still switched off in late September"),
    (RIDERS, "The Ferry Ledger found the W3 readers still switched off in late September", "speaker",
     "The Ferry Ledger found for Riders on route W3",
     "The Ferry Ledger reports that riders found the W3 readers still switched off in late September"),
    (OFFICERS, "City officers said the audited figures were summer peaks", "assurance", "audited",
     "City officers said the press figures were summer peaks"),
    (PRESS, "По данным аудита, летом в будний день перевозили 38 500 пассажиров", "assurance", "аудита",
     "По данным отраслевой прессы, летом в будний день перевозили 38 500 пассажиров"),
    (PRESS, "审计显示夏季工作日平均客流为38,500人次", "assurance", "审计", "夏季工作日平均客流为38,500人次"),
    (PRESS, "監査によると夏の平日の乗客は平均38,500人でした", "assurance", "監査",
     "夏の平日の乗客は平均38,500人でした"),
]


ADVICE = ["Until the W3 readers work, a Tidewater Pass holder riding W3 should carry another way to pay."]
TURNED += [
    (FARE, "A monthly pass bought on board is 3.40 marks", "period", "monthly pass",
     "A single adult ticket bought on board is 3.40 marks"),
    (ADVICE, "So on W3, just ride without paying until the readers work", "negation", "without paying",
     "So on W3, bring another way to pay until the readers work"),
]


def test_a_cause_joining_two_claims_needs_a_claim_that_gives_it():
    """", so riders say ..." joins the contract's claim to the riders' as cause and effect; two
    sentences, or a claim that gives the cause with words of both, pass."""
    joined = ("The committee heard that the W3 reader contract was signed in August, with installation set for "
              "November, so riders say the W3 readers were still switched off in late September")
    assert stance.added_words(joined, CONTRACT + RIDERS, False, 2) == ("cause", "so")
    assert stance.added_words(joined.replace(", so riders", ". Riders"), CONTRACT + RIDERS, False, 2) is None
    cause = ["The W3 readers were still switched off in late September because the reader contract was only "
             "signed in August."]
    assert stance.added_words(joined, CONTRACT + RIDERS + cause, False, 2) is None


@pytest.mark.parametrize("label,backing,kind,word,honest", [
    ("Why did route W3 drop the Tidewater Pass?", W3, "reversal", "drop the tidewater pass",
     "When does route W3 take the Tidewater Pass?"),
    ("Why did the city cancel the readers?", CONTRACT + W3, "reversal", "cancel", "Did the city cancel the readers?"),
    ("Readers ordered and live", CONTRACT + RIDERS, "scale", "live", "Readers ordered, not yet live"),
])
def test_a_heading_or_title_that_takes_an_ending_or_a_plan_as_so_is_refused(label, backing, kind, word, honest):
    claims = [b for b in backing if b[:1].isupper() and b.endswith(".")]
    assert stance.label_says(label, claims, backing, 1) == (kind, word)
    assert stance.label_says(honest, claims, backing, 1) is None


@pytest.mark.parametrize("backing,dishonest,kind,word,honest", TURNED, ids=[p[3] for p in TURNED])
def test_a_word_that_turns_what_a_claim_says_is_found_and_its_honest_neighbour_passes(backing, dishonest, kind,
                                                                                      word, honest):
    plan = any(stance.hedged(b) for b in backing[:1])
    assert stance.added_words(dishonest, backing, plan, 1) == (kind, word)
    assert stance.added_words(honest, backing, plan, 1) is None


@pytest.mark.parametrize("backing,sentence", [
    (["The contract does not promise to stop the delays."], "The contract does not promise to stop the delays"),
    (["The old readers will be removed in November."], "The old readers are to be removed in November"),
    (AUDIT, "The operator and the city give an audited 31,000 passengers per weekday"),
    (RIDERS, "Riders told The Ferry Ledger the W3 readers were still switched off in late September"),
    (RIDERS, "People on W3 found the readers still switched off in late September"),
    (KIDS, "Children under twelve ride without paying when travelling with a paying adult"),
    (FARE, "A single adult fare bought on board is 3.40 marks, the same every day of the week"),
])
def test_a_word_of_ending_assurance_or_finding_the_claims_give_passes(backing, sentence):
    assert stance.added_words(sentence, backing, False, 1) is None


@pytest.mark.parametrize("old,new,word", [
    ("contract was signed in August", "contract was cancelled in August", "'cancelled'"),
    ("Route W3 is due to follow on", "Route W3 is due to leave the scheme on", "'leave the scheme'"),
    ("were still switched off in late September", "were switched on in late September", "'switched on for"),
    ("Riders say the W3 readers were still switched off", "The Ferry Ledger found the W3 readers still switched off",
     "'The Ferry Ledger found"),
    ("City officers said the press figures were summer peaks", "City officers said the audited figures were summer "
     "peaks", "'audited'"),
    ("with installation set for November", "with installation set for November; 新的读卡器将于十一月拆除", "'拆除'"),
])
def test_a_turned_sentence_on_the_demo_page_is_refused(demo, tmp_path, old, new, word):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    assert old in page
    lines = _findings(demo, page.replace(old, new, 1), tmp_path)
    assert any(ln.startswith("E-PAGE-WORD-UNBACKED") and word in ln for ln in lines), lines


def test_a_negated_particle_of_the_opposite_is_the_same_state(demo, tmp_path):
    """"Weren't switched on" of "were still switched off" tells the same state: the particle rule
    does not fire under a negation. Turned without one, or negated where the claim is not, it is
    refused."""
    assert stance.added_words("Riders said the W3 readers still weren't switched on in late September", RIDERS,
                              False, 1) is None
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    old = "were still switched off in late September"
    assert old in page
    assert _findings(demo, page.replace(old, "still weren't switched on in late September", 1), tmp_path) == []
    lines = _findings(demo, page.replace(old, "were switched on in late September", 1), tmp_path)
    assert any(ln.startswith("E-PAGE-WORD-UNBACKED") and "'switched on for" in ln for ln in lines), lines
    lines = _findings(demo, page.replace(old, "weren't switched off in late September", 1), tmp_path)
    assert any(ln.startswith("E-PAGE-NEGATION-ADDED") for ln in lines), lines
