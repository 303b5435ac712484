"""What each sentence of a draft declares, and whether its figures stand (pure).

A prose sentence is **cited** (a ``[n]`` source number, a ``[@src_...]`` or a citable
``[@clm_...]``), **inferred** (it cites an ``inferred`` claim, or carries ``[inference]``, the
mark ``sb render report`` writes for one), **unverified** (``[unverified]``: a chat answer's words
from the model's own knowledge; the report gate does not accept it), **framing** (``[framing]``:
the author's words, no claim) or **uncited**.

Figures and dates (``engines.text.figures``) must stand: in a cited sentence every one occurs in
what backs it (the text, quotes and ``as_of`` of the active claims whose evidence comes from the
sources it cites, or of the claims it cites), save a name of a source it cites ("PEP 8" of the
source whose header or title states it), read as the page gate reads it
(``engines.ledger.source_names``); an uncited, inferred or framing sentence carries none, and
framing and inference carry no quotation either. Headings, table rows and short labels
are structure, but their figures too must occur in what is cited: under the heading for a
heading, in the row (else anywhere in the draft) for a row or a label. The workspace's own
question as the title needs no citation, but its figures and dates stand like any heading's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cached_property

from ...base.errors import Finding
from ...base.record import TupleRecord, field, record
from ..ledger import ledger_model as lm
from ..ledger.arithmetic import cited_sources
from ..ledger.source_names import source_named
from ..text import stance
from ..text.figure_text import digit_named, foreign_digit
from ..text.figures import Figure, as_of_wording, find_figures, is_backed, small_word, stated, unbacked
from ..text.quotations import unbacked_quotations
from .draft_check import DraftCitations, DraftSentence, StructureLine

KINDS = ("cited", "inferred", "unverified", "framing", "uncited")
LIST_LIMIT = 20  # uncited sentences named one by one; the rest are counted


class DraftLedger(TupleRecord):
    """What a draft's sentences are checked against."""

    by_num: Mapping[int, str]  # report number -> source id
    claims: Mapping[str, Mapping]  # claim id -> claim, every status
    sources: Collection[str]  # the workspace's source ids
    question: str = ""  # the workspace's question: always allowed as the title
    texts: tuple[str, ...] = ()  # the sources' texts (where a code block's data lines may come from)
    # a source's canonical text and its record, by source id: where a figure that names a cited
    # source ("PEP 8" of the source whose header or title states it) is read from
    text_of: Callable[[str], str | None] | None = None
    record_of: Callable[[str], Mapping | None] | None = None
    # whether a speaker a sentence names ("The operator reports") is the source of a claim, by
    # its record: (speaker, claim id) -> bool; None: a speaker no claim names is not judged
    spoken_by: Callable[[str, str], bool] | None = None


@record
class Assessment:
    kinds: list[tuple[DraftSentence, str]] = field(default_factory=list)  # prose sentences only
    findings: list[Finding] = field(default_factory=list)
    refused: int = 0  # sentences refused for a figure, date, amount or quotation

    def count(self, kind: str) -> int:
        return sum(1 for _, k in self.kinds if k == kind)

    @property
    def sentences(self) -> int:
        return len(self.kinds)

    @property
    def uncited(self) -> list[DraftSentence]:
        return [s for s, k in self.kinds if k == "uncited"]

    @property
    def coverage(self) -> float:
        return 1.0 if not self.kinds else (len(self.kinds) - len(self.uncited)) / len(self.kinds)

    def stats(self) -> dict:
        out: dict = {"sentences": self.sentences}
        out.update({k: self.count(k) for k in KINDS})
        out.update({"refused": self.refused, "coverage": round(self.coverage, 4)})
        return out


