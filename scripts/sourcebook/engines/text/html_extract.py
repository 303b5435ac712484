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
from dataclasses import dataclass, field

from ...base.gc_pause import paused_gc
from .html_blocks import Renderer, absolute_http
from .html_meta import page_meta
from .html_score import Page, Pass, choose, clean, furniture
from .htmltree import Document, Element, parse
from .normalize import normalize

# Below this many characters of text, the strict pass is distrusted and looser ones are tried.
ENOUGH_CHARS = 500
PASSES = (Pass(), Pass(strict=False), Pass(strict=False, weigh_classes=False),
          Pass(strict=False, weigh_classes=False, clean=False))


@dataclass
class HtmlResult:
    text: str
    links: list[dict] = field(default_factory=list)
    meta: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def extract_html(html: str, base_url: str | None = None) -> HtmlResult:
    # The tree lives only for this call: no collector scans while it is in use, and it is
    # unlinked at the end so it is freed at once.
    with paused_gc():
        doc = parse(html)
        try:
            return _extract(doc, base_url)
        finally:
            doc.discard()


def _extract(doc: Document, base_url: str | None) -> HtmlResult:
    base = _base_href(doc.find("head"), base_url)
    meta = page_meta(doc, base)
    body = doc.find("body") or doc.root
    notes: list[str] = []

    page = Page(body)
    hidden = page.hidden
    best: tuple[str, list] | None = None
    for i, how in enumerate(PASSES):
        skip = hidden | furniture(page, how.strict)
        roots = choose(page, skip, how)
        if how.clean:
            skip |= clean(page, roots, skip, how)
        text, links = Renderer(skip, base).render(roots)
        if best is None or len(text) > len(best[0]):
            best = (text, links)
            if i:
                notes.append(f"looser extraction pass {i + 1} kept more text")
        if len(best[0]) >= ENOUGH_CHARS:
            break
    assert best is not None
    if not best[0].strip():
        # Nothing looked like an article: keep every visible word rather than nothing.
        best = Renderer(hidden, base).render([body])
        if best[0].strip():
            notes.append("no main content found; kept all visible text")
    text, link_list = _canonical(*best)
    if not text:
        notes.append("the page has no visible text")
    return HtmlResult(text=text, links=link_list, meta=meta, notes=notes)


def _base_href(head: Element | None, base_url: str | None) -> str | None:
    """``<base href>`` (it belongs in the head) resolved against the page's own URL."""
    for b in head.iter() if head is not None else ():
        if b.tag == "base" and b.get("href"):
            return absolute_http(b.get("href"), base_url) or base_url
    return base_url


def _canonical(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, list[dict]]:
    """Normalize the text and carry the link offsets over.

    The writer already emits canonical lines, so normalizing only adds the final newline, unless
    NFC composes characters (a letter and a combining accent), which shifts later offsets."""
    out = normalize(text)
    if out[:-1] == text:
        def where(i: int) -> int:
            return i
    else:
        def where(i: int) -> int:
            return len(unicodedata.normalize("NFC", text[:i]))
    links = []
    for s, e, href in sorted(set(spans)):
        a, b = where(s), min(where(e), len(out.rstrip("\n")))
        if 0 <= a < b:
            links.append({"start": a, "end": b, "href": href})
    return out, links
