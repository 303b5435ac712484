"""The workspace: discovery, the folder layout, the manifest, history and the lock.

Only this module knows where files live inside a workspace (compatibility: workspace files). Everything else asks
it for paths, so the layout is one fact in one place.

The history is the manifest's ``history``, a list of ``{"state", "at", "note"}`` objects, oldest
first (compatibility: scripts read it there). Adding an entry rewrites the manifest, so the
manifest is written in a form the C JSON encoder makes (``jsonio.dumps_rows``): each history
entry one line, a long history costing little more to write than its bytes.
"""

from __future__ import annotations

import os

from ...base import jsonio
from ...base.clock import now_iso
from ...base.errors import SbError
from ...base.ids import SRC_ID_RE, is_src_id
from ...base.lockfile import FileLock
from ...base.versions import SB_VERSION, SCHEMA, tool_versions

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)
if TYPE_CHECKING:
    from typing import Any

MANIFEST = "sourcebook.json"
MANIFEST_ROWS = ("history",)  # the manifest's lists written one entry a line
SUBDIRS = ("sources", "chunks", "index", "ledger", "assets", "build")
# Keys without which the manifest is damaged (compatibility: sourcebook.json plus the history every write appends to).
REQUIRED = ("schema_version", "state", "capabilities", "config", "history")
STATES = ("INIT", "COLLECT", "EXTRACT", "CHUNK", "INDEX", "PLAN", "GROUND", "ADJUDICATE", "COMPOSE",
          "RENDER", "VERIFY", "PACKAGE", "DONE", "REVISE", "BLOCKED")


def new_manifest(question: str = "") -> dict:
    at = now_iso()
    return {
        "schema_version": SCHEMA,
        "sb_version": SB_VERSION,
        "created_at": at,
        "question": question,
        "state": "INIT",
        "artifact_type": None,
        "revise_count": 0,
        "capabilities": {"web_fetch": "agent", "image_gen": "none", "tts": "none"},
        "config": {"chunk_target": 1600, "chunk_overlap": 240},
        "lint_waivers": {},
        "blockers": [],
        "tool_versions": tool_versions(),
        "history": [{"state": "INIT", "at": at, "note": "init"}],
    }


def history_entry(state: str, note: str) -> dict:
    return {"state": state, "at": now_iso(), "note": note}


def find_root(start: str, dir_arg: str | None = None) -> str | None:
    """``--dir`` names the root only if it holds the manifest (no walk); else walk up from ``start``."""
    if dir_arg:
        root = os.path.abspath(os.path.join(start, dir_arg))
        return root if os.path.isfile(os.path.join(root, MANIFEST)) else None
    cur = os.path.realpath(start)
    while True:
        if os.path.isfile(os.path.join(cur, MANIFEST)):
            return cur
        parent = os.path.dirname(cur)
        if parent == cur:
            return None
        cur = parent


