"""slop.*: the visual reflexes that make a page look machine-made."""

from __future__ import annotations

import re

from ...base.patterns import hot
from ...engines.css import colors, values
from ...engines.css.cascade import Style
from ...engines.css.parse import split_top
from ...engines.html.tree import Element
from .registry import ERROR, WARN, Hit, rule, short

_OVERUSED = ("inter", "roboto", "geist", "space grotesk", "plus jakarta sans", "fraunces")
_GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
            "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "-apple-system", "blinkmacsystemfont",
            "inherit", "initial", "unset", "revert"}
_PAGE_SELECTORS = {"html", "body", ":root", ".page", ".sheet", ".paper", "main"}
_COLOR_FN = hot(r"(#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\([^()]*(?:\([^()]*\)[^()]*)*\)|\b[a-zA-Z]+\b)")


def _colors_in(value: str) -> list[colors.RGBA]:
    out = []
    for m in _COLOR_FN.finditer(value):
        c = colors.parse_color(m.group(0))
        if isinstance(c, colors.RGBA) and c.a > 0:
            out.append(c)
    return out


def _sel(r) -> str:
    return short(r.selector)


@rule("slop.gradient-text", ERROR, "text filled with a gradient (background-clip: text over a gradient)",
      "Gradient-filled headings are the most recognisable template reflex, and the text often fails "
      "contrast where the gradient is light. Use one solid ink.")
def gradient_text(page):
    for r in page.rules:
        clip = [page.get(r, p)[0] or "" for p in ("background-clip", "-webkit-background-clip")]
        if not any("text" in c.lower() for c in clip):
            continue
        for p in ("background", "background-image"):
            v, d = page.get(r, p)
            if v and "gradient(" in v.lower():
                yield Hit(d.line, _sel(r), f"{p} is a gradient clipped to the text")
                break


def _side_width(page, r, side: str) -> tuple[float | None, str, object]:
    for p in (f"border-{side}-width", f"border-{side}"):
        v, d = page.get(r, p)
        if v:
            ls = values.lengths_in(v)
            kw = {"thin": 1.0, "medium": 3.0, "thick": 5.0}
            for comp in values.components(v):
                if comp.lower() in kw:
                    ls.append(kw[comp.lower()])
            if ls:
                return ls[0], p, d
    return None, "", None


def _side_color(page, r, side: str) -> colors.RGBA | None:
    """The colour of one side's border: its longhand, its shorthand, else ``border-color``."""
    for p in (f"border-{side}-color", f"border-{side}"):
        v, _ = page.get(r, p)
        if v:
            found = _colors_in(v)
            if found:
                return found[0]
    v, _ = page.get(r, "border-color")
    if not v:
        return None
    comps = values.components(v)
    if side in ("inline-start", "inline-end"):
        side = "left" if side == "inline-start" else "right"
    # top right bottom left, with the usual one/two/three-value shorthands
    index = {1: {"left": 0, "right": 0}, 2: {"left": 1, "right": 1}, 3: {"left": 1, "right": 1},
             4: {"left": 3, "right": 1}}.get(len(comps), {}).get(side)
    if index is None:
        return None
    c = colors.parse_color(comps[index])
    return c if isinstance(c, colors.RGBA) and c.a > 0 else None


@rule("slop.side-stripe", ERROR, "a coloured border of 2px or more on one side only (left or right), "
      "OKLCH chroma >= 0.04",
      "The accent stripe down the side of a card or quote is decoration standing in for structure. "
      "Let headings, spacing and the marks carry the hierarchy.")
def side_stripe(page):
    for r in page.rules:
        for side in ("left", "right", "inline-start", "inline-end"):
            w, prop, d = _side_width(page, r, side)
            if w is None or w < 2:
                continue
            c = _side_color(page, r, side)
            if c is None:
                continue
            L, C, h = colors.oklch(c)
            if C >= 0.04:
                yield Hit(d.line, _sel(r), f"{prop} {w:g}px in {c.hex()} (OKLCH C={C:.3f})")


@rule("slop.over-round", ERROR, "a border-radius between 24px and 999px",
      "Pillowy corners on everything read as a UI kit default. Keep radii small, or make a true pill "
      "(999px) on purpose.")
def over_round(page):
    props = ("border-radius", "border-top-left-radius", "border-top-right-radius", "border-bottom-left-radius",
             "border-bottom-right-radius", "border-start-start-radius", "border-start-end-radius",
             "border-end-start-radius", "border-end-end-radius")
    for r, d, v in page.decls(*props):
        if "%" in v:
            continue
        ls = values.lengths_in(v.replace("/", " "))
        if ls and 24 <= max(ls) < 999:
            yield Hit(d.line, _sel(r), f"{d.prop}: {v} ({max(ls):g}px)")


@rule("slop.ghost-card", ERROR, "a hairline border (<= 1.5px) together with a diffuse box-shadow (blur >= 16px)",
      "Border plus soft shadow is the generic floating card. Choose one means of separation.")
