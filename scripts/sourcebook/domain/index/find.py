"""Which sources ``sb find TEXT`` (no source id) must read: the index picks them.

For each step of find (the exact search, then the tolerance ladder) the needle's interior terms
(``engines/search/findterms.py``) are looked up rarest first. A source is a candidate only if it
holds every one of them *together*: in one window of consecutive chunks whose inner chunks are
short (see below); for the markup rungs and the reader view a term may be held as a find-only
joined key.
Sources marked ``~*`` (a word cut in two by a hard chunk cut, or a dotless i), ready sources
the index does not hold with their current text, and every source when there is no index, are
always read. A step whose needle has no whole indexed word (a needle of one or two words, or
only stop words) reads every source: that is the scan fallback ``sb find --help`` mentions.
Only candidates are read, one text at a time, so the answers are those of reading every
source, at the cost of the few that can match.

Why the window is sound. A source's chunks, in order, start and end at non-decreasing offsets.
Each term of a step is held by a *witness* of a match: a whole piece of the text (a run without
whitespace) that lies whole in some chunk (else the source is ``~*``), every chunk holding it
whole holding the term. For the exact search and rungs 0-4 the witnesses are the match's
interior pieces (the needle's whitespace is the match's, so an interior piece of the needle is a
whole piece of the text). Take P, the witness that starts first, and Q, the one that ends last;
L, the last chunk holding P whole, and R, the first holding Q whole. The chunks holding a piece
whole are consecutive, so every witness lies whole in a chunk of L..R (all lie in chunk L when
R <= L), and a chunk strictly between L and R holds neither P nor Q whole: it starts after P
starts and ends before Q ends. What such a chunk can hold is bounded (``Stage.bound``):

- exact search, whitespace and case rungs: it lies inside the match, so it holds at most
  ``findterms.term_bound`` ranking terms (the index knows each chunk's number of terms);
- markup rungs 2-4: a link's target inside a match adds terms of its own, as many as it likes, so
  the bound is on the chunk's *find count* (``findlen.bin``: letters and digits of its interior
  pieces outside the places markup may hide them, ``findterms.find_count``), which for any part of
  a match is at most ``findterms.char_bound``;
- the reader view: the witness of a term of a word of the needle's view is a piece of the text
  overlapping the part that shows that word (``findterms.chunk_keys`` and ``view_keys`` give the
  chunks holding it the term). Each interior piece of a chunk between L and R is a whole piece
  other than P and Q, so it lies after P and before Q, inside the part of the text the match
  shows, where letters and digits outside hidden spans are shown as they are: its find count is
  at most the needle view's letters and digits (``findterms.view_bound``).

So a source can match only if some run of consecutive chunks, all but its two ends within the
bound, holds every term.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator
from itertools import compress

from ...base.errors import SbError
from ...engines.search.find import has_elision, split_elided
from ...engines.search.findterms import ALWAYS, Stage, exact_stage, ladder_stages
from ...engines.search.postings import FIND_PREFIX
from ..workspace.layout import Workspace
from .statuses import read_text, source_facts

MAX_TERMS = 8  # terms intersected per step (the rarest): enough to leave a handful of sources
SCAN_NOTE = 200  # sources read by a fallback scan before find says so (W-FIND-SCAN)


class FindPlan:
    """The ready sources, and for each step the ones to read (``None``: all of them)."""

    def __init__(self, ws: Workspace, ready: list[str]):
        self.ws = ws
        self.ready = ready
        self.exact: list[str] | None = None
        self.later: Callable[[], list[str] | None] | None = None  # works out ``tolerant``
        self._tolerant: list[str] | None = None
        # of those, the ones where the whitespace and case rungs can match (None: all of them)
        self.spaced: set[str] | None = None
        self.elided: list[str] | None = None  # an elided needle ([...]): sources holding every part
        self.scan = True  # no usable index: every step reads every source
        self.why = "there is no index (run `sb index`)"  # why a step reads every source, if one does

    @property
    def tolerant(self) -> list[str] | None:
        """The sources to read for the tolerance ladder (None: all of them)."""
        if self.later is not None:
            self._tolerant, self.later = self.later(), None
        return self._tolerant

    def texts(self, ids: list[str] | None) -> Iterator[tuple[str, str]]:
        """``(id, text)`` of the given sources (all when None) that have text, read lazily."""
        for sid in self.ready if ids is None else ids:
            text = read_text(self.ws, sid)
            if text:
                yield sid, text

    def with_first(self, ids: list[str] | None) -> list[str] | None:
        """``ids`` and the first ready source that has text, in source order."""
        if ids is None:
            return None
        first = next((sid for sid, _ in self.texts(None)), None)
        return ids if first is None or first in ids else sorted(set(ids) | {first}, key=self.ready.index)


class _Sources:
    """Maps a segment's documents to the sources holding them."""

    def __init__(self, idx, live: dict[str, tuple[str, dict]]):
        self.idx = idx
        self._postings: dict[str, list] = {}
        self.los: list[list[int]] = []
        self.sids: list[list[str]] = []
        self.ranges: dict[str, tuple[int, int, int]] = {}
        names = {ref.name: i for i, ref in enumerate(idx.refs)}
        per: list[list[tuple[int, int, str]]] = [[] for _ in idx.refs]
        for sid, (seg, rec) in live.items():
            i = names[seg]
            lo, hi = rec["docs"]
            if hi > lo:
                per[i].append((lo, hi, sid))
                self.ranges[sid] = (i, lo, hi)
        for spans in per:
            spans.sort()
            self.los.append([lo for lo, _, _ in spans])
            self.sids.append([sid for _, _, sid in spans])

    def postings(self, term: str) -> list:
        """The term's live postings (read once per plan: every step asks for the same terms)."""
        hit = self._postings.get(term)
        if hit is None:
            hit = self._postings[term] = self.idx.postings(term)
        return hit

    def holding(self, term: str, among: set[str] | None) -> set[str]:
        out: set[str] = set()
        for i, docs, _ in self.postings(term):
            if among is not None and len(among) * 8 < len(docs):
                for sid in among:
                    r = self.ranges.get(sid)
                    if r is not None and r[0] == i:
                        j = bisect.bisect_left(docs, r[1])
                        if j < len(docs) and docs[j] < r[2]:
                            out.add(sid)
                continue
            los, sids = self.los[i], self.sids[i]
            last = -1
            for d in docs:
                if d < last:
                    continue
                k = bisect.bisect_right(los, d) - 1
                if k >= 0:
                    out.add(sids[k])
                    nxt = k + 1
                    last = los[nxt] if nxt < len(los) else 1 << 62
        return out if among is None else out & among


