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
    """Source records, chunk files, texts and span words, each read once per query."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.records: dict[str, dict] = {}
        self.texts: dict[str, _Prefix] = {}
        self.spans: dict[tuple[str, int, int], set[str]] = {}
        self.chunk_lines: dict[str, list[bytes]] = {}  # a source's chunk file, split (search)
        self.present: dict[str, bool] = {}

    def has_source(self, sid: str) -> bool:
        if sid not in self.present:
            self.present[sid] = self.ws.has_source(sid)
        return self.present[sid]

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
        key = (sid, start, end)
        got = self.spans.get(key)
        if got is None:
            got = self.spans[key] = {w.casefold() for w in _WORD.findall(self.span(sid, start, end))}
        return got

    def span(self, sid: str, start: int, end: int) -> str:
        """``normalized.md[start:end]`` (code points). Only the text up to ``end`` is read and
        decoded, once per source: a later span further on decodes only what follows."""
        got = self.texts.get(sid)
        if got is None or (len(got.text) < end and not got.done):
            got = self.texts[sid] = _Prefix.upto(self.ws.normalized_path(sid), end, got)
        return got.text[start:end]

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


class _Prefix:
    """The start of a source's text, decoded: ``text`` is its first code points (at least the
    ones asked for, unless ``done``: the whole text), ``pos`` the bytes read, ``rest`` the
    bytes of a character cut at ``pos``. UTF-8 decoded piece by piece with errors replaced
    gives the code points of the whole text decoded at once."""

    __slots__ = ("text", "pos", "rest", "done")

    def __init__(self, text: str, pos: int, rest: bytes, done: bool):
        self.text, self.pos, self.rest, self.done = text, pos, rest, done

    @classmethod
    def upto(cls, path: str, end: int, got: _Prefix | None) -> _Prefix:
        """``got`` read on until it holds ``end`` code points or the whole text."""
        from codecs import utf_8_decode

        text, pos, rest = (got.text, got.pos, got.rest) if got is not None else ("", 0, b"")
        parts = [text]
        have = len(text)
        try:
            with open(path, "rb") as fh:
                if pos:
                    fh.seek(pos)
                while have < end:
                    # a code point is at least one byte: this many bytes never overshoot by much
                    data = fh.read(end - have + 4096)
                    if not data:
                        tail = utf_8_decode(rest, "replace", True)[0] if rest else ""
                        parts.append(tail)
                        return cls("".join(parts), pos, b"", True)
                    pos += len(data)
                    data = rest + data if rest else data
                    piece, used = utf_8_decode(data, "replace", False)
                    rest = data[used:]
                    parts.append(piece)
                    have += len(piece)
        except OSError:
            return cls(text, pos, b"", True)  # unreadable: what was read, and no more
        return cls("".join(parts), pos, rest, False)


def same_passage(a: set[str], b: set[str]) -> bool:
    small = min(len(a), len(b))
    return small > 0 and len(a & b) >= SAME_PASSAGE * small


def fold(ws: Workspace, hits: list, rd: Reader | None = None) -> list:
    """The hits with each one found again in another edition folded into the best ranked one
    (its ``also_in`` names where else it is); the order of the others is kept. ``rd``: the
    query's reader, when it has one (what it read is not read again)."""
    if len(hits) < 2:
        return hits
    rd = rd or Reader(ws)
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
