"""Locators that look like a mistyped URL (``htps://``, ``https//``, ``http:/x``, ``www.x.org/a``).

``sb add`` treats anything that is not an http(s) URL as a file path; a typo in the scheme made
the URL a missing file, reported as such. This names the likely URL instead (pure).
"""

from __future__ import annotations

import re

from ..base.patterns import hot

_SCHEME_LIKE = hot(r"^([A-Za-z]{2,7})(:?)(/{0,3})(.*)$", re.S)
_OTHER_SCHEMES = frozenset({"ftp", "ftps", "sftp", "file", "data", "mailto", "ssh", "git", "s3", "gs", "ws", "wss"})
_HOSTISH = hot(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+([/:?#].*)?$", re.S)


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (short strings only)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def url_typo(locator: str) -> str | None:
    """``"did you mean https://example.org/a?"`` for a locator that looks like a mistyped URL, else None."""
    loc = locator.strip()
    if re.match(r"^https?://", loc, re.I):
        return None  # a well-formed scheme
    m = _SCHEME_LIKE.match(loc)
    if m:
        scheme, colon, slashes, rest = m.group(1).lower(), m.group(2), m.group(3), m.group(4)
        near = min(("https", "http"), key=lambda s: _distance(scheme, s))
        typo_scheme = scheme not in _OTHER_SCHEMES and scheme not in ("http", "https") and _distance(scheme, near) <= 2 and len(scheme) >= 3
        bad_sep = scheme in ("http", "https") and (colon + slashes) != "://" and (colon or slashes)
        if (typo_scheme and (colon or slashes)) or bad_sep:
            fixed = f"{near if typo_scheme else scheme}://{rest.lstrip('/')}"
            if _HOSTISH.match(rest.lstrip("/")):
                return f"did you mean {fixed}?"
    if loc.lower().startswith("www.") and _HOSTISH.match(loc):
        return f"did you mean https://{loc}?"
    return None
