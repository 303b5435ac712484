"""Page metadata: title, author, publisher, publication date, language and canonical URL; and for
the reader, the byline, publisher, published and modified dates with the tag each came from
(``byline_from``, ``published_from``, ...; see ``dates`` for how conflicting dates are kept).

Taken from ``<title>``, ``<meta>`` tags, Open Graph, JSON-LD (``@graph`` included),
``<html lang>`` and ``<link rel=canonical>``. The most specific source wins: JSON-LD and Open
Graph describe the article, ``<title>`` often carries the site name too. A value that is absent
is ``None``; the publication date is ``YYYY-MM-DD`` whenever it can be read as a date.
"""

from __future__ import annotations

import json
import re
from itertools import compress, repeat
from operator import attrgetter, contains

from ...base.patterns import lazy
from .blocks import absolute_http
from .dates import BYLINE_META, MODIFIED_META, PUBLISHED_META, settle
from .tree import Document, Element

KEYS = ("title", "author", "publisher", "published_at", "lang", "canonical_url")
# For the reader: each value with the tag that stated it (stored on the source as they are).
READER_KEYS = ("byline", "byline_from", "publisher_from", "published", "published_from", "modified",
               "modified_from", "dates_note")
_ARTICLE_TYPES = ("article", "posting", "report", "news", "blog", "creativework")
_MONTHS = {m: i for i, m in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_ISO = lazy(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")
_DOTTED = lazy(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\D|$)")  # 10.12.2022: day first, where dots are used
_COMPACT = lazy(r"^(\d{4})(\d{2})(\d{2})(?:\D|$)")
_DMY_NAME = lazy(r"(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,})\.?,?\s+(\d{4})")
_MDY_NAME = lazy(r"([A-Za-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})")
_LANG = lazy(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")


_WANTED = frozenset({"meta", "link", "script", "time", "title", "html", "h1", "h2"})
_tag, _attrs = attrgetter("tag"), attrgetter("attrs")


# What a parse should pick out for ``page_meta`` as it reads (``parse_lean(keep=, keep_attr=)``).
GATHER_TAGS, GATHER_ATTR = _WANTED, "itemprop"


def _gather(doc: Document) -> dict[str, list[Element]]:
    """The elements metadata comes from, by tag, plus ``itemprop`` holders, in document order."""
    out: dict[str, list[Element]] = {t: [] for t in _WANTED}
    if doc.kept is not None:  # picked out while the page was read (perhaps with others)
        props = out["itemprop"] = []
        for el in doc.kept:
            if el.tag in _WANTED:
                out[el.tag].append(el)
            elif GATHER_ATTR in el.attrs:
                props.append(el)
        return out
    elements = doc.elements  # the root element holds no metadata
    # The few elements wanted, picked out in C (no Python step per element of the page).
    for el in compress(elements, map(_WANTED.__contains__, map(_tag, elements))):
        out[el.tag].append(el)
    out["itemprop"] = [el for el in compress(elements, map(contains, map(_attrs, elements), repeat("itemprop")))
                       if el.tag not in _WANTED]
    return out


def page_meta(doc: Document, base: str | None, text: str = "") -> dict:
    """The page's metadata; ``text`` (the extracted main content) supplies the main heading that
    replaces a generic ``<title>``."""
    found = _gather(doc)
    origin: dict[str, str] = {}
    metas = _meta_tags(found, origin)
    ld = _json_ld(found["script"])

    def first(*values: object) -> str | None:
        for v in values:
            if isinstance(v, str):
                v = " ".join(v.split())
                if v:
                    return v[:500]
        return None

    title_el = found["title"][0] if found["title"] else None
    title = first(metas.get("og:title"), ld.get("headline"), metas.get("twitter:title"))
    if title is None:
        tag_title = first(title_el.text() if title_el is not None else None)
        site = [metas.get("og:site_name"), metas.get("application-name"), ld.get("publisher")]
        site += [link.get("title") for link in found["link"]
                 if set((link.get("rel") or "").lower().split()) & {"home", "start", "up", "contents", "top"}]
        title = first(_main_heading(text, found) if generic_title(tag_title, site) else None, tag_title)
    author = first(ld.get("author"), _not_url(metas.get("author")), _not_url(metas.get("article:author")),
                   metas.get("parsely-author"), metas.get("dc.creator"), metas.get("sailthru.author"))
    publisher = first(metas.get("og:site_name"), ld.get("publisher"), metas.get("application-name"))
    html_el = found["html"][0] if found["html"] else None
    lang = first(html_el.get("lang") if html_el is not None else None, metas.get("content-language"),
                 metas.get("og:locale"), ld.get("inLanguage"))
    canonical = None
    for link in found["link"]:
        if "canonical" in (link.get("rel") or "").lower().split():
            canonical = absolute_http(link.get("href"), base)
            if canonical:
                break
    if canonical is None:
        canonical = absolute_http(metas.get("og:url"), base)
    out = {
        "title": title,
        "author": author,
        "publisher": publisher,
        "published_at": None,
        "lang": _lang(lang),
        "canonical_url": canonical,
    }
    out.update(reader_meta(found, metas, origin, ld))
    out["published_at"] = out["published"]  # one reading of the date: never a guess among several
    return out


def reader_meta(found: dict[str, list[Element]], metas: dict[str, str], origin: dict[str, str],
                ld: dict[str, str]) -> dict:
    """Byline, publisher, published and modified dates, each with the tag that stated it."""
    out: dict = {}

    def claims(ld_key: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
        got = [(ld[ld_key], f"json-ld {ld_key}")] if ld.get(ld_key) else []
        got += [(metas[n], origin.get(n, f"meta {n}")) for n in names if metas.get(n)]
        return got

    published = claims("datePublished", PUBLISHED_META)
    if not published:  # <time> elements only when no tag names the publication date
        times = [t for t in found["time"] if t.get("datetime") and "itemprop" not in t.attrs]
        marked = [t for t in times if "pubdate" in t.attrs]
        published = [(t.get("datetime") or "", "time datetime") for t in (marked or times)]
    notes = []
    for key, got in (("published", published), ("modified", claims("dateModified", MODIFIED_META))):
        day, tag, note = settle(got, normalize_date)
        out[key], out[key + "_from"] = day, tag
        if note:
            notes.append(f"{key}: {note}")
    out["dates_note"] = "; ".join(notes) or None
    byline = [(ld["author"], "json-ld author")] if ld.get("author") else []
    byline += [(metas[n], origin.get(n, f"meta {n}")) for n in BYLINE_META if _not_url(metas.get(n))]
    for el in found["itemprop"]:
        if "author" in (el.get("itemprop") or "").lower().split():
            name = " ".join(el.text().split())
            if 0 < len(name) <= 100:
                byline.append((name, "itemprop author"))
    out["byline"], out["byline_from"] = (" ".join(byline[0][0].split())[:300], byline[0][1]) if byline else (None, None)
    publisher = [(metas[n], origin[n]) for n in ("og:site_name",) if metas.get(n)]
    publisher += [(ld["publisher"], "json-ld publisher")] if ld.get("publisher") else []
    publisher += [(metas[n], origin[n]) for n in ("application-name",) if metas.get(n)]
    out["publisher_from"] = publisher[0][1] if publisher else None
    return out


GENERIC_TITLES = frozenset("home homepage home page index untitled untitled document document page start "
                           "welcome main page new page default title".split(" "))
_GENERIC_PHRASES = frozenset({"home page", "untitled document", "main page", "new page", "default title"})
_HEADING = lazy(r"^#{1,2} +(.+?) *$", re.M)


def generic_title(title: str | None, site_names: list) -> bool:
    """A ``<title>`` that names the site or nothing rather than the page: empty, a word such as
    "Home" or "Untitled", or the site's name (``og:site_name``, the title of the page's
    ``<link rel=home|start|up>``: a DocBook chapter titled with its book's name)."""
    if not title:
        return True
    t = " ".join(title.lower().split())
    if t in GENERIC_TITLES or t in _GENERIC_PHRASES:
        return True
    return any(isinstance(n, str) and " ".join(n.lower().split()) == t for n in site_names)


def _main_heading(text: str, found: dict[str, list[Element]]) -> str | None:
    """The first heading of the extracted text, else of the document."""
    m = _HEADING.search(text or "")
    if m and m.group(1).strip("# "):
        return m.group(1)
    for tag in ("h1", "h2"):
        for el in found.get(tag, ()):
            words = " ".join(el.text().split())
            if words:
                return words
    return None


def _not_url(v: str | None) -> str | None:
    return None if v is None or "://" in v or v.startswith("/") else v


def _lang(v: str | None) -> str | None:
    if not v:
        return None
    v = v.strip().split(",")[0].strip()
    if not _LANG.match(v):
        return None
    parts = v.replace("_", "-").split("-")
    return "-".join([parts[0].lower()] + [p.upper() if len(p) == 2 else p for p in parts[1:]])


def _meta_tags(found: dict[str, list[Element]], origin: dict[str, str] | None = None) -> dict[str, str]:
    """First value of every ``<meta name|property|itemprop|http-equiv=... content=...>``;
    ``origin`` gets the tag each value came from (``meta property=article:published_time``)."""
    out: dict[str, str] = {}
    where = origin if origin is not None else {}
    for m in found["meta"]:
        a = m.attrs
        content = a.get("content")
        if content is None:
            continue
        for attr in ("property", "name", "itemprop", "http-equiv"):
            key = (a.get(attr) or "").strip().lower()
            if key and key not in out and content.strip():
                out[key] = content.strip()
                where[key] = f"meta {attr}={key}"
    for el in found["itemprop"] + found["time"]:  # microdata (itemprop="datePublished" etc.)
        prop = el.attrs.get("itemprop")
        if prop:
            key = prop.strip().lower()
            value = el.get("content") or el.get("datetime")
            if value and key not in out:
                out[key] = value.strip()
                where[key] = f"{el.tag} itemprop={prop.strip()}"
    return out


def _json_ld(scripts: list[Element]) -> dict[str, str]:
    """headline, author, publisher, datePublished, inLanguage from the article-like JSON-LD item."""
    items: list[dict] = []
    for s in scripts:
        if (s.get("type") or "").strip().lower() != "application/ld+json":
            continue
        raw = "".join(c.data for c in s.children if not isinstance(c, Element)).strip()
        raw = raw.removeprefix("<!--").removesuffix("-->").strip()
        try:
            data = json.loads(raw)
        except ValueError:
            continue
        _collect(data, items, 0)
    if not items:
        return {}
    item = next((i for i in items if _is_article(i)), items[0])
    out: dict[str, str] = {}
    for key in ("headline", "datePublished", "dateModified", "inLanguage"):
        v = item.get(key)
        if isinstance(v, str):
            out[key] = v
    names = _names(item.get("author"))
    if names:
        out["author"] = ", ".join(names)
    publisher = _names(item.get("publisher"))
    if publisher:
        out["publisher"] = publisher[0]
    return out


def _collect(data: object, items: list[dict], depth: int) -> None:
    if depth > 4:
        return
    if isinstance(data, list):
        for d in data:
            _collect(d, items, depth + 1)
    elif isinstance(data, dict):
        if "@type" in data:
            items.append(data)
        if "@graph" in data:
            _collect(data["@graph"], items, depth + 1)


def _is_article(item: dict) -> bool:
    t = item.get("@type")
    types = t if isinstance(t, list) else [t]
    return any(isinstance(x, str) and any(a in x.lower() for a in _ARTICLE_TYPES) for x in types)


def _names(v: object) -> list[str]:
    out: list[str] = []
    for x in v if isinstance(v, list) else [v]:
        name = x.get("name") if isinstance(x, dict) else x
        if isinstance(name, str) and name.strip() and "://" not in name:
            name = " ".join(name.split())
            if name not in out:
                out.append(name)
    return out


def normalize_date(raw: str) -> str:
    """``YYYY-MM-DD`` when the text reads as a date, else the text as given."""
    s = raw.strip()
    m = _ISO.search(s) or _COMPACT.match(s)
    if m:
        return _ymd(int(m.group(1)), int(m.group(2)), int(m.group(3))) or s
    m = _DOTTED.match(s)
    if m:
        return _ymd(int(m.group(3)), int(m.group(2)), int(m.group(1))) or s
    # email.utils reads RFC 2822 dates with this very function; its own imports (sockets, MIME
    # charsets) cost more than most pages' metadata, so only the date reader is imported, and here
    from email._parseaddr import parsedate

    t = parsedate(s)
    if t:
        return _ymd(t[0], t[1], t[2]) or s
    m = _DMY_NAME.search(s)
    if m and m.group(2)[:3].lower() in _MONTHS:
        return _ymd(int(m.group(3)), _MONTHS[m.group(2)[:3].lower()], int(m.group(1))) or s
    m = _MDY_NAME.search(s)
    if m and m.group(1)[:3].lower() in _MONTHS:
        return _ymd(int(m.group(3)), _MONTHS[m.group(1)[:3].lower()], int(m.group(2))) or s
    return s


def _ymd(y: int, m: int, d: int) -> str | None:
    if 1000 <= y <= 9999 and 1 <= m <= 12 and 1 <= d <= 31:
        return f"{y:04d}-{m:02d}-{d:02d}"
    return None
