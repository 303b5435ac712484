"""sb review: the editor's desk. Every shipped sentence beside its quotes in context, the
machine's pre-flags for a person, acks and adjudication reasons shown, marks bound to digests."""

from __future__ import annotations

import json
import re

import pytest
from conftest import sb
from review_kit import HONEST, PLANTED, build, draft

from sourcebook.domain.review import preflags


@pytest.fixture
def desk(ws):
    ids = build(ws)
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    return ws, ids


def _review(ws) -> dict:
    r = sb("review", "--json", cwd=ws)
    assert r.rc == 0, r.both
    return json.loads(r.out)


def _by_text(doc: dict) -> dict[str, dict]:
    return {s["text"]: s for s in doc["sentences"]}


def _codes(s: dict) -> set[str]:
    return {f["code"] for f in s["flags"]} | {f["code"] for c in s["claims"] for f in c["flags"]}


# ---- the planted overreaches are flagged beside their sentences; the honest ones are not -------

def test_every_planted_overreach_is_flagged_beside_its_sentence(desk):
    ws, ids = desk
    got = _by_text(_review(ws))
    assert _codes(got[PLANTED["place"]]) == {"W-REVIEW-NAME"}
    assert "Montana" in got[PLANTED["place"]]["flags"][0]["message"]
    assert _codes(got[PLANTED["only"]]) == {"W-REVIEW-LINK"}
    # "will extend" over "may extend": the claim's hedge flag, and the sentence's own; "the whole
    # northern valley", a word of scope the quote lacks, the claim's words flag
    assert _codes(got[PLANTED["extend"]]) == {"W-CLAIM-HEDGE", "W-CLAIM-FIGURE-WORDS", "W-REVIEW-CLAIM-MORE",
                                              "W-REVIEW-HEDGE"}
    assert "'may'" in next(f["message"] for f in got[PLANTED["extend"]]["flags"] if f["code"] == "W-REVIEW-HEDGE")
    assert _codes(got[PLANTED["framing"]]) == {"W-REVIEW-DECLARED-FACT"}
    assert _codes(got[PLANTED["inferred"]]) == {"W-REVIEW-DECLARED-FACT"}
    title = [s for s in _review(ws)["sentences"] if s["text"] == "Deer in November 2019"]
    assert [s["where"] for s in title] == ["title", "heading"]
    assert _codes(title[0]) == {"W-REVIEW-TITLE-ASOF"} and not _codes(title[1])  # flagged once, not twice
    # a paraphrase that changes a word is not a flag, but its words are pointed at
    assert "caught" in got[PLANTED["caught"]]["unbacked"]


def test_honest_sentences_carry_no_flag(desk):
    ws, _ = desk
    got = _by_text(_review(ws))
    for text in HONEST.values():
        assert not _codes(got[text]), (text, got[text]["flags"])
        assert not got[text]["unbacked"]


def test_flagged_sentences_come_first_then_contested_inferred_framing(desk):
    ws, _ = desk
    doc = _review(ws)
    ranks = [s["priority"] for s in doc["sentences"]]
    assert ranks == sorted(ranks)
    assert doc["sentences"][0]["priority"] == 0 and doc["counts"]["flagged"] == 6
    first_clean = next(s for s in doc["sentences"] if s["priority"] > 0)
    assert first_clean["text"] == HONEST["count"]  # contested: read right after the flags


# ---- each pre-flag, firing and not firing ---------------------------------------------------

def test_name_flag_fires_on_a_place_no_quote_has():
    assert preflags.name_flags("Officials in Lyon counted 12 deer.", ["officials counted 12 deer"])
    assert not preflags.name_flags("Officials in Lyon counted 12 deer.", ["In Lyon, officials counted 12 deer"])
    assert not preflags.name_flags("Officials counted 12 deer.", ["officials counted 12 deer"])  # a capital that starts
    assert not preflags.name_flags("Inner Mongolia's health authority spoke.", ["the Inner Mongolia health authority"])
    assert not preflags.name_flags("It bought 30 Dreamliners.", ["30 of Boeing's 787-9 Dreamliner jets"])
    assert not preflags.name_flags("The United States will give a ship.", ["the U.S. will provide a ship"])
    assert preflags.name_flags("ドイツのミュンヘンで鹿が数えられた。", ["鹿が数えられた"])  # a katakana name
    assert not preflags.name_flags("ミュンヘンで鹿が数えられた。", ["ミュンヘンで鹿が数えられた"])


