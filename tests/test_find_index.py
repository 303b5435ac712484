"""`sb find TEXT` across all sources reads only the sources the index points to, and answers
exactly as reading every source would: checked on the demo's sources, on generated texts full
of markup, and on random sentences of the real-text corpus (when it is on this machine)."""

from __future__ import annotations

import os
import random
import re
import tarfile

import pytest
from conftest import ROOT, examples, sb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sourcebook.domain.index import find as find_index
from sourcebook.domain.sources import locate
from sourcebook.domain.workspace.layout import Workspace
from sourcebook.engines.search import findterms
from sourcebook.engines.search.chunk import chunk
from sourcebook.engines.search.findterms import chunk_keys, join, needle_stages, piece_cut, term_bound
from sourcebook.engines.search.tokenize import fold, tokenize

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


# Each example builds a workspace (add, extract, chunk, index) and compares six needles, scan
# against index; new texts each run (a failing one is kept in the example database and tried
# first), and the hand-made traps are tests of their own below.
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
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


def _every_char() -> str:
    return "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)


def test_char_growth_bounds_hold_for_every_code_point():
    every = _every_char()
    assert max(map(findterms.char_growth, every)) == findterms.CHAR_GROWTH_MAX
    like_ascii = set(re.findall(r"[\x00-\x7f]", every, re.IGNORECASE)) - set(map(chr, range(128)))
    assert like_ascii  # each is a word character that folds to one character, as ASCII letters do
    assert all(re.fullmatch(r"\w", ch) and len(fold(ch)) == 1 for ch in like_ascii)


WORDY = st.lists(st.sampled_from(list("ab cdiksI_-.\n\t") + ["ab", "kiss", "7", "ß", "İ", "ı", "K", "ſ", "\ufdfa", "東京都", "ﬃ", "é",
                                                          "\u0301", "日本", "the ", "Ab"]), max_size=30).map("".join)


@settings(max_examples=examples(150), deadline=None)  # new needles each run
@given(needle=WORDY, a=st.integers(0, 60), b=st.integers(0, 60))
def test_a_part_of_a_match_holds_no_more_terms_than_the_bound(needle, a, b):
    part = needle[a:a + b]
    assert len(tokenize(part)) <= term_bound(needle)
    # the whitespace and case rungs: any whitespace for a space, any case for a letter
    other = re.sub(r"\s+", "\u2003\n ", needle).swapcase().replace("i", "\u0130").replace("k", "\u212a")
    other = other.replace("s", "\u017f").replace("I", "\u0131")
    assert len(tokenize(other[a:a + b])) <= term_bound(" ".join(needle.split()), any_case=True)


@settings(max_examples=examples(200), deadline=None)
@given(text=st.lists(st.sampled_from(list("ab .\n#") + ["word ", "\n\n", "## H\n", "```\n"]), max_size=120).map("".join),
       target=st.integers(5, 120), overlap=st.integers(0, 60))
def test_chunks_start_and_end_in_order(text, target, overlap):
    """The window rule of index/find relies on it: chunks in order never start or end earlier."""
    if overlap >= target:
        return
    cs = chunk(text, target, overlap)
    assert all(x.start <= y.start and x.end <= y.end for x, y in zip(cs, cs[1:], strict=False))


FAR = ("The harbour ferry leaves at dawn. " + "Gulls circle over the quay and the nets dry in the sun. " * 12
       + "Every passenger needs a card. " + "Tides rise and fall twice a day along the old stone wall. " * 12
       + "Tickets are sold on board.\n")
NEAR = "Old notes.\n\nThe harbour ferry leaves at dawn and every passenger needs a card on board.\n"


def test_words_far_apart_do_not_make_a_source_read(tmp_path, monkeypatch):
    _workspace(tmp_path, {"far.md": FAR, "near.md": NEAR})
    ws = Workspace(str(tmp_path))
    far, near = sorted(ws.source_ids(), key=lambda s: "harbour ferry leaves at dawn. Gulls"
                       in open(ws.normalized_path(s), encoding="utf-8").read(), reverse=True)
    for needle in ("the harbour ferry leaves at dawn and every passenger needs a card",
                   "the harbour ferry leaves at dawn and every passenger needs a ticket"):
        p = find_index.plan(ws, needle)
        assert p.exact is not None and far not in p.exact  # every word is in far.md, but not together
        assert p.tolerant is not None and far not in p.tolerant  # nor at the markup rungs, nor in the view
        scanned, indexed = _both(monkeypatch, ws, needle)
        assert indexed == scanned
    # across chunk boundaries (target 300, overlap 40): a long sentence is still found
    needle = "Gulls circle over the quay and the nets dry in the sun. " * 7
    p = find_index.plan(ws, needle.strip())
    assert p.exact == [far]
    assert locate.find(ws, needle.strip()).found_exact


