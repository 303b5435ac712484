"""Reading the first number in a claim's text (compatibility: contradiction detection), one rule for every reader:
the contradiction detector compares the values, the charts plot them."""

from __future__ import annotations

import re

from ...base.patterns import lazy
from ...base.record import TupleRecord

NUMBER = lazy(r"(-?\d[\d,]*(?:\.\d+)?)\s*(%|k\b|m\b|bn\b|b\b|million|billion|thousand)?", re.I)
SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9}


class Number(TupleRecord):
    written: str  # as it stands in the text
    value: float  # scaled: "2.5 million" is 2500000.0
    suffix: str  # lower-case suffix ("%", "k", "million", ...) or ""


def first_number(text: str) -> Number | None:
    m = NUMBER.search(text)
    if not m:
        return None
    try:
        value = float(m.group(1).replace(",", ""))
    except ValueError:
        return None
    suffix = (m.group(2) or "").lower()
    return Number(m.group(0).strip(), value * SCALE.get(suffix, 1.0), suffix)
