"""sb contradictions."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
List clusters of active claims that may disagree (same topic_key, and a detector fires:
numeric gap over 5%, different ISO dates, negation in one text only, an explicit
`contradicts` link, or volatile claims dated more than 180 days apart).

  sb contradictions            one row per cluster: id, topic, detectors, claims, status
  sb contradictions --json     the clusters as JSON (cluster_id and topic_key for sb adjudicate)
  sb contradictions --strict   exit 2 with E-CLUSTER-OPEN while any cluster is OPEN

A cluster is OPEN until a decision names every claim in it; a claim that joins later reopens
it. Detection over-reports on purpose; deciding is the agent's job (`sb adjudicate`)."""


def configure(p) -> None:
    from ..parser import add_json

    add_json(p, "the clusters")
    p.add_argument("--strict", action="store_true", help="exit 2 while any cluster is OPEN")


def run(args, ctx) -> int:
    from ...domain.ledger.contradictions import clusters_for, open_findings

    clusters = clusters_for(ctx.workspace())
    if args.json:
        ctx.emit_json(clusters)
    elif not clusters:
        ctx.out("no contradiction candidates")
    else:
        for c in clusters:
            row = f"{c['cluster_id']}  {c['topic_key']}  {'+'.join(c['detectors'])}  {' vs '.join(c['claim_ids'])}   {c['status']}"
            if c["outcome"]:
                row += f" {c['outcome']}"
            if c["unadjudicated_claim_ids"]:
                row += f" (new since the adjudication: {', '.join(c['unadjudicated_claim_ids'])})"
            ctx.out(row)
        if any(c["status"] == "OPEN" for c in clusters):
            ctx.out("")
            ctx.out("OPEN clusters need a written decision naming every claim in them:")
            ctx.out("  sb contradictions --json   (copy cluster_id, topic_key and claim_ids)")
            ctx.out("  sb adjudicate --file decision.json --apply   (supersede, both_stand, scope_split or retract)")
            across = [c for c in clusters if c["status"] == "OPEN" and "cross-topic" in c["detectors"]]
            if across:  # a decision names one topic: the two claims go under one key first
                ctx.out("a cross-topic cluster is decided under one topic key: first file both claims under it")
                for c in across:
                    (a, ta), (b, _tb) = sorted(c["topics"].items())
                    ctx.out(f"  sb claim set {b} --topic {ta}   (then sb contradictions again)")
    if args.strict:
        found = open_findings(clusters)
        for f in found:
            ctx.finding(f)
        if found:
            return Exit.GATE
    return Exit.OK
