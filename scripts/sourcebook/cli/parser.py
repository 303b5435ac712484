"""argparse, made to fit the contract: usage errors exit 1, help goes to the given stream."""

from __future__ import annotations

import argparse
import os
import sys

from ..base.errors import SbError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)
if TYPE_CHECKING:
    from typing import NoReturn, TextIO


class ParserExit(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def _columns() -> int:
    """``shutil.get_terminal_size().columns``, without importing shutil (and with it zlib, bz2
    and lzma): argparse makes a formatter for every option it is given, and each asks."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


class Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    out: TextIO | None = None  # the stream help is written to; set per call by the app

    def __init__(self, *a, **kw):
        kw.setdefault("formatter_class", Formatter)
        super().__init__(*a, **kw)

    def error(self, message: str) -> NoReturn:
        raise SbError("E-USAGE", self.prog, f"{message}; see `{self.prog} --help`")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self._print_message(message)
        raise ParserExit(status)

    def _print_message(self, message: str, file=None) -> None:  # noqa: ARG002
        if message and Parser.out is not None:
            Parser.out.write(message)


def add_dir(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dir", dest="sub_dir", default=argparse.SUPPRESS, metavar="DIR",
                   help="workspace root (default: the nearest folder with sourcebook.json)")


def add_json(p: argparse.ArgumentParser, what: str = "the result") -> None:
    p.add_argument("--json", action="store_true", help=f"print {what} as JSON on stdout")
