"""A time limit for work that has none of its own (a third-party parser on a hostile file).

Uses ``SIGALRM`` through ``setitimer``, which interrupts pure-Python code between bytecodes. It
only exists on POSIX and only works in the main thread; anywhere else the block simply runs
without a limit. An alarm set by someone else is put back afterwards.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class TimeLimitExceeded(BaseException):
    """The block ran past its limit. A BaseException, like KeyboardInterrupt, so a library's own
    ``except Exception`` cannot swallow it and carry on."""


def available() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``TimeLimitExceeded`` inside the block once ``seconds`` have passed."""
    if seconds <= 0 or not available():
        yield
        return

    def _expired(_signum, _frame):
        raise TimeLimitExceeded(f"did not finish within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, _expired)
    # re-fires every second in case a bare ``except:`` in the block swallowed the first one
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:  # an enclosing alarm keeps running (roughly: our block's time is not taken off)
            signal.setitimer(signal.ITIMER_REAL, outer)
