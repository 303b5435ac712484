"""sourcebook runs on Python 3.10: no module's regular expression may use what 3.11 added to
``re`` (possessive quantifiers ``*+``, ``++``, ``?+``, ``{m,n}+`` and atomic groups ``(?>...)``),
which 3.10 refuses when the pattern is compiled ("multiple repeat"), so a whole command fails."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys

import pytest

import sourcebook
from sourcebook.base.patterns import _Lazy

_parser = getattr(re, "_parser", None)  # 3.11+: the opcodes below exist only there
NEW = {"POSSESSIVE_REPEAT", "ATOMIC_GROUP"}


def _opcodes(parsed) -> set[str]:
    """Every opcode name in a parsed pattern, nested ones included."""
    out: set[str] = set()
    for op, av in parsed:
        out.add(str(op))
        for part in av if isinstance(av, (list, tuple)) else [av]:
            if isinstance(part, _parser.SubPattern):
                out |= _opcodes(part)
            elif isinstance(part, (list, tuple)):
                for sub in part:
                    if isinstance(sub, _parser.SubPattern):
                        out |= _opcodes(sub)
    return out


def _module_patterns():
    for info in pkgutil.walk_packages(sourcebook.__path__, "sourcebook."):
        mod = importlib.import_module(info.name)
        for name, value in vars(mod).items():
            if isinstance(value, _Lazy):
                yield f"{info.name}.{name}", value._source, value._flags  # noqa: SLF001
            elif isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                yield f"{info.name}.{name}", value.pattern, value.flags


@pytest.mark.skipif(_parser is None or sys.version_info < (3, 11), reason="the 3.11 parser names these opcodes")
def test_no_pattern_uses_what_python_3_10_lacks():
    bad = []
    for where, source, flags in _module_patterns():
        found = _opcodes(_parser.parse(source, flags & ~re.UNICODE)) & NEW
        if found:
            bad.append(f"{where}: {', '.join(sorted(found))}")
    assert not bad, "Python 3.10 refuses these patterns: " + "; ".join(bad)


@pytest.mark.skipif(_parser is None or sys.version_info < (3, 11), reason="the 3.11 parser names these opcodes")
def test_the_check_sees_a_possessive_run_and_an_atomic_group():
    assert _opcodes(_parser.parse(r"`(?=([^`<\n]*+\s*<))", 0)) & NEW == {"POSSESSIVE_REPEAT"}
    assert _opcodes(_parser.parse(r"a(?>bc|b)c", 0)) & NEW == {"ATOMIC_GROUP"}
    assert not _opcodes(_parser.parse(r"[-*+](?:x)*", 0)) & NEW
