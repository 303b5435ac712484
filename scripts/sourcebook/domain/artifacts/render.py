"""``sb render``: a Markdown draft and the ledger in, a finished artifact out.

The page is the type's template with the draft's blocks, ordinals, marks, as-of dates, the
contents, the provenance footer and the injected ledger filled in, written atomically to
``build/<type>.html``. Every refusal names the draft line; nothing is written on a refusal.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import cast

from ...base import jsonio
from ...base.clock import today_iso
from ...base.errors import Exit, Finding, SbError
from ...base.patterns import hot
from ...base.record import record
from ...engines.ledger import ledger_html
from ...engines.ledger import ledger_model as lm
from ...engines.ledger.editions import footer_counts
from ...engines.ledger.inject import inject
from ...engines.ledger.ledger_model import reading_ordinals
from ...engines.ledger.numbering import marks_used, sup_order
from ...engines.render import artifact as art
from ...engines.render.blocks import h, inline, render_blocks, toc_html
from ...engines.render.draft import Block, claim_ids_in, parse_checked
from ...engines.render.page import fill_provenance, fill_slot, legend_for, mark_rendered, set_slot_attr, set_title
from ..ledger.ledger_view import LedgerView, ledger_view
from ..workspace.layout import Workspace
from .render_images import image_findings, with_figures
from .templates import load_template

HTML_TYPES = ("answer", "explainer", "deck", "brief", "infographic")
_EMPTY_VISUAL = hot(r'\s*<figure class="visual">\s*<!-- SB:VISUAL --><!-- /SB:VISUAL -->\s*</figure>')


@record
class Rendered:
    path: str
    notes: list[str]


def read_draft(path: str, shown: str) -> str:
    if not os.path.isfile(path):
        raise SbError("E-DRAFT", shown, "no such draft; write it (see `sb render --help`) or pass --from")
    return jsonio.read_text(path, shown)


def default_draft(ws: Workspace) -> str:
    return ws.path("draft.md")


def refuse(findings: list[Finding], what: str) -> SbError:
    first = findings[0]
    more = f" ({len(findings) - 1} more above)" if len(findings) > 1 else ""
    return SbError(first.code, first.subject, first.message + more + f"; nothing was written to {what}",
                   Exit.USAGE, findings=findings[1:])


def _title(blocks: list[Block], view: LedgerView, ws: Workspace, kind: str) -> str:
    for b in blocks:
        if b.kind == "h1" and not b.quote:
            return re.sub(r"\[@[^\]]*\]", "", b.text).strip()
    if view.plan and isinstance(view.plan.get("title"), str) and view.plan["title"].strip():
        return view.plan["title"].strip()
    question = ws.load_manifest().get("question")
    return question.strip() if isinstance(question, str) and question.strip() else kind.capitalize()


def _thesis(view: LedgerView) -> str:
    thesis = view.plan.get("thesis") if view.plan else None
    if isinstance(thesis, str) and thesis.strip() and not thesis.startswith("TODO"):
        return thesis.strip()
    return ""


def thesis_block(view: LedgerView) -> Block | None:
    """The standfirst (plan thesis) as a line of draft prose: it may cite with [@clm_...] and be
    tagged [framing] like any sentence of the draft."""
    thesis = _thesis(view)
    return Block("p", thesis, 0, claim_ids_in(thesis)) if thesis else None


def _names_cited(ws: Workspace, view: LedgerView, blocks: list[Block]):
    """Whether a figure of a sentence is the identifier ("PEP 498", "KEP-5343") of a source the
    page cites, which that source's header or title states (``engines.ledger.source_names.names_cited_id``)."""
    from ...engines.ledger.source_names import names_cited_id
    from ..sources.store import text_heads

    sids = sorted({str(e.get("source_id")) for b in blocks for cid in b.ids
                   for e in (view.by_id.get(cid) or {}).get("evidence") or [] if isinstance(e, dict)})
    text_of = text_heads(ws)
    return lambda sentence, f: names_cited_id(sentence, f, sids, text_of, view.source)


