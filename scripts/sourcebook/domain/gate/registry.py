"""The gate registry: each gate is a small function registered with its name and its order.

The family modules import this module to register; the package's ``gates()`` imports the
families. Neither imports the other back.
"""

from __future__ import annotations

from collections.abc import Callable

from ...base.errors import Finding
from ...base.record import TupleRecord, field, record


@record
class GateResult:
    findings: list[Finding] = field(default_factory=list)
    note: str = ""
    review: list[Finding] = field(default_factory=list)  # W- flags listed for a person; they never fail
    extra: dict = field(default_factory=dict)  # more keys for the gate's entry in --json (shown with its note)


class Gate(TupleRecord):
    name: str
    order: int
    fn: Callable


_GATES: dict[str, Gate] = {}


def register(name: str, order: int) -> Callable:
    def deco(fn: Callable) -> Callable:
        _GATES[name] = Gate(name, order, fn)
        return fn
    return deco
