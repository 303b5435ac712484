"""What ``sb verify`` already established, so a repeat run reads only what changed.

Verify runs many times in a revision loop while the sources stay the same. It remembers, in
``.sb-cache/verify/`` (never shipped; each part in files of its own, written only when a run
learnt something in it):

- the SHA-256 of each ``normalized.md``, keyed by the file's identity, and the raw captures a
  source folder holds, keyed by the folder's identity (``sb claim add`` records both, and each
  capture's SHA-256 by its identity, for the sources it cites: ``capture_facts``);
- each ``source.json`` that parsed and matched its schema, keyed the same way, and by content
  (``sources.store.record_fact``: its bytes and folder), which ``sb extract`` records for each
  record it writes that passes (``cli.app`` hands over other commands' batches), while it is
  too young to be kept by identity; ``sb claim add`` hands over the records of the sources it
  cites, and what the normalizer gate's once-per-change check would find of them
  (``record_reads``, ``checked_elsewhere``);
- which evidence spans held byte for byte against which text (by the text's hash);
- which re-extractions gave which text, by the digests of the raw bytes and of the text and every
  input of the extraction (``sources.ingest.extraction_fact``; ``sb extract`` records them too),
  and which claims raised no flag (``ledger.clean_fact``; ``sb claim add`` records them too);
- what an artifact page contains (its ledger entries, refs, blocks, text) and what the design
  rules found on it, keyed by the hash of the page's bytes.
- the claims file's schema and ids, and its clusters, by the digests of the ledger files, which
  ``sb claim add`` records for the file it wrote (the schemas gate's ``ledger_facts``).
- which derived files matched what sourcebook writes, and which podcast scripts' figures were
  backed, as ``clean`` facts keyed by the hash of every input (gates ``derived``, ``podcast``).

Why this cannot be used to slip a change past the gate:

- A file's identity is its size, mtime, ctime, inode and device (``workspace.identity``). Any
  write moves the ctime, and no user-space call sets a ctime back, so an edited file is always
  read again.
- A file whose ctime is too young when it is looked at (not ``settled``: two seconds, or 0.1 s
  on a file system with fine timestamps) is never remembered: a second write within the same
  timestamp tick would otherwise keep the identity unchanged.
- A fact another command hands over (``learn_clean``) is established by the very checks verify
  runs, over the bytes as they were read or written (a record is parsed back from the bytes
  written, a claims file read back once written): one keyed by content holds whatever the
  file's age; one keyed by identity is kept only for a file settled when it was read, its
  identity taken just before the read, as verify keeps its own.
- Each cache file is signed (HMAC-SHA256) with a per-user key kept outside the workspace
  (``$XDG_CACHE_HOME/sourcebook/verify.key``), over its folder, name and content; a cache file
  edited by hand, renamed or copied from elsewhere fails its signature and is ignored.
- Facts carry the fingerprint of the code that established them (``code_fingerprint``: the
  package, the schemas and the templates); other code, even under the same version number,
  starts from scratch.
- ``sb verify --no-cache``, ``--deep`` and ``sb package`` check everything from scratch.

A whole run's verdict is kept beside these facts, named by every file the gates could read
(``verdict_memo``).

Without a usable key (a read-only home) verify simply runs uncached.
"""

from __future__ import annotations

import json
import os
import stat
import time
from _operator import _compare_digest as compare_digest  # hmac's own (importing hmac loads OpenSSL)
from collections.abc import Iterable
from functools import cache
from typing import Any

from ...base import user_cache
from ...base.ids import hmac_sha256, sha256_bytes
from ...base.jsonio import atomic_write_bytes
from ...base.resources import data_dir
from ...base.versions import SB_VERSION
from ..workspace.identity import RACY_NS, dir_sig, file_sig, read_settled, settled  # noqa: F401  (re-exported)
from ..workspace.layout import Workspace

FORMAT = 2  # bump when a remembered fact changes meaning (2: a claim is keyed by its sources' whole records)
PAGES_KEPT = 8  # page views and lint results of this many recent pages
_MAGIC = b"sb-verify-cache"


# the shipped data folders the gates read (schemas; the templates, whose fixed texts and build
# line the page gates compare a page with), fingerprinted with the package
READ_DATA = ("schemas", "templates")
_FINGERPRINTED = (".py", ".json", ".html", ".css")


def code_folders() -> tuple[str, ...]:
    """The package and the shipped data folders the gates read."""
    # the whole package (this file is sourcebook/domain/gate/verify_cache.py): a fact depends on
    # the engines that read pages and figures as much as on the gates
    pkg = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return (pkg, *map(data_dir, READ_DATA))


