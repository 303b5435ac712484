"""``docs/lint-rules.md``, generated from the registry so it never drifts from the code."""

from __future__ import annotations

from .catalogue import load_rules
from .registry import ERROR

_FAMILIES = {"slop": "Generic-looking design", "copy": "Generated-sounding copy",
             "a11y": "Accessibility", "struct": "Self-contained structure"}


def render_markdown() -> str:
    rules = load_rules()
    lines = ["# Lint rules", "",
             f"`sb lint` checks an HTML artifact against {len(rules)} rules. An **error** blocks the gate and cannot",
             "be waived; a **warn** blocks it too unless the workspace records a written reason",
             "(`sb lint waive RULE --reason \"...\"`). See `docs/lint.md` for how the linter resolves CSS.",
             "This file is generated from `scripts/sourcebook/domain/lint/` by `python3 tests/gen_docs.py`.", ""]
    for fam, title in _FAMILIES.items():
        members = [r for r in rules.values() if r.family == fam]
        lines += [f"## {title} (`{fam}.*`)", "", "| rule | severity | fires when | why |", "|---|---|---|---|"]
        for r in sorted(members, key=lambda r: r.id):
            sev = "error" if r.severity == ERROR else "warn"
            lines.append(f"| `{r.id}` | {sev} | {r.message} | {r.rationale} |")
        lines.append("")
    return "\n".join(lines)
