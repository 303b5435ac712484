"""sb check-draft in sentences, in every script, and the report gate of sb verify.

Every sentence of prose is cited, the author's inference, [unverified], framing or uncited;
full coverage is the default; each uncited sentence is named; figures and dates must occur in
the claims of the sources a sentence cites. Every known attack is refused here."""

from __future__ import annotations

import json
import os

import pytest
from conftest import sb
from render_kit import build, draft

INVENTED = "Python 3.15 will make the future import a no-op in October 2026."


@pytest.fixture
def kit(ws):
    ids = build(ws)
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    # number the sources as a report would: the status page [1], the trade report [2]
    assert sb("check-draft", "--only", f"{ids['src_a']},{ids['src_b']}", cwd=ws).rc == 0
    return ws, ids


def _block(ws, heading: str = "## Sources", numbers: str = "1,2") -> str:
    out = sb("check-draft", "--only", numbers, cwd=ws).out
    return out.replace("## Sources", heading, 1)


def _check(ws, text: str, *flags: str):
    (ws / "answer.md").write_text(text, encoding="utf-8")
    return sb("check-draft", "answer.md", *flags, cwd=ws)


def _stats(r) -> str:
    return next(line for line in r.out.splitlines() if line.startswith("info: stats:"))


EN = ("# Can the pass pay a water bus fare?\n\n"
      "The pass is accepted on routes W1 and W2 as of 14 October 2026 [1]. A single adult fare is 3.40 marks [2].\n"
      "The operator counts 31,000 riders a weekday [1], the trade press 38,500 [2].\n\n"
      "- Commuters may switch once W3 takes the pass [inference].\n"
      "- Both counts are shown because they disagree [framing].\n\n")


# ---- English ------------------------------------------------------------------------------

def test_english_draft_every_sentence_declared_passes_strict(kit):
    ws, _ = kit
    r = _check(ws, EN + _block(ws), "--strict", "--evidence")
    assert r.rc == 0, r.both
    assert _stats(r) == ("info: stats: 5 prose sentence(s), 5 with provenance (3 cited, 1 inferred, 0 [unverified], "
                         "1 framing), 0 uncited, 0 refused for figures, coverage 1.00")
    assert r.out.strip().endswith("check-draft ok  answer.md")


def test_appended_invented_sentence_fails_even_at_a_lower_threshold(kit):
    ws, _ = kit
    nine = "".join(f"The pass is accepted on routes W1 and W2, say the operators, note {w} [1].\n"
                   for w in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))
    text = "# Notes\n\n" + nine + INVENTED + "\n\n" + _block(ws)
    r = _check(ws, text, "--min-coverage", "0.9")  # 9 of 10 sentences: the old check printed ok at 0.90
    assert r.rc == 2, r.both
    assert "coverage 0.90" in _stats(r)
    assert "E-DRAFT-FIGURE  answer.md:12" in r.err and "3.15" in r.err and "cites nothing" in r.err
    r = _check(ws, text)  # and the default asks for every sentence
    assert r.rc == 2
    assert "E-COVERAGE  answer.md  coverage 0.90 is below 1.00" in r.err
    assert f'W-DRAFT-UNCITED-SENTENCE  answer.md:12  "{INVENTED[:59].rstrip()}…"' in r.out


def test_changed_figure_next_to_a_citation_fails(kit):
    ws, _ = kit
    r = _check(ws, EN.replace("3.40 marks [2]", "2.40 marks [2]") + _block(ws))
    assert r.rc == 2
    assert "E-DRAFT-FIGURE  answer.md:3" in r.err and '2.40 marks is not in what [2] supports' in r.err
    assert "1 refused for figures" in _stats(r)
    # the right figure with the wrong source is refused too: [1] says nothing of the fare
    r = _check(ws, EN.replace("3.40 marks [2]", "3.40 marks [1]") + _block(ws))
    assert r.rc == 2 and "3.40 marks is not in what [1] supports" in r.err


