"""The wording rules hold in the demo's other languages as in English, and honest wording passes:

- a plan told in the plain present with no date, future, word of plan or condition
  ("W3航线接受潮汐通行卡", "W3航路でもパスが使えます") is refused as "Route W3 takes the pass" is;
- a plan told as done: the claim's quote in the sentence's language tells the verb as to come
  ("установят", "将于十一月安装", "使えるようになります"); a past or perfect form of that verb
  ("установили", "安装了", "使えるようになりました"), or its short passive participle
  ("установлены"), is refused, as is a Chinese verb with a complement of result ("装好了") and,
  in Japanese or Chinese, a past or finished form after the plan's own month ("十一月に設置されました")
  with no quote in that language; a word of plan ("должны", "будут", "定于", "予定") keeps it;
- a report stays one: a sentence in Japanese, Russian or Chinese that tells what a claim reports
  someone saying keeps who says it ("によると", "と話している", "по словам", "говорят", "据");
- "всё ещё" (still) is no word of scope; "на всех маршрутах" is;
- a condition stays: a sentence in Russian, Chinese or Japanese that restates a conditional claim
  that plans nothing (its names with digits and one of its figures) keeps a word of condition
  ("なら", "陪同", "с платящим взрослым"), with the word that narrows it ("со взрослым", "大人と一緒なら",
  "有成人陪同" drop "paying": any adult); a plan in the plain form is its future too, and keeps
  its hedge as "will accept" does in English;
- words of doubt of those languages ("якобы", "らしい", "据说") judge a claim like "allegedly";
- "half fare" of those languages ("半額", "за полцены") is a multiplier;
- English: "are to be installed" keeps a plan, in its own clause, beside a past of another
  ("the contract was signed in August");
- an amount said as units then hundredths ("three marks forty") is that amount (3.40 marks);
- "Officers were to report on ..." names a thing to do, not a speaker: a sentence that names the
  claim's own document as who says it passes;
- a report sentence of two clauses is read clause by clause for a dropped condition; one in another
  language keeps the word that narrows its condition ("運賃を払う大人", not "大人").

The rules live in the prose gate that `sb check-draft` and `sb verify` share.
"""

from __future__ import annotations

import pytest
from demo_kit import built_demo
from test_page_prose import check, refused


@pytest.fixture(autouse=True)
def _demo_clock(_stable_clock, monkeypatch):
    from demo_kit import EPOCH

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "languages")


@pytest.fixture
def page(demo):
    import os

    with open(os.path.join(demo, "build", "answer.html"), encoding="utf-8") as fh:
        return fh.read()


W3 = "Route W3 is due to follow on 1 December 2026, once new readers are fitted to its boats"
COMMITTEE = ("The city&#x27;s transport committee heard that the W3 reader contract was signed in August, with "
             "installation set for November")
LISTS = "On routes W1 and W2, yes: the operator lists both as taking the pass"
CHILDREN = "children under twelve ride free with a paying adult"


def passes(demo, html, tmp_path) -> None:
    lines, _ = check(demo, html, tmp_path)
    assert lines == [], lines


def swap(page: str, old: str, new: str) -> str:
    assert old in page, old
    return page.replace(old, new, 1)


@pytest.mark.parametrize("old, new, word", [
    (W3, "W3航路でも新しい読み取り機が取り付けられ次第、十二月一日からパスが使えるようになりました", "なりました"),
    (COMMITTEE, "Новые считыватели для W3 установили в ноябре", "установили"),
    (COMMITTEE, "W3航线的新读卡器十一月安装了", "安装了"),
    # a verb with a complement of result ("装好了" of the quote's "安装"), and the plan's month told as
    # passed in Japanese, where the claim has no Japanese quote
    (COMMITTEE, "新读卡器十一月就装好了", "装好了"),
    (COMMITTEE, "W3の新しい読み取り機は十一月に設置されました", "十一月に設置されました"),
    # the short passive participle tells it done as a state
    (COMMITTEE, "Договор на считыватели для W3 подписан в августе, а новые считыватели установлены в ноябре",
     "установлены"),
])
def test_a_plan_told_as_done_in_another_language_is_refused(demo, page, tmp_path, old, new, word):
    refused(demo, swap(page, old, new), tmp_path, "E-PAGE-HEDGE-DROPPED", repr(word))


