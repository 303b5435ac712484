"""sb lint: the rule registry, the contract's fixtures, output, waivers and hard inputs."""

from __future__ import annotations

import json
import os

import pytest
from conftest import FIXTURES, ROOT, sb

from sourcebook.domain.lint.catalogue import load_rules
from sourcebook.domain.lint.runner import lint_html

LINT = os.path.join(FIXTURES, "lint")
RULE_DIR = os.path.join(LINT, "rules")
RULES = load_rules()


def _lint(path: str, **kw):
    with open(path, "rb") as fh:
        return lint_html(fh.read(), file=os.path.basename(path), **kw)


def _page(css: str = "", body: str = "<p>Text.</p>", head: str = "") -> str:
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width\">\n<title>T</title>\n" + head +
            f"<style>\nbody {{ background: #ffffff; color: #1a1a1a; }}\n{css}\n</style>\n</head>\n<body>\n{body}\n"
            "</body>\n</html>\n")


def _ids(report) -> list[str]:
    return [f.rule for f in report.findings]


# ---- the registry and per-rule fixtures --------------------------------------------------------
CONTRACT_RULES = {
    "slop.gradient-text", "slop.side-stripe", "slop.over-round", "slop.ghost-card", "slop.stripe-bg",
    "slop.cream-band", "slop.ai-palette", "slop.sole-overused-font", "slop.flat-scale", "slop.hero-shout",
    "slop.tracking-floor", "slop.eyebrow-reflex", "slop.numbered-scaffold", "slop.card-grid-clone",
    "copy.em-dash", "copy.buzzword", "copy.meta-phrase", "a11y.contrast-body", "a11y.contrast-large",
    "a11y.reduced-motion", "a11y.reveal-gate", "a11y.tap-target", "a11y.img-alt", "a11y.lang-title",
    "a11y.focus-visible", "struct.external-ref", "struct.zindex-arbitrary", "struct.overflow-risk"}


def test_contract_has_28_rules_in_four_families():
    # all 28 of the contract, plus script URLs and inline handlers (a weakness of the original)
    assert len(CONTRACT_RULES) == 28
    assert set(RULES) - CONTRACT_RULES == {"struct.script-url"} and CONTRACT_RULES <= set(RULES)
    assert {r.family for r in RULES.values()} == {"slop", "copy", "a11y", "struct"}
    for r in RULES.values():
        assert r.message and r.rationale and r.severity in ("error", "warn")


def test_every_rule_has_a_firing_and_a_passing_fixture():
    missing = [f"{rid}.{kind}.html" for rid in RULES for kind in ("fire", "pass")
               if not os.path.isfile(os.path.join(RULE_DIR, f"{rid}.{kind}.html"))]
    assert not missing, f"rules without fixtures: {missing}"


@pytest.mark.parametrize("rid", sorted(RULES))
def test_rule_fires_on_its_fixture(rid):
    assert rid in _ids(_lint(os.path.join(RULE_DIR, f"{rid}.fire.html")))


@pytest.mark.parametrize("rid", sorted(RULES))
def test_rule_passes_its_fixture(rid):
    assert rid not in _ids(_lint(os.path.join(RULE_DIR, f"{rid}.pass.html")))


# ---- the contract's fixture expectations -------------------------------------------------------
def test_slop_fixture_has_exactly_its_six_errors():
    rep = _lint(os.path.join(LINT, "slop.html"))
    assert sorted(_ids(rep)) == sorted(["slop.gradient-text", "slop.side-stripe", "slop.over-round",
                                        "slop.stripe-bg", "slop.cream-band", "slop.eyebrow-reflex"])
    assert rep.errors == 6 and rep.warns == 0


def test_clean_fixture_reports_nothing():
    rep = _lint(os.path.join(LINT, "clean.html"))
    assert rep.findings == [] and rep.unresolved == 0


def test_external_fixture_has_two_external_refs():
    rep = _lint(os.path.join(LINT, "external.html"))
    assert _ids(rep) == ["struct.external-ref"] * 2
    hosts = " ".join(f.snippet for f in rep.findings)
    assert "fonts.googleapis.com" in hosts and "cdn.example.com" in hosts


def test_contrast_fixture_text_and_json():
    r = sb("lint", os.path.join(LINT, "contrast-fail.html"))
    assert r.rc == 2
    assert "3.09:1" in r.out and "#8a8a8a on #f7f2e8" in r.out and "a11y.contrast-large" in r.out
    j = sb("lint", os.path.join(LINT, "contrast-fail.html"), "--json")
    data = json.loads(j.out)
    assert data["rules_version"] == 1 and data["unresolved"] == 0
    body = [f for f in data["errors"] if f["rule"] == "a11y.contrast-body"][0]
    assert body["snippet"] == "#8a8a8a on #f7f2e8" and body["detail"].startswith("contrast ratio 3.09:1 at 16px")
    assert body["line"] == 16  # the line of the text in the HTML file