def test_attribution_flag_fires_when_another_source_is_named_as_the_speaker():
    voices = ["Valley Gazette", "Ana Ruiz", "Hill Times"]
    got = preflags.attribution_flags("The Valley Gazette says the census found 412 deer.", ["Hill Times"], voices)
    assert [f.code for f in got] == ["W-REVIEW-ATTRIBUTION"] and "Valley Gazette" in got[0].message
    assert not preflags.attribution_flags("Hill Times says the census found 412 deer.", ["Hill Times"], voices)
    assert not preflags.attribution_flags("The census found 412 deer.", ["Hill Times"], voices)
    # naming the cited source's own publisher is an attribution, not a name the quote lacks
    assert not preflags.name_flags("Hill Times says the census found 412 deer.", ["the census found 412 deer"],
                                   ["Hill Times"])


def test_claim_more_flag_fires_when_the_claim_says_more_than_the_quote():
    assert preflags.claim_more_flags("clm_x", "Rangers will extend the count across the whole northern valley.",
                                     ["Rangers may extend the count."])
    assert not preflags.claim_more_flags("clm_x", "Rangers extended the count.", ["Rangers extended the count."])
    # the source's own title and publisher may be named
    assert not preflags.claim_more_flags("clm_x", "The water bus takes the pass.", ["It takes the pass."],
                                         ["Water bus status"])


def test_sentence_more_flag_fires_on_a_paraphrase_with_mostly_new_words():
    got = preflags.sentence_more_flags("Angry farmers blocked tractors outside parliament yesterday.",
                                       ["Farmers met ministers."])
    assert [f.code for f in got] == ["W-REVIEW-SENTENCE-MORE"] and "'blocked'" in got[0].message
    assert not preflags.sentence_more_flags("Farmers met the ministers.", ["Farmers met ministers."])


def test_link_flag_fires_on_a_cause_or_only_no_quote_says():
    assert preflags.link_flags("Fares rose because fuel cost more.", ["Fares rose.", "Fuel cost more."])
    assert preflags.link_flags("The outlets differ only on dates.", ["The outlets differ on dates."])
    assert not preflags.link_flags("Fares rose because fuel cost more.", ["Fares rose because fuel cost more."])


def test_declared_fact_flag_fires_on_names_and_figures_in_framing_and_inference():
    assert preflags.declared_flags("This page looks at Yellowstone.", "framing", [])
    assert preflags.declared_flags("Perhaps 40 more will come.", "inferred", ["More may come."])
    assert not preflags.declared_flags("This page looks at the count.", "framing", [])
    assert not preflags.declared_flags("Riders on W3 should carry cash.", "inferred", ["Riders on W3 should carry cash."])


def test_asof_flag_fires_on_a_title_with_a_period_and_no_as_of():
    assert preflags.asof_flags("Deer in November 2019", "title", False)
    assert preflags.asof_flags("Cases rose to 31,000", "heading", False)
    assert not preflags.asof_flags("Deer in November 2019", "title", True)
    assert not preflags.asof_flags("Where the deer are", "title", False)
    assert preflags.asof_flags("Wardens counted deer in November 2019.", "thesis", False)
    assert not preflags.asof_flags("Emirates will buy 30 jets.", "thesis", False)  # a cited count is no period


