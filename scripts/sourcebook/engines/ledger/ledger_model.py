"""The ledger's numbers and marks, computed once for every form and for the gate (compatibility: the ledger).

Pure: claims, sources and the plan come in as values. The rendered forms (HTML, Markdown,
JSON, CSL) and ``sb verify`` all read ordinals, marks, the quote budget and corroboration from
here, so a page and its gate cannot disagree about what entry 3 is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

# confidence -> mark class (8.2); volatile adds m-moving
MARK_CLASS = {"verified": "m-checked", "reported": "m-reported", "contested": "m-contested",
              "inferred": "m-thin", "unsupported": "m-thin"}
MARK_LABEL = {"m-checked": "checked", "m-reported": "reported", "m-contested": "contested",
              "m-moving": "moving", "m-thin": "thin"}

QUOTE_MAX_CHARS = 200
QUOTE_MAX_WORDS = 25
SOURCE_MAX_QUOTES = 3
SOURCE_MAX_CHARS = 500
PART_JOIN = " [...] "


# The strongest confidences tier-D (weak) evidence can carry. `contested` is allowed because it
# does not claim strength: it says the claim is disputed, which is what a both_stand decision
# records. Without it, both_stand on a tier-D claim could never pass (applied: too strong;
# unapplied: the decision is owed).
TIER_D_ALLOWED = frozenset({"unsupported", "inferred", "reported", "contested"})


def tier_d_allows(confidence: object) -> bool:
    return isinstance(confidence, str) and confidence in TIER_D_ALLOWED


def is_active(claim: Mapping) -> bool:
    return claim.get("status", "active") == "active"


def is_citable(claim: Mapping) -> bool:
    """Citable = active and not the author's inference (8.1)."""
    return is_active(claim) and claim.get("confidence") != "inferred"


def is_contested(claim: Mapping) -> bool:
    """An active claim a person's decision left standing beside another (``contested``)."""
    return is_active(claim) and claim.get("confidence") == "contested"


def contest_rivals(claims: Iterable[Mapping]) -> dict[str, set[str]]:
    """Each active contested claim's rivals: the other active contested claims of its topic (the
    two sides a page must show together)."""
    by_topic: dict[str, set[str]] = {}
    for c in claims:
        if is_active(c) and c.get("confidence") == "contested" and isinstance(c.get("id"), str):
            by_topic.setdefault(str(c.get("topic_key")), set()).add(c["id"])
    return {x: ids - {x} for ids in by_topic.values() for x in ids}


def adjudication_of(claim: Mapping) -> Mapping | None:
    """The decision on an active claim's contradiction (``_adjudication``, attached by the
    workspace layer; ``adjudication`` in a package's ledger.json), or None."""
    got = claim.get("_adjudication") or claim.get("adjudication")
    return got if isinstance(got, Mapping) and isinstance(got.get("reason"), str) else None


def adjudication_entry(adj: Mapping) -> dict:
    """A decision as ledger.json carries it beside each of its claims."""
    ids = adj.get("claim_ids")
    return {"cluster_id": adj.get("cluster_id"), "outcome": adj.get("outcome"), "reason": adj.get("reason"),
            "decided_at": adj.get("decided_at"), "winner": adj.get("winner"),
            "claim_ids": [x for x in ids if isinstance(x, str)] if isinstance(ids, list) else []}


def outcome_words(outcome: object) -> str:
    return {"both_stand": "both stand", "scope_split": "each holds for its own scope", "supersede": "one replaces "
            "the other", "retract": "retracted"}.get(str(outcome), str(outcome or "decided").replace("_", " "))


def ordinals(claims: Iterable[Mapping], plan: Mapping | None = None) -> dict[str, int]:
    """Claim id -> ordinal: first appearance in plan sections, then the rest by id, from 1."""
    citable = {c["id"] for c in claims if is_citable(c)}
    order: list[str] = []
    seen: set[str] = set()
    sections = plan.get("sections") if isinstance(plan, Mapping) else None
    for sec in sections if isinstance(sections, list) else []:
        ids = sec.get("claim_ids") if isinstance(sec, Mapping) else None
        for cid in ids if isinstance(ids, list) else []:
            if cid in citable and cid not in seen:
                seen.add(cid)
                order.append(cid)
    order.extend(sorted(citable - seen))
    return {cid: n for n, cid in enumerate(order, 1)}


