"""`sb find TEXT` across all sources reads only the sources the index points to, and answers
exactly as reading every source would: checked on the demo's sources, on generated texts full
of markup, and on random sentences of the real-text corpus (when it is on this machine)."""

from __future__ import annotations

import os
import random
import re
import tarfile

import pytest
from conftest import ROOT, sb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sourcebook.domain.index import find as find_index
from sourcebook.domain.sources import locate
from sourcebook.domain.workspace.layout import Workspace
from sourcebook.engines.search.findterms import chunk_keys, join, needle_stages, piece_cut
from sourcebook.engines.search.tokenize import tokenize

DEMO = os.path.join(ROOT, "examples", "demo", "sources")
_SENT = re.compile(r"[^\n.!?。]{12,220}[.!?。]")


def _workspace(root, files: dict[str, str]) -> None:
    assert sb("init", cwd=root).rc == 0
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    r = sb("add", *files, "--tier", "B", "--reason", "find test", cwd=root)
    assert r.rc == 0, r.both
    for cmd in (("extract",), ("chunk", "--target", "300", "--overlap", "40"), ("index",)):
        r = sb(*cmd, cwd=root)
        assert r.rc == 0, r.both


def _outcome(res) -> tuple:
    return (res.elided, res.error.code if res.error else None, res.error.message if res.error else None,
            [(x.source_id, x.exact, [tuple(h) for h in x.inexact], x.parts) for x in res.located],
            [a.chunk_id for a in res.anchors])


def _scan_plan(ws, needle):
    facts = find_index.source_facts(ws)
    return find_index.FindPlan(ws, [s for s, f in facts.items() if f.status == "ready"])


def _both(monkeypatch, ws: Workspace, needle: str) -> tuple:
    with monkeypatch.context() as m:
        m.setattr(find_index, "plan", _scan_plan)
        scanned = _outcome(locate.find(ws, needle))
    return scanned, _outcome(locate.find(ws, needle))


def _variants(sentence: str, rng: random.Random) -> list[str]:
    words = sentence.split()
    out = [sentence, sentence.upper(), "  ".join(words), "\n".join(words), sentence.replace("'", "\u2019"),
           sentence[rng.randrange(1, 6):], sentence[:-rng.randrange(1, 6)],
           " ".join(w if i % 3 else f"**{w}**" for i, w in enumerate(words))]
    if len(words) > 6:
        out.append(" ".join(words[:3]) + " [...] " + " ".join(words[-3:]))
        k = rng.randrange(len(words))
        out.append(" ".join(words[:k] + ["zqxv" + words[k]] + words[k + 1:]))  # not in any text
    return out


def _demo_files() -> dict[str, str]:
    out = {}
    for name in sorted(os.listdir(DEMO)):
        with open(os.path.join(DEMO, name), encoding="utf-8") as fh:
            out[name] = fh.read()
    return out


def test_the_demo_finds_the_same_as_a_scan(tmp_path, monkeypatch):
    _workspace(tmp_path, _demo_files())
    ws = Workspace(str(tmp_path))
    rng = random.Random(7)
    texts = [(ws.normalized_path(s)) for s in ws.source_ids()]
    sentences = []
    for path in texts:
        with open(path, encoding="utf-8") as fh:
            sentences += [m.group().strip() for m in _SENT.finditer(fh.read())]
    assert len(sentences) > 30
    narrowed = 0
    for sentence in sentences:
        for needle in _variants(sentence, rng):
            if not needle.strip():
                continue
            scanned, indexed = _both(monkeypatch, ws, needle)
            assert indexed == scanned, needle
        plan = find_index.plan(ws, sentence)
        narrowed += plan.exact is not None and len(plan.exact) < len(plan.ready)
    assert narrowed > len(sentences) // 2  # the index did the choosing, most of the time


PIECES = list("abcdeIı _*`\\[]()!-'\u2019\u00ad\u200b.\n|") + [
    "ferry", "card", "snake_case", "im*port*ant", "[link](u)", "**bold**", " ", " ", " the ",
    ":pep:`8`", "`Title <https://x.org>`_", "[ref][1]", "\n- ", "\n1. ", "\n# ", "`code`", "\u2014", "\u2026"]
