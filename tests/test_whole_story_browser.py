"""One click to the passage, in a real browser (make test-browser): the ledger's link to a saved
copy of the source page scrolls the quoted words into view in headless Chromium, for quotes
with commas, dashes, an ampersand and Japanese text; a link to words the page does not hold
does not (so the check can fail)."""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest
from conftest import ROOT, sb

pytestmark = pytest.mark.browser

BROWSER = os.path.join(ROOT, "tests", "browser")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

FILLER = "".join(f"<p>Filler paragraph {i} about nothing in particular, to push the quotes below the fold.</p>\n"
                 for i in range(60))
PAGE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ferry notice</title></head>
<body><main><article><h1>Ferry notice</h1>
{FILLER}
<p id="t-comma">Fares for adults, children and seniors differ by zone; the well-known day pass costs nine marks.</p>
{FILLER}
<p id="t-amp">The night boats &amp; the summer shuttle accept Harbour cards on every route since March.</p>
{FILLER}
<p id="t-ja">北線フェリーは三月一日から全航路でハーバーカードを受け付けています。</p>
{FILLER}
<p id="t-long">Passengers who board at the northern pier should note that the waiting room closes at
midnight, that the ticket office on the quay takes only cards, and that the last boat of the
evening leaves ten minutes earlier on public holidays than it does on ordinary weekdays.</p>
</article></main></body></html>
"""
QUOTES = {
    "t-comma": "Fares for adults, children and seniors differ by zone; the well-known day pass costs nine marks.",
    "t-amp": "The night boats & the summer shuttle accept Harbour cards on every route since March.",
    "t-ja": "北線フェリーは三月一日から全航路でハーバーカードを受け付けています。",
    "t-long": ("Passengers who board at the northern pier should note that the waiting room closes at midnight, "
               "that the ticket office on the quay takes only cards, and that the last boat of the evening leaves "
               "ten minutes earlier on public holidays than it does on ordinary weekdays."),
}


def _why_not() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    if shutil.which("node") is None:
        return "node is not installed"
    if not os.path.isdir(os.path.join(BROWSER, "node_modules", "playwright-core")):
        return "playwright-core missing: run npm ci in tests/browser"
    return None


def _run(cases: list[dict], tmp: pathlib.Path) -> list[dict]:
    path = tmp / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    proc = subprocess.run(["node", os.path.join(BROWSER, "fragments.mjs"), str(path)], capture_output=True,
                          text=True, timeout=240, env={**os.environ, "CHROMIUM": CHROMIUM})
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def test_ledger_links_scroll_to_the_quoted_words(ws, tmp_path):
    why = _why_not()
    if why:
        pytest.skip(why)
    saved = ws / "notice.html"
    saved.write_text(PAGE, encoding="utf-8")
    r = sb("add", "notice.html", "--tier", "A", "--reason", "the notice", "--url", "https://ferry.example/notice",
           "--attest", "saved from the operator's site", cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    text = (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
    claims = []
    for i, (target, quote) in enumerate(QUOTES.items()):
        assert quote in text, (target, text[:300])
        claims.append({"text": f"Claim {i} about the ferry notice.", "topic_key": f"notice.c{i}", "kind": "fact",
                       "confidence": "reported", "evidence": [{"source_id": sid, "quote": quote}]})
    assert sb("claim", "add", "--json", json.dumps(claims), cwd=ws).rc == 0
    ledger = json.loads(sb("ledger", "--json", cwd=ws).out)["ledger"]
    base = saved.resolve().as_uri()
    cases = []
    for e in ledger:
        ev = e["evidence"][0]
        target = next(t for t, q in QUOTES.items() if q == ev["quote"])
        href = ev["href"]
        assert href.startswith("https://ferry.example/notice#:~:text=")
        cases.append({"url": base + href[len("https://ferry.example/notice"):], "target": target})
    cases.append({"url": base + "#:~:text=words%20this%20page%20never%20says", "target": "t-long"})
    results = _run(cases, tmp_path)
    found = {r["target"]: r for r in results[:-1]}
    for target in QUOTES:
        assert found[target]["inView"] and found[target]["scrollY"] > 0, found[target]
    control = results[-1]
    assert control["scrollY"] == 0 and not control["inView"], control


def test_copied_numbers_never_touch_a_digit_tails_never_break_and_deck_notes_hide(ws, tmp_path):
    """Numbers that read and honest furniture (items 4, 5, 7), in Chromium: a cited sentence
    ending in a number copies as "38,500 [4]", never "38,5004"; a sentence's last word, refs,
    marks and stop never break across lines at 360 px; deck notes are hidden on screen, shown
    with N and in print, and readable with JavaScript off."""
    why = _why_not()
    if why:
        pytest.skip(why)
    from render_kit import build, draft

    ids = build(ws)
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    for kind in ("answer", "deck"):
        r = sb("render", kind, "--from", "draft.md", cwd=ws)
        assert r.rc == 0, r.both
    pages = [str(ws / "build" / "answer.html"), str(ws / "build" / "deck.html")]
    proc = subprocess.run(["node", os.path.join(BROWSER, "page_checks.mjs"), *pages], capture_output=True, text=True,
                          timeout=240, env={**os.environ, "CHROMIUM": CHROMIUM})
    assert proc.returncode == 0, proc.stderr[-2000:]
    answer, deck = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    copied = " ".join(answer["copied"])
    assert re.search(r"38,500 \[\d+\]", copied), copied
    assert not re.search(r"38,500\d", copied) and not re.search(r"W2\d", copied), copied
    assert answer["tails"] == {"360": 0, "768": 0}, answer["tails"]
    notes = deck["notes"]
    assert notes == {"screen": "none", "afterN": "block", "afterNN": "none", "print": "block", "nojs": "block"}, notes
