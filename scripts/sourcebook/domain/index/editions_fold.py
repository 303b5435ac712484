"""One hit per passage: the same passage found in several editions of one document is folded.

Sources linked by ``same_as`` (copies and editions: a PDF and its HTML page) are one document.
When ``sb search`` finds the same passage in two of them, the reader gets one hit, the best
ranked, naming the others: "also in: src_..., PDF p. 15". ``sb find``'s nearest passages
(``search.nearest``) go further: each document once, with its editions of that passage named. Two hits are the same passage when they come from different sources of
one document and most of the words of the shorter occur in the longer (``SAME_PASSAGE``); two
passages of one source are never folded, nor are unrelated passages of two editions.

Only the hits' own source records, page files and spans are read, and nothing at all when no
two hits share a document.
"""

from __future__ import annotations

import json

from ...base.patterns import hot
from ..workspace.layout import Workspace

SAME_PASSAGE = 0.5  # share of the shorter span's distinct words found in the other
_WORD = hot(r"\w+")
_HOPS = 32


class Reader:
    """Source records, page lists and span words, each read once per query."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.records: dict[str, dict] = {}
        self.texts: dict[str, str] = {}

    def record(self, sid: str) -> dict:
        if sid not in self.records:
            rec: object = None
            try:
                with open(self.ws.source_json(sid), encoding="utf-8") as fh:
                    rec = json.load(fh)
            except (OSError, ValueError):
                rec = None
            self.records[sid] = rec if isinstance(rec, dict) else {}
        return self.records[sid]

    def document(self, sid: str) -> str:
        """The first source of the group of copies ``sid`` belongs to (``same_as`` followed)."""
        seen, cur = {sid}, sid
        for _ in range(_HOPS):
            nxt = self.record(cur).get("same_as")
            if not isinstance(nxt, str) or not nxt or nxt in seen or not self.record(nxt):
                break
            seen.add(nxt)
            cur = nxt
        return cur

    def words(self, sid: str, start: int, end: int) -> set[str]:
        """The distinct words of ``normalized.md[start:end]``."""
        return {w.casefold() for w in _WORD.findall(self.span(sid, start, end))}

    def span(self, sid: str, start: int, end: int) -> str:
        """``normalized.md[start:end]`` (code points): when the text is ASCII up to ``end`` only
        that much is read, else the whole text, once."""
        span = None
        if sid not in self.texts:
            try:
                with open(self.ws.normalized_path(sid), "rb") as fh:
                    head = fh.read(end)
                    if len(head) == end and head.isascii():
                        span = head[start:end].decode("ascii")
                    else:
                        self.texts[sid] = (head + fh.read()).decode("utf-8", errors="replace")
            except OSError:
                self.texts[sid] = ""
        return self.texts[sid][start:end] if span is None else span

    def where(self, hit) -> dict:
        return _where(self, hit)

    def pages(self, sid: str) -> list | None:
        try:
            with open(self.ws.pages_path(sid), encoding="utf-8") as fh:
                doc = json.load(fh)
        except (OSError, ValueError):
            return None
        pages = doc.get("pages") if isinstance(doc, dict) else None
        return pages if isinstance(pages, list) else None


def same_passage(a: set[str], b: set[str]) -> bool:
    small = min(len(a), len(b))
    return small > 0 and len(a & b) >= SAME_PASSAGE * small


def fold(ws: Workspace, hits: list) -> list:
    """The hits with each one found again in another edition folded into the best ranked one
    (its ``also_in`` names where else it is); the order of the others is kept."""
    if len(hits) < 2:
        return hits
    rd = Reader(ws)
    doc = {h.source_id: rd.document(h.source_id) for h in hits}
    if len(set(doc.values())) == len(doc):
        return hits  # no two sources of one document among the hits
    kept: list = []
    for h in hits:
        mine = rd.words(h.source_id, h.start, h.end)
        into = next((k for k in kept if k.source_id != h.source_id and doc[k.source_id] == doc[h.source_id]
                     and same_passage(rd.words(k.source_id, k.start, k.end), mine)), None)
        if into is None:
            kept.append(h)
        else:
            into.also_in.append(_where(rd, h))
    return kept


def _where(rd: Reader, h) -> dict:
    from ...engines.ledger.editions import edition_label
    from ...engines.ledger.quote_view import page_of

    page = page_of(h.start, rd.pages(h.source_id))
    return {"source_id": h.source_id, "chunk_id": h.chunk_id, "start": h.start, "end": h.end,
            "edition": edition_label(rd.record(h.source_id)), "page": page["label"] if page else None,
            "heading_path": list(h.heading_path)}


def where_text(a: dict) -> str:
    """``src_..., PDF p. 15`` (or ``src_..., HTML``): an edition the passage is also in."""
    page = f" p. {a['page']}" if a.get("page") else ""
    return f"{a['source_id']}, {a['edition']}{page}"
