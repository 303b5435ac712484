"""Every sentence on the page: the prose gate on the demo's rendered pages, attacked one way at a
time (every known attack), in English, Japanese and Chinese; the [framing] syntax; the
standfirst's citations; coverage in verify's output."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import sb
from demo_kit import DEMO, EPOCH, built_demo

# the brackets sb writes around a citation number for copied and spoken text (whole-story item 4)
SEP_OPEN = '<span class="ref-sep"> [</span>'


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    # verify checks the build line's date is not after today: run at the demo's own date
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "prose")


@pytest.fixture
def page(demo):
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


def check(demo: str, html: str, tmp_path, question: str | None = None) -> tuple[list[str], dict]:
    """Verify ``html`` as the answer page, in-process and without touching the workspace's state:
    the findings of the prose gate and its coverage (with ``question`` as the workspace's
    question, in memory only). The page is judged alone, held in memory, as ``sb check-draft``
    judges the page a draft renders to: the demo's other pages, judged again and again, would
    only add time."""
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.gate.gates import gates
    from sourcebook.domain.workspace.layout import Workspace

    path = tmp_path / "answer.html"
    path.write_text(html, encoding="utf-8")
    # the prose gate alone, as verify runs it (the other gates, the page linter first, would
    # only add time: what they find is tested where they are)
    ctx = GateContext(Workspace(demo), VerifyOptions(html=str(path), cache=False, page_text=html))
    if question is not None:
        ctx.manifest = dict(ctx.manifest, question=question)
    res = next(g for g in gates() if g.name == "prose").fn(ctx)
    lines = [f.line() for f in res.findings]
    return lines, res.extra["coverage"][str(path)]


def codes(lines: list[str]) -> list[str]:
    return sorted({ln.split()[0] for ln in lines})


def body(html: str, extra: str) -> str:
    return html.replace("<!-- /SB:BODY -->", extra + "\n<!-- /SB:BODY -->", 1)


def refused(demo, html, tmp_path, code: str, *words: str) -> list[str]:
    lines, cov = check(demo, html, tmp_path)
    assert code in codes(lines), lines
    hit = [ln for ln in lines if ln.startswith(code)]
    for w in words:
        assert any(w in ln for ln in hit), (w, hit)
    return lines


# --------------------------------------------------------------------------- the demo passes

def test_demo_pages_pass_with_coverage(demo, page, tmp_path):
    lines, cov = check(demo, page, tmp_path)
    assert lines == []
    assert cov == {"cited": 10, "inferred": 1, "framing": 1, "refused": 0}
    r = sb("verify", "--json", cwd=demo)
    assert r.rc == 0, r.both
    gate = next(g for g in json.loads(r.out)["gates"] if g["gate"] == "prose")
    assert set(gate) >= {"gate", "note", "findings", "details", "coverage"}
    assert gate["coverage"]["build/deck.html"]["refused"] == 0
    assert "build/answer.html: 10 cited, 1 inferred, 1 framing, 0 refused" in gate["note"]
    r = sb("verify", cwd=demo)
    assert re.search(r"^  \. prose +build/answer\.html: 10 cited, 1 inferred, 1 framing, 0 refused", r.out, re.M)


def test_committed_demo_pages_carry_framing_and_a_cited_standfirst():
    with open(os.path.join(DEMO, "answer.html"), encoding="utf-8") as fh:
        html = fh.read()
    assert '<span class="framing">The two ridership figures disagree, and both are shown here.</span>' in html
    assert re.search(r'<p class="dek" data-claim="clm_\w+ clm_\w+"><!-- SB:DEK -->Yes on routes W1 and W2 today'
                     r'<sup class="ref">', html)
    assert "[framing]" not in html


def test_rewording_a_cited_sentence_without_changing_a_fact_passes(demo, page, tmp_path):
    html = page.replace("A single adult fare bought on board is 3.40", "An adult single ticket bought aboard costs 3.40")
    assert html != page
    html = html.replace("Riders say the W3 readers were still switched off in late",
                        "According to riders, the W3 readers were still off in late")
    lines, cov = check(demo, html, tmp_path)
    assert lines == [] and cov["cited"] == 10


# --------------------------------------------------------------------------- the attacks, one at a time

def test_appended_paragraph_is_uncited(demo, page, tmp_path):
    html = body(page, "<p>Python 3.15 will make the future import a no-op in October 2026.</p>")
    lines, cov = check(demo, html, tmp_path)
    assert codes(lines) == ["E-PAGE-UNCITED"] and "Python 3.15 will make the future import" in lines[0]
    assert re.match(r"E-PAGE-UNCITED  \S+answer\.html:\d+ ", lines[0]) and cov["refused"] == 1


def test_uncited_clause_inside_a_cited_sentence(demo, page, tmp_path):
    html = page.replace('<span class="mark m-reported">reported</span>.</span></p>',
                        '<span class="mark m-reported">reported</span>, and the operator has quietly dropped the '
                        'W3 upgrade.</span></p>')
    assert html != page
    refused(demo, html, tmp_path, "E-PAGE-CLAUSE-UNCITED", "the operator has quietly")
    # "and so do ..." is a clause of its own, comma or not
    html = page.replace('<span class="mark m-reported">reported</span>.</span></p>',
                        '<span class="mark m-reported">reported</span> and so do pensioners on the ferries.</span></p>')
    assert html != page
    refused(demo, html, tmp_path, "E-PAGE-CLAUSE-UNCITED", "and so do pensioners")


@pytest.mark.parametrize("joint", [", meaning", ", which means", ", hence", ", which is why", ", therefore",
                                   ", whilst", ", whereas", ", albeit", ", forcing", ", leaving", ", causing",
                                   ", making", ", which they say"])
def test_a_consequence_after_a_comma_is_a_clause_of_its_own(demo, page, tmp_path, joint):
    # one citation after both: the claim must say both clauses, and it says nothing of rides for free
    html = page.replace("the operator lists both as taking the pass<sup",
                        f"the operator lists both as taking the pass{joint} rides there are free for everyone<sup")
    assert html != page
    refused(demo, html, tmp_path, "E-PAGE-CLAUSE-UNCITED", "On routes W1 and W2, yes: the operator")
    # each clause cited: the consequence is the writer's reading of the claim cited for it, judged
    # as any cited clause is ("so nothing is evaluated until someone looks [10]")
    sup = re.search(r'<sup class="ref"><a href="#c-clm_40321b1077cf">.*?</sup>', page).group(0)
    said = page.replace("the operator lists both as taking the pass<sup",
                        f"the operator lists both as taking the pass{sup}{joint} riders can use it on both routes<sup")
    assert check(demo, said, tmp_path)[0] == []


def test_a_relative_clause_with_a_subject_of_its_own_is_a_clause(demo, page, tmp_path):
    """", which it has quietly stopped honouring at weekends" states a fact of its own; a
    "which" that is its clause's subject (", which is accepted on both") only describes."""
    old = "the operator lists both as taking the pass<sup"
    html = page.replace(old, "the operator lists both as taking the pass, which it has quietly stopped honouring "
                             "at weekends<sup")
    assert html != page
    refused(demo, html, tmp_path, "E-PAGE-CLAUSE-UNCITED", "On routes W1 and W2, yes: the operator")
    html = page.replace(old, "the operator lists both as taking the pass, which is accepted on routes W1 and W2<sup")
    assert check(demo, html, tmp_path)[0] == []


def test_an_inference_is_held_to_the_words_it_was_recorded_in(demo, page, tmp_path):
    line = "Until the W3 readers work, carry another way to pay on W3<span"
    assert line in page
    # widened to the whole service: "altogether" is a word of scope its recorded text lacks
    html = page.replace(line, "Until the W3 readers work, avoid the water bus altogether<span")
    refused(demo, html, tmp_path, "E-PAGE-WORD-UNBACKED", "altogether")
    html = page.replace(line, "Until the W3 readers work, never carry another way to pay on W3<span")
    refused(demo, html, tmp_path, "E-PAGE-NEGATION-ADDED", "never")
    # the recorded advice ("should carry") given as a bidding, or with its "should", passes
    for ok in ("Until the W3 readers work, riders should carry another way to pay on W3<span",
               "Until the W3 readers work, bring a second way to pay on W3<span"):
        lines, cov = check(demo, page.replace(line, ok), tmp_path)
        assert lines == [] and cov["inferred"] == 1, (ok, lines)


def test_changed_figure_next_to_a_checked_mark(demo, page, tmp_path):
    html = page.replace("is 3.40 marks<sup", "is 2.40 marks<sup")
    assert html != page
    refused(demo, html, tmp_path, "E-PAGE-FIGURE-UNBACKED", "2.40", "clm_c95bbf88e63c")


def test_changed_date_in_a_cited_sentence_and_in_an_as_of(demo, page, tmp_path):
    html = page.replace("due to follow on 1 December 2026", "due to follow on 1 December 2027")
    refused(demo, html, tmp_path, "E-PAGE-FIGURE-UNBACKED", "2027")
    html = page.replace('<span class="as-of">as of 2026-10-14</span>', '<span class="as-of">as of 2026-12-14</span>', 1)
    refused(demo, html, tmp_path, "E-PAGE-FIGURE-UNBACKED", "2026-12-14")


def test_an_as_of_that_is_another_date_of_its_claim_is_refused(demo, page, tmp_path):
    """The W3 plan's block printed "as of 2026-12-01", the day the plan takes effect: a date of
    the claim's text, but not its as_of, so the plan reads as checked on that day."""
    block = re.search(r'<p data-claim="clm_40321b1077cf clm_79722db3218d">.*?</p>', page, re.S).group(0)
    dates = re.findall(r'<span class="as-of">as of ([\d-]+)</span>', block)
    assert dates and dates[-1] == "2026-10-14", dates
    at = block.rindex('<span class="as-of">as of 2026-10-14</span>')
    swapped = block[:at] + block[at:].replace("as of 2026-10-14", "as of 2026-12-01", 1)
    refused(demo, page.replace(block, swapped, 1), tmp_path, "E-PAGE-FIGURE-UNBACKED", "as of 2026-12-01", "as_of")
    # the as_of sb render writes there passes (the page as rendered)
    assert not [ln for ln in check(demo, page, tmp_path)[0] if "as of" in ln]


def test_invented_title_dek_and_heading(demo, page, tmp_path):
    html = page.replace("Can a Tidewater Pass pay the fare on the Calder Bay water bus?</title>",
                        "Tidewater Pass accepted on all 5 routes</title>")
    refused(demo, html, tmp_path, "E-PAGE-STRUCTURE-FIGURE", "'5'")
    html = re.sub(r'<p class="dek".*?</p>', '<p class="dek">The pass will work on every route next spring.</p>', page)
    refused(demo, html, tmp_path, "E-PAGE-UNCITED", "The pass will work on every route")
    html = page.replace(">What a ride costs</h2>", ">Fares rose 12% in 2026</h2>")
    refused(demo, html, tmp_path, "E-PAGE-STRUCTURE-FIGURE", "12%")
    # a figure a claim under that heading states is fine
    html = page.replace(">What a ride costs</h2>", ">A ride costs 3.40 marks</h2>")
    assert check(demo, html, tmp_path)[0] == []


def test_the_question_as_the_title_states_only_figures_the_page_cites(demo, page, tmp_path):
    old = "Can a Tidewater Pass pay the fare on the Calder Bay water bus?"
    loaded = "Why did the water bus scrap the Tidewater Pass on 1 January 2026 after 52,000 complaints?"
    html = page.replace(old, loaded)
    assert html != page
    lines, _ = check(demo, html, tmp_path, question=loaded)  # the question needs no citation ...
    assert "E-PAGE-UNCITED" not in codes(lines), lines
    assert "E-PAGE-STRUCTURE-FIGURE" in codes(lines) and any("1 January 2026" in ln for ln in lines), lines  # ... not its figures
    honest = "Can a Tidewater Pass pay the 3.40 marks fare on the Calder Bay water bus?"
    assert check(demo, page.replace(old, honest), tmp_path, question=honest)[0] == []


def test_a_heading_count_backed_only_by_a_number_of_something_else_is_refused(demo, page, tmp_path):
    # the only 12 under "What a ride costs" is an age ("children under twelve ride free")
    html = page.replace(">What a ride costs</h2>", ">Twelve routes, one fare</h2>")
    refused(demo, html, tmp_path, "E-PAGE-STRUCTURE-FIGURE", "Twelve")
    # a label naming what the claim counts passes, in words or digits
    html = page.replace(">How many people ride</h2>", ">31,000 passengers a weekday, or 38,500</h2>")
    assert check(demo, html, tmp_path)[0] == []


def test_heading_figures_count_only_claims_cited_under_it(demo, page, tmp_path):
    # 31,000 is cited on the page, but under "How many people ride", not under "Where the pass works today"
    html = page.replace(">Where the pass works today</h2>", ">Where 31,000 riders use the pass</h2>")
    refused(demo, html, tmp_path, "E-PAGE-STRUCTURE-FIGURE", "under this heading")
    html = page.replace(">How many people ride</h2>", ">How many people ride: 31,000 or 38,500</h2>")
    assert check(demo, html, tmp_path)[0] == []


@pytest.mark.parametrize("extra, words", [
    ("<table><tr><th>Fare</th></tr><tr><td>Fares rise to 4.10 marks for every rider next year.</td></tr></table>",
     "Fares rise to 4.10 marks"),
    ("<details><summary>More</summary><p>The operator plans to sell the W3 boats next spring.</p></details>",
     "The operator plans to sell"),
    ("<details><summary>The operator will sell the W3 boats soon</summary><p>Yes.</p></details>",
     "The operator will sell the W3"),
    ('<aside class="footnotes"><ol><li id="fn1">The fare was cut for pensioners last month.</li></ol></aside>',
     "The fare was cut for pensioners"),
    ("<figure><figcaption>Ridership doubled after the bridge closed for repairs.</figcaption></figure>",
     "Ridership doubled after the bridge"),
    ("<blockquote><p>Every boat will take the pass by spring.</p></blockquote>", "Every boat will take the pass"),
    ("<ul><li>The forum says the readers are broken on every boat.</li></ul>", "The forum says the readers"),
    ('<img src="x.png" alt="Map of the routes where the pass is refused">', "Map of the routes where"),
    ('<abbr title="The operator has admitted the readers are faulty">W3</abbr>', "The operator has admitted"),
    ('<nav aria-label="The pass works on every route of the bay"><a href="#main">Top</a></nav>',
     "The pass works on every route"),
    ('<meta name="description" content="The pass works on every route of the bay today.">',
     "The pass works on every route"),
])
def test_text_outside_paragraphs_is_read(demo, page, tmp_path, extra, words):
    html = body(page, extra) if not extra.startswith("<meta") else page.replace("</head>", extra + "</head>", 1)
    refused(demo, html, tmp_path, "E-PAGE-UNCITED", words)


def test_html_comments_outside_the_markers(demo, page, tmp_path):
    html = body(page, "<!-- The operator will raise fares to 5 marks in 2027. -->")
    refused(demo, html, tmp_path, "E-PAGE-COMMENT", "The operator will raise fares")
    html = page.replace("</footer>", "</footer><!--[if IE]>old<![endif]-->")
    refused(demo, html, tmp_path, "E-PAGE-COMMENT")
    # sourcebook's own markers are fine, anywhere
    assert check(demo, page.replace("<body>", "<body><!-- SB:NOTE --><!-- /SB:NOTE -->"), tmp_path)[0] == []


def test_css_content_strings(demo, page, tmp_path):
    html = page.replace("</style>", '.dek::after { content: " Fares double in 2027."; }\n</style>', 1)
    refused(demo, html, tmp_path, "E-PAGE-CSS-CONTENT", "Fares double in 2027")
    html = body(page, '<p style="content: \'hidden claim\'">Yes.</p>')
    refused(demo, html, tmp_path, "E-PAGE-CSS-CONTENT", "hidden claim")
    html = page.replace("</style>", "h2::before { content: attr(data-x); }\n</style>", 1)
    refused(demo, html, tmp_path, "E-PAGE-CSS-CONTENT", "attr(data-x)")
    assert check(demo, page.replace("</style>", "h2::before { content: none; }\n</style>", 1), tmp_path)[0] == []


