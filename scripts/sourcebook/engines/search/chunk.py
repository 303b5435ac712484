"""Chunker v2: split a canonical text into overlapping, heading-aware spans.

1. Blocks: a heading line (``#`` to ``######``, through its newline; never inside a fenced
   code block, and not at all in text that is not Markdown, such as a PDF's) carries its level;
   the text between headings splits into paragraphs at blank lines (the separator stays with
   the block before it). Blocks tile the text.
2. A block longer than ``target`` splits after sentence ends once a piece reaches 0.6 x target;
   a piece still longer is cut after the last space within ``target`` (else hard).
3. A heading closes the current chunk and opens one; its path is the stack of open headings.
   A piece joins the current chunk if the chunk stays within ``target``, else opens a new one.
4. A last chunk shorter than 120 characters joins its predecessor.
5. A chunk after one with the same heading path starts up to ``overlap`` characters earlier,
   at a word start when one exists there.

Chunks are spans (code-point offsets) of the text, not copies of it.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ...base.patterns import hot
from ...base.record import TupleRecord

TARGET = 1600
OVERLAP = 240
MIN_LAST = 120

# A heading line, found after the "\n" that starts its line (the text is searched with one put in
# front): a pattern starting with a literal is scanned for quickly, one starting with ``^`` is
# tried at every position.
_HEADING = hot(r"\n(#{1,6})[ \t]+(.+?)[ \t]*$", re.M)
_PARA_SEP = hot(r"\n[ \t]*\n")
_SENTENCE_END = hot(r"(?<=[.!?])\s+")


class Chunk(TupleRecord):
    ordinal: int
    start: int
    end: int
    heading_path: tuple[str, ...]


class Block(TupleRecord):
    start: int
    end: int
    level: int  # 1-3 for a heading line, 0 for a paragraph
    title: str


def check_sizes(target: int, overlap: int) -> str | None:
    """Why these sizes cannot work, or None when they can."""
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        return f"target must be a whole number of at least 1, got {target!r}"
    if not isinstance(overlap, int) or isinstance(overlap, bool) or overlap < 0:
        return f"overlap must be a whole number of at least 0, got {overlap!r}"
    if overlap >= target:
        return f"overlap ({overlap}) must be smaller than target ({target})"
    return None


def code_spans(text: str) -> list[tuple[int, int]]:
    """Spans of fenced code blocks (an unclosed fence runs to the end of the text)."""
    spans: list[tuple[int, int]] = []
    opened = -1
    mark = ""
    for at, stop in _fence_runs(text):
        line = text.rfind("\n", 0, at) + 1
        if line < at and text[line:at].strip(" \t>"):
            continue  # not the start of a fence line
        run = text[at:stop]
        if opened < 0:
            opened, mark = line, run
            continue
        eol = text.find("\n", stop)
        rest = text[stop: eol if eol >= 0 else len(text)]
        if run[0] == mark[0] and len(run) >= len(mark) and not rest.strip(run[0] + " \t"):
            spans.append((opened, stop))
            opened = -1
    if opened >= 0:
        spans.append((opened, len(text)))
    return spans


def _fence_runs(text: str) -> list[tuple[int, int]]:
    """Every run of three or more backticks or of three or more tildes, in order (what
    ``re.finditer("`{3,}|~{3,}")`` finds; ``str.find`` scans for them far faster). A run opens
    or closes a fence when only spaces, tabs and ">" come before it on its line."""
    runs: list[tuple[int, int]] = []
    for mark in ("`", "~"):
        three = mark * 3
        at = text.find(three)
        while at >= 0:
            stop = at + 3
            while text.startswith(mark, stop):
                stop += 1
            runs.append((at, stop))
            at = text.find(three, stop)
    runs.sort()
    return runs


def blocks(text: str, headings: bool = True) -> list[Block]:
    return [Block(*b) for b in _blocks(text, headings)]


def _blocks(text: str, headings: bool) -> list[tuple[int, int, int, str]]:
    """``blocks`` as plain tuples (the chunker makes one per paragraph of every text)."""
    out: list[tuple[int, int, int, str]] = []
    pos = 0
    fences = code_spans(text) if headings and ("```" in text or "~~~" in text) else []
    fence_starts = [a for a, _ in fences]
    size = len(text)
    for m in (_HEADING.finditer("\n" + text) if headings and "#" in text else ()):
        start = m.start()  # the "\n" put in front shifts every offset by one
        if fences:
            i = bisect_right(fence_starts, start) - 1
            if i >= 0 and start < fences[i][1]:  # inside a fenced code block (fences do not overlap)
                continue
        _paragraphs(text, pos, start, out)
        stop = m.end() - 1
        end = stop + 1 if stop < size else stop
        out.append((start, end, len(m.group(1)), m.group(2)))
        pos = end
    _paragraphs(text, pos, size, out)
    return out


def _paragraphs(text: str, start: int, end: int, out: list) -> None:
    if start >= end:
        return
    pos = start
    for m in _PARA_SEP.finditer(text, start, end):
        b = m.end()
        out.append((pos, b, 0, ""))
        pos = b
    if pos < end:
        out.append((pos, end, 0, ""))


def pieces(text: str, start: int, end: int, target: int) -> list[tuple[int, int]]:
    """A block cut into pieces of at most ``target`` characters (sentence ends preferred)."""
    if end - start <= target:
        return [(start, end)]
    rough = []
    a = start
    for m in _SENTENCE_END.finditer(text, start, end):
        if m.end() - a >= 0.6 * target and m.end() < end:
            rough.append((a, m.end()))
            a = m.end()
    rough.append((a, end))
    out = []
    for a, b in rough:
        while b - a > target:
            sp = text.rfind(" ", a, a + target)
            cut = sp + 1 if sp >= a else a + target
            out.append((a, cut))
            a = cut
        out.append((a, b))
    return out


def chunk(text: str, target: int = TARGET, overlap: int = OVERLAP, headings: bool = True) -> list[Chunk]:
    problem = check_sizes(target, overlap)
    if problem:
        raise ValueError(problem)
    spans: list[list] = []  # [start, end, heading_path]
    stack: list[tuple[int, str]] = []
    path: tuple[str, ...] = ()  # the titles of ``stack``
    cur: list | None = None
    for start, end, level, title in _blocks(text, headings):
        if level:
            if cur is not None:
                spans.append(cur)
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            path = tuple(t for _, t in stack)
            cur = [start, start, path]
        for a, e in ((start, end),) if end - start <= target else pieces(text, start, end, target):
            if cur is None:
                cur = [a, e, path]
            elif e - cur[0] <= target or cur[1] == cur[0]:
                cur[1] = e
            else:
                spans.append(cur)
                cur = [a, e, cur[2]]
    if cur is not None:
        spans.append(cur)
    if len(spans) >= 2 and spans[-1][1] - spans[-1][0] < MIN_LAST:
        last = spans.pop()
        spans[-1][1] = last[1]
    out: list[Chunk] = []
    for i, (s, e, path) in enumerate(spans):
        if i and overlap and path == out[-1].heading_path:
            want = max(out[-1].start, s - overlap)
            sp = text.rfind(" ", want, s)
            s = sp + 1 if sp > want else want
        out.append(Chunk(i, s, e, path))
    return out
