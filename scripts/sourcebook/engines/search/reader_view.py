"""A text as a reader sees it, with the way back to the source offsets (pure).

The reader view of a canonical text (or of a pasted quote) drops what a rendered page does not
show and folds what a copy may spell differently: runs of whitespace become one space;
Markdown emphasis, code and link marks, backslash escapes, the backslash of a hard line break
(a text extracted by ``sb.text`` 1 kept it), heading, quote and list markers, code fences and
table pipes go; reStructuredText roles render as their text (``:pep:`8``` is
"PEP 8", for texts still at canonical text v1), section underlines go; typographic quotes,
dashes (a run of them is one ``-``) and the ellipsis fold to ASCII; soft hyphens and
zero-width characters go. Letters, digits and case are never touched, so two texts with the
same view differ only in what a reader cannot see.

``locate`` finds a quote's view in a text's view and returns the source span of each
occurrence, widened over emphasis and code marks it would otherwise cut in half; the text at
that span is what a citation stores. ``relocate`` finds an old citation's words in a new
version of its source, nearest to where they were.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import lru_cache

from ...base.patterns import hot
from ...base.record import TupleRecord
from .find import FILL

# what each token of the source becomes in the view
_SPACE, _DROP, _STRUCT, _RENDER = 1, 2, 3, 4

_FOLD = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
                       "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
                       "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                       "\u2015": "-", "\u2212": "-", "\u00a0": " "})
_TOKEN = hot(
    r"(?P<struct>(?m:^)[ \t]*(?:(?:`{3,}|~{3,})[^\n]*|([=\-~^*#\"'+:.])\2{2,}[ \t]*(?=\n|$)|"
    r"(?:#{1,6}|>(?:[ \t]*>)*|[-*+]|\d{1,9}[.)])[ \t]+))"
    r"|(?P<role>:[A-Za-z][\w.+-]*(?::[A-Za-z][\w.+-]*)*:`(?P<rtext>(?:[^`\\\n]|\\.)+)`)"
    r"|(?P<ref>`(?P<ref_t>[^`<\n]*[^`<\s])\s*<[^>\n]+>`_{0,2})"
    r"|(?P<link_end>\]\([^)\s]*\)|\]\[[^\]\n]*\])"
    r"|(?P<link_start>!?\[(?=[^\]\n]*\](?:\(|\[)))"
    r"|(?P<ws>[^\S\n]*\n(?:[^\S\n]*\n)*|[^\S\n ][^\S\n]*| [^\S\n]+)"
    r"|(?P<pipe>\|)"
    r"|(?P<dashes>[-\u2010-\u2015\u2212]{2,})"
    r"|(?P<ellipsis>\u2026)"
    r"|(?P<mark>`+|\\(?=[!-/:-@\[-`{-~])|(?<!\\)\\(?=[ \t]*\n| )|(?<![\w*])[*_]+|[*_]+(?![\w*]))"
    r"|(?P<invisible>[\u00ad\u200b\u200c\u200d\u2060\ufeff])"
)


class View(TupleRecord):
    text: str  # the reader view
    starts: list[int]  # view offset where each segment begins
    segs: list[tuple[int, int, int, int]]  # (view start, source start, source end, kind)
    src_starts: list[int]  # source offset where each segment begins


def build(text: str) -> View:
    parts: list[str] = []
    starts: list[int] = []
    segs: list[tuple[int, int, int, int]] = []
    vpos = 0
    pos = 0
    space = True  # the view ends with a space (or is empty): a space to add is not shown

    def copy(a: int, b: int) -> None:
        nonlocal vpos, space
        if space and text[a] == " ":
            starts.append(vpos)
            segs.append((vpos, a, a + 1, _SPACE))
            a += 1
            if a == b:
                return
        starts.append(vpos)
        segs.append((vpos, a, b, 0))
        parts.append(text[a:b])
        vpos += b - a
        space = text[b - 1] == " "

    for m in _TOKEN.finditer(text):
        a, b = m.span()
        if a > pos:  # an untouched run: one view character per source character
            copy(pos, a)
        pos = b
        kind = m.lastgroup
        if kind == "ws" or kind == "pipe":
            shown, how = ("" if space else " "), _SPACE
        elif kind == "role":
            from ..formats.rst_inline import render_role  # only a text with a role pays for the import

            shown, how = render_role(m.group(0)[1:m.group(0).index(":`")], m.group("rtext"))[0], _RENDER
        elif kind == "ref":
            shown, how = m.group("ref_t"), _RENDER
        elif kind == "dashes":
            shown, how = "-", _RENDER
        elif kind == "ellipsis":
            shown, how = "...", _RENDER
        elif kind == "struct":
            shown, how = "", _STRUCT
        else:
            shown, how = "", _DROP
        starts.append(vpos)
        segs.append((vpos, a, b, how))
        if shown:
            parts.append(shown)
            vpos += len(shown)
            space = shown[-1] == " "
    if pos < len(text):
        copy(pos, len(text))
    view = "".join(parts).translate(_FOLD)
    return View(view, starts, segs, [sg[1] for sg in segs])


def links_read(text: str) -> str:
    """``text`` with its links as the view reads them, nothing else touched: a Markdown link or
    image is its text (``[Python 3.7.2](https://...)`` reads "Python 3.7.2"), a
    reStructuredText hyperlink reference its text. What a ledger shows of a quote (its excerpt,
    the quote in full, the words its link finds on the page) is read so."""
    if "[" not in text and "`" not in text:
        return text
    out: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("link_start", "link_end", "ref"):
            out.append(text[pos:m.start()])
            if kind == "ref":
                out.append(m.group("ref_t"))
            pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def quote_view(quote: str) -> str:
    """A pasted quote as the view it must match: composed like the canonical text (NFC), its own
    markup dropped, spaces collapsed."""
    return " ".join(build(unicodedata.normalize("NFC", quote)).text.split())


def _src_start(v: View, i: int) -> int:
    k = bisect_right(v.starts, i) - 1  # the last segment starting at i is the one shown there
    vstart, s, e, how = v.segs[k]
    return s + (i - vstart) if how == 0 else s


def _src_end(v: View, i: int) -> int:
    """Source offset just after view character ``i - 1``."""
    k = bisect_right(v.starts, i - 1) - 1
    vstart, s, e, how = v.segs[k]
    return s + (i - vstart) if how == 0 else e


def _widen(v: View, text: str, s: int, e: int) -> tuple[int, int]:
    """Take in emphasis and code marks that touch the span, so it does not cut them in half."""
    k = bisect_right(v.src_starts, s) - 1 if v.segs else -1
    # marks right before the start
    j = k - 1 if k >= 0 and v.segs[k][1] == s else k
    while j >= 0 and v.segs[j][3] == _DROP and v.segs[j][2] == s:
        s = v.segs[j][1]
        j -= 1
    # marks right after the end
    k = bisect_right(v.src_starts, e) - 1 if v.segs else -1
    while 0 <= k < len(v.segs) and v.segs[k][1] < e:
        k += 1
    while 0 <= k < len(v.segs) and v.segs[k][3] == _DROP and v.segs[k][1] == e:
        e = v.segs[k][2]
        k += 1
    return s, e


def spans_of(v: View, text: str, needle_view: str, cap: int = 50) -> list[tuple[int, int]]:
    """Source spans of every occurrence (up to ``cap``) of ``needle_view`` in the view."""
    out: list[tuple[int, int]] = []
    if not needle_view:
        return out
    i = v.text.find(needle_view)
    while i >= 0 and len(out) < cap:
        s = _src_start(v, i)
        e = _src_end(v, i + len(needle_view))
        s, e = _widen(v, text, s, e)
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e and (s, e) not in out:
            out.append((s, e))
        i = v.text.find(needle_view, i + 1)
    return out


def locate(text: str, quote: str, cap: int = 50) -> list[tuple[int, int]]:
    """Source spans whose reader view is the quote's reader view (at most ``cap``)."""
    return spans_of(build(text), text, quote_view(quote), cap)


_MARGIN = 256  # view characters kept beyond a match's reach, so a window's cut edges never touch it
_WINDOWED_SHARE = 0.5  # windows covering more of the text than this: one whole build is cheaper


def locate_near(text: str, quote: str, word: str, cap: int = 50) -> list[tuple[int, int]]:
    """``locate``, with the view built only around the places where ``word`` (a word of the
    quote, letters and digits as written: the view never changes them) occurs in ``text``.

    A match holds ``word``, and lies within the quote view's length of it in the view, so a
    window of the text around each occurrence, cut at line starts and ends and reaching that
    far (plus a margin) in the view on both sides, holds every match the whole view holds; the
    answers are ``locate``'s, at the cost of the windows. A long text with few occurrences
    (a paste that matches nowhere) is read in a few small pieces instead of one pass."""
    nv = quote_view(quote)
    if not nv or not word:
        return []
    reach = len(nv) + _MARGIN
    budget = _WINDOWED_SHARE * len(text)  # source characters the windows may cost, at about 6 * reach each
    places = _occurrences(text, word, int(budget // (6 * reach)) + 1)
    if places is None:
        return locate(text, quote, cap)
    windows: list[list[int]] = []
    for i, j in places:
        a, b = _window(text, i, j, reach)
        if windows and a <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], b)
        else:
            windows.append([a, b])
    out: list[tuple[int, int]] = []
    for a, b in windows:
        part = text[a:b]
        for s, e in spans_of(build(part), part, nv, cap):
            out.append((a + s, a + e))
        if len(out) >= cap:
            break
    return sorted(set(out))[:cap]


# A word the source splits with marks is one word in the view (``find.FILL``): windows look for it
# with them removed. A superset is sound here: it only finds more places to look.
_JOINS = hot(FILL)


_ROLE = hot(r":[A-Za-z][\w.+-]*:`")


def _occurrences(text: str, word: str, most: int) -> list[tuple[int, int]] | None:
    """Source spans of ``word`` as the view may show it: its letters in ``text`` with any marks
    that can join two letters between them (from the first letter to just after the last).
    None when there are more than ``most`` (a whole view is then the cheaper way). One search
    of the text in C: a paste found nowhere costs a scan, not a pass in Python."""
    want = _JOINS.sub("", word)
    if not want:
        return None
    if _ROLE.search(text):
        return None  # a reStructuredText role renders words of its own ("PEP 8"): read it whole
    out: list[tuple[int, int]] = []
    for m in _spread(want).finditer(text):
        out.append((m.start(), m.end(1)))
        if len(out) > most:
            return None
    return out


@lru_cache(maxsize=64)
def _spread(want: str) -> re.Pattern[str]:
    """The pattern of ``want`` with any run of joining marks between two of its letters. It
    consumes the first letter only (the rest is looked ahead), so occurrences that overlap are
    each found, as a search repeated one character on would find them."""
    gap = f"(?:{FILL})*"
    return re.compile(re.escape(want[0]) + "(?=(" + "".join(gap + re.escape(ch) for ch in want[1:]) + "))")


def _window(text: str, s: int, e: int, reach: int) -> tuple[int, int]:
    """Line-aligned bounds around ``text[s:e]`` whose views reach ``reach`` characters on each side
    (or the text's ends). A view is never longer than three characters per source character
    (an ellipsis), often shorter (dropped markup), so each side grows until it is long enough."""
    a, b = s, e
    grow = 3 * reach
    while a > 0:
        a = text.rfind("\n", 0, max(0, s - grow)) + 1 if s - grow > 0 else 0
        if a == 0 or len(build(text[a:s]).text) >= reach:
            break
        grow *= 2
    grow = 3 * reach
    while b < len(text):
        nl = text.find("\n", e + grow)
        b = len(text) if nl < 0 else nl + 1
        if b == len(text) or len(build(text[e:b]).text) >= reach:
            break
        grow *= 2
    return a, b


def relocate(old_text: str, new_text: str, start: int, end: int, quote: str) -> tuple[int, int] | None:
    """Where a citation's words are in a new version of its source (None when they are not):
    the exact quote if it occurs, else its reader view; the occurrence nearest to the old
    place, measured as a fraction of the text, wins."""
    exact: list[tuple[int, int]] = []
    i = new_text.find(quote) if quote else -1
    while i >= 0 and len(exact) < 1000:
        exact.append((i, i + len(quote)))
        i = new_text.find(quote, i + 1)
    want = start / max(1, len(old_text))
    if exact:
        return min(exact, key=lambda sp: (abs(sp[0] / max(1, len(new_text)) - want), sp[0]))
    hits = locate(new_text, quote, cap=1000)
    if not hits:
        return None
    return min(hits, key=lambda sp: (abs(sp[0] / max(1, len(new_text)) - want), sp[0]))
