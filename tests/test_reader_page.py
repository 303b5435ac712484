"""Pages as a reader sees them: the article and its standfirst, captions marked as captions,
teaser lists and story feeds dropped by structure, byline and dates read with their tag, and
PDF section headings from the outline or numbered titles."""

from __future__ import annotations

import io
import os

import conftest  # noqa: F401
import pytest

from sourcebook.engines.html.captions import caption_spans, in_caption
from sourcebook.engines.html.dates import settle
from sourcebook.engines.html.extract import extract_html
from sourcebook.engines.html.meta import normalize_date
from sourcebook.engines.html.trim import trim

HERE = os.path.join(os.path.dirname(__file__), "fixtures", "reader")
PARA = ("Paragraph {} of the article tells what happened in the town, and why it matters to the "
        "people who live there, said the mayor.")
SUMMARY = ("The council will meet again next week to decide, after a long and heated debate among "
           "its members, whether the plan goes ahead, and residents can send comments until Friday.")


def _read(name: str) -> str:
    with open(os.path.join(HERE, name), encoding="utf-8") as fh:
        return fh.read()


def news() -> str:
    return extract_html(_read("news_page.html"), "https://courier.example/news/floods").text


def test_news_page_matches_its_golden_text():
    """The whole reading text of a news page whose markup uses no telling class names."""
    assert news() == _read("news_page.md")


def test_standfirst_is_the_opening():
    text = news()
    assert text.startswith("## Shops along the quay reopened on Monday, a week after the river broke its banks")
    assert "By Maria Lind" not in text  # the byline line under the headline is not the standfirst


def test_captions_are_caption_blocks_not_prose():
    text = news()
    spans = caption_spans(text)
    assert [text[a:b] for a, b in spans] == [
        "Volunteers cleared mud from the quay on Sunday. Photo: Tom Berg",
        "Anna Holt in her bakery, which reopened on Monday. (Image: Tom Berg)"]
    q = text.index("(Image: Tom Berg)")
    assert in_caption(text, q, q + len("(Image: Tom Berg)"))
    p = text.index("The council said on Monday")
    assert not in_caption(text, p, p + 20)
    # the caption never runs into the paragraph around it
    assert "lost,\" said Anna Holt, who runs the bakery on the corner of Mill Lane.\n\n::: caption\n" in text


def test_teaser_list_and_story_feed_dropped():
    text = news()
    for gone in ("More from the Courier", "Old bridge closed", "Read More", "[TechDaily]", "[MoneyWise]",
                 "The Valley Courier", "All rights reserved"):
        assert gone not in text
    assert text.rstrip().endswith("before the river reached its top.")


def test_link_headed_items_after_the_article_end_are_dropped_before_they_are_not():
    body = "".join(f"<p>{PARA.format(i)}</p>" for i in range(5))
    items = "".join(f"<li><a href='/s{i}'>Another story headline number {i}</a><p>{SUMMARY}</p></li>" for i in range(3))
    after = extract_html(f"<html><body><div><h1>T</h1><div>{body}<ul>{items}</ul></div></div></body></html>").text
    assert "Another story headline" not in after and "Paragraph 4" in after
    # the same list in the middle of the article is content (a list of resources)
    middle = extract_html(f"<html><body><div><h1>T</h1><div>{body[:400]}<ul>{items}</ul>{body}"
                          "</div></div></body></html>").text
    assert "Another story headline number 2" in middle


def test_a_list_article_keeps_its_items():
    items = "".join(f"<li><a href='/t{i}'>Tool number {i} for the workshop</a><p>{SUMMARY}</p></li>" for i in range(6))
    text = extract_html(f"<html><body><article><h1>Six tools</h1><p>{PARA.format(0)}</p><ul>{items}</ul>"
                        "</article></body></html>").text
    assert text.count("Tool number") == 6


def test_article_wrapped_in_a_share_named_container_is_kept():
    body = "".join(f"<p>{PARA.format(i)}</p>" for i in range(6))
    html = (f"<html><body><div class='entry share-enabled'>{body}</div>"
            f"<div class='share'><a href='/f'>Share on Facebook</a> <a href='/t'>Share on X</a></div>"
            + "".join(f"<div class='sidebar'><p>{PARA.format(9)}</p></div>" for _ in range(8)) + "</body></html>")
    text = extract_html(html).text
    assert "Paragraph 0" in text and "Paragraph 5" in text and "Share on" not in text


def test_leftover_headings_and_lead_ins_are_trimmed():
    text = "# Title\n\nThe article's only paragraph, which ends here.\n\n## Related stories\n\nRead also:"
    out, links = trim(text, [(0, 7, "https://a.example/")])
    assert out == "# Title\n\nThe article's only paragraph, which ends here."
    assert links == [(0, 7, "https://a.example/")]
    # a heading followed by its own text stays; so does a long sentence set as a heading
    keep = "## Why\n\nBecause it rained.\n\n#### The river rose faster than anyone had seen in forty years, said the mayor.\n\n#### Next"
    assert trim(keep, [])[0] == keep.rsplit("\n\n", 1)[0]


