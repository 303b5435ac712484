"""The mutation suite: the demo's pages, draft, report, podcast and claims, attacked one way at a
time, the way someone trying to ship an unsupported sentence would. Every attack must be refused
with its own code; rewording a cited sentence without changing a fact must still pass.

The demo is built once (in-process, at its own clock) and copied for each attack, so one attack
never leaks into the next.
"""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import sb
from demo_kit import EPOCH, built_demo

INVENTED = "Python 3.15 will make the future import a no-op in October 2026."


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "mutations", full=True)


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)  # the build line's date is the demo's day


@pytest.fixture
def ws(built, tmp_path):
    dest = str(tmp_path / "ws")
    shutil.copytree(built, dest, ignore=shutil.ignore_patterns(".sb-cache", ".sb.lock"))
    return dest


def _read(ws: str, rel: str) -> str:
    with open(os.path.join(ws, rel), encoding="utf-8") as fh:
        return fh.read()


def _write(ws: str, rel: str, text: str) -> None:
    with open(os.path.join(ws, rel), "w", encoding="utf-8") as fh:
        fh.write(text)


def _edit(ws: str, rel: str, old: str, new: str) -> None:
    text = _read(ws, rel)
    assert old in text, f"{old!r} is not in {rel}: the demo changed, update the attack"
    _write(ws, rel, text.replace(old, new, 1))


def _verify(ws: str) -> tuple[int, set[str], dict]:
    r = sb("verify", "--podcast", "--json", "--no-cache", cwd=ws)
    doc = json.loads(r.out)
    codes = {d["code"] for g in doc["gates"] for d in g["details"]}
    return r.rc, codes, doc


def _ids(ws: str) -> dict[str, dict]:
    r = sb("ledger", "--json", cwd=ws)
    assert r.rc == 0, r.both
    return {e["text"]: e for e in json.loads(r.out)["ledger"]}


def _claim_id(ws: str, words: str) -> str:
    hits = [e["id"] for text, e in _ids(ws).items() if words in text]
    assert len(hits) == 1, (words, hits)
    return hits[0]


def _source(ws: str, name: str) -> str:
    for sid in sorted(os.listdir(os.path.join(ws, "sources"))):
        if not sid.startswith("src_"):
            continue
        with open(os.path.join(ws, "sources", sid, "source.json"), encoding="utf-8") as fh:
            if json.load(fh)["canonical_locator"].endswith(name):
                return sid
    raise AssertionError(name)


def _body(ws: str, html: str, page: str = "build/answer.html") -> None:
    _edit(ws, page, "<!-- /SB:BODY -->", html + "\n<!-- /SB:BODY -->")


# --------------------------------------------------------------------------- the demo as shipped

def test_the_demo_passes_every_gate(ws):
    rc, codes, doc = _verify(ws)
    assert rc == 0 and not codes, doc
    prose = next(g for g in doc["gates"] if g["gate"] == "prose")
    assert prose["coverage"], prose  # coverage per page is in --json


def test_rewording_a_cited_sentence_without_changing_a_fact_passes(ws):
    _edit(ws, "build/answer.html", "A single adult fare bought on board is 3.40 marks",
          "Bought on board, one adult fare costs 3.40 marks")
    _edit(ws, "build/answer.html", "Riders say the W3 readers were still switched off in late September",
          "According to riders, the W3 readers were still off in late September")
    rc, codes, doc = _verify(ws)
    assert rc == 0 and not codes, doc


def test_a_list_inside_a_cited_sentence_is_not_a_clause_of_its_own(ws):
    _edit(ws, "build/answer.html", "City officers said the press figures were summer peaks",
          "City officers said the press figures were summer, seasonal, and passing peaks")
    rc, codes, doc = _verify(ws)
    assert rc == 0 and not codes, doc


# --------------------------------------------------------------------------- attacks on a page
# (what, how, the code that must refuse it)

