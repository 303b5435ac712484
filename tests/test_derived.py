"""Derived files are re-derived: ``sb verify`` renders again what sourcebook writes (the injected
ledger and build line of every page, build/report.md, the podcast transcript, TTS plan and
concat list) and refuses any other bytes, naming the file and the first differing line."""

from __future__ import annotations

import json
import os
import re
import shutil
import time

import pytest
from conftest import built_once, copy_ws, sb
from render_kit import build, draft

from sourcebook.domain.workspace import identity
from sourcebook.engines.diff.linediff import END, first_difference, shorten


def _podcast(ids: dict[str, str]) -> dict:
    return {"schema_version": 1, "episode": "The water bus pass",
            "speakers": [{"name": "Ana", "voice_hint": "calm"}, {"name": "Ben"}],
            "outline": [{"name": "Routes", "description": "Where the pass works", "size": "short"}],
            "lines": [
                {"n": 1, "speaker": "Ana", "kind": "transition", "segment": "a", "claims": [],
                 "text": "Can the pass pay for the water bus?"},
                {"n": 2, "speaker": "Ben", "kind": "factual", "segment": "a", "claims": [ids["pass"]],
                 "text": "On routes W1 and W2 it can."},
                {"n": 3, "speaker": "Ben", "kind": "factual", "segment": "b", "claims": [ids["fare"]],
                 "text": "A single fare is 3.40 marks."}]}


def _explainer(ids: dict[str, str]) -> str:
    return (f"# The pass\n\nThe pass is accepted on W1 and W2 [@{ids['pass']}]. The operator counts 31,000 riders "
            f"a weekday [@{ids['ride_a']}], the trade press 38,500 [@{ids['ride_b']}].\n")


def _render_all(ws) -> dict[str, str]:
    ids = build(ws)
    (ws / "drafts").mkdir()
    (ws / "drafts" / "draft.md").write_text(draft(ids), encoding="utf-8")
    (ws / "drafts" / "explainer.md").write_text(_explainer(ids), encoding="utf-8")
    (ws / "drafts" / "podcast.json").write_text(json.dumps(_podcast(ids)), encoding="utf-8")
    for args in (("render", "answer", "--from", "drafts/draft.md"),
                 ("render", "explainer", "--from", "drafts/explainer.md"),  # a subset ("cited") ledger
                 ("render", "report", "--from", "drafts/draft.md", "--style", "evidence"),
                 ("render", "podcast", "--from", "drafts/podcast.json"), ("tts-plan",)):
        r = sb(*args, cwd=ws)
        assert r.rc == 0, r.both
    return ids


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return built_once(tmp_path_factory, "derived", _render_all)


@pytest.fixture
def built(rendered, tmp_path):
    """Every derived file sourcebook writes, rendered and passing the gate (a copy of its own)."""
    template, ids = rendered
    return copy_ws(template, tmp_path), ids


def _verify(ws, *args):
    return sb("verify", *args, cwd=ws)


def _drift(r) -> list[str]:
    return [ln for ln in r.err.splitlines() if ln.startswith(("E-DERIVED-DRIFT", "E-DERIVED-UNKNOWN"))]


def _edit(path, old: str, new: str) -> int:
    """Replace the first ``old`` by ``new``; returns the line number of the edit."""
    time.sleep(0.01)
    text = path.read_text(encoding="utf-8")
    i = text.index(old)
    path.write_text(text[:i] + new + text[i + len(old):], encoding="utf-8")
    return text.count("\n", 0, i) + 1


def test_an_untouched_build_passes(built):
    ws, _ = built
    r = _verify(ws)
    assert r.rc == 0, r.both
    assert ("  . derived        re-derived 2 page ledger(s), report.md, podcast.md, podcast.ttsplan.json, "
            "concat.txt match") in r.out.splitlines()
    assert (ws / "build" / "report.draft.json").is_file()


def test_a_quote_edited_in_the_injected_ledger(built):
    ws, _ = built
    page = ws / "build" / "answer.html"
    line = _edit(page, '<q class="ledger-quote">A single adult fare is 3.40 marks.</q>',
                 '<q class="ledger-quote">A single adult fare is 2.40 marks.</q>')
    r = _verify(ws)
    assert r.rc == 2
    [f] = _drift(r)
    assert f.startswith(f"E-DERIVED-DRIFT  build/answer.html:{line}  the injected ledger differs")
    assert "ships \"" in f and "2.40 marks" in f and "3.40 marks" in f and "sb inject build/answer.html" in f


