"""The sources room: getting a source in, turning it into canonical text, and finding text in it.

Modules:
- ``ingest``: ``sb add`` and ``sb extract`` (content-addressed records, adopt, re-extract);
- ``store``: reading and writing ``source.json`` and ``normalized.md``;
- ``fetch``, ``netguard``, ``robots``, ``archive``: guarded script-mode fetching and the
  web-archive client;
- ``extract_cache``: what lets ``sb extract`` skip ready sources that did not change;
- ``statuses``: each source's status and text hash, cached by the record's stat;
- ``chunking``, ``chunkfiles``: ``sb chunk`` and reading chunk files;
- ``index_manifest``, ``index_segments``: reading the search index (``index/lexical.json`` and
  its segments; the ``index`` room builds them);
- ``search``: ``sb search`` (BM25 over the segments);
- ``locate``, ``find_index``: ``sb find`` and ``sb quote``, and the sources the index says a
  needle can be in.

May import: ``base``, ``engines`` and the ``workspace`` room.
"""