def marks(claim: Mapping) -> list[str]:
    """The mark classes a claim requires (8.2)."""
    out = [MARK_CLASS.get(str(claim.get("confidence")), "m-thin")]
    if claim.get("volatile") is True:
        out.append("m-moving")
    return out


def labels(claim: Mapping) -> list[str]:
    return [MARK_LABEL[m] for m in marks(claim)]


def evidence_quote(ev: Mapping) -> str:
    """The quote as a reader sees it: a multi-part quote is its parts joined by ``[...]``."""
    parts = ev.get("parts")
    if isinstance(parts, list) and parts:
        return PART_JOIN.join(str(p.get("quote", "")) for p in parts if isinstance(p, Mapping))
    q = ev.get("quote")
    return q if isinstance(q, str) else ""


def span_key(ev: Mapping) -> tuple:
    return (ev.get("source_id"), ev.get("start"), ev.get("end"))


def quote_fits(quote: str) -> bool:
    """A single quote is short enough to show (not empty, <=200 chars, <=25 words)."""
    return bool(quote.strip()) and len(quote) <= QUOTE_MAX_CHARS and len(quote.split()) <= QUOTE_MAX_WORDS


def shown_spans(ordered_claims: Iterable[Mapping], sources: Mapping[str, Mapping] | None = None,
                prose: str | None = None) -> set[tuple]:
    """Spans whose quote may be printed in full under the render budget (8.3); the others show
    an excerpt (``quote_view.excerpt``).

    Walks claims in ordinal order; each distinct ``(source, start, end)`` is judged once. A
    document shows at most 3 quotes and 500 characters in total, unless ``sources`` says the
    source carries a free licence (public domain, CC BY, CC BY-SA, the author's own), which
    lifts the budget. A document is a source with its copies and editions (``same_as``): the
    PDF's quotes and the HTML page's count together, and the same words quoted from two of its
    editions count once (a reader sees them once), as ``sb verify`` counts them. A quote of the
    source's title (``reads_as_title``) is its name, printed on every line that cites it: it is
    shown and never counted.

    ``prose``: the text of the page the ledger is injected into, outside the ledger. A quote
    whose words that text already shows (``quote_view.shown_as``, as ``sb verify`` reads it) is
    on the page whatever the ledger does: it is counted first, and shown in full; the budget
    left is filled in ledger order. A page whose prose alone shows more than the budget stays
    over it (``sb verify`` refuses it): the writer paraphrases.
    """
    from .quote_view import is_free, shown_as, shown_text, word_or_two

    ordered_claims = list(ordered_claims)
    # a contested claim's quotes are shown whole, outside the budget: a reader weighs the two
    # sides by their own words, never by an excerpt of one of them
    shown: set[tuple] = {span_key(ev) for c in ordered_claims if is_contested(c) for ev in c.get("evidence") or []
                         if isinstance(ev, Mapping) and not ev.get("redacted") and evidence_quote(ev).strip()}
    judged: set[tuple] = set(shown)
    titles = shown_titles(sources) if sources is not None else {}
    per_doc: dict[str, tuple[int, int]] = {}
    counted: dict[tuple[str, str], bool] = {}  # (document, words) -> shown in full
    text = prose or ""
    flat = " ".join(text.split())
    spans = [ev for claim in ordered_claims for ev in claim.get("evidence") or [] if isinstance(ev, Mapping)]
    in_prose = {span_key(ev) for ev in spans if flat and not ev.get("redacted") and evidence_quote(ev).strip()
                and shown_as(evidence_quote(ev), text, flat) is not None}
    # the quotes the prose shows first, then every other in ledger order; each judged once
    spans = [ev for ev in spans if span_key(ev) in in_prose] + [ev for ev in spans if span_key(ev) not in in_prose]
    for ev in spans:
        key = span_key(ev)
        if key in judged:
            continue
        judged.add(key)
        quote = evidence_quote(ev)
        if ev.get("redacted") or not quote.strip():
            continue
        if sources is not None and is_free(sources.get(str(ev.get("source_id")))):
            shown.add(key)
            continue
        if word_or_two(shown_text(quote, whole=True)):
            shown.add(key)  # a word or two is not a quotation: shown, never counted (as `sb verify` counts)
            continue
        if sources is not None and reads_as_title(quote, titles.get(str(ev.get("source_id")), ())):
            shown.add(key)  # the source's name, on its line already: shown, never counted (as `sb verify`)
            continue
        if not quote_fits(quote):
            continue
        doc = copy_root(str(ev.get("source_id")), sources) if sources is not None else str(ev.get("source_id"))
        words = budget_words(quote)
        if (doc, words) in counted:
            if counted[(doc, words)]:
                shown.add(key)  # these words are on the page already: no more of the budget
            continue
        count, total = per_doc.get(doc, (0, 0))
        fits = count < SOURCE_MAX_QUOTES and total + len(quote) <= SOURCE_MAX_CHARS
        fits = fits or key in in_prose  # on the page already, whatever the ledger shows
        counted[(doc, words)] = fits
        if fits:
            per_doc[doc] = (count + 1, total + len(quote))
            shown.add(key)
    return shown


