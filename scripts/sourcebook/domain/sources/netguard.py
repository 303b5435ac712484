"""Which URLs and addresses script-mode fetching may reach (a weakness of the original kit fixed).

The refused ranges are explicit CIDR lists, not the running Python's ``ipaddress`` flags (which
differ across versions and miss CGNAT). IPv6 forms that carry an IPv4 address (IPv4-mapped,
IPv4-translated, IPv4-compatible, 6to4, Teredo, NAT64) are judged by the IPv4 inside them.
Everything outside global unicast IPv6 (2000::/3) is refused too. The first matching class is
named in the refusal, e.g. ``blocked: 169.254.169.254 is link-local``.

:func:`check_url` resolves a name once and returns every address it checked; the fetcher
connects to one of those addresses and never resolves the name again (no DNS rebinding).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

from ...base.patterns import hot

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Iterable[str]]


def _nets(*cidrs: str) -> tuple:
    return tuple(ipaddress.ip_network(c) for c in cidrs)


# Order matters: the first class that matches is the one named.
REFUSED_V4 = (
    ("unspecified", _nets("0.0.0.0/32")),
    ("loopback", _nets("127.0.0.0/8")),
    ("link-local", _nets("169.254.0.0/16")),
    ("private", _nets("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")),
    ("carrier-grade NAT (shared address space)", _nets("100.64.0.0/10")),
    ("multicast", _nets("224.0.0.0/4")),
    ("broadcast", _nets("255.255.255.255/32")),
    ("reserved", _nets("240.0.0.0/4", "0.0.0.0/8", "192.0.0.0/24", "192.88.99.0/24")),
    ("documentation", _nets("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")),
    ("benchmarking", _nets("198.18.0.0/15")),
)
REFUSED_V6 = (
    ("unspecified", _nets("::/128")),
    ("loopback", _nets("::1/128")),
    ("link-local", _nets("fe80::/10")),
    ("site-local", _nets("fec0::/10")),
    ("unique-local", _nets("fc00::/7")),
    ("multicast", _nets("ff00::/8")),
    ("private", _nets("64:ff9b:1::/48")),  # local-use NAT64 (RFC 8215)
    ("documentation", _nets("2001:db8::/32", "3fff::/20")),
    ("benchmarking", _nets("2001:2::/48")),
    ("reserved", _nets("2001:10::/28", "2001:20::/28", "100::/64")),
)
GLOBAL_V6 = ipaddress.ip_network("2000::/3")
_MAPPED = ipaddress.ip_network("::ffff:0:0/96")
_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")
_COMPAT = ipaddress.ip_network("::/96")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_6TO4 = ipaddress.ip_network("2002::/16")
_TEREDO = ipaddress.ip_network("2001::/32")
_V4_LITERAL = hot(r"^[0-9a-fA-FxX.]+$")


class Refused(ValueError):
    """A URL or address the guard refuses; ``str()`` starts with ``blocked:``."""


class Unresolvable(ValueError):
    """The host name has no address (or resolution failed)."""


@dataclass(frozen=True)
class Policy:
    """Exemptions from the refused ranges. The command line always uses the empty policy;
    tests pass ``Policy(allow=("127.0.0.1/32",))`` to reach their own loopback server."""

    allow: tuple = ()

    def allows(self, ip: IPAddress) -> bool:
        return any(ip in ipaddress.ip_network(c) for c in self.allow)


STRICT = Policy()


def _v4(ip: ipaddress.IPv4Address) -> str | None:
    for name, nets in REFUSED_V4:
        if any(ip in n for n in nets):
            return name
    return None


def classify(ip: IPAddress) -> str | None:
    """The refused class of an address (with the embedded IPv4 named), or None if it is public."""
    if isinstance(ip, ipaddress.IPv4Address):
        return _v4(ip)
    ip = ipaddress.IPv6Address(int(ip))  # drop any scope id
    for name, nets in REFUSED_V6[:2]:
        if any(ip in n for n in nets):
            return name
    embedded: list[tuple[str, ipaddress.IPv4Address]] = []
    if ip in _MAPPED or ip in _TRANSLATED:
        embedded.append(("IPv4-mapped", ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)))
    elif ip in _COMPAT:
        embedded.append(("IPv4-compatible", ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)))
    elif ip in _NAT64:
        embedded.append(("NAT64", ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)))
    elif ip in _6TO4:
        embedded.append(("6to4", ipaddress.IPv4Address((int(ip) >> 80) & 0xFFFFFFFF)))
    elif ip in _TEREDO:
        embedded.append(("Teredo client", ipaddress.IPv4Address(~int(ip) & 0xFFFFFFFF)))
        embedded.append(("Teredo server", ipaddress.IPv4Address((int(ip) >> 64) & 0xFFFFFFFF)))
    for form, v4 in embedded:
        cls = _v4(v4)
        if cls:
            return f"{cls} ({form} {v4})"
    if ip in _COMPAT or ip in _TRANSLATED:
        return "reserved (deprecated IPv4-compatible form)"
    for name, nets in REFUSED_V6[2:]:
        if any(ip in n for n in nets):
            return name
    if ip not in GLOBAL_V6 and ip not in _MAPPED and ip not in _NAT64:
        return "reserved (not global unicast)"
    return None


def parse_ip(text: str) -> IPAddress | None:
    """An address literal, including the legacy IPv4 forms ``inet_aton`` accepts (0x7f.1, 2130706433)."""
    host = text.strip("[]").split("%", 1)[0]
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if _V4_LITERAL.match(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def default_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return [str(info[4][0]) for info in infos]


@dataclass
class Target:
    """A URL that passed the guard: where to connect and what to call the host."""

    url: str
    scheme: str
    host: str  # ASCII (IDNA) host name or address, without brackets; for Host and TLS SNI
    port: int
    path: str  # path + query, for the request line
    addresses: list[str] = field(default_factory=list)  # every address checked, in resolver order


def split_url(url: str) -> tuple[str, str, int, str]:
    """``(scheme, ascii_host, port, request_path)``; raises :class:`Refused` for what is never fetched."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise Refused(f"blocked: not a valid URL ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise Refused(f"blocked: scheme {scheme + ':' if scheme else '(none)'} is not http or https")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise Refused("blocked: the URL carries credentials (user:password@); remove them")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise Refused("blocked: the URL has no host")
    try:
        ascii_host = host if host.isascii() else host.encode("idna").decode("ascii")
    except UnicodeError:
        raise Refused(f"blocked: {host} is not a valid host name") from None
    if any(c in ascii_host for c in "\\/ \t\r\n") or ascii_host.startswith("-"):
        raise Refused(f"blocked: {host} is not a valid host name")
    # non-ASCII and spaces percent-encoded (as a browser sends them); existing escapes kept
    path = quote(parts.path or "/", safe="/%:@!$&'()*+,;=~")
    if parts.query:
        path += "?" + quote(parts.query, safe="/%:@!$&'()*+,;=~?")
    return scheme, ascii_host.lower(), port or (443 if scheme == "https" else 80), path