@pytest.mark.parametrize("new", [
    "W3航线接受潮汐通行卡",
    "W3航路でもタイドウォーター・パスが使えます",
    "W3航线已开始接受潮汐通行卡",
])
def test_a_plan_told_in_the_present_in_another_language_is_refused(demo, page, tmp_path, new):
    """With no date, no word of plan or future and no condition, the plain present tells a state
    held today, as "Route W3 takes the pass" does in English."""
    refused(demo, swap(page, W3, new), tmp_path, "E-PAGE-HEDGE-DROPPED", "'due to'")


@pytest.mark.parametrize("new", [
    "W3航线将接受潮汐通行卡",
    "W3航线会接受潮汐通行卡",
    "W3航路でもタイドウォーター・パスが使えるようになります",
    "W3航路でも2026年12月1日からタイドウォーター・パスが使えます",
    "W3航线自2026年12月1日起接受潮汐通行卡",
])
def test_a_plan_kept_by_a_date_or_a_future_in_another_language_passes(demo, page, tmp_path, new):
    passes(demo, swap(page, W3, new), tmp_path)


@pytest.mark.parametrize("old, new", [
    (W3, "W3航路では、新しい読み取り機が取り付けられ次第、2026年12月1日からパスが使える予定です"),
    (W3, "С 1 декабря 2026 года проездной должен заработать и на маршруте W3, когда на его суда установят "
         "новые считыватели"),
    (COMMITTEE, "Новые считыватели для W3 установят в ноябре"),
    (COMMITTEE, "Новые считыватели для W3 должны установить в ноябре"),
    (COMMITTEE, "W3航线的新读卡器定于十一月安装"),
    (COMMITTEE, "W3の新しい読み取り機は十一月に設置されます"),
    (COMMITTEE, "W3の読み取り機の契約は八月に結ばれ、設置は十一月に予定されています"),
    (COMMITTEE, "新读卡器将于十一月装好"),
    (COMMITTEE, "Контракт на считыватели для W3 подписали в августе, а установят их в ноябре"),
    (COMMITTEE, "Договор на считыватели для W3 подписан в августе, а новые считыватели будут установлены в ноябре"),
])
def test_a_plan_kept_in_another_language_passes(demo, page, tmp_path, old, new):
    passes(demo, swap(page, old, new), tmp_path)


@pytest.mark.parametrize("old, new, cond", [
    (CHILDREN, "дети до двенадцати лет ездят бесплатно", "when travelling with a paying adult"),
    (CHILDREN, "十二歳未満の子どもは無料です", "when travelling with a paying adult"),
    # "paying" dropped: the adult kept, any adult
    (CHILDREN, "дети до двенадцати лет ездят бесплатно со взрослым", "when travelling with a paying adult"),
    (CHILDREN, "Дети до двенадцати лет ездят бесплатно в сопровождении взрослого", "when travelling with a paying adult"),
    (CHILDREN, "十二歳未満の子供は大人と一緒なら無料です", "when travelling with a paying adult"),
    (CHILDREN, "十二岁以下儿童有成人陪同可免费乘坐", "when travelling with a paying adult"),
    (CHILDREN, "дети до двенадцати лет ездят бесплатно с неплатящим взрослым", "when travelling with a paying adult"),
])
def test_a_condition_dropped_in_another_language_is_refused(demo, page, tmp_path, old, new, cond):
    refused(demo, swap(page, old, new), tmp_path, "E-PAGE-HEDGE-DROPPED", repr(cond))


