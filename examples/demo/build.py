#!/usr/bin/env python3
"""Build the demo workspace from examples/demo/sources/ with the real sb commands.

    python3 examples/demo/build.py            # or: make demo

Every step is an `sb` process, printed before it runs, so the output reads as a tutorial.
SOURCE_DATE_EPOCH is fixed, so two runs give byte-identical files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KIT = os.path.dirname(os.path.dirname(HERE))
SB = [sys.executable, os.path.join(KIT, "scripts", "sb.py")]
WS = os.path.join(HERE, "workspace")
EPOCH = "1793577600"  # 2026-11-02T00:00:00Z

SOURCES = [
    ("operator-status.md", "A", "the operator's own status page", "Calder Bay Water Bus Authority",
     "Calder Bay Water Bus: service status"),
    ("council-minutes.html", "A", "official minutes of the city's transport committee", None, None),
    ("trade-report.md", "B", "bylined, dated trade reporting", "The Ferry Ledger",
     "Water buses win riders as the bridge closes"),
    ("forum-thread.md", "C", "anonymous commuter forum posts", "Calder commuters forum",
     "Re: Tidewater Pass on the water bus?"),
    ("ja-notice.md", "B", "operator notice in Japanese", "Calder Bay Water Bus Authority", "水上バスのお知らせ"),
    ("zh-notice.md", "B", "operator notice in Chinese", "Calder Bay Water Bus Authority", "水上巴士通告"),
    ("ru-notice.md", "B", "operator notice in Russian", "Calder Bay Water Bus Authority",
     "Объявление о водном автобусе"),
]


def sb(*args: str, ok=(0,), show: bool = True) -> str:
    if show:
        print("$ sb " + " ".join(a if " " not in a else repr(a) for a in args), flush=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    proc = subprocess.run(SB + list(args), cwd=WS, env=env, capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    if show and out.strip():
        print("\n".join("  " + line for line in out.rstrip("\n").splitlines()), flush=True)
    if proc.returncode not in ok:
        print(f"demo: `sb {args[0]}` exited {proc.returncode}", file=sys.stderr)
        raise SystemExit(1)
    return proc.stdout


def source_id(name: str) -> str:
    for sid in sorted(os.listdir(os.path.join(WS, "sources"))):
        if sid.startswith("src_") and os.path.exists(os.path.join(WS, "sources", sid, "raw" + os.path.splitext(name)[1])):
            import json

            with open(os.path.join(WS, "sources", sid, "source.json"), encoding="utf-8") as fh:
                if json.load(fh)["canonical_locator"].endswith(name):
                    return sid
    raise SystemExit(f"demo: no source for {name}")


def core() -> None:
    if os.path.isdir(WS):
        shutil.rmtree(WS)
    os.makedirs(WS)
    shutil.copytree(os.path.join(HERE, "sources"), os.path.join(WS, "clippings"))
    sb("init", "--question", "Can a Tidewater Pass pay the fare on the Calder Bay water bus?")
    for name, tier, reason, publisher, title in SOURCES:
        # the HTML page names its own title and publisher; the others are given here
        extra = (["--publisher", publisher] if publisher else []) + (["--title", title] if title else [])
        sb("add", f"clippings/{name}", "--tier", tier, "--reason", reason, *extra)
    sb("extract")
    sb("chunk")
    sb("index")
    sb("search", "Tidewater Pass route W3", "-k", "3")
    sb("find", source_id("operator-status.md"), "Route W3 will accept the Tidewater Pass from 1 December 2026")
    sb("search", "水上バス 改札機", "-k", "1")
    sb("search", "读卡器 安装", "-k", "1")
    sb("search", "считыватели маршруте", "-k", "1")


def main() -> int:
    core()
    import steps  # the claims, the plan, the drafts and the artifacts (examples/demo/steps.py)

    steps.run(sb, source_id, WS, HERE)
    if "--tamper" in sys.argv[1:]:
        return steps.tamper(sb, WS)
    print(f"\ndemo workspace: {WS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
