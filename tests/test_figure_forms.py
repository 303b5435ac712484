"""Figures in the less common forms a writer can give them, through the real prose gate on the
demo: scientific notation ("3.85e4", "3.85×10⁴"), a series of identifiers on one prefix
("W1/2/3"), a time of day in words ("midnight", "noon"), a feast day as a date ("Christmas Day
2026"), "a score of", and a span in words ("for a fortnight"). Each is refused with its code,
beside an honest sentence of the same shape that passes; the readers keep what is no figure
(a product "3 x 104", a mark "a score of 85", a commit "5e2f1a9", "this afternoon").

Corroboration counts a source only when its quotes name the identifiers the claim names, when
they name any (a rider "on W1" does not corroborate a claim about W3).
"""

from __future__ import annotations

import pytest
from demo_kit import EPOCH, built_demo
from test_figure_meaning import KEYS, codes, on_page

from sourcebook.engines.ledger.ledger_model import corroboration
from sourcebook.engines.text.figures import find_figures


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "forms", full=True)


@pytest.fixture(scope="module")
def ids(demo) -> dict[str, str]:
    import json
    import os

    with open(os.path.join(demo, "ledger", "claims.json"), encoding="utf-8") as fh:
        claims = [c for c in json.load(fh)["claims"] if c.get("status") == "active"]
    return {k: next(c["id"] for c in claims if words in c["text"]) for k, words in KEYS.items()}


@pytest.fixture(scope="module")
def page(demo) -> str:
    import os

    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


