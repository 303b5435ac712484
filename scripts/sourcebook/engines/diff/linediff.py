"""The first line where two texts differ, shown short enough for one finding.

``sb verify`` re-derives the files sourcebook writes and compares them byte for byte with what
ships; a reader fixing a difference needs the line and both versions, not a whole diff. Pure.
"""

from __future__ import annotations

from collections.abc import Callable

from ...base.record import TupleRecord

SHOWN = 72  # characters of each version a finding shows


class LineDiff(TupleRecord):
    line: int  # 1-based, in the texts compared
    shipped: str  # that line as it ships (shortened), "(end of file)" past the last line
    expected: str  # that line as sourcebook writes it (shortened)


END = "(end of file)"


def _split(text: str) -> list[str]:
    """Lines with their endings kept, so a missing or extra final newline is a difference too."""
    return text.splitlines(keepends=True)


def shorten(line: str, col: int, width: int = SHOWN) -> str:
    """The part of ``line`` around column ``col``, at most ``width`` characters, with ``…`` where
    it was cut; line endings and control characters made visible."""
    text = line.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    if len(text) <= width:
        return text
    start = max(0, min(col - width // 3, len(text) - width))
    end = start + width
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def _fits(line: str, pattern: str, wildcard: str, accept: Callable[[str], bool] | None = None) -> bool:
    """``line`` is ``pattern`` with the span from its first to its last ``wildcard`` replaced by
    any text of one line (one ``accept`` takes, where the wildcard stands once)."""
    i = pattern.find(wildcard)
    if i < 0:
        return line == pattern
    head, tail = pattern[:i], pattern[pattern.rfind(wildcard) + len(wildcard):]
    if not (len(line) >= len(head) + len(tail) and line.startswith(head) and line.endswith(tail)):
        return False
    span = line[len(head):len(line) - len(tail)]
    if "\n" in span:
        return False
    return accept is None or pattern.count(wildcard) > 1 or accept(span)


def first_difference(shipped: str, expected: str, wildcard: str | None = None,
                     accept: Callable[[str], bool] | None = None) -> LineDiff | None:
    """None when the texts are equal; else the first differing line and both versions.

    With ``wildcard``, an expected line holding it matches any shipped line that agrees before
    its first and after its last occurrence (a package's source names, which a public package
    withholds from its records but its pages still show)."""
    if shipped == expected:
        return None
    a, b = _split(shipped), _split(expected)
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y and not (wildcard and wildcard in y and _fits(x, y, wildcard, accept)):
            col = next((j for j, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y)))
            col_y = col
            if wildcard and wildcard in y and x.startswith(y[:y.find(wildcard)]):
                # the withheld name stands for any text: the difference is after it, so show
                # both versions where they part counting from the end of the line
                k = next((j for j, (p, q) in enumerate(zip(reversed(x), reversed(y), strict=False)) if p != q),
                         min(len(x), len(y)))
                col, col_y = len(x) - k, len(y) - k
            if x.endswith("\n") and y.endswith("\n"):  # the ending is shown only when it differs
                x, y = x[:-1], y[:-1]
            return LineDiff(i + 1, shorten(x, col), shorten(y, col_y))
    if len(a) == len(b):
        return None  # every line matched its pattern
    i = min(len(a), len(b))
    return LineDiff(i + 1, shorten(a[i].rstrip("\n"), 0) if i < len(a) else END,
                    shorten(b[i].rstrip("\n"), 0) if i < len(b) else END)
