"""Canonical text v2, format by format (pure engine functions), and the reader view."""

from __future__ import annotations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.convert.pipeline import extract_bytes
from sourcebook.engines.formats.canon import canonical_v2, sniff, text_format
from sourcebook.engines.formats.rst_inline import render_inline
from sourcebook.engines.pdf.layout import drop_running, join_pages_v2
from sourcebook.engines.search.chunk import chunk
from sourcebook.engines.search.reader_view import locate, relocate
from sourcebook.engines.text.normalize import normalize
from sourcebook.engines.text.smartquotes import educate_quotes


def md(text: str) -> str:
    return canonical_v2(text, "markdown")


def rst(text: str) -> str:
    return canonical_v2(text, "rst")


# ---- Markdown -----------------------------------------------------------------------------------

def test_markdown_paragraphs_items_and_quotes_on_one_line():
    out = md("Some text that\nwraps here.\n- item one\n  continues\n  - nested\n    more\n\n> a quote\n> goes on\n")
    assert out == "Some text that wraps here.\n- item one continues\n  - nested more\n\n> a quote goes on\n"


def test_markdown_code_tables_html_keep_their_lines_and_setext_becomes_atx():
    src = ("Title\n=====\n\n```sh\n# a comment\nmake\n```\n\n    indented\n    code\n\n| a | b |\n|---|---|\n"
           "| 1 | 2 |\n\n<div>\nraw\n</div>\n\nSub\n---\n\nx | y\n--|--\n1 | 2\n")
    out = md(src)
    assert out.startswith("# Title\n\n```sh\n# a comment\nmake\n```\n\n    indented\n    code\n")
    assert "| a | b |\n|---|---|\n| 1 | 2 |" in out and "<div>\nraw\n</div>" in out
    assert "## Sub" in out and "x | y\n--|--\n1 | 2" in out


def test_markdown_words_one_space_apart():
    assert md("One.  Two   three\nfour.\n") == "One. Two three four.\n"


_MD_LINE = st.sampled_from(["", "text here", "- item", "  more", "# head", "```", "> q", "    code", "| a |",
                            "===", "---", "1. one", "plain  words", "<p>", "[x]: http://x"])


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_MD_LINE, max_size=25))
def test_markdown_reflow_is_idempotent(lines):
    once = md("\n".join(lines))
    assert md(once) == once
    assert normalize(once) == once  # v2 text is canonical for v1's rules too


# ---- reStructuredText -----------------------------------------------------------------------------

def test_rst_sections_levels_and_transitions():
    out = rst("=====\nTitle\n=====\n\nIntro.\n\nPart\n----\n\nBody.\n\n-----\n\nSub\n~~~\n\nMore.\n\nOther\n----\n")
    assert out == "# Title\n\nIntro.\n\n## Part\n\nBody.\n\n---\n\n### Sub\n\nMore.\n\n## Other\n"


def test_rst_literal_blocks_and_directives():
    src = ("Example::\n\n    x = 1\n    # not a heading\n\nAnd then ::\n\n    y\n\n.. code-block:: python\n   :linenos:\n\n"
           "   print(1)\n\n.. note:: Mind\n   the gap.\n\n.. versionadded:: 3.9\n   The flag.\n\n.. comment nobody reads\n\n"
           ".. _target: https://example.org\n\n.. |name| replace:: the *tool*\n\nUse |name| here.\n")
    out = rst(src)
    assert "Example:\n\n```\nx = 1\n# not a heading\n```" in out
    assert "And then\n\n```\ny\n```" in out
    assert "```python\nprint(1)\n```" in out
    assert "> Note\n>\n> Mind the gap." in out
    assert "Added in version 3.9: The flag." in out
    assert "comment nobody" not in out and "example.org" not in out and "replace::" not in out
    assert "Use the tool here." in out


def test_rst_lists_definitions_fields_tables_line_blocks_footnotes():
    src = ("* one\n  wrapped\n* two\n\n#. first\n#. second\n\nterm\n    its definition\n    goes on\n\n"
           ":Author: Someone\n\n=====  =====\nA      B\n\nC      D\n=====  =====\n\n| a line\n| another\n\n"
           "A claim [#note]_ and [#]_.\n\n.. [#note] The note.\n.. [#] Another.\n")
    out = rst(src)
    assert "- one wrapped\n- two" in out and "1. first\n2. second" in out
    assert "term\n: its definition goes on" in out and "Author: Someone" in out
    assert "=====  =====\nA      B\n\nC      D\n=====  =====" in out
    assert "a line\nanother" in out
    assert "A claim [1] and [2]." in out and "[1] The note." in out and "[2] Another." in out


