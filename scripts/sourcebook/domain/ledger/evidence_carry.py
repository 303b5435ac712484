"""Carrying citations over when a source's canonical text is replaced (``sb extract --upgrade``
or ``--force``).

Each evidence item citing the source is looked up in the new text by its words (the exact
quote, else its reader view, so line breaks, markup and rendered roles may differ), nearest to
where it was; its span and quote are rewritten to the new text's own words (a multi-part quote
part by part; a redacted or hash-only quote by the words it hashed in the old text). What
cannot be found is reported, never dropped: without ``--force`` the source then keeps its old
text and version, so every claim keeps verifying. A retracted or superseded claim never blocks
an upgrade: its evidence is moved when it can be and otherwise kept as it was.
"""

from __future__ import annotations

import hashlib

from ...engines.search.reader_view import relocate
from ...engines.text.citation import MAX_GAP
from ..workspace.layout import Workspace
from ..workspace.records import Claim
from .claims import append_events, event, load_claims, save_claims


def _clip(s: str, n: int = 60) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _words(old_text: str, ev: dict) -> str | None:
    """The words a span cites: its quote, or the old text at its offsets."""
    quote = ev.get("quote")
    s, e = ev.get("start"), ev.get("end")
    if isinstance(quote, str) and quote.strip():
        return quote
    if type(s) is int and type(e) is int and 0 <= s < e <= len(old_text):
        return old_text[s:e]
    return None


def _move_span(old_text: str, new_text: str, span: dict) -> dict | None:
    words = _words(old_text, span)
    s, e = span.get("start"), span.get("end")
    if words is None or type(s) is not int or type(e) is not int:
        return None
    where = relocate(old_text, new_text, s, e, words)
    if where is None:
        return None
    moved = dict(span)
    moved["start"], moved["end"] = where
    if "quote" in span and isinstance(span.get("quote"), str) and span["quote"]:
        moved["quote"] = new_text[where[0]:where[1]]
    return moved


def move_evidence(old_text: str, new_text: str, ev: dict) -> dict | None:
    """The evidence item on the new text, or None when its words are not there."""
    parts = ev.get("parts")
    if isinstance(parts, list) and parts:
        moved_parts: list[dict] = []
        for p in parts:
            if not isinstance(p, dict):
                return None
            m = _move_span(old_text, new_text, p)
            if m is None:
                return None
            if moved_parts and not 0 <= m["start"] - moved_parts[-1]["end"] <= MAX_GAP:
                return None
            moved_parts.append(m)
        out = dict(ev)
        out["parts"] = moved_parts
        out["start"], out["end"] = moved_parts[0]["start"], moved_parts[-1]["end"]
        out["quote"] = " [...] ".join(p["quote"] for p in moved_parts)
        return out
    single = _move_span(old_text, new_text, ev)
    if single is None:
        return None
    out = single
    if not ev.get("quote") and isinstance(ev.get("quote_sha256"), str):
        cited = new_text[out["start"]:out["end"]]
        out["quote_sha256"] = hashlib.sha256(cited.encode("utf-8")).hexdigest()
        if "length" in ev:
            out["length"] = len(cited)
    return out


class EvidenceCarrier:
    """Plans the moves for each replaced source, applies those of sources actually replaced,
    and saves the claims once at the end (``commit``)."""

    def __init__(self, ws: Workspace, new_version: int):
        self.ws = ws
        self.new_version = new_version
        self.claims: list[Claim] = load_claims(ws)
        self._citing: dict[str, list[tuple[Claim, int]]] = {}
        for c in self.claims:
            for j, ev in enumerate(c.get("evidence") or []):
                if isinstance(ev, dict) and isinstance(ev.get("source_id"), str):
                    self._citing.setdefault(ev["source_id"], []).append((c, j))
        self._plans: dict[str, list[tuple[Claim, int, dict]]] = {}
        self._events: dict[str, list[tuple[str, str, str]]] = {}

    def plan(self, sid: str, old_text: str, new_text: str, force: bool) -> tuple[int, list[dict]]:
        moves: list[tuple[Claim, int, dict]] = []
        problems: list[dict] = []
        for c, j in self._citing.get(sid, []):
            ev: dict = c["evidence"][j]  # type: ignore[assignment]
            moved = move_evidence(old_text, new_text, ev)
            if moved is not None:
                moves.append((c, j, moved))
                continue
            if c.get("status", "active") != "active":
                continue  # history: kept as it was, and never checked by the gate again
            words = _words(old_text, ev) or ""
            if force:
                why = (f"the quote {_clip(words)!r} is not in the new canonical text of {sid}: this citation "
                       f"fails `sb verify` until it is repaired (`sb claim evidence {c['id']} --source {sid} "
                       "--quote \"<the words as the text now has them>\"`) or the claim is retracted")
            else:
                why = (f"the quote {_clip(words)!r} is not in the new canonical text (v{self.new_version}) of "
                       f"{sid}, so {sid} keeps its old text. Repair the evidence (`sb claim evidence {c['id']} "
                       f"--source {sid} --quote \"...\"`) or retract the claim, then run `sb extract --upgrade` "
                       "again; `sb extract --force` moves the source anyway")
            problems.append({"code": "E-UPGRADE-CARRY", "subject": f"{c['id']}/evidence/{j}", "message": why})
        self._plans[sid] = moves
        return len(moves), problems

    def accept(self, sid: str) -> None:
        for claim, j, moved in self._plans.pop(sid, []):
            old: dict = claim["evidence"][j]  # type: ignore[assignment]
            if moved != old:
                claim["evidence"][j] = moved  # type: ignore[call-overload]
                self._events.setdefault(claim["id"], []).append(
                    (sid, f"{old.get('start')}..{old.get('end')}", f"{moved['start']}..{moved['end']}"))

    def commit(self) -> int:
        """Save the claims whose evidence moved (one write); returns how many changed."""
        if not self._events:
            return 0
        save_claims(self.ws, self.claims)
        append_events(self.ws, [event("carry", cid, moves=[f"{s}:{a}->{b}" for s, a, b in moves],
                                      reason=f"canonical text moved to v{self.new_version}")
                                for cid, moves in sorted(self._events.items())])
        n = len(self._events)
        self._events = {}
        return n
