"""``index/lexical.json``: the index's small manifest, and the one file that commits it.

The manifest names the live segments, the sources deleted from each (removed or re-chunked
since the segment was written), the counts BM25 needs (live documents, their total length,
avgdl) and the layout of the files beside it. Writing it (atomically) is the commit: a segment
the manifest does not name is not part of the index, so a writer killed before the commit leaves
the previous index whole, and readers only ever see complete segments.

It keeps the name of the original kit's one-file index, because scripts look for it; its
``layout`` says where the postings now live.

Merge policy: a segment's tier is ``floor(log4(live documents))``; when four segments share a
tier they are merged into one, a segment more than half deleted is merged (dropping what was
deleted), and there are never more than ``MAX_SEGMENTS``. So adding one source to ten thousand
writes a small segment and merges only small ones.
"""

from __future__ import annotations

import json
import os

from ...base.errors import Exit, SbError
from ...base.versions import INDEXER


def damaged(rel: str, why: object) -> SbError:
    """A damaged index file: the index is derived, so `sb index` (which drops a damaged
    segment and indexes its sources again) is always the fix."""
    return SbError("E-SEARCH", f"index/{rel}", f"unreadable ({why}); run `sb index` to repair it", Exit.GATE)


NAME = "lexical.json"
FORMAT = "sourcebook lexical index"
FACTOR = 4
MAX_SEGMENTS = 8
LAYOUT = {
    "lexical.json": "this manifest, the commit point: format version, counts, live segments and their deletions",
    "seg-<hash>/": "a segment: an immutable part of the index (a hash of its content names it)",
    "seg-<hash>/meta.json": "the segment's counts and file sizes",
    "seg-<hash>/sources.json": "per source: its documents [lo, hi), its chunk file's size and SHA-256, its text's SHA-256",
    "seg-<hash>/docs.txt": "chunk ids in document order, padded to id_width, one per line",
    "seg-<hash>/doclen.bin": "document lengths in terms, little-endian uint32",
    "seg-<hash>/findlen.bin": "document find counts (letters and digits `sb find` bounds), little-endian uint32",
    "seg-<hash>/terms.tsv": "term TAB df TAB offset, grouped by shard (CRC-32 mod 256), sorted within a shard",
    "seg-<hash>/terms.idx": "byte offset in terms.tsv of each shard's first line, 257 little-endian uint64",
    "seg-<hash>/postings.bin": "per term: df document numbers (uint32) then df term frequencies (tf_width bytes each)",
}


class SegRef:
    """A live segment: its name, documents, sources, and the sources deleted from it."""

    __slots__ = ("name", "docs", "sources", "deleted")

    def __init__(self, name: str, docs: int, sources: int, deleted: dict[str, list[int]] | None = None):
        self.name, self.docs, self.sources = name, docs, sources
        self.deleted = deleted if deleted is not None else {}

    @property
    def live(self) -> int:
        return self.docs - sum(hi - lo for lo, hi in self.deleted.values())

    def to_json(self) -> dict:
        return {"name": self.name, "docs": self.docs, "live": self.live, "sources": self.sources,
                "deleted": {sid: list(r) for sid, r in sorted(self.deleted.items())}}


class Manifest:
    """What ``lexical.json`` holds (plain classes: dataclasses cost start-up time on every query)."""

    __slots__ = ("segments", "n_docs", "n_terms", "total_len", "n_sources")

    def __init__(self, segments: list[SegRef], n_docs: int = 0, n_terms: int = 0, total_len: int = 0,
                 n_sources: int = 0):
        self.segments, self.n_docs, self.n_terms = segments, n_docs, n_terms
        self.total_len, self.n_sources = total_len, n_sources

    @property
    def avgdl(self) -> float:
        return round(self.total_len / self.n_docs, 4) if self.n_docs else 0.0

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": INDEXER, "n_docs": self.n_docs, "n_terms": self.n_terms,
                "total_len": self.total_len, "avgdl": self.avgdl, "sources": self.n_sources,
                "segments": [s.to_json() for s in self.segments],
                "merge_policy": {"factor": FACTOR, "max_segments": MAX_SEGMENTS}, "layout": LAYOUT}


