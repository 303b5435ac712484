"""Provenance a reader can see: every source says where its bytes came from.

Pasted text and supplied captures are refused tier A or B unless a person attests (the reason is
shown beside the source); a copy takes the lower tier of the two; a title states no figure its
source does not; every ledger form, the source list and PROVENANCE.json say the origin in words;
records written before origins were recorded keep working.
"""

from __future__ import annotations

import json
import os
import shutil
from types import SimpleNamespace

import pytest
from conftest import examples, sb
from demo_kit import EPOCH, built_demo
from hypothesis import given, settings
from hypothesis import strategies as st

FORUM = ("# Re: Tidewater Pass on the water bus?\n\nA rider wrote that route W3 readers would be switched on "
         "before Christmas, and that the crew had said so twice on the morning boats.\n")


def _rec(ws, sid: str) -> dict:
    with open(os.path.join(ws, "sources", sid, "source.json"), encoding="utf-8") as fh:
        return json.load(fh)


def _write_rec(ws, sid: str, rec: dict) -> None:
    with open(os.path.join(ws, "sources", sid, "source.json"), "w", encoding="utf-8") as fh:
        json.dump(rec, fh)


def _sid(r) -> str:
    return r.out.split()[1]


def _sources(ws) -> list[str]:
    return sorted(os.listdir(os.path.join(ws, "sources"))) if os.path.isdir(os.path.join(ws, "sources")) else []


# ---- pasted text and supplied captures --------------------------------------------------------

