"""How a quote reaches a reader: its words, an excerpt, its page, and a link to the passage (pure).

Every ledger form (HTML, Markdown, JSON, the report, a public package) asks here, so none of
them prints an offset range without words:

- ``excerpt``: a quote over the budget shows its opening and closing words with an ellipsis,
  and ``length_text`` its full length; an excerpt is never more than eight words (or forty
  characters of a script written without spaces) and so always within the budget;
- licences: a source may carry ``public-domain``, ``cc-by``, ``cc-by-sa``, ``own`` or
  ``unknown`` (the default); a free licence lifts the quote budget;
- markup left in a quote by the canonical text (code spans, emphasis) is rendered, not shown
  raw, and is stripped from what a link or an excerpt is built of; a link in a quote reads as
  its text, as the reader view reads it (no brackets, no address);
- ``source_href``: the public address of a source (``url``, set by ``sb add --url`` or ``sb
  source set``, else an http(s) locator), with a text fragment (``#:~:text=start,end``) that
  makes a browser scroll to and highlight the quoted words, or ``#page=N`` for a PDF; a source
  with no address of its own borrows the address of another edition of its document
  (``reader_address``);
- ``page_of``: the page a citation sits on, by the PDF's printed label where it defines
  labels, else its physical number (``pages.json``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import quote as _pct
from urllib.parse import urlsplit, urlunsplit

from ...base.patterns import hot
from ..text.sentences import is_cjk

FREE_LICENSES = ("public-domain", "cc-by", "cc-by-sa", "own")
LICENSES = FREE_LICENSES + ("unknown",)
_LICENSE_SYNONYMS = {
    "public-domain": "public-domain", "public domain": "public-domain", "pd": "public-domain",
    "cc0": "public-domain", "cc0-1.0": "public-domain", "cc0 1.0": "public-domain",
    "cc-by": "cc-by", "cc by": "cc-by", "cc-by-4.0": "cc-by", "cc by 4.0": "cc-by", "cc-by-3.0": "cc-by",
    "cc by 3.0": "cc-by", "cc-by-2.0": "cc-by", "cc by 2.0": "cc-by",
    "cc-by-sa": "cc-by-sa", "cc by-sa": "cc-by-sa", "cc by sa": "cc-by-sa", "cc-by-sa-4.0": "cc-by-sa",
    "cc by-sa 4.0": "cc-by-sa", "cc-by-sa-3.0": "cc-by-sa", "cc by-sa 3.0": "cc-by-sa",
    "own": "own", "unknown": "unknown",
}

EDGE_WORDS = 4  # an excerpt shows at most this many words at each end
EDGE_CHARS = 40  # ... and at most this many characters at each end
EDGE_CJK = 16  # characters at each end of a text written without spaces


# ---- licences ------------------------------------------------------------------------------
def canonical_license(value: object) -> str | None:
    """One of ``LICENSES`` for a value sb knows (``CC BY 4.0`` -> ``cc-by``), else None."""
    if not isinstance(value, str):
        return None
    key = " ".join(value.strip().lower().replace("_", "-").split())
    return _LICENSE_SYNONYMS.get(key)


def license_of(src: Mapping | None) -> str:
    """A source's licence class; anything unrecorded or unrecognised is ``unknown``."""
    return canonical_license((src or {}).get("license")) or "unknown"


def is_free(src: Mapping | None) -> bool:
    return license_of(src) in FREE_LICENSES


# ---- markup --------------------------------------------------------------------------------
_INLINE = hot(
    r"(?P<code>(?P<ticks>`+)(?P<codetext>.+?)(?P=ticks))"
    r"|(?P<strong>\*\*(?=\S)(?P<strongtext>.+?)(?<=\S)\*\*)"
    r"|(?P<em>(?<![\w*])\*(?=[^\s*])(?P<emtext>.+?)(?<=[^\s*])\*(?![\w*]))"
    r"|(?P<uem>(?<![\w_])_(?=[^\s_])(?P<uemtext>.+?)(?<=[^\s_])_(?![\w_]))", re.S)
_LINE_MARK = hot(r"(?m)^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d{1,3}[.)][ \t]+|\|)")


