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
from collections.abc import Iterator
from itertools import repeat
from operator import attrgetter

from ...base.patterns import lazy
from ...base.record import TupleRecord
from .blocks import BLOCKS, HEADINGS, SILENT, is_data_table, silent
from .names import words, words_of
from .tree import COMMAS as _COMMAS
from .tree import Document, Element, Text, text_measure

# Dropped in every pass (unless the element holds most of the page's text).
STRONG_WORDS = frozenset(
    "nav navbar navigation navlinks menu menubar submenu megamenu breadcrumb breadcrumbs cookie "
    "cookies consent gdpr share shares sharing sharebar social comment comments commentlist disqus "
    "subscribe subscription newsletter signup related recommended recommendations recirc "
    "recirculation outbrain taboola ad ads advert adverts advertisement advertising adslot sponsor "
    "sponsored promo promotion promotions popup modal footer skip trending popular paywall "
    "login signin copyright tooltip popover hovercard".split())
# Dropped in the first, strict pass only.
WEAK_WORDS = frozenset(
    "sidebar sidenav header masthead banner meta byline byl author authors timestamp dateline "
    "tags tag widget widgets extra "
    "rss pagination pager toolbar tools supplemental community remark replies shoutbox "
    "skyscraper".split())
POSITIVE_WORDS = frozenset(
    "article articlebody body content entry hentry main post story text blog prose richtext "
    "page column".split())
NEGATIVE_WORDS = STRONG_WORDS | WEAK_WORDS | frozenset(
    "combx contact foot footnote media scroll shopping tool caption credit".split())
STRONG_TAGS = frozenset({"nav", "footer"})
WEAK_TAGS = frozenset({"aside", "header", "form", "fieldset"})
DROP_ROLES = frozenset(
    "navigation banner contentinfo complementary dialog alertdialog menu menubar search "
    "toolbar".split())
PROTECTED = frozenset({"html", "body", "article", "main"})
# Words naming furniture that is links and buttons by nature (menus, share bars, tag clouds): an
# element so named that holds running prose is a wrapper of the article ("entry share-enabled"),
# not the furniture itself.
LINK_WORDS = frozenset(
    "nav navbar navigation navlinks menu menubar submenu megamenu breadcrumb breadcrumbs share "
    "shares sharing sharebar social sidebar sidenav header masthead banner toolbar tools widget "
    "widgets tags tag extra".split())
WRAPPER_PROSE = 500  # characters of running text with few links that no link furniture holds
WRAPPER_LINK_DENSITY = 0.2
_FURNITURE_TAGS = STRONG_TAGS | WEAK_TAGS
# A weak word beside one of these names a container of the content ("main-sidebar-content").
CONTAINER_WORDS = frozenset({"content", "main", "article", "articlebody", "body"})
EMBED_WORDS = frozenset({"embed", "embedded", "tweet"})
SIBLING_TEXT = 300
# A container after the article that opens with a rule and holds at most half of the
# article's text is what the page sets after it (a note about the publisher), not the article.
RULED_SHARE = 2
ITEM_PROSE = 40  # characters a list item holds on average to count as a paragraph beside a picture
# Prose beside the chosen content's container joins it when it adds at most this share of its
# text, looked for this many levels up.
GROW_SHARE = 0.25
GROW_LEVELS = 3
P_LINK_DENSITY = 0.75
LIST_LINK_DENSITY = 0.5
_TAG_BASE = {"div": 5, "pre": 3, "td": 3, "blockquote": 3, "address": -3, "ol": -3, "ul": -3,
             "dl": -3, "dd": -3, "dt": -3, "li": -3, "form": -3, "th": -5}
_SCORED = frozenset({"p", "pre", "td"})
_HEADER_PARTS = frozenset({"h1", "figure", "figcaption", "img", "picture"})  # a page header or a picture
_TABLE_PARTS = frozenset({"tr", "td", "th", "tbody", "thead", "tfoot"})
_CLEANED = frozenset({"form", "fieldset", "table", "ul", "ol", "div", "section", "aside", "header",
                      "footer", "figure", "p"})