def test_asof_flag_leaves_a_count_of_topics_and_still_flags_a_period():
    # "Two changes" counts what the page covers: no figure a reader takes as current
    assert not preflags.asof_flags("Two changes to the pass", "title", False)
    assert not preflags.asof_flags("Three routes, one fare", "heading", False)
    assert preflags.asof_flags("Ridership in November 2019", "title", False)
    assert preflags.asof_flags("Ten years of the pass", "title", False)  # a count of years is a period
    assert preflags.asof_flags("Riders rose to 31,000", "heading", False)


def test_asof_flag_reads_a_documents_or_releases_name_as_a_name():
    # a standard, a version, a numbered item or a release names a document: no as-of to give
    for title in ("PEP 563 and PEP 649: two ways to defer Python annotations", "What PEP 563 did",
                  "RFC 9110 and HTTP caching", "What changed in Go 1.21", "The fix in issue 32437",
                  "Proposal #32437 and the try builtin", "Python 3.14 and the future import"):
        assert not preflags.asof_flags(title, "heading", False), title
    # a figure or a period beside the name still needs its as-of date
    assert "'31,000'" in preflags.asof_flags("Go 1.21 ships 31,000 fixes", "heading", False)[0].message
    assert "'November 2023'" in preflags.asof_flags("Go 1.21 in November 2023", "title", False)[0].message
    assert "'2019'" in preflags.asof_flags("RFC 2018 in 2019", "heading", False)[0].message
    assert preflags.asof_flags("In 1.21 seconds", "heading", False)  # a common word is no release's name
    assert preflags.asof_flags("The pass sold 563 tickets", "heading", False)


def test_hedge_flag_leaves_can_of_what_may_be_done():
    enabled = ["The functionality described above can be enabled starting from Python 3.7 using the "
               "following special import:"]
    assert not preflags.hedge_flags("The import turns on PEP 563 from Python 3.7.", enabled, [])
    assert not preflags.hedge_flags("A flag sets it.", ["The limit can also be set with a flag."], [])
    # "can" of a possibility, and a judgement in the passive, still soften what the quote says
    for quote in ("The overhead can cause slowness.", "The overhead can be slow.",
                  "The overhead can be considered a cost.", "The ferry can be seen as a failure."):
        flag = preflags.hedge_flags("The overhead makes it slow.", [quote], [])
        assert [f.code for f in flag] == ["W-REVIEW-HEDGE"] and "'can'" in flag[0].message, quote


# ---- what the page shows -----------------------------------------------------------------------

def test_review_page_shows_each_quote_in_context_with_its_source(desk):
    ws, ids = desk
    r = sb("review", cwd=ws)
    assert r.rc == 0 and r.out.startswith("wrote build/review.html"), r.both
    page = (ws / "build" / "review.html").read_text(encoding="utf-8")
    # the quote highlighted inside its paragraph, with the words around it
    assert "<mark>Wardens counted 412 deer in the reserve between 1 and 19 November 2019</mark>, officials said" in page
    assert "Ana Ruiz" in page and "2019-11-20" in page and "Valley Gazette" in page  # byline, date, publisher
    assert "not recorded" in page  # the census has no byline, the licences are unset
    assert "https://news.example/deer#:~:text=" in page  # a link to the passage
    assert "The gazette&#x27;s count and the census measure the same month differently." in page  # adjudication reason
    assert 'href="#s-' in page  # the read-first list links to each sentence


def test_an_ack_never_hides_the_flag_it_answers(desk):
    ws, ids = desk
    r = sb("claim", "ack", ids["extend"], "--reason", "the gazette's rangers said they will", cwd=ws)
    assert r.rc == 0, r.both
    got = _by_text(_review(ws))[PLANTED["extend"]]
    hedge = next(f for c in got["claims"] for f in c["flags"] if f["code"] == "W-CLAIM-HEDGE")
    assert hedge["acked"] == ["the gazette's rangers said they will"]
    assert sb("review", cwd=ws).rc == 0
    page = (ws / "build" / "review.html").read_text(encoding="utf-8")
    assert "W-CLAIM-HEDGE" in page and "acknowledged: the gazette&#x27;s rangers said they will" in page


