"""Changing stored claims: ``set``, ``retract``, ``narrow`` and ``ack``.

Every change is validated against the claims schema before it is saved (no unknown enum is
ever stored) and appended to the trail. Status only moves forward: a claim is retracted or
superseded through the commands that say why, and never comes back to active. A claim that a
both_stand decision names is neither retracted nor superseded until a new decision for its
cluster replaces that one. A narrowed claim is read like an added one (``provenance``): its
text may say no more than its quotes. The one way back: narrowing a claim back to the text of a
claim it was narrowed from makes that earlier claim active again, as it was stored, and
supersedes the narrowed one (a mistaken narrowing is undone, not re-added). An ack records who looked, and which review flags of
the claim it answers.
"""

from __future__ import annotations

from ...base.clock import now_iso
from ...base.errors import Finding, SbError
from ...base.ids import claim_id, is_claim_id
from ...base.schema import validate
from ...base.unseen import without_unseen
from ..workspace.layout import Workspace
from ..workspace.records import Ack, Claim
from .adjudications import contest_refusal, load_adjudications, standing_contest
from .claim_add import _claim_schema, same_claim
from .claims import append_events, claims_by_id, event, load_claims, save_claims, schema_error
from .evidence import TextCache
from .provenance import (
    REVIEW,
    add_warnings,
    author_finding,
    check_claim,
    claim_backing,
    dated_quote,
    reason_texts,
    unbacked_author_text,
)


def _get(by_id: dict[str, Claim], cid: str) -> Claim:
    claim = by_id.get(cid) if is_claim_id(cid) else None
    if claim is None:
        raise SbError("E-CLAIM-UNKNOWN", str(cid)[:80], "no such claim; list them with `sb claim list`")
    return claim


def _reason(reason: str | None, what: str) -> str:
    if not reason or not reason.strip():
        raise SbError("E-USAGE", f"claim {what}", "--reason must say why (it is recorded in the trail)")
    return " ".join(reason.split())


def _check(claim: dict) -> None:
    problems = validate(claim, _claim_schema(), f"claim/{claim['id']}")
    if problems:
        raise schema_error(problems, "the value")


def set_fields(ws: Workspace, cid: str, changes: dict, reason: str | None = None,
               warnings: list[Finding] | None = None) -> Claim:
    """Overwrite the given fields after checking them; status changes follow the rules above.
    The flags the change raises (a figure in the notes, an as_of its sources do not speak
    for) are appended to ``warnings``: the claim is stored and verify refuses it."""
    with ws.lock():
        claims = load_claims(ws)
        by_id = claims_by_id(claims)
        claim = _get(by_id, cid)
        new = dict(claim)
        if "contradicts" in changes:  # a link is added, never replaces the links already made
            changes = dict(changes)
            changes["contradicts"] = _linked(by_id, cid, claim.get("contradicts"), changes["contradicts"])
        new.update(changes)
        for x in changes.get("contradicts") or []:
            if x in by_id and by_id[x].get("topic_key") != new.get("topic_key"):  # clusters are per topic
                raise SbError("E-USAGE", cid, f"its topic is {new.get('topic_key')!r} but {x}'s is "
                                              f"{by_id[x].get('topic_key')!r}; a disagreement is decided within "
                                              f"one topic: add --topic {by_id[x].get('topic_key')} (or set {x}'s)")
        status, old_status = new.get("status"), claim.get("status", "active")
        if "superseded_by" in changes and changes["superseded_by"] and "status" not in changes:
            status = new["status"] = "superseded"
        if status != old_status:
            if old_status != "active":
                undo = ""
                if claim.get("narrowed_to") and old_status == "superseded" and status == "active":
                    undo = (f"; to undo its narrowing, narrow what replaced it back to its text: "
                            f"sb claim narrow {_newest(by_id, cid)} --text \"<the text of {cid}>\" --reason \"...\"")
                raise SbError("E-CLAIM-STATUS", cid, f"is {old_status}; a {old_status} claim is never made "
                              f"{status} again (add a new claim instead{undo})")
            if status == "retracted":
                raise SbError("E-CLAIM-STATUS", cid, "use `sb claim retract CLM --reason \"...\"` so the reason is recorded")
            if status == "superseded":
                winner = new.get("superseded_by")
                if not winner or winner == cid or winner not in by_id:
                    raise SbError("E-CLAIM-STATUS", cid, "superseded needs --superseded-by naming another existing "
                                  "claim (to narrow a claim, use `sb claim narrow`)")
                _uncontested(ws, cid, "superseded")
        if new.get("superseded_by") and new["superseded_by"] not in by_id:
            raise SbError("E-CLAIM-UNKNOWN", str(new["superseded_by"])[:80], "--superseded-by names no claim")
        _check(new)
        cache = TextCache(ws)
        if changes.get("volatile") is False and claim.get("volatile") and not (reason and reason.strip()):
            said = dated_quote(claim, cache.text, cache.record)
            if said:
                raise SbError("E-USAGE", cid, f"its quote states {said!r}: it holds as of a day and may change, so "
                                              "a reader sees it as moving; to show it as settled, say why with "
                                              "--reason \"...\" (recorded in the trail)")
        if warnings is not None:
            before = {f.message for f in check_claim(claim, cache.text, cache.record, cache.ids)}
            warnings += add_warnings(new, [f for f in check_claim(new, cache.text, cache.record, cache.ids)
                                           if f.message not in before])
        by_id[cid] = new  # type: ignore[assignment]
        save_claims(ws, list(by_id.values()))
        append_events(ws, [event("set", cid, changes=changes, reason=reason)])
    return new  # type: ignore[return-value]


