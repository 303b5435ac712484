"""Two numbers of a draft that cite one document (pure).

A report's numbers stand for sources; a PDF and its HTML page (copies or editions, linked by
``same_as``) are two sources but one document, and a reader who meets [1] and [2] counts two
witnesses where there is one. ``same_document_findings`` warns (``W-CITE-SAME-DOCUMENT``) once
per document a draft cites under more than one number.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...base.errors import Finding
from ..ledger.editions import document_of, edition_label


def same_document_findings(cited: Mapping[int, int], by_num: Mapping[int, str], sources: Mapping[str, Mapping],
                           where: str) -> list[Finding]:
    """``cited``: number -> the draft line first citing it; ``by_num``: number -> source id."""
    docs: dict[str, list[int]] = {}
    for n in sorted(cited):
        sid = by_num.get(n)
        if sid is not None and sid in sources:
            docs.setdefault(document_of(sid, sources), []).append(n)
    out = []
    for nums in sorted(docs.values()):
        if len(nums) < 2:
            continue
        named = ", ".join(f"[{n}] {by_num[n]} ({edition_label(sources.get(by_num[n]))})" for n in nums)
        line = max(cited[n] for n in nums)
        last = by_num[nums[-1]]
        out.append(Finding("W-CITE-SAME-DOCUMENT", f"{where}:{line}",
                           f"{named} are one document (copies or editions linked by same_as): a reader counts "
                           f"them as separate sources; cite one number for it, or, if they are independent, "
                           f"`sb source set {last} same_as=none`"))
    return out
