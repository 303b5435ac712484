"""Compatibility names (docs/compatibility.md: the fetch guard, module names): the original kit's fetch-guard entry points.

sourcebook itself fetches through :mod:`sourcebook.domain.sources.fetch`, which also pins the connection
to the checked address; these names keep scripts and tests written for the original kit working.
"""

from __future__ import annotations

import urllib.request

from .domain.sources.netguard import Refused, Unresolvable, check_url


class BlockedURL(ValueError):
    """A URL the guard refuses; ``str()`` starts with ``blocked:``."""


def assert_fetchable(url: str) -> None:
    """Raise :class:`BlockedURL` unless ``url`` is http(s), without credentials, and every address
    its host resolves to is public. No socket is opened except the name lookup."""
    try:
        check_url(url)
    except Refused as exc:
        raise BlockedURL(str(exc)) from None
    except Unresolvable as exc:
        raise BlockedURL(f"blocked: {exc}") from None


class _GuardedRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect handler that checks the target before following it."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        assert_fetchable(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)