def _newest(by_id: dict, cid: str) -> str:
    """The claim a chain of narrowings from ``cid`` ends at (the one standing in for it now)."""
    seen = {cid}
    while True:
        nxt = (by_id.get(cid) or {}).get("narrowed_to")
        if not isinstance(nxt, str) or nxt in seen or nxt not in by_id:
            return cid
        seen.add(nxt)
        cid = nxt


def _linked(by_id: dict, cid: str, old: object, wanted: list[str]) -> list[str]:
    """The claim's contradicts list with ``wanted`` added: each an existing claim other than itself."""
    for x in wanted:
        if x == cid:
            raise SbError("E-USAGE", cid, "a claim cannot contradict itself; name the other claim")
        if x not in by_id:
            raise SbError("E-CLAIM-UNKNOWN", str(x)[:80], "--contradicts names no claim; `sb claim list` shows the ids")
    have = [x for x in old if isinstance(x, str)] if isinstance(old, list) else []
    return list(dict.fromkeys(have + wanted))


def _uncontested(ws: Workspace, cid: str, doing: str) -> None:
    """Refuse (E-CLAIM-CONTESTED) to retract or supersede a claim a both_stand decision names."""
    contest = standing_contest(load_adjudications(ws), cid)
    if contest is not None:
        raise contest_refusal(contest, cid, doing)


def retract(ws: Workspace, cid: str, reason: str | None,
            warnings: list[Finding] | None = None) -> tuple[Claim, bool]:
    """Retract a claim (kept, never deleted). Returns (claim, changed); a reason stating a figure
    or date the claim does not is recorded with a warning appended to ``warnings``."""
    why = _reason(reason, "retract")
    with ws.lock():
        by_id = claims_by_id(load_claims(ws))
        claim = _get(by_id, cid)
        if claim.get("status") == "retracted":
            return claim, False
        _uncontested(ws, cid, "retracted")
        claim["status"] = "retracted"
        claim["status_reason"] = why
        if warnings is not None:
            cache = TextCache(ws)
            warnings += [author_finding(t, "W-AUTHOR-TEXT-FIGURE") for t in reason_texts([claim], [], cache.text)]
        save_claims(ws, list(by_id.values()))
        append_events(ws, [event("retract", cid, reason=why)])
    return claim, True


