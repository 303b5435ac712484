"""Gate ``derived``: what sourcebook writes itself is what it would write now, byte for byte.

A quote edited inside a page's injected ledger, a line changed in ``build/report.md`` or in the
podcast transcript after rendering would otherwise ship under sourcebook's name. So the gate
renders each of them again from the workspace and compares:

- the injected ledger of every shipping page (the whole ledger, or for a page whose ledger is
  ``data-scope="cited"`` the entries it lists), exactly as ``sb ledger --html`` and ``sb inject``
  or ``sb render`` put it between the markers;
- the page's build line: the ``SB:DATE`` and ``SB:SOURCES`` slots hold the template's words or
  what ``sb render`` writes (a real date not after today; the number of ready sources), and the
  ``SB:REVIEWED`` slot says what the review record says now ("Reviewed by a person: all N
  sentences marked ok on DATE." only while every sentence of the page has a current ``ok``);
- every chart on a page (the explainer's ``SB:VISUAL`` region, the infographic's bar chart): the
  bar chart ``sb render`` draws from the claims the page's blocks cite, in their order, with the
  same rows, bar widths and value labels (a template's empty chart frame passes);
- ``build/report.md`` from the draft record ``sb render report`` keeps beside it;
- ``build/podcast.md``, ``build/podcast.ttsplan.json`` and ``build/audio/concat.txt`` from the
  script ``build/podcast.script.json``.

The first difference is one ``E-DERIVED-DRIFT`` per file, naming the line and both versions; a
derived file whose inputs are gone is ``E-DERIVED-UNKNOWN``. The comparisons themselves live in
``gate/rederive`` (``sb package --verify`` makes them too). A check that passed is remembered by
a key over every input (the files' bytes, the claims, the plan, the review record, the source
records' identities, today's date), so a repeat run renders nothing again unless something changed.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from typing import TYPE_CHECKING, cast

from .....base import jsonio
from .....base.clock import today_iso
from .....base.errors import Finding, SbError
from .....base.patterns import hot
from .....engines.render.page import close_mark, open_mark, slot_content
from ...context import GateContext, Page
from ...rederive import WORKSPACE, Ledgers, ledger_findings, podcast_findings, report_findings
from ...registry import GateResult, register
from ...verify_cache import settled

if TYPE_CHECKING:
    from ....workspace.records import Claim

N = WORKSPACE
PODCAST_FIXES = {"transcript": "run `sb render podcast` again; never edit the transcript by hand",
                 "tts_plan": "run `sb tts-plan` again (with the same --voices file); never edit it by hand",
                 "script": "fix the script and run `sb render podcast` (and `sb tts-plan`) again"}
REPORT_FIX = "render it again with `sb render report --from DRAFT`; never edit build/report.md by hand"


# ---- the build line of a page ----------------------------------------------------------------

@cache
def _placeholders() -> dict[str, frozenset[str]]:
    """The words the shipped templates hold in the build line's slots before ``sb render``."""
    from ....artifacts.templates import TYPES, template_path

    out: dict[str, set[str]] = {"DATE": set(), "SOURCES": set()}
    for kind in TYPES:
        try:
            text = jsonio.read_text(template_path(kind), f"{kind}.html")
        except SbError:
            continue
        for slot, seen in out.items():
            got = slot_content(text, slot)
            if got is not None:
                seen.add(got)
    return {k: frozenset(v) for k, v in out.items()}


