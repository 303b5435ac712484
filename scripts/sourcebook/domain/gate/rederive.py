"""Render again what sourcebook wrote, and name the first line that differs.

Shared by the ``derived`` gate (a workspace's ``build/``) and ``sb package --verify`` (a
package folder, whose ``ledger.json`` and ``PROVENANCE.json`` stand in for the workspace). Each
function takes the texts as they ship and the ledger to render from, and returns findings;
reading files and choosing the ledger is the caller's part.

A public package withholds some source titles and local paths from its records while its pages
still show them; its comparisons render such a source under a placeholder name and let that one
span of a line differ (``first_difference``'s wildcard); a title the package records is compared
as it is. Claim texts, quotes, numbers, marks and
dates are compared exactly everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.patterns import lazy
from ...base.record import TupleRecord
from ...engines.ledger.inject import CLOSE, OPEN

if TYPE_CHECKING:  # the renderers are loaded only when something is rendered (not on a cached run)
    from ..ledger.ledger_view import LedgerView
    from ..workspace.records import Claim, SourceRecord

MASK = "SBSOURCENAMEWITHHELD"  # survives HTML and Markdown escaping unchanged


class Names(TupleRecord):
    """How the derived files are named where they are checked (``build/...`` or a package's)."""

    report: str
    record: str
    transcript: str
    script: str
    tts_plan: str
    concat: str


WORKSPACE = Names("build/report.md", "build/report.draft.json", "build/podcast.md", "build/podcast.script.json",
                  "build/podcast.ttsplan.json", "build/audio/concat.txt")
PACKAGE = Names("report.md", "report.draft.json", "podcast.md", "podcast.script.json", "podcast.ttsplan.json",
                "audio/concat.txt")


class Ledgers(TupleRecord):
    """The ledger to render from: as is, or (a public package) with source names masked, one
    view for the HTML ledger (publisher and locator kept: they decide corroboration) and one
    for the Markdown files."""

    html: LedgerView
    md: LedgerView
    wildcard: str | None = None
    withheld: frozenset[str] = frozenset()  # the digests of the titles a public package withholds

    def shown_title(self, span: str) -> bool:
        """Whether ``span`` (what a page shows where a withheld title stands) is one of them."""
        import html as html_lib

        from .package.redact import title_digest

        return title_digest(html_lib.unescape(span)) in self.withheld

    @classmethod
    def exact(cls, view: LedgerView) -> Ledgers:
        return cls(view, view)

    @classmethod
    def masked(cls, claims: list[Claim], sources: Mapping[str, Mapping], plan: dict | None) -> Ledgers:
        from ...engines.ledger.origin import origin_of
        from ...engines.ledger.quote_view import public_address
        from ..ledger.ledger_view import view_of

        # a title the package records is compared as it is; only a withheld one (a file name)
        # stands for what the page shows there, which must have the recorded digest; an
        # edition's display name goes with it
        def shown(src: Mapping) -> dict:
            return dict(src, title=MASK) if not src.get("title") and src.get("title_sha256") else dict(src)

        html = {sid: {k: v for k, v in shown(src).items() if k not in ("_edition", "title_sha256")}
                for sid, src in sources.items()}
        withheld = frozenset(str(src["title_sha256"]) for src in sources.values() if src.get("title_sha256"))
        md: dict[str, dict] = {}
        for sid, src in sources.items():
            # a public address, licence and pages are public (links, the budget, "p. 7"); names are not
            md[sid] = {"id": sid, "tier": src.get("tier"), "title": MASK, "locator": MASK, "canonical_locator": MASK,
                       **{k: src[k] for k in ("license", "_pages", "media_type", "_link", "retrieved_at", "attestation",
                                              "published", "published_at")
                          if src.get(k)}}
            origin = origin_of(src)  # where the text came from is public: every ledger says it
            if origin:
                md[sid]["origin"] = origin
            address = public_address(src)
            if address:
                md[sid]["url"] = address
        return cls(view_of(claims, cast("dict[str, SourceRecord]", html), plan),
                   view_of(claims, cast("dict[str, SourceRecord]", md), plan), MASK, withheld)


def drift(rel: str, shipped: str, expected: str, fix: str, *, first_line: int = 1, what: str = "",
          wildcard: str | None = None, accept=None) -> Finding | None:
    """One finding for the first line where ``shipped`` differs from ``expected`` (None: they
    agree). ``first_line`` is the file line the texts start on; ``accept`` judges what a line
    shows where ``wildcard`` stands once in it."""
    from ...engines.diff.linediff import first_difference

    d = first_difference(shipped, expected, wildcard, accept)
    if d is None:
        return None
    line = first_line + d.line - 1
    return Finding("E-DERIVED-DRIFT", f"{rel}:{line}",
                   f"{what or 'the file'} differs from what sourcebook writes: line {line} ships "
                   f"\"{d.shipped}\" where sourcebook writes \"{d.expected}\"; {fix}")


# ---- a page's injected ledger --------------------------------------------------------------

def ledger_region(html: str) -> tuple[str, int] | None:
    """The text between the ledger markers (found as ``sb inject`` finds them) and the page
    line it starts on; None without a marker pair."""
    a = html.find(OPEN)
    if a < 0:
        return None
    start = a + len(OPEN)
    b = html.find(CLOSE, start)
    if b < 0:
        return None
    return html[start:b], html.count("\n", 0, start) + 1


def injected(ledger: str) -> str:
    """What ``sb inject`` puts between the markers for a rendered ledger."""
    return "\n" + ledger.rstrip("\n") + "\n"


_ENTRY = lazy(r'<li class="(?:ledger-entry|history-entry|withdrawn-entry)" id="[chw]-([^"<>]+)"')
_WHOLE, _CITED = '<ol class="ledger">', '<ol class="ledger" data-scope="cited">'


def fragment_ids(html: str) -> set[str]:
    """The claim ids a ledger fragment shows."""
    return set(_ENTRY.findall(html))


def as_whole(fragment: str) -> str:
    """A fragment rendered for some entries, headed as the whole ledger's fragment is."""
    return fragment.replace(_CITED, _WHOLE, 1)


def ledger_findings(rel: str, html: str, ledgers: Ledgers, only: set[str] | None, fix: str) -> list[Finding]:
    """The page's injected ledger against the ledger rendered now, entry by entry.

    Every entry the page shows must be what sourcebook writes for that claim now (text, marks,
    number, sources, quotes, and the order of the entries), and every claim the page cites must
    have its entry. A claim recorded after the page was made, which the page neither shows nor
    cites, leaves the page as it was: a later inference does not make every page stale.
    ``only``: the entries of a page whose ledger lists just what it cites (``data-scope``)."""
    from ...engines.ledger import ledger_html

    region = ledger_region(html)
    if region is None:
        return []
    view = ledgers.html
    numbers = None
    prose = None
    from .route import RENDER, route_of

    if route_of(html) == RENDER:  # a rendered page is numbered in its reading order, its ledger too
        from ...engines.ledger.ledger_model import reading_ordinals
        from ...engines.ledger.numbering import sup_order
        from ...engines.page.view import body_text

        numbers = reading_ordinals(sup_order(html), view.claims, view.plan)
        prose = body_text(html)  # ... and its ledger counts the quotes its prose shows first

    def expected_for(ids: set[str] | None) -> str:
        return injected(ledger_html.render(view.claims, view.sources, view.plan, ids, numbers=numbers, prose=prose))

    def diff(expected: str) -> Finding | None:
        return drift(rel, region[0], expected, fix, first_line=region[1], what="the injected ledger",
                     wildcard=ledgers.wildcard, accept=ledgers.shown_title if ledgers.wildcard else None)

    whole = diff(expected_for(only))
    if whole is None:
        return []
    if only is not None:
        return [whole]
    # a whole ledger injected before later claims were recorded: the entries it shows, each as
    # sourcebook writes it now, in the whole ledger's order and numbering
    shown = set(_ENTRY.findall(region[0]))
    known = {str(c.get("id")) for c in view.claims}
    if not shown or not shown <= known:
        return [whole]
    d = diff(expected_for(shown).replace(_CITED, _WHOLE, 1))
    if d is not None:
        return [d]
    from ...engines.page.view import read_page

    page = read_page(html)
    cited = {x for b in page.blocks for x in b.ids} | {x for x, _ in page.sup_refs} | set(page.links)
    missing = sorted(x for x in cited & known if x not in shown)
    return [Finding("E-DERIVED-DRIFT", f"{rel}:{region[1]}",
                    f"the injected ledger has no entry for {x}, which the page cites (recorded after the "
                    f"ledger was injected?); {fix}") for x in missing]


# ---- the report ----------------------------------------------------------------------------

def report_findings(names: Names, shipped: str, record_text: str | None, ledgers: Ledgers, fix: str,
                    numbers: Mapping[str, int] | None = None) -> list[Finding]:
    """The report against the one its draft record renders now. ``numbers``: the workspace's
    source numbering, which the record's numbers must agree with."""
    from ..artifacts.report import ReportDraft, rederive_report

    record = None
    if record_text is not None:
        try:
            record = ReportDraft.from_json(jsonio.loads(record_text, names.record))
        except SbError:
            record = None
    if record is None:
        return [Finding("E-DERIVED-UNKNOWN", names.report, f"no usable record of the draft it was rendered from "
                                                           f"({names.record} is missing or damaged), so it cannot "
                                                           f"be checked; {fix}")]
    if numbers is not None:
        for sid, n in sorted(record.numbers.items()):
            if numbers.get(sid) != n:
                return [Finding("E-DERIVED-DRIFT", names.record, f"the report numbers {sid} [{n}] but "
                                                                 f"ledger/report_numbers.json gives it "
                                                                 f"{numbers.get(sid, 'no number')}; {fix}")]
    expected, why = rederive_report(ledgers.md, record)
    if expected is None:
        return [Finding("E-DERIVED-DRIFT", names.report, f"cannot be written again from its draft now ({why}); "
                                                         f"{fix}")]
    d = drift(names.report, shipped, expected, fix, wildcard=ledgers.wildcard)
    return [d] if d else []


# ---- the podcast ---------------------------------------------------------------------------

def read_script(text: str | None, subject: str) -> tuple[dict | None, str]:
    """The podcast script if it validates, else (None, why not)."""
    from ..artifacts.podcast import parse_script

    if text is None:
        return None, "there is none"
    try:
        script, problems = parse_script(jsonio.loads(text, subject), subject)
    except SbError as exc:
        return None, f"{exc.code} {exc.subject}: {exc.message}"
    if script is None:
        first = problems[0] if problems else Finding("E-SCHEMA", subject, "not a podcast script")
        return None, f"{first.code} {first.subject}: {first.message}"
    return script, ""


def podcast_findings(names: Names, shipped: Mapping[str, str | None], script_text: str | None, ledgers: Ledgers,
                     fixes: Mapping[str, str]) -> list[Finding]:
    """The transcript, TTS plan and concat list (those that ship, by name in ``shipped``)
    against what the script renders now."""
    from ...engines.render.podcast import concat_manifest, tts_plan
    from ..artifacts.podcast import transcript_of

    present = {rel: text for rel, text in shipped.items() if text is not None}
    if not present:
        return []
    script, why = read_script(script_text, names.script)
    if script is None:
        return [Finding("E-DERIVED-UNKNOWN", rel, f"cannot be checked: its script {names.script} is missing or "
                                                  f"does not validate ({why}); {fixes['script']}")
                for rel in present]
    out: list[Finding] = []
    if names.transcript in present:
        d = drift(names.transcript, present[names.transcript], transcript_of(ledgers.md, script),
                  fixes["transcript"], wildcard=ledgers.wildcard)
        out += [d] if d else []
    voices: dict = {}
    if names.tts_plan in present:
        try:
            stored = jsonio.loads(present[names.tts_plan], names.tts_plan)
        except SbError:
            stored = None
        given = stored.get("voices") if isinstance(stored, dict) else None
        voices = {k: v for k, v in given.items() if isinstance(v, dict)} if isinstance(given, dict) else {}
    plan = tts_plan(script, voices)  # the voices a plan was made with are kept in it
    if names.tts_plan in present:
        d = drift(names.tts_plan, present[names.tts_plan], jsonio.dumps(plan), fixes["tts_plan"])
        out += [d] if d else []
    if names.concat in present:
        d = drift(names.concat, present[names.concat], concat_manifest(plan), fixes["tts_plan"])
        out += [d] if d else []
    return out
