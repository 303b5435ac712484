"""GateContext: everything the gates look at, read from the workspace once.

Files are read tolerantly: a file that is not JSON, or has the wrong shape, becomes an
``E-JSON``/``E-SCHEMA`` finding naming the file and pointer, and the gates carry on with what
could be read (never a traceback). Derived views (texts, ordinals, marks, clusters) are
computed on first use and cached, so a thousand claims cost one pass each.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from ...base.errors import Finding, SbError
from ...base.ids import is_src_id
from ...base.record import TupleRecord
from ...engines.page.view import PageView, read_page
from ..sources.store import decoded_head, read_head, record_fact
from ..workspace.identity import record_told
from ..workspace.layout import MANIFEST, Workspace
from ..workspace.records import Adjudication, Claim
from .options import VerifyOptions
from .verify_cache import VerifyCache, capture_key, dir_sig, file_sig

if TYPE_CHECKING:
    from ...engines.page.prose import PageProse



class Page(TupleRecord):
    path: str  # absolute
    rel: str  # as shown in findings
    exists: bool
    selected: bool  # the artifact named by --html/--artifact/plan.type


def _load_json(path: str, rel: str, problems: list[Finding], shas: dict[str, str] | None = None,
               read: list[bytes] | None = None) -> Any:
    """The parsed file, or None (with a finding) when it cannot be read or parsed. ``shas``
    collects the SHA-256 of the bytes read, by ``rel``; ``read`` gets the bytes."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        if shas is not None:
            shas[rel] = hashlib.sha256(data).hexdigest()
        if read is not None:
            read.append(data)
    except FileNotFoundError:
        return None
    except OSError as exc:
        problems.append(Finding("E-JSON", rel, f"cannot read: {exc.strerror or exc}"))
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        problems.append(Finding("E-JSON", rel, f"not valid UTF-8 at byte {exc.start}; restore the file"))
    except json.JSONDecodeError as exc:
        problems.append(Finding("E-JSON", rel, f"invalid JSON at line {exc.lineno} column {exc.colno}: "
                                               f"{exc.msg}; fix or restore the file"))
    except RecursionError:
        problems.append(Finding("E-JSON", rel, "JSON nested too deeply"))
    return None


def _items(doc: Any, key: str, rel: str, problems: list[Finding]) -> list[tuple[int, dict]]:
    """``doc[key]`` as (index, object) pairs; anything else is reported and skipped."""
    if doc is None:
        return []
    if not isinstance(doc, dict) or not isinstance(doc.get(key), list):
        found = type(doc).__name__ if not isinstance(doc, dict) else "keys " + ", ".join(sorted(map(str, doc)))
        problems.append(Finding("E-SCHEMA", f"{rel}/{key}",
                                f"expected an object with a {key!r} array; the file holds {found}"))
        return []
    out = []
    for i, item in enumerate(doc[key]):
        if isinstance(item, dict):
            out.append((i, item))
        else:
            problems.append(Finding("E-SCHEMA", f"{rel}/{key}/{i}", f"expected an object, found {type(item).__name__}"))
    return out


def _valid(pairs: list[tuple[int, dict]], schema: str, rel: str, key: str) -> tuple[list[dict], list[Finding]]:
    """(items that match their schema, schema findings of the whole file)."""
    from .schema_check import schema_findings

    doc = {"schema_version": 1, key: [item for _, item in pairs]}
    found = schema_findings(doc, schema, rel)
    bad: set[int] = set()
    prefix = f"{rel}/{key}/"
    for f in found:
        if f.subject.startswith(prefix):
            bad.add(int(f.subject[len(prefix):].split("/", 1)[0]))
    # report pointers with the file's own indices, not the filtered ones
    fixed = []
    for f in found:
        if f.subject.startswith(prefix):
            head, _, tail = f.subject[len(prefix):].partition("/")
            f = Finding(f.code, f"{prefix}{pairs[int(head)][0]}{'/' + tail if tail else ''}", f.message)
        fixed.append(f)
    return [item for j, (_, item) in enumerate(pairs) if j not in bad], fixed


