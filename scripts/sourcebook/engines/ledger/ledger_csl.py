"""The sources as CSL-JSON (for Pandoc ``--citeproc``, Zotero and other citation managers).

Standard CSL variables carry what a bibliography prints; everything sourcebook knows beyond
that (tier, hashes, the claims a source supports) sits under ``custom``, which CSL processors
pass through untouched.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from ...base.patterns import hot
from .escape import http_href, safe_url
from .quote_view import license_of
from .quote_view import reader_address as public_address

_DATE = hot(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")


def _date_parts(value: object) -> dict | None:
    m = _DATE.match(str(value or ""))
    if not m:
        return None
    return {"date-parts": [[int(g) for g in m.groups() if g]]}


def item(sid: str, src: Mapping, claim_ids: list[str], citations: list[dict] | None = None) -> dict:
    locator = safe_url(src.get("canonical_locator") or src.get("locator") or "")
    href = public_address(src) or http_href(locator)
    out: dict = {"id": sid, "type": "webpage" if href else "document",
                 "title": str(src.get("title") or locator or sid)}
    if src.get("author"):
        out["author"] = [{"literal": str(src["author"])}]
    if src.get("publisher"):
        # a web page's publisher is the site it appears on; giving both variables makes
        # citation styles print the name twice ("Daily News. Daily News.")
        out["container-title" if href else "publisher"] = str(src["publisher"])
    if href:
        out["URL"] = href
    issued = _date_parts(src.get("published_at"))
    if issued:
        out["issued"] = issued
    accessed = _date_parts(src.get("retrieved_at"))
    if accessed:
        out["accessed"] = accessed
    if src.get("lang"):
        out["language"] = str(src["lang"])
    if src.get("license"):
        out["license"] = str(src["license"])
    out["custom"] = {
        "sourcebook_id": sid, "kind": src.get("kind"), "locator": locator, "tier": src.get("tier"),
        "tier_reason": src.get("tier_reason"), "status": src.get("status"),
        "raw_sha256": src.get("raw_sha256"), "normalized_sha256": src.get("normalized_sha256"),
        "normalizer_version": src.get("normalizer_version"), "retrieved_at": src.get("retrieved_at"),
        "claims": claim_ids,
    }
    if src.get("license"):
        out["custom"]["license"] = license_of(src)
    if citations:
        # one cite-item per cited passage, as a citation processor takes it: the page as
        # `locator` (label "page", the printed page label where the PDF defines one) and the
        # link that opens the passage
        out["custom"]["citations"] = citations
    return out


def _citation(cid: str, ev: Mapping, src: Mapping, full: bool) -> dict:
    from .ledger_model import evidence_display

    shown = evidence_display(ev, src, full)
    cite: dict = {"claim": cid}
    if shown["page"]:
        cite["label"], cite["locator"] = "page", shown["page"]["label"]
    if shown["href"]:
        cite["URL"] = shown["href"]
    return cite


def render(sources: Mapping[str, Mapping], claims: Sequence[Mapping], plan: Mapping | None = None) -> str:
    from .ledger_model import ledger_order, shown_spans, span_key

    cited, _, _ = ledger_order(claims, plan)
    shown = shown_spans(cited, sources)  # the links are the ledger's: built from what it shows
    support: dict[str, list[str]] = {}
    cites: dict[str, list[dict]] = {}
    for c in sorted(claims, key=lambda c: c["id"]):
        if c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            sid = str(ev.get("source_id"))
            ids = support.setdefault(sid, [])
            if c["id"] not in ids:
                ids.append(c["id"])
            if sid in sources:
                cite = _citation(c["id"], ev, sources[sid], span_key(ev) in shown)
                if len(cite) > 1 and cite not in cites.setdefault(sid, []):
                    cites[sid].append(cite)
    items = [item(sid, sources[sid], support.get(sid, []), cites.get(sid)) for sid in sorted(sources)]
    return json.dumps(items, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
