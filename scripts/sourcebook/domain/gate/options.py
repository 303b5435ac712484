"""What one ``sb verify`` run is asked to judge (its own module: the CLI and the kept verdicts
read it without loading the gates)."""

from __future__ import annotations

from ...base.record import TupleRecord


class VerifyOptions(TupleRecord):
    html: str | None = None  # absolute path of an explicit page
    artifact: str | None = None  # an artifact type: build/<type>.html
    podcast: bool = False
    deep: bool = False
    cache: bool = True  # reuse what an earlier run established (never with deep)
    # The selected page held in memory (``html`` names where it would be written): it is judged
    # alone, without the other pages, the report or the podcast, and nothing is read from or
    # written to that path. How ``sb check-draft`` and ``sb render`` run verify's own gates on
    # the page a draft renders to.
    page_text: str | None = None
    main: bool = True  # the in-memory page is the plan's artifact (it carries the whole ledger)
