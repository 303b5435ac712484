"""Inline SVG charts drawn only from cited number claims. Pure.

A bar per claim, its label and value printed beside it, both axes titled. Values are read
from the claim's own text (the number as the source states it), so the chart cannot show a
figure the ledger does not hold.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from ..text import numbers
from .apparatus import AXIS_NOTE


def first_number(text: str) -> tuple[str, float, str] | None:
    """(as written, value, unit class) of the first number in a claim's text."""
    got = numbers.first_number(text)
    if got is None:
        return None
    return got.written, got.value, "%" if got.suffix == "%" else ""


def chartable(claims: list[Mapping]) -> list[tuple[Mapping, str, float]]:
    """Number claims that can share one axis: the largest group with the same topic family
    (the topic key's first part) and unit class, so a fare is never drawn beside a head count."""
    groups: dict[tuple[str, str], list[tuple[Mapping, str, float]]] = {}
    for c in claims:
        if c.get("kind") != "number":
            continue
        n = first_number(str(c.get("text", "")))
        if n is None or n[1] < 0:
            continue
        family = str(c.get("topic_key", "")).split(".")[0]
        groups.setdefault((family, n[2]), []).append((c, n[0], n[1]))
    best: list[tuple[Mapping, str, float]] = []
    for items in groups.values():
        if len(items) > len(best):
            best = items
    return best


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


def bar_chart(items: list[tuple[Mapping, str, float]], labels: Mapping[str, str], title: str) -> str:
    """Horizontal bars, one row per claim: label above, bar below, value at the bar's end."""
    width, left, right, row = 640, 16, 120, 56
    inner = left + 8
    top = 16
    height = top + row * len(items) + 44
    vmax = max(v for _, _, v in items) or 1.0
    span = width - inner - right
    out = [f'<svg viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title">',
           f'<title id="chart-title">{html.escape(title)}</title>']
    for i, (c, shown, value) in enumerate(items):
        y = top + i * row
        w = max(2.0, span * value / vmax)
        label = html.escape(_short(labels.get(c["id"]) or str(c.get("text", ""))))
        out.append(f'<text x="{inner}" y="{y + 14}" font-size="14" fill="#111417">{label}</text>')
        out.append(f'<rect x="{inner}" y="{y + 22}" width="{w:.1f}" height="18" fill="#1b1e22"/>')
        out.append(f'<text x="{inner + w + 8:.1f}" y="{y + 36}" font-size="14" fill="#111417">{html.escape(shown)}</text>')
    base = top + row * len(items) + 4
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#111417" stroke-width="1"/>')
    out.append(f'<line x1="{left}" y1="{base}" x2="{width - right}" y2="{base}" stroke="#111417" stroke-width="1"/>')
    out.append(f'<text x="{left}" y="{base + 30}" font-size="14" fill="#111417">{AXIS_NOTE}</text>')
    out.append("</svg>")
    return "\n".join(out)


def page_chart(order: list[str], claims: Mapping[str, Mapping], title: str) -> str:
    """The chart ``sb render`` draws for a page whose claim blocks cite ``order`` (in page
    order), as the bar chart's SVG, or "" when it would draw none: the ``derived`` gate
    compares a page's chart with it."""
    from ..ledger import ledger_model as lm

    seen: list[Mapping] = []
    labels: dict[str, str] = {}
    for cid in order:
        c = claims.get(cid)
        if c is None:
            continue
        labels[cid] = str(c.get("text", ""))
        if lm.is_citable(c) and c not in seen:
            seen.append(c)
    items = chartable(seen)
    return bar_chart(items, labels, title) if len(items) >= 2 else ""