PAGE_ATTACKS = [
    ("an appended paragraph", lambda ws, ids: _body(ws, f"<p>{INVENTED}</p>"), "E-PAGE-UNCITED"),
    ("an uncited clause inside a cited sentence",
     lambda ws, ids: _edit(ws, "build/answer.html", 'summer peaks<sup class="ref">',
                      'summer peaks, and the operator will scrap fares for every rider next year<sup class="ref">'),
     "E-PAGE-CLAUSE-UNCITED"),
    ("3.40 marks changed to 2.40 next to a checked mark",
     lambda ws, ids: _edit(ws, "build/answer.html", "is 3.40 marks<sup", "is 2.40 marks<sup"), "E-PAGE-FIGURE-UNBACKED"),
    ("an invented standfirst",
     lambda ws, ids: _edit(ws, "build/answer.html", '<p class="dek"', '<p class="dek-x"') or
     _body(ws, '<p class="dek">Fares fall to one mark for every rider next spring.</p>'), "E-PAGE-UNCITED"),
    ("a figure in the title",
     lambda ws, ids: _edit(ws, "build/answer.html", "<!-- SB:HEADING -->Can a Tidewater Pass",
                      "<!-- SB:HEADING -->In 2031, can a Tidewater Pass"), "E-PAGE-STRUCTURE-FIGURE"),
    ("a figure in a heading",
     lambda ws, ids: _edit(ws, "build/answer.html", ">What a ride costs</h2>", ">What a ride costs in 2031</h2>"),
     "E-PAGE-STRUCTURE-FIGURE"),
    ("a table cell", lambda ws, ids: _body(ws, "<table><tr><td>Night fares rise to five marks for every rider "
                                          "from January.</td></tr></table>"), "E-PAGE-UNCITED"),
    ("a details block", lambda ws, ids: _body(ws, "<details><summary>More</summary><p>The operator will add a fifth "
                                             "route to the network next spring.</p></details>"), "E-PAGE-UNCITED"),
    ("a footnote", lambda ws, ids: _body(ws, '<aside class="footnote"><p>The single fare used to be much cheaper '
                                        'before the bridge closed.</p></aside>'), "E-PAGE-UNCITED"),
    ("alt text", lambda ws, ids: _body(ws, '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" '
                                  'alt="A boat carrying nine hundred riders across the bay at dawn">'),
     "E-PAGE-UNCITED"),
    ("a title attribute", lambda ws, ids: _body(ws, '<p><abbr title="Fares will double next year for every '
                                               'rider on every route">W3</abbr></p>'), "E-PAGE-UNCITED"),
    ("an aria-label", lambda ws, ids: _body(ws, '<section aria-label="The bridge reopens next spring for all '
                                           'traffic and the boats stop"></section>'), "E-PAGE-UNCITED"),
    ("an HTML comment", lambda ws, ids: _body(ws, "<!-- the press figures are the real ones -->"), "E-PAGE-COMMENT"),
    ("a CSS content string",
     lambda ws, ids: _body(ws, '<style>.dek::after { content: " Fares double in 2027."; }</style>'),
     "E-PAGE-CSS-CONTENT"),
    ("a citation link after an invented sentence outside any claim block",
     lambda ws, ids: _body(ws, f'<p>Fares will double next year.<sup class="ref"><a href="#c-{ids["fare"]}">5</a></sup></p>'),
     "E-PAGE-REF-STRAY"),
    ("a checked mark outside a claim block",
     lambda ws, ids: _body(ws, '<p>Fares will double next year <span class="mark m-checked">checked</span>.</p>'),
     "E-PAGE-MARK-STRAY"),
    ("hidden on one side of a contest",
     lambda ws, ids: _edit(ws, "build/answer.html", f'<li class="ledger-entry" id="c-{ids["summer"]}"',
                      f'<li class="ledger-entry" hidden id="c-{ids["summer"]}"'),
     "E-PAGE-HIDDEN"),
    ("an invented sentence in Japanese", lambda ws, ids: _body(ws, "<p>運賃は2027年に5マルクに上がります。</p>"),
     "E-PAGE-UNCITED"),
    ("an invented sentence in Chinese", lambda ws, ids: _body(ws, "<p>票价将于2027年涨到5马克。</p>"), "E-PAGE-UNCITED"),
    ("a changed date in a cited Japanese sentence",
     lambda ws, ids: _edit(ws, "build/answer.html",
                      "Route W3 is due to follow on 1 December 2026, once new readers are fitted to its boats",
                      "W3航路は2027年12月1日から対応する予定です"), "E-PAGE-FIGURE-UNBACKED"),
    ("the muted look of history on a standing claim",
     lambda ws, ids: _edit(ws, "build/answer.html", f'<p data-claim="{ids["fare"]}', f'<p class="history" data-claim="{ids["fare"]}'),
     "E-HISTORY-CURRENT"),
    ("a list numbered from 38 under a label", lambda ws, ids: _body(ws, '<p>Riders (thousands):</p><ol start="38"><li>'
                                                                   'audited</li></ol>'), "E-PAGE-MARKUP"),
    ("a sentence of the author's in the footer",
     lambda ws, ids: _edit(ws, "build/answer.html", "<!-- /SB:REVIEWED -->",
                      "<!-- /SB:REVIEWED --> Every sentence was checked by the editors."), "E-PAGE-UNCITED"),
    ("a changed date in a cited Chinese sentence",
     lambda ws, ids: _edit(ws, "build/answer.html",
                      "Route W3 is due to follow on 1 December 2026, once new readers are fitted to its boats",
                      "W3航线将于2026年11月1日开始使用"), "E-PAGE-FIGURE-UNBACKED"),
]


