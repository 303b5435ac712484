"""The MCP server loop: read a line, answer with a line, never die on bad input.

stdout carries protocol frames only; anything a command might print stray goes to stderr,
and a command's own stdin is empty (the protocol stream is not its input).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from typing import Any, TextIO

from ..base.schema import validate
from ..base.versions import SB_VERSION
from . import protocol as rpc
from .tools import BY_NAME, listed

INSTRUCTIONS = (
    "sourcebook pins every factual claim to an exact quote in a source. Loop: status -> add -> "
    "ingest -> search -> find (exact span) -> claim_add -> contradictions/adjudicate -> render -> "
    "verify. Nothing ships unless verify passes. Never invent offsets: copy the sentence and call "
    "find. The skill (skills/sourcebook/SKILL.md) explains the judgment each step needs."
)


class Server:
    def __init__(self, cwd: str, workspace: str | None = None, log: TextIO | None = None):
        self.cwd = cwd
        self.workspace = workspace
        self.log = log or sys.stderr
        self.version: str | None = None

    # --- one message ---------------------------------------------------------------------
    def handle(self, line: str) -> dict | None:
        """The response to one line, or None for a notification or a client's response."""
        try:
            msg_id, msg = rpc.parse(line)
        except rpc.RpcError as exc:
            return rpc.error(exc.msg_id, exc.code, exc.message)
        if msg is None:
            return None
        notification = "id" not in msg
        try:
            value = self.dispatch(msg["method"], msg["params"])
        except rpc.RpcError as exc:
            return None if notification else rpc.error(msg_id, exc.code, exc.message)
        except Exception as exc:  # a bug must not end the session
            self._log(f"internal error in {msg['method']}: {type(exc).__name__}: {exc}")
            return None if notification else rpc.error(msg_id, rpc.INTERNAL_ERROR, f"internal error: {exc}")
        return None if notification or value is None else rpc.result(msg_id, value)

    def dispatch(self, method: str, params: dict) -> dict | None:
        if method == "initialize":
            self.version = rpc.negotiate(params.get("protocolVersion"))
            return {"protocolVersion": self.version,
                    "capabilities": {"tools": {"listChanged": False}},
                    "serverInfo": {"name": "sourcebook", "title": "sourcebook (sb)", "version": SB_VERSION},
                    "instructions": INSTRUCTIONS}
        if method == "ping":
            return {}
        if method.startswith("notifications/"):
            return None
        if method == "tools/list":
            return {"tools": [t.describe() for t in listed()]}
        if method == "tools/call":
            return self.call(params)
        raise rpc.RpcError(rpc.METHOD_NOT_FOUND, f"method not found: {method}")

    # --- tools -----------------------------------------------------------------------------
    def call(self, params: dict) -> dict:
        name = params.get("name")
        tool = BY_NAME.get(name) if isinstance(name, str) else None
        if tool is None or tool not in listed():
            raise rpc.RpcError(rpc.INVALID_PARAMS, f"unknown tool: {name!r}")
        args = params.get("arguments")
        args = {} if args is None else args
        if not isinstance(args, dict):
            raise rpc.RpcError(rpc.INVALID_PARAMS, "arguments must be an object")
        problems = validate(args, tool.schema(), f"{tool.name}.arguments")
        if problems:
            raise rpc.RpcError(rpc.INVALID_PARAMS, "; ".join(p.split("  ", 1)[1] for p in problems))
        try:
            steps = tool.build(args)
        except ValueError as exc:
            raise rpc.RpcError(rpc.INVALID_PARAMS, f"{tool.name}: {exc}") from None
        workspace = args.get("dir") or self.workspace
        runs = [self._run(argv, workspace) for argv in steps]
        return _result(runs)

    def _run(self, argv: list[str], workspace: str | None) -> dict:
        from ..cli import main

        full = (["--dir", workspace] if workspace else []) + argv
        out, err = io.StringIO(), io.StringIO()
        self._log("sb " + " ".join(a if len(a) < 80 else a[:77] + "..." for a in argv))
        try:
            with contextlib.redirect_stdout(self.log):
                # the protocol stream is never a command's input: each gets an empty one
                rc = main(full, stdout=out, stderr=err, cwd=self.cwd, stdin=io.StringIO(""))
        except BaseException as exc:  # noqa: BLE001 - SystemExit or worse from a command: report it
            rc = 1
            err.write(f"E-INTERNAL  sb {argv[0]}  {type(exc).__name__}: {exc}\n")
        return {"command": "sb " + argv[0] + (" " + argv[1] if argv[0] == "claim" else ""),
                "exit": rc, "stdout": out.getvalue(), "stderr": err.getvalue()}

    def _log(self, text: str) -> None:
        try:
            self.log.write(f"sourcebook mcp: {text}\n")
            self.log.flush()
        except (OSError, ValueError):
            pass


def _parsed(text: str) -> Any:
    t = text.strip()
    if not t or t[0] not in "[{":
        return None
    try:
        return json.loads(t)
    except ValueError:
        return None


def _result(runs: list[dict]) -> dict:
    failed = any(r["exit"] != 0 for r in runs)
    texts = []
    for r in runs:
        part = r["stdout"] + (("\n" if r["stdout"] and not r["stdout"].endswith("\n") else "") + r["stderr"]
                              if r["stderr"] else "")
        if len(runs) > 1:
            part = f"$ {r['command']}  (exit {r['exit']})\n{part}"
        texts.append(part)
    res: dict = {"content": [{"type": "text", "text": "\n".join(texts).rstrip("\n") or "(no output)"}],
                 "isError": failed}
    if len(runs) == 1:
        data = _parsed(runs[0]["stdout"])
        if isinstance(data, dict):
            res["structuredContent"] = data
        elif isinstance(data, list):
            res["structuredContent"] = {"items": data}
    else:
        res["structuredContent"] = {"steps": [{"command": r["command"], "exit": r["exit"],
                                               "output": (r["stdout"] + r["stderr"]).rstrip("\n")} for r in runs]}
    return res


def serve(instream: Any, outstream: TextIO, log: TextIO, cwd: str, workspace: str | None = None) -> int:
    """Answer messages until end of input; returns the exit status (0 on a clean EOF)."""
    server = Server(cwd, workspace, log)
    server._log(f"sourcebook {SB_VERSION} serving over stdio (workspace: {workspace or 'discovered from ' + cwd})")
    while True:
        try:
            raw = instream.readline()
        except KeyboardInterrupt:
            return 0
        if not raw:
            return 0
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                _write(outstream, rpc.error(None, rpc.PARSE_ERROR, f"parse error: not UTF-8: {exc}"))
                continue
        else:
            line = raw
        if not line.strip():
            continue
        reply = server.handle(line)
        if reply is not None and not _write(outstream, reply):
            return 0


def _write(outstream: TextIO, reply: dict) -> bool:
    try:
        outstream.write(rpc.frame(reply))
        outstream.flush()
        return True
    except (BrokenPipeError, OSError, ValueError):
        return False


def stdio_streams() -> tuple[Any, TextIO]:
    """Raw stdin (lines decoded one by one, so one bad line cannot poison the rest) and a UTF-8
    stdout whatever the locale says."""
    outstream = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n", write_through=True)
    return sys.stdin.buffer, outstream
