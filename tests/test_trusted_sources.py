"""Sources you can trust: no silent rewrites, copies are one source,
extraction that admits loss, PDF support where sb runs, and the hostile inputs, each with the
file it must leave untouched checked byte for byte."""

from __future__ import annotations

import hashlib
import json
import os
import shutil

import pytest
from conftest import FIXTURES, sb
from verify_kit import claim, good_workspace, write_claims

from sourcebook.domain.workspace import identity

DOC = ("# Harbour card rules\n\n"
       "The Northline ferry accepts Harbour cards on every route from the first of March, and the operator "
       "says that riders who hold a monthly pass may board without a paper ticket. Children under twelve "
       "travel free when they ride with an adult who holds a valid card, and the night service keeps its "
       "own fares until the timetable changes in the autumn. Riders who lose a card can ask for a new one "
       "at any harbour office, where staff will move the remaining balance to the replacement within two "
       "working days. Complaints about fares go to the regional transport board, which publishes its "
       "decisions every quarter together with the number of riders counted on each route.\n")


def _src(ws, sid):
    return json.loads((ws / "sources" / sid / "source.json").read_text(encoding="utf-8"))


def _bytes(path) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def _add(ws, name, data: bytes | str, *extra, tier="B"):
    p = ws / name
    p.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    r = sb("add", name, "--tier", tier, "--reason", "a test source", *extra, cwd=ws)
    return r


# ---- 1. sources are not silently changed; copies are not corroboration -----------------------

def test_re_add_with_another_reason_is_refused_and_source_set_records_a_re_rating(ws):
    sid = _add(ws, "rules.md", DOC, tier="A").out.split()[1]
    before = _bytes(ws / "sources" / sid / "source.json")
    r = sb("add", "rules.md", "--tier", "A", "--reason", "adding again by mistake", cwd=ws)
    assert r.rc == 2 and "E-ADD-CONFLICT" in r.err and f"sb source set {sid}" in r.err
    assert _bytes(ws / "sources" / sid / "source.json") == before
    r = sb("source", "set", sid, "tier=D", "reason=found to be a copy of a forum post", cwd=ws)
    assert r.rc == 0 and "recorded" in r.out
    rec = _src(ws, sid)
    assert rec["tier"] == "D" and rec["tier_reason"] == "found to be a copy of a forum post"
    history = json.loads((ws / "sourcebook.json").read_text())["history"]
    assert any(f"source {sid}: tier 'A' -> 'D'" in h["note"] for h in history)
    # who published a source decides how a reader weighs it: a new publisher is on record too
    assert sb("source", "set", sid, "publisher=Calder Bay City Council", cwd=ws).rc == 0
    history = json.loads((ws / "sourcebook.json").read_text())["history"]
    assert any(f"source {sid}: publisher" in h["note"] and "Calder Bay City Council" in h["note"] for h in history)


def test_identical_bytes_under_another_name_warn_at_add_and_count_once(ws):
    a = _add(ws, "rules.md", DOC).out.split()[1]
    r = _add(ws, "copy-of-rules.md", DOC)
    b = r.out.split()[1]
    assert r.rc == 0 and b != a
    assert f"W-SOURCE-COPY  {b}  the same bytes as {a}" in r.err
    assert _src(ws, b)["same_as"] == a and _src(ws, b)["same_as_basis"] == "bytes"
    r = sb("extract", cwd=ws)
    assert r.rc == 0 and f"W-SOURCE-COPY  {b}" in r.err  # told again where the text appears
    _two_source_claim(ws, a, b)
    assert "1 source" in sb("ledger", "--md", cwd=ws).out
    # undo: the user says they are independent; a re-extraction does not link them again
    assert sb("source", "set", b, "same_as=none", cwd=ws).rc == 0
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert _src(ws, b)["same_as"] is None and _src(ws, b)["same_as_basis"] == "user"
    assert "2 independent sources" in sb("ledger", "--md", cwd=ws).out
    # declare again
    assert sb("source", "set", b, f"same_as={a}", cwd=ws).rc == 0
    assert "1 source" in sb("ledger", "--md", cwd=ws).out
    assert "(same as " in sb("source", "list", cwd=ws).out


