"""What a command handler gets: its input and output streams, the working folder, and the workspace."""

from __future__ import annotations

import os

from ..base.errors import Finding

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)
if TYPE_CHECKING:
    from typing import Any, TextIO


def _flush(stream) -> None:
    try:
        stream.flush()
    except (OSError, ValueError):  # a closed pipe (`sb ... | head`) or stream: nothing to keep
        pass


class Ctx:
    __slots__ = ("stdout", "stderr", "cwd", "dir", "stdin")

    def __init__(self, stdout: TextIO, stderr: TextIO, cwd: str, dir: str | None = None,
                 stdin: TextIO | None = None):
        # A command reads its input only through here, so a caller running sb in-process (the
        # MCP server, tests) gives it its own stream instead of swapping the process's.
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.cwd = cwd
        self.dir = dir

    def read_stdin(self) -> str:
        import sys

        return (self.stdin if self.stdin is not None else sys.stdin).read()

    def out(self, line: str = "") -> None:
        self.stdout.write(line + "\n")

    def err(self, line: str) -> None:
        """One message on stderr, on a line of its own. What stdout holds so far is written
        first: Python buffers stdout in blocks when it is not a terminal, so without this, when
        both streams go to one place (``2>&1``, a log), every warning would come before the
        lines it follows."""
        _flush(self.stdout)
        self.stderr.write(line + "\n")
        _flush(self.stderr)

    def finding(self, f: Finding) -> None:
        self.err(f.line())

    def emit_json(self, obj: Any) -> None:
        import json

        self.stdout.write(json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n")

    def path(self, p: str) -> str:
        """A path argument, relative to the working folder (compatibility: paths)."""
        return os.path.normpath(os.path.join(self.cwd, os.path.expanduser(p)))

    def workspace(self):  # -> Workspace (imported lazily to keep start-up small)
        from ..domain.workspace.layout import Workspace

        return Workspace.discover(self.cwd, self.dir)