def test_templates_lint_clean():
    tdir = os.path.join(ROOT, "templates")
    names = sorted(n for n in os.listdir(tdir) if n.endswith(".html")) if os.path.isdir(tdir) else []
    for name in names:
        rep = _lint(os.path.join(tdir, name))
        assert rep.findings == [] and rep.unresolved == 0, (name, rep.findings, rep.unresolved_values)


# ---- output and exit codes ---------------------------------------------------------------------
def test_text_output_format_and_exit(tmp_path):
    r = sb("lint", "slop.html", cwd=LINT)
    assert r.rc == 2
    first = r.out.splitlines()[0]
    assert first == f"ERROR {'slop.cream-band':<26} slop.html:9  body"
    assert r.out.splitlines()[1].startswith("      page background #f7f2e8 sits in the cream band")
    assert r.out.rstrip().splitlines()[-1] == "6 error(s), 0 warn(s), 0 waived, 1 unresolved value(s)"
    ok = sb("lint", os.path.join(LINT, "clean.html"))
    assert ok.rc == 0 and ok.out.strip() == "0 error(s), 0 warn(s), 0 waived, 0 unresolved value(s)"


def test_json_output_is_pure_json():
    r = sb("lint", os.path.join(RULE_DIR, "copy.buzzword.fire.html"), "--json")
    data = json.loads(r.out)
    assert set(data) >= {"file", "rules_version", "errors", "warns", "waived", "unresolved"}
    assert data["warns"][0]["rule"] == "copy.buzzword" and r.rc == 2


def test_missing_file_is_e_lint(tmp_path):
    r = sb("lint", "nope.html", cwd=tmp_path)
    assert r.rc == 1 and "E-LINT  nope.html" in r.err


def test_lint_rules_lists_every_rule():
    r = sb("lint", "--rules")
    assert r.rc == 0 and all(rid in r.out for rid in RULES)


# ---- waivers ------------------------------------------------------------------------------------
def test_waiver_turns_a_warning_into_waived(ws):
    page = ws / "page.html"
    page.write_text(_page(body="<p>Teams leverage the data.</p>"))
    assert sb("lint", "page.html", cwd=ws).rc == 2
    r = sb("lint", "waive", "copy.buzzword", "--reason", "quoting the vendor's slogan", cwd=ws)
    assert r.rc == 0 and "waived   copy.buzzword" in r.out
    m = json.loads((ws / "sourcebook.json").read_text())
    assert m["lint_waivers"] == {"copy.buzzword": "quoting the vendor's slogan"}
    r = sb("lint", "page.html", cwd=ws)
    assert r.rc == 0 and f"WAIVED {'copy.buzzword':<26} page.html:" in r.out
    assert "0 error(s), 0 warn(s), 1 waived" in r.out


def test_waiver_refusals(ws, tmp_path):
    short = sb("lint", "waive", "copy.buzzword", "--reason", "short", cwd=ws)
    assert short.rc == 1 and "E-LINT-WAIVE" in short.err
    none = sb("lint", "waive", "copy.buzzword", "--reason", "", cwd=ws)
    assert none.rc == 1 and "E-LINT-WAIVE" in none.err
    err = sb("lint", "waive", "slop.cream-band", "--reason", "we like the cream colour", cwd=ws)
    assert err.rc == 1 and "E-LINT-UNWAIVABLE" in err.err
    unknown = sb("lint", "waive", "copy.buzzwords", "--reason", "a long enough reason", cwd=ws)
    assert unknown.rc == 1 and "E-LINT-RULE" in unknown.err and "copy.buzzword" in unknown.err
    outside = sb("lint", "waive", "copy.buzzword", "--reason", "a long enough reason", cwd=tmp_path)
    assert outside.rc == 1 and "E-NOWORKSPACE" in outside.err
    assert json.loads((ws / "sourcebook.json").read_text())["lint_waivers"] == {}


def test_errors_are_never_waived_even_if_listed():
    rep = lint_html(_page(body='<img src="a.png">'), file="p.html", waivers={"a11y.img-alt": "listed anyway"})
    assert rep.errors == 1 and rep.waived == 0 and not rep.ok


