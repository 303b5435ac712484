"""The ledger room: claims and what is decided about them.

Modules:
- ``claims``: the claims file and its event trail; ``provenance``: the rules that read a claim's
  own text (it says no more than its evidence); ``clean_fact``: the verify cache's key of a claim
  those rules found clean, of a quote that held and of a title the titles gate's rules (kept there)
  find clean (``sb claim add`` hands them to verify);
- ``claim_add``, ``claim_check``, ``claim_edit``, ``evidence``: adding, checking and changing
  claims, and resolving their evidence to exact spans;
- ``evidence_match``: a pasted quote located once markup and spacing are ignored, and the fix a
  ``W-QUOTE-...`` warning names; ``evidence_edit``: ``sb claim evidence``;
- ``evidence_carry``: citations carried to a source's new canonical text (``sb extract --upgrade``);
- ``forms``, ``ledger_view``: the ledger in its forms (``sb ledger``) and the view artifacts read;
- ``plan``: ``plan.json``;
- ``contradictions``, ``adjudications``: candidate conflicts and the decisions on them.

May import: ``base``, ``engines``, and the ``workspace`` and ``sources`` rooms.
"""
