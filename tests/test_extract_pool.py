"""A batch extracted on every core ends exactly as one extracted in one process: the same texts,
records, copy links and fingerprints, no stray files, and a worker that dies costs only time."""

from __future__ import annotations

import json
import os
import random
import shutil

import pytest
from conftest import FIXTURES, sb

from sourcebook.domain.sources import extract_pool

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="worker processes are forked here")

BODY = ("The harbour ferry runs every twenty minutes from the north pier, and the night boat keeps its own "
        "timetable until the autumn change. Riders with a monthly card board without a ticket, and children "
        "under twelve travel free with an adult who holds a valid card. ")


def _corpus(folder, n: int = 24) -> list[str]:
    """Mixed formats: Markdown, reStructuredText, plain text, HTML, a near-duplicate and an
    edition of one text, and a file with no text at all."""
    rng = random.Random(5)
    os.makedirs(folder)
    names = []
    for i in range(n):
        words = (BODY * 3).split()
        rng.shuffle(words)
        body = " ".join(words) + f" Note number {i}."
        kind = i % 4
        name, text = {
            0: (f"n{i}.md", f"# Note {i}\n\n{body}\n"),
            1: (f"n{i}.rst", f"Note {i}\n{'=' * (5 + len(str(i)))}\n\nSee :pep:`{i + 8}` and ``code``.\n{body}\n"),
            2: (f"n{i}.txt", "\n".join(body[k:k + 60] for k in range(0, len(body), 60)) + "\n"),
            3: (f"n{i}.html", f"<html><head><title>Page {i}</title></head><body><main><h1>Page {i}</h1>"
                              f"<p>{body}</p></main></body></html>"),
        }[kind]
        (folder / name).write_text(text, encoding="utf-8")
        names.append(name)
    (folder / "copy.md").write_text("# Note 0\n\n" + (folder / "n0.md").read_text(encoding="utf-8").split("\n\n", 1)[1]
                                    .replace("twenty", "twenty-five"), encoding="utf-8")
    (folder / "empty.md").write_text("\n\n", encoding="utf-8")
    shutil.copy(os.path.join(FIXTURES, "real", "pep-0563.txt"), folder / "pep-0563.txt")
    return names + ["copy.md", "empty.md", "pep-0563.txt"]


def _workspace(root, files_from) -> None:
    root.mkdir()
    assert sb("init", cwd=root).rc == 0
    shutil.copytree(files_from, root / "in")
    names = sorted(os.listdir(root / "in"))
    r = sb("add", *[f"in/{n}" for n in names], "--tier", "B", "--reason", "pool test", cwd=root)
    assert r.rc == 0, r.both