class _Picker:
    """An open index, and which sources hold what: picks the sources a step must read."""

    def __init__(self, idx, live: dict, facts: dict, ready: list[str]):
        self.idx = idx
        current = {sid for sid in ready if sid in live and live[sid][1].get("text_sha256") == facts[sid].text_sha256}
        unindexed = {sid for sid in ready if sid not in current}
        self.current = current
        self.srcs = _Sources(idx, live)
        self.always = (self.srcs.holding(ALWAYS, None) & current) | unindexed
        self.order = {sid: i for i, sid in enumerate(ready)}
        self._got: dict[int, tuple[Stage, set[str] | None]] = {}  # a step's candidates, by the step

    @classmethod
    def open(cls, ws: Workspace, facts: dict, ready: list[str]) -> _Picker | None:
        try:
            from . import manifest as M
            from .search import Index

            if M.read(ws.index_dir, strict=False) is None:
                return None
            idx = Index(ws)
            live = M.live_sources(ws.index_dir, idx.man)
        except SbError:
            return None  # no index, or a damaged one: read every source
        try:
            return cls(idx, live, facts, ready)
        except BaseException:
            idx.close()
            raise

    def found(self, got: set[str]) -> list[str]:
        return sorted((got & self.current) | self.always, key=self.order.__getitem__)

    def candidates(self, stage: Stage) -> set[str] | None:
        """``_candidates`` of a step, worked out once: the ladder asks again for the exact
        step and for its first rung."""
        had = self._got.get(id(stage))
        if had is None or had[0] is not stage:
            had = self._got[id(stage)] = (stage, _candidates(self.idx, self.srcs, stage))
        return had[1]

    def pick(self, stages: list[Stage]) -> list[str] | None:
        """The sources to read for a match at any of ``stages`` (None: every source)."""
        found: set[str] = set()
        for stage in stages:
            got = self.candidates(stage)
            if got is None:
                return None
            found |= got
        return self.found(found)


_NO_WORD = ("the text has no whole indexed word (a word with text on both sides that is not a stop word); "
            "paste a longer passage")


def plan(ws: Workspace, needle: str) -> FindPlan:
    facts = source_facts(ws)
    ready = [sid for sid, f in facts.items() if f.status == "ready"]
    out = FindPlan(ws, ready)
    if not ready:
        return out
    picker = _Picker.open(ws, facts, ready)
    if picker is None:
        return out
    try:
        exact = exact_stage(needle)
        out.exact = picker.pick([exact])
        if has_elision(needle):
            found = None
            for part in split_elided(needle):
                got = _candidates(picker.idx, picker.srcs, exact_stage(part))
                found = got if found is None else (found if got is None else found & got)
            if found is not None:
                out.elided = picker.found(found)
        out.scan = False
        out.why = "" if out.exact is not None else _NO_WORD
    finally:
        picker.idx.close()

    def tolerant() -> list[str] | None:
        # the ladder's stages need the reader view: worked out only once the exact search failed,
        # with the index as the exact search saw it (its files reopened), or, if an `sb index`
        # since then removed them, as it is now
        ladder = ladder_stages(needle)
        try:
            got = _ladder(picker, exact, ladder, out)
        except SbError:
            later = _Picker.open(ws, facts, ready)
            if later is None:
                return None
            got = _ladder(later, exact, ladder, out)
        if got is None:
            out.why = _NO_WORD
        return got

    out.later = tolerant
    return out


