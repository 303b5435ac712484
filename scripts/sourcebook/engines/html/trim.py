"""Leftovers of dropped blocks, trimmed from the rendered text.

When a teaser list, a feed of other stories or a share bar is dropped, the heading or lead-in
line that announced it may survive ("Related stories", "Read also:"). They are told by where
they stand, not by their words:

- a heading (not a long sentence set as one) followed by no text of its own (the next block is a heading of the same or a
  higher level, or nothing) announces a section that is not there;
- at the end of the article, short blocks that are headings, lead-ins ending with a colon,
  nothing but link text, or a line of words all in capitals are what follows the article's end;
- a list of short items set down twice after the article's last paragraph is a bar of tools.

Link offsets are carried over to the trimmed text.
"""

from __future__ import annotations

from ...base.record import TupleRecord
from .captions import CAPTION_OPEN

TAIL_CHARS = 100  # a trailing block longer than this is kept, whatever it looks like
CALL_CHARS = 200  # a block at the text's end this short and holding a link is a call to act
CALL_AFTER = 1000  # ... after this much text (a short page's last line is its content)
RULED_TAIL = 300  # characters under the last horizontal rule that are what follows the article
LABEL_CHARS = 60  # a trailing line this short, of at most LABEL_WORDS words and with no closing
LABEL_WORDS = 5  # punctuation, is a credit or a label
TOOL_ITEM_CHARS = 40  # a list of two or more items this short, twice after the last paragraph
PROSE_CHARS = 80  # a paragraph of the article's prose
SHOUT_WORDS = 3
_FENCE = "```"
SENTENCE_HEADING = 60
_ENDS = frozenset(".!?。…\"”»")


class _Block(TupleRecord):
    start: int
    end: int  # one past the block's last character (before the blank line)
    level: int  # heading level, 0 for other blocks
    protected: bool  # code (inside a fence) or a caption block: never a lead-in


def _blocks(text: str) -> list[_Block]:
    out: list[_Block] = []
    pos = 0
    fenced = False
    n = len(text)
    while pos < n:
        end = text.find("\n\n", pos)
        if end < 0:
            end = n
        chunk = text[pos:end]
        level = 0
        if not fenced and chunk.startswith("#"):
            hashes = len(chunk) - len(chunk.lstrip("#"))
            if (hashes <= 6 and chunk[hashes:hashes + 1] == " " and "\n" not in chunk
                    and not _sentence(chunk[hashes + 1:])):
                level = hashes
        protected = fenced or chunk.startswith(CAPTION_OPEN)
        for line in chunk.split("\n"):
            if line.lstrip("> ").startswith(_FENCE):
                fenced = not fenced
                protected = True
        out.append(_Block(pos, end, level, protected))
        pos = end + 2
    return out


def _sentence(heading: str) -> bool:
    """A heading that is a long sentence is prose set large (a pull quote, a lead), not the
    title of a section."""
    h = heading.rstrip()
    return len(h) >= SENTENCE_HEADING and h[-1:] in _ENDS


def _label(chunk: str) -> bool:
    """A line of a few words that is no sentence (no closing punctuation): a credit, a label."""
    t = chunk.strip()
    return (_plain(t) and "\n" not in t and len(t) <= LABEL_CHARS and len(t.split()) <= LABEL_WORDS
            and t[-1:] not in _ENDS)


def _prompt(chunk: str) -> bool:
    """A short question to the reader on a line of its own ("Was this useful?", "Share it?")."""
    t = chunk.strip()
    return _plain(t) and "\n" not in t and len(t) <= LABEL_CHARS and t.endswith(("?", "？"))


def _shout(chunk: str) -> bool:
    """A line of several words all in capitals (a banner: "JOIN NOW AND GET MORE"), no sentence."""
    t = chunk.strip()
    return (_plain(t) and "\n" not in t and len(t.split()) >= SHOUT_WORDS and t.isupper()
            and t[-1:] not in _ENDS)


def _plain(chunk: str) -> bool:
    """A paragraph of its own: not a list item, a quote or a table row (content in its form)."""
    t = chunk.lstrip()
    head = t.split(" ", 1)[0]
    return not (t.startswith(("- ", "* ", "> ", "|")) or head[:-1].isdigit() and head.endswith("."))


