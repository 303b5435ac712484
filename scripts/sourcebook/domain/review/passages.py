"""Each quote inside its context, and the facts of its source (for the review page).

The context of a quote is its paragraph of the canonical text (between blank lines); a
paragraph longer than ``LONG`` characters is cut to two sentences either side of the quote.
A field a source record lacks reads ``not recorded``; the facts others may add to a record
(``byline``, ``published``/``modified``, ``origin``) are read when present.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...base.patterns import hot
from ...engines.ledger.escape import safe_url
from ...engines.ledger.origin import origin_words
from ...engines.ledger.quote_view import page_of, public_address, source_href
from ...engines.review.model import NOT_RECORDED, Passage, SourceFacts
from ...engines.text.sentences import split_sentences

LONG = 1200  # a paragraph longer than this is cut to two sentences either side
EDGE = 600  # and never more than this many characters either side
_BLANK = hot(r"\n[ \t]*\n")


def _text(v: object) -> str:
    if v is None or v == "" or v == []:
        return NOT_RECORDED
    if isinstance(v, list):
        return "; ".join(_text(x) for x in v if x not in (None, "")) or NOT_RECORDED
    if isinstance(v, Mapping):
        bits = [f"{k}: {_text(x)}" for k, x in sorted(v.items()) if x not in (None, "", [], {})]
        return "; ".join(bits) or NOT_RECORDED
    return " ".join(str(v).split()) or NOT_RECORDED


def _first(rec: Mapping, *keys: str) -> str:
    for k in keys:
        got = _text(rec.get(k))
        if got != NOT_RECORDED:
            return got
    return NOT_RECORDED


def source_facts(sid: str, rec: Mapping | None) -> SourceFacts:
    rec = rec or {}
    tier = _text(rec.get("tier"))
    if tier != NOT_RECORDED and rec.get("tier_reason"):
        tier += f" ({_text(rec.get('tier_reason'))})"
    locator = _first(rec, "url", "canonical_url", "locator")
    return SourceFacts(
        id=sid, title=_first(rec, "title"), publisher=_first(rec, "publisher", "site_name"),
        byline=_first(rec, "byline", "author", "authors"),
        published=_first(rec, "published", "published_at", "date_published"),
        modified=_first(rec, "modified", "modified_at", "updated_at", "date_modified"),
        retrieved=_first(rec, "retrieved_at"), origin=origin_words(rec), tier=tier,
        license=_first(rec, "license"), locator=safe_url(locator) if locator != NOT_RECORDED else locator)


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def spans(ev: Mapping) -> list[tuple[int, int, str]]:
    """(start, end, quote) of each part of one evidence item (one for a plain quote)."""
    parts = ev.get("parts")
    rows = parts if isinstance(parts, list) and parts else [ev]
    out = []
    for p in rows:
        if isinstance(p, Mapping) and _int(p.get("start")) and _int(p.get("end")):
            out.append((p["start"], p["end"], str(p.get("quote") or "")))
    return out


def _context(text: str, start: int, end: int) -> tuple[str, str]:
    """The words before and after a span within its paragraph (or two sentences either side)."""
    lo = 0
    for m in _BLANK.finditer(text, 0, start):
        lo = m.end()
    nxt = _BLANK.search(text, end)
    hi = nxt.start() if nxt else len(text)
    if hi - lo > LONG:
        sents = split_sentences(text[lo:hi])
        idx = [i for i, s in enumerate(sents) if lo + s.end > start and lo + s.start < end]
        if idx:
            a, b = max(idx[0] - 2, 0), min(idx[-1] + 2, len(sents) - 1)
            lo, hi = min(lo + sents[a].start, start), max(lo + sents[b].end, end)
    before, after = text[lo:start], text[end:hi]
    if len(before) > EDGE:
        before = "…" + before[-EDGE:]
    if len(after) > EDGE:
        after = after[:EDGE] + "…"
    return before, after


def passage(ev: Mapping, text: str | None, rec: Mapping | None, facts: SourceFacts) -> Passage:
    """One evidence item as the reviewer sees it: the whole quote highlighted in its context."""
    parts = spans(ev)
    quote = " […] ".join(q for _, _, q in parts) if parts else str(ev.get("quote") or "")
    out = Passage(facts, quote)
    if not parts:
        out.missing = "the evidence has no offsets"
        return out
    start, end = parts[0][0], parts[-1][1]
    out.start, out.end = start, end
    if text is None:
        out.missing = "the source's canonical text is missing"
    elif not (0 <= start < end <= len(text)) or any(text[s:e] != q for s, e, q in parts if q):
        out.missing = "the quote is not at its offsets in the canonical text (sb verify refuses it)"
    else:
        if not out.quote.strip():
            out.quote = " […] ".join(text[s:e] for s, e, _ in parts)
        out.before, out.after = _context(text, start, end)
    page = page_of(start, (rec or {}).get("_pages") if rec else None)
    if page:
        out.page = f"p. {page.get('label') or page.get('page')}"
    link = rec
    if rec and not public_address(rec) and isinstance(rec.get("canonical_url"), str):
        link = dict(rec, url=rec["canonical_url"])  # a saved page names its own address: the editor may open it
    out.href = source_href(link, parts[0][2] if len(parts) > 1 else out.quote, page) if link else None
    return out