def _state(root) -> dict:
    """Every file extraction writes, by path (the fingerprints as a set of lines: the order
    they were learnt in may differ, their content may not)."""
    out = {}
    for dirpath, _, files in os.walk(root / "sources"):
        for f in files:
            p = os.path.join(dirpath, f)
            out[os.path.relpath(p, root)] = open(p, "rb").read()
    fp = root / ".sb-cache" / "fingerprints-2.tsv"
    out["fingerprints"] = sorted(fp.read_text(encoding="utf-8").splitlines())
    return out


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of a few sources use workers, and the test knows they did. (A test process runs
    threads of its own, where sb would not fork: these workers only compute, which is safe.)"""
    monkeypatch.setattr(extract_pool, "MIN_BATCH", 4)
    monkeypatch.setattr(extract_pool, "fork_safe", lambda: True)
    started = []
    real = extract_pool.Prefetch.__init__

    def init(self, jobs, workers):
        real(self, jobs, workers)
        started.append(self.started)

    monkeypatch.setattr(extract_pool.Prefetch, "__init__", init)
    return started


def test_a_parallel_batch_ends_as_a_serial_one(tmp_path, small_batches):
    files = _corpus(tmp_path / "corpus")
    one, two = tmp_path / "one", tmp_path / "two"
    _workspace(one, tmp_path / "corpus")
    _workspace(two, tmp_path / "corpus")
    r1 = sb("extract", "--jobs", "1", "--json", cwd=one)
    r2 = sb("extract", "--jobs", "2", "--json", cwd=two)
    assert r1.rc == r2.rc == 0, r1.both + r2.both
    assert small_batches == [False, True]  # one process, then workers
    assert json.loads(r1.out) == json.loads(r2.out)
    assert r1.err == r2.err
    warned = [w for ln in json.loads(r2.out) for w in ln["warnings"]]
    assert any(code == "W-SOURCE-COPY" for code, _ in warned)  # the edition is linked to its original
    s1, s2 = _state(one), _state(two)
    assert s1 == s2
    assert not [p for p in s2 if p.endswith(".tmp")]  # nothing staged was left behind
    assert len([p for p in s2 if p.endswith("normalized.md")]) == len(files) - 1  # the empty one waits
    # again with --force: every text is computed ahead and moved in place over the old one
    r2 = sb("extract", "--force", "--jobs", "2", cwd=two)
    assert r2.rc == 0, r2.both
    assert _state(two) == s2


_real_compute = extract_pool.compute


def _dying(job):
    """A worker killed mid-batch, as by the kernel (at module level: a worker's task is sent by
    name)."""
    if os.getpid() != getattr(_dying, "parent", None) and job.raw_path.endswith("raw.html"):
        os._exit(9)
    return _real_compute(job)


def test_a_worker_that_dies_costs_only_time(tmp_path, small_batches, monkeypatch):
    _corpus(tmp_path / "corpus", 12)
    one, two = tmp_path / "one", tmp_path / "two"
    _workspace(one, tmp_path / "corpus")
    _workspace(two, tmp_path / "corpus")
    assert sb("extract", "--jobs", "1", cwd=one).rc == 0
    monkeypatch.setattr(extract_pool, "compute", _dying)
    monkeypatch.setattr(_dying, "parent", os.getpid(), raising=False)
    r = sb("extract", "--jobs", "2", cwd=two)
    assert r.rc == 0, r.both
    assert small_batches[-1] is True
    assert _state(two) == _state(one)


def test_where_forking_is_unsafe_the_batch_runs_here(tmp_path, monkeypatch):
    monkeypatch.setattr(extract_pool, "MIN_BATCH", 4)
    monkeypatch.setattr(extract_pool.sys, "platform", "darwin")
    assert not extract_pool.fork_safe()
    _corpus(tmp_path / "corpus", 8)
    _workspace(tmp_path / "ws", tmp_path / "corpus")
    jobs = [extract_pool.Job("src_x", str(tmp_path / "corpus" / "n0.md"), "text/markdown", None, None)] * 8
    with extract_pool.Prefetch(jobs, 4) as pre:
        assert not pre.started and pre.take("src_x") is None  # computed by the caller instead
    assert sb("extract", "--jobs", "4", cwd=tmp_path / "ws").rc == 0


def test_jobs_must_be_a_count(ws):
    r = sb("extract", "--jobs", "0", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err and "--jobs" in r.err
    assert "--jobs N" in sb("extract", "--help", cwd=ws).out


def test_an_interrupted_batch_leaves_no_staged_text(tmp_path, small_batches, monkeypatch):
    from sourcebook.domain.sources import ingest

    _corpus(tmp_path / "corpus", 16)
    _workspace(tmp_path / "ws", tmp_path / "corpus")
    real = ingest._write_text
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:  # Ctrl-C with workers busy ahead of this source
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(ingest, "_write_text", interrupted)
    r = sb("extract", "--jobs", "2", cwd=tmp_path / "ws")
    assert r.rc != 0 and small_batches == [True]
    left = [p for p in (tmp_path / "ws" / "sources").rglob("*") if p.name.endswith(".tmp")]
    assert not left, left
    monkeypatch.setattr(ingest, "_write_text", real)
    assert sb("extract", "--jobs", "2", cwd=tmp_path / "ws").rc == 0  # and the next run finishes the batch
