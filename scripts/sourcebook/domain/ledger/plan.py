"""``plan.json``: what the artifact will say (compatibility: plan.json), and ``sb plan``'s merge rules.

A plan that does not validate is reported and not written, so a half-made plan never replaces a
good one. Flags always win over what is stored (``--images`` included), stored values over
defaults.

``sb plan --sections-from DRAFT``: the sections read from a Markdown draft. One section per ``##``
heading, its text as written; under it the claim ids the draft cites there, in the order they are
first cited, each once (a claim cited before the first ``##`` goes to the first section; a claim
cited under two headings stays where it was first cited). A section whose heading the plan
already has keeps that section's id and intent, so nothing that refers to it breaks; a new one
gets a short slug of its heading. A draft without ``##`` headings gives one section named after
the plan's title. What the plan gate asks decides what is placed: only active claims. A
superseded claim the draft cites (a paragraph telling what changed) is left out and named, with
its successor; a citation of a claim the ledger does not hold, or holds as retracted, is an error
naming it and its line, and nothing is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.patterns import lazy
from ...base.record import TupleRecord
from ...base.schema import check
from ...base.versions import SCHEMA
from ..workspace.layout import Workspace
from .claims import _split, claims_by_id, inside, load_claims

PLAN_FILE = "plan.json"
THESIS_PLACEHOLDER = "TODO: state the thesis in one sentence"
DEFAULT_CONSTRAINTS = {"palette_strategy": "committed", "motion": "minimal", "breakpoints": [360, 768, 1200]}

_SLUG = lazy(r"[^a-z0-9]+")
_SLUG_WORDS = 4  # a short id: the heading's first words
_SLUG_CHARS = 32


class DraftSections(TupleRecord):
    sections: list[dict]
    history: list[tuple[str, str | None]]  # superseded claims cited but not placed: (id, successor)
    hidden: list[str]  # contested active claims the draft cites nowhere (the plan gate refuses these)


def slug(heading: str, taken: set[str]) -> str:
    """A short section id (``^[a-z0-9-]+$``) from the heading's first words, unique in ``taken``."""
    words = [w for w in _SLUG.split(heading.lower()) if w][:_SLUG_WORDS]
    from ...base.ids import unique_in

    return unique_in("-".join(words)[:_SLUG_CHARS].strip("-") or "section", taken)


def _key(heading: str) -> str:
    return " ".join(heading.split()).casefold()


def sections_from_draft(text: str, shown: str, claims: Mapping[str, Mapping], existing: list[dict],
                        title: str) -> DraftSections:
    """The sections of the draft ``text`` (shown as ``shown`` in errors), placing the ``claims``
    (id -> claim, every status); ``existing`` are the plan's current sections, ``title`` its title."""
    from ...engines.render import draft_check

    read = draft_check.read(text)
    # every citation in reading order: (line, heading text or None, claim ids)
    items: list[tuple[int, str | None, list[str]]] = [(s.line, None, s.refs) for s in read.sentences]
    items += [(t.line, t.text if t.kind == "heading" and t.level == 2 else None, t.refs) for t in read.structure]
    items.sort(key=lambda i: i[0])  # stable: sentences sharing a line keep their order
    heads: list[str] = []
    placed: list[list[str]] = []
    seen: set[str] = set()
    history: list[tuple[str, str | None]] = []
    pending: list[str] = []  # cited before the first ## heading
    for line, heading, refs in items:
        if heading is not None:
            heads.append(heading)
            placed.append(pending if not placed else [])
            pending = []
        for x in refs:
            if x.startswith("src_") or x in seen:
                continue  # a source citation places no claim
            c = claims.get(x)
            if c is None:
                raise SbError("E-CLAIM-UNKNOWN", f"{shown}:{line}", f"cites {x[:80]}, which no claim in the "
                              "ledger has; fix the citation (`sb claim list` shows the ids); plan.json was not written")
            status = c.get("status", "active")
            if status == "retracted":
                raise SbError("E-CLAIM-UNKNOWN", f"{shown}:{line}", f"cites {x}, which is retracted; take the "
                              "citation out of the draft; plan.json was not written")
            seen.add(x)
            if status == "superseded":
                succ = c.get("superseded_by")
                history.append((x, succ if isinstance(succ, str) else None))
                continue
            (placed[-1] if placed else pending).append(x)
    if not heads:
        heads, placed = [title], [pending]
    kept = {_key(str(s.get("heading", ""))): s for s in existing if isinstance(s.get("id"), str)}
    taken = {str(s["id"]) for h in heads if (s := kept.get(_key(h)))}
    sections: list[dict] = []
    for heading, ids in zip(heads, placed, strict=True):
        old = kept.pop(_key(heading), None)  # a heading written twice keeps the old id once
        section: dict = {"id": old["id"] if old else slug(heading, taken), "heading": heading}
        if old and isinstance(old.get("intent"), str):
            section["intent"] = old["intent"]
        section["claim_ids"] = ids
        sections.append(section)
    hidden = sorted(str(i) for i, c in claims.items() if c.get("status", "active") == "active"
                    and c.get("confidence") == "contested" and i not in seen)
    return DraftSections(sections, history, hidden)


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


class PlanResult(TupleRecord):
    plan: dict
    problems: list[Finding]
    written: bool
    drafted: DraftSections | None = None  # with ``sections_from``: what the draft placed and left out


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
               lang: str | None = None, sections_from: tuple[str, str] | None = None) -> PlanResult:
    """Merge the flags into the stored plan and write it when it validates; ``sections_from`` is
    a draft's (text, name as shown): its ``##`` headings and citations become the sections."""
    drafted = None
    with ws.lock():
        manifest = ws.load_manifest()
        existing = load_plan(ws)
        plan = merge(existing, str(manifest.get("question") or ""), type_=type_, title=title,
                     thesis=thesis, audience=audience, images=images, review=review, lang=lang)
        if sections_from is not None:
            old = existing.get("sections") if existing else None
            drafted = sections_from_draft(sections_from[0], sections_from[1], claims_by_id(load_claims(ws)),
                                          [s for s in old if isinstance(s, dict)] if isinstance(old, list) else [],
                                          str(plan["title"]))
            plan["sections"] = drafted.sections
        problems = [Finding(*_split(p)) for p in check(plan, "plan", PLAN_FILE)]
        if problems:
            return PlanResult(plan, problems, False, drafted)
        jsonio.write_json(inside(ws, ws.plan_path), plan)
        manifest["artifact_type"] = type_
        ws.save_manifest(manifest)
    return PlanResult(plan, [], True, drafted)
