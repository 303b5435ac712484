"""The way a page was made, and the command that makes it again.

A page comes either from ``sb render TYPE --from draft.md`` (sb fills the template, the
footer's build date included, and injects the ledger) or from a template composed by hand and
completed with ``sb ledger --html`` + ``sb inject``. A hint that names the wrong way sends a
user down a road that undoes their work, so every page finding and ``sb status`` ask here.
"""

from __future__ import annotations

import os

from ...base.patterns import hot
from ..workspace.layout import Workspace

RENDER = "render"
TEMPLATE = "template"
# `sb render` names itself in the page's generator meta (a template says only "sourcebook").
_RENDERED = hot(r'<meta name="generator" content="sourcebook render">')


def route_of(html: str) -> str:
    """``render`` for a page `sb render` made (its generator meta says so), else ``template``
    (`sb template` fills the footer's date too, so the date tells nothing)."""
    return RENDER if _RENDERED.search(html) else TEMPLATE


def route_of_file(path: str) -> str | None:
    """The route of an existing page, or None when it cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return route_of(fh.read())
    except OSError:
        return None


def kind_of(rel: str) -> str:
    """The artifact type a page path names (``build/answer.html`` -> ``answer``)."""
    name = os.path.basename(rel)
    return name[:-5] if name.endswith(".html") else name


def draft_name(ws: Workspace) -> str:
    """The draft a render reads by default, as a user types it."""
    return "draft.md" if os.path.isfile(ws.path("draft.md")) else "<draft.md>"


def remake(ws: Workspace, route: str, rel: str) -> str:
    """The command that rebuilds a page's citation apparatus by the page's own route."""
    if route == RENDER:
        return f"sb render {kind_of(rel)} --from {draft_name(ws)}"
    return f"sb ledger --html --out build/ledger.html && sb inject {rel} --ledger build/ledger.html"


def edit(ws: Workspace, route: str, rel: str, what: str) -> str:
    """Where a fix to the page's prose goes: the draft, then a render; or the page itself."""
    if route == RENDER:
        return f"{what} in the draft, then `{remake(ws, route, rel)}`"
    return f"{what} in {rel}"


def missing_page(ws: Workspace, kind: str) -> str:
    """How to make a page that does not exist yet: render the draft if there is one (or if
    other pages were rendered), else the two ways side by side."""
    rendered = any(route_of_file(os.path.join(ws.build_dir, n)) == RENDER
                   for n in _build_pages(ws))
    if os.path.isfile(ws.path("draft.md")) or rendered:
        return f"sb render {kind} --from {draft_name(ws)}"
    return (f"sb render {kind} --from draft.md (write the draft first), or compose by hand from "
            f"sb template {kind}")


def _build_pages(ws: Workspace) -> list[str]:
    try:
        names = os.listdir(ws.build_dir)
    except OSError:
        return []
    return sorted(n for n in names if n.endswith(".html") and n != "ledger.html"
                  and not n.endswith((".src.html", ".fragment.html")))
