"""reStructuredText to reflowed Markdown (canonical text v2).

Structure becomes Markdown: section titles (underlined, or over- and underlined) become ``#``
headings, levels in order of first appearance as docutils assigns them; paragraphs, list
items, definitions and block quotes are joined onto one line each; literal blocks (after
``::``), ``code-block`` directives and doctest blocks become fenced code; tables and line
blocks keep their lines. Directives become readable blocks (an admonition is a quote opening
with its title, ``versionadded`` says "Added in version ..."), comments, hyperlink targets and
substitution definitions are dropped. A PEP's header fields stay one per line. Inline markup
is rendered by ``rst_inline``.
"""

from __future__ import annotations

import re

from ...base.patterns import hot
from .canon_lines import dedented, fenced
from .rst_inline import InlineContext, render_inline

_ADORN_CHARS = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_BULLET = hot(r"([-*+\u2022\u2023\u2043])( +|$)")
_ENUM = hot(r"(?:(\d+|#|[A-Za-z]|[ivxlcdmIVXLCDM]+)([.)])|\((\d+|#|[A-Za-z]|[ivxlcdmIVXLCDM]+)\))( +|$)")
_FIELD = hot(r":((?:[^:\\\s]|\\.)(?:[^:\\]|\\.)*):(?: +|$)")
_OPTION = hot(r"-{1,2}\w[\w-]*(?:[ =]\S+)?(?:, -{1,2}\w[\w-]*(?:[ =]\S+)?)*(?:  +|$)")
_EXPLICIT = hot(r"\.\.(?: +|$)")
_DIRECTIVE = hot(r"\.\. +(?:\|(?P<sub>[^|]+)\| +)?(?P<name>[\w][\w:.+-]*)::(?: +(?P<args>.*))?$")
_TARGET = hot(r"\.\. +_")
_FOOTNOTE = hot(r"\.\. +\[(?P<label>#[\w.-]*|\d+|\*|[A-Za-z][\w.-]*)\](?: +(?P<text>.*))?$")
_SIMPLE_TABLE = hot(r"=+(?: +=+)+$")
_HEADER = hot(r"[A-Z][\w-]*: ")
_OPT_LINE = hot(r":[\w-]+:(?: |$)")

ADMONITIONS = {"note": "Note", "warning": "Warning", "tip": "Tip", "important": "Important",
               "caution": "Caution", "attention": "Attention", "danger": "Danger", "error": "Error",
               "hint": "Hint", "seealso": "See also", "todo": "Todo"}
VERSIONS = {"versionadded": "Added in version", "versionchanged": "Changed in version",
            "deprecated": "Deprecated since version", "versionremoved": "Removed in version"}
CODE_DIRECTIVES = frozenset(("code-block", "code", "sourcecode", "parsed-literal", "math", "productionlist",
                             "doctest", "testcode", "testoutput", "testsetup", "literalinclude-text"))
TABLE_DIRECTIVES = frozenset(("csv-table", "list-table", "table"))
TITLED = frozenset(("topic", "sidebar", "rubric", "admonition"))
QUOTES = frozenset(("epigraph", "highlights", "pull-quote"))
DROPPED = frozenset(("contents", "toctree", "index", "raw", "highlight", "include", "literalinclude",
                     "meta", "class", "default-role", "role", "sectnum", "header", "footer", "title",
                     "tabularcolumns", "autosummary", "currentmodule", "module", "py:currentmodule",
                     "py:module", "canonical-doc", "canonical-pypa-spec", "pep-banner", "target-notes",
                     "image"))
DESCRIBED = frozenset(("function", "class", "method", "attribute", "data", "exception", "decorator",
                       "describe", "object", "staticmethod", "classmethod", "property", "type"))


def _is_adornment(line: str) -> bool:
    return len(line) >= 2 and line[0] in _ADORN_CHARS and line == line[0] * len(line)


def _explicit_lines(text: str) -> list[int]:
    """Indexes of the lines of ``text`` that start with ``..`` (found by a string search for
    the line break before them: few lines do)."""
    out: list[int] = [0] if text.startswith("..") else []
    line = pos = 0
    k = text.find("\n..")
    while k >= 0:
        line += text.count("\n", pos, k + 1)
        pos = k + 1
        out.append(line)
        k = text.find("\n..", pos)
    return out