def ghost_card(page):
    for r in page.rules:
        bv, bd = page.get(r, "border")
        if not bv:
            bv, bd = page.get(r, "border-width")
        if not bv:
            continue
        ls = values.lengths_in(bv)
        if not ls or not 0 < ls[0] <= 1.5 or "none" in bv.lower().split():
            continue
        sv, sd = page.get(r, "box-shadow")
        if not sv or sv.strip().lower() == "none":
            continue
        for layer in split_top(sv):
            sl = values.lengths_in(layer)
            if len(sl) >= 3 and sl[2] >= 16:
                yield Hit(sd.line, _sel(r), f"border {ls[0]:g}px with box-shadow blur {sl[2]:g}px")
                break


@rule("slop.stripe-bg", ERROR, "a background made of repeating-linear-gradient stripes",
      "Striped fills are texture for its own sake and fight the text laid over them.")
def stripe_bg(page):
    for r, d, v in page.decls("background", "background-image"):
        if "repeating-linear-gradient(" in v.lower():
            yield Hit(d.line, _sel(r), f"{d.prop} uses repeating-linear-gradient()")


def _first_bg(page, r) -> tuple[colors.RGBA | None, object]:
    for p in ("background-color", "background"):
        v, d = page.get(r, p)
        if v:
            found = _colors_in(v)
            if found:
                return found[0], d
    return None, None


def _is_page_rule(r) -> bool:
    return any(s.strip() in _PAGE_SELECTORS for s in split_top(r.selector))


@rule("slop.cream-band", ERROR, "the page background (html, body, :root, main, .page, .sheet, .paper) is a warm "
      "off-white: OKLCH L 0.84-0.97, C 0.01-0.06, h 40-100",
      "The warm cream page is the default 'editorial' look. Commit to a ground chosen for this piece.")
def cream_band(page):
    for r in page.rules:
        if not _is_page_rule(r):
            continue
        c, d = _first_bg(page, r)
        if c is None:
            continue
        L, C, h = colors.oklch(c)
        if 0.84 <= L <= 0.97 and 0.01 <= C < 0.06 and 40 <= h <= 100:
            yield Hit(d.line, _sel(r), f"page background {c.hex()} sits in the cream band "
                                       f"(OKLCH L={L:.2f} C={C:.3f} h={h:.0f})")


@rule("slop.ai-palette", ERROR, "a gradient with two or more purple-violet stops (h 255-330, C >= 0.05), or a "
      "dark page (L < 0.25) with bright cyan accents (h 180-215, C >= 0.08, L > 0.6)",
      "Purple gradients and neon cyan on near-black are the palette of generated landing pages.")
def ai_palette(page):
    for r in page.rules:
        for d in r.decls:
            if "gradient(" not in d.value.lower():
                continue
            v = page.value(d)
            if not v:
                continue
            purple = [c for c in _colors_in(v) if _in_hue(c, 255, 330, 0.05)]
            if len(purple) >= 2:
                yield Hit(d.line, _sel(r), f"{d.prop}: gradient with {len(purple)} purple stops")
    dark = False
    for r in page.rules:
        if _is_page_rule(r):
            c, _ = _first_bg(page, r)
            if c is not None and colors.oklch(c)[0] < 0.25:
                dark = True
    if not dark:
        return
    for r, d, v in page.decls("color", "border-color", "background-color", "--accent"):
        for c in _colors_in(v):
            L, C, h = colors.oklch(c)
            if 180 <= h <= 215 and C >= 0.08 and L > 0.6:
                yield Hit(d.line, _sel(r), f"{d.prop} {c.hex()} is a neon cyan accent on a dark page")
                break


def _in_hue(c: colors.RGBA, lo: float, hi: float, cmin: float) -> bool:
    L, C, h = colors.oklch(c)
    return lo <= h <= hi and C >= cmin


def _families(v: str) -> list[str]:
    return [f.strip().strip("\"'").lower() for f in split_top(v) if f.strip()]


@rule("slop.sole-overused-font", WARN, "the only named typeface is one of Inter, Roboto, Geist, Space Grotesk, "
      "Plus Jakarta Sans, Fraunces",
      "A single default-of-the-moment typeface makes every page look alike. Pair it, or choose one that "
      "suits the material.")
def sole_overused_font(page):
    names: dict[str, int] = {}
    for _r, d, v in page.decls("font-family", "--font-display", "--font-body", "--font-mono"):
        for f in _families(v):
            if f and f not in _GENERIC and not f.startswith("var("):
                names.setdefault(f, d.line)
    if len(names) == 1:
        (name, line), = names.items()
        if name in _OVERUSED:
            yield Hit(line, name, f"'{name}' is the only named typeface on the page")


def _rule_size(page, r, d, v) -> float | None:
    mx = values.clamp_max(v)
    if mx is not None:
        return mx
    return values.px(v)


@rule("slop.flat-scale", WARN, "three or more distinct font sizes (>= 10px) where two neighbours differ by less "
      "than a 1.25 ratio",
      "Sizes that barely differ blur the hierarchy; a clear typographic scale lets readers see structure.")
