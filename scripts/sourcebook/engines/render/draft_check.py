"""Reading a Markdown draft that cites sources as ``[n]`` (pure): its sentences and what each
declares, its headings and table rows, its citations and its Sources block.

The unit is the sentence (``engines.text.sentences``), in every script: paragraphs and list
items are split into sentences, and each sentence is given the markers written in it or right
after its stop (``[n]``, ``[@clm_...]``/``[@src_...]``, ``[inference]``, ``[unverified]``,
``[framing]``). A sentence never begins with a marker: ``water. [1] Next`` gives ``[1]`` to the
sentence before. A line that ends with a marker ends its sentence even without a stop. Headings,
table rows, code fences and everything after the Sources heading are structure, not sentences
(a code block's text is kept, to be read as a page's is);
so is a short label (fewer than four words, or eight CJK characters) that carries no marker.
"""

from __future__ import annotations

import re

from ...base.patterns import lazy
from ...base.record import field, record
from ..text.sentences import is_short_label, split_sentences
from .report import SOURCES_HEAD

NUM = lazy(r"\[(\d+)\]")
REF = lazy(r"\[@([^\]]*)\]")
TAG = lazy(r"\[(framing|inference|unverified)\]", re.I)
MARK = lazy(r"\[(?:\d+|@[^\]]*|framing|inference|unverified)\]", re.I)
_ENTRY = lazy(r"^\s*(?:[-*]\s+)?\[(\d+)\]\s*(.*)$")
_ITEM = lazy(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")
_RULE = lazy(r"^\s*(?:---+|\*\*\*+|___+)\s*$")
_HEADING = lazy(r"^(#{1,6})\s*(.*?)\s*#*\s*$")
_SPACE_BEFORE_STOP = lazy(r"\s+(?=[.,;:!?。、，．！？])")
_LINK = lazy(r"!?\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+\"[^\"]*\")?\)")
_URL = lazy(r"<?\b(?:https?|ftp)://[^\s<>]*[^\s<>.,;:!?)\]]>?")


def _readable(line: str) -> str:
    """The line as a reader reads it: a Markdown link is its text, a bare URL is not prose (the
    digits of a web address are no figure)."""
    return _URL.sub(" ", _LINK.sub(lambda m: m.group(1), line))


@record
class DraftSentence:
    line: int  # the line the sentence starts on
    text: str  # the sentence with its markers removed (what a reader reads)
    numbers: list[int] = field(default_factory=list)  # [n]
    refs: list[str] = field(default_factory=list)  # [@...] ids
    tags: set[str] = field(default_factory=set)  # framing, inference, unverified (lower case)
    label: bool = False  # a short label without markers: structure, not prose
    # where each citation stands in ``text``: (offset, source number or None, claim id or "")
    at: list[tuple[int, int | None, str]] = field(default_factory=list)
    tag_at: list[tuple[int, str]] = field(default_factory=list)  # where each tag stands: (offset, tag)


@record
class StructureLine:
    line: int
    kind: str  # "heading" | "table"
    level: int  # heading level (0 for a table row)
    text: str  # markers removed
    numbers: list[int] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)


@record
class DraftCitations:
    sentences: list[DraftSentence] = field(default_factory=list)  # prose sentences and short labels
    structure: list[StructureLine] = field(default_factory=list)  # headings and table rows
    cited: dict[int, int] = field(default_factory=dict)  # number -> first line citing it
    sources_line: int | None = None  # the line of the Sources heading
    entries: dict[int, tuple[int, str]] = field(default_factory=dict)  # number -> (line, text)
    crowded: list[int] = field(default_factory=list)  # lines with a sentence citing more than three
    code: list[tuple[int, str]] = field(default_factory=list)  # code blocks: (first line, their text)
    # lines of text right after a block quote's line with no blank line between: CommonMark's lazy
    # continuation shows them inside the quotation, as the quoted source's words
    lazy_quoted: list[int] = field(default_factory=list)

    @property
    def prose(self) -> list[DraftSentence]:
        return [s for s in self.sentences if not s.label]


def _tidy(text: str) -> str:
    return _SPACE_BEFORE_STOP.sub("", " ".join(text.split()))


