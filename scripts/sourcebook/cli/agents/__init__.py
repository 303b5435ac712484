"""Agent commands: install, mcp.

Modules: ``cmd_install``, ``cmd_mcp``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
