"""Reading every sentence of a page for the prose gate, from the tree the page view builds.

A reader, or a machine, can get text from a page in more places than its paragraphs: the title
and standfirst, headings, lists, table cells, captions, ``<details>``, footnotes, the ``alt``,
``title`` and ``aria-label`` attributes, the strings of JSON-LD, HTML comments and CSS
``content:`` strings. This module
turns the parsed page (outside the injected ledger) into plain records the gate judges:

- ``Piece``: one sentence (split with ``engines.text.sentences``) with where it stands (prose,
  a heading, the contents, the legend, the footer, an attribute, a chart, speaker notes), the
  claims whose ``sup.ref`` sits in it or right after it inside a block naming them, whether an
  ``m-thin`` mark of an inference sits there, and whether it is declared framing
  (``class="framing"`` on it or around it).
- What is refused outright, whatever the claims say: comments other than sourcebook's markers,
  CSS ``content`` values, ``#c-`` links that are not a ``sup.ref`` in a block naming the claim,
  marks outside claim blocks, hidden claim blocks and ledger entries.

The apparatus sourcebook writes (``.mark`` labels, ``sup.ref`` numbers, ``.as-of`` dates) is
taken out of a sentence's text; what sits between the ``SB:DATE``, ``SB:SOURCES``, ``SB:REVIEWED`` and
``SB:TOC`` markers is sourcebook's own and is not read. Everything here is a pure function of
the page's text, so it is cached with the page view.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from ...base.patterns import lazy
from ...base.record import TupleRecord
from ..html.tree import Text

if TYPE_CHECKING:
    from ..html.tree import Document, Element

# Elements whose start or end breaks a run of text: sentences never run across them.
BLOCK = frozenset(
    "address article aside blockquote body button caption center col colgroup dd desc details dialog "
    "dir div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html "
    "label legend li main menu nav noscript ol optgroup option p pre section select summary table "
    "tbody td template text textarea tfoot th thead title tr ul".split())
SKIP = frozenset({"script", "style"})
# scripts that hold data, not code: their strings are read like the page's text
DATA_SCRIPTS = frozenset({"application/ld+json", "application/json"})
ATTRS = ("alt", "title", "aria-label", "aria-description", "placeholder")
META_TEXT = frozenset({"description", "og:description", "og:title", "twitter:title", "twitter:description",
                       "keywords", "author"})
# What sourcebook writes between these markers (the footer's build date, source count and whether a
# person reviewed the page) is not read when it is what sb writes there; anything else there is read
# like the text around it.
GENERATED = {"DATE": lazy(r"on (?:\d{4}-\d{2}-\d{2}|the build date)"),
             "SOURCES": lazy(r"\d+ of the \d+ sources? read(?: \((?:\d+ )?in [A-Za-z0-9 ,]{1,160}\))?"
                            r"|the workspace's sources|\d+|the workspace's"),
             "REVIEWED": lazy(r"Not reviewed by a person\.|Reviewed by a person: all \d+ sentences? marked ok "
                              r"on \d{4}-\d{2}-\d{2}\.")}
MARKER = lazy(r"^ /?SB:[A-Z][A-Z0-9-]* $")
MARK_LABELS = frozenset({"checked", "reported", "contested", "moving", "thin"})
HISTORY_LABELS = frozenset({"superseded"})  # the label sb render gives a history citation
_HEADING = {f"h{n}": n for n in range(1, 7)}
# Where one clause of a sentence ends and another begins: each clause of a cited sentence needs a
# citation of its own, so "X[1], and an invented Y" and "an invented X, and Y[1]" are both caught.
# A causal connector joins a clause too ("X because Y", "X, since Y", "X, as a result Y"), and so
# does a colon when a clause with its own subject follows it ("X: it has ...").
# a consequence (", meaning", ", which means", ", hence") is a clause of its own too: what follows
# from a claim is not what the claim says; so is one told by a participle (", forcing riders to
# pay cash", ", leaving", ", causing", ", making", ", keeping", ", letting", ", giving", ", adding")
# and a relative clause with a subject of its own
# (", which it has stopped honouring"): each states something of its own ("which" as the subject,
# ", which runs hourly", stays part of its clause)
_CLAUSE = lazy(r",\s+(?:and|but|while|whilst|whereas|albeit|whereby|although|though|yet|so\s+that|so|or|since|"
               r"as\s+a\s+result,?|meaning(?:\s+that)?|which\s+means(?:\s+that)?|which\s+is\s+why|therefore,?|"
               r"hence|thus|consequently,?|forcing|leaving|causing|making|prompting|obliging|compelling|"
               r"keeping|letting|giving|adding|allowing|enabling|ensuring|sending|pushing|putting|turning|"
               r"raising|cutting|bringing|creating|producing|triggering|costing|saving|"
               r"resulting\s+in|leading\s+to)\s+"
               r"|,\s+(?=which\s+(?:it|they|he|she|we|you|i)\s+[^\W\d_])"
               r"|,?\s+because\s+(?!of\s)|;\s+|\s+[—–]\s+|；"
               r"|:\s+(?=(?:it|they|he|she|we|this|these|there)\s+\w)"
               # "... ride free, and so do pensioners" without its comma: a clause of its own
               r"|\s+(?=and\s+so\s+(?:do|does|did|is|are|was|were|can|will|has|have)\b)", re.I)
_SPACE_BEFORE = lazy(r"\s+([.,;:!?。、，；：！？)\]])(?=\s|$)")


# The words a writer finds the way with before a colon ("PEP 649 takes a different route: it
# delays ..."): they tell how the page goes on, not what a source says. A word the page's own
# claims use ("W3 takes a different route" on a page about ferry routes) is no such word.
ROUTE_WORDS = frozenset("""route routes path paths way ways approach approaches tack turn turns direction course
    step steps stance view answer answers difference differences different differently another other same similar
    further simpler simple plain clear short choice option idea point question story picture case matter
    take takes took taken goes went gone chooses chose picks picked offers offered makes made follows followed
    does did contrast instead otherwise here there thing things""".split())


def lead_in(text: str) -> str:
    """The words before a sentence's colon when the clause rule splits the sentence there
    ("PEP 649 takes a different route" of "...: it delays ..."), or ""."""
    m = _CLAUSE.search(text)
    return text[:m.start()].strip() if m is not None and text[m.start()] == ":" else ""


def colon_lead(text: str) -> str:
    """The words before a sentence's first colon when a clause follows it ("Paper tickets still
    rule on board" of "...: a single adult fare ... is 3.40 marks"), or "": what a lead-in says
    is judged though the colon opens no clause of its own."""
    m = re.match(r"([^:\n]{3,}?):\s+(?=\S)", text)
    return m.group(1).strip() if m else ""


def uncited_after(text: str, start: int, offsets: list[int]) -> str:
    """The first clause of ``text`` from ``start`` on that no citation covers (``offsets``: where
    each citation stands; one at the end covers the last clause), or ""."""
    return _uncited_clause(text, start, len(text), len(text), offsets)


def clauses(text: str) -> list[str]:
    """The clauses of a sentence as the clause rule splits it (at ", and", "because", ";", ...)."""
    return [c for c in (x.strip(" ,;:—–") for x in _CLAUSE.split(text)) if c]


def _lines(text: str) -> list:
    """The non-blank lines of ``text`` as sentences (offsets trimmed of blanks)."""
    from ..text.sentences import Sentence

    out, at = [], 0
    for line in text.split("\n"):
        lo = at + len(line) - len(line.lstrip())
        hi = at + len(line.rstrip())
        if hi > lo:
            out.append(Sentence(lo, hi, text[lo:hi]))
        at += len(line) + 1
    return out


def norm(text: str) -> str:
    """Whitespace collapsed, and no space left before punctuation where apparatus was taken out."""
    return _SPACE_BEFORE.sub(r"\1", " ".join(text.split()))


class Piece:
    """One sentence to judge (plain slots, not a dataclass: a repeat verify loads thousands)."""

    __slots__ = ("where", "line", "text", "level", "refs", "tail", "thin", "framing", "block", "history", "cites",
                 "quoted", "before", "lead", "thin_at")

    def __init__(self, where: str, line: int, text: str, level: int = 0, refs: list[str] | None = None,
                 tail: str = "", thin: list[str] | None = None, framing: bool = False,
                 block: list[str] | None = None, history: list[str] | None = None,
                 cites: list[list] | None = None, quoted: bool = False, before: str = "", lead: str = "",
                 thin_at: list[int] | None = None):
        self.where = where  # prose | title | heading | toc | legend | footer | chart | notes | credit | as-of | attr:<name>
        self.line = line
        self.text = text  # normalized
        self.level = level  # a heading's level
        self.refs = refs or []  # claims cited here by a sup.ref in a block naming them
        self.tail = tail  # words after the last such ref, to the sentence's end
        self.thin = thin or []  # claim ids of the block an attached m-thin mark sits in
        self.framing = framing
        self.block = block or []  # the claims of its block (a table row: what the row cites)
        self.history = history or []  # superseded claims cited here as history (a sup.ref to #h-<id>)
        self.cites = cites or []  # [offset in text, claim id] of each citation, in order (refs and history)
        self.quoted = quoted  # it stands in a <blockquote>: its words are shown as a quotation
        self.before = before  # the sentence before it in the same paragraph ("" for the first)
        self.lead = lead  # in a list: the sentence before the list, when it ends with a colon ("" otherwise)
        self.thin_at = thin_at or []  # the offset in text of each attached m-thin mark (an inference's citation)

    def to_json(self) -> list:
        return [self.where, self.line, self.text, self.level, self.refs, self.tail, self.thin, self.framing,
                self.block, self.history, self.cites, self.quoted, self.before, self.lead, self.thin_at]

    @classmethod
    def from_json(cls, r: list) -> Piece:
        return cls(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], bool(r[11]) if len(r) > 11 else False,
                   str(r[12]) if len(r) > 12 else "", str(r[13]) if len(r) > 13 else "",
                   [int(x) for x in r[14]] if len(r) > 14 else [])


class PageProse:
    """Everything the prose gate needs from a page, as plain data."""

    def __init__(self) -> None:
        self.pieces: list[Piece] = []
        self.comments: list[tuple[int, str]] = []  # (line, text) outside sb's markers
        self.css_content: list[tuple[int, str]] = []  # (line, value) of `content:`
        self.stray_refs: list[tuple[int, str]] = []  # (line, target) of a misplaced #c- link
        self.stray_marks: list[tuple[int, str]] = []  # (line, class) of a mark outside a block
        self.hidden: list[tuple[int, str, str]] = []  # (line, claim id, how)
        self.shown: list[str] = []  # claim ids of the visible claim blocks
        # each table's rows, each row's cells: (a header cell, the indices of its pieces)
        self.tables: list[list[list[tuple[bool, list[int]]]]] = []

    def to_json(self) -> dict:
        return {"pieces": [p.to_json() for p in self.pieces], "comments": self.comments,
                "css_content": self.css_content, "stray_refs": self.stray_refs, "stray_marks": self.stray_marks,
                "hidden": self.hidden, "shown": self.shown, "tables": self.tables}

    @classmethod
    def from_json(cls, d: dict) -> PageProse:
        pairs = lambda rows: [(a, b) for a, b in rows]  # noqa: E731
        out = cls()
        out.pieces = [Piece.from_json(r) for r in d["pieces"]]
        out.comments, out.css_content = pairs(d["comments"]), pairs(d["css_content"])
        out.stray_refs, out.stray_marks = pairs(d["stray_refs"]), pairs(d["stray_marks"])
        out.hidden = [(a, b, c) for a, b, c in d["hidden"]]
        out.shown = list(d["shown"])
        out.tables = [[[(bool(h), list(ix)) for h, ix in row] for row in t] for t in d.get("tables") or []]
        return out


# ---- the walk ----------------------------------------------------------------------------

class _Ctx:
    __slots__ = ("claim", "where", "level", "framing", "legend", "quoted")

    def __init__(self, claim: tuple[str, ...] | None = None, where: str = "prose", level: int = 0,
                 framing: bool = False, legend: bool = False, quoted: bool = False):
        self.claim = claim  # ids of the nearest data-claim block
        self.where = where
        self.level = level
        self.framing = framing
        self.legend = legend
        self.quoted = quoted  # inside a <blockquote>


class _Run:
    """The text of one run between block boundaries, with where each apparatus item stood."""

    def __init__(self, ctx: _Ctx, line: int):
        self.ctx = ctx
        self.parts: list[str] = []
        self.size = 0
        self.lines: list[tuple[int, int]] = [(0, line)]
        self.refs: list[tuple[int, str]] = []  # (offset, claim id) of refs in a block naming them
        self.hist: list[tuple[int, str]] = []  # (offset, claim id) of history refs (#h-) in such a block
        self.thin: list[tuple[int, tuple[str, ...]]] = []
        self.framing: list[tuple[int, int]] = []

    def add(self, text: str, line: int, framing: bool) -> None:
        if not text:
            return
        if self.lines[-1][1] != line:
            self.lines.append((self.size, line))
        if framing:
            self.framing.append((self.size, self.size + len(text)))
        self.parts.append(text)
        self.size += len(text)


class _Reader:
    def __init__(self, body: Document, line_of):
        from ..text.sentences import split_sentences

        self.split = split_sentences
        self.line_of = line_of  # body line -> page line
        self.out = PageProse()
        self.run: _Run | None = None
        self.generated: str | None = None  # inside SB:DATE or SB:SOURCES
        self.held: list[tuple[str, int, _Ctx]] = []  # the text read there
        # comments by where they stood: before child n, or inside the text run at child n
        self.before: dict[tuple[int, int], list[str]] = {}
        self.inside: dict[tuple[int, int], list[tuple[int, str]]] = {}
        self.commented = {id(parent) for parent, _n, _o in body.comment_sites}
        self.tables: list[list] = []  # the tables open, innermost last
        self.leads: list[str] = []  # the lists open, innermost last: each one's lead-in ("" for none)
        for (_line, data), (parent, n, off) in zip(body.comments, body.comment_sites, strict=False):
            if off < 0:
                self.before.setdefault((id(parent), n), []).append(data)
            else:
                self.inside.setdefault((id(parent), n - 1), []).append((off, data))

    def marker(self, data: str) -> None:
        if not MARKER.match(data):
            return
        name = data.strip().lstrip("/")[3:]
        if name not in GENERATED:
            return
        if not data.strip().startswith("/"):
            self.generated, self.held = name, []
        elif self.generated == name:
            held, self.generated = self.held, None
            if not GENERATED[name].fullmatch(" ".join("".join(t for t, _, _ in held).split())):
                for t, line, ctx in held:  # not what sb writes there: read it
                    self.text(t, line, ctx)

    # -- runs of text --
    def text(self, data: str, line: int, ctx: _Ctx) -> None:
        if self.generated:
            self.held.append((data, line, ctx))
            return
        if not data:
            return
        if self.run is None:
            if not data.strip():
                return
            self.run = _Run(ctx, line)
        self.run.add(data, line, ctx.framing)

    def flush(self) -> None:
        run, self.run = self.run, None
        if run is None or not run.size:
            return
        text = "".join(run.parts)
        if not text.strip():
            return
        # a code block is read line by line: its lines are not sentences, and a comment line
        # must not run into the command under it
        sentences = _lines(text) if run.ctx.where == "code" else self.split(text)
        for i, s in enumerate(sentences):
            nxt = sentences[i + 1].start if i + 1 < len(sentences) else len(text)
            # a ref or a mark belongs to the sentence it sits in, or to the one it follows
            refs = [(o, x) for o, x in run.refs if s.start < o <= nxt]
            hist = [(o, x) for o, x in run.hist if s.start < o <= nxt]
            thin = [x for o, ids in run.thin if s.start < o <= nxt for x in ids]
            marks_at = [o for o, _ in refs + hist]
            tail = _uncited_clause(text, s.start, s.end, nxt, marks_at) if marks_at else ""
            # where each citation stands in the sentence's text: a figure is backed by the
            # citation after it in its clause
            cites = [[len(norm(text[s.start:min(o, s.end)])), x] for o, x in sorted(refs + hist)]
            thin_at = [len(norm(text[s.start:min(o, s.end)])) for o, _ in run.thin if s.start < o <= nxt]
            self.out.pieces.append(Piece(run.ctx.where, self.line_of(_line(run, s.start)), norm(s.text),
                                         run.ctx.level, list(dict.fromkeys(x for _, x in refs)), tail,
                                         list(dict.fromkeys(thin)), _framed(run, s.start, s.end, text),
                                         block=list(run.ctx.claim or ()),
                                         history=list(dict.fromkeys(x for _, x in hist)), cites=cites,
                                         quoted=run.ctx.quoted,
                                         before=norm(sentences[i - 1].text) if i and run.ctx.where == "prose" else "",
                                         lead=self.leads[-1] if self.leads and run.ctx.where == "prose" else "",
                                         thin_at=thin_at))

    # -- elements --
    def element(self, el: Element, ctx: _Ctx, stack: list) -> None:
        tag = el.tag
        if tag in SKIP:
            if tag == "script" and (el.attrs.get("type") or "").strip().lower() in DATA_SCRIPTS:
                self.data_script(el, ctx)  # machines show its strings (search results): read them
            return
        boundary = False
        if tag != "#document":
            classes = el.classes
            ctx = _context(el, ctx, classes)
            boundary = tag in BLOCK or "figure-value" in classes  # a figure's big number reads alone
            if boundary:
                self.flush()
            if el.attrs:
                self.attributes(el, ctx)
            if self.apparatus(el, ctx, classes):
                return
        if tag == "tr":  # a row is judged by what it cites: its cells are read together at its end
            stack.append(("row", len(self.out.pieces)))
            if self.tables:
                self.tables[-1].append([])
        elif tag == "table":
            table: list = []
            self.out.tables.append(table)
            self.tables.append(table)
            stack.append(("table",))
        elif tag in ("td", "th") and self.tables and self.tables[-1]:
            stack.append(("cell", self.tables[-1][-1], tag == "th", len(self.out.pieces)))
        elif tag in ("ul", "ol"):  # "..., according to the proposal:" goes on into each item of the list under it
            last = self.out.pieces[-1] if self.out.pieces else None
            self.leads.append(last.text if last is not None and last.where == "prose" and last.text.endswith(":")
                              else self.leads[-1] if self.leads else "")
            stack.append(("list",))
        stack.append(("exit", boundary))
        kids = el.children
        key = id(el)
        if key not in self.commented:
            for ch in reversed(kids):
                if type(ch) is Text:
                    stack.append(("text", ch.data, ch.line, ctx))  # type: ignore[union-attr]
                else:
                    stack.append(("el", ch, ctx))
            return
        todo: list[tuple] = []  # children in order, with the comments that stood among them
        for i, ch in enumerate(kids):
            todo.extend(("comment", d) for d in self.before.get((key, i), ()))
            if type(ch) is Text:
                pos = 0
                for off, data in self.inside.get((key, i), ()):
                    todo.append(("text", ch.data[pos:off], ch.line, ctx))  # type: ignore[union-attr]
                    todo.append(("comment", data))
                    pos = off
                todo.append(("text", ch.data[pos:], ch.line, ctx))  # type: ignore[union-attr]
            else:
                todo.append(("el", ch, ctx))
        todo.extend(("comment", d) for d in self.before.get((key, len(kids)), ()))
        stack.extend(reversed(todo))

    def data_script(self, el: Element, ctx: _Ctx) -> None:
        import json

        raw = "".join(getattr(c, "data", "") for c in el.children)
        try:
            strings = list(_json_strings(json.loads(raw)))
        except (ValueError, RecursionError):
            strings = [raw]
        for value in strings:
            for s in self.split(value):
                self.out.pieces.append(Piece("attr:json-ld", self.line_of(el.line), norm(s.text), framing=ctx.framing))

    def attributes(self, el: Element, ctx: _Ctx) -> None:
        attrs = el.attrs
        items = [(n, attrs[n]) for n in ATTRS if attrs.get(n)]
        if el.tag == "meta" and attrs.get("content") and \
                (attrs.get("name") or attrs.get("property") or "").lower() in META_TEXT:
            items.append(("content", attrs["content"]))
        for name, value in items:
            for s in self.split(value):
                self.out.pieces.append(Piece(f"attr:{name}", self.line_of(el.line), norm(s.text),
                                             framing=ctx.framing))

    def apparatus(self, el: Element, ctx: _Ctx, classes: list[str]) -> bool:
        """Sourcebook's citation apparatus: note where it stands; True when its text is not prose."""
        href = el.attrs.get("href") or ""
        if el.tag == "sup" and "ref" in classes:
            targets = [(a.attrs.get("href") or "")[3:] for a in el.iter()
                       if a.tag == "a" and (a.attrs.get("href") or "").startswith("#c-")]
            history = [(a.attrs.get("href") or "")[3:] for a in el.iter()
                       if a.tag == "a" and (a.attrs.get("href") or "").startswith("#h-")]
            if history and not targets:  # a superseded claim told as history: its block must name it
                for x in history:
                    if ctx.claim is not None and x in ctx.claim:
                        if self.run is None:
                            self.run = _Run(ctx, el.line)
                        self.run.hist.append((self.run.size, x))
                label = _label(el.text())
                return not label or label in HISTORY_LABELS
            if not targets:
                return False
            for x in targets:
                if ctx.claim is not None and x in ctx.claim:
                    if self.run is None:
                        self.run = _Run(ctx, el.line)
                    self.run.refs.append((self.run.size, x))
                else:
                    self.out.stray_refs.append((self.line_of(el.line), x))
            label = _label(el.text())
            return not label or label.isdigit()
        if el.tag == "a" and href.startswith("#c-"):
            self.out.stray_refs.append((self.line_of(el.line), href[3:]))
            return False
        marks = [c for c in classes if c == "mark" or c.startswith("m-")]
        if marks:
            if ctx.claim is None and not ctx.legend and ctx.where != "notes":  # sb writes the notes' marks
                self.out.stray_marks.append((self.line_of(el.line), " ".join(marks)))
            if "m-thin" in classes and ctx.claim is not None:
                if self.run is None:
                    self.run = _Run(ctx, el.line)
                self.run.thin.append((self.run.size, ctx.claim))
            label = el.text().strip().lower()
            return not label or label in MARK_LABELS
        if "as-of" in classes and ctx.claim is not None:
            text = norm(el.text())
            if text:
                self.out.pieces.append(Piece("as-of", self.line_of(el.line), text, block=list(ctx.claim)))
            return True
        return False