@pytest.mark.parametrize("what,attack,code", PAGE_ATTACKS, ids=[a[0] for a in PAGE_ATTACKS])
def test_an_attack_on_a_page_is_refused(ws, what, attack, code):
    attack(ws, {"fare": _claim_id(ws, "3.40 marks"), "summer": _claim_id(ws, "over the summer")})
    rc, codes, doc = _verify(ws)
    assert rc == 2 and code in codes, (what, sorted(codes))


# --------------------------------------------------------------------------- derived files

@pytest.mark.parametrize("rel,old,new", [
    ("build/answer.html", '<q class="ledger-quote">Single fares bought on board cost 3.40 marks',
     '<q class="ledger-quote">Single fares bought on board cost 2.40 marks'),
    ("build/report.md", "3.40 marks", "2.40 marks"),
    ("build/podcast.md", "an average of 31,000 passengers", "an average of 35,000 passengers"),
], ids=["the injected ledger", "the report", "the podcast transcript"])
def test_an_edited_derived_file_is_refused_by_verify_and_package(ws, rel, old, new):
    _edit(ws, rel, old, new)
    rc, codes, doc = _verify(ws)
    assert rc == 2 and "E-DERIVED-DRIFT" in codes, sorted(codes)
    drift = [d for g in doc["gates"] for d in g["details"] if d["code"] == "E-DERIVED-DRIFT"]
    assert any(os.path.basename(rel) in d["subject"] + d["message"] for d in drift), drift
    r = sb("package", "--out", "dist", cwd=ws)
    assert r.rc == 2 and "E-PACKAGE" in r.err and not os.path.exists(os.path.join(ws, "dist", "SHA256SUMS"))


# --------------------------------------------------------------------------- drafts and the report

def test_an_invented_sentence_in_the_draft_is_refused_by_check_draft(ws):
    report = _read(ws, "build/report.md")
    _write(ws, "drafts/report-copy.md", report.replace("\n## ", f"\n{INVENTED}\n\n## ", 1))
    r = sb("check-draft", "drafts/report-copy.md", cwd=ws)
    assert r.rc != 0 and "E-DRAFT-FIGURE" in r.err, r.both


def test_check_draft_passes_the_draft_verify_passes_and_refuses_the_same_draft_edited(ws):
    # one truth: the demo's draft holds a sentence citing a superseded claim, which the report
    # tells as history ("[3] (superseded)"); check-draft judges the report as it is written
    r = sb("check-draft", "drafts/draft.md", cwd=ws)
    assert r.rc == 0 and "build/report.md" in r.out, r.both
    assert _verify(ws)[0] == 0
    _edit(ws, "drafts/draft.md", "A single adult fare bought on board is", "A Tidewater Pass bought on board is")
    r = sb("check-draft", "drafts/draft.md", cwd=ws)
    assert r.rc == 2 and "E-PAGE-WORD-UNBACKED" in r.err and "'Tidewater Pass'" in r.err, r.both
    sb("render", "answer", "--from", "drafts/draft.md", cwd=ws)
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-PAGE-WORD-UNBACKED" in codes, sorted(codes)


@pytest.mark.parametrize("sentence, refused", [
    ("十二歳未満の子供は大人と一緒なら無料です", True),
    ("十二歳未満の子供は運賃を払う大人と一緒なら無料です", False),
], ids=["any adult", "a paying adult"])
def test_a_report_sentence_in_another_language_that_drops_paying_is_refused(ws, sentence, refused):
    """"大人と一緒なら" (with an adult) of "with a paying adult" in the report: any adult."""
    old = "children under twelve ride free with a paying adult [@clm_6d8969f2b00b]."
    _edit(ws, "drafts/draft.md", old, f"{old} {sentence} [@clm_6d8969f2b00b].")
    sb("render", "report", "--from", "drafts/draft.md", "--style", "evidence", cwd=ws)
    rc, codes, _ = _verify(ws)
    if refused:
        assert rc == 2 and "E-PAGE-HEDGE-DROPPED" in codes, sorted(codes)
    else:
        assert rc == 0, sorted(codes)