class GateContext:
    def __init__(self, ws: Workspace, opts: VerifyOptions | None = None):
        self.ws = ws
        self.opts = opts or VerifyOptions()
        self.problems: list[Finding] = []  # load problems, reported by the schemas gate
        self.manifest: dict = {}
        try:
            self.manifest = ws.load_manifest()
        except SbError as exc:
            self.problems.append(Finding(exc.code, exc.subject, exc.message))
        self.raw_manifest = self.manifest
        self.cache = VerifyCache(ws, enabled=self.opts.cache and not self.opts.deep)
        # sources: id -> record (None when source.json is unreadable)
        self.sources: dict[str, dict | None] = {}
        self.source_sigs: dict[str, list[int]] = {}
        self.trusted: set[str] = set()  # records the cache vouches for (parsed, schema-clean)
        for sid in ws.source_dir_names():
            path = ws.source_json(sid)
            sig = file_sig(path)
            if sig is None:
                continue  # a folder without a record is not a source
            self.source_sigs[sid] = sig
            rec = self.cache.record(sid, sig)
            if rec is not None:
                self.trusted.add(sid)
                self.sources[sid] = rec
                continue
            rel = f"sources/{sid}/source.json"
            read: list[bytes] = []
            rec = _load_json(path, rel, self.problems, read=read if self.cache.enabled else None)
            if rec is not None and not isinstance(rec, dict):
                self.problems.append(Finding("E-SCHEMA", rel + "/", f"expected an object, found {type(rec).__name__}"))
                rec = None
            self.sources[sid] = rec
            # these very bytes passed the record checks before (``sb extract`` and other batches
            # tell the cache of the records they write): kept by identity from now on
            if rec is not None and read and self.cache.clean(record_fact(sid, read[0])):
                self.trusted.add(sid)
                self.cache.remember_record(sid, sig, rec)
        self.doc_shas: dict[str, str] = {}
        self.claims_doc = _load_json(ws.claims_path, "ledger/claims.json", self.problems, self.doc_shas)
        pairs = _items(self.claims_doc, "claims", "ledger/claims.json", self.problems)
        self.claims: list[dict] = [c for _, c in pairs]  # every readable claim, for the per-claim gates
        # claims that match the schema: the only ones handed to the ledger's own functions
        valid, self.claim_schema = self._valid(pairs, "claims", "ledger/claims.json", "claims")
        self.valid_claims = cast("list[Claim]", valid)
        self.adj_doc = _load_json(ws.adjudications_path, "ledger/adjudications.json", self.problems, self.doc_shas)
        apairs = _items(self.adj_doc, "adjudications", "ledger/adjudications.json", self.problems)
        adjs, self.adj_schema = self._valid(apairs, "adjudications", "ledger/adjudications.json", "adjudications")
        self.adjudications = cast("list[Adjudication]", adjs)
        self.plan: dict | None = None
        self.plan_doc = _load_json(ws.plan_path, "plan.json", self.problems, self.doc_shas)
        if isinstance(self.plan_doc, dict):
            self.plan = self.plan_doc
        elif self.plan_doc is not None:
            self.problems.append(Finding("E-SCHEMA", "plan.json/", f"expected an object, found {type(self.plan_doc).__name__}"))
        self.plan_exists = os.path.isfile(ws.plan_path)
        self._texts: dict[str, str | None] = {}
        self._bytes: dict[str, bytes | None] = {}
        self._shas: dict[str, str | None] = {}
        self.text_sigs: dict[str, list[int] | None] = {}  # normalized.md's identity, by source id
        self._raws: dict[str, list[str]] = {}
        self._raw_sigs: dict[str, list[int] | None] = {}
        self._pages_html: dict[str, str] = {}
        self._pages_sha: dict[str, str] = {}
        self._views: dict[str, PageView] = {}
        self._memo: dict[str, Any] = {}
        self._told: dict[Any, str] = {}

    def _clean_fact(self, schema: str, rel: str) -> str | None:
        """The cache key of "these very bytes of ``rel`` match ``schema``" (None: not read)."""
        sha = self.doc_shas.get(rel)
        return f"{schema}:{sha}" if sha else None

    def _valid(self, pairs: list[tuple[int, dict]], schema: str, rel: str, key: str) -> tuple[list[dict], list[Finding]]:
        """``_valid``, skipped for a file whose very bytes an earlier run found clean."""
        fact = self._clean_fact(schema, rel)
        if fact and self.cache.clean(fact):
            return [item for _, item in pairs], []
        valid, found = _valid(pairs, schema, rel, key)
        if fact and not found:
            self.cache.remember_clean(fact)
        return valid, found

    def schema_findings(self, doc: Any, schema: str, rel: str) -> list[Finding]:
        """Schema findings of a whole file, skipped when an earlier run found these bytes clean."""
        from .schema_check import schema_findings

        fact = self._clean_fact(schema, rel)
        if fact and self.cache.clean(fact):
            return []
        found = schema_findings(doc, schema, rel)
        if fact and not found:
            self.cache.remember_clean(fact)
        return found

    def memo(self, key: str, fn):
        """Compute a derived view once per run (ordinals, clusters, ...)."""
        if key not in self._memo:
            self._memo[key] = fn(self)
        return self._memo[key]

    def recall(self, key: str) -> Any:
        """What ``memo`` holds for ``key`` (a gate's result another gate may use), or None."""
        return self._memo.get(key)

    def page_model(self, page: Page):
        """The page read once for every gate that reads its markup and style (the linter's
        model: the document, its style sheets and, on first use, the cascade)."""
        def read(ctx: GateContext):
            from ..lint.page import Page as PageModel

            return PageModel(ctx.page_html(page), page.rel)
        return self.memo(f"page-model:{page.rel}", read)

    # ---- claims --------------------------------------------------------------------------
    @cached_property
    def claims_by_id(self) -> dict[str, dict]:
        out: dict[str, dict] = {}
        for c in self.claims:
            cid = c.get("id")
            if isinstance(cid, str) and cid not in out:
                out[cid] = c
        return out

    @cached_property
    def active(self) -> list[dict]:
        return [c for c in self.claims if is_active(c)]

    # ---- sources -------------------------------------------------------------------------
    def source(self, sid: Any) -> dict | None:
        return self.sources.get(sid) if isinstance(sid, str) else None

    def tier(self, sid: Any) -> str:
        """A source's tier; an unknown or unreadable source counts as tier D."""
        rec = self.source(sid)
        t = rec.get("tier") if rec else None
        return t if t in ("A", "B", "C", "D") else "D"

    def raw_text(self, sid: Any) -> bytes | None:
        """The bytes of a source's normalized.md (read once per run), or None."""
        if not is_src_id(sid):
            return None
        if sid not in self._bytes:
            try:
                with open(self.ws.normalized_path(sid), "rb", buffering=0) as fh:
                    self._bytes[sid] = fh.read()
            except OSError:
                self._bytes[sid] = None
        return self._bytes[sid]

    def ledger_key(self) -> str | None:
        """A cache key for "this ledger over these sources": the claims file's digest, and each
        source's text digest and whole record. Every gate that remembers a verdict over the
        ledger keys it on this (or on ``world_key``), never on a list of the record fields it
        reads: a field its rules come to read later cannot be left out. None when the cache is
        off or a text is missing (a gate then judges afresh)."""
        doc = self.doc_shas.get("ledger/claims.json")
        if not self.cache.enabled or doc is None:
            return None
        return self.memo("ledger-key", lambda ctx: ctx._ledger_key(doc))

    def _ledger_key(self, doc: str) -> str | None:
        texts = self.memo("text-shas", lambda ctx: [(sid, ctx.text_sha(sid)) for sid in sorted(ctx.sources)])
        h = hashlib.sha256(doc.encode("ascii"))
        for sid, sha in texts:
            if sha is None:
                return None
            h.update(f"\0{sid}:{sha}:{self.record_told(sid)}".encode("utf-8", "surrogatepass"))
        return h.hexdigest()[:40]

    def record_told(self, sid: Any) -> str:
        """A source's whole record as a cache key names it (``workspace.identity.record_told``):
        by its file's identity, the identity the record cache trusts (a record read afresh has
        one too), so no thousand records need be printed; one written too recently for its
        identity to count is named by what was read of it. Computed once per run."""
        told = self._told.get(sid)
        if told is None:
            told = self._told[sid] = record_told(self.source_sigs.get(sid), self.cache.now_ns, self.source(sid))
        return told

    def world_key(self) -> str | None:
        """``ledger_key`` and everything else a page, a report or a podcast script is read
        against: the decisions, the plan and the question. None as ``ledger_key``."""
        return self.memo("world-key", lambda ctx: ctx._world_key())

    def _world_key(self) -> str | None:
        led = self.ledger_key()
        if led is None:
            return None
        question = self.manifest.get("question") if isinstance(self.manifest, dict) else None
        body = json.dumps([led, self.doc_shas.get("ledger/adjudications.json"), self.doc_shas.get("plan.json"),
                           question], ensure_ascii=False, default=str)
        return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:40]

    def text_sha(self, sid: Any) -> str | None:
        """SHA-256 of a source's normalized.md (from the cache when the file is unchanged), or None."""
        if sid in self._shas:  # only a source id is ever looked up (below)
            return self._shas[sid]
        if not is_src_id(sid):
            return None
        if sid not in self._shas:
            path = self.ws.normalized_path(sid)
            rel = f"sources/{sid}/normalized.md"
            sig = self.text_sigs[sid] = file_sig(path) if self.cache.enabled else None
            sha = self.cache.digest(rel, sig)
            if sha is None:
                data = self.raw_text(sid)
                sha = None if data is None else hashlib.sha256(data).hexdigest()
                if sha is not None:
                    self.cache.remember_digest(rel, sig, sha)
            self._shas[sid] = sha
        return self._shas[sid]

    def raw_sig(self, path: str) -> list[int] | None:
        """A raw capture's identity, taken once per run (before any read of it)."""
        if path not in self._raw_sigs:
            self._raw_sigs[path] = file_sig(path)
        return self._raw_sigs[path]

    def raw_sha(self, sid: str, path: str) -> str | None:
        """The SHA-256 of a raw capture learnt earlier (``sb claim add`` records those of the
        sources it cites), while the file keeps the identity it had then; else None."""
        if not self.cache.enabled:
            return None
        return self.cache.digest(capture_key(sid, path), self.raw_sig(path))

    @staticmethod
    def read_raw(path: str) -> tuple[bytes | None, str | None]:
        """A raw capture's bytes and their SHA-256 (None, None when it cannot be read)."""
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError:
            return None, None
        return data, hashlib.sha256(data).hexdigest()

    def raw_files(self, sid: str) -> list[str]:
        """``Workspace.raw_files``, listed once per run, and reused from an earlier run while the
        source's folder keeps its identity (no entry added, removed or renamed)."""
        if sid not in self._raws:
            folder = self.ws.source_dir(sid)
            rel = f"sources/{sid}/raw.*"
            sig = dir_sig(folder) if self.cache.enabled else None
            names = self.cache.listing(rel, sig)
            if names is not None and all(isinstance(n, str) for n in names):
                self._raws[sid] = [os.path.join(folder, n) for n in names]
            else:
                self._raws[sid] = self.ws.raw_files(sid)
                self.cache.remember_listing(rel, sig, [os.path.basename(p) for p in self._raws[sid]])
        return self._raws[sid]

    def text(self, sid: Any) -> str | None:
        """The canonical text of a source, or None. Ids are checked before any path is built."""
        if sid not in self._texts:
            data = self.raw_text(sid)
            self._texts[sid] = None if data is None else data.decode("utf-8", errors="replace")
        return self._texts.get(sid)

    def text_head(self, sid: Any, n: int) -> str | None:
        """The first ``n`` characters of ``text(sid)`` (``decoded_head``)."""
        if sid in self._texts:
            got = self._texts[sid]
            return None if got is None else got[:n]
        if sid in self._bytes or not is_src_id(sid):
            data = self.raw_text(sid)
            return None if data is None else decoded_head(data, n)
        return read_head(self.ws, sid, n)  # no gate read the whole text: only its head is read

    # ---- the artifact pages ------------------------------------------------------------
    @cached_property
    def plan_type(self) -> str | None:
        t = self.plan.get("type") if self.plan else None
        return t if isinstance(t, str) and t else None

    @cached_property
    def artifact_reason(self) -> str:
        """Why no artifact is expected (used in the html note when there is none)."""
        return "plan.type=podcast" if self.plan_type == "podcast" else "no plan.json yet"

    @cached_property
    def pages(self) -> list[Page]:
        """The selected artifact (if any) and every other page in build/ that would ship."""
        out: list[Page] = []
        sel: str | None = None
        if self.opts.page_text is not None and self.opts.html:
            return [Page(self.opts.html, self.show(self.opts.html), True, self.opts.main)]
        if self.opts.html:
            sel = self.opts.html
        elif self.opts.artifact:
            sel = self.ws.build_path(f"{self.opts.artifact}.html")
        elif self.plan_type and self.plan_type != "podcast":
            sel = self.ws.build_path(f"{self.plan_type}.html")
        if sel:
            out.append(Page(sel, self.show(sel), os.path.isfile(sel), True))
        seen = {os.path.realpath(sel)} if sel else set()
        for p in shipping_pages(self.ws):
            if os.path.realpath(p) not in seen:
                out.append(Page(p, self.show(p), True, False))
        return out

    def show(self, path: str) -> str:
        rel = self.ws.rel(path)
        return path if rel.startswith("../") else rel

    def page_html(self, page: Page) -> str:
        if page.path not in self._pages_html:
            if self.in_memory and page.path == self.opts.html:
                data = (self.opts.page_text or "").encode("utf-8", "surrogatepass")
            else:
                with open(page.path, "rb") as fh:  # non-UTF-8 bytes never crash the gate
                    data = fh.read()
            self._pages_html[page.path] = data.decode("utf-8", errors="replace")
            self._pages_sha[page.path] = hashlib.sha256(data).hexdigest()
        return self._pages_html[page.path]

    def page_sha(self, page: Page) -> str:
        """SHA-256 of the page's bytes: what the page-level cached facts are keyed by."""
        self.page_html(page)
        return self._pages_sha[page.path]

    def page_view(self, page: Page) -> PageView:
        """The page read once for every gate, or reused from an earlier run of the same bytes."""
        if page.path not in self._views:
            html = self.page_html(page)
            key = self.page_sha(page)[:40]  # cached facts also carry the code's fingerprint
            view = None
            cached = self.cache.page_fact("view", key)
            if isinstance(cached, dict):
                try:
                    view = PageView.from_json(cached)
                except (KeyError, TypeError, IndexError, ValueError):
                    view = None
            if view is None:
                view = read_page(html)
                self.cache.remember_page_fact("view", key, view.to_json())
                if view.prose is not None:
                    self.cache.remember_page_fact("sentences", key, view.prose.to_json())
            self._views[page.path] = view
        return self._views[page.path]

    def page_prose(self, page: Page) -> PageProse:
        """Every sentence of the page (read with its view, or reused from an earlier run)."""
        from ...engines.page.prose import PageProse

        view = self.page_view(page)
        if view.prose is None:
            key = self.page_sha(page)[:40]
            cached = self.cache.page_fact("sentences", key)
            if isinstance(cached, dict):
                try:
                    view.prose = PageProse.from_json(cached)
                except (KeyError, TypeError, IndexError, ValueError):
                    view.prose = None
            if view.prose is None:
                view.prose = read_page(self.page_html(page)).prose or PageProse()
                self.cache.remember_page_fact("sentences", key, view.prose.to_json())
        return view.prose

    @cached_property
    def podcast_expected(self) -> bool:
        return not self.in_memory and (self.opts.podcast or self.plan_type == "podcast")

    @property
    def in_memory(self) -> bool:
        """One page judged from memory: the other files in build/ are not this run's business."""
        return self.opts.page_text is not None and bool(self.opts.html)