def narrow(ws: Workspace, cid: str, text: str, reason: str | None,
           confidence: str | None = None) -> tuple[Claim, list[Finding]]:
    """Rewrite a claim to what its quote supports: a new claim; the old one is superseded by it.

    Every artifact that cited the old id then fails the gate until it is updated, which is the
    point: a narrowing is never silent. Returns the new claim and the warnings on its text.
    """
    why = _reason(reason, "narrow")
    if not text or len(text.strip()) < 3:
        raise SbError("E-CLAIM-NARROW", cid, "--text must be the narrower claim (at least 3 characters)")
    with ws.lock():
        ws.load_manifest()  # fail before writing if the history cannot be recorded
        by_id = claims_by_id(load_claims(ws))
        old = _get(by_id, cid)
        if old.get("status", "active") != "active":
            raise SbError("E-CLAIM-STATUS", cid, f"is {old.get('status')}; only an active claim can be narrowed")
        _uncontested(ws, cid, "narrowed (narrowing supersedes it)")
        text = without_unseen(text)  # a narrowing is what a reader sees: no hidden characters
        twin = same_claim(text, by_id, {})
        new_id = str(twin["id"]) if twin is not None else claim_id(text)
        if new_id == cid:
            raise SbError("E-CLAIM-NARROW", cid, "the new text is the same claim (ids match); say less than before")
        if new_id in by_id:
            if new_id in narrowed_from_chain(by_id, cid):
                return _restore(ws, by_id, cid, new_id, why)
            raise _twin_refusal(by_id[new_id], cid)
        new = {k: v for k, v in old.items() if k not in ("acks", "narrowed_to", "status_reason", "unpublished")}
        new.update(id=new_id, text=" ".join(text.split()), narrowed_from=cid,
                   limitation=f"claim narrowed from: {old['text']}", status="active", superseded_by=None)
        unseen = not published(ws, cid)
        if unseen:  # a correction no reader ever saw leaves no public trace (the trail keeps it)
            new.pop("limitation", None)
        if confidence:
            new["confidence"] = confidence
        _check(new)
        cache = TextCache(ws)
        warnings = add_warnings(new, check_claim(new, cache.text, cache.record, cache.ids))
        old["status"], old["superseded_by"] = "superseded", new_id
        old["narrowed_to"], old["status_reason"] = new_id, why
        if unseen:
            old["unpublished"] = True
        by_id[new_id] = new  # type: ignore[assignment]
        save_claims(ws, list(by_id.values()))
        append_events(ws, [event("narrow", cid, narrowed_to=new_id, reason=why),
                           event("add", new_id, narrowed_from=cid, status="active", confidence=new["confidence"],
                                 warnings=[w.code for w in warnings] or None)])
        ws.record("GROUND", f"claim {new_id}")
    return new, warnings  # type: ignore[return-value]


def narrowed_from_chain(by_id: dict, cid: str) -> list[str]:
    """The claims ``cid`` was narrowed from, nearest first (a narrowed claim's ancestors)."""
    out: list[str] = []
    cur = by_id.get(cid)
    while cur is not None:
        prev = cur.get("narrowed_from")
        if not isinstance(prev, str) or prev in out or prev == cid or prev not in by_id:
            break
        out.append(prev)
        cur = by_id[prev]
    return out


def _twin_refusal(twin: Claim, cid: str) -> SbError:
    """E-CLAIM-NARROW for a narrowing whose text is another claim's, naming what to do instead."""
    status, tid = twin.get("status", "active"), str(twin["id"])
    if status == "active":
        how = f"cite it instead, and retire {cid} with: sb claim set {cid} --superseded-by {tid} --reason \"...\""
    elif status == "superseded":
        how = (f"it was superseded outside {cid}'s narrowings, so it stays superseded (only a narrowing is undone, "
               f"by narrowing back to the text it replaced); word the text differently")
    else:
        how = "a retracted claim stays retracted; word the text differently, or add the claim again with new wording"
    return SbError("E-CLAIM-NARROW", tid, f"a claim with this text already exists ({status}); {how}")


