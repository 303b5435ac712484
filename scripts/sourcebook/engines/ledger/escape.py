"""Escaping for the ledger forms: HTML text and attributes, Markdown text, safe links.

Everything a ledger prints comes from a source or a claim, so all of it is untrusted: HTML is
escaped with quotes, Markdown punctuation is backslash-escaped and line breaks folded, links are
only ever http(s), and user names and passwords never reach a displayed or linked URL.
"""

from __future__ import annotations

import html
import re

from ...base.patterns import hot
from ..urls import strip_credentials
from .visible import visible

_HTTP = hot(r"^https?://", re.I)
_USERINFO = hot(r"^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@")
_MD_SPECIAL = hot(r"([\\`*_{}\[\]()#!|~])")


def h(value: object) -> str:
    """HTML-escape text or an attribute value (quotes included); invisible and bidirectional
    control characters are written as ``[U+XXXX]`` so the reader sees what is stored."""
    return html.escape(visible("" if value is None else str(value)), quote=True)


def safe_url(url: object) -> str:
    """A URL for display: credentials removed even when the URL does not parse cleanly."""
    text = "" if url is None else str(url)
    text = strip_credentials(text)
    return _USERINFO.sub(r"\1", text)


def http_href(url: object) -> str | None:
    """The URL to link to, or None when it is not http(s) (javascript:, data:, file: ...)."""
    text = safe_url(url).strip()
    if not _HTTP.match(text) or any(c in text for c in "\n\r\t\x00 "):
        return None
    return text


def link_host(href: str) -> str:
    """The host a link leads to, as a reader should see it before following it ("calderbay.example"):
    lower case, no "www.", no user name or port."""
    from urllib.parse import urlsplit

    try:
        host = (urlsplit(href).hostname or "").lower()
    except ValueError:
        return ""
    return host[4:] if host.startswith("www.") else host


def md(value: object) -> str:
    """Markdown-escape text: punctuation backslash-escaped, ``<``, ``>`` and ``&`` as entities, one line."""
    text = " ".join(visible("" if value is None else str(value)).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text)


def md_link_target(url: str) -> str:
    """A link destination that cannot break out of ``(...)``."""
    return "".join(c if c not in "()<> \"'\\" else f"%{ord(c):02X}" for c in url)
