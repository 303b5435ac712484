"""A Markdown writer with browser-like whitespace and link spans measured as it writes.

Block elements ask for line or paragraph breaks; the breaks are emitted lazily, only when more
text follows, so the output never ends or starts with stray blank lines. Inline text is written
with whitespace collapsed the way a browser renders it: runs of spaces become one space, and a
space is only ever written between two pieces of text, so inline elements never glue two words
together nor split one. Every line starts with the prefixes of the blocks it sits in (``> `` for
a quote, indentation for list items), so offsets recorded for links are offsets into the final
text.
"""

from __future__ import annotations

from ...base.patterns import lazy

# Collapsible whitespace (browsers collapse ASCII whitespace; NBSP and line separators are
# treated as spaces so the canonical text is easy to quote).
_WS = lazy(r"[ \t\n\r\f\v\u00a0\u2028\u2029\x85]+")
# Quotes and lists nested deeper than this are written without further indentation.
MAX_NESTING = 16
_CONTROL = lazy(r"[\x00-\x08\x0e-\x1f\x7f\ufeff]")


def collapse(s: str) -> str:
    """Whitespace collapsed to single spaces, control characters removed (ends kept)."""
    if "  " not in s and s.isprintable():  # the usual text: its only white space is single spaces
        return s
    return _WS.sub(" ", _CONTROL.sub("", s))


class Writer:
    def __init__(self, single_line: bool = False):
        self.buf: list[str] = []
        self.pos = 0
        self.prefixes: list[str] = [""]  # cumulative: prefixes[-1] starts every line
        self.need = 0  # newlines wanted before the next text (0, 1 or 2)
        self.started = False
        self.space = False  # a space is pending between the last text and the next one
        self.marker: str | None = None  # list marker replacing the innermost prefix once
        self.lead: str | None = None  # text written after the prefix once (heading '# ')
        self.last_prefix = ""
        self.single_line = 1 if single_line else 0
        self.links: list[tuple[int, int, str]] = []
        self._open: list[list] = []  # [start | None, end, href]

    # -- structure -------------------------------------------------------------------------
    def brk(self, n: int) -> None:
        """Ask for a line break (1) or a blank line (2) before the next text."""
        if self.single_line:
            self.space = True
            return
        if self.marker is not None:  # a list item's first block starts on the marker line
            n = min(n, 1)
        self.need = max(self.need, n)
        self.space = False

    def line_break(self) -> None:
        """``<br>``: each one adds a line break, up to one blank line."""
        if self.single_line:
            self.space = True
            return
        if self.started:
            self.need = min(2, self.need + 1)
        self.space = False

    def push(self, prefix: str, marker: str | None = None) -> None:
        if len(self.prefixes) > MAX_NESTING:  # deeper blocks stop indenting: output stays linear
            prefix = ""
        self.prefixes.append(self.prefixes[-1] + prefix)
        self.marker = marker

    def pop(self) -> None:
        self.prefixes.pop()
        self.marker = None

    def set_lead(self, lead: str) -> None:
        self.lead = lead

    def clear_lead(self) -> None:
        self.lead = None

    # -- links -----------------------------------------------------------------------------
    def open_link(self, href: str | None) -> None:
        self._open.append([None, 0, href])

    def close_link(self) -> None:
        start, end, href = self._open.pop()
        if start is not None and href and end > start:
            self.links.append((start, end, href))

    # -- text ------------------------------------------------------------------------------
    def _emit(self, s: str) -> None:
        self.buf.append(s)
        self.pos += len(s)

    def _start_line(self) -> None:
        if self.started:
            cur = self.prefixes[-1]
            for i in range(self.need):
                self._emit("\n")
                if i < self.need - 1:  # a blank line keeps the prefixes both lines share
                    common = _common_prefix(self.last_prefix, cur).rstrip()
                    self._emit(common)
        self.need = 0
        prefix = self.prefixes[-2] + self.marker if self.marker is not None else self.prefixes[-1]
        self.marker = None
        self.last_prefix = self.prefixes[-1]
        if self.lead:
            prefix += self.lead
            self.lead = None
        self._emit(prefix)
        self.started = True

    def text(self, s: str) -> None:
        """Write inline text (already collapsed with :func:`collapse`)."""
        if not s:
            return
        if s[0] == " ":
            self.space = True
        core = s.strip(" ")
        if not core:
            return
        if self.need or not self.started:
            self._start_line()
        elif self.space:
            self._emit(" ")
        start = self.pos
        self._emit(core)
        for link in self._open:
            if link[0] is None:
                link[0] = start
            link[1] = self.pos
        self.space = s[-1] == " "

    def lines(self, lines: list[str]) -> None:
        """Write pre-formatted lines as they are (one blank line at most in a row)."""
        first, blank = True, False
        for line in lines:
            line = line.rstrip()
            if not line:
                blank = True
                continue
            if not first:
                self.need = 2 if blank else 1
            first, blank = False, False
            self._start_line()
            self._emit(line)
        self.space = False

    def raw_line(self, line: str, links: list[tuple[int, int, str]]) -> None:
        """Write one ready-made line (a table row) carrying its own link spans."""
        if not line:
            return
        self._start_line()
        base = self.pos
        self._emit(line)
        self.links.extend((base + s, base + e, h) for s, e, h in links)
        self.space = False

    def result(self) -> str:
        return "".join(self.buf)


def _common_prefix(a: str, b: str) -> str:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return a[:n]
