"""A figure is backed with the words beside it, by one claim that states both: what it counts
("twelve boats" is no age), its qualifiers ("audited", "over the summer", "all year",
"children"), and the event a date is bound to ("signed in August"). Through the real page gate
on the demo and through the podcast's line check, each attack beside an honest rewording of the
same shape that passes (digits for words, "a weekday" for "per weekday", another word order, a
sentence citing two claims where each figure keeps its own words, Japanese, Chinese, Russian).
"""

from __future__ import annotations

import json
import os

import pytest
from demo_kit import EPOCH, built_demo
from test_figure_meaning import KEYS, codes, on_page

from sourcebook.engines.render.podcast import figure_findings
from sourcebook.engines.text.figure_frame import frames, misframed


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "frame", full=True)


@pytest.fixture(scope="module")
def claims(demo) -> dict[str, dict]:
    with open(os.path.join(demo, "ledger", "claims.json"), encoding="utf-8") as fh:
        return {c["id"]: c for c in json.load(fh)["claims"]}


@pytest.fixture(scope="module")
def ids(claims) -> dict[str, str]:
    active = [c for c in claims.values() if c.get("status") == "active"]
    return {k: next(c["id"] for c in active if words in c["text"]) for k, words in KEYS.items()}


@pytest.fixture(scope="module")
def page(demo) -> str:
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


# (attack, what the finding names, an honest sentence of the same shape citing the same claims)
CASES = [
    # what a number counts: the children's "under twelve" is an age, the boats' claim says four
    ("Route W3 is due to follow on 1 December 2026, once new readers are fitted to its twelve boats{w3}{children}.",
     "twelve boats",
     "Route W3 is due to follow on 1 December 2026, once new readers are fitted to its boats{w3}{children}."),
    ("The water bus carried 31,000 boats per weekday{audited}.", "31,000 boats",
     "The water bus carried 31,000 riders a weekday{audited}."),
    # households are not riders: the claim counts passengers
    ("The operator and the city give an audited 31,000 households per weekday for the year to September{audited}.",
     "31,000 households",
     "The operator and the city give an audited 31,000 travellers per weekday for the year to September{audited}."),
    # which of a thing it counts: words inside the figure's unit phrase
    ("The operator and the city give an audited 31,000 bus and tram passengers per weekday{audited}.", "tram",
     "The operator and the city give an audited 31,000 water bus passengers per weekday{audited}."),
    # a part told as the whole count: the claim counts passengers, not the pass's holders
    ("The operator and the city give an audited 31,000 pass holders per weekday{audited}.", "pass",
     "The operator and the city give an audited 31,000 riders per weekday{audited}."),
    # who a figure is told of: the adult fare bound to children
    ("Children under twelve with a paying adult pay 3.40 marks on board{fare}{children}.", "Children",
     "Adults pay 3.40 marks on board, and children under twelve ride free with a paying adult{fare}{children}."),
    ("Pensioners pay 3.40 marks on board{fare}.", "Pensioners", "Adults pay 3.40 marks on board{fare}."),
    # qualifiers swapped between the two sides of a contest, one citation for both
    ("The operator and the city give an audited 38,500 passengers per weekday for the year to September and the "
     "trade press reports 31,000 over the summer{audited}{summer}.", "audited",
     "The operator and the city give an audited 31,000 passengers per weekday for the year to September and the "
     "trade press reports 38,500 over the summer{audited}{summer}."),
    ("Weekday ridership averaged 38,500 passengers over the year against 31,000 over the summer{audited}{summer}.",
     "over the year",
     "Weekday ridership averaged 31,000 passengers over the year against 38,500 over the summer{audited}{summer}."),
    # two figures merged into one range told as all year
    ("Ridership was between 31,000 and 38,500 passengers per weekday all year{audited}{summer}.", "all year",
     "Ridership was 31,000 passengers per weekday over the year, and 38,500 over the summer{audited}{summer}."),
    ("Ridership was between 31,000 and 38,500 passengers per weekday, audited{audited}{summer}.", "audited",
     "Ridership was 31,000 passengers per weekday, audited{audited}."),
    # a period the claim does not give: a decade or a quarter of the claim's twelve months
    ("The operator and the city give an audited 31,000 passengers per weekday for the decade to September{audited}.",
     "decade",
     "The operator and the city give an audited 31,000 passengers per weekday for the year to September{audited}."),
    ("The operator and the city give an audited 31,000 passengers per weekday for the quarter to September"
     "{audited}.", "quarter",
     "The operator and the city give an audited 31,000 passengers per weekday in the year to September{audited}."),
    # an approximation of a figure the claim gives audited: the audit dropped, the figure an estimate
    ("How many ride is disputed: a rough 31,000 a weekday{audited}.", "rough",
     "How many ride is disputed: 31,000 a weekday, audited{audited}."),
    ("The water bus carried approximately 31,000 passengers per weekday{audited}.", "approximately",
     "The water bus carried 31,000 passengers per weekday{audited}."),
    # an assurance the claim does not give
    ("The trade press reports an audited 38,500 passengers over the summer{summer}.", "audited",
     "The trade press reports 38,500 passengers over the summer{summer}."),
    # dates bound to the other event
    ("The W3 reader contract was signed in November, with installation set for August{contract}.", "November",
     "In August the W3 reader contract was signed, with installation set for November{contract}."),
    ("In November the W3 reader contract was signed{contract}.", "November",
     "In August the W3 reader contract was signed{contract}."),
    ("Installation of the W3 readers was scheduled for August 2026{contract}.", "August",
     "Installation of the W3 readers was scheduled for November 2026{contract}."),
    # Japanese, Chinese, Russian
    ("夏の平日の利用者は平均3万1000人でした{audited}。", "夏", "夏の平日の利用者は平均3万8500人でした{summer}。"),
    ("十二隻の船に新しい読み取り機が付きます{w3}{children}。", "十二", "十二歳未満の子供は、有料の大人と一緒なら無料です{children}。"),
    ("儿童单程票价为3.40马克{fare}。", "儿童", "成人单程票价为3.40马克{fare}。"),
    ("Летом в будни ездили 31 000 пассажиров{audited}.", "Летом", "Летом в будни ездили 38 500 пассажиров{summer}."),
]


