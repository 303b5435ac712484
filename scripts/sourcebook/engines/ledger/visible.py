"""Characters a reader cannot see, shown as what they are (pure).

A bidirectional override can make a ledger line read "EUR 1000" while it stores "0001"; a
zero-width space can split a number or a name without a trace. Everything a ledger or page prints
from a claim or a quote goes through ``visible``: bidirectional controls, zero-width and other
invisible format characters, and control characters become ``[U+202E]``, so a reader sees what the
ledger stores. Legitimate uses stay readable: a zero-width joiner or non-joiner between two
letters (Persian, Indic scripts, emoji sequences) is kept, as are tabs and line breaks.
"""

from __future__ import annotations

import re
import unicodedata

# Bidirectional controls: embeddings, overrides, isolates, marks (LRM, RLM, ALM).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Visible characters of category Cf (prepended number signs and the like).
_VISIBLE_CF = frozenset("\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd")
# Blank letters that render as nothing.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0")
_JOINERS = frozenset("\u200c\u200d")
_ANY = re.compile("[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
                  "\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb"
                  "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]")


def hidden(ch: str, before: str = "", after: str = "") -> bool:
    """True when ``ch`` would not be seen (or would reorder what is seen) where it stands."""
    if ch in "\t\n\r":
        return False
    if ch in BIDI or ch in _BLANK:
        return True
    if ch in _JOINERS:
        return not (before.isalnum() and after.isalnum()) and not _emoji_like(before)
    if "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef":
        return not before or before.isascii() and before.isalnum()  # a selector after a letter does nothing
    cat = unicodedata.category(ch)
    return (cat == "Cf" and ch not in _VISIBLE_CF) or cat == "Cc"


def _emoji_like(ch: str) -> bool:
    return bool(ch) and ord(ch) >= 0x2190 and unicodedata.category(ch) == "So"


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
