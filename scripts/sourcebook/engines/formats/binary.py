"""Bytes that are not text (pure).

A file of NULs and random bytes, an image a server calls ``text/html``, or text in an encoding
nobody declared decodes to characters all the same, mostly U+FFFD and control characters. Such a
decoding is not canonical text: the source becomes ``needs_extraction`` with a note saying why,
never a ``normalized.md`` full of replacement characters. A page with a few undecodable bytes
(an undeclared windows-1252 accent) is still text: it takes NUL bytes, or a share of at least
``MAX_BAD`` (30%: "mostly") undecodable and control characters.
"""

from __future__ import annotations

MAX_BAD = 0.30  # share of NUL, U+FFFD and control characters above which bytes are not text
_CONTROLS = bytes([*range(0x00, 0x09), 0x0b, *range(0x0e, 0x20), 0x7f])  # tab, line ends and form feed are text
_REPLACEMENT = "\ufffd".encode()  # U+FFFD in UTF-8


def _bad_count(raw: bytes) -> int:
    """How many control characters and U+FFFD the text whose UTF-8 form is ``raw`` holds. Counted
    on the bytes, where a byte below 0x80 is always that ASCII character and EF BF BD is always
    U+FFFD: deleting the control bytes in C is several times faster than a regular expression
    trying every character."""
    return len(raw) - len(raw.translate(None, _CONTROLS)) + (raw.count(_REPLACEMENT) if _REPLACEMENT in raw else 0)


def not_text(text: str, media_type: str | None = None, utf8: bytes | None = None) -> str | None:
    """A note when the decoded ``text`` is not text, else None. ``utf8``: the text's UTF-8 form
    when the caller holds it (the bytes it was decoded from), so it is not encoded again."""
    if not text:
        return None
    raw = utf8 if utf8 is not None else text.encode("utf-8", "surrogatepass")
    bad = _bad_count(raw)
    nul = raw.count(b"\x00") if b"\x00" in raw else 0  # looking for one is much cheaper than counting
    if bad < max(1, MAX_BAD * len(text)) and nul * 1000 < len(text):
        return None
    share = round(100 * bad / len(text))
    served = f" (served as {media_type})" if media_type else ""
    what = "NUL bytes" if nul else "bytes that are not valid in any declared encoding"
    return (f"the bytes are not text{served}: {share}% of them decode to {what}, replacement or control "
            "characters. If it is text in a legacy encoding, set it (sb source set SRC charset=windows-1251) "
            "and run sb extract; otherwise read it another way and adopt the text")
