"""HTML extraction: main content only, browser-like whitespace, links beside the text, metadata."""

from __future__ import annotations

import json

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.html.extract import extract_html, nfc_lengths
from sourcebook.engines.html.meta import normalize_date
from sourcebook.engines.text.normalize import normalize

FILLER = ("The committee met on Tuesday to review the figures, and it agreed, after a long "
          "discussion, that the numbers were sound. ")
BODY = f"<p>{FILLER * 3}</p><p>{FILLER * 2}</p>"


def page(article: str, head: str = "", around: str = "") -> str:
    return (f"<!doctype html><html><head>{head}</head><body>"
            f"<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
            f"{around.replace('ARTICLE', article) if around else article}"
            f"<footer><p>Copyright 2026 Example Corp, all rights reserved.</p></footer></body></html>")


def text_of(article: str, **kw) -> str:
    return extract_html(page(article, **kw), "https://example.com/a/b").text


def test_article_kept_and_page_furniture_dropped():
    out = text_of(f"<article><h1>Budget</h1>{BODY}</article>"
                  "<div class='cookie-banner'><p>We use cookies to improve your experience, "
                  "accept them all now please.</p></div>"
                  "<script>var x = 'script text';</script><style>p{color:red}</style>")
    assert out.startswith("# Budget\n\nThe committee met")
    for gone in ("Home", "Copyright", "cookies", "script text", "color"):
        assert gone not in out


def test_nested_lists_written_once_and_indented():
    out = text_of(BODY + "<ul><li>fruit<ul><li>apple</li><li>pear</li></ul></li><li>bread</li></ul>"
                  "<ol start='3'><li>third</li><li>fourth</li></ol>")
    assert "- fruit\n  - apple\n  - pear\n- bread" in out
    assert "3. third\n4. fourth" in out
    assert out.count("apple") == 1


def test_inline_elements_never_glue_or_split_words():
    out = text_of(BODY + "<p>un<b>believ</b>able and <i>two</i> <span>words</span>,"
                  "<a href='/x'>linked</a>\n<em>next</em>&nbsp;line<br>broken</p>"
                  "<div>block one, which is a longer line</div><div>block two, also a longer line</div>")
    assert "unbelievable and two words,linked next line\nbroken" in out
    assert "block one, which is a longer line\n\nblock two" in out


def test_tables_become_pipe_tables():
    out = text_of(BODY + "<table><thead><tr><th>Year</th><th>Total</th></tr></thead>"
                  "<tbody><tr><td>2024</td><td>1 | 2</td></tr><tr><td>2025</td></tr></tbody></table>")
    assert "| Year | Total |\n| --- | --- |\n| 2024 | 1 \\| 2 |\n| 2025 |  |" in out


def test_quotes_code_headings_and_captions():
    out = text_of(f"<article><h2>Section</h2>{BODY}<blockquote><p>First.</p><p>Second.</p></blockquote>"
                  "<pre><code>x = 1\n\n    y = 2</code></pre>"
                  "<figure><img src='a.png'><figcaption>A chart of the totals.</figcaption></figure></article>")
    assert "## Section" in out
    assert "> First.\n>\n> Second." in out
    assert "```\nx = 1\n\n    y = 2\n```" in out
    assert "A chart of the totals." in out


def test_sidebar_named_wrapper_holding_the_article_is_kept():
    out = text_of(f"<article>{BODY}</article><aside><p>Most read elsewhere.</p></aside>",
                  around="<div class='page-with-sidebar' id='sidebarLayout'>ARTICLE</div>")
    assert "The committee met" in out
    assert "Most read" not in out


def test_comment_section_dropped_but_commentary_kept():
    out = text_of(f"<article><div class='commentary'>{BODY}</div></article>"
                  "<section id='comments'><h3>3 comments</h3><p>I disagree with every single word of "
                  "this, and I will say so, loudly, at length.</p></section>")
    assert "The committee met" in out
    assert "disagree" not in out and "comments" not in out


