"""Content-addressed identifiers and hashing (compatibility: identifiers)."""

from __future__ import annotations

from .patterns import lazy

_WS = lazy(r"\s+")
SRC_ID_RE = lazy(r"^src_[0-9a-f]{12}$")
CLM_ID_RE = lazy(r"^clm_[0-9a-f]{12}$")
CLS_ID_RE = lazy(r"^cls_[0-9a-f]{12}$")


def sha256_text(s: str) -> str:
    import hashlib  # imported on first use: most sb calls never hash (start-up time)

    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def sha256_bytes(b: bytes) -> str:
    import hashlib

    return hashlib.sha256(b).hexdigest()


def sha256_file(path: str) -> str:
    """Hex SHA-256 of a file, read in blocks so a large file is never held whole (raises OSError)."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def ws_collapse(s: str) -> str:
    return _WS.sub(" ", s).strip()


def src_id(canonical: str, raw_sha256: str) -> str:
    return "src_" + sha256_text(canonical + "\n" + raw_sha256)[:12]


def chunk_id(source_id: str, ordinal: int) -> str:
    return f"{source_id}#c{ordinal:04d}"


def claim_id(text: str) -> str:
    """The hash of the claim's words: NFC-normalised (so visually identical texts share one id;
    ASCII and already-composed texts hash as before), white space collapsed, lower-cased."""
    if not text.isascii():
        import unicodedata  # only non-ASCII texts pay for it

        text = unicodedata.normalize("NFC", text)
    return "clm_" + sha256_text(ws_collapse(text).lower())[:12]


def cluster_id(topic_key: str) -> str:
    return "cls_" + sha256_text(topic_key)[:12]


def paste_locator(text: str) -> str:
    return "paste:" + sha256_text(ws_collapse(text))[:16]


def is_src_id(s: object) -> bool:
    return isinstance(s, str) and bool(SRC_ID_RE.match(s))


def is_claim_id(s: object) -> bool:
    return isinstance(s, str) and bool(CLM_ID_RE.match(s))
