"""Editions and copies of one document, as a reader meets them (pure).

Sources linked by ``same_as`` (the same bytes, the same text, another edition or format: see
``domain.sources.copies``) are one *document*: the group's first source stands for it. Every
place that counts or shows sources asks here, so they agree:

- ``document_of``: the document a source belongs to (the key of the quote budget, the footer's
  count, the Sources list and the folding of search hits);
- ``document_count``: how many documents a set of sources is;
- ``edition_label`` / ``editions_text``: what an edition is called ("PDF", "HTML") and a
  group's editions in words ("PDF and HTML");
- ``groups``: the documents of more than one source, with their sources; ``document_title``:
  a document's name; ``edition_names`` / ``edition_title``: an edition named by its document's
  title and its label ("Card Specification (PDF)");
- ``footer_counts``: what a page's build line says (documents cited of documents read, and
  the editions of each document read in more than one);
- ``lent_links``: the public address a source's links use when it has none of its own (an
  edition added from a local file): the address of an edition of the same document.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .ledger_model import copy_root

_LABELS = (
    ("application/pdf", "PDF"), ("text/html", "HTML"), ("application/xhtml+xml", "HTML"),
    ("text/markdown", "Markdown"), ("text/x-markdown", "Markdown"), ("text/x-rst", "reStructuredText"),
    ("text/prs.fallenstein.rst", "reStructuredText"), ("text/asciidoc", "AsciiDoc"),
    ("text/x-asciidoc", "AsciiDoc"), ("text/plain", "text"),
)


def document_of(source_id: str, sources: Mapping[str, Mapping]) -> str:
    """The id standing for a source's document: the first source of its group of copies."""
    return copy_root(str(source_id), sources)


def document_count(source_ids: Iterable[str], sources: Mapping[str, Mapping]) -> int:
    return len({document_of(s, sources) for s in source_ids})


def edition_label(src: Mapping | None) -> str:
    """What an edition is called in a sentence: ``PDF``, ``HTML``, ``Markdown``, ``text``..."""
    from .quote_view import is_pdf

    src = src or {}
    if is_pdf(src):
        return "PDF"
    media = str(src.get("media_type") or "").lower().split(";")[0].strip()
    for known, label in _LABELS:
        if media == known:
            return label
    if src.get("kind") == "text":
        return "text"
    return "web page" if src.get("kind") == "url" else "file"


def editions_text(labels: Iterable[str]) -> str:
    """``PDF and HTML``, ``PDF, HTML and text``; each label once, in the order first met; two
    editions of one kind say so (``2 HTML``)."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    words = [label if n == 1 else f"{n} {label}" for label, n in counts.items()]
    if len(words) <= 1:
        return words[0] if words else ""
    return ", ".join(words[:-1]) + " and " + words[-1]


def groups(sources: Mapping[str, Mapping]) -> dict[str, list[str]]:
    """Each document of more than one source: its id -> its sources (itself first, then by id)."""
    out: dict[str, list[str]] = {}
    for sid in sorted(sources):
        doc = document_of(sid, sources)
        if doc != sid:
            out.setdefault(doc, []).append(sid)
    return {doc: [doc, *rest] for doc, rest in out.items()}


def document_title(group: Iterable[str], sources: Mapping[str, Mapping]) -> str:
    """A document's name: the title of its first edition with a title of its own (not just the
    name of the file it was added from, as a PDF saved as ``spec.pdf`` gets), else the first's."""
    import os.path

    group = list(group)
    for sid in group:
        src = sources.get(sid) or {}
        title = str(src.get("title") or "").strip()
        stem = os.path.splitext(os.path.basename(str(src.get("locator") or "")))[0]
        if title and title != stem:
            return title
    return str((sources.get(group[0]) or {}).get("title") or "") if group else ""


def edition_names(sources: Mapping[str, Mapping]) -> dict[str, tuple[str, str]]:
    """For each source of a document read in several editions: (the document's title, the
    edition's label), so the PDF saved as ``spec.pdf`` reads "Card Specification (PDF)"."""
    out = {}
    for group in groups(sources).values():
        title = document_title(group, sources)
        for sid in group:
            out[sid] = (title, edition_label(sources.get(sid)))
    return out


def edition_title(src: Mapping | None) -> str | None:
    """"Card Specification (PDF)" for a source whose record carries ``_edition`` (attached for
    display to each edition of a document read in several), else None."""
    e = (src or {}).get("_edition")
    if isinstance(e, (list, tuple)) and len(e) == 2 and e[1]:
        return f"{e[0] or (src or {}).get('title') or ''} ({e[1]})".strip()
    return None


def lent_links(sources: Mapping[str, Mapping]) -> dict[str, dict]:
    """``{source id: {"url", "pdf", "from"}}``: for each source with no public address of its
    own, the address another edition of its document lends it (the group's first source first,
    then the others by id). ``pdf`` says the lent address is a PDF's (its links then take no
    text fragment; a page number only fits the edition it was counted in)."""
    from .quote_view import is_pdf, public_address

    out: dict[str, dict] = {}
    for group in groups(sources).values():
        for sid in group:
            if public_address(sources.get(sid)) is not None:
                continue
            for other in group:
                url = public_address(sources.get(other)) if other != sid else None
                if url:
                    out[sid] = {"url": url, "pdf": is_pdf(sources.get(other)), "from": other}
                    break
    return out


def footer_counts(cited: Iterable[str], read: Iterable[str], sources: Mapping[str, Mapping]) -> tuple[int, int, str]:
    """What a page's build line says of its sources: ``(documents cited, documents read, note)``.
    ``read``: the ready sources; ``note`` names the editions of each cited document read in more
    than one (``in PDF and HTML`` for a page citing one such document, else ``1 in PDF and
    HTML``, one part per kind of group), "" when there is none."""
    read = sorted(set(read))
    by_doc: dict[str, list[str]] = {}
    for sid in read:
        by_doc.setdefault(document_of(sid, sources), []).append(sid)
    docs = sorted({document_of(s, sources) for s in cited if s in sources})
    kinds: dict[str, int] = {}
    for doc in docs:
        eds = by_doc.get(doc, [])
        if len(eds) > 1:
            text = editions_text(edition_label(sources.get(s)) for s in sorted(eds, key=_edition_order(sources)))
            kinds[text] = kinds.get(text, 0) + 1
    if len(docs) == 1 and kinds:
        note = "in " + next(iter(kinds))
    else:
        note = ", ".join(f"{n} in {text}" for text, n in kinds.items())
    return len(docs), len(by_doc), note


def _edition_order(sources: Mapping[str, Mapping]):
    """PDF first, then the others by label and id (so a note reads the same every time)."""
    def key(sid: str) -> tuple:
        label = edition_label(sources.get(sid))
        return (label != "PDF", label, sid)
    return key
