"""The apparatus sb writes beside a claim: its marks, its as-of date, a deck's speaker note, a
chart's fixed words. Pure.

Kept apart from the draft renderer so that ``sb verify``, which compares speaker notes with what
``sb render`` would write, loads only this and the ledger model.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from ..ledger import ledger_model as lm

MARK_ORDER = ("m-checked", "m-reported", "m-contested", "m-moving", "m-thin")
# the fixed words of a chart (engines.render.chart), which the gate accepts as sb's own
AXIS_NOTE = "Value as each claim states it, bars from zero; one claim per row"
CAPTION = "Each bar is a number claim cited on this page, at the value its source states."


def h(s: object) -> str:
    return html.escape("" if s is None else str(s), quote=True)


def marks_html(claims: list[Mapping]) -> str:
    wanted = {m for c in claims for m in lm.marks(c)}
    spans = [f'<span class="mark {m}">{lm.MARK_LABEL[m]}</span>' for m in MARK_ORDER if m in wanted]
    dates = []
    for c in claims:
        if c.get("volatile") is True and c.get("as_of") and c["as_of"] not in dates:
            dates.append(c["as_of"])
    spans += [f'<span class="as-of">as of {h(d)}</span>' for d in dates]
    return "\u00a0".join(spans)  # marks and dates never part across lines


def speaker_note(cid: str, claims: Mapping[str, Mapping], ordinals: Mapping[str, int], sources: Mapping[str, Mapping]) -> str:
    """A deck's note for one claim: its ledger number, text and sources (an inference says so)."""
    c = claims[cid]
    if cid not in ordinals:
        return f"<li>{marks_html([c])} {h(c.get('text'))} (the author's inference, no source)</li>"
    from ..ledger.quote_view import evidence_start, page_of, page_text

    cites = []
    for ev in c.get("evidence") or []:
        src = sources.get(str(ev.get("source_id"))) or {}
        name = src.get("title") or ev.get("source_id")
        page = page_of(evidence_start(ev), lm.pages_of(src))
        cites.append(f"{h(name)}, tier {h(src.get('tier', 'D'))}" + (f", {h(page_text(page))}" if page else ""))
    return f"<li>Ledger entry {ordinals[cid]}: {h(c.get('text'))} Source: {'; '.join(cites) or 'none'}.</li>"
