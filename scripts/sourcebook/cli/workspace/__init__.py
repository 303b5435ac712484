"""Workspace commands: init, config, status, unblock.

Modules: ``cmd_init``, ``cmd_config``, ``cmd_status``, ``cmd_unblock``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
