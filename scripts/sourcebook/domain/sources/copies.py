"""Copies of one document are one source (an amendment to the original kit).

A source added under another name or URL with the same bytes, or extracted to the same canonical
text, or to a near-duplicate text (another edition or format: see ``engines.search.shingles``) is
linked to the source it copies: ``same_as`` in its record, with ``same_as_basis`` saying how the
link was found (``bytes``, ``text``, ``near``) or that the user set it (``user``; a user's
``same_as: null`` is an undone link that detection never re-creates). The ledger counts a group
of linked sources once for corroboration.

Finding a copy must not read every text in a large workspace, so each source's raw SHA-256,
text SHA-256, shingle count and sketch are kept in ``.sb-cache/fingerprints-N.tsv`` (N: the
sketch format), one line per source, appended as sources are added and extracted (the last
line of a source wins). The file is
derived, like everything in ``.sb-cache/``: sources it does not list (a deleted cache, an older
workspace, ``sb init --from``) are fingerprinted from their records and texts on first use and
appended, and lines of removed sources are ignored. A lookup reads this one file, not the texts.
"""

from __future__ import annotations

import os

from ...base.errors import SbError
from ...base.ids import is_src_id, sha256_text
from ...base.patterns import lazy
from ...engines.search import shingles
from ..workspace.layout import Workspace
from ..workspace.records import SourceRecord
from .store import load_source, read_normalized, save_source, try_load_source

MAX_HOPS = 32
DETECTED = ("bytes", "text", "near")  # the bases detection sets, and may take back
FIND_CALLS = 4  # near-duplicate lookups answered by searching the file before its bands are indexed
_ID = lazy(r"src_[0-9a-f]{12}")


class Entry:
    """One source's line of the fingerprints file (a plain class: ``sb add`` imports no ``dataclasses``)."""

    __slots__ = ("sid", "raw", "text", "count", "sketch")

    def __init__(self, sid: str, raw: str = "", text: str = "", count: int = 0, sketch: str = "") -> None:
        self.sid = sid
        self.raw = raw  # raw SHA-256 ("" when unknown)
        self.text = text  # normalized SHA-256 ("" until ready)
        self.count = count  # distinct shingles
        self.sketch = sketch  # shingles.Sketch.to_hex() ("" until ready)

    def _key(self) -> tuple:
        return (self.sid, self.raw, self.text, self.count, self.sketch)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and self._key() == other._key()

    def __repr__(self) -> str:
        return "Entry(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"

    def line(self) -> str:
        return f"{self.sid}\t{self.raw}\t{self.text}\t{self.count}\t{self.sketch}\n"

    @classmethod
    def parse(cls, line: str) -> Entry | None:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 5 or not is_src_id(parts[0]) or not parts[3].isdigit():
            return None  # a torn or foreign line: ignored, the source is fingerprinted again
        if parts[4] and len(parts[4]) != 8 * shingles.BUCKETS:
            return None
        return cls(parts[0], parts[1], parts[2], int(parts[3]), parts[4])


class Match:
    __slots__ = ("other", "basis", "share")

    def __init__(self, other: str, basis: str, share: float = 1.0) -> None:
        self.other = other  # the source this one copies (the root of its group)
        self.basis = basis  # bytes | text | near
        self.share = share  # near: estimated share of the shorter text's shingles found in the other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and (self.other, self.basis, self.share) == (other.other, other.basis,
                                                                                     other.share)

    def __repr__(self) -> str:
        return f"Match(other={self.other!r}, basis={self.basis!r}, share={self.share!r})"