def _row(pieces: list[Piece], first: int) -> None:
    """The uncited cells of a table row whose other cells cite: labels of what the row cites
    (``where="row"``, ``block`` the row's claims), judged by those claims' figures."""
    cells = pieces[first:]
    cited = list(dict.fromkeys(x for p in cells if p.where in ("prose", "header") for x in p.refs + p.history))
    if not cited:
        return
    for p in cells:
        if p.where in ("prose", "header") and not p.refs and not p.history and not p.framing and not p.thin:
            p.where, p.block = "row", cited


def _json_strings(value):
    """The strings of a JSON value a machine may show: not its keys, types, ids or addresses."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            t = v.strip()
            if t and not t.startswith(("@", "http://", "https://", "#")):
                yield t
        elif isinstance(v, dict):
            stack.extend(x for k, x in reversed(list(v.items())) if not str(k).startswith("@"))
        elif isinstance(v, list):
            stack.extend(reversed(v))


def _label(text: str) -> str:
    """A citation's label without the brackets sb writes for copied and spoken text."""
    label = text.strip()
    return label[1:-1].strip() if label.startswith("[") and label.endswith("]") else label


def _line(run: _Run, offset: int) -> int:
    line = run.lines[0][1]
    for o, n in run.lines:
        if o > offset:
            break
        line = n
    return line