# a workspace per example, as above
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.lists(st.sampled_from(["ferry", "card", "harbour", "the", "at", "dawn", "Quay", " ",
                                                "\n", "\n\n", ". ", "nets", "ferry card"]), min_size=5,
                               max_size=60).map(" ".join)
                      # a text of stop words alone has nothing to index (sb index refuses it)
                      .filter(lambda t: any(w in t for w in ("ferry", "card", "harbour", "dawn", "Quay", "nets"))),
                      min_size=1, max_size=3),
       pick=st.integers(0, 10_000), size=st.integers(3, 30))
def test_tiny_chunks_find_the_same_as_a_scan(tmp_path_factory, monkeypatch, texts, pick, size):
    """Chunks far shorter than the needle: a match spans many of them."""
    root = tmp_path_factory.mktemp("fw")
    files = {f"t{i}.md": t + "\n" for i, t in enumerate(texts)}
    assert sb("init", cwd=root).rc == 0
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    assert sb("add", *files, "--tier", "B", "--reason", "find test", cwd=root).rc == 0
    for cmd in (("extract",), ("chunk", "--target", "24", "--overlap", "9"), ("index",)):
        assert sb(*cmd, cwd=root).rc == 0
    ws = Workspace(str(root))
    src = open(ws.normalized_path(ws.source_ids()[pick % len(files)]), encoding="utf-8").read()
    a = pick % max(1, len(src))
    needle = src[a:a + size * 4]
    for n in {needle, needle.upper(), " ".join(needle.split()), needle.replace("ferry", "ferries")}:
        if n.strip():
            scanned, indexed = _both(monkeypatch, ws, n)
            assert indexed == scanned, n


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


def test_a_markup_match_is_found_where_the_plain_rungs_are_skipped(tmp_path, monkeypatch):
    _workspace(tmp_path, {"a.md": "Old notes.\n\nSet the snake_case option before the ferry leaves.\n",
                          "b.md": "Set the snakecase option before the ferry leaves.\n"})
    ws = Workspace(str(tmp_path))
    needle = "Set the snakecase option before the ferry leaves, twice"
    p = find_index.plan(ws, needle)
    assert p.tolerant is not None and len(p.tolerant) == 2 and p.spaced is not None and len(p.spaced) == 1
    res = locate.find(ws, needle.rpartition(",")[0] + ".")
    assert res.found_exact  # b.md as written
    res = locate.find(ws, "SET THE snakecase OPTION before the ferry leaves.")
    levels = sorted(h.level for x in res.located for h in x.inexact)
    assert levels == ["case-insensitive", "markup-ignored"]  # a.md is read at the markup rungs
    scanned, indexed = _both(monkeypatch, ws, "SET THE snakecase OPTION before the ferry leaves.")
    assert indexed == scanned


LINKED = ("Old notes.\n\nThe harbour [ferry](https://example.org/timetables/harbour-ferry-dawn-crossings) leaves "
          "at dawn and every passenger needs a\u00ad card on **board**.\n")


def test_a_match_through_links_and_invisible_characters_is_read_and_words_far_apart_are_not(tmp_path, monkeypatch):
    _workspace(tmp_path, {"far.md": FAR, "linked.md": LINKED})
    ws = Workspace(str(tmp_path))
    linked = next(s for s in ws.source_ids() if "timetables" in open(ws.normalized_path(s), encoding="utf-8").read())
    needle = "The harbour ferry leaves at dawn and every passenger needs a card on board."
    p = find_index.plan(ws, needle)
    assert p.exact == p.tolerant == [linked]  # far.md holds every word, too far apart
    res = locate.find(ws, needle)
    assert [x.source_id for x in res.located] == [linked]
    assert res.located[0].inexact[0].level == "invisibles-ignored"
    scanned, indexed = _both(monkeypatch, ws, needle)
    assert indexed == scanned


