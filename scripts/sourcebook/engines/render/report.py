"""The Markdown report: claim references become numbered source citations ``[n]`` and a
``## Sources`` block is generated from the ledger (pure).

A source's number is its identity in the report: assigned on first citation and kept (the
caller persists the numbering), so editing a draft never renumbers ``[4]``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ...base.patterns import hot
from ..ledger import ledger_model as lm
from .draft import ANY_REF, ref_ids
from .mdtext import is_web_url, md_escape, md_link, source_name

MAX_PER_SENTENCE = 3
# An inferred claim has no source to number: the report marks the sentence as the author's
# inference (the tag ``sb check-draft`` and the report gate count as inferred). ``[unverified]``
# is a different thing: a chat answer's words from the model's own knowledge, never written here.
INFERENCE = "[inference]"
# a full stop of Chinese or Japanese ends its sentence with no space after it ("安装。Riders say"),
# but not before the closing mark of a quotation or bracket ("…安装。」")
_SENTENCE = hot(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])\s*(?=[^\s」』）)\]\"”’])")
# The headings that open a Sources block, in every language a draft may be written in: the one
# list `render report` (which replaces the block) and `check-draft` (which reads it) share.
SOURCES_HEADINGS = ("Sources", "References", "Bibliography", "Références", "Quellen", "Literatur",
                    "Fuentes", "Referencias", "Источники", "Литература", "出典", "参考文献", "参考資料",
                    "来源", "资料来源", "參考資料", "資料來源")
_NAMES = "|".join(re.escape(h) for h in SOURCES_HEADINGS)
SOURCES_HEAD = hot(rf"^(#{{1,6}}\s*(?:{_NAMES})\s*[:：]?\s*|(?:{_NAMES})\s*[:：]\s*)$", re.I)


def cut_sources(text: str) -> str:
    """The draft without an old Sources block (a heading ``Sources`` and everything after)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if SOURCES_HEAD.match(line.strip()):
            return "\n".join(lines[:i]).rstrip() + "\n"
    return text.rstrip() + "\n"


_KEPT_AFTER = hot(r"^#|\[@|\[(?:inference|framing)\]", re.I)