def test_dates_are_compared_by_meaning_and_as_of_backs_a_date(kit):
    ws, _ = kit
    r = _check(ws, EN.replace("as of 14 October 2026", "(as of 2026-10-14)") + _block(ws))
    assert r.rc == 0, r.both
    r = _check(ws, EN.replace("as of 14 October 2026", "as of 15 October 2026") + _block(ws))
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:3" in r.err


def test_each_uncited_sentence_is_named_and_a_lower_threshold_is_explicit(kit):
    ws, _ = kit
    text = EN + "Riders seem to like the boats a lot. Nobody has complained so far this year.\n\n" + _block(ws)
    r = _check(ws, text)
    assert r.rc == 2
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:9  "Riders seem to like the boats a lot."' in r.out
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:9  "Nobody has complained so far this year."' in r.out
    assert "E-COVERAGE  answer.md  coverage 0.71 is below 1.00 (full coverage is the default" in r.err
    r = _check(ws, text, "--min-coverage", "0.7", "--strict")  # asked for: named, not failed
    assert r.rc == 0, r.both
    assert "W-DRAFT-UNCITED-SENTENCE" in r.out


def test_uncited_sentences_are_bounded_in_text_and_all_listed_in_json(kit):
    ws, _ = kit
    body = "".join(f"Riders say the boats are pleasant, remark {i}.\n" for i in ("a b c d e f g h i j k l m n o p q r s "
                                                                              "t u v w x y").split())
    r = _check(ws, EN + body + "\n" + _block(ws))
    named = [line for line in r.out.splitlines() if line.startswith("W-DRAFT-UNCITED-SENTENCE")]
    assert len(named) == 21 and named[-1].startswith("W-DRAFT-UNCITED-SENTENCE  answer.md  and 5 more")
    r = _check(ws, EN + body + "\n" + _block(ws), "--json")
    assert r.rc == 2
    doc = json.loads(r.out)
    assert doc["ok"] is False and doc["min_coverage"] == 1.0
    assert doc["stats"] == {"sentences": 30, "cited": 3, "inferred": 1, "unverified": 0, "framing": 1,
                            "uncited": 25, "refused": 0, "coverage": round(5 / 30, 4)}
    assert len(doc["uncited"]) == 25 and doc["uncited"][0] == {"line": 9, "text": "Riders say the boats are "
                                                                                  "pleasant, remark a."}
    assert {s["kind"] for s in doc["sentences"]} == {"cited", "inferred", "framing", "uncited"}
    assert any(f["code"] == "E-COVERAGE" for f in doc["findings"])


def test_a_citation_after_the_stop_belongs_to_the_sentence_before(kit):
    ws, _ = kit
    text = ("The pass is accepted on routes W1 and W2. [1] A single adult fare is 3.40 marks.[2]\n"
            "Riders seem to like the boats a lot\n\n" + _block(ws))
    r = _check(ws, text, "--min-coverage", "0.5")
    assert "3 prose sentence(s), 2 with provenance (2 cited" in _stats(r)
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:2  "Riders seem to like the boats a lot"' in r.out


def test_wrapped_lines_links_and_a_line_ending_in_a_citation(kit):
    ws, _ = kit
    text = ("A single adult fare is 3.40 marks, as\nthe trade report says ([the report](https://x.example/2026/10/09)) [2]\n"
            "Riders seem to like the new boats a lot\n\n" + _block(ws))
    r = _check(ws, text, "--min-coverage", "0.5")
    assert r.rc == 0, r.both  # the digits of a web address are no figure
    assert "2 prose sentence(s), 1 with provenance (1 cited" in _stats(r)  # the wrapped sentence is one
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:3  "Riders seem to like the new boats a lot"' in r.out


def test_framing_and_inference_carry_no_figure_or_quotation(kit):
    ws, _ = kit
    r = _check(ws, EN.replace("they disagree [framing]", "they disagree by 7,500 [framing]") + _block(ws))
    assert r.rc == 2 and "E-DRAFT-FRAMING  answer.md:7" in r.err and "7,500" in r.err
    r = _check(ws, EN.replace("they disagree [framing]", "the operator calls them “a new era” [framing]") + _block(ws))
    assert r.rc == 2 and "E-DRAFT-FRAMING  answer.md:7" in r.err and "“a new era”" in r.err
    r = _check(ws, EN.replace("once W3 takes the pass [inference]", "and ridership will pass 40,000 in 2027 [inference]")
               + _block(ws))
    assert r.rc == 2 and "E-DRAFT-INFERENCE  answer.md:6" in r.err and "40,000" in r.err


