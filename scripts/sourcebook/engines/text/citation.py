"""Does a piece of evidence hold against a canonical text? (pure; used at add and by the gate)

A citation holds iff ``text[start:end] == quote``. Multi-part evidence (an elided quote) holds
iff every part holds, parts are in source order, do not overlap, and the gap between
consecutive parts is at most ``MAX_GAP`` code points; the evidence's own ``start``/``end`` must
be the first part's start and the last part's end. Empty or whitespace-only quotes never hold:
they would "verify" anywhere.

``problem()`` returns ``(kind, message)`` or None, where kind is one of ``range``, ``empty``,
``mismatch``, ``gap``, ``hash``; callers map kinds to their own codes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

MAX_GAP = 2000


def _sha(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _span_problem(text: str, start: object, end: object, quote: object, label: str) -> tuple[str, str] | None:
    if not (_int(start) and _int(end)) or not (0 <= start < end <= len(text)):  # type: ignore[operator]
        return "range", f"{label}span {start}..{end} is outside the text (0..{len(text)}) or reversed"
    if not isinstance(quote, str) or not quote.strip():
        return "empty", f"{label}quote is empty or whitespace; an empty quote verifies nothing"
    found = text[start:end]  # type: ignore[index]
    if found != quote:
        return "mismatch", f"{label}text at {start}..{end} is {_clip(found)!r}, not the quoted {_clip(quote)!r}"
    return None


def _clip(s: str, n: int = 60) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def problem(text: str, ev: Mapping) -> tuple[str, str] | None:
    """Why ``ev`` does not hold against ``text``, or None when it holds byte for byte."""
    parts = ev.get("parts")
    if isinstance(parts, list) and parts:
        return _parts_problem(text, ev, parts)
    start, end, quote = ev.get("start"), ev.get("end"), ev.get("quote")
    redacted = ev.get("redacted") is True
    digest = ev.get("quote_sha256")
    if redacted or (not quote and isinstance(digest, str) and digest):
        if not (_int(start) and _int(end)) or not (0 <= start < end <= len(text)):  # type: ignore[operator]
            return "range", f"span {start}..{end} is outside the text (0..{len(text)}) or reversed"
        if not text[start:end].strip():  # type: ignore[index]
            return "empty", "the cited span is whitespace; it verifies nothing"
        if _sha(text[start:end]) != digest:  # type: ignore[index]
            return "hash", f"sha256 of the text at {start}..{end} differs from quote_sha256"
        return None
    return _span_problem(text, start, end, quote, "")


def _parts_problem(text: str, ev: Mapping, parts: list) -> tuple[str, str] | None:
    prev_end = None
    for i, part in enumerate(parts, 1):
        if not isinstance(part, Mapping):
            return "range", f"part {i} is not an object"
        bad = _span_problem(text, part.get("start"), part.get("end"), part.get("quote"), f"part {i}: ")
        if bad:
            return bad
        if prev_end is not None:
            gap = part["start"] - prev_end
            if gap < 0:
                return "gap", f"part {i} starts at {part['start']}, before part {i - 1} ends ({prev_end}); parts must be in source order"
            if gap > MAX_GAP:
                return "gap", f"part {i} is {gap} characters after part {i - 1}; at most {MAX_GAP} are allowed"
        prev_end = part["end"]
    if ev.get("start") != parts[0]["start"] or ev.get("end") != parts[-1]["end"]:
        return "range", (f"evidence span {ev.get('start')}..{ev.get('end')} must run from the first part's start "
                         f"to the last part's end ({parts[0]['start']}..{parts[-1]['end']})")
    return None


def holds(text: str, ev: Mapping) -> bool:
    return problem(text, ev) is None
