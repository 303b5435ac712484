"""A pattern made with ``needs`` (``base.patterns.lazy``) answers "no match" for a text that holds
none of its words, without compiling. These tests prove from each such pattern's parse that every
match holds one of the words, so the answer is the pattern's own: a word left out of ``needs``
when an alternative is added fails here, not on a reader's page."""

from __future__ import annotations

import gc
import importlib
import pkgutil
import re
import sys

import pytest

import sourcebook
from sourcebook.base.patterns import _Needs, folded, lazy, needs_key
from sourcebook.base.patterns.needs import NEEDS

_parser = getattr(re, "_parser", None)  # 3.11+; the parse is the same on 3.10, under another name
pytestmark = pytest.mark.skipif(_parser is None or sys.version_info < (3, 11), reason="reads the 3.11 parse")
_CAP = 4096  # literal endings followed at once; past this the run is given up (never a false proof)


def _walk(items, runs: set[str], needs: tuple[str, ...]) -> tuple[bool, set[str]]:
    """(whether every match of ``items`` holds one of ``needs``, the literal text a match of them
    can end with), ``runs``: the literal text that can stand right before them, case-folded."""
    p = _parser
    held = False
    for op, av in items:
        if op is p.LITERAL:
            runs = {r + folded(chr(av)) for r in runs}
        elif op is p.IN and all(o is p.LITERAL for o, _ in av) and len(runs) * len(av) <= _CAP:
            runs = {r + folded(chr(a)) for r in runs for _, a in av}
        elif op is p.SUBPATTERN:
            got, runs = _walk(av[-1], runs, needs)
            held = held or got
        elif op is p.BRANCH:
            outs = [_walk(alt, runs, needs) for alt in av[1]]
            held = held or all(got for got, _ in outs)
            runs = set().union(*(r for _, r in outs))
        elif op in (p.MAX_REPEAT, p.MIN_REPEAT):
            lo, hi, sub = av
            got, after = _walk(sub, runs, needs)
            held = held or (lo >= 1 and got)
            runs = runs | after if (lo, hi) == (0, 1) else after if (lo, hi) == (1, 1) else {""}
        elif op is p.ASSERT:  # a lookahead reads on from here; a lookbehind ends here
            got, _ = _walk(av[1], runs if av[0] == 1 else {""}, needs)
            held = held or got
        elif op not in (p.ASSERT_NOT, p.AT):  # zero width: the run goes on through them
            runs = {""}
        if len(runs) > _CAP:
            runs = {""}
        held = held or all(any(n in r for n in needs) for r in runs)
    return held, runs


def _proves(pattern) -> bool:
    if not pattern.needs or not all(n and n == folded(n) for n in pattern.needs):
        return False
    return _walk(_parser.parse(pattern._source, pattern._flags), {""}, pattern.needs)[0]  # noqa: SLF001


def _with_needs():
    seen: set[int] = set()
    for info in pkgutil.walk_packages(sourcebook.__path__, "sourcebook."):
        mod = importlib.import_module(info.name)
        for name, value in vars(mod).items():
            for i, x in enumerate(value if isinstance(value, (list, tuple)) else [value]):
                if isinstance(x, _Needs):
                    seen.add(id(x))
                    yield f"{info.name}.{name}[{i}]", x
    # and those kept elsewhere (in a dict, on a class, ...): the table gives needs to them too
    for x in gc.get_objects():
        if isinstance(x, _Needs) and id(x) not in seen:
            yield repr(x)[:80], x


def test_every_match_of_a_pattern_with_needs_holds_one_of_them():
    found = list(_with_needs())
    assert len(found) >= 10
    bad = [where for where, x in found if not _proves(x)]
    assert not bad, "a match of these can hold none of their needs: " + "; ".join(bad)


