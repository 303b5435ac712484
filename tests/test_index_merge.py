"""Merging a build's runs into one segment: the same bytes as one segment written at once,
whichever way the merge goes (ids copied as they are, half the shards in a forked process, that
process failing), and damage in a run still refused."""

from __future__ import annotations

import os
import threading

import pytest

from sourcebook.base.errors import SbError
from sourcebook.domain.index import segments as S
from sourcebook.domain.index import write as W
from sourcebook.engines.search.postings import Builder
from sourcebook.engines.search.tokenize import term_counts

WORDS = "harbour ferry card fare line route weekend night zeppelin balloon orchard pear apple tide".split()


def _docs(n: int) -> list[tuple[str, dict[str, int]]]:
    out, x = [], 7
    for d in range(n):
        words = []
        for _ in range(5 + d % 11):
            x = (x * 1103515245 + 12345) % 2**31
            words.append(WORDS[x % len(WORDS)] + ("s" * (x % 3)))
        out.append((f"src_{d // 4:012x}#c{d % 4:04d}", term_counts(" ".join(words))))
    return out


def _segment(idir: str, docs: list, base: int, durable: bool = True) -> str:
    """A segment of ``docs`` numbered from ``base`` (each source's chunks in a row)."""
    b = Builder(base)
    for i, (_cid, counts) in enumerate(docs):
        d = base + i  # keys and find counts by document, wherever it is written
        b.add(counts, ["~k" + str(d % 3)] if d % 5 == 0 else [], d % 7)
    ids = [cid for cid, _ in docs]
    spans: list[W.SourceSpan] = []
    for i, cid in enumerate(ids):
        sid = cid.split("#")[0]
        if spans and spans[-1].sid == sid:
            spans[-1].hi = i + 1
        else:
            spans.append(W.SourceSpan(sid, i, i + 1, {"chunks_sha256": sid}))
    return W.write_segment(idir, W.Docs.of(ids, b.doclen, b.findlen), b.shards(), spans, b.tf_max, base,
                           durable=durable)


def _bytes(idir: str, name: str) -> dict[str, bytes]:
    folder = os.path.join(idir, name)
    return {f: open(os.path.join(folder, f), "rb").read() for f in sorted(os.listdir(folder))}


def _runs(idir: str, docs: list, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(docs)]
    return [_segment(idir, docs[lo:hi], lo, durable=False) for lo, hi in zip(bounds, bounds[1:], strict=False)]


@pytest.fixture
def idir(tmp_path):
    d = tmp_path / "index"
    d.mkdir()
    return str(d)


@pytest.mark.parametrize("fork", ["none", "forked", "forked-fails", "forked-short"])
def test_merged_runs_are_the_segment_written_at_once(idir, monkeypatch, fork):
    docs = _docs(120)
    whole = _segment(idir, docs, 0)
    runs = _runs(idir, docs, [8, 52, 56, 96])
    assert all(r.startswith("seg-run-") for r in runs)  # runs are named, not hashed
    forked: list = []
    threads: list[int] = []
    if fork != "none":
        monkeypatch.setattr(W, "PART_MIN_BYTES", 0)
        monkeypatch.setattr(W, "_cores", lambda: 2)
        real = W._fork_part

        def spy(*a):
            threads.append(threading.active_count())  # a fork while no other thread runs
            part = real(*a)
            forked.append(part)
            return part
        monkeypatch.setattr(W, "_fork_part", spy)
    if fork == "forked-fails":
        def fail(*a):
            raise RuntimeError("the forked process fails")
        monkeypatch.setattr(W, "_write_part", fail)
    if fork == "forked-short":  # the forked process's postings come back shorter than it says
        write_part = W._write_part

        def short(segs, widths, split, folder):
            write_part(segs, widths, split, folder)
            with open(os.path.join(folder, S.POSTINGS), "r+b") as fh:
                fh.truncate(os.path.getsize(fh.name) - 1)
        monkeypatch.setattr(W, "_write_part", short)
    name = W.merge(idir, [W.MergeInput(S.Segment(idir, r)) for r in runs], {whole})
    assert name == whole
    assert _bytes(idir, name) == _bytes(idir, whole)
    assert (fork == "none") == (forked == [])
    assert forked == [] or forked[0] is not None
    assert threads == ([] if fork == "none" else [1])
    assert not any(n.startswith(W.TMP_PREFIX) for n in os.listdir(idir))


def test_merged_runs_with_ids_of_other_widths_are_padded_alike(idir):
    docs = _docs(40)
    docs[30] = ("src_long_source_id#c0002", docs[30][1])  # wider ids in the last run only
    whole = _segment(idir, docs, 0)
    runs = _runs(idir, docs, [20])
    assert W.merge(idir, [W.MergeInput(S.Segment(idir, r)) for r in runs]) == whole


@pytest.mark.parametrize("fork", [False, True])
@pytest.mark.parametrize("damage", ["id", "newline", "utf8", "postings"])
def test_damage_in_a_run_is_refused_by_the_merge(idir, monkeypatch, damage, fork):
    if fork:
        monkeypatch.setattr(W, "PART_MIN_BYTES", 0)
        monkeypatch.setattr(W, "_cores", lambda: 2)
    runs = _runs(idir, _docs(60), [30])
    folder = os.path.join(idir, runs[1])
    f = S.POSTINGS if damage == "postings" else S.DOCS
    path = os.path.join(folder, f)
    data = bytearray(open(path, "rb").read())
    if damage == "id":  # a record that is not a chunk id, of the same width
        at = data.index(b"#c", len(data) // 2)
        data[at:at + 2] = b"#x"
    elif damage == "newline":
        at = data.index(b"\n", len(data) // 2)
        data[at - 1:at + 1] = b"\n "
    elif damage == "utf8":
        data[3] = 0xff
    else:  # postings shorter than the dictionary says
        del data[len(data) - 10:]
    open(path, "wb").write(bytes(data))
    with pytest.raises(SbError) as exc:
        W.merge(idir, [W.MergeInput(S.Segment(idir, r)) for r in runs])
    assert f in exc.value.subject
    assert not any(os.path.exists(os.path.join(idir, n, "meta.pickle")) for n in os.listdir(idir))


def test_a_failed_write_is_raised_from_the_writing_thread(idir, monkeypatch):
    docs = _docs(30)
    runs = _runs(idir, docs, [10])

    class Full:
        def write(self, data):
            raise OSError(28, "No space left on device")
    real = W._Sink._drain

    def drain(self, pf, tf, digest):
        real(self, Full(), tf, digest)
    monkeypatch.setattr(W._Sink, "_drain", drain)
    with pytest.raises(OSError, match="No space left"):
        W.merge(idir, [W.MergeInput(S.Segment(idir, r)) for r in runs])
