"""Gate ``confidence``: a claim's confidence agrees with whether it has evidence, and a verified
claim rests on at least one quote of two words or more (a lone "5" proves nothing)."""

from __future__ import annotations

from .....base.errors import Finding
from .....base.patterns import lazy
from .....engines.ledger.ledger_model import evidence_quote
from ...context import GateContext, cid, evidence, is_active
from ...registry import GateResult, register

_CJK = lazy("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f]")
_WORD = lazy(r"\w+")


def quote_words(quote: str) -> float:
    """Words in a quote; CJK characters (written without spaces) count half a word each."""
    if not quote or max(quote) < "\u3040":  # nothing from the first CJK block on: no pattern to build
        return len(_WORD.findall(quote))
    cjk = len(_CJK.findall(quote))
    return len(_WORD.findall(_CJK.sub(" ", quote))) + cjk / 2


def only_short_quotes(claim: dict) -> bool:
    """Every quote behind the claim has fewer than two words: "5" or "yes" proves nothing alone."""
    quotes = [evidence_quote(ev) for ev in evidence(claim)]
    quotes = [q for q in quotes if q.strip()]
    return bool(quotes) and all(quote_words(q) < 2 for q in quotes)


@register("confidence", 40)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    consistent = 0
    for c in ctx.claims:
        conf = c.get("confidence")
        has_ev = bool(evidence(c))
        before = len(f)
        if conf == "inferred" and has_ev:
            f.append(Finding("E-CONF-MISMATCH", cid(c), "an inferred claim carries evidence; mark it "
                                                        "verified/reported, or drop the evidence"))
        elif not has_ev and conf not in ("inferred", "unsupported") and c.get("kind") != "derived":
            # a derived claim has no quote of its own: the arithmetic gate checks its inputs
            f.append(Finding("E-CONF-MISMATCH", cid(c), f"confidence {conf!r} needs evidence; add a quote, "
                                                        "or set confidence inferred/unsupported"))
        if conf == "verified" and is_active(c) and has_ev and only_short_quotes(c):
            f.append(Finding("E-QUOTE-SHORT", cid(c), "a verified claim rests only on quotes of fewer than two "
                                                      "words (or four CJK characters), which say nothing by "
                                                      "themselves; quote the words that state it (sb find), or "
                                                      "hold it at reported"))
        if conf == "unsupported" and is_active(c):
            f.append(Finding("E-UNSUPPORTED", cid(c), "an active claim is unsupported; find evidence, "
                                                      "or retract it with `sb claim retract`"))
        consistent += len(f) == before
    return GateResult(f, f"{consistent} claims consistent")
