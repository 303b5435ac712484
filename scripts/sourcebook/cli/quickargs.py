"""The command line of the usual call, read without argparse.

``import argparse`` and building a parser cost about 15 ms of a call that does 50 ms of work
(argparse loads ``gettext`` and ``locale`` and asks for a translation of every message), and
an agent runs ``sb add`` once per file. ``QuickParser`` takes the same ``add_argument`` calls a
command's ``configure`` makes and reads an argument list only when its meaning is beyond doubt:
every option spelled in full and known, each option's value a plain word, the positional
arguments first, every choice and type valid, every required argument present. Anything else
(``--help``, an abbreviation, ``--``, an unknown or misspelt option, a value that starts with
a dash, an error of any kind, a sub-command, a group of options) raises ``Unsupported``, and
argparse reads the same list, so help and every error message stay argparse's own. A test
checks that whatever this parser accepts, argparse reads the same way.
"""

from __future__ import annotations

import re

SUPPRESS = "==SUPPRESS=="  # argparse.SUPPRESS: the attribute is left out unless given
_NARGS = {None: "A", "?": "A?", "*": "A*", "+": "A+"}
_TYPES = (None, str, int, float)


class Unsupported(Exception):
    """The call is argparse's to read (or the command's options are beyond this parser)."""


class Namespace:
    """What a command's ``run`` gets (the attributes argparse's ``Namespace`` would have)."""

    def __init__(self, **kw: object) -> None:
        self.__dict__.update(kw)

    def __eq__(self, other: object) -> bool:
        return vars(self) == vars(other)

    def __repr__(self) -> str:
        return "Namespace(" + ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items())) + ")"


class _Arg:
    __slots__ = ("dest", "flag", "default", "required", "choices", "type", "nargs", "options")

    def __init__(self, dest: str, flag: bool, default: object, required: bool, choices: object,
                 type_: object, nargs: str | None, options: tuple[str, ...]) -> None:
        self.dest, self.flag, self.default, self.required = dest, flag, default, required
        self.choices, self.type, self.options = choices, type_, options
        self.nargs: str | None = nargs

    def convert(self, value: str) -> object:
        try:
            got = self.type(value) if self.type is not None else value  # type: ignore[operator]
        except (TypeError, ValueError):
            raise Unsupported from None
        if self.choices is not None and got not in self.choices:  # type: ignore[operator]
            raise Unsupported
        return got


class QuickParser:
    """Records a command's arguments as argparse would (the subset commands use) and reads a
    plain argument list (see the module)."""

    def __init__(self, prog: str) -> None:
        self.prog = prog
        self._options: dict[str, _Arg] = {}
        self._positionals: list[_Arg] = []
        self._all: list[_Arg] = []

    def add_argument(self, *names: str, action: str | None = None, nargs: object = None, default: object = None,
                     type: object = None, choices: object = None, required: bool = False,  # noqa: A002
                     dest: str | None = None, help: str | None = None, metavar: object = None) -> None:  # noqa: A002, ARG002
        if action not in (None, "store", "store_true") or type not in _TYPES or not names:
            raise Unsupported
        options = tuple(n for n in names if n.startswith("-"))
        if options:
            if len(options) != len(names) or nargs is not None:
                raise Unsupported
            longs = [o for o in options if o.startswith("--")]
            name = dest or (longs[0] if longs else options[0]).lstrip("-").replace("-", "_")
            flag = action == "store_true"
            if flag:
                default = False if default is None else default
            arg = _Arg(name, flag, default, required, choices, type, None, options)
            for o in options:
                self._options[o] = arg
        else:
            if len(names) != 1 or dest is not None or nargs not in _NARGS or action == "store_true":
                raise Unsupported
            arg = _Arg(names[0], False, default, nargs is None, choices, type,
                       nargs if isinstance(nargs, str) else None, ())
            self._positionals.append(arg)
        self._all.append(arg)

    def __getattr__(self, name: str):  # add_subparsers, groups, set_defaults ...: argparse's job
        if name.startswith("__"):
            raise AttributeError(name)
        raise Unsupported

    def parse(self, argv: list[str]) -> Namespace:
        values: dict[str, object] = {}
        given: set[str] = set()
        head: list[str] = []
        i, seen_option = 0, False
        while i < len(argv):
            tok = argv[i]
            if not tok.startswith("-"):
                if seen_option:
                    raise Unsupported  # a positional after an option: argparse's rules decide
                head.append(tok)
                i += 1
                continue
            seen_option = True
            name, eq, inline = tok.partition("=")
            arg = self._options.get(name if eq and name.startswith("--") else tok)
            if arg is None:
                raise Unsupported
            if arg.flag:
                if eq:
                    raise Unsupported
                values[arg.dest] = True
                i += 1
            elif eq:
                values[arg.dest] = arg.convert(inline)
                i += 1
            else:
                if i + 1 >= len(argv) or argv[i + 1].startswith("-"):
                    raise Unsupported
                values[arg.dest] = arg.convert(argv[i + 1])
                i += 2
            given.add(arg.dest)
        self._positional_values(head, values)
        out: dict[str, object] = {}
        for arg in self._all:
            if arg.dest in values:
                out[arg.dest] = values[arg.dest]
            elif arg.required:
                raise Unsupported
            elif arg.dest not in out and arg.default != SUPPRESS:
                default = arg.default
                if isinstance(default, str) and arg.type is not None:
                    default = arg.convert(default)
                out[arg.dest] = default
        return Namespace(**out)

    def _positional_values(self, head: list[str], values: dict[str, object]) -> None:
        """Positional arguments matched as argparse matches them (one greedy pattern)."""
        pattern = "".join(f"({_NARGS[a.nargs]})" for a in self._positionals)
        m = re.fullmatch(pattern, "A" * len(head))
        if m is None:
            raise Unsupported
        at = 0
        for arg, group in zip(self._positionals, m.groups(), strict=True):
            got = head[at:at + len(group)]
            at += len(group)
            if arg.nargs is None:
                values[arg.dest] = arg.convert(got[0])
            elif arg.nargs == "?":
                if got:
                    values[arg.dest] = arg.convert(got[0])
            elif got or arg.default is None:  # * and +
                values[arg.dest] = [arg.convert(g) for g in got]
