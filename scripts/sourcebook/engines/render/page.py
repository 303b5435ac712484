"""Template slots: fill a shipped template's named regions. Pure string work.

A template marks each region it lets sb fill with a pair of comments,
``<!-- SB:NAME -->`` and ``<!-- /SB:NAME -->`` (the ledger's pair, compatibility: the ledger in a page, is one of
them), and says where the shared stylesheet goes with ``/* SB:SHARED-CSS */`` inside its
``<style>``. Markers are kept when a region is filled, so a page can be filled again.
"""

from __future__ import annotations

import html
import re

from ...base.patterns import lazy

SHARED_CSS_MARK = "/* SB:SHARED-CSS */"
SLOTS = ("HEADING", "DEK", "TOC", "BODY", "VISUAL", "DATE", "SOURCES", "LEDGER")
_TITLE = lazy(r"<title>.*?</title>", re.S | re.I)


def open_mark(name: str) -> str:
    return f"<!-- SB:{name} -->"


def close_mark(name: str) -> str:
    return f"<!-- /SB:{name} -->"


def fill_slot(page: str, name: str, content: str) -> str:
    """Replace what lies between the markers of ``name`` (first pair); unchanged if absent."""
    start = page.find(open_mark(name))
    if start < 0:
        return page
    inner = start + len(open_mark(name))
    end = page.find(close_mark(name), inner)
    if end < 0:
        return page
    return page[:inner] + content + page[end:]


def set_slot_attr(page: str, name: str, attr: str, value: str) -> str:
    """Set an attribute on the element whose start tag comes right before the slot's opening
    marker (``<p class="dek"><!-- SB:DEK -->``); unchanged when there is none."""
    i = page.find(open_mark(name))
    j = page.rfind("<", 0, i) if i > 0 else -1
    tag = page[j:i] if j >= 0 else ""
    if not tag.endswith(">") or tag.startswith(("</", "<!")) or f" {attr}=" in tag:
        return page
    return page[:j] + tag[:-1] + f' {attr}="{html.escape(value, quote=True)}">' + page[i:]


def slot_content(page: str, name: str) -> str | None:
    start = page.find(open_mark(name))
    if start < 0:
        return None
    inner = start + len(open_mark(name))
    end = page.find(close_mark(name), inner)
    return None if end < 0 else page[inner:end]


def expand_shared_css(page: str, css: str) -> str:
    """Put the shared stylesheet where the template asks for it (once)."""
    block = css.strip("\n")
    return page.replace(SHARED_CSS_MARK, f"{SHARED_CSS_MARK}\n{block}\n/* /SB:SHARED-CSS */", 1) \
        if "/* /SB:SHARED-CSS */" not in page else page


def set_title(page: str, title: str) -> str:
    return _TITLE.sub(lambda _m: f"<title>{html.escape(title, quote=False)}</title>", page, count=1)


def sources_text(cited: int, read: int, editions: str = "") -> str:
    """What the footer says of the sources: how many the page cites, of how many were read (a
    document read in several editions counts once), and ``editions``, the editions of those it
    read in more than one (``in PDF and HTML``: see ``engines.ledger.editions.footer_counts``)."""
    note = f" ({editions})" if editions else ""
    return f"{cited} of the {read} source{'s' if read != 1 else ''} read{note}"


def fill_provenance(page: str, *, build_date: str, source_count: int, cited: int | None = None,
                    editions: str = "") -> str:
    """The footer every artifact carries: the build date, and how many sources the page cites
    of the ``source_count`` the workspace read (``cited`` None: all of them)."""
    page = fill_date(page, build_date)
    return fill_slot(page, "SOURCES", sources_text(source_count if cited is None else cited, source_count, editions))


def fill_date(page: str, build_date: str) -> str:
    """The footer's build date."""
    return fill_slot(page, "DATE", f'on <time datetime="{html.escape(build_date)}">{html.escape(build_date)}</time>')


_LEGEND_ITEM = lazy(r'\n?[ \t]*<span class="legend-item"><span class="mark (m-[a-z]+)">[^<]*</span>[^<]*</span>')


def legend_for(page: str, used: set[str]) -> str:
    """The mark legend with only the marks the page uses (one item is kept if none is used)."""
    items = list(_LEGEND_ITEM.finditer(page))
    keep = {m.group(1) for m in items if m.group(1) in used} or ({items[0].group(1)} if items else set())
    for m in reversed(items):
        if m.group(1) not in keep:
            page = page[:m.start()] + page[m.end():]
    return page


RENDERED_BY = '<meta name="generator" content="sourcebook render">'


def mark_rendered(page: str) -> str:
    """Say in the page that ``sb render`` made it (its hints and numbering follow that route)."""
    return page.replace('<meta name="generator" content="sourcebook">', RENDERED_BY, 1)
