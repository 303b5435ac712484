"""Draft blocks to HTML: escaped prose, ordinal superscripts, marks and as-of dates (CONTRACT 8.5).

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

from .apparatus import h, marks_html
from .draft import CLAIM_REF, FRAMING, Block, claim_ids_in, framing_spans, ref_ids

_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\((https?://[^\s)]+)\)")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM = re.compile(r"(?<![*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])")
_SLUG = re.compile(r"[^a-z0-9]+")
_FRAME_OPEN, _FRAME_CLOSE = "\x01", "\x02"  # survive escaping; become the span's tags at the end
_BEFORE_STOP = re.compile(r"\s+(?=[.!?\u3002\uff01\uff1f]+$)")
_KEEP_OPEN, _KEEP_CLOSE = "\x03", "\x04"  # around a sentence's last word, references, marks and stop
# a word (no framing sentinel in it), its references, then closing punctuation and quotes
_TAIL = re.compile(r"([^\s\x01\x02]*)((?:\[@clm_[0-9a-f]{12}(?:\s*;\s*@clm_[0-9a-f]{12})*\])+)"
                   r"([.,;:!?\u2026\u3002\uff01\uff1f\u3001)\]\u00bb\u201d\u2019\"']*)")
_MARKUP = re.compile(r"[*`\[\]]")  # a word carrying inline markup is not wrapped with its refs


# Brackets a reader does not see but copied text and a screen reader keep, so a number never
# runs into the word before it ("Python 3.7 [11]", never "3.711").
OPEN_SEP = '<span class="visually-hidden"> [</span>'
CLOSE_SEP = '<span class="visually-hidden">]</span>'
HISTORY_LABEL = "superseded"


def ref_html(ids: list[str], claims: Mapping[str, Mapping], ordinals: Mapping[str, int]) -> str:
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
    return "".join(sups) + (" " + marks if marks else "")


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
    text = re.sub(r"[ \t]+(?=\[@)", "", text)  # the number sits on the word it follows
    # the last word, the references, the marks and the closing punctuation never break apart
    text = _TAIL.sub(lambda m: (_KEEP_OPEN + m.group(1) if not _MARKUP.search(m.group(1)) else m.group(1) + _KEEP_OPEN)
                     + hold(ref_html(claim_ids_in(m.group(2)), claims, ordinals)) + m.group(3) + _KEEP_CLOSE, text)
    text = CLAIM_REF.sub(lambda m: hold(ref_html(ref_ids(m.group(1)), claims, ordinals)), text)
    text = _CODE.sub(lambda m: hold(f"<code>{h(m.group(1))}</code>"), text)
    out = h(text)
    out = _LINK.sub(lambda m: f'<a href="{m.group(2)}" rel="nofollow noopener">{m.group(1)}</a>', out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _EM.sub(r"<em>\1</em>", out)
    out = re.sub("\x00(\\d+)\x00", lambda m: held[int(m.group(1))], out)
    out = out.replace(_KEEP_OPEN, '<span class="cite-tail">').replace(_KEEP_CLOSE, "</span>")
    return out.replace(_FRAME_OPEN, '<span class="framing">').replace(_FRAME_CLOSE, "</span>")


def _frame(text: str) -> str:
    """Each sentence tagged ``[framing]`` between the framing sentinels, the tag taken out."""
    if not FRAMING.search(text):
        return text
    out, pos = [], 0
    for start, end, framing in framing_spans(text):
        if framing:
            body = _BEFORE_STOP.sub("", FRAMING.sub("", text[start:end]).strip())
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
    base = "sec-" + (_SLUG.sub("-", CLAIM_REF.sub("", text).lower()).strip("-") or "part")
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    taken.add(out)
    return out


def render_blocks(blocks: list[Block], claims: Mapping[str, Mapping], ordinals: Mapping[str, int],
                  taken: set[str] | None = None, indent: str = "      ") -> tuple[str, list[tuple[str, str]]]:
    """HTML for a run of blocks, and the (id, heading text) of each h2 for the contents."""
    taken = set() if taken is None else taken
    out: list[str] = []
    toc: list[tuple[str, str]] = []
    open_list = False
    for b in blocks:
        if b.kind != "li" and open_list:
            out.append(f"{indent}</ul>")
            open_list = False
        body = inline(b.text, claims, ordinals)
        if b.kind in ("h2", "h3"):
            sid = slug(b.text, taken)
            if b.kind == "h2":
                toc.append((sid, b.text))
            out.append(f'{indent}<{b.kind} id="{sid}">{body}</{b.kind}>')
        elif b.kind == "li":
            if not open_list:
                out.append(f"{indent}<ul>")
                open_list = True
            out.append(f"{indent}  <li{history_attr(b, claims)}{claim_attr(b)}>{body}</li>")
        elif b.kind == "quote":
            out.append(f"{indent}<blockquote{history_attr(b, claims)}{claim_attr(b)}><p>{body}</p></blockquote>")
        elif b.kind == "break":
            out.append(f"{indent}<hr>")
        elif b.kind == "raw":
            out.append(f"{indent}{b.text}")
        elif b.kind == "p":
            out.append(f"{indent}<p{history_attr(b, claims)}{claim_attr(b)}>{body}</p>")
    if open_list:
        out.append(f"{indent}</ul>")
    return "\n".join(out), toc


def toc_html(toc: list[tuple[str, str]]) -> str:
    return "".join(f'<li><a href="#{sid}">{h(CLAIM_REF.sub("", text).strip())}</a></li>' for sid, text in toc)
