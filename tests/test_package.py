"""sb package and sb package --verify (CONTRACT 10.3, A11): gate first, rebuilt from nothing,
public redaction, checksums, signatures, and refusals that protect the workspace."""

from __future__ import annotations

import hashlib
import json
import os
import shutil

import pytest
from conftest import sb
from verify_kit import OPERATOR, claim, good_workspace, manifest, page, write_claims, write_page, write_plan


@pytest.fixture
def good(ws):
    ids, cs = good_workspace(ws)
    return ws, ids, cs


def _resum(out):
    """Rewrite SHA256SUMS after a deliberate edit, so only the deeper checks can notice."""
    import hashlib

    lines = []
    for dirpath, _, names in os.walk(out):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), out)
            if rel not in ("SHA256SUMS", "SHA256SUMS.sig"):
                lines.append(f"{hashlib.sha256(open(os.path.join(out, rel), 'rb').read()).hexdigest()}  {rel}")
    open(os.path.join(out, "SHA256SUMS"), "w").write("\n".join(sorted(lines, key=lambda x: x.split("  ")[1])) + "\n")


def test_private_package_and_verify(good):
    root, ids, cs = good
    r = sb("package", cwd=root)
    assert r.rc == 0, r.both
    assert r.out.splitlines()[0] == "packaged 7 file(s) into dist"
    dist = os.path.join(root, "dist")
    for sid in ids.values():
        assert os.path.isfile(os.path.join(dist, "sources", sid, "normalized.md"))
    sums = open(os.path.join(dist, "SHA256SUMS")).read().splitlines()
    rels = [ln.split("  ", 1)[1] for ln in sums]
    assert rels == sorted(rels) and "SHA256SUMS" not in rels
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0
    assert r.out.startswith("package verified  7 checksum(s), 3 citation(s) still byte-exact against the shipped sources")
    m = manifest(root)
    assert m["state"] == "PACKAGE" and m["history"][-1]["state"] == "PACKAGE"
    prov = json.load(open(os.path.join(dist, "PROVENANCE.json")))
    led = json.load(open(os.path.join(dist, "ledger.json")))
    assert prov["claims"] == len(led["ledger"]) and prov["gate_report"]["pass"] is True
    assert prov["visibility"] == led["visibility"] == "private"
    assert os.path.isfile(os.path.join(root, "build", "PROVENANCE.json"))


def test_package_refuses_unless_verify_passes(good):
    root, ids, cs = good
    bad = [dict(c) for c in cs]
    bad[0]["evidence"] = [dict(bad[0]["evidence"][0], quote="a fabricated quote")]
    write_claims(root, bad)
    r = sb("package", cwd=root)
    assert r.rc == 2 and "E-PACKAGE" in r.err and "E-QUOTE-MISMATCH" in r.err
    assert not os.path.exists(os.path.join(root, "dist"))
    assert manifest(root)["revise_count"] == 0  # package does not count revisions


def test_package_without_build_folder(good):
    root, ids, cs = good
    shutil.rmtree(os.path.join(root, "build"))
    r = sb("package", cwd=root)
    assert r.rc == 1 and "E-PACKAGE  build" in r.err


def test_public_after_private_leaves_no_sources_and_skips_drafts(good):
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    assert os.path.isdir(os.path.join(dist, "sources"))
    write_page(root, "<p>draft</p>", "answer.src.html")
    write_page(root, "<ol></ol>", "ledger.fragment.html")
    # a private package would ship them unread: refused, and the package before is kept
    r = sb("package", cwd=root)
    assert r.rc == 2 and "E-PKG-UNCHECKED" in r.err and "build/answer.src.html" in r.err, r.both
    assert os.path.isdir(os.path.join(dist, "sources"))
    r = sb("package", "--public", cwd=root)
    assert r.rc == 0 and "quote(s) redacted to hashes" in r.out
    assert not os.path.exists(os.path.join(dist, "sources"))
    assert not os.path.exists(os.path.join(dist, "answer.src.html"))
    assert not os.path.exists(os.path.join(dist, "ledger.fragment.html"))
    assert os.path.isfile(os.path.join(dist, "verify.json"))
    prov = json.load(open(os.path.join(dist, "PROVENANCE.json")))
    assert prov["visibility"] == "public"
    assert all(s["locator"] is None and s["canonical_locator"] is None for s in prov["sources"])
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0 and "byte-exact against the workspace sources" in r.out


