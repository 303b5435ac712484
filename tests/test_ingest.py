"""sb add, sb extract, sb normalize and sb source: contract lines, codes and safety."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, sb


def _src(ws, sid):
    return json.loads((ws / "sources" / sid / "source.json").read_text())


def _add(ws, name, text, *extra):
    (ws / name).write_text(text, encoding="utf-8")
    r = sb("add", name, "--tier", "B", "--reason", "test source", *extra, cwd=ws)
    assert r.rc == 0, r.both
    return r.out.split()[1]


def test_add_file_prints_contract_line_and_is_content_addressed(ws):
    (ws / "notes-on_fares.md").write_text("# Fares\n\nThe fare is 3 marks.\n")
    r = sb("add", "notes-on_fares.md", "--tier", "A", "--reason", "official page", cwd=ws)
    assert r.rc == 0
    sid = r.out.split()[1]
    assert r.out == f"added    {sid}  tier A  notes-on_fares.md\n"
    rec = _src(ws, sid)
    assert rec["kind"] == "file" and rec["canonical_locator"] == "notes-on_fares.md"
    # a text names itself: its title comes at extract, as a web page's does
    assert rec["title"] is None and rec["status"] == "pending" and rec["media_type"] == "text/markdown"
    assert (ws / "sources" / sid / "raw.md").read_text() == "# Fares\n\nThe fare is 3 marks.\n"
    from sourcebook.base.ids import sha256_bytes, src_id

    assert sid == src_id("notes-on_fares.md", sha256_bytes(b"# Fares\n\nThe fare is 3 marks.\n"))
    again = sb("add", "notes-on_fares.md", "--tier", "A", "--reason", "official page", cwd=ws)
    assert again.out == f"exists   {sid}  notes-on_fares.md  (retrieved_at refreshed)\n"
    # a re-add with another tier is refused: `sb source set` re-rates
    before = (ws / "sources" / sid / "source.json").read_bytes()
    again = sb("add", "notes-on_fares.md", "--tier", "B", "--reason", "re-rated", cwd=ws)
    assert again.rc == 2 and again.err.startswith("E-ADD-CONFLICT  notes-on_fares.md  already added as " + sid)
    assert f"sb source set {sid} tier=B" in again.err
    assert (ws / "sources" / sid / "source.json").read_bytes() == before
    m = json.loads((ws / "sourcebook.json").read_text())
    assert m["history"][-1]["state"] == "COLLECT"


def test_missing_file_stores_nothing(ws):
    r = sb("add", "nope.md", "--tier", "B", cwd=ws)
    assert r.rc == 2 and r.err.startswith("E-ADD-MISSING  nope.md  no such file: nope.md")
    assert [n for n in os.listdir(ws / "sources") if n.startswith("src_")] == []


def test_partial_failure_exits_1(ws):
    (ws / "a.md").write_text("alpha text\n")
    r = sb("add", "a.md", "nope.md", "--tier", "B", cwd=ws)
    assert r.rc == 1 and "added" in r.out and "E-ADD-MISSING" in r.err


def test_nothing_to_add_is_usage(ws):
    r = sb("add", "--tier", "B", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err


def test_paths_outside_workspace_and_symlinks_are_refused(ws, tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("private\n")
    r = sb("add", str(outside), "--tier", "C", cwd=ws)
    assert r.rc == 2 and "E-ADD-REFUSED" in r.err
    os.symlink(outside, ws / "link.txt")
    r = sb("add", "link.txt", "--tier", "C", cwd=ws)
    assert r.rc == 2 and "E-ADD-REFUSED" in r.err
    assert sb("add", str(outside), "--tier", "C", "--allow-outside", cwd=ws).rc == 0


def test_size_cap(ws):
    sb("config", "set", "config.max_source_mb=1", cwd=ws)
    (ws / "big.txt").write_bytes(b"x" * (2 * 2**20))
    r = sb("add", "big.txt", "--tier", "C", cwd=ws)
    assert r.rc == 2 and "E-ADD-REFUSED" in r.err and "limit" in r.err


def test_paste_text_and_stdin(ws):
    r = sb("add", "--text", "A pasted  passage.", "--tier", "C", "--reason", "chat", cwd=ws)
    assert r.rc == 0
    sid = r.out.split()[1]
    rec = _src(ws, sid)
    assert rec["kind"] == "paste" and rec["locator"].startswith("paste:") and rec["locator"] == rec["canonical_locator"]
    r = sb("add", "--stdin", "--tier", "C", cwd=ws, stdin="From standard input.\n")
    assert r.rc == 0 and r.out.startswith("added")


def test_url_agent_mode_pending_then_saved_bytes_are_content_addressed(ws):
    r = sb("add", "HTTPS://Example.org:443/page?utm_source=x&b=2#top", "--tier", "B", "--reason", "r", cwd=ws)
    assert r.rc == 0
    lines = r.out.splitlines()
    pid = lines[0].split()[1]
    assert lines[0].startswith("pending  src_") and lines[1].startswith("  -> write the fetched bytes to ")
    rec = _src(ws, pid)
    assert rec["kind"] == "url" and rec["canonical_locator"] == "https://example.org/page?b=2" and rec["raw_sha256"] == ""
    # the agent saves the page into the pending folder, as told
    (ws / "sources" / pid / "raw.html").write_text("<html><body><p>Saved words of the page.</p></body></html>")
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both
    new = r.out.split()[1]
    assert new != pid and f"(was {pid})" in r.out
    rec = _src(ws, new)
    assert rec["raw_sha256"] and rec["status"] == "ready"
    assert not (ws / "sources" / pid).exists()
    # re-adding the URL never resets the ready source to pending
    r = sb("add", "https://example.org/page?b=2", "--tier", "B", cwd=ws)
    assert r.out.startswith(f"exists   {new}")


def test_url_with_saved_file(ws):
    (ws / "saved.html").write_text("<p>Hello from the saved page.</p>")
    r = sb("add", "https://example.org/a", "--file", "saved.html", "--tier", "B", "--reason", "r",
           "--attest", "saved by the test from the page", cwd=ws)
    assert r.rc == 0 and r.out.startswith("added    src_")
    rec = _src(ws, r.out.split()[1])
    assert rec["raw_sha256"] and rec["media_type"] == "text/html"


def test_url_credentials_are_refused_and_never_stored(ws):
    r = sb("add", "https://user:secret@example.org/", "--tier", "B", cwd=ws)
    assert r.rc == 2 and "E-ADD-FAILED" in r.err and "secret" not in r.both
    assert not any("secret" in p.read_text() for p in (ws / "sources").rglob("*.json"))


def test_bad_port_and_none_mode(ws):
    r = sb("add", "http://example.org:99999/", "--tier", "B", cwd=ws)
    assert r.rc == 2 and "E-ADD-FAILED" in r.err
    sb("config", "set", "capabilities.web_fetch=none", cwd=ws)
    r = sb("add", "https://example.org/", "--tier", "B", cwd=ws)
    assert r.rc == 2 and "E-ADD-FAILED" in r.err


def test_extract_ready_lines_and_idempotent(ws):
    sid = _add(ws, "a.md", "# T\r\n\r\n\r\n\r\nCafe\u0301 line   \n")
    r = sb("extract", cwd=ws)
    # like chunk, extract ends with the next command (field notes)
    assert r.rc == 0 and r.out == f"ready    {sid}  15 chars  via sb.text\nnext: sb chunk\n"
    text = (ws / "sources" / sid / "normalized.md").read_text()
    assert text == "# T\n\nCafé line\n"
    rec = _src(ws, sid)
    assert rec["normalizer_version"] == 2 and rec["extraction"]["tool"] == "sb.text"  # canonical text v2 (A14)
    assert sb("extract", cwd=ws).out == r.out


def test_extract_drift_and_missing(ws):
    sid = _add(ws, "a.md", "Original text.\n")
    sb("extract", cwd=ws)
    p = ws / "sources" / sid / "normalized.md"
    p.write_text("Fabricated text.\n")
    r = sb("extract", cwd=ws)
    assert r.rc == 2 and f"E-NORM-DRIFT  {sid}" in r.err
    p.unlink()
    r = sb("extract", cwd=ws)
    assert r.rc == 2 and f"E-NORM-MISSING  {sid}" in r.err
    r = sb("extract", "--force", cwd=ws)
    assert r.rc == 0 and p.read_text() == "Original text.\n"


def test_extract_with_nothing_ready(ws):
    r = sb("extract", cwd=ws)
    assert r.rc == 2 and "E-EXTRACT" in r.err


def test_unknown_media_needs_extraction_and_adopt(ws):
    (ws / "scan.bin").write_bytes(b"\x00\x01\x02")
    r = sb("add", "scan.bin", "--tier", "B", cwd=ws)
    sid = r.out.split()[1]
    r = sb("extract", cwd=ws)
    assert r.rc == 2 and r.out.startswith(f"needs-extraction  {sid}  ") and "--adopt" in r.out
    (ws / "typed.md").write_text("The text the agent read.\n")
    r = sb("extract", "--adopt", sid, "typed.md", cwd=ws)
    assert r.rc == 0 and r.out.startswith(f"ready    {sid}")
    rec = _src(ws, sid)
    assert rec["extraction"]["tool"] == "agent" and rec["status"] == "ready"
    # adopted sources stay adopted on the next plain extract
    assert sb("extract", cwd=ws).rc == 0
    r = sb("extract", "--adopt", sid, "typed.md", cwd=ws)
    assert r.rc == 1 and "E-EXTRACT" in r.err


def test_cp1252_undeclared_gives_replacement_then_charset_fix(ws):
    (ws / "old.txt").write_bytes("caf\xe9 cr\xe8me\n".encode("cp1252"))
    sid = sb("add", "old.txt", "--tier", "B", cwd=ws).out.split()[1]
    sb("extract", cwd=ws)
    assert "\ufffd" in (ws / "sources" / sid / "normalized.md").read_text()
    assert sb("source", "set", sid, "charset=windows-1252", cwd=ws).rc == 0
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert (ws / "sources" / sid / "normalized.md").read_text() == "café crème\n"


def test_markdown_mentioning_meta_charset_is_not_sniffed(ws):
    text = 'Use <meta charset="windows-1252"> in old pages. Naïve café.\n'
    sid = _add(ws, "prose.md", text)
    sb("extract", cwd=ws)
    assert (ws / "sources" / sid / "normalized.md").read_text() == text


def test_normalize_prints_canonical_text_without_workspace(tmp_path):
    (tmp_path / "x.md").write_text("a  \r\nb\n\n\n\nc")
    r = sb("normalize", "x.md", cwd=tmp_path)
    assert r.rc == 0 and r.out == "a b\n\nc\n"  # canonical text v2: a paragraph's lines are joined
    r = sb("normalize", "x.md", "--json", cwd=tmp_path)
    assert json.loads(r.out)["tool"] == "sb.text"
    r = sb("normalize", "missing.md", cwd=tmp_path)
    assert r.rc == 1 and "E-ADD-MISSING" in r.err


def test_source_list_show_set_rm(ws):
    sid = _add(ws, "a.md", "Some text here.\n")
    sb("extract", cwd=ws)
    assert sid in sb("source", "list", cwd=ws).out
    data = json.loads(sb("source", "show", sid, "--json", cwd=ws).out)
    assert data["chars"] == 16 and data["cited_by"] == []
    r = sb("source", "show", "src_000000000000", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-UNKNOWN" in r.err
    r = sb("source", "show", "../../etc", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-UNKNOWN" in r.err
    r = sb("source", "set", sid, "tier=Z", cwd=ws)
    assert r.rc == 1 and "E-SCHEMA" in r.err
    r = sb("source", "set", sid, "id=src_111111111111", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err
    claims = {"schema_version": 1, "claims": [{"id": "clm_aaaaaaaaaaaa", "status": "active", "text": "x",
                                               "evidence": [{"source_id": sid, "start": 0, "end": 4}]}]}
    (ws / "ledger" / "claims.json").write_text(json.dumps(claims))
    r = sb("source", "rm", sid, "--reason", "dup", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-CITED" in r.err and "clm_aaaaaaaaaaaa" in r.err
    claims["claims"][0]["status"] = "retracted"
    (ws / "ledger" / "claims.json").write_text(json.dumps(claims))
    r = sb("source", "rm", sid, "--reason", "duplicate", cwd=ws)
    assert r.rc == 0 and not (ws / "sources" / sid).exists()
    kept = list((ws / "sources" / ".removed").iterdir())
    assert len(kept) == 1 and (kept[0] / "normalized.md").exists()
    m = json.loads((ws / "sourcebook.json").read_text())
    assert "removed source " + sid in m["history"][-1]["note"]


@pytest.mark.slow
def test_two_processes_adding_at_once_lose_nothing(ws):
    for i in range(12):
        (ws / f"f{i}.md").write_text(f"file number {i}\n")
    cmd = [sys.executable, os.path.join(ROOT, "scripts", "sb.py"), "add", "--tier", "B", "--reason", "r"]
    a = subprocess.Popen(cmd + [f"f{i}.md" for i in range(0, 12, 2)], cwd=ws, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    b = subprocess.Popen(cmd + [f"f{i}.md" for i in range(1, 12, 2)], cwd=ws, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert a.wait(60) == 0 and b.wait(60) == 0
    assert len([d for d in os.listdir(ws / "sources") if d.startswith("src_")]) == 12
    m = json.loads((ws / "sourcebook.json").read_text())
    assert sum(1 for h in m["history"] if h["note"].startswith("added")) == 2


def test_determinism_across_workspaces(tmp_path):
    outs = []
    for name in ("one", "two"):
        root = tmp_path / name
        root.mkdir()
        sb("init", cwd=root)
        (root / "a.md").write_text("# Title\n\nSame text.\n")
        sid = sb("add", "a.md", "--tier", "B", "--reason", "r", cwd=root).out.split()[1]
        sb("extract", cwd=root)
        outs.append((sid, (root / "sources" / sid / "normalized.md").read_bytes()))
    assert outs[0] == outs[1]


def test_html_file_takes_its_own_title(ws):
    (ws / "minutes-2026.html").write_text("<html><head><title>Transport Committee minutes</title></head>"
                                          "<body><p>The committee met.</p></body></html>")
    sid = sb("add", "minutes-2026.html", "--tier", "A", "--reason", "official minutes", cwd=ws).out.split()[1]
    assert _src(ws, sid)["title"] is None
    sb("extract", cwd=ws)
    assert _src(ws, sid)["title"] == "Transport Committee minutes"
    (ws / "bare.html").write_text("<p>No title here at all.</p>")
    sid = sb("add", "bare.html", "--tier", "C", cwd=ws).out.split()[1]
    sb("extract", cwd=ws)
    assert _src(ws, sid)["title"] == "bare"


PEP_HEAD = """PEP: 649
Title: Deferred Evaluation Of Annotations
  Using Descriptors
