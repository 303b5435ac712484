"""A whole ``sb verify`` run's verdict, replayed while nothing it could have read has changed.

The facts of ``verify_cache`` save a repeat run the reading and judging, but the run still
opens every record and page to look them up. In a revision loop most runs repeat the one before
over the very same files, so a run also keeps its whole verdict (``.sb-cache/verify/verdict-*``),
named by what the gates could have read:

- the identity (``workspace.identity``) of every file and folder verify may read, listed before
  the gates run: the files at the workspace's top and everything in ``READ_DIRS``, but for
  ``build/verify.json`` (its own report). Not its own cache and lock, nor the search index and
  chunks, nor a folder of the user's own (``corpus/``, ``drafts/``). A folder's identity moves
  when an entry is added, removed or renamed, a file's with any write;
- what a file or folder holds, instead, while it is too young for its identity to be trusted
  (a file only up to ``CONTENT_MAX``; a larger young file keeps no verdict), and always for the
  manifest, which the run itself may write (``keep``);
- the code (the verify cache's fingerprint, and the Python running it), the options, the root
  and today's date (the derived gate's build line may not be after today).

A verdict is kept only when each of those was settled, or named by its content, when it was
listed: a later write then moves what names it, and the next run judges again. It is signed
like every cache file, and ``--no-cache``, ``--deep``, a page held in memory (``sb
check-draft``) and a page outside the workspace never use one. What the gates open is tested
against this list (``tests/test_verdict_memo.py`` audits every file a run opens).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from array import array

from ...base.clock import today_iso
from ...base.errors import Finding
from ...base.ids import sha256_ctor
from ..workspace.identity import settled
from ..workspace.layout import MANIFEST, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .context import VerifyOptions

FORMAT = 1
READ_DIRS = ("sources", "ledger", "assets", "build")  # the folders at the top verify reads in
UNREAD = ("build/verify.json",)
# folders the run itself writes into (the manifest, the report: each replaced through a new
# entry), named by the entries they list (less ``UNREAD`` and the top's dot names) whatever
# their age, so writing the report or the state does not make the next run judge again
BY_LISTING = ("", "build")
CONTENT_MAX = 1 << 20
MAX_ENTRIES = 200_000  # past this a workspace keeps no verdict: listing it would cost more than it saves
KEPT = 4  # verdicts of this many different option sets


class Snapshot:
    """What the gates could read, listed before they run: the paths named by identity (in the
    order listed) with their identities, and those named by content."""

    __slots__ = ("paths", "sigs", "content", "manifest")

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.sigs: list[tuple[int, int, int, int]] = []
        self.content: dict[str, str] = {}
        self.manifest: bytes | None = None  # as listed: what settling the state may rewrite


def covers(rel: str) -> bool:
    """Whether a verdict is named by the file at ``rel`` (relative to the workspace, with
    ``/``): a file at the top (not a dot name) or one in ``READ_DIRS``, but ``UNREAD``."""
    top, _, rest = rel.partition("/")
    return (top in READ_DIRS if rest else bool(top) and not top.startswith(".")) and rel not in UNREAD


def eligible(ws: Workspace, opts: VerifyOptions) -> bool:
    """Whether this run may replay or keep a verdict: one with the cache on, not ``--deep``, and
    no page held in memory or kept outside what ``covers`` names."""
    if not opts.cache or opts.deep or opts.page_text is not None:
        return False
    return opts.html is None or covers(os.path.relpath(opts.html, ws.root).replace(os.sep, "/"))


def _key(ws: Workspace, opts: VerifyOptions) -> str:
    parts = [FORMAT, ws.root, opts.html, opts.artifact, opts.podcast, today_iso(), sys.version]
    return _sha(json.dumps(parts).encode("utf-8", "surrogatepass"))[:32]


def _sig(st: os.stat_result) -> tuple[int, int, int, int]:
    # the ctime moves with any write (and the mtime and size with it), the inode and device with
    # a file put in another's place
    return st.st_ctime_ns, st.st_ino, st.st_dev, st.st_size


def _digest(sigs: list[tuple[int, int, int, int]]) -> str:
    return _sha(array("Q", [v for sig in sigs for v in sig]).tobytes())


def _sha(data: bytes) -> str:
    return sha256_ctor()(data).hexdigest()


def _listing(ws: Workspace, rel: str) -> list[str]:
    names = sorted(os.listdir(os.path.join(ws.root, rel) if rel else ws.root))
    if rel == "":
        return [n for n in names if not n.startswith(".")]
    if rel == "build":
        return [n for n in names if f"build/{n}" not in UNREAD]
    return names


def _listed(names: list[str]) -> str:
    return _sha("\0".join(names).encode("utf-8", "surrogateescape"))


def take(ws: Workspace) -> Snapshot | None:
    """List the workspace as it is before the gates read it; None when no verdict can be kept
    (a young file too large to name by its content, something that is neither file nor folder,
    too many entries, an unreadable folder)."""
    snap = Snapshot()
    now = time.time_ns()
    seen_dirs: set[tuple[int, int]] = set()
    stack = [""]
    try:
        while stack:
            rel = stack.pop()
            path = os.path.join(ws.root, rel) if rel else ws.root
            st = os.stat(path)
            if (st.st_dev, st.st_ino) in seen_dirs:
                return None  # a folder linked into itself
            seen_dirs.add((st.st_dev, st.st_ino))
            names = _listing(ws, rel)
            if rel not in BY_LISTING and settled([st.st_size, st.st_mtime_ns, st.st_ctime_ns], now):
                snap.paths.append(rel)
                snap.sigs.append(_sig(st))
            else:
                snap.content[rel + "/"] = _listed(names)
            for name in reversed(names):
                child = f"{rel}/{name}" if rel else name
                if child in UNREAD:
                    continue
                cst = os.stat(os.path.join(ws.root, child))
                if stat.S_ISDIR(cst.st_mode):
                    if rel or name in READ_DIRS:
                        stack.append(child)
                elif not stat.S_ISREG(cst.st_mode):
                    return None
                elif child != MANIFEST and settled([cst.st_size, cst.st_mtime_ns, cst.st_ctime_ns], now):
                    snap.paths.append(child)
                    snap.sigs.append(_sig(cst))
                elif cst.st_size <= CONTENT_MAX:
                    with open(os.path.join(ws.root, child), "rb") as fh:
                        data = fh.read()
                    snap.content[child] = _sha(data)
                    if child == MANIFEST:
                        snap.manifest = data
                else:
                    return None
            if len(snap.paths) + len(snap.content) > MAX_ENTRIES:
                return None
    except (OSError, ValueError):
        return None
    return snap


def _stat_all(root: str, rels: list[str]) -> list[tuple[int, int, int, int]]:
    if os.stat not in os.supports_dir_fd:
        return [_sig(os.stat(os.path.join(root, rel))) for rel in rels]
    fd = os.open(root, os.O_RDONLY)
    try:
        # each path relative to the root's descriptor: the root's own path is not walked for each
        return [_sig(os.stat(rel, dir_fd=fd)) for rel in rels]
    finally:
        os.close(fd)


def _store(ws: Workspace):
    from .verify_cache import signed_store

    return signed_store(ws)


def replay(ws: Workspace, opts: VerifyOptions) -> dict | None:
    """The verdict a run kept over this very workspace, or None."""
    store = _store(ws)
    if store is None:
        return None
    key = _key(ws, opts)
    doc = store.read(f"verdict-{key}.json")
    if not isinstance(doc, dict) or doc.get("key") != key or not isinstance(doc.get("paths"), str):
        return None
    root = ws.root
    try:
        sigs = _stat_all(root, doc["paths"].split("\n") if doc["paths"] else [])
        if _digest(sigs) != doc.get("sigs"):
            return None
        for rel, digest in (doc.get("content") or {}).items():
            if rel.endswith("/"):
                now = _listed(_listing(ws, rel[:-1]))
            else:
                with open(os.path.join(root, rel), "rb") as fh:
                    now = _sha(fh.read())
            if now != digest:
                return None
    except (OSError, ValueError, TypeError, AttributeError):
        return None
    verdict = doc.get("verdict")
    return verdict if isinstance(verdict, dict) else None


def _state_free(manifest: object) -> object:
    """The manifest without what ``settle_state`` writes (the state, the revision count and the
    history it appends to)."""
    if not isinstance(manifest, dict):
        return manifest
    return {k: v for k, v in manifest.items() if k not in ("state", "revise_count", "history")}


def keep(ws: Workspace, opts: VerifyOptions, snap: Snapshot, verdict: dict) -> None:
    """Keep a run's verdict, named by ``snap``. When settling the run's state rewrote it since, the verdict is kept under the new one only if
    the gates would read the same from it (the state, the count and the history, which no gate
    reads but the schema check, are all that moved, and the schema check says the same of both)."""
    store = _store(ws)
    if store is None:
        return
    try:
        with open(ws.manifest_path, "rb") as fh:
            after = fh.read()
    except OSError:
        return
    if snap.manifest != after:
        try:
            old, new = json.loads(snap.manifest or b"null"), json.loads(after)
        except ValueError:
            return
        if _state_free(old) != _state_free(new) or _schema_lines(old) != _schema_lines(new):
            return
        snap.content[MANIFEST] = _sha(after)
    key = _key(ws, opts)
    store.write(f"verdict-{key}.json", {"key": key, "paths": "\n".join(snap.paths), "sigs": _digest(snap.sigs),
                                        "content": snap.content, "verdict": verdict})
    store.prune("verdict-", KEPT)


def _schema_lines(manifest: object) -> list[str]:
    from .schema_check import schema_findings

    return sorted(f.line() for f in schema_findings(manifest, "manifest", MANIFEST))


def findings(rows: list) -> list[Finding]:
    """Findings as a verdict keeps them (``Finding.to_json``), read back."""
    out = []
    for d in rows:
        d = dict(d)
        out.append(Finding(d.pop("code"), d.pop("subject"), d.pop("message"), d))
    return out
