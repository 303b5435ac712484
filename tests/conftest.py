"""Shared test helpers: run ``sb`` in-process and build workspaces cheaply."""

from __future__ import annotations

import gc
import io
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)

FIXTURES = os.path.join(ROOT, "tests", "fixtures")


# Property tests that draw new examples on every run (not derandomized) take half the count
# written in the test by default, never fewer than fifty: over the suite's many runs they meet
# as many examples, and a failing one is kept in Hypothesis's example database and tried first
# in the next run. SB_TEST_THOROUGH=1 runs every such property with its written count.
THOROUGH = os.environ.get("SB_TEST_THOROUGH", "") not in ("", "0")


def examples(n: int) -> int:
    """``max_examples`` for a property that draws new examples each run and is written for ``n``."""
    return n if THOROUGH else min(n, max(50, n // 2))


SLOW_MARK = "mark.slow"  # how a test module marks a test slow (pytest.mark.slow), in its text


def _slow_only(config) -> bool:
    """Whether ``-m`` selects slow tests only: no test without the slow mark matches it, whatever
    other marks the test carries (`make test`'s second lane: ``slow and not browser``)."""
    markexpr = config.getoption("markexpr", "") or ""
    if "slow" not in markexpr:
        return False
    try:
        from _pytest.mark.expression import Expression

        expr = Expression.compile(markexpr)
    except Exception:  # noqa: BLE001 - another pytest, or a bad expression: collect everything
        return False
    names = sorted(set(re.findall(r"\w+", markexpr)) - {"and", "or", "not", "slow"})
    for bits in range(2 ** len(names)):
        marks = {n for i, n in enumerate(names) if bits >> i & 1}
        if expr.evaluate(lambda name, _marks=marks, **_kw: name in _marks):
            return False
    return True


def pytest_ignore_collect(collection_path, config):
    """A run of the slow tests alone imports only the test modules that mark a test slow: the
    slow lane would otherwise import every module (Hypothesis, jsonschema, coloraide and all the
    kits) to run a dozen tests. ``pytest_collection_modifyitems`` below keeps this honest."""
    name = collection_path.name
    if name.startswith("test_") and name.endswith(".py") and _slow_only(config):
        if SLOW_MARK not in collection_path.read_text(encoding="utf-8"):
            return True
    return None


@pytest.hookimpl(tryfirst=True)  # before -m deselects the slow tests of the other lane
def pytest_collection_modifyitems(config, items) -> None:
    """Every slow test sits in a module whose text says ``mark.slow``: the slow lane reads no
    other module, so a slow mark given any other way would leave its test run by neither lane."""
    texts: dict[str, bool] = {}
    for item in items:
        if item.get_closest_marker("slow") is None:
            continue
        path = str(item.path)
        if path not in texts:
            with open(path, encoding="utf-8") as fh:
                texts[path] = SLOW_MARK in fh.read()
        if not texts[path]:
            raise pytest.UsageError(f"{item.nodeid} is marked slow, but its module never says "
                                    f"{SLOW_MARK!r}: mark it with @pytest.mark.slow")


def pytest_collection_finish(session) -> None:
    """The collected suite (pytest, Hypothesis, every test module and the package) lives until
    the end: moved out of the collector's sight, it is not walked again by every full
    collection, and collections come less often (the trees and pages the tests build are short
    lived). About a tenth of the suite's time otherwise goes to the collector."""
    if os.environ.get("SB_TEST_GC") == "default":
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def pytest_sessionfinish(session) -> None:
    """At its end pytest collects garbage five times over, to report exceptions raised in
    finalizers; each full collection walks every object the tests left behind in caches (some
    800,000 after a whole run: over half a second each). One collection here runs the finalizer
    of everything that is garbage by now, a second only when the first found some (a finalizer
    may leave garbage of its own), and what survives is frozen: pytest's five passes then walk
    only what those finalizers made, and report what they raised as before."""
    if os.environ.get("SB_TEST_GC") == "default":
        return
    if gc.collect():
        gc.collect()
    gc.freeze()


# pytest's tmp_path lists the whole base folder to number each new folder (a folder per test:
# some two thousand in a run, so the listing grows with every test, and the run with its square);
# here each name's next number is kept, so a test's folder is one mkdir (the same folder name).
_TMP_NEXT: dict[str, int] = {}


@pytest.fixture
def tmp_path(request, tmp_path_factory) -> Path:
    """A new empty folder for each test, ``<test name><n>`` under the run's base folder."""
    name = re.sub(r"[\W]", "_", request.node.name)[:30]
    base = tmp_path_factory.getbasetemp()
    n = _TMP_NEXT.get(name, 0)
    while True:
        path = base / f"{name}{n}"
        n += 1
        try:
            path.mkdir(mode=0o700)
        except FileExistsError:  # made by tmp_path_factory.mktemp under the same name
            continue
        _TMP_NEXT[name] = n
        return path


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


EPOCH = "1767225600"  # 2026-01-01T00:00:00Z: the suite's clock


def _user_cache(tmp_path_factory) -> str:
    return str(tmp_path_factory.getbasetemp() / "user-cache")


@pytest.fixture(autouse=True)
def _stable_clock(monkeypatch, tmp_path_factory):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    # the verify cache's signing key lives in the user's cache folder: never the real one
    monkeypatch.setenv("XDG_CACHE_HOME", _user_cache(tmp_path_factory))
    # a file a test wrote is young for the same two seconds on every file system, so whether
    # verify may remember it never hangs on how fast the test ran (tests of the fine window
    # set it back: tests/test_verdict_memo.py)
    from sourcebook.domain.workspace import identity

    monkeypatch.setattr(identity, "RACY_FINE_NS", identity.RACY_NS)


def _init(root) -> None:
    r = sb("init", "--question", "What is tested?", cwd=root)
    assert r.rc == 0, r.both


@pytest.fixture
def ws(tmp_path):
    """An empty initialized workspace; returns its root path."""
    root = tmp_path / "ws"
    root.mkdir()
    _init(root)
    return root


def built_once(tmp_path_factory, name: str, build):
    """A workspace made once for a module (``ws``'s ``sb init``, then ``build(root)``, whose result
    is returned beside the root), with the suite's clock and user cache folder, as a test would
    make it. The workspace is never changed: ``copy_ws`` gives each test a copy of its own (a
    workspace holds no path of its own, so a copy is the same workspace)."""
    saved = {k: os.environ.get(k) for k in ("SOURCE_DATE_EPOCH", "XDG_CACHE_HOME")}
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    os.environ["XDG_CACHE_HOME"] = _user_cache(tmp_path_factory)
    try:
        root = tmp_path_factory.mktemp(name) / "ws"
        root.mkdir()
        _init(root)
        return root, build(root)
    finally:
        restore_env(saved)


def copy_ws(template, tmp_path):
    """A copy of a ``built_once`` workspace at ``tmp_path / "ws"`` (where ``ws`` puts one)."""
    return Path(shutil.copytree(template, tmp_path / "ws"))


def copy_tree(src: str, dst: str) -> str:
    shutil.copytree(src, dst)
    return dst


def restore_env(saved: dict) -> None:
    """Put back environment variables as ``saved`` had them (None: unset)."""
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
