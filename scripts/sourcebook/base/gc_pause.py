"""Pausing Python's cyclic garbage collector while a large structure is built and used."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Run the block without cyclic collections. While a big tree is built, every node it makes
    stays alive, so each collection would only rescan the whole growing tree for nothing.
    Reference counting still frees everything that is not in a cycle; cycles left behind are
    collected once the collector runs again."""
    if not gc.isenabled():  # nested, or the caller turned it off: leave it as it is
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
