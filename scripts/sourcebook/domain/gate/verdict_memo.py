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
- what a folder lists, instead, while it is too young for its identity to be trusted, and
  always for the top and ``build/``, which the run itself writes into (``BY_LISTING``); and the
  manifest as the gates parsed it, which the run itself may rewrite (``keep``). A young file
  keeps no verdict: bytes read to name it need not be the bytes a gate read a moment later;
- the code (the verify cache's fingerprint, and the Python running it), the options, the root
  and today's date (the derived gate's build line may not be after today).

A verdict is kept only when each file was settled when it was listed: a later write then moves
what names it, and the next run judges again. It is signed like every cache file, and
``--no-cache``, ``--deep``, a page held in memory (``sb check-draft``) and a page outside what
``covers`` names never use one. What the gates open is tested against this list
(``tests/test_verdict_memo.py`` audits every file a run opens).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from array import array

from ...base.clock import today_iso
from ...base.ids import sha256_bytes
from ..workspace.identity import settled_ctime
from ..workspace.layout import MANIFEST, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .context import VerifyOptions

FORMAT = 2  # 2: a path's mtime is part of what names it
READ_DIRS = ("sources", "ledger", "assets", "build")  # the folders at the top verify reads in
UNREAD = ("build/verify.json",)
# folders the run itself writes into (the manifest, the report: each replaced through a new
# entry), named by the entries they list (less ``UNREAD`` and the top's dot names) whatever
# their age, so writing the report or the state does not make the next run judge again
BY_LISTING = ("", "build")
MAX_ENTRIES = 200_000  # past this a workspace keeps no verdict: listing it would cost more than it saves
KEPT = 4  # verdicts of this many different option sets
_ENTRY_IDS = os.name != "nt"  # a listed entry's stat holds its inode and device (Windows gives zeros)


class Snapshot:
    """What the gates could read, listed before they run: the paths named by identity (in the
    order listed) with their identities, and those named by content."""

    __slots__ = ("paths", "sigs", "content")

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.sigs: list[tuple[int, int, int, int, int]] = []
        self.content: dict[str, str] = {}  # a folder (``rel/``) by its listing, the manifest by its parse


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
    return sha256_bytes(json.dumps(parts).encode("utf-8", "surrogatepass"))[:32]


def _sig(st: os.stat_result) -> tuple[int, int, int, int, int]:
    # the ctime moves with any write (where it is the change time: on Windows it is the time the
    # file was made, so the mtime and size are named too), the inode and device with a file put
    # in another's place
    return st.st_ctime_ns, st.st_mtime_ns, st.st_ino, st.st_dev, st.st_size


def _digest(sigs: list[tuple[int, int, int, int, int]]) -> str:
    return sha256_bytes(array("Q", [v for sig in sigs for v in sig]).tobytes())


def _kept_names(rel: str, names: list[str]) -> list[str]:
    """The entries of a folder named by its listing, sorted: at the top not the dot names,
    elsewhere not ``UNREAD``."""
    if rel == "":
        return sorted(n for n in names if not n.startswith("."))
    return sorted(n for n in names if f"{rel}/{n}" not in UNREAD)


def _listed(rel: str, names: list[str]) -> str:
    return sha256_bytes("\0".join(_kept_names(rel, names)).encode("utf-8", "surrogateescape"))


def take(ws: Workspace) -> Snapshot | None:
    """List the workspace as it is before the gates read it; None when no verdict can be kept
    (a young file, something that is neither file nor folder, a name holding a line break, a
    folder linked into itself, too many entries, an unreadable folder)."""
    snap = Snapshot()
    now = time.time_ns()
    seen_dirs: set[tuple[int, int]] = set()
    try:
        stack = [("", ws.root, os.stat(ws.root))]
        while stack:
            rel, path, st = stack.pop()
            if (st.st_dev, st.st_ino) in seen_dirs:
                return None  # a folder linked into itself
            seen_dirs.add((st.st_dev, st.st_ino))
            with os.scandir(path) as it:
                entries = list(it)
            if rel not in BY_LISTING and settled_ctime(st.st_ctime_ns, now):
                snap.paths.append(rel)
                snap.sigs.append(_sig(st))
            else:
                snap.content[rel + "/"] = _listed(rel, [e.name for e in entries])
            young: list[tuple[str, str, os.stat_result]] = []
            for e in entries:
                name = e.name
                if not rel and name.startswith("."):
                    continue
                child = f"{rel}/{name}" if rel else name
                if child in UNREAD:
                    continue
                if "\n" in name:
                    return None  # the kept list of paths is one per line
                cst = e.stat() if _ENTRY_IDS else os.stat(e.path)  # through a link, as the gates read
                if stat.S_ISDIR(cst.st_mode):
                    if rel or name in READ_DIRS:
                        (stack if settled_ctime(cst.st_ctime_ns, now) else young).append((child, e.path, cst))
                elif not stat.S_ISREG(cst.st_mode):
                    return None
                elif child == MANIFEST:
                    continue  # named by what the gates parsed of it (``keep``)
                elif settled_ctime(cst.st_ctime_ns, now):
                    snap.paths.append(child)
                    snap.sigs.append(_sig(cst))
                else:
                    return None  # bytes read now need not be the bytes the gates read
            # a young folder is listed next: sourcebook replaces a file through a new entry, so a
            # folder written in just now most likely holds the young file that ends the listing
            stack += young
            if len(snap.paths) + len(snap.content) > MAX_ENTRIES:
                return None
    except (OSError, ValueError):
        return None
    return snap


