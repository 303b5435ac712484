"""sb recheck against a loopback server: matches, moved, changed, gone, down, and the archive."""

from __future__ import annotations

import http.server
import json
import threading

import pytest
from conftest import sb

PAGE = """<html><head><title>Fares</title></head><body><article>
<h1>Water bus fares</h1>
<p>The single adult fare is 3.40 marks on every route.</p>
<p>Children under twelve travel free with a paying adult.</p>
</article></body></html>"""
QUOTE = "Children under twelve travel free with a paying adult."


class _Server:
    def __init__(self):
        self.pages: dict[str, tuple[int, bytes, str]] = {}
        pages = self.pages

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                hit = pages.get(self.path) or pages.get(self.path.split("?", 1)[0])
                status, body, ctype = hit or (404, b"not found", "text/plain")
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *a):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)  # shutdown() waits up to one poll
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def serve(self, path: str, html: str, status: int = 200, ctype: str = "text/html; charset=utf-8") -> None:
        self.pages[path] = (status, html.encode("utf-8"), ctype)

    def stop(self):
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@pytest.fixture
def server(monkeypatch):
    from sourcebook.domain.recheck import reread as recheck
    from sourcebook.domain.sources.netguard import Policy

    monkeypatch.setattr(recheck, "FETCH_POLICY", Policy(allow=("127.0.0.1/32",)))
    s = _Server()
    yield s
    s.stop()


