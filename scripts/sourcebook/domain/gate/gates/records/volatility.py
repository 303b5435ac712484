"""Gate ``volatility``: a claim that can change says when it was true and where to re-check."""

from __future__ import annotations

from .....base.errors import Finding
from ...context import GateContext, cid, safe
from ...registry import GateResult, register


def recheck_ok(url) -> bool:
    return isinstance(url, str) and url.lower().startswith(("http://", "https://"))


@register("volatility", 60)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    for c in ctx.claims:
        r = c.get("recheck")
        if r not in (None, "") and not recheck_ok(r):
            f.append(Finding("E-RECHECK-SCHEME", cid(c), f"recheck {safe(r, 40)!r} is not an http(s) URL; "
                                                         "it will not be linked"))
    n = 0
    for c in ctx.active:
        if c.get("volatile") is not True:
            continue
        n += 1
        if not c.get("as_of"):
            f.append(Finding("E-VOLATILE-UNDATED", cid(c), "volatile without as_of; add the date it was true "
                                                           "(--as-of YYYY-MM-DD)"))
        if not c.get("recheck"):
            f.append(Finding("E-VOLATILE-UNDATED", cid(c), "volatile without a recheck URL; add where a reader "
                                                           "can check it again"))
    return GateResult(f, f"{n} volatile claim(s), all dated")
