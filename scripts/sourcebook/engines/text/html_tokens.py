"""A fast HTML tokenizer with the same results as :class:`html.parser.HTMLParser`.

``HTMLParser`` spends most of its time in per-character bookkeeping; this tokenizer walks the
markup with a few regular expressions and counts lines only between tokens, which makes parsing
several times faster. It reproduces ``HTMLParser``'s behaviour (``convert_charrefs=True``, fed
the whole document then closed): the same tag and attribute parsing, raw text in ``script`` and
``style``, comments, declarations, and stray ``<`` kept as text. The tree builder receives the
same calls with the same line numbers either way.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Protocol

# The patterns html.parser uses (copied so the behaviour does not move with the stdlib).
_STARTTAGOPEN = re.compile("<[a-zA-Z]")
_TAGFIND = re.compile(r"([a-zA-Z][^\t\n\r\f />\x00]*)(?:\s|/(?!>))*")
_ATTRFIND = re.compile(
    r"((?<=[\'\"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*(\'[^\']*\'|\"[^\"]*\"|(?![\'\"])[^>\s]*))?(?:\s|/(?!>))*")
_LOCATE_END = re.compile(r"""
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
_ENDTAGFIND = re.compile(r"</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>")
_COMMENTCLOSE = re.compile(r"--\s*>")
_MARKEDCLOSE = re.compile(r"]\s*]\s*>")
_MSCLOSE = re.compile(r"]\s*>")
_MARKED_NAME = re.compile(r"\s*([a-zA-Z][-_.a-zA-Z0-9]*)")
CDATA_CONTENT = ("script", "style")
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz=/ABCDEFGHIJKLMNOPQRSTUVWXYZ"


_GT = re.compile(">")
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


def tokenize(raw: str, sink: Sink) -> None:
    """Feed ``raw`` to ``sink``'s handlers, setting ``sink.lineno`` before each call."""
    n = len(raw)
    i = 0
    line = 1
    counted = 0  # raw[:counted] has been scanned for newlines
    cdata: str | None = None
    cdata_end: re.Pattern | None = None
    find = raw.find
    startswith = raw.startswith
    ahead = _Ahead(raw)

    def at(pos: int) -> int:
        nonlocal line, counted
        if pos > counted:
            line += raw.count("\n", counted, pos)
            counted = pos
        return line

    fast = _FAST.match
    attr_find = _SIMPLE_ATTR.findall
    on_data, on_start, on_end = sink.handle_data, sink.handle_starttag, sink.handle_endtag
    while i < n:
        if cdata is None:
            m = fast(raw, i)
            if m is not None:  # the common case, kept inline: text, a plain start or end tag
                if i > counted:
                    line += raw.count("\n", counted, i)
                    counted = i
                sink.lineno = line
                kind = m.lastindex
                if kind == 1:
                    d = m.group(1)
                    on_data(unescape(d) if "&" in d else d)
                elif kind == 5:
                    on_end(m.group(5).lower())
                else:
                    name, attr_text, self_closing = m.group(2, 3, 4)
                    tag = name.lower()
                    attrs = []
                    if attr_text:
                        for aname, eq, v1, v2, v3 in attr_find(attr_text):
                            value = (v1 or v2 or v3) if eq else None
                            if value and "&" in value:
                                value = unescape(value)
                            attrs.append((aname.lower(), value))
                    if self_closing:
                        sink.handle_startendtag(tag, attrs)
                    else:
                        on_start(tag, attrs)
                        if tag in CDATA_CONTENT:
                            cdata = tag
                            cdata_end = re.compile(rf"</\s*{tag}\s*>", re.I)
                i = m.end()
                continue
            j = find("<", i)
            if j < 0:
                j = n
        else:
            m = cdata_end.search(raw, i)  # type: ignore[union-attr]
            if not m:  # an unclosed script or style swallows the rest, as in HTMLParser
                return
            j = m.start()
        if i < j:
            sink.lineno = at(i)
            sink.handle_data(unescape(raw[i:j]) if cdata is None else raw[i:j])
            i = j
        if i == n:
            break
        k = -1
        if _STARTTAGOPEN.match(raw, i):
            k, tag = _starttag(raw, i, sink, at)
            if tag in CDATA_CONTENT:
                cdata = tag
                cdata_end = re.compile(rf"</\s*{tag}\s*>", re.I)
        elif startswith("</", i):
            k, closed = _endtag(raw, i, sink, at, cdata, ahead)
            if closed:
                cdata = cdata_end = None
        elif startswith("<!--", i):
            k = _comment(raw, i, sink, at, ahead)
        elif startswith("<?", i):
            k = ahead.find_gt(i + 2)
            if k >= 0:
                k += 1
        elif startswith("<!", i):
            k = _declaration(raw, i, sink, at, ahead)
        elif i + 1 < n:
            sink.lineno = at(i)
            sink.handle_data("<")
            k = i + 1
        if k < 0:  # an unfinished construct at the end of input is text, as HTMLParser.close()
            k = ahead.find_gt(i + 1)
            if k < 0:
                k = find("<", i + 1)
                k = i + 1 if k < 0 else k
            else:
                k += 1
            sink.lineno = at(i)
            sink.handle_data(unescape(raw[i:k]) if cdata is None else raw[i:k])
        i = k


# Well-formed start tags (most of them) are read by one pattern; anything unusual takes the
# general path below, which mirrors HTMLParser step by step.
_SIMPLE_TAG = (
    r"<([a-zA-Z][^\t\n\r\f />\x00]*)"
    r"((?:[ \t\n\r\f]+[^\s/>\"'=]+(?:[ \t\n\r\f]*=[ \t\n\r\f]*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?)*)"
    r"[ \t\n\r\f]*(/?)>")
_SIMPLE_ATTR = re.compile(
    r"([^\s/>\"'=]+)(?:[ \t\n\r\f]*(=)[ \t\n\r\f]*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+)))?")
_FAST = re.compile(r"([^<]+)|" + _SIMPLE_TAG + r"|</([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>")


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
    tm = _TAGFIND.match(raw, i + 1)
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
    if raw.startswith("<![", i):
        name = _MARKED_NAME.match(raw, i + 3)
        close = _MSCLOSE if name and name.group(1).lower() in ("if", "else", "endif") else _MARKEDCLOSE
        m = ahead.search(close, i + 3)
        return m.end() if m else -1
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
