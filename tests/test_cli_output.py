"""What a real process prints when stdout and stderr go to one place (``2>&1``, a terminal, a
log): every message on a line of its own, in the order the command said it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import EPOCH, ROOT

SB = os.path.join(ROOT, "scripts", "sb.py")
CODE = re.compile(r"[EW]-[A-Z][A-Z0-9-]+")


def _merged(args: list[str], cwd) -> tuple[int, str]:
    """Run sb with stdout and stderr on one pipe, as ``2>&1`` does; Python buffers stdout in blocks
    there unless PYTHONUNBUFFERED is set, so it is taken out of the environment."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env.update(PYTHONDONTWRITEBYTECODE="1", SOURCE_DATE_EPOCH=EPOCH)
    r = subprocess.run([sys.executable, SB, *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120)
    return r.returncode, r.stdout


@pytest.mark.slow
def test_warnings_and_an_error_each_start_a_line_in_the_order_said(tmp_path):
    n = 30
    # each quote hedges ("could") and its claim does not: a W-CLAIM-HEDGE before each claim stored;
    # the long quotes are said once, in one W-QUOTE-LONG line after them
    sentences = [f"Finding number {i} of the survey says that the harbour ferry on route {i} could carry more "
                 f"passengers in the spring than in any other season of the year, because the weather on "
                 f"the bay was calm and the timetable added a late crossing on every weekday evening." for i in range(n)]
    (tmp_path / "survey.md").write_text("# Survey\n\n" + "\n\n".join(sentences) + "\n", encoding="utf-8")
    assert _merged(["init", "--question", "What did the survey find?"], tmp_path)[0] == 0
    assert _merged(["add", "survey.md", "--tier", "B", "--reason", "the survey's own report"], tmp_path)[0] == 0
    assert _merged(["extract"], tmp_path)[0] == 0
    src = next(p.name for p in (tmp_path / "sources").iterdir() if p.name.startswith("src_"))
    claims = [{"text": f"Route {i} carried the most passengers in spring.", "topic_key": f"ferry.route{i}",
               "kind": "fact", "confidence": "verified", "evidence": [{"source_id": src, "quote": s}]}
              for i, s in enumerate(sentences)]
    claims.append({"text": "A claim quoting what the survey never says.", "topic_key": "ferry.none",
                   "kind": "fact", "confidence": "verified",
                   "evidence": [{"source_id": src, "quote": "the ferry sank in the winter storm"}]})
    (tmp_path / "claims.json").write_text(json.dumps({"claims": claims}), encoding="utf-8")
    rc, text = _merged(["claim", "add", "--file", "claims.json"], tmp_path)
    assert rc == 1, text[-2000:]
    lines = text.splitlines()
    # each W- and E- code begins its line: none runs on from what was printed before it
    for line in lines:
        for m in CODE.finditer(line):
            assert m.start() == 0, f"a code in the middle of a line: {line[:200]!r}"
    warned = [i for i, line in enumerate(lines) if line.startswith("W-CLAIM-HEDGE")]
    stored = [i for i, line in enumerate(lines) if line.startswith("claim clm_")]
    errors = [i for i, line in enumerate(lines) if line.startswith("E-")]
    long = [i for i, line in enumerate(lines) if line.startswith("W-QUOTE-LONG")]
    assert len(warned) == n and len(stored) == n and errors
    assert len(long) == 1 and long[0] > max(stored) and f"W-QUOTE-LONG  {n} claims" in lines[long[0]]
    # in the order said: each claim's warning, then the claim it belongs to, then the next
    # claim's warning; the refusal of the last item comes after every claim stored before it
    for w, c in zip(warned, stored, strict=True):
        assert w < c
    for c, w in zip(stored[:-1], warned[1:], strict=True):
        assert c < w
    assert min(errors) > max(stored)


class _Buffered:
    """A stream that, like stdout on a pipe, holds what is written until it is flushed."""

    def __init__(self, shared: list[str]) -> None:
        self.shared = shared
        self.held: list[str] = []

    def write(self, text: str) -> int:
        self.held.append(text)
        return len(text)

    def flush(self) -> None:
        self.shared.extend(self.held)
        self.held.clear()


class _Direct:
    def __init__(self, shared: list[str]) -> None:
        self.shared = shared

    def write(self, text: str) -> int:
        self.shared.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def test_a_message_on_stderr_follows_what_stdout_said_before_it():
    from sourcebook.cli.context import Ctx

    shared: list[str] = []
    ctx = Ctx(stdout=_Buffered(shared), stderr=_Direct(shared), cwd=".")  # type: ignore[arg-type]
    ctx.out("claim clm_0123456789ab")
    ctx.err("W-QUOTE-LONG  clm_1  stored; its quote is long")
    ctx.out("info: stats: 3 cited, 0 refused")
    ctx.err("E-PAGE-CLAUSE-UNCITED  d.md:3  a clause no citation covers")
    ctx.stdout.flush()
    assert "".join(shared).splitlines() == [
        "claim clm_0123456789ab", "W-QUOTE-LONG  clm_1  stored; its quote is long",
        "info: stats: 3 cited, 0 refused", "E-PAGE-CLAUSE-UNCITED  d.md:3  a clause no citation covers"]


def test_a_closed_stdout_does_not_stop_a_message_on_stderr():
    import io

    from sourcebook.cli.context import Ctx

    out, err = io.StringIO(), io.StringIO()
    out.close()
    Ctx(stdout=out, stderr=err, cwd=".").err("E-USAGE  sb  interrupted")
    assert err.getvalue() == "E-USAGE  sb  interrupted\n"
