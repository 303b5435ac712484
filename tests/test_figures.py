"""The figure normaliser: kinds and keys for hard cases in English, Japanese, Chinese, Russian
and the other demo languages, backing by meaning, and its laws (property-based)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.text.figures import KINDS, ambiguous, find_figures, is_backed, unbacked


def keys(s: str) -> list[tuple[str, str]]:
    return [(f.kind, f.key) for f in find_figures(s)]


def written(figs) -> list[str]:
    return [f.written for f in figs]


CASES = [
    # English: grouping, decimals, scale words, percentages, money, versions, times, ordinals
    ("38,500 riders", [("number", "38500")]),
    ("Dr. Smith arrived at 3.30 p.m. He left.", [("time", "15:30")]),
    ("Python 3.14 ships in October. It adds t-strings.", [("version", "v3.14"), ("date", "--10")]),
    ("Install v2.0.1 or 3.14.1", [("version", "v2.0.1"), ("version", "v3.14.1")]),
    ("See PEP 8 and RFC 9110.", [("version", "PEP 8"), ("version", "RFC 9110")]),
    ("Fares rose 12% (12 percent, 12 per cent).", [("percent", "12%")] * 3),
    ("It cost €1,000, EUR 1000 or 1000 euros.", [("money", "EUR:1000")] * 3),
    ("$5 or 5 dollars or US$5", [("money", "$:5"), ("money", "$:5"), ("money", "USD:5")]),
    ("1.5 million riders, $3m, €2 bn, 5k", [("number", "1500000"), ("money", "$:3000000"),
                                            ("money", "EUR:2000000000"), ("number", "5000")]),
    ("31 thousand", [("number", "31000")]),
    ("the 1st and 21st stop", [("number", "1"), ("number", "21")]),
    ("from 2024–2026", [("date", "2024"), ("date", "2026")]),
    ("10–12% of €10–20", [("percent", "10%"), ("percent", "12%"), ("money", "EUR:10"), ("money", "EUR:20")]),
    ("at 10:30 or 10 a.m.", [("time", "10:30"), ("time", "10:00")]),
    ("it fell −3% to -5", [("percent", "-3%"), ("number", "-5")]),
    # a minus sign after a code mark or an opening quote; a hyphen joins words and ranges
    ("for `INT_MIN` and `-1`, \"-2\" or “-3”", [("number", "-1"), ("number", "-2"), ("number", "-3")]),
    ("pre-1990 cars, pages 10-20", [("date", "1990"), ("number", "10"), ("number", "20")]),
    ("3.4 and 3.40", [("number", "3.4"), ("number", "3.4")]),
    ("1.234.567 and 38.500,5", [("number", "1234567"), ("number", "38500.5")]),
    ("1'000 and 1 000 000", [("number", "1000"), ("number", "1000000")]),
    ("EUR1000 or 1000EUR", [("money", "EUR:1000"), ("money", "EUR:1000")]),
    ("see No.5 on p.12", [("number", "5"), ("number", "12")]),
    # a number with its unit glued is the number: "15ns" as "15 ns" (a name with digits stays a name)
    ("15ns, 15 ns, 2.4GHz, 288MiB, 20µs", [("number", "15"), ("number", "15"), ("number", "2.4"), ("number", "288"),
                                          ("number", "20")]),
    ("ns3 and 3ns", [("ident", "NS3"), ("number", "3")]),
    ("1–3 December 2026", [("date", "2026-12-01"), ("date", "2026-12-03")]),
    # dates in English, French, German, Spanish
    ("On 1 December 2026.", [("date", "2026-12-01")]),
    ("On December 1, 2026 and Dec. 1st", [("date", "2026-12-01"), ("date", "--12-01")]),
    ("the 1st of December 2026", [("date", "2026-12-01")]),
    ("signed in August 2026, due 1 December", [("date", "2026-08"), ("date", "--12-01")]),
    ("in May, but May we?", [("date", "--05")]),
    ("le 1er décembre 2026", [("date", "2026-12-01")]),
    ("am 1. Dezember 2026, im März", [("date", "2026-12-01"), ("date", "--03")]),
    ("el 1 de diciembre de 2026", [("date", "2026-12-01")]),
    ("2026-12-01T10:30Z", [("date", "2026-12-01"), ("time", "10:30")]),
    ("2026-12 and 2026/11/01", [("date", "2026-12"), ("date", "2026-11-01")]),
    # ambiguous numeric dates
    ("01.11.2026", [("ambiguous", "2026-01-11|2026-11-01")]),
    ("01/11/2026", [("ambiguous", "2026-01-11|2026-11-01")]),
    ("11-01-2026", [("ambiguous", "2026-01-11|2026-11-01")]),
    ("01/11/26", [("ambiguous", "2026-01-11|2026-11-01")]),
    ("13/11/2026", [("date", "2026-11-13")]),
    ("05.05.2026", [("date", "2026-05-05")]),
    # not figures
    # identifiers and number words are figures
    ("Route W3, 3D, B2B, COVID-19 and three travellers",
     [("ident", "W3"), ("ident", "3D"), ("ident", "B2B"), ("ident", "COVID19"), ("number", "3")]),
    ("one of the first routes, a second look", []),
    ("forty-eight thousand, half a million, a dozen, two and a half", [("number", "48000"), ("number", "500000"),
                                                                     ("number", "12"), ("number", "2.5")]),
    ("the twentieth of December, 48,5OO, ⁴⁸ and 𝟒𝟖", [("date", "--12-20"), ("number", "48500"), ("number", "48"),
                                                    ("number", "48")]),
    ("mid-2026 and pre-2020 levels", [("date", "2026"), ("date", "2020")]),
    ("next Tuesday, 来週, завтра", [("relative", "next tuesday"), ("relative", "来週"), ("relative", "завтра")]),
    ("三割と3割", [("percent", "30%"), ("percent", "30%")]),
    ("двадцать первого декабря 2026 г., сорок восемь тысяч", [("date", "2026-12-21"), ("number", "48000")]),
    ("src_4b1d0c9e2a77 [@clm_4b1d0c9e2a77] clm_ab12-3456 [1] [2, 3]", []),
    ("see https://example.org/2026/10/report.html or a@b2.org", []),
    # Japanese
    ("「運賃は3.40マークです。」子供は無料です。", [("money", "MARK:3.4")]),
    ("３１，０００人", [("number", "31000")]),
    ("3.1万人", [("number", "31000")]),
    ("1億2000万円と３万１０００人", [("money", "JPY:120000000"), ("number", "31000")]),
    ("2026年12月1日に開始", [("date", "2026-12-01")]),
    ("令和8年4月1日", [("date", "2026-04-01")]),
    ("二〇二六年", [("date", "2026")]),
    ("三千五百万円と1億円", [("money", "JPY:35000000"), ("money", "JPY:100000000")]),
    ("一つ、十分、一緒、万一", []),
    ("一人と三人", [("number", "1"), ("number", "3")]),
    # 千歳 of a name (新千歳空港) is no age of a thousand years; an age and a count of people are figures
    ("新千歳空港と千歳市", []),
    ("約千人、百歳の女性、二十歳", [("number", "1000"), ("number", "100"), ("number", "20")]),
    ("午後3時半と15時30分", [("time", "15:30"), ("time", "15:30")]),
    ("12パーセント", [("percent", "12%")]),
    # Chinese
    ("新的读卡器将于十一月安装。W3航路也一样！", [("date", "--11"), ("ident", "W3")]),
    ("三万一千人", [("number", "31000")]),
    # a last digit after a unit counts the next unit down, as Chinese says it; not after 十 or 零
    ("约三万八千五", [("number", "38500")]),
    ("约三万八", [("number", "38000")]),
    ("一百五", [("number", "150")]),
    ("三万零八人、十五人", [("number", "30008"), ("number", "15")]),
    # Japanese reads it as written
    ("平均三万八千五人でした", [("number", "38005")]),
    ("十二月一日", [("date", "--12-01")]),
    ("百分之十二", [("percent", "12%")]),
    ("一个 统一 第一", []),
    ("票价100元，或¥100", [("money", "CNY:100"), ("money", "¥:100")]),
    ("2026年12月1号", [("date", "2026-12-01")]),
    # Russian
    ("Новые считыватели установят в ноябре 2026 г. Это решено.", [("date", "2026-11")]),
    ("38 500 пассажиров", [("number", "38500")]),
    ("1 декабря 2026 г.", [("date", "2026-12-01")]),
    ("3,40 руб. и 3,400", [("money", "RUB:3.4"), ("number", "3400")]),
    ("5 млн рублей, 38,5 тыс.", [("money", "RUB:5000000"), ("number", "38500")]),
    ("1-й вагон, 12 процентов", [("number", "1"), ("percent", "12%")]),
    ("самолёт Ту-154", [("ident", "ТУ154")]),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_hard_cases(text, expected):
    assert keys(text) == expected


def test_written_and_offsets():
    text = "Ridership: ３８，５００ on 1 December 2026 (𝔘 12%)."
    figs = find_figures(text)
    assert written(figs) == ["３８，５００", "1 December 2026", "12%"]
    for f in figs:
        assert text[f.start : f.end] == f.written


BACKED = [
    ("31,000 31 000 31000 三万一千 3.1万 31 thousand ３１，０００", "31000"),
    ("38,500 riders", "38 500 пассажиров"),
    ("3.40 marks", "3,40 марки"),
    ("3.4 marks", "3.40 marks"),
    ("12%", "12 per cent"),
    ("€1,000", "1000"),
    ("1000", "EUR 1000"),
    ("$1,000", "USD 1000"),
    ("300元", "¥300"),
    ("in 2026", "on 1 December 2026"),
    ("on 1 December", "2026-12-01"),
    ("1 December 2026", "2026年12月1日"),
    ("1 December 2026", "on 1 December, and later in 2026"),
    ("signed in August 2026", "signed in August and that installation is scheduled for November 2026"),
    ("in December", "1 декабря 2026 г."),
    ("At 3.30 p.m.", "15:30"),
    ("Python 3.14", "version 3.14"),
    ("on 1 November 2026", "am 01.11.2026"),  # the claim commits to one reading of its source
    ("38.500", "38.500"),  # a lone dot group is backed when the backing reads both ways too
    ("3.400 marks", "costs 3.400 marks"),
    ("38,500", "38.500"),  # the backing's dot group offers both readings
    ("takes around 15 ns", "takes around 15ns on average"),  # a unit apart or glued: one figure
    ("about 45ns", "about 45 ns"),
]


@pytest.mark.parametrize("text,backing", BACKED)
def test_backed_by_meaning(text, backing):
    assert unbacked(text, [backing]) == []


UNBACKED = [
    ("48,500", "38,500", "48,500"),
    ("2.40 marks", "3.40 marks", "2.40 marks"),
    ("12%", "12 riders", "12%"),
    ("12 riders", "12%", "12"),
    ("€1,000", "$1000", "€1,000"),
    ("signed in August 2026", "signed in August 2025", "August 2026"),
    ("1 December 2026", "in December 2026", "1 December 2026"),
    ("Python 3.14", "Python 3.14.0", "3.14"),
    ("Python 3.1", "Python 3.10", "3.1"),
    ("the 2027 target", "1 December 2026", "2027"),
    ("01.11.2026", "01.11.2026", "01.11.2026"),  # ambiguous figures are never backed
    ("Python 3.15 in October 2026", "Python 3.14 in October 2026", "3.15"),
    # a lone dot group reads as 38.5 and as 38500 (de, fr, ru): both readings need backing
    ("38.500", "38,500", "38.500"),
    ("3.400 marks", "3.40 marks", "3.400 marks"),
    ("about 16ns", "about 15ns", "16"),
]


@pytest.mark.parametrize("text,backing,missing", UNBACKED)
def test_unbacked(text, backing, missing):
    assert written(unbacked(text, [backing])) == [missing]


def test_year_elsewhere_must_be_in_the_same_backing():
    text = "signed in August 2026"
    assert written(unbacked(text, ["signed in August", "installed in November 2026"])) == ["August 2026"]
    assert is_backed(find_figures(text)[0], ["x", "signed in August; done by November 2026"])


def test_ambiguous_lists_the_ambiguous_dates():
    assert written(ambiguous("On 01.11.2026 or 13.11.2026 or 01/11/2026.")) == ["01.11.2026", "01/11/2026"]
    assert ambiguous("On 2026-11-01.") == []


def test_no_backing_and_no_figures():
    assert written(unbacked("38,500 riders", [])) == ["38,500"]
    assert written(unbacked("three travellers", [])) == ["three"]
    assert unbacked("one of the travellers", []) == []


# --- laws -----------------------------------------------------------------------------------

PIECES = [
    "38,500", "38 500", "3.40", "3,40", "12%", "€1,000", "$5", "1.5 million", "三万一千", "3.1万", "２０２６年",
    "1 December 2026", "December 1, 2026", "August", "in August", "2026-12-01", "01.11.2026", "13/11/2026",
    "v2.0.1", "Python 3.14", "10:30", "3.30 p.m.", "十二月一日", "百分之十二", "1-й", "21st", "W3", "B2B",
    "src_4b1d0c9e2a77", "ноябре 2026 г.", "3,40 руб.", "2024–2026", "10–12%", "riders", "the", "一つ", "运费",
    "1", "7", "2026", "-", "–", ".", ",", " ", "(", ")", "[1]", "年", "月", "日", "万",
]
pieces_text = st.lists(st.sampled_from(PIECES), max_size=12).map(" ".join)
glued_text = st.lists(st.sampled_from(PIECES), max_size=8).map("".join)
any_text = st.one_of(pieces_text, glued_text, st.text(alphabet="0123456789.,:/- 年月日万十一二三%€$abW", max_size=30))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(any_text)
def test_figures_are_written_spans_in_order(text):
    pos = 0
    for f in find_figures(text):
        assert f.kind in KINDS
        assert pos <= f.start < f.end and text[f.start : f.end] == f.written
        pos = f.end


@settings(max_examples=100, deadline=None, derandomize=True)
@given(any_text)
def test_a_text_backs_its_own_figures(text):
    assert [f for f in unbacked(text, [text]) if f.kind != "ambiguous"] == []


_CJK = "〇一二三四五六七八九"


def _cjk(n: int) -> str:
    """n < 10**8 in CJK numerals (三万一千)."""
    def small(k: int) -> str:
        out = ""
        for value, unit in ((1000, "千"), (100, "百"), (10, "十")):
            if k >= value:
                out += ("" if (k // value == 1 and unit == "十" and not out) else _CJK[k // value]) + unit
                k %= value
        return out + (_CJK[k] if k else "")

    if n == 0:
        return "〇"
    hi, lo = divmod(n, 10000)
    return (small(hi) + "万" if hi else "") + small(lo)


def _styles(n: int) -> list[str]:
    comma = f"{n:,}"
    out = [str(n), comma, comma.replace(",", " "), comma.replace(",", "\u00a0"), comma.replace(",", "\u202f"),
           comma.replace(",", "'"), comma.translate({ord(c): 0xFF10 + int(c) for c in "0123456789"} | {ord(","): "，"})]
    if n >= 1_000_000:
        out.append(comma.replace(",", "."))  # German grouping, unambiguous with two groups
    if n < 10**8:
        # a lone CJK numeral needs its counter; in Japanese (kana near it) 三百一 is read as written,
        # 301, while Chinese says 三百零一: its 三百一 is 310, as 三万八 is 38,000
        out.append(_cjk(n) + "人です")
        out.append(re.sub(r"([百千万])([一二三四五六七八九])$", r"\1零\2", _cjk(n)) + "人")
    if 10_000 <= n < 10**8:
        out.append(f"{n // 10000}万{n % 10000 or ''}人")  # 3万1000人
    if n % 1000 == 0 and n:
        out.append(f"{n // 1000} thousand")
    return out


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10**9))
def test_every_grouping_style_gives_the_same_key(n):
    styles = _styles(n)
    for s in styles:
        figs = find_figures(f"Ridership: {s} riders.")
        assert [f.key for f in figs] == [str(n)], s
    for s in styles:
        assert unbacked(f"Ridership: {s} riders.", [f"about {styles[0]} riders"]) == []


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    st.integers(min_value=1, max_value=10**8),
    st.integers(min_value=0, max_value=99),
    st.sampled_from(["{} riders", "{}%", "€{}", "{} руб.", "{}万人", "at {} per cent"]),
    st.data(),
)
def test_changing_a_digit_unbacks_the_figure(n, cents, template, data):
    original = template.format(f"{n:,}.{cents:02d}" if cents else f"{n:,}")
    positions = [i for i, c in enumerate(original) if c.isdigit()]
    i = data.draw(st.sampled_from(positions))
    new = data.draw(st.sampled_from([d for d in "0123456789" if d != original[i]]))
    changed = original[:i] + new + original[i + 1 :]
    assert unbacked(original, [original]) == []
    assert unbacked(changed, [original]) != [], (original, changed)


MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(),
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split(),
}


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.integers(1990, 2100), st.integers(1, 12), st.integers(1, 28))
def test_written_dates_agree_in_every_language(y, m, d):
    forms = [
        f"{y}-{m:02d}-{d:02d}", f"{d} {MONTHS['en'][m - 1]} {y}", f"{MONTHS['en'][m - 1]} {d}, {y}",
        f"{d} {MONTHS['fr'][m - 1]} {y}", f"{d}. {MONTHS['de'][m - 1]} {y}", f"{d} de {MONTHS['es'][m - 1]} de {y}",
        f"{d} {MONTHS['ru'][m - 1]} {y} г.", f"{y}年{m}月{d}日", f"{y}/{m:02d}/{d:02d}",
    ]
    for form in forms:
        assert keys(f"On {form} it opens.") == [("date", f"{y:04d}-{m:02d}-{d:02d}")], form
    for a in forms:
        assert unbacked(f"On {a} it opens.", [forms[0]]) == []
        assert unbacked(f"In {MONTHS['en'][m - 1]} {y}.", [a]) == []
