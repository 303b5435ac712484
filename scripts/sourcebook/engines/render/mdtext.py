"""Markdown text that stays text: escaping for anything taken from a source or a claim."""

from __future__ import annotations

from collections.abc import Mapping

from .escape import http_href, md, md_link_target
from .ledger_model import evidence_quote, span_key


def md_escape(s: str) -> str:
    """Escape Markdown and inline-HTML syntax, and fold newlines, so a value renders as itself."""
    return md(s)


def is_web_url(s: object) -> bool:
    return http_href(s) is not None


def md_link(label: str, url: str | None) -> str:
    """``[label](url)`` for an http(s) URL, else the escaped label alone (never a script link)."""
    href = http_href(url)
    return f"[{md(label)}]({md_link_target(href)})" if href else md(label)


def source_name(source: Mapping | None, sid: str) -> str:
    if not source:
        return sid
    title = source.get("title") or source.get("canonical_locator") or sid
    publisher = source.get("publisher")
    return f"{title} · {publisher}" if publisher else str(title)


def evidence_md(ev: Mapping, source: Mapping | None, shown: set) -> str:
    """One evidence line: tier, linked source name, then the quote if the budget shows it, else the span."""
    sid = str(ev.get("source_id"))
    tier = (source or {}).get("tier", "D") if source else "D"
    name = md_link(source_name(source, sid), (source or {}).get("canonical_locator"))
    if span_key(ev) in shown:
        where = f'"{md_escape(evidence_quote(ev))}"'
    else:
        where = f"chars {ev.get('start')}-{ev.get('end')}"
    return f"tier {tier} · {name} · {where}"
