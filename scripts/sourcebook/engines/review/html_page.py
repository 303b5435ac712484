"""``build/review.html``: the review as one self-contained page (pure).

No script, no stylesheet or image fetched from anywhere, readable with JavaScript off; every
text taken from a source, a claim or a page is escaped (``ledger.escape.h``) and the only links
out are the http(s) passages of the sources, which a person follows on purpose.
"""

from __future__ import annotations

import re

from ..ledger.escape import h, http_href
from .model import ClaimView, Flag, Passage, Review, SentenceView

CSS = """
:root{color-scheme:light;--ink:#1a1a1a;--muted:#555;--line:#c8c8c8;--warn:#8a3b00;--warnbg:#fff3e6;--okbg:#eaf6ec;--hl:#ffe58a}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.25rem;margin:2rem 0 .5rem;border-bottom:2px solid var(--line)}
h3{font-size:1.05rem;margin:.25rem 0}h4{font-size:1rem;margin:.75rem 0 .25rem}
.sentence{border:1px solid var(--line);border-radius:6px;padding:.75rem;margin:.75rem 0;overflow-wrap:anywhere}
.sentence.flagged{border-left:6px solid var(--warn)}
.sentence.structure{padding:.25rem .75rem;margin:.4rem 0;background:#fafafa}.sentence.structure p{margin:.1rem 0}
.said{font-size:1.1rem;margin:.25rem 0}
.meta{color:var(--muted);font-size:.9rem;margin:.25rem 0}
.badge{display:inline-block;border:1px solid var(--muted);border-radius:3px;padding:0 .3rem;margin-right:.3rem;font-size:.85rem}
.flags{background:var(--warnbg);border-radius:4px;padding:.5rem .75rem;margin:.5rem 0;list-style:none}
.flags li{margin:.25rem 0}.flags code{font-weight:700;color:var(--warn)}
.ack{color:var(--ink);font-style:italic}
.claim{border-top:1px dashed var(--line);margin-top:.5rem;padding-top:.5rem}
.context{background:#f6f6f6;border-left:3px solid var(--line);padding:.5rem .75rem;margin:.5rem 0;white-space:pre-wrap}
u.unbacked{text-decoration:underline wavy var(--warn);text-underline-offset:.2em}
mark{background:var(--hl);color:var(--ink);padding:0 .1rem}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:0 .75rem;margin:.25rem 0;font-size:.9rem}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
.review-ok{background:var(--okbg);padding:.25rem .5rem;border-radius:4px}
.review-fix,.review-void{background:var(--warnbg);padding:.25rem .5rem;border-radius:4px}
table{border-collapse:collapse;width:100%;table-layout:fixed}
td,th{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
caption{text-align:left;color:var(--muted)}code{overflow-wrap:anywhere}
a{color:#0645ad}
@media (max-width:40rem){main{padding:.5rem}dl.facts{grid-template-columns:minmax(0,1fr)}
td,th{padding:.2rem;font-size:.8rem}}
"""


def _flag(f: Flag) -> str:
    acks = "".join(f'<br><span class="ack">acknowledged: {h(r)}</span>' for r in f.acked)
    about = f" (claim {h(f.claim)})" if f.claim else ""
    return f"<li><code>{h(f.code)}</code>{about}: {h(f.message)}{acks}</li>"


def _flags(flags: list[Flag]) -> str:
    return f'<ul class="flags">{"".join(_flag(f) for f in flags)}</ul>' if flags else ""


def _mark(m: dict | None, what: str) -> str:
    if not m:
        return f'<p class="meta">Not yet reviewed by a person ({what}).</p>'
    state = "current" if m.get("current") else "void: changed since it was judged"
    cls = "review-ok" if m.get("current") and m.get("verdict") == "ok" else (
        "review-void" if not m.get("current") else "review-fix")
    return (f'<p class="{cls}">Reviewed {h(m.get("verdict"))} by {h(m.get("by"))} on {h(str(m.get("at", ""))[:10])} '
            f'({state}): {h(m.get("note"))}</p>')


def _facts(p: Passage) -> str:
    s = p.source
    rows = [("source", s.id), ("title", s.title), ("publisher", s.publisher), ("byline", s.byline),
            ("published", s.published), ("modified", s.modified), ("retrieved", s.retrieved),
            ("origin", s.origin), ("tier", s.tier), ("licence", s.license), ("address", s.locator)]
    if p.page:
        rows.append(("page", p.page))
    return '<dl class="facts">' + "".join(f"<dt>{h(k)}</dt><dd>{h(v)}</dd>" for k, v in rows) + "</dl>"