def test_css_content_in_page_margin_boxes(demo, page, tmp_path):
    # a printed page carries the text of @page's margin boxes at the foot of every sheet
    margin = '@page { @bottom-center { content: "Checked and approved by the City Council" } }\n'
    refused(demo, page.replace("</style>", margin + "</style>", 1), tmp_path, "E-PAGE-CSS-CONTENT",
            "Checked and approved")
    refused(demo, page.replace("</style>", '@page :first { content: "Approved" }\n</style>', 1), tmp_path,
            "E-PAGE-CSS-CONTENT", "Approved")
    # a page's own print margins say nothing and pass
    plain = page.replace("</style>", "@page { margin: 2cm; @bottom-center { margin: 0 } }\n</style>", 1)
    assert check(demo, plain, tmp_path)[0] == []


def test_bare_ref_outside_a_block(demo, page, tmp_path):
    html = body(page, '<p>The operator has ordered ten new boats for the bay<sup class="ref">'
                      '<a href="#c-clm_c95bbf88e63c">5</a></sup>.</p>')
    lines = refused(demo, html, tmp_path, "E-PAGE-REF-STRAY", "clm_c95bbf88e63c")
    assert "E-PAGE-UNCITED" in codes(lines)
    # a ref inside a block that does not name the claim is stray too
    html = page.replace(f'<a href="#c-clm_40321b1077cf">{SEP_OPEN}1', f'<a href="#c-clm_c95bbf88e63c">{SEP_OPEN}1', 1)
    refused(demo, html, tmp_path, "E-PAGE-REF-STRAY", "clm_c95bbf88e63c")
    # a plain in-page link to a ledger entry, not a sup.ref
    html = body(page, '<p>See <a href="#c-clm_c95bbf88e63c">the fare</a>.</p>')
    refused(demo, html, tmp_path, "E-PAGE-REF-STRAY")


def test_mark_outside_a_block(demo, page, tmp_path):
    html = body(page, '<p>Fares are fair. <span class="mark m-checked">checked</span></p>')
    refused(demo, html, tmp_path, "E-PAGE-MARK-STRAY", "m-checked")


@pytest.mark.parametrize("how, attr", [
    ("the hidden attribute", ' hidden'),
    ("aria-hidden", ' aria-hidden="true"'),
    ("display:none", ' style="display: none"'),
    ("visibility:hidden", ' style="visibility:hidden"'),
])
def test_hidden_side_of_a_contest(demo, page, tmp_path, how, attr):
    html = page.replace('<p data-claim="clm_356077fe51e5 clm_13811f60ff01 clm_cefcab0f6732">',
                        '<p data-claim="clm_356077fe51e5 clm_cefcab0f6732">The operator and the city give an '
                        'audited 31,000 passengers per weekday<sup class="ref"><a href="#c-clm_356077fe51e5">7</a>'
                        '</sup> <span class="mark m-contested">contested</span>.</p>'
                        f'<p data-claim="clm_13811f60ff01"{attr}>', 1)
    lines = refused(demo, html, tmp_path, "E-PAGE-HIDDEN", "clm_13811f60ff01")
    assert "E-PAGE-CONTEST-ONESIDED" in codes(lines)


def test_hidden_by_a_style_rule_or_an_ancestor(demo, page, tmp_path):
    html = page.replace("</style>", ".quiet { display: none }\n</style>", 1).replace(
        '<p data-claim="clm_c95bbf88e63c', '<p class="quiet" data-claim="clm_c95bbf88e63c', 1)
    refused(demo, html, tmp_path, "E-PAGE-HIDDEN", "clm_c95bbf88e63c", ".quiet")
    html = page.replace("<article>", '<article aria-hidden="true">', 1)
    refused(demo, html, tmp_path, "E-PAGE-HIDDEN", "clm_40321b1077cf")
    # a ledger entry, by a rule that reaches into the injected ledger, even for print only
    html = page.replace("</style>", "@media print { .ledger-section li.ledger-entry { visibility: hidden } }\n</style>", 1)
    refused(demo, html, tmp_path, "E-PAGE-HIDDEN", "ledger entry")
    html = page.replace('<li class="ledger-entry" id="c-clm_13811f60ff01"',
                        '<li class="ledger-entry" hidden id="c-clm_13811f60ff01"', 1)
    refused(demo, html, tmp_path, "E-PAGE-HIDDEN", "clm_13811f60ff01")


def test_contest_shown_one_sided(demo, page, tmp_path):
    html = page.replace(" The trade press reports 38,500 over the summer<sup class=\"ref\"><a href=\"#c-clm_13811f60ff01\">"
                        "8</a></sup> <span class=\"mark m-contested\">contested</span>.", "", 1)
    html = html.replace("clm_356077fe51e5 clm_13811f60ff01 clm_cefcab0f6732", "clm_356077fe51e5 clm_cefcab0f6732", 1)
    refused(demo, html, tmp_path, "E-PAGE-CONTEST-ONESIDED", "clm_356077fe51e5", "clm_13811f60ff01")


def test_framing_and_inferences_carry_no_facts(demo, page, tmp_path):
    html = page.replace("both are shown here.</span>", "both are shown here, 7,000 apart.</span>")
    refused(demo, html, tmp_path, "E-PAGE-FRAMING-FACT", "7,000")
    html = page.replace("both are shown here.</span>", "both are shown, \u201cas the minutes say\u201d.</span>")
    refused(demo, html, tmp_path, "E-PAGE-FRAMING-FACT", "quotation")
    html = page.replace("carry another way to pay on W3<span", "carry another way to pay on W3 until 2027<span")
    refused(demo, html, tmp_path, "E-PAGE-INFERRED-FACT", "2027")
    # the advice moved to a route the inference does not name (W1 is named elsewhere on the page)
    html = page.replace("carry another way to pay on W3<span", "carry another way to pay on W1<span")
    refused(demo, html, tmp_path, "E-PAGE-INFERRED-FACT", "'W1'")
    # a feast day the inference does not name dates it (the superseded "before Christmas" estimate)
    html = page.replace("Until the W3 readers work, carry another way", "Until Christmas, carry another way")
    refused(demo, html, tmp_path, "E-PAGE-INFERRED-FACT", "'Christmas'")
    # ... while the route it names, said again in other words, passes
    html = page.replace("carry another way to pay on W3<span", "on route W3 keep another way to pay at hand<span")
    assert check(demo, html, tmp_path)[0] == []
    # a recommendation told as a fact of what others do: no claim says crews let the pass through
    html = page.replace("carry another way to pay on W3<span", "crews wave pass holders through on W3<span")
    refused(demo, html, tmp_path, "E-PAGE-INFERRED-FACT", "crews wave pass holders")
    # ... while advice in other words passes
    html = page.replace("carry another way to pay on W3<span", "bring cash or a card for W3<span")
    assert check(demo, html, tmp_path)[0] == []
    # a block declared framing as a whole, and a framing span over an uncited sentence
    lines, cov = check(demo, body(page, '<p class="framing">What follows is what the sources say.</p>'), tmp_path)
    assert lines == [] and cov["framing"] == 2
    html = page.replace("<span class=\"framing\">", "<span>", 1)
    refused(demo, html, tmp_path, "E-PAGE-UNCITED", "The two ridership figures disagree")
    # an answer is the page's main fact, never the author's framing; a "no" that answers nothing passes
    for answer in ("Yes: your Tidewater Pass pays the fare on the water bus.", "No, not on every route.",
                   "はい、パスで乗れます。", "Нет, не на всех маршрутах."):
        refused(demo, body(page, f'<p class="framing">{answer}</p>'), tmp_path, "E-PAGE-FRAMING-FACT", "the answer")
    assert check(demo, body(page, '<p class="framing">No one figure settles it.</p>'), tmp_path)[0] == []
    # a change is a fact a claim tells
    refused(demo, body(page, '<p class="framing">Paper tickets are being phased out.</p>'), tmp_path,
            "E-PAGE-FRAMING-FACT", "phased out")


def test_short_labels_need_no_citation_but_their_figures_do(demo, page, tmp_path):
    assert check(demo, body(page, "<p>In short: yes.</p>"), tmp_path)[0] == []
    refused(demo, body(page, "<p>W4 opens 2027.</p>"), tmp_path, "E-PAGE-STRUCTURE-FIGURE", "2027")
    assert check(demo, body(page, "<p>Fare: 3.40 marks.</p>"), tmp_path)[0] == []


# --------------------------------------------------------------------------- Japanese and Chinese pages

JA_BLOCK = ('<p data-claim="clm_79722db3218d">W3航路では{date}からパスが使えるようになります<sup class="ref">'
            '<a href="#c-clm_79722db3218d">2</a></sup> <span class="mark m-checked">checked</span> '
            '<span class="mark m-moving">moving</span> <span class="as-of">as of 2026-10-14</span>。{more}</p>')
ZH_BLOCK = ('<p data-claim="clm_9518b3a6cb33">新的读卡器将于{month}安装<sup class="ref"><a href="#c-clm_9518b3a6cb33">3</a>'
            '</sup> <span class="mark m-checked">checked</span>。{more}</p>')


def test_japanese_page(demo, page, tmp_path):
    good = body(page, JA_BLOCK.format(date="十二月一日", more=""))
    lines, cov = check(demo, good, tmp_path)
    assert lines == [] and cov["cited"] == 11
    refused(demo, body(page, JA_BLOCK.format(date="十一月一日", more="")), tmp_path, "E-PAGE-FIGURE-UNBACKED")
    refused(demo, body(page, JA_BLOCK.format(date="十二月一日", more="運賃は来年から値上げされる予定です。")), tmp_path,
            "E-PAGE-UNCITED", "運賃は来年から値上げ")
    refused(demo, body(page, "<p>W4航路は来年の春に新しく開通する予定です。</p>"), tmp_path, "E-PAGE-UNCITED")


def test_chinese_page(demo, page, tmp_path):
    lines, cov = check(demo, body(page, ZH_BLOCK.format(month="十一月", more="")), tmp_path)
    assert lines == [] and cov["cited"] == 11
    refused(demo, body(page, ZH_BLOCK.format(month="十月", more="")), tmp_path, "E-PAGE-FIGURE-UNBACKED")
    refused(demo, body(page, ZH_BLOCK.format(month="十一月", more="运营方明年将出售所有渡船。")), tmp_path,
            "E-PAGE-UNCITED", "运营方明年将出售")


# --------------------------------------------------------------------------- the gate end to end

def test_verify_refuses_and_shows_coverage_when_it_fails(demo, tmp_path):
    root = shutil.copytree(demo, str(tmp_path / "ws"))
    path = os.path.join(root, "build", "answer.html")
    with open(path, encoding="utf-8") as fh:
        html = fh.read()
    assert sb("verify", cwd=root).rc == 0  # fills the cache
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(body(html, "<p>The operator will scrap the water bus next year.</p>"))
    r = sb("verify", cwd=root)
    assert r.rc == 2
    assert re.search(r"^  x prose +1 finding\(s\)  \(build/answer\.html: 10 cited, 1 inferred, 1 framing, 1 refused",
                     r.out, re.M), r.out
    assert re.search(r"E-PAGE-UNCITED  build/answer\.html:\d+  \"The operator will scrap the water bus", r.err)
    r = sb("verify", "--json", cwd=root)  # the repeat run reuses the page's result and still refuses
    gate = next(g for g in json.loads(r.out)["gates"] if g["gate"] == "prose")
    assert gate["coverage"]["build/answer.html"]["refused"] == 1 and gate["details"][0]["code"] == "E-PAGE-UNCITED"


def test_acceptance_style_page_passes(tmp_path):
    """The original kit's pages: cited paragraphs, the template's h1, dek and footer."""
    from ledger_helpers import claim, ev, make_source, write_claims

    root = tmp_path / "ws"
    root.mkdir()
    assert sb("init", "--question", "How often do trains run?", cwd=root).rc == 0
    text = "# Status\n\nThe line runs every 20 minutes on weekdays.\n"
    a = make_source(root, text, name="status", tier="A", title="Status", publisher="Rail")
    (c,) = write_claims(root, [claim("Trains run every 20 minutes on weekdays.", "service.freq", confidence="verified",
                                     evidence=[ev(a, text, "The line runs every 20 minutes on weekdays.")])])
    (root / "plan.json").write_text(json.dumps({"schema_version": 1, "type": "answer", "title": "Trains",
                                                "thesis": "t", "sections": [{"id": "a", "heading": "A",
                                                                             "claim_ids": [c["id"]]}]}), encoding="utf-8")
    assert sb("template", "answer", cwd=root).rc == 0
    path = root / "build" / "answer.html"
    html = path.read_text(encoding="utf-8")
    block = (f'<p data-claim="{c["id"]}">Trains run every 20 minutes on weekdays. (as of 2026-01-15) '
             f'<span class="mark m-checked">checked</span><sup class="ref"><a href="#c-{c["id"]}">1</a></sup></p>')
    html = re.sub(r"<!-- SB:BODY -->.*<!-- /SB:BODY -->", f"<!-- SB:BODY -->\n{block}\n<!-- /SB:BODY -->", html, flags=re.S)
    path.write_text(html, encoding="utf-8")
    assert sb("ledger", "--html", "--out", "build/ledger.html", cwd=root).rc == 0
    assert sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=root).rc == 0
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-PAGE-FIGURE-UNBACKED" in r.err and "2026-01-15" in r.err  # no claim is dated so
    html = path.read_text(encoding="utf-8").replace(" (as of 2026-01-15)", "")
    path.write_text(html, encoding="utf-8")
    r = sb("verify", cwd=root)
    assert "E-PAGE" not in r.both, r.both


# --------------------------------------------------------------------------- the draft syntax

def test_framing_tag_renders_a_span_and_the_thesis_cites(demo, tmp_path):
    root = shutil.copytree(demo, str(tmp_path / "ws"))
    with open(os.path.join(root, "build", "answer.html"), encoding="utf-8") as fh:
        html = fh.read()
    assert '<span class="framing">The two ridership figures disagree, and both are shown here.</span> The operator' in html
    assert '<p class="dek" data-claim="clm_40321b1077cf clm_79722db3218d"><!-- SB:DEK -->' in html
    # the tag before the stop, and in Japanese
    draft = os.path.join(root, "drafts", "draft.md")
    with open(draft, encoding="utf-8") as fh:
        text = fh.read()
    text = text.replace("both are shown here. [framing]", "both are shown here [framing].")
    text += "\n\n二つの数字は期間が違います[framing]。\n"
    with open(draft, "w", encoding="utf-8") as fh:
        fh.write(text)
    r = sb("render", "answer", "--from", "drafts/draft.md", cwd=root)
    assert r.rc == 0, r.both
    with open(os.path.join(root, "build", "answer.html"), encoding="utf-8") as fh:
        html = fh.read()
    assert '<span class="framing">The two ridership figures disagree, and both are shown here.</span>' in html
    assert '<p><span class="framing">二つの数字は期間が違います。</span></p>' in html


@pytest.mark.parametrize("draft, shown", [
    ("Three things decide it [framing]: the routes, the fare and the count.",
     "Three things decide it: the routes, the fare and the count."),
    ("First the routes [framing]; then the fare.", "First the routes; then the fare."),
    ("Put plainly [framing], the pass is a ticket.", "Put plainly, the pass is a ticket."),
    ("Is that all [framing]?", "Is that all?"),
    ("The rest [framing] follows below.", "The rest follows below."),
])
def test_a_framing_tag_before_punctuation_leaves_no_space_before_it(draft, shown):
    from sourcebook.engines.render.blocks import inline

    assert inline(draft, {}, {}) == f'<span class="framing">{shown}</span>'


@pytest.mark.parametrize("sentence, why", [
    ("The two figures are 7,000 apart. [framing]", "7,000"),
    ("The minutes say \u201cpeaks only\u201d. [framing]", "quotation"),
    ("The fare is 3.40 marks [@clm_c95bbf88e63c] [framing].", "cites a claim"),
])
def test_render_refuses_framing_with_a_fact(demo, tmp_path, sentence, why):
    root = shutil.copytree(demo, str(tmp_path / "ws"))
    draft = os.path.join(root, "drafts", "draft.md")
    with open(draft, "a", encoding="utf-8") as fh:
        fh.write(f"\n\n{sentence}\n")
    r = sb("render", "answer", "--from", "drafts/draft.md", cwd=root)
    assert r.rc == 1 and r.err.startswith("E-RENDER-FRAMING  drafts/draft.md:") and why in r.err, r.both