def check_draft_blocks(ws: Workspace, kind: str, blocks: list[Block], view: LedgerView, where: str) -> list[Finding]:
    # a table of cited cells carries the page as prose does (an infographic's figures)
    if not any(b.kind in ("p", "li", "quote") or (b.kind == "table" and b.ids) for b in blocks):
        return [Finding("E-DRAFT", where, "the draft has no prose; write paragraphs (or a table) that cite claims "
                                          "with [@clm_...]")]
    dek = thesis_block(view)
    names = _names_cited(ws, view, blocks + ([dek] if dek is not None else []))
    found = art.reference_findings(blocks, view.by_id, where) + art.framing_findings(blocks, where, names)
    if dek is not None and kind != "explainer":  # the explainer has no standfirst
        found += [Finding(f.code, "plan.json thesis", f.message) for f in
                  art.reference_findings([dek], view.by_id, "", history=False) + art.framing_findings([dek], "", names)]
    unplaced = art.unplaced_findings(blocks, view.claims, where)
    if not is_main(kind, view):  # a page beside the main artifact may cite a subset, never hide a side
        unplaced = [f for f in unplaced if view.by_id.get(f.subject, {}).get("confidence") == "contested"]
    if kind == "explainer" and dek is not None:  # its thesis cites, but the page never shows it
        unplaced = [Finding(f.code, f.subject, f"not referenced in {where}: cited only in plan.json's thesis, "
                                               "which an explainer does not show (it has no standfirst); cite "
                                               f"it in the draft's body with [@{f.subject}], or drop it from "
                                               "the thesis and retract it")
                    if f.subject in dek.ids else f for f in unplaced]
    found += unplaced
    if kind == "explainer":
        found += art.explainer_findings(blocks, where)
    if kind == "infographic":
        found += art.infographic_findings(blocks, view.by_id, where)
    return found + image_findings(ws, blocks, where)


def build_page(kind: str, blocks: list[Block], view: LedgerView, title: str, thesis: str,
               source_count: int | None = None) -> str:
    """The page, numbered in its own reading order: composed once with the ledger's numbers to
    find the order in which a reader meets the claims, then again with 1, 2, 3... in that order
    (the injected ledger numbered the same way), whatever plan another artifact used. A page
    beside the plan's artifact injects the entries of every claim it shows, standfirst
    included. The footer counts documents (editions of one count once) from ``view.sources``; ``source_count``
    is not read."""
    from ...engines.page.view import body_text
    from .labels import page_lang

    lang = page_lang(view.plan, " ".join([title, thesis, *(b.text for b in blocks)]))
    page = _compose(kind, blocks, view, title, thesis, view.ordinals, lang)
    nums = reading_ordinals(sup_order(page), cast("list[Mapping]", view.claims), view.plan)
    if nums != view.ordinals:
        page = _compose(kind, blocks, view, title, thesis, nums, lang)
    # a page beside the main one lists what it cites: its blocks' claims and whatever else the
    # composed page links to (the plan's thesis shown as its standfirst cites too)
    only = None if is_main(kind, view) else {cid for b in blocks for cid in b.ids} | set(sup_order(page))
    cited = {str(ev.get("source_id")) for c in view.claims
             if lm.is_citable(c) and (only is None or c["id"] in only) for ev in c.get("evidence") or []}
    ready = [sid for sid, s in view.sources.items() if s.get("status") == "ready"]
    n_cited, n_read, editions = footer_counts(cited, ready, cast("Mapping[str, Mapping]", view.sources))
    page = fill_provenance(page, build_date=today_iso(), source_count=n_read, cited=n_cited, editions=editions)
    page = legend_for(page, marks_used(page))
    # the quotes the page's prose shows count first against the budget: the ledger shows the rest
    return inject(page, ledger_html.render(cast("list[Mapping]", view.claims), view.sources, view.plan, only,
                                           numbers=nums, prose=body_text(page)))


