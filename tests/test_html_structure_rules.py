"""Main-content rules told by structure, each on a small page cut down from a real one: what the
page's layout does (a table of names under a letter, an intro box above the body, a comparison
table in a scroll box, a content field whose label is hidden) must not cost the article its text,
and what follows the article's end (a credit, a call to subscribe) must not pass for it."""

from __future__ import annotations

import conftest  # noqa: F401

from sourcebook.engines.html.extract import extract_html
from sourcebook.engines.html.names import words_of

LETTER = ("Our cultural institutions are facing a moment of trial, and the forceful protests for racial "
          "and social justice are leading to overdue demands for police reform, along with wider calls "
          "for greater equality and inclusion across our society, not least in higher education.")
SENTENCE = ("The council met on Tuesday to review the figures, and after a long discussion it agreed that "
            "the plan, which had been debated for months, would go ahead in the spring.")


def _text(html: str) -> str:
    return extract_html(html, "https://example.org/a").text


def test_a_table_of_signatories_does_not_outscore_the_letter_above_it():
    # A letter followed by a one-row table listing its signatories, comma after comma.
    names = ", ".join(f"Person {i} Name{i}, Writer" for i in range(120))
    html = ("<html><body><div class='container'><article class='post'><div class='wysiwyg-content'>"
            + "".join(f"<p><span>{LETTER} Paragraph {i}.</span></p>" for i in range(6))
            + f"<table><tbody><tr><td>{names}</td><td>{names}</td></tr><tr><td></td></tr></tbody></table>"
            "</div></article></div></body></html>")
    out = _text(html)
    assert "Our cultural institutions are facing a moment of trial" in out
    assert "Paragraph 0." in out and "Paragraph 5." in out


def test_a_data_table_in_a_scroll_box_is_kept():
    # A comparison table wrapped in a figure whose class names a scroll box (a negative word).
    rows = "".join(f"<tr><td>Fee {i}</td><td>{i} GBP withdrawal</td><td>{i + 1}%</td></tr>" for i in range(8))
    html = ("<html><body><main><div class='article-body'>"
            + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(6))
            + "<h2>At a Glance</h2>"
            f"<figure class='js-table-scroll comparison-table'><div><table><tbody>{rows}</tbody></table></div></figure>"
            + "".join(f"<p>{SENTENCE} Later part {i}.</p>" for i in range(3))
            + "</div></main></body></html>")
    out = _text(html)
    assert "| Fee 3 | 3 GBP withdrawal | 4% |" in out and "## At a Glance" in out


def test_the_content_field_whose_label_is_hidden_is_kept():
    # A content field named "label-hidden" (its label is hidden, not the field) holding the text,
    # beside a sign-up form: readability's class weight alone would drop it.
    html = ("<html><body><div class='region-content'><article>"
            "<div class='field field--name-field-lead'>"
            + "".join(f"<p>{SENTENCE} Lead {i}.</p>" for i in range(4))
            + "</div><div class='field field--name-field-inhalt field--label-hidden'>"
            + "".join(f"<p>{SENTENCE} Section {i}.</p>" for i in range(5))
            + "</div></article></div></body></html>")
    out = _text(html)
    assert "Lead 0." in out and "Section 0." in out and "Section 4." in out


def test_an_intro_in_a_box_above_the_body_joins_the_article():
    # The layout sets the intro apart from the body, two levels up from the best-scored block.
    intro = ("Coinbase and Coinbase Pro are two of the most popular cryptocurrency exchanges, and this "
             "comparison explains which one suits a beginner and which one suits an active trader best. "
             "Both are run by the same company, share one login and one wallet, and differ in their fees, "
             "their order types and how much of the market they show.")
    body = "".join(f"<p>{SENTENCE} Step {i}, with more words, and commas, to score.</p>" for i in range(12))
    html = ("<html><body><main><div class='content'><div class='article-content'>"
            f"<div class='article-intro'><p>{intro}</p></div>"
            "<div class='article-body'><div class='toc'><a href='#a'>A</a></div>"
            f"<div class='list-item'><div class='intro'><p>{SENTENCE}</p></div></div>"
            f"<div class='outro'><div class='page'>{body}</div></div>"
            "</div></div></div></main></body></html>")
    out = _text(html)
    assert out.startswith(intro) and "Step 11" in out


def test_a_word_after_a_negation_does_not_name_the_element():
    assert "paywall" not in words_of("row non-paywall") and "row" in words_of("row non-paywall")
    assert "sidebar" not in words_of("layout no-sidebar")
    html = ("<html><body><article><section class='row non-paywall'>"
            + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(4))
            + "</section><section class='paywall'><p>Subscribe to read the rest of this story today.</p>"
            "</section></article></body></html>")
    out = _text(html)
    assert "Part 0." in out and "Part 3." in out and "Subscribe" not in out


