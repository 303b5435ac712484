"""Search: chunks, tokens, postings, ranking, and locating a pasted quote.

Modules:
- ``chunk``: a canonical text in overlapping, heading-aware spans;
- ``tokenize``: one tokenizer for documents and queries in every script;
- ``postings``, ``bm25``: an index segment's postings and their ranking;
- ``find``, ``findterms``, ``reader_view``: a quote located exactly, elided or tolerantly, the
  indexed terms a needle needs, and a text as a reader sees it with the way back to offsets;
- ``shingles``: a small sketch of a text's shingles, for near-duplicate sources.

May import: ``base``, the ``formats`` and ``text`` engines (a reader view renders inline markup).
"""