def check_address(host: str, addr: str, policy: Policy = STRICT) -> None:
    ip = parse_ip(addr)
    if ip is None:
        raise Refused(f"blocked: {host} resolved to {addr!r}, which is not an IP address")
    if policy.allows(ip):
        return
    cls = classify(ip)
    if cls:
        if parse_ip(host) is not None:  # an address literal: name it as written
            raise Refused(f"blocked: {host} is {cls}")
        raise Refused(f"blocked: {host} resolves to {ip}, which is {cls}")


def check_url(url: str, *, resolver: Resolver | None = None, policy: Policy = STRICT,
              known: dict[str, list[str]] | None = None) -> Target:
    """Check a URL and every address its host resolves to; resolve each host once.

    ``known`` maps hosts already resolved (and checked) in this fetch to their addresses, so a
    redirect or robots.txt on the same host reuses them instead of asking DNS again.
    """
    scheme, host, port, path = split_url(url)
    literal = parse_ip(host)
    if literal is not None:
        addrs = [str(literal)]
    elif host == "localhost" or host.endswith(".localhost"):
        if not policy.allows(ipaddress.ip_address("127.0.0.1")):
            raise Refused(f"blocked: {host} is loopback")
        addrs = ["127.0.0.1"]
    elif known is not None and host in known:
        addrs = known[host]
    else:
        try:
            addrs = list(dict.fromkeys(str(a) for a in (resolver or default_resolver)(host, port)))
        except (OSError, UnicodeError) as exc:
            raise Unresolvable(f"cannot resolve {host}: {exc}") from None
        if not addrs:
            raise Unresolvable(f"cannot resolve {host}: no address")
    for addr in addrs:
        check_address(host, addr, policy)
    if known is not None:
        known[host] = addrs
    return Target(url, scheme, host, port, path, addrs)