def budget_words(quote: str) -> str:
    """A quote as the budget compares it: its words, whitespace and case aside."""
    return " ".join(quote.split()).casefold()


def shown_titles(sources: Mapping[str, Mapping]) -> dict[str, tuple[str, ...]]:
    """For each source, the names its ledger line may show: its own title and, for an edition of
    a document read in several, the document's title, which is one of its editions' titles
    (``editions.document_title``)."""
    by_doc: dict[str, list[str]] = {}
    for sid, src in sources.items():
        title = str(src.get("title") or "") if isinstance(src, Mapping) else ""
        if title.strip():
            by_doc.setdefault(copy_root(sid, sources), []).append(title)
    return {sid: tuple(by_doc.get(copy_root(sid, sources), ())) for sid in sources}


def reads_as_title(quote: str, titles: Iterable[str]) -> bool:
    """A quote whose words all lie within a title its source is shown under (``shown_titles``),
    whitespace, case and end punctuation aside: the source's name, which the ledger prints on
    every line citing the source. A reader reads it as the name, not as quoted text, so the
    quote budget does not count it (``shown_spans`` and ``sb verify`` alike)."""
    from .quote_view import plain

    words = budget_words(plain(quote)).strip(" .,:;")
    if not words:
        return False
    return any(f" {words} " in f" {budget_words(t)} " for t in titles)


def independence_key(source_id: str, source: Mapping | None) -> str:
    """What makes two sources independent: the publisher, else the host of a URL, else the file."""
    if not source:
        return "id:" + source_id
    publisher = source.get("publisher")
    if isinstance(publisher, str) and publisher.strip():
        return "publisher:" + " ".join(publisher.lower().split())
    locator = str(source.get("canonical_locator") or source.get("locator") or "")
    if source.get("kind") == "url" or locator.lower().startswith(("http://", "https://")):
        try:
            host = (urlsplit(locator).hostname or "").lower()
        except ValueError:
            host = ""
        if host.startswith("www."):
            host = host[4:]
        if host:
            return "host:" + host
    if locator:
        return "file:" + locator
    return "id:" + source_id


def copy_root(source_id: str, sources: Mapping[str, Mapping]) -> str:
    """The first source of a group of copies: ``same_as`` followed (a cycle stops the walk)."""
    seen = {source_id}
    cur = source_id
    for _ in range(32):
        rec = sources.get(cur)
        nxt = rec.get("same_as") if isinstance(rec, Mapping) else None
        if not isinstance(nxt, str) or not nxt or nxt in seen:
            break
        seen.add(nxt)
        cur = nxt
    return cur


