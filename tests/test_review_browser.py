"""build/review.html in headless Chromium (make test-browser): readable at 360, 768 and 1200 px
with no sideways scroll, no request to the network, and no axe-core violation. Screenshots go to
build/screenshots/ for a person to look at."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, sb

pytestmark = pytest.mark.browser

BROWSER = os.path.join(ROOT, "tests", "browser")
sys.path.insert(0, BROWSER)
import axe_runner  # noqa: E402

SHOTS = os.path.join(ROOT, "build", "screenshots")


@pytest.fixture(scope="module")
def review_pages(tmp_path_factory):
    why = axe_runner.available()
    if why:
        pytest.skip(why)
    import render_kit
    import review_kit

    os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")
    out = []
    for name, kit in (("overreach", review_kit), ("artifact", render_kit)):
        root = tmp_path_factory.mktemp(name) / "ws"
        root.mkdir()
        assert sb("init", "--question", f"{name} review", cwd=root).rc == 0
        ids = kit.build(root)
        (root / "draft.md").write_text(kit.draft(ids), encoding="utf-8")
        assert sb("render", "answer", "--from", "draft.md", cwd=root).rc == 0
        assert sb("review", cwd=root).rc == 0
        out.append(str(root / "build" / "review.html"))
    return out


@pytest.fixture(scope="module")
def layout(review_pages):
    proc = subprocess.run(["node", os.path.join(BROWSER, "artifacts.mjs"), SHOTS, *review_pages],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "CHROMIUM": axe_runner.CHROMIUM})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return {r["file"]: r for r in map(json.loads, proc.stdout.splitlines())}


def test_review_page_never_scrolls_sideways(layout):
    assert {f: r["overflow"] for f, r in layout.items() if any(v > 0 for v in r["overflow"].values())} == {}


def test_review_page_asks_the_network_for_nothing(layout):
    assert {f: r["external"] for f, r in layout.items() if r["external"]} == {}


def test_axe_finds_no_violations_on_the_review_page(review_pages):
    results = axe_runner.run_axe(review_pages)
    assert {r["file"]: [v["id"] for v in r["violations"]] for r in results if r["violations"]} == {}
