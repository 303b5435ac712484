"""Gate ``report``: every sentence of ``build/report.md`` (when it exists) is cited, the author's
inference or framing, and its figures and dates stand, read as ``sb check-draft`` reads a
draft (``engines.render.draft_provenance``). A report is not a chat answer: ``[unverified]``
declares nothing here, so an invented sentence in the draft of a report cannot ship."""

from __future__ import annotations

import hashlib
import os
import re

from .....base.errors import Finding
from .....base.patterns import hot, lazy
from ...context import GateContext
from ...registry import GateResult, register
from .derived import REPORT_AS_RECORDED

WHERE = "build/report.md"


@register("report", 125)
def gate(ctx: GateContext) -> GateResult | None:
    path = ctx.ws.build_path("report.md")
    if ctx.in_memory or not os.path.isfile(path):
        return None
    with open(path, "rb") as fh:
        raw = fh.read()
    key = _key(ctx, raw)
    note = ctx.cache.page_fact("report", key) if key else None
    if isinstance(note, str):  # these exact bytes, against this ledger, were clean before
        return GateResult([], note)
    from .....engines.render import draft_check
    from .....engines.render.draft_provenance import assess, uncited_findings
    from ....artifacts.check_draft import REPORT_UNCITED_ADVICE
    from ....artifacts.report import load_numbers

    text = raw.decode("utf-8", errors="replace")
    by_num = {n: sid for sid, n in load_numbers(ctx.ws).items()}
    d = draft_check.read(text)
    # a report its draft record renders (the derived gate found it so) says what its record says:
    # its sentences are judged once, from the record, by the claims each one cites
    recorded = ctx.recall(REPORT_AS_RECORDED) == hashlib.sha256(raw).hexdigest()
    a = assess(d, _ledger(ctx, by_num), WHERE,
               unverified_ok=False, history=True, judge=not recorded)
    found = [Finding("E-CITE-UNKNOWN", f"{WHERE}:{line}", f"[{n}] is not a source number of this workspace; "
                                                          "run `sb render report` again")
             for n, line in d.cited.items() if n not in by_num]
    judged = _as_recorded(ctx, d) if recorded else None
    if recorded and judged is None:  # the record's sentences and the report's do not pair: judge both
        a = assess(d, _ledger(ctx, by_num), WHERE,
                   unverified_ok=False, history=True)
    found += a.findings + uncited_findings(a, WHERE, "E-REPORT-UNCITED", REPORT_UNCITED_ADVICE)
    refused = a.refused
    if judged is not None:
        found += judged.findings
        refused = judged.refused
    else:
        found += _by_claim(ctx, a.findings)
    found += _bare_sources(ctx) + _link_hosts(ctx, text)
    note = (f"{WHERE}: {a.sentences} sentence(s): {a.count('cited')} cited, {a.count('inferred')} inferred, "
            f"{a.count('framing')} framing, {len(a.uncited)} uncited, {refused} refused")
    if key and not found:
        ctx.cache.remember_page_fact("report", key, note)
    return GateResult(found, note)


_MD_LINK = hot(r"\[([^\]\n]*)\]\((https?://[^)\s]+)[^)]*\)|<(https?://[^>\s]+)>", re.I)
# a link that is no web address (relative, file:, mailto:): an image (![alt](assets/...)) is no link
_MD_LOCAL = hot(r"(?<!!)\[([^\]\n]*)\]\(\s*<?((?!https?://|#)[^)\s>]+)[^)]*\)", re.I)


def _link_hosts(ctx: GateContext, text: str) -> list[Finding]:
    """A web link in the report leads a reader to believe it is the source, as on a page: it
    leads to one of the workspace's sources, by its own address (a claim's recheck link is the
    claim-text gate's to judge, and says where it leads)."""
    from .html import address, source_addresses

    out = []
    for m in _MD_LINK.finditer(text):
        label, href = m.group(1) or "", m.group(2) or m.group(3)
        if label.startswith("recheck at "):
            continue
        if address(href) not in source_addresses(ctx):
            line = text.count("\n", 0, m.start()) + 1
            out.append(Finding("E-PAGE-LINK-HOST", f"{WHERE}:{line}",
                               f"a link to {address(href) or href[:60]}, which is the address of no source of this "
                               "workspace: a reader takes a link in the report for the source; link a source's own "
                               "address, or cut the link and cite the claim"))
    for m in _MD_LOCAL.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        out.append(Finding("E-PAGE-LINK-HOST", f"{WHERE}:{line}",
                           f"a link to {m.group(2)[:60]}, which is no web address: sb render writes only http(s) "
                           "links, and a reader takes a link in the report for the source; link a source's own "
                           "address, or cut the link and cite the claim"))
    return out


