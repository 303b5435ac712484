"""a11y.*: what keeps a page readable and usable for everyone (WCAG 2.x where it applies)."""

from __future__ import annotations

import math
import re

from ...base.patterns import hot
from ...engines.css import colors, values
from ...engines.css.paint import paint
from ...engines.css.select import parse_selector_list
from .registry import ERROR, WARN, Hit, rule, short


# ---- contrast ---------------------------------------------------------------------------------
def _large(px: float, bold: bool) -> bool:
    """WCAG large text: 18pt, or 14pt bold (points rounded up as browsers and axe do)."""
    pt = math.ceil(px * 72) / 96
    return pt >= 18 or (bold and pt >= 14)


def contrast_failures(page) -> list[tuple[str, int, str, str]]:
    """(rule id, line, snippet, detail) for each distinct failing (fg, bg, size class); computed once."""
    cached = getattr(page, "_contrast", None)
    if cached is not None:
        return cached
    comp = page.computed
    seen: set[tuple] = set()
    out: list[tuple[str, int, str, str]] = []
    ratios: dict[tuple, float] = {}  # a page has thousands of text runs but few colour pairs

    def unresolved(site: str | None) -> None:
        if site and site != "?":
            desc = comp.unresolved.get(site) or comp.pending.get(site) or site
            page.count_unresolved(site, desc)

    for run in comp.texts:
        st = run.style
        if st.color is None:
            unresolved(st.unknown.get("color"))
            continue
        fg, site = paint(st, st.color)
        bg, site2 = paint(st, None)
        if fg is None or bg is None:
            unresolved(site or site2)
            continue
        ratio = ratios.get((fg, bg))
        if ratio is None:
            ratio = ratios[(fg, bg)] = math.floor(colors.contrast(fg, bg) * 100 + 1e-9) / 100
        if ratio >= 4.5:
            continue
        font, weight = st.font, st.weight
        lo, hi = font if font is not None else (0.0, math.inf)
        bold_lo = weight is not None and weight >= 700
        bold_hi = weight is None or weight >= 700
        surely_large = font is not None and _large(lo, bold_lo)
        surely_small = font is not None and hi != math.inf and not _large(hi, bold_hi)
        if ratio >= 3.0 and not surely_small:
            if not surely_large:
                unresolved(st.unknown.get("font-size") or st.unknown.get("font-weight"))
            continue
        rid = "a11y.contrast-large" if surely_large else "a11y.contrast-body"
        key = (rid, fg.hex(), bg.hex())
        if key in seen:
            continue
        seen.add(key)
        need = "3.0" if surely_large else "4.5"
        size = f"{lo:g}px" if font is not None and lo == hi else (f"{lo:g}-{hi:g}px" if font else "an unknown size")
        out.append((rid, run.node.line, f"{fg.hex()} on {bg.hex()}",
                    f"contrast ratio {ratio:.2f}:1 at {size}, below {need}:1"))
    page._contrast = out
    return out


@rule("a11y.contrast-body", ERROR, "text below 4.5:1 contrast against the background it sits on (WCAG 1.4.3), "
      "translucent colours composited first",
      "Low-contrast body text is unreadable for many readers and in sunlight; 4.5:1 is the WCAG AA floor.")
def contrast_body(page):
    for rid, line, snip, detail in contrast_failures(page):
        if rid == "a11y.contrast-body":
            yield Hit(line, snip, detail)


@rule("a11y.contrast-large", ERROR, "large text (>= 24px, or >= 18.66px bold) below 3:1 contrast (WCAG 1.4.3)",
      "Even large type needs 3:1 against its background to be read comfortably.")
def contrast_large(page):
    for rid, line, snip, detail in contrast_failures(page):
        if rid == "a11y.contrast-large":
            yield Hit(line, snip, detail)


# ---- motion, reveal, targets ------------------------------------------------------------------
_MOTION = ("transition", "animation", "transition-duration", "animation-name")


def _reduce_ctx(conds) -> bool:
    text = " ".join(p for _, p in conds).lower()
    return "prefers-reduced-motion" in text


@rule("a11y.reduced-motion", ERROR, "animations or transitions with no prefers-reduced-motion: reduce rule",
      "Motion can trigger vestibular disorders; honour the reader's reduced-motion setting (WCAG 2.3.3).")
def reduced_motion(page):
    handled = any("prefers-reduced-motion" in " ".join(p for _, p in r.conditions).lower()
                  and "reduce" in " ".join(p for _, p in r.conditions).lower() for r in page.sheet.rules)
    handled = handled or any(_reduce_ctx(a.conditions) and "reduce" in " ".join(p for _, p in a.conditions).lower()
                             for a in page.sheet.at_rules)
    if handled:
        return
    for a in page.sheet.at_rules:
        if a.name == "keyframes" and not _reduce_ctx(a.conditions):
            yield Hit(a.line, f"@keyframes {a.prelude}", "keyframes without a reduced-motion alternative")
            return
    for r, d, v in page.decls(*_MOTION):
        if _reduce_ctx(getattr(r, "conditions", ())):
            continue
        low = v.strip().lower()
        if low in ("none", "0", "0s", "0ms", "initial", "unset", "inherit", "all 0s"):
            continue
        yield Hit(d.line, short(r.selector), f"{d.prop}: {v} without a reduced-motion alternative")
        return