def test_thesis_references_are_checked(demo, tmp_path):
    root = shutil.copytree(demo, str(tmp_path / "ws"))
    r = sb("plan", "--type", "answer", "--thesis", "Yes, on two routes [@clm_000000000000].", cwd=root)
    assert r.rc == 0, r.both
    r = sb("render", "answer", "--from", "drafts/draft.md", cwd=root)
    assert r.rc == 1 and "plan.json thesis" in r.err and "E-DRAFT-CLAIM" in r.err, r.both
    r = sb("plan", "--type", "answer", "--thesis", "Both figures stand, 7,000 apart. [framing]", cwd=root)
    r = sb("render", "answer", "--from", "drafts/draft.md", cwd=root)
    assert r.rc == 1 and "E-RENDER-FRAMING  plan.json thesis" in r.err, r.both
    sb("plan", "--type", "answer", "--thesis", "Both figures stand. [framing]", cwd=root)
    assert sb("render", "answer", "--from", "drafts/draft.md", cwd=root).rc == 0
    with open(os.path.join(root, "build", "answer.html"), encoding="utf-8") as fh:
        assert '<p class="dek"><!-- SB:DEK --><span class="framing">Both figures stand.</span><!-- /SB:DEK -->' in fh.read()
    assert sb("verify", cwd=root).rc == 0


def test_image_alt_text_framing_tag(tmp_path):
    from sourcebook.engines.render.draft import parse

    (img,) = parse("![The bay at dawn](assets/bay.png) [framing]\n")
    assert img.kind == "img" and img.framing and img.text == "The bay at dawn"
    (img,) = parse("![The bay at dawn](assets/bay.png)\n")
    assert not img.framing


# --------------------------------------------------------------------------- templates and the tree

@pytest.mark.parametrize("kind", ["answer", "explainer", "deck", "brief", "infographic", "podcast"])
def test_every_template_styles_framing_visibly(kind):
    from sourcebook.domain.artifacts.templates import load_template
    from sourcebook.engines.css.colors import contrast, parse_color
    from sourcebook.engines.css.parse import parse_sheet

    html = load_template(kind)
    css = html.split("<style>", 1)[1].split("</style>", 1)[0]
    rules = [r for r in parse_sheet(css).rules if r.selector.strip() == ".framing"]
    assert rules and rules[0].get("font-style").value == "italic"
    colour = rules[0].get("color").value
    muted = re.search(r"--muted:\s*(#[0-9a-f]{6})", html).group(1)
    paper = re.search(r"--paper:\s*(#[0-9a-f]{6})", html).group(1)
    assert colour == "var(--muted)" and contrast(parse_color(muted), parse_color(paper)) >= 4.5


def test_rendered_framing_lints_clean(demo, tmp_path):
    root = shutil.copytree(demo, str(tmp_path / "ws"))
    for kind in ("answer", "brief", "deck"):
        r = sb("lint", os.path.join(root, "build", f"{kind}.html"))
        assert r.rc == 0, (kind, r.both)


def test_comment_sites_agree_between_the_two_builders():
    from sourcebook.engines.html.tree import parse, parse_with_stdlib

    html = ("<footer><p>Built <!-- SB:DATE -->on <time>x</time><!-- /SB:DATE --> from <!-- SB:SOURCES -->7"
            "<!-- /SB:SOURCES --> sources.</p></footer><!-- end -->")
    sites = []
    for fn in (parse, parse_with_stdlib):
        doc = fn(html)
        sites.append([(p.tag, n, off) for p, n, off in doc.comment_sites])
    assert sites[0] == sites[1] == [("p", 1, 6), ("p", 2, -1), ("p", 3, 6), ("p", 3, 7), ("#document", 1, -1)]


def test_deep_markup_is_read_without_recursion(demo, page, tmp_path):
    deep = ('<div aria-hidden="true">' + "<div>" * 3000 + '<p data-claim="clm_c95bbf88e63c">The fare is 3.40 marks'
            '<sup class="ref"><a href="#c-clm_c95bbf88e63c">5</a></sup> <span class="mark m-checked">checked</span>.</p>'
            + "</div>" * 3001)
    lines = refused(demo, body(page, deep), tmp_path, "E-PAGE-HIDDEN", "clm_c95bbf88e63c", "aria-hidden")
    assert not any(ln.startswith("E-INTERNAL") for ln in lines)


def test_the_gate_knows_the_artifact_types():
    from sourcebook.domain.artifacts.templates import TYPES
    from sourcebook.domain.gate.prose_fixed import TYPES as GATE_TYPES
    from sourcebook.domain.gate.prose_fixed import page_kind

    assert GATE_TYPES == TYPES
    assert page_kind("build/deck.html") == "deck" and page_kind("build/other.html") is None


def test_text_between_the_footer_markers_is_read_unless_sb_wrote_it(demo, page, tmp_path):
    html = page.replace("<!-- SB:SOURCES -->7 of the 7 sources read<!-- /SB:SOURCES -->",
                        "<!-- SB:SOURCES -->7 audited, 12<!-- /SB:SOURCES -->")
    assert html != page
    # the footer's own words are sourcebook's: what stands there in their place is refused
    refused(demo, html, tmp_path, "E-PAGE-UNCITED", "footer")
    html = page.replace("<!-- SB:TOC --><li>", "<!-- SB:TOC --><li><a href=\"#x\">Ridership 50,000</a></li><li>", 1)
    refused(demo, html, tmp_path, "E-PAGE-STRUCTURE-FIGURE", "50,000")


@pytest.mark.parametrize("attr, rule", [
    (' style="display:none"', ""),
    (' style="content-visibility: hidden"', ""),
    (' class="zz"', ".zz { display: none }"),
    (' class="zz"', "@media (min-width: 600px) { .zz { display: none } }"),
])
def test_a_side_hidden_inside_its_block_is_hidden(demo, page, tmp_path, attr, rule):
    """One sentence of a block wrapped in a hidden span: the block's other words still show, but
    a reader does not see that side of the contest."""
    old = '<p data-claim="clm_356077fe51e5 clm_13811f60ff01 clm_cefcab0f6732">'
    assert old in page
    i = page.index(old) + len(old)
    j = page.index("</p>", i)
    inner = page[i:j]
    k = inner.index("The trade press")
    html = page[:i] + inner[:k] + f"<span{attr}>" + inner[k:] + "</span>" + page[j:]
    if rule:
        html = html.replace("</style>", rule + "\n</style>", 1)
    lines = refused(demo, html, tmp_path, "E-PAGE-HIDDEN", "on a part of it")
    assert any("clm_13811f60ff01" in ln for ln in lines if ln.startswith("E-PAGE-HIDDEN"))


def test_a_visible_span_inside_a_block_is_not_hidden(demo, page, tmp_path):
    old = '<p data-claim="clm_356077fe51e5 clm_13811f60ff01 clm_cefcab0f6732">'
    i = page.index(old) + len(old)
    j = page.index("</p>", i)
    inner = page[i:j]
    k = inner.index("The trade press")
    html = page[:i] + inner[:k] + '<span class="zz">' + inner[k:] + "</span>" + page[j:]
    html = html.replace("</style>", ".zz { display: inline }\n</style>", 1)
    lines, _ = check(demo, html, tmp_path)
    assert "E-PAGE-HIDDEN" not in codes(lines), lines


# --------------------------------------------------------------------------- what a figure says

def passes_prose(demo, html, tmp_path) -> None:
    lines, _ = check(demo, html, tmp_path)
    assert lines == [], lines


_KIDS = "children under twelve ride free"
_PRESS = "The trade press reports 38,500 over the summer"
_AUDIT = "give an audited 31,000 passengers"


@pytest.mark.parametrize("old, new, word", [
    (_KIDS, "children over twelve ride free", "over twelve"),
    (_AUDIT, "give an audited figure of fewer than 31,000 passengers", "fewer than 31,000"),
    (_AUDIT, "give at least 31,000 passengers", "at least 31,000"),
    (_AUDIT, "give more than 31,000 passengers", "more than 31,000"),
    (_AUDIT, "give up to 31,000 passengers", "up to 31,000"),
    (_AUDIT, "give nearly 31,000 passengers", "nearly 31,000"),
    (_PRESS, "The trade press reports 38,500+ over the summer", "38,500+"),
    (_PRESS, "The trade press reports ≥38,500 a weekday, all year round", "≥38,500"),
    (_PRESS, "The trade press reports &gt;38,500 over the summer", ">38,500"),
    (_PRESS, "The trade press reports &lt;38,500 over the summer", "<38,500"),
    (_PRESS, "The trade press reports ~38,500 over the summer", "~38,500"),
])
def test_a_comparison_the_claim_does_not_make_is_refused(demo, page, tmp_path, old, new, word):
    """"under twelve" is the claim's; "over twelve", "fewer than 31,000" or "38,500+" says
    something no claim says, though every digit is backed."""
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-FIGURE-COMPARISON", word)


@pytest.mark.parametrize("old, new", [
    (_AUDIT, "give about 31,000 passengers"),
    (_AUDIT, "give around 31,000 passengers"),
    (_AUDIT, "give some 31,000 passengers"),
    (_KIDS, "children below twelve ride free"),  # the claim's direction, in other words
])
def test_a_softened_figure_or_the_claims_own_comparison_passes(demo, page, tmp_path, old, new):
    assert old in page
    passes_prose(demo, page.replace(old, new, 1), tmp_path)


@pytest.mark.parametrize("new, code, word", [
    ("children aged twelve or younger ride free", "E-PAGE-FIGURE-COMPARISON", "twelve or younger"),
    ("children aged eleven or older ride free", "E-PAGE-FIGURE-UNBACKED", "eleven"),
    ("children aged ten or younger ride free", "E-PAGE-FIGURE-UNBACKED", "ten"),
])
def test_a_whole_year_age_bound_one_year_on_is_the_claims(demo, page, tmp_path, new, code, word):
    """"aged eleven or younger" and "11 and under" take in the same children as the claim's
    "under twelve": they pass; "twelve or younger" takes in the twelve-year-olds, and "eleven or
    older" or "ten or younger" other children, refused."""
    assert _KIDS in page
    refused(demo, page.replace(_KIDS, new, 1), tmp_path, code, word)
    passes_prose(demo, page.replace(_KIDS, "children aged eleven or younger ride free", 1), tmp_path)
    passes_prose(demo, page.replace(_KIDS, "children 11 and under ride free", 1), tmp_path)


def test_over_the_months_of_a_span_is_no_bound(demo, page, tmp_path):
    """"over the twelve months to September" tells the span a figure covers, not "more than
    twelve": it passes; "over twelve" bound to the children's age is still refused."""
    old = "give an audited 31,000 passengers per weekday for the year to September"
    assert old in page
    passes_prose(demo, page.replace(old, "give an audited 31 thousand passengers a weekday over the twelve months "
                                         "to September", 1), tmp_path)
    refused(demo, page.replace(_KIDS, "children over twelve ride free", 1), tmp_path, "E-PAGE-FIGURE-COMPARISON",
            "over twelve")


@pytest.mark.parametrize("new, word, honest", [
    ("十二岁以上儿童在付费成人陪同下免费乘坐", "以上", "未满十二岁的儿童在付费成人陪同下免费乘坐"),
    ("12歳以上の子どもは有料の大人と一緒なら無料です", "以上", "12歳未満の子どもは有料の大人と一緒なら無料です"),
    ("дети старше двенадцати лет ездят бесплатно с платящим взрослым", "старше",
     "дети младше двенадцати лет ездят бесплатно с платящим взрослым"),
    # "十二歳まで" (up to twelve) takes in the twelve-year-olds, as "up to twelve" does
    ("十二歳までの子どもは、有料の大人と一緒なら無料です", "まで", "十二歳未満の子どもは、有料の大人と一緒なら無料です"),
])
def test_a_comparison_in_chinese_japanese_or_russian_is_read_as_the_english(demo, page, tmp_path, new, word,
                                                                            honest):
    """"十二岁以上" (twelve and over), "12歳以上", "старше двенадцати" of "under twelve" are
    refused as "over twelve" is, "十二歳まで" as "up to twelve" is; "未满十二岁", "12歳未満", "младше двенадцати" say the claim's."""
    old = _KIDS + " with a paying adult"
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-FIGURE-COMPARISON", word)
    passes_prose(demo, page.replace(old, honest, 1), tmp_path)


@pytest.mark.parametrize("new, honest", [
    ("子どもは有料の大人と一緒なら無料です", "12歳未満の子どもは有料の大人と一緒なら無料です"),
    ("儿童在付费成人陪同下免费乘坐", "未满十二岁的儿童在付费成人陪同下免费乘坐"),
    ("дети ездят бесплатно с платящим взрослым", "дети младше двенадцати лет ездят бесплатно с платящим взрослым"),
])
def test_children_told_without_the_claims_age_bound_in_other_languages_are_refused(demo, page, tmp_path, new,
                                                                                    honest):
    """"子どもは...無料です" of "children under twelve ride free": the sentence keeps the condition
    (a paying adult) but tells it of children of any age; the age bound given passes."""
    old = _KIDS + " with a paying adult"
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "under twelve")
    passes_prose(demo, page.replace(old, honest, 1), tmp_path)


def test_a_not_before_the_claims_figure_is_refused_though_the_claim_says_free(demo, page, tmp_path):
    """"children not under twelve ride free": the claim's "free" is a word of lack, yet the "not"
    stands before its figure and denies it. The claim's lack said with a negation passes."""
    assert _KIDS in page
    refused(demo, page.replace(_KIDS, "children not under twelve ride free", 1), tmp_path,
            "E-PAGE-NEGATION-ADDED", "not under twelve")
    passes_prose(demo, page.replace(_KIDS, "children under twelve do not pay", 1), tmp_path)


def test_a_negation_in_small_capitals_is_read_as_one(demo, page, tmp_path):
    """"do ɴᴏᴛ ride free": Latin small capitals, which NFKC leaves alone, are read as the letters
    they draw before the word rules; small capitals that add no word pass."""
    assert _KIDS in page
    refused(demo, page.replace(_KIDS, "children under twelve do \u0274\u1d0f\u1d1b ride free", 1), tmp_path,
            "E-PAGE-NEGATION-ADDED")
    passes_prose(demo, page.replace(_KIDS, "children under twelve ride \ua730\u0280\u1d07\u1d07", 1), tmp_path)


def test_a_small_number_in_words_bound_to_a_comparison_is_a_figure(demo, page, tmp_path):
    """"children under ten ride free" of a claim that says under twelve: a number word up to ten
    bound to a comparison or an age ("under ten", "over five", "aged nine") states a limit, a
    figure like any other; the claim's own limit in digits passes."""
    assert _KIDS in page
    refused(demo, page.replace(_KIDS, "children under ten ride free", 1), tmp_path, "E-PAGE-FIGURE-UNBACKED", "'ten'")
    refused(demo, page.replace(_KIDS, "children aged up to nine ride free", 1), tmp_path, "E-PAGE-FIGURE-UNBACKED",
            "'nine'")
    passes_prose(demo, page.replace(_KIDS, "children under 12 ride free", 1), tmp_path)


def test_a_count_of_time_the_claim_does_not_count_is_refused(demo, page, tmp_path):
    refused(demo, page.replace(_KIDS, "children under twelve months ride free", 1), tmp_path,
            "E-PAGE-FIGURE-UNBACKED", "twelve months")
    # an amount where the claim's number counts something else
    refused(demo, page.replace(_KIDS, "children under 12 marks ride free", 1), tmp_path,
            "E-PAGE-FIGURE-UNBACKED", "12 marks")


def test_another_noun_for_the_same_count_passes(demo, page, tmp_path):
    """"31,000 riders" for the claim's "31,000 passengers" is a paraphrase, not a new fact."""
    passes_prose(demo, page.replace("audited 31,000 passengers", "audited 31,000 riders", 1), tmp_path)


@pytest.mark.parametrize("words", ["hundreds of thousands of passengers", "millions of passengers",
                                   "dozens of passengers"])
def test_magnitude_words_must_be_backed(demo, page, tmp_path, words):
    html = page.replace(_PRESS, f"The trade press reports that {words} rode each weekday over the summer", 1)
    refused(demo, html, tmp_path, "E-PAGE-FIGURE-UNBACKED", words.rsplit(" of ", 1)[0])


def test_magnitude_words_the_claim_backs_pass(demo, page, tmp_path):
    """38,500 is thousands of passengers, and tens of thousands."""
    for words in ("thousands of passengers", "tens of thousands of passengers"):
        passes_prose(demo, page.replace(_PRESS, f"The trade press reports that {words} rode each weekday over "
                                                "the summer", 1), tmp_path)


