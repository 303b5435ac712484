"""Gate ``prose``: every sentence on every shipped page is cited, inferred or framing.

A reader who finds one invented sentence on a page stops trusting all of them, so the gate reads
all the text a reader or a machine can get from a page outside the injected ledger (see
``engines.page.prose``) and judges each sentence:

- **cited**: a ``sup.ref`` to an active claim sits in it (or right after it) inside a block
  whose ``data-claim`` names that claim; every figure and date in it occurs in what the cited
  claims say, quote or date (``engines.text.figures.unbacked``), and no clause of four words
  or more follows its last citation;
- **inferred**: it sits in a block naming an ``inferred`` claim and carries its thin mark;
- **framing**: declared with ``class="framing"``; framing and inferences carry no figure, date,
  amount or quotation;
- **structure**: titles, headings, the contents, the legend, the footer, short labels and the
  text sourcebook writes itself need no citation, but a figure or date in them must occur in
  claims cited on the page (for a heading: cited under it); the workspace's question as the
  title needs no citation, but its figures and dates stand like any title's. A heading, a label
  and a table row (read with its column's header) say no word of scope, change, record or
  completion, no plan as done and no condition dropped that the claims they stand over lack.

Anything else is refused with the page, line and first words. Refused outright: comments other
than sourcebook's markers, CSS ``content`` strings the shipped stylesheets do not have, ``#c-``
links outside a matching claim block, marks outside claim blocks or written as text ("(✓ checked)"),
hidden claim blocks and ledger entries, and a contested claim whose other side is not cited in
the same section of the page. A cited sentence's comparisons ("over twelve", "38,500+") must be
its claim's, a block quotation's words must be in the cited quotes, a claim's hedge ("is due
to", "may") is kept, and a word of record, superlative or completion ("already") is one its claims or quotes say. A
sentence typed into a code block is refused, and so are settings in one that name what the page's
claims name in lines no source holds ("pass_routes: W1 W2 W3"). The counts per
page go in the gate's note and in ``--json`` (``coverage``). A page's result is remembered by
the hash of everything it depends on, so a repeat verify does not read it again.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING

from .....base.errors import Finding
from .....base.ids import is_claim_id
from .....base.patterns import hot, lazy
from .....engines.text.figure_text import digit_named, foreign_digit
from .....engines.text.quotations import cut_conditions, quoted, scare_quotes, unbacked_quotations
from .....engines.text.quotations import occurs_as_word as _within  # (one name for the gate's many calls)
from ...context import GateContext, Page, is_active, safe
from ...registry import GateResult, register
from ...verify_cache import file_sig

if TYPE_CHECKING:  # the reader and the template texts are loaded only when a page is judged
    from .....engines.page.prose import PageProse, Piece

STRUCTURE = frozenset({"title", "heading", "toc", "legend", "footer"})
# a yes or no that opens a sentence answers the question (English, Japanese, Chinese, Russian)
# ("No one figure is right" is no answer: a "no" answers only before a stop or a dash)
_ANSWER = lazy(r"\s*[\"'“‘«]?((?:yes|yep)(?=[\s,.:;!—–-])|(?:no|nope)(?=\s?[,.:;!—–])"
               r"|(?:はい|いいえ|是的|不是|对|不对|да|нет)(?=\s?[,.:;!、，。：；—–]))", re.I,
               needs=("ye", "no", "はい", "いいえ", "是的", "不是", "对", "да", "нет"))
# who wrote or made a thing: "by the same author", "the same authors", "written by", "co-authored"
_AUTHORED = lazy(r"\b(?:(?:written|authored|co-?authored|drafted|penned)\s+by|by\s+the\s+same\s+[^\W\d_]+|"
                 r"(?:the\s+)?same\s+(?:authors?|writers?|person|hand|team)|co-?authored|(?:come|comes|came)\s+from\s+"
                 r"the\s+same\s+(?:authors?|writers?|person|hand|team|pen))\b", re.I,
                 needs=("by", "same", "authored"))
_NO_WORDS = frozenset(("no", "nope", "いいえ", "不是", "不对", "нет"))
# an answer word anywhere in a clause ("On route W3, yes too:")
_YES = lazy(r"\b(?:yes|yep)\b|はい|是的|\bда\b", re.I)
KINDS = ("cited", "inferred", "framing", "refused")
# the small words a short tail after a citation may hold without saying anything of its own
_TAIL_STOP = frozenset("and the for with its their them they too also both each say says said reports reported "
                       "according writes wrote notes noted per".split())
_MACHINE_TEXT = frozenset({"attr:json-ld", "attr:content"})
_NOUN_AFTER = lazy(r"[ \u00a0]+(?:[^\W\d_]+[ \u00a0]+)?([^\W\d_]{3,})")
_WORDS = lazy(r"[^\W\d_]{3,}")
# words after a label's number that do not say what it counts
_NOT_COUNTED = frozenset("and or the for per from with than more less over under about and to in on at of".split())
# ... nor the words that tell when or how it stands after its noun ("4 years before the proposal")
_NOT_A_NOUN = frozenset("before after since ago until till into during through within between among by as that which "
                        "who when while earlier later each apiece".split())
# the marks sourcebook writes, written as words or signs in a sentence: "(✓ checked)" vouches
# for nothing, and the reader cannot tell it from the real mark; a status pictograph ("W3 🟢") or
# a task list's box written out ("[x] W3") ticks the same way
_FAKE_MARK = lazy(r"[✓✔☑☒✅✗✘❌❎⭕🟢🟡🟠🔴🟩🟥👍👎]|[(\[]\s*(?:checked|reported|contested|moving|thin|verified)\s*[)\]]"
                  r"|(?:^|(?<=\s))\[[ xX]\](?=\s)", re.I, needs=tuple("✓✔☑☒✅✗✘❌❎⭕🟢🟡🟠🔴🟩🟥👍👎(["))
# a word that tells a state goes on ("still", "remains"): a lead-in before a colon says it of its own
_GOES_ON = lazy(r"\b(?:still|remains?|remained|continues?\s+to|continued\s+to|persists?|to\s+this\s+day)\b", re.I)
_URL_TEXT = lazy(r"(?<![\w/])(?:https?://|www\.)[^\s<>\"']+", re.I)
# a legend that only names the marks ("checked, reported, contested, moving, thin.") defines nothing
_MARK_NAMES = frozenset({"checked", "reported", "contested", "moving", "thin", "verified"})
_HEADER_LABEL = lazy(r"[^.!?。！？]*[^.!?。！？\s]")  # no sentence's stop: "How often builds appear"
# a cell that only affirms its header ("yes", "✓"): the row says the header of its label
_AFFIRM = lazy(r"(?:yes|y|true|ok|[✓✔☑✅])", re.I)
_NOTES_LABEL = lazy(r"^Speaker notes, slide \d+$")  # the aria-label sb render gives a deck's notes
_YEAR = lazy(r"\b(?:1[89]|20)\d\d\b")  # the year a credit may name ("© 2019 Jane Doe")


# A sign or pictograph beside a claim's words reads as a mark too ("W1 ⛔", "in late September
# 🗸"): refused by its class, not by a list of the ticks already seen. Every "other symbol"
# (Unicode So: dingbats, pictographs, ballot boxes, geometric shapes, ◯ and ✕), an enclosing
# mark drawing a sign around a letter (Me: "3⃠"), a private-use character (an icon font's
# picture), a square root of nothing (a tick: "September √"), and a multiplication sign that
# multiplies no number ("W3 ×") are marks; the typographic signs of ordinary writing, the units of CJK
# writing, the arrows read as words of change (``stance.CHANGE``) and box drawing in code are not.
_TYPOGRAPHIC = frozenset("©®™℠℗°№℃℉℅℮¦\ufffc\ufffd")  # and the replacement characters of a broken encoding
_ROOTS = frozenset("√∛∜")
_BULLETS = frozenset("◦▪▫")
_ARROWS = frozenset("→⟶➔➜⇒↑↓⬆⬇↗↘▲▼⇧⇩")
_NUMBER_BEFORE = lazy(r"(?<![^\W\d_])\d[\d.,]*\s*$")  # "2×", "3 ×": not "W3 ×"
_NUMBER_AFTER = lazy(r"\s*\d")


def _multiplies(text: str) -> bool:
    """Whether every "×" in ``text`` stands beside a number (``3 × 4``, ``2×``): a multiplication."""
    at = [i for i, c in enumerate(text) if c == "×"]
    return all(_NUMBER_BEFORE.search(text[max(0, i - 24):i]) or _NUMBER_AFTER.match(text, i + 1) for i in at)


def mark_sign(text: str, told: list[str], code: bool = False) -> str:
    """The first sign or pictograph in ``text`` that reads as a mark and that no text in
    ``told`` (what the page's claims state and quote) holds, or ""."""
    if text.isascii():
        return ""
    import unicodedata

    if text[:1] in _BULLETS and text[1:2].isspace():
        text = text[2:]  # a list's bullet written out ("◦ Route W1")
    for ch in dict.fromkeys(c for c in text if ord(c) > 0xA0):
        if ch in _TYPOGRAPHIC or ch in _ARROWS or 0x3300 <= ord(ch) <= 0x33FF or (code and 0x2500 <= ord(ch) <= 0x259F):
            continue
        cat = unicodedata.category(ch)
        if ch == "×":
            if _multiplies(text):
                continue
        elif ch in _ROOTS:
            if all(i + 1 < len(text) and (text[i + 1].isalnum() or text[i + 1] == "(")
                   for i, c in enumerate(text) if c == ch):
                continue  # "√2": a root of what follows it
        elif cat not in ("So", "Me", "Co"):
            continue
        if any(ch in t for t in told):
            continue  # the claim's own words hold it (a quoted post's emoji)
        return ch
    return ""


def first_words(text: str, n: int = 8) -> str:
    words = text.split()
    if len(words) == 1 and len(text) > 24:  # a script written without spaces
        return text[:20] + "…"
    return " ".join(words[:n]) + ("…" if len(words) > n else "")




# A claim of two assertions ("X is allowed as long as Y; for new code Z is suggested") lends its
# condition to a sentence that restates only the other one: the fix is the claim's, and the
# message says so rather than leave the writer to guess.
_TWO_ASSERTIONS = ("; if it governs only another part of the claim, the claim holds two assertions: add each as "
                   "a claim of its own (sb claim add), retract this one, and cite each where it is said")
_ASSERTIONS = lazy(r";\s|[.!?]\s+(?=[A-Z])")


def _asserts_twice(text: str) -> bool:
    return _ASSERTIONS.search(text.strip()) is not None


class _Judge:
    """One page's sentences against the ledger."""

    def __init__(self, ctx: GateContext, page: Page, pr: PageProse):
        from .....engines.text import sentences
        from ...prose_fixed import fixed_text, page_kind

        self.ctx, self.page, self.pr = ctx, page, pr
        self.sent = sentences
        self._fig = None
        self.claims = ctx.claims_by_id
        self.fixed, self.css_ok = fixed_text(ctx, page_kind(page.rel))
        question = ctx.manifest.get("question") if isinstance(ctx.manifest, dict) else None
        self.question = " ".join(question.split()) if isinstance(question, str) else None
        plan_title = ctx.plan.get("title") if isinstance(ctx.plan, dict) else None
        self.plan_title = " ".join(plan_title.split()) if isinstance(plan_title, str) else None
        self.titles: set[str] = set()
        self.f: list[Finding] = []
        self.counts = dict.fromkeys(KINDS, 0)
        self.page_cited: set[str] = set()
        self._backing: dict[str, tuple[list[str], list[str], list[str]]] = {}
        self._notes: set[str] | None = None
        self._topic: list[str] | None = None
        self._told: list[str] | None = None
        self._at: dict[int, int] | None = None
        self._read: dict[tuple, object] = ctx.memo("prose-sentences", lambda _ctx: {})

    # -- helpers --
    @property
    def fig(self):
        if self._fig is None:  # imported when a sentence first needs it
            from .....engines.text import figures

            self._fig = figures
        return self._fig

    def unbacked(self, text: str, ids, *, as_of: bool = False) -> list:
        """The figures of ``text`` none of these claims states in its own text (the claim is the
        unit: its quotes back the claim, the claim backs the page); ``as_of``: the claims' as_of
        dates back it too (the as-of line sourcebook prints). A sentence that is word for word
        part of a claim's text states nothing more."""
        if not self.fig.find_figures(text):  # nothing to back: the claims' texts need no reading
            return []
        backing = self.backing(ids, as_of=as_of)
        core = text.rstrip(".!?\u3002\uff01\uff1f ")
        if core and any(_within(core, b) for b in backing):
            return []
        return [f for f in self.fig.unbacked(text, backing) if as_of or not self.names_source(text, f, ids)]

    # A sentence the pages share (the answer, the brief and the deck say much the same) is read
    # once per run: what it states, what its citations back, and its stance depend only on its
    # text, its citations and the ledger, never on the page it stands on.
    def cited_unbacked(self, p: Piece, ids: list[str]) -> list:
        return self._once("unbacked", p, ids, self._cited_unbacked)

    def range_across(self, p: Piece, ids: list[str]) -> tuple[str, str, str] | None:
        """A range whose two ends are stated by two claims on either side of a disagreement
        (contested on one topic, or weighed by one decision: ``figures.range_across``)."""
        from .....engines.text import figures

        mates = self.ctx.memo("prose-contest-mates", _mates)
        return figures.range_across(p.text, ids, lambda x: self.backing([x]), lambda x: mates.get(x, set()))

    def misread(self, p: Piece, ids: list[str]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        return self._once("misread", p, ids, self._misread)

    def stance(self, p: Piece, ids: list[str], advice: bool = False) -> tuple[str, str] | None:
        if advice:
            return self._once("advice", p, ids, lambda p, ids: self._stance(p, ids, advice=True))
        return self._once("stance", p, ids, self._stance)

    def _once(self, kind: str, p: Piece, ids: list[str], fn):
        # a sentence's stance reads the sentence before it and its list's lead-in too: "They
        # could not ..." after a speaker, an item under "..., according to the proposal:"
        key = (kind, p.text, tuple(ids), tuple(tuple(c) for c in p.cites), p.before, p.lead, self.head_of(p))
        if key not in self._read:
            self._read[key] = fn(p, ids)
        return self._read[key]

    def head_of(self, p: Piece) -> str:
        """The header of the column a table cell stands in ("" for a piece in no table's body)."""
        heads = getattr(self, "_heads", None)
        if heads is None:
            pieces, heads = self.pr.pieces, {}
            for table in self.pr.tables:
                top = [row for row in table if row and all(h for h, _ in row)][-1:]
                for row in table if top else ():
                    if all(h for h, _ in row) or len(row) != len(top[0]):
                        continue
                    for c, (_, ix) in enumerate(row):
                        head = " ".join(pieces[i].text for i in top[0][c][1] if pieces[i].where == "header")
                        heads.update({id(pieces[i]): head for i in ix})
            self._heads = heads
        return heads.get(id(p), "")

    def _cited_unbacked(self, p: Piece, ids: list[str]) -> list:
        """The figures of a cited sentence its citations do not back: each figure by the claims
        cited right after it (two figures swapped between their citations are both refused), a
        date by a claim's as_of only after as-of wording ("as of 1 December 2026")."""
        text = p.text
        figs = self.fig.find_figures(text)
        if not figs:
            return []
        backing = self.backing(ids)
        core = text.rstrip(".!?\u3002\uff01\uff1f ")
        if core and any(_within(core, b) for b in backing):
            return []
        groups = _groups(p.cites, text, set(ids))
        bad = []
        for f in figs:
            own = ids if len(groups) < 2 else next((g for at, g in groups if at >= f.end), groups[-1][1])
            if self.fig.small_word(f, text) or self.fig.is_backed(f, self.backing(own), text):
                continue
            if self.counts_claims(f, own):  # "two workarounds [1][2]": one claim for each
                continue
            if f.kind == "date" and self.fig.as_of_wording(text, f.start, f.end) and self.fig.is_backed(f, self.as_of(own)):
                continue
            if self.source_named(text, f, own):  # "the 2019 try proposal", "PEP 563": the cited source's name
                continue
            bad.append(f)
        return bad

    def counts_claims(self, f, ids: list[str]) -> bool:
        """A count in words up to ten of something named ("two workarounds") that is the number
        of distinct claims cited right after it, each of them one of what it counts: none names
        a set one by one ("routes W1 and W2"), which would count more than its one."""
        from .....engines.text.stance import names_set

        n = len(set(ids))
        return f.spelled and f.kind == "number" and f.unit == "count" and f.key.isdigit() and \
            2 <= int(f.key) <= 10 and int(f.key) == n and not any(names_set(b) for b in self.backing(ids))

    def source_named(self, text: str, f, ids: list[str]) -> bool:
        """The figure ``f`` of a cited sentence names a source of the claims ``ids`` ("the 2019 try
        proposal", "PEP 563") or is the year of a month they state, read off a source's date
        (``engines.ledger.source_names.source_named``: the report gate reads it the same way)."""
        from .....engines.ledger.source_names import source_named

        return source_named(text, f, self.sources_of(ids), self.backing(ids), self.ctx.text, self.ctx.source)

    def _misread(self, p: Piece, ids: list[str]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """What a cited sentence makes of figures its claims do state: (comparisons, others),
        each a list of (what is written, why). A comparison bound to a figure ("over twelve",
        "38,500+") must be made the same way in the claim cited after it; a count of time
        ("twelve months") or an amount ("12 marks") is not backed by the claim's number of
        something else ("under twelve ride free"); magnitude words ("hundreds of thousands")
        need a number in the range they name."""
        from .....engines.text.figure_dates import date_parts
        from .....engines.text.figure_units import (
            comparison,
            comparison_refused,
            date_bound,
            duration_after,
            duration_near,
            magnitudes,
            periods_named,
            same_value,
            until,
        )

        def same_day(key: str, theirs: str) -> bool:
            # a date without its year ("十二月一日") is the claim's date of that month and day
            y, m, d = date_parts(key)
            gy, gm, gd = date_parts(theirs)
            return key == theirs or (m is not None and (m, d) == (gm, gd) and (y is None or y == gy))

        text = p.text
        found = self.fig.find_figures(text)
        figs = [f for f in found if f.kind in ("number", "money", "percent")]
        mags = magnitudes(text)
        if not found and not mags:
            return [], []
        if self.verbatim(text, ids):
            return [], []
        groups = _groups(p.cites, text, set(ids))

        def own(end: int) -> list[str]:
            return ids if len(groups) < 2 else next((g for at, g in groups if at >= end), groups[-1][1])

        compared: list[tuple[str, str]] = []
        others: list[tuple[str, str]] = []
        for f in figs:
            if self.fig.small_word(f) and not comparison(text, f.start, f.end):
                continue
            backs = self.backing(own(f.end))
            same = same_value(f, backs, self.fig.find_figures)
            if not same:
                continue  # not backed at all (refused as such), or backed another way (a rate)
            refused = comparison_refused(text, f, same)
            if refused:
                compared.append((refused[0], f"the claim cited after it says {refused[1]}"))
                continue
            unit = duration_after(text, f.end) if f.kind == "number" else ""
            if unit and not any(duration_near(b, g.start, g.end) == unit for b, g in same):
                others.append((f"{f.written} {unit}s", f"the claim's {same[0][1].written!r} counts no {unit}s"))
            elif f.kind == "money" and all(g.kind == "number" and _counts_something(b, g.end) for b, g in same):
                others.append((f.written, f"the claim's {same[0][1].written!r} is a number of something else, "
                                          "not an amount"))
        for f in found:
            if f.kind != "date" or not until(text, f.start, f.end):
                continue
            same = [(b, g) for b in self.backing(own(f.end)) for g in self.fig.find_figures(b)
                    if g.kind == "date" and same_day(f.key, g.key)]
            if same and not any(until(b, g.start, g.end, claim=True) for b, g in same):
                compared.append((f"until {f.written}", f"the claim cited after it gives {same[0][1].written!r} as "
                                                       "no end"))
        for f in found:
            # "since late September" (from then to today), "1 December at the latest": a start or
            # a limit the claim, which gives the date bare, does not set
            bound = date_bound(text, f.start, f.end) if f.kind == "date" else ""
            if not bound:
                continue
            same = [(b, g) for b in self.backing(own(f.end)) for g in self.fig.find_figures(b)
                    if g.kind == "date" and same_day(f.key, g.key)]
            if same and not any(date_bound(b, g.start, g.end, claim=True) == bound for b, g in same):
                written = f"since {f.written}" if bound == "since" else f"{f.written} {bound}"
                compared.append((written, f"the claim cited after it gives {same[0][1].written!r} with no such "
                                          "bound"))
        if figs:
            # "31,000 on summer weekends" of a claim that counts per weekday: another period
            kinds = {"weekday", "weekend", "hour"}  # what a count is counted over; a year or a month is a span too
            named = periods_named(text) & kinds
            counted = {q for b in self.backing(ids) for q in periods_named(b)} & kinds
            other = sorted(named - counted)
            if other and counted and not others:
                others.append((other[0], f"its claims count per {', '.join(sorted(counted))}, not per {other[0]}"))
        if figs or any(f.kind == "date" for f in found):
            # each figure with the words beside it: what it counts, its qualifiers ("audited", "over
            # the summer", "children"), a date's event, by one claim cited for it that states both
            from .....engines.text.figure_frame import misframed

            parts = {x: self.backing([x], quotes=True) for x in ids}
            wrong = misframed(text, lambda end: [(x, parts[x]) for x in own(end)])
            if wrong and not others:
                others.append(wrong[0])
        for m in mags:
            backs = self.backing(own(m.end))
            if not any(g.kind in ("number", "money") and m.low <= _number(g.key) < m.high
                       for b in backs for g in self.fig.find_figures(b)) and \
                    not any(m.written.lower() in b.lower() for b in backs):
                others.append((m.written, f"no claim cited after it states a number from {m.low:,} to {m.high:,}"))
        return compared, others

    def _stance(self, p: Piece, ids: list[str], advice: bool = False) -> tuple[str, str] | None:
        """A cited sentence that states plainly what its claim only plans or allows ("is due to"
        become "takes"), or that adds a word of record, superlative or completion ("a record 38,500") none of
        its claims and quotes says: (code, what) or None. ``advice``: the claims are recommendations,
        whose "should" a sentence may give as a bidding ("carry another way to pay")."""
        from .....engines.page.claim_speaker import speaker_unbacked
        from .....engines.text import stance

        texts = self.backing(ids)
        plan = any(stance.hedged(t) for t in texts)
        text = self.unanswered(p.text, ids)  # "No: PEP 446 makes ...": the answer is the question's
        groups = _groups(p.cites, p.text, set(ids))
        for x in ids:
            said = _cited_part(p.text, groups, x)
            for t in self._parts(x)[0]:
                cond = stance.condition_dropped(t, said) or stance.condition_dropped_other(t, said)
                if cond:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, whose text says {cond!r}, but states it without that "
                                                    "condition; a conditional fact keeps its condition on the page"
                                                    + (_TWO_ASSERTIONS if _asserts_twice(t) else ""))
                age = stance.age_bound_dropped_other(t, said)
                if age:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, whose text bounds it by age ({age!r}), but tells "
                                                    "it of children of any age; keep the age bound on the page")
                others = [u for y in ids if y != x and _cited_part(p.text, groups, y) == said for u in self._parts(y)[0]]
                met = stance.condition_done(t, said, others)
                if met:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, whose condition is {met}; a condition stays one on "
                                                    "the page: keep its word (\"once\", \"if\", \"when\")")
                frame = stance.frame_dropped(t, said, p.before, p.lead)
                if frame:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, whose text reports it ({frame!r}), but states it as "
                                                    "a plain fact; keep who says it (\"riders say\", \"according to "
                                                    "the operator\")")
                now = stance.now_for_then(t, said)
                if now:
                    return ("E-PAGE-WORD-UNBACKED", f"cites {x} but says {now!r}: the claim dates it, the sentence "
                                                    "tells it as holding today; keep the claim's date")
                habit = stance.habit_for_then(t, said)
                if habit:
                    return ("E-PAGE-WORD-UNBACKED", f"cites {x} but says {habit!r}: the claim tells one time, the "
                                                    "sentence a habit; keep the claim's date, without the frequency")
                now = stance.present_for_then(t, said)
                if now:
                    return ("E-PAGE-WORD-UNBACKED", f"cites {x} but says {now!r}: the claim tells a state of that "
                                                    "date in the past, the sentence tells it in the present, as "
                                                    "holding today; keep the claim's date and tense")
                done = stance.future_told_done(t, said)
                if done:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, whose text says {done!r} of what is to come, but "
                                                    "tells it as done; a plan stays a plan on the page: keep the "
                                                    "future tense (\"will\", \"is due to\")")
                unbacked = speaker_unbacked(x, t, self._parts(x)[1], said, self.spoken_by)
                if unbacked:
                    return unbacked
                lost = stance.hedge_dropped(t, p.text) if plan and not advice else None
                if lost == "should" and stance.bidding_kept(t, p.text, " ".join((self.head_of(p), p.lead,
                                                                                  self.question or ""))):
                    lost = None  # "lowercase with underscores" under "What PEP 8 asks": the header bids
                if lost and stance.hedge_carried(lost, said, p.before):
                    lost = None  # "... would increase it to 34.7MB. That is 6.3MB more.": the hedge goes on
                done = stance.plan_told_done(t, self._parts(x)[1], said) if plan and not advice and not lost else None
                if done:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, a plan, but tells it as done ({done!r}) where the "
                                                    "claim's quote in that language tells it as to come; keep the "
                                                    "plan's tense or a word of plan")
                yes = _YES.search(said) if stance.hedged(t) and not any(
                    not stance.hedged(u) for y in ids if y != x and _cited_part(p.text, groups, y) == said
                    for u in self._parts(y)[0]) else None
                if yes and not lost:
                    # "On route W3, yes too: it is due to follow": the answer tells the plan as done
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, a plan or a possibility, with the answer "
                                                    f"{yes.group(0)!r}: an answer says it is so; give the plan as "
                                                    "the claim does (\"W3 is due to follow\"), without an answer")
                if lost:
                    return ("E-PAGE-HEDGE-DROPPED", f"cites {x}, whose text says {lost!r}, but states it plainly; "
                                                    "a plan, a schedule or a possibility stays one on the page: "
                                                    "keep the claim's hedge (\"is due to\", \"will\", \"may\")")
        # a sentence word for word part of what its claims say or quote adds nothing; it can still
        # leave out their condition or speaker ("It is permissible to break before or after a binary
        # operator" of "..., as long as the convention is consistent locally"): the rules above read it
        if self.verbatim(p.text, ids):
            return None
        became = [w for x in dict.fromkeys(ids) for w in stance.became(self.past(x) or {})]
        added = stance.added_words(self.said_first(text, ids), self.backing(ids, quotes=True) + became, plan,
                                   len(set(ids)))
        if added and added[0] == "scale" and plan and stance.completion_beside_plans_only(
                [(_cited_part(p.text, groups, xs[0]), any(stance.hedged(t) for t in self.backing(xs)))
                 for _at, xs in groups]):
            added = stance.added_words(self.said_first(text, ids), self.backing(ids, quotes=True) + became, False,
                                       len(set(ids)))
        if added:
            code, what, fix = stance.ADDED[added[0]]
            return (code, f"says {added[1]!r}, {what} that none of its claims ({', '.join(ids)}) or their quotes "
                          f"says; {fix}")
        moved = self.name_moved(p.text, ids)
        if moved:
            return ("E-PAGE-WORD-UNBACKED", f"names {moved!r}, a name the page's other claims give, but none of its "
                                            f"claims ({', '.join(ids)}), their quotes or their sources' records names "
                                            "it: the sentence moves what they say onto another thing; name what "
                                            "the claims name, or cite the claim that names it")
        group = self.group_moved(p.text, ids)
        if group:
            return ("E-PAGE-WORD-UNBACKED", stance.group_refusal(group))
        place = self.place_unsaid(p.text, ids)
        if place:
            code, what, fix = stance.ADDED["place"]
            return (code, f"names {place!r}, {what} that none of its claims ({', '.join(ids)}), their quotes, "
                          f"the page's other claims or its sources' records names; {fix}")
        # a negation is judged by the claims cited in its own part of the sentence: "free" in the
        # children's claim does not license "not" beside the fare ("is not 3.40 marks[5], and ...[6]")
        for _at, xs in groups if len(groups) > 1 else ():
            part = _cited_part(p.text, groups, xs[0])
            word = stance.negation_added(self.unanswered(part, xs), self.backing(xs, quotes=True))
            if word:
                code, what, fix = stance.ADDED["negation"]
                return (code, f"says {word!r}, {what} that none of the claims cited right after it "
                              f"({', '.join(xs)}) or their quotes says; {fix}")
        return None

    def unanswered(self, text: str, ids: list[str]) -> str:
        """``text`` without the "No" that opens it ("No: PEP 446 makes ...", "No.") when that
        answer is the page's question turned around as its claims turn it: the page asks of a
        word ("Inheritable by default or not?", "Should descriptors be inheritable by default?")
        the claims say with a negating prefix ("non-inheritable"). Any other "No" stays, for the
        negation rules to judge."""
        from .....engines.text import stance

        m = _ANSWER.match(text)
        if m is None or m.group(1).lower() not in _NO_WORDS:
            return text
        asked = [q.text for q in self.pr.pieces if q.where in ("heading", "title")] + sorted(self.titles)
        if not stance.answer_turns(asked, self.backing(ids, quotes=True)):
            return text
        return " " * m.end() + text[m.end():]

    def place_unsaid(self, text: str, ids: list[str]) -> str | None:
        """A place the sentence names ("at Halden Quay") that neither its claims and quotes, nor
        the page's other claims, nor the records (title, publisher, author) of the sources the
        page cites, nor the question name (``stance.place_unsaid``), or None."""
        from .....engines.text import stance

        if not stance.places(text) or all((self.live(x) or {}).get("confidence") == "inferred" for x in ids):
            return None  # an inference is the author's own: a person reviews its names (W-REVIEW-NAME)
        records = self.records(self.shown_ids() + list(ids), "title", "publisher", "author", "url")
        question = str((self.ctx.manifest or {}).get("question") or "")
        hay = " ".join(self.backing(ids, quotes=True) + self.backing(self.shown_ids(), quotes=True) + records +
                       [question])
        return stance.place_unsaid(text, hay)

    def name_moved(self, text: str, ids: list[str]) -> str | None:
        """A proper name the page's other claims give that this sentence's claims, their quotes
        and their sources' records do not (``stance.name_moved``), or None."""
        from .....engines.text import stance

        if all((self.live(x) or {}).get("confidence") == "inferred" for x in ids):
            return None  # an inference is the author's own: its names are stray_name's to judge
        own = self.backing(ids, quotes=True) + [w for x in dict.fromkeys(ids) for w in stance.became(self.past(x) or {})]
        own += self.records(ids, "title", "publisher", "author")
        others = [t for t in self.topic() if t not in own]
        return stance.name_moved(text, own, others)

    def group_moved(self, text: str, ids: list[str]) -> str | None:
        """A group of people ("children") another claim of the ledger speaks of, on the page or
        not, that this sentence's claims and their quotes never name (``stance.group_moved``)."""
        from .....engines.text import stance

        if not stance.names_group(text) or all((self.live(x) or {}).get("confidence") == "inferred" for x in ids):
            return None
        own = self.backing(ids, quotes=True) + [w for x in dict.fromkeys(ids) for w in stance.became(self.past(x) or {})]
        ledger = [str(c.get("text")) for c in self.ctx.active if c.get("id") not in ids]
        return stance.group_moved(text, own + self.records(ids, "title", "publisher", "author"), ledger)

    def day(self, sid: str) -> str | None:
        from .....engines.ledger.source_names import source_day

        return source_day(self.ctx.source(sid), None) or source_day(None, self.ctx.text(sid))

    def said_first(self, text: str, ids: list[str]) -> str:
        """``text`` with its "already" blanked when the dates of the page's sources back it: "The
        memory target proposal already anticipated a limit" names a cited claim's source (a word
        for a document and a word of its title), and another source the page cites is dated
        later. Any other "already" stays for the word rules to judge."""
        from .....engines.text import stance
        from .....engines.text.figure_units import speaks_as_document

        got = stance.already_said(text)
        if got is None:
            return text
        start, end, who = got
        if not speaks_as_document(who):
            return text  # "W3 already said": no document speaks
        from ....ledger.provenance import speaker_of

        mine = [s for s in self.sources_of(ids) if speaker_of(who, [s], self.ctx.text, self.ctx.source)]
        days = [d for s in mine if (d := self.day(s))]
        later = [d for s in self.sources_of(self.shown_ids()) if s not in mine and (d := self.day(s))]
        if days and later and min(days) < max(later):
            return text[:start] + " " * (end - start) + text[end:]
        return text

    def uncited(self, p: Piece, ids: list[str]) -> str:
        """The clause of a cited sentence that no citation covers and its claims do not say, or
        "". A lead-in before a colon whose clause after it is cited ("PEP 649 takes a different
        route: it delays ...[1]") is none when it says no more than the claims (``lead_in_said``)."""
        from .....engines.page.prose import colon_lead, lead_in, uncited_after

        colon = "" if lead_in(p.text) else colon_lead(p.text)
        if colon and p.cites and min(at for at, _ in p.cites) > len(colon) and not self.verbatim(p.text, ids) and \
                not self.lead_in_said(colon, ids, words_only=True):
            return colon  # "Paper tickets still rule on board: a single fare ...[5]": the lead-in tells a fact of its own
        lead = lead_in(p.text)
        if not p.tail or self.sent.is_short_label(p.tail) or self.verbatim(p.text, ids) or self.clauses_said(p.text, ids):
            return ""
        if lead != p.tail or not self.lead_in_said(lead, ids):
            return p.tail
        rest = uncited_after(p.text, len(lead) + 1, [at for at, _ in p.cites])
        return "" if not rest or self.sent.is_short_label(rest) else rest

    def uncited_why(self, text: str, tail: str, ids: list[str]) -> str:
        """What an E-PAGE-CLAUSE-UNCITED finding says: the clause with no citation of its own
        when the claims do not say it, or else the clause of the sentence they do not say (a
        citation at the end covers the last clause; one claim backs the others only when it says
        them all), with the words they lack."""
        from .....engines.page.prose import clauses

        backing = self.backing(ids, quotes=True)
        cited = ", ".join(dict.fromkeys(ids))
        unsaid = tail if not self.clause_said(tail, backing) else \
            next((c for c in clauses(text) if not self.clause_said(c, backing)), tail)
        if unsaid == tail:
            return (f"holds a clause with no citation of its own (\"{safe(first_words(tail), 80)}\"), and the claims "
                    f"the sentence cites ({cited}) do not say it{self.lacking(tail, ids)}; cite what that clause "
                    "rests on at its end, or cut it")
        return (f"holds a clause with no citation of its own (\"{safe(first_words(tail), 80)}\"), so the "
                f"citation after the sentence backs every clause only if its claims ({cited}) say them all, and they "
                f"do not say \"{safe(first_words(unsaid), 80)}\"{self.lacking(unsaid, ids)}; cite each clause at "
                "its end, or cut the one they do not say")

    def lacking(self, clause: str, ids: list[str]) -> str:
        """The words of ``clause`` its claims and their quotes lack, as the finding shows them
        (" (their words lack 'growth', 'design')"), or "" when it lacks none of them (a
        negation or a rule of its own refused it)."""
        from .....engines.text.stance import prefix_negations, unframed
        from ....review.preflags import missing_words

        backing = self.backing(ids, quotes=True)
        missing = missing_words(unframed(prefix_negations(clause, backing)), backing)[0]
        shown = ", ".join(repr(w) for w in list(dict.fromkeys(missing))[:4])
        return f" (they and their quotes lack {shown})" if missing else ""

    def list_lead(self, p: Piece) -> bool:
        """A sentence ending with a colon that opens a list whose items cite claims ("Where the
        operator says the pass is taken:") is part of that list: it passes when it says no more
        than the items' claims (``lead_in_said``), as a lead-in before a colon in a sentence does,
        and lacks one word of its claims and their quotes at most. A lead-in that states a fact of its own ("The pass is now taken on every route:") is still
        uncited."""
        if p.where != "prose" or not p.text.endswith(":"):
            return False
        ids = [x for q in self.pr.pieces if q is not p and q.lead == p.text for x in q.refs if self.live(x)]
        ids = list(dict.fromkeys(ids))
        lead = p.text.rstrip(": ")
        if not ids or not self.lead_in_said(lead, ids):
            return False
        from .....engines.page.prose import ROUTE_WORDS
        from .....engines.text.stance import unframed
        from ....review.preflags import missing_words

        # cited by nothing of its own, it may lack one word of its claims at most ("taken" of "accepted")
        missing = missing_words(unframed(lead), self.backing(ids, quotes=True))[0]
        return len([w for w in missing if w not in ROUTE_WORDS]) <= 1

    def lead_in_said(self, lead: str, ids: list[str], words_only: bool = False) -> bool:
        """A lead-in before a colon holds no fact of its own: no figure its claims do not state, no
        quotation or web address, no word of negation, scope, record, change or judgement they
        do not say; one of its words is theirs (what it is about), and its claims say all but a third
        of its words, the words a writer finds the way with ("takes a different route") aside
        unless the page's claims use them. ``words_only``: a lead-in before a colon that opens no
        clause of its own ("Paper tickets still rule on board: a single adult fare ..."): the word
        rules alone judge it, and a word of continuance ("still", "remains") its claims do not say."""
        from .....engines.page.prose import ROUTE_WORDS
        from .....engines.text import stance
        from ....review.preflags import missing_words

        backing = self.backing(ids, quotes=True)
        if self.unbacked(lead, ids) or quoted(lead) or _URL_TEXT.search(lead) or \
                stance.added_words(self.said_first(lead, ids), backing, any(stance.hedged(t) for t in self.backing(ids)),
                                   len(set(ids))):
            return False
        if words_only:
            go_on = _GOES_ON.search(lead)
            return go_on is None or any(_GOES_ON.search(b) for b in backing)
        missing, total = missing_words(lead, backing)
        if len(missing) >= total:
            return False  # nothing in it is the claims': it is about something else
        routes = [w for w in missing if w in ROUTE_WORDS]
        foreign = set(missing_words(" ".join(routes), self.topic())[0]) if routes else set()  # not the page's words
        own = [w for w in missing if w not in foreign]
        return len(own) * 3 <= total

    def said_after(self, p: Piece, ids: list[str]) -> str:
        """A few words after a sentence's last citation (", or alone") that its claims never say:
        too short to be a clause of their own, they still change what the claim says. ""
        when there are none, or the claims and quotes say each of their words."""
        if not p.cites:
            return ""
        rest = p.text[max(at for at, _ in p.cites):]
        if any("\u3040" <= ch <= "\u9fff" for ch in rest):
            return ""  # "…と報告しています": words run together; the figure and stance rules judge them
        words = [w for w in re.findall(r"[^\W\d_]{3,}", rest) if w.lower() not in _TAIL_STOP]
        if not words or len(rest.split()) >= 4:
            return ""  # nothing but a stop, or a clause the clause rule judges
        said = " ".join(self.backing(ids, quotes=True)).lower()
        missing = [w for w in words if w.lower()[:4] not in said]
        return " ".join(rest.strip(" .,;:!?").split()) if missing else ""

    def clauses_said(self, text: str, ids: list[str]) -> bool:
        """A sentence whose clauses do not each carry a citation passes when its claims say every
        clause all the same ("PEP 563 postpones evaluation, and annotations are stored as
        strings[1]" of one claim that says both): each clause's words (compared by stem) are
        theirs, but for half of them at most, and no clause negates what none of them negates.
        An added clause ("because the pass cannot be used on board", "and the operator will
        scrap fares") has words no claim says."""
        from .....engines.page.prose import clauses

        backing = self.backing(ids, quotes=True)
        return all(self.clause_said(clause, backing) for clause in clauses(text))

    @staticmethod
    def clause_said(clause: str, backing: list[str]) -> bool:
        """The claims (``backing``: their texts and quotes) say ``clause`` (``preflags.clause_said``)."""
        from ....review.preflags import clause_said

        return clause_said(clause, backing)

    def verbatim(self, text: str, ids) -> bool:
        """The sentence is word for word part of what one of its claims says or quotes: it states
        nothing more, whatever its clauses."""
        core = text.rstrip(".!?\u3002\uff01\uff1f ")
        return bool(core) and any(_within(core, b) for b in self.backing(ids, quotes=True))

    def live(self, x: str) -> dict | None:
        c = self.claims.get(x)
        return c if c is not None and is_active(c) else None

    def past(self, x: str) -> dict | None:
        """A superseded claim: citable only as history, and then it backs what it said."""
        c = self.claims.get(x)
        return c if c is not None and c.get("status") == "superseded" else None

    def _parts(self, x: str) -> tuple[list[str], list[str], list[str]]:
        """(text, quotes, as_of) of a claim, whitespace collapsed."""
        got = self._backing.get(x)
        if got is None:
            c = self.live(x) or self.past(x) or {}
            text = [" ".join(c["text"].split())] if isinstance(c.get("text"), str) else []
            as_of = [c["as_of"]] if isinstance(c.get("as_of"), str) else []
            ev = c.get("evidence")
            quotes = [" ".join(e["quote"].split()) for e in (ev if isinstance(ev, list) else [])
                      if isinstance(e, dict) and isinstance(e.get("quote"), str)]
            got = self._backing[x] = (text, quotes, as_of)
        return got

    def backing(self, ids, *, quotes: bool = False, as_of: bool = False) -> list[str]:
        out: list[str] = []
        for x in ids:
            text, qs, dates = self._parts(x)
            out += text + (qs if quotes else []) + (dates if as_of else [])
        return out

    def spoken_by(self, who: str, x: str) -> bool:
        """Whether the speaker ``who`` is the source of the claim ``x``: a word of its record."""
        from ....ledger.provenance import speaker_of

        return speaker_of(who, self.sources_of([x]), self.ctx.text, self.ctx.source, described=True,
                          records=self.ctx.sources)

    def records(self, ids, *fields: str) -> list[str]:
        """The ``fields`` of the records of the sources behind the claims ``ids``, as text."""
        return [str((self.ctx.source(sid) or {}).get(k) or "") for sid in self.sources_of(list(ids)) for k in fields]

    def sources_of(self, ids) -> list[str]:
        """The sources the claims ``ids`` quote."""
        out = {str(e.get("source_id")) for x in ids for e in (self.live(x) or self.past(x) or {}).get("evidence") or []
               if isinstance(e, dict)}
        return sorted(out)

    def names_source(self, text: str, f, ids, *, titled: bool = False) -> bool:
        """The figure ``f`` names a source of these claims ("the 2019 try proposal" of a source
        dated 2019, "PEP 563" of the PEP, "KEP-5343" of the KEP): a name, not a fact
        (``engines.ledger.source_names.names_source``)."""
        if f.kind not in ("date", "version", "ident", "number"):
            return False
        from .....engines.ledger.source_names import names_source

        return names_source(text, f, self.sources_of(ids), self.ctx.text, self.ctx.source, titled=titled)

    def quotes(self, ids) -> list[str]:
        return [q for x in ids for q in self._parts(x)[1]]

    def as_of(self, ids) -> list[str]:
        return [d for x in ids for d in self._parts(x)[2]]

    def refuse(self, code: str, p: Piece, what: str) -> None:
        self.f.append(Finding(code, f"{self.page.rel}:{p.line}", f"\"{safe(first_words(p.text), 120)}\" {what}"))

    def facts(self, text: str, named: list[str] | None = None, *, by_id: bool = False) -> str:
        """The first fact text citing nothing carries; ``named``: claims whose sources it may
        name ("the 2018 draft", with a word of the source's title); ``by_id``: the page's
        sources it may name by their identifier only ("PEP 498 sets these limits [framing]")."""
        figs = [f for f in self.fig.stated(text) if not (named and self.names_source(text, f, named, titled=True))
                and not (by_id and self.cited_id(text, f))]
        if figs:
            return f"the figure {figs[0].written!r}"
        from .....engines.text.figure_units import magnitudes

        mags = magnitudes(text)
        if mags:
            return f"the figure {mags[0].written!r}"
        url = _URL_TEXT.search(text)
        if url:  # a visible address's path can say anything ("/fares/4-90-marks-from-2027")
            return f"the web address {safe(url.group(0), 60)!r}"
        return "a quotation" if quoted(text) else ""

    def named(self, text: str) -> str:
        """An identifier in framing ("The operator has since switched the W3 readers on"): a
        name with digits counts as a figure there, so framing says what a reader is about to
        see, never what happened to a route, a standard or a version."""
        idents = [f for f in self.fig.find_figures(text) if f.kind == "ident" and not self.cited_id(text, f)]
        return f"the identifier {idents[0].written!r}" if idents else ""

    def cited_id(self, text: str, f) -> bool:
        """The figure ``f`` is the identifier ("PEP 498", "KEP-5343") of a source the page cites,
        which that source's header or title states: it names a document, as a title would."""
        from .....engines.ledger.source_names import names_cited_id

        return names_cited_id(text, f, self.sources_of(self.shown_ids()), self.ctx.text, self.ctx.source)

    @staticmethod
    def judged(text: str) -> str:
        """A word in framing that judges a claim ("an audit the city has since withdrawn", "the
        smaller one is the more reliable"):
        whether a claim stands is the ledger's to say, by its mark and its history."""
        from .....engines.text.stance import judge_words, rated

        words = judge_words(text, verdicts_only=True) or [w for w in [rated(text)] if w]
        return f"the word {words[0]!r}, which judges a claim" if words else ""

    @staticmethod
    def changed(text: str) -> str:
        """A word of change in framing ("paper tickets are being phased out", "so much busier this
        year"): a change is a fact a claim tells, not the author's connecting words."""
        from .....engines.text.stance import change_told

        word = change_told(text)
        return f"the word of change {word!r}" if word else ""

    @staticmethod
    def authored(text: str) -> str:
        """Who wrote or made something, told in framing ("Both proposals are by the same author",
        "written by Victor Stinner"): a fact of the sources' record, which a claim states and the
        page cites. Framing that names the documents ("This page compares PEP 433 and PEP 446")
        or their answers ("Two proposals, two answers") says no such thing."""
        m = _AUTHORED.search(text)
        return f"who wrote them ({' '.join(m.group(0).split())!r})" if m else ""

    def asserted(self, text: str) -> str:
        """Framing that states how things are of what the page's claims speak of ("In practice,
        pass holders still buy paper tickets on the boats"): a fact, which a claim states and the
        page cites."""
        from .....engines.text.stance import framing_states

        word = framing_states(text, self.topic())
        return f"a statement of how things are ({word!r}) about what the claims speak of" if word else ""

    @staticmethod
    def answered(text: str) -> str:
        """Framing that opens with an answer ("Yes: your pass pays the fare", "No,", はい、):
        the answer is the page's main fact, so it cites the claims that give it."""
        m = _ANSWER.match(text)
        return f"the answer {m.group(1)!r}" if m else ""

    def count_fact(self, p: Piece) -> str:
        """A multiplier, a count of something named, or more sources than the claims beside it
        rest on, in a sentence that cites nothing ("the two figures disagree" passes); "these
        two documents" may count the sources the whole page cites."""
        from .....engines.text.figure_units import small_counts

        for c in small_counts(p.text):
            if c.kind == "multiplier":
                return f"the multiplier {c.written!r}"
            if c.kind == "thing":
                return f"the count {c.written!r}"
            if c.kind == "sources":
                docs = [{str(e.get("source_id")) for e in (self.live(x) or {}).get("evidence") or []
                         if isinstance(e, dict)} for x in (p.block or self.shown_ids())]
                limit = max((len(d) for d in docs), default=0) if c.confirms else len(set().union(*docs))
                if c.shown and c.n == len(self.sources_of(self.shown_ids())):
                    continue  # "these two documents": as many as the page cites, which its ledger shows
                if c.n > limit:
                    return (f"the count {c.written!r}: {c.n} sources, where the claims beside it rest on "
                            f"{limit}{' each at most' if c.confirms else ''}")
        return ""

    def told(self) -> list[str]:
        """Every claim the page cites as one string each: its text, its quotes and its sources'
        titles (what a heading's word of change may be told by, wherever the page cites it)."""
        if self._told is None:
            self._told = [" ".join(self.backing([x], quotes=True) + [str((self.ctx.source(s) or {}).get("title") or "")
                                                                   for s in self.sources_of([x])])
                          for x in self.shown_ids()]
        return self._told

    def speaker_found(self, text: str, word: str, ids: list[str]) -> bool:
        """A judgement told as a speaker's ("What PEP 649 found wrong with strings") over a claim
        from that speaker's source that states a problem ("caused chronic problems"): the
        speaker's, not the author's. A verdict on a claim ("debunked") is never a speaker's to
        give here: the ledger's marks say it."""
        from .....engines.text import stance

        if stance.is_verdict(word):
            return False
        who = stance.attributed(text, word)
        if not who:
            return False
        from ....ledger.provenance import speaker_of

        return any(speaker_of(who, self.sources_of([x]), self.ctx.text, self.ctx.source)
                   and any(stance.states_problem(b) for b in self.backing([x], quotes=True)) for x in ids)

    def topic(self) -> list[str]:
        """The texts of every claim the page cites: what a label's word of scope may bear on."""
        if self._topic is None:
            self._topic = self.backing(self.shown_ids())
        return self._topic

    def shown_ids(self) -> list[str]:
        """Every live claim the page cites anywhere."""
        return sorted({x for q in self.pr.pieces for x in q.refs if self.live(x)})

    def notes(self) -> set[str]:
        if self._notes is None:
            from ...ledger_view import page_ordinals
            from ...prose_fixed import note_sentences

            self._notes = note_sentences(self.ctx, self.pr.shown, page_ordinals(self.ctx, self.page))
        return self._notes

    # -- the sentences --
    def prose(self, p: Piece, heads: list[tuple[int, set[str]]], structure: list) -> None:
        where = "" if p.where == "prose" else f" ({p.where.replace('attr:', 'the ')} text)"
        if p.framing:
            fact = self.facts(p.text, by_id=True) or self.count_fact(p) or self.named(p.text) or self.judged(p.text) or \
                self.answered(p.text) or ("a block quotation" if p.quoted else "") or self.changed(p.text) or \
                self.authored(p.text) or self.asserted(p.text)
            if fact:
                self.counts["refused"] += 1
                self.refuse("E-PAGE-FRAMING-FACT", p, f"is framing{where} but carries {fact}; framing carries no "
                                                      "figure, date, amount or quotation: cite the claim instead")
            else:
                self.counts["framing"] += 1
            return
        if (p.refs or p.history) and (parts := self.inferred_parts(p)):
            for part in parts:  # "X[1], but the document does not say Y[thin]": each clause by what cites it
                self.prose(part, heads, structure)
            return
        if p.refs or p.history:
            ok = [x for x in p.refs if self.live(x)]
            told = [x for x in p.history if self.past(x)]  # the html gate checks it is told as history
            if not ok and not told:  # the html gate names the unknown or retired claim
                self.counts["refused"] += 1
                return
            self.page_cited.update(ok + told)
            for _, s in heads:
                s.update(ok + told)
            ok = ok + told
            bad = self.cited_unbacked(p, ok)
            refused = False
            if bad:
                refused = True
                self.refuse("E-PAGE-FIGURE-UNBACKED", p, f"cites {', '.join(ok)} but {bad[0].written!r} is stated by "
                                                         "none of the claims cited after it; correct the figure, "
                                                         "or cite right after it the claim whose text states it")
            compared, others = self.misread(p, ok)
            if compared:
                refused = True
                written, why = compared[0]
                self.refuse("E-PAGE-FIGURE-COMPARISON", p, f"writes {safe(written, 40)!r}, but {why}: a comparison "
                                                           "bound to a figure must be the claim's; write the figure "
                                                           "as the claim states it")
            span = self.range_across(p, ok) if not bad else None
            if span:
                refused = True
                self.refuse("E-PAGE-FIGURE-RANGE", p, self.fig.range_refusal(span, safe(span[0], 40)))
            if others and not bad:
                refused = True
                written, why = others[0]
                self.refuse("E-PAGE-FIGURE-UNBACKED", p, f"states {safe(written, 40)!r}, but {why}; correct it to "
                                                         "what the claim says, or cite the claim that states it")
            # words in quotation marks are the source's: in a cited quote, or the sentence is the
            # claim's own text word for word (the claim-text gate reads that against its quotes)
            invented = unbacked_quotations(p.text, self.quotes(ok)) if quoted(p.text) else []
            if invented and not self.verbatim(p.text, ok):
                refused = True
                self.refuse("E-PAGE-QUOTE-UNBACKED", p, f"sets {safe(invented[0].text, 60)} in quotation marks, but "
                                                        "those words occur in none of the quotes of the claims it "
                                                        "cites; quote the source word for word, or drop the marks")
            cut = cut_conditions(p.text, self.quotes(ok)) if quoted(p.text) and not invented else []
            if cut:
                refused = True
                self.refuse("E-PAGE-HEDGE-DROPPED", p, f"quotes {safe(cut[0][0].text, 60)}, but the source opens those "
                                                       f"words with {cut[0][1]!r}: quoted alone, a condition is "
                                                       "told as so; quote the condition too, or keep its word")
            scare = scare_quotes(p.text, self.backing(ok, quotes=True)) if quoted(p.text) and not invented else []
            if scare:
                refused = True
                self.refuse("E-PAGE-WORD-UNBACKED", p, f"sets {safe(scare[0].text, 40)} in quotation marks, words "
                                                       "its claim states plainly: the marks doubt them, a judgement "
                                                       "no source makes; drop the marks, or say whose words they "
                                                       "are (\"officers called it\")")
            if p.quoted and not invented:  # a block quotation: its words are the source's
                core = p.text.rstrip(".!?\u3002\uff01\uff1f ")
                if unbacked_quotations(f"\u201c{core}\u201d", self.quotes(ok)):
                    refused = True
                    self.refuse("E-PAGE-QUOTE-UNBACKED", p, "stands in a block quotation, but those words occur in "
                                                            "none of the quotes of the claims it cites; quote the "
                                                            "source word for word, or write it as a sentence of "
                                                            "your own")
            stance = self.stance(p, ok)
            if stance:
                refused = True
                code, what = stance
                self.refuse(code, p, what)
            tail = self.uncited(p, ok)
            if tail:
                refused = True
                self.refuse("E-PAGE-CLAUSE-UNCITED", p, self.uncited_why(p.text, tail, ok))
            elif not refused and (after := self.said_after(p, ok)):
                refused = True
                self.refuse("E-PAGE-CLAUSE-UNCITED", p, f"adds {after!r} after its last citation, which none of its "
                                                        "claims or their quotes says; cite it, or cut it")
            self.counts["refused" if refused else "cited"] += 1
            return
        inferred = [x for x in p.thin if (self.live(x) or {}).get("confidence") == "inferred"]
        if inferred:
            fact = self.facts(p.text, self.shown_ids()) or self.count_fact(p)
            # the inference is recorded in words the ledger shows: the sentence may reword it, but
            # not widen, negate, judge or change it ("avoid the water bus altogether" of "carry
            # another way to pay on W3")
            advice = all((self.live(x) or {}).get("kind") == "recommendation" for x in inferred)
            stray = None if fact else self.stray_name(p.text, inferred)
            from .....engines.text.stance import time_unsaid

            when = None if fact or stray else time_unsaid(
                p.text, [str((self.live(x) or {}).get("text") or "") for x in inferred])
            said = None if fact or stray or when else self.stance(p, inferred, advice)
            if advice and not (fact or stray or said):
                said = self.advice_as_fact(p.text, inferred)
            if fact:
                self.counts["refused"] += 1
                self.refuse("E-PAGE-INFERRED-FACT", p, f"is the author's inference ({inferred[0]}) but carries {fact}; "
                                                       "an inference states no figure, date, amount or quotation")
            elif stray:
                self.counts["refused"] += 1
                self.refuse("E-PAGE-INFERRED-FACT", p, f"is the author's inference ({inferred[0]}) but names {stray!r}, "
                                                       "which the inference does not: the advice would move to another "
                                                       "thing; name what the inference names")
            elif when:
                self.counts["refused"] += 1
                self.refuse("E-PAGE-INFERRED-FACT", p, f"is the author's inference ({inferred[0]}) but names {when!r}, "
                                                       "a time the inference does not name: an inference carries no "
                                                       "date; keep the inference's own words for when")
            elif said:
                self.counts["refused"] += 1
                self.refuse(said[0], p, said[1])
            else:
                self.counts["inferred"] += 1
            return
        if p.text in self.fixed:
            return
        if p.where in _MACHINE_TEXT:
            if p.text in self.titles:
                return
            # sourcebook writes no JSON-LD and no share-card text: nothing there is a label
            self.counts["refused"] += 1
            self.refuse("E-PAGE-UNCITED", p, f"cites no claim{where}: text a machine shows for the page (a "
                                             "search result, a share card) repeats the page's heading or is "
                                             "cut")
            return
        if self.sent.is_short_label(p.text):
            structure.append((p, None))
            return
        if self.list_lead(p):
            self.counts["cited"] += 1
            return
        self.counts["refused"] += 1
        self.refuse("E-PAGE-UNCITED", p, f"cites no claim{where}: cite it (a sup.ref in a block naming the claim; "
                                         "[@clm_...] in a draft), declare it framing ([framing]; class=\"framing\"), "
                                         "or cut it")

    def inferred_parts(self, p: Piece) -> list[Piece]:
        """A cited sentence with a clause that an inference's thin mark alone covers ("Most
        defers take about 35ns[1], but the document does not say whether it was accepted
        [thin]"), as its parts: the rest of the sentence, judged by the claims cited in it, then
        each such clause, judged as a sentence of its own inference is (no figure, date or name
        the inference does not say, no word its recorded text lacks). [] when there is none."""
        if not p.thin_at or not any((self.live(x) or {}).get("confidence") == "inferred" for x in p.thin):
            return []
        from .....engines.page.prose import Piece, inferred_split, uncited_after

        split = inferred_split(p.text, [at for at, _ in p.cites], p.thin_at)
        if split is None:
            return []
        cites = [[split.shift(at), x] for at, x in p.cites]
        rest = Piece(p.where, p.line, split.rest, p.level, p.refs, uncited_after(split.rest, 0, [at for at, _ in cites]),
                     [], p.framing, block=p.block, history=p.history, cites=cites, quoted=p.quoted, before=p.before,
                     lead=p.lead)
        return [rest] + [Piece(p.where, p.line, c, p.level, thin=p.thin, block=p.block, quoted=p.quoted,
                               before=p.before, lead=p.lead) for c in split.clauses]

    def advice_as_fact(self, text: str, inferred: list[str]) -> tuple[str, str] | None:
        """An inferred recommendation told as a fact of what others do ("crews wave pass holders
        through" of "should carry another way to pay"): the inference bids, and the sentence keeps
        no bidding of its own."""
        from .....engines.text import stance

        for x in inferred:
            told = stance.advice_told_as_fact(str((self.live(x) or {}).get("text") or ""), text)
            if told:
                return ("E-PAGE-INFERRED-FACT", f"is the author's inference ({x}), a recommendation, but tells "
                                                f"{told!r} as a fact no claim states; give the advice as the "
                                                "inference does (\"carry\", \"should\"), or cite the claim that says it")
        return None

    def stray_name(self, text: str, inferred: list[str]) -> str | None:
        """A name with digits ("W1") in an inference's sentence that its inferred claims do not
        name: "carry another way to pay on W1" of an inference about W3 (the other names on the
        page back nothing here: an inference speaks only of what it names)."""
        said = [f for f in self.fig.find_figures(text) if f.kind == "ident"]
        if not said:
            return None
        named = {f.key for x in inferred for f in self.fig.find_figures(str((self.live(x) or {}).get("text") or ""))
                 if f.kind == "ident"}
        return next((f.written for f in said if f.key not in named), None)

    def run(self) -> None:
        heads: list[tuple[int, set[str]]] = []  # open headings: (level, claims cited under it)
        structure: list[tuple[Piece, set[str] | None]] = []
        blocks: list[Piece] = []  # code blocks: judged once every claim the page cites is known
        titles = {p.text for p in self.pr.pieces if p.where == "title" or (p.where == "heading" and p.level == 1)}
        self.titles = own = {p.text for p in self.pr.pieces if p.where == "heading" and p.level == 1} | \
            {t for t in (self.question, self.plan_title) if t}
        for p in self.pr.pieces:
            w = p.where
            if p.text not in self.fixed and (odd := foreign_digit(p.text)):
                self.f.append(Finding("E-PAGE-DIGIT-SCRIPT", f"{self.page.rel}:{p.line}",
                                      f"\"{safe(first_words(p.text), 120)}\" writes the digit {digit_named(odd)} "
                                      "in text not written in that digit's script: a reader sees another "
                                      "glyph (a Bengali four is drawn like an 8) while the figure is read by "
                                      "its value; write the figure in the text's own digits"))
            fake = _FAKE_MARK.search(p.text) if w in ("prose", "heading", "row", "header", "chart", "code") or w.startswith("attr:") else None
            if fake and p.text not in self.fixed:
                self.f.append(Finding("E-PAGE-MARK-STRAY", f"{self.page.rel}:{p.line}",
                                      f"\"{safe(first_words(p.text), 120)}\" writes the mark {fake.group(0)!r} as "
                                      "text; a mark is sourcebook's <span class=\"mark\"> in a claim block, "
                                      "never words in a sentence: cut it"))
            elif fake is None and p.text not in self.fixed and (w in ("prose", "heading", "row", "header", "chart",
                                                                      "code") or w.startswith("attr:")) \
                    and (sign := mark_sign(p.text, self.told(), w == "code")):
                import unicodedata

                name = unicodedata.name(sign, f"U+{ord(sign):04X}").lower()
                self.f.append(Finding("E-PAGE-MARK-STRAY", f"{self.page.rel}:{p.line}",
                                      f"\"{safe(first_words(p.text), 120)}\" writes the sign {sign!r} ({name}) as "
                                      "text; a sign or pictograph beside a claim's words reads as a mark (checked, "
                                      "refused, done), and a mark is sourcebook's <span class=\"mark\"> in a claim "
                                      "block: cut it, or cite the claim whose words hold it"))
            if w == "title" and p.text not in own and p.text not in self.fixed and \
                    (not self.sent.is_short_label(p.text) or self.fig.find_figures(p.text)):
                # a short label names the page ("Fixture artifact"); one with a figure or a
                # route in it ("Yes, W3 too") answers in the tab what the page may not say
                # sourcebook writes the page's own heading into <title>; a tab or a share card
                # saying something else is text a reader sees that nothing cites
                self.counts["refused"] += 1
                self.refuse("E-PAGE-UNCITED", p, "is the page's <title>, but it is not the page's heading, the "
                                                 "plan's title or the question; a <title> repeats the heading "
                                                 "(sb render writes it so) or is a label of a few words")
            if w == "as-of":
                live = [x for x in p.block if self.live(x)]
                bad = self.unbacked(p.text, live, as_of=True)
                dates = self.as_of(live)
                if bad:
                    self.refuse("E-PAGE-FIGURE-UNBACKED", p, f"prints {bad[0].written!r}, which is no date or figure "
                                                             "of the claims of its block; print the claim's as_of")
                elif dates and p.text not in {f"as of {d}" for d in dates}:
                    # another date of the claim (the day a plan takes effect) is no as-of date:
                    # the label says when the claim was last true, as sb render writes it
                    self.refuse("E-PAGE-FIGURE-UNBACKED", p, "is not the as_of of any claim of its block (as of "
                                                             f"{', '.join(sorted(set(dates)))}); print the claim's "
                                                             "as_of, as sb render writes it")
            elif w == "heading":
                while heads and heads[-1][0] >= p.level:
                    heads.pop()
                scope: set[str] = set()
                heads.append((p.level, scope))
                structure.append((p, scope))
            elif w == "row":  # a label cell: judged by what its row cites
                structure.append((p, set(p.block)))
            elif w == "header" and not p.refs and _HEADER_LABEL.fullmatch(p.text) and len(p.text.split()) <= 8:
                structure.append((p, None))  # a column's header: a label, its figures stand on the page
            elif w == "code" and self.sent.reads_as_prose(p.text) and p.text not in self.fixed:
                # a notice typed into a code block is read as one: words a reader takes as a
                # statement are judged as prose, whatever box they sit in
                self.counts["refused"] += 1
                self.refuse("E-PAGE-CODE-PROSE", p, "is a sentence in a code block; a code block holds code, "
                                                    "commands or a source's own lines: write the sentence in "
                                                    "the text and cite it, or cut it")
            elif w == "legend" and not self.sent.is_short_label(p.text) and p.text not in self.fixed \
                    and not self.fixed.legend(p.text) and not _MARK_NAMES.issuperset(_WORDS.findall(p.text.lower())):
                # the legend teaches what each mark means: its words are sourcebook's, never the author's
                self.counts["refused"] += 1
                self.refuse("E-PAGE-UNCITED", p, "is in the marks' legend, but sourcebook's legend does not say it; "
                                                 "the legend is sourcebook's own text: put back the template's words")
            elif w == "footer" and not self.sent.is_short_label(p.text) and p.text not in self.fixed:
                # the footer is sourcebook's word on how the page was made ("Not reviewed by a
                # person."): a sentence of the author's there ("checked by the editors") is read
                # as sourcebook's
                self.counts["refused"] += 1
                self.refuse("E-PAGE-UNCITED", p, "is in the page's footer, but sourcebook's footer does not say it; "
                                                 "the footer is sourcebook's own text: put back the template's "
                                                 "words")
            elif w in STRUCTURE or w == "code":  # a code block's figures must still stand on the page
                structure.append((p, None))
                if w == "code" and p.text not in self.fixed:
                    blocks.append(p)
            elif w == "chart" and (p.text in self.fixed or p.text in titles or self.restates(p.text)):
                structure.append((p, None))
            elif w == "chart" and self.sent.is_short_label(p.text):
                structure.append((p, None))
            elif w == "notes" and p.text in self.notes():
                continue
            elif w == "credit" and p.text in self.credits():
                said = self.credit_says(self.credits()[p.text])
                if said:
                    self.counts["refused"] += 1
                    self.refuse("E-PAGE-UNCITED", p, f"is an image credit, but it carries {said}, which cites no "
                                                     "claim; a credit names who made the image (a person, an "
                                                     "agency, a year) and sb render prints its licence: state the "
                                                     "rest in a cited sentence, or cut it")
                continue
            elif w.startswith("attr:") and (p.text in self.fixed or _NOTES_LABEL.match(p.text)):
                continue
            else:
                self.prose(p, heads, structure)
        self.tables()
        for p in blocks:
            self.code_data(p)
        for p, under in structure:
            if p.text in self.fixed:
                continue
            if p.where in ("prose", "heading", "row", "header"):
                self.label_words(p, under)
            elif p.where == "title" and p.text not in self.titles and self.sent.is_short_label(p.text) \
                    and not self.fig.find_figures(p.text):
                # a tab's short title ("Pass works everywhere") stands over the whole page; one
                # that repeats the page's heading is judged as that heading, any other is refused
                self.label_words(p, set(self.page_cited))
            # the question as the title needs no citation, but its figures stand like any title's
            if not self.fig.find_figures(p.text):
                continue  # the text sourcebook's templates write says nothing of the sources
            ids: set[str] = under if under is not None else self.page_cited
            bad = self.unbacked(p.text, sorted(ids)) or self.other_thing(p.text, sorted(ids))
            if bad:
                where_cited = ("in its row" if p.where == "row" else "under this heading") if under is not None \
                    else "on the page"
                self.counts["refused"] += p.where not in STRUCTURE and p.where != "row"
                self.refuse("E-PAGE-STRUCTURE-FIGURE", p, f"({p.where.replace('attr:', 'the ')}) shows {bad[0].written!r}, "
                                                          f"which no claim cited {where_cited} states; cite a claim that "
                                                          "states it there, or drop the figure")

    def code_data(self, p: Piece) -> None:
        """A code block whose lines of data or settings (neither a program's nor a command's:
        ``pass_routes: W1 W2 W3``) state a figure or a name a claim cited on the page states
        holds a source's own lines, or it states a fact without a sentence: each such line, and
        every other data line of the block, occurs in a source's text (spaces aside)."""
        lines = self.sent.data_lines(p.text)
        if not lines:
            return
        # by value: the bare "3.40" of a setting is the claim's "3.40 marks"
        def value(f) -> str:
            return f.key.split(":", 1)[-1] if f.kind == "money" else f.key

        said = {value(f) for b in self.backing(sorted(self.page_cited), quotes=True) for f in self.fig.find_figures(b)}
        named = [f.written for ln in lines for f in self.fig.find_figures(ln) if value(f) in said]
        if not named:
            return
        texts = self.ctx.memo("prose-source-lines", lambda c: [
            " ".join(t.split()) for sid in sorted(c.sources) if (t := c.text(sid))])
        if not texts:
            return  # no source text to look in (a public package checked without --sources)
        missing = next((ln for ln in lines if not any(" ".join(ln.split()) in t for t in texts)), None)
        if missing is None:
            return
        self.counts["refused"] += 1
        self.refuse("E-PAGE-CODE-FACT", p, f"is a code block whose data lines state what the page's claims state "
                                           f"({safe(', '.join(dict.fromkeys(named)), 80)}), and no source holds the "
                                           f"line {safe(missing, 80)!r}; a code block holds code, commands or a "
                                           "source's own lines: write it as a sentence and cite it, or quote the "
                                           "source's lines")

    def label_words(self, p: Piece, under: set[str] | None, text: str | None = None, row: str = "") -> None:
        """A heading or label says what it says of what it stands over: the claims cited under the
        heading, in its row, or in the first claim block after it. Those claims, or their quotes,
        must say it too: a denial or a verdict ("Not accepted:", "Debunked, retracted claim:"), a
        word of scope ("Every route takes the pass"), record, completion or change ("W3 already
        takes the pass", "Fares going up"); a plan is not told as done ("Pass works on W3" over
        "is due to") and a condition is kept ("Kids ride free" over "with a paying adult")
        (``stance.label_says``). ``text``: what a table's row says read with its column's header,
        ``row``: the row as written ("W3 | yes")."""
        from .....engines.text import stance

        text = p.text if text is None else text
        ids = sorted(under) if under is not None else self.governed(p)
        backing = self.backing(ids, quotes=True)
        # a question that only asks ("Inheritable by default or not?") denies nothing, and "No."
        # that answers the page's question as its claims turn it is theirs (``unanswered``)
        told = self.unanswered(stance.unasked(text), ids) if p.where in ("heading", "title", "prose") and not row \
            else text
        denies, judged = stance.denial(told), stance.judge_words(text)
        kind, word = None, ""
        if denies and stance.negation_added(told, backing):
            kind, word = "negation", denies
        elif judged:
            said = {w[:6] for b in backing for w in stance.judge_words(b)}
            word = next((w for w in judged if w[:6] not in said and not self.speaker_found(text, w, ids)), "")
            kind = "judgement" if word else None
        elif not denies:
            got = stance.label_says(text, self.backing(ids), backing, len(ids), self.topic(),
                                    self.told() if p.where in ("heading", "title") and not row else None,
                                    whole=p.where != "header" and not row)
            if got is not None:
                kind, word = got
        if kind is None and denies:
            # "W3 not this year": a period denied, which a claim's lack ("switched off") does not back
            word = stance.period_denied(text, backing) or ""
            kind = "timing" if word else None
        if kind is None and p.where == "heading" and not ids and not row:
            # a heading over an empty section or slide is judged against no claim: it may name
            # a topic ("Sources", "What to do"), never say that something is so
            word = stance.label_states(text) or ""
            kind = "bare" if word else None
        if kind is None:
            return
        code, what, fix = stance.ADDED[kind]
        over = f"the claims it stands over ({', '.join(ids)})" if ids else "no claim (it stands over none)"
        where = f"a table row, read with its column's header as \"{safe(text, 80)}\"" if row else p.where
        self.counts["refused"] += p.where not in STRUCTURE and p.where != "row" and not row
        why = f"is {what}: {over} say {word!r}; {fix}" if kind in ("plan", "condition") else \
            f"says {word!r}, {what}, but {over} and their quotes do not say it; {fix}"
        self.f.append(Finding(code, f"{self.page.rel}:{p.line}",
                              f"\"{safe(first_words(row or p.text), 120)}\" ({where}) {why}"))

    def tables(self) -> None:
        """A table's labels name what their own row or column cites. A row label ("Children")
        or a column header ("Audited yearly average") with a word that another row's or
        column's claims say, and its own claims and quotes do not, is the label of the other
        one: two labels swapped make every cell say what another source said."""
        pieces = self.pr.pieces
        for table in self.pr.tables:
            heads = [row for row in table if row and all(h for h, _ in row)]
            body = [row for row in table if row and not all(h for h, _ in row)]
            if len(body) < 1:
                continue
            cited = [[self.cell_claims(ix) for _, ix in row] for row in body]
            row_ids = [sorted(set().union(*r)) for r in cited]
            for r, row in enumerate(body):
                # a row is judged by what it cites: one that cites nothing states no figure
                # ("Children under twelve | 3.40 marks" of the adult fare)
                if row_ids[r] or any(pieces[i].framing or pieces[i].thin for _, ix in row for i in ix):
                    continue
                stated = next((f for _, ix in row for i in ix for f in self.fig.stated(pieces[i].text)), None)
                if stated is not None:
                    first = pieces[row[0][1][0]] if row[0][1] else next(pieces[i] for _, ix in row for i in ix)
                    self.counts["refused"] += 1
                    self.refuse("E-PAGE-UNCITED", first, f"is a table row that states {stated.written!r} and cites "
                                                         "nothing; a row is judged by what it cites: cite in it the "
                                                         "claim that gives the figure")
            for r, row in enumerate(body):
                others = [x for k, ids in enumerate(row_ids) if k != r for x in ids if x not in row_ids[r]]
                for _, ix in row:
                    for i in ix:
                        if pieces[i].where == "row":
                            self.swapped(pieces[i], row_ids[r], others, "row")
            width = len(body[0])
            if not heads or any(len(row) != width for row in heads[-1:] + body):
                continue  # cells spanning columns: which header is over which cell is not plain
            cols = [sorted({x for r in cited for x in r[c]}) for c in range(width)]
            for c, (_, ix) in enumerate(heads[-1]):
                others = [x for k, ids in enumerate(cols) if k != c for x in ids if x not in cols[c]]
                for i in ix:
                    if pieces[i].where == "header" and not pieces[i].refs:
                        self.swapped(pieces[i], cols[c], others, "column")
            for row in body:
                self.row_says(row, heads[-1])
                self.header_qualifies(row, heads[-1])

    def row_says(self, row: list, header: list) -> None:
        """A row reads as a sentence: its label, a column's header and the cell ("W3 | yes" under
        "Takes the pass" says "W3 takes the pass"). A short cited cell is judged so by the label
        rules, with the claims it cites: a plan in a "yes" cell is a plan told as done. A cell
        that says no is the negation rules' to judge."""
        from .....engines.text import stance

        pieces = self.pr.pieces

        def said(ix: list[int], *kinds: str) -> str:
            return " ".join(pieces[i].text for i in ix if pieces[i].where in kinds)

        label = " ".join(t for _, ix in row if (t := said(ix, "row")))
        for c, (_, ix) in enumerate(row):
            cell = [i for i in ix if pieces[i].where == "prose" and pieces[i].refs and not pieces[i].framing]
            ids = {x for i in cell for x in pieces[i].refs if self.live(x)}
            text = said(cell, "prose")
            head = said(header[c][1], "header")
            if not ids or not head or not self.sent.is_short_label(text) or stance.denial(text):
                continue
            core = text.strip(" .!;:")
            statement = " ".join(t for t in (label, head, "" if _AFFIRM.fullmatch(core) else core) if t)
            written = " | ".join(t for _, jx in row if (t := said(jx, "row", "prose")))
            self.label_words(pieces[cell[0]], ids, statement, written)

    def header_qualifies(self, row: list, header: list) -> None:
        """A column's header stands before each figure under it ("Audited weekday average" over
        "38,500"): read together, each cell's figure keeps the header's qualifiers only when a
        claim the cell cites says them, as "an audited 38,500" in a sentence would."""
        from .....engines.text.figure_frame import misframed

        pieces = self.pr.pieces
        for c, (_, ix) in enumerate(row):
            cell = [i for i in ix if pieces[i].where == "prose" and pieces[i].refs and not pieces[i].framing]
            ids = list(dict.fromkeys(x for i in cell for x in pieces[i].refs if self.live(x)))
            head = " ".join(pieces[i].text for i in header[c][1] if pieces[i].where == "header")
            if not ids or not head.strip():
                continue
            text = " ".join(pieces[i].text for i in cell)
            wrong = misframed(f"{head.strip()} {text.strip()}", [(x, self.backing([x], quotes=True)) for x in ids])
            if wrong:
                written, why = wrong[0]
                self.counts["refused"] += 1
                self.refuse("E-PAGE-FIGURE-UNBACKED", pieces[cell[0]],
                            f"is a table cell read with its column's header as {safe(head.strip() + ' ' + text.strip(), 80)!r}: "
                            f"{safe(written, 40)!r}, but {why}; move the qualifier into the cells whose claims say it")

    def cell_claims(self, ix: list[int]) -> set[str]:
        return {x for i in ix for x in self.pr.pieces[i].refs + self.pr.pieces[i].history if self.live(x) or self.past(x)}

    def swapped(self, p: Piece, own: list[str], others: list[str], what: str) -> None:
        if not own or not others:
            return
        # claim texts only: a quote's sentence may name the next row too ("3.40 marks; children
        # under twelve ride free")
        mine = {w.lower() for b in self.backing(own) for w in _WORDS.findall(b)}
        theirs = {w.lower() for b in self.backing(others) for w in _WORDS.findall(b)}
        # a label that restates a heading its own claim quotes ("Leftmost value wins" of the quote
        # "Leftmost Value (First-Seen) Wins") names its own row: a quote of six words at most
        # holds the label's every word, so it names no other row as a sentence might
        told = [w.lower() for w in _WORDS.findall(p.text) if len(w) >= 4 and w.lower() not in _NOT_COUNTED]
        for q in self.quotes(own):
            heading = {w.lower() for w in _WORDS.findall(q)}
            if len(q.split()) <= 6 and told and all(_said(w, heading) for w in told):
                return
        from .....engines.text.stance import document_word

        for w in _WORDS.findall(p.text):
            w = w.lower()
            if len(w) < 4 or w in _NOT_COUNTED or _said(w, mine) or not _said(w, theirs):
                continue
            if document_word(w) and all(self.spoken_by(w, x) for x in own):
                continue  # "For nearly 4 years before the proposal": the document its own claims quote
            self.refuse("E-PAGE-LABEL-SWAPPED", p, f"labels a {what} with {w!r}, a word of what another {what} cites "
                                                   f"({', '.join(sorted(set(others)))}), which the {what}'s own claims "
                                                   f"({', '.join(own)}) do not say; a label names "
                                                   f"what its own {what} cites")
            return

    def governed(self, p: Piece) -> list[str]:
        """The claims a label stands over: those of the first claim block after it (a paragraph,
        a list's first item), before the next heading or label."""
        pieces = self.pr.pieces
        if self._at is None:  # where each piece stands, once per page
            self._at = {id(q): k for k, q in enumerate(pieces)}
        i = self._at.get(id(p), len(pieces))
        out: dict[str, None] = {}
        block: list[str] | None = None
        for q in pieces[i + 1:]:
            if q.where == "heading" or (q.where == "prose" and not q.refs and not q.history and not q.framing
                                        and self.sent.is_short_label(q.text)):
                break
            if block is not None and q.block != block:
                break
            if q.refs or q.history:
                block = q.block
                out.update(dict.fromkeys(q.refs + q.history))
        return list(out)

    def other_thing(self, text: str, ids: list[str]) -> list:
        """The counts of a heading or label ("Twelve routes") that the claims back only as a
        number of something else ("children under 12"): a label has no sentence around it to
        say what its number counts, so the claim backing it must name the same thing."""
        out = []
        for f in self.fig.find_figures(text):
            if f.kind != "number" or self.fig.small_word(f, text) or self.names_source(text, f, ids):
                continue  # "Go 2 number literals" of a source titled so: a name, not a count
            m = _NOUN_AFTER.match(text, f.end)
            if not m:
                continue
            # what it counts: the last of the words after it, up to a word that counts nothing
            # ("Twelve new routes"; "4 years before the proposal" counts years, not "before")
            run = [w for w in m.group(0).split()][:2]
            stop = next((k for k, w in enumerate(run) if w.lower() in _NOT_COUNTED or w.lower() in _NOT_A_NOUN), len(run))
            if not stop:
                continue
            stem = run[stop - 1].lower()[:4]
            backs = [b for b in self.backing(ids) if self.fig.is_backed(f, [b])]
            if backs and not any(w.lower().startswith(stem) for b in backs for w in _WORDS.findall(b)):
                out.append(f)
        return out

    def credit_says(self, credit: str) -> str:
        """What an image credit says besides who made the image, or "": a figure, a date other
        than a bare year, an identifier ("W3"), a web address, a quotation, or a word the page's
        sentences may only take from a claim (of scope, negation, change, judgement, ...)."""
        if not credit:
            return ""
        from .....engines.text.stance import ADDED, added_words

        figs = [f for f in self.fig.find_figures(credit) if not (f.kind == "date" and _YEAR.fullmatch(f.written))]
        if figs:
            return f"the {'identifier' if figs[0].kind == 'ident' else 'figure'} {figs[0].written!r}"
        fact = self.facts(_YEAR.sub("", credit))  # a web address, a quotation, an amount
        if fact:
            return fact
        got = added_words(credit, [])
        if got:
            return f"{ADDED[got[0]][1]} ({got[1]!r})"
        return self.judged(credit) or self.changed(credit)

    def credits(self) -> dict[str, str]:
        from ...prose_fixed import credit_sentences

        return credit_sentences(self.ctx)

    def restates(self, text: str) -> bool:
        """A chart label or caption that is (the start of) a claim cited on the page."""
        t = text.rstrip(".…").rstrip()
        if len(t) < 12:
            return False
        for x in self.pr.shown:
            c = self.live(x)
            if c and isinstance(c.get("text"), str) and t in " ".join(c["text"].split()):
                return True
        return False

    # -- refused outright --
    def stressed(self) -> None:
        """A verb of report set alone in emphasis ("Riders *say* the readers were off"): the stress
        doubts the report, as a one-word quotation doubts a word; a claim's report is told
        plainly."""
        from .....engines.text import stance

        html = self.ctx.page_html(self.page)
        for m in _STRESSED.finditer(html):
            word = stance.stressed_report(m.group("w"))
            if word:
                code, what, fix = stance.ADDED["stress"]
                line = html.count("\n", 0, m.start()) + 1
                p = next((q for q in self.pr.pieces if q.line == line and re.search(rf"\b{re.escape(word)}\b", q.text,
                                                                                  re.IGNORECASE)), None)
                said = f"\"{safe(first_words(p.text), 120)}\" " if p else ""
                self.f.append(Finding(code, f"{self.page.rel}:{line}", f"{said}sets {word!r} alone in emphasis, "
                                                                       f"{what}; {fix}"))

    def outright(self) -> None:
        rel, pr = self.page.rel, self.pr
        for line, data in pr.comments:
            self.f.append(Finding("E-PAGE-COMMENT", f"{rel}:{line}", f"an HTML comment (\"{safe(first_words(data), 80)}\") "
                                                                    "outside sourcebook's <!-- SB:... --> markers; "
                                                                    "readers and machines can read it: delete it"))
        for line, value in pr.css_content:
            if value not in self.css_ok:
                self.f.append(Finding("E-PAGE-CSS-CONTENT", f"{rel}:{line}", f"CSS content {safe(value, 60)} puts "
                                                                             "text on the page that no sentence "
                                                                             "holds; write it in the page, cited"))
        for line, x in pr.stray_refs:
            if not is_claim_id(x):  # an ordinary anchor such as #c-intro is no ledger entry
                continue
            self.f.append(Finding("E-PAGE-REF-STRAY", safe(x), f"{rel}:{line}: a link to #c-{safe(x)} that is not a "
                                                               "sup.ref inside a block whose data-claim names that "
                                                               "claim; cite it from its claim's block"))
        for line, cls in pr.stray_marks:
            self.f.append(Finding("E-PAGE-MARK-STRAY", f"{rel}:{line}", f"a mark ({safe(cls, 40)}) outside any "
                                                                        "data-claim block vouches for nothing; "
                                                                        "marks belong to claim blocks"))
        for line, x, how in pr.hidden:
            self.f.append(Finding("E-PAGE-HIDDEN", safe(x), f"{rel}:{line}: {how}; every claim the page shows "
                                                            "must be visible, remove what hides it"))
        shown = set(pr.shown)
        mates = self.ctx.memo("prose-contest-mates", _mates)
        sections = _sections(pr.pieces)
        for x in pr.shown:
            c = self.live(x)
            if c is None or c.get("confidence") != "contested":
                continue
            missing = sorted(mates.get(x, set()) - shown)
            if missing:
                self.f.append(Finding("E-PAGE-CONTEST-ONESIDED", safe(x), f"{rel}: a contested claim is shown "
                                                                          f"without its other side ({', '.join(missing)}) "
                                                                          "on the same page; show both"))
                continue
            # both sides under the same heading: a side shown sixty paragraphs away is not shown
            # beside it
            own = [sec for sec in sections if x in sec]
            apart = sorted({y for y in mates.get(x, set()) if own and not any(y in sec for sec in own)})
            if apart:
                self.f.append(Finding("E-PAGE-CONTEST-ONESIDED", safe(x), f"{rel}: a contested claim is shown "
                                                                          f"without its other side ({', '.join(apart)}) "
                                                                          "in the same section; show both under the "
                                                                          "same heading"))


