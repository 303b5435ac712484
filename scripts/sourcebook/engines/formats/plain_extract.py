"""What every extractor returns, and the media type of a local file by its extension (the formats
themselves are rows in ``engines.convert.registry``)."""

from __future__ import annotations

import mimetypes
import os
from dataclasses import dataclass, field


@dataclass
class Extracted:
    """What any extractor returns: canonical text plus sidecars and notes."""

    tool: str
    text: str
    notes: list[str] = field(default_factory=list)
    links: list[dict] = field(default_factory=list)
    pages: list[dict] = field(default_factory=list)
    meta: dict = field(default_factory=dict)


def media_type_for(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext in (".md", ".markdown"):
        return "text/markdown"
    if ext in (".rst", ".rest"):
        return "text/x-rst"
    if ext in (".adoc", ".asciidoc"):
        return "text/asciidoc"
    guess, _ = mimetypes.guess_type(path)
    return guess or "application/octet-stream"