def test_a_declared_copy_shares_the_text_of_what_it_copies(ws):
    """A false same_as shows one document's quotes under another's name: two texts that share
    almost nothing are refused at `sb source set`, and by verify when a record says so by hand."""
    a = _add(ws, "rules.md", DOC).out.split()[1]
    other = ("# Ferry ridership\n\nA local paper reports that weekday ridership on the water buses averaged "
             "38,500 passengers over the summer, after the bridge closed for repairs in the spring. The council "
             "says its own audited count for the year is lower, and it will publish the full figures in the new "
             "year once the survey of every pier is finished and checked by its officers.\n")
    b = _add(ws, "ridership.md", other).out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    r = sb("source", "set", b, f"same_as={a}", cwd=ws)
    assert r.rc == 1 and "E-SAME-AS" in r.err and "share almost no text" in r.err, r.both
    assert _src(ws, b).get("same_as") is None  # nothing was changed
    path = ws / "sources" / b / "source.json"
    rec = json.loads(path.read_text())
    rec.update(same_as=a, same_as_basis="user")
    path.write_text(json.dumps(rec))
    r = sb("verify", cwd=ws)
    assert "E-SAME-AS" in r.err, r.both


def _two_source_claim(ws, a, b):
    from sourcebook.base.ids import claim_id

    text = (ws / "sources" / a / "normalized.md").read_text(encoding="utf-8")
    quote = "accepts Harbour cards on every route"
    s = text.find(quote)
    ev = [{"source_id": sid, "start": s, "end": s + len(quote), "quote": quote} for sid in (a, b)]
    c = {"id": claim_id("Harbour cards work on every route."), "text": "Harbour cards work on every route.",
         "topic_key": "ferry.cards", "kind": "fact", "confidence": "verified", "evidence": ev}
    r = sb("claim", "add", "--json", json.dumps(c), cwd=ws)
    assert r.rc == 0, r.both


def test_same_canonical_text_and_near_duplicates_warn_at_extract(ws):
    a = _add(ws, "rules.md", DOC).out.split()[1]
    b = _add(ws, "rules-crlf.txt", DOC.replace("\n", "\r\n")).out.split()[1]  # other bytes, same text
    edition = DOC.replace("two working days", "three working days").replace("# Harbour card rules",
                                                                             "# Harbour card rules (2026 edition)")
    c = _add(ws, "rules-2026.md", edition).out.split()[1]
    other = _add(ws, "other.md", "# Something else\n\n" + " ".join(f"word{i} and more text" for i in range(60))).out.split()[1]
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both
    warned = {ln.split()[1]: ln for ln in r.err.splitlines() if ln.startswith("W-SOURCE-COPY")}
    first = min(a, b)  # the one extracted first is the one the other copies
    second = b if first == a else a
    assert "the same canonical text as " + first in warned[second]
    assert "near-duplicate" in warned[c] and _src(ws, c)["same_as_basis"] == "near"
    assert other not in warned and "same_as" not in _src(ws, other)
    fp = (ws / ".sb-cache" / "fingerprints-2.tsv").read_text()
    assert all(sid in fp for sid in (a, b, c, other))
    # an older format's file is replaced: its sketches could never match the new ones
    (ws / ".sb-cache" / "fingerprints-2.tsv").rename(ws / ".sb-cache" / "fingerprints.tsv")
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert sorted(p.name for p in (ws / ".sb-cache").glob("fingerprints*")) == ["fingerprints-2.tsv"]
    assert _src(ws, c)["same_as_basis"] == "near"


