"""Many atomic writes at once: each file still goes temp -> fsync -> rename, but the fsyncs
run on a few threads, so the file system commits them together instead of one disk flush per
file (``sb chunk`` writes one file per source: ten thousand sequential fsyncs take a minute).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from .jsonio import atomic_write_bytes

THREADS = 8


class BatchWriter:
    """``with BatchWriter() as w: w.write(path, data)``; every write is done (or its error
    raised) when the block ends."""

    def __init__(self, threads: int = THREADS):
        self._pool = ThreadPoolExecutor(max_workers=threads)
        self._pending: list[Future] = []

    def write(self, path: str, data: bytes) -> None:
        self._pending.append(self._pool.submit(atomic_write_bytes, path, data))
        if len(self._pending) >= 4 * THREADS:
            self._drain(THREADS)

    def _drain(self, keep: int = 0) -> None:
        while len(self._pending) > keep:
            self._pending.pop(0).result()

    def __enter__(self) -> BatchWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                self._drain()
        finally:
            self._pool.shutdown(wait=True)