_tag = attrgetter("tag")
_SENTENCE_END = lazy(r"[.!?。]( |$)")
_HIDDEN_STYLE = lazy(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)

# What an <img>, a form field or an embed adds to its parent's packed media count.
_MEDIA = {"img": 1, "input": 1000, "select": 1000, "textarea": 1000, "embed": 10**6, "object": 10**6,
          "iframe": 10**6}

# Indexes of the per-element measurement vector.
TEXT, LINK, COMMAS, P, IMG, LI, INPUT, EMBED, HEAD, LIST = range(10)


class Pass(TupleRecord):
    strict: bool = True  # drop elements named with the weak words too
    weigh_classes: bool = True
    clean: bool = True  # conditional clean-up of the chosen content


def class_weight(el: Element) -> int:
    """+25 for each of class and id that names content, -25 for each that names furniture."""
    weight = 0
    for name in ("class", "id"):
        ws = words_of(el.attrs.get(name) or "")
        if ws & NEGATIVE_WORDS and not ws & EMBED_WORDS:
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


def _holds_blocks(el: Element) -> bool:
    return any(type(c) is Element and (c.tag in BLOCKS or "-" in c.tag) for c in el.children)


class Page:
    """The visible elements under the body in document order, measured once.

    Hidden elements and elements that never hold reading text are left out (``hidden`` holds
    the ids of the hidden ones, for the renderer). Measurements with a set of dropped elements
    are sums over this list, so each pass costs one linear sweep.
    """

    def __init__(self, body: Element, doc: Document | None = None):
        self.body = body
        self.elems: list[Element] = []
        self.parent: list[int] = []
        self.hidden: set[int] = set()
        if doc is not None and doc.measures is not None:
            self._from_build(body, doc)
        else:
            self._walk(body)
        elems, parents = self.elems, self.parent
        # A custom element (a name with a hyphen: a web or framework component) holding blocks
        # is measured as the container it is used as, a <div>; one inside a line stays inline.
        tags = self.tags = list(map(_tag, elems))
        if any("-" in tag for tag in set(tags)):  # the page has custom elements: look at each
            for i, tag in enumerate(tags):
                if "-" in tag and _holds_blocks(elems[i]):
                    tags[i] = "div"
        end = self.end = list(range(1, len(elems) + 1))  # one past each element's last descendant
        for i in range(len(elems) - 1, 0, -1):
            p = parents[i]
            if end[i] > end[p]:
                end[p] = end[i]
        self.index = dict(zip(map(id, elems), range(len(elems)), strict=True))
        self._whole: Measure | None = None
        self._measured: tuple[frozenset[int], list[bool], Measure] | None = None
        self._inside: tuple[list[bool], list[bool]] | None = None
        self.furniture: dict[bool, frozenset[int]] = {}  # by strictness: each pass asks again
        self.judged: dict[bool, dict[int, bool]] = {}  # by strictness: elements judged one by one

    def _from_build(self, body: Element, doc: Document) -> None:
        """The same lists as ``_walk``, from the measures ``parse_lean`` took while it read the
        page: its elements are in document order, so one sweep over those in the body does."""
        assert doc.measures is not None
        text_len, text_commas, remeasure = doc.measures
        elems, parents, hidden = self.elems, self.parent, self.hidden
        len_get, commas_get = text_len.get, text_commas.get
        media_of = _MEDIA.get
        elements = doc.elements
        b = body.n
        elems.append(body)
        parents.append(-1)
        media: dict[int, int] = {}  # img / input / embed children, packed as img + 1000*input + 10**6*embed
        where = [0]  # by element number less b: its number on the page, or -1 when left out
        for el in elements[b + 1:]:
            p = el.parent.n  # type: ignore[union-attr]
            if p < b:  # the first element after the body's last descendant
                break
            pi = where[p - b]
            if pi < 0:  # inside a left-out element
                where.append(-1)
                continue
            tag = el.tag
            if tag in SILENT and silent(el):
                media[pi] = media.get(pi, 0) + media_of(tag, 0)
                where.append(-1)
                continue
            a = el.attrs
            if a and ("hidden" in a or "aria-hidden" in a or "style" in a) and is_hidden(el):
                hidden.add(id(el))
                where.append(-1)
                continue
            where.append(len(elems))
            elems.append(el)
            parents.append(pi)
        own_text = list(map(len_get, elems, repeat(0)))
        own_commas = list(map(commas_get, elems, repeat(0)))
        own_media = [0] * len(elems)
        for i, m in media.items():
            own_media[i] = m
        # Text that reached an element another way than alone is measured again; an element's
        # place on the page is found by its number (``where``), not by a sweep of the page.
        kept = len(where)
        for el in remeasure:
            k = el.n - b
            if 0 <= k < kept and where[k] >= 0:
                t = c = 0
                for ch in el.children:
                    if type(ch) is Text:
                        tl, cl = text_measure(ch.data)  # type: ignore[union-attr]
                        t += tl
                        c += cl
                i = where[k]
                own_text[i], own_commas[i] = t, c
        self.own_text, self.own_commas, self.own_media = own_text, own_commas, own_media

    def _walk(self, body: Element) -> None:
        own_text: list[int] = []
        own_commas: list[int] = []
        own_media: list[int] = []  # img / input / embed children, packed as img + 1000*input + 10**6*embed
        elems, parents, hidden = self.elems, self.parent, self.hidden
        commas_in = _COMMAS.findall
        stack: list[Element] = [body]
        stack_parent: list[int] = [-1]  # the number of each stacked element's parent
        while stack:
            el = stack.pop()
            i = len(elems)
            elems.append(el)
            parents.append(stack_parent.pop())
            t = c = media = 0
            kids: list[Element] = []
            for ch in el.children:
                if isinstance(ch, Text):  # narrows the rest to Element (no call to cast)
                    d = ch.data
                    if not d.isspace():
                        d = d.strip()
                        # the usual text: printable, so its only white space is single spaces
                        t += len(d) if "  " not in d and d.isprintable() else len(" ".join(d.split()))
                        if "," in d or not d.isascii():
                            c += len(commas_in(d))
                    continue
                tag = ch.tag
                if tag in SILENT and silent(ch):
                    media += _MEDIA.get(tag, 0)
                    continue
                a = ch.attrs
                if a and ("hidden" in a or "aria-hidden" in a or "style" in a) and is_hidden(ch):
                    hidden.add(id(ch))
                    continue
                kids.append(ch)
            own_text.append(t)
            own_commas.append(c)
            own_media.append(media)
            if kids:
                kids.reverse()
                stack += kids
                stack_parent += [i] * len(kids)
        self.own_text, self.own_commas, self.own_media = own_text, own_commas, own_media

    def measured(self, skip: set[int] | frozenset[int]) -> tuple[list[bool], Measure]:
        """``alive(skip)`` and its measures; the last answer is kept (choosing and cleaning ask
        for the same dropped set in turn)."""
        key = frozenset(skip)
        if self._measured is None or self._measured[0] != key:
            alive = self.alive(skip)
            self._measured = (key, alive, self.measure(alive))
        return self._measured[1], self._measured[2]

    def alive(self, skip: set[int] | frozenset[int]) -> list[bool]:
        """For each element: neither it nor an ancestor is dropped."""
        out = [True] * len(self.elems)
        index, end = self.index, self.end
        for key in skip:
            i = index.get(key)
            if i is not None:  # a dropped element and its descendants, which follow it
                out[i:end[i]] = [False] * (end[i] - i)
        return out

    def children(self, i: int) -> Iterator[int]:
        """The numbers of element ``i``'s children: each one's subtree ends where the next starts."""
        c, stop, end = i + 1, self.end[i], self.end
        while c < stop:
            yield c
            c = end[c]

    def inside(self) -> tuple[list[bool], list[bool]]:
        """For each element: inside <pre>/<code> (where nothing is judged), and inside a
        <figure> (where images are expected)."""
        if self._inside is None:
            n, parent, tags = len(self.elems), self.parent, self.tags
            in_code = [False] * n
            in_figure = [False] * n
            # Nothing before the first <pre>, <code> or <figure> is inside one.
            first = min((tags.index(t) for t in ("pre", "code", "figure") if t in tags), default=n)
            for i in range(max(1, first), n):
                p = parent[i]
                in_code[i] = in_code[p] or tags[p] in ("pre", "code")
                in_figure[i] = in_figure[p] or tags[i] == "figure"
            self._inside = (in_code, in_figure)
        return self._inside

    def whole(self) -> Measure:
        """The measures with nothing dropped."""
        if self._whole is None:
            self._whole = self.measure([True] * len(self.elems))
        return self._whole

    def measure(self, alive: list[bool]) -> Measure:
        n = len(self.elems)
        text = self.own_text[:]
        link = [0] * n
        commas = self.own_commas[:]
        inline = self.own_text[:]  # text not inside a block child: the element's own paragraph
        block_child = [False] * n
        blocks = BLOCKS
        # From the last element to the second (the first, the body, has nothing to pass up),
        # each with its tag, parent and whether it is kept, without indexing per element.
        for i, tag, p, live in zip(range(n - 1, 0, -1), reversed(self.tags), reversed(self.parent),
                                   reversed(alive), strict=False):
            if not live:
                continue
            t = text[i]
            if tag in blocks:
                block_child[p] = True
                if not t:  # no text, so no link text and no commas to pass up either
                    continue
                text[p] += t
                if link[i]:
                    link[p] += link[i]
            else:
                if not t:
                    continue
                text[p] += t
                inline[p] += t
                if tag == "a":
                    link[i] = t
                    link[p] += t
                elif link[i]:
                    link[p] += link[i]
            c = commas[i]
            if c:
                commas[p] += c
        return Measure(text, link, commas, inline, block_child)