def _stat_all(root: str, rels: list[str]) -> list[tuple[int, int, int, int, int]]:
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


class Kept:
    """A verdict found to hold (``replay``): the kept document, and the manifest as it was
    parsed then, which settling the replayed run's state may rewrite (``carry``)."""

    __slots__ = ("doc", "manifest")

    def __init__(self, doc: dict, manifest: object) -> None:
        self.doc = doc
        self.manifest = manifest

    @property
    def verdict(self) -> dict:
        return self.doc["verdict"]


def replay(ws: Workspace, opts: VerifyOptions) -> Kept | None:
    """The verdict a run kept over this very workspace, or None."""
    store = _store(ws)
    if store is None:
        return None
    key = _key(ws, opts)
    doc = store.read(f"verdict-{key}.json")
    if not isinstance(doc, dict) or doc.get("key") != key or not isinstance(doc.get("paths"), str) \
            or not isinstance(doc.get("verdict"), dict) or not isinstance(doc.get("content"), dict):
        return None
    root = ws.root
    manifest: object = None
    try:
        sigs = _stat_all(root, doc["paths"].split("\n") if doc["paths"] else [])
        if _digest(sigs) != doc.get("sigs"):
            return None
        for rel, digest in doc["content"].items():
            if rel == MANIFEST:
                manifest = _parsed_manifest(ws)
                now = _manifest_digest(manifest)
            else:
                now = _listed(rel[:-1], os.listdir(os.path.join(root, rel[:-1]) if rel != "/" else root))
            if now != digest:
                return None
    except (OSError, ValueError, TypeError, AttributeError):
        return None
    return Kept(doc, manifest)


def _state_free(manifest: object) -> object:
    """The manifest without what ``settle_state`` writes (the state, the revision count and the
    history it appends to)."""
    if not isinstance(manifest, dict):
        return manifest
    return {k: v for k, v in manifest.items() if k not in ("state", "revise_count", "history")}


def keep(ws: Workspace, opts: VerifyOptions, snap: Snapshot, verdict: dict, seen: dict) -> None:
    """Keep a run's verdict, named by ``snap`` and by ``seen``, the manifest as the gates parsed
    it (``_name_manifest``)."""
    _write(ws, opts, {"paths": "\n".join(snap.paths), "sigs": _digest(snap.sigs), "content": snap.content,
                      "verdict": verdict}, seen)


def carry(ws: Workspace, opts: VerifyOptions, kept: Kept) -> None:
    """After a replayed run settled its state: when that rewrote the manifest (a failed run
    counts a revision), the verdict is named by the new one (``_name_manifest``), so the next
    run replays it too."""
    try:
        if _parsed_manifest(ws) == kept.manifest:
            return
    except (OSError, ValueError):
        return
    _write(ws, opts, dict(kept.doc, content=dict(kept.doc["content"])), kept.manifest)


def _write(ws: Workspace, opts: VerifyOptions, doc: dict, seen: object) -> None:
    """Write a verdict named by the manifest as it is now. When settling the run's state
    rewrote it since the gates parsed it (``seen``), only if the gates would read the same from
    it: the state, the count and the history, which no gate reads but the schema check, are all
    that moved, and the schema check says the same of both."""
    store = _store(ws)
    if store is None:
        return
    try:
        now = _parsed_manifest(ws)
    except (OSError, ValueError):
        return
    if now != seen and (_state_free(now) != _state_free(seen) or _schema_lines(now) != _schema_lines(seen)):
        return
    key = _key(ws, opts)
    doc["content"][MANIFEST] = _manifest_digest(now)
    store.write(f"verdict-{key}.json", dict(doc, key=key))
    store.prune("verdict-", KEPT)


def copied(manifest: dict) -> dict:
    """The manifest as the gates were given it, kept apart from them."""
    return json.loads(json.dumps(manifest))


def _parsed_manifest(ws: Workspace) -> object:
    with open(ws.manifest_path, "rb") as fh:
        return json.loads(fh.read())


def _manifest_digest(manifest: object) -> str:
    return sha256_bytes(json.dumps(manifest, sort_keys=True).encode("utf-8", "surrogatepass"))


def _schema_lines(manifest: object) -> list[str]:
    from .schema_check import schema_findings

    return sorted(f.line() for f in schema_findings(manifest, "manifest", MANIFEST))
