"""Base layer: errors, codes, versions, ids, JSON I/O, schemas. Standard library only.

Modules: ``errors`` (errors, findings, exit codes), ``diagnostics`` (every code with its meaning),
``versions``, ``ids`` (identifiers and hashing), ``record`` (typed records, as ``dataclass`` makes them, cheaply), ``patterns`` (regular expressions compiled on
first use, their programs kept between runs), ``jsonio`` (canonical JSON, atomic writes),
``batchwrite`` (many atomic writes at once), ``schema`` (the JSON Schema subset), ``lockfile``,
``clock`` (honours SOURCE_DATE_EPOCH), ``user_cache`` (the per-user cache folder), ``resources`` (the shipped data folders), ``unseen``
(characters a reader cannot see, and what a text looks like without them), ``gc_pause`` and
``time_limit``.

May import: the standard library only.
"""
