"""A list's lead-in, a count of the claims cited and a row label that dates by the document, as
an honest writer words them, pass `sb check-draft` and `sb verify` alike; the dishonest sentence
next to each is still refused.

- a lead-in line that names the claims' speaker saying or listing it ("..., according to the
  proposal:", "The proposal describes ...:") carries that speaker to each item of the list under
  it; one that names no speaker, or another one, carries nothing, and neither does it reach a
  paragraph after the list;
- a count in words ("two workarounds") is backed by as many claims cited right after it, one
  for each; another count ("three") is not, nor is a claim that names a set one by one;
- a row label may date by the document its row's claims quote ("For nearly 4 years before the
  proposal"): the word names that source, not another row, and the label's "4" counts years.
"""

from __future__ import annotations

import pytest
from conftest import EPOCH, built_once, copy_ws
from ledger_helpers import assert_draft_ships, check_draft, claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id
from sourcebook.engines.text import stance

GO = ("# Proposal: Soft memory limit\n\n"
      "Author: Michael Knyszek\n\n"
      "Date: 15 September 2021\n\n"
      "## Background\n\n"
      "The first example of such tuning is the heap ballast. Unfortunately, this solution is not portable "
      "across platforms, and is not guaranteed to continue to work as the Go runtime changes.\n\n"
      "The second example of such tuning is calling `runtime/debug.FreeOSMemory` at some regular interval. "
      "Calling it too frequently can lead a process to entirely freeze up.\n\n"
      "For nearly 4 years, the Go project has been trialing an experimental API in the `runtime/debug` "
      "package called `SetMaxHeap`.\n\n"
      "Builds B1 and B2 still keep the heap ballast.\n")

CLAIMS = {
    "ballast": ("The proposal says the heap ballast is not portable across platforms and is not guaranteed to "
                "continue to work as the Go runtime changes.",
                ("The first example of such tuning is the heap ballast. Unfortunately, this solution is not portable "
                 "across platforms, and is not guaranteed to continue to work as the Go runtime changes.",)),
    "freeze": ("The proposal says calling runtime/debug.FreeOSMemory too frequently can lead a process to entirely "
               "freeze up.", ("The second example of such tuning is calling `runtime/debug.FreeOSMemory` at some "
                              "regular interval. Calling it too frequently can lead a process to entirely freeze "
                              "up.",)),
    "trial": ("For nearly 4 years, the Go project has been trialing an experimental API called SetMaxHeap.",
              ("For nearly 4 years, the Go project has been trialing an experimental API in the `runtime/debug` "
               "package called `SetMaxHeap`.",)),
    "dated": ("The soft memory limit proposal is dated 15 September 2021.", ("Date: 15 September 2021",)),
    "builds": ("The proposal says builds B1 and B2 keep the heap ballast.",
               ("Builds B1 and B2 still keep the heap ballast.",)),
}
ID = {k: claim_id(v[0]) for k, v in CLAIMS.items()}

BALLAST = ("The heap ballast is not portable across platforms and is not guaranteed to continue to work as the Go "
           "runtime changes")
FREEZE = "Calling `runtime/debug.FreeOSMemory` too frequently can lead a process to entirely freeze up"

HONEST = f"""# The Go soft memory limit proposal

## Why was it proposed?

The workarounds users built carry their own problems, according to the proposal [@{{ballast}}; @{{freeze}}]:

- {BALLAST} [@{{ballast}}].
- {FREEZE} [@{{freeze}}].

## The workarounds

The proposal describes problems with two workarounds users built [@{{ballast}}; @{{freeze}}]:

- {BALLAST} [@{{ballast}}].
- {FREEZE} [@{{freeze}}].

The proposal says builds B1 and B2 keep the heap ballast [@{{builds}}].

## Timeline

| When | What |
|---|---|
| For nearly 4 years before the proposal | The Go project trialed an experimental API called `SetMaxHeap` [@{{trial}}] |
| 15 September 2021 | The proposal is dated [@{{dated}}] |
"""


def _build(root) -> None:
    sid = make_source(root, GO, name="go-48409", tier="A", title="Proposal: Soft memory limit", publisher="Go")
    write_claims(root, [claim(text, f"t.{k}", confidence="verified", evidence=[ev(sid, GO, q) for q in quotes])
                        for k, (text, quotes) in CLAIMS.items()])


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return built_once(tmp_path_factory, "list-lead", _build)[0]


