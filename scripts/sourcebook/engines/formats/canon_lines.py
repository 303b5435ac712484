"""The first and last pass of canonical text v2, shared by every text format.

``split_lines`` turns decoded text into lines: NFC, LF line ends, no byte-order mark, no
trailing whitespace. ``join_lines`` turns a format converter's output lines back into
canonical text: at most one blank line in a row, none at either end, one final newline.
Both are single passes over the lines (the corpus of a thousand files goes through them on
every `sb extract --force`, so they avoid a regular expression per line).
"""

from __future__ import annotations

import unicodedata
from itertools import repeat
from operator import itemgetter

from ...base.patterns import hot

_BLANK_RUN = hot(r"\n\n\n+")
_LAST = itemgetter(-1)


def split_lines(text: str) -> list[str]:
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    return list(map(str.rstrip, text.split("\n")))


def join_lines(lines: list[str]) -> str:
    text = "\n".join(lines)
    if _blank_at_line_end(lines, text):
        text = "\n".join([ln.rstrip() for ln in lines])  # a converter left blanks at a line end
    text = _BLANK_RUN.sub("\n\n", text.strip("\n"))
    return text + "\n" if text else ""


def _blank_at_line_end(lines: list[str], text: str) -> bool:
    """Has ``text`` (``lines`` joined) a space or tab before a line break or at its end? When no
    line holds a line break of its own, that is a line ending in one: their last characters
    are looked at instead of searching the whole text for two-character pairs."""
    if text.count("\n") != len(lines) - 1:
        return " \n" in text or "\t\n" in text or text.endswith((" ", "\t"))
    ends = "".join(map(_LAST, filter(None, lines)))
    return " " in ends or "\t" in ends


def dedent(lines: list[str], n: int) -> list[str]:
    """Remove ``n`` leading columns (only spaces) from every line; blank lines stay blank."""
    if n > 0:
        tail = itemgetter(slice(n, None))
        # the common case, without a loop in Python: every line that is not empty opens with
        # the ``n`` spaces (``startswith`` copies nothing; the slice test below is the general one)
        if all(map(str.startswith, filter(None, lines), repeat(" " * n))) or \
                all(map(str.isspace, map(itemgetter(slice(None, n)), filter(None, lines)))):
            return list(map(tail, lines))
    return [ln[n:] if ln[:n].isspace() else ln.lstrip(" ") for ln in lines]


def common_indent(lines: list[str]) -> int:
    """The fewest leading spaces of a line that is not blank."""
    body = list(filter(str.strip, lines))  # the lines that are not blank
    if not body:
        return 0
    return min(map(int.__sub__, map(len, body), map(len, map(str.lstrip, body, repeat(" ")))))


def dedented(lines: list[str]) -> list[str]:
    """``dedent(lines, common_indent(lines))``: a block without its common indentation. The
    common case in one pass: the first line that is not blank is the least indented, and every
    other opens with its spaces (``startswith`` copies nothing)."""
    for first in lines:
        if first and not first.isspace():
            break
    else:
        return dedent(lines, 0)
    n = len(first) - len(first.lstrip(" "))
    if n and all(map(str.startswith, filter(None, lines), repeat(" " * n))):
        return list(map(itemgetter(slice(n, None)), lines))
    return dedent(lines, common_indent(lines))


def fenced(lines: list[str], lang: str = "", prefix: str = "") -> list[str]:
    """A Markdown fenced code block holding ``lines`` as they are (blank edges trimmed)."""
    body = list(lines)
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        return []
    ticks = "```"
    joined = "\n".join(body)  # a run of backticks never spans two lines
    while ticks in joined:
        ticks += "`"
    if not prefix:
        return [ticks + lang, *body, ticks]
    return [prefix + ticks + lang] + [(prefix + ln) if ln else prefix.rstrip() for ln in body] + [prefix + ticks]


def code_span(text: str) -> str:
    """``text`` as a Markdown code span (more backticks when it holds backticks)."""
    if "`" not in text:
        return f"`{text}`"
    ticks = "``"
    while ticks in text:
        ticks += "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"
