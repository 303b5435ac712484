"""The sentence segmenter: hard cases in English, Japanese, Chinese and Russian, and its laws."""

from __future__ import annotations

import pytest

from sourcebook.engines.text.sentences import is_short_label, split_sentences, word_count


def texts(s: str) -> list[str]:
    return [x.text for x in split_sentences(s)]


CASES = [
    ("Dr. Smith arrived at 3.30 p.m. He left.", ["Dr. Smith arrived at 3.30 p.m.", "He left."]),
    ("Python 3.14 ships in October. It adds t-strings.", ["Python 3.14 ships in October.", "It adds t-strings."]),
    ("「運賃は3.40マークです。」子供は無料です。", ["「運賃は3.40マークです。」", "子供は無料です。"]),
    ("新的读卡器将于十一月安装。W3航路也一样！", ["新的读卡器将于十一月安装。", "W3航路也一样！"]),
    (
        "Новые считыватели установят в ноябре 2026 г. Это решено.",
        ["Новые считыватели установят в ноябре 2026 г.", "Это решено."],
    ),
    ('He said "Stop." Then he left.', ['He said "Stop."', "Then he left."]),
    ("J. R. R. Tolkien wrote it. See e.g. this one.", ["J. R. R. Tolkien wrote it.", "See e.g. this one."]),
    ("The U.S. Army came. We met in the U.S. Then we left.", ["The U.S. Army came.", "We met in the U.S.", "Then we left."]),
    ("Ridership rose 3%. (as of 2026-10-01)", ["Ridership rose 3%. (as of 2026-10-01)"]),
    ("One is here. [@clm_a] Two is here. [@clm_b; @clm_c]", ["One is here. [@clm_a]", "Two is here. [@clm_b; @clm_c]"]),
    ("English first. 日本語の文です。次の文。", ["English first.", "日本語の文です。", "次の文。"]),
    ("т. е. это так. Итак.", ["т. е. это так.", "Итак."]),
    ("- one\n- two", ["- one", "- two"]),
    ("Fig. 2 shows it. No. 5 is here.", ["Fig. 2 shows it.", "No. 5 is here."]),
    ("A first line\n\nand a second", ["A first line", "and a second"]),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_hard_cases(text, expected):
    assert texts(text) == expected


def test_offsets_are_code_points():
    text = "日本語です。 Then 2."
    for s in split_sentences(text):
        assert text[s.start : s.end] == s.text


def test_word_count_and_labels():
    assert word_count("three little words") == 3
    assert word_count("新的读卡器") == 3  # 5 CJK characters: 2.5 rounded up
    assert is_short_label("Route map")
    assert not is_short_label("This has four words")
    assert is_short_label("運賃と路線")
    assert not is_short_label("新的读卡器将于十一月安装")