class Fingerprints:
    """The fingerprints of a workspace's sources, loaded once per command.

    The file is read as one string and parsed only where a lookup lands (a hash or a band value
    found by ``str.find``), so a command costs one read of it, not a parse of every line."""

    def __init__(self, ws: Workspace, progress=None):
        """``progress(done, total, what)`` follows the one long case: sources the file does not
        list yet (a new sketch format, a deleted cache) are fingerprinted, about 3 ms each."""
        self.ws = ws
        self._blob = ""
        try:
            with open(ws.fingerprints_path, encoding="utf-8") as fh:
                self._blob = fh.read()
        except FileNotFoundError:
            pass
        except (OSError, UnicodeDecodeError):
            self._blob = ""
        # each line starts with its source id and a tab: splitting lines is cheaper than a regex
        self._known = {k for k in {line[:16] for line in self._blob.split("\n") if line[16:17] == "\t"}
                       if _ID.fullmatch(k)}
        self._parsed: dict[str, Entry | None] = {}
        self.present = set(ws.source_dir_names())  # a listing, no stat per source
        self._pending: list[Entry] = []
        self._mine: dict[str, Entry] = {}  # entries learnt in this run
        # ... indexed by raw hash, text hash and LSH band, so a lookup in a run that learnt ten
        # thousand entries does not compare against each of them (that was quadratic)
        self._mine_by: dict[str, dict[str, set[str]]] = {"raw": {}, "text": {}, "band": {}}
        self._calls = 0
        self._index: dict[str, dict[str, set[str]]] | None = None  # see _file_index
        self._sketches: dict[str, shingles.Sketch] = {}  # parsed sketches, by their hex
        self._alive: set[str] = set()
        self._learnt = 0  # entries learnt so far (a ``near`` answer holds until the next)
        self._near_memo: tuple[str, Entry, int, tuple[tuple[float, str], ...]] | None = None
        missing = sorted(self.present - self._known)
        for k, sid in enumerate(missing):
            if progress is not None:
                progress(k, len(missing), "fingerprinting sources for copy detection (once)")
            self._fingerprint_existing(sid)

    def entry(self, sid: str) -> Entry | None:
        """The latest entry of a source (this run's, else the file's last line for it)."""
        if sid in self._mine:
            return self._mine[sid]
        if sid not in self._parsed:
            e = None
            i = self._blob.rfind(sid + "\t")
            while i > 0 and self._blob[i - 1] != "\n":
                i = self._blob.rfind(sid + "\t", 0, i)
            if i >= 0:
                j = self._blob.find("\n", i)
                e = Entry.parse(self._blob[i:j if j >= 0 else len(self._blob)])
            self._parsed[sid] = e
        return self._parsed[sid]

    def _lines_with(self, needle: str) -> set[str]:
        """Ids of the file's lines that contain ``needle``."""
        out = set()
        blob = self._blob
        i = blob.find(needle)
        while i >= 0:
            start = blob.rfind("\n", 0, i) + 1
            out.add(blob[start:start + 16])
            i = blob.find(needle, i + 1)
        return out

    def _fingerprint_existing(self, sid: str) -> None:
        rec = try_load_source(self.ws, sid)
        if rec is None:
            return
        e = Entry(sid, str(rec.get("raw_sha256") or ""))
        if rec.get("status") == "ready":
            text = read_normalized(self.ws, sid)
            if text is not None:
                self._fill_text(e, text)
        self._put(e)

    @staticmethod
    def _fill_text(e: Entry, text: str, sketch: shingles.Sketch | None = None, text_sha: str | None = None) -> None:
        sk = sketch if sketch is not None else shingles.sketch(text)
        e.text, e.count, e.sketch = text_sha or sha256_text(text), sk.shingles, sk.to_hex()

    def _put(self, e: Entry) -> None:
        old = self._mine.get(e.sid)
        for entry, add in ((old, False), (e, True)):
            if entry is None:
                continue
            keys = [("raw", entry.raw), ("text", entry.text)] + [("band", b) for b in shingles.bands(entry.sketch)]
            for field, value in keys:
                if not value:
                    continue
                ids = self._mine_by[field].setdefault(value, set())
                if add:
                    ids.add(e.sid)
                else:
                    ids.discard(e.sid)
        self._mine[e.sid] = e
        self._learnt += 1
        self.present.add(e.sid)
        self._pending.append(e)

    def save(self) -> None:
        """Append what this command learnt (the caller holds the workspace lock)."""
        if not self._pending:
            return
        try:
            os.makedirs(os.path.dirname(self.ws.fingerprints_path), exist_ok=True)
            if not self._blob:  # a new file: an older format's file is dead weight now
                import glob

                for old in glob.glob(os.path.join(os.path.dirname(self.ws.fingerprints_path), "fingerprints*.tsv")):
                    if old != self.ws.fingerprints_path:
                        os.unlink(old)
            # derived, so never fsynced: a line lost or torn by a crash is found missing (or
            # unreadable) and the source fingerprinted again
            with open(self.ws.fingerprints_path, "a", encoding="utf-8") as fh:
                fh.write("".join(e.line() for e in self._pending))
        except OSError:
            pass  # derived: recomputed next time
        self._pending = []

    # ---- recording -------------------------------------------------------------------------
    def added(self, sid: str, raw_sha: str) -> None:
        old = self.entry(sid)
        if old is None or old.raw != raw_sha:
            self._put(Entry(sid, raw_sha, *(old.text, old.count, old.sketch) if old else ()))

    def extracted(self, sid: str, raw_sha: str, text: str, sketch: shingles.Sketch | None = None,
                  text_sha: str | None = None) -> None:
        """Learn a source's new text (``sketch`` and ``text_sha``: its sketch and hash when
        already computed)."""
        e = Entry(sid, raw_sha)
        self._fill_text(e, text, sketch, text_sha)
        old = self.entry(sid)
        if old is None or (old.raw, old.text, old.sketch) != (e.raw, e.text, e.sketch):
            self._put(e)

    # ---- finding -----------------------------------------------------------------------------
    def _live(self, sid: str) -> bool:
        if sid not in self._alive:  # sources are not removed while a command holds the lock
            if not (sid in self.present and os.path.isfile(self.ws.source_json(sid))):
                return False
            self._alive.add(sid)
        return True

    def _matching(self, sid: str, field: str, value: str) -> list[str]:
        """Ids whose latest entry has ``field == value`` (found in the file or in this run)."""
        index = self._file_index()
        found = index[field].get(value, set()) if index is not None else self._lines_with(f"\t{value}\t")
        cands = found | self._mine_by[field].get(value, set())
        out = []
        for o in cands:
            e = self.entry(o)
            if o != sid and e is not None and getattr(e, field) == value and self._live(o):
                out.append(o)
        return sorted(out)

    def same_bytes(self, sid: str, raw_sha: str) -> list[str]:
        return self._matching(sid, "raw", raw_sha) if raw_sha else []

    def same_text(self, sid: str) -> list[str]:
        me = self.entry(sid)
        return self._matching(sid, "text", me.text) if me is not None and me.text else []

    def near(self, sid: str) -> list[tuple[float, str]]:
        """(estimated containment, id) of near-duplicates of a source, best first.

        Asked twice for one source in a row (a copy found, then the strays beside it), the
        answer is the one already found: nothing it depends on was learnt in between. Among the
        candidates, entries with the same sketch and count (copies of one document, which a
        workspace with many copies has by the hundred) are compared once."""
        me = self.entry(sid)
        if me is None or not me.sketch:
            return []
        memo = self._near_memo
        if memo is not None and memo[0] == sid and memo[1] is me and memo[2] == self._learnt:
            return list(memo[3])
        cands = self._band_hits(sid, me.sketch)
        mine = self._sketch(me)
        out = []
        seen: dict[tuple[str, int], float | None] = {}  # the containment of a near one, else None
        # a templated family (say, hundreds of proposals from one template) shares bands with
        # every member: sizes settle most pairs, and each sketch is parsed once per command
        for o in sorted(cands):
            e = self.entry(o)
            if e is None or not e.sketch:
                continue
            key = (e.sketch, e.count)
            if key in seen:
                share = seen[key]
            else:
                share = None
                if shingles.may_be_near(me.count, e.count):
                    like = shingles.likeness(mine, self._sketch(e))
                    if like.near:
                        share = like.containment
                seen[key] = share
            if share is not None and self._live(o):
                out.append((share, o))
        out.sort(key=lambda t: (-t[0], t[1]))
        self._near_memo = (sid, me, self._learnt, tuple(out))
        return out

    def _file_index(self) -> dict[str, dict[str, set[str]]] | None:
        """The file's entries indexed by raw hash, text hash and band, once a command has made
        more than ``FIND_CALLS`` lookups (a batch: ``sb extract`` of many sources), else None.
        A few lookups search the file as a string; ten thousand would each scan it (quadratic),
        so a batch parses it once instead."""
        self._calls += 1
        if self._calls <= FIND_CALLS:
            return None
        if self._index is None:
            latest: dict[str, Entry] = {}
            for line in self._blob.splitlines():
                e = Entry.parse(line)
                if e is not None:
                    latest[e.sid] = e  # the last line of a source wins
            self._index = {"raw": {}, "text": {}, "band": {}}
            for sid, e in latest.items():
                self._parsed.setdefault(sid, e)
                for field, value in (("raw", e.raw), ("text", e.text)):
                    if value:
                        self._index[field].setdefault(value, set()).add(sid)
                for b in shingles.bands(e.sketch) if e.sketch else ():
                    self._index["band"].setdefault(b, set()).add(sid)
        return self._index

    def _sketch(self, e: Entry) -> shingles.Sketch:
        sk = self._sketches.get(e.sketch)
        if sk is None or sk.shingles != e.count:
            sk = self._sketches[e.sketch] = shingles.Sketch.from_hex(e.count, e.sketch)
        return sk

    def _band_hits(self, sid: str, sketch: str) -> set[str]:
        """Sources sharing an LSH band with ``sketch``. A band is 16 hex digits at a fixed place
        in the sketch; such a string occurs in the file almost only where a band really matches,
        so the file is searched for each band (a scan at memory speed, no parsing) and each hit
        is checked for its place. Entries learnt in this run are compared directly."""
        width = 8 * shingles.BAND
        out: set[str] = set()
        blob = self._blob
        index = self._file_index()
        if index is not None:
            for band in shingles.bands(sketch):
                out.update(index["band"].get(band, ()))
                out.update(self._mine_by["band"].get(band, ()))
            out.discard(sid)
            return out
        for band in shingles.bands(sketch):
            n, part = band.split(":", 1)
            at = int(n) * width
            i = blob.find(part)
            while i >= 0:
                start = blob.rfind("\n", 0, i) + 1
                line_end = blob.find("\n", i)
                line = blob[start:line_end if line_end >= 0 else len(blob)]
                fields = line.split("\t")
                if len(fields) == 5 and line.rfind("\t") + 1 + at == i - start:
                    out.add(fields[0])
                i = blob.find(part, i + 1)
            out.update(self._mine_by["band"].get(band, ()))
        out.discard(sid)
        # a hit on a stale line (the source was extracted again since) is judged on its latest entry
        return out


