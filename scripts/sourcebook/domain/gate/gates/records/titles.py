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

The rules live in ``ledger.clean_fact`` (``unbacked_figures``), beside the ledger: ``sb claim
add`` judges the titles of the sources its claims cite by them and records the clean ones under
the key this gate looks up per source (``title_fact``, ``plain_fact``).
"""

from __future__ import annotations

from .....base.errors import Finding
from ....ledger.clean_fact import backing_of, plain_fact, title_fact, unbacked_figures
from ...context import GateContext
from ...registry import GateResult, register

_NONE = "-"  # remembered: no cited source's title states a figure (the gate has no row)


def _whole(ctx: GateContext) -> str | None:
    """The cache key of "these claims over these sources, with these titles, raised nothing": a
    repeat run looks it up instead of reading figures (whose patterns cost a tenth of a second
    to compile)."""
    return ctx.ledger_key()


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
