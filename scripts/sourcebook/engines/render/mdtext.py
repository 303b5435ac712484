"""Markdown text that stays text: escaping for anything taken from a source or a claim."""

from __future__ import annotations

import re
from typing import Mapping

from .ledger_model import evidence_quote, span_key

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")
_WS = re.compile(r"\s+")


def md_escape(s: str) -> str:
    """Escape Markdown and inline-HTML syntax, and fold newlines, so a value renders as itself."""
    return _SPECIAL.sub(r"\\\1", _WS.sub(" ", s).strip())


def is_web_url(s: object) -> bool:
    return isinstance(s, str) and s.lower().startswith(("http://", "https://"))


def md_link(label: str, url: str | None) -> str:
    """``[label](url)`` for an http(s) URL, else the escaped label alone (never a script link)."""
    text = md_escape(label)
    if not is_web_url(url):
        return text
    safe = str(url).replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C").replace(">", "%3E")
    return f"[{text}]({safe})"


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
