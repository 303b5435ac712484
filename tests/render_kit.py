"""A small verified workspace for artifact tests: two sources that disagree, a volatile fact,
a contested pair settled both_stand, and an inference. Written directly (no pipeline)."""

from __future__ import annotations

import json

from ledger_helpers import claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id, cluster_id

STATUS = ("# Water bus status\n\nThe pass is accepted on routes W1 and W2 as of 14 October 2026.\n\n"
          "The water bus carried an average of 31,000 passengers per weekday.\n")
REPORT = ("# Trade report\n\nWeekday ridership averaged 38,500 passengers over the summer.\n\n"
          "A single adult fare is 3.40 marks.\n")

T_PASS = "The pass is accepted on routes W1 and W2."
T_RIDE_A = "The water bus carries 31,000 passengers per weekday."
T_RIDE_B = "The water bus carries 38,500 passengers per weekday."
T_FARE = "A single adult fare is 3.40 marks."
T_GUESS = "Commuters will probably switch to the pass once W3 accepts it."


def build(root) -> dict[str, str]:
    a = make_source(root, STATUS, name="status", tier="A", title="Water bus status", publisher="Calder Bay Water Bus Authority",
                    locator="https://water.example/status", kind="url")
    b = make_source(root, REPORT, name="trade", tier="B", title="Trade report", publisher="The Ferry Ledger")
    write_claims(root, [
        claim(T_PASS, "pass.routes", confidence="verified", volatile=True, as_of="2026-10-14",
              recheck="https://water.example/status",
              evidence=[ev(a, STATUS, "The pass is accepted on routes W1 and W2 as of 14 October 2026.")]),
        claim(T_RIDE_A, "ridership.weekday", kind="number", confidence="contested",
              evidence=[ev(a, STATUS, "an average of 31,000 passengers per weekday")]),
        claim(T_RIDE_B, "ridership.weekday", kind="number", confidence="contested",
              evidence=[ev(b, REPORT, "Weekday ridership averaged 38,500 passengers over the summer.")]),
        claim(T_FARE, "fare.single", kind="number", confidence="verified",
              evidence=[ev(b, REPORT, "A single adult fare is 3.40 marks.")]),
        claim(T_GUESS, "pass.outlook", kind="interpretation", confidence="inferred"),
    ])
    ids = {"pass": claim_id(T_PASS), "ride_a": claim_id(T_RIDE_A), "ride_b": claim_id(T_RIDE_B),
           "fare": claim_id(T_FARE), "guess": claim_id(T_GUESS), "src_a": a, "src_b": b}
    adj = {"schema_version": 1, "adjudications": [{
        "cluster_id": cluster_id("ridership.weekday"), "topic_key": "ridership.weekday",
        "claim_ids": sorted([ids["ride_a"], ids["ride_b"]]), "outcome": "both_stand",
        "reason": "Different periods and methods; both figures are shown to the reader.",
        "decided_at": "2026-01-01T00:00:00Z", "winner": None}]}
    (root / "ledger" / "adjudications.json").write_text(json.dumps(adj, indent=2), encoding="utf-8")
    return ids


def draft(ids: dict[str, str], extra: str = "") -> str:
    return (f"# Can the pass pay a water bus fare?\n\n"
            f"## Where the pass works\n\n"
            f"The pass is accepted on W1 and W2 [@{ids['pass']}]. A single fare is 3.40 marks [@{ids['fare']}].\n\n"
            f"## How many ride\n\n"
            f"The operator counts 31,000 riders a weekday [@{ids['ride_a']}], the trade press 38,500 "
            f"[@{ids['ride_b']}].\n\n"
            f"- Commuters may switch once W3 takes the pass [@{ids['guess']}].\n"
            f"{extra}")
