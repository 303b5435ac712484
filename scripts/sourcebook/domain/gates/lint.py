"""Gate ``lint``: the design rules over every checked page (CONTRACT 9), via ``domain.lint``.

No row when no page exists. Each unwaived error or warning is a finding
``<rule>  <file>:<line>  <detail>``; waivers come from the manifest's ``lint_waivers``.
"""

from __future__ import annotations

from ...base.errors import Finding
from . import GateResult, register
from .context import GateContext


@register("lint", 110)
def gate(ctx: GateContext) -> GateResult | None:
    pages = [p for p in ctx.pages if p.exists]
    if not pages:
        return None
    from ..lint.runner import lint_html  # imported only when a page is linted

    waivers = ctx.manifest.get("lint_waivers")
    waivers = {k: v for k, v in waivers.items() if isinstance(v, str)} if isinstance(waivers, dict) else {}
    findings: list[Finding] = []
    errors = waived = unresolved = 0
    for page in pages:
        rep = lint_html(ctx.page_html(page), file=page.rel, waivers=waivers)
        errors += rep.errors
        waived += rep.waived
        unresolved += rep.unresolved
        findings += [Finding(f.rule, f"{f.file}:{f.line}", f.detail) for f in rep.failing]
    return GateResult(findings, f"{errors} errors, {waived} waived, {unresolved} unresolved")
