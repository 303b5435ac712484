"""After a failed verify: which codes failed, and the one command that fixes the first.

``sb status`` reads ``build/verify.json`` (written by every verify) and, instead of sending the
user to run the same gate again, names the failing codes and the command for the first finding.
The command depends on the finding's subject (a claim, a source, a page) and, for a page, on
the route the page was made by (``route``): a rendered page is fixed in its draft and rendered
again, a hand-composed one is edited and its ledger injected.
"""

from __future__ import annotations

import json
import os
from collections import Counter

from ...base.diagnostics import describe
from ..workspace.layout import Workspace
from . import route as routes

# claim codes -> what to run with the claim id as {c}
_CLAIM = {
    "E-QUOTE-MISMATCH": "sb claim show {c} (then re-pin its quote: sb find SRC \"exact words\" and sb claim add)",
    "E-QUOTE-RANGE": "sb claim show {c} (then take offsets from sb find SRC \"exact words\" and sb claim add)",
    "E-QUOTE-EMPTY": "sb claim show {c} (then quote the words that support it: sb find, sb claim add)",
    "E-QUOTE-PARTS": "sb claim show {c} (then keep the quote's parts in order and close: sb find, sb claim add)",
    "E-QUOTE-MISSING-SOURCE": "sb claim show {c} (then cite a ready source from sb source list)",
    "E-QUOTE-SPLICE": "sb claim show {c} (then cite each passage as its own evidence)",
    "E-QUOTE-SHORT": "sb claim set {c} --confidence reported (or quote the words that state it)",
    "E-CONF-MISMATCH": "sb claim show {c} (then add evidence, or sb claim set {c} --confidence inferred)",
    "E-UNSUPPORTED": "sb claim retract {c} --reason \"no source supports it\"",
    "E-TIER-D": "sb claim set {c} --confidence reported",
    "E-TIER-WEAK": "sb claim set {c} --confidence reported",
    "E-RECHECK-SCHEME": "sb claim set {c} --recheck https://...",
    "E-VOLATILE-UNDATED": "sb claim set {c} --as-of YYYY-MM-DD --recheck https://...",
    "E-CLAIM-FIGURE": "sb claim narrow {c} --text \"...what the quotes say...\" --reason \"...\"",
    "E-CLAIM-DATE-AMBIGUOUS": "sb claim narrow {c} --text \"...with the date as 2026-11-01...\" --reason \"...\"",
    "E-CLAIM-INFERRED": "sb claim narrow {c} --text \"...the inference without the figure...\" --reason \"...\"",
    "E-CLAIM-ASOF-LATE": "sb claim set {c} --as-of YYYY-MM-DD",
    "E-CLAIM-ID": "sb claim show {c} (restore its text, or add the new wording with sb claim narrow)",
    "E-ADJ-UNAPPLIED": "sb adjudicate --apply",
    "E-PLAN-ORPHAN": "sb plan --show (then remove {c} from its section, or place its successor; a superseded claim may stay cited in the draft's history paragraph)",
    "E-RECHECK-CHANGED": "sb recheck {c} (then narrow, supersede, retract or sb claim ack {c} --reason \"...\")",
    "E-POD-CLAIM-STALE": "sb render podcast --from script.json (citing the claim that replaced it)",
}
# source codes -> what to run with the source id as {s}
_SOURCE = {
    "E-NORM-DRIFT": "sb extract --force (or restore sources/{s}/normalized.md)",
    "E-NORM-MISSING": "sb extract --force",
    "E-TIER-REASON": "sb source set {s} reason=\"why it has this tier\"",
    "E-DEEP-RAW": "sb source show {s} (restore its raw capture, or re-add it)",
    "E-DEEP-DRIFT": "sb extract --force",
}
_WORKSPACE = {
    "E-CLUSTER-OPEN": "sb contradictions (then sb adjudicate --file decision.json --apply)",
    "E-ADJ-NOWINNER": "sb contradictions --json (then record the decision again with a winner)",
    "E-ADJ-RETRACT": "sb contradictions --json (then record the decision again with a winner)",
    "E-ADJ-WINNER": "sb contradictions --json (then pick the winner from the cluster's claim_ids)",
    "E-ADJ-CLUSTER": "sb contradictions --json (then copy cluster_id and topic_key from it)",
    "E-ADJ-MEMBER": "sb contradictions --json (then name only the cluster's claims)",
    "E-PODCAST-MISSING": "sb render podcast --from script.json",
    "E-REPORT-UNCITED": "sb render report --from draft.md",
}
# page codes: fixed by remaking the page (rendered) or editing it (template)
_PAGE_REMAKE = ("E-LEDGER-MISSING", "E-LEDGER-STALE", "E-ORDINAL-WRONG", "E-ASOF-MISSING", "E-MARK-WRONG",
                "E-CITE-INFERRED")
