"""The package's shape: layers import only downward; only the standard library on sb paths."""

from __future__ import annotations

import ast
import os
import sys

from conftest import ROOT, SCRIPTS

PKG = os.path.join(SCRIPTS, "sourcebook")
LAYERS = {"base": 0, "engines": 1, "domain": 2, "cli": 3, "mcp": 3}
# Top-level modules (ids.py, manifest.py, collect.py, licenses.py) are thin compatibility
# re-exports named by the contract; they sit outside the layers.
OPTIONAL = {"pypdf"}


def _modules():
    for dirpath, _, files in os.walk(os.path.join(ROOT, "scripts")):
        for f in files:
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


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
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        guarded = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError") for h in node.handlers
            ):
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        guarded.add(id(sub))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for n in names:
                top = n.split(".")[0]
                if top in stdlib or top == "sourcebook":
                    continue
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
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        for node in ast.walk(tree):
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