def _said(word: str, words: set[str]) -> bool:
    """``word`` or a word of its stem ("adults" for "adult", "audit" for "audited") is in ``words``."""
    if word in words:
        return True
    stem = word[:5] if len(word) >= 5 else word
    return any(w.startswith(stem) or (len(w) >= 4 and word.startswith(w)) for w in words)


def _counts_something(text: str, end: int) -> bool:
    """A noun follows the number at ``end`` ("twelve ride free"): it counts something."""
    m = _NOUN_AFTER.match(text, end)
    return bool(m) and m.group(1).lower() not in _NOT_COUNTED  # type: ignore[union-attr]


def _value(key: str) -> str:
    """The number of a figure's key ("MARK:3.4" -> "3.4")."""
    return key.rsplit(":", 1)[-1]


def _number(key: str) -> float:
    try:
        return float(_value(key))
    except ValueError:
        return -1.0


def _sections(pieces: list) -> list[set[str]]:
    """The claims each section of the page cites (a section runs from a heading to the next)."""
    out: list[set[str]] = [set()]
    for p in pieces:
        if p.where == "heading":
            out.append(set())
        else:
            out[-1].update(p.refs)
    return [s for s in out if s]


def _groups(cites: list, text: str, ids: set[str]) -> list[tuple[int, list[str]]]:
    """The citations of a sentence in groups that stand together ("[1][2]"): (offset, ids)."""
    out: list[tuple[int, list[str]]] = []
    last = -1
    for at, x in cites:
        if x not in ids:
            continue
        if out and not any(ch.isalnum() for ch in text[last:at]):
            out[-1][1].append(x)
        else:
            out.append((at, [x]))
        last = at
    return out


