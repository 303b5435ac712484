"""Words that tell more of time, cause, rank or worth than the claims do, each refused beside the
honest sentence of the same shape that passes (one reading for `sb check-draft`, `sb verify` and
the podcast: ``stance.added_words``):

- a comparative before a noun ("the two busier routes") no claim makes;
- a word of duration ("has long listed", "for years", "long-standing") beside a claim dated once;
- a plan told in the past ("was due to follow") where the claim plans in the present;
- a cause named by a preposition ("thanks to the fare freeze", "because of", "owing to") whose
  words no claim has;
- "by" and a date (a deadline) where the claim gives the day a thing starts;
- a word of temporariness ("for now", "temporarily", "until further notice") no claim says, or a
  state bounded by "until" ("switched off until late September") that no claim ends;
- a word of worth ("useless", "worthless") no claim says, in a cited or an inferred sentence;
- a part of a month ("late August") the claim does not give;
- a subordinator turned to its opposite ("Once" for "Until") over the same clause;
- bare "few" as a word of quantity; an adverb that judges a report ("wrongly say");
- "superseding" over a contest in which both sides stand.
"""

from __future__ import annotations

import pytest

from sourcebook.engines.text import stance

LISTS = ["The Tidewater Pass is accepted on water bus routes W1 and W2.",
         "The Tidewater Pass is accepted on routes W1 and W2 as of 14 October 2026."]
W3 = ["Route W3 is due to accept the Tidewater Pass from 1 December 2026, once new ticket readers are installed.",
      "Route W3 will accept the Tidewater Pass from 1 December 2026, once the new ticket readers are installed on "
      "its four boats."]
SUMMER = ["Weekday ridership averaged 38,500 passengers over the summer.",
          "Weekday ridership averaged 38,500 passengers over the summer"]
CHILDREN = ["Children under twelve ride free when travelling with a paying adult.",
            "Children under twelve travel free with a paying adult."]
CONTRACT = ["The ticket reader contract for route W3 was signed in August 2026, with installation scheduled for "
            "November 2026.", "the ticket reader contract for route W3 was signed in August and that installation "
            "is scheduled for November 2026"]
RIDERS = ["Riders on route W3 said its card readers were still switched off in late September.",
          "Riders on route W3 told The Ferry Ledger that the card readers on its boats were still switched off in "
          "late September."]
ADVICE = ["Until the W3 readers work, a Tidewater Pass holder riding W3 should carry another way to pay."]
AUDITED = ["The water bus carried an average of 31,000 passengers per weekday in the twelve months to September 2026.",
           "the audited average for the year to September was 31,000 passengers per weekday"]