def test_share_widgets_and_hidden_text_dropped():
    out = text_of(f"<article>{BODY}<div class='share-buttons'><a href='https://fb.example/'>Share on "
                  "Facebook</a></div><p hidden>secret words</p><p style='display: none'>more secret</p>"
                  "</article>")
    assert "Share" not in out and "secret" not in out


def test_link_text_stays_and_urls_go_to_links_with_exact_offsets():
    r = extract_html(page(f"<article><p>The minister said so in <a href='/report.pdf'>the full report</a> "
                          f"published on Monday, and repeated it at <a href='https://other.example/x?y=1'>this "
                          f"café</a>. Write to <a href='mailto:a@b.c'>the desk</a> or go back to the "
                          f"<a href='#top'>top</a> of the page.</p>{BODY}</article>"),
                     "https://example.com/a/b")
    assert "http" not in r.text and "report.pdf" not in r.text and "mailto" not in r.text
    assert "said so in the full report published on Monday, and repeated it at this café. " in r.text
    assert [(r.text[x["start"]:x["end"]], x["href"]) for x in r.links] == [
        ("the full report", "https://example.com/report.pdf"),
        ("this café", "https://other.example/x?y=1")]
    assert r.links == sorted(r.links, key=lambda x: (x["start"], x["end"]))


def test_base_href_resolves_links():
    r = extract_html(page(f"<article><p>Read the <a href='doc'>doc</a> before the meeting.</p>{BODY}</article>",
                          head="<base href='https://cdn.example/root/'>"), "https://example.com/a")
    assert r.links[0]["href"] == "https://cdn.example/root/doc"


def test_a_base_outside_the_head_is_not_the_page_base():
    body = f"<base href='https://elsewhere.example/'><article><p>Read the <a href='doc'>doc</a> now.</p>{BODY}</article>"
    r = extract_html(page(body), "https://example.com/a")
    assert r.links[0]["href"] == "https://example.com/doc"
    r = extract_html(page(body, head="<base href='https://cdn.example/root/'>"), "https://example.com/a")
    assert r.links[0]["href"] == "https://cdn.example/root/doc"


def test_links_inside_lists_and_quotes_have_right_offsets():
    r = extract_html(page(f"<article>{BODY}<blockquote><p>quoted <a href='/q'>source</a></p></blockquote>"
                          "<ul><li>item <a href='/i'>link</a></li></ul></article>"), "https://example.com/")
    assert [r.text[x["start"]:x["end"]] for x in r.links] == ["source", "link"]


def test_metadata_from_open_graph_and_meta_tags():
    head = ("<title>Budget news | Example</title><meta property='og:title' content='Budget passes'>"
            "<meta property='og:site_name' content='Example Times'><meta name='author' content='Ana Ruiz'>"
            "<meta property='article:published_time' content='2025-03-04T10:00:00+01:00'>"
            "<link rel='canonical' href='/budget'>")
    html = page(f"<article>{BODY}</article>", head=head).replace("<html>", "<html lang='en-gb'>")
    meta = extract_html(html, "https://example.com/x?utm=1").meta
    assert meta == {"title": "Budget passes", "author": "Ana Ruiz", "publisher": "Example Times",
                    "published_at": "2025-03-04", "lang": "en-GB",
                    "canonical_url": "https://example.com/budget",
                    "byline": "Ana Ruiz", "byline_from": "meta name=author",
                    "publisher_from": "meta property=og:site_name",
                    "published": "2025-03-04", "published_from": "meta property=article:published_time",
                    "modified": None, "modified_from": None, "dates_note": None}


def test_metadata_from_json_ld_graph():
    ld = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebSite", "name": "Site"},
        {"@type": "NewsArticle", "headline": "Rates held", "datePublished": "2024-11-05",
         "author": [{"@type": "Person", "name": "Ana Ruiz"}, {"@type": "Person", "name": "Li Wei"}],
         "publisher": {"@type": "Organization", "name": "Daily Example"}}]}
    head = f"<title>x</title><script type='application/ld+json'>{json.dumps(ld)}</script>"
    meta = extract_html(page(f"<article>{BODY}</article>", head=head)).meta
    assert (meta["title"], meta["author"], meta["publisher"], meta["published_at"]) == (
        "Rates held", "Ana Ruiz, Li Wei", "Daily Example", "2024-11-05")
    assert meta["lang"] is None and meta["canonical_url"] is None


