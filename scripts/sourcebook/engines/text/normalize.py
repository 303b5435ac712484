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


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    # The regular expressions try every space of the text; most texts (an extractor's output)
    # are canonical already, which a few substring searches tell much faster.
    # A character the text lacks needs no search for it before a line break: a lone character is
    # found at memchr speed, a pair is not (tabs, form feeds and no-break spaces are rare).
    if text.endswith(tuple(_TRAILING)) or any(c + "\n" in text for c in _TRAILING if c in text):
        text = _TRAIL.sub("", text)
    if "\n\n\n" in text:
        text = _MANY_NL.sub("\n\n", text)
    if text.endswith("\n") and not text.endswith("\n\n") and not text.startswith("\n"):
        return text  # one line break at the end and none at the start: no copy to make
    text = text.strip("\n")
    return text + "\n" if text else ""
