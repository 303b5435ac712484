"""A fast structural check of one claim, equivalent to ``schemas/claims.schema.json``.

The generic schema walker costs about 0.3 ms per claim; a ledger of 1,000 claims is loaded on
every gate run, so the common case (a valid claim) is checked here by direct comparisons, and
only a claim this check rejects goes through the schema walker, which names the JSON pointer.
``tests/test_claims_file.py`` checks that this never accepts what the schema rejects.
"""

from __future__ import annotations

import re

from ...base.patterns import lazy
from ..workspace.records import CLAIM_KINDS, CLAIM_STATUSES, CONFIDENCES

_CLM = lazy(r"^clm_[0-9a-f]{12}$")
_SRC = lazy(r"^src_[0-9a-f]{12}$")
_TOPIC = lazy(r"^[a-z0-9]+([._-][a-z0-9]+)*$")
_HEX64 = lazy(r"^[0-9a-f]{64}$")
_DATE = lazy(r"^\d{4}-\d{2}-\d{2}$")
_DATETIME = lazy(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
_FLAG = lazy(r"^W-[A-Z0-9-]+:[0-9a-f]{12}$")
_INPUT = lazy(r"^clm_[0-9a-f]{12}(=.+)?$", re.S)
_OPS = frozenset(("difference", "sum", "ratio", "percent_change"))
_URI = lazy(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_KINDS, _CONFS, _STATUSES = frozenset(CLAIM_KINDS), frozenset(CONFIDENCES), frozenset(CLAIM_STATUSES)


def _int(v: object, minimum: int) -> bool:
    return type(v) is int and v >= minimum


def _one_of(v: object, allowed: frozenset) -> bool:
    return type(v) is str and v in allowed


def _str_or_none(v: object, pattern: re.Pattern | None = None) -> bool:
    return v is None or (type(v) is str and (pattern is None or bool(pattern.search(v))))


def _part_ok(p: object) -> bool:
    return (type(p) is dict and set(p) <= {"start", "end", "quote"} and _int(p.get("start"), 0)
            and _int(p.get("end"), 1) and type(p.get("quote")) is str)


def _evidence_ok(ev: object) -> bool:
    if type(ev) is not dict:
        return False
    sid = ev.get("source_id")
    if type(sid) is not str or not _SRC.search(sid) or not _int(ev.get("start"), 0) or not _int(ev.get("end"), 1):
        return False
    if "quote" in ev and type(ev["quote"]) is not str:
        return False
    if "quote_sha256" in ev and not (type(ev["quote_sha256"]) is str and _HEX64.search(ev["quote_sha256"])):
        return False
    if "length" in ev and not _int(ev["length"], 0):
        return False
    if "redacted" in ev and type(ev["redacted"]) is not bool:
        return False
    if "parts" in ev:
        parts = ev["parts"]
        if type(parts) is not list or not parts or not all(_part_ok(p) for p in parts):
            return False
    return True


def _derived_ok(d: object) -> bool:
    if type(d) is not dict or not {"op", "from"} <= set(d) <= {"op", "from", "round"}:
        return False
    items = d["from"]
    if not _one_of(d["op"], _OPS) or type(items) is not list or len(items) < 2:
        return False
    if not all(type(x) is str and _INPUT.search(x) for x in items):
        return False
    return "round" not in d or (type(d["round"]) is int and 0 <= d["round"] <= 6)


def claim_ok(c: object) -> bool:
    """True only if the claim certainly satisfies the claims schema."""
    if type(c) is not dict:
        return False
    cid, text, topic = c.get("id"), c.get("text"), c.get("topic_key")
    if type(cid) is not str or not _CLM.search(cid) or type(text) is not str or len(text) < 3:
        return False
    if type(topic) is not str or not _TOPIC.search(topic):
        return False
    if not (_one_of(c.get("kind"), _KINDS) and _one_of(c.get("confidence"), _CONFS)):
        return False
    if "status" in c and not _one_of(c["status"], _STATUSES):
        return False
    if "evidence" in c and not (type(c["evidence"]) is list and all(_evidence_ok(e) for e in c["evidence"])):
        return False
    if "volatile" in c and type(c["volatile"]) is not bool:
        return False
    if "as_of" in c and not _str_or_none(c["as_of"], _DATE):
        return False
    if "recheck" in c and not _str_or_none(c["recheck"], _URI):
        return False
    if "contradicts" in c and not (type(c["contradicts"]) is list
                                   and all(type(x) is str and _CLM.search(x) for x in c["contradicts"])):
        return False
    for key in ("superseded_by", "narrowed_from", "narrowed_to"):
        if key in c and not _str_or_none(c[key], _CLM):
            return False
    for key in ("limitation", "status_reason"):
        if key in c and not _str_or_none(c[key]):
            return False
    if "notes" in c and type(c["notes"]) is not str:
        return False
    if "derived" in c and not _derived_ok(c["derived"]):
        return False
    if "acks" in c:
        acks = c["acks"]
        if type(acks) is not list or not all(
                type(a) is dict and {"at", "reason"} <= set(a) <= {"at", "reason", "flags"} and type(a["at"]) is str
                and _DATETIME.search(a["at"]) and type(a["reason"]) is str and a["reason"]
                and ("flags" not in a or (type(a["flags"]) is list and all(type(f) is str and _FLAG.search(f)
                                                                             for f in a["flags"])))
                for a in acks):
            return False
    return True
