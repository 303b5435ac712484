"""The verify cache: a repeat run reuses facts, and no edit of any file gets past the gate."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time

import pytest
from conftest import examples, sb
from hypothesis import given, settings
from hypothesis import strategies as st
from verify_kit import good_workspace, manifest, page, text_of, write_page

from sourcebook.domain.gate import verify_cache
from sourcebook.domain.ledger.clean_fact import hold_key
from sourcebook.domain.workspace import identity


@pytest.fixture
def good(ws, monkeypatch):
    ids, cs = good_workspace(ws)
    # Files written a moment ago are normally never remembered (same clock tick); the tests
    # remember them, and wait a little before each edit so the edit moves the ctime.
    monkeypatch.setattr(identity, "RACY_NS", 0)
    return ws, ids, cs


def codes(r) -> list[str]:
    return [ln.split()[0] for ln in r.err.splitlines() if ln.startswith(("E-", "W-"))]


def _cache_part(root, name: str):
    path = os.path.join(root, ".sb-cache", "verify", name)
    if not os.path.exists(path):
        return None
    with open(path, "rb") as fh:
        head, _, body = fh.read().partition(b"\n")
    assert head.startswith(b"sb-verify-cache ")
    return json.loads(body)["data"]


def cache_doc(root) -> dict:
    """Every part of the sources cache, as one document (digests, records, holds, clean)."""
    facts = _cache_part(root, "facts.json") or {}
    records: dict = {}
    for shard in "0123456789abcdef":
        records.update(_cache_part(root, f"records-{shard}.json") or {})
    return {"digests": _cache_part(root, "digests.json") or {}, "records": records,
            "holds": facts.get("holds", []), "clean": facts.get("clean", [])}


def edit(path: str, old: str, new: str) -> None:
    time.sleep(0.05)  # a later clock tick than the file's last write, so its ctime moves
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert old in text
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text.replace(old, new))


def test_a_repeat_run_reuses_what_the_first_established(good):
    root, ids, cs = good
    first = sb("verify", cwd=root)
    assert first.rc == 0, first.both
    doc = cache_doc(root)
    assert set(doc["records"]) == set(ids.values())
    assert {f"sources/{sid}/normalized.md" for sid in ids.values()} <= set(doc["digests"])
    assert len(doc["holds"]) == 3 and doc["clean"]
    views = [n for n in os.listdir(os.path.join(root, ".sb-cache", "verify")) if n.startswith(("view-", "lint-"))]
    assert len(views) == 2
    second = sb("verify", cwd=root)
    assert second.rc == 0 and second.out == first.out


def test_an_edited_source_text_is_read_again(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    path = os.path.join(root, "sources", ids["operator"], "normalized.md")
    edit(path, "every route", "EVERY route")  # same size: only the ctime tells
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-NORM-DRIFT" in codes(r) and "E-QUOTE-MISMATCH" in codes(r)


def test_an_edit_with_its_mtime_put_back_is_still_seen(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    path = os.path.join(root, "sources", ids["operator"], "normalized.md")
    before = os.stat(path)
    edit(path, "every route", "EVERY route")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # size and mtime as they were
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-NORM-DRIFT" in codes(r)


def test_a_fabricated_text_with_its_hash_updated_still_fails_the_quote(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0  # the quote is remembered as holding
    sid = ids["operator"]
    edit(os.path.join(root, "sources", sid, "normalized.md"), "Harbour cards on every", "Harbour cards on no")
    import hashlib

    rec_path = os.path.join(root, "sources", sid, "source.json")
    with open(rec_path, encoding="utf-8") as fh:
        rec = json.load(fh)
    rec["normalized_sha256"] = hashlib.sha256(text_of(root, sid).encode()).hexdigest()
    with open(rec_path, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    r = sb("verify", cwd=root)
    # the quote no longer holds, and the text is not what the raw capture extracts to
    assert r.rc == 2 and set(codes(r)) == {"E-QUOTE-MISMATCH", "E-DEEP-DRIFT"} and cs[0]["id"] in r.err, r.both


def test_an_edited_source_record_is_validated_again(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    edit(os.path.join(root, "sources", ids["trade"], "source.json"), '"tier": "B"', '"tier": "Q"')
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-SCHEMA" in codes(r) and f"sources/{ids['trade']}/source.json/tier" in r.err


def test_a_changed_page_is_read_and_linted_again(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    order = [c["id"] for c in cs]
    html = page(cs, order).replace(f'href="#c-{cs[0]["id"]}">1</a>', f'href="#c-{cs[0]["id"]}">7</a>')
    write_page(root, html)
    r = sb("verify", cwd=root)
    assert r.rc == 2 and codes(r) == ["E-ORDINAL-WRONG"]
    write_page(root, page(cs, order, body_extra='<p style="color:#777;background:#888">low contrast</p>'))
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "a11y.contrast" in r.err


def test_a_hand_edited_cache_is_ignored(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    sid = ids["operator"]
    bad = dict(cs[0]["evidence"][0], quote="The Northline ferry refuses Harbour cards on every route")
    sha = cache_doc(root)["digests"][f"sources/{sid}/normalized.md"][1]
    path = os.path.join(root, ".sb-cache", "verify", "facts.json")
    with open(path, "rb") as fh:
        head, _, body = fh.read().partition(b"\n")
    doc = json.loads(body)
    doc["data"]["holds"].append(hold_key(sha, bad))
    with open(path, "wb") as fh:  # the old signature no longer matches the body
        fh.write(head + b"\n" + json.dumps(doc).encode())
    claims_path = os.path.join(root, "ledger", "claims.json")
    edit(claims_path, cs[0]["evidence"][0]["quote"], bad["quote"])
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-QUOTE-MISMATCH" in codes(r)


def test_a_good_pages_facts_filed_under_a_bad_pages_name_are_ignored(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    folder = os.path.join(root, ".sb-cache", "verify")
    good_files = {n: open(os.path.join(folder, n), "rb").read() for n in os.listdir(folder) if n.startswith(("view-", "lint-"))}
    order = [c["id"] for c in cs]
    write_page(root, page(cs, order).replace(f'href="#c-{cs[0]["id"]}">1</a>', f'href="#c-{cs[0]["id"]}">7</a>'))
    assert sb("verify", cwd=root).rc == 2
    for kind in ("view-", "lint-"):  # the bad page's facts replaced by the good page's, renamed
        bad = next(n for n in os.listdir(folder) if n.startswith(kind) and n not in good_files)
        good_bytes = next(b for n, b in good_files.items() if n.startswith(kind))
        with open(os.path.join(folder, bad), "wb") as fh:
            fh.write(good_bytes)
    r = sb("verify", cwd=root)
    assert r.rc == 2 and codes(r) == ["E-ORDINAL-WRONG"]


def test_the_ship_gate_and_no_cache_trust_no_cache(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    # Forge a correctly signed fact (as someone holding the user's key could): the cached run
    # believes it, but --no-cache and package check from scratch.
    sid = ids["operator"]
    bad = dict(cs[0]["evidence"][0], quote="The Northline ferry refuses Harbour cards on every route")
    cache = verify_cache.VerifyCache(_ws(root))
    doc = cache_doc(root)
    sha = doc["digests"][f"sources/{sid}/normalized.md"][1]
    doc["holds"].append(hold_key(sha, bad))
    assert cache.store is not None
    cache.store.write("facts.json", {"holds": doc["holds"], "clean": doc["clean"]})
    edit(os.path.join(root, "ledger", "claims.json"), cs[0]["evidence"][0]["quote"], bad["quote"])
    edit(os.path.join(root, "build", "answer.html"), cs[0]["evidence"][0]["quote"], bad["quote"])  # as re-rendered
    assert sb("verify", cwd=root).rc == 0  # the forged fact was used: this is what the signature guards
    r = sb("verify", "--no-cache", cwd=root)
    assert r.rc == 2 and "E-QUOTE-MISMATCH" in codes(r)
    r = sb("package", "--out", "dist", cwd=root)
    assert r.rc == 2 and not os.path.exists(os.path.join(root, "dist"))


def test_young_files_are_not_remembered(ws):
    ids, cs = good_workspace(ws)  # default RACY_NS: everything here was written just now
    assert sb("verify", cwd=ws).rc == 0
    doc = cache_doc(ws)
    assert doc["digests"] == {} and doc["records"] == {}
    assert len(doc["holds"]) == 3  # facts about content, not about files, are kept


def test_no_cache_writes_nothing_and_an_unusable_key_folder_runs_uncached(good, monkeypatch, tmp_path):
    root, ids, cs = good
    shutil.rmtree(os.path.join(root, ".sb-cache", "verify"))  # what `sb extract` handed verify
    r = sb("verify", "--no-cache", cwd=root)
    assert r.rc == 0 and not os.path.exists(os.path.join(root, ".sb-cache", "verify"))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    r = sb("verify", cwd=root)
    assert r.rc == 0 and not os.path.exists(os.path.join(root, ".sb-cache", "verify"))
    assert manifest(root)["state"] == "VERIFY"


def test_the_key_is_private_and_shared_by_runs(good):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    key = verify_cache.key_path()
    assert os.stat(key).st_mode & 0o077 == 0
    with open(key, "rb") as fh:
        first = fh.read()
    assert sb("verify", cwd=root).rc == 0
    with open(key, "rb") as fh:
        assert fh.read() == first and len(first) == 32


def _ws(root):
    from sourcebook.domain.workspace.layout import Workspace

    return Workspace(str(root))


def test_facts_written_by_other_code_are_not_reused(good, monkeypatch):
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    assert verify_cache.VerifyCache(_ws(root))._records.old  # this code reads its own facts
    monkeypatch.setattr(verify_cache, "code_fingerprint", lambda: "another-build")
    assert not verify_cache.VerifyCache(_ws(root))._records.old  # an upgrade starts from scratch


@pytest.mark.parametrize("module", ["domain/gate/verify_cache.py", "engines/text/stance.py", "engines/page/prose.py"])
def test_the_code_fingerprint_follows_the_modules(module, tmp_path):
    """A fact depends on the engines that read pages and sentences as much as on the gates: a
    change to any module of the package starts the cache from scratch. Judged on a copy of the
    package, whose mtimes no other test or process moves meanwhile."""
    pkg = os.path.dirname(os.path.abspath(verify_cache.__file__)).rsplit(os.sep, 2)[0]
    copy = shutil.copytree(pkg, tmp_path / "sourcebook", ignore=shutil.ignore_patterns("__pycache__"))
    first = verify_cache.tree_fingerprint((str(copy),))
    path = os.path.join(copy, *module.split("/"))
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert verify_cache.tree_fingerprint((str(copy),)) != first
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert verify_cache.tree_fingerprint((str(copy),)) == first


def test_a_raw_capture_removed_after_a_run_is_missed_at_once(good):
    """The raw captures a source folder holds are remembered by the folder's identity: taking
    one away (or adding one) moves it, and the next run lists the folder again."""
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    sid = ids["operator"]
    assert f"sources/{sid}/raw.*" in cache_doc(root)["digests"]
    folder = os.path.join(root, "sources", sid)
    raw = next(n for n in os.listdir(folder) if n.startswith("raw."))
    time.sleep(0.05)
    os.unlink(os.path.join(folder, raw))
    r = sb("verify", cwd=root)
    assert r.rc == 2 and codes(r) == ["E-DEEP-RAW"] and "is missing" in r.err, r.both


def test_a_licence_changed_after_a_run_brings_the_quote_budget_back(good):
    """A page found within the quote budget is remembered with the licences that lifted it: a
    source that is no longer free counts its quotes again."""
    from verify_kit import OPERATOR, claim, write_claims

    root, ids, cs = good
    sid = ids["operator"]
    assert sb("source", "set", sid, "license=cc-by", cwd=root).rc == 0
    sentences = [s for s in OPERATOR.split("\n") if s and not s.startswith("#")]
    many = [claim(root, f"Claim number {i} about the ferry.", sid, s, topic=f"t.n{i}")
            for i, s in enumerate(sentences + ["Single fares rose", "ferry accepts"])]
    allc = cs + many
    write_claims(root, allc)
    write_page(root, page(allc, [c["id"] for c in allc], body_extra="".join(f"<q>{c['evidence'][0]['quote']}</q>" for c in many)))
    r = sb("verify", cwd=root)
    assert "E-QUOTE-BUDGET" not in codes(r), r.both  # a free licence lifts the budget
    time.sleep(0.05)
    assert sb("source", "set", sid, "license=unknown", cwd=root).rc == 0
    r = sb("verify", cwd=root)
    assert "E-QUOTE-BUDGET" in codes(r) and sid in r.err, r.both


_OPENED: list[str] | None = None  # the files opened while a test listens (audit hooks stay for good)


def _listen(event: str, args: tuple) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], str):
        _OPENED.append(args[0])


def test_a_run_from_scratch_reads_each_source_file_once(good):
    """The normalizer's check hashes a raw capture and extracts it again from one reading, and
    every gate shares one reading of each canonical text."""
    global _OPENED
    import sys
    from collections import Counter

    from sourcebook.domain.gate.context import VerifyOptions
    from sourcebook.domain.gate.verify import verify

    root, ids, cs = good
    sys.addaudithook(_listen)
    _OPENED = []
    try:
        rep = verify(_ws(root), VerifyOptions(cache=False), settle=False)
        opened = Counter(os.path.relpath(p, root) for p in _OPENED if os.path.abspath(p).startswith(str(root)))
    finally:
        _OPENED = None
    assert rep.passed, [f.line() for f in rep.findings]
    for sid in ids.values():
        names = [n for n in os.listdir(os.path.join(root, "sources", sid)) if n.startswith(("raw.", "normalized."))]
        assert len(names) == 2
        for n in names:
            assert opened[os.path.join("sources", sid, n)] == 1, (n, opened)


def test_the_first_run_after_extract_makes_no_extraction_again_and_still_catches_edits(ws, monkeypatch):
    """`sb extract` hands verify what each extraction gave, keyed by the digests of the raw bytes
    and of the text and by every input of the extraction: the first verify re-extracts nothing
    (it hashes both files, as it must anyway). A sentence written into a canonical text with its
    hash updated, or a capture edited with its hash updated, changes a digest and is re-extracted
    and refused; --deep and --no-cache trust none of it."""

    ids, cs = good_workspace(ws)  # `sb add` and `sb extract` of three sources
    made = _count_extractions(monkeypatch)
    r = sb("verify", cwd=ws)
    assert r.rc == 0 and made == [], (made, r.both)
    assert sb("verify", "--no-cache", cwd=ws).rc == 0 and sorted(made) == sorted(ids.values())
    made.clear()
    sid = ids["operator"]
    sj, rec = _edit_text(ws, sid)
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and "E-DEEP-DRIFT" in codes(r) and made == [sid], (made, r.both)
    # the capture edited to say the same, its hash updated: extracted again, and it drifts
    raw = [n for n in os.listdir(os.path.join(ws, "sources", sid)) if n.startswith("raw.")][0]
    with open(os.path.join(ws, "sources", sid, raw), "ab") as fh:
        fh.write(b"\nAnother line.\n")
    with open(os.path.join(ws, "sources", sid, raw), "rb") as fh:
        rec["raw_sha256"] = hashlib.sha256(fh.read()).hexdigest()
    with open(sj, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    made.clear()
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and "E-DEEP-DRIFT" in codes(r) and made == [sid], (made, r.both)




def _count_extractions(monkeypatch) -> list[str]:
    """The ids of the sources verify extracts again from now on, in order."""
    from sourcebook.domain.sources import ingest

    made: list[str] = []
    real = ingest.reextract

    def counting(w, rec, read=None):
        made.append(rec["id"])
        return real(w, rec, read)

    monkeypatch.setattr(ingest, "reextract", counting)
    return made

def _edit_text(ws, sid: str) -> tuple[str, dict]:
    """Add a sentence to a source's canonical text and record its new hash, as a hand edit that
    covers its tracks would: (the record's path, the record)."""
    text = text_of(ws, sid) + "\nThe ferry is free on Sundays.\n"
    with open(os.path.join(ws, "sources", sid, "normalized.md"), "w", encoding="utf-8") as fh:
        fh.write(text)
    sj = os.path.join(ws, "sources", sid, "source.json")
    with open(sj, encoding="utf-8") as fh:
        rec = json.load(fh)
    rec["normalized_sha256"] = hashlib.sha256(text.encode()).hexdigest()
    with open(sj, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    return sj, rec


def test_a_text_with_a_byte_order_mark_is_not_extracted_again_by_the_first_verify(ws, monkeypatch):
    """A file starting with a UTF-8 byte-order mark records the charset its extraction found
    (utf-8); extracting it again with that charset named is the same extraction (the mark decides
    the decoding either way), so `sb extract` tells verify what it gave: the first verify makes
    no extraction. An edit of it is still re-extracted and refused."""

    (ws / "notes.md").write_bytes("\ufeff# Ferry notes\n\nThe ferry runs every 20 minutes from the pier.\n".encode())
    r = sb("add", "notes.md", "--tier", "B", "--reason", "r", cwd=ws)
    sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    with open(os.path.join(ws, "sources", sid, "source.json"), encoding="utf-8") as fh:
        assert json.load(fh)["charset"] == "utf-8"
    made = _count_extractions(monkeypatch)
    r = sb("verify", cwd=ws)
    assert made == [], (made, r.both)
    assert sb("verify", "--no-cache", cwd=ws).rc == r.rc and made == [sid]
    made.clear()
    _edit_text(ws, sid)
    r = sb("verify", cwd=ws)
    assert "E-DEEP-DRIFT" in codes(r) and made == [sid], (made, r.both)


def test_the_whole_record_key_moves_with_any_edit_of_a_source_record(good):
    """Gates that read a whole source record (the claim-text gate) remember their verdict under a
    key naming each record by its file's identity: any edit of a record moves it."""
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.workspace.layout import Workspace

    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    before = GateContext(Workspace(root), VerifyOptions()).ledger_key()
    assert before and before == GateContext(Workspace(root), VerifyOptions()).ledger_key()
    edit(os.path.join(root, "sources", ids["trade"], "source.json"), '"tier": "B"', '"tier": "C"')
    assert GateContext(Workspace(root), VerifyOptions()).ledger_key() not in (None, before)


def test_a_young_record_is_named_by_its_content_in_the_whole_record_key(ws):
    """A record rewritten within one clock tick keeps its identity (size, times, inode): while it
    is that young, the whole-record key names it by what was read of it, so a same-size rewrite
    the identity cannot show still moves the key."""
    from sourcebook.domain.gate.context import GateContext, VerifyOptions
    from sourcebook.domain.workspace.layout import Workspace

    ids, _ = good_workspace(ws)
    first = GateContext(Workspace(ws), VerifyOptions())
    before = first.ledger_key()
    path = os.path.join(ws, "sources", ids["trade"], "source.json")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert '"tier": "B"' in text
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text.replace('"tier": "B"', '"tier": "C"'))  # the same size
    second = GateContext(Workspace(ws), VerifyOptions())
    second.source_sigs = dict(first.source_sigs)  # as if the rewrite fell in the same tick
    assert before and second.ledger_key() not in (None, before)
    # a settled record is named by its identity alone
    for ctx in (first, second):
        ctx.cache.now_ns = time.time_ns() + 10 * identity.RACY_NS
        ctx._memo.clear()
        ctx._told.clear()
    assert first.ledger_key() == second.ledger_key()


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from([b"a", b"\n", "é".encode(), "€".encode(), "𝄞".encode(), b"\xff", b"\xe2\x82",
                                 b"\xf0\x9d", b"\x80", b"\xef\xbb\xbf"]), max_size=120).map(b"".join),
       st.integers(0, 40))
