"""Where the shipped data folders (schemas, templates, skills, commands, examples) live.

One mechanism for a bare checkout and an installed package: a checkout has them at the
repository root (``<pkg>/../../<name>``); ``pip install`` puts the same folders under
``<prefix>/share/sourcebook/<name>`` (pyproject ``data-files``). Nothing is copied by hand.
"""

from __future__ import annotations

import os
import sys

_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT_ROOT = os.path.dirname(os.path.dirname(_PKG))


def data_dir(name: str) -> str:
    """Absolute path of a shipped folder such as ``schemas`` or ``templates``."""
    candidates = [os.path.join(KIT_ROOT, name)]
    for prefix in (sys.prefix, getattr(sys, "base_prefix", sys.prefix)):
        candidates.append(os.path.join(prefix, "share", "sourcebook", name))
    candidates.append(os.path.join(os.path.expanduser("~"), ".local", "share", "sourcebook", name))
    for cand in candidates:
        if os.path.isdir(cand):
            return cand
    return candidates[0]


def data_file(name: str, *parts: str) -> str:
    return os.path.join(data_dir(name), *parts)
