"""PDF text through pypdf, when it is installed (an optional extra; its absence is a status).

Each page's text is extracted, ligatures unfolded (U+FB00..FB06), words hyphenated across a line
end rejoined (a lower-case letter, ``-`` and a line break, a lower-case letter: deterministic and
never guessed from a dictionary), soft hyphens at line ends dropped, and the page normalized.
Pages are joined by one blank line and each page's span is recorded (with the printed page
label where the PDF defines labels), so a citation can name its page. Canonical text v2
(``normalizer=2``) also drops running headers, footers and page numbers and joins wrapped lines
and sentences cut by a page break (``layout``); v1 keeps them. A PDF without a usable text
layer (scanned pages) gives ``text == ""`` and a note; the agent's reading can then be adopted.
Canonical text v2 also marks section titles as Markdown headings, from the PDF's outline or its
numbered section titles (``outline``), so chunks and search hits name their section.
"""

from __future__ import annotations

import io
import re

from ...base.patterns import hot
from ...base.record import field, record
from ...base.time_limit import TimeLimitExceeded, time_limit
from ..text.normalize import normalize

MIN_CHARS = 40  # fewer visible characters than this is not a text layer (compatibility: sb extract)
PDF_SECONDS = 120.0  # pypdf has no limit of its own: a crafted file must not hang `sb extract`

_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                            "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"})
_HYPHEN_BREAK = hot(r"(?<=\w)([-\u00ad])[ \t]*\n[ \t]*(?=\w)")


@record
class PdfResult:
    text: str
    pages: list[dict] = field(default_factory=list)  # {"page": n (1-based), "start", "end"[, "label"]}
    notes: list[str] = field(default_factory=list)
    available: bool = True  # False when pypdf is not installed


def _rejoin(m: re.Match) -> str:
    before, after = m.string[m.start() - 1], m.string[m.end()]
    if m.group(1) == "\u00ad" or (before.islower() and after.islower()):
        return ""
    return m.group(0)


def clean_page(text: str) -> str:
    """One page's text, canonical and without leading or trailing blank lines."""
    text = text.translate(_LIGATURES).replace("\r\n", "\n").replace("\r", "\n")
    text = _HYPHEN_BREAK.sub(_rejoin, text)
    text = text.replace("\u00ad", "")  # a soft hyphen left mid-line is invisible in the PDF too
    text = text.replace("\x00", "")
    return normalize(text).rstrip("\n")


def join_pages(page_texts: list[str]) -> tuple[str, list[dict]]:
    """Join cleaned pages with a blank line; an empty page gets an empty span where it sits."""
    parts: list[str] = []
    pages: list[dict] = []
    pos = 0
    for n, page in enumerate(page_texts, 1):
        if not page:
            pages.append({"page": n, "start": pos, "end": pos})
            continue
        if parts:
            parts.append("\n\n")
            pos += 2
        pages.append({"page": n, "start": pos, "end": pos + len(page)})
        parts.append(page)
        pos += len(page)
    text = "".join(parts)
    return (text + "\n" if text else ""), pages


def page_labels(reader) -> list[str]:
    """The printed page labels (``vii``, ``7``, ``A-3``) when the PDF defines them (its catalog
    has /PageLabels), else nothing: a reader then sees the physical page number."""
    try:
        root = reader.trailer["/Root"]
        if "/PageLabels" not in root:
            return []
        labels = [str(x) for x in reader.page_labels]
    except Exception:  # a malformed label tree costs the labels, never the text  # noqa: BLE001
        return []
    return labels if len(labels) == len(reader.pages) else []


def extract_pdf(raw: bytes, seconds: float | None = None, normalizer: int = 2) -> PdfResult:
    """The PDF's text, within ``seconds`` (default ``PDF_SECONDS``; POSIX main thread only)."""
    try:
        from pypdf import PdfReader
    except ImportError:
        return PdfResult("", [], ["pypdf is not installed: install it (pip install pypdf) and run "
                                  "`sb extract --force`, or have the agent read the PDF and adopt its text"],
                         available=False)
    limit = PDF_SECONDS if seconds is None else seconds
    notes: list[str] = []
    labels: list[str] = []
    texts: list[str] = []
    outline: list = []
    try:
        with time_limit(limit):
            reader = PdfReader(io.BytesIO(raw), strict=False)
            if reader.is_encrypted:
                reader.decrypt("")
            labels = page_labels(reader)
            if normalizer >= 2:
                from .outline import read_outline

                outline = read_outline(reader)
            for i, page in enumerate(reader.pages, 1):
                try:
                    texts.append(clean_page(page.extract_text() or ""))
                except Exception as exc:  # one broken page must not lose the others
                    notes.append(f"page {i}: text could not be extracted ({type(exc).__name__})")
                    texts.append("")
    except TimeLimitExceeded:
        return PdfResult("", [], [f"pypdf did not finish within {limit:g} s (after {len(texts)} page(s)); "
                                  "have the agent read the PDF and adopt its text with `sb extract --adopt`"])
    except Exception as exc:  # pypdf raises many types on malformed files
        return PdfResult("", [], [f"pypdf could not read the PDF: {type(exc).__name__}: {exc}"])
    if normalizer >= 2:
        from .layout import layout_pages
        from .outline import apply_headings, numbered_headings, outline_headings

        text, pages = layout_pages(texts)
        heads = outline_headings(text, pages, outline) if outline else []
        text, pages = apply_headings(text, pages, heads or numbered_headings(text, pages))
    else:
        text, pages = join_pages(texts)
    for p, label in zip(pages, labels, strict=False):
        p["label"] = label
    if len("".join(text.split())) < MIN_CHARS:
        notes.append(f"no usable text layer ({len(texts)} page(s); scanned?): have the agent read the "
                     "PDF and adopt its text with `sb extract --adopt`")
        return PdfResult("", [{"page": p["page"], "start": 0, "end": 0} for p in pages], notes)
    return PdfResult(text, pages, notes)