def _restore(ws: Workspace, by_id: dict, cid: str, back_id: str, why: str) -> tuple[Claim, list[Finding]]:
    """Undo a narrowing: ``cid`` was narrowed (at any depth) from ``back_id``, whose text the user
    narrows back to. The earlier claim is active again, as it was stored, and ``cid`` is
    superseded by it. The trail records both; a narrowing no reader saw leaves no public trace."""
    _uncontested(ws, cid, "narrowed back (that supersedes it)")
    cur, back = by_id[cid], dict(by_id[back_id])
    for key in ("narrowed_to", "status_reason", "unpublished"):
        back.pop(key, None)
    back["status"], back["superseded_by"] = "active", None
    _check(back)
    cache = TextCache(ws)
    warnings = add_warnings(back, check_claim(back, cache.text, cache.record, cache.ids))
    cur["status"], cur["superseded_by"], cur["status_reason"] = "superseded", back_id, f"narrowed back: {why}"
    cur.pop("narrowed_to", None)
    if not published(ws, cid):
        cur["unpublished"] = True
    by_id[back_id] = back
    save_claims(ws, list(by_id.values()))
    append_events(ws, [event("narrow_back", cid, restored=back_id, reason=why),
                       event("restore", back_id, restored_from=cid, status="active")])
    ws.record("GROUND", f"claim {back_id}")
    return back, warnings  # type: ignore[return-value]


def published(ws: Workspace, cid: str) -> bool:
    """A built page, the report or a script in build/ names the claim: a reader may have seen it.
    A page lists every active claim in its ledger, so a claim active at any render is named."""
    import glob
    import os

    for path in sorted(glob.glob(os.path.join(glob.escape(ws.build_dir), "*"))):
        if not path.endswith((".html", ".md", ".json")) or not os.path.isfile(path):
            continue
        try:
            with open(path, "rb") as fh:
                if cid.encode("ascii") in fh.read():
                    return True
        except OSError:
            return True  # unreadable: assume it was shown
    return False


def ack(ws: Workspace, cid: str, reason: str | None) -> tuple[Claim, list[str]]:
    """Record that someone looked at a claim, and why it stands: after its evidence changed (the
    recheck gate), and at its review flags (negation, hedge, cut), which the ack then silences.
    Returns the claim and the review flags this ack answers."""
    why = _reason(reason, "ack")
    with ws.lock():
        by_id = claims_by_id(load_claims(ws))
        claim = _get(by_id, cid)
        cache = TextCache(ws)
        flags = sorted({f.key for f in check_claim(claim, cache.text, cache.record, cache.ids) if f.rule in REVIEW})
        entry: Ack = {"at": now_iso(), "reason": why}
        if flags:
            entry["flags"] = flags
        # an earlier ack whose reason states a figure or date the claim does not (the author-text
        # gate refuses it, and every package ships it) is replaced by this one: acking again is
        # the fix that gate names, and no other command rewrites an ack
        backing = claim_backing(claim, cache.text)
        kept = [a for a in claim.get("acks") or [] if not (isinstance(a, dict) and unbacked_author_text(
            a.get("reason"), backing))]
        claim["acks"] = [*kept, entry]
        save_claims(ws, list(by_id.values()))
        append_events(ws, [event("ack", cid, reason=why, flags=flags or None)])
    return claim, flags


def latest_ack(claim: Claim) -> str | None:
    """When the claim was last acknowledged (``at`` of the newest ack), for the recheck gate."""
    acks: list = list(claim.get("acks") or [])
    return max((str(a.get("at", "")) for a in acks if isinstance(a, dict)), default="") or None
