"""The editor's desk: every shipped sentence beside its quotes in context, for a person to judge.

Modules:
- ``pages``: every sentence of every shipped page (and ``build/report.md``) in reading order,
  with the claims it cites and what it declares;
- ``passages``: each quote inside its paragraph of the canonical text, and its source's facts
  (title, publisher, byline, dates, origin, tier, licence) with a link to the passage;
- ``preflags``: what a machine can see for a person to judge (``W-REVIEW-`` codes, never a
  refusal and never counted by ``sb verify``);
- ``record``: ``ledger/review.json``, a person's marks bound to digests of what was judged,
  and what the last review showed;
- ``status``: whether a person reviewed what ships (a page footer's words; what a plan that
  requires a review still lacks), from the same ids and digests;
- ``build``: ``sb review``: the review joined from all of the above, the page written, a mark
  recorded.

May import: ``workspace``, ``sources``, ``ledger`` (and ``base``, ``engines``).
"""
