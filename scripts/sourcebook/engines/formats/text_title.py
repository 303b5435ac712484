"""A text source's title, read from its own canonical text (pure).

What names the document at its top, as a reader of the rendered page sees it:

- a leading header block of ``Field: value`` lines with a ``Title:`` (a PEP's header, whose
  ``PEP:`` number is put in front as peps.python.org shows it: "PEP 649 – Deferred ...");
- Markdown front matter's ``title:``;
- a Project Gutenberg book's ``Title:`` line, above its ``*** START OF`` line;
- an RFC's title line(s), centered under its header block;
- the document's top-level heading (``#``: a Markdown ``#`` or ``===`` heading, an AsciiDoc
  ``=`` title, a reStructuredText title) when it opens the text: at most a few short blocks
  (badges, a note; an HTML comment is not shown, so not counted) stand before it, no heading
  does, and the sections after it are ``##`` headings (a text whose sections are ``#`` headings
  has no title heading); or a ``##`` heading that is the text's first line when it has no ``#``
  heading and is no section's name ("Summary", "Abstract").

Inline markup is dropped (code marks, emphasis, link targets, backslash escapes), so the title
reads as the page shows it. None when nothing names the document (a text that opens with
"## Summary" keeps the title its file name gives).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...base.patterns import hot

MAX_TITLE = 200  # characters: a longer "title" is a paragraph
_HEAD_BLOCKS = 4  # blocks a top-level heading may stand under (badges, a note) and still name the text
_FIELD = hot(r"([A-Z][A-Za-z0-9-]*):[ \t]*(.*)")
_CONTINUED = hot(r"[ \t]+\S")
_H1 = hot(r"# +(.+?)(?:[ \t]+#+)?[ \t]*")
_H2 = hot(r"## +(.+?)(?:[ \t]+#+)?[ \t]*")
# what a section is called, not a document
_SECTION = hot(r"(?i)(?:summary|abstract|introduction|overview|motivation|background|contents|"
                      r"table of contents|status|preface|foreword)[.:]?")
_ANY_HEADING = hot(r"#{1,6}[ \t]+\S")
_ATTR = hot(r"[ \t]*\{[ \t]*#[\w-]+[^}]*\}\Z")  # "{ #overload }" after a heading
_IMAGE = hot(r"!\[([^\]\n]*)\]\([^)\n]*\)")
_LINK = hot(r"\[([^\]\n]+)\](?:\([^)\n]*\)|\[[^\]\n]*\])")
_CODE = hot(r"(`+)(.+?)\1")
_EMPHASIS = hot(r"(?<![\w*_\\])(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*_])")
_COMMENT = hot(r"<!--.*?-->", re.S)
_ESCAPE = hot(r"\\([!-/:-@\[-`{-~])")


def text_title(text: str, fmt: str) -> str | None:
    """The title ``text`` (canonical text of format ``fmt``: markdown, rst, asciidoc, plain, rfc)
    gives itself, or None."""
    blocks = _blocks(text, 40)
    if not blocks:
        return None
    got = _header_title(blocks[0]) or _front_matter(blocks)
    if got is None and fmt == "plain":
        got = _gutenberg(blocks)
    if got is None and fmt == "rfc":
        got = _rfc(blocks)
    if got is None:
        visible = _COMMENT.sub("", text) if "<!--" in text else text  # what a rendered page shows
        got = _top_heading(_blocks(visible, _HEAD_BLOCKS + 1), visible)
    return _clean(got) if got else None


def _blocks(text: str, most: int) -> list[list[str]]:
    """The first ``most`` blocks of ``text``: runs of lines between blank lines (the lines are
    cut one at a time: a long text is not split whole for its first blocks)."""
    text = text.lstrip("\ufeff")
    out: list[list[str]] = []
    cur: list[str] = []
    pos = 0
    while True:
        end = text.find("\n", pos)
        line = text[pos:] if end < 0 else text[pos:end]
        if line.strip():
            cur.append(line.rstrip())
        elif cur:
            out.append(cur)
            cur = []
            if len(out) >= most:
                return out
        if end < 0:
            break
        pos = end + 1
    if cur:
        out.append(cur)
    return out


def _fields(block: list[str]) -> dict[str, str] | None:
    """A block of ``Field: value`` lines (a value may go on over indented lines), as a dict; None
    when a line is neither."""
    fields: dict[str, str] = {}
    last = ""
    for line in block:
        m = _FIELD.fullmatch(line)
        if m:
            last = m.group(1).lower()
            fields.setdefault(last, m.group(2).strip())
        elif last and _CONTINUED.match(line):
            fields[last] = (fields[last] + " " + line.strip()).strip()
        else:
            return None
    return fields


def _header_title(block: list[str]) -> str | None:
    fields = _fields(block)
    if not fields or len(fields) < 2 or not fields.get("title"):
        return None
    number = fields.get("pep", "")
    return f"PEP {int(number)} – {fields['title']}" if number.isdigit() else fields["title"]


def _front_matter(blocks: list[list[str]]) -> str | None:
    """``title:`` of YAML front matter (``---`` lines around ``key: value`` lines)."""
    first = blocks[0]
    if first[0].strip() != "---":
        return None
    for line in first[1:]:
        if line.strip() == "---":
            return None
        m = re.fullmatch(r"title:[ \t]*(.+)", line.strip())
        if m:
            value = m.group(1).strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                value = value[1:-1]
            return value or None
    return None


def _gutenberg(blocks: list[list[str]]) -> str | None:
    """A Project Gutenberg book: the ``Title:`` line above its ``*** START OF`` line."""
    title = None
    for block in blocks:
        if block[0].lstrip("*").lstrip().startswith("START OF"):
            return title
        fields = _fields(block)
        if title is None and fields and fields.get("title"):
            title = fields["title"]
    return None


def _rfc(blocks: list[list[str]]) -> str | None:
    """An RFC's title: the block of centered lines after its header block, before its first
    heading ("# Abstract")."""
    for block in blocks[1:4]:
        if block[0].startswith("#"):
            return None
        if all(line.startswith("   ") for line in block):
            return " ".join(line.strip() for line in block)
    return None


def _top_heading(blocks: list[list[str]], text: str) -> str | None:
    for n, block in enumerate(blocks[:_HEAD_BLOCKS + 1]):
        m = _H1.fullmatch(block[0])  # a "#" heading is one line, whatever follows it
        if m:
            # the title stands over the text's sections: a text whose sections are "#" headings
            # too (no "##" before the next "#") has none
            levels = _heading_levels(text[text.index(block[0]) + len(block[0]):])
            first = next(levels, None)
            return m.group(1) if first is None or first == 2 or (first != 1 and 1 not in levels) else None
        m = _H2.fullmatch(block[0]) if n == 0 else None
        if m and not _SECTION.fullmatch(m.group(1)) and 1 not in _heading_levels(text[len(block[0]):]):
            return m.group(1)  # a text opening with its one "##" heading, above any "#" one
        if _ANY_HEADING.match(block[0]) or block[0].startswith("```") or n == _HEAD_BLOCKS \
                or sum(len(line) for line in block) > 300:
            return None
    return None


# a line that may open or close a fence, or be a heading: its first character that is not
# white space is a backtick, a tilde or "#" (no other line changes what _heading_levels says)
_MARKED_LINE = hot(r"^[^\S\n]*[`~#][^\n]*", re.M)
_FENCE = hot(r"`{3,}|~{3,}")
_HEADING = hot(r"(#{1,6})[ \t]+\S")


def _heading_levels(text: str) -> Iterator[int]:
    """The levels of the ``#`` headings in ``text``, in order, outside fenced code (where ``#``
    starts a comment); read as they are asked for, the lines that cannot matter skipped in C."""
    fence = ""
    for found in _MARKED_LINE.finditer(text):
        line = found.group()
        bare = line.lstrip()
        if fence:
            if bare.startswith(fence) and not bare[len(fence):].strip(fence[0]).strip():
                fence = ""
            continue
        m = _FENCE.match(bare)
        if m:
            fence = m.group()
        elif line.startswith("#"):
            h = _HEADING.match(line)
            if h:
                yield len(h.group(1))


def _clean(title: str) -> str | None:
    """The title as a reader sees it: its inline markup dropped, spaces collapsed."""
    t = _ATTR.sub("", title)
    t = _IMAGE.sub(r"\1", t)
    t = _LINK.sub(r"\1", t)
    t = _CODE.sub(lambda m: m.group(2).strip(), t)
    t = _EMPHASIS.sub(r"\2", t)
    t = _ESCAPE.sub(r"\1", t)
    t = " ".join(t.split())
    return t if t and len(t) <= MAX_TITLE else None