def test_the_top_of_a_text_decodes_as_the_whole_text_does(data, n):
    """The source-records gate reads only the top of each text, decoded from the bytes that can
    hold it: the same characters, invalid and cut sequences included, as the whole text's."""
    from sourcebook.domain.sources.store import decoded_head

    assert decoded_head(data, n) == data.decode("utf-8", errors="replace")[:n]


def _count_record_checks(monkeypatch) -> list[str]:
    """The source records the schemas gate checks against their schema from now on."""
    from sourcebook.domain.gate.gates.records import schemas

    checked: list[str] = []
    real = schemas.schema_findings

    def counting(instance, name, subject):
        if name == "source":
            checked.append(subject)
        return real(instance, name, subject)

    monkeypatch.setattr(schemas, "schema_findings", counting)
    return checked


def test_records_written_by_add_and_extract_are_not_checked_again_and_an_edit_still_is(ws, monkeypatch):
    """`sb extract` tells the cache of each record it writes that passes the record checks, keyed
    by its bytes (files written a moment ago cannot be remembered by identity): the first verify
    checks none of them again. A record edited since is checked, and refused."""
    ids, cs = good_workspace(ws)  # default RACY_NS: everything here was written just now
    checked = _count_record_checks(monkeypatch)
    r = sb("verify", cwd=ws)
    assert r.rc == 0 and checked == [], (checked, r.both)
    assert sb("verify", "--no-cache", cwd=ws).rc == 0 and len(checked) == 3
    checked.clear()
    sj = os.path.join(ws, "sources", ids["trade"], "source.json")
    edit(sj, '"tier": "B"', '"tier": "Z"')
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and "E-SCHEMA" in codes(r), r.both
    assert checked == [f"sources/{ids['trade']}/source.json"], checked
    # put back: checked once more (the run that refused it kept no fact of other bytes), and passes
    checked.clear()
    edit(sj, '"tier": "Z"', '"tier": "B"')
    r = sb("verify", cwd=ws)
    assert r.rc == 0 and checked == [f"sources/{ids['trade']}/source.json"], (checked, r.both)