def test_rst_roles_render_as_the_page_shows_them():
    cases = {":pep:`649`": "PEP 649", ":rfc:`9110`": "RFC 9110", ":pep:`the PEP <8>`": "the PEP",
             ":pep:`3131#rationale`": "PEP 3131#rationale", ":py:func:`len`": "len()",
             ":py:meth:`~a.b.C.run`": "run()", ":class:`~typing.Any`": "Any", ":py:exc:`DeprecationWarning`":
             "DeprecationWarning", ":ref:`the section <label>`": "the section", ":term:`annotation`":
             "annotation", ":abbr:`LIFO (last-in, first-out)`": "LIFO", "`Python <https://python.org>`_": "Python",
             "``x = 1``": "`x = 1`", "*stress*": "stress", "**strong**": "strong", "foo_": "foo",
             "__init__": "__init__", "``a`b``": "``a`b``"}
    for src, shown in cases.items():
        assert render_inline(f"see {src} now") == f"see {shown} now", src


def test_smart_quotes_dashes_and_ellipses_as_sphinx_prints_them():
    assert render_inline("\"Isn't it\" -- 'fun' --- the '80s... ``don't``") == \
        "\u201cIsn\u2019t it\u201d \u2013 \u2018fun\u2019 \u2014 the \u201980s\u2026 `don't`"
    assert educate_quotes('"*" or "(*)"') == "\u201c*\u201d or \u201c(*)\u201d"
    assert render_inline('such as "*" or "x * y"') == "such as \u201c*\u201d or \u201cx * y\u201d"


def test_pep_header_fields_stay_one_per_line():
    out = rst("PEP: 9\nTitle: A title\nPost-History: `1-Jan-2020 <https://x>`__,\n              `2-Jan-2020 <https://y>`__\n\n"
              "Abstract\n========\n\nText.\n")
    assert out.startswith("PEP: 9\nTitle: A title\nPost-History: 1-Jan-2020, 2-Jan-2020\n\n# Abstract\n\nText.\n")


# ---- AsciiDoc, plain text, RFCs -------------------------------------------------------------------

def test_asciidoc_structure():
    src = ("= Manual\n:product: Tool\n\n== Start\n\nThe *tool* reads\nfiles. See link:https://x[the site] "
           "and <<sec,Section>>.\n\n[source,python]\n----\n# code\n----\n\n* a\n  wrapped\n** b\n\n"
           "// comment\n[[sec]]\nNOTE: {product} rocks.\n")
    out = canonical_v2(src, "asciidoc")
    assert out.startswith("# Manual\n\n## Start\n\nThe **tool** reads files. See the site and Section.\n")
    assert "```python\n# code\n```" in out and "- a wrapped\n  - b" in out
    assert "comment" not in out and "[[sec]]" not in out and "NOTE: Tool rocks." in out


def test_plain_text_prose_joined_verse_and_columns_kept():
    prose = ("It was the best of times, it was the worst of times, it was the age of\n"
             "wisdom, it was the age of foolishness, it was the epoch of belief, it\n"
             "was the epoch of incredulity.\n")
    verse = "  Roses are red,\n  violets are blue.\n"
    table = "Name        Value\nfirst       1\n"
    out = canonical_v2(f"Title\n=====\n\n{prose}\n{verse}\n{table}", "plain")
    assert out.startswith("# Title\n\nIt was the best of times, it was the worst of times, it was the age of wisdom,")
    assert verse in out and table in out


def test_rfc_pages_vanish_and_the_cut_paragraph_is_joined():
    page = ("1.  Introduction\n\n   The format is simple and it is line oriented, so that ordinary tools\n"
            "   can read it with no trouble at all, and every single record that fits\n\nWriter                        Informational"
            "                     [Page 1]\n\fRFC 9999                 Sample Widget Exchange"
            "               April 2026\n\n\n   on one line.\n")
    text = page + "\nWriter                        Informational                     [Page 2]\n"
    assert sniff(text) == "rfc"
    out = canonical_v2(text, "rfc")
    assert "# 1. Introduction" in out and "[Page" not in out and "RFC 9999" not in out
    assert "every single record that fits on one line." in out


