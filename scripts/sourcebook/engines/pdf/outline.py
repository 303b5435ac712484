"""Headings for a PDF's text: its outline (bookmarks), or failing that its numbered section titles.

A PDF's text layer has no headings, so every chunk and search hit of a PDF would say "(no
heading)". The outline names each section and the page it starts on: on that page (or the next,
for a bookmark that points just above its title) the line that reads as the title becomes a
Markdown heading, ``#`` for a top-level entry, ``##`` below it, and so on (depth capped at six).
A PDF without an outline gets headings from lines that read as numbered section titles
("3 Results", "4.2 Error handling"): a short line of its own, its number followed by a capital
letter, not ending like a sentence, at the start of a block, with numbers that run in order (so a numbered list of steps
or a table row is not taken for a section); the depth is the number of its parts.

Headings are inserted at line starts only (a prefix); a ``#`` that starts a line of the PDF's own
text is escaped (``\\#``), so every ``#`` line is a heading; page spans are moved with the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...base.patterns import hot

MAX_DEPTH = 6
TITLE_MAX = 120  # a longer line is prose, not a title
_NUMBERED = hot(r"^(\d{1,2}(?:\.\d{1,2}){0,4})\.?[ \t]+(\S.*)$")
_APPENDIX = hot(r"^(Appendix|Annex|Chapter|Section)\s+[A-Z0-9]{1,3}\b")
_NON_WORD = hot(r"\W+")
_HASH_LINE = hot(r"^#", re.M)
_SECTION_NUMBER = hot(r"^(?:\d{1,2}(?:\.\d{1,2})*|[A-Z])\.?\s+")


@dataclass(frozen=True)
class OutlineEntry:
    title: str
    page: int  # 0-based page index
    depth: int  # 1 for a top-level entry


def read_outline(reader) -> list[OutlineEntry]:
    """The outline entries in order, with their page; empty when the PDF has none or it is broken."""
    out: list[OutlineEntry] = []

    def walk(items, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
                continue
            try:
                title = " ".join(str(item.title or "").split())
                page = reader.get_destination_page_number(item)
            except Exception:  # an entry without a usable target is skipped  # noqa: BLE001
                continue
            if title and page is not None and page >= 0 and len(out) < 5000:
                out.append(OutlineEntry(title, page, depth))

    try:
        walk(reader.outline, 1)
    except Exception:  # a malformed outline costs the headings, never the text  # noqa: BLE001
        return []
    return out


def _key(s: str) -> str:
    return _NON_WORD.sub(" ", s).strip().casefold()


def _lines(text: str, start: int, end: int):
    """(offset, line) of each line starting in ``text[start:end]``."""
    pos = start
    while pos < end:
        nl = text.find("\n", pos)
        if nl < 0:
            nl = len(text)
        yield pos, text[pos:nl]
        pos = nl + 1


def _own_line(line: str) -> bool:
    """A line that can be a title: short, and not already a heading, table row, list item or quote."""
    return len(line) <= TITLE_MAX and not line.startswith(("#", "|", "```", "- ", "> "))


def _titled(line: str, title: str) -> bool:
    """The line is the title, or the title after its section number ("2.1 ASN.1 syntax")."""
    if _key(line) == title:
        return True
    m = _SECTION_NUMBER.match(line)
    return m is not None and _key(line[m.end():]) == title


def outline_headings(text: str, pages: list[dict], outline: list[OutlineEntry]) -> list[tuple[int, int]]:
    """(offset of a line start, heading level) for each outline entry found as a line."""
    found: list[tuple[int, int]] = []
    floor = 0  # entries are in reading order: each is looked for after the one before
    # A page joined to the one before it in mid-sentence starts mid-line: a title there counts.
    page_starts = {p["start"] for p in pages if p["start"] and text[p["start"] - 1] == " "}
    for entry in outline:
        want = _key(entry.title)
        if not want:
            continue
        first = min(entry.page, len(pages) - 1)
        last = min(entry.page + 1, len(pages) - 1)
        if first < 0:
            continue
        lo = max(pages[first]["start"], floor)
        hi = pages[last]["end"]
        for at, line in _lines(text, lo, hi):
            if (at == 0 or text[at - 1] == "\n" or at in page_starts) and _own_line(line) and _titled(line, want):
                found.append((at, min(entry.depth, MAX_DEPTH)))
                floor = at + len(line)
                break
    return found


def numbered_headings(text: str, pages: list[dict] | None = None) -> list[tuple[int, int]]:
    """(offset, level) of lines that read as numbered section titles, in running order. A page
    joined to the one before it mid-line starts a line of its own here."""
    found: list[tuple[int, int]] = []
    last: tuple[int, ...] = ()
    page_starts = {p["start"] for p in pages or () if p["start"] and text[p["start"] - 1] == " "}
    starts = sorted({0} | {i + 1 for i, ch in enumerate(text) if ch == "\n"} | page_starts)
    for at in starts:
        if at >= len(text):
            break
        eol = text.find("\n", at)
        line = text[at:eol if eol >= 0 else len(text)]
        m = _NUMBERED.match(line)
        if not (m and len(line) <= TITLE_MAX and m.group(2)[:1].isupper()
                and line.rstrip()[-1:] not in ".,;:" and sum(c.isalpha() for c in m.group(2)) >= 3):
            continue
        if not (at == 0 or at in page_starts or _block_start(text, at) or (found and _prev_line(text, at) == found[-1][0])):
            continue
        num = tuple(int(x) for x in m.group(1).split("."))
        if _follows(last, num):
            found.append((at, min(len(num), MAX_DEPTH)))
            last = num
    return found if len(found) >= 2 else []


def _prev_line(text: str, at: int) -> int:
    """Offset of the line before the one starting at ``at``."""
    return text.rfind("\n", 0, max(0, at - 1)) + 1


def _block_start(text: str, at: int) -> bool:
    """The line at ``at`` follows a blank line or a line that ends a sentence."""
    before = text[_prev_line(text, at):at - 1]
    return not before.strip() or before.rstrip()[-1:] in ".!?:"


def _follows(last: tuple[int, ...], num: tuple[int, ...]) -> bool:
    """``num`` can come next after ``last`` in a document's section numbering."""
    if not last:
        return num[0] <= 2 and all(n <= 1 for n in num[1:])
    if len(num) == len(last) + 1:  # 3 -> 3.1
        return num[:-1] == last and num[-1] in (0, 1)
    if len(num) <= len(last):  # 3.2 -> 3.3, 3.2 -> 4
        head = last[:len(num)]
        return num[:-1] == head[:-1] and num[-1] == head[-1] + 1
    return False


