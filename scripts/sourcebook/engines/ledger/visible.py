"""Characters a reader cannot see, shown as what they are (pure).

A bidirectional override can make a ledger line read "EUR 1000" while it stores "0001"; a
zero-width space can split a number or a name without a trace. Everything a ledger or page prints
from a claim or a quote goes through ``visible``: bidirectional controls, zero-width and other
invisible format characters, and control characters become ``[U+202E]``, so a reader sees what the
ledger stores. Legitimate uses stay readable: a zero-width joiner or non-joiner between two
letters (Persian, Indic scripts, emoji sequences) is kept, as are tabs and line breaks.
"""

from __future__ import annotations

from ...base.unseen import ANY as _ANY
from ...base.unseen import BIDI, hidden

__all__ = ["BIDI", "hidden", "visible"]


def visible(text: str) -> str:
    """``text`` with every hidden character written as ``[U+XXXX]``."""
    if not _ANY.search(text):
        return text  # the usual case: nothing to show
    out = []
    for i, ch in enumerate(text):
        if _ANY.match(ch) and hidden(ch, text[i - 1] if i else "", text[i + 1] if i + 1 < len(text) else ""):
            out.append(f"[U+{ord(ch):04X}]")
        else:
            out.append(ch)
    return "".join(out)
