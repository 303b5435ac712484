"""sb extract."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Turn each source's raw capture into its canonical text, sources/<id>/normalized.md, written
once and never edited (its SHA-256 is recorded). Ready sources are only checked for drift.

  sb extract                      extract every pending source
  sb extract --upgrade            move sources at an older canonical text version to the current
                                  one, carrying every claim's citations over to the new text
  sb extract --force              re-extract every ready source (upgrading it too)
  sb extract --adopt SRC FILE     take the text you wrote for a source sb could not read
                                  (a scanned PDF, a page behind a script): recorded as tool agent

Canonical text v2: Markdown, reStructuredText, AsciiDoc and plain text (RFCs, Project
Gutenberg) become reflowed Markdown, one line per paragraph, with headings, rendered roles
("PEP 649", "RFC 9110") and code blocks; HTML keeps the main content only (link URLs go to
links.json beside it); PDF text comes from pypdf when installed, without running headers,
footers and page numbers (pages in pages.json). A source extracted by an older sb keeps its
text (v1) until --upgrade or --force, and one extracted by an older version of its extractor
(sb.text 1 kept a Markdown hard break's backslash: "Lohuizen\\ August") until --force; verify
and recheck re-read it by the rules that made it. When its text changes, each citation is found again by
its words and its span rewritten; one that cannot be is listed (E-UPGRADE-CARRY) and, without
--force, the source keeps its old text. Exit 2 when any source drifted, a citation could not be
carried over, or nothing is ready.

Only new and pending sources are extracted; a ready source is checked for drift, and one
unchanged since the last check (same record and text file) is not read again. A batch of 48 or
more sources is read and normalised on every core (--jobs N to choose), and written in order by
this process: the workspace ends the same as with --jobs 1. With more than ten sources the
output is a summary (first problems, counts, the next command); --verbose prints a line per
source."""


def configure(p) -> None:
    p.add_argument("--force", action="store_true", help="re-extract ready sources as well")
    p.add_argument("--upgrade", action="store_true",
                   help="re-extract sources at an older canonical text version, carrying citations over")
    p.add_argument("--adopt", nargs=2, metavar=("SRC", "FILE"), help="adopt agent-written text for SRC")
    p.add_argument("--json", action="store_true", help="print per-source results as JSON")
    p.add_argument("--verbose", action="store_true", help="a line for every source, however many")
    p.add_argument("--jobs", type=int, metavar="N",
                   help="processes that read and normalise a batch of sources (on Linux; default: the cores, "
                        "at most 8; 1: this process only); the results are the same either way")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...base.jsonio import read_text
    from ...base.record import as_dict
    from ...base.versions import NORMALIZER
    from ...domain.sources import ingest
    from ..listing import bounded, small

    if args.jobs is not None and args.jobs < 1:
        raise SbError("E-USAGE", "sb extract", f"--jobs takes a number of processes, 1 or more (got {args.jobs})")
    ws = ctx.workspace()
    with ws.lock():
        if args.adopt:
            sid, path = args.adopt
            text = read_text(ctx.path(path), path)
            lines = [ingest.adopt(ws, sid, text, path)]
        else:
            from ..progress import Progress

            carrier = None
            if args.force or args.upgrade:
                from ...domain.ledger.evidence_carry import EvidenceCarrier

                carrier = EvidenceCarrier(ws, NORMALIZER)
            learnt: list[str] = []
            with Progress(ctx.stderr, "extracting") as progress:
                lines = ingest.extract_all(ws, force=args.force, upgrade=args.upgrade, carry=carrier,
                                           progress=progress, jobs_wanted=args.jobs, learnt=learnt)
            # what each extraction gave, so verify's first run need not make it again
            # and the records it wrote that the schemas gate passes (``store.record_fact``)
            from ...domain.gate.verify_cache import VerifyCache
            from ...domain.sources.store import take_written

            VerifyCache.learn_clean(ws, learnt + take_written(ws.root))
            if carrier is not None:
                carrier.commit()
        ready = [ln for ln in lines if ln.status in ("ready", "kept")]
        problems = [ln for ln in lines if ln.code]
        if ready and not problems:
            ws.record("EXTRACT", f"extracted {len(ready)} source(s)")
    if args.json:
        ctx.emit_json([as_dict(ln) for ln in lines])
    elif small(len(lines), args.verbose):
        for ln in lines:
            text = _text(ln)
            if text:
                ctx.out(text)
    else:
        listed = [ln for ln in lines if ln.status in ("needs-extraction", "pending")]
        listed += [ln for ln in lines if ln.status in ("ready", "kept") and not ln.checked]
        bounded(ctx.out, [t for t in map(_text, listed) if t], False, "source(s)")
        counts = {"extracted": sum(1 for ln in lines if ln.status == "ready" and not ln.checked),
                  "unchanged": sum(1 for ln in lines if ln.status == "ready" and ln.checked),
                  "need text": sum(1 for ln in lines if ln.status == "needs-extraction"),
                  "pending": sum(1 for ln in lines if ln.status == "pending"),
                  "with problems": len(problems)}
        ctx.out(f"{len(lines):,} source(s): " + ", ".join(f"{n:,} {k}" for k, n in counts.items()))
    older = sum(1 for ln in lines if ln.status == "ready" and ln.version < NORMALIZER)
    if older and not args.json:
        ctx.out(f"note     {older} source(s) keep canonical text v1; `sb extract --upgrade` moves them to "
                f"v{NORMALIZER} (reflowed, markup rendered) and carries their citations over")
    errs = []
    for ln in problems:
        errs += [f"{f['code']}  {f['subject']}  {f['message']}" for f in ln.findings]
        errs.append(f"{ln.code}  {ln.source_id}  {ln.note}")
    bounded(ctx.err, errs, args.verbose or args.json, "problem(s)")
    bounded(ctx.err, [f"{code}  {ln.source_id}  {msg}" for ln in lines for code, msg in ln.warnings],
            args.verbose or args.json or small(len(lines), False), "warning(s)")
    if problems:
        return Exit.PROBLEMS
    if not ready:
        raise SbError("E-EXTRACT", ".", "no source is ready: add sources, save pending captures, "
                      "or adopt text with sb extract --adopt SRC FILE", exit_code=2)
    if not args.json:
        waiting = [ln for ln in lines if ln.status in ("pending", "needs-extraction")]
        ctx.out("next: sb chunk" if not waiting else
                f"next: sb chunk  ({len(waiting)} source(s) still wait for text: see `sb status`)")
    return Exit.OK


def _text(ln) -> str:
    """A source's line ("" for one with nothing to say)."""
    if ln.status == "ready":
        was = f"  (was {ln.renamed_from})" if ln.renamed_from and ln.renamed_from != ln.source_id else ""
        if ln.upgraded_from:
            was += f"  (canonical text v{ln.upgraded_from} -> v{ln.version}; {ln.carried} citation(s) carried over)"
        return f"ready    {ln.source_id}  {ln.chars} chars  via {ln.tool}{was}"
    if ln.status == "kept" and not ln.code:
        return f"kept     {ln.source_id}  {ln.note}"
    if ln.status == "needs-extraction":
        return f"needs-extraction  {ln.source_id}  {ln.note}"
    if ln.status == "pending":
        return f"pending  {ln.source_id}  {ln.note}"
    return ""
