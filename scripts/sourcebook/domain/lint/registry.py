"""The rule registry: each rule is a small function registered with its metadata beside it.

A rule gets the parsed :class:`~.page.Page` and yields :class:`Hit` records (line, snippet,
detail). Rule ids are stable: they are what waivers, docs and the gate name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...base.record import TupleRecord

ERROR, WARN = "error", "warn"


class Hit(TupleRecord):
    line: int
    snippet: str
    detail: str


class Rule(TupleRecord):
    id: str
    severity: str  # "error" (blocks, cannot be waived) or "warn" (needs a written waiver)
    message: str  # what fires it
    rationale: str  # why it matters
    check: Callable[..., Iterable[Hit]]

    @property
    def family(self) -> str:
        return self.id.split(".", 1)[0]


RULES: dict[str, Rule] = {}


def rule(rule_id: str, severity: str, message: str, rationale: str):
    """Register the decorated function as the check of rule ``rule_id``."""
    def wrap(fn: Callable[..., Iterable[Hit]]) -> Callable[..., Iterable[Hit]]:
        assert rule_id not in RULES, rule_id
        assert severity in (ERROR, WARN), severity
        RULES[rule_id] = Rule(rule_id, severity, message, rationale, fn)
        return fn
    return wrap


def short(text: str, n: int = 60) -> str:
    """A one-line snippet of at most ``n`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
