"""The fast tokenizer builds exactly the tree HTMLParser would, line numbers included; extraction's
lean build (no lines, no comments) builds the same elements, attributes and text, and the page
measures it takes while reading equal those of a walk over the tree."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.html.score import Page
from sourcebook.engines.html.tree import Element, parse, parse_lean, parse_with_stdlib


def shape(html: str, parser) -> list:
    doc = parser(html)
    out: list = [doc.doctype, doc.comments]
    stack: list = [doc.root]
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            out.append((node.tag, sorted(node.attrs.items()), node.line, node.end_line))
            stack.extend(reversed(node.children))
        else:
            out.append((node.data, node.line))
    return out


CASES = [
    "<!DOCTYPE html><html lang=en><head><title>a &amp; b</title></head><body><p>x</p></body></html>",
    "<div class='a' id=\"b\" data-x=y hidden>text &lt;tag&gt; &amp &copy;</div>",
    "<a href=x/>after</a><br/><p/>", "<img src=a.png alt='x > y'>\n<p>line\ntwo</p>",
    "<script>if (a < b && c > d) { x = '</div>'; }</script><p>after</p>",
    "<style>p > a { color: red }</style>", "<SCRIPT>a</SCRIPT ><p>b",
    "<!-- comment -- with dashes --><p>x</p><!--unclosed", "<? pi ?><!bogus><![CDATA[x]]>",
    "a < b and c <d e", "<p>1<p>2<li>3<li>4</ul>", "<div a=1 a=2 B=3 c>x</div>",
    "<a b=\"c\"d>x</a>", "<a =b>x</a>", "<a b=c=d>x</a>", "<a/href=x>y</a>", "</ 3>x</>y",
    "<div\n  class='multi\nline'\n>x</div>", "<p>unterminated <b", "<p>tail &", "<td>x<td>y<tr><td>z",
    "<![if !IE]><p>x</p><![endif]>", "<br/ >x", "<svg><path d='M0 0'/></svg>", "<p>é&eacute;&#233;&#xE9;</p>",
    # A "<" inside a tag, and text pieced together from many stray ones.
    "<a title='x<y' b=\"<\">t</a>", "<a b<c d>x</a>", "<a<b>y</b>", "<p\n>x</p\n><b >y</b >",
    "<a b " * 40, "<a\n x=1\n" * 40 + "<p>z", "a<!--c-->b<!---->c</x>d",
    # References that stand for nothing leave no text node.
    "<p>&#1;</p><p>a&#1;b</p>x&#1;<b>y</b>&#1;", "<script>a</script >b<style>c</STYLE>",
    # An element holding only text (read in one token by the lean build), and its look-alikes.
    "<a href=\"x\">t</a><b></b><i> </i><i> </i><span>&amp;</span><em>&#1;</em>",
    "<img src=\"a\"></img>x<br>y</br><link rel=\"x\">\n</link><input value=\"v\">t</input>",
    "<script>a &amp; b</script><style> </style><script></script><script>x</SCRIPT>",
    "<div/>x</div><p>a</P><p>b</p ><li>c</li><li>d</li></ul><dt>e</dt><dd>f</dd><td>g</td>",
    "<div class=\"a\"><p>x, y</p><p>\n</p>z</div>", "<b>x</b></b></i><p>y</p></p></div>",
    "<title>a</title><textarea>&lt;b&gt;</textarea><option>o</option><option>p</option>",
    "<DIV>x</DIV><Div>y</div><div>z</DIV>", "<a href=\"x&amp;y\" title=\"1\">t</a><a x=\"\">u</a>",
    # Unclosed quotes and tags, unquoted values with references, comments and CDATA holding markup.
    "<a href=\"x>y</a><p>z", "<p>a<div>b</p>c</div>", "<ul><li>a<ul><li>b</ul></ul><li>c",
    "<![CDATA[<p>x</p>]]><p>y</p>", "<!-- a -- b --><!---><p>x</p><!-->y", "<script><!-- </script> -->z",
    "<TABLE><TR><TD>x<TD>y</TABLE>", "<a href=x&amp;y title=a&quot;b>t</a>", "<p>&notin; &not &amp;amp; &#x;</p>",
    "<img src=a.png alt=\"\"/><input checked disabled value='v'><option selected>o",
]


def in_order(doc) -> bool:
    """The document's element list is the tree's document order."""
    return [id(e) for e in doc.iter()] == [id(e) for e in doc.root.iter()]


@pytest.mark.parametrize("html", CASES)
def test_same_tree_as_htmlparser(html):
    assert shape(html, parse) == shape(html, parse_with_stdlib)
    assert in_order(parse(html)) and in_order(parse_with_stdlib(html))


@settings(max_examples=examples(150), deadline=None)  # markup of the pieces below, new each run
@given(st.lists(st.sampled_from(list("<>/=\"' \nab&;#!-?") + [
    "<p", "<a", "</p>", "</a>", "<script>", "</script>", "<!--", "-->", "href", "&amp;", "<br/>",
    "<li>", "<div class=x>", "</div>", "<!doctype html>", "<b>", "</b>", "<img>", "</img>", "<p>",
    "<style>", "</style>", "<a href=\"x\">"]), max_size=60).map("".join))
def test_same_tree_on_arbitrary_markup(html):
    assert shape(html, parse) == shape(html, parse_with_stdlib)
    assert in_order(parse(html))


def content(doc) -> list:
    """Elements, attributes and text in document order (what extraction reads), no line numbers."""
    out: list = []
    stack: list = [doc.root]
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            out.append((node.tag, sorted(node.attrs.items()), len(node.children)))
            stack.extend(reversed(node.children))
        else:
            out.append(node.data)
    return out


def measures(html: str) -> list:
    """The page lists of ``Page`` from the lean build's measures, and from a walk of the tree."""
    doc = parse_lean(html)
    body = doc.find("body") or doc.root
    got = []
    for page in (Page(body, doc), Page(body)):
        got.append([[id(e) for e in page.elems], page.parent, sorted(page.hidden), page.own_text,
                    page.own_commas, page.own_media, page.tags, page.end])
    return got


