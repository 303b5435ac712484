"""Writing extraction results while the next source is extracted.

`sb extract` alternates work for the processor (raw bytes to canonical text) with work for the
disk (every file written atomically: a temporary file, fsync, rename). An fsync waits for the
disk without holding the interpreter, so one writer thread does the writes, in the order they
were queued, while the command goes on to the next source: the run takes about as long as the
longer of the two kinds of work instead of their sum. Each write is as atomic and durable as
before; what is queued is already serialized, so a record changed later cannot leak in; the
first failure stops the writer and is raised by the command.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from ...base import jsonio

DEPTH = 32  # writes queued at most: memory stays bounded however many sources there are


class Writer:
    def __init__(self) -> None:
        self._queue: queue.Queue = queue.Queue(maxsize=DEPTH)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="sb-writeback", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            if self._error is None:
                path, data = item
                try:
                    jsonio.atomic_write_bytes(path, data)
                except BaseException as exc:  # raised in the command's thread by ``close``
                    self._error = exc

    def _put(self, path: str, data: bytes) -> None:
        if self._error is not None:
            self.close()
        self._queue.put((path, data))

    def write_text(self, path: str, text: str) -> None:
        self._put(path, text.encode("utf-8"))

    def write_json(self, path: str, obj: Any) -> None:
        self._put(path, jsonio.dumps(obj).encode("utf-8"))

    def close(self) -> None:
        """Wait for every queued write; raise the first failure."""
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        if self._error is not None:
            err, self._error = self._error, None
            raise err

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Direct:
    """The same interface, writing at once (for one-off writes such as ``sb extract --adopt``)."""

    def write_text(self, path: str, text: str) -> None:
        jsonio.atomic_write_text(path, text)

    def write_json(self, path: str, obj: Any) -> None:
        jsonio.write_json(path, obj)