@pytest.mark.parametrize("attack, named, honest", CASES, ids=[c[1] + "-" + c[0][:20] for c in CASES])
def test_a_figure_told_of_what_its_claim_does_not_tell_it_of_is_refused(demo, page, tmp_path, ids, attack, named,
                                                                          honest):
    lines = on_page(demo, page, tmp_path, ids, attack)
    assert "E-PAGE-FIGURE-UNBACKED" in codes(lines), lines
    assert any(named in ln for ln in lines if ln.startswith("E-PAGE-FIGURE-UNBACKED")), lines
    assert on_page(demo, page, tmp_path, ids, honest) == []


HONEST = [
    "Children under 12 ride free with a paying adult{children}.",  # the claim says "twelve"
    "Kids under 12 ride free with a paying adult{children}.",
    "12-year-olds and younger children ride free with a paying adult{children}.",
    "The water bus carried 31,000 passengers a weekday in the year to September{audited}.",  # "per weekday"
    "The operator and the city give an audited 31,000{audited}.",  # "audited" is in the claim's quote
    "Weekday ridership averaged roughly 38,500 passengers over the summer{summer}.",  # a bare figure, no audit
    "The water bus carried about 31,000 passengers per weekday{audited}.",  # "about" only rounds
    "An adult pays 3.40 marks on board{fare}, and a child under twelve rides free with a paying adult{children}.",
    "Weekday ridership averaged 31,000 passengers over the year{audited} against 38,500 over the summer{summer}.",
    "Weekday ridership averaged 31,000 passengers in the year to September and 38,500 over the summer"
    "{audited}{summer}.",
    "The W3 reader contract was signed in August, with installation scheduled for November 2026{contract}.",
    "Installation is set for November, after the W3 reader contract was signed in August{contract}.",
    "十二歳未満の子供は、有料の大人と一緒なら無料です{children}。",
    "十二岁以下的儿童随付费成人免费乘坐{children}。",
    "Дети до 12 лет ездят бесплатно с платящим взрослым{children}.",
    "平日の利用者は平均3万1000人{audited}、夏は平均3万8500人でした{summer}。",
]


@pytest.mark.parametrize("text", HONEST)
def test_each_figure_with_its_own_words_passes(demo, page, tmp_path, ids, text):
    assert on_page(demo, page, tmp_path, ids, text) == []


# --------------------------------------------------------------------------- the podcast


def _line(text: str, cited: list[str]) -> dict:
    return {"lines": [{"n": 1, "speaker": "Ben", "kind": "factual", "claims": cited, "text": text}]}


