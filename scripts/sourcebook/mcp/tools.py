"""The MCP tools: a JSON Schema for each and the `sb` argument lists it runs.

Each tool is a thin adapter over one or more commands. A value from the client never becomes
an option by accident: option values are passed as `--flag=value`, and positional values that
start with `-` follow a `--`.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cli.table import COMMANDS

Steps = list[list[str]]

_DIR = {"type": "string", "description": "workspace folder (default: the server's --dir, else the nearest "
                                         "folder with sourcebook.json)"}


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    properties: dict
    required: tuple[str, ...]
    build: Callable[[dict], Steps]
    commands: tuple[str, ...]  # the sb commands this tool needs
    read_only: bool = False

    def schema(self) -> dict:
        props = dict(self.properties)
        props["dir"] = _DIR
        return {"type": "object", "properties": props, "required": list(self.required),
                "additionalProperties": False}

    def describe(self) -> dict:
        return {"name": self.name, "title": self.title, "description": self.description,
                "inputSchema": self.schema(),
                "annotations": {"title": self.title, "readOnlyHint": self.read_only,
                                "destructiveHint": False, "openWorldHint": False}}


@cache
def available(command: str) -> bool:
    cmd = COMMANDS.get(command)
    return cmd is not None and importlib.util.find_spec(cmd.path) is not None


@cache
def supports(command: str, flag: str) -> bool:
    """Whether this build's `sb <command>` accepts a flag (commands grow flags over time)."""
    import argparse

    try:
        module = importlib.import_module(COMMANDS[command].path)
        p = argparse.ArgumentParser(add_help=False)
        module.configure(p)
    except Exception:  # a command that cannot even describe itself supports nothing extra
        return False
    return flag in p._option_string_actions


def _opt(argv: list[str], flag: str, value: Any) -> None:
    if value is None or value == "":
        return
    if flag.startswith("--"):
        argv.append(f"{flag}={value}")
    else:
        argv += [flag, str(value)]


def _flag(argv: list[str], flag: str, on: Any) -> None:
    if on:
        argv.append(flag)


def _pos(*values: str) -> list[str]:
    """Positional values; a `--` goes first only when one of them looks like an option, since
    argparse subcommands handle `--` unevenly next to optional-value flags."""
    return (["--"] if any(v.startswith("-") for v in values) else []) + list(values)


def _json_out(command: str, argv: list[str]) -> list[str]:
    return argv + (["--json"] if supports(command, "--json") else [])


def _add(a: dict) -> Steps:
    argv = _json_out("add", ["add", f"--tier={a['tier']}", f"--reason={a['reason']}"])
    for key in ("title", "author", "publisher", "published", "lang", "license", "text", "file", "attest"):
        _opt(argv, f"--{key}", a.get(key))
    locs = list(a.get("locators") or [])
    if not locs and not a.get("text"):
        raise ValueError("give locators (files or URLs) or text")
    return [argv + _pos(*locs)]


def _ingest(a: dict) -> Steps:
    extract = ["extract"] + (["--force"] if a.get("force") else []) + (["--upgrade"] if a.get("upgrade") else [])
    return [extract, ["chunk"], ["index"]]


def _search(a: dict) -> Steps:
    argv = _json_out("search", ["search"])
    _opt(argv, "-k", a.get("k"))
    _opt(argv, "--source", a.get("source"))
    return [argv + _pos(a["query"])]


def _find(a: dict) -> Steps:
    argv = ["find"]
    _flag(argv, "--all", a.get("all"))
    _flag(argv, "--evidence", a.get("evidence"))
    return [argv + _pos(*([a["source"]] if a.get("source") else []), a["text"])]


def _quote(a: dict) -> Steps:
    return [["quote", *_pos(a["source"], str(a["start"]), str(a["end"]))]]


def _claim_add(a: dict) -> Steps:
    return [["claim", "add", "--json=" + json.dumps(a["claims"], ensure_ascii=False)]]


