"""Find the main content of a page: drop page furniture, score paragraphs, pick the article.

The scoring follows the readability family of extractors: each paragraph-like block of 25+
characters scores 1 + its commas + one point per 100 characters (at most 3); the score flows to
its parent in full, its grandparent by half and further ancestors by less. A container's score is
cut by its link density (menus and link rails are mostly link text), class and id *words* weigh
it up (``article``, ``content``) or down (``comment``, ``sidebar``), and the best container plus
its good siblings is the article. Words are matched whole after splitting class and id on spaces,
``-``, ``_`` and camelCase, so ``commentary`` is not ``comment``. No element holding most of the
page's text is ever dropped for its name or tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .html_blocks import BLOCKS, HEADINGS, SILENT, is_data_table
from .htmltree import Element, Text

# Dropped in every pass (unless the element holds most of the page's text).
STRONG_WORDS = frozenset(
    "nav navbar navigation navlinks menu menubar submenu megamenu breadcrumb breadcrumbs cookie "
    "cookies consent gdpr share shares sharing sharebar social comment comments commentlist disqus "
    "subscribe subscription newsletter signup related recommended recommendations recirc "
    "recirculation outbrain taboola ad ads advert adverts advertisement advertising adslot sponsor "
    "sponsored promo promotion promotions popup modal footer skip trending popular paywall "
    "login signin".split())
# Dropped in the first, strict pass only.
WEAK_WORDS = frozenset(
    "sidebar sidenav header masthead banner meta byline author tags tag widget widgets extra "
    "rss pagination pager toolbar tools supplemental community remark replies shoutbox "
    "skyscraper".split())
POSITIVE_WORDS = frozenset(
    "article articlebody body content entry hentry main post story text blog prose richtext "
    "page column".split())
NEGATIVE_WORDS = STRONG_WORDS | WEAK_WORDS | frozenset(
    "hidden combx contact foot footnote media scroll shopping tool caption credit".split())
STRONG_TAGS = frozenset({"nav", "footer"})
WEAK_TAGS = frozenset({"aside", "header", "form", "fieldset"})
DROP_ROLES = frozenset(
    "navigation banner contentinfo complementary dialog alertdialog menu menubar search "
    "toolbar".split())
PROTECTED = frozenset({"html", "body", "article", "main"})
_TAG_BASE = {"div": 5, "pre": 3, "td": 3, "blockquote": 3, "address": -3, "ol": -3, "ul": -3,
             "dl": -3, "dd": -3, "dt": -3, "li": -3, "form": -3, "th": -5}
_SCORED = frozenset({"p", "pre", "td"})
_CLEANED = frozenset({"form", "fieldset", "table", "ul", "ol", "div", "section", "aside", "header",
                      "footer", "figure"})
_COMMAS = re.compile("[,\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32\uff0c\u3001]")
_SENTENCE_END = re.compile(r"[.!?。]( |$)")
_SPLIT = re.compile(r"[\s\-_:.,/]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)

# Indexes of the per-element measurement vector.
TEXT, LINK, COMMAS, P, IMG, LI, INPUT, EMBED, HEAD, LIST = range(10)


@dataclass(frozen=True)
class Pass:
    strict: bool = True  # drop elements named with the weak words too
    weigh_classes: bool = True
    clean: bool = True  # conditional clean-up of the chosen content


_word_cache: dict[str, frozenset] = {}


def words(el: Element) -> frozenset:
    """The lower-cased words of an element's class and id."""
    return words_of((el.attrs.get("class") or "") + " " + (el.attrs.get("id") or ""))


def words_of(raw: str) -> frozenset:
    got = _word_cache.get(raw)
    if got is None:
        out = set()
        for part in _SPLIT.split(raw):
            for w in _CAMEL.sub(" ", part).split():
                out.add(w.lower().rstrip("0123456789"))
        if len(_word_cache) > 50000:
            _word_cache.clear()
        got = _word_cache[raw] = frozenset(out)
    return got


def class_weight(el: Element) -> int:
    """+25 for each of class and id that names content, -25 for each that names furniture."""
    weight = 0
    for name in ("class", "id"):
        ws = words_of(el.attrs.get(name) or "")
        if ws & NEGATIVE_WORDS:
            weight -= 25
        if ws & POSITIVE_WORDS:
            weight += 25
    return weight


def is_hidden(el: Element) -> bool:
    a = el.attrs
    if "hidden" in a or (a.get("aria-hidden") or "").lower() == "true":
        return True
    style = a.get("style")
    return bool(style and _HIDDEN_STYLE.search(style))


def _children(el: Element, skip: set[int]) -> list[Element]:
    return [c for c in el.children if isinstance(c, Element) and id(c) not in skip and c.tag not in SILENT]


