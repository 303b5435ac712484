"""Regular expressions compiled on first use.

A module-level ``re.compile`` runs when the module is imported, so every command pays for the
patterns of every module it imports, matched or not: ``sb add`` of one file imports the id,
URL and fingerprint modules and matches few of their patterns. ``lazy(source, flags)`` stands
in for ``re.compile(source, flags)`` at module level: the pattern is compiled the first time
one of its attributes is asked for, and the attribute is then kept on the stand-in, so the
next ``_ID.fullmatch(s)`` is a plain attribute lookup, as fast as the compiled pattern's.
A stand-in is used through its methods (``.match``, ``.sub``, ``.pattern`` ...); pass
``.compiled`` where a real ``re.Pattern`` is wanted (``re.sub(pattern, ...)``, ``isinstance``).
"""

from __future__ import annotations

import re


class _Lazy:
    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._pattern: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._pattern is None:  # kept here: re's own cache may have let it go by the next call
            self._pattern = re.compile(self._source, self._flags)
        return self._pattern

    def __getattr__(self, name: str):
        if name.startswith("_"):  # copy, pickle and friends probe for dunders: not the pattern's
            raise AttributeError(name)
        value = getattr(self.compiled, name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"lazy({self._source!r}, {self._flags!r})"


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use (typed as the pattern it stands for)."""
    return _Lazy(source, flags)  # type: ignore[return-value]