def test_magnitude_words_in_framing_are_a_figure(demo, page, tmp_path):
    html = page.replace("The two ridership figures disagree, and both are shown here.",
                        "Hundreds of thousands of people ride.", 1)
    refused(demo, html, tmp_path, "E-PAGE-FRAMING-FACT", "Hundreds of thousands")


def test_a_dot_group_read_two_ways_must_be_backed_both_ways(demo, page, tmp_path):
    """"3.400 marks" is 3,400 marks to a reader who groups with dots; the claim says 3.40."""
    assert "is 3.40 marks" in page
    refused(demo, page.replace("is 3.40 marks", "is 3.400 marks", 1), tmp_path, "E-PAGE-FIGURE-UNBACKED", "3.400 marks")
    passes_prose(demo, page.replace("is 3.40 marks", "is 3.4 marks", 1), tmp_path)


_FARE = "A single adult fare bought on board is 3.40 marks"
_LISTS = "On routes W1 and W2, yes: the operator lists both as taking the pass"
_LISTS = "yes: the operator lists both as taking the pass"


@pytest.mark.parametrize("old, new, word", [
    (_FARE, _FARE + " because the pass cannot be used on board at all", "A single adult fare"),
    (_FARE, _FARE + ", since the pass cannot be used on board at all", "A single adult fare"),
    (_FARE, _FARE + ", as a result the pass cannot be used on board at all", "A single adult fare"),
    (_LISTS, _LISTS + ": it has quietly dropped its plan for the third route", "On routes W1 and W2, yes"),
])
def test_a_clause_joined_by_a_cause_or_a_colon_needs_its_own_citation(demo, page, tmp_path, old, new, word):
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-CLAUSE-UNCITED", word)


def test_a_colon_before_a_cited_clause_and_because_of_pass(demo, page, tmp_path):
    """The demo's "On routes W1 and W2, yes: the operator lists both ..." is one clause; "because
    of" opens no clause."""
    passes_prose(demo, page, tmp_path)
    passes_prose(demo, page.replace(_FARE, "Because of the fares for adults, a single adult fare bought on board is "
                                           "3.40 marks", 1), tmp_path)


def test_a_cause_no_claim_names_is_refused(demo, page, tmp_path):
    """"Because of" opens no clause, but the cause it names is the claims' to name: "bridge works",
    "the fare freeze" are named by no claim."""
    for cause in ("Because of the bridge works", "Thanks to the fare freeze"):
        refused(demo, page.replace(_FARE, f"{cause}, a single adult fare bought on board is 3.40 marks", 1),
                tmp_path, "E-PAGE-WORD-UNBACKED", cause)


def test_a_lead_in_before_any_colon_holds_no_fact_of_its_own(demo, page, tmp_path):
    """"Paper tickets still rule on board: a single adult fare ...[5]": the colon opens no clause
    with a subject of its own, but the lead-in tells with "still" a state going on that no claim
    states; a lead-in without such a word ("What a ride costs:", "Fares are set per ride:")
    passes, as "On routes W1 and W2, yes:" does."""
    refused(demo, page.replace(_FARE, "Paper tickets still rule on board: a single adult fare bought on board is "
                                      "3.40 marks", 1), tmp_path, "E-PAGE-CLAUSE-UNCITED", "Paper tickets still rule")
    passes_prose(demo, page.replace(_FARE, "What a ride costs: a single adult fare bought on board is 3.40 marks", 1),
                 tmp_path)
    passes_prose(demo, page.replace(_FARE, "Fares are set per ride: a single adult fare bought on board is 3.40 "
                                           "marks", 1), tmp_path)


_W1W2 = "On routes W1 and W2, yes: the operator lists both as taking the pass"


@pytest.mark.parametrize("new", [
    "Yes: the operator lists the water bus as taking the pass",
    "Yes: the operator lists the routes as taking the pass",
    "Pass holders can use the water bus service, the operator says",
])
def test_a_set_the_claim_names_told_as_the_whole_is_refused(demo, page, tmp_path, new):
    """The claim names a set one by one ("routes W1 and W2"); a sentence that restates it with
    no member and no count of them ("the water bus") tells the whole service."""
    assert _W1W2 in page
    refused(demo, page.replace(_W1W2, new, 1), tmp_path, "E-PAGE-WORD-UNBACKED", "nothing of routes W1 and W2")


@pytest.mark.parametrize("new", [
    "Yes: the operator lists routes W1 and W2 as taking the pass",
    "Yes: the operator lists two water bus routes as taking the pass",
    "Yes, on both routes it names: the operator lists them as taking the pass",
    "The operator's status page lists which routes take the pass",
    "On route W1, yes: the operator lists it as taking the pass",
])
def test_a_set_kept_by_its_members_or_a_count_passes(demo, page, tmp_path, new):
    assert _W1W2 in page
    passes_prose(demo, page.replace(_W1W2, new, 1), tmp_path)


def _blockquote(words: str) -> str:
    return ('<blockquote>\n<p data-claim="clm_1c9cba3adeec">' + words + '<sup class="ref"><a href="#c-clm_1c9cba3adeec">'
            '<span class="ref-sep"> [</span>4<span class="ref-sep">]</span></a></sup><span class="cite-tail"> '
            '<span class="mark m-reported">reported</span>.</span></p>\n</blockquote>')


def test_a_block_quotation_must_quote_the_source(demo, page, tmp_path):
    """A block quotation presents its words as the source's, like quotation marks do."""
    html = body(page, _blockquote("The operator has given up on the W3 readers for good, riders were told"))
    refused(demo, html, tmp_path, "E-PAGE-QUOTE-UNBACKED", "block quotation")
    # the source's own words pass
    passes_prose(demo, body(page, _blockquote("On W3 the reader just showed a red light, so I bought a paper "
                                              "ticket")), tmp_path)
    # framing may not quote in a block either
    refused(demo, body(page, '<blockquote><p class="framing">Nobody trusts the readers any more.</p></blockquote>'),
            tmp_path, "E-PAGE-FRAMING-FACT", "block quotation")


@pytest.mark.parametrize("tail", [" (✓ checked)", " (checked)", " [verified]", " ✓"])
def test_a_mark_written_as_text_is_refused(demo, page, tmp_path, tail):
    old = "switched off in late September"
    assert old in page
    refused(demo, page.replace(old, old + tail, 1), tmp_path, "E-PAGE-MARK-STRAY", "as text")


def test_a_status_pictograph_or_a_written_out_task_box_is_a_mark(demo, page, tmp_path):
    """"W3 🟢" and a task list's "[x] W3" tick W3 as working, as "✓" does."""
    for label in ("<p>W3 🟢</p>", "<p>W3 ❌</p>", "<ul><li>[x] W3</li><li>[ ] W1</li></ul>", "<h2>W3 ✅</h2>"):
        refused(demo, body(page, label), tmp_path, "E-PAGE-MARK-STRAY", "as text")
    # a route named plainly, and brackets in code, are no tick
    passes_prose(demo, body(page, "<pre><code>routes[x] = fare</code></pre>"), tmp_path)


@pytest.mark.parametrize("old,new,sign", [
    ("switched off in late September<sup", "switched off in late September \U0001F5F8<sup", "light check mark"),
    ("switched off in late September<sup", "switched off in late September \u221a<sup", "square root"),
    ("On routes W1 and W2, yes:", "On routes W1 \u26d4 and W2 \u26d4, yes:", "no entry"),
    ("On routes W1 and W2, yes:", "On routes W1 \u25cb and W2 \u25cb, yes:", "white circle"),
    ("switched off in late September<sup", "switched off in late September \u2715<sup", "multiplication x"),
    ("switched off in late September<sup", "switched off in late September \u00d7<sup", "multiplication sign"),
], ids=["a tick off the list", "a square root as a tick", "a no-entry sign", "a Japanese yes circle",
        "a cross", "a times sign multiplying nothing"])
def test_any_sign_or_pictograph_beside_a_claim_is_a_mark(demo, page, tmp_path, old, new, sign):
    """A tick, a cross or a pictograph beside a claim's words reads as a mark, whichever
    character draws it: refused by its class (Unicode's other symbols, enclosing marks, icon
    fonts' private use), not by a list of the ticks seen so far."""
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-MARK-STRAY", sign)


def test_signs_of_ordinary_writing_are_no_mark():
    """The signs ordinary writing and figures use pass: a multiplication of numbers, a root of
    something, degrees, units, a copyright, an arrow of change (read as a word of change), a
    bullet written out, box drawing in code, and a sign the claim's own quote holds."""
    from sourcebook.domain.gate.gates.pages.prose import mark_sign

    for text in ("3 × 4 boats", "2× the riders", "√2 is irrational", "18°C at the pier", "a 5 ㎞ route",
                 "© 2019 Ida Vell", "31,000 → 38,500", "◦ Route W1", "「W3」は来月から"):
        assert mark_sign(text, []) == "", text
    assert mark_sign("├── drafts", [], code=True) == ""
    assert mark_sign("the post read \U0001F621 riders", ["a rider posted \U0001F621 about W3"]) == ""
    for text, sign in (("W3 \u2713", "\u2713"), ("W3 \u00d7", "\u00d7"), ("W3\u20e0", "\u20e0"),
                       ("W3 \ue000", "\ue000"), ("\u2605\u2605\u2606 service", "\u2605")):
        assert mark_sign(text, []) == sign, text


def test_the_word_checked_in_a_sentence_passes(demo, page, tmp_path):
    html = page.replace("Riders say the W3 readers", "Riders who checked say the W3 readers", 1)
    assert html != page
    passes_prose(demo, html, tmp_path)


def test_a_web_address_in_framing_is_refused(demo, page, tmp_path):
    """The digits of a visible address say what a figure says ("adult-single-4-90-marks")."""
    framing = "The two ridership figures disagree, and both are shown here."
    assert framing in page
    html = page.replace(framing, "The fare table is at https://calderbay.example/fares/adult-single-4-90-marks-"
                                 "from-january-2027.", 1)
    refused(demo, html, tmp_path, "E-PAGE-FRAMING-FACT", "web address")
    # a link whose text is words passes: its address is not text the reader reads
    passes_prose(demo, page.replace(framing, 'The two ridership figures disagree, and <a href="https://calderbay.'
                                             'example/2027">both are shown here</a>.', 1), tmp_path)


def test_both_sides_of_a_contest_stand_in_the_same_section(demo, page, tmp_path):
    """The 38,500 side moved under a heading of its own at the page's end: the ridership section
    shows one side only."""
    old = '<p data-claim="clm_356077fe51e5 clm_13811f60ff01 clm_cefcab0f6732">'
    i = page.index(old) + len(old)
    j = page.index("</p>", i)
    inner = page[i:j]
    k = inner.index("The trade press")
    k2 = inner.index("City officers")
    side = inner[k:k2]
    moved = page[:i] + inner[:k] + inner[k2:] + page[j:]
    moved = body(moved, f'<h2>Background notes</h2>\n<p data-claim="clm_13811f60ff01">{side}</p>')
    refused(demo, moved, tmp_path, "E-PAGE-CONTEST-ONESIDED", "same section")
    # the same paragraph split in two, both under the ridership heading, passes
    split = page[:i] + inner[:k] + inner[k2:] + f'</p>\n<p data-claim="clm_13811f60ff01">{side}' + page[j:]
    passes_prose(demo, split, tmp_path)


# --------------------------------------------------------------------------- hedges, scale, code

_W3 = "Route W3 is due to follow on 1 December 2026, once new readers are fitted to its boats"


def test_a_plan_told_as_done_is_refused(demo, page, tmp_path):
    """The claim says W3 is due to follow "once new readers are fitted"; "its new readers already
    fitted" tells the reader the condition is met."""
    assert _W3 in page
    new = "Route W3 takes the pass from 1 December 2026, its new readers already fitted to its boats"
    refused(demo, page.replace(_W3, new, 1), tmp_path, "E-PAGE-WORD-UNBACKED", "already")


@pytest.mark.parametrize("old, new, lost", [
    (_W3, "Route W3 takes the pass from 1 December 2026", "once new ticket readers are installed"),
    ("children under twelve ride free with a paying adult", "children under twelve ride free",
     "when travelling with a paying adult"),
    # the word that narrows the condition gone: any adult will do
    ("children under twelve ride free with a paying adult", "children under twelve travel free with an adult",
     "when travelling with a paying adult"),
    # the condition named but waived
    ("children under twelve ride free with a paying adult", "children under twelve ride free, a paying adult optional",
     "when travelling with a paying adult"),
    ("children under twelve ride free with a paying adult", "children under twelve ride free with or without a "
     "paying adult", "when travelling with a paying adult"),
    # the claim's bound of age dropped: children of any age ride free
    ("children under twelve ride free with a paying adult", "children ride free with a paying adult",
     "Children under twelve"),
    ("children under twelve ride free with a paying adult", "kids ride free with a paying adult",
     "Children under twelve"),
])
def test_a_condition_dropped_from_its_claim_is_refused(demo, page, tmp_path, old, new, lost):
    """A conditional fact told without its condition says more than its source: W3 is due "once
    new ticket readers are installed", children ride free "when travelling with a paying adult"."""
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-HEDGE-DROPPED", lost, "without that condition")


_RIDERS = "Riders say the W3 readers were still switched off in late September"


@pytest.mark.parametrize("new, code, word", [
    ("The W3 readers were still switched off in late September", "E-PAGE-HEDGE-DROPPED", "Riders on route W3 said"),
    ("The operator says the W3 readers were still switched off in late September", "E-PAGE-WORD-UNBACKED",
     "The operator for Riders"),
    ("Riders say the W3 readers are currently switched off", "E-PAGE-WORD-UNBACKED", "currently for September"),
    # a finder named after the fact, whom neither the claim nor its quote makes one
    ("The W3 readers were still switched off in late September, as the trade press found", "E-PAGE-WORD-UNBACKED",
     "the trade press for Riders"),
    ("The W3 readers were still switched off in late September, the operator said", "E-PAGE-WORD-UNBACKED",
     "the operator for Riders"),
])
def test_a_report_told_as_fact_or_put_in_another_mouth_is_refused(demo, page, tmp_path, new, code, word):
    """The claim reports what riders told a newspaper: the page may not state it as a fact, nor
    have the operator say it."""
    assert _RIDERS in page
    refused(demo, page.replace(_RIDERS, new, 1), tmp_path, code, word)


def test_a_finder_is_judged_by_the_speaker_the_quote_names_when_the_claim_names_none():
    """A claim that leaves out who said it ("The card readers on route W3 were still switched
    off") still has its quote's speaker: "as the trade press found" names another. A claim and
    quote that name nobody (the paper's own figure) leave the source to be named."""
    from sourcebook.engines.text.stance import speaker_swapped

    quote = ["Riders on route W3 told The Ferry Ledger that the card readers on its boats were still switched off "
             "in late September."]
    bare = "The card readers on route W3 were still switched off in late September."
    assert speaker_swapped(bare, quote, "The W3 readers were still switched off in late September, as the trade "
                                        "press found") == "the trade press for Riders on route W3"
    assert speaker_swapped(bare, quote, "The W3 readers were still switched off in late September, riders "
                                        "said") is None
    own = "Weekday ridership averaged 38,500 passengers over the summer."
    assert speaker_swapped(own, [own], "The trade press reports 38,500 over the summer") is None
    assert speaker_swapped(own, [own], "Ridership averaged 38,500 over the summer, as the trade press found") is None


_PRESS = "The trade press reports 38,500 over the summer"
_FARE = "A single adult fare bought on board is 3.40 marks"


@pytest.mark.parametrize("old, new, who", [
    # the paper's own figure, which the city disputes, put in the city's mouth
    (_PRESS, "The city itself says weekday ridership averaged 38,500 over the summer", "The city itself"),
    (_PRESS, "Weekday ridership averaged 38,500 over the summer, as the city council found", "the city council"),
    # the operator's and the paper's fare, told as the city's
    (_FARE, "The city says a single adult fare bought on board is 3.40 marks", "The city"),
    # the operator's words quoted as the city minutes', after the answer and its colon
    (_LISTS, 'On routes W1 and W2, yes: the city minutes say the pass "is accepted on routes W1 and W2"',
     "the city minutes"),
])
def test_a_speaker_the_claims_source_is_not_is_refused(demo, page, tmp_path, old, new, who):
    """A claim whose text and quote name no one saying it is its source's word: a sentence that
    names a speaker must name that source (its title, author, publisher or the reason given for
    its tier), not another party, least of all the one that disputes it."""
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-WORD-UNBACKED", repr(who))