POD = [
    ("That depends on whom you ask: an audited thirty-eight and a half thousand a weekday over the year, or "
     "thirty-one thousand over the summer.", "audited",
     "That depends on whom you ask: an audited thirty-one thousand a weekday over the year, or thirty-eight and a "
     "half thousand over the summer."),
    ("Children under twelve with a paying adult pay 3.40 marks on board.", "Children",
     "Adults pay 3.40 marks on board, and children under twelve ride free when travelling with a paying adult."),
    # the audited count told of households, not of passengers
    ("That depends on whom you ask: an audited thirty-one thousand households a weekday over the year, or "
     "thirty-eight and a half thousand over the summer.", "households",
     "That depends on whom you ask: an audited thirty-one thousand riders a weekday over the year, or "
     "thirty-eight and a half thousand over the summer."),
]


@pytest.mark.parametrize("attack, named, honest", POD, ids=[c[1] for c in POD])
def test_a_podcast_line_keeps_each_figure_with_its_own_words(claims, ids, attack, named, honest):
    cited = [ids["audited"], ids["summer"]] if "thousand" in attack else [ids["fare"], ids["children"]]
    found = figure_findings(_line(attack, cited), claims)
    assert [f.code for f in found] == ["E-POD-FIGURE"] and named in found[0].message, found
    assert figure_findings(_line(honest, cited), claims) == []


# --------------------------------------------------------------------------- the frame itself


def test_a_qualifier_belongs_to_the_figure_it_stands_beside():
    got = {fr.figure.written: sorted(fr.qualifiers) for fr in frames(
        "Ridership averaged an audited 31,000 per weekday over the year against 38,500 over the summer.")}
    assert got == {"31,000": ["audited", "weekday", "year"], "38,500": ["summer"]}
    # the two ends of a range share what follows them; the people a clause is about are every figure's
    got = {fr.figure.written: sorted(fr.qualifiers) for fr in frames("between 31,000 and 38,500 all year")}
    assert got == {"31,000": ["year"], "38,500": ["year"]}
    got = {fr.figure.written: sorted(fr.qualifiers) for fr in frames("Children under twelve pay 3.40 marks.")}
    assert got == {"twelve": ["child"], "3.40 marks": ["child"]}


def test_a_claim_that_binds_nothing_to_a_date_backs_any_event():
    claims = [("c1", ["Python 3.12 was released in October 2023 and 3.13 in October 2024."])]
    assert misframed("Python 3.13 was released in October 2024.", lambda _end: claims) == []
    claims = [("c2", ["The contract was signed in August 2026, with installation scheduled for November 2026."])]
    assert misframed("The contract was signed in November 2026.", lambda _end: claims)[0][0] == "signed … November 2026"
    assert misframed("The contract was signed in August 2026.", lambda _end: claims) == []


def test_a_count_is_judged_only_against_what_the_claim_counts():
    claims = [("c1", ["The operator runs twelve."])]  # a bare figure counts nothing named
    assert misframed("The operator runs twelve boats.", lambda _end: claims) == []
    claims = [("c2", ["The operator runs twelve ferries."])]
    assert misframed("The operator runs twelve boats.", lambda _end: claims) == []  # one class: vessels
    claims = [("c3", ["Children aged 12 ride free."])]
    assert misframed("Twelve boats ride free.", lambda _end: claims)[0][0] == "Twelve boats"


# --------------------------------------------------------------------------- the report


REPORT = [
    ("The operator and the city give an audited 38,500 passengers per weekday for the year to September and the "
     "trade press reports 31,000 over the summer[@{audited}][@{summer}].", "audited",
     "The operator and the city give an audited 31,000 passengers per weekday for the year to September and the "
     "trade press reports 38,500 over the summer[@{audited}][@{summer}]."),
    ("The W3 reader contract was signed in November, with installation set for August[@{contract}].", "November",
     "The W3 reader contract was signed in August, with installation set for November[@{contract}]."),
]


@pytest.mark.parametrize("attack, named, honest", REPORT, ids=[c[1] for c in REPORT])
def test_the_report_keeps_each_figure_with_its_own_words(demo, ids, attack, named, honest):
    from test_figure_meaning import report_lines

    lines = report_lines(demo, attack.format(**ids))
    assert codes(lines) == ["E-DRAFT-FIGURE"] and named in lines[0], lines
    assert report_lines(demo, honest.format(**ids)) == []