def test_a_ledger_fragment_ships_only_as_sb_ledger_writes_it(good):
    root, ids, cs = good
    write_page(root, "<p>Audited weekday ridership: 38,500. The pass works on every route.</p>", "ledger.html")
    for flags in ((), ("--public",)):
        r = sb("package", *flags, cwd=root)
        assert r.rc == 2 and "E-PKG-UNCHECKED  build/ledger.html" in r.err and "sb ledger --html" in r.err, r.both
    assert sb("ledger", "--html", "--out", "build/ledger.html", cwd=root).rc == 0
    assert sb("package", cwd=root).rc == 0


def test_documents_among_the_assets_are_not_shipped_unread(good):
    root, ids, cs = good
    os.makedirs(os.path.join(root, "assets"), exist_ok=True)
    path = os.path.join(root, "assets", "ridership.csv")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("source,weekday riders\naudit,38500\n")
    r = sb("package", cwd=root)
    assert r.rc == 2 and "E-PKG-UNCHECKED  assets/ridership.csv" in r.err, r.both
    os.remove(path)
    assert sb("package", cwd=root).rc == 0


def test_at17_public_redaction_by_budget_and_inferred_kept(good):
    root, ids, cs = good
    body = OPERATOR
    long_q = "The Northline ferry accepts Harbour cards on every route since 2025-03-01.\n\nSingle fares rose by 12% in 2025."
    assert long_q in body
    longc = claim(root, "Cards work and fares rose.", ids["operator"], long_q, topic="ferry.both")
    night = claim(root, "Night service is weekends only.", ids["operator"], "The night service runs on weekends only.",
                  topic="ferry.night")
    inf = claim(root, "So a card is enough.", None, None, conf="inferred", topic="ferry.inf")
    allc = cs + [night, longc, inf]
    write_claims(root, allc)
    order = [c["id"] for c in cs + [night, longc]]  # the fourth quote of one source is over budget
    write_plan(root, order)
    text = page(allc, order)
    write_page(root, text)
    assert sb("verify", cwd=root).rc == 0, sb("verify", cwd=root).both
    r = sb("package", "--public", cwd=root)
    assert r.rc == 0 and r.out.endswith("(1 quote(s) redacted to hashes)\n"), r.out
    led = json.load(open(os.path.join(root, "dist", "ledger.json")))
    by = {e["id"]: e for e in led["ledger"]}
    ev = by[longc["id"]]["evidence"][0]
    assert ev["redacted"] is True and "quote" not in ev and ev["length"] == len(long_q)
    assert by[cs[0]["id"]]["evidence"][0]["quote"]  # within budget: kept
    assert by[inf["id"]]["ordinal"] is None
    prov = json.load(open(os.path.join(root, "dist", "PROVENANCE.json")))
    assert prov["claims"] == len(led["ledger"]) == 6 and prov["redacted_quotes"] == 1
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0, r.both


def test_redaction_dedupes_spans_like_the_ledger():
    from sourcebook.domain.gate.package.redact import redact_entries

    ev = {"source_id": "src_aaaaaaaaaaaa", "start": 0, "end": 5, "quote": "hello"}
    entries = [{"id": f"clm_{i:012x}", "evidence": [dict(ev)]} for i in range(5)]
    assert redact_entries(entries) == 0  # one span, shown once, never counted five times


def test_public_urls_lose_credentials_and_file_titles():
    from sourcebook.domain.gate.package.redact import provenance_source, redact_entries

    rec = {"id": "src_aaaaaaaaaaaa", "kind": "url", "locator": "https://user:secret@example.org/a",
           "canonical_locator": "https://user:secret@example.org/a", "title": "A page"}
    out = provenance_source(rec, public=True)
    assert out["locator"] == "https://example.org/a" and "secret" not in json.dumps(out)
    assert "secret" not in json.dumps(provenance_source(rec, public=False))
    f = {"id": "src_bbbbbbbbbbbb", "kind": "file", "locator": "notes/jane_doe-medical 2026.md",
         "canonical_locator": "notes/jane_doe-medical 2026.md", "title": "jane doe medical 2026"}
    pub = provenance_source(f, public=True)
    assert pub["title"] is None and pub["locator"] is None
    entries = [{"id": "clm_000000000000", "recheck": "https://u:p@example.org/x", "evidence": []}]
    redact_entries(entries)
    assert entries[0]["recheck"] == "https://example.org/x"


