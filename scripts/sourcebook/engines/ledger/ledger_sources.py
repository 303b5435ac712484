"""The source list as Markdown (CONTRACT 8.4 ``--sources``), escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .escape import http_href, md, md_link_target, safe_url


def reader_line(src: Mapping) -> str:
    """Byline and dates as the page states them ("by A. Writer · published 2024-05-01 ·
    modified 2024-05-03"), or what is unclear about its dates; empty when the page says nothing."""
    bits = []
    if src.get("byline"):
        bits.append(f"by {md(src['byline'])}")
    for key in ("published", "modified"):
        if src.get(key):
            bits.append(f"{key} {md(src[key])}")
    if src.get("dates_note"):
        bits.append(f"dates unclear: {md(src['dates_note'])}")
    return " · ".join(bits)


def render(sources: Mapping[str, Mapping], claims: Sequence[Mapping]) -> str:
    support: dict[str, set] = {}
    for c in claims:
        if c.get("status", "active") != "active":
            continue
        for ev in c.get("evidence") or []:
            support.setdefault(str(ev.get("source_id")), set()).add(c["id"])
    ordered = sorted(sources.items(), key=lambda kv: (str(kv[1].get("tier") or "Z"), str(kv[1].get("title") or ""), kv[0]))
    out = ["# Sources", ""]
    for sid, src in ordered:
        locator = safe_url(src.get("canonical_locator") or src.get("locator") or "")
        href = http_href(locator)
        title = src.get("title") or locator or sid
        out.append(f"## {md(title)}")
        out.append("")
        where = f"[{md(locator)}]({md_link_target(href)})" if href else md(locator)
        out.append(f"`{sid}` · {where}  ")
        pub = f" · {md(src['publisher'])}" if src.get("publisher") else ""
        out.append(f"tier {md(src.get('tier') or '?')}: {md(src.get('tier_reason') or '')}{pub}  ")
        said = reader_line(src)
        if said:
            out.append(said + "  ")
        out.append(f"supports {len(support.get(sid, ()))} claim(s) · retrieved {md(src.get('retrieved_at') or 'unknown')}"
                   + (f" · status {md(src.get('status'))}" if src.get("status") != "ready" else ""))
        out.append("")
    if len(out) == 2:
        out.append("no sources yet")
    return "\n".join(out).rstrip("\n") + "\n"
