"""``sb review``: the review of every shipped page, the page written from it, and marks.

``build_review`` reads the pages (``pages``), the claims and their sources, and joins them: for
each sentence, the claims it cites with every quote in its context (``passages``), the
machine's pre-flags and the claims' own review flags (negation, hedge, cut) with every ack that
answered them, the adjudications with their reasons, the reviewer's marks and what changed
since the last review (``record``). ``write_review`` renders ``build/review.html``;
``mark`` records a decision.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ...base import jsonio
from ...base.clock import now_iso
from ...base.diagnostics import CODES
from ...base.errors import SbError
from ...base.ids import is_claim_id
from ...engines.review.model import NOT_RECORDED, Change, ClaimView, Flag, Review, SentenceView
from ..ledger.adjudications import load_adjudications
from ..ledger.claims import load_claims
from ..ledger.evidence import TextCache
from ..ledger.provenance import REVIEW, WARNING, check_claim, quotes
from ..sources.store import for_display
from ..workspace.layout import Workspace
from . import preflags, record
from .pages import RawSentence, read_all
from .passages import passage, source_facts


class _Join:
    """Claims, sources and decisions, each read once."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.claims: dict[str, dict[str, Any]] = {c["id"]: dict(c) for c in load_claims(ws)
                                                   if isinstance(c.get("id"), str)}
        self.adjs: list[dict[str, Any]] = [dict(a) for a in load_adjudications(ws)]
        self.cache = TextCache(ws)
        self._records: dict[str, dict | None] = {}
        self._views: dict[tuple[str, str], ClaimView] = {}
        self._voices: list[str] | None = None

    def record(self, sid: object) -> dict | None:
        key = str(sid)
        if key not in self._records:
            rec = self.cache.record(key) if self.cache.known(key) else None
            self._records[key] = for_display(self.ws, {key: rec})[key] if rec else None
        return self._records[key]

    def voices(self) -> list[str]:
        """The publisher and byline of every source of the workspace."""
        if self._voices is None:
            facts = [source_facts(sid, self.record(sid)) for sid in self.ws.source_ids()]
            self._voices = [x for f in facts for x in (f.publisher, f.byline) if x != NOT_RECORDED]
        return self._voices

    def quotes_of(self, cid: str) -> list[str]:
        got = (self.claims.get(cid) or {}).get("evidence")
        evs: list = got if isinstance(got, list) else []
        return [q for ev in evs if isinstance(ev, dict) for q in quotes(ev, self.cache.text(ev.get("source_id")))]

    def view(self, cid: str, role: str) -> ClaimView | None:
        claim = self.claims.get(cid)
        if claim is None:
            return None
        if (cid, role) in self._views:
            return self._views[(cid, role)]
        v = ClaimView(cid, str(claim.get("text", "")), str(claim.get("status", "active")),
                      str(claim.get("confidence", "")), str(claim.get("as_of") or ""), role)
        for ev in claim.get("evidence") or []:
            if isinstance(ev, dict):
                sid = str(ev.get("source_id"))
                rec = self.record(sid)
                v.passages.append(passage(ev, self.cache.text(sid), rec, source_facts(sid, rec)))
        v.acks = [{"at": a.get("at", ""), "reason": a.get("reason", ""), "flags": a.get("flags") or []}
                  for a in claim.get("acks") or [] if isinstance(a, dict)]
        v.adjudications = [{"outcome": a.get("outcome"), "reason": a.get("reason") or "not recorded",
                            "decided_at": a.get("decided_at") or "", "claim_ids": list(a.get("claim_ids") or []),
                            "winner": a.get("winner")}
                           for a in self.adjs if cid in (a.get("claim_ids") or [])]
        for f in check_claim(claim, self.cache.text, self.record):
            if f.rule in REVIEW:
                acked = [a["reason"] for a in v.acks if f.key in a["flags"]]
                v.flags.append(Flag(WARNING[f.rule], f.message, f.key, cid, acked))
        if role != "history":
            titles = [x for p in v.passages for x in (p.source.title, p.source.publisher)]
            v.flags += preflags.claim_more_flags(cid, v.text, self.quotes_of(cid), titles)
        self._views[(cid, role)] = v
        return v


