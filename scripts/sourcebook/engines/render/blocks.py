"""Draft blocks to HTML: escaped prose, ordinal superscripts, marks and as-of dates (compatibility: the ledger in a page).

Pure. A reference to a citable claim becomes ``<sup class="ref"><a href="#c-<id>">N</a></sup>``
with the ledger ordinal; an inferred claim gets no superscript (it has no source), only its
``thin`` mark. Marks follow the claim's confidence and volatility (8.2); a volatile claim
prints its as-of date beside the sentence. A sentence tagged ``[framing]`` becomes
``<span class="framing">…</span>`` without the tag, so the page shows (and the gate reads)
which words are the author's own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...base.patterns import hot
from .apparatus import h, marks_html
from .draft import CLAIM_REF, FRAMING, Block, claim_ids_in, framing_spans

_CODE = hot(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
_ESCAPE = hot(r"\\([!-/:-@\[-`{-~])")
_UBOLD = hot(r"(?<![\w_])__(?=\S)(.+?)(?<=\S)__(?![\w_])")
_UEM = hot(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])")
_LINK = hot(r"\[([^\]]+)\]\((https?://[^\s)]+)\)")
_BOLD = hot(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM = hot(r"(?<![*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![*\w])")
_SLUG = hot(r"[^a-z0-9]+")
_FRAME_OPEN, _FRAME_CLOSE = "\x01", "\x02"  # survive escaping; become the span's tags at the end
_BEFORE_STOP = hot(r"\s+(?=[.!?\u3002\uff01\uff1f]+$)")
# the tag with the space before it where punctuation, a space or the end follows: "these
# [framing]:" reads "these:", "the rest [framing] follows" reads "the rest follows"
_TAG_BEFORE_MARK = hot(
    r"\s*\[\s*framing\s*\](?=[,:;.!?\u2026)\u3001\u3002\uff01\uff1f\uff1a\uff1b]|\s|$)", re.I)


# Brackets a reader does not see but copied text and a screen reader keep, so a number never
# runs into the word before it ("Python 3.7 [11]", never "3.711").
OPEN_SEP = '<span class="ref-sep"> [</span>'
CLOSE_SEP = '<span class="ref-sep">]</span>'
HISTORY_LABEL = "superseded"
NBSP = "\u00a0"
# a run of references and the closing punctuation after it (kept with the marks on one line)
_CITE = hot(r"((?:\[@clm_[0-9a-f]{12}(?:\s*;\s*@clm_[0-9a-f]{12})*\])+)"
                   r"([.,;:!?\u2026\u3002\uff01\uff1f\u3001)\]\u00bb\u201d\u2019\"']*)")


def ref_html(ids: list[str], claims: Mapping[str, Mapping], ordinals: Mapping[str, int], tail: str = "") -> str:
    """The citation apparatus of a reference: the ledger numbers (a superseded claim: a link to
    its History entry instead), then the marks and as-of dates of the claims that stand."""
    sups = []
    for cid in ids:
        if cid in ordinals:
            sups.append(f'<sup class="ref"><a href="#c-{h(cid)}">{OPEN_SEP}{ordinals[cid]}{CLOSE_SEP}</a></sup>')
        elif claims.get(cid, {}).get("status") == "superseded":
            sups.append(f'<sup class="ref history-ref"><a href="#h-{h(cid)}">{OPEN_SEP}{HISTORY_LABEL}{CLOSE_SEP}'
                        "</a></sup>")
    live = [claims[cid] for cid in ids if claims.get(cid, {}).get("status", "active") == "active"]
    marks = marks_html(live)
    # no break between the word, its numbers, its marks and the stop (``tail``): the word runs
    # into the <sup>, and the marks and the stop sit in a span that never wraps, opened by a
    # no-break space
    if not marks and not tail:
        return "".join(sups)
    return "".join(sups) + f'<span class="cite-tail">{NBSP if marks else ""}{marks}{tail}</span>'


def tells_history(block: Block, claims: Mapping[str, Mapping]) -> bool:
    """A block that cites a superseded claim tells what changed: it is shown as history."""
    return any(claims.get(cid, {}).get("status") == "superseded" for cid in block.ids)


def inline(text: str, claims: Mapping[str, Mapping], ordinals: Mapping[str, int]) -> str:
    """One line of draft prose as HTML: escaped, light Markdown, references rendered."""
    held: list[str] = []

    def hold(fragment: str) -> str:
        held.append(fragment)
        return f"\x00{len(held) - 1}\x00"

    text = _frame(text)
    # a backslash before punctuation makes it a plain character; code spans are taken as they are
    text = _CODE.sub(lambda m: hold(f"<code>{h(_code_text(m.group(2)))}</code>"), text)
    text = _ESCAPE.sub(lambda m: hold(h(m.group(1))), text)
    text = re.sub(r"[ \t]+(?=\[@)", "", text)  # the number sits on the word it follows
    text = _CITE.sub(lambda m: hold(ref_html(claim_ids_in(m.group(1)), claims, ordinals, h(m.group(2)))), text)
    out = h(text)
    # the address is held so that emphasis markers in it (`_`, `*`) stay as they are
    out = _LINK.sub(lambda m: f'<a href="{hold(m.group(2))}" rel="nofollow noopener">{m.group(1)}</a>', out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _UBOLD.sub(r"<strong>\1</strong>", out)
    out = _EM.sub(r"<em>\1</em>", out)
    out = _UEM.sub(r"<em>\1</em>", out)
    out = re.sub("\x00(\\d+)\x00", lambda m: held[int(m.group(1))], out)
    return out.replace(_FRAME_OPEN, '<span class="framing">').replace(_FRAME_CLOSE, "</span>")


def _code_text(body: str) -> str:
    """A code span's text as CommonMark reads it: line breaks as spaces, one space stripped from
    each end when both ends have one and the span is not all spaces."""
    body = body.replace("\n", " ")
    if len(body) > 1 and body.startswith(" ") and body.endswith(" ") and body.strip(" "):
        body = body[1:-1]
    return body


def _frame(text: str) -> str:
    """Each sentence tagged ``[framing]`` between the framing sentinels, the tag taken out."""
    if not FRAMING.search(text):
        return text
    out, pos = [], 0
    for start, end, framing in framing_spans(text):
        if framing:
            body = _BEFORE_STOP.sub("", FRAMING.sub("", _TAG_BEFORE_MARK.sub("", text[start:end])).strip())
            out.append(text[pos:start] + _FRAME_OPEN + body + _FRAME_CLOSE)
            pos = end
    out.append(text[pos:])
    return "".join(out)


def history_attr(block: Block, claims: Mapping[str, Mapping]) -> str:
    return ' class="history"' if tells_history(block, claims) else ""


def claim_attr(block: Block) -> str:
    return f' data-claim="{h(" ".join(block.ids))}"' if block.ids else ""


def slug(text: str, taken: set[str]) -> str:
    """A section id: lower-case ASCII words, never in the ledger's ``c-`` namespace, unique."""
    from ...base.ids import unique_in

    return unique_in("sec-" + (_SLUG.sub("-", CLAIM_REF.sub("", text).lower()).strip("-") or "part"), taken)


