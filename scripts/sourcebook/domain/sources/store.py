"""Reading and writing source records (``sources/<id>/source.json``) and their texts (``sb quote``)."""

from __future__ import annotations

import os

from ...base import jsonio
from ...base.errors import Exit, SbError
from ..workspace.layout import Workspace
from ..workspace.records import record_problem  # noqa: F401  (re-exported: the gate's schemas use it)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..workspace.records import SourceRecord


def load_source(ws: Workspace, sid: str) -> SourceRecord:
    path = ws.source_json(sid)
    if not os.path.isfile(path):
        raise SbError("E-SOURCE-UNKNOWN", sid, "no such source; list them with `sb source list`")
    rel = f"sources/{sid}/source.json"  # not os.path.relpath: status reads every record
    data = jsonio.read_json(path, rel)
    jsonio.expect(data, dict, rel, "")
    problem = record_problem(data, sid)
    if problem:
        raise SbError("E-SCHEMA", f"{rel}/{problem[0]}", problem[1] + "; restore the record from a backup, "
                      "or remove the source with `sb source rm` (sb reads nothing through a damaged record)")
    return data  # type: ignore[return-value]


def try_load_source(ws: Workspace, sid: str) -> SourceRecord | None:
    """The record, or None when it is unreadable (status treats that as a failed source)."""
    try:
        return load_source(ws, sid)
    except SbError:
        return None


def save_source(ws: Workspace, rec: SourceRecord, *, durable: bool = True) -> None:
    """Write a record (atomically; ``durable=False``: without its own fsync, for a caller that
    makes the whole batch durable at once). A record written past ``pending`` is noted for
    verify's cache (``record_fact`` of those that pass the record checks: ``take_written``)."""
    rec.pop("_pages", None)  # type: ignore[typeddict-item]  # display-only, never stored
    rec.pop("_link", None)  # type: ignore[typeddict-item]
    rec.pop("_edition", None)  # type: ignore[typeddict-item]
    data = jsonio.dumps(rec).encode("utf-8")  # what write_json writes
    jsonio.atomic_write_bytes(ws.source_json(rec["id"]), data, durable=durable)
    if rec.get("status") != "pending":  # a pending record is written again once extracted
        _WRITTEN.setdefault(ws.root, []).append((rec["id"], data))


# the records this process wrote (id, bytes), by workspace root, for verify's cache
_WRITTEN: dict[str, list[tuple[str, bytes]]] = {}


def record_fact(sid: str, data: bytes) -> str:
    """The verify cache's key of "a ``source.json`` with these very bytes, in the folder of
    ``sid``, passes the schemas gate's checks of a record" (``record_passes``). Keyed by content,
    it holds wherever it was learnt, whenever the file was written."""
    import hashlib

    return "source-record:" + hashlib.sha256(sid.encode("utf-8", "surrogatepass") + b"\0" + data).hexdigest()[:32]


def record_passes(data: bytes, sid: str) -> bool:
    """Whether these bytes of ``sources/<sid>/source.json`` pass the schemas gate's checks of a
    record, judged as the gate judges them: parsed as it parses them, then its schema, its id
    (its folder's) and ``record_problem``."""
    import json

    from ...base.schema import check

    try:
        rec = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    if not isinstance(rec, dict) or rec.get("id") != sid or record_problem(rec, sid) is not None:
        return False
    try:
        return not check(rec, "source", f"sources/{sid}/source.json")
    except SbError:  # no schema to judge by: nothing is vouched for
        return False


def take_written(ws_root: str) -> list[str]:
    """The ``record_fact`` keys of the records this process wrote in the workspace at
    ``ws_root`` since the last call that pass the record checks (for ``VerifyCache.learn_clean``)."""
    return [record_fact(sid, data) for sid, data in _WRITTEN.pop(ws_root, []) if record_passes(data, sid)]


def written_count(ws_root: str) -> int:
    """How many records ``take_written`` holds for the workspace at ``ws_root``."""
    return len(_WRITTEN.get(ws_root, ()))


def all_sources(ws: Workspace) -> list[SourceRecord]:
    return [load_source(ws, sid) for sid in ws.source_ids()]


def read_pages(ws: Workspace, sid: str) -> list[dict] | None:
    """A paged source's page spans (pages.json: ``page``, ``start``, ``end``, ``label``), or None."""
    import json

    try:
        with open(ws.pages_path(sid), encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError):
        return None
    pages = doc.get("pages") if isinstance(doc, dict) else None
    return [p for p in pages if isinstance(p, dict)] if isinstance(pages, list) else None


