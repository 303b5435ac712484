"""Gate ``html``: the artifact's citation apparatus agrees with the ledger.

Checked per page (the selected artifact and every other page that would ship): refs resolve to
ledger entries, every entry is cited, ``<sup>`` numbers are the ledger's ordinals, marks match
each claim's confidence, contested claims are shown, dated claims show their date, quotes stay
within the budget, and generated images never illustrate a claim.
"""

from __future__ import annotations

import hashlib
from typing import cast

from .....base.errors import Finding
from .....base.ids import is_claim_id
from .....engines.page.view import PageView
from ... import route as routes
from ...context import GateContext, Page, evidence, is_active, safe
from ...ledger_view import (
    MARK_CLASSES,
    PER_SOURCE_CHARS,
    PER_SOURCE_QUOTES,
    QUOTE_MAX_CHARS,
    QUOTE_MAX_WORDS,
    citable,
    page_ordinals,
    required_marks,
)
from ...registry import GateResult, register


def _remake(ctx: GateContext, page: Page) -> str:
    """The command that rebuilds this page's apparatus, by the route the page was made."""
    return routes.remake(ctx.ws, routes.route_of(ctx.page_html(page)), page.rel)


def _edit(ctx: GateContext, page: Page, what: str) -> str:
    return routes.edit(ctx.ws, routes.route_of(ctx.page_html(page)), page.rel, what)


def _marks_fix(ctx: GateContext, page: Page) -> str:
    """Marks and numbers come from the ledger: a rendered page takes them again by rendering."""
    if routes.route_of(ctx.page_html(page)) == routes.RENDER:
        return f"the claim changed since the page was rendered: run `{_remake(ctx, page)}`"
    return f"use the marks and numbers of the ledger in {page.rel}"


def _no_claims_yet(ctx: GateContext) -> str:
    """Before any claim exists a page has nothing to cite: say what comes first."""
    if ctx.claims:
        return ""
    return ("; there are no claims yet: pin quotes first (sb search QUERY, sb find SRC \"TEXT\", "
            "sb claim add --json '{...}')")


def _entries(ctx: GateContext, page: Page, v: PageView, ords: dict[str, int]) -> list[Finding]:
    f: list[Finding] = []
    by_id = ctx.claims_by_id
    if not v.has_region or not v.has_ledger:
        f.append(Finding("E-LEDGER-MISSING", page.rel,
                         f"no injected ledger between <!-- SB:LEDGER --> markers; run `{_remake(ctx, page)}`"))
        return f
    for x, li in v.entries.items():
        c = by_id.get(x)
        if c is None or not is_active(c):
            f.append(Finding("E-CLAIM-UNKNOWN", safe(x), f"{page.rel}: the injected ledger lists a claim that is "
                                                         f"unknown or no longer active; run `{_remake(ctx, page)}`"))
            continue
        value = li.strip()
        if x in ords and value and value != str(ords[x]):
            f.append(Finding("E-ORDINAL-WRONG", safe(x), f"{page.rel}: ledger entry numbered {safe(value, 12)} "
                                                         f"but the claim's ordinal is {ords[x]}; the injected "
                                                         f"ledger is stale, run `{_remake(ctx, page)}`"))
    # The selected artifact carries the whole ledger; another page (an explainer beside the
    # answer) may carry only what it cites, numbered with the whole ledger's ordinals.
    # `sb render` gives a page of another type than the plan's the claims it cites (by design),
    # so naming it with --html does not make it the main artifact.
    beside = routes.route_of(ctx.page_html(page)) == routes.RENDER and \
        routes.kind_of(page.rel) != (ctx.plan_type or "answer")
    partial = v.subset and (not page.selected or beside)
    for x in ords:
        if x not in v.entries and not partial:
            f.append(Finding("E-LEDGER-STALE", x, f"{page.rel}: a citable claim is missing from the injected "
                                                  f"ledger; run `{_remake(ctx, page)}`"))
    return f


