"""A whole verify run's verdict, replayed while nothing the gates could read has changed, and
judged again after any change to what they read."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time

import pytest
from conftest import sb
from verify_kit import good_workspace, manifest

from sourcebook.domain.gate import verdict_memo
from sourcebook.domain.gate import verify as verify_mod
from sourcebook.domain.workspace import identity


@pytest.fixture
def runs(monkeypatch):
    """How many runs judged the workspace (ran the gates) rather than replaying a verdict."""
    count = [0]
    real = verify_mod.run_gates

    def counting(ctx):
        count[0] += 1
        return real(ctx)

    monkeypatch.setattr(verify_mod, "run_gates", counting)
    return count


@pytest.fixture
def good(ws, monkeypatch):
    ids, cs = good_workspace(ws)
    monkeypatch.setattr(identity, "RACY_NS", 0)  # remembered at once; each edit waits a tick
    return str(ws), ids, cs


def _verdicts(root: str) -> list[str]:
    return [n for n in os.listdir(os.path.join(root, ".sb-cache", "verify")) if n.startswith("verdict-")]


def _tick() -> None:
    time.sleep(0.02)  # a later clock tick than the file's last write, as any later edit is


def _rewrite(path: str, old: bytes, new: bytes, keep_times: bool = False) -> None:
    _tick()
    st = os.stat(path)
    with open(path, "rb") as fh:
        data = fh.read()
    assert old in data
    with open(path, "wb") as fh:
        fh.write(data.replace(old, new, 1))
    if keep_times:
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def _judged_again_as_from_scratch(root: str, runs: list[int]) -> None:
    """The next plain run judges the workspace again (no verdict replayed) and says what a run
    from scratch says."""
    plain = sb("verify", cwd=root)
    assert runs[0] == 2
    scratch = sb("verify", "--no-cache", cwd=root)
    assert (plain.rc, plain.out) == (scratch.rc, scratch.out)


def test_a_repeat_run_replays_the_verdict_without_running_a_gate(good, runs):
    root, ids, cs = good
    first = sb("verify", "--json", cwd=root)
    assert first.rc == 0 and runs[0] == 1 and len(_verdicts(root)) == 1
    again = sb("verify", "--json", cwd=root)
    assert again.rc == 0 and runs[0] == 1
    assert json.loads(again.out) == json.loads(first.out)
    plain = sb("verify", cwd=root)
    assert plain.rc == 0 and runs[0] == 1 and "PASS" in plain.out
    assert manifest(root)["state"] == "VERIFY"
    with open(os.path.join(root, "build", "verify.json"), encoding="utf-8") as fh:
        assert json.load(fh)["pass"] is True


@pytest.mark.parametrize("rel, old, new, keep_times", [
    ("build/answer.html", b"rose by 12%", b"rose by 21%", False),
    ("ledger/claims.json", b"counted 4,200", b"counted 4,900", False),
    ("sources/{operator}/normalized.md", b"Northline", b"Northlina", True),  # same size, mtime put back
    ("sources/{trade}/source.json", b'"tier": "', b'"tier": "', False),  # rewritten as it was
    ("plan.json", b'"type"', b'"type"', False),
    ("sourcebook.json", b"What is tested?", b"What is asked?", False),
])
def test_any_write_to_what_the_gates_read_is_judged_again(good, runs, rel, old, new, keep_times):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0 and runs[0] == 1
    _rewrite(os.path.join(root, rel.format(**ids)), old, new, keep_times)
    _judged_again_as_from_scratch(root, runs)


def test_a_file_added_to_a_source_folder_is_judged_again(good, runs):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    _tick()
    with open(os.path.join(root, "sources", ids["trade"], "rechecks.jsonl"), "w", encoding="utf-8") as fh:
        fh.write("not a re-check trail\n")
    _judged_again_as_from_scratch(root, runs)


def test_what_verify_never_reads_leaves_the_verdict_standing(good, runs):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    _tick()
    os.makedirs(os.path.join(root, "drafts"))
    with open(os.path.join(root, "drafts", "notes.md"), "w", encoding="utf-8") as fh:
        fh.write("a draft of my own\n")
    with open(os.path.join(root, "chunks", "extra.jsonl"), "w", encoding="utf-8") as fh:
        fh.write("{}\n")
    assert sb("verify", cwd=root).rc == 0
    assert runs[0] == 2  # a new folder at the top is a new entry of the top
    _tick()
    with open(os.path.join(root, "drafts", "notes.md"), "a", encoding="utf-8") as fh:
        fh.write("more\n")
    assert sb("verify", cwd=root).rc == 0
    assert runs[0] == 2  # a file of the user's own, in a folder verify never reads


def test_a_workspace_with_a_young_file_keeps_no_verdict(ws, runs, monkeypatch):
    """A file written within the window could be written again within the same tick without
    its identity moving, and bytes read to name it need not be those a gate read: no verdict is
    kept until every file has settled."""
    root = str(ws)
    good_workspace(root)  # written just now: young under the suite's two-second window
    assert sb("verify", cwd=root).rc == 0
    assert sb("verify", cwd=root).rc == 0
    assert runs[0] == 2 and not _verdicts(root)
    monkeypatch.setattr(identity, "RACY_NS", 0)
    assert sb("verify", cwd=root).rc == 0 and _verdicts(root)
    assert sb("verify", cwd=root).rc == 0 and runs[0] == 3


def test_the_manifest_is_named_by_what_the_gates_parsed(good, runs):
    """Its layout is no part of what a gate reads; its content is."""
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    path = os.path.join(root, "sourcebook.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    _tick()
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=4)
    assert sb("verify", cwd=root).rc == 0 and runs[0] == 1
    doc["lint_waivers"] = {"R-COPY-BUZZWORD": "a reason"}
    _tick()
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=4)
    plain = sb("verify", cwd=root)
    assert runs[0] == 2
    assert plain.out == sb("verify", "--no-cache", cwd=root).out


def test_a_name_holding_a_line_break_keeps_no_verdict(good, runs):
    """The kept list of paths is one a line: a name that breaks a line could name two others."""
    root, ids, cs = good
    with open(os.path.join(root, "build", "a\nb.txt"), "w", encoding="utf-8") as fh:
        fh.write("x")
    time.sleep(0.01)
    assert sb("verify", cwd=root).rc == 0
    assert sb("verify", cwd=root).rc == 0
    assert runs[0] == 2 and not _verdicts(root)


def test_another_day_is_judged_again(good, runs, monkeypatch):
    """The derived gate refuses a build line dated after today: a verdict holds for its day."""
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(os.environ["SOURCE_DATE_EPOCH"]) + 86400))
    assert sb("verify", cwd=root).rc == 0
    assert runs[0] == 2


def test_no_cache_deep_and_a_page_outside_the_workspace_judge_every_time(good, runs, tmp_path):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    sb("verify", "--no-cache", cwd=root)
    sb("verify", "--deep", cwd=root)
    assert runs[0] == 3
    outside = tmp_path / "elsewhere" / "answer.html"
    outside.parent.mkdir()
    shutil.copyfile(os.path.join(root, "build", "answer.html"), outside)
    sb("verify", "--html", str(outside), cwd=root)
    sb("verify", "--html", str(outside), cwd=root)
    assert runs[0] == 5 and len(_verdicts(root)) == 1
    assert not verdict_memo.covers("../x.html") and not verdict_memo.covers(".sb-cache/verify/x")
    assert not verdict_memo.covers("build/verify.json") and not verdict_memo.covers("drafts/a.html")
    assert verdict_memo.covers("build/deck.html") and verdict_memo.covers("plan.json")


def test_a_forged_verdict_is_ignored(good, runs):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    _rewrite(os.path.join(root, "build", "answer.html"), b"rose by 12%", b"rose by 21%")
    assert sb("verify", cwd=root).rc == 2
    (name,) = _verdicts(root)
    path = os.path.join(root, ".sb-cache", "verify", name)
    with open(path, "rb") as fh:
        head, _, body = fh.read().partition(b"\n")
    doc = json.loads(body)
    for row in doc["data"]["verdict"]["rows"]:
        row["findings"] = []
    with open(path, "wb") as fh:
        fh.write(head + b"\n" + json.dumps(doc, separators=(",", ":")).encode())
    assert sb("verify", cwd=root).rc == 2
    assert runs[0] == 3


def test_a_failing_verdict_replays_under_the_state_its_run_wrote(good, runs):
    """Settling a failed run rewrites the manifest (a revision counted): the verdict is kept
    under the new manifest, and each replay counts its revision as a run from scratch would."""
    root, ids, cs = good
    _rewrite(os.path.join(root, "build", "answer.html"), b"rose by 12%", b"rose by 21%")
    first = sb("verify", cwd=root)
    assert first.rc == 2 and manifest(root)["revise_count"] == 1
    again = sb("verify", cwd=root)
    assert again.rc == 2 and again.out == first.out and runs[0] == 1
    assert manifest(root)["revise_count"] == 2
    # every field of every finding, as the run from scratch reports it (Finding.from_json)
    replayed, scratch = sb("verify", "--json", cwd=root), sb("verify", "--json", "--no-cache", cwd=root)
    assert runs[0] == 2 and json.loads(replayed.out) == json.loads(scratch.out)
    assert any(d for g in json.loads(replayed.out)["gates"] for d in g["details"])


def test_a_hand_edit_of_the_state_is_judged_again(good, runs):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    _rewrite(os.path.join(root, "sourcebook.json"), b'"state": "VERIFY"', b'"state": "SHIPPED!"')
    plain = sb("verify", cwd=root)
    assert runs[0] == 2 and plain.rc == 2
    assert "sourcebook.json" in plain.err


def test_the_fine_window_follows_the_timestamps(monkeypatch):
    """A ctime with sub-second digits settles after ``RACY_FINE_NS``; one on a whole second (a
    file system with whole-second timestamps) after ``RACY_NS``; never later than ``RACY_NS``."""
    fine, whole, window = 1_700_000_000_123_456_789, 1_700_000_000_000_000_000, 100_000_000
    monkeypatch.setattr(identity, "RACY_FINE_NS", window)  # the suite pins it to RACY_NS
    assert not identity.settled([1, 0, fine], fine + window // 2)
    assert identity.settled([1, 0, fine], fine + window + 1)
    assert not identity.settled([1, 0, whole], whole + window + 1)
    assert identity.settled([1, 0, whole], whole + identity.RACY_NS + 1)
    monkeypatch.setattr(identity, "RACY_NS", 0)
    assert identity.settled([1, 0, fine], fine + 1)


_OPENED: list[tuple[str, str]] | None = None


def _listen(event: str, args: tuple) -> None:
    if _OPENED is not None and event in ("open", "os.listdir", "os.scandir") and args \
            and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append((event, os.fsdecode(args[0])))


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    from demo_kit import built_demo

    yield from built_demo(tmp_path_factory, "memo-demo", full=True)


@pytest.mark.parametrize("cache", [False, True])
def test_every_file_a_run_opens_is_one_its_verdict_is_named_by(demo, cache):
    """The demo (pages of every kind, the report, the podcast script, decisions, reviews): each
    file or folder of the workspace a run opens or lists is one ``covers`` names (or verify's
    own cache), so no gate reads what a kept verdict would not notice changing."""
    global _OPENED
    from sourcebook.base import schema
    from sourcebook.domain.artifacts import templates
    from sourcebook.domain.gate.options import VerifyOptions
    from sourcebook.domain.gate.verify import verify
    from sourcebook.domain.workspace.layout import Workspace

    root = os.path.realpath(demo)
    templates._LOADED.clear()  # what earlier tests in this process read is read again, and seen
    schema.load_schema.cache_clear()
    sys.addaudithook(_listen)
    _OPENED = []
    try:
        for opts in (VerifyOptions(cache=cache), VerifyOptions(cache=cache, podcast=True)):
            verify(Workspace(root), opts, settle=False)
        seen = list(_OPENED)
    finally:
        _OPENED = None
    real = [(ev, os.path.realpath(p)) for ev, p in seen]
    inside = {(ev, os.path.relpath(p, root).replace(os.sep, "/")) for ev, p in real
              if p.startswith(root + os.sep) or p == root}
    assert any(rel.startswith("sources/") for _, rel in inside) and any(rel.startswith("build/") for _, rel in inside)
    stray = sorted((ev, rel) for ev, rel in inside
                   if not (verdict_memo.covers(rel) or rel == "." or rel in verdict_memo.READ_DIRS
                           or rel.startswith(".sb-cache/verify")))
    assert not stray
    # and outside it, only what the code fingerprint follows (the package, the schemas, the
    # templates), the Python running it, and the user's cache folder (the signing key, the
    # compiled patterns, which hold no verdict)
    from sourcebook.base import user_cache
    from sourcebook.base.resources import data_dir
    from sourcebook.domain.gate.verify_cache import code_folders

    known = tuple(os.path.realpath(f) + os.sep for f in (*code_folders(), sys.prefix, sys.base_prefix,
                                                          user_cache.folder()))
    elsewhere = sorted({p for _, p in real if not (p.startswith(root + os.sep) or p == root)
                        and not p.startswith(known) and not p.endswith(".pyc")})
    assert not elsewhere
    templates_dir = os.path.realpath(data_dir("templates")) + os.sep
    assert any(p.startswith(templates_dir) for _, p in real)  # the templates were read, and are followed
