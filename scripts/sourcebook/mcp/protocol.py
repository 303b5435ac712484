"""JSON-RPC 2.0 framing for MCP's stdio transport: one JSON object per line, nothing else."""

from __future__ import annotations

import json
from typing import Any

# Published protocol revisions, oldest first; the last is what we answer when the client asks
# for one we do not know (the client then decides whether it can continue).
VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
LATEST = VERSIONS[-1]

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603


class RpcError(Exception):
    def __init__(self, code: int, message: str, msg_id: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg_id = msg_id  # the id to answer with, when the request had a usable one


def negotiate(requested: Any) -> str:
    return requested if isinstance(requested, str) and requested in VERSIONS else LATEST


def frame(obj: dict) -> str:
    """One message on one line (json.dumps never emits a raw newline)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def result(msg_id: Any, value: dict) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "result": value}


def error(msg_id: Any, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def parse(line: str) -> tuple[Any, dict | None]:
    """(id, message) for a request or notification; raises RpcError for a malformed line.

    A response from the client (it has an id but no method) comes back as (id, None)."""
    try:
        msg = json.loads(line)
    except ValueError as exc:
        raise RpcError(PARSE_ERROR, f"parse error: {exc}") from None
    if isinstance(msg, list):
        raise RpcError(INVALID_REQUEST, "batches are not supported; send one message per line")
    if not isinstance(msg, dict):
        raise RpcError(INVALID_REQUEST, "a message must be a JSON object")
    msg_id = msg.get("id")
    if msg_id is not None and (isinstance(msg_id, bool) or not isinstance(msg_id, (str, int, float))):
        raise RpcError(INVALID_REQUEST, "id must be a string or a number")
    if msg.get("jsonrpc") != "2.0":
        raise RpcError(INVALID_REQUEST, 'jsonrpc must be "2.0"', msg_id)
    if "method" not in msg:
        if "result" in msg or "error" in msg:
            return msg_id, None
        raise RpcError(INVALID_REQUEST, "a request needs a method", msg_id)
    if not isinstance(msg["method"], str):
        raise RpcError(INVALID_REQUEST, "method must be a string", msg_id)
    params = msg.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RpcError(INVALID_PARAMS, "params must be an object", msg_id)
    msg["params"] = params
    return msg_id, msg
