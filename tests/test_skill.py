"""The skill and the slash commands: valid front matter, a short hot path, portable words."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from conftest import ROOT

SKILL_DIR = os.path.join(ROOT, "skills", "sourcebook")
COMMANDS_DIR = os.path.join(ROOT, "commands")
FORBIDDEN = ("WebFetch", "Bash(", "str_replace", "read_file", "apply_patch", "mcp__")
REFERENCES = ["evidence", "visual", "images", "licensing", "answer", "explainer", "deck", "brief",
              "infographic", "podcast", "report", "drafts"]
COMMANDS = ["sourcebook", "sb-ask", "sb-add", "sb-explainer", "sb-deck", "sb-brief", "sb-infographic",
            "sb-podcast", "sb-report", "sb-verify", "sb-ledger", "sb-review"]


def front_matter(path: str) -> tuple[dict, str]:
    """A small reader for the YAML subset the kit uses: `key: value`, folded `>-` blocks,
    and one level of nested mapping."""
    text = open(path, encoding="utf-8").read()
    assert text.startswith("---\n"), f"{path}: no front matter"
    end = text.index("\n---\n", 4)
    lines = text[4:end].split("\n")
    meta: dict = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^([a-z][a-z0-9_-]*):\s*(.*)$", line)
        assert m, f"{path}: unreadable front matter line {line!r}"
        key, value = m.group(1), m.group(2)
        i += 1
        block = []
        while i < len(lines) and lines[i].startswith("  "):
            block.append(lines[i].strip())
            i += 1
        if value in (">-", ">", "|"):
            value = " ".join(block)
        elif not value and block:
            value = dict(b.split(": ", 1) for b in block)
        elif value.startswith('"') and value.endswith('"'):
            value = value[1:-1]
        meta[key] = value
    return meta, text[end + 5:]


def test_skill_front_matter():
    from sourcebook.base.versions import SB_VERSION

    meta, _ = front_matter(os.path.join(SKILL_DIR, "SKILL.md"))
    assert meta["name"] == "sourcebook" == os.path.basename(SKILL_DIR)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", meta["name"]) and len(meta["name"]) <= 64
    assert 50 < len(meta["description"]) < 1024
    assert "Use when" in meta["description"]  # says what and when
    assert meta["license"] == "Apache-2.0"
    assert meta["version"] == SB_VERSION
    assert 0 < len(meta["compatibility"]) <= 500


def test_hot_path_is_short_and_covers_the_loop():
    text = open(os.path.join(SKILL_DIR, "SKILL.md"), encoding="utf-8").read()
    assert len(text.splitlines()) < 200
    for step in ("Collect", "Ground", "Adjudicate", "Compose", "Verify"):
        assert f"### {step.split()[0]}" in text or step in text
    for needle in ("sb recheck", "sb claim narrow", "sb claim ack", "--adopt", "sb unblock --reason",
                   "sb mcp", "MCP", "sb status", "sb find"):
        assert needle in text, needle
    for outcome in ("matches", "edited", "intact", "moved", "changed", "unavailable", "unverifiable"):
        assert f"`{outcome}`" in text, outcome


def test_reference_files_exist_and_are_linked_from_the_skill():
    text = open(os.path.join(SKILL_DIR, "SKILL.md"), encoding="utf-8").read()
    for name in REFERENCES:
        path = os.path.join(SKILL_DIR, "reference", f"{name}.md")
        assert os.path.isfile(path), path
        assert len(open(path, encoding="utf-8").read()) > 400, f"{name}.md is a stub"
        assert f"{name}.md" in text, f"SKILL.md never points at {name}.md"


def _all_kit_md():
    for base in (SKILL_DIR, COMMANDS_DIR):
        for dirpath, _d, files in os.walk(base):
            for f in files:
                if f.endswith(".md"):
                    yield os.path.join(dirpath, f)
    yield os.path.join(ROOT, "SKILL.md")


def test_no_harness_specific_tool_names():
    files = list(_all_kit_md())
    assert len(files) >= 1 + len(REFERENCES) + len(COMMANDS)
    for path in files:
        text = open(path, encoding="utf-8").read()
        assert not [t for t in FORBIDDEN if t in text], path


@pytest.mark.parametrize("name", COMMANDS)
def test_commands_have_front_matter_and_steps(name):
    meta, body = front_matter(os.path.join(COMMANDS_DIR, f"{name}.md"))
    assert meta["name"] == name
    assert 10 < len(meta["description"]) < 300
    assert re.search(r"^1\. ", body, re.M), "steps in plain words, numbered"
    assert "sb " in body


def test_no_unknown_commands_are_named():
    from sourcebook.cli.table import COMMANDS as TABLE

    for path in _all_kit_md():
        text = open(path, encoding="utf-8").read()
        for cmd in re.findall(r"`sb ([a-z][a-z-]*)", text):
            assert cmd in TABLE, f"{path} names `sb {cmd}`"


def test_root_skill_is_generated_and_current():
    from sourcebook.domain.install.harnesses import root_skill_text

    root = open(os.path.join(ROOT, "SKILL.md"), encoding="utf-8").read()
    assert root == root_skill_text(), "SKILL.md is stale: run python3 scripts/gen_skill.py"
    assert "skills/sourcebook/reference/evidence.md" in root
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_skill.py"), "--check"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr


def test_root_skill_generation_notices_an_edit(tmp_path):
    from sourcebook.domain.install.harnesses import root_skill_text

    src = tmp_path / "SKILL.md"
    src.write_text("---\nname: sourcebook\n---\nRead `reference/evidence.md`.\n")
    out = root_skill_text(str(src))
    assert "`skills/sourcebook/reference/evidence.md`" in out and out.startswith("---\nname: sourcebook\n---\n")
    assert out != open(os.path.join(ROOT, "SKILL.md"), encoding="utf-8").read()


def test_shipped_as_package_data():
    text = open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8").read()
    assert '"share/sourcebook/skills/sourcebook/reference" = ["skills/sourcebook/reference/*.md"]' in text
    assert '"share/sourcebook/commands" = ["commands/*.md"]' in text


def test_committed_adapter_copies_match_their_source():
    """A harness copy checked into the repository (e.g. .claude/skills/sourcebook) must be
    byte-identical to skills/sourcebook and commands/; refresh it with `sb install`."""
    from sourcebook.domain.install.harnesses import HARNESSES

    p = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = set(p.stdout.splitlines())
    stale = []
    for layouts in HARNESSES.values():
        for layout in layouts:
            for rel in tracked:
                if rel.startswith(layout.skill + "/"):
                    src = os.path.join(SKILL_DIR, rel[len(layout.skill) + 1:])
                elif layout.commands and rel.startswith(layout.commands + "/"):
                    src = os.path.join(COMMANDS_DIR, rel[len(layout.commands) + 1:])
                    if not os.path.isfile(src):
                        continue  # a project's own command, not a copy of ours
                else:
                    continue
                if not os.path.isfile(src) or open(src, "rb").read() != open(os.path.join(ROOT, rel), "rb").read():
                    stale.append(rel)
    assert not stale, f"committed adapter copies differ from their source: {stale}"
