"""Run every rule over one page: ``lint_html`` is the entry point other modules call.

Findings are sorted errors first, then by rule id and line. A warning whose rule id has a
waiver (``lint_waivers`` in the manifest: rule id -> written reason) is marked waived;
errors are never waived.
"""

from __future__ import annotations

from ...base.record import TupleRecord, field, record
from ...base.versions import RULES as RULES_VERSION
from .catalogue import load_rules
from .page import Page
from .registry import ERROR


class LintFinding(TupleRecord):
    rule: str
    severity: str  # "error" or "warn"
    file: str
    line: int
    snippet: str
    detail: str
    waived: bool = False

    def to_json(self) -> dict:
        return {"rule": self.rule, "severity": self.severity, "file": self.file, "line": self.line,
                "snippet": self.snippet, "detail": self.detail}

    def gate_line(self) -> str:
        """The form the verify gate prints: ``<rule>  <file>:<line>  <detail>``."""
        return f"{self.rule}  {self.file}:{self.line}  {self.detail}"


@record
class LintReport:
    file: str
    findings: list[LintFinding] = field(default_factory=list)
    unresolved_values: list[str] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == ERROR)

    @property
    def warns(self) -> int:
        return sum(1 for f in self.findings if f.severity != ERROR and not f.waived)

    @property
    def waived(self) -> int:
        return sum(1 for f in self.findings if f.waived)

    @property
    def unresolved(self) -> int:
        return len(self.unresolved_values)

    @property
    def failing(self) -> list[LintFinding]:
        """The findings that fail the gate: every error and every unwaived warning."""
        return [f for f in self.findings if not f.waived]

    @property
    def ok(self) -> bool:
        return not self.failing

    def summary(self) -> str:
        return (f"{self.errors} error(s), {self.warns} warn(s), {self.waived} waived, "
                f"{self.unresolved} unresolved value(s)")

    def gate_note(self) -> str:
        """The verify gate's note for a passing page: ``0 errors, <w> waived, <u> unresolved``."""
        return f"{self.errors} errors, {self.waived} waived, {self.unresolved} unresolved"

    def to_json(self) -> dict:
        by = lambda pred: [f.to_json() for f in self.findings if pred(f)]  # noqa: E731
        return {"file": self.file, "rules_version": RULES_VERSION,
                "errors": by(lambda f: f.severity == ERROR),
                "warns": by(lambda f: f.severity != ERROR and not f.waived),
                "waived": by(lambda f: f.waived),
                "unresolved": self.unresolved, "unresolved_values": list(self.unresolved_values)}


def lint_html(data: bytes | str, *, file: str, waivers: dict[str, str] | None = None,
              page: Page | None = None) -> LintReport:
    """Lint one HTML page. ``file`` is the name findings carry; ``waivers`` maps rule id -> reason;
    ``page``: the page already read (the gate shares one reading, and its cascade, between gates)."""
    waivers = waivers or {}
    page = page if page is not None else Page(data, file)
    findings = []
    for rid, r in load_rules().items():
        for hit in r.check(page):
            waived = r.severity != ERROR and rid in waivers
            findings.append(LintFinding(rid, r.severity, file, hit.line, hit.snippet, hit.detail, waived))
    order = {ERROR: 0}
    findings.sort(key=lambda f: (f.waived, order.get(f.severity, 1), f.rule, f.line, f.snippet))
    return LintReport(file, findings, sorted(page.unresolved.values()))