class Workspace:
    """A workspace folder. Cheap to construct; reads files only when asked."""

    def __init__(self, root: str):
        self.root = os.path.abspath(root)
        self._lock = FileLock(os.path.join(self.root, ".sb.lock"))
        # a source's paths are built thousands of times per verify: join the fixed part once
        self._src = os.path.join(self.root, "sources", "")
        self._chunks = os.path.join(self.root, "chunks", "")

    @classmethod
    def discover(cls, cwd: str, dir_arg: str | None = None) -> Workspace:
        root = find_root(cwd, dir_arg)
        if root is None:
            where = dir_arg or cwd
            raise SbError("E-NOWORKSPACE", ".",
                          f"no sourcebook.json in {where}{'' if dir_arg else ' or any parent'}; "
                          "run `sb init` to create a workspace, or pass --dir")
        return cls(root)

    # ---- paths -------------------------------------------------------------------------
    def path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def rel(self, path: str) -> str:
        """A path relative to the root, POSIX style, for messages and records."""
        try:
            return os.path.relpath(path, self.root).replace(os.sep, "/")
        except ValueError:
            return path

    @property
    def manifest_path(self) -> str:
        return self.path(MANIFEST)

    @property
    def sources_dir(self) -> str:
        return self.path("sources")

    def source_dir(self, sid: str) -> str:
        if not is_src_id(sid):
            raise SbError("E-SOURCE-UNKNOWN", str(sid)[:80], "not a source id (src_ and 12 hex digits)")
        return self._src + sid

    def source_json(self, sid: str) -> str:
        return self.source_dir(sid) + os.sep + "source.json"

    def normalized_path(self, sid: str) -> str:
        return self.source_dir(sid) + os.sep + "normalized.md"

    def links_path(self, sid: str) -> str:
        return os.path.join(self.source_dir(sid), "links.json")

    def pages_path(self, sid: str) -> str:
        return os.path.join(self.source_dir(sid), "pages.json")

    def rechecks_path(self, sid: str) -> str:
        return self.source_dir(sid) + os.sep + "rechecks.jsonl"

    def raw_files(self, sid: str) -> list[str]:
        d = self.source_dir(sid)
        try:
            names = sorted(n for n in os.listdir(d) if n.startswith("raw.") and not n.endswith(".tmp"))
        except OSError:
            return []
        return [os.path.join(d, n) for n in names]

    @property
    def chunks_dir(self) -> str:
        return self.path("chunks")

    def chunks_path(self, sid: str) -> str:
        return self._chunks + sid + ".jsonl"

    @property
    def index_dir(self) -> str:
        return self.path("index")

    def index_path(self, name: str) -> str:
        """A file or folder of the search index: lexical.json (the manifest), seg-<hash>/..."""
        return self.path("index", name)

    @property
    def claims_path(self) -> str:
        return self.path("ledger", "claims.json")

    @property
    def adjudications_path(self) -> str:
        return self.path("ledger", "adjudications.json")

    @property
    def claim_events_path(self) -> str:
        return self.path("ledger", "events.jsonl")

    @property
    def report_numbers_path(self) -> str:
        """Source numbers of the Markdown report: assigned on first citation, then kept."""
        return self.path("ledger", "report_numbers.json")

    @property
    def review_path(self) -> str:
        """The record of reviews by a person (``sb review``): marks and what was last shown."""
        return self.path("ledger", "review.json")

    @property
    def plan_path(self) -> str:
        return self.path("plan.json")

    @property
    def assets_dir(self) -> str:
        return self.path("assets")

    @property
    def credits_path(self) -> str:
        return self.path("assets", "credits.json")

    @property
    def build_dir(self) -> str:
        return self.path("build")

    def build_path(self, *parts: str) -> str:
        return self.path("build", *parts)

    # ---- sources -----------------------------------------------------------------------
    def source_ids(self) -> list[str]:
        """Ids of source folders that hold a source.json, sorted."""
        try:
            names = os.listdir(self.sources_dir)
        except OSError:
            return []
        return sorted(n for n in names if is_src_id(n) and os.path.isfile(os.path.join(self.sources_dir, n, "source.json")))

    def source_dir_names(self) -> list[str]:
        """Names under sources/ that look like source ids, sorted (no stat per folder)."""
        try:
            return sorted(filter(SRC_ID_RE.match, os.listdir(self.sources_dir)))  # in C: ten thousand names
        except OSError:
            return []

    @property
    def fingerprints_path(self) -> str:
        """Hashes and shingle sketches of every source, to find copies without reading texts
        (derived: rebuilt from the sources when missing). The name carries the sketch format, so
        a workspace fingerprinted by an older version starts a new file instead of comparing
        sketches that cannot match."""
        from ...engines.search.shingles import FORMAT  # here: most commands never need it

        return self.path(".sb-cache", f"fingerprints-{FORMAT}.tsv")

    @property
    def status_cache_path(self) -> str:
        return self.path(".sb-cache", "source-status.json")

    @property
    def chunk_cache_path(self) -> str:
        """What each chunk file was made from (text and chunk file stats, sizes): lets
        `sb chunk` skip unchanged sources without reading them."""
        return self.path(".sb-cache", "chunks.json")

    @property
    def extract_cache_path(self) -> str:
        """Ready sources whose record and text were checked, by their stats: lets
        `sb extract` skip them without hashing their text again."""
        return self.path(".sb-cache", "extract.json")

    def has_source(self, sid: str) -> bool:
        return is_src_id(sid) and os.path.isfile(os.path.join(self.sources_dir, sid, "source.json"))

    # ---- manifest ----------------------------------------------------------------------
    def load_manifest(self) -> dict:
        data = jsonio.read_json(self.manifest_path, MANIFEST)
        jsonio.expect(data, dict, MANIFEST, "")
        for key in ("capabilities", "config"):
            if key in data:
                jsonio.expect(data[key], dict, MANIFEST, f"/{key}")
        shapes: tuple[tuple[str, type], ...] = (("history", list), ("blockers", list), ("lint_waivers", dict))
        for key, typ in shapes:
            if key in data and data[key] is not None:
                jsonio.expect(data[key], typ, MANIFEST, f"/{key}")
        for key in REQUIRED:
            if data.get(key) is None:
                # A damaged manifest is reported, never repaired: writing it back would lose
                # whatever the user (or a restore) still has to reconcile.
                raise SbError("E-SCHEMA", f"{MANIFEST}/{key}",
                              f"missing: {MANIFEST} is damaged, and sb never rewrites a damaged manifest; "
                              "restore it from a backup or version control (nothing was written)")
        return data

    def save_manifest(self, manifest: dict) -> None:
        """Write the manifest atomically and durably: pretty JSON, each history entry one line."""
        jsonio.atomic_write_bytes(self.manifest_path, jsonio.dumps_rows(manifest, MANIFEST_ROWS).encode("utf-8"))

    def config_value(self, dotted: str, default: Any = None) -> Any:
        cur: Any = self.load_manifest().get("config", {})
        for part in dotted.split("."):
            if not isinstance(cur, dict) or part not in cur:
                return default
            cur = cur[part]
        return cur

    # ---- history -----------------------------------------------------------------------
    def add_history(self, manifest: dict, state: str, note: str) -> None:
        """Append one entry to ``manifest``'s history (the caller holds the lock and saves it)."""
        hist = manifest.get("history")
        if not isinstance(hist, list):
            hist = manifest["history"] = []
        hist.append(history_entry(state, note))

    def record(self, state: str, note: str, *, set_state: bool = True) -> None:
        """Append a history entry (and move the stored state) under the lock."""
        with self.lock():
            m = self.load_manifest()
            self.add_history(m, state, note)
            if set_state:
                m["state"] = state
            self.save_manifest(m)

    # ---- lock --------------------------------------------------------------------------
    def lock(self) -> _Held:
        """Exclusive lock for a mutating command (``with ws.lock():``). Re-entrant within one process.

        Taking it checks the manifest first: a command that would write to a workspace whose
        manifest is damaged stops before it writes anything (E-SCHEMA), so nothing is rewritten."""
        return _Held(self)

    def ensure_layout(self) -> None:
        for d in SUBDIRS:
            os.makedirs(self.path(d), exist_ok=True)


class _Held:
    """``Workspace.lock()``'s context (a class, not ``contextlib.contextmanager``: one import less
    on every command that writes)."""

    __slots__ = ("ws",)

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws

    def __enter__(self) -> Workspace:
        ws = self.ws
        ws._lock.__enter__()
        try:
            if ws._lock._depth == 1 and os.path.exists(ws.manifest_path):
                ws.load_manifest()
        except BaseException:
            ws._lock.__exit__(None, None, None)
            raise
        return ws

    def __exit__(self, *exc: object) -> None:
        self.ws._lock.__exit__(None, None, None)