def _sentence(join: _Join, raw: RawSentence, thesis: bool, page_backing: list[str],
              title_twice: bool = False) -> SentenceView:
    kind = raw.kind
    views = [join.view(c, "cited") for c in raw.refs] + [join.view(c, "inferred") for c in raw.thin]
    views += [join.view(c, "history") for c in raw.history]
    claims = [v for v in views if v is not None]
    s = SentenceView("", raw.page, raw.order, raw.line, raw.where, raw.text, kind, list(raw.marks),
                     list(raw.as_of), claims)
    quoted = [q for c in claims for q in join.quotes_of(c.id)]
    backing = quoted + [c.text for c in claims]
    own = [x for c in claims for p in c.passages for x in (p.source.publisher, p.source.byline, p.source.title)
           if x != NOT_RECORDED]
    if kind == "cited" and raw.where == "prose" and claims:
        s.flags += preflags.name_flags(raw.text, quoted, own)
        s.flags += preflags.attribution_flags(raw.text, own, join.voices())
        s.flags += preflags.link_flags(raw.text, backing)
        s.flags += preflags.sentence_more_flags(raw.text, backing)
        s.flags += preflags.hedge_flags(raw.text, quoted, [c.text for c in claims])
        s.flags += preflags.proposal_flags(raw.text, [c.text for c in claims])
        s.unbacked = preflags.missing_words(raw.text, backing)[0]
    elif kind in ("inferred", "framing"):
        s.flags += preflags.declared_flags(raw.text, kind, backing + (page_backing if kind == "framing" else []))
    if (raw.where in ("title", "heading") and not title_twice) or thesis:
        has = bool(raw.as_of) or (thesis and (any(c.as_of for c in claims) or preflags.states_a_day(raw.text)))
        s.flags += preflags.asof_flags(raw.text, "thesis" if thesis and raw.where == "prose" else raw.where, has)
    return s


def _snapshot(sentences: list[SentenceView], claims: Mapping[str, dict], at: str) -> dict:
    return {"at": at, "sentences": {s.id: s.digest for s in sentences},
            "claims": {cid: [c.get("status", "active"), record.claim_digest(c)] for cid, c in sorted(claims.items())}}


def _changes(before: dict | None, now: dict, sentences: list[SentenceView], claims: Mapping[str, dict]) -> list[Change]:
    if before is None:
        return []
    out: list[Change] = []
    old_s = before.get("sentences") or {}
    for s in sentences:
        if s.id not in old_s:
            s.new = True
            out.append(Change("new-sentence", s.id, f"{s.page}: {s.text}"))
    old_c = before.get("claims") or {}
    for cid, (status, dg) in now["claims"].items():
        c = claims[cid]
        prev = old_c.get(cid)
        if prev is None:
            src = c.get("narrowed_from")
            if isinstance(src, str) and src in old_c:
                out.append(Change("claim-narrowed", cid, f"narrowed from {src}: {c.get('text')}"))
            else:
                out.append(Change("claim-added", cid, str(c.get("text"))))
        elif prev[0] == "active" and status != "active":
            by = c.get("superseded_by") or c.get("narrowed_to")
            what = "claim-superseded" if status == "superseded" else "claim-retracted"
            out.append(Change(what, cid, f"{status}{' by ' + str(by) if by else ''}: {c.get('text')}"))
        elif prev[1] != dg:
            out.append(Change("claim-changed", cid, f"its text, standing or evidence changed: {c.get('text')}"))
    return out


def build_review(ws: Workspace, *, advance: bool = False) -> tuple[Review, dict]:
    """The review of every shipped page. With ``advance`` the record's snapshot moves on (the
    caller saves the record under the workspace lock)."""
    join = _Join(ws)
    doc = record.load(ws)
    pages, raws = read_all(ws, join.claims)
    if not pages:
        raise SbError("E-REVIEW-NOTHING", "build", "no page to review: render a page (sb render) or the report "
                      "(sb render report) first")
    sentences: list[SentenceView] = []
    seen_thesis: set[str] = set()
    titles = {(r.page, r.text) for r in raws if r.where == "title"}
    page_backing: dict[str, list[str]] = {}
    for raw in raws:
        for c in raw.refs:
            page_backing.setdefault(raw.page, []).extend(join.quotes_of(c) + [str(join.claims[c].get("text", ""))])
    for raw in raws:
        thesis = raw.where == "prose" and raw.kind == "cited" and raw.page not in seen_thesis
        if thesis:
            seen_thesis.add(raw.page)
        twice = raw.where == "heading" and (raw.page, raw.text) in titles  # the h1 that repeats the title
        s = _sentence(join, raw, thesis, page_backing.get(raw.page, []), twice)
        s.id = record.sentence_id(s.page, s.text)
        s.digest = record.sentence_digest(s.page, s.where, s.text, s.kind,
                                          [(c.id, record.claim_digest(join.claims[c.id])) for c in s.claims])
        sentences.append(s)
    joined = record.one_digest_per_id([(s.id, s.digest) for s in sentences])
    for s in sentences:
        s.digest = joined[s.id]
    latest = record.latest_marks(doc)
    for s in sentences:
        m = latest.get(s.id)
        s.mark = dict(m, current=m.get("digest") == s.digest) if m else None
        for cv in s.claims:
            cm = latest.get(cv.id)
            cv.mark = dict(cm, current=cm.get("digest") == record.claim_digest(join.claims[cv.id])) if cm else None
    at = now_iso()
    snap = _snapshot(sentences, join.claims, at)
    before = record.advance(doc, snap) if advance else record.baseline(doc, snap)
    changes = _changes(before, snap, sentences, join.claims)
    current = {s.id: s.digest for s in sentences}
    current.update({cid: record.claim_digest(c) for cid, c in join.claims.items()})
    marks = [dict(m, current=current.get(m["target"]) == m.get("digest")) for m in doc.get("marks") or []]
    shown = sorted({f.code for s in sentences for f in s.all_flags()})
    question = ws.load_manifest().get("question") if os.path.isfile(ws.manifest_path) else ""
    rev = Review(str(question or ""), at[:10], pages, sentences,
                 [{"cluster_id": a.get("cluster_id"), "outcome": a.get("outcome"), "claim_ids": a.get("claim_ids"),
                   "winner": a.get("winner"), "reason": a.get("reason") or "not recorded",
                   "decided_at": a.get("decided_at") or ""} for a in join.adjs],
                 changes, before is None, marks, {c: CODES[c].meaning for c in shown if c in CODES})
    return rev, doc