def test_unverified_is_not_an_inference_and_its_figures_warn(kit):
    ws, _ = kit
    text = EN + "The refactor likely predates the 2.0 release [unverified].\n\n" + _block(ws)
    r = _check(ws, text)
    assert r.rc == 0, r.both
    assert "(3 cited, 1 inferred, 1 [unverified], 1 framing)" in _stats(r)
    assert "W-DRAFT-UNVERIFIED-FIGURE  answer.md:9" in r.out
    assert _check(ws, text, "--strict").rc == 2


def test_headings_and_table_rows_carry_only_cited_figures(kit):
    ws, _ = kit
    ok = EN.replace("# Can the pass pay", "## 31,000 riders a weekday\n\n# Can the pass pay")
    r = _check(ws, EN + "## Ridership\n\nThe operator counts 31,000 riders a weekday [1].\n\n"
               "| Count | Who |\n|---|---|\n| 38,500 | the trade press [2] |\n\n" + _block(ws))
    assert r.rc == 0, r.both
    r = _check(ws, EN + "## Ridership reached 48,500\n\nThe operator counts 31,000 riders a weekday [1].\n\n"
               + _block(ws))
    assert r.rc == 2 and "E-DRAFT-LABEL-FIGURE  answer.md:9  heading" in r.err and "48,500" in r.err
    r = _check(ws, EN + "| Riders | 48,500 |\n\n" + _block(ws))
    assert r.rc == 2 and "E-DRAFT-LABEL-FIGURE  answer.md:9  table" in r.err
    assert "E-DRAFT-LABEL-FIGURE" in _check(ws, ok + _block(ws)).err  # nothing is cited under that heading
    # a row whose figure the draft cites elsewhere still cites nothing itself: refused
    r = _check(ws, EN + "## Ridership\n\nThe operator counts 31,000 riders a weekday [1].\n\n"
               "| Who | Count |\n|---|---|\n| the trade press | 31,000 |\n\n" + _block(ws))
    assert r.rc == 2 and "E-DRAFT-LABEL-FIGURE  answer.md:15  table row" in r.err and "cites nothing" in r.err, r.err


def test_the_workspace_question_as_the_title_states_only_what_is_cited(kit):
    ws, _ = kit
    m = json.loads((ws / "sourcebook.json").read_text())
    body = EN.split("\n", 1)[1]
    m["question"] = "Is a single adult fare 3.40 marks?"  # its figure is cited below it: it stands
    (ws / "sourcebook.json").write_text(json.dumps(m))
    assert _check(ws, "# Is a single adult fare 3.40 marks?\n" + body + _block(ws)).rc == 0
    # the question is the author's to set at any time: a figure nothing cited states is refused
    m["question"] = "Will W3 take the pass by 1 December 2026?"
    (ws / "sourcebook.json").write_text(json.dumps(m))
    r = _check(ws, "# Will W3 take the pass by 1 December 2026?\n" + body + _block(ws))
    assert r.rc == 2 and "E-DRAFT-LABEL-FIGURE  answer.md:1" in r.err and "1 December 2026" in r.err


def test_claim_references_count_and_are_checked(kit):
    ws, ids = kit
    text = (f"A single adult fare is 3.40 marks [@{ids['fare']}]. Commuters may switch once W3 takes the pass "
            f"[@{ids['guess']}].\n")
    r = _check(ws, text, "--as", "chat")  # a chat answer citing claims; without --as it is a page draft
    assert r.rc == 0, r.both
    assert "(1 cited, 1 inferred, 0 [unverified], 0 framing)" in _stats(r)
    r = _check(ws, text.replace("3.40", "2.40"), "--as", "chat")
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:1" in r.err and f"[@{ids['fare']}]" in r.err
    r = _check(ws, "A single adult fare is 3.40 marks [@clm_000000000000].\n", "--as", "chat")
    assert r.rc == 2 and "E-DRAFT-CLAIM  answer.md:1" in r.err


