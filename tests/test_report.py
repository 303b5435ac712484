"""The Markdown report and sb check-draft (numbered source citations, coverage, evidence)."""

from __future__ import annotations

import json

import pytest
from conftest import sb
from render_kit import build, draft


@pytest.fixture
def kit(ws):
    ids = build(ws)
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    return ws, ids


def _report(ws):
    return (ws / "build" / "report.md").read_text(encoding="utf-8")


def test_report_numbers_sources_in_order_of_first_citation(kit):
    ws, ids = kit
    r = sb("render", "report", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.strip().endswith("wrote build/report.md  2 source(s) cited")
    md = _report(ws)
    # the status page is cited first, so it is [1]; the trade report [2]
    assert "The pass is accepted on W1 and W2[1] (as of 2026-10-14). A single fare is 3.40 marks[2]." in md
    assert "31,000 riders a weekday[1] (contested), the trade press 38,500[2] (contested)." in md
    assert "Commuters may switch once W3 takes the pass[inference]." in md  # the author's inference, not [unverified]
    sources = md.split("## Sources\n\n", 1)[1]
    assert sources.splitlines()[0] == ("- [1] [Water bus status · Calder Bay Water Bus Authority]"
                                       "(https://water.example/status) · tier A · a capture supplied by the author, "
                                       "not fetched by sourcebook")
    assert sources.splitlines()[1].startswith("- [2] Trade report · The Ferry Ledger (input/trade.md) · tier B")
    numbers = json.loads((ws / "ledger" / "report_numbers.json").read_text())
    assert numbers["sources"] == {ids["src_a"]: 1, ids["src_b"]: 2}


def test_numbers_are_kept_when_the_draft_changes(kit):
    ws, ids = kit
    sb("render", "report", cwd=ws)
    # now cite the trade report first: it keeps [2]
    (ws / "draft.md").write_text(f"The fare is 3.40 marks [@{ids['fare']}], the pass works [@{ids['pass']}].\n",
                                 encoding="utf-8")
    assert sb("render", "report", cwd=ws).rc == 0
    assert "The fare is 3.40 marks[2], the pass works[1] (as of 2026-10-14)." in _report(ws)


def test_one_as_of_per_sentence(kit):
    ws, ids = kit
    # two reference groups of one sentence name the same volatile fact: its as-of is printed once
    (ws / "draft.md").write_text(f"The pass works on W1 [@{ids['pass']}], and the fare is 3.40 marks "
                                 f"[@{ids['fare']}] [@{ids['pass']}]. It works on W2 [@{ids['pass']}].\n",
                                 encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 0, r.both
    first = _report(ws).split("\n\n## Sources", 1)[0]
    assert first.count("(as of 2026-10-14)") == 2, first  # once in each sentence
    assert "The pass works on W1[1] (as of 2026-10-14), and the fare is 3.40 marks[2]. It works" in first


def test_evidence_and_plain_styles(kit):
    ws, ids = kit
    assert sb("render", "report", "--style", "evidence", cwd=ws).rc == 0
    md = _report(ws)
    assert '  > "A single adult fare is 3.40 marks."' in md
    assert sb("render", "report", "--style", "plain", cwd=ws).rc == 0
    md = _report(ws)
    assert "\nSources:\n[1] Water bus status · Calder Bay Water Bus Authority, https://water.example/status\n" in md


def test_old_sources_block_is_replaced_and_rerender_is_stable(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(draft(ids) + "\n## Sources\n\n- [9] stale\n", encoding="utf-8")
    sb("render", "report", cwd=ws)
    first = _report(ws)
    assert "stale" not in first and first.count("## Sources") == 1
    sb("render", "report", cwd=ws)
    assert _report(ws) == first


def test_at_most_three_sources_per_sentence(ws):
    from ledger_helpers import claim, ev, make_source, write_claims

    from sourcebook.base.ids import claim_id

    refs = []
    cs = []
    for i in range(4):
        text = f"Source {i} says the fare is 3.40 marks.\n"
        sid = make_source(ws, text, name=f"s{i}", tier="A")
        cs.append(claim(f"Claim {i}: the fare is 3.40.", f"fare.t{i}", confidence="verified",
                        evidence=[ev(sid, text, "the fare is 3.40 marks")]))
        refs.append(claim_id(f"Claim {i}: the fare is 3.40."))
    write_claims(ws, cs)
    (ws / "draft.md").write_text("All four agree on the fare " + "".join(f"[@{r}]" for r in refs) + ".\n", encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 0 and "W-CITE-CROWDED  draft.md:1" in r.out
    assert "on the fare[1][2][3]." in _report(ws)


def test_a_chinese_full_stop_ends_a_sentence_for_the_citation_cap(ws):
    """"。" ends a sentence with or without a space after it: the English sentence after a Chinese
    one keeps its own numbers (the cap of three counts per sentence, not across both)."""
    from ledger_helpers import claim, ev, make_source, write_claims

    from sourcebook.base.ids import claim_id

    refs = []
    cs = []
    for i in range(5):
        text = f"Source {i} says the fare is 3.40 marks.\n"
        sid = make_source(ws, text, name=f"s{i}", tier="A")
        cs.append(claim(f"Claim {i}: the fare is 3.40.", f"fare.t{i}", confidence="verified",
                        evidence=[ev(sid, text, "the fare is 3.40 marks")]))
        refs.append(claim_id(f"Claim {i}: the fare is 3.40."))
    write_claims(ws, cs)
    three = "".join(f"[@{r}]" for r in refs[:3])
    two = "".join(f"[@{r}]" for r in refs[3:])
    for stop in ("。 ", "。"):
        (ws / "draft.md").write_text(f"票价是3.40马克{three}{stop}The fare is 3.40 marks {two}.\n", encoding="utf-8")
        r = sb("render", "report", cwd=ws)
        assert r.rc == 0 and "W-CITE-CROWDED" not in r.out
        assert f"票价是3.40马克[1][2][3]{stop}The fare is 3.40 marks[4][5]." in _report(ws)
    (ws / "draft.md").write_text(f"「票价是3.40马克。」{three}{two}\n", encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert "W-CITE-CROWDED" in r.out  # "。」": the quotation closes, the sentence goes on


def test_a_report_sentence_is_judged_by_the_claims_its_draft_cites(ws):
    """A report's [1] stands for every claim of a source; its draft knows which claim a sentence
    cites. "Children ride free on routes W1 and W2" citing the children's claim borrows the
    routes of another claim of the same source: refused; each clause citing its own claim passes."""
    from ledger_helpers import claim, ev, make_source, write_claims

    from sourcebook.base.ids import claim_id

    text = "The pass is accepted on routes W1 and W2. Children under twelve ride free.\n"
    sid = make_source(ws, text, name="status", tier="A")
    routes, kids = "The pass is accepted on routes W1 and W2.", "Children under twelve ride free."
    write_claims(ws, [claim(routes, "pass.routes", confidence="verified", evidence=[ev(sid, text, routes)]),
                      claim(kids, "pass.kids", confidence="verified", evidence=[ev(sid, text, kids)])])
    r_id, k_id = claim_id(routes), claim_id(kids)
    for sentence, refused in ((f"Children under twelve ride free on routes W1 and W2 [@{k_id}].", True),
                              (f"Children under twelve ride free [@{k_id}], and the pass is accepted on routes "
                               f"W1 and W2 [@{r_id}].", False)):
        (ws / "draft.md").write_text(sentence + "\n", encoding="utf-8")
        assert sb("render", "report", cwd=ws).rc == 0
        v = sb("verify", "--no-cache", cwd=ws)
        # judged from the draft's citation, named at the report's own line
        found = [line for line in v.err.splitlines() if line.startswith("E-DRAFT-FIGURE  build/report.md:")]
        assert bool(found) is refused, (sentence, v.both)
        if refused:
            assert "W1" in found[0], found


def test_report_refuses_unknown_ids(kit):
    ws, ids = kit
    (ws / "draft.md").write_text("A claim [@clm_000000000000] and [@src_000000000000].\n", encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 1
    assert "E-DRAFT-CLAIM  draft.md:1" in r.err and "src_000000000000 is not a source" in r.both


def test_a_bare_source_citation_is_refused(kit):
    ws, ids = kit
    (ws / "draft.md").write_text(f"The trade press reports it [@{ids['src_b']}].\n", encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 1 and "E-REPORT-SOURCE-CITE  draft.md:1" in r.err, r.both
    assert not (ws / "build" / "report.md").exists() or "[1]" not in _report(ws)
    # a source number written by hand is a bare source citation too
    (ws / "draft.md").write_text("The trade press reports 38,500 riders [2].\n", encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 1 and "E-REPORT-SOURCE-CITE  draft.md:1  [2] cites a source number" in r.err, r.both


# ---- check-draft -----------------------------------------------------------------------------

def _check(ws, text, *flags):
    (ws / "answer.md").write_text(text, encoding="utf-8")
    return sb("check-draft", "answer.md", *flags, cwd=ws)


def test_a_sources_heading_before_a_section_does_not_drop_the_section(kit):
    """A Sources heading of any language (``## Literatur``) in the middle of a draft: the report
    replaces the Sources block and all after it, so the section after it would vanish. Both
    render report and check-draft refuse it; the same block at the end of the draft is replaced."""
    ws, ids = kit
    tail = f"## What to do\n\nCarry another way to pay on W3 [@{ids['guess']}].\n"
    (ws / "draft.md").write_text(draft(ids) + "\n## Literatur\n\n- [1] Water bus status\n\n" + tail, encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc != 0 and "E-DRAFT-SOURCES-LAST  draft.md:" in r.err and "## What to do" in r.err, r.both
    assert not (ws / "build" / "report.md").exists()
    r = sb("check-draft", "draft.md", cwd=ws)
    assert r.rc != 0 and "E-DRAFT-SOURCES-LAST" in r.both, r.both
    (ws / "draft.md").write_text(draft(ids) + "\n" + tail + "\n## Literatur\n\n- [1] Water bus status\n",
                                 encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 0 and "Carry another way to pay on W3" in _report(ws) and "Literatur" not in _report(ws), r.both


def test_check_draft_passes_the_rendered_report(kit):
    ws, _ = kit
    sb("render", "report", "--style", "evidence", cwd=ws)
    r = sb("check-draft", "build/report.md", "--strict", "--evidence", cwd=ws)  # full coverage is the default
    assert r.rc == 0, r.both
    # counted in sentences; the inferred claim is the author's inference, not [unverified]
    assert ("info: stats: 4 prose sentence(s), 4 with provenance (3 cited, 1 inferred, 0 [unverified], 0 framing), "
            "0 uncited, 0 refused for figures, coverage 1.00") in r.out
    assert r.out.strip().endswith("check-draft ok  build/report.md")


def test_unknown_number_and_mismatched_block(kit):
    ws, _ = kit
    sb("render", "report", cwd=ws)
    r = _check(ws, "The fare is 3.40 marks for adults [7].\n\n## Sources\n\n- [1] Somewhere else entirely\n")
    assert r.rc == 2
    assert "E-CITE-UNKNOWN  answer.md:1  [7]" in r.err
    assert "E-SOURCES-MISMATCH  answer.md:5  [1]" in r.err


def test_cited_number_missing_from_block_and_uncited_entry(kit):
    ws, _ = kit
    sb("render", "report", cwd=ws)
    block = sb("check-draft", "--only", "1", cwd=ws).out
    r = _check(ws, "The fare is 3.40 marks for adults [2].\n\n" + block)
    assert r.rc == 2
    assert "E-SOURCES-MISMATCH  answer.md:1  [2] is cited but missing" in r.err
    assert "W-SOURCE-UNCITED" in r.out


def test_coverage_threshold_and_unverified(kit):
    ws, _ = kit
    sb("render", "report", cwd=ws)
    block = sb("check-draft", "--only", "1,2", cwd=ws).out
    text = ("# Title words here are ignored\n\nThe pass works on two routes [1].\nThe fare is unchanged [2].\n"
            "Most riders seem to like the boats a lot.\n| a | b | c | d |\n```\nlines = are_not_prose(code)\n```\n\n" + block)
    r = _check(ws, text)  # full coverage is the default: the uncited sentence is named and fails
    assert r.rc == 2
    assert "3 prose sentence(s), 2 with provenance (2 cited, 0 inferred, 0 [unverified], 0 framing), 1 uncited" in r.out
    assert 'W-DRAFT-UNCITED-SENTENCE  answer.md:5  "Most riders seem to like the boats a lot."' in r.out
    assert "E-COVERAGE  answer.md  coverage 0.67 is below 1.00" in r.err
    r = _check(ws, text, "--min-coverage", "0.5")  # a lower threshold is asked for explicitly
    assert r.rc == 0, r.both
    r = _check(ws, text, "--min-coverage", "0.9")
    assert r.rc == 2 and "E-COVERAGE  answer.md  coverage 0.67 is below 0.90" in r.err
    r = _check(ws, text.replace("a lot.", "a lot. [unverified]"), "--min-coverage", "0.9")
    assert r.rc == 0, r.both


def test_strict_makes_warnings_fail(kit):
    ws, _ = kit
    sb("render", "report", cwd=ws)
    r = _check(ws, "The pass works on two routes [1].\n")
    assert r.rc == 0 and "W-SOURCES-MISSING  answer.md" in r.out
    assert _check(ws, "The pass works on two routes [1].\n", "--strict").rc == 2
    r = _check(ws, "Every source agrees on this one [1][2][3][4].\n")
    assert "W-CITE-CROWDED  answer.md:1" in r.out


def test_evidence_mode_needs_a_verified_quote(kit):
    ws, ids = kit
    sb("render", "report", cwd=ws)
    data = json.loads((ws / "ledger" / "claims.json").read_text())
    for c in data["claims"]:
        for e in c["evidence"]:
            if e["source_id"] == ids["src_b"]:
                e["quote"] = "words that are not in the source"
    (ws / "ledger" / "claims.json").write_text(json.dumps(data))
    block = sb("check-draft", "--only", "1,2", cwd=ws).out
    r = _check(ws, "The pass works on two routes [1].\nThe fare is unchanged [2].\n\n" + block, "--evidence")
    assert r.rc == 2 and "E-EVIDENCE-MISSING  answer.md:2  [2]" in r.err


def test_only_assigns_numbers_to_new_sources(kit):
    ws, ids = kit
    r = sb("check-draft", "--only", f"{ids['src_b']},{ids['src_a']}", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.splitlines()[2].startswith("- [1] Trade report")
    r = sb("check-draft", "--only", "9", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-CITE-UNKNOWN  9")
    assert sb("check-draft", cwd=ws).rc == 1
    r = sb("check-draft", "nope.md", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-DRAFT  nope.md")


@pytest.mark.parametrize("line", [
    "<details><summary>More</summary>",
    "<!-- the press figure is the real one -->",
    "![Notice: W3 readers now working](https://notices.example/w3-live.png)",
], ids=["a details tag", "a comment", "a remote image"])
def test_raw_html_and_remote_images_are_refused_in_a_report_draft(kit, line):
    ws, ids = kit
    text = (ws / "draft.md").read_text(encoding="utf-8")
    (ws / "draft.md").write_text(text + "\n" + line + "\n", encoding="utf-8")
    r = sb("render", "report", cwd=ws)
    assert r.rc == 1 and "E-DRAFT-SUBSET" in r.err and "nothing was written" in r.err, r.both
    assert not (ws / "build" / "report.md").exists()
    # the same characters in `code` are shown as written, not run
    (ws / "draft.md").write_text(text + "\nThe page folds with `<details>` [framing].\n", encoding="utf-8")
    assert sb("render", "report", cwd=ws).rc == 0


@pytest.mark.parametrize("line", ["children under twelve ride free ~~with a paying adult~~ [@clm_x].",
                                  "children under twelve ride free ~with a paying adult~ [@clm_x]."])
def test_a_strike_through_in_a_report_draft_is_refused(line):
    """Every Markdown viewer draws ~~words~~ struck out, as it draws a <del>: a reader takes the
    words (a claim's condition) as withdrawn."""
    from sourcebook.domain.artifacts.report import markup_problems

    got = markup_problems(f"# T\n\n{line}\n", "draft.md")
    assert [(f.code, f.subject) for f in got] == [("E-DRAFT-SUBSET", "draft.md:3")] and "strike-through" in got[0].message


@pytest.mark.parametrize("line", ["The trip takes ~30 minutes and costs ~3 marks [@clm_x].",
                                  "Write `~~old~~` to strike text [@clm_x].", "A range of 3~4 boats [@clm_x]."])
def test_a_tilde_that_strikes_nothing_passes(line):
    from sourcebook.domain.artifacts.report import markup_problems

    assert markup_problems(f"# T\n\n{line}\n", "draft.md") == []


def test_check_draft_of_a_page_draft_judges_the_report_rendered_from_it(kit):
    """`sb verify` reads build/report.md beside the plan's page: check-draft of the draft the
    report was rendered from judges that report too (as `sb render report` writes it from the
    draft now), says which pages it judged, and names a page verify will find missing."""
    ws, ids = kit
    assert sb("render", "report", cwd=ws).rc == 0
    r = sb("check-draft", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    assert "and build/report.md as `sb render report --from draft.md` writes it" in r.out, r.both
    assert "note: build/answer.html is not written yet" in r.out and "E-HTML-MISSING" in r.out, r.both
    # what only the report refuses: a page would draw it, a report viewer strikes the words out
    (ws / "draft.md").write_text(draft(ids).replace("A single fare", "A ~~double~~ single fare"), encoding="utf-8")
    r = sb("check-draft", "draft.md", cwd=ws)
    assert r.rc == 2 and "E-DRAFT-SUBSET  draft.md:" in r.err, r.both
    assert "would refuse build/answer.html and build/report.md" in r.err, r.both
    # a report rendered from another draft is named, not judged
    (ws / "other.md").write_text(draft(ids), encoding="utf-8")
    assert sb("render", "report", "--from", "other.md", cwd=ws).rc == 0
    r = sb("check-draft", "draft.md", cwd=ws)
    assert "E-DRAFT-SUBSET" not in r.both and "rendered from other.md" in r.out, r.both
    assert "`sb check-draft other.md`" in r.out, r.both
