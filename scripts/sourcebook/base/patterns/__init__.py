"""Regular expressions compiled on first use.

A module-level ``re.compile`` runs when the module is imported, so every command pays for the
patterns of every module it imports, matched or not: ``sb add`` of one file imports the id,
URL and fingerprint modules and matches few of their patterns. ``lazy(source, flags)`` stands
in for ``re.compile(source, flags)`` at module level: the pattern is compiled the first time
one of its attributes is asked for, and the attribute is then kept on the stand-in, so the
next ``_ID.fullmatch(s)`` is a plain attribute lookup, as fast as the compiled pattern's.
A stand-in is used through its methods (``.match``, ``.sub``, ``.pattern`` ...); pass
``.compiled`` where a real ``re.Pattern`` is wanted (``re.sub(pattern, ...)``, ``isinstance``).

A big pattern that most texts never match can name words one of which stands in every text it
matches (``lazy(source, flags, needs=("rose", "fell"))``): ``search``, ``match``, ``fullmatch``,
``finditer``, ``findall`` and ``sub`` then answer a text holding none of them, compared case-folded
as ``re.IGNORECASE`` folds, without compiling the pattern. ``tests/test_pattern_needs.py`` proves
from each pattern's parse that every match holds one of its words.

The room: ``needs`` (the words of each pattern, generated from its parse by
``tests/gen_pattern_needs.py``) and ``cache`` (the compiled programs, kept between runs).
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache

from .cache import build
from .needs import NEEDS


class _Lazy:
    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._pattern: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._pattern is None:  # kept here: re's own cache may have let it go by the next call
            self._pattern = build(self._source, self._flags)
        return self._pattern

    def __getattr__(self, name: str):
        if name.startswith("_"):  # copy, pickle and friends probe for dunders: not the pattern's
            raise AttributeError(name)
        value = getattr(self.compiled, name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"lazy({self._source!r}, {self._flags!r})"


# Every character that re.IGNORECASE lets stand for a lower-case letter lower-cases to that letter,
# but for the dotless i, the long s, seven variant forms of Cyrillic letters, and the dotted
# capital I (whose lower case is two characters)
_FOLD_MAP = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u1c80": "\u0432", "\u1c81": "\u0434",
             "\u1c82": "\u043e", "\u1c83": "\u0441", "\u1c84": "\u0442", "\u1c85": "\u0442", "\u1c86": "\u044a"}
_FOLD = str.maketrans(_FOLD_MAP)
_FOLDED_APART = tuple(_FOLD_MAP)
_KEPT = 1 << 16  # a longer text is folded each time it is asked for, and never kept


def folded(text: str) -> str:
    """``text`` case-folded one character for one, as the needs of a pattern are compared."""
    return _folded(text) if len(text) <= _KEPT else _fold(text)


@lru_cache(maxsize=128)
def _folded(text: str) -> str:
    return _fold(text)


def _fold(text: str) -> str:
    # str.translate looks each character of a text up one by one: forty times slower than
    # lower(), so it runs only on a text holding one of the characters it changes
    if text.isascii() or not any(c in text for c in _FOLDED_APART):
        return text.lower()
    return text.translate(_FOLD).lower()


class _Needs(_Lazy):
    """A lazy pattern that only matches a text holding one of ``needs`` (lower case). The answer
    for the last text is kept: a scan matches one pattern at many places of the same text."""

    def __init__(self, source: str, flags: int, needs: tuple[str, ...]) -> None:
        super().__init__(source, flags)
        self.needs = needs
        self._last: tuple[str, bool] = ("", True)

    def _absent(self, text) -> bool:
        if type(text) is not str:
            return False
        last = self._last
        if text is last[0]:
            return last[1]
        low = _folded(text) if len(text) <= _KEPT else _fold(text)
        for n in self.needs:  # a loop, not any(): no generator to start for each of many calls
            if n in low:
                self._last = (text, False)
                return False
        self._last = (text, True)
        return True

    def search(self, string, *args, **kwargs):
        return None if self._absent(string) else self.compiled.search(string, *args, **kwargs)

    def match(self, string, *args, **kwargs):
        return None if self._absent(string) else self.compiled.match(string, *args, **kwargs)

    def fullmatch(self, string, *args, **kwargs):
        return None if self._absent(string) else self.compiled.fullmatch(string, *args, **kwargs)

    def finditer(self, string, *args, **kwargs):
        return iter(()) if self._absent(string) else self.compiled.finditer(string, *args, **kwargs)

    def findall(self, string, *args, **kwargs):
        return [] if self._absent(string) else self.compiled.findall(string, *args, **kwargs)

    def sub(self, repl, string, *args, **kwargs):
        return string if self._absent(string) else self.compiled.sub(repl, string, *args, **kwargs)


_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub")


class _Read(_Needs):
    """Needs read from ``needs``: they spare compiling a pattern no text of the run
    can match; once compiled, the pattern's own methods answer, with nothing read before them."""

    @property
    def compiled(self) -> re.Pattern[str]:
        pattern = self._pattern
        if pattern is None:
            pattern = self._pattern = build(self._source, self._flags)
            for name in _METHODS:
                setattr(self, name, getattr(pattern, name))
        return pattern


def needs_key(source: str, flags: int) -> str:
    """The digest ``needs`` knows a pattern by: its flags, length and two checksums."""
    data = source.encode("utf-8", "surrogatepass")
    return f"{int(flags)}:{len(source)}:{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


class _Hot(_Lazy):
    """A pattern run over whole texts, many times a run: no needs are read before it."""


def hot(source: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use (from its kept program) and answered by its own methods
    from then on, with no needs read first: for the patterns of the converters, the search
    engine and the index, run over whole texts where folding the text to read the needs costs
    more than the match (typed as the pattern it stands for)."""
    return _Hot(source, flags)  # type: ignore[return-value]


def lazy(source: str, flags: int = 0, needs: tuple[str, ...] = ()) -> re.Pattern[str]:
    """A pattern compiled on first use (typed as the pattern it stands for); ``needs``: words
    in lower case, one of which every match holds (a text without any is no match, uncompiled);
    without them, those ``needs`` holds for this pattern, if any."""
    if needs:
        return _Needs(source, flags, tuple(needs))  # type: ignore[return-value]
    if not isinstance(source, str):  # a bytes pattern: compiled on first use, nothing more
        return _Lazy(source, flags)  # type: ignore[return-value]
    read = NEEDS.get(needs_key(source, flags))
    if read:
        return _Read(source, flags, read)  # type: ignore[return-value]
    return _Lazy(source, flags)  # type: ignore[return-value]