def test_a_claim_text_edited_in_a_subset_ledger(built):
    ws, ids = built
    page = ws / "build" / "explainer.html"
    assert 'data-scope="cited"' in page.read_text(encoding="utf-8")
    line = _edit(page, "The pass is accepted on routes W1 and W2.</p>", "The pass is accepted on every route.</p>")
    r = _verify(ws)
    [f] = _drift(r)
    assert f.startswith(f"E-DERIVED-DRIFT  build/explainer.html:{line}  ")


def test_an_entry_dropped_from_a_full_ledger(built):
    ws, ids = built
    page = ws / "build" / "answer.html"
    text = page.read_text(encoding="utf-8")
    entry = re.search(r'\n  <li class="ledger-entry" id="c-' + ids["fare"] + r'".*?\n  </li>', text, re.S)
    assert entry
    page.write_text(text.replace(entry.group(0), ""), encoding="utf-8")
    assert any(f.startswith("E-DERIVED-DRIFT  build/answer.html:") for f in _drift(_verify(ws)))


def test_a_report_edited_after_rendering(built):
    ws, _ = built
    line = _edit(ws / "build" / "report.md", "3.40 marks", "2.40 marks")
    r = _verify(ws)
    assert r.rc == 2
    [f] = _drift(r)
    assert f.startswith(f"E-DERIVED-DRIFT  build/report.md:{line}  the file differs from what sourcebook writes")
    assert "2.40 marks" in f and "3.40 marks" in f and "sb render report" in f


def test_a_quote_edited_in_the_report_sources_block(built):
    ws, _ = built
    report = ws / "build" / "report.md"
    assert '  > "A single adult fare is 3.40 marks."' in report.read_text(encoding="utf-8")
    line = _edit(report, '  > "A single adult fare is 3.40 marks."', '  > "A single adult fare is 1.40 marks."')
    [f] = _drift(_verify(ws))
    assert f.startswith(f"E-DERIVED-DRIFT  build/report.md:{line}  ")


def test_a_line_appended_to_the_report(built):
    ws, _ = built
    report = ws / "build" / "report.md"
    lines = report.read_text(encoding="utf-8").count("\n")
    with open(report, "a", encoding="utf-8") as fh:
        fh.write("Python 3.15 will make the future import a no-op in October 2026.\n")
    [f] = _drift(_verify(ws))
    assert f.startswith(f"E-DERIVED-DRIFT  build/report.md:{lines + 1}  ") and f'where sourcebook writes "{END}"' in f


def test_the_report_draft_record(built):
    ws, ids = built
    record = ws / "build" / "report.draft.json"
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert doc["from"] == "drafts/draft.md" and doc["style"] == "evidence"
    assert doc["numbers"] == {ids["src_a"]: 1, ids["src_b"]: 2}
    # the draft and the record edited together are a report rendered from another draft: it passes
    doc["draft"] = doc["draft"].replace("How many ride", "How many people ride")
    record.write_text(json.dumps(doc), encoding="utf-8")
    _edit(ws / "build" / "report.md", "How many ride", "How many people ride")
    assert _verify(ws).rc == 0
    # numbers that disagree with the workspace's numbering
    nums = ws / "ledger" / "report_numbers.json"
    nums.write_text(json.dumps({"schema_version": 1, "sources": {ids["src_a"]: 2, ids["src_b"]: 1}}), encoding="utf-8")
    [f] = _drift(_verify(ws))
    assert f.startswith("E-DERIVED-DRIFT  build/report.draft.json  the report numbers")


@pytest.mark.parametrize("damage", ["delete", "garbage", "shape"])
def test_a_report_without_its_record_cannot_be_checked(built, damage):
    ws, _ = built
    record = ws / "build" / "report.draft.json"
    if damage == "delete":
        record.unlink()
    elif damage == "garbage":
        record.write_text("{not json", encoding="utf-8")
    else:
        record.write_text(json.dumps({"schema_version": 1, "draft": 3}), encoding="utf-8")
    r = _verify(ws)
    assert r.rc == 2
    [f] = _drift(r)
    assert f.startswith("E-DERIVED-UNKNOWN  build/report.md  no usable record") and "sb render report" in f


def test_a_report_whose_claim_was_retracted_is_stale(built):
    ws, ids = built
    path = ws / "ledger" / "claims.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    for c in doc["claims"]:
        if c["id"] == ids["guess"]:
            c["status"] = "retracted"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = _verify(ws)
    found = [f for f in _drift(r) if "build/report.md" in f]
    assert found and "cannot be written again from its draft now" in found[0] and ids["guess"] in found[0]