def _cited_part(text: str, groups: list[tuple[int, list[str]]], x: str) -> str:
    """The part of a sentence that ends at claim ``x``'s citation and starts after the one before
    it ("and children ride free[6]" of "A fare is 3.40 marks[5], and children ride free[6]"); the
    whole sentence when it cites in one place."""
    if len(groups) < 2:
        return text
    start = 0
    for i, (at, xs) in enumerate(groups):
        if x in xs:
            # the last citation's part runs to the sentence's end ("ride free[6] with a paying adult")
            return text[start:] if i == len(groups) - 1 else text[start:at]
        start = at
    return text


def _mates(ctx: GateContext) -> dict[str, set[str]]:
    """Each contested claim's other side: the active claims decided with it, or contested on
    the same topic."""
    live = {x for x, c in ctx.claims_by_id.items() if is_active(c)}
    out: dict[str, set[str]] = {}
    for a in ctx.adjudications:
        ids = [y for y in a.get("claim_ids") or [] if y in live]
        for y in ids:
            out.setdefault(y, set()).update(z for z in ids if z != y)
    from .....engines.ledger.ledger_model import contest_rivals

    for y, rivals in contest_rivals(ctx.active).items():
        out.setdefault(y, set()).update(rivals)
    return out


# one word alone in emphasis: <em>say</em>, <strong>claims</strong>
_STRESSED = hot(r"<(?P<t>em|strong|i|b)\b[^>]*>\s*(?P<w>[^<\s]{2,20})\s*</(?P=t)\s*>", re.IGNORECASE)