@pytest.mark.parametrize("old, new", [
    (CHILDREN, "дети до двенадцати лет с платящим взрослым ездят бесплатно"),
    (CHILDREN, "十二歳未満の子どもは、料金を払う大人と一緒なら無料です"),
    (CHILDREN, "十二岁以下儿童有付费成人陪同可免费乘坐"),
    (CHILDREN, "дети до двенадцати лет ездят бесплатно со взрослым, который платит за проезд"),
    (CHILDREN, "Дети до двенадцати лет ездят бесплатно в сопровождении платящего взрослого"),
    (CHILDREN, "十二歳未満の子供は運賃を払う大人と一緒なら無料です"),
    (CHILDREN, "十二岁以下儿童有付费成人陪同可免费乘坐"),
    # a plan in the plain form, which is its future too, keeps its hedge as "will accept" does
    (W3, "W3航路では十二月一日からパスが使えるようになります"),
])
def test_a_condition_kept_in_another_language_passes(demo, page, tmp_path, old, new):
    passes(demo, swap(page, old, new), tmp_path)


RIDERS = "Riders say the W3 readers were still switched off in late September"


@pytest.mark.parametrize("new", [
    "W3航路の読み取り機は九月下旬にもまだ止まっていた",
    "Считыватели на маршруте W3 в конце сентября были выключены",
    "W3航线的读卡器在九月下旬仍然关闭",
])
def test_a_report_told_as_plain_fact_in_another_language_is_refused(demo, page, tmp_path, new):
    """The riders' report, told in Japanese, Russian or Chinese with no one saying it: the English
    speaker rule holds there too (a figure of the report, "九月下旬", "сентября", says the
    sentence restates it)."""
    refused(demo, swap(page, RIDERS, new), tmp_path, "E-PAGE-HEDGE-DROPPED", "Riders on route W3 said")


@pytest.mark.parametrize("new", [
    "乗客によると、W3航路の読み取り機は九月下旬にもまだ止まっていた",
    "乗客は、W3航路の読み取り機は九月下旬にもまだ止まっていたと話している",
    "По словам пассажиров, считыватели на маршруте W3 в конце сентября были выключены",
    # "всё ещё" is "still", no word of scope
    "Пассажиры говорят, что в конце сентября считыватели на маршруте W3 всё ещё были выключены",
    "据乘客说，W3航线的读卡器在九月下旬仍然关闭",
])
def test_a_report_kept_as_one_in_another_language_passes(demo, page, tmp_path, new):
    passes(demo, swap(page, RIDERS, new), tmp_path)


def test_all_routes_in_russian_is_still_a_word_of_scope(demo, page, tmp_path):
    """"всё ещё" (still) scopes nothing, "все маршруты" (all routes) widens W1 and W2."""
    refused(demo, swap(page, LISTS, "Проездной принимают на всех маршрутах"), tmp_path, "E-PAGE-WORD-UNBACKED",
            "'всех'")
    refused(demo, swap(page, LISTS, "Проездной всё ещё принимают на всех маршрутах"), tmp_path,
            "E-PAGE-WORD-UNBACKED", "'всех'")


def test_each_route_in_chinese_is_a_word_of_scope(demo, page, tmp_path):
    """"各航线均" (each route, all) widens W1 and W2 as "every route" does; the routes named pass."""
    refused(demo, swap(page, LISTS, "各航线均接受潮汐通行卡，包括W1和W2"), tmp_path, "E-PAGE-WORD-UNBACKED", "'各航线均'")
    passes(demo, swap(page, LISTS, "运营方列出W1和W2航线接受潮汐通行卡"), tmp_path)


def test_hearsay_soudesu_of_a_reported_claim_is_no_judgement(demo, page, tmp_path):
    """「そうです」 after a plain form reports ("riders say"), as 「と伝えています」 does: a claim
    that reports backs it. A claim that states plainly backs no hearsay (「らしい」 doubts: refused below)."""
    passes(demo, swap(page, RIDERS, "W3航路の読み取り機は九月下旬にもまだ止まっていたそうです"), tmp_path)
    refused(demo, swap(page, LISTS, "W1とW2航路ではパスが使えるそうです"), tmp_path, "E-PAGE-WORD-UNBACKED", "'そうです'")


@pytest.mark.parametrize("new, word", [
    ("Проездной якобы принимают на маршрутах W1 и W2", "якобы"),
    ("W1とW2航路ではパスが使えるらしいです", "らしい"),
    ("据说W1和W2航线接受潮汐通行卡", "据说"),
])
def test_a_word_of_doubt_in_another_language_is_refused(demo, page, tmp_path, new, word):
    refused(demo, swap(page, LISTS, new), tmp_path, "E-PAGE-WORD-UNBACKED", repr(word))


