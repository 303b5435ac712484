"""Creating a workspace (``sb init``) and changing its settings (``sb config``)."""

from __future__ import annotations

import json
import os
import shutil
from typing import Any

from ...base.errors import SbError
from ...base.ids import is_src_id
from ...base.patterns import hot
from ...base.record import record
from ...base.schema import check
from .layout import MANIFEST, Workspace, new_manifest


@record
class InitResult:
    root: str
    created: bool
    seeded: int = 0
    seed_dir: str = ""


def init_workspace(root: str, question: str = "", seed_from: str | None = None) -> InitResult:
    manifest_path = os.path.join(root, MANIFEST)
    if os.path.exists(manifest_path):
        return InitResult(root=os.path.abspath(root), created=False)
    seed_dirs: list[str] = []
    if seed_from is not None:
        seed_dirs = _seed_dirs(seed_from)
    os.makedirs(root, exist_ok=True)
    ws = Workspace(root)
    with ws.lock():
        ws.ensure_layout()
        m = new_manifest(question)
        ws.save_manifest(m)
        for d in seed_dirs:
            dest = os.path.join(ws.sources_dir, os.path.basename(d))
            if not os.path.exists(dest):
                shutil.copytree(d, dest, symlinks=True)
        if seed_dirs:
            ws.record("COLLECT", f"seeded {len(seed_dirs)} source(s) from {seed_from}")
    return InitResult(root=ws.root, created=True, seeded=len(seed_dirs), seed_dir=seed_from or "")


def _seed_dirs(seed_from: str) -> list[str]:
    if not os.path.isdir(seed_from):
        raise SbError("E-SEED", seed_from, "not a folder; pass a workspace or its sources/ folder")
    base = os.path.join(seed_from, "sources")
    if not os.path.isdir(base):
        base = seed_from
    return sorted(os.path.join(base, n) for n in os.listdir(base)
                  if is_src_id(n) and os.path.isfile(os.path.join(base, n, "source.json")))


# ---- config --------------------------------------------------------------------------------
_INT = hot(r"^-?\d+$")
# Keys a user may not set by hand: they are the escalation state and the record of it.
_PROTECTED = {"revise_count": "use `sb unblock --reason` to reset the revision count",
              "state": "the state is derived; `sb status` shows it",
              "history": "history is append-only", "blockers": "use `sb unblock --reason`",
              "schema_version": "fixed by sb"}


def parse_value(text: str) -> Any:
    if text == "true":
        return True
    if text == "false":
        return False
    if _INT.match(text):
        return int(text)
    if text == "null":
        return None
    if text[:1] in "[{":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    return text


def config_view(m: dict) -> dict:
    return {"capabilities": m.get("capabilities", {}), "config": m.get("config", {}),
            "lint_waivers": m.get("lint_waivers", {})}


def config_get(ws: Workspace, key: str | None) -> Any:
    m = ws.load_manifest()
    if not key:
        return config_view(m)
    if key.startswith("lint_waivers."):  # rule ids contain dots: never split them
        return (m.get("lint_waivers") or {}).get(key[len("lint_waivers."):])
    cur: Any = m
    for part in key.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur


def config_set(ws: Workspace, expr: str) -> tuple[str, Any]:
    if "=" not in expr:
        raise SbError("E-CONFIG", expr, "expected key=value, e.g. capabilities.web_fetch=script")
    key, raw = expr.split("=", 1)
    key = key.strip()
    if not key or any(not p for p in key.split(".")):
        raise SbError("E-CONFIG", expr, "empty key part; use a dotted key like config.chunk_target")
    top = key.split(".", 1)[0]
    if top in _PROTECTED:
        raise SbError("E-STATE" if top in ("revise_count", "blockers", "state") else "E-CONFIG",
                      key, f"cannot be set by hand: {_PROTECTED[top]}")
    value = parse_value(raw)
    with ws.lock():
        m = ws.load_manifest()
        if top == "lint_waivers" and "." in key:
            rule = key.split(".", 1)[1]
            m.setdefault("lint_waivers", {})[rule] = value
        else:
            cur = m
            parts = key.split(".")
            for part in parts[:-1]:
                nxt = cur.get(part)
                if not isinstance(nxt, dict):
                    if nxt is not None:
                        raise SbError("E-CONFIG", key, f"{part} holds a value, not a group of settings")
                    nxt = cur[part] = {}
                cur = nxt
            cur[parts[-1]] = value
        problems = check(m, "manifest", MANIFEST)
        if problems:
            from ...base.errors import Finding

            raise SbError("E-SCHEMA", key, "value rejected; nothing saved",
                          findings=[Finding(*_split(p)) for p in problems])
        ws.save_manifest(m)
    return key, value


def _split(line: str) -> tuple[str, str, str]:
    parts = line.split("  ", 2)
    while len(parts) < 3:
        parts.append("")
    return parts[0], parts[1], parts[2]


def dumps_value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=True)