def _refs(ctx: GateContext, page: Page, v: PageView, ords: dict[str, int]) -> tuple[list[Finding], int, int]:
    f: list[Finding] = []
    resolved = 0
    linked: set[str] = set()
    for x in v.history_links:
        if f"h-{x}" in v.anchors:
            resolved += 1
        else:
            f.append(Finding("E-REF-DANGLING", safe(x), f"{page.rel}: links to #h-{safe(x)} but the ledger's History "
                                                        f"has no such entry; run `{_remake(ctx, page)}`"))
    for x in v.links:
        if x in v.entries or (not is_claim_id(x) and f"c-{x}" in v.anchors):
            resolved += 1
            linked.add(x)
        elif ctx.claims_by_id.get(x, {}).get("status") == "superseded":
            f.append(Finding("E-HISTORY-UNMARKED", safe(x), f"{page.rel}: links to #c-{safe(x)}, a superseded claim, "
                                                            "as if it stood; link its History entry (#h-"
                                                            f"{safe(x)}) in a passage about what changed, or cite "
                                                            "its successor"))
        else:
            f.append(Finding("E-REF-DANGLING", safe(x), f"{page.rel}: links to #c-{safe(x)} but the ledger has no "
                                                        "such entry; "
                                                        + _edit(ctx, page, "cite an active claim")))
    for x in v.entries:
        c = ctx.claims_by_id.get(x)
        if x not in linked and c is not None and c.get("confidence") != "inferred":
            how = ("cite it [@" + safe(x) + "]" if routes.route_of(ctx.page_html(page)) == routes.RENDER
                   else "cite it with <sup class=\"ref\">")
            f.append(Finding("E-LEDGER-ORPHAN", safe(x), f"{page.rel}: in the ledger but never cited; "
                                                         + _edit(ctx, page, how) + ", or drop it from the plan"))
    good = 0
    for x, text in v.sup_refs:
        want = ords.get(x)
        if want is None:
            continue  # dangling or inferred: reported by their own checks
        if text != str(want):
            f.append(Finding("E-ORDINAL-WRONG", safe(x), f"{page.rel}: <sup> shows {safe(text, 12)!r} but the "
                                                         f"ledger numbers this claim {want}; "
                                                         + _marks_fix(ctx, page)))
        else:
            good += 1
    return f, resolved, good


def _blocks(ctx: GateContext, page: Page, v: PageView) -> list[Finding]:
    f: list[Finding] = []
    by_id = ctx.claims_by_id
    shown: set[str] = set()
    for b in v.blocks:
        allowed: set[str] = set()
        claims = []
        for x in b.ids:
            c = by_id.get(x)
            if c is not None and c.get("status") == "superseded":
                f += _history_block(ctx, page, v, b, x)
                continue
            if c is None or not is_active(c):
                f.append(Finding("E-CLAIM-UNKNOWN", safe(x), f"{page.rel}:{b.line}: data-claim names a claim "
                                                             "that is unknown or not active; "
                                                             + _edit(ctx, page, "cite the claim that stands")))
                continue
            shown.add(x)
            claims.append(c)
            need = required_marks(c)
            allowed |= need
            missing = sorted(need - b.marks)
            if missing:
                f.append(Finding("E-MARK-WRONG", safe(x), f"{page.rel}:{b.line}: the block lacks "
                                                          f"{', '.join(missing)} for a {c.get('confidence')}"
                                                          f"{' volatile' if c.get('volatile') is True else ''} claim; "
                                                          + _marks_fix(ctx, page)))
        if b.as_history and claims and not any((by_id.get(x) or {}).get("status") == "superseded" for x in b.ids):
            # the muted look of history on a claim that stands: a reader takes it for an old one
            f.append(Finding("E-HISTORY-CURRENT", safe(b.ids[0]), f"{page.rel}:{b.line}: a block shown as history "
                                                                  "(class \"history\") cites only claims that stand; "
                                                                  "history is for superseded claims: remove the "
                                                                  "class"))
        wrong = sorted(m for m in b.marks if m in MARK_CLASSES and m not in allowed)
        if claims and wrong:
            f.append(Finding("E-MARK-WRONG", safe(b.ids[0]), f"{page.rel}:{b.line}: the block shows "
                                                             f"{', '.join(wrong)}, which none of its claims has; "
                                                             + _marks_fix(ctx, page)))
        if claims and not wrong:
            # a mark stands right after the number of the claim it belongs to: two sentences'
            # marks swapped show each claim as the other is
            for ids, kinds in b.tails:
                cited = [by_id[x] for x in ids if x in by_id and is_active(by_id[x])]
                if not cited:
                    continue
                own: set[str] = set().union(*(required_marks(c) for c in cited))
                stray = sorted({k for k in kinds if k in MARK_CLASSES and k not in own})
                if stray:
                    f.append(Finding("E-MARK-WRONG", safe(ids[0]), f"{page.rel}:{b.line}: {', '.join(stray)} stands "
                                                                   f"after the citation of {safe(ids[0])}, which "
                                                                   "lacks it: a mark belongs after its own claim's "
                                                                   "number; " + _marks_fix(ctx, page)))
                    break
        inferred = {str(c.get("id")) for c in claims if c.get("confidence") == "inferred"}
        if inferred and b.refs and (len(inferred) == len(claims) or any(x in inferred for x, _ in b.refs)):
            f.append(Finding("E-CITE-INFERRED", safe(sorted(inferred)[0]), f"{page.rel}:{b.line}: an inferred "
                                                                           "claim carries a citation number; it "
                                                                           "has no source to cite; "
                                                                           + _marks_fix(ctx, page)))
    for c in ctx.active:
        if c.get("confidence") == "contested" and c.get("id") not in shown:
            f.append(Finding("E-CONTESTED-HIDDEN", safe(c.get("id")), f"{page.rel}: a contested claim is shown in "
                                                                      "no data-claim block; "
                                                                      + _edit(ctx, page, "show both sides")))
    return f


