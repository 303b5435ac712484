"""``plan.json``: what the artifact will say (compatibility: plan.json), and ``sb plan``'s merge rules.

A plan that does not validate is reported and not written, so a half-made plan never replaces a
good one. Flags always win over what is stored (``--images`` included), stored values over
defaults.
"""

from __future__ import annotations

import json
import os
from typing import NamedTuple

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.schema import check
from ...base.versions import SCHEMA
from ..workspace.layout import Workspace
from .claims import _split, inside

PLAN_FILE = "plan.json"
THESIS_PLACEHOLDER = "TODO: state the thesis in one sentence"
DEFAULT_CONSTRAINTS = {"palette_strategy": "committed", "motion": "minimal", "breakpoints": [360, 768, 1200]}


def load_plan(ws: Workspace) -> dict | None:
    """The plan, or None when there is none; E-JSON for a file that is not a JSON object."""
    if not os.path.exists(ws.plan_path):
        return None
    data = jsonio.read_json(ws.plan_path, PLAN_FILE)
    return jsonio.expect(data, dict, PLAN_FILE, "")


def load_plan_quiet(ws: Workspace) -> dict | None:
    """The plan for ordering purposes: None when missing or unreadable (the gate reports that)."""
    try:
        return load_plan(ws)
    except SbError:
        return None


class PlanResult(NamedTuple):
    plan: dict
    problems: list[Finding]
    written: bool


def merge(existing: dict | None, question: str, *, type_: str, title: str | None, thesis: str | None,
          audience: str | None, images: str | None, review: str | None = None, lang: str | None = None) -> dict:
    plan = json.loads(json.dumps(existing)) if isinstance(existing, dict) else {}
    plan["schema_version"] = SCHEMA
    plan["type"] = type_
    plan["title"] = title if title is not None else (plan.get("title") or question or type_)
    plan["thesis"] = thesis if thesis is not None else (plan.get("thesis") or THESIS_PLACEHOLDER)
    plan["audience"] = audience if audience is not None else plan.get("audience", "")
    plan.setdefault("register", "editorial")
    if review is not None:  # unset means optional; only a flag writes it
        plan["review"] = review
    if lang is not None:  # unset: the page's language is read from its draft; "" forgets it
        if lang.strip():
            plan["lang"] = lang.strip()
        else:
            plan.pop("lang", None)
    if not isinstance(plan.get("images"), dict):
        plan["images"] = {"mode": images or "none", "slots": []}
    elif images is not None:
        plan["images"]["mode"] = images
    plan.setdefault("constraints", json.loads(json.dumps(DEFAULT_CONSTRAINTS)))
    if not plan.get("sections"):
        plan["sections"] = [{"id": "answer", "heading": "Answer", "intent": "answer the question", "claim_ids": []}]
    return plan


def write_plan(ws: Workspace, *, type_: str, title: str | None = None, thesis: str | None = None,
               audience: str | None = None, images: str | None = None, review: str | None = None,
               lang: str | None = None) -> PlanResult:
    with ws.lock():
        manifest = ws.load_manifest()
        plan = merge(load_plan(ws), str(manifest.get("question") or ""), type_=type_, title=title,
                     thesis=thesis, audience=audience, images=images, review=review, lang=lang)
        problems = [Finding(*_split(p)) for p in check(plan, "plan", PLAN_FILE)]
        if problems:
            return PlanResult(plan, problems, False)
        jsonio.write_json(inside(ws, ws.plan_path), plan)
        manifest["artifact_type"] = type_
        ws.save_manifest(manifest)
    return PlanResult(plan, [], True)
