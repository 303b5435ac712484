"""From parsed draft blocks to the body of each artifact type, and the draft's checks. Pure.

The checks make a rendered page pass ``sb verify`` by construction: every reference names an
active claim with a source (or an inference, shown without a number), every citable claim of
the ledger is placed, and the per-type limits hold (an explainer is one screen).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...base.errors import Finding
from ...base.patterns import hot
from ..ledger import ledger_model as lm
from ..text.quotations import quoted
from .apparatus import CAPTION, speaker_note
from .blocks import claim_attr, h, inline, ref_html, render_blocks
from .chart import bar_chart, chartable, first_number
from .draft import CLAIM_REF, FRAMING, Block, bad_refs, framing_spans, words

EXPLAINER_WORDS = 60
EXPLAINER_CLAIMS = 5
_FIGURE = hot(r"(?<![\w.,])\d[\d,.]*(?![\w])")  # a standalone number, not "W3"


def reference_findings(blocks: list[Block], claims: Mapping[str, Mapping], where: str,
                       history: bool = True) -> list[Finding]:
    """Unknown, retracted, unsupported or malformed references, each naming its draft line. A
    superseded claim may be cited (``history``): its paragraph tells what changed and is shown
    as history, linked to the claim's History entry in the ledger."""
    out = []
    for b in blocks:
        at = f"{where}:{b.line}"
        for bad in bad_refs(b.text):
            out.append(Finding("E-DRAFT-CLAIM", at, f"{bad} is not a claim reference; write [@clm_<12 hex>] "
                                                    "or [@clm_a; @clm_b]"))
        if b.kind in ("h1", "h2", "h3") and b.ids:
            out.append(Finding("E-DRAFT-CLAIM", at, "a heading cannot cite a claim; put the claim in the sentence below it"))
        for cid in b.ids:
            c = claims.get(cid)
            if c is None:
                out.append(Finding("E-DRAFT-CLAIM", at, f"{cid} is not in the ledger; see `sb claim list`"))
            elif c.get("status") == "superseded" and c.get("unpublished") is True:
                out.append(Finding("E-DRAFT-CLAIM", at, f"{cid} was narrowed to {c.get('superseded_by')} before any "
                                                        "page showed it: it has no history to tell; cite "
                                                        f"{c.get('superseded_by')}"))
            elif history and c.get("status") == "superseded" and b.kind in ("p", "li", "quote"):
                continue  # told as history (blocks.tells_history)
            elif not lm.is_active(c):
                by = f" by {c.get('superseded_by')}" if c.get("superseded_by") else ""
                out.append(Finding("E-DRAFT-CLAIM", at, f"{cid} is {c.get('status')}{by}; cite the claim that stands"
                                                        + (" (a superseded claim is cited only in a paragraph "
                                                           "about what changed)" if by else "")))
            elif c.get("confidence") == "unsupported":
                out.append(Finding("E-DRAFT-CLAIM", at, f"{cid} is unsupported; find its evidence or retract it"))
    return out


def framing_findings(blocks: list[Block], where: str, names: Callable[[str, Any], bool] | None = None) -> list[Finding]:
    """A sentence tagged ``[framing]`` is the author's own words: it cites nothing and carries no
    figure, date, amount or quotation (the gate refuses such a page; render says so first).
    ``names(sentence, figure)``: the figure is the identifier of a source the page cites
    ("PEP 498 sets these limits"), a name rather than a figure."""
    from ..text.figures import stated

    out = []
    for b in blocks:
        if not FRAMING.search(b.text):
            continue
        for start, end, framing in framing_spans(b.text):
            sentence = b.text[start:end]
            if not framing:
                continue
            words = " ".join(FRAMING.sub("", sentence).split()[:8])
            bare = CLAIM_REF.sub(" ", FRAMING.sub(" ", sentence))
            figs = [f for f in stated(bare) if names is None or not names(bare, f)]
            why = ("cites a claim" if CLAIM_REF.search(sentence) else f"carries the figure {figs[0].written!r}"
                   if figs else "carries a quotation" if quoted(sentence) else "")
            if why:
                out.append(Finding("E-RENDER-FRAMING", f"{where}:{b.line}", f"\"{words}\" is tagged [framing] but "
                                                                           f"{why}; framing is the author's own "
                                                                           "words: cite the claim instead of the tag"))
    return out


def unplaced_findings(blocks: list[Block], claims: Sequence[Mapping], where: str) -> list[Finding]:
    """Every citable claim must be on the page: the ledger lists it, and a contested claim's
    other side may not be left out."""
    placed = {cid for b in blocks for cid in b.ids}
    out = []
    for c in sorted(claims, key=lambda c: c["id"]):
        if lm.is_citable(c) and c.get("confidence") != "unsupported" and c["id"] not in placed:
            why = "a contested claim: show both sides" if c.get("confidence") == "contested" else "the ledger lists it"
            out.append(Finding("E-DRAFT-UNCITED", c["id"], f"not referenced in {where} ({why}); cite it with "
                                                           f"[@{c['id']}] or retract it"))
    return out