def test_the_proof_refuses_a_word_a_match_can_lack():
    assert _proves(lazy(r"\b(?:rose|fell|grew)\b", re.I, needs=("rose", "fell", "grew")))
    assert not _proves(lazy(r"\b(?:rose|fell|grew)\b", re.I, needs=("rose", "fell")))
    # the parser moves a shared start out of the alternatives ("dec" of both): still read whole
    assert _proves(lazy(r"(?:decreas\w*|declin\w*)", re.I, needs=("decreas", "declin")))
    assert not _proves(lazy(r"(?:decreas\w*|declin\w*)", re.I, needs=("decrease", "declin")))
    assert _proves(lazy(r"rises?|n['’]t\b", re.I, needs=("rise", "n't", "n’t")))
    assert not _proves(lazy(r"(?:not\s+)?only", re.I, needs=("not",)))  # what may be left out proves nothing
    assert not _proves(lazy(r"(?!never)\w+", re.I, needs=("never",)))
    assert not _proves(lazy(r"Rose", 0, needs=("Rose",)))  # a need is written as it is compared: folded


def test_a_character_ignorecase_lets_stand_for_a_need_folds_to_it():
    every = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    low = folded(every)
    chars = {ch for _, x in _with_needs() for n in x.needs for ch in n}
    # each character of a pattern that folds to one of these, and each it matches ignoring case
    written = [(c, f) for c, f in zip(every, low, strict=True) if f in chars]
    anyof = re.compile("[" + "".join(re.escape(c) for c, _ in written) + "]", re.I)
    matched = {m.group() for m in anyof.finditer(every)}
    each = {c: re.compile(re.escape(c), re.I) for c, _ in written}  # compiled once: re's cache holds fewer
    bad = [(f, t) for t in matched for c, f in written if folded(t) != f and each[c].fullmatch(t)]
    assert len(written) >= len(chars) and not bad


def test_a_text_without_the_needs_is_no_match_and_nothing_is_compiled():
    rx = lazy(r"\b(?:rose|fell)\b", re.I, needs=("rose", "fell"))
    assert rx.search("Fares stayed flat") is None and rx.findall("flat") == [] and rx.sub("x", "flat") == "flat"
    assert list(rx.finditer("flat")) == [] and rx.match("flat") is None and rx.fullmatch("flat") is None
    assert rx._pattern is None  # noqa: SLF001
    assert rx.search("Fares ROSE in May").group(0) == "ROSE"
    assert rx.search("Fares \u017fose") is None and rx.search("Fares ro\u017fe").group(0) == "ro\u017fe"
    assert rx.sub("went up", "Fares rose") == "Fares went up" and rx._pattern is not None  # noqa: SLF001
    long = "flat " * 20000  # past what is kept folded: folded afresh, answered the same
    assert rx.search(long) is None and rx.search(long) is None and rx.search(long + "FELL").group(0) == "FELL"
    assert rx.match(long + "rose", len(long)).group(0) == "rose"


def test_a_pattern_given_no_needs_takes_those_read_from_its_parse_and_only_its_own():
    source = r"\b(?:rose|fell)\b"
    assert needs_key(source, re.I) == needs_key(source, int(re.I)) != needs_key(source, 0)
    assert needs_key(source, re.I) != needs_key(source.replace("rose", "rise"), re.I)
    table = [(x._source, x._flags, x.needs) for _, x in _with_needs()  # noqa: SLF001
             if NEEDS.get(needs_key(x._source, x._flags)) == x.needs]  # noqa: SLF001
    assert len(table) >= 100  # the table is in use, and each of these was proven above
    source, flags, needs = table[0]
    again = lazy(source, flags)
    assert isinstance(again, _Needs) and again.needs == needs
    assert again.search("\u2060") is None and again._pattern is None  # noqa: SLF001 - none of its words: not compiled
    got, want = again.search(" ".join(needs)), re.compile(source, flags).search(" ".join(needs))
    assert again._pattern is not None and (got and got.span()) == (want and want.span())  # noqa: SLF001
    assert again.search == again.compiled.search  # once compiled, the pattern answers with nothing before it
    changed = lazy(source + "(?:)", flags)  # the same matches, another source: not in the table
    assert not isinstance(changed, _Needs)


@pytest.mark.slow
def test_every_pattern_is_written_the_same_by_every_process():
    # a pattern built in a set's order changes with the hash seed: its needs and its kept
    # program (both found by its text) would be missed, and each run would keep another copy
    from gen_pattern_needs import _patterns_by_seed

    one, two = _patterns_by_seed()
    assert [p for p in one if p not in set(two)] == []
