"""Acceptance scenarios (CONTRACT 12, AT-01 to AT-22) end to end through the real commands.

One workspace is built per module from `tests/fixtures/acceptance/` (operator status page tier A,
trade report tier B, forum thread tier C; the organisations are invented) and copied per test:
init, add, extract, chunk, index, find spans, `claim add --file`, a hand-written plan, the answer
template, `ledger --html`, `inject`, verify.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, ROOT, SCRIPTS, sb

CORPUS = os.path.join(FIXTURES, "acceptance")
EPOCH = "1767225600"  # 2026-01-01T00:00:00Z
SOURCES = (("operator-status.md", "A", "the operator's own status page", "Service status", "Kestrel Valley Rail"),
           ("trade-report.md", "B", "trade press review of the line", "Orchard Line review", "Regional Rail Monitor"),
           ("forum-thread.md", "C", "anonymous forum chatter", "Forum thread", "Valley Boards"))
MARK = {"verified": ("m-checked", "checked"), "reported": ("m-reported", "reported"),
        "contested": ("m-contested", "contested"), "inferred": ("m-thin", "thin"), "unsupported": ("m-thin", "thin")}


# --------------------------------------------------------------------------- harness helpers

def ok(r):
    assert r.rc == 0, r.both
    return r


def source_ids(root) -> dict[str, str]:
    """{file stem: source id}, keyed by the basename of each canonical locator."""
    out = {}
    for sid in os.listdir(os.path.join(root, "sources")):
        with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
            rec = json.load(fh)
        out[os.path.basename(rec["canonical_locator"]).rsplit(".", 1)[0]] = sid
    return out


def span(root, sid: str, text: str) -> tuple[int, int]:
    r = ok(sb("find", sid, text, cwd=root))
    s, e = re.search(r"(\d+)\.\.(\d+)", r.out).groups()
    return int(s), int(e)


def ev(root, sid: str, quote: str) -> dict:
    s, e = span(root, sid, quote)
    return {"source_id": sid, "start": s, "end": e, "quote": quote}


def add_claim(root, text, topic, *, kind="fact", conf="verified", evidence=(), **extra) -> str:
    payload = {"text": text, "topic_key": topic, "kind": kind, "confidence": conf, "evidence": list(evidence)}
    payload.update(extra)
    path = os.path.join(root, "claim.in.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(payload, fh)
    r = sb("claim", "add", "--file", path, cwd=root)
    os.remove(path)
    assert r.rc == 0, r.both
    return r.out.strip().split()[-1]


def ledger(root) -> dict[str, dict]:
    r = ok(sb("ledger", "--json", cwd=root))
    return {e["id"]: e for e in json.loads(r.out)["ledger"]}


def write_plan(root, claim_ids, typ="answer"):
    plan = {"schema_version": 1, "type": typ, "title": "How busy is the Orchard Line?",
            "thesis": "The Orchard Line is moderately busy and runs often.",
            "sections": [{"id": "answer", "heading": "Answer", "claim_ids": list(claim_ids)}]}
    with open(os.path.join(root, "plan.json"), "w", encoding="utf-8") as fh:
        json.dump(plan, fh, indent=2)


def block(entry: dict, *, mark: str | None = None, date: bool = True) -> str:
    """One cited paragraph the way a person writes it against the ledger."""
    cls, label = MARK[entry["confidence"]]
    marks = [f'<span class="mark {mark or cls}">{label}</span>']
    if entry.get("volatile"):
        marks.append('<span class="mark m-moving">moving</span>')
    body = html.escape(entry["text"])
    if entry.get("as_of") and date:
        body += f" (as of {entry['as_of']})"
    ref = "" if entry["ordinal"] is None else \
        f'<sup class="ref"><a href="#c-{entry["id"]}">{entry["ordinal"]}</a></sup>'
    return f'<p data-claim="{entry["id"]}">{body} {" ".join(marks)}{ref}</p>'


def build_page(root, blocks: list[str], *, inject=True, extra="") -> str:
    ok(sb("template", "answer", cwd=root))
    path = os.path.join(root, "build", "answer.html")
    with open(path, encoding="utf-8") as fh:
        page = fh.read()
    head, rest = page.split("<!-- SB:BODY -->", 1)
    _, tail = rest.split("<!-- /SB:BODY -->", 1)
    page = head + "<!-- SB:BODY -->\n" + "\n".join(blocks) + extra + "\n<!-- /SB:BODY -->" + tail
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    ok(sb("ledger", "--html", "--out", "build/ledger.html", cwd=root))
    if inject:
        r = ok(sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=root))
        assert r.out.startswith("injected "), r.out
    return path


def render(root, ids, **kw) -> str:
    led = ledger(root)
    return build_page(root, [block(led[i]) for i in ids], **kw)


def verify(root, *args):
    return sb("verify", *args, cwd=root)


def manifest(root) -> dict:
    with open(os.path.join(root, "sourcebook.json"), encoding="utf-8") as fh:
        return json.load(fh)


def read(path) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


# --------------------------------------------------------------------------- module workspaces

def _ingest(root):
    ok(sb("init", "--question", "How busy is the Orchard Line?", cwd=root))
    os.makedirs(os.path.join(root, "input"))
    for name, tier, reason, title, pub in SOURCES:
        shutil.copy(os.path.join(CORPUS, name), os.path.join(root, "input", name))
        r = ok(sb("add", f"input/{name}", "--tier", tier, "--reason", reason, "--title", title, "--publisher", pub,
                  cwd=root))
        assert r.out.startswith("added    src_"), r.out
    for cmd in ("extract", "chunk", "index"):
        ok(sb(cmd, cwd=root))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        base = str(tmp_path_factory.mktemp("acceptance") / "indexed")
        os.makedirs(base)
        _ingest(base)
        ids = source_ids(base)
        full = base.replace("indexed", "grounded")
        shutil.copytree(base, full)
        A, B = ids["operator-status"], ids["trade-report"]
        claims = {
            "freq": add_claim(full, "The Orchard Line runs every 20 minutes on weekdays.", "service.frequency",
                              evidence=[ev(full, A, "the Orchard Line runs every 20 minutes on weekdays")],
                              volatile=True, as_of="2026-01-15", recheck="https://rail.example/status"),
            "weekend": add_claim(full, "Weekend trains stop at Marrow Bridge only on request.", "service.marrow",
                                 evidence=[ev(full, A, "Weekend trains stop at Marrow Bridge only on request.")]),
            "riders": add_claim(full, "The Orchard Line carried 4,200 passengers a day.", "line.riders",
                                kind="number", evidence=[ev(full, B, "carried 4,200 passengers a day")]),
            "busy": add_claim(full, "The line is busiest on weekday mornings.", "line.peak", conf="inferred"),
        }
        write_plan(full, list(claims.values()))
        render(full, list(claims.values()))
        r = verify(full)
        assert r.rc == 0 and "PASS" in r.out, r.both
        yield {"indexed": base, "grounded": full, "ids": ids, "claims": claims}
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


@pytest.fixture
def indexed(prepared, tmp_path):
    return shutil.copytree(prepared["indexed"], str(tmp_path / "ws"))


@pytest.fixture
def grounded(prepared, tmp_path):
    return shutil.copytree(prepared["grounded"], str(tmp_path / "ws"))


@pytest.fixture
def ids(prepared):
    return prepared["ids"]


@pytest.fixture
def claims(prepared):
    return prepared["claims"]


# --------------------------------------------------------------------------- AT-01 .. AT-04

@pytest.mark.slow
def test_at01_pipeline_subprocess_search_and_stdlib_imports(tmp_path):
    # AT-01: the pipeline exits 0 through the real script, search prints source ids, imports are stdlib
    root = tmp_path / "ws"
    root.mkdir()
    (root / "input").mkdir()
    shutil.copy(os.path.join(CORPUS, "operator-status.md"), root / "input")
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    script = "\n".join([
        'set -e',
        f'SB="{sys.executable} {os.path.join(SCRIPTS, "sb.py")}"',
        '$SB init --question "How busy is the Orchard Line?"',
        '$SB add input/operator-status.md --tier A --reason "operator page" --title Status --publisher Kestrel',
        '$SB extract', '$SB chunk', '$SB index', '$SB search "Marrow Bridge request"'])
    p = subprocess.run(["sh", "-c", script], cwd=root, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "src_" in p.stdout.split("indexed", 1)[1]
    allowed = set(sys.stdlib_module_names) | {"sourcebook", "pypdf"}
    for dirpath, _, files in os.walk(SCRIPTS):
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            for node in ast.walk(ast.parse(read(path))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module]
                for n in names:
                    assert n.split(".")[0] in allowed, (path, n)


def test_at02_derived_files_identical_across_two_dirs(indexed, tmp_path):
    # AT-02: normalized.md, chunks and the index are byte-identical in a second workspace elsewhere
    other = tmp_path / "elsewhere" / "second ws"
    other.mkdir(parents=True)
    _ingest(str(other))
    assert source_ids(indexed) == source_ids(other)
    for sid in source_ids(indexed).values():
        for rel in (("sources", sid, "normalized.md"), ("chunks", f"{sid}.jsonl")):
            assert read(os.path.join(indexed, *rel)) == read(os.path.join(other, *rel))
    names = []
    for dirpath, _, files in os.walk(os.path.join(indexed, "index")):
        names += [os.path.relpath(os.path.join(dirpath, f), indexed) for f in files]
    assert names
    for rel in names:
        with open(os.path.join(indexed, rel), "rb") as a, open(os.path.join(other, rel), "rb") as b:
            assert a.read() == b.read(), rel


def test_at03_no_plan_passes_then_flipped_quote_fails(indexed, ids):
    # AT-03: claims without a plan or page pass; a flipped quote names E-QUOTE-MISMATCH and the claim
    cid = add_claim(indexed, "Weekend trains stop at Marrow Bridge only on request.", "service.marrow",
                    evidence=[ev(indexed, ids["operator-status"], "Weekend trains stop at Marrow Bridge only on request.")])
    r = verify(indexed)
    assert r.rc == 0 and "PASS" in r.out, r.both
    path = os.path.join(indexed, "ledger", "claims.json")
    doc = json.loads(read(path))
    doc["claims"][0]["evidence"][0]["quote"] = "Weekend trains never stop at Marrow Bridge."
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    r = verify(indexed)
    assert r.rc == 2
    assert re.search(rf"E-QUOTE-MISMATCH\s+{cid}", r.both), r.both


def test_at04_rechunk_changes_chunks_and_still_verifies(grounded, ids):
    # AT-04: `chunk --target 240 --overlap 60` changes the chunks; the workspace still verifies
    def chunks():
        return {sid: read(os.path.join(grounded, "chunks", f"{sid}.jsonl")) for sid in ids.values()}

    before = chunks()
    r = ok(sb("chunk", "--target", "240", "--overlap", "60", cwd=grounded))
    assert "(target=240 overlap=60)" in r.out
    after = chunks()
    sid = ids["trade-report"]
    assert after[sid] != before[sid] and len(after[sid].splitlines()) > len(before[sid].splitlines())
    ok(sb("index", cwd=grounded))
    r = verify(grounded)
    assert r.rc == 0, r.both


# --------------------------------------------------------------------------- AT-05 .. AT-09

def test_at05_unsupported_claim_in_plan(grounded, claims):
    # AT-05: an unsupported claim placed in the plan fails with E-UNSUPPORTED and its id
    bad = add_claim(grounded, "The line will close next year.", "line.future", conf="unsupported")
    write_plan(grounded, [*claims.values(), bad])
    r = verify(grounded)
    assert r.rc == 2
    assert re.search(rf"E-UNSUPPORTED\s+{bad}", r.both), r.both


def test_at06_dangling_reference(grounded):
    # AT-06: verify --html with a link to a ledger entry that does not exist
    path = os.path.join(grounded, "build", "answer.html")
    page = read(path).replace("<!-- /SB:BODY -->",
                              '<p>See <a href="#c-clm_deadbeef0000">this</a>.</p>\n<!-- /SB:BODY -->')
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    r = verify(grounded, "--html", "build/answer.html")
    assert r.rc == 2
    assert re.search(r"E-REF-DANGLING\s+clm_deadbeef0000", r.both), r.both


def test_at07_numeric_cluster_adjudicated_both_stand(grounded, ids, claims):
    # AT-07a: a numeric disagreement is an OPEN cluster; contradictions exits 0; verify names it
    from sourcebook.ids import cluster_id

    other = add_claim(grounded, "The Orchard Line carried 9,000 passengers a day.", "line.riders", kind="number",
                      conf="reported", evidence=[ev(grounded, ids["forum-thread"], "carried 9,000 passengers a day")])
    r = sb("contradictions", cwd=grounded)
    assert r.rc == 0 and "OPEN" in r.out and "numeric" in r.out, r.both
    cls = cluster_id("line.riders")
    assert cls in r.out
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-CLUSTER-OPEN\s+{cls}", r.both), r.both
    # AT-07b: both_stand applied from a file makes both members contested
    adj = os.path.join(grounded, "adj.json")
    with open(adj, "w", encoding="utf-8") as fh:
        json.dump({"cluster_id": cls, "topic_key": "line.riders", "claim_ids": [claims["riders"], other],
                   "outcome": "both_stand", "reason": "the counts come from different seasons and methods"}, fh)
    r = ok(sb("adjudicate", "--file", "adj.json", "--apply", cwd=grounded))
    assert "recorded 1 adjudication(s)" in r.out
    led = ledger(grounded)
    assert led[claims["riders"]]["confidence"] == led[other]["confidence"] == "contested"
    # AT-07c: a page showing one side only hides the other; showing both passes
    write_plan(grounded, [*claims.values(), other])
    render(grounded, list(claims.values()))
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-CONTESTED-HIDDEN\s+{other}", r.both), r.both
    ok(sb("unblock", "--reason", "the page now shows both counts", cwd=grounded))
    render(grounded, [*claims.values(), other])
    r = verify(grounded)
    assert r.rc == 0, r.both


def test_at08_weak_tier_verified_number(grounded, ids, claims):
    # AT-08 (1): a number backed only by a tier C source may not be verified
    weak = add_claim(grounded, "The Orchard Line carried 9,000 passengers a day last summer.", "line.summer",
                     kind="number", evidence=[ev(grounded, ids["forum-thread"], "carried 9,000 passengers a day")])
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-TIER-WEAK\s+{weak}", r.both), r.both


def test_at08_wrong_mark_then_fixed(grounded, claims):
    # AT-08 (2): a verified claim shown with the reported mark fails E-MARK-WRONG; the right mark passes
    led = ledger(grounded)
    blocks = [block(led[c], mark="m-reported" if c == claims["weekend"] else None) for c in claims.values()]
    build_page(grounded, blocks)
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-MARK-WRONG\s+{claims['weekend']}", r.both), r.both
    render(grounded, list(claims.values()))
    assert verify(grounded).rc == 0


def test_at09_volatile_undated(grounded, ids, claims):
    # AT-09 (1): a volatile claim without as_of (and without recheck) is E-VOLATILE-UNDATED
    c = add_claim(grounded, "A single adult fare costs 4.80 pounds.", "fare.single", volatile=True,
                  evidence=[ev(grounded, ids["operator-status"], "A single adult fare costs 4.80 pounds")])
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-VOLATILE-UNDATED\s+{c}", r.both), r.both


def test_at09_as_of_needs_the_injected_ledger(grounded, claims):
    # AT-09 (2): the as-of date only in the (un-injected) ledger is missing; injected, it passes
    led = ledger(grounded)
    build_page(grounded, [block(led[c], date=False) for c in claims.values()], inject=False)
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-ASOF-MISSING\s+{claims['freq']}", r.both), r.both
    ok(sb("unblock", "--reason", "ledger injected after review", cwd=grounded))
    ok(sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=grounded))
    r = verify(grounded)
    assert r.rc == 0, r.both


# --------------------------------------------------------------------------- AT-10 .. AT-12 (lint)

def _lint(path):
    r = sb("lint", path, "--json")
    return r, json.loads(r.out)


def test_at10_slop_fixture_exact_errors():
    # AT-10: slop.html has exactly the six listed errors
    r, doc = _lint(os.path.join(FIXTURES, "lint", "slop.html"))
    assert r.rc == 2
    assert sorted({f["rule"] for f in doc["errors"]}) == sorted(
        ["slop.gradient-text", "slop.side-stripe", "slop.over-round", "slop.stripe-bg", "slop.cream-band",
         "slop.eyebrow-reflex"])


def test_at10_clean_fixture_and_templates_are_silent():
    # AT-10/AT-12: clean.html and every shipped template lint with nothing and 0 unresolved
    for path in [os.path.join(FIXTURES, "lint", "clean.html")] + \
            [os.path.join(ROOT, "templates", f"{t}.html") for t in
             ("answer", "explainer", "deck", "brief", "infographic", "podcast")]:
        r, doc = _lint(path)
        assert r.rc == 0 and not doc["errors"] and not doc["warns"] and doc["unresolved"] == 0, (path, r.out)


def test_at11_contrast_and_external():
    # AT-11: the contrast fixture names its ratio and colours; external.html has two external refs
    r = sb("lint", os.path.join(FIXTURES, "lint", "contrast-fail.html"))
    assert r.rc == 2 and "3.09:1" in r.both and "#8a8a8a on #f7f2e8" in r.both
    assert "a11y.contrast-large" in r.both
    r, doc = _lint(os.path.join(FIXTURES, "lint", "external.html"))
    refs = [f for f in doc["errors"] if f["rule"] == "struct.external-ref"]
    assert r.rc == 2 and len(refs) == 2
    text = json.dumps(refs)
    assert "fonts.googleapis.com" in text and "cdn.example.com" in text


def test_at12_rendered_page_with_ledger_lints_clean(grounded):
    # AT-12: the shell plus the injected ledger lints clean
    r = sb("lint", os.path.join(grounded, "build", "answer.html"))
    assert r.rc == 0, r.both


# --------------------------------------------------------------------------- AT-13 .. AT-16

def test_at13_full_build_passes_without_images(grounded):
    # AT-13: the full build passes, has no image, and licenses says there is nothing to check
    r = verify(grounded)
    assert r.rc == 0 and "PASS" in r.out
    for gate in ("schemas", "normalizer", "quotes", "confidence", "tiers", "volatility", "clusters", "plan",
                 "html", "licenses", "lint"):
        assert re.search(rf"^  \. {gate}\b", r.out, re.M), (gate, r.out)
    assert "<img" not in read(os.path.join(grounded, "build", "answer.html"))
    r = sb("licenses", cwd=grounded)
    assert r.rc == 0 and "nothing to check" in r.out, r.both


PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def _with_image(root, credits: dict | None, extra_text=""):
    with open(os.path.join(root, "assets", "map.png"), "wb") as fh:
        fh.write(PNG)
    if credits is not None:
        with open(os.path.join(root, "assets", "credits.json"), "w", encoding="utf-8") as fh:
            json.dump(credits, fh)
    path = os.path.join(root, "build", "answer.html")
    page = read(path).replace("<!-- /SB:BODY -->", f'<figure><img src="../assets/map.png" alt="Line map">'
                              f'<figcaption>{extra_text}</figcaption></figure>\n<!-- /SB:BODY -->')
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)


def test_at14_image_credits(grounded):
    # AT-14: uncredited -> E-IMG-UNCREDITED; CC BY without credit text -> E-IMG-ATTRIB, with it -> 0
    _with_image(grounded, None)
    r = sb("licenses", cwd=grounded)
    assert r.rc == 2 and re.search(r"E-IMG-UNCREDITED\s+map\.png", r.both), r.both
    sourced = {"map.png": {"origin": "sourced", "source": "https://maps.example/orchard", "credit": "Map by Ida Vell",
                           "license": "CC BY 4.0"}}
    _with_image(grounded, sourced)
    r = sb("licenses", cwd=grounded)
    assert r.rc == 2 and "E-IMG-ATTRIB" in r.both, r.both
    ok(sb("template", "answer", cwd=grounded))  # start the page again, now with the credit
    render(grounded, [c for c in ledger(grounded)])
    _with_image(grounded, sourced, "Map by Ida Vell, CC BY 4.0")
    r = sb("licenses", cwd=grounded)
    assert r.rc == 0 and "licenses ok" in r.out, r.both


def test_at14_generated_label_and_noncommercial(grounded):
    # AT-14: generated without the label -> E-IMG-UNLABELED, labelled -> 0; CC BY-NC -> E-IMG-LICENSE
    gen = {"map.png": {"origin": "generated", "generator": "a diagram tool", "prompt": "a map of the line",
                       "license": "generated"}}
    _with_image(grounded, gen)
    r = sb("licenses", cwd=grounded)
    assert r.rc == 2 and "E-IMG-UNLABELED" in r.both, r.both
    render(grounded, list(ledger(grounded)))
    _with_image(grounded, gen, "Generated illustration")
    assert sb("licenses", cwd=grounded).rc == 0
    render(grounded, list(ledger(grounded)))
    _with_image(grounded, {"map.png": {"origin": "sourced", "source": "https://maps.example/o", "credit": "Ida Vell",
                                       "license": "CC BY-NC 4.0"}}, "Ida Vell")
    r = sb("licenses", cwd=grounded)
    assert r.rc == 2 and "E-IMG-LICENSE" in r.both, r.both


def test_at15_podcast_uncited_then_tts_plan(grounded, claims):
    # AT-15: a factual line without claims fails; cited, verify passes; tts-plan is valid, 3 segments
    from sourcebook.manifest import check

    write_plan(grounded, list(claims.values()), typ="podcast")
    script = {"schema_version": 1, "episode": "The Orchard Line",
              "speakers": [{"name": "Ana", "voice_hint": "warm"}, {"name": "Ben"}],
              "lines": [{"n": 1, "speaker": "Ana", "text": "Welcome back.", "kind": "transition", "claims": []},
                        {"n": 2, "speaker": "Ben", "text": "Trains run every 20 minutes on weekdays.",
                         "kind": "factual", "claims": []},
                        {"n": 3, "speaker": "Ana", "text": "Good to know!", "kind": "banter", "claims": []}]}
    path = os.path.join(grounded, "build", "podcast.script.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(script, fh)
    r = verify(grounded)
    assert r.rc == 2 and re.search(r"E-POD-UNCITED\s+line 2", r.both), r.both
    script["lines"][1]["claims"] = [claims["freq"]]
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(script, fh)
    r = verify(grounded)
    assert r.rc == 0 and re.search(r"^  \. podcast\b", r.out, re.M), r.both
    r = ok(sb("tts-plan", cwd=grounded))
    assert "wrote build/podcast.ttsplan.json  3 segment(s)" in r.out
    plan = json.loads(read(os.path.join(grounded, "build", "podcast.ttsplan.json")))
    assert check(plan, "ttsplan", "ttsplan") == []
    assert len(plan["segments"]) == 3
    concat = read(os.path.join(grounded, "build", "audio", "concat.txt"))
    assert concat.splitlines() == ["file 's0001.wav'", "file 's0002.wav'", "file 's0003.wav'"]
    assert not [f for f in os.listdir(os.path.join(grounded, "build", "audio")) if f.endswith(".wav")]


def _status(root):
    return json.loads(ok(sb("status", "--json", cwd=root)).out)


def test_at16_status_follows_the_index(indexed):
    # AT-16: INDEX; without index/ it is CHUNK and says `sb index`; indexing brings INDEX back
    assert _status(indexed)["state"] == "INDEX"
    shutil.rmtree(os.path.join(indexed, "index"))
    st = _status(indexed)
    assert st["state"] == "CHUNK" and "sb index" in st["next"]
    ok(sb("index", cwd=indexed))
    assert _status(indexed)["state"] == "INDEX"


# --------------------------------------------------------------------------- AT-17 package

def _sums(out):
    rows = [ln.split("  ", 1) for ln in read(os.path.join(out, "SHA256SUMS")).splitlines()]
    return {rel: digest for digest, rel in rows}


def test_at17_public_package(grounded, ids, claims):
    # AT-17 (1, 2, 3): public budget and hashes, no sources, SUMS, --verify byte-exact; inferred kept,
    # claims == len(ledger), gate_report.pass; .src.html and the fragment skipped, file locators null
    long_quote = "Kestrel Valley Rail runs the Orchard Line between Brindle Cross and Halloway Quay."
    cid = add_claim(grounded, "Kestrel Valley Rail runs the Orchard Line from Brindle Cross to Halloway Quay.",
                    "line.route", evidence=[ev(grounded, ids["operator-status"], long_quote)])
    write_plan(grounded, [*claims.values(), cid])
    render(grounded, [*claims.values(), cid])
    for name in ("answer.src.html", "ledger.fragment.html"):
        with open(os.path.join(grounded, "build", name), "w", encoding="utf-8") as fh:
            fh.write("<p>draft</p>\n")
    with open(os.path.join(grounded, "build", "verify.json"), "w", encoding="utf-8") as fh:
        json.dump({"pass": True, "gates": []}, fh)
    r = ok(sb("package", "--out", "dist", "--public", cwd=grounded))
    assert r.out.startswith("packaged "), r.out
    dist = os.path.join(grounded, "dist")
    assert not os.path.exists(os.path.join(dist, "sources"))
    assert not os.path.exists(os.path.join(dist, "answer.src.html"))
    assert not os.path.exists(os.path.join(dist, "ledger.fragment.html"))
    assert os.path.isfile(os.path.join(dist, "verify.json"))
    sums = _sums(dist)
    for rel, digest in sums.items():
        with open(os.path.join(dist, rel), "rb") as fh:
            assert hashlib.sha256(fh.read()).hexdigest() == digest, rel
    led = json.loads(read(os.path.join(dist, "ledger.json")))
    assert led["visibility"] == "public"
    entries = {e["id"]: e for e in led["ledger"]}
    assert claims["busy"] in entries and entries[claims["busy"]]["ordinal"] is None
    for e in entries.values():
        for item in e["evidence"]:
            if item.get("redacted"):
                assert item["quote"] == "" and len(item["quote_sha256"]) == 64 and item["length"] > 0
            else:
                assert len(item["quote"]) <= 200 and len(item["quote"].split()) <= 25
    prov = json.loads(read(os.path.join(dist, "PROVENANCE.json")))
    assert prov["claims"] == len(led["ledger"])
    assert prov["gate_report"].get("pass") is True
    assert all(s["locator"] is None for s in prov["sources"])
    r = ok(sb("package", "--verify", "--out", "dist", cwd=grounded))
    assert "byte-exact" in r.out


def test_at17_private_package_ships_sources(grounded, ids):
    # AT-17 (4): a private package ships sources/<id>/normalized.md
    ok(sb("package", "--out", "dist", "--private", cwd=grounded))
    for sid in ids.values():
        assert os.path.isfile(os.path.join(grounded, "dist", "sources", sid, "normalized.md"))
    assert json.loads(read(os.path.join(grounded, "dist", "ledger.json")))["visibility"] == "private"


# --------------------------------------------------------------------------- AT-18 .. AT-20

def test_at18_normalizer_version_bump(grounded, ids):
    # AT-18 (1): a recorded normalizer version this sb does not know is drift (amendment A14:
    # versions 1 and 2 are both known, a v1 source stays v1 until upgraded)
    sid = ids["trade-report"]
    path = os.path.join(grounded, "sources", sid, "source.json")
    rec = json.loads(read(path))
    rec["normalizer_version"] = 99
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-NORM-DRIFT\s+{sid}", r.both), r.both


def test_at18_edited_text(grounded, ids):
    # AT-18 (2): an edited normalized.md is drift
    sid = ids["forum-thread"]
    path = os.path.join(grounded, "sources", sid, "normalized.md")
    with open(path, "a", encoding="utf-8") as fh:
        fh.write("\nA sentence nobody wrote.\n")
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-NORM-DRIFT\s+{sid}", r.both), r.both


def test_at19_four_failures_block(grounded):
    # AT-19: four failing verifies cap revise_count at 3; BLOCKED escalates and never says `sb verify`
    path = os.path.join(grounded, "build", "answer.html")
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('<p><a href="#c-clm_deadbeef0000">x</a></p>\n')
    for _ in range(4):
        assert verify(grounded).rc == 2
    assert manifest(grounded)["revise_count"] == 3
    st = _status(grounded)
    assert st["state"] == "BLOCKED" and st["next"].startswith("ESCALATE")
    r = ok(sb("status", cwd=grounded))
    assert "sb verify" not in r.out.split("next", 1)[1]
    assert "sb unblock --reason" in r.out


@pytest.mark.slow
def test_at20_install_script_layouts(tmp_path):
    # AT-20: scripts/install.py --harness all writes the four contract layouts, the shim, portable skill
    p = subprocess.run([sys.executable, os.path.join(SCRIPTS, "install.py"), "--harness", "all", "--dest",
                        str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    for skill, cmds in ((".claude/skills/sourcebook", ".claude/commands"),
                        (".agents/skills/sourcebook", ".agents/commands"),
                        (".codex/skills/sourcebook", ".codex/prompts"),
                        (".cursor/skills/sourcebook", ".cursor/commands"),
                        (".hermes/skills/sourcebook", ".hermes/commands")):
        assert (tmp_path / skill / "SKILL.md").is_file(), skill
        assert (tmp_path / cmds / "sb-ask.md").is_file(), cmds
    shim = tmp_path / ".sourcebook" / "bin" / "sb"
    assert os.access(shim, os.X_OK)
    assert read(shim).startswith("#!/bin/sh") and "scripts/sb.py" in read(shim)
    forbidden = ("WebFetch", "Bash(", "str_replace", "read_file", "apply_patch", "mcp__")
    for dirpath, _, files in os.walk(tmp_path / ".claude" / "skills" / "sourcebook"):
        for f in files:
            if f.endswith(".md"):
                text = read(os.path.join(dirpath, f))
                assert not [t for t in forbidden if t in text], f


# --------------------------------------------------------------------------- AT-21

def test_at21a_missing_artifact_does_not_count(grounded):
    # AT-21a: a missing page shows the html and licenses rows and leaves the counter at 0
    os.remove(os.path.join(grounded, "build", "answer.html"))
    r = verify(grounded)
    assert r.rc == 2 and "E-HTML-MISSING" in r.both
    assert re.search(r"^  x html\b", r.out, re.M) and re.search(r"^  . licenses\b", r.out, re.M), r.out
    assert manifest(grounded)["revise_count"] == 0


def test_at21b_javascript_recheck(grounded, ids):
    # AT-21b: a javascript: recheck is refused by the gate and withheld by every ledger form
    cid = add_claim(grounded, "A single adult fare costs 4.80 pounds.", "fare.single", volatile=True,
                    as_of="2026-01-15", recheck="javascript:alert(1)",
                    evidence=[ev(grounded, ids["operator-status"], "A single adult fare costs 4.80 pounds")])
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-RECHECK-SCHEME\s+{cid}", r.both), r.both
    page = ok(sb("ledger", "--html", cwd=grounded)).out
    assert "recheck URL withheld" in page
    assert 'href="javascript:' not in page
    md = ok(sb("ledger", "--md", cwd=grounded)).out
    assert "](javascript:" not in md


def test_at21c_unapplied_then_applied_then_shown(grounded, ids, claims):
    # AT-21c: a recorded but unapplied both_stand is E-ADJ-UNAPPLIED; applied, the page hides one side;
    # shown, it passes
    from sourcebook.ids import cluster_id

    other = add_claim(grounded, "The Orchard Line carried 9,000 passengers a day.", "line.riders", kind="number",
                      conf="reported", evidence=[ev(grounded, ids["forum-thread"], "carried 9,000 passengers a day")])
    adj = json.dumps({"cluster_id": cluster_id("line.riders"), "topic_key": "line.riders",
                      "claim_ids": [claims["riders"], other], "outcome": "both_stand",
                      "reason": "the counts come from different seasons and methods"})
    ok(sb("adjudicate", "--json", adj, cwd=grounded))
    r = verify(grounded)
    assert r.rc == 2 and "E-ADJ-UNAPPLIED" in r.both and claims["riders"] in r.both, r.both
    ok(sb("adjudicate", "--apply", cwd=grounded))
    write_plan(grounded, [*claims.values(), other])
    render(grounded, list(claims.values()))
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-CONTESTED-HIDDEN\s+{other}", r.both), r.both
    ok(sb("unblock", "--reason", "both counts are now on the page", cwd=grounded))
    render(grounded, [*claims.values(), other])
    assert verify(grounded).rc == 0


def test_at21d_late_claim_reopens_cluster(grounded, ids, claims):
    # AT-21d: a claim that joins an adjudicated cluster reopens it and is named
    from sourcebook.ids import cluster_id

    other = add_claim(grounded, "The Orchard Line carried 9,000 passengers a day.", "line.riders", kind="number",
                      conf="reported", evidence=[ev(grounded, ids["forum-thread"], "carried 9,000 passengers a day")])
    cls = cluster_id("line.riders")
    ok(sb("adjudicate", "--apply", "--json", json.dumps({
        "cluster_id": cls, "topic_key": "line.riders", "claim_ids": [claims["riders"], other],
        "outcome": "both_stand", "reason": "the counts come from different seasons and methods"}), cwd=grounded))
    late = add_claim(grounded, "The Orchard Line carried 12,500 passengers a day.", "line.riders", kind="number",
                     conf="reported", evidence=[ev(grounded, ids["forum-thread"], "carried 9,000 passengers a day")])
    r = sb("contradictions", cwd=grounded)
    assert "OPEN" in r.out and late in r.out, r.both
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-CLUSTER-OPEN\s+{cls}.*{late}", r.both), r.both


def test_at21e_data_uri_key_label_and_nc(grounded):
    # AT-21e: a data-URI image is keyed by its digest (the key licenses prints); NC refused
    from sourcebook.licenses import data_uri_name

    src = "data:image/png;base64," + base64.b64encode(PNG).decode()
    key = data_uri_name(src)
    path = os.path.join(grounded, "build", "answer.html")
    page = read(path).replace("<!-- /SB:BODY -->", f'<img src="{src}" alt="dot">\n<!-- /SB:BODY -->')
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    r = sb("licenses", cwd=grounded)
    assert r.rc == 2 and re.search(rf"E-IMG-UNCREDITED\s+{re.escape(key)}", r.both), r.both
    with open(os.path.join(grounded, "assets", "credits.json"), "w", encoding="utf-8") as fh:
        json.dump({key: {"origin": "sourced", "source": "https://x.example/", "credit": "Dot", "license": "CC BY-NC 4.0"}},
                  fh)
    r = sb("licenses", cwd=grounded)
    assert r.rc == 2 and "E-IMG-LICENSE" in r.both, r.both


def test_at21f_data_asset_key(grounded):
    # AT-21f: data-asset names the credit entry
    path = os.path.join(grounded, "build", "answer.html")
    page = read(path).replace("<!-- /SB:BODY -->",
                              '<img src="data:image/png;base64,AAAA" data-asset=" dot.png " alt="dot">\n<!-- /SB:BODY -->')
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    with open(os.path.join(grounded, "assets", "credits.json"), "w", encoding="utf-8") as fh:
        json.dump({"dot.png": {"origin": "sourced", "source": "https://x.example/", "credit": "Dot",
                               "license": "CC0"}}, fh)
    r = sb("licenses", cwd=grounded)
    assert r.rc == 0 and "1 asset(s), 1 referenced" in r.out, r.both


# --------------------------------------------------------------------------- AT-22

def test_at22a_find_inexact_and_nomatch(indexed, ids):
    # AT-22a: whitespace-different text gives E-FIND-INEXACT and the `sb quote` to use; unknown text NOMATCH
    sid = ids["operator-status"]
    r = sb("find", sid, "Weekend  trains\nstop at Marrow Bridge", cwd=indexed)
    assert r.rc == 1 and re.search(rf"E-FIND-INEXACT\s+{sid}\s+\d+\.\.\d+", r.both), r.both
    assert f"sb quote {sid}" in r.both
    r = sb("find", sid, "the moon is made of cheese", cwd=indexed)
    assert r.rc == 1 and re.search(rf"E-FIND-NOMATCH\s+{sid}", r.both), r.both


def _add_bytes(root, name, data: bytes, *extra):
    with open(os.path.join(root, "input", name), "wb") as fh:
        fh.write(data)
    r = sb("add", f"input/{name}", "--tier", "B", "--reason", "a legacy encoded page", *extra, cwd=root)
    assert r.rc == 0, r.both
    return r.out.split()[1]


def test_at22b_meta_cp1252(indexed):
    # AT-22b: a cp1252 page with a meta charset extracts to its real characters; find is exact
    raw = ('<html><head><meta charset="windows-1252"><title>Caf\u00e9 notes</title></head><body><article>'
           '<p>The caf\u00e9 at Halloway Quay serves \u201cgood\u201d tea and na\u00efve scones to every traveller '
           'on the Orchard Line, which is a long sentence so the article has enough text in it to count as '
           'the main content of this page for the extractor and its heuristics.</p></article></body></html>')
    sid = _add_bytes(indexed, "cafe.html", raw.encode("cp1252"))
    ok(sb("extract", cwd=indexed))
    rec = json.loads(read(os.path.join(indexed, "sources", sid, "source.json")))
    assert rec["charset"] == "windows-1252"
    text = read(os.path.join(indexed, "sources", sid, "normalized.md"))
    assert "caf\u00e9 at Halloway Quay serves \u201cgood\u201d tea" in text and "\ufffd" not in text
    ok(sb("find", sid, "\u201cgood\u201d tea and na\u00efve scones", cwd=indexed))


def test_at22c_undeclared_cp1252_then_charset_fixed(indexed):
    # AT-22c: undeclared cp1252 bytes decode with U+FFFD; setting the charset and --force fixes it
    sid = _add_bytes(indexed, "notes.txt", "Tea at the caf\u00e9 costs \u00a32.\n".encode("cp1252"))
    ok(sb("extract", cwd=indexed))
    path = os.path.join(indexed, "sources", sid, "source.json")
    assert "\ufffd" in read(os.path.join(indexed, "sources", sid, "normalized.md"))
    rec = json.loads(read(path))
    rec["charset"] = "windows-1252"
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    ok(sb("extract", "--force", cwd=indexed))
    assert read(os.path.join(indexed, "sources", sid, "normalized.md")) == "Tea at the caf\u00e9 costs \u00a32.\n"


BLOCKED = ["http://127.0.0.1/", "http://localhost:8080/", "http://169.254.169.254/latest", "http://[::1]/",
           "http://[::ffff:127.0.0.1]/", "http://10.1.2.3/", "http://192.168.0.1/", "http://172.16.4.5/",
           "http://0.0.0.0/", "http://224.0.0.1/", "http://240.0.0.1/", "file:///etc/passwd",
           "javascript:alert(1)", "http://user:secret@169.254.169.254/"]


@pytest.mark.parametrize("url", BLOCKED)
def test_at22d_fetch_guard_urls(url):
    # AT-22d: the fourteen refused URLs
    from sourcebook.collect import BlockedURL, assert_fetchable

    with pytest.raises(BlockedURL) as info:
        assert_fetchable(url)
    assert "blocked" in str(info.value)


def test_at22e_redirect_to_link_local():
    # AT-22e: a redirect into link-local is refused before fp or headers are used
    from sourcebook.collect import BlockedURL, _GuardedRedirects

    with pytest.raises(BlockedURL) as info:
        _GuardedRedirects().redirect_request(None, None, 302, "Found", {}, "http://169.254.169.254/latest/meta-data")
    assert "link-local" in str(info.value)


def test_at22f_script_mode_add_blocked(indexed):
    # AT-22f: script mode refuses a loopback URL: rc 2, E-ADD-FAILED "blocked", a failed record, no raw
    ok(sb("config", "set", "capabilities.web_fetch=script", cwd=indexed))
    before = set(os.listdir(os.path.join(indexed, "sources")))
    r = sb("add", "http://127.0.0.1:9/x", "--tier", "C", "--reason", "loopback test", cwd=indexed)
    assert r.rc == 2 and re.search(r"E-ADD-FAILED\s+http://127\.0\.0\.1:9/x\s+.*blocked", r.both), r.both
    new = set(os.listdir(os.path.join(indexed, "sources"))) - before
    assert len(new) == 1
    folder = os.path.join(indexed, "sources", new.pop())
    rec = json.loads(read(os.path.join(folder, "source.json")))
    assert rec["status"] == "failed" and rec["raw_sha256"] == ""
    assert not [f for f in os.listdir(folder) if f.startswith("raw")]
    from sourcebook.manifest import check
    assert check(rec, "source", "source") == []


def test_at22g_unblock_flow(grounded):
    # AT-22g: unblock needs a reason, clears the counter and records the reason in history
    path = os.path.join(grounded, "build", "answer.html")
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('<p><a href="#c-clm_deadbeef0000">x</a></p>\n')
    for _ in range(3):
        verify(grounded)
    assert _status(grounded)["state"] == "BLOCKED"
    assert sb("unblock", "--reason", "", cwd=grounded).rc == 1
    r = ok(sb("unblock", "--reason", "the user chose to drop the stray link", cwd=grounded))
    assert "unblocked  revise_count = 0, blockers cleared" in r.out
    m = manifest(grounded)
    assert m["revise_count"] == 0 and m["blockers"] == []
    assert m["history"][-1]["note"] == "unblocked: the user chose to drop the stray link"
    assert _status(grounded)["state"] != "BLOCKED"


# --------------------------------------------------------------------------- hostile inputs

def test_unwritable_out_path_is_a_clear_error(grounded):
    # an --out below a regular file cannot be written: E-IO naming the path, exit 1, no E-INTERNAL
    blocker = os.path.join(grounded, "build", "answer.html")
    before = read(blocker)
    for argv in (("ledger", "--html", "--out", "build/answer.html/ledger.html"),
                 ("template", "brief", "--out", "build/answer.html/brief.html")):
        r = sb(*argv, cwd=grounded)
        assert r.rc == 1, r.both
        assert "E-INTERNAL" not in r.both and re.search(r"^E-IO  \S*build/answer\.html", r.err, re.M), r.both
    assert read(blocker) == before


@pytest.mark.parametrize("damage", [b"\xff\xfe{garbage", b"src_"])
def test_damaged_index_file_says_rebuild(indexed, damage):
    # a damaged index file (a segment's docs.txt) is E-SEARCH naming the file and `sb index`,
    # never E-INTERNAL (the index is segments named by index/lexical.json: the file damaged is
    # the live segment's)
    seg = json.loads(read(os.path.join(indexed, "index", "lexical.json")))["segments"][0]["name"]
    with open(os.path.join(indexed, "index", seg, "docs.txt"), "wb") as fh:
        fh.write(damage)
    for q in ("orchard", "passengers"):
        r = sb("search", q, cwd=indexed)
        assert r.rc == 2, r.both
        assert re.search(rf"^E-SEARCH  index/{seg}/docs\.txt  unreadable .*sb index", r.err, re.M), r.both
    ok(sb("index", cwd=indexed))
    assert "src_" in ok(sb("search", "passengers", cwd=indexed)).out


def test_damaged_recheck_trail_fails_the_gate(grounded, ids):
    # a re-check trail whose latest line has damaged citations is E-RECHECK-TRAIL naming the file
    sid = ids["operator-status"]
    with open(os.path.join(grounded, "sources", sid, "rechecks.jsonl"), "w", encoding="utf-8") as fh:
        fh.write('{"checked_via": "live", "checked_at": "2026-01-01T00:00:00Z", "citations": [1, 2]}\n')
    r = verify(grounded)
    assert r.rc == 2 and "E-INTERNAL" not in r.both
    assert re.search(rf"E-RECHECK-TRAIL\s+sources/{sid}/rechecks\.jsonl", r.both), r.both


# --------------------------------------------------------------------------- packages, BLOCKED, late claims

def _resum(out):
    """Write SHA256SUMS again after an edit, the way someone covering their tracks would."""
    rows = []
    for dirpath, _, names in os.walk(out):
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), out).replace(os.sep, "/")
            if rel not in ("SHA256SUMS", "SHA256SUMS.sig"):
                with open(os.path.join(out, rel), "rb") as fh:
                    rows.append(f"{hashlib.sha256(fh.read()).hexdigest()}  {rel}")
    with open(os.path.join(out, "SHA256SUMS"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(sorted(rows, key=lambda r: r.split("  ", 1)[1])) + "\n")


def test_at17_inference_recorded_after_the_build_needs_no_re_render(grounded):
    # AT-17 as the original kit writes it: after the full build an inferred claim is recorded and
    # `sb verify` passes with the page as it is; the public package carries the inference
    page = read(os.path.join(grounded, "build", "answer.html"))
    late = add_claim(grounded, "This is an explicitly labelled editorial synthesis.", "line.synthesis",
                     kind="interpretation", conf="inferred", notes="No source; author's synthesis.")
    r = sb("verify", "--json", cwd=grounded)
    assert r.rc == 0, r.both
    with open(os.path.join(grounded, "build", "verify.json"), "w", encoding="utf-8") as fh:
        fh.write(r.out)
    assert read(os.path.join(grounded, "build", "answer.html")) == page
    ok(sb("package", "--public", "--out", "dist", cwd=grounded))
    led = json.loads(read(os.path.join(grounded, "dist", "ledger.json")))
    assert late in {c["id"] for c in led["ledger"]}
    prov = json.loads(read(os.path.join(grounded, "dist", "PROVENANCE.json")))
    assert prov["claims"] == len(led["ledger"]) and prov["gate_report"]["pass"] is True
    assert os.path.isfile(os.path.join(grounded, "dist", "verify.json"))
    ok(sb("package", "--verify", "--out", "dist", cwd=grounded))


def test_late_claim_the_page_cites_needs_its_ledger_entry(grounded, claims):
    # a block that cites a claim recorded after the ledger was injected: the page's ledger lacks it
    late = add_claim(grounded, "The line is quietest on Sunday evenings.", "line.quiet", conf="inferred")
    path = os.path.join(grounded, "build", "answer.html")
    page = read(path)
    block = f'<p data-claim="{late}">The line is quietest on Sunday evenings. <span class="mark m-thin">thin</span></p>'
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page.replace("<!-- /SB:BODY -->", block + "\n<!-- /SB:BODY -->", 1))
    r = verify(grounded)
    assert r.rc == 2 and re.search(rf"E-DERIVED-DRIFT\s+build/answer\.html:\d+\s+the injected ledger has no entry "
                                   rf"for {late}", r.both), r.both


def test_late_claim_does_not_excuse_an_edited_entry(grounded, claims):
    # the entries a page shows are still compared byte for byte once a later claim exists
    add_claim(grounded, "This is an explicitly labelled editorial synthesis.", "line.synthesis", conf="inferred")
    path = os.path.join(grounded, "build", "answer.html")
    page = read(path)
    a = page.index("<!-- SB:LEDGER -->")
    edited = page[:a] + page[a:].replace("4,200 passengers", "4,900 passengers", 1)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(edited)
    r = verify(grounded)
    assert r.rc == 2 and "E-DERIVED-DRIFT" in r.both and "4,900" in r.both, r.both


@pytest.mark.parametrize("public", [False, True])
def test_package_verify_reruns_the_page_gates_on_shipped_pages(grounded, public):
    # an edited page with SHA256SUMS written again still fails `sb package --verify`
    ok(sb("package", "--out", "dist", *(["--public"] if public else []), cwd=grounded))
    dist = os.path.join(grounded, "dist")
    ok(sb("package", "--verify", "--out", "dist", cwd=grounded))
    path = os.path.join(dist, "answer.html")
    page = read(path)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page.replace("carried 4,200 passengers", "carried 5,200 passengers", 1))
    _resum(dist)
    r = sb("package", "--verify", "--out", "dist", cwd=grounded)
    assert r.rc == 2 and re.search(r"E-PAGE-FIGURE-UNBACKED\s+answer\.html:\d+", r.both), r.both
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page.replace("<!-- /SB:BODY -->", "<p>Tickets will be free for everyone next year.</p>\n"
                                                  "<!-- /SB:BODY -->", 1))
    _resum(dist)
    r = sb("package", "--verify", "--out", "dist", cwd=grounded)
    assert r.rc == 2 and re.search(r"E-PAGE-UNCITED\s+answer\.html:\d+", r.both), r.both


def test_public_package_with_a_rendered_page_verifies(grounded, ids, claims):
    # a page rendered in its own reading order may print a quote the whole ledger's budget
    # withholds; the untouched public package still verifies, and an edited quote still fails
    A = ids["operator-status"]
    route = add_claim(grounded, "Kestrel Valley Rail runs the Orchard Line from Brindle Cross to Halloway Quay.",
                      "line.route", evidence=[ev(grounded, A, "Kestrel Valley Rail runs the Orchard Line between "
                                                              "Brindle Cross and Halloway Quay.")])
    fare = add_claim(grounded, "An adult single fare costs 4.80 pounds.", "line.fare",
                     kind="number", evidence=[ev(grounded, A, "A single adult fare costs 4.80 pounds since the fare "
                                                              "review.")])
    write_plan(grounded, [*claims.values(), route, fare])
    render(grounded, [*claims.values(), route, fare])
    with open(os.path.join(grounded, "fare.md"), "w", encoding="utf-8") as fh:
        fh.write(f"# What does a ticket cost?\n\nAn adult single fare costs 4.80 pounds [@{fare}]. "
                 f"The Orchard Line runs every 20 minutes on weekdays (as of 2026-01-15) [@{claims['freq']}].\n")
    ok(sb("render", "explainer", "--from", "fare.md", cwd=grounded))
    ok(verify(grounded))
    ok(sb("package", "--public", "--out", "pub", cwd=grounded))
    led = json.loads(read(os.path.join(grounded, "pub", "ledger.json")))
    fare_ev = next(e for e in led["ledger"] if e["id"] == fare)["evidence"][0]
    assert fare_ev.get("redacted") is True  # the fourth quote of one source: beyond the whole ledger's budget
    assert "4.80 pounds since the fare review.</q>" in read(os.path.join(grounded, "pub", "explainer.html"))
    r = ok(sb("package", "--verify", "--out", "pub", cwd=grounded))
    assert "byte-exact" in r.out
    path = os.path.join(grounded, "pub", "explainer.html")
    page = read(path)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page.replace("4.80 pounds since the fare review.</q>", "4.20 pounds since the fare review.</q>"))
    _resum(os.path.join(grounded, "pub"))
    r = sb("package", "--verify", "--out", "pub", cwd=grounded)
    assert r.rc == 2 and "E-DERIVED-DRIFT  explainer.html:" in r.both and "4.20 pounds" in r.both, r.both


def test_a_pass_does_not_leave_blocked(grounded):
    # BLOCKED is left only through `sb unblock --reason`: a passing run says so and keeps it
    path = os.path.join(grounded, "build", "answer.html")
    page = read(path)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('<p><a href="#c-clm_deadbeef0000">x</a></p>\n')
    for _ in range(3):
        assert verify(grounded).rc == 2
    assert _status(grounded)["state"] == "BLOCKED"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    r = verify(grounded)
    assert r.rc == 0 and "PASS" in r.out, r.both
    assert "stays BLOCKED" in r.out and 'sb unblock --reason "<what the user decided>"' in r.out, r.out
    assert manifest(grounded)["revise_count"] == 3 and manifest(grounded)["state"] == "BLOCKED"
    assert _status(grounded)["state"] == "BLOCKED"
    doc = json.loads(sb("verify", "--json", cwd=grounded).out)
    assert doc["pass"] is True and doc["state"] == "BLOCKED" and "sb unblock --reason" in doc["next"]
    r = sb("package", "--out", "dist", cwd=grounded)
    assert r.rc == 2 and "E-STATE" in r.both and not os.path.exists(os.path.join(grounded, "dist")), r.both
    ok(sb("unblock", "--reason", "the user removed the stray link", cwd=grounded))
    r = ok(verify(grounded))
    assert "BLOCKED" not in r.both
    assert manifest(grounded)["state"] == "VERIFY" and _status(grounded)["state"] != "BLOCKED"
    ok(sb("package", "--out", "dist", cwd=grounded))


def test_public_package_source_names_it_records_are_compared(grounded):
    # a public package withholds only file-name titles; a recorded title renamed in a page's
    # ledger (a trade review passed off as an official notice) fails, SHA256SUMS rewritten or not
    ok(sb("package", "--public", "--out", "pub", cwd=grounded))
    path = os.path.join(grounded, "pub", "answer.html")
    page = read(path)
    assert "Orchard Line review" in page
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page.replace("Orchard Line review", "Ministry of Transport notice"))
    _resum(os.path.join(grounded, "pub"))
    r = sb("package", "--verify", "--out", "pub", cwd=grounded)
    assert r.rc == 2 and "E-DERIVED-DRIFT  answer.html:" in r.both and "Ministry of Transport" in r.both, r.both
