"""Raw bytes to canonical text: the one path shared by `sb extract`, `sb normalize`,
`sb verify --deep` and `sb recheck`, so every caller produces the same text for the same bytes.

``normalizer`` names the canonical text version to produce (``base.versions.NORMALIZERS``): a
source extracted at v1 is re-extracted at v1 by the gate and by recheck, until it is upgraded.
"""

from __future__ import annotations

from ...base.versions import NORMALIZER
from ..text.normalize import normalize
from .binary import not_text
from .charset import decode_bytes
from .plain_extract import Extracted, tool_for


def text_canonical(text: str, *, media_type: str | None = None, path: str = "", normalizer: int = NORMALIZER) -> str:
    """Decoded text of a text source (Markdown, reStructuredText, AsciiDoc, plain) as canonical text."""
    if normalizer < 2:
        return normalize(text)
    from .canon import canonical_v2, text_format

    return canonical_v2(text, text_format(text, media_type, path))


def extract_bytes(raw: bytes, *, media_type: str | None, path: str = "", charset: str | None = None,
                  base_url: str | None = None, normalizer: int = NORMALIZER) -> tuple[Extracted, str | None]:
    """Return the extraction and the charset used (None when not a text decoding)."""
    tool = tool_for(media_type, path)
    if tool is None:
        return Extracted("none", "", [f"no extractor for media type {media_type or 'unknown'}; "
                                      "write the text yourself and adopt it with sb extract --adopt"]), None
    if tool == "sb.pdf":
        from .pdf_extract import extract_pdf

        pdf = extract_pdf(raw, normalizer=normalizer)
        return Extracted("sb.pdf", pdf.text, list(pdf.notes), pages=list(pdf.pages)), None
    mt = media_type if tool == "sb.text" else (media_type or "text/html")
    dec = decode_bytes(raw, media_type=mt, declared=charset)
    junk = not_text(dec.text, media_type)
    if junk:  # NULs and undecodable bytes are never canonical text
        return Extracted(tool, "", [junk]), dec.charset
    if tool == "sb.text":
        out = Extracted("sb.text", text_canonical(dec.text, media_type=media_type, path=path, normalizer=normalizer),
                        list(dec.notes))
        return out, dec.charset
    from ..html.extract import extract_html

    res = extract_html(dec.text, base_url)
    out = Extracted("sb.html", res.text, list(dec.notes) + list(res.notes), links=list(res.links), meta=dict(res.meta))
    return out, dec.charset
