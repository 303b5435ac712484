"""The ledger as an HTML fragment (CONTRACT 8.4): ``<ol class="ledger">`` plus the thin list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import ledger_model as lm
from .escape import h, http_href, safe_url
from .quote_view import page_text, quote_html


def _source_line(ev: Mapping, src: Mapping | None, show_quote: bool) -> str:
    sid = str(ev.get("source_id"))
    shown = lm.evidence_display(ev, src, show_quote)
    if src is None:
        name = f'<span class="tier tier-none">unknown source</span> {h(sid)}'
    else:
        tier = str(src.get("tier") or "D")
        title = src.get("title") or safe_url(src.get("url") or src.get("canonical_locator") or src.get("locator")) or sid
        href = shown["href"]
        label = f'<a href="{h(href)}" rel="noopener noreferrer">{h(title)}</a>' if href else h(title)
        name = f'<span class="tier tier-{h(tier)}">tier {h(tier)}</span> {label}'
        if src.get("publisher"):
            name += f" &middot; {h(src['publisher'])}"
    return f'    <p class="ledger-source" data-span="{h(ev.get("start"))}-{h(ev.get("end"))}">{name}{words_html(shown)}</p>'


def words_html(shown: Mapping) -> str:
    """The quote, or its excerpt and full length, and its page: never an offset range alone."""
    out = ""
    if shown["mode"] == "quote":
        out = f' <q class="ledger-quote">{quote_html(shown["quote"], h)}</q>'
    elif shown["mode"] == "excerpt":
        length = f' <span class="ledger-length">({h(shown["length"])} in full)</span>' if shown["length"] else ""
        out = f' <q class="ledger-quote ledger-excerpt">{h(shown["excerpt"])}</q>{length}'
    if shown["page"]:
        out += f' <span class="ledger-page">{h(page_text(shown["page"]))}</span>'
    return out


def _meta(claim: Mapping, n_sources: int | None) -> str:
    bits = [f'<span class="mark {h(m)}">{h(lm.MARK_LABEL[m])}</span>' for m in lm.marks(claim)]
    if claim.get("as_of"):
        bits.append(f'<span class="as-of">as of {h(claim["as_of"])}</span>')
    if claim.get("recheck"):
        href = http_href(claim["recheck"])
        if href:
            bits.append(f'<a class="recheck" href="{h(href)}" rel="nofollow noopener">recheck</a>')
        else:
            bits.append(f'<span class="recheck">recheck URL withheld (not http or https): {h(claim["recheck"])}</span>')
    if n_sources is not None:
        bits.append(f'<span class="corroboration">{h(lm.corroboration_text(n_sources))}</span>')
    return f'    <p class="ledger-meta">{" ".join(bits)}</p>'


def _limitation(claim: Mapping) -> list[str]:
    if claim.get("limitation"):
        return [f'    <p class="ledger-limitation">{h(claim["limitation"])}</p>']
    return []


def render(claims: Sequence[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None,
           only: set[str] | None = None) -> str:
    """The ledger as HTML. ``only``: list just these claims (a page that cites a subset), still
    numbered with the whole ledger's ordinals and marked ``data-scope="cited"``."""
    cited, inferred, nums = lm.ledger_order(claims, plan)
    shown = lm.shown_spans(cited, sources)
    if only is not None:
        cited = [c for c in cited if c["id"] in only]
        inferred = [c for c in inferred if c["id"] in only]
    out = ['<ol class="ledger" data-scope="cited">' if only is not None else '<ol class="ledger">']
    for c in cited:
        out.append(f'  <li class="ledger-entry" id="c-{h(c["id"])}" value="{nums[c["id"]]}">')
        out.append(f'    <p class="ledger-claim">{h(c["text"])}</p>')
        out.append(_meta(c, lm.corroboration(c, sources)))
        out.extend(_limitation(c))
        evidence = c.get("evidence") or []
        for ev in evidence:
            out.append(_source_line(ev, sources.get(str(ev.get("source_id"))), lm.span_key(ev) in shown))
        if not evidence:
            out.append('    <p class="ledger-source"><span class="tier tier-none">no source</span></p>')
        out.append("  </li>")
    out.append("</ol>")
    if inferred:
        out.append('<ul class="ledger ledger-thin">')
        out.append('  <li class="ledger-note">The author\'s inferences: no source, weigh them as opinion.</li>')
        for c in inferred:
            out.append(f'  <li class="ledger-entry" id="c-{h(c["id"])}">')
            out.append(f'    <p class="ledger-claim">{h(c["text"])}</p>')
            out.append(_meta(c, None))
            out.extend(_limitation(c))
            out.append("  </li>")
        out.append("</ul>")
    return "\n".join(out) + "\n"
