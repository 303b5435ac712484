"""struct.*: what breaks a self-contained page: remote fetches, stacking, overflow."""

from __future__ import annotations

import re

from ...base.patterns import lazy
from ...engines.css import values
from .registry import ERROR, WARN, Hit, rule, short

_SRC_TAGS = frozenset("img script iframe source video audio embed track input frame".split())
# link relations that make the browser fetch or contact the target; others (canonical,
# alternate, author, license, next, ...) are plain references, like an <a href>.
_FETCHING_RELS = frozenset("stylesheet icon shortcut apple-touch-icon apple-touch-icon-precomposed mask-icon "
                           "preload modulepreload prefetch prerender preconnect dns-prefetch manifest import "
                           "fluid-icon".split())
_EXTERNAL = lazy(r"^\s*(https?:|//|file:|ftp:)", re.I)
_REFRESH = lazy(r"^\s*\d*\.?\d*\s*[;,]?\s*(?:url\s*=\s*)?['\"]?([^'\"]*)", re.I)


def is_external(url: str) -> bool:
    return bool(_EXTERNAL.match(url or ""))


def _srcset_urls(value: str) -> list[str]:
    return [c.strip().split()[0] for c in value.split(",") if c.strip()]


def _element_refs(el) -> list[tuple[str, str]]:
    """(attribute, url) pairs by which an element makes the browser fetch something."""
    a, tag, out = el.attrs, el.tag, []
    if tag in _SRC_TAGS and a.get("src"):
        out.append(("src", a["src"]))
    if tag in ("img", "source") and a.get("srcset"):
        out.extend(("srcset", u) for u in _srcset_urls(a["srcset"]))
    if tag in ("img", "source") and a.get("imagesrcset"):
        out.extend(("imagesrcset", u) for u in _srcset_urls(a["imagesrcset"]))
    if tag == "video" and a.get("poster"):
        out.append(("poster", a["poster"]))
    if tag == "link" and a.get("href"):
        rels = set((a.get("rel") or "").lower().split())
        if rels & _FETCHING_RELS:
            out.append(("href", a["href"]))
        if a.get("imagesrcset"):
            out.extend(("imagesrcset", u) for u in _srcset_urls(a["imagesrcset"]))
    if tag == "base" and a.get("href"):  # every relative URL would then load from there
        out.append(("href", a["href"]))
    if tag == "object" and a.get("data"):
        out.append(("data", a["data"]))
    if tag in ("image", "use", "feimage", "script") and (a.get("href") or a.get("xlink:href")):
        out.append(("href", a.get("href") or a.get("xlink:href") or ""))
    if tag == "meta" and (a.get("http-equiv") or "").lower() == "refresh":
        m = _REFRESH.match(a.get("content") or "")
        if m and m.group(1):
            out.append(("http-equiv=refresh", m.group(1)))
    if tag == "form" and a.get("action"):
        out.append(("action", a["action"]))
    if tag in ("button", "input") and a.get("formaction"):
        out.append(("formaction", a["formaction"]))
    if tag in ("body", "table", "td", "th") and a.get("background"):
        out.append(("background", a["background"]))
    return out


@rule("struct.external-ref", ERROR, "anything fetched from another origin: src/srcset/poster/data of media and "
      "embeds, link rel=stylesheet/icon/preload (not canonical), SVG image/use href, meta refresh, form action, "
      "CSS @import and url() (style sheets and style attributes)",
      "An artifact must open from file:// offline, leak no reader to a third party and not change after "
      "it was verified; inline or embed what it needs.")
def external_ref(page):
    for el in page.doc.iter():
        for attr, url in _element_refs(el):
            if is_external(url):
                yield Hit(el.line, short(url), f"<{el.tag} {attr}> loads from another origin")
    for u in page.sheet.urls:
        if is_external(u.url):
            what = "@import" if u.via == "import" else "url()"
            yield Hit(u.line, short(u.url), f"CSS {what} loads from another origin")
    for u, el in page.inline_urls:
        if is_external(u.url):
            yield Hit(el.line, short(u.url), f"url() in the style attribute of <{el.tag}> loads from another origin")


@rule("struct.zindex-arbitrary", WARN, "a literal z-index of 100 or more",
      "Escalating z-index values signal a stacking fight; use a small named scale.")
def zindex_arbitrary(page):
    for r, d, v in page.decls("z-index"):
        try:
            z = int(v.strip())
        except ValueError:
            continue
        if z >= 100:
            yield Hit(d.line, short(r.selector), f"z-index: {z}")


@rule("struct.overflow-risk", WARN, "a clamp() width or max-width whose maximum exceeds the page's largest fixed "
      "max-width",
      "A fluid box that can grow wider than its container overflows on wide screens or forces sideways "
      "scrolling.")
def overflow_risk(page):
    fixed = []
    for _r, _d, v in page.decls("max-width"):
        if values.clamp_max(v) is None:
            px = values.px(v)
            if px is not None:
                fixed.append(px)
    if not fixed:
        return
    widest = max(fixed)
    for r, d, v in page.decls("width", "max-width"):
        mx = values.clamp_max(v)
        if mx is not None and mx > widest:
            yield Hit(d.line, short(r.selector), f"{d.prop} {v} can reach {mx:g}px, wider than the "
                                                 f"largest max-width {widest:g}px")


_SCRIPT_URL = lazy(r"^\s*(javascript|vbscript|livescript)\s*:|^\s*data\s*:\s*text/html", re.I)
_URL_ATTRS = ("href", "src", "action", "formaction", "xlink:href", "data", "poster", "background")


@rule("struct.script-url", ERROR, "a javascript:/vbscript: URL or an inline event-handler attribute (onclick=...)",
      "An artifact must keep every claim readable with JavaScript off and carry no code smuggled in "
      "through a source or a claim; behaviour belongs in one reviewed <script> block.")
def script_url(page):
    for el in page.doc.iter():
        for attr in _URL_ATTRS:
            value = el.attrs.get(attr)
            if value and _SCRIPT_URL.match(value):
                yield Hit(el.line, short(value), f"<{el.tag} {attr}> runs code when followed")
        for attr in el.attrs:
            if attr.startswith("on") and len(attr) > 2 and attr[2:].isalpha():
                yield Hit(el.line, short(f"{attr}={el.attrs[attr]}"), f"<{el.tag}> has an inline {attr} handler")
