"""The rule families, listed once: importing a family registers its rules.

The registry never imports a family (a family imports the registry to register), so loading
goes through this list.
"""

from __future__ import annotations

from . import a11y, copy_rules, slop, structure  # noqa: F401  (imported to register their rules)
from .registry import RULES, Rule

# Family names stay "copy" and "struct" (rule ids and docs use them); their modules are named so
# as not to shadow the standard library's copy and struct.
FAMILIES = ("a11y", "copy", "slop", "struct")


def load_rules() -> dict[str, Rule]:
    """Every registered rule."""
    return RULES
