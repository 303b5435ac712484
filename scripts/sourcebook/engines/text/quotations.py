"""Quotations in a text: words between a pair of quotation marks.

Text that carries no claim (framing, a podcast transition) may not quote anyone: a quotation
is evidence, and evidence belongs in a cited line. The pairs read are the straight double
quote, curly double and single quotes, guillemets (either way round), the German low-high pair
and CJK corner brackets. A lone apostrophe ("it's", "the riders’ view") is never a quotation,
and a straight single quote is not read at all (it is an apostrophe far more often). Pure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# opening mark -> closing marks; the content is one line and not empty
_PAIRS = {'"': '"', "“": "”", "„": "“”", "‘": "’", "«": "»", "»": "«", "‹": "›", "「": "」", "『": "』", "〝": "〞〟"}
_PATTERN = re.compile("|".join(f"{re.escape(o)}[^{re.escape(c)}\\n]*?[^\\s{re.escape(c)}][^{re.escape(c)}\\n]*?[{re.escape(c)}]"
                               for o, c in _PAIRS.items()))


class Quotation(NamedTuple):
    text: str  # the marks and what they enclose
    start: int
    end: int


def find_quotations(text: str) -> list[Quotation]:
    """Every quotation in ``text``, in order, not overlapping."""
    return [Quotation(m.group(0), m.start(), m.end()) for m in _PATTERN.finditer(text)]


def quoted(text: str) -> bool:
    """Whether ``text`` quotes anyone: what framing, an inference or a transition may not do."""
    return _PATTERN.search(text) is not None
