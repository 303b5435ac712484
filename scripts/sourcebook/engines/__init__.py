"""Engines: pure functions (values in, values out). No workspace, no printing.

Rooms by job: ``convert`` (which format, and the one path to canonical text), ``formats`` (the
text converters), ``pdf`` (PDF text), ``html`` (tokenizer, tree, article),
``search`` (chunks, tokens, postings, find), ``text`` (prose and figures), ``diff``, ``css``,
``page`` (a built page as a reader sees it), ``ledger`` (the ledger's forms), ``render``
(drafts to artifacts) and ``review`` (the editor's desk as a page and as Markdown). ``urls`` and ``url_typos``: canonical locators and mistyped ones.

May import: ``base``, and each other without circles.
"""
