"""Captions and credits of images: which elements they are, and how the canonical text marks them.

A caption is written as a fenced block of its own (the fenced-div form of Markdown extensions)::

    ::: caption
    The river at dawn. Photo: A. Writer
    :::

so it never reads as prose between two paragraphs, and a quote can be said to come from a
caption (:func:`caption_spans`). What is a caption is told by structure and by the standard
vocabulary of markup: ``<figcaption>``, the text beside an image inside a ``<figure>``, an element
whose class or id names a caption or credit, and a small block holding an image and a line of
text and nothing else.
"""

from __future__ import annotations

import re

from ...base.patterns import hot
from .names import words
from .tree import Element, Text

CAPTION_OPEN = "::: caption"
CAPTION_CLOSE = ":::"
CAPTION_WORDS = frozenset({"caption", "captions", "figcaption", "credit", "credits", "photocredit"})
# Text beside an image longer than this is an article's paragraph, not a caption.
CAPTION_CHARS = 300
_MEDIA = frozenset({"img", "picture", "video", "svg"})
_BLOCKY = frozenset("div section article ul ol table blockquote pre h1 h2 h3 h4 h5 h6 figure".split())
_SPAN = hot(r"^::: caption\n(.*?)\n:::$", re.M | re.S)


def is_caption(el: Element) -> bool:
    tag = el.tag
    if tag == "figcaption":
        return True
    a = el.attrs
    if a and ("class" in a or "id" in a):
        if words(el) & CAPTION_WORDS and _short(el):
            return True
    if tag in ("figure", "div"):
        return _image_with_line(el, tag == "figure")
    return False


def _short(el: Element) -> bool:
    return len(" ".join(el.text().split())) <= CAPTION_CHARS


def _image_with_line(el: Element, figure: bool) -> bool:
    """An image and a short line of text, with no paragraph, list or table beside them."""
    has_media = False
    chars = budget = 0
    stack = list(el.children)
    while stack:
        budget += 1
        if budget > 60:  # a small block has few nodes: a big one is not looked through
            return False
        node = stack.pop()
        if isinstance(node, Text):
            chars += len(node.data.strip())
            if chars > CAPTION_CHARS:
                return False
            continue
        t = node.tag
        if t in _MEDIA:
            has_media = True
            continue
        if t in ("script", "style", "noscript", "template"):
            continue
        if t in _BLOCKY and not figure:
            return False
        if t in ("blockquote", "table", "pre", "ul", "ol") or t in ("h1", "h2", "h3", "h4", "h5", "h6"):
            return False
        stack.extend(node.children)
    return has_media and chars > 0


def caption_spans(text: str) -> list[tuple[int, int]]:
    """Offsets of each caption's text (between its fences) in a canonical text."""
    return [(m.start(1), m.end(1)) for m in _SPAN.finditer(text)]


def in_caption(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` lies inside a caption block."""
    return any(a <= start and end <= b for a, b in caption_spans(text))
