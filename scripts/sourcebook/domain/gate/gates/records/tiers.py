"""Gate ``tiers``: a claim is no stronger than its weakest admissible source allows.

Ranks: unsupported 0 < inferred 1 < reported 2 < contested 3 < verified 4. A claim resting on a
tier-D source (an unknown source counts as D) may be at most ``reported``; a claim of any kind
is ``verified`` only with an A or B source (the legend's "checked" promises it, whatever the
claim calls itself). A claim marked contested by a both_stand adjudication is exempt from the
tier-D ceiling: contested says "disputed", not "strong", and the ceiling would otherwise make
that outcome impossible to ship.

Sources too: pasted text and supplied captures rated A or B need a person's attestation
(``E-TIER-ORIGIN``), a copy is rated no better than what it copies (``E-TIER-COPY``), and a
copy the user declared shares the text of what it copies (``E-SAME-AS``). A tier reason that
says whose the document is cannot be copied word for word to another publisher's source
(``E-TIER-REASON-COPIED``), and a reply in a thread ("Re: ...") is not tier A (``E-TIER-REPLY``).
"""

from __future__ import annotations

import re

from .....base.errors import Finding
from .....base.patterns import lazy
from ....workspace.records import CONF_RANK
from ...context import GateContext, cid, evidence
from ...registry import GateResult, register


def _both_stand_ids(ctx: GateContext) -> set[str]:
    out: set[str] = set()
    for a in ctx.adjudications:
        if a.get("outcome") == "both_stand" and isinstance(a.get("claim_ids"), list):
            out.update(x for x in a["claim_ids"] if isinstance(x, str))
    return out


_RANK = {"A": 0, "B": 1, "C": 2, "D": 3}


def _origin_findings(ctx: GateContext) -> list[Finding]:
    """Pasted text and supplied captures are A or B only when attested, and a copy is rated no
    better than the document it copies (the same rules ``sb add`` and ``sb source set`` apply,
    read again here because a record can be edited by hand)."""
    from .....engines.ledger.origin import attestation, needs_attestation, origin_of

    f: list[Finding] = []
    for sid, rec in sorted(ctx.sources.items()):
        if not rec:
            continue
        tier = rec.get("tier")
        origin = origin_of(rec) if rec.get("origin") or rec.get("kind") == "paste" else None
        if needs_attestation(origin, tier) and attestation(rec) is None:
            what = "pasted text" if origin == "paste" else "a capture the author supplied"
            f.append(Finding("E-TIER-ORIGIN", sid, f"{what} is tier {tier} with nobody's word but the author's; "
                                                   f"sb source set {sid} tier=C, or attest=\"why a reader may "
                                                   "trust it\" (shown beside the source)"))
        other = rec.get("same_as")
        root = ctx.source(other) if isinstance(other, str) and other else None
        if root and rec.get("same_as_basis") == "user":
            from ....sources.copies import SAME_AS_SHARED, shared_text
            from ....sources.store import read_normalized

            shared = shared_text(read_normalized(ctx.ws, sid), read_normalized(ctx.ws, str(other)))
            if shared is not None and shared < SAME_AS_SHARED:
                # a false link shows one document's quotes under the other's name
                f.append(Finding("E-SAME-AS", sid, f"is declared the same document as {other}, but they share "
                                                   f"almost no text ({shared:.0%}); two documents that tell the "
                                                   f"same story are two sources: sb source set {sid} same_as=none"))
        if not root or tier not in _RANK or root.get("tier") not in _RANK or root.get("tier") == tier:
            continue
        high_id, high, low = (sid, rec, root) if _RANK[str(root["tier"])] > _RANK[str(tier)] else (other, root, rec)
        if attestation(high) is None:
            f.append(Finding("E-TIER-COPY", str(high_id),
                             f"{sid} is a copy of {other}, and one is rated tier {high.get('tier')}, the other "
                             f"tier {low.get('tier')}; copies take the lower tier of the two: sb source set "
                             f"{high_id} tier={low.get('tier')}, or attest=\"why\", or same_as=none on {sid}"))
    return f


