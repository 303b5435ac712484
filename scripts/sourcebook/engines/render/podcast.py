"""The podcast: line checks, the TTS plan and the Markdown transcript (compatibility: credits and podcast files, the TTS plan). Pure."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...base.errors import Finding
from ...base.patterns import lazy
from ..ledger.ledger_model import evidence_quote
from .mdtext import md_escape

if TYPE_CHECKING:  # the figure engine is loaded only when a script's figures are checked
    from ..text.figures import Figure

AUDIO_DIR = "build/audio"
CONCAT = f"{AUDIO_DIR}/concat.txt"
EPISODE = f"{AUDIO_DIR}/episode.wav"
PAUSE_SEGMENT, PAUSE_SPEAKER, PAUSE_SENTENCE = 600, 320, 180


def line_findings(script: Mapping, claims: Mapping[str, Mapping]) -> list[Finding]:
    """Speakers declared; factual lines cite claims that exist, are active and are not inference."""
    declared = {s.get("name") for s in script.get("speakers", []) if isinstance(s, Mapping)}
    out: list[Finding] = []
    for line in script.get("lines", []):
        subject = f"line {line.get('n')}"
        if line.get("speaker") not in declared:
            out.append(Finding("E-POD-SPEAKER", subject, f"speaker {line.get('speaker')!r} is not in speakers; declare it"))
        ids = line.get("claims") or []
        for cid in ids:
            claim = claims.get(cid)
            if claim is None:
                out.append(Finding("E-POD-CLAIM-UNKNOWN", subject, f"{cid} is not in the ledger; cite a claim from `sb claim list`"))
            elif claim.get("status", "active") != "active":
                out.append(Finding("E-POD-CLAIM-STALE", subject,
                                   f"{cid} is {claim.get('status')}; cite the claim that replaced it"
                                   + (f" ({claim.get('superseded_by')})" if claim.get("superseded_by") else "")))
        if line.get("kind") == "factual":
            citable = [c for c in ids if claims.get(c, {}).get("status", "active") == "active"
                       and claims.get(c, {}).get("confidence") not in (None, "inferred")]
            if not ids:
                out.append(Finding("E-POD-UNCITED", subject, "a factual line needs the ids of the claims it states; "
                                                             "or make it opinion, banter or transition"))
            elif not citable and all(c in claims for c in ids):
                out.append(Finding("E-POD-UNCITED", subject, "a factual line cites only inferred claims; "
                                                             "cite a sourced claim or make it opinion"))
    return out


# a speaker named as someone's voice: a spokesperson, an official, "for the operator"
_SPEAKS_FOR = lazy(r"\b(?:spokes(?:person|persons|people|man|men|woman|women)|representatives?|officials?|"
                   r"press\s+(?:officers?|office|secretary)|on\s+behalf\s+of|speaking\s+for)\b", re.IGNORECASE)
_NAME_WORD = lazy(r"[^\W\d_][\w'’-]*")
# words a publisher's name shares with a show's own people and desks: never a name of its own
_COMMON_NAME_WORDS = frozenset("the and for of news daily weekly times post press media group radio team desk show "
                               "host guest voice city".split())


def speaker_findings(script: Mapping, sources: Mapping[str, Mapping]) -> list[Finding]:
    """A speaker named as a source's publisher or author, or as someone's spokesperson
    ("Authority spokesperson"): a listener takes the speaker's lines as that source's own word."""
    named: dict[str, str] = {}  # a word of a publisher's name, or an author's surname -> the name
    for rec in sources.values():
        if not isinstance(rec, Mapping):
            continue
        publisher = rec.get("publisher")
        if isinstance(publisher, str):
            for w in _NAME_WORD.findall(publisher):
                if len(w) >= 4 and w.lower() not in _COMMON_NAME_WORDS:
                    named.setdefault(w.lower(), publisher)
        for key in ("author", "byline"):
            who = rec.get(key)
            words = _NAME_WORD.findall(who) if isinstance(who, str) else []
            if words and len(words[-1]) >= 3 and words[-1].lower() not in _COMMON_NAME_WORDS:
                named.setdefault(words[-1].lower(), who)  # type: ignore[arg-type]
    out: list[Finding] = []
    for sp in script.get("speakers") or []:
        name = str(sp.get("name") or "") if isinstance(sp, Mapping) else ""
        role = _SPEAKS_FOR.search(name)
        whose = next((named[w.lower()] for w in _NAME_WORD.findall(name) if w.lower() in named), None)
        if role or whose:
            said = f"names {whose!r}, a source's publisher or author" if whose else f"says {role.group(0)!r}"  # type: ignore[union-attr]
            out.append(Finding("E-POD-SPEAKER-NAME", f"speaker {name}", f"the speaker's name {said}: a listener takes "
                                                                      "its lines as that source's own word; name the "
                                                                      "script's own voices (\"Ana\", \"host\"), and "
                                                                      "let a line say who says what, citing its claim"))
    return out


def backing(claim: Mapping) -> list[str]:
    """What a line citing this claim may take its figures from: the claim's text, its quotes
    and its as-of date. An inferred claim backs nothing (it has no source)."""
    if claim.get("confidence") == "inferred":
        return []
    out = [str(claim.get("text") or "")]
    out += [evidence_quote(ev) for ev in claim.get("evidence") or [] if isinstance(ev, Mapping)]
    if isinstance(claim.get("as_of"), str):
        out.append(claim["as_of"])
    return out


def _named(figs: list[Figure]) -> str:
    return ", ".join(dict.fromkeys(f'"{f.written}"' for f in figs))


def _unbacked_message(figs: list[Figure], ids: list[str], backed_by: list[str], whose: str) -> str:
    """Why these figures are not backed; ``whose``: "it cites" (a line) or "the script cites"."""
    odd = [f for f in figs if f.kind == "ambiguous"]
    plain = [f for f in figs if f.kind != "ambiguous"]
    parts = []
    if plain and backed_by:
        verb = "occurs" if len(plain) == 1 else "occur"
        parts.append(f"{_named(plain)} {verb} in none of the claims {whose} (their texts, quotes and as-of dates)")
    elif plain and ids:
        parts.append(f"{_named(plain)}, but the claims {whose} back no figure (an inferred claim has no source)")
    elif plain:
        parts.append(f"{_named(plain)}, but {whose.replace('cites', 'cites no claim')}: nothing backs a figure")
    if odd:
        parts.append(f"{_named(odd)} could be read day-first or month-first; write 2026-11-01 or 1 November 2026")
    return "; ".join(parts) + "; cite the claim that states it, or correct the figure"


def _claims_backing(ids: list[str], claims: Mapping[str, Mapping]) -> list[str]:
    return [t for c in ids if c in claims for t in backing(claims[c])]


def _stance_finding(line: str, claim_texts: list[str], backing: list[str], cited: int) -> tuple[str, str] | None:
    """A spoken line read as a page's sentence is: a plan said as done, or a negation, a word of
    scope, judgement or record that none of its claims or quotes says (code, message)."""
    from ..text import stance

    lost = stance.hedge_dropped_among(claim_texts, line)
    if lost:
        did, fix = stance.lost_advice(lost, claim_texts)
        return ("E-PAGE-HEDGE-DROPPED", f"the line {did} ({lost!r}); {fix}")
    added = stance.added_words(line, backing, any(stance.hedged(t) for t in claim_texts), cited)
    if added:
        code, what, fix = stance.ADDED[added[0]]
        return (code, f"the line says {added[1]!r}, {what} that none of its claims or their quotes says; {fix}")
    return None


def _speaker_finding(line: str, ids: list[str], claims: Mapping[str, Mapping],
                     spoken_by: Callable[[str, str], bool]) -> tuple[str, str] | None:
    """A speaker the line names ("by the operator's own count") that a claim it cites, its quotes
    and its source's record do not (``engines.page.claim_speaker``, the page gate's rule; a line
    cites at its end, so the whole line is each claim's part)."""
    from ..page.claim_speaker import speaker_unbacked

    for cid in dict.fromkeys(ids):
        c = claims.get(cid)
        if c is None or c.get("confidence") == "inferred":
            continue
        quotes = [q for ev in c.get("evidence") or [] if isinstance(ev, Mapping) and (q := evidence_quote(ev))]
        got = speaker_unbacked(cid, str(c.get("text") or ""), quotes, line, spoken_by)
        if got:
            return (got[0], "the line " + got[1])
    return None