def test_the_podcast_transcript_edited(built):
    ws, _ = built
    line = _edit(ws / "build" / "podcast.md", "On routes W1 and W2 it can.", "On every route it can.")
    r = _verify(ws, "--podcast")
    assert r.rc == 2
    [f] = _drift(r)
    assert f.startswith(f"E-DERIVED-DRIFT  build/podcast.md:{line}  ") and "sb render podcast" in f


def test_the_citation_track_edited(built):
    ws, _ = built
    line = _edit(ws / "build" / "podcast.md", '"A single adult fare is 3.40 marks."', '"A single adult fare is 9 marks."')
    [f] = _drift(_verify(ws))
    assert f.startswith(f"E-DERIVED-DRIFT  build/podcast.md:{line}  ")


def test_the_tts_plan_and_concat_list_edited(built):
    ws, _ = built
    plan = ws / "build" / "podcast.ttsplan.json"
    _edit(plan, "On routes W1 and W2 it can.", "On every route it can.")
    [f] = _drift(_verify(ws))
    assert f.startswith("E-DERIVED-DRIFT  build/podcast.ttsplan.json:") and "sb tts-plan" in f
    assert sb("tts-plan", cwd=ws).rc == 0 and _verify(ws).rc == 0
    concat = ws / "build" / "audio" / "concat.txt"
    concat.write_text(concat.read_text(encoding="utf-8") + "file 'extra.wav'\n", encoding="utf-8")
    [f] = _drift(_verify(ws))
    assert f.startswith("E-DERIVED-DRIFT  build/audio/concat.txt:4  ")


def test_voices_given_to_tts_plan_are_kept(built):
    ws, _ = built
    (ws / "voices.json").write_text(json.dumps({"Ana": {"hint": "warm", "voice_id": "v-ana"}}), encoding="utf-8")
    assert sb("tts-plan", "--voices", "voices.json", cwd=ws).rc == 0
    assert _verify(ws).rc == 0


def test_a_podcast_script_gone_or_broken(built):
    ws, _ = built
    script = ws / "build" / "podcast.script.json"
    script.write_text(json.dumps({"schema_version": 1}), encoding="utf-8")
    r = _verify(ws)
    found = _drift(r)
    assert [f.split()[:2] for f in found] == [["E-DERIVED-UNKNOWN", "build/podcast.md"],
                                              ["E-DERIVED-UNKNOWN", "build/podcast.ttsplan.json"],
                                              ["E-DERIVED-UNKNOWN", "build/audio/concat.txt"]]
    assert "build/podcast.script.json" in found[0]
    script.unlink()
    assert len(_drift(_verify(ws))) == 3


def test_the_script_changed_without_rendering_again(built):
    ws, _ = built
    script = ws / "build" / "podcast.script.json"
    doc = json.loads(script.read_text(encoding="utf-8"))
    doc["lines"][0]["text"] = "Welcome back."
    script.write_text(json.dumps(doc), encoding="utf-8")
    names = sorted(f.split()[1].split(":")[0] for f in _drift(_verify(ws)))
    assert names == ["build/podcast.md", "build/podcast.ttsplan.json"]


def test_the_build_line(built):
    ws, _ = built
    page = ws / "build" / "answer.html"
    text = page.read_text(encoding="utf-8")
    count = re.search(r"<!-- SB:SOURCES -->(.*?)<!-- /SB:SOURCES -->", text).group(1)
    assert count == "2 of the 2 sources read"  # the sources it cites, of those read (item 5)
    page.write_text(text.replace("<!-- SB:SOURCES -->2 of", "<!-- SB:SOURCES -->12 of"), encoding="utf-8")
    [f] = _drift(_verify(ws))
    assert f.startswith("E-DERIVED-DRIFT  build/answer.html  the build line says \"12 of the 2 sources read\"")
    page.write_text(text.replace('datetime="2026-01-01">2026-01-01<', 'datetime="2031-01-01">2031-01-01<'),
                    encoding="utf-8")
    [f] = _drift(_verify(ws))
    assert f.startswith("E-DERIVED-DRIFT  build/answer.html  the build line's date")
    # the template's own words are what a hand-composed page keeps
    page.write_text(re.sub(r"<!-- SB:DATE -->.*?<!-- /SB:DATE -->", "<!-- SB:DATE -->on the build date<!-- /SB:DATE -->",
                           text), encoding="utf-8")
    assert _verify(ws).rc == 0


