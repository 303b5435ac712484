"""Put a rendered ledger between a page's ``<!-- SB:LEDGER -->`` markers (compatibility: the ledger in a page).

Keeps the page up to the first open marker, inserts the ledger and a close marker, then the
text after the old close marker (or, without one, everything after the open marker). Pure:
the caller reads and writes the files (atomically).
"""

from __future__ import annotations

OPEN = "<!-- SB:LEDGER -->"
CLOSE = "<!-- /SB:LEDGER -->"


class NoMarker(ValueError):
    pass


def inject(page: str, ledger: str) -> str:
    a = page.find(OPEN)
    if a < 0:
        raise NoMarker(OPEN)
    head = page[: a + len(OPEN)]
    rest = page[a + len(OPEN):]
    b = rest.find(CLOSE)
    tail = rest[b + len(CLOSE):] if b >= 0 else rest
    return head + "\n" + ledger.rstrip("\n") + "\n" + CLOSE + tail
