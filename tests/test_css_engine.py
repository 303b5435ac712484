"""The CSS engine's invariants: the tokenizer never raises; colour conversions round-trip."""

from __future__ import annotations

import functools
import math

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.css import colors
from sourcebook.engines.css.cascade import cascade
from sourcebook.engines.css.parse import parse_declarations, parse_sheet
from sourcebook.engines.css.tokens import tokenize
from sourcebook.engines.html.tree import parse as parse_html

CSS_CHARS = st.text(alphabet=st.sampled_from(list("abc-_#.:;,{}()[]@!*/\\\"' \n\t0123456789%+<>=~|&\x00\u00e9\U0001f600")),
                    max_size=200)
unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=300), CSS_CHARS))
def test_tokenizer_and_parser_never_raise(text):
    toks = tokenize(text)
    assert all(t.end > t.pos or t.end == t.pos == len(text) for t in toks)
    sheet = parse_sheet(text)
    parse_declarations(text)
    cascade(parse_html("<p class=a id=b>x</p>"), sheet)


@settings(max_examples=examples(200), deadline=None)
@given(unit, unit, unit)
def test_oklab_and_oklch_round_trip(r, g, b):
    back = colors.oklch_to_srgb(*colors.srgb_to_oklch(r, g, b))
    assert all(math.isclose(x, y, abs_tol=1e-6) for x, y in zip(back, (r, g, b), strict=False))
    back = colors.oklab_to_srgb(*colors.srgb_to_oklab(r, g, b))
    assert all(math.isclose(x, y, abs_tol=1e-6) for x, y in zip(back, (r, g, b), strict=False))


@settings(max_examples=examples(200), deadline=None)
@given(unit, unit, unit)
def test_hsl_hwb_lab_lch_round_trip(r, g, b):
    for to, back in ((colors.srgb_to_hsl, colors.hsl_to_srgb), (colors.srgb_to_hwb, colors.hwb_to_srgb),
                     (colors.srgb_to_lab, colors.lab_to_srgb)):
        got = back(*to(r, g, b))
        assert all(math.isclose(x, y, abs_tol=1e-5) for x, y in zip(got, (r, g, b), strict=False)), to.__name__
    lch = colors.to_polar(*colors.srgb_to_lab(r, g, b))
    got = colors.lab_to_srgb(*colors.from_polar(*lch))
    assert all(math.isclose(x, y, abs_tol=1e-5) for x, y in zip(got, (r, g, b), strict=False))


def test_known_colours_and_contrast():
    assert colors.parse_color("rebeccapurple").hex() == "#663399"
    assert colors.parse_color("oklch(62.8% 0.2577 29.23)").hex() == "#ff0000"
    assert colors.parse_color("color-mix(in srgb, red, blue)").hex() == "#800080"
    assert colors.parse_color("hwb(120 0% 50%)").hex() == "#008000"
    assert colors.parse_color("rgb(from red r g b)") is None
    assert colors.parse_color("light-dark(#111111, #eeeeee)").hex() == "#111111"
    assert colors.parse_color("color(display-p3 1 1 1)").hex() == "#ffffff"
    assert colors.parse_color("lab(50% 0 0)").hex() == "#777777"
    ratio = colors.contrast(colors.parse_color("#8a8a8a"), colors.parse_color("#f7f2e8"))
    assert f"{ratio:.2f}" == "3.09"
    assert round(colors.contrast(colors.parse_color("#000"), colors.parse_color("#fff")), 2) == 21.0


HTML_BITS = st.sampled_from(["<p>", "</p>", "<div class=a>", "</div>", "<style>", "</style>", "a{color:red}",
                             ".a{background:rgba(0,0,0,.5);opacity:.5}", "<img src=x>", "text \u2014 ", "&amp;",
                             "<svg><image href='//x/y'/></svg>", "<span style='color:var(--x)'>", "</span>",
                             ":root{--x:var(--y);--y:var(--x)}", "<h1>", "</h1>", "\x00", "<!--", "-->", "<![CDATA["])


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(HTML_BITS, max_size=40), st.text(max_size=40))
def test_lint_never_raises_on_arbitrary_markup(bits, noise):
    from sourcebook.domain.lint.runner import lint_html

    rep = lint_html("".join(bits) + noise, file="p.html")
    assert rep.errors >= 0 and rep.unresolved >= 0
    lint_html(("".join(bits) + noise).encode("utf-8", "surrogatepass"), file="p.html")


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=60))
def test_colour_and_length_parsers_never_raise(text):
    from sourcebook.engines.css import values

    colors.parse_color(text)
    colors.parse_color(f"oklch({text})")
    colors.parse_color(f"color-mix(in oklch, {text}, red)")
    values.length(text)
    values.font_size(text, (16.0, 16.0))


def test_deeply_nested_page_is_linted():
    from sourcebook.domain.lint.runner import lint_html

    html = ("<html lang=en><head><title>t</title><style>div { background: rgba(255,255,255,.5) } "
            "div div span { color: #333333 }</style></head><body>" + "<div>" * 3000 + "<span>deep</span>"
            + "</div>" * 3000 + "</body></html>")
    rep = lint_html(html, file="deep.html")
    assert rep.unresolved == 0 and not any(f.rule.startswith("a11y.contrast") for f in rep.findings)


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=1, max_value=3000), st.booleans())
def test_var_chains_of_any_depth_resolve_and_cycles_do_not(depth, cycle):
    from sourcebook.engines.css.vars import resolve_customs, substitute

    own = {f"--v{i}": f"var(--v{i + 1})" for i in range(depth)}
    own[f"--v{depth}"] = "var(--v0)" if cycle else "#123456"
    got = resolve_customs({}, own)
    assert substitute("1px solid var(--v0)", got.get) == (None if cycle else "1px solid #123456")
    assert substitute("var(--v0, red)", got.get) == ("red" if cycle else "#123456")


