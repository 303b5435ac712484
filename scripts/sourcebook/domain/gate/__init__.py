"""The gate room: deciding whether a build may ship, and shipping it.

Modules:
- ``verify``, ``verify_cache``: ``sb verify`` and the facts a repeat run reuses;
- ``gates/``: the gates themselves, one family per module, registered in ``gates.registry``;
- ``state``: the state machine derived from the files (``sb status``, ``sb unblock``);
- ``digests``: the digests of the built pages that a package records;
- ``package``, ``package_check``, ``package_redact``: ``sb package`` and ``sb package --verify``.

May import: every other domain room except ``install``. Only the interface imports this room.
"""
