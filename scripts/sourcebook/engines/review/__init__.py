"""The editor's desk, rendered: what ``sb review`` shows a person, as pure functions of a review.

Modules:
- ``model``: the typed records of a review (sentences, the claims they cite, each quote in its
  context with its source's facts, the machine's pre-flags, the recorded marks, what changed);
- ``html_page``: the review as one offline, self-contained HTML page (no script, no fetch);
- ``markdown``: the review as bounded Markdown for a terminal or an agent.

May import: ``base`` and the ``ledger`` engine (escaping).
"""
