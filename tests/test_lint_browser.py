"""Contrast agrees with a real browser: axe-core in headless Chromium flags the same pages."""

from __future__ import annotations

import glob
import os
import sys

import pytest
from conftest import FIXTURES, ROOT

sys.path.insert(0, os.path.join(ROOT, "tests", "browser"))
from axe_runner import available, run_axe  # noqa: E402

from sourcebook.domain.lint.runner import lint_html  # noqa: E402

pytestmark = pytest.mark.browser
LINT = os.path.join(FIXTURES, "lint")
PAGES = sorted(glob.glob(os.path.join(LINT, "browser", "*.html"))) + [
    os.path.join(LINT, "contrast-fail.html"), os.path.join(LINT, "clean.html"),
    os.path.join(LINT, "rules", "a11y.contrast-body.fire.html"), os.path.join(LINT, "rules", "a11y.contrast-body.pass.html"),
    os.path.join(LINT, "rules", "a11y.contrast-large.fire.html"), os.path.join(LINT, "rules", "a11y.contrast-large.pass.html"),
]


def _close(a: str, b: str) -> bool:
    """Two #rrggbb colours equal within one unit per channel (alpha compositing rounds)."""
    return all(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) <= 1 for i in (1, 3, 5))


def _sb_pairs(path: str) -> tuple[set[str], int]:
    with open(path, "rb") as fh:
        rep = lint_html(fh.read(), file=os.path.basename(path))
    return {f.snippet.split(" on ")[0] for f in rep.findings if f.rule.startswith("a11y.contrast")}, rep.unresolved


def test_contrast_agrees_with_axe_in_chromium():
    why = available()
    if why:
        pytest.skip(why)
    results = {os.path.abspath(r["file"]): r for r in run_axe(PAGES, rules=["color-contrast"])}
    disagreements = []
    for page in PAGES:
        r = results[os.path.abspath(page)]
        ours, unresolved = _sb_pairs(page)
        assert unresolved == 0, f"{page}: the agreement set must use resolvable colours"
        assert not r["incomplete"], f"{page}: axe could not decide; choose resolvable colours"
        axe_fg = {(n["data"] or {}).get("fgColor") for v in r["violations"] for n in v["nodes"]}
        same = (all(any(_close(a, o) for o in ours) for a in axe_fg)
                and all(any(_close(o, a) for a in axe_fg) for o in ours))
        if not same:
            disagreements.append(f"{os.path.basename(page)}: axe {sorted(axe_fg)} vs sb lint {sorted(ours)}")
    assert not disagreements, "\n".join(disagreements)
    flagged = sum(1 for r in results.values() if r["violations"])
    assert 0 < flagged < len(PAGES)  # the set holds pages on both sides of the line
