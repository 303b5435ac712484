"""Reading a Markdown draft that cites sources as ``[n]`` (pure): prose lines, citations, the
Sources block, coverage.

Coverage = prose lines with declared provenance (a ``[n]`` or ``[unverified]``) over prose
lines. A prose line is a non-empty line of four or more words once citation markers are
removed, not a heading, a table row, inside a code fence, or after the Sources heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .report import SOURCES_HEAD

NUM = re.compile(r"\[(\d+)\]")
UNVERIFIED = re.compile(r"\[unverified\]", re.I)
_ENTRY = re.compile(r"^\s*(?:[-*]\s+)?\[(\d+)\]\s*(.*)$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


@dataclass
class ProseLine:
    line: int
    text: str
    numbers: list[int]
    unverified: bool


@dataclass
class DraftCitations:
    prose: list[ProseLine] = field(default_factory=list)
    cited: dict[int, int] = field(default_factory=dict)  # number -> first line citing it
    sources_line: int | None = None  # the line of the Sources heading
    entries: dict[int, tuple[int, str]] = field(default_factory=dict)  # number -> (line, text)
    crowded: list[int] = field(default_factory=list)  # lines with a sentence citing more than three

    @property
    def coverage(self) -> float:
        if not self.prose:
            return 1.0
        return sum(1 for p in self.prose if p.numbers or p.unverified) / len(self.prose)


def read(text: str) -> DraftCitations:
    out = DraftCitations()
    fence = False
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if out.sources_line is not None:
            m = _ENTRY.match(line)
            if m:
                out.entries.setdefault(int(m.group(1)), (n, m.group(2)))
            continue
        if stripped.startswith("```"):
            fence = not fence
            continue
        if fence or not stripped:
            continue
        if SOURCES_HEAD.match(stripped):
            out.sources_line = n
            continue
        if stripped.startswith(("#", "|")):
            continue
        nums = [int(x) for x in NUM.findall(line)]
        for x in nums:
            out.cited.setdefault(x, n)
        if any(len(set(NUM.findall(s))) > 3 for s in _SENTENCE.split(line)):
            out.crowded.append(n)
        plain = UNVERIFIED.sub(" ", NUM.sub(" ", line))
        if len(plain.split()) >= 4:
            out.prose.append(ProseLine(n, line, nums, bool(UNVERIFIED.search(line))))
    return out