# a reason that says whose the document is ("the operator's own status page", "the city's minutes")
_WHOSE = lazy(r"\w['’]s?\b|\bown\b", re.IGNORECASE)
# a title that opens as a reply in a thread ("Re: Tidewater Pass on the water bus?")
_REPLY = lazy(r"^\s*(?:\[[^\]]*\]\s*)?(?:re|aw|sv|antw|rif|r)\s*(?:\[\d+\])?\s*[:：]|^\s*回复\s*[:：]", re.IGNORECASE)


def _fold(v: object) -> str:
    return " ".join(v.casefold().split()) if isinstance(v, str) else ""


def _borrowed_findings(ctx: GateContext) -> list[Finding]:
    """A tier A or B source whose reason is, word for word, the reason of a source of another
    publisher and says whose the document is ("the operator's own status page" on a forum
    thread): it says of this source what is so of the other (``E-TIER-REASON-COPIED``); and a
    reply in a thread (a title opening "Re:") rated A, which is for a primary or official
    document (``E-TIER-REPLY``)."""
    f: list[Finding] = []
    records = {sid: rec for sid, rec in ctx.sources.items() if isinstance(rec, dict)}
    for sid, rec in sorted(records.items()):
        if rec.get("tier") not in ("A", "B"):
            continue
        reason, pub = _fold(rec.get("tier_reason")), _fold(rec.get("publisher"))
        if reason and _WHOSE.search(reason):
            other = next((o for o, r in sorted(records.items()) if o != sid and _fold(r.get("tier_reason")) == reason
                          and _fold(r.get("publisher")) != pub), None)
            if other:
                f.append(Finding("E-TIER-REASON-COPIED", sid, f"its tier reason {rec.get('tier_reason')!r} is, word "
                                 f"for word, that of {other} (published by {records[other].get('publisher')!r}), "
                                 f"while this one is published by {rec.get('publisher')!r}; a reason that says whose "
                                 "the document is holds of one of them only, and a reader takes it as said of each: "
                                 f"sb source set {sid} tier=... reason=\"why this source has its tier\" (its own "
                                 "words)"))
        title = rec.get("title")
        if rec.get("tier") == "A" and isinstance(title, str) and _REPLY.match(title):
            f.append(Finding("E-TIER-REPLY", sid, f"its title {title[:60]!r} is a reply in a thread, rated tier A (a "
                                                  "primary or official document); a post in a thread is the "
                                                  f"poster's word: sb source set {sid} tier=C (or B with attest=\"who "
                                                  "posted it and how you know\")"))
    return f


@register("tiers", 50)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    for sid, rec in ctx.sources.items():
        if rec and rec.get("tier") in ("A", "D"):
            reason = rec.get("tier_reason")
            if not isinstance(reason, str) or not reason.strip():
                f.append(Finding("E-TIER-REASON", sid, f"tier {rec['tier']} needs a reason; re-add with "
                                                       "--reason \"why this tier\""))
    f += _origin_findings(ctx) + _borrowed_findings(ctx)
    held = 0
    both_stand = _both_stand_ids(ctx)
    for c in ctx.active:
        evs = evidence(c)
        if not evs:
            continue
        tiers = {ctx.tier(e.get("source_id")) for e in evs}
        conf = c.get("confidence")
        rank = CONF_RANK.get(conf, 0) if isinstance(conf, str) else 0
        exempt = conf == "contested" and c.get("id") in both_stand
        if "D" in tiers and rank > CONF_RANK["reported"] and not exempt:
            f.append(Finding("E-TIER-D", cid(c), f"cites a tier-D source, so it can be at most reported "
                                                 f"(it is {conf}); set --confidence reported or cite a "
                                                 "stronger source"))
        elif not tiers & {"A", "B"}:
            if conf == "verified":
                f.append(Finding("E-TIER-WEAK", cid(c), f"a claim is verified only with a tier A or B source "
                                                        f"(this {c.get('kind')} cites tier "
                                                        f"{'/'.join(sorted(tiers))} only); hold it at reported "
                                                        "or cite one"))
            else:
                held += 1
    return GateResult(f, f"{held} claim(s) correctly held at reported")
