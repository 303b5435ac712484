"""Whether a person reviewed what ships: each shipped sentence's newest mark, and whether it holds.

The same ids and digests as ``sb review`` (``record``), computed from the pages and the claims
alone (no passages, no pre-flags), so ``sb render`` can say in a page's footer whether a person
reviewed it, and ``sb verify`` can refuse a build whose plan requires a review while a shipped
sentence lacks a current ``ok``.

- ``footer``: the words a page's footer carries between ``SB:REVIEWED`` markers: "Reviewed by
  a person: all N sentences marked ok on DATE." (DATE: the day of the newest of those marks) or
  "Not reviewed by a person.";
- ``unreviewed``: every shipped sentence without a current ``ok``, and every claim they cite
  whose newest mark is a current ``fix``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...base.patterns import hot
from ...base.record import TupleRecord
from ..workspace.layout import Workspace
from . import record
from .pages import RawSentence, html_sentences, read_all

NOT_REVIEWED = "Not reviewed by a person."
REVIEWED = hot(r"Reviewed by a person: all \d+ sentences? marked ok on \d{4}-\d{2}-\d{2}\.")


class Judged(TupleRecord):
    """One shipped sentence: its id, the digest a mark must carry, its newest mark."""

    raw: RawSentence
    id: str
    digest: str
    mark: dict | None

    @property
    def ok(self) -> bool:
        m = self.mark or {}
        return m.get("verdict") == "ok" and m.get("digest") == self.digest

    def why(self) -> str:
        if not self.mark:
            return "no person has marked it"
        if self.mark.get("digest") != self.digest:
            return (f"its {self.mark.get('verdict')} mark of {str(self.mark.get('at', ''))[:10]} is void: the sentence "
                    "or a claim it cites changed since")
        return f"marked fix: {self.mark.get('note', '')}"


def judged(raws: list[RawSentence], claims: Mapping[str, Mapping], doc: Mapping) -> list[Judged]:
    latest = record.latest_marks(doc)
    rows = []
    for raw in raws:
        cited = [c for c in [*raw.refs, *raw.thin, *raw.history] if c in claims]
        sid = record.sentence_id(raw.page, raw.text)
        rows.append((raw, sid, record.sentence_digest(raw.page, raw.where, raw.text, raw.kind,
                                                      [(c, record.claim_digest(claims[c])) for c in cited])))
    joined = record.one_digest_per_id([(sid, dg) for _, sid, dg in rows])
    return [Judged(raw, sid, joined[sid], latest.get(sid)) for raw, sid, _ in rows]


def footer(sentences: list[Judged]) -> str:
    """What a page's footer says of its review."""
    if not sentences or not all(s.ok for s in sentences):
        return NOT_REVIEWED
    day = max(str((s.mark or {}).get("at", ""))[:10] for s in sentences)
    n = len({s.id for s in sentences})  # the same words twice (title and heading) are one sentence
    return f"Reviewed by a person: all {n} sentence{'s' if n != 1 else ''} marked ok on {day}."


def page_footer(ws: Workspace, rel: str, html: str, claims: Mapping[str, Mapping] | None = None) -> str:
    """The footer's review words for the page ``rel`` (``build/answer.html``) holding ``html``."""
    claims = _claims(ws) if claims is None else claims
    doc = record.load(ws)
    return footer(judged(html_sentences(rel, html, {k: dict(v) for k, v in claims.items()}), claims, doc))


class Missing(TupleRecord):
    subject: str  # a sentence id (s-...) or a claim id
    page: str
    text: str
    why: str


def unreviewed(ws: Workspace) -> tuple[int, list[Missing]]:
    """(how many shipped sentences, what lacks a current ok): every sentence ``sb review`` shows
    without one, then each claim they cite whose newest mark is a current ``fix``."""
    claims = _claims(ws)
    doc = record.load(ws)
    _pages, raws = read_all(ws, claims)
    sentences = judged(raws, claims, doc)
    out = list({s.id: Missing(s.id, s.raw.page, s.raw.text, s.why()) for s in sentences if not s.ok}.values())
    latest = record.latest_marks(doc)
    seen: set[str] = set()
    for s in sentences:
        for c in [*s.raw.refs, *s.raw.thin, *s.raw.history]:
            m = latest.get(c)
            if c in seen or c not in claims or not m or m.get("verdict") != "fix":
                continue
            seen.add(c)
            if m.get("digest") == record.claim_digest(claims[c]):
                out.append(Missing(c, s.raw.page, str(claims[c].get("text", "")), f"marked fix: {m.get('note', '')}"))
    return len({s.id for s in sentences}), out


def _claims(ws: Workspace) -> dict[str, dict]:
    from ..ledger.claims import load_claims

    return {c["id"]: dict(c) for c in load_claims(ws) if isinstance(c.get("id"), str)}


def provenance(ws: Workspace, required: bool) -> dict:
    """The review record as a package carries it: whether the plan required a review, how many
    shipped sentences a person marked ok, and every mark (who, when, the digest it was bound to,
    the note) with whether it still holds."""
    claims = _claims(ws)
    doc = record.load(ws)
    _pages, raws = read_all(ws, claims)
    sentences = judged(raws, claims, doc)
    current = {s.id: s.digest for s in sentences}
    current.update({cid: record.claim_digest(c) for cid, c in claims.items()})
    keys = ("target", "verdict", "note", "by", "at", "digest", "page", "text")
    marks = [dict({k: m.get(k) for k in keys if k in m}, current=current.get(str(m.get("target"))) == m.get("digest"))
             for m in doc.get("marks") or [] if isinstance(m, dict)]
    total, ok = len({s.id for s in sentences}), len({s.id for s in sentences if s.ok})
    return {"required": required, "sentences": total, "marked_ok": ok,
            "reviewed": bool(sentences) and ok == total, "marks": marks}
