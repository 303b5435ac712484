"""HTML to canonical Markdown: the main content of a page, its links and its metadata.

``extract_html(html, base_url)`` returns the reading text of the article (no menus, share or
comment widgets, related rails, cookie banners or footers), the links inside it as offsets into
that text, and the page's metadata. The text is canonical (``normalize(text) == text``), so it
can be stored as ``normalized.md`` as it is, and the same page always gives the same bytes.

Passes go from strict to loose: when the strict pass yields little text (a short page, or a page
whose article sits in oddly named markup), looser passes keep more, and the longest result wins.
"""

from __future__ import annotations

import unicodedata
from itertools import compress
from operator import attrgetter

from ...base.gc_pause import paused_gc
from ...base.record import field, record
from ..formats.extract_notes import LOSS_NOTE
from ..text.normalize import normalize
from .blocks import Renderer, absolute_http
from .lead import standfirst
from .meta import GATHER_ATTR, GATHER_TAGS, page_meta
from .score import Page, Pass, choose, clean, furniture
from .teasers import teaser_lists
from .tree import Document, parse_lean
from .trim import trim

# Below this many characters of text, the strict pass is distrusted and looser ones are tried.
ENOUGH_CHARS = 500
LOOSE_MIN_CHARS = 200  # below this, a looser pass that keeps more text wins whatever it kept
# Loss: a page with at least LOSS_MIN_CHARS of content of which the extraction kept less than
# KEPT_SHARE (letters and digits, page furniture such as menus and footers not counted).
LOSS_MIN_CHARS = 200
KEPT_SHARE = 0.34
PROSE_CHARS = 150  # kept running text of this many letters is an article, whatever else the page has
PASSES = (Pass(), Pass(strict=False), Pass(strict=False, weigh_classes=False),
          Pass(strict=False, weigh_classes=False, clean=False))


@record
class HtmlResult:
    text: str
    links: list[dict] = field(default_factory=list)
    meta: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def extract_html(html: str, base_url: str | None = None) -> HtmlResult:
    # The tree lives only for this call: no collector scans while it is in use, and it is
    # unlinked at the end so it is freed at once.
    with paused_gc():
        doc = parse_lean(html, _KEEP, GATHER_ATTR)
        try:
            return _extract(doc, base_url)
        finally:
            doc.discard()


def _extract(doc: Document, base_url: str | None) -> HtmlResult:
    base = _base_href(doc, base_url)
    body = doc.find("body") or doc.root
    notes: list[str] = []

    page = Page(body, doc)
    hidden = page.hidden
    best: tuple[str, list] | None = None
    for i, how in enumerate(PASSES):
        skip = hidden | furniture(page, how.strict)
        roots = choose(page, skip, how)
        lead = standfirst(page, roots)
        if lead is not None:
            roots = [lead] + roots
        if how.clean:
            skip |= clean(page, roots, skip, how)
            skip |= teaser_lists(page, roots, skip)
        text, links = trim(*Renderer(skip, base).render(roots))
        # A looser pass wins when it keeps more running text, not more menus and widgets
        # (what it spares by name), unless what the stricter passes kept is next to nothing.
        if best is None or len(text) > len(best[0]) and (
                len(best[0]) < LOOSE_MIN_CHARS or _prose(text) > _prose(best[0])):
            best = (text, links)
            if i:
                notes.append(f"looser extraction pass {i + 1} kept more text")
        if len(best[0]) >= ENOUGH_CHARS:
            break
    assert best is not None
    best = _admit_loss(page, best, base, notes)
    if best[0].strip() and _only_navigation(page, base):
        notes.append(f"{LOSS_NOTE} navigation: the page's only visible text is menus, headers and footers "
                     f"({_sample(best[0])}); its content may be loaded by a script: save the rendered "
                     "page, or read it and adopt its text")
        best = ("", [])
    elif not best[0].strip():
        # Nothing looked like an article: keep every visible word rather than nothing.
        best = Renderer(hidden, base).render([body])
        if best[0].strip():
            notes.append("no main content found; kept all visible text")
    text, link_list = _canonical(*best)
    if not text and not any(n.startswith(LOSS_NOTE) for n in notes):
        notes.append("the page has no visible text")
    meta = page_meta(doc, base, text)
    return HtmlResult(text=text, links=link_list, meta=meta, notes=notes)


_NAV_TAGS = frozenset({"nav", "header", "footer", "menu"})
_NAV_ROLES = frozenset({"navigation", "banner", "contentinfo", "menu", "menubar"})


def _only_navigation(page: Page, base: str | None) -> bool:
    """True when every visible word of a small page sits in navigation markup (``nav``, ``header``,
    ``footer``, ``menu`` or their ARIA roles), whatever share of the page it is: an app shell
    whose article a script would load. Cheap to ask: only pages with little text are looked at."""
    if page.whole().text[0] >= 4 * LOSS_MIN_CHARS:
        return False
    nav = {id(el) for el in page.elems[1:] if el.tag in _NAV_TAGS
           or (el.attrs.get("role") or "").lower() in _NAV_ROLES}
    return bool(nav) and not Renderer(page.hidden | nav, base).render([page.body])[0].strip()


def _alnum(text: str) -> int:
    return sum(1 for ch in text if ch.isalnum())


