"""Extraction on every core: the pure part of extracting a source runs in worker processes.

Extracting a source is mostly pure computation on its raw bytes: decoding and normalising them
into the canonical text, and the shingle sketch of that text (copy detection). Both depend on
nothing but the bytes and a few record fields, so a batch computes them ahead in a process
pool while the calling process does everything that reads or writes the workspace (records,
texts, fingerprints, copy links), one source at a time in the usual order. A source's result is
therefore the same whichever process computed it, and the workspace is written exactly as by
one process.

Only a batch is worth the pool's start (``MIN_BATCH`` sources or more); what is prefetched is
bounded (``AHEAD`` results per worker), so memory does not grow with the workspace. A worker
that dies (killed, out of memory) costs nothing but time: its sources are computed here.
"""

from __future__ import annotations

import glob
import os
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...base import jsonio
from ...base.ids import sha256_bytes
from ...engines.convert.pipeline import extract_bytes
from ...engines.formats.plain_extract import Extracted
from ...engines.search import shingles

if TYPE_CHECKING:  # the process pool's modules cost start-up time: imported when a pool starts
    from concurrent.futures import Executor, Future

MIN_BATCH = 48  # below this, starting processes costs more than it saves
MAX_JOBS = 8
AHEAD = 4  # results computed ahead, per worker


@dataclass(frozen=True)
class Job:
    sid: str
    raw_path: str
    media_type: str | None
    charset: str | None
    base_url: str | None
    # where the text will go: a worker writes it beside that file (and fsyncs it, unless the
    # batch is synced once at its end: ``jsonio.SyncOnce``), so the calling process only
    # renames it in place
    stage: str | None = field(default=None, compare=False)


@dataclass
class Done:
    job: Job
    extracted: Extracted
    charset: str | None  # as extract_bytes found it
    sketch: shingles.Sketch | None  # None when the text is empty
    staged: str | None = None  # the text, written beside job.stage (see jsonio.stage_bytes)
    text_sha: str | None = None  # the SHA-256 of the text's UTF-8 (``base.ids.sha256_text``)
    raw_sha: str | None = None  # the SHA-256 of the raw bytes extracted
    # the verify gate's normalising leaves the text as it is (worked out here, in the worker,
    # so the process that writes the records does not read every text again)
    stable: bool | None = None
    # the raw bytes start with a byte-order mark: they are decoded by it, whatever charset is asked
    bom: bool = False


def compute(job: Job) -> Done:
    """What a worker does for one source (also the fallback here)."""
    with open(job.raw_path, "rb") as fh:
        raw = fh.read()
    out, charset = extract_bytes(raw, media_type=job.media_type, path=job.raw_path,
                                 charset=job.charset, base_url=job.base_url)
    if not out.text.strip():
        return Done(job, out, charset, None)
    data = out.text.encode("utf-8")
    staged = jsonio.stage_bytes(job.stage, data) if job.stage else None
    from ...engines.formats.charset import sniff_bom
    from ...engines.text.normalize import normalize

    return Done(job, out, charset, shingles.sketch(out.text), staged, sha256_bytes(data), sha256_bytes(raw),
                normalize(out.text) == out.text, sniff_bom(raw) is not None)


def default_jobs() -> int:
    """Processes for a batch: the cores this process may use, at most ``MAX_JOBS``."""
    try:
        cores = len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(MAX_JOBS, cores))


def _executor(workers: int) -> Executor | None:
    """A pool of forked workers, or None where forking is not safe. A forked worker starts in
    milliseconds with everything imported; forking is safe on Linux in a process with one
    thread (sb from the command line). Elsewhere (macOS, where system libraries break in a
    forked child; a host that runs sb on a thread) the batch runs in this process: a spawned
    worker would start a new interpreter and import the host's main module again."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if not fork_safe():
        return None
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))


def _broken() -> type[BaseException]:
    """The error of a pool whose worker died (looked up only once a pool has failed)."""
    from concurrent.futures.process import BrokenProcessPool

    return BrokenProcessPool


def fork_safe() -> bool:
    """Linux, and this process runs no other thread (a thread holding a lock at the fork would
    leave the child waiting on it forever)."""
    import threading

    return sys.platform.startswith("linux") and threading.active_count() == 1


class Prefetch:
    """Results for ``jobs``, computed ahead in ``workers`` processes, taken in the jobs' order."""

    def __init__(self, jobs: list[Job], workers: int):
        self._jobs = jobs
        self._at = {job.sid: k for k, job in enumerate(jobs)}
        self._next = 0  # the next job to submit
        self._window = max(2, workers * AHEAD)
        self._futures: deque[tuple[int, Future]] = deque()
        self._pool: Executor | None = None
        self._orphans: list[Future] = []
        self._taken: set[int] = set()
        if workers > 1 and len(jobs) >= MIN_BATCH:
            try:
                self._pool = _executor(workers)
            except (OSError, ValueError, ImportError):  # no processes here (a sandbox): one is enough
                self._pool = None
        self.started = self._pool is not None  # for the record: did this batch use workers

    def __enter__(self) -> Prefetch:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def take(self, sid: str) -> Done | None:
        """The result for ``sid`` (waiting for it), or None when it was not prefetched (not in
        the batch, or taken out of order): the caller then computes it as usual."""
        k = self._at.get(sid)
        if self._pool is None or k is None:
            return None
        while self._futures and self._futures[0][0] < k:
            self._drop(self._futures.popleft()[1])  # skipped by the caller: not needed
        if self._next <= k:
            self._next = k  # submit from here
        self._fill()
        if not self._futures or self._futures[0][0] != k:
            return None
        fut = self._futures.popleft()[1]
        self._taken.add(k)  # from here its staged text is the caller's (never swept)
        self._fill()
        try:
            return fut.result()
        except _broken():
            self._taken.discard(k)  # its result is lost, perhaps not its staged text
            self.close()  # a worker died: the rest of the batch is computed here
            return None
        except BaseException:  # Ctrl-C while waiting, or the extractor's own error
            self._taken.discard(k)
            raise

    def _fill(self) -> None:
        while self._pool is not None and self._next < len(self._jobs) and len(self._futures) < self._window:
            try:
                fut = self._pool.submit(compute, self._jobs[self._next])
            except (_broken(), RuntimeError):
                self.close()
                return
            self._futures.append((self._next, fut))
            self._next += 1

    def _drop(self, fut: Future) -> None:
        if not fut.cancel():
            self._orphans.append(fut)  # running or done: its staged text is removed at close

    def close(self) -> None:
        pool, self._pool = self._pool, None
        while self._futures:
            self._drop(self._futures.popleft()[1])
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        for fut in self._orphans:
            if not fut.cancelled() and fut.exception() is None and fut.result().staged:
                jsonio.discard_staged(fut.result().staged)
        self._orphans = []
        # a job submitted and never taken (a broken pool, Ctrl-C, a source the caller passed
        # over) may have staged its text with no result to say so: sweep its folder. After a
        # whole batch every job was taken and this looks at nothing.
        for k, job in enumerate(self._jobs[:self._next]):
            if job.stage and k not in self._taken:
                folder, name = os.path.split(job.stage)
                for tmp in glob.glob(os.path.join(glob.escape(folder), f".{glob.escape(name)}.*.tmp")):
                    jsonio.discard_staged(tmp)
        self._next = len(self._jobs)  # closed: nothing more is submitted, nor swept twice
        self._taken = set(range(self._next))
