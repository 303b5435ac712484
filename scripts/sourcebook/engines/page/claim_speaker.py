"""Who a sentence says says it, against the claim it cites (pure): one rule for a page's
sentence, a draft's or report's sentence and a podcast line.

A sentence that names a speaker ("The operator reports 38,500", "by the operator's own count")
while its claim names another ("Riders told The Ferry Ledger") or names none, and the claim's
source's record (title, author, publisher, the reason for its tier) does not name that speaker
either, credits the claim to someone its source does not: E-PAGE-WORD-UNBACKED."""

from __future__ import annotations

from collections.abc import Callable

from ..text import stance


def speaker_unbacked(x: str, claim_text: str, quotes: list[str], said: str,
                     spoken_by: Callable[[str, str], bool]) -> tuple[str, str] | None:
    """(code, message) when ``said`` (the part of a sentence that cites claim ``x``) names a
    speaker that claim ``x`` (its ``claim_text`` and ``quotes``) does not: another speaker than the
    one the claim names, or one it leaves unnamed that its source's record does not name either
    (``spoken_by(who, x)``: whether ``who`` is the source of claim ``x``). None otherwise."""
    swapped = stance.speaker_swapped(claim_text, quotes, said)
    if swapped:
        return ("E-PAGE-WORD-UNBACKED", f"cites {x} but names another speaker ({swapped!r}); say who "
                                        "says it as the claim does")
    who = stance.speaker_unnamed(claim_text, quotes, said)
    if who and not spoken_by(who, x):
        return ("E-PAGE-WORD-UNBACKED", f"cites {x} but names a speaker ({who!r}) that neither the claim, "
                                        "its quotes nor its source's record (title, author, publisher) "
                                        "names; say who says it as the source does")
    return None
