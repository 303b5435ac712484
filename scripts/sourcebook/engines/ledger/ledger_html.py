"""The ledger as an HTML fragment (compatibility: the ledger forms): ``<ol class="ledger">`` plus the thin list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import ledger_model as lm
from .editions import edition_names
from .escape import h, http_href, link_host, safe_url
from .origin import credit_words, origin_words
from .quote_view import page_text, quote_html


def _source_line(ev: Mapping, src: Mapping | None, show_quote: bool, editions: Mapping[str, tuple] | None = None) -> str:
    sid = str(ev.get("source_id"))
    shown = lm.evidence_display(ev, src, show_quote)
    if src is None:
        name = f'<span class="tier tier-none">unknown source</span> {h(sid)}'
    else:
        tier = str(src.get("tier") or "D")
        title = src.get("title") or safe_url(src.get("url") or src.get("canonical_locator") or src.get("locator")) or sid
        edition = (editions or {}).get(sid)
        if edition is not None:  # one document in several editions: its name, and which edition
            title = f"{edition[0] or title} ({edition[1]})"
        href = shown["href"]
        label = f'<a href="{h(href)}" rel="noopener noreferrer">{h(title)}</a>' if href else h(title)
        name = f'<span class="tier tier-{h(tier)}">tier {h(tier)}</span> {label}'
        if src.get("publisher"):
            name += f" &middot; {h(src['publisher'])}"
        for bit in credit_words(src):  # the byline and the publication date, when recorded
            name += f' &middot; <span class="ledger-credit">{h(bit)}</span>'
        name += f' <span class="ledger-origin">({h(origin_words(src))})</span>'
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
            # where the link leads is said in words: a recheck on another site is the author's choice
            bits.append(f'<a class="recheck" href="{h(href)}" rel="nofollow noopener">recheck at {h(link_host(href))}</a>')
        else:
            bits.append(f'<span class="recheck">recheck URL withheld (not http or https): {h(claim["recheck"])}</span>')
    if n_sources is not None and not claim.get("derived"):
        bits.append(f'<span class="corroboration">{h(lm.corroboration_text(n_sources))}</span>')
    return f'    <p class="ledger-meta">{" ".join(bits)}</p>'


def _adjudication(claim: Mapping, nums: Mapping[str, int], listed: set[str], by_id: Mapping[str, Mapping]) -> list[str]:
    """The decision on a contested pair, with its reason, beside each claim of the pair."""
    adj = lm.adjudication_of(claim)
    if adj is None:
        return []
    others = []
    for x in adj.get("claim_ids") or []:
        if x == claim.get("id"):
            continue
        if x in nums:
            label = f"[{nums[x]}]"
            others.append(f'<a href="#c-{h(x)}">{h(label)}</a>' if x in listed else h(label))
        elif x in by_id and by_id[x].get("status") == "superseded":
            others.append("a claim in History")
    beside = f", with {', '.join(others)}" if others else ""
    day = str(adj.get("decided_at") or "")[:10]
    when = f' <span class="adjudication-date">(decided {h(day)})</span>' if day else ""
    return [f'    <p class="ledger-adjudication"><span class="adjudication-outcome">{h(lm.outcome_words(adj.get("outcome")))}'
            f'</span>{beside}: <span class="adjudication-reason">{h(adj.get("reason"))}</span>{when}</p>']


def _limitation(claim: Mapping) -> list[str]:
    if claim.get("limitation"):
        return [f'    <p class="ledger-limitation">{h(claim["limitation"])}</p>']
    return []


def render(claims: Sequence[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None,
           only: set[str] | None = None, withdrawn: bool = True, numbers: Mapping[str, int] | None = None,
           prose: str | None = None) -> str:
    """The ledger as HTML. ``only``: list just these claims (a page that cites a subset), still
    numbered with the whole ledger's ordinals and marked ``data-scope="cited"``.

    After the numbered entries and the author's inferences come two unnumbered parts: History
    (superseded claims, struck through, with what replaced them and why) and, when
    ``withdrawn``, the retracted claims in a collapsed part between ``<!-- SB:WITHDRAWN -->``
    markers, which a public package leaves out. ``numbers``: the page's own numbering (a page
    rendered from a draft is numbered in its reading order). ``prose``: the text of the page
    outside its ledger (a page rendered from a draft): the quotes it shows already, as those
    the listed claims' texts show, count first against the quote budget
    (``ledger_model.shown_spans``)."""
    cited, inferred, nums = lm.ledger_order(claims, plan, numbers)
    history, gone = lm.history_claims(claims), lm.withdrawn_claims(claims) if withdrawn else []
    judged = cited + sorted(history + gone, key=lambda c: c["id"])
    eds = edition_names(sources)
    by_id = {c["id"]: c for c in claims}
    if only is not None:
        history = [c for c in history if c["id"] in only or lm.standing_successor(c, by_id) in only]
        gone = [c for c in gone if c["id"] in only]
    if only is not None:
        cited = [c for c in cited if c["id"] in only]
        inferred = [c for c in inferred if c["id"] in only]
    # what the page shows besides the quotes (its prose, each listed claim's text): a quote whose
    # words it shows already is on the page, and counts first against the budget
    text = "\n".join([prose or ""] + [str(c.get("text") or "") for c in cited + inferred + history + gone])
    shown = lm.shown_spans(judged, sources, text)
    out = ['<ol class="ledger" data-scope="cited">' if only is not None else '<ol class="ledger">']
    listed_now = {c["id"] for c in cited + inferred}
    for c in cited:
        out.append(f'  <li class="ledger-entry" id="c-{h(c["id"])}" value="{nums[c["id"]]}">')
        out.append(f'    <p class="ledger-claim">{h(c["text"])}</p>')
        out.append(_meta(c, lm.corroboration(c, sources)))
        out.extend(_adjudication(c, nums, listed_now, by_id))
        out.extend(_limitation(c))
        evidence = c.get("evidence") or []
        for ev in evidence:
            out.append(_source_line(ev, sources.get(str(ev.get("source_id"))), lm.span_key(ev) in shown, eds))
        derivation = lm.derivation_text(c, by_id, nums)
        if derivation is not None:
            out.append(f'    <p class="ledger-derived">computed: {h(derivation)}</p>')
        elif not evidence:
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
    listed = {c["id"] for c in cited + inferred}
    if history:
        out.append('<ul class="ledger-history">')  # its first item names it: no aria-label on a list
        out.append('  <li class="ledger-note">History: claims set aside since they were made, kept so you can see '
                   "what changed. They are not numbered and support nothing but an account of the change.</li>")
        for c in history:
            out.extend(_history_entry(c, by_id, nums, listed, sources, shown, eds))
        out.append("</ul>")
    if gone:
        out.append("<!-- SB:WITHDRAWN -->")
        out.append(f'<details class="ledger-withdrawn"><summary>Withdrawn: {len(gone)} retracted '
                   f'claim{"s" if len(gone) != 1 else ""}</summary>')
        out.append('<ul class="ledger-withdrawn-list">')
        for c in gone:
            out.extend(_history_entry(c, by_id, nums, listed, sources, shown, eds))
        out.append("</ul>")
        out.append("</details>")
        out.append("<!-- /SB:WITHDRAWN -->")
    return "\n".join(out) + "\n"


def _history_entry(c: Mapping, by_id: Mapping[str, Mapping], nums: Mapping[str, int], listed: set[str],
                   sources: Mapping[str, Mapping], shown: set, eds: Mapping[str, tuple]) -> list[str]:
    superseded = c.get("status") == "superseded"
    prefix, cls = ("h", "history-entry") if superseded else ("w", "withdrawn-entry")
    out = [f'  <li class="{cls}" id="{prefix}-{h(c["id"])}">',
           f'    <p class="ledger-claim"><s>{h(c["text"])}</s></p>']
    bits = [f'<span class="history-mark">{"superseded" if superseded else "retracted"}</span>']
    succ = lm.standing_successor(c, by_id) if superseded else None
    if succ:
        label = f"[{nums[succ]}]" if succ in nums else "an inference"
        target = f'<a href="#c-{h(succ)}">{h(label)}</a>' if succ in listed else h(label)
        bits.append(f'<span class="superseded-by">by {target}</span>')
    why = lm.history_reason(c)
    if why:
        bits.append(f'<span class="history-reason">{h(why)}</span>')
    out.append(f'    <p class="ledger-meta">{" ".join(bits)}</p>')
    for ev in c.get("evidence") or []:
        out.append(_source_line(ev, sources.get(str(ev.get("source_id"))), lm.span_key(ev) in shown, eds))
    out.append("  </li>")
    return out

