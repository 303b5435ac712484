"""Image credits and licences for a page (compatibility: licences): ``sb licenses`` and the licenses gate.

Share-alike licences are allowed: they yield ``W-IMG-SHAREALIKE``, a warning that reminds the
author the page inherits the licence, and the gate treats it as a warning too.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping

from ...base import jsonio
from ...base.errors import Finding
from ...base.schema import check
from ...engines.render.images import (
    GENERATED_LABEL,
    image_key,
    is_share_alike,
    licence_refused,
    missing_fields,
    needs_attribution,
)
from ..ledger.claims import _split
from ..workspace.layout import Workspace

CREDITS = "assets/credits.json"
# Warnings that never fail a gate: they inform, the author has nothing to fix.
GATE_WARNINGS = frozenset({"W-IMG-SHAREALIKE"})


def load_credits(ws: Workspace) -> tuple[dict, list[Finding]]:
    """The credits file as a dict (empty when absent) and its schema problems."""
    if not os.path.isfile(ws.credits_path):
        return {}, []
    data = jsonio.read_json(ws.credits_path, CREDITS)
    if not isinstance(data, dict):
        return {}, [Finding("E-SCHEMA", CREDITS, "expected an object mapping asset names to credit entries")]
    if not data:
        return {}, []
    problems = check(data, "credits", CREDITS)
    return data, [Finding(*_split(p)) for p in problems]


def image_refs(attr_maps: Iterable[Mapping[str, str]]) -> list[tuple[str, dict]]:
    """(credits key, attributes) of each ``<img>`` (given by its attributes) with a non-empty src."""
    return [(image_key(a.get("src") or "", a.get("data-asset")), dict(a)) for a in attr_maps
            if (a.get("src") or "").strip()]


def page_images(html_text: str) -> tuple[list[tuple[str, dict]], str]:
    """(key, attributes) of every ``<img>`` with a non-empty src, and the document text."""
    from ...engines.html.tree import parse  # verify hands over the page it already read

    doc = parse(html_text)
    return image_refs(el.attrs for el in doc.iter() if el.tag == "img"), doc.text()


def default_page(ws: Workspace) -> str | None:
    """The page to check when none is named: the plan's artifact if built, else the first page by name."""
    try:
        plan = jsonio.read_json(ws.plan_path, "plan.json") if os.path.isfile(ws.plan_path) else {}
    except Exception:  # an unreadable plan is the schemas gate's business, not this one's
        plan = {}
    kind = plan.get("type") if isinstance(plan, dict) else None
    if isinstance(kind, str) and kind != "podcast" and os.path.isfile(ws.build_path(f"{kind}.html")):
        return ws.build_path(f"{kind}.html")
    try:
        names = sorted(n for n in os.listdir(ws.build_dir) if n.endswith(".html") and n not in ("ledger.html", "review.html")
                       and not n.endswith(".src.html"))
    except OSError:
        return None
    return ws.build_path(names[0]) if names else None


def images_mode(ws: Workspace) -> str:
    try:
        plan = jsonio.read_json(ws.plan_path, "plan.json")
        mode = plan["images"]["mode"]
        return mode if isinstance(mode, str) else "none"
    except Exception:  # no plan, or no images section: the default mode
        return "none"


def check_licenses(ws: Workspace, html_path: str | None,
                   seen: tuple[list[tuple[str, dict]], str] | None = None) -> tuple[list[Finding], str]:
    """Findings for the page's images and the credits file, and the gate note. ``seen`` is the
    page's (images, text) when the caller has already read the page."""
    credits, findings = load_credits(ws)
    images: list[tuple[str, dict]] = []
    text = ""
    if seen is not None:
        images, text = seen
    elif html_path and os.path.isfile(html_path):
        with open(html_path, "rb") as fh:
            images, text = page_images(fh.read().decode("utf-8", errors="replace"))
    if not images and not credits:
        return findings, f"images.mode={images_mode(ws)}, nothing to check"
    referenced = sorted({key for key, _ in images})
    for key in referenced:
        if key not in credits:
            findings.append(Finding("E-IMG-UNCREDITED", key,
                                    f"no entry in {CREDITS}; add one under this key with origin, source, credit and license"))
    for name in sorted(credits):
        entry = credits[name]
        if not isinstance(entry, dict):
            continue
        findings.extend(_entry_findings(ws, name, entry, referenced=name in referenced, text=text,
                                        page=html_path is not None))
    return findings, f"{len(credits)} asset(s), {len(referenced)} referenced"


def _entry_findings(ws: Workspace, name: str, entry: dict, *, referenced: bool, text: str, page: bool) -> list[Finding]:
    out = []
    missing = missing_fields(entry)
    if missing:
        out.append(Finding("E-IMG-FIELDS", name, f"{entry.get('origin')!s} image lacks {', '.join(missing)}"))
    licence = entry.get("license")
    if isinstance(licence, str) and licence.strip():
        refused = licence_refused(licence)
        if refused:
            out.append(Finding("E-IMG-LICENSE", name, f"{refused}; use an image under CC0, CC BY, CC BY-SA, "
                                                      "public domain, MIT, Apache-2.0 or OGL, or drop it"))
        elif is_share_alike(licence):
            out.append(Finding("W-IMG-SHAREALIKE", name,
                               f"{licence} is share-alike: the page that uses it must carry the same licence"))
        credit = entry.get("credit")
        if page and referenced and needs_attribution(licence) and isinstance(credit, str) and credit and credit not in text:
            out.append(Finding("E-IMG-ATTRIB", name, f"the credit {credit!r} is not shown on the page; "
                                                     "print it in the figure caption"))
    if page and referenced and entry.get("origin") == "generated" and GENERATED_LABEL not in text:
        out.append(Finding("E-IMG-UNLABELED", name, f"a generated image needs a visible '{GENERATED_LABEL}' label"))
    digest = entry.get("sha256")
    path = os.path.join(ws.assets_dir, name)
    if isinstance(digest, str) and digest and os.path.isfile(path):
        with open(path, "rb") as fh:
            actual = hashlib.sha256(fh.read()).hexdigest()
        if actual != digest:
            out.append(Finding("E-IMG-HASH", name, f"assets/{name} has sha256 {actual[:16]}..., credits say "
                                                   f"{digest[:16]}...; the file changed: re-credit it or restore it"))
    return out
