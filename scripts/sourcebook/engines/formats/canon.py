"""Canonical text v2 for text formats: which format a text is in, and its reflowed Markdown.

Markdown is reflowed (``md_reflow``); reStructuredText (``rst_blocks``) and AsciiDoc
(``asciidoc``) become reflowed Markdown with their structure and roles rendered; plain text and
RFCs are reflowed where their lines were wrapped (``plain_reflow``). A ``.txt`` file is sniffed:
a PEP or any text with reStructuredText directives, roles or titles is reStructuredText, page
footers ending ``[Page N]`` make an RFC, and so on.
"""

from __future__ import annotations

import os
import re

from ...base.patterns import lazy
from ...base.versions import NORMALIZER
from ..text.normalize import normalize
from .canon_lines import join_lines, split_lines

FORMATS = ("markdown", "rst", "asciidoc", "plain", "rfc")
_BY_EXT = {".md": "markdown", ".markdown": "markdown", ".rst": "rst", ".rest": "rst", ".adoc": "asciidoc",
           ".asciidoc": "asciidoc", ".asc": "asciidoc"}
_BY_TYPE = {"text/markdown": "markdown", "text/x-markdown": "markdown", "text/x-rst": "rst",
            "text/prs.fallenstein.rst": "rst", "text/asciidoc": "asciidoc", "text/x-asciidoc": "asciidoc"}
_SNIFF = 200_000  # characters looked at to tell a .txt file's format

_RFC_PAGE = lazy(r"\[Page \d+\]\s*$", re.M)
_RST_ROLE = lazy(r":[a-z][\w:-]*:`[^`]+`|``[^`\n]+``")
_ADOC_HEAD = lazy(r"\A\s*= \S")
# Patterns for the start of a line are written with the line break before it (and searched in
# the text after a line break): a pattern that opens with a literal character lets the search
# jump from one line break to the next instead of trying every position. None of them ends
# right after a line break, so the matches found are the same ones as with ``^``.
_RST_DIRECTIVE = lazy(r"\n\.\. [\w:-]+::")
_RST_TITLE = lazy(r"\n[^\s].*\n([=\-~^*#\"'+`:.])\1{2,}$", re.M)
_ADOC_MARKS = lazy(r"\n(?:={2,5} \S|\[source[,\]]|:[\w-]+:(?: |$)|-{4}$|\.{4}$)", re.M)
_MD_MARKS = lazy(r"\n(?:#{1,6} \S|```|~~~)")


def text_format(text: str, media_type: str | None = None, path: str = "") -> str:
    """The format of a text source: by extension, then media type, then by its content."""
    ext = os.path.splitext(path)[1].lower()
    if ext in _BY_EXT:
        return _BY_EXT[ext]
    mt = (media_type or "").split(";")[0].strip().lower()
    if mt in _BY_TYPE:
        return _BY_TYPE[mt]
    return sniff(text)


def sniff(text: str) -> str:
    head = text[:_SNIFF]
    if head.lstrip("\ufeff").startswith("PEP: "):
        return "rst"
    if len(_RFC_PAGE.findall(head)) >= 2:
        return "rfc"
    lines = "\n" + head  # every line, the first too, after a line break
    if _RST_DIRECTIVE.search(lines):
        return "rst"
    roles = len(_RST_ROLE.findall(head)) if "`" in head else 0  # every role holds a backtick
    titles = len(_RST_TITLE.findall(lines))
    if roles >= 3 or (roles and titles) or titles >= 3:
        return "rst"
    if _ADOC_HEAD.match(head) or len(_ADOC_MARKS.findall(lines)) >= 3:
        return "asciidoc"
    if len(_MD_MARKS.findall(lines)) >= 2:
        return "markdown"
    return "plain"


# The ``sb.text`` extractor version (its row in ``engines/convert/registry.py``) whose Markdown
# drops the backslash of a hard line break; version 1 kept it, and is made again on request
# (``extractor=1``) so a source extracted by it still verifies and re-checks.
HARD_BREAKS_FROM = 2


def canonical_v2(text: str, fmt: str, extractor: int | None = None) -> str:
    """The canonical text (v2) of a text source in format ``fmt``, as ``sb.text`` version
    ``extractor`` made it (None: the current one)."""
    lines = split_lines(text)
    if fmt == "rst":
        from .rst_blocks import rst_to_markdown

        out = rst_to_markdown(lines)
    elif fmt == "asciidoc":
        from .asciidoc import asciidoc_to_markdown

        out = asciidoc_to_markdown(lines)
    elif fmt in ("plain", "rfc"):
        from .plain_reflow import plain_to_markdown

        out = plain_to_markdown(lines, rfc=fmt == "rfc")
    else:
        from .md_reflow import reflow_markdown

        out = reflow_markdown(lines, hard_breaks=extractor is None or extractor >= HARD_BREAKS_FROM)
    return join_lines(out)


def text_canonical(text: str, *, media_type: str | None = None, path: str = "", normalizer: int = NORMALIZER,
                   extractor: int | None = None) -> str:
    """Decoded text of a text source (Markdown, reStructuredText, AsciiDoc, plain) as canonical text."""
    if normalizer < 2:
        return normalize(text)
    return canonical_v2(text, text_format(text, media_type, path), extractor)


def text_canonical_titled(text: str, *, media_type: str | None = None, path: str = "",
                          normalizer: int = NORMALIZER, extractor: int | None = None) -> tuple[str, str | None]:
    """``text_canonical`` and the title the text gives itself (``text_title``), or None."""
    from .text_title import text_title

    fmt = text_format(text, media_type, path)
    out = normalize(text) if normalizer < 2 else canonical_v2(text, fmt, extractor)
    return out, text_title(out, fmt)