def flat_scale(page):
    sizes: dict[float, int] = {}
    for r in page.sheet.rules:
        d = r.get("font-size")
        if d is None:
            continue
        v = page.value(d)
        if not v:
            continue
        s = _rule_size(page, r, d, v)
        if s is not None and s >= 10:
            sizes.setdefault(round(s, 3), d.line)
    ordered = sorted(sizes)
    if len(ordered) < 3:
        return
    for a, b in zip(ordered, ordered[1:], strict=False):
        if b / a < 1.25 - 1e-6:
            yield Hit(sizes[b], f"{a:g}px and {b:g}px", f"font sizes {a:g}px and {b:g}px differ by a ratio of "
                                                       f"{b / a:.2f}, below 1.25")
            return


@rule("slop.hero-shout", ERROR, "a font-size clamp() whose maximum is above 96px",
      "Giant display type shouts over the content it introduces and pushes it below the fold.")
def hero_shout(page):
    for r, d, v in page.decls("font-size"):
        mx = values.clamp_max(v)
        if mx is not None and mx > 96:
            yield Hit(d.line, _sel(r), f"font-size {v} grows to {mx:g}px")


@rule("slop.tracking-floor", ERROR, "letter-spacing tighter than -0.04em on display type (a rule whose font size "
      "is 32px or more, or not set)",
      "Squeezed headline tracking is a poster reflex; below -0.04em letters touch and words blur.")
def tracking_floor(page):
    for r, d, v in page.decls("letter-spacing"):
        comp = v.strip().lower()
        if not comp.endswith("em") or comp.endswith("rem"):
            continue
        try:
            em = float(comp[:-2])
        except ValueError:
            continue
        if em >= -0.04:
            continue
        size_v, _ = page.get(r, "font-size")
        size = values.px(size_v) if size_v else None
        if size is None or size >= 32:
            yield Hit(d.line, _sel(r), f"letter-spacing {v}")


@rule("slop.eyebrow-reflex", ERROR, "three or more small (<= 13.6px) upper-case, letter-spaced labels",
      "The tracked-out uppercase kicker above every heading is a template tic; it adds a layer of "
      "labels nobody reads.")
def eyebrow_reflex(page):
    hits: list[Element] = []
    comp = page.computed
    texts = page.own_text
    for el in page.elements:
        if id(el) not in texts:
            continue
        st: Style | None = comp.style(el)
        if st is None or st.display_none or st.transform != "uppercase":
            continue
        amount = values.px(st.spacing, values.Ctx(em=st.font or (16.0, 16.0))) if st.spacing != "normal" else None
        if amount is None or amount <= 0:
            continue
        if st.font is None or st.font[0] <= 13.6:
            hits.append(el)
    if len(hits) >= 3:
        first = hits[0]
        yield Hit(first.line, f"<{first.tag}> {short(texts[id(first)], 40)}",
                  f"{len(hits)} small upper-case tracked labels")


@rule("slop.numbered-scaffold", WARN, "three or more elements whose own text is a two-digit ordinal 01-09",
      "'01 / 02 / 03' section numbers are scaffolding that imitates structure instead of showing it.")
def numbered_scaffold(page):
    texts = page.own_text
    found = [el for el in page.elements if re.fullmatch(r"0[1-9]\.?", texts.get(id(el), ""))]
    if len(found) >= 3:
        yield Hit(found[0].line, f"<{found[0].tag}> {texts[id(found[0])]}",
                  f"{len(found)} elements numbered like 01, 02, 03")


_CARD_EXCLUDED = frozenset("li option tr td th dt dd br path p span a em strong b i sup sub small code "
                           "q cite abbr mark label h1 h2 h3 h4 h5 h6 blockquote pre img svg".split())
_PHRASING = frozenset("a abbr b bdi bdo br cite code data dfn em i kbd mark q s samp small span strong sub sup "
                      "time u var wbr".split())


@rule("slop.card-grid-clone", WARN, "four or more sibling blocks with the same tag, classes and child structure "
      "(at least two child elements, one of them a block)",
      "A grid of identical cards flattens different evidence into the same shape; vary the form with "
      "the content.")
def card_grid_clone(page):
    in_svg: set[int] = set()
    for parent in page.elements:
        if parent.tag == "svg" or (parent.parent is not None and id(parent.parent) in in_svg):
            in_svg.add(id(parent))
            continue
        groups: dict[tuple, list[Element]] = {}
        for ch in parent.children:
            if not isinstance(ch, Element) or ch.tag in _CARD_EXCLUDED:
                continue
            kids = tuple(c.tag for c in ch.children if isinstance(c, Element))
            if len(kids) < 2 or all(k in _PHRASING for k in kids):
                continue
            groups.setdefault((ch.tag, tuple(sorted(ch.classes)), kids), []).append(ch)
        for (tag, cls, kids), members in groups.items():
            if len(members) >= 4:
                label = tag + "".join(f".{c}" for c in cls)
                yield Hit(members[0].line, f"<{label}>", f"{len(members)} siblings shaped {label} > {' + '.join(kids)}")