@pytest.mark.parametrize("dishonest,honest,backing,kind,word", [
    ("On routes W1 and W2, the two busier routes, yes: the operator lists both as taking the pass.",
     "On routes W1 and W2, the two busier routes, yes: the operator lists both as taking the pass.",
     (LISTS, LISTS + ["Routes W1 and W2 are the busiest on the water bus."]), "comparison", "the two busier routes"),
    ("On routes W1 and W2, yes: the operator has long listed both as taking the pass.",
     "On routes W1 and W2, yes: the operator has long listed both as taking the pass.",
     (LISTS, LISTS + ["The pass has been accepted on W1 and W2 since 2019."]), "duration", "has long listed"),
    ("The operator's long-standing list names W1 and W2.", "The operator's list names W1 and W2.",
     (LISTS, LISTS), "duration", "long-standing"),
    ("Route W3 was due to follow on 1 December 2026, once new readers were fitted.",
     "Route W3 is due to follow on 1 December 2026, once new readers are fitted.",
     (W3, W3), "lapsed", "was due to"),
    ("Thanks to the fare freeze, the trade press reports 38,500 over the summer.",
     "Thanks to the summer, weekday ridership averaged 38,500 passengers.",
     (SUMMER, SUMMER), "cause", "Thanks to the fare freeze"),
    ("Owing to bridge works, the trade press reports 38,500 over the summer.",
     "Owing to the summer, weekday ridership averaged 38,500 passengers.",
     (SUMMER, SUMMER), "cause", "Owing to bridge works"),
    ("Route W3 is due to follow by 1 December 2026.", "Route W3 is due to follow from 1 December 2026.",
     (W3, W3), "deadline", "by 1 December 2026"),
    ("Children under twelve ride free with a paying adult, for now.",
     "Children under twelve ride free with a paying adult, for now.",
     (CHILDREN, CHILDREN + ["The free travel for children is a trial until March."]), "temporary", "for now"),
    ("Children under twelve temporarily ride free with a paying adult.",
     "Children under twelve ride free with a paying adult.", (CHILDREN, CHILDREN), "temporary", "temporarily"),
    # "until" on a state tells it ended then: the riders told it only as held in late September
    ("Riders say the W3 readers were switched off until late September.",
     "Riders say the W3 readers were still switched off in late September.", (RIDERS, RIDERS), "temporary",
     "switched off until"),
    ("The W3 reader contract was signed in late August, with installation set for November.",
     "The W3 reader contract was signed in late August, with installation set for November.",
     (CONTRACT, CONTRACT + ["The contract was signed on 28 August."]), "month", "late August"),
    ("Installation is set for early November.", "Installation is set for November.",
     (CONTRACT, CONTRACT), "month", "early November"),
    # the same parts of a month in Chinese, Japanese and Russian words
    ("市交通委员会获悉，W3读卡器合同于八月签订，新的读卡器将于十一月下旬安装。",
     "市交通委员会获悉，W3读卡器合同于八月签订，新的读卡器将于十一月安装。", (CONTRACT, CONTRACT), "month", "十一月下旬"),
    ("新しい読み取り機は11月末に設置される予定です。", "新しい読み取り機は11月中に設置される予定です。",
     (CONTRACT, CONTRACT), "month", "11月末"),
    ("新しい読み取り機は11月上旬に設置される予定です。", "新しい読み取り機は11月上旬に設置される予定です。",
     (CONTRACT, CONTRACT + ["Installation is set for 4 November 2026."]), "month", "11月上旬"),
    ("Комитет по транспорту узнал, что новые считыватели установят в начале ноября.",
     "Комитет по транспорту узнал, что новые считыватели установят в ноябре.", (CONTRACT, CONTRACT), "month",
     "начале ноября"),
    ("Новые считыватели установят в конце ноября.", "Новые считыватели установят в конце ноября.",
     (CONTRACT, CONTRACT + ["Installation is set for late November."]), "month", "конце ноября"),
    ("Once the W3 readers work, carry another way to pay on W3.",
     "Until the W3 readers work, carry another way to pay on W3.", (ADVICE, ADVICE), "antonym", "once for until"),
    ("Until the W3 readers work, the pass is useless on W3.",
     "Until the W3 readers work, carry another way to pay on W3.", (ADVICE, ADVICE), "worth", "useless"),
    ("Few riders say the W3 readers were still switched off in late September.",
     "Riders say the W3 readers were still switched off in late September.", (RIDERS, RIDERS), "quantity", "few"),
    ("Riders wrongly say the W3 readers were still switched off in late September.",
     "Riders say the W3 readers were still switched off in late September.",
     (RIDERS, RIDERS), "judgement", "wrongly say"),
    ("The city correctly said the W3 readers were off.", "The riders said the W3 readers were off.",
     (RIDERS, RIDERS), "judgement", "correctly said"),
    ("31,000 a weekday, audited, superseding 38,500 over the summer in the trade press.",
     "31,000 a weekday, audited, against 38,500 over the summer in the trade press.",
     (AUDITED + SUMMER, AUDITED + SUMMER), "judgement", "superseding"),
])
def test_a_word_no_claim_says_is_refused_and_its_honest_neighbour_passes(dishonest, honest, backing, kind, word):
    assert stance.added_words(dishonest, backing[0], stance.hedged(backing[0][0])) == (kind, word)
    assert stance.added_words(honest, backing[1], stance.hedged(backing[1][0])) is None


@pytest.mark.parametrize("sentence,backing", [
    ("The fare, for now, is 3.40 marks.", ["The single fare is 3.40 marks for now."]),
    ("A single adult fare is 3.40 marks, unchanged for years.", ["A single adult fare is 3.40 marks, unchanged since 2024."]),
    ("The release was due to ship in May but slipped.", ["The release was due to ship in May but slipped to June."]),
    ("Route W3 must be fitted by 1 December 2026.", ["Route W3 must be fitted by 1 December 2026."]),
    ("The memory target was meant to run the collector less often.",
     ["The runtime would use this hint to run the collector less often."]),
    ("The release was scheduled for May.", ["The release would ship in May."]),
    ("Installation of the W3 readers was scheduled for November 2026.", CONTRACT),
    ("A few riders say the readers were off.", ["A few riders said the readers were off."]),
    ("Few riders use W3 at night.", ["Few riders use route W3 at night."]),
    ("Because of the new readers, W3 waits until December.", W3),
    ("The pass is not accepted on W3 until 1 December 2026.", W3),
    ("The bridge stays closed until June.", ["The bridge will be closed until June."]),
    ("The tool writes a temporary file to the cache.", ["The tool writes a temporary file to its cache."]),
    ("City officers say the bigger number is a summer peak.",
     ["City officers said the higher ridership figures quoted in the press were summer peaks."]),
])
def test_words_the_claims_say_themselves_pass(sentence, backing):
    assert stance.added_words(sentence, backing, stance.hedged(backing[0])) is None


@pytest.mark.parametrize("label,over,done", [
    ("Readers installed in November", CONTRACT[0], "scheduled for"),
    ("Readers to be installed in November", CONTRACT[0], None),
    ("Installation set for November", CONTRACT[0], None),
    ("Contract signed in August", CONTRACT[0], None),
])
def test_a_heading_telling_the_planned_noun_as_done_is_refused(label, over, done):
    assert stance.label_noun_done(over, label) == done
    got = stance.label_says(label, [over], [over])
    # the plan rule of the month told as done may name the claim's word first ("scheduled")
    assert (got is not None and got[0] == "plan" and done.startswith(got[1])) if done else \
        (got is None or got[0] != "plan")