@pytest.mark.parametrize("out", [".", "..", "../..", "build", "sources", "ledger/x", "/"])
def test_out_refusals(good, out):
    root, ids, cs = good
    before = sorted(os.listdir(root))
    r = sb("package", "--out", out, cwd=root)
    assert r.rc == 1 and "E-PKG-OUT" in r.err
    assert sorted(os.listdir(root)) == before


def test_out_refuses_unrelated_folder_and_symlink(good, tmp_path):
    root, ids, cs = good
    os.makedirs(os.path.join(root, "notes"))
    open(os.path.join(root, "notes", "keep.txt"), "w").write("mine")
    r = sb("package", "--out", "notes", cwd=root)
    assert r.rc == 1 and "E-PKG-OUT" in r.err
    assert open(os.path.join(root, "notes", "keep.txt")).read() == "mine"
    target = tmp_path / "elsewhere"
    target.mkdir()
    os.symlink(target, os.path.join(root, "linked"))
    r = sb("package", "--out", "linked", cwd=root)
    assert r.rc == 1 and "E-PKG-OUT" in r.err


def test_symlink_out_of_the_workspace_is_not_followed(good, tmp_path):
    root, ids, cs = good
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    os.symlink(secret, os.path.join(root, "build", "leak.txt"))
    os.symlink(tmp_path, os.path.join(root, "assets", "outside"))
    r = sb("package", cwd=root)
    assert r.rc == 0 and "skipped  build/leak.txt" in r.err and "skipped  assets/outside" in r.err
    for dirpath, _, names in os.walk(os.path.join(root, "dist")):
        for n in names:
            assert "top secret" not in open(os.path.join(dirpath, n), errors="replace").read()


def test_rebuilt_from_nothing(good):
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    open(os.path.join(root, "dist", "stale.txt"), "w").write("old")
    assert sb("package", cwd=root).rc == 0
    assert not os.path.exists(os.path.join(root, "dist", "stale.txt"))


def test_verify_detects_tampering(good):
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")

    def check(code):
        r = sb("package", "--verify", cwd=root)
        assert r.rc == 2 and code in r.err, r.both
        return r

    with open(os.path.join(dist, "answer.html"), "a") as fh:
        fh.write("<!-- edited -->")
    check("E-PKG-CHECKSUM")
    _resum(dist)
    os.unlink(os.path.join(dist, "verify.json"))
    check("E-PKG-MISSING")
    _resum(dist)
    open(os.path.join(dist, "extra.js"), "w").write("alert(1)")
    check("E-PKG-EXTRA")
    os.unlink(os.path.join(dist, "extra.js"))
    led_path = os.path.join(dist, "ledger.json")
    led = json.load(open(led_path))
    led["ledger"][0]["text"] = "Something else entirely."
    json.dump(led, open(led_path, "w"))
    _resum(dist)
    check("E-CLAIM-ID")
    led["ledger"].pop(0)
    json.dump(led, open(led_path, "w"))
    _resum(dist)
    check("E-PKG-PROVENANCE")


def test_verify_refuses_a_review_record_the_pages_deny(good):
    """A package whose PROVENANCE.json says a person reviewed every sentence, while its pages'
    footers say "Not reviewed by a person.", was edited after packaging (sums rewritten or not)."""
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    assert sb("package", "--verify", cwd=root).rc == 0
    prov_path = os.path.join(dist, "PROVENANCE.json")
    prov = json.load(open(prov_path))
    assert prov["review"]["reviewed"] is False
    n = prov["review"]["sentences"]
    prov["review"].update(reviewed=True, marked_ok=n, marks=[
        {"target": "s-000000000a", "verdict": "ok", "note": "checked every quote", "by": "M. Okafor",
         "at": "2026-01-01T00:00:00Z", "digest": "0" * 64, "current": True}])
    json.dump(prov, open(prov_path, "w"))
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-PROVENANCE" in r.err and "its own marks hold 1 current ok" in r.err, r.both