# ---- helpers shared by the gate families ------------------------------------------------

class Recent:
    """The results of a pure computation for the inputs it met last in this process, by those
    inputs: a render judges the page it writes and verify judges it again, and a process that
    verifies again and again (the MCP server, a revision loop) meets the same pages. A result
    is shared, so its readers never change it."""

    def __init__(self, kept: int = 32) -> None:
        self._kept = kept
        self._got: dict[Any, Any] = {}

    def get(self, key: Any, compute):
        got = self._got.pop(key, None)
        if got is None:
            got = compute()
            for old in list(self._got)[:len(self._got) - self._kept + 1]:  # the least recent
                self._got.pop(old, None)
        self._got[key] = got  # the most recent last
        return got


def is_shipping_page(name: str) -> bool:
    """An ``*.html`` file name that is a page: not the bare ledger, a source copy or a fragment."""
    return (name.endswith(".html") and name not in ("ledger.html", "review.html")  # review.html: the editor's, not the reader's
            and not name.endswith((".src.html", ".fragment.html")))


def shipping_pages(ws: Workspace) -> list[str]:
    """Every ``build/*.html`` that a package ships: not the bare ledger, sources or fragments."""
    return [p for p in sorted(glob.glob(os.path.join(glob.escape(ws.build_dir), "*.html")))
            if is_shipping_page(os.path.basename(p)) and os.path.isfile(p)]


def is_active(claim: dict) -> bool:
    return claim.get("status", "active") == "active"


def evidence(claim: dict) -> list[dict]:
    ev = claim.get("evidence")
    return [e for e in ev if isinstance(e, dict)] if isinstance(ev, list) else []


def cid(claim: dict) -> str:
    """A claim's id for a finding subject (escaped of control characters, bounded)."""
    v = claim.get("id")
    return safe(v if isinstance(v, str) and v else "(no id)")


def safe(s: Any, limit: int = 80) -> str:
    text = str(s)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


MANIFEST_REL = MANIFEST
