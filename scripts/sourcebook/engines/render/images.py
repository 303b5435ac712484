"""Image keys and licence rules (compatibility: licences). Pure.

An ``<img>`` on a page is matched to its ``assets/credits.json`` entry by a key: the
``data-asset`` attribute when set, the digest of the decoded bytes for an inlined ``data:``
image (so inlining is checked exactly like a file on disk), else the file name.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from urllib.parse import unquote, unquote_to_bytes, urlsplit

from ...base.patterns import hot

ALLOWED_LICENSES = frozenset({
    "cc0", "pd", "public domain", "cc by", "cc by 2.0", "cc by 3.0", "cc by 4.0",
    "cc by-sa", "cc by-sa 2.0", "cc by-sa 3.0", "cc by-sa 4.0", "mit", "apache-2.0", "ogl", "generated"})
REFUSED_MARKERS = ("-nc", "-nd", "unknown", "all rights reserved")
GENERATED_LABEL = "Generated illustration"
_B64_JUNK = hot(r"[^A-Za-z0-9+/]")


def data_uri_name(src: str) -> str:
    """The credits key of an inlined image: ``data:sha256:`` + 16 hex of the decoded bytes."""
    header, _, payload = src.partition(",")
    try:
        if ";base64" in header.lower():
            clean = _B64_JUNK.sub("", payload.replace("-", "+").replace("_", "/"))
            clean += "=" * (-len(clean) % 4)
            data = base64.b64decode(clean)
        else:
            data = unquote_to_bytes(payload)
    except (binascii.Error, ValueError):
        data = src.encode("utf-8")
    return "data:sha256:" + hashlib.sha256(data).hexdigest()[:16]


def image_key(src: str, data_asset: str | None) -> str:
    if data_asset is not None and data_asset.strip():
        return data_asset.strip()
    if src.lower().startswith("data:"):
        return data_uri_name(src)
    try:
        path = urlsplit(src).path
    except ValueError:
        path = src
    return unquote(path.rstrip("/").rsplit("/", 1)[-1])


def licence_refused(licence: str) -> str | None:
    """Why a licence may not ship, or None when it may."""
    low = " ".join(licence.lower().split())
    for marker in REFUSED_MARKERS:
        if marker in low:
            return f"licence {licence!r} is not permitted ({marker.strip('-').upper() if marker.startswith('-') else marker})"
    if low not in ALLOWED_LICENSES:
        return f"licence {licence!r} is not in the permitted set"
    return None


def is_share_alike(licence: str) -> bool:
    return "-sa" in licence.lower()


def needs_attribution(licence: str) -> bool:
    return " ".join(licence.lower().split()).startswith("cc by")


def missing_fields(entry: dict) -> list[str]:
    """The fields an entry lacks for its origin (empty strings count as missing)."""
    origin = entry.get("origin")
    need = {"sourced": ("source", "credit", "license"), "generated": ("generator", "prompt")}.get(str(origin))
    if need is None:
        return ["origin (sourced or generated)"]
    return [f for f in need if not (isinstance(entry.get(f), str) and entry[f].strip())]