@pytest.mark.parametrize("old, new", [
    (_PRESS, "The Ferry Ledger reports 38,500 over the summer"),
    (_PRESS, "Weekday ridership averaged 38,500 over the summer, as the trade paper reported"),
    (_FARE, "The operator says a single adult fare bought on board is 3.40 marks"),
    (_FARE, "According to the Calder Bay Water Bus Authority, a single adult fare bought on board is 3.40 marks"),
    (_RIDERS, "Riders say the W3 readers were still switched off in late September"),
    (_LISTS, 'On routes W1 and W2, yes: the operator says the pass "is accepted on routes W1 and W2"'),
])
def test_a_speaker_the_claims_source_is_passes(demo, page, tmp_path, old, new):
    assert old in page
    passes_prose(demo, page.replace(old, new, 1), tmp_path)


def test_a_speaker_is_matched_to_the_claims_source_record():
    """The speaker a sentence names of a claim that names none: "The operator" is the operator's
    notice (the reason for its tier says so), not a forum post; a document or its author speaks
    as itself."""
    from sourcebook.domain.ledger.provenance import speaker_of
    from sourcebook.engines.text.stance import speaker_unnamed

    own = "The W3 reader showed a red light."
    assert speaker_unnamed(own, [own], "The operator says the W3 reader showed a red light.") == "The operator"
    assert speaker_unnamed(own, [own], "The proposal says the W3 reader showed a red light.") is None
    assert speaker_unnamed(own, [own], "Its author argues the W3 reader showed a red light.") is None
    assert speaker_unnamed(own, [own], "They say the W3 reader showed a red light.") is None
    assert speaker_unnamed("Riders were told by W3 crew that it was red.", [], "The operator says it was red.") is None
    records = {"notice": {"publisher": "Calder Bay Water Bus Authority", "title": "Service status",
                          "tier": "A", "tier_reason": "the operator's own status page"},
               "press": {"publisher": "The Ferry Ledger", "title": "Water buses win riders", "tier": "B",
                         "tier_reason": "the operator's own ridership release, reprinted by the trade paper"},
               "forum": {"publisher": "Calder commuters forum", "title": "Re: the pass",
                         "tier_reason": "anonymous commuter forum posts"},
               "pep": {"title": "PEP 649 – Deferred Evaluation Of Annotations", "author": "Larry Hastings"}}
    text_of, record_of = (lambda s: ""), records.get
    assert speaker_of("The operator", ["notice"], text_of, record_of, described=True)
    assert not speaker_of("The operator", ["notice"], text_of, record_of)  # the tier's reason only when asked
    assert not speaker_of("The operator", ["forum"], text_of, record_of, described=True)
    # a lower tier's reason is the writer's word on where a report came from: the paper speaks
    assert not speaker_of("The operator", ["press"], text_of, record_of, described=True, records=records)
    assert speaker_of("The trade paper", ["press"], text_of, record_of, described=True, records=records)
    assert speaker_of("The operator", ["notice"], text_of, record_of, described=True, records=records)
    japanese = {**records, "ja": {"publisher": "Calder Bay Water Bus Authority", "tier": "B",
                                  "tier_reason": "operator notice in Japanese"}}
    assert speaker_of("The operator", ["ja"], text_of, japanese.get, described=True, records=japanese)
    assert speaker_of("PEP 649", ["pep"], text_of, record_of, described=True)
    assert not speaker_of("PEP 563", ["pep"], text_of, record_of, described=True)


@pytest.mark.parametrize("new", [
    "According to riders, the W3 readers were still switched off in late September",
    "People on W3 found the readers still switched off in late September",
    "The Ferry Ledger reports riders saw the W3 readers still switched off in late September",
    "The W3 readers were still switched off in late September, riders told The Ferry Ledger",
    "The W3 readers were still switched off in late September, as riders found",
])
def test_a_report_kept_as_one_passes(demo, page, tmp_path, new):
    passes_prose(demo, page.replace(_RIDERS, new, 1), tmp_path)


@pytest.mark.parametrize("old, new", [
    (_W3, "Route W3 is due to follow on 1 December 2026, when its new readers are in"),
    (_W3, "Route W3 is due to follow from 1 December 2026"),  # a plan kept as a plan leaves it to the ledger
    ("children under twelve ride free with a paying adult", "children under twelve ride free if an adult pays"),
    ("children under twelve ride free with a paying adult", "children under twelve travel free with an adult "
     "who pays"),
    ("children under twelve ride free with a paying adult", "children under twelve ride free, but only with a "
     "paying adult"),
    # the bound of age kept in other words
    ("children under twelve ride free with a paying adult", "children under 12 ride free with a paying adult"),
    ("children under twelve ride free with a paying adult", "children aged under twelve ride free with a paying "
     "adult"),
    ("children under twelve ride free with a paying adult", "under-twelves ride free with a paying adult"),
])
def test_a_condition_kept_in_other_words_passes(demo, page, tmp_path, old, new):
    passes_prose(demo, page.replace(old, new, 1), tmp_path)


@pytest.mark.parametrize("new", [
    "Route W3 will take the pass from 1 December 2026",
    "Route W3 is set to follow on 1 December 2026",
    "Route W3 is scheduled to join on 1 December 2026",
    "On 1 December 2026 the operator expects route W3 to follow",
    "Route W3 takes the pass from 1 December 2026, once new readers are fitted",  # a timetable's present
])
def test_a_plan_kept_in_other_words_passes(demo, page, tmp_path, new):
    passes_prose(demo, page.replace(_W3, new, 1), tmp_path)