def _quoted(ev: Mapping) -> list[str]:
    parts = ev.get("parts")
    if isinstance(parts, list):
        return [str(p.get("quote") or "") for p in parts if isinstance(p, Mapping)]
    return [str(ev.get("quote") or "")]


def _names_all(text: str, quotes: list[str]) -> bool:
    """Whether ``quotes`` name every identifier the claim's text names ("routes W1 and W2"), when
    they name any (a quote that names none speaks of what its context names: a notice of "the
    new readers" on the route's own page)."""
    from ..text.figures import find_figures, unbacked

    if not any(f.kind == "ident" for q in quotes for f in find_figures(q)):
        return True
    return not any(f.kind == "ident" for f in unbacked(text, quotes))


def corroboration(claim: Mapping, sources: Mapping[str, Mapping]) -> int:
    """The number of independent sources behind a claim's evidence. Copies and editions of one
    document (linked by ``same_as``) count once: each source counts as the first of its group.
    A source whose quotes name identifiers but leave out one the claim names (a rider "on W1" of
    a claim about routes W1 and W2, or about W3) backs part of it, or another thing: it does not
    count as corroboration (the claim keeps at least one source)."""
    said: dict[str, list[str]] = {}
    for ev in claim.get("evidence") or []:
        root = copy_root(str(ev.get("source_id")), sources)
        said.setdefault(independence_key(root, sources.get(root)), []).extend(_quoted(ev))
    if len(said) < 2:
        return len(said)
    text = str(claim.get("text") or "")
    return max(1, sum(1 for qs in said.values() if _names_all(text, qs)))


def derivation_text(claim: Mapping, by_id: Mapping[str, Mapping], nums: Mapping[str, int]) -> str | None:
    """How a derived claim's figure is computed, with its inputs' ledger numbers:
    "7,500 = 38,500 - 31,000 [7][8]"; None for a claim that is not derived."""
    from . import arithmetic

    if not arithmetic.is_derived(claim):
        return None
    marks = [f"[{nums[i]}]" if i in nums else "[not listed]" for i in arithmetic.input_ids(claim)]
    d, problems = arithmetic.derive(claim, by_id)
    if d is None or problems:
        spec = claim.get("derived")
        op = spec.get("op") if isinstance(spec, Mapping) else None
        return f"{str(op or 'computed').replace('_', ' ')} of {''.join(marks)} (does not hold: see sb verify)"
    return arithmetic.expression(d, marks)


def corroboration_text(n: int) -> str:
    if n <= 0:
        return "no source"
    if n == 1:
        return "1 source"
    return f"{n} independent sources"


def reading_ordinals(order: Iterable[str], claims: Iterable[Mapping], plan: Mapping | None = None) -> dict[str, int]:
    """The numbers of a page rendered from a draft: its citable claims in the order the page
    first cites them (its reading order), then any other citable claim in ledger order."""
    claims = list(claims)
    citable = {c["id"] for c in claims if is_citable(c)}
    out: dict[str, int] = {}
    for cid in order:
        if cid in citable and cid not in out:
            out[cid] = len(out) + 1
    for cid, _ in sorted(ordinals(claims, plan).items(), key=lambda kv: kv[1]):
        if cid not in out:
            out[cid] = len(out) + 1
    return out


def ledger_order(claims: Iterable[Mapping], plan: Mapping | None = None,
                 numbers: Mapping[str, int] | None = None) -> tuple[list[Mapping], list[Mapping], dict[str, int]]:
    """(citable claims by ordinal, active inferred claims by id, the ordinal map). ``numbers``:
    a page's own numbering (``reading_ordinals``) instead of the ledger's."""
    claims = list(claims)
    nums = dict(numbers) if numbers is not None else ordinals(claims, plan)
    by_id = {c["id"]: c for c in claims}
    cited = [by_id[cid] for cid in sorted(nums, key=nums.__getitem__)]
    inferred = sorted((c for c in claims if is_active(c) and c.get("confidence") == "inferred"),
                      key=lambda c: c["id"])
    return cited, inferred, nums


