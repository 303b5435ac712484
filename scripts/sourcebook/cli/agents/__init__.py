"""Agent commands: install (``sb mcp`` is served by ``mcp.command``).

Modules: ``cmd_install``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
