"""The source formats sourcebook reads: one row each, the one place a format is declared.

A row names the extractor ``tool`` a source records, its ``version`` (bumped whenever the same
bytes would give another canonical text, so the gate and recheck can tell), the media types and
file extensions it claims (the first extension is the one a capture is stored under), how to
recognise its bytes when a server sends no useful media type, and its ``convert`` function.
(Which media type a local file has, by its extension, is ``plain_extract.media_type_for``.)
Adding a format is a converter module and a row here; ``tool_for``, the stored extension,
fetch's sniffing, the extractor versions and the ``tool`` enum of ``source.schema.json`` (a test
checks it) all follow from the rows.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ...base.record import TupleRecord
from ...base.versions import NORMALIZER
from ..formats.plain_extract import Extracted


class Request(TupleRecord):
    """What a converter is given besides the bytes."""

    media_type: str | None
    path: str = ""
    charset: str | None = None
    base_url: str | None = None
    normalizer: int = NORMALIZER
    extractor: int | None = None  # the version of the format's rules to apply (None: its current one)
    titled: bool = True  # also the title the text gives itself (a re-extraction compares text only)


class Format(TupleRecord):
    tool: str
    version: int
    media: dict[str, str]  # media type -> the extension a capture of it is stored under
    extensions: tuple[str, ...]  # extensions of local files in this format
    convert: Callable[[bytes, Request], tuple[Extracted, str | None]]  # (extraction, charset used)
    sniff: Callable[[bytes], bool] | None = None
    any_text: bool = False  # also every other text/* media type
    # older versions whose text ``convert`` still makes when asked (``Request.extractor``): a
    # source extracted by one of them is re-extracted by it (verify's re-extraction, recheck)
    # until `sb extract --force` moves it to the current version
    reproduces: tuple[int, ...] = ()


def _text(raw: bytes, req: Request) -> tuple[Extracted, str | None]:
    from ..formats.binary import not_text
    from ..formats.canon import text_canonical, text_canonical_titled
    from ..formats.charset import decode_bytes

    dec = decode_bytes(raw, media_type=req.media_type, declared=req.charset)
    junk = not_text(dec.text, req.media_type, dec.utf8)
    if junk:  # NULs and undecodable bytes are never canonical text
        return Extracted("sb.text", "", [junk]), dec.charset
    if not req.titled:
        return Extracted("sb.text", text_canonical(dec.text, media_type=req.media_type, path=req.path,
                                                   normalizer=req.normalizer, extractor=req.extractor),
                         list(dec.notes)), dec.charset
    text, title = text_canonical_titled(dec.text, media_type=req.media_type, path=req.path, normalizer=req.normalizer,
                                        extractor=req.extractor)
    return Extracted("sb.text", text, list(dec.notes), meta={"title": title} if title else None), dec.charset


def _html(raw: bytes, req: Request) -> tuple[Extracted, str | None]:
    from ..formats.binary import not_text
    from ..formats.charset import decode_bytes
    from ..html.extract import extract_html

    dec = decode_bytes(raw, media_type=req.media_type or "text/html", declared=req.charset)
    junk = not_text(dec.text, req.media_type, dec.utf8)
    if junk:
        return Extracted("sb.html", "", [junk]), dec.charset
    res = extract_html(dec.text, req.base_url)
    return Extracted("sb.html", res.text, list(dec.notes) + list(res.notes), links=list(res.links),
                     meta=dict(res.meta)), dec.charset


def _pdf(raw: bytes, req: Request) -> tuple[Extracted, str | None]:
    from ..pdf.extract import extract_pdf

    pdf = extract_pdf(raw, normalizer=req.normalizer)
    return Extracted("sb.pdf", pdf.text, list(pdf.notes), pages=list(pdf.pages)), None


def _looks_like_html(raw: bytes) -> bool:
    from ..formats.charset import looks_like_html

    return looks_like_html(raw)


FORMATS: tuple[Format, ...] = (
    # 2: a Markdown hard line break's backslash dropped (version 1's text is made on request)
    Format("sb.text", 2, {"text/markdown": ".md", "text/x-markdown": ".md", "text/plain": ".txt",
                          "text/x-rst": ".rst", "text/asciidoc": ".adoc"},
           (".md", ".markdown", ".txt", ".text", ".rst", ".rest", ".adoc", ".asciidoc"), _text, any_text=True,
           reproduces=(1,)),
    # 3: captions as ::: caption blocks, the standfirst kept, teaser leftovers trimmed
    # 4: table rows never the article, an intro box joins it, a <noscript> article is read,
    #    labels over and after it, calls to act and lines under a last rule trimmed, class words
    #    after no/non ignored, "hidden" in a class name no longer negative
    # 5: a lead-in and one headline link in the article's flow ("Read also: ...") dropped, a list
    #    of tools set down twice after the last paragraph and a line in capitals at the end trimmed
    # 6: a box after the article that opens with a rule (a note about the publisher) and a card a
    #    link in a sentence opens (a photo and other stories) dropped
    Format("sb.html", 6, {"text/html": ".html", "application/xhtml+xml": ".html"}, (".html", ".htm", ".xhtml"),
           _html, sniff=_looks_like_html),
    # 3: section headings from the outline or numbered titles
    Format("sb.pdf", 3, {"application/pdf": ".pdf"}, (".pdf",), _pdf, sniff=lambda raw: raw.startswith(b"%PDF-")),
)
# Text an agent wrote and adopted (``sb extract --adopt``): no converter, but a recorded version.
AGENT = "agent"
AGENT_VERSION = 1
EXTRACTOR_VERSIONS: dict[str, int] = {f.tool: f.version for f in FORMATS} | {AGENT: AGENT_VERSION}


def reproducible(tool: str | None, version: object) -> bool:
    """Can this sb make the text extractor ``tool`` at ``version`` made (its current version, or
    an older one its format still makes)?"""
    for f in FORMATS:
        if f.tool == tool:
            return version == f.version or version in f.reproduces
    return False
# Captures sourcebook keeps but cannot read (an API's JSON answer), under a readable name.
_OTHER_STORED = {"application/json": ".json"}


def media_key(media_type: str | None) -> str:
    return (media_type or "").split(";")[0].strip().lower()


def format_for(media_type: str | None, path: str = "") -> Format | None:
    """The format of a capture: by its media type or its extension (extensions first for text
    formats, whose media types servers and file systems disagree on), else any text/* as text."""
    mt = media_key(media_type)
    ext = os.path.splitext(path)[1].lower()
    for f in FORMATS:
        if mt in f.media or ext in f.extensions:
            return f
    if mt.startswith("text/"):
        return next(f for f in FORMATS if f.any_text)
    return None


def tool_for(media_type: str | None, path: str = "") -> str | None:
    f = format_for(media_type, path)
    return f.tool if f else None


def stored_extension(media_type: str | None, default: str = ".bin") -> str:
    """The extension a capture of this media type is stored under."""
    mt = media_key(media_type)
    for f in FORMATS:
        if mt in f.media:
            return f.media[mt]
    return _OTHER_STORED.get(mt, default)


def sniff(raw: bytes) -> str | None:
    """A media type from the first bytes, for servers that send none or a generic one."""
    for f in FORMATS:
        if f.sniff is not None and f.sniff(raw):
            return next(iter(f.media))
    return None