def _claim_list(a: dict) -> Steps:
    if a.get("id"):  # one claim in full, as JSON
        return [["claim", "show", a["id"], "--json"]]
    return [["claim", "list"]]


def _claim_change(a: dict) -> Steps:
    argv = ["claim", a["action"], a["id"], f"--reason={a['reason']}"]
    if a["action"] == "narrow":
        if not a.get("text"):
            raise ValueError("narrow needs the narrower text")
        argv.append(f"--text={a['text']}")
    return [argv]


def _plan(a: dict) -> Steps:
    argv = ["plan"]
    for key in ("type", "title", "thesis", "audience", "images"):
        _opt(argv, f"--{key}", a.get(key))
    _opt(argv, "--sections-from", a.get("sections_from"))
    return [argv if len(argv) > 1 else ["plan", "--show"]]


def _recheck(a: dict) -> Steps:
    argv = _json_out("recheck", ["recheck"])
    for flag in ("all", "archive", "adopt", "apply"):
        _flag(argv, f"--{flag}", a.get(flag))
    _opt(argv, "--file", a.get("file"))
    targets = list(a.get("targets") or [])
    if not targets and not a.get("all"):
        raise ValueError("give targets (source or claim ids) or all: true")
    return [argv + _pos(*targets)]


def _contradictions(a: dict) -> Steps:
    argv = _json_out("contradictions", ["contradictions"])
    _flag(argv, "--strict", a.get("strict"))
    return [argv]


def _adjudicate(a: dict) -> Steps:
    argv = ["adjudicate"]
    if a.get("adjudications") is not None:
        argv.append("--json=" + json.dumps(a["adjudications"], ensure_ascii=False))
    _flag(argv, "--apply", a.get("apply"))
    if len(argv) == 1:
        raise ValueError("give adjudications, apply: true, or both")
    return [argv]


def _ledger(a: dict) -> Steps:
    argv = ["ledger", "--" + a.get("format", "json")]
    _opt(argv, "--out", a.get("out"))
    return [argv]


def _render(a: dict) -> Steps:
    argv = ["render"]
    _opt(argv, "--from", a.get("draft"))
    _opt(argv, "--style", a.get("style"))
    return [argv + [a["type"]]]


def _check_draft(a: dict) -> Steps:
    argv = ["check-draft"]
    _opt(argv, "--as", a.get("as"))
    _opt(argv, "--min-coverage", a.get("min_coverage"))
    _flag(argv, "--strict", a.get("strict"))
    _flag(argv, "--evidence", a.get("evidence"))
    _opt(argv, "--only", a.get("only"))
    _opt(argv, "--style", a.get("style"))
    if not a.get("file") and not a.get("only"):
        raise ValueError("give the draft file, or only (source numbers or ids) for a Sources block")
    return [argv + (_pos(a["file"]) if a.get("file") else [])]


def _verify(a: dict) -> Steps:
    argv = _json_out("verify", ["verify"])
    _opt(argv, "--html", a.get("html"))
    _opt(argv, "--artifact", a.get("artifact"))
    _flag(argv, "--podcast", a.get("podcast"))
    _flag(argv, "--deep", a.get("deep"))
    return [argv]


def _review(a: dict) -> Steps:
    """Write build/review.html for the person, and read the review as Markdown (bounded)."""
    argv = ["review", "--md"]
    _opt(argv, "--limit", a.get("limit"))
    return [["review"], argv]


def _status(a: dict) -> Steps:
    return [_json_out("status", ["status"])]


S, B, INT = {"type": "string"}, {"type": "boolean"}, {"type": "integer", "minimum": 0}
_STYLES = ["markdown", "plain", "evidence"]
_ARTIFACTS = ["answer", "explainer", "deck", "brief", "infographic", "podcast", "report"]