def render_blocks(blocks: list[Block], claims: Mapping[str, Mapping], ordinals: Mapping[str, int],
                  taken: set[str] | None = None, indent: str = "      ") -> tuple[str, list[tuple[str, str]]]:
    """HTML for a run of blocks, and the (id, heading text) of each h2 for the contents: nested
    and ordered lists, block quotes, tables and code as such."""
    taken = set() if taken is None else taken
    out: list[str] = []
    toc: list[tuple[str, str]] = []
    lists: list[str] = []  # the tags of the open lists, outermost first (each with an open <li>)
    quote = 0

    def close_item() -> None:
        """Close the innermost open <li> (on its own line when a nested list sits in it)."""
        if out and out[-1].lstrip().startswith("<li") and not out[-1].endswith("</li>"):
            out[-1] += "</li>"
        else:
            out.append(f"{indent}{'  ' * len(lists)}</li>")

    def close_lists(to: int = 0) -> None:
        while len(lists) > to:
            close_item()
            out.append(f"{indent}{'  ' * (len(lists) - 1)}</{lists.pop()}>")

    for b in blocks:
        if b.kind != "li":
            close_lists()
        if b.quote != quote:
            close_lists()
            if quote:
                out.append(f"{indent}</blockquote>")
            if b.quote:
                out.append(f"{indent}<blockquote>")
            quote = b.quote
        if b.kind == "li":
            tag = "ol" if b.ordered else "ul"
            close_lists(b.depth + 1)
            if len(lists) == b.depth + 1:
                if b.new_list or lists[-1] != tag:
                    close_lists(b.depth)
                else:
                    close_item()
            while len(lists) < b.depth + 1:
                start = f' start="{b.start}"' if tag == "ol" and b.start not in (None, 1) and len(lists) == b.depth else ""
                out.append(f"{indent}{'  ' * len(lists)}<{tag}{start}>")
                lists.append(tag)
            out.append(f"{indent}{'  ' * b.depth}  <li{history_attr(b, claims)}{claim_attr(b)}>"
                       f"{inline(b.text, claims, ordinals)}")
            continue
        if b.kind in ("h2", "h3"):
            sid = slug(b.text, taken)
            if b.kind == "h2":
                toc.append((sid, b.text))
            out.append(f'{indent}<{b.kind} id="{sid}">{inline(b.text, claims, ordinals)}</{b.kind}>')
        elif b.kind in ("h1", "h4", "h5", "h6"):
            out.append(f"{indent}<{b.kind}>{inline(b.text, claims, ordinals)}</{b.kind}>")
        elif b.kind in ("quote", "p"):
            out.append(f"{indent}<p{history_attr(b, claims)}{claim_attr(b)}>{inline(b.text, claims, ordinals)}</p>")
        elif b.kind == "break":
            out.append(f"{indent}<hr>")
        elif b.kind == "code":
            lang = f' class="language-{h(b.lang)}"' if b.lang else ""
            body = h(b.text) + ("\n" if b.text else "")
            out.append(f"{indent}<pre><code{lang}>{body}</code></pre>")
        elif b.kind == "table":
            out.append(table_html(b, claims, ordinals, indent))
        elif b.kind == "raw":
            out.append(f"{indent}{b.text}")
    close_lists()
    if quote:
        out.append(f"{indent}</blockquote>")
    return "\n".join(out), toc


