"""The reader view built in windows around a word finds exactly what the whole view finds."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.search.reader_view import locate, locate_near, quote_view

PIECES = ["harbour", "ferry", "card", "fares", "weekend", "lantern", "signal", "timetable", "the", "a", "of",
          "**bold**", "*em*", "`code`", "[link text](https://example.org/a/very/long/path/that/goes/on)",
          "—", "…", "--", "\u00ad", "\u200b", "\n", "\n\n", "\n\n\n", "\n# ", "\n- ", "\n> ", "\n1. ",
          "\u201cquoted\u201d", "  ", "\t", "|", "foo`barx`", "fooo[barr](x)", "foo\\_bar", "wordy\u00adness",
          "snake_case", "x*y*z"]  # roles send a text to the whole view (see the test below)


def test_words_the_view_joins_across_marks_are_found():
    for text in ["foo`barx` end", "fooo[barr](x) end", "foo\\_bar end", "ab:func:`cdef` end", "wordy\u00adness end",
                 "ab:pep:`8` rest", "an im*port*ant x"]:
        word = _anchor(text)
        if word:
            assert locate_near(text, text, word, 5) == locate(text, text, 5) != [], text


def _anchor(q: str) -> str:
    words = re.findall(r"\w+", quote_view(q))
    w = max(words, key=len) if words else ""
    return w if len(w) >= 4 else ""


# each example is a text of thousands of characters (every piece many times over) and a quote
# cut from it anywhere; new texts each run, a failing one kept in the example database
@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=200, max_size=900), st.integers(0, 10_000),
       st.integers(3, 80), st.integers(1, 3))
def test_windows_find_what_the_whole_view_finds(pieces, at, size, cap):
    text = " ".join(pieces)
    text = text * (1 + 6000 // max(1, len(text)))  # long enough that windows are used
    a = at % max(1, len(text) - size)
    quote = text[a:a + size]
    word = _anchor(quote)
    if not word:
        return
    assert locate_near(text, quote, word, cap) == locate(text, quote, cap)


def test_a_rare_word_in_a_long_text_builds_only_its_windows(monkeypatch):
    import sourcebook.engines.search.reader_view as rv

    # canonical text holds one paragraph per line: windows are cut at line ends
    filler = "The ferry runs on the hour, and the pier opens at six.\n\n" * 2000  # about 112,000 characters
    text = filler + "The **zeppelin** service\nstarts in May — weather permitting…\n\n" + filler
    built: list[int] = []
    real = rv.build
    monkeypatch.setattr(rv, "build", lambda t: built.append(len(t)) or real(t))
    got = rv.locate_near(text, "zeppelin service starts in May - weather permitting...", "zeppelin", 5)
    assert len(got) == 1 and text[got[0][0]:got[0][1]] == "**zeppelin** service\nstarts in May — weather permitting…"
    assert sum(built) < len(text) // 20  # the windows, not the text
    monkeypatch.setattr(rv, "build", real)
    assert got == rv.locate(text, "zeppelin service starts in May - weather permitting...", 5)
