"""The incremental index: equal to a rebuild, deterministic, crash-safe, bounded in segments."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys

import pytest
from conftest import SCRIPTS, sb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from text_sources import add_text

from sourcebook.domain.index import build as indexing
from sourcebook.domain.index import manifest as M

WORDS = ("harbour ferry card fare line route weekend night zeppelin balloon orchard pear apple "
         "tide pier dock lantern signal timetable platform bridge river canal lock gate").split()
QUERIES = ("harbour card", "ferry fare weekend", "zeppelin", "orchard pear apple", "night route line",
           "tide pier dock lantern", "bridge", "canal lock gate river")


def _text(seed: int, n: int) -> str:
    out, x = [], seed
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2**31
        out.append(WORDS[x % len(WORDS)] + ("." if i % 9 == 8 else ""))
        if i % 40 == 39:
            out.append("\n\n## Part\n\n")
    return f"# Doc {seed}\n\n" + " ".join(out) + "\n"


def _results(root) -> list:
    out = []
    for q in QUERIES:
        r = sb("search", q, "-k", "20", "--json", cwd=root)
        assert r.rc == 0, r.both
        out.append([(h["chunk_id"], h["score"], h["start"], h["end"]) for h in json.loads(r.out)])
    return out


def _counts(root) -> tuple:
    man = json.loads((root / "index" / "lexical.json").read_text())
    return man["n_docs"], man["total_len"], man["avgdl"], man["sources"]


def _tree(root) -> dict:
    files = {}
    for dirpath, _, names in os.walk(root / "index"):
        for f in names:
            p = os.path.join(dirpath, f)
            files[os.path.relpath(p, root)] = open(p, "rb").read()
    return files


def _ids(root) -> list[str]:
    return sorted(n for n in os.listdir(root / "sources") if n.startswith("src_"))


OPS = st.lists(st.one_of(
    st.tuples(st.just("add"), st.integers(0, 10_000), st.integers(5, 120)),
    st.tuples(st.just("remove"), st.integers(0, 50)),
    st.tuples(st.just("rechunk"), st.sampled_from([(1600, 240), (120, 20), (60, 0), (300, 50)])),
), min_size=1, max_size=7)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_incremental_index_ranks_exactly_like_a_rebuild(tmp_path_factory, monkeypatch, ops):
    monkeypatch.setattr(M, "FACTOR", 2)  # merge often: small examples exercise the merge path
    root = tmp_path_factory.mktemp("inc")
    assert sb("init", cwd=root).rc == 0
    add_text(root, _text(1, 30))
    sizes = (1600, 240)
    assert sb("chunk", cwd=root).rc == 0 and sb("index", cwd=root).rc == 0
    for op in ops:
        if op[0] == "add":
            add_text(root, _text(op[1], op[2]))
        elif op[0] == "remove":
            ids = _ids(root)
            if len(ids) > 1:
                r = sb("source", "rm", ids[op[1] % len(ids)], "--reason", "test removal", cwd=root)
                assert r.rc == 0, r.both
        else:
            sizes = op[1]
        r = sb("chunk", "--target", sizes[0], "--overlap", sizes[1], cwd=root)
        assert r.rc == 0, r.both
        r = sb("index", cwd=root)
        assert r.rc == 0, r.both
        # chunks: incremental equals chunking from nothing
        fresh = root.parent / (root.name + "-fresh")
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.copytree(root, fresh)
        shutil.rmtree(fresh / "chunks")
        shutil.rmtree(fresh / ".sb-cache", ignore_errors=True)
        os.makedirs(fresh / "chunks")
        assert sb("chunk", "--target", sizes[0], "--overlap", sizes[1], cwd=fresh).rc == 0
        for name in os.listdir(root / "chunks"):
            assert (root / "chunks" / name).read_bytes() == (fresh / "chunks" / name).read_bytes()
        assert sorted(os.listdir(root / "chunks")) == sorted(os.listdir(fresh / "chunks"))
        # index and search: incremental equals a rebuild
        assert sb("index", "--rebuild", cwd=fresh).rc == 0
        assert _counts(root) == _counts(fresh)
        assert _results(root) == _results(fresh)
        st_ = json.loads(sb("status", "--json", cwd=root).out)
        assert st_["state"] == "INDEX", st_
        shutil.rmtree(fresh)


def test_rebuild_is_byte_identical_whatever_the_path(tmp_path):
    texts = [_text(s, 60) for s in (3, 4, 5, 6)]
    one, two = tmp_path / "one", tmp_path / "two"
    for root in (one, two):
        root.mkdir()
        assert sb("init", cwd=root).rc == 0
    for t in texts:  # one: all at once
        add_text(one, t)
    assert sb("chunk", cwd=one).rc == 0 and sb("index", cwd=one).rc == 0
    for t in [texts[2], _text(99, 40), texts[0]]:  # two: another order, a detour, re-chunking
        add_text(two, t)
        assert sb("chunk", "--target", "200", "--overlap", "30", cwd=two).rc == 0
        assert sb("index", cwd=two).rc == 0
    extra = [s for s in _ids(two) if s not in _ids(one)]
    for sid in extra:
        assert sb("source", "rm", sid, "--reason", "a detour", cwd=two).rc == 0
    for t in (texts[1], texts[3]):
        add_text(two, t)
    assert sb("chunk", cwd=two).rc == 0 and sb("index", cwd=two).rc == 0
    assert _results(one) == _results(two)
    for root in (one, two):  # incremental files may differ; rebuilt ones never do
        assert sb("index", "--rebuild", cwd=root).rc == 0
    assert _tree(one) == _tree(two)
    assert len([n for n in os.listdir(one / "index") if n.startswith("seg-")]) == 1


def test_runs_and_processes_give_the_same_bytes(ws, monkeypatch):
    from sourcebook.domain.workspace.layout import Workspace

    for s in range(6):
        add_text(ws, _text(s, 80))
    assert sb("chunk", "--target", "200", "--overlap", "20", cwd=ws).rc == 0
    indexing.build_index(Workspace(str(ws)), rebuild=True, workers=1)
    one = _tree(ws)
    monkeypatch.setattr(indexing, "RUN_DOCS", 5)  # many runs, merged
    monkeypatch.setattr(indexing, "PARALLEL_MIN_DOCS", 1)
    for workers in (1, 2):
        indexing.build_index(Workspace(str(ws)), rebuild=True, workers=workers)
        assert _tree(ws) == one


def test_the_plan_takes_the_counts_sb_chunk_recorded(ws, monkeypatch):
    """Chunk files as `sb chunk` left them are not read to be counted: the index plans from
    the counts it recorded, and builds the same bytes."""
    from sourcebook.domain.workspace.layout import Workspace

    for s in range(4):
        add_text(ws, _text(s, 80))
    assert sb("chunk", "--target", "200", "--overlap", "20", cwd=ws).rc == 0
    indexing.build_index(Workspace(str(ws)), rebuild=True, workers=1)
    one = _tree(ws)

    def counted(data):
        raise AssertionError("a chunk file was read to be counted")

    monkeypatch.setattr(indexing, "_records", counted)
    indexing.build_index(Workspace(str(ws)), rebuild=True, workers=1)
    assert _tree(ws) == one


def test_a_recorded_count_that_is_wrong_is_counted_again(ws, monkeypatch):
    """A chunk file changed behind `sb chunk`'s back while keeping its size and time: the
    recorded count no longer holds, and the build counts the files and gives the right index."""
    from sourcebook.domain.workspace.layout import Workspace

    for s in range(4):
        add_text(ws, _text(s, 80))
    assert sb("chunk", "--target", "200", "--overlap", "20", cwd=ws).rc == 0
    indexing.build_index(Workspace(str(ws)), rebuild=True, workers=1)
    one, want = _tree(ws), _results(ws)
    path = ws / ".sb-cache" / "chunks.json"
    cache = json.loads(path.read_text())
    for entry in cache["sources"].values():
        entry[4] += 1  # every recorded count one too many
    path.write_text(json.dumps(cache))
    stats = indexing.build_index(Workspace(str(ws)), rebuild=True, workers=1)
    assert stats.n_docs == json.loads((ws / "index" / "lexical.json").read_text())["n_docs"]
    assert _tree(ws) == one and _results(ws) == want


def test_one_more_source_writes_a_small_segment(ws):
    for s in range(5):
        add_text(ws, _text(s, 200))
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    before = json.loads((ws / "index" / "lexical.json").read_text())["segments"]
    add_text(ws, _text(77, 30))
    assert sb("chunk", cwd=ws).rc == 0
    r = sb("index", cwd=ws)
    assert r.rc == 0 and "1 source(s) added, 0 changed, 0 removed; 2 segment(s)" in r.out, r.out
    after = json.loads((ws / "index" / "lexical.json").read_text())["segments"]
    assert after[0] == before[0] and after[1]["docs"] < before[0]["docs"]
    r = sb("index", cwd=ws)
    assert "nothing changed since the last run" in r.out


def test_merge_policy_keeps_few_segments():
    refs = [M.SegRef(f"seg-{i:04d}", 40, 1) for i in range(40)]
    refs.insert(0, M.SegRef("seg-big", 400_000, 10_000))
    live = {r.name: r.live for r in refs}
    names = [r.name for r in refs]
    for group in M.merges(refs):
        merged = "+".join(group)
        live[merged] = sum(live[n] for n in group)
        names = [n for n in names if n not in group] + [merged]
    assert len(names) <= M.MAX_SEGMENTS and "seg-big" in names  # the big one is never rewritten
    half = [M.SegRef("seg-a", 1000, 10, {"src_x": [0, 600]}), M.SegRef("seg-b", 10, 1)]
    assert M.merges(half) == [["seg-a"]]  # more than half deleted: rewritten without them


def test_removed_source_leaves_search_and_status(ws):
    a = add_text(ws, "Zeppelins and balloons over the harbour.\n")
    b = add_text(ws, "The harbour card is accepted on every line.\n")
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    assert sb("source", "rm", a, "--reason", "off topic", cwd=ws).rc == 0
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "CHUNK"
    r = sb("index", cwd=ws)
    assert "0 source(s) added, 0 changed, 1 removed" in r.out, r.out
    hits = json.loads(sb("search", "harbour", "--json", cwd=ws).out)
    assert [h["source_id"] for h in hits] == [b]
    man = json.loads((ws / "index" / "lexical.json").read_text())
    assert man["n_docs"] == 1 and man["sources"] == 1


def test_a_damaged_segment_is_refused_then_repaired(ws):
    add_text(ws, "The harbour card is accepted on every line.\n")
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    seg = json.loads((ws / "index" / "lexical.json").read_text())["segments"][0]["name"]
    (ws / "index" / seg / "postings.bin").write_bytes(b"")
    r = sb("search", "harbour", cwd=ws)
    assert r.rc == 2 and f"E-SEARCH  index/{seg}/postings.bin  unreadable (not the size the index recorded" in r.err
    assert "sb index" in r.err
    r = sb("index", cwd=ws)
    assert r.rc == 0 and f"W-INDEX-REPAIRED  index/{seg}  damaged" in r.err and "1 source(s)" in r.err
    assert json.loads(sb("search", "harbour", "--json", cwd=ws).out)


def test_an_old_format_index_is_refused_then_replaced(ws):
    add_text(ws, "The harbour card is accepted on every line.\n")
    assert sb("chunk", cwd=ws).rc == 0
    (ws / "index" / "meta.json").write_text('{"version": 2}')
    os.makedirs(ws / "index" / "shards")
    r = sb("search", "harbour", cwd=ws)
    assert r.rc == 2 and "E-SEARCH  index  the index has an older format" in r.err
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "CHUNK"
    assert sb("index", cwd=ws).rc == 0
    assert sorted(os.listdir(ws / "index"))[0] == "lexical.json"
    assert not (ws / "index" / "meta.json").exists() and not (ws / "index" / "shards").exists()


def test_an_index_of_the_previous_format_is_refused_by_search_and_rebuilt_by_index(ws):
    """Format 4 added each chunk's find count (findlen.bin): an index of format 3 lacks it."""
    add_text(ws, "The harbour card is accepted on every line of the ferry network today.\n")
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    man_path = ws / "index" / "lexical.json"
    man = json.loads(man_path.read_text())
    assert man["version"] == 4
    seg = man["segments"][0]["name"]
    meta_path = ws / "index" / seg / "meta.json"
    meta = json.loads(meta_path.read_text())
    del meta["sizes"]["findlen.bin"]
    meta_path.write_text(json.dumps(dict(meta, version=3)))
    (ws / "index" / seg / "findlen.bin").unlink()
    old = "seg-0000000000000003"  # a segment of format 3 had other bytes, so another name
    os.rename(ws / "index" / seg, ws / "index" / old)
    man["segments"][0]["name"] = old
    man_path.write_text(json.dumps(dict(man, version=3)))
    r = sb("search", "harbour", cwd=ws)
    assert r.rc == 2 and "E-SEARCH  index/lexical.json  index format 3 is not 4; rebuild it with `sb index`" in r.err
    r = sb("find", "The harbour card is accepted on every line", cwd=ws)  # read without the index
    assert r.rc == 0, r.both
    r = sb("index", cwd=ws)
    assert r.rc == 0 and "built from nothing" in r.out, r.both
    man = json.loads(man_path.read_text())
    assert man["version"] == 4 and man["segments"][0]["name"] == seg and not (ws / "index" / old).exists()
    assert (ws / "index" / man["segments"][0]["name"] / "findlen.bin").stat().st_size == 4 * man["n_docs"]
    assert sb("search", "harbour", cwd=ws).rc == 0