MARKED = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.lists(MARKED, min_size=1, max_size=8).map("".join), min_size=1, max_size=4),
       pick=st.integers(0, 10_000), cut=st.integers(0, 7))
def test_markup_and_case_traps_find_the_same_as_a_scan(tmp_path_factory, monkeypatch, texts, pick, cut):
    texts = [t for t in texts if t.strip()]
    if not texts:
        return
    root = tmp_path_factory.mktemp("fi")
    files = {f"t{i}.md": t + "\n" for i, t in enumerate(texts)}
    files["anchor.md"] = "The ferry card is accepted on every line.\n"  # the index has a term
    _workspace(root, files)
    ws = Workspace(str(root))
    normal = [open(ws.normalized_path(s), encoding="utf-8").read() for s in ws.source_ids()]
    src = normal[pick % len(normal)]
    a = pick % max(1, len(src))
    needle = src[a:a + 10 + cut * 7]
    for n in {needle, join(needle), needle.upper(), needle.replace("ı", "I"), needle.replace("i", "ı"),
              " ".join(needle.split())}:
        if n.strip():
            scanned, indexed = _both(monkeypatch, ws, n)
            assert indexed == scanned, n


def test_needle_stages_take_whole_words_only():
    exact, ladder = needle_stages("rness of the harbour card **is** snake_case now")
    assert exact.terms == ("card", "case", "harbour", "snake")
    assert "rness" not in exact.terms and "now" not in exact.terms
    assert any("snakecase" in s.terms for s in ladder)
    assert needle_stages("two words")[0].terms == ()  # no whole word: the scan fallback


def test_chunk_keys_mark_joined_words_and_traps():
    plain = set(tokenize("a snake_case im*port*ant word"))
    assert chunk_keys("a snake_case im*port*ant word", plain) == ["~important", "~snakecase"]
    assert chunk_keys("plain words only", set()) == []
    assert chunk_keys("kıyı", set()) == ["~*"]
    text = "aaaaabbbbbcccc dd"
    assert piece_cut(text, 5, 5) and not piece_cut(text, 5, 0) and not piece_cut(text, 14, 15)


def test_a_large_scan_says_why(tmp_path, monkeypatch):
    _workspace(tmp_path, {"a.md": "The ferry card is accepted on every line.\n", "b.md": "Zeppelins fly.\n"})
    monkeypatch.setattr(find_index, "SCAN_NOTE", 2)
    r = sb("find", "ferry card", cwd=tmp_path)  # two words: no whole indexed word
    assert r.rc == 0 and "W-FIND-SCAN  (all sources)  read all 2 sources because the text has no whole" in r.err
    r = sb("find", "The ferry card is accepted", cwd=tmp_path)
    assert r.rc == 0 and "W-FIND-SCAN" not in r.err


def test_find_help_names_the_scan_fallback(ws):
    r = sb("find", "--help", cwd=ws)
    assert "index" in r.out and "reads every source" in r.out


CORPUS = os.environ.get("SB_BENCH_CORPUS", "/work/shared/bench/corpus/corpus.tar.xz")


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isfile(CORPUS), reason="the real-text corpus is not on this machine")
def test_random_corpus_sentences_find_the_same_as_a_scan(tmp_path, monkeypatch):
    files: dict[str, str] = {}
    with tarfile.open(CORPUS) as tar:
        for member in tar:
            if member.isfile() and member.name.startswith("L/") and len(files) < 24:
                data = tar.extractfile(member)
                if data is not None:
                    files[os.path.basename(member.name)] = data.read().decode("utf-8", "replace")
            if len(files) >= 24:
                break
    _workspace(tmp_path, files)
    ws = Workspace(str(tmp_path))
    rng = random.Random(16)
    sentences = []
    for sid in ws.source_ids():
        with open(ws.normalized_path(sid), encoding="utf-8") as fh:
            sentences += [m.group().strip() for m in _SENT.finditer(fh.read())]
    for sentence in rng.sample(sentences, 8):  # each is compared in several variants, scan against index
        for needle in _variants(sentence, rng):
            if needle.strip():
                scanned, indexed = _both(monkeypatch, ws, needle)
                assert indexed == scanned, needle