def test_ambiguous_numeric_dates_are_refused(kit):
    ws, _ = kit
    assert _check(ws, EN.replace("as of 14 October 2026", "as of 14.10.2026") + _block(ws)).rc == 0  # day first
    r = _check(ws, EN.replace("as of 14 October 2026", "as of 10.11.2026") + _block(ws))
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:3" in r.err and "10.11.2026 is an ambiguous date" in r.err


# ---- Japanese, Chinese, Russian -------------------------------------------------------------

JA = ("# 水上バスの運賃\n\n"
      "大人の片道運賃は3.40マルクです[2]。パスはW1とW2の航路で使えます。乗客はこの船をとても気に入っているようです。\n\n")


def test_japanese_three_sentences_one_citation_scores_a_third(kit):
    ws, _ = kit
    r = _check(ws, JA + _block(ws, "## 出典"))
    assert r.rc == 2
    assert "3 prose sentence(s), 1 with provenance (1 cited" in _stats(r)
    assert "E-COVERAGE  answer.md  coverage 0.33 is below 1.00" in r.err
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:3  "パスはW1とW2の航路で使えます。"' in r.out
    assert "W-SOURCES-MISSING" not in r.out and "E-SOURCES-MISMATCH" not in r.err  # 出典 is the Sources heading


def test_japanese_draft_cited_sentence_by_sentence_passes_with_shutten(kit):
    ws, _ = kit
    text = ("# 水上バスの運賃\n\n"
            "大人の片道運賃は3.40マルクです[2]。パスはW1とW2の航路で使えます[1]。"
            "平日の乗客は31,000人です[1]。乗客が増えるかどうかはまだ分かりません[inference]。\n\n"
            + _block(ws, "## 出典"))
    r = _check(ws, text, "--strict", "--evidence")
    assert r.rc == 0, r.both
    assert "4 prose sentence(s), 4 with provenance (3 cited, 1 inferred" in _stats(r)
    r = _check(ws, text.replace("3.40マルク", "2.40マルク"))
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:3" in r.err and "2.40" in r.err


def test_japanese_written_date_is_backed_by_the_english_quote(kit):
    ws, _ = kit
    text = "パスは2026年10月14日の時点でW1とW2の航路で使えます[1]。\n\n" + _block(ws, "## 参考文献", "1")
    assert _check(ws, text, "--strict").rc == 0
    r = _check(ws, text.replace("10月14日", "10月15日"))
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:1" in r.err


def test_chinese_draft(kit):
    ws, _ = kit
    text = ("单程成人票价为3.40马克[2]。运营方统计平日乘客为31,000人次[1]。乘客似乎非常喜欢这些新船。\n\n"
            + _block(ws, "## 来源"))
    r = _check(ws, text)
    assert r.rc == 2 and "coverage 0.67" in _stats(r)
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:1  "乘客似乎非常喜欢这些新船。"' in r.out
    assert "W-SOURCES-MISSING" not in r.out
    fixed = text.replace("乘客似乎非常喜欢这些新船。", "")
    assert _check(ws, fixed, "--strict").rc == 0
    r = _check(ws, fixed.replace("31,000", "41,000"))
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:1" in r.err and "41,000" in r.err


def test_russian_draft(kit):
    ws, _ = kit
    text = ("Разовый взрослый билет стоит 3.40 марки [2]. В будний день перевозят 31 000 пассажиров [1].\n"
            "Пассажирам, кажется, очень нравятся новые суда.\n\n" + _block(ws, "## Источники"))
    r = _check(ws, text)
    assert r.rc == 2 and "coverage 0.67" in _stats(r)
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:2  "Пассажирам, кажется, очень нравятся новые суда."' in r.out
    fixed = text.replace("Пассажирам, кажется, очень нравятся новые суда.", "Обе цифры приведены [framing].")
    assert _check(ws, fixed, "--strict").rc == 0
    r = _check(ws, fixed.replace("31 000", "33 000"))
    assert r.rc == 2 and "E-DRAFT-FIGURE  answer.md:1" in r.err


