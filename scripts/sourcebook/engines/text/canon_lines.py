"""The first and last pass of canonical text v2, shared by every text format.

``split_lines`` turns decoded text into lines: NFC, LF line ends, no byte-order mark, no
trailing whitespace. ``join_lines`` turns a format converter's output lines back into
canonical text: at most one blank line in a row, none at either end, one final newline.
Both are single passes over the lines (the corpus of a thousand files goes through them on
every `sb extract --force`, so they avoid a regular expression per line).
"""

from __future__ import annotations

import re
import unicodedata

_BLANK_RUN = re.compile(r"\n\n\n+")


def split_lines(text: str) -> list[str]:
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    return [ln.rstrip() for ln in text.split("\n")]


def join_lines(lines: list[str]) -> str:
    text = "\n".join(lines)
    if " \n" in text or "\t\n" in text or text.endswith((" ", "\t")):
        text = "\n".join([ln.rstrip() for ln in lines])  # a converter left blanks at a line end
    text = _BLANK_RUN.sub("\n\n", text.strip("\n"))
    return text + "\n" if text else ""


def indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def dedent(lines: list[str], n: int) -> list[str]:
    """Remove ``n`` leading columns (only spaces) from every line; blank lines stay blank."""
    return [ln[n:] if ln[:n].isspace() else ln.lstrip(" ") for ln in lines]


def common_indent(lines: list[str]) -> int:
    widths = [indent_of(ln) for ln in lines if ln.strip()]
    return min(widths) if widths else 0


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
    while any(ticks in ln for ln in body):
        ticks += "`"
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