def _framed(run: _Run, start: int, end: int, text: str) -> bool:
    """Every letter and digit of text[start:end] lies in framing."""
    if not run.framing:
        return False
    covered = bytearray(end - start)
    for a, b in run.framing:
        for k in range(max(a, start), min(b, end)):
            covered[k - start] = 1
    return all(c or not text[start + k].isalnum() for k, c in enumerate(covered))


def _context(el: Element, ctx: _Ctx, classes: list[str]) -> _Ctx:
    claim = el.attrs.get("data-claim")
    where, level = ctx.where, ctx.level
    if where != "chart":
        if el.tag == "svg" or (el.tag == "figure" and ("chart" in classes or "visual" in classes)):
            where, level = "chart", 0
        elif el.tag == "title":
            where = "title"
        elif el.tag in _HEADING:
            where, level = "heading", _HEADING[el.tag]
        elif el.tag == "nav" or "toc" in classes:
            where = "toc"
        elif "mark-legend" in classes:
            where = "legend"
        elif el.tag == "footer" or "provenance" in classes:
            where = "footer"
        elif el.tag == "aside" and "notes" in classes:
            where = "notes"
        elif el.tag == "figure" and "image" in classes:
            where = "credit"
        elif el.tag == "pre":  # code is quoted material, not the author's sentences
            where = "code"
        elif el.tag == "th":  # a column's or a row's header: a label of what the cells hold
            where = "header"
    framing = "framing" in classes
    legend = "mark-legend" in classes
    quote = el.tag == "blockquote"
    if claim is None and where == ctx.where and level == ctx.level and not framing and not legend and not quote:
        return ctx
    return _Ctx(tuple(claim.split()) if claim is not None else ctx.claim, where, level,
                ctx.framing or framing, ctx.legend or legend, ctx.quoted or quote)


