"""The Markdown draft an agent writes for ``sb render`` (pure parsing).

Prose in a small Markdown subset; claims referenced inline as ``[@clm_xxxxxxxxxxxx]`` or
``[@clm_a; @clm_b]``, and a sentence of the author's own words (no claim: a transition, a
signpost) declared with the tag ``[framing]`` where a citation would go, at the end of the
sentence before or after its full stop. Blocks: ``#``/``##``/``###`` headings, paragraphs (blank-line separated),
``- `` list items, ``> `` quotes, and ``---`` (a slide break in a deck, a rule elsewhere).
Every block keeps its 1-based line so an error can name it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

CLAIM_REF = re.compile(r"\[@(clm_[0-9a-f]{12}(?:\s*;\s*@clm_[0-9a-f]{12})*)\]")
ANY_REF = re.compile(r"\[@([^\]\s;]*)((?:\s*;\s*@[^\]\s;]*)*)\]")
FRAMING = re.compile(r"\[\s*framing\s*\]", re.I)
SOURCE_REF = re.compile(r"\[@(src_[0-9a-f]{12}(?:\s*;\s*@src_[0-9a-f]{12})*)\]")
_HEADING = re.compile(r"^(#{1,3})\s+(.+?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*[-*]\s+(.*)$")
_RULE = re.compile(r"^\s*(---+|\*\*\*+)\s*$")
_IMAGE = re.compile(r"^\s*!\[([^\]]*)\]\(([^)\s]+)\)\s*(\[\s*framing\s*\])?\s*$", re.I)


@dataclass
class Block:
    kind: str  # h1 h2 h3 p li quote break img (raw: HTML made by sb itself, never from a draft)
    text: str
    line: int
    ids: list[str] = field(default_factory=list)  # claim ids referenced, in order, once each
    src: str = ""  # img: the asset named
    framing: bool = False  # img: the line ends in [framing], so its alt text is the author's own words


def ref_ids(group: str) -> list[str]:
    return [x.strip().lstrip("@") for x in group.split(";") if x.strip()]


def claim_ids_in(text: str) -> list[str]:
    out: list[str] = []
    for m in CLAIM_REF.finditer(text):
        for cid in ref_ids(m.group(1)):
            if cid not in out:
                out.append(cid)
    return out


def bad_refs(text: str) -> list[str]:
    """``[@...]`` references that are not well-formed claim references."""
    out = []
    for m in ANY_REF.finditer(text):
        if not CLAIM_REF.fullmatch(m.group(0)):
            out.append(m.group(0))
    return out


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []
    para_kind, para_line = "p", 0

    def flush() -> None:
        nonlocal para
        if para:
            body = " ".join(s.strip() for s in para)
            blocks.append(Block(para_kind, body, para_line, claim_ids_in(body)))
        para = []

    in_fence = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            flush()
            continue
        if in_fence:
            continue  # code fences carry no claims; a draft is prose
        if not line.strip():
            flush()
            continue
        if _RULE.match(line):
            flush()
            blocks.append(Block("break", "", n))
            continue
        img = _IMAGE.match(line)
        if img:
            flush()
            blocks.append(Block("img", img.group(1), n, src=img.group(2), framing=bool(img.group(3))))
            continue
        h = _HEADING.match(line)
        if h:
            flush()
            blocks.append(Block(f"h{len(h.group(1))}", h.group(2), n, claim_ids_in(h.group(2))))
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            para, para_kind, para_line = [item.group(1)], "li", n
            continue
        if line.lstrip().startswith(">"):
            if para and para_kind != "quote":
                flush()
            if not para:
                para_kind, para_line = "quote", n
            para.append(line.lstrip()[1:])
            continue
        if not para:
            para_kind, para_line = "p", n
        elif para_kind == "quote":
            flush()
            para_kind, para_line = "p", n
        para.append(line)
    flush()
    return blocks


def words(text: str) -> int:
    """Words of prose, references and framing tags excluded."""
    return len(ANY_REF.sub(" ", FRAMING.sub(" ", text)).split())


_QUOTES = (("\u201c", "\u201d"), ('"', '"'), ("\u00ab", "\u00bb"), ("\u300c", "\u300d"), ("\u300e", "\u300f"),
           ("\u201e", "\u201c"), ("\u2018", "\u2019"), ("\u2039", "\u203a"))


def quoted(text: str) -> bool:
    """Words in quotation marks (an apostrophe is not one): what framing may not carry."""
    for a, b in _QUOTES:
        i = text.find(a)
        if i >= 0 and text.find(b, i + 1) > i:
            return True
    return False


def framing_spans(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, framing) of each sentence of a line of draft prose; a framing sentence is
    one that carries the ``[framing]`` tag (before or after its stop)."""
    from ..text.sentences import split_sentences

    return [(s.start, s.end, bool(FRAMING.search(s.text))) for s in split_sentences(text)]
