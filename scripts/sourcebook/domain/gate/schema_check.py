"""Schema problems as findings: shared by the context (while loading) and the schemas gate.

Kept apart from both so the context, which every gate reads, does not import a gate.
"""

from __future__ import annotations

import os
from functools import cache

from ...base.errors import Finding
from ...base.resources import data_file
from ...base.schema import check


@cache
def _installed(name: str) -> bool:
    return os.path.isfile(data_file("schemas", f"{name}.schema.json"))


def schema_findings(instance, name: str, subject: str) -> list[Finding]:
    """Schema problems as findings; a schema that is not installed checks nothing."""
    if not _installed(name):  # asked once per record: a thousand sources, one stat
        return []
    out = []
    for line in check(instance, name, subject):
        code, subj, msg = (line.split("  ", 2) + ["", ""])[:3]
        out.append(Finding(code, subj, msg))
    return out
