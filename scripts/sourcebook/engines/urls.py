"""Canonical locators for URLs (compatibility: identifiers, with weaknesses of the original kit fixed).

Lower-case scheme and host, default ports dropped, IPv6 literals keep their brackets, user
names and passwords are removed (they never reach a record, a ledger or a package), fragments
dropped, tracking parameters dropped, the query sorted.
"""

from __future__ import annotations

import re

from ..base.patterns import lazy

# urllib.parse is imported where a URL is taken apart: `sb add FILE` asks only `is_url`.
_TRACKING = lazy(r"^(utm_.*|gclid|fbclid|mc_[ce]id|ref|si|igshid)$", re.I)
_SCHEME = lazy(r"^[A-Za-z][A-Za-z0-9+.-]*://")


class BadURL(ValueError):
    pass


def is_url(locator: str) -> bool:
    """http(s) in any letter case (``HTTPS://x`` is a URL, not a file name)."""
    return bool(re.match(r"^https?://", locator, re.I))


def has_credentials(url: str) -> bool:
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return bool(parts.username or parts.password)


def canonical_url(url: str) -> str:
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    try:
        parts = urlsplit(url.strip())
        port = parts.port  # raises ValueError for a port out of range
    except ValueError as exc:
        raise BadURL(f"not a valid URL: {exc}") from None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if not host:
        raise BadURL("the URL has no host")
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    if port is not None and not ((scheme == "http" and port == 80) or (scheme == "https" and port == 443)):
        host = f"{host}:{port}"
    path = parts.path if parts.path != "/" else ""
    pairs = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _TRACKING.match(k)]
    query = urlencode(sorted(pairs))
    return urlunsplit((scheme, host, path, query, ""))


def web_host(url: object, also: tuple[str, ...] = ()) -> str | None:
    """The host an http(s) URL names, in lower case, without ``www.`` (nor any prefix in
    ``also``, such as a site's mobile host ``m.``); None for anything else."""
    from urllib.parse import urlsplit

    if not isinstance(url, str) or not url.strip().lower().startswith(("http://", "https://")):
        return None
    try:
        host = (urlsplit(url.strip()).hostname or "").lower().rstrip(".")
    except ValueError:
        return None
    for prefix in ("www.", *also):
        host = host.removeprefix(prefix)
    return host or None


def strip_credentials(url: str) -> str:
    """The URL without ``user:password@`` (for display and links)."""
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not (parts.username or parts.password):
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
