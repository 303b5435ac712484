"""Generate the page allow-list (scripts/sourcebook/engines/page/allowed.py) from what sourcebook
writes: every template in templates/, and the pages ``sb render`` makes of the demo's drafts and
of a draft that uses every construct a draft has (headings, lists, quotes, tables, rules, code,
links, emphasis, framing), as every artifact type.

    python3 tests/gen_allowed.py           # rewrite allowed.py
    python3 tests/gen_allowed.py --check   # exit 1 when allowed.py is not what it would be

tests/test_gate_surface.py runs the same census and fails when allowed.py lags behind it, so a
template or a renderer that gains an element or an attribute cannot ship a page the gate refuses.
"""

from __future__ import annotations

import glob
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, HERE)
from generated import write_or_check  # noqa: E402 - beside this script

TARGET = os.path.join(ROOT, "scripts", "sourcebook", "engines", "page", "allowed.py")

# Every construct a draft can hold, citing the demo's claims (its ids are stable).
CENSUS_DRAFT = """# Census of every construct

## A heading with `code` and **bold**

On routes W1 and W2, yes: the operator lists **both** as _taking_ the pass, see [the page](https://calderbay.example/water-bus/status) [@clm_40321b1077cf]. Route W3 is due to follow on 1 December 2026, once *new* readers are fitted to its boats [@clm_79722db3218d].

### A third-level heading

- Riders on a forum passed on the crew's word [@clm_94851fd2129f].
  - The city's transport committee heard that the W3 reader contract was signed in August [@clm_9518b3a6cb33].
- Riders say the W3 readers were still switched off in late September [@clm_1c9cba3adeec].

1. A single adult fare bought on board is 3.40 marks [@clm_c95bbf88e63c].
2. Children under twelve ride free with a paying adult [@clm_6d8969f2b00b].

Then:

3. The trade press reports 38,500 over the summer [@clm_13811f60ff01].

> The audited average for the year to September was 31,000 passengers per weekday [@clm_356077fe51e5].

| Figure | Value |
|:-------|------:|
| Summer | 38,500 over the summer in the trade press [@clm_13811f60ff01] |

---

City officers said the press figures were summer peaks [@clm_cefcab0f6732]. Until the W3 readers work, carry another way to pay on W3 [@clm_50dd1157e74d].

```text
code block
```

The two ridership figures disagree [framing].
"""
KINDS = ("answer", "brief", "deck", "infographic")
WITHDRAWN = "clm_50dd1157e74d"  # a claim of the demo, withdrawn to show the ledger's withdrawn list


def census_pages(ws: str) -> list[str]:
    """The HTML of every template and of every page sb renders in the built demo at ``ws``."""
    from conftest import sb

    pages = []
    for path in sorted(glob.glob(os.path.join(ROOT, "templates", "*.html"))):
        with open(path, encoding="utf-8") as fh:
            pages.append(fh.read())
    for path in sorted(glob.glob(os.path.join(ws, "build", "*.html"))):  # the demo's own drafts
        with open(path, encoding="utf-8") as fh:
            pages.append(fh.read())
    with open(os.path.join(ws, "drafts", "census.md"), "w", encoding="utf-8") as fh:
        fh.write(CENSUS_DRAFT)
    # the draft's link leads to a source's own address (a link elsewhere is refused)
    for sid in sorted(os.listdir(os.path.join(ws, "sources"))):
        path = os.path.join(ws, "sources", sid, "source.json")
        if os.path.isfile(path) and '"clippings/operator-status.md"' in open(path, encoding="utf-8").read():
            r = sb("source", "set", sid, "url=https://calderbay.example/water-bus/status",
                   "attest=the operator's status page, saved from its site", cwd=ws)
            assert r.rc == 0, r.both
    for kind in KINDS:
        r = sb("render", kind, "--from", "drafts/census.md", cwd=ws)
        assert r.rc == 0, (kind, r.both)
        with open(os.path.join(ws, "build", f"{kind}.html"), encoding="utf-8") as fh:
            pages.append(fh.read())
    pages.append(_figure(ws))
    # a withdrawn claim: the ledger folds it away in its own list
    r = sb("claim", "retract", WITHDRAWN, "--reason", "census of the ledger's markup", cwd=ws)
    assert r.rc == 0, r.both
    with open(os.path.join(ws, "drafts", "census.md"), "w", encoding="utf-8") as fh:
        # framing names no route: the sentence that cited the withdrawn claim loses its "W3"s too
        fh.write(CENSUS_DRAFT.replace(f"carry another way to pay on W3 [@{WITHDRAWN}]", "carry another way to pay "
                                      "[framing]").replace("Until the W3 readers work", "Until the readers work"))
    r = sb("render", "answer", "--from", "drafts/census.md", cwd=ws)
    # the plan still places the withdrawn claim: render writes the page and names that alone
    codes = {line.split()[0] for line in r.err.splitlines() if line.startswith("E-")}
    assert r.rc == 0 or (r.rc == 2 and codes == {"E-PLAN-ORPHAN"}), r.both
    with open(os.path.join(ws, "build", "answer.html"), encoding="utf-8") as fh:
        pages.append(fh.read())
    return pages


