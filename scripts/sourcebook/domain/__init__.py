"""Domain layer: workspace-aware operations. Returns values and findings; never prints.

One room per capability, each a sub-package whose docstring lists its modules and what it may
import: ``workspace``, ``index``, ``sources``, ``ledger``, ``artifacts``, ``recheck``, ``review``,
``lint``, ``gate`` and ``install``. The direction between rooms is written in ``docs/architecture.md`` and
enforced by ``tests/test_layers.py``.
"""
