"""The key of "this claim raised no flag of the claim-text rules" (``provenance.check_claim``).

The verify cache's claim-text gate remembers a clean claim under it, and ``sb claim add`` (which
runs the same rules on every claim it stores) hands the keys of the clean ones to the same cache,
so the first verify after an import reads only what changed since. Every input of the rules is
in the key: the claim as stored (parsed JSON: its ``repr`` is exact), and for each source it
cites the SHA-256 of its canonical text and its whole record; for an inferred claim, which may
name any source ("the 2018 draft"), every source's text digest, dates and title.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

NAMED = ("title", "published_at", "published")  # what names a source by its date ("the 2018 draft")


def claim_fact(c: Mapping, text_sha: Callable[[str], str | None], source: Callable[[Any], Mapping | None],
               every: Callable[[], Iterable[tuple[str, Mapping | None]]]) -> str | None:
    """The key for claim ``c``; ``text_sha`` and ``source`` give a cited source's text digest and
    record, ``every`` each source id and record. None when a cited text is missing."""
    parts = [repr(sorted(c.items()))]
    ev = c.get("evidence")
    cited = {str(e.get("source_id")) for e in ev if isinstance(e, dict)} if isinstance(ev, list) else set()
    for sid in sorted(cited):
        sha = text_sha(sid)
        if sha is None:
            return None
        rec = source(sid) or {}
        twin = source(rec.get("same_as")) or {} if isinstance(rec.get("same_as"), str) else {}
        # the whole records: the rules read a source's title, publisher, tier, dates and
        # addresses, and a title set since may back a name or not
        parts.append(f"{sid}:{sha}:{sorted(rec.items())!r}:{sorted(twin.items())!r}")
    if c.get("confidence") == "inferred":
        parts += [f"{sid}:{text_sha(sid)}:{[(rec or {}).get(k) for k in NAMED]}" for sid, rec in every()]
    body = "\0".join(parts).encode("utf-8", "surrogatepass")
    return "claim-text:" + hashlib.sha256(body).hexdigest()[:32]
