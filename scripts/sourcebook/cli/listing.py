"""Output with a budget: an agent reads every line a command prints, so commands that report
per source print at most ``LIMIT`` such lines by default, then how many more there are, a
summary and the next command; ``--verbose`` (and ``--json``) give every line."""

from __future__ import annotations

LIMIT = 10


def small(n: int, verbose: bool) -> bool:
    """Whether ``n`` per-source results are few enough to print them all (the classic output)."""
    return verbose or n <= LIMIT


def bounded(emit, lines: list[str], verbose: bool, what: str) -> None:
    """Emit the first ``LIMIT`` lines (all with ``verbose``), then a line saying how many more."""
    shown = lines if verbose else lines[:LIMIT]
    for line in shown:
        emit(line)
    if len(shown) < len(lines):
        emit(f"  ... and {len(lines) - len(shown):,} more {what} (--verbose lists every one)")