@pytest.mark.parametrize("new", [
    "Проездной принимают на маршрутах W1 и W2",
    "W1とW2航路ではパスが使えます",
    "W1和W2航线接受潮汐通行卡",
])
def test_the_same_sentence_without_the_doubt_passes(demo, page, tmp_path, new):
    passes(demo, swap(page, LISTS, new), tmp_path)


@pytest.mark.parametrize("new, word", [
    ("十二歳未満の子どもは、料金を払う大人と一緒なら半額です", "半額"),
    ("дети до двенадцати лет с платящим взрослым ездят за полцены", "полцены"),
])
def test_half_fare_in_another_language_is_a_multiplier(demo, page, tmp_path, new, word):
    refused(demo, swap(page, CHILDREN, new), tmp_path, "E-PAGE-WORD-UNBACKED", word)


def test_are_to_be_installed_keeps_the_plan_beside_a_past_of_another_clause(demo, page, tmp_path):
    honest = ("The committee was told that the contract for the W3 readers was signed in August and that they are "
              "to be installed in November")
    passes(demo, swap(page, COMMITTEE, honest), tmp_path)
    done = "The committee was told that the contract for the W3 readers was signed in August and that they were " \
           "installed in November"
    refused(demo, swap(page, COMMITTEE, done), tmp_path, "E-PAGE-HEDGE-DROPPED", "scheduled")
    other = ("The committee was told that the contract for the W3 readers was signed in August, and the readers "
             "were installed in November and are to be switched on in December")
    refused(demo, swap(page, COMMITTEE, other), tmp_path, "E-PAGE-HEDGE-DROPPED")


FARE = "A single adult fare bought on board is 3.40 marks"


def test_an_amount_said_as_units_then_hundredths_is_that_amount(demo, page, tmp_path):
    """"three marks forty" is 3.40 marks, as it is said aloud; "three marks fifty" is another fare."""
    from sourcebook.engines.text.figures import find_figures

    assert [(f.kind, f.key) for f in find_figures("the fare is three marks forty")] == [("money", "MARK:3.4")]
    assert [(f.kind, f.key) for f in find_figures("it cost 3 marks 40 passengers")] == [("money", "MARK:3"),
                                                                                         ("number", "40")]
    passes(demo, swap(page, FARE, "A single adult fare bought on board is three marks forty"), tmp_path)
    refused(demo, swap(page, FARE, "A single adult fare bought on board is three marks fifty"), tmp_path,
            "E-PAGE-FIGURE-UNBACKED")


def test_a_thing_to_report_is_no_one_reporting():
    """"Officers were to report on the readers in December" names what officers are to do, not
    who says it: a sentence that names the claim's own document as its speaker passes; a claim
    whose text says who said it still holds the sentence to that speaker."""
    from sourcebook.engines.text import stance

    plan = "Officers were to report on the W3 readers in December."
    quote = ["Action: officers to report on W3 readers in December."]
    honest = "The committee minutes say officers are to report on the W3 readers in December"
    assert stance.speaker_swapped(plan, quote, honest) is None
    said = "City officers said the higher ridership figures quoted in the press were summer peaks."
    assert stance.speaker_swapped(said, ["higher figures quoted in the press referred to summer peaks only"],
                                  "The operator says the higher figures were summer peaks")


def test_a_report_sentence_is_read_clause_by_clause_for_a_dropped_condition():
    """A report's [n] cites a source, so a sentence is read against every claim of the sources it
    cites; a plain claim restated in one clause ("3.40 marks") does not excuse another clause that
    drops its claim's condition ("children under twelve ride free")."""
    from sourcebook.engines.text.stance import hedge_dropped_among

    claims = ["A single adult fare bought on board costs 3.40 marks.",
              "Children under twelve ride free when travelling with a paying adult."]
    dropped = "A single adult fare bought on board is 3.40 marks, and children under twelve ride free."
    assert hedge_dropped_among(claims, dropped) == "when travelling with a paying adult"
    kept = "A single adult fare bought on board is 3.40 marks, and children under twelve ride free with a paying adult."
    assert hedge_dropped_among(claims, kept) is None
    plan = ["The ticket reader contract for route W3 was signed in August 2026, with installation scheduled for "
            "November 2026."]
    assert hedge_dropped_among(plan, "The contract was signed in August, and installation is set for November.") is None


