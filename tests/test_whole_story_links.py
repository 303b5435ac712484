"""One click to the passage, every quote readable.

`sb add FILE --url URL` records the public address of a local copy; every ledger form links to
the quoted words with a text fragment (#:~:text=), or to the page of a PDF (#page=N) and names
it "p. N" by its printed label; an over-budget quote shows its opening and closing words and its
length, never an offset range alone; a free licence lifts the budget.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest
from conftest import sb
from ledger_helpers import add, claim, last_id

from sourcebook.engines.ledger import quote_view as qv

PAGE = """<!doctype html><html lang="en"><head><title>Ferry notice</title></head><body><main><article>
<h1>Ferry notice</h1>
<p>The Northline ferry accepts Harbour cards on every route, including the night boats &amp; the
summer shuttle, since 1 March 2025.</p>
<p>Fares for adults, children and seniors differ by zone; the well-known day pass costs 9 marks.</p>
</article></main></body></html>
"""
LONG_WORDS = " ".join(f"w{i}" for i in range(300))


def _add(ws, name: str, body: str, *extra: str) -> str:
    (ws / name).write_text(body, encoding="utf-8")
    attest = ["--attest", "saved from the operator's site by the test"] if "--url" in extra else []
    r = sb("add", name, "--tier", "A", "--reason", "the operator's notice", *extra, *attest, cwd=ws)
    assert r.rc == 0, r.both
    return r.out.split()[1]


def _extract(ws):
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both


def _text(ws, sid: str) -> str:
    return (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")


def _decode_fragment(href: str) -> list[str]:
    frag = href.split("#:~:text=", 1)[1]
    return [unquote(t) for t in frag.split(",")]


# ---- the address of a local copy -------------------------------------------------------------

def test_add_url_links_every_ledger_form_to_the_passage(ws):
    sid = _add(ws, "notice.html", PAGE, "--url", "https://ferry.example/notice")
    _extract(ws)
    rec = json.loads((ws / "sources" / sid / "source.json").read_text())
    assert rec["url"] == "https://ferry.example/notice" and rec["kind"] == "file"
    quote = "Fares for adults, children and seniors differ by zone; the well-known day pass costs 9 marks."
    assert quote in _text(ws, sid)
    cid = last_id(add(ws, claim("The day pass costs 9 marks.", "fare.day", kind="number", confidence="verified",
                                evidence=[{"source_id": sid, "quote": quote}])))
    html = sb("ledger", "--html", cwd=ws).out
    href = re.search(r'<a href="([^"]+)" rel="noopener noreferrer">', html).group(1).replace("&amp;", "&")
    assert href.startswith("https://ferry.example/notice#:~:text=")
    start, end = _decode_fragment(href)
    assert start == "Fares for adults, children" and end == "pass costs 9 marks."
    assert "%2C" in href and "%2D" not in href  # the comma inside a term is escaped
    md = sb("ledger", "--md", cwd=ws).out
    assert f"({href})" in md
    data = json.loads(sb("ledger", "--json", cwd=ws).out)
    assert data["ledger"][0]["evidence"][0]["href"] == href
    csl = json.loads(sb("ledger", "--csl", cwd=ws).out)
    item = next(i for i in csl if i["id"] == sid)
    assert item["URL"] == "https://ferry.example/notice"
    assert item["custom"]["citations"] == [{"claim": cid, "URL": href}]
    (ws / "draft.md").write_text(f"The day pass costs 9 marks [@{cid}].\n", encoding="utf-8")
    assert sb("render", "report", "--from", "draft.md", "--style", "evidence", cwd=ws).rc == 0
    report = (ws / "build" / "report.md").read_text(encoding="utf-8")
    assert "[Ferry notice](https://ferry.example/notice)" in report and f"[at the source]({href})" in report


def test_source_set_url_changes_it_and_refuses_what_is_not_http(ws):
    sid = _add(ws, "notice.html", PAGE)
    r = sb("source", "set", sid, "url=https://ferry.example/n2", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-ADD-ATTEST"), r.both  # a tier A file given an address: a capture
    r = sb("source", "set", sid, "url=https://ferry.example/n2", "attest=saved from the operator's site by the test",
           cwd=ws)
    assert r.rc == 0, r.both
    assert json.loads((ws / "sources" / sid / "source.json").read_text())["url"] == "https://ferry.example/n2"
    for bad in ("javascript:alert(1)", "ftp://ferry.example/x", "https://user:pw@ferry.example/x", "notaurl"):
        r = sb("source", "set", sid, f"url={bad}", cwd=ws)
        assert r.rc == 1 and r.err.startswith("E-SOURCE-URL"), (bad, r.both)
    r = sb("add", "notice.html", "--tier", "A", "--reason", "x", "--url", "file:///etc/passwd", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-URL" in r.err
    r = sb("add", "https://ferry.example/x", "--tier", "A", "--reason", "x", "--url", "https://ferry.example/y", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err
    assert sb("source", "set", sid, "url=", cwd=ws).rc == 0
    assert "url" not in json.loads((ws / "sources" / sid / "source.json").read_text())


def test_a_file_without_an_address_is_not_linked(ws):
    sid = _add(ws, "notice.html", PAGE)
    _extract(ws)
    add(ws, claim("The day pass costs 9 marks.", "fare.day", kind="number",
                  evidence=[{"source_id": sid, "quote": "the well-known day pass costs 9 marks."}]))
    assert "<a " not in sb("ledger", "--html", cwd=ws).out


@pytest.mark.parametrize("quote", [
    "accepts Harbour cards on every route, including the night boats & the summer shuttle",
    "the well-known day pass",
    "Der Fährpass kostet 9 Mark – für Erwachsene, Kinder & Senioren",
    "北線フェリーは二〇二五年三月一日から全航路でハーバーカードを受け付けている。",
    "a, b - c & d, e-f,g",
])
def test_text_fragment_terms_escape_reserved_characters_and_round_trip(quote):
    frag = qv.text_fragment(quote)
    assert frag.startswith(":~:text=")
    body = frag[len(":~:text="):]
    terms = body.split(",")
    assert 1 <= len(terms) <= 2
    for t in terms:
        assert not re.search(r"[-&,\s#]", t)  # the reserved characters never appear raw
        assert unquote(t) in quote
        assert not unquote(t).startswith("-") or t.startswith("%2D")
    assert quote.startswith(unquote(terms[0]))
    assert quote.endswith(unquote(terms[-1]))


def test_links_are_http_only_and_escaped():
    src = {"kind": "file", "url": "javascript:alert(1)"}
    assert qv.source_href(src, "words") is None
    src = {"kind": "url", "locator": "https://a.example/p?q=1&r=2", "canonical_locator": "https://a.example/p?q=1&r=2"}
    href = qv.source_href(src, 'say "hi" <b>')
    assert href.startswith("https://a.example/p?q=1&r=2#:~:text=") and '"' not in href and "<" not in href


# ---- every quote readable ----------------------------------------------------------------------

def _long_quote_workspace(ws, licence: str | None):
    body = f"# Paper\n\n{LONG_WORDS}.\n"
    extra = ("--license", licence) if licence else ()
    sid = _add(ws, "paper.md", body, "--url", "https://papers.example/p1", *extra)
    _extract(ws)
    r = add(ws, claim("The paper lists three hundred tokens.", "paper.tokens", confidence="reported",
                      evidence=[{"source_id": sid, "quote": LONG_WORDS + "."}]))
    return sid, r


def test_a_300_word_quote_from_an_unknown_source_shows_an_excerpt_in_every_form(ws):
    sid, r = _long_quote_workspace(ws, None)
    assert "W-QUOTE-LONG" in r.err and "over the budget of 200 characters and 25 words" in r.err
    cid = last_id(r)
    excerpt = "w0 w1 w2 w3 … w296 w297 w298 w299."
    html = sb("ledger", "--html", cwd=ws).out
    assert f'<q class="ledger-quote ledger-excerpt">{excerpt}</q>' in html and "(300 words in full)" in html
    assert not re.search(r"chars \d", html)
    md = sb("ledger", "--md", cwd=ws).out
    assert f'"{excerpt}" (300 words in full)' in md and not re.search(r"chars \d", md)
    (ws / "draft.md").write_text(f"The paper lists its tokens [@{cid}].\n", encoding="utf-8")
    assert sb("render", "report", "--from", "draft.md", "--style", "evidence", cwd=ws).rc == 0
    report = (ws / "build" / "report.md").read_text(encoding="utf-8")
    assert f'  > "{excerpt}" (300 words in full)' in report
    entry = json.loads(sb("ledger", "--json", cwd=ws).out)["ledger"][0]["evidence"][0]
    assert entry["shown"] == "excerpt" and entry["excerpt"] == excerpt and entry["quote"] == LONG_WORDS + "."


def test_a_300_word_quote_from_a_public_domain_source_shows_in_full(ws):
    sid, r = _long_quote_workspace(ws, "public-domain")
    assert "W-QUOTE-LONG" not in r.err
    rec = json.loads((ws / "sources" / sid / "source.json").read_text())
    assert rec["license"] == "public-domain"
    html = sb("ledger", "--html", cwd=ws).out
    assert f'<q class="ledger-quote">{LONG_WORDS}.</q>' in html and "ledger-excerpt" not in html
    md = sb("ledger", "--md", cwd=ws).out
    assert LONG_WORDS in md


def test_public_package_keeps_redaction_and_carries_the_excerpt(ws):
    from test_permissions import build, draft

    ids = build(ws)  # a verified workspace to package
    body = f"# Paper\n\n{LONG_WORDS}.\n"
    sid = _add(ws, "paper.md", body, "--url", "https://papers.example/p1")
    _extract(ws)
    cid = last_id(add(ws, claim("The paper lists three hundred tokens.", "paper.tokens", confidence="reported",
                                evidence=[{"source_id": sid, "quote": LONG_WORDS + "."}])))
    (ws / "draft.md").write_text(draft(ids, f"\nThe paper lists three hundred tokens [@{cid}].\n"), encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    v = sb("verify", cwd=ws)
    assert v.rc == 0, v.both
    r = sb("package", "--out", "dist", "--public", cwd=ws)
    assert r.rc == 0, r.both
    ledger = json.loads((ws / "dist" / "ledger.json").read_text())["ledger"]
    ev = next(e for e in ledger if e["id"] == cid)["evidence"][0]
    assert ev["redacted"] is True and "quote" not in ev and ev["length"] == len(LONG_WORDS) + 1
    assert ev["excerpt"] == "w0 w1 w2 w3 … w296 w297 w298 w299." and len(ev["excerpt"].split()) <= 25
    start, end = _decode_fragment(ev["href"])
    assert start == "w0 w1 w2 w3" and end == "w296 w297 w298 w299."


def test_licence_spellings_and_refusals(ws):
    sid = _add(ws, "a.md", "# A\n\nSome words here.\n", "--license", "CC BY 4.0")
    assert json.loads((ws / "sources" / sid / "source.json").read_text())["license"] == "cc-by"
    r = sb("add", "a.md", "--tier", "A", "--reason", "x", "--license", "all rights reserved", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-SOURCE-LICENSE")
    r = sb("source", "set", sid, "license=cc by-sa", cwd=ws)
    assert r.rc == 0 and json.loads((ws / "sources" / sid / "source.json").read_text())["license"] == "cc-by-sa"
    assert sb("source", "set", sid, "license=whatever", cwd=ws).err.startswith("E-SOURCE-LICENSE")


def test_markup_in_a_quote_is_rendered_not_shown_raw(ws):
    body = "# Doc\n\nUse `from __future__ import annotations` to get the *new* behaviour.\n"
    sid = _add(ws, "doc.md", body)
    _extract(ws)
    add(ws, claim("A future import turns on the new behaviour.", "future.import",
                  evidence=[{"source_id": sid,
                             "quote": "Use `from __future__ import annotations` to get the *new* behaviour."}]))
    html = sb("ledger", "--html", cwd=ws).out
    assert "<code>from __future__ import annotations</code>" in html and "<em>new</em>" in html
    assert "`" not in html
    md = sb("ledger", "--md", cwd=ws).out
    assert "`from __future__ import annotations`" in md and "*new*" in md


# ---- pages of a PDF ----------------------------------------------------------------------------

def test_pdf_citation_names_its_printed_page_and_links_to_it(ws):
    from test_pdf import HAVE_PYPDF, make_pdf

    if not HAVE_PYPDF:
        pytest.skip("pypdf is not installed")
    pages = [[f"Front matter page {i} of the specification."] for i in (1, 2)]
    pages += [[f"Body page {i}: the grid held steady through the week."] for i in range(1, 9)]
    pages[8] = ["Body page 7: demand peaked at 41 gigawatts on Tuesday."]
    raw = make_pdf(pages, "/PageLabels << /Nums [0 << /S /r >> 2 << /S /D >>] >> ")
    (ws / "spec.pdf").write_bytes(raw)
    r = sb("add", "spec.pdf", "--tier", "A", "--reason", "the spec", "--url", "https://grid.example/spec.pdf",
           "--attest", "the grid operator's published spec, saved by the test", cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    _extract(ws)
    pj = json.loads((ws / "sources" / sid / "pages.json").read_text())["pages"]
    assert [p["label"] for p in pj[:3]] == ["i", "ii", "1"] and pj[8]["label"] == "7"
    cid = last_id(add(ws, claim("Demand peaked at 41 gigawatts.", "grid.peak", kind="number", confidence="verified",
                                evidence=[{"source_id": sid, "quote": "demand peaked at 41 gigawatts on Tuesday."}])))
    html = sb("ledger", "--html", cwd=ws).out
    assert '<span class="ledger-page">p. 7</span>' in html
    assert 'href="https://grid.example/spec.pdf#page=9"' in html
    assert "p. 7" in sb("ledger", "--md", cwd=ws).out
    csl = json.loads(sb("ledger", "--csl", cwd=ws).out)
    cite = next(i for i in csl if i["id"] == sid)["custom"]["citations"][0]
    assert cite == {"claim": cid, "label": "page", "locator": "7", "URL": "https://grid.example/spec.pdf#page=9"}
    (ws / "draft.md").write_text(f"Demand peaked at 41 gigawatts [@{cid}].\n", encoding="utf-8")
    assert sb("render", "report", "--from", "draft.md", cwd=ws).rc == 0
    report = (ws / "build" / "report.md").read_text(encoding="utf-8")
    assert re.search(r"- \[1\] \[[^\]]+\]\(https://grid\.example/spec\.pdf\) · tier A · a capture supplied by the author, "
                     r"not fetched by sourcebook; attested: [^·]+ · p\. 7$", report, re.M), report


def test_pdf_without_labels_falls_back_to_the_physical_page(ws):
    from test_pdf import HAVE_PYPDF, make_pdf

    if not HAVE_PYPDF:
        pytest.skip("pypdf is not installed")
    raw = make_pdf([["First page text that is long enough to count."], ["Second page: the quoted sentence is here."]])
    (ws / "plain.pdf").write_bytes(raw)
    sid = sb("add", "plain.pdf", "--tier", "A", "--reason", "x", cwd=ws).out.split()[1]
    _extract(ws)
    assert "label" not in json.loads((ws / "sources" / sid / "pages.json").read_text())["pages"][1]
    add(ws, claim("The sentence is on page two.", "p.two", evidence=[{"source_id": sid, "quote": "the quoted sentence is here."}]))
    assert '<span class="ledger-page">p. 2</span>' in sb("ledger", "--html", cwd=ws).out


@pytest.mark.parametrize("quote, said, unsaid", [
    (" ".join(["word"] * 30), "has 30 words, over the budget of 25 words a quote", "characters,"),
    (" ".join(["characteristically"] * 12), "has 227 characters, over the budget of 200 characters a quote",
     "words,"),
    (LONG_WORDS, "has 1389 characters and 300 words, over the budget of 200 characters and 25 words", ""),
])
def test_a_long_quote_warning_names_only_the_measures_over_the_budget(quote, said, unsaid):
    """A quote of 150 characters and 30 words is over the word budget alone: the warning says so
    and never calls its characters over."""
    from sourcebook.domain.ledger.claim_add import long_quote_warnings

    found = long_quote_warnings({"id": "clm_0123456789ab", "evidence": [{"source_id": "src_a", "quote": quote}]},
                                lambda sid: None)
    assert [f.code for f in found] == ["W-QUOTE-LONG"]
    assert said in found[0].message, found[0].message
    assert not unsaid or unsaid not in found[0].message