def _record(ctx: GateContext):
    """The report's draft record (what build/report.md was rendered from, and must match), or
    None: the derived gate reports a missing or damaged record."""
    import json

    from ....artifacts.report import ReportDraft

    try:
        with open(ctx.ws.build_path("report.draft.json"), encoding="utf-8") as fh:
            return ReportDraft.from_json(json.load(fh))
    except (OSError, ValueError):
        return None


def _bare_sources(ctx: GateContext) -> list[Finding]:
    """The report's draft (its record, which build/report.md must match) cites claims only."""
    from ....artifacts.report import DRAFT_RECORD, source_citations

    record = _record(ctx)
    if record is None:
        return []
    return [Finding(f.code, f"{DRAFT_RECORD} ({f.subject})", f.message + "; then `sb render report` again")
            for f in source_citations(record.draft, record.origin)]


def _by_claim(ctx: GateContext, shown: list[Finding]) -> list[Finding]:
    """The report's sentences judged against the claims their draft cites, not every claim of
    the sources their ``[n]`` numbers: a report's [3] stands for all of a source's claims, so
    "children ride free on routes W1, W2 and W3 [3]" reads as backed when another claim of that
    source names the routes, while its draft cites the children's claim alone. What the page
    reading already found is not said twice."""
    from .....engines.render import draft_check
    from .....engines.render.draft_provenance import assess
    from ....artifacts.report import DRAFT_RECORD

    record = _record(ctx)
    if record is None:
        return []
    by_num = {n: sid for sid, n in record.numbers.items()}
    a = assess(draft_check.read(record.draft), _ledger(ctx, by_num), DRAFT_RECORD,
               unverified_ok=False, history=True)
    said = {(f.code, f.message) for f in shown}
    return [f for f in a.findings if (f.code, f.message) not in said]


def _untagged(text: str) -> str:
    """A report sentence without the tags ``sb render report`` adds where it cites."""
    from .....engines.render.report import INFERENCE

    return " ".join(_TAGS.sub("", text.replace(INFERENCE, "")).split())


_TAGS = lazy(r" \((?:superseded|contested|as of [^)]*)\)")


def _as_recorded(ctx: GateContext, shown):
    """The report's sentences judged from its draft record by the claims each one cites, each
    finding named at the line of build/report.md that shows the sentence (``shown``: the report
    read); None when the record's sentences and the report's do not pair one for one."""
    from .....base.errors import Finding
    from .....engines.render import draft_check
    from .....engines.render.draft_provenance import assess
    from ....artifacts.report import DRAFT_RECORD

    record = _record(ctx)
    if record is None:
        return None
    drafted = draft_check.read(record.draft)
    # the report adds its own tags to a sentence's citations ("(as of 2026-11-01)", "(contested)")
    pairs = [(a.line, b.line) for a, b in zip(drafted.prose, shown.prose, strict=False)
             if _untagged(b.text) == _untagged(a.text)]
    heads = [(a.line, b.line) for a, b in zip(drafted.structure, shown.structure, strict=False) if a.text == b.text]
    if len(pairs) != len(drafted.prose) or len(pairs) != len(shown.prose) or len(heads) != len(drafted.structure):
        return None
    at = dict(pairs + heads)
    by_num = {n: sid for sid, n in record.numbers.items()}
    a = assess(drafted, _ledger(ctx, by_num),
               DRAFT_RECORD, unverified_ok=False, history=True)
    moved = []
    for f in a.findings:
        line = f.subject.rpartition(":")[2]
        if not (f.subject.startswith(DRAFT_RECORD + ":") and line.isdigit() and int(line) in at):
            return None
        moved.append(Finding(f.code, f"{WHERE}:{at[int(line)]}", f.message))
    a.findings = moved
    return a


def _ledger(ctx: GateContext, by_num: dict[int, str]):
    """What the report's sentences are judged against (``check_draft.draft_ledger``): the
    claims, the sources, their texts and records, as the page gate reads them."""
    from ....artifacts.check_draft import draft_ledger

    return draft_ledger(by_num, ctx.claims, ctx.sources.keys(), ctx.manifest.get("question"), _texts(ctx),
                        text_of=ctx.text, record_of=ctx.source)


def _texts(ctx: GateContext) -> tuple[str, ...]:
    """The sources' texts: where a code block's data lines in the report may come from."""
    return tuple(ctx.memo("report-source-texts", lambda c: [t for sid in sorted(c.sources) if (t := c.text(sid))]))


def _key(ctx: GateContext, raw: bytes) -> str | None:
    """What the verdict depends on: the report's bytes, the source numbers, and the ledger over
    every source's text and whole record, the decisions, the plan and the question
    (``world_key``). None when there is no cache to keep it in."""
    world = ctx.world_key()
    if world is None:
        return None
    try:
        with open(ctx.ws.report_numbers_path, "rb") as fh:
            numbers = fh.read()
    except OSError:
        numbers = b""
    h = hashlib.sha256(raw)
    for part in (world, hashlib.sha256(numbers).hexdigest()):
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:40]
