"""Lint time for a generated ~130 KB page with 200 CSS rules (descendant selectors) and a few
thousand text nodes. Target: under 0.5 s. Prints a small table; not part of the test suite."""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))

from sourcebook.domain.lint.runner import lint_html  # noqa: E402


def make_page(n_rules: int = 200, n_sections: int = 48) -> str:
    css = [":root { --ink: #1b1d21; --muted: #4d5560; --ground: #ffffff; }",
           "body { background: var(--ground); color: var(--ink); font-family: Georgia, serif; }"]
    for i in range(n_rules - 2):
        k = i % 12
        css.append(f".s{k} .b{i % 20} p span.t{i % 7} {{ color: var(--ink); margin: {i % 5}px; }}"
                   if i % 3 else f"main section.s{k} > div.b{i % 20} em {{ color: var(--muted); }}")
    body = []
    for s in range(n_sections):
        body.append(f'<section class="s{s % 12}"><h2>Section {s}</h2>')
        for b in range(4):
            body.append(f'<div class="b{(s + b) % 20}">')
            for p in range(3):
                body.append("<p>" + " ".join(f'<span class="t{(s + p + w) % 7}">word{w} text</span> <em>note</em>'
                                             for w in range(4)) + "</p>")
            body.append("</div>")
        body.append("</section>")
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width\"><title>Bench</title><style>\n"
            + "\n".join(css) + "\n</style></head><body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def main() -> int:
    page = make_page()
    best = cpu = float("inf")
    for _ in range(5):
        t0, c0 = time.perf_counter(), time.process_time()
        rep = lint_html(page, file="bench.html")
        best, cpu = min(best, time.perf_counter() - t0), min(cpu, time.process_time() - c0)
    texts = page.count("</span>") + page.count("</em>") + page.count("</h2>")
    print("lint bench")
    print(f"  page size            {len(page.encode()) / 1024:.0f} KB")
    print(f"  css rules            {page.count('{') - page.count('{{')}")
    print(f"  text nodes (approx)  {texts}")
    print(f"  findings             {len(rep.findings)} ({rep.unresolved} unresolved)")
    print(f"  lint wall time       {best:.3f} s (best of 5)   target < 0.5 s   {'ok' if best < 0.5 else 'SLOW'}")
    print(f"  lint CPU time        {cpu:.3f} s (best of 5)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
