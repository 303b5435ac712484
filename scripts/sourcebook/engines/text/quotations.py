"""Quotations in a text: words between a pair of quotation marks.

Text that carries no claim (framing, a podcast transition) may not quote anyone: a quotation
is evidence, and evidence belongs in a cited line. The pairs read are the straight double
quote, curly double and single quotes, guillemets (either way round), the German low-high pair
and CJK corner brackets, and the straight single quote when it opens at the start of a word and
closes at the end of one ('a lost cause'). A lone apostrophe ("it's", "the riders’ view",
"the drivers' union") is never a quotation. Pure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...base.patterns import lazy

# opening mark -> closing marks; the content is one line and not empty
_PAIRS = {'"': '"', "“": "”", "„": "“”", "‘": "’", "«": "»", "»": "«", "‹": "›", "「": "」", "『": "』", "〝": "〞〟"}
_PATTERN = lazy("|".join([f"{re.escape(o)}[^{re.escape(c)}\\n]*?[^\\s{re.escape(c)}][^{re.escape(c)}\\n]*?[{re.escape(c)}]"
                         for o, c in _PAIRS.items()]
                        + [r"(?<![\w'’])'(?=[^\W\d_])[^'\n]*?(?<=[^\s'])'(?![\w'])"]))


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


_FOLD_MARKS = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_EDGE = lazy(r"^[\W_]+|[\W_]+$")


def _words(text: str) -> str:
    return " ".join(text.translate(_FOLD_MARKS).casefold().split())


def inner(q: Quotation) -> str:
    """The words a quotation encloses, without its marks."""
    return q.text[1:-1].strip()


def unbacked_quotations(text: str, quotes: list[str]) -> list[Quotation]:
    """The quotations of ``text`` whose words occur in none of ``quotes`` (case, spacing and the
    style of apostrophes aside): words set in quotation marks are the source's, word for word."""
    found = find_quotations(text)
    if not found:
        return []
    pool = [_words(q) for q in quotes]
    out = []
    for q in found:
        said = _EDGE.sub("", _words(inner(q)))
        if said and not any(said in p for p in pool):
            out.append(q)
    return out