def measure(root: Element, skip: set[int]) -> dict[int, list[int]]:
    """Per kept element: text, link text, commas, and counts of p, img, li, input, embed,
    heading text and list text (all below it)."""
    order: list[Element] = []
    stack = [root]
    while stack:
        el = stack.pop()
        order.append(el)
        stack.extend(_children(el, skip))
    stats: dict[int, list[int]] = {}
    for el in reversed(order):  # children before their parents
        v = [0] * 10
        for ch in el.children:
            if isinstance(ch, Text):
                d = ch.data
                if not d.isspace():
                    v[TEXT] += len(" ".join(d.split()))
                    v[COMMAS] += len(_COMMAS.findall(d))
            else:
                tag = ch.tag
                if tag == "img":
                    v[IMG] += 1
                elif tag in ("input", "select", "textarea"):
                    v[INPUT] += 1
                elif tag in ("embed", "object", "iframe"):
                    v[EMBED] += 1
                s = stats.get(id(ch))
                if s is not None:
                    for i in range(10):
                        v[i] += s[i]
        tag = el.tag
        if tag == "a":
            v[LINK] = v[TEXT]
        elif tag == "p":
            v[P] += 1
        elif tag == "li":
            v[LI] += 1
        elif tag in HEADINGS:
            v[HEAD] = v[TEXT]
        elif tag in ("ul", "ol"):
            v[LIST] = v[TEXT]
        stats[id(el)] = v
    return stats


def link_density(v: list[int]) -> float:
    return v[LINK] / v[TEXT] if v[TEXT] else 0.0


def furniture(body: Element, skip: set[int], strict: bool) -> set[int]:
    """Elements to drop for their tag, role or class/id words, sparing any that holds most of
    the page's text (a wrapper named ``sidebar`` around the article is still the article)."""
    stats = measure(body, skip)
    total = stats[id(body)][TEXT] or 1
    drop: set[int] = set()
    stack = _children(body, skip)
    while stack:
        el = stack.pop()
        if el.tag not in PROTECTED and _is_furniture(el, strict) and stats[id(el)][TEXT] * 2 < total:
            drop.add(id(el))
            continue
        stack.extend(_children(el, skip))
    return drop


def _is_furniture(el: Element, strict: bool) -> bool:
    tag = el.tag
    if tag in STRONG_TAGS or (strict and tag in WEAK_TAGS):
        return True
    role = (el.attrs.get("role") or "").lower()
    if role in DROP_ROLES:
        return True
    ws = words(el)
    if not ws:
        return False
    if ws & STRONG_WORDS:
        return True
    return strict and bool(ws & WEAK_WORDS) and not (ws & POSITIVE_WORDS)


def _has_block_child(el: Element, skip: set[int]) -> bool:
    return any(c.tag in BLOCKS for c in _children(el, skip))


