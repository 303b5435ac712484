"""Errors and findings, and the exit codes they map to.

A library function never prints or exits: it raises :class:`SbError` (a refusal with a stable
code) or returns :class:`Finding` records. The command line turns both into lines and an exit
status in one place (``cli.app``).
"""

from __future__ import annotations

from enum import IntEnum  # already imported by `re`: free at start-up


class Exit(IntEnum):
    """Every exit status ``sb`` returns, in one place. Three values (the contract's), and a name
    for what each command means by them, so a handler says what happened, not a number."""

    OK = 0
    USAGE = 1  # a usage or input problem (bad flags included)
    GATE = 2  # a failed gate: the work was checked and refused
    INTERRUPTED = 130  # Ctrl-C
    # what a command means by 1 or 2, by name (the values above; docs/compatibility.md lists them)
    PARTLY_ADDED = 1  # sb add: some locators were added, others failed
    NOTHING_ADDED = 2  # sb add: every locator failed
    PROBLEMS = 2  # sb extract / sb chunk: some sources could not be processed
    QUOTES_CHANGED = 2  # sb recheck: a cited quote is no longer what its source says


class Finding:
    """One diagnostic line: ``CODE  subject  message``.

    A plain class rather than a dataclass: importing dataclasses costs ~12 ms of start-up,
    and every sb call imports this module.
    """

    __slots__ = ("code", "subject", "message", "extra")

    def __init__(self, code: str, subject: str, message: str, extra: dict | None = None):
        self.code = code
        self.subject = subject
        self.message = message
        self.extra = extra if extra is not None else {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Finding):
            return NotImplemented
        return (self.code, self.subject, self.message) == (other.code, other.subject, other.message)

    def __hash__(self) -> int:
        return hash((self.code, self.subject, self.message))

    def __repr__(self) -> str:
        return f"Finding({self.code!r}, {self.subject!r}, {self.message!r})"

    @property
    def is_error(self) -> bool:
        return self.code.startswith("E-")

    def line(self) -> str:
        return f"{self.code}  {self.subject}  {self.message}"

    def to_json(self) -> dict:
        out = {"code": self.code, "subject": self.subject, "message": self.message}
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, doc: dict) -> Finding:
        """The finding ``to_json`` gave, read back."""
        extra = {k: v for k, v in doc.items() if k not in ("code", "subject", "message")}
        return cls(doc["code"], doc["subject"], doc["message"], extra)


class SbError(Exception):
    """A refusal: a stable code, the subject it concerns, what to do, and the exit status."""

    def __init__(self, code: str, subject: str, message: str, exit_code: int = Exit.USAGE,
                 findings: list[Finding] | None = None):
        super().__init__(f"{code}  {subject}  {message}")
        self.code = code
        self.subject = subject or "."
        self.message = message
        self.exit_code = exit_code
        self.findings = findings or []

    def finding(self) -> Finding:
        return Finding(self.code, self.subject, self.message)
