"""Evidence at the moment a claim is added: resolve missing offsets, check the quote.

Offsets may be omitted: the quote is looked up in the source's canonical text and must occur
exactly once (else the claim is refused with the occurrences listed); a paste that differs
from the source only in line breaks, spacing, markup, typographic quotes and dashes or
invisible characters is located too (``evidence_match``), and the source's exact text at that
span is stored in its place. A quote written with ``[...]`` becomes multi-part evidence, each
part its own exact span. A quote that does not hold at the given offsets is still stored,
with a ``W-QUOTE-...`` warning that names the command fixing it (the gate refuses it later),
so the agent's work is never lost to a typo.
"""

from __future__ import annotations

import os
import time

from ...base.errors import Finding, SbError
from ...base.ids import is_src_id
from ...engines.search.find import FindError, resolve_parts, split_elided
from ...engines.text.citation import problem
from ..sources.store import try_load_source
from ..workspace.identity import file_sig, record_told
from ..workspace.layout import Workspace
from .evidence_match import Located, View, build_view, mismatch_fix, resolve_tolerant, tolerant_chain
from .evidence_match import spans_shown as _where

WARN_FOR = {"range": "W-QUOTE-RANGE", "empty": "W-QUOTE-EMPTY", "mismatch": "W-QUOTE-MISMATCH",
            "gap": "W-QUOTE-GAP", "hash": "W-QUOTE-MISMATCH"}


_CONTINUATION = bytes(range(0x80, 0xC0))
LOCATE_CAP = 50  # enough to say "ambiguous" and list a few; a common phrase may occur thousands of times


class TextCache:
    """Canonical texts by source id, read once per command (an import of 1,000 claims reads each
    source once). Quotes are located in the UTF-8 bytes and converted to code-point offsets,
    so a source is decoded only when a given span must be checked."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self._raw: dict[str, bytes | None] = {}
        self._texts: dict[str, str | None] = {}
        self._records: dict[str, dict | None] = {}
        self._record_as: dict[str, tuple[list[int] | None, int]] = {}
        self.located: list[Located] = []  # quotes stored from a tolerant match, to be shown
        self._views: dict[str, View] = {}
        self._ids: list[str] | None = None
        # each text's file identity (size, mtime, ctime, inode, device) just before it was read,
        # and the time then: what the verify cache keys a text's digest by (``verify_cache``)
        self.read_as: dict[str, tuple[list[int], int]] = {}

    def known(self, sid: object) -> bool:
        return is_src_id(sid) and self.ws.has_source(str(sid))

    def raw(self, sid: object) -> bytes | None:
        if not is_src_id(sid):
            return None
        key = str(sid)
        if key not in self._raw:
            data = None
            if self.ws.has_source(key):
                try:
                    now = time.time_ns()
                    st = os.stat(self.ws.normalized_path(key))
                    with open(self.ws.normalized_path(key), "rb") as fh:
                        data = fh.read()
                    self.read_as[key] = ([st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev], now)
                except OSError:
                    data = None
            self._raw[key] = data
        return self._raw[key]

    def text(self, sid: object) -> str | None:
        key = str(sid)
        if key not in self._texts:
            raw = self.raw(sid)
            self._texts[key] = None if raw is None else raw.decode("utf-8", errors="replace")
        return self._texts[key]

    def record(self, sid: object) -> dict | None:
        """A source's record (read once), or None when unknown or unreadable."""
        if not self.known(sid):
            return None
        key = str(sid)
        if key not in self._records:
            # its file's identity just before the read, and the time then (``record_told``)
            self._record_as[key] = (file_sig(self.ws.source_json(key)), time.time_ns())
            rec = try_load_source(self.ws, key)
            self._records[key] = dict(rec) if rec is not None else None
        return self._records[key]

    def record_told(self, sid: object) -> str:
        """A source's whole record as the verify cache's keys name it, as read here."""
        rec = self.record(sid)
        sig, at = self._record_as.get(str(sid), (None, 0))
        return record_told(sig, at, rec)

    def ids(self) -> list[str]:
        """The workspace's source ids (read once)."""
        if self._ids is None:
            self._ids = self.ws.source_ids()
        return self._ids

    def view(self, sid: object) -> View:
        """The reader view of a source's text, built once per command."""
        key = str(sid)
        if key not in self._views:
            self._views[key] = build_view(self.text(sid) or "")
        return self._views[key]

    def locate(self, sid: object, quote: str) -> list[tuple[int, int]]:
        """Every occurrence of ``quote`` (overlapping ones too) as code-point spans."""
        raw = self.raw(sid)
        needle = quote.encode("utf-8")
        if raw is None or not needle:
            return []
        spans: list[tuple[int, int]] = []
        ascii_text = raw.isascii()
        i = raw.find(needle)
        while i >= 0 and len(spans) < LOCATE_CAP:
            start = i if ascii_text else len(raw[:i].translate(None, _CONTINUATION))
            spans.append((start, start + len(quote)))
            i = raw.find(needle, i + 1)
        return spans