def test_byline_and_dates_with_the_tag_that_said_them():
    meta = extract_html(_read("news_page.html")).meta
    assert meta["byline"] == "Maria Lind" and meta["byline_from"] == "json-ld author"
    assert meta["publisher"] == "The Valley Courier" and meta["publisher_from"] == "meta property=og:site_name"
    # JSON-LD and <meta> give the same moment in two zones: one date, from the first tag
    assert (meta["published"], meta["published_from"]) == ("2024-03-11", "json-ld datePublished")
    assert (meta["modified"], meta["modified_from"]) == ("2024-03-12", "json-ld dateModified")
    assert meta["dates_note"] is None and meta["published_at"] == "2024-03-11"


def test_conflicting_dates_are_recorded_not_guessed():
    head = ("<meta property='article:published_time' content='2024-03-11T07:30:00Z'>"
            "<script type='application/ld+json'>{\"@type\": \"Article\", \"datePublished\": \"2024-02-01\"}</script>")
    meta = extract_html(f"<html><head>{head}</head><body><article><p>{PARA.format(1)}</p></article></body></html>").meta
    assert meta["published"] is None and meta["published_at"] is None
    assert meta["dates_note"] == ("published: the page states different dates: 2024-02-01 (json-ld datePublished), "
                                  "2024-03-11 (meta property=article:published_time)")
    times = "<time datetime='2023-05-02'>2 May</time><time datetime='2023-06-09'>9 June</time>"
    meta = extract_html(f"<html><body><article>{times}<p>{PARA.format(1)}</p></article></body></html>").meta
    assert meta["published"] is None and "2023-05-02 (time datetime), 2023-06-09 (time datetime)" in meta["dates_note"]
    assert settle([("03/04/2020", "meta name=date")], normalize_date) == (
        None, None, "not read as a date: '03/04/2020' (meta name=date)")
    assert normalize_date("10.12.2022, 07:00") == "2022-12-10"


def test_source_records_reader_fields_and_ledger_lists_them(ws):
    import json

    from conftest import sb

    from sourcebook.engines.ledger.ledger_sources import render

    (ws / "floods.html").write_text(_read("news_page.html"), encoding="utf-8")
    r = sb("add", "floods.html", "--tier", "B", "--reason", "local paper", cwd=ws)
    assert r.rc == 0, r.both
    assert sb("extract", cwd=ws).rc == 0
    shown = sb("source", "show", _only_source(ws), "--json", cwd=ws)
    assert shown.rc == 0, shown.both
    rec = json.loads(shown.out)["source"]
    assert rec["byline"] == "Maria Lind" and rec["published"] == "2024-03-11" and rec["modified"] == "2024-03-12"
    assert rec["published_from"] == "json-ld datePublished"
    listed = render({rec["id"]: rec}, [])
    assert "by Maria Lind · published 2024-03-11 · modified 2024-03-12" in listed


def test_source_set_edits_byline_and_dates_and_extraction_keeps_them(ws):
    import json

    from conftest import sb

    (ws / "floods.html").write_text(_read("news_page.html"), encoding="utf-8")
    assert sb("add", "floods.html", "--tier", "B", "--reason", "local paper", cwd=ws).rc == 0
    assert sb("extract", cwd=ws).rc == 0
    sid = _only_source(ws)
    r = sb("source", "set", sid, "byline=Maria Lind and Tom Berg", "published=2024-03-10",
           "modified=12 March 2024", cwd=ws)
    assert r.rc == 0, r.both

    def record() -> dict:
        return json.loads(sb("source", "show", sid, "--json", cwd=ws).out)["source"]

    rec = record()
    assert (rec["byline"], rec["byline_from"]) == ("Maria Lind and Tom Berg", "sb source set")
    assert (rec["published"], rec["published_from"], rec["published_at"]) == ("2024-03-10", "sb source set", "2024-03-10")
    assert (rec["modified"], rec["modified_from"]) == ("2024-03-12", "sb source set")
    # a publisher the page's tag stated, changed by the user, no longer says the tag stated it
    assert record()["publisher_from"] == "meta property=og:site_name"
    assert sb("source", "set", sid, "publisher=The Valley Courier Group", cwd=ws).rc == 0
    assert (record()["publisher"], record()["publisher_from"]) == ("The Valley Courier Group", "sb source set")
    # the ledger and the Sources list say whose word a byline or date is: not the page's
    from sourcebook.engines.ledger.ledger_sources import reader_line
    from sourcebook.engines.ledger.origin import credit_words

    assert credit_words(record()) == ["by Maria Lind and Tom Berg, as the author recorded it",
                                      "published 2024-03-10, as the author recorded it"]
    assert "by Maria Lind and Tom Berg, as the author recorded it" in reader_line(record())
    assert credit_words({"byline": "Maria Lind", "byline_from": "json-ld author"}) == ["by Maria Lind"]
    # a later extraction reads the page again but keeps what the user set
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert record()["byline"] == "Maria Lind and Tom Berg" and record()["published"] == "2024-03-10"
    # an empty value clears the user's reading, and the next extraction takes the page's again
    assert sb("source", "set", sid, "byline=", cwd=ws).rc == 0
    assert "byline" not in record() and "byline_from" not in record()
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert (record()["byline"], record()["byline_from"]) == ("Maria Lind", "json-ld author")
    # a modification date must read as a day; nothing is changed otherwise
    bad = sb("source", "set", sid, "modified=soon", "byline=X", cwd=ws)
    assert bad.rc == 1 and "E-USAGE" in bad.err and "YYYY-MM-DD" in bad.err
    assert record()["byline"] == "Maria Lind"
    # a year alone is a publication date's text, kept as published_at only
    assert sb("source", "set", sid, "published=2024", cwd=ws).rc == 0
    assert record()["published_at"] == "2024" and "published" not in record()
    shown = " ".join(sb("source", "set", "--help", cwd=ws).out.split())
    assert "byline=\"A. Writer\" published=2024-05-01 modified=2024-05-03" in shown
    assert "a later `sb extract --force` keeps it" in shown


