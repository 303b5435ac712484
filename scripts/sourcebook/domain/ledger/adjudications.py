"""Adjudications (``ledger/adjudications.json``): reading, cross-checking and applying them.

An adjudication is the agent's written decision on one contradiction cluster (compatibility: adjudications.json,
7.2). Beyond the schema, every decision is cross-checked against the claims so a decision cannot
quietly do something other than what it says: the cluster id must be the hash of its topic, the
named claims must exist and share that topic, a supersede or retract must name a winner, and the
winner must be one of the named claims.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Callable, Mapping

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.ids import cluster_id
from ...base.patterns import lazy
from ...base.schema import check
from ...base.versions import SCHEMA
from ..workspace.layout import Workspace
from ..workspace.records import Adjudication, Claim
from .claims import inside, schema_error

ADJ_FILE = "ledger/adjudications.json"


def parse_adjudications(text: str, subject: str = ADJ_FILE) -> list[Adjudication]:
    data = jsonio.loads(text, subject)
    if isinstance(data, dict) and "adjudications" not in data:
        keys = ", ".join(sorted(map(str, data))) or "none"
        raise SbError("E-SCHEMA", f"{subject}/", f"no \"adjudications\" list (keys found: {keys}); "
                      "the file must be {\"schema_version\": 1, \"adjudications\": [...]}")
    problems = check(data, "adjudications", subject)
    if problems:
        raise schema_error(problems, subject)
    return data["adjudications"]


def load_adjudications(ws: Workspace) -> list[Adjudication]:
    """Every recorded decision; [] when there is no file yet."""
    if not os.path.exists(ws.adjudications_path):
        return []
    return parse_adjudications(jsonio.read_text(ws.adjudications_path, ADJ_FILE))


def save_adjudications(ws: Workspace, adjs: list[Adjudication]) -> None:
    ordered = sorted(adjs, key=lambda a: a["cluster_id"])
    problems = check({"schema_version": SCHEMA, "adjudications": ordered}, "adjudications", ADJ_FILE)
    if problems:
        raise schema_error(problems, ADJ_FILE)
    jsonio.write_json(inside(ws, ws.adjudications_path), {"schema_version": SCHEMA, "adjudications": ordered})


def cross_check(adj: Adjudication, by_id: dict[str, Claim]) -> list[Finding]:
    """Findings for a decision that does not fit the claims it names (empty when it fits)."""
    cls = adj["cluster_id"]
    out: list[Finding] = []
    want = cluster_id(adj["topic_key"])
    if cls != want:
        out.append(Finding("E-ADJ-CLUSTER", cls, f"cluster id does not match topic {adj['topic_key']!r} "
                           f"(its id is {want}); copy cluster_id from `sb contradictions --json`"))
    for cid in adj["claim_ids"]:
        claim = by_id.get(cid)
        if claim is None:
            out.append(Finding("E-ADJ-MEMBER", cls, f"names {cid}, which is not a claim; "
                               "list the cluster's claim ids from `sb contradictions --json`"))
        elif claim.get("topic_key") != adj["topic_key"]:
            out.append(Finding("E-ADJ-MEMBER", cls, f"names {cid}, whose topic is {claim.get('topic_key')!r}, "
                               f"not {adj['topic_key']!r}; a decision covers one topic's claims"))
    winner = adj.get("winner")
    outcome = adj["outcome"]
    if outcome == "supersede" and not winner:
        out.append(Finding("E-ADJ-NOWINNER", cls, "supersede needs a winner: the claim that stands"))
    if outcome == "retract" and not winner:
        out.append(Finding("E-ADJ-RETRACT", cls, "retract needs a winner: the claim that stands while "
                           "the other named claims are retracted"))
    if winner and outcome in ("supersede", "retract") and winner not in adj["claim_ids"]:
        out.append(Finding("E-ADJ-WINNER", cls, f"winner {winner} is not one of the cluster's claim_ids; "
                           "the winner must be a member of the cluster it decides"))
    return out


# the words a reason gives for setting a better-sourced claim aside: what is wrong with it
_WHY_WRONG = lazy(r"\b(?:correct(?:ed|s|ion|ions)|revis(?:ed|es|ing|ion|ions)|errat(?:um|a)|errors?|erroneous(?:ly)?|"
                  r"mistak(?:e|en|es|enly)|wrong(?:ly)?|withdr(?:awn|ew|aws)|retract(?:ed|s|ion)|outdated|"
                  r"out\s+of\s+date|restat(?:ed|es|ement)|amend(?:ed|s|ment)|misprint(?:ed|s)?|typos?|"
                  r"miscount(?:ed|s)?|double[-\s]counted|miscalculat(?:ed|ion)|disown(?:ed|s)|disavow(?:ed|s)|"
                  r"overturn(?:ed|s)|invalid(?:ated)?|flaw(?:ed|s)?|faulty)\b", re.IGNORECASE)
_RECORD_WORD = lazy(r"[^\W\d_]{4,}")
_STOP = frozenset("the and for with from that this page report reports news official".split())
_TIER_RANK = {"A": 0, "B": 1, "C": 2, "D": 3}


def _tier(claim: Mapping, record_of: Callable[[str], Mapping | None]) -> int:
    """The best tier of the sources a claim cites, as a rank (A = 0); unknown ones rank last."""
    ranks = [_TIER_RANK.get(str((record_of(str(ev.get("source_id"))) or {}).get("tier")), 4)
             for ev in claim.get("evidence") or [] if isinstance(ev, Mapping)]
    return min(ranks, default=4)


def tier_unexplained(adj: Adjudication, by_id: Mapping[str, Claim],
                     record_of: Callable[[str], Mapping | None]) -> list[Finding]:
    """``E-ADJ-TIER``: a supersede or retract whose winner cites only sources of a lower tier
    than a claim it sets aside (trade press over an audit) must say why in its reason, in words
    that name the evidence: what is wrong with the set-aside claim ("corrected", "withdrawn",
    "an error", "outdated") and whose word that is (a word of a decided claim's source record:
    its publisher, title or author). "More recent", "replaces the earlier figure" say neither."""
    winner = adj.get("winner")
    if adj["outcome"] not in ("supersede", "retract") or not winner or winner not in by_id:
        return []
    mine = _tier(by_id[winner], record_of)
    better = [cid for cid in adj["claim_ids"] if cid != winner and cid in by_id and _tier(by_id[cid], record_of) < mine]
    if not better:
        return []
    reason = str(adj.get("reason") or "")
    named: set[str] = set()
    for cid in adj["claim_ids"]:
        for ev in by_id[cid].get("evidence") or [] if cid in by_id else []:
            rec = record_of(str(ev.get("source_id"))) if isinstance(ev, Mapping) else None
            for field in ("publisher", "title", "author"):
                named |= {w.lower() for w in _RECORD_WORD.findall(str((rec or {}).get(field) or ""))}
    said = {w.lower() for w in _RECORD_WORD.findall(reason)}
    if _WHY_WRONG.search(reason) and (said & (named - _STOP)):
        return []
    ranks = "ABCD?"
    return [Finding("E-ADJ-TIER", adj["cluster_id"],
                    f"{adj['outcome']} makes {winner} (best source tier {ranks[mine]}) stand over {', '.join(better)} "
                    f"(tier {ranks[_tier(by_id[better[0]], record_of)]}), and the reason does not say what is wrong "
                    "with the better-sourced claim and whose word that is; name the evidence (\"the authority "
                    "withdrew the audited figure\", \"the council's corrected minutes\"), or record both_stand "
                    "or scope_split")]


def effect(adj: Adjudication, claim: Claim) -> str | None:
    """The change an outcome owes a claim, as text, or None when nothing is owed (7.2)."""
    want = _wanted(adj, claim)
    if want is None:
        return None
    status, winner = want
    if status != claim.get("status", "active") or (status == "superseded" and claim.get("superseded_by") != winner):
        if status == "active":
            return f"status -> active (the decision on {adj['cluster_id']} no longer sets it aside)"
        return f"status -> superseded by {winner}" if status == "superseded" else "status -> retracted"
    if adj["outcome"] == "both_stand" and claim.get("confidence") != "contested":
        return "confidence -> contested"
    return None


def set_aside_by(claim: Claim, adj: Adjudication) -> bool:
    """True when the claim is inactive because of a decision on this same cluster (an earlier
    outcome a new decision may take back), not because someone retracted, narrowed or set it."""
    status = claim.get("status", "active")
    reason = claim.get("status_reason") or ""
    if status == "retracted":
        return reason == f"retracted by adjudication of {adj['cluster_id']}"
    if status == "superseded":
        if claim.get("narrowed_to"):
            return False
        if reason:
            return reason == f"superseded by adjudication of {adj['cluster_id']}"
        return claim.get("superseded_by") in adj["claim_ids"]  # a decision applied before reasons were kept
    return False


def _wanted(adj: Adjudication, claim: Claim) -> tuple[str, str | None] | None:
    """(status, superseded_by) the decision wants for a claim it names, or None when the claim
    is set aside by something else and the decision does not ask for it back."""
    outcome, winner, cid = adj["outcome"], adj.get("winner"), claim["id"]
    if outcome == "supersede" and winner and cid != winner:
        want: tuple[str, str | None] = ("superseded", winner)
    elif outcome == "retract" and winner and cid != winner:
        want = ("retracted", None)
    elif outcome in ("supersede", "retract") and not winner:
        return None  # no winner: the decision is refused by its cross-check
    else:
        want = ("active", None)
    if claim.get("status", "active") != "active" and not set_aside_by(claim, adj):
        return None  # retracted or narrowed outside this decision: left as it is (or a conflict, below)
    return want


def conflicts(claims: list[Claim], adjs: list[Adjudication]) -> list[Finding]:
    """``E-ADJ-CONFLICT``: a decision that wants a claim to stand which was retracted, narrowed
    or superseded outside it; a decision never resurrects what a person set aside."""
    by_id = {c["id"]: c for c in claims}
    out = []
    for adj in adjs:
        if any(f.code != "E-ADJ-MEMBER" for f in cross_check(adj, by_id)):
            continue
        for cid in adj["claim_ids"]:
            claim = by_id.get(cid)
            if claim is None or claim.get("topic_key") != adj["topic_key"]:
                continue
            status = claim.get("status", "active")
            if status == "active" or set_aside_by(claim, adj):
                continue
            stands = (adj["outcome"] in ("both_stand", "scope_split")
                      or (adj["outcome"] in ("supersede", "retract") and adj.get("winner") == cid))
            if stands:
                why = ("narrowed to " + str(claim.get("narrowed_to")) if claim.get("narrowed_to")
                       else claim.get("status_reason") or f"{status} outside this decision")
                out.append(Finding("E-ADJ-CONFLICT", adj["cluster_id"],
                                   f"the {adj['outcome']} decision wants {cid} to stand, but it is {status} ({why}); "
                                   "a decision never brings back what was set aside outside it: name the claim "
                                   "that replaced it, or add the claim again"))
    return out


def apply_outcomes(claims: list[Claim], adjs: list[Adjudication], restore=None) -> list[str]:
    """Apply every decision to ``claims`` in place (stored order); returns the changed ids.

    A decision brings its claims in line with what it says, whatever an earlier decision on the
    same cluster did: a claim that decision superseded or retracted stands again when the new one
    says so, and is superseded by the new winner otherwise. ``restore(cid, cluster_id)`` gives
    the confidence a claim had before a both_stand decision made it contested (None: keep).
    Decisions that fail the cross-check are skipped, so a winner outside its cluster can never
    supersede everyone.
    """
    by_id = {c["id"]: c for c in claims}
    changed: list[str] = []
    for adj in adjs:
        if any(f.code != "E-ADJ-MEMBER" for f in cross_check(adj, by_id)):
            continue
        cls = adj["cluster_id"]
        for cid in adj["claim_ids"]:
            claim = by_id.get(cid)
            if claim is None or claim.get("topic_key") != adj["topic_key"]:
                continue
            want = _wanted(adj, claim)
            if want is None:
                continue
            before = (claim.get("status", "active"), claim.get("superseded_by"), claim.get("confidence"))
            status, winner = want
            if status == "active":
                claim["status"], claim["superseded_by"] = "active", None
                claim.pop("status_reason", None)  # type: ignore[misc]
            elif status == "superseded":
                claim["status"], claim["superseded_by"] = "superseded", winner
                claim["status_reason"] = f"superseded by adjudication of {cls}"
            else:
                claim["status"], claim["superseded_by"] = "retracted", None
                claim["status_reason"] = f"retracted by adjudication of {cls}"
            if adj["outcome"] == "both_stand":
                claim["confidence"] = "contested"
            elif claim.get("confidence") == "contested" and restore is not None:
                earlier = restore(cid, cls)
                if earlier:
                    claim["confidence"] = earlier
            if (claim.get("status"), claim.get("superseded_by"), claim.get("confidence")) != before \
                    and cid not in changed:
                changed.append(cid)
    return changed


def standing_contest(adjs: list[Adjudication], cid: str) -> Adjudication | None:
    """The both_stand decision that names ``cid``, if any: such a claim stays until a new decision."""
    for adj in adjs:
        if adj.get("outcome") == "both_stand" and cid in (adj.get("claim_ids") or []):
            return adj
    return None


def contest_refusal(adj: Adjudication, cid: str, doing: str, note: str = "") -> SbError:
    """E-CLAIM-CONTESTED: ``cid`` would be retracted or superseded while a both_stand decision names it."""
    cls = adj["cluster_id"]
    return SbError("E-CLAIM-CONTESTED", cid, f"cannot be {doing} while the both_stand decision on cluster {cls} "
                   f"(topic {adj.get('topic_key')}) names it: both sides stay visible{note}; record a new decision "
                   f"for {cls} with `sb adjudicate` (outcome supersede or retract, naming the winner), then "
                   "`sb adjudicate --apply`")


def unapplied(claims: list[Claim], adjs: list[Adjudication]) -> list[Finding]:
    """``E-ADJ-UNAPPLIED`` per claim that applying the decisions to a copy would still change."""
    trial = copy.deepcopy(claims)
    before = {c["id"]: c for c in claims}
    out = []
    for cid in apply_outcomes(trial, adjs):
        after = next(c for c in trial if c["id"] == cid)
        old = before[cid]
        if after.get("status") != old.get("status") or after.get("superseded_by") != old.get("superseded_by"):
            text = {"superseded": f"status -> superseded by {after.get('superseded_by')}",
                    "retracted": "status -> retracted"}.get(after["status"],
                                                            "status -> active (its cluster's decision no longer "
                                                            "sets it aside)")
        else:
            text = f"confidence -> {after.get('confidence')}"
        out.append(Finding("E-ADJ-UNAPPLIED", cid, f"{text}; run `sb adjudicate --apply`"))
    return out + conflicts(claims, adjs)


# ---- commands ------------------------------------------------------------------------------
def payload_items(payload: object) -> list:
    return jsonio.payload_items(payload, "adjudications", "cluster_id", "E-SCHEMA", "adjudication", "decision")


def record(ws: Workspace, items: list, warnings: list[Finding] | None = None) -> int:
    """Validate and upsert decisions by cluster id; nothing is saved if any item is wrong. A
    reason stating a figure or date its claims do not is saved with a warning in ``warnings``."""
    from ...base.clock import now_iso
    from .claims import claims_by_id, load_claims

    if not items:
        raise SbError("E-SCHEMA", "adjudication", "the payload holds no decisions")
    with ws.lock():
        ws.load_manifest()  # fail before writing if the history cannot be recorded
        stored = {a["cluster_id"]: a for a in load_adjudications(ws)}
        fresh = []
        for item in items:
            if isinstance(item, dict):
                item = dict(item)
                item.setdefault("decided_at", now_iso())
                item.setdefault("winner", None)
            fresh.append(item)
        problems = check({"schema_version": SCHEMA, "adjudications": fresh}, "adjudications", "adjudication")
        if problems:
            raise schema_error(problems, "the decision (nothing was saved)")
        claims = load_claims(ws)
        by_id = claims_by_id(claims)
        findings = [f for adj in fresh for f in cross_check(adj, by_id)]
        findings += conflicts(claims, fresh)  # a record the claims could never follow is not saved
        if not findings:
            from ..sources.store import try_load_source

            def record_of(sid: str) -> Mapping | None:
                return try_load_source(ws, sid) if ws.has_source(sid) else None

            findings += [f for adj in fresh for f in tier_unexplained(adj, by_id, record_of)]
        if findings:
            first = findings[0]
            raise SbError(first.code, first.subject, first.message + "; nothing was saved", findings=findings[1:])
        if warnings is not None:
            from .evidence import TextCache
            from .provenance import author_finding, reason_texts, slanted_reasons

            cache = TextCache(ws)
            warnings += [author_finding(t, "W-AUTHOR-TEXT-FIGURE") for t in reason_texts(claims, fresh, cache.text)
                         if t.subject in {a["cluster_id"] for a in fresh}]
            warnings += [Finding("W-AUTHOR-TEXT-WORD", f.subject, f.message)
                         for f in slanted_reasons(claims, fresh, cache.text)]
        for adj in fresh:
            stored[adj["cluster_id"]] = adj
        save_adjudications(ws, list(stored.values()))
        ws.record("ADJUDICATE", f"recorded {len(fresh)} adjudication(s)")
    return len(fresh)


def apply(ws: Workspace) -> tuple[list[str], list[Finding]]:
    """Apply every valid decision to the claims; returns (changed ids, skipped decisions' findings)."""
    from .claims import append_events, claims_by_id, event, load_claims, save_claims

    with ws.lock():
        claims = load_claims(ws)
        adjs = load_adjudications(ws)
        by_id = claims_by_id(claims)
        skipped = [f for adj in adjs for f in cross_check(adj, by_id) if f.code != "E-ADJ-MEMBER"]
        clash = conflicts(claims, adjs)
        if clash:
            first = clash[0]
            raise SbError(first.code, first.subject, first.message + "; nothing was applied", findings=clash[1:])
        before = {c["id"]: (c.get("status"), c.get("confidence")) for c in claims}
        changed = apply_outcomes(claims, adjs, _confidence_before(ws))
        for cid in changed:
            contest = standing_contest(adjs, cid)
            status = by_id[cid].get("status")
            if contest is not None and status != before[cid][0] and status in ("retracted", "superseded"):
                raise contest_refusal(contest, cid, f"{status} by another decision", " (nothing was applied)")
        if changed:
            save_claims(ws, claims)
            by_cls = {cid: a["cluster_id"] for a in adjs for cid in a["claim_ids"]}
            append_events(ws, [event("adjudicate-apply", cid, cluster_id=by_cls.get(cid),
                                     status=by_id[cid].get("status"), confidence=by_id[cid].get("confidence"),
                                     was=list(before[cid])) for cid in changed])
    return changed, skipped


def _confidence_before(ws: Workspace):
    """``restore(cid, cls)``: the confidence a claim had before a decision on ``cls`` first
    changed it (from the trail), so a both_stand that is replaced stops calling it contested."""
    from .claims import read_events

    first: dict[tuple[str, str], str] = {}
    for e in read_events(ws):
        if e.get("event") != "adjudicate-apply":
            continue
        was = e.get("was")
        key = (str(e.get("claim_id")), str(e.get("cluster_id")))
        if key not in first and isinstance(was, list) and len(was) == 2 and isinstance(was[1], str) \
                and was[1] != "contested":
            first[key] = was[1]

    def restore(cid: str, cls: str) -> str | None:
        return first.get((cid, cls))

    return restore


def attach_reasons(claims: list, adjs: list[Adjudication]) -> list:
    """Copies of the claims in which each set-aside one carries ``_why``, the reason a reader is
    shown in the ledger's History: the adjudication's own reason for a claim a decision set
    aside, the narrowing or retraction reason otherwise. An active claim a decision names (a
    contested pair that both stand, the winner) carries ``_adjudication``: the decision, whose
    reason every ledger form shows beside it. For display only; never saved."""
    by_cls = {a["cluster_id"]: a for a in adjs}
    out = []
    for c in claims:
        status = c.get("status", "active")
        if status not in ("superseded", "retracted"):
            named = [a for a in adjs if c.get("id") in (a.get("claim_ids") or [])]
            out.append(dict(c, _adjudication=named[-1]) if named else c)
            continue
        c = dict(c)
        why = ""
        reason = str(c.get("status_reason") or "")
        for prefix in ("superseded by adjudication of ", "retracted by adjudication of "):
            if reason.startswith(prefix) and reason[len(prefix):] in by_cls:
                why = by_cls[reason[len(prefix):]]["reason"]
        if not why and not reason and status == "superseded":
            for adj in adjs:  # a decision applied before reasons were kept
                if c["id"] in adj["claim_ids"] and adj.get("winner") == c.get("superseded_by"):
                    why = adj["reason"]
        if not why and c.get("narrowed_to"):
            why = f"narrowed to what its quote supports: {reason}" if reason else "narrowed to what its quote supports"
        c["_why"] = why or reason
        out.append(c)
    return out


def with_reasons(ws: Workspace, claims: list) -> list:
    """``attach_reasons`` with the workspace's decisions (an unreadable file gives no reasons)."""
    try:
        adjs = load_adjudications(ws)
    except SbError:
        adjs = []
    return attach_reasons(claims, adjs)