def test_a_plan_told_as_a_state_held_since_its_date_is_refused(demo, page, tmp_path):
    """"since 1 December 2026" runs the plan's start on to today: no timetable's present, a state
    already held; "from 1 December 2026" is the timetable's (passes above)."""
    new = "Route W3 takes the pass since 1 December 2026, once new readers are fitted to its boats"
    refused(demo, page.replace(_W3, new, 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "'due to'")
    passes_prose(demo, page.replace(_W3, new.replace(" since ", " from "), 1), tmp_path)


def test_a_possibility_stated_as_a_fact_is_refused_on_the_page(demo, page, tmp_path):
    """Were the W3 claim only a possibility ("could accept"), the page's plain "takes the pass"
    would tell the reader it is settled; "may" or "could" in the sentence keeps it."""
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.gate.gates import gates
    from sourcebook.domain.workspace.layout import Workspace

    def lines(sentence: str) -> list[str]:
        path = tmp_path / "answer.html"
        path.write_text(page.replace(_W3, sentence, 1), encoding="utf-8")
        ctx = GateContext(Workspace(demo), VerifyOptions(html=str(path), cache=False,
                                                         page_text=path.read_text(encoding="utf-8")))
        w3 = next(c for c in ctx.claims if c.get("text", "").startswith("Route W3 is due to accept"))
        ctx.claims_by_id[w3["id"]] = dict(w3, text="Route W3 could accept the Tidewater Pass from 1 December 2026.")
        found = next(g for g in gates() if g.name == "prose").fn(ctx).findings
        return [f.line() for f in found if "answer.html" in f.line()]  # the other pages print the old text

    found = lines("Route W3 takes the pass from 1 December 2026")
    assert codes(found) == ["E-PAGE-HEDGE-DROPPED"] and "'could'" in found[0], found
    assert lines("Route W3 could take the pass from 1 December 2026") == []


def test_a_possibility_is_not_kept_by_the_future_tense():
    from sourcebook.engines.text.stance import hedge_dropped

    claim = "The new readers may be fitted in January 2027."
    assert hedge_dropped(claim, "The new readers will be fitted in January 2027.") == "may"
    assert hedge_dropped(claim, "The new readers are fitted in January 2027.") == "may"
    assert hedge_dropped(claim, "The new readers could be fitted in January 2027.") is None
    # an undated plan told as done; kept in the future tense
    assert hedge_dropped("The operator plans to scrap paper tickets.", "The operator scraps paper tickets.") \
        == "plans to"
    assert hedge_dropped("The operator plans to scrap paper tickets.", "The operator will scrap paper tickets.") is None
    # a sentence telling another part of the claim drops nothing
    assert hedge_dropped("The contract was signed in August, with installation scheduled for November.",
                         "The contract was signed in August.") is None


def test_a_negated_past_could_is_a_fact_not_a_hedge():
    from sourcebook.engines.text.stance import hedge_dropped, hedged

    claim = ("PEP 446 describes PEP 433 as a previous attempt proposing various other alternatives on which no "
             "consensus could be reached.")
    assert not hedged(claim)
    assert hedge_dropped(claim, "PEP 446 calls PEP 433 a previous attempt whose alternatives reached no consensus.") \
        is None
    assert not hedged("The new readers could not be fitted in time.")
    assert not hedged("Nothing could be done about the leaked descriptors.")
    # "could be reached", with no negation, stays a possibility; so does a "could not" of knowing
    assert hedge_dropped("PEP 433 proposed alternatives on which consensus could be reached.",
                         "PEP 433 proposed alternatives on which consensus was reached.") == "could"
    assert hedged("A leak could not be ruled out.")
    assert hedged("No one could confirm the ridership figure.")
    # the fact is a negation: telling the consensus as reached is still refused
    from sourcebook.engines.text.stance import added_words

    assert added_words("PEP 446 calls PEP 433 a previous attempt whose alternatives reached no consensus.",
                       [claim]) is None
    assert added_words("PEP 446 calls PEP 433 a previous attempt whose alternatives reached consensus.",
                       [claim]) == ("antonym", "reached for no consensus could be reached")
    assert added_words("Consensus was reached on the alternatives of PEP 433.", [claim])[0] == "antonym"


@pytest.mark.parametrize("new, word", [
    ("The trade press reports a record 38,500 over the summer", "record"),
    ("The trade press reports an all-time high of 38,500 over the summer", "all-time"),
    ("The trade press reports the busiest summer yet, 38,500", "busiest"),
])
def test_a_word_of_record_no_quote_says_is_refused(demo, page, tmp_path, new, word):
    assert _PRESS in page
    refused(demo, page.replace(_PRESS, new, 1), tmp_path, "E-PAGE-WORD-UNBACKED", word)


def test_on_record_is_no_superlative(demo, page, tmp_path):
    passes_prose(demo, page.replace(_PRESS, "On record, the trade press reports 38,500 over the summer", 1), tmp_path)


def test_a_sentence_in_a_code_block_is_refused(demo, page, tmp_path):
    notice = ("<pre><code>OPERATOR NOTICE: the Tidewater Pass is withdrawn from every route and will not be "
              "refunded.\n</code></pre>")
    refused(demo, body(page, notice), tmp_path, "E-PAGE-CODE-PROSE", "OPERATOR NOTICE")
    comment = "<pre><code># the pass is withdrawn from every route\nsb verify\n</code></pre>"
    refused(demo, body(page, comment), tmp_path, "E-PAGE-CODE-PROSE")


@pytest.mark.parametrize("code", [
    "pip install sourcebook\nsb verify --json",
    "from __future__ import annotations",
    "def fare(age: int) -> float:\n    return 0.0 if age &lt; 12 else 3.40",
])
def test_code_in_a_code_block_passes(demo, page, tmp_path, code):
    lines, _ = check(demo, body(page, f"<pre><code>{code}\n</code></pre>"), tmp_path)
    assert "E-PAGE-CODE-PROSE" not in codes(lines), lines


@pytest.mark.parametrize("code, named", [
    ("pass_routes: W1 W2 W3\npass_status: live", "W1, W2, W3"),
    ("routes = [\"W1\", \"W2\", \"W3\"]", "W1, W2, W3"),
    ("fare_adult: 3.40\nchildren: free", "3.40"),
])
def test_a_code_block_of_data_naming_the_claims_must_be_a_sources_lines(demo, page, tmp_path, code, named):
    """Settings typed into a code block ("pass_routes: W1 W2 W3") state a fact without a
    sentence: when they name what the page's claims name, they must be a source's own lines."""
    lines = refused(demo, body(page, f"<pre><code>{code}\n</code></pre>"), tmp_path, "E-PAGE-CODE-FACT", named)
    assert "E-PAGE-CODE-PROSE" not in codes(lines), lines


def test_a_sources_own_settings_commands_and_programs_pass_in_a_code_block(demo, page, tmp_path):
    """A config excerpt a source holds (spaces aside), a command and a program may name what the
    claims name; the same excerpt with a line the source lacks is refused."""
    import shutil

    from ledger_helpers import make_source

    sid = make_source(demo, "# Settings\n\n```\npass_routes: W1 W2\npass_status: live\n```\n", name="settings")
    try:
        for code in ("pass_routes: W1 W2\npass_status: live", "pass_routes:   W1  W2\n\npass_status: live",
                     'sb claim add --text "Route W3 is due to accept the pass" --source src_6f3e852e124a',
                     "$ sb add clippings/operator-status.md",
                     "def fare(route: str) -&gt; float:\n    return 3.40 if route in (\"W1\", \"W2\") else 0.0"):
            lines, _ = check(demo, body(page, f"<pre><code>{code}\n</code></pre>"), tmp_path)
            assert "E-PAGE-CODE-FACT" not in codes(lines) and "E-PAGE-CODE-PROSE" not in codes(lines), (code, lines)
        refused(demo, body(page, "<pre><code>pass_routes: W1 W2\npass_status: live on W3\n</code></pre>"), tmp_path,
                "E-PAGE-CODE-FACT", "pass_status: live on W3")
    finally:
        shutil.rmtree(os.path.join(demo, "sources", sid))


def test_a_tables_column_headers_are_labels(demo, page, tmp_path):
    """A header row of four-word column names is a label of what the cells hold, not prose; a
    header that is a sentence is still read as one."""
    table = ('<table><thead><tr><th>What it is for</th><th>How often builds appear</th></tr></thead>'
             '<tbody><tr><td>Ridership</td><td>Weekly</td></tr></tbody></table>')
    lines, _ = check(demo, body(page, table), tmp_path)
    assert lines == [], lines
    sentence = '<table><thead><tr><th>The operator has scrapped the pass on every route.</th></tr></thead></table>'
    refused(demo, body(page, sentence), tmp_path, "E-PAGE-UNCITED", "The operator has scrapped")


def test_a_version_said_again_without_its_name_is_backed():
    from sourcebook.engines.text.figures import unbacked

    said = ["Deprecation starts no earlier than the first release after Python 3.13 reaches end-of-life."]
    assert unbacked("no earlier than the first release after 3.13's end-of-life", said) == []
    assert [f.written for f in unbacked("after 3.14's end-of-life", said)] == ["3.14"]


def test_the_marks_legend_is_sourcebooks_own_words(demo, page, tmp_path):
    """The legend teaches what each mark means: "checked: confirmed by the operator in writing"
    would make every checked mark say more than it does. sb render keeps the items of the marks
    a page uses, in the template's order, and those pass."""
    old = "verified against a tier A or B source"
    assert old in page
    refused(demo, page.replace(old, "confirmed by the operator in writing", 1), tmp_path, "E-PAGE-UNCITED", "legend")
    # an item left out, as sb render leaves out the marks a page does not use
    start = page.index('<span class="legend-item"><span class="mark m-reported">')
    end = page.index("</span>", page.index("</span>", start) + 7) + 7
    passes_prose(demo, page[:start] + page[end:], tmp_path)


def test_a_short_title_that_states_a_figure_is_not_a_label(demo, page, tmp_path):
    """A <title> of a few words names the page; "Yes, W3 too" answers in the browser's tab what
    the page does not say, and a title that is not the heading cites nothing."""
    m = re.search(r"<title>([^<]*)</title>", page)
    assert m
    refused(demo, page.replace(m.group(0), "<title>Yes, W3 too</title>", 1), tmp_path, "E-PAGE-UNCITED", "<title>")
    passes_prose(demo, page.replace(m.group(0), "<title>Water bus answer</title>", 1), tmp_path)


# --------------------------------------------------------------------------- what a sentence makes of what it cites
# a negation, a word of scope or judgement, a date turned into an end, a second sentence behind
# a lower-case start, labels over the wrong cells: each attack beside an honest rewording

def _sup_of(page: str, claim: str) -> str:
    """The citation sb rendered for ``claim`` (its number and brackets), to build new blocks."""
    m = re.search(r'<sup class="ref"><a href="#c-' + claim + r'">.*?</sup>', page)
    assert m, claim
    return m.group(0)


def _entry_id(page: str, words: str) -> str:
    """The claim whose ledger entry says ``words``."""
    entries = list(re.finditer(r'<li class="ledger-entry" id="c-(clm_[0-9a-f]{12})"', page))
    for m, nxt in zip(entries, entries[1:] + [None], strict=True):
        if words in page[m.end():nxt.start() if nxt else len(page)]:
            return m.group(1)
    raise AssertionError(words)


# --------------------------------------------------------------------------- negation

@pytest.mark.parametrize("old,new,word", [
    (_LISTS, "no: the operator lists neither as taking the pass", "no"),
    (_W3, "W3航路では2026年12月1日以降もタイドウォーター・パスは使えません", "ません"),
    (_W3, "W3航线在2026年12月1日以后也不能使用通票", "不"),
    (_W3, "Маршрут W3 не примет проездной и после 1 December 2026", "не"),
    # "no need to wait", a condition said as failing ("even without", "even if ... not yet"): no
    # "not yet" beside a plan excuses them
    (_W3, "W3航线将于十二月一日起接受潮汐通行卡，无需等待新读卡器", "无需"),
    (_W3, "W3航路では十二月一日から、新しい読み取り機がなくてもパスが使えるようになります", "なくても"),
    (_W3, "Маршрут W3 начнёт принимать проездной с 1 декабря 2026 года, даже если новые считыватели ещё не "
          "установят", "даже если новые считыватели ещё не"),
    (_W3, "Маршрут W3 начнёт принимать проездной с 1 декабря 2026 года, даже без новых считывателей", "даже без"),
    (_W3, "W3航线将于十二月一日起接受潮汐通行卡，即使没有新读卡器", "即使没有"),
    (_W3, "Route W3 is due to follow on 1 December 2026, even without new readers on its boats", "even without"),
])
def test_a_negation_no_claim_says_is_refused(demo, page, tmp_path, old, new, word):
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-NEGATION-ADDED", repr(word))


@pytest.mark.parametrize("new", [
    "Route W3 does not take the pass until 1 December 2026, once new readers are fitted to its boats",
    "Route W3 will not take the pass before 1 December 2026, once new readers are fitted to its boats",
])
def test_not_until_a_claim_s_date_is_no_added_negation(demo, page, tmp_path, new):
    passes_prose(demo, page.replace(_W3, new, 1), tmp_path)


@pytest.mark.parametrize("new, word", [
    ("Маршрут W3 начнёт принимать проездной с 1 декабря 2026 года, независимо от того, установят ли новые "
     "считыватели", "независимо от"),
    ("W3航线将于十二月一日起接受潮汐通行卡，无论是否安装新读卡器", "无论"),
    ("W3航路では十二月一日から、新しい読み取り機の有無に関わらずパスが使えるようになります", "に関わらず"),
])
def test_whether_or_not_in_another_language_is_a_concession(demo, page, tmp_path, new, word):
    """"Regardless of whether the readers are fitted" in Russian, Chinese and Japanese: the
    claim's condition waived, as in English."""
    refused(demo, page.replace(_W3, new, 1), tmp_path, "E-PAGE-WORD-UNBACKED", repr(word))


@pytest.mark.parametrize("new", [
    "W3航线将于十二月一日起接受潮汐通行卡，但需等待新读卡器安装之后",
    "W3航路では、新しい読み取り機が取り付けられ次第、十二月一日からパスが使えるようになります",
    "Маршрут W3 начнёт принимать проездной с 1 декабря 2026 года, когда установят новые считыватели",
])
def test_a_condition_kept_in_another_language_is_no_added_negation(demo, page, tmp_path, new):
    passes_prose(demo, page.replace(_W3, new, 1), tmp_path)


# --------------------------------------------------------------------------- words of scope and judgement

def test_a_word_of_scope_no_claim_says_is_refused(demo, page, tmp_path):
    new = page.replace("On routes W1 and W2, yes: the operator lists both as taking the pass",
                       "On every water bus route, yes: the operator lists each as taking the pass", 1)
    assert new != page
    refused(demo, new, tmp_path, "E-PAGE-WORD-UNBACKED", "'every'", "scope")


def test_a_frequency_is_no_word_of_scope(demo, page, tmp_path):
    passes_prose(demo, page.replace(_LISTS, _LISTS + " every day", 1), tmp_path)


def test_a_few_words_after_the_last_citation_are_the_claims_or_refused(demo, page, tmp_path):
    """", or alone" after the children's citation is too short for a clause of its own, yet it
    says what no claim says; a tail the claims say ("with a paying adult") passes."""
    old = "children under twelve ride free with a paying adult"
    assert old in page
    i = page.index(old)
    mark = page.index('<span class="mark m-checked">checked</span>', i) + len('<span class="mark m-checked">checked</span>')
    alone = page[:mark] + ", or alone" + page[mark:]
    refused(demo, alone, tmp_path, "E-PAGE-CLAUSE-UNCITED", "or alone")
    moved = page.replace(old, "children under twelve ride free", 1)
    mark = moved.index('<span class="mark m-checked">checked</span>', moved.index("children under twelve ride free"))
    mark += len('<span class="mark m-checked">checked</span>')
    passes_prose(demo, moved[:mark] + " with a paying adult" + moved[mark:], tmp_path)


def test_a_negation_is_judged_by_the_claims_cited_in_its_own_part(demo, page, tmp_path):
    """"free" in the children's claim, cited later in the sentence, does not license a "not"
    beside the fare, which its own claim never negates."""
    assert _FARE in page
    refused(demo, page.replace(_FARE, "A single adult fare bought on board is not 3.40 marks", 1), tmp_path,
            "E-PAGE-NEGATION-ADDED", "'not 3.40 marks'")


def test_an_idiom_with_no_and_a_change_told_in_other_words_pass():
    """Honest paraphrase: "time out for no good reason" denies nothing ("spurious timeouts"), and
    "stretches or shrinks" a deadline is what "extended or contracted" says; a bare "no" still
    negates, and "shrinks" of a claim that tells no change is still refused."""
    from sourcebook.engines.text.stance import added_words

    claim = ["If the wall clock resets during that window, a deadline is extended or contracted by the reset "
             "amount, possibly causing hangs or spurious timeouts."]
    honest = ("A reset in that window stretches or shrinks a deadline by the reset amount, which can hang a "
              "program or make it time out for no good reason")
    assert added_words(honest, claim) is None
    assert added_words("A reset leaves no deadline as it was", claim) == ("negation", "no")
    assert added_words("Ridership shrinks to 31,000 a weekday", ["Ridership is 31,000 a weekday."]) == \
        ("change", "shrinks")


_OPERATOR = "The operator lists routes W1 and W2 as taking the pass."
_OFFICERS = "City officers said the press figures were summer peaks."


@pytest.mark.parametrize("sentence, backing, kind, word", [
    ("Many riders say the W3 readers were off", "Riders on route W3 said its card readers were off.", "scope", "many"),
    ("The press figures were inflated summer peaks", _OFFICERS, "judgement", "inflated"),
    ("The press figures were supposedly summer peaks", _OFFICERS, "judgement", "supposedly"),
    ("Routes W1 and W2 used to take the pass", _OPERATOR, "change", "used to"),
    ("On routes other than W1 and W2 the pass works", _OPERATOR, "scope", "other than W1, W2"),
    ("Ridership is double the level before the bridge closed", "Ridership averaged 38,500 over the summer.",
     "multiplier", "double"),
    ("Route W3 is due to follow on Friday 1 December 2026", "Route W3 is due to accept the pass from 1 December 2026.",
     "weekday", "Friday 1 December 2026"),
    ("Hardly, say riders", "Riders say the readers work.", "negation", "hardly"),
    ("Fares going up", "A single adult fare bought on board is 3.40 marks, unchanged since 2024.", "change",
     "going up"),
    ("Children under twelve ride free without a paying adult", "Children under twelve ride free with a paying adult.",
     "antonym", "without a paying adult for with a paying adult"),
    ("The operator agreed with riders that the readers were off", "Riders said the card readers were off.",
     "judgement", "agreed with"),
    ("Children under twelve do not ride free with a paying adult",
     "Children under twelve ride free when travelling with a paying adult.", "negation", "not ride free"),
    # "free" is the claim's word of lack: it licenses no "not" before the figure or condition
    ("Children not under twelve ride free with a paying adult",
     "Children under twelve ride free when travelling with a paying adult.", "negation", "not under twelve"),
    ("Children under twelve ride free, not with a paying adult",
     "Children under twelve ride free when travelling with a paying adult.", "negation", "not with a paying"),
    ("A single adult fare bought on board is not 3.40 marks",
     "A single adult fare bought on board costs 3.40 marks.", "negation", "not 3.40 marks"),
])
def test_words_that_say_more_than_the_claims_are_refused(sentence, backing, kind, word):
    """Scope ("many"), a judgement of a figure ("inflated", "supposedly"), a change told of the
    past ("used to"), a named set turned inside out ("other than W1 and W2"), a multiplier, a
    weekday the date does not fall on, and "hardly": each says what no claim says."""
    from sourcebook.engines.text.stance import added_words

    assert added_words(sentence, [backing]) == (kind, word)


@pytest.mark.parametrize("old, new, code, words", [
    # the claim's condition ("once new ticket readers are installed") told as met
    (_W3, "Route W3 is due to follow on 1 December 2026, as new readers have been fitted to its boats",
     "E-PAGE-HEDGE-DROPPED", ("told as done", "'have been fitted'")),
    (_W3, "Route W3 is due to follow on 1 December 2026, now that new readers were fitted to its boats",
     "E-PAGE-HEDGE-DROPPED", ("told as done", "'were fitted'")),
    # a plan told as certain
    (_W3, "Route W3 is certain to follow on 1 December 2026, once new readers are fitted to its boats",
     "E-PAGE-HEDGE-DROPPED", ("'certain to'", "word of certainty")),
    (_W3, "Route W3 will definitely follow on 1 December 2026, once new readers are fitted to its boats",
     "E-PAGE-HEDGE-DROPPED", ("'definitely'",)),
    # a dated report told as a habit, its date gone
    (_RIDERS, "Riders say the W3 readers are often switched off", "E-PAGE-WORD-UNBACKED", ("often for September",)),
    (_RIDERS, "Riders say the W3 readers are regularly switched off", "E-PAGE-WORD-UNBACKED",
     ("regularly for September",)),
    # what the officers said told as a dispute of it
    (_OFFICERS[:-1], "City officers disputed that the press figures were summer peaks", "E-PAGE-WORD-UNBACKED",
     ("'disputed'", "denial or dispute")),
    (_OFFICERS[:-1], "City officers rejected the press figures as summer peaks", "E-PAGE-WORD-UNBACKED",
     ("'rejected'",)),
])
def test_a_condition_met_a_plan_made_certain_a_habit_or_a_dispute_is_refused(demo, page, tmp_path, old, new, code,
                                                                             words):
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, code, *words)


@pytest.mark.parametrize("old, new", [
    # the condition kept: "once" with the perfect says "when that is done"
    (_W3, "Route W3 is due to follow on 1 December 2026, once new readers have been fitted to its boats"),
    (_W3, "Route W3 is expected to follow on 1 December 2026, once new readers are fitted to its boats"),
    (_RIDERS, "Riders say that in late September the W3 readers were still switched off"),
])
def test_the_same_shapes_keeping_the_claim_pass(demo, page, tmp_path, old, new):
    assert old in page
    passes_prose(demo, page.replace(old, new, 1), tmp_path)


def test_certainty_habit_and_dispute_the_claims_say_pass():
    from sourcebook.engines.text.stance import added_words, condition_done, habit_for_then

    plan = "Route W3 is due to accept the pass from 1 December 2026, once new ticket readers are installed."
    assert added_words("Route W3 is certain to follow on 1 December 2026", [plan], True) == ("certainty", "certain to")
    assert added_words("Route W3 is certain to follow on 1 December 2026",
                       [plan, "The operator says W3 is certain to take the pass."], True) is None
    # no plan: "certainly" is no word the hedge rules judge
    assert added_words("Children under twelve certainly ride free with a paying adult",
                       ["Children under twelve ride free with a paying adult."]) is None
    assert habit_for_then("Riders said the readers were often off in late September.",
                          "Riders say the readers are often off") is None
    assert habit_for_then("Riders said the readers were off in late September.",
                          "Riders say the readers were often off in late September") is None
    denied = "City officers denied that the press figures were accurate."
    assert added_words("City officers denied that the press figures were accurate", [denied]) is None
    assert added_words("City officers disputed the press figures", ["City officers challenged the press figures."]) \
        is None
    # a contest the page shows names no one disputing
    assert added_words("How many ride is disputed", ["Weekday ridership averaged 38,500 passengers."]) is None
    # a condition told as met by another claim cited with it is that claim's
    assert condition_done(plan, "Route W3 is due to follow on 1 December 2026, as new readers have been fitted",
                          ["New ticket readers have been fitted to the W3 boats."]) is None


@pytest.mark.parametrize("sentence, backing", [
    ("How many riders say so is not known", "Riders say so; how many is not known."),
    ("Route W3 is due to follow on Tuesday 1 December 2026", "Route W3 is due to accept the pass from 1 December 2026."),
    ("The pass works on W1 and W2 as it did before", _OPERATOR + " It did so before the bridge closed."),
    ("Version numbers then go up automatically", "Version numbers are incremented automatically each release."),
    # the claim's lack said with a negation, its figure and condition kept as they are
    ("Children under twelve do not pay when travelling with a paying adult",
     "Children under twelve ride free when travelling with a paying adult."),
    ("The pass is accepted on routes W1 and W2, not on W3", _OPERATOR + " W3 is excluded for now."),
    # "not yet" of a dated report, "not until" of a plan
    ("In late September, riders said, the W3 readers were not working yet",
     "Riders on route W3 said its card readers were still switched off in late September."),
    ("Route W3 does not take the pass until 1 December 2026",
     "Route W3 is due to accept the Tidewater Pass from 1 December 2026."),
])
def test_the_same_words_said_rightly_pass(sentence, backing):
    from sourcebook.engines.text.stance import added_words

    assert added_words(sentence, [backing]) is None


def test_due_to_a_cause_keeps_no_plan():
    """"due to the new readers" gives a cause: it keeps no plan's hedge ("is due to accept" does)."""
    from sourcebook.engines.text.stance import hedge_dropped

    claim = "Route W3 is due to accept the pass from 1 December 2026."
    assert hedge_dropped(claim, "Route W3 takes the pass too, due to the new readers") is not None
    assert hedge_dropped(claim, "Route W3 is due to take the pass too") is None


def test_a_comparison_with_something_no_claim_names_is_refused(demo, page, tmp_path):
    assert _FARE in page
    refused(demo, page.replace(_FARE, _FARE + ", less than the bus", 1), tmp_path, "E-PAGE-WORD-UNBACKED",
            "less than the bus")
    # nor with another claim's figure unless the sentence cites that claim too
    refused(demo, page.replace(_PRESS, _PRESS + ", more than the operator's audited figure", 1), tmp_path,
            "E-PAGE-WORD-UNBACKED", "more than the operator")
    # what a claim names may be compared with; "rather than" compares nothing
    from sourcebook.engines.text.stance import added_words

    assert added_words("The work took longer than planned", ["The work took longer than anticipated."]) is None
    assert added_words("Docstrings wrap 7 characters sooner than code lines",
                       ["Docstrings wrap at 72 characters and code lines at 79."]) is None
    assert added_words("Carry cash rather than a card", ["Carry cash."]) is None
    # "little more than X" says X, essentially: it compares X with nothing
    just = ["By an exception, RFC 243 for now essentially just means the Err variant of a Result."]
    assert added_words("An exception amounts to little more than the Err variant of a Result", just) is None
    assert added_words("An exception costs more than the Err case of a Result", just) is not None
    assert added_words("Kids younger than twelve go free alongside an adult who pays",
                       ["Children under twelve travel free with a paying adult."]) is None
    assert added_words("The fare is 3.40 marks, cheaper than any bus fare",
                       ["A single adult fare costs 3.40 marks."]) == ("comparison", "cheaper than any bus fare")


