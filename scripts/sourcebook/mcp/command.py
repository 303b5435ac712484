"""sb mcp: the command that starts the server (named in the command table by its whole path, so the
command line never imports the interface above it)."""

from __future__ import annotations

DESCRIPTION = """\
Serve sourcebook as Model Context Protocol tools over stdio, for MCP clients (Claude Code,
Cursor, Codex and others) that call tools without a shell.

  sb mcp                       use the nearest workspace (a folder with sourcebook.json)
  sb mcp --dir ~/work/ferry    serve one workspace

Messages are newline-delimited JSON-RPC 2.0 on stdin/stdout; logs go to stderr. Tools: status,
add, ingest, search, find, quote, claim_add, claim_list, claim_change, contradictions,
adjudicate, plan, ledger, render, check_draft, verify, recheck. Each runs the same code as the
`sb` command of that name.
Configuration for each client: docs/agents.md."""


def configure(p) -> None:
    pass


def run(args, ctx) -> int:
    import sys

    from .server import serve, stdio_streams

    workspace = ctx.path(ctx.dir) if ctx.dir else None
    if ctx.stdout is sys.stdout:
        instream, outstream = stdio_streams()
    else:  # called in-process with its own streams
        instream, outstream = ctx.stdin if ctx.stdin is not None else sys.stdin, ctx.stdout
    return serve(instream, outstream, ctx.stderr, ctx.cwd, workspace)
