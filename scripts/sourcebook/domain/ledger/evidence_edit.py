"""``sb claim evidence CLM``: replace one claim's evidence, through the checks of ``claim add``.

The way out of a ``W-QUOTE-...`` warning: the new evidence is resolved as at add (offsets
found from the quote, a paste that differs only in spacing or markup located and stored as the
source's exact text) and must hold, or nothing changes. The claim keeps its id and its text;
the old and new spans are recorded in the claim's trail. The claim is then read as ``claim add``
reads it (``provenance.check_claim``): what `sb verify` would refuse or list for review is
warned of here, as at add.
"""

from __future__ import annotations

from ...base.errors import Finding, SbError
from ..workspace.layout import Workspace
from ..workspace.records import Claim
from .claim_edit import _check, _get
from .claims import append_events, claims_by_id, event, load_claims, save_claims
from .evidence import TextCache, resolve
from .evidence_match import Located
from .provenance import add_warnings, check_claim


def evidence_items(payload: object) -> list:
    """The evidence objects of a payload: an object, a list, or ``{"evidence": [...]}``."""
    if isinstance(payload, dict) and isinstance(payload.get("evidence"), list):
        payload = payload["evidence"]
    if isinstance(payload, dict):
        payload = [payload]
    if not isinstance(payload, list) or not payload:
        raise SbError("E-CLAIM", "(none)", "expected an evidence object {\"source_id\", \"quote\"}, a list of them, "
                      "or {\"evidence\": [...]}")
    return payload


def _span(ev: dict) -> str:
    return f"{ev.get('source_id')}:{ev.get('start')}..{ev.get('end')}"


def replace_evidence(ws: Workspace, cid: str, items: list, reason: str | None = None,
                     warned: list[Finding] | None = None) -> tuple[Claim, list[Located]]:
    """Replace the evidence of ``cid``; ``warned``: gets the ``W-`` findings of the claim with
    its new evidence (a splice, a figure no quote states, ...), as ``sb claim add`` prints them."""
    with ws.lock():
        by_id = claims_by_id(load_claims(ws))
        claim = _get(by_id, cid)
        cache = TextCache(ws)
        new_ev: list[dict] = []
        for j, item in enumerate(items):
            subject = f"{cid}/evidence/{j}"
            if not isinstance(item, dict):
                raise SbError("E-CLAIM", subject, "each evidence item is an object {\"source_id\", \"quote\"}")
            ev = dict(item)
            warnings = resolve(ev, cache, subject)
            if warnings:
                why = warnings[0].message.split("stored, but ", 1)[-1].split("; sb verify will fail it", 1)[0]
                sid = ev.get("source_id")
                raise SbError("E-CLAIM-EVIDENCE", subject, f"{why}; nothing changed. Quote the source's own words "
                              f"(`sb find {sid} \"<words>\" --evidence` prints them) or leave out start/end",
                              findings=[Finding(w.code, w.subject, w.message) for w in warnings[1:]])
            new_ev.append(ev)
        new = dict(claim)
        new["evidence"] = new_ev
        _check(new)
        if warned is not None:
            warned += add_warnings(new, check_claim(new, cache.text, cache.record, cache.ids))
        by_id[cid] = new  # type: ignore[assignment]
        save_claims(ws, list(by_id.values()))
        append_events(ws, [event("evidence", cid, old=[_span(dict(e)) for e in claim.get("evidence") or []],
                                 new=[_span(e) for e in new_ev], reason=reason)])
    return new, list(cache.located)  # type: ignore[return-value]
