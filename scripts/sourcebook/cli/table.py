"""The command table: name -> (module, one-line summary, group).

The top-level parser lists every command from this table but imports only the module of the
command being run, so each call pays for what it uses (start-up time matters: an agent calls
``sb`` hundreds of times per question).
"""

from __future__ import annotations


class Command:
    """One row (a plain class: the table is read on every call, and ``typing`` costs ~10 ms)."""

    __slots__ = ("module", "summary", "group")

    def __init__(self, module: str, summary: str, group: str) -> None:
        self.module = module
        self.summary = summary
        self.group = group

    def __repr__(self) -> str:
        return f"Command({self.module!r}, {self.summary!r}, {self.group!r})"

    @property
    def path(self) -> str:
        """The handler's module as an import path: ``module`` under ``cli``, or a whole path
        ("sourcebook.mcp.command": a command an interface above the CLI serves itself)."""
        return self.module if self.module.startswith("sourcebook.") else f"sourcebook.cli.{self.module}"


COMMANDS: dict[str, Command] = {
    # workspace and sources
    "init": Command("workspace.cmd_init", "create a workspace (optionally seeded from another)", "workspace"),
    "config": Command("workspace.cmd_config", "read or change capabilities and settings", "workspace"),
    "status": Command("workspace.cmd_status", "show the derived state and the one next command", "workspace"),
    "unblock": Command("workspace.cmd_unblock", "leave the BLOCKED state, recording the user's decision", "workspace"),
    "add": Command("sources.cmd_add", "add files, URLs or pasted text as sources", "sources"),
    "extract": Command("sources.cmd_extract", "turn each source into its canonical text (normalized.md)", "sources"),
    "normalize": Command("sources.cmd_normalize", "print the canonical text sb would make of a file", "sources"),
    "source": Command("sources.cmd_source", "list, show or remove sources", "sources"),
    "chunk": Command("search.cmd_chunk", "split canonical texts into overlapping chunks", "search"),
    "index": Command("search.cmd_index", "build the BM25 search index over chunks", "search"),
    "search": Command("search.cmd_search", "rank chunks for a query", "search"),
    "find": Command("search.cmd_find", "turn a pasted sentence into an exact citation span", "search"),
    "quote": Command("search.cmd_quote", "print the text of a span", "search"),
    "recheck": Command("sources.cmd_recheck", "re-read cited sources and compare the quotes", "sources"),
    # ledger and gate
    "claim": Command("ledger.cmd_claim", "add, list, change, narrow or retract claims", "ledger"),
    "contradictions": Command("ledger.cmd_contradictions", "list clusters of claims that disagree", "ledger"),
    "adjudicate": Command("ledger.cmd_adjudicate", "record and apply decisions on contradictions", "ledger"),
    "ledger": Command("ledger.cmd_ledger", "render the ledger as HTML, Markdown, JSON or CSL-JSON", "ledger"),
    "plan": Command("ledger.cmd_plan", "write or show the artifact plan (plan.json)", "ledger"),
    "verify": Command("ledger.cmd_verify", "run every gate; nothing ships unless this passes", "ledger"),
    "review": Command("ledger.cmd_review", "every sentence beside its quotes in context, for a person to judge", "ledger"),
    "package": Command("ledger.cmd_package", "copy a verified build into a distributable folder", "ledger"),
    # artifacts
    "template": Command("artifacts.cmd_template", "copy an artifact template into build/", "artifacts"),
    "render": Command("artifacts.cmd_render", "render an artifact from a Markdown draft and the ledger", "artifacts"),
    "inject": Command("artifacts.cmd_inject", "insert a rendered ledger between the SB:LEDGER markers", "artifacts"),
    "check-draft": Command("artifacts.cmd_check_draft", "check a Markdown draft's numbered citations and coverage", "artifacts"),
    "lint": Command("artifacts.cmd_lint", "check an HTML artifact against the design rules", "artifacts"),
    "licenses": Command("artifacts.cmd_licenses", "check image credits and licences", "artifacts"),
    "tts-plan": Command("artifacts.cmd_tts_plan", "plan the podcast audio segments", "artifacts"),
    # agent kit
    "install": Command("agents.cmd_install", "install the skill and commands for an agent harness", "agents"),
    "mcp": Command("sourcebook.mcp.command", "serve sb as Model Context Protocol tools over stdio", "agents"),
}

GROUPS = (("workspace", "Workspace"), ("sources", "Sources"), ("search", "Search and cite"),
          ("ledger", "Ledger and gate"), ("artifacts", "Artifacts"), ("agents", "Agents"))
