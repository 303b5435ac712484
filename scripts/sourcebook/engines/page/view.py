"""Reading an artifact page for the html gate: the ledger region, refs, blocks and marks.

The injected ledger is the part between ``<!-- SB:LEDGER -->`` and ``<!-- /SB:LEDGER -->``;
only ``li.ledger-entry`` elements inside it are ledger entries, so an ordinary ``id="c-intro"``
heading elsewhere is never mistaken for one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...base.record import TupleRecord, field, record

if TYPE_CHECKING:  # the tree is imported only when a page is read, not when a cached view is reused
    from ..html.tree import Element
    from .prose import PageProse

OPEN, CLOSE = "<!-- SB:LEDGER -->", "<!-- /SB:LEDGER -->"


@record
class Block:
    line: int
    ids: list[str]
    marks: set[str]
    refs: list[tuple[str, str]]  # (claim id, visible text) of the block's own sup.ref links
    history: list[str] = field(default_factory=list)  # claims it cites as history (links to #h-<id>)
    as_history: bool = False  # the block, or an element around it below the next claim block, has class "history"
    # (claim ids of a run of sup.ref links, the m-* marks right after it with no word between)
    tails: list[tuple[list[str], list[str]]] = field(default_factory=list)


class Image(TupleRecord):
    line: int
    attrs: dict[str, str]
    in_claim_block: bool  # the image or one of its three nearest ancestors carries data-claim


@record
class PageView:
    """What the gates need from a page, as plain data: a pure function of the page's text, so
    a repeat verify of an unchanged page can reuse it (see ``to_json``/``from_json``)."""

    has_region: bool
    has_ledger: bool
    subset: bool = False  # the ledger lists only the claims this page cites (data-scope="cited")
    entries: dict[str, str] = field(default_factory=dict)  # claim id -> value attribute of its li.ledger-entry
    links: list[str] = field(default_factory=list)  # #c- targets of <a> outside the ledger
    sup_refs: list[tuple[str, str]] = field(default_factory=list)  # (target, text) of every sup.ref link
    blocks: list[Block] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)  # every id attribute on the page
    text: str = ""
    legends: int = 0
    images: list[Image] = field(default_factory=list)  # outside the ledger
    ledger_images: list[Image] = field(default_factory=list)
    history_links: list[str] = field(default_factory=list)  # #h- targets of <a> outside the ledger
    outside: list[tuple[int, str]] = field(default_factory=list)  # (line, href) of links off the page outside the ledger
    # every sentence, for the prose gate: kept apart from the rest in the cache (a repeat verify
    # that reuses the gate's result never loads it), so None when the view came from the cache
    prose: PageProse | None = None
    body_chars: int = -1  # how much of ``text`` is the body's (outside the ledger); -1: unknown

    def to_json(self) -> dict:
        img = lambda i: [i.line, i.attrs, i.in_claim_block]  # noqa: E731
        return {"has_region": self.has_region, "has_ledger": self.has_ledger, "subset": self.subset,
                "entries": self.entries, "links": self.links, "sup_refs": self.sup_refs,
                "blocks": [[b.line, b.ids, sorted(b.marks), b.refs, b.history, b.as_history, b.tails]
                           for b in self.blocks],
                "anchors": sorted(self.anchors), "text": self.text, "legends": self.legends,
                "images": [img(i) for i in self.images], "ledger_images": [img(i) for i in self.ledger_images],
                "history_links": self.history_links, "outside": self.outside, "body_chars": self.body_chars}

    @classmethod
    def from_json(cls, d: dict) -> PageView:
        img = lambda r: Image(r[0], r[1], r[2])  # noqa: E731
        pairs = lambda rows: [(a, b) for a, b in rows]  # noqa: E731
        return cls(d["has_region"], d["has_ledger"], d["subset"], d["entries"], d["links"], pairs(d["sup_refs"]),
                   [Block(b[0], b[1], set(b[2]), pairs(b[3]), b[4], b[5],
                          [(list(i), list(m)) for i, m in (b[6] if len(b) > 6 else [])]) for b in d["blocks"]],
                   set(d["anchors"]),
                   d["text"], d["legends"], [img(r) for r in d["images"]], [img(r) for r in d["ledger_images"]],
                   d["history_links"], pairs(d.get("outside") or []), body_chars=d.get("body_chars", -1))


def _own_elements(block: Element):
    """The block and its descendants, without nested data-claim blocks or the mark legend."""
    from ..html.tree import Element

    stack = [block]
    while stack:
        el = stack.pop()
        yield el
        for c in reversed(el.children):
            if isinstance(c, Element) and "data-claim" not in c.attrs and "mark-legend" not in c.classes:
                stack.append(c)


def _tails(block: Element) -> list[tuple[list[str], list[str]]]:
    """Each run of citation numbers in the block with the marks that stand right after it (no
    word between): the marks of the claims those numbers cite."""
    from ..html.tree import Element

    out: list[tuple[list[str], list[str]]] = []
    words = True  # a word since the last citation number: the next one opens a new run

    def walk(el: Element) -> None:
        nonlocal words
        for c in el.children:
            if not isinstance(c, Element):
                if any(ch.isalnum() for ch in getattr(c, "data", "")):
                    words = True
                continue
            if "data-claim" in c.attrs or "mark-legend" in c.classes or c.tag in ("script", "style", "template"):
                continue
            if c.tag == "sup" and "ref" in c.classes:
                if words or not out:
                    out.append(([], []))
                    words = False
                out[-1][0].extend(x for x, _ in _ref_links(c))
                continue
            kinds = [k for k in c.classes if k.startswith("m-")]
            if kinds:
                if out and not words:
                    out[-1][1].extend(kinds)
                continue
            walk(c)

    walk(block)
    return [t for t in out if t[0] and t[1]]


def ref_label(text: str) -> str:
    """A citation number as shown: ``11``, or ``[11]`` with the brackets sb writes for copied
    and spoken text (a reader never sees them)."""
    label = text.strip()
    if label.startswith("[") and label.endswith("]"):
        label = label[1:-1].strip()
    return label


def _ref_links(sup: Element):
    for a in sup.iter():
        href = a.attrs.get("href") or ""
        if a.tag == "a" and href.startswith("#c-"):
            yield href[3:], ref_label(a.text())


_READ: dict[str, PageView] = {}  # the pages read last in this process, by their text
_KEPT = 32


def read_page(html: str) -> PageView:
    """The view of a page: read once per process for the same text (a verify reads each page
    for its gates and again for the review footer it rebuilds; a render judges the page it
    writes), so the view is shared and its readers never change it."""
    view = _READ.pop(html, None)
    if view is None:
        view = _read_page(html)
        for old in list(_READ)[:len(_READ) - _KEPT + 1]:  # the least recent
            _READ.pop(old, None)
    _READ[html] = view  # the most recent last
    return view


def body_text(html: str) -> str:
    """The text of a page outside its ledger region, as ``read_page`` reads it (``PageView.text``
    is this, then the ledger's text): what the page shows a reader besides its ledger."""
    view = read_page(html)  # the gates have read this page already: its body is parsed once
    if view.body_chars >= 0:
        return view.text[:view.body_chars]
    from ..html.tree import parse

    a = html.find(OPEN)
    b = html.find(CLOSE, a + len(OPEN)) if a >= 0 else -1
    return parse(html[:a] + html[b:] if a >= 0 and b >= 0 else html).text()


def _read_page(html: str) -> PageView:
    from ..html.tree import parse
    from .prose import read_prose

    a = html.find(OPEN)
    b = html.find(CLOSE, a + len(OPEN)) if a >= 0 else -1
    has_region = a >= 0 and b >= 0
    body_html = html[:a] + html[b:] if has_region else html
    ledger_html = html[a + len(OPEN):b] if has_region else ""
    body, ledger = parse(body_html), parse(ledger_html)
    view = PageView(has_region, False)
    for el in ledger.iter():
        if "ledger" in el.classes:
            view.has_ledger = True
            if el.attrs.get("data-scope") == "cited":
                view.subset = True
        ident = el.attrs.get("id") or ""
        if ident:
            view.anchors.add(ident)
        if el.tag == "li" and "ledger-entry" in el.classes and ident.startswith("c-"):
            if any("ledger" in p.classes for p in el.ancestors()) and ident[2:] not in view.entries:
                view.entries[ident[2:]] = el.attrs.get("value") or ""
        elif el.tag == "img":
            view.ledger_images.append(_image(el))
    # lines of the body after the cut ledger region are lines of the page further down
    cut = html.count("\n", 0, a) + 1 if has_region else 0
    removed = html.count("\n", a, b) if has_region else 0
    for el in body.iter():
        attrs = el.attrs
        if attrs.get("id"):
            view.anchors.add(attrs["id"])
        if el.tag == "a" and (attrs.get("href") or "").startswith("#c-"):
            view.links.append(attrs["href"][3:])
        elif el.tag == "a" and (attrs.get("href") or "").startswith("#h-"):
            view.history_links.append(attrs["href"][3:])
        elif el.tag == "a" and (attrs.get("href") or "").strip() and not attrs["href"].strip().startswith("#"):
            # a web link, or one sb render never writes (relative, file:, mailto:, ...): the gate reads both
            view.outside.append((el.line + removed if has_region and el.line > cut else el.line, attrs["href"].strip()))
        elif el.tag == "sup" and "ref" in el.classes:
            view.sup_refs.extend(_ref_links(el))
        elif el.tag == "img":
            view.images.append(_image(el))
        if "mark-legend" in el.classes:
            view.legends += 1
        if "data-claim" in attrs:
            view.blocks.append(_block(el))
    view.legends += sum("mark-legend" in el.classes for el in ledger.iter())
    shown = body.text()
    view.text, view.body_chars = shown + "\n" + ledger.text(), len(shown)
    view.prose = read_prose(body, ledger, line_of=lambda n: n + removed if has_region and n > cut else n,
                            ledger_line0=html.count("\n", 0, a + len(OPEN)) + 1 if has_region else 1)
    return view


def _block(el: Element) -> Block:
    marks: set[str] = set()
    refs: list[tuple[str, str]] = []
    history: list[str] = []
    for d in _own_elements(el):
        marks.update(c for c in d.classes if c.startswith("m-"))
        if d.tag == "sup" and "ref" in d.classes:
            refs.extend(_ref_links(d))
        if d.tag == "a" and (d.attrs.get("href") or "").startswith("#h-"):
            history.append(d.attrs["href"][3:])
    # its own class, or a wrapper's that names no claim: a block nested in another claim's
    # history item is that item's, not history itself
    as_history = "history" in el.classes
    for a in el.ancestors():
        if "data-claim" in a.attrs:
            break
        if "history" in a.classes:
            as_history = True
            break
    return Block(el.line, (el.attrs.get("data-claim") or "").split(), marks, refs, history, as_history,
                 _tails(el))


def _image(el: Element) -> Image:
    near = [a for _, a in zip(range(3), el.ancestors(), strict=False)]
    return Image(el.line, dict(el.attrs),
                 "data-claim" in el.attrs or any("data-claim" in a.attrs for a in near))
