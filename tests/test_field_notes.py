"""The small stumbles of ../shared/FIELD-NOTES.md, one test each."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess

from conftest import sb
from ledger_helpers import add, claim


def _src(ws, name: str = "a.md", text: str = "# A\n\nThe ferry carries 120 cars on weekdays.\n\n"
         "The night boat leaves at 23:00 from pier 4.\n") -> str:
    (ws / name).write_text(text, encoding="utf-8")
    r = sb("add", name, "--tier", "A", "--reason", "the operator", cwd=ws)
    assert r.rc == 0, r.both
    return r.out.split()[1]


def _ready(ws, *names: str) -> list[str]:
    ids = [_src(ws, n, f"# {n}\n\nThe ferry {n} carries 120 cars on weekdays.\n") for n in names] or [_src(ws)]
    assert sb("extract", cwd=ws).rc == 0
    return ids


# ---- commands and messages ---------------------------------------------------------------------

def test_a_misspelled_flag_points_to_the_subcommands_help(ws):
    r = sb("search", "--k", "5", "future", cwd=ws)
    assert r.rc == 1
    assert "see `sb search --help`" in r.err and "see `sb --help`" not in r.err
    assert "did you mean -k?" in r.err


def test_inexact_find_prints_the_text_as_json_and_as_a_shell_argument(ws):
    # a paragraph break inside the passage: canonical text keeps it, a paste from a page does not
    sid = _src(ws, "q.md", '# Q\n\nHe said "the boat\n\nleaves early" today.\n')
    assert sb("extract", cwd=ws).rc == 0
    r = sb("find", sid, 'He said "the boat leaves early" today.', cwd=ws)
    assert r.rc == 1 and "E-FIND-INEXACT" in r.err
    json_line = next(ln for ln in r.err.splitlines() if "as a JSON string" in ln)
    shell_line = next(ln for ln in r.err.splitlines() if "as a shell argument" in ln)
    text = json.loads(json_line.split(": ", 1)[1])
    assert "\n" in text
    word = shell_line.split(": ", 1)[1]
    bash = shutil.which("bash")
    if bash:
        out = subprocess.run([bash, "-c", f"printf %s {word}"], capture_output=True, text=True, check=True).stdout
        assert out == text
    plain = "He said it"
    from sourcebook.cli.search.cmd_find import _shell

    assert shlex.split(_shell(plain)) == [plain] and shlex.split(_shell("it's \"x\"")) == ["it's \"x\""]
    assert sb("find", sid, text, cwd=ws).rc == 0  # pasted either way, it is now exact


def test_nomatch_says_which_words_differ(ws):
    sid = _ready(ws)[0]
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    r = sb("find", sid, "The ferry carries 130 cars on weekdays.", cwd=ws)
    assert r.rc == 1 and "E-FIND-NOMATCH" in r.err
    assert "the nearest passage differs: you wrote 130" in r.err and "has 120" in r.err
    j = json.loads(sb("find", sid, "The ferry carries 130 cars on weekdays.", "--json", cwd=ws).out)
    assert j["differs"]["pasted"] == ["130"] and j["differs"]["source"] == ["120"]


def test_add_help_says_what_exit_2_means():
    r = sb("add", "--help")
    assert "2 does not mean a failed\ngate" in r.out or "does not mean a failed gate" in " ".join(r.out.split())


def test_claim_add_prints_the_start_of_each_text_with_its_id(ws):
    sid = _ready(ws)[0]
    items = [claim(f"Claim number {i} says the ferry carries cars.", f"t.c{i}",
                   evidence=[{"source_id": sid, "quote": "The ferry carries 120 cars on weekdays."}]) for i in range(3)]
    r = sb("claim", "add", "--json", json.dumps(items), cwd=ws)
    assert r.rc == 0, r.both
    lines = r.out.splitlines()
    assert lines[0] == 'stored   "Claim number 0 says the ferry carries cars."' and lines[1].startswith("claim clm_")
    assert len(lines) == 6 and r.out.split()[-1].startswith("clm_")


def test_claim_help_says_add_takes_a_list(ws):
    r = sb("claim", "--help")
    assert "one claim object, a list of them" in " ".join(r.out.split())


def test_source_set_published_and_a_misspelled_field(ws):
    sid = _src(ws)
    assert sb("source", "set", sid, "published=2025-03-01", cwd=ws).rc == 0
    assert sb("source", "set", sid, "published_at=2025-03-02", cwd=ws).rc == 0
    rec = json.loads((ws / "sources" / sid / "source.json").read_text())
    assert rec["published_at"] == "2025-03-02"
    r = sb("source", "set", sid, "title=New", "publsher=X", cwd=ws)
    assert r.rc == 1 and "did you mean publisher?" in r.err and "nothing was changed" in r.err
    assert json.loads((ws / "sources" / sid / "source.json").read_text())["title"] != "New"


# ---- status and the loop -------------------------------------------------------------------------

def test_status_counts_and_lists_every_waiting_source(ws):
    for i in range(7):
        r = sb("add", f"https://pages.example/p{i}", "--tier", "B", "--reason", "a page", cwd=ws)
        assert r.rc == 0, r.both
    st = json.loads(sb("status", "--json", cwd=ws).out)
    note = next(n for n in st["notes"] if "waiting for text" in n)
    assert note.startswith("7 source(s) waiting for text") and "and 2 more (sb source list)" in note


def test_extract_ends_with_next_and_names_sources_still_waiting(ws):
    _src(ws)
    assert sb("add", "https://pages.example/p", "--tier", "B", "--reason", "a page", cwd=ws).rc == 0
    r = sb("extract", cwd=ws)
    assert r.rc == 0 and r.out.splitlines()[-1] == "next: sb chunk  (1 source(s) still wait for text: see `sb status`)"


def test_status_suggests_a_plan_without_the_thesis(ws):
    _ready(ws)
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert st["state"] == "INDEX" and "--thesis" not in st["next"] and "sb plan --type answer --title" in st["next"]


def test_a_matching_recheck_of_the_live_page_counts_as_fresh(ws):
    page = "<html><body><main><p>The ferry carries 120 cars on weekdays.</p></main></body></html>"
    (ws / "saved.html").write_text(page, encoding="utf-8")
    r = sb("add", "https://ferry.example/status", "--file", "saved.html", "--tier", "A", "--reason", "operator", "--attest", "saved from the operator's site",
           cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    add(ws, claim("The ferry carries 120 cars.", "ferry.cars", kind="number", volatile=True, as_of="2025-06-01",
                  recheck="https://ferry.example/status",
                  evidence=[{"source_id": sid, "quote": "The ferry carries 120 cars on weekdays."}]))
    before = json.loads(sb("status", "--json", cwd=ws).out)["notes"]
    assert any("volatile claim(s) dated more than 90 days ago" in n for n in before)
    (ws / "fresh.html").write_text(page, encoding="utf-8")  # the page as fetched again today
    r = sb("recheck", sid, "--file", "fresh.html", cwd=ws)
    assert r.rc == 0 and "R-MATCHES" in r.both and " live " in r.out, r.both
    after = json.loads(sb("status", "--json", cwd=ws).out)["notes"]
    assert not any("volatile claim" in n for n in after), after


def test_a_recheck_of_a_local_file_leaves_the_staleness_note(ws):
    sid = _ready(ws)[0]
    add(ws, claim("The ferry carries 120 cars.", "ferry.cars", kind="number", volatile=True, as_of="2019-11-01",
                  recheck="https://ferry.example/status",
                  evidence=[{"source_id": sid, "quote": "The ferry carries 120 cars on weekdays."}]))
    r = sb("recheck", sid, cwd=ws)
    assert r.rc == 0 and "R-MATCHES" in r.out and "local" in r.out and "not the live source" in r.out, r.both
    rows = [json.loads(x) for x in (ws / "sources" / sid / "rechecks.jsonl").read_text().splitlines() if x.strip()]
    assert rows[-1]["checked_via"] == "local"
    after = json.loads(sb("status", "--json", cwd=ws).out)["notes"]
    assert any("volatile claim(s) dated more than 90 days ago" in n for n in after), after


def test_search_skips_a_removed_source_and_says_the_index_is_stale(ws):
    a, b = _ready(ws, "a.md", "b.md")
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    assert sb("source", "rm", b, "--reason", "a duplicate of the other one", cwd=ws).rc == 0
    r = sb("search", "ferry cars", cwd=ws)
    assert r.rc == 0 and b not in r.out and a in r.out
    assert r.err.startswith("W-INDEX-STALE  index  the index still lists 1 removed source(s)")
    assert sb("index", cwd=ws).rc == 0
    assert "W-INDEX-STALE" not in sb("search", "ferry cars", cwd=ws).err