def test_metadata_absent_is_none_and_bad_json_ld_ignored():
    head = "<script type='application/ld+json'>{not json</script><meta property='og:locale' content='pt_BR'>"
    meta = extract_html(page(f"<article>{BODY}</article>", head=head)).meta
    assert meta["title"] is None and meta["author"] is None and meta["lang"] == "pt-BR"


def test_dates_normalized():
    assert normalize_date("2019-11-18T23:04:24-05:00") == "2019-11-18"
    assert normalize_date("Mon, 18 Nov 2019 10:00:00 GMT") == "2019-11-18"
    assert normalize_date("November 18, 2019") == "2019-11-18"
    assert normalize_date("18 November 2019") == "2019-11-18"
    assert normalize_date("20191118") == "2019-11-18"
    assert normalize_date("last week") == "last week"


def test_short_page_uses_looser_pass_and_never_empty():
    r = extract_html("<html><body><div class='sidebar'><p>Only this short note.</p></div></body></html>")
    assert r.text == "Only this short note.\n"
    assert extract_html("").text == "" and extract_html("<p>   </p>").text == ""


def test_output_is_canonical_and_deterministic():
    html = page(f"<article><h1>Cafe\u0301</h1>{BODY}<p>trailing   \u00a0</p><p>e\u0301</p></article>")
    a, b = extract_html(html, "https://example.com/"), extract_html(html, "https://example.com/")
    assert a == b
    assert normalize(a.text) == a.text and "\u0301" not in a.text  # NFC composed


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from(list("<>/ab pdivlu=\"'&;#\n\t\u00a0é\u0301\r") + [
    "<p>", "</p>", "<a href='/x'>", "</a>", "<li>", "<ul>", "<table>", "<td>", "<pre>", "<br>",
    "<!--", "-->", "<script>", "</div>", "<blockquote>", "&amp;", "<h2>", "<tr>"]), max_size=120).map("".join)
       | st.text(max_size=200))
def test_never_raises_and_output_canonical(html):
    r = extract_html(html, "https://example.com/")
    assert normalize(r.text) == r.text
    for link in r.links:
        assert 0 <= link["start"] < link["end"] <= len(r.text)
        assert link["href"].startswith("https://")


def test_link_offsets_survive_nfc_composition():
    r = extract_html("<p>Cafe\u0301 and e\u0301e\u0301 then <a href='/x'>the link</a> after.</p>", "https://e.com/")
    assert r.text == "Café and éé then the link after.\n"
    assert [r.text[x["start"]:x["end"]] for x in r.links] == ["the link"]


def test_class_and_id_words_split_on_separators_and_camel_case():
    from sourcebook.engines.html.score import words_of

    assert words_of("post-body commentsSection related_posts2 sidebar:left") >= {
        "post", "body", "comments", "section", "related", "posts", "sidebar", "left"}
    assert "comment" not in words_of("commentary")


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(["no", "non", "side", "bar", "Bar", "x2", "7", "", " ", "-", "_", ":",
                                 "comment", "É", "é", "ǅ", "paywall", "A"]), max_size=8).map("".join))
def test_class_words_read_the_same_whichever_way_they_are_split(raw):
    from sourcebook.engines.html.names import _SPLIT, _words, words_of

    assert words_of(raw) == _words(_SPLIT.split(raw))  # the quick way for lower-case names agrees


def test_link_rails_signup_boxes_and_hover_cards_dropped():
    out = text_of(f"<article>{BODY}<p>Rep. <span class='people'><a href='/p/1'>Ana Ruiz</a>"
                  "<span class='personTooltip'><a href='/a/2'>Another story about her</a></span></span> "
                  "spoke first, and the others, all of them, followed her lead.</p>"
                  "<h4>More:</h4><ul><li><a href='/n/1'>An unrelated headline elsewhere</a></li>"
                  "<li><a href='/n/2'>A second unrelated headline</a></li></ul>"
                  f"<p>{FILLER}</p></article>"
                  "<div><h2>Get our newsletter</h2><p>The day's top headlines in your inbox every morning.</p>"
                  "<form><input type='email' name='e'><input type='submit' value='Sign up'></form></div>")
    assert "Rep. Ana Ruiz spoke first" in out
    for gone in ("Another story", "unrelated headline", "newsletter", "inbox"):
        assert gone not in out