def read_prose(body: Document, ledger: Document, *, line_of, ledger_line0: int, styles: bool = True) -> PageProse:
    """The sentences and outright refusals of a page, from its two parsed parts (``styles``:
    also read its style sheets for ``content`` values and hidden claims)."""
    reader = _Reader(body, line_of)
    out = reader.out
    stack: list[tuple] = [("el", body.root, _Ctx())]
    while stack:
        step = stack.pop()
        kind = step[0]
        if kind == "text":
            reader.text(step[1], step[2], step[3])
        elif kind == "el":
            reader.element(step[1], step[2], stack)
        elif kind == "comment":
            reader.marker(step[1])
        elif kind == "row":
            _row(out.pieces, step[1])
        elif kind == "cell":  # after the cell's exit: its text is read
            step[1].append((step[2], list(range(step[3], len(out.pieces)))))
        elif kind == "table":
            reader.tables.pop()
        elif kind == "list":
            reader.leads.pop()
        elif step[1]:  # the exit of an element that breaks runs
            reader.flush()
    reader.flush()
    for line, data in body.comments:
        if not MARKER.match(data):
            out.comments.append((line_of(line), data))
    for line, data in ledger.comments:
        if not MARKER.match(data):
            out.comments.append((ledger_line0 + line - 1, data))
    if styles:
        _styles(body, ledger, out, line_of, ledger_line0)
    return out


