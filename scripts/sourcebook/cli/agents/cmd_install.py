"""sb install."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Install the sourcebook skill and slash commands where an agent harness looks for them, plus a
shim `.sourcebook/bin/sb` so the agent can call `sb` from any folder.

  sb install --harness claude                 .claude/skills/sourcebook + .claude/commands
  sb install --harness codex                  .agents/skills/sourcebook (+ legacy .codex/...)
  sb install --harness cursor --dest ~/proj   .cursor/skills/sourcebook + .cursor/commands
  sb install --harness hermes --user          ~/.hermes/skills/sourcebook + ~/.hermes/commands
  sb install --harness agents                 .agents/skills/sourcebook + .agents/commands
  sb install --harness all --link             every layout, as symlinks to this kit
  sb install --harness claude --uninstall     remove exactly what was installed

Re-running is safe: unchanged files are reported as unchanged. What was written is recorded in
`<dest>/.sourcebook/installed.json`; `--uninstall` removes those files and nothing else. A
file of yours where a kit file would go stops the install before anything is written (E-INSTALL).
Every installed Markdown file is checked for harness-specific tool names (E-PORTABILITY, exit 2).
Then put the shim on PATH: export PATH="<dest>/.sourcebook/bin:$PATH". The shim runs the
Python this install runs with (or --python PATH), so `pip install .[pdf]` into a virtual
environment, then installing with that environment's python, gives the shim PDF support with no
environment active."""


def configure(p) -> None:
    p.add_argument("--harness", required=True, choices=["claude", "codex", "cursor", "hermes", "agents", "all"],
                   help="which agent harness to install for")
    p.add_argument("--dest", metavar="DIR", help="project folder to install into (default: the current folder)")
    p.add_argument("--user", action="store_true", help="install under your home folder instead of a project")
    p.add_argument("--link", action="store_true", help="symlink to this kit instead of copying")
    p.add_argument("--uninstall", action="store_true", help="remove what an earlier install wrote")
    p.add_argument("--python", metavar="PATH", help="the Python the shim runs (default: the one running this "
                   "install, e.g. a virtual environment's bin/python)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args, ctx) -> int:
    from ...domain.install import harnesses as inst

    harnesses = inst.resolve_harnesses(args.harness)
    dest = inst.resolve_dest(args.dest, args.user, ctx.cwd)
    if args.uninstall:
        report = inst.uninstall(dest, harnesses)
    else:
        report = inst.install(dest, harnesses, link=args.link, python=args.python)
    if args.json:
        ctx.emit_json(report.to_json())
        return Exit.OK
    for c in report.changes:
        if c.action != "unchanged":
            ctx.out(f"{c.action:<10}{c.path}")
    counts = ", ".join(f"{report.count(a)} {a}" for a in ("installed", "linked", "updated", "unchanged", "removed")
                       if report.count(a))
    verb = "uninstall" if args.uninstall else "install"
    ctx.out(f"sb {verb}  {', '.join(harnesses)}  {dest}  ({counts or 'nothing to do'})")
    for note in report.notes:
        ctx.out(note)
    if not args.uninstall:
        ctx.out(f'next: export PATH="{dest}/.sourcebook/bin:$PATH"   then, in your agent: /sourcebook')
    return Exit.OK