def test_a_word_that_judges_a_claim_is_refused(demo, page, tmp_path):
    assert _PRESS in page
    new = page.replace(_PRESS, "The trade press reports a debunked 38,500 over the summer", 1)
    refused(demo, new, tmp_path, "E-PAGE-WORD-UNBACKED", "'debunked'")
    # one side of a disagreement told as replaced by the other, where the decision says both stand
    new = page.replace(_PRESS, "The trade press reports 38,500 over the summer, which has since overtaken it", 1)
    refused(demo, new, tmp_path, "E-PAGE-WORD-UNBACKED", "'overtaken'")


def test_a_label_that_judges_or_denies_what_it_stands_over_is_refused(demo, page, tmp_path):
    # "Debunked, retracted claim:" over the press figure; "Not accepted:" over the routes it takes
    para = page.index("<p", page.index("How many people ride"))
    judged = page[:para] + "<p><strong>Debunked, retracted claim:</strong></p>\n" + page[para:]
    refused(demo, judged, tmp_path, "E-PAGE-WORD-UNBACKED", "'debunked'", "stands over")
    para = page.index("<p", page.index("Where the pass works today</h2>"))
    denied = page[:para] + "<p>Not accepted:</p>\n" + page[para:]
    refused(demo, denied, tmp_path, "E-PAGE-NEGATION-ADDED", "'not'")
    # labels that name what follows pass
    passes_prose(demo, page[:para] + "<p>Accepted today:</p>\n" + page[para:], tmp_path)
    # a heading that tells a change its claims never tell
    block = page.index("<p", page.index("transport committee heard") - 300)
    rising = page[:block] + "<p>Readers going up:</p>\n" + page[block:]
    refused(demo, rising, tmp_path, "E-PAGE-WORD-UNBACKED", "'going up'", "stands over")


# --------------------------------------------------------------------------- dates and stops

def test_a_start_date_told_as_an_end_is_refused(demo, page, tmp_path):
    new = "Route W3 accepts the pass only until 1 December 2026, when new readers are fitted to its boats"
    refused(demo, page.replace(_W3, new, 1), tmp_path, "E-PAGE-FIGURE-COMPARISON", "until 1 December 2026")


@pytest.mark.parametrize("new, ok", [
    # a date written without its year is the claim's date all the same: "十二月一日まで" ends there
    ("W3航路では十二月一日までタイドウォーター・パスが使えるようになります",
     "W3航路では十二月一日からタイドウォーター・パスが使えるようになります"),
])
def test_a_start_date_told_as_an_end_without_its_year_is_refused(demo, page, tmp_path, new, ok):
    refused(demo, page.replace(_W3, new, 1), tmp_path, "E-PAGE-FIGURE-COMPARISON", "十二月一日")
    passes_prose(demo, page.replace(_W3, ok, 1), tmp_path)


@pytest.mark.parametrize("old, new, written", [
    # the claim's date bare: "since" runs it on to today, "at the latest" makes it a deadline
    (_RIDERS, "Riders say the W3 readers have been switched off since late September", "since September"),
    (_W3, "Route W3 is due to follow on 1 December 2026 at the latest, once new readers are fitted to its boats",
     "1 December 2026 at the latest"),
    (_W3, "Route W3 is due to follow no earlier than 1 December 2026, once new readers are fitted to its boats",
     "1 December 2026 at the earliest"),
])
def test_a_start_or_a_limit_the_claim_does_not_set_is_refused(demo, page, tmp_path, old, new, written):
    assert old in page
    refused(demo, page.replace(old, new, 1), tmp_path, "E-PAGE-FIGURE-COMPARISON", written, "no such bound")


@pytest.mark.parametrize("claim, sentence, bound", [
    ("Fares have been frozen since 2024.", "Fares have stayed frozen since 2024", "since"),
    ("W3 takes the pass from 1 December 2026.", "W3 has taken the pass since 1 December 2026", "since"),
    ("The readers must be fitted by 1 December 2026.", "The readers are to be fitted on 1 December 2026 at the latest",
     "at the latest"),
    ("W3 takes the pass not before 1 December 2026.", "W3 takes the pass no earlier than 1 December 2026",
     "at the earliest"),
])
def test_a_bound_the_claim_sets_itself_passes(claim, sentence, bound):
    from sourcebook.engines.text.figure_units import date_bound
    from sourcebook.engines.text.figures import find_figures

    f = next(f for f in find_figures(sentence) if f.kind == "date")
    g = next(g for g in find_figures(claim) if g.kind == "date" and g.key == f.key)
    assert date_bound(sentence, f.start, f.end) == bound == date_bound(claim, g.start, g.end, claim=True)
    # a date the sentence gives bare is no bound
    assert date_bound(claim.replace(" since", " in").replace(" by", " on"), g.start, g.end) == ""


def test_a_second_sentence_started_in_lower_case_is_its_own(demo, page, tmp_path):
    assert _FARE in page
    new = page.replace(_FARE, _FARE + ". pass holders pay nothing on any boat", 1)
    refused(demo, new, tmp_path, "E-PAGE-UNCITED", "A single adult fare")


def test_a_lower_case_word_after_an_abbreviation_goes_on_the_sentence():
    from sourcebook.engines.text.sentences import split_sentences

    assert [s.text for s in split_sentences("It costs 3.40 marks. pass holders ride free.")] == \
        ["It costs 3.40 marks.", "pass holders ride free."]
    for one in ("Fares differ, e.g. the adult fare is 3.40 marks.", "Boats, piers etc. are the operator's.",
                "It was approx. ten minutes late.", "Smith et al. found the same.", "It left at 5 p.m. and came back."):
        assert len(split_sentences(one)) == 1, one


# --------------------------------------------------------------------------- tables

def _fare_table(page: str, first: str, second: str, head: tuple[str, str] = ("Rider", "Fare on board")) -> str:
    fare, kids = _entry_id(page, "3.40 marks"), _entry_id(page, "ride free")
    rows = (f'<tr data-claim="{fare}"><td>{first}</td><td>3.40 marks for a single fare{_sup_of(page, fare)}</td></tr>'
            f'<tr data-claim="{kids}"><td>{second}</td><td>ride free with a paying adult{_sup_of(page, kids)}</td></tr>')
    table = f"<table><thead><tr><th>{head[0]}</th><th>{head[1]}</th></tr></thead><tbody>{rows}</tbody></table>"
    i = page.index("<p", page.index("What a ride costs</h2>"))
    j = page.index("</p>", i) + 4
    return page[:i] + table + page[j:]


def test_row_labels_swapped_between_rows_are_refused(demo, page, tmp_path):
    refused(demo, _fare_table(page, "Children", "Adults"), tmp_path, "E-PAGE-LABEL-SWAPPED", "'children'")
    passes_prose(demo, _fare_table(page, "Adults", "Children under twelve"), tmp_path)


def test_column_headers_swapped_between_columns_are_refused(demo, page, tmp_path):
    audit, press = _entry_id(page, "31,000"), _entry_id(page, "38,500")

    def table(a: str, b: str) -> str:
        cells = (f'<tr data-claim="{audit} {press}"><td>31,000 passengers per weekday{_sup_of(page, audit)}</td>'
                 f'<td>38,500 passengers a weekday{_sup_of(page, press)}</td></tr>')
        return body(page, f"<table><thead><tr><th>{a}</th><th>{b}</th></tr></thead><tbody>{cells}</tbody></table>")

    refused(demo, table("Trade press, summer", "Audited yearly average"), tmp_path, "E-PAGE-LABEL-SWAPPED",
            "column")
    passes_prose(demo, table("Audited, year to September", "Trade press, summer"), tmp_path)


# --------------------------------------------------------------------------- the footer

def test_a_sentence_added_to_the_footer_is_refused(demo, page, tmp_path):
    mark = "<!-- /SB:REVIEWED -->"
    assert mark in page
    new = page.replace(mark, mark + " Every sentence was checked by the editors against its source.", 1)
    refused(demo, new, tmp_path, "E-PAGE-UNCITED", "footer")


def test_a_table_row_that_cites_nothing_states_no_figure(demo, page, tmp_path):
    # 3.40 marks is cited on the page, but not in this row: the row says it of children
    refused(demo, body(page, "<table><tr><td>Children</td><td>3.40 marks</td></tr></table>"), tmp_path,
            "E-PAGE-UNCITED", "table row", "'3.40 marks'")
    passes_prose(demo, body(page, "<table><tr><td>Rider</td><td>Fare</td></tr></table>"), tmp_path)


# --------------------------------------------------------------------------- framing

def test_framing_that_names_an_identifier_is_refused(demo, page, tmp_path):
    framing = "The two ridership figures disagree, and both are shown here."
    assert framing in page
    refused(demo, page.replace(framing, "The operator has since switched the W3 readers on.", 1), tmp_path,
            "E-PAGE-FRAMING-FACT", "identifier 'W3'")
    passes_prose(demo, page.replace(framing, "The routes differ, and both answers are shown here.", 1), tmp_path)


def test_now_beside_a_plan_is_a_plan_told_as_done(demo, page, tmp_path):
    new = "Route W3 takes the pass now, from 1 December 2026, with new readers fitted to its boats"
    refused(demo, page.replace(_W3, new, 1), tmp_path, "E-PAGE-WORD-UNBACKED", "'now'")
    # the same route's plan told in the present without a date or a hedge: refused as such
    refused(demo, page.replace(_W3, "Route W3 takes the pass too, with its new readers fitted", 1), tmp_path,
            "E-PAGE-HEDGE-DROPPED")


def test_now_in_the_part_of_a_fact_beside_a_plan_passes_as_today_does(demo, page, tmp_path):
    """"Yes on routes W1 and W2 now[1]; on W3 not before its new readers arrive, due on 1 December
    2026[2]": "now" stands in the part of the dated fact, as "today" does in the standfirst; a
    word of completion in the plan's own part is still refused."""
    today = "Yes on routes W1 and W2 today<sup"
    assert today in page
    passes_prose(demo, page.replace(today, "Yes on routes W1 and W2 now<sup", 1), tmp_path)
    passes_prose(demo, page.replace(today, "Yes on routes W1 and W2 already<sup", 1), tmp_path)
    plan = "on W3 not before its new readers arrive, due on 1 December 2026<sup"
    assert plan in page
    refused(demo, page.replace(plan, "on W3 now too, its new readers in place since 1 December 2026<sup", 1),
            tmp_path, "E-PAGE-WORD-UNBACKED", "'now'")
    refused(demo, page.replace(today, "Yes on routes W1 and W2 now<sup", 1).replace(
        plan, "and on W3 already, due on 1 December 2026<sup", 1), tmp_path, "E-PAGE-WORD-UNBACKED")


def test_a_negation_that_turns_a_claim_s_lack_around_is_refused(demo, page, tmp_path):
    said = "Riders say the W3 readers were still switched off in late September"
    assert said in page
    refused(demo, page.replace(said, "Riders say the W3 readers were not switched off in late September", 1),
            tmp_path, "E-PAGE-NEGATION-ADDED", "not switched off")
    # the lack said with a negation of its own words passes
    passes_prose(demo, page.replace(said, "Riders say the W3 readers still did not work in late September", 1),
                 tmp_path)


def test_framing_that_judges_a_claim_is_refused(demo, page, tmp_path):
    framing = "The two ridership figures disagree, and both are shown here."
    refused(demo, page.replace(framing, "The two figures disagree, one of them from an audit since withdrawn.", 1),
            tmp_path, "E-PAGE-FRAMING-FACT", "'withdrawn'")
    # a verdict between the two in the author's words; a question left open rates neither
    refused(demo, page.replace(framing, "The two ridership figures disagree, and the smaller one is the more "
                                        "reliable.", 1), tmp_path, "E-PAGE-FRAMING-FACT", "'more reliable'")
    passes_prose(demo, page.replace(framing, "The two ridership figures disagree; which is correct is not for this "
                                             "page to say.", 1), tmp_path)


def test_a_heading_that_tells_a_plan_as_done_is_refused(demo, page, tmp_path):
    heading = ">Where the pass works today</h2>"
    assert heading in page
    refused(demo, page.replace(heading, ">W3 already takes the pass</h2>", 1), tmp_path, "E-PAGE-WORD-UNBACKED",
            "'already'")


def test_a_count_moved_to_another_kind_of_day_is_refused(demo, page, tmp_path):
    """The audited 31,000 is per weekday: "on summer weekends" is a count of other days."""
    old = "give an audited 31,000 passengers per weekday"
    assert old in page
    refused(demo, page.replace(old, "give an audited 31,000 passengers on summer weekends", 1), tmp_path,
            "E-PAGE-FIGURE-UNBACKED", "weekend")
    passes_prose(demo, page.replace(old, "give an audited 31,000 passengers on an average weekday", 1), tmp_path)


