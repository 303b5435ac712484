"""The gate room: deciding whether a build may ship, and shipping it.

Modules:
- ``verify``, ``options``, ``verify_cache``, ``verdict_memo``: ``sb verify``, what it is asked to
  judge, the facts a repeat run reuses, and a whole run's verdict, replayed while nothing it
  could read has changed;
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