class Measure(TupleRecord):
    text: list[int]
    link: list[int]
    commas: list[int]
    inline: list[int]
    block_child: list[bool]

    def link_density(self, i: int) -> float:
        return self.link[i] / self.text[i] if self.text[i] else 0.0


def furniture(page: Page, strict: bool) -> frozenset[int]:
    """Elements to drop for their tag, role or class/id words, sparing any that holds most of
    the page's text (a wrapper named ``sidebar`` around the article is still the article)."""
    got = page.furniture.get(strict)
    if got is None:
        got = page.furniture[strict] = frozenset(_furniture(page, strict))
    return got


def _furniture(page: Page, strict: bool) -> set[int]:
    whole = page.whole()
    text, link, commas = whole.text, whole.link, whole.commas
    total = text[0] or 1
    drop: set[int] = set()
    elems, end, n = page.elems, page.end, len(page.elems)
    i = 1
    while i < n:
        t = text[i]
        if t * 2 < total:
            el = elems[i]
            tag, a = el.tag, el.attrs
            # Only its tag, role, class or id can make an element furniture.
            if (tag in _FURNITURE_TAGS or a and ("class" in a or "id" in a or "role" in a)) and tag not in PROTECTED:
                prose = t >= WRAPPER_PROSE and link[i] < WRAPPER_LINK_DENSITY * t and commas[i] >= 3
                if _is_furniture(el, strict, prose):
                    drop.add(id(el))
                    i = end[i]  # its descendants go with it
                    continue
        i += 1
    return drop


