"""Where the benchmark data lives: ``$SB_BENCH_DATA``, else ``../shared/bench`` beside the
repository, else ``/work/shared/bench``."""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def data_dir(sub: str, who: str) -> str:
    """The ``sub`` folder of the benchmark data (``extraction``, ``snippets``); exits naming
    ``who`` when it is missing."""
    env = os.environ.get("SB_BENCH_DATA")
    for cand in ([env] if env else []) + [os.path.join(ROOT, "..", "shared", "bench"), "/work/shared/bench"]:
        if cand and os.path.isdir(os.path.join(cand, sub)):
            return os.path.join(cand, sub)
    sys.exit(f"{who}: benchmark data not found; set SB_BENCH_DATA to the folder holding {sub}/")
