"""``sb verify``: run every gate, settle the revision state, write ``build/verify.json``.

The escalation rule (compatibility: the state machine, sb verify): a failed run counts one revision (at most three;
a run that fails only on sentences a required review has yet to mark ok counts none); the
third puts the workspace in BLOCKED until a person decides (``sb unblock --reason``). A run
whose only findings are a missing artifact does not count: nothing was checked. A pass sets
the state to VERIFY and the counter back to 0, except in BLOCKED: a person decided nothing yet,
so a pass there leaves the state and the counter as they are and says how to leave it.
"""

from __future__ import annotations

import os

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import Finding, SbError
from ...base.record import field, record
from ...base.versions import SB_VERSION
from ..workspace.layout import Workspace
from . import verdict_memo
from .options import VerifyOptions
from .state import ESCALATION, MAX_REVISIONS, is_blocked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .context import GateContext

HELD_NEXT = ("the gates pass, but the workspace stays BLOCKED until a person decides: report the "
             "earlier failures to the user, then record their decision with "
             "sb unblock --reason \"<what the user decided>\"")


@record
class Row:
    gate: str
    findings: list[Finding]
    note: str
    review: list[Finding] = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.findings


@record
class Report:
    root: str
    rows: list[Row]
    pages: list[str] = field(default_factory=list)
    deep: bool = False
    revise_count: int | None = None
    state: str | None = None
    escalation: str = ""
    warning: str = ""  # one failing run short of BLOCKED
    held: bool = False  # the gates passed, but the workspace stays BLOCKED until `sb unblock`

    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.rows for f in r.findings]

    @property
    def review(self) -> list[Finding]:
        """Flags listed for a person to look at (``sb claim ack``); they never fail the run."""
        return [f for r in self.rows for f in r.review]

    @property
    def passed(self) -> bool:
        return not self.findings  # any finding, warnings included, fails (review flags are not findings)

    @property
    def only_missing_artifact(self) -> bool:
        fs = self.findings
        return bool(fs) and all(f.code == "E-HTML-MISSING" for f in fs)

    @property
    def only_awaiting_review(self) -> bool:
        """Every finding is a sentence a person has yet to mark ok: a wait, not a revision."""
        fs = self.findings
        return bool(fs) and all(f.code == "E-REVIEW-REQUIRED" for f in fs)

    def to_json(self) -> dict:
        gates = []
        for r in self.rows:
            entry = {"gate": r.gate, "note": r.note, "findings": [f.line() for f in r.findings],
                     "details": [f.to_json() for f in r.findings]}
            entry.update((k, v) for k, v in r.extra.items() if k not in entry)
            gates.append(entry)
        doc = {"gates": gates, "pass": self.passed, "review": [f.to_json() for f in self.review]}
        if self.held:
            doc["state"], doc["next"] = "BLOCKED", HELD_NEXT
        return doc


def run_gates(ctx: GateContext) -> list[Row]:
    from .gates import GateResult, gates

    rows = []
    for g in gates():
        try:
            res: GateResult | None = g.fn(ctx)
        except SbError as exc:  # a gate that cannot read something reports it, the rest still run
            res = GateResult([Finding(exc.code, exc.subject, exc.message)], "could not run")
        except Exception as exc:  # noqa: BLE001 - one broken gate must not hide the others' findings
            res = GateResult([Finding("E-INTERNAL", g.name, f"the gate failed: {type(exc).__name__}: {exc}; "
                                                            "rerun with SB_DEBUG=1 and report it")], "could not run")
            if os.environ.get("SB_DEBUG"):
                raise
        if res is not None:
            rows.append(Row(g.name, res.findings, res.note, res.review, res.extra))
    return rows


def verify(ws: Workspace, opts: VerifyOptions | None = None, *, settle: bool = True) -> Report:
    """Run the gates (or replay a verdict kept over the very same files: ``verdict_memo``), then
    settle the state and write the report when ``settle``."""
    opts = opts or VerifyOptions()
    memo = settle and verdict_memo.eligible(ws, opts)
    kept = verdict_memo.replay(ws, opts) if memo else None
    if kept is not None:
        rep = _from_verdict(ws, kept.verdict)
    else:
        from .context import GateContext  # the gates' machinery: not loaded to replay a verdict

        snap = verdict_memo.take(ws) if memo else None
        ctx = GateContext(ws, opts)
        seen = verdict_memo.copied(ctx.manifest) if snap is not None else None
        rep = Report(ws.root, run_gates(ctx), [p.rel for p in ctx.pages], ctx.opts.deep)
        ctx.cache.save()
    if settle:
        settle_state(ws, rep)
        write_report(ws, rep)
    if kept is not None:
        verdict_memo.carry(ws, opts, kept)
    elif snap is not None and seen and ctx.cache.enabled:  # seen: {} when unreadable
        verdict_memo.keep(ws, opts, snap, _verdict(rep), seen)
    return rep


