"""The review as Markdown for a terminal or an agent (pure, bounded).

The sentences a person should read first come first; ``limit`` caps how many sentences are
shown in full (0: all), and every context is cut to ``CONTEXT`` characters either side.
"""

from __future__ import annotations

from ...base.patterns import hot
from ..ledger.visible import visible
from .model import ClaimView, Flag, Review, SentenceView

CONTEXT = 160
_SPECIAL = hot(r"([\\`*_\[\]<>])")


def md(value: object) -> str:
    """Text on one line, invisible characters shown, Markdown's emphasis, code, link and tag
    characters escaped: a source cannot format or hide anything in the review."""
    text = " ".join(visible("" if value is None else str(value)).split())
    return _SPECIAL.sub(r"\\\1", text)


def _edge(text: str, left: bool) -> str:
    """A context edge on one line, a space kept where the text had one at the quote."""
    core = md(text)
    if left and text[-1:].isspace():
        core += " "
    if not left and text[:1].isspace():
        core = " " + core
    return core


def _flag(f: Flag) -> list[str]:
    about = f" (claim {f.claim})" if f.claim else ""
    out = [f"  - **{f.code}**{about}: {md(f.message)}"]
    out += [f"    - acknowledged: {md(r)}" for r in f.acked]
    return out


def _mark(m: dict | None) -> str:
    if not m:
        return "not yet reviewed by a person"
    state = "current" if m.get("current") else "void: changed since"
    return f"reviewed {m.get('verdict')} by {md(m.get('by'))} ({state}): {md(m.get('note'))}"


def _claim(c: ClaimView) -> list[str]:
    out = [f"  - claim `{c.id}` ({c.role}, {c.confidence}, {c.status}{', as of ' + c.as_of if c.as_of else ''}): "
           f"{md(c.text)}"]
    for p in c.passages:
        s = p.source
        if p.missing:
            out.append(f"    - quote: “{md(p.quote)}” ({md(p.missing)})")
        else:
            before = _edge(p.before[-CONTEXT:], True)
            after = _edge(p.after[:CONTEXT], False)
            out.append(f"    - in context: …{before}**{md(p.quote)}**{after}…")
        out.append(f"    - source `{s.id}`: {md(s.title)} · {md(s.publisher)} · byline {md(s.byline)} · published "
                   f"{md(s.published)} · origin {md(s.origin)} · tier {md(s.tier)} · licence {md(s.license)}"
                   + (f" · {p.page}" if p.page else "") + (f" · <{p.href}>" if p.href else ""))
    for f in c.flags:
        out += ["  " + x for x in _flag(f)]
    for a in c.acks:
        out.append(f"    - ack {str(a.get('at', ''))[:10]}: {md(a.get('reason'))}")
    for a in c.adjudications:
        out.append(f"    - adjudication {a.get('outcome')}: {md(a.get('reason'))}")
    if c.mark:
        out.append(f"    - {_mark(c.mark)}")
    return out


def _sentence(s: SentenceView) -> list[str]:
    tags = ", ".join([s.kind, *s.marks] + (["new"] if s.new else []))
    as_of = f" · as of {', '.join(s.as_of)}" if s.as_of else ""
    out = [f"### `{s.id}` {s.page}:{s.line} ({tags}{as_of})", "", f"> {md(s.text)}", ""]
    for f in s.flags:
        out += _flag(f)
    if s.unbacked:
        out.append(f"  - words in none of its claims or quotes: {md(', '.join(s.unbacked))}")
    out.append(f"  - {_mark(s.mark)}")
    for c in s.claims:
        out += _claim(c)
    out.append("")
    return out


def render_md(rev: Review, limit: int = 25) -> str:
    n = rev.counts()
    out = [f"# Review: {md(rev.question)}" if rev.question else "# Review", "",
           f"{n['sentences']} sentence(s) on {', '.join(rev.pages)}: {n['flagged']} flagged ({n['flags']} flag(s)), "
           f"{n['contested']} contested, {n['inferred']} inferred, {n['framing']} framing; {n['reviewed_ok']} marked "
           f"ok by a person, {n['to_fix']} to fix.", "", "## What changed since the last review", ""]
    if rev.first_review:
        out.append("First review: nothing to compare with.")
    elif not rev.changes:
        out.append("Nothing changed.")
    else:
        shown = rev.changes[:limit] if limit else rev.changes
        out += [f"- {c.kind} `{c.subject}`: {md(c.text)}" for c in shown]
        if len(shown) < len(rev.changes):
            out.append(f"- ... {len(rev.changes) - len(shown)} more (sb review --json)")
    out += ["", "## Sentences, the ones to read first first", ""]
    rows = rev.ordered()
    shown_rows = rows[:limit] if limit else rows
    for s in shown_rows:
        out += _sentence(s)
    if len(shown_rows) < len(rows):
        rest = rows[len(shown_rows):]
        first = sum(1 for s in rest if s.priority < 4)
        out.append(f"... {len(rest)} more sentence(s) ({first} of them flagged, contested, inferred or framing): "
                   "`sb review --md --limit 0` shows all; build/review.html has every one.")
        out.append("")
    if rev.adjudications:
        out += ["## Adjudications", ""]
        out += [f"- {a.get('outcome')} ({', '.join(a.get('claim_ids') or [])}): {md(a.get('reason'))}"
                for a in rev.adjudications]
        out.append("")
    if rev.codes:
        out += ["## What the flags mean", ""] + [f"- {c}: {md(m)}" for c, m in sorted(rev.codes.items())] + [""]
    return "\n".join(out)