def _collect(ws, server, html=PAGE):
    """Collect the page (bytes saved by the agent), cite it, and switch to script fetching."""
    server.serve("/fares", html)
    (ws / "saved.html").write_text(html)
    r = sb("add", server.url("/fares"), "--file", "saved.html", "--tier", "A", "--reason", "operator page",
           "--attest", "saved from the operator's page by the test", cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    claim = {"text": "Children under twelve ride free with an adult.", "topic_key": "fares.children",
             "kind": "fact", "confidence": "verified", "evidence": [{"source_id": sid, "quote": QUOTE}]}
    r = sb("claim", "add", "--json", json.dumps(claim), cwd=ws)
    assert r.rc == 0, r.both
    cid = r.out.split()[-1]
    assert sb("config", "set", "capabilities.web_fetch=script", cwd=ws).rc == 0
    return sid, cid


def _trail(ws, sid):
    return [json.loads(x) for x in (ws / "sources" / sid / "rechecks.jsonl").read_text().splitlines() if x.strip()]


def test_unchanged_page_matches_and_trail_is_appended(ws, server):
    sid, cid = _collect(ws, server)
    r = sb("recheck", "--all", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.startswith(f"R-MATCHES       {sid}  live")
    assert f"R-INTACT      {cid}" in r.out
    before = (ws / "sources" / sid / "normalized.md").read_bytes()
    assert sb("recheck", sid, cwd=ws).rc == 0
    rows = _trail(ws, sid)
    assert len(rows) == 2 and all(x["outcome"] == "matches" and x["checked_via"] == "live" for x in rows)
    assert (ws / "sources" / sid / "normalized.md").read_bytes() == before


def test_markup_only_change_still_matches_and_says_so(ws, server):
    sid, _ = _collect(ws, server)
    server.serve("/fares", PAGE.replace("<article>", '<article class="story">'))
    r = sb("recheck", sid, cwd=ws)
    assert r.rc == 0 and "R-MATCHES" in r.out and "raw bytes changed" in r.out


def test_moved_quote_gives_new_offsets(ws, server):
    sid, cid = _collect(ws, server)
    server.serve("/fares", PAGE.replace("<h1>Water bus fares</h1>", "<h1>Water bus fares</h1><p>New notice first.</p>"))
    r = sb("recheck", cid, "--json", cwd=ws)
    assert r.rc == 0
    data = json.loads(r.out)
    chk = data["checks"][0]
    assert chk["outcome"] == "edited" and chk["code"] == "R-EDITED"
    c = chk["citations"][0]
    assert c["outcome"] == "moved" and c["code"] == "R-MOVED" and c["new_start"] == c["start"] + len("New notice first.\n\n")


def test_removed_quote_fails_the_gate_until_acknowledged(ws, server):
    from sourcebook.domain.ledger.claims import load_claims, read_events
    from sourcebook.domain.recheck import reread as recheck
    from sourcebook.domain.workspace.layout import Workspace

    sid, cid = _collect(ws, server)
    server.serve("/fares", PAGE.replace(f"<p>{QUOTE}</p>", "<p>Children pay half fare.</p>"))
    r = sb("recheck", "--all", cwd=ws)
    assert r.rc == 2 and f"R-CHANGED     {cid}" in r.out and "1 quote(s) gone" in r.out
    w = Workspace(str(ws))
    found = recheck.gate_findings(w, load_claims(w), read_events(w))
    assert [f.code for f in found] == ["E-RECHECK-CHANGED"] and found[0].subject == cid
    assert sb("claim", "ack", cid, "--reason", "the archived page confirms it for the dated claim", cwd=ws).rc == 0
    assert recheck.gate_findings(w, load_claims(w), read_events(w)) == []


def test_page_gone_and_server_down_are_unavailable(ws, server):
    sid, _ = _collect(ws, server)
    del server.pages["/fares"]
    r = sb("recheck", sid, cwd=ws)
    assert r.rc == 0 and "R-UNAVAILABLE" in r.out and "404" in r.out
    server.stop()
    r = sb("recheck", sid, cwd=ws)
    assert r.rc == 0 and "R-UNAVAILABLE" in r.out
    assert [x["outcome"] for x in _trail(ws, sid)] == ["unavailable", "unavailable"]


def test_archive_finds_the_removed_quote(ws, server):
    sid, cid = _collect(ws, server)
    rows = [["timestamp", "original", "statuscode"], ["20251201000000", server.url("/fares"), "200"],
            ["20270101000000", server.url("/fares"), "200"]]
    server.serve("/cdx", json.dumps(rows), ctype="application/json")
    server.serve(f"/web/20251201000000id_/{server.url('/fares')}", PAGE)
    server.serve("/fares", PAGE.replace(f"<p>{QUOTE}</p>", ""))
    sb("config", "set", f"config.archive.cdx_url={server.url('/cdx')}", cwd=ws)
    sb("config", "set", "config.archive.replay_url=" + server.url("/web/{timestamp}id_/{url}"), cwd=ws)
    r = sb("recheck", sid, "--archive", cwd=ws)
    assert r.rc == 2, r.both
    rows = _trail(ws, sid)
    assert [x["checked_via"] for x in rows] == ["live", "archive"]
    assert rows[1]["citations"][0]["outcome"] == "intact" and "2025-12-01" in rows[1]["note"]
    assert "evidence was real when collected" in r.out


def test_archive_config_switch_and_bad_cdx(ws, server):
    from sourcebook.base.errors import SbError
    from sourcebook.domain.sources import archive

    sid, _ = _collect(ws, server)
    server.serve("/cdx", "this is not json", ctype="text/plain")
    server.serve("/fares", PAGE.replace(f"<p>{QUOTE}</p>", ""))
    sb("config", "set", f"config.archive.cdx_url={server.url('/cdx')}", cwd=ws)
    sb("config", "set", "config.recheck.archive=true", cwd=ws)
    sb("recheck", sid, cwd=ws)
    rows = _trail(ws, sid)
    assert rows[-1]["checked_via"] == "archive" and rows[-1]["outcome"] == "unavailable"
    with pytest.raises(SbError) as exc:
        archive.find_capture("http://x/", "2026-01-01T00:00:00Z", lambda u: b"<html>")
    assert exc.value.code == "E-RECHECK-ARCHIVE"
    assert archive.choose([["20270101000000", "u"]], "2026-01-01T00:00:00Z") == ("20270101000000", "u")


def test_torn_trail_line_does_not_swallow_the_next(ws, server):
    sid, _ = _collect(ws, server)
    sb("recheck", sid, cwd=ws)
    with open(ws / "sources" / sid / "rechecks.jsonl", "a") as fh:
        fh.write('{"source_id": "' + sid + '", "outc')  # a writer killed mid-line
    sb("recheck", sid, cwd=ws)
    rows = _trail_tolerant(ws, sid)
    assert [x["outcome"] for x in rows] == ["matches", "matches"]


def _trail_tolerant(ws, sid):
    from sourcebook.domain.recheck import reread as recheck
    from sourcebook.domain.workspace.layout import Workspace

    return recheck.read_trail(Workspace(str(ws)), sid)


def test_local_file_edited_deleted_and_paste(ws):
    (ws / "notes.md").write_text("# Notes\n\nThe pier opens at six.\n")
    sid = sb("add", "notes.md", "--tier", "B", "--reason", "r", cwd=ws).out.split()[1]
    pid = sb("add", "--text", "A pasted line about the pier.", "--tier", "C", cwd=ws).out.split()[1]
    sb("extract", cwd=ws)
    for s, q in ((sid, "The pier opens at six."), (pid, "pasted line about the pier")):
        claim = {"text": f"Claim about {s}.", "topic_key": "pier", "kind": "fact", "confidence": "reported",
                 "evidence": [{"source_id": s, "quote": q}]}
        assert sb("claim", "add", "--json", json.dumps(claim), cwd=ws).rc == 0
    (ws / "notes.md").write_text("# Notes\n\nThe pier opens at seven.\n")
    r = sb("recheck", "--all", cwd=ws)
    assert r.rc == 2 and "R-EDITED" in r.out and " file " in r.out and "R-UNVERIFIABLE" in r.out
    (ws / "notes.md").unlink()
    r = sb("recheck", sid, cwd=ws)
    assert "R-UNAVAILABLE" in r.out and r.rc == 0


def test_other_versions_are_unverifiable(ws, server):
    sid, _ = _collect(ws, server)
    p = ws / "sources" / sid / "source.json"
    rec = json.loads(p.read_text())
    rec["extraction"]["version"] = 1
    p.write_text(json.dumps(rec))
    r = sb("recheck", sid, cwd=ws)
    assert "R-UNVERIFIABLE" in r.out and "would reflect sb" in r.out


def test_agent_mode_needs_a_saved_copy(ws, server):
    sid, cid = _collect(ws, server)
    sb("config", "set", "capabilities.web_fetch=agent", cwd=ws)
    r = sb("recheck", sid, cwd=ws)
    assert "R-UNAVAILABLE" in r.out and "--file" in r.out
    (ws / "fresh.html").write_text(PAGE)
    r = sb("recheck", sid, "--file", "fresh.html", cwd=ws)
    assert "R-MATCHES" in r.out


def test_adopt_moves_citations_to_a_new_capture(ws, server):
    from sourcebook.base.jsonio import read_json

    sid, cid = _collect(ws, server)
    r = sb("recheck", sid, "--adopt", cwd=ws)
    assert r.rc == 1 and "E-RECHECK-ADOPT" in r.err
    server.serve("/fares", PAGE.replace("<h1>Water bus fares</h1>", "<h1>Water bus fares</h1><p>Update.</p>"))
    r = sb("recheck", sid, "--adopt", cwd=ws)
    assert r.rc == 0 and "moved" in r.out and "--apply" in r.out
    new = r.out.split()[1]
    ev = read_json(str(ws / "ledger" / "claims.json"))["claims"][0]["evidence"][0]
    assert ev["source_id"] == sid
    r = sb("recheck", sid, "--adopt", "--apply", cwd=ws)
    assert r.rc == 0, r.both
    ev = read_json(str(ws / "ledger" / "claims.json"))["claims"][0]["evidence"][0]
    assert ev["source_id"] == new and ev["quote"] == QUOTE
    text = (ws / "sources" / new / "normalized.md").read_text()
    assert text[ev["start"]:ev["end"]] == QUOTE
    assert "evidence-migrated" in (ws / "ledger" / "events.jsonl").read_text()


def test_usage_errors(ws):
    r = sb("recheck", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err
    r = sb("recheck", "clm_000000000000", cwd=ws)
    assert r.rc == 1 and "E-RECHECK-TARGET" in r.err
    r = sb("recheck", "src_000000000000", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-UNKNOWN" in r.err


def test_status_suggests_recheck_for_old_volatile_claims():
    from sourcebook.domain.gate.state import stale_volatile

    claims = [{"id": "clm_a", "volatile": True, "as_of": "2025-08-01"},
              {"id": "clm_b", "volatile": True, "as_of": "2025-12-01"},
              {"id": "clm_c", "volatile": True, "as_of": "2025-01-01", "status": "retracted"},
              {"id": "clm_d", "volatile": False, "as_of": "2020-01-01"}]
    assert stale_volatile(claims, "2026-01-01", 90) == ["clm_a"]
    assert stale_volatile(claims, "2026-01-01", 10) == ["clm_a", "clm_b"]


def test_status_note_names_the_command(ws):
    (ws / "a.md").write_text("The pier opened in 2019.\n")
    sid = sb("add", "a.md", "--tier", "A", "--reason", "official", cwd=ws).out.split()[1]
    sb("extract", cwd=ws)
    sb("chunk", cwd=ws)
    sb("index", cwd=ws)
    sb("plan", "--type", "answer", "--title", "Pier", "--thesis", "The pier opened in 2019 for sure.", cwd=ws)
    claim = {"text": "The pier opened in 2019.", "topic_key": "pier", "kind": "date", "confidence": "verified",
             "volatile": True, "as_of": "2025-06-01", "recheck": "https://example.org/pier",
             "evidence": [{"source_id": sid, "quote": "The pier opened in 2019."}]}
    assert sb("claim", "add", "--json", json.dumps(claim), cwd=ws).rc == 0
    r = sb("status", cwd=ws)
    assert "sb recheck clm_" in r.out, r.out


def test_hand_corrupted_trail_is_not_a_crash(ws, server):
    sid, cid = _collect(ws, server)
    with open(ws / "sources" / sid / "rechecks.jsonl", "w") as fh:
        fh.write('[1, 2]\n{"checked_via": "live", "checked_at": 5}\n'
                 '{"checked_via": "live", "checked_at": "2026-01-01T00:00:00Z", "citations": [7, {"claim_id": "'
                 + cid + '", "outcome": "changed", "start": 1, "end": 2}]}\n')
    r = sb("verify", cwd=ws)
    assert "E-INTERNAL" not in r.both and "E-RECHECK-CHANGED" in r.both and "E-RECHECK-TRAIL" in r.both
