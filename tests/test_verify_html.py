"""The html gate: refs, ledger entries, ordinals, marks, dates, legend, budget, images, pages."""

from __future__ import annotations

import os

import pytest
from conftest import sb
from verify_kit import claim, good_workspace, page, write_claims, write_page, write_plan


@pytest.fixture
def good(ws):
    ids, cs = good_workspace(ws)
    return ws, ids, cs


def codes(r) -> list[str]:
    return [ln.split()[0] for ln in r.err.splitlines() if ln.startswith(("E-", "W-"))]


def order(cs):
    return [c["id"] for c in cs]


def test_at06_dangling_ref_with_html_flag(good, tmp_path):
    root, ids, cs = good
    html = page(cs, order(cs), body_extra='<p><a href="#c-clm_deadbeef0000">x</a></p>')
    p = tmp_path / "elsewhere.html"
    p.write_text(html)
    r = sb("verify", "--html", str(p), cwd=root)
    assert r.rc == 2 and "E-REF-DANGLING" in codes(r) and "clm_deadbeef0000" in r.err


def test_ordinals_must_match_the_ledger(good):
    root, ids, cs = good
    html = page(cs, order(cs)).replace(f'href="#c-{cs[0]["id"]}">1</a>', f'href="#c-{cs[0]["id"]}">7</a>')
    write_page(root, html)
    r = sb("verify", cwd=root)
    assert codes(r) == ["E-ORDINAL-WRONG"] and cs[0]["id"] in r.err and "'7'" in r.err


def test_ledger_entry_numbers_must_match(good):
    root, ids, cs = good
    html = page(cs, order(cs)).replace(f'id="c-{cs[1]["id"]}" value="2"', f'id="c-{cs[1]["id"]}" value="5"')
    write_page(root, html)
    r = sb("verify", cwd=root)
    # the hand-edited number is also a ledger that is not what sourcebook writes
    assert codes(r) == ["E-ORDINAL-WRONG", "E-DERIVED-DRIFT"] and 'value="5"' in r.err


def test_only_ledger_entries_are_ledger_entries(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), body_extra='<h1 id="c-intro">Intro</h1><a href="#c-intro">top</a>'))
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both


def test_orphan_entry_and_stale_ledger(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), skip_blocks=(cs[2]["id"],)))
    r = sb("verify", cwd=root)
    assert codes(r) == ["E-LEDGER-ORPHAN"] and cs[2]["id"] in r.err
    extra = claim(root, "Night service runs on weekends only.", ids["operator"],
                  "The night service runs on weekends only.", topic="ferry.night")
    write_claims(root, cs + [extra])
    write_page(root, page(cs, order(cs)))
    r = sb("verify", cwd=root)
    assert "E-LEDGER-STALE" in codes(r) and extra["id"] in r.err


def test_claim_unknown_and_marks(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), body_extra='<p data-claim="clm_0123456789ab">ghost</p>'))
    assert "E-CLAIM-UNKNOWN" in codes(sb("verify", cwd=root))
    html = page(cs, order(cs)).replace('<span class="mark m-checked"></span>', "", 1)
    write_page(root, html)
    r = sb("verify", cwd=root)
    assert codes(r) == ["E-MARK-WRONG"] and "m-checked" in r.err


def test_nested_block_marks_do_not_count_for_the_parent(good):
    root, ids, cs = good
    a, b = cs[0], cs[2]
    inner = f'<span data-claim="{b["id"]}"><span class="mark m-reported"></span></span>'
    html = page(cs, order(cs)).replace(f'<p data-claim="{a["id"]}">{a["text"]} <span class="mark m-checked"></span>',
                                       f'<p data-claim="{a["id"]}">{a["text"]} {inner}')
    write_page(root, html)
    r = sb("verify", cwd=root)
    assert "E-MARK-WRONG" in codes(r) and a["id"] in r.err


def test_cite_inferred(good):
    root, ids, cs = good
    inf = claim(root, "So a Harbour card is enough for a ferry trip.", None, None, conf="inferred", topic="ferry.inf")
    allc = cs + [inf]
    write_claims(root, allc)
    html = page(allc, order(cs)).replace(f'<p data-claim="{inf["id"]}">{inf["text"]} <span class="mark m-thin"></span>',
                                         f'<p data-claim="{inf["id"]}">{inf["text"]} <span class="mark m-thin"></span>'
                                         f'<sup class="ref"><a href="#c-{inf["id"]}">4</a></sup>')
    write_page(root, html)
    r = sb("verify", cwd=root)
    assert "E-CITE-INFERRED" in codes(r)
    write_page(root, page(allc, order(cs)))
    assert sb("verify", cwd=root).rc == 0  # an uncited inferred entry is not an orphan