def _import_trade_claim(root, ids) -> None:
    """`sb claim import` of one claim quoting the trade press's source."""
    item = {"text": "Ferry operators reported that Harbour card acceptance began in March 2025.",
            "topic_key": "ferry.cards.trade", "kind": "fact", "confidence": "reported",
            "evidence": [{"source_id": ids["trade"],
                          "quote": "Ferry operators reported that Harbour card acceptance began in March 2025."}]}
    assert sb("claim", "import", "--json", json.dumps({"claims": [item]}), cwd=root).rc == 0


def _count_raw_reads(monkeypatch) -> list[str]:
    """The raw captures verify reads (to hash or extract them) from now on."""
    from sourcebook.domain.gate.context import GateContext

    read: list[str] = []
    real = GateContext.read_raw

    def counting(path):
        read.append(os.path.basename(os.path.dirname(path)))
        return real(path)

    monkeypatch.setattr(GateContext, "read_raw", staticmethod(counting))
    return read


def test_claim_import_tells_verify_the_captures_of_the_sources_it_cites(good, monkeypatch):
    """`sb claim import` reads the texts its claims cite, long after they were written, and hashes
    their raw captures for verify: the first verify after it does not read those captures. A
    capture edited since is read, and refused."""
    root, ids, cs = good  # no verify yet: the cache holds what `sb add` and `sb extract` told it
    _import_trade_claim(root, ids)
    read = _count_raw_reads(monkeypatch)
    sb("verify", cwd=root)
    assert ids["trade"] not in read and sorted(read) == sorted([ids["operator"], ids["forum"]]), read
    raw = [n for n in os.listdir(os.path.join(root, "sources", ids["trade"])) if n.startswith("raw.")][0]
    edit(os.path.join(root, "sources", ids["trade"], raw), "Analysts", "ANALYSTS")  # same size
    read.clear()
    r = sb("verify", cwd=root)
    assert "E-DEEP-RAW" in codes(r) and read == [ids["trade"]], (read, r.both)
    # a capture removed since the import: the folder's listing the import recorded is not used
    os.unlink(os.path.join(root, "sources", ids["trade"], raw))
    r = sb("verify", cwd=root)
    assert "E-DEEP-RAW" in codes(r) and "missing" in r.err, r.both