def _prescan(lines: list[str], text: str) -> InlineContext:
    """Substitution texts and footnote numbers, which inline markup anywhere may refer to
    (``text`` is the lines joined)."""
    ctx = InlineContext()
    manual: set[int] = set()
    auto: list[str] = []
    for i in _explicit_lines(text):
        ln = lines[i]
        m = _DIRECTIVE.match(ln)
        if m and m.group("sub"):
            args = (m.group("args") or "").strip()
            j = i + 1
            while j < len(lines) and lines[j].startswith(" ") and lines[j].strip():
                args += " " + lines[j].strip()
                j += 1
            if m.group("name") == "replace":
                ctx.substitutions[m.group("sub")] = render_inline(args)
            elif m.group("name") == "unicode":
                ctx.substitutions[m.group("sub")] = _unicode(args)
            continue
        f = _FOOTNOTE.match(ln)
        if f:
            label = f.group("label")
            if label.isdigit():
                manual.add(int(label))
            elif label.startswith("#"):
                auto.append(label)
    n = 0
    for label in auto:
        n += 1
        while n in manual:
            n += 1
        if label == "#":
            ctx.anonymous.append(n)
        else:
            ctx.footnotes[label] = n
    for k in manual:
        ctx.footnotes[str(k)] = k
    return ctx


def _unicode(args: str) -> str:
    out = []
    for tok in args.split():
        if tok.startswith(".."):
            break
        code = tok[2:] if tok[:2].lower() in ("u+", "0x", "\\x", "\\u") else tok[1:] if tok[:1].lower() == "u" else tok
        try:
            out.append(chr(int(code, 16)))
        except ValueError:
            out.append(tok)
    return "".join(out)