# ---- styles: content strings and hidden claims ----------------------------------------------

def _styles(body: Document, ledger: Document, out: PageProse, line_of, ledger_line0: int) -> None:
    from ..css.parse import parse_inline

    blocks = [el for el in body.elements if "data-claim" in el.attrs]
    entries = [el for el in ledger.elements if el.tag == "li" and "ledger-entry" in el.classes
               and (el.attrs.get("id") or "").startswith("c-")]
    rules = []
    for doc, shift in ((body, None), (ledger, ledger_line0)):
        fix = line_of if shift is None else (lambda n, s=shift: s + n - 1)
        for el in doc.elements:
            style = el.attrs.get("style")
            if style and _LOOSE_CSS.search(style):
                decls, _ = parse_inline(style, el.line)
                for d in decls:
                    if d.prop == "content":
                        out.css_content.append((fix(el.line), d.value.strip()))
            if el.tag != "style":
                continue
            for ch in el.children:
                for r in sheet_rules(getattr(ch, "data", ""), getattr(ch, "line", el.line)):
                    for d in r.decls:
                        if d.prop == "content" and d.value.strip().lower() not in ("none", "normal"):
                            out.css_content.append((fix(d.line), d.value.strip()))
                        elif _hides(d.prop, d.value):
                            rules.append(r)
    hidden = _hidden_by_markup(blocks) | _hidden_by_markup(entries)
    if rules:
        hidden.update(_hidden_by_rules(rules, blocks, entries, body, ledger))
    # A part of a block hidden inside it (a contested sentence in a span with display:none) is
    # as unseen as the whole block: each element holding text of its own is judged too.
    inner_b, inner_e = _inner(blocks), _inner(entries)
    if inner_b or inner_e:
        inside = _hidden_by_markup([e for e, _ in inner_b + inner_e])
        if rules:
            inside.update(_hidden_by_rules(rules, [e for e, _ in inner_b], [e for e, _ in inner_e], body, ledger))
        for e, owner in inner_b + inner_e:
            how = inside.get(id(e))
            if how and id(owner) not in hidden:
                hidden[id(owner)] = f"{how} on a part of it"
    shown: set[str] = set()
    for el in blocks:
        ids = (el.attrs.get("data-claim") or "").split()
        how = hidden.get(id(el))
        if how:
            out.hidden.extend((line_of(el.line), x, f"the claim's block is hidden by {how}") for x in ids)
            continue
        for x in ids:
            if x not in shown:
                shown.add(x)
                out.shown.append(x)
    for el in entries:
        how = hidden.get(id(el))
        if how:
            out.hidden.append((ledger_line0 + el.line - 1, el.attrs["id"][2:], f"its ledger entry is hidden by {how}"))


