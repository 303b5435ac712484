"""Contradiction candidates (compatibility: contradiction detection): detectors, clusters and the reopen rule.

Active claims that share a ``topic_key`` are compared pairwise by five detectors. A topic with
at least one firing pair is a cluster. Across topic keys, two claims stating different amounts
in one unit about one subject are a candidate too (``cross_topic``), so a figure filed under
another key still opens a decision. The numeric and date detectors read what a claim's text
holds, not only what its ``kind`` says: a ``fact`` that states a figure or a date is compared
like a ``number`` or a ``date``. A recorded adjudication resolves a cluster only for the
claims it names: a claim that joins later reopens it. Detection is deliberately cheap and
over-eager; the agent decides, in writing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from functools import lru_cache
from itertools import combinations

from ...base.ids import cluster_id
from ...base.patterns import lazy
from ...engines.text import numbers
from ..workspace.layout import Workspace
from ..workspace.records import Adjudication, Claim
from .adjudications import load_adjudications
from .claims import load_claims

_ISO = lazy(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NEG = lazy(r"\b(not|no|never|cannot|can't|without|fails to|does not|do not|is not|are not|"
            r"lacks|absent|excludes|unavailable|non-)\b", re.I)
TOLERANCE = 0.05
RECENCY_DAYS = 180


def first_number(text: str) -> float | None:
    """The first number of a text that is not part of a name ("PEP 8 limits lines to 72
    characters" states 72: the 8 names the document). A number in words that counts something
    ("three members", "a dozen seats") is a number as its digits are, as every figure reader
    reads it; one that counts nothing named ("the two proposals") is not."""
    figs = _figures(text)
    names = [(f.start, f.end) for f in figs if f.kind in ("version", "ident")
             and not f.key.lstrip("v")[:1].isdigit()]  # "PEP 8", "W3"; a bare "3.10" is a number
    from ...engines.text.figures import small_word

    spelled = next((f for f in figs if f.spelled and f.kind in _AMOUNT and not small_word(f)), None)
    at = 0
    while True:
        m = numbers.NUMBER.search(text, at)
        if m is None or (spelled is not None and spelled.start < m.start(1)):
            return _figure_value(spelled) if spelled is not None else None
        if not any(a <= m.start(1) < b for a, b in names):
            got = numbers.first_number(text[m.start():])
            return got.value if got else None
        at = m.end()


_AMOUNT = ("number", "percent", "money")
# a text with no digit that starts a number (not "W3"), no CJK numeral and no number word
# ("three", "a dozen", "пять") states no amount and no dated day: the figure reader is skipped
# (a month named alone, "in September", is left to the other detectors)
_DIGITISH = lazy(r"(?<!\w)\d|[〇一二三四五六七八九十百千万億兆]")


@lru_cache(maxsize=4096)
def _figures(text: str) -> tuple:
    from ...engines.text.figure_text import has_number_words

    if not _DIGITISH.search(text) and not has_number_words(text):
        return ()
    from ...engines.text import figures  # its tables are built on first use only

    return tuple(figures.find_figures(text))


@lru_cache(maxsize=4096)
def _amount(text: str) -> float | None:
    for f in _figures(text):
        if f.kind in _AMOUNT:
            try:
                return float(re.sub(r"[^0-9.]", "", f.key.rsplit(":", 1)[-1]) or "x")
            except ValueError:
                return None
    return None


def _value(c: Claim) -> float | None:
    """A number claim's first number (compatibility: contradiction detection); any other claim's first amount, if it states one."""
    return first_number(c["text"]) if c.get("kind") == "number" else _amount(c["text"])


def _numeric(a: Claim, b: Claim) -> bool:
    x = _value(a)
    if x is None:
        return False
    y = _value(b)
    if y is None:
        return False
    denom = max(abs(x), abs(y)) or 1.0
    return abs(x - y) / denom > TOLERANCE


@lru_cache(maxsize=4096)
def _dates(text: str) -> frozenset[str]:
    return frozenset({m.group(0) for m in _ISO.finditer(text)} | {f.key for f in _figures(text) if f.kind == "date"})


def _date(a: Claim, b: Claim) -> bool:
    da, db = _dates(a["text"]), _dates(b["text"])
    return bool(da) and bool(db) and da != db


@lru_cache(maxsize=4096)
def _negated(text: str) -> bool:
    return bool(_NEG.search(text))


def _polarity(a: Claim, b: Claim) -> bool:
    # every pair in a topic is compared: decide each text's polarity once
    return _negated(a["text"]) != _negated(b["text"])


def _explicit(a: Claim, b: Claim) -> bool:
    return b["id"] in (a.get("contradicts") or []) or a["id"] in (b.get("contradicts") or [])


def _as_of(c: Claim) -> date | None:
    v = c.get("as_of")
    if not isinstance(v, str):
        return None
    try:
        return date.fromisoformat(v[:10])
    except ValueError:
        return None


def _recency(a: Claim, b: Claim) -> bool:
    if not (a.get("volatile") is True and b.get("volatile") is True):
        return False
    da, db = _as_of(a), _as_of(b)
    return da is not None and db is not None and abs((da - db).days) > RECENCY_DAYS


DETECTORS: dict[str, Callable[[Claim, Claim], bool]] = {
    "numeric": _numeric, "date": _date, "polarity": _polarity, "explicit": _explicit, "recency": _recency,
}


def detect(claims: list[Claim], adjudications: list[Adjudication]) -> list[dict]:
    """Clusters over active claims, in topic order (7.1)."""
    groups: dict[str, list[Claim]] = {}
    for c in claims:
        if c.get("status", "active") == "active":
            groups.setdefault(c["topic_key"], []).append(c)
    adj_by_cls = {a["cluster_id"]: a for a in adjudications}
    out = []
    for topic in sorted(groups):
        members = sorted(groups[topic], key=lambda c: c["id"])
        if len(members) < 2:
            continue
        involved: set[str] = set()
        fired: set[str] = set()
        for a, b in combinations(members, 2):
            hits = [name for name, fn in DETECTORS.items() if fn(a, b)]
            if hits:
                fired.update(hits)
                involved.update((a["id"], b["id"]))
        if not fired:
            continue
        cls = cluster_id(topic)
        adj = adj_by_cls.get(cls)
        ids = sorted(involved)
        if adj is not None:
            late = sorted(involved - set(adj["claim_ids"]))
            status, outcome = ("OPEN" if late else "RESOLVED"), adj["outcome"]
        else:
            late, status, outcome = [], "OPEN", None
        out.append({"cluster_id": cls, "topic_key": topic, "claim_ids": ids, "detectors": sorted(fired),
                    "status": status, "outcome": outcome, "unadjudicated_claim_ids": late})
    return out + cross_topic(claims)


# ---- across topic keys ----------------------------------------------------------------------
# A figure filed under another topic key escapes the per-topic detectors. Two active claims
# under different keys are a candidate when each states an amount in the same unit (the kind
# of figure and the word after it, with any "per X": "passengers", "passengers per weekday"),
# they share most of their other words (their subject), and the amounts differ as the numeric
# detector counts a difference. The way out is the usual one: file them under one topic key
# (`sb claim set CLM --topic KEY`) and decide there (scope_split when they measure different
# things). Derived claims state a computation, not a measure, and are left out.
_WORD = lazy(r"[^\W\d_]{4,}", re.U)
_STOP = frozenset("""that this with from were have been their there which about after before over under
than more less into onto also only some most many much such they them then when where while said
says each every other these those very will would could should being""".split())
SUBJECT_SHARE = 0.6


def _stem(word: str) -> str:
    return word.lower()[:6]


@lru_cache(maxsize=4096)
def _measure(text: str) -> tuple[str, float, frozenset[str]] | None:
    """(unit, value, subject stems) of a text's first amount, or None."""
    for f in _figures(text):
        if f.kind not in _AMOUNT:
            continue
        try:
            value = float(re.sub(r"[^0-9.\-]", "", f.key.rsplit(":", 1)[-1]) or "x")
        except ValueError:
            return None
        after = [w.lower() for w in re.findall(r"[^\W\d_]+", text[f.end:f.end + 60])][:4]
        noun = next((w for w in after if len(w) >= 3 and w not in _STOP), "")
        per = f" per {after[after.index('per') + 1]}" if "per" in after[:-1] else ""
        rate = f.unit.partition("/")[2]  # "five seconds a day": a rate, as the figure reader reads it
        if rate and not per:
            per = f" per {rate}"
        unit = f"{f.kind}:{f.key.split(':')[0] if f.kind == 'money' else ''}:{_stem(noun)}{per}"
        words = {_stem(w) for w in _WORD.findall(text[:f.start] + " " + text[f.end:]) if w.lower() not in _STOP}
        return unit, value, frozenset(words)
    return None


# "from 12 to 6 weeks", "from twelve weeks to six", "с 12 до 6": the figure after is what it became
_FROM = lazy(r"(?:\bfrom|(?<!\w)с|(?<!\w)со)\s+(?:the\s+)?$", re.I)
_TO = lazy(r"^\s*(?:[^\W\d_]+\s+){0,2}?(?:to|до|->|→)\s+(?:[^\W\d_]+\s+)?$", re.I)


def _figure_value(f) -> float | None:
    try:
        return float(re.sub(r"[^0-9.\-]", "", f.key.rsplit(":", 1)[-1]) or "x")
    except ValueError:
        return None


def changed_to(text: str) -> set[float]:
    """The values a text says something changed *to* ("cutting the cycle from 12 to 6 weeks": 6)."""
    figs = [f for f in _figures(text) if f.kind in _AMOUNT]
    out: set[float] = set()
    for f1, f2 in zip(figs, figs[1:], strict=False):
        if _FROM.search(text[max(0, f1.start - 12):f1.start]) and _TO.match(text[f1.end:f2.start]):
            v = _figure_value(f2)
            if v is not None:
                out.add(v)
    return out


def _same_subject(a: frozenset[str], b: frozenset[str]) -> bool:
    shared = len(a & b)
    return shared >= 2 and shared >= SUBJECT_SHARE * min(len(a), len(b))


def cross_topic(claims: list[Claim]) -> list[dict]:
    """Candidates across topic keys, one per pair, as OPEN clusters (detector ``cross-topic``). A
    claim that states a change "from X to Y" agrees with one that states Y: X is the old value."""
    by_unit: dict[str, list[tuple[Claim, float, frozenset[str]]]] = {}
    for c in claims:
        if c.get("status", "active") != "active" or c.get("kind") == "derived" or c.get("derived"):
            continue
        m = _measure(c["text"])
        if m is not None:
            by_unit.setdefault(m[0], []).append((c, m[1], m[2]))
    out = []
    for unit in sorted(by_unit):
        for (a, x, sa), (b, y, sb) in combinations(sorted(by_unit[unit], key=lambda t: t[0]["id"]), 2):
            if a["topic_key"] == b["topic_key"] or not _same_subject(sa, sb):
                continue
            if abs(x - y) / (max(abs(x), abs(y)) or 1.0) <= TOLERANCE:
                continue
            if x in changed_to(b["text"]) or y in changed_to(a["text"]):
                continue  # "six weeks after 1.0.0" and "from 12 to 6 weeks" agree: 12 is what it was
            ta, tb = sorted((a["topic_key"], b["topic_key"]))
            out.append({"cluster_id": cluster_id(f"{ta}~{tb}"), "topic_key": f"{ta}~{tb}",
                        "claim_ids": sorted((a["id"], b["id"])), "detectors": ["cross-topic"], "status": "OPEN",
                        "outcome": None, "unadjudicated_claim_ids": [],
                        "topics": {a["id"]: a["topic_key"], b["id"]: b["topic_key"]}})
    return out


def clusters_for(ws: Workspace) -> list[dict]:
    """The workspace's clusters (raises E-JSON/E-SCHEMA for malformed ledger files)."""
    return detect(load_claims(ws), load_adjudications(ws))


def open_findings(clusters: list[dict]):
    """``E-CLUSTER-OPEN`` per OPEN cluster, naming late joiners (for --strict and the gate)."""
    from ...base.errors import Finding

    out = []
    for c in clusters:
        if c["status"] != "OPEN":
            continue
        if "cross-topic" in c["detectors"]:
            (a, ta), (b, tb) = sorted(c["topics"].items())
            msg = (f"{a} (topic {ta}) and {b} (topic {tb}) state different amounts in the same unit about the same "
                   f"subject under different topic keys; file them under one key (sb claim set {b} --topic {ta}) "
                   "and adjudicate that topic (scope_split if they measure different things)")
        elif c["unadjudicated_claim_ids"]:
            msg = (f"topic {c['topic_key']}: new since the adjudication: {', '.join(c['unadjudicated_claim_ids'])}; "
                   "adjudicate again naming every claim")
        else:
            msg = f"topic {c['topic_key']}: {' vs '.join(c['claim_ids'])} not adjudicated; run `sb adjudicate`"
        out.append(Finding("E-CLUSTER-OPEN", c["cluster_id"], msg))
    return out
