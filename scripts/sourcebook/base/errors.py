"""Errors and findings, and the exit codes they map to.

A library function never prints or exits: it raises :class:`SbError` (a refusal with a stable
code) or returns :class:`Finding` records. The command line turns both into lines and an exit
status in one place (``cli.app``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

EXIT_OK = 0
EXIT_USAGE = 1  # a usage or input problem (bad flags included)
EXIT_GATE = 2  # a failed gate


@dataclass(frozen=True)
class Finding:
    """One diagnostic line: ``CODE  subject  message``."""

    code: str
    subject: str
    message: str
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def is_error(self) -> bool:
        return self.code.startswith("E-")

    def line(self) -> str:
        return f"{self.code}  {self.subject}  {self.message}"

    def to_json(self) -> dict:
        out = {"code": self.code, "subject": self.subject, "message": self.message}
        out.update(self.extra)
        return out


class SbError(Exception):
    """A refusal: a stable code, the subject it concerns, what to do, and the exit status."""

    def __init__(self, code: str, subject: str, message: str, exit_code: int = EXIT_USAGE,
                 findings: list[Finding] | None = None):
        super().__init__(f"{code}  {subject}  {message}")
        self.code = code
        self.subject = subject or "."
        self.message = message
        self.exit_code = exit_code
        self.findings = findings or []

    def finding(self) -> Finding:
        return Finding(self.code, self.subject, self.message)


class UsageError(SbError):
    """Bad flags or arguments; always exit 1 (argparse's default of 2 is overridden)."""

    def __init__(self, message: str, subject: str = "sb"):
        super().__init__("E-USAGE", subject, message, EXIT_USAGE)
