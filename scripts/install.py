#!/usr/bin/env python3
"""Install the sourcebook skill and commands into an agent harness (same as `sb install`).

    python3 scripts/install.py --harness claude|codex|cursor|hermes|agents|all [--dest DIR]
                               [--user] [--link] [--uninstall] [--json]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sourcebook.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["install", *sys.argv[1:]]))