def _count_record_reads(monkeypatch) -> list[str]:
    """The source records verify reads from their files (not from its cache) from now on."""
    from sourcebook.domain.gate import context

    read: list[str] = []
    real = context._load_json

    def counting(path, rel, *a, **kw):
        if rel.endswith("/source.json"):
            read.append(rel.split("/")[1])
        return real(path, rel, *a, **kw)

    monkeypatch.setattr(context, "_load_json", counting)
    return read


def test_claim_import_tells_verify_the_records_of_the_sources_it_cites(good, monkeypatch):
    """`sb claim import` hands verify the records of the sources it cites, parsed and keyed by
    their identity, when the cache knows their very bytes pass the record checks: the first verify
    after it does not read them. A record edited since is read again, and judged."""
    root, ids, cs = good  # no verify yet: the cache holds what `sb add` and `sb extract` told it
    _import_trade_claim(root, ids)
    assert set(cache_doc(root)["records"]) == {ids["trade"]}
    read = _count_record_reads(monkeypatch)
    sb("verify", cwd=root)  # (the page now lacks the new claim: that is not what is looked at)
    assert ids["trade"] not in read and sorted(read) == sorted([ids["operator"], ids["forum"]]), read
    path = os.path.join(root, "sources", ids["trade"], "source.json")
    edit(path, '"tier": "B"', '"tier": "X"')  # the same size, and no tier
    read.clear()
    r = sb("verify", cwd=root)
    assert read == [ids["trade"]] and r.rc == 2 and "E-SCHEMA" in codes(r), (read, r.both)