def pages_of(src: Mapping | None) -> list | None:
    """The page spans a source record carries for display (``_pages``, from pages.json)."""
    pages = (src or {}).get("_pages")
    return pages if isinstance(pages, list) else None


def evidence_display(ev: Mapping, src: Mapping | None, full: bool) -> dict:
    """What a reader is shown of one evidence item, the same in every ledger form:

    ``mode`` ``quote`` (the whole quote, ``full``), ``excerpt`` (opening and closing words and
    the full ``length``) or ``none`` (nothing to show); ``page`` (``{"page", "label"}``) for a
    source with pages; ``href``, the public address with a text fragment or ``#page=N``."""
    from .quote_view import evidence_start, excerpt, excerpt_terms, length_text, page_of, source_href

    quote = evidence_quote(ev)
    page = page_of(evidence_start(ev), pages_of(src))
    out: dict = {"mode": "none", "quote": "", "excerpt": "", "length": "", "page": page, "href": None}
    if quote.strip() and not ev.get("redacted"):
        if full:
            out.update(mode="quote", quote=quote)
            out["href"] = source_href(src, quote, page)
        else:
            out.update(mode="excerpt", excerpt=excerpt(quote), length=length_text(quote))
            # the link's text fragment never says more than the excerpt shows
            out["href"] = source_href(src, excerpt_terms(out["excerpt"]), page)
    elif isinstance(ev.get("excerpt"), str) and ev["excerpt"]:  # a public package's redacted quote
        n = ev.get("length")
        shown_length = ev.get("shown_length")
        out.update(mode="excerpt", excerpt=ev["excerpt"],
                   length=shown_length if isinstance(shown_length, str) else
                   f"{n} characters" if isinstance(n, int) else "")
        out["href"] = source_href(src, excerpt_terms(ev["excerpt"]), page)
    else:
        out["href"] = source_href(src, "", page)
    return out


# ---- history: the claims set aside, kept so a reader sees what changed ------------------------
def history_claims(claims: Iterable[Mapping]) -> list[Mapping]:
    """Superseded claims, by id: the unnumbered History part of every ledger form. A claim
    narrowed before any page showed it (``unpublished``) has no history to tell."""
    return sorted((c for c in claims if c.get("status") == "superseded" and c.get("unpublished") is not True),
                  key=lambda c: c["id"])


def withdrawn_claims(claims: Iterable[Mapping]) -> list[Mapping]:
    """Retracted claims, by id: the collapsed Withdrawn part of a private ledger."""
    return sorted((c for c in claims if c.get("status") == "retracted"), key=lambda c: c["id"])


def standing_successor(claim: Mapping, by_id: Mapping[str, Mapping]) -> str | None:
    """The active claim a superseded one leads to (following a chain of supersessions), or None."""
    seen = {claim.get("id")}
    cur = claim.get("superseded_by")
    for _ in range(64):
        if not isinstance(cur, str) or cur in seen or cur not in by_id:
            return None
        nxt = by_id[cur]
        if is_active(nxt):
            return cur
        seen.add(cur)
        cur = nxt.get("superseded_by")
    return None


def history_reason(claim: Mapping) -> str:
    """Why a claim was set aside: the decision's reason (``_why``, attached by the workspace
    layer from the adjudication), else the reason recorded with the claim."""
    why = claim.get("_why") or claim.get("status_reason") or ""
    return str(why)


def history_entry(claim: Mapping, by_id: Mapping[str, Mapping], nums: Mapping[str, int]) -> dict:
    """A superseded or retracted claim as data: what replaced it (id and ledger number) and why."""
    e = {k: v for k, v in claim.items() if not str(k).startswith("_")}
    succ = standing_successor(claim, by_id) if claim.get("status") == "superseded" else None
    e["successor"] = succ
    e["successor_ordinal"] = nums.get(succ) if succ else None
    e["reason"] = history_reason(claim)
    return e


