"""Editions and copies of one document are one document to the reader: one quote budget, one
document in the footer and the Sources list, one search hit naming its editions, one link."""

from __future__ import annotations

import json
import random
import re

import conftest  # noqa: F401
import pytest
from conftest import sb
from editions_kit import QUOTES, URL, add_two_editions, html_pages, pdf_edition
from test_pdf import needs_pypdf

from sourcebook.engines.ledger import editions as ed

pytestmark = needs_pypdf


def _claims(ws, evidence_lists: list[list[tuple[str, str]]]) -> list[str]:
    """One claim per list of (source, quote); its text paraphrases, never copies, the quote."""
    ids = []
    for n, evs in enumerate(evidence_lists):
        c = {"text": f"Point {chr(65 + n)} of the card rules holds (see the quoted rule).", "topic_key": f"rule.{n}",
             "kind": "fact", "confidence": "verified",
             "evidence": [{"source_id": sid, "quote": q} for sid, q in evs]}
        r = sb("claim", "add", "--json", json.dumps(c), cwd=ws)
        assert r.rc == 0, r.both
        ids.append(re.search(r"clm_[0-9a-f]{12}", r.out).group(0))
    return ids


def _render(ws, ids: list[str]):
    body = "\n\n".join(f"The card rules say so [@{cid}]." for cid in ids)
    (ws / "draft.md").write_text(f"# How the card works\n\n{body}\n", encoding="utf-8")
    return sb("render", "answer", cwd=ws)


def _page(ws) -> str:
    return (ws / "build" / "answer.html").read_text(encoding="utf-8")


@pytest.fixture
def two(ws, tmp_path):
    h, p = add_two_editions(ws, tmp_path)
    rec = json.loads((ws / "sources" / p / "source.json").read_text())
    other = json.loads((ws / "sources" / h / "source.json").read_text())
    assert rec.get("same_as") == h or other.get("same_as") == p  # detected as one document
    return ws, h, p


def test_render_never_fails_its_own_budget_when_editions_quote_the_same_words(two):
    ws, h, p = two
    # three HTML quotes use up the document's budget; the fourth claim cites the same sentence in
    # both editions: it must not be shown in full from the PDF (and then counted against the HTML)
    ids = _claims(ws, [[(h, QUOTES[0])], [(h, QUOTES[1])], [(h, QUOTES[2])], [(h, QUOTES[3]), (p, QUOTES[3])]])
    r = _render(ws, ids)
    assert r.rc == 0, r.both
    v = sb("verify", cwd=ws)
    assert v.rc == 0, v.both
    page = _page(ws)
    assert QUOTES[3] not in page  # shown as an excerpt from both editions
    assert page.count('<q class="ledger-quote">') == 3


def test_one_budget_per_document_whatever_edition_each_quote_comes_from(two):
    ws, h, p = two
    rng = random.Random(7)
    ids: list[str] = []
    for trial in range(3):
        picks = rng.sample(range(len(QUOTES)), 6)
        evs = [[(rng.choice((h, p)), QUOTES[i])] for i in picks]
        evs[-1].append((h if evs[-1][0][0] == p else p, evs[-1][0][1]))  # one sentence from both editions
        if not ids:
            ids = _claims(ws, evs)
        else:
            for cid, e in zip(ids, evs, strict=True):
                r = sb("claim", "evidence", cid, "--json", json.dumps([{"source_id": s, "quote": q} for s, q in e]),
                       cwd=ws)
                assert r.rc == 0, r.both
            shown = json.loads(sb("claim", "show", ids[-1], "--json", cwd=ws).out)
            assert [(x["source_id"], x["quote"]) for x in shown["evidence"]] == evs[-1]
        r = _render(ws, ids)
        assert r.rc == 0, r.both
        v = sb("verify", cwd=ws)
        assert v.rc == 0 and "E-QUOTE-BUDGET" not in v.both, (trial, v.both)
        # the document shows at most 3 quotes in full, though both editions are cited
        assert _page(ws).count('<q class="ledger-quote">') <= 3


def test_the_gate_counts_editions_together(two):
    ws, h, p = two
    ids = _claims(ws, [[(h, QUOTES[0])], [(h, QUOTES[1])], [(p, QUOTES[6])], [(p, QUOTES[9])]])
    assert _render(ws, ids).rc == 0
    page = _page(ws)
    assert page.count('<q class="ledger-quote">') == 3  # four quotes of one document: one excerpted
    # a page showing the fourth quote in full (written by hand) is refused, naming both editions
    tampered = page.replace('<q class="ledger-quote ledger-excerpt">', '<q class="ledger-quote">' + QUOTES[9] + " ", 1)
    (ws / "build" / "answer.html").write_text(tampered, encoding="utf-8")
    v = sb("verify", cwd=ws)
    assert v.rc == 2 and "E-QUOTE-BUDGET" in v.both, v.both
    line = next(x for x in v.both.splitlines() if x.startswith("E-QUOTE-BUDGET"))
    assert h in line and p in line and "one document" in line


