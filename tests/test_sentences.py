"""The sentence segmenter: hard cases in English, Japanese, Chinese and Russian, and its laws
(sentences tile the text; a sentence split again is one sentence)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.text.sentences import Sentence, is_short_label, split_sentences, word_count


def texts(s: str) -> list[str]:
    return [x.text for x in split_sentences(s)]


CASES = [
    # English: abbreviations, initials, decimals, versions, ellipses, quotes and brackets
    ("Dr. Smith arrived at 3.30 p.m. He left.", ["Dr. Smith arrived at 3.30 p.m.", "He left."]),
    ("Python 3.14 ships in October. It adds t-strings.", ["Python 3.14 ships in October.", "It adds t-strings."]),
    ("Install v2.0.1 today. It is 3.14 times faster.", ["Install v2.0.1 today.", "It is 3.14 times faster."]),
    ("J. R. R. Tolkien wrote it. See e.g. this one.", ["J. R. R. Tolkien wrote it.", "See e.g. this one."]),
    ("The U.S. Army came. We met in the U.S. Then we left.", ["The U.S. Army came.", "We met in the U.S.", "Then we left."]),
    ("Prices in the U.K. rose. They fell i.e. twice.", ["Prices in the U.K. rose.", "They fell i.e. twice."]),
    ("Ask Mr. Brown. He knows.", ["Ask Mr. Brown.", "He knows."]),
    ("Fig. 2 shows it. No. 5 is here.", ["Fig. 2 shows it.", "No. 5 is here."]),
    ("No. We will not.", ["No.", "We will not."]),
    ("It was 3 vs. 2 at approx. 10 p.m. Then it ended.", ["It was 3 vs. 2 at approx. 10 p.m.", "Then it ended."]),
    ("Bring pens, paper etc. The rest is given.", ["Bring pens, paper etc.", "The rest is given."]),
    ("Smith et al. found it. They did.", ["Smith et al. found it.", "They did."]),
    ("It starts Dec. 1, 2026. Book now.", ["It starts Dec. 1, 2026.", "Book now."]),
    ("Wait... What? Yes!", ["Wait...", "What?", "Yes!"]),
    ("And so … on it went… Then silence.", ["And so … on it went…", "Then silence."]),
    ('He said "Stop." Then he left.', ['He said "Stop."', "Then he left."]),
    ("He said “Stop.” Then he left.", ["He said “Stop.”", "Then he left."]),
    ('"Really?" she asked. Nobody knew.', ['"Really?" she asked.', "Nobody knew."]),
    ("(He left.) Then we ate.", ["(He left.)", "Then we ate."]),
    ("Really?! Yes.", ["Really?!", "Yes."]),
    ("See www.example.com. Then go.", ["See www.example.com.", "Then go."]),
    ("It happened in the U.K. in 2026.", ["It happened in the U.K. in 2026."]),
    ("Vitamin C. The rest is water.", ["Vitamin C.", "The rest is water."]),
    ("It opens at 10 a.m. Calder Transit said so.", ["It opens at 10 a.m.", "Calder Transit said so."]),
    ("(See Fig. 2. It shows x.) Then we go.", ["(See Fig. 2. It shows x.)", "Then we go."]),
    ("He said “Go. Now.” Then he left.", ["He said “Go. Now.”", "Then he left."]),
    ("It’s fine. 1) One. 2) Two.", ["It’s fine.", "1) One.", "2) Two."]),
    # citations and trailing fragments stay with their sentence
    ("Ridership rose 3%. (as of 2026-10-01)", ["Ridership rose 3%. (as of 2026-10-01)"]),
    ("One is here. [@clm_a] Two is here. [@clm_b; @clm_c]", ["One is here. [@clm_a]", "Two is here. [@clm_b; @clm_c]"]),
    ("This is it [@clm_abc]. And more [framing].", ["This is it [@clm_abc].", "And more [framing]."]),
    ("It rose. [framing] It fell. [1]", ["It rose. [framing]", "It fell. [1]"]),
    # newlines: blank lines, list items, headings, tables
    ("A first line\n\nand a second", ["A first line", "and a second"]),
    ("A soft\nwrapped sentence. Next one.", ["A soft\nwrapped sentence.", "Next one."]),
    ("- one\n- two", ["- one", "- two"]),
    ("1. First item.\n2. Second item.", ["1. First item.", "2. Second item."]),
    ("# Title\nBody text here. More.", ["# Title", "Body text here.", "More."]),
    ("Intro:\n| a | b |\n| 1 | 2 |", ["Intro:", "| a | b |", "| 1 | 2 |"]),
    # German and French dates, Spanish marks
    ("Sie kam am 1. Dezember. Gut.", ["Sie kam am 1. Dezember.", "Gut."]),
    ("Il est arrivé le 1er déc. 2026. Bien.", ["Il est arrivé le 1er déc. 2026.", "Bien."]),
    ("¿Qué pasó? ¡Nada! Bien.", ["¿Qué pasó?", "¡Nada!", "Bien."]),
    # Japanese and Chinese
    ("「運賃は3.40マークです。」子供は無料です。", ["「運賃は3.40マークです。」", "子供は無料です。"]),
    ("新的读卡器将于十一月安装。W3航路也一样！", ["新的读卡器将于十一月安装。", "W3航路也一样！"]),
    ("そうですか？はい！わかりました。", ["そうですか？", "はい！", "わかりました。"]),
    ("「行きます。」と彼は言った。次の日。", ["「行きます。」と彼は言った。", "次の日。"]),
    ("「運賃は3.40マークです。子供は無料です。」と発表した。", ["「運賃は3.40マークです。子供は無料です。」と発表した。"]),
    ("「運賃は3.40マークです。子供は無料です。」次。", ["「運賃は3.40マークです。子供は無料です。」", "次。"]),
    ("运费是３．４０马克。儿童免费．明天见。", ["运费是３．４０马克。", "儿童免费．", "明天见。"]),
    ("真的吗!是的。", ["真的吗!", "是的。"]),
    ("她说：“走吧。”然后离开了。", ["她说：“走吧。”", "然后离开了。"]),
    # mixed scripts
    ("English first. 日本語の文です。次の文。", ["English first.", "日本語の文です。", "次の文。"]),
    ("Python 3.14 ships in October. これは日本語です。その後、English again.",
     ["Python 3.14 ships in October.", "これは日本語です。", "その後、English again."]),
    ("He left.次の文です。", ["He left.", "次の文です。"]),
    # Russian
    ("Новые считыватели установят в ноябре 2026 г. Это решено.",
     ["Новые считыватели установят в ноябре 2026 г.", "Это решено."]),
    ("Это, т. е. всё. Конец.", ["Это, т. е. всё.", "Конец."]),
    ("Он пришёл и др. Потом ушёл.", ["Он пришёл и др.", "Потом ушёл."]),
    ("В 2026 г. в Москве. Да.", ["В 2026 г. в Москве.", "Да."]),
    ("См. рис. 3 и стр. 5. Всё.", ["См. рис. 3 и стр. 5.", "Всё."]),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_hard_cases(text, expected):
    assert texts(text) == expected


def test_offsets_are_code_points():
    text = "日本語です。 Then 2 😀. Ok, then we go [@clm_a]\n\n末尾。"
    got = split_sentences(text)
    assert [s.text for s in got] == ["日本語です。", "Then 2 😀.", "Ok, then we go [@clm_a]", "末尾。"]
    for s in got:
        assert text[s.start : s.end] == s.text


def test_empty_and_blank():
    assert split_sentences("") == []
    assert split_sentences(" \n\n\t") == []
    assert split_sentences("  One.  ") == [Sentence(2, 6, "One.")]


@pytest.mark.parametrize(
    "text,words,short",
    [
        ("three little words", 3, True),
        ("This has four words", 4, False),
        ("Route map", 2, True),
        ("新的读卡器", 3, True),  # 5 CJK characters: 2.5 words, rounded up
        ("運賃と路線の地図", 4, False),  # 8 CJK characters
        ("運賃と路線の地", 4, True),  # 7 CJK characters: 3.5 words
        ("新的读卡器将于十一月安装", 6, False),
        ("W3航路也一样", 3, True),
        ("— [@clm_a]", 1, True),
        ("", 0, True),
    ],
)
def test_word_count_and_labels(text, words, short):
    assert word_count(text) == words
    assert is_short_label(text) is short


# --- laws -----------------------------------------------------------------------------------

TOKENS = [
    "Dr.", "Mr.", "e.g.", "i.e.", "U.S.", "etc.", "No.", "5", "3.14", "v2.0.1", "J.", "R.", "Tolkien", "He",
    "left.", "Then", "the", "city", "...", "…", "?", "!", '"Stop."', "(as", "of", "2026)", "[@clm_a]",
    "[framing]", "日本語です。", "子供は無料です。", "「運賃は3.40マークです。」", "と言った。", "W3航路也一样！",
    "г.", "т.", "е.", "Это", "решено.", "в", "ноябре", "p.m.", "Fig.", "2", "x", "A.", "B.", "1.",
    "Dezember", "'quoted.'", "(He", "left.)", "**Bold.**", "-", "#", "|", ">", "1)", "Ok", "．", "。", ".",
    "'", '"', "¿Qué?", "¡Sí!", "”", "」",
]
SEPS = [" ", " ", " ", "", "\n", "\n\n", "  ", "\t", "\n- ", "\n1. "]
token_texts = st.lists(st.tuples(st.sampled_from(TOKENS), st.sampled_from(SEPS)), max_size=20).map(
    lambda xs: "".join(a + b for a, b in xs)
)
char_texts = st.text(alphabet=st.sampled_from(list("ab A.!?。！？\n\"')([]」「12日…“”（）")), max_size=40)
any_text = st.one_of(token_texts, char_texts)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(any_text)
def test_sentences_tile_the_text(text):
    got = split_sentences(text)
    pos = 0
    for s in got:
        assert pos <= s.start < s.end and text[s.start : s.end] == s.text
        assert s.text == s.text.strip()
        assert not re.search(r"\n[ \t]*\n", s.text)  # a blank line always ends a sentence
        pos = s.end
    assert re.sub(r"\s", "", "".join(s.text for s in got)) == re.sub(r"\s", "", text)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(any_text)
def test_a_sentence_split_again_is_one_sentence(text):
    for s in split_sentences(text):
        assert split_sentences(s.text) == [Sentence(0, len(s.text), s.text)]
