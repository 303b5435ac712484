"""Diffing: why two texts differ, shown short enough for one finding.

Modules:
- ``compare``: a citation against a fresh read of its source;
- ``linediff``: the first line where two texts differ;
- ``word_diff``: the words by which a pasted sentence misses a passage.

May import: ``base``, the ``search`` engine.
"""