def _moved_finding(line: str, ids: list[str], claims: Mapping[str, Mapping], texts: list[str],
                   rivals: dict[str, set[str]]) -> tuple[str, str] | None:
    """A range joining the two sides of a disagreement, or a group of people another claim speaks
    of that the line's claims never name, as the page gate reads a sentence (``figures.range_across``,
    ``stance.group_moved``)."""
    from ..ledger.ledger_model import is_active
    from ..text import figures, stance

    cited = [c for c in dict.fromkeys(ids) if c in claims]
    span = figures.range_across(line, cited, lambda x: [str(claims[x].get("text") or "")],
                                lambda x: rivals.get(x, set()))
    if span:
        return ("E-PAGE-FIGURE-RANGE", "in the line, " + figures.range_refusal(span, span[0]))
    if not stance.names_group(line):
        return None
    others = [str(c.get("text") or "") for k, c in claims.items() if k not in cited and is_active(c)]
    group = stance.group_moved(line, texts, others)
    if group:
        return ("E-PAGE-WORD-UNBACKED", "in the line, " + stance.group_refusal(group))
    return None


# a word that tells a thing as done or arrived ("have arrived", "are installed", "now live")
_DONE_LINK = lazy(r"\b(?:ha(?:s|ve|d)\s+(?:now\s+|just\s+|finally\s+|already\s+)?(?:arrived|come|landed|"
                  r"[^\W\d_]+ed)|(?:is|are|was|were)\s+(?:now\s+|finally\s+)?(?:here|in|installed|fitted|live|"
                  r"working|ready|done|in\s+place)|arrived|installed|fitted|delivered|switched\s+on)\b", re.IGNORECASE)