def _quoted(js: str, name: str) -> bool:
    return re.search(r"""["'`]([^"'`]*\s)?""" + re.escape(name) + r"""(\s[^"'`]*)?["'`]""", js) is not None


def _hides(page, r) -> bool:
    op, _ = page.get(r, "opacity")
    vis, _ = page.get(r, "visibility")
    disp, _ = page.get(r, "display")
    return ((op or "").strip() in ("0", "0.0", "0%") or (vis or "").strip().lower() == "hidden"
            or (disp or "").strip().lower() == "none")


def _reveals(page, r) -> bool:
    op, _ = page.get(r, "opacity")
    vis, _ = page.get(r, "visibility")
    disp, _ = page.get(r, "display")
    return bool((op and op.strip() not in ("0", "0.0", "0%")) or (vis or "").strip().lower() == "visible"
                or (disp and disp.strip().lower() != "none"))


def _class_sets(selector: str) -> list[frozenset]:
    cxs = parse_selector_list(selector) or []
    return [frozenset(c for part in cx.parts for c in part.classes) for cx in cxs]


@rule("a11y.reveal-gate", ERROR, "content hidden by CSS until a script adds a class (opacity 0, visibility "
      "hidden or display none, revealed by a class the script sets)",
      "If the script fails, is blocked or never scrolls into view, the content is never shown; "
      "content must be readable with JavaScript off.")
def reveal_gate(page):
    js = page.script_text
    if not js.strip():
        return
    rules = page.sheet.rules
    hiders = [(r, s) for r in rules if _hides(page, r) for s in _class_sets(r.selector) if s]
    if not hiders:
        return
    revealers = [(r, s) for r in rules if _reveals(page, r) for s in _class_sets(r.selector) if s]
    for r, hs in hiders:
        if any(_quoted(js, c) for c in hs):
            continue  # the script itself adds the hiding class: without it nothing is hidden
        for r2, rs in revealers:
            extra = rs - hs
            if hs < rs and any(_quoted(js, c) for c in extra):
                yield Hit(r.line, short(r.selector), f"hidden until the script adds .{sorted(extra)[0]} "
                                                     f"({short(r2.selector, 40)})")
                break


_TAP_SEL = hot(r"(^|[\s,>+~(])(a|button|summary|\.btn|\.button|\[role=)(?![\w-])")


@rule("a11y.tap-target", WARN, "a link, button or summary sized below 44px in height or width",
      "Small targets are hard to hit on touch screens and for people with tremors (WCAG 2.5.5).")
def tap_target(page):
    for r in page.sheet.rules:
        if not _TAP_SEL.search(r.selector):
            continue
        for p in ("height", "min-height", "width", "min-width"):
            v, d = page.get(r, p)
            if not v:
                continue
            px = values.px(v)
            if px is not None and 0 < px < 44:
                yield Hit(d.line, short(r.selector), f"{p}: {v} is below 44px")
                break


# ---- markup --------------------------------------------------------------------------------
def _tag_snippet(el) -> str:
    attrs = " ".join(f'{k}="{v}"' if v else k for k, v in list(el.attrs.items())[:2])
    return short(f"<{el.tag}{' ' + attrs if attrs else ''}>")


@rule("a11y.img-alt", ERROR, "an <img> without an alt attribute",
      "Screen readers announce the file name instead; decorative images need alt=\"\".")
def img_alt(page):
    for el in page.doc.iter():
        if el.tag == "img" and "alt" not in el.attrs:
            yield Hit(el.line, _tag_snippet(el), "image has no alt attribute")


@rule("a11y.lang-title", ERROR, "the page lacks <html lang>, a non-empty <title>, or <meta name=viewport> "
      "(one finding each)",
      "The language drives pronunciation and hyphenation, the title names the tab, and the viewport "
      "keeps the page readable on phones.")
def lang_title(page):
    html = page.doc.find("html")
    if html is None or not (html.attrs.get("lang") or "").strip():
        yield Hit(html.line if html is not None else 1, "<html>", "no lang attribute on <html>")
    title = page.doc.find("title")
    if title is None or not title.text().strip():
        yield Hit(title.line if title is not None else 1, "<title>", "no non-empty <title>")
    if not any(el.tag == "meta" and (el.attrs.get("name") or "").lower() == "viewport" for el in page.doc.iter()):
        yield Hit(1, "<meta name=viewport>", "no viewport meta element")


@rule("a11y.focus-visible", ERROR, "outline removed (none or 0) with no :focus-visible style anywhere",
      "Keyboard users cannot see where they are without a focus indicator (WCAG 2.4.7).")
def focus_visible(page):
    if any(":focus-visible" in r.selector for r in page.sheet.rules):
        return
    for r, d, v in page.decls("outline", "outline-style", "outline-width"):
        comps = v.strip().lower().split()
        if "none" in comps or comps[:1] in (["0"], ["0px"]):
            yield Hit(d.line, short(r.selector), f"{d.prop}: {v}")
            return