def test_claim_import_tells_verify_the_extraction_checks_of_the_sources_it_cites(good, monkeypatch):
    """`sb claim import`, which hashes the texts and captures of the sources it cites, also tells
    verify what its normalizer gate would find checking each of them once (the capture's recorded
    digest, an extraction of those bytes into that text known clean): the first verify after it
    checks only the others. A text edited since (its recorded hash updated to match) is caught."""
    from sourcebook.domain.gate.gates.records import normalizer

    root, ids, cs = good
    _import_trade_claim(root, ids)
    checked: list[str] = []
    real = normalizer.deep_findings

    def counting(ctx, sid, *a, **kw):
        checked.append(sid)
        return real(ctx, sid, *a, **kw)

    monkeypatch.setattr(normalizer, "deep_findings", counting)
    sb("verify", cwd=root)
    assert sorted(checked) == sorted([ids["operator"], ids["forum"]]), checked
    # a sentence written into the text, its recorded hash updated to match: checked, and caught
    text_path = os.path.join(root, "sources", ids["trade"], "normalized.md")
    edit(text_path, "Ferry operators", "Ferry operators (and the city)")
    with open(text_path, "rb") as fh:
        sha = hashlib.sha256(fh.read()).hexdigest()
    rec_path = os.path.join(root, "sources", ids["trade"], "source.json")
    with open(rec_path, encoding="utf-8") as fh:
        rec = json.load(fh)
    rec["normalized_sha256"] = sha
    with open(rec_path, "w", encoding="utf-8") as fh:
        json.dump(rec, fh)
    checked.clear()
    r = sb("verify", cwd=root)
    assert checked == [ids["trade"]] and "E-DEEP-DRIFT" in codes(r), (checked, r.both)