VIEWY = st.lists(st.one_of(
    st.sampled_from(["ferry ", "card ", "harbour ", "dawn ", "the ", "Quay ", " ", "\n", "\n\n", ". "]),
    st.sampled_from(["[ferry](https://example.org/harbour/dawn/quay)", "card](x/y/z)", "**", "*", "_", "`", "\u00ad",
                     "\u200b", "snake_case", ":pep:`8`", "x:pep:`8`", ":ref:`the quay <target>`", "`Dawn <https://x.org>`_s",
                     "[two words][the label]", "][my label]more", "\n1. ", "\n- ", "\n# ", "\n```python ferry card\n",
                     "|", "\u2014", "\u2026", "\u2019", "ı", "[", "]", "!"])), min_size=5, max_size=60).map("".join)


# a workspace per example, as above
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(VIEWY.filter(lambda t: any(w in t.lower() for w in ("ferry", "card", "harbour", "dawn", "quay"))),
                      min_size=1, max_size=3),
       pick=st.integers(0, 10_000), size=st.integers(10, 70))
def test_links_invisibles_and_view_constructs_in_small_chunks_find_the_same_as_a_scan(
        tmp_path_factory, monkeypatch, texts, pick, size):
    """Chunks far shorter than the needle, texts full of what the markup rungs and the reader view
    look through: the windows of find counts never leave out a source that matches."""
    from sourcebook.engines.search.reader_view import quote_view

    root = tmp_path_factory.mktemp("fv")
    files = {f"t{i}.md": t + "\n" for i, t in enumerate(texts)}
    assert sb("init", cwd=root).rc == 0
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    assert sb("add", *files, "--tier", "B", "--reason", "find test", cwd=root).rc == 0
    for cmd in (("extract",), ("chunk", "--target", "40", "--overlap", "10"), ("index",)):
        r = sb(*cmd, cwd=root)
        assert r.rc == 0, r.both
    ws = Workspace(str(root))
    src = open(ws.normalized_path(ws.source_ids()[pick % len(files)]), encoding="utf-8").read()
    a = pick % max(1, len(src))
    part = src[a:a + size]
    for n in {part, join(part), quote_view(part), part.upper(), quote_view(part).replace("a", "4")}:
        if n.strip():
            scanned, indexed = _both(monkeypatch, ws, n)
            assert indexed == scanned, n


def test_the_ladder_is_planned_again_when_the_index_changed_meanwhile(tmp_path, monkeypatch):
    _workspace(tmp_path, {"far.md": FAR, "linked.md": LINKED})
    ws = Workspace(str(tmp_path))
    needle = "The harbour ferry leaves at dawn and every passenger needs a card on board."
    want = find_index.plan(ws, needle).tolerant
    real, calls = find_index._ladder, []

    def gone(picker, *args):  # the files the exact search read were removed by an `sb index`
        calls.append(picker)
        if len(calls) == 1:
            raise find_index.SbError("E-SEARCH", "index/seg", "unreadable")
        return real(picker, *args)

    monkeypatch.setattr(find_index, "_ladder", gone)
    p = find_index.plan(ws, needle)
    assert p.tolerant == want and len(want) == 1 and len(calls) == 2 and calls[0] is not calls[1]


def test_a_plan_works_out_each_steps_candidates_once(tmp_path, monkeypatch):
    # the ladder asks again for the exact step and for its first rung: the answers are kept
    _workspace(tmp_path, {"a.md": "Old notes.\n\nSet the snake_case option before the ferry leaves.\n",
                          "b.md": "Set the snakecase option before the ferry leaves.\n"})
    ws = Workspace(str(tmp_path))
    needle = "Set the snakecase option before the ferry leaves, twice"
    want = find_index.plan(ws, needle).tolerant
    real, asked = find_index._candidates, []

    def counted(idx, srcs, stage):
        asked.append(stage)
        return real(idx, srcs, stage)

    monkeypatch.setattr(find_index, "_candidates", counted)
    p = find_index.plan(ws, needle)
    assert p.tolerant == want and p.spaced is not None and len(p.spaced) == 1
    assert len(asked) == len({id(s) for s in asked}) >= 2