def test_hostile_source_text_is_escaped(ws):
    ids = build(ws)
    rec_path = ws / "sources" / ids["news"] / "source.json"
    rec = json.loads(rec_path.read_text(encoding="utf-8"))
    rec.update(title='<script>alert("t")</script>', author="<img src=x onerror=alert(1)>",
               attestation={"reason": "<b>x</b> said so", "at": "2026-01-01T00:00:00Z"}, url="javascript:alert(1)")
    rec_path.write_text(json.dumps(rec), encoding="utf-8")
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    # the hand-edited record breaks its schema: render writes the page and names what verify refuses
    assert r.rc == 2 and "E-SCHEMA" in r.err and (ws / "build" / "answer.html").is_file(), r.both
    assert sb("review", cwd=ws).rc == 0
    page = (ws / "build" / "review.html").read_text(encoding="utf-8")
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert "attested: &lt;b&gt;x&lt;/b&gt; said so" in page  # the origin, in the ledger's words
    assert "javascript:" not in page.replace("javascript:alert(1)</dd>", "")  # shown as text, never a link
    assert "&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;" in page
    md = sb("review", "--md", "--limit", "0", cwd=ws).out
    assert not re.search(r"(?<!\\)<img", md) and "\\<img" in md


def test_review_page_is_offline_and_self_contained(desk):
    ws, _ = desk
    assert sb("review", cwd=ws).rc == 0
    page = (ws / "build" / "review.html").read_text(encoding="utf-8")
    assert not re.search(r"<script|<link|<img|<iframe|<object|@import|url\(|\bsrc=", page, re.I)
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert hrefs and all(h.startswith("#") or h.startswith("https://news.example/deer#") for h in hrefs), hrefs


def test_review_page_is_reproducible(desk, monkeypatch):
    ws, _ = desk
    assert sb("review", cwd=ws).rc == 0
    one = (ws / "build" / "review.html").read_bytes()
    assert sb("review", cwd=ws).rc == 0
    assert (ws / "build" / "review.html").read_bytes() == one
    assert b"2026-01-01" in one  # the date of SOURCE_DATE_EPOCH
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")  # a day later
    assert sb("review", cwd=ws).rc == 0
    two = (ws / "build" / "review.html").read_bytes()
    assert two.replace(b"2026-01-02", b"2026-01-01") == one


def test_md_is_bounded_and_json_has_every_sentence(desk):
    ws, _ = desk
    r = sb("review", "--md", "--limit", "2", cwd=ws)
    assert r.rc == 0, r.both
    assert len(re.findall(r"^### `s-", r.out, re.M)) == 2
    assert "more sentence(s)" in r.out and "Montana" in r.out
    assert len(_review(ws)["sentences"]) == 15


# ---- marks bound to digests --------------------------------------------------------------------

def _sid(ws, text: str) -> str:
    return _by_text(_review(ws))[text]["id"]


def test_a_mark_is_void_once_its_claim_changes(desk):
    ws, ids = desk
    sid = _sid(ws, HONEST["trip"])
    r = sb("review", "--ok", sid, "--note", "quote says the same words", "--by", "Editor", cwd=ws)
    assert r.rc == 0 and "marked ok" in r.out, r.both
    got = _by_text(_review(ws))[HONEST["trip"]]
    assert got["mark"]["current"] is True and got["mark"]["by"] == "Editor"
    assert _review(ws)["counts"]["reviewed_ok"] == 1
    # the claim the sentence cites is narrowed: the sentence's digest changes, the mark is void
    claims = json.loads((ws / "ledger" / "claims.json").read_text(encoding="utf-8"))
    for c in claims["claims"]:
        if c["id"] == ids["trip"]:
            c["confidence"] = "reported"
    (ws / "ledger" / "claims.json").write_text(json.dumps(claims), encoding="utf-8")
    got = _by_text(_review(ws))[HONEST["trip"]]
    assert got["mark"]["current"] is False
    assert _review(ws)["counts"]["reviewed_ok"] == 0