# ---- external references ---------------------------------------------------------------------------
@pytest.mark.parametrize("markup", [
    '<img src="a.png" srcset="a.png 1x, https://cdn.example.com/a2.png 2x" alt="">',
    '<video poster="https://cdn.example.com/p.jpg"></video>',
    '<div style="background-image: url(\'https://cdn.example.com/bg.png\')">x</div>',
    '<svg><image href="https://cdn.example.com/i.png"/></svg>',
    '<svg><image xlink:href="//cdn.example.com/i.png"/></svg>',
    '<meta http-equiv="refresh" content="0; url=https://elsewhere.example/">',
    '<form action="https://collect.example/submit"><button>Go</button></form>',
    '<object data="https://cdn.example.com/x.svg"></object>',
    '<link rel="preload" href="https://cdn.example.com/f.woff2">',
])
def test_external_ref_covers_every_way_to_fetch(markup):
    assert "struct.external-ref" in _ids(lint_html(_page(body=markup), file="p.html"))


def test_external_ref_in_css_import_and_url():
    rep = lint_html(_page(css='@import "https://cdn.example.com/x.css";\n.a { background: url(https://x.example/a.png) }'),
                    file="p.html")
    lines = sorted(f.line for f in rep.findings if f.rule == "struct.external-ref")
    assert lines == [9, 10]


def test_non_subresource_links_are_not_external_refs():
    head = ('<link rel="canonical" href="https://example.org/a">\n<link rel="alternate" href="https://example.org/feed">\n'
            '<link rel="license" href="https://creativecommons.org/licenses/by/4.0/">\n')
    rep = lint_html(_page(head=head, body='<a href="https://example.org/">source</a>'), file="p.html")
    assert "struct.external-ref" not in _ids(rep)


# ---- lines, decoding, unresolved values ---------------------------------------------------------------
def test_css_lines_are_html_file_lines():
    css = "\n\n.box {\n  color: #1a1a1a;\n  border-radius: 40px;\n}"
    rep = lint_html(_page(css=css), file="p.html")
    f = [x for x in rep.findings if x.rule == "slop.over-round"][0]
    html = _page(css=css).splitlines()
    assert "border-radius: 40px" in html[f.line - 1]


def test_second_style_element_keeps_its_own_lines():
    html = _page(body='<style>\n.x {\n  z-index: 500;\n}\n</style>\n<p class="x">x</p>')
    f = [x for x in lint_html(html, file="p.html").findings if x.rule == "struct.zindex-arbitrary"][0]
    assert "z-index: 500" in html.splitlines()[f.line - 1]


@pytest.mark.parametrize("data", [
    _page(body="<p>Caf\xe9 na\xefve</p>").replace('charset="utf-8"', 'charset="windows-1252"').encode("cp1252"),
    _page(body="<p>Caf\xe9</p>").encode("cp1252"),  # declared UTF-8, bytes are not
    b"\xff\xfe" + _page(body="<p>\u4e2d\u6587</p>").encode("utf-16-le"),
    b"\x00\x01\x02<html><p>\x80\x81</p>",
])
def test_non_utf8_html_is_decoded_not_a_crash(data, tmp_path):
    rep = lint_html(data, file="p.html")
    assert isinstance(rep.errors, int)
    p = tmp_path / "p.html"
    p.write_bytes(data)
    r = sb("lint", str(p))
    assert r.rc in (0, 2) and "E-INTERNAL" not in r.err


def test_declared_charset_is_used():
    data = _page(body="<p>The caf\xe9 \u2014 open.</p>").replace('charset="utf-8"', 'charset="windows-1252"').encode("cp1252")
    rep = lint_html(data, file="p.html")
    assert any(f.rule == "copy.em-dash" and "caf\xe9" in f.snippet for f in rep.findings)


def test_unresolved_value_is_counted_once_and_not_judged():
    body = "".join(f'<p class="t">Text {i}</p>' for i in range(20))
    rep = lint_html(_page(css=".t { color: var(--missing); }", body=body), file="p.html")
    assert rep.unresolved == 1 and rep.errors == 0
    assert "var(--missing)" in rep.unresolved_values[0]


def test_var_chains_fallbacks_and_cycles():
    css = (":root { --a: #8a8a8a; --b: var(--a); --c: var(--b); --loop1: var(--loop2); --loop2: var(--loop1, red); }\n"
           ".deep { background: #f7f2e8; color: var(--c); }\n"
           ".fallback { background: #ffffff; color: var(--none, var(--c)); }\n"
           ".cycle { color: var(--loop1); }")
    body = '<div class="deep">deep</div><div class="fallback">fb</div><div class="cycle">cyc</div>'
    rep = lint_html(_page(css=css, body=body), file="p.html")
    snippets = sorted(f.snippet for f in rep.findings if f.rule == "a11y.contrast-body")
    assert snippets == ["#8a8a8a on #f7f2e8", "#8a8a8a on #ffffff"]
    assert rep.unresolved == 1 and "var(--loop1)" in rep.unresolved_values[0]


