"""The CSS engine's invariants: the tokenizer never raises; colour conversions round-trip."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.css import colors
from sourcebook.engines.css.cascade import cascade
from sourcebook.engines.css.parse import parse_declarations, parse_sheet
from sourcebook.engines.css.tokens import tokenize
from sourcebook.engines.text.htmltree import parse as parse_html

CSS_CHARS = st.text(alphabet=st.sampled_from(list("abc-_#.:;,{}()[]@!*/\\\"' \n\t0123456789%+<>=~|&\x00\u00e9\U0001f600")),
                    max_size=200)
unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), CSS_CHARS))
def test_tokenizer_and_parser_never_raise(text):
    toks = tokenize(text)
    assert all(t.end > t.pos or t.end == t.pos == len(text) for t in toks)
    sheet = parse_sheet(text)
    parse_declarations(text)
    cascade(parse_html("<p class=a id=b>x</p>"), sheet)


@settings(max_examples=200, deadline=None)
@given(unit, unit, unit)
def test_oklab_and_oklch_round_trip(r, g, b):
    back = colors.oklch_to_srgb(*colors.srgb_to_oklch(r, g, b))
    assert all(math.isclose(x, y, abs_tol=1e-6) for x, y in zip(back, (r, g, b), strict=False))
    back = colors.oklab_to_srgb(*colors.srgb_to_oklab(r, g, b))
    assert all(math.isclose(x, y, abs_tol=1e-6) for x, y in zip(back, (r, g, b), strict=False))


@settings(max_examples=200, deadline=None)
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
    ratio = colors.contrast(colors.parse_color("#8a8a8a"), colors.parse_color("#f7f2e8"))
    assert f"{ratio:.2f}" == "3.09"
    assert round(colors.contrast(colors.parse_color("#000"), colors.parse_color("#fff")), 2) == 21.0
