"""Plain text (a Project Gutenberg book, an RFC, a mailing-list message) reflowed (v2).

Plain text has no markup saying where a paragraph's lines were wrapped, so the wrapping is
recognised: a line that ends where the next line's first word would not have fit (the width
of the text's own wrapping, less a tenth) was wrapped; a paragraph whose every line was
wrapped is joined onto one line. A paragraph with a line that was broken by hand (verse, an
address, a table of contents, columns, a figure) keeps all its lines. List items (``-``,
``*``, ``o``, ``1.``, ``(a)``) are paragraphs of their own. A line underlined with ``===``,
``---``, ``~~~`` or ``***`` becomes a ``#`` heading (levels in order of first use).

An RFC's page breaks (the footer ending ``[Page N]``, the form feed and the running header
naming the RFC) are dropped and the paragraph they cut is joined; its numbered section
titles at the left margin become headings and its three-space body indentation goes.
"""

from __future__ import annotations

from bisect import bisect_left

from ...base.patterns import hot

_UNDERLINE = hot(r"([=\-~*^#+])\1{2,}$")
_MARKER = hot(r"(?:[-*+\u2022o]|\d{1,3}[.)]|\(?[a-z0-9]{1,3}\)|[a-z][.)])[ \t]+\S")
_GAP = hot(r"\S {4,}\S")
_LEADERS = hot(r"\. ?\. ?\. ?\.")


def _columns(text: str) -> bool:
    """Columns (a gap of four spaces inside a line) or dot leaders: a table, a contents page."""
    # (the leaders' pattern opens with a literal dot, so searching for it straight away is
    # faster than first looking for ". ." and "...." in the text)
    return bool(("    " in text and _GAP.search(text)) or _LEADERS.search(text))


_RFC_FOOTER = hot(r"\S.*\[Page \d+\]$")
_RFC_HEADER = hot(r"(?:RFC \d+|Internet-Draft)\s{2,}\S.*\s{2,}\S*\s*\d{4}$")
_RFC_SECTION = hot(r"(?:(\d+(?:\.\d+)*)\.?|Appendix [A-Z](?:\.\d+)*\.?|[A-Z](?:\.\d+)+\.?)\s+\S")
_TERMINAL = frozenset(".!?:")
_BULLETS = frozenset("-*+\u2022o")
# A line after a block's first that might open a list item: its first character a bullet, a
# digit (any non-ASCII character, to be safe), or "(", or its second "." or ")" (``_is_marker``
# decides; a block with no such line is one paragraph)
_MAYBE_ITEM = hot(r"\n[^\S\n]*(?:[-*+o(0-9]|[^\x00-\x7f]|[^\n][.)])")


def wrap_width(lines: list[str]) -> int:
    """The width a text was wrapped at: nine lines in ten of ten characters or more fit in it."""
    lengths = sorted(map(len, lines))
    k = bisect_left(lengths, 10)  # the lines of ten characters or more are the end of the sorted list
    m = len(lengths) - k
    if not m:
        return 72
    return max(20, lengths[k + min(m - 1, int(m * 0.9))])


def _first_word(line: str) -> int:
    s = line.lstrip()
    k = s.find(" ")
    return len(s) if k < 0 else k


def _is_marker(s: str) -> bool:
    """Does the (left-stripped) line open a list item? (cheap tests first: most lines do not)"""
    c = s[:1]
    if c in _BULLETS:
        return s[1:2] in (" ", "\t")
    if c.isdigit() or c == "(" or s[1:2] in (".", ")"):
        return _MARKER.match(s) is not None
    return False


def reflow_lines(block: list[str], width: int) -> list[str]:
    """Join each line that was wrapped (it ends where the next line's first word would not have
    fit) with the next one; a short line ends its paragraph. For text whose paragraphs are not
    separated by blank lines, such as a PDF page's."""
    limit = width * 0.9
    out: list[str] = []
    prev_raw = ""
    for line in block:
        s = line.strip()
        if out and (len(prev_raw) + 1 + _first_word(line) >= limit and not _columns(s)
                    and not _columns(prev_raw.strip()) and not _is_marker(s)):
            out[-1] = out[-1] + " " + " ".join(s.split())
        else:
            out.append(line.rstrip())
        prev_raw = line
    return out


def reflow_block(block: list[str], width: int, strip: int = 0) -> list[str]:
    """One block of non-blank lines: list items split off, each wrapped paragraph joined."""
    if not block:
        return []
    text = "\n".join(block)
    if len(block) == 1 or _columns(text):  # a line, or columns: kept as they are
        return [ln[strip:] if ln[:strip].isspace() else ln for ln in block]
    limit = width * 0.9
    if _MAYBE_ITEM.search(text, len(block[0])) is None:  # the common block: one paragraph
        groups = [(block, _wrapped(block, limit))]
    else:
        groups = _item_groups(block, limit)
    out: list[str] = []
    for g, joined_up in groups:
        if joined_up:
            first = g[0]
            lead = first[: len(first) - len(first.lstrip())]
            joined = " ".join(map(str.strip, g))
            if "  " in joined or "\t" in joined:
                joined = " ".join(joined.split())
            out.append(lead[strip:] + joined)
        else:
            out.extend(ln[strip:] if ln[:strip].isspace() else ln for ln in g)
    return out


