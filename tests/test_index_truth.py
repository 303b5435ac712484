"""An index that never lies: search answers from the index only with the chunks it was built
from, refuses a segment whose files are not the sizes it recorded (and `sb status` names it),
and an `sb index` stopped at any write leaves a search that answers exactly as the old or the
new complete index."""

from __future__ import annotations

import json
import os

import pytest
from conftest import sb
from test_index_incremental import QUERIES, _text
from text_sources import add_text


def _answers(root) -> list:
    out = []
    for q in QUERIES:
        r = sb("search", q, "-k", "12", "--json", cwd=root)
        if r.rc != 0:
            return [("refused", r.rc, r.err.split()[0])]
        out.append([(h["chunk_id"], h["score"], h["start"], h["end"], h["preview"]) for h in json.loads(r.out)])
    return out


def _hits_show_what_matched(root) -> None:
    """Every hit's span is the text of the chunk of that id in the current chunk files."""
    for q in QUERIES:
        r = sb("search", q, "-k", "12", "--json", cwd=root)
        if r.rc != 0:
            continue
        for h in json.loads(r.out):
            sid = h["source_id"]
            recs = [json.loads(line) for line in open(root / "chunks" / f"{sid}.jsonl", encoding="utf-8") if line.strip()]
            rec = next(x for x in recs if x["chunk_id"] == h["chunk_id"])
            assert (rec["start"], rec["end"]) == (h["start"], h["end"])


@pytest.fixture
def indexed(ws):
    for s in range(4):
        add_text(ws, _text(s, 160))
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    return ws


def test_search_after_rechunking_without_index_refuses_with_the_fix(indexed):
    ws = indexed
    before = {f: (ws / "chunks" / f).read_bytes() for f in os.listdir(ws / "chunks")}
    assert sb("chunk", "--target", "100", "--overlap", "10", cwd=ws).rc == 0
    assert all((ws / "chunks" / f).read_bytes() != b for f, b in before.items())
    r = sb("search", "harbour card", cwd=ws)
    assert r.rc == 2 and "E-SEARCH-STALE" in r.err and "run `sb index`" in r.err
    assert sb("index", cwd=ws).rc == 0
    _hits_show_what_matched(ws)
    assert _answers(ws)[0] != ("refused",)


def test_chunking_again_to_the_same_chunks_keeps_search_answering(indexed):
    ws = indexed
    before = _answers(ws)
    for f in os.listdir(ws / "chunks"):  # rewritten after the index, with the same bytes
        p = ws / "chunks" / f
        p.write_bytes(p.read_bytes())
    assert _answers(ws) == before and before[0][0] != "refused"


def test_a_truncated_segment_is_refused_and_named_by_status(indexed):
    ws = indexed
    seg = json.loads((ws / "index" / "lexical.json").read_text())["segments"][0]["name"]
    path = ws / "index" / seg / "terms.tsv"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # the lost half: most queries would not touch it
    for q in QUERIES:
        r = sb("search", q, cwd=ws)
        assert r.rc == 2 and f"index/{seg}/terms.tsv" in r.err and "sb index --rebuild" in r.err
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert any(f"index/{seg}/terms.tsv" in n for n in st["notes"]), st["notes"]
    assert sb("index", "--rebuild", cwd=ws).rc == 0
    assert _answers(ws)[0][0] != "refused"


class _Killed(BaseException):
    pass


def _count_writes(monkeypatch, stop_at: int | None) -> list[int]:
    """Count (and at ``stop_at`` stop the process at) every durable write an index build makes:
    each fsync and each rename, which is where a killed writer could leave a half state."""
    seen = [0]
    real_fsync, real_replace = os.fsync, os.replace

    def tick():
        seen[0] += 1
        if stop_at is not None and seen[0] == stop_at:
            raise _Killed()

    def fsync(fd):
        tick()
        return real_fsync(fd)

    def replace(a, b, **kw):
        tick()
        return real_replace(a, b, **kw)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return seen


def _index_in_process(ws) -> None:
    from sourcebook.domain.index.build import build_index
    from sourcebook.domain.workspace.layout import Workspace

    build_index(Workspace(str(ws)))


def test_an_index_stopped_at_every_write_answers_as_the_old_or_the_new_index(indexed, tmp_path, monkeypatch):
    import shutil

    ws = indexed
    old = _answers(ws)
    # the change: a new source and every source chunked again
    add_text(ws, _text(9, 200))
    assert sb("chunk", "--target", "100", "--overlap", "10", cwd=ws).rc == 0
    base = tmp_path / "base"
    shutil.copytree(ws, base, symlinks=True)
    with monkeypatch.context() as m:
        seen = _count_writes(m, None)
        _index_in_process(ws)
    writes = seen[0]
    assert writes >= 4
    new = _answers(ws)
    assert new != old
    for stop in range(1, writes + 1):
        run = tmp_path / f"run{stop}"
        shutil.copytree(base, run, symlinks=True)
        with monkeypatch.context() as m:
            _count_writes(m, stop)
            with pytest.raises(_Killed):
                _index_in_process(run)
        lock = run / ".sb.lock"
        got = _answers(run)
        assert got in (old, new) or got[0][0] == "refused", f"stopped at write {stop} of {writes}: a mixed answer"
        if got[0][0] == "refused":
            assert got[0][2] == "E-SEARCH-STALE"
        _hits_show_what_matched(run)
        assert sb("index", cwd=run).rc == 0, lock
        assert _answers(run) == new, f"stopped at write {stop} of {writes}: the next index is not the complete one"


def test_a_build_of_several_runs_stopped_at_every_write_answers_as_the_old_or_the_new_index(indexed, tmp_path,
                                                                                          monkeypatch):
    """A large build writes its runs unsynced (they are merged before any commit): stopped at
    any durable write, search answers as the old or the new index, and the next `sb index`
    completes it and leaves no run behind."""
    import shutil

    from sourcebook.domain.index import build

    ws = indexed
    old = _answers(ws)
    add_text(ws, _text(9, 200))
    assert sb("chunk", "--target", "100", "--overlap", "10", cwd=ws).rc == 0
    base = tmp_path / "base"
    shutil.copytree(ws, base, symlinks=True)
    monkeypatch.setattr(build, "RUN_DOCS", 7)  # several runs, merged into the one segment kept
    with monkeypatch.context() as m:
        seen = _count_writes(m, None)
        _index_in_process(ws)
    writes = seen[0]
    new = _answers(ws)
    assert new != old
    assert len([n for n in os.listdir(ws / "index") if n.startswith("seg-")]) == 1
    for stop in range(1, writes + 1):
        run = tmp_path / f"run{stop}"
        shutil.copytree(base, run, symlinks=True)
        with monkeypatch.context() as m:
            _count_writes(m, stop)
            with pytest.raises(_Killed):
                _index_in_process(run)
        got = _answers(run)
        assert got in (old, new) or got[0][0] == "refused", f"stopped at write {stop} of {writes}: a mixed answer"
        assert sb("index", cwd=run).rc == 0
        assert _answers(run) == new, f"stopped at write {stop} of {writes}: the next index is not the complete one"
        assert len([n for n in os.listdir(run / "index") if n.startswith(("seg-", ".tmp"))]) == 1