def test_an_invented_sentence_rendered_from_the_draft_is_refused_by_verify(ws):
    draft = _read(ws, "drafts/draft.md")
    _write(ws, "drafts/draft.md", draft.rstrip("\n") + f"\n\n{INVENTED}\n")
    sb("render", "answer", "--from", "drafts/draft.md", cwd=ws)  # render may itself refuse; verify must
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-PAGE-UNCITED" in codes, sorted(codes)


def test_a_japanese_draft_with_one_citation_in_three_sentences_fails(ws):
    fare = _ids(ws)[next(t for t in _ids(ws) if "3.40 marks" in t)]
    _write(ws, "drafts/ja.md", "# 運賃\n\n大人の運賃は3.40マルクです[1]。子供は無料で乗れます。W3航路は来年廃止されます。\n\n"
                               f"## 出典\n\n1. {fare['sources'][0]['title'] if fare.get('sources') else 'source'}\n")
    r = sb("check-draft", "drafts/ja.md", "--json", cwd=ws)
    doc = json.loads(r.out)
    assert r.rc != 0 and doc["stats"]["sentences"] == 3 and abs(doc["stats"]["coverage"] - 1 / 3) < 0.01, doc
    assert {u["line"] for u in doc["uncited"]} == {3}
    assert not any("Sources" in f for f in map(str, doc["findings"]) if "heading" in f), doc  # 出典 is a Sources heading


# --------------------------------------------------------------------------- claims

def _add(ws: str, payload: dict):
    return sb("claim", "add", "--json", json.dumps(payload), cwd=ws)


def test_a_claim_whose_figure_is_not_its_quotes_is_warned_then_refused(ws):
    src = _source(ws, "trade-report.md")
    text = _read(ws, f"sources/{src}/normalized.md")
    quote = next(s for s in re.split(r"(?<=\.)\s+", text) if "38,500" in s)
    r = _add(ws, {"text": quote.replace("38,500", "48,500"), "topic_key": "ridership.mutant", "kind": "number",
                  "confidence": "reported", "evidence": [{"source_id": src, "quote": quote}]})
    assert r.rc == 0 and "W-CLAIM-FIGURE" in r.err and "48,500" in r.err, r.both
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-CLAIM-FIGURE" in codes


def test_narrowing_a_claim_to_another_figure_or_its_negation(ws):
    fare = _claim_id(ws, "3.40 marks")
    r = sb("claim", "narrow", fare, "--text", "A single adult fare bought on board is 2.40 marks.",
           "--reason", "mutation", cwd=ws)
    assert r.rc == 0 and "W-CLAIM-FIGURE" in r.err, r.both
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-CLAIM-FIGURE" in codes


def test_narrowing_to_the_negation_is_flagged_for_review(ws):
    kids = _claim_id(ws, "under twelve")
    r = sb("claim", "narrow", kids, "--text", "Children under twelve do not ride free with a paying adult.",
           "--reason", "mutation", cwd=ws)
    assert r.rc == 0 and "W-CLAIM-NEGATION" in r.err, r.both
    _rc, _codes, doc = _verify(ws)
    assert any(f["code"] == "W-CLAIM-NEGATION" for f in doc["review"]), doc["review"]


def test_a_tier_c_source_cannot_back_a_verified_fact(ws):
    src = _source(ws, "forum-thread.md")
    text = _read(ws, f"sources/{src}/normalized.md")
    quote = next(s.strip() for s in text.splitlines() if len(s.split()) > 6 and not s.startswith(("#", "*")))
    r = _add(ws, {"text": "A commuter posted about the pass.", "topic_key": "forum.mutant", "kind": "fact",
                  "confidence": "verified", "evidence": [{"source_id": src, "quote": quote}]})
    assert r.rc == 0, r.both
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-TIER-WEAK" in codes


def test_an_inferred_claim_states_no_figure(ws):
    r = _add(ws, {"text": "Ridership will pass 40,000 in 2027.", "topic_key": "ridership.guess", "kind": "fact",
                  "confidence": "inferred", "evidence": []})
    assert r.rc == 0 and "W-CLAIM-INFERRED" in r.err, r.both
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-CLAIM-INFERRED" in codes