@cache
def code_fingerprint() -> str:
    """Which sb wrote a fact: its version, plus the size and mtime of every module, schema and
    template, so facts from other code (an upgrade, a checkout of another commit) are never
    reused even when the version number stayed the same."""
    return tree_fingerprint(code_folders())


def tree_fingerprint(folders: tuple[str, ...]) -> str:
    """The version, and the relative path, size and mtime of every module, schema and template
    under ``folders``."""
    lines: list[str] = [SB_VERSION]
    for folder in folders:
        _fingerprint_lines(folder, "", lines)
    return sha256_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))[:32]


def _fingerprint_lines(path: str, rel: str, out: list[str]) -> None:
    try:
        entries = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError:
        return
    for e in entries:
        if e.name.endswith(_FINGERPRINTED):
            try:
                st = e.stat()
            except OSError:
                continue
            if not stat.S_ISDIR(st.st_mode):
                out.append(f"{rel}{e.name}\0{st.st_size}\0{st.st_mtime_ns}")
                continue
        if e.name != "__pycache__" and e.is_dir():
            _fingerprint_lines(e.path, f"{rel}{e.name}/", out)


def key_path() -> str:
    return os.path.join(user_cache.folder(), "verify.key")


def _load_key() -> bytes | None:
    """The per-user signing key, created on first use (atomically: two first runs agree)."""
    path = key_path()
    try:
        with open(path, "rb") as fh:
            key = fh.read()
        return key if len(key) >= 32 else None
    except FileNotFoundError:
        pass
    except OSError:
        return None
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(os.urandom(32))
        try:
            os.link(tmp, path)  # fails if another process made one first: theirs wins
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        with open(path, "rb") as fh:
            key = fh.read()
        return key if len(key) >= 32 else None
    except OSError:
        return None


def capture_facts(ws: Workspace, sids: Iterable[str]) -> list[tuple[str, list[int], int, Any]]:
    """What the normalizer gate looks up of each source's raw capture, read now as it reads them:
    the ``raw.*`` names its folder holds (by the folder's identity) and the first one's SHA-256
    (by the file's identity), each with its identity taken just before the read and the time
    then: ``digests`` for ``VerifyCache.learn_clean``. A folder or file that
    is not settled is not read (it would not be kept)."""
    out: list[tuple[str, list[int], int, Any]] = []
    for sid in sids:
        now = time.time_ns()
        sig = dir_sig(ws.source_dir(sid))
        if sig is None or not settled(sig, now):
            continue
        raws = ws.raw_files(sid)
        out.append((f"sources/{sid}/raw.*", sig, now, [os.path.basename(p) for p in raws]))
        read = read_settled(raws[0]) if raws else None
        if read is not None:
            out.append((capture_key(sid, raws[0]), read[0], read[1], sha256_bytes(read[2])))
    return out


def record_reads(ws: Workspace, sids: Iterable[str]) -> list[tuple[str, list[int], int, bytes]]:
    """The ``source.json`` of each source as verify reads it: (id, identity taken just before
    the read, the time then, bytes), ``records`` for ``VerifyCache.learn_clean``. A record
    that is not settled is not read (it would not be kept)."""
    return [(sid, *read) for sid in sids if (read := read_settled(ws.source_json(sid))) is not None]


def pair_sig(raw: list[int] | None, text: list[int] | None) -> list[int] | None:
    """The identity of a raw capture and its normalized.md together; its third field is the
    later of their ctimes, so the cache's racy-write rule holds for both files."""
    if raw is None or text is None:
        return None
    return [raw[0], raw[1], max(raw[2], text[2]), raw[3], raw[4], *text]


def checked_key(sid: str) -> str:
    """Where the cache keeps "the ``--deep`` checks found nothing" of a source (by ``pair_sig``)."""
    return f"sources/{sid}/re-extracted"


def checked_fact(digest: str, rec: dict) -> str:
    """What that entry holds: the text's digest and every field of the record the checks read."""
    fields = (digest, rec.get("raw_sha256"), rec.get("charset"), rec.get("media_type"), rec.get("locator"), rec.get("kind"))
    return sha256_bytes(repr(fields).encode("utf-8", "surrogatepass"))[:32]