@pytest.fixture
def ws(template, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return copy_ws(template, tmp_path)


def _draft(ws, text: str):
    return check_draft(ws, text, ID, "--as", "brief")


def test_the_honest_page_passes_check_draft_and_verify_alike(ws):
    assert_draft_ships(ws, HONEST, ID, "brief")


# (honest words, the dishonest words in their place, the code, the words of the finding)
NEIGHBOURS = [
    # a lead-in that names no speaker, or another one, carries none to the items
    (", according to the proposal [@", " [@", "E-PAGE-HEDGE-DROPPED", '"The heap ballast is not portable'),
    (", according to the proposal [@", ", according to some users [@", "E-PAGE-HEDGE-DROPPED",
     '"The heap ballast is not portable'),
    ("The proposal describes problems with two workarounds users built",
     "Users built two workarounds with problems", "E-PAGE-HEDGE-DROPPED", '"Calling runtime/debug.FreeOSMemory'),
    # a count that is not the number of claims cited after it
    ("problems with two workarounds", "problems with three workarounds", "E-PAGE-FIGURE-UNBACKED", "'three'"),
    # a row label with another row's word, another figure, or the figure counting something else
    ("For nearly 4 years before the proposal", "For nearly 4 years of soft limits", "E-PAGE-LABEL-SWAPPED", "'soft'"),
    ("For nearly 4 years before the proposal", "For nearly 5 years before the proposal", "E-PAGE-STRUCTURE-FIGURE",
     "'5'"),
    ("For nearly 4 years before the proposal", "For nearly 4 releases before the proposal", "E-PAGE-STRUCTURE-FIGURE",
     "'4'"),
]


@pytest.mark.parametrize("honest,dishonest,code,words", NEIGHBOURS, ids=[n[1][:32] for n in NEIGHBOURS])
def test_the_dishonest_neighbour_is_still_refused(ws, honest, dishonest, code, words):
    assert honest in HONEST
    r = _draft(ws, HONEST.replace(honest, dishonest, 1))
    assert r.rc != 0, r.both
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith(code)]
    assert hit and any(words in ln for ln in hit), r.both


def test_a_lead_in_reaches_its_list_and_no_further(ws):
    after = HONEST.replace("\n## The workarounds", f"\n{BALLAST} [@{{ballast}}].\n\n## The workarounds", 1)
    r = _draft(ws, after)
    assert r.rc != 0, r.both
    # the paragraph after the list is refused, the items it repeats are not
    hit = [ln for ln in r.both.splitlines() if ln.strip().startswith("E-PAGE-")]
    assert len(hit) == 1 and "E-PAGE-HEDGE-DROPPED" in hit[0] and "The heap ballast" in hit[0], r.both


def test_a_count_of_claims_that_name_a_set_one_by_one_is_refused(ws):
    # the claim that names builds B1 and B2 is two of what the count counts: with another claim
    # cited beside it, "two" is no longer one claim for each
    text = HONEST.replace("two workarounds users built [@{ballast}; @{freeze}]",
                          "two workarounds users built [@{builds}; @{freeze}]", 1)
    assert text != HONEST
    r = _draft(ws, text)
    assert r.rc != 0, r.both
    assert any(ln.strip().startswith("E-PAGE-FIGURE-UNBACKED") and "'two'" in ln for ln in r.both.splitlines()), r.both
    assert stance.names_set(CLAIMS["builds"][0])
    assert not stance.names_set(CLAIMS["freeze"][0])


@pytest.mark.parametrize("lead,who,carries", [
    ("The workarounds users built carry their own problems, according to the proposal:", "The proposal", True),
    ("The proposal describes problems with two workarounds users built:", "The proposal", True),
    ("The proposal lists two problems:", "The proposal", True),
    ("Its author names two problems:", "The proposal", True),  # a document speaks with its author's words
    ("The workarounds users built carry their own problems:", "The proposal", False),
    ("The workarounds carry their own problems, according to some users:", "The proposal", False),
    ("The operator lists two problems:", "Riders", False),
    # a lead-in that does not end the line before the list is no lead-in
    ("According to the proposal, the workarounds carry their own problems.", "The proposal", False),
])
def test_a_lead_in_names_the_claims_speaker(lead, who, carries):
    assert stance.lead_speaker(lead, who) is carries


def test_an_item_keeps_its_speaker_only_under_a_lead_in_that_names_it():
    text = CLAIMS["ballast"][0]
    item = BALLAST + "."
    assert stance.frame_dropped(text, item, lead="The workarounds carry problems, according to the proposal:") is None
    assert stance.frame_dropped(text, item, lead="The workarounds carry problems:")
    assert stance.frame_dropped(text, item)


UNCITED_LEAD = HONEST.replace("The proposal describes problems with two workarounds users built [@{ballast}; @{freeze}]:",
                              "What the proposal says of the heap ballast and FreeOSMemory:", 1)


def test_an_uncited_lead_in_naming_who_says_the_items_is_part_of_its_list(ws):
    # the lead-in names who says what the cited items say, and states nothing of its own
    assert UNCITED_LEAD != HONEST
    assert_draft_ships(ws, UNCITED_LEAD, ID, "brief")


@pytest.mark.parametrize("lead", [
    "Every workaround users built is broken on all platforms:",  # a scope the claims do not give
    "What the proposal says of the heap ballast and FreeOSMemory, which the Go team denies:",
])
def test_an_uncited_lead_in_that_states_a_fact_of_its_own_is_refused(ws, lead):
    r = _draft(ws, UNCITED_LEAD.replace("What the proposal says of the heap ballast and FreeOSMemory:", lead, 1))
    assert r.rc != 0, r.both
    assert any(ln.strip().startswith("E-PAGE-UNCITED") and lead[:20] in ln for ln in r.both.splitlines()), r.both