def test_a_multi_part_quote_spliced_across_sections_is_refused(ws):
    src = _source(ws, "operator-status.md")
    r = _add(ws, {"text": "Route W3 boats run every 12 minutes.", "topic_key": "timetable.w3", "kind": "fact",
                  "confidence": "reported", "evidence": [{"source_id": src, "quote": "Route W3 [...] run every 12 minutes"}]})
    assert r.rc == 0 and "W-QUOTE-SPLICE" in r.err, r.both
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-QUOTE-SPLICE" in codes


def test_a_multi_part_quote_spliced_across_clauses_is_refused(ws):
    """One sentence of the minutes: "the audited average ... was 31,000 ..., and that higher
    figures quoted in the press referred to summer peaks only". Its first clause's subject
    joined to the second clause's words says the audited average was a summer peak."""
    src = _source(ws, "council-minutes.html")
    claim = {"text": "The audited average referred to summer peaks only.", "topic_key": "ridership.audit", "kind": "fact",
             "confidence": "reported",
             "evidence": [{"source_id": src, "quote": "the audited average [...] referred to summer peaks only"}]}
    r = _add(ws, claim)
    assert r.rc == 0 and "W-QUOTE-SPLICE" in r.err and "different clauses" in r.err, r.both
    rc, codes, _ = _verify(ws)
    assert rc == 2 and "E-QUOTE-SPLICE" in codes
    # a part elided inside one clause is no splice
    ok = dict(claim, text="The press figures referred to summer peaks.", topic_key="ridership.press",
              evidence=[{"source_id": src, "quote": "higher figures [...] referred to summer peaks only"}])
    r = _add(ws, ok)
    assert r.rc == 0 and "W-QUOTE-SPLICE" not in r.err, r.both


# --------------------------------------------------------------------------- the podcast

@pytest.mark.parametrize("where, text, code", [
    ("transition", "How busy is the service? Spoiler: the official audit turned out to be wrong.", "E-POD-TRANSITION"),
    ("outline", "The audited figure was withdrawn", "E-PAGE-WORD-UNBACKED"),
])
def test_a_podcast_link_or_outline_judges_no_claim(ws, where, text, code):
    path = os.path.join(ws, "drafts", "podcast.json")
    with open(path, encoding="utf-8") as fh:
        script = json.load(fh)
    if where == "transition":
        next(ln for ln in script["lines"] if ln["kind"] == "transition")["text"] = text
    else:
        script["outline"][1]["description"] = text
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(script, fh)
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    assert r.rc != 0 and code in r.err, r.both


@pytest.mark.parametrize("old, new, code", [
    ("How busy is the service?", "Why did the city cancel the readers?", "E-PAGE-WORD-UNBACKED"),
    ("So on W3, carry another way to pay until the readers work.",
     "So on W3, just ride without paying until the readers work.", "E-PAGE-NEGATION-ADDED"),
    ("Or take W1 and enjoy the view.", "Or take W1; the crew there wave you through without a ticket.",
     "E-POD-UNCITED"),
    ("How busy is the service?", "Why are the counts so far apart?", None),
    ("So on W3, carry another way to pay until the readers work.",
     "So on W3, bring another way to pay until the readers work.", None),
    ("Or take W1 and enjoy the view.", "Or take W1 and enjoy the view without a care.", None),
    ("Or take W1 and enjoy the view.", "Or just wave your pass at the W3 crew.", "E-POD-UNCITED"),
    ("Or take W1 and enjoy the view.", "Or sit up top on W2 and enjoy the view.", None),
    ("So on W3, carry another way to pay until the readers work.",
     "So on W3, carry another way to pay until Christmas.", "E-PAGE-INFERRED-FACT"),
], ids=["a why that takes a cancelling as so", "ride without paying", "banter that waves riders through",
        "an honest why", "honest advice", "honest banter", "banter that tells the pass of W3",
        "honest banter naming a route", "advice that dates the inference"])
def test_a_line_that_states_no_claim_turns_none(ws, old, new, code):
    """A transition that asks why something ended, an opinion that says "without" what its
    inference tells done, and banter that tells how a route's ride is paid for state facts no
    claim gives; their honest neighbours pass."""
    _edit(ws, "drafts/podcast.json", old, new)
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    if code is None:
        assert r.rc == 0, r.both
        return
    assert r.rc != 0 and code in r.err, r.both


