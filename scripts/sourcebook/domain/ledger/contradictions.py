"""Contradiction candidates (CONTRACT 7.1): detectors, clusters and the reopen rule.

Active claims that share a ``topic_key`` are compared pairwise by five detectors. A topic with
at least one firing pair is a cluster. The numeric and date detectors read what a claim's text
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
from ...engines.text import numbers
from ..workspace.layout import Workspace
from ..workspace.records import Adjudication, Claim
from .adjudications import load_adjudications
from .claims import load_claims

_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NEG = re.compile(r"\b(not|no|never|cannot|can't|without|fails to|does not|do not|is not|are not|"
                  r"lacks|absent|excludes|unavailable|non-)\b", re.I)
TOLERANCE = 0.05
RECENCY_DAYS = 180


def first_number(text: str) -> float | None:
    got = numbers.first_number(text)
    return got.value if got else None


_AMOUNT = ("number", "percent", "money")
# a text with no digit that starts a number (not "W3") and no CJK numeral states no amount and
# no dated day: the figure reader is skipped (a month named alone, "in September", is left to
# the other detectors)
_DIGITISH = re.compile(r"(?<!\w)\d|[〇一二三四五六七八九十百千万億兆]")


@lru_cache(maxsize=4096)
def _figures(text: str) -> tuple:
    if not _DIGITISH.search(text):
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
    """A number claim's first number (CONTRACT 7.1); any other claim's first amount, if it states one."""
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
        if c["unadjudicated_claim_ids"]:
            msg = (f"topic {c['topic_key']}: new since the adjudication: {', '.join(c['unadjudicated_claim_ids'])}; "
                   "adjudicate again naming every claim")
        else:
            msg = f"topic {c['topic_key']}: {' vs '.join(c['claim_ids'])} not adjudicated; run `sb adjudicate`"
        out.append(Finding("E-CLUSTER-OPEN", c["cluster_id"], msg))
    return out