@pytest.mark.parametrize("heading", ["## References", "## Bibliography", "## 参考資料", "## 资料来源", "## Литература",
                                     "## Quellen", "## Références", "## Fuentes", "## Referencias", "Sources:", "出典："])
def test_localised_sources_headings(kit, heading):
    ws, _ = kit
    r = _check(ws, EN + _block(ws, heading), "--strict")
    assert r.rc == 0, r.both


def test_render_report_replaces_a_localised_sources_block(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids) + "\n## 出典\n\n- [9] 古い一覧\n", encoding="utf-8")
    assert sb("render", "report", cwd=ws).rc == 0
    md = (ws / "build" / "report.md").read_text(encoding="utf-8")
    assert "古い一覧" not in md and md.count("## Sources") == 1


# ---- the report gate of sb verify -----------------------------------------------------------

def _report_row(ws):
    r = sb("verify", "--json", cwd=ws)
    rows = {g["gate"]: g for g in json.loads(r.out)["gates"]}
    return rows.get("report")


def test_verify_reads_every_sentence_of_the_report(kit):
    ws, ids = kit
    assert _report_row(ws) is None  # no build/report.md: no row
    (ws / "draft.md").write_text(draft(ids, "\nBoth counts are shown because they disagree [framing].\n"),
                                 encoding="utf-8")
    assert sb("render", "report", cwd=ws).rc == 0
    row = _report_row(ws)
    assert row["findings"] == [], row
    assert row["note"] == ("build/report.md: 5 sentence(s): 3 cited, 1 inferred, 1 framing, 0 uncited, "
                           "0 refused")


def test_verify_refuses_an_invented_sentence_in_the_draft_of_a_report(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids, f"\n{INVENTED}\nRiders love the new boats more than ever.\n"),
                                 encoding="utf-8")
    assert sb("render", "report", cwd=ws).rc == 0
    row = _report_row(ws)
    lines = row["findings"]
    assert any(x.startswith("E-DRAFT-FIGURE  build/report.md:13") for x in lines), lines
    assert any(x.startswith('E-REPORT-UNCITED  build/report.md:14  "Riders love the new boats') for x in lines)
    assert "2 uncited, 1 refused" in row["note"]
    assert sb("verify", cwd=ws).rc == 2


def test_verify_does_not_take_unverified_in_a_report(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids, "\nRiders will switch to the pass in large numbers [unverified].\n"),
                                 encoding="utf-8")
    assert sb("render", "report", cwd=ws).rc == 0
    lines = _report_row(ws)["findings"]
    assert any(x.startswith("E-REPORT-UNCITED  build/report.md:13") for x in lines), lines


def test_verify_refuses_a_changed_figure_in_the_report(kit):
    ws, _ = kit
    assert sb("render", "report", cwd=ws).rc == 0
    path = ws / "build" / "report.md"
    path.write_text(path.read_text(encoding="utf-8").replace("3.40 marks[2]", "2.40 marks[2]"), encoding="utf-8")
    lines = _report_row(ws)["findings"]
    assert any(x.startswith("E-DRAFT-FIGURE  build/report.md:5") and "2.40" in x for x in lines), lines