def test_formats_are_recognised():
    assert text_format("x", "text/markdown", "a.md") == "markdown"
    assert text_format("x", None, "a.rst") == "rst" and text_format("x", None, "a.adoc") == "asciidoc"
    assert sniff("PEP: 8\nTitle: x\n") == "rst" and sniff(".. note:: x\n") == "rst"
    assert sniff("= Title\n\nText.\n") == "asciidoc" and sniff("# A\n\n# B\n") == "markdown"
    assert sniff("Just some words\nin lines.\n") == "plain"


def test_v1_stays_reproducible():
    raw = b"Some text that\nwraps  \r\n\n\n\nhere.\n"
    v1, _ = extract_bytes(raw, media_type="text/markdown", path="a.md", normalizer=1)
    v2, _ = extract_bytes(raw, media_type="text/markdown", path="a.md", normalizer=2)
    assert v1.text == normalize(raw.decode()) == "Some text that\nwraps\n\nhere.\n"
    assert v2.text == "Some text that wraps\n\nhere.\n"


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(["a.md", "a.rst", "a.adoc", "a.txt"]), st.sampled_from([1, 2]),
       st.lists(st.sampled_from(["# PEP 8 -- Style", "Title: x", "PEP: 8", "= Doc", "Some words", "", "  * item",
                                 "----", "|a|b|", "Text wraps  ", "\r"]), max_size=12))
def test_a_re_extraction_without_the_title_gives_the_same_text(path, normalizer, lines):
    # verify's re-extraction reads no title: the text must be the one an extraction with it gives
    raw = "\n".join(lines).encode()
    full, _ = extract_bytes(raw, media_type=None, path=path, normalizer=normalizer)
    bare, _ = extract_bytes(raw, media_type=None, path=path, normalizer=normalizer, titled=False)
    assert bare.text == full.text and bare.notes == full.notes and not (bare.meta or {}).get("title")


# ---- the reader view ----------------------------------------------------------------------------

TEXT = ("# Title\n\nSome **bold** text and `__annotate__` here.\n\nPython solved this by accepting :pep:`563`,\n"
        "incorporating a new approach called \"stringized\nannotations\" in which...\n\nSee [the site](https://x.y) -- now.\n")


def test_reader_view_locates_a_rendered_paste_and_widens_over_marks():
    for paste, expect in [("bold text and __annotate__ here.", "**bold** text and `__annotate__` here."),
                          ("Some bold", "Some **bold**"), ("the site \u2014 now", "[the site](https://x.y) -- now"),
                          ("Python solved this by accepting PEP 563, incorporating a new approach called "
                           "\u201cstringized annotations\u201d in which\u2026",
                           "Python solved this by accepting :pep:`563`,\nincorporating a new approach called "
                           "\"stringized\nannotations\" in which...")]:
        spans = locate(TEXT, paste)
        assert len(spans) == 1 and TEXT[spans[0][0]:spans[0][1]] == expect, (paste, spans)


def test_reader_view_never_forgives_letters_digits_or_words():
    for paste in ("some bold", "Some bald", "accepting PEP 564", "Somebold", "in wich"):
        assert locate(TEXT, paste) == [], paste
    assert locate("a cat sat", "acat sat") == [] and locate("a cat sat", "a cats at") == []


def test_relocate_finds_the_nearest_occurrence_in_a_new_text():
    old = "alpha beta.\n\nbeta gamma.\n\nbeta delta.\n"
    new = "alpha beta. beta gamma. beta delta.\n"
    s = old.rindex("beta")
    assert relocate(old, new, s, s + 4, "beta") == (new.rindex("beta"), new.rindex("beta") + 4)
    assert relocate(old, new, 0, 5, "omega") is None


# ---- chunks, PDF pages ----------------------------------------------------------------------------

