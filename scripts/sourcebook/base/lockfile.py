"""An exclusive advisory file lock (POSIX ``flock``), with a deadline so nothing hangs."""

from __future__ import annotations

import os
import time

from .errors import SbError

try:
    import fcntl
except ImportError:  # pragma: no cover - non-POSIX
    fcntl = None  # type: ignore[assignment]


class FileLock:
    def __init__(self, path: str, timeout: float = 60.0):
        self.path = path
        self.timeout = timeout
        self._fd: int | None = None
        self._depth = 0

    def __enter__(self) -> FileLock:
        if self._depth:
            self._depth += 1
            return self
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)  # the umask applies
        if fcntl is not None:
            deadline = time.monotonic() + self.timeout
            delay = 0.005
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        os.close(fd)
                        raise SbError("E-LOCKED", self.path,
                                      f"workspace busy for {self.timeout:.0f}s; another sb is running") from None
                    time.sleep(delay)
                    delay = min(delay * 2, 0.1)
        self._fd = fd
        self._depth = 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth:
            return
        fd, self._fd = self._fd, None
        if fd is not None:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
