"""Ledger benchmarks on the real-text corpus (size L by default).

    python3 bench/bench_ledger.py [--size S|M|L] [--claims 1000]

Builds a workspace under bench-work/ledger-<size>/ whose sources are the corpus files (added and
extracted by `sb add` and `sb extract`), one quoted sentence per file, then times each section in a fresh `sb`
process and prints one line per figure. Sections are plain functions listed in SECTIONS, so
more can be appended.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
CORPUS = os.environ.get("SB_BENCH_CORPUS", "/work/shared/bench/corpus/corpus.tar.xz")
WORK = os.path.join(ROOT, "bench-work")
SB = [sys.executable, os.path.join(ROOT, "scripts", "sb.py")]
# Each sb process times as an installed one runs: from compiled bytecode (kept in a folder of its
# own, even where PYTHONDONTWRITEBYTECODE is set), not compiling its hundred modules again.
# the verify cache as the user's own commands (`sb add`, `sb extract`) left it
KEPT = os.path.join(WORK, "ledger-verify-kept")
ENV = dict({k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
           PYTHONPYCACHEPREFIX=os.path.join(WORK, "pycache"))
# a sentence of prose: it starts a line or follows a full stop, holds no markup, a link or an
# address, and ends with a full stop before a space or a line's end
_SENTENCE = re.compile(r"(?:^|(?<=\. ))[A-Z][a-z][^.\n\[\]()#`*<>|:_=/\\]{30,160}[a-z]\.(?=\s|$)", re.M)


def corpus_files(size: str) -> list[str]:
    """Paths of the corpus files of one size, unpacking the archive once."""
    base = os.path.join(WORK, "corpus")
    if not os.path.isdir(os.path.join(base, "L")):
        os.makedirs(base, exist_ok=True)
        with tarfile.open(CORPUS) as tar:
            tar.extractall(base, filter="data") if sys.version_info >= (3, 12) else tar.extractall(base)
    rows = open(os.path.join(base, "MANIFEST.tsv"), encoding="utf-8").read().splitlines()
    head = rows[0].split("\t")
    col = head.index(f"in_{size}")
    name = head.index("name") if "name" in head else 0
    out = []
    for row in rows[1:]:
        cells = row.split("\t")
        if cells[col].strip().lower() in ("1", "true", "yes", "y"):
            out.append(os.path.join(base, "L", cells[name]))
    return sorted(out)


def _writable(sentence: str) -> bool:
    """A sentence a careful writer would cite on a page as it stands: within the quote budget
    (25 words) and free of what the design linter's copy rules refuse (a buzzword, an em dash,
    a stock phrase), so the bench's page is one that passes."""
    from sourcebook.domain.lint.copy_rules import _BUZZ_RE, _META

    return (len(sentence.split()) <= 25 and not _BUZZ_RE.search(sentence) and "\u2014" not in sentence
            and " -- " not in sentence and not any(p.search(sentence) for p in _META))


def build_workspace(size: str, n_claims: int) -> tuple[str, list[dict]]:
    """A workspace whose sources are the corpus files, added and extracted as a user does (one
    `sb add` of them all, then `sb extract`), and ``n_claims`` claim payloads (not added) quoting
    the canonical texts those commands wrote."""
    root = os.path.join(WORK, f"ledger-{size}")
    shutil.rmtree(root, ignore_errors=True)
    subprocess.run(SB + ["init", "--dir", root, "--question", "bench"], check=True, capture_output=True, env=ENV)
    files = corpus_files(size)
    # the files the user collected, in the workspace
    os.makedirs(os.path.join(root, "corpus"))
    for path in files:
        shutil.copyfile(path, os.path.join(root, "corpus", os.path.basename(path)))
    subprocess.run(SB + ["add", *("corpus/" + os.path.basename(p) for p in files), "--tier", "B",
                         "--reason", "benchmark corpus"], cwd=root, check=True, capture_output=True, env=ENV)
    subprocess.run(SB + ["extract"], cwd=root, check=True, capture_output=True, env=ENV)
    # what those commands recorded for verify, put back before the import (see section_claim_import)
    shutil.rmtree(KEPT, ignore_errors=True)
    if os.path.isdir(os.path.join(root, ".sb-cache", "verify")):
        shutil.copytree(os.path.join(root, ".sb-cache", "verify"), KEPT)
    # each source's id and canonical text, read back from the workspace
    by_locator: dict[str, str] = {}
    for sid in sorted(os.listdir(os.path.join(root, "sources"))):
        with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
            by_locator[json.load(fh)["locator"]] = sid
    written: list[tuple[str, str, str]] = []
    for path in files:
        sid = by_locator["corpus/" + os.path.basename(path)]
        with open(os.path.join(root, "sources", sid, "normalized.md"), encoding="utf-8", newline="") as fh:
            written.append((path, sid, fh.read()))
    claims: list[dict] = []
    # a sentence that more documents share (a template's) is no document's own
    shared = Counter(q for _, _, text in written for q in {m.group(0) for m in _SENTENCE.finditer(text)})
    own: list[tuple[str, str, list[str]]] = []
    for path, sid, text in written:
        quotes = [q for q in dict.fromkeys(m.group(0) for m in _SENTENCE.finditer(text))
                  if shared[q] == 1 and text.count(q) == 1 and _writable(q)]
        own.append((re.sub(r"[^a-z0-9]+", "-", os.path.splitext(os.path.basename(path))[0].lower()), sid, quotes))
    # one sentence of each document, then a second of each, ...: each claim restates its quote,
    # filed under a topic of its own document
    for k in range(max((len(q) for _, _, q in own), default=0)):
        for topic, sid, quotes in own:
            if k < len(quotes) and len(claims) < n_claims:
                claims.append({"text": quotes[k], "topic_key": f"bench.{topic}.{k + 1}", "kind": "fact",
                               "confidence": "reported", "evidence": [{"source_id": sid, "quote": quotes[k]}]})
    return root, claims[:n_claims]


