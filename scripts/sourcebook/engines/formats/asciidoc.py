"""AsciiDoc to reflowed Markdown (canonical text v2).

Section titles (``= Title``, ``== Section`` ...) become ``#`` headings; paragraphs, list items
(``*``, ``-``, ``.``, ``1.``, ``term::``) and quote blocks are joined onto one line each;
listing and literal blocks (``----``, ``....``, an indented paragraph) become fenced code, with
the language of a ``[source,lang]`` line; tables and passthrough blocks keep their lines;
comments, attribute entries and block attribute lines are dropped; an admonition paragraph
(``NOTE: ...``) is kept as written. Inline: ``*strong*`` and ``_emphasis_`` become Markdown
emphasis, ```mono``` and ``+passthrough+`` code spans, links and cross references their text,
``{attribute}`` its value, a footnote its number (the notes follow at the end).
"""

from __future__ import annotations

import re

from ...base.patterns import hot
from .canon_lines import code_span, fenced

_TITLE = hot(r"(={1,6}|#{1,6}) +(\S.*?)(?: +\1)?$")
_ATTR = hot(r":(!?[\w][\w-]*!?):(?: +(.*))?$")
_BLOCK_ATTR = hot(r"\[\[?[^\]]*\]\]?$")
_BLOCK_TITLE = hot(r"\.(?![.\s])(.+)$")
_DELIM = hot(r"(-{4,}|\.{4,}|_{4,}|={4,}|\*{4,}|\+{4,}|/{4,}|--|\|={3,}|,={3,}|:={3,})$")
_LIST = hot(r"(\*{1,5}|-|\.{1,5}|\d+\.|[a-zA-Z]\.)[ \t]+(\S.*)$")
_LABELED = hot(r"(.+?)(:{2,4}|;;)(?:[ \t]+(.*))?$")

_INLINE = hot(
    r"(?P<mono>`(?P<mono_t>[^`]+)`)"
    r"|(?P<pass>\+\+?(?P<pass_t>[^+]+)\+\+?)"
    r"|(?P<strong>(?<![\w*])\*(?P<strong_t>[^*\s](?:[^*]*[^*\s])?)\*(?![\w*]))"
    r"|(?P<emph>(?<![\w_])_(?P<emph_t>[^_\s](?:[^_]*[^_\s])?)_(?![\w_]))"
    r"|(?P<link>(?:link:|(?=https?://))(?P<url>[^\s\[]+)\[(?P<link_t>[^\]]*)\])"
    r"|(?P<xref><<(?P<xref_id>[^,>]+)(?:,\s*(?P<xref_t>[^>]+))?>>)"
    r"|(?P<xref2>xref:(?P<xref2_id>[^\s\[]+)\[(?P<xref2_t>[^\]]*)\])"
    r"|(?P<fn>footnote:(?:[\w-]+)?\[(?P<fn_t>[^\]]*)\])"
    r"|(?P<macro>(?:kbd|btn|image|pass|menu):(?P<macro_arg>[^\s\[]*)\[(?P<macro_t>[^\]]*)\])"
    r"|(?P<attr>\{(?P<attr_n>[\w][\w-]*)\})"
)