def _history_block(ctx: GateContext, page: Page, v: PageView, b, x: str) -> list[Finding]:
    """A superseded claim may be cited only as history: in a block marked ``history`` whose
    link goes to its entry in the ledger's History part (``#h-<id>``), never as a standing
    claim with a number."""
    from .....engines.ledger.ledger_model import standing_successor

    c = ctx.claims_by_id[x]
    succ = standing_successor(c, ctx.claims_by_id)
    instead = f"cite its successor {succ}" if succ else "cite the claim that stands"
    if not b.as_history or x not in b.history or any(r == x for r, _ in b.refs):
        return [Finding("E-HISTORY-UNMARKED", safe(x), f"{page.rel}:{b.line}: cites a superseded claim as if it "
                                                       "stood; tell it as history (a block with class \"history\" "
                                                       f"linking to #h-{safe(x)}), or {instead}")]
    if f"h-{x}" not in v.anchors:
        return [Finding("E-HISTORY-UNMARKED", safe(x), f"{page.rel}:{b.line}: cites a superseded claim as history "
                                                       "but the ledger has no History entry for it; run "
                                                       f"`{_remake(ctx, page)}`")]
    return []


def _dates_and_legend(ctx: GateContext, page: Page, v: PageView) -> list[Finding]:
    f: list[Finding] = []
    for c in ctx.active:
        as_of = c.get("as_of")
        if c.get("volatile") is True and isinstance(as_of, str) and as_of and as_of not in v.text:
            fix = (f"run `{_remake(ctx, page)}`" if routes.route_of(ctx.page_html(page)) == routes.RENDER
                   else f"run `{_remake(ctx, page)}` or print \"as of\" beside it")
            f.append(Finding("E-ASOF-MISSING", safe(c.get("id")), f"{page.rel}: volatile claim's date {as_of} "
                                                                  f"is not on the page; {fix}"))
    if v.legends != 1:
        f.append(Finding("E-LEGEND", page.rel, f"{v.legends} .mark-legend elements; the page needs exactly one"))
    for img in v.images:
        if "generated" not in (img.attrs.get("data-origin") or ""):
            continue
        if img.in_claim_block:
            f.append(Finding("E-IMG-EVIDENCE", safe(img.attrs.get("src") or "(no src)", 60),
                             f"{page.rel}:{img.line}: a generated image sits in a cited block; an illustration "
                             "is never evidence, move it out"))
    return f