def read(index_dir: str, *, strict: bool = True) -> Manifest | None:
    """The committed manifest, or None when there is no index of this format. ``strict``:
    an unreadable manifest or an index of another format is E-SEARCH instead of None."""
    path = os.path.join(index_dir, NAME)
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        if strict and os.path.isfile(os.path.join(index_dir, "meta.json")):
            raise SbError("E-SEARCH", "index", "the index has an older format; rebuild it with `sb index`",
                          Exit.GATE) from None
        if strict:
            raise SbError("E-SEARCH", "index", "no index yet; run `sb index` (after `sb chunk`)", Exit.GATE) from None
        return None
    except (OSError, ValueError) as exc:
        if strict:
            raise damaged(NAME, exc) from None
        return None
    if not isinstance(data, dict) or data.get("version") != INDEXER or not isinstance(data.get("segments"), list):
        if strict:
            found = data.get("version") if isinstance(data, dict) else "?"
            raise SbError("E-SEARCH", f"index/{NAME}", f"index format {found} is not {INDEXER}; rebuild it with `sb index`",
                          Exit.GATE)
        return None
    try:
        segs = [SegRef(str(s["name"]), int(s["docs"]), int(s.get("sources", 0)),
                       {str(k): [int(v[0]), int(v[1])] for k, v in (s.get("deleted") or {}).items()})
                for s in data["segments"]]
        return Manifest(segs, int(data["n_docs"]), int(data.get("n_terms", 0)), int(data["total_len"]),
                        int(data.get("sources", 0)))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if strict:
            raise damaged(NAME, f"malformed: {exc}") from None
        return None


def commit(index_dir: str, man: Manifest) -> int:
    from ...base import jsonio

    data = jsonio.dumps(man.to_json()).encode("utf-8")
    jsonio.atomic_write_bytes(os.path.join(index_dir, NAME), data)
    return len(data)


def tier(live: int) -> int:
    n, t = max(live, 1), 0
    while n >= FACTOR:
        n //= FACTOR
        t += 1
    return t


def merges(segs: list[SegRef]) -> list[list[str]]:
    """Groups of segment names to merge, each into one (the policy in the module docstring)."""
    live = {s.name: s.live for s in segs}
    groups: list[list[str]] = []
    pending = [s.name for s in segs if live[s.name] > 0]
    half = [s.name for s in segs if s.deleted and live[s.name] * 2 < s.docs and live[s.name] > 0]
    while True:
        by_tier: dict[int, list[str]] = {}
        for name in pending:
            by_tier.setdefault(tier(live[name]), []).append(name)
        full = sorted(t for t, names in by_tier.items() if len(names) >= FACTOR)
        if full:
            group = by_tier[full[0]]
        elif len(pending) > MAX_SEGMENTS:
            group = sorted(pending, key=lambda n: (live[n], n))[:len(pending) - MAX_SEGMENTS + 1]
        elif half:
            group = [n for n in pending if n in half]
            half = []
        else:
            return groups
        merged = "+".join(group)
        live[merged] = sum(live[n] for n in group)
        pending = [n for n in pending if n not in group] + [merged]
        groups.append(group)


def live_sources(index_dir: str, man: Manifest) -> dict[str, tuple[str, dict]]:
    """Source id -> (segment name, its record in that segment) for every live source."""
    out: dict[str, tuple[str, dict]] = {}
    for ref in man.segments:
        rel = f"{ref.name}/sources.json"
        try:
            with open(os.path.join(index_dir, rel), encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError) as exc:
            raise damaged(rel, getattr(exc, "strerror", None) or exc) from None
        if not isinstance(data, dict):
            raise damaged(rel, "not an object")
        for sid, rec in data.items():
            if sid not in ref.deleted:
                out[sid] = (ref.name, rec)
    return out


def built_ns(index_dir: str) -> int:
    try:
        return os.stat(os.path.join(index_dir, NAME)).st_mtime_ns
    except OSError:
        return 0


def unchanged(chunks_path: str, rec: dict, text_sha: str | None, since_ns: int) -> bool:
    """Whether a source's chunk file and text are what the index holds. Sizes are compared
    first; a chunk file written after the commit is hashed."""
    if not isinstance(rec, dict) or rec.get("text_sha256") != text_sha:
        return False
    try:
        st = os.stat(chunks_path)
    except OSError:
        return False
    if st.st_size != rec.get("size"):
        return False
    if st.st_mtime_ns >= since_ns:
        import hashlib

        with open(chunks_path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest() == rec.get("chunks_sha256")
    return True