@pytest.mark.parametrize("sentence, dropped", [
    ("十二歳未満の子供は大人と一緒なら無料です", True),
    ("Дети до двенадцати лет ездят бесплатно со взрослым", True),
    ("十二岁以下儿童有成人陪同可免费乘坐", True),
    ("十二歳未満の子供は運賃を払う大人と一緒なら無料です", False),
    ("Дети до двенадцати лет ездят бесплатно со взрослым, который платит за проезд", False),
    ("十二岁以下儿童有付费成人陪同可免费乘坐", False),
])
def test_a_report_sentence_in_another_language_keeps_the_word_that_narrows_its_condition(sentence, dropped):
    """The report reads a sentence in Russian, Chinese or Japanese as the pages do: "with an adult"
    of "with a paying adult" drops "paying"."""
    from sourcebook.engines.text.stance import hedge_dropped_among

    claims = ["Children under twelve ride free when travelling with a paying adult."]
    assert hedge_dropped_among(claims, sentence) == ("when travelling with a paying adult" if dropped else None)


def test_a_report_clause_restating_a_plain_clause_of_a_hedged_claim_passes():
    """"... likely to cause and are doing it anyway": the clause "and are doing it anyway" has a
    finite verb of its own, so the claim's "likely" stays with the breakage; the sentence that
    keeps "likely" there passes clause by clause, and one that drops it stays refused."""
    from sourcebook.engines.text.stance import hedge_dropped_among

    claims = ["PEP 446 says its authors are aware of the code breakage this is likely to cause and are doing it anyway.",
              "PEP 446 proposes to make all file descriptors created by Python non-inheritable by default."]
    kept = ("PEP 446 says its authors are aware of the code breakage the change is likely to cause, and are doing it "
            "anyway [1].")
    assert hedge_dropped_among(claims, kept) is None
    dropped = "PEP 446 says the change causes code breakage, and its authors are doing it anyway [1]."
    assert hedge_dropped_among(claims, dropped) == "likely"
    # a modal before "and" and a bare verb governs both: "cut" stays a possibility
    ellipsis = ["The operator may raise fares and cut route W3 next year."]
    assert hedge_dropped_among(ellipsis, "The operator may raise fares, and it cuts route W3 next year [1].") == "may"


@pytest.mark.parametrize("new, word", [
    ("Проездной принимают лишь на маршруте W1", "лишь"),
    ("Проездной принимают только на маршруте W1", "только"),
])
def test_only_of_a_listed_set_in_russian_is_refused(demo, page, tmp_path, new, word):
    from sourcebook.engines.text import stance

    backing = ["The Tidewater Pass is accepted on water bus routes W1 and W2."]
    assert stance.added_words(new, backing, False, 1) == ("scope", f"{word} W1")
    assert stance.added_words(new.replace(f"{word} ", ""), backing, False, 1) is None
    refused(demo, swap(page, LISTS, new), tmp_path, "E-PAGE-WORD-UNBACKED")


@pytest.mark.parametrize("sentence, words", [
    # 最大, 最多 before a number are a cap ("up to 79", "at most 3"), which the figure rules judge
    ("PEP 8 は、すべての行を最大79文字に制限するよう求めています。", []),
    ("最大で３割の便が遅れます。", []),
    ("每行最多79个字符。", []),
    # before anything else they rank, and a sentence saying so needs a claim that does
    ("W3は最大の路線です。", ["最大"]),
    ("過去最高の利用者数でした。", ["過去最高"]),
])
def test_a_cap_before_a_number_is_no_word_of_record(sentence, words):
    from sourcebook.engines.text import stance

    assert stance.scale_words(sentence) == words
