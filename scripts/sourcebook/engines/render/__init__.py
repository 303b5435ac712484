"""Render engines: drafts, artifact bodies, the report and the podcast. Pure.

Modules:
- ``draft``, ``draft_check``, ``draft_provenance``: the Markdown draft an agent writes, read, with
  what each sentence declares and whether its figures stand; ``draft_editions``: two numbers of a
  draft that cite one document (its copies or editions);
- ``artifact``, ``blocks``, ``apparatus``, ``page``: draft blocks to each artifact's body, the marks
  and dates beside a claim, template slots filled;
- ``chart``, ``images``: inline SVG charts from cited numbers, image keys and licence rules;
- ``report``, ``mdtext``: the Markdown report and text that stays text in it;
- ``podcast``: line checks, the TTS plan and the transcript.

May import: ``base``, the ``ledger`` and ``text`` engines.
"""