def _admit_loss(page: Page, best: tuple[str, list], base: str | None, notes: list[str]) -> tuple[str, list]:
    """Main-content extraction that kept a small part of the page says so.

    The page's *content* is its visible text less the furniture every pass drops by name (menus,
    footers, comment threads, share bars). When the extraction kept no running text (fewer than
    ``PROSE_CHARS`` letters in paragraphs) and under ``KEPT_SHARE`` of the content (say, a
    Prev/Next bar out of a page of lists), the content is kept instead and a note names
    what the main-content pass had dropped, so ``sb extract`` warns (W-EXTRACT-LOSS). A page whose
    only visible text is furniture gets no text and a note, so it becomes ``needs_extraction``.
    """
    whole = page.whole().text[0]
    if whole < LOSS_MIN_CHARS or len(best[0]) >= KEPT_SHARE * whole:
        return best  # the cheap measure already shows most of the page was kept
    if _prose(best[0]) >= PROSE_CHARS:
        return best  # an article beside big rails and teasers: what was kept is the reading text
    content = Renderer(page.hidden | furniture(page, strict=False), base).render([page.body])
    full, kept = _alnum(content[0]), _alnum(best[0])
    if full < LOSS_MIN_CHARS or kept >= KEPT_SHARE * full:
        return best
    dropped = _dropped(best[0], content[0])
    notes.append(f"{LOSS_NOTE} {kept} of {full} letters and digits of the page's text "
                 f"(kept: {_sample(best[0])}); dropped: {dropped}. sb kept all of the page's text instead "
                 "(menus and footers still left out): check normalized.md before citing it")
    return content


def _prose(text: str) -> int:
    """Letters and digits in paragraphs of running text (not headings, list items, table rows)."""
    n = 0
    for line in text.splitlines():
        t = line.strip()
        if len(t) >= 40 and not t.startswith(("|", "#", "- ", "* ", ">", "```")) and any(c in t for c in ".!?。,;"):
            n += _alnum(t)
    return n


def _sample(text: str, limit: int = 60) -> str:
    words = " ".join(w for w in text.replace("|", " ").replace("#", " ").split() if w.strip("-*"))
    return repr(words if len(words) <= limit else words[:limit - 1] + "…")


def _dropped(kept: str, full: str) -> str:
    """What the page holds that the main-content pass did not keep: headings and list items."""
    have = set(kept.splitlines())
    heads, items, other = [], [], 0
    for line in full.splitlines():
        if not line.strip() or line in have:
            continue
        if line.startswith("#"):
            heads.append(line.lstrip("# ").strip())
        elif line.lstrip().startswith(("- ", "* ")) or line.lstrip()[:1].isdigit() and ". " in line[:6]:
            items.append(line.strip().lstrip("-* ").strip())
        else:
            other += 1
    bits = []
    if heads:
        bits.append("heading(s) " + ", ".join(repr(h[:50]) for h in heads[:3]))
    if items:
        bits.append(f"{len(items)} list item(s) such as " + ", ".join(repr(i[:40]) for i in items[:3]))
    if other:
        bits.append(f"{other} other line(s)")
    return "; ".join(bits) or "text"


def _base_href(doc: Document, base_url: str | None) -> str | None:
    """``<base href>`` (it belongs in the head) resolved against the page's own URL."""
    head = doc.find("head")
    if head is None:
        return base_url
    # in document order: the few <base> picked out as the page was read, or else in C
    elements = doc.elements
    bases = ([el for el in doc.kept if el.tag == _BASE] if doc.kept is not None
             else compress(elements, map(_BASE.__eq__, map(_tag, elements))))
    for b in bases:
        href = b.attrs.get("href")
        if href and any(a is head for a in b.ancestors()):
            return absolute_http(href, base_url) or base_url
    return base_url


_BASE = "base"
_tag = attrgetter("tag")
_KEEP = GATHER_TAGS | {_BASE}  # the elements picked out while the page is read


def _canonical(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, list[dict]]:
    """Normalize the text and carry the link offsets over.

    The writer already emits canonical lines, so normalizing only adds the final newline, unless
    NFC composes characters (a letter and a combining accent), which shifts later offsets."""
    out = normalize(text)
    if out[:-1] == text:
        def where(i: int) -> int:
            return i
    else:
        lengths = nfc_lengths(text, [i for span in spans for i in span[:2]])

        def where(i: int) -> int:
            return lengths[i]
    links = []
    for s, e, href in sorted(set(spans)):
        a, b = where(s), min(where(e), len(out.rstrip("\n")))
        if 0 <= a < b:
            links.append({"start": a, "end": b, "href": href})
    return out, links


def nfc_lengths(text: str, positions: list[int]) -> dict[int, int]:
    """``len(unicodedata.normalize("NFC", text[:i]))`` for each ``i`` in ``positions``, in one
    pass over the text rather than one per position. A text cut just before an ASCII character
    normalizes as its two parts do (an ASCII character combines with nothing before it and no
    mark is reordered across it), so each prefix is the previous one's normalized length plus
    that of the piece between."""
    out: dict[int, int] = {}
    n = len(text)
    start = total = 0  # text[:start] normalizes to ``total`` characters; start is 0 or before ASCII
    for p in sorted(set(positions)):
        k = p
        while k > start and not (k < n and text[k] < "\x80"):
            k -= 1
        if k > start:
            total += len(unicodedata.normalize("NFC", text[start:k]))
            start = k
        out[p] = total + len(unicodedata.normalize("NFC", text[start:p]))
    return out