def root_of(ws: Workspace, sid: str) -> str:
    """The first source of a group of copies (following ``same_as``; a cycle stops the walk)."""
    seen = {sid}
    cur = sid
    for _ in range(MAX_HOPS):
        rec = try_load_source(ws, cur)
        nxt = rec.get("same_as") if rec else None
        if not is_src_id(nxt) or nxt in seen or not ws.has_source(str(nxt)):
            return cur
        seen.add(str(nxt))
        cur = str(nxt)
    return cur


def _declared_independent(ws: Workspace, sid: str) -> bool:
    rec = try_load_source(ws, sid) or {}
    return rec.get("same_as_basis") == "user" and not rec.get("same_as")


def _pick(ws: Workspace, sid: str, others: list[str]) -> str | None:
    """The group root of the first candidate that is not in this source's own group, nor
    declared independent by the user (an undone link is undone both ways)."""
    for o in others:
        if _declared_independent(ws, o):
            continue
        root = root_of(ws, o)
        if root != sid and root_of(ws, root) != sid:
            return root
    return None


def detect(ws: Workspace, fp: Fingerprints, rec: dict, *, text: bool) -> Match | None:
    """The source ``rec`` copies, by bytes (always) and by text (once extracted), or None.
    A link the user set or undid is never replaced."""
    sid = rec["id"]
    if rec.get("same_as_basis") == "user":
        return None
    found = _pick(ws, sid, fp.same_bytes(sid, str(rec.get("raw_sha256") or "")))
    if found:
        return Match(found, "bytes")
    if not text:
        return None
    found = _pick(ws, sid, fp.same_text(sid))
    if found:
        return Match(found, "text")
    for share, other in fp.near(sid):
        found = _pick(ws, sid, [other])
        if found:
            return Match(found, "near", share)
    return None


