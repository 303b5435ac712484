"""The demo's second half: claims, the contradiction and its adjudication, the plan, the drafts
rendered into artifacts, the gate. Called by build.py after the sources are in and indexed.

Everything goes through the real `sb` commands (the `sb` function build.py passes in); the
only files written by hand are the ones an agent writes: the claims payload, the adjudication,
the plan's sections and the drafts (examples/demo/*.json, *.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil

OUTPUTS = ("answer.html", "brief.html", "deck.html", "explainer.html", "report.md", "podcast.md")


HERE_SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "claims.json")


def load(path: str):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _write(path: str, obj) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=2, sort_keys=True, ensure_ascii=False)
        fh.write("\n")


def claims(sb, source_id, ws: str) -> dict[str, str]:
    """Add every claim with `sb claim add`; each quote's span is located in its source (it must
    occur exactly once). Returns key -> claim id."""
    payload, keys = [], []
    spec = load(HERE_SPEC)["claims"]
    by_key = {c["key"]: _claim_id(c["text"]) for c in spec}  # ids are the hash of the text
    for c in spec:
        item = {k: v for k, v in c.items() if k not in ("key", "evidence")}
        item["evidence"] = [{"source_id": source_id(ev["file"]), "quote": ev["quote"]} for ev in c["evidence"]]
        if c.get("contradicts"):  # an explicit disagreement names the other claim by its key
            item["contradicts"] = [by_key[k] for k in c["contradicts"]]
        payload.append(item)
        keys.append(c["key"])
    _write(os.path.join(ws, "claims.input.json"), {"claims": payload})
    out = sb("claim", "add", "--file", "claims.input.json")
    ids = [line.split()[-1] for line in out.splitlines() if line.startswith("claim ")]
    return dict(zip(keys, ids, strict=True))


def _claim_id(text: str) -> str:
    return "clm_" + hashlib.sha256(" ".join(text.split()).lower().encode("utf-8")).hexdigest()[:12]


def adjudicate(sb, ws: str, ids: dict[str, str]) -> None:
    spec = load(HERE_SPEC)
    sb("contradictions", ok=(0, 2))
    decisions = [{"cluster_id": "cls_" + hashlib.sha256(a["topic_key"].encode()).hexdigest()[:12],
                  "topic_key": a["topic_key"], "claim_ids": sorted(ids[k] for k in a["claims"]),
                  "outcome": a["outcome"], "reason": a["reason"],
                  **({"winner": ids[a["winner"]]} if a.get("winner") else {})} for a in spec["adjudications"]]
    _write(os.path.join(ws, "adjudications.input.json"), {"adjudications": decisions})
    sb("adjudicate", "--file", "adjudications.input.json", "--apply")
    sb("contradictions")


def plan(sb, ws: str, ids: dict[str, str]) -> None:
    spec = load(HERE_SPEC)["plan"]
    # the standfirst cites like a draft sentence: [@key] in claims.json becomes [@clm_...]
    thesis = re.sub(r"\[@([a-z0-9-]+)\]", lambda m: f"[@{ids[m.group(1)]}]", spec["thesis"])
    sb("plan", "--type", "answer", "--title", spec["title"], "--thesis", thesis, "--audience", spec["audience"])
    path = os.path.join(ws, "plan.json")
    with open(path, encoding="utf-8") as fh:
        stored = json.load(fh)
    stored["sections"] = [{"id": s["id"], "heading": s["heading"], "claim_ids": [ids[k] for k in s["claims"]]}
                          for s in spec["sections"]]
    _write(path, stored)  # the agent writes the sections; sb plan --show reads them back
    sb("plan", "--show", show=False)


def render(sb, ws: str, here: str) -> None:
    drafts = os.path.join(ws, "drafts")
    os.makedirs(drafts, exist_ok=True)
    for name in ("draft.md", "deck.md", "explainer.md", "podcast.json"):
        shutil.copyfile(os.path.join(here, name), os.path.join(drafts, name))
    sb("render", "answer", "--from", "drafts/draft.md")
    sb("render", "brief", "--from", "drafts/draft.md")
    sb("render", "deck", "--from", "drafts/deck.md")
    sb("render", "explainer", "--from", "drafts/explainer.md")  # four of the claims: a subset ledger
    sb("render", "report", "--from", "drafts/draft.md", "--style", "evidence")
    sb("check-draft", "build/report.md", "--evidence", "--strict")  # every sentence, every figure
    sb("render", "podcast", "--from", "drafts/podcast.json")
    sb("tts-plan")
    sb("verify", "--podcast")


def publish(ws: str, here: str) -> None:
    """Copy the artifacts next to this script (answer.html is committed; a test rebuilds it)."""
    for name in OUTPUTS:
        shutil.copyfile(os.path.join(ws, "build", name), os.path.join(here, name))


def run(sb, source_id, ws: str, here: str) -> None:
    ids = claims(sb, source_id, ws)
    adjudicate(sb, ws, ids)
    plan(sb, ws, ids)
    render(sb, ws, here)
    publish(ws, here)


def tamper(sb, ws: str) -> int:
    """Change one word inside one stored quote, as a careless edit or a made-up quote would, and
    show that the gate refuses it: exit 2, E-QUOTE-MISMATCH, and the claim's id."""
    path = os.path.join(ws, "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    victim = None
    for c in data["claims"]:
        for ev in c["evidence"]:
            if "31,000" in ev.get("quote", ""):
                ev["quote"] = ev["quote"].replace("31,000", "35,000")
                victim = c["id"]
                break
        if victim:
            break
    _write(path, data)
    print(f"\ntampered: one quote of {victim} now says 35,000 where its source says 31,000")
    out = sb("verify", ok=(2,))
    del out
    print(f"\nthe gate refused the page: exit 2, E-QUOTE-MISMATCH, {victim}")
    return 0
