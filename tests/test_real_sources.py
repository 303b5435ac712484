"""Real sources quoted in one step (canonical text v2, amendment A14).

Three PEPs (reStructuredText), a Rust RFC (Markdown), a Project Gutenberg book and an
IETF-style RFC from tests/fixtures/real: sentences as a reader copies them from the rendered
page (no line breaks, roles as plain words, typographic quotes where Sphinx prints them) are
stored by `sb claim add` on the first try and found exact by `sb find`, except those holding
an inline literal or Markdown emphasis, which the canonical text keeps as markup.
"""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import FIXTURES, sb

from sourcebook.engines.text.citation import problem

REAL = os.path.join(FIXTURES, "real")
EPOCH = "1767225600"
FILES = ("pep-0563.txt", "pep-0649.txt", "pep-0749.txt", "rfc-1969-cargo-prepublish.md",
         "pg-972-devils-dictionary.txt", "rfc-sample.txt", "manual.adoc")

# (file, sentence as rendered, holds an inline literal or emphasis the canonical text keeps as markup)
RENDERED = [
    ("pep-0563.txt", "The features proposed in this PEP never became the default behaviour, and have been "
                     "replaced with deferred evaluation of annotations, as proposed by PEP 649 and PEP 749.", False),
    ("pep-0563.txt", "PEP 484 introduced a standard meaning to annotations: type hints.", False),
    ("pep-0563.txt", "Note that as per PEP 526, local variable annotations are not evaluated at all since they "
                     "are not accessible outside of the function\u2019s closure.", False),
    ("pep-0563.txt", "Just like in PEP 484 and PEP 526, it should be emphasized that Python will remain a "
                     "dynamically typed language, and the authors have no desire to ever make type hints "
                     "mandatory, even by convention.", False),
    ("pep-0563.txt", "Annotations can only use names present in the module scope as postponed evaluation using "
                     "local names is not reliable (with the sole exception of class-level names resolved by "
                     "typing.get_type_hints()).", True),
    ("pep-0649.txt", "Python solved this by accepting PEP 563, incorporating a new approach called \u201cstringized "
                     "annotations\u201d in which annotations were automatically converted into strings by Python.", False),
    ("pep-0649.txt", "This caused chronic problems for static type analysis users using \u201ctype hints\u201d, due "
                     "to forward-reference and circular-reference problems.", False),
    ("pep-0649.txt", "This PEP adds a new dunder attribute to the objects that support annotations\u2013functions, "
                     "classes, and modules.", False),
    ("pep-0649.txt", "If accepted, this PEP would supersede PEP 563, and PEP 563\u2019s behavior would be "
                     "deprecated and eventually removed.", False),
    ("pep-0649.txt", "PEP 563\u2019s solution is to decompile the expressions back into strings during compilation "
                     "and store those strings as the values in the annotations dict.", False),
    ("pep-0649.txt", "The new attribute is called __annotate__, and is a reference to a function which computes "
                     "and returns that object\u2019s annotations dict.", True),
    ("pep-0649.txt", "But this code doesn\u2019t run\u2014it throws a NameError on the first line, because MyType "
                     "hasn\u2019t been defined yet.", True),
    ("pep-0749.txt", "We specify the behavior of wrapper objects that provide annotations, such as classmethod() "
                     "and code that uses functools.wraps().", False),
    ("pep-0749.txt", "Compiling any code that uses the future import will emit a DeprecationWarning.", False),
    ("pep-0749.txt", "We add functionality to allow evaluating type alias values and type parameter bounds and "
                     "defaults (which were added by PEP 695 and PEP 696) using PEP 649-like semantics.", False),
    ("pep-0749.txt", "It will include the get_annotations() function, an enum for annotation formats, a ForwardRef "
                     "class, and a helper function for calling __annotate__ functions.", True),
    ("rfc-1969-cargo-prepublish.md", "One primary feature enabled by this is the ability to \"prepublish\" a crate "
                                     "to crates.io.", False),
    ("rfc-1969-cargo-prepublish.md", "It's likely that a couple of Cargo's existing features have already come to "
                                     "mind as potential solutions to the challenges above.", False),
    ("rfc-1969-cargo-prepublish.md", "If the project author wants to contribute a change to one of the crates "
                                     "nestled deep in the graph (say, xml-rs), they face a couple of related "
                                     "challenges:", True),
    ("pg-972-devils-dictionary.txt", "ACCIDENT, n. An inevitable occurrence due to the action of immutable natural "
                                     "laws.", False),
    ("pg-972-devils-dictionary.txt", "This view of the attorney's position in the matter has not hitherto commanded "
                                     "the assent of attorneys, no one having offered them a fee for assenting.", False),
    ("pg-972-devils-dictionary.txt", "In merely resuming his own the author hopes to be held guiltless by those to "
                                     "whom the work is addressed--enlightened souls who prefer dry wines to sweet, "
                                     "sense to sentiment, wit to humor and clean English to slang.", False),
    ("rfc-sample.txt", "A shared format removes that work, because every program then needs to read and write one "
                       "format only, whatever the other programs are.", False),
]