def strays(ws: Workspace, fp: Fingerprints, sid: str, root: str) -> list[tuple[str, Match]]:
    """Sources near ``sid`` that belong to no group yet, now that ``sid`` joined ``root``'s
    group: ``(source, Match(root, "near"))``, each to be linked to ``root`` as well. Without this, a
    document over several HTML pages extracted before its PDF would stay several documents:
    the PDF links to the first page only, and each other page was compared before the PDF had
    a text. A source in a group of its own, linked by the user, or declared independent is
    left alone."""
    out = []
    for share, other in fp.near(sid):
        if other in (sid, root):
            continue
        rec = try_load_source(ws, other)
        if rec is None or rec.get("same_as") or rec.get("same_as_basis") == "user" or _is_linked_to(ws, other):
            continue
        out.append((other, Match(root, "near", share)))
    return out


def _is_linked_to(ws: Workspace, sid: str) -> bool:
    """Whether another source names ``sid`` as the one it copies (``sid`` heads a group)."""
    for other in ws.source_ids():
        rec = try_load_source(ws, other) if other != sid else None
        if rec is not None and rec.get("same_as") == sid:
            return True
    return False


def link(rec: dict, match: Match) -> None:
    rec["same_as"] = match.other
    rec["same_as_basis"] = match.basis