class RstConverter:
    def __init__(self, lines: list[str]):
        text = "\n".join(lines)
        if "\t" in text:
            lines = [ln.expandtabs(8) if "\t" in ln else ln for ln in lines]
            text = "\n".join(lines)
        self.lines = list(lines)
        self.ctx = _prescan(self.lines, text)
        self.styles: list[tuple[str, bool]] = []
        self._anon_defs = 0

    def inline(self, text: str) -> str:
        return render_inline(text, self.ctx)

    def convert(self) -> list[str]:
        lines = self.lines
        out: list[str] = []
        start = 0
        if lines and _HEADER.match(lines[0]):  # a PEP's (RFC 822) header fields
            i = 0
            while i < len(lines) and lines[i].strip():
                field = lines[i]
                i += 1
                while i < len(lines) and lines[i][:1] in (" ", "\t") and lines[i].strip():
                    field += " " + lines[i].strip()
                    i += 1
                out.append(self.inline(field))
            out.append("")
            start = i
        return out + self.body(lines[start:])

    # ---- blocks ---------------------------------------------------------------------------
    def level(self, ch: str, over: bool) -> int:
        style = (ch, over)
        if style not in self.styles:
            self.styles.append(style)
        return min(self.styles.index(style) + 1, 6)

    def body(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        n = len(lines)
        i = 0
        auto_enum = 0  # the last number given to a ``#.`` item of the current list
        in_enum = False
        while i < n:
            line = lines[i]
            if not line:
                out.append("")
                i += 1
                continue
            was_enum, in_enum = in_enum, False
            c = line[0]
            if c == " ":
                j = self._indented_end(lines, i)
                block = _trim(dedented(lines[i:j]))
                out += _quoted(self.body(block))
                i = j
                continue
            nxt = lines[i + 1] if i + 1 < n else ""
            if c in _ADORN_CHARS:
                if _is_adornment(line):
                    # over- and underlined title
                    if nxt.strip() and i + 2 < n and lines[i + 2] == line and not _is_adornment(nxt):
                        out += ["", "#" * self.level(c, True) + " " + self.inline(nxt.strip()), ""]
                        i += 3
                        continue
                    if len(line) >= 4 and not nxt.strip():
                        out += ["", "---", ""]
                        i += 1
                        continue
                if c == "." and _EXPLICIT.match(line):
                    i = self.explicit(lines, i, out)
                    continue
                if c == "|" and (line == "|" or line.startswith("| ")):
                    i = self.line_block(lines, i, out)
                    continue
                if c in "+=" and (line.startswith(("+-", "+=")) or _SIMPLE_TABLE.match(line)):
                    j = _table_end(lines, i)
                    out += [""] + [self.table_line(ln) for ln in lines[i:j]] + [""]
                    i = j
                    continue
                if c == ">" and line.startswith(">>> "):
                    j = i
                    while j < n and lines[j]:
                        j += 1
                    out += [""] + fenced(lines[i:j], "pycon") + [""]
                    i = j
                    continue
                if c == ":" and _FIELD.match(line):
                    i = self.field(lines, i, out)
                    continue
                if c == "-" and _OPTION.match(line) and not _BULLET.match(line):
                    j = i
                    while j < n and lines[j]:
                        j += 1
                    out += [""] + lines[i:j] + [""]
                    i = j
                    continue
            if nxt[:1] in _ADORN_CHARS and _is_adornment(nxt) and not _is_adornment(line) and \
                    (len(nxt) >= len(line) or len(nxt) >= 4):
                out += ["", "#" * self.level(nxt[0], False) + " " + self.inline(line.strip()), ""]
                i += 2
                continue
            m = _BULLET.match(line) if c in "-*+\u2022\u2023\u2043" else None
            if m:
                i = self.item(lines, i, len(m.group(0)) if m.group(2) else len(line), "- ", out)
                continue
            k = line.find(" ", 1, 10)
            m = _ENUM.match(line) if (c in "#(" or (k > 0 and line[k - 1] in ".)")) else None
            if m and (not nxt or nxt[0] == " " or _ENUM.match(nxt)):
                label = m.group(0).rstrip()
                if "#" in label:
                    auto_enum = auto_enum + 1 if was_enum else 1
                    label = label.replace("#", str(auto_enum))
                in_enum = True
                i = self.item(lines, i, len(m.group(0)) if m.group(4) else len(line), label + " ", out)
                continue
            if nxt[:1] == " ":  # a definition list item: term, then its indented definition
                j = self._indented_end(lines, i + 1)
                block = _trim(dedented(lines[i + 1:j]))
                out.append(self.inline(line))
                out += _prefixed(self.body(block), ": ", "  ")
                i = j
                continue
            i = self.paragraph(lines, i, out)
        return out

    def table_line(self, line: str) -> str:
        """A table row with its cells' inline markup rendered (borders and column gaps kept)."""
        s = line.strip()
        if not s or s[0] in "+=" and not s.strip("+=-: |"):
            return line
        if s.startswith("|"):
            return "|".join(self.inline(cell) if cell.strip() else cell for cell in line.split("|"))
        cells = re.split(r"(\s{2,})", line)
        return "".join(c if not c.strip() else self.inline(c) for c in cells)

    @staticmethod
    def _indented_end(lines: list[str], i: int) -> int:
        """The end of the indented block from ``i``: the next non-blank line at the margin (blank
        lines before it are not part of the block)."""
        n = len(lines)
        j = i
        while j < n and (not lines[j] or lines[j][0] == " "):
            j += 1
        while j > i and not lines[j - 1]:
            j -= 1
        return j

    def paragraph(self, lines: list[str], i: int, out: list[str]) -> int:
        n = len(lines)
        j = i + 1
        while j < n:
            ln = lines[j]
            if not ln or ln[0] == " ":
                break
            j += 1
        text = " ".join(lines[i:j]) if j > i + 1 else lines[i]  # margin lines: no indentation to strip
        if "  " in text:
            text = " ".join(text.split())  # as a browser shows it: one space between words
        literal = text.endswith("::")
        if literal:
            text = text[:-2].rstrip() if text.endswith(" ::") or text == "::" else text[:-1]
        if text:
            out.append(render_inline(text, self.ctx))
        if not literal:
            return j
        k = j
        while k < n and not lines[k]:
            k += 1
        if k < n and lines[k][0] == " ":
            end = self._indented_end(lines, k)
            block = dedented(lines[k:end])
            out += [""] + fenced(block) + [""]
            return end
        return j

    def item(self, lines: list[str], i: int, col: int, marker: str, out: list[str]) -> int:
        first = lines[i][col:].strip()
        j = self._indented_end(lines, i + 1)
        rest = lines[i + 1:j]
        if first and first[0] not in _ADORN_CHARS and not first.endswith("::") and \
                all(ln and ln.lstrip()[0] not in _ADORN_CHARS for ln in rest) and \
                len({len(ln) - len(ln.lstrip()) for ln in rest}) <= 1:
            # the common item: one paragraph (no nested block, no literal block after it)
            text = " ".join([first] + [ln.strip() for ln in rest]) if rest else first
            if "  " in text:
                text = " ".join(text.split())
            out.append(marker + render_inline(text, self.ctx))
            return j
        block = [first] + dedented(rest)
        if first and _one_paragraph(block):
            # what ``body`` makes of it, without its dispatch and the prefixing of its output
            text = " ".join(block)
            if "  " in text:
                text = " ".join(text.split())
            if not text.endswith("::"):  # (a literal block's introduction is left to ``body``)
                shown = render_inline(text, self.ctx)
                out.append(marker + shown if shown else marker.rstrip())
                return j
        out += _prefixed(self.body(_trim(block)), marker, " " * len(marker))
        return j

    def field(self, lines: list[str], i: int, out: list[str]) -> int:
        m = _FIELD.match(lines[i])
        assert m is not None
        name = self.inline(m.group(1))
        first = lines[i][m.end():].strip()
        j = self._indented_end(lines, i + 1)
        rest = lines[i + 1:j]
        block = ([first] if first else []) + dedented(rest)
        body = self.body(_trim(block)) if block else []
        out += _prefixed(body, f"{name}: ", "  ") if body else [f"{name}:"]
        return j

    def line_block(self, lines: list[str], i: int, out: list[str]) -> int:
        n = len(lines)
        out.append("")
        while i < n and (lines[i] == "|" or lines[i].startswith("| ") or
                         (lines[i].startswith(" ") and lines[i].strip() and out)):
            ln = lines[i]
            if ln.startswith("|"):
                out.append(self.inline(ln[2:].strip()) if len(ln) > 2 else "")
            else:
                out[-1] += " " + self.inline(ln.strip())
            i += 1
        out.append("")
        return i

    def explicit(self, lines: list[str], i: int, out: list[str]) -> int:
        line = lines[i]
        j = self._indented_end(lines, i + 1)
        rest = lines[i + 1:j]
        if _TARGET.match(line):
            return j
        f = _FOOTNOTE.match(line)
        if f:
            label = f.group("label")
            if label == "#":
                shown = f"[{self._next_anonymous()}]"
            else:
                shown = self.ctx.footnote(label) if label[0] in "#0123456789" else f"[{label}]"
            block = [(f.group("text") or "").strip()] + dedented(rest)
            out += [""] + _prefixed(self.body(_trim(block)), shown + " ", "  ") + [""]
            return j
        d = _DIRECTIVE.match(line)
        if d is None or d.group("sub"):
            return j  # a comment or a substitution definition: not reading matter
        name = d.group("name").lower()
        args = (d.group("args") or "").strip()
        body = dedented(rest)
        k = 0
        while k < len(body) and body[k] and not _OPT_LINE.match(body[k]):
            args += " " + body[k].strip()  # arguments continued on following lines
            k += 1
        while k < len(body) and body[k] and _OPT_LINE.match(body[k]):
            k += 1
        content = _trim(body[k:])
        opts = body[:k]
        out.append("")
        out += self.directive(name, args.strip(), content, opts)
        out.append("")
        return j

    def _next_anonymous(self) -> int:
        k = self._anon_defs
        self._anon_defs = k + 1
        return self.ctx.anonymous[k] if k < len(self.ctx.anonymous) else k + 1

    def directive(self, name: str, args: str, content: list[str], opts: list[str]) -> list[str]:
        short = name.rsplit(":", 1)[-1]
        if short in ADMONITIONS or short == "admonition":
            title = ADMONITIONS.get(short) or self.inline(args)
            body = content
            if args and short != "admonition":  # text on the directive line is the content's start
                body = [args] + ([""] if content else []) + content
            return _quoted([title, ""] + self.body(_trim(body)))
        if short in VERSIONS:
            version, _, rest = args.partition(" ")
            lead = f"{VERSIONS[short]} {version}" + (":" if rest or content else ".")
            said = " ".join(x for x in (lead, self.inline(rest.strip()) if rest.strip() else "") if x)
            lines = self.body(content) if content else []
            if lines and lines[0]:
                return [f"{said} {lines[0]}"] + lines[1:]
            return [said] + lines
        if short in CODE_DIRECTIVES:
            lang = args.split()[0] if args and short in ("code-block", "code", "sourcecode") else \
                ("math" if short == "math" else "")
            return fenced(content or ([args] if short == "math" and args else []), lang)
        if short in TABLE_DIRECTIVES:
            head = [self.inline(args), ""] if args else []
            return head + content
        if short == "figure":
            alt = next((o.split(":", 2)[2].strip() for o in opts if o.startswith(":alt:")), "")
            img = [f"![{alt}]({args})", ""] if alt else []
            return img + self.body(content)
        if short in TITLED:
            head = ["**" + self.inline(args) + "**", ""] if args else []
            return head + self.body(content)
        if short in QUOTES:
            return _quoted(self.body(content))
        if short in DROPPED or name in DROPPED:
            return []
        if short in DESCRIBED or ":" in name:
            sig = [self.inline("``" + args + "``") if args and "``" not in args else args, ""] if args else []
            return sig + self.body(content)
        return self.body(content)


def _one_paragraph(block: list[str]) -> bool:
    """Does ``body`` read the whole of ``block`` (a list item's first line, stripped, and its
    dedented continuation lines) as one paragraph? Decided for the
    first lines ``body`` would not take for anything else: one opening with a backtick or quote
    (inline markup or quoted words), or with a letter or digit that is no enumerator."""
    line = block[0]
    c = line[0]
    if c in "`'\"" or (c == "*" and not _BULLET.match(line)):
        if _is_adornment(line):
            return False
    elif c.isalnum():
        k = line.find(" ", 1, 10)
        if k > 0 and line[k - 1] in ".)" and _ENUM.match(line):
            return False
    else:
        return False
    if len(block) > 1 and _is_adornment(block[1]):
        return False  # a section title
    for ln in block[1:]:
        if not ln or ln[0] == " ":
            return False  # a blank line or a deeper one ends the paragraph
    return True


def _table_end(lines: list[str], i: int) -> int:
    """The end of a table starting at ``i``: a grid table ends at a blank line; a simple table
    (``===  ===`` borders) may hold blank lines and ends after the border line that a blank line
    or the end follows."""
    n = len(lines)
    j = i + 1
    if lines[i].startswith("+"):
        while j < n and lines[j]:
            j += 1
        return j
    while j < n:
        if _SIMPLE_TABLE.match(lines[j]) and (j + 1 >= n or not lines[j + 1]):
            return j + 1
        j += 1
    j = i
    while j < n and lines[j]:
        j += 1
    return j


def _trim(block: list[str]) -> list[str]:
    a, b = 0, len(block)
    while a < b and not block[a]:
        a += 1
    while b > a and not block[b - 1]:
        b -= 1
    return block[a:b]


def _quoted(body: list[str]) -> list[str]:
    body = _trim(_squeeze(body))
    return [""] + [("> " + ln) if ln else ">" for ln in body] + [""]


def _squeeze(body: list[str]) -> list[str]:
    out: list[str] = []
    for ln in body:
        if not ln and (not out or not out[-1]):
            continue
        out.append(ln)
    return out


def _prefixed(body: list[str], first: str, rest: str) -> list[str]:
    """Put ``first`` before the first line of a block and indent the others by ``rest``."""
    body = _trim(_squeeze(body))
    if not body:
        return [first.rstrip()]
    return [first + body[0]] + [(rest + ln) if ln else "" for ln in body[1:]]


def rst_to_markdown(lines: list[str]) -> list[str]:
    return RstConverter(lines).convert()