def _compose(kind: str, blocks: list[Block], view: LedgerView, title: str, thesis: str,
             nums: Mapping[str, int], lang: str = "en") -> str:
    claims = view.by_id
    page = mark_rendered(load_template(kind, lang))
    page = set_title(page, title)
    page = fill_slot(page, "HEADING", h(title))
    dek_ids = claim_ids_in(thesis)
    page = fill_slot(page, "DEK", inline(thesis, claims, nums))
    if dek_ids:
        page = set_slot_attr(page, "DEK", "data-claim", " ".join(dek_ids))
    body_blocks = [b for b in blocks if b.kind != "h1" or b.quote]  # a heading in a quote stays in it
    if kind == "deck":
        page = fill_slot(page, "BODY", "\n" + art.deck_slides(body_blocks, claims, nums, view.sources) + "\n")
    elif kind == "infographic":
        page = fill_slot(page, "BODY", "\n" + art.infographic_body(body_blocks, claims, nums, title) + "\n")
    else:
        body, toc = render_blocks(body_blocks, claims, nums)
        page = fill_slot(page, "BODY", "\n" + body + "\n")
        if toc:
            page = fill_slot(page, "TOC", toc_html(toc))
        if kind == "explainer":
            visual = art.explainer_visual(body_blocks, claims, nums, title)
            page = fill_slot(page, "VISUAL", "\n" + visual + "\n" if visual else "")
            page = _EMPTY_VISUAL.sub("", page)
    return page


def is_main(kind: str, view: LedgerView) -> bool:
    """The plan's artifact (an answer when there is no plan) carries the whole ledger."""
    plan_type = (view.plan or {}).get("type") if isinstance(view.plan, dict) else None
    return kind == (plan_type or "answer")


@record
class Composed:
    """A page as ``sb render`` would write it, not yet written."""

    kind: str
    path: str  # where it goes: build/<kind>.html
    html: str
    main: bool  # the plan's artifact: it carries the whole ledger


def compose_html(ws: Workspace, kind: str, text: str, shown: str) -> Composed:
    """The page a draft renders to, in memory (nothing is written). A draft the renderer cannot
    read is refused (``SbError``) with its lines."""
    page, problems = compose_or_findings(ws, kind, text, shown)
    if page is None or problems:
        raise refuse(problems, ws.rel(ws.build_path(f"{kind}.html")))
    return page


# What the renderer refuses although the page could still be composed: a framing sentence with a
# figure, a citable claim left out, an explainer over its limits. A pre-flight composes such a
# page anyway (never to write it), so one run names the renderer's findings and the gate's.
SOFT_REFUSALS = frozenset({"E-RENDER-FRAMING", "E-DRAFT-UNCITED", "E-DRAFT-LIMIT"})


def compose_or_findings(ws: Workspace, kind: str, text: str, shown: str, *,
                        despite_soft: bool = False) -> tuple[Composed | None, list[Finding]]:
    """The page a draft renders to and what stops the renderer, with the draft lines: a construct
    outside the subset, an unknown or retired claim, a citable claim left out... No page when
    there is a refusal, unless ``despite_soft`` and every refusal is in ``SOFT_REFUSALS``."""
    blocks, syntax = parse_checked(text)
    out = ws.build_path(f"{kind}.html")
    if syntax:  # a construct outside the subset is refused, never flattened into text
        return None, [Finding("E-DRAFT-SUBSET", f"{shown}:{e.line}", e.message) for e in syntax]
    view = ledger_view(ws)
    problems = check_draft_blocks(ws, kind, blocks, view, shown)
    if problems and not (despite_soft and all(f.code in SOFT_REFUSALS for f in problems)):
        return None, problems
    ready = sum(1 for s in view.sources.values() if s.get("status") == "ready")
    page = build_page(kind, with_figures(ws, blocks), view, _title(blocks, view, ws, kind), _thesis(view), ready)
    page = fill_reviewed(ws, ws.rel(out), page, view.by_id)
    return Composed(kind, out, page, is_main(kind, view)), problems


def fill_reviewed(ws: Workspace, rel: str, page: str, claims: Mapping[str, Mapping] | None = None) -> str:
    """The footer says whether a person reviewed the page: every sentence ``sb review`` shows of
    it carries a current ``ok`` mark (the footer is no sentence to review, so filling it keeps
    every sentence's id and digest)."""
    from ..review.status import page_footer

    return fill_slot(page, "REVIEWED", page_footer(ws, rel, page, claims))


def write_page(ws: Workspace, page: Composed) -> Rendered:
    with ws.lock():
        jsonio.atomic_write_text(page.path, page.html)
    return Rendered(page.path, [])