def tokens(text: str) -> list[tuple[str, str]]:
    """``(kind, text)`` runs: ``text``, ``code``, ``strong`` or ``em`` (no nesting). A link reads
    as its text, as the reader view reads it (``reader_view.links_read``)."""
    from ..search.reader_view import links_read

    text = links_read(text)
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append(("text", text[pos:m.start()]))
        if m.group("code"):
            out.append(("code", m.group("codetext").strip(" ") or m.group("codetext")))
        elif m.group("strong"):
            out.append(("strong", m.group("strongtext")))
        else:
            out.append(("em", m.group("emtext") or m.group("uemtext")))
        pos = m.end()
    if pos < len(text):
        out.append(("text", text[pos:]))
    return out


def plain(text: str) -> str:
    """The words a reader sees: inline markup and line markers (list, quote, heading) removed."""
    return "".join(t for _, t in tokens(_LINE_MARK.sub("", text)))


def quote_html(text: str, esc) -> str:
    """The quote as HTML, code spans and emphasis rendered; ``esc`` escapes every piece."""
    tags = {"code": "code", "strong": "strong", "em": "em"}
    return "".join(esc(t) if k == "text" else f"<{tags[k]}>{esc(t)}</{tags[k]}>" for k, t in tokens(text))


def quote_md(text: str, esc) -> str:
    """The quote as Markdown: code spans and emphasis kept as such, everything else escaped."""
    out = []
    for k, t in tokens(text):
        if k == "code":
            body = " ".join(t.split())
            fence = "`" * (max((len(r) for r in re.findall(r"`+", body)), default=0) + 1)
            pad = " " if body.startswith("`") or body.endswith("`") else ""
            out.append(f"{fence}{pad}{body}{pad}{fence}")
        elif k == "strong":
            out.append(f"**{esc(t)}**")
        elif k == "em":
            out.append(f"*{esc(t)}*")
        else:  # the escape folds whitespace to single spaces inside; the spaces at its ends are the quote's too
            core = esc(t)
            lead, trail = (" " if t[:1].isspace() else ""), (" " if t[-1:].isspace() else "")
            out.append(lead + core + trail if core else lead or trail)
    return "".join(out)


# ---- excerpts ------------------------------------------------------------------------------
def _spaced(text: str) -> bool:
    """Words are told apart by spaces: more than one, in a text not written mostly in a script
    without spaces (Japanese, Chinese), whose only spaces sit inside Latin names ("Kindle for PC")."""
    if len(text.split()) < 2:
        return False
    cjk = sum(1 for c in text if is_cjk(c))
    return cjk * 3 < sum(1 for c in text if not c.isspace())


def _latin(c: str) -> bool:
    return c.isalnum() and not is_cjk(c)


def _katakana(c: str) -> bool:
    return "\u30a1" <= c <= "\u30fa" or c == "\u30fc" or "\uff66" <= c <= "\uff9f"


