"""Put the skill and the slash commands where each agent harness looks for them.

The skill has one source (``skills/sourcebook/``) and the commands one (``commands/``); both
are found through ``resources.data_dir`` so an installed package works like a checkout. Every
install is recorded in ``<dest>/.sourcebook/installed.json`` so a re-run reports what is
unchanged and ``uninstall`` removes exactly what was written, never anything else.
"""

from __future__ import annotations

import os
import sys

from ...base import jsonio
from ...base.errors import Exit, SbError
from ...base.record import TupleRecord, field, record
from ...base.resources import KIT_ROOT, data_dir

# Harness-specific tool names: a portable skill names `sb` commands and plain actions only.
FORBIDDEN = ("WebFetch", "Bash(", "str_replace", "read_file", "apply_patch", "mcp__")


class Layout(TupleRecord):
    skill: str  # folder that receives a copy of skills/sourcebook
    commands: str | None  # folder that receives commands/*.md (None: the harness has none)


# Current locations first; the contract's older layouts are still written so existing set-ups
# keep working (Codex reads .agents/skills today; .codex/prompts is its retired prompt folder).
HARNESSES: dict[str, tuple[Layout, ...]] = {
    "claude": (Layout(".claude/skills/sourcebook", ".claude/commands"),),
    "codex": (Layout(".agents/skills/sourcebook", None),
              Layout(".codex/skills/sourcebook", ".codex/prompts")),
    "cursor": (Layout(".cursor/skills/sourcebook", ".cursor/commands"),),
    "hermes": (Layout(".hermes/skills/sourcebook", ".hermes/commands"),),
    "agents": (Layout(".agents/skills/sourcebook", ".agents/commands"),),
}
ALL = ("claude", "agents", "codex", "cursor", "hermes")
RECORD = ".sourcebook/installed.json"
SHIM = ".sourcebook/bin/sb"

AGENTS_SNIPPET = """\
## sourcebook
This project uses sourcebook (`sb`) for research answers whose every claim is pinned to an
exact quote. The skill is in `.agents/skills/sourcebook/SKILL.md`: read it before answering a
research question, and follow its loop (collect, ground, adjudicate, compose, verify).
Run `sb status` first; it prints the one next command. Nothing ships unless `sb verify` passes.
"""


@record
class Change:
    path: str  # relative to dest, POSIX
    action: str  # installed | updated | unchanged | linked | removed


@record
class Report:
    dest: str
    harnesses: list[str]
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def count(self, action: str) -> int:
        return sum(1 for c in self.changes if c.action == action)

    def to_json(self) -> dict:
        return {"dest": self.dest, "harnesses": self.harnesses, "notes": self.notes,
                "changes": [{"path": c.path, "action": c.action} for c in self.changes]}


def resolve_harnesses(name: str) -> list[str]:
    if name == "all":
        return list(ALL)
    if name not in HARNESSES:
        raise SbError("E-USAGE", name, f"unknown harness; choose one of {', '.join(ALL)} or all")
    return [name]


def resolve_dest(dest: str | None, user: bool, cwd: str) -> str:
    if user and dest:
        raise SbError("E-USAGE", "--user", "give either --dest or --user, not both")
    if user:
        return os.path.expanduser("~")
    return os.path.normpath(os.path.join(cwd, os.path.expanduser(dest or ".")))


def kit_files(skills: str | None = None, commands: str | None = None) -> tuple[dict, dict]:
    """(skill files, command files): relative name -> absolute source path."""
    skill_root = skills or os.path.join(data_dir("skills"), "sourcebook")
    cmd_root = commands or data_dir("commands")
    if not os.path.isfile(os.path.join(skill_root, "SKILL.md")):
        raise SbError("E-INSTALL", skill_root, "no SKILL.md here; the kit is incomplete (reinstall sourcebook)")
    skill: dict[str, str] = {}
    for dirpath, dirnames, files in os.walk(skill_root):
        dirnames.sort()
        for f in sorted(files):
            if f.endswith((".tmp", ".pyc")) or f.startswith("."):
                continue
            full = os.path.join(dirpath, f)
            skill[os.path.relpath(full, skill_root).replace(os.sep, "/")] = full
    cmds = {}
    if os.path.isdir(cmd_root):
        cmds = {f: os.path.join(cmd_root, f) for f in sorted(os.listdir(cmd_root)) if f.endswith(".md")}
    return skill, cmds


