"""Search and cite commands: chunk, index, search, find, quote.

Modules: ``cmd_chunk``, ``cmd_index``, ``cmd_search``, ``cmd_find``, ``cmd_quote``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