def _units(text: str) -> list[str]:
    """A text written without spaces as the pieces an excerpt may cut between: each Han or
    hiragana character, each space or mark, and whole each run of Latin letters and digits
    ("KeePass", "Windows10", "3.7.2") and each run of katakana ("ショートカットキー"): inside
    Japanese such a run is one word."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        if _latin(text[i]):
            while j < n and (_latin(text[j]) or (text[j] in ".,'’_-" and j + 1 < n and _latin(text[j + 1]))):
                j += 1
        elif _katakana(text[i]):
            while j < n and _katakana(text[j]):
                j += 1
        out.append(text[i:j])
        i = j
    return out


def _unspaced_edge(text: str, limit: int, *, tail: bool) -> str:
    """The opening (or closing) pieces of a text written without spaces, at most ``limit``
    characters, cut only between pieces (``_units``); a first piece longer than that (a long
    Latin word) is shown whole up to ``EDGE_CHARS``, as a spaced word is."""
    units = _units(text)
    if tail:
        units.reverse()
    out: list[str] = []
    size = 0
    for u in units:
        if size + len(u) > limit:
            if not out:
                out.append(u if len(u) <= EDGE_CHARS else (u[-limit:] if tail else u[:limit]))
            break
        out.append(u)
        size += len(u)
    if tail:
        out.reverse()
        return "".join(out).strip().lstrip(_CLOSING)  # no bracket left open at a cut
    return "".join(out).strip().rstrip(_OPENING)


_OPENING = "「『（【〔〈《([{“‘\"'"
_CLOSING = "」』）】〕〉》)]}”’\"'、，。"


def _head(text: str) -> str:
    if not _spaced(text):
        return _unspaced_edge(text, EDGE_CJK, tail=False)
    words = text.split()[:EDGE_WORDS]
    out = ""
    for w in words:
        nxt = f"{out} {w}" if out else w
        if len(nxt) > EDGE_CHARS and out:
            break
        out = nxt
    return out[:EDGE_CHARS]


def _tail(text: str) -> str:
    if not _spaced(text):
        return _unspaced_edge(text, EDGE_CJK, tail=True)
    words = text.split()[-EDGE_WORDS:]
    out = ""
    for w in reversed(words):
        nxt = f"{w} {out}" if out else w
        if len(nxt) > EDGE_CHARS and out:
            break
        out = nxt
    return out[-EDGE_CHARS:]


def excerpt(quote: str) -> str:
    """The opening and closing words of a quote with an ellipsis between them (or after the
    opening words of a short one). Plain text: markup is stripped first. A text written
    without spaces is cut between characters, never inside a Latin word ("KeePass"), and a short
    one (its two ends would meet) shows at most its first half: an excerpt never shows a
    quotation all but whole."""
    text = " ".join(plain(quote).split())
    head, tail = _head(text), _tail(text)
    if len(head) + len(tail) + 3 < len(text):
        return f"{head} … {tail}"
    if not _spaced(text) and len(text) > 4:
        half = _unspaced_edge(text, min(EDGE_CJK, max(1, len(text) // 2)), tail=False)
        if half and len(half) < len(text):
            return f"{half} …"
        return text[: max(1, len(text) // 2)] + " …"
    if len(head) < len(text):
        return f"{head} …"
    words = text.split()
    if len(words) > 2:
        return " ".join(words[:2]) + " …"
    if word_or_two(text):
        return text  # a word or two: nothing to shorten, and not a quotation
    # two words too long to be "a word or two" ("Created: 01-Mar-2019"): shown whole they would be
    # a quotation the budget counts, so the excerpt keeps the first word (its first eleven letters)
    if len(words) == 2 and len(words[0]) < 12:
        return words[0] + " …"
    return words[0][:11] + " …"


def excerpt_terms(shown: str) -> str:
    """An excerpt turned back into what ``text_fragment`` takes: its opening and closing words
    on lines of their own, so a link built from it never says more than the excerpt."""
    head, sep, tail = shown.partition(" … ")
    return f"{head}\n{tail}" if sep and tail else head.removesuffix(" …")


def word_or_two(shown: str) -> bool:
    """The text a page shows of a quote is a word or two, not a quotation: fewer than 3 words
    and 12 characters. The per-source quote budget counts no such quote, in the ledger
    (``shown_spans``) as in ``sb verify``; both measure the text shown (``shown_text``)."""
    text = " ".join(shown.split())
    return len(text.split()) < 3 and len(text) < 12


def shown_text(quote: str, *, whole: bool) -> str:
    """What a reader sees of a quote: shown whole, its inline markup rendered (line marks such as
    a heading's ``####`` kept); else as its excerpt, markup stripped (``excerpt``)."""
    return "".join(t for _, t in tokens(quote)) if whole else " ".join(plain(quote).split())


def shown_as(quote: str, text: str, flat: str | None = None) -> str | None:
    """What ``text`` (a page's words; ``flat``, the same with its whitespace collapsed) shows of
    a quote: the quote whole (as stored, or with its markup rendered) or its words with the
    markup stripped; None when it shows neither. ``sb verify`` counts a quote so shown against
    the budget wherever on the page it stands, and the ledger counts the ones the page's own
    prose shows before any other (``ledger_model.shown_spans``)."""
    flat = " ".join(text.split()) if flat is None else flat
    whole = shown_text(quote, whole=True)
    if quote in text or " ".join(whole.split()) in flat:
        return whole
    cut = shown_text(quote, whole=False)
    return cut if cut in flat else None


def length_text(quote: str) -> str:
    """The full length of a quote, in words (or characters for text written without spaces)."""
    text = plain(quote)
    n = len(text.split())
    if n > 1 and len(text) / n < 24 and _spaced(" ".join(text.split())):
        return f"{n} words"
    return f"{len(text.strip())} characters"


# ---- pages ---------------------------------------------------------------------------------
def page_of(start: object, pages: Sequence[Mapping] | None) -> dict | None:
    """``{"page": physical, "label": printed}`` of the page holding offset ``start``."""
    if not pages or not isinstance(start, int) or isinstance(start, bool):
        return None
    for p in pages:
        s, e, n = p.get("start"), p.get("end"), p.get("page")
        if isinstance(s, int) and isinstance(e, int) and isinstance(n, int) and s <= start < e:
            label = p.get("label")
            return {"page": n, "label": label if isinstance(label, str) and label.strip() else str(n)}
    return None


def page_text(page: Mapping | None) -> str:
    return f"p. {page['label']}" if page else ""


def evidence_start(ev: Mapping) -> object:
    parts = ev.get("parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], Mapping):
        return parts[0].get("start")
    return ev.get("start")


# ---- links ---------------------------------------------------------------------------------
_HTTP = hot(r"^https?://", re.I)


def _term(text: str) -> str:
    """One text-directive term, percent-encoded: everything but letters and digits, and always
    the characters the fragment syntax reserves (``-``, ``,``, ``&``)."""
    return _pct(text, safe="").replace("-", "%2D").replace(".", "%2E").replace("_", "%5F").replace("~", "%7E")


def text_fragment(quote: str) -> str:
    """``:~:text=start[,end]`` for a quote: its opening words and, for a longer quote, its
    closing words (each within one line of the source, as a browser matches within a block)."""
    lines = [ln for ln in (" ".join(x.split()) for x in plain(quote).split("\n")) if ln]
    if not lines:
        return ""
    first, last = lines[0], lines[-1]
    # a browser matches a term only from and to word boundaries, which a cut inside a script
    # written without spaces cannot promise: such a line is matched whole
    if len(lines) == 1 and (len(first.split()) <= 2 * EDGE_WORDS if _spaced(first) else len(first) <= 160):
        return ":~:text=" + _term(first)
    head, tail = _head(first), _tail(last)
    if len(lines) == 1 and len(head) + len(tail) + 1 >= len(first):
        return ":~:text=" + _term(first)
    return f":~:text={_term(head)},{_term(tail)}"


def is_pdf(src: Mapping | None) -> bool:
    src = src or {}
    media = str(src.get("media_type") or "").lower()
    locs = [str(src.get(k) or "") for k in ("url", "locator", "canonical_locator")]
    return media == "application/pdf" or any(urlsplit(x).path.lower().endswith(".pdf") for x in locs if x)


def public_address(src: Mapping | None) -> str | None:
    """The http(s) address readers can open: ``url`` if recorded, else a URL locator."""
    from .escape import http_href

    src = src or {}
    for key in ("url", "canonical_locator", "locator"):
        value = src.get(key)
        if key != "url" and src.get("kind") not in ("url", None):
            continue
        href = http_href(value) if isinstance(value, str) and _HTTP.match(value.strip()) else None
        if href:
            return href
    return None


def lent_address(src: Mapping | None) -> Mapping | None:
    """``{"url", "pdf", "from"}``: the address another edition of the same document lends a
    source with none of its own (``_link``, attached for display), or None."""
    from .escape import http_href

    lent = (src or {}).get("_link")
    if not isinstance(lent, Mapping) or not isinstance(lent.get("url"), str):
        return None
    return lent if http_href(lent["url"]) else None  # an http(s) address, never a script


def reader_address(src: Mapping | None) -> str | None:
    """The address a reader is sent to: the source's public address, else its edition's."""
    own = public_address(src)
    if own is not None:
        return own
    lent = lent_address(src)
    return str(lent["url"]) if lent else None


def source_href(src: Mapping | None, quote: str = "", page: Mapping | None = None) -> str | None:
    """The link to the cited passage: the public address plus ``#page=N`` for a PDF page or a
    text fragment built from the quote; None for a source with no public address. A source
    with none of its own (a PDF added from a file) links to an edition of the same document
    that has one: a text fragment finds the same words there; a page number counted in one PDF
    is only kept for another PDF."""
    base = public_address(src)
    pdf = is_pdf(src)
    if base is None:
        lent = lent_address(src)
        if lent is None:
            return None
        base = str(lent["url"])
        if lent.get("pdf") and not pdf:
            page = None
        pdf = bool(lent.get("pdf"))
    parts = urlsplit(base)
    fragment = ""
    if pdf:
        fragment = f"page={page['page']}" if page else ""
    elif quote.strip():
        fragment = text_fragment(quote)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, fragment))