def portability_findings(files: dict[str, str]) -> list[tuple[str, str]]:
    """(file, token) for each Markdown file that names a harness-specific tool."""
    bad: list[tuple[str, str]] = []
    for rel, path in sorted(files.items()):
        if not rel.endswith(".md"):
            continue
        text = jsonio.read_text(path)
        bad.extend((rel, tok) for tok in FORBIDDEN if tok in text)
    return bad


def shim_text(python: str | None = None) -> str:
    """The shim runs the Python the kit was installed with (or the one named), never whatever
    ``python3`` is first on PATH: optional extras (pypdf) installed into a virtual environment
    then work through the shim with no environment active. The path is kept as given, not
    resolved, because a virtual environment's ``bin/python`` is a link to the base interpreter."""
    py = python or sys.executable or "python3"
    script = os.path.join(KIT_ROOT, "scripts", "sb.py")
    if os.path.isfile(script):
        return f'#!/bin/sh\nexec "{py}" "{script}" "$@"\n'
    # an installed package has no scripts/ folder: run the module with the same interpreter
    return f'#!/bin/sh\nexec "{py}" -m sourcebook "$@"\n'


def check_python(python: str) -> str:
    """An absolute path to an executable Python for the shim (``E-INSTALL`` otherwise)."""
    path = os.path.abspath(os.path.expanduser(python))
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise SbError("E-INSTALL", python, "not an executable file; name the Python that should run sb "
                      "(for a virtual environment: <venv>/bin/python)")
    if any(c in path for c in '"$`\\\n'):
        raise SbError("E-INSTALL", python, "the path holds a quote, $, backquote, backslash or newline; "
                      "the shim cannot name it safely")
    return path


def _read_record(dest: str) -> dict:
    path = os.path.join(dest, RECORD)
    if not os.path.exists(path):
        return {"schema_version": 1, "harnesses": {}, "dirs": []}
    rec = jsonio.read_json(path, RECORD)
    if not isinstance(rec, dict) or not isinstance(rec.get("harnesses"), dict):
        raise SbError("E-INSTALL", path, "install record is damaged; remove it and install again")
    rec.setdefault("dirs", [])
    return rec


def _same_file(dst: str, data: bytes) -> bool:
    if os.path.islink(dst) or not os.path.isfile(dst):
        return False
    with open(dst, "rb") as fh:
        return fh.read() == data


def _makedirs(dest: str, rel_dir: str, created: list[str]) -> None:
    parts = [p for p in rel_dir.split("/") if p]
    for i in range(1, len(parts) + 1):
        sub = "/".join(parts[:i])
        full = os.path.join(dest, sub)
        if not os.path.isdir(full):
            os.makedirs(full)
            if sub not in created:
                created.append(sub)


def _place_copy(dest: str, rel: str, src: str, created: list[str], mode: int | None = None) -> str:
    with open(src, "rb") as fh:
        data = fh.read()
    return _place_bytes(dest, rel, data, created, mode)


def _place_bytes(dest: str, rel: str, data: bytes, created: list[str], mode: int | None = None) -> str:
    full = os.path.join(dest, rel)
    _makedirs(dest, os.path.dirname(rel), created)
    want = None if mode is None else jsonio.shared_mode(mode)  # the umask applies to the shim too
    if _same_file(full, data) and (want is None or (os.stat(full).st_mode & 0o777) == want):
        return "unchanged"
    action = "updated" if os.path.lexists(full) else "installed"
    if os.path.islink(full):
        os.unlink(full)
    jsonio.atomic_write_bytes(full, data, mode=jsonio.FILE_MODE if mode is None else mode)
    return action


def _place_link(dest: str, rel: str, target: str, created: list[str], owned: set[str]) -> str:
    full = os.path.join(dest, rel)
    _makedirs(dest, os.path.dirname(rel), created)
    if os.path.islink(full):
        if os.readlink(full) == target:
            return "unchanged"
        os.unlink(full)
        os.symlink(target, full)
        return "updated"
    if os.path.isdir(full):
        _remove_owned_tree(dest, rel, owned)
        if os.path.exists(full):
            raise SbError("E-INSTALL", full, "exists with files sourcebook did not write; move it away to --link")
    elif os.path.exists(full):
        if rel not in owned:
            raise SbError("E-INSTALL", full, "exists and was not written by sourcebook; move it away to --link")
        os.unlink(full)
    os.symlink(target, full)
    return "linked"