def test_chunker_ignores_hash_lines_in_fences_and_in_pdf_text():
    text = "# Top\n\n```sh\n# not a heading\n```\n\n#### Deep\n\n" + "Words and more words. " * 10 + "\n"
    paths = {c.heading_path for c in chunk(text, 40, 0)}
    assert ("Top", "Deep") in paths and not any("not a heading" in h for p in paths for h in p)
    assert {c.heading_path for c in chunk(text, 40, 0, headings=False)} == {()}


def test_running_headers_and_page_numbers_dropped_and_cut_word_joined():
    pages = ["Spec Title\nFirst page text that goes on and on until the very end of the exam-\n3",
             "Spec Title\nple shows the rest.\n4", "Spec Title\nLast page.\niv"]
    clean = drop_running(pages)
    assert all("Spec Title" not in p and not p.endswith(("3", "4", "iv")) for p in clean), clean
    text, spans = join_pages_v2(clean)
    assert "the exam" in text and "example shows the rest." in text
    assert [s["page"] for s in spans] == [1, 2, 3] and text[spans[1]["start"]:].startswith("ple shows")


def test_reader_view_composes_a_decomposed_paste():
    text = "Le caf\u00e9 est ouvert.\n"
    assert locate(text, "Le cafe\u0301 est ouvert.") == [(0, len(text) - 1)]


def test_a_private_use_character_in_a_substitution_is_text_not_a_crash():
    # the converter marks code pieces with U+E000 while it curls quotes around them; a source
    # whose own text brings that character in through a substitution is still read
    doc = (".. |mark| replace:: a\ue000b\n\nSee |mark| and ``code`` here [#]_.\n\n"
           ".. [#] A note.\n")
    text = canonical_v2(doc, "rst")
    assert "See a\ue000b and `code` here [1]." in text
    assert "[1] A note." in text


def test_front_matter_holds_yaml_only():
    """"---" over a fence or a paragraph at the top is a rule, as it is after a blank line, so
    the canonical text reads the same a second time."""
    assert md("---\ntitle: A\n---\n\ntext\nhere\n") == "---\ntitle: A\n---\n\ntext here\n"
    for top in ("```", "<p>"):
        once = md(f"\n---\n{top}\n---\ntext here\ntext here")
        assert md(once) == once


def _normalize_reference(text: str) -> str:
    """Normalization v1 as written in docs/compatibility.md, step by step."""
    import re
    import unicodedata

    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    text = text[1:] if text.startswith("\ufeff") else text
    text = re.sub(r"[ \t\f\v\u00a0]+$", "", text, flags=re.M)
    text = re.sub(r"\n{3,}", "\n\n", text).strip("\n")
    return text + "\n" if text else ""


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \t\f\v\u00a0\n\r\ufeffe\u0301.")), max_size=40))
def test_normalize_is_the_documented_steps(text):
    # its shortcuts (no search when nothing would change) never change what it returns
    assert normalize(text) == _normalize_reference(text)


