"""Page readers: what a reader of a built artifact page sees, as pure functions of its text.

Modules:
- ``view``: the page's ledger region, its blocks, their marks and the claims they cite;
- ``prose``: the page's prose split into sentences, with what CSS hides or generates.

May import: ``base``, the ``text`` and ``css`` engines. The gate room reads pages through here.
"""