# an aside in round or square brackets: "(said with a heavy, sarcastic sigh)", "[laughs]"
_ASIDE = lazy(r"\(([^()]*)\)|\[([^\[\]]*)\]")
_ASIDE_WORD = lazy(r"[^\W\d_]{4,}")


def aside_unheld(text: str, backing: list[str]) -> str | None:
    """An aside in brackets whose words of four letters or more the line's claims and their
    quotes do not all hold: a stage direction ("(said with a heavy, sarcastic sigh)") a voice
    reads aloud or a producer acts, a tone no source gave. "(bought on board)" on a claim that
    says so is held."""
    held = {w.lower()[:5] for b in backing for w in _ASIDE_WORD.findall(b)}
    for m in _ASIDE.finditer(text):
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        if any(w.lower()[:5] not in held for w in _ASIDE_WORD.findall(inner)):
            return m.group(0)
    return None


# the words that only say what a route name names ("route W3", "the W3 line"): no fact of it
# (and the people who ride it: "W3 riders")
_ROUTE_NOUNS = frozenset("route routes line lines service services boat boats bus buses water riders rider "
                         "passengers passenger people".split())


def _route_told(text: str, names: set[str], texts: list[str]) -> tuple[str, str] | None:
    """(route, word) when a line citing nothing names a route (``names``, lower case) together
    with a word that a claim naming that route tells of it ("wave your pass at the W3 crew" of
    "Route W3 is due to accept the Tidewater Pass"), else None. A word a line shares with no
    claim of that route ("Or take W1 and enjoy the view") is the line's own."""
    import re

    from ..search.tokenize import STOP_WORDS

    if not names or text.rstrip().endswith("?"):
        return None  # a question asks; it tells nothing
    words = {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)} - STOP_WORDS - _ROUTE_NOUNS
    for name in sorted(names):
        about = [t for t in texts if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", t, re.IGNORECASE)]
        said = {w.lower()[:4] for t in about for w in re.findall(r"[^\W\d_]{3,}", t)}
        hit = next((w for w in sorted(words) if w[:4] in said), None)
        if hit:
            return name.upper(), hit
    return None


# a line that foretells: "will", "'ll", "going to", "by Christmas", "soon", "expect", "bet"
_PREDICTS = lazy(r"\b(?:will|won['’]t|going\s+to|gonna|soon|expects?|expected|bet|predicts?|reckon|by\s+(?:then|"
                 r"christmas|easter|the\s+(?:new\s+)?year|spring|summer|autumn|winter))\b|['’]ll\b", re.IGNORECASE)


def _turned_unclaimed(script: Mapping, claims: Mapping[str, Mapping]) -> list[Finding]:
    """A line that states no claim of its own read for what it turns: a transition that takes an
    ending as so ("Why did the city cancel the readers?"), a line citing only inferences that
    says "without" what they tell done ("just ride without paying" of "carry another way to
    pay"), and a banter or transition line citing nothing that tells how a ride on a route the
    claims name is paid for ("Or take W1; the crew wave you through without a ticket")."""
    from ..text import stance
    from ..text.figures import find_figures

    every = [c for line in script.get("lines", []) for c in line.get("claims") or [] if isinstance(c, str)]
    texts = _claims_backing(list(dict.fromkeys(every)), claims)
    own = [str(claims[c].get("text") or "") for c in dict.fromkeys(every)
           if c in claims and claims[c].get("confidence") != "inferred"]
    out: list[Finding] = []
    for line in script.get("lines", []):
        subject, text = f"line {line.get('n')}", str(line.get("text") or "")
        ids = [c for c in line.get("claims") or [] if isinstance(c, str)]
        if line.get("kind") == "transition":
            got = stance.label_turned(text, own, texts)
            if got:
                code, what, fix = stance.ADDED[got[0]]
                out.append(Finding(code, subject, f"a transition says {got[1]!r}, {what}, which none of the claims "
                                                  f"the script cites says; it links segments and states nothing "
                                                  f"(a \"why\" takes what it asks about as so); {fix}"))
                continue
        inferred = [str(claims[c].get("text") or "") for c in ids if c in claims]
        if ids and all(claims.get(c, {}).get("confidence") == "inferred" for c in ids):
            word = stance.without_done(text, inferred)
            if word:
                code, what, fix = stance.ADDED["negation"]
                out.append(Finding(code, subject, f"the line says {word!r}, {what} of what its claims tell done; "
                                                  f"{fix}"))
        kind = line.get("kind")
        if not ids and (kind in ("banter", "transition") or (kind == "opinion" and _PREDICTS.search(text))):
            names = {f.written.lower() for f in find_figures(text) if f.kind == "ident"}
            named = {n for n in names if any(n in t.lower() for t in texts)}  # routes the claims name
            fare = stance.fare_told(text) if kind != "opinion" else None
            if fare and named:
                out.append(Finding("E-POD-UNCITED", subject, f"a {kind} line says {fare!r} of a route the "
                                                             "claims name: it states a fact; make it a factual line "
                                                             "that cites the claim saying it, or cut it"))
            elif kind == "banter" and (told := _route_told(text, named, texts)):
                out.append(Finding("E-POD-UNCITED", subject, f"a banter line names {told[0]!r} with {told[1]!r}, a "
                                                             f"word the claims tell of {told[0]}: it states a fact "
                                                             "about the route; make it a factual line that cites "
                                                             "the claim saying it, or cut it"))
            elif kind == "opinion":
                # "My guess is the W3 readers will be working by Christmas": a guess of what becomes
                # of a route the claims name, in their words or with a time, tells when it happens
                told = _route_told(text, named, texts)
                when = stance.time_unsaid(text, texts) if told or names else None
                if told or when:
                    said = f"{told[1]!r}, a word the claims tell of {told[0]}" if told else f"{when!r}, a time"
                    out.append(Finding("E-POD-UNCITED", subject, f"an opinion line citing nothing foretells {said}: "
                                                                 "a guess of what becomes of a route states a fact "
                                                                 "(a date, a plan); make it a factual line that "
                                                                 "cites the claim saying it, or cut it"))
    return out


def figure_findings(script: Mapping, claims: Mapping[str, Mapping],
                    voices: Mapping[str, Mapping] | None = None,
                    spoken_by: Callable[[str, str], bool] | None = None) -> list[Finding]:
    """A transition carries no figure, date, amount or quotation; every other line states only
    figures and dates its cited claims state; the episode title, the outline, the segment names and the voice hints
    (the script's and a voices file's: a voice reads from them) only those of the claims some
    line cites."""
    from ..ledger.ledger_model import contest_rivals
    from ..text import stance
    from ..text.figure_frame import misframed
    from ..text.figures import find_figures, stated, unbacked
    from ..text.quotations import find_quotations
    from ..text.stance import change_told, judge_words

    rivals = contest_rivals(claims.values())  # each contested claim's other side, for ranges

    out: list[Finding] = []
    cited: list[str] = []
    out += _turned_unclaimed(script, claims)
    for line in script.get("lines", []):
        subject = f"line {line.get('n')}"
        text = str(line.get("text") or "")
        ids = [c for c in line.get("claims") or [] if isinstance(c, str)]
        cited += [c for c in ids if c not in cited]
        aside = aside_unheld(text, _claims_backing(ids, claims))
        if aside:
            out.append(Finding("E-POD-DIRECTION", subject, f"the line holds {aside!r}, which none of its claims or "
                                                           "their quotes says: a voice reads it aloud or a producer "
                                                           "acts it; cut it"))
        if line.get("kind") == "transition":
            carried = [f'"{f.written}"' for f in stated(text)] + [q.text for q in find_quotations(text)]
            carried += [f'"{w}", which judges a claim' for w in judge_words(text)]  # a link states nothing
            change = change_told(text)  # "Why is the service so much busier this year?" takes a change as so
            if change:
                out.append(Finding(stance.ADDED["change"][0], subject, f"a transition says {change!r}, "
                                                                       f"{stance.ADDED['change'][1]}; it links "
                                                                       "segments and states nothing: ask without it "
                                                                       "(\"How busy is the service?\"), or tell the "
                                                                       "change in a factual line that cites its claim"))
            done = _DONE_LINK.search(text) if not stance.asks(text) else None
            if done and any(f.kind == "ident" for f in find_figures(text)):
                # "the new W3 readers have arrived": a link that tells what became of a thing a claim
                # speaks of states a fact
                carried.append(f'"{done.group(0)}", which tells a thing as done')
            if carried:
                out.append(Finding("E-POD-TRANSITION", subject, f"a transition carries {', '.join(carried)}; it "
                                                                "links segments and states nothing: move the fact "
                                                                "into a factual line that cites its claim"))
            continue
        texts = _claims_backing(ids, claims)
        # with nothing behind it, a line may still name a route ("W3") or say "two"
        figs = unbacked(text, texts) if texts else stated(text)
        if figs:
            out.append(Finding("E-POD-FIGURE", subject, _unbacked_message(figs, ids, texts, "it cites")))
        elif texts:  # each figure with its own words ("an audited 38,500"), by one claim that states both
            own = [(c, backing(claims[c])) for c in dict.fromkeys(ids) if c in claims]
            wrong = misframed(text, own)
            if wrong:
                written, why = wrong[0]
                out.append(Finding("E-POD-FIGURE", subject, f"the line states {written!r}, but {why}; say it as "
                                                            "the claim does, or cite the claim that says it"))
        if texts:
            said = _stance_finding(text, [str(claims[c].get("text") or "") for c in ids if c in claims], texts, len(ids))
            said = said or (_speaker_finding(text, ids, claims, spoken_by) if spoken_by else None)
            said = said or _moved_finding(text, ids, claims, texts, rivals)
            if said:
                out.append(Finding(said[0], subject, said[1]))
        else:  # a line citing only inferences: the inference's own words bound its negations
            scoff = stance.scoffs(text)
            if scoff:  # banter that mocks what a line before stated ("Sure it will, Ben.")
                code, what, fix = stance.ADDED["scoff"]
                out.append(Finding(code, subject, f"the line says {scoff!r}, {what}; {fix}"))
            inferred = [str(claims[c].get("text") or "") for c in ids if c in claims]
            when = stance.time_unsaid(text, inferred) if inferred else None
            if when:  # "carry another way to pay until Christmas" of "until the W3 readers work"
                out.append(Finding("E-PAGE-INFERRED-FACT", subject, f"the line names {when!r}, a time its inferred "
                                                                    "claims do not name: an inference carries no "
                                                                    "date; keep the inference's own words for when"))
            word = stance.negation_added(text, inferred) if inferred else None
            if word:
                code, what, fix = stance.ADDED["negation"]
                out.append(Finding(code, subject, f"the line says {word!r}, {what} that none of its claims "
                                                  f"says; {fix}"))
    texts = _claims_backing(cited, claims)
    told = [("episode", str(script.get("episode") or ""))]
    told += [(f"outline {i}", f"{part.get('name', '')}\n{part.get('description', '')}")
             for i, part in enumerate(script.get("outline") or [], 1) if isinstance(part, Mapping)]
    # a segment's name reaches the script and the TTS plan a producer reads as a chapter name:
    # it is read as an outline part is ("w3-live-since-november" is "w3 live since november")
    segments = dict.fromkeys(str(line.get("segment")) for line in script.get("lines", [])
                             if isinstance(line.get("segment"), str) and line.get("segment"))
    told += [(f"segment {name}", re.sub(r"[-_./]+", " ", name)) for name in segments]
    structure = list(told)
    # a speaker's name and voice hint reach the TTS plan a voice reads from: no figure hides there
    structure += [(f"speaker {sp.get('name', '')}", f"{sp.get('name', '')}\n{sp.get('voice_hint', '')}")
                  for sp in script.get("speakers") or [] if isinstance(sp, Mapping)]
    structure += [(f"voice {name}", str(v.get("hint") or "")) for name, v in (voices or {}).items()
                  if isinstance(v, Mapping)]
    verdicts = {w[:6] for t in texts for w in judge_words(t)}
    # the title and the outline stand over the whole episode: they say nothing its cited claims
    # do not ("The pass now works on the whole water bus" over a plan for W3)
    claim_texts = [str(claims[c].get("text") or "") for c in cited
                   if c in claims and claims[c].get("confidence") != "inferred"]
    for subject, text in told:
        for part in text.split("\n"):
            said = stance.label_says(part, claim_texts, texts, len(cited), claim_texts) if part.strip() else None
            if said:
                code, what, fix = stance.ADDED[said[0]]
                msg = (f"says {part.strip()!r}, {what}: the claims the script cites say {said[1]!r}"
                       if said[0] in ("plan", "condition") else
                       f"says {said[1]!r}, {what}, which none of the claims the script cites or their quotes says")
                out.append(Finding(code, subject, f"{msg}; the title and the outline stand over the whole "
                                                  f"episode; {fix}"))
                break
    # a voice hint tells the voice how to say every line it is given: no side taken ("scornful of
    # the operator", "rolls eyes"), no attitude the claims lack
    hints = [(f"speaker {sp.get('name', '')}", str(sp.get("voice_hint") or ""))
             for sp in script.get("speakers") or [] if isinstance(sp, Mapping)]
    hints += [(f"voice {name}", str(v.get("hint") or "")) for name, v in (voices or {}).items()
              if isinstance(v, Mapping)]
    for subject, hint in hints:
        side = stance.voice_takes_side(hint, texts) if hint.strip() else None
        if side:
            out.append(Finding("E-POD-VOICE", subject, f"its voice hint says {side!r}: the voice would say every "
                                                       "line it is given with a side taken that no claim gives; "
                                                       "describe the voice (\"calm\", \"brisk\", \"warm\"), "
                                                       "not a stance on what it reads"))
    for subject, text in structure:
        figs = unbacked(text, texts)
        if figs:
            out.append(Finding("E-POD-FIGURE", subject, _unbacked_message(figs, cited, texts, "the script cites")))
        # "The audited figure was withdrawn" as an outline part: a verdict no cited claim gives
        judged = [w for w in judge_words(text, verdicts_only=True) if w[:6] not in verdicts]
        if judged:
            out.append(Finding("E-PAGE-WORD-UNBACKED", subject, f"says {judged[0]!r}, a word that judges a claim, "
                                                                "which none of the claims the script cites says; "
                                                                "cut it"))
    return out


def _ends_sentence(text: str) -> bool:
    t = text.rstrip()
    if t.endswith('"'):
        t = t[:-1]
    return t.endswith((".", "!", "?"))


def pause_after(lines: list[Mapping], i: int) -> int:
    """Deterministic pause after line i: segment change 600, speaker change 320, sentence end 180."""
    line = lines[i]
    if i == len(lines) - 1 or lines[i + 1].get("segment") != line.get("segment"):
        return PAUSE_SEGMENT
    if lines[i + 1].get("speaker") != line.get("speaker"):
        return PAUSE_SPEAKER
    return PAUSE_SENTENCE if _ends_sentence(str(line.get("text", ""))) else 0


def tts_plan(script: Mapping, voices: Mapping[str, Mapping] | None = None) -> dict:
    """A provider-agnostic plan: one segment per line, in line order, with its pause."""
    voices = voices or {}
    lines = sorted(script["lines"], key=lambda ln: ln["n"])
    voice_map = {}
    for sp in script["speakers"]:
        given = voices.get(sp["name"]) or {}
        voice_map[sp["name"]] = {"hint": str(given.get("hint") or sp.get("voice_hint") or ""),
                                 "voice_id": given.get("voice_id") if isinstance(given.get("voice_id"), str) else None}
    segments = []
    for i, line in enumerate(lines):
        sid = f"s{line['n']:04d}"
        segments.append({"id": sid, "n": line["n"], "speaker": line["speaker"], "text": line["text"],
                         "kind": line["kind"], "segment": line.get("segment"), "claims": list(line.get("claims", [])),
                         "pause_after_ms": pause_after(lines, i), "out": f"{AUDIO_DIR}/{sid}.wav"})
    return {"schema_version": 1, "episode": script["episode"], "output_dir": AUDIO_DIR, "sample_rate": 24000,
            "format": "wav", "voices": voice_map, "segments": segments, "concat": {"manifest": CONCAT, "out": EPISODE}}


def concat_manifest(plan: Mapping) -> str:
    """ffmpeg's concat-demuxer list: ``file '<id>.wav'`` per segment, paths relative to the list."""
    return "".join(f"file '{seg['id']}.wav'\n" for seg in plan["segments"])


def transcript_md(script: Mapping, claims: Mapping[str, Mapping], ordinals: Mapping[str, int],
                  citation_lines: Mapping[str, list[str]]) -> str:
    """The transcript as Markdown with its citation track: ordinals per line, then each claim's sources."""
    out = [f"# {md_escape(script['episode'])}", ""]
    outline = script.get("outline") or []
    if outline:
        out += ["## Outline", ""]
        for i, part in enumerate(outline, 1):
            out.append(f"{i}. **{md_escape(part['name'])}** ({part['size']}): {md_escape(part['description'])}")
        out.append("")
    out += ["## Transcript", ""]
    cited: list[str] = []
    for line in sorted(script["lines"], key=lambda ln: ln["n"]):
        refs = []
        for cid in line.get("claims", []):
            if cid in ordinals:
                refs.append(f"[{ordinals[cid]}]")
                if cid not in cited:
                    cited.append(cid)
        tail = "".join(refs)
        out.append(f"{line['n']}. **{md_escape(line['speaker'])}** _{line['kind']}_: {md_escape(line['text'])}{tail}")
    out += ["", "## Citation track", ""]
    if not cited:
        out.append("No line cites a claim.")
    for cid in sorted(cited, key=lambda c: ordinals[c]):
        claim = claims[cid]
        out.append(f"- [{ordinals[cid]}] {md_escape(str(claim.get('text', '')))} ({cid})")
        out.extend(f"  - {src}" for src in citation_lines.get(cid, []))
    return "\n".join(out).rstrip("\n") + "\n"
