"""Helpers for search/find tests: workspaces holding given texts as ready, chunked sources."""

from __future__ import annotations

import re

from conftest import sb


def add_text(ws, text: str, tier: str = "B") -> str:
    """Add pasted text as a source, extract it, and return its id."""
    attest = ["--attest", "a test passage the test itself vouches for"] if tier in ("A", "B") else []
    r = sb("add", "--text", text, "--tier", tier, "--reason", "test source", *attest, cwd=ws)
    assert r.rc == 0, r.both
    sid = re.search(r"src_[0-9a-f]{12}", r.out).group(0)
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both
    return sid


def normalized(ws, sid: str) -> str:
    with open(ws / "sources" / sid / "normalized.md", encoding="utf-8") as fh:
        return fh.read()


def indexed(ws, *texts: str) -> list[str]:
    ids = [add_text(ws, t) for t in texts]
    for cmd in ("chunk", "index"):
        r = sb(cmd, cwd=ws)
        assert r.rc == 0, r.both
    return ids
