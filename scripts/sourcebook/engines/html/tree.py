"""The one HTML tree builder, shared by extraction, the linter and the gate.

The tree is the one :class:`html.parser.HTMLParser` would give (entities decoded), read by the
faster tokenizer of ``html_tokens`` (``parse_with_stdlib`` builds it with the stdlib parser, for
comparison). Tolerant like a browser where it matters: void elements never take children, an end
tag closes the nearest open element of the same name (stray end tags are ignored), ``<p>`` and
``<li>``-like elements are closed implicitly.
Every element and text run records the 1-based line of the HTML file it starts on.

``parse_lean`` builds the same elements, attributes and text for extraction, faster: no line
numbers or comments, attribute maps and white-space runs shared, and the text of each element
measured as it is read (``Document.measures``), so the article scorer needs no walk of its own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from itertools import repeat
from operator import attrgetter

from ...base.gc_pause import paused_gc
from ...base.patterns import hot
from .tokens import (
    CDATA_CONTENT,
    CDATA_END,
    COMMENT_CLOSE,
    END_TAG,
    FAST,
    LEAN,
    LEAN_CLOSED,
    LEAN_END,
    LEAN_LEAF,
    LEAN_SIMPLE,
    LEAN_TEXT,
    OTHER,
    PLAIN_ATTR,
    PLAIN_TAG,
    TEXT,
    Tokenizer,
    attribute_map,
    attributes,
)

VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
RAW = frozenset({"script", "style"})
# Start of one of these closes an open <p> (HTML's "p end tag omitted" rule).
_CLOSES_P = frozenset(
    "address article aside blockquote details dialog div dl fieldset figcaption figure footer form "
    "h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section table ul".split())
_P = frozenset({"p"})
# Implied closes look this far up the open elements at most (absurdly deep markup stays linear).
_SEARCH_DEPTH = 512
_FOREIGN_ROOTS = frozenset({"svg", "math"})
# Elements of svg and math whose children are HTML again (the HTML standard's integration points).
_INTEGRATION_POINTS = frozenset({"foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml"})
_P_SCOPE = frozenset({"button", "table", "div", "section", "article", "body"})
_SELF_SIBLING = {"li": {"li"}, "dt": {"dt", "dd"}, "dd": {"dt", "dd"}, "tr": {"tr"},
                 "td": {"td", "th"}, "th": {"td", "th"}, "option": {"option"}}
_SCOPE_STOP = {"li": {"ul", "ol", "menu"}, "dt": {"dl"}, "dd": {"dl"}, "tr": {"table", "tbody", "thead", "tfoot"},
               "td": {"tr", "table"}, "th": {"tr", "table"}, "option": {"select", "datalist"}}


class Text:
    __slots__ = ("data", "parent", "line")

    def __init__(self, data: str, line: int, parent: Element | None = None):
        self.data = data
        self.parent = parent
        self.line = line

    def __repr__(self) -> str:
        return f"Text({self.data[:30]!r})"


class Element:
    # ``n``: the element's place in ``Document.elements``, set by :func:`parse_lean` only (-1 for
    # the root); unset otherwise.
    __slots__ = ("tag", "attrs", "children", "parent", "line", "end_line", "n")
    n: int

    def __init__(self, tag: str, attrs: dict[str, str], line: int, parent: Element | None = None):
        self.tag = tag
        self.attrs = attrs
        self.children: list[Node] = []
        self.parent = parent
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

COMMAS = hot("[,\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32\uff0c\u3001]")


def text_measure(d: str) -> tuple[int, int]:
    """A text run's reading length (white space collapsed, ends stripped) and its commas, as
    the article scorer counts them. White space alone measures (0, 0)."""
    if d.isspace():
        return 0, 0
    d = d.strip()
    # the usual text: printable, so its only white space is single spaces
    t = len(d) if "  " not in d and d.isprintable() else len(" ".join(d.split()))
    return t, (len(COMMAS.findall(d)) if "," in d or not d.isascii() else 0)
_children = attrgetter("children")


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, 1)
        self.stack: list[Element] = [self.root]
        self.elements: list[Element] = []  # in the order made, which is document order
        self.open: dict[str, int] = {}  # open elements per tag: most searches end before they start
        self.doctype: str | None = None
        self.comments: list[tuple[int, str]] = []
        self.comment_sites: list[tuple[Element, int, int]] = []
        # Text runs that grew by more pieces, joined once at the end: appending to the string
        # each time would copy it each time (quadratic on thousands of stray "<").
        self.pieces: dict[Text, list[str]] = {}
        self.run_len: dict[Text, int] = {}  # the length of each run in self.pieces

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

    def close_implied(self, tag: str) -> None:
        """Close what the start of ``tag`` ends: an open <p> before a block, the open <li>
        before a new one in the same list, unless a container stands between."""
        if tag in _CLOSES_P and self.open.get("p"):
            i = self._find_open(_P, _P_SCOPE)
            if i:
                self._truncate(i)
        siblings = _SELF_SIBLING.get(tag)
        if siblings is not None and any(self.open.get(t) for t in siblings):
            i = self._find_open(siblings, _SCOPE_STOP[tag])
            if i:
                self._truncate(i)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.close_implied(tag)
        amap = dict(attrs) if attrs else {}
        if attrs and (len(amap) != len(attrs) or None in amap.values()):
            amap = _first_wins(attrs)
        cur = self.stack[-1]
        el = Element(tag, amap, self.lineno, cur)
        cur.children.append(el)
        self.elements.append(el)
        if tag not in VOID:
            self.stack.append(el)
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
            pieces = self.pieces.get(last)
            if pieces is None:
                self.pieces[last] = [last.data, data]
                self.run_len[last] = len(last.data) + len(data)
            else:
                pieces.append(data)
                self.run_len[last] += len(data)
        else:
            cur.children.append(Text(data, self.lineno, cur))

    def finish(self) -> None:
        """Join the text runs that grew by pieces."""
        for text, pieces in self.pieces.items():
            text.data = "".join(pieces)
        self.pieces.clear()
        self.run_len.clear()

    def handle_comment(self, data: str) -> None:
        self.comments.append((self.lineno, data))
        cur = self.stack[-1]
        kids = cur.children
        offset = -1
        if kids and type(kids[-1]) is Text:  # later text joins this run: remember where it stood
            # the run's length so far, kept as it grows: summing its pieces at every comment made
            # a page of many comments slow as their number squared
            offset = self.run_len.get(kids[-1], -1)  # type: ignore[arg-type]
            if offset < 0:
                offset = len(kids[-1].data)  # type: ignore[union-attr]
        self.comment_sites.append((cur, len(kids), offset))

    def handle_decl(self, decl: str) -> None:
        if decl.lower().startswith("doctype"):
            self.doctype = decl

    def in_foreign(self) -> bool:
        """Whether the current node is foreign content (svg or math, not an HTML element inside
        one of their integration points): the only place where ``<![CDATA[`` opens a section."""
        if not (self.open.get("svg") or self.open.get("math")):
            return False
        stack = self.stack
        crossed = False
        for i in range(len(stack) - 1, max(0, len(stack) - 1 - _SEARCH_DEPTH), -1):
            tag = stack[i].tag
            if tag in _FOREIGN_ROOTS:
                return not crossed
            if i < len(stack) - 1 and tag in _INTEGRATION_POINTS:
                crossed = True  # the current node is HTML inside svg's foreignObject, math's mtext, ...
        return False

    def parse_html_declaration(self, i: int) -> int:
        """HTMLParser's reading, but ``<![`` as in browsers (see ``tokens._declaration``): a CDATA
        section in foreign content, elsewhere a bogus comment that ends at the first ``>``."""
        raw = self.rawdata
        if not raw.startswith("<![", i):
            return super().parse_html_declaration(i)
        if raw.startswith("<![CDATA[", i) and self.in_foreign():
            j = raw.find("]]>", i + 9)
            if j < 0:
                return -1
            self.handle_data(raw[i + 9:j])
            return j + 3
        return self.parse_bogus_comment(i)


def _first_wins(attrs: list) -> dict[str, str]:
    """The first of repeated attributes wins, as in browsers; a bare attribute is ""."""
    return {k: "" if v is None else v for k, v in reversed(attrs)}


class Document:
    """A parsed page: ``root`` (a ``#document`` element), the doctype and the comments.

    ``comment_sites[i]`` says where ``comments[i]`` stood: ``(parent, n, offset)``, the parent
    element and how many children it had then; ``offset`` is -1 when the comment came after an
    element (it sits before ``parent.children[n]``), else the comment came inside the text run
    ``parent.children[n - 1]`` at that code-point offset (text after a comment joins the run
    before it, as the stdlib parser's data does)."""

    def __init__(self, root: Element, doctype: str | None, comments: list[tuple[int, str]],
                 elements: list[Element], comment_sites: list[tuple[Element, int, int]] | None = None):
        self.root = root
        self.doctype = doctype
        self.comments = comments
        self.comment_sites = comment_sites if comment_sites is not None else []
        # Every element but the root in document order: an element's descendants are all made
        # while it is open, before anything after it.
        self.elements = elements
        # (text length, commas, to measure again) by element, from parse_lean; else None
        self.measures: tuple[dict[Element, int], dict[Element, int], set[Element]] | None = None
        self.kept: list[Element] | None = None  # from parse_lean: the elements its caller asked for

    def find(self, tag: str) -> Element | None:
        for e in self.iter():
            if e.tag == tag:
                return e
        return None

    def find_all(self, tag: str) -> list[Element]:
        return [e for e in self.iter() if e.tag == tag]

    def iter(self) -> Iterator[Element]:
        """The root and every element, in document order (as ``root.iter()``, without a walk)."""
        yield self.root
        yield from self.elements

    def text(self) -> str:
        """Document text: every text node, entities decoded, without script and style."""
        return self.root.text()

    def discard(self) -> None:
        """Unlink the tree so that it is freed as soon as it is dropped: its parent links make
        cycles, which otherwise wait for the cyclic collector (a scan of every node). The
        document is empty afterwards."""
        self.root.children.clear()
        deque(map(list.clear, map(_children, self.elements)), maxlen=0)  # in C: no loop here
        self.elements = []
        self.measures = None  # its maps hold elements (and through their parents, the tree)
        self.kept = None


def parse(html: str) -> Document:
    b = _Builder()
    with paused_gc():
        _build(html, b)
        b.finish()
    return Document(b.root, b.doctype, b.comments, b.elements, b.comment_sites)


# For each start tag that may close open elements, the tags whose being open makes it do so.
_IMPLIED_BY = {tag: ("p",) for tag in _CLOSES_P} | {tag: tuple(sib) for tag, sib in _SELF_SIBLING.items()}


def _build(raw: str, b: _Builder) -> None:
    """Tokenize ``raw`` into ``b``. The common tokens (text, a start tag, the end tag of the
    current element) are applied here directly, because a method call per token would cost as
    much as the rest of the parse; everything else goes through the tokenizer's general path and
    the builder's methods, as with HTMLParser."""
    tok = Tokenizer(raw, b)
    stack, open_count, elements = b.stack, b.open, b.elements
    count_of = open_count.get
    tokens = FAST.finditer
    plain_attrs = PLAIN_ATTR.findall
    implying = _IMPLIED_BY
    raw_text = frozenset(CDATA_CONTENT)
    # Attribute text -> (attribute list, attribute map): pages repeat the same attributes a lot.
    seen: dict[str, tuple[list, dict]] = {}
    n = len(raw)
    i = 0
    while i < n:
        if tok.cdata is None:
            line = tok.at(i)
            for m in tokens(raw, i):
                kind = m.lastindex
                if kind == TEXT:
                    d = m[9]
                    data = unescape(d) if "&" in d else d
                    if data:  # a reference to an invalid code point stands for nothing
                        cur = stack[-1]
                        kids = cur.children
                        if kids and type(kids[-1]) is Text:
                            b.handle_data(data)
                        else:
                            kids.append(Text(data, line, cur))
                    line += d.count("\n")
                    continue
                if kind == OTHER:
                    i = m.start()
                    break
                space = m[1]
                if space:  # white space before the tag: a text run of its own
                    cur = stack[-1]
                    kids = cur.children
                    if kids and type(kids[-1]) is Text:
                        b.handle_data(space)
                    else:
                        kids.append(Text(space, line, cur))
                    if "\n" in space:
                        line += space.count("\n")
                if kind == END_TAG:
                    tag = m[8]
                    top = stack[-1]
                    if top.tag == tag or top.tag == (tag := tag.lower()):
                        top.end_line = line
                        stack.pop()
                        open_count[tag] -= 1
                    else:
                        b.lineno = line
                        b.handle_endtag(tag)
                    continue
                if kind == PLAIN_TAG:
                    tag, attr_text, closing = m.group(2, 3, 4)
                else:
                    name, attr_text, closing = m.group(5, 6, 7)
                    tag = name.lower()
                if not attr_text:
                    attrs: list = []
                    amap: dict[str, str] = {}
                else:
                    got = seen.get(attr_text)
                    if got is None:
                        if kind == PLAIN_TAG:  # never bare, never a character reference
                            attrs = plain_attrs(attr_text)
                            amap = dict(attrs)
                            if len(amap) != len(attrs):
                                amap = _first_wins(attrs)
                            seen[attr_text] = (attrs, amap)
                        else:
                            attrs, amap = seen[attr_text] = _attribute_map(attributes(attr_text, False), False)
                    else:  # later elements with the same attributes get a map of their own
                        attrs, amap = got
                        amap = amap.copy()
                if closing and tag not in VOID:
                    b.lineno = line
                    b.handle_startendtag(tag, attrs)
                else:
                    closers = implying.get(tag)
                    if closers is not None:
                        for t in closers:
                            if count_of(t):
                                b.close_implied(tag)
                                break
                    cur = stack[-1]
                    el = Element(tag, amap, line, cur)
                    cur.children.append(el)
                    elements.append(el)
                    if tag not in VOID:
                        stack.append(el)
                        open_count[tag] = count_of(tag, 0) + 1
                if "\n" in attr_text:  # the next token starts on a later line
                    line += attr_text.count("\n")
                if tag in raw_text and not closing:
                    tok.enter_cdata(tag)
                    i = m.end()
                    break
            else:
                i = n
            tok.line, tok.counted = line, i
        if i < n:
            i = tok.step(i)


class _LeanBuilder(_Builder):
    """The builder of :func:`parse_lean`: comments are not kept (text after one still joins the
    run before it), and a white-space run shared by several elements is one node, copied before
    more text joins it."""

    def __init__(self, keep: frozenset[str] = frozenset(), keep_attr: str = "") -> None:
        super().__init__()
        self.root.n = -1
        self.keep, self.keep_attr = keep, keep_attr
        self.kept: list[Element] = []  # the elements asked for by tag or attribute, in order
        # Each element's own text measured as it is read (see ``text_measure``): its length and
        # its commas, by element; an element whose text came another way is measured again.
        self.text_len: dict[Element, int] = {}
        self.text_commas: dict[Element, int] = {}
        self.remeasure: set[Element] = set()

    def handle_comment(self, data: str) -> None:
        pass

    def handle_starttag(self, tag: str, attrs: list) -> None:
        super().handle_starttag(tag, attrs)
        el = self.elements[-1]
        if tag in self.keep or self.keep_attr in el.attrs:
            self.kept.append(el)

    def handle_data(self, data: str) -> None:
        if not data:
            return
        cur = self.stack[-1]
        self.remeasure.add(cur)
        kids = cur.children
        if kids and type(kids[-1]) is Text:
            last = kids[-1]
            if last.parent is None:  # a shared white-space node: this element's own copy grows
                last = kids[-1] = Text(last.data, 0, cur)  # type: ignore[union-attr]
            pieces = self.pieces.get(last)  # type: ignore[arg-type]
            if pieces is None:
                self.pieces[last] = [last.data, data]  # type: ignore[index,union-attr]
            else:
                pieces.append(data)
        else:
            kids.append(Text(data, 0, cur))


def parse_lean(html: str, keep: frozenset[str] = frozenset(), keep_attr: str = "") -> Document:
    """The tree :func:`parse` builds, for a reader of its elements, attributes and text only
    (extraction), built faster: no line numbers (every ``line`` is 0), no comments or doctype,
    elements written with the same attributes share one attribute map (which must not be
    changed), and the white space before a tag is one shared :class:`Text` per distinct run
    (its ``parent`` is None). The elements whose tag is in ``keep`` or that have the attribute
    ``keep_attr`` are picked out as they are read (``Document.kept``, in document order)."""
    b = _LeanBuilder(keep, keep_attr)
    with paused_gc():
        _build_lean(html, b)
        b.finish()
        deque(map(setattr, b.elements, repeat("n"), range(len(b.elements))), maxlen=0)  # each one's number
    doc = Document(b.root, None, [], b.elements, [])
    doc.measures = (b.text_len, b.text_commas, b.remeasure)
    doc.kept = b.kept
    return doc


_NO_ATTRS: dict[str, str] = {}


def _build_lean(raw: str, b: _LeanBuilder) -> None:
    """``_build`` without line numbers, comments or copies of attribute maps, and with an element
    that holds only text read in one token with its text and end tag (``LEAF``)."""
    tok = Tokenizer(raw, b)
    stack, open_count, elements = b.stack, b.open, b.elements
    count_of = open_count.get
    tokens = LEAN.finditer
    plain_attrs = PLAIN_ATTR.findall
    implying = _IMPLIED_BY.get
    raw_text = frozenset(CDATA_CONTENT)
    void = VOID
    seen: dict[str, dict] = {}  # attribute text -> its map, shared by every element written so
    seen_get = seen.get
    spaces: dict[str, Text] = {}  # white space before a tag -> its one shared node
    spaces_get = spaces.get
    cdata_end = CDATA_END
    text_len, text_commas = b.text_len, b.text_commas
    len_get, commas_in = text_len.get, COMMAS.findall
    ahead, comment_close = tok.ahead.search, COMMENT_CLOSE
    new = object.__new__
    keep, keep_attr, kept = b.keep, b.keep_attr, b.kept
    resume = False
    n = len(raw)
    i = 0
    while i < n:
        if tok.cdata is None:
            for m in tokens(raw, i):
                # every group at once (one call, not one per group): the text before the tag, a
                # plain start tag's name, attributes, "/" and leaf text, another start tag's name
                # and attributes, an end tag's name, text alone
                text, tag, attr_text, _, leaf, name, other_attrs, _, end_tag, text_alone, _ = m.groups()
                kind: int = m.lastindex  # type: ignore[assignment]  # every token matches a group
                if kind >= LEAN_TEXT:
                    if kind != LEAN_TEXT:  # OTHER
                        i = m.start()
                        break
                    text = text_alone  # text before something else than a tag
                if text:
                    node = spaces_get(text)
                    if node is not None:  # a run of white space read before: its shared node
                        kids = stack[-1].children
                        if kids and type(kids[-1]) is Text:
                            b.handle_data(text)
                        else:
                            kids.append(node)
                        text = ""
                    elif "&" in text:
                        text = unescape(text)  # a reference to an invalid code point stands for nothing
                if text:
                    cur = stack[-1]
                    kids = cur.children
                    if kids and type(kids[-1]) is Text:
                        b.handle_data(text)
                    elif text.isspace():  # white space alone: one shared node per distinct run
                        node = spaces_get(text)
                        if node is None:
                            node = spaces[text] = Text(text, 0, None)
                        kids.append(node)
                    else:
                        kids.append(Text(text, 0, cur))
                        d = text.strip()
                        text_len[cur] = len_get(cur, 0) + (
                            len(d) if "  " not in d and d.isprintable() else len(" ".join(d.split())))
                        if "," in d or not d.isascii():
                            nc = len(commas_in(d))
                            if nc:
                                text_commas[cur] = text_commas.get(cur, 0) + nc
                if kind <= LEAN_LEAF:  # a plain start tag, alone, closed by "/>", or a leaf
                    if attr_text:
                        amap = seen_get(attr_text)
                        if amap is None:  # never bare, never a character reference
                            attrs = plain_attrs(attr_text)
                            amap = dict(attrs)
                            if len(amap) != len(attrs):
                                amap = _first_wins(attrs)
                            seen[attr_text] = amap
                    else:
                        amap = _NO_ATTRS
                elif kind == LEAN_END:
                    tag = end_tag
                    cur = stack[-1]
                    if cur.tag == tag or cur.tag == (tag := tag.lower()):
                        stack.pop()
                        open_count[tag] -= 1
                    else:
                        b.handle_endtag(tag)
                    continue
                elif kind == LEAN_TEXT:
                    continue
                else:  # START_TAG
                    attr_text = other_attrs
                    tag = name.lower()
                    if attr_text:
                        amap = seen_get(attr_text)
                        if amap is None:
                            amap = seen[attr_text] = attribute_map(attr_text)
                    else:
                        amap = _NO_ATTRS
                cur = stack[-1]
                closers = implying(tag)
                if closers is not None:
                    for t in closers:
                        if count_of(t):
                            b.close_implied(tag)
                            cur = stack[-1]
                            break
                # Element(tag, amap, 0, cur), without the cost of a call to __init__
                el = new(Element)
                el.tag, el.attrs, el.children, el.parent, el.line, el.end_line = tag, amap, [], cur, 0, 0
                cur.children.append(el)
                elements.append(el)
                if tag in keep or keep_attr in amap:
                    kept.append(el)
                if tag in void:
                    if kind == LEAN_LEAF:  # its text and end tag are read again, as after any void tag
                        i = m.end(3) + 1
                        resume = True
                        break
                    continue
                if kind == LEAN_LEAF:  # its text, and its end tag closes it at once
                    text = leaf
                    if not text:
                        continue
                    if tag in raw_text:  # script or style: the text as it is
                        el.children.append(Text(text, 0, el))
                        continue
                    if "&" in text:
                        text = unescape(text)
                        if not text:
                            continue
                    if text.isspace():
                        node = spaces_get(text)
                        if node is None:
                            node = spaces[text] = Text(text, 0, None)
                        el.children.append(node)
                        continue
                    el.children.append(Text(text, 0, el))
                    d = text.strip()
                    text_len[el] = len(d) if "  " not in d and d.isprintable() else len(" ".join(d.split()))
                    if "," in d or not d.isascii():
                        nc = len(commas_in(d))
                        if nc:
                            text_commas[el] = nc
                    continue
                if kind == LEAN_CLOSED or kind == LEAN_SIMPLE and m[LEAN_SIMPLE]:  # <div/>: opened and closed at once
                    continue
                if tag in raw_text:  # script or style: its text runs to its end tag
                    i = m.end()
                    found = cdata_end[tag].search(raw, i)
                    if found is None:  # the general path reads the rest
                        stack.append(el)
                        open_count[tag] = count_of(tag, 0) + 1
                        tok.enter_cdata(tag)
                        break
                    j = found.start()
                    if i < j:
                        el.children.append(Text(raw[i:j], 0, el))
                    i = found.end()
                    resume = True
                    break
                stack.append(el)
                open_count[tag] = count_of(tag, 0) + 1
            else:
                i = n
            if resume:
                resume = False
                continue
        if i < n:
            if tok.cdata is None and raw.startswith("<!--", i):  # a comment, not kept
                found = ahead(comment_close, i + 4)
                if found is not None:
                    i = found.end()
                    continue
            i = tok.step(i)


def _attribute_map(attrs: list, plain: bool) -> tuple[list, dict]:
    """The attributes as reported, and the element's map of them (plain ones are never bare)."""
    amap = dict(attrs)
    if len(amap) != len(attrs) or (not plain and None in amap.values()):
        return attrs, _first_wins(attrs)
    return attrs, amap


def parse_with_stdlib(html: str) -> Document:
    """The same tree built by :class:`HTMLParser` itself (slower; tests compare the two)."""
    b = _Builder()
    try:
        b.feed(html)
        b.close()
    except (AssertionError, ValueError):  # malformed markup the stdlib parser gives up on
        pass
    b.finish()
    return Document(b.root, b.doctype, b.comments, b.elements, b.comment_sites)
