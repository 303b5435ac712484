"""Gate ``lint``: the design rules over every checked page (compatibility: sb lint), via ``domain.lint``.

No row when no page exists. Each unwaived error or warning is a finding
``<rule>  <file>:<line>  <detail>``; waivers come from the manifest's ``lint_waivers``.
"""

from __future__ import annotations

import hashlib
import json
from functools import partial

from .....base.errors import Finding
from ...context import GateContext, Page, Recent
from ...registry import GateResult, register


@register("lint", 110)
def gate(ctx: GateContext) -> GateResult | None:
    pages = [p for p in ctx.pages if p.exists]
    if not pages:
        return None
    waivers = ctx.manifest.get("lint_waivers")
    waivers = {k: v for k, v in waivers.items() if isinstance(v, str)} if isinstance(waivers, dict) else {}
    findings: list[Finding] = []
    errors = waived = unresolved = 0
    for page in pages:
        # The rules are a pure function of the page, its name and the waivers (and of the code,
        # whose fingerprint every cached fact carries): once per process for the same key.
        key = hashlib.sha256(json.dumps([ctx.page_sha(page), page.rel, sorted(waivers.items())],
                                        ensure_ascii=False).encode("utf-8", "surrogatepass")).hexdigest()[:40]
        got = ctx.cache.page_fact("lint", key)
        if not _well_formed(got):
            got = _SEEN.get(key, partial(_lint, ctx, page, waivers))
            ctx.cache.remember_page_fact("lint", key, got)
        errors += got[0]
        waived += got[1]
        unresolved += got[2]
        findings += [Finding(rule, f"{page.rel}:{line}", detail) for rule, line, detail in got[3]]
    return GateResult(findings, f"{errors} errors, {waived} waived, {unresolved} unresolved")


_SEEN = Recent()  # the pages linted last in this process, by the same key: the rows are shared


def _lint(ctx: GateContext, page: Page, waivers: dict[str, str]) -> list:
    from ....lint.runner import lint_html  # imported only when a page is linted

    rep = lint_html(ctx.page_html(page), file=page.rel, waivers=waivers, page=ctx.page_model(page))
    return [rep.errors, rep.waived, rep.unresolved, [[f.rule, f.line, f.detail] for f in rep.failing]]


def _well_formed(got: object) -> bool:
    return isinstance(got, list) and len(got) == 4 and all(isinstance(n, int) for n in got[:3]) \
        and isinstance(got[3], list) and all(isinstance(r, list) and len(r) == 3 for r in got[3])