def for_display(ws: Workspace, recs: dict) -> dict:
    """Copies of source records with their pages attached as ``_pages`` and, for a source with
    no public address whose document has another edition with one, that address as ``_link``
    and, for each edition of a document read in several, ``_edition`` (the document's title and
    the edition's label: ``engines.ledger.editions``). Display only: a record carrying them is
    never saved."""
    from ...engines.ledger.editions import edition_names, lent_links
    from ...engines.ledger.quote_view import public_address

    out = {}
    for sid, rec in recs.items():
        if isinstance(rec, dict):
            # what is attached for display is never taken from the file
            rec = {k: v for k, v in rec.items() if k not in ("_pages", "_link", "_edition")}
            pages = read_pages(ws, sid)
            if pages:
                rec["_pages"] = pages
        out[sid] = rec
    if any(isinstance(r, dict) and public_address(r) is None for r in out.values()):
        pool = {sid: r for sid, r in out.items() if isinstance(r, dict)}
        # an edition lending its address may not be among the records asked for
        if len(pool) < len(ws.source_dir_names()):
            for sid in ws.source_ids():
                if sid not in pool:
                    other = try_load_source(ws, sid)
                    if other is not None:
                        pool[sid] = dict(other)
        for sid, link in lent_links(pool).items():
            if sid in out and isinstance(out[sid], dict):
                out[sid]["_link"] = link
    else:
        pool = {sid: r for sid, r in out.items() if isinstance(r, dict)}
    for sid, name in edition_names(pool).items():
        if sid in out and isinstance(out[sid], dict):
            out[sid]["_edition"] = list(name)
    return out


def read_normalized(ws: Workspace, sid: str) -> str | None:
    """The canonical text, or None when the source has none."""
    path = ws.normalized_path(sid)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data.decode("utf-8", errors="replace")


def text_heads(ws: Workspace) -> Callable[[str], str | None]:
    """A source's text by id, its head only (where its identifier, title and dateline stand),
    each read once; None for a source with no text."""
    heads: dict[str, str | None] = {}

    def text_of(sid: str) -> str | None:
        if sid not in heads:
            heads[sid] = read_head(ws, sid, 4096)
        return heads[sid]

    return text_of


def read_head(ws: Workspace, sid: str, n: int) -> str | None:
    """The first ``n`` characters of a source's canonical text, reading only the bytes that can
    hold them; None for a missing text or a bad id."""
    try:
        with open(ws.normalized_path(str(sid)), "rb") as fh:
            return decoded_head(fh.read(4 * n + 8), n)
    except (OSError, ValueError, SbError):
        return None


def decoded_head(data: bytes, n: int) -> str:
    """``data.decode("utf-8", errors="replace")[:n]``, decoding only the bytes that can hold
    those characters: a character takes at most four bytes, and the decoder settles each one by
    the few bytes that make it up, so all but the last three bytes of a prefix decode as they do
    in the whole."""
    return data[:4 * n + 8].decode("utf-8", errors="replace")[:n]


def citing_claims(ws: Workspace, sid: str) -> list[str]:
    """Ids of active claims whose evidence cites the source (malformed claims refuse, not guess)."""
    if not os.path.isfile(ws.claims_path):
        return []
    data = jsonio.read_json(ws.claims_path, "ledger/claims.json")
    jsonio.expect(data, dict, "ledger/claims.json", "")
    claims = jsonio.expect(data.get("claims", []), list, "ledger/claims.json", "/claims")
    out = []
    for c in claims:
        if not isinstance(c, dict) or c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            if isinstance(ev, dict) and ev.get("source_id") == sid:
                out.append(str(c.get("id")))
                break
    return sorted(out)


def source_text(ws: Workspace, sid: str, code: str) -> str:
    load_source(ws, sid)  # E-SOURCE-UNKNOWN for an id without a record
    text = read_normalized(ws, sid)
    if not text:
        raise SbError(code, sid, "the source has no text (normalized.md); run `sb extract` first", Exit.USAGE)
    return text


def quote(ws: Workspace, sid: str, start: int, end: int) -> str:
    if not ws.has_source(sid):  # the code `sb find` uses for the same situation
        raise SbError("E-SOURCE-UNKNOWN", str(sid)[:80], "no such source; list them with `sb source list`",
                      Exit.USAGE)
    text = source_text(ws, sid, "E-QUOTE")
    if not 0 <= start < end <= len(text):
        raise SbError("E-QUOTE", sid, f"span {start}..{end} is outside 0 <= start < end <= {len(text)} "
                      "(offsets are code points)", Exit.USAGE)
    return text[start:end]