def ok(r):
    assert r.rc == 0, r.both
    return r


def _add_all(root) -> dict[str, str]:
    os.makedirs(os.path.join(root, "input"), exist_ok=True)
    ids = {}
    for name in FILES:
        shutil.copy(os.path.join(REAL, name), os.path.join(root, "input", name))
        r = ok(sb("add", f"input/{name}", "--tier", "A", "--reason", "a real source for the tests", cwd=root))
        ids[name] = r.out.split()[1]
    return ids


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        root = str(tmp_path_factory.mktemp("real") / "ws")
        os.makedirs(root)
        ok(sb("init", "--question", "What changed about annotations?", cwd=root))
        ids = _add_all(root)
        for cmd in ("extract", "chunk", "index"):
            ok(sb(cmd, cwd=root))
        yield {"root": root, "ids": ids}
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


@pytest.fixture
def real(prepared, tmp_path):
    return shutil.copytree(prepared["root"], str(tmp_path / "ws")), prepared["ids"]


def text_of(root, sid: str) -> str:
    with open(os.path.join(root, "sources", sid, "normalized.md"), encoding="utf-8") as fh:
        return fh.read()


def claims_of(root) -> dict:
    with open(os.path.join(root, "ledger", "claims.json"), encoding="utf-8") as fh:
        return {c["id"]: c for c in json.load(fh)["claims"]}


def add_claim(root, text: str, evidence: list[dict], **extra):
    payload = {"text": text, "topic_key": "annotations.pep", "kind": "fact", "confidence": "reported",
               "evidence": evidence}
    payload.update(extra)
    return sb("claim", "add", "--json", json.dumps(payload), cwd=root)


def test_twenty_rendered_sentences_are_stored_first_try_and_found(real):
    root, ids = real
    assert len(RENDERED) >= 20
    assert sum(1 for _, _, markup in RENDERED if markup) >= 4
    for k, (name, sentence, markup) in enumerate(RENDERED):
        sid = ids[name]
        tag = "abcdefghijklmnopqrstuvwxyz"[k]  # a claim text of its own, with no figure of its own
        r = add_claim(root, f"Claim {tag}: {sentence}", [{"source_id": sid, "quote": sentence}])
        problems = [ln for ln in r.err.splitlines() if ln.startswith("W-") and not ln.startswith("W-QUOTE-LONG")]
        assert r.rc == 0 and not problems and r.out.splitlines()[-1].startswith("claim clm_"), (name, sentence, r.both)
        cid = r.out.split()[-1]
        ev = claims_of(root)[cid]["evidence"][0]
        text = text_of(root, sid)
        assert problem(text, ev) is None and text[ev["start"]:ev["end"]] == ev["quote"], (sentence, ev)
        assert "\n" not in ev["quote"], ev["quote"]  # canonical text v2: one line per paragraph
        f = sb("find", sid, sentence, cwd=root)
        if markup:
            assert f.rc == 1 and "E-FIND-INEXACT" in f.err and "`sb claim add` takes your paste" in f.err, f.both
            assert "stored   " in r.out and ev["quote"] != sentence  # what was stored is printed
        else:
            assert f.rc == 0 and re.match(rf"{sid}  \d+\.\.\d+  exact  \(1 match\)", f.out), (sentence, f.both)
            assert ev["quote"] == sentence


def test_roles_render_as_words_and_literals_as_code(real):
    root, ids = real
    text = text_of(root, ids["pep-0649.txt"])
    assert ":pep:" not in text and ":py:" not in text and "PEP 563" in text
    assert "`__annotate__`" in text and "``__annotate__``" not in text
    header = text.split("\n\n", 1)[0].splitlines()
    assert header[0] == "PEP: 649" and any(h.startswith("Post-History: 11-Jan-2021, 12-Apr-2021") for h in header)
    assert "canonical-doc" not in text  # a directive with nothing to read is dropped


