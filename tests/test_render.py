"""sb render: a Markdown draft becomes a page that passes sb verify by construction."""

from __future__ import annotations

import json
import re

import pytest
from conftest import sb
from render_kit import build, draft


@pytest.fixture
def kit(ws):
    ids = build(ws)
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    return ws, ids


def test_answer_renders_and_verifies(kit):
    ws, ids = kit
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.splitlines()[0] == "wrote build/answer.html"
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    v = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert v.rc == 0, v.both + page
    lint = sb("lint", "build/answer.html", cwd=ws)
    assert lint.rc == 0 and "0 unresolved" in lint.out, lint.out


def test_page_markup(kit):
    ws, ids = kit
    assert sb("render", "answer", cwd=ws).rc == 0
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert "<title>Can the pass pay a water bus fare?</title>" in page
    assert f'<p data-claim="{ids["pass"]} {ids["fare"]}">' in page
    # ordinal superscripts link to the ledger, numbered in reading order, with brackets a reader
    # does not see but copied text keeps; the last word, refs, marks, as-of and stop never break
    # apart (no space before the <sup>; the marks and the stop in a span that never wraps)
    assert (f'W2<sup class="ref"><a href="#c-{ids["pass"]}"><span class="ref-sep"> '
            '[</span>1<span class="ref-sep">]</span></a></sup><span class="cite-tail">\u00a0<span class="mark '
            'm-checked">checked</span>\u00a0<span class="mark m-moving">moving</span>\u00a0<span class="as-of">as of '
            '2026-10-14</span>.</span>') in page
    # inferred: thin mark, no superscript
    li = re.search(rf'<li data-claim="{ids["guess"]}">(.*?)</li>', page).group(1)
    assert "m-thin" in li and "sup" not in li
    # both sides of the contested pair, the contents, the ledger, the footer
    assert page.count("m-contested") >= 3
    assert '<a href="#sec-where-the-pass-works">Where the pass works</a>' in page
    assert re.search(r'<!-- SB:LEDGER -->\n<ol class="ledger">', page)
    assert '<time datetime="2026-01-01">2026-01-01</time>' in page


def test_render_is_deterministic(kit):
    ws, _ = kit
    sb("render", "answer", cwd=ws)
    first = (ws / "build" / "answer.html").read_bytes()
    sb("render", "answer", cwd=ws)
    assert (ws / "build" / "answer.html").read_bytes() == first


@pytest.mark.parametrize("kind", ["brief", "deck"])
def test_other_types_verify(kit, kind):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids).replace("## How many ride", "---\n\n## How many ride"), encoding="utf-8")
    r = sb("render", kind, cwd=ws)
    assert r.rc == 0, r.both
    v = sb("verify", "--html", f"build/{kind}.html", cwd=ws)
    assert v.rc == 0, v.both
    lint = sb("lint", f"build/{kind}.html", cwd=ws)
    assert lint.rc == 0 and "0 error(s), 0 warn(s), 0 waived, 0 unresolved" in lint.out, lint.out


def test_deck_slides_and_notes(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids).replace("## How many ride", "---\n\n## How many ride"), encoding="utf-8")
    assert sb("render", "deck", cwd=ws).rc == 0
    page = (ws / "build" / "deck.html").read_text(encoding="utf-8")
    assert '<li class="slide" id="s2">' in page and '<li class="slide" id="s3">' in page
    assert '<aside class="notes" aria-label="Speaker notes, slide 2">' in page
    assert "Source: Water bus status, tier A" in page