def in_furniture(page: Page, i: int, strict: bool) -> bool:
    """Whether element ``i`` or an ancestor is furniture as :func:`furniture` finds it, for a
    caller asking of a few elements: only they and their ancestors are judged (remembered)."""
    got = page.furniture.get(strict)
    parent = page.parent
    if got is not None:
        elems = page.elems
        while i > 0:
            if id(elems[i]) in got:
                return True
            i = parent[i]
        return False
    memo = page.judged.setdefault(strict, {})
    whole = page.whole()
    text, link, commas = whole.text, whole.link, whole.commas
    total = text[0] or 1
    while i > 0:
        dropped = memo.get(i)
        if dropped is None:
            dropped = False
            t = text[i]
            if t * 2 < total:  # the test _furniture makes, element by element
                el = page.elems[i]
                tag, a = el.tag, el.attrs
                if (tag in _FURNITURE_TAGS or a and ("class" in a or "id" in a or "role" in a)) and tag not in PROTECTED:
                    prose = t >= WRAPPER_PROSE and link[i] < WRAPPER_LINK_DENSITY * t and commas[i] >= 3
                    dropped = _is_furniture(el, strict, prose)
            memo[i] = dropped
        if dropped:
            return True
        i = parent[i]
    return False


def is_named_furniture(el: Element) -> bool:
    """Class or id words name furniture, strict pass (bylines, dates and tags included)."""
    ws = words(el)
    return bool(ws & (STRONG_WORDS | WEAK_WORDS)) and not ws & EMBED_WORDS


