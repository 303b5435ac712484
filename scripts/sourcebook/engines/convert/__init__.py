"""Converting a capture: which format it is, and the one path from its bytes to canonical text.

Modules:
- ``registry``: the source formats, one row each (tool, extractor version, media types with the
  extension a capture is stored under, file extensions, sniffing, converter);
- ``pipeline``: raw bytes to canonical text, the one path shared by extract, normalize,
  ``verify --deep`` and recheck.

May import: ``base`` and the converters below it (``formats``, ``html``, ``pdf``); none of them
imports this room, so the formats stand apart from one another.
"""
