"""Reading an artifact page for the html gate: the ledger region, refs, blocks and marks.

The injected ledger is the part between ``<!-- SB:LEDGER -->`` and ``<!-- /SB:LEDGER -->``;
only ``li.ledger-entry`` elements inside it are ledger entries, so an ordinary ``id="c-intro"``
heading elsewhere is never mistaken for one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engines.text.htmltree import Element, parse

OPEN, CLOSE = "<!-- SB:LEDGER -->", "<!-- /SB:LEDGER -->"


@dataclass
class Block:
    el: Element
    ids: list[str]
    marks: set[str]
    refs: list[tuple[str, str]]  # (claim id, visible text) of the block's own sup.ref links


@dataclass
class PageView:
    has_region: bool
    has_ledger: bool
    subset: bool = False  # the ledger lists only the claims this page cites (data-scope="cited")
    entries: dict[str, Element] = field(default_factory=dict)  # claim id -> li.ledger-entry
    links: list[tuple[str, Element]] = field(default_factory=list)  # (#c- target, <a>) outside the ledger
    sup_refs: list[tuple[str, str]] = field(default_factory=list)  # (target, text) of every sup.ref link
    blocks: list[Block] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)  # every id attribute on the page
    text: str = ""
    legends: int = 0
    images: list[Element] = field(default_factory=list)


def _own_elements(block: Element):
    """The block and its descendants, without nested data-claim blocks or the mark legend."""
    stack = [block]
    while stack:
        el = stack.pop()
        yield el
        for c in reversed(el.children):
            if isinstance(c, Element) and "data-claim" not in c.attrs and "mark-legend" not in c.classes:
                stack.append(c)


def _ref_links(sup: Element):
    for a in sup.iter():
        href = a.attrs.get("href") or ""
        if a.tag == "a" and href.startswith("#c-"):
            yield href[3:], a.text().strip()


def read_page(html: str) -> PageView:
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
            if any("ledger" in p.classes for p in el.ancestors()):
                view.entries.setdefault(ident[2:], el)
    for el in body.iter():
        attrs = el.attrs
        if attrs.get("id"):
            view.anchors.add(attrs["id"])
        if el.tag == "a" and (attrs.get("href") or "").startswith("#c-"):
            view.links.append((attrs["href"][3:], el))
        elif el.tag == "sup" and "ref" in el.classes:
            view.sup_refs.extend(_ref_links(el))
        elif el.tag == "img":
            view.images.append(el)
        if "mark-legend" in el.classes:
            view.legends += 1
        if "data-claim" in attrs:
            view.blocks.append(_block(el))
    view.legends += sum("mark-legend" in el.classes for el in ledger.iter())
    view.text = body.text() + "\n" + ledger.text()
    return view


def _block(el: Element) -> Block:
    marks: set[str] = set()
    refs: list[tuple[str, str]] = []
    for d in _own_elements(el):
        marks.update(c for c in d.classes if c.startswith("m-"))
        if d.tag == "sup" and "ref" in d.classes:
            refs.extend(_ref_links(d))
    return Block(el, (el.attrs.get("data-claim") or "").split(), marks, refs)