def _passage(p: Passage) -> str:
    if p.missing:
        body = f'<p class="meta">Quote: “{h(p.quote)}”. No context: {h(p.missing)}.</p>'
    else:
        body = f'<p class="context">{h(p.before)}<mark>{h(p.quote)}</mark>{h(p.after)}</p>'
    href = http_href(p.href) if p.href else None
    link = (f'<p class="meta"><a href="{h(href)}" rel="noopener noreferrer nofollow">Open the passage at the '
            f'source</a></p>' if href else '<p class="meta">No public address: read the passage above.</p>')
    where = f" at {p.start}..{p.end}" if p.start is not None else ""
    return f'<div class="passage"><h4>Quote from {h(p.source.title)}{h(where)}</h4>{body}{link}{_facts(p)}</div>'


def _claim(c: ClaimView) -> str:
    role = {"cited": "cites", "inferred": "is the author's inference", "history": "cites as history"}[c.role]
    as_of = f", as of {h(c.as_of)}" if c.as_of else ""
    out = [f'<div class="claim"><h3>Claim {h(c.id)}</h3>',
           f'<p class="meta">The sentence {role} this claim ({h(c.confidence)}, {h(c.status)}{as_of}).</p>',
           f'<p>Claim text: “{h(c.text)}”</p>', _flags(c.flags)]
    for a in c.acks:
        flags = f" (answers {h(', '.join(a['flags']))})" if a.get("flags") else ""
        out.append(f'<p class="meta">Ack on {h(str(a.get("at", ""))[:10])}{flags}: {h(a.get("reason"))}</p>')
    for a in c.adjudications:
        out.append(f'<p class="meta">Adjudication ({h(a.get("outcome"))}, {h(", ".join(a.get("claim_ids") or []))}) '
                   f'on {h(str(a.get("decided_at"))[:10])}: {h(a.get("reason"))}</p>')
    out.append(_mark(c.mark, "this claim"))
    out += [_passage(p) for p in c.passages]
    if not c.passages:
        out.append('<p class="meta">No evidence: an inference rests on the claims cited beside it.</p>')
    out.append("</div>")
    return "".join(out)


def _said(s: SentenceView) -> str:
    """The sentence, its words that no cited claim or quote has underlined."""
    if not s.unbacked:
        return h(s.text)
    words = set(s.unbacked)
    out, pos = [], 0
    for m in re.finditer(r"[^\W\d_][\w'’\-]*", s.text):
        if m.group(0).strip("'’-").lower() in words:
            out += [h(s.text[pos:m.start()]), f'<u class="unbacked">{h(m.group(0))}</u>']
            pos = m.end()
    out.append(h(s.text[pos:]))
    return "".join(out)


def _structure(s: SentenceView) -> str:
    """A title, heading or sourcebook's own words: one line, no claims to weigh."""
    flagged = " flagged" if s.all_flags() else ""
    return (f'<article class="sentence structure{flagged}" id="{h(s.id)}" aria-labelledby="{h(s.id)}-t">'
            f'<p class="meta"><span class="badge">{h(s.where if s.kind == "structure" else s.kind)}</span>'
            f'line {s.line} · id <code>{h(s.id)}</code></p><p id="{h(s.id)}-t">{h(s.text)}</p>{_flags(s.flags)}</article>')


def _sentence(s: SentenceView) -> str:
    if s.kind in ("structure", "unmarked") and not s.claims:
        return _structure(s)
    flagged = " flagged" if s.all_flags() else ""
    badges = [s.kind] + [m for m in s.marks] + (["new since the last review"] if s.new else [])
    as_of = f" · as of {h(', '.join(s.as_of))}" if s.as_of else ""
    out = [f'<article class="sentence{flagged}" id="{h(s.id)}" aria-labelledby="{h(s.id)}-t">',
           f'<p class="meta">{"".join(f"<span class=badge>{h(b)}</span>" for b in badges)}'
           f'{h(s.page)} line {s.line} · {h(s.where)}{as_of} · id <code>{h(s.id)}</code></p>',
           f'<p class="said" id="{h(s.id)}-t">{_said(s)}</p>', _flags(s.flags), _mark(s.mark, "this sentence")]
    if s.unbacked:
        out.insert(-2, f'<p class="meta">Underlined: words in none of its claims or quotes ({h(", ".join(s.unbacked))}); '
                       'check they do not change the meaning.</p>')
    out += [_claim(c) for c in s.claims]
    out.append("</article>")
    return "".join(out)


