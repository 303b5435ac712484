"""The index room: building and updating the search index (``sb index``).

Modules:
- ``build``: ``sb index`` — what changed since the last run, the new segment, deletions, the
  merge policy, the commit of ``index/lexical.json``;
- ``write``: writing a segment, and merging segments into one (bounded memory).

Reading the index (``search``, ``find_index``), its manifest and its segment format live in the
``sources`` room, beside ``sb search`` and ``sb find``.

May import: ``base``, ``engines``, and the ``workspace`` and ``sources`` rooms.
"""
