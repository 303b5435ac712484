"""Gate ``titles``: a cited source's title states no figure or date its text does not.

A title is what the author typed (``--title``) or what the page called itself, and it reaches
every ledger entry and the deck's notes beside checked quotes, where a reader takes it as
checked too. So a title follows the prose rule: each figure and date in it must occur, by
meaning, in the source's own canonical text or in what the active claims citing it say or
quote ("2025 Annual Report" passes when the report says 2025). A title that states more is
refused, never rewritten: ``sb source set SRC title="..."`` fixes it.

A title sourcebook took itself (``title_from``: the page's own title or heading, or the file's
name) often ends with the site's name, "… | ノート100YEN.com": there a run of digits glued to
letters ("100YEN", "web3") or standing in a domain ("365.example.org") is a name, never a
figure the text lacks. A title the user gave is read whole: an invented "W9" or "2031" in it is
refused.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from .....base.errors import Finding
from .....base.patterns import hot
from ...context import GateContext, evidence, is_active
from ...registry import GateResult, register

_NONE = "-"  # remembered: no cited source's title states a figure (the gate has no row)


def _whole(ctx: GateContext) -> str | None:
    """The cache key of "these claims over these sources, with these titles, raised nothing": a
    repeat run looks it up instead of reading figures (whose patterns cost a tenth of a second
    to compile)."""
    return ctx.ledger_key("title")


@register("titles", 52)
def gate(ctx: GateContext) -> GateResult | None:
    whole = _whole(ctx)
    note = ctx.cache.page_fact("titles", whole) if whole else None
    if isinstance(note, str):
        return None if note == _NONE else GateResult([], note)
    result = _judge(ctx)
    if whole and (result is None or not result.findings):
        ctx.cache.remember_page_fact("titles", whole, _NONE if result is None else result.note)
    return result


def _named(f, text: str) -> bool:
    """Digits the source writes anywhere, an address included, name it ("go-12914-monotonic" of a
    text linking golang.org/issue/12914, "pep-0413" of "PEP: 413"): a file's own name is no figure
    it lacks."""
    if f.written.isdigit():
        return _writes(text, f.written)
    # a document's label and number ("PEP 3143") of a text whose header field gives them
    # ("PEP:               3143"): the title sourcebook builds from that header names it
    labelled = re.fullmatch(r"([^\W\d_]+)\s+(\d+)", f.written) if f.kind == "version" else None
    if labelled:
        label, number = labelled.groups()
        field = rf"(?<![\w-]){re.escape(label)}\s*:\s*0*{int(number)}(?!\d)"
        return re.search(field, text, re.IGNORECASE) is not None
    # a file name's identifier ("pep-0413" of a text headed "PEP: 413"): each of its numbers,
    # leading zeros aside, is written in the text
    runs = re.findall(r"\d+", f.written) if f.kind == "ident" else []
    return bool(runs) and all(_writes(text, str(int(r)), zeros=True) for r in runs)


def _writes(text: str, digits: str, zeros: bool = False) -> bool:
    """``text`` writes ``digits`` as a number of its own: no digit right before or after it (nor
    before the zeros that may lead it, ``zeros``). Searched, not matched by a pattern: a pattern
    for each title's number is compiled afresh, a thousand titles a run."""
    i = text.find(digits)
    while i >= 0:
        j = i
        while zeros and j > 0 and text[j - 1] == "0":
            j -= 1
        end = i + len(digits)
        if (j == 0 or not text[j - 1].isdecimal()) and (end == len(text) or not text[end].isdecimal()):
            return True
        i = text.find(digits, i + 1)
    return False


# a host name: labels joined by dots, ending in letters ("ノート100YEN.com", "365.example.org")
_DOMAIN = hot(r"(?<![\w.])[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}(?![\w.])")


def _site_name(f, title: str) -> bool:
    """A figure of a title sourcebook took from the page that is part of a name: digits glued to
    letters (an identifier) or inside a host name."""
    if f.kind == "ident":
        return True
    return any(m.start() <= f.start and f.end <= m.end() for m in _DOMAIN.finditer(title))


def _near(text: str, figs: list) -> str:
    """The paragraphs of ``text`` that hold a figure's longest run of digits, or the words of one
    written in words ("2020" of "March 2020", "twelve"): the only places that can state it. A
    figure with neither keeps the whole text."""
    needles: set[str] = set()
    for f in figs:
        runs = re.findall(r"\d+", f.key)
        if runs:
            needles.add(max(runs, key=len))
        words = re.findall(r"[^\W\d_]{3,}", f.written.lower()) if f.spelled else []
        needles.update(words)
        if not runs and not words:
            return text
    # lower() keeps every line break where it was, so the two splits pair paragraph for paragraph
    return "\n\n".join(p for p, low in zip(text.split("\n\n"), text.lower().split("\n\n"), strict=True)
                         if any(n in low for n in needles))


