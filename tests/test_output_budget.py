"""Output with a budget: on a 300-source workspace the default output of add, extract, chunk,
index and recheck --all stays a few lines (a summary, the first problems, counts, the next
command); --verbose and --json still give every source. And the progress line: on a terminal
only, after about two seconds."""

from __future__ import annotations

import io
import json
import os

import pytest
from conftest import sb

# one worker builds the 300-source workspace once for every test here (--dist loadgroup)
pytestmark = pytest.mark.xdist_group("output-budget")

N = 300
BUDGET = 15  # lines of stdout and stderr together


def _lines(r) -> int:
    return len((r.out + r.err).splitlines())


# session-wide: a worker that runs other modules' tests between these would build it again for a
# module-wide fixture, which pytest tears down whenever the next test is another module's
@pytest.fixture(scope="session")
def big(tmp_path_factory):
    root = tmp_path_factory.mktemp("budget")
    assert sb("init", cwd=root).rc == 0
    os.makedirs(root / "in")
    for i in range(N):
        (root / "in" / f"note-{i:03d}.md").write_text(
            f"# Note {i}\n\nThe ferry timetable number {i} lists every harbour stop. "
            f"Boats leave pier {i % 7} at dawn.\n", encoding="utf-8")
    files = sorted(f"in/{n}" for n in os.listdir(root / "in"))
    runs = {"add": sb("add", *files, "--tier", "B", "--reason", "budget test", cwd=root)}
    for cmd in ("extract", "chunk", "index"):
        runs[cmd] = sb(cmd, cwd=root)
    claims = []
    for sid in sorted(n for n in os.listdir(root / "sources") if n.startswith("src_")):
        text = (root / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
        quote = text.splitlines()[2].split(". ")[0] + "."
        claims.append({"text": f"Claim about {sid}.", "topic_key": f"t.{sid}", "kind": "fact", "confidence": "verified",
                       "evidence": [{"source_id": sid, "start": text.index(quote), "end": text.index(quote) + len(quote),
                                     "quote": quote}]})
    (root / "claims.in.json").write_text(json.dumps({"claims": claims}), encoding="utf-8")
    assert sb("claim", "add", "--file", "claims.in.json", cwd=root).rc == 0
    for i in (3, 50, 51):  # three sources edited at their origin: one quote gone, two moved
        p = root / "in" / f"note-{i:03d}.md"
        text = p.read_text(encoding="utf-8")
        p.write_text(text.replace("The ferry", "Note well. The ferry") if i != 3 else text.replace("timetable", "plan"),
                     encoding="utf-8")
    runs["recheck"] = sb("recheck", "--all", cwd=root)
    return root, runs


def test_the_group_runs_in_one_worker(request):
    """`make test` sends a group's tests to one worker (--dist loadgroup), which marks each of
    them in its node id: if a pytest or pytest-xdist upgrade stops it, every group here and
    elsewhere is spread over the workers, builds what it shares once per worker, and the
    groups that must run one at a time (module mtimes) run side by side."""
    if getattr(request.config.option, "loadgroup", False):
        assert request.node.nodeid.endswith("@output-budget"), request.node.nodeid


@pytest.mark.parametrize("cmd", ["add", "extract", "chunk", "index", "recheck"])
def test_default_output_stays_within_the_budget(big, cmd):
    _, runs = big
    r = runs[cmd]
    assert r.rc in (0, 2), r.both
    assert _lines(r) <= BUDGET, f"sb {cmd} printed {_lines(r)} lines:\n{r.both}"


def test_summaries_say_counts_and_the_next_command(big):
    root, runs = big
    assert f"{N} locator(s): {N} added, 0 exists, 0 pending, 0 failed" in runs["add"].out
    assert runs["add"].out.rstrip().endswith("next: sb extract")
    assert f"{N} extracted" in runs["extract"].out and runs["extract"].out.rstrip().endswith("next: sb chunk")
    assert f"chunked {N} source(s): {N} changed, 0 unchanged" in runs["chunk"].out
    assert runs["chunk"].out.rstrip().endswith("next: sb index")
    assert runs["index"].out.startswith("indexed  ")
    again = sb("extract", cwd=root)
    assert f"{N} source(s): 0 extracted, {N} unchanged" in again.out and _lines(again) <= 3, again.both
    rc = runs["recheck"]
    assert rc.rc == 2 and "R-EDITED" in rc.out and "R-MATCHES" not in rc.out, rc.out
    assert f"rechecked {N} source(s)" in rc.out


def test_verbose_and_json_list_every_source(big):
    root, _ = big
    r = sb("chunk", "--verbose", cwd=root)
    assert sum(1 for ln in r.out.splitlines() if ln.startswith("chunked  src_")) == N
    assert len(json.loads(sb("chunk", "--json", cwd=root).out)["sources"]) == N
    r = sb("extract", "--verbose", cwd=root)
    assert sum(1 for ln in r.out.splitlines() if ln.startswith("ready    src_")) == N
    assert len(json.loads(sb("extract", "--json", cwd=root).out)) == N


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_only_on_a_terminal_and_after_a_while():
    from sourcebook.cli.progress import Progress

    now = [0.0]
    tty = _Tty()
    p = Progress(tty, "indexing", clock=lambda: now[0])
    p(10, 100)
    assert tty.getvalue() == ""  # under two seconds: nothing
    now[0] = 3.0
    p(30, 100, "tokenized")
    assert tty.getvalue().startswith("\rindexing: 30/100 tokenized (10/s, about 7 s left)")
    p.close()
    assert tty.getvalue().endswith("\r\x1b[K")
    pipe = io.StringIO()
    q = Progress(pipe, "indexing", clock=lambda: now[0] + 100)
    q(50, 100)
    q.close()
    assert pipe.getvalue() == ""  # never when stderr is not a terminal


def test_source_list_is_bounded_too(big):
    root, _ = big
    r = sb("source", "list", cwd=root)
    assert r.rc == 0 and _lines(r) <= 12 and f"{N} source(s): {N} ready" in r.out, r.out
    assert len(sb("source", "list", "--verbose", cwd=root).out.splitlines()) == N
