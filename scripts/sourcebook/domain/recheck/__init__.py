"""The recheck room: cited passages read again from their sources (``sb recheck``).

Modules:
- ``reread``: fresh reads (live, archive), their verdicts and the append-only trail.

May import: ``base``, ``engines``, and the ``workspace``, ``sources`` and ``ledger`` rooms.
"""
