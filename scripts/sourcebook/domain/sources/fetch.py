"""Guarded fetching for script mode (``capabilities.web_fetch = script``).

Every hop (the URL, each redirect, robots.txt) passes :mod:`.netguard` first, and the connection
goes to an address that was checked: the socket is opened on the IP itself, never on the name,
so DNS cannot answer differently the second time. The Host header and the TLS server name stay
the host name. No proxy is used (a proxy would resolve the name itself).

Limits: one deadline for the whole fetch (a watchdog closes the socket when it passes, so a slow
drip cannot stretch it), a cap on the bytes received and on the decompressed size (gzip and
deflate are decoded incrementally; other encodings are refused), a body shorter than its
Content-Length is refused, at most 10 redirects. robots.txt is honoured unless the caller says
otherwise (and records that it did).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
import time
import zlib
from urllib.parse import urljoin

from ...base.errors import SbError
from ...base.record import field, record
from ...base.versions import SB_VERSION
from ...engines.convert.registry import sniff
from ...engines.formats.charset import parse_content_type
from ...engines.urls import strip_credentials
from . import robots
from .netguard import STRICT, Policy, Refused, Resolver, Target, Unresolvable, check_url

USER_AGENT = f"sourcebook/{SB_VERSION} (+https://github.com/sourcebook; citation checker)"
MAX_REDIRECTS = 10
DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_BYTES = 25 * 2**20
_REDIRECTS = (301, 302, 303, 307, 308)
_READ = 65536


@record
class Fetched:
    url: str
    final_url: str
    status: int
    media_type: str | None
    charset: str | None
    body: bytes
    headers: dict
    notes: list[str] = field(default_factory=list)


class _Deadline:
    """One deadline for a whole fetch; a watchdog shuts the open socket down when it passes."""

    def __init__(self, seconds: float):
        self.at = time.monotonic() + seconds
        self.seconds = seconds
        self.expired = False
        self._timer: threading.Timer | None = None

    def remaining(self) -> float:
        left = self.at - time.monotonic()
        if left <= 0:
            self.expired = True
        return max(left, 0.0)

    def watch(self, sock: socket.socket) -> None:
        self.cancel()

        def fire() -> None:
            self.expired = True
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._timer = threading.Timer(max(self.remaining(), 0.001), fire)
        self._timer.daemon = True
        self._timer.start()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def _tls_context() -> ssl.SSLContext:
    """The system's trust store, certificate and host-name checks on (tests swap in their CA)."""
    return ssl.create_default_context()


def _connect(addr: str, port: int, timeout: float) -> socket.socket:
    """Open a TCP connection to an address (never a name: no lookup happens here)."""
    ip = ipaddress.ip_address(addr)
    sock = socket.socket(socket.AF_INET6 if ip.version == 6 else socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect((addr, port))
    except BaseException:
        sock.close()
        raise
    return sock


def _open_pinned(target: Target, deadline: _Deadline) -> socket.socket:
    last: Exception | None = None
    for addr in target.addresses:
        if deadline.remaining() <= 0:
            break
        try:
            sock = _connect(addr, target.port, deadline.remaining())
        except OSError as exc:
            last = exc
            continue
        deadline.watch(sock)
        return sock
    if deadline.expired:
        raise TimeoutError("deadline passed while connecting")
    raise last or OSError("no address to connect to")


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, target: Target, deadline: _Deadline):
        super().__init__(target.host, target.port, timeout=max(deadline.remaining(), 0.001))
        self._target, self._deadline = target, deadline
        self.live: socket.socket | None = None

    def connect(self) -> None:
        self.sock = self.live = _open_pinned(self._target, self._deadline)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, target: Target, deadline: _Deadline, context: ssl.SSLContext):
        super().__init__(target.host, target.port, timeout=max(deadline.remaining(), 0.001), context=context)
        self._target, self._deadline, self._ctx = target, deadline, context
        self.live: socket.socket | None = None

    def connect(self) -> None:
        raw = _open_pinned(self._target, self._deadline)
        try:  # certificate and SNI are checked against the host name, not the address
            self.sock = self.live = self._ctx.wrap_socket(raw, server_hostname=self._target.host)
        except BaseException:
            raw.close()
            raise


