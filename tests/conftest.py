"""Shared test helpers: run ``sb`` in-process and build workspaces cheaply."""

from __future__ import annotations

import io
import os
import shutil
import sys
from dataclasses import dataclass

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)

FIXTURES = os.path.join(ROOT, "tests", "fixtures")


@dataclass
class Result:
    rc: int
    out: str
    err: str

    @property
    def both(self) -> str:
        return self.out + self.err


def sb(*argv: str, cwd: str | os.PathLike | None = None, stdin: str | None = None) -> Result:
    """Run one sb command in-process; returns exit status, stdout and stderr."""
    from sourcebook.cli import main

    out, err = io.StringIO(), io.StringIO()
    rc = main([str(a) for a in argv], stdout=out, stderr=err, cwd=str(cwd) if cwd else None,
              stdin=io.StringIO(stdin if stdin is not None else ""))
    return Result(rc, out.getvalue(), err.getvalue())


@pytest.fixture
def run():
    return sb


@pytest.fixture(autouse=True)
def _stable_clock(monkeypatch, tmp_path_factory):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01T00:00:00Z
    # the verify cache's signing key lives in the user's cache folder: never the real one
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "user-cache"))


@pytest.fixture
def ws(tmp_path):
    """An empty initialized workspace; returns its root path."""
    root = tmp_path / "ws"
    root.mkdir()
    r = sb("init", "--question", "What is tested?", cwd=root)
    assert r.rc == 0, r.both
    return root


def copy_tree(src: str, dst: str) -> str:
    shutil.copytree(src, dst)
    return dst
