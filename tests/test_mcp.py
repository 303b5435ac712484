"""`sb mcp`: the protocol in-process (negotiation, ping, errors) and a real client over stdio."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, sb

SB_PY = os.path.join(ROOT, "scripts", "sb.py")
VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]


def _server(tmp_path, workspace=None):
    from sourcebook.mcp.server import Server

    return Server(str(tmp_path), str(workspace) if workspace else None, io.StringIO())


def _req(method, params=None, msg_id=1):
    msg = {"jsonrpc": "2.0", "id": msg_id, "method": method}
    if params is not None:
        msg["params"] = params
    return json.dumps(msg)


def _serve(lines, cwd, workspace=None):
    """Feed lines to the real loop; returns (exit status, frames written, log)."""
    from sourcebook.mcp.server import serve

    out, log = io.StringIO(), io.StringIO()
    rc = serve(io.StringIO("".join(line + "\n" for line in lines)), out, log, str(cwd),
               str(workspace) if workspace else None)
    return rc, [json.loads(x) for x in out.getvalue().splitlines()], log.getvalue()


@pytest.mark.parametrize("version", VERSIONS)
def test_initialize_answers_with_the_clients_version(tmp_path, version):
    reply = _server(tmp_path).handle(_req("initialize", {"protocolVersion": version, "capabilities": {},
                                                         "clientInfo": {"name": "t", "version": "1"}}))
    res = reply["result"]
    assert reply["id"] == 1 and res["protocolVersion"] == version
    assert res["capabilities"]["tools"] == {"listChanged": False}
    assert res["serverInfo"]["name"] == "sourcebook"


@pytest.mark.parametrize("asked", ["1999-01-01", None, 7])
def test_initialize_offers_the_latest_for_an_unknown_version(tmp_path, asked):
    reply = _server(tmp_path).handle(_req("initialize", {"protocolVersion": asked}))
    assert reply["result"]["protocolVersion"] == "2025-11-25"


def test_ping_and_notifications(tmp_path):
    s = _server(tmp_path)
    assert s.handle(_req("ping", msg_id="a")) == {"jsonrpc": "2.0", "id": "a", "result": {}}
    assert s.handle('{"jsonrpc":"2.0","method":"notifications/initialized"}') is None
    assert s.handle('{"jsonrpc":"2.0","method":"no/such/notification"}') is None
    assert s.handle('{"jsonrpc":"2.0","id":9,"result":{}}') is None  # a client's response


@pytest.mark.parametrize("line,code,msg_id", [
    ("{not json", -32700, None),
    ('{"jsonrpc":"2.0","id":1,"method":"ping"', -32700, None),
    ("[]", -32600, None),
    ('[{"jsonrpc":"2.0","id":1,"method":"ping"}]', -32600, None),
    ('"ping"', -32600, None),
    ('{"id":4,"method":"ping"}', -32600, 4),
    ('{"jsonrpc":"1.0","id":5,"method":"ping"}', -32600, 5),
    ('{"jsonrpc":"2.0","id":6}', -32600, 6),
    ('{"jsonrpc":"2.0","id":7,"method":12}', -32600, 7),
    ('{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600, None),
    ('{"jsonrpc":"2.0","id":8,"method":"resources/list"}', -32601, 8),
    ('{"jsonrpc":"2.0","id":9,"method":"tools/call","params":[1]}', -32602, 9),
    ('{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"nope"}}', -32602, 10),
    ('{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"status","arguments":[]}}', -32602, 11),
    ('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"status","arguments":{"bogus":1}}}',
     -32602, 12),
])
def test_malformed_messages_are_json_rpc_errors(tmp_path, line, code, msg_id):
    reply = _server(tmp_path).handle(line)
    assert reply["jsonrpc"] == "2.0" and reply["id"] == msg_id
    assert reply["error"]["code"] == code and reply["error"]["message"]


def test_the_loop_survives_bad_input_and_ends_cleanly_at_eof(tmp_path):
    rc, frames, log = _serve(["garbage", "", _req("ping", msg_id=1), "[]", _req("nope", msg_id=2),
                              _req("ping", msg_id=3)], tmp_path)
    assert rc == 0
    assert [f.get("id") for f in frames] == [None, 1, None, 2, 3]
    assert [f["error"]["code"] for f in frames if "error" in f] == [-32700, -32600, -32601]
    assert "serving over stdio" in log


def test_tools_list_has_schemas(tmp_path):
    tools = _server(tmp_path).handle(_req("tools/list"))["result"]["tools"]
    by_name = {t["name"]: t for t in tools}
    assert "status" in by_name
    for t in tools:
        schema = t["inputSchema"]
        assert schema["type"] == "object" and "dir" in schema["properties"]
        assert t["description"] and isinstance(schema["required"], list)
    from sourcebook.mcp.tools import TOOLS

    names = {t.name for t in TOOLS}
    assert names >= {"status", "add", "ingest", "search", "find", "quote", "claim_add", "claim_list",
                     "contradictions", "adjudicate", "ledger", "render", "check_draft", "verify"}
    assert names - {t["name"] for t in tools} == {t.name for t in TOOLS if t.name not in by_name}


def test_a_failing_command_is_a_tool_error_not_a_protocol_error(tmp_path):
    reply = _server(tmp_path).handle(_req("tools/call", {"name": "status", "arguments": {}}))
    res = reply["result"]
    assert res["isError"] is True
    assert res["content"][0]["type"] == "text" and "E-NOWORKSPACE" in res["content"][0]["text"]


def test_status_tool_returns_structured_content(ws, tmp_path):
    reply = _server(tmp_path, ws).handle(_req("tools/call", {"name": "status", "arguments": {}}))
    res = reply["result"]
    assert res["isError"] is False
    assert res["structuredContent"]["state"] == "INIT"
    assert json.loads(res["content"][0]["text"]) == res["structuredContent"]
    # the dir argument overrides the server's workspace
    other = _server(tmp_path).handle(_req("tools/call", {"name": "status", "arguments": {"dir": str(ws)}}))
    assert other["result"]["structuredContent"]["question"] == "What is tested?"


def test_values_never_become_options():
    from sourcebook.mcp.tools import BY_NAME

    assert BY_NAME["find"].build({"text": "--help", "source": "src_000000000000"}) == \
        [["find", "--", "src_000000000000", "--help"]]
    assert BY_NAME["search"].build({"query": "-k 3", "k": 2})[0][-2:] == ["--", "-k 3"]
    assert BY_NAME["search"].build({"query": "ferry"})[0][-1] == "ferry"
    assert BY_NAME["quote"].build({"source": "src_000000000000", "start": 0, "end": 5}) == \
        [["quote", "src_000000000000", "0", "5"]]
    argv = BY_NAME["claim_add"].build({"claims": {"text": "--x"}})[0]
    assert argv[:2] == ["claim", "add"] and argv[2].startswith("--json={")
    assert BY_NAME["add"].build({"tier": "A", "reason": "-r", "locators": ["-f.md"]})[0][-2:] == ["--", "-f.md"]
    with pytest.raises(ValueError):
        BY_NAME["add"].build({"tier": "A", "reason": "why"})
    assert BY_NAME["claim_change"].build({"action": "narrow", "id": "clm_000000000000", "reason": "-r",
                                         "text": "--t"}) == \
        [["claim", "narrow", "clm_000000000000", "--reason=-r", "--text=--t"]]
    assert BY_NAME["plan"].build({}) == [["plan", "--show"]]
    assert BY_NAME["plan"].build({"sections_from": "drafts/draft.md"}) == \
        [["plan", "--sections-from=drafts/draft.md"]]
    with pytest.raises(ValueError):
        BY_NAME["recheck"].build({})


def test_a_command_cannot_read_or_write_the_protocol_streams(ws, tmp_path, monkeypatch, capsys):
    from sourcebook.mcp import server as srv

    seen = {}

    def fake_main(argv, stdout, stderr, cwd, stdin):
        seen["stdin"] = stdin.read()
        print("stray output")
        stdout.write('{"ok": true}\n')
        return 0

    monkeypatch.setattr("sourcebook.cli.main", fake_main)
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"jsonrpc":"2.0","id":2,"method":"ping"}\n'))
    s = srv.Server(str(tmp_path), str(ws), io.StringIO())
    res = s.handle(_req("tools/call", {"name": "status", "arguments": {}}))["result"]
    assert seen["stdin"] == "" and res["structuredContent"] == {"ok": True}
    assert "stray output" in s.log.getvalue() and "stray output" not in capsys.readouterr().out
    assert sys.stdin.read().startswith('{"jsonrpc"')  # the protocol stream was left alone


@pytest.mark.slow
def test_sb_mcp_subprocess_writes_only_frames(ws):
    lines = [_req("initialize", {"protocolVersion": "2025-06-18"}), '{"jsonrpc":"2.0","method":"notifications/initialized"}',
             _req("tools/call", {"name": "status", "arguments": {}}, msg_id=2), "\u00e9 not json",
             _req("ping", msg_id=3)]
    data = ("\n".join(lines) + "\n").encode() + b"\xff\xfe bad bytes\n" + (_req("ping", msg_id=4) + "\n").encode()
    p = subprocess.run([sys.executable, SB_PY, "mcp", "--dir", str(ws)], input=data, capture_output=True, timeout=60)
    assert p.returncode == 0, p.stderr
    frames = [json.loads(x) for x in p.stdout.decode().splitlines()]
    assert [f.get("id") for f in frames] == [1, 2, None, 3, None, 4]
    assert frames[1]["result"]["structuredContent"]["state"] == "INIT"
    assert b"sourcebook mcp" in p.stderr


# --- a real MCP client (the official SDK, a test-only dependency) ---------------------------

def _sdk():
    return pytest.importorskip("mcp", reason="the mcp SDK is a test-only dependency (pip install mcp)")


def _f(obj, camel: str):
    """A result field under the SDK 1.x (camelCase) or 2.x (snake_case) name."""
    snake = "".join("_" + c.lower() if c.isupper() else c for c in camel)
    return getattr(obj, snake) if hasattr(obj, snake) else getattr(obj, camel)


def _client_run(ws, body):
    mcp = _sdk()
    import anyio
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=[SB_PY, "mcp", "--dir", str(ws)],
                                   env=dict(os.environ), cwd=str(ws))

    async def main():
        async with stdio_client(params, errlog=open(os.devnull, "w")) as (read, write):
            async with mcp.ClientSession(read, write) as session:
                init = await session.initialize()
                return await body(session, init)

    return anyio.run(main)


def test_sdk_client_initializes_lists_and_survives_a_malformed_call(ws):
    _sdk()
    from mcp.shared import exceptions

    McpError = getattr(exceptions, "MCPError", None) or exceptions.McpError  # the name changed in 2.x

    async def body(session, init):
        assert _f(init, "serverInfo").name == "sourcebook"
        tools = (await session.list_tools()).tools
        assert "status" in {t.name for t in tools}
        for bad in (("status", {"bogus": True}), ("no_such_tool", {})):
            with pytest.raises(McpError) as exc:
                await session.call_tool(*bad)
            assert exc.value.error.code == -32602  # and the server is still there:
        res = await session.call_tool("status", {})
        assert not _f(res, "isError") and _f(res, "structuredContent")["state"] == "INIT"
        await session.send_ping()
        return True

    assert _client_run(ws, body)


WORKFLOW_TOOLS = ("add", "ingest", "find", "claim_add", "verify")


def test_sdk_client_runs_a_small_workflow(ws):
    _sdk()
    from sourcebook.mcp.tools import listed

    missing = [t for t in WORKFLOW_TOOLS if t not in {x.name for x in listed()}]
    if missing:
        pytest.skip(f"this build has no commands behind: {missing}")
    (ws / "notes.md").write_text("# Ferry\n\nThe ferry runs every 20 minutes on weekdays.\n", encoding="utf-8")
    sentence = "The ferry runs every 20 minutes on weekdays."

    async def body(session, init):
        res = await session.call_tool("add", {"locators": ["notes.md"], "tier": "A",
                                              "reason": "the operator's timetable page"})
        assert not _f(res, "isError"), res.content[0].text
        res = await session.call_tool("ingest", {})
        assert not _f(res, "isError"), res.content[0].text
        assert [s["exit"] for s in _f(res, "structuredContent")["steps"]] == [0, 0, 0]
        found = await session.call_tool("find", {"text": sentence})
        assert not _f(found, "isError"), found.content[0].text
        text = found.content[0].text
        src = text.split()[0]
        start, end = (int(x) for x in text.split()[1].split(".."))
        claim = {"text": "The ferry runs every 20 minutes on weekdays.", "topic_key": "ferry.frequency",
                 "kind": "fact", "confidence": "verified",
                 "evidence": [{"source_id": src, "start": start, "end": end, "quote": sentence}]}
        res = await session.call_tool("claim_add", {"claims": claim})
        assert not _f(res, "isError") and "clm_" in res.content[0].text, res.content[0].text
        ok = await session.call_tool("verify", {})
        # a tampered quote must fail the gate through the same tool
        bad = dict(claim, text="The ferry runs every 10 minutes on weekdays.",
                   evidence=[{"source_id": src, "start": start, "end": end, "quote": "every 10 minutes"}])
        await session.call_tool("claim_add", {"claims": bad})
        failed = await session.call_tool("verify", {})
        return ok, failed

    ok, failed = _client_run(ws, body)
    assert _f(failed, "isError") and "E-QUOTE-MISMATCH" in failed.content[0].text
    quotes = [g for g in (_f(ok, "structuredContent") or {}).get("gates", []) if g.get("gate") == "quotes"]
    assert not quotes or not quotes[0]["findings"], ok.content[0].text


def test_sb_mcp_help_names_the_tools():
    r = sb("mcp", "--help")
    assert r.rc == 0 and "claim_add" in r.out and "docs/agents.md" in r.out


def test_stdin_is_the_command_context_s_own_stream(ws, monkeypatch):
    """`--stdin` reads the stream main() was given, never the process's (which an MCP server
    or a test runner owns)."""
    from sourcebook.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("the process stream must stay unread"))
    out, err = io.StringIO(), io.StringIO()
    rc = main(["add", "--stdin", "--tier", "C", "--reason", "pasted"], stdout=out, stderr=err, cwd=str(ws),
              stdin=io.StringIO("The harbour card is accepted on the night ferry.\n"))
    assert rc == 0, err.getvalue()
    assert sys.stdin.read() == "the process stream must stay unread"
    sid = out.getvalue().split()[1]
    assert main(["extract"], stdout=io.StringIO(), stderr=io.StringIO(), cwd=str(ws)) == 0
    assert "night ferry" in (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