def test_at09_volatile_dates(good):
    root, ids, cs = good
    vol = dict(cs[0], volatile=True, as_of="2025-03-01", recheck="https://example.org/status")
    allc = [vol] + cs[1:]
    write_claims(root, allc)
    write_page(root, page(allc, order(allc), ledger=False) )
    r = sb("verify", cwd=root)
    assert "E-ASOF-MISSING" in codes(r) and "E-LEDGER-MISSING" in codes(r)
    write_page(root, page(allc, order(allc)))
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both


def test_legend_count(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), legend=2))
    assert codes(sb("verify", cwd=root)) == ["E-LEGEND"]
    write_page(root, page(cs, order(cs), legend=0))
    assert codes(sb("verify", cwd=root)) == ["E-LEGEND"]


def test_contested_hidden_on_page(good):
    root, ids, cs = good
    allc = [dict(cs[0], confidence="contested")] + cs[1:]
    write_claims(root, allc)
    write_page(root, page(allc, order(allc), skip_blocks=(cs[0]["id"],)))
    r = sb("verify", cwd=root)
    assert "E-CONTESTED-HIDDEN" in codes(r)


def test_quote_budget(good):
    root, ids, cs = good
    long_quote = cs[0]["evidence"][0]["quote"]
    cited = f'<sup class="ref"><a href="#c-{cs[0]["id"]}">1</a></sup><span class="mark m-checked"></span>'
    html = page(cs, order(cs), body_extra=f'<blockquote data-claim="{cs[0]["id"]}">{long_quote}{cited}</blockquote>')
    write_page(root, html)
    assert sb("verify", cwd=root).rc == 0
    from verify_kit import OPERATOR

    sentences = [s for s in OPERATOR.split("\n") if s and not s.startswith("#")]
    many = []
    for i, s in enumerate(sentences + ["Single fares rose", "ferry accepts"]):
        many.append(claim(root, f"Claim number {i} about the ferry.", ids["operator"], s, topic=f"t.n{i}"))
    write_claims(root, cs + many)
    allc = cs + many
    body = "".join(f"<q>{c['evidence'][0]['quote']}</q>" for c in many)
    write_page(root, page(allc, order(allc), body_extra=body))
    r = sb("verify", cwd=root)
    assert "E-QUOTE-BUDGET" in codes(r) and ids["operator"] in r.err


def test_generated_image_in_a_cited_block(good):
    root, ids, cs = good
    img = f'<figure data-claim="{cs[2]["id"]}"><div><img src="gen.png" alt="x" data-origin="generated"></div></figure>'
    write_page(root, page(cs, order(cs), body_extra=img))
    r = sb("verify", cwd=root)
    assert "E-IMG-EVIDENCE" in codes(r) and "gen.png" in r.err


def test_every_shipping_page_is_verified(good):
    root, ids, cs = good
    write_page(root, "<!doctype html><html><body><!-- SB:LEDGER -->\n<!-- /SB:LEDGER --></body></html>", "deck.html")
    write_page(root, "<p>source copy</p>", "answer.src.html")
    write_page(root, "<ol></ol>", "ledger.fragment.html")
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-LEDGER-MISSING  build/deck.html" in r.err
    assert "answer.src.html" not in r.both and "fragment" not in r.both
    os.unlink(os.path.join(root, "build", "deck.html"))
    write_page(root, page(cs, order(cs)), "brief.html")
    r = sb("verify", cwd=root)
    assert r.rc == 0 and "across 2 pages" in r.out


def test_at21a_missing_artifact_does_not_count(good):
    root, ids, cs = good
    r = sb("verify", "--artifact", "deck", cwd=root)
    assert r.rc == 2 and "E-HTML-MISSING" in codes(r)
    assert set(codes(r)) == {"E-HTML-MISSING"}
    from verify_kit import manifest

    assert manifest(root)["revise_count"] == 0
    rows = [ln.split()[1] for ln in r.out.splitlines()[1:-1]]
    assert "html" in rows


def test_non_utf8_page_does_not_crash(good):
    root, ids, cs = good
    data = page(cs, order(cs)).encode() + b"\xff\xfe caf\xe9"
    with open(os.path.join(root, "build", "answer.html"), "wb") as fh:
        fh.write(data)
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both


def test_plan_type_podcast_expects_no_page(good):
    root, ids, cs = good
    os.unlink(os.path.join(root, "build", "answer.html"))
    write_plan(root, order(cs), typ="podcast")
    r = sb("verify", cwd=root)
    assert "no artifact expected (plan.type=podcast)" in r.out


def test_event_handler_markup_in_claim_text_is_just_text(good):
    root, ids, cs = good
    evil = claim(root, '<img src=x onerror="alert(origin)"> fares rose', ids["operator"], "Single fares rose", topic="x.y")
    allc = cs + [evil]
    write_claims(root, allc)
    write_plan(root, order(allc))
    html = page(allc, order(allc))
    assert "onerror=\"alert" not in html.replace("&quot;", "")
    write_page(root, html)
    # its quoted words are no quote's: refused until a person acks them (E-CLAIM-WIDENED)
    assert sb("claim", "ack", evil["id"], "--reason", "a test of escaping", cwd=root).rc == 0
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both
