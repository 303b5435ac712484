"""The clusters gate: open clusters, unapplied outcomes, and hand-edited adjudications."""

from __future__ import annotations

import json
import os

import pytest
from conftest import sb
from verify_kit import good_workspace


def codes(r) -> list[str]:
    return [ln.split()[0] for ln in r.err.splitlines() if ln.startswith(("E-", "W-"))]


def write_adj(root, items):
    with open(os.path.join(root, "ledger", "adjudications.json"), "w") as fh:
        json.dump({"schema_version": 1, "adjudications": items}, fh)


def adj(topic, ids, outcome, winner=None, cls=None):
    from sourcebook.base.ids import cluster_id

    return {"cluster_id": cls or cluster_id(topic), "topic_key": topic, "claim_ids": ids, "outcome": outcome,
            "reason": "decided after reading both sources closely", "decided_at": "2026-01-01T00:00:00Z",
            "winner": winner}


@pytest.fixture
def good(ws):
    ids, cs = good_workspace(ws)
    return ws, ids, cs


def test_supersede_without_winner(good):
    root, ids, cs = good
    write_adj(root, [adj("ferry.fares", [cs[1]["id"]], "supersede")])
    r = sb("verify", cwd=root)
    assert "E-ADJ-NOWINNER" in codes(r)


def test_winner_outside_the_cluster(good):
    root, ids, cs = good
    write_adj(root, [adj("ferry.fares", [cs[1]["id"]], "supersede", winner=cs[0]["id"])])
    assert "E-ADJ-WINNER" in codes(sb("verify", cwd=root))


def test_cluster_id_must_match_topic(good):
    root, ids, cs = good
    write_adj(root, [adj("ferry.fares", [cs[1]["id"]], "scope_split", cls="cls_000000000000")])
    assert "E-ADJ-CLUSTER" in codes(sb("verify", cwd=root))


def test_note_counts_adjudications(good):
    root, ids, cs = good
    write_adj(root, [adj("ferry.fares", [cs[1]["id"]], "scope_split")])
    r = sb("verify", cwd=root)
    assert "  . clusters       0 open or decided cluster(s); 1 decision(s) on record" in r.out, r.out