def test_verify_detects_edited_shipped_source(good):
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    p = os.path.join(dist, "sources", ids["operator"], "normalized.md")
    open(p, "w").write(open(p).read().replace("Northline", "Southline"))
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-QUOTE-MISMATCH" in r.err


def test_verify_refuses_text_added_to_a_shipped_source_after_its_quotes(good):
    """Words appended to a shipped source after every quoted span (a made-up "correction") leave
    each citation byte-exact; the source's digest in PROVENANCE.json still tells the edit, even
    with SHA256SUMS written again. The untouched package passes."""
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0 and "E-PKG-PROVENANCE" not in r.both, r.both
    p = os.path.join(dist, "sources", ids["operator"], "normalized.md")
    original = open(p, encoding="utf-8").read()
    with open(p, "a", encoding="utf-8") as fh:
        fh.write("\n\n## Correction\n\nThe line is now open on every route.\n")
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-PROVENANCE" in r.err and f"sources/{ids['operator']}/normalized.md" in r.err, r.both
    assert "E-QUOTE-MISMATCH" not in r.err  # every quote still holds: only the digest tells
    # the text put back as it was passes again
    open(p, "w", encoding="utf-8").write(original)
    _resum(dist)
    assert sb("package", "--verify", cwd=root).rc == 0
    # a record without the digest cannot vouch for the text
    prov_path = os.path.join(dist, "PROVENANCE.json")
    prov = json.load(open(prov_path))
    for rec in prov["sources"]:
        if rec["id"] == ids["operator"]:
            rec["normalized_sha256"] = None
    json.dump(prov, open(prov_path, "w"))
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-PROVENANCE" in r.err and "no normalized_sha256" in r.err, r.both
    # the text and its digest in PROVENANCE.json rewritten together: the workspace's own record
    # of the source still holds the digest of the text it was packaged with
    edited = original + "\n\n## Correction\n\nThe line is now open on every route.\n"
    open(p, "w", encoding="utf-8").write(edited)
    for rec in prov["sources"]:
        if rec["id"] == ids["operator"]:
            rec["normalized_sha256"] = hashlib.sha256(edited.encode("utf-8")).hexdigest()
    json.dump(prov, open(prov_path, "w"))
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-PROVENANCE" in r.err and "workspace's own record" in r.err, r.both


@pytest.mark.parametrize("line", ["0" * 64 + "  ../sourcebook.json", "0" * 64 + "  /etc/passwd",
                                  "0" * 64 + "  a/../../x"])
def test_sums_paths_outside_are_refused(good, line):
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    with open(os.path.join(root, "dist", "SHA256SUMS"), "a") as fh:
        fh.write(line + "\n")
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-PATH" in r.err


def test_verify_without_sums_or_folder(good):
    root, ids, cs = good
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 or r.rc == 1
    assert "E-PKG-NOSUMS" in r.err
    assert sb("package", cwd=root).rc == 0
    os.unlink(os.path.join(root, "dist", "SHA256SUMS"))
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-NOSUMS" in r.err


def test_public_package_checked_without_its_workspace(good, tmp_path):
    root, ids, cs = good
    assert sb("package", "--public", cwd=root).rc == 0
    moved = tmp_path / "elsewhere"
    shutil.copytree(os.path.join(root, "dist"), moved / "pub")
    r = sb("package", "--verify", "--out", "pub", cwd=moved)
    assert r.rc == 2 and "E-PKG-SOURCE" in r.err
    r = sb("package", "--verify", "--out", "pub", "--sources", str(os.path.join(root, "sources")), cwd=moved)
    assert r.rc == 0 and "byte-exact" in r.out, r.both


