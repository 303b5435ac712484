"""Render kept HTML elements as canonical Markdown, recording where each link's text lands.

Headings become ``#`` lines, quotes ``> ``, lists ``- `` / ``1. `` with nested lists indented
under their item (each item written once), data tables pipe tables, ``<pre>`` fenced code, and
figure captions and image credits caption blocks (a fenced ``::: caption`` block, see
``captions``), never prose between paragraphs. Inline markup (emphasis, code, links) leaves only its text,
so a sentence copied from the page matches the canonical text; link targets go to the link list.
Images, forms and media have no text and are not written. The walk is iterative, so deeply
nested markup cannot exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast
from urllib.parse import urljoin, urlsplit

from .captions import CAPTION_CLOSE, CAPTION_OPEN, is_caption
from .tree import Element, Text
from .writer import Writer, collapse

HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
BLOCKS = frozenset(
    "address article aside blockquote body center details dialog dd div dl dt fieldset figcaption "
    "figure footer form header hgroup html li legend main menu nav ol p pre section summary table "
    "tbody td tfoot th thead tr ul caption".split()) | frozenset(HEADINGS)
# Elements whose content is never reading text.
SILENT = frozenset(
    "script style noscript template svg math canvas iframe object embed video audio map area "
    "input select option optgroup textarea button head title meta link base img picture source "
    "track param datalist rp".split())
_ASCII_SPACE = " \t\n\r\f\v"
FALLBACK_PROSE = 200  # characters of running text that make a <noscript> the page's own content


def silent(el: Element) -> bool:
    """Never reading text: the ``SILENT`` elements, except a ``<noscript>`` holding running prose
    (the text a page shows without scripts, when a script renders the article)."""
    return el.tag in SILENT and not (el.tag == "noscript" and fallback_prose(el))


def fallback_prose(el: Element) -> bool:
    text = " ".join(el.text(SILENT - {"noscript"}).split())
    return len(text) >= FALLBACK_PROSE and any(ch in text for ch in ".!?。")
_BLOCKISH_IN_CELL = frozenset("p div ul ol table blockquote pre h1 h2 h3 h4 h5 h6 section article".split())


def absolute_http(href: str | None, base: str | None) -> str | None:
    """``href`` resolved against ``base``, if the result is an http(s) URL."""
    if not href:
        return None
    if href.isprintable():  # no control character to drop (the usual link)
        href = href.strip()
    else:
        href = "".join(ch for ch in href.strip() if ch >= " " and ch != "\x7f")
    if not href or href.startswith("#"):
        return None
    try:
        url = urljoin(base or "", href)
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return url


Item = Element | Text | Callable[[], None]


class Renderer:
    def __init__(self, skip: set[int], base: str | None, writer: Writer | None = None):
        self.skip = skip
        self.base = base
        self.w = writer or Writer()
        self.markers: dict[int, str] = {}  # id(li) -> "3. " for ordered lists
        self.in_item = 0  # how many list items the walk is inside
        self.in_caption = False  # a caption's own text is written on one line, never fenced again

    def render(self, roots: list[Element]) -> tuple[str, list[tuple[int, int, str]]]:
        for root in roots:
            self.w.brk(2)
            self.walk(root)
        return self.w.result(), self.w.links

    # The walk: a stack of nodes to visit and closures to run when an element ends.
    def walk(self, root: Element) -> None:
        stack: list[Item] = [root]
        w = self.w
        while stack:
            item = stack.pop()
            kind = type(item)
            if kind is Text:
                d = item.data  # type: ignore[union-attr]
                # Most text between tags is ASCII white space, which collapses to one space.
                w.text(" " if d and not d.strip(_ASCII_SPACE) else collapse(d))
                continue
            if kind is not Element:
                item()  # type: ignore[operator]
                continue
            el = cast(Element, item)
            tag = el.tag
            if (tag in SILENT and silent(el)) or id(el) in self.skip:
                continue
            if tag == "br":
                w.line_break()
                continue
            if tag == "hr":
                w.brk(2)
                w.lines(["---"])
                w.brk(2)
                continue
            if tag == "pre":
                self._pre(el)
                continue
            if tag == "table" and is_data_table(el):
                self._table(el)
                continue
            if not self.in_caption and is_caption(el):
                self._caption(el)
                continue
            exit_action = self._enter(el, tag)
            if exit_action is not None:
                stack.append(exit_action)
            stack.extend(reversed(el.children))

    def _enter(self, el: Element, tag: str) -> Callable[[], None] | None:
        w = self.w
        if tag == "a":
            w.open_link(absolute_http(el.get("href"), self.base))
            return w.close_link
        level = HEADINGS.get(tag)
        if level:
            w.brk(2)
            w.set_lead("#" * level + " ")
            w.single_line += 1

            def end_heading() -> None:
                w.single_line -= 1
                w.clear_lead()
                w.brk(2)
            return end_heading
        if tag == "blockquote":
            w.brk(2)
            w.push("> ")

            def end_quote() -> None:
                w.pop()
                w.brk(2)
            return end_quote
        if tag in ("ul", "ol", "menu"):
            gap = 1 if self.in_item else 2  # a nested list follows its item's line
            w.brk(gap)
            self._number_items(el)
            return lambda: w.brk(gap)
        if tag == "li":
            w.brk(1)
            marker = self.markers.get(id(el), "- ")
            w.push(" " * len(marker), marker)
            self.in_item += 1

            def end_item() -> None:
                w.pop()
                w.brk(1)
                self.in_item -= 1
            return end_item
        if tag in ("dt", "dd", "tr"):
            w.brk(1)
            return lambda: w.brk(1)
        if tag in ("td", "th"):
            w.brk(1)
            return lambda: w.brk(1)
        if tag in BLOCKS:
            w.brk(2)
            return lambda: w.brk(2)
        return None

    def _number_items(self, el: Element) -> None:
        if el.tag != "ol":
            return
        try:
            n = int((el.get("start") or "1").strip())
        except ValueError:
            n = 1
        for child in el.children:
            if isinstance(child, Element) and child.tag == "li":
                self.markers[id(child)] = f"{n}. "
                n += 1

    def _pre(self, el: Element) -> None:
        parts: list[str] = []
        stack: list[Item] = [el]
        while stack:
            node = stack.pop()
            if isinstance(node, Text):
                parts.append(node.data)
            elif isinstance(node, Element) and not silent(node) and id(node) not in self.skip:
                if node.tag == "br":
                    parts.append("\n")
                stack.extend(reversed(node.children))
        code = "".join(parts).replace("\r\n", "\n").replace("\r", "\n").expandtabs(4)
        code = code.replace("\u00a0", " ")
        lines = [collapse_controls(line) for line in code.split("\n")]
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return
        fence = "```"
        while any(line.lstrip().startswith(fence) for line in lines):
            fence += "`"
        self.w.brk(2)
        self.w.lines([fence] + lines + [fence])
        self.w.brk(2)

    def _caption(self, el: Element) -> None:
        """A caption or credit as a fenced caption block: its text on one line between the
        fences, so a quote from it can be told from the article's prose."""
        sub = Renderer(self.skip, self.base, Writer(single_line=True))
        sub.in_caption = True
        sub.walk(el)
        text, links = sub.w.result(), list(sub.w.links)
        if not text.strip():
            return
        w = self.w
        w.brk(2)
        w.lines([CAPTION_OPEN])
        w.brk(1)
        w.raw_line(text, links)
        w.brk(1)
        w.lines([CAPTION_CLOSE])
        w.brk(2)

    def _table(self, table: Element) -> None:
        w = self.w
        caption = next((c for c in table.children if isinstance(c, Element) and c.tag == "caption"), None)
        if caption is not None and id(caption) not in self.skip:
            w.brk(2)
            self.walk(caption)
        rows = []
        for tr in table_rows(table):
            cells = []
            for cell in tr.children:
                if isinstance(cell, Element) and cell.tag in ("td", "th") and id(cell) not in self.skip:
                    cells.append(self._cell(cell))
            if any(text for text, _ in cells):
                rows.append(cells)
        if not rows:
            return
        width = max(len(r) for r in rows)
        w.brk(2)
        for i, cells in enumerate(rows):
            cells = cells + [("", [])] * (width - len(cells))
            line = "|"
            links: list[tuple[int, int, str]] = []
            for text, cell_links in cells:
                line += " "
                links.extend((len(line) + s, len(line) + e, h) for s, e, h in cell_links)
                line += text + " |"
            w.brk(1)
            w.raw_line(line, links)
            if i == 0:
                w.brk(1)
                w.raw_line("|" + " --- |" * width, [])
        w.brk(2)

    def _cell(self, cell: Element) -> tuple[str, list[tuple[int, int, str]]]:
        sub = Renderer(self.skip, self.base, Writer(single_line=True))
        sub.walk(cell)
        text, links = sub.w.result(), list(sub.w.links)
        if "|" not in text:
            return text, links
        # Escape pipes; shift link offsets by the backslashes inserted before them.
        shifted = [(s + text.count("|", 0, s), e + text.count("|", 0, e), h) for s, e, h in links]
        return text.replace("|", "\\|"), shifted


def collapse_controls(line: str) -> str:
    return "".join(ch for ch in line if ch >= " " or ch == "\t").rstrip()


def table_rows(table: Element) -> list[Element]:
    rows = []
    for child in table.children:
        if not isinstance(child, Element):
            continue
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(c for c in child.children if isinstance(c, Element) and c.tag == "tr")
    return rows


def is_data_table(table: Element) -> bool:
    """A grid of short cells (rendered as a pipe table), not a table used for page layout."""
    if (table.get("role") or "").lower() in ("presentation", "none"):
        return False
    rows = table_rows(table)
    if not rows:
        return False
    width, cells, chars = 0, 0, 0
    for tr in rows:
        n = 0
        for cell in tr.children:
            if not isinstance(cell, Element) or cell.tag not in ("td", "th"):
                continue
            n += 1
            for d in cell.iter():
                if d.tag == "table" and d is not cell:
                    return False
                if d.tag in _BLOCKISH_IN_CELL and d is not cell and len(d.text()) > 200:
                    return False
            chars += len(cell.text().strip())
        width = max(width, n)
        cells += n
    return width >= 2 and cells > 0 and chars / cells <= 300
