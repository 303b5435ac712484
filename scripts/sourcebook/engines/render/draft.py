"""The Markdown draft an agent writes for ``sb render`` (pure parsing).

Prose in a Markdown subset (docs/artifacts.md, "Markdown subset"); claims referenced inline as
``[@clm_xxxxxxxxxxxx]`` or ``[@clm_a; @clm_b]``, and a sentence of the author's own words (no
claim: a transition, a signpost) declared with the tag ``[framing]`` where a citation would go,
at the end of the sentence before or after its full stop. Blocks: ``#`` to ``######`` headings,
paragraphs, bullet (``-``, ``*``, ``+``) and ordered (``1.``, ``1)``) lists nested by
indentation, block quotes (paragraphs, lists and code inside them), pipe tables, fenced code, a
line holding only an image, and thematic breaks (``---``: a slide break in a deck, a rule
elsewhere). Anything outside the subset (raw HTML, indented code, setext headings, loose lists,
...) is refused with its line named, never flattened into text. Every block keeps its 1-based
line so an error can name it.
"""

from __future__ import annotations

import re

from ...base.patterns import lazy
from ...base.record import field, record

CLAIM_REF = lazy(r"\[@(clm_[0-9a-f]{12}(?:\s*;\s*@clm_[0-9a-f]{12})*)\]")
ANY_REF = lazy(r"\[@([^\]\s;]*)((?:\s*;\s*@[^\]\s;]*)*)\]")
FRAMING = lazy(r"\[\s*framing\s*\]", re.I)
SOURCE_REF = lazy(r"\[@(src_[0-9a-f]{12}(?:\s*;\s*@src_[0-9a-f]{12})*)\]")
_HEADING = lazy(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_ITEM = lazy(r"^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+(.*))?$")
_RULE = lazy(r"^ {0,3}([-*_])[ \t]*(?:\1[ \t]*){2,}$")
_IMAGE = lazy(r"^\s*!\[([^\]]*)\]\(([^)\s]+)\)\s*(\[\s*framing\s*\])?\s*$", re.I)
_FENCE = lazy(r"^( {0,3})(`{3,}|~{3,})(.*)$")
_SETEXT = lazy(r"^ {0,3}(=+|-+)[ \t]*$")
_HTML_BLOCK = lazy(r"^ {0,3}<(?:[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|/[A-Za-z]|!--|\?|![A-Z])")
_LINK_DEF = lazy(r"^ {0,3}\[[^\]]+\]:")
_TABLE_DELIM = lazy(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_INLINE_HTML = lazy(r"<(?:[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?|/[A-Za-z][A-Za-z0-9-]*\s*)>|<!--|<https?://[^\s>]*>"
                    r"|<[^\s@<>]+@[^\s@<>]+>")
_OTHER_LINK = lazy(r"\]\((?!https?://)[^)]*\)")
_CODE_SPAN = lazy(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)


@record
class Block:
    kind: str  # h1-h6 p li quote break img code table (raw: HTML made by sb itself, never from a draft)
    text: str
    line: int
    ids: list[str] = field(default_factory=list)  # claim ids referenced, in order, once each
    src: str = ""  # img: the asset named
    framing: bool = False  # img: the line ends in [framing], so its alt text is the author's own words
    depth: int = 0  # li: how deep the item's list is nested (0: a top-level list)
    ordered: bool = False  # li: an item of an ordered list
    start: int | None = None  # li: the first number of an ordered list (on the list's first item)
    new_list: bool = False  # li: the first item of a list
    quote: int = 0  # inside block quote number N (paragraphs, lists and code of one quote share N)
    rows: list[list[str]] = field(default_factory=list)  # table: the header row, then the body rows
    align: list[str] = field(default_factory=list)  # table: "", "left", "center" or "right" per column
    lang: str = ""  # code: the fence's info word


class DraftSyntaxError(Exception):
    """A construct outside the draft's Markdown subset; ``line`` names where (1-based)."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def ref_ids(group: str) -> list[str]:
    return [x.strip().lstrip("@") for x in group.split(";") if x.strip()]


def claim_ids_in(text: str) -> list[str]:
    out: list[str] = []
    for m in CLAIM_REF.finditer(text):
        for cid in ref_ids(m.group(1)):
            if cid not in out:
                out.append(cid)
    return out


def bad_refs(text: str) -> list[str]:
    """``[@...]`` references that are not well-formed claim references."""
    out = []
    for m in ANY_REF.finditer(text):
        if not CLAIM_REF.fullmatch(m.group(0)):
            out.append(m.group(0))
    return out


def parse(text: str) -> list[Block]:
    """The draft's blocks. Raises ``DraftSyntaxError`` naming the line of the first construct
    outside the subset (never flattens one into text); ``problems`` lists every one."""
    blocks, problems = parse_checked(text)
    if problems:
        raise problems[0]
    return blocks


def problems_in(text: str) -> list[DraftSyntaxError]:
    return parse_checked(text)[1]


def parse_checked(text: str) -> tuple[list[Block], list[DraftSyntaxError]]:
    lines = [ln.expandtabs(4) for ln in text.splitlines()]
    p = _Parser()
    p.run(lines, 0, 0)
    return p.blocks, p.problems


def split_cells(row: str) -> list[str]:
    """The cells of a table row: split on ``|`` outside code spans, the outer pipes dropped."""
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|") and not row.endswith("\\|"):
        row = row[:-1]
    cells, cur, i = [], [], 0
    while i < len(row):
        ch = row[i]
        if ch == "\\" and i + 1 < len(row) and row[i + 1] == "|":
            cur.append("|")
            i += 2
            continue
        if ch == "`":
            m = _CODE_SPAN.match(row, i)
            if m:
                cur.append(m.group(0))
                i = m.end()
                continue
        if ch == "|":
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        i += 1
    cells.append("".join(cur).strip())
    return cells


def _align(cell: str) -> str:
    c = cell.strip()
    if c.startswith(":") and c.endswith(":"):
        return "center"
    if c.endswith(":"):
        return "right"
    if c.startswith(":"):
        return "left"
    return ""


class _Parser:
    """A line-by-line reader of the subset; block quotes are read by a nested run over their
    inner lines, list items by a stack of open lists."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.problems: list[DraftSyntaxError] = []
        self.quotes = 0

    def refuse(self, line: int, message: str) -> None:
        self.problems.append(DraftSyntaxError(line, message))

    def inline_problems(self, text: str, line: int) -> None:
        stripped = re.sub(r"\\.", " ", _CODE_SPAN.sub(" ", text))
        link = _other_link(stripped)
        if link:
            self.refuse(line, f"{link.group(0)[:40]!r} links somewhere that is not an http(s) address; a page "
                              "links only to the web: write [text](https://...)")
        m = _INLINE_HTML.search(stripped)
        if m:
            # a type's parameter glued to its name ("Option<T>", "Vec<u8>") is code, not a tag
            name = re.search(r"[A-Za-z_][\w.:]*$", stripped[:m.start()]) if m.group(0)[1:2].isalpha() else None
            if name:
                typed = name.group(0) + m.group(0)
                self.refuse(line, f"{typed[:40]!r} reads as raw HTML ({m.group(0)[:30]!r} is a tag to a page): put "
                                  f"code and type names in backticks: `{typed[:40]}`")
                return
            self.refuse(line, f"{m.group(0)[:30]!r} is raw HTML or an autolink, which a draft does not use: "
                              "write [text](https://...) for a link, `code` in backticks (a type name too: "
                              "`Option<T>`), and plain words for the rest")

    def run(self, lines: list[str], first: int, quote: int) -> None:
        para: list[str] = []
        para_line = 0
        para_kind = "quote" if quote else "p"
        lists: list[dict] = []  # open lists: {"col", "ordered", "marker", "item": Block}
        item_blank = False  # a blank line inside the current list item
        i = 0

        def flush() -> None:
            nonlocal para
            if para:
                body = " ".join(s.strip() for s in para)
                if _LINK_DEF.match(body):
                    self.refuse(para_line, "a link reference definition ([label]: url) is not part of a draft: "
                                           "write [text](https://...) where the link goes")
                self.inline_problems(body, para_line)
                self.blocks.append(Block(para_kind, body, para_line, claim_ids_in(body), quote=quote))
            para = []

        def close_item() -> None:
            if lists and lists[-1].get("item") is not None:
                item = lists[-1]["item"]
                item.text = " ".join(s.strip() for s in item.text.split("\n"))
                item.ids = claim_ids_in(item.text)
                self.inline_problems(item.text, item.line)
                lists[-1]["item"] = None

        def close_lists(to: int = 0) -> None:
            while len(lists) > to:
                close_item()
                lists.pop()

        while i < len(lines):
            raw = lines[i]
            n = first + i + 1
            line = raw.rstrip()
            stripped = line.strip()
            indent = len(line) - len(line.lstrip(" "))
            # -- a blank line
            if not stripped:
                flush()
                if lists:
                    item_blank = True
                i += 1
                continue
            # -- inside a list: an item (sibling, nested, or of an outer list), a continuation, or the end
            if lists:
                marker = _list_marker(line)
                if marker is not None and not _RULE.match(line):
                    col_in, mk, content_col, content = marker
                    while len(lists) > 1 and col_in < lists[-1]["indent"]:
                        close_item()
                        lists.pop()
                    cur = lists[-1]
                    if not content:
                        self.refuse(n, "an empty list item (a bullet or number with nothing after it)")
                    if col_in >= cur["col"] and cur.get("item") is not None:  # nested under the current item
                        if item_blank:
                            self.refuse(n, "a blank line before a nested list makes a loose list, which a draft "
                                           "does not use: remove the blank line")
                        self._item_content(n, content)
                        item = self._item(n, mk, content, len(lists), quote, True)
                        lists.append({"col": content_col, "indent": col_in, "marker": _kind(mk), "item": item})
                        item_blank = False
                        i += 1
                        continue
                    new = _kind(mk) != cur["marker"]  # another bullet or delimiter starts another list
                    if item_blank and not new:
                        self.refuse(n, "a blank line between list items makes a loose list, which a draft does "
                                       "not use: remove the blank line")
                    close_item()
                    self._item_content(n, content)
                    item = self._item(n, mk, content, len(lists) - 1, quote, new)
                    cur.update(marker=_kind(mk), item=item, col=content_col, indent=col_in)
                    item_blank = False
                    i += 1
                    continue
                cur = lists[-1]
                if item_blank:
                    if any(indent >= lst["col"] for lst in lists):
                        self.refuse(n, "a list item of more than one paragraph (an indented line after a blank "
                                       "line) is not part of a draft: keep each item one paragraph")
                        i += 1
                        continue
                    close_lists()
                    item_blank = False
                elif cur.get("item") is not None and indent >= cur["col"] and (
                        stripped.startswith(">") or _FENCE.match(line.lstrip()) or _HEADING.match(line.lstrip())):
                    self.refuse(n, "a block quote, code fence or heading inside a list item is not part of a "
                                   "draft: end the list first")
                    i += 1
                    continue
                elif cur.get("item") is not None and not _interrupts(line):
                    cur["item"].text += "\n" + stripped  # a continuation line of the item
                    i += 1
                    continue
                else:
                    close_lists()
            # -- not in a list
            fence = _FENCE.match(line)
            if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
                flush()
                close_lists()
                j = self._code(lines, i, first, fence, quote)
                if j is None:
                    self.refuse(n, "a code fence that never closes: close it with a line of the same "
                                   f"{fence.group(2)[0] * 3}")
                    return
                i = j
                continue
            if line.lstrip().startswith(">") and indent <= 3:
                flush()
                close_lists()
                i = self._quote(lines, i, first, quote)
                continue
            if para and _SETEXT.match(line):
                self.refuse(n, "a line of = or - right under text makes a heading in Markdown (setext), which a "
                               "draft does not use: write ## Heading, or put a blank line before --- for a rule or "
                               "slide break")
                i += 1
                continue
            if _RULE.match(line):
                flush()
                self.blocks.append(Block("break", "", n, quote=quote))
                i += 1
                continue
            img = _IMAGE.match(line)
            if img:  # an image on a line of its own is a block of its own (sb's figure)
                flush()
                self.blocks.append(Block("img", img.group(1), n, src=img.group(2), framing=bool(img.group(3)),
                                         quote=quote))
                i += 1
                continue
            h = _HEADING.match(line)
            if h:
                flush()
                title = (h.group(2) or "").strip()
                if not title:
                    self.refuse(n, "an empty heading")
                self.inline_problems(title, n)
                self.blocks.append(Block(f"h{len(h.group(1))}", title, n, claim_ids_in(title), quote=quote))
                i += 1
                continue
            if _HTML_BLOCK.match(line):
                self.refuse(n, "raw HTML is not part of a draft: write the words in Markdown (sb renders the page)")
                flush()
                i += 1
                continue
            if _LINK_DEF.match(line) and not para:
                self.refuse(n, "a link reference definition ([label]: url) is not part of a draft: write "
                               "[text](https://...) where the link goes")
                i += 1
                continue
            marker = _list_marker(line)
            if marker is not None and (not para or _can_interrupt(marker[1], marker[3])):
                flush()
                col_in, mk, content_col, content = marker
                if not content:
                    self.refuse(n, "an empty list item (a bullet or number with nothing after it)")
                self._item_content(n, content)
                item = self._item(n, mk, content, 0, quote, True)
                lists.append({"col": content_col, "indent": col_in, "marker": _kind(mk), "item": item})
                item_blank = False
                i += 1
                continue
            if i + 1 < len(lines) and "|" in line and _TABLE_DELIM.match(lines[i + 1]) and not para:
                i = self._table(lines, i, first, quote)
                continue
            if indent >= 4 and not para:
                self.refuse(n, "a line indented four spaces or more is an indented code block in Markdown, which "
                               "a draft does not use: unindent it, or fence code with ```")
                i += 1
                continue
            if not para:
                para_line = n
            para.append(line)
            i += 1
        flush()
        close_lists()

    def _item_content(self, n: int, content: str) -> None:
        """An item holds one paragraph: a list, quote, rule or heading as its content is refused."""
        if _list_marker(content) is not None or content.startswith(">") or _RULE.match(content) \
                or _HEADING.match(content) or _FENCE.match(content):
            self.refuse(n, "a list item that opens with a list, a block quote, a rule, a heading or code is not "
                           "part of a draft: put the item's words first")

    def _item(self, n: int, marker: str, content: str, depth: int, quote: int, new: bool) -> Block:
        ordered = marker[0].isdigit()
        start = int(marker[:-1]) if ordered and new else None
        item = Block("li", content.strip(), n, depth=depth, ordered=ordered, start=start, new_list=new, quote=quote)
        self.blocks.append(item)  # its text grows with continuation lines until the item closes
        return item

    def _code(self, lines: list[str], i: int, first: int, fence: re.Match, quote: int) -> int | None:
        indent, mark, info = len(fence.group(1)), fence.group(2), fence.group(3).strip()
        body: list[str] = []
        j = i + 1
        close = re.compile(rf"^ {{0,3}}{re.escape(mark[0])}{{{len(mark)},}}[ \t]*$")
        while j < len(lines):
            if close.match(lines[j]):
                self.blocks.append(Block("code", "\n".join(body), first + i + 1, lang=info.split()[0] if info else "",
                                         quote=quote))
                return j + 1
            ln = lines[j]
            k = 0
            while k < indent and k < len(ln) and ln[k] == " ":
                k += 1
            body.append(ln[k:])
            j += 1
        return None

    def _quote(self, lines: list[str], i: int, first: int, quote: int) -> int:
        if quote:
            self.refuse(first + i + 1, "a block quote inside a block quote is not part of a draft")
        inner: list[str] = []
        j = i
        while j < len(lines):
            ln = lines[j]
            s = ln.lstrip(" ")
            if s.startswith(">") and len(ln) - len(s) <= 3:
                rest = s[1:]
                inner.append(rest[1:] if rest.startswith(" ") else rest)
                j += 1
                continue
            # a lazy continuation line carries on the quote's paragraph
            if ln.strip() and inner and inner[-1].strip() and not _interrupts(ln) and not _list_marker(ln):
                inner.append(ln.strip())
                j += 1
                continue
            break
        if not any(x.strip() for x in inner):
            self.refuse(first + i + 1, "an empty block quote (a > with nothing after it)")
            return j
        self.quotes += 1
        sub = _Parser()
        sub.quotes = self.quotes
        sub.run(inner, first + i, self.quotes if not quote else quote)
        self.blocks += sub.blocks
        self.problems += sub.problems
        self.quotes = max(self.quotes, sub.quotes)
        return j

    def _table(self, lines: list[str], i: int, first: int, quote: int) -> int:
        header = split_cells(lines[i])
        delim = split_cells(lines[i + 1])
        n = first + i + 1
        if len(header) != len(delim):
            self.refuse(n, f"the table's header has {len(header)} cells and its delimiter row {len(delim)}: "
                           "give both the same number of columns")
        rows = [header]
        j = i + 2
        while j < len(lines) and lines[j].strip() and "|" in lines[j] and not _interrupts(lines[j]):
            cells = split_cells(lines[j])
            cells = (cells + [""] * len(header))[:len(header)]
            rows.append(cells)
            j += 1
        text = " ".join(c for row in rows for c in row)
        for row in rows:
            for c in row:
                self.inline_problems(c, n)
        self.blocks.append(Block("table", text, n, claim_ids_in(text), rows=rows,
                                 align=[_align(c) for c in delim][:len(header)], quote=quote))
        return j


def _other_link(text: str):
    """The first ``[text](destination)`` whose destination is not http(s) (an image, ``![...]``,
    is judged where it stands on a line of its own)."""
    for m in _OTHER_LINK.finditer(text):
        depth, k = 0, m.start()
        while k >= 0:
            ch = text[k]
            if ch == "]":
                depth += 1
            elif ch == "[":
                depth -= 1
                if depth == 0:
                    break
            k -= 1
        if k > 0 and text[k - 1] == "!":
            continue
        return m
    return None


def _kind(marker: str) -> str:
    return marker[-1] if marker[0].isdigit() else marker


def _list_marker(line: str) -> tuple[int, str, int, str] | None:
    """(indent, marker, content column, content) of a list item line, or None."""
    s = line.lstrip(" ")
    indent = len(line) - len(s)
    m = re.match(r"([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$", s)
    if not m:
        return None
    spaces = m.group(2) or ""
    content = (m.group(3) or "").rstrip()
    width = len(spaces) if content and len(spaces) <= 4 else 1
    return indent, m.group(1), indent + len(m.group(1)) + width, content


def _can_interrupt(marker: str, content: str) -> bool:
    """A list may start right under a line of text only with a bullet or the number 1, and with text."""
    return bool(content) and (not marker[0].isdigit() or int(marker[:-1]) == 1)


def _interrupts(line: str) -> bool:
    """A line that starts another block instead of carrying on a paragraph."""
    return bool(_RULE.match(line) or _HEADING.match(line) or _FENCE.match(line) or _HTML_BLOCK.match(line)
                or line.lstrip(" ").startswith(">") or _IMAGE.match(line))


def words(text: str) -> int:
    """Words of prose, references and framing tags excluded."""
    return len(ANY_REF.sub(" ", FRAMING.sub(" ", text)).split())




def framing_spans(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, framing) of each sentence of a line of draft prose; a framing sentence is
    one that carries the ``[framing]`` tag (before or after its stop)."""
    from ..text.sentences import split_sentences

    return [(s.start, s.end, bool(FRAMING.search(s.text))) for s in split_sentences(text)]