def test_signing(good, monkeypatch):
    root, ids, cs = good
    monkeypatch.delenv("SB_SIGNING_KEY", raising=False)
    r = sb("package", "--sign", cwd=root)
    assert r.rc == 1 and "E-PKG-NOKEY" in r.err
    monkeypatch.setenv("SB_SIGNING_KEY", "correct horse")
    r = sb("package", "--sign", cwd=root)
    assert r.rc == 0 and "SHA256SUMS.sig" in r.out
    assert os.path.isfile(os.path.join(root, "dist", "SHA256SUMS.sig"))
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0 and "signature ok" in r.out
    monkeypatch.setenv("SB_SIGNING_KEY", "wrong key")
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-SIGNATURE" in r.err
    monkeypatch.delenv("SB_SIGNING_KEY")
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0 and "signature not checked" in r.out
    # re-signing SUMS after tampering needs the key: an edit plus new sums still fails
    monkeypatch.setenv("SB_SIGNING_KEY", "correct horse")
    with open(os.path.join(root, "dist", "answer.html"), "a") as fh:
        fh.write("x")
    _resum(os.path.join(root, "dist"))
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-SIGNATURE" in r.err


def test_done_after_package_and_render_after_a_page_changes(good):
    root, ids, cs = good
    assert sb("chunk", cwd=root).rc == 0 and sb("index", cwd=root).rc == 0
    assert sb("package", cwd=root).rc == 0
    st = json.loads(sb("status", "--json", cwd=root).out)
    assert st["state"] == "DONE", st
    with open(os.path.join(root, "build", "answer.html"), "a") as fh:
        fh.write("\n")  # any later edit (a comment would now be refused: E-PAGE-COMMENT)
    st = json.loads(sb("status", "--json", cwd=root).out)
    assert st["state"] == "RENDER" and st["next"] == "sb verify"
    assert sb("verify", cwd=root).rc == 0
    st = json.loads(sb("status", "--json", cwd=root).out)
    assert st["state"] == "VERIFY" and st["next"].startswith("sb package")
    bad = [dict(c) for c in cs]
    bad[0]["evidence"] = [dict(bad[0]["evidence"][0], quote="invented")]
    write_claims(root, bad)
    assert sb("verify", cwd=root).rc == 2
    st = json.loads(sb("status", "--json", cwd=root).out)
    assert st["state"] != "DONE"


def test_assets_folder_linked_out_of_the_workspace_is_not_followed(good, tmp_path):
    root, ids, cs = good
    outside = tmp_path / "private-photos"
    outside.mkdir()
    (outside / "me.jpg").write_text("private")
    shutil.rmtree(os.path.join(root, "assets"))
    os.symlink(outside, os.path.join(root, "assets"))
    r = sb("package", cwd=root)
    assert r.rc == 0 and "skipped  assets" in r.err
    assert not os.path.exists(os.path.join(root, "dist", "assets", "me.jpg"))


def test_a_page_verify_never_read_is_not_packaged(good):
    """A page a browser opens but the gate never reads (a subfolder, an .htm copy) would ship
    unchecked text beside checked pages: the package is refused and names it."""
    root, ids, cs = good
    os.makedirs(os.path.join(root, "build", "old"), exist_ok=True)
    with open(os.path.join(root, "build", "old", "answer.html"), "w", encoding="utf-8") as fh:
        fh.write("<p>The fare is 2.40 marks.</p>")
    with open(os.path.join(root, "build", "answer.htm"), "w", encoding="utf-8") as fh:
        fh.write("<p>The fare is 2.40 marks.</p>")
    r = sb("package", cwd=root)
    assert r.rc == 2 and "E-PKG-UNCHECKED" in r.err and "build/old/answer.html" in r.err and "build/answer.htm" in r.err
    assert not os.path.exists(os.path.join(root, "dist"))
    shutil.rmtree(os.path.join(root, "build", "old"))
    os.remove(os.path.join(root, "build", "answer.htm"))
    assert sb("package", cwd=root).rc == 0


