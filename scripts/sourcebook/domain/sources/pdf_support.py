"""Whether PDF text waits for pypdf, and how to install it for the Python that runs ``sb``.

pypdf is an optional extra: without it a PDF source stays ``needs_extraction``. The advice names
the interpreter ``sb`` runs with (``sys.executable``), because a ``pip install`` into another
Python (a virtual environment that is not active, the system Python) does not help this one.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping

PYPDF_MISSING = "pypdf is not installed"  # the start of the PDF extractor's note


def waits_for_pypdf(rec: Mapping) -> bool:
    """A PDF source that could not be read only because pypdf was missing at extraction."""
    ext = rec.get("extraction")
    if rec.get("status") != "needs_extraction" or not isinstance(ext, Mapping) or ext.get("tool") != "sb.pdf":
        return False
    notes = ext.get("notes")
    return isinstance(notes, list) and any(isinstance(n, str) and n.startswith(PYPDF_MISSING) for n in notes)


def pypdf_available() -> bool:
    try:
        return importlib.util.find_spec("pypdf") is not None
    except (ImportError, ValueError):
        return False


def install_hint() -> str:
    """The command that gives *this* sb PDF support."""
    return f'"{sys.executable}" -m pip install pypdf'


def status_note(waiting: list[str]) -> str:
    """The `sb status` note for PDF sources waiting for pypdf."""
    few = ", ".join(waiting[:5]) + (" ..." if len(waiting) > 5 else "")
    if pypdf_available():
        return f"{len(waiting)} PDF source(s) wait for text ({few}) and pypdf is now installed: run sb extract"
    return (f"{len(waiting)} PDF source(s) wait for pypdf ({few}), which the Python running sb "
            f"({sys.executable}) cannot import: install it for that Python with {install_hint()} "
            "(or install sourcebook there with its pdf extra and reinstall the shim), then run sb extract")
