"""What every extractor returns, and the media type of a local file by its extension (the formats
themselves are rows in ``engines.convert.registry``)."""

from __future__ import annotations

import os


class Extracted:
    """What any extractor returns: canonical text plus sidecars and notes. (A plain class, as is
    this module: ``sb add`` asks ``media_type_for`` and imports neither ``dataclasses`` nor
    ``mimetypes`` for a file whose extension says its type.)"""

    __slots__ = ("tool", "text", "notes", "links", "pages", "meta")

    def __init__(self, tool: str, text: str, notes: list[str] | None = None, links: list[dict] | None = None,
                 pages: list[dict] | None = None, meta: dict | None = None) -> None:
        self.tool = tool
        self.text = text
        self.notes: list[str] = [] if notes is None else notes
        self.links: list[dict] = [] if links is None else links
        self.pages: list[dict] = [] if pages is None else pages
        self.meta: dict = {} if meta is None else meta

    def _key(self) -> tuple:
        return tuple(getattr(self, k) for k in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Extracted) and self._key() == other._key()

    def __repr__(self) -> str:
        return "Extracted(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"

    def __getstate__(self) -> tuple:  # pickled to and from the extraction workers
        return self._key()

    def __setstate__(self, state: tuple) -> None:
        for k, v in zip(self.__slots__, state, strict=True):
            setattr(self, k, v)


def media_type_for(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext in (".md", ".markdown"):
        return "text/markdown"
    if ext in (".rst", ".rest"):
        return "text/x-rst"
    if ext in (".adoc", ".asciidoc"):
        return "text/asciidoc"
    import mimetypes

    guess, _ = mimetypes.guess_type(path)
    return guess or "application/octet-stream"
