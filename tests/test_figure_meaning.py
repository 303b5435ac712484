"""Figures with meaning, through the real gates on the demo: every way of writing a figure the
claims do not state (number words, look-alike digits, ordinals and relative dates, 三割, a rate
per another period, a count as money, a year as a count, figures swapped between citations, an
identifier, invented quoted words, a figure only an unrelated quote states, an as_of date out of
as-of wording) is refused with its code, in English, Japanese, Chinese and Russian, beside an
honest rewording that passes. The honest writing a careful author does (digits where the claim
has words, label cells of a cited table row) passes. The normaliser's laws are property-based.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from demo_kit import EPOCH, built_demo
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.text.figures import find_figures, normalize_figures, unbacked


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "meaning", full=True)


# the demo's claims by a word of their text
KEYS = {"summer": "38,500 passengers over the summer", "audited": "31,000 passengers per weekday",
        "routes": "routes W1 and W2", "w3": "Route W3 is due", "fare": "3.40 marks", "children": "Children under twelve",
        "contract": "contract for route W3", "off": "switched off in late September"}


@pytest.fixture(scope="module")
def ids(demo) -> dict[str, str]:
    with open(os.path.join(demo, "ledger", "claims.json"), encoding="utf-8") as fh:
        claims = [c for c in json.load(fh)["claims"] if c.get("status") == "active"]
    return {k: next(c["id"] for c in claims if words in c["text"]) for k, words in KEYS.items()}


@pytest.fixture(scope="module")
def page(demo) -> str:
    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


def para(ids: dict[str, str], text: str) -> str:
    """A paragraph citing the claims named in braces where they stand: "3.40 marks{fare}."."""
    cited = list(dict.fromkeys(ids[k] for k in re.findall(r"\{(\w+)\}", text)))
    html = re.sub(r"\{(\w+)\}", lambda m: f'<sup class="ref"><a href="#c-{ids[m.group(1)]}">1</a></sup>', text)
    return f'<p data-claim="{" ".join(cited)}">{html}</p>'


def prose_lines(demo: str, html: str, tmp_path) -> list[str]:
    """The prose gate's findings on ``html`` as the answer page, in-process, judged alone and held
    in memory (the demo's other pages pass; judging them again would only add time)."""
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.gate.gates import gates
    from sourcebook.domain.workspace.layout import Workspace

    path = tmp_path / "answer.html"
    path.write_text(html, encoding="utf-8")
    ctx = GateContext(Workspace(demo), VerifyOptions(html=str(path), cache=False, page_text=html))
    res = next(g for g in gates() if g.name == "prose").fn(ctx)
    return [f.line() for f in res.findings]


def on_page(demo, page, tmp_path, ids, text: str) -> list[str]:
    html = page.replace("<!-- /SB:BODY -->", para(ids, text) + "\n<!-- /SB:BODY -->", 1)
    assert html != page
    return prose_lines(demo, html, tmp_path)


def report_lines(demo: str, text: str) -> list[str]:
    """The report gate's findings with ``text`` added to the demo's report (restored after)."""
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.gate.gates import gates
    from sourcebook.domain.workspace.layout import Workspace

    path = os.path.join(demo, "build", "report.md")
    with open(path, encoding="utf-8") as fh:
        original = fh.read()
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(original.replace("## Sources", text + "\n\n## Sources", 1))
        ctx = GateContext(Workspace(demo), VerifyOptions(cache=False))
        res = next(g for g in gates() if g.name == "report").fn(ctx)
        return [f.line() for f in res.findings] if res else []
    finally:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(original)


def codes(lines: list[str]) -> list[str]:
    return sorted({ln.split()[0] for ln in lines})


# --------------------------------------------------------------------------- the demo is clean


def test_the_demo_pages_and_report_pass(demo, page, tmp_path):
    assert prose_lines(demo, page, tmp_path) == []
    assert report_lines(demo, "") == []


# --------------------------------------------------------------------------- attacks and rewordings

# (attack, what the finding names, honest rewording); every attack cites what the honest one cites
PAGE_CASES = [
    # number words, look-alike and compatibility digits
    ("The water bus carried forty-eight thousand passengers per weekday{audited}.", "forty-eight thousand",
     "The water bus carried thirty-one thousand passengers per weekday{audited}."),
    ("Its dozen boats carried 38,500 passengers a weekday over the summer{summer}.", "dozen",
     "Its boats carried 38,500 passengers a weekday over the summer{summer}."),
    ("The press counted 48,5OO passengers a weekday over the summer{summer}.", "48,5OO",
     "The press counted 38,5OO passengers a weekday over the summer{summer}."),
    ("The press counted ⁴⁸,⁵⁰⁰ passengers over the summer{summer}.", "⁴⁸,⁵⁰⁰",
     "The press counted 𝟑𝟖,𝟓𝟎𝟎 passengers over the summer{summer}."),
    # ordinals and relative dates
    ("Route W3 takes the pass from the twentieth of December 2026, once its readers are fitted{w3}.",
     "twentieth of December",
     "Route W3 takes the pass from the first of December 2026, once its readers are fitted{w3}."),
    ("Route W3 takes the pass from next Tuesday{w3}.", "next Tuesday",
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted{w3}."),
    # units: a rate per another period, a count as money, a year as a count
    ("The water bus carries 31,000 passengers per hour{audited}.", "31,000",
     "The water bus carries 31,000 passengers per weekday{audited}."),
    ("Takings reached 31,000 marks a weekday{audited}.", "31,000 marks",
     "The water bus carried 31,000 passengers a weekday{audited}."),
    ("Summer ridership averaged 38,500{summer}, up from 2026 a weekday{audited}.", "2026",
     "Summer ridership averaged 38,500{summer}, up from 31,000 a weekday{audited}."),
    # two figures swapped between their citations
    ("The operator counts 38,500 passengers a weekday{audited}, the press 31,000{summer}.", "38,500",
     "The operator counts 31,000 passengers a weekday{audited}, the press 38,500{summer}."),
    ("Route W3 takes the pass within a fortnight{w3}.", "within a fortnight",
     "Route W3 takes the pass from December the 1st, 2026, once its readers are fitted{w3}."),
    ("Route W3 takes the pass from 1 December 2026, once its readers are fitted, six weeks after the status "
     "update{w3}.", "six",
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted, after the status update{w3}."),
    ("Its XLVIII boats carried 38,500 passengers over the summer{summer}.", "XLVIII",
     "Its boats carried 38,500 passengers over the summer{summer}."),
    # a Roman numeral after a bound, digits grouped by underscores, a half-dozen
    # a group of people added to the figure's ("and teenagers", ", teenagers too")
    ("Children under twelve and teenagers ride free with a paying adult{children}.", "teenagers",
     "Children under twelve ride free with a paying adult{children}."),
    ("Children under twelve ride free with a paying adult, teenagers too{children}.", "teenagers",
     "Children under twelve ride free, with a paying adult{children}."),
    ("Children under XIV ride free with a paying adult{children}.", "XIV",
     "Children under XII ride free with a paying adult{children}."),
    ("The water bus carried an audited 41_000 passengers per weekday{audited}.", "41_000",
     "The water bus carried an audited 31_000 passengers per weekday{audited}."),
    ("Route W3 takes the pass from 1 December 2026, once readers are fitted to its half-dozen boats{w3}.",
     "half-dozen", "Route W3 takes the pass from 1 December 2026, once readers are fitted to its boats{w3}."),
    # identifiers
    ("The Tidewater Pass is accepted on routes W1, W2 and W3{routes}.", "W3",
     "The Tidewater Pass is accepted on routes W1 and W2{routes}."),
    ("The Tidewater Pass is accepted on routes W1, W2 and WⅢ{routes}.", "WⅢ",
     "The Tidewater Pass is accepted on routes WⅠ and WⅡ{routes}."),
    # a Cyrillic Ze drawn like a 3 beside a Latin letter: the reader sees W3
    ("The Tidewater Pass is accepted on routes W1, W2 and W\u0417{routes}.", "W\u0417",
     "The Tidewater Pass is accepted on routes W1 and W2{routes}."),
    ("The Tidewater Pass is accepted on routes W1 and A-12{routes}.", "A-12",
     "The Tidewater Pass is accepted on W1 and on W2{routes}."),
    # a figure only an unrelated second quote states; an as_of date out of as-of wording
    ("A single adult fare has cost 3.40 marks since 2024{fare}.", "2024",
     "A single adult fare costs 3.40 marks{fare}."),
    ("Routes W1 and W2 began taking the pass on 14 October 2026{routes}.", "14 October 2026",
     "Routes W1 and W2 take the pass, as of 14 October 2026{routes}."),
    # Japanese
    ("水上バスの平日の利用者は平均四万八千人{audited}。", "四万八千",
     "水上バスの平日の利用者は平均三万一千人{audited}。"),
    ("W3航路は来週からパスが使えます{w3}。", "来週", "W3航路は2026年12月1日からパスが使えます{w3}。"),
    ("利用者の三割が夏に乗りました{summer}。", "三割", "夏の平日の利用者は平均3万8500人でした{summer}。"),
    ("W4航路でもパスが使えます{w3}。", "W4", "W3航路でもパスが使えるようになります{w3}。"),
    ("運営者は平日3万8500人{audited}、業界紙は3万1000人{summer}と報告しています。", "3万8500",
     "運営者は平日3万1000人{audited}、業界紙は3万8500人{summer}と報告しています。"),
    # Chinese
    ("W3航线下周开始接受通行证{w3}。", "下周", "W3航线将于2026年12月1日开始接受通行证{w3}。"),
    ("单程成人票价为4.30马克{fare}。", "4.30马克", "单程成人票价为3.40马克{fare}。"),
    ("工作日平均乘客为百分之三十{audited}。", "百分之三十", "工作日平均乘客为三万一千人{audited}。"),
    # a period written before the figure: 每天 (every day) is not per weekday
    ("平均每天31,000名乘客{audited}。", "31,000", "工作日平均31,000名乘客{audited}。"),
    # Russian
    ("Водный автобус перевозил сорок восемь тысяч пассажиров в будний день{audited}.", "сорок восемь тысяч",
     "Водный автобус перевозил тридцать одну тысячу пассажиров в будний день{audited}."),
    ("Водный автобус перевозит 31 000 пассажиров в час{audited}.", "31 000",
     "Водный автобус перевозит 31 000 пассажиров в будний день{audited}."),
    ("Маршрут W3 примет проездной завтра{w3}.", "завтра", "Маршрут W3 примет проездной с 1 декабря 2026 г.{w3}"),
    ("Маршрут W3 примет проездной двадцатого декабря 2026 г.{w3}", "двадцатого декабря",
     "Маршрут W3 примет проездной первого декабря 2026 г.{w3}"),
    ("Летом пассажиров было в три раза больше{summer}.", "три", "Летом в будни ездили 38 500 пассажиров{summer}."),
]


@pytest.mark.parametrize("attack, named, honest", PAGE_CASES, ids=[c[1] for c in PAGE_CASES])
def test_a_figure_the_claims_do_not_state_is_refused_and_the_honest_wording_passes(demo, page, tmp_path, ids,
                                                                                   attack, named, honest):
    lines = on_page(demo, page, tmp_path, ids, attack)
    assert codes(lines) == ["E-PAGE-FIGURE-UNBACKED"], lines
    assert repr(named) in lines[0] or named in lines[0], lines
    assert on_page(demo, page, tmp_path, ids, honest) == []


QUOTE_CASES = [
    ("Riders called W3 “a lost cause”{off}.", "“a lost cause”",
     "Riders said the card readers were “still switched off in late September”{off}."),
    ("Riders called W3 'a lost cause'{off}.", "'a lost cause'",
     "Riders said the readers were 'still switched off in late September'{off}."),
    # marks drawn like a double quote (modifier letters, primes, the reversed mark) are quotation marks
    ("The operator lists both as taking the pass, ˮpending reviewˮ{routes}.", "ˮpending reviewˮ",
     "Riders said the card readers were ˮstill switched off in late Septemberˮ{off}."),
    ("Riders called W3 ʺa lost causeʺ{off}.", "ʺa lost causeʺ",
     "Riders said the card readers were ‟still switched off in late September”{off}."),
    ("乗客はW3を「もう駄目だ」と言いました{off}。", "「もう駄目だ」", "乗客によると、W3のカード読み取り機は9月下旬も停止していました{off}。"),
    ("Пассажиры назвали W3 «безнадёжным делом»{off}.", "«безнадёжным делом»",
     "Пассажиры сказали, что считыватели на W3 в конце сентября не работали{off}."),
]


@pytest.mark.parametrize("attack, named, honest", QUOTE_CASES, ids=[c[1] for c in QUOTE_CASES])
def test_invented_words_in_quotation_marks_are_refused(demo, page, tmp_path, ids, attack, named, honest):
    lines = on_page(demo, page, tmp_path, ids, attack)
    assert codes(lines) == ["E-PAGE-QUOTE-UNBACKED"], lines
    assert named in lines[0]
    assert on_page(demo, page, tmp_path, ids, honest) == []


def test_quotation_marks_in_framing_are_refused_in_any_style(demo, page, tmp_path):
    for framing in ("Critics call it 'a lost cause'.", "Critics call it “a lost cause”.", "批評家は「失敗」と呼ぶ。"):
        html = page.replace("<!-- /SB:BODY -->", f'<p class="framing">{framing}</p>\n<!-- /SB:BODY -->', 1)
        lines = prose_lines(demo, html, tmp_path)
        assert codes(lines) == ["E-PAGE-FRAMING-FACT"], lines
    html = page.replace("<!-- /SB:BODY -->", '<p class="framing">The riders\' view and the drivers\' view differ.</p>'
                        "\n<!-- /SB:BODY -->", 1)
    assert prose_lines(demo, html, tmp_path) == []  # apostrophes are no quotation


# --------------------------------------------------------------------------- honest writing passes

HONEST = [
    "Children under 12 ride free with a paying adult{children}.",  # the claim says "twelve"
    "十二歳未満の子供は、有料の大人と一緒なら無料です{children}。",
    "十二岁以下的儿童随付费成人免费乘坐{children}。",
    "Дети до 12 лет ездят бесплатно с платящим взрослым{children}.",
    "Дети до двенадцати лет ездят бесплатно с платящим взрослым{children}.",
    "The two ridership figures differ: 31,000 a weekday{audited} against 38,500 over the summer{summer}.",
    "Route W3 signed its reader contract in August 2026{contract}.",
    "Route W3 takes the pass from 1 December 2026 once its readers are fitted{w3}, one of two routes still waiting.",
]


@pytest.mark.parametrize("text", HONEST)
def test_honest_wording_passes(demo, page, tmp_path, ids, text):
    lines = on_page(demo, page, tmp_path, ids, text)
    assert [ln for ln in lines if "E-PAGE-CLAUSE-UNCITED" not in ln] == []


def _row(ids, label: str, value: str, key: str) -> str:
    return (f'<tr><td>{label}</td><td data-claim="{ids[key]}">{value}'
            f'<sup class="ref"><a href="#c-{ids[key]}">1</a></sup></td></tr>')


def test_a_table_row_is_judged_by_what_the_row_cites(demo, page, tmp_path, ids):
    table = ("<table><tr><th>Measure</th><th>Value</th></tr>"
             + _row(ids, "Average weekday passengers, year to September 2026", "31,000", "audited")
             + _row(ids, "Average weekday passengers over the summer", "38,500", "summer")
             + _row(ids, "Single adult fare bought on board", "3.40 marks", "fare") + "</table>")
    html = page.replace("<!-- /SB:BODY -->", table + "\n<!-- /SB:BODY -->", 1)
    assert prose_lines(demo, html, tmp_path) == []  # four-word labels of cited rows are no uncited prose
    bad = table.replace("year to September 2026", "year to September 2027")
    lines = prose_lines(demo, page.replace("<!-- /SB:BODY -->", bad + "\n<!-- /SB:BODY -->", 1), tmp_path)
    assert codes(lines) == ["E-PAGE-STRUCTURE-FIGURE"] and "2027" in lines[0] and "in its row" in lines[0], lines
    # the row's own claim backs its label: 38,500's claim does not back the audited year
    swapped = table.replace("Average weekday passengers over the summer", "Summer weekday passengers, 2026")
    lines = prose_lines(demo, page.replace("<!-- /SB:BODY -->", swapped + "\n<!-- /SB:BODY -->", 1), tmp_path)
    assert codes(lines) == ["E-PAGE-STRUCTURE-FIGURE"], lines


# --------------------------------------------------------------------------- the report

REPORT_CASES = [
    ("Children under twelve ride free[@{children}].", "E-PAGE-HEDGE-DROPPED",
     "Children under twelve ride free with a paying adult[@{children}]."),
    ("The operator counts 38,500 passengers a weekday[1], the trade press 31,000[7].", "E-DRAFT-FIGURE",
     "The operator counts 31,000 passengers a weekday[1], the trade press 38,500[7]."),
    ("The water bus carried forty-eight thousand passengers per weekday[1].", "E-DRAFT-FIGURE",
     "The water bus carried thirty-one thousand passengers per weekday[1]."),
    ("Takings reached 31,000 marks a weekday[1].", "E-DRAFT-FIGURE",
     "The water bus carried 31,000 passengers per weekday[1]."),
    ("Route W3 takes the pass from next Tuesday[@{w3}].", "E-DRAFT-FIGURE",
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted[@{w3}]."),
    ("Route W3 takes the pass from 1 December 2026, its readers already fitted[@{w3}].", "E-PAGE-WORD-UNBACKED",
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted[@{w3}]."),
    ("The trade press reports a record 38,500 passengers over the summer[7].", "E-PAGE-WORD-UNBACKED",
     "The trade press reports 38,500 passengers over the summer[7]."),
    ("A single adult fare has cost 3.40 marks since 2024[@{fare}].", "E-DRAFT-FIGURE",
     "A single adult fare costs 3.40 marks[@{fare}]."),
    ("Riders called W3 “a lost cause”[@{off}].", "E-DRAFT-QUOTE",
     "Riders said the readers were “still switched off in late September”[@{off}]."),
    ("The operator reports 38,500 passengers over the summer[@{summer}].", "E-PAGE-WORD-UNBACKED",
     "The trade press reports 38,500 passengers over the summer[@{summer}]."),
    # "now" in the part of a sentence citing a fact passes beside a plan's part, not in the plan's
    ("Routes W1 and W2 take the pass[@{routes}], and route W3 is now due to follow on 1 December 2026, once "
     "new readers are fitted[@{w3}].", "E-PAGE-WORD-UNBACKED",
     "Routes W1 and W2 take the pass now[@{routes}], and route W3 is due to follow on 1 December 2026, once "
     "new readers are fitted[@{w3}]."),
    # a range joining the two sides of the disagreement, and a group another claim speaks of
    ("Between 31,000 and 38,500 passengers ride each weekday[@{audited}; @{summer}].", "E-PAGE-FIGURE-RANGE",
     "The audited average is 31,000 passengers per weekday[@{audited}]; the trade press reports 38,500 over the "
     "summer[@{summer}]."),
    ("Routes W1 and W2 take the pass, for adults and children alike[@{routes}].", "E-PAGE-WORD-UNBACKED",
     "Routes W1 and W2 take the pass[@{routes}]."),
    ("> the ticket reader contract for route W3 was signed in August[@{contract}]\n"
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted[@{w3}].", "E-DRAFT-QUOTE-LAZY",
     "> the ticket reader contract for route W3 was signed in August[@{contract}]\n\n"
     "Route W3 takes the pass from 1 December 2026, once its readers are fitted[@{w3}]."),
    ("W3航路は来週からパスが使えます[@{w3}]。", "E-DRAFT-FIGURE", "W3航路は2026年12月1日からパスが使えます[@{w3}]。"),
    ("W3航线下周开始接受通行证[@{w3}]。", "E-DRAFT-FIGURE", "W3航线将于2026年12月1日开始接受通行证[@{w3}]。"),
    ("Водный автобус перевозил сорок восемь тысяч пассажиров в будний день[1].", "E-DRAFT-FIGURE",
     "Водный автобус перевозил тридцать одну тысячу пассажиров в будний день[1]."),
]


@pytest.mark.parametrize("attack, code, honest", REPORT_CASES, ids=[c[0][:30] for c in REPORT_CASES])
def test_the_report_refuses_the_same_attacks(demo, ids, attack, code, honest):
    lines = report_lines(demo, attack.format(**ids))
    assert codes(lines) == [code], lines
    assert report_lines(demo, honest.format(**ids)) == []


def test_a_link_in_the_report_leads_to_a_source(demo, ids):
    """As on a page: a reader takes a link in the report for the source."""
    lines = report_lines(demo, "The [audit](https://ferry-ledger-audit.example.net/w3) counts 31,000 passengers "
                               "per weekday[1].")
    assert codes(lines) == ["E-PAGE-LINK-HOST"] and "ferry-ledger-audit.example.net" in lines[0], lines
    assert report_lines(demo, "The water bus carried 31,000 passengers per weekday[1].") == []


def test_a_link_in_the_report_that_is_no_web_address_is_refused(demo, ids):
    """sb render writes only http(s) links: a relative one leads to a file, not to a source."""
    lines = report_lines(demo, "The [operator](../clippings/forum-thread.md) counts 31,000 passengers per weekday[1].")
    assert codes(lines) == ["E-PAGE-LINK-HOST"] and "no web address" in lines[0], lines
    # an image from the workspace's assets is no link
    assert not [ln for ln in report_lines(demo, "![A water bus](assets/boat.png)") if "E-PAGE-LINK-HOST" in ln]


def test_children_under_12_in_the_report(demo, ids):
    assert report_lines(demo, "Children under 12 ride free with a paying adult[1].") == []
    assert report_lines(demo, "十二歳未満の子供は無料です[@{children}]。".format(**ids)) == []


# --------------------------------------------------------------------------- the normaliser's laws

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
       "seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def spell(n: int) -> str:
    """English words for 0 <= n <= 10**6, written independently of the reader."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("-" + ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return ONES[n // 100] + " hundred" + (" and " + spell(n % 100) if n % 100 else "")
    if n < 10**6:
        return spell(n // 1000) + " thousand" + ((" and " if n % 1000 < 100 else " ") + spell(n % 1000)
                                                  if n % 1000 else "")
    return "one million"


RU_ONES = "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать " \
          "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать".split()
RU_TENS = "_ _ двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто".split()
RU_HUNDREDS = "_ сто двести триста четыреста пятьсот шестьсот семьсот восемьсот девятьсот".split()


def spell_ru(n: int, feminine: bool = False) -> str:
    words = []
    if n >= 1000:
        k = n // 1000
        words.append(spell_ru(k, feminine=True))
        last = k % 10 if k % 100 not in range(11, 20) else 0
        words.append("тысяча" if last == 1 else "тысячи" if last in (2, 3, 4) else "тысяч")
        n %= 1000
        if not n:
            return " ".join(words)
    if n >= 100:
        words.append(RU_HUNDREDS[n // 100])
        n %= 100
    if n >= 20:
        words.append(RU_TENS[n // 10])
        n %= 10
    if n or not words:
        w = RU_ONES[n]
        if feminine and n in (1, 2):
            w = "одна" if n == 1 else "две"
        words.append(w)
    return " ".join(words)


def kanji(n: int) -> str:
    digits = "〇一二三四五六七八九"

    def small(k: int) -> str:
        out = ""
        for value, unit in ((1000, "千"), (100, "百"), (10, "十")):
            d, k = divmod(k, value)
            if d:
                out += ("" if d == 1 else digits[d]) + unit
        return out + (digits[k] if k else "")

    if n == 0:
        return "〇"
    man, rest = divmod(n, 10000)
    return (small(man) + "万" if man else "") + small(rest)


def keyed(text: str) -> list[tuple[str, str]]:
    return [(f.kind, f.key) for f in find_figures(text)]


# numbers below a million, new ones each run: every word of the spelling (units, teens, tens,
# hundred, thousand) is met many times in 150; the hand-picked numbers are tests of their own
@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**6).filter(lambda n: n != 1))
def test_digits_and_words_are_one_figure(n):
    # "one" alone is a pronoun, not a figure; inside a number it is read ("twenty-one")
    assert keyed(f"riders: {n}") == keyed(f"riders: {spell(n)}"), spell(n)
    assert unbacked(f"Riders: {spell(n)}.", [f"riders: {n}"]) == []
    assert unbacked(f"Riders: {n}.", [f"riders: {spell(n)}"]) == []


@settings(max_examples=100, deadline=None)  # as above
@given(st.integers(min_value=2, max_value=10**6 - 1))
def test_russian_and_japanese_numerals_are_the_same_figure(n):
    assert unbacked(f"{n} пассажиров", [f"{spell_ru(n)} пассажиров"]) == [], spell_ru(n)
    assert unbacked(f"{kanji(n)}人です", [f"{n} riders"]) == [], kanji(n)  # Japanese: read as written (三百一 is 301)


PARTS = ["forty-eight thousand", "48,5OO", "⁴⁸", "𝟒𝟖", "３８，５００", "twelve", "the twentieth of December", "a dozen",
         "сорок восемь тысяч", "三万一千人", "三割", "W3", "next Tuesday", " ", ", ", "riders", "and", "one", "½"]


@settings(max_examples=150, deadline=None)  # new texts each run, made of the parts above
@given(st.lists(st.sampled_from(PARTS), max_size=8).map(" ".join) | st.text(max_size=40))
def test_the_normaliser_is_idempotent_and_keeps_offsets(text):
    once = normalize_figures(text)
    assert normalize_figures(once) == once
    for f in find_figures(text):
        assert text[f.start:f.end] == f.written


# --------------------------------------------------------------------------- honest writing, read as an editor would

def test_a_document_names_itself_by_its_pull_request():
    """RFC 507's text never writes "RFC 507"; its header links "rust-lang/rfcs#507". A claim
    that names the RFC it quotes is attribution, not an unbacked figure; another number is."""
    from sourcebook.engines.ledger.source_names import names_itself as _names_itself

    head = "- Start Date: 2014-10-27\n- RFC PR: [rust-lang/rfcs#507](https://github.com/rust-lang/rfcs/pull/507)\n"
    ev = [{"source_id": "src_000000000001"}]
    assert _names_itself("RFC 507", ev, lambda sid: head)
    assert not _names_itself("RFC 508", ev, lambda sid: head)
    assert _names_itself("RFC 507", ev, lambda sid: "# rfc-0507 release channels\n")


def test_a_relative_date_placed_by_the_claim_is_backed():
    from sourcebook.engines.text.figures import unbacked

    claim = "Six weeks after 1.0.0 is released, 1.1.0 follows."
    assert unbacked("Six weeks later, 1.1.0 follows.", [claim]) == []
    assert [f.written for f in unbacked("Two weeks later, 1.1.0 follows.", [claim])] == ["Two weeks later"]


def test_a_count_of_time_said_before_the_number_counts_it():
    """"reduced to six weeks from the current twelve": twelve counts weeks."""
    from sourcebook.engines.text.figure_units import duration_near

    text = "The cycle is reduced to six weeks from the current twelve."
    at = text.index("twelve")
    assert duration_near(text, at, at + len("twelve")) == "week"
    other = "Children under twelve ride free, for six weeks."
    at = other.index("twelve")
    assert duration_near(other, at, at + len("twelve")) == ""


def test_a_version_written_with_a_trailing_zero_is_that_version():
    """"3.10" reads as the number 3.1, but beside "Python 3.10" it is the version: backed; 3.1
    and 3.11 are not."""
    from sourcebook.engines.text.figures import unbacked

    claim = "PEP 634, whose status is Final, gives Python 3.10 as its Python version."
    assert unbacked("The match statement arrived with 3.10", [claim]) == []
    assert unbacked("It arrived with 3.1", [claim]) and unbacked("It arrived with 3.11", [claim])


def test_a_document_s_number_is_no_amount_in_a_contradiction():
    """"PEP 8 limits lines to 72 characters" states 72, not 8: the 79 claim on the same topic
    disagrees with it."""
    from sourcebook.domain.ledger.contradictions import first_number

    assert first_number("PEP 8 limits all lines to a maximum of 79 characters.") == 79
    assert first_number("For docstrings, PEP 8 limits lines to 72 characters.") == 72
    assert first_number("Python 3.10 was released in 2021.") == 3.1  # a bare version stays a number


def test_a_japanese_date_set_with_spaces_is_a_date():
    from sourcebook.engines.text.figures import unbacked

    assert unbacked("ループ変数の提案は 2023 年 5 月に書かれた", ["David Chase \\ Russ Cox \\ May 2023"]) == []
    assert unbacked("ループ変数の提案は 2023 年 6 月に書かれた", ["David Chase \\ Russ Cox \\ May 2023"])


@pytest.mark.parametrize("sentence, cited, scope", [
    ("All four PEPs are Final", 4, []),  # the scope is the claims it cites
    ("All of the five PEPs are Final", 4, ["all"]),
    ("Each of the four PEPs is Final", 1, []),  # "each" distributes over what is named
    ("Every route takes the pass", 1, ["every"]),
    ("A single reading tells you nothing with any meaning", 1, []),  # "any" under a negation
    ("It works on any boat", 1, ["any"]),
    ("パスはどの航路でも使えます", 1, ["どの航路でも"]),  # "on any route"
])
def test_what_a_word_of_scope_covers(sentence, cited, scope):
    from sourcebook.engines.text.stance import scope_words

    assert scope_words(sentence, cited) == scope


def test_positions_a_page_shows_are_counted_like_figures():
    from sourcebook.engines.text.figure_units import small_counts

    assert all(c.kind in ("apparatus", "none") for c in small_counts("The two positions below differ."))
    assert any(c.kind == "thing" for c in small_counts("The two routes below differ."))


@pytest.mark.parametrize("page, claim, same", [
    ("children aged twelve and under", "children under twelve", False),  # the twelve-year-olds
    ("children under 12", "children under twelve", True),
    ("38,500+ riders", "38,500 or more riders", True),
    ("more than 38,500", "over 38,500", True),
    ("at least 38,500", "over 38,500", False),
])
def test_a_bound_that_takes_in_its_figure_is_another_bound(page, claim, same):
    from sourcebook.engines.text.figure_units import agrees, comparison
    from sourcebook.engines.text.figures import find_figures

    def bound(text):
        f = next(f for f in find_figures(text) if f.kind in ("number", "money", "percent"))
        return comparison(text, f.start, f.end)

    assert agrees(bound(page), bound(claim)) is same


@pytest.mark.parametrize("sentence, backing", [
    # a kind the claim speaks of in general
    ("any tool that read annotations while the program ran had to evaluate the strings",
     ["Static type checkers will see no difference, whereas tools using annotations at runtime will have to "
      "perform postponed evaluation."]),
    # a frequency, not a scope
    ("At the end of every cycle the train moves on", ["The version number is incremented each release cycle."]),
    # a technical word, not a verdict on a claim
    ("evaluating them later against local names is unreliable",
     ["Annotations can only use names present in the module scope, since postponed evaluation using local names "
      "is not reliable."]),
    # a lack said with a negation of the sentence's own
    ("On the beta and stable channels you cannot turn on an unstable feature",
     ["In beta and stable builds it is impossible to turn on unstable features."]),
])
def test_honest_wording_of_what_the_claim_says_passes(sentence, backing):
    from sourcebook.engines.text.stance import added_words

    assert added_words(sentence, backing) is None


@pytest.mark.parametrize("sentence, kind", [
    ("On every water bus route the pass is taken", "scope"),  # "routes W1 and W2" names a set
    ("Most riders say the readers were switched off", "scope"),
    ("Weekday ridership has risen to 38,500", "change"),
    ("Riders say the readers were not switched off", "negation"),
    # another claim's lack ("still switched off", of W3's readers) does not back a negation of W1 and W2
    ("On routes W1 and W2, no: the operator lists neither as taking the pass", "negation"),
    # "only" narrowing what the claim lists to a part of it
    ("Only on route W1, yes: the operator lists it as taking the pass", "scope"),
])
def test_words_the_claim_does_not_say_are_found(sentence, kind):
    from sourcebook.engines.text.stance import added_words

    backing = ["The Tidewater Pass is accepted on water bus routes W1 and W2.",
               "Riders on route W3 said its card readers were still switched off in late September.",
               "Weekday ridership averaged 38,500 passengers over the summer."]
    got = added_words(sentence, backing)
    assert got is not None and got[0] == kind, got


def test_the_opposite_of_the_claim_s_word_is_refused():
    from sourcebook.engines.text.stance import added_words

    said = ["City officers replied that the higher figures quoted in the press referred to summer peaks only."]
    assert added_words("City officers said the press figures were summer lows", said) == ("antonym", "lows for peaks")
    assert added_words("City officers said the press figures were summer peaks", said) is None


def test_a_word_of_endorsement_is_the_claim_s_to_say():
    """"City officers confirmed the press figures" of officers who said the press figures were
    summer peaks: "confirmed" says they vouched for them."""
    from sourcebook.engines.text.stance import added_words

    said = ["City officers said the press figures were summer peaks."]
    assert added_words("City officers confirmed the press figures", said) == ("judgement", "confirmed")
    assert added_words("City officers confirmed the press figures", said + ["The council confirmed it."]) is None



# a heading, a label or a title, read against the claims it stands over (``stance.label_says``)
_ROUTES = "The Tidewater Pass is accepted on water bus routes W1 and W2."
_W3 = "Route W3 is due to accept the Tidewater Pass from 1 December 2026, once new ticket readers are installed."
_KIDS = "Children under twelve ride free when travelling with a paying adult."
_FARE = "A single adult fare bought on board costs 3.40 marks."
_CONTRACT = ("The ticket reader contract for route W3 was signed in August 2026, with installation scheduled for "
             "November 2026.")
_EVERY = "A single fare of 3.40 marks applies on every route of the water bus."


@pytest.mark.parametrize("label, over, kind", [
    ("Every route takes the pass", [_FARE, _KIDS], "scope"),
    ("Every route, one fare", [_FARE, _KIDS], "scope"),  # "route" is a thing the page speaks of
    ("Kids ride free, fares 3.40", [_FARE, _KIDS], "condition"),
    ("Free rides for children", [_KIDS], "condition"),
    ("Pass works on W3", [_W3], "plan"),
    ("W3 accepts the pass", [_W3, _ROUTES], "plan"),
    ("The pass now works on the whole water bus", [_ROUTES, _W3], "scope"),
    ("W3 already takes the pass", [_W3], "scale"),
    ("全航路でパスが使えます", [_FARE, _KIDS], "scope"),
    ("Why is the service so much busier this year?", [_FARE], "change"),
    # a plan's month told as the day it was done, and a plan told as done in one clause of several
    ("New W3 readers were fitted in November", [_W3, _CONTRACT], "plan"),
    ("W3 readers fitted in November; the pass works on W1, W2 and W3", [_ROUTES, _W3, _CONTRACT], "plan"),
])
def test_a_label_says_no_more_than_the_claims_it_stands_over(label, over, kind):
    from sourcebook.engines.text.stance import label_says

    got = label_says(label, over, over, len(over), [_ROUTES, _W3, _FARE, _KIDS])
    assert got is not None and got[0] == kind, got


@pytest.mark.parametrize("label, over", [
    ("What a ride costs", [_FARE, _KIDS]),
    ("Every route, one fare", [_EVERY]),  # the claim under it says every route
    ("Census of every construct", [_FARE]),  # a scope over the page, not over what the sources say
    ("Children under twelve", [_KIDS]),  # it names a group: it states nothing of them
    ("Children ride free with an adult", [_KIDS]),
    ("W3 follows in December", [_W3]),  # a timetable keeps the plan
    ("W3 and the pass", [_W3]),
    ("Does W3 take the pass?", [_W3]),
    ("Where the pass works", [_ROUTES, _W3]),
    ("The Tidewater Pass, route by route", [_ROUTES, _W3, _FARE, _KIDS]),
    ("Now to the fares.", [_FARE]),
    ("W3 takes the pass", [_W3, "Route W3 has accepted the Tidewater Pass since 1 December 2026."]),
    ("Reader contract signed in August", [_W3, _CONTRACT]),  # the done month is not the planned one
    ("Contract signed for November installation", [_CONTRACT]),  # "for November" keeps the plan
    ("Routes W1 and W2 today, W3 in December", [_ROUTES, _W3, _CONTRACT]),
    ("W3 readers: contract signed in August; fitting in November", [_W3, _CONTRACT]),
])
def test_an_honest_label_passes(label, over):
    from sourcebook.engines.text.stance import label_says

    assert label_says(label, over, over, len(over), [_ROUTES, _W3, _FARE, _KIDS]) is None


_YEAR_TO = "The water bus carried an average of 31,000 passengers per weekday in the twelve months to September 2026."


@pytest.mark.parametrize("sentence, refused", [
    ("The bus carried 31,000 passengers per weekday for September 2026", ["September 2026"]),
    ("The bus carried 31,000 passengers per weekday for 2026", ["2026"]),
    ("The bus carried 31,000 passengers per weekday in the twelve months to September 2026", []),
    ("The bus carried 31,000 passengers per weekday in the year ending September 2026", []),
    ("Between October 2025 and September 2026 the bus carried 31,000 a weekday", ["October 2025"]),
    # the span said in Japanese and Chinese: after the date (まで) or before it (截至)
    ("2026年9月までの12か月間の平日平均は31,000人です", []),
    ("截至2026年9月的十二个月里，平日平均为31,000人次", []),
    ("2026年9月の平日平均は31,000人です", ["2026年9月"]),
])
def test_a_date_that_ends_a_span_is_backed_only_with_its_span(sentence, refused):
    """"in the twelve months to September 2026" is a year's average: "for September 2026" makes it
    a month's, "for 2026" a calendar year's; said with its span, the date is the claim's."""
    from sourcebook.engines.text.figures import find_figures, is_backed, unbacked

    assert [f.written for f in unbacked(sentence, [_YEAR_TO])] == refused
    assert [f.written for f in find_figures(sentence) if not is_backed(f, [_YEAR_TO], sentence)] == refused
    # a date moved to ("postponed to 1 December 2026") ends no span
    assert unbacked("The vote is on 1 December 2026", ["The vote was postponed to 1 December 2026."]) == []


@pytest.mark.parametrize("text, read", [
    ("children under XIV ride free", "children under 14 ride free"),
    ("Aged XII or over", "Aged 12 or over"),
    ("an audited 41_000 passengers", "an audited 41,000 passengers"),
    ("its half-dozen boats", "its 6 boats"),
    ("half a dozen boats", "6 boats"),
    # names, sizes and identifiers stay what they are
    ("Henry VIII sailed after World War II", "Henry VIII sailed after World War II"),
    ("flights from DC, sizes over XL", "flights from DC, sizes over XL"),
    ("src_4b1d_000 and file_2026_001", "src_4b1d_000 and file_2026_001"),
    ("the half-hearted reply", "the half-hearted reply"),
])
def test_roman_numerals_underscores_and_half_dozens_as_a_reader_reads_them(text, read):
    assert normalize_figures(text) == read


def test_primes_and_gershayim_are_no_quotation_marks():
    from sourcebook.engines.text.quotations import find_quotations
    assert find_quotations("screens of 12″ and 14″, and צה״ל") == []
