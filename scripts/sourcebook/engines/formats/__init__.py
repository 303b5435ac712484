"""Source formats: raw bytes to canonical text, one converter per format.

Modules:
- ``plain_extract``: what every extractor returns, and a local file's media type;
- ``binary``, ``charset``: bytes that are not text, and decoding those that are;
- ``canon``, ``canon_lines``: canonical text v2 for text formats and its shared first and last pass;
- ``text_title``: the title a text source gives itself (a PEP's header, a top heading, an RFC's title line);
- ``md_reflow``, ``plain_reflow``, ``asciidoc``, ``rst_blocks``, ``rst_inline``: the text converters;
- ``extract_notes``: the words an extractor's warning starts with.

PDF text is the ``pdf`` room's. May import: ``base``, the ``html``, ``pdf`` and ``text`` engines.
"""