def _block_sentences(lines: list[tuple[int, str]]) -> list[DraftSentence]:
    """The sentences of one paragraph or list item, given as (line number, text) pairs."""
    plain = ""
    starts: list[tuple[int, int]] = []  # (offset in plain, line number)
    marks: list[tuple[int, str]] = []  # (offset in plain, marker)
    breaks: list[int] = []  # offsets where a line ended with a marker
    for n, raw in lines:
        line = _readable(raw)
        if plain:
            plain += " "
        starts.append((len(plain), n))
        pos = 0
        last_end = -1
        for m in MARK.finditer(line):
            plain += line[pos:m.start()]
            marks.append((len(plain), m.group(0)))
            pos = last_end = m.end()
        plain += line[pos:]
        if last_end >= 0 and not line[last_end:].strip():
            breaks.append(len(plain))
    spans: list[tuple[int, int]] = []
    cut = 0
    for b in [*breaks, len(plain)]:
        if b > cut:
            spans += [(cut + s.start, cut + s.end) for s in split_sentences(plain[cut:b])]
        cut = b
    if not spans:  # markers alone: they still cite, on the block's first line
        spans = [(0, 0)]
    out = []
    for start, end in spans:
        first = max((ln for off, ln in starts if off <= start), default=lines[0][0])
        out.append(DraftSentence(first, _tidy(plain[start:end])))
    for off, mark in marks:
        i = max((j for j, (start, _) in enumerate(spans) if start <= off), default=0)
        s = out[i]
        num = NUM.fullmatch(mark)
        ref = REF.fullmatch(mark)
        at = len(_tidy(plain[spans[i][0]:max(spans[i][0], min(off, spans[i][1]))]))
        if num:
            s.numbers.append(int(num.group(1)))
            s.at.append((at, int(num.group(1)), ""))
        elif ref:
            ids = [x.strip().lstrip("@") for x in ref.group(1).split(";") if x.strip()]
            s.refs += ids
            s.at += [(at, None, x) for x in ids]
        else:
            s.tags.add(mark[1:-1].lower())
            s.tag_at.append((at, mark[1:-1].lower()))
    for s in out:
        s.label = not s.text or (not (s.numbers or s.refs or s.tags) and is_short_label(s.text))
    return [s for s in out if s.text or s.numbers or s.refs or s.tags]


def _structure(n: int, kind: str, level: int, text: str) -> StructureLine:
    text = _readable(text)
    refs = [x.strip().lstrip("@") for m in REF.finditer(text) for x in m.group(1).split(";") if x.strip()]
    return StructureLine(n, kind, level, _tidy(MARK.sub(" ", text)), [int(x) for x in NUM.findall(text)], refs)


def read(text: str) -> DraftCitations:
    out = DraftCitations()
    fence = False
    block: list[tuple[int, str]] = []
    code: list[str] = []
    quoted = False  # the line before is a block quote's (or its lazy continuation)

    def flush() -> None:
        if block:
            out.sentences.extend(_block_sentences(block))
            block.clear()

    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if out.sources_line is not None:
            m = _ENTRY.match(line)
            if m:
                out.entries.setdefault(int(m.group(1)), (n, m.group(2)))
            continue
        was_quoted, quoted = quoted, False
        if stripped.startswith("```"):
            flush()
            fence = not fence
            if fence:
                out.code.append((n + 1, ""))
                code.clear()
            else:
                out.code[-1] = (out.code[-1][0], "\n".join(code))
            continue
        if fence:
            code.append(line)
            continue
        if not stripped or _RULE.match(line):
            flush()
            continue
        if SOURCES_HEAD.match(stripped):
            flush()
            out.sources_line = n
            continue
        if stripped.startswith("#"):
            flush()
            h = _HEADING.match(stripped)
            out.structure.append(_structure(n, "heading", len(h.group(1)) if h else 1, h.group(2) if h else stripped))
            continue
        if stripped.startswith("|"):
            flush()
            out.structure.append(_structure(n, "table", 0, stripped))
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            block.append((n, line[item.end():]))
            continue
        if stripped.startswith(">"):
            stripped = stripped.lstrip(">").strip()
            quoted = True
        elif was_quoted:
            out.lazy_quoted.append(n)
            quoted = True
        block.append((n, stripped))
    flush()
    if fence and out.code:  # a fence never closed runs to the end
        out.code[-1] = (out.code[-1][0], "\n".join(code))
    for s in out.sentences:
        if len(set(s.numbers)) > 3 and s.line not in out.crowded:
            out.crowded.append(s.line)
    for at, numbers in [(s.line, s.numbers) for s in out.sentences] + [(t.line, t.numbers) for t in out.structure]:
        for x in numbers:
            out.cited[x] = min(out.cited.get(x, at), at)
    out.cited = dict(sorted(out.cited.items()))
    return out
