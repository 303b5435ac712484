"""`sb install` and scripts/install.py: every harness layout, the shim, idempotence, uninstall (AT-20)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
from conftest import ROOT, sb

FORBIDDEN = ("WebFetch", "Bash(", "str_replace", "read_file", "apply_patch", "mcp__")
SKILL_FILES = ["SKILL.md", "reference/evidence.md", "reference/visual.md", "reference/answer.md"]
COMMANDS = ["sourcebook.md", "sb-ask.md", "sb-verify.md"]

LAYOUTS = {
    "claude": [(".claude/skills/sourcebook", ".claude/commands")],
    "codex": [(".agents/skills/sourcebook", None), (".codex/skills/sourcebook", ".codex/prompts")],
    "cursor": [(".cursor/skills/sourcebook", ".cursor/commands")],
    "hermes": [(".hermes/skills/sourcebook", ".hermes/commands")],
    "agents": [(".agents/skills/sourcebook", ".agents/commands")],
}


def _tree(root) -> dict[str, bytes]:
    out = {}
    for dirpath, _d, files in os.walk(root):
        for f in files:
            full = os.path.join(dirpath, f)
            out[os.path.relpath(full, root)] = open(full, "rb").read()
    return out


def _md_files(root):
    for dirpath, _d, files in os.walk(root, followlinks=True):
        for f in files:
            if f.endswith(".md"):
                yield os.path.join(dirpath, f)


@pytest.mark.parametrize("harness", sorted(LAYOUTS))
def test_each_harness_gets_its_layout_and_a_shim(tmp_path, harness):
    r = sb("install", "--harness", harness, "--dest", tmp_path)
    assert r.rc == 0, r.both
    for skill_dir, cmd_dir in LAYOUTS[harness]:
        for f in SKILL_FILES:
            src = open(os.path.join(ROOT, "skills", "sourcebook", f), "rb").read()
            assert (tmp_path / skill_dir / f).read_bytes() == src, f"{skill_dir}/{f}"
        if cmd_dir:
            for f in COMMANDS:
                assert (tmp_path / cmd_dir / f).read_bytes() == open(os.path.join(ROOT, "commands", f), "rb").read()
    shim = tmp_path / ".sourcebook" / "bin" / "sb"
    assert stat.S_IMODE(shim.stat().st_mode) == 0o755
    lines = shim.read_text().splitlines()
    assert lines[0] == "#!/bin/sh"
    # the shim runs the Python the kit was installed with, not PATH's python3
    assert lines[1] == f'exec "{sys.executable}" "{os.path.join(ROOT, "scripts", "sb.py")}" "$@"'
    if harness == "codex":
        assert "AGENTS.md" in r.out and ".agents/skills/sourcebook/SKILL.md" in r.out


@pytest.mark.slow
def test_shim_runs_sb(tmp_path):
    assert sb("install", "--harness", "claude", "--dest", tmp_path).rc == 0
    p = subprocess.run([str(tmp_path / ".sourcebook" / "bin" / "sb"), "--version"], capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout.strip() == "sourcebook 0.1.0"


def test_all_harnesses_and_no_forbidden_token_anywhere(tmp_path):
    # AT-20: the four (five) harness layouts plus the shim; every installed .md is portable
    r = sb("install", "--harness", "all", "--dest", tmp_path)
    assert r.rc == 0, r.both
    for layouts in LAYOUTS.values():
        for skill_dir, cmd_dir in layouts:
            assert (tmp_path / skill_dir / "SKILL.md").is_file()
            if cmd_dir:
                assert (tmp_path / cmd_dir / "sb-ask.md").is_file()
    mds = list(_md_files(tmp_path))
    assert len(mds) > 50
    for path in mds:
        text = open(path, encoding="utf-8").read()
        assert not [t for t in FORBIDDEN if t in text], path


def test_rerun_is_idempotent_and_says_unchanged(tmp_path):
    assert sb("install", "--harness", "all", "--dest", tmp_path).rc == 0
    before = _tree(tmp_path)
    r = sb("install", "--harness", "all", "--dest", tmp_path, "--json")
    assert r.rc == 0, r.both
    report = json.loads(r.out)
    assert report["changes"] and {c["action"] for c in report["changes"]} == {"unchanged"}
    assert _tree(tmp_path) == before
    r = sb("install", "--harness", "all", "--dest", tmp_path)
    assert "unchanged)" in r.out and "\ninstalled " not in "\n" + r.out


def test_a_changed_file_is_updated(tmp_path):
    assert sb("install", "--harness", "claude", "--dest", tmp_path).rc == 0
    target = tmp_path / ".claude" / "commands" / "sb-ask.md"
    target.write_text("edited\n")
    r = sb("install", "--harness", "claude", "--dest", tmp_path)
    assert r.rc == 0 and "updated   .claude/commands/sb-ask.md" in r.out
    assert target.read_bytes() == open(os.path.join(ROOT, "commands", "sb-ask.md"), "rb").read()


def test_uninstall_removes_exactly_what_was_installed(tmp_path):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    mine = tmp_path / ".claude" / "commands" / "my-own.md"
    mine.write_text("keep me\n")
    (tmp_path / "notes.txt").write_text("keep\n")
    before = _tree(tmp_path)
    assert sb("install", "--harness", "all", "--dest", tmp_path).rc == 0
    assert (tmp_path / ".sourcebook" / "installed.json").is_file()
    r = sb("install", "--harness", "all", "--dest", tmp_path, "--uninstall")
    assert r.rc == 0, r.both
    assert _tree(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == [".claude", "notes.txt"]  # the user's folder stays


@pytest.mark.parametrize("link", [False, True])
def test_a_users_own_file_of_the_same_name_is_never_overwritten(tmp_path, link):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    theirs = tmp_path / ".claude" / "commands" / "sb-ask.md"
    theirs.write_text("my own sb-ask prompt\n")
    before = _tree(tmp_path)
    r = sb("install", "--harness", "claude", "--dest", tmp_path, *(["--link"] if link else []))
    assert r.rc == 1 and r.err.startswith("E-INSTALL") and "sb-ask.md" in r.err and "move" in r.err
    assert _tree(tmp_path) == before and not (tmp_path / ".sourcebook").exists()  # nothing written
    theirs.unlink()
    assert sb("install", "--harness", "claude", "--dest", tmp_path, *(["--link"] if link else [])).rc == 0


def test_a_file_identical_to_ours_is_adopted(tmp_path):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    same = tmp_path / ".claude" / "commands" / "sb-ask.md"
    same.write_bytes(open(os.path.join(ROOT, "commands", "sb-ask.md"), "rb").read())
    r = sb("install", "--harness", "claude", "--dest", tmp_path, "--json")
    assert r.rc == 0, r.both
    actions = {c["path"]: c["action"] for c in json.loads(r.out)["changes"]}
    assert actions[".claude/commands/sb-ask.md"] == "unchanged"


def test_uninstall_one_harness_keeps_the_others(tmp_path):
    assert sb("install", "--harness", "codex", "--dest", tmp_path).rc == 0
    assert sb("install", "--harness", "agents", "--dest", tmp_path).rc == 0
    # codex and agents share .agents/skills/sourcebook; removing agents must keep it for codex
    assert sb("install", "--harness", "agents", "--dest", tmp_path, "--uninstall").rc == 0
    assert (tmp_path / ".agents" / "skills" / "sourcebook" / "SKILL.md").is_file()
    assert not (tmp_path / ".agents" / "commands").exists()
    assert (tmp_path / ".sourcebook" / "bin" / "sb").is_file()
    assert sb("install", "--harness", "codex", "--dest", tmp_path, "--uninstall").rc == 0
    assert os.listdir(tmp_path) == []


def test_uninstall_without_a_record_removes_nothing(tmp_path):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    (tmp_path / ".claude" / "commands" / "sb-ask.md").write_text("someone else's\n")
    r = sb("install", "--harness", "claude", "--dest", tmp_path, "--uninstall")
    assert r.rc == 0 and "nothing removed" in r.out
    assert (tmp_path / ".claude" / "commands" / "sb-ask.md").read_text() == "someone else's\n"


def test_link_mode_symlinks_and_is_idempotent(tmp_path):
    r = sb("install", "--harness", "cursor", "--dest", tmp_path, "--link")
    assert r.rc == 0, r.both
    skill = tmp_path / ".cursor" / "skills" / "sourcebook"
    assert skill.is_symlink() and os.path.realpath(skill) == os.path.join(ROOT, "skills", "sourcebook")
    assert (tmp_path / ".cursor" / "commands" / "sb-ask.md").is_symlink()
    assert (skill / "reference" / "evidence.md").is_file()
    r = sb("install", "--harness", "cursor", "--dest", tmp_path, "--link", "--json")
    assert {c["action"] for c in json.loads(r.out)["changes"]} == {"unchanged"}
    # back to copies: the link is replaced by real files
    assert sb("install", "--harness", "cursor", "--dest", tmp_path).rc == 0
    assert not skill.is_symlink() and (skill / "SKILL.md").is_file()
    assert sb("install", "--harness", "cursor", "--dest", tmp_path, "--uninstall").rc == 0
    assert os.listdir(tmp_path) == []


def test_link_refuses_to_replace_a_folder_it_did_not_write(tmp_path):
    skill = tmp_path / ".claude" / "skills" / "sourcebook"
    skill.mkdir(parents=True)
    (skill / "mine.md").write_text("x\n")
    r = sb("install", "--harness", "claude", "--dest", tmp_path, "--link")
    assert r.rc == 1 and "E-INSTALL" in r.err and str(skill) in r.err
    assert (skill / "mine.md").read_text() == "x\n"


def test_user_installs_under_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    r = sb("install", "--harness", "hermes", "--user")
    assert r.rc == 0, r.both
    assert (tmp_path / ".hermes" / "skills" / "sourcebook" / "SKILL.md").is_file()
    assert (tmp_path / ".sourcebook" / "bin" / "sb").is_file()
    r = sb("install", "--harness", "hermes", "--user", "--dest", tmp_path)
    assert r.rc == 1 and "E-USAGE" in r.err


def test_bad_harness_and_missing_dest_are_usage_errors(tmp_path):
    r = sb("install", "--harness", "vim", "--dest", tmp_path)
    assert r.rc == 1 and "E-USAGE" in r.err
    r = sb("install", "--harness", "claude", "--dest", tmp_path / "nope")
    assert r.rc == 1 and "E-INSTALL" in r.err and "nope" in r.err


def test_a_forbidden_token_refuses_the_install(tmp_path):
    from sourcebook.base.errors import SbError
    from sourcebook.domain.install.harnesses import install

    kit = tmp_path / "kit"
    (kit / "skill" / "reference").mkdir(parents=True)
    (kit / "commands").mkdir()
    (kit / "skill" / "SKILL.md").write_text("---\nname: sourcebook\n---\nRun sb status.\n")
    (kit / "skill" / "reference" / "evidence.md").write_text("Use WebFetch to get the page.\n")
    (kit / "commands" / "sb-ask.md").write_text("---\nname: sb-ask\n---\nfine\n")
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(SbError) as exc:
        install(str(dest), ["claude"], skills=str(kit / "skill"), commands=str(kit / "commands"))
    assert exc.value.code == "E-PORTABILITY" and exc.value.exit_code == 2
    assert "reference/evidence.md" in exc.value.subject and "WebFetch" in exc.value.message
    assert os.listdir(dest) == []  # nothing written


@pytest.mark.slow
def test_install_script_has_the_same_flags(tmp_path):
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "install.py"), "--harness", "claude",
                        "--dest", str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / ".claude" / "skills" / "sourcebook" / "SKILL.md").is_file()
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "install.py"), "--harness", "claude",
                        "--dest", str(tmp_path), "--uninstall"], capture_output=True, text=True)
    assert p.returncode == 0 and os.listdir(tmp_path) == []
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "install.py"), "--harness", "x"],
                       capture_output=True, text=True)
    assert p.returncode == 1