def test_a_date_set_by_the_user_takes_its_part_of_the_dates_note_away():
    from sourcebook.domain.sources.edit import without_user_dates

    note = ("published: not read as a date: '03/04/2020' (meta name=date); 'spring' (time datetime); "
            "modified: the page states different dates: 2024-02-01 (a), 2024-03-11 (b)")
    assert without_user_dates(note, {"published"}) == "modified: the page states different dates: 2024-02-01 (a), 2024-03-11 (b)"
    assert without_user_dates(note, {"modified"}) == ("published: not read as a date: '03/04/2020' (meta name=date); "
                                                      "'spring' (time datetime)")
    assert without_user_dates(note, {"published", "modified"}) is None


def _only_source(ws) -> str:
    return sorted(os.listdir(os.path.join(ws, "sources")))[0]


try:
    import pypdf
    HAVE_PYPDF = True
except ImportError:
    HAVE_PYPDF = False


@pytest.mark.skipif(not HAVE_PYPDF, reason="pypdf is not installed")
def test_pdf_outline_gives_headings_and_pages_move_with_them():
    from test_pdf import make_pdf

    from sourcebook.engines.pdf.extract import extract_pdf

    raw = make_pdf([["Introduction", "The grid reached a new peak demand of 41 gigawatts."],
                    ["Methods", "We read the meters every hour, at every substation."],
                    ["2.1 Meter data", "Each meter reports its load and its voltage."]])
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(raw)))
    writer.add_outline_item(title="Introduction", page_number=0)
    methods = writer.add_outline_item(title="Methods", page_number=1)
    writer.add_outline_item(title="Meter data", page_number=2, parent=methods)
    buf = io.BytesIO()
    writer.write(buf)
    r = extract_pdf(buf.getvalue())
    assert [ln for ln in r.text.splitlines() if ln.startswith("#")] == [
        "# Introduction", "# Methods", "## 2.1 Meter data"]
    for p, first in zip(r.pages, ("# Introduction", "# Methods", "## 2.1 Meter data"), strict=True):
        assert r.text[p["start"]:p["end"]].startswith(first)


@pytest.mark.skipif(not HAVE_PYPDF, reason="pypdf is not installed")
def test_pdf_numbered_titles_without_outline_and_hash_lines_escaped():
    from test_pdf import make_pdf

    from sourcebook.engines.pdf.extract import extract_pdf

    raw = make_pdf([["1 Introduction", "The grid reached a new peak demand of 41 gigawatts."],
                    ["2 Methods", "We read the meters every hour.", "# a comment in a sample"],
                    ["2.1 Meter data", "Each meter reports its load and its voltage."],
                    ["5 Steps of a list", "that do not run in order are not sections."]])
    text = extract_pdf(raw).text
    assert [ln for ln in text.splitlines() if ln.startswith("#")] == [
        "# 1 Introduction", "# 2 Methods", "## 2.1 Meter data"]
    assert "\\# a comment in a sample" in text


@pytest.mark.skipif(not HAVE_PYPDF, reason="pypdf is not installed")
def test_pdf_search_hits_name_their_section(ws):
    from conftest import sb
    from test_pdf import make_pdf

    (ws / "grid.pdf").write_bytes(make_pdf([["1 Introduction", "The grid reached a new peak demand of 41 gigawatts."],
                                            ["2 Methods", "We read the substation meters every hour of the day."]]))
    assert sb("add", "grid.pdf", "--tier", "B", "--reason", "grid report", cwd=ws).rc == 0
    for step in ("extract", "chunk", "index"):
        r = sb(step, cwd=ws)
        assert r.rc == 0, r.both
    out = sb("search", "substation meters", cwd=ws).out
    assert "2 Methods" in out and "(no heading)" not in out
