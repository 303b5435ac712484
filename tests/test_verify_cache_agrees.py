"""Plain ``sb verify`` (which reuses what earlier runs and other commands established) reaches
the same verdict as ``sb verify --no-cache`` after any sequence of a user's commands and edits:
edits made and put back, commands that hand facts to the cache (``sb extract``, ``sb claim add``,
``sb source set``), same-size rewrites, times put back, files added, and runs that change
nothing (which replay the last run's verdict)."""

from __future__ import annotations

import itertools
import os
import shutil
import time

import pytest
from conftest import examples, sb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from verify_kit import good_workspace

from sourcebook.domain.workspace import identity

_COUNTER = itertools.count()


def _read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def _write(path: str, data: bytes, keep_times: bool = False) -> None:
    time.sleep(0.02)  # a later clock tick than the file's last write, as any later edit is
    st_ = os.stat(path)
    with open(path, "wb") as fh:
        fh.write(data)
    if keep_times:  # the modification time put back (the change time cannot be)
        os.utime(path, ns=(st_.st_atime_ns, st_.st_mtime_ns))


def _swap_letter(data: bytes) -> bytes:
    """The same size, one letter changed ("Northline" and "Northlina", "riders" and "ridars"
    trade places, so a second swap puts the first back)."""
    for a, b in ((b"Northline", b"Northlina"), (b"riders", b"ridars")):
        if a in data or b in data:
            return data.replace(a, b"\0").replace(b, a).replace(b"\0", b)
    raise AssertionError("no letter to swap")


class Ops:
    """Each op is one thing a user (or an agent) may do between two runs of verify."""

    def __init__(self, root: str, ids: dict[str, str]):
        self.root, self.ids = root, ids
        self.saved: dict[str, bytes] = {}

    def _path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def _edit(self, path: str, new: bytes, keep_times: bool = False) -> None:
        self.saved.setdefault(path, _read(path))
        _write(path, new, keep_times)

    def text_same_size(self, who: str) -> None:
        p = self._path("sources", self.ids[who], "normalized.md")
        self._edit(p, _swap_letter(_read(p)), keep_times=True)

    def text_appended(self, who: str) -> None:
        p = self._path("sources", self.ids[who], "normalized.md")
        self._edit(p, _read(p) + b"\nA sentence nobody extracted.\n")

    def raw_same_size(self, who: str) -> None:
        sid = self.ids[who]
        folder = self._path("sources", sid)
        raw = next(os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.startswith("raw."))
        self._edit(raw, _swap_letter(_read(raw)), keep_times=True)

    def record_tier(self, who: str) -> None:
        p = self._path("sources", self.ids[who], "source.json")
        data = _read(p)
        self._edit(p, data.replace(b'"tier": "B"', b'"tier": "A"').replace(b'"tier": "C"', b'"tier": "A"'))

    def title_set(self, who: str) -> None:
        sb("source", "set", self.ids[who], "title=Ferry notes 2031", cwd=self.root)

    def quote_changed(self, who: str) -> None:
        p = self._path("ledger", "claims.json")
        self._edit(p, _read(p).replace(b"counted 4,200", b"counted 4,900"))

    def page_changed(self, who: str) -> None:
        p = self._path("build", "answer.html")
        self._edit(p, _read(p).replace(b"rose by 12%", b"rose by 21%", 1))

    def claim_added(self, who: str) -> None:
        sb("claim", "add", "--text", "The night service runs on weekends only.", "--topic", "ferry.night",
           "--kind", "fact", "--confidence", "reported", "--source", self.ids["operator"],
           "--quote", "The night service runs on weekends only.", cwd=self.root)

    def question_changed(self, who: str) -> None:
        p = self._path("sourcebook.json")
        self._edit(p, _read(p).replace(b"What is tested?", b"What is asked?"))

    def trail_added(self, who: str) -> None:
        """A file appears in a source folder (a re-check trail nobody can read)."""
        p = self._path("sources", self.ids[who], "rechecks.jsonl")
        if not os.path.exists(p):
            time.sleep(0.02)
            with open(p, "w", encoding="utf-8") as fh:
                fh.write("not a trail\n")

    def nothing(self, who: str) -> None:
        """Verify again with nothing changed (a run that may replay the last verdict)."""

    def extract_again(self, who: str) -> None:
        sb("extract", "--force", cwd=self.root)

    def put_back(self, who: str) -> None:
        """Every file edited so far gets its first bytes back (a new write: a new change time)."""
        for path, data in self.saved.items():
            _write(path, data)
        self.saved.clear()


OPS = [name for name in vars(Ops) if not name.startswith("_")]
STEP = st.tuples(st.sampled_from(OPS), st.sampled_from(["operator", "trade", "forum"]))


def _verdict(root: str, *flags: str) -> tuple[int, list[str]]:
    r = sb("verify", *flags, cwd=root)
    return r.rc, sorted({ln.split()[0] for ln in r.err.splitlines() if ln.startswith("E-")})


@pytest.fixture
def template(ws, monkeypatch):
    root = str(ws)
    ids, _ = good_workspace(root)
    # files are remembered at once, as on a file system with fine timestamps: edits then rely
    # only on each write moving the change time (each op waits a tick before writing)
    monkeypatch.setattr(identity, "RACY_NS", 0)
    return root, ids


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(STEP, min_size=1, max_size=4))
def test_plain_verify_agrees_with_no_cache_after_any_sequence(template, tmp_path_factory, steps):
    src, ids = template
    root = str(tmp_path_factory.getbasetemp() / f"agree-{next(_COUNTER)}")
    shutil.copytree(src, root)
    ops = Ops(root, ids)
    assert _verdict(root)[0] == 0  # the cache learns the good workspace
    for name, who in steps:
        getattr(ops, name)(who)
        plain = _verdict(root)
        assert plain == _verdict(root, "--no-cache"), (steps, name, who)
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def demo_master(tmp_path_factory):
    from demo_kit import built_demo

    yield from built_demo(tmp_path_factory, "agree-demo", full=True)


def _demo_source(root: str, needle: str) -> str:
    import json

    for sid in sorted(os.listdir(os.path.join(root, "sources"))):
        with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
            if needle in json.dumps(json.load(fh)):
                return sid
    raise AssertionError(needle)


@pytest.mark.parametrize("field, value", [
    ("reason", "bylined, dated reporting"),  # the pages name "the trade press" by this reason
    ("publisher", "Harbour Weekly"),
    ("title", "Ferry notes"),
])
def test_a_record_set_after_a_run_is_read_again_by_every_page_gate(demo_master, tmp_path, monkeypatch, field, value):
    """The demo's pages, report and podcast script are read against every source record whole:
    a record changed after a passing run gets the verdict a run from scratch gives."""
    from demo_kit import EPOCH

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.setattr(identity, "RACY_NS", 0)
    root = str(tmp_path / "demo")
    shutil.copytree(demo_master, root)
    assert _verdict(root, "--podcast")[0] == 0
    sid = _demo_source(root, "trade reporting")
    time.sleep(0.02)
    extra = ["tier=B"] if field == "reason" else []  # a reason is set with its tier
    assert sb("source", "set", sid, *extra, f"{field}={value}", cwd=root).rc == 0
    assert _verdict(root, "--podcast") == _verdict(root, "--podcast", "--no-cache")