def _is_furniture(el: Element, strict: bool, prose: bool = False) -> bool:
    tag = el.tag
    if tag in STRONG_TAGS or (strict and tag in WEAK_TAGS):
        return True
    a = el.attrs
    if "role" in a and a["role"].lower() in DROP_ROLES:
        return True
    if "class" not in a and "id" not in a:
        return False
    ws = words(el)
    if ws & EMBED_WORDS:  # a post embedded in the article ("social-media-embed") is quoted content
        return False
    if prose and not (ws & (STRONG_WORDS | WEAK_WORDS) - LINK_WORDS):
        return False
    if ws & STRONG_WORDS:
        return True
    return strict and bool(ws & WEAK_WORDS) and not (ws & CONTAINER_WORDS)


def choose(page: Page, skip: set[int], how: Pass) -> list[Element]:
    """The elements holding the article, in document order."""
    alive, m = page.measured(skip)
    elems, parent, tags = page.elems, page.parent, page.tags
    scores: dict[int, float] = {}  # element index -> score

    def init(i: int) -> None:
        el = elems[i]
        scores[i] = _TAG_BASE.get(el.tag, -5 if el.tag in HEADINGS else 0) + (
            class_weight(el) if how.weigh_classes else 0)

    def add(i: int, text_len: int, commas: int) -> None:
        score = 1 + commas + min(text_len // 100, 3)
        level = 0
        while i >= 0 and level < 5:
            if i not in scores:
                init(i)
            scores[i] += score if level == 0 else score / 2 if level == 1 else score / (level * 3)
            i = parent[i]
            level += 1

    for i in range(1, len(elems)):
        if not alive[i]:
            continue
        tag = tags[i]
        if tag in _SCORED or (tag in ("div", "section", "article") and not m.block_child[i]):
            if m.text[i] >= 25:
                add(parent[i], m.text[i], m.commas[i])
        elif tag in BLOCKS and tag not in HEADINGS and m.inline[i] >= 25:
            # Inline text sitting directly in a container counts as a paragraph of it.
            add(i, m.inline[i], page.own_commas[i])
    if not scores:
        return [page.body]
    for i in scores:
        scores[i] *= 1 - m.link_density(i)
    ranked = sorted(scores, key=lambda i: (-scores[i], i))
    top = _common_parent_of_alternatives(ranked, scores, parent)
    top = _climb(top, scores, page, alive)
    if top not in scores:
        init(top)
    chosen = _with_siblings(top, scores, m, page, alive)
    # Prose set apart by the page's layout (an intro in a box of its own above the body): the
    # children before it of a container a few levels up join when they hold running text with few
    # links and add little beside what was chosen.
    cur, kept = parent[top], sum(m.text[i] for i in chosen)  # top's siblings were judged
    for _ in range(GROW_LEVELS):
        p = parent[cur] if cur > 0 else -1
        if p <= 0:
            break
        adds = [c for c in page.children(p) if c < cur and alive[c]
                and m.text[c] >= SIBLING_TEXT and m.link_density(c) < 0.15
                and not any(t in _HEADER_PARTS for t in page.tags[c:page.end[c]])]
        extra = sum(m.text[c] for c in adds)
        if extra > GROW_SHARE * kept:
            break
        chosen = sorted(set(chosen) | set(adds))
        kept += extra
        cur = p
    return [elems[i] for i in chosen]


def _common_parent_of_alternatives(ranked: list[int], scores: dict[int, float], parent: list[int]) -> int:
    top = ranked[0]
    best = scores[top]
    if best <= 0:
        return top
    alts = [i for i in ranked[1:5] if scores[i] / best >= 0.75]
    if len(alts) < 3:
        return top
    lines = []
    for a in alts:
        chain = set()
        while a >= 0:
            chain.add(a)
            a = parent[a]
        lines.append(chain)
    p = parent[top]
    while p > 0:
        if sum(1 for chain in lines if p in chain) >= 3:
            return p
        p = parent[p]
    return top


def _climb(top: int, scores: dict[int, float], page: Page, alive: list[bool]) -> int:
    parent, tags = page.parent, page.tags
    # A row of a table, or a cell of a data table, is never the article by itself (a list of
    # signatories, comma after comma, outscores the letter above it): the table is, with what
    # stands beside it. A cell of a table used for layout may well be.
    if tags[top] in _TABLE_PARTS:
        t = top
        while t > 0 and tags[t] != "table":
            t = parent[t]
        if t > 0 and (tags[top] not in ("td", "th") or is_data_table(page.elems[t])):
            top = t
    last = scores.get(top, 0.0)
    threshold = last / 3
    p = parent[top]
    while p > 0:
        if p not in scores:
            p = parent[p]
            continue
        if scores[p] < threshold:
            break
        if scores[p] > last:
            top = p
            break
        last = scores[p]
        p = parent[p]
    # An only child: take the wrapper.
    while top > 0 and parent[top] > 0 and sum(alive[c] for c in page.children(parent[top])) == 1:
        top = parent[top]
    return top


def _with_siblings(top: int, scores: dict[int, float], m: Measure, page: Page, alive: list[bool]) -> list[int]:
    if top == 0:
        return [0]
    p = page.parent[top]
    top_score = scores[top]
    top_class = page.elems[top].attrs.get("class")
    threshold = max(10.0, top_score * 0.2)
    out = []
    for i in page.children(p):
        if not alive[i]:
            continue
        if i == top:
            out.append(i)
            continue
        sib = page.elems[i]
        if i > top and m.text[i] * RULED_SHARE <= m.text[top] and _opens_with_rule(sib):
            continue  # set apart from the article by a rule: what the page adds after it
        bonus = top_score * 0.2 if top_class and sib.attrs.get("class") == top_class else 0
        if i in scores and scores[i] + bonus >= threshold:
            out.append(i)
        elif m.text[i] >= SIBLING_TEXT and m.link_density(i) < 0.15:
            out.append(i)  # an article split in several containers (between figures, asides)
        elif sib.tag == "p" or (sib.tag == "div" and not m.block_child[i]):
            ld = m.link_density(i)
            if m.text[i] > 80 and ld < 0.25:
                out.append(i)
            elif 0 < m.text[i] <= 80 and ld == 0 and _SENTENCE_END.search(sib.text().strip()):
                out.append(i)
    return out


def _opens_with_rule(el: Element) -> bool:
    """The first thing in ``el``, white space aside, is a horizontal rule (``<div><hr><p>``)."""
    while True:
        first = next((c for c in el.children if type(c) is not Text or not c.data.isspace()), None)  # type: ignore[union-attr]
        if type(first) is not Element:
            return False
        if first.tag == "hr":  # type: ignore[union-attr]
            return True
        el = first  # type: ignore[assignment]


def clean(page: Page, roots: list[Element], skip: set[int], how: Pass) -> set[int]:
    """Readability's conditional clean-up inside the chosen content: containers that look like
    link lists, image galleries, forms or tiny fragments go. One bottom-up sweep: each element
    is judged on what is left below it once its own descendants were judged."""
    drop: set[int] = set()
    alive, measured = page.measured(skip)
    elems, parent, tags = page.elems, page.parent, page.tags
    in_code, in_figure = page.inside()
    before = measured.text  # each element's text before anything below it went
    tables = _data_table_text(page, roots, alive, before)
    totals: dict[int, list[int]] = {}
    # an element holding more than this of the chosen content's text is the content
    most = sum(before[page.index[id(root)]] for root in roots) / 2
    own_media, own_text, own_commas = page.own_media, page.own_text, page.own_commas
    for root in roots:
        r = page.index[id(root)]
        vec: dict[int, list[int]] = {}
        for i in range(page.end[r] - 1, r - 1, -1):
            media = own_media[i]
            v = vec.pop(i, None) or [0] * 10
            if media:
                v[IMG] += media % 1000
                v[INPUT] += (media // 1000) % 1000
                v[EMBED] += media // 1000000
            if alive[i]:
                v[TEXT] += own_text[i]
                v[COMMAS] += own_commas[i]
                tag = tags[i]
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
                if (i != r and tag in _CLEANED and not in_code[i] and before[i] <= most
                        and tables.get(i, 0) * 2 < before[i] and _should_drop(elems[i], v, how, in_figure[i])):
                    drop.add(id(elems[i]))
                    v = _inputs_only(v)
            else:  # a dropped form still tells that its container is a sign-up or search box
                v = _inputs_only(v)
            if i == r:
                totals[r] = v
                break
            pv = vec.get(parent[i])
            if pv is None:
                vec[parent[i]] = v
            else:
                for k in range(10):
                    pv[k] += v[k]
    # Siblings taken in beside the article are judged whole too (a sign-up box next to it).
    main = max(roots, key=lambda e: totals[page.index[id(e)]][TEXT])
    for root in roots:
        r = page.index[id(root)]
        if root is not main and root.tag in _CLEANED and _should_drop(root, totals[r], how, in_figure[r]):
            drop.add(id(root))
    return drop


def _data_table_text(page: Page, roots: list[Element], alive: list[bool], text: list[int]) -> dict[int, int]:
    """For elements in ``roots`` that hold a data table: the text of the tables they hold. A
    wrapper (a ``<figure>`` or scroll box) of a data table is judged as the table is: kept."""
    out: dict[int, int] = {}
    parent = page.parent
    for root in roots:
        r = page.index[id(root)]
        for i in range(r, page.end[r]):
            if page.tags[i] == "table" and alive[i] and text[i] and is_data_table(page.elems[i]):
                a = parent[i]
                while a >= r:
                    out[a] = out.get(a, 0) + text[i]
                    a = parent[a]
    return out


def _inputs_only(v: list[int]) -> list[int]:
    """What a removed element still contributes to its container: its form inputs."""
    out = [0] * 10
    out[INPUT] = v[INPUT]
    return out


def _should_drop(el: Element, v: list[int], how: Pass, in_figure: bool) -> bool:
    if el.tag == "table" and is_data_table(el):
        return False
    if words(el) & EMBED_WORDS:
        return False
    if el.tag == "p":  # a paragraph that is nothing but links points elsewhere ("see also")
        return v[TEXT] > 0 and v[LINK] / v[TEXT] > P_LINK_DENSITY
    weight = class_weight(el) if how.weigh_classes else 0
    if weight < 0:
        return True
    if v[COMMAS] >= 10:
        return False
    text = v[TEXT]
    p, img, li, inputs, embeds = v[P], v[IMG], v[LI] - 100, v[INPUT], v[EMBED]
    is_list = el.tag in ("ul", "ol") or (text > 0 and v[LIST] / text > 0.9)
    heading_density = v[HEAD] / text if text else 0.0
    ld = v[LINK] / text if text else 0.0
    # In a list, the items are its paragraphs: steps of a recipe with a picture each, a list of
    # ingredients beside a servings field (a gallery's items, a line of caption, are not).
    items = v[LI] if is_list else 0
    steps = items if items and text >= ITEM_PROSE * items else 0
    return bool(
        (img > 1 and (p + steps) / img < 0.5 and not in_figure)
        or (not is_list and li > p)
        or (inputs > (p + items) // 3)
        or (not is_list and heading_density < 0.9 and text < 25 and (img == 0 or img > 2) and not in_figure)
        or (not is_list and weight < 25 and ld > 0.2)
        or (is_list and weight < 25 and ld > LIST_LINK_DENSITY)  # a rail of links to other pages
        or (weight >= 25 and ld > 0.5)
        or ((embeds == 1 and text < 75) or embeds > 1))