def test_headings_of_every_format_in_search_and_chunks(real):
    root, ids = real
    paths = {}
    for name in FILES:
        with open(os.path.join(root, "chunks", f"{ids[name]}.jsonl"), encoding="utf-8") as fh:
            paths[name] = {tuple(json.loads(ln)["heading_path"]) for ln in fh}
    assert ("Abstract",) in paths["pep-0649.txt"]
    assert any(p[:1] == ("Motivation",) and len(p) > 1 for p in paths["pep-0649.txt"])
    assert ("The Widget Tool Manual", "Getting started", "Options") in paths["manual.adoc"]
    assert ("1. Introduction",) in paths["rfc-sample.txt"] and ("2. Format", "2.1. Records") in paths["rfc-sample.txt"]
    # `#` lines inside code blocks are code, never headings
    flat = {h for p in paths["rfc-1969-cargo-prepublish.md"] for h in p}
    assert "Cargo.toml" not in flat and "Cargo.lock" not in flat and "Summary" in flat
    assert not any("this comment is code" in h for p in paths["manual.adoc"] for h in p)
    with open(os.path.join(root, "notes.txt"), "w", encoding="utf-8") as fh:  # plain text, underlined titles
        fh.write("Field notes\n===========\n\nThe harbour ferries were counted on\nevery weekday in May.\n\n"
                 "Ferry counts\n------------\n\n" + "The counts rose over the month, week after week.\n" * 6)
    notes = ok(sb("add", "notes.txt", "--tier", "C", "--reason", "my notes", cwd=root)).out.split()[1]
    ok(sb("extract", cwd=root))
    ok(sb("chunk", "--target", "60", "--overlap", "0", cwd=root))
    with open(os.path.join(root, "chunks", f"{notes}.jsonl"), encoding="utf-8") as fh:
        assert ("Field notes", "Ferry counts") in {tuple(json.loads(ln)["heading_path"]) for ln in fh}
    ok(sb("chunk", cwd=root))
    ok(sb("index", cwd=root))
    r = ok(sb("search", "stringized annotations forward references", "-k", "3", cwd=root))
    first = r.out.splitlines()[:3]
    assert re.match(r"^ ?1  src_[0-9a-f]{12}#c\d{4}  [ \d.]+  \S", first[0]) and "(no heading)" not in first[0], first
    m = re.match(r"^      sb quote (src_[0-9a-f]{12}) (\d+) (\d+)$", first[2])
    assert m, first
    sid, s, e = m.group(1), int(m.group(2)), int(m.group(3))
    q = ok(sb("quote", sid, s, e, cwd=root))
    assert q.out.rstrip("\n") == text_of(root, sid)[s:e].rstrip("\n")
    hit = json.loads(ok(sb("search", "stringized annotations forward references", "--json", cwd=root)).out)[0]
    assert (hit["source_id"], hit["start"], hit["end"]) == (sid, s, e)


def test_plain_text_keeps_verse_and_rfc_pages_vanish(real):
    root, ids = real
    book = text_of(root, ids["pg-972-devils-dictionary.txt"])
    assert "  Poor Isabella's Dead, whose abdication\n  Set all tongues wagging in the Spanish nation.\n" in book
    rfc = text_of(root, ids["rfc-sample.txt"])
    assert "[Page" not in rfc and "RFC 9999   " not in rfc and "\f" not in rfc
    assert "      gear: teeth=24; width=6mm\n" not in rfc and "   gear: teeth=24; width=6mm\n" in rfc  # a figure keeps its lines


def test_find_evidence_prints_a_ready_object(real):
    root, ids = real
    sid = ids["pep-0649.txt"]
    sentence = RENDERED[10][1]
    r = ok(sb("find", sid, sentence, "--evidence", cwd=root))
    ev = json.loads(r.out)
    text = text_of(root, sid)
    assert set(ev) == {"source_id", "start", "end", "quote"} and text[ev["start"]:ev["end"]] == ev["quote"]
    assert "`__annotate__`" in ev["quote"] and "note" in r.err
    r = ok(sb("find", "This PEP adds a new dunder attribute", "--evidence", cwd=root))  # every source
    assert json.loads(r.out)["source_id"] == sid
    r = sb("find", sid, "annotations", "--evidence", cwd=root)
    assert r.rc == 1 and "E-FIND-AMBIGUOUS" in r.err
    r = sb("find", sid, "python solved this by accepting PEP 563", "--evidence", cwd=root)
    assert r.rc == 1 and "E-FIND-INEXACT" in r.err  # a difference in letters (case) is never accepted
    r = sb("find", sid, "Python solved that by accepting PEP 563", "--evidence", cwd=root)
    assert r.rc == 1 and "E-FIND-NOMATCH" in r.err