def _build_line(ctx: GateContext, page: Page, html: str) -> list[Finding]:
    out = []
    fix = "re-render the page, or put back the template's words (`sb template` writes them)"
    date = slot_content(html, "DATE")
    if date is not None and date not in _placeholders()["DATE"]:
        day = date[len('on <time datetime="'):][:10]
        if not (date == f'on <time datetime="{day}">{day}</time>' and _is_date(day) and day <= today_iso()):
            out.append(Finding("E-DERIVED-DRIFT", page.rel, f"the build line's date \"{_short(date)}\" is not what "
                                                            f"sourcebook writes (on <time datetime=\"YYYY-MM-DD\">"
                                                            f"YYYY-MM-DD</time>, a real day not after today); {fix}"))
    count = slot_content(html, "SOURCES")
    if count is not None and count not in _placeholders()["SOURCES"]:
        from .....engines.ledger.editions import footer_counts
        from .....engines.render.page import sources_text

        records = cast("dict[str, dict]", {k: v for k, v in ctx.sources.items() if v})
        ready_ids = [sid for sid, s in records.items() if s.get("status") == "ready"]
        cited, ready, editions = footer_counts(_cited_sources(ctx, page), ready_ids, records)
        want = sources_text(cited, ready, editions)
        if count not in (want, str(ready)):  # a bare count: a page rendered before the footer said both
            out.append(Finding("E-DERIVED-DRIFT", page.rel, f"the build line says \"{_short(count)}\"; the page "
                                                            f"cites {cited} of the workspace's {ready} ready "
                                                            f"source(s) (editions of one document count once): "
                                                            f"re-render the page, or write \"{want}\" "
                                                            "there (or the template's words)"))
    reviewed = slot_content(html, "REVIEWED")
    if reviewed is not None:
        from ....review.status import page_footer

        try:
            want = page_footer(ctx.ws, page.rel, html)
        except SbError as exc:
            return out + [Finding(exc.code, exc.subject, exc.message)]
        if reviewed != want:
            out.append(Finding("E-DERIVED-DRIFT", page.rel, f"the footer says \"{_short(reviewed)}\"; the review "
                                                            f"record says \"{want}\" (a person's current ok marks "
                                                            "on every sentence, `sb review`): re-render the page, "
                                                            f"or write \"{want}\" there"))
    return out


def _cited_sources(ctx: GateContext, page: Page) -> set[str]:
    """The sources behind the claims the page's injected ledger numbers."""
    from ...context import evidence

    out: set[str] = set()
    for x in ctx.page_view(page).entries:
        c = ctx.claims_by_id.get(x)
        if c is None or c.get("status", "active") != "active" or c.get("confidence") == "inferred":
            continue
        out.update(str(ev.get("source_id")) for ev in evidence(c) if ctx.source(ev.get("source_id")))
    return out


def _is_date(s: str) -> bool:
    import datetime

    try:
        datetime.date.fromisoformat(s)
    except ValueError:
        return False
    return len(s) == 10


def _short(s: str, n: int = 60) -> str:
    s = "".join(ch if ch.isprintable() else "?" for ch in s)
    return s if len(s) <= n else s[: n - 1] + "…"


def _doubled_marks(page: Page, html: str) -> list[Finding]:
    """sourcebook writes each of its regions once; a second pair would be read as the page's own
    text by some and as sourcebook's by others."""
    out = []
    for name in ("LEDGER", "DATE", "SOURCES", "REVIEWED"):
        n = max(html.count(open_mark(name)), html.count(close_mark(name)))
        if n > 1:
            out.append(Finding("E-DERIVED-DRIFT", page.rel, f"{n} <!-- SB:{name} --> marker pairs; sourcebook writes "
                                                            "one: remove the others and re-render or re-inject"))
    return out


