"""Generate scripts/sourcebook/base/patterns/needs.py: the words one of which every match of a
lazy pattern holds, read from each pattern's parse.

A pattern made with ``base.patterns.lazy`` and no ``needs`` of its own takes them from that table
(found by a digest of its source and flags): a text holding none of them is then no match without
the pattern being compiled. Every word list written here is proven by the proof of
``tests/test_pattern_needs.py`` first, and a list is only written when each of its characters
folds the way ``re.IGNORECASE`` matches it. A pattern changed since the last run is no longer
found in the table (its digest differs): it is compiled as before, and is only slower.

Run ``python3 tests/gen_pattern_needs.py`` after changing a pattern (``--check``: exit 1 when the
table would change). Python 3.11 or later (it reads the 3.11 parse).
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from generated import write_or_check  # noqa: E402 - beside this script

OUT = os.path.join(ROOT, "scripts", "sourcebook", "base", "patterns", "needs.py")
_CAP = 512  # literal endings followed at once; past this a run is given up


def _parse(source: str, flags: int):
    return re._parser.parse(source, flags)  # type: ignore[attr-defined]


def _score(words: frozenset[str]) -> tuple[int, int]:
    return min(len(w) for w in words), -len(words)  # the longest shortest word, then the fewest


def _best(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a if _score(a) >= _score(b) else b


def _fewest(words) -> frozenset[str]:
    """The words without any that holds another of them (a text holding it holds the other)."""
    out: list[str] = []
    for w in sorted(set(words), key=lambda x: (len(x), x)):
        if not any(o in w for o in out):
            out.append(w)
    return frozenset(out)


def _derive(items, runs: set[str], folded):
    """(the best word set one of which every match of ``items`` holds, or None; the literal text a
    match can end with), ``runs``: the literal text that can stand right before ``items``. The
    walk is the one of the proof in tests/test_pattern_needs.py."""
    p = re._parser  # type: ignore[attr-defined]
    best = None
    for op, av in items:
        if op is p.LITERAL:
            runs = {r + folded(chr(av)) for r in runs}
        elif op is p.IN and all(o is p.LITERAL for o, _ in av) and len(runs) * len(av) <= _CAP:
            runs = {r + folded(chr(a)) for r in runs for _, a in av}
        elif op is p.SUBPATTERN:
            got, runs = _derive(av[-1], runs, folded)
            best = _best(best, got)
        elif op is p.BRANCH:
            outs = [_derive(alt, runs, folded) for alt in av[1]]
            if all(got is not None for got, _ in outs):
                best = _best(best, _fewest(set().union(*(got for got, _ in outs))))
            runs = set().union(*(r for _, r in outs))
        elif op in (p.MAX_REPEAT, p.MIN_REPEAT):
            lo, hi, sub = av
            got, after = _derive(sub, runs, folded)
            if lo >= 1:
                best = _best(best, got)
            runs = runs | after if (lo, hi) == (0, 1) else after if (lo, hi) == (1, 1) else {""}
        elif op is p.ASSERT:
            got, _ = _derive(av[1], runs if av[0] == 1 else {""}, folded)
            best = _best(best, got)
        elif op not in (p.ASSERT_NOT, p.AT):
            runs = {""}
        if len(runs) > _CAP:
            runs = {""}
        if all(runs):
            best = _best(best, _fewest(runs))
    return best, runs


def _patterns() -> list[tuple[str, int]]:
    """Every (source, flags) the package's modules give ``lazy`` without needs when imported."""
    from sourcebook.base import patterns

    seen: dict[tuple[str, int], None] = {}
    init = patterns._Lazy.__init__  # noqa: SLF001

    def record(self, source, flags):
        init(self, source, flags)
        if type(self) is patterns._Lazy and isinstance(source, str):  # noqa: SLF001 - one with needs of its own keeps them; bytes have none
            seen[(source, int(flags))] = None

    patterns._Lazy.__init__ = record  # type: ignore[method-assign]  # noqa: SLF001
    patterns.NEEDS = {}  # type: ignore[attr-defined]  # every pattern read afresh
    try:
        import sourcebook

        for info in pkgutil.walk_packages(sourcebook.__path__, "sourcebook."):
            importlib.import_module(info.name)
    finally:
        patterns._Lazy.__init__ = init  # type: ignore[method-assign]  # noqa: SLF001
    return list(seen)


def _fold_safe(chars: set[str], folded) -> set[str]:
    """The characters of ``chars`` such that every character re.IGNORECASE lets stand for one
    that folds to it folds to it too (the test of tests/test_pattern_needs.py, per character)."""
    every = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    low = folded(every)
    written = [(c, f) for c, f in zip(every, low, strict=True) if f in chars]
    bad: set[str] = set("σςΣ")  # str.lower reads a capital sigma by its neighbours
    for c, f in written:
        for t in re.findall(re.escape(c), every, re.I):
            if folded(t) != f:
                bad.add(f)
    return {c for c in chars if c not in bad and len(folded(c)) == 1 and folded(c) == c}


def _stable_patterns() -> list[tuple[str, int]]:
    """The patterns whose source is the same in every process: one built from a set's order is
    written anew by each (the order of a set of words follows the process's hash seed)."""
    one, two = _patterns_by_seed()
    again = set(two)
    return [x for x in one if x in again]


def _patterns_by_seed() -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The patterns of two processes with different hash seeds."""
    runs = []
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--sources"], check=True,
                             capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        runs.append([(source, flags) for source, flags in json.loads(out)])
    return runs[0], runs[1]


def table() -> dict[str, tuple[str, ...]]:
    from test_pattern_needs import _walk  # the proof

    from sourcebook.base.patterns import folded, needs_key

    found: dict[str, tuple[str, ...]] = {}
    for source, flags in _stable_patterns():
        got, _ = _derive(_parse(source, flags), {""}, folded)
        if got is None:
            continue
        words = tuple(sorted(got))
        if _walk(_parse(source, flags), {""}, words)[0]:
            found[needs_key(source, flags)] = words
    safe = _fold_safe({c for words in found.values() for w in words for c in w}, folded)
    return {k: v for k, v in sorted(found.items()) if all(c in safe for w in v for c in w)}


def render(needs: dict[str, tuple[str, ...]]) -> str:
    lines = ['"""The words one of which every match of a lazy pattern holds, by a digest of the',
             "pattern's source and flags (``base.patterns.needs_key``): generated from each pattern's",
             'parse by ``python3 tests/gen_pattern_needs.py``; never edited by hand."""', "",
             "NEEDS: dict[str, tuple[str, ...]] = {"]
    for key, words in needs.items():
        lines.append(f"    {key!r}: {words!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if "--sources" in argv:
        print(json.dumps(_patterns()))
        return 0
    text = render(table())
    return write_or_check(OUT, text, argv, f"{text.count(chr(10)) - 6} patterns", "tests/gen_pattern_needs.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
