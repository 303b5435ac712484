"""Script-mode fetching against loopback servers: the guard, pinning, caps, deadline, robots.

Names are mapped to addresses by an injected resolver (no DNS). The loopback servers are reached
only through an explicit test policy; the command line never passes one. A safety net refuses
any connection to a non-loopback address, so a guard bug fails the test instead of sending
traffic anywhere.
"""

from __future__ import annotations

import gzip
import http.server
import ipaddress
import socket
import threading
import time
import zlib

import conftest  # noqa: F401
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.base.errors import SbError
from sourcebook.domain.sources import fetch as fetchmod
from sourcebook.domain.sources import robots
from sourcebook.domain.sources.fetch import USER_AGENT, fetch_url
from sourcebook.domain.sources.netguard import Policy, classify, parse_ip

LOOP = Policy(allow=("127.0.0.1/32",))
PAGE = "<html><head><title>T</title></head><body><p>Caf\u00e9 \u20ac</p></body></html>".encode("cp1252")


class Server:
    """A threading HTTP server on a loopback address with scripted paths; records requests."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, robots_txt: bytes | None = None, tag: bytes = b"A"):
        self.requests: list[tuple[str, dict]] = []
        self.robots_txt = robots_txt
        self.tag = tag
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_GET(self):
                outer.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
                route = self.path.split("?", 1)[0].strip("/").replace("-", "_").replace(".", "_") or "index"
                getattr(outer, "r_" + route, outer.r_missing)(self)

        self.httpd = http.server.ThreadingHTTPServer((host, port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def paths(self):
        return [p for p, _ in self.requests]

    # -- routes -------------------------------------------------------------------------
    @staticmethod
    def send(h, status, body=b"", headers=()):
        h.send_response(status)
        for k, v in headers:
            h.send_header(k, v)
        if not any(k.lower() in ("content-length", "transfer-encoding") for k, _ in headers):
            h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    def r_missing(self, h):
        h.send_response(404)  # an error page larger than any cap, and cut short: never read
        h.send_header("Content-Length", str(10**9))
        h.end_headers()
        h.wfile.write(b"not here")
        h.close_connection = True

    def r_robots_txt(self, h):
        if self.robots_txt is None:
            return self.r_missing(h)
        if self.robots_txt == b"500":
            return self.send(h, 500, b"oops")
        self.send(h, 200, self.robots_txt, [("Content-Type", "text/plain")])

    def r_page(self, h):
        self.send(h, 200, PAGE + self.tag, [("Content-Type", "text/html; charset=windows-1252"),
                                            ("Set-Cookie", "session=secret")])

    def r_doc_pdf(self, h):
        from test_pdf import PAGES, make_pdf

        self.send(h, 200, make_pdf(PAGES), [("Content-Type", "application/pdf")])

    def r_untyped_pdf(self, h):
        self.send(h, 200, b"%PDF-1.4\n%%EOF\n", [("Content-Type", "application/octet-stream")])

    def r_untyped_html(self, h):
        h.send_response(200)
        h.send_header("Content-Length", "26")
        h.end_headers()
        h.wfile.write(b"<!DOCTYPE html><p>hi</p>\n\n")

    def r_private(self, h):
        self.send(h, 200, b"private page", [("Content-Type", "text/plain")])

    def r_redirect(self, h):
        self.send(h, 302, b"", [("Location", h.path.split("?to=", 1)[1])])

    def r_loop(self, h):
        self.send(h, 302, b"", [("Location", "/loop")])

    def r_gzip(self, h):
        self.send(h, 200, gzip.compress(b"hello gzip " * 100), [("Content-Encoding", "gzip"),
                                                                ("Content-Type", "text/plain")])

    def r_deflate(self, h):
        c = zlib.compressobj(wbits=-zlib.MAX_WBITS)
        self.send(h, 200, c.compress(b"hello deflate " * 100) + c.flush(), [("Content-Encoding", "deflate")])

    def r_bomb(self, h):
        self.send(h, 200, BOMB, [("Content-Encoding", "gzip"), ("Content-Type", "text/html")])

    def r_br(self, h):
        self.send(h, 200, b"\x0b\x02\x80hello\x03", [("Content-Encoding", "br")])

    def r_big(self, h):
        h.send_response(200)
        h.send_header("Content-Length", str(10**9))
        h.end_headers()
        h.wfile.write(b"x" * 1000)

    def r_truncated(self, h):
        h.send_response(200)
        h.send_header("Content-Length", "1000")
        h.end_headers()
        h.wfile.write(b"y" * 100)
        h.wfile.flush()
        h.close_connection = True

    def r_chunked_truncated(self, h):
        h.send_response(200)
        h.send_header("Transfer-Encoding", "chunked")
        h.end_headers()
        h.wfile.write(b"10\r\n0123456789abcdef\r\n400\r\nonly part")
        h.wfile.flush()
        h.close_connection = True

    def r_gzip_truncated(self, h):
        body = gzip.compress(b"some text " * 500)[:-20]
        self.send(h, 200, body, [("Content-Encoding", "gzip")])

    def r_drip(self, h):
        h.send_response(200)
        h.send_header("Content-Length", "200")
        h.end_headers()
        self._drip(h, b"z")

    def r_drip_headers(self, h):
        h.wfile.write(b"HTTP/1.1 200 OK\r\n")
        self._drip(h, b"X-Slow: 1\r\n")

    @staticmethod
    def _drip(h, piece):
        try:  # bounded: at most 200 pieces, 10 s
            for _ in range(200):
                h.wfile.write(piece)
                h.wfile.flush()
                time.sleep(0.05)
        except OSError:
            pass
        h.close_connection = True


BOMB = gzip.compress(b"\0" * (8 * 2**20), compresslevel=9)


@pytest.fixture(autouse=True)
def _safety_net(monkeypatch):
    """Only loopback connections, ever; records every address connected to."""
    real = fetchmod._connect
    seen: list[str] = []

    def guarded(addr, port, timeout):
        assert ipaddress.ip_address(addr).is_loopback, f"test tried to connect to {addr}"
        seen.append(addr)
        return real(addr, port, timeout)
    monkeypatch.setattr(fetchmod, "_connect", guarded)
    robots.clear_cache()
    yield seen
    robots.clear_cache()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def names(mapping):
    calls = []

    def resolve(host, port):
        calls.append(host)
        if host not in mapping:
            raise socket.gaierror(-2, "Name or service not known")
        return mapping[host]
    resolve.calls = calls
    return resolve


def get(server, path, **kw):
    kw.setdefault("resolver", names({"site.test": ["127.0.0.1"]}))
    kw.setdefault("policy", LOOP)
    return fetch_url(f"http://site.test:{server.port}{path}", **kw)


def code_of(fn):
    with pytest.raises(SbError) as ei:
        fn()
    return ei.value


# -- the guard ------------------------------------------------------------------------------

REFUSED = [
    ("127.0.0.1", "loopback"), ("127.9.9.9", "loopback"), ("::1", "loopback"),
    ("10.1.2.3", "private"), ("172.16.4.5", "private"), ("172.31.255.1", "private"), ("192.168.0.1", "private"),
    ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
    ("100.64.0.1", "carrier-grade NAT"), ("100.127.255.254", "carrier-grade NAT"),
    ("fc00::1", "unique-local"), ("fd12:3456::1", "unique-local"), ("fec0::1", "site-local"),
    ("224.0.0.1", "multicast"), ("ff02::1", "multicast"), ("240.0.0.1", "reserved"),
    ("255.255.255.255", "broadcast"), ("0.0.0.0", "unspecified"), ("::", "unspecified"),
    ("0.1.2.3", "reserved"), ("192.0.2.10", "documentation"), ("2001:db8::1", "documentation"),
    ("198.18.0.1", "benchmarking"),
    ("::ffff:127.0.0.1", "loopback (IPv4-mapped 127.0.0.1)"),
    ("::ffff:169.254.169.254", "link-local (IPv4-mapped"),
    ("2002:7f00:1::", "loopback (6to4 127.0.0.1)"), ("2002:a9fe:a9fe::1", "link-local (6to4"),
    ("2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback (Teredo client 127.0.0.1)"),
    ("64:ff9b::7f00:1", "loopback (NAT64 127.0.0.1)"), ("64:ff9b::a9fe:a9fe", "link-local (NAT64"),
    ("::7f00:1", "loopback (IPv4-compatible"), ("64:ff9b:1::1", "private"), ("4000::1", "reserved"),
]


@pytest.mark.parametrize("addr,cls", REFUSED)
def test_each_refused_range_is_refused_before_any_connection(addr, cls, _safety_net, server):
    err = code_of(lambda: fetch_url(f"http://victim.test:{server.port}/page",
                                    resolver=names({"victim.test": [addr]})))
    assert err.code == "E-FETCH-BLOCKED"
    assert err.message.startswith("blocked: victim.test resolves to") and cls in err.message
    assert _safety_net == [] and server.requests == []


@pytest.mark.parametrize("host", ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "2130706433", "0x7f.1", "localhost"])
def test_address_literals_and_localhost_refused_without_dns(host, _safety_net, server):
    resolver = names({})
    err = code_of(lambda: fetch_url(f"http://{host}:{server.port}/page", resolver=resolver))
    assert err.code == "E-FETCH-BLOCKED" and "loopback" in err.message
    assert _safety_net == [] and server.requests == []
    assert resolver.calls == []


@pytest.mark.parametrize("addr", ["8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::1",
                                  "::ffff:8.8.8.8", "100.128.0.1", "172.32.0.1"])
def test_public_addresses_are_allowed(addr):
    assert classify(parse_ip(addr)) is None


def test_any_refused_address_among_several_refuses_the_name(_safety_net, server):
    err = code_of(lambda: get(server, "/page", resolver=names({"site.test": ["127.0.0.1", "10.0.0.7"]})))
    assert err.code == "E-FETCH-BLOCKED" and "10.0.0.7, which is private" in err.message
    assert _safety_net == []


@pytest.mark.parametrize("url,why", [
    ("file:///etc/passwd", "scheme file:"), ("ftp://site.test/x", "scheme ftp:"),
    ("javascript:alert(1)", "scheme javascript:"), ("http:///nohost", "no host"),
    ("http://site.test:99999/", "not a valid URL")])
def test_non_http_and_malformed_urls_refused(url, why):
    err = code_of(lambda: fetch_url(url, resolver=names({"site.test": ["127.0.0.1"]}), policy=LOOP))
    assert err.code == "E-FETCH-BLOCKED" and err.message.startswith("blocked:") and why in err.message


def test_credentials_refused_and_never_echoed(server):
    err = code_of(lambda: fetch_url(f"http://user:hunter2@site.test:{server.port}/page",
                                    resolver=names({"site.test": ["127.0.0.1"]}), policy=LOOP))
    assert err.code == "E-FETCH-BLOCKED" and "credentials" in err.message
    assert "hunter2" not in str(err) and "hunter2" not in err.subject
    assert server.requests == []


def test_unresolvable_name_fails_cleanly():
    err = code_of(lambda: fetch_url("http://nowhere.test/", resolver=names({})))
    assert err.code == "E-FETCH-FAILED" and "cannot resolve nowhere.test" in err.message


# -- pinning --------------------------------------------------------------------------------

def test_fetch_connects_to_the_checked_address_with_host_header_and_user_agent(server, _safety_net):
    f = get(server, "/page")
    assert f.status == 200 and f.body == PAGE + b"A"
    assert (f.media_type, f.charset) == ("text/html", "windows-1252")
    assert f.final_url == f"http://site.test:{server.port}/page"
    assert "set-cookie" not in f.headers
    _, hdrs = server.requests[-1]
    assert hdrs["host"] == f"site.test:{server.port}"
    assert hdrs["user-agent"] == USER_AGENT and USER_AGENT.startswith("sourcebook/")
    assert _safety_net and set(_safety_net) == {"127.0.0.1"}


def test_rebinding_name_is_never_connected_to_loopback(_safety_net):
    """First answer 127.0.0.2 (allowed by the test policy, standing in for a public address),
    every later answer 127.0.0.1 (refused). The fetch must use the first, checked answer only."""
    a = Server("127.0.0.2", robots_txt=b"User-agent: *\nAllow: /\n", tag=b"GOOD")
    try:
        b = Server("127.0.0.1", a.port, tag=b"EVIL")
    except OSError:
        a.close()
        pytest.skip("could not bind the same port on 127.0.0.1")
    answers = iter([["127.0.0.2"]])

    def rebinding(host, port):
        return next(answers, ["127.0.0.1"])
    try:
        url = f"http://rebind.test:{a.port}/redirect?to=/page"
        f = fetch_url(url, resolver=rebinding, policy=Policy(allow=("127.0.0.2/32",)))
        assert f.body.endswith(b"GOOD")
        assert b.requests == [] and "127.0.0.1" not in _safety_net
        assert a.paths() == ["/robots.txt", "/redirect?to=/page", "/page"]
    finally:
        a.close()
        b.close()


def test_proxy_settings_are_ignored(server, monkeypatch):
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy"):
        monkeypatch.setenv(var, "http://10.9.9.9:3128")
    assert get(server, "/page").body.endswith(b"A")


# -- redirects ------------------------------------------------------------------------------

def test_redirect_into_a_refused_range_is_refused(server, _safety_net):
    err = code_of(lambda: get(server, "/redirect?to=http://169.254.169.254/latest/meta-data"))
    assert err.code == "E-FETCH-BLOCKED" and "169.254.169.254 is link-local" in err.message
    assert "redirect 1" in err.message and set(_safety_net) == {"127.0.0.1"}


def test_redirect_to_a_name_resolving_to_a_refused_range_is_refused(server):
    res = names({"site.test": ["127.0.0.1"], "inside.test": ["192.168.1.1"]})
    err = code_of(lambda: get(server, "/redirect?to=http://inside.test/admin", resolver=res))
    assert err.code == "E-FETCH-BLOCKED" and "inside.test resolves to 192.168.1.1, which is private" in err.message


def test_redirect_to_another_scheme_is_refused(server):
    err = code_of(lambda: get(server, "/redirect?to=file:///etc/passwd"))
    assert err.code == "E-FETCH-BLOCKED" and "scheme file:" in err.message


def test_redirects_followed_and_capped(server):
    f = get(server, "/redirect?to=/page")
    assert f.body.endswith(b"A") and f.final_url.endswith("/page") and any("redirected" in n for n in f.notes)
    err = code_of(lambda: get(server, "/loop"))
    assert err.code == "E-FETCH-FAILED" and "more than 10 redirects" in err.message
    assert server.paths().count("/loop") == 11


# -- caps, encodings, truncation, deadline ---------------------------------------------------

def test_gzip_and_deflate_bodies_are_decoded(server):
    assert get(server, "/gzip").body == b"hello gzip " * 100
    assert get(server, "/deflate").body == b"hello deflate " * 100


def test_gzip_bomb_is_capped(server):
    assert len(BOMB) < 64 * 1024
    err = code_of(lambda: get(server, "/bomb", max_bytes=1024 * 1024))
    assert err.code == "E-FETCH-TOO-LARGE" and "decompressed" in err.message


def test_declared_length_over_the_cap_is_refused(server):
    err = code_of(lambda: get(server, "/big", max_bytes=10_000))
    assert err.code == "E-FETCH-TOO-LARGE"


def test_unsupported_content_encoding_refused(server):
    err = code_of(lambda: get(server, "/br"))
    assert err.code == "E-FETCH-ENCODING" and "'br'" in err.message


@pytest.mark.parametrize("path", ["/truncated", "/chunked-truncated", "/gzip-truncated"])
def test_truncated_body_is_refused(server, path):
    err = code_of(lambda: get(server, path))
    assert err.code == "E-FETCH-TRUNCATED" and "truncated" in err.message


@pytest.mark.parametrize("path", ["/drip", "/drip-headers"])
def test_slow_drip_hits_the_overall_deadline(server, path):
    err = code_of(lambda: get(server, path, timeout=0.6))
    assert err.code == "E-FETCH-TIMEOUT" and "0.6 s" in err.message


def test_http_error_status_fails(server):
    err = code_of(lambda: get(server, "/nothing-here"))
    assert err.code == "E-FETCH-FAILED" and "HTTP 404" in err.message


# -- robots.txt -----------------------------------------------------------------------------

def test_robots_txt_is_honoured_and_cached(server):
    server.robots_txt = b"User-agent: *\nDisallow: /private\n"
    err = code_of(lambda: get(server, "/private"))
    assert err.code == "E-FETCH-ROBOTS" and "--ignore-robots" in err.message
    assert get(server, "/page").body.endswith(b"A")
    assert server.paths().count("/robots.txt") == 1  # cached per site
    assert "/private" not in server.paths()


def test_robots_rules_for_sourcebook_by_name(server):
    server.robots_txt = b"User-agent: sourcebook\nDisallow: /\n\nUser-agent: *\nAllow: /\n"
    assert code_of(lambda: get(server, "/page")).code == "E-FETCH-ROBOTS"


def test_ignore_robots_fetches_and_says_so(server):
    server.robots_txt = b"User-agent: *\nDisallow: /\n"
    f = get(server, "/private", ignore_robots=True)
    assert f.body == b"private page" and any("robots.txt not consulted" in n for n in f.notes)
    assert "/robots.txt" not in server.paths()


def test_robots_server_error_means_disallowed_and_missing_means_allowed(server):
    server.robots_txt = b"500"
    err = code_of(lambda: get(server, "/page"))
    assert err.code == "E-FETCH-ROBOTS" and "HTTP 500" in err.message
    robots.clear_cache()
    server.robots_txt = None
    assert get(server, "/page").status == 200


# -- the original kit's names (CONTRACT 11, 12) ------------------------------------------------

CONTRACT_BLOCKED = ["http://127.0.0.1/", "http://localhost:8080/", "http://169.254.169.254/latest/meta-data/",
                    "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://10.1.2.3/", "http://192.168.0.1/",
                    "http://172.16.4.5/", "http://0.0.0.0/", "http://224.0.0.1/", "http://240.0.0.1/",
                    "file:///etc/passwd", "javascript:alert(document.cookie)",
                    "http://user:secret@169.254.169.254/", "http://100.64.0.1/", "http://[2002:7f00:1::]/"]


@pytest.mark.parametrize("url", CONTRACT_BLOCKED)
def test_assert_fetchable_blocks_the_contract_list(url):
    from sourcebook.collect import BlockedURL, assert_fetchable

    with pytest.raises(BlockedURL) as ei:
        assert_fetchable(url)
    assert str(ei.value).startswith("blocked:") and isinstance(ei.value, ValueError)
    assert "secret" not in str(ei.value)


def test_guarded_redirects_checks_the_target_first():
    from sourcebook.collect import BlockedURL, _GuardedRedirects

    with pytest.raises(BlockedURL) as ei:
        _GuardedRedirects().redirect_request(None, None, 302, "Found", {}, "http://169.254.169.254/latest")
    assert "link-local" in str(ei.value)


# -- sb add in script mode -------------------------------------------------------------------

def _script_mode(ws, monkeypatch=None, resolver=None):
    from conftest import sb

    assert sb("config", "set", "capabilities.web_fetch=script", cwd=ws).rc == 0
    if monkeypatch is not None:  # reach the loopback server: the test policy, injected below the CLI
        real = fetch_url
        monkeypatch.setattr(fetchmod, "fetch_url", lambda url, **kw: real(url, resolver=resolver, policy=LOOP, **kw))


def test_script_mode_add_of_a_blocked_url_fails_cleanly(ws, _safety_net):
    import json
    import os

    from conftest import sb

    from sourcebook.manifest import check

    _script_mode(ws)
    r = sb("add", "http://169.254.169.254/latest/meta-data/", "--tier", "B", "--reason", "metadata", cwd=ws)
    assert r.rc == 2 and r.err.startswith("E-ADD-FAILED  http://169.254.169.254/latest/meta-data/  ")
    assert "blocked: 169.254.169.254 is link-local" in r.err
    (sid,) = os.listdir(ws / "sources")
    rec = json.loads((ws / "sources" / sid / "source.json").read_text())
    assert rec["status"] == "failed" and "blocked" in rec["error"] and check(rec, "source", "s") == []
    assert not [f for f in os.listdir(ws / "sources" / sid) if f.startswith("raw")]
    assert _safety_net == []


def test_script_mode_add_fetches_records_and_extracts(ws, server, monkeypatch):
    import json

    from conftest import sb

    server.robots_txt = b"User-agent: *\nDisallow: /private\n"
    _script_mode(ws, monkeypatch, names({"site.test": ["127.0.0.1"]}))
    url = f"http://site.test:{server.port}/redirect?to=/page"
    r = sb("add", url, "--tier", "A", "--reason", "the page", cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    folder = ws / "sources" / sid
    assert (folder / "raw.html").read_bytes() == PAGE + b"A"
    rec = json.loads((folder / "source.json").read_text())
    assert rec["media_type"] == "text/html" and rec["charset"] == "windows-1252"
    assert rec["fetch"]["final_url"].endswith("/page") and rec["fetch"]["robots"] == "honoured"
    assert "session=secret" not in (folder / "source.json").read_text()
    assert sb("extract", cwd=ws).rc == 0
    assert "Caf\u00e9 \u20ac" in (folder / "normalized.md").read_text(encoding="utf-8")

    r = sb("add", f"http://site.test:{server.port}/private", "--tier", "B", "--reason", "r", cwd=ws)
    assert r.rc == 2 and "E-ADD-FAILED" in r.err and "robots.txt" in r.err
    r = sb("add", f"http://site.test:{server.port}/private", "--tier", "B", "--reason", "r", "--ignore-robots", cwd=ws)
    assert r.rc == 0, r.both
    rec = json.loads((ws / "sources" / r.out.split()[1] / "source.json").read_text())
    assert rec["fetch"]["robots"] == "ignored"


def test_script_mode_pdf_records_its_pages(ws, server, monkeypatch):
    import json

    from conftest import sb
    from test_pdf import HAVE_PYPDF

    if not HAVE_PYPDF:
        pytest.skip("pypdf is not installed")
    _script_mode(ws, monkeypatch, names({"site.test": ["127.0.0.1"]}))
    r = sb("add", f"http://site.test:{server.port}/doc.pdf", "--tier", "A", "--reason", "report", cwd=ws)
    assert r.rc == 0, r.both
    folder = ws / "sources" / r.out.split()[1]
    assert (folder / "raw.pdf").read_bytes().startswith(b"%PDF-")
    assert sb("extract", cwd=ws).rc == 0
    text = (folder / "normalized.md").read_text(encoding="utf-8")
    pages = json.loads((folder / "pages.json").read_text())["pages"]
    assert [p["page"] for p in pages] == [1, 2, 3]
    assert "exceptional heat wave." in text[pages[0]["start"]:pages[0]["end"]]
    assert text[pages[2]["start"]:pages[2]["end"]].startswith("The second page")


# -- TLS: the certificate and SNI name the host while the socket goes to the checked address ---

@pytest.fixture(scope="module")
def tls_cert(tmp_path_factory):
    import shutil
    import subprocess

    if not shutil.which("openssl"):
        pytest.skip("openssl is not installed")
    d = tmp_path_factory.mktemp("tls")
    key, cert = d / "key.pem", d / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=site.test",
                    "-addext", "subjectAltName=DNS:site.test"], check=True, capture_output=True, timeout=60)
    return key, cert


@pytest.fixture
def tls_server(tls_cert):
    import ssl

    key, cert = tls_cert
    s = Server()
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(str(cert), str(key))
    s.sni: list = []
    ctx.sni_callback = lambda sock, name, _ctx: s.sni.append(name)
    s.httpd.socket = ctx.wrap_socket(s.httpd.socket, server_side=True)
    s.cafile = str(cert)
    yield s
    s.close()


def _trust(monkeypatch, cafile):
    import ssl

    monkeypatch.setattr(fetchmod, "_tls_context", lambda: ssl.create_default_context(cafile=cafile))


def test_https_uses_the_host_name_for_sni_and_the_certificate(tls_server, monkeypatch, _safety_net):
    _trust(monkeypatch, tls_server.cafile)
    f = fetch_url(f"https://site.test:{tls_server.port}/page", resolver=names({"site.test": ["127.0.0.1"]}),
                  policy=LOOP)
    assert f.body.endswith(b"A") and tls_server.sni and set(tls_server.sni) == {"site.test"}
    assert set(_safety_net) == {"127.0.0.1"}
    assert tls_server.requests[-1][1]["host"] == f"site.test:{tls_server.port}"


def test_https_certificate_for_another_name_is_refused(tls_server, monkeypatch):
    _trust(monkeypatch, tls_server.cafile)
    err = code_of(lambda: fetch_url(f"https://other.test:{tls_server.port}/page", ignore_robots=True,
                                    resolver=names({"other.test": ["127.0.0.1"]}), policy=LOOP))
    assert err.code == "E-FETCH-FAILED" and "TLS" in err.message


def test_non_ascii_path_is_percent_encoded_on_the_wire(server):
    err = code_of(lambda: get(server, "/caf\u00e9 menu?q=\u00fc ber"))
    assert err.code == "E-FETCH-FAILED" and "HTTP 404" in err.message
    assert server.paths()[-1] == "/caf%C3%A9%20menu?q=%C3%BC%20ber"


def test_multi_member_gzip_and_trailing_garbage(server, monkeypatch):
    body = gzip.compress(b"one ") + gzip.compress(b"two") + b"\x00\x00junk"
    monkeypatch.setattr(Server, "r_gzip", lambda self, h: self.send(h, 200, body, [("Content-Encoding", "gzip")]))
    assert get(server, "/gzip").body == b"one two"


def test_a_hanging_name_lookup_hits_the_deadline():
    gate = threading.Event()

    def slow(host, port):
        gate.wait(5)  # bounded: released at the end of the test
        return ["127.0.0.1"]
    try:
        err = code_of(lambda: fetch_url("http://slow.test/", resolver=slow, policy=LOOP, timeout=0.3))
        assert err.code == "E-FETCH-TIMEOUT"
    finally:
        gate.set()


def test_international_host_names_are_resolved_in_their_ascii_form(server):
    res = names({"xn--bcher-kva.test": ["127.0.0.1"]})
    f = fetch_url(f"http://B\u00fccher.test:{server.port}/page", resolver=res, policy=LOOP)
    assert f.status == 200 and res.calls == ["xn--bcher-kva.test"]
    assert server.requests[-1][1]["host"] == f"xn--bcher-kva.test:{server.port}"


_refused_v4 = st.sampled_from(["127.0.0.1", "10.20.30.40", "169.254.169.254", "100.64.3.4", "192.168.7.7",
                               "172.20.0.1", "0.0.0.0", "224.1.1.1", "240.9.9.9"])


@settings(max_examples=60, deadline=None)
@given(_refused_v4, st.sampled_from(["mapped", "nat64", "6to4", "teredo", "compat"]), st.integers(0, 2**16 - 1))
def test_every_ipv6_wrapping_of_a_refused_ipv4_is_refused(v4, form, noise):
    n = int(ipaddress.IPv4Address(v4))
    wrapped = {
        "mapped": (0xFFFF << 32) | n,
        "nat64": (0x64FF9B << 96) | n,
        "6to4": (0x2002 << 112) | (n << 80) | noise,
        "teredo": (0x20010000 << 96) | (noise << 32) | (~n & 0xFFFFFFFF),
        "compat": n if n > 1 else (1 << 24) | n,
    }[form]
    ip = ipaddress.IPv6Address(wrapped)
    assert classify(ip) is not None, (v4, form, str(ip))


def test_a_server_that_never_answers_the_tls_handshake_hits_the_deadline():
    listener = socket.create_server(("127.0.0.1", 0))
    held: list = []
    stop = threading.Event()

    def accept():
        listener.settimeout(5)
        try:
            held.append(listener.accept()[0])
        except OSError:
            pass
        stop.wait(5)  # bounded: hold the connection open without a word
    th = threading.Thread(target=accept, daemon=True)
    th.start()
    try:
        port = listener.getsockname()[1]
        err = code_of(lambda: fetch_url(f"https://mute.test:{port}/", ignore_robots=True, timeout=0.5,
                                        resolver=names({"mute.test": ["127.0.0.1"]}), policy=LOOP))
        assert err.code == "E-FETCH-TIMEOUT"
    finally:
        stop.set()
        th.join(6)
        for c in held:
            c.close()
        listener.close()


def test_missing_or_generic_media_type_is_sniffed_from_the_bytes(server):
    f = get(server, "/untyped-pdf")
    assert f.media_type == "application/pdf" and any("media type" in n for n in f.notes)
    assert get(server, "/untyped-html").media_type == "text/html"
    assert get(server, "/gzip").media_type == "text/plain"
