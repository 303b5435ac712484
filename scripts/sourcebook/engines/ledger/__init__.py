"""Ledger forms: the ledger's numbers and marks, and the ledger written for each reader.

Modules:
- ``ledger_model``: the ledger's numbers and marks, computed once for every form and the gate;
- ``numbering``: a page's reading order, the claims its citation numbers link to;
- ``ledger_html``, ``ledger_md``, ``ledger_json``, ``ledger_csl``, ``ledger_sources``: the forms;
- ``arithmetic``: a derived claim's figure computed from its inputs' figures, and shown as a sum;
- ``origin``: where a source's text came from, in words (fetched, a supplied capture, pasted);
- ``source_names``: a figure that names a source ("PEP 8", "the 2019 try proposal") rather than
  states a fact, one reading for the claim rules, the page gate and the report gate;
- ``quote_view``: how a quote reaches a reader (its words, excerpt, page and link);
- ``editions``: copies and editions of one document as a reader meets them (one document, its
  editions named, an edition's borrowed link);
- ``inject``: a rendered ledger put between a page's ledger markers;
- ``escape``, ``visible``: escaping for every form, and characters a reader cannot see shown as such.

May import: ``base``, ``engines.urls``, ``engines.text``, and ``engines.search.reader_view`` (a quote's links
read as the reader view reads them). The render room builds on this one, never the reverse.
"""
