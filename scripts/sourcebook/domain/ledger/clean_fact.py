"""The key of "this claim raised no flag of the claim-text rules" (``provenance.check_claim``),
and the other facts ``sb claim add`` hands the verify cache: a quote that held (``hold_key``)
and a cited source's title stating no figure its text and claims do not (the titles gate's
rules live here, ``unbacked_figures``, so ``sb claim add`` judges by the very rules verify runs
and records the clean ones under the key the gate looks up: ``title_fact``, ``plain_fact``).

The verify cache's claim-text gate remembers a clean claim under it, and ``sb claim add`` (which
runs the same rules on every claim it stores) hands the keys of the clean ones to the same cache,
so the first verify after an import reads only what changed since. Every input of the rules is
in the key: the claim as stored (parsed JSON: its ``repr`` is exact), and for each source it
cites the SHA-256 of its canonical text and its whole record (named by its file's identity
once that is settled: ``workspace.identity.record_told``); for an inferred claim, which may
name any source ("the 2018 draft"), every source's text digest, dates and title.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...base.patterns import hot

NAMED = ("title", "published_at", "published")  # what names a source by its date ("the 2018 draft")


def claim_fact(c: Mapping, text_sha: Callable[[str], str | None], source: Callable[[Any], Mapping | None],
               every: Callable[[], Iterable[tuple[str, Mapping | None]]], told: Callable[[str], str]) -> str | None:
    """The key for claim ``c``; ``text_sha`` and ``source`` give a cited source's text digest and
    record, ``told`` its whole record as a key names it (``workspace.identity.record_told``),
    ``every`` each source id and record. None when a cited text is missing."""
    parts = [repr(sorted(c.items()))]
    ev = c.get("evidence")
    cited = {str(e.get("source_id")) for e in ev if isinstance(e, dict)} if isinstance(ev, list) else set()
    for sid in sorted(cited):
        sha = text_sha(sid)
        if sha is None:
            return None
        twin = (source(sid) or {}).get("same_as")
        # the whole records: the rules read a source's title, publisher, tier, dates and
        # addresses, and a title set since may back a name or not
        parts.append(f"{sid}:{sha}:{told(sid)}:{told(twin) if isinstance(twin, str) else ''}")
    if c.get("confidence") == "inferred":
        parts += [f"{sid}:{text_sha(sid)}:{[(rec or {}).get(k) for k in NAMED]}" for sid, rec in every()]
    body = "\0".join(parts).encode("utf-8", "surrogatepass")
    return "claim-text:" + hashlib.sha256(body).hexdigest()[:32]


HELD = "held:"  # a fact ``sb claim add`` hands the verify cache: this evidence held (``hold_key``)


def hold_key(text_sha: str, ev: dict) -> str:
    """The key of "this evidence holds against the text with this hash" (the quotes gate's)."""
    body = repr(sorted(ev.items()))  # evidence is parsed JSON: repr is exact and cheaper than dumps
    return hashlib.sha256(f"{text_sha}\0{body}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


# ---- the titles gate's rules ---------------------------------------------------------
def _evidence(claim: dict) -> list[dict]:
    ev = claim.get("evidence")
    return [e for e in ev if isinstance(e, dict)] if isinstance(ev, list) else []


def _active(claim: dict) -> bool:
    return claim.get("status", "active") == "active"


def _named(f, text: str) -> bool:
    """Digits the source writes anywhere, an address included, name it ("go-12914-monotonic" of a
    text linking golang.org/issue/12914, "pep-0413" of "PEP: 413"): a file's own name is no figure
    it lacks."""
    if f.written.isdigit():  # "0560" of a file named rfc-0560-...: the number 560, however led by zeros
        return _writes(text, f.written) or (f.written[0] == "0" and _writes(text, str(int(f.written)), zeros=True))
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
        for ev in _evidence(c):
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
    from ...engines.text import figures

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
    from ...engines.text import figures

    backing = backing_of([c for c in claims if _active(c)])
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