def test_a_scheduled_thing_told_as_done_is_refused_whatever_its_date(demo, page, tmp_path):
    """"installation set for November" (the claim: "scheduled for November 2026") told as "the
    readers were installed in November": the date does not keep the plan when the verb says done."""
    old = "W3 reader contract was signed in August, with installation set for November"
    assert old in page
    refused(demo, page.replace(old, "W3 reader contract was signed in August, and the readers were installed in "
                                    "November", 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "scheduled")



# ------------------------------------------------- headings and rows keep the claims they stand over

def test_a_heading_with_a_word_of_scope_its_claims_do_not_say_is_refused(demo, page, tmp_path):
    """"Every route takes the pass" over the fares: the claims under it name no route at all."""
    heading = ">What a ride costs</h2>"
    assert heading in page
    for scoped in ("Every route takes the pass", "Every route, one fare", "Fares on the whole water bus"):
        refused(demo, page.replace(heading, f">{scoped}</h2>", 1), tmp_path, "E-PAGE-WORD-UNBACKED",
                "a word of scope", "stands over")
    # headings that name what follows pass; so does a question, which tells nothing
    for honest in ("What a ride costs", "Fares, all in marks?", "Does every route take the pass?"):
        passes_prose(demo, page.replace(heading, f">{honest}</h2>", 1), tmp_path)


def test_a_heading_that_drops_its_claims_condition_is_refused(demo, page, tmp_path):
    """A slide's heading is read from the back of the room: "Kids ride free" over "children
    under twelve ride free when travelling with a paying adult" drops the adult."""
    heading = ">What a ride costs</h2>"
    for dropped in ("Kids ride free, fares 3.40", "Free rides for children"):
        refused(demo, page.replace(heading, f">{dropped}</h2>", 1), tmp_path, "E-PAGE-HEDGE-DROPPED",
                "paying adult", "stands over")
    for honest in ("Children ride free with an adult, fares 3.40", "Children under twelve", "What children pay"):
        passes_prose(demo, page.replace(heading, f">{honest}</h2>", 1), tmp_path)


def test_a_heading_that_tells_a_plan_as_done_in_the_present_is_refused(demo, page, tmp_path):
    """"Pass works on W3" over a section whose only word on W3 is that it is due to follow."""
    heading = ">Where the pass works today</h2>"
    refused(demo, page.replace(heading, ">Pass works on W3</h2>", 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "'due to'")
    for honest in ("W3 follows in December", "Where the pass works", "Does W3 take the pass?", "W3 and the pass"):
        passes_prose(demo, page.replace(heading, f">{honest}</h2>", 1), tmp_path)


def test_a_heading_over_no_claim_that_says_something_is_refused(demo, page, tmp_path):
    """An empty section's heading is judged against no claim: "New readers fitted, pass accepted
    fleet-wide" with nothing under it says what nothing backs; a heading naming a topic says nothing."""
    m = re.search(r'<h2[^>]*>What a ride costs</h2>', page)
    assert m
    def empty(text: str) -> str:
        return page[:m.start()] + f'<h2 id="sec-empty">{text}</h2>\n' + page[m.start():]
    for said in ("New readers fitted, pass accepted fleet-wide", "Pass everywhere", "Readers installed"):
        refused(demo, empty(said), tmp_path, "E-PAGE-WORD-UNBACKED", "stands over none")
    for honest in ("Sources", "Questions", "What to do next", "Where the pass works", "Does the pass work on board?"):
        passes_prose(demo, empty(honest), tmp_path)


def test_an_arrow_between_figures_is_a_word_of_change(demo, page, tmp_path):
    """"Ridership: 31,000 → 38,500" reads "went from 31,000 to 38,500"; the claims under it give two
    figures of two counts and a comparison ("the higher figures"), no change."""
    heading = ">How many people ride</h2>"
    assert heading in page
    for arrow in ("Ridership: 31,000 → 38,500", "Ridership ↑ 38,500", "Ridership 31,000 ⇒ 38,500"):
        refused(demo, page.replace(heading, f">{arrow}</h2>", 1), tmp_path, "E-PAGE-WORD-UNBACKED",
                "a word of change")
    for honest in ("Ridership: 31,000 and 38,500", "Ridership: 31,000 or 38,500?"):
        passes_prose(demo, page.replace(heading, f">{honest}</h2>", 1), tmp_path)


def test_a_heading_asking_when_a_plan_came_about_tells_it_as_done(demo, page, tmp_path):
    """"When did W3 start taking the pass?" takes it that W3 has, as "why" does; over "W3 is due
    to follow" it tells the plan as done. A question that only asks tells nothing."""
    heading = ">Where the pass works today</h2>"
    for asked in ("When did W3 start taking the pass?", "How long has W3 taken the pass?",
                  "Since when does W3 take the pass?"):
        refused(demo, page.replace(heading, f">{asked}</h2>", 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "'due to'")
    for honest in ("When will W3 take the pass?", "Does W3 take the pass?"):
        passes_prose(demo, page.replace(heading, f">{honest}</h2>", 1), tmp_path)


def test_a_heading_telling_the_whole_for_a_named_set_is_refused(demo, page, tmp_path):
    """"Pass welcome on board" over "accepted on routes W1 and W2" names no route and no count: it
    tells the whole water bus takes the pass."""
    heading = ">Where the pass works today</h2>"
    for whole in ("Pass welcome on board", "Pass valid on board"):
        refused(demo, page.replace(heading, f">{whole}</h2>", 1), tmp_path, "E-PAGE-WORD-UNBACKED",
                "W1 and W2")
    for honest in ("W1 and W2 take the pass", "Two routes take the pass", "The pass on board"):
        passes_prose(demo, page.replace(heading, f">{honest}</h2>", 1), tmp_path)


def test_never_beside_a_dated_lack_is_a_negation_the_claim_lacks(demo, page, tmp_path):
    """"Switched off in late September" is a lack at a date: "never switched on" tells it of every
    time. The lack said with a negation at its date passes."""
    old = "switched off in late September"
    assert old in page
    refused(demo, page.replace(old, "never switched on", 1), tmp_path, "E-PAGE-NEGATION-ADDED", "never")
    passes_prose(demo, page.replace(old, "not working in late September", 1), tmp_path)


def test_an_answer_word_on_a_plan_tells_it_as_done(demo, page, tmp_path):
    """"On route W3, yes too: it is due to follow" keeps the hedge but answers yes to whether W3
    takes the pass today."""
    assert _W3 in page
    rest = _W3.replace("Route W3 is due", "it is due", 1)
    refused(demo, page.replace(_W3, "On route W3, yes too: " + rest, 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "'yes'")
    passes_prose(demo, page.replace(_W3, "As for route W3: " + rest, 1), tmp_path)


def test_a_quoted_clause_cut_from_its_condition_is_refused(demo, page, tmp_path):
    """The source: "once the new ticket readers are installed"; quoting the clause alone tells the
    readers as installed. Keeping the condition's word passes."""
    assert _W3 in page
    cut = 'Ahead of its 1 December 2026 start, the operator says "the new ticket readers are installed"'
    refused(demo, page.replace(_W3, cut, 1), tmp_path, "E-PAGE-HEDGE-DROPPED", "'once'")
    kept = 'Route W3 is due to follow on 1 December 2026, once "the new ticket readers are installed"'
    passes_prose(demo, page.replace(_W3, kept, 1), tmp_path)


def test_scare_quotes_around_the_claims_own_word_are_refused(demo, page, tmp_path):
    """"an "audited" 31,000": the claim says audited plainly; the marks doubt it."""
    assert _AUDIT in page
    refused(demo, page.replace(_AUDIT, 'give an "audited" 31,000 passengers', 1), tmp_path,
            "E-PAGE-WORD-UNBACKED", "quotation marks")
    passes_prose(demo, page.replace(_AUDIT, 'give what they call the "audited" 31,000 passengers', 1), tmp_path)


def test_scare_quotes_around_a_few_of_the_claims_words_are_refused(demo, page, tmp_path):
    """"an "audited average" of 31,000": two words a quote states plainly, set in marks with no
    one named as saying them, doubt them as one-word scare quotes do; the same words given as
    the officers' ("what officers called"), or named as words, are a quotation."""
    assert _AUDIT in page
    refused(demo, page.replace(_AUDIT, "give an “audited average” of 31,000 passengers", 1), tmp_path,
            "E-PAGE-WORD-UNBACKED", "quotation marks")
    passes_prose(demo, page.replace(_AUDIT, "give what officers called an “audited average” of 31,000 passengers", 1),
                 tmp_path)
    passes_prose(demo, page.replace(_AUDIT, "give, in the phrase “audited average”, 31,000 passengers", 1), tmp_path)


_CHRISTMAS = "the readers would come before Christmas<sup"


def test_words_the_source_sets_in_quotation_marks_keep_them(demo, page, tmp_path):
    """The forum's crew said the readers are coming "before Christmas", in the source's own marks;
    the claim's text drops them. The page that repeats the source's marks doubts nothing; marks
    around words the quote states plainly ("readers"), or around a part of the source's quoted
    words ("Christmas"), still do."""
    assert _CHRISTMAS in page
    for marks in ('"before Christmas"', "“before Christmas”", "«before Christmas»"):
        passes_prose(demo, page.replace(_CHRISTMAS, f"the readers would come {marks}<sup", 1), tmp_path)
    for scare in ('the readers would come before "Christmas"<sup', "the “readers” would come before Christmas<sup"):
        refused(demo, page.replace(_CHRISTMAS, scare, 1), tmp_path, "E-PAGE-WORD-UNBACKED", "quotation marks")


def test_check_draft_passes_the_source_s_own_quotation_marks(demo, tmp_path):
    """`sb check-draft` judges the draft as the page gate does: the source's marks around "before
    Christmas" pass, marks around a word the quote states plainly are refused."""
    ws = shutil.copytree(demo, tmp_path / "ws")
    with open(os.path.join(ws, "drafts", "draft.md"), encoding="utf-8") as fh:
        text = fh.read()
    plain = "the readers would come before Christmas ["
    assert plain in text
    for honest in ('the readers would come "before Christmas" [', "the readers would come “before Christmas” ["):
        (ws / "draft.md").write_text(text.replace(plain, honest, 1), encoding="utf-8")
        r = sb("check-draft", "draft.md", cwd=ws)
        assert r.rc == 0 and "E-PAGE-WORD-UNBACKED" not in r.both, r.both
    (ws / "draft.md").write_text(text.replace(plain, 'the "readers" would come before Christmas [', 1),
                                 encoding="utf-8")
    r = sb("check-draft", "draft.md", cwd=ws)
    assert r.rc == 2 and "E-PAGE-WORD-UNBACKED" in r.err and '"readers"' in r.err, r.both


def test_scare_quotes_read_the_marks_a_quote_or_claim_sets():
    """One rule for every gate: words set in marks pass when a quote (or a claim's text) sets the
    same words in marks, in any style; words a quote holds only plainly are refused; words no
    quote holds are left to the invented-quotation rule."""
    from sourcebook.engines.text.quotations import scare_quotes, unbacked_quotations

    claim = "If that comparison fails, the request is rejected as 400 Bad Request."
    quote = 'If that comparison fails, the request is rejected as 400 "Bad Request".'
    for marks in ('"Bad Request"', "“Bad Request”", "'Bad Request'", "‘Bad Request’", "«Bad Request»", "「Bad Request」"):
        assert scare_quotes(f"The request is rejected as 400 {marks}.", [claim, quote]) == [], marks
        assert scare_quotes("The request is rejected as 400 \"Bad Request\".", [claim, quote.replace('"', marks[0], 1)
                                                                                 .replace('"', marks[-1], 1)]) == [], marks
    nested = "The doc says \"a failed check is rejected as 'Bad Request' at once\"."
    assert scare_quotes('The request is rejected as "Bad Request".', [claim, nested]) == []
    assert scare_quotes('The "request" is rejected as 400 "Bad Request".', [claim, quote])[0].text == '"request"'
    plain = ["The pass is accepted on routes W1 and W2."]
    assert [q.text for q in scare_quotes('The pass is "accepted" on W1.', plain)] == ['"accepted"']
    # marks a quote sets around other words back none of these
    assert scare_quotes('The pass is "accepted" on W1.', plain + ['The operator said "accepted on W1".']) != []
    invented = 'The pass is "welcome" on W1.'
    assert scare_quotes(invented, plain) == [] and unbacked_quotations(invented, plain) != []


def test_a_year_after_the_claims_month_is_read_off_its_sources_date(demo, page, tmp_path):
    """"late September 2026" of a claim that says "late September", quoting a report dated in
    October 2026: the year is the report's. A year its date does not fit is a figure no claim states."""
    old = "switched off in late September"
    assert old in page
    passes_prose(demo, page.replace(old, old + " 2026", 1), tmp_path)
    for year in ("2024", "2027"):
        refused(demo, page.replace(old, f"{old} {year}", 1), tmp_path, "E-PAGE-FIGURE-UNBACKED", f"September {year}")


def _route_table(page: str, w3: str, head: str = "Takes the pass") -> str:
    routes, w3_id = _entry_id(page, "W1 and W2"), _entry_id(page, "due to accept")
    rows = (f'<tr data-claim="{routes}"><td>W1 and W2</td><td>yes{_sup_of(page, routes)}</td></tr>'
            f'<tr data-claim="{w3_id}"><td>W3</td><td>{w3}{_sup_of(page, w3_id)}</td></tr>')
    return body(page, f"<h2>Where the pass works</h2><table><thead><tr><th>Route</th><th>{head}</th></tr></thead>"
                      f"<tbody>{rows}</tbody></table>")


def test_a_table_row_that_tells_a_plan_as_done_is_refused(demo, page, tmp_path):
    """A row reads as a sentence: "W3 | yes" under "Takes the pass" says W3 takes it, of a claim
    that W3 is due to."""
    lines = refused(demo, _route_table(page, "yes"), tmp_path, "E-PAGE-HEDGE-DROPPED", "W3 Takes the pass", "'due to'")
    assert not any("W1 and W2" in ln for ln in lines), lines  # the routes that take it today pass
    refused(demo, _route_table(page, "✓"), tmp_path, "E-PAGE-HEDGE-DROPPED", "W3 Takes the pass")
    for honest in ("from 1 December 2026", "due in December"):
        passes_prose(demo, _route_table(page, honest), tmp_path)
    passes_prose(demo, _route_table(page, "due 1 December 2026", head="When"), tmp_path)


def test_framing_that_asks_why_something_grew_tells_a_change(demo, page, tmp_path):
    framing = "The two ridership figures disagree, and both are shown here."
    refused(demo, page.replace(framing, "Why is the water bus so much busier this year?", 1), tmp_path,
            "E-PAGE-FRAMING-FACT", "busier this year")
    passes_prose(demo, page.replace(framing, "How busy is the water bus now?", 1), tmp_path)


def test_a_short_tab_title_stands_over_the_whole_page(demo, page, tmp_path):
    m = re.search(r"<title>([^<]*)</title>", page)
    assert m
    refused(demo, page.replace(m.group(0), "<title>Pass works everywhere</title>", 1), tmp_path,
            "E-PAGE-WORD-UNBACKED", "'everywhere'")
    passes_prose(demo, page.replace(m.group(0), "<title>Water bus fares</title>", 1), tmp_path)


_FARE_SUP = "A single adult fare bought on board is 3.40 marks<sup"


@pytest.mark.parametrize("new, refused_word", [
    ("A return adult fare bought on board is 3.40 marks<sup", "return"),  # the claim says "single"
    ("A round-trip adult fare bought on board is 3.40 marks<sup", "round-trip"),
    ("A single adult fare bought on board is 3.40 marks, even for pass holders<sup", "pass holders"),
    ("A single adult fare bought on board is 3.40 marks for pass holders too<sup", "pass holders"),
    ("A one-way adult fare bought on board is 3.40 marks<sup", None),  # the claim's own kind, reworded
    ("An adult single ticket bought aboard costs 3.40 marks<sup", None),
    ("A single adult fare bought on board is 3.40 marks, cash or card<sup", None),
])
def test_a_fare_told_of_another_kind_or_of_other_people_is_refused(demo, page, tmp_path, new, refused_word):
    """3.40 marks is the single fare: told as a return fare (a word of the same kind the claim
    gives otherwise) or as due from pass holders ("even for pass holders": people the claim does
    not tell it of) it is refused; "one-way" for "single" passes."""
    html = page.replace(_FARE_SUP, new, 1)
    assert html != page
    if refused_word is None:
        passes_prose(demo, html, tmp_path)
    else:
        refused(demo, html, tmp_path, "E-PAGE-FIGURE-UNBACKED", refused_word)


@pytest.mark.parametrize("new, refused_word", [
    ("Riders say the W3 readers are still switched off<sup", "are for September"),
    ("Riders say the W3 readers remain switched off<sup", "remain for September"),
    ("Riders say the W3 readers were still switched off<sup", None),  # the date dropped, the tense kept
    ("Riders say the W3 readers were still off in late September<sup", None),
])
def test_a_dated_state_told_in_the_present_without_its_date_is_refused(demo, page, tmp_path, new, refused_word):
    """The riders' readers "were still switched off in late September": told "are still switched
    off" with the date gone, the page says they are off today."""
    html = page.replace("Riders say the W3 readers were still switched off in late September<sup", new, 1)
    assert html != page
    if refused_word is None:
        passes_prose(demo, html, tmp_path)
    else:
        refused(demo, html, tmp_path, "E-PAGE-WORD-UNBACKED", refused_word)


@pytest.mark.parametrize("heading, refused_word", [
    ("The W3 pass: a broken promise", "broken promise"),
    ("W3: the operator lets riders down", "lets riders down"),
    ("The W3 pass: a sham", "sham"),
    ("When W3 follows", None),
    ("Where the pass works, and where it follows", None),
])
def test_a_heading_that_judges_is_refused(demo, page, tmp_path, heading, refused_word):
    html = page.replace(">Where the pass works today</a></li>", f">{heading}</a></li>", 1)
    html = html.replace('<h2 id="sec-where-the-pass-works-today">Where the pass works today</h2>',
                        f'<h2 id="sec-where-the-pass-works-today">{heading}</h2>', 1)
    if refused_word is None:
        passes_prose(demo, html, tmp_path)
    else:
        refused(demo, html, tmp_path, "E-PAGE-WORD-UNBACKED", refused_word)


_FRAMING_SPAN = "The two ridership figures disagree, and both are shown here."


@pytest.mark.parametrize("framing, refused_word", [
    ("The two ridership figures disagree, and the higher one is the more recent count.", "more recent"),
    ("The two ridership figures disagree; the lower one is outdated.", "outdated"),
    ("In practice, pass holders still buy paper tickets on the boats.", "in practice"),
    ("Pass holders buy paper tickets on the boats anyway.", "anyway"),
    ("The two ridership figures disagree, and both are shown with their periods.", None),
    ("Two counts of different periods.", None),
    ("How busy is the water bus now?", None),
    ("First the routes, then the fares.", None),
    ("Where the pass works, what a ride costs and how many ride.", None),
])
def test_framing_states_no_fact_and_ranks_no_figure(demo, page, tmp_path, framing, refused_word):
    """Framing speaks of the page: it may say the figures disagree and are shown, ask, or name
    what follows; telling which count is newer, or how things are on the boats, is a fact."""
    html = page.replace(_FRAMING_SPAN, framing, 1)
    assert html != page
    if refused_word is None:
        passes_prose(demo, html, tmp_path)
    else:
        refused(demo, html, tmp_path, "E-PAGE-FRAMING-FACT", refused_word)


def test_a_colloquial_chinese_figure_is_read_as_said(demo, page, tmp_path):
    """三万八千五 is 38,500 in Chinese (as 三万八 is 38,000): it passes for a claim of 38,500; a
    figure the claim does not give is refused."""
    old = "The trade press reports 38,500 over the summer"
    assert old in page
    passes_prose(demo, page.replace(old, "据行业媒体报道，夏季工作日平均客流约三万八千五", 1), tmp_path)
    refused(demo, page.replace(old, "据行业媒体报道，夏季工作日平均客流约三万八", 1), tmp_path,
            "E-PAGE-FIGURE-UNBACKED", "三万八")
