"""sb lint."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Check an HTML artifact against the design rules (docs/lint-rules.md).

  sb lint build/answer.html              findings, then a count line
  sb lint build/answer.html --json       the same as JSON on stdout
  sb lint waive copy.em-dash --reason "quoted titles keep their dashes"
  sb lint --rules                        list every rule id and severity

Errors always fail (exit 2). A warning fails too unless the workspace waives it with a written
reason (at least 8 characters); errors cannot be waived. A CSS value the linter cannot resolve
(an undefined var(), a background image behind text) is counted as unresolved and never judged.
The workspace is optional: it is only read for waivers."""


def configure(p) -> None:
    p.add_argument("target", nargs="?", help="the HTML file to lint, or `waive`")
    p.add_argument("rule", nargs="?", help="with `waive`: the rule id to waive")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--reason", help="with `waive`: why the warning is acceptable (>= 8 characters)")
    p.add_argument("--rules", action="store_true", help="list the rules and exit")


def _rules(ctx) -> int:
    from ...domain.lint.catalogue import load_rules

    for r in load_rules().values():
        ctx.out(f"{r.id:<26} {r.severity:<5}  {r.message}")
    return Exit.OK


def run(args, ctx) -> int:
    import os

    from ...base.errors import SbError

    if args.rules:
        return _rules(ctx)
    if args.target == "waive" and (args.rule or args.reason is not None):
        from ...domain.lint.waivers import waive

        if not args.rule:
            raise SbError("E-USAGE", "sb lint waive", "name the rule: sb lint waive RULE --reason \"...\"")
        ws = ctx.workspace()
        waive(ws, args.rule, args.reason or "")
        ctx.out(f"waived   {args.rule}  {' '.join(args.reason.split())}")
        return Exit.OK
    if not args.target:
        raise SbError("E-USAGE", "sb lint", "name the HTML file to lint; see `sb lint --help`")
    path = ctx.path(args.target)
    if not os.path.isfile(path):
        raise SbError("E-LINT", args.target, "no such file; give the path of an HTML artifact")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise SbError("E-LINT", args.target, f"cannot read: {exc.strerror or exc}") from None
    from ...domain.lint.runner import lint_html
    from ...domain.lint.waivers import load_waivers
    from ...domain.workspace.layout import Workspace, find_root

    root = find_root(ctx.cwd, ctx.dir)
    if ctx.dir and root is None:
        ctx.workspace()  # names the missing workspace (E-NOWORKSPACE)
    waivers = load_waivers(Workspace(root) if root else None)
    report = lint_html(data, file=args.target, waivers=waivers)
    if args.json:
        ctx.emit_json(report.to_json())
    else:
        _print(report, ctx)
    return Exit.OK if report.ok else Exit.GATE


def _print(report, ctx) -> None:
    from ...domain.lint.catalogue import load_rules

    rules = load_rules()
    for f in report.findings:
        if f.waived:
            ctx.out(f"WAIVED {f.rule:<26} {f.file}:{f.line}  {f.snippet}")
            continue
        sev = "ERROR" if f.severity == "error" else "WARN"
        ctx.out(f"{sev:<5} {f.rule:<26} {f.file}:{f.line}  {f.snippet}")
        ctx.out(f"      {f.detail}")
        ctx.out(f"      {rules[f.rule].rationale}")
    for u in report.unresolved_values:
        ctx.out(f"UNRESOLVED  {u}")
    ctx.out("")
    ctx.out(report.summary())