LEAN_CASES = CASES + [
    "<body><p>a, b<!--c-->, c</p><p>x</span> y, z</p></body><p>after the body</p>",
    "<div>\n  <p>one</p>\n  <p>two,  three</p>\n</div>", "<div>a<svg><title>t</title></svg>b, c</div>",
    "<div hidden><p>x</p></div><p style='display:none'>y</p><p aria-hidden=true>z</p><p>w</p>",
    "<p>a &amp; b<x-card><div>in, card</div></x-card></p><img src=a><input><iframe></iframe>",
    "<noscript><p>" + "Words of the page, read without scripts. " * 8 + "</p></noscript>",
    "<p>\u00a0 spaced  \t out , text</p>", "<p>a, b<b>x</b>c, d<i>e</i>f</p>", "<ul>\n<li>a\n<li>b\n</ul>\n", "<p>x\n</q>\n<!--c-->y</p>",
    # left out inside left out, media of silent children, hidden maps shared by several elements
    "<body><div style='display:none'><svg><g hidden><p>a</p></g></svg><img></div><p>b<img><img><input>"
    "<span hidden>c</span><span hidden>d<b>e</b></span></p><div><iframe><p>f</p></iframe>g, h</div></body>"
    "<script>after</script><p>after, too</p>",
    "<p>a<svg><p hidden>b</p></svg><span style='color:red'>c</span><span style='visibility: hidden'>d</span></p>",
]


@pytest.mark.parametrize("html", LEAN_CASES)
def test_lean_build_reads_the_same_page(html):
    assert content(parse_lean(html)) == content(parse(html))
    assert in_order(parse_lean(html))
    lean, walked = measures(html)
    assert lean == walked


@settings(max_examples=examples(150), deadline=None)  # markup of the pieces below, new each run
@given(st.lists(st.sampled_from(list("<>/=\"' \nab,&;#!-?") + [
    "<p", "<a", "</p>", "</a>", "<script>", "</script>", "<!--", "-->", "href", "&amp;", "<br/>", "<body>",
    "<li>", "<div class=x>", "</div>", "<!doctype html>", "<svg>", "<span hidden>", "</span>", "  ",
    "<b>", "</b>", "<img>", "</img>", "<p>", "<style>", "</style>", "<a href=\"x\">", "<span>"]),
    max_size=60).map("".join))
def test_lean_build_on_arbitrary_markup(html):
    assert content(parse_lean(html)) == content(parse(html))
    lean, walked = measures(html)
    assert lean == walked
    got, want = kept_and_wanted(html)
    assert got == want


KEEP = frozenset({"a", "p", "img", "script", "br"})


def kept_and_wanted(html: str) -> tuple[list, list]:
    """The elements a lean build picked out by tag or attribute, and what they must be: those
    elements, from a walk of the tree."""
    doc = parse_lean(html, KEEP, "href")
    return ([id(e) for e in doc.kept or []],
            [id(e) for e in doc.root.iter() if e.tag in KEEP or "href" in e.attrs])


@pytest.mark.parametrize("html", LEAN_CASES + [
    "<P CLASS=x>upper</P><a\nhref='y'>quoted</a><img/><div/><x-y href=z></x-y>", "<a href=x <b>broken</b>",
    "<br>text</br><p>a<p>b", "<script>if (a<b) {}</script><a href=\"x&amp;y\">z</a>"])
def test_lean_build_picks_out_the_elements_asked_for(html):
    got, want = kept_and_wanted(html)
    assert got == want
    assert parse_lean(html).kept == []


def test_text_broken_by_many_comments_keeps_its_text():
    """A page of text broken by thousands of comments (a hostile page; reading it took seconds
    while each comment summed the run so far) keeps its text whole."""
    from sourcebook.engines.html.tree import parse

    doc = parse("<p>" + "<!--a-->b" * 30000 + "</p>")
    (p,) = [el for el in doc.elements if el.tag == "p"]
    assert "".join(getattr(c, "data", "") for c in p.children) == "b" * 30000


@pytest.mark.parametrize("html,text", [
    # in HTML, "<![CDATA[" is a comment that ends at the first ">": the rest is shown, as in browsers
    ("<p>children under twelve <![CDATA[>do not <i title=]]></i>ride free</p>",
     "children under twelve do not ride free"),
    ("<p><![CDATA[ x > Update: works everywhere. ]]></p>", " Update: works everywhere. ]]>"),
    ("<p><![if !IE]>new<![endif]></p>", "new"),
    # inside svg or math a CDATA section is text, markup and all
    ("<svg><text><![CDATA[a<b>c]]></text></svg><p>x</p>", "a<b>cx"),
    # HTML inside svg's foreignObject is HTML again
    ("<svg><foreignObject><div><![CDATA[a>b]]></div></foreignObject></svg>", "b]]>"),
])
def test_cdata_is_read_as_browsers_read_it(html, text):
    for build in (parse, parse_with_stdlib, parse_lean):
        assert build(html).text() == text, build
