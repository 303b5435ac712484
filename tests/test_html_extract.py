"""HTML extraction: main content only, browser-like whitespace, links beside the text, metadata."""

from __future__ import annotations

from sourcebook.engines.text.html_extract import extract_html
from sourcebook.engines.text.normalize import normalize

FILLER = ("The committee met on Tuesday to review the figures, and it agreed, after a long "
          "discussion, that the numbers were sound. ")


def test_article_kept_and_furniture_dropped():
    html = f"""<html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
    <article><h1>Budget</h1><p>{FILLER * 3}</p></article>
    <footer>Copyright 2026 Example Corp</footer></body></html>"""
    r = extract_html(html, "https://example.com/a")
    assert "The committee met" in r.text
    assert "Home" not in r.text and "Copyright" not in r.text
    assert normalize(r.text) == r.text
