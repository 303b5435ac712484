"""Extraction precision and recall on the snippet set: pages of every kind and language.

Runs the same bytes-to-text path as ``sb normalize page.html`` over every page of
``$SB_BENCH_DATA/snippets`` and scores it by the set's own metric: the extracted text and each
snippet are whitespace-normalised (runs of white space become one space); a ``with`` snippet
found in the text is a true positive, one missing a false negative; a ``without`` snippet found
is a false positive, one missing a true negative. Counts are pooled over all pages:
precision = tp/(tp+fp), recall = tp/(tp+fn), F1 = 2tp/(2tp+fp+fn), accuracy = (tp+tn)/all.
Pages per second is CPU time of this process, decoding included. A second line scores the text
less its ``::: caption`` blocks, for information (the figures above score the whole text).

``--worst N`` lists the N pages with the most misses, ``--page ID`` prints one page's text and
which of its snippets it got wrong.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import bench_data  # noqa: E402

from sourcebook.engines.convert.pipeline import extract_bytes  # noqa: E402
from sourcebook.engines.html.captions import caption_spans  # noqa: E402

_WS = re.compile(r"\s+")


def data_dir() -> str:
    return bench_data.data_dir("snippets", "bench-snippets")


def flat(text: str) -> str:
    return _WS.sub(" ", text).strip()


def normalize_page(raw: bytes) -> str:
    out, _charset = extract_bytes(raw, media_type="text/html", path="page.html")
    return out.text


def prose_only(text: str) -> str:
    """The text less its caption blocks (for the second, informative figure)."""
    for a, b in reversed(caption_spans(text)):
        text = text[:a] + text[b:]
    return text


def judge(text: str, item: dict) -> tuple[list[str], list[str], int, int]:
    """(missing `with` snippets, found `without` snippets, tp, tn) for one page."""
    got = flat(text)
    missing = [s for s in item.get("with", []) if flat(s) not in got]
    found = [s for s in item.get("without", []) if flat(s) in got]
    tp = len(item.get("with", [])) - len(missing)
    tn = len(item.get("without", [])) - len(found)
    return missing, found, tp, tn


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worst", type=int, default=0)
    ap.add_argument("--page")
    args = ap.parse_args()
    base = data_dir()
    evaldata = json.load(open(os.path.join(base, "evaldata.json"), encoding="utf-8"))
    pages = []
    for pid in sorted(evaldata):
        if args.page and pid != args.page:
            continue
        path = os.path.join(base, "html", pid + ".html.gz")
        if os.path.exists(path):
            with open(path, "rb") as f:
                pages.append((pid, gzip.decompress(f.read())))
    tp = fp = fn = tn = 0
    crashes: list[str] = []
    misses: list[tuple[int, str, list[str], list[str]]] = []
    t0 = time.process_time()
    texts: dict[str, str] = {}
    for pid, raw in pages:
        try:
            texts[pid] = normalize_page(raw)
        except Exception as exc:  # a crash is a finding of the benchmark, not of this script
            crashes.append(f"{pid}: {type(exc).__name__}: {exc}")
            texts[pid] = ""
    seconds = time.process_time() - t0
    ptp = pfp = pfn = 0
    for pid, _ in pages:
        missing, found, t_p, t_n = judge(texts[pid], evaldata[pid])
        tp, tn, fn, fp = tp + t_p, tn + t_n, fn + len(missing), fp + len(found)
        if missing or found:
            misses.append((len(missing) + len(found), pid, missing, found))
        p_missing, p_found, p_tp, _ = judge(prose_only(texts[pid]), evaldata[pid])
        ptp, pfp, pfn = ptp + p_tp, pfp + len(p_found), pfn + len(p_missing)
    if args.page:
        print(texts.get(args.page, ""))
        for _, _, missing, found in misses:
            for s in missing:
                print(f"MISSING  {s[:120]}")
            for s in found:
                print(f"KEPT     {s[:120]}")
        return 0
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    total = tp + fp + fn + tn
    print(f"snippet benchmark  {base}")
    print(f"  pages        {len(pages)}")
    print(f"  precision    {precision:.3f}")
    print(f"  recall       {recall:.3f}")
    print(f"  F1           {f1:.3f}")
    print(f"  accuracy     {(tp + tn) / total if total else 0.0:.3f}")
    print(f"  prose only   P {ptp / ((ptp + pfp) or 1):.3f}  R {ptp / ((ptp + pfn) or 1):.3f}  "
          f"F1 {2 * ptp / ((2 * ptp + pfp + pfn) or 1):.3f}  (caption blocks left out; for information)")
    print(f"  pages/s      {len(pages) / seconds:.1f}  (CPU time of this process, decoding included)")
    print(f"  crashes      {len(crashes)}")
    for c in crashes:
        print(f"  crash  {c}")
    if args.worst:
        for _n, pid, missing, found in sorted(misses, key=lambda m: (-m[0], m[1]))[: args.worst]:
            print(f"  {pid}  missing {len(missing)}  kept {len(found)}  {evaldata[pid].get('url', '')[:60]}")
    return 0 if not crashes else 1


if __name__ == "__main__":
    sys.exit(main())