def test_a_run_that_learns_nothing_writes_no_cache_file(good):
    """A repeat verify learns nothing and writes none of the cache's files; facts it did not use
    (a source removed since) stay until a run learns something, and are dropped then."""
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    folder = os.path.join(root, ".sb-cache", "verify")

    def files() -> dict:
        return {n: (os.stat(os.path.join(folder, n)).st_mtime_ns, open(os.path.join(folder, n), "rb").read())
                for n in os.listdir(folder)}

    before = files()
    time.sleep(0.05)
    assert sb("verify", cwd=root).rc == 0
    assert files() == before
    gone = cache_doc(root)["digests"][f"sources/{ids['forum']}/normalized.md"]
    assert sb("source", "rm", ids["forum"], "--reason", "not needed", cwd=root).rc == 0
    sb("verify", cwd=root)  # nothing learnt of the files: the digests are not written again
    assert files()["digests.json"] == before["digests.json"]
    edit(os.path.join(root, "sources", ids["trade"], "normalized.md"), "Ferry", "Ferry")  # a write: learnt again
    sb("verify", cwd=root)
    assert f"sources/{ids['forum']}/normalized.md" not in cache_doc(root)["digests"] and gone


def test_a_record_set_since_writes_only_its_part_of_the_cache_again(good):
    """The records verify keeps are split by source id: after `sb source set` on one source, the
    next verify writes that part again and leaves the others as they were."""
    root, ids, cs = good
    assert sb("verify", cwd=root).rc == 0
    folder = os.path.join(root, ".sb-cache", "verify")
    before = {n: open(os.path.join(folder, n), "rb").read() for n in os.listdir(folder) if n.startswith("records-")}
    assert len(before) == len({sid[-1] for sid in ids.values()})
    time.sleep(0.05)
    assert sb("source", "set", ids["trade"], "title=Ferry card acceptance, by the trade press", cwd=root).rc == 0
    sb("verify", cwd=root)  # (the page still shows the old title: that is not what is looked at)
    after = {n: open(os.path.join(folder, n), "rb").read() for n in os.listdir(folder) if n.startswith("records-")}
    changed = sorted(n for n in after if after[n] != before.get(n))
    assert changed == [f"records-{ids['trade'][-1]}.json"], changed
    assert cache_doc(root)["records"][ids["trade"]][1]["title"] == "Ferry card acceptance, by the trade press"