def test_report_headings_labels_rows_and_code_are_read_as_a_page_s(kit):
    """A heading, a short label, a table row and a code block of the report say what they say,
    as on a page: a word of scope the claims lack, an uncited row that states something, a data
    line naming a claim's route that no source holds, are refused; their honest forms pass."""
    ws, ids = kit

    def findings(text: str) -> list[str]:
        (ws / "draft.md").write_text(text, encoding="utf-8")
        assert sb("render", "report", cwd=ws).rc == 0
        return _report_row(ws)["findings"]

    honest = draft(ids)
    assert findings(honest) == []
    # a heading: a topic passes, a heading that says the pass works on every route is refused
    bad = findings(honest.replace("## Where the pass works", "## The pass works on every route"))
    assert any(x.startswith("E-PAGE-WORD-UNBACKED  build/report.md:3  heading") and "'every'" in x for x in bad), bad
    # a short label over the sentences after it: "fleet-wide" is a scope the claims lack
    assert findings(honest.replace("## Where the pass works\n", "## Where the pass works\n\nAccepted, with limits.\n")) == []
    bad = findings(honest.replace("## Where the pass works\n", "## Where the pass works\n\nAccepted fleet-wide.\n"))
    assert any(x.startswith("E-PAGE-WORD-UNBACKED") and "fleet-wide" in x for x in bad), bad
    # a table row: cited and saying what its claim says passes; citing nothing and stating scope is refused
    ok = "| Where | Pass |\n|---|---|\n| W1 and W2 | accepted [@" + ids["pass"] + "] |\n\n"
    assert findings(honest.replace("## How many ride", ok + "## How many ride")) == []
    row = "| Where | Pass |\n|---|---|\n| Every route | accepted |\n\n"
    bad = findings(honest.replace("## How many ride", row + "## How many ride"))
    assert any(x.startswith("E-PAGE-WORD-UNBACKED") and "table row" in x for x in bad), bad
    # a code block: a command passes; a data line naming W3 among the routes that take the pass is refused
    cmd = "```\n$ sb verify\n```\n\n"
    assert findings(honest.replace("## How many ride", cmd + "## How many ride")) == []
    code = "```\npass_accepted: W1 W2 W3\n```\n\n"
    bad = findings(honest.replace("## How many ride", code + "## How many ride"))
    assert any(x.startswith("E-PAGE-CODE-FACT") for x in bad), bad
    prose = "```\nNOTICE the pass is now accepted on every route\n```\n\n"
    bad = findings(honest.replace("## How many ride", prose + "## How many ride"))
    assert any(x.startswith("E-PAGE-CODE-PROSE") for x in bad), bad


# ---- a comparison bound to a figure, read in a report as on a page ---------------------------

PEP8 = "# Maximum Line Length\n\nLimit all lines to a maximum of 79 characters.\n"


@pytest.fixture
def capped(ws):
    (ws / "pep8.md").write_text(PEP8, encoding="utf-8")
    assert sb("add", "pep8.md", "--tier", "A", "--reason", "the style guide itself", cwd=ws).rc == 0
    assert sb("extract", cwd=ws).rc == 0
    sid = next(n for n in os.listdir(ws / "sources") if n.startswith("src_"))
    quote = "Limit all lines to a maximum of 79 characters."
    claims = {"claims": [{"text": "PEP 8 says to limit all lines to a maximum of 79 characters.",
                          "topic_key": "pep8.line_length", "kind": "number", "confidence": "verified",
                          "evidence": [{"source_id": sid, "quote": quote}]}]}
    (ws / "c.json").write_text(json.dumps(claims), encoding="utf-8")
    assert sb("claim", "add", "--file", "c.json", cwd=ws).rc == 0
    assert sb("check-draft", "--only", sid, cwd=ws).rc == 0
    return ws


@pytest.mark.parametrize("sentence, refused", [
    ("PEP 8 asks for lines of at least 79 characters [1].", True),
    ("PEP 8 asks for lines of at most 79 characters [1].", False),
    # 最低 is a floor ("at least"), 最大 a cap ("up to"), as in the claim
    ("PEP 8 は、すべての行を最低79文字にするよう求めています[1]。", True),
    ("PEP 8 は、すべての行を最大79文字に制限するよう求めています[1]。", False),
])
def test_a_comparison_bound_to_a_figure_is_read_in_a_report_as_on_a_page(capped, sentence, refused):
    r = _check(capped, sentence + "\n\n" + _block(capped, numbers="1"), "--strict", "--evidence")
    assert ("E-PAGE-FIGURE-COMPARISON" in r.err) == refused and (r.rc != 0) == refused, r.both
