"""robots.txt for script-mode fetching (RFC 9309), cached per site for the life of the process.

robots.txt is fetched through the same guard as the page. A 4xx answer means no rules (allowed);
a 5xx answer or an unreachable file means "assume everything is disallowed", as the RFC says.
"""

from __future__ import annotations

import time
import urllib.robotparser
from collections.abc import Callable

from ...base.errors import SbError
from .netguard import Target

ROBOTS_MAX = 512 * 1024
TTL = 3600.0
_CACHE: dict[tuple[str, str, int], tuple[float, urllib.robotparser.RobotFileParser, str]] = {}

_DISALLOW_ALL = ["User-agent: *", "Disallow: /"]
Getter = Callable[[str, int], "tuple[int, bytes]"]


def clear_cache() -> None:
    _CACHE.clear()


def _site(target: Target) -> str:
    host = f"[{target.host}]" if ":" in target.host else target.host
    default = 443 if target.scheme == "https" else 80
    return f"{target.scheme}://{host}" + ("" if target.port == default else f":{target.port}")


def _load(target: Target, get: Getter) -> tuple[urllib.robotparser.RobotFileParser, str]:
    parser = urllib.robotparser.RobotFileParser()
    url = _site(target) + "/robots.txt"
    try:
        status, body = get(url, ROBOTS_MAX)
    except SbError as exc:
        parser.parse(_DISALLOW_ALL)
        return parser, f"robots.txt could not be read ({exc.message}), so the site counts as disallowing"
    if 200 <= status < 300:
        parser.parse(body.decode("utf-8", "replace").splitlines())
        return parser, ""
    if 400 <= status < 500:
        parser.parse([])  # no rules: everything allowed
        return parser, ""
    parser.parse(_DISALLOW_ALL)
    return parser, f"robots.txt answered HTTP {status}, so the site counts as disallowing"


def check(target: Target, get: Getter, subject: str, user_agent: str) -> None:
    """Raise ``E-FETCH-ROBOTS`` unless the site's robots.txt allows ``target.url``."""
    key = (target.scheme, target.host, target.port)
    hit = _CACHE.get(key)
    if hit is None or time.monotonic() - hit[0] > TTL:
        parser, why = _load(target, get)
        _CACHE[key] = (time.monotonic(), parser, why)
    else:
        _, parser, why = hit
    token = user_agent.split("/", 1)[0]
    if not parser.can_fetch(token, target.url):
        reason = why or f"robots.txt of {_site(target)} disallows it for {token}"
        raise SbError("E-FETCH-ROBOTS", subject,
                      f"not fetched: {reason}. Pass --ignore-robots to fetch anyway (recorded in the source), "
                      "or save the page yourself and add the file")
