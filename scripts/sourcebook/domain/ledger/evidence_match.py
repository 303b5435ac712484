"""Tolerant evidence: a pasted quote that holds once markup and spacing are ignored.

A reader copies a sentence from a rendered page: no line breaks, no ``**`` or backticks, curly
quotes, a role shown as "PEP 649". ``claim add`` (for a quote without offsets), ``sb find
--evidence`` and ``sb claim evidence`` accept such a paste when its reader view
(``engines.search.reader_view``) occurs exactly once in the source's; what they store is the
source's own text at that span, never the paste, so the citation holds byte for byte. A
difference in words, numbers or letters (case included) is never tolerated.

This module also words the fix a ``W-QUOTE-...`` warning prints: the exact command that
replaces the claim's evidence.
"""

from __future__ import annotations

import shlex

from ...base.errors import SbError
from ...base.record import TupleRecord
from ...engines.search.reader_view import View, build, quote_view, spans_of
from ...engines.text.citation import MAX_GAP

build_view = build

CAP = 50


class Located(TupleRecord):
    """A quote stored from a tolerant match: where, and what was stored."""

    subject: str
    source_id: str
    start: int
    end: int
    quote: str


def tolerant_spans(text: str, quote: str, view: View | None = None) -> list[tuple[int, int]]:
    return spans_of(view or build(text), text, quote_view(quote), CAP)


def spans_shown(spans: list[tuple[int, int]]) -> str:
    """Spans as ``s..e``, the first ten of them (a finding names where a quote is)."""
    shown = ", ".join(f"{s}..{e}" for s, e in spans[:10])
    return shown + (f" (and {len(spans) - 10} more)" if len(spans) > 10 else "")


def resolve_tolerant(text: str, quote: str, sid: str, subject: str, view: View | None = None) -> tuple[int, int]:
    """The one span whose reader view is the quote's; E-CLAIM-SPAN when none or several."""
    spans = tolerant_spans(text, quote, view)
    if len(spans) == 1:
        return spans[0]
    if spans:
        times = f"{len(spans)}+" if len(spans) >= CAP else str(len(spans))
        raise SbError("E-CLAIM-SPAN", subject, f"the quote occurs {times} times in {sid} (ignoring line breaks and "
                      f"markup) at {spans_shown(spans)}; quote more context, or give start/end for the one you mean")
    from ...engines.search.find import across_comments, comment_fix

    parts = across_comments(text, quote)
    if parts is not None:
        raise SbError("E-CLAIM-SPAN", subject, f"the quote is not in {sid} as written: {comment_fix(text, parts)}")
    raise SbError("E-CLAIM-SPAN", subject, f"the quote is not in {sid}, even ignoring line breaks, markup, "
                  f"typographic quotes and dashes; find the passage with `sb find {sid} \"<a few of its words>\"` "
                  f"or `sb search`, and quote it as the source words it")


def claim_of(subject: str) -> str:
    return subject.split("/", 1)[0]


def repair_command(cid: str, sid: str, quote: str) -> str:
    """The command that gives claim ``cid`` this evidence (through the same checks)."""
    return f"sb claim evidence {cid} --source {sid} --quote {shlex.quote(quote)}"


def tolerant_chain(text: str, view: View, pieces: list[str]) -> list[tuple[int, int]] | None:
    """An elided quote's parts located by their reader views, in order and close together, when
    exactly one chain of them exists (None otherwise)."""
    occ = [tolerant_spans(text, p, view) for p in pieces]
    if not all(occ):
        return None
    chains = []
    for first in occ[0]:
        chain = [first]
        for spans in occ[1:]:
            nxt = next((sp for sp in spans if sp[0] >= chain[-1][1]), None)
            if nxt is None or nxt[0] - chain[-1][1] > MAX_GAP:
                break
            chain.append(nxt)
        if len(chain) == len(pieces):
            chains.append(chain)
    return chains[0] if len(chains) == 1 else None


def mismatch_fix(text: str, ev: dict, subject: str, view: View | None = None) -> str:
    """How to fix evidence whose quote is not the text at its offsets, as one sentence."""
    sid = str(ev.get("source_id"))
    cid = claim_of(subject)
    quote = ev.get("quote")
    if isinstance(quote, str) and quote.strip():
        spans = tolerant_spans(text, quote, view)
        if len(spans) == 1:
            s, e = spans[0]
            return (f"the quoted words are at {s}..{e}; fix it with: {repair_command(cid, sid, quote)}")
        if spans:
            return (f"the quoted words occur {len(spans)} times ({spans_shown(spans)}); fix it with: "
                    f"{repair_command(cid, sid, '<more of the passage>')}")
    return (f"find the passage with `sb find {sid} \"<a few of its words>\"`, then fix it with: "
            f"{repair_command(cid, sid, '<the exact words>')}")