def _ladder(picker: _Picker, exact: Stage, ladder: list[Stage], out: FindPlan) -> list[str] | None:
    """The sources to read for the tolerance ladder (and which of them the whitespace and case
    rungs can match, in ``out.spaced``)."""
    try:
        got = picker.pick([exact] + ladder)
        if got is not None:
            plain = picker.pick(ladder[:1])
            out.spaced = None if plain is None else set(plain)
        return got
    finally:
        picker.idx.close()


def _candidates(idx, srcs: _Sources, stage: Stage) -> set[str] | None:
    """Sources holding every term of a step (None: the step has no indexed term), together in
    one window of chunks when the step bounds what a chunk inside a match holds."""
    if not stage.terms:
        return None
    ranked = sorted(stage.terms, key=lambda t: (idx.df(t) + (idx.df(FIND_PREFIX + t) if stage.joined else 0), t))
    cands: set[str] | None = None
    for term in ranked[:MAX_TERMS]:
        have = srcs.holding(term, cands)
        if stage.joined:
            have |= srcs.holding(FIND_PREFIX + term, cands)
        cands = have
        if not cands:
            break
    if cands and stage.bound is not None:
        cands = _together(idx, srcs, ranked[:MAX_TERMS], cands, stage.bound, stage.joined)
    return cands


def _docs(srcs: _Sources, term: str, joined: bool) -> dict[int, list[int]]:
    """Segment -> the live documents holding ``term`` (or, ``joined``, its find-only key), in order."""
    by_seg: dict[int, list[int]] = {i: docs for i, docs, _ in srcs.postings(term)}
    if joined:
        for i, docs, _ in srcs.postings(FIND_PREFIX + term):
            have = by_seg.get(i)
            by_seg[i] = docs if have is None else sorted(set(have).union(docs))
    return by_seg


def _together(idx, srcs: _Sources, terms: list[str], cands: set[str], bound: int, joined: bool = False) -> set[str]:
    """The sources among ``cands`` where one window of chunks holds every term: a run of
    consecutive chunks whose inner chunks hold at most ``bound`` terms each (``joined``: a term
    or its find-only key, and the bound is on each chunk's find count).

    Every such run lies in one of the windows "a long chunk (more than ``bound``, or the
    source's start) through the next long chunk (or the source's end)", named by the first
    one's position (-1 for the start). A short chunk lies in one window, a long one in two (the
    one it ends and the one it starts); a source is kept while some window holds every term so
    far (``windows_of``)."""
    longs: dict[str, list[int]] = {}
    above = bound.__lt__
    for sid in cands:
        i, lo, hi = srcs.ranges[sid]
        lens = idx.findlen(i) if joined else idx.doclen(i)
        longs[sid] = list(compress(range(hi - lo), map(above, lens[lo:hi])))
    alive: dict[str, set[int] | None] = dict.fromkeys(cands)
    for term in terms:
        by_seg = _docs(srcs, term, joined)
        for sid in list(alive):
            i, lo, hi = srcs.ranges[sid]
            docs = by_seg.get(i)
            if docs is None:
                del alive[sid]
                continue
            here = windows_in(longs[sid], docs, bisect.bisect_left(docs, lo), bisect.bisect_left(docs, hi), lo)
            have = alive[sid]
            kept = here if have is None else have & here
            if kept:
                alive[sid] = kept
            else:
                del alive[sid]
        if not alive:
            break
    return set(alive)


def windows_in(big: list[int], docs, a: int, b: int, lo: int) -> set[int]:
    """``windows_of(big, (docs[j] - lo for j in range(a, b)))``, for ``docs`` in order: chunk by
    chunk when there are fewer chunks than windows, else window by window (window ``w`` holds
    the chunks from ``w`` through the next long chunk, both included)."""
    if b - a <= len(big) + 1:
        return windows_of(big, (docs[j] - lo for j in range(a, b)))
    here: set[int] = set()
    w = -1
    for nxt in big:
        j = bisect.bisect_left(docs, lo + w, a, b)
        if j < b and docs[j] <= lo + nxt:
            here.add(w)
        w = nxt
    if bisect.bisect_left(docs, lo + w, a, b) < b:
        here.add(w)
    return here


def windows_of(big: list[int], chunks: Iterable[int]) -> set[int]:
    """The windows (see ``_together``) holding any of ``chunks`` (positions in a source), given
    the positions of its long chunks ``big``, in order."""
    here: set[int] = set()
    for k in chunks:
        b = bisect.bisect_left(big, k)
        here.add(big[b - 1] if b else -1)  # the window this chunk ends or lies in
        if b < len(big) and big[b] == k:
            here.add(k)  # a long chunk also starts the next window
    return here


def scan_note(p: FindPlan, exact_found: bool) -> str:
    """What to tell the user when a large workspace was read whole (empty when it was not)."""
    read_all = p.exact is None if exact_found else (p.exact is None or p.tolerant is None)
    if not read_all or len(p.ready) < SCAN_NOTE or not p.why:
        return ""
    return f"read all {len(p.ready):,} sources because {p.why}"
