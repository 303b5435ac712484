"""The ledger as Markdown (compatibility: the ledger forms ``--md``), every interpolation escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import ledger_model as lm
from .editions import edition_title
from .escape import http_href, link_host, md, md_link_target, safe_url
from .origin import credit_words, origin_words
from .quote_view import page_text, quote_md


def _source(ev: Mapping, src: Mapping | None, show_quote: bool) -> str:
    sid = str(ev.get("source_id"))
    shown = lm.evidence_display(ev, src, show_quote)
    if src is None:
        head = f"unknown source {md(sid)}"
    else:
        title = edition_title(src) or src.get("title") or safe_url(src.get("url") or src.get("canonical_locator")
                                                                   or src.get("locator")) or sid
        href = shown["href"]
        name = f"[{md(title)}]({md_link_target(href)})" if href else md(title)
        head = f"tier {md(src.get('tier') or 'D')} · {name}"
        if src.get("publisher"):
            head += f" · {md(src['publisher'])}"
        head += "".join(f" · {md(bit)}" for bit in credit_words(src))
        head += f" · {md(origin_words(src))}"
    tail = words_md(shown)
    return f"   - {head}" + (f" · {tail}" if tail else "")


def words_md(shown: Mapping) -> str:
    """The quote, or its excerpt and full length, and its page, as Markdown."""
    bits = []
    if shown["mode"] == "quote":
        bits.append(f"\"{quote_md(shown['quote'], md)}\"")
    elif shown["mode"] == "excerpt":
        bits.append(f"\"{md(shown['excerpt'])}\"" + (f" ({md(shown['length'])} in full)" if shown["length"] else ""))
    if shown["page"]:
        bits.append(md(page_text(shown["page"])))
    return " · ".join(bits)


def _meta(claim: Mapping, n_sources: int | None) -> str:
    bits = list(lm.labels(claim))
    if claim.get("as_of"):
        bits.append(f"as of {md(claim['as_of'])}")
    if claim.get("recheck"):
        href = http_href(claim["recheck"])
        bits.append(f"[recheck at {md(link_host(href))}]({md_link_target(href)})" if href else "recheck URL withheld")
    if n_sources is not None and not claim.get("derived"):
        bits.append(lm.corroboration_text(n_sources))
    return "   " + " · ".join(bits)


def render(claims: Sequence[Mapping], sources: Mapping[str, Mapping], plan: Mapping | None = None) -> str:
    cited, inferred, nums = lm.ledger_order(claims, plan)
    history, gone = lm.history_claims(claims), lm.withdrawn_claims(claims)
    shown = lm.shown_spans(cited + sorted(history + gone, key=lambda c: c["id"]), sources)
    by_id = {c["id"]: c for c in claims}
    out = ["# Ledger", ""]
    for c in cited:
        out.append(f"{nums[c['id']]}. **{md(c['text'])}**  ")
        out.append(_meta(c, lm.corroboration(c, sources)))
        adj = lm.adjudication_of(c)
        if adj is not None:
            beside = [f"[{nums[x]}]" for x in adj.get("claim_ids") or [] if x != c["id"] and x in nums]
            day = str(adj.get("decided_at") or "")[:10]
            out.append(f"   {md(lm.outcome_words(adj.get('outcome')))}" + (f", with {', '.join(beside)}" if beside else "")
                       + f": {md(adj.get('reason'))}" + (f" (decided {md(day)})" if day else ""))
        if c.get("limitation"):
            out.append(f"   _{md(c['limitation'])}_")
        for ev in c.get("evidence") or []:
            out.append(_source(ev, sources.get(str(ev.get("source_id"))), lm.span_key(ev) in shown))
        derivation = lm.derivation_text(c, by_id, nums)
        if derivation is not None:
            out.append(f"   - computed: {md(derivation)}")
        out.append("")
    if inferred:
        out += ["## The author's inferences (no source)", ""]
        for c in inferred:
            out.append(f"- **{md(c['text'])}** · thin")
        out.append("")
    for title, part in (("## History (superseded claims, not numbered)", history),
                        ("## Withdrawn (retracted claims)", gone)):
        if not part:
            continue
        out += [title, ""]
        for c in part:
            out.append(f"- ~~{md(c['text'])}~~  ")
            out.append("   " + _history_meta(c, by_id, nums))
            for ev in c.get("evidence") or []:
                out.append(_source(ev, sources.get(str(ev.get("source_id"))), lm.span_key(ev) in shown))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _history_meta(c: Mapping, by_id: Mapping[str, Mapping], nums: Mapping[str, int]) -> str:
    bits = [str(c.get("status"))]
    succ = lm.standing_successor(c, by_id) if c.get("status") == "superseded" else None
    if succ:
        bits[0] += f" by [{nums[succ]}]" if succ in nums else " by an inference"
    why = lm.history_reason(c)
    if why:
        bits.append(md(why))
    return " · ".join(bits)
