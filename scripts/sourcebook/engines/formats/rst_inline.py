"""reStructuredText inline markup, rendered as a reader sees it (canonical text v2).

Roles become their visible text: ``:pep:`649``` is "PEP 649", ``:rfc:`9110``` is "RFC 9110",
``:py:func:`len``` is "len()", ``:class:`~a.B``` is "B", an explicit title
``:ref:`the text <target>``` is "the text". Hyperlink references keep their text only
(``\\`Python <https://python.org>\\`_`` is "Python"; the address is not reading matter).
Inline literals become Markdown code spans. Emphasis and strong emphasis become their words,
as a reader copies them from the page. Footnote references become ``[1]``, substitutions their
replacement text, escapes the escaped character. Plain text then gets Sphinx's typographic
quotes, dashes and ellipses (``smartquotes``), code spans and code-like roles excepted.
"""

from __future__ import annotations

import re

from ...base.patterns import hot
from ...base.record import field, record
from ..text.smartquotes import educate, educate_pieces
from .canon_lines import code_span

# Inline markup starts after start of text, whitespace or opening punctuation and ends before
# end of text, whitespace or closing punctuation (the reStructuredText recognition rules); the
# pattern has no look-behind, so the regular expression engine can skip to its first
# characters, and the rule is checked on each match. Every alternative opens with a literal
# character (no group around the first one), so a search jumps from one of ``\`*:[|`` to the
# next; runs of ordinary characters inside a construct are one ``[^...]*`` each (unrolled
# loops, no alternation per character). An inline literal without a backtick inside (most of
# them) is its own alternative, so it is taken without looking at its text again; one that
# holds a backtick falls through to the general one, which matches it the same way.
_INLINE = hot(
    r"\\(?P<esc>[\s\S])"
    r"|``(?P<plainlit>[^\s`][^`]*)``"
    r"|``(?P<literal>\S[^`]*(?:`(?!`)[^`]*)*)``"
    r"|\*\*(?P<strong>[^\s*](?:[^*]*?[^\s*])?)\*\*"
    r"|\*(?P<emph>[^\s*](?:[^*]*?[^\s*])?)\*"
    r"|:(?P<role>[A-Za-z][\w.+-]*(?::[A-Za-z][\w.+-]*)*):`(?P<rtext>(?:[^`\\]|\\.)[^`\\]*(?:\\.[^`\\]*)*)`"
    r"|`(?P<itext>(?:[^`\\]|\\.)[^`\\]*(?:\\.[^`\\]*)*)`"
    r"(?::(?P<suffix>[A-Za-z][\w.+-]*(?::[A-Za-z][\w.+-]*)*):|(?P<under>__?))?"
    r"|\[(?P<fn>#[\w.-]*|\*|\d+|[A-Za-z][\w.-]*)\]_"
    r"|\|(?P<subst>[^|\s](?:[^|]*[^|\s])?)\|(?:__?)?"
)
# a start-string between a quote or bracket and its closer (``"*"``, ``(*)``) is not markup
_CLOSER = {"'": "'", '"': '"', "<": ">", "(": ")", "[": "]", "{": "}"}
_OPEN_LEN = {"plainlit": 2, "literal": 2, "strong": 2, "emph": 1, "rtext": 0, "itext": 1, "under": 1, "suffix": 1, "fn": 1,
             "subst": 1, "esc": 0}
_DOUBLE_PUNCT = hot(r"[_.+:-]{2}")
# written to open with the underscore and look behind it (not the other way round), so a search
# jumps from one underscore to the next instead of trying the look-behind at every character
_REF_END = hot(r"_(?<=[A-Za-z0-9]_)_?(?=[\s.,;:!?)\]}'\"]|$)")
_WORDISH = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")
_TITLE = hot(r"^(?P<title>[\s\S]*?)\s*<(?P<target>[^<>]+)>$")
_CODE_ROLES = frozenset(("func", "meth", "class", "exc", "data", "attr", "mod", "obj", "const", "type",
                         "macro", "member", "var", "struct", "union", "enum", "enumerator", "expr",
                         "texpr", "function", "code", "literal", "samp", "file", "command", "program",
                         "envvar", "option", "keyword", "kbd", "token", "makevar", "mimetype", "regexp"))
_CALLABLE = frozenset(("func", "meth", "function"))


@record
class InlineContext:
    """What a document defines once and its inline markup refers to."""

    substitutions: dict[str, str] = field(default_factory=dict)
    footnotes: dict[str, int] = field(default_factory=dict)  # "#label" or "12" -> number
    anonymous: list[int] = field(default_factory=list)  # numbers of ``[#]`` footnotes, in order
    anonymous_used: int = 0

    def footnote(self, label: str) -> str:
        if label == "#":
            k = self.anonymous_used
            self.anonymous_used += 1
            return f"[{self.anonymous[k]}]" if k < len(self.anonymous) else "[#]"
        if label in self.footnotes:
            return f"[{self.footnotes[label]}]"
        return f"[{label.lstrip('#') or '#'}]"


def _unescape(s: str) -> str:
    if "\\" not in s:
        return s
    return re.sub(r"\\(\s)|\\([\s\S])", lambda m: "" if m.group(1) else m.group(2), s)


def _split_title(text: str) -> tuple[str | None, str]:
    m = _TITLE.match(text)
    if m and m.group("title"):
        return m.group("title"), m.group("target")
    if m:
        return None, m.group("target")
    return None, text