class AsciidocConverter:
    def __init__(self, lines: list[str]):
        self.lines = [ln.expandtabs(8) if "\t" in ln else ln for ln in lines]
        self.attrs: dict[str, str] = {}
        self.notes: list[str] = []

    def inline(self, text: str) -> str:
        return _INLINE.sub(self._render, text) if any(c in text for c in "`+*_[<{:") else text

    def _render(self, m: re.Match) -> str:
        kind = m.lastgroup
        g = m.group
        if g("mono") is not None:
            return code_span(g("mono_t"))
        if g("pass") is not None:
            return g("pass_t")
        if g("strong") is not None:
            return "**" + g("strong_t") + "**"
        if g("emph") is not None:
            return "*" + g("emph_t") + "*"
        if g("link") is not None:
            return g("link_t") or g("url")
        if g("xref") is not None:
            return (g("xref_t") or g("xref_id")).strip()
        if g("xref2") is not None:
            return g("xref2_t") or g("xref2_id")
        if g("fn") is not None:
            self.notes.append(g("fn_t"))
            return f"[{len(self.notes)}]"
        if g("macro") is not None:
            return g("macro_t") or g("macro_arg")
        if g("attr") is not None:
            return self.attrs.get(g("attr_n"), g(0))
        return g(0) if kind else ""

    def convert(self) -> list[str]:
        out = self.body(self.lines, top=True)
        if self.notes:
            out.append("")
            out += [f"[{k}] {self.inline(t)}" for k, t in enumerate(self.notes, 1)]
        return out

    def body(self, lines: list[str], top: bool = False) -> list[str]:
        out: list[str] = []
        para: list[str] = []
        lang = ""
        n = len(lines)
        i = 0

        def flush() -> None:
            if para:
                lead = para[0][: len(para[0]) - len(para[0].lstrip())]
                out.append(lead + self.inline(" ".join(" ".join(p.split()) for p in para)))
                para.clear()

        while i < n:
            line = lines[i]
            i += 1
            s = line.strip()
            if not s:
                flush()
                out.append("")
                continue
            if s.startswith("//") and not s.startswith("////"):
                continue
            d = _DELIM.match(s)
            if d and not para:
                mark = d.group(1)
                j = i
                while j < n and lines[j].strip() != mark:
                    j += 1
                content = lines[i:j]
                i = j + 1
                out.append("")
                out += self.delimited(mark, content, lang)
                out.append("")
                lang = ""
                continue
            if not para:
                m = _ATTR.match(s)
                if m and line[0] == ":":
                    self.attrs[m.group(1).strip("!")] = m.group(2) or ""
                    continue
                if _BLOCK_ATTR.match(s) and line[0] == "[":
                    inner = s[1:-1].split(",")
                    lang = inner[1].strip() if inner[0].strip() == "source" and len(inner) > 1 else \
                        ("" if inner[0].strip() != "source" else lang)
                    continue
                t = _TITLE.match(line)
                if t:
                    out += ["", "#" * len(t.group(1)) + " " + self.inline(t.group(2)), ""]
                    continue
                b = _BLOCK_TITLE.match(line)
                if b:
                    out.append(self.inline(b.group(1)))
                    continue
                if line[0] == " ":
                    j = i
                    while j < n and lines[j].strip():
                        j += 1
                    block = lines[i - 1:j]
                    i = j
                    out += [""] + fenced(_dedent(block)) + [""]
                    continue
            li = _LIST.match(s)
            if li:
                flush()
                marker = li.group(1)
                depth = len(marker) if marker[0] in "*." and len(marker) > 1 else 1
                bullet = "-" if marker[0] in "*-" else ("1." if marker[0] == "." else marker)
                para.append("  " * (depth - 1) + bullet + " " + li.group(2))
                continue
            if s == "+":  # a list continuation: the next block belongs to the item
                continue
            lab = _LABELED.match(s) if "::" in s or ";;" in s else None
            if lab and not para and lab.group(1).strip():
                flush()
                out.append(self.inline(lab.group(1).strip()))
                if lab.group(3):
                    para.append(": " + lab.group(3))
                continue
            if s.endswith(" +"):
                s = s[:-2]
            para.append(s)
        flush()
        return out

    def delimited(self, mark: str, content: list[str], lang: str) -> list[str]:
        c = mark[0]
        if c == "/":
            return []
        if c == "-" and len(mark) >= 4 or c == ".":
            return fenced(_dedent(content), lang)
        if c in "|,:" or c == "+":
            return content
        if c == "_":
            return ["> " + ln if ln else ">" for ln in _trim(self.body(content))]
        return self.body(content)


def _dedent(lines: list[str]) -> list[str]:
    widths = [len(ln) - len(ln.lstrip(" ")) for ln in lines if ln.strip()]
    k = min(widths) if widths else 0
    return [ln[k:] for ln in lines]


def _trim(block: list[str]) -> list[str]:
    while block and not block[0]:
        block = block[1:]
    while block and not block[-1]:
        block = block[:-1]
    return block


def asciidoc_to_markdown(lines: list[str]) -> list[str]:
    return AsciidocConverter(lines).convert()
