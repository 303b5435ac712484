"""The search tokenizer: every script, folded accents, CJK bigrams, the stop list."""

from __future__ import annotations

from collections import Counter

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.search.tokenize import STOP_WORDS, fold, term_counts, tokenize


def test_stop_list_is_the_52_english_words():
    assert len(STOP_WORDS) == 52
    assert tokenize("The cat and the hat were in it") == ["cat", "hat"]


def test_case_and_diacritics_fold_so_naive_finds_naive():
    assert tokenize("Naïve CAFÉ Ünïcode") == ["naive", "cafe", "unicode"]
    assert tokenize("naive") == tokenize("naïve")
    assert tokenize("e\u0301cole") == ["ecole"]  # a decomposed accent does not split the word
    assert fold("Straße") == "strasse"


def test_one_letter_words_and_underscores():
    assert tokenize("a b x2 snake_case I") == ["x2", "snake", "case"]


def test_nfkc_compatibility_forms():
    assert tokenize("ＦＵＬＬ width １２３") == ["full", "width", "123"]


def test_cyrillic_greek_arabic_hebrew_hindi_are_words():
    assert tokenize("Москва — столица России. Ёлка") == ["москва", "столица", "россии", "елка"]
    assert tokenize("Το Ελληνικό αλφάβητο") == ["το", "ελληνικο", "αλφαβητο"]
    assert tokenize("مرحبا بالعالم") == ["مرحبا", "بالعالم"]
    assert tokenize("שָׁלוֹם עולם") == ["שלום", "עולם"]
    assert tokenize("नमस्ते दुनिया") == ["नमस्ते", "दुनिया"]


def test_cjk_runs_become_overlapping_bigrams():
    assert tokenize("我喜欢学习中文") == ["我喜", "喜欢", "欢学", "学习", "习中", "中文"]
    assert tokenize("東京タワー") == ["東京", "京タ", "タワ", "ワー"]
    assert tokenize("한국어 검색") == ["한국", "국어", "검색"]


def test_a_lone_cjk_character_is_a_unigram():
    assert tokenize("字") == ["字"]
    assert tokenize("第1章") == ["第", "章"]


def test_mixed_scripts_in_one_token():
    assert sorted(tokenize("abc東京")) == ["abc", "東京"]


def test_query_and_document_share_the_function():
    doc = Counter(tokenize("Die Straße ist lang; 北京大学は有名です"))
    for q in ("strasse", "北京", "大学"):
        assert all(t in doc for t in tokenize(q))


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aB_ 1.\n-éÉß東京タワー字ёЖ\u0301\u00ad😀the and")), max_size=80))
def test_term_counts_equals_counting_tokens(text):
    assert dict(term_counts(text)) == dict(Counter(tokenize(text)))
    assert all(len(t) > 1 or not t.isascii() for t in tokenize(text))