def test_documents_from_one_template_are_not_copies_and_stale_links_are_taken_back(ws):
    """Two proposals written from one template share its guidance, kept in HTML comments that no
    reader sees: they are not one document. A link detection made earlier (here: by an older
    sketch) is removed when a re-extraction no longer finds the copy; a user's link stays."""
    guidance = "<!--\n" + " ".join(f"Explain step {i} of the process in plain words here." for i in range(80)) + "\n-->\n"
    one = "# Proposal one\n\n" + guidance + DOC.split("\n\n", 1)[1]
    two = "# Proposal two\n\n" + guidance + " ".join(f"item{i} differs entirely from the first" for i in range(40)) + "\n"
    a = _add(ws, "one.md", one).out.split()[1]
    b = _add(ws, "two.md", two).out.split()[1]
    r = sb("extract", cwd=ws)
    assert r.rc == 0 and "W-SOURCE-COPY" not in r.err, r.both
    assert "same_as" not in _src(ws, b)
    # an older version linked them: the link goes at the next re-extraction, with a word why
    rec_path = ws / "sources" / b / "source.json"
    rec = _src(ws, b)
    rec.update(same_as=a, same_as_basis="near")
    rec_path.write_text(json.dumps(rec), encoding="utf-8")
    r = sb("extract", "--force", cwd=ws)
    assert r.rc == 0 and f"W-SOURCE-COPY  {b}  no longer a copy of {a}" in r.err, r.both
    assert "same_as" not in _src(ws, b)
    # a link the user declared is the user's: re-extraction keeps it
    assert sb("source", "set", b, f"same_as={a}", cwd=ws).rc == 0
    assert sb("extract", "--force", cwd=ws).rc == 0
    assert _src(ws, b)["same_as"] == a and _src(ws, b)["same_as_basis"] == "user"


def test_same_document_as_pdf_and_html_counts_once(ws):
    pytest.importorskip("pypdf")
    from test_pdf import make_pdf

    words = DOC.split("\n\n", 1)[1].split()
    lines = [" ".join(words[i:i + 9]) for i in range(0, len(words), 9)]
    pdf = _add(ws, "rules.pdf", make_pdf([lines[:8], lines[8:]])).out.split()[1]
    html = "<html><head><title>Harbour card rules</title></head><body><article><h1>Harbour card rules</h1><p>" \
           + DOC.split("\n\n", 1)[1] + "</p></article></body></html>"
    page = _add(ws, "rules.html", html).out.split()[1]
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both
    later = max(pdf, page)
    assert f"W-SOURCE-COPY  {later}" in r.err and "near-duplicate" in r.err
    text = (ws / "sources" / pdf / "normalized.md").read_text(encoding="utf-8")
    quote = "accepts Harbour cards on every route"
    assert quote in text and quote in (ws / "sources" / page / "normalized.md").read_text(encoding="utf-8")
    _two_source_claim_any(ws, pdf, page, quote)
    assert "1 source" in sb("ledger", "--md", cwd=ws).out


