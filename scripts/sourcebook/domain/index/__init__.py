"""The index room: the search index over the sources' chunks, and what reads it.

Modules:
- ``statuses``: each source's status and text hash, cached by its record's stat (status,
  chunk, index and find read them for ten thousand sources without opening every record);
- ``chunkfiles``: reading ``chunks/<src>.jsonl``;
- ``manifest``: ``index/lexical.json``, the commit point, and the merge policy;
- ``segments``: the segment format and reading a segment; ``write``: writing and merging them;
- ``build``: ``sb index`` (what changed since the last run, the new segment, deletions, merges);
- ``search``: ``sb search`` (BM25 over the segments, MaxScore);
- ``editions_fold``: the same passage found in several editions of one document is one hit;
- ``find``: which sources ``sb find TEXT`` must read (the ``sources`` room's ``locate`` reads
  them).

May import: ``base``, ``engines`` and the ``workspace`` room (the ``sources`` room imports
this one: chunking writes what the index reads, and find asks it where to look).
"""
