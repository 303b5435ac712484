"""The source list as Markdown (compatibility: the ledger forms ``--sources``), escaped.

One section per document: a source with its copies and editions (``same_as``) is one document,
listed once with a line per edition ("one document in PDF and HTML"); the opening line counts
documents, and sources when editions make them more."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .editions import document_of, document_title, edition_label, editions_text
from .escape import http_href, md, md_link_target, safe_url
from .origin import origin_words
from .quote_view import lent_address


def _where(src: Mapping) -> str:
    locator = safe_url(src.get("canonical_locator") or src.get("locator") or "")
    href = http_href(locator)
    where = f"[{md(locator)}]({md_link_target(href)})" if href else md(locator)
    lent = lent_address(src)
    if not href and lent is not None:
        url = str(lent["url"])
        where += f" (linked to [{md(url)}]({md_link_target(url)}), the address of {md(lent.get('from') or '')})"
    return where


def reader_line(src: Mapping) -> str:
    """Byline and dates as the page states them ("by A. Writer · published 2024-05-01 ·
    modified 2024-05-03"), or what is unclear about its dates; empty when the page says nothing."""
    from .origin import AS_RECORDED as told
    from .origin import USER_SET

    bits = []
    if src.get("byline"):
        bits.append(f"by {md(src['byline'])}" + (told if src.get("byline_from") == USER_SET else ""))
    for key in ("published", "modified"):
        if src.get(key):
            bits.append(f"{key} {md(src[key])}" + (told if src.get(f"{key}_from") == USER_SET else ""))
    if src.get("dates_note"):
        bits.append(f"dates unclear: {md(src['dates_note'])}")
    return " · ".join(bits)


def render(sources: Mapping[str, Mapping], claims: Sequence[Mapping]) -> str:
    support: dict[str, set] = {}
    for c in claims:
        if c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            support.setdefault(document_of(str(ev.get("source_id")), sources), set()).add(c["id"])
    docs: dict[str, list[str]] = {}
    for sid in sorted(sources):
        docs.setdefault(document_of(sid, sources), []).append(sid)

    def order(kv):
        src = sources.get(kv[0]) or sources[kv[1][0]]
        return (str(src.get("tier") or "Z"), str(src.get("title") or ""), kv[0])

    ordered = sorted(docs.items(), key=order)
    out = ["# Sources", ""]
    if len(docs) < len(sources):
        out += [f"{len(docs)} document{'s' if len(docs) != 1 else ''} in {len(sources)} sources: the copies and "
                "editions of one document are listed, and counted, together.", ""]
    for doc, members in ordered:
        head = sources.get(doc) or sources[members[0]]
        eds = sorted(members, key=lambda s: (s != doc, s))
        locator = safe_url(head.get("canonical_locator") or head.get("locator") or "")
        title = document_title(eds, sources) or locator or doc
        out.append(f"## {md(title)}")
        out.append("")
        if len(eds) > 1:
            out.append(f"one document in {md(editions_text(edition_label(sources.get(s)) for s in eds))}:  ")
            for sid in eds:
                src = sources[sid]
                status = f" · status {md(src.get('status'))}" if src.get("status") != "ready" else ""
                out.append(f"- {md(edition_label(src))} `{sid}` · {_where(src)} · tier {md(src.get('tier') or '?')}: "
                           f"{md(src.get('tier_reason') or '')} · origin: {md(origin_words(src))} · retrieved "
                           f"{md(src.get('retrieved_at') or 'unknown')}{status}")
            pub = f" · {md(head['publisher'])}" if head.get("publisher") else ""
            out.append("")
            said = reader_line(head)
            if said:
                out.append(said + "  ")
            out.append(f"supports {len(support.get(doc, ()))} claim(s){pub}")
            out.append("")
            continue
        out.append(f"`{doc}` · {_where(head)}  ")
        pub = f" · {md(head['publisher'])}" if head.get("publisher") else ""
        out.append(f"tier {md(head.get('tier') or '?')}: {md(head.get('tier_reason') or '')}{pub}  ")
        out.append(f"origin: {md(origin_words(head))}  ")
        said = reader_line(head)
        if said:
            out.append(said + "  ")
        out.append(f"supports {len(support.get(doc, ()))} claim(s) · retrieved {md(head.get('retrieved_at') or 'unknown')}"
                   + (f" · status {md(head.get('status'))}" if head.get("status") != "ready" else ""))
        out.append("")
    if len(out) == 2:
        out.append("no sources yet")
    return "\n".join(out).rstrip("\n") + "\n"