# A style sheet is cut into its top-level rules (strings and comments respected) and only the
# rules that could hide or add text are parsed: a page's whole sheet would cost more to parse
# than the rest of reading the page.
_LOOSE_CSS = lazy(r"display\s*:(?!\s*(?:block|inline|inline-block|flex|inline-flex|grid|inline-grid|flow-root|"
                  r"table|table-cell|table-row|list-item|contents)\s*(?:[;}]|$))|visibility|(?<![\w-])content|\\",
                  re.I)
_CSS_SCAN = lazy(r"/\*.*?(?:\*/|\Z)|\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?|[{}]", re.S)


def sheet_rules(css: str, first_line: int) -> list:
    """The rules of a style sheet that could hide or add text; the ``content`` of an at-rule's
    declarations (``@page`` and its margin boxes, which print text on every page) comes as a
    rule of its own whose selector is the at-rule's name. Read once per process for the same
    sheet at the same line (every page of a run carries the templates' sheet; nothing changes
    the rules read)."""
    if not _LOOSE_CSS.search(css):
        return []
    return list(_sheet_rules(css, first_line))


@lru_cache(maxsize=64)
def _sheet_rules(css: str, first_line: int) -> tuple:
    from ..css.parse import StyleRule, parse_sheet

    out: list = []

    def take(chunk: str, line: int) -> None:
        sh = parse_sheet(chunk, line)
        out.extend(sh.rules)
        for a in sh.at_rules:
            content = [d for d in a.decls if d.prop == "content"]
            if content:
                out.append(StyleRule(f"@{a.name}", content, a.line, a.conditions))

    depth, start = 0, 0
    for m in _CSS_SCAN.finditer(css):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}" and depth:
            depth -= 1
            if depth == 0:
                chunk = css[start:m.end()]
                if _LOOSE_CSS.search(chunk):
                    take(chunk, first_line + css.count("\n", 0, start))
                start = m.end()
    rest = css[start:]
    if rest.strip() and _LOOSE_CSS.search(rest):
        take(rest, first_line + css.count("\n", 0, start))
    return tuple(out)


