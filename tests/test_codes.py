"""Every code sb can emit is registered, documented, and provoked by some test."""

from __future__ import annotations

import os
import re

from conftest import ROOT
from gen_docs import codes_md

CODE_RE = re.compile(r"""["']([EW]-[A-Z0-9]+(?:-[A-Z0-9]+)*)["']""")


def _package_codes() -> set[str]:
    found = set()
    for dirpath, _, files in os.walk(os.path.join(ROOT, "scripts", "sourcebook")):
        for f in files:
            if f.endswith(".py") and f != "diagnostics.py":
                found |= set(CODE_RE.findall(open(os.path.join(dirpath, f), encoding="utf-8").read()))
    return found


def test_every_emitted_code_is_registered():
    from sourcebook.base.diagnostics import CODES

    missing = sorted(c for c in _package_codes() if c not in CODES)
    assert not missing, f"codes used but not registered in diagnostics.py: {missing}"


def test_codes_doc_is_current():
    path = os.path.join(ROOT, "docs", "codes.md")
    assert open(path, encoding="utf-8").read() == codes_md(), "docs/codes.md is stale: run python3 tests/gen_docs.py"


def test_every_registered_code_appears_in_a_test():
    from sourcebook.base.diagnostics import CODES

    text = ""
    for dirpath, _, files in os.walk(os.path.join(ROOT, "tests")):
        for f in files:
            if f.endswith((".py", ".json", ".md", ".txt")) and f not in ("test_codes.py", "gen_docs.py"):
                text += open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read()
    untested = sorted(c for c in CODES if c not in text)
    assert not untested, f"registered codes no test provokes: {untested}"