class _Decoder:
    """Content-Encoding undone incrementally, with a cap on the decoded size."""

    def __init__(self, header: str | None, cap: int, subject: str):
        codings = [c.strip().lower() for c in (header or "").split(",") if c.strip()]
        codings = [c for c in codings if c != "identity"]
        self.cap, self.subject, self.out = cap, subject, bytearray()
        self.kind = codings[0] if codings else ""
        if len(codings) > 1 or self.kind not in ("", "gzip", "x-gzip", "deflate"):
            raise SbError("E-FETCH-ENCODING", subject,
                          f"the server sent Content-Encoding {header!r}; only gzip and deflate are decoded. "
                          "Save the page with a browser and add the file instead")
        self.z: zlib._Decompress | None = None
        self.started = False

    def feed(self, data: bytes) -> None:
        if not self.kind:
            self.out += data
            return
        if self.z is None:
            if self.kind == "deflate" and len(data) >= 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0:
                self.z = zlib.decompressobj(zlib.MAX_WBITS)
            elif self.kind == "deflate":
                self.z = zlib.decompressobj(-zlib.MAX_WBITS)  # servers often send raw deflate
            else:
                self.z = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            while data:
                piece = self.z.decompress(data, self.cap - len(self.out) + 1)
                self.out += piece
                if len(self.out) > self.cap:
                    raise SbError("E-FETCH-TOO-LARGE", self.subject,
                                  f"the decompressed body exceeds {self.cap} bytes (a compression bomb?); refused")
                data = self.z.unconsumed_tail
                if self.z.eof and self.z.unused_data.startswith(b"\x1f\x8b"):  # another gzip member
                    data, self.z = self.z.unused_data, zlib.decompressobj(16 + zlib.MAX_WBITS)
                elif self.z.eof:
                    break
        except zlib.error as exc:
            raise SbError("E-FETCH-ENCODING", self.subject, f"the {self.kind} body is corrupt ({exc}); refused") from None

    def finish(self) -> bytes:
        if self.kind and (self.z is None or not self.z.eof):
            raise SbError("E-FETCH-TRUNCATED", self.subject,
                          f"the {self.kind} stream ended before its end marker: the body is truncated; try again later")
        return bytes(self.out)


def _read_body(resp: http.client.HTTPResponse, sock: socket.socket, deadline: _Deadline,
               max_bytes: int, subject: str) -> bytes:
    length_header = resp.getheader("Content-Length")
    declared = None
    if length_header is not None and not resp.chunked:
        try:
            declared = int(length_header.strip())
        except ValueError:
            raise SbError("E-FETCH-FAILED", subject, f"invalid Content-Length {length_header!r}") from None
        if declared > max_bytes:
            raise SbError("E-FETCH-TOO-LARGE", subject,
                          f"the body is {declared} bytes; the limit is {max_bytes}. Save the file and add it instead")
    decoder = _Decoder(resp.getheader("Content-Encoding"), max_bytes, subject)
    got = 0
    try:
        while True:
            sock.settimeout(max(deadline.remaining(), 0.001))
            chunk = resp.read1(_READ)
            if not chunk:
                break
            got += len(chunk)
            if got > max_bytes:
                raise SbError("E-FETCH-TOO-LARGE", subject, f"the body exceeds {max_bytes} bytes; refused")
            decoder.feed(chunk)
            if deadline.remaining() <= 0:
                raise TimeoutError("deadline")
    except http.client.IncompleteRead:
        if deadline.expired:
            raise TimeoutError("deadline") from None
        raise SbError("E-FETCH-TRUNCATED", subject, "the connection closed inside a chunk: the body is truncated") from None
    if deadline.expired:  # the watchdog closed the stream
        raise TimeoutError("deadline")
    if declared is not None and got < declared:
        raise SbError("E-FETCH-TRUNCATED", subject,
                      f"received {got} of the {declared} bytes announced by Content-Length: the body is truncated")
    return decoder.finish()


@record
class _Response:
    status: int
    reason: str
    headers: dict
    body: bytes


def _request(target: Target, deadline: _Deadline, max_bytes: int, subject: str) -> _Response:
    """One GET to a checked target; the body is read only for a 2xx answer."""
    if target.scheme == "https":
        conn: http.client.HTTPConnection = _PinnedHTTPS(target, deadline, _tls_context())
    else:
        conn = _PinnedHTTP(target, deadline)
    try:
        conn.putrequest("GET", target.path, skip_accept_encoding=True)
        conn.putheader("User-Agent", USER_AGENT)
        conn.putheader("Accept", "*/*")
        conn.putheader("Accept-Encoding", "gzip, deflate")
        conn.putheader("Connection", "close")
        conn.endheaders()
        live = conn.live  # type: ignore[attr-defined]
        live.settimeout(max(deadline.remaining(), 0.001))
        resp = conn.getresponse()
        headers: dict[str, str] = {}
        for k, v in resp.getheaders():
            key = k.lower()
            if key == "set-cookie":
                continue  # never stored
            headers[key] = f"{headers[key]}, {v}" if key in headers else v
        body = b""
        if 200 <= resp.status < 300:  # an error page or a redirect's body is never needed
            body = _read_body(resp, live, deadline, max_bytes, subject)
        if deadline.expired:  # the watchdog cut the stream: what was read is not the answer
            raise TimeoutError("deadline")
        return _Response(resp.status, resp.reason, headers, body)
    except SbError:
        raise
    except (OSError, http.client.HTTPException) as exc:
        if deadline.expired or isinstance(exc, TimeoutError):  # the watchdog may surface as any error
            raise _timeout(subject, deadline) from exc
        if isinstance(exc, ssl.SSLError):
            raise SbError("E-FETCH-FAILED", subject, f"TLS failed for {target.host}: {exc.reason or exc}") from None
        raise SbError("E-FETCH-FAILED", subject, f"{type(exc).__name__}: {exc or 'connection failed'}") from None
    finally:
        conn.close()