def test_what_follows_the_articles_end_is_trimmed():
    paras = "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(8))
    html = ("<html><body><article>" + paras
            + "<p>With this button you can add the episode to a list of the podcast search engine; you "
            "need to log in there first:</p><p>Would you share this article?</p>"
            "<p>Musik:</p><p>Foto: Ingo Pertramer</p>"
            "<h2>Temas Relacionados</h2><ul><li><hr></li></ul>"
            "<p>Get the latest news straight to your phone with the <a href='/app'>News app</a>.</p>"
            "</article></body></html>")
    out = _text(html)
    assert out.rstrip().endswith("Part 7.")
    # a short page's last line with a link, list items and quotes at the end are content
    short = _text("<html><body><article>" + f"<p>{SENTENCE}</p>"
                  + "<p>Read the <a href='/r'>full report here</a>.</p></article></body></html>")
    assert "full report here" in short
    listed = _text("<html><body><article>" + paras + "<ul><li>Item one</li><li>Item two</li></ul>"
                   "<blockquote><p>Quoted words</p></blockquote></article></body></html>")
    assert "- Item two" in listed and "> Quoted words" in listed


def test_a_noscript_holding_the_article_is_its_text():
    # A blog whose script renders the post; the same post sits in <noscript> for readers without
    # scripts, and the page around it is a sidebar of links.
    post = "".join(f"<p>{SENTENCE} Section {i}.</p>" for i in range(4))
    html = ("<html><body><div class='cols-wrapper loading'><div class='col-main'><div class='post'>"
            f"<h3>Enhanced protection</h3><div class='post-body'><script type='text/template'>{post}</script>"
            f"<noscript>{post}</noscript></div></div></div>"
            "<div class='col-right'><ul>" + "".join(f"<li><a href='/p{i}'>Older post {i}</a></li>" for i in range(9))
            + "</ul></div></div><noscript><img src='/pixel.gif'></noscript></body></html>")
    out = _text(html)
    assert "Section 0." in out and "Section 3." in out and out.count("Section 0.") == 1
    assert "Older post" not in out


def test_a_label_over_the_article_and_lines_under_its_last_rule_are_trimmed():
    paras = "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(8))
    html = ("<html><body><article><p>2021-10-16 | Botschaft</p>" + paras
            + "<hr><p>Was this article useful?<br>(95 votes: 4.7 of 5)<br>Loading...</p></article></body></html>")
    out = _text(html)
    assert out.startswith("The council met") and out.rstrip().endswith("Part 7.")
    # a rule inside the article, with text of its own under it, stays
    kept = _text("<html><body><article>" + paras + f"<hr><p>{SENTENCE} After the rule.</p></article></body></html>")
    assert "After the rule." in kept


def test_a_list_of_steps_with_pictures_and_a_list_beside_a_field_are_content():
    steps = "".join(f"<li><img src='/s{i}.jpg'>Stir the noodles for two minutes, then add step {i}.</li>"
                    for i in range(6))
    ingredients = "".join(f"<li>{n} g item {n}</li>" for n in range(12))
    html = ("<html><body><article><h1>Stir fry</h1>" + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(4))
            + "<section class='ingredients'><input type='number' name='servings'><button>+</button>"
            f"<ul>{ingredients}</ul></section><ul class='directions'>{steps}</ul></article></body></html>")
    out = _text(html)
    assert "- 11 g item 11" in out and "add step 5." in out


def test_custom_elements_holding_blocks_are_containers_and_inline_ones_stay_in_the_line():
    # A framework's components (names with a hyphen) used as the page's containers, and a
    # citation marker component inside a sentence.
    from sourcebook.engines.html.score import Page
    from sourcebook.engines.html.tree import parse

    doc = parse("<html><body><app-recipe-page><div class='recipe'><p>Boil the water "
                "<hl-cite>(<a href='#r1'>1</a>)</hl-cite>.</p></div></app-recipe-page></body></html>")
    page = Page(doc.find("body"))
    tags = dict(zip([e.tag for e in page.elems], page.tags, strict=True))
    assert tags["app-recipe-page"] == "div" and tags["hl-cite"] == "hl-cite"
    steps = "".join(f"<p>{SENTENCE} Step {i} <hl-cite>(<a href='#r{i}'>{i}</a>)</hl-cite>.</p>" for i in range(6))
    out = _text(f"<html><body><app-page><app-recipe><h1>Pierogi</h1>{steps}</app-recipe></app-page></body></html>")
    assert "Step 5 (5)." in out