def after_sources(text: str) -> tuple[int, str] | None:
    """(line number, the line) of the first heading or cited or tagged sentence after the draft's
    Sources heading, or None: ``cut_sources`` would drop it with the old Sources block (a
    ``## Literatur`` in the middle of a draft cuts the sections after it)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if SOURCES_HEAD.match(line.strip())), None)
    if start is None:
        return None
    fence = False
    for n, line in enumerate(lines[start + 1:], start + 2):
        stripped = line.strip()
        if stripped.startswith("```"):
            fence = not fence
        if not fence and _KEPT_AFTER.search(stripped):
            return n, stripped
    return None


def claim_sources(claim: Mapping, claims: Mapping[str, Mapping] | None = None) -> list[str]:
    """The sources a claim's citation numbers stand for (a derived claim: its inputs')."""
    from ..ledger.arithmetic import cited_sources

    return cited_sources(claim, claims)


def cited_order(text: str, claims: Mapping[str, Mapping]) -> list[str]:
    """Source ids in order of first citation (claim references and ``[@src_...]`` alike)."""
    out: list[str] = []
    for m in ANY_REF.finditer(text):
        for rid in ref_ids(m.group(1) + m.group(2)):
            sids = [rid] if rid.startswith("src_") else (
                claim_sources(claims[rid], claims) if rid in claims and (lm.is_citable(claims[rid])
                                                                 or claims[rid].get("status") == "superseded") else [])
            out.extend(s for s in sids if s not in out)
    return out


def _group_text(ids: list[str], claims: Mapping[str, Mapping], numbers: Mapping[str, int], used: list[int],
                crowded: list[bool], dated: set[str] | None = None) -> str:
    """A reference group's numbers and tags; ``dated``: the as-of dates the sentence already
    printed (one sentence says each as-of once, however many of its groups are volatile)."""
    nums: list[int] = []
    tags: list[str] = []
    for rid in ids:
        if rid.startswith("src_"):
            sids = [rid]
        else:
            c = claims[rid]
            if c.get("status") == "superseded":
                tags.append(" (superseded)")  # history: what a source said before it was set aside
            elif not lm.is_citable(c):
                tags.append(INFERENCE)
                continue
            sids = claim_sources(c, claims)
            if c.get("confidence") == "contested":
                tags.append(" (contested)")
            if c.get("volatile") is True and c.get("as_of"):
                tag = f" (as of {c['as_of']})"
                if dated is None or tag not in dated:
                    tags.append(tag)
        for sid in sids:
            n = numbers[sid]
            if n in used or n in nums:
                continue
            if len(used) + len(nums) >= MAX_PER_SENTENCE:
                crowded[0] = True
                continue
            nums.append(n)
    used.extend(nums)
    if dated is not None:
        dated.update(t for t in tags if t.startswith(" (as of "))
    return "".join(f"[{n}]" for n in nums) + "".join(dict.fromkeys(t for t in tags if t == INFERENCE)) \
        + "".join(dict.fromkeys(t for t in tags if t != INFERENCE))


def render_prose(text: str, claims: Mapping[str, Mapping], numbers: Mapping[str, int]) -> tuple[str, list[int]]:
    """The draft with references replaced; returns the text and the lines that hit the cap of three."""
    out_lines, crowded_lines = [], []
    for n, line in enumerate(text.splitlines(), 1):
        sentences = _SENTENCE.split(line)
        rebuilt = []
        crowded = [False]
        for sentence in sentences:
            used: list[int] = []
            dated: set[str] = set()
            sentence = re.sub(r"[ \t]+(?=\[@)", "", sentence)
            def group(m: re.Match, used: list[int] = used, crowded: list[bool] = crowded,
                      dated: set[str] = dated) -> str:
                return _group_text(ref_ids(m.group(1) + m.group(2)), claims, numbers, used, crowded, dated)

            sentence = ANY_REF.sub(group, sentence)
            rebuilt.append(sentence)
        if crowded[0]:
            crowded_lines.append(n)
        seps = _SENTENCE.findall(line)
        joined = rebuilt[0] + "".join(sep + s for sep, s in zip(seps, rebuilt[1:], strict=True))
        out_lines.append(joined)
    return "\n".join(out_lines).rstrip() + "\n", crowded_lines


def sources_block(entries: Sequence[tuple[int, str, Mapping | None]], style: str,
                  quotes: Mapping[str, Sequence[Mapping]] | None = None) -> str:
    """The Sources block for ``(number, source id, record)`` entries in number order.

    ``quotes``: per source, what the ledger shows of each cited quote (``evidence_display``):
    the pages they sit on are named on the source's line, and the ``evidence`` style lists each
    quote (or its excerpt) with its page and a link to the passage."""
    from ..ledger.origin import credit_words, origin_words
    from ..ledger.quote_view import page_text, quote_md
    from ..ledger.quote_view import reader_address as public_address

    quotes = quotes or {}
    if style == "plain":
        lines = ["Sources:"]
        for n, sid, src in entries:
            where = public_address(src) or (src or {}).get("canonical_locator") or sid
            pages = _pages(quotes.get(sid, []), page_text)
            credit = "".join(f", {bit}" for bit in credit_words(src))
            lines.append(f"[{n}] {source_name(src, sid)}{credit}, {where}" + (f", {pages}" if pages else ""))
        return "\n".join(lines) + "\n"
    lines = ["## Sources", ""]
    for n, sid, src in entries:
        src = src or {}
        address = public_address(src)
        locator = src.get("canonical_locator")
        line = f"- [{n}] {md_link(source_name(src, sid), address or locator)}"
        if locator and not address and not is_web_url(locator):
            line += f" ({md_escape(str(locator))})"
        line += "".join(f" · {md_escape(bit)}" for bit in credit_words(src))  # byline, publication date
        line += f" · tier {src.get('tier', 'D')} · {md_escape(origin_words(src))}"
        pages = _pages(quotes.get(sid, []), page_text)
        if pages:
            line += f" · {md_escape(pages)}"
        lines.append(line)
        if style == "evidence":
            for shown in quotes.get(sid, []):
                if shown["mode"] == "quote":
                    words = f'"{quote_md(shown["quote"], md_escape)}"'
                elif shown["mode"] == "excerpt":
                    words = f'"{md_escape(shown["excerpt"])}" ({md_escape(shown["length"])} in full)'
                else:
                    continue
                if shown["page"]:
                    words += f" · {md_escape(page_text(shown['page']))}"
                if shown["href"]:
                    words += f" · {md_link('at the source', shown['href'])}"
                lines.append(f"  > {words}")
    return "\n".join(lines) + "\n"


def decisions_block(claim_ids: Sequence[str], claims: Mapping[str, Mapping], numbers: Mapping[str, int]) -> str:
    """The decision on each contradiction the report's claims are part of, with its reason,
    beside the claims it decided and their sources' numbers ("" when none is cited)."""
    seen: dict[object, Mapping] = {}
    for cid in claim_ids:
        adj = lm.adjudication_of(claims[cid]) if cid in claims and lm.is_active(claims[cid]) else None
        if adj is not None:
            seen.setdefault(adj.get("cluster_id") or adj.get("reason"), adj)
    if not seen:
        return ""
    lines = ["Contradictions, as decided:", ""]
    for adj in seen.values():
        sides = []
        for x in adj.get("claim_ids") or []:
            c = claims.get(x)
            if c is None:
                continue
            nums = "".join(f"[{numbers[s]}]" for s in dict.fromkeys(claim_sources(c, claims)) if s in numbers)
            gone = "" if lm.is_active(c) else f" ({c.get('status')})"
            sides.append(f'"{md_escape(str(c.get("text", "")))}"{nums}{gone}')
        day = str(adj.get("decided_at") or "")[:10]
        lines.append(f"- {md_escape(lm.outcome_words(adj.get('outcome')))}: {'; '.join(sides)}. "
                     f"Why: {md_escape(str(adj.get('reason')))}" + (f" (decided {day})" if day else ""))
    return "\n".join(lines) + "\n"


def _pages(shown: Sequence[Mapping], page_text) -> str:
    """``p. 7, p. 9``: the distinct pages a source's cited quotes sit on, in page order."""
    seen: dict[int, str] = {}
    for d in shown:
        if d.get("page"):
            seen.setdefault(d["page"]["page"], page_text(d["page"]))
    return ", ".join(seen[k] for k in sorted(seen))


