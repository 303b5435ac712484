"""The one HTML tree builder, shared by extraction, the linter and the gate.

Built on :class:`html.parser.HTMLParser` (entities decoded). Tolerant like a browser where it
matters: void elements never take children, an end tag closes the nearest open element of the
same name (stray end tags are ignored), ``<p>`` and ``<li>``-like elements are closed implicitly.
Every element and text run records the 1-based line of the HTML file it starts on.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser

from .html_tokens import tokenize

VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
RAW = frozenset({"script", "style"})
# Start of one of these closes an open <p> (HTML's "p end tag omitted" rule).
_CLOSES_P = frozenset(
    "address article aside blockquote details dialog div dl fieldset figcaption figure footer form "
    "h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section table ul".split())
_P = frozenset({"p"})
# Implied closes look this far up the open elements at most (absurdly deep markup stays linear).
_SEARCH_DEPTH = 512
_P_SCOPE = frozenset({"button", "table", "div", "section", "article", "body"})
_SELF_SIBLING = {"li": {"li"}, "dt": {"dt", "dd"}, "dd": {"dt", "dd"}, "tr": {"tr"},
                 "td": {"td", "th"}, "th": {"td", "th"}, "option": {"option"}}
_SCOPE_STOP = {"li": {"ul", "ol", "menu"}, "dt": {"dl"}, "dd": {"dl"}, "tr": {"table", "tbody", "thead", "tfoot"},
               "td": {"tr", "table"}, "th": {"tr", "table"}, "option": {"select", "datalist"}}


class Text:
    __slots__ = ("data", "parent", "line")

    def __init__(self, data: str, line: int):
        self.data = data
        self.parent: Element | None = None
        self.line = line

    def __repr__(self) -> str:
        return f"Text({self.data[:30]!r})"


class Element:
    __slots__ = ("tag", "attrs", "children", "parent", "line", "end_line")

    def __init__(self, tag: str, attrs: dict[str, str], line: int):
        self.tag = tag
        self.attrs = attrs
        self.children: list[Node] = []
        self.parent: Element | None = None
        self.line = line
        self.end_line = line

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def iter(self) -> Iterator[Element]:
        """This element and every descendant element, in document order."""
        stack: list[Element] = [self]
        while stack:
            el = stack.pop()
            yield el
            stack.extend(c for c in reversed(el.children) if isinstance(c, Element))

    def iter_text(self, skip: frozenset = RAW) -> Iterator[Text]:
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, Text):
                yield node
            elif node.tag not in skip:
                stack.extend(reversed(node.children))

    def text(self, skip: frozenset = RAW) -> str:
        return "".join(t.data for t in self.iter_text(skip))

    def find_all(self, tag: str) -> list[Element]:
        return [e for e in self.iter() if e.tag == tag]

    def find(self, tag: str) -> Element | None:
        for e in self.iter():
            if e.tag == tag:
                return e
        return None

    def ancestors(self) -> Iterator[Element]:
        p = self.parent
        while p is not None:
            yield p
            p = p.parent


Node = Element | Text


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, 1)
        self.stack: list[Element] = [self.root]
        self.open: dict[str, int] = {}  # open elements per tag: most searches end before they start
        self.doctype: str | None = None
        self.comments: list[tuple[int, str]] = []

    def _truncate(self, i: int) -> None:
        for el in self.stack[i:]:
            self.open[el.tag] -= 1
        del self.stack[i:]

    def _find_open(self, wanted, stop) -> int:
        """Index of the nearest open element in ``wanted`` unless one in ``stop`` comes first."""
        stack = self.stack
        for i in range(len(stack) - 1, max(0, len(stack) - 1 - _SEARCH_DEPTH), -1):
            t = stack[i].tag
            if t in wanted:
                return i
            if t in stop:
                return 0
        return 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        stack = self.stack
        if tag in _CLOSES_P and self.open.get("p"):  # close an open <p> unless a container stands between
            i = self._find_open(_P, _P_SCOPE)
            if i:
                self._truncate(i)
        if tag in _SELF_SIBLING:  # a new <li> closes the open one in the same list
            siblings = _SELF_SIBLING[tag]
            if any(self.open.get(t) for t in siblings):
                i = self._find_open(siblings, _SCOPE_STOP[tag])
                if i:
                    self._truncate(i)
        amap = dict(attrs) if attrs else {}
        if attrs and (len(amap) != len(attrs) or None in amap.values()):
            # The first of repeated attributes wins, as in browsers; a bare attribute is "".
            amap = {k: "" if v is None else v for k, v in reversed(attrs)}
        el = Element(tag, amap, self.lineno)
        cur = stack[-1]
        el.parent = cur
        cur.children.append(el)
        if tag not in VOID:
            stack.append(el)
            self.open[tag] = self.open.get(tag, 0) + 1

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack[-1].tag == tag:
            self._truncate(len(self.stack) - 1)

    def handle_endtag(self, tag: str) -> None:
        if not self.open.get(tag):  # a stray end tag is ignored
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                line = self.lineno
                for el in self.stack[i:]:
                    el.end_line = line
                self._truncate(i)
                return

    def handle_data(self, data: str) -> None:
        if not data:
            return
        cur = self.stack[-1]
        last = cur.children[-1] if cur.children else None
        if isinstance(last, Text):
            last.data += data
        else:
            t = Text(data, self.lineno)
            t.parent = cur
            cur.children.append(t)

    def handle_comment(self, data: str) -> None:
        self.comments.append((self.lineno, data))

    def handle_decl(self, decl: str) -> None:
        if decl.lower().startswith("doctype"):
            self.doctype = decl


class Document:
    """A parsed page: ``root`` (a ``#document`` element), the doctype and the comments."""

    def __init__(self, root: Element, doctype: str | None, comments: list[tuple[int, str]]):
        self.root = root
        self.doctype = doctype
        self.comments = comments

    def find(self, tag: str) -> Element | None:
        return self.root.find(tag)

    def find_all(self, tag: str) -> list[Element]:
        return self.root.find_all(tag)

    def iter(self) -> Iterator[Element]:
        return self.root.iter()

    def text(self) -> str:
        """Document text: every text node, entities decoded, without script and style."""
        return self.root.text()


def parse(html: str) -> Document:
    b = _Builder()
    tokenize(html, b)
    return Document(b.root, b.doctype, b.comments)


def parse_with_stdlib(html: str) -> Document:
    """The same tree built by :class:`HTMLParser` itself (slower; tests compare the two)."""
    b = _Builder()
    try:
        b.feed(html)
        b.close()
    except (AssertionError, ValueError):  # malformed markup the stdlib parser gives up on
        pass
    return Document(b.root, b.doctype, b.comments)