_TIER_RANK = {"A": 0, "B": 1, "C": 2, "D": 3}


def _attested(rec: SourceRecord | dict) -> bool:
    from ...engines.ledger.origin import attestation

    return attestation(rec) is not None


def take_lower_tier(ws: Workspace, rec: dict, other: str) -> str | None:
    """A copy and the document it copies are rated alike, at the lower tier of the two: lower
    whichever of ``rec`` and the other group's root is rated higher (a person's attestation
    keeps a tier). The root, when lowered, is saved here. Returns the words saying so."""
    root_id = root_of(ws, other)
    root = try_load_source(ws, root_id) or {}
    mine, theirs = rec.get("tier"), root.get("tier")
    if mine not in _TIER_RANK or theirs not in _TIER_RANK or mine == theirs:
        return None
    low, high = (root, rec) if _TIER_RANK[str(theirs)] > _TIER_RANK[str(mine)] else (rec, root)
    if _attested(high):
        return None
    given = high["tier"]
    high["tier"] = low["tier"]
    why = f"lowered from tier {given}: the same document as {low.get('id')} (tier {low['tier']})"
    reason = str(high.get("tier_reason") or "").strip()
    high["tier_reason"] = f"{reason}; {why}" if reason else why
    if high is root:
        save_source(ws, root)  # type: ignore[arg-type]
    return (f"the two take the lower tier of the two: {high.get('id')} is now tier {low['tier']} (was {given}); "
            f"if a person vouches for it: sb source set {high.get('id')} tier={given} attest=\"why\"")


