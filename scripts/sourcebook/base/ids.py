"""Content-addressed identifiers and hashing (compatibility: identifiers)."""

from __future__ import annotations

import sys

from .patterns import lazy

_WS = lazy(r"\s+")
SRC_ID_RE = lazy(r"^src_[0-9a-f]{12}$")
CLM_ID_RE = lazy(r"^clm_[0-9a-f]{12}$")
CLS_ID_RE = lazy(r"^cls_[0-9a-f]{12}$")


# The first few megabytes a process hashes go through the interpreter's own SHA-256 module:
# ``hashlib`` loads OpenSSL (about 5 ms of start-up, more than hashing a source costs), and
# ``sb add`` of one file hashes a few kilobytes. Past that, OpenSSL's faster code pays for itself.
_SMALL_BUDGET = 4 << 20
_small_left = _SMALL_BUDGET


def _small_sha256():
    """The interpreter's built-in SHA-256 constructor (module ``_sha2`` from Python 3.12,
    ``_sha256`` before: whichever this version's standard library has), or None."""
    import importlib

    for name in ("_sha2", "_sha256"):
        if name in sys.stdlib_module_names:
            try:
                return importlib.import_module(name).sha256
            except (ImportError, AttributeError):
                return None
    return None


def _sha256(data: bytes) -> str:
    global _small_left
    if len(data) <= _small_left and "hashlib" not in sys.modules:
        small = _small_sha256()
        if small is not None:
            _small_left -= len(data)
            return small(data).hexdigest()
    import hashlib  # imported on first use: most sb calls never hash (start-up time)

    return hashlib.sha256(data).hexdigest()


def sha256_ctor():
    """A SHA-256 constructor for a few small hashes: OpenSSL's once ``hashlib`` is loaded, else
    the interpreter's own, so a command that hashes little never loads OpenSSL."""
    if "hashlib" not in sys.modules:
        small = _small_sha256()
        if small is not None:
            return small
    import hashlib

    return hashlib.sha256


def hmac_sha256(key: bytes, msg: bytes) -> str:
    """HMAC-SHA256 of ``msg`` (RFC 2104, hex), as ``hmac.new(key, msg, "sha256")`` gives it; the
    ``hmac`` module loads OpenSSL on import, which a command that checks one signature need not."""
    sha = sha256_ctor()
    if len(key) > 64:
        key = sha(key).digest()
    key = key.ljust(64, b"\0")
    inner = sha(key.translate(_IPAD))
    inner.update(msg)
    outer = sha(key.translate(_OPAD))
    outer.update(inner.digest())
    return outer.hexdigest()


_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


def sha256_text(s: str) -> str:
    return _sha256(s.encode("utf-8"))


def sha256_bytes(b: bytes) -> str:
    return _sha256(b)


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


def unique_in(base: str, taken: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3``, ... the first not in ``taken``; added to it."""
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    taken.add(out)
    return out