def snippet(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def quotations(text: str) -> list[str]:
    """Words set in quotation marks (the shared reading of ``engines.text.quotations``)."""
    from ..text.quotations import find_quotations

    return [q.text for q in find_quotations(text)]


def claim_backing(claim: Mapping) -> list[str]:
    """A claim's text, its quotes and its as-of date: what a sentence citing it may state."""
    out = [str(claim.get("text") or "")]
    out += [lm.evidence_quote(ev) for ev in claim.get("evidence") or [] if isinstance(ev, Mapping)]
    if claim.get("as_of"):
        out.append(str(claim["as_of"]))
    return [t for t in out if t]


def claim_own(claim: Mapping) -> list[str]:
    """What a sentence citing a claim by its id may state: the claim's own text (the claim is
    the unit: its quotes back its text, its text backs the sentence)."""
    return [str(claim.get("text") or "")]


def _quotes(claim: Mapping) -> list[str]:
    return [q for q in (lm.evidence_quote(ev) for ev in claim.get("evidence") or [] if isinstance(ev, Mapping)) if q]


class _Backing:
    """Backing texts by source and by claim, computed once per draft."""

    def __init__(self, ledger: DraftLedger, history: bool = False):
        self.ledger = ledger
        self.history = history
        self.by_source: dict[str, list[str]] = {}
        self.quotes_by_source: dict[str, list[str]] = {}
        self.claims_by_source: dict[str, list[str]] = {}
        self.units_by_source: dict[str, list[tuple[str, list[str]]]] = {}
        for c in ledger.claims.values():
            if not lm.is_citable(c):
                # a source's superseded claim is told as history, marked "(superseded)"
                for sid in cited_sources(c, ledger.claims) if stance.became(c) else ():
                    self.claims_by_source.setdefault(sid, []).extend(stance.became(c))
                continue
            texts = claim_backing(c)
            for sid in cited_sources(c, ledger.claims):  # a derived claim: by its inputs' numbers
                self.by_source.setdefault(sid, []).extend(texts)
                self.quotes_by_source.setdefault(sid, []).extend(_quotes(c))
                self.claims_by_source.setdefault(sid, []).extend(claim_own(c) + stance.became(c))
                self.units_by_source.setdefault(sid, []).append((str(c.get("id")), texts))

    @cached_property
    def rivals(self) -> dict[str, set[str]]:
        """Each contested claim's rivals (``ledger_model.contest_rivals``), once per draft."""
        return lm.contest_rivals(self.ledger.claims.values())

    def citable(self, rid: str) -> bool:
        if rid.startswith("src_"):
            return rid in self.ledger.sources
        c = self.ledger.claims.get(rid)
        return c is not None and lm.is_citable(c)

    def told(self, refs: Iterable[str]) -> list[str]:
        """``refs`` as the report shows them: a superseded claim is told as history, cited by its
        sources' numbers with "(superseded)", so it stands for those sources (``history``: the
        report; a chat answer's provenance is what stands, never history)."""
        if not self.history:
            return list(refs)
        out: list[str] = []
        for rid in refs:
            c = self.ledger.claims.get(rid)
            if c is not None and c.get("status") == "superseded":
                out += [sid for sid in cited_sources(c, self.ledger.claims) if sid in self.ledger.sources]
            else:
                out.append(rid)
        return out

    def sources(self, numbers: Iterable[int], refs: Iterable[str]) -> list[str]:
        """The sources of what is cited: by number, by id, and those the cited claims quote."""
        out = [sid for n in numbers if (sid := self.ledger.by_num.get(n))]
        for rid in self.told(refs):
            if rid.startswith("src_"):
                out.append(rid)
            elif self.citable(rid):
                out += cited_sources(self.ledger.claims[rid], self.ledger.claims)
        return list(dict.fromkeys(out))

    def names_source(self, text: str, f: Figure, numbers: Iterable[int], refs: Iterable[str]) -> bool:
        """The figure ``f`` names a source of what is cited ("PEP 8", "the 2019 try proposal") or is
        the year of a month it states, read off a source's date, as the page gate reads it
        (``engines.ledger.source_names.source_named``)."""
        text_of, record_of = self.ledger.text_of, self.ledger.record_of
        if text_of is None or record_of is None:
            return False
        numbers, refs = list(numbers), list(refs)
        return source_named(text, f, self.sources(numbers, refs), self.of(numbers, refs), text_of, record_of)

    def inferred(self, rid: str) -> bool:
        c = self.ledger.claims.get(rid)
        return c is not None and lm.is_active(c) and c.get("confidence") == "inferred"

    def as_of(self, refs: Iterable[str]) -> list[str]:
        return [str(self.ledger.claims[r]["as_of"]) for r in refs
                if not r.startswith("src_") and self.citable(r) and self.ledger.claims[r].get("as_of")]

    def quotes(self, numbers: Iterable[int], refs: Iterable[str]) -> list[str]:
        """The quotes of what is cited: words in quotation marks must be among them."""
        out: list[str] = []
        for n in numbers:
            sid = self.ledger.by_num.get(n)
            out += self.quotes_by_source.get(sid, []) if sid else []
        for rid in self.told(refs):
            if rid.startswith("src_"):
                out += self.quotes_by_source.get(rid, [])
            elif self.citable(rid):
                out += _quotes(self.ledger.claims[rid])
        return out

    def claim_texts(self, numbers: Iterable[int], refs: Iterable[str]) -> list[str]:
        """The texts of the claims a sentence rests on (by a source's number: all of its claims)."""
        return self._gather(numbers, refs, self.claims_by_source)

    def _gather(self, numbers: Iterable[int], refs: Iterable[str], by_source: dict[str, list[str]]) -> list[str]:
        """What ``by_source`` holds for the sources cited by number or id, and the own texts of
        the claims cited by id, each once."""
        out: list[str] = []
        for n in numbers:
            sid = self.ledger.by_num.get(n)
            out += by_source.get(sid, []) if sid else []
        for rid in self.told(refs):
            if rid.startswith("src_"):
                out += by_source.get(rid, [])
            elif self.citable(rid):
                out += claim_own(self.ledger.claims[rid]) + stance.became(self.ledger.claims[rid])
        return list(dict.fromkeys(out))

    def of(self, numbers: Iterable[int], refs: Iterable[str]) -> list[str]:
        return self._gather(numbers, refs, self.by_source)

    def units(self, numbers: Iterable[int], refs: Iterable[str]) -> list[tuple[str, list[str]]]:
        """Each claim behind what is cited, as (id, its text, quotes and as-of date): by a
        source's number or id, each of the source's claims."""
        out: list[tuple[str, list[str]]] = []
        for n in numbers:
            sid = self.ledger.by_num.get(n)
            out += self.units_by_source.get(sid, []) if sid else []
        for rid in self.told(refs):
            if rid.startswith("src_"):
                out += self.units_by_source.get(rid, [])
            elif self.citable(rid):
                out.append((rid, claim_backing(self.ledger.claims[rid])))
        return out


def _cited_at(s: DraftSentence):
    """What is cited right after a place in the sentence: ``own(end)`` -> (numbers, refs)."""
    groups: list[tuple[int, list[int], list[str]]] = []
    last = -1
    for at, num, rid in sorted(s.at, key=lambda x: x[0]):
        if groups and not any(ch.isalnum() for ch in s.text[last:at]):
            groups[-1][1].extend([num] if num is not None else [])
            groups[-1][2].extend([rid] if rid else [])
        else:
            groups.append((at, [num] if num is not None else [], [rid] if rid else []))
        last = at

    def own(end: int) -> tuple[list[int], list[str]]:
        if len(groups) < 2:
            return s.numbers, s.refs
        _, nums, refs = next((g for g in groups if g[0] >= end), groups[-1])
        return nums, refs

    return own


def _misframed(s: DraftSentence, backing: _Backing) -> tuple[str, str] | None:
    """A figure told of what no claim cited for it that states it says (``text.figure_frame``):
    what it counts, a qualifier beside it, a date's event."""
    from ..text.figure_frame import misframed

    own = _cited_at(s)
    wrong = misframed(s.text, lambda end: backing.units(*own(end)))
    return wrong[0] if wrong else None


def _compared(s: DraftSentence, backing: _Backing) -> tuple[str, str] | None:
    """A comparison bound to a figure ("at least 79") that what is cited right after it makes
    another way ("a maximum of 79"), read as the page gate reads it."""
    from ..text.figure_units import comparison_refused, same_value

    own = _cited_at(s)
    for f in find_figures(s.text):
        got = comparison_refused(s.text, f, same_value(f, backing.of(*own(f.end)), find_figures))
        if got:
            return got
    return None


def _cited_unbacked(s: DraftSentence, backing: _Backing) -> list[Figure]:
    """The figures of a cited sentence that what is cited right after each does not back (two
    figures swapped between their citations are both refused)."""
    figs = find_figures(s.text)
    if not figs:
        return []
    own = _cited_at(s)
    bad = []
    for f in figs:
        nums, refs = own(f.end)
        if small_word(f, s.text) or is_backed(f, backing.of(nums, refs)):
            continue
        if f.kind == "date" and as_of_wording(s.text, f.start, f.end) and is_backed(f, backing.as_of(refs)):
            continue
        if backing.names_source(s.text, f, nums, refs):  # "PEP 8", "the 2019 try proposal": a source's name
            continue
        bad.append(f)
    return bad


def _written(figs: list[Figure]) -> str:
    return ", ".join(dict.fromkeys(f.written for f in figs))


def _ambiguous_hint(figs: list[Figure]) -> str:
    amb = [f.written for f in figs if f.kind == "ambiguous"]
    return (f"; {amb[0]} is an ambiguous date (day or month first?): write it as 2026-11-01 or 1 November 2026"
            if amb else "")


def _cites(numbers: list[int], refs: list[str]) -> str:
    return "".join(f"[{n}]" for n in dict.fromkeys(numbers)) + "".join(f"[@{r}]" for r in dict.fromkeys(refs))


def _kind(s: DraftSentence, backing: _Backing, unverified_ok: bool) -> str:
    if s.numbers or any(backing.citable(r) for r in backing.told(s.refs)):
        return "cited"
    if "inference" in s.tags or any(backing.inferred(r) for r in s.refs):
        return "inferred"
    if "unverified" in s.tags and unverified_ok:
        return "unverified"
    if "framing" in s.tags:
        return "framing"
    return "uncited"


def _inferred_parts(s: DraftSentence, backing: _Backing, unverified_ok: bool) -> list[tuple[DraftSentence, str]]:
    """A cited sentence with a clause that an inference's citation alone covers ("Most defers
    take about 35ns [@clm_a], but the document does not say whether it was accepted [@clm_b]",
    the report's "[inference]"), as its parts, as the page gate reads it
    (``engines.page.prose.inferred_split``): the rest of the sentence with its kind, judged by
    what is cited in it, then each such clause, judged as a sentence of its own inference is. []
    when there is none."""
    from ..page.prose import inferred_split

    def inference(num: int | None, rid: str) -> bool:
        return num is None and backing.inferred(rid)

    inferred = [at for at, num, rid in s.at if inference(num, rid)] + [at for at, t in s.tag_at if t == "inference"]
    if not inferred:
        return []
    split = inferred_split(s.text, [at for at, num, rid in s.at if not inference(num, rid)], inferred)
    if split is None:
        return []
    at = [(split.shift(o), num, rid) for o, num, rid in s.at if not inference(num, rid)]
    rest = DraftSentence(s.line, split.rest, [n for _, n, _ in at if n is not None], [r for _, n, r in at if n is None],
                         s.tags - {"inference"}, at=at)
    refs = [rid for _, num, rid in s.at if inference(num, rid)]
    return [(rest, _kind(rest, backing, unverified_ok))] + \
        [(DraftSentence(s.line, c, refs=refs, tags={"inference"}), "inferred") for c in split.clauses]


def _sentence_finding(s: DraftSentence, kind: str, backing: _Backing, where: str) -> Finding | None:
    at, said = f"{where}:{s.line}", f'"{snippet(s.text)}"'
    odd = foreign_digit(s.text)
    if odd:
        return Finding("E-PAGE-DIGIT-SCRIPT", at, f"{said} writes the digit {digit_named(odd)} in text not written in "
                                                  "that digit's script: a reader sees another glyph while the figure "
                                                  "is read by its value; write the figure in the text's own digits")
    if kind == "cited":
        bad = _cited_unbacked(s, backing)
        if bad:
            return Finding("E-DRAFT-FIGURE", at, f"{said}: {_written(bad)} is not in what {_cites(s.numbers, s.refs)} "
                                                 "supports (the claims and quotes of what it cites); write the figure "
                                                 f"the source gives, or cite the source that gives it{_ambiguous_hint(bad)}")
        wrong = _misframed(s, backing)
        if wrong:
            return Finding("E-DRAFT-FIGURE", at, f"{said} states {snippet(wrong[0], 40)!r}, but {wrong[1]}; write it "
                                                 "as the source gives it, or cite the source that says it")
        compared = _compared(s, backing)
        if compared:
            return Finding("E-PAGE-FIGURE-COMPARISON", at, f"{said} writes {snippet(compared[0], 40)!r}, but what "
                                                           f"{_cites(s.numbers, s.refs)} cites says {compared[1]}: a "
                                                           "comparison bound to a figure must be the claims'; write "
                                                           "the figure as they state it")
        invented = unbacked_quotations(s.text, backing.quotes(s.numbers, s.refs))
        if invented:
            return Finding("E-DRAFT-QUOTE", at, f"{said} sets {snippet(invented[0].text, 40)} in quotation marks, but "
                                                "those words occur in none of the quotes of what it cites; quote "
                                                "the source word for word, or drop the marks")
        return _stance_finding(s, backing, at, said)

    figs = stated(s.text)
    quoted = quotations(s.text) if kind in ("inferred", "framing") else []
    if not figs and not quoted:
        return None
    what = ", ".join([f.written for f in figs] + quoted)
    if kind == "uncited":
        return Finding("E-DRAFT-FIGURE", at, f"{said} cites nothing, so {_written(figs)} is backed by nothing; cite "
                                             f"the source that gives it{_ambiguous_hint(figs)}")
    if kind == "framing":
        return Finding("E-DRAFT-FRAMING", at, f"{said} is tagged [framing] but carries {what}; framing carries no "
                                              "figure, date, amount or quotation: cite the claim that states it")
    if kind == "inferred":
        return Finding("E-DRAFT-INFERENCE", at, f"{said} is the author's inference but carries {what}; an inference "
                                                "carries no figure, date, amount or quotation: cite the claim that "
                                                "states it and infer in words")
    return Finding("W-DRAFT-UNVERIFIED-FIGURE", at, f"{said} is marked [unverified] but states {_written(figs)}; a "
                                                    "figure from memory is the one a reader cannot check: find a "
                                                    "source and cite it")


def _stance_finding(s: DraftSentence, backing: _Backing, at: str, said: str) -> Finding | None:
    """A plan stated as a fact, or a word of record no quote says (as the page gate reads them)."""
    from ..text import stance

    texts = backing.claim_texts(s.numbers, s.refs)
    lost = stance.hedge_dropped_among(texts, s.text, backing.ledger.question)
    if lost:
        _did, fix = stance.lost_advice(lost, texts)
        return Finding("E-PAGE-HEDGE-DROPPED", at, f"{said}: what it cites says {lost!r}, and the sentence states it "
                                                   f"plainly; {fix}")
    who = _speaker_finding(s, backing)
    if who:
        return Finding(who[0], at, f"{said} {who[1]}")
    span = _range_across(s, backing)
    if span:
        from ..text.figures import range_refusal

        return Finding("E-PAGE-FIGURE-RANGE", at, f"{said}: {range_refusal(span, snippet(span[0], 40))}")
    group = _group_moved(s, backing, texts)
    if group:
        return Finding("E-PAGE-WORD-UNBACKED", at, f"{said}: {stance.group_refusal(group)}")
    plan = any(stance.hedged(t) for t in texts)
    said_by = texts + backing.quotes(s.numbers, s.refs)
    cited = len(set(s.numbers)) + len(set(s.refs))
    added = stance.added_words(s.text, said_by, plan, cited)
    if added and added[0] == "scale" and plan and _completion_only_beside_plans(s, backing):
        # "W1 and W2 take the pass now [@fact], and W3 is due to follow [@plan]": words of
        # completion in the part of a claim of fact, none in a plan's part, as the page reads it
        added = stance.added_words(s.text, said_by, False, cited)
    if added:
        code, what, fix = stance.ADDED[added[0]]
        return Finding(code, at, f"{said} says {added[1]!r}, {what} that nothing it cites says; {fix}")
    return None


def _active(backing: _Backing) -> list[Mapping]:
    return [c for c in backing.ledger.claims.values() if c.get("status", "active") == "active"]


def _range_across(s: DraftSentence, backing: _Backing) -> tuple[str, str, str] | None:
    """A range whose two ends are two contested claims' figures (``figures.range_across``, as
    the page gate reads it); the claims a draft is read against contest each other on a topic."""
    from ..text import figures

    refs = [r for r in dict.fromkeys(s.refs) if r in backing.ledger.claims]
    if len(refs) < 2:
        return None
    return figures.range_across(s.text, refs, lambda x: [str((backing.ledger.claims.get(x) or {}).get("text") or "")],
                                lambda x: backing.rivals.get(x, set()))


def _group_moved(s: DraftSentence, backing: _Backing, texts: list[str]) -> str | None:
    """A group of people another claim of the ledger speaks of, named in a sentence whose cited
    claims and quotes never name it (``stance.group_moved``, as the page gate reads it)."""
    from ..text import stance

    if not s.refs or not stance.names_group(s.text):
        return None
    own = texts + backing.quotes(s.numbers, s.refs)
    cited = set(s.refs)
    others = [str(c.get("text") or "") for c in _active(backing) if c.get("id") not in cited]
    return stance.group_moved(s.text, own, others)


def _completion_only_beside_plans(s: DraftSentence, backing: _Backing) -> bool:
    """``stance.completion_beside_plans_only`` over the parts of a sentence that cites in
    several places, as the page gate reads it."""
    from ..text import stance

    refs = [r for r in dict.fromkeys(s.refs) if r in backing.ledger.claims]
    parts = [(_part_citing(s, rid), stance.hedged(str((backing.ledger.claims.get(rid) or {}).get("text") or "")))
             for rid in refs]
    return all(part != s.text for part, _ in parts) and stance.completion_beside_plans_only(parts)


def _part_citing(s: DraftSentence, rid: str) -> str:
    """The part of a sentence that ends at claim ``rid``'s citation and starts after the one before
    it, as the page gate reads it; the whole sentence when it cites in one place."""
    groups: list[tuple[int, list[str]]] = []
    last = -1
    for at, _num, ref in sorted(s.at, key=lambda x: x[0]):
        if groups and not any(ch.isalnum() for ch in s.text[last:at]):
            groups[-1][1].append(ref)
        else:
            groups.append((at, [ref]))
        last = at
    if len(groups) < 2:
        return s.text
    start = 0
    for i, (at, refs) in enumerate(groups):
        if rid in refs:
            return s.text[start:] if i == len(groups) - 1 else s.text[start:at]
        start = at
    return s.text


def _speaker_finding(s: DraftSentence, backing: _Backing) -> tuple[str, str] | None:
    """A speaker the sentence names that a claim it cites by id, its quotes and its source's record
    do not (``engines.page.claim_speaker``, the page gate's rule)."""
    from ..page.claim_speaker import speaker_unbacked

    spoken_by = backing.ledger.spoken_by
    if spoken_by is None:
        return None
    for rid in dict.fromkeys(s.refs):
        c = backing.ledger.claims.get(rid)
        if c is None or not lm.is_citable(c):
            continue
        got = speaker_unbacked(rid, str(c.get("text") or ""), _quotes(c), _part_citing(s, rid),
                               spoken_by)
        if got:
            return got
    return None


def _section(structure: list[StructureLine], i: int, sentences: list[DraftSentence]) -> tuple[list[int], list[str]]:
    """What is cited under heading ``i``: up to the next heading of its level or higher."""
    head = structure[i]
    end = next((t.line for t in structure[i + 1:] if t.kind == "heading" and t.level <= head.level), None)
    nums, refs = list(head.numbers), list(head.refs)
    for s in sentences:
        if s.line > head.line and (end is None or s.line < end):
            nums += s.numbers
            refs += s.refs
    for t in structure[i + 1:]:
        if t.kind == "table" and (end is None or t.line < end):
            nums += t.numbers
            refs += t.refs
    return nums, refs


def _header_row(structure: list[StructureLine], i: int) -> bool:
    """The table line at ``i`` is a header: the next line is the table's |---| rule."""
    nxt = structure[i + 1] if i + 1 < len(structure) else None
    return nxt is not None and nxt.kind == "table" and nxt.line == structure[i].line + 1 and \
        not any(ch.isalnum() for ch in nxt.text)


def _structure_findings(d: DraftCitations, backing: _Backing, ledger: DraftLedger, where: str) -> list[Finding]:
    out = []
    every = ([n for s in d.sentences for n in s.numbers] + [n for t in d.structure for n in t.numbers],
             [r for s in d.sentences for r in s.refs] + [r for t in d.structure for r in t.refs])
    for i, t in enumerate(d.structure):
        if not find_figures(t.text):
            continue
        if t.kind == "heading":
            nums, refs = _section(d.structure, i, d.sentences)
            place = "under this heading"
        elif t.numbers or t.refs:
            nums, refs, place = t.numbers, t.refs, "in this row"
        elif t.kind == "table" and not _header_row(d.structure, i) and stated(t.text):
            # a row is judged by what it cites: one that cites nothing states no figure
            out.append(Finding("E-DRAFT-LABEL-FIGURE", f"{where}:{t.line}",
                               f'table row "{snippet(t.text)}" states {_written(stated(t.text))} and cites nothing; '
                               "cite in the row the claim that gives it"))
            continue
        else:
            (nums, refs), place = every, "in the draft"
        bad = unbacked(t.text, backing.of(nums, refs))
        if bad:
            out.append(Finding("E-DRAFT-LABEL-FIGURE", f"{where}:{t.line}",
                               f'{t.kind} "{snippet(t.text)}" states {_written(bad)}, which nothing cited {place} '
                               f"states; cite the claim that gives it, or drop the figure{_ambiguous_hint(bad)}"))
    out += _label_findings(d, backing, ledger, where, every)
    out += _code_findings(d, backing, ledger, where, every)
    for s in d.sentences:
        if s.label and s.text and find_figures(s.text):
            bad = unbacked(s.text, backing.of(*every))
            if bad:
                out.append(Finding("E-DRAFT-LABEL-FIGURE", f"{where}:{s.line}",
                                   f'label "{snippet(s.text)}" states {_written(bad)}, which nothing cited in the '
                                   f"draft states; cite the claim that gives it, or drop the figure"
                                   f"{_ambiguous_hint(bad)}"))
    return out


def _label_says(text: str, nums: list[int], refs: list[str], backing: _Backing, every: tuple[list[int], list[str]],
                heading: bool = False, whole: bool = True) -> tuple[str, str] | None:
    """What a heading, a label or a table row says of the claims it stands over that they and
    their quotes do not, as (kind, word), read as the page gate reads one: a denial, a verdict, a
    word of scope, record, completion or change, a plan told as done, a condition dropped
    (``stance.label_says``); over no claim, a statement at all (``stance.label_states``)."""
    texts = backing.claim_texts(nums, refs)
    if not texts:
        word = stance.label_states(text)
        return ("bare", word) if word else None
    said = texts + backing.quotes(nums, refs)
    told = stance.unasked(text) if heading else text
    denies, judged = stance.denial(told), stance.judge_words(text)
    if denies and stance.negation_added(told, said):
        return "negation", denies
    if judged:
        known = {w[:6] for b in said for w in stance.judge_words(b)}
        word = next((w for w in judged if w[:6] not in known), "")
        return ("judgement", word) if word else None
    if not denies:
        topic = backing.claim_texts(*every)
        whole_told = [" ".join(t) for _, t in backing.units(*every)] if heading else None
        got = stance.label_says(text, texts, said, len(set(nums)) + len(set(refs)), topic, whole_told, whole=whole)
        if got is not None:
            return got
    word = stance.period_denied(text, said) if denies else None
    return ("timing", word) if word else None


def _label_findings(d: DraftCitations, backing: _Backing, ledger: DraftLedger, where: str,
                    every: tuple[list[int], list[str]]) -> list[Finding]:
    """Headings, short labels and table rows judged by their words, as on a page: a heading by
    the claims cited under it, a row by what it cites (a row citing nothing states nothing), a
    label by the sentences after it up to the next heading or label."""
    out = []

    def refuse(line: int, kind: str, word: str, what_: str, text: str, ids: str) -> None:
        code, what, fix = stance.ADDED[kind]
        over = f"the claims it stands over ({ids})" if ids else "no claim (it stands over none)"
        why = f"is {what}: {over} say {word!r}; {fix}" if kind in ("plan", "condition") else \
            f"says {word!r}, {what}, but {over} and their quotes do not say it; {fix}"
        out.append(Finding(code, f"{where}:{line}", f'{what_} "{snippet(text)}" {why}'))

    for i, t in enumerate(d.structure):
        if not t.text or (t.kind == "heading" and t.text == ledger.question):
            continue
        if t.kind == "heading":
            nums, refs = _section(d.structure, i, d.sentences)
            got = _label_says(t.text, nums, refs, backing, every, heading=True)
        else:
            cells = [c.strip() for c in t.text.strip("|").split("|")]
            if _header_row(d.structure, i) or not any(any(ch.isalnum() for ch in c) for c in cells):
                continue
            nums, refs = t.numbers, t.refs
            got = _label_says(" ".join(c for c in cells if c), nums, refs, backing, every, whole=False)
        if got:
            refuse(t.line, got[0], got[1], "table row" if t.kind == "table" else "heading", t.text, _cites(nums, refs))
    stops = sorted([t.line for t in d.structure] + [s.line for s in d.sentences if s.label])
    for s in d.sentences:
        if not (s.label and s.text):
            continue
        end = next((x for x in stops if x > s.line), None)
        under = [x for x in d.prose if x.line > s.line and (end is None or x.line < end)]
        nums = [n for x in under for n in x.numbers]
        refs = [r for x in under for r in x.refs if backing.citable(r)]
        got = _label_says(s.text, nums, refs, backing, every)
        if got:
            refuse(s.line, got[0], got[1], "label", s.text, _cites(nums, refs))
    return out


def _code_findings(d: DraftCitations, backing: _Backing, ledger: DraftLedger, where: str,
                   every: tuple[list[int], list[str]]) -> list[Finding]:
    """A code block is read as a page's is: a sentence in it is prose in a box (E-PAGE-CODE-PROSE);
    data lines that state a figure or a name what the draft cites states hold a source's own lines,
    or they state a fact without a sentence (E-PAGE-CODE-FACT)."""
    from ..text import sentences

    out = []
    def value(f: Figure) -> str:  # by value: the bare "3.40" of a setting is the claim's "3.40 marks"
        return f.key.split(":", 1)[-1] if f.kind == "money" else f.key

    said = {value(f) for b in backing.of(*every) + backing.quotes(*every) for f in find_figures(b)}
    for line, text in d.code:
        if sentences.reads_as_prose(text):
            out.append(Finding("E-PAGE-CODE-PROSE", f"{where}:{line}",
                               f'"{snippet(" ".join(text.split()))}" is a sentence in a code block; a code block holds '
                               "code, commands or a source's own lines: write the sentence in the text and cite it, "
                               "or cut it"))
            continue
        lines = sentences.data_lines(text)
        named = [f.written for ln in lines for f in find_figures(ln) if value(f) in said]
        if not named or not ledger.texts:
            continue  # no figure of the claims, or no source text to look in
        flat = [" ".join(x.split()) for x in ledger.texts]
        missing = next((ln for ln in lines if not any(" ".join(ln.split()) in x for x in flat)), None)
        if missing is not None:
            out.append(Finding("E-PAGE-CODE-FACT", f"{where}:{line}",
                               f"a code block whose data lines state what the cited claims state "
                               f"({', '.join(dict.fromkeys(named))[:80]}), and no source holds the line "
                               f"{missing[:80]!r}; a code block holds code, commands or a source's own lines: write "
                               "it as a sentence and cite it, or quote the source's lines"))
    return out


def assess(d: DraftCitations, ledger: DraftLedger, where: str, *, unverified_ok: bool = True,
           judge: bool = True, history: bool = False) -> Assessment:
    """Each prose sentence's kind, and the findings of figures that do not stand.

    ``unverified_ok``: whether ``[unverified]`` declares provenance (a chat answer checked with
    ``sb check-draft``) or leaves the sentence uncited (the report ``sb verify`` ships).
    ``judge`` False: the kinds only (the sentences are judged elsewhere, from their draft).
    ``history``: a report, which tells a cited superseded claim as history of its sources."""
    backing = _Backing(ledger, history)
    out = Assessment()
    for s in d.prose:
        kind = _kind(s, backing, unverified_ok)
        out.kinds.append((s, kind))
        parts = (_inferred_parts(s, backing, unverified_ok) if kind == "cited" else []) or [(s, kind)]
        found = [f for part, k in parts if (f := _sentence_finding(part, k, backing, where)) is not None] if judge else []
        out.findings += found
        out.refused += 1 if any(f.is_error for f in found) else 0
    if judge:
        out.findings += _structure_findings(d, backing, ledger, where)
        out.findings += lazy_quote_findings(d, where)
    return out


def lazy_quote_findings(d: DraftCitations, where: str) -> list[Finding]:
    """A line of text right after a block quote's line (``> ...``) with no blank line between:
    CommonMark (and every Markdown viewer) continues the quotation with it ("lazy continuation"),
    so the author's own words show as the quoted source's."""
    return [Finding("E-DRAFT-QUOTE-LAZY", f"{where}:{n}",
                    "this line follows a block quote (\">\") with no blank line between, so Markdown shows it "
                    "inside the quotation, as the quoted source's words; leave a blank line after the quote")
            for n in d.lazy_quoted]


def uncited_findings(a: Assessment, where: str, code: str, advice: str, more: str = "",
                     limit: int = LIST_LIMIT) -> list[Finding]:
    """One finding per uncited sentence, the first ``limit`` of them; the rest are counted."""
    rest = a.uncited
    out = [Finding(code, f"{where}:{s.line}", f'"{snippet(s.text)}" {advice}') for s in rest[:limit]]
    if len(rest) > limit:
        lines = ", ".join(str(s.line) for s in rest[limit:limit + 10]) + (", ..." if len(rest) > limit + 10 else "")
        out.append(Finding(code, where, f"and {len(rest) - limit} more uncited sentence(s) (lines {lines}){more}"))
    return out
