"""sourcebook: turn a folder of sources into artifacts whose every claim is pinned to a quote.

The public surface is small: :func:`sourcebook.cli.main` runs the command line in-process.
Everything else is organised in layers (``base`` < ``engines`` < ``domain`` < ``cli`` and ``mcp``).
``__main__`` runs the command line as ``python -m sourcebook``; ``collect``, ``ids``, ``licenses``
and ``manifest`` are thin re-exports under the names the original kit's scripts import
(docs/compatibility.md).
"""

from .base.versions import SB_VERSION as __version__

__all__ = ["__version__"]
