"""The gate room: deciding whether a build may ship, and shipping it.

Modules:
- ``verify``, ``verify_cache``: ``sb verify`` and the facts a repeat run reuses;
- ``preflight/``: verify's gates on a page a draft renders to, before it is written
  (``sb check-draft``, ``sb render``);
- ``gates/``: the gates themselves (gates only), one family per module, registered in ``registry``;
- ``registry``, ``context``: the gate registry and the one context every gate reads the build through;
- ``ledger_view``, ``prose_fixed``, ``schema_check``: what several gates share (the ledger as a page
  shows it, the fixed texts of each page kind, schema checks of workspace files);
- ``route``, ``rederive``, ``next_step``: how a page was made and the command that makes it again,
  what re-rendering it gives, and the one command that fixes a failed verify's first code;
- ``state``: the state machine derived from the files (``sb status``, ``sb unblock``);
- ``digests``: the digests of the built pages that a package records;
- ``package/``: ``sb package`` and ``sb package --verify``.

May import: every other domain room except ``install``. Only the interface imports this room.
"""
