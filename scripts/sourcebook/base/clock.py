"""The one clock. Honours SOURCE_DATE_EPOCH so committed outputs rebuild byte for byte."""

from __future__ import annotations

import os
import time


def now_epoch() -> int:
    sde = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if sde.isdigit():
        return int(sde)
    return int(time.time())


def now_iso() -> str:
    """UTC ``YYYY-MM-DDTHH:MM:SSZ``."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now_epoch()))


def today_iso() -> str:
    return now_iso()[:10]
