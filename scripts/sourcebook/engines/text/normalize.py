"""Normalization v1 (docs/compatibility.md): the canonical text every citation points into.

NFC, CRLF/CR to LF, trailing spaces stripped per line, runs of 3+ newlines squeezed to 2,
exactly one trailing newline. Idempotent: ``normalize(normalize(s)) == normalize(s)``.
"""

from __future__ import annotations

import re
import unicodedata

from ...base.patterns import hot

_TRAILING = " \t\f\v\u00a0"
_TRAIL = hot(f"[{_TRAILING}]+$", re.M)
_MANY_NL = hot(r"\n{3,}")
_BEFORE_NL = tuple(c + "\n" for c in _TRAILING)


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    # The regular expressions try every space of the text; most texts (an extractor's output)
    # are canonical already, which a few substring searches tell much faster.
    if text.endswith(tuple(_TRAILING)) or any(pair in text for pair in _BEFORE_NL):
        text = _TRAIL.sub("", text)
    if "\n\n\n" in text:
        text = _MANY_NL.sub("\n\n", text)
    text = text.strip("\n")
    return text + "\n" if text else ""