def _wrapped(block: list[str], limit: float) -> bool:
    """Was every line of a paragraph wrapped: does each end where the next line's first word
    would not have fit, and do the lines after the first share one indentation?"""
    if len(block) < 2:
        return False
    prev = block[0]
    body_indent = -1
    for line in block[1:]:
        s = line.lstrip()
        ind = len(line) - len(s)
        if body_indent < 0:
            body_indent = ind
        k = s.find(" ")  # the first word ends there
        if len(prev) + 1 + (len(s) if k < 0 else k) < limit or ind != body_indent:
            return False
        prev = line
    return True


def _item_groups(block: list[str], limit: float) -> list[tuple[list[str], bool]]:
    """A block with list items split into its items (and the text before the first), each found
    wrapped or not as its lines go by (``_wrapped``'s test), in one pass."""
    groups: list[tuple[list[str], bool]] = []
    group = [block[0]]
    group_indent = len(block[0]) - len(block[0].lstrip())
    body_indent = 0
    wrapped = True  # so far: every line after the first ends where the next one's first word would not fit
    prev = block[0]
    bullets = _BULLETS
    for line in block[1:]:
        s = line.lstrip()
        ind = len(line) - len(s)
        c = s[:1]
        if (c in bullets or c.isdigit() or c == "(" or s[1:2] in (".", ")")) and _is_marker(s) and \
                ind <= group_indent:
            groups.append((group, wrapped and len(group) > 1))
            group = [line]
            group_indent = ind
            wrapped = True
        else:
            if len(group) == 1:
                body_indent = ind
            if wrapped:
                k = s.find(" ")  # the first word ends there
                if len(prev) + 1 + (len(s) if k < 0 else k) < limit or ind != body_indent:
                    wrapped = False
            group.append(line)
        prev = line
    groups.append((group, wrapped and len(group) > 1))
    return groups


def drop_rfc_pages(lines: list[str]) -> list[str]:
    """An RFC without its page footers, form feeds and running headers; a paragraph cut by a
    page break continues on the next line (a blank line stays where one ended)."""
    out: list[str] = []
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i].lstrip("\f")
        if _RFC_FOOTER.match(line):
            j = i + 1
            while j < n and not lines[j].lstrip("\f").strip():
                j += 1
            if j < n and _RFC_HEADER.match(lines[j].lstrip("\f")):
                j += 1
            while j < n and not lines[j].strip():
                j += 1
            while out and not out[-1].strip():
                out.pop()
            before = out[-1].rstrip() if out else ""
            after = lines[j].strip() if j < n else ""
            if not before or not after or (before[-1] in _TERMINAL and not after[:1].islower()):
                out.append("")
            i = j
            continue
        out.append(line)
        i += 1
    return out


def plain_to_markdown(lines: list[str], rfc: bool = False) -> list[str]:
    if rfc:
        lines = drop_rfc_pages(lines)
    lines = [ln.expandtabs(8) if "\t" in ln else ln for ln in lines]
    width = wrap_width(lines)
    strip = 3 if rfc else 0
    styles: list[str] = []
    out: list[str] = []
    n = len(lines)
    i = 0
    while i < n:
        if not lines[i]:
            out.append("")
            i += 1
            continue
        try:
            j = lines.index("", i)  # the block ends at the next blank line
        except ValueError:
            j = n
        block = lines[i:j]
        i = j
        if len(block) >= 2 and _UNDERLINE.match(block[1].strip()) and block[0].strip() and \
                not _UNDERLINE.match(block[0].strip()) and abs(len(block[1].strip()) - len(block[0].strip())) <= 8:
            ch = block[1].strip()[0]
            if ch not in styles:
                styles.append(ch)
            out += ["#" * min(styles.index(ch) + 1, 6) + " " + " ".join(block[0].split()), ""]
            block = block[2:]
            if not block:
                continue
        if rfc and len(block) == 1 and not block[0][:1].isspace():
            m = _RFC_SECTION.match(block[0])
            if m or not _columns(block[0]):
                words = block[0].split()
                label = words[1] if m and words[0] == "Appendix" and len(words) > 1 else words[0]
                level = len([p for p in label.rstrip(".").split(".") if p]) if m else 1
                out.append("#" * min(level, 6) + " " + " ".join(block[0].split()))
                continue
        out += reflow_block(block, width, strip)
    return out
