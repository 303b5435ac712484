"""PDF: a PDF's text as reading text, through the optional pypdf (its absence is a status).

Modules:
- ``extract``: the text of each page, with page labels, at the canonical text version asked for;
- ``layout``: pages as reading text (no running heads, no page numbers, no sentence cut at a break);
- ``outline``: section headings from the PDF's outline (bookmarks) or its numbered section titles.

May import: ``base``, the ``formats`` and ``text`` engines.
"""
