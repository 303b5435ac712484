#!/usr/bin/env python3
"""Regenerate the top-level SKILL.md from skills/sourcebook/SKILL.md (never edit it by hand).

    python3 scripts/gen_skill.py           write SKILL.md
    python3 scripts/gen_skill.py --check   exit 1 when SKILL.md is stale
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sourcebook.base.jsonio import atomic_write_text  # noqa: E402
from sourcebook.base.resources import KIT_ROOT  # noqa: E402
from sourcebook.domain.install.harnesses import root_skill_text  # noqa: E402

if __name__ == "__main__":
    target = os.path.join(KIT_ROOT, "SKILL.md")
    want = root_skill_text()
    have = open(target, encoding="utf-8").read() if os.path.exists(target) else ""
    if "--check" in sys.argv[1:]:
        if have != want:
            print("SKILL.md is stale: run python3 scripts/gen_skill.py", file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    if have != want:
        atomic_write_text(target, want)
        print("wrote SKILL.md")
    else:
        print("SKILL.md is current")
