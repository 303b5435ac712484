"""Gate ``quotes``: every evidence span of every claim holds byte for byte.

A citation verifies iff ``normalized[start:end] == quote`` (code points). A redacted span (or
one carrying only ``quote_sha256``) verifies by hash. A multi-part quote verifies part by part,
in source order, with at most ``MAX_GAP`` characters between parts. An empty or
whitespace-only quote never verifies: it would cite nothing.
"""

from __future__ import annotations

import hashlib

from ...base.errors import Finding
from . import GateResult, register
from .context import GateContext, as_int, cid, evidence, safe

MAX_GAP = 2000
ELLIPSIS = "[...]"


def _sha(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def span_problem(text: str, start, end, quote, quote_sha256=None, redacted=False) -> tuple[str, str] | None:
    """(code, message) when the span does not verify, else None."""
    s, e = as_int(start), as_int(end)
    if s is None or e is None or not 0 <= s < e <= len(text):
        return "E-QUOTE-RANGE", (f"span {safe(start, 20)}..{safe(end, 20)} is outside 0..{len(text)} "
                                 "or empty; take offsets from `sb find`")
    piece = text[s:e]
    has_quote = isinstance(quote, str) and quote != ""
    if redacted or (not has_quote and isinstance(quote_sha256, str) and quote_sha256):
        if _sha(piece) != quote_sha256:
            return "E-QUOTE-MISMATCH", f"text at {s}..{e} does not hash to quote_sha256"
        if not piece.strip():
            return "E-QUOTE-EMPTY", f"the span {s}..{e} holds only whitespace; cite words"
        return None
    if not isinstance(quote, str) or not quote.strip():
        return "E-QUOTE-EMPTY", (f"evidence at {s}..{e} has an empty or whitespace-only quote, which "
                                 "verifies nothing; paste the exact words (see `sb quote`)")
    if ELLIPSIS in quote:
        return _elided(piece, s, quote)
    if piece != quote:
        return "E-QUOTE-MISMATCH", (f"text at {s}..{e} is {safe(piece, 60)!r}, not the quoted "
                                    f"{safe(quote, 60)!r}; re-find it with `sb find`")
    return None


def _elided(piece: str, s: int, quote: str) -> tuple[str, str] | None:
    """A quote written with ``[...]`` and one outer span: the parts in order inside the span."""
    parts = [p.strip() for p in quote.split(ELLIPSIS)]
    if any(not p for p in parts):
        return "E-QUOTE-EMPTY", "an elided quote has an empty part; every part must quote words"
    if not piece.startswith(parts[0]) or not piece.endswith(parts[-1]):
        return "E-QUOTE-MISMATCH", f"the span at {s} does not start and end with the quote's first and last parts"
    pos = len(parts[0])
    for p in parts[1:]:
        at = piece.find(p, pos)
        if at < 0:
            return "E-QUOTE-MISMATCH", f"part {safe(p, 40)!r} is not in the span in order"
        if at - pos > MAX_GAP:
            return "E-QUOTE-PARTS", f"{at - pos} characters elided between parts (at most {MAX_GAP})"
        pos = at + len(p)
    return None


def parts_problems(text: str, ev: dict) -> list[tuple[str, str]]:
    """Each part of a multi-part quote verifies on its own, in order, gaps bounded."""
    parts = ev.get("parts")
    if not isinstance(parts, list) or not parts:
        return [("E-QUOTE-PARTS", "parts must be a non-empty list of {start, end, quote}")]
    out: list[tuple[str, str]] = []
    prev_end = None
    for i, p in enumerate(parts):
        if not isinstance(p, dict):
            out.append(("E-QUOTE-PARTS", f"part {i} is not an object"))
            continue
        prob = span_problem(text, p.get("start"), p.get("end"), p.get("quote"), p.get("quote_sha256"),
                            bool(p.get("redacted")))
        if prob:
            out.append((prob[0], f"part {i}: {prob[1]}"))
            continue
        s, e = p["start"], p["end"]
        if prev_end is not None:
            if s < prev_end:
                out.append(("E-QUOTE-PARTS", f"part {i} starts at {s}, before part {i - 1} ends ({prev_end}); "
                                             "parts go in source order"))
            elif s - prev_end > MAX_GAP:
                out.append(("E-QUOTE-PARTS", f"part {i} is {s - prev_end} characters after part {i - 1} "
                                             f"(at most {MAX_GAP})"))
        prev_end = e
    if not out:
        s0, e0 = as_int(ev.get("start")), as_int(ev.get("end"))
        first, last = parts[0]["start"], parts[-1]["end"]
        if (s0 is not None and s0 != first) or (e0 is not None and e0 != last):
            out.append(("E-QUOTE-RANGE", f"the evidence span {s0}..{e0} is not the parts' outer span {first}..{last}"))
    return out


def evidence_problems(ctx: GateContext, ev: dict) -> list[tuple[str, str]]:
    sid = ev.get("source_id")
    text = ctx.text(sid)
    if text is None:
        return [("E-QUOTE-MISSING-SOURCE", f"source {safe(sid)} has no normalized.md (unknown id, not a "
                                           "source id, or not extracted); cite a ready source")]
    if "parts" in ev:
        return [(c, f"{safe(sid)}: {m}") for c, m in parts_problems(text, ev)]
    prob = span_problem(text, ev.get("start"), ev.get("end"), ev.get("quote"), ev.get("quote_sha256"),
                        bool(ev.get("redacted")))
    return [(prob[0], f"{safe(sid)}: {prob[1]}")] if prob else []


@register("quotes", 30)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    ok = total = 0
    for c in ctx.claims:
        for ev in evidence(c):
            total += 1
            probs = evidence_problems(ctx, ev)
            ok += not probs
            f += [Finding(code, cid(c), msg) for code, msg in probs]
    return GateResult(f, f"{ok}/{total} byte-exact")
