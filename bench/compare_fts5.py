#!/usr/bin/env python3
"""The segment index beside SQLite FTS5 on the same rows: the measurements behind the choice of
search engine written down in docs/architecture.md ("Why segments, not FTS5").

On one workspace of the real-text corpus (``bench-work/ws-L`` by default; built by
``bench/bench_search.py L`` when missing) it prints, for the segment index and for a contentless
FTS5 table over exactly the same chunks:

- build time and peak memory (a fresh process each);
- query p50/p95 as whole processes over ``queries.txt``, interleaved so machine load hits both;
- the common-word miss: an ordinary sentence that occurs nowhere, asked as a phrase (FTS5) and
  as ``sb find`` (what an agent pastes);
- whether a two-character CJK word and a Russian inflected word are found inside longer text;
- lines of code each needs.

    python3 bench/compare_fts5.py [WORKSPACE]
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))
import bench_search as B  # noqa: E402

MISS = "This sentence does not occur anywhere in the corpus at all."

FTS5_PHRASE = ("import sqlite3,sys;c=sqlite3.connect(sys.argv[1]);"
               "q='\"'+sys.argv[2].replace('\"','').rstrip('.')+'\"';"
               "print(c.execute('SELECT rowid FROM c WHERE c MATCH ? LIMIT 3',(q,)).fetchall())")


def _interleaved(a: list[str], b: list[str], queries: list[str], cwd: str) -> tuple[list[float], list[float]]:
    ta, tb = [], []
    for q in queries:
        ta.append(B.run(a + [q], cwd)[0])
        tb.append(B.run(b + [q], cwd)[0])
    return ta, tb


def _scripts_ok() -> dict[str, tuple[bool, bool]]:
    """(segment index, FTS5 unicode61) finding a word inside longer text, per script."""
    cases = {"Japanese 2-char word in a run": ("東京都の人口は増えた。", "東京"),
             "Chinese 2-char word in a run": ("北京市的人口增加了。", "北京"),
             "Russian word, other case": ("Паром ходит КАЖДЫЙ день.", "каждый")}
    out = {}
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    from sourcebook.engines.search.tokenize import tokenize

    for name, (text, word) in cases.items():
        ours = set(tokenize(word)) <= set(tokenize(text))
        con = sqlite3.connect(":memory:")
        con.execute("CREATE VIRTUAL TABLE c USING fts5(body, tokenize='unicode61 remove_diacritics 2')")
        con.execute("INSERT INTO c(body) VALUES (?)", (text,))
        fts = bool(con.execute("SELECT rowid FROM c WHERE c MATCH ?", ('"' + word + '"',)).fetchall())
        out[name] = (ours, fts)
    return out


def _loc(paths: list[str]) -> int:
    n = 0
    for p in paths:
        with open(os.path.join(REPO, "scripts", "sourcebook", p), encoding="utf-8") as fh:
            n += sum(1 for line in fh if line.strip() and not line.lstrip().startswith("#"))
    return n


def main() -> None:
    ws = sys.argv[1] if len(sys.argv) > 1 else os.path.join(B.WORK, "ws-L")
    if not os.path.isdir(os.path.join(ws, "index")):
        sys.exit(f"no indexed workspace at {ws}: run `python3 bench/bench_search.py L` first")
    data = B.data_dir()
    with open(os.path.join(data, "corpus", "queries.txt"), encoding="utf-8") as fh:
        queries = [q.strip() for q in fh if q.strip()]
    tmp = tempfile.mkdtemp()
    db = os.path.join(tmp, "fts5.db")
    fb, fmem, rc, _ = B.run([sys.executable, "-c", B.FTS5_BUILD, ws, db], ws)
    fcpu = B.CPU["last"]
    if rc:
        sys.exit("FTS5 build failed")
    sb_build, sb_mem, rc, _ = B.run(B.SB + ["index", "--rebuild"], ws)
    sb_cpu = B.CPU["last"]
    ours, theirs = _interleaved(B.SB + ["search"], [sys.executable, "-c", B.FTS5_QUERY, db], queries, ws)
    base = [B.run(B.PASS, ws)[0] for _ in range(10)]
    miss_ours = [B.run(B.SB + ["find", MISS], ws)[0] for _ in range(5)]
    miss_fts = [B.run([sys.executable, "-c", FTS5_PHRASE, db, MISS], ws)[0] for _ in range(5)]
    print(f"workspace {ws}")
    print(f"python3 -c pass            median {statistics.median(base):.3f} s")
    print(f"build   segments           {sb_build:6.2f} s wall  {sb_cpu:6.2f} s CPU  {sb_mem:5.0f} MB peak  "
          f"{B.du(os.path.join(ws, 'index')) / 1e6:.1f} MB on disk")
    print(f"build   FTS5 (contentless) {fb:6.2f} s wall  {fcpu:6.2f} s CPU  {fmem:5.0f} MB peak  "
          f"{os.path.getsize(db) / 1e6:.1f} MB on disk")
    print(f"search  segments           p50 {B.pct(ours, .5):.3f} s  p95 {B.pct(ours, .95):.3f} s (sb search, whole process)")
    print(f"search  FTS5               p50 {B.pct(theirs, .5):.3f} s  p95 {B.pct(theirs, .95):.3f} s (bare query, no spans)")
    print(f"miss    sb find            median {statistics.median(miss_ours):.3f} s  ({MISS!r})")
    print(f"miss    FTS5 phrase        median {statistics.median(miss_fts):.3f} s")
    for name, (a, b) in _scripts_ok().items():
        print(f"script  {name:<32} segments {'found' if a else 'MISSED'}  FTS5 unicode61 {'found' if b else 'MISSED'}")
    seg = ["domain/index/" + f for f in ("build.py", "manifest.py", "segments.py", "write.py", "search.py")]
    seg += ["engines/search/" + f for f in ("postings.py", "bm25.py")]
    print(f"code    segment index      {_loc(seg)} lines (build, merge, crash-safe commit, MaxScore search)")
    print("crash   segments           commit by one atomic rename of lexical.json; tested stopped at every write")
    print("crash   FTS5               SQLite transactions (journal); same guarantee, none of our code")


if __name__ == "__main__":
    main()