def test_contrast_takes_alpha_into_account():
    # black at 30% over white is #b2b2b2: 2.1:1, which an alpha-blind check reads as 21:1.
    rep = lint_html(_page(css=".faint { color: rgba(0, 0, 0, 0.3); }", body='<p class="faint">faint</p>'), file="p.html")
    f = [x for x in rep.findings if x.rule == "a11y.contrast-body"][0]
    assert f.snippet == "#b2b2b2 on #ffffff"
    # a translucent dark panel over a light page darkens the ground the text sits on
    css = ".veil { background: rgba(0, 0, 0, 0.6); color: #ffffff; }"
    assert "a11y.contrast-body" not in _ids(lint_html(_page(css=css, body='<div class="veil">on veil</div>'), file="p.html"))


def test_cascade_specificity_important_inline_and_layers():
    css = ("@layer base { .x { color: #aaaaaa !important; } }\n#one { color: #1a1a1a; }\n.x { color: #bbbbbb; }\n"
           "p.y { color: #1a1a1a; }\n.y { color: #cccccc; }\n@media print { .z { color: #dddddd; } }")
    body = ('<p id="one" class="x">layered important wins</p><p class="y">specific wins</p>'
            '<p class="z" style="color: #eeeeee">inline</p>')
    snippets = sorted(f.snippet for f in lint_html(_page(css=css, body=body), file="p.html").findings
                      if f.rule.startswith("a11y.contrast"))
    assert snippets == ["#aaaaaa on #ffffff", "#eeeeee on #ffffff"]


def test_four_cited_paragraphs_are_not_a_card_grid():
    rep = _lint(os.path.join(RULE_DIR, "slop.card-grid-clone.pass.html"))
    assert "slop.card-grid-clone" not in _ids(rep)


def test_lint_rules_doc_is_current():
    from sourcebook.domain.lint.docs import render_markdown

    path = os.path.join(ROOT, "docs", "lint-rules.md")
    assert open(path, encoding="utf-8").read() == render_markdown(), "run python3 tests/gen_docs.py"


def test_side_stripe_reads_border_color_shorthand_sides():
    fire = lint_html(_page(css=".q { border-style: solid; border-width: 0 0 0 4px; border-left-width: 4px; "
                                "border-color: #dddddd #dddddd #dddddd #c0392b; }", body='<p class="q">q</p>'), file="p.html")
    calm = lint_html(_page(css=".q { border-left-width: 4px; border-color: #c0392b #c0392b #c0392b #777777; }",
                           body='<p class="q">q</p>'), file="p.html")
    assert "slop.side-stripe" in _ids(fire) and "slop.side-stripe" not in _ids(calm)


def test_base_href_to_another_origin_is_external():
    rep = lint_html(_page(head='<base href="https://cdn.example.com/">\n'), file="p.html")
    assert "struct.external-ref" in _ids(rep)


def test_eyebrow_counts_rem_tracking_and_inherited_styles():
    css = ".kick { text-transform: uppercase; letter-spacing: 0.1rem; font-size: 12px; }"
    body = '<div class="kick"><p>One</p><p>Two</p><p>Three</p></div>'
    assert "slop.eyebrow-reflex" in _ids(lint_html(_page(css=css, body=body), file="p.html"))


def test_quoted_source_text_is_not_the_pages_prose():
    body = ('<p>The report says <q class="ledger-quote">we leverage it \u2014 fully</q>.</p>'
            "<blockquote>It is security theater.</blockquote>")
    rep = lint_html(_page(body=body), file="p.html")
    assert not [f for f in rep.findings if f.rule.startswith("copy.")]