def _budget(ctx: GateContext, page: Page, v: PageView, ords: dict[str, int]) -> list[Finding]:
    f: list[Finding] = []
    seen: set[tuple] = set()
    per_src: dict[str, list[tuple[str, str]]] = {}  # document -> (claim id, quote) shown in full, in order
    counted: set[tuple[str, str]] = set()
    order = sorted(ctx.claims_by_id.values(), key=lambda c: (ords.get(str(c.get("id")), 10**9), str(c.get("id"))))
    from .....engines.ledger.editions import document_of
    from .....engines.ledger.ledger_model import budget_words, reads_as_title, shown_titles
    from .....engines.ledger.quote_view import is_free, shown_as, word_or_two

    records = cast("dict[str, dict]", ctx.sources)
    titles = shown_titles(records)

    flat = " ".join(v.text.split())
    # a contested claim's quotes are shown whole, outside the budget (the ledger's shown_spans)
    contested = {(ev.get("source_id"), ev.get("start"), ev.get("end")) for c in order
                 if c.get("status", "active") == "active" and c.get("confidence") == "contested" for ev in evidence(c)}
    for c in order:
        for ev in evidence(c):
            q, sid = ev.get("quote"), ev.get("source_id")
            key = (sid, ev.get("start"), ev.get("end"))
            if not isinstance(q, str) or not q.strip() or key in seen or not isinstance(sid, str):
                continue
            seen.add(key)
            if key in contested:
                continue
            if is_free(ctx.source(sid)):
                continue  # a free licence (public domain, CC BY, CC BY-SA, own) lifts the budget
            if reads_as_title(q, titles.get(sid, ())):
                continue  # the source's name, printed on every ledger line citing it: not quoted text
            seen_as = shown_as(q, v.text, flat)  # whole, or its words with the markup stripped
            if seen_as is None:
                continue  # shown neither as stored nor with its markup rendered
            if word_or_two(seen_as):
                continue  # a word or two is not a quotation: measured as shown, as the ledger measures it
            if len(q) > QUOTE_MAX_CHARS or len(q.split()) > QUOTE_MAX_WORDS:
                f.append(Finding("E-QUOTE-BUDGET", safe(c.get("id")), f"{page.rel}: a quote of {len(q)} characters, "
                                                                      f"{len(q.split())} words is shown (at most "
                                                                      f"{QUOTE_MAX_CHARS} / {QUOTE_MAX_WORDS})"))
            # one budget per document: a source's copies and editions (same_as) count together,
            # and the same words quoted from two editions are shown, and counted, once
            doc = document_of(sid, records)
            if (doc, budget_words(q)) in counted:
                continue
            counted.add((doc, budget_words(q)))
            per_src.setdefault(doc, []).append((str(c.get("id")), q))
    for doc, shown in per_src.items():
        chars = sum(len(q) for _, q in shown)
        if len(shown) <= PER_SOURCE_QUOTES and chars <= PER_SOURCE_CHARS:
            continue
        group = sorted(s for s in ctx.sources if document_of(s, records) == doc)
        what = (f"one document ({', '.join(group)}: its editions count together)" if len(group) > 1
                else f"one source ({doc})")
        quotes = "; ".join(f'{safe(cid)} "{safe(" ".join(q.split()), 40)}" ({len(q)} characters)' for cid, q in shown)
        f.append(Finding("E-QUOTE-BUDGET", safe(doc), f"{page.rel}: {len(shown)} quotes, {chars} characters shown "
                                                      f"in full from {what}; the budget is {PER_SOURCE_QUOTES} "
                                                      f"quotes and {PER_SOURCE_CHARS} characters: {quotes}"))
    return f


def check_page(ctx: GateContext, page: Page) -> tuple[list[Finding], tuple[int, int, int]]:
    ords = page_ordinals(ctx, page)
    v = ctx.page_view(page)
    ref_f, resolved, good = _refs(ctx, page, v, ords)
    f = _entries(ctx, page, v, ords) + ref_f + _blocks(ctx, page, v) + _dates_and_legend(ctx, page, v)
    f += _budget_once(ctx, page, v, ords)
    return f, (resolved, len(v.entries), good)


def _budget_once(ctx: GateContext, page: Page, v: PageView, ords: dict[str, int]) -> list[Finding]:
    """``_budget``, skipped when an earlier run found this very page within the budget over
    the same claims, plan and sources (their licences and copies: what lifts or joins a budget)."""
    ledger = ctx.ledger_key()
    key = None
    if ledger is not None:
        body = f"{ledger}\0{ctx.page_sha(page)}\0{page.rel}\0{ctx.doc_shas.get('plan.json', '-')}"
        key = hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:40]
        if ctx.cache.page_fact("budget", key) == "ok":
            return []
    found = _budget(ctx, page, v, ords)
    if key is not None and not found:
        ctx.cache.remember_page_fact("budget", key, "ok")
    return found