def test_absurd_nesting_never_crashes():
    from sourcebook.domain.lint.runner import lint_html

    css = ("a{" * 3000 + "color:red" + "}" * 3000 + "\n@media " + "(" * 2000 + "x" + ")" * 2000 + "{p{color:red}}\n"
           + ":is(" * 2000 + "p" + ")" * 2000 + "{color:red}\np{width:calc" + "(" * 2000 + "1px" + ")" * 2000
           + "; color: " + "color-mix(in srgb, " * 500 + "red" + ", blue)" * 500 + "}")
    rep = lint_html(f"<html lang=en><head><title>t</title><style>{css}</style></head><body><p>x</p></body></html>",
                    file="deep.html")
    assert rep.errors >= 0


def test_long_descendant_chains_on_deep_pages_do_not_backtrack():
    from sourcebook.domain.lint.runner import lint_html

    css = " ".join(["div"] * 60) + " span { color: #aaaaaa }"
    html = ("<html lang=en><head><title>t</title><style>" + css + "</style></head><body>" + "<div>" * 400
            + "<span>x</span>" + "</div>" * 400 + "</body></html>")
    rep = lint_html(html, file="deep.html")
    assert [f.snippet for f in rep.findings if f.rule == "a11y.contrast-body"] == ["#aaaaaa on #ffffff"]


def test_the_templates_sheets_as_generated_are_current():
    import gen_shipped_sheets

    assert gen_shipped_sheets.main(["--check"]) == 0, "run python3 tests/gen_shipped_sheets.py"


@functools.cache
def _templates_sheets() -> tuple[str, ...]:
    """The templates' sheets, read from the templates once (each example reads the same ones)."""
    import gen_shipped_sheets

    return tuple(gen_shipped_sheets.sheet_texts())


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(min_value=1, max_value=400), st.integers(min_value=0, max_value=400))
def test_a_templates_sheet_reads_as_its_parse_from_any_line(first_line, order_base):
    # what a page carries is its template's sheet on some line after some rules: the generated
    # reading, moved there, is the parse itself; any other text is parsed
    from sourcebook.engines.css.parse import _parse_sheet, shipped_sheet
    from sourcebook.engines.css.shipped_sheets import SHEETS

    texts = _templates_sheets()
    assert len(texts) == len(SHEETS) >= 6
    for css in texts:
        assert shipped_sheet(css, first_line, order_base) == _parse_sheet(css, first_line, order_base)
        assert shipped_sheet(css + " ", first_line, order_base) is None


def test_a_parser_changed_since_the_sheets_were_read_parses_them_afresh(monkeypatch):
    from sourcebook.engines.css import parse as P

    css = next(iter(__import__("gen_shipped_sheets").sheet_texts()))
    P._shipped_table.cache_clear()
    monkeypatch.setattr(P, "parser_digest", lambda: "another parser")
    try:
        assert P.shipped_sheet(css) is None
    finally:
        P._shipped_table.cache_clear()


def test_has_matches_each_relative_combinator_and_loose_reading_fails_closed():
    from sourcebook.engines.css.select import matches, parse_selector_list, reset

    doc = parse_html('<main><p id="a"><span class="c">x</span><sup>1</sup></p><p id="b"><em><b>y</b></em></p>'
                     '<div id="d"></div></main>')

    def hit(sel: str, loose: bool = False) -> list[str] | None:
        reset()
        cxs = parse_selector_list(sel, loose=loose)
        if cxs is None:
            return None
        return [e.attrs.get("id") or e.tag for e in doc.elements if any(matches(cx, e) for cx in cxs)]

    assert hit("p:has(sup)") == ["a"] and hit("p:has(> sup)") == ["a"]
    assert hit("p:has(em b)") == ["b"] and hit("p:has(> b)") == []  # b is a grandchild
    assert hit("p:has(+ div)") == ["b"] and hit("p:has(~ div)") == ["a", "b"]
    assert hit("p:not(:has(sup))") == ["b"]
    assert hit("p:has(sup) > span") == ["span"]
    assert hit("p:has(:has(b))") is None  # not CSS: a browser drops the rule, as the gate does
    # read loosely, what the engine cannot read counts as matching
    assert hit("p:nth-child(1 of .x)") is None and hit("p:nth-child(1 of .x)", loose=True) == ["a", "b"]
    assert hit("p:future-state", loose=True) == ["a", "b"]
    assert hit("p >>> q", loose=True) == [e.attrs.get("id") or e.tag for e in doc.elements]


def test_container_queries_are_evaluated_against_the_container_size():
    from sourcebook.engines.css import conditions

    assert conditions.applies((("container", "(min-width: 1px)"),))
    assert conditions.applies((("container", "card (width > 20em)"),))
    assert not conditions.applies((("container", "(max-width: 400px)"),))
    saved = dict(conditions.CONTAINER)
    try:
        conditions.CONTAINER.update({"width": 399.0, "inline-size": 399.0})
        assert conditions.applies((("container", "card (max-width: 400px)"),))
        assert conditions.applies((("container", "style(--x: 1)"),))
        conditions.QUERIES[0] = False
        assert not conditions.applies((("container", "style(--x: 1)"),))
        assert conditions.applies((("container", "not style(--x: 1)"),))
    finally:
        conditions.CONTAINER.clear()
        conditions.CONTAINER.update(saved)
        conditions.QUERIES[0] = True
    assert not conditions.applies((("starting-style", ""),))