_PAGE_EDIT = ("E-REF-DANGLING", "E-LEDGER-ORPHAN", "E-CONTESTED-HIDDEN", "E-CLAIM-UNKNOWN", "E-LEGEND",
              "E-QUOTE-BUDGET", "E-IMG-EVIDENCE")


def last_failure(ws: Workspace) -> dict | None:
    """``build/verify.json`` when the last verify failed, else None."""
    try:
        with open(ws.build_path("verify.json"), encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("pass") is not False:
        return None
    return doc


def findings_of(doc: dict) -> list[dict]:
    out = []
    for gate in doc.get("gates") or []:
        details = gate.get("details") if isinstance(gate, dict) else None
        for d in details if isinstance(details, list) else []:
            if isinstance(d, dict) and isinstance(d.get("code"), str):
                out.append(d)
    return out


def codes_summary(findings: list[dict]) -> str:
    """``E-QUOTE-MISMATCH, E-LEDGER-STALE x2`` in the order the gates reported them."""
    counts = Counter(f["code"] for f in findings)
    return ", ".join(f"{code} x{n}" if n > 1 else code for code, n in counts.items())


def _page_of(ws: Workspace, finding: dict, pages: list[str]) -> str | None:
    """The page a finding is about: its subject, or the page its message starts with."""
    subject, message = str(finding.get("subject", "")), str(finding.get("message", ""))
    for rel in pages:
        if subject in (rel, ) or subject.startswith(rel + ":") or message.startswith(rel + ":") \
                or message.startswith(rel + " "):
            return rel
    if subject.endswith(".html"):
        return subject
    return None


def fix_for(ws: Workspace, finding: dict, pages: list[str]) -> str:
    """The command that fixes one finding (from the verify report's ``details``)."""
    code, subject = str(finding.get("code")), str(finding.get("subject", ""))
    if code in _CLAIM:
        return _CLAIM[code].format(c=subject)
    if code in _SOURCE:
        return _SOURCE[code].format(s=subject)
    if code in _WORKSPACE:
        return _WORKSPACE[code]
    if code == "E-REVIEW-REQUIRED":
        return f"sb review --md (read it), then sb review --ok {subject} --note \"what you checked\""
    page = _page_of(ws, finding, pages)
    if code == "E-HTML-MISSING":
        return routes.missing_page(ws, routes.kind_of(subject))
    if page and code.startswith(("E-PAGE-", "E-DERIVED-")):  # the prose gate, re-derived files
        route = routes.route_of_file(os.path.join(ws.root, page)) or routes.TEMPLATE
        return routes.edit(ws, route, page, "fix the sentence") if code.startswith("E-PAGE-") \
            else routes.remake(ws, route, page)
    if page and (code in _PAGE_REMAKE or code in _PAGE_EDIT or "." in code):
        route = routes.route_of_file(os.path.join(ws.root, page)) or routes.TEMPLATE
        if code in _PAGE_REMAKE or (route == routes.RENDER and code in _PAGE_EDIT):
            return routes.remake(ws, route, page)
        if "." in code:  # a lint rule id: the page's design
            return f"edit the style of {page} (sb lint {page} shows where)"
        return f"edit {page} (see the message)"
    if code.startswith(("E-IMG-", "W-IMG-")):
        return "edit assets/credits.json (see the message; sb licenses checks it)"
    if code.startswith("E-POD-"):
        return "sb render podcast --from script.json"
    if code.startswith("E-SCHEMA") or code == "E-JSON":
        return f"fix {subject} at the position named"
    known = describe(code)
    return known.remedy if known else "read the finding's message"


def after_failure(ws: Workspace) -> tuple[str, str] | None:
    """(note naming the failing codes, the command fixing the first finding) after a failed
    verify, or None when the last verify passed or never ran."""
    doc = last_failure(ws)
    if doc is None:
        return None
    found = findings_of(doc)
    if not found:
        return None
    pages = [p for p in doc.get("pages") or [] if isinstance(p, str)]
    note = f"the last sb verify failed: {codes_summary(found)}"
    first = found[0]
    return note, f"{fix_for(ws, first, pages)}  (for {first['code']} {first.get('subject', '')}), then sb verify"