def test_a_second_ledger_region_is_refused(built):
    ws, _ = built
    page = ws / "build" / "answer.html"
    text = page.read_text(encoding="utf-8")
    extra = '<!-- SB:LEDGER -->\n<ol class="ledger"><li>Invented.</li></ol>\n<!-- /SB:LEDGER -->\n</body>'
    page.write_text(text.replace("</body>", extra), encoding="utf-8")
    [f] = _drift(_verify(ws))
    assert f.startswith("E-DERIVED-DRIFT  build/answer.html  2 <!-- SB:LEDGER --> marker pairs")


def test_a_source_retitled_after_rendering(built):
    ws, ids = built
    path = ws / "sources" / ids["src_b"] / "source.json"
    rec = json.loads(path.read_text(encoding="utf-8"))
    rec["title"] = "Another title"
    path.write_text(json.dumps(rec), encoding="utf-8")
    names = sorted(f.split()[1].split(":")[0] for f in _drift(_verify(ws)))
    assert names == ["build/answer.html", "build/explainer.html", "build/podcast.md", "build/report.md"]


def test_a_repeat_run_sees_an_edit(built, monkeypatch):
    ws, _ = built
    monkeypatch.setattr(identity, "RACY_NS", 0)  # remember files written a moment ago
    assert _verify(ws).rc == 0
    assert _verify(ws).rc == 0  # from the cache
    line = _edit(ws / "build" / "answer.html", "3.40 marks.</q>", "3.41 marks.</q>")
    [f] = _drift(_verify(ws))
    assert f.startswith(f"E-DERIVED-DRIFT  build/answer.html:{line}  ")


def test_a_repeat_run_sees_a_claim_change(built, monkeypatch):
    ws, ids = built
    monkeypatch.setattr(identity, "RACY_NS", 0)
    assert _verify(ws).rc == 0
    time.sleep(0.01)
    path = ws / "ledger" / "claims.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    for c in doc["claims"]:
        if c["id"] == ids["pass"]:
            c["as_of"] = "2026-10-15"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert any(f.startswith("E-DERIVED-DRIFT  build/answer.html:") for f in _drift(_verify(ws)))


def test_a_hand_composed_page_with_the_ledger_injected_passes(built):
    # a rendered page is numbered in its reading order; with a plan in
    # that same order, `sb ledger --html` + `sb inject` writes exactly the ledger render writes
    from sourcebook.engines.ledger.numbering import sup_order

    ws, _ = built
    os.unlink(ws / "build" / "explainer.html")
    page = ws / "build" / "answer.html"
    plan = {"schema_version": 1, "type": "answer", "title": "Water bus", "thesis": "This page says where the pass works [framing].",
            "sections": [{"id": "all", "heading": "All", "claim_ids": sup_order(page.read_text(encoding="utf-8"))}]}
    (ws / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    for args in (("render", "answer", "--from", "drafts/draft.md"), ("render", "podcast", "--from", "drafts/podcast.json"),
                 ("render", "report", "--from", "drafts/draft.md", "--style", "evidence"), ("tts-plan",)):
        assert sb(*args, cwd=ws).rc == 0, args
    assert sb("ledger", "--html", "--out", "build/ledger.html", cwd=ws).rc == 0
    text = page.read_text(encoding="utf-8")
    a, b = text.index("<!-- SB:LEDGER -->"), text.index("<!-- /SB:LEDGER -->")
    page.write_text(text[:a] + "<!-- SB:LEDGER -->\n<ol class=\"ledger\"></ol>\n" + text[b:], encoding="utf-8")
    assert _drift(_verify(ws))
    assert sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=ws).rc == 0
    assert page.read_text(encoding="utf-8") == text
    assert not _drift(_verify(ws))


def test_package_refuses_a_tampered_build(built):
    ws, _ = built
    _edit(ws / "build" / "podcast.md", "On routes W1 and W2 it can.", "On every route it can.")
    r = sb("package", cwd=ws)
    assert r.rc == 2 and "E-PACKAGE" in r.err and "E-DERIVED-DRIFT  build/podcast.md:" in r.err
    assert not (ws / "dist").exists()


# ---- the first difference ----------------------------------------------------------------------