def _two_source_claim_any(ws, a, b, quote):
    from sourcebook.base.ids import claim_id

    ev = []
    for sid in (a, b):
        t = (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
        s = t.find(quote)
        ev.append({"source_id": sid, "start": s, "end": s + len(quote), "quote": quote})
    c = {"id": claim_id("Harbour cards work everywhere."), "text": "Harbour cards work everywhere.",
         "topic_key": "ferry.cards", "kind": "fact", "confidence": "verified", "evidence": ev}
    assert sb("claim", "add", "--json", json.dumps(c), cwd=ws).rc == 0


def test_same_as_refuses_itself_and_circles(ws):
    a = _add(ws, "a.md", "alpha text here\n").out.split()[1]
    b = _add(ws, "b.md", "beta text here\n").out.split()[1]
    r = sb("source", "set", a, f"same_as={a}", cwd=ws)
    assert r.rc == 1 and "E-SAME-AS" in r.err
    assert sb("source", "set", b, f"same_as={a}", cwd=ws).rc == 0
    before = _bytes(ws / "sources" / a / "source.json")
    r = sb("source", "set", a, f"same_as={b}", cwd=ws)
    assert r.rc == 1 and "E-SAME-AS" in r.err and "circle" in r.err
    assert _bytes(ws / "sources" / a / "source.json") == before
    r = sb("source", "set", a, "same_as=src_000000000000", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-UNKNOWN" in r.err


def test_missing_paths_store_nothing_and_typos_are_named(ws):
    (ws / "My Spec.md").write_text("The spec text.\n")
    r = sb("add", "My", "Spec.md", "--tier", "B", cwd=ws)
    assert r.rc == 2 and r.err.count("E-ADD-MISSING") == 2 and "did you mean the file 'My Spec.md'" in r.err
    for loc, fixed in (("htps://example.org/spec", "https://example.org/spec"),
                       ("https//example.org/spec", "https://example.org/spec"),
                       ("http:/example.org/x", "http://example.org/x")):
        r = sb("add", loc, "--tier", "B", cwd=ws)
        assert r.rc == 2 and r.err.startswith(f"E-ADD-URL  {loc}  looks like a mistyped URL (did you mean {fixed}?)")
    assert [n for n in os.listdir(ws / "sources") if n.startswith("src_")] == []
    assert sb("status", cwd=ws).out.startswith("state      INIT")


def test_flag_and_field_names_agree(ws):
    r = sb("add", "--text", "A pasted passage of text.", "--tier", "C", "--reason", "chat",
           "--published-at", "2026-01-02", cwd=ws)
    sid = r.out.split()[1]
    assert _src(ws, sid)["published_at"] == "2026-01-02"
    assert sb("source", "set", sid, "published=2026-02-03", "reason=a chat log", cwd=ws).rc == 0
    rec = _src(ws, sid)
    assert rec["published_at"] == "2026-02-03" and rec["tier_reason"] == "a chat log"
    assert sb("source", "set", sid, "published_at=2026-03-04", cwd=ws).rc == 0
    assert _src(ws, sid)["published_at"] == "2026-03-04"


# ---- 2. extraction that admits loss ----------------------------------------------------------

def test_a_page_that_kept_only_navigation_is_reported_and_keeps_its_lists(ws):
    shutil.copy(os.path.join(FIXTURES, "docbook-contributors.html"), ws / "apa.html")
    sid = sb("add", "apa.html", "--tier", "A", "--reason", "the specification", cwd=ws).out.split()[1]
    r = sb("extract", cwd=ws)
    assert r.rc == 0 and f"W-EXTRACT-LOSS  {sid}  main-content extraction kept only" in r.err
    assert "30 list item(s)" in r.err
    text = (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
    assert "Ada Lovelace" in text and "Sophie Wilson" in text
    assert _src(ws, sid)["title"] == "Appendix A. Contributors"  # not the book's generic <title>


def test_a_page_whose_only_text_is_menus_needs_extraction(ws):
    html = ("<html><head><title>App</title></head><body><nav><a href='/a'>Home</a> <a href='/b'>Products</a> "
            "<a href='/c'>About us</a> <a href='/d'>Contact</a></nav><div id='root'></div>"
            "<footer><a href='/t'>Terms</a> <a href='/p'>Privacy</a></footer></body></html>")
    sid = _add(ws, "app.html", html).out.split()[1]
    r = sb("extract", cwd=ws)
    assert f"needs-extraction  {sid}  main-content extraction kept only navigation" in r.out
    assert not (ws / "sources" / sid / "normalized.md").exists()


def test_og_title_and_headings_beat_a_generic_title():
    from sourcebook.engines.html.extract import extract_html

    page = ("<html><head><title>Home</title>{}</head><body><article><h1>Fare rules for 2026</h1>"
            "<p>" + "Fares rise in spring. " * 20 + "</p></article></body></html>")
    assert extract_html(page.format("")).meta["title"] == "Fare rules for 2026"
    assert extract_html(page.format('<meta property="og:title" content="Fares 2026">')).meta["title"] == "Fares 2026"
    specific = page.replace("<title>Home</title>", "<title>Fare rules | Northline</title>")
    assert extract_html(specific.format("")).meta["title"] == "Fare rules | Northline"


# ---- 3. PDF support where sb runs --------------------------------------------------------------

def test_status_says_when_a_pdf_waits_for_pypdf(ws, monkeypatch):
    import builtins
    import sys

    real = builtins.__import__

    def no_pypdf(name, *a, **k):
        if name == "pypdf" or name.startswith("pypdf."):
            raise ImportError("No module named 'pypdf'")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_pypdf)
    monkeypatch.setattr("sourcebook.domain.sources.pdf_support.pypdf_available", lambda: False)
    sid = _add(ws, "spec.pdf", b"%PDF-1.4\n% not really\n").out.split()[1]
    sb("extract", cwd=ws)
    out = sb("status", cwd=ws).out
    assert f"1 PDF source(s) wait for pypdf ({sid})" in out
    assert f'"{sys.executable}" -m pip install pypdf' in out


@pytest.mark.slow
def test_the_shim_runs_the_python_it_was_installed_with(tmp_path):
    """A kit installed from a virtual environment that has pypdf extracts a PDF through its
    shim with no environment active (the system python3 need not have pypdf)."""
    import subprocess
    import sys
    import venv

    pypdf = pytest.importorskip("pypdf")
    from conftest import ROOT
    from test_pdf import PAGES, make_pdf

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=True).create(env_dir)
    py = env_dir / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    shutil.copytree(os.path.dirname(pypdf.__file__), os.path.join(site, "pypdf"))  # pure Python: no network
    dest = tmp_path / "project"
    dest.mkdir()
    r = subprocess.run([str(py), os.path.join(ROOT, "scripts", "install.py"), "--harness", "claude",
                        "--dest", str(dest)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    shim = dest / ".sourcebook" / "bin" / "sb"
    assert str(py) in shim.read_text()
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = "/usr/bin:/bin"
    work = tmp_path / "work"
    work.mkdir()
    (work / "grid.pdf").write_bytes(make_pdf(PAGES))

    def run(*args):
        return subprocess.run([str(shim), *args], cwd=work, env=env, capture_output=True, text=True)

    assert run("init").returncode == 0
    assert run("add", "grid.pdf", "--tier", "A", "--reason", "the operator's report").returncode == 0
    r = run("extract")
    assert r.returncode == 0 and "via sb.pdf" in r.stdout, r.stdout + r.stderr
    assert sys.executable != str(py)


def test_install_can_name_the_python(tmp_path):
    r = sb("install", "--harness", "claude", "--dest", str(tmp_path), "--python", "/usr/bin/python3")
    assert r.rc == 0, r.both
    assert '"/usr/bin/python3"' in (tmp_path / ".sourcebook" / "bin" / "sb").read_text()
    r = sb("install", "--harness", "claude", "--dest", str(tmp_path), "--python", str(tmp_path / "nope"))
    assert r.rc == 1 and "E-INSTALL" in r.err


# ---- 4. hostile input ----------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["config", "history", "capabilities"])
def test_a_damaged_manifest_is_reported_and_never_rewritten(ws, key):
    path = ws / "sourcebook.json"
    m = json.loads(path.read_text())
    del m[key]
    path.write_text(json.dumps(m))
    before = _bytes(path)
    (ws / "a.md").write_text("some text\n")
    for argv in (("status",), ("add", "a.md", "--tier", "B"), ("extract",), ("verify",), ("config", "list")):
        r = sb(*argv, cwd=ws)
        assert r.rc in (1, 2) and f"E-SCHEMA  sourcebook.json/{key}" in r.err, (argv, r.both)
        assert _bytes(path) == before, argv


@pytest.fixture
def outside(tmp_path):
    d = tmp_path / "outside"
    d.mkdir()
    (d / "normalized.md").write_text("SECRET banana words from outside the workspace\n")
    (d / "source.json").write_text("{}")
    return d


@pytest.mark.parametrize("damage", ["dotdot", "other", "nostatus", "noextraction"])
def test_a_damaged_source_record_is_e_schema_everywhere_and_reads_nothing_outside(ws, outside, damage):
    sid = _add(ws, "a.md", "Apples grow on trees in the orchard.\n").out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    path = ws / "sources" / sid / "source.json"
    rec = json.loads(path.read_text())
    if damage == "dotdot":
        rec["id"] = os.path.relpath(outside, ws / "sources")
    elif damage == "other":
        rec["id"] = "src_0123456789ab"
    elif damage == "nostatus":
        del rec["status"]
    else:
        del rec["extraction"]
    path.write_text(json.dumps(rec))
    before = _bytes(path)
    field = {"dotdot": "id", "other": "id", "nostatus": "status", "noextraction": "extraction"}[damage]
    for argv in (("extract",), ("chunk",), ("source", "list"), ("source", "show", sid), ("status",),
                 ("verify",), ("find", sid, "Apples")):
        r = sb(*argv, cwd=ws)
        assert "E-SCHEMA" in r.both and (f"sources/{sid}/source.json" in r.both), (argv, r.both)
        assert "banana" not in r.both, argv
        assert _bytes(path) == before, argv
    r = sb("search", "banana", cwd=ws)
    assert "SECRET" not in r.both
    r = sb("source", "show", sid, cwd=ws)
    assert r.rc == 1 and r.err.startswith(f"E-SCHEMA  sources/{sid}/source.json/{field}  ")


def test_an_unknown_field_in_a_stored_claim_is_e_schema_at_verify(ws):
    ids, cs = good_workspace(ws)
    assert sb("verify", cwd=ws).rc == 0
    cs[0]["endorsed_by"] = "nobody"
    cs[1]["evidence"][0]["trust_me"] = True
    write_claims(ws, cs)
    before = _bytes(ws / "ledger" / "claims.json")
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and "E-SCHEMA  ledger/claims.json/claims/" in r.err
    assert "endorsed_by" in r.err and "trust_me" in r.err
    assert _bytes(ws / "ledger" / "claims.json") == before


def test_bidi_and_invisible_characters_are_shown_in_every_rendered_form(ws):
    ids, cs = good_workspace(ws)
    sneaky = claim(ws, "The fare is EUR \u202e0001\u202c per ride\u200b.", ids["operator"],
                   "Single fares rose by 12% in 2025.", topic="ferry.sneaky", conf="reported")
    write_claims(ws, cs + [sneaky])
    before = _bytes(ws / "ledger" / "claims.json")
    out = sb("ledger", "--html", cwd=ws).out
    assert "EUR [U+202E]0001[U+202C] per ride[U+200B]." in out and "\u202e" not in out
    out = sb("ledger", "--md", cwd=ws).out  # Markdown escapes the brackets; it renders as [U+202E]
    assert "EUR \\[U+202E\\]0001\\[U+202C\\] per ride\\[U+200B\\]." in out and "\u202e" not in out
    data = json.loads(sb("ledger", "--json", cwd=ws).out)
    entry = next(e for e in data["ledger"] if e["id"] == sneaky["id"])
    assert entry["text"] == sneaky["text"] and entry["text_shown"].startswith("The fare is EUR [U+202E]")
    assert "[U+202E]" in sb("claim", "list", cwd=ws).out
    assert "[U+202E]" in sb("claim", "show", sneaky["id"], cwd=ws).out
    assert _bytes(ws / "ledger" / "claims.json") == before


def test_claim_ids_are_of_nfc_text_and_unchanged_for_ascii():
    from sourcebook.base.ids import claim_id, sha256_text, ws_collapse

    ascii_text = "The Northline ferry accepts Harbour cards."
    assert claim_id(ascii_text) == "clm_" + sha256_text(ws_collapse(ascii_text).lower())[:12]
    composed, decomposed = "Caf\u00e9 prices rose.", "Cafe\u0301 prices rose."
    assert claim_id(composed) == claim_id(decomposed) == "clm_" + sha256_text("caf\u00e9 prices rose.")[:12]


@pytest.mark.parametrize("quote,short", [("12%", True), ("fares rose", False), ("五月", True), ("二〇二五年", False)])
def test_a_one_word_quote_cannot_alone_verify_a_claim(ws, quote, short):
    ids, cs = good_workspace(ws)
    sid = ids["operator"]
    if not quote.isascii():
        path = ws / "sources" / sid
        # a source whose text holds the CJK quote
        (ws / "cjk.md").write_text(f"記録: {quote}に運賃が上がった。\n", encoding="utf-8")
        sid = sb("add", "cjk.md", "--tier", "A", "--reason", "the operator's notice", cwd=ws).out.split()[1]
        assert sb("extract", cwd=ws).rc == 0
        del path
    c = claim(ws, "Fares rose sharply in 2025.", sid, quote, kind="fact", topic="ferry.rise")
    write_claims(ws, cs + [c])
    before = _bytes(ws / "ledger" / "claims.json")
    r = sb("verify", cwd=ws)
    assert ("E-QUOTE-SHORT" in r.err) is short, r.both
    assert _bytes(ws / "ledger" / "claims.json") == before


@pytest.mark.parametrize("payload", [b"\x00\x01\x02binary\x00\xff\xfe" * 40, bytes(range(256)) * 8])
def test_bytes_that_are_not_text_need_extraction(ws, payload):
    sid = _add(ws, "blob.txt", payload).out.split()[1]
    raw = _bytes(ws / "sources" / sid / "raw.txt")
    r = sb("extract", cwd=ws)
    assert f"needs-extraction  {sid}  the bytes are not text" in r.out
    assert not (ws / "sources" / sid / "normalized.md").exists()
    assert _bytes(ws / "sources" / sid / "raw.txt") == raw
    # also when a server calls them text/html
    (ws / "saved.html").write_bytes(payload)
    r = sb("add", "https://example.org/page", "--file", "saved.html", "--tier", "C", "--reason", "r", cwd=ws)
    url_sid = r.out.split()[1]
    r = sb("extract", cwd=ws)
    assert f"needs-extraction  {url_sid}  the bytes are not text (served as text/html)" in r.out


@pytest.fixture
def remembered(ws, monkeypatch):
    ids, cs = good_workspace(ws)
    monkeypatch.setattr(identity, "RACY_NS", 0)
    return ws, ids


def test_plain_verify_catches_an_edited_raw_capture_and_caches_the_re_extraction(remembered, monkeypatch):
    import time

    from sourcebook.domain.sources import ingest

    ws, ids = remembered
    calls = []
    real = ingest.reextract

    def counting(w, rec, read=None):
        calls.append(rec["id"])
        return real(w, rec, read)

    monkeypatch.setattr(ingest, "reextract", counting)
    assert sb("verify", cwd=ws).rc == 0
    assert calls == []  # `sb extract` told verify what each extraction gave
    shutil.rmtree(ws / ".sb-cache" / "verify")
    assert sb("verify", cwd=ws).rc == 0
    assert sorted(calls) == sorted(ids.values())  # with nothing remembered, every source is re-extracted
    calls.clear()
    assert sb("verify", cwd=ws).rc == 0
    assert calls == []  # nothing changed: nothing re-extracted
    sid = ids["trade"]
    raw = next(p for p in (ws / "sources" / sid).iterdir() if p.name.startswith("raw."))
    time.sleep(0.05)
    raw.write_bytes(raw.read_bytes().replace(b"4,200", b"9,200"))
    rec_path = ws / "sources" / sid / "source.json"
    before = _bytes(rec_path)
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and f"E-DEEP-RAW  {sid}" in r.err
    assert _bytes(rec_path) == before
    # a sentence fabricated into normalized.md with its hash updated: caught by plain verify
    raw.write_bytes(raw.read_bytes().replace(b"9,200", b"4,200"))
    time.sleep(0.05)
    text_path = ws / "sources" / sid / "normalized.md"
    text = text_path.read_text(encoding="utf-8") + "\nThe ferry is free on Sundays.\n"
    text_path.write_text(text, encoding="utf-8")
    rec = json.loads(rec_path.read_text())
    rec["normalized_sha256"] = hashlib.sha256(text.encode()).hexdigest()
    rec_path.write_text(json.dumps(rec))
    r = sb("verify", cwd=ws)
    assert r.rc == 2 and f"E-DEEP-DRIFT  {sid}" in r.err
    assert text_path.read_text(encoding="utf-8") == text


def test_near_duplicates_are_found_the_same_way_in_a_batch(ws, monkeypatch):
    """Past a few lookups the fingerprints index their bands; the answers do not change."""
    from sourcebook.domain.sources import copies

    monkeypatch.setattr(copies, "FIND_CALLS", 0)
    a = _add(ws, "rules.md", DOC).out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    edition = DOC.replace("two working days", "three working days")
    c = _add(ws, "rules-2026.md", edition).out.split()[1]
    r = sb("extract", cwd=ws)
    assert f"W-SOURCE-COPY  {c}  a near-duplicate" in r.err and a in r.err


def test_fingerprinting_every_source_again_reports_progress(ws):
    """A deleted cache (or a new sketch format) means every source is fingerprinted once, about
    3 ms each: long in a large workspace, so it is followed like other long work."""
    from sourcebook.domain.sources.copies import Fingerprints
    from sourcebook.domain.workspace.layout import Workspace

    ids = [_add(ws, f"doc{i}.md", DOC.replace("Harbour", f"Harbour {i}")).out.split()[1] for i in range(3)]
    assert sb("extract", cwd=ws).rc == 0
    (ws / ".sb-cache" / "fingerprints-2.tsv").unlink()
    seen = []
    fp = Fingerprints(Workspace(str(ws)), lambda done, total, what="": seen.append((done, total, what)))
    assert [(d, t) for d, t, _ in seen] == [(0, 3), (1, 3), (2, 3)]
    assert "fingerprinting" in seen[0][2]
    assert all(fp.entry(sid) is not None and fp.entry(sid).sketch for sid in ids)


def test_near_answers_follow_what_the_fingerprints_learn(ws):
    """Copies with one sketch are compared once, and an answer asked again is the same until an
    entry is learnt: then the new copy is among the near-duplicates."""
    from sourcebook.domain.sources.copies import Fingerprints
    from sourcebook.domain.workspace.layout import Workspace
    from sourcebook.engines.search import shingles

    a = _add(ws, "rules.md", DOC).out.split()[1]
    b = _add(ws, "rules-copy.md", DOC.replace("# Harbour card rules", "# Harbour card rules (copy)")).out.split()[1]
    c = _add(ws, "rules-2026.md", DOC.replace("two working days", "three working days")).out.split()[1]
    fp = Fingerprints(Workspace(str(ws)))
    fp.added(a, "a" * 64)
    fp.extracted(a, "a" * 64, DOC)
    fp.extracted(b, "b" * 64, DOC + " copy")
    first = fp.near(a)
    assert [o for _, o in first] == [b] and fp.near(a) == first
    edition = DOC.replace("two working days", "three working days")
    fp.extracted(c, "c" * 64, edition)
    again = fp.near(a)
    assert sorted(o for _, o in again) == sorted([b, c])
    for share, o in again:
        other = fp.entry(o)
        me = fp.entry(a)
        want = shingles.likeness(shingles.Sketch.from_hex(me.count, me.sketch),
                                 shingles.Sketch.from_hex(other.count, other.sketch))
        assert share == want.containment


_STORY = ("<html><head><title>Ferry fares</title>{link}</head><body><article><h1>Ferry fares rise</h1>"
          "<p>The single adult fare on the harbour ferry rises to 3.40 marks from 1 December 2026, the operator "
          "said on Monday in a notice to riders and staff.</p><p>Children under twelve keep riding free with a "
          "paying adult, and the day pass stays at its current price for the winter season.</p></article>"
          "</body></html>")


@pytest.mark.parametrize("canonical, warned", [
    ("https://www.harbourpost.example/fares-rise", True),  # another site: the url given may be wrong
    ("https://news.example.org/fares-rise", False),  # the same site
    ("https://m.example.org/fares", False),  # its mobile host
    (None, False),  # no canonical link
])
def test_a_page_naming_itself_on_another_site_than_its_url_is_warned(ws, canonical, warned):
    link = f'<link rel="canonical" href="{canonical}">' if canonical else ""
    (ws / "story.html").write_text(_STORY.format(link=link), encoding="utf-8")
    r = sb("add", "story.html", "--url", "https://example.org/fares", "--tier", "C", "--reason", "a news page",
           cwd=ws)
    sid = r.out.split()[1]
    r = sb("extract", cwd=ws)
    assert r.rc == 0, r.both
    assert ("W-SOURCE-URL-ELSEWHERE" in r.err) == warned, r.both
    if warned:
        assert f"sb source set {sid} url={canonical}" in r.err
