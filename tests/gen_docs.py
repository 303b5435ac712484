"""Generate docs that mirror registries: docs/codes.md (and docs/lint-rules.md when present).

Run `python3 tests/gen_docs.py` after adding a code; a test fails while the docs are stale.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))


def codes_md() -> str:
    from sourcebook.base.diagnostics import CODES

    lines = ["# Diagnostic codes", "",
             "Every refusal or finding `sb` prints starts with one of these codes. `E-` codes are errors",
             "(exit 1 for bad input, 2 for a failed gate); `W-` codes are warnings; `R-` codes are recheck",
             "outcomes. This file is generated from `scripts/sourcebook/base/diagnostics.py`",
             "by `python3 tests/gen_docs.py`; a test keeps them in step.", "",
             "| code | meaning | what to do |", "|---|---|---|"]
    for code in sorted(CODES):
        c = CODES[code]
        lines.append(f"| `{code}` | {c.meaning} | {c.remedy} |")
    return "\n".join(lines) + "\n"


GENERATED = {"docs/codes.md": codes_md}


def lint_rules_md() -> str | None:
    try:
        from sourcebook.domain.lint import docs  # type: ignore[attr-defined]
    except ImportError:
        return None
    return docs.render_markdown()


def main() -> int:
    outputs = {k: f() for k, f in GENERATED.items()}
    lr = lint_rules_md()
    if lr is not None:
        outputs["docs/lint-rules.md"] = lr
    for rel, text in outputs.items():
        path = os.path.join(ROOT, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
