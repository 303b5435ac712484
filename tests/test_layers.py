"""The package's shape: layers import only downward; only the standard library on sb paths."""

from __future__ import annotations

import ast
import collections
import functools
import os
import sys

import pytest
from conftest import ROOT, SCRIPTS

PKG = os.path.join(SCRIPTS, "sourcebook")
LAYERS = {"base": 0, "engines": 1, "domain": 2, "cli": 3, "mcp": 4}  # mcp serves the command line
# Top-level modules (ids.py, manifest.py, collect.py, licenses.py) are thin compatibility
# re-exports named by the contract; they sit outside the layers.
OPTIONAL = {"pypdf"}
# every check reads every module's tree: one test process parses them all once for all of them
pytestmark = pytest.mark.xdist_group("layers")


def _modules():
    for dirpath, _, files in os.walk(os.path.join(ROOT, "scripts")):
        for f in files:
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


@functools.cache
def _tree(path: str) -> ast.Module:
    """A module's syntax tree, parsed once per test process (five checks read every module)."""
    with open(path, encoding="utf-8") as fh:
        return ast.parse(fh.read(), path)


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements sit


@functools.cache
def _nodes(path: str) -> tuple[ast.AST, ...]:
    """Every statement of a module's tree, breadth first as ``ast.walk`` goes, walked once per
    test process. The checks read statements only (imports, returns, ``try`` blocks), at any
    depth; the expressions under them, most of a tree's nodes, are not walked."""
    out: list[ast.AST] = []
    queue = collections.deque([_tree(path)])
    while queue:
        node = queue.popleft()
        out.append(node)
        for name in _BODIES:
            queue.extend(getattr(node, name, None) or ())
    return tuple(out)


def _guarded(tree: ast.AST) -> set[int]:
    """The ids of the imports inside a ``try`` that handles ImportError/ModuleNotFoundError."""
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError") for h in node.handlers
        ):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    guarded.add(id(sub))
    return guarded


def _layer_of(path: str) -> int | None:
    rel = os.path.relpath(path, PKG).split(os.sep)
    if rel[0] == "..":
        return None
    return LAYERS.get(rel[0]) if len(rel) > 1 else None