def write_review(ws: Workspace) -> Review:
    """Write ``build/review.html`` and move the record's snapshot on."""
    from ...engines.review.html_page import render

    with ws.lock():
        rev, doc = build_review(ws, advance=True)
        html = render(rev)
        os.makedirs(ws.build_dir, exist_ok=True)
        jsonio.atomic_write_text(ws.build_path("review.html"), html)
        record.save(ws, doc)
    return rev


def mark(ws: Workspace, target: str | list[str], verdict: str, note: str | None, by: str | None) -> dict:
    """Record a reviewer's decision on a sentence or a claim (or on several, one note for all),
    each bound to its digest. Returns the first entry, with ``entries`` (all of them) and
    ``footers`` (the pages whose review words changed). Nothing is written on a refusal."""
    text = record.check_note(note)
    if verdict not in record.VERDICTS:
        raise SbError("E-USAGE", "sb review", f"the verdict is one of {', '.join(record.VERDICTS)}")
    targets = [target] if isinstance(target, str) else list(dict.fromkeys(target))
    with ws.lock():
        rev, doc = build_review(ws)
        shown = {s.id: s for s in rev.sentences}
        claims = {c["id"]: c for c in load_claims(ws) if isinstance(c.get("id"), str)}
        who, at = " ".join((by or "").split()) or "not recorded", now_iso()
        entries = []
        for one in targets:
            entry: dict = {"target": one, "verdict": verdict, "note": text, "by": who, "at": at}
            hit = shown.get(one)
            if hit is not None:
                entry.update(digest=hit.digest, page=hit.page, text=hit.text,
                             flags=sorted({f.code for f in hit.all_flags()}))
            elif is_claim_id(one):
                if one not in claims:
                    raise SbError("E-REVIEW-TARGET", one, "no such claim; `sb claim list` shows the ids")
                entry.update(digest=record.claim_digest(claims[one]), text=str(claims[one].get("text", "")))
            else:
                raise SbError("E-REVIEW-TARGET", one, "not a sentence shown by `sb review` (s-...) nor a claim id; "
                              "run `sb review --md` to see each sentence's id")
            entries.append(entry)
        doc.setdefault("marks", []).extend(entries)
        record.save(ws, doc)
        footers = refresh_footers(ws)
    return dict(entries[0], entries=entries, footers=footers)


def refresh_footers(ws: Workspace) -> list[str]:
    """Say again in each shipped page's footer whether a person reviewed it (the ``SB:REVIEWED``
    words follow the record, as ``sb render`` writes them); returns the pages rewritten."""
    from ...engines.render.page import fill_slot, slot_content
    from .pages import page_files
    from .status import page_footer

    claims = {c["id"]: dict(c) for c in load_claims(ws) if isinstance(c.get("id"), str)}
    out = []
    for path in page_files(ws):
        if not path.endswith(".html"):
            continue
        with open(path, "rb") as fh:
            html = fh.read().decode("utf-8", errors="replace")
        said = slot_content(html, "REVIEWED")
        if said is None:
            continue
        want = page_footer(ws, ws.rel(path), html, claims)
        if said != want:
            jsonio.atomic_write_text(path, fill_slot(html, "REVIEWED", want))
            out.append(ws.rel(path))
    return out