def copy_tier_problem(ws: Workspace, rec: SourceRecord | dict) -> None:
    """Refuse rating a copy better than the document it copies, unless attested."""
    other = rec.get("same_as")
    if not is_src_id(other) or not ws.has_source(str(other)) or _attested(rec):
        return
    root = try_load_source(ws, root_of(ws, str(other))) or {}
    mine, theirs = rec.get("tier"), root.get("tier")
    if mine in _TIER_RANK and theirs in _TIER_RANK and _TIER_RANK[str(theirs)] > _TIER_RANK[str(mine)]:
        raise SbError("E-TIER-COPY", str(rec.get("id")),
                      f"a copy of {root.get('id')} (tier {theirs}) cannot be rated tier {mine}: a copy takes the "
                      f"lower tier of the two; nothing was changed. Add attest=\"why a reader may trust this copy\", "
                      "or same_as=none if they are independent documents")


def unlink(rec: dict) -> None:
    """Remove a link detection made (never one the user set: see ``DETECTED``)."""
    rec.pop("same_as", None)
    rec.pop("same_as_basis", None)


def describe(ws: Workspace, match: Match) -> str:
    """The warning's words: what the other source is and how the copy was found."""
    other = try_load_source(ws, match.other) or {}
    name = other.get("title") or other.get("locator") or match.other
    how = {"bytes": "the same bytes as", "text": "the same canonical text as",
           "near": f"a near-duplicate (about {round(match.share * 100)}% of its 5-word shingles shared) of"}
    return (f"{how[match.basis]} {match.other} ({str(name)[:80]}): another copy or edition of one document, "
            "counted and shown as one document with it (one source for corroboration, one quote budget, one "
            "search hit)")


def set_same_as(ws: Workspace, sid: str, value: str) -> tuple[SourceRecord, str]:
    """``sb source set SRC same_as=SRC2`` (declare) or ``same_as=none`` (undo). Returns the
    record and a history note; the caller saves both under the lock."""
    rec = load_source(ws, sid)
    target = value.strip()
    before = rec.get("same_as")
    if target.lower() in ("", "none", "null"):
        rec["same_as"] = None
        rec["same_as_basis"] = "user"
        return rec, f"source {sid}: declared independent (was same_as {before or 'nothing'})"
    if not is_src_id(target):
        raise SbError("E-SOURCE-UNKNOWN", target[:80], "same_as takes a source id (src_ and 12 hex digits), "
                      "or none to undo the link")
    if target == sid:
        raise SbError("E-SAME-AS", sid, "a source cannot be a copy of itself")
    load_source(ws, target)  # E-SOURCE-UNKNOWN / E-SCHEMA
    if root_of(ws, target) == sid:
        raise SbError("E-SAME-AS", sid, f"{target} is already linked to {sid} (same_as); linking back would "
                      f"make a circle. They already count as one source")
    shared = shared_text(read_normalized(ws, sid), read_normalized(ws, target))
    if shared is not None and shared < SAME_AS_SHARED:
        raise SbError("E-SAME-AS", sid, f"{sid} and {target} share almost no text ({shared:.0%} of the shorter one's "
                      "five-word runs); same_as is for copies and editions of one document, and two documents that "
                      "tell the same story are two sources: nothing was changed")
    rec["same_as"] = target
    rec["same_as_basis"] = "user"
    return rec, f"source {sid}: declared the same document as {target}"


SAME_AS_SHARED = 0.2  # an edition in another format shares most of its runs; another document few


def shared_text(a: str | None, b: str | None) -> float | None:
    """The share of the shorter text's five-word runs the longer one holds (None when a text is
    missing or too short to say)."""
    if not a or not b:
        return None
    runs = []
    for text in (a, b):
        words = text.casefold().split()
        runs.append({" ".join(words[i:i + 5]) for i in range(max(0, len(words) - 4))})
    small, big = sorted(runs, key=len)
    if len(small) < 5:
        return None
    return len(small & big) / len(small)