def _remove_owned_tree(dest: str, rel_dir: str, owned: set[str]) -> None:
    """Remove files under rel_dir that a previous install wrote, then the empty folders."""
    prefix = rel_dir.rstrip("/") + "/"
    for rel in sorted(owned, reverse=True):
        if rel.startswith(prefix) and os.path.lexists(os.path.join(dest, rel)):
            os.unlink(os.path.join(dest, rel))
    for dirpath, _dirs, _files in sorted(os.walk(os.path.join(dest, rel_dir)), key=lambda t: -len(t[0])):
        if not os.listdir(dirpath):
            os.rmdir(dirpath)


def install(dest: str, harnesses: list[str], *, link: bool = False, skills: str | None = None,
            commands: str | None = None, python: str | None = None) -> Report:
    """Install the skill, the commands and the shim for each harness into dest."""
    python = check_python(python) if python else None
    skill, cmds = kit_files(skills, commands)
    bad = portability_findings({**{f"skill/{k}": v for k, v in skill.items()},
                                **{f"commands/{k}": v for k, v in cmds.items()}})
    if bad:
        from ...base.errors import Finding

        raise SbError("E-PORTABILITY", bad[0][0], f"names the harness-specific tool {bad[0][1]!r}; "
                      "name `sb` commands and plain actions instead; nothing was installed", Exit.GATE,
                      findings=[Finding("E-PORTABILITY", f, f"names {t!r}") for f, t in bad[1:]])
    skill_root = os.path.dirname(skill["SKILL.md"])
    if not os.path.isdir(dest):
        raise SbError("E-INSTALL", dest, "no such folder; create it or pass another --dest", Exit.USAGE)
    rec = _read_record(dest)
    _refuse_foreign_files(dest, rec, harnesses, skill, cmds, skill_root, link)
    created: list[str] = list(rec["dirs"])
    report = Report(dest, harnesses)
    done: set[str] = set()  # a path shared by two harnesses is written once
    for h in harnesses:
        previous = set(rec["harnesses"].get(h, []))
        owned = set().union(*[set(v) for v in rec["harnesses"].values()]) if rec["harnesses"] else set()
        mine: list[str] = []
        for layout in HARNESSES[h]:
            for rel, src in _layout_items(layout, skill, cmds, skill_root, link):
                mine.append(rel)
                if rel in done:
                    continue
                done.add(rel)
                if link:
                    action = _place_link(dest, rel, src, created, owned)
                else:
                    full = os.path.join(dest, layout.skill)
                    if os.path.islink(full):  # switching from --link back to copies
                        os.unlink(full)
                    action = _place_copy(dest, rel, src, created)
                report.changes.append(Change(rel, action))
        # files an older version of the kit installed that this one no longer ships
        for rel in sorted(previous - set(mine)):
            full = os.path.join(dest, rel)
            if _shared(rec, h, rel) or (os.path.isdir(full) and not os.path.islink(full)):
                continue  # a link that became a folder of copies stays
            if os.path.lexists(full):
                os.unlink(full)
                report.changes.append(Change(rel, "removed"))
        rec["harnesses"][h] = sorted(set(mine))
    report.changes.append(Change(SHIM, _place_bytes(dest, SHIM, shim_text(python).encode(), created, 0o777)))
    report.notes.append(f"the shim runs {python or sys.executable}: install optional extras (pypdf) for that "
                        "Python, or name another with --python")
    if "codex" in harnesses:
        report.notes.append("codex: add this to AGENTS.md at the project root:\n" + AGENTS_SNIPPET)
    rec["dirs"] = sorted(set(created))
    rec["schema_version"] = 1
    _makedirs(dest, ".sourcebook", created)
    jsonio.write_json(os.path.join(dest, RECORD), rec)
    _scan_installed(dest, report)
    return report


def _layout_items(layout: Layout, skill: dict, cmds: dict, skill_root: str, link: bool) -> list[tuple[str, str]]:
    """(path relative to dest, what goes there) for one layout: the skill folder as one link,
    or its files as copies, then the commands."""
    items = [(layout.skill, skill_root)] if link else [(f"{layout.skill}/{rel}", src) for rel, src in skill.items()]
    if layout.commands:
        items += [(f"{layout.commands}/{name}", src) for name, src in cmds.items()]
    return items


def _planned(harnesses: list[str], skill: dict, cmds: dict, skill_root: str, link: bool) -> dict[str, str]:
    """Every path an install would place (relative to dest) and what it places there."""
    return {rel: src for h in harnesses for layout in HARNESSES[h]
            for rel, src in _layout_items(layout, skill, cmds, skill_root, link)}


