"""Raw bytes to canonical text: the one path shared by `sb extract`, `sb normalize`,
`sb verify --deep` and `sb recheck`, so every caller produces the same text for the same bytes.

``normalizer`` names the canonical text version to produce (``base.versions.NORMALIZERS``): a
source extracted at v1 is re-extracted at v1 by the gate and by recheck, until it is upgraded.
"""

from __future__ import annotations

from ...base.versions import NORMALIZER
from ..formats.canon import text_canonical
from ..formats.plain_extract import Extracted

__all__ = ["extract_bytes", "text_canonical"]


def extract_bytes(raw: bytes, *, media_type: str | None, path: str = "", charset: str | None = None,
                  base_url: str | None = None, normalizer: int = NORMALIZER,
                  extractor: int | None = None, titled: bool = True) -> tuple[Extracted, str | None]:
    """Return the extraction and the charset used (None when not a text decoding). ``extractor``
    asks for an older version of the format's rules, one it still makes (``Format.reproduces``):
    the text a source recorded at that version. ``titled`` False: the text alone, no title read
    from it (a re-extraction compares the text)."""
    from .registry import Request, format_for

    fmt = format_for(media_type, path)
    if fmt is None:
        return Extracted("none", "", [f"no extractor for media type {media_type or 'unknown'}; "
                                      "write the text yourself and adopt it with sb extract --adopt"]), None
    wanted = extractor if isinstance(extractor, int) and extractor in fmt.reproduces else None
    return fmt.convert(raw, Request(media_type, path, charset, base_url, normalizer, wanted, titled))