def _first(rev: Review) -> str:
    rows = [s for s in rev.ordered() if s.priority < 4]
    if not rows:
        return "<p>No sentence is flagged, contested, inferred or framing.</p>"
    why = {0: "flagged", 1: "contested", 2: "inferred", 3: "framing"}
    items = []
    for s in rows:
        codes = sorted({f.code for f in s.all_flags()})
        items.append(f'<li><a href="#{h(s.id)}">{h(s.text)}</a> <span class="meta">({why[s.priority]}; '
                     f'{h(s.page)}{"; " + h(", ".join(codes)) if codes else ""})</span></li>')
    return "<ol>" + "".join(items) + "</ol>"


def _changes(rev: Review) -> str:
    if rev.first_review:
        return "<p>This is the first review of this workspace: there is no earlier review to compare with.</p>"
    if not rev.changes:
        return "<p>Nothing changed since the last review.</p>"
    return "<ul>" + "".join(f"<li><strong>{h(c.kind)}</strong> {h(c.subject)}: {h(c.text)}</li>"
                            for c in rev.changes) + "</ul>"


def _adjudications(rev: Review) -> str:
    if not rev.adjudications:
        return "<p>No contradiction was adjudicated.</p>"
    rows = "".join(f"<tr><td>{h(a.get('cluster_id'))}</td><td>{h(a.get('outcome'))}</td>"
                   f"<td>{h(', '.join(a.get('claim_ids') or []))}</td><td>{h(str(a.get('decided_at'))[:10])}</td>"
                   f"<td>{h(a.get('reason'))}</td></tr>" for a in rev.adjudications)
    return ("<table><caption>Every decision on claims that disagree, with its reason</caption><thead><tr>"
            "<th scope=col>cluster</th><th scope=col>outcome</th><th scope=col>claims</th><th scope=col>decided</th>"
            f"<th scope=col>reason</th></tr></thead><tbody>{rows}</tbody></table>")


def _marks(rev: Review) -> str:
    if not rev.marks:
        return "<p>No sentence or claim has been marked by a person yet (<code>sb review --ok ID --note ...</code>).</p>"
    rows = "".join(f"<tr><td>{h(m.get('target'))}</td><td>{h(m.get('verdict'))}</td><td>{h(m.get('by'))}</td>"
                   f"<td>{h(str(m.get('at', ''))[:10])}</td><td>{'current' if m.get('current') else 'void'}</td>"
                   f"<td>{h(m.get('note'))}</td></tr>" for m in rev.marks)
    return ("<table><caption>Every mark recorded, oldest first; a void mark judged an earlier version</caption>"
            "<thead><tr><th scope=col>target</th><th scope=col>verdict</th><th scope=col>by</th>"
            f"<th scope=col>on</th><th scope=col>state</th><th scope=col>note</th></tr></thead><tbody>{rows}</tbody></table>")


def render(rev: Review) -> str:
    n = rev.counts()
    title = f"Review: {rev.question}" if rev.question else "Review"
    pages = []
    for page in rev.pages:
        rows = [s for s in rev.sentences if s.page == page]
        pages.append(f"<section><h2>{h(page)}: every sentence in reading order</h2>"
                     + "".join(_sentence(s) for s in rows) + "</section>")
    codes = "".join(f"<dt><code>{h(c)}</code></dt><dd>{h(m)}</dd>" for c, m in sorted(rev.codes.items()))
    summary = (f"{n['sentences']} sentence(s) on {len(rev.pages)} page(s): {n['flagged']} flagged ({n['flags']} "
               f"flag(s)), {n['contested']} contested, {n['inferred']} inferred, {n['framing']} framing; "
               f"{n['reviewed_ok']} marked ok by a person, {n['to_fix']} to fix.")
    return "\n".join([
        "<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="robots" content="noindex">', f"<title>{h(title)}</title>", f"<style>{CSS}</style>", "</head>",
        "<body>", "<main>", f"<h1>{h(title)}</h1>",
        f'<p class="meta">The editor\'s desk, made by sb review on {h(rev.generated)} from '
        f'{h(", ".join(rev.pages))}. The machine\'s flags are for a person to judge; they never fail sb verify.</p>',
        f"<p>{h(summary)}</p>",
        "<section><h2>What changed since the last review</h2>", _changes(rev), "</section>",
        "<section><h2>Read these first</h2>", _first(rev), "</section>",
        *pages,
        "<section><h2>Adjudications</h2>", _adjudications(rev), "</section>",
        "<section><h2>Marks by a person</h2>", _marks(rev), "</section>",
        f'<section><h2>What the flags mean</h2><dl class="facts">{codes}</dl></section>' if codes else "",
        "</main>",
        f"<footer><p class=\"meta\">{'Reviewed by a person: ' + str(n['reviewed_ok']) + ' of ' + str(n['sentences']) + ' sentence(s) marked ok and current.' if n['reviewed_ok'] else 'Not reviewed by a person yet.'}</p></footer>",
        "</body>", "</html>", ""])
