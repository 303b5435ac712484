"""A page's reading order: the claims its citation numbers link to, in the order a reader meets
them (pure).

A page rendered from a draft is numbered 1, 2, 3... in that order, whatever the plan numbered
another artifact of the workspace; its injected ledger is numbered the same way, and ``sb
verify`` reads the order back from the page to check both. Only ``<sup class="ref">`` links to
``#c-<id>`` count, outside the injected ledger.
"""

from __future__ import annotations

import re

from ...base.patterns import hot
from .inject import CLOSE, OPEN

_REF = hot(r'<sup class="ref[^"]*">(.*?)</sup>', re.S)
_TARGET = hot(r'href="#c-(clm_[0-9a-f]{12})"')


def without_ledger(html: str) -> str:
    a = html.find(OPEN)
    b = html.find(CLOSE, a + len(OPEN)) if a >= 0 else -1
    return html[:a] + html[b:] if a >= 0 and b >= 0 else html


def sup_order(html: str) -> list[str]:
    """Claim ids in the order the page's citation superscripts first link to them."""
    out: list[str] = []
    for m in _REF.finditer(without_ledger(html)):
        for cid in _TARGET.findall(m.group(1)):
            if cid not in out:
                out.append(cid)
    return out


_LEGEND = hot(r'<span class="legend-item">.*?</span>[^<]*</span>', re.S)
_MARK = hot(r'<span class="mark (m-[a-z]+)">')


def marks_used(html: str) -> set[str]:
    """The mark classes a page shows outside its legend and its injected ledger."""
    return set(_MARK.findall(_LEGEND.sub("", without_ledger(html))))
