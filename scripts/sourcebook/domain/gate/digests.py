"""Digests of files and of the shipping pages.

A package records the digest of every page it shipped; the state machine compares them with
the build to tell whether the package is current. Both read them from here, so neither imports
the other.
"""

from __future__ import annotations

import os

from ...base.ids import sha256_file as sha_file
from ..workspace.layout import Workspace

__all__ = ["page_digests", "sha_file"]


def page_digests(ws: Workspace) -> dict[str, str]:
    """Digest of every shipping page, so the state can tell a build changed after packaging."""
    from .context import shipping_pages

    return {os.path.basename(p): sha_file(p) for p in shipping_pages(ws)}