def test_clean_page_with_a_rendered_ledger_lints_clean():
    from sourcebook.engines.ledger.ledger_html import render

    claims = [{"id": f"clm_00000000000{i}", "text": f"Claim {i} holds.", "kind": "fact", "topic_key": f"t{i}",
               "confidence": ["verified", "reported", "contested", "inferred"][i % 4], "status": "active",
               "evidence": [] if i % 4 == 3 else [{"source_id": "src_000000000001", "start": 0, "end": 9,
                                                   "quote": "A passage \u2014 to leverage."}],
               "volatile": i == 2, "as_of": "2025-01-01" if i == 2 else None,
               "recheck": "https://example.org/x" if i == 2 else None, "contradicts": [], "notes": "",
               "superseded_by": None} for i in range(8)]
    sources = {"src_000000000001": {"id": "src_000000000001", "tier": "A", "title": "Report", "publisher": "Agency",
                                    "locator": "https://example.org/r", "canonical_locator": "https://example.org/r"}}
    page = open(os.path.join(LINT, "clean.html"), encoding="utf-8").read()
    rep = lint_html(page.replace("</main>", render(claims, sources) + "</main>"), file="answer.html")
    assert rep.findings == [] and rep.unresolved == 0


def test_a_source_s_own_title_in_the_ledger_is_not_the_pages_prose():
    from sourcebook.engines.ledger.ledger_html import render

    claims = [{"id": "clm_000000000001", "text": "The draft added two keywords.", "kind": "fact", "topic_key": "t",
               "confidence": "verified", "status": "active",
               "evidence": [{"source_id": "src_000000000001", "start": 0, "end": 9, "quote": "two new keywords"}],
               "volatile": False, "as_of": None, "recheck": None, "contradicts": [], "notes": "",
               "superseded_by": None}]
    sources = {"src_000000000001": {"id": "src_000000000001", "tier": "A", "title": "Error Handling \u2014 Draft Design",
                                    "publisher": "The Go Authors", "locator": "https://example.org/r",
                                    "canonical_locator": "https://example.org/r"}}
    page = open(os.path.join(LINT, "clean.html"), encoding="utf-8").read()
    page = page.replace("</main>", render(claims, sources) + "</main>")
    assert "Error Handling \u2014 Draft Design" in page
    assert not [f for f in lint_html(page, file="answer.html").findings if f.rule == "copy.em-dash"]
    # the author's own em dash is still found, and the finding names the text, not only its line
    rep = lint_html(page.replace("</main>", "<p>It added two keywords \u2014 check and handle.</p></main>", 1),
                    file="answer.html")
    hit = [f for f in rep.findings if f.rule == "copy.em-dash"]
    assert len(hit) == 1 and "two keywords \u2014 check" in hit[0].detail, hit
    # a paragraph of the page's own that calls itself a source line is the page's prose all the same
    rep = lint_html(page.replace("</main>", '<p class="ledger-source">Ours \u2014 really.</p></main>', 1),
                    file="answer.html")
    assert [f for f in rep.findings if f.rule == "copy.em-dash"]


def test_report_api_for_the_gate(ws):
    page = ws / "page.html"
    page.write_text(_page(body="<p>Teams leverage the data.</p>", css=".x { color: var(--nope); }"))
    sb("lint", "waive", "copy.buzzword", "--reason", "the vendor's slogan, quoted", cwd=ws)
    from sourcebook.domain.lint.waivers import load_waivers
    from sourcebook.domain.workspace.layout import Workspace

    rep = lint_html(page.read_bytes(), file="page.html", waivers=load_waivers(Workspace(str(ws))))
    assert rep.ok and rep.gate_note() == "0 errors, 1 waived, 0 unresolved"
    bad = lint_html(_page(body='<img src="x.png">'), file="b.html")
    assert [f.gate_line() for f in bad.failing] == ["a11y.img-alt  b.html:13  image has no alt attribute"]


def test_dir_flag_reads_waivers_from_that_workspace(ws, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(_page(body="<p>Teams leverage the data.</p>"))
    sb("lint", "waive", "copy.buzzword", "--reason", "the vendor's slogan, quoted", cwd=ws)
    assert sb("lint", "page.html", cwd=tmp_path).rc == 2
    assert sb("--dir", str(ws), "lint", "page.html", cwd=tmp_path).rc == 0
    missing = sb("--dir", str(tmp_path / "nowhere"), "lint", "page.html", cwd=tmp_path)
    assert missing.rc == 1 and "E-NOWORKSPACE" in missing.err


def test_linked_style_sheet_is_an_unresolved_value():
    rep = lint_html(_page(head='<link rel="stylesheet" href="site.css">\n'), file="p.html")
    assert rep.unresolved == 1 and "site.css" in rep.unresolved_values[0]


def test_inert_style_elements_are_not_applied():
    body = ('<template><style>p { color: #eeeeee; }</style></template>'
            '<style type="text/x-scss">p { color: #eeeeee; }</style><p>Dark text.</p>')
    rep = lint_html(_page(body=body), file="p.html")
    assert not [f for f in rep.findings if f.rule.startswith("a11y.contrast")]