VERIFY_TARGET = 0.2  # seconds, a whole `sb verify` of 1,000 claims


def timed(argv: list[str], cwd: str, target: float | None = None) -> tuple[str, subprocess.CompletedProcess]:
    """Run sb in a new process; returns "<wall> s wall, <cpu> s cpu" (cpu is steadier on a busy
    machine), and the wall time beside ``target`` when there is one."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run((argv if argv[:1] == [sys.executable] else SB + argv), cwd=cwd, capture_output=True,
                          text=True, env=ENV)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    beside = f"  [target <= {target:.3f} s: {'ok' if wall <= target else 'MISS'}]" if target is not None else ""
    return f"{wall:.3f} s wall, {cpu:.3f} s cpu{beside}", proc


def section_verify_empty(root: str, claims: list[dict]) -> None:
    """sb verify with no claims yet, beside a bare interpreter's start (its target: near it, taken
    as the read-only commands' 2x): the first run after `sb add` and `sb extract`, which hashes
    every text and capture they wrote (too young to be remembered by identity), and a repeat."""
    walls = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], cwd=root, capture_output=True, env=ENV)
        walls.append(time.perf_counter() - t0)
    start = sorted(walls)[1]
    secs, proc = timed(["verify"], root)
    print(f"verify        no claims, first run after add and extract: {secs}  (exit {proc.returncode}; "
          f"python3 -c pass: {start:.3f} s)")
    secs, proc = timed(["verify"], root, 2 * start)
    print(f"verify        no claims, repeat run: {secs}  (exit {proc.returncode})")


def _retitle(root: str) -> None:
    """What a careful user does with verify's E-SOURCE-TITLE-FIGURE (a title, here the one
    `sb add` gave, stating a number its text does not): set a title without it."""
    proc = subprocess.run(SB + ["verify", "--json", "--no-cache"], cwd=root, capture_output=True, text=True, env=ENV)
    rows = json.loads(proc.stdout)["gates"] if proc.stdout.strip() else []
    wrong = sorted({d["subject"] for g in rows for d in g["details"] if d["code"] == "E-SOURCE-TITLE-FIGURE"})
    for sid in wrong:
        with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
            title = json.load(fh)["title"]
        words = [w for w in title.split() if not any(ch.isdigit() for ch in w) and w.strip("-–—")]
        subprocess.run(SB + ["source", "set", sid, f"title={' '.join(words)}"], cwd=root, check=True,
                       capture_output=True)
    if wrong:
        print(f"              {len(wrong)} title(s) stating a number their text does not, set without it")


def section_claim_import(root: str, claims: list[dict]) -> None:
    path = os.path.join(root, "bench-claims.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"claims": claims}, fh)
    # what `verify` with no claims kept is dropped; what `sb add` and `sb extract` recorded stays
    shutil.rmtree(os.path.join(root, ".sb-cache", "verify"), ignore_errors=True)
    if os.path.isdir(KEPT):
        shutil.copytree(KEPT, os.path.join(root, ".sb-cache", "verify"))
    secs, proc = timed(["claim", "import", "--file", path], root)
    stored = proc.stdout.count("claim clm_")
    _retitle(root)
    print(f"claim import  {len(claims)} claims in one call: {secs}  ({stored} stored, exit {proc.returncode})")
    # the workflow's own first verify: only what the import recorded is cached
    secs, proc = timed(["verify"], root, VERIFY_TARGET if stored >= 1000 else None)
    print(f"verify        {stored} claims, no page, first run after the import: {secs}  (exit {proc.returncode})")
    secs, proc = timed(["ledger", "--html"], root)
    print(f"ledger --html {stored} claims: {secs}")
    secs, proc = timed(["contradictions"], root)
    print(f"contradictions {stored} claims: {secs}")


def _write_page(root: str, claims: list[dict]) -> None:
    """plan.json placing every claim, and build/answer.html citing each with the injected ledger."""
    import html as _html

    from sourcebook.engines.ledger import ledger_model as lm

    ids = [c["id"] for c in claims if c.get("status") == "active"]
    with open(os.path.join(root, "plan.json"), "w", encoding="utf-8") as fh:
        json.dump({"schema_version": 1, "type": "answer", "title": "Bench", "thesis": "A benchmark page.",
                   "sections": [{"id": "all", "heading": "All", "claim_ids": ids}]}, fh)
    by = {c["id"]: c for c in claims}
    blocks = []
    for n, cid in enumerate(ids, 1):
        spans = "".join(f'<span class="mark {m}"></span>' for m in lm.marks(by[cid]))
        blocks.append(f'<p data-claim="{cid}">{_html.escape(by[cid]["text"])} {spans}'
                      f'<sup class="ref"><a href="#c-{cid}">{n}</a></sup></p>')
    page = ('<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">'
            "<title>Bench</title></head><body><main>" + "\n".join(blocks)
            + '<p class="mark-legend">marks</p></main>\n<!-- SB:LEDGER -->\n<!-- /SB:LEDGER -->\n</body></html>\n')
    with open(os.path.join(root, "build", "answer.html"), "w", encoding="utf-8") as fh:
        fh.write(page)
    subprocess.run(SB + ["ledger", "--html", "--out", "build/ledger.html"], cwd=root, check=True, capture_output=True)
    subprocess.run(SB + ["inject", "build/answer.html", "--ledger", "build/ledger.html"], cwd=root, check=True,
                   capture_output=True)


def section_verify(root: str, claims: list[dict]) -> None:
    """sb verify over 100 and all claims: the workspace gates alone, then with the page; each
    from scratch, filling the cache, and repeated."""
    path = os.path.join(root, "ledger", "claims.json")
    with open(path, encoding="utf-8") as fh:
        full = json.load(fh)
    for n in (100, len(full["claims"])):
        subset = dict(full, claims=full["claims"][:n])
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(subset, fh)
        for name in ("plan.json", os.path.join("build", "answer.html")):
            if os.path.exists(os.path.join(root, name)):
                os.unlink(os.path.join(root, name))
        target = VERIFY_TARGET if n >= 1000 else None
        _verify_runs(root, f"{n} claims, no page", target)
        _write_page(root, subset["claims"])
        proc = _verify_runs(root, f"{n} claims, page + ledger", target)
        tail = proc.stdout.strip().splitlines()[-1:] + proc.stderr.strip().splitlines()[:1]
        print(f"              (exit {proc.returncode}: {' / '.join(tail)[:160]})")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(full, fh)


def _verify_runs(root: str, what: str, target: float | None = None) -> subprocess.CompletedProcess:
    """Verify from scratch, then twice more reusing the cache (the revision loop's case); the
    target is the repeat run's (a run from scratch, or one that fills the cache, has none)."""
    shutil.rmtree(os.path.join(root, ".sb-cache", "verify"), ignore_errors=True)
    secs, proc = timed(["verify", "--no-cache"], root)
    print(f"verify        {what}, from scratch (--no-cache): {secs}")
    secs, proc = timed(["verify"], root)
    print(f"verify        {what}, first run (fills the cache): {secs}")
    secs, proc = timed(["verify"], root, target)
    print(f"verify        {what}, repeat run: {secs}  (exit {proc.returncode})")
    return proc


SECTIONS = [section_verify_empty, section_claim_import, section_verify]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--size", default="L", choices=("S", "M", "L"))
    ap.add_argument("--claims", type=int, default=1000)
    args = ap.parse_args(argv)
    if not os.path.exists(CORPUS):
        print(f"bench_ledger: corpus not found at {CORPUS}; set SB_BENCH_CORPUS")
        return 0
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "scripts", "sourcebook")], env=ENV,
                   check=True)
    root, claims = build_workspace(args.size, args.claims)
    print(f"bench_ledger  size {args.size}: {len(os.listdir(os.path.join(root, 'sources')))} sources, "
          f"workspace built in {time.perf_counter() - t0:.1f} s")
    for section in SECTIONS:
        section(root, claims)
    return 0


if __name__ == "__main__":
    sys.exit(main())
