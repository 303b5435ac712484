#!/usr/bin/env python3
"""Run sourcebook from a bare checkout: ``python3 scripts/sb.py <command> ...``."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sourcebook.__main__ import run  # noqa: E402

if __name__ == "__main__":  # a process started by importing this file must not run sb again
    run()