def test_a_podcast_line_names_the_speaker_its_claim_has(ws):
    """As on a page: a speaker a line names ("by the operator's own count") is named by the claim
    it cites, its quotes or its source's record; the trade press's summer figure is not the
    operator's count."""
    old = "or thirty-eight and a half thousand over the summer."
    _edit(ws, "drafts/podcast.json", old, "or, by the operator's own count, thirty-eight and a half thousand over the summer.")
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    assert r.rc != 0 and "E-PAGE-WORD-UNBACKED" in r.err and "the operator" in r.err, r.both
    _edit(ws, "drafts/podcast.json", "or, by the operator's own count, thirty-eight",
          "or, in the trade press, thirty-eight")
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    assert r.rc == 0, r.both


@pytest.mark.parametrize("old,new,code", [
    ("On routes W1 and W2 it can.", "On routes W1 and W2 it can, for adults and children alike.",
     "E-PAGE-WORD-UNBACKED"),
    ("On routes W1 and W2 it can.", "On routes W1 and W2, yes, it can.", None),
])
def test_a_podcast_line_moves_no_group_onto_its_claim(ws, old, new, code):
    """As on a page: a group of people another claim speaks of ("children") is not named in a
    line whose claim never names it."""
    _edit(ws, "drafts/podcast.json", old, new)
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    if code is None:
        assert r.rc == 0, r.both
        return
    assert r.rc != 0 and code in r.err and "children" in r.err, r.both


def test_a_podcast_transition_carries_no_figure(ws):
    path = os.path.join(ws, "drafts", "podcast.json")
    with open(path, encoding="utf-8") as fh:
        script = json.load(fh)
    line = next(ln for ln in script["lines"] if ln["kind"] == "transition")
    line["text"] = "How busy is the service? 38,500 riders, they say."
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(script, fh)
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    assert r.rc != 0 and "E-POD-TRANSITION" in r.err, r.both


def _podcast_judged(ws, script: dict, code: str | None, named: str = "") -> None:
    """Render ``script`` as the podcast draft: with no ``code`` it renders and verifies clean;
    else render refuses it with ``code`` (naming ``named``), and the same script written into
    the build by hand is refused by verify with that code."""
    _write(ws, "drafts/podcast.json", json.dumps(script))
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    if code is None:
        assert r.rc == 0 and sb("tts-plan", cwd=ws).rc == 0, r.both
        rc, codes, doc = _verify(ws)
        assert rc == 0, sorted(codes)
        return
    assert r.rc != 0 and code in r.err and named in r.err, r.both
    _write(ws, "build/podcast.script.json", json.dumps(script))
    rc, codes, doc = _verify(ws)
    assert rc == 2 and code in codes, sorted(codes)


@pytest.mark.parametrize("edit, code", [
    (lambda d: d["speakers"][1].update(voice_hint="reporter, openly scornful of the operator, rolls eyes at every "
                                                  "promise"), "E-POD-VOICE"),
    (lambda d: [d["speakers"][1].update(name="Authority spokesperson")]
     + [ln.update(speaker="Authority spokesperson") for ln in d["lines"] if ln["speaker"] == "Ben"],
     "E-POD-SPEAKER-NAME"),
    (lambda d: d["speakers"][1].update(voice_hint="reporter, brisk and curious"), None),
    (lambda d: [d["speakers"][1].update(name="Ben Hale")]
     + [ln.update(speaker="Ben Hale") for ln in d["lines"] if ln["speaker"] == "Ben"], None),
], ids=["a scornful voice", "the reporter as the operator's spokesperson", "a brisk voice", "the reporter's name"])
def test_a_voice_takes_no_side_and_speaks_for_no_source(ws, edit, code):
    """The reporter voiced with scorn for the operator, or renamed as the Authority's
    spokesperson, is refused by render and, written into the build by hand, by verify."""
    with open(os.path.join(ws, "drafts", "podcast.json"), encoding="utf-8") as fh:
        script = json.load(fh)
    edit(script)
    _podcast_judged(ws, script, code)