def test_the_footer_counts_one_document_and_names_its_editions(two):
    ws, h, p = two
    ids = _claims(ws, [[(h, QUOTES[0])], [(p, QUOTES[6])]])
    assert _render(ws, ids).rc == 0
    footer = re.search(r"<!-- SB:SOURCES -->(.*?)<!-- /SB:SOURCES -->", _page(ws)).group(1)
    assert footer == "1 of the 1 source read (in PDF and HTML)"
    assert sb("verify", cwd=ws).rc == 0
    # a footer edited to count the editions as two sources, or to carry words of its own in the
    # editions' place, is drift
    good = _page(ws)
    for bad in ("2 of the 2 sources read", "1 of the 1 source read (in fact the fare is 9 marks)"):
        (ws / "build" / "answer.html").write_text(good.replace(footer, bad), encoding="utf-8")
        v = sb("verify", cwd=ws)
        assert v.rc == 2 and "E-DERIVED-DRIFT" in v.both and "in PDF and HTML" in v.both, (bad, v.both)


def test_display_fields_in_a_record_on_disk_are_ignored(two):
    ws, h, p = two
    path = ws / "sources" / p / "source.json"
    rec = json.loads(path.read_text())
    rec["_link"] = {"url": "javascript:alert(1)", "pdf": False, "from": h}
    rec["_edition"] = ["Forged title", "HTML"]
    path.write_text(json.dumps(rec), encoding="utf-8")
    _claims(ws, [[(p, QUOTES[6])]])
    html = sb("ledger", cwd=ws).out
    assert "javascript:" not in html and "Forged title" not in html
    assert f'href="{URL}#:~:text=' in html  # the real sibling's address


def test_the_sources_list_lists_one_document_with_both_editions(two):
    ws, h, p = two
    _claims(ws, [[(h, QUOTES[0])], [(p, QUOTES[6])]])
    md = sb("ledger", "--sources", cwd=ws).out
    assert md.count("\n## ") == 1, md
    assert "## Harbour Ferry Card Specification" in md  # the HTML's title, not the PDF's file name
    assert "1 document in 2 sources" in md and "one document in" in md
    assert re.search(rf"- PDF `{p}`", md) and re.search(rf"- HTML `{h}`", md)
    assert "supports 2 claim(s)" in md


def test_the_pdf_added_from_a_file_links_to_its_html_twin(two):
    ws, h, p = two
    _claims(ws, [[(p, QUOTES[6])]])
    href = json.loads(sb("ledger", "--json", cwd=ws).out)["ledger"][0]["evidence"][0]["href"]
    assert href.startswith(URL + "#:~:text="), href  # a text fragment finds the same words on the page
    html = sb("ledger", cwd=ws).out
    assert f'href="{URL}#:~:text=' in html and "Harbour Ferry Card Specification (PDF)" in html
    # the report's Sources entry names the document and its edition, and links to the page
    block = sb("check-draft", "--only", p, cwd=ws).out
    assert f"Harbour Ferry Card Specification \\(PDF\\)]({URL})" in block, block
    # nothing is stored: the link is the sibling's, lent for display
    assert "url" not in json.loads((ws / "sources" / p / "source.json").read_text())


def test_search_shows_one_hit_for_a_passage_in_both_editions(two):
    ws, h, p = two
    r = sb("search", "adult trip costs three marks", "--json", cwd=ws)
    assert r.rc == 0, r.both
    hits = json.loads(r.out)
    holding = [x for x in hits if "adult trip" in x["preview"] or any(
        "adult" in json.dumps(a) for a in x.get("also_in", []))]
    first = hits[0]
    assert {first["source_id"]} | {a["source_id"] for a in first.get("also_in", [])} == {h, p}, hits
    assert len([x for x in hits if x["source_id"] in (h, p) and x is not first
                and "adult trip" in x["preview"]]) == 0, holding
    also = first["also_in"][0]
    assert also["edition"] in ("PDF", "HTML") and [x["rank"] for x in hits] == list(range(1, len(hits) + 1))
    if also["edition"] == "PDF":
        assert also["page"] == "1"
    text = sb("search", "adult trip costs three marks", cwd=ws).out
    assert re.search(r"also in: src_[0-9a-f]{12}, (PDF p\. 1|HTML)  \(sb quote src_", text), text


def test_search_keeps_passages_of_one_source_and_of_unrelated_sources_apart(ws):
    from text_sources import indexed

    a, b = indexed(ws, "# A\n\nThe harbour card is accepted on the inner lines.\n\n## B\n\nThe harbour card is "
                       "accepted on the inner lines and more.\n",
                   "# C\n\nThe harbour card is accepted on the inner lines.\n")
    hits = json.loads(sb("search", "harbour card accepted", "--json", cwd=ws).out)
    assert {x["source_id"] for x in hits} == {a, b} and not any("also_in" in x for x in hits)


def test_find_lists_a_nearest_passage_once_for_both_editions(two):
    ws, h, p = two
    r = sb("find", "A single adult trip costs four marks and forty pennies when paid with the card.", cwd=ws)
    assert r.rc == 1
    nearest = [x for x in r.err.splitlines() if x.strip().startswith("nearest:")]
    texts = [x.split("  ", 3)[-1][:40] for x in nearest]
    assert len(texts) == len(set(texts)), r.err  # no passage listed twice from two editions
    assert "also in:" in r.err