def test_notes_in_build_and_a_page_among_the_assets_are_not_packaged_unread(good):
    """A NOTES.md beside the pages or an index.html among the images would ship words no gate
    read; the report, the transcript and the concat list are read, and images are judged where
    a page shows them."""
    root = str(good[0])
    for rel, text in (("build/NOTES.md", "The council confirmed 45,000 riders."),
                      ("assets/index.html", "<p>45,000 riders</p>"), ("assets/notes.txt", "45,000")):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        r = sb("package", cwd=root)
        assert r.rc == 2 and "E-PKG-UNCHECKED" in r.err and rel in r.err, (rel, r.both)
        assert not os.path.exists(os.path.join(root, "dist"))
        os.unlink(path)
    os.makedirs(os.path.join(root, "assets"), exist_ok=True)
    with open(os.path.join(root, "assets", "map.svg"), "w", encoding="utf-8") as fh:
        fh.write("<svg xmlns='http://www.w3.org/2000/svg'></svg>")
    r = sb("package", cwd=root)  # an image no page shows is a picture no gate looked at
    assert r.rc == 2 and "E-PKG-UNCHECKED  assets/map.svg" in r.err and "map.svg (no page shows it" in r.err, r.both
    os.unlink(os.path.join(root, "assets", "map.svg"))
    assert sb("package", cwd=root).rc == 0


# --------------------------------------------------------------------------- the demo's files

PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from demo_kit import built_demo

    yield from built_demo(tmp_path_factory, "package", full=True)


@pytest.fixture
def demo(built, tmp_path, monkeypatch):
    from demo_kit import EPOCH

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    dest = str(tmp_path / "demo")
    shutil.copytree(built, dest, ignore=shutil.ignore_patterns(".sb-cache", ".sb.lock"))
    return dest


def _image(root: str, name: str, credit: dict | None = None) -> None:
    import base64

    os.makedirs(os.path.join(root, "assets"), exist_ok=True)
    with open(os.path.join(root, "assets", name), "wb") as fh:
        fh.write(base64.b64decode(PNG))
    if credit is not None:
        with open(os.path.join(root, "assets", "credits.json"), "w", encoding="utf-8") as fh:
            json.dump(credit, fh)


def test_notes_named_like_the_ledger_ship_only_as_sb_ledger_writes_them(demo):
    """A build/ledger.md of the author's own ("the pass now works on all three routes") is named
    like the ledger a reader trusts and no gate reads it: refused until it is what `sb ledger
    --md` writes."""
    with open(os.path.join(demo, "build", "ledger.md"), "w", encoding="utf-8") as fh:
        fh.write("# Notes\n\nThe Tidewater Pass now works on all three water bus routes; the W3 readers were "
                 "fitted in November.\n")
    r = sb("package", "--out", "dist", cwd=demo)
    assert r.rc == 2 and "E-PKG-UNCHECKED  build/ledger.md" in r.err
    assert "build/ledger.md (not what `sb ledger --md` writes now)" in r.err, r.both
    assert sb("ledger", "--md", "--out", "build/ledger.md", cwd=demo).rc == 0
    r = sb("package", "--out", "dist", cwd=demo)
    assert r.rc == 0, r.both
    assert os.path.isfile(os.path.join(demo, "dist", "ledger.md"))


def test_an_image_no_page_shows_is_not_packaged(demo):
    """A picture in assets/ no page shows (a notice that says the W3 readers are fitted) ships
    words no gate read, and so does the credit of an image no page shows; the same image shown
    on a page, with its credit under it, ships."""
    _image(demo, "notice.png")
    r = sb("package", "--out", "dist", cwd=demo)
    assert r.rc == 2 and "E-PKG-UNCHECKED  assets/notice.png" in r.err and "notice.png (no page shows it" in r.err, r.both
    credit = {"notice.png": {"origin": "sourced", "source": "https://calderbay.example/water-bus/status",
                             "credit": "Calder Bay Water Bus Authority: W3 readers live since November",
                             "license": "CC0"}}
    _image(demo, "notice.png", credit)
    r = sb("package", "--out", "dist", cwd=demo)
    assert r.rc == 2 and "assets/notice.png (no page shows it" in r.err, r.both
    assert "assets/credits.json (the credit for 'notice.png', an image no page shows" in r.err, r.both
    credit["notice.png"]["credit"] = "Photo: Ida Vell"
    _image(demo, "notice.png", credit)
    with open(os.path.join(demo, "drafts", "draft.md"), "a", encoding="utf-8") as fh:
        fh.write("\n![A water bus at the pier](assets/notice.png) [framing]\n")
    assert sb("plan", "--images", "source", cwd=demo).rc == 0
    r = sb("render", "answer", "--from", "drafts/draft.md", cwd=demo)
    assert r.rc == 0, r.both
    r = sb("package", "--out", "dist", cwd=demo)
    assert r.rc == 0, r.both
    r = sb("package", "--verify", "--out", "dist", cwd=demo)
    assert r.rc == 0, r.both



