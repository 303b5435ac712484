"""Every template and every demo artifact in headless Chromium (make test-browser).

At 360, 768 and 1200 px no page scrolls sideways; with JavaScript off every claim block is
visible; the brief prints to A4 in one or two pages; the deck moves with the arrow keys; no
page asks the network for anything; axe-core finds no violations; html-validate finds no
errors. Screenshots go to build/screenshots/ for a person to look at.
"""

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

TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")
SHOTS = os.path.join(ROOT, "build", "screenshots")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    why = axe_runner.available()
    if why:
        pytest.skip(why)
    files = [os.path.join(ROOT, "templates", f"{t}.html") for t in TYPES]
    files += [os.path.join(ROOT, "examples", "demo", f"{n}.html") for n in ("answer", "brief", "deck")]
    # explainer and infographic rendered from the artifact kit's ledger
    from render_kit import build, draft

    root = tmp_path_factory.mktemp("kit") / "ws"
    root.mkdir()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")
    assert sb("init", "--question", "browser", cwd=root).rc == 0
    ids = build(root)
    short = (f"The pass works on W1 and W2 [@{ids['pass']}]. Fares are 3.40 marks [@{ids['fare']}]. "
             f"Riders: 31,000 [@{ids['ride_a']}] or 38,500 [@{ids['ride_b']}].\n\nMaybe more soon [@{ids['guess']}].\n")
    (root / "short.md").write_text(short, encoding="utf-8")
    (root / "draft.md").write_text(draft(ids), encoding="utf-8")
    assert sb("render", "explainer", "--from", "short.md", cwd=root).rc == 0
    assert sb("render", "infographic", cwd=root).rc == 0
    files += [str(root / "build" / "explainer.html"), str(root / "build" / "infographic.html")]
    return files


@pytest.fixture(scope="module")
def layout(pages):
    proc = subprocess.run(["node", os.path.join(BROWSER, "artifacts.mjs"), SHOTS, *pages], capture_output=True,
                          text=True, timeout=600, env={**os.environ, "CHROMIUM": axe_runner.CHROMIUM})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return {r["file"]: r for r in map(json.loads, proc.stdout.splitlines())}


def test_no_horizontal_overflow(layout):
    bad = {f: r["overflow"] for f, r in layout.items() if any(v > 0 for v in r["overflow"].values())}
    assert not bad


def test_no_network_requests(layout):
    assert not {f: r["external"] for f, r in layout.items() if r["external"]}


def test_claims_visible_without_javascript(layout):
    assert all(r["hiddenClaims"] == 0 for r in layout.values())
    rendered = [r for f, r in layout.items() if "/examples/" in f or "/build/" in f]
    assert rendered and all(r["claims"] > 0 for r in rendered)


def test_brief_prints_to_one_or_two_a4_pages(layout):
    briefs = [r for f, r in layout.items() if os.path.basename(f) == "brief.html"]
    assert len(briefs) == 2
    assert all(r["pdfPages"] in (1, 2) for r in briefs), briefs


def test_deck_moves_with_arrow_keys(layout):
    decks = [r["deck"] for f, r in layout.items() if os.path.basename(f) == "deck.html"]
    assert len(decks) == 2
    assert all(d == {"start": "s1", "afterRight": "s2", "afterLeft": "s1"} for d in decks), decks


def test_axe_finds_no_violations(pages):
    results = axe_runner.run_axe(pages)
    assert {r["file"]: [v["id"] for v in r["violations"]] for r in results if r["violations"]} == {}


def test_html_validate_finds_no_errors(pages):
    cli = os.path.join(BROWSER, "node_modules", "html-validate", "bin", "html-validate.mjs")
    if not os.path.exists(cli):
        pytest.skip("html-validate missing: run npm ci in tests/browser")
    proc = subprocess.run(["node", cli, "--config", os.path.join(BROWSER, ".htmlvalidate.json"), "--formatter", "json",
                           *pages], capture_output=True, text=True, timeout=300)
    report = json.loads(proc.stdout or "[]")
    errors = {r["filePath"]: [m["ruleId"] for m in r["messages"]] for r in report if r.get("errorCount")}
    assert errors == {}