def test_a_text_gives_its_own_title():
    from sourcebook.engines.formats.canon import text_canonical_titled
    from sourcebook.engines.formats.text_title import text_title

    def title(text: str, path: str) -> str | None:
        return text_canonical_titled(text, path=path)[1]

    # the document's one top-level heading, its sections "##" (a later "# Appendix" too)
    assert title("# Proposal: Monotonic time\n\nAuthor: R. Cox\n\n## Abstract\n\nText.\n\n# Appendix\n\nMore.\n",
                 "a.md") == "Proposal: Monotonic time"
    # an HTML comment is not shown; the heading right after it names the text
    assert title("<!--\nnotes for authors\n\n- [ ] pick a SIG\n-->\n# KEP-5040: Remove gitRepo\n\n## Summary\n\nx\n",
                 "k.md") == "KEP-5040: Remove gitRepo"
    assert title("# KEP-4762: Allow any FQDN\n<!-- toc -->\n- [Summary](#summary)\n<!-- /toc -->\n\n## Summary\n",
                 "k.md") == "KEP-4762: Allow any FQDN"
    # a "#" line in fenced code is a comment, not a second top-level heading
    assert title("# Go install\n\n## Usage\n\n```sh\n# install one\ngo install x@latest\n```\n", "g.md") == "Go install"
    # sections that are all "#" headings, or a heading far down, name no document
    assert title("# Summary\n\nOne.\n\n# Motivation\n\nTwo.\n", "n.md") is None
    assert title("Intro.\n\nMore.\n\nEven more.\n\nStill more.\n\nAnd more.\n\n# Late heading\n", "n.md") is None
    # a text opening with its only "##" heading is named by it, unless it names a section
    assert title("## `maybe_dangling`\n\n- Start Date: 2022-09-30\n\n## Summary\n\nx\n", "r.md") == "maybe_dangling"
    assert title("## Summary\n\nSplit libstd.\n\n## Motivation\n\nx\n", "r.md") is None
    # front matter, a PEP header (continued over an indented line), a Gutenberg book, an RFC
    assert title("---\ntitle: \"Front matter names it\"\ndate: 2020-01-01\n---\n\nText.\n", "f.md") == \
        "Front matter names it"
    assert title("PEP: 8\nTitle: Style Guide\n  for Python Code\nAuthor: Guido\n\nIntro\n=====\n\nText.\n", "pep-0008.txt") \
        == "PEP 8 – Style Guide for Python Code"
    book = ("The Project Gutenberg EBook of Stories, by A. Writer\n\nThis eBook is for the use of anyone.\n\n"
            "Title: Stories of the Bay\n\nAuthor: A. Writer\n\n***START OF THE PROJECT GUTENBERG EBOOK STORIES***\n\n"
            "Title: Not this one\n")
    assert title(book, "pg-1.txt") == "Stories of the Bay"
    assert title("A note.\n\nTitle: mentioned in passing, with nothing after it\n", "n.txt") is None
    assert text_title("Network WG                  A. Writer\nRequest for Comments: 1            Example\n\n"
                      "                 A Sample\n                 Protocol\n\n# Abstract\n\nText.\n", "rfc") == \
        "A Sample Protocol"
    # inline markup goes: code marks, emphasis, links, escapes, a heading's attribute
    assert title("# The *new* [`try`](https://go.dev/x) \\_built-in\\_ { #top }\n\n## A\n", "t.md") == \
        "The new try _built-in_"
    assert title("# " + "word " * 60 + "\n\n## A\n", "t.md") is None  # a paragraph, not a title


def test_a_hard_line_break_backslash_is_not_text():
    from sourcebook.engines.formats.md_reflow import reflow_markdown

    md = ("# Error Handling — Draft Design\n\nMarcel van Lohuizen\\\nAugust 27, 2018\n\n"
          "- one item\\\n  on two lines\n\n> a quote\\\n> broken\n\nA path C:\\\\\nstays, and so does an end\\\n")
    got = canonical_v2(md, "markdown")
    assert "Marcel van Lohuizen August 27, 2018\n" in got
    assert "- one item on two lines\n" in got and "> a quote broken\n" in got
    assert "A path C:\\\\ stays, and so does an end\\\n" in got  # an escaped backslash, a paragraph's end
    assert canonical_v2(got, "markdown") == got  # idempotent
    # sb.text version 1 kept it: its text is made again on request, for sources it extracted
    assert "Marcel van Lohuizen\\ August 27, 2018\n" in canonical_v2(md, "markdown", extractor=1)
    assert reflow_markdown(["a\\", "b"], hard_breaks=False) == ["a\\ b"]
    raw = md.encode()
    assert extract_bytes(raw, media_type="text/markdown", path="d.md")[0].text == got
    assert "Lohuizen\\ August" in extract_bytes(raw, media_type="text/markdown", path="d.md", extractor=1)[0].text
    # a version the format does not make is never asked of it: the current rules answer
    assert extract_bytes(raw, media_type="text/markdown", path="d.md", extractor=7)[0].text == got


def test_the_reader_view_does_not_see_a_hard_breaks_backslash():
    from sourcebook.engines.search.reader_view import quote_view

    old = "Marcel van Lohuizen\\ August 27, 2018 and C:\\\\ too"
    assert quote_view(old) == "Marcel van Lohuizen August 27, 2018 and C:\\ too"
    assert quote_view("Marcel van Lohuizen\\\nAugust 27, 2018") == "Marcel van Lohuizen August 27, 2018"
    start = old.index("Marcel")
    assert locate(old, "Marcel van Lohuizen August 27, 2018") == [(start, old.index(" and"))]