def test_a_mark_on_a_claim_and_a_fix(desk):
    ws, ids = desk
    assert sb("review", "--ok", ids["count"], "--note", "the count and its dates match", cwd=ws).rc == 0
    sid = _sid(ws, PLANTED["place"])
    assert sb("review", "--fix", sid, "--note", "no source names Montana; cut it", cwd=ws).rc == 0
    doc = _review(ws)
    count = next(c for s in doc["sentences"] for c in s["claims"] if c["id"] == ids["count"])
    assert count["mark"]["verdict"] == "ok" and count["mark"]["current"]
    assert doc["counts"]["to_fix"] == 1
    assert [m["verdict"] for m in doc["marks"]] == ["ok", "fix"]


def test_bad_marks_are_refused(desk):
    ws, ids = desk
    sid = _sid(ws, HONEST["trip"])
    r = sb("review", "--ok", sid, "--note", "fine", cwd=ws)
    assert r.rc == 1 and "E-REVIEW-NOTE" in r.err
    r = sb("review", "--ok", "s-0000000000", "--note", "quote says the same", cwd=ws)
    assert r.rc == 1 and "E-REVIEW-TARGET" in r.err
    r = sb("review", "--note", "quote says the same", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err
    assert not (ws / "ledger" / "review.json").exists()  # nothing written by a refusal


def test_a_damaged_record_and_no_page_are_clear_errors(desk, ws):
    (ws / "ledger" / "review.json").write_text('{"marks": 3}', encoding="utf-8")
    r = sb("review", cwd=ws)
    assert r.rc == 1 and "E-REVIEW-RECORD" in r.err and "Traceback" not in r.err
    (ws / "ledger" / "review.json").unlink()
    (ws / "build" / "answer.html").unlink()
    r = sb("review", cwd=ws)
    assert r.rc == 1 and "E-REVIEW-NOTHING" in r.err


# ---- what changed since the last review ----------------------------------------------------------

def test_changes_since_the_last_review(desk):
    ws, ids = desk
    assert sb("review", cwd=ws).rc == 0
    assert _review(ws)["first_review"] is True
    r = sb("claim", "narrow", ids["extend"], "--text", "Rangers may extend the count into December.",
           "--reason", "the quote hedges", cwd=ws)
    assert r.rc == 0, r.both
    new_id = r.out.split()[-1] if r.out.split()[-1].startswith("clm_") else None
    text = (ws / "draft.md").read_text(encoding="utf-8").replace(ids["extend"], new_id or "")
    text = text.replace(PLANTED["extend"], "Rangers may extend the count into December.")
    (ws / "draft.md").write_text(text, encoding="utf-8")
    assert sb("render", "answer", "--from", "draft.md", cwd=ws).rc == 0, "re-render"
    assert sb("review", cwd=ws).rc == 0
    doc = _review(ws)
    kinds = {(c["kind"], c["subject"]) for c in doc["changes"]}
    assert ("claim-superseded", ids["extend"]) in kinds
    assert any(k == "claim-narrowed" for k, _ in kinds)
    assert any(k == "new-sentence" for k, _ in kinds)
    assert _by_text(doc)["Rangers may extend the count into December."]["new"] is True
    # rendering the page again without a change keeps showing the same changes
    assert sb("review", cwd=ws).rc == 0
    assert _review(ws)["changes"] == doc["changes"]


# ---- the review page is the editor's, never the reader's ----------------------------------------

def test_review_page_is_not_a_shipping_page(desk):
    ws, _ = desk
    assert sb("review", cwd=ws).rc == 0
    v = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert v.rc == 0, v.both
    assert "review.html" not in v.out
    r = sb("package", "--out", "dist", cwd=ws)
    assert r.rc == 0, r.both
    assert not (ws / "dist" / "review.html").exists() and (ws / "dist" / "answer.html").exists()


def test_the_report_is_reviewed_sentence_by_sentence_with_its_claims(desk):
    ws, ids = desk
    r = sb("render", "report", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    doc = _review(ws)
    assert doc["pages"] == ["build/answer.html", "build/report.md"]
    rows = [s for s in doc["sentences"] if s["page"] == "build/report.md"]
    place = next(s for s in rows if s["text"] == PLANTED["place"])
    assert [c["id"] for c in place["claims"]] == [ids["census"]] and _codes(place) == {"W-REVIEW-NAME"}
    assert next(s for s in rows if s["text"] == PLANTED["framing"])["kind"] == "framing"
    assert next(s for s in rows if s["text"] == PLANTED["inferred"])["kind"] == "inferred"


def test_the_mcp_review_tool_writes_the_page_and_reads_the_markdown():
    from sourcebook.mcp.tools import BY_NAME

    assert BY_NAME["review"].build({"limit": 5}) == [["review"], ["review", "--md", "--limit=5"]]
    assert BY_NAME["review"].build({}) == [["review"], ["review", "--md"]]


def test_pre_flags_found_by_an_editor_auditing_a_real_page():
    """What an editor found in a page on three PEPs, now pointed at by the machine; and what
    was a false alarm there stays quiet."""
    from sourcebook.domain.review import preflags as P
    from sourcebook.engines.text import stance

    should = ["A generator should handle this by re-raising it or by raising StopIteration."]
    flag = P.hedge_flags("The proposal requires a generator to handle it by re-raising it.", should, [])
    assert [f.code for f in flag] == ["W-REVIEW-HEDGE"] and "'requires'" in flag[0].message
    worst = ["The overhead can cause what ought to be an O(n) operation to become, in the worst case, O(n**2)."]
    flag = P.hedge_flags("Passing calls makes what ought to be an O(n) operation become O(n**2).", worst, [])
    assert [f.code for f in flag] == ["W-REVIEW-HEDGE"] and "in the worst case" in flag[0].message
    assert not P.hedge_flags("The count could rise.", ["The count may rise soon."], [])  # a hedge of its own
    assert not P.hedge_flags("The count rose to 412.", ["The count rose to 412."], [])
    # a possessive names someone even at the start of a sentence
    assert P.names("Ewing's proposal added the send() method.") == ["Ewing"]
    assert P.names("It's the operator's figure.") == []
    # a whole day is no period; "May" the month is no hedge
    assert not P.asof_flags("PEP 255 was created on 18-May-2001 for Python 2.2.", "thesis", False)
    assert P.asof_flags("Ridership in November 2019", "title", False)
    assert stance.modals("Created: 18-May-2001. It shipped in May.") == []
    assert stance.modals("The count may rise.") == ["may"]


@pytest.mark.parametrize("sentence,flagged", [
    ("PEP 649 computes annotations lazily on demand.", True),
    ("Under PEP 649, annotations are computed lazily when first read.", True),
    # the proposal kept: a word of proposing, a hedge or the future
    ("PEP 649 proposes computing annotations lazily.", False),
    ("Under PEP 649, annotations would be computed lazily.", False),
    ("PEP 649 suggests a lazy mechanism for annotations.", False),
    # another thing said of the proposer, or the proposer not named
    ("PEP 649 was written in 2021.", False),
    ("Annotations are computed lazily.", False),
])
def test_a_proposal_told_as_what_is_is_pointed_at_for_a_person(sentence, flagged):
    """A writer's "PEP 649 computes" of a claim's "PEP 649 proposes": ordinary of an adopted
    proposal, so an editor's question, never a refusal."""
    from sourcebook.domain.review import preflags as P

    claim = "PEP 649 proposes a new internal mechanism for lazily computing annotations."
    got = P.proposal_flags(sentence, [claim])
    assert [f.code for f in got] == (["W-REVIEW-PROPOSAL"] if flagged else []), got
    if flagged:
        assert "'proposes'" in got[0].message
