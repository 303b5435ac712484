"""Shared helper for browser tests: run ``axe.mjs`` (axe-core in headless Chromium) on files.

``available()`` says why the browser checks cannot run (None when they can); ``run_axe``
returns one result dict per file: ``{"file", "violations": [...], "incomplete": [...]}``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def available() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    if shutil.which("node") is None:
        return "node is not installed"
    for mod in ("playwright-core", "axe-core"):
        if not os.path.isdir(os.path.join(HERE, "node_modules", mod)):
            return f"{mod} missing: run npm ci in tests/browser"
    return None


def run_axe(files: list[str], rules: list[str] | None = None, timeout: int = 240) -> list[dict]:
    cmd = ["node", os.path.join(HERE, "axe.mjs")]
    if rules:
        cmd += ["--rules", ",".join(rules)]
    proc = subprocess.run(cmd + list(files), capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "CHROMIUM": CHROMIUM})
    if proc.returncode != 0:
        raise RuntimeError(f"axe.mjs failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
