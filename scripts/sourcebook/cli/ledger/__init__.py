"""Ledger and gate commands: claim, contradictions, adjudicate, ledger, plan, verify, review, package.

Modules: ``cmd_claim`` (its views in ``claim_views``), ``cmd_contradictions``, ``cmd_adjudicate``,
``cmd_ledger``, ``cmd_plan``, ``cmd_verify``, ``cmd_review``, ``cmd_package``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