def test_pasted_text_as_tier_a_is_refused_and_nothing_is_added(ws):
    r = sb("add", "--text", "The operator says 48,000 ride every weekday.", "--tier", "A",
           "--publisher", "Calder Bay Water Bus Authority", "--reason", "the operator", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-ADD-ATTEST  --text"), r.both
    assert "--attest" in r.err and "--tier C" in r.err
    assert _sources(ws) == []


def test_attested_paste_keeps_its_tier_and_the_reason_is_shown(ws):
    r = sb("add", "--text", "Fares rise to 3.60 marks on 1 January.", "--tier", "A", "--reason", "the operator",
           "--attest", "read aloud by the operator's press officer on the phone, 2026-11-01", cwd=ws)
    assert r.rc == 0, r.both
    rec = _rec(ws, _sid(r))
    assert rec["origin"] == "paste" and rec["tier"] == "A"
    assert rec["attestation"]["reason"] == "read aloud by the operator's press officer on the phone, 2026-11-01"
    assert rec["attestation"]["at"] == "2026-01-01T00:00:00Z"  # the clock honours SOURCE_DATE_EPOCH
    listing = sb("ledger", "--sources", cwd=ws).out
    assert "origin: text pasted by the author; attested: read aloud by the operator" in listing


def test_an_attestation_says_something(ws):
    r = sb("add", "--text", "Fares rise on 1 January.", "--tier", "A", "--attest", "ok", cwd=ws)
    assert r.rc == 1 and "E-ADD-ATTEST" in r.err and "gives no reason" in r.err
    r = sb("add", "--text", "Fares rise on 1 January.", "--tier", "A", "--attest", "   ", cwd=ws)
    assert r.rc == 1 and "E-ADD-ATTEST" in r.err
    assert _sources(ws) == []


def test_paste_at_tier_c_needs_no_attestation(ws):
    r = sb("add", "--stdin", "--tier", "C", "--reason", "chat", cwd=ws, stdin="Someone said so.\n")
    assert r.rc == 0, r.both
    assert _rec(ws, _sid(r))["origin"] == "paste"


def test_supplied_capture_of_a_url_is_refused_at_tier_a(ws):
    (ws / "saved.html").write_text("<html><body><p>Ridership hit 48,000.</p></body></html>", encoding="utf-8")
    r = sb("add", "https://operator.example/status", "--file", "saved.html", "--tier", "A", "--reason", "operator",
           cwd=ws)
    assert r.rc == 1 and "E-ADD-ATTEST  saved.html" in r.err and "capture" in r.err
    assert _sources(ws) == []
    r = sb("add", "https://operator.example/status", "--file", "saved.html", "--tier", "C", "--reason", "a capture",
           cwd=ws)
    assert r.rc == 0, r.both
    assert _rec(ws, _sid(r))["origin"] == "capture"


def test_local_copy_with_its_public_address_is_a_capture(ws):
    (ws / "status.md").write_text("# Status\n\nRoute W3 opens in December.\n", encoding="utf-8")
    r = sb("add", "status.md", "--url", "https://operator.example/status", "--tier", "B", "--reason", "copy", cwd=ws)
    assert r.rc == 1 and "E-ADD-ATTEST" in r.err
    r = sb("add", "status.md", "--tier", "B", "--reason", "the operator's file", cwd=ws)
    assert r.rc == 0, r.both
    assert _rec(ws, _sid(r))["origin"] == "file"


def test_a_public_address_set_later_makes_a_local_file_a_capture_as_add_url_does(ws):
    (ws / "status.md").write_text("# Status\n\nRoute W3 opens in December.\n", encoding="utf-8")
    sid = _sid(sb("add", "status.md", "--tier", "A", "--reason", "the operator's file", cwd=ws))
    assert _rec(ws, sid)["origin"] == "file"
    r = sb("source", "set", sid, "url=https://operator.example/status", cwd=ws)
    assert r.rc == 1 and r.err.startswith(f"E-ADD-ATTEST  {sid}"), r.both
    assert "nothing was changed" in r.err and "tier=C" in r.err and "attest=" in r.err and "--tier" not in r.err
    rec = _rec(ws, sid)
    assert rec["tier"] == "A" and "url" not in rec and rec["origin"] == "file"  # nothing changed
    r = sb("source", "set", sid, "url=https://operator.example/status", "tier=C", "reason=a copy of the page",
           cwd=ws)
    assert r.rc == 0, r.both
    rec = _rec(ws, sid)
    assert rec["origin"] == "capture" and rec["tier"] == "C" and rec["url"] == "https://operator.example/status"
    assert "a capture supplied by the author" in sb("ledger", "--sources", cwd=ws).out
    history = json.dumps(json.load(open(os.path.join(ws, "sourcebook.json"), encoding="utf-8"))["history"])
    assert "origin 'file' -> 'capture'" in history
    # attested, the copy may be rated A again; the address taken away, it is a local file
    r = sb("source", "set", sid, "tier=A", "attest=downloaded from the operator's site and compared by hand",
           cwd=ws)
    assert r.rc == 0, r.both
    r = sb("source", "set", sid, "url=", cwd=ws)
    assert r.rc == 0, r.both
    assert _rec(ws, sid)["origin"] == "file" and "url" not in _rec(ws, sid)


def test_an_attested_local_file_keeps_its_tier_when_given_an_address(ws):
    (ws / "status.md").write_text("# Status\n\nRoute W3 opens in December.\n", encoding="utf-8")
    sid = _sid(sb("add", "status.md", "--tier", "A", "--reason", "the operator's file", cwd=ws))
    r = sb("source", "set", sid, "url=https://operator.example/status",
           "attest=downloaded from the operator's site and compared by hand", cwd=ws)
    assert r.rc == 0, r.both
    assert _rec(ws, sid)["tier"] == "A" and _rec(ws, sid)["origin"] == "capture"


def test_source_set_cannot_raise_a_paste_without_attestation(ws):
    sid = _sid(sb("add", "--text", "The ferry runs hourly.", "--tier", "C", cwd=ws))
    r = sb("source", "set", sid, "tier=A", "reason=the operator", cwd=ws)
    assert r.rc == 1 and "E-ADD-ATTEST" in r.err
    assert "attest=" in r.err and "nothing was changed" in r.err  # the fix in source set's own words
    assert _rec(ws, sid)["tier"] == "C"  # nothing changed
    r = sb("source", "set", sid, "tier=A", "reason=the operator", "attest=the timetable page, checked by phone",
           cwd=ws)
    assert r.rc == 0, r.both
    assert _rec(ws, sid)["attestation"]["reason"] == "the timetable page, checked by phone"


def test_a_hand_edited_tier_fails_verify(ws):
    sid = _sid(sb("add", "--text", "The ferry runs hourly on weekdays.", "--tier", "C", cwd=ws))
    rec = _rec(ws, sid)
    rec["tier"], rec["tier_reason"] = "A", "edited"
    _write_rec(ws, sid, rec)
    v = sb("verify", cwd=ws)
    assert v.rc == 2 and f"E-TIER-ORIGIN  {sid}" in v.err, v.both


def test_help_names_attest():
    r = sb("add", "--help")
    assert "--attest" in r.out and "text pasted by the author" in r.out


def test_a_labelled_last_updated_line_dates_a_text_source_and_a_date_in_prose_does_not(ws):
    """A design doc's "Last updated: July 18, 2016" under its title is its date, read at extract;
    a date in a heading or in prose ("Minutes, 21 September 2026", "we met on ...") is none."""
    (ws / "doc.md").write_text("# Proposal: Alias declarations\n\nAuthors: R. Griesemer. Last updated: July 18, "
                               "2016\n\nWe propose alias declarations.\n", encoding="utf-8")
    (ws / "minutes.md").write_text("# Minutes, 21 September 2026\n\nWe met on 21 September 2026 to talk.\n",
                                   encoding="utf-8")
    doc = _sid(sb("add", "doc.md", "--tier", "A", "--reason", "the design doc", cwd=ws))
    mins = _sid(sb("add", "minutes.md", "--tier", "A", "--reason", "the minutes", cwd=ws))
    assert sb("extract", cwd=ws).rc == 0
    rec = _rec(ws, doc)
    assert rec["published"] == rec["published_at"] == "2016-07-18" and rec["published_from"] != "sb source set"
    assert not _rec(ws, mins).get("published") and not _rec(ws, mins).get("published_at")
    # the name `sb source show` prints sets the same date, as the user's reading
    r = sb("source", "set", mins, "published_at=2026-09-22", cwd=ws)
    assert r.rc == 0, r.both
    rec = _rec(ws, mins)
    assert rec["published"] == rec["published_at"] == "2026-09-22" and rec["published_from"] == "sb source set"
    assert "published_at" in sb("source", "show", mins, cwd=ws).out


def test_a_licence_read_as_another_name_says_so_and_help_lists_the_names(ws):
    (ws / "doc.md").write_text("# Doc\n\nSome text.\n", encoding="utf-8")
    sid = _sid(sb("add", "doc.md", "--tier", "A", "--reason", "the doc", cwd=ws))
    r = sb("source", "set", sid, "license=CC0-1.0", cwd=ws)
    assert r.rc == 0 and "CC0-1.0 is read as public-domain" in r.both, r.both
    r = sb("source", "set", sid, "license=cc-by", cwd=ws)
    assert r.rc == 0 and "read as" not in r.both, r.both
    r = sb("source", "set", sid, "license=MIT", cwd=ws)  # a licence sb does not know is still refused
    assert r.rc != 0 and "E-SOURCE-LICENSE" in r.both
    help_text = " ".join(sb("source", "set", "--help").out.split())
    assert "CC0-1.0" in help_text and "read as public-domain" in help_text and "published_at" in help_text


# ---- copies take the lower tier -------------------------------------------------------------

def test_a_copy_of_a_forum_post_re_added_as_tier_a_takes_tier_c(ws):
    (ws / "forum.md").write_text(FORUM, encoding="utf-8")
    (ws / "operator-notice.md").write_text(FORUM, encoding="utf-8")
    forum = _sid(sb("add", "forum.md", "--tier", "C", "--reason", "a forum post", cwd=ws))
    r = sb("add", "operator-notice.md", "--tier", "A", "--reason", "the operator", cwd=ws)
    assert r.rc == 0, r.both
    copy = _sid(r)
    assert "W-SOURCE-COPY" in r.err and f"the lower tier of the two: {copy} is now tier C (was A)" in r.err
    rec = _rec(ws, copy)
    assert rec["same_as"] == forum and rec["tier"] == "C"
    assert f"the same document as {forum} (tier C)" in rec["tier_reason"]
    r = sb("source", "set", copy, "tier=A", cwd=ws)
    assert r.rc == 1 and "E-TIER-COPY" in r.err
    rec["tier"] = "A"  # by hand
    _write_rec(ws, copy, rec)
    v = sb("verify", cwd=ws)
    assert f"E-TIER-COPY  {copy}" in v.err


def test_a_near_duplicate_found_at_extract_takes_the_lower_tier(ws):
    body = FORUM + "\n" + " ".join(f"On day {i} the rider saw boat {i * 7} leave pier {i % 5} late." for i in range(40))
    (ws / "forum.md").write_text(body, encoding="utf-8")
    (ws / "reprint.md").write_text(body.replace("# Re:", "# Reprinted:").replace("twice", "three times"),
                                   encoding="utf-8")
    sb("add", "forum.md", "--tier", "C", "--reason", "a forum post", cwd=ws)
    copy = _sid(sb("add", "reprint.md", "--tier", "B", "--reason", "a newsletter", cwd=ws))
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both
    assert "near-duplicate" in r.err and "lower tier of the two" in r.err, r.both
    assert _rec(ws, copy)["tier"] == "C"  # whichever of the two was found to copy the other


def test_an_attested_copy_keeps_its_tier(ws):
    (ws / "forum.md").write_text(FORUM, encoding="utf-8")
    (ws / "official.md").write_text(FORUM, encoding="utf-8")
    sb("add", "forum.md", "--tier", "C", "--reason", "a forum post", cwd=ws)
    r = sb("add", "official.md", "--tier", "A", "--reason", "the operator",
           "--attest", "the operator published this text; the forum quoted it whole", cwd=ws)
    assert r.rc == 0 and _rec(ws, _sid(r))["tier"] == "A"


# ---- origin in words, in every form ------------------------------------------------------------

def test_origin_words():
    from sourcebook.engines.ledger.origin import origin_words

    assert origin_words({"kind": "url", "fetch": {"status": 200}, "retrieved_at": "2026-11-02T10:00:00Z"}) == \
        "fetched by sourcebook on 2026-11-02"
    assert origin_words({"kind": "url"}) == "a capture supplied by the author, not fetched by sourcebook"
    assert origin_words({"kind": "file", "url": "https://x.example/"}) == \
        "a capture supplied by the author, not fetched by sourcebook"
    assert origin_words({"kind": "paste"}) == "text pasted by the author"
    assert origin_words({"kind": "file"}) == "a local file supplied by the author"
    assert origin_words({}) == "origin not recorded"
    assert origin_words({"kind": "paste", "attestation": {"reason": "checked", "at": "x"}}) == \
        "text pasted by the author; attested: checked"


@pytest.fixture(scope="module")
def demo_master(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "origin-demo")


@pytest.fixture
def demo(demo_master, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    root = tmp_path / "ws"
    shutil.copytree(demo_master, root)
    return root


def test_every_ledger_form_and_the_package_say_the_origin(demo, tmp_path):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        page = fh.read()
    assert '<span class="ledger-origin">(a local file supplied by the author)</span>' in page
    assert "a local file supplied by the author" in sb("ledger", "--md", cwd=demo).out
    doc = json.loads(sb("ledger", "--json", cwd=demo).out)
    assert all(ev.get("origin") == "a local file supplied by the author"
               for e in doc["ledger"] for ev in e.get("evidence") or [])
    assert "origin: a local file supplied by the author" in sb("ledger", "--sources", cwd=demo).out
    assert sb("verify", cwd=demo).rc == 0
    out = tmp_path / "dist"
    r = sb("package", "--out", str(out), cwd=demo)
    assert r.rc == 0, r.both
    prov = json.loads((out / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert {s["origin_words"] for s in prov["sources"]} == {"a local file supplied by the author"}
    assert {s["origin"] for s in prov["sources"]} == {"file"}


def test_records_without_an_origin_keep_working(demo):
    for sid in _sources(demo):
        rec = _rec(demo, sid)
        rec.pop("origin", None)
        _write_rec(demo, sid, rec)
    v = sb("verify", cwd=demo)
    assert v.rc == 0, v.both  # the origin is read from the kind: the pages say the same words


# ---- titles follow the prose rule -------------------------------------------------------------

def test_a_figure_in_a_title_no_text_states_is_refused(demo):
    sid = next(s for s in _sources(demo) if _rec(demo, s)["locator"].endswith("trade-report.md"))
    r = sb("source", "set", sid, "title=Ridership hit 48,000 a weekday in 2026", cwd=demo)
    assert r.rc == 0, r.both
    v = sb("verify", cwd=demo)
    assert v.rc == 2 and any(line.startswith(f"E-SOURCE-TITLE-FIGURE  {sid}") and "'48,000'" in line
                             for line in v.err.splitlines()), v.both


def test_a_title_whose_figures_the_source_states_passes(demo):
    sid = next(s for s in _sources(demo) if _rec(demo, s)["locator"].endswith("trade-report.md"))
    r = sb("source", "set", sid, "title=Water buses carry 38,500 a weekday this summer", cwd=demo)
    assert r.rc == 0, r.both
    v = sb("verify", cwd=demo)
    assert "E-SOURCE-TITLE-FIGURE" not in v.err


def _demo_source(demo, name: str) -> str:
    return next(s for s in _sources(demo) if _rec(demo, s)["locator"].endswith(name))


def _record_codes(demo) -> set[str]:
    v = sb("verify", "--json", "--no-cache", cwd=demo)
    doc = json.loads(v.out)
    return {d["code"] for g in doc["gates"] if g["gate"] == "source-records" for d in g["details"]}


@pytest.mark.parametrize("title, refused", [
    ("Calder Bay Water Bus Authority: summer ridership release", True),
    ("Summer ridership release | Calder Bay Water Bus Authority", True),
    ("Summer ridership, by the Calder Bay Water Bus Authority", True),
    ("The Ferry Ledger: water buses win riders as the bridge closes", False),  # its own publisher
    ("Calder Bay Water Bus Authority ridership, as the trade press saw it", False),  # a subject, no author
    ("Water buses win riders", False),
])
def test_a_title_set_by_hand_gives_the_document_to_no_other_publisher(demo, title, refused):
    """The trade paper's report retitled as the Authority's own release: the ledger would show
    it as the operator's word. A title that names its own publisher, or the Authority as its
    subject, passes."""
    sid = _demo_source(demo, "trade-report.md")
    assert sb("source", "set", sid, f"title={title}", cwd=demo).rc == 0
    assert ("E-SOURCE-TITLE-PUBLISHER" in _record_codes(demo)) == refused, title


@pytest.mark.parametrize("who, publisher, refused", [
    ("trade-report.md", "Calder Bay Water Bus Authority", True),  # its dateline says The Ferry Ledger
    ("trade-report.md", "The Ferry Ledger", False),  # the name its dateline opens with
    ("trade-report.md", "Ferry Ledger Media", False),  # no other source's publisher
    ("operator-status.md", "Calder Bay Water Bus Authority", False),  # its own
])
def test_a_publisher_the_source_s_dateline_contradicts_is_refused(demo, who, publisher, refused):
    """The trade paper's report given the operator as its publisher would read as the operator's
    own word in every ledger form, though the top of its text says "*The Ferry Ledger, 2 October
    2026*"; the name the dateline gives, or a name no other source has, passes."""
    sid = _demo_source(demo, who)
    assert sb("source", "set", sid, f"publisher={publisher}", cwd=demo).rc == 0
    assert ("E-SOURCE-PUBLISHER-DATELINE" in _record_codes(demo)) == refused, (who, publisher)


def test_a_dateline_names_whose_the_document_is():
    from sourcebook.domain.gate.gates.records.source_records import dateline_name

    assert dateline_name("# Report\n\n*The Ferry Ledger, 2 October 2026. By Ines Marlow.*\n") == "The Ferry Ledger"
    assert dateline_name("# Thread\n\nPosted by admin on 2 October 2026\n") is None
    assert dateline_name("# Minutes\n\n*Meeting of 21 September 2026*\n") is None


@pytest.mark.parametrize("published, refused", [("2026-10-30", True), ("2026-10-02", False), ("2026-10-03", False),
                                                ("2026-09-30", False)])
def test_a_publication_date_later_than_the_source_s_dateline_is_refused(demo, published, refused):
    """The trade report is dated "*The Ferry Ledger, 2 October 2026.*" at its top: recorded as
    published on 30 October it looks newer than the operator's page of 14 October. The day of
    the dateline, the day after it (a time zone) or a day before pass."""
    sid = _demo_source(demo, "trade-report.md")
    assert sb("source", "set", sid, f"published={published}", cwd=demo).rc == 0
    assert ("E-SOURCE-PUBLISHED-LATE" in _record_codes(demo)) == refused, published


def test_a_dateline_is_a_line_that_dates_the_document():
    from sourcebook.domain.gate.gates.records.source_records import dateline

    assert dateline("# Report\n\n*The Ferry Ledger, 2 October 2026. By Ines Marlow.*\n\nText.") == "2026-10-02"
    assert dateline("# Status\n\n*Calder Bay Water Bus Authority. Updated 14 October 2026.*\n") == "2026-10-14"
    assert dateline("# Status\n\nThe Authority, 3 May 2026\n", "The Authority") == "2026-05-03"
    # a date in a title, or a line that tells what the document is about, dates no document
    assert dateline("# Transport Committee minutes, 21 September 2026\n\nPresent: four.") is None
    assert dateline("# Minutes\n\n*Meeting of 21 September 2026*\n") is None


@pytest.mark.parametrize("who, url, refused", [
    ("forum-thread.md", "https://calderbay.example/water-bus/status", True),  # the operator's page
    ("forum-thread.md", "https://calder-commuters-forum.example/t/81", False),
    ("operator-status.md", "https://calderbay.example/water-bus/status", False),  # its claims are rechecked there
])
def test_a_url_that_is_another_source_s_address_is_refused(demo, who, url, refused):
    """The forum thread given the operator's status page as its address would send a reader to
    the operator's page for the riders' hearsay; the operator's own copy of that page may carry it."""
    sid = _demo_source(demo, who)
    assert sb("source", "set", sid, f"url={url}", "attest=checked against the live page", cwd=demo).rc == 0
    assert ("E-SOURCE-URL-TAKEN" in _record_codes(demo)) == refused, (who, url)


def test_two_sources_at_one_address_with_different_texts_are_refused(demo):
    from sourcebook.domain.gate.gates.records.source_records import address_taken

    records = {"src_a": {"kind": "url", "locator": "https://x.example/p", "normalized_sha256": "1"},
               "src_b": {"kind": "file", "url": "https://x.example/p/", "normalized_sha256": "2"}}
    assert address_taken("src_b", records, []) == ("https://x.example/p", "src_a")
    records["src_b"]["same_as"] = "src_a"  # a copy of the same page, linked as such
    assert address_taken("src_b", records, []) is None
    records["src_b"].pop("same_as")
    records["src_b"]["normalized_sha256"] = "1"  # the same text
    assert address_taken("src_b", records, []) is None


@pytest.mark.parametrize("who, byline, refused", [
    ("forum-thread.md", "Calder Bay Water Bus Authority", True),  # the riders' thread as the operator's
    ("forum-thread.md", "Calder Bay Water Bus Authority press office", True),
    ("forum-thread.md", "harbourcommuter", False),  # a poster the thread names
    ("trade-report.md", "Ines Marlow", False),  # the byline its text states
    ("operator-status.md", "Calder Bay Water Bus Authority", False),  # its own publisher
])
def test_a_byline_set_by_hand_names_no_other_source_s_publisher(demo, who, byline, refused):
    """The forum thread given the Authority as its byline would read as the operator's word in
    the ledger; a poster's name, or a byline naming the source's own publisher, passes."""
    sid = _demo_source(demo, who)
    assert sb("source", "set", sid, f"byline={byline}", cwd=demo).rc == 0
    assert ("E-SOURCE-BYLINE-PUBLISHER" in _record_codes(demo)) == refused, (who, byline)


@pytest.mark.parametrize("published, refused", [("2026-06-01", True), ("2026-09-20", True), ("2026-09-27", False),
                                                ("2026-10-02", False)])
def test_a_publication_date_much_earlier_than_the_source_s_dateline_is_refused(demo, published, refused):
    """The trade report dated 2 October recorded as published on 1 June looks older than the
    operator's page; a few days before its dateline (a print edition, a weekly issue) passes."""
    sid = _demo_source(demo, "trade-report.md")
    assert sb("source", "set", sid, f"published={published}", cwd=demo).rc == 0
    assert ("E-SOURCE-PUBLISHED-EARLY" in _record_codes(demo)) == refused, published


def test_a_revision_line_dates_no_first_publication():
    from sourcebook.domain.gate.gates.records.source_records import published_before_dateline

    text = "# Status\n\n*Calder Bay Water Bus Authority. Updated 14 October 2026.*\n"
    rec = {"published": "2026-05-01", "published_from": "sb source set", "publisher": "Calder Bay Water Bus Authority"}
    assert published_before_dateline(rec, text) is None  # first published long before its last update
    assert published_before_dateline(rec, text.replace("Updated", "Published")) == ("2026-05-01", "2026-10-14")


def test_the_record_rules_read_the_top_of_a_text_only_when_its_record_calls_for_it():
    """The source-records gate hands each rule what reads the top of the text: a record whose
    fields give no rule anything to judge (a title the page gave, no date, byline or shared
    publisher) reads nothing; one that does reads it once, and the rules judge it as they judge
    the text itself."""
    from sourcebook.domain.gate.gates.records import source_records as sr

    text = "# Status\n\n*Calder Bay Water Bus Authority. Published 14 October 2026.*\n"
    reads: list[int] = []

    def head():
        reads.append(1)
        return text

    quiet = {"title": "Status", "title_from": "page", "publisher": "Calder Bay Water Bus Authority"}
    records = {"src_a": quiet, "src_b": {"publisher": "The Ferry Ledger"}}
    for rule in (sr.published_after_dateline, sr.published_before_dateline):
        assert rule(quiet, head) is None
    assert sr.title_given_to(quiet, head, records) is None and sr.byline_given_to(quiet, head, records) is None
    assert sr.publisher_given_to("src_a", quiet, head, records) is None
    assert reads == []
    dated = dict(quiet, published="2026-11-20", published_from="sb source set")
    assert sr.published_after_dateline(dated, head) == sr.published_after_dateline(dated, text) == \
        ("2026-11-20", "2026-10-14")
    assert reads == [1]


@pytest.mark.parametrize("who, url, refused", [
    ("forum-thread.md", "https://calderbay.example/water-bus/forum/tidewater-pass", True),  # the operator's site
    ("forum-thread.md", "https://calder-commuters-forum.example/t/81", False),
    ("operator-status.md", "https://calderbay.example/water-bus/fares", False),  # its own site, another page
    ("council-minutes.html", "https://calderbay.example/council/minutes", False),  # a site named for it too
])
def test_a_url_on_another_publisher_s_site_is_refused(demo, who, url, refused):
    """The forum thread given an address on the operator's site (where the operator's claims are
    re-checked) would look like the operator's own page; two pages of one site, or a site named
    for the source's own publisher, pass."""
    sid = _demo_source(demo, who)
    assert sb("source", "set", sid, f"url={url}", "attest=checked against the live page", cwd=demo).rc == 0
    assert ("E-SOURCE-URL-HOST" in _record_codes(demo)) == refused, (who, url)


def test_a_host_shared_by_many_publishers_or_named_in_the_text_passes():
    from sourcebook.domain.gate.gates.records.source_records import host_given_to

    records = {"src_a": {"kind": "url", "locator": "https://calderbay.example/status", "publisher": "Calder Bay"},
               "src_b": {"kind": "file", "url": "https://calderbay.example/forum/1", "publisher": "A forum"}}
    assert host_given_to("src_b", records, [], "Riders write.") == (
        "https://calderbay.example/forum/1", "Calder Bay", "src_a")
    assert host_given_to("src_b", records, [], "Posted on calderbay.example by a rider.") is None
    records["src_a"]["locator"] = records["src_a"]["locator"].replace("calderbay", "medium")
    records["src_b"]["url"] = records["src_b"]["url"].replace("calderbay", "medium")
    assert host_given_to("src_b", records, [], "Riders write.") is None  # a platform named for neither


def test_a_file_name_title_whose_digits_the_text_writes_in_an_address_passes(ws):
    """A text that names itself nowhere (no title heading) is titled by its file name,
    go-12914-monotonic.md; the text writes 12914 only in its discussion link. The digits are the
    source's own: no refusal, as for a title with a figure no text states."""
    (ws / "go-12914-monotonic.md").write_text(
        "Author: Russ Cox\n\nDiscussion: [https://golang.org/issue/12914](https://golang.org/issue/12914).\n\n"
        "Comparison of times can go wrong if the wall clock is reset.\n", encoding="utf-8")
    assert sb("add", "go-12914-monotonic.md", "--tier", "A", "--reason", "the design document", cwd=ws).rc == 0
    assert sb("extract", cwd=ws).rc == 0
    sid = next(n for n in os.listdir(ws / "sources") if n.startswith("src_"))
    quote = "Comparison of times can go wrong if the wall clock is reset."
    claims = {"claims": [{"text": quote, "topic_key": "go.time", "kind": "fact", "confidence": "verified",
                          "evidence": [{"source_id": sid, "quote": quote}]}]}
    (ws / "c.json").write_text(json.dumps(claims), encoding="utf-8")
    assert sb("claim", "add", "--file", "c.json", cwd=ws).rc == 0
    assert _rec(ws, sid)["title"] == "go 12914 monotonic"
    v = sb("verify", cwd=ws)
    assert "E-SOURCE-TITLE-FIGURE" not in v.err, v.both
    assert sb("source", "set", sid, "title=go 12915 monotonic", cwd=ws).rc == 0
    v = sb("verify", cwd=ws)
    assert "E-SOURCE-TITLE-FIGURE" in v.err, v.both


def test_a_file_name_number_led_by_zeros_is_named_by_the_number_its_text_writes():
    """rfc-0560-integer-overflow.md, whose text writes 560 only in its pull request's address:
    "0560" of the title sourcebook took is the number 560, which the text writes; 0561 is not,
    and neither 1560 nor 5600 writes 560."""
    from sourcebook.domain.ledger.clean_fact import unbacked_figures

    text = "- RFC PR #: https://github.com/rust-lang/rfcs/pull/560\n\n## Summary\n\nOverflow is checked.\n"
    assert unbacked_figures({"title": "rfc 0560 integer overflow", "title_from": "file name"}, text, []) == []
    wrong = unbacked_figures({"title": "rfc 0561 integer overflow", "title_from": "file name"}, text, [])
    assert [f.written for f in wrong] == ["0561"]
    other = unbacked_figures({"title": "rfc 0560 integer overflow"}, "See 1560 and 5600.", [])
    assert [f.written for f in other] == ["0560"]


# ---- a figure filed under another topic key ---------------------------------------------------

def test_a_conflicting_figure_under_another_topic_opens_a_candidate(demo):
    from sourcebook.base.ids import claim_id

    with open(os.path.join(demo, "ledger", "claims.json"), encoding="utf-8") as fh:
        summer = next(c for c in json.load(fh)["claims"] if "38,500" in c["text"])
    text = "Weekday ridership averaged 48,500 passengers over the summer."
    ev = summer["evidence"][0]
    item = {"text": text, "topic_key": "ridership.peak", "kind": "number", "confidence": "reported",
            "evidence": [{"source_id": ev["source_id"], "quote": ev["quote"]}]}
    r = sb("claim", "add", "--json", json.dumps(item), cwd=demo)
    assert r.rc == 0, r.both  # stored (its figure is refused by claim-text at verify, W- here)
    out = json.loads(sb("contradictions", "--json", cwd=demo).out)
    cross = [c for c in out if c["detectors"] == ["cross-topic"]]
    assert cross and claim_id(text) in cross[0]["claim_ids"] and summer["id"] in cross[0]["claim_ids"]
    # the listing says how to decide it: a decision names one topic, so the claims go under one key
    listed = sb("contradictions", cwd=demo).out
    assert "sb claim set" in listed and "--topic" in listed and "ridership.peak" in listed, listed
    v = sb("verify", cwd=demo)
    assert any(line.startswith("E-CLUSTER-OPEN") and "ridership.peak" in line and "--topic" in line
               for line in v.err.splitlines()), v.both


def test_measures_in_different_units_are_not_candidates():
    from sourcebook.domain.ledger.contradictions import cross_topic

    def c(i, text, topic):
        return {"id": f"clm_{i:012x}", "text": text, "topic_key": topic, "kind": "number", "status": "active"}

    claims = [c(1, "The water bus carried 31,000 passengers per weekday in the year to September.", "ridership.year"),
              c(2, "The water bus carried 9,000 passengers on the average Sunday in the year to September.",
                "ridership.sunday"),
              c(3, "A single adult fare costs 3.40 marks.", "fare.single")]
    assert cross_topic(claims) == []


class _TitleCtx:
    """What the titles gate reads of a workspace: one source "s", its title and text, and one
    active claim quoting it."""

    def __init__(self, title: str, text: str, quote: str, title_from: str | None = None) -> None:
        self._title, self._text, self._from = title, text, title_from
        self.active = [{"text": "x", "evidence": [{"source_id": "s", "quote": quote}]}]
        self.cache = SimpleNamespace(enabled=False)  # nothing remembered: every title is judged

    def source(self, _sid):
        return {"title": self._title, **({"title_from": self._from} if self._from else {})}

    def text(self, _sid):
        return self._text


def test_a_title_figure_is_looked_for_near_its_digits_then_in_the_whole_text():
    """The titles gate reads the paragraphs holding a figure's digits before the whole text; a
    figure only a number word states far from any digits ("a dozen" for the 12 of "twelve") is still backed,
    and one no paragraph states is still refused."""
    from sourcebook.domain.gate.gates.records import titles

    text = ("# Notes\n\nIntroduction without numbers.\n\nThe 2019 draft was long.\n\n"
            "A dozen projects call it.\n")
    from sourcebook.domain.ledger.clean_fact import _near
    from sourcebook.engines.text.figures import find_figures

    near = _near(text, find_figures("The 2019 notes"))
    assert "2019" in near and "Introduction" not in near
    for title, refused in (("The 2019 notes", False), ("Twelve projects", False), ("The 2020 notes", True)):
        res = titles._judge(_TitleCtx(title, text, "Introduction"))
        assert bool(res.findings) is refused, (title, res.findings)


def test_a_file_name_identifier_is_named_by_its_numbers_without_leading_zeros():
    """A source titled by its file name, pep-0413.txt, whose text is headed "PEP: 413": the
    file's own name is no figure the text lacks; another number is still refused."""
    from sourcebook.domain.gate.gates.records import titles

    text = "PEP: 413\nTitle: Python stdlib versioning\n\nThis PEP proposes a new versioning scheme.\n"
    for title, refused in (("pep-0413.txt", False), ("pep-0414.txt", True)):
        assert bool(titles._judge(_TitleCtx(title, text, "This PEP proposes")).findings) is refused, title


def test_a_document_label_and_number_are_named_by_a_header_field():
    """The title sourcebook builds from a PEP's header ("PEP 3143 – Standard daemon process
    library" of "PEP:               3143") states no figure its text lacks; another number, or
    the same number under another label, is still refused."""
    from sourcebook.domain.gate.gates.records import titles

    text = "PEP:               3143\nTitle:             Standard daemon process library\n\nA daemon.\n"
    for title, refused in (("PEP 3143 – Standard daemon process library", False),
                           ("PEP 3144 – Standard daemon process library", True),
                           ("RFC 3143 – Standard daemon process library", True)):
        assert bool(titles._judge(_TitleCtx(title, text, "A daemon.")).findings) is refused, title


@pytest.mark.parametrize("title, taken, refused", [
    # sourcebook's own title ends with the site's name: digits glued to letters or in a host name
    ("Kindle for PCをCtrl＋Alt＋Kで立ち上がらなくする方法 | ノート100YEN.com", "page", False),
    ("Ten tips | web3.example", "page", False),
    ("Ten tips | 365.example.org", "page", False),
    ("Ten tips | Site99", "page", False),
    # the same words typed by the user are the user's: each figure is checked
    ("Kindle for PCをCtrl＋Alt＋Kで立ち上がらなくする方法 | ノート100YEN.com", None, True),
    ("Ten tips | Site99", None, True),
    # a figure that is no name stays refused even in a title sourcebook took
    ("The 2031 tips | ノート100YEN.com", "page", True),
    ("Top 12 tips | 365.example.org", "page", True),
    ("Route W9 timetable", None, True),
])
def test_a_site_name_with_digits_in_a_title_sourcebook_took_is_a_name(title, taken, refused):
    from sourcebook.domain.gate.gates.records import titles

    text = "# 方法\n\nショートカットキーを「なし」にします。\n\nTen tips for the pass.\n"
    res = titles._judge(_TitleCtx(title, text, "ショートカットキーを「なし」にします。", taken))
    assert bool(res.findings) is refused, (title, res.findings)


def test_a_page_title_is_recorded_as_taken_and_a_title_set_by_hand_is_not(ws):
    """`sb extract` records that it took the title from the page (title_from), and its site name
    with digits passes verify; `sb source set title=` makes the title the user's, read whole."""
    (ws / "p.html").write_text(
        "<html lang=ja><head><title>ショートカットキーの直し方 | ノート100YEN.com</title></head><body><article>"
        "<h1>ショートカットキーの直し方</h1><p>ショートカットキーを「なし」にすると、Kindleは起動しなくなります。</p>"
        "</article></body></html>", encoding="utf-8")
    assert sb("add", "p.html", "--tier", "C", "--reason", "a blog", cwd=ws).rc == 0
    assert sb("extract", cwd=ws).rc == 0
    sid = next(n for n in os.listdir(ws / "sources") if n.startswith("src_"))
    rec = _rec(ws, sid)
    assert rec["title"].endswith("ノート100YEN.com") and rec["title_from"] == "page", rec
    quote = "ショートカットキーを「なし」にすると、Kindleは起動しなくなります。"
    claims = [{"text": quote, "topic_key": "kindle.key", "kind": "fact", "confidence": "reported",
               "evidence": [{"source_id": sid, "quote": quote}]}]
    assert sb("claim", "add", "--json", json.dumps(claims), cwd=ws).rc == 0
    v = sb("verify", cwd=ws)
    assert "E-SOURCE-TITLE-FIGURE" not in v.err, v.both
    assert sb("source", "set", sid, "title=ショートカットキーの直し方 | ノート200YEN.com", cwd=ws).rc == 0
    assert "title_from" not in _rec(ws, sid)
    v = sb("verify", cwd=ws)
    assert "E-SOURCE-TITLE-FIGURE" in v.err and "200YEN" in v.err, v.both


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet="0123456789 a-٣", max_size=30), st.integers(min_value=0, max_value=999), st.booleans())
def test_a_title_number_is_found_in_the_text_as_the_pattern_finds_it(text, n, zeros):
    # the titles gate searches a number where it matched a pattern built for it: the same answer
    import re

    from sourcebook.domain.ledger.clean_fact import _writes

    pattern = rf"(?<!\d){'0*' if zeros else ''}{n}(?!\d)"
    assert _writes(text, str(n), zeros=zeros) == (re.search(pattern, text) is not None)


def _tier_codes(demo) -> dict[str, set[str]]:
    v = sb("verify", "--json", "--no-cache", cwd=demo)
    doc = json.loads(v.out)
    out: dict[str, set[str]] = {}
    for g in doc["gates"]:
        if g["gate"] == "tiers":
            for d in g["details"]:
                out.setdefault(d["code"], set()).add(d.get("subject") or d.get("id") or json.dumps(d))
    return out


@pytest.mark.parametrize("reason, tier, codes", [
    ("the operator's own status page", "A", {"E-TIER-REASON-COPIED", "E-TIER-REPLY"}),  # the operator's reason
    ("the operator's own status page", "B", {"E-TIER-REASON-COPIED"}),
    ("a rider's first-hand report", "A", {"E-TIER-REPLY"}),  # a reply in a thread is no primary document
    ("a rider's first-hand report, read and checked", "B", set()),  # its own words, attested
])
def test_a_forum_reply_rated_with_another_source_s_reason_is_refused(demo, reason, tier, codes):
    """The riders' forum thread re-rated A with the operator's page's reason, word for word: the
    ledger shows the hearsay as if the operator's. Its own reason at tier B, attested, passes."""
    sid = _demo_source(demo, "forum-thread.md")
    r = sb("source", "set", sid, f"tier={tier}", f"reason={reason}", "attest=read and checked by the author", cwd=demo)
    assert r.rc == 0, r.both
    got = _tier_codes(demo)
    assert set(got) & {"E-TIER-REASON-COPIED", "E-TIER-REPLY"} == codes, got


def test_one_publisher_s_sources_may_share_a_reason(demo):
    """Two notices of the same operator may give one reason."""
    ja, ru = _demo_source(demo, "ja-notice.md"), _demo_source(demo, "ru-notice.md")
    for sid in (ja, ru):
        assert sb("source", "set", sid, "reason=the operator's own notice", cwd=demo).rc == 0
    assert "E-TIER-REASON-COPIED" not in _tier_codes(demo)


def test_a_field_line_names_no_publisher():
    from sourcebook.domain.gate.gates.records.source_records import dateline_name

    assert dateline_name("- Start Date: 2014-10-27\n\n# Release channels\n") is None
    assert dateline_name("# Status\n\n*Calder Bay Water Bus Authority. Updated 14 October 2026.*\n") == \
        "Calder Bay Water Bus Authority"