def render_role(role: str, content: str) -> tuple[str, bool]:
    """(visible text, is it code-like) of ``:role:`content```."""
    name = role.rsplit(":", 1)[-1].lower()
    title, target = _split_title(content)
    if name in ("pep", "pep-reference", "rfc", "rfc-reference"):
        if title is not None:
            return _unescape(title), False
        label = "PEP" if name.startswith("pep") else "RFC"
        return f"{label} {target.strip()}", False  # as Sphinx shows it: "PEP 8", "PEP 3131#rationale"
    if title is not None:
        return _unescape(title), False
    text = _unescape(target).strip()
    code = name in _CODE_ROLES
    if code or role.startswith(("py:", "c:", "cpp:", "js:", "std:")):
        if text.startswith("!"):
            text = text[1:]
        if text.startswith("~"):
            text = text[1:].rsplit(".", 1)[-1]
        if name in _CALLABLE and not text.endswith(")"):
            text += "()"
        return text, True
    if name == "abbr":
        return re.sub(r"\s*\(.*\)\s*$", "", text), False
    if text.startswith(("!", "~")):
        text = text[1:]
    return text, False


def _drop_ref_marks(text: str) -> str:
    """``word_`` and ``word__`` (simple hyperlink references) without their underscores."""
    out: list[str] = []
    pos = 0
    for m in _REF_END.finditer(text):
        k = m.start()
        while k > 0 and text[k - 1] in _WORDISH:
            k -= 1
        if not text[k].isalnum() or (k and text[k - 1] == "\\"):
            continue  # ``__init__``: a name, not a reference
        if _DOUBLE_PUNCT.search(text, k, m.start()):
            continue  # ``B.__radd__``: a reference name's inner punctuation is single
        token_start = max(text.rfind(" ", 0, k), text.rfind("(", 0, k)) + 1
        if "://" in text[token_start:m.start()]:
            continue  # the end of an address: ``https://host/page#object.__hash__``
        out.append(text[pos:m.start()])
        pos = m.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


_HOLE = "\ue000"  # stands for a code piece while the plain text around it is educated


def render_inline(text: str, ctx: InlineContext | None = None) -> str:
    """One paragraph's text (already on one line) as canonical Markdown."""
    if not text.isascii() and _HOLE in text:  # (``isascii`` looks at no character)
        return _render_pieces(text, ctx)
    # (``]`` first: a search for one character is several times faster than one for two)
    if not ("`" in text or "\\" in text or "*" in text or "|" in text or ("]" in text and "]_" in text)):
        return educate(_drop_ref_marks(text) if "_" in text else text)
    parts: list[str] = []
    codes: list[str] = []
    add, add_code = parts.append, codes.append
    used = ctx.anonymous_used if ctx is not None else 0
    pos = at = 0
    n = len(text)
    search = _INLINE.search
    closer, open_len = _CLOSER, _OPEN_LEN
    while (m := search(text, at)) is not None:
        kind = m.lastgroup or ""
        a, b = m.span()
        if kind != "esc":  # the start- and end-string rules: not inline markup when broken
            if a:
                ch = text[a - 1]
                if ch.isalnum() or ch in "_\\`" or (ch in closer and closer[ch] == text[a + open_len[kind]:a + open_len[kind] + 1]):
                    at = a + 1
                    continue
            if b < n:
                ch = text[b]
                if ch.isalnum() or ch in "_`":
                    at = a + 1
                    continue
        if a > pos:
            add(text[pos:a])
        pos = at = b
        if kind == "plainlit":  # the commonest construct, handled here without a call: a
            add(_HOLE)  # literal without a backtick inside is its code span less a backtick each side
            add_code(text[a + 1:b - 1])
            continue
        shown, code = _shown(m, kind, ctx)
        if code:
            add(_HOLE)
            add_code(shown)
        else:
            add(shown)
    if pos < n:
        add(text[pos:])
    plain = "".join(parts)
    if "_" in plain:
        plain = _drop_ref_marks(plain)
    plain = educate(plain)
    if not codes:
        return plain
    bits: list[str] = plain.split(_HOLE)
    if len(bits) != len(codes) + 1:  # a substitution brought the private-use character in
        if ctx is not None:
            ctx.anonymous_used = used  # the footnotes of this text are counted again
        return _render_pieces(text, ctx)
    out = bits + bits[1:]  # every even place a bit of plain text, every odd one a code piece
    out[0::2] = bits
    out[1::2] = codes
    return "".join(out)


def _shown(m: re.Match, kind: str, ctx: InlineContext | None) -> tuple[str, bool]:
    """(what a construct shows, is it code that typographic quotes leave alone)"""
    if kind == "literal" or kind == "plainlit":
        return code_span(m.group(kind)), True
    if kind == "rtext":
        shown, code = render_role(m.group("role"), m.group("rtext"))
        return shown, code
    if kind == "esc":
        ch = m.group("esc")
        return ("" if ch.isspace() else ch), True
    if kind == "strong" or kind == "emph":
        return _unescape(m.group(kind)), False  # shown as plain words
    if kind == "suffix":
        return render_role(m.group("suffix"), m.group("itext"))
    if kind == "itext" or kind == "under":
        title, target = _split_title(m.group("itext"))
        return _unescape(title if title is not None else target), False
    if kind == "fn":
        return (ctx or InlineContext()).footnote(m.group("fn")), True
    name = m.group("subst")
    return (ctx.substitutions if ctx else {}).get(name, name), False


def _render_pieces(text: str, ctx: InlineContext | None) -> str:
    """The rare text that holds the private-use character standing for code: piece by piece."""
    pieces: list[tuple[bool | None, str]] = []
    pos = at = 0
    while (m := _INLINE.search(text, at)) is not None:
        kind = m.lastgroup or ""
        pieces.append((True, text[pos:m.start()]))
        shown, code = _shown(m, kind, ctx)
        pieces.append((not code, shown))
        pos = at = m.end()
    pieces.append((True, text[pos:]))
    return educate_pieces(pieces)
