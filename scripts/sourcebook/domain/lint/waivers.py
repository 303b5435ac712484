"""Lint waivers: a warning acknowledged with a written reason, kept in the manifest."""

from __future__ import annotations

from ...base.errors import SbError
from ..workspace.layout import Workspace
from .catalogue import load_rules
from .registry import ERROR

MIN_REASON = 8


def load_waivers(ws: Workspace | None) -> dict[str, str]:
    if ws is None:
        return {}
    w = ws.load_manifest().get("lint_waivers") or {}
    return {str(k): str(v) for k, v in w.items()}


def waive(ws: Workspace, rule_id: str, reason: str) -> None:
    """Record ``reason`` for warning ``rule_id`` in ``lint_waivers`` (under the workspace lock)."""
    rules = load_rules()
    r = rules.get(rule_id)
    if r is None:
        import difflib

        near = difflib.get_close_matches(rule_id, rules, n=1)
        hint = f"; did you mean {near[0]}?" if near else "; `sb lint --rules` lists them"
        raise SbError("E-LINT-RULE", rule_id, f"no lint rule has this id{hint}")
    if r.severity == ERROR:
        raise SbError("E-LINT-UNWAIVABLE", rule_id, "errors cannot be waived; fix the page instead")
    reason = " ".join((reason or "").split())
    if len(reason) < MIN_REASON:
        raise SbError("E-LINT-WAIVE", rule_id, f"a waiver needs a written reason of at least {MIN_REASON} "
                                               "characters: --reason \"why this warning is acceptable here\"")
    with ws.lock():
        m = ws.load_manifest()
        waivers = m.get("lint_waivers") or {}
        waivers[rule_id] = reason
        m["lint_waivers"] = waivers
        ws.save_manifest(m)