def test_an_article_split_around_an_aside_stays_whole():
    second = "A second part of the same article continues the story with more detail. " * 5
    out = text_of(f"<div class='wrap'><section><div class='body'>{BODY}</div></section>"
                  "<aside><p>Advert text</p></aside>"
                  f"<section><div class='x'><p>{second}</p></div></section></div>")
    assert "The committee met" in out and "A second part" in out and "Advert" not in out


def test_deep_and_crafted_markup_is_handled():
    deep = "<div>" * 3000 + f"<p>{FILLER}</p>" + "</div>" * 3000
    assert extract_html(deep).text.startswith("The committee met")
    nested = extract_html("<ul><li>item " * 2000)
    assert nested.text.startswith("- item\n  - item") and max(map(len, nested.text.splitlines())) < 60
    for crafted in ("<!--" * 3000, "</a" * 3000, "<a b='" * 300, "<p>x" + "</span>" * 3000, "<a" * 3000,
                    "<a b " * 3000):
        assert normalize(extract_html(crafted).text) == extract_html(crafted).text


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ae K<>\n") + ["\u0301", "\u0327", "\u0338", "\u212a", "\u00e9",
                                                              "\u1100", "\u1161", "\u11a8", "\uac00", "\u0345",
                                                              "\u05b0", "\u0591", "\u3099", "\u304b"]),
               max_size=40))
def test_link_offsets_after_nfc_are_those_of_each_prefix(text):
    """Link offsets carried over NFC composition: the normalized length of every prefix, as if
    each prefix were normalized on its own (combining marks, Hangul jamo, a sign that is a letter)."""
    import unicodedata

    positions = list(range(len(text) + 1))
    assert nfc_lengths(text, positions) == {i: len(unicodedata.normalize("NFC", text[:i])) for i in positions}


def test_links_keep_their_text_when_accents_compose():
    html = ("<html><body><article><p>" + "Cafe\u0301 prose, with words and more words. " * 12 +
            "<a href='https://example.org/x'>the cafe\u0301 link</a> and the end.</p></article></body></html>")
    res = extract_html(html)
    assert res.links, res.text
    for link in res.links:
        assert res.text[link["start"]:link["end"]] == "the caf\u00e9 link"


FURNITURE_PAGES = [
    "<html><body><div class='page'><nav><ul><li><a href='/'>Home</a></li></ul></nav><header class='masthead'>"
    "<h1>Title</h1><p class='byline'>By A. Writer, on Monday</p></header><div class='content'>"
    + "<p>" + "Words of the article, with commas, and more. " * 20 + "</p>"
    + "<div class='sidebar-content'><p>kept: a container word</p></div><aside><div class='share'>x</div></aside>"
    "<div class='entry share-enabled'>" + "<p>" + "Prose in a wrapper named like a share bar, long enough. " * 12
    + "</p></div><div role='navigation'><span class='tags'>t</span></div></div>"
    "<footer><p>Copyright</p></footer></div></body></html>",
]


@pytest.mark.parametrize("html", FURNITURE_PAGES)
def test_furniture_asked_element_by_element_is_the_page_wide_answer(html):
    from sourcebook.engines.html.score import Page, furniture, in_furniture
    from sourcebook.engines.html.tree import parse_lean

    for strict in (True, False):
        doc = parse_lean(html)
        body = doc.find("body")
        whole = Page(body, doc)
        alive = whole.alive(furniture(whole, strict))
        assert not all(alive)  # the page has furniture to find
        one_by_one = Page(body, doc)
        assert [in_furniture(one_by_one, i, strict) for i in range(len(alive))] == [not a for a in alive]
        # once the page-wide answer is known, it is used
        assert [in_furniture(whole, i, strict) for i in range(len(alive))] == [not a for a in alive]