def choose(body: Element, skip: set[int], how: Pass) -> list[Element]:
    """The elements holding the article, in document order."""
    stats = measure(body, skip)
    stop = body.parent  # scores never flow above the body
    scores: dict[int, float] = {}
    elements: dict[int, Element] = {}

    def init(el: Element) -> None:
        scores[id(el)] = _TAG_BASE.get(el.tag, -5 if el.tag in HEADINGS else 0) + (
            class_weight(el) if how.weigh_classes else 0)
        elements[id(el)] = el

    def add(el: Element, text_len: int, commas: int) -> None:
        if text_len < 25:
            return
        score = 1 + commas + min(text_len // 100, 3)
        level = 0
        node: Element | None = el
        while node is not None and level < 5 and node is not stop:
            if id(node) not in scores:
                init(node)
            scores[id(node)] += score if level == 0 else score / 2 if level == 1 else score / (level * 3)
            node = node.parent
            level += 1

    stack = [body]
    while stack:
        el = stack.pop()
        kids = _children(el, skip)
        stack.extend(kids)
        if el.parent is None:
            continue
        v = stats[id(el)]
        if el.tag in _SCORED or (el.tag in ("div", "section", "article") and not _has_block_child(el, skip)):
            add(el.parent, v[TEXT], v[COMMAS])
        elif el.tag in BLOCKS and el.tag not in HEADINGS:
            # Inline text sitting directly in a container counts as a paragraph of it.
            t, c = _inline_text(el, skip, stats)
            if t >= 25:
                add(el, t, c)
    if not scores:
        return [body]
    for key, el in elements.items():
        scores[key] *= 1 - link_density(stats[id(el)])
    ranked = sorted(elements.values(), key=lambda e: -scores[id(e)])  # stable: document order on ties
    top = ranked[0]
    top_score = scores[id(top)]
    top = _common_parent_of_alternatives(top, ranked, scores, body)
    top = _climb(top, scores, body, skip)
    if id(top) not in scores:
        init(top)
    return _with_siblings(top, scores, stats, skip, body)


def _inline_text(el: Element, skip: set[int], stats: dict[int, list[int]]) -> tuple[int, int]:
    t = c = 0
    for ch in el.children:
        if isinstance(ch, Text):
            if not ch.data.isspace():
                t += len(" ".join(ch.data.split()))
                c += len(_COMMAS.findall(ch.data))
        elif ch.tag not in BLOCKS and id(ch) in stats:
            t += stats[id(ch)][TEXT]
            c += stats[id(ch)][COMMAS]
    return t, c


def _common_parent_of_alternatives(top: Element, ranked: list[Element], scores: dict[int, float],
                                   body: Element) -> Element:
    best = scores[id(top)]
    if best <= 0:
        return top
    alts = [e for e in ranked[1:5] if scores[id(e)] / best >= 0.75]
    if len(alts) < 3:
        return top
    alt_ancestors = [set(map(id, a.ancestors())) | {id(a)} for a in alts]
    parent = top.parent
    while parent is not None and parent is not body:
        if sum(1 for anc in alt_ancestors if id(parent) in anc) >= 3:
            return parent
        parent = parent.parent
    return top


def _climb(top: Element, scores: dict[int, float], body: Element, skip: set[int]) -> Element:
    last = scores.get(id(top), 0.0)
    threshold = last / 3
    parent = top.parent
    while parent is not None and parent is not body and parent.tag != "#document":
        if id(parent) not in scores:
            parent = parent.parent
            continue
        ps = scores[id(parent)]
        if ps < threshold:
            break
        if ps > last:
            top = parent
            break
        last = ps
        parent = parent.parent
    parent = top.parent
    while parent is not None and parent is not body and parent.tag != "#document" and len(_children(parent, skip)) == 1:
        top = parent
        parent = top.parent
    return top


def _with_siblings(top: Element, scores: dict[int, float], stats: dict[int, list[int]], skip: set[int],
                   body: Element) -> list[Element]:
    parent = top.parent
    if parent is None or top is body:
        return [top]
    top_score = scores[id(top)]
    threshold = max(10.0, top_score * 0.2)
    out = []
    for sib in _children(parent, skip):
        if sib is top:
            out.append(sib)
            continue
        bonus = top_score * 0.2 if sib.attrs.get("class") and sib.attrs.get("class") == top.attrs.get("class") else 0
        if id(sib) in scores and scores[id(sib)] + bonus >= threshold:
            out.append(sib)
        elif sib.tag == "p" or (sib.tag == "div" and not _has_block_child(sib, skip)):
            v = stats[id(sib)]
            ld = link_density(v)
            if v[TEXT] > 80 and ld < 0.25:
                out.append(sib)
            elif 0 < v[TEXT] <= 80 and ld == 0 and _SENTENCE_END.search(sib.text().strip()):
                out.append(sib)
    return out


def clean(roots: list[Element], skip: set[int], how: Pass) -> set[int]:
    """Readability's conditional clean-up inside the chosen content: containers that look like
    link lists, image galleries, forms or tiny fragments go. Inner ones are judged first."""
    drop: set[int] = set()
    for root in roots:
        stats = measure(root, skip)
        order: list[Element] = []
        stack = _children(root, skip)
        while stack:
            el = stack.pop()
            order.append(el)
            stack.extend(_children(el, skip))
        for el in reversed(order):
            if el.tag not in _CLEANED or _inside_dropped(el, drop, root):
                continue
            if _should_drop(el, stats[id(el)], how):
                drop.add(id(el))
                v = stats[id(el)]
                for anc in el.ancestors():
                    s = stats.get(id(anc))
                    if s is None:
                        break
                    for i in range(10):
                        s[i] -= v[i]
                    if anc is root:
                        break
    return drop


def _inside_dropped(el: Element, drop: set[int], root: Element) -> bool:
    for anc in el.ancestors():
        if anc is root:
            return False
        if id(anc) in drop:
            return True
    return False


def _should_drop(el: Element, v: list[int], how: Pass) -> bool:
    if el.tag == "table" and is_data_table(el):
        return False
    if any(a.tag in ("pre", "code") for a in el.ancestors()):
        return False
    weight = class_weight(el) if how.weigh_classes else 0
    if weight < 0:
        return True
    if v[COMMAS] >= 10:
        return False
    text = v[TEXT]
    p, img, li, inputs, embeds = v[P], v[IMG], v[LI] - 100, v[INPUT], v[EMBED]
    is_list = el.tag in ("ul", "ol") or (text > 0 and v[LIST] / text > 0.9)
    in_figure = el.tag == "figure" or any(a.tag == "figure" for a in el.ancestors())
    heading_density = v[HEAD] / text if text else 0.0
    ld = link_density(v)
    return bool(
        (img > 1 and p / img < 0.5 and not in_figure)
        or (not is_list and li > p)
        or (inputs > p // 3)
        or (not is_list and heading_density < 0.9 and text < 25 and (img == 0 or img > 2) and not in_figure)
        or (not is_list and weight < 25 and ld > 0.2)
        or (weight >= 25 and ld > 0.5)
        or ((embeds == 1 and text < 75) or embeds > 1))
