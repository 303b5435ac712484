"""The per-user cache folder (``$XDG_CACHE_HOME/sourcebook``, else ``~/.cache/sourcebook``):
what sourcebook keeps for a user across workspaces, never inside one."""

from __future__ import annotations

import os


def folder() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "sourcebook")