def _resolve(path: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    rel = os.path.relpath(path, SCRIPTS).split(os.sep)[:-1]
    base = rel[: len(rel) - (node.level - 1)] if node.level > 1 else rel
    return ".".join(base + ([node.module] if node.module else []))


def test_only_stdlib_or_guarded_optional_imports():
    stdlib = set(sys.stdlib_module_names)
    bad = []
    for path in _modules():
        guarded: set[int] | None = None  # found on the first import that is neither stdlib nor ours
        for node in _nodes(path):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for n in names:
                top = n.split(".")[0]
                if top in stdlib or top == "sourcebook":
                    continue
                if guarded is None:
                    guarded = _guarded(_tree(path))
                if top in OPTIONAL and id(node) in guarded:
                    continue
                bad.append(f"{os.path.relpath(path, ROOT)}:{node.lineno} imports {n}")
    assert not bad, "\n".join(bad)


def test_layers_import_only_downward():
    bad = []
    for path in _modules():
        mine = _layer_of(path)
        if mine is None:
            continue
        for node in _nodes(path):
            targets = []
            if isinstance(node, ast.ImportFrom):
                targets = [_resolve(path, node)]
                if targets[0] == "sourcebook":  # from .. import x
                    targets = [f"sourcebook.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for t in targets:
                parts = t.split(".")
                if parts[0] != "sourcebook" or len(parts) < 2:
                    continue
                theirs = LAYERS.get(parts[1])
                if theirs is not None and theirs > mine:
                    bad.append(f"{os.path.relpath(path, ROOT)}:{node.lineno} ({parts[1]}) imports {t}")
    assert not bad, "\n".join(bad)


def test_layer_rule_catches_an_upward_import(tmp_path):
    # the checker itself must be able to fail: an engine importing the domain is flagged
    fake = ast.parse("from ...domain import workspace\n")
    node = fake.body[0]
    path = os.path.join(PKG, "engines", "text", "x.py")
    assert _resolve(path, node) == "sourcebook.domain"


# --- rooms of the domain layer -------------------------------------------------------------
# Each room may import the rooms listed here (and itself); docs/architecture.md draws the same.
ROOMS: dict[str, set[str]] = {
    "workspace": set(),
    "install": set(),
    "index": {"workspace"},
    "sources": {"workspace", "index"},
    "lint": {"workspace"},
    "ledger": {"workspace", "sources"},
    "artifacts": {"workspace", "sources", "ledger", "review"},
    "recheck": {"workspace", "sources", "ledger"},
    "review": {"workspace", "sources", "ledger"},
    "gate": {"workspace", "index", "sources", "ledger", "artifacts", "recheck", "review", "lint"},
}


def _module_name(path: str) -> str:
    rel = os.path.relpath(path, SCRIPTS)[:-3].split(os.sep)
    return ".".join(rel[:-1]) if rel[-1] == "__init__" else ".".join(rel)


def _imports(path: str, source: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in a file, lazy ones inside functions included.

    ``from pkg import name`` names the submodule ``pkg.name`` when there is one."""
    if source is None:
        return _own_imports(path)
    return _imports_of(path, ast.walk(ast.parse(source, path)))


@functools.cache
def _own_imports(path: str) -> list[tuple[int, str]]:
    """``_imports`` of a module as it is on disk, found once per test process."""
    return _imports_of(path, _nodes(path))


def _imports_of(path: str, nodes) -> list[tuple[int, str]]:
    out = []
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = _resolve(path, node)
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.append((node.lineno, sub if _exists(sub) else base))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
    return out


@functools.cache
def _exists(mod: str) -> bool:
    p = os.path.join(SCRIPTS, *mod.split("."))
    return os.path.isfile(p + ".py") or os.path.isfile(os.path.join(p, "__init__.py"))


def _room(mod: str) -> str | None:
    parts = mod.split(".")
    return parts[2] if len(parts) > 3 and parts[:2] == ["sourcebook", "domain"] else None


def _room_violations(path: str, source: str | None = None) -> list[str]:
    mine = _room(_module_name(path))
    if mine is None:
        return []
    bad = []
    for line, target in _imports(path, source):
        theirs = _room(target)
        if theirs and theirs != mine and theirs not in ROOMS[mine]:
            bad.append(f"{os.path.relpath(path, ROOT)}:{line} ({mine}) imports {target} ({theirs})")
    return bad


def test_every_domain_module_sits_in_a_room():
    dom = os.path.join(PKG, "domain")
    loose = [f for f in os.listdir(dom) if f.endswith(".py") and f != "__init__.py"]
    assert not loose, f"modules outside a room: {loose}"
    rooms = {d for d in os.listdir(dom) if os.path.isfile(os.path.join(dom, d, "__init__.py"))}
    assert rooms == set(ROOMS), "a room was added or removed: update ROOMS and docs/architecture.md"
    for room in rooms:
        doc = ast.get_docstring(ast.parse(open(os.path.join(dom, room, "__init__.py"), encoding="utf-8").read()))
        assert doc and "May import" in doc, f"domain/{room}/__init__.py must say what it holds and may import"



def test_rooms_import_only_in_the_documented_direction():
    bad = [v for path in _modules() for v in _room_violations(path)]
    assert not bad, "\n".join(bad)


def test_room_rule_catches_an_import_against_the_direction():
    path = os.path.join(PKG, "domain", "sources", "ingest.py")
    assert _room_violations(path, "from ..ledger import claims\n")
    assert _room_violations(path, "def f():\n    from ..gate.verify import verify\n")  # lazy ones too
    assert not _room_violations(path, "from ..workspace.layout import Workspace\n")


def _graph(extra: dict[str, str] | None = None) -> dict[str, set[str]]:
    g: dict[str, set[str]] = {}
    for path in _modules():
        if os.path.relpath(path, PKG).startswith(".."):
            continue
        src = (extra or {}).get(path)
        g[_module_name(path)] = {t for _, t in _imports(path, src) if t.startswith("sourcebook.") and _exists(t)}
    return g


def _cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in g:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_circles():
    assert _cycles(_graph()) == []


def test_circle_check_catches_a_new_circle():
    # workspace.layout importing the verifier closes a loop verify -> ... -> layout -> verify
    path = os.path.join(PKG, "domain", "workspace", "layout.py")
    src = open(path, encoding="utf-8").read() + "\ndef _x():\n    from ..gate import verify\n"
    cycles = _cycles(_graph({path: src}))
    assert any("sourcebook.domain.workspace.layout" in c and "sourcebook.domain.gate.verify" in c for c in cycles)


# --- the map on the wall: every room's docstring names what it holds -------------------------
CAP = 15  # modules per room: past this a room is split by job, as engines/text was


def _rooms_on_disk():
    for dirpath, dirs, files in os.walk(PKG):
        if "__init__.py" not in files:
            continue
        mods = sorted(f[:-3] for f in files if f.endswith(".py") and f != "__init__.py")
        subs = sorted(d for d in dirs if os.path.isfile(os.path.join(dirpath, d, "__init__.py")))
        yield dirpath, mods, subs


def _unnamed(doc: str, names: list[str]) -> list[str]:
    import re

    return [n for n in names if not re.search(r"(?<![\w])" + re.escape(n) + r"(?![\w])", doc)]


def test_every_room_is_small_and_its_docstring_names_each_module():
    bad = []
    for dirpath, mods, subs in _rooms_on_disk():
        rel = os.path.relpath(dirpath, SCRIPTS)
        if len(mods) > CAP:
            bad.append(f"{rel} holds {len(mods)} modules (at most {CAP}): split it by job")
        doc = ast.get_docstring(_tree(os.path.join(dirpath, "__init__.py"))) or ""
        missing = _unnamed(doc, mods + subs)
        if missing:
            bad.append(f"{rel}/__init__.py does not name {', '.join(missing)}")
    assert not bad, "\n".join(bad)


def test_the_map_check_catches_an_unnamed_module():
    assert _unnamed("Modules: ``find``, ``chunk``.", ["find", "findterms", "chunk"]) == ["findterms"]


def _literal_exits(source: str, path: str = "<cli>") -> list[int]:
    """Lines of ``return N`` (an integer literal, or one branch of a conditional) in a handler."""
    return _literal_exits_in(ast.walk(ast.parse(source, path)))


def _literal_exits_in(nodes) -> list[int]:
    bad = []
    for node in nodes:
        if isinstance(node, ast.Return) and node.value is not None:
            vals = [node.value.body, node.value.orelse] if isinstance(node.value, ast.IfExp) else [node.value]
            if any(isinstance(v, ast.Constant) and type(v.value) is int for v in vals):
                bad.append(node.lineno)
    return bad


def test_command_handlers_return_named_exit_statuses():
    """Exit statuses live in one place (base.errors.Exit); a handler returns a name saying what
    happened, never a bare number whose meaning differs from command to command."""
    bad = []
    for path in _modules():
        rel = os.path.relpath(path, PKG)
        if rel.split(os.sep)[0] != "cli":
            continue
        bad += [f"{rel}:{n}" for n in _literal_exits_in(_nodes(path))]
    assert not bad, "return a name from base.errors.Exit: " + ", ".join(bad)


def test_the_exit_check_catches_a_bare_number():
    assert _literal_exits("def run(a, c):\n    return 2 if a else 0\n") == [2]
    assert _literal_exits("def run(a, c):\n    return Exit.OK\n") == []
