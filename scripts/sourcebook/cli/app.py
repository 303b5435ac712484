"""The entry point and the single ladder that turns exceptions into exit codes."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

from ..base.errors import Exit, SbError
from ..base.versions import SB_VERSION
from .context import Ctx
from .table import COMMANDS, GROUPS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)
if TYPE_CHECKING:
    from typing import TextIO

DESCRIPTION = """\
sourcebook: pin every claim to an exact quote in a source you supplied.

A workspace is a folder of sources; sb turns each into one canonical text, indexes it,
and checks every citation byte for byte before anything ships.

Exit status: 0 success, 1 a usage or input problem, 2 a failed gate."""


def _command_index(argv: Sequence[str]) -> int:
    """Position of the subcommand in argv, or -1 when there is none."""
    i = 0
    while i < len(argv):
        tok = argv[i]
        if tok == "--dir":
            i += 2
            continue
        if tok.startswith("-"):
            i += 1
            continue
        return i
    return -1


def _root_help() -> str:
    lines = ["usage: sb [--dir DIR] [--version] <command> [options]", "", DESCRIPTION, ""]
    for group, title in GROUPS:
        lines.append(f"{title}:")
        for name, cmd in COMMANDS.items():
            if cmd.group == group:
                lines.append(f"  {name:<15} {cmd.summary}")
        lines.append("")
    lines.append("Run `sb <command> --help` for a command's options. Docs: README.md and docs/.")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stderr: TextIO | None = None, cwd: str | None = None, stdin: TextIO | None = None) -> int:
    """Run one ``sb`` command in-process and return its exit status. Never calls sys.exit.
    ``stdin`` is what ``--stdin`` options read (the process's standard input when None)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    ctx = Ctx(stdout=out, stderr=err, cwd=os.path.abspath(cwd or os.getcwd()), stdin=stdin)
    try:
        return _run(argv, ctx)
    except SbError as exc:
        for f in exc.findings:
            ctx.finding(f)
        ctx.err(f"{exc.code}  {exc.subject}  {exc.message}")
        return exc.exit_code
    except KeyboardInterrupt:
        ctx.err("E-USAGE  sb  interrupted")
        return Exit.INTERRUPTED
    except BrokenPipeError:
        return Exit.OK
    except OSError as exc:  # a path the user named cannot be read or written: their fix, not a bug
        where = exc.filename if exc.filename is not None else "sb"
        ctx.err(f"E-IO  {where}  cannot read or write: {exc.strerror or exc}; check the path and its "
                "permissions, then run the command again")
        return Exit.USAGE
    except Exception as exc:  # the last rung: a bug, reported in one line, never a traceback
        if os.environ.get("SB_DEBUG"):
            raise
        ctx.err(f"E-INTERNAL  sb  {type(exc).__name__}: {exc} "
                "(a bug in sb; rerun with SB_DEBUG=1 for details and report it)")
        return Exit.USAGE


def _run(argv: list[str], ctx: Ctx) -> int:
    pos = _command_index(argv)
    head = argv if pos < 0 else argv[:pos]
    if pos < 0:
        if "--version" in head or "-V" in head:
            ctx.out(f"sourcebook {SB_VERSION}")
            return Exit.OK
        if "--help" in head or "-h" in head:
            ctx.stdout.write(_root_help())
            return Exit.OK
        ctx.stdout.write(_root_help())
        return Exit.USAGE
    name = argv[pos]
    if name == "help":
        if pos + 1 < len(argv) and argv[pos + 1] in COMMANDS:
            return _run(head + [argv[pos + 1], "--help"], ctx)
        ctx.stdout.write(_root_help())
        return Exit.OK
    cmd = COMMANDS.get(name)
    if cmd is None:
        import difflib

        near = difflib.get_close_matches(name, COMMANDS, n=1)
        hint = f"; did you mean `sb {near[0]}`?" if near else "; run `sb --help` for the list"
        raise SbError("E-USAGE", name, f"unknown command{hint}")
    if "--version" in head:
        ctx.out(f"sourcebook {SB_VERSION}")
        return Exit.OK

    module = importlib.import_module(cmd.path)
    # only the parser of the command that runs is built; `--dir` before the command is read here
    root_dir, extra = _root_options(head)
    args = None if extra else _quick_args(module, f"sb {name}", argv[pos + 1:])
    if args is None:
        from .parser import Parser, ParserExit, add_dir  # argparse: help, errors, sub-commands

        Parser.out = ctx.stdout
        p = Parser(prog=f"sb {name}", description=getattr(module, "DESCRIPTION", cmd.summary))
        add_dir(p)
        module.configure(p)
        try:
            args, more = p.parse_known_args(argv[pos + 1:])
        except ParserExit as exc:
            return exc.status
        extra += more
        if extra:  # named by the command's own parser, whose --help lists what it takes
            raise SbError("E-USAGE", p.prog, f"unrecognized arguments: {' '.join(extra)}{_near_flag(p, extra)}; "
                                             f"see `{p.prog} --help`")
    ctx.dir = root_dir if root_dir is not None else getattr(args, "sub_dir", None)
    try:
        return int(module.run(args, ctx) or 0)
    finally:
        _hand_over_records()


# records written by a command are told to verify's cache when they are at least 1/RECORD_SHARE
# of the workspace's sources: the cache is read and written whole (about 10 µs a source), and
# verify checks a record in some 25 µs
RECORD_SHARE = 4


def _hand_over_records() -> None:
    """Source records this command wrote that the schemas gate passes, told to verify's cache
    (``sources.store.record_fact``), so its first run does not judge them again: a batch; one
    record set by hand in a large workspace is left to verify, and so is a pending record (`sb
    add`), which `sb extract` writes again."""
    store = sys.modules.get(__name__.rsplit(".", 2)[0] + ".domain.sources.store")
    if store is None or not store._WRITTEN:
        return
    from ..domain.gate.verify_cache import VerifyCache
    from ..domain.workspace.layout import Workspace

    for root in list(store._WRITTEN):
        ws = Workspace(root)
        try:
            if store.written_count(root) * RECORD_SHARE >= len(ws.source_dir_names()):
                VerifyCache.learn_clean(ws, store.take_written(root))
        except (OSError, SbError):
            pass  # a cache that cannot be written: verify judges the records itself
        store._WRITTEN.pop(root, None)


def _quick_args(module, prog: str, argv: list[str]):
    """The command's arguments read without argparse, or None when argparse must read them
    (``cli.quickargs``: help, errors, anything unusual)."""
    from .quickargs import SUPPRESS, QuickParser, Unsupported

    q = QuickParser(prog)
    q.add_argument("--dir", dest="sub_dir", default=SUPPRESS)  # as parser.add_dir
    try:
        module.configure(q)
        return q.parse(argv)
    except Unsupported:
        return None


def _root_options(head: list[str]) -> tuple[str | None, list[str]]:
    """``--dir DIR`` (or ``--dir=DIR``) before the command, the last one winning, and the
    tokens there that are not (unrecognized)."""
    found: str | None = None
    extra: list[str] = []
    i = 0
    while i < len(head):
        tok = head[i]
        if tok == "--dir" and i + 1 < len(head):
            found = head[i + 1]
            i += 2
            continue
        if tok.startswith("--dir="):
            found = tok[len("--dir="):]
        else:
            extra.append(tok)
        i += 1
    return found, extra


def _near_flag(p, extra: list[str]) -> str:
    """``--k`` -> ``did you mean -k?``: the closest option the command takes."""
    import difflib

    flags = [o for a in p._actions for o in a.option_strings]  # noqa: SLF001 - argparse has no public list
    for tok in extra:
        if tok.startswith("-"):
            name = tok.split("=", 1)[0]
            near = difflib.get_close_matches(name, flags, n=1, cutoff=0.6) or \
                [f for f in flags if f.lstrip("-") == name.lstrip("-")]
            if near:
                return f" (did you mean {near[0]}?)"
    return ""