def test_claim_add_never_accepts_different_words_numbers_or_letters(real):
    root, ids = real
    sid = ids["pep-0649.txt"]
    for wrong in ("Python solved this by accepting PEP 564, incorporating a new approach",
                  "Python solved this by adopting PEP 563, incorporating a new approach",
                  "python solved this by accepting PEP 563, incorporating a new approach",
                  "Python solved this by accepting PEP 563 incorporating a new approach"):
        r = add_claim(root, "A claim with a wrong quote.", [{"source_id": sid, "quote": wrong}])
        assert r.rc == 1 and "E-CLAIM-SPAN" in r.err, (wrong, r.both)


def _to_v1(root, sid: str) -> str:
    """Rewrite a source as today's kit (canonical text v1) would have extracted it."""
    from sourcebook.base.ids import sha256_text
    from sourcebook.engines.convert.pipeline import extract_bytes

    folder = os.path.join(root, "sources", sid)
    with open(os.path.join(folder, "source.json"), encoding="utf-8") as fh:
        rec = json.load(fh)
    raw = next(f for f in os.listdir(folder) if f.startswith("raw"))
    with open(os.path.join(folder, raw), "rb") as fh:
        out, _ = extract_bytes(fh.read(), media_type=rec["media_type"], path=raw, normalizer=1)
    with open(os.path.join(folder, "normalized.md"), "w", encoding="utf-8") as fh:
        fh.write(out.text)
    rec["normalizer_version"], rec["normalized_sha256"] = 1, sha256_text(out.text)
    with open(os.path.join(folder, "source.json"), "w", encoding="utf-8") as fh:
        json.dump(rec, fh, indent=2, sort_keys=True, ensure_ascii=False)
    return out.text


def _quotes_gate(root) -> str:
    r = sb("verify", cwd=root)
    return next(ln for ln in r.out.splitlines() if ln.strip()[2:].startswith("quotes"))


def test_upgrading_a_v1_workspace_keeps_every_claim_verifying(real):
    root, ids = real
    pep, book, md = ids["pep-0649.txt"], ids["pg-972-devils-dictionary.txt"], ids["rfc-1969-cargo-prepublish.md"]
    v1 = {sid: _to_v1(root, sid) for sid in (pep, book, md)}
    r = ok(sb("extract", cwd=root))  # a v1 source stays v1: no drift, a note
    assert "E-NORM-DRIFT" not in r.both and "3 source(s) keep canonical text v1" in r.out
    assert "x" not in _quotes_gate(root)[:4]
    deep = sb("verify", "--deep", cwd=root)  # re-extracted at the version each source records
    assert "E-DEEP-DRIFT" not in deep.both and "3 at an older version" in deep.out, deep.both
    role = "Python solved this by accepting :pep:`563`, incorporating\na new approach"
    assert role in v1[pep]
    literal = "via a new object method called ``__annotate__``."
    s = v1[pep].index("This approach, when combined")
    quotes = [
        ok(add_claim(root, "Python accepted an earlier proposal.", [{"source_id": pep, "quote": role}])),
        ok(add_claim(root, "The proposal adds an object method.", [{"source_id": pep, "quote": literal}])),
        ok(add_claim(root, "The proposal combines techniques.", [{"source_id": pep, "start": s, "end": s + 60}])),
        ok(add_claim(root, "An accident is inevitable.", [{"source_id": book, "quote":
                     "ACCIDENT, n.  An inevitable occurrence due to the action of immutable\nnatural laws."}])),
        ok(add_claim(root, "Cargo can prepublish crates.", [{"source_id": md, "quote":
                     "One primary feature enabled by this is the ability to \"prepublish\" a crate [...] "
                     "crates.io. Prepublication makes it possible"}])),
    ]
    assert all("W-" not in q.both for q in quotes), [q.both for q in quotes if "W-" in q.both]
    r = ok(sb("extract", "--upgrade", cwd=root))
    assert re.search(rf"ready    {pep}  \d+ chars  via sb\.text  \(canonical text v1 -> v2; 3 citation\(s\) carried over\)",
                     r.out), r.out
    assert "keep canonical text v1" not in r.out
    for sid in (pep, book, md):
        with open(os.path.join(root, "sources", sid, "source.json"), encoding="utf-8") as fh:
            assert json.load(fh)["normalizer_version"] == 2
    cs = claims_of(root)
    for c in cs.values():
        for ev in c["evidence"]:
            assert problem(text_of(root, ev["source_id"]), ev) is None, (c["text"], ev)
    moved = {c["text"]: c["evidence"][0] for c in cs.values()}
    assert moved["Python accepted an earlier proposal."]["quote"] == \
        "Python solved this by accepting PEP 563, incorporating a new approach"
    assert moved["The proposal adds an object method."]["quote"] == "via a new object method called `__annotate__`."
    assert len(moved["Cargo can prepublish crates."]["parts"]) == 2
    assert _quotes_gate(root).startswith("  . quotes")
    events = open(os.path.join(root, "ledger", "events.jsonl"), encoding="utf-8").read()
    assert '"event":"carry"' in events