def explainer_findings(blocks: list[Block], where: str) -> list[Finding]:
    prose = [b for b in blocks if b.kind in ("p", "li", "quote")]
    n_words = sum(words(b.text) for b in prose)
    ids = {cid for b in blocks for cid in b.ids}
    out = []
    if n_words > EXPLAINER_WORDS:
        out.append(Finding("E-DRAFT-LIMIT", where, f"an explainer has at most {EXPLAINER_WORDS} words of body copy; "
                                                   f"this draft has {n_words}"))
    if len(ids) > EXPLAINER_CLAIMS:
        out.append(Finding("E-DRAFT-LIMIT", where, f"an explainer places at most {EXPLAINER_CLAIMS} claims; "
                                                   f"this draft places {len(ids)}"))
    return out


def infographic_findings(blocks: list[Block], claims: Mapping[str, Mapping], where: str) -> list[Finding]:
    out = []
    for b in blocks:
        if b.kind in ("p", "li", "quote") and _FIGURE.search(re.sub(r"\[@[^\]]*\]", "", b.text)):
            kinds = {claims.get(cid, {}).get("kind") for cid in b.ids}
            if not kinds & {"number", "date"}:
                out.append(Finding("E-DRAFT-LIMIT", f"{where}:{b.line}", "every figure in an infographic is a cited "
                                                                         "claim of kind number; cite one or drop the figure"))
    return out


def chart_figure(blocks: list[Block], claims: Mapping[str, Mapping], title: str) -> str:
    order = [cid for b in blocks for cid in b.ids]
    seen: list[Mapping] = []
    labels = {cid: str(claims[cid].get("text", "")) for b in blocks for cid in b.ids if cid in claims}
    for cid in order:
        c = claims.get(cid)
        if c is not None and lm.is_citable(c) and c not in seen:
            seen.append(c)
    items = chartable(seen)
    if len(items) < 2:
        return ""
    svg = bar_chart(items, labels, title)
    return f'<figure class="chart">\n{svg}\n<figcaption>{CAPTION}</figcaption>\n</figure>'


def infographic_body(blocks: list[Block], claims: Mapping[str, Mapping], ordinals: Mapping[str, int], title: str) -> str:
    """The chart first, then the draft in order: each paragraph citing a number claim becomes a
    big figure (the number as the claim states it), runs of figures sit in one grid."""
    parts = [chart_figure(blocks, claims, title)]
    figures: list[str] = []
    rest: list[Block] = []

    def flush() -> None:
        if rest:
            parts.append(render_blocks(rest, claims, ordinals)[0])
            rest.clear()
        if figures:
            parts.append('<ul class="figures">\n' + "\n".join(figures) + "\n</ul>")
            figures.clear()

    for b in blocks:
        number = next((claims[c] for c in b.ids if claims.get(c, {}).get("kind") == "number"), None)
        shown = first_number(str(number.get("text", ""))) if number is not None and b.kind in ("p", "li") else None
        if shown:
            if rest:
                flush()
            figures.append(f'    <li{claim_attr(b)}><span class="figure-value">{h(shown[0])}</span>'
                           f'<span class="figure-text">{inline(b.text, claims, ordinals)}</span></li>')
        else:
            if figures:
                flush()
            rest.append(b)
    flush()
    return "\n".join(p for p in parts if p)


def explainer_visual(blocks: list[Block], claims: Mapping[str, Mapping], ordinals: Mapping[str, int], title: str) -> str:
    chart = chart_figure(blocks, claims, title)
    if chart:
        return chart.replace('<figure class="chart">\n', "").replace("\n</figure>", "")
    for b in blocks:
        for cid in b.ids:
            c = claims.get(cid)
            n = first_number(str(c.get("text", ""))) if c and c.get("kind") == "number" and lm.is_citable(c) else None
            if n:
                return (f'<p class="key-figure" data-claim="{h(cid)}">{h(n[0])}{ref_html([cid], claims, ordinals)}</p>\n'
                        f"<figcaption>{h(c['text'])}</figcaption>")  # type: ignore[index]
    return ""


def deck_slides(blocks: list[Block], claims: Mapping[str, Mapping], ordinals: Mapping[str, int],
                sources: Mapping[str, Mapping]) -> str:
    """One ``li.slide`` per ``---``-separated part; speaker notes carry each claim's citation."""
    parts: list[list[Block]] = [[]]
    for b in blocks:
        if b.kind == "break":
            parts.append([])
        elif b.kind != "h1":
            parts[-1].append(b)
    out = []
    taken: set[str] = set()
    for i, part in enumerate((p for p in parts if p), 2):
        body, _ = render_blocks(part, claims, ordinals, taken, indent="    ")
        ids = []
        for b in part:
            ids += [c for c in b.ids if c not in ids and c in claims]
        notes = "".join(speaker_note(c, claims, ordinals, sources) for c in ids)
        out.append(f'  <li class="slide" id="s{i}">\n{body}')
        if notes:
            out.append(f'    <aside class="notes" aria-label="Speaker notes, slide {i}"><h3>Notes</h3><ul>{notes}</ul></aside>')
        out.append("  </li>")
    return "\n".join(out)
