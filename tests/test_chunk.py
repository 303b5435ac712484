"""Chunker v1: golden outputs, tiling, sizes refused cleanly, and the chunk files."""

from __future__ import annotations

import json
import os

from conftest import FIXTURES, examples, sb
from hypothesis import given, settings
from hypothesis import strategies as st
from text_sources import add_text

from sourcebook.engines.search.chunk import blocks, check_sizes, chunk

SAMPLE = os.path.join(FIXTURES, "chunk", "sample.md")


def _golden(name: str, produced: str) -> None:
    """Compare with a golden file; SB_UPDATE_GOLDEN=1 rewrites it instead."""
    path = os.path.join(FIXTURES, "chunk", name)
    if os.environ.get("SB_UPDATE_GOLDEN"):
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(produced)
    with open(path, encoding="utf-8") as fh:
        assert produced == fh.read(), f"{name} changed; rerun with SB_UPDATE_GOLDEN=1 if intended"


def _render(text: str, target: int, overlap: int) -> str:
    return "".join(json.dumps([c.ordinal, c.start, c.end, list(c.heading_path), text[c.start:c.end]],
                              ensure_ascii=False) + "\n" for c in chunk(text, target, overlap))


def test_golden_chunks_small_sizes():
    text = open(SAMPLE, encoding="utf-8").read()
    _golden("sample.t240.o60.jsonl", _render(text, 240, 60))


def test_golden_chunks_default_sizes():
    text = open(SAMPLE, encoding="utf-8").read()
    _golden("sample.default.jsonl", _render(text, 1600, 240))


def test_headings_open_chunks_with_their_path():
    text = open(SAMPLE, encoding="utf-8").read()
    cs = chunk(text, 240, 60)
    paths = [c.heading_path for c in cs]
    assert ("Harbour ferries", "Northline", "Fares") in paths
    assert paths[-1] == ("Harbour ferries", "Southline")
    fares = next(c for c in cs if c.heading_path[-1:] == ("Fares",))
    assert text[fares.start:].startswith("### Fares")


def test_blocks_tile_the_text():
    text = open(SAMPLE, encoding="utf-8").read()
    bs = blocks(text)
    assert bs[0].start == 0 and bs[-1].end == len(text)
    assert all(a.end == b.start for a, b in zip(bs, bs[1:], strict=False))


def test_a_short_last_chunk_joins_its_predecessor():
    text = "word " * 100 + "end."
    cs = chunk(text, 300, 0)
    assert cs[-1].end == len(text)
    assert all(c.end - c.start >= 120 for c in cs[-1:])


def test_overlap_reaches_back_to_the_last_word_before_the_cut():
    text = "\n\n".join(" ".join(f"w{i:03d}{j}" for i in range(30)) for j in range(6))
    cs = chunk(text, 300, 50)
    assert len(cs) > 2
    for prev, c in zip(cs, cs[1:], strict=False):
        assert prev.start <= c.start < prev.end  # the overlap repeats the tail of the previous chunk
        assert text[c.start - 1] == " "  # and starts at a word
    assert chunk(text, 300, 0)[1].start == cs[0].end  # no overlap asked: chunks abut


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(list("ab .!?\n#\t") + ["# ", "## ", "\n\n", "é", "😀"]), max_size=200).map("".join),
       st.integers(1, 120), st.integers(0, 119))
def test_chunks_tile_the_text(text, target, overlap):
    if overlap >= target:
        overlap = target - 1
    cs = chunk(text, target, overlap)
    if not text:
        assert cs == []
        return
    assert cs[0].start == 0 and cs[-1].end == len(text)
    for i, c in enumerate(cs):
        assert c.ordinal == i and 0 <= c.start < c.end <= len(text)
    for prev, c in zip(cs, cs[1:], strict=False):
        assert prev.start <= c.start <= prev.end  # no gap, never backwards


def test_bad_sizes_are_named():
    assert check_sizes(0, 0) and check_sizes(10, -1) and check_sizes(10, 10)
    assert check_sizes(1, 0) is None