def test_unknown_id_names_the_line(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids, "\nOne more [@clm_000000000000].\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1
    assert "E-DRAFT-CLAIM  draft.md:13  clm_000000000000 is not in the ledger" in r.err
    assert not (ws / "build" / "answer.html").exists()


def test_superseded_and_malformed_refs(kit):
    ws, ids = kit
    import json

    data = json.loads((ws / "ledger" / "claims.json").read_text())
    for c in data["claims"]:
        if c["id"] == ids["fare"]:
            c["status"] = "retracted"
    (ws / "ledger" / "claims.json").write_text(json.dumps(data))
    (ws / "draft.md").write_text(draft(ids, "\nBad [@clm_xyz] ref.\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1
    assert f"draft.md:5  {ids['fare']} is retracted" in r.err
    assert "[@clm_xyz] is not a claim reference" in r.err


def test_every_citable_claim_must_be_placed(kit):
    ws, ids = kit
    text = draft(ids).replace(f"the trade press 38,500 [@{ids['ride_b']}]", "the trade press more")
    (ws / "draft.md").write_text(text, encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1
    assert f"E-DRAFT-UNCITED  {ids['ride_b']}" in r.both and "show both sides" in r.both


def test_missing_or_empty_draft(kit):
    ws, _ = kit
    r = sb("render", "brief", "--from", "nope.md", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-DRAFT  nope.md")
    (ws / "empty.md").write_text("# Only a title\n", encoding="utf-8")
    r = sb("render", "brief", "--from", "empty.md", cwd=ws)
    assert r.rc == 1 and "E-DRAFT  empty.md" in r.err


def test_explainer_limits(kit):
    ws, ids = kit
    long = " ".join(["word"] * 70)
    (ws / "draft.md").write_text(draft(ids, f"\n{long}\n"), encoding="utf-8")
    r = sb("render", "explainer", cwd=ws)
    assert r.rc == 1 and "E-DRAFT-LIMIT" in r.err and "at most 60 words" in r.err


def test_explainer_renders_with_a_visual(kit):
    ws, ids = kit
    short = (f"The pass works on W1 and W2 [@{ids['pass']}]. Fares are 3.40 marks [@{ids['fare']}]. "
             f"Riders: 31,000 [@{ids['ride_a']}] or 38,500 [@{ids['ride_b']}].\n\nMaybe more soon [@{ids['guess']}].\n")
    (ws / "draft.md").write_text(short, encoding="utf-8")
    r = sb("render", "explainer", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "explainer.html").read_text(encoding="utf-8")
    assert "<svg" in page and "<title id=\"chart-title\">" in page
    v = sb("verify", "--html", "build/explainer.html", cwd=ws)
    assert v.rc == 0, v.both
    assert sb("lint", "build/explainer.html", cwd=ws).rc == 0


def test_an_explainer_names_its_missing_thesis_when_a_claim_is_cited_only_there(kit):
    """The explainer shows no standfirst: a claim the plan's thesis cites and the body does not
    is uncited, and the finding says why; a claim cited nowhere keeps the plain finding."""
    ws, ids = kit
    (ws / "plan.json").write_text(json.dumps({
        "schema_version": 1, "type": "explainer", "title": "Water bus",
        "thesis": f"A single fare costs 3.40 marks [@{ids['fare']}].",
        "sections": [{"id": "main", "heading": "Main",
                      "claim_ids": sorted(ids[k] for k in ("pass", "fare", "ride_a", "ride_b", "guess"))}]}),
        encoding="utf-8")
    short = f"Riders: 31,000 [@{ids['ride_a']}] or 38,500 [@{ids['ride_b']}].\n\nMaybe more soon [@{ids['guess']}].\n"
    (ws / "draft.md").write_text(short, encoding="utf-8")
    r = sb("render", "explainer", cwd=ws)
    assert r.rc == 1, r.both
    fare = next(ln for ln in r.err.splitlines() if ln.startswith(f"E-DRAFT-UNCITED  {ids['fare']}"))
    assert "cited only in plan.json's thesis, which an explainer does not show" in fare, fare
    plain = next(ln for ln in r.err.splitlines() if ln.startswith(f"E-DRAFT-UNCITED  {ids['pass']}"))
    assert "thesis" not in plain and "the ledger lists it" in plain, plain


def test_infographic_figures_are_number_claims(kit):
    ws, ids = kit
    bad = draft(ids, "\nAbout 12 boats run.\n")
    (ws / "draft.md").write_text(bad, encoding="utf-8")
    r = sb("render", "infographic", cwd=ws)
    assert r.rc == 1 and "E-DRAFT-LIMIT  draft.md:13" in r.err
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    r = sb("render", "infographic", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "infographic.html").read_text(encoding="utf-8")
    assert '<span class="figure-value">31,000</span>' in page
    assert sb("verify", "--html", "build/infographic.html", cwd=ws).rc == 0
    lint = sb("lint", "build/infographic.html", cwd=ws)
    assert lint.rc == 0, lint.out


def test_prose_is_escaped(kit):
    ws, ids = kit
    # raw HTML and a link that is not http(s) are outside the draft's subset: refused with the
    # line named, never rendered and never flattened into text
    (ws / "draft.md").write_text(draft(ids, '\n<script>alert(1)</script> and **bold**\n'), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-DRAFT-SUBSET  draft.md:13  raw HTML")
    (ws / "draft.md").write_text(draft(ids, '\nSee [x](javascript:alert(1)) and **bold**\n'), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-DRAFT-SUBSET  draft.md:13") and "not an http(s) address" in r.err
    assert not (ws / "build" / "answer.html").exists()
    (ws / "draft.md").write_text(draft(ids, '\nWhen a < b & c > d, say "so" **bold**\n'), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    # written, and the uncited sentence named at its draft line with verify's own code (exit 2)
    assert r.rc == 2 and "wrote build/answer.html" in r.out and "E-PAGE-UNCITED  draft.md:13" in r.err, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert "When a &lt; b &amp; c &gt; d, say &quot;so&quot; <strong>bold</strong>" in page


PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def _images(ws, mode="source", ids=None):
    import base64
    import json

    (ws / "assets" / "bay.png").write_bytes(base64.b64decode(PNG_B64))
    (ws / "assets" / "credits.json").write_text(json.dumps({
        "bay.png": {"origin": "sourced", "source": "https://photos.example/bay", "credit": "Photo: R. Quay",
                    "license": "CC BY 4.0"}}), encoding="utf-8")
    (ws / "plan.json").write_text(json.dumps({"schema_version": 1, "type": "answer", "title": "Water bus",
                                              "thesis": f"The pass works on two routes [@{ids['pass']}]." if ids
                                              else "The pass works on two routes.",
                                              "images": {"mode": mode, "slots": []},
                                              "sections": [{"id": "answer", "heading": "Answer",
                                                            "claim_ids": sorted((ids or {}).get(k) for k in
                                                                                ("pass", "fare", "ride_a", "ride_b")
                                                                                if ids)}]}),
                                 encoding="utf-8")


def test_sourced_image_is_inlined_credited_and_verifies(kit):
    ws, ids = kit
    _images(ws, ids=ids)
    (ws / "draft.md").write_text(draft(ids, "\n![The bay at dawn](assets/bay.png) [framing]\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert 'src="data:image/png;base64,' in page and 'data-asset="bay.png"' in page and 'alt="The bay at dawn"' in page
    assert '<a href="https://photos.example/bay" rel="nofollow noopener">Photo: R. Quay</a> (CC BY 4.0)' in page
    assert sb("licenses", cwd=ws).rc == 0
    v = sb("verify", cwd=ws)
    assert v.rc == 0, v.both


def test_image_refusals(kit):
    import json

    ws, ids = kit
    _images(ws, mode="none")
    (ws / "draft.md").write_text(draft(ids, "\n![The bay](assets/bay.png)\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and "E-DRAFT-IMAGE  draft.md:13  plan.json images.mode is none" in r.err
    _images(ws, mode="generate")
    (ws / "assets" / "credits.json").write_text(json.dumps({"bay.png": {"origin": "generated", "generator": "a model",
                                                                        "prompt": "a bay at dawn"}}), encoding="utf-8")
    (ws / "draft.md").write_text(draft(ids, "![The bay](assets/bay.png)\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and "would look like evidence" in r.err
    (ws / "draft.md").write_text(draft(ids, "\n## A picture\n\n![The bay](assets/bay.png)\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    # the picture is accepted; the kit's page fails the gate for its plan alone (exit 2, written)
    assert r.rc == 2 and "wrote build/answer.html" in r.out and "E-IMG" not in r.err, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert 'data-origin="generated"' in page and "Generated illustration" in page
    assert sb("licenses", cwd=ws).rc == 0
    (ws / "draft.md").write_text(draft(ids, "\n![A missing one](assets/nope.png)\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and "no file assets/nope.png" in r.err
    (ws / "assets" / "credits.json").write_text("{}", encoding="utf-8")
    (ws / "draft.md").write_text(draft(ids, "\n## A picture\n\n![The bay](assets/bay.png)\n"), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-IMG-UNCREDITED  bay.png")


def test_share_alike_image_ships(kit):
    """A CC BY-SA image warns in sb licenses and still passes sb verify."""
    import json

    ws, ids = kit
    _images(ws, ids=ids)
    (ws / "assets" / "credits.json").write_text(json.dumps({"bay.png": {
        "origin": "sourced", "source": "https://photos.example/bay", "credit": "Photo: R. Quay",
        "license": "CC BY-SA 4.0"}}), encoding="utf-8")
    (ws / "draft.md").write_text(draft(ids, "\n![The bay at dawn](assets/bay.png) [framing]\n"), encoding="utf-8")
    assert sb("render", "answer", cwd=ws).rc == 0
    lic = sb("licenses", cwd=ws)
    assert lic.rc == 0 and "W-IMG-SHAREALIKE  bay.png" in lic.out
    v = sb("verify", cwd=ws)
    assert v.rc == 0, v.both


def test_a_page_beside_the_answer_may_cite_a_subset(kit):
    ws, ids = kit
    short = (f"The pass works on W1 and W2 [@{ids['pass']}]. "
             f"Riders: 31,000 [@{ids['ride_a']}] or 38,500 [@{ids['ride_b']}].\n")
    (ws / "sub.md").write_text(short, encoding="utf-8")
    assert sb("render", "answer", cwd=ws).rc == 0
    r = sb("render", "explainer", "--from", "sub.md", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "explainer.html").read_text(encoding="utf-8")
    assert 'data-scope="cited"' in page and f'id="c-{ids["fare"]}"' not in page
    v = sb("verify", cwd=ws)
    assert v.rc == 0, v.both
    # hiding one side of a contested pair is still refused
    (ws / "sub.md").write_text(f"The pass works on W1 and W2 [@{ids['pass']}]. Riders: 31,000 [@{ids['ride_a']}].\n")
    r = sb("render", "explainer", "--from", "sub.md", cwd=ws)
    assert r.rc == 1 and f"E-DRAFT-UNCITED  {ids['ride_b']}" in r.both


def test_the_main_artifact_may_not_carry_a_subset_ledger(kit):
    ws, ids = kit
    assert sb("render", "answer", cwd=ws).rc == 0
    path = ws / "build" / "answer.html"
    page = path.read_text(encoding="utf-8")
    start = page.index(f'  <li class="ledger-entry" id="c-{ids["fare"]}"')
    end = page.index("</li>", start) + len("</li>\n")
    page = page[:start] + page[end:]
    path.write_text(page.replace('<ol class="ledger">', '<ol class="ledger" data-scope="cited">'), encoding="utf-8")
    sb("plan", "--type", "answer", "--title", "Water bus", "--thesis", "The pass works on most routes.", cwd=ws)
    v = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert v.rc == 2 and f"E-LEDGER-STALE  {ids['fare']}" in v.both


@pytest.mark.parametrize("kind", ["brief", "deck", "explainer"])
def test_a_page_beside_the_answer_lists_the_thesis_claims_it_shows(kit, kind):
    """A page beside the plan's answer carries a ledger of the claims it cites; the plan's thesis
    it shows as its standfirst cites too, so those claims are in its ledger even when its body
    does not cite them (else the page links to ledger entries it lacks)."""
    import json

    ws, ids = kit
    (ws / "plan.json").write_text(json.dumps({
        "schema_version": 1, "type": "answer", "title": "Water bus",
        "thesis": f"A single fare costs 3.40 marks [@{ids['fare']}].",
        "sections": [{"id": "answer", "heading": "Answer",
                      "claim_ids": sorted(ids[k] for k in ("pass", "fare", "ride_a", "ride_b", "guess"))}]}),
        encoding="utf-8")
    body = draft(ids).replace(f" A single fare is 3.40 marks [@{ids['fare']}].", "")
    assert ids["fare"] not in body
    (ws / "draft.md").write_text(body, encoding="utf-8")
    r = sb("render", kind, cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / f"{kind}.html").read_text(encoding="utf-8")
    ledger = page[page.index('<ol class="ledger" data-scope="cited">'):]
    shows_thesis = f'href="#c-{ids["fare"]}"' in page[:page.index('<ol class="ledger"')]
    assert shows_thesis == (kind != "explainer")  # the explainer has no standfirst
    assert (f'id="c-{ids["fare"]}"' in ledger) == shows_thesis
    v = sb("verify", "--html", f"build/{kind}.html", cwd=ws)
    assert v.rc == 0, v.both


@pytest.mark.parametrize("text, lang", [
    ("Kindleのショートカットキーを「なし」にします [@clm_0123456789ab]。", "ja"),
    ("新的读卡器将于十一月安装 [@clm_0123456789ab]。W3航路也一样。", "zh"),
    ("Новые считыватели установят в ноябре на маршруте W3 [@clm_0123456789ab].", "ru"),
    ("The pass is accepted on W1 and W2 [@clm_0123456789ab].", "en"),
    ("Le passe est accepté sur W1 et W2.", "en"),  # no table, no script of its own: English words
    ("Kindle for PC の Ctrl+Alt+K は KeePass と重なる。", "ja"),  # Latin names among kana
])
def test_a_page_language_is_read_from_the_draft(text, lang):
    from sourcebook.domain.artifacts.labels import page_lang

    assert page_lang(None, text) == lang
    assert page_lang({"lang": "pt-BR"}, text) == "pt-BR"  # the plan's lang wins
    assert page_lang({"lang": "not a tag"}, text) == lang


@pytest.mark.parametrize("kind", ["answer", "brief", "explainer", "deck", "infographic"])
@pytest.mark.parametrize("lang", ["ja", "zh", "ru"])
def test_every_template_word_has_its_translation(kind, lang):
    """Every fixed word of the templates the table translates is translated: no English label is
    left beside translated ones (the mark names stay, as the page's marks do)."""
    from sourcebook.domain.artifacts.labels import LABELS
    from sourcebook.domain.artifacts.templates import load_template

    page = load_template(kind, lang)
    assert f'<html lang="{lang}"' in page
    for en in LABELS[lang]:
        assert f">{en}<" not in page and f"> {en}<" not in page and f'aria-label="{en}"' not in page, en


@pytest.mark.parametrize("lang", ["ja", "zh", "ru"])
def test_the_plan_sets_the_page_language_and_the_page_verifies(kit, lang):
    """`sb plan --lang ja`: the page is lang="ja" with the template's words in Japanese and still
    passes verify (those words are sourcebook's own, not uncited prose); unset, the English draft
    gives an English page."""
    ws, ids = kit
    assert sb("render", "answer", cwd=ws).rc == 0
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in page and ">Contents<" in page and ">Ledger<" in page
    from sourcebook.domain.artifacts.labels import LABELS

    r = sb("plan", "--type", "answer", "--lang", lang, cwd=ws)
    assert r.rc == 0, r.both
    plan = json.loads((ws / "plan.json").read_text(encoding="utf-8"))
    assert plan["lang"] == lang
    plan["sections"][0]["claim_ids"] = sorted(v for k, v in ids.items() if not k.startswith("src"))
    (ws / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0, r.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    words = LABELS[lang]
    assert f'<html lang="{lang}"' in page and f">{words['Contents']}<" in page and f">{words['Ledger']}<" in page
    assert words["Skip to the answer"] in page and words["verified against a tier A or B source"] in page
    assert ">Contents<" not in page and "verified against a tier A or B source" not in page
    v = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert v.rc == 0, v.both
    r = sb("plan", "--lang", "not a tag", cwd=ws)
    assert r.rc == 1 and "E-SCHEMA" in r.err, r.both
    assert sb("plan", "--lang", "", cwd=ws).rc == 0
    assert sb("render", "answer", cwd=ws).rc == 0
    assert '<html lang="en"' in (ws / "build" / "answer.html").read_text(encoding="utf-8")


def test_a_draft_of_a_cited_table_has_prose_and_one_of_headings_has_none(kit):
    """An infographic's figures may stand in a table alone: a table whose cells cite claims carries
    the page; a draft of headings (or of a table citing nothing) is still refused as empty."""
    ws, ids = kit
    table = ("# Fares\n\n## The fare\n\n| What | Fare |\n|---|---|\n"
             f"| A single adult ride | A single adult fare is 3.40 marks [@{ids['fare']}]. |\n")
    (ws / "table.md").write_text(table, encoding="utf-8")
    r = sb("check-draft", "table.md", "--as", "infographic", cwd=ws)
    assert "no prose" not in r.err, r.both
    (ws / "bare.md").write_text("# Fares\n\n## The fare\n\n| What | Fare |\n|---|---|\n| A ride | fares vary |\n",
                                encoding="utf-8")
    r = sb("check-draft", "bare.md", "--as", "infographic", cwd=ws)
    assert r.rc != 0 and "E-DRAFT" in r.err and "no prose" in r.err, r.both
