"""Markdown, reflowed (canonical text v2): each paragraph, list item and quote on one line.

Hard-wrapped lines of a paragraph, of a list item (its lazy and indented continuation lines)
and of a block quote are joined with one space. Everything whose lines carry meaning keeps
them: fenced and indented code, tables, HTML blocks, link definitions, front matter. A setext
heading (a line underlined with ``===`` or ``---``) becomes an ATX heading (``#``, ``##``), so
every heading of the text is a ``#`` line; ``#`` lines inside code blocks stay code.

A hard line break (CommonMark: two spaces or a backslash at the end of a line inside a
paragraph) joins its lines with one space like any other line end: the spaces were never shown,
and from ``sb.text`` version 2 the backslash goes too ("Marcel van Lohuizen\\" over "August 27,
2018" is "Marcel van Lohuizen August 27, 2018"); version 1 kept it (``hard_breaks=False``
reproduces that text). A backslash that ends a paragraph, or is itself escaped (``\\\\``), is
text and stays.

Inline markup is kept as it is. Idempotent: reflowing reflowed Markdown changes nothing.
"""

from __future__ import annotations

from ...base.patterns import lazy

_LIST = lazy(r"(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_FENCE = lazy(r"(`{3,}|~{3,})")
_ATX = lazy(r"#{1,6}(?:[ \t]|$)")
_HR = lazy(r"(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_SETEXT = lazy(r"(?:=+|-+)[ \t]*$")
_TABLE_SEP = lazy(r"\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?$")
_LINKDEF = lazy(r"\[[^\]]+\]:[ \t]")
_HTML = lazy(r"</?[A-Za-z!?]")

# first characters after which a line may start a block of its own
_MARK_CHARS = frozenset("#>-*+|<`~=_[0123456789")
_NOT_PLAIN = _MARK_CHARS | {" ", "\t", ""}


# a line front matter may hold: "key: value", "key:", "- item", an indented continuation, a
# comment or a blank
_YAML_LINE = lazy(r"\s*$|[ \t]|#|- |-$|[\w\"'][^:]*:(?:\s|$)")

def _starts_block(s: str) -> bool:
    """Does the (left-stripped) line open a block instead of continuing a paragraph?"""
    c = s[:1]
    if c not in _MARK_CHARS:
        return False
    if c == "#":
        return _ATX.match(s) is not None
    if c == ">" or c == "|":
        return True
    if c in "`~":
        return _FENCE.match(s) is not None
    if c == "<":
        return _HTML.match(s) is not None
    if c in "-*_" and _HR.match(s):
        return True
    if c == "[":
        return _LINKDEF.match(s) is not None
    return _LIST.match(s) is not None


def reflow_markdown(lines: list[str], hard_breaks: bool = True) -> list[str]:
    """The reflowed lines; ``hard_breaks``: a backslash that breaks a line goes (``sb.text`` 2)."""
    collapse = _collapse if hard_breaks else _collapse_v1
    out: list[str] = []
    para: list[str] = []  # the open paragraph or list item: its first line, then stripped continuations
    quote: list[str] = []  # the open quote paragraph's words (without the ``>``)
    quote_prefix = ""
    fence = ""  # the open fence's marker run, or ""
    verbatim = False  # inside a block that keeps its lines until a blank line
    prev_blank = True
    n = len(lines)
    i = 0
    not_plain, mark_chars, starts_block, append = _NOT_PLAIN, _MARK_CHARS, _starts_block, para.append  # hot loop

    def flush() -> None:
        if para:
            out.append(collapse(para))
            para.clear()
        if quote:
            out.append(quote_prefix + collapse(quote))
            quote.clear()

    if lines and lines[0] == "---":  # YAML front matter keeps its lines
        j = 1
        while j < n and lines[j] not in ("---", "...") and _YAML_LINE.match(lines[j]):
            j += 1
        # only YAML between the two: "---" over a fenced block or a paragraph is a rule, as anywhere
        if j < n and lines[j] in ("---", "..."):
            out.extend(lines[: j + 1])
            i = j + 1
    while i < n:
        line = lines[i]
        i += 1
        if para and not (fence or verbatim or quote) and line[:1] not in not_plain:
            append(line)  # the common case: a wrapped paragraph's next line
            continue
        if fence:  # the code block's lines as they are, up to and with its closing fence
            j = i - 1
            while j < n:
                ln = lines[j]
                j += 1
                if fence in ln:
                    s = ln.lstrip()
                    if s.startswith(fence) and not s.strip(fence[0]).strip():
                        fence = ""
                        break
            out += lines[i - 1:j]
            i = j
            continue
        if not line:
            if para or quote:
                flush()
            out.append("")
            verbatim = False
            prev_blank = True
            continue
        if verbatim:  # every line up to the next blank one
            try:
                j = lines.index("", i)
            except ValueError:
                j = n
            out += lines[i - 1:j]
            i = j
            continue
        if not para and not quote and line[:1] not in not_plain and "|" not in line:
            prev_blank = False  # a paragraph's first line, at the margin and with no mark: nothing else
            append(line)
            continue
        s = line.lstrip()
        c = s[:1]
        ind = len(line) - len(s)
        if c in "`~" and (m := _FENCE.match(s)):
            flush()
            out.append(line)
            fence = m.group(1)
            prev_blank = False
            continue
        if quote and c == ">":
            marks = _quote_marks(s)
            body = s[len(marks.rstrip()):].strip()
            if line[:ind] + marks == quote_prefix and body and not _starts_block(body):
                quote.append(body)
                continue
        if para and not quote:
            if c in "=-" and ind < 4 and _SETEXT.match(s) and not _LIST.match(para[0].lstrip()):
                level = "#" if c == "=" else "##"
                out.append(f"{level} {' '.join(para).strip()}")
                para.clear()
                prev_blank = False
                continue
            if c not in mark_chars or not starts_block(s):
                append(s)
                continue
        if quote and c != ">" and not _starts_block(s) and ind < 4:
            quote.append(s)  # a lazy continuation of the quote
            continue
        if para or quote:
            flush()
        if ind >= 4 and prev_blank:
            out.append(line)  # an indented code block
            verbatim = True
            continue
        prev_blank = False
        if c == ">":
            _quote_line(line, ind, out, quote)
            quote_prefix = line[:ind] + _quote_marks(s)
            continue
        if c == "|" or (i < n and "|" in s and _TABLE_SEP.match(lines[i].strip())):
            out.append(line)
            verbatim = True
            continue
        if (c == "<" and _HTML.match(s)) or (c == "[" and _LINKDEF.match(s)):
            out.append(line)
            verbatim = c == "<"
            continue
        if (c == "#" and _ATX.match(s)) or (c in "-*_" and _HR.match(s)):
            out.append(line)
            continue
        para.append(line)
    flush()
    return out


def _collapse(parts: list[str]) -> str:
    """``_collapse_v1`` less the backslash of each hard line break: one that ends a line of the
    paragraph but its last, unless escaped by another backslash."""
    if len(parts) > 1:
        for k in range(len(parts) - 1):
            part = parts[k]
            if part.endswith("\\") and (len(part) - len(part.rstrip("\\"))) % 2:
                parts[k] = part[:-1].rstrip()
    return _collapse_v1(parts)


def _collapse_v1(parts: list[str]) -> str:
    """A paragraph's lines on one line, words one space apart as a browser shows them (the first
    line's indentation, which places a list item, is kept)."""
    first = parts[0]
    text = " ".join(parts) if len(parts) > 1 else first
    if "  " not in text and "\t" not in text:
        return text  # words one space apart already
    lead = first[: len(first) - len(first.lstrip())] if first[:1].isspace() else ""
    if text.find("  ", len(lead)) >= 0 or "\t" in text:
        text = lead + " ".join(text.split())
    return text


def _quote_marks(s: str) -> str:
    """The run of ``>`` marks (and their spaces) that opens a quote line."""
    j = 0
    while j < len(s) and s[j] in "> ":
        j += 1
    return s[:j] if s[:j].endswith(" ") else s[:j] + " "


def _quote_line(line: str, ind: int, out: list[str], quote: list[str]) -> None:
    s = line[ind:]
    marks = _quote_marks(s)
    body = s[len(marks.rstrip()):].strip()
    if not body:
        out.append(line.rstrip())
        return
    if _starts_block(body) or body.startswith("    "):
        out.append(line)
        return
    quote.append(body)
