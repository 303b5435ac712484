"""A fast HTML tokenizer with the same results as :class:`html.parser.HTMLParser`.

``HTMLParser`` spends most of its time in per-character bookkeeping; this tokenizer walks the
markup with a few regular expressions and counts lines only between tokens, which makes parsing
several times faster. It reproduces ``HTMLParser``'s behaviour (``convert_charrefs=True``, fed
the whole document then closed): the same tag and attribute parsing, raw text in ``script`` and
``style``, comments, declarations, and stray ``<`` kept as text.

``FAST`` reads the common tokens (text, well-formed start tags, plain end tags) and
:func:`attributes` their attributes; the tree builder applies those tokens itself, in one loop.
``LEAN`` and :func:`attribute_map` do the same for extraction's lean build, with fewer tokens
(an element holding only text is one) and attributes read straight into a map.
:class:`Tokenizer` reads everything else and calls the builder's handlers with the same line
numbers ``HTMLParser`` would give.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Protocol

from ...base.patterns import lazy

# The patterns html.parser uses (copied so the behaviour does not move with the stdlib).
_STARTTAGOPEN = lazy("<[a-zA-Z]")
_TAGFIND = lazy(r"([a-zA-Z][^\t\n\r\f />\x00]*)(?:\s|/(?!>))*")
_ATTRFIND = lazy(
    r"((?<=[\'\"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*(\'[^\']*\'|\"[^\"]*\"|(?![\'\"])[^>\s]*))?(?:\s|/(?!>))*")
_LOCATE_END = lazy(r"""
  <[a-zA-Z][^\t\n\r\f />\x00]*
  (?:[\s/]*
    (?:(?<=['"\s/])[^\s/>][^\s/=>]*
      (?:\s*=+\s*
        (?:'[^']*'
          |"[^"]*"
          |(?!['"])[^>\s]*
         )
        \s*
       )?(?:\s|/(?!>))*
     )*
   )?
  \s*
""", re.VERBOSE)
_ENDTAGFIND = lazy(r"</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>")
COMMENT_CLOSE = _COMMENTCLOSE = lazy(r"--\s*>")
_CDATA_SECTION_CLOSE = lazy(r"]]>")
CDATA_CONTENT = ("script", "style")
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz=/ABCDEFGHIJKLMNOPQRSTUVWXYZ"


_GT = lazy(">")
# A malformed start tag is looked for within this many characters (a real tag this long and
# malformed does not occur; without the bound, crafted input would make parsing quadratic).
_TAG_WINDOW = 512


class _Ahead:
    """Forward searches over one document that never rescan it: a search from a later position
    reuses an earlier answer that still lies ahead, so runs of unclosed ``<!--`` or ``</x``
    cost linear time in all (the patterns have no look-behind, so the answer is the same)."""

    def __init__(self, raw: str):
        self.raw = raw
        self.memo: dict[re.Pattern, tuple[int, re.Match | None]] = {}

    def search(self, pattern: re.Pattern, pos: int) -> re.Match | None:
        got = self.memo.get(pattern)
        if got is not None and got[0] <= pos and (got[1] is None or got[1].start() >= pos):
            return got[1]
        m = pattern.search(self.raw, pos)
        self.memo[pattern] = (pos, m)
        return m

    def find_gt(self, pos: int) -> int:
        m = self.search(_GT, pos)
        return m.start() if m else -1


class Sink(Protocol):
    lineno: int

    def handle_starttag(self, tag: str, attrs: list) -> None: ...
    def handle_startendtag(self, tag: str, attrs: list) -> None: ...
    def handle_endtag(self, tag: str) -> None: ...
    def handle_data(self, data: str) -> None: ...
    def handle_comment(self, data: str) -> None: ...
    def handle_decl(self, decl: str) -> None: ...
    def in_foreign(self) -> bool: ...


class Tokenizer:
    """The general path: HTMLParser's reading of everything the fast pattern leaves (comments,
    declarations, processing instructions, script and style content, malformed tags, a stray
    ``<``), with the line count kept between calls."""

    def __init__(self, raw: str, sink: Sink):
        self.raw = raw
        self.sink = sink
        self.ahead = _Ahead(raw)
        self.line = 1
        self.counted = 0  # raw[:counted] has been scanned for newlines; line is the line there
        self.cdata: str | None = None  # inside script or style: text up to its end tag
        self.cdata_end: re.Pattern | None = None

    def at(self, pos: int) -> int:
        """The line of ``raw[pos]``, for positions at or after the last one asked."""
        if pos > self.counted:
            self.line += self.raw.count("\n", self.counted, pos)
            self.counted = pos
        return self.line

    def enter_cdata(self, tag: str) -> None:
        self.cdata = tag
        self.cdata_end = _CDATA_END[tag]

    def step(self, i: int) -> int:
        """Read the construct at ``raw[i]`` (a ``<``, or script/style content) and return where
        reading goes on; the end of the input when an unclosed script or style swallows it."""
        raw, sink, at, ahead, cdata = self.raw, self.sink, self.at, self.ahead, self.cdata
        n = len(raw)
        if cdata is not None:
            m = self.cdata_end.search(raw, i)  # type: ignore[union-attr]
            if not m:  # as in HTMLParser, the rest is never reported
                return n
            j = m.start()
            if i < j:
                sink.lineno = at(i)
                sink.handle_data(raw[i:j])
            # The end tag found is the one HTMLParser reads there: the first ">" after "</" ends it.
            sink.lineno = at(j)
            sink.handle_endtag(cdata)
            self.cdata = self.cdata_end = None
            return m.end()
        k = -1
        if _STARTTAGOPEN.match(raw, i):
            k, tag = _starttag(raw, i, sink, at)
            if tag in CDATA_CONTENT:
                self.enter_cdata(tag)
        elif raw.startswith("</", i):
            k, closed = _endtag(raw, i, sink, at, cdata, ahead)
            if closed:
                self.cdata = self.cdata_end = None
        elif raw.startswith("<!--", i):
            k = _comment(raw, i, sink, at, ahead)
        elif raw.startswith("<?", i):
            k = ahead.find_gt(i + 2)
            if k >= 0:
                k += 1
        elif raw.startswith("<!", i):
            k = _declaration(raw, i, sink, at, ahead)
        elif i + 1 < n:
            sink.lineno = at(i)
            sink.handle_data("<")
            k = i + 1
        if k < 0:  # an unfinished construct at the end of input is text, as HTMLParser.close()
            k = ahead.find_gt(i + 1)
            if k < 0:
                k = raw.find("<", i + 1)
                k = i + 1 if k < 0 else k
            else:
                k += 1
            sink.lineno = at(i)
            sink.handle_data(unescape(raw[i:k]) if self.cdata is None else raw[i:k])
        return k


# Well-formed start tags (most of them) are read by one pattern; anything unusual takes the
# general path below, which mirrors HTMLParser step by step. No part of the pattern crosses a
# "<", so a failed attempt never reads past the next one (which keeps crafted input linear);
# the rare tag with a "<" inside takes the general path. The attribute group takes the trailing
# space too, so every newline inside a tag is in a group.
_SIMPLE_TAG = (
    r"<([a-zA-Z][^\t\n\r\f />\x00<]*)"
    r"((?:[ \t\n\r\f]+[^\s/>\"'=<]+(?:[ \t\n\r\f]*=[ \t\n\r\f]*(?:\"[^\"<]*\"|'[^'<]*'|[^\s\"'=<>`]+))?)*"
    r"[ \t\n\r\f]*)(/?)>")
# The usual start tag, tried first: a lower-case name and attributes all written name="value"
# with lower-case names and no character reference, which read as they are written.
_PLAIN_TAG = (
    r"<([a-z][-a-z0-9_:.]*)"
    r"((?:[ \t\n\r\f]+[a-z_:][-a-z0-9_:.]*=\"[^\"&<]*\")*[ \t\n\r\f]*)(/?)>")
PLAIN_ATTR = lazy(r'([-a-z0-9_:.]+)="([^"]*)"')
_SIMPLE_ATTR = lazy(
    r"([^\s/>\"'=]+)(?:[ \t\n\r\f]*(=)[ \t\n\r\f]*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+)))?")
# Every position matches: a plain start tag (2-4), another well-formed start tag (5-7) or an end
# tag (8), each with the white space before it (1); text (9), or any other ``<`` (10), which
# the general path reads. An end tag
# with space before ``>`` takes that path too, so no token hides a newline outside a group.
# White space before a tag (the indentation of pretty-printed markup) is read with the tag, in
# group 1, so the two cost one token.
FAST = lazy(r"([ \t\n\r\f]*)(?:" + _PLAIN_TAG + "|" + _SIMPLE_TAG + r"|</([a-zA-Z][-.a-zA-Z0-9:_]*)>)"
            r"|([^<]+)|(<)")
PLAIN_TAG, START_TAG, END_TAG, TEXT, OTHER = 4, 7, 8, 9, 10  # FAST's match.lastindex
# The lean build's tokens: FAST with the text before a tag read with the tag (group 1), not just
# its white space, and the text and end tag of a plain start tag read with it when nothing else
# comes between (``<a href="x">text</a>``, ``<div></div>``). Kinds (``match.lastindex``): a plain
# start tag alone (3), closed by "/>" (4), or with its text (group 5) and end tag (5); another
# start tag (8; "/" in group 8 when it closes itself), an end tag (9), text (10), any other "<" (11).
LEAN = lazy(
    r"([^<]*)(?:<([a-z][-a-z0-9_:.]*)((?:[ \t\n\r\f]+[a-z_:][-a-z0-9_:.]*=\"[^\"&<]*\")*[ \t\n\r\f]*)"
    r"(?:(/)>|>(?:([^<]*)</\2>)?)|" + _SIMPLE_TAG + r"|</([a-zA-Z][-.a-zA-Z0-9:_]*)>)|([^<]+)|(<)")
LEAN_CLOSED, LEAN_LEAF, LEAN_SIMPLE, LEAN_END, LEAN_TEXT = 4, 5, 8, 9, 10


def attributes(attr_text: str, plain: bool) -> list[tuple[str, str | None]]:
    """The attributes HTMLParser reports for a tag ``FAST`` read (a bare one's value is None)."""
    if plain:
        return PLAIN_ATTR.findall(attr_text)
    attrs: list[tuple[str, str | None]] = []
    for name, eq, v1, v2, v3 in _SIMPLE_ATTR.findall(attr_text):
        value: str | None = None
        if eq:
            value = v1 or v2 or v3
            if "&" in value:
                value = unescape(value)
        attrs.append((name.lower(), value))
    return attrs



def attribute_map(attr_text: str) -> dict[str, str]:
    """The attribute map of a tag ``FAST`` read (``attributes`` made into a map in one step): the
    first of repeated attributes wins, a bare one is ""."""
    amap: dict[str, str] = {}
    for name, eq, v1, v2, v3 in _SIMPLE_ATTR.findall(attr_text):
        name = name.lower()
        if name not in amap:
            if eq:
                value = v1 or v2 or v3
                amap[name] = unescape(value) if "&" in value else value
            else:
                amap[name] = ""
    return amap

CDATA_END = _CDATA_END = {tag: lazy(rf"</\s*{tag}\s*>", re.I) for tag in CDATA_CONTENT}


def _starttag(raw: str, i: int, sink: Sink, at) -> tuple[int, str | None]:
    m = _LOCATE_END.match(raw, i, i + _TAG_WINDOW)
    j = m.end() if m else i
    nxt = raw[j:j + 1]
    if nxt == ">":
        endpos = j + 1
    elif raw.startswith("/>", j):
        endpos = j + 2
    elif nxt == "" or nxt == "/" or nxt in _NAME_CHARS:
        return -1, None
    else:
        endpos = j if j > i else i + 1
    # Bounded by the tag's end: a longer name would make this text anyway, and unbounded a name
    # running over thousands of stray "<a" would be read again at each of them.
    tm = _TAGFIND.match(raw, i + 1, endpos)
    k = tm.end() if tm else i + 1
    tag = tm.group(1).lower() if tm else ""
    attrs = []
    while k < endpos:
        am = _ATTRFIND.match(raw, k)
        if not am:
            break
        name, rest, value = am.group(1, 2, 3)
        if not rest or value is None:
            value = None
        elif value[:1] == "'" == value[-1:] or value[:1] == '"' == value[-1:]:
            value = value[1:-1]
        if value:
            value = unescape(value)
        attrs.append((name.lower(), value))
        k = am.end()
    end = raw[k:endpos].strip()
    sink.lineno = at(i)
    if end not in (">", "/>"):
        sink.handle_data(raw[i:endpos])
        return endpos, None
    if end.endswith("/>"):
        sink.handle_startendtag(tag, attrs)
        return endpos, None
    sink.handle_starttag(tag, attrs)
    return endpos, tag


def _endtag(raw: str, i: int, sink: Sink, at, cdata: str | None, ahead: _Ahead) -> tuple[int, bool]:
    gt = ahead.find_gt(i + 1)
    if gt < 0:
        return -1, False
    gtpos = gt + 1
    m = _ENDTAGFIND.match(raw, i)
    sink.lineno = at(i)
    if not m:
        if cdata is not None:
            sink.handle_data(raw[i:gtpos])
            return gtpos, False
        nm = _TAGFIND.match(raw, i + 2)
        if not nm:
            if raw[i:i + 3] == "</>":
                return i + 3, False
            pos = ahead.find_gt(i + 2)
            if pos < 0:
                return -1, False
            sink.handle_comment(raw[i + 2:pos])
            return pos + 1, False
        pos = ahead.find_gt(nm.end())
        sink.handle_endtag(nm.group(1).lower())
        return pos + 1, False
    elem = m.group(1).lower()
    if cdata is not None and elem != cdata:
        sink.handle_data(raw[i:gtpos])
        return gtpos, False
    sink.handle_endtag(elem)
    return gtpos, True


def _comment(raw: str, i: int, sink: Sink, at, ahead: _Ahead) -> int:
    m = ahead.search(_COMMENTCLOSE, i + 4)
    if not m:
        return -1
    sink.lineno = at(i)
    sink.handle_comment(raw[i + 4:m.start()])
    return m.end()


def _declaration(raw: str, i: int, sink: Sink, at, ahead: _Ahead) -> int:
    # A CDATA section exists only in foreign content (inside svg or math), where its text is
    # text; in HTML content "<![CDATA[" (or any "<![") is a bogus comment that ends at the first
    # ">", and what follows is shown, as browsers do (the HTML standard's tokenizer).
    if raw.startswith("<![CDATA[", i) and sink.in_foreign():
        m = ahead.search(_CDATA_SECTION_CLOSE, i + 9)
        if not m:
            return -1
        sink.lineno = at(i)
        sink.handle_data(raw[i + 9:m.start()])
        return m.end()
    if raw[i:i + 9].lower() == "<!doctype":
        gt = ahead.find_gt(i + 9)
        if gt < 0:
            return -1
        sink.lineno = at(i)
        sink.handle_decl(raw[i + 2:gt])
        return gt + 1
    pos = ahead.find_gt(i + 2)
    if pos < 0:
        return -1
    sink.lineno = at(i)
    sink.handle_comment(raw[i + 2:pos])
    return pos + 1