def _hides(prop: str, value: str) -> bool:
    v = value.strip().lower().replace("!important", "").strip()
    return (prop == "display" and v == "none") or (prop == "visibility" and v in ("hidden", "collapse")) \
        or (prop == "content-visibility" and v == "hidden")


def _inner(owners: list[Element]) -> list[tuple[Element, Element]]:
    """(element, its block) for each element inside a block that holds text of its own."""
    from ..html.tree import Element, Text

    out: list[tuple[Element, Element]] = []
    for owner in owners:
        stack = [c for c in owner.children if isinstance(c, Element)]
        while stack:
            e = stack.pop()
            if any(isinstance(c, Text) and c.data.strip() for c in e.children):
                out.append((e, owner))
            stack.extend(c for c in e.children if isinstance(c, Element))
    return out


def _up(els: list[Element], own) -> dict[int, str]:
    """Why each element is hidden: ``own(e)`` of itself or of its nearest ancestor that has a
    reason. Every element is judged once, and without recursion (markup may nest deeply)."""
    memo: dict[int, str] = {}
    out: dict[int, str] = {}
    for el in els:
        chain: list[Element] = []
        e: Element | None = el
        why = ""
        while e is not None and e.tag != "#document":
            if id(e) in memo:
                why = memo[id(e)]
                break
            chain.append(e)
            why = own(e)
            if why:
                break
            e = e.parent
        for c in chain:  # all below where the walk stopped share its answer
            memo[id(c)] = why
        if why:
            out[id(el)] = why
    return out


def _hidden_by_markup(els: list[Element]) -> dict[int, str]:
    """Elements hidden by an attribute or inline style on themselves or an ancestor."""
    from ..css.parse import parse_inline

    def own(e: Element) -> str:
        a = e.attrs
        if "hidden" in a:
            return f"the hidden attribute on <{e.tag}>"
        if a.get("aria-hidden", "false").strip().lower() != "false":
            return f"aria-hidden on <{e.tag}>"
        if e.tag == "template":
            return "a <template> around it"
        if a.get("style") and _LOOSE_CSS.search(a["style"]):
            decls, _ = parse_inline(a["style"], e.line)
            if any(_hides(d.prop, d.value) for d in decls):
                return f"style=\"{a['style'].strip()[:40]}\" on <{e.tag}>"
        return ""

    return _up(els, own)


