"""Source commands: add, extract, normalize, source, recheck.

Modules: ``cmd_add``, ``cmd_extract``, ``cmd_normalize``, ``cmd_source``, ``cmd_recheck``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