def _refuse_foreign_files(dest: str, rec: dict, harnesses: list[str], skill: dict, cmds: dict,
                          skill_root: str, link: bool) -> None:
    """Stop before writing anything when a file we would place is already there and is not
    ours: a user's own ``sb-ask.md`` must never be overwritten, nor removed by ``--uninstall``."""
    owned = set().union(*[set(v) for v in rec["harnesses"].values()]) if rec["harnesses"] else set()
    foreign = []
    for rel, src in sorted(_planned(harnesses, skill, cmds, skill_root, link).items()):
        full = os.path.join(dest, rel)
        if rel in owned or not os.path.lexists(full) or (os.path.isdir(full) and not os.path.islink(full)):
            continue  # ours, free, or a folder (the link step judges folders file by file)
        if os.path.islink(full) and os.readlink(full) == src:
            continue
        if not link and os.path.isfile(full):
            with open(src, "rb") as fh:
                if _same_file(full, fh.read()):
                    continue  # identical to what we would write: adopting it loses nothing
        foreign.append(rel)
    if foreign:
        from ...base.errors import Finding

        raise SbError("E-INSTALL", os.path.join(dest, foreign[0]),
                      f"exists and was not written by sourcebook ({len(foreign)} such file(s)); move "
                      "them away, then install again. Nothing was installed",
                      findings=[Finding("E-INSTALL", os.path.join(dest, f), "not written by sourcebook")
                                for f in foreign[1:]])


def _shared(rec: dict, harness: str, rel: str) -> bool:
    return any(rel in files for h, files in rec["harnesses"].items() if h != harness)


def _scan_installed(dest: str, report: Report) -> None:
    """The gate of compatibility: install: every installed Markdown file is portable (the sources were
    checked before writing; this catches a link that points at something else)."""
    files = {c.path: os.path.join(dest, c.path) for c in report.changes if c.action != "removed"}
    expanded: dict[str, str] = {}
    for rel, full in files.items():
        if os.path.isdir(full):
            for dirpath, _d, fs in os.walk(full):
                for f in fs:
                    expanded[os.path.relpath(os.path.join(dirpath, f), dest)] = os.path.join(dirpath, f)
        elif os.path.isfile(full):
            expanded[rel] = full
    bad = portability_findings(expanded)
    if bad:
        raise SbError("E-PORTABILITY", bad[0][0], f"names the harness-specific tool {bad[0][1]!r}", Exit.GATE)


def uninstall(dest: str, harnesses: list[str]) -> Report:
    """Remove what install wrote for these harnesses; the shim and record go with the last one."""
    rec = _read_record(dest)
    report = Report(dest, harnesses)
    if not rec["harnesses"]:
        report.notes.append(f"nothing recorded in {RECORD}; nothing removed")
        return report
    for h in harnesses:
        for rel in rec["harnesses"].pop(h, []):
            if _shared(rec, h, rel):
                continue
            full = os.path.join(dest, rel)
            if os.path.islink(full) or os.path.isfile(full):
                os.unlink(full)
                report.changes.append(Change(rel, "removed"))
    if not rec["harnesses"]:
        for rel in (SHIM, RECORD):
            if os.path.lexists(os.path.join(dest, rel)):
                os.unlink(os.path.join(dest, rel))
                report.changes.append(Change(rel, "removed"))
    # folders the install created, deepest first, only once they are empty
    for rel in sorted(rec["dirs"], key=lambda d: -d.count("/")):
        full = os.path.join(dest, rel)
        if os.path.isdir(full) and not os.path.islink(full) and not os.listdir(full):
            os.rmdir(full)
    if rec["harnesses"]:
        rec["dirs"] = [d for d in rec["dirs"] if os.path.isdir(os.path.join(dest, d))]
        jsonio.write_json(os.path.join(dest, RECORD), rec)
    return report


def root_skill_text(skill_md: str | None = None) -> str:
    """The repository's top-level SKILL.md: the skill with its reference links re-rooted."""
    path = skill_md or os.path.join(KIT_ROOT, "skills", "sourcebook", "SKILL.md")
    text = jsonio.read_text(path)
    end = text.find("\n---\n", 4)
    head, body = (text[: end + 5], text[end + 5:]) if text.startswith("---\n") and end > 0 else ("", text)
    body = body.replace("](reference/", "](skills/sourcebook/reference/")
    body = body.replace("`reference/", "`skills/sourcebook/reference/")
    note = ("<!-- Generated from skills/sourcebook/SKILL.md by scripts/gen_skill.py; "
            "edit that file, not this one. -->\n")
    return head + note + body
