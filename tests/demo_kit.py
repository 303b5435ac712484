"""The demo workspace built in-process, for tests that attack or inspect it.

The same steps as examples/demo/build.py (sources, claims, adjudication, plan, drafts, pages),
run through ``sb`` in-process, at the demo's own clock.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil

from conftest import ROOT, restore_env, sb

DEMO = os.path.join(ROOT, "examples", "demo")
EPOCH = "1793577600"  # the demo's own clock (2026-11-02T00:00:00Z)


def _steps():
    spec = importlib.util.spec_from_file_location("demo_steps", os.path.join(DEMO, "steps.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def build_demo(root: str, *, full: bool = False) -> None:
    """examples/demo/build.py's steps, run in-process (no chunk/index/search: no page needs them);
    the pages only, or with ``full`` the report, the podcast and its TTS plan too."""
    def run(*args, ok=(0,), show=True):
        r = sb(*args, cwd=root)
        assert r.rc in ok, (args, r.both)
        return r.out

    def source_id(name: str) -> str:
        for sid in sorted(os.listdir(os.path.join(root, "sources"))):
            with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
                if json.load(fh)["canonical_locator"].endswith(name):
                    return sid
        raise AssertionError(name)

    build = importlib.util.spec_from_file_location("demo_build", os.path.join(DEMO, "build.py"))
    sources = importlib.util.module_from_spec(build)
    build.loader.exec_module(sources)  # type: ignore[union-attr]
    shutil.copytree(os.path.join(DEMO, "sources"), os.path.join(root, "clippings"))
    run("init", "--question", "Can a Tidewater Pass pay the fare on the Calder Bay water bus?")
    for name, tier, reason, publisher, title in sources.SOURCES:
        extra = (["--publisher", publisher] if publisher else []) + (["--title", title] if title else [])
        run("add", f"clippings/{name}", "--tier", tier, "--reason", reason, *extra)
    run("extract")
    steps = _steps()
    ids = steps.claims(run, source_id, root)
    steps.adjudicate(run, root, ids)
    steps.plan(run, root, ids)
    if full:  # every artifact the demo ships: pages, report, podcast and its TTS plan
        steps.render(run, root, DEMO)
        return
    drafts = os.path.join(root, "drafts")
    os.makedirs(drafts)
    for name in ("draft.md", "deck.md", "explainer.md"):
        shutil.copyfile(os.path.join(DEMO, name), os.path.join(drafts, name))
    for kind, name in (("answer", "draft.md"), ("brief", "draft.md"), ("deck", "deck.md"),
                       ("explainer", "explainer.md")):
        run("render", kind, "--from", f"drafts/{name}")


_BUILT: dict[bool, str] = {}  # full -> the demo built once in this test process, never changed


def demo_template(tmp_path_factory, *, full: bool = False) -> str:
    """The demo built once per test process (per xdist worker), at the demo's clock and with the
    suite's own user cache folder (the verify key the tests use): every module that needs the
    demo copies it. Read it, never change it."""
    if full not in _BUILT:
        base = tmp_path_factory.getbasetemp()
        saved = {k: os.environ.get(k) for k in ("SOURCE_DATE_EPOCH", "XDG_CACHE_HOME")}
        os.environ["SOURCE_DATE_EPOCH"] = EPOCH
        os.environ["XDG_CACHE_HOME"] = str(base / "user-cache")  # as conftest's _stable_clock sets it
        try:
            root = str(tmp_path_factory.mktemp("demo-full" if full else "demo-pages") / "demo")
            os.makedirs(root)
            build_demo(root, full=full)
        finally:
            restore_env(saved)
        _BUILT[full] = root
    return _BUILT[full]


def built_demo(tmp_path_factory, name: str, *, full: bool = False):
    """A module fixture's body: the demo in a folder of its own (a copy of the one built once per
    test process: a workspace holds no path of its own, so a copy is the same workspace), at
    the demo's clock (SOURCE_DATE_EPOCH set while the module's tests run). Use as
    ``yield from built_demo(tmp_path_factory, "name")``."""
    template = demo_template(tmp_path_factory, full=full)
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        root = str(tmp_path_factory.mktemp(name) / "demo")
        shutil.copytree(template, root)
        yield root
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old