# (attack, what the finding names, honest sentence of the same shape)
FIGURE_CASES = [
    ("The water bus carried 3.85e4 passengers per weekday{audited}.", "3.85e4",
     "The water bus carried 3.1e4 passengers per weekday{audited}."),
    ("The water bus carried 3.85×10⁴ passengers per weekday{audited}.", "3.85×10⁴",
     "The water bus carried 3.1×10⁴ passengers per weekday{audited}."),
    ("The water bus carried 3.85 x 10^4 passengers per weekday{audited}.", "3.85 x 10^4",
     "The water bus carried 3.1 x 10^4 passengers per weekday{audited}."),
    ("Children under a score of years ride free with a paying adult{children}.", "a score",
     "Children under a dozen ride free with a paying adult{children}."),
    ("Route W3 takes the pass from Christmas Day 2026, once its readers are fitted{w3}.", "Christmas Day 2026",
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted{w3}."),
    ("Route W3 takes the pass from New Year's Day, once its readers are fitted{w3}.", "New Year's Day",
     "Route W3 takes the pass from the first of December, once its readers are fitted{w3}."),
    ("Route W3 takes the pass at midnight on 1 December 2026, once its readers are fitted{w3}.", "midnight",
     "Route W3 takes the pass on 1 December 2026, once its readers are fitted{w3}."),
    # a time of day in words: "nine o'clock", "half eight", "at nine" where a timetable is told
    ("Route W3 takes the pass from nine o'clock on 1 December 2026, once its readers are fitted{w3}.", "nine o'clock",
     "Route W3 takes the pass on 1 December 2026, once its readers are fitted{w3}."),
    ("Route W3 takes the pass from half eight on 1 December 2026, once its readers are fitted{w3}.", "half eight",
     "Route W3 takes the pass from the first of December 2026, once its readers are fitted{w3}."),
    ("Route W3 starts taking the pass at nine on 1 December 2026, once its readers are fitted{w3}.", "nine",
     "Route W3 starts taking the pass on 1 December 2026, once its readers are fitted{w3}."),
    ("On routes W1/2/3 the operator lists the pass as accepted{routes}.", "3",
     "On routes W1/2 the operator lists the pass as accepted{routes}."),
    ("On routes W1/W3 the operator lists the pass as accepted{routes}.", "W3",
     "On routes W1/W2 the operator lists the pass as accepted{routes}."),
    # a number word closing a list of route names is the next name: "three" is W3
    ("On routes W1, W2 and three, the operator lists the pass as accepted{routes}.", "three",
     "On routes W1 and W2, the operator lists the pass as accepted{routes}."),
]


@pytest.mark.parametrize("attack, named, honest", FIGURE_CASES, ids=[c[1] for c in FIGURE_CASES])
def test_a_figure_in_a_rare_form_is_read_and_refused_and_the_honest_form_passes(demo, page, tmp_path, ids,
                                                                               attack, named, honest):
    lines = on_page(demo, page, tmp_path, ids, attack)
    assert codes(lines) == ["E-PAGE-FIGURE-UNBACKED"], lines
    assert named in lines[0], lines
    assert on_page(demo, page, tmp_path, ids, honest) == []


def test_a_span_in_words_beside_a_claim_dated_once_is_refused(demo, page, tmp_path, ids):
    lines = on_page(demo, page, tmp_path, ids,
                    "Riders say the W3 readers had been switched off for a fortnight in late September{off}.")
    assert codes(lines) == ["E-PAGE-WORD-UNBACKED"] and "for a fortnight" in lines[0], lines
    assert on_page(demo, page, tmp_path, ids,
                   "Riders say the W3 readers were still switched off in late September{off}.") == []


@pytest.mark.parametrize("text, read", [
    ("an audited 3.85e4", [("number", "38500")]),
    ("an audited 3.85E+04 riders", [("number", "38500")]),
    ("1.5e-3 seconds", [("number", "0.0015")]),
    ("3.85×10⁴", [("number", "38500")]),
    ("3 x 104 boats", [("number", "3"), ("number", "104")]),  # a product, not a power of ten
    ("commit 5e2f1a9", []),
    ("at 12 noon", [("time", "12:00")]),
    # a time of day in words: "~" where the words do not say which half of the day
    ("the first boats leave at nine.", [("time", "~09:00")]),
    ("at nine o'clock", [("time", "~09:00")]),
    ("leave at half eight.", [("time", "~08:30")]),
    ("at quarter past seven", [("time", "~07:15")]),
    ("ten to nine in the evening", [("time", "20:50")]),
    ("boats run until ten at night", [("time", "22:00")]),
    ("from five to nine boats", [("number", "5"), ("number", "9")]),  # a count, not a time
    ("The count stood at nine.", [("number", "9")]),  # no timetable told
    ("half eight-year-olds", [("number", "8")]),
    ("route W\u0417", [("ident", "W3")]),  # a Cyrillic Ze beside a Latin letter draws a 3
    ("Зима, 3 зимы", [("number", "3")]),  # a Russian word stays itself
    ("this afternoon", []),
    ("before Christmas", []),  # no day named
    ("on Boxing Day 2026", [("date", "2026-12-26")]),
    ("a score of 85", [("number", "85")]),  # a mark, not twenty
    ("four score and seven", [("number", "87")]),
    ("routes W1/W2", [("ident", "W1"), ("ident", "W2")]),
    ("On routes W1, W2 and three, yes", [("ident", "W1"), ("ident", "W2"), ("ident", "W3")]),
    ("routes W1, W2 or 3.", [("ident", "W1"), ("ident", "W2"), ("ident", "W3")]),
    ("W1, W2 and three other routes", [("ident", "W1"), ("ident", "W2"), ("number", "3")]),  # a count of routes
    ("https://example.org/W1/2", []),
    ("24/7 service", [("number", "24"), ("number", "7")]),
])
def test_what_the_reader_makes_of_a_rare_form(text, read):
    assert [(f.kind, f.key) for f in find_figures(text)] == read


@pytest.mark.parametrize("text, backed", [
    ("The first boats leave at eight.", True),
    ("The first boats leave at eight o'clock.", True),
    ("The first boats leave at 08:00.", True),
    ("The first boats leave at nine.", False),
    ("The first boats leave at nine o'clock.", False),
    ("The first boats leave at half eight.", False),
    ("The first boats leave at quarter past seven.", False),
    ("The first boats leave at eight in the evening.", False),
])
def test_a_time_of_day_in_words_is_backed_by_the_same_time(text, backed):
    """"at eight" is 08:00 or 20:00, either backed by the claim's 08:00; "at nine", "half eight"
    (08:30) and "eight in the evening" (20:00) are other times."""
    from sourcebook.engines.text.figures import unbacked

    claim = "Weekend service on all water bus routes starts at 08:00."
    assert (unbacked(text, [claim]) == []) is backed


def test_an_hour_read_off_its_sentence_is_the_claims_number_too():
    """"at twelve" is read as a time only because its sentence tells a timetable ("start"): the
    claim's twelve backs it ("children start paying at twelve" of "under twelve ride free"); an
    hour in words that says it is one ("twelve o'clock") is a time alone."""
    from sourcebook.engines.text.figures import unbacked

    claim = "Children under twelve ride free when travelling with a paying adult."
    assert unbacked("Children start paying at twelve.", [claim]) == []
    assert unbacked("Children start paying at ten.", [claim])
    assert unbacked("Children start paying from twelve o'clock.", [claim])


SOURCES = {"op": {"publisher": "Operator"}, "forum": {"publisher": "Forum"}, "zh": {"publisher": "Notice"}}


def _claim(text: str, *quotes: tuple[str, str]) -> dict:
    return {"text": text, "evidence": [{"source_id": s, "quote": q} for s, q in quotes]}


def test_a_quote_naming_another_route_is_no_corroboration():
    claim = _claim("The pass is accepted on routes W1 and W2.", ("op", "The pass is accepted on routes W1 and W2."),
                   ("forum", "It worked for me on W1 every day this week."))
    assert corroboration(claim, SOURCES) == 1
    claim = _claim("Riders on route W3 said its readers were off.", ("op", "Riders on route W3 said the readers were off."),
                   ("forum", "It worked for me on W1 every day this week."))
    assert corroboration(claim, SOURCES) == 1
    # a quote naming the same route, or one naming none (its context names it), corroborates
    claim = _claim("Riders on route W3 said its readers were off.", ("op", "Riders on route W3 said the readers were off."),
                   ("forum", "On W3 the reader just showed a red light."), ("zh", "新的读卡器将于十一月安装"))
    assert corroboration(claim, SOURCES) == 3


ROUTES = "The Tidewater Pass is accepted on routes W1 and W2."
WEEKEND = "Weekend service on all routes starts at 08:00."


@pytest.mark.parametrize("sentence, backing, found", [
    # "all routes" of the weekend claim does not widen the W1/W2 claim cited in the same clause
    ("On all routes the pass is accepted and weekend service starts at 08:00", [ROUTES, WEEKEND],
     ("scope", "all routes")),
    # the sentence names the set: the scope speaks of the weekend service alone
    ("On routes W1 and W2 the pass is accepted and weekend service on all routes starts at 08:00",
     [ROUTES, WEEKEND], None),
    ("Weekend service on all routes starts at 08:00", [WEEKEND], None),
])
def test_a_scope_over_a_set_another_claim_names_is_that_set_widened(sentence, backing, found):
    from sourcebook.engines.text.stance import added_words

    assert added_words(sentence, backing, cited=len(backing)) == found