def test_first_difference():
    assert first_difference("a\nb\n", "a\nb\n") is None
    d = first_difference("a\nbXc\n", "a\nbYc\n")
    assert (d.line, d.shipped, d.expected) == (2, "bXc", "bYc")
    assert first_difference("a\nb", "a\nb\n") == (2, "b", "b\\n")  # a lost final newline is shown
    assert first_difference("a\n", "a\nb\n") == (2, END, "b")
    assert first_difference("a\nb\n", "a\n") == (2, "b", END)
    assert first_difference("", "a\n") == (1, END, "a")


def test_shorten_keeps_the_difference_in_view():
    line = "x" * 200 + "DIFF" + "y" * 200
    out = shorten(line, 200)
    assert "DIFF" in out and out.startswith("…") and out.endswith("…") and len(out) <= 74
    assert shorten("tab\there\x00", 0) == "tab\\there?"


# ---- sb package --verify re-derives from the package's own ledger ----------------------------

def _resum(out) -> None:
    """Write SHA256SUMS again after an edit, as someone without the signing key could."""
    import hashlib

    lines = []
    for dirpath, _, names in os.walk(out):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), out).replace(os.sep, "/")
            if rel not in ("SHA256SUMS", "SHA256SUMS.sig"):
                with open(os.path.join(out, rel), "rb") as fh:
                    lines.append(f"{hashlib.sha256(fh.read()).hexdigest()}  {rel}")
    with open(os.path.join(out, "SHA256SUMS"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(sorted(lines, key=lambda x: x.split("  ")[1])) + "\n")


@pytest.mark.parametrize("public", [False, True])
def test_a_package_verifies_and_its_derived_files_are_rendered_again(built, public):
    ws, _ = built
    args = ("package", "--public") if public else ("package",)
    r = sb(*args, cwd=ws)
    assert r.rc == 0, r.both
    dist = ws / "dist"
    assert (dist / "report.draft.json").is_file() and (dist / "podcast.script.json").is_file()
    r = sb("package", "--verify", "--sources", "sources", cwd=ws)
    assert r.rc == 0, r.both
    tampers = [("answer.html", "3.40 marks.</q>", "2.40 marks.</q>"),
               ("explainer.html", "The pass is accepted on routes W1 and W2.</p>", "The pass works everywhere.</p>"),
               ("report.md", "3.40 marks", "2.40 marks"),
               ("podcast.md", "On routes W1 and W2 it can.", "On every route it can."),
               ("podcast.ttsplan.json", "On routes W1 and W2 it can.", "On every route it can.")]
    for name, old, new in tampers:
        saved = (dist / name).read_bytes()
        line = _edit(dist / name, old, new)
        _resum(dist)
        r = sb("package", "--verify", "--sources", "sources", cwd=ws)
        assert r.rc == 2, (name, r.both)
        assert f"E-DERIVED-DRIFT  {name}:{line}  " in r.err, (name, r.err)
        assert "edited after packaging" in r.err and "E-PKG-CHECKSUM" not in r.err
        (dist / name).write_bytes(saved)
        _resum(dist)
    assert sb("package", "--verify", "--sources", "sources", cwd=ws).rc == 0


def test_a_package_whose_report_record_was_dropped(built):
    ws, _ = built
    assert sb("package", cwd=ws).rc == 0
    os.unlink(ws / "dist" / "report.draft.json")
    _resum(ws / "dist")
    r = sb("package", "--verify", cwd=ws)
    assert r.rc == 2 and "E-DERIVED-UNKNOWN  report.md  no usable record" in r.err


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    from demo_kit import built_demo

    yield from built_demo(tmp_path_factory, "derived-demo", full=True)


def test_the_demo_public_package_verifies_and_a_forged_podcast_line_is_heard(demo, tmp_path, monkeypatch):
    """The demo's public package (a source with a publication date) verifies untouched; a package
    whose script was changed everywhere consistently (the script, its transcript and plan
    re-rendered from it) still fails where a line's figure is backed by none of its claims."""
    from demo_kit import EPOCH

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)  # the build line's date is not after today
    ws = tmp_path / "demo"
    shutil.copytree(demo, ws)
    r = sb("package", "--public", "--out", "pub", cwd=ws)
    assert r.rc == 0, r.both
    # the report's Sources list withholds local paths, as PROVENANCE.json does
    report = (ws / "pub" / "report.md").read_text(encoding="utf-8")
    assert "clippings/" not in report and "(a local file)" in report
    assert "clippings/" in (ws / "build" / "report.md").read_text(encoding="utf-8")
    r = sb("package", "--verify", "--out", "pub", cwd=ws)
    assert r.rc == 0, r.both
    r = sb("package", "--out", "dist", cwd=ws)
    assert r.rc == 0, r.both
    for name in ("podcast.script.json", "podcast.md", "podcast.ttsplan.json"):
        _edit(ws / "dist" / name, "thirty-eight and a half thousand", "forty-eight and a half thousand")
    _resum(ws / "dist")
    r = sb("package", "--verify", "--out", "dist", cwd=ws)
    assert r.rc == 2 and "E-POD-FIGURE" in r.err and "forty-eight and a half thousand" in r.err, r.both


