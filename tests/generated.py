"""What the generators of tests/gen_*.py share: write a generated file, or check it is current."""

from __future__ import annotations

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_or_check(target: str, text: str, argv: list[str], what: str, generator: str) -> int:
    """With ``--check`` in ``argv``: 1 (and a line naming ``generator``, the script that writes
    it) when ``target`` is not ``text``, else 0. Without: write ``text`` to ``target`` when it
    differs, and say so with ``what`` (the generator's own figure: "512 patterns")."""
    rel = os.path.relpath(target, ROOT)
    old = ""
    if os.path.exists(target):
        with open(target, encoding="utf-8") as fh:
            old = fh.read()
    if "--check" in argv:
        if old != text:
            print(f"{rel} is out of date: run python3 {generator}")
            return 1
        return 0
    if old != text:
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"{rel}: {what}")
    return 0
