"""Writing index segments, and merging several into one (the reader is ``segments``).

A segment is written into ``index/.tmp-<pid>-<n>/``, each file fsynced, then renamed to
``index/seg-<hash>``, the hash being of every byte written: the same content always has the same
name, and a name already live is reused, never rewritten. A merge streams one dictionary shard
and one term at a time, reading each input's postings front to back once, so its memory does not
grow with the corpus.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import queue
import re
import shutil
import signal
import threading
from array import array
from collections.abc import Iterator
from itertools import accumulate, chain, compress, repeat
from operator import add, mul

from ...base.jsonio import fsync_dir
from ...base.versions import INDEXER
from ...engines.search import postings as P
from .segments import (
    DOCLEN,
    DOCS,
    FILES,
    FINDLEN,
    META,
    POSTINGS,
    PREFIX,
    SOURCES,
    TERMS,
    TERMS_IDX,
    TMP_PREFIX,
    Segment,
    damaged,
)


def _dumps(obj: object) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


class SourceSpan:
    """What a segment records of one source it holds."""

    __slots__ = ("sid", "lo", "hi", "info")

    def __init__(self, sid: str, lo: int, hi: int, info: dict):
        self.sid, self.lo, self.hi, self.info = sid, lo, hi, info

    def record(self, shift: int = 0) -> dict:
        return dict(self.info, docs=[self.lo + shift, self.hi + shift])


class Docs:
    """The documents of a segment being written: how many, the width of their ids, and a
    function giving, in order, blocks of (chunk ids, lengths, find counts): a merge streams them
    from its inputs rather than holding every id of the corpus."""

    def __init__(self, n: int, id_width: int, blocks):
        self.n, self.id_width, self.blocks = n, id_width, blocks

    @classmethod
    def of(cls, chunk_ids: list[str], doclen: array, findlen: array) -> Docs:
        return cls(len(chunk_ids), max(map(len, chunk_ids), default=1),
                   lambda: iter([(chunk_ids, doclen, findlen)]))


def write_segment(index_dir: str, docs: Docs, shards: Iterator[tuple[int, list[str], list[int], bytes]],
                  sources: list[SourceSpan], tf_max: int, base: int = 0, keep: set[str] | None = None,
                  durable: bool = True) -> str:
    """Write a segment from documents numbered ``base``.. and its shards in disk order, each as
    ``(shard, terms, dfs, postings bytes)`` (``postings.Builder.shards``), frequencies
    ``tf_width`` wide; returns its folder name. ``keep``: names of live segments (an identical
    one is reused, never rewritten). ``durable`` False: nothing is synced or hashed, and the name
    is ``seg-run-<pid>-<n>`` (a build's run, merged into another segment before any commit: the
    manifest never names it, so a crash leaves only a stray for ``remove_stray``)."""
    sync = _sync if durable else _no_sync
    tmp = os.path.join(index_dir, f"{TMP_PREFIX}{os.getpid()}-{_serial()}")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    width = 2 if tf_max < 65536 else 4
    idx = array("Q", repeat(0, P.SHARDS + 1))
    n_terms = n_keys = 0
    # of everything written: the segment's name (a run is merged away unread: its name need
    # only be unique)
    new_hash = hashlib.sha256 if durable else _NoHash
    digest = new_hash()
    with open(os.path.join(tmp, TERMS), "wb") as tf, open(os.path.join(tmp, POSTINGS), "wb") as pf:
        pos = tpos = 0
        done = 0  # shards before this one have their dictionary offset
        sink: _Sink | None = None
        try:
            for s, terms, dfs, post in shards:
                for k in range(done, s + 1):
                    idx[k] = tpos
                done = s + 1
                offsets = accumulate(map(mul, dfs, repeat(4 + width)), initial=pos)
                data = "".join(map(_LINE.format, terms, dfs, offsets)).encode("utf-8")
                pos += len(post)
                if durable:
                    if sink is None:  # started once the first shard is made (a merge forks before: no thread runs then)
                        sink = _Sink(pf, tf, digest)
                    sink.put(post, data)
                else:
                    pf.write(post)
                    tf.write(data)
                tpos += len(data)
                n_keys += len(terms)
                n_terms += len(terms) - sum(map(str.startswith, terms, repeat(P.FIND_PREFIX)))
        finally:
            if sink is not None:
                sink.close()
        for k in range(done, P.SHARDS + 1):
            idx[k] = tpos
        sync(tf)
        sync(pf)
    id_width = docs.id_width
    total = count = 0
    ids_digest, lens_digest, find_digest = new_hash(), new_hash(), new_hash()
    with (open(os.path.join(tmp, DOCS), "wb") as df_, open(os.path.join(tmp, DOCLEN), "wb") as lf,
          open(os.path.join(tmp, FINDLEN), "wb") as ff):
        for ids, lens, flens in docs.blocks():
            if len(flens) != len(lens) or (len(ids) if isinstance(ids, list) else ids.count(b"\n")) != len(lens):
                raise damaged(f"{os.path.basename(tmp)}/{FINDLEN}", "the documents written do not match their count")
            # a block of ids, or the lines of an input's docs.txt already as wide (copied as they are)
            data = ids if isinstance(ids, bytes) else "".join([c.ljust(id_width) + "\n" for c in ids]).encode("utf-8")
            df_.write(data)
            ids_digest.update(data)
            data = P.le(lens)
            lf.write(data)
            lens_digest.update(data)
            data = P.le(flens)
            ff.write(data)
            find_digest.update(data)
            total += sum(lens)
            count += len(lens)
        sync(df_)
        sync(lf)
        sync(ff)
    if count != docs.n:
        raise damaged(f"{os.path.basename(tmp)}/{DOCS}", "the documents written do not match their count")
    digest.update(ids_digest.digest())
    digest.update(lens_digest.digest())
    digest.update(find_digest.digest())
    files = {SOURCES: _dumps({s.sid: s.record(base) for s in sources}), TERMS_IDX: P.le(idx)}
    for f, data in files.items():
        _write(os.path.join(tmp, f), data, sync)
        digest.update(data)
    sizes = {f: os.path.getsize(os.path.join(tmp, f)) for f in FILES if f != META}
    meta = {"base": base, "docs": docs.n, "id_width": id_width, "keys": n_keys, "sizes": sizes,
            "terms": n_terms, "tf_max": tf_max, "tf_width": width, "total_len": total, "version": INDEXER}
    meta_bytes = _dumps(meta)
    _write(os.path.join(tmp, META), meta_bytes, sync)
    if durable:
        fsync_dir(tmp)
    digest.update(meta_bytes)
    name = PREFIX + (digest.hexdigest()[:16] if durable else f"run-{os.getpid()}-{_serial()}")
    final = os.path.join(index_dir, name)
    if os.path.isdir(final):
        if keep is not None and name in keep:
            shutil.rmtree(tmp, ignore_errors=True)  # the same content is already live
            return name
        shutil.rmtree(final)  # a leftover (perhaps half-deleted): never trust it
    os.replace(tmp, final)
    if durable:
        fsync_dir(index_dir)
    return name


_LINE = "{}\t{}\t{}\n"  # a dictionary line: term, df, offset


class _Sink:
    """Writes each shard's postings and dictionary lines, and hashes them, in that order, in a
    thread of its own: writing and hashing large blocks let go of the interpreter lock, so the
    next shard is made meanwhile (a merge: on another core). A failure is raised by ``put`` or
    ``close``, which waits for everything to be written."""

    def __init__(self, pf, tf, digest) -> None:
        self._queue: queue.Queue[tuple[bytes, bytes] | None] = queue.Queue(maxsize=2)
        self._failed: list[BaseException] = []
        self._thread = threading.Thread(target=self._drain, args=(pf, tf, digest), daemon=True)
        self._thread.start()

    def _drain(self, pf, tf, digest) -> None:
        while (item := self._queue.get()) is not None:
            if self._failed:
                continue  # drained unwritten: the writer raises
            post, data = item
            try:
                pf.write(post)
                tf.write(data)
                digest.update(post)
                digest.update(data)
            except BaseException as exc:  # noqa: BLE001 - handed to the writer's thread
                self._failed.append(exc)

    def put(self, post: bytes, data: bytes) -> None:
        if self._failed:
            raise self._failed[0]
        self._queue.put((post, data))

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join()
        if self._failed:
            raise self._failed[0]


_SERIAL = [0]


class _NoHash:
    """Stands in for a hash of what a run is written with (``write_segment``, not durable)."""

    def update(self, data: bytes) -> None:
        pass

    def digest(self) -> bytes:
        return b""

    def hexdigest(self) -> str:
        return ""


def _serial() -> int:
    _SERIAL[0] += 1
    return _SERIAL[0]


def _write(path: str, data: bytes, sync=None) -> None:
    with open(path, "wb") as fh:
        fh.write(data)
        (sync or _sync)(fh)


def _sync(fh) -> None:
    fh.flush()
    os.fsync(fh.fileno())


def _no_sync(fh) -> None:
    pass


# ---- merging ---------------------------------------------------------------------------------
class MergeInput:
    """A segment taking part in a merge, and the sources of it that are deleted."""

    def __init__(self, seg: Segment, deleted: dict[str, list[int]] | None = None):
        self.seg = seg
        self.deleted = dict(deleted or {})
        n = seg.n_docs
        self.live: bytearray | None = None
        if self.deleted:
            live = bytearray(b"\x01") * n
            for lo, hi in self.deleted.values():
                live[lo:hi] = bytes(hi - lo)
            self.live = live
        self.n_live = n if self.live is None else sum(self.live)


def merge(index_dir: str, inputs: list[MergeInput], keep: set[str] | None = None, progress=None) -> str:
    """One segment holding the live documents of ``inputs``, in their order (so each source's
    chunks stay contiguous). Streams one dictionary shard and one term at a time."""
    sources: list[SourceSpan] = []
    plans = []
    out_base = 0
    for inp in inputs:
        seg = inp.seg
        in_base = int(seg.meta.get("base", 0))
        live = inp.live
        remap = None if live is None else array("q", map(add, accumulate(live), repeat(out_base - 1)))
        for sid, rec in sorted(seg.sources().items(), key=lambda kv: (kv[1]["docs"][0], kv[0])):
            if sid in inp.deleted:
                continue
            lo, hi = rec["docs"][0] - in_base, rec["docs"][1] - in_base
            info = {k: v for k, v in rec.items() if k != "docs"}
            if remap is None:
                nlo = out_base + lo
            else:  # live documents before it
                nlo = int(remap[lo - 1]) + 1 if lo > 0 else out_base
            sources.append(SourceSpan(sid, nlo, nlo + (hi - lo), info))
        plans.append((seg, in_base, out_base, live, remap))
        out_base += inp.n_live
    tf_max = max((int(i.seg.meta.get("tf_max", 1)) for i in inputs), default=1)
    width = max((int(i.seg.meta.get("id_width", 1)) for i in inputs), default=1)
    docs = Docs(out_base, width, lambda: _merged_docs(inputs, width))
    name = write_segment(index_dir, docs, _merged_terms(plans, tf_max, progress), sources, tf_max, 0, keep)
    for inp in inputs:
        inp.seg.close()
    return name


BLOCK = 65_536  # documents read at a time from each input's docs.txt and doclen.bin


_CHUNK_LINE = rb"#c[^\n]*\n"  # matches once in each line of docs.txt that holds a chunk id


def _merged_docs(inputs: list[MergeInput], out_width: int) -> Iterator[tuple[list[str] | bytes, array, array]]:
    """Blocks of the documents of ``inputs`` (``Docs.blocks``): an input with nothing deleted
    whose ids are ``out_width`` wide gives its docs.txt lines as they are (checked as the lines
    would be: one per document, UTF-8, each holding a chunk id)."""
    for inp in inputs:
        seg = inp.seg
        n = seg.n_docs
        width = int(seg.meta["id_width"])
        raw_copy = inp.live is None and width == out_width
        with seg._open(DOCS) as dfh, seg._open(DOCLEN) as lfh, seg._open(FINDLEN) as ffh:
            for start in range(0, n, BLOCK):
                count = min(BLOCK, n - start)
                raw = dfh.read(count * (width + 1))
                data = lfh.read(count * 4)
                fdata = ffh.read(count * 4)
                if len(raw) != count * (width + 1) or len(data) != count * 4 or len(fdata) != count * 4:
                    raise damaged(seg.rel(DOCS), "shorter than meta.json says")
                if raw_copy:
                    if raw.count(b"\n") != count or raw[width::width + 1].count(b"\n") != count:
                        raise damaged(seg.rel(DOCS), "a record is not a chunk id")
                    try:
                        raw.decode("utf-8")
                    except UnicodeDecodeError as exc:
                        raise damaged(seg.rel(DOCS), exc) from None
                    if len(re.findall(_CHUNK_LINE, raw)) != count:
                        raise damaged(seg.rel(DOCS), "a record is not a chunk id")
                    yield raw, P.from_le("I", data), P.from_le("I", fdata)
                    continue
                try:
                    ids = [line.rstrip() for line in raw.decode("utf-8").split("\n")[:-1]]
                except UnicodeDecodeError as exc:
                    raise damaged(seg.rel(DOCS), exc) from None
                if len(ids) != count or any("#c" not in c for c in ids):
                    raise damaged(seg.rel(DOCS), "a record is not a chunk id")
                lens = P.from_le("I", data)
                flens = P.from_le("I", fdata)
                if inp.live is not None:
                    keep = inp.live[start:start + count]
                    ids = list(compress(ids, keep))
                    lens = array("I", compress(lens, keep))
                    flens = array("I", compress(flens, keep))
                yield ids, lens, flens


def _merged_terms(plans: list, tf_max: int, progress) -> Iterator[tuple[int, list[str], list[int], bytes]]:
    """The union of the inputs' terms in disk order, postings concatenated (renumbered, the
    deleted documents dropped), a shard at a time as ``write_segment`` takes them. Each input's
    postings file is read front to back once."""
    handles = [seg._open(POSTINGS) for seg, *_ in plans]
    widths = [int(seg.meta["tf_width"]) for seg, *_ in plans]
    out_width = 2 if tf_max < 65536 else 4
    tcode = "H" if out_width == 2 else "I"
    # inputs whose postings are copied as they are (a build's runs: numbered in place, none
    # deleted, frequencies as wide): each shard is then merged in C, not term by term
    whole = all(live is None and in_base == out_base and w == out_width
                for (_seg, in_base, out_base, live, _remap), w in zip(plans, widths, strict=True))
    try:
        if whole:
            yield from _merged_whole([seg for seg, *_ in plans], handles, widths, progress)
            return
        for n in range(P.SHARDS):
            table: dict[str, list] = {}
            for i, (seg, *_rest) in enumerate(plans):
                for term, df, off in seg.shard_entries(n):
                    table.setdefault(term, []).append((i, df, off))
            names: list[str] = []
            dfs: list[int] = []
            parts: list[bytes] = []
            for term in sorted(table):
                dparts: list[bytes] = []
                tparts: list[bytes] = []
                total = 0
                for i, df, off in table[term]:
                    seg, in_base, out_base, live, remap = plans[i]
                    fh = handles[i]
                    if fh.tell() != off:
                        raise damaged(seg.rel(TERMS), "postings out of order")
                    w = widths[i]
                    data = fh.read(df * (4 + w))
                    if len(data) != df * (4 + w):
                        raise damaged(seg.rel(POSTINGS), "truncated")
                    if live is None and in_base == out_base and w == out_width:
                        dparts.append(data[:df * 4])
                        tparts.append(data[df * 4:])
                        total += df
                        continue
                    d = P.from_le("I", data[:df * 4])
                    t = P.from_le("H" if w == 2 else "I", data[df * 4:])
                    if live is not None:
                        local = list(map(add, d, repeat(-in_base)))
                        keep = list(map(live.__getitem__, local))
                        d = array("I", map(remap.__getitem__, compress(local, keep)))
                        t = array(t.typecode, compress(t, keep))
                    elif in_base != out_base:
                        d = array("I", map(add, d, repeat(out_base - in_base)))
                    if t.typecode != tcode:
                        t = array(tcode, t)
                    dparts.append(P.le(d))
                    tparts.append(P.le(t))
                    total += len(d)
                if total:
                    names.append(term)
                    dfs.append(total)
                    parts += dparts
                    parts += tparts
            if names:
                yield n, names, dfs, b"".join(parts)
            if progress is not None:
                progress(n + 1, P.SHARDS)
    finally:
        for fh in handles:
            fh.close()


PART_MIN_BYTES = 8 << 20  # postings below this are merged in one process (a fork costs more)


def _merged_whole(segs: list[Segment], handles: list, widths: list[int], progress
                  ) -> Iterator[tuple[int, list[str], list[int], bytes]]:
    """Every shard of inputs whose postings are kept byte for byte (``_merged_shard``). Large
    inputs on a machine of several cores: a forked process merges the upper half of the shards
    into a file meanwhile, read back once this process has merged the lower half (if it fails,
    this process merges that half itself and raises what is wrong)."""
    split = P.SHARDS
    if sum(os.fstat(fh.fileno()).st_size for fh in handles) >= PART_MIN_BYTES and _cores() > 1:
        split = P.SHARDS // 2
    part = _fork_part(segs, widths, split) if split < P.SHARDS else None
    try:
        for n in range(P.SHARDS):
            if n == split and part is not None:
                got = part.result()
                if got is not None:  # the upper half, as the forked process wrote it
                    meta, path = got
                    with open(path, "rb") as fh:
                        for k, names, dfs, size in meta:
                            data = fh.read(size)
                            if len(data) != size:
                                raise OSError(f"{path}: truncated")
                            yield k, names, dfs, data
                    if progress is not None:
                        progress(P.SHARDS, P.SHARDS)
                    return
            merged = _merged_shard(n, segs, handles, widths)
            if merged is not None:
                yield merged
            if progress is not None:
                progress(n + 1, P.SHARDS)
    finally:
        if part is not None:
            part.discard()


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class _Part:
    """Shards ``split``.. of a merge, made by a forked process into ``folder`` (``_fork_part``)."""

    def __init__(self, pid: int, folder: str):
        self.pid, self.folder = pid, folder

    def result(self) -> tuple[list, str] | None:
        """``(meta, postings file)``: per shard holding a term ``(shard, terms, dfs, size)``
        and the file holding their postings one after another; None when the process failed."""
        pid, self.pid = self.pid, 0
        try:
            _, status = os.waitpid(pid, 0)
            if status != 0:
                return None
            with open(os.path.join(self.folder, "meta.pickle"), "rb") as fh:
                meta = pickle.load(fh)
            path = os.path.join(self.folder, POSTINGS)
            if os.path.getsize(path) != sum(size for *_, size in meta):
                return None
        except (OSError, EOFError, pickle.UnpicklingError):
            return None
        return meta, path

    def discard(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0
        shutil.rmtree(self.folder, ignore_errors=True)


def _fork_part(segs: list[Segment], widths: list[int], split: int) -> _Part | None:
    """Start a process merging shards ``split``.. into a folder of its own (None: no fork here)."""
    if not hasattr(os, "fork") or not segs:
        return None
    folder = os.path.join(os.path.dirname(segs[0].path), f"{TMP_PREFIX}{os.getpid()}-{_serial()}")
    try:
        os.makedirs(folder)
        pid = os.fork()
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)
        return None
    if pid == 0:  # the forked process: writes its files, then leaves without any clean-up of this one's
        code = 1
        try:
            _write_part(segs, widths, split, folder)
            code = 0
        finally:
            os._exit(code)
    return _Part(pid, folder)


def _write_part(segs: list[Segment], widths: list[int], split: int, folder: str) -> None:
    handles = []
    for seg in segs:
        fh = seg._open(POSTINGS)
        handles.append(fh)
        for n in range(split, P.SHARDS):  # the input's postings of its first term from shard split on
            _terms, _dfs, offs = seg.shard_columns(n)
            if offs:
                fh.seek(offs[0])
                break
        else:
            fh.seek(0, os.SEEK_END)
    meta = []
    with open(os.path.join(folder, POSTINGS), "wb") as out:
        for n in range(split, P.SHARDS):
            merged = _merged_shard(n, segs, handles, widths)
            if merged is not None:
                out.write(merged[3])
                meta.append((n, merged[1], merged[2], len(merged[3])))
    with open(os.path.join(folder, "meta.pickle"), "wb") as fh:
        pickle.dump(meta, fh, protocol=pickle.HIGHEST_PROTOCOL)


def _merged_shard(n: int, segs: list[Segment], handles: list, widths: list[int]
                  ) -> tuple[int, list[str], list[int], bytes] | None:
    """Shard ``n`` of inputs whose postings are kept byte for byte: each input's block of the
    shard is read at once and cut into its terms' documents and frequencies, and each term's
    parts are joined in input order (its documents from every input, then its frequencies)."""
    names: set[str] = set()
    cols = []
    for seg, fh, w in zip(segs, handles, widths, strict=True):
        terms, dfs, offs = seg.shard_columns(n)
        if not terms:
            continue
        start = offs[0]
        cuts = list(accumulate(map(mul, dfs, repeat(4 + w)), initial=0))
        if fh.tell() != start or list(map(add, cuts[:-1], repeat(start))) != offs:
            raise damaged(seg.rel(TERMS), "postings out of order")
        data = fh.read(cuts[-1])
        if len(data) != cuts[-1]:
            raise damaged(seg.rel(POSTINGS), "truncated")
        mids = list(map(add, cuts, map(mul, dfs, repeat(4))))
        # each column ends with a stand-in (no documents) that a term the input lacks points at
        k = len(terms)
        dfs.append(0)
        dparts = list(map(data.__getitem__, map(slice, cuts, mids)))
        dparts.append(b"")
        tparts = list(map(data.__getitem__, map(slice, mids, cuts[1:])))
        tparts.append(b"")
        cols.append((dict(zip(terms, range(k), strict=True)), k, dfs, dparts, tparts))
        names.update(terms)
    if not names:
        return None
    order = sorted(names)
    at = [list(map(c[0].get, order, repeat(c[1]))) for c in cols]  # each term's row in each input
    totals = list(map(sum, zip(*[map(c[2].__getitem__, i) for c, i in zip(cols, at, strict=True)], strict=True)))
    rows = zip(*[map(c[3].__getitem__, i) for c, i in zip(cols, at, strict=True)],
               *[map(c[4].__getitem__, i) for c, i in zip(cols, at, strict=True)], strict=True)
    data = b"".join(chain.from_iterable(rows))
    if 0 in totals:  # a term no input holds a document of
        keep = list(map(bool, totals))
        order, totals = list(compress(order, keep)), list(compress(totals, keep))
    return n, order, totals, data


def remove_stray(index_dir: str, live: set[str]) -> None:
    """Delete temporary folders and segments the manifest does not name (after a commit, or
    left by a writer that was killed)."""
    try:
        names = os.listdir(index_dir)
    except OSError:
        return
    for name in names:
        path = os.path.join(index_dir, name)
        if name.startswith(TMP_PREFIX) or (name.startswith(PREFIX) and name not in live):
            shutil.rmtree(path, ignore_errors=True)
