"""The shipped artifact templates: find one, complete it, copy it into a workspace."""

from __future__ import annotations

import os

from ...base import jsonio
from ...base.clock import today_iso
from ...base.errors import SbError
from ...base.resources import data_file
from ...engines.render.page import expand_shared_css, fill_date
from ..workspace.layout import Workspace

TYPES = ("answer", "explainer", "deck", "brief", "infographic", "podcast")
SHARED_CSS = "_shared.css"


def template_path(kind: str) -> str:
    return data_file("templates", f"{kind}.html")


def shared_css() -> str:
    path = data_file("templates", SHARED_CSS)
    if not os.path.isfile(path):
        raise SbError("E-TEMPLATE", SHARED_CSS, f"the shared stylesheet is missing ({path}); reinstall sourcebook")
    return jsonio.read_text(path, SHARED_CSS)


# load_template's answers by (kind, lang) and the files they were read from, as each file was
# (path, inode, size, modification time): the gates ask for each template in every language for
# every page, and each asking read and completed the template and the shared sheet again
_LOADED: dict[tuple, str] = {}


def _read_as(path: str) -> tuple:
    st = os.stat(path)
    return path, st.st_ino, st.st_size, st.st_mtime_ns


def load_template(kind: str, lang: str | None = None) -> str:
    """The template's text with the shared stylesheet in place; in ``lang`` when given (its
    ``<html lang>`` and fixed words: ``labels``)."""
    try:
        key: tuple | None = (kind, lang, _read_as(template_path(kind)), _read_as(data_file("templates", SHARED_CSS)))
    except OSError:  # a file missing: read as ever, to say which
        key = None
    got = _LOADED.get(key) if key is not None else None
    if got is None:
        got = _load_template(kind, lang)
        if key is not None:
            if len(_LOADED) >= 256:
                _LOADED.clear()
            _LOADED[key] = got
    return got


def _load_template(kind: str, lang: str | None) -> str:
    if lang is not None:
        from .labels import localize

        return localize(load_template(kind), lang)
    path = template_path(kind)
    if kind not in TYPES or not os.path.isfile(path):
        raise SbError("E-TEMPLATE", kind,
                      f"no template {kind}.html in {os.path.dirname(path)}; the types are {', '.join(TYPES)}")
    return expand_shared_css(jsonio.read_text(path, f"{kind}.html"), shared_css())


def copy_template(ws: Workspace, kind: str, dest: str | None) -> str:
    """Write the completed template to ``dest`` (default ``build/<kind>.html``); return the path."""
    page = load_template(kind)
    # the date only: a page composed by hand cites what its author cites, which no count made
    # now can know, so the footer keeps the template's words for its sources
    page = fill_date(page, today_iso())
    target = dest or ws.build_path(f"{kind}.html")
    if os.path.isdir(target):
        target = os.path.join(target, f"{kind}.html")
    with ws.lock():
        jsonio.atomic_write_text(target, page)
    return target