def test_upgrade_reports_what_it_cannot_carry_and_keeps_the_source(real):
    root, ids = real
    pep = ids["pep-0649.txt"]
    v1 = _to_v1(root, pep)
    assert ".. canonical-doc:: :ref:`annotations`" in v1
    bad = ok(add_claim(root, "PEP 649 names its canonical document.", [{"source_id": pep, "quote":
                       "canonical-doc:: :ref:`annotations`"}])).out.split()[-1]
    good = ok(add_claim(root, "PEP 649 says PEP 563 was accepted.", [{"source_id": pep, "quote":
                        "Python solved this by accepting :pep:`563`"}])).out.split()[-1]
    r = sb("extract", "--upgrade", cwd=root)
    assert r.rc == 2 and re.search(rf"E-UPGRADE-CARRY  {bad}/evidence/0  the quote", r.err), r.both
    assert f"sb claim evidence {bad}" in r.err and re.search(rf"E-UPGRADE-CARRY  {pep}  kept at canonical text v1", r.err)
    assert text_of(root, pep) == v1  # nothing changed: every claim still verifies
    assert claims_of(root)[good]["evidence"][0]["quote"] == "Python solved this by accepting :pep:`563`"
    ok(sb("claim", "retract", bad, "--reason", "the directive is not reading matter", cwd=root))
    r = ok(sb("extract", "--upgrade", cwd=root))
    assert "1 citation(s) carried over" in r.out
    assert claims_of(root)[good]["evidence"][0]["quote"] == "Python solved this by accepting PEP 563"
    assert claims_of(root)[bad]["evidence"][0]["quote"] == "canonical-doc:: :ref:`annotations`"  # history kept


def test_force_moves_the_source_and_names_the_broken_citation(real):
    root, ids = real
    pep = ids["pep-0649.txt"]
    _to_v1(root, pep)
    bad = ok(add_claim(root, "PEP 649 names its canonical document.", [{"source_id": pep, "quote":
                       "canonical-doc:: :ref:`annotations`"}])).out.split()[-1]
    r = sb("extract", "--force", cwd=root)
    assert r.rc == 2 and f"E-UPGRADE-CARRY  {bad}/evidence/0" in r.err and "fails `sb verify`" in r.err
    assert "x quotes" in sb("verify", cwd=root).out.replace("  ", " ")


# ---- evidence that cannot trap -----------------------------------------------------------------

def test_a_retracted_wrong_quote_no_longer_blocks_verify(ws):
    from verify_kit import good_workspace

    ids, _ = good_workspace(ws)
    sid = ids["operator"]
    r = add_claim(ws, "The night service runs daily.", [{"source_id": sid, "start": 0, "end": 12,
                                                         "quote": "The night service runs daily"}])
    assert r.rc == 0 and "W-QUOTE-MISMATCH" in r.err, r.both
    cid = r.out.split()[-1]
    assert f"sb claim evidence {cid} --source {sid} --quote" in r.err  # the warning says how to fix it
    v = sb("verify", cwd=ws)
    assert v.rc == 2 and f"E-QUOTE-MISMATCH  {cid}" in v.err
    ok(sb("claim", "retract", cid, "--reason", "the quote was wrong", cwd=ws))
    ok(sb("ledger", "--html", "--out", "build/ledger.html", cwd=ws))  # the ledger now lists it as withdrawn
    ok(sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=ws))
    v = sb("verify", cwd=ws)
    assert v.rc == 0 and "PASS" in v.out, v.both