def test_claim_import_tells_verify_the_claims_file_it_wrote_and_an_edit_is_still_judged(good, monkeypatch):
    """`sb claim import` judges the claims file it has just written as verify does (its schema,
    each id against its text, its clusters) and tells the cache, keyed by the file's digest: the
    first verify after it does none of it again. An edit of the file since is judged afresh, and
    refused."""
    from sourcebook.domain.gate import context

    root, ids, cs = good
    _import_trade_claim(root, ids)
    judged: list[str] = []
    real = context._valid

    def counting(pairs, schema, rel, key):
        judged.append(schema)
        return real(pairs, schema, rel, key)

    monkeypatch.setattr(context, "_valid", counting)
    from sourcebook.domain.gate.gates.records import clusters

    detected: list[int] = []
    real_detect = clusters.detect
    monkeypatch.setattr(clusters, "detect", lambda c, a: detected.append(len(c)) or real_detect(c, a))
    sb("verify", cwd=root)
    assert "claims" not in judged and detected == [], (judged, detected)
    edit(os.path.join(root, "ledger", "claims.json"), '"confidence": "reported"', '"confidence": "sure"')
    judged.clear()
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-SCHEMA" in codes(r) and "claims" in judged and detected, (judged, detected, r.both)
    # a claim's text edited under its id: the ids are checked again, and refused
    path = os.path.join(root, "ledger", "claims.json")
    edit(path, '"confidence": "sure"', '"confidence": "reported"')
    edit(path, "Harbour card acceptance began", "Harbour card acceptance ended")
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-CLAIM-ID" in codes(r), r.both