def _key(ctx: GateContext, page: Page) -> str | None:
    """Everything a page's result depends on besides the code: the page, the ledger over every
    source's text and whole record, the decisions, the plan (ordinals), the question, the
    templates and the image credits. None (judged afresh, nothing kept) without a cache."""
    from ...prose_fixed import page_kind, template_key

    world = ctx.world_key()
    if world is None:
        return None
    parts = [ctx.page_sha(page), page.rel, world, template_key(ctx, page_kind(page.rel)), file_sig(ctx.ws.credits_path)]
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass")).hexdigest()[:40]


def check_page(ctx: GateContext, page: Page) -> tuple[list[Finding], dict[str, int]]:
    key = _key(ctx, page)
    got = ctx.cache.page_fact("prose", key) if key else None
    if isinstance(got, dict) and isinstance(got.get("findings"), list) and isinstance(got.get("counts"), dict):
        try:
            return [Finding(*r) for r in got["findings"]], {k: int(got["counts"][k]) for k in KINDS}
        except (TypeError, KeyError, ValueError):
            pass
    judge = _Judge(ctx, page, ctx.page_prose(page))
    judge.run()
    judge.outright()
    judge.stressed()
    if key:
        ctx.cache.remember_page_fact("prose", key, {"findings": [[f.code, f.subject, f.message] for f in judge.f],
                                                    "counts": judge.counts})
    return judge.f, judge.counts


@register("prose", 92)
def gate(ctx: GateContext) -> GateResult | None:
    pages = [p for p in ctx.pages if p.exists]
    if not pages:
        return None
    findings: list[Finding] = []
    coverage: dict[str, dict[str, int]] = {}
    for page in pages:
        found, counts = check_page(ctx, page)
        findings += found
        coverage[page.rel] = counts
    note = "; ".join(f"{rel}: " + ", ".join(f"{c[k]} {k}" for k in KINDS) for rel, c in coverage.items())
    return GateResult(findings, note, extra={"coverage": coverage})
