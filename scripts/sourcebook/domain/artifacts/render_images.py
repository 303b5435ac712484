"""Images in a draft: ``![alt](assets/name.png)`` becomes an inlined, credited figure.

The file is read from ``assets/`` and inlined as a ``data:`` URI (a page makes no request),
keyed by ``data-asset`` so ``sb licenses`` finds its credits entry. A generated image carries
``data-origin="generated"`` and a visible "Generated illustration" label, and may not sit next
to a block that cites claims: an illustration must never look like evidence.
"""

from __future__ import annotations

import base64
import mimetypes
import os
from collections.abc import Mapping

from ...base.errors import Finding
from ...engines.ledger.escape import http_href
from ...engines.render.blocks import h
from ...engines.render.draft import Block
from ...engines.render.images import GENERATED_LABEL
from ..workspace.layout import Workspace
from .licenses import images_mode, load_credits


def asset_name(src: str) -> str:
    return src[len("assets/"):] if src.startswith("assets/") else src


def image_findings(ws: Workspace, blocks: list[Block], where: str) -> list[Finding]:
    images = [i for i, b in enumerate(blocks) if b.kind == "img"]
    if not images:
        return []
    out = []
    mode = images_mode(ws)
    credits, _ = load_credits(ws)
    for i in images:
        b = blocks[i]
        at, name = f"{where}:{b.line}", asset_name(b.src)
        if mode == "none":
            out.append(Finding("E-DRAFT-IMAGE", at, "plan.json images.mode is none; choose `sb plan --images source` "
                                                   "or `--images generate`, or drop the image"))
            break
        if "/" in name or name.startswith(".") or not os.path.isfile(os.path.join(ws.assets_dir, name)):
            out.append(Finding("E-DRAFT-IMAGE", at, f"no file assets/{name}; images are inlined from assets/"))
            continue
        if not b.text.strip():
            out.append(Finding("E-DRAFT-IMAGE", at, "an image needs alt text: ![what it shows](assets/...)"))
        entry = credits.get(name)
        if not isinstance(entry, Mapping):
            out.append(Finding("E-IMG-UNCREDITED", name, f"{at}: no entry in assets/credits.json; add origin, source, "
                                                         "credit and license (or generator and prompt)"))
            continue
        if entry.get("origin") == "generated":
            near = [blocks[j] for j in (i - 1, i + 1) if 0 <= j < len(blocks)]
            if any(n.ids for n in near):
                out.append(Finding("E-DRAFT-IMAGE", at, "a generated image sits next to a cited block, where it would "
                                                        "look like evidence; move it under a heading or beside "
                                                        "uncited text"))
    return out


def caption_html(entry: Mapping) -> str:
    """The figure caption sb writes from an image's credits entry (the gate compares it too)."""
    if entry.get("origin") == "generated":
        return f'<span class="generated-label">{GENERATED_LABEL}</span>, not evidence. Prompt: {h(entry.get("prompt"))}'
    credit = h(entry.get("credit"))
    href = http_href(entry.get("source"))
    if href:
        credit = f'<a href="{h(href)}" rel="nofollow noopener">{credit}</a>'
    return f"{credit} ({h(entry.get('license'))})"


def figure_html(ws: Workspace, block: Block) -> str:
    name = asset_name(block.src)
    with open(os.path.join(ws.assets_dir, name), "rb") as fh:
        data = fh.read()
    mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
    entry = load_credits(ws)[0].get(name) or {}
    uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    generated = entry.get("origin") == "generated"
    cls, origin = ("image generated", "generated") if generated else ("image", "sourced")
    framing = ' class="framing"' if block.framing else ""  # ![alt](src) [framing]: the alt text is framing
    return (f'<figure class="{cls}"><img src="{uri}" data-asset="{h(name)}" data-origin="{origin}"{framing} '
            f'alt="{h(block.text)}"><figcaption>{caption_html(entry)}</figcaption></figure>')


def with_figures(ws: Workspace, blocks: list[Block]) -> list[Block]:
    """The blocks with each image replaced by its finished figure."""
    return [Block("raw", figure_html(ws, b), b.line) if b.kind == "img" else b for b in blocks]