def test_a_lead_in_and_one_headline_link_in_the_flow_is_a_pointer_to_another_story():
    # "Read also: <a>Headline</a>" between paragraphs points elsewhere; a source line whose link
    # is a file name, and a sentence that merely ends in a link, are the article's own text.
    html = ("<html><body><article>"
            + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(3))
            + "<p>Le puede interesar: <a href='/other/story'>Council votes to close the old river bridge</a></p>"
            "<h3>MIRA:&nbsp;<a href='https://example.org/b'>Mother detained while asking about her son</a></h3>"
            + "".join(f"<p>{SENTENCE} Later {i}.</p>" for i in range(3))
            + "<p>Download the full report: <a href='/files/report.pdf'>report-2020.pdf</a></p>"
            "<p>Contact the office at the <a href='/contact'>town hall on Main Street</a></p>"
            "<p>Jump to the section: <a href='#notes'>notes on the figures</a></p>"
            + "".join(f"<p>{SENTENCE} End {i}.</p>" for i in range(2))
            + "</article></body></html>")
    out = _text(html)
    assert "Council votes to close" not in out and "Le puede interesar" not in out
    assert "Mother detained" not in out
    assert "Part 2." in out and "Later 0." in out and "End 1." in out
    assert "Download the full report: report-2020.pdf" in out  # a file name is no headline
    assert "Contact the office at the town hall on Main Street" in out  # no lead-in: a sentence
    assert "Jump to the section: notes on the figures" in out  # a link within the page


def test_a_list_of_tools_set_down_twice_after_the_article_is_trimmed():
    # The same short list (a date, Print, Permalink) under the body and again below: furniture;
    # a list of short items in the article's flow, repeated with prose after it, stays.
    tools = "<ul><li>Date 23.05.2011</li><li>Print this page</li><li>Permalink p.example/x</li></ul>"
    facts = "<ul><li>Value of the car: 35,000</li><li>No deposit</li></ul>"
    html = ("<html><body><article>"
            + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(3)) + facts
            + "".join(f"<p>{SENTENCE} Middle {i}.</p>" for i in range(2)) + facts
            + "".join(f"<p>{SENTENCE} End {i}.</p>" for i in range(2))
            + "<h4>Audio and video on the topic</h4>" + tools + tools
            + "</article></body></html>")
    out = _text(html)
    assert "Permalink" not in out and "Print this page" not in out
    assert "Audio and video on the topic" not in out  # its heading now announces nothing
    assert out.count("- Value of the car: 35,000") == 2 and "End 1." in out


def test_a_line_in_capitals_at_the_articles_end_is_a_banner():
    html = ("<html><body><article>"
            + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(8))
            + "<p>We have been reporting for a century. Support us.<br><br>"
            "<strong>BECOME A MEMBER AND ENJOY EXCLUSIVE BENEFITS</strong></p>"
            "</article></body></html>")
    out = _text(html)
    assert "BECOME A MEMBER" not in out and "Part 7." in out
    assert "We have been reporting for a century." in out


def test_a_container_after_the_article_that_opens_with_a_rule_is_not_the_article():
    # A press release: the body in one box, then a box opening with a rule and a note about the
    # company. A rule between paragraphs of the body itself is a section break, and what
    # follows it stays.
    body = "".join(f"<p>{SENTENCE} Point {i}.</p>" for i in range(6))
    note = ("<p>Example Corp makes tools for hospitals and clinics, and it employs 1,300 people in 15 "
            "countries across Europe, Asia and the Americas, with its head office in a small town.</p>") * 3
    html = ("<html><body><main><div class='text'><div>" + body + "</div></div>"
            "<div class='text'><div><hr>" + note + "</div></div></main></body></html>")
    out = _text(html)
    assert "Point 5." in out and "Example Corp" not in out
    # the same note set apart by nothing but its box is kept (no rule: no sign it is apart)
    assert "Example Corp" in _text(html.replace("<hr>", ""))
    # a rule inside the body: a section break, the section after it is the article's
    split = ("<html><body><main><div class='text'><div>" + body + "<hr>"
             + "<p>Second part. " + SENTENCE + "</p></div></div></main></body></html>")
    assert "Second part." in _text(split)
    # a box opening with a rule that holds as much as the article is content, not a note
    long_note = "".join(f"<p>{SENTENCE} Later {i}.</p>" for i in range(6))
    big = html.replace(note, long_note)
    assert "Later 5." in _text(big)


def test_a_card_that_a_link_opens_inside_a_sentence_is_not_the_sentence():
    # A name linked in a sentence with a hover card beside it: a photo, the name again and the
    # person's latest stories. The sentence keeps the name and loses the card.
    card = ("<span class='card'><span><img src='/p.jpg' alt=''><a href='/people/ann'>Ann Lee</a>"
            "<a href='/news/1'>Council approves the new budget after a long night of talks</a> "
            "<a href='/news/2'>Ann Lee calls for a review of the river bridge plans</a></span></span>")
    html = ("<html><body><article><p>The motion was tabled by Rep. <span><a href='/people/ann'>Ann Lee</a>"
            + card + "</span> (D-Town), the office said on Monday.</p>"
            + "".join(f"<p>{SENTENCE} Part {i}.</p>" for i in range(5)) + "</article></body></html>")
    out = _text(html)
    assert "The motion was tabled by Rep. Ann Lee (D-Town), the office said on Monday." in out
    assert "Council approves" not in out and "river bridge" not in out
    # without the picture it is no card: links written into the sentence stay
    plain = html.replace("<img src='/p.jpg' alt=''>", "")
    assert "Council approves" in _text(plain)