def test_a_claim_added_alone_to_a_long_ledger_leaves_the_claims_file_to_verify(good, monkeypatch):
    """Judging the whole claims file costs time in proportion to the ledger: a batch that is a
    small share of it (here, with the share set so that one claim of four is too few) hands over
    no fact about the file, and verify judges it."""
    from sourcebook.cli.ledger import claim_views
    from sourcebook.domain.gate import context

    monkeypatch.setattr(claim_views, "LEDGER_SHARE", 1)
    root, ids, cs = good
    item = {"text": "Ferry operators reported that Harbour card acceptance began in March 2025.",
            "topic_key": "ferry.cards.trade", "kind": "fact", "confidence": "reported",
            "evidence": [{"source_id": ids["trade"],
                          "quote": "Ferry operators reported that Harbour card acceptance began in March 2025."}]}
    assert sb("claim", "add", "--json", json.dumps(item), cwd=root).rc == 0
    judged: list[str] = []
    real = context._valid
    monkeypatch.setattr(context, "_valid", lambda p, s, r, k: judged.append(s) or real(p, s, r, k))
    sb("verify", cwd=root)
    assert "claims" in judged, judged


def test_a_record_set_alone_in_a_large_workspace_is_left_to_verify(ws, monkeypatch):
    """The cache is read and written whole: one record written in a workspace of many sources
    (here, with the share set so that one of three is too few) is not told to it, and the
    first verify checks that record (and only it)."""
    from sourcebook.cli import app

    ids, cs = good_workspace(ws)
    monkeypatch.setattr(app, "RECORD_SHARE", 1)
    assert sb("source", "set", ids["trade"], "title=Trade report", cwd=ws).rc == 0
    checked = _count_record_checks(monkeypatch)
    sb("verify", cwd=ws)
    assert checked == [f"sources/{ids['trade']}/source.json"], checked


def test_a_capture_known_by_its_digest_is_read_once_to_be_extracted_again(good, monkeypatch):
    """A capture whose digest the cache holds (from `sb claim add`) but whose extraction it does
    not is read once, to be extracted again, and passes; the others are read to be hashed."""
    root, ids, cs = good
    shutil.rmtree(os.path.join(root, ".sb-cache", "verify"), ignore_errors=True)  # no extraction known
    sid = ids["trade"]
    verify_cache.VerifyCache.learn_clean(_ws(root), [], verify_cache.capture_facts(_ws(root), [sid]))
    made = _count_extractions(monkeypatch)
    read = _count_raw_reads(monkeypatch)
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both
    assert sorted(made) == sorted(ids.values()) and sorted(read) == sorted(ids.values()), (made, read)
