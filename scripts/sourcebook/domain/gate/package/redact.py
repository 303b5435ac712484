"""What a public package may show: quotes within the budget, no local paths, no file names,
no credentials in URLs (compatibility: sb package).

Pure functions over ledger entries and source records.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping

from ....engines.ledger import ledger_model as lm
from ....engines.urls import strip_credentials

SOURCE_FIELDS = ("id", "kind", "locator", "canonical_locator", "url", "license", "media_type", "title", "publisher", "tier", "tier_reason",
                 "published_at", "published", "author", "byline", "retrieved_at", "raw_sha256", "normalized_sha256",
                 "normalizer_version")


def _sha(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def _hide(item: dict) -> None:
    quote = item.pop("quote", "") or ""
    href = item.get("href")
    if isinstance(href, str) and "#:~:text=" in href:  # the link never says more than the excerpt
        from ....engines.ledger.quote_view import excerpt, excerpt_terms, text_fragment

        base = href.split("#", 1)[0]
        item["href"] = base + "#" + text_fragment(excerpt_terms(item.get("excerpt") or excerpt(quote)))
    item["quote_sha256"] = item.get("quote_sha256") or _sha(quote)
    item["length"] = len(quote)
    item["redacted"] = True


def redact_entries(entries: list[dict]) -> int:
    """Replace every quote the render budget would not print by its hash, in place.

    The budget walks claims in ordinal order and judges each distinct span once, exactly as the
    rendered ledger does, so the package never shows a quote the page withheld. Returns the
    number of evidence items redacted.
    """
    shown = lm.shown_spans(entries)
    redacted = 0
    for e in entries:
        for ev in e.get("evidence") or []:
            # entries say how the ledger shows each quote (a free licence lifts the budget)
            full = ev.get("shown") == "quote" if "shown" in ev else lm.span_key(ev) in shown
            if full or ev.get("redacted"):
                continue
            if ev.get("parts"):
                for p in ev["parts"]:
                    _hide(p)
            _hide(ev)
            redacted += 1
        if isinstance(e.get("recheck"), str):
            e["recheck"] = public_url(e["recheck"])
    return redacted


def public_url(value: object) -> str | None:
    """An http(s) URL without credentials, or None for anything else (paths, pastes, schemes)."""
    if not isinstance(value, str) or not value.lower().startswith(("http://", "https://")):
        return None
    try:
        return strip_credentials(value)
    except ValueError:
        return None


def _file_title(rec: Mapping) -> bool:
    """The title is only the file's name (the default `sb add` gives a file)."""
    title = rec.get("title")
    for loc in (rec.get("locator"), rec.get("canonical_locator")):
        if isinstance(loc, str) and loc and isinstance(title, str):
            stem = os.path.splitext(os.path.basename(loc))[0]
            if title.strip().lower() == stem.replace("-", " ").replace("_", " ").strip().lower():
                return True
    return False


def provenance_source(rec: Mapping, public: bool) -> dict:
    from ....engines.ledger.origin import attestation, origin_of, origin_words

    out = {k: rec.get(k) for k in SOURCE_FIELDS}
    # where the bytes came from, in the words every ledger uses
    out["origin"] = origin_of(rec)
    out["origin_words"] = origin_words(rec)
    att = rec.get("attestation")
    out["attestation"] = dict(att) if attestation(rec) is not None and isinstance(att, Mapping) else None
    if public:
        for k in ("locator", "canonical_locator", "url"):
            out[k] = public_url(out[k])
        if rec.get("kind") != "url" and _file_title(rec):
            # withheld, yet the pages show it: its digest lets `sb package --verify` tell the
            # name they show from any other words put in its place
            out["title_sha256"] = title_digest(str(rec.get("title")))
            out["title"] = None
    else:
        for k in ("locator", "canonical_locator", "url"):
            v = out[k]
            if isinstance(v, str) and v.lower().startswith(("http://", "https://")):
                out[k] = public_url(v)
    return out


def title_digest(title: str) -> str:
    """The digest a public package records of a title it withholds (its words, spaces collapsed)."""
    from ....base.ids import sha256_text

    return sha256_text(" ".join(title.split()))


LOCAL = "a local file"  # what a public package's Markdown shows for a local path


def public_markdown(text: str, sources: Mapping[str, Mapping | None]) -> str:
    """A report or transcript for a public package: each source's local path (the locator a
    Markdown Sources list prints in brackets) becomes "a local file", as PROVENANCE.json withholds
    it; web addresses stay."""
    from ....engines.ledger.escape import md, safe_url

    for rec in sources.values():
        for key in ("canonical_locator", "locator"):
            loc = rec.get(key) if isinstance(rec, Mapping) else None
            if isinstance(loc, str) and loc and public_url(loc) is None:
                text = text.replace(f"({md(safe_url(loc))})", f"({LOCAL})")
    return text


def withheld_titles(sources: Mapping[str, Mapping | None]) -> dict[str, str]:
    """{title: source id} of the sources whose title a public package withholds (a file's name)."""
    return {str(rec["title"]): sid for sid, rec in sources.items()
            if isinstance(rec, Mapping) and rec.get("kind") != "url" and isinstance(rec.get("title"), str)
            and _file_title(rec)}


_NOTES = re.compile(rb'<aside class="notes"[^>]*>.*?</aside>', re.S)


def notes_without_titles(page: bytes, withheld: dict[str, str]) -> bytes:
    """A deck's speaker notes with each withheld title ("forum thread, tier C") replaced by the
    source's id, which is what a note names when a source has no title."""
    import html

    def swap(m: re.Match) -> bytes:
        text = m.group(0)
        for title, sid in withheld.items():
            text = text.replace(f"{html.escape(title)}, tier".encode(), f"{sid}, tier".encode())
        return text

    return _NOTES.sub(swap, page)

