"""A progress line on stderr for long work: drawn only on a terminal, and only once the work
has taken about two seconds, so scripts, pipes and tests never see it.

Domain functions take a ``progress(done, total, what="")`` callback and never print; the
command line passes an instance of :class:`Progress`.
"""

from __future__ import annotations

import os
import time

DELAY = 2.0
EVERY = 0.2


class Progress:
    def __init__(self, stream, label: str, delay: float = DELAY, clock=time.monotonic):
        self.stream = stream
        self.label = label
        self.delay = delay
        self.clock = clock
        self.start = clock()
        self.last = 0.0
        self.drawn = False
        try:
            self.enabled = bool(stream.isatty()) and not os.environ.get("SB_NO_PROGRESS")
        except (AttributeError, ValueError):
            self.enabled = False

    def __call__(self, done: int, total: int, what: str = "") -> None:
        if not self.enabled:
            return
        now = self.clock()
        elapsed = now - self.start
        if elapsed < self.delay or (now - self.last < EVERY and done < total):
            return
        self.last = now
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", about {_dur((total - done) / rate)} left" if rate > 0 and done < total else ""
        step = f" {what}" if what else ""
        self.stream.write(f"\r{self.label}: {done:,}/{total:,}{step} ({rate:,.0f}/s{left})\x1b[K")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _dur(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    return f"{seconds} s" if seconds < 120 else f"{seconds // 60} min"