def test_a_review_record_forged_whole_is_denied_by_the_pages_footers(demo, tmp_path, monkeypatch):
    """PROVENANCE.json rewritten to say every sentence was marked ok, its marks made to agree:
    the shipped pages' footers still say "Not reviewed by a person.", so the package fails."""
    from demo_kit import EPOCH

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    ws = tmp_path / "demo"
    shutil.copytree(demo, ws)
    assert sb("package", "--out", "dist", cwd=ws).rc == 0
    prov_path = ws / "dist" / "PROVENANCE.json"
    prov = json.loads(prov_path.read_text(encoding="utf-8"))
    n = prov["review"]["sentences"]
    prov["review"].update(reviewed=True, marked_ok=n, marks=[
        {"target": f"s-{i:010d}", "verdict": "ok", "note": "checked every quote twice", "by": "M. Okafor",
         "at": "2026-11-01T00:00:00Z", "digest": "0" * 64, "current": True} for i in range(n)])
    prov_path.write_text(json.dumps(prov), encoding="utf-8")
    _resum(ws / "dist")
    r = sb("package", "--verify", "--out", "dist", cwd=ws)
    assert r.rc == 2 and "E-PKG-PROVENANCE  answer.html  its footer says 'Not reviewed by a person.'" in r.err, r.both
    assert "its own marks hold" not in r.err  # the record agrees with itself: the pages deny it


def test_a_public_deck_names_a_withheld_title_by_its_source_id(demo, tmp_path, monkeypatch):
    """A source titled by its file's name ("forum thread") is withheld by a public package: the
    deck's speaker notes name it by its id, as a note does for a source without a title, so the
    untouched package verifies and the file's name does not reach the notes."""
    from demo_kit import EPOCH

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    ws = tmp_path / "demo"
    shutil.copytree(demo, ws)
    sid = next(p.parent.name for p in (ws / "sources").glob("*/source.json")
               if "forum-thread.md" in p.read_text(encoding="utf-8"))
    assert sb("source", "set", sid, "title=forum thread", cwd=ws).rc == 0
    for args in (("answer", "--from", "drafts/draft.md"), ("brief", "--from", "drafts/draft.md"),
                 ("deck", "--from", "drafts/deck.md"), ("explainer", "--from", "drafts/explainer.md"),
                 ("report", "--from", "drafts/draft.md", "--style", "evidence"),
                 ("podcast", "--from", "drafts/podcast.json")):
        r = sb("render", *args, cwd=ws)
        assert r.rc == 0, r.both
    assert "forum thread, tier" in (ws / "build" / "deck.html").read_text(encoding="utf-8")
    r = sb("package", "--public", "--out", "pub", cwd=ws)
    assert r.rc == 0, r.both
    deck = (ws / "pub" / "deck.html").read_text(encoding="utf-8")
    notes = deck[deck.index('<aside class="notes"'):]
    assert "forum thread, tier" not in notes and f"{sid}, tier" in notes
    r = sb("package", "--verify", "--out", "pub", cwd=ws)
    assert r.rc == 0, r.both
    # the withheld title is recorded by its digest: another name put in its place on the pages
    # (sums rewritten) is not the one sourcebook wrote there
    prov = json.loads((ws / "pub" / "PROVENANCE.json").read_text(encoding="utf-8"))
    rec = next(s for s in prov["sources"] if s["id"] == sid)
    assert rec["title"] is None and len(rec["title_sha256"]) == 64
    for name in ("answer.html", "brief.html", "explainer.html"):
        _edit(ws / "pub" / name, "forum thread &middot;", "Calder Bay Water Bus Authority: official rider notice &middot;")
    _resum(ws / "pub")
    r = sb("package", "--verify", "--out", "pub", cwd=ws)
    assert r.rc == 2 and "E-DERIVED-DRIFT" in r.err and "official rider notice" in r.err, r.both