TOOLS: tuple[Tool, ...] = (
    Tool("status", "Workspace status", "The derived state of the workspace and the one next command. "
         "Call it first and after every step.", {}, (), _status, ("status",), True),
    Tool("add", "Add sources", "Add local files, URLs or pasted text as sources, each with a tier (A primary, "
         "B reputable secondary, C weak, D unreliable) and the reason for that tier. A URL is recorded as "
         "pending until its saved page is attached with `file`.",
         {"locators": {"type": "array", "items": S, "description": "file paths or URLs"},
          "tier": {"type": "string", "enum": ["A", "B", "C", "D"]},
          "reason": {"type": "string", "minLength": 1, "description": "why this tier"},
          "title": S, "author": S, "publisher": S, "published": {"type": "string", "description": "YYYY-MM-DD"},
          "lang": S, "license": S, "text": {"type": "string", "description": "pasted text to add as a source"},
          "file": {"type": "string", "description": "the saved bytes of a pending URL"},
          "attest": {"type": "string", "description": "pasted text or saved bytes are tier C or D unless a person "
                                                      "vouches for them: their reason, recorded and shown"}},
         ("tier", "reason"), _add, ("add",)),
    Tool("ingest", "Extract, chunk and index", "Turn every source into its canonical text, split it into chunks "
         "and rebuild the search index (sb extract, sb chunk, sb index).",
         {"force": {"type": "boolean", "description": "re-extract sources that are already ready"},
          "upgrade": {"type": "boolean", "description": "move sources extracted by an older sb to the current "
                      "canonical text, carrying their citations over"}},
         (), _ingest, ("extract", "chunk", "index")),
    Tool("search", "Search the sources", "Rank chunks of the sources for a query (BM25).",
         {"query": {"type": "string", "minLength": 1}, "k": {"type": "integer", "minimum": 1},
          "source": {"type": "string", "description": "only chunks whose id starts with this"}},
         ("query",), _search, ("search",), True),
    Tool("find", "Find an exact span", "Turn a sentence copied from a source into an exact citation span "
         "(source id and code-point offsets). An inexact paste is an error that prints the exact text to use; "
         "with evidence, a paste from the rendered page (spacing, markup aside) gives a ready evidence object.",
         {"text": {"type": "string", "minLength": 1}, "source": {"type": "string", "description": "src_... id; "
          "omit to look in every source"}, "all": B, "evidence": B}, ("text",), _find, ("find",), True),
    Tool("quote", "Print a span", "Print the exact text of a span of a source.",
         {"source": S, "start": INT, "end": INT}, ("source", "start", "end"), _quote, ("quote",), True),
    Tool("claim_add", "Add claims", "Add one claim or a list of claims to the ledger. Each claim has text, "
         "topic_key, kind, confidence and evidence [{source_id, quote}] (start and end may be omitted: the quote "
         "is located in the source and must occur once; a paste that differs only in line breaks, markup or "
         "curly quotes is stored as the source's own words, printed as `stored ...`).",
         {"claims": {"type": ["object", "array"], "description": "a claim, a list of claims, or {claims: [...]}"}},
         ("claims",), _claim_add, ("claim",)),
    Tool("claim_list", "List claims", "List the claims in the ledger with their ordinal, confidence and status; "
         "with `id`, one claim in full as JSON.", {"id": {"type": "string", "pattern": "^clm_[0-9a-f]{12}$"}},
         (), _claim_list, ("claim",), True),
    Tool("claim_change", "Narrow, retract or acknowledge a claim", "Narrow a claim to what its quote supports "
         "(a new claim supersedes the old), retract it, or acknowledge a re-check finding; each with a reason "
         "that is kept in the trail.",
         {"action": {"type": "string", "enum": ["narrow", "retract", "ack"]},
          "id": {"type": "string", "pattern": "^clm_[0-9a-f]{12}$"}, "reason": {"type": "string", "minLength": 1},
          "text": {"type": "string", "description": "narrow: the narrower claim text"}},
         ("action", "id", "reason"), _claim_change, ("claim",)),
    Tool("plan", "Write or show the plan", "Write plan.json (artifact type, title, thesis, audience, images; "
         "sections_from: the sections and their claim ids from a draft's ## headings and citations); "
         "with no arguments, show it.",
         {"type": {"type": "string", "enum": _ARTIFACTS[:-1]}, "title": S, "thesis": S, "audience": S,
          "images": {"type": "string", "enum": ["none", "source", "generate"]},
          "sections_from": {"type": "string", "description": "a draft file, relative to the workspace"}},
         (), _plan, ("plan",)),
    Tool("recheck", "Re-check citations", "Read cited sources again and compare each citation with the fresh "
         "text (R-MATCHES, R-EDITED, R-INTACT, R-MOVED, R-CHANGED, R-UNAVAILABLE, R-UNVERIFIABLE).",
         {"targets": {"type": "array", "items": S, "description": "source or claim ids"}, "all": B,
          "archive": B, "file": {"type": "string", "description": "a fresh copy you saved of the one source named"},
          "adopt": B, "apply": B}, (), _recheck, ("recheck",)),
    Tool("contradictions", "List contradictions", "Clusters of active claims on one topic that disagree, "
         "with their status (OPEN or RESOLVED).", {"strict": B}, (), _contradictions, ("contradictions",), True),
    Tool("adjudicate", "Record adjudications", "Record decisions on contradiction clusters (supersede, "
         "both_stand, scope_split, retract, each with a written reason) and apply them to the claims.",
         {"adjudications": {"type": ["object", "array"]}, "apply": B}, (), _adjudicate, ("adjudicate",)),
    Tool("ledger", "Render the ledger", "The ledger of claims as JSON (default), HTML, Markdown, a source "
         "list, or CSL-JSON; written to `out` when given.",
         {"format": {"type": "string", "enum": ["json", "html", "md", "sources", "csl"]}, "out": S},
         (), _ledger, ("ledger",), True),
    Tool("render", "Render an artifact", "Render build/<type>.html (or report.md) from a Markdown draft that "
         "references claims as [@clm_...].",
         {"type": {"type": "string", "enum": _ARTIFACTS},
          "draft": {"type": "string", "description": "draft path (default: draft.md in the workspace)"},
          "style": {"type": "string", "enum": _STYLES, "description": "report only: the Sources block style"}},
         ("type",), _render, ("render",)),
    Tool("check_draft", "Check a Markdown draft", "Check a draft: a page draft ([@clm_...]) with every gate of "
         "verify on the page render would write from it, or a chat answer's numbered [n] citations and coverage.",
         {"file": S, "as": {"type": "string", "enum": ["answer", "explainer", "deck", "brief", "infographic", "chat"],
                            "description": "the page type to check it as, or chat"}, "min_coverage": {"type": "number", "minimum": 0, "maximum": 1}, "strict": B, "evidence": B,
          "only": {"type": "string", "description": "print a Sources block for these numbers or source ids "
                   "(comma-separated)"}, "style": {"type": "string", "enum": _STYLES}},
         (), _check_draft, ("check-draft",), True),
    Tool("verify", "Run the gate", "Run every gate. Nothing ships unless this passes; each finding names a code, "
         "the claim or file, and what to fix.",
         {"html": S, "artifact": {"type": "string", "enum": _ARTIFACTS}, "podcast": B, "deep": B},
         (), _verify, ("verify",)),
    Tool("review", "Prepare the editor's review", "Write build/review.html (every sentence of every shipped page "
         "beside its quotes in context, with the W-REVIEW- flags a person should judge) and return it as "
         "Markdown, the sentences to read first first. Hand build/review.html to the user; their decisions are "
         "theirs to record (sb review --ok/--fix ID --note).",
         {"limit": {"type": "integer", "minimum": 0, "description": "sentences shown in full (default 25; 0: all)"}},
         (), _review, ("review",)),
)

BY_NAME = {t.name: t for t in TOOLS}


def listed() -> list[Tool]:
    """The tools this build can run (a command missing from the build hides its tool)."""
    return [t for t in TOOLS if all(available(c) for c in t.commands)]
