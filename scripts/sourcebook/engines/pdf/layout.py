"""PDF pages as reading text (canonical text v2): no running heads, no page numbers, no cut
sentences.

A line at the top or bottom of pages (the first or last two lines of a page) that repeats on
at least two pages and half of them, digits aside, is a running header or footer and is
dropped; so is a bare page number there ("7", "Page 7 of 30", "- 7 -", "vii"). Each page's
wrapped lines are joined (``plain_reflow.reflow_lines``: a line that ends where the next
line's first word would not have fit was wrapped; a short line ends its paragraph). Pages are then joined with
a blank line, except where a page ends inside a sentence (no closing punctuation) and the next
one goes on with it: there the two are joined with a space (or without one, when a word was
hyphenated across the break). The span of each page in the joined text is recorded.
"""

from __future__ import annotations

from collections import Counter

from ...base.patterns import hot
from ..formats.plain_reflow import reflow_lines, wrap_width

EDGE = 2  # lines looked at, at the top and at the bottom of each page
_DIGITS = hot(r"\d+")
_PAGE_NUMBER = hot(r"(?i)^[-\u2013\u2014(\[ ]*(?:page\s+)?(?:\d+|[ivxlcdm]+)(?:\s*(?:of|/)\s*\d+)?[-\u2013\u2014)\] ]*$")
_END_OF_SENTENCE = frozenset(".!?:;\"'\u201d\u2019)]")


def _key(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.split())).casefold()


def _edges(lines: list[str]) -> list[int]:
    """Indexes of the first and last ``EDGE`` non-blank lines of a page."""
    filled = [k for k, ln in enumerate(lines) if ln.strip()]
    return sorted(set(filled[:EDGE] + filled[-EDGE:]))


def drop_running(pages: list[str]) -> list[str]:
    split = [p.split("\n") for p in pages]
    with_text = sum(1 for p in pages if p.strip())
    if with_text < 2:
        return pages
    seen: Counter = Counter()
    for lines in split:
        seen.update({_key(lines[k]) for k in _edges(lines)})
    running = {k for k, c in seen.items() if c >= 2 and c * 2 >= with_text}
    out = []
    for lines in split:
        drop = {k for k in _edges(lines) if _key(lines[k]) in running or _PAGE_NUMBER.match(lines[k].strip())}
        kept = [ln for k, ln in enumerate(lines) if k not in drop]
        out.append("\n".join(kept).strip("\n"))
    return out


def reflow_page(page: str, width: int) -> str:
    out: list[str] = []
    block: list[str] = []
    for line in page.split("\n") + [""]:
        if line.strip():
            block.append(line)
            continue
        if block:
            out += reflow_lines(block, width)
            block = []
        out.append("")
    return "\n".join(out).strip("\n")


def join_pages_v2(pages: list[str]) -> tuple[str, list[dict]]:
    """Join pages (a cut sentence is joined); returns the text and each page's span."""
    parts: list[str] = []
    spans: list[dict] = []
    pos = 0
    for n, page in enumerate(pages, 1):
        if not page:
            spans.append({"page": n, "start": pos, "end": pos})
            continue
        if parts:
            prev = parts[-1]
            sep = "\n\n"
            last = prev.rstrip()[-1:]
            first = page[:1]
            if last and last not in _END_OF_SENTENCE and (first.islower() or first.isdigit()):
                if last == "-" and len(prev) > 1 and prev[-2].isalpha() and first.isalpha():
                    parts[-1] = prev[:-1]  # a word hyphenated across the page break
                    pos -= 1
                    spans[-1]["end"] = pos
                    sep = ""
                else:
                    sep = " "
            parts.append(sep)
            pos += len(sep)
        spans.append({"page": n, "start": pos, "end": pos + len(page)})
        parts.append(page)
        pos += len(page)
    text = "".join(parts)
    return (text + "\n" if text else ""), spans


def layout_pages(pages: list[str]) -> tuple[str, list[dict]]:
    """Cleaned page texts to canonical text v2 and page spans."""
    pages = drop_running(pages)
    width = wrap_width([ln for p in pages for ln in p.split("\n")])
    return join_pages_v2([reflow_page(p, width) if p else "" for p in pages])
