"""Teaser lists and story feeds inside the chosen content, told by their structure.

A list of other stories is a run of items that each start with a link (a headline pointing
elsewhere), usually with a line of summary and a "Read more" under it. Inside the chosen
content, a container is such a list when at least ``MIN_ITEMS`` of its children, and most of
those holding text, are link-headed items of modest length, and either the links are set as
headings (``<h3><a>``: headlines) or the list stands after the article's last paragraph of
prose (a list of resources in the middle of an article is content). Words of class names play
no part.
"""

from __future__ import annotations

from .blocks import BLOCKS
from .score import Page

MIN_ITEMS = 3
ITEM_MAX = 600  # characters: a longer item is an article's section, not a teaser
HEADLINE_MIN = 12  # characters of link text that make a headline
PROSE_PARAGRAPH = 80  # characters of a paragraph of the article's own prose (few links)
_CONTAINERS = frozenset({"div", "ul", "ol", "section", "aside", "dl", "table", "tbody"})
_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
LEAD_IN_CHARS = 30  # a lead-in ("Read also:") this short, of at most LEAD_IN_WORDS words
LEAD_IN_WORDS = 4
HEADLINE_WORDS = 4  # words of link text that make the pointed-to story's headline
_POINTER_BLOCKS = frozenset({"p", "div"}) | _HEADINGS
CARD_LINKS = 0.9  # share of a card's text that is link text
CARD_TEXT = 1000  # characters a card holds at most (a name and a few headlines)
CARD_ELEMENTS = 60  # elements a card holds at most


def teaser_lists(page: Page, roots: list, skip: set[int]) -> set[int]:
    """Ids of the containers in ``roots`` that are lists of teasers."""
    alive = page.alive(skip)
    m = page.whole()
    tags, parent, own = page.tags, page.parent, page.own_text
    drop: set[int] = set()
    for root in roots:
        r = page.index.get(id(root))
        if r is None:
            continue
        prose = _prose_paragraphs(page, r, alive)
        i = r
        while i < page.end[r]:
            if not alive[i] or tags[i] not in _CONTAINERS:
                i += 1
                continue
            kids = [c for c in page.children(i) if alive[c] and m.text[c]]
            if len(kids) >= MIN_ITEMS:
                heads = [_headline(page, c, alive, own, parent) for c in kids if m.text[c] <= ITEM_MAX]
                linked = [h for h in heads if h]
                if (len(linked) >= MIN_ITEMS and len(linked) * 3 >= len(kids) * 2
                        and m.text[i] * 2 < m.text[r]):  # never most of the content (a listicle)
                    as_headings = sum(1 for h in linked if h == "heading") * 2 >= len(linked)
                    after_end = not any(p >= page.end[i] for p in prose) and any(p < i for p in prose)
                    if as_headings or after_end:
                        drop.add(id(page.elems[i]))
                        i = page.end[i]
                        continue
            i += 1
        drop |= _pointers(page, r, alive)
        drop |= _cards(page, r, alive)
    return drop


def _cards(page: Page, r: int, alive: list[bool]) -> set[int]:
    """Ids of the cards under ``r`` that a link in a sentence opens when pointed at: an inline
    element inside a paragraph, right after that link, holding a picture and two or more links
    and no text but theirs (a person's photo and their latest stories). The link stays."""
    m = page.whole()
    tags, parent, end, media = page.tags, page.parent, page.end, page.own_media
    out: set[int] = set()
    i = r + 1
    while i < end[r]:
        p = parent[i]
        if (alive[i] and tags[i] not in BLOCKS and tags[i] != "a" and 0 < m.text[i] <= CARD_TEXT
                and end[i] - i <= CARD_ELEMENTS  # a card is small: each is looked through once at most
                and m.link[i] >= CARD_LINKS * m.text[i] and i - 1 > p and tags[i - 1] == "a"
                and parent[i - 1] == p and end[i - 1] == i  # the link just before it, with no children
                and sum(1 for a in range(i, end[i]) if tags[a] == "a") >= 2
                and any(media[a] % 1000 for a in range(i, end[i])) and _in_paragraph(page, p, r)):
            out.add(id(page.elems[i]))
            i = end[i]
            continue
        i += 1
    return out


def _in_paragraph(page: Page, i: int, r: int) -> bool:
    while i >= r:
        if page.tags[i] == "p":
            return True
        i = page.parent[i]
    return False


def _pointers(page: Page, r: int, alive: list[bool]) -> set[int]:
    """Ids of the blocks under ``r`` that are a lead-in and one headline link to another page."""
    m = page.whole()
    tags, elems = page.tags, page.elems
    out: set[int] = set()
    for i in range(r + 1, page.end[r]):
        if (tags[i] not in _POINTER_BLOCKS or not alive[i] or m.block_child[i] or not m.link[i]
                or m.text[i] - m.link[i] > LEAD_IN_CHARS):
            continue
        links = [a for a in range(i + 1, page.end[i]) if tags[a] == "a"]
        if len(links) != 1 or m.text[links[0]] != m.link[i]:
            continue
        link = elems[links[0]]
        href = (link.attrs.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:", "mailto:")):
            continue
        headline = " ".join(link.text().split())
        whole = " ".join(elems[i].text().split())
        lead = whole[: len(whole) - len(headline)].strip() if whole.endswith(headline) else ""
        if (lead.endswith(":") and len(lead.split()) <= LEAD_IN_WORDS
                and len(headline.split()) >= HEADLINE_WORDS):
            out.add(id(elems[i]))
    return out


def _headline(page: Page, c: int, alive: list[bool], own: list[int], parent: list[int]) -> str:
    """"heading" or "link" when item ``c`` starts with a headline link, else ""."""
    tags = page.tags
    for d in range(c, page.end[c]):
        if not alive[d] or not own[d]:
            continue
        # the first element with text of its own: is it inside a link (below the item)?
        a, in_heading = d, False
        link = None
        while a >= c:
            if tags[a] == "a":
                link = a
            if tags[a] in _HEADINGS:
                in_heading = True
            if a == c:
                break
            a = parent[a]
        if link is None:
            return ""
        text = len(" ".join(page.elems[link].text().split()))
        if text < HEADLINE_MIN:
            return ""
        return "heading" if in_heading else "link"
    return ""


def _prose_paragraphs(page: Page, r: int, alive: list[bool]) -> list[int]:
    """Indexes of the paragraphs of prose (long, few links) under ``r``."""
    m = page.whole()
    return [i for i in range(r, page.end[r]) if alive[i] and page.tags[i] == "p"
            and m.text[i] >= PROSE_PARAGRAPH and m.link[i] * 5 < m.text[i]]