def checked_elsewhere(sid: str, rec: dict, text: tuple, listing: tuple, capture: tuple | None,
                      clean: set[str]) -> tuple[str, list[int], int, str] | None:
    """The entry the normalizer gate's ``_checked_once`` would remember for a source, from what
    another command read of it (``sb claim import``, which hashes the texts and captures of the
    sources it cites): each of ``text``, ``listing`` and ``capture`` is (identity, time, value)
    as ``VerifyCache.learn_clean`` takes them (the value a SHA-256, or the ``raw.*`` names). Only
    the way its ``deep_findings`` finds nothing without reading a byte: the recorded capture
    digest matches, and an extraction of these very bytes into this very text is known clean
    (``clean``); else None (left to verify)."""
    from ..sources.ingest import extraction_fact

    names = listing[2]
    if not names or capture is None:
        return None
    recorded = rec.get("raw_sha256")
    if isinstance(recorded, str) and recorded and recorded != capture[2]:
        return None
    if extraction_fact(capture[2], text[2], rec, names[0]) not in clean:
        return None
    sig = pair_sig(capture[0], text[0])
    return None if sig is None else (checked_key(sid), sig, max(capture[1], text[1]), checked_fact(text[2], rec))


def capture_key(sid: str, path: str) -> str:
    """The cache key of a raw capture's SHA-256 (apart from the folder's ``raw.*`` listing, even
    for a capture named so)."""
    return f"sources/{sid}/{os.path.basename(path)}#sha256"


class _Store:
    """Signed JSON documents in one folder; a document that fails its signature is absent."""

    def __init__(self, folder: str, key: bytes):
        self.folder = folder
        self.key = key

    def _path(self, name: str) -> str:
        return os.path.join(self.folder, name)

    def _mac(self, name: str, body: bytes) -> bytes:
        # The folder and name are signed with the body: a document renamed to another key (the
        # view of a good page filed under a bad page's hash) or copied from another workspace
        # fails its signature.
        msg = f"{self.folder}\0{name}\0".encode("utf-8", "surrogatepass") + body
        return hmac_sha256(self.key, msg).encode()

    def read(self, name: str) -> Any:
        try:
            with open(self._path(name), "rb") as fh:
                data = fh.read()
        except OSError:
            return None
        head, _, body = data.partition(b"\n")
        parts = head.split(b" ")
        if len(parts) != 2 or parts[0] != _MAGIC:
            return None
        if not compare_digest(self._mac(name, body), parts[1]):
            return None
        try:
            doc = json.loads(body)
        except ValueError:
            return None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("sb") != code_fingerprint():
            return None
        return doc.get("data")

    def write(self, name: str, data: Any) -> None:
        # ASCII with escapes: the C encoder writes it a fifth faster than UTF-8, and it reads the same
        body = json.dumps({"format": FORMAT, "sb": code_fingerprint(), "data": data},
                          separators=(",", ":")).encode("ascii")
        mac = self._mac(name, body)
        try:
            # no fsync: a torn or lost cache file fails its signature and is recomputed
            atomic_write_bytes(self._path(name), _MAGIC + b" " + mac + b"\n" + body, durable=False)
        except OSError:
            pass  # a read-only workspace: no cache, same answers

    def remove(self, name: str) -> None:
        try:
            os.unlink(self._path(name))
        except OSError:
            pass

    def prune(self, prefix: str, keep: int) -> None:
        """Keep the ``keep`` most recently written documents whose names start with ``prefix``."""
        try:
            names = [n for n in os.listdir(self.folder) if n.startswith(prefix) and n.endswith(".json")]
            if len(names) <= keep:
                return
            by_age = sorted(names, key=lambda n: os.stat(self._path(n)).st_mtime_ns, reverse=True)
            for n in by_age[keep:]:
                os.unlink(self._path(n))
        except OSError:
            pass


def signed_store(ws: Workspace) -> _Store | None:
    """The workspace's signed cache folder, or None without a usable key."""
    key = _load_key()
    return _Store(ws.path(".sb-cache", "verify"), key) if key else None


class _ByIdentity:
    """Facts about files, each valid while the file keeps the identity it had when learnt.
    Only facts this run used or learnt are kept, so facts about gone or changed files drop out
    (the next time a run learns something: ``_learnt``)."""

    def __init__(self, stored: Any, now_ns: int):
        self.old: dict[str, list] = stored if isinstance(stored, dict) else {}
        self.kept: dict[str, list] = {}
        self.now_ns = now_ns

    def get(self, key: str, sig: list[int] | None, kind: type) -> Any:
        hit = self.old.get(key)
        if sig is not None and isinstance(hit, list) and len(hit) == 2 and hit[0] == sig \
                and isinstance(hit[1], kind) and settled(sig, self.now_ns):
            self.kept[key] = hit
            return hit[1]
        return None

    def put(self, key: str, sig: list[int] | None, value: Any) -> None:
        if settled(sig, self.now_ns):
            self.kept[key] = [sig, value]

    @property
    def changed(self) -> bool:
        return _learnt(self.kept, self.old)


