"""The standfirst: the sentence under the headline that sums the story up, kept as the opening.

Pages often set the headline and its standfirst (an ``h2``/``h3`` or a paragraph) in a header
apart from the article's body, so the body scores best and the standfirst is left out, though
it is often the sentence a reader quotes. It is found by position: after the page's last ``h1``
before the chosen content, in the little text between that headline and the content, the first
block of running text (a sentence, few links, not named as a byline, date or other furniture).
"""

from __future__ import annotations

from .blocks import BLOCKS, HEADINGS
from .captions import is_caption
from .score import Page, in_furniture, is_named_furniture
from .tree import Element

LEAD_TAGS = frozenset({"h2", "h3", "h4", "p", "div"})
STANDFIRST_MIN = 40  # characters: shorter lines under a headline are bylines, dates, kickers
STANDFIRST_MAX = 600
GAP_CHARS = 300  # more text than this between headline and standfirst: it is not right under it
LOOK_BACK = 400  # elements looked through before the content for its headline


def standfirst(page: Page, roots: list[Element]) -> Element | None:
    if not roots:
        return None
    r0 = page.index.get(id(roots[0]))
    if not r0:
        return None
    tags, end = page.tags, page.end
    h = next((i for i in range(r0 - 1, max(0, r0 - LOOK_BACK), -1) if tags[i] == "h1"), None)
    if h is None or end[h] > r0:
        return None
    # Furniture of the loose pass, asked of the few elements looked at (not judged page-wide).
    if in_furniture(page, h, False):
        return None
    m = page.whole()
    gap = 0
    i = end[h]
    while i < r0:
        if end[i] > r0:  # an ancestor of the content: look inside it
            i += 1
            continue
        if in_furniture(page, i, False):
            i = end[i]
            continue
        el = page.elems[i]
        text = m.text[i]
        if (tags[i] in LEAD_TAGS and STANDFIRST_MIN <= text <= STANDFIRST_MAX
                and not _has_block_child(page, i) and m.link[i] < 0.2 * text
                and _sentence(el.text()) and not _named(el)):
            return el
        gap += page.own_text[i]
        if gap > GAP_CHARS:
            return None
        i += 1
    return None


def _sentence(text: str) -> bool:
    """Running text: several words, mostly letters (not a date line or a list of names)."""
    words = text.split()
    if len(words) < 6:
        return False
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    return digits * 8 < letters and "|" not in text


def _has_block_child(page: Page, i: int) -> bool:
    return any(page.tags[c] in BLOCKS and page.tags[c] not in HEADINGS or page.tags[c] == "p"
               for c in page.children(i))


def _named(el: Element) -> bool:
    """Named as furniture (a byline, a date line, a share bar) by its own or a parent's words, or
    the caption of a picture."""
    node: Element | None = el
    for _ in range(3):
        if node is None:
            break
        if (node.attrs and is_named_furniture(node)) or is_caption(node) or node.tag == "figure":
            return True
        node = node.parent
    return False