def backing_of(claims: list[dict]) -> dict[str, list[str]]:
    """What states a cited source's figures besides its text: the text and quotes of the
    (active) ``claims`` citing it, by source id."""
    backing: dict[str, list[str]] = {}
    for c in claims:
        for ev in evidence(c):
            sid = ev.get("source_id")
            if isinstance(sid, str):
                got = backing.setdefault(sid, [])
                got.append(str(c.get("text") or ""))
                if isinstance(ev.get("quote"), str):
                    got.append(ev["quote"])
    return backing


def title_fact(rec: dict, text_sha: str, backing: list[str]) -> str:
    """The verify cache's key of "this title states figures, and none this text and this backing
    do not": every input of ``unbacked_figures`` (whether sourcebook took the title itself,
    the text by its digest, the claims' texts and quotes as a set: one backing is as good as
    another, in any order)."""
    body = repr((rec.get("title"), bool(rec.get("title_from")), text_sha, sorted(set(backing))))
    return "title:" + hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def plain_fact(title: str) -> str:
    """The verify cache's key of "this title states no figure at all"."""
    return "title-plain:" + hashlib.sha256(title.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def unbacked_figures(rec: dict, text: str, backing: list[str], whole: bool = True) -> list | None:
    """The figures of a source's title that neither its text nor ``backing`` states; with
    ``whole`` False, None where that takes reading the whole text's figures."""
    from .....engines.text import figures

    title = rec["title"]
    # the claims and quotes first, then the paragraphs of the text that hold the digits or words
    # of what they leave, and the whole text only for what is still left ("half a dozen" far
    # from any "12"): a long RFC's whole text read for figures costs a second
    bad = figures.unbacked(title, backing)
    # what is refused below is always among these figures, and never one whose digits the
    # text writes: when that leaves none, no figure of the text needs reading (a regex over
    # the text is a hundredth of reading its figures)
    if bad and all(_named(f, text) for f in bad):
        bad = []
    if bad:
        bad = [f for f in figures.unbacked(title, [_near(text, bad), *backing]) if not _named(f, text)]
    # an identifier or a version is only ever stated with its digits, which the paragraphs hold
    if any(f.kind not in ("ident", "version") for f in bad):
        if not whole:
            return None
        bad = [f for f in figures.unbacked(title, [text, *backing]) if not _named(f, text)]
    if bad and rec.get("title_from"):
        bad = [f for f in bad if not _site_name(f, title)]
    return bad


def judged_clean(claims: list[dict], sids: set[str], record: Callable[[str], dict | None],
                 text: Callable[[str], str | None], text_sha: Callable[[str], str | None]) -> list[str]:
    """The keys (``title_fact``, ``plain_fact``) of the titles of sources ``sids`` that the gate
    finds clean, judged by its very rules over the active ones of ``claims`` (the whole ledger):
    for ``sb claim add``, whose claims change what backs the titles of the sources they cite, so
    the first verify after it judges them no more."""
    from .....engines.text import figures

    backing = backing_of([c for c in claims if is_active(c)])
    out: list[str] = []
    for sid in sorted(sids & backing.keys()):
        rec = record(sid)
        title = rec.get("title") if rec else None
        sha = text_sha(sid)
        if not rec or not isinstance(title, str) or sha is None:
            continue
        if not figures.find_figures(title):
            out.append(plain_fact(title))
        # a title only the whole text's figures could back is most often refused: left to verify,
        # which reads them once, where it reports what it finds
        elif unbacked_figures(rec, text(sid) or "", backing[sid], whole=False) == []:
            out.append(title_fact(rec, sha, backing[sid]))
    return out


def _judge(ctx: GateContext) -> GateResult | None:
    from .....engines.text import figures

    backing = backing_of(ctx.active)
    found: list[Finding] = []
    checked = 0
    for sid in sorted(backing):
        rec = ctx.source(sid)
        title = rec.get("title") if rec else None
        if not rec or not isinstance(title, str):
            continue
        # judged before, by this or another command (``sb claim add``), over the same inputs
        sha = ctx.text_sha(sid) if ctx.cache.enabled else None
        fact = title_fact(rec, sha, backing[sid]) if sha else None
        if fact and ctx.cache.clean(fact):
            checked += 1
            continue
        plain = plain_fact(title) if ctx.cache.enabled else None
        if plain and ctx.cache.clean(plain):
            continue
        if not figures.find_figures(title):
            if plain:
                ctx.cache.remember_clean(plain)
            continue
        checked += 1
        bad = unbacked_figures(rec, ctx.text(sid) or "", backing[sid]) or []
        if bad:
            shown = ", ".join(repr(f.written) for f in bad[:3])
            found.append(Finding("E-SOURCE-TITLE-FIGURE", sid,
                                 f"its title {title[:80]!r} states {shown}, which its text does not; the title is "
                                 f"shown beside checked quotes: sb source set {sid} title=\"...\" without it"))
        elif fact:
            ctx.cache.remember_clean(fact)
    if not checked:
        return None
    return GateResult(found, f"{checked - len(found)}/{checked} title(s) with figures stated by their sources")
