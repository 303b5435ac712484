"""One small document in several editions: a PDF, a single HTML page, and the same text split
over two HTML pages. Built in the test (no binary fixture): the PDF by ``test_pdf.make_pdf``."""

from __future__ import annotations

import html
import re

from conftest import sb
from test_pdf import make_pdf

TITLE = "Harbour Ferry Card Specification"
SECTIONS = [
    ("Scope", [
        "This specification describes the harbour ferry card used on every inner harbour line.",
        "The card stores a balance and a set of passes and is read by gates at each pier.",
        "Operators that accept the card must follow the rules of this document without exception.",
    ]),
    ("Fares", [
        "A single adult trip costs three marks and forty pennies when paid with the card.",
        "Children under twelve travel at half the adult fare on every line of the network.",
        "A day pass costs nine marks and allows unlimited trips until the last evening ferry.",
    ]),
    ("Readers", [
        "Each gate reader checks the card within three hundred milliseconds of contact.",
        "A reader that cannot reach the central ledger stores trips locally for up to two days.",
        "Stored trips are sent to the ledger as soon as the connection comes back again.",
    ]),
    ("Refunds", [
        "A lost card can be blocked by telephone and its balance moved to a new card.",
        "Refunds of unused passes are paid within fourteen days of the written request.",
        "The operator keeps a record of every refund for five years after the payment.",
    ]),
]
QUOTES = [s for _, lines in SECTIONS for s in lines]  # every sentence, quotable in each edition
URL = "https://ferry.example/spec"


def _html_page(title: str, sections) -> str:
    body = "".join(f"<h2>{html.escape(h)}</h2>\n" + "".join(f"<p>{html.escape(s)}</p>\n" for s in lines)
                   for h, lines in sections)
    return (f"<!doctype html><html><head><title>{html.escape(title)}</title></head><body><main>"
            f"<h1>{html.escape(title)}</h1>\n{body}</main></body></html>\n")


def html_edition() -> str:
    return _html_page(TITLE, SECTIONS)


def html_pages() -> list[str]:
    """The document over two HTML pages (its first two sections, then the last two)."""
    return [_html_page(f"{TITLE} (part {n})", part) for n, part in ((1, SECTIONS[:2]), (2, SECTIONS[2:]))]


def pdf_edition() -> bytes:
    """Two PDF pages: the first two sections, then the last two (each sentence on one line)."""
    pages = []
    for part in (SECTIONS[:2], SECTIONS[2:]):
        lines = [TITLE] if not pages else []
        for h, sents in part:
            lines.append(h)
            lines.extend(sents)
        pages.append(lines)
    return make_pdf(pages)


def _added(r) -> str:
    assert r.rc == 0, r.both
    return re.search(r"src_[0-9a-f]{12}", r.out).group(0)


def add_two_editions(ws, tmp) -> tuple[str, str]:
    """The HTML edition (with its URL) and the PDF edition (a local file, no URL), extracted,
    chunked and indexed. Returns (html id, pdf id)."""
    (tmp / "spec.html").write_text(html_edition(), encoding="utf-8")
    (tmp / "spec.pdf").write_bytes(pdf_edition())
    h = _added(sb("add", str(tmp / "spec.html"), "--url", URL, "--tier", "A", "--reason", "the publisher's page",
                  "--attest", "saved from the publisher's site by the author", "--allow-outside", cwd=ws))
    p = _added(sb("add", str(tmp / "spec.pdf"), "--tier", "A", "--reason", "the publisher's PDF",
                  "--allow-outside", cwd=ws))
    for cmd in ("extract", "chunk", "index"):
        r = sb(cmd, cwd=ws)
        assert r.rc == 0, r.both
    return h, p
