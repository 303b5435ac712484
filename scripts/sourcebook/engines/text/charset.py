"""Decoding raw bytes to text (CONTRACT 4.3, weakness 15 fixed).

Order: byte-order mark, then the transport's declared charset, then (HTML and XML only) an
in-document declaration, then strict UTF-8, then UTF-8 with U+FFFD. Markdown and plain text
are never sniffed for ``<meta>``: prose that mentions a charset must not change the decoding.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
         (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_META = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_ALIASES = {"latin1": "windows-1252", "latin-1": "windows-1252", "iso-8859-1": "windows-1252",
            "iso8859-1": "windows-1252", "ascii": "windows-1252", "us-ascii": "windows-1252",
            "cp1252": "windows-1252", "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8"}


@dataclass
class Decoded:
    text: str
    charset: str | None
    notes: list[str] = field(default_factory=list)


def label(name: str | None) -> str | None:
    if not name:
        return None
    name = name.strip().strip("\"'").lower()
    name = _ALIASES.get(name, name)
    try:
        codecs.lookup(name)
    except LookupError:
        return None
    return name


def is_markup(media_type: str | None) -> bool:
    mt = (media_type or "").lower()
    return "html" in mt or "xml" in mt


def sniff_bom(raw: bytes) -> str | None:
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name
    return None


def sniff_meta(raw: bytes) -> str | None:
    m = _META.search(raw[:4096])
    if not m:
        return None
    name = label(m.group(1).decode("ascii", "replace"))
    if name and (name.startswith("utf-16") or name.startswith("utf-32")):
        return None  # an ASCII-compatible page cannot be UTF-16: browsers ignore this label
    return name


def decode_bytes(raw: bytes, *, media_type: str | None = None, declared: str | None = None) -> Decoded:
    bom = sniff_bom(raw)
    if bom:
        body = raw[_bom_len(raw, bom):]
        return Decoded(body.decode(bom, errors="replace"), bom)
    for name in (label(declared), sniff_meta(raw) if is_markup(media_type) else None):
        if name:
            try:
                return Decoded(raw.decode(name), name)
            except UnicodeDecodeError:
                text = raw.decode(name, errors="replace")
                return Decoded(text, name, [f"some bytes are not valid {name}; replaced with U+FFFD"])
    try:
        return Decoded(raw.decode("utf-8"), None)
    except UnicodeDecodeError as exc:
        return Decoded(raw.decode("utf-8", errors="replace"), None,
                       [f"not valid UTF-8 (first bad byte at {exc.start}) and no charset declared; "
                        "undecodable bytes became U+FFFD; if you know the encoding: sb source set <id> charset=<name>, then sb extract --force"])


def _bom_len(raw: bytes, name: str) -> int:
    for bom, n in _BOMS:
        if n == name and raw.startswith(bom):
            return len(bom)
    return 0


def parse_content_type(value: str | None) -> tuple[str | None, str | None]:
    if not value:
        return None, None
    parts = [p.strip() for p in value.split(";")]
    media = parts[0].lower() or None
    charset = None
    for p in parts[1:]:
        if p.lower().startswith("charset="):
            charset = label(p.split("=", 1)[1])
    return media, charset