def test_check_draft_warns_when_two_numbers_cite_one_document(two):
    ws, h, p = two
    _claims(ws, [[(h, QUOTES[3])], [(p, QUOTES[6])]])
    r = sb("check-draft", "--only", f"{h},{p}", cwd=ws)
    assert r.rc == 0, r.both
    draft = ("A single adult trip is paid with the card [1]. A reader checks the card at the gate [2].\n\n"
             + r.out)
    (ws / "chat.md").write_text(draft, encoding="utf-8")
    c = sb("check-draft", "chat.md", cwd=ws)
    assert "W-CITE-SAME-DOCUMENT" in c.both and "[1]" in c.both and "[2]" in c.both, c.both
    assert sb("check-draft", "chat.md", "--strict", cwd=ws).rc == 2
    # declared independent: no warning
    assert sb("source", "set", p if json.loads((ws / "sources" / p / "source.json").read_text()).get("same_as")
              else h, "same_as=none", cwd=ws).rc == 0
    assert "W-CITE-SAME-DOCUMENT" not in sb("check-draft", "chat.md", cwd=ws).both


@pytest.mark.parametrize("pdf_first", [True, False])
def test_a_document_over_two_html_pages_and_a_pdf_is_one_document(ws, tmp_path, pdf_first):
    (tmp_path / "spec.pdf").write_bytes(pdf_edition())
    ids = []
    files = [("spec.pdf", None), *[(f"part{n}.html", t) for n, t in enumerate(html_pages(), 1)]]
    # the pages first: each page is compared before the PDF has a text, and the two pages share
    # no passage; the PDF then brings both into one document
    for name, data in files if pdf_first else files[1:] + files[:1]:
        if data is not None:
            (tmp_path / name).write_text(data, encoding="utf-8")
        extra = ["--url", f"{URL}/{name}", "--attest", "saved from the publisher's site"] if data is not None else []
        r = sb("add", str(tmp_path / name), *extra, "--tier", "A", "--reason", "the spec", "--allow-outside", cwd=ws)
        assert r.rc == 0, r.both
        ids.append(re.search(r"src_[0-9a-f]{12}", r.out).group(0))
        assert sb("extract", cwd=ws).rc == 0  # each edition is compared with those before it
    for cmd in ("chunk", "index"):
        assert sb(cmd, cwd=ws).rc == 0
    pdf, one, two_ = ids if pdf_first else ids[2:] + ids[:2]
    cids = _claims(ws, [[(one, QUOTES[3])], [(two_, QUOTES[6])], [(pdf, QUOTES[9])]])
    assert _render(ws, cids).rc == 0
    footer = re.search(r"<!-- SB:SOURCES -->(.*?)<!-- /SB:SOURCES -->", _page(ws)).group(1)
    assert footer == "1 of the 1 source read (in PDF and 2 HTML)", footer
    assert sb("verify", cwd=ws).rc == 0
    hits = json.loads(sb("search", "gate reader checks the card", "--json", cwd=ws).out)
    top = hits[0]
    assert {top["source_id"]} | {a["source_id"] for a in top.get("also_in", [])} == {pdf, two_}, hits


# ---- the pure rules ------------------------------------------------------------------------

def test_editions_text_and_labels():
    assert ed.editions_text(["PDF", "HTML"]) == "PDF and HTML"
    assert ed.editions_text(["PDF", "HTML", "HTML", "text"]) == "PDF, 2 HTML and text"
    assert ed.editions_text(["HTML"]) == "HTML"
    assert ed.edition_label({"media_type": "application/pdf"}) == "PDF"
    assert ed.edition_label({"media_type": "text/html; charset=utf-8"}) == "HTML"
    assert ed.edition_label({"kind": "text"}) == "text"


def test_footer_counts_documents_and_only_names_groups_it_cites():
    srcs = {"a": {"media_type": "text/html", "status": "ready"},
            "b": {"media_type": "application/pdf", "same_as": "a", "status": "ready"},
            "c": {"media_type": "text/html", "status": "ready"},
            "d": {"media_type": "text/html", "same_as": "c", "status": "ready"}}
    assert ed.footer_counts(["a", "b"], srcs, srcs) == (1, 2, "in PDF and HTML")
    assert ed.footer_counts(["b", "c"], srcs, srcs) == (2, 2, "1 in PDF and HTML, 1 in 2 HTML")
    assert ed.footer_counts(["a"], ["a", "c", "d"], srcs) == (1, 2, "")  # its PDF was not read


def test_lent_links_only_fill_a_missing_address():
    srcs = {"a": {"kind": "url", "url": "https://x.example/doc", "media_type": "text/html"},
            "b": {"kind": "file", "locator": "/tmp/doc.pdf", "media_type": "application/pdf", "same_as": "a"},
            "c": {"kind": "file", "locator": "/tmp/other.pdf", "media_type": "application/pdf"}}
    assert ed.lent_links(srcs) == {"b": {"url": "https://x.example/doc", "pdf": False, "from": "a"}}