def test_cli_refuses_bad_sizes_without_hanging(ws):
    add_text(ws, "Some text for chunking.\n")
    for args in (("--target", "0"), ("--target", "-5"), ("--target", "100", "--overlap", "100"),
                 ("--overlap", "-1")):
        r = sb("chunk", *args, cwd=ws)
        assert r.rc == 1 and "E-CHUNK" in r.err, (args, r.both)
    r = sb("chunk", "--target", "many", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err
    assert not os.listdir(ws / "chunks")


def test_bad_sizes_in_config_are_named(ws):
    add_text(ws, "Some text for chunking.\n")
    m = json.loads((ws / "sourcebook.json").read_text())
    m["config"]["chunk_target"] = 0
    (ws / "sourcebook.json").write_text(json.dumps(m))
    r = sb("chunk", cwd=ws)
    assert r.rc == 1 and "E-CHUNK  config.chunk_target" in r.err


def test_chunk_without_ready_sources(ws):
    r = sb("chunk", cwd=ws)
    assert r.rc == 2 and "E-CHUNK  sources" in r.err


def test_ready_source_without_text(ws):
    sid = add_text(ws, "Some text.\n")
    os.remove(ws / "sources" / sid / "normalized.md")
    r = sb("chunk", cwd=ws)
    assert r.rc == 2 and f"E-CHUNK  {sid}" in r.err


def test_chunk_file_format_and_output_line(ws):
    sid = add_text(ws, open(SAMPLE, encoding="utf-8").read())
    r = sb("chunk", "--target", "240", "--overlap", "60", cwd=ws)
    assert r.rc == 0, r.both
    n = len(chunk(open(SAMPLE, encoding="utf-8").read(), 240, 60))
    assert f"chunked  {sid}  {n} chunks  (target=240 overlap=60)" in r.out
    raw = (ws / "chunks" / f"{sid}.jsonl").read_text(encoding="utf-8")
    assert raw.endswith("\n")
    lines = raw.splitlines()
    first = json.loads(lines[0])
    assert list(first) == ["chunk_id", "end", "heading_path", "ordinal", "source_id", "start"]
    assert lines[0] == json.dumps(first, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    assert first["chunk_id"] == f"{sid}#c0000" and first["start"] == 0


def test_sizes_change_chunks_and_defaults_come_from_config(ws):
    sid = add_text(ws, open(SAMPLE, encoding="utf-8").read())
    assert sb("chunk", cwd=ws).rc == 0
    default = (ws / "chunks" / f"{sid}.jsonl").read_text()
    assert "(target=1600 overlap=240)" in sb("chunk", cwd=ws).out
    assert sb("chunk", "--target", "240", "--overlap", "60", cwd=ws).rc == 0
    assert (ws / "chunks" / f"{sid}.jsonl").read_text() != default
    assert sb("config", "set", "config.chunk_target=300", cwd=ws).rc == 0
    assert "(target=300 overlap=240)" in sb("chunk", cwd=ws).out


def test_chunk_files_are_deterministic(tmp_path):
    outs = []
    for name in ("one", "two"):
        root = tmp_path / name
        root.mkdir()
        assert sb("init", cwd=root).rc == 0
        sid = add_text(root, open(SAMPLE, encoding="utf-8").read())
        assert sb("chunk", cwd=root).rc == 0
        outs.append((root / "chunks" / f"{sid}.jsonl").read_bytes())
    assert outs[0] == outs[1]


def test_rechunking_unchanged_keeps_the_index_current(ws):
    sid = add_text(ws, open(SAMPLE, encoding="utf-8").read())
    assert sb("chunk", cwd=ws).rc == 0
    assert sb("index", cwd=ws).rc == 0
    before = os.stat(ws / "chunks" / f"{sid}.jsonl").st_mtime_ns
    assert sb("chunk", cwd=ws).rc == 0
    assert os.stat(ws / "chunks" / f"{sid}.jsonl").st_mtime_ns == before
    assert "state      INDEX" in sb("status", cwd=ws).out


def test_a_second_run_reads_only_what_changed(ws, monkeypatch):
    from sourcebook.domain.sources import chunking

    a = add_text(ws, "# A\n\nThe first text, about ferries.\n")
    b = add_text(ws, "# B\n\nThe second text, about zeppelins.\n")
    assert sb("chunk", cwd=ws).rc == 0
    seen: list[str] = []
    real = chunking.read_normalized
    monkeypatch.setattr(chunking, "read_normalized", lambda w, sid: seen.append(sid) or real(w, sid))
    r = sb("chunk", cwd=ws)
    assert r.rc == 0 and seen == [] and f"chunked  {a}  1 chunks" in r.out  # nothing read again
    r = sb("chunk", "--target", "20", "--overlap", "5", cwd=ws)
    assert r.rc == 0 and sorted(seen) == sorted([a, b])  # new sizes: every source
    seen.clear()
    text = ws / "sources" / b / "normalized.md"
    text.write_text(text.read_text() + "More about zeppelins.\n")
    assert sb("chunk", "--target", "20", "--overlap", "5", cwd=ws).rc == 0
    assert seen == [b]  # only the changed text


@settings(max_examples=80, deadline=None)
@given(titles=st.lists(st.text(min_size=1, max_size=12).filter(lambda t: t.strip() and "\n" not in t and "\r" not in t),
                       min_size=1, max_size=4))
def test_chunk_lines_are_canonical_json(titles):
    # (a title holding U+0085 once split a record in two when read with splitlines)
    from sourcebook.base.jsonio import dumps_compact
    from sourcebook.domain.sources.chunking import render

    text = "".join(f"{'#' * (i % 3 + 1)} {t}\n\nSome words under it.\n\n" for i, t in enumerate(titles))
    body, n = render("src_0123456789ab", text, 40, 5)
    for line in body.rstrip("\n").split("\n"):  # records end at "\n" only (see chunkfiles)
        assert line == dumps_compact(json.loads(line))


def test_a_heading_with_a_line_separator_character_survives_the_chunk_file(ws):
    # JSON keeps U+0085 and U+2028 as they are; reading the chunk file must not cut a record there
    sid = add_text(ws, "# Fares\u2028and passes\u0085today\n\nA single fare is 3.40 marks.\n")
    r = sb("chunk", cwd=ws)
    assert r.rc == 0, r.both
    from sourcebook.domain.index.chunkfiles import load_chunks
    from sourcebook.domain.workspace.layout import Workspace

    recs = load_chunks(Workspace(str(ws)), sid)
    assert recs and any("\u0085" in "".join(c["heading_path"]) for c in recs), recs