@pytest.mark.parametrize("text, code", [
    ("Route W3 takes the pass too, with its new readers fitted.", "E-PAGE-HEDGE-DROPPED"),  # a plan said as done
    ("On routes W1 and W2 it cannot pay the fare.", "E-PAGE-NEGATION-ADDED"),
    ("It pays the fare on every water bus route.", "E-PAGE-WORD-UNBACKED"),
])
def test_a_spoken_line_is_read_as_a_sentence_on_a_page_is(ws, text, code):
    """A podcast line with claims says no more than they do: no plan said as done, no negation
    and no word of scope they lack. The honest line the demo has passes."""
    path = os.path.join(ws, "drafts", "podcast.json")
    with open(path, encoding="utf-8") as fh:
        script = json.load(fh)
    routes = _claim_id(ws, "routes W1 and W2")
    w3 = _claim_id(ws, "Route W3 is due to accept")
    line = next(ln for ln in script["lines"] if ln.get("claims") and set(ln["claims"]) & {routes, w3})
    line["claims"] = [w3] if "W3" in text else [routes]
    line["text"] = text
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(script, fh)
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    assert r.rc != 0 and code in r.err, r.both


@pytest.mark.parametrize("text, code", [
    ("And riders say the W3 readers were still off in late September; the crews let pass holders ride anyway.",
     "E-PAGE-CLAUSE-UNCITED"),
    ("And riders say the W3 readers were still off in late September; on W3 they saw a red light.", None),
], ids=["an uncited clause", "a clause its quote says"])
def test_a_spoken_line_says_every_clause_its_claims_say(ws, text, code):
    """A line's claims stand at its end, as a citation after a page's sentence: a clause joined
    to a cited line ("; the crews let pass holders ride anyway") that they do not say is refused
    by render and, written into the build by hand, by verify; a clause the quotes say passes."""
    with open(os.path.join(ws, "drafts", "podcast.json"), encoding="utf-8") as fh:
        script = json.load(fh)
    line = next(ln for ln in script["lines"] if "readers were still off" in ln["text"])
    line["text"] = text
    _podcast_judged(ws, script, code, "crews")


@pytest.mark.parametrize("text, code", [
    ("My guess is the W3 readers will be working by Christmas.", "E-POD-UNCITED"),
    ("My guess is the wait will feel long to W3 riders.", None),
    ("I'd carry cash on W3, just in case.", None),
], ids=["a guess that dates the W3 readers", "a guess about the wait", "an uncited aside"])
def test_an_uncited_opinion_line_foretells_no_fact(ws, text, code):
    """An opinion line citing nothing that foretells what becomes of a route the claims name, in
    their words or with a time ("the W3 readers will be working by Christmas"), states a fact
    no claim gives (a superseded estimate, here); a guess of no fact passes."""
    with open(os.path.join(ws, "drafts", "podcast.json"), encoding="utf-8") as fh:
        script = json.load(fh)
    lines = script["lines"]
    at = next(i for i, ln in enumerate(lines) if ln["kind"] == "banter")
    lines.insert(at, {"claims": [], "kind": "opinion", "n": 0, "segment": lines[at]["segment"], "speaker": "Ana",
                      "text": text})
    for i, ln in enumerate(lines):
        ln["n"] = i + 1
    _podcast_judged(ws, script, code, "W3" if code else "")


@pytest.mark.parametrize("credit,refused", [
    ("Photo: Ida Vell for the Calder Bay Water Bus Authority", False),
    ("The new W3 ticket readers, switched on and accepting the Tidewater Pass since the first week of "
     "October, photographed at the pier", True),
    ("© 2019 Ida Vell", False),
    ("Operator photo: new W3 readers in service since November", True),
    ("Photo: readers working on all routes", True),
], ids=["a credit", "a sentence of news dressed as a credit", "a credit with its year",
        "news in a credit's few words", "a word of scope in a credit"])
def test_an_image_credit_is_a_name_not_a_place_for_news(ws, credit, refused):
    import base64

    png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    with open(os.path.join(ws, "assets", "boat.png"), "wb") as fh:
        fh.write(png)
    _write(ws, "assets/credits.json", json.dumps({"boat.png": {"origin": "sourced", "source": "https://photos.example/b",
                                                               "credit": credit, "license": "CC BY 4.0"}}))
    _write(ws, "drafts/draft.md", _read(ws, "drafts/draft.md") + "\n![A water bus at the pier](assets/boat.png) [framing]\n")
    assert sb("plan", "--images", "source", cwd=ws).rc == 0
    r = sb("render", "answer", "--from", "drafts/draft.md", cwd=ws)
    assert r.rc in (0, 2), r.both
    rc, codes, doc = _verify(ws)
    if refused:
        assert rc == 2 and "E-PAGE-UNCITED" in codes, sorted(codes)
    else:
        assert rc == 0, sorted(codes)