def _verdict(rep: Report) -> dict:
    """What a verdict keeps of a run: its rows and the pages it judged."""
    return {"pages": rep.pages, "rows": [{"gate": r.gate, "note": r.note, "findings": [f.to_json() for f in r.findings],
                                          "review": [f.to_json() for f in r.review], "extra": r.extra}
                                         for r in rep.rows]}


def _from_verdict(ws: Workspace, kept: dict) -> Report:
    rows = [Row(r["gate"], list(map(Finding.from_json, r["findings"])), r["note"],
                list(map(Finding.from_json, r["review"])), r["extra"]) for r in kept["rows"]]
    return Report(ws.root, rows, list(kept["pages"]), False)


def settle_state(ws: Workspace, rep: Report) -> None:
    """Move the revision counter and stored state per the escalation rule."""
    if not rep.passed and (rep.only_missing_artifact or rep.only_awaiting_review):
        return  # nothing to revise yet: no page, or a person's review to wait for
    try:
        with ws.lock():
            m = ws.load_manifest()
            if rep.passed and is_blocked(m):
                # only a person's recorded decision leaves BLOCKED; a pass is not one
                rep.held, rep.state = True, "BLOCKED"
                stored = m.get("revise_count")
                rep.revise_count = stored if isinstance(stored, int) else None
                return
            if rep.passed:
                if m.get("state") == "VERIFY" and m.get("revise_count") == 0 and type(m["revise_count"]) is int:
                    rep.revise_count, rep.state = 0, "VERIFY"
                    return  # a repeat pass: the manifest already says so, nothing to write
                m["state"], m["revise_count"] = "VERIFY", 0
            else:
                stored = m.get("revise_count")
                count = min(MAX_REVISIONS, max(0, stored if isinstance(stored, int) else 0) + 1)
                state = "BLOCKED" if count >= MAX_REVISIONS else "REVISE"
                m["revise_count"], m["state"] = count, state
                ws.add_history(m, state, f"verify failed with {len(rep.findings)} finding(s)")
                if state == "BLOCKED":
                    rep.escalation = ESCALATION
                elif count == MAX_REVISIONS - 1:
                    rep.warning = _last_warning(ws, rep, count)
            rep.revise_count, rep.state = m.get("revise_count"), m.get("state")
            ws.save_manifest(m)
    except SbError:
        pass  # an unreadable manifest is already a finding of the schemas gate


def _last_warning(ws: Workspace, rep: Report, count: int) -> str:
    """Said when one more failing run would BLOCK; louder when this run repeats the last one."""
    from .next_step import findings_of, last_failure

    before = last_failure(ws)
    same = before is not None and sorted(f"{d.get('code')}  {d.get('subject')}" for d in findings_of(before)) \
        == sorted(f"{f.code}  {f.subject}" for f in rep.findings)
    head = (f"revisions  {count}/{MAX_REVISIONS}: the same {len(rep.findings)} finding(s) as the last run; "
            "a third unchanged run will BLOCK the workspace" if same else
            f"revisions  {count}/{MAX_REVISIONS}: one more failing run will BLOCK the workspace")
    return head + " until a person decides (sb unblock --reason); `sb status` names the fix for the first finding"


def write_report(ws: Workspace, rep: Report) -> None:
    doc = rep.to_json()
    doc.update({"schema_version": 1, "generated_at": now_iso(), "sb_version": SB_VERSION,
                "pages": rep.pages, "deep": rep.deep, "finding_count": len(rep.findings)})
    try:
        jsonio.write_json(ws.build_path("verify.json"), doc)
    except OSError as exc:
        raise SbError("E-IO", "build/verify.json", f"cannot write the report: {exc.strerror or exc}") from None


def report_lines(rep: Report) -> list[str]:
    out = [f"sb verify  {rep.root}"]
    for r in rep.rows:
        if r.ok:
            out.append(f"  . {r.gate:<14} {r.note}")
        else:
            out.append(f"  x {r.gate:<14} {len(r.findings)} finding(s)" + (f"  ({r.note})" if r.extra and r.note else ""))
            out += [f"      {f.line()}" for f in r.findings]
    if rep.review:
        out.append(f"  review: {len(rep.review)} flag(s) for a person to look at (they do not fail the run; "
                   "`sb claim ack CLM --reason \"...\"` once looked at)")
        out += [f"      {f.line()}" for f in rep.review]
    out.append("  PASS" if rep.passed else f"  FAIL  {len(rep.findings)} finding(s)")
    if rep.held:
        out.append(f"  state  BLOCKED  {HELD_NEXT}")
    return out
