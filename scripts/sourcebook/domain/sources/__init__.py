"""The sources room: getting a source in, turning it into canonical text, and finding text in it.

Modules:
- ``add``: ``sb add`` (content-addressed records; a short command, so it imports no extractor);
- ``ingest``: ``sb extract`` (adopt, re-extract, upgrade to the current canonical text version);
- ``store``: reading and writing ``source.json`` and ``normalized.md`` (``sb quote`` reads a span);
- ``fetch``, ``netguard``, ``robots``, ``archive``: guarded script-mode fetching and the
  web-archive client;
- ``copies``: copies of one document are one source; ``edit``: ``sb source set``;
- ``origin``: how a source's bytes arrived, and the attestation pasted text or a capture needs;
- ``extract_pool``: extraction on every core; ``pdf_support``: whether PDF text waits for pypdf;
- ``extract_cache``: what lets ``sb extract`` skip ready sources that did not change;
- ``chunking``: ``sb chunk`` (the ``index`` room reads chunk files and builds the index);
- ``locate``: ``sb find`` (asking the ``index`` room which sources to read).

May import: ``base``, ``engines`` and the ``workspace`` and ``index`` rooms.
"""
