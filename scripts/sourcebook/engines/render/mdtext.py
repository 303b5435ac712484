"""Markdown text that stays text: escaping for anything taken from a source or a claim."""

from __future__ import annotations

from collections.abc import Mapping

from ..ledger.escape import http_href, md, md_link_target
from ..ledger.ledger_model import span_key


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
    from ..ledger.editions import edition_title

    title = edition_title(source) or source.get("title") or source.get("canonical_locator") or sid
    publisher = source.get("publisher")
    return f"{title} · {publisher}" if publisher else str(title)


def evidence_md(ev: Mapping, source: Mapping | None, shown: set) -> str:
    """One evidence line: tier, linked source name, then the quote if the budget shows it, else
    its excerpt and full length; and its page (never an offset range alone)."""
    from ..ledger.ledger_model import evidence_display
    from ..ledger.quote_view import page_text, quote_md

    sid = str(ev.get("source_id"))
    tier = (source or {}).get("tier", "D") if source else "D"
    d = evidence_display(ev, source, span_key(ev) in shown)
    name = md_link(source_name(source, sid), d["href"])
    if d["mode"] == "quote":
        where = f'"{quote_md(d["quote"], md_escape)}"'
    elif d["mode"] == "excerpt":
        where = f'"{md_escape(d["excerpt"])}" ({md_escape(d["length"])} in full)'
    else:
        where = "no quote recorded"
    if d["page"]:
        where += f" · {md_escape(page_text(d['page']))}"
    return f"tier {tier} · {name} · {where}"
