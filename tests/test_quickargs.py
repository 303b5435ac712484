"""The usual call read without argparse (``cli.quickargs``): whatever it accepts, argparse reads
the same way, for every command; everything else is left to argparse (help, errors)."""

from __future__ import annotations

import functools
import importlib
import io

import pytest
from conftest import sb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sourcebook.base.errors import SbError
from sourcebook.cli.parser import Parser, ParserExit, add_dir
from sourcebook.cli.quickargs import SUPPRESS, QuickParser, Unsupported
from sourcebook.cli.table import COMMANDS


def _module(name: str):
    return importlib.import_module(COMMANDS[name].path)


_PARSERS: dict = {}


def _parsers(name: str):
    """The command's argparse parser and quick parser, built once (reading does not change them)."""
    if name not in _PARSERS:
        Parser.out = io.StringIO()
        p = Parser(prog=f"sb {name}")
        add_dir(p)
        _module(name).configure(p)
        q = QuickParser(f"sb {name}")
        q.add_argument("--dir", dest="sub_dir", default=SUPPRESS)
        try:
            _module(name).configure(q)
        except Unsupported:
            q = None
        _PARSERS[name] = (p, q)
    return _PARSERS[name]


def _argparse(name: str, argv: list[str]):
    """argparse's reading (the app's own parser), or None when it refuses or has extras."""
    p = _parsers(name)[0]
    Parser.out = io.StringIO()
    try:
        args, extra = p.parse_known_args(argv)
    except (ParserExit, SbError):
        return None
    return None if extra else vars(args)


def _quick(name: str, argv: list[str]):
    q = _parsers(name)[1]
    try:
        return None if q is None else vars(q.parse(argv))
    except Unsupported:
        return None


def _words(name: str) -> list[str]:
    """The option strings a command takes, a few values (good and bad) and plain words."""
    p = _parsers(name)[0]
    opts = [o for a in p._actions for o in a.option_strings]  # noqa: SLF001
    choices = [str(c) for a in p._actions for c in (a.choices or ()) if isinstance(c, (str, int))]  # noqa: SLF001
    return opts + choices + ["notes.md", "src_0123456789ab", "12", "-3", "1.5", "", "a b", "-", "--",
                             "--help", "-h", "--ti", "--tier=B", "--json=1", "x=y", "--nope"]


PLAIN = ["notes.md", "src_0123456789ab", "12", "1.5", "", "a b", "x=y"]


def _actions(name: str, options: bool = True):
    p = _parsers(name)[0]
    return [a for a in p._actions if bool(a.option_strings) == options and a.dest != "help"]  # noqa: SLF001


# The generator's strategies are made once and drawn from again: a strategy made afresh for each
# draw costs Hypothesis its validation every time (most of a call's cost) and draws the same.
@functools.cache
def _pick(items: tuple) -> st.SearchStrategy:
    return st.sampled_from(items)


@functools.cache
def _ints(lo: int, hi: int) -> st.SearchStrategy:
    return st.integers(lo, hi)


_FEW_PLAIN = st.lists(st.sampled_from(PLAIN), max_size=3)


def _value(draw, action) -> str:
    if action.choices:
        return draw(_pick(tuple([str(c) for c in action.choices] + PLAIN)))
    if action.type in (int, float):
        return draw(_pick(("12", "120", "-3", "1.5", "x")))
    return draw(_pick(tuple(PLAIN)))


@st.composite
def argvs(draw, name: str):
    """Calls shaped like real ones (positionals, then options with fitting values), with noise
    (any word anywhere, the order shuffled) often enough to reach every refusal."""
    words, actions = _words(name), _actions(name)
    if draw(_ints(0, 3)):  # one value for each positional argument, fitting its type
        argv = [_value(draw, a) for a in _actions(name, options=False)
                for _ in range(1 if a.nargs in (None, "?", "+") else draw(_ints(0, 2)))]
    else:
        argv = draw(_FEW_PLAIN)
    picked = [a for a in actions if a.required and draw(_ints(0, 4))]  # mostly present
    picked += [draw(_pick(tuple(actions))) for _ in range(draw(_ints(0, 4)))] if actions else []
    for a in draw(st.permutations(picked)):
        argv.append(draw(_pick(tuple(a.option_strings))))
        if a.nargs != 0:
            argv.append(_value(draw, a) if draw(_ints(0, 5)) else "--json")
    if draw(st.booleans()):
        argv.insert(draw(_ints(0, len(argv))), draw(_pick(tuple(words))))
    if draw(_ints(0, 4)) == 0:
        argv = draw(st.permutations(argv))
    return list(argv)


SIMPLE = sorted(n for n in COMMANDS if n not in ("mcp",))


# calls the quick reader takes among the generated ones, for the commands agents call most
# (the comparison must bite: most calls are refused, to argparse, and compare nothing)
TAKEN_AT_LEAST = {"add": 10, "find": 10, "search": 10, "quote": 10, "status": 10}


@pytest.mark.parametrize("name", SIMPLE)
def test_what_quickargs_accepts_argparse_reads_the_same(name):
    taken = []

    @settings(max_examples=200 if name in TAKEN_AT_LEAST else 50, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(argvs(name))
    def check(argv):
        quick = _quick(name, argv)
        if quick is not None:
            taken.append(argv)
            assert quick == _argparse(name, argv), argv

    check()
    assert len(taken) >= TAKEN_AT_LEAST.get(name, 0), (name, len(taken))


def test_the_usual_calls_are_read_without_argparse():
    cases = {
        "add": ["notes.md", "other.md", "--tier", "B", "--reason", "the operator's page", "--json"],
        "find": ["src_0123456789ab", "Route W3 will accept the pass"],
        "quote": ["src_0123456789ab", "120", "168"],
        "search": ["Tidewater Pass route W3", "--json"],
        "status": [],
    }
    for name, argv in cases.items():
        quick = _quick(name, argv)
        assert quick is not None, name
        assert quick == _argparse(name, argv), name


def test_help_and_errors_stay_argparse_s(ws):
    r = sb("add", "--help", cwd=ws)
    assert r.rc == 0 and "usage: sb add" in r.out
    r = sb("add", "a.md", "--tier", "E", cwd=ws)  # not a choice: argparse's message
    assert r.rc == 1 and "E-USAGE  sb add" in r.err and "invalid choice" in r.err
    r = sb("add", "a.md", "--tir", "B", cwd=ws)  # an abbreviation argparse does not know
    assert r.rc == 1 and "E-USAGE  sb add" in r.err
    r = sb("add", "a.md", cwd=ws)  # --tier is required
    assert r.rc == 1 and "--tier" in r.err
    r = sb("quote", "src_0123456789ab", "x", "2", cwd=ws)  # not a number
    assert r.rc == 1 and "invalid int value" in r.err