def table_html(b: Block, claims: Mapping[str, Mapping], ordinals: Mapping[str, int], indent: str) -> str:
    """A pipe table: the header row in <thead>, each body row a <tr> naming the claims its cells cite."""
    from .draft import claim_ids_in

    def row(cells: list[str], tag: str) -> str:
        ids = [cid for c in cells for cid in claim_ids_in(c)]
        attr = f' data-claim="{h(" ".join(dict.fromkeys(ids)))}"' if ids else ""
        history = ' class="history"' if any(claims.get(cid, {}).get("status") == "superseded" for cid in ids) else ""
        tds = "".join(f"<{tag}{_align_attr(b.align, k)}>{inline(c, claims, ordinals)}</{tag}>"
                      for k, c in enumerate(cells))
        return f"<tr{history}{attr}>{tds}</tr>"

    head = row(b.rows[0], "th") if b.rows else ""
    body = "".join(row(r, "td") for r in b.rows[1:])
    return (f"{indent}<table>\n{indent}  <thead>{head}</thead>" + (f"\n{indent}  <tbody>{body}</tbody>" if body else "")
            + f"\n{indent}</table>")


def _align_attr(align: list[str], k: int) -> str:
    a = align[k] if k < len(align) else ""
    return f' style="text-align:{a}"' if a else ""


_TAG = hot(r"<[^>]*>")


def toc_html(toc: list[tuple[str, str]]) -> str:
    """The contents: each heading's own words as the page shows them (its Markdown read, its
    markup left out), never the Markdown as typed."""
    return "".join(f'<li><a href="#{sid}">{_TAG.sub("", inline(CLAIM_REF.sub("", text).strip(), {}, {}))}</a></li>'
                   for sid, text in toc)
