"""The figure normaliser: kinds and keys, hard cases in four languages, and backing."""

from __future__ import annotations

import pytest

from sourcebook.engines.text.figures import ambiguous, find_figures, unbacked


def keys(s: str) -> list[tuple[str, str]]:
    return [(f.kind, f.key) for f in find_figures(s)]


CASES = [
    ("38,500 riders", [("number", "38500")]),
    ("38 500 пассажиров", [("number", "38500")]),
    ("３１，０００人", [("number", "31000")]),
    ("三万一千人", [("number", "31000")]),
    ("3.1万人", [("number", "31000")]),
    ("Fares rose 12%.", [("percent", "12%")]),
    ("百分之十二", [("percent", "12%")]),
    ("It cost €1,000.", [("money", "EUR:1000")]),
    ("「運賃は3.40マークです。」", [("money", "MARK:3.4")]),
    ("Python 3.14 ships.", [("version", "v3.14")]),
    ("On 1 December 2026.", [("date", "2026-12-01")]),
    ("2026年12月1日", [("date", "2026-12-01")]),
    ("十二月一日", [("date", "--12-01")]),
    ("二〇二六年", [("date", "2026")]),
    ("Новые считыватели установят в ноябре 2026 г.", [("date", "2026-11")]),
    ("新的读卡器将于十一月安装。W3航路也一样！", [("date", "--11")]),
    ("Route W3, 3D, B2B, src_4b1d0c9e2a77 and three travellers", []),
    ("一つ 一个 统一", []),
    ("01.11.2026", [("ambiguous", "2026-01-11|2026-11-01")]),
    ("13/11/2026", [("date", "2026-11-13")]),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_hard_cases(text, expected):
    assert keys(text) == expected


def test_written_and_offsets():
    text = "Ridership: ３８，５００ on 1 December 2026."
    for f in find_figures(text):
        assert text[f.start : f.end] == f.written


def test_unbacked_compares_by_meaning():
    assert unbacked("38,500 riders", ["38 500 пассажиров"]) == []
    assert [f.written for f in unbacked("2.40 marks", ["3.40 marks"])] == ["2.40 marks"]
    assert unbacked("1 December 2026", ["on 2026-12-01"]) == []
    assert unbacked("signed in August 2026", ["signed in August and installation in November 2026"]) == []
    assert unbacked("ambiguous 01.11.2026", ["01.11.2026"]) == ambiguous("ambiguous 01.11.2026")