def _tool_list(chunk: str) -> bool:
    """Two or more list items, each a few words (a date, "Print", "Permalink")."""
    lines = chunk.split("\n")
    return len(lines) >= 2 and all(line.startswith(("- ", "* ")) and len(line) <= TOOL_ITEM_CHARS
                                   for line in lines)


def _link_chars(spans: list[tuple[int, int, str]], a: int, b: int) -> int:
    return sum(max(0, min(e, b) - max(s, a)) for s, e, _ in spans)


def trim(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, list[tuple[int, int, str]]]:
    blocks = _blocks(text)
    if len(blocks) < 2:
        return text, spans
    drop = [False] * len(blocks)
    # A list of short items set down twice after the article's last paragraph (a bar of tools
    # under the body, then again in the page's footer): what follows the article.
    last_prose = max((i for i, b in enumerate(blocks) if not b.level and b.end - b.start >= PROSE_CHARS
                      and _plain(text[b.start:b.end])), default=-1)
    seen: dict[str, int] = {}
    for i in range(last_prose + 1, len(blocks)):
        b = blocks[i]
        chunk = text[b.start:b.end]
        if not b.protected and _tool_list(chunk):
            if chunk in seen:
                drop[i] = drop[seen[chunk]] = True
            else:
                seen[chunk] = i
    # Headings with no text of their own, from the end so a chain of them goes together.
    nxt_level = None  # level of the next kept block (0 for text), None at the end
    for i in range(len(blocks) - 1, -1, -1):
        b = blocks[i]
        if b.level and not b.protected and (nxt_level is None or 0 < nxt_level <= b.level):
            drop[i] = True
            continue
        nxt_level = b.level
    # A rule near the end of a long text, with a few short lines under it: what the page put
    # after the article (a rating, a sign-in prompt), not the article.
    rules = [i for i, b in enumerate(blocks) if not b.protected and text[b.start:b.end].strip() == "---"]
    if rules and blocks[rules[-1]].start >= CALL_AFTER:
        after = [text[b.start:b.end].strip() for b in blocks[rules[-1] + 1:]]
        if after and sum(map(len, after)) <= RULED_TAIL and all(len(a) <= TAIL_CHARS * 1.5 for a in after):
            for i in range(rules[-1], len(blocks)):
                drop[i] = True
    # What follows the article's end.
    for i in range(len(blocks) - 1, 0, -1):
        if drop[i]:
            continue
        b = blocks[i]
        chunk = text[b.start:b.end]
        letters = len(chunk.strip())
        if (not b.protected and letters <= CALL_CHARS and b.start >= CALL_AFTER and _plain(chunk)
                and _link_chars(spans, b.start, b.end)):
            drop[i] = True  # short and linking out at the end: a call to sign up, follow or subscribe
            continue
        if not b.protected and letters <= CALL_CHARS and _plain(chunk) and chunk.rstrip().endswith(":"):
            drop[i] = True  # a lead-in to what is no longer there (a button, a form, a list of links)
            continue
        if b.protected or letters > TAIL_CHARS:
            break
        if (b.level or chunk.rstrip().endswith(":") or _link_chars(spans, b.start, b.end) >= 0.9 * letters
                or not any(ch.isalnum() for ch in chunk) or _label(chunk) or _prompt(chunk) or _shout(chunk)):
            drop[i] = True
            continue
        break
    # A label over the article (a date and section line, a kicker): the first line, of a few
    # words and no sentence, before a long text.
    first = next((i for i, d in enumerate(drop) if not d), None)
    if first is not None and first + 1 < len(blocks):
        b = blocks[first]
        if not b.protected and not b.level and len(text) - b.end >= CALL_AFTER and _label(text[b.start:b.end]):
            drop[first] = True
    if not any(drop) or all(drop):
        return text, spans
    keep = [(blk.start, blk.end) for blk, d in zip(blocks, drop, strict=True) if not d]
    out: list[str] = []
    moved: list[tuple[int, int, str]] = []
    pos = 0
    for lo, hi in keep:
        shift = pos - lo
        out.append(text[lo:hi])
        moved.extend((s + shift, e + shift, h) for s, e, h in spans if lo <= s and e <= hi)
        pos += hi - lo + 2
    return "\n\n".join(out), moved
