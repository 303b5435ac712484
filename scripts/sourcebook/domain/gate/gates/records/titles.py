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

import re

from .....base.errors import Finding
from .....base.patterns import hot
from ...context import GateContext, evidence
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


def _judge(ctx: GateContext) -> GateResult | None:
    from .....engines.text import figures

    backing: dict[str, list[str]] = {}
    for c in ctx.active:
        for ev in evidence(c):
            sid = ev.get("source_id")
            if isinstance(sid, str):
                got = backing.setdefault(sid, [])
                got.append(str(c.get("text") or ""))
                if isinstance(ev.get("quote"), str):
                    got.append(ev["quote"])
    found: list[Finding] = []
    checked = 0
    for sid in sorted(backing):
        rec = ctx.source(sid)
        title = rec.get("title") if rec else None
        if not isinstance(title, str) or not figures.find_figures(title):
            continue
        checked += 1
        text = ctx.text(sid) or ""
        # the claims and quotes first, then the paragraphs of the text that hold the digits or words
        # of what they leave, and the whole text only for what is still left ("half a dozen" far
        # from any "12"): a long RFC's whole text read for figures costs a second
        bad = figures.unbacked(title, backing[sid])
        # what is refused below is always among these figures, and never one whose digits the
        # text writes: when that leaves none, no figure of the text needs reading (a regex over
        # the text is a hundredth of reading its figures)
        if bad and all(_named(f, text) for f in bad):
            bad = []
        if bad:
            bad = [f for f in figures.unbacked(title, [_near(text, bad), *backing[sid]]) if not _named(f, text)]
        # an identifier or a version is only ever stated with its digits, which the paragraphs hold
        if any(f.kind not in ("ident", "version") for f in bad):
            bad = [f for f in figures.unbacked(title, [text, *backing[sid]]) if not _named(f, text)]
        if bad and rec and rec.get("title_from"):
            bad = [f for f in bad if not _site_name(f, title)]
        if bad:
            shown = ", ".join(repr(f.written) for f in bad[:3])
            found.append(Finding("E-SOURCE-TITLE-FIGURE", sid,
                                 f"its title {title[:80]!r} states {shown}, which its text does not; the title is "
                                 f"shown beside checked quotes: sb source set {sid} title=\"...\" without it"))
    if not checked:
        return None
    return GateResult(found, f"{checked - len(found)}/{checked} title(s) with figures stated by their sources")