KILLER = r"""
import os, signal, sys
sys.path.insert(0, {scripts!r})
from sourcebook.domain.index import build as indexing, write as S
indexing.RUN_DOCS, indexing.PARALLEL_MIN_DOCS = 10, 1  # several runs, so the build merges
real, seen = S._merged_terms, [0]
def dying(plans, tf_max, progress):
    for item in real(plans, tf_max, progress):
        seen[0] += 1
        if seen[0] == {after}:
            os.kill(os.getpid(), signal.SIGKILL)  # mid-merge: half a segment on disk
        yield item
S._merged_terms = dying
from sourcebook.cli import main
main(["index", "--rebuild"])
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [1, 15])
def test_killed_mid_merge_leaves_the_old_index_usable(ws, monkeypatch, after):
    for s in range(4):
        add_text(ws, _text(s, 120))
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    before = _results(ws)
    old = (ws / "index" / "lexical.json").read_bytes()
    p = subprocess.run([sys.executable, "-c", KILLER.format(scripts=SCRIPTS, after=after)], cwd=ws,
                       capture_output=True, timeout=120)
    assert p.returncode == -signal.SIGKILL, p.stderr
    assert any(n.startswith((".tmp-", "seg-")) and n not in old.decode() for n in os.listdir(ws / "index"))
    assert (ws / "index" / "lexical.json").read_bytes() == old
    assert _results(ws) == before  # the old, complete index still answers
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "INDEX"
    assert sb("index", "--rebuild", cwd=ws).rc == 0  # and the next run cleans up
    assert _results(ws) == before
    names = os.listdir(ws / "index")
    assert len(names) == 2 and not any(n.startswith(".tmp-") for n in names)


def test_a_rebuild_of_the_same_content_reuses_the_live_segment(ws):
    add_text(ws, _text(8, 90))
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    seg = json.loads((ws / "index" / "lexical.json").read_text())["segments"][0]["name"]
    inode = os.stat(ws / "index" / seg / "postings.bin").st_ino
    assert sb("index", "--rebuild", cwd=ws).rc == 0  # never deleted while it is the live index
    assert json.loads((ws / "index" / "lexical.json").read_text())["segments"][0]["name"] == seg
    assert os.stat(ws / "index" / seg / "postings.bin").st_ino == inode


def test_a_re_extracted_source_is_indexed_again(ws):
    (ws / "old.txt").write_bytes("The caf\xe9 by the harbour sells cr\xe8me.\n".encode("cp1252"))
    r = sb("add", "old.txt", "--tier", "B", "--reason", "legacy file", cwd=ws)
    sid = r.out.split()[1]
    add_text(ws, "The ferry card is accepted on every line.\n")
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    assert not json.loads(sb("search", "cafe creme", "--json", cwd=ws).out)  # mis-decoded text
    assert sb("source", "set", sid, "charset=windows-1252", cwd=ws).rc == 0
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] in ("EXTRACT", "CHUNK")
    assert sb("chunk", cwd=ws).rc == 0
    r = sb("index", cwd=ws)
    assert "0 source(s) added, 1 changed, 0 removed" in r.out, r.out
    hits = json.loads(sb("search", "cafe creme", "--json", cwd=ws).out)
    assert [h["source_id"] for h in hits] == [sid]
    fresh = _results(ws)
    assert sb("index", "--rebuild", cwd=ws).rc == 0 and _results(ws) == fresh
