"""Digests of files and of the shipping pages.

A package records the digest of every page it shipped; the state machine compares them with
the build to tell whether the package is current. Both read them from here, so neither imports
the other.
"""

from __future__ import annotations

import hashlib
import os

from ..workspace.layout import Workspace


def sha_file(path: str) -> str:
    """Hex SHA-256 of a file, read in blocks so a large page is never held twice."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def page_digests(ws: Workspace) -> dict[str, str]:
    """Digest of every shipping page, so the state can tell a build changed after packaging."""
    from .context import shipping_pages

    return {os.path.basename(p): sha_file(p) for p in shipping_pages(ws)}