Author: Larry Hastings <larry@hastings.org>
Status: Final

Abstract
========

Annotations are evaluated when they are examined.
"""


def test_a_text_takes_the_title_it_gives_itself(ws):
    titled = {
        "pep-0649.txt": (PEP_HEAD, "PEP 649 – Deferred Evaluation Of Annotations Using Descriptors"),
        "go-32437-try-builtin.md": ("# Proposal: A built-in Go error check function, `try`\n\nAuthor: Robert "
                                    "Griesemer\n\n## Summary\n\nWe propose a new built-in function.\n",
                                    "Proposal: A built-in Go error check function, try"),
        "draft-setext.md": ("Error Handling — Draft Design\n=============================\n\nWe present a "
                            "draft.\n\nAbstract\n--------\n\nMore.\n", "Error Handling — Draft Design"),
        "rfc-9999.txt": (open(os.path.join(ROOT, "tests", "fixtures", "real", "rfc-sample.txt"), encoding="utf-8").read(),
                         "The Sample Widget Exchange Format"),
        # nothing names the document: the file's name does, as before
        "rfc-0040-libstd-facade.md": ("- Start Date: 2014-04-08\n\n## Summary\n\nSplit libstd.\n\n## Motivation"
                                      "\n\nPortable.\n", "rfc 0040 libstd facade"),
        "notes.md": ("# Summary\n\nOne.\n\n# Motivation\n\nTwo.\n", "notes"),
    }
    sids = {name: _add(ws, name, text) for name, (text, _) in titled.items()}
    assert all(_src(ws, sid)["title"] is None for sid in sids.values())  # named at extract
    assert sb("extract", cwd=ws).rc == 0
    assert {name: _src(ws, sid)["title"] for name, sid in sids.items()} == {n: t for n, (_, t) in titled.items()}
    listing = sb("source", "list", cwd=ws).out
    assert "PEP 649 – Deferred Evaluation Of Annotations Using Descriptors" in listing


def test_a_title_the_user_gave_is_kept_over_the_texts_own(ws):
    given = _add(ws, "pep-0649.txt", PEP_HEAD, "--title", "The PEP on lazy annotations")
    other = _add(ws, "go-32437-try-builtin.md", "# Proposal: try\n\nText.\n")
    sb("extract", cwd=ws)
    assert _src(ws, given)["title"] == "The PEP on lazy annotations"
    assert _src(ws, other)["title"] == "Proposal: try"
    r = sb("source", "set", other, "title=The try proposal", cwd=ws)
    assert r.rc == 0, r.both
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert _src(ws, given)["title"] == "The PEP on lazy annotations"
    assert _src(ws, other)["title"] == "The try proposal"


def test_extract_skips_sources_unchanged_since_their_last_check(ws, monkeypatch):
    from sourcebook.domain.sources import ingest

    sid = _add(ws, "a.md", "Original text.\n")
    first = sb("extract", cwd=ws)
    reads: list[str] = []
    real = ingest._read
    monkeypatch.setattr(ingest, "_read", lambda p: reads.append(p) or real(p))
    assert sb("extract", cwd=ws).out == first.out and reads == []  # not hashed again
    (ws / "sources" / sid / "normalized.md").write_text("Fabricated text!\n")
    r = sb("extract", cwd=ws)
    assert r.rc == 2 and f"E-NORM-DRIFT  {sid}" in r.err and reads  # a changed file is checked
    assert sb("extract", "--force", cwd=ws).rc == 0


def test_adding_one_file_imports_no_extractor_sketch_or_url_parser(ws):
    """`sb add FILE` is a short command: its cost is start-up, so the extractors, the URL parser,
    `dataclasses` and `shutil` (zlib, bz2, lzma) stay unimported on that path; the copy check
    by raw hash still runs (a second name for the same bytes is found)."""
    (ws / "one.md").write_text("# One\n\nA text of its own.\n")
    (ws / "two.md").write_text("# One\n\nA text of its own.\n")
    sb("add", "one.md", "--tier", "B", "--reason", "r", cwd=ws)
    probe = ("import sys, io\nsys.path.insert(0, sys.argv[1])\nfrom sourcebook.cli import main\n"
             "err = io.StringIO()\nrc = main(['add', 'two.md', '--tier', 'B', '--reason', 'r'], stdout=io.StringIO(), "
             "stderr=err)\nprint(rc, 'W-SOURCE-COPY' in err.getvalue())\n"
             "print(' '.join(sorted(m for m in sys.modules if m in {'dataclasses', 'shutil', 'urllib.parse', "
             "'mimetypes', 'inspect'} or m.startswith(('sourcebook.engines.convert', 'sourcebook.engines.html', "
             "'sourcebook.domain.sources.ingest', 'sourcebook.domain.sources.extract_pool')))))\n")
    out = subprocess.run([sys.executable, "-S", "-c", probe, os.path.join(ROOT, "scripts")], cwd=ws,
                         capture_output=True, text=True, timeout=60)
    first, mods = (out.stdout.split("\n") + ["", ""])[:2]
    assert first == "0 True", out.stdout + out.stderr
    assert mods == "", f"imported on the add path: {mods}"


def test_lazy_pattern_compiles_on_first_use_and_matches_like_re():
    import re

    from sourcebook.base.patterns import lazy

    p = lazy(r"^(utm_.*|ref)$", re.I)
    assert "match" not in vars(p)  # nothing compiled yet
    assert p.match("UTM_source") and not p.match("page")
    assert "match" in vars(p)  # kept: the next call is a plain attribute lookup
    assert p.pattern == r"^(utm_.*|ref)$" and p.flags & re.I
    assert p.sub("x", "ref") == re.compile(r"^(utm_.*|ref)$", re.I).sub("x", "ref")
    assert re.sub(p.compiled, "y", "Ref") == "y"


def _synced(monkeypatch) -> list[str]:
    """What each fsync (and sync) of the process made durable, in order."""
    seen: list[str] = []
    real_fsync = os.fsync

    def fsync(fd):
        seen.append(os.readlink(f"/proc/self/fd/{fd}"))
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "sync", lambda: seen.append("(file system)"))
    return seen


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names open files through /proc")
def test_an_add_syncs_each_file_and_folder_before_the_history_says_so(ws, monkeypatch):
    (ws / "a.md").write_text("Alpha text.\n")
    (ws / "b.md").write_text("Beta text.\n")
    assert sb("add", "a.md", "--tier", "B", cwd=ws).rc == 0
    seen = _synced(monkeypatch)
    r = sb("add", "b.md", "--tier", "B", cwd=ws)
    assert r.rc == 0, r.both
    src = str(ws / "sources" / r.out.split()[1])
    # the raw bytes and the record (each as its temporary file, before its rename), their
    # folder, sources/ (a new folder), and last the manifest whose history records the addition
    assert len(seen) == 5, seen
    assert sorted(os.path.basename(p).split(".")[1] for p in seen[:2]) == ["raw", "source"], seen
    assert all(os.path.dirname(p) == src for p in seen[:2]), seen
    assert seen[2:4] == [src, str(ws / "sources")], seen
    assert os.path.dirname(seen[4]) == str(ws) and os.path.basename(seen[4]).startswith(".sourcebook.json."), seen
    m = json.loads((ws / "sourcebook.json").read_text())
    assert [h["note"] for h in m["history"]][-2:] == ["added 1 source(s)", "added 1 source(s)"]


def test_a_batch_is_synced_once(ws, monkeypatch):
    for n in range(40):
        (ws / f"f{n}.md").write_text(f"Text number {n}.\n")
    seen = _synced(monkeypatch)
    r = sb("add", *[f"f{n}.md" for n in range(40)], "--tier", "B", cwd=ws)
    assert r.rc == 0 and "40 added" in r.out, r.both
    # one sync of everything the batch wrote, then the manifest whose history records it
    assert seen[0] == "(file system)" and len(seen) == 2, seen
    assert os.path.basename(seen[1]).startswith(".sourcebook.json."), seen
    assert len([d for d in os.listdir(ws / "sources") if d.startswith("src_")]) == 40


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names open files through /proc")
def test_an_extract_of_a_few_sources_syncs_each_text_and_record(ws, monkeypatch):
    for n in range(2):
        (ws / f"f{n}.md").write_text(f"Text number {n} of the few.\n")
    assert sb("add", "f0.md", "f1.md", "--tier", "B", cwd=ws).rc == 0
    seen = _synced(monkeypatch)
    r = sb("extract", "--jobs", "1", cwd=ws)
    assert r.rc == 0, r.both
    # each text and each record as its temporary file before its rename, then the manifest
    assert sorted(os.path.basename(p).split(".")[1] for p in seen[:4]) == ["normalized", "normalized", "source",
                                                                          "source"], seen
    assert len(seen) == 5 and os.path.basename(seen[4]).startswith(".sourcebook.json."), seen


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names open files through /proc")
def test_an_extract_of_a_batch_is_synced_once_before_the_history_says_so(ws, monkeypatch):
    for n in range(40):
        (ws / f"f{n}.md").write_text(f"Text number {n} of the batch.\n")
    assert sb("add", *[f"f{n}.md" for n in range(40)], "--tier", "B", cwd=ws).rc == 0
    seen = _synced(monkeypatch)
    r = sb("extract", "--jobs", "1", cwd=ws)
    assert r.rc == 0 and "40 extracted" in r.out, r.both
    # one sync of every text and record the batch wrote, then the manifest whose history says so
    assert seen[0] == "(file system)" and len(seen) == 2, seen
    assert os.path.basename(seen[1]).startswith(".sourcebook.json."), seen
    m = json.loads((ws / "sourcebook.json").read_text())
    assert m["history"][-1]["note"] == "extracted 40 source(s)"
    for sid in (d for d in os.listdir(ws / "sources") if d.startswith("src_")):
        assert _src(ws, sid)["status"] == "ready"
        assert (ws / "sources" / sid / "normalized.md").read_text().startswith("Text number")


DRAFT = ("# Error Handling — Draft Design\n\nMarcel van Lohuizen\\\nAugust 27, 2018\n\n## Abstract\n\n"
         "We present a draft design to extend the Go language.\n")


def _as_text_v1(ws, sid: str) -> str:
    """Rewrite a source as sb.text version 1 extracted it (a hard line break's backslash kept)."""
    from sourcebook.base.ids import sha256_text
    from sourcebook.engines.convert.pipeline import extract_bytes

    rec = _src(ws, sid)
    raw = (ws / "sources" / sid / "raw.md").read_bytes()
    text = extract_bytes(raw, media_type=rec["media_type"], path="raw.md", extractor=1)[0].text
    (ws / "sources" / sid / "normalized.md").write_text(text, encoding="utf-8")
    rec["normalized_sha256"], rec["extraction"]["version"] = sha256_text(text), 1
    (ws / "sources" / sid / "source.json").write_text(json.dumps(rec), encoding="utf-8")
    return text


def test_a_hard_line_break_leaves_no_backslash_and_an_older_text_moves_with_its_citations(ws):
    sid = _add(ws, "go2draft.md", DRAFT)
    assert sb("extract", cwd=ws).rc == 0
    assert "Marcel van Lohuizen August 27, 2018\n" in (ws / "sources" / sid / "normalized.md").read_text()
    assert _src(ws, sid)["extraction"]["version"] == 2
    # a source extracted by sb.text 1 keeps its text, which verify's re-extraction makes again
    assert "Lohuizen\\ August" in _as_text_v1(ws, sid)
    claim = {"text": "Marcel van Lohuizen wrote the draft.", "topic_key": "draft.author", "kind": "fact",
             "confidence": "verified", "evidence": [{"source_id": sid, "quote": "Marcel van Lohuizen\\ August 27, 2018"}]}
    r = sb("claim", "add", "--json", json.dumps(claim), cwd=ws)
    assert r.rc == 0, r.both
    cid = r.out.split()[-1]
    v = sb("verify", cwd=ws)
    assert "E-DEEP-DRIFT" not in v.both and "E-NORM-DRIFT" not in v.both, v.both
    assert "E-DEEP-DRIFT" not in sb("verify", "--deep", cwd=ws).both
    # and sb recheck reads the file again by version 1's rules: the quote is where it was
    r = sb("recheck", sid, cwd=ws)
    assert "R-MATCHES" in r.out and "R-UNVERIFIABLE" not in r.out, r.both
    # sb extract --force moves it to version 2 and carries the citation to the new text
    r = sb("extract", "--force", cwd=ws)
    assert r.rc == 0, r.both
    assert _src(ws, sid)["extraction"]["version"] == 2
    ev = json.loads((ws / "ledger" / "claims.json").read_text())["claims"][0]["evidence"][0]
    assert json.loads((ws / "ledger" / "claims.json").read_text())["claims"][0]["id"] == cid
    assert ev["quote"] == "Marcel van Lohuizen August 27, 2018"
    text = (ws / "sources" / sid / "normalized.md").read_text()
    assert text[ev["start"]:ev["end"]] == ev["quote"]
    assert "E-DEEP-DRIFT" not in sb("verify", "--deep", cwd=ws).both
