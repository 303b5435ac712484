"""The Model Context Protocol server: `sb` commands as MCP tools over stdio.

An interface layer like ``cli``: each tool builds an ``sb`` argument list and runs it through
``cli.main`` in-process, so the server adds no behaviour of its own. Modules: ``protocol``
(JSON-RPC framing), ``server`` (the loop), ``tools`` (each tool's schema and argument list),
``command`` (``sb mcp``, which starts it).
"""
