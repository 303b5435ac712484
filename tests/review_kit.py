"""A workspace with an honest page and planted overreaches, for the review tests.

Two news pages on a deer count: the count stops on 19 November 2019, the count was made
*during* a hunting trip, rangers *may* extend it. The page plants what the gate passes and a
person must catch: a place no quote names, a title with a whole month and no as-of, a paraphrase
that changes a word, an "only" no source says, a name in framing and in an inference."""

from __future__ import annotations

import json

from ledger_helpers import claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id, cluster_id

NEWS = ("# Deer count rises\n\nWardens counted 412 deer in the reserve between 1 and 19 November 2019, "
        "officials said on Wednesday.\n\nThe count was made during a hunting trip organised by the park "
        "service.\n\nRangers may extend the count into December.\n")
CENSUS = "# Reserve census\n\nThe reserve's census recorded 412 deer in November 2019.\n"

T_COUNT = "Wardens counted 412 deer in the reserve between 1 and 19 November 2019."
T_TRIP = "The count was made during a hunting trip organised by the park service."
T_EXTEND = "Rangers will extend the deer count into December across the whole northern valley."
T_CENSUS = "The reserve's census recorded 412 deer in November 2019."
T_GUESS = "Hunters may face new limits next season."

HONEST = {"count": "Wardens counted 412 deer in the reserve between 1 and 19 November 2019.",
          "trip": "The count was made during a hunting trip organised by the park service."}
PLANTED = {"place": "In Montana, the reserve's census recorded 412 deer in November 2019.",
           "caught": "The deer were caught on a hunting trip organised by the park service.",
           "only": "The two reports differ only on who counted.",
           "framing": "This page looks at Yellowstone.",
           "inferred": "Hunters in Idaho may face new limits next season.",
           "extend": "Rangers will extend the count into December."}


def build(root) -> dict[str, str]:
    a = make_source(root, NEWS, name="news", tier="B", title="Deer count rises", publisher="Valley Gazette",
                    locator="https://news.example/deer", kind="url")
    rec_path = root / "sources" / a / "source.json"
    rec = json.loads(rec_path.read_text(encoding="utf-8"))
    rec.update(author="Ana Ruiz", published_at="2019-11-20")
    rec_path.write_text(json.dumps(rec, indent=2, sort_keys=True), encoding="utf-8")
    b = make_source(root, CENSUS, name="census", tier="B", title="Reserve census", publisher="Hill Times")
    write_claims(root, [
        claim(T_COUNT, "deer.count", kind="number", confidence="contested",
              evidence=[ev(a, NEWS, "Wardens counted 412 deer in the reserve between 1 and 19 November 2019")]),
        claim(T_TRIP, "deer.trip", confidence="verified", evidence=[ev(a, NEWS, T_TRIP)]),
        claim(T_EXTEND, "deer.extend", confidence="reported",
              evidence=[ev(a, NEWS, "Rangers may extend the count into December.")]),
        claim(T_CENSUS, "deer.count", kind="number", confidence="contested", evidence=[ev(b, CENSUS, T_CENSUS)]),
        claim(T_GUESS, "deer.outlook", kind="interpretation", confidence="inferred"),
    ])
    ids = {"count": claim_id(T_COUNT), "trip": claim_id(T_TRIP), "extend": claim_id(T_EXTEND),
           "census": claim_id(T_CENSUS), "guess": claim_id(T_GUESS), "news": a, "census_src": b}
    adj = {"schema_version": 1, "adjudications": [{
        "cluster_id": cluster_id("deer.count"), "topic_key": "deer.count", "claim_ids": sorted([ids["count"], ids["census"]]),
        "outcome": "both_stand", "reason": "The gazette's count and the census measure the same month differently.",
        "decided_at": "2026-01-01T00:00:00Z", "winner": None}]}
    (root / "ledger" / "adjudications.json").write_text(json.dumps(adj, indent=2), encoding="utf-8")
    return ids


def draft(ids: dict[str, str]) -> str:
    return (f"# Deer in November 2019\n\n"
            f"{HONEST['count']} [@{ids['count']}] {HONEST['trip']} [@{ids['trip']}]\n\n"
            f"{PLANTED['place']} [@{ids['census']}] {PLANTED['caught']} [@{ids['trip']}]\n\n"
            f"{PLANTED['only']} [@{ids['count']}] [@{ids['census']}]\n\n"
            f"{PLANTED['extend']} [@{ids['extend']}]\n\n"
            f"{PLANTED['framing']} [framing]\n\n"
            f"{PLANTED['inferred']} [@{ids['guess']}]\n")
