"""sb status."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Show where the workspace stands and the one next command. The state is derived from the
files on disk each time (sources, chunks, index freshness, plan, claims, clusters, builds),
so it cannot drift from reality. Notes name what needs a person: damaged source records
(E-SCHEMA), PDFs waiting for pypdf (with the command that installs it for the Python that runs
sb), a stale index, volatile claims due for a recheck. A damaged sourcebook.json is reported
(E-SCHEMA) and never rewritten."""


def configure(p) -> None:
    p.add_argument("--json", action="store_true", help="print the status as JSON")


def run(args, ctx) -> int:
    from ...domain.gate.state import derive

    st = derive(ctx.workspace())
    if args.json:
        d = st.to_json()
        d.pop("notes", None)
        d["notes"] = st.notes
        ctx.emit_json(d)
        return Exit.OK
    stored = f"   (stored: {st.stored_state})" if st.stored_state and st.stored_state != st.state else ""
    ctx.out(f"{'state':<11}{st.state}{stored}")
    if st.question:
        ctx.out(f"{'question':<11}{st.question}")
    ctx.out(f"{'sources':<11}{st.sources_ready}/{st.sources} ready")
    if st.artifact_type:
        ctx.out(f"{'artifact':<11}{st.artifact_type}")
    if st.revise_count:
        ctx.out(f"{'revisions':<11}{st.revise_count}/3")
    for b in st.blockers:
        ctx.out(f"{'blocker':<11}{b}")
    for n in st.notes:
        ctx.out(f"{'note':<11}{n}")
    ctx.out(f"{'next':<11}{st.next}")
    return Exit.OK
