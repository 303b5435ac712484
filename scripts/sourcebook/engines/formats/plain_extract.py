"""Choosing an extractor for a raw capture, and the text/Markdown extractor itself."""

from __future__ import annotations

import mimetypes
import os
from dataclasses import dataclass, field

TEXT_TYPES = ("text/markdown", "text/plain", "text/x-markdown")
HTML_TYPES = ("text/html", "application/xhtml+xml")
TEXT_EXTENSIONS = (".md", ".markdown", ".txt", ".text", ".rst", ".rest", ".adoc", ".asciidoc")


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


def tool_for(media_type: str | None, path: str = "") -> str | None:
    mt = (media_type or "").split(";")[0].strip().lower()
    ext = os.path.splitext(path)[1].lower()
    if mt in TEXT_TYPES or ext in TEXT_EXTENSIONS:
        return "sb.text"
    if mt in HTML_TYPES or ext in (".html", ".htm", ".xhtml"):
        return "sb.html"
    if mt == "application/pdf" or ext == ".pdf":
        return "sb.pdf"
    if mt.startswith("text/"):
        return "sb.text"
    return None
