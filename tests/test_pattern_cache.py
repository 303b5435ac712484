"""The compiled programs of sourcebook's patterns, kept between runs: the same pattern, never
another; a damaged or foreign file is ignored."""

from __future__ import annotations

import marshal
import re

import pytest

from sourcebook.base.patterns import cache


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("SB_PATTERN_CACHE", raising=False)
    monkeypatch.setattr(cache, "_held", None)
    monkeypatch.setattr(cache, "_new", {})
    monkeypatch.setattr(cache.atexit, "register", lambda fn: None)  # saved by the test itself
    return tmp_path


def _next_run(monkeypatch):
    monkeypatch.setattr(cache, "_held", None)
    monkeypatch.setattr(cache, "_new", {})


SOURCES = [(r"(?P<n>\d+(?:[.,]\d+)?)\s*(?P<u>km|miles?)\b", re.I), (r"(?<![^\W\u3040-\u30ff])w3", 0),
           (r"^\s*(?:as\s+of|Stand)\b(?P<rest>.*)$", re.M | re.S), (r"[\u4e00-\u9fff]{2,}(?:ました|でした)", 0)]
TEXTS = ["12 km", "3,5 Miles", "W3 w3 xw3", "as of May\nStand 2026", "運行しました", ""]


def _behaviour(p: re.Pattern[str]):
    return [(p.pattern, p.flags, p.groupindex, [m.span() for m in p.finditer(t)]) for t in TEXTS]


def test_a_kept_program_builds_the_pattern_python_compiles(fresh, monkeypatch):
    first = [cache.build(s, f) for s, f in SOURCES]
    cache._save()
    assert cache.path().startswith(str(fresh))
    _next_run(monkeypatch)
    held = cache._load()
    assert set(held) == {(s, int(f)) for s, f in SOURCES}
    again = [cache.build(s, f) for s, f in SOURCES]
    assert cache._new == {}  # nothing compiled afresh: every one came from the file
    for a, b, (s, f) in zip(first, again, SOURCES, strict=True):
        assert b == re.compile(s, f) and _behaviour(b) == _behaviour(a)


def test_a_damaged_or_foreign_file_is_ignored_and_patterns_compile_as_usual(fresh, monkeypatch):
    import os

    os.makedirs(os.path.dirname(cache.path()), exist_ok=True)
    for junk in (b"not marshal at all", marshal.dumps([1, 2, 3]),
                 marshal.dumps({(SOURCES[0][0], int(SOURCES[0][1])): (0, [999999, 1], 0, {}, ())}),
                 marshal.dumps({(SOURCES[0][0], int(SOURCES[0][1])): "program"}),
                 marshal.dumps({(SOURCES[0][0], int(SOURCES[0][1])): marshal.dumps((0, [999999, 1], 0, {}, ()))}),
                 marshal.dumps({(SOURCES[0][0], int(SOURCES[0][1])): b"not marshal"})):
        with open(cache.path(), "wb") as fh:
            fh.write(junk)
        _next_run(monkeypatch)
        p = cache.build(*SOURCES[0])
        assert p == re.compile(*SOURCES[0]) and _behaviour(p) == _behaviour(re.compile(*SOURCES[0]))


def test_a_program_that_builds_another_pattern_is_never_kept(fresh, monkeypatch):
    # as a Python whose compiler works otherwise would: the check before writing refuses it
    monkeypatch.setattr(cache, "_program", lambda source, flags: (int(flags), [0], 0, {}, ()))
    cache.build(*SOURCES[1])
    assert cache._new == {}


def test_off_when_asked(fresh, monkeypatch):
    monkeypatch.setenv("SB_PATTERN_CACHE", "0")
    assert cache.build(*SOURCES[0]) == re.compile(*SOURCES[0])
    assert cache._new == {} and cache._held is None