def test_a_link_in_the_text_leads_to_a_source_or_is_refused(ws):
    """A reader takes a link in the text for the source: one to a forum no source lives on is
    refused; one to a source's own address passes."""
    old = "the operator lists both as taking the pass"
    forum = f'<a href="https://calder-commuters-forum.example/t/81">{old}</a>'
    _edit(ws, "build/answer.html", old, forum)
    rc, codes, doc = _verify(ws)
    assert rc == 2 and "E-PAGE-LINK-HOST" in codes, sorted(codes)
    status = _source(ws, "operator-status.md")
    assert sb("source", "set", status, "url=https://calderbay.example/water-bus/status",
              "attest=the operator's status page, saved from its site", cwd=ws).rc == 0
    _edit(ws, "build/answer.html", "https://calder-commuters-forum.example/t/81", "https://www.calderbay.example/water-bus/status")
    rc, codes, doc = _verify(ws)
    assert "E-PAGE-LINK-HOST" not in codes, sorted(codes)
    # another page of the source's site is no source: its path can say anything
    _edit(ws, "build/answer.html", "https://www.calderbay.example/water-bus/status",
          "https://calderbay.example/water-bus/news/w3-takes-the-pass-now")
    rc, codes, doc = _verify(ws)
    assert rc == 2 and "E-PAGE-LINK-HOST" in codes, sorted(codes)


# --------------------------------------------------------------------------- digits of another script

@pytest.mark.parametrize("fare, code", [
    ("3.৪0", "E-PAGE-DIGIT-SCRIPT"),  # a Bengali four, drawn like an 8: read as 3.40, seen as 3.80
    ("3.४0", "E-PAGE-DIGIT-SCRIPT"),  # a Devanagari four
    ("३.40", "E-PAGE-DIGIT-SCRIPT"),  # a Devanagari three
    ("３.４０", None),  # full-width digits are drawn as the digits they are
], ids=["bengali four", "devanagari four", "devanagari three", "full-width"])
def test_a_digit_of_another_script_in_a_latin_sentence_is_refused(ws, fare, code):
    _edit(ws, "build/answer.html", "is 3.40 marks", f"is {fare} marks")
    rc, codes, doc = _verify(ws)
    if code is None:
        assert rc == 0 and not codes, sorted(codes)
    else:
        assert rc == 2 and code in codes, sorted(codes)


def test_a_digit_of_another_script_is_refused_in_a_draft_a_podcast_line_and_a_claim(ws):
    draft = _read(ws, "drafts/draft.md")
    assert "3.40 marks" in draft
    _write(ws, "drafts/draft-copy.md", draft.replace("3.40 marks", "3.৪0 marks", 1))
    r = sb("check-draft", "drafts/draft-copy.md", cwd=ws)
    assert r.rc != 0 and "E-PAGE-DIGIT-SCRIPT" in r.err, r.both
    with open(os.path.join(ws, "drafts", "podcast.json"), encoding="utf-8") as fh:
        script = json.load(fh)
    line = next(ln for ln in script["lines"] if ln["kind"] == "banter")
    line["text"] = line["text"] + " Route ৪ is next."
    _write(ws, "drafts/podcast.json", json.dumps(script))
    r = sb("render", "podcast", "--from", "drafts/podcast.json", cwd=ws)
    assert r.rc != 0 and "E-PAGE-DIGIT-SCRIPT" in r.err, r.both
    src = _source(ws, "operator-status.md")
    r = _add(ws, {"text": "A single adult fare bought on board is 3.৪0 marks.", "topic_key": "fares.mutant",
                  "kind": "number", "confidence": "reported", "evidence": [{"source_id": src, "quote": "3.40"}]})
    assert r.rc != 0 and "E-CLAIM-DIGIT-SCRIPT" in r.err, r.both


def test_a_scripts_own_digits_in_its_own_text_are_read_as_written():
    from sourcebook.engines.text.figure_text import foreign_digit

    assert foreign_digit("الأجرة ٣٫٤٠ مارك") == ""  # Arabic-Indic digits in Arabic
    assert foreign_digit("کرایه ۳٫۴۰ مارک است") == ""  # Extended Arabic-Indic digits in Persian
    assert foreign_digit("किराया ३.४० मार्क है") == ""  # Devanagari digits in Hindi
    assert foreign_digit("The fare is 𝟑.40 marks") == ""  # a mathematical digit is drawn as the digit
    assert foreign_digit("The fare is ٣.40 marks") == "٣"
    assert foreign_digit("The fare is 3.৪0 marks") == "৪"