_SVG = hot(r"<svg\b.*?</svg>", re.S | re.I)
_TITLE = hot(r"<title\b[^>]*>(.*?)</title>", re.S | re.I)
_CLAIMS = hot(r"""\sdata-claim\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)


@cache
def _template_svgs() -> frozenset[str]:
    """The charts the shipped templates hold before ``sb render`` draws one."""
    from ....artifacts.templates import TYPES, template_path

    out: set[str] = set()
    for kind in TYPES:
        try:
            out.update(m.group(0) for m in _SVG.finditer(jsonio.read_text(template_path(kind), f"{kind}.html")))
        except SbError:
            continue
    return frozenset(out)


def _charts(ctx: GateContext, page: Page, html: str) -> list[Finding]:
    """Every chart on the page is the one ``sb render`` draws from the claims the page's blocks
    cite: the same rows in the same order, bar widths and value labels (its title as the page
    gives it)."""
    import html as htmllib

    from .....engines.render.chart import page_chart

    charts = [m for m in _SVG.finditer(html) if m.group(0) not in _template_svgs()]
    if not charts:
        return []
    rest = _SVG.sub("", html)
    order = [x for m in _CLAIMS.finditer(rest) for x in htmllib.unescape(next(g for g in m.groups()
                                                                               if g is not None)).split()]
    out = []
    for m in charts:
        got = m.group(0)
        title = _TITLE.search(got)
        want = page_chart(order, ctx.claims_by_id, htmllib.unescape(title.group(1)) if title else "")
        if got == want:
            continue
        line = html.count("\n", 0, m.start()) + 1
        if not want:
            out.append(Finding("E-DERIVED-DRIFT", f"{page.rel}:{line}", "a chart sourcebook would not draw here (it "
                                                                       "draws one from two or more cited number "
                                                                       "claims that share a unit); re-render the "
                                                                       "page, never draw or edit a chart by hand"))
            continue
        a, b = got.splitlines(), want.splitlines()
        k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        shown = _short(a[k]) if k < len(a) else "(nothing)"
        wanted = _short(b[k]) if k < len(b) else "(nothing)"
        out.append(Finding("E-DERIVED-DRIFT", f"{page.rel}:{line + k}", f"the chart is not the one sourcebook draws "
                                                                        f"from the claims this page cites: \"{shown}\" "
                                                                        f"where it draws \"{wanted}\"; re-render the "
                                                                        "page, never edit a chart by hand"))
    return out


def page_findings(ctx: GateContext, page: Page) -> list[Finding]:
    html = ctx.page_html(page)
    found = _doubled_marks(page, html) + _build_line(ctx, page, html) + _charts(ctx, page, html)
    pv = ctx.page_view(page)
    if not pv.has_region or not pv.has_ledger:
        return found  # no injected ledger: the html gate says E-LEDGER-MISSING
    fix = (f"re-render the page (`sb render`), or run `sb ledger --html --out build/ledger.html` and "
           f"`sb inject {page.rel} --ledger build/ledger.html`; never edit the ledger by hand")
    return found + ledger_findings(page.rel, html, ledgers(ctx), set(pv.entries) if pv.subset else None, fix)


# ---- the report and the podcast ------------------------------------------------------------

def _read(ctx: GateContext, rel: str) -> bytes | None:
    try:
        with open(ctx.ws.path(*rel.split("/")), "rb") as fh:
            return fh.read()
    except OSError:
        return None


def _text(data: bytes | None) -> str | None:
    return None if data is None else data.decode("utf-8", errors="replace")


REPORT_AS_RECORDED = "report-as-recorded"  # memo: the digest of a build/report.md its record renders


def files_findings(ctx: GateContext, files: dict[str, bytes | None]) -> list[Finding]:
    """The report and the podcast files, each against what sourcebook renders now."""
    out: list[Finding] = []
    if files[N.report] is not None:
        from ....artifacts.report import load_numbers

        try:
            numbers = load_numbers(ctx.ws)
        except SbError as exc:
            out.append(Finding(exc.code, exc.subject, exc.message))
        else:
            found = report_findings(N, _text(files[N.report]) or "", _text(files[N.record]), ledgers(ctx),
                                    REPORT_FIX, numbers)
            if not found:  # the report is what its draft record renders: the report gate reads the record
                raw = files[N.report] or b""
                ctx.memo(REPORT_AS_RECORDED, lambda _: hashlib.sha256(raw).hexdigest())
            out += found
    shipped = {rel: _text(files[rel]) for rel in (N.transcript, N.tts_plan, N.concat)}
    return out + podcast_findings(N, shipped, _text(files[N.script]), ledgers(ctx), PODCAST_FIXES)


# ---- the gate ------------------------------------------------------------------------------

def _inputs(ctx: GateContext) -> bytes | None:
    """The digest of what every derived file is rendered from: the claims, the plan, each
    source record's identity, today's date. None (nothing remembered) when a source record
    changed too recently for its identity to count."""
    sigs = sorted(ctx.source_sigs.items())
    if not ctx.cache.enabled or not all(settled(sig, ctx.cache.now_ns) for _, sig in sigs):
        return None
    h = hashlib.sha256()
    for part in ("derived", ctx.doc_shas.get("ledger/claims.json", "-"), ctx.doc_shas.get("plan.json", "-"),
                 ctx.doc_shas.get("ledger/adjudications.json", "-"),  # a History entry shows a decision's reason
                 _review_sha(ctx),  # the footer says whether a person reviewed the page
                 today_iso(), repr(sigs)):
        h.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return h.digest()


def _review_sha(ctx: GateContext) -> str:
    data = _read(ctx, "ledger/review.json")
    return "-" if data is None else hashlib.sha256(data).hexdigest()


def _key(ctx: GateContext, *parts: bytes | str | None) -> str | None:
    """The key of "these derived files were what sourcebook writes": the inputs above and the
    files' own bytes."""
    common = ctx.memo("derived-inputs", _inputs)
    if common is None:
        return None
    h = hashlib.sha256(common)
    for part in parts:
        data = b"\1" if part is None else part if isinstance(part, bytes) else part.encode("utf-8", "surrogatepass")
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()[:40]


def _unreadable_ledger(ctx: GateContext) -> bool:
    """The ledger or plan could not be read whole: the schemas gate says so, and anything
    rendered from what remains would differ for that reason alone."""
    return bool(ctx.claim_schema) or any(f.subject.startswith(("ledger/claims.json", "plan.json"))
                                         for f in ctx.problems)


def ledgers(ctx: GateContext) -> Ledgers:
    """The ledger as sb renders it: sources with their pages, set-aside claims with the reason
    their History entry shows (the same enrichment ``ledger_view`` gives a render)."""
    from ....ledger.adjudications import attach_reasons
    from ....ledger.ledger_view import view_of
    from ....sources.store import for_display

    return ctx.memo("derived-ledgers", lambda c: Ledgers.exact(view_of(
        cast("list[Claim]", attach_reasons(list(c.valid_claims), list(c.adjudications))),
        for_display(c.ws, {k: v for k, v in c.sources.items() if v}), c.plan)))


def _checked(ctx: GateContext, key: str | None, check) -> list[Finding]:
    """``check()``, skipped when an earlier run found the same inputs clean."""
    if key and ctx.cache.clean(key):
        return []
    found = check()
    if key and not found:
        ctx.cache.remember_clean(key)
    return found


@register("derived", 95)
def gate(ctx: GateContext) -> GateResult | None:
    pages = [p for p in ctx.pages if p.exists]
    files = {rel: None if ctx.in_memory else _read(ctx, rel) for rel in (N.report, N.transcript, N.tts_plan, N.concat)}
    shipped = [rel for rel, data in files.items() if data is not None]
    if not pages and not shipped:
        return None
    if _unreadable_ledger(ctx):
        return GateResult([], "not compared: the ledger or the plan does not read whole (see schemas)")
    findings: list[Finding] = []
    for page in pages:
        findings += _checked(ctx, _key(ctx, "page", ctx.page_sha(page)), lambda page=page: page_findings(ctx, page))
    if shipped:
        files.update({rel: _read(ctx, rel) for rel in (N.record, N.script)})
        numbers = _read(ctx, "ledger/report_numbers.json")
        key = _key(ctx, "files", *(files[rel] for rel in sorted(files)), numbers)
        findings += _checked(ctx, key, lambda: files_findings(ctx, files))
    what = [f"{len(pages)} page ledger(s)"] if pages else []
    what += [rel.rsplit("/", 1)[-1] for rel in shipped]
    return GateResult(findings, "re-derived " + ", ".join(what) + (" match" if not findings else ""))
