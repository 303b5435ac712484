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

from .html_blocks import Renderer, SILENT, absolute_http
from .html_meta import page_meta
from .html_score import Pass, choose, clean, furniture, is_hidden
from .htmltree import Element, parse
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
    doc = parse(html)
    base = _base_href(doc.root, base_url)
    meta = page_meta(doc, base)
    body = doc.find("body") or doc.root
    notes: list[str] = []

    hidden = _hidden(body)
    best: tuple[str, list] | None = None
    for i, how in enumerate(PASSES):
        skip = hidden | furniture(body, hidden, how.strict)
        roots = choose(body, skip, how)
        if how.clean:
            skip |= clean(roots, skip, how)
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
    text, links = _canonical(*best)
    if not text:
        notes.append("the page has no visible text")
    return HtmlResult(text=text, links=links, meta=meta, notes=notes)


def _hidden(body: Element) -> set[int]:
    out: set[int] = set()
    stack = [body]
    while stack:
        el = stack.pop()
        for c in el.children:
            if isinstance(c, Element) and c.tag not in SILENT:
                if is_hidden(c):
                    out.add(id(c))
                else:
                    stack.append(c)
    return out


def _base_href(root: Element, base_url: str | None) -> str | None:
    for b in root.iter():
        if b.tag == "base" and b.get("href"):
            resolved = absolute_http(b.get("href"), base_url)
            return resolved or base_url
    return base_url


def _canonical(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, list[dict]]:
    """Normalize the text and carry the link offsets over (NFC can shorten the text)."""
    out = normalize(text)
    lead = len(text) - len(text.lstrip("\n"))
    if out == text[lead:lead + len(out)] and len(out) >= len(text.strip("\n")):
        def where(i: int) -> int:
            return min(max(i - lead, 0), len(out))
    else:
        def where(i: int) -> int:
            return min(len(normalize(text[:i] + "x")) - 2, len(out)) if i else 0
    links = []
    for s, e, href in sorted(set(spans)):
        a, b = where(s), where(e)
        if 0 <= a < b <= len(out):
            links.append({"start": a, "end": b, "href": href})
    links.sort(key=lambda d: (d["start"], d["end"], d["href"]))
    return out, links


def is_canonical(text: str) -> bool:
    return normalize(text) == text and unicodedata.is_normalized("NFC", text)
