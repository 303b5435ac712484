"""find: exact spans, elided quotes, the tolerance ladder, and the `sb find`/`sb quote` commands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.text.find import FindError, find_all, resolve_parts, split_elided, tolerant

TEXT = ("The **bold** claim is here.\nSee [the docs](http://x.y/z) for more.\n"
        "It\u2019s a \u201cquote\u201d \u2014 yes. Soft\u00adhyphen. Multi\n  line  text.\n")


def test_find_all_lists_overlapping_occurrences():
    assert find_all("aaaa", "aa") == [(0, 2), (1, 3), (2, 4)]
    assert find_all("abc", "") == []


def test_split_elided_accepts_the_usual_elision_marks():
    assert split_elided("one [...] two [\u2026] three [ ... ] four") == ["one", "two", "three", "four"]
    assert split_elided("[...] lead") == ["lead"]


def test_resolve_parts_in_order_within_the_gap():
    text = "alpha beta gamma delta"
    assert resolve_parts(text, ["alpha", "gamma"]) == [(0, 5), (11, 16)]


def test_resolve_parts_errors_name_their_code():
    for text, parts, code in (("abc", ["zzz"], "E-FIND-NOMATCH"),
                              ("b a", ["a", "b"], "E-FIND-GAP"),
                              ("a " + "x" * 3000 + " b", ["a", "b"], "E-FIND-GAP"),
                              ("x a x a", ["a"], "E-FIND-AMBIGUOUS")):
        try:
            resolve_parts(text, parts)
        except FindError as exc:
            assert exc.code == code
        else:
            raise AssertionError(f"{parts} in {text!r} should fail")


def test_ambiguous_lists_every_candidate():
    try:
        resolve_parts("x a x a", ["a"])
    except FindError as exc:
        assert exc.candidates == [[(2, 3)], [(6, 7)]]
        assert "2..3" in exc.message and "6..7" in exc.message


def _one(needle):
    hits = tolerant(TEXT, needle)
    assert len(hits) == 1, hits
    h = hits[0]
    assert TEXT[h.start:h.end] == h.text
    return h


def test_ladder_whitespace():
    h = _one("multi line text")
    assert h.level == "case-insensitive" and h.text == "Multi\n  line  text"
    h = _one("Multi line text")
    assert h.level == "whitespace-normalized"


def test_ladder_markup_bold_and_links_keep_marks_balanced():
    assert _one("the bold claim").text == "The **bold** claim"
    assert _one("bold claim").text == "**bold** claim"
    h = _one("See the docs for")
    assert h.level == "markup-ignored" and h.text == "See [the docs](http://x.y/z) for"


def test_ladder_escapes_and_code():
    text = "Use `make test` or the \\*star\\* here"
    assert tolerant(text, "Use make test or the *star* here")[0].text == text
    assert tolerant(text, "the star here")[0].level == "markup-ignored"


def test_ladder_typography_and_invisibles():
    h = _one('It\'s a "quote" - yes')
    assert h.level == "typography-folded" and h.text == "It\u2019s a \u201cquote\u201d \u2014 yes"
    h = _one("Softhyphen")
    assert h.level == "invisibles-ignored" and h.text == "Soft\u00adhyphen"
    assert tolerant("zero\u200bwidth", "zerowidth")[0].text == "zero\u200bwidth"


def test_ladder_finds_nothing_for_absent_text():
    assert tolerant(TEXT, "not there at all") == []
    assert tolerant(TEXT, "   ") == []


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab *_`\u2019-\u00ad\n[]()é😀", max_size=60),
       st.text(alphabet="ab *_`'-\n[]é😀", min_size=1, max_size=8))
def test_every_span_returned_verifies(text, needle):
    for s, e in find_all(text, needle):
        assert text[s:e] == needle
    for h in tolerant(text, needle):
        assert 0 <= h.start <= h.end <= len(text)
        assert text[h.start:h.end] == h.text


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="abc é😀\n", min_size=1, max_size=80), st.data())
def test_resolved_parts_are_exact(text, data):
    i = data.draw(st.integers(0, len(text) - 1))
    j = data.draw(st.integers(i + 1, len(text)))
    try:
        spans = resolve_parts(text, [text[i:j]])
    except FindError as exc:
        assert exc.code in ("E-FIND-AMBIGUOUS", "E-FIND-NOMATCH")
        return
    assert [text[s:e] for s, e in spans] == [text[i:j]]
