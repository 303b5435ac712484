"""Gate ``schemas``: every workspace file matches its schema, and claim ids match their text.

``ledger_facts`` judges a claims file just written by these rules (and the clusters gate's), for
``sb claim add`` to tell verify's cache."""

from __future__ import annotations

from typing import Any

from .....base.errors import Finding
from .....base.ids import claim_id
from ....sources.store import record_problem
from ....workspace.layout import Workspace
from ...context import GateContext, _items, _load_json, _valid, safe
from ...registry import GateResult, register
from ...schema_check import schema_findings


def claim_id_findings(claims: list[dict]) -> list[Finding]:
    """A claim id is the hash of its text: an edited text under an old id is tampering."""
    out, seen = [], set()
    for i, c in enumerate(claims):
        cid, text = c.get("id"), c.get("text")
        if not isinstance(text, str) or not isinstance(cid, str):
            continue  # the schema check names the field
        if cid != claim_id(text):
            out.append(Finding("E-CLAIM-ID", safe(cid),
                               f"ledger/claims.json/claims/{i}: the id does not match the claim text "
                               f"(expected {claim_id(text)}); claim texts are not edited in place, "
                               "use `sb claim narrow` or add a new claim"))
        elif cid in seen:
            out.append(Finding("E-CLAIM-ID", safe(cid), f"ledger/claims.json/claims/{i}: the id appears twice"))
        seen.add(cid)
    return out


def _claim_ids(ctx: GateContext) -> list[Finding]:
    """``claim_id_findings``, skipped for a claims file whose very bytes an earlier run found
    with every id matching its text."""
    sha = ctx.doc_shas.get("ledger/claims.json")
    fact = f"claim-ids:{sha}" if sha else None
    if fact and ctx.cache.clean(fact):
        return []
    found = claim_id_findings(ctx.claims)
    if fact and not found:
        ctx.cache.remember_clean(fact)
    return found


_CLAIMS = "ledger/claims.json"
_ADJS = "ledger/adjudications.json"


def ledger_facts(ws: Workspace) -> tuple[list[str], list[tuple[str, str, Any]]]:
    """What ``sb claim add`` and ``sb claim import`` tell the cache of the ledger they have just
    written, judged by verify's own rules over the files as they are now, each keyed by the
    digests of the files' bytes (an edit since changes a digest). (content facts, page facts):
    "these very bytes match the claims schema" (``GateContext._valid``), "every id in them matches
    its text" (the schemas gate's ``_claim_ids``), and the clusters gate's clusters over them
    (``clusters._detect``). Nothing when a file cannot be read or does not match its schema."""
    from ....ledger.contradictions import detect
    from .clusters import clusters_key

    problems: list = []
    shas: dict[str, str] = {}
    doc = _load_json(ws.claims_path, _CLAIMS, problems, shas)
    pairs = _items(doc, "claims", _CLAIMS, problems)
    if doc is None or problems or _CLAIMS not in shas:
        return [], []
    facts: list[str] = []
    claims, found = _valid(pairs, "claims", _CLAIMS, "claims")
    if found:
        return [], []
    facts.append(f"claims:{shas[_CLAIMS]}")
    if not claim_id_findings([c for _, c in pairs]):
        facts.append(f"claim-ids:{shas[_CLAIMS]}")
    adj_doc = _load_json(ws.adjudications_path, _ADJS, problems, shas)
    apairs = _items(adj_doc, "adjudications", _ADJS, problems)
    adjs, adj_found = _valid(apairs, "adjudications", _ADJS, "adjudications")
    if problems or adj_found:
        return facts, []
    return facts, [("clusters", clusters_key(shas), detect(claims, adjs))]  # type: ignore[arg-type]


def _top_level(doc: dict, key: str, rel: str) -> list[Finding]:
    """Schema findings about the file's own keys (the items are checked one by one)."""
    if not isinstance(doc.get(key), list):
        return []  # already reported while loading
    return [f for f in schema_findings(dict(doc, **{key: []}), key, rel)]


@register("schemas", 10)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = list(ctx.problems)
    if ctx.manifest:
        f += schema_findings(ctx.manifest, "manifest", "sourcebook.json")
    for sid, rec in ctx.sources.items():
        if rec is None or sid in ctx.trusted:
            continue  # unreadable (already reported), or known clean and unchanged
        found = schema_findings(rec, "source", f"sources/{sid}/source.json")
        if rec.get("id") != sid:
            found.append(Finding("E-SCHEMA", f"sources/{sid}/source.json/id",
                                 f"the record's id {safe(rec.get('id'))} does not match its folder"))
        elif not found:
            problem = record_problem(rec, sid)  # what the schema cannot say: a status needs its extraction
            if problem:
                found.append(Finding("E-SCHEMA", f"sources/{sid}/source.json/{problem[0]}", problem[1]))
        if not found:
            ctx.cache.remember_record(sid, ctx.source_sigs.get(sid), rec)
        f += found
    if isinstance(ctx.claims_doc, dict):
        f += _top_level(ctx.claims_doc, "claims", "ledger/claims.json") + ctx.claim_schema
    f += _claim_ids(ctx)
    if isinstance(ctx.adj_doc, dict):
        f += _top_level(ctx.adj_doc, "adjudications", "ledger/adjudications.json") + ctx.adj_schema
    if ctx.plan is not None:
        f += ctx.schema_findings(ctx.plan, "plan", "plan.json")
    return GateResult(f, f"{len(ctx.sources)} sources, {len(ctx.claims)} claims")