def _timeout(subject: str, deadline: _Deadline) -> SbError:
    return SbError("E-FETCH-TIMEOUT", subject,
                   f"the fetch did not finish within {deadline.seconds:g} s (one deadline for all of it); "
                   "try again later, or save the page and add the file")


def _guard(url: str, subject: str, resolver: Resolver | None, policy: Policy, known: dict,
           deadline: _Deadline, hop: str = "") -> Target:
    """netguard.check_url with the name lookup bounded by the deadline."""
    box: dict = {}

    def work() -> None:
        try:
            box["t"] = check_url(url, resolver=resolver, policy=policy, known=known)
        except Exception as exc:  # handed to the caller's thread
            box["e"] = exc
    th = threading.Thread(target=work, daemon=True)
    th.start()
    th.join(max(deadline.remaining(), 0.001))
    if th.is_alive():
        raise _timeout(subject, deadline)
    exc = box.get("e")
    if isinstance(exc, Refused):
        raise SbError("E-FETCH-BLOCKED", subject,
                      f"{exc}{hop}; sourcebook fetches only public http(s) addresses: save the page yourself "
                      "and add the file") from None
    if isinstance(exc, Unresolvable):
        raise SbError("E-FETCH-FAILED", subject, f"{exc}{hop}; check the host name") from None
    if exc is not None:
        raise exc
    return box["t"]


def fetch_url(url: str, *, ignore_robots: bool = False, timeout: float = DEFAULT_TIMEOUT,
              max_bytes: int = DEFAULT_MAX_BYTES, resolver: Resolver | None = None,
              policy: Policy = STRICT) -> Fetched:
    """GET ``url`` through the guard; raises :class:`SbError` (``E-FETCH-...``) on any refusal.

    ``resolver(host, port) -> addresses`` replaces DNS (tests); ``policy`` exempts address
    ranges (tests only; the command line never passes one).
    """
    subject = strip_credentials(url)
    deadline = _Deadline(timeout)
    known: dict[str, list[str]] = {}  # each host is resolved once per fetch
    notes: list[str] = []
    if ignore_robots:
        notes.append("robots.txt not consulted (--ignore-robots)")
    current, hop = url, ""
    try:
        for n in range(MAX_REDIRECTS + 1):
            target = _guard(current, subject, resolver, policy, known, deadline, hop)
            if not ignore_robots:
                robots.check(target, lambda u, cap: _fetch_plain(u, subject, resolver, policy, known, deadline, cap),
                             subject, USER_AGENT)
            resp = _request(target, deadline, max_bytes, subject)
            if resp.status in _REDIRECTS and "location" in resp.headers:
                if n == MAX_REDIRECTS:
                    break
                current = urljoin(current, resp.headers["location"].strip())
                hop = f" (redirect {n + 1} from {strip_credentials(target.url)})"
                notes.append(f"redirected ({resp.status}) to {strip_credentials(current)}")
                continue
            if not 200 <= resp.status < 300:
                raise SbError("E-FETCH-FAILED", subject, f"HTTP {resp.status} {resp.reason} from {target.url}")
            media, charset = parse_content_type(resp.headers.get("content-type"))
            if media in (None, "application/octet-stream", "binary/octet-stream"):
                sniffed = sniff(resp.body)
                if sniffed:
                    notes.append(f"media type {media or '(none)'} sent; the bytes are {sniffed}")
                    media = sniffed
            return Fetched(url=subject, final_url=target.url, status=resp.status, media_type=media,
                           charset=charset, body=resp.body, headers=resp.headers, notes=notes)
    finally:
        deadline.cancel()
    raise SbError("E-FETCH-FAILED", subject, f"more than {MAX_REDIRECTS} redirects; refused")


def _fetch_plain(url: str, subject: str, resolver: Resolver | None, policy: Policy, known: dict,
                 deadline: _Deadline, cap: int) -> tuple[int, bytes]:
    """A guarded GET without robots (for robots.txt itself): ``(status, body)``; a few redirects."""
    current = url
    for _ in range(5):
        target = _guard(current, subject, resolver, policy, known, deadline, " (robots.txt)")
        resp = _request(target, deadline, cap, subject)
        if resp.status in _REDIRECTS and "location" in resp.headers:
            current = urljoin(current, resp.headers["location"].strip())
            continue
        return resp.status, resp.body
    return 599, b""