def _hidden_by_rules(rules, blocks: list[Element], entries: list[Element], body: Document,
                     ledger: Document) -> dict[int, str]:
    """Claim blocks and ledger entries that a hiding style rule selects, or an ancestor of
    which it selects (whatever the media: a printed page must not hide a side either). The
    ledger's elements are put back in their place in the page while the selectors run."""
    from ..css import select
    from ..html.tree import Element

    compiled = []
    for r in rules:
        cxs = select.parse_selector_list(r.selector)
        if cxs:
            compiled.append((r, cxs))
    if not compiled:
        return {}
    site = next(((p, n) for (_l, d), (p, n, _o) in zip(body.comments, body.comment_sites, strict=False)
                 if d.strip() == "/SB:LEDGER"), None)
    moved: list[Element] = []
    if site is not None and entries:
        parent, n = site
        moved = [c for c in ledger.root.children if isinstance(c, Element)]
        for c in moved:
            c.parent = parent
        parent.children[n:n] = moved
    select.reset()
    try:
        def own(e: Element) -> str:
            for r, cxs in compiled:
                if any(select.matches(cx, e) for cx in cxs):
                    return f"the style rule `{r.selector.strip()[:40]}` (line {r.line})"
            return ""

        return _up(blocks + entries, own)
    finally:
        select.reset()
        if moved:
            parent, n = site  # type: ignore[misc]
            del parent.children[n:n + len(moved)]
            for c in moved:
                c.parent = ledger.root


def clause_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses of the sentence ``text[start:end]`` as the clause rule splits it, each as
    (start, end) in ``text``; what joins two clauses (", but ") lies between them."""
    bounds = [start]
    for m in _CLAUSE.finditer(text, start, end):
        bounds += [m.start(), m.end()]
    bounds.append(end)
    clauses: list[tuple[int, int]] = []
    for i in range(0, len(bounds), 2):
        a, b = bounds[i], bounds[i + 1]
        # "short, simple, and descriptive": a run of fewer than four words is part of the
        # clause before it (a list, an aside), not a clause of its own
        if clauses and len(text[a:b].split()) < 4:
            clauses[-1] = (clauses[-1][0], b)
        else:
            clauses.append((a, b))
    if len(clauses) > 1 and len(text[clauses[0][0]:clauses[0][1]].split()) < 4:
        clauses[0:2] = [(clauses[0][0], clauses[1][1])]
    return clauses


def _uncited_clause(text: str, start: int, end: int, nxt: int, offsets: list[int]) -> str:
    """The first clause of the sentence ``text[start:end]`` that no citation covers, or "".

    A ref covers the clause it sits in; the last clause is also covered by a ref right after the
    sentence's stop (before ``nxt``), which is where hand-composed pages put it."""
    clauses = clause_spans(text, start, end)
    for i, (a, b) in enumerate(clauses):
        stop = nxt if i == len(clauses) - 1 else b
        if not any(a < o <= stop for o in offsets):
            return norm(text[a:b])
    return ""


class InferredSplit(TupleRecord):
    """A sentence whose clauses are cited apart, one or more by an inferred claim's citation
    alone: ``rest`` is the sentence without those clauses (what its other citations back),
    ``shift`` moves an offset of the sentence to ``rest``, ``clauses`` are the inference's."""

    rest: str
    cuts: list[tuple[int, int]]
    clauses: list[str]

    def shift(self, at: int) -> int:
        return at - sum(min(b, at) - a for a, b in self.cuts if a < at)


_STOP = ".!?\u3002\uff01\uff1f"


def inferred_split(text: str, cited: list[int], inferred: list[int]) -> InferredSplit | None:
    """The clauses of a sentence that a citation of an inferred claim covers and no other
    citation does ("X[1], but the document does not say Y[inference]"): each is the inference's
    clause, judged as a sentence of its own inference is, and the rest of the sentence by the
    claims cited in it; None when no clause is the inference's alone (a clause a fact's citation
    covers too is that fact's). ``cited`` and ``inferred``: where each citation stands in
    ``text`` (one at its end covers the last clause)."""
    spans = clause_spans(text, 0, len(text))
    if len(spans) < 2 or not inferred:
        return None

    def covered(i: int, offsets: list[int]) -> bool:
        a, b = spans[i]
        stop = len(text) + 1 if i == len(spans) - 1 else b
        return any(a < o <= stop for o in offsets)

    own = [i for i in range(len(spans)) if covered(i, inferred) and not covered(i, cited)]
    if not own or len(own) == len(spans):
        return None
    cuts: list[tuple[int, int]] = []
    for i in own:  # the clause with what joins it to the one before (the first: to the one after)
        a, b = (spans[i - 1][1], spans[i][1]) if i else (spans[0][0], spans[1][0])
        if cuts and a <= cuts[-1][1]:
            cuts[-1] = (cuts[-1][0], max(b, cuts[-1][1]))
        else:
            cuts.append((a, b))
    rest, at = "", 0
    for a, b in cuts:
        rest, at = rest + text[at:a], b
    rest += text[at:]
    stop = text[len(text.rstrip(_STOP)):]
    if own[-1] == len(spans) - 1 and stop:
        rest = rest.rstrip() + stop  # the sentence's stop went with its last clause
    if own[0] == 0:
        rest = rest[:1].upper() + rest[1:]
    words = []
    for i in own:
        c = text[spans[i][0]:spans[i][1]].strip(" ,;:\u2014\u2013").rstrip(_STOP).rstrip()
        words.append(c[:1].upper() + c[1:] + (stop or "."))
    return InferredSplit(rest, cuts, words)
