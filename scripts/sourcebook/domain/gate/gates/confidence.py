"""Gate ``confidence``: a claim's confidence agrees with whether it has evidence."""

from __future__ import annotations

from ....base.errors import Finding
from .context import GateContext, cid, evidence, is_active
from .registry import GateResult, register


@register("confidence", 40)
def gate(ctx: GateContext) -> GateResult:
    f: list[Finding] = []
    consistent = 0
    for c in ctx.claims:
        conf = c.get("confidence")
        has_ev = bool(evidence(c))
        before = len(f)
        if conf == "inferred" and has_ev:
            f.append(Finding("E-CONF-MISMATCH", cid(c), "an inferred claim carries evidence; mark it "
                                                        "verified/reported, or drop the evidence"))
        elif not has_ev and conf not in ("inferred", "unsupported"):
            f.append(Finding("E-CONF-MISMATCH", cid(c), f"confidence {conf!r} needs evidence; add a quote, "
                                                        "or set confidence inferred/unsupported"))
        if conf == "unsupported" and is_active(c):
            f.append(Finding("E-UNSUPPORTED", cid(c), "an active claim is unsupported; find evidence, "
                                                      "or retract it with `sb claim retract`"))
        consistent += len(f) == before
    return GateResult(f, f"{consistent} claims consistent")
