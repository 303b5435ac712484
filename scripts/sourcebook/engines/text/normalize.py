"""Normalization v1 (docs/compatibility.md): the canonical text every citation points into.

NFC, CRLF/CR to LF, trailing spaces stripped per line, runs of 3+ newlines squeezed to 2,
exactly one trailing newline. Idempotent: ``normalize(normalize(s)) == normalize(s)``.
"""

from __future__ import annotations

import re
import unicodedata

_TRAIL = re.compile(r"[ \t\f\v\u00a0]+$", re.M)
_MANY_NL = re.compile(r"\n{3,}")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    text = _TRAIL.sub("", text)
    text = _MANY_NL.sub("\n\n", text)
    text = text.strip("\n")
    return text + "\n" if text else ""
