"""Compiled regular expressions kept between runs, as Python keeps compiled modules.

The gates match a few hundred patterns (word lists of stance, figures, dates in several
languages), and ``re`` compiles each one in Python code every time a process starts: in ``sb
verify`` that parse is a fifth of the run's work. ``re`` keeps nothing between processes, so
this module keeps what its compiler produces (the flags, the program, the group names) for the
patterns of ``lazy``, in one file per Python build under the per-user cache folder
(``$XDG_CACHE_HOME/sourcebook/``), and builds the pattern from it the next time.

Why a kept program cannot change what a pattern matches:

- an entry is keyed by the pattern's own text and flags, and the file by Python's version and
  its regular-expression engine's magic number, so another Python never reads it;
- an entry is written only after the pattern built from it compared equal to the one ``re``
  compiled (``re.Pattern`` equality compares the program), so a Python whose compiler works
  otherwise writes nothing;
- the file lives with the per-user key of the verify cache, never in a workspace, where a
  shared folder could bring one along; anything in it that is not what was written (the wrong
  types, a program the engine's own validation refuses) is ignored, and the pattern is
  compiled as usual.

``SB_PATTERN_CACHE=0`` turns it off. The file is written once, when the process ends, only
when the run compiled a pattern it did not hold, and atomically (two runs: the last one wins).
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import sys

from ..user_cache import folder

try:  # the compiler's own parts (Python 3.11 moved them into the re package)
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    try:
        import _sre
        import sre_compile as _compiler  # type: ignore[no-redef]
        import sre_parse as _parser  # type: ignore[no-redef]
    except ImportError:
        _compiler = None  # type: ignore[assignment]

_FORMAT = 2  # 2: each program marshalled on its own, read only when its pattern is built
_MAX_ENTRIES = 4000  # a file that grew past this (many versions of the code) starts again
Key = tuple[str, int]
Entry = tuple[int, list[int], int, dict[str, int], tuple]  # a program, kept marshalled (bytes)

_held: dict[Key, bytes] | None = None  # read on the first compile of the run
_new: dict[Key, bytes] = {}


def enabled() -> bool:
    return _compiler is not None and os.environ.get("SB_PATTERN_CACHE", "1") not in ("0", "")


def path() -> str:
    tag = sys.implementation.cache_tag or sys.implementation.name
    return os.path.join(folder(), f"patterns-{tag}-{getattr(_sre, 'MAGIC', 0)}-{_FORMAT}.marshal")


def build(source: str, flags: int) -> re.Pattern[str]:
    """``re.compile(source, flags)``, from the kept program when there is one."""
    if not enabled() or type(source) is not str:  # bytes patterns are few and small
        return re.compile(source, flags)
    flags = int(flags)  # re.IGNORECASE is an int subclass marshal cannot write
    held = _load()
    kept = held.get((source, flags))
    if kept is not None:
        try:
            entry = marshal.loads(kept)
            if _valid((source, flags), entry):
                return _sre.compile(source, *entry)
        except Exception:  # noqa: BLE001 - not what was written: compile it as usual
            pass
        held.pop((source, flags), None)
    pattern = re.compile(source, flags)
    entry = _program(source, flags)
    if entry is not None:
        try:
            same = _sre.compile(source, *entry) == pattern
        except Exception:  # noqa: BLE001
            same = False
        if same:
            if not _new:
                atexit.register(_save)
            _new[(source, flags)] = marshal.dumps(entry)
    return pattern


def _program(source: str, flags: int) -> Entry | None:
    """What ``re``'s compiler hands its engine for ``source``: as its own ``compile`` builds it."""
    try:
        p = _parser.parse(source, flags)
        code = _compiler._code(p, flags)
        groupindex = dict(p.state.groupdict)
        indexgroup: list[str | None] = [None] * p.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        # plain ints: the compiler's named constants are int subclasses marshal cannot write
        return (int(flags | p.state.flags), [int(c) for c in code], p.state.groups - 1, groupindex, tuple(indexgroup))
    except Exception:  # noqa: BLE001 - another Python's internals: keep nothing
        return None


def _valid(key: object, entry: object) -> bool:
    """An entry as ``_program`` writes it, under a key of a pattern's text and flags."""
    return (isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str) and isinstance(key[1], int)
            and isinstance(entry, tuple) and len(entry) == 5 and isinstance(entry[0], int)
            and isinstance(entry[1], list) and isinstance(entry[2], int) and isinstance(entry[3], dict)
            and isinstance(entry[4], tuple))


def _load() -> dict[Key, bytes]:
    global _held
    if _held is None:
        _held = {}
        try:
            with open(path(), "rb") as fh:
                data = marshal.loads(fh.read())  # load(fh) reads item by item: ten times slower
            if isinstance(data, dict):  # each program is checked when it is read (``build``)
                _held = {k: v for k, v in data.items() if isinstance(v, bytes)}
        except (OSError, EOFError, ValueError, TypeError):
            pass
    return _held


def _save() -> None:
    """Write what the file held and what this run compiled, when the run compiled anything new."""
    if not _new:
        return
    kept = dict(_load()) if len(_load()) + len(_new) <= _MAX_ENTRIES else {}
    kept.update(_new)
    _new.clear()
    target = path()
    tmp = f"{target}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(target), mode=0o700, exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(marshal.dumps(kept))
        os.replace(tmp, target)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
