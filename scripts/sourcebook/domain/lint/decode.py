"""Turn the bytes of an HTML file into text the way a browser would, never failing.

A byte-order mark wins, then a ``<meta charset>`` (or ``http-equiv`` content type) in the
first 4096 bytes, then strict UTF-8, then UTF-8 with U+FFFD for the bytes that do not decode.
"""

from __future__ import annotations

import codecs
import re

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_META = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([A-Za-z0-9._:-]+)", re.I)


def decode_html(data: bytes | str) -> tuple[str, str]:
    """(text, charset used)."""
    if isinstance(data, str):
        return data, "str"
    for bom, name in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(name, errors="replace"), name
    m = _META.search(data[:4096])
    if m:
        label = m.group(1).decode("ascii", "replace").lower()
        try:
            name = codecs.lookup(label).name
        except LookupError:
            name = ""
        if name and name not in ("utf-16-le", "utf-16-be", "utf-16"):  # a meta can't declare UTF-16
            return data.decode(name, errors="replace"), label
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), "utf-8 (with replacement)"