def address(href: str) -> str:
    """A web address as two links to one page compare: no scheme, no ``www.``, the host in lower
    case, no trailing slash, no fragment (a place on the page), the query kept; "" when it is not
    a web address."""
    from urllib.parse import urlsplit

    try:
        u = urlsplit(href.strip() if not href.startswith("//") else "https:" + href.strip())
        host = (u.hostname or "").lower().rstrip(".")
    except ValueError:
        return ""
    if u.scheme.lower() not in ("http", "https") or not host:
        return ""
    host = host.removeprefix("www.")
    path = u.path.rstrip("/")
    return host + path + ("?" + u.query if u.query else "")


def source_addresses(ctx: GateContext) -> set[str]:
    """The addresses of the workspace's sources (fetched or declared), as ``address`` writes them."""
    def compute(c: GateContext) -> set[str]:
        out = set()
        for rec in c.sources.values():
            if not isinstance(rec, dict):
                continue
            fetch = rec.get("fetch")
            for v in [rec.get(k) for k in ("url", "locator", "canonical_locator", "canonical_url", "final_url")] + \
                    [fetch.get("final_url") if isinstance(fetch, dict) else None]:
                if isinstance(v, str) and address(v):
                    out.add(address(v))
        return out
    return ctx.memo("source-addresses", compute)


def _credit_links(ctx: GateContext) -> set[str]:
    """The addresses image credits link to, as ``sb render`` writes them."""
    def compute(c: GateContext) -> set[str]:
        from ....artifacts.licenses import load_credits
        from ....artifacts.render_images import http_href

        try:
            credits, _ = load_credits(c.ws)
        except Exception:  # noqa: BLE001 - an unreadable credits file is the licenses gate's finding
            return set()
        return {h for e in credits.values() if isinstance(e, dict) and (h := http_href(e.get("source")))}
    return ctx.memo("credit-links", compute)


def link_findings(ctx: GateContext, page: Page, view: PageView) -> list[Finding]:
    """A web link in the page's text leads a reader to believe it is the source: it must lead to
    one of the workspace's sources, by its own address (another page of the source's site can
    say anything in its path: ".../corrections/true-figure-38500")."""
    out = []
    known = source_addresses(ctx) if view.outside else set()
    credited = _credit_links(ctx) if view.outside else set()
    for line, href in view.outside:
        if href in credited:
            continue  # an image's credit links where the image came from (assets/credits.json)
        if not address(href):
            out.append(Finding("E-PAGE-LINK-HOST", f"{page.rel}:{line}",
                               f"a link to {safe(href, 80)}, which is no web address: sb render writes only "
                               "http(s) links and links to a place on the page, and a reader takes a link in the "
                               "text for the source; link a source's own address, or cut the link and cite the "
                               "claim"))
            continue
        if address(href) not in known:
            out.append(Finding("E-PAGE-LINK-HOST", f"{page.rel}:{line}",
                               f"a link to {safe(address(href) or href, 80)}, which is the address of no source of "
                               "this workspace: a reader takes a link in the text for the source; link a source's "
                               "own address (`sb source show SRC` prints it), or cut the link and cite the claim"))
    return out


@register("html", 90)
def gate(ctx: GateContext) -> GateResult:
    if not ctx.pages:
        return GateResult([], f"no artifact expected ({ctx.artifact_reason})")
    f: list[Finding] = []
    totals = [0, 0, 0]
    checked = 0
    for page in ctx.pages:
        if not page.exists:
            kind = ctx.opts.artifact or (routes.kind_of(page.rel) if page.rel.endswith(".html") else None) \
                or ctx.plan_type or "answer"
            f.append(Finding("E-HTML-MISSING", page.rel, f"the artifact does not exist; make it "
                                                         f"({routes.missing_page(ctx.ws, kind)}) or pass --html"
                                                         + _no_claims_yet(ctx)))
            continue
        found, stats = check_page(ctx, page)
        f += found + link_findings(ctx, page, ctx.page_view(page))
        totals = [a + b for a, b in zip(totals, stats, strict=True)]
        checked += 1
    note = f"{totals[0]} refs resolved, {totals[1]} ledger entries, {totals[2]} ordinals"
    if checked > 1:
        note += f" across {checked} pages"
    return GateResult(f, note)


__all__ = ["check_page", "citable"]
