"""Extracting a batch of raw captures on every processor (`sb extract` over a corpus).

Extraction is pure (raw bytes in, canonical text out), so a batch of sources can be extracted
by worker processes while the parent writes the results in source order, exactly as one
process would have written them. Batches are bounded (``WINDOW`` sources at a time), so
memory does not grow with the corpus. Below ``MIN_BATCH`` sources, with one processor, with
``SB_JOBS=1``, or where worker processes cannot start, everything runs in this process.
"""

from __future__ import annotations

import os

from ...engines.text.pipeline import extract_bytes
from ...engines.text.plain_extract import Extracted

MIN_BATCH = 64  # fewer sources than this are not worth starting workers for
WINDOW = 256  # sources extracted ahead of the writer at most

Job = tuple[str, "str | None", "str | None", "str | None"]  # raw path, media type, charset, base URL


def _run(job: Job) -> tuple[Extracted, str | None]:
    path, media_type, charset, base_url = job
    with open(path, "rb") as fh:
        raw = fh.read()
    return extract_bytes(raw, media_type=media_type, path=path, charset=charset, base_url=base_url)


def workers() -> int:
    try:
        wanted = int(os.environ.get("SB_JOBS", "0"))
    except ValueError:
        wanted = 0
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(wanted or cpus, 8))


def extract_ahead(jobs: dict[str, Job]) -> dict[str, tuple[Extracted, str | None]]:
    """Results for ``jobs`` (source id -> job) computed by worker processes, or {} when the batch
    is small or workers are not available (the caller then extracts in this process)."""
    n = workers()
    if len(jobs) < MIN_BATCH or n < 2:
        return {}
    try:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=n) as pool:
            results = list(pool.map(_run, jobs.values(), chunksize=4))
    except Exception:  # no fork, no semaphores, a killed worker: extract here instead
        return {}
    return dict(zip(jobs, results, strict=True))