def _learnt(kept: dict, old: dict) -> bool:
    """Whether ``kept`` holds a fact ``old`` lacks. Only then is a part written (what this run
    used, which drops the rest): a fact left unused is never wrong (its key names a file or a
    content), so a run that learnt nothing leaves the file as it is."""
    return any(old.get(k) != v for k, v in kept.items())


class _ByContent:
    """Facts about content (keyed by hashes), true wherever they were learnt; only those this
    run used or learnt are kept."""

    def __init__(self, stored: Any):
        self.old: set[str] = {h for h in stored if isinstance(h, str)} if isinstance(stored, list) else set()
        self.kept: set[str] = set()

    def has(self, key: str) -> bool:
        if key in self.old:
            self.kept.add(key)
            return True
        return False

    def add(self, key: str) -> None:
        self.kept.add(key)

    @property
    def changed(self) -> bool:
        return not self.kept <= self.old


RECORD_SHARDS = "0123456789abcdef"  # the last character of a source id (``src_`` and 12 hex digits)


def _record_shard(sid: str) -> str:
    return sid[-1:] if sid[-1:] in RECORD_SHARDS else "0"


class VerifyCache:
    """The facts one verify run may reuse and the new ones it learns (saved by ``save``)."""

    def __init__(self, ws: Workspace, enabled: bool = True):
        self.now_ns = time.time_ns()
        self.store = signed_store(ws) if enabled else None
        # each part in files of its own, so a run writes only the parts it changed: the digests
        # of files; the parsed records (the largest part) in shards by id, so a record set
        # since is not the thousand others written again; and the facts by content
        read = self.store.read if self.store else (lambda name: None)
        self._digests = _ByIdentity(read("digests.json"), self.now_ns)
        records: dict = {}
        for shard in RECORD_SHARDS:
            part = read(f"records-{shard}.json")
            if isinstance(part, dict):
                records.update((k, v) for k, v in part.items() if _record_shard(k) == shard)
        self._records = _ByIdentity(records, self.now_ns)
        doc = read("facts.json")
        doc = doc if isinstance(doc, dict) else {}
        self._holds = _ByContent(doc.get("holds"))
        self._clean = _ByContent(doc.get("clean"))

    @property
    def enabled(self) -> bool:
        return self.store is not None

    # ---- source files ------------------------------------------------------------------
    def digest(self, rel: str, sig: list[int] | None) -> str | None:
        """The SHA-256 of a file learnt earlier, if the file is unchanged."""
        return self._digests.get(rel, sig, str)

    def remember_digest(self, rel: str, sig: list[int] | None, sha: str) -> None:
        if self.enabled:
            self._digests.put(rel, sig, sha)

    def listing(self, rel: str, sig: list[int] | None) -> list | None:
        """The names a folder held, learnt earlier, if its entries are unchanged."""
        return self._digests.get(rel, sig, list)

    def remember_listing(self, rel: str, sig: list[int] | None, names: list[str]) -> None:
        if self.enabled:
            self._digests.put(rel, sig, names)

    def record(self, sid: str, sig: list[int] | None) -> dict | None:
        """A source record known to parse and match its schema, if the file is unchanged."""
        return self._records.get(sid, sig, dict)

    def remember_record(self, sid: str, sig: list[int] | None, rec: dict) -> None:
        if self.enabled:
            self._records.put(sid, sig, rec)

    # ---- evidence, and whole files by content ---------------------------------------------
    def holds(self, key: str) -> bool:
        """True when this evidence held against this text in an earlier run (see ``ledger.clean_fact.hold_key``)."""
        return self._holds.has(key)

    def remember_hold(self, key: str) -> None:
        if self.enabled:
            self._holds.add(key)

    def clean(self, fact: str) -> bool:
        """True when an earlier run found a file with these exact bytes schema-clean."""
        return self._clean.has(fact)

    def remember_clean(self, fact: str) -> None:
        if self.enabled:
            self._clean.add(fact)

    # ---- pages -------------------------------------------------------------------------
    def page_fact(self, kind: str, key: str) -> Any:
        return self.store.read(f"{kind}-{key}.json") if self.store else None

    def remember_page_fact(self, kind: str, key: str, data: Any) -> None:
        if self.store:
            self.store.write(f"{kind}-{key}.json", data)
            self.store.prune(f"{kind}-", PAGES_KEPT)

    # ---- facts another command established -----------------------------------------------
    @classmethod
    def learn_clean(cls, ws: Workspace, facts: Iterable[str],
                    digests: Iterable[tuple[str, list[int], int, Any]] = (),
                    pages: Iterable[tuple[str, str, Any]] = (),
                    records: Iterable[tuple[str, list[int], int, bytes]] = ()) -> None:
        """Add content facts (keys over digests and records, true wherever they were learnt)
        that another command established by the very rules verify runs (``sb claim add`` checks
        each claim it stores), keeping every fact the cache holds; the next verify keeps those it
        uses. A fact ``HELD`` + a ``hold_key`` says an evidence span held. ``digests`` are
        (path, identity, time, SHA-256) of files the command read, each taken with the file's
        identity just before the read at that time: kept as verify keeps its own, only for a file
        that was settled then. Nothing is written without a usable key, or
        when every fact is known already. A digest's value may also be a folder's listing
        (``capture_facts``). ``pages`` are (kind, key, data) facts keyed by content, as
        ``remember_page_fact`` keeps them (the clusters of a claims file: ``ledger_facts``).
        ``records`` are (source id, identity, time, bytes) of ``source.json`` files the command
        read (``record_reads``): a record whose very bytes the cache knows to pass the record
        checks (``sources.store.record_fact``) is kept by its identity, parsed, as verify keeps
        the records it reads."""
        from ..ledger.clean_fact import HELD

        new = [f for f in facts if isinstance(f, str)]
        clean = {f for f in new if not f.startswith(HELD)}
        holds = {f[len(HELD):] for f in new if f.startswith(HELD)}
        files = {rel: [sig, sha] for rel, sig, at, sha in digests if settled(sig, at)}
        pages = list(pages)
        reads = [r for r in records if settled(r[1], r[2])]
        if not new and not files and not pages and not reads:
            return
        cache = cls(ws)
        for kind, key, data in pages if cache.store is not None else ():
            cache.remember_page_fact(kind, key, data)
        if cache.store is None:
            return
        from ..sources.store import record_fact

        known = cache._clean.old | clean
        recs = {}
        seen = {rel: (sig, at, value) for rel, sig, at, value in digests if settled(sig, at)}
        for sid, sig, _at, data in reads:
            if record_fact(sid, data) not in known:
                continue
            try:
                rec = json.loads(data.decode("utf-8"))  # as verify parses a record it reads
            except (UnicodeDecodeError, ValueError, RecursionError):
                continue
            if not isinstance(rec, dict):
                continue
            if cache._records.old.get(sid, [None])[0] != sig:
                recs[sid] = [sig, rec]
            # and what the normalizer gate would find checking this source once
            text, listing = seen.get(f"sources/{sid}/normalized.md"), seen.get(f"sources/{sid}/raw.*")
            if text is None or listing is None or not isinstance(listing[2], list) or not listing[2]:
                continue
            capture = seen.get(capture_key(sid, str(listing[2][0])))
            entry = checked_elsewhere(sid, rec, text, listing, capture, known)
            if entry is not None:
                files[entry[0]] = [entry[1], entry[3]]
        if (clean <= cache._clean.old and holds <= cache._holds.old and not recs
                and all(cache._digests.old.get(rel) == v for rel, v in files.items())):
            return
        cache._digests.kept = dict(cache._digests.old) | files
        cache._records.kept = dict(cache._records.old) | recs
        cache._holds.kept = cache._holds.old | holds
        cache._clean.kept = known
        cache.save()

    # ---- saving ------------------------------------------------------------------------
    def save(self) -> None:
        """Write each part this run learnt something in (``_learnt``): what it used and learnt."""
        if not self.store:
            return
        if self._digests.changed:
            self.store.write("digests.json", self._digests.kept)
        if self._records.changed:
            shards: dict[str, dict] = {shard: {} for shard in RECORD_SHARDS}
            for k, v in self._records.kept.items():
                shards[_record_shard(k)][k] = v
            for shard, kept in shards.items():
                if _learnt(kept, self._records.old):
                    self.store.write(f"records-{shard}.json", kept)
        if self._holds.changed or self._clean.changed:
            self.store.write("facts.json", {"holds": sorted(self._holds.kept), "clean": sorted(self._clean.kept)})
            self.store.remove("sources.json")  # the one file earlier versions kept all of this in
