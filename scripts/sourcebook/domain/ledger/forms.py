"""The ledger in its forms (``sb ledger``): claims, sources and plan gathered, then rendered.

Rendering itself is pure (``engines/render/ledger_*``); this module only reads the workspace.
"""

from __future__ import annotations

from ...base import jsonio
from ..sources.store import for_display, try_load_source
from ..workspace.layout import Workspace
from .claims import load_claims
from .plan import load_plan

FORMS = ("html", "md", "json", "sources", "csl")


def source_records(ws: Workspace, only: set[str] | None = None) -> dict[str, dict]:
    """Readable source records by id (all, or only those named and the other copies and
    editions of their documents); an unreadable one is left out."""
    out = {}
    ids = ws.source_ids() if only is None else sorted(sid for sid in only if ws.has_source(sid))
    for sid in ids:
        rec = try_load_source(ws, sid)
        if isinstance(rec, dict):
            out[sid] = dict(rec)
    if only is not None:
        add_copy_roots(ws, out)
        add_editions(ws, out)
    return for_display(ws, out)


def add_editions(ws: Workspace, records: dict[str, dict]) -> None:
    """Add the other sources of the documents ``records`` hold (a PDF cited alone is named as
    one edition of its document, beside its HTML page)."""
    from ...engines.ledger.editions import document_of

    if not records:
        return
    everyone = {}
    for sid in ws.source_ids():
        rec = records.get(sid) or try_load_source(ws, sid)
        if isinstance(rec, dict):
            everyone[sid] = rec
    docs = {document_of(sid, everyone) for sid in records}
    for sid, rec in everyone.items():
        if sid not in records and document_of(sid, everyone) in docs:
            records[sid] = dict(rec)


def add_copy_roots(ws: Workspace, records: dict[str, dict]) -> None:
    """Add the records that ``same_as`` links lead to, so copies count once for corroboration
    here exactly as they do where every record is read (the gate)."""
    todo = [str(r.get("same_as")) for r in records.values() if r.get("same_as")]
    for _ in range(32 * max(1, len(todo))):
        if not todo:
            return
        sid = todo.pop()
        if sid in records or not ws.has_source(sid):
            continue
        rec = try_load_source(ws, sid)
        if isinstance(rec, dict):
            records[sid] = dict(rec)
            if rec.get("same_as"):
                todo.append(str(rec["same_as"]))


def render_form(ws: Workspace, form: str, ids: set[str] | None = None) -> str:
    """A form of the whole ledger (``ids``: the HTML fragment with only these claims' entries,
    numbered as in the whole)."""
    from .adjudications import with_reasons

    claims = with_reasons(ws, load_claims(ws))
    cited = None
    if form in ("html", "md", "json"):  # these show only the sources their claims (history too) cite
        cited = {str(ev.get("source_id")) for c in claims for ev in c.get("evidence") or []}
    sources = source_records(ws, cited)
    plan = load_plan(ws)  # a plan.json that cannot be read is an error, not a silent renumbering
    if form == "html":
        from ...engines.ledger import ledger_html

        return ledger_html.render(claims, sources, plan, ids)
    if form == "md":
        from ...engines.ledger import ledger_md

        return ledger_md.render(claims, sources, plan)
    if form == "json":
        from ...engines.ledger import ledger_json

        return ledger_json.render(claims, sources, plan)
    if form == "sources":
        from ...engines.ledger import ledger_sources

        return ledger_sources.render(sources, claims)
    from ...engines.ledger import ledger_csl

    return ledger_csl.render(sources, claims, plan)


def write_out(path: str, text: str) -> int:
    """Write atomically (parents made); returns the number of characters written."""
    jsonio.atomic_write_text(path, text)
    return len(text)
