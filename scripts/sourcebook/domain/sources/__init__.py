"""The sources room: getting a source in, turning it into canonical text, and finding text in it.

Modules:
- ``ingest``: ``sb add`` and ``sb extract`` (content-addressed records, adopt, re-extract,
  upgrade to the current canonical text version);
- ``store``: reading and writing ``source.json`` and ``normalized.md``;
- ``fetch``, ``netguard``, ``robots``, ``archive``: guarded script-mode fetching and the
  web-archive client;
- ``chunking``, ``chunkfiles``: ``sb chunk`` and reading chunk files;
- ``indexing``, ``search``: ``sb index`` and ``sb search``;
- ``locate``: ``sb find`` and ``sb quote``.

May import: ``base``, ``engines`` and the ``workspace`` room.
"""