def test_a_credit_for_an_image_that_is_nowhere_is_refused(demo):
    """credits.json is shipped: a credit for a file that is not in assets/ and an image no page
    shows ("W3 readers live since November") tells of a picture nobody can see. A credit keyed
    by the name a page gives its inlined image (data-asset) credits that image."""
    credit = {"w3-readers.png": {"origin": "sourced", "source": "https://calderbay.example/water-bus/status",
                                 "credit": "Calder Bay Water Bus Authority: W3 readers live since November, "
                                           "pass accepted", "license": "CC0"}}
    os.makedirs(os.path.join(demo, "assets"), exist_ok=True)
    with open(os.path.join(demo, "assets", "credits.json"), "w", encoding="utf-8") as fh:
        json.dump(credit, fh)
    r = sb("verify", "--no-cache", cwd=demo)
    assert r.rc == 2 and "E-IMG-NOFILE  w3-readers.png" in r.err, r.both
    credit["w3-readers.png"]["credit"] = "Photo: Ida Vell"
    _image(demo, "w3-readers.png", credit)
    with open(os.path.join(demo, "drafts", "draft.md"), "a", encoding="utf-8") as fh:
        fh.write("\n![A water bus at the pier](assets/w3-readers.png) [framing]\n")
    assert sb("plan", "--images", "source", cwd=demo).rc == 0
    assert sb("render", "answer", "--from", "drafts/draft.md", cwd=demo).rc == 0
    os.unlink(os.path.join(demo, "assets", "w3-readers.png"))  # the page carries it inlined, by its name
    r = sb("verify", "--no-cache", cwd=demo)
    assert r.rc == 0, r.both


def test_a_file_sourcebook_never_writes_is_refused_in_a_package_whatever_its_checksum(demo):
    """A README.md added to a package with its own SHA256SUMS line ("the pass works on every
    route") is read by no check: `sb package --verify` refuses it; the package as written passes."""
    import hashlib

    assert sb("package", "--out", "dist", cwd=demo).rc == 0
    assert sb("package", "--verify", "--out", "dist", cwd=demo).rc == 0
    dist = os.path.join(demo, "dist")
    data = b"# Read me\n\nThe Tidewater Pass works on every water bus route.\n"
    with open(os.path.join(dist, "README.md"), "wb") as fh:
        fh.write(data)
    with open(os.path.join(dist, "SHA256SUMS"), "a", encoding="utf-8") as fh:
        fh.write(f"{hashlib.sha256(data).hexdigest()}  README.md\n")
    r = sb("package", "--verify", "--out", "dist", cwd=demo)
    assert r.rc == 2 and "E-PKG-UNCHECKED  README.md" in r.err, r.both


def _edit_json(path, change):
    doc = json.load(open(path, encoding="utf-8"))
    change(doc)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=2, sort_keys=True)


