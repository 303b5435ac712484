"""Extraction quality and speed on the article-extraction benchmark pages.

Runs the same bytes-to-text path as ``sb normalize page.html`` over every page and prints
precision, recall and F1 by the benchmark's own metric (4-token shingles of ``\\w+`` tokens,
per-page precision and recall averaged over pages, F1 of the two averages), pages per second
(CPU time of this process, so a busy machine does not distort it), empty pages, crashes, and
whether a second run gives byte-identical output. A second line scores the text less its
``::: caption`` blocks, for information (the figures above score the whole text).

Data: ``$SB_BENCH_DATA/extraction`` (default ``<repo>/../shared/bench``, then
``/work/shared/bench``). ``--worst N`` lists the N pages with the lowest F1, ``--page ID``
prints one page's extraction.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import sys
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import bench_data  # noqa: E402

from sourcebook.engines.convert.pipeline import extract_bytes  # noqa: E402
from sourcebook.engines.html.captions import caption_spans  # noqa: E402

_TOKEN = re.compile(r"\w+")


def data_dir() -> str:
    return bench_data.data_dir("extraction", "bench-extract")


def normalize_page(raw: bytes) -> str:
    """What `sb normalize page.html` prints: the one bytes-to-text path sb uses everywhere."""
    out, _charset = extract_bytes(raw, media_type="text/html", path="page.html")
    return out.text


def shingles(text: str) -> Counter:
    toks = _TOKEN.findall(text)
    return Counter(tuple(toks[i:i + 4]) for i in range(max(0, len(toks) - 3)))


def score(expected: str, got: str) -> tuple[float, float]:
    exp, ext = shingles(expected), shingles(got)
    tp = sum((exp & ext).values())
    fp = sum(ext.values()) - tp
    fn = sum(exp.values()) - tp
    if not ext:
        precision = 1.0 if not exp else 0.0
    else:
        precision = tp / (tp + fp)
    recall = tp / (tp + fn) if (tp + fn) else 1.0
    return precision, recall


def run_once(pages: list[tuple[str, bytes]]) -> tuple[dict[str, str], list[str], float]:
    out: dict[str, str] = {}
    crashes: list[str] = []
    t0 = time.process_time()
    for pid, raw in pages:
        try:
            out[pid] = normalize_page(raw)
        except Exception as exc:  # a crash is a finding of the benchmark, not of this script
            crashes.append(f"{pid}: {type(exc).__name__}: {exc}")
            out[pid] = ""
    return out, crashes, time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worst", type=int, default=0)
    ap.add_argument("--page")
    args = ap.parse_args()
    base = data_dir()
    truth = json.load(open(os.path.join(base, "ground-truth.json"), encoding="utf-8"))
    pages = []
    for name in sorted(os.listdir(os.path.join(base, "html"))):
        if name.endswith(".html.gz"):
            pid = name[: -len(".html.gz")]
            if args.page and pid != args.page:
                continue
            with open(os.path.join(base, "html", name), "rb") as f:
                pages.append((pid, gzip.decompress(f.read())))
    first, crashes, seconds = run_once(pages)
    if args.page:
        print(first.get(args.page, ""))
        return 0
    second, _, _ = run_once(pages)
    per_page = {}
    for pid, _ in pages:
        per_page[pid] = score(truth.get(pid, {}).get("articleBody", ""), first[pid])
    n = len(per_page)
    prose = {}
    for pid, _ in pages:
        text = first[pid]
        for a, b in reversed(caption_spans(text)):
            text = text[:a] + text[b:]
        prose[pid] = score(truth.get(pid, {}).get("articleBody", ""), text)
    prose_p = sum(p for p, _ in prose.values()) / n
    prose_r = sum(r for _, r in prose.values()) / n
    precision = sum(p for p, _ in per_page.values()) / n
    recall = sum(r for _, r in per_page.values()) / n
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    empty = sum(1 for t in first.values() if not t.strip())
    digest = lambda d: hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()  # noqa: E731
    print(f"extraction benchmark  {base}")
    print(f"  pages        {n}")
    print(f"  precision    {precision:.3f}")
    print(f"  recall       {recall:.3f}")
    print(f"  F1           {f1:.3f}")
    print(f"  prose only   P {prose_p:.3f}  R {prose_r:.3f}  F1 {2 * prose_p * prose_r / ((prose_p + prose_r) or 1):.3f}"
          "  (caption blocks left out; for information)")
    print(f"  pages/s      {n / seconds:.1f}  (CPU time of this process, decoding included)")
    print(f"  empty        {empty}")
    print(f"  crashes      {len(crashes)}")
    print(f"  identical    {'yes' if digest(first) == digest(second) else 'NO'} (second run)")
    for c in crashes:
        print(f"  crash  {c}")
    if args.worst:
        ranked = sorted(per_page.items(), key=lambda kv: (2 * kv[1][0] * kv[1][1] / ((kv[1][0] + kv[1][1]) or 1)))
        for pid, (p, r) in ranked[: args.worst]:
            print(f"  {pid[:16]}  P {p:.3f}  R {r:.3f}")
    return 0 if not crashes else 1


if __name__ == "__main__":
    sys.exit(main())