def apply_headings(text: str, pages: list[dict], heads: list[tuple[int, int]]) -> tuple[str, list[dict]]:
    """Prefix each heading line with ``#`` marks, and escape a ``#`` that starts a line of the
    PDF's own text (``\\#``: a comment in a code sample is not a heading); move the page spans
    with the text."""
    marks = {at: "#" * level + " " for at, level in heads}
    for m in _HASH_LINE.finditer(text):
        marks.setdefault(m.start(), "\\")
    if not marks:
        return text, pages
    parts: list[str] = []
    inserts: list[tuple[int, int]] = []  # (old offset, characters added there)
    prev = 0
    for at in sorted(marks):
        if at and text[at - 1] == " ":  # a title that starts a page joined mid-line: its own line
            parts.append(text[prev:at - 1])
            parts.append("\n\n")
            inserts.append((at - 1, 1))
        else:
            parts.append(text[prev:at])
        parts.append(marks[at])
        inserts.append((at, len(marks[at])))
        prev = at
    parts.append(text[prev:])

    def moved(old: int) -> int:  # a heading at a page's first line belongs to that page
        return old + sum(n for at, n in inserts if at < old)

    out = []
    for p in pages:
        q = dict(p)
        q["start"], q["end"] = moved(p["start"]), moved(p["end"])
        if p["start"] == p["end"]:
            q["end"] = q["start"]
        out.append(q)
    return "".join(parts), out
