"""argparse, made to fit the contract: usage errors exit 1, help goes to the given stream."""

from __future__ import annotations

import argparse
from typing import NoReturn, TextIO

from ..base.errors import SbError


class ParserExit(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    out: TextIO | None = None  # the stream help is written to; set per call by the app

    def __init__(self, *a, **kw):
        kw.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
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
