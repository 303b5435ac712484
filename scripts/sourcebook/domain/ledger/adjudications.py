"""Adjudications (``ledger/adjudications.json``): reading, cross-checking and applying them.

An adjudication is the agent's written decision on one contradiction cluster (CONTRACT 3.6,
7.2). Beyond the schema, every decision is cross-checked against the claims so a decision cannot
quietly do something other than what it says: the cluster id must be the hash of its topic, the
named claims must exist and share that topic, a supersede or retract must name a winner, and the
winner must be one of the named claims.
"""

from __future__ import annotations

import copy
import os

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.ids import cluster_id
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


def effect(adj: Adjudication, claim: Claim) -> str | None:
    """The change an outcome owes a claim, as text, or None when nothing is owed (7.2)."""
    if claim.get("status", "active") != "active":
        return None
    outcome, winner = adj["outcome"], adj.get("winner")
    if outcome == "supersede" and winner and claim["id"] != winner:
        return f"status -> superseded by {winner}"
    if outcome == "both_stand" and claim.get("confidence") != "contested":
        return "confidence -> contested"
    if outcome == "retract" and winner and claim["id"] != winner:
        return "status -> retracted"
    return None


def apply_outcomes(claims: list[Claim], adjs: list[Adjudication]) -> list[str]:
    """Apply every decision to ``claims`` in place (stored order); returns the changed ids.

    Decisions that fail the cross-check are skipped, so a winner outside its cluster can never
    supersede everyone.
    """
    by_id = {c["id"]: c for c in claims}
    changed: list[str] = []
    for adj in adjs:
        if any(f.code != "E-ADJ-MEMBER" for f in cross_check(adj, by_id)):
            continue
        for cid in adj["claim_ids"]:
            claim = by_id.get(cid)
            if claim is None or claim.get("topic_key") != adj["topic_key"]:
                continue
            what = effect(adj, claim)
            if what is None:
                continue
            if adj["outcome"] == "supersede":
                claim["status"], claim["superseded_by"] = "superseded", adj["winner"]
            elif adj["outcome"] == "both_stand":
                claim["confidence"] = "contested"
            elif adj["outcome"] == "retract":
                claim["status"] = "retracted"
                claim["status_reason"] = f"retracted by adjudication of {adj['cluster_id']}"
            if cid not in changed:
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
        if after.get("status") != old.get("status"):
            text = (f"status -> superseded by {after.get('superseded_by')}" if after["status"] == "superseded"
                    else "status -> retracted")
        else:
            text = "confidence -> contested"
        out.append(Finding("E-ADJ-UNAPPLIED", cid, f"{text}; run `sb adjudicate --apply`"))
    return out


# ---- commands ------------------------------------------------------------------------------
def payload_items(payload: object) -> list:
    if isinstance(payload, dict) and "adjudications" in payload and "cluster_id" not in payload:
        items = payload["adjudications"]
        if not isinstance(items, list):
            raise SbError("E-SCHEMA", "adjudication/adjudications", "must be a list of decisions")
        return items
    if isinstance(payload, list):
        return payload
    if isinstance(payload, dict):
        return [payload]
    raise SbError("E-SCHEMA", "adjudication", "expected a decision object, a list, or {\"adjudications\": [...]}")


def record(ws: Workspace, items: list) -> int:
    """Validate and upsert decisions by cluster id; nothing is saved if any item is wrong."""
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
        by_id = claims_by_id(load_claims(ws))
        findings = [f for adj in fresh for f in cross_check(adj, by_id)]
        if findings:
            first = findings[0]
            raise SbError(first.code, first.subject, first.message + "; nothing was saved", findings=findings[1:])
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
        before = {c["id"]: (c.get("status"), c.get("confidence")) for c in claims}
        changed = apply_outcomes(claims, adjs)
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