@pytest.mark.parametrize("flags", [(), ("--public",)])
def test_verify_refuses_a_claim_note_rewritten_in_ledger_json(good, flags):
    """A claim's note in ledger.json is copied from its claim record; a note rewritten there
    (SHA256SUMS written again) is not what the workspace's record holds. The untouched package,
    public or not, passes."""
    root, ids, cs = good
    assert sb("package", *flags, cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0 and "E-PKG-DRIFT" not in r.both, r.both

    def note(doc):
        doc["ledger"][0]["notes"] = "The line has since reopened on every route."
    _edit_json(os.path.join(dist, "ledger.json"), note)
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-DRIFT  ledger.json:" in r.err and "'notes' field" in r.err, r.both
    assert "workspace's claim record holds" in r.err

    # a field sourcebook derives (how many independent sources back the claim) is written again
    def corroborate(doc):
        doc["ledger"][0]["notes"] = ""
        doc["ledger"][0]["corroboration"] = "3 independent sources"
    _edit_json(os.path.join(dist, "ledger.json"), corroborate)
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "'corroboration' field ships as '3 independent sources'" in r.err, r.both


def test_verify_refuses_a_question_rewritten_in_provenance(good):
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    assert sb("package", "--verify", cwd=root).rc == 0

    def ask(doc):
        doc["question"] = "Why did the operator stop taking Harbour cards?"
    _edit_json(os.path.join(dist, "PROVENANCE.json"), ask)
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-DRIFT  PROVENANCE.json" in r.err and "where the workspace asks" in r.err, r.both


@pytest.mark.parametrize("flags", [(), ("--public",)])
def test_verify_refuses_a_source_record_rewritten_in_provenance(good, flags):
    """A source's record in PROVENANCE.json is what sourcebook writes from the workspace's record
    of it: a council attestation given to a trade paper (a field no page shows) is refused."""
    root, ids, cs = good
    assert sb("package", *flags, cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    assert sb("package", "--verify", cwd=root).rc == 0

    def attest(doc):
        for rec in doc["sources"]:
            if rec["id"] == ids["operator"]:
                rec["tier_reason"] = "audited by the city council"
    _edit_json(os.path.join(dist, "PROVENANCE.json"), attest)
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and f"E-PKG-DRIFT  PROVENANCE.json  {ids['operator']}: its 'tier_reason'" in r.err, r.both


def test_verify_refuses_a_gate_note_rewritten_in_verify_json(good):
    """verify.json is the gate report PROVENANCE.json records, which (inside the workspace) is
    the workspace's last gate run: a note rewritten in one, or in both, is refused."""
    root, ids, cs = good
    assert sb("package", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    # a later passing gate run changes no gate's note, only its time
    assert sb("verify", "--no-cache", cwd=root).rc == 0
    assert sb("package", "--verify", cwd=root).rc == 0

    def claim_audit(doc):
        for g in doc["gates"]:
            if g["gate"] == "quotes":
                g["note"] += "; every figure audited by the council"
    _edit_json(os.path.join(dist, "verify.json"), claim_audit)
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-DRIFT  verify.json" in r.err and "audited by the council" in r.err, r.both
    _edit_json(os.path.join(dist, "PROVENANCE.json"), lambda doc: claim_audit(doc["gate_report"]))
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and "E-PKG-DRIFT  PROVENANCE.json" in r.err and "build/verify.json" in r.err, r.both
    assert "E-PKG-DRIFT  verify.json" not in r.err


def test_verify_refuses_a_rewritten_excerpt_of_a_withheld_quote(good):
    """A public package withholds an over-budget quote but shows its opening and closing words;
    the excerpt rewritten ("with" to "without") is not the one sourcebook writes for the quote,
    read back from its source text by its hash. The untouched package passes."""
    root, ids, cs = good
    long_q = "The Northline ferry accepts Harbour cards on every route since 2025-03-01.\n\nSingle fares rose by 12% in 2025."
    longc = claim(root, "Cards work and fares rose.", ids["operator"], long_q, topic="ferry.both")
    night = claim(root, "Night service is weekends only.", ids["operator"], "The night service runs on weekends only.",
                  topic="ferry.night")
    allc = cs + [night, longc]
    write_claims(root, allc)
    order = [c["id"] for c in allc]
    write_plan(root, order)
    write_page(root, page(allc, order))
    assert sb("package", "--public", cwd=root).rc == 0
    dist = os.path.join(root, "dist")
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 0, r.both

    def reword(doc):
        for e in doc["ledger"]:
            for ev in e["evidence"]:
                if ev.get("redacted"):
                    assert ev["excerpt"].endswith("… by 12% in 2025.")
                    ev["excerpt"] = ev["excerpt"].replace("by 12%", "fell by 12%")
    _edit_json(os.path.join(dist, "ledger.json"), reword)
    _resum(dist)
    r = sb("package", "--verify", cwd=root)
    assert r.rc == 2 and f"E-PKG-DRIFT  ledger.json:{longc['id']}" in r.err and "fell by 12%" in r.err, r.both
