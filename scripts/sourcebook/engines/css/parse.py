"""Parse style sheets into rules and declarations, keeping the line each came from.

Conditional group rules (``@media @supports @layer @container @scope``) are recursed; each
style rule remembers the chain of at-rule preludes around it (``conditions``) and its cascade
layer. CSS nesting is flattened: a nested rule gets its full selector (``&`` replaced by the
parent, or the parent prepended as a descendant). ``@keyframes`` are kept as empty shells;
``@font-face``, ``@page`` and ``@property`` keep their declarations. Lines are 1-based lines of
the file the CSS was taken from: the caller passes the line on which the CSS text starts.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import re
from functools import lru_cache

from ...base.record import field, record
from .tokens import Token, tokenize

_GROUPS = frozenset({"media", "supports", "layer", "container", "scope", "starting-style", "document",
                     "-moz-document"})
_DECL_BLOCKS = frozenset({"font-face", "page", "property", "counter-style", "font-palette-values",
                          "view-transition", "position-try"})
_KEYFRAMES = frozenset({"keyframes", "-webkit-keyframes", "-moz-keyframes", "-o-keyframes"})
_OPEN = {"{": "}", "(": ")", "[": "]", "function": ")"}
MAX_DEPTH = 100  # nesting deeper than this is ignored


@record
class Decl:
    prop: str
    value: str
    important: bool
    line: int
    _plain: str | None = field(default=None, repr=False, compare=False)

    def key(self) -> str:
        """A stable name for this declaration site (used to count unresolved values once)."""
        return f"{self.line}:{self.prop}:{self.value}"

    def plain(self) -> str:
        """The value as the judges compare it: no ``!important``, single spaces, lower case
        (worked out once: a rule's declaration is read for every element it matches)."""
        got = self._plain
        if got is None:
            got = self._plain = " ".join(self.value.replace("!important", "").split()).lower()
        return got


@record
class StyleRule:
    selector: str
    decls: list[Decl]
    line: int
    conditions: tuple[tuple[str, str], ...] = ()
    layer: str | None = None
    order: int = 0
    _last: dict[str, Decl] | None = field(default=None, repr=False, compare=False)

    def get(self, prop: str) -> Decl | None:
        """The declaration of ``prop`` that wins inside this rule (``!important`` first, then last)."""
        if self._last is None:
            last: dict[str, Decl] = {}
            for d in self.decls:
                prev = last.get(d.prop)
                if prev is None or d.important or not prev.important:
                    last[d.prop] = d
            self._last = last
        return self._last.get(prop)

    @property
    def at_rule(self) -> str:
        return " ".join(f"@{n} {p}".strip() for n, p in self.conditions)


@record
class AtRule:
    name: str
    prelude: str
    line: int
    conditions: tuple[tuple[str, str], ...] = ()
    decls: list[Decl] = field(default_factory=list)


@record
class UrlRef:
    url: str
    line: int
    via: str  # "url" for url()/src()/image-set(), "import" for @import "..."


@record
class Sheet:
    rules: list[StyleRule] = field(default_factory=list)
    at_rules: list[AtRule] = field(default_factory=list)
    urls: list[UrlRef] = field(default_factory=list)
    layers: list[str] = field(default_factory=list)

    def extend(self, other: Sheet) -> None:
        self.rules.extend(other.rules)
        self.at_rules.extend(other.at_rules)
        self.urls.extend(other.urls)
        for name in other.layers:
            if name not in self.layers:
                self.layers.append(name)


# What split_top stops at: quotes, brackets, a backslash (an escape inside quotes) and the
# separator; the runs of other characters between them are skipped by re, not walked in Python
# (a value nested hundreds deep is split once per level).
_SPLIT_AT = {",": re.compile(r"[\\\"'()\[\]{},]"), " ": re.compile(r"[\\\"'()\[\]{} \t\n\r\f]")}


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at ``sep`` outside brackets, parentheses and quotes; parts are stripped."""
    stops = _SPLIT_AT.get(sep) or re.compile("[\\\\\"'()\\[\\]{}" + re.escape(sep) + "]")
    parts, depth, quote, start, i = [], 0, "", 0, 0
    while (m := stops.search(text, i)) is not None:
        j = m.start()
        c = text[j]
        i = j + 1
        if quote:
            if c == "\\":
                i = j + 2
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0 and c != "\\":  # the separator (or, for " ", any white space)
            parts.append(text[start:j].strip())
            start = i
    parts.append(text[start:].strip())
    return [p for p in parts if p] if sep == " " else parts


def nest_selector(parent: str | None, child: str) -> str:
    """The full selector of a rule nested in ``parent`` (CSS Nesting)."""
    if parent is None:
        return child
    parents = split_top(parent)
    ref = parent if len(parents) == 1 else f":is({parent})"
    out = []
    for part in split_top(child):
        out.append(part.replace("&", ref) if "&" in part else f"{ref} {part}")
    return ", ".join(out)


class _Parser:
    def __init__(self, css: str, first_line: int, order_base: int, anon_base: int = 0):
        self.src = css
        self.toks: list[Token] = tokenize(css)
        self.first_line = first_line
        nl: list[int] = []  # the offsets of the line breaks, found by str.find, not char by char
        self.nl = nl
        at = css.find("\n")
        while at >= 0:
            nl.append(at)
            at = css.find("\n", at + 1)
        self.order = order_base
        self.anon = anon_base
        self.sheet = Sheet()
        self.match = self._match_table()
        self.depth = 0

    def line(self, pos: int) -> int:
        return self.first_line + bisect.bisect_left(self.nl, pos)

    def _match_table(self) -> list[int]:
        """For each opening token, the index of its closing token (or len when unclosed)."""
        n = len(self.toks)
        match = [-1] * n
        stack: list[tuple[int, str]] = []
        for i, t in enumerate(self.toks):
            opener = _OPEN.get(t.kind)
            if opener:
                stack.append((i, opener))
            elif t.kind in (")", "]", "}") and stack:
                if stack[-1][1] == t.kind:
                    match[stack.pop()[0]] = i
                elif t.kind == "}":  # a stray ) or ] inside a block does not close it
                    while stack and stack[-1][1] != "}":
                        match[stack.pop()[0]] = i
                    if stack:
                        match[stack.pop()[0]] = i
        for i, _ in stack:
            match[i] = n
        return match

    def text(self, i: int, j: int) -> str:
        """The source text of tokens [i, j), whitespace runs collapsed to one space."""
        parts = []
        for t in self.toks[i:j]:
            parts.append(" " if t.kind == "ws" else self.src[t.pos:t.end])
        return " ".join("".join(parts).split())

    def skip(self, i: int) -> int:
        """Index after the component value starting at ``i``."""
        t = self.toks[i]
        if t.kind in _OPEN:
            return min(self.match[i] + 1, len(self.toks))
        return i + 1

    def scan(self, i: int, end: int, stops: str) -> int:
        while i < end and self.toks[i].kind not in stops:
            i = self.skip(i)
        return min(i, end)

    # ---- top level and group rules ----------------------------------------------------
    def rule_list(self, i: int, end: int, conds: tuple, layer: str | None, parent: str | None) -> None:
        toks = self.toks
        while i < end:
            t = toks[i]
            if t.kind in ("ws", "cdo", "cdc", ";"):
                i += 1
            elif t.kind == "at":
                i = self.at_rule(i, end, conds, layer, parent)
            elif t.kind == "}":
                i += 1
            else:
                j = self.scan(i, end, "{")
                if j >= end:
                    return
                self.style_rule(i, j, conds, layer, parent)
                i = self.skip(j)

    def style_rule(self, i: int, brace: int, conds: tuple, layer: str | None, parent: str | None) -> None:
        prelude = self.text(i, brace)
        if not prelude or self.depth > MAX_DEPTH:
            return
        selector = nest_selector(parent, prelude)
        rule = StyleRule(selector, [], self.line(self.toks[i].pos), conds, layer, self.next_order())
        self.sheet.rules.append(rule)
        self.depth += 1
        self.block(brace + 1, self.match[brace], rule, conds, layer)
        self.depth -= 1

    def next_order(self) -> int:
        self.order += 1
        return self.order

    def block(self, i: int, end: int, rule: StyleRule, conds: tuple, layer: str | None) -> None:
        """The contents of a style rule: declarations, nested rules and nested at-rules."""
        toks = self.toks
        end = min(end, len(toks))
        while i < end:
            t = toks[i]
            if t.kind in ("ws", ";"):
                i += 1
                continue
            if t.kind == "at":
                i = self.at_rule(i, end, conds, layer, rule.selector)
                continue
            custom = t.kind == "ident" and t.value.startswith("--")
            j = self.scan(i, end, ";" if custom else ";{")
            if j < end and toks[j].kind == "{":
                self.style_rule(i, j, conds, layer, rule.selector)
                i = self.skip(j)
                continue
            d = self.declaration(i, j)
            if d is not None:
                rule.decls.append(d)
            i = j + 1

    def declaration(self, i: int, j: int) -> Decl | None:
        toks = self.toks
        while i < j and toks[i].kind == "ws":
            i += 1
        if i >= j or toks[i].kind != "ident":
            return None
        name = toks[i].value
        k = i + 1
        while k < j and toks[k].kind == "ws":
            k += 1
        if k >= j or toks[k].kind != ":":
            return None
        k += 1
        e = j
        while e > k and toks[e - 1].kind == "ws":
            e -= 1
        important = False
        if e - k >= 2 and toks[e - 1].kind == "ident" and toks[e - 1].value.lower() == "important":
            b = e - 2
            while b > k and toks[b].kind == "ws":
                b -= 1
            if toks[b].kind == "delim" and toks[b].value == "!":
                important, e = True, b
        prop = name if name.startswith("--") else name.lower()
        value = self.text(k, e)
        return Decl(prop, value, important, self.line(toks[i].pos))

    def decl_list(self, i: int, end: int) -> list[Decl]:
        out = []
        while i < end:
            j = self.scan(i, end, ";{")
            if j < end and self.toks[j].kind == "{":  # @page margin boxes and the like: their
                close = min(self.match[j], end)
                out += self.decl_list(j + 1, close)  # declarations count as the block's
                i = close + 1
                continue
            d = self.declaration(i, j)
            if d is not None:
                out.append(d)
            i = j + 1
        return out

    def at_rule(self, i: int, end: int, conds: tuple, layer: str | None, parent: str | None) -> int:
        t = self.toks[i]
        name = t.value.lower()
        j = self.scan(i + 1, end, ";{")
        prelude = self.text(i + 1, j)
        line = self.line(t.pos)
        has_block = j < end and self.toks[j].kind == "{"
        close = self.match[j] if has_block else j
        if name == "layer":
            names = [n.strip() for n in prelude.split(",") if n.strip()]
            if not has_block:
                for n in names:
                    self._add_layer(n if layer is None else f"{layer}.{n}")
                return j + 1
            if not names:
                self.anon += 1
                names = [f"#anon{self.anon}"]
            sub = names[0] if layer is None else f"{layer}.{names[0]}"
            self._add_layer(sub)
            self._group(j, close, conds + (("layer", prelude),), sub, parent)
        elif name in _GROUPS:
            if has_block:
                self._group(j, close, conds + ((name, prelude),), layer, parent)
        elif name in _KEYFRAMES:
            self.sheet.at_rules.append(AtRule("keyframes", prelude, line, conds))
        elif name in _DECL_BLOCKS:
            decls = self.decl_list(j + 1, close) if has_block else []
            self.sheet.at_rules.append(AtRule(name, prelude, line, conds, decls))
        elif name in ("import", "charset", "namespace") or has_block:
            self.sheet.at_rules.append(AtRule(name, prelude, line, conds))
        return (close + 1) if has_block else j + 1

    def _group(self, brace: int, close: int, conds: tuple, layer: str | None, parent: str | None) -> None:
        if self.depth > MAX_DEPTH:  # absurd nesting: ignored, like a browser's stack limit
            return
        self.depth += 1
        try:
            self._group_body(brace, close, conds, layer, parent)
        finally:
            self.depth -= 1

    def _group_body(self, brace: int, close: int, conds: tuple, layer: str | None, parent: str | None) -> None:
        if parent is None:
            self.rule_list(brace + 1, close, conds, layer, None)
        else:  # a group rule nested in a style rule holds declarations for the parent selector
            rule = StyleRule(parent, [], self.line(self.toks[brace].pos), conds, layer, self.next_order())
            self.sheet.rules.append(rule)
            self.block(brace + 1, close, rule, conds, layer)

    def _add_layer(self, name: str) -> None:
        if name not in self.sheet.layers:
            self.sheet.layers.append(name)

    def collect_urls(self) -> None:
        toks, n = self.toks, len(self.toks)
        for i, t in enumerate(toks):
            if t.kind in ("url", "badurl"):
                self.sheet.urls.append(UrlRef(t.value.strip(), self.line(t.pos), "url"))
            elif t.kind in ("function", "at"):
                low = t.value.lower()
                if low not in ("url", "src", "image-set", "-webkit-image-set", "import"):
                    continue
                end = self.match[i] if t.kind == "function" else self.scan(i + 1, n, ";{")
                for k in range(i + 1, min(end, n)):
                    s = toks[k]
                    if s.kind == "string":
                        self.sheet.urls.append(UrlRef(s.value.strip(), self.line(s.pos),
                                                      "import" if low == "import" else "url"))
                        if low in ("url", "src", "import"):
                            break
                    elif s.kind not in ("ws", ",", "dimension", "number", "ident", "function", ")"):
                        break


MEMO_CHARS = 1 << 20  # a longer style sheet is parsed every time it is asked for, and never kept


def parse_sheet(css: str, first_line: int = 1, order_base: int = 0) -> Sheet:
    """Every rule, at-rule and URL reference of one style sheet.

    A page carries its template's style sheet, and one ``sb verify`` or ``sb render`` reads it
    several times (the templates, each page, the lint and the visibility gates): the parse of
    a text is remembered, and each caller gets rules of its own to re-order or condition."""
    if len(css) > MEMO_CHARS:
        return _parse_sheet(css, first_line, order_base)
    return _own_copy(_remembered_sheet(css, first_line, order_base))


def _parse_sheet(css: str, first_line: int, order_base: int) -> Sheet:
    p = _Parser(css, first_line, order_base)
    p.rule_list(0, len(p.toks), (), None, None)
    p.collect_urls()
    return p.sheet


@lru_cache(maxsize=64)
def _remembered_sheet(css: str, first_line: int, order_base: int) -> Sheet:
    got = shipped_sheet(css, first_line, order_base)
    return got if got is not None else _parse_sheet(css, first_line, order_base)


# ---- the templates' sheets, parsed when sourcebook was built ------------------------------------
# Every page sb renders carries its template's style sheet, and every verify parses it again:
# ``shipped_sheets`` holds each template's sheet as parsed (``tests/gen_shipped_sheets.py``), by
# the SHA-256 of its text, and is used only while the parser's own source is the one it was
# generated with.

def shipped_sheet(css: str, first_line: int = 1, order_base: int = 0) -> Sheet | None:
    """The parse of ``css`` generated beside the parser when it is a template's sheet, moved to
    ``first_line`` and ``order_base``; None for any other text."""
    table = _shipped_table()
    if not table:
        return None
    got = table.get(hashlib.sha256(css.encode("utf-8", "surrogatepass")).hexdigest())
    return None if got is None else sheet_from_tuples(got, first_line - 1, order_base)


@lru_cache(maxsize=1)
def _shipped_table() -> dict:
    try:
        from . import shipped_sheets
    except ImportError:  # pragma: no cover - a partial install
        return {}
    return shipped_sheets.SHEETS if shipped_sheets.PARSER == parser_digest() else {}


def parser_digest() -> str:
    """What the parse depends on: this module's source and the tokenizer's."""
    h = hashlib.sha256()
    for mod in ("parse.py", "tokens.py"):
        try:
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), mod), "rb") as fh:
                h.update(fh.read())
        except OSError:  # no source to compare (an install of compiled files): parse afresh
            return ""
    return h.hexdigest()


def sheet_to_tuples(sheet: Sheet) -> tuple:
    """A sheet as nested tuples of strings and numbers (what ``shipped_sheets`` holds)."""
    def decls(ds: list[Decl]) -> tuple:
        return tuple((d.prop, d.value, d.important, d.line) for d in ds)
    return (tuple((r.selector, decls(r.decls), r.line, r.conditions, r.layer, r.order) for r in sheet.rules),
            tuple((a.name, a.prelude, a.line, a.conditions, decls(a.decls)) for a in sheet.at_rules),
            tuple((u.url, u.line, u.via) for u in sheet.urls), tuple(sheet.layers))


def sheet_from_tuples(t: tuple, lines: int = 0, orders: int = 0) -> Sheet:
    """``sheet_to_tuples`` read back, every line ``lines`` further down and every rule's order
    ``orders`` later (as the parse of the same text from that line and order gives)."""
    def decls(ds: tuple) -> list[Decl]:
        return [Decl(p, v, imp, line + lines) for p, v, imp, line in ds]
    rules, at_rules, urls, layers = t
    return Sheet([StyleRule(sel, decls(ds), line + lines, conds, layer, order + orders)
                  for sel, ds, line, conds, layer, order in rules],
                 [AtRule(name, prelude, line + lines, conds, decls(ds)) for name, prelude, line, conds, ds in at_rules],
                 [UrlRef(url, line + lines, via) for url, line, via in urls], list(layers))


def _own_copy(sheet: Sheet) -> Sheet:
    """New rule, at-rule and list objects (callers set a rule's order and conditions, and extend
    the lists); the declarations and URL references, never changed after parsing, are shared."""
    return Sheet([StyleRule(r.selector, list(r.decls), r.line, r.conditions, r.layer, r.order) for r in sheet.rules],
                 [AtRule(a.name, a.prelude, a.line, a.conditions, list(a.decls)) for a in sheet.at_rules],
                 list(sheet.urls), list(sheet.layers))


def parse_declarations(css: str, line: int = 1) -> list[Decl]:
    """The declarations of a ``style`` attribute."""
    p = _Parser(css, line, 0)
    return p.decl_list(0, len(p.toks))


def parse_inline(css: str, line: int = 1) -> tuple[list[Decl], list[UrlRef]]:
    """Declarations and URL references of a ``style`` attribute."""
    p = _Parser(css, line, 0)
    decls = p.decl_list(0, len(p.toks))
    p.collect_urls()
    return decls, p.sheet.urls