def test_a_wrong_quote_is_repaired_with_claim_evidence(ws):
    from verify_kit import good_workspace, page, write_page, write_plan

    ids, _ = good_workspace(ws)
    sid = ids["operator"]
    r = add_claim(ws, "Single fares rose in 2025.", [{"source_id": sid, "start": 3, "end": 20,
                                                     "quote": "Single fares rose by 12% in 2025."}])
    cid = r.out.split()[-1]
    assert "W-QUOTE-MISMATCH" in r.err and "the quoted words are at" in r.err
    assert sb("verify", cwd=ws).rc == 2
    bad = sb("claim", "evidence", cid, "--source", sid, "--quote", "Single fares rose by 13% in 2025.", cwd=ws)
    assert bad.rc == 1 and "E-CLAIM-SPAN" in bad.err  # a different number is never accepted
    bad = sb("claim", "evidence", cid, "--json", json.dumps({"source_id": sid, "start": 0, "end": 5,
                                                            "quote": "Single fares"}), cwd=ws)
    assert bad.rc == 1 and f"E-CLAIM-EVIDENCE  {cid}/evidence/0" in bad.err and "nothing changed" in bad.err
    r = ok(sb("claim", "evidence", cid, "--source", sid, "--quote", "Single  fares rose\nby 12% in 2025.",
              "--reason", "the offsets were wrong", cwd=ws))
    assert f"updated {cid}" in r.out and "stored   " in r.out
    ev = claims_of(ws)[cid]["evidence"][0]
    assert ev["quote"] == "Single fares rose by 12% in 2025." and problem(text_of(ws, sid), ev) is None
    cs = [c for c in claims_of(ws).values() if c["id"] != cid] + [claims_of(ws)[cid]]
    order = [c["id"] for c in cs]
    write_plan(ws, order)
    write_page(ws, page(cs, order))  # the repaired claim is placed on the page like the others
    v = sb("verify", cwd=ws)
    assert v.rc == 0 and "PASS" in v.out, v.both
    show = ok(sb("claim", "show", cid, cwd=ws)).out
    assert "trail" in show and "evidence  the offsets were wrong" in show


# ---- PDF: running headers, page numbers, a sentence across the page break -----------------------

def test_pdf_running_header_dropped_and_sentence_joined(ws):
    pytest.importorskip("pypdf")
    from test_pdf import make_pdf

    head = "Widget Exchange Specification"
    pages = [[head, "The committee met in March and agreed on the text of the new widget",
              "exchange format, which every member will adopt, and asked the editors",
              "to publish it.", "The format replaces the three older formats that the members use",
              "today, and the committee agreed that the new format, once published,", "Page 1 of 2"],
             [head, "takes effect on the first day of next year for every new widget.",
              "Existing widgets keep their old descriptions until they change.", "Page 2 of 2"]]
    (ws / "spec.pdf").write_bytes(make_pdf(pages))
    r = ok(sb("add", "spec.pdf", "--tier", "A", "--reason", "the specification", cwd=ws))
    sid = r.out.split()[1]
    ok(sb("extract", cwd=ws))
    text = text_of(ws, sid)
    assert text.count(head) <= 1 and "Page 1 of 2" not in text and "Page 2" not in text, text
    sentence = ("The format replaces the three older formats that the members use today, and the committee "
                "agreed that the new format, once published, takes effect on the first day of next year for "
                "every new widget.")
    f = sb("find", sid, sentence, cwd=ws)
    assert f.rc == 0 and "exact" in f.out, (f.both, text)
    with open(ws / "sources" / sid / "pages.json", encoding="utf-8") as fh:
        spans = json.load(fh)["pages"]
    assert [p["page"] for p in spans] == [1, 2]
    assert text[spans[1]["start"]:].startswith("takes effect on the first day")
    assert "to publish it.\nThe format" in text  # a short line ends its paragraph
    assert spans[0]["end"] < spans[1]["start"] and spans[0]["start"] == 0


def test_an_elided_paste_from_the_rendered_page_is_placed_part_by_part(real):
    root, ids = real
    sid = ids["pep-0649.txt"]
    text = text_of(root, sid)
    r = ok(add_claim(root, "PEP 649 adds __annotate__.", [{"source_id": sid, "quote":
           "It adds a new internal mechanism [...] via a new object method called __annotate__."}]))
    assert "stored   " in r.out
    ev = claims_of(root)[r.out.split()[-1]]["evidence"][0]
    assert [p["quote"] for p in ev["parts"]] == ["It adds a new internal mechanism",
                                                  "via a new object method called `__annotate__`."]
    assert problem(text, ev) is None