def _figure(ws: str) -> str:
    """An image figure as sb render writes it for ``![alt](assets/...)``."""
    from sourcebook.domain.artifacts.render_images import figure_html
    from sourcebook.domain.workspace.layout import Workspace
    from sourcebook.engines.render.draft import Block

    w = Workspace(ws)
    os.makedirs(w.assets_dir, exist_ok=True)
    with open(os.path.join(w.assets_dir, "census.png"), "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n")
    return figure_html(w, Block("img", "A water bus at the pier", 1, src="assets/census.png"))


def census(pages: list[str]) -> dict[str, set[str]]:
    """Tag -> the attributes it carries anywhere (global and data-* attributes left out: any
    element may carry those), for elements outside scripts."""
    from sourcebook.engines.html.tree import parse
    from sourcebook.engines.page.surface import GLOBAL_ATTRS

    out: dict[str, set[str]] = {}
    for html in pages:
        for el in parse(html).elements:
            attrs = out.setdefault(el.tag, set())
            attrs.update(a for a in el.attrs if a not in GLOBAL_ATTRS and not a.startswith("data-"))
    return out


def module_text(found: dict[str, set[str]]) -> str:
    lines = ['"""The elements and attributes sourcebook writes on a page: generated by tests/gen_allowed.py',
             "from the templates and from what ``sb render`` makes of every construct a draft holds; do",
             'not edit by hand (run ``python3 tests/gen_allowed.py``)."""', "",
             "from __future__ import annotations", "",
             "# tag -> attributes it may carry besides class, id, style, lang, title and data-*",
             "ELEMENTS: dict[str, frozenset[str]] = {"]
    for tag in sorted(found):
        attrs = ", ".join(repr(a) for a in sorted(found[tag]))
        lines.append(f"    {tag!r}: frozenset({{{attrs}}})," if attrs else f"    {tag!r}: frozenset(),")
    lines.append("}")
    return "\n".join(lines) + "\n" + shipped_text()


def shipped_text() -> str:
    """What the templates themselves write (their scripts by digest, their style sheets'
    declarations and rules), with the digest of the template texts it was read from: the surface
    gate reads it instead of parsing those style sheets on every run."""
    import json

    from sourcebook.domain.gate.gates.pages.surface import _read_templates
    from sourcebook.domain.gate.prose_fixed import prose_digest, template_readings, template_texts, texts_digest

    texts = template_texts()
    got = _read_templates(texts)
    doc = json.dumps({"scripts": sorted(got.scripts), "decls": sorted(got.decls), "rules": sorted(got.rules)},
                     ensure_ascii=True, separators=(",", ":"))
    return (_chunked("\n# What the templates whose texts hash to SHIPPED_DIGEST write themselves (their scripts by "
                     "digest,\n# their style sheets' declarations and rules), as JSON: read instead of parsing the "
                     f"sheets again.\nSHIPPED_DIGEST = {texts_digest(texts)!r}\n", "SHIPPED_JSON", doc)
            + _chunked("\n# Each template's own text in each language (its words, its style sheets' content values, "
                       "its\n# legend), as the prose gate reads it, when the templates and labels hash to "
                       f"PROSE_DIGEST.\nPROSE_DIGEST = {prose_digest(texts)!r}\n", "PROSE_JSON",
                       json.dumps(template_readings(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)))


def _chunked(head: str, name: str, doc: str) -> str:
    chunks = [doc[i:i + 96] for i in range(0, len(doc), 96)]
    body = "\n".join(f"    {c!r}" for c in chunks)
    return f"{head}{name} = (\n{body}\n)\n"


def generate(built: str | None = None) -> str:
    """The module text, from the templates and the pages of a demo built now, or of ``built``
    (a demo already built, which the census renders into and changes)."""
    from demo_kit import EPOCH, build_demo

    if built is not None:
        return module_text(census(census_pages(built)))
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        with tempfile.TemporaryDirectory() as tmp:
            os.environ.setdefault("XDG_CACHE_HOME", os.path.join(tmp, "user-cache"))
            ws = os.path.join(tmp, "demo")
            os.makedirs(ws)
            build_demo(ws)
            return module_text(census(census_pages(ws)))
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


def main(argv: list[str]) -> int:
    return write_or_check(TARGET, generate(), argv, "the allow-list", "tests/gen_allowed.py")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