def _span_ok(ev: dict, text: str) -> bool:
    s, e = ev.get("start"), ev.get("end")
    return type(s) is int and type(e) is int and 0 <= s < e <= len(text)


def _has_offsets(ev: dict) -> bool:
    return "start" in ev or "end" in ev


def resolve(ev: dict, cache: TextCache, subject: str) -> list[Finding]:
    """Fill in offsets (and parts) of one evidence item in place; return warnings.

    Raises ``E-CLAIM-SPAN`` when offsets are missing and the quote is not exactly one span.
    """
    sid = ev.get("source_id")
    present = cache.raw(sid) is not None
    quote = ev.get("quote")
    parts = ev.get("parts")
    if isinstance(parts, list) and parts and all(isinstance(p, dict) for p in parts):
        if not _has_offsets(ev):
            ev["start"], ev["end"] = parts[0].get("start"), parts[-1].get("end")
        if "quote" not in ev:
            ev["quote"] = " [...] ".join(str(p.get("quote", "")) for p in parts)
    elif isinstance(quote, str) and present:
        pieces = split_elided(quote)
        if len(pieces) > 1:
            _resolve_parts(ev, cache, pieces, sid, subject)
        elif not _has_offsets(ev):
            _resolve_single(ev, cache, quote, sid, subject)
            return []  # located here, so it holds by construction
    if not _has_offsets(ev):
        if not present:
            raise SbError("E-CLAIM-SPAN", subject, f"source {str(sid)[:40]} is unknown or has no text, so the "
                          "quote cannot be located; give start/end or add and extract the source first")
        raise SbError("E-CLAIM-SPAN", subject, "evidence has neither offsets nor a quote to locate; "
                      "give the exact quote (from `sb find`) or start/end")
    text = cache.text(sid)
    if "quote" not in ev and "quote_sha256" not in ev and text is not None and _span_ok(ev, text):
        ev["quote"] = text[ev["start"]:ev["end"]]  # offsets from `sb find`: the quote is what they name
    ev.setdefault("quote", "")
    if text is None:
        why = "is not a source in this workspace" if not cache.known(sid) else "has no canonical text yet"
        return [Finding("W-QUOTE-SOURCE", subject, f"source {str(sid)[:40]} {why}; the quote could not be checked "
                        "and the gate will fail it until the source is ready")]
    bad = problem(text, ev)
    if bad:
        kind, message = bad
        return [Finding(WARN_FOR[kind], subject, f"stored, but {message}; sb verify will fail it: "
                        f"{mismatch_fix(text, ev, subject, cache.view(sid))}")]
    return []


def _resolve_single(ev: dict, cache: TextCache, quote: str, sid: object, subject: str) -> None:
    if not quote.strip():
        raise SbError("E-CLAIM-SPAN", subject, "the quote is empty; quote the exact words that support the claim")
    spans = cache.locate(sid, quote)
    if not spans:
        text = cache.text(sid) or ""
        s, e = resolve_tolerant(text, quote, str(sid), subject, cache.view(sid))
        ev["start"], ev["end"], ev["quote"] = s, e, text[s:e]
        cache.located.append(Located(subject, str(sid), s, e, text[s:e]))
        return
    if len(spans) > 1:
        times = f"{len(spans)}+" if len(spans) >= LOCATE_CAP else str(len(spans))
        raise SbError("E-CLAIM-SPAN", subject, f"the quote occurs {times} times in {sid} at {_where(spans)}; "
                      "give start/end for the one you mean, or quote more context")
    ev["start"], ev["end"] = spans[0]


def _resolve_parts(ev: dict, cache: TextCache, pieces: list[str], sid: object, subject: str) -> None:
    text = cache.text(sid) or ""
    try:
        spans = resolve_parts(text, pieces)
    except FindError as exc:
        if _has_offsets(ev):
            return  # offsets were given: keep them; the check below warns
        chain = tolerant_chain(text, cache.view(sid), pieces) if exc.code != "E-FIND-AMBIGUOUS" else None
        if chain is None:
            extra = f" at {_where([(c[0][0], c[-1][1]) for c in exc.candidates])}" if exc.candidates else ""
            raise SbError("E-CLAIM-SPAN", subject, f"elided quote in {sid}: {exc.message}{extra}") from None
        spans = chain
        stored = " [...] ".join(text[s:e] for s, e in spans)
        ev["quote"] = stored
        cache.located.append(Located(subject, str(sid), spans[0][0], spans[-1][1], stored))
    parts = [{"start": s, "end": e, "quote": text[s:e]} for s, e in spans]
    if _has_offsets(ev) and (ev.get("start"), ev.get("end")) != (parts[0]["start"], parts[-1]["end"]):
        return  # the given offsets disagree with where the parts are: keep them and warn
    ev["parts"] = parts
    ev["start"], ev["end"] = parts[0]["start"], parts[-1]["end"]