def history_parts(claims: Iterable[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None,
                  withdrawn: bool = True) -> dict:
    """``{"history": [...], "withdrawn": [...]}``: the set-aside claims as data, each with its
    successor, reason and evidence as the ledger shows it (``withdrawn`` only when asked for)."""
    claims = list(claims)
    cited, _, nums = ledger_order(claims, plan)
    history, gone = history_claims(claims), withdrawn_claims(claims)
    shown = shown_spans(cited + sorted(history + gone, key=lambda c: c["id"]), sources)
    by_id = {c["id"]: c for c in claims}
    out: dict = {}
    for key, part in (("history", history), ("withdrawn", gone if withdrawn else None)):
        if part is None:
            continue
        rows = []
        for c in part:
            e = history_entry(c, by_id, nums)
            e["evidence"] = [_with_display(ev, sources.get(str(ev.get("source_id"))), span_key(ev) in shown)
                             if isinstance(ev, Mapping) else ev for ev in c.get("evidence") or []]
            rows.append(e)
        out[key] = rows
    return out


def entries(claims: Iterable[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None) -> list[dict]:
    """The ledger as data (the ``--json`` form): each claim plus ordinal, marks and corroboration.

    Each evidence item also says how the ledger shows it: ``shown`` (``quote`` or
    ``excerpt``), the ``excerpt`` and ``shown_length`` of an over-budget quote, the ``page``
    and ``page_label`` of a paged source, and ``href``, the link to the passage."""
    claims = list(claims)
    by_id = {c["id"]: c for c in claims}
    cited, inferred, nums = ledger_order(claims, plan)
    shown = shown_spans(cited, sources)
    out = []
    for c in cited + inferred:
        e = {k: v for k, v in c.items() if not str(k).startswith("_")}
        e["ordinal"] = nums.get(c["id"])
        e["marks"] = marks(c)
        e["labels"] = labels(c)
        n = corroboration(c, sources)
        e["independent_sources"] = n
        e["corroboration"] = corroboration_text(n)
        derivation = derivation_text(c, by_id, nums)
        if derivation is not None:
            e["derivation"] = derivation
        adj = adjudication_of(c)
        if adj is not None:
            e["adjudication"] = adjudication_entry(adj)
        _show_hidden(e)
        e["evidence"] = [_with_display(ev, sources.get(str(ev.get("source_id"))), span_key(ev) in shown)
                         if isinstance(ev, Mapping) else ev for ev in e.get("evidence") or []]
        out.append(e)
    return out


def _with_display(ev: Mapping, src: Mapping | None, full: bool) -> dict:
    from .origin import byline_of, origin_words, published_of

    d = evidence_display(ev, src, full)
    out = dict(ev)
    if src is not None:
        out["origin"] = origin_words(src)
        if byline_of(src):
            out["byline"] = byline_of(src)
        if published_of(src):
            out["published"] = published_of(src)
    if d["mode"] != "none":
        out["shown"] = d["mode"]
    if d["mode"] == "excerpt":
        out["excerpt"], out["shown_length"] = d["excerpt"], d["length"]
    if d["page"]:
        out["page"], out["page_label"] = d["page"]["page"], d["page"]["label"]
    if d["href"]:
        out["href"] = d["href"]
    return out


def _show_hidden(e: dict) -> None:
    """JSON keeps the stored text; where it holds characters a reader cannot see, the entry
    also carries ``text_shown`` / ``quote_shown`` with them written as ``[U+XXXX]``."""
    from .visible import visible

    text = e.get("text")
    if isinstance(text, str) and visible(text) != text:
        e["text_shown"] = visible(text)
    evs = e.get("evidence")
    if isinstance(evs, list) and any(isinstance(ev, Mapping) and visible(evidence_quote(ev)) != evidence_quote(ev)
                                     for ev in evs):
        e["evidence"] = [dict(ev, quote_shown=visible(evidence_quote(ev)))
                         if isinstance(ev, Mapping) and visible(evidence_quote(ev)) != evidence_quote(ev) else ev
                         for ev in evs]
