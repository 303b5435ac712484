"""A page names the documents it cites: by their date ("the 2019 try proposal"), by their
identifier ("PEP 649"), by how many the page cites ("these two documents"), as the speaker of a
judgement ("What PEP 649 found wrong"), as the one that said something first ("already
anticipated"), and by a change a claim the page cites tells ("keeps and drops"). Each honest
sentence passes `sb check-draft`; its dishonest neighbour stays refused."""

from __future__ import annotations

import json
import os

import pytest
from conftest import EPOCH, built_once, copy_ws, sb
from ledger_helpers import assert_draft_ships, claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id

DRAFT = ("# Error Handling — Draft Design\n\nMarcel van Lohuizen\n\n"
         "This draft design introduces two new keywords, check and handle.\n")
TRY = ("# Proposal: A built-in Go error check function, try\n\nAuthor: Robert Griesemer\n\n"
       "The main difference between this design and the original draft design is the elimination of the "
       "error handler as a new language construct.\n\nThe try built-in requires no new syntax.\n")
PEP563 = ("PEP: 563\nTitle: Postponed Evaluation of Annotations\n\n"
          "This PEP proposes that annotations are preserved in string form.\n")
PEP649 = ("PEP: 649\nTitle: Deferred Evaluation Of Annotations Using Descriptors\n\n"
          "Stringized annotations in turn caused chronic problems for runtime users of annotations.\n\n"
          "Furthermore, `__annotations__` is redefined to be a data descriptor.\n")
TARGET = ("# User-configurable memory target\n\nAuthor: Michael Knyszek\n\nUpdated: 16 February 2021\n\n"
          "If we choose to also adopt an API for setting a memory limit in the runtime, it would necessarily always "
          "need to override a memory target.\n\nIf GOGC is turned off, the memory target hint is always ignored.\n\n```go\n// SetMemoryTarget provides a hint to the runtime that it can "
          "use at least\n// amount bytes of memory.\nfunc SetMemoryTarget(amount int) int\n```\n")
LIMIT = ("# Proposal: Soft memory limit\n\nAuthor: Michael Knyszek\n\nDate: 15 September 2021\n\n"
         "This document proposes a soft memory limit on the total amount of memory that Go uses.\n")


def _dated(root, sid: str, day: str | None) -> None:
    path = os.path.join(str(root), "sources", sid, "source.json")
    with open(path, encoding="utf-8") as fh:
        rec = json.load(fh)
    rec["published_at"] = day
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(rec, fh, indent=2, sort_keys=True)


T_KEYWORDS = "The draft design introduced two new keywords, check and handle."
T_DIFF = "The main difference from the draft design is the elimination of the error handler as a new language construct."
T_SYNTAX = "The try built-in requires no new syntax."
T_OPEN = "Neither the try proposal nor the 2018 draft says whether try was adopted."


def _go(root) -> dict[str, str]:
    d = make_source(root, DRAFT, name="draft", title="Error Handling — Draft Design", publisher="The Go Authors")
    t = make_source(root, TRY, name="try", title="Proposal: A built-in Go error check function, try")
    _dated(root, d, "2018-08-27")
    _dated(root, t, "2019-06-12")
    write_claims(root, [
        claim(T_KEYWORDS, "draft.keywords", confidence="verified",
              evidence=[ev(d, DRAFT, "This draft design introduces two new keywords, check and handle.")]),
        claim(T_DIFF, "try.difference", confidence="verified",
              evidence=[ev(t, TRY, "The main difference between this design and the original draft design is the "
                                   "elimination of the error handler as a new language construct.")]),
        claim(T_SYNTAX, "try.syntax", confidence="verified",
              evidence=[ev(t, TRY, "The try built-in requires no new syntax.")]),
        claim(T_OPEN, "try.outcome", kind="interpretation", confidence="inferred"),
    ])
    return {"keywords": claim_id(T_KEYWORDS), "diff": claim_id(T_DIFF), "syntax": claim_id(T_SYNTAX),
            "open": claim_id(T_OPEN), "draft": d, "try": t}


T_563 = "PEP 563 keeps annotations in string form."
T_PROBLEMS = "PEP 649 says stringized annotations caused chronic problems for runtime users of annotations."
T_DESC = "__annotations__ is redefined to be a data descriptor."


def _peps(root) -> dict[str, str]:
    a = make_source(root, PEP563, name="pep-0563", title="PEP 563 – Postponed Evaluation of Annotations")
    b = make_source(root, PEP649, name="pep-0649", title="Deferred evaluation of annotations")
    write_claims(root, [
        claim(T_563, "pep563.strings", confidence="verified",
              evidence=[ev(a, PEP563, "This PEP proposes that annotations are preserved in string form.")]),
        claim(T_PROBLEMS, "pep649.problems", confidence="verified",
              evidence=[ev(b, PEP649, "Stringized annotations in turn caused chronic problems for runtime users of "
                                      "annotations.")]),
        claim(T_DESC, "pep649.descriptor", confidence="verified",
              evidence=[ev(b, PEP649, "Furthermore, `__annotations__` is redefined to be a data descriptor.")]),
    ])
    return {"563": claim_id(T_563), "problems": claim_id(T_PROBLEMS), "desc": claim_id(T_DESC)}


T_OVERRIDE = "The memory target proposal says a memory limit, if adopted, would always need to override a memory target."
T_LIMIT = "The soft memory limit proposal sets a soft limit on the total amount of memory that Go uses."
T_OFF = "If GOGC is turned off, the memory target hint is always ignored."
T_SILENT = "The soft limit proposal never mentions the memory target, so neither says whether the target was dropped."


def _memory(root) -> dict[str, str]:
    a = make_source(root, TARGET, name="target", title="User-configurable memory target")
    b = make_source(root, LIMIT, name="limit", title="Proposal: Soft memory limit")
    write_claims(root, [
        claim(T_OVERRIDE, "target.limit", confidence="verified",
              evidence=[ev(a, TARGET, "If we choose to also adopt an API for setting a memory limit in the runtime, "
                                      "it would necessarily always need to override a memory target.")]),
        claim(T_LIMIT, "limit.summary", confidence="verified",
              evidence=[ev(b, LIMIT, "This document proposes a soft memory limit on the total amount of memory that "
                                     "Go uses.")]),
        claim(T_OFF, "target.off", confidence="verified",
              evidence=[ev(a, TARGET, "If GOGC is turned off, the memory target hint is always ignored.")]),
        claim(T_SILENT, "limit.target", kind="interpretation", confidence="inferred"),
    ])
    return {"override": claim_id(T_OVERRIDE), "limit": claim_id(T_LIMIT), "silent": claim_id(T_SILENT), "off": claim_id(T_OFF),
            "target": a}


@pytest.fixture(scope="module")
def go_ws(tmp_path_factory):
    return built_once(tmp_path_factory, "names-go", _go)


@pytest.fixture(scope="module")
def pep_ws(tmp_path_factory):
    return built_once(tmp_path_factory, "names-pep", _peps)


@pytest.fixture(scope="module")
def mem_ws(tmp_path_factory):
    return built_once(tmp_path_factory, "names-mem", _memory)


def _check(root, text: str):
    (root / "answer.md").write_text(text, encoding="utf-8")
    return sb("check-draft", "answer.md", cwd=root)


def _go_draft(ids, first: str = "The 2019 try proposal drops the error handler as a new language construct",
              heading: str = "What the try proposal keeps", last: str = "",
              second: str = "The draft added two keywords, check and handle") -> str:
    return (f"# How the try proposal differs from the draft\n\n"
            f"{first} [@{ids['diff']}]. {second} [@{ids['keywords']}].\n\n"
            f"## {heading}\n\n"
            f"The try built-in needs no new syntax [@{ids['syntax']}].\n\n"
            f"{last or 'Neither the try proposal nor the 2018 draft says whether try was adopted'} [@{ids['open']}].\n")


# ---- a document named by its date ---------------------------------------------------------

def test_a_year_naming_the_cited_source_passes(go_ws, tmp_path):
    root, ids = go_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _go_draft(ids))
    assert r.rc == 0, r.both
    # the draft's month and year, in its own sentence's claim (the draft's)
    r = _check(root, _go_draft(ids, second="The August 2018 draft added two keywords, check and handle"))
    assert r.rc == 0, r.both
    # the draft's year on a claim of the try proposal (dated 2019) names no source it cites
    r = _check(root, _go_draft(ids, first="The 2018 draft's handler is gone: the main difference is the "
                                          "elimination of the error handler as a new language construct"))
    assert r.rc == 2 and "E-PAGE-FIGURE-UNBACKED" in r.err and "'2018'" in r.err, r.both


@pytest.mark.parametrize("first, written", [
    ("The 2018 try proposal drops the error handler as a new language construct", "'2018'"),  # not its year
    ("The 2019 draft drops the error handler as a new language construct", None),  # the cited source is 2019, fine
    ("In 2019 the proposal dropped the error handler as a new language construct", "'2019'"),  # dates an event
    ("The 2019 fares drop the error handler as a new language construct", "'2019'"),  # names no document
])
def test_a_year_that_is_not_the_cited_source_s_own_stays_refused(go_ws, tmp_path, first, written):
    root, ids = go_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _go_draft(ids, first=first))
    if written is None:
        assert "E-PAGE-FIGURE-UNBACKED" not in r.both, r.both
        return
    assert r.rc == 2 and "E-PAGE-FIGURE-UNBACKED" in r.err and written in r.err, r.both


@pytest.mark.parametrize("first, ok", [
    ("2019年のtry提案は、新しい言語構造としてのエラーハンドラを取り除いています", True),  # the try proposal's year
    ("2019年6月の提案は、新しい言語構造としてのエラーハンドラを取り除いています", True),
    ("2018年のtry提案は、新しい言語構造としてのエラーハンドラを取り除いています", False),  # not its year
    ("2019年にtry提案は、新しい言語構造としてのエラーハンドラを取り除きました", False),  # dates an event
    ("2019年の売上は、新しい言語構造としてのエラーハンドラを取り除いています", False),  # names no document
])
def test_a_year_naming_the_cited_source_is_one_rule_in_japanese(go_ws, tmp_path, first, ok):
    root, ids = go_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _go_draft(ids, first=first))
    if ok:
        assert "E-PAGE-FIGURE-UNBACKED" not in r.both, r.both
    else:
        assert r.rc == 2 and "E-PAGE-FIGURE-UNBACKED" in r.err, r.both


def test_a_claim_s_text_may_name_its_source_by_its_year(go_ws, tmp_path):
    root, ids = go_ws
    root = copy_ws(root, tmp_path)
    quote = "The try built-in requires no new syntax."
    for text, warned in (("The 2019 try proposal says the try built-in requires no new syntax.", False),
                         ("2019年のtry提案は、try組み込み関数に新しい構文は不要だと述べています。", False),
                         ("The 2018 try proposal says the try built-in requires no new syntax.", True),
                         ("In 2019 the try built-in required no new syntax.", True)):
        payload = {"text": text, "topic_key": f"t.{len(text)}", "kind": "fact", "confidence": "verified",
                   "evidence": [{"source_id": ids["try"], "quote": quote}]}
        r = sb("claim", "add", "--json", json.dumps(payload), cwd=root)
        assert r.rc == 0 and ("W-CLAIM-FIGURE" in r.err) == warned, (text, r.both)


def test_an_inference_may_name_a_source_by_its_year_and_title(go_ws, tmp_path):
    root, ids = go_ws
    root = copy_ws(root, tmp_path)
    # the page: "the 2018 draft" is the 2018 source whose title says "Draft"
    r = _check(root, _go_draft(ids, last="Neither the try proposal nor the 2018 draft says whether try was adopted"))
    assert r.rc == 0, r.both
    for wrong in ("the 2017 draft", "the 2019 draft"):  # no source of that year, or its title says no draft
        r = _check(root, _go_draft(ids, last=f"Neither the try proposal nor {wrong} says whether try was adopted"))
        assert r.rc == 2 and "E-PAGE-INFERRED-FACT" in r.err, r.both
    # the claim itself: sb claim add warns only when the year names none of the sources
    payload = {"text": "Neither the 2018 draft nor the try proposal records the outcome.", "topic_key": "t.x",
               "kind": "interpretation", "confidence": "inferred"}
    r = sb("claim", "add", "--json", json.dumps(payload), cwd=root)
    assert r.rc == 0 and "W-CLAIM-INFERRED" not in r.both, r.both
    payload["text"], payload["topic_key"] = "Neither the 2017 draft nor the try proposal records the outcome.", "t.y"
    r = sb("claim", "add", "--json", json.dumps(payload), cwd=root)
    assert "W-CLAIM-INFERRED" in r.both and "'2017'" in r.both, r.both
    r = sb("verify", "--no-cache", cwd=root)
    assert "E-CLAIM-INFERRED" in r.both and "2017" in r.both and "'2018'" not in r.both, r.both


# ---- a document named by its identifier ---------------------------------------------------

def _pep_draft(ids, sentence: str = "Under PEP 649, `__annotations__` is a data descriptor",
               heading: str = "What PEP 649 found wrong with strings") -> str:
    return (f"# Two PEPs on annotations\n\nPEP 563 keeps annotations as strings [@{ids['563']}]. {sentence} "
            f"[@{ids['desc']}].\n\n## {heading}\n\n"
            f"PEP 649 says stringized annotations caused chronic problems for runtime users [@{ids['problems']}].\n")


def test_a_pep_number_naming_the_cited_source_passes_and_another_does_not(pep_ws, tmp_path):
    root, ids = pep_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _pep_draft(ids))
    assert r.rc == 0, r.both
    r = _check(root, _pep_draft(ids, sentence="Under PEP 563, `__annotations__` is a data descriptor"))
    assert r.rc == 2 and "E-PAGE-FIGURE-UNBACKED" in r.err and "'PEP 563'" in r.err, r.both


# ---- a judgement told as a cited source's ---------------------------------------------------

@pytest.mark.parametrize("heading, ok", [
    ("What PEP 649 found wrong with strings", True),
    ("Strings were wrong", False),  # the author's own verdict
    ("What PEP 563 found wrong with strings", False),  # no claim under it is PEP 563's
    ("What PEP 649 found debunked in strings", False),  # a verdict on a claim is the ledger's to show
])
def test_a_judgement_told_as_the_speaker_s_own(pep_ws, tmp_path, heading, ok):
    root, ids = pep_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _pep_draft(ids, heading=heading))
    if ok:
        assert r.rc == 0, r.both
    else:
        assert r.rc == 2 and "E-PAGE-WORD-UNBACKED" in r.err, r.both


# ---- a heading's change told by a claim elsewhere on the page --------------------------------

@pytest.mark.parametrize("heading, ok", [
    ("What the try proposal keeps and drops", True),  # "elimination": told one section earlier
    ("Error handling going up", False),  # no claim on the page tells a rise
    ("Keywords dropped", False),  # no claim that tells a removal speaks of keywords
])
def test_a_heading_change_is_told_by_a_claim_the_page_cites(go_ws, tmp_path, heading, ok):
    root, ids = go_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _go_draft(ids, heading=heading))
    if ok:
        assert r.rc == 0, r.both
    else:
        assert r.rc == 2 and "E-PAGE-WORD-UNBACKED" in r.err and "word of change" in r.err, r.both


# ---- "already" backed by the dates of the documents, and a count of the documents ------------

def _mem_draft(ids, first: str = "The memory target proposal already anticipated a limit: if one were adopted, it "
                                 "would always need to override the target",
               last: str = "The soft limit proposal never mentions the memory target, so these two documents do "
                           "not say whether the target was dropped",
               heading: str = "The memory target: a hint for less frequent collection") -> str:
    return (f"# Two memory proposals\n\nThe soft limit proposal sets a soft limit on the total memory Go uses "
            f"[@{ids['limit']}].\n\n{first} [@{ids['override']}]. {last} [@{ids['silent']}].\n\n"
            f"## {heading}\n\nWith GOGC turned off, the memory target hint is always ignored [@{ids['off']}].\n")


def test_already_backed_by_an_earlier_source_and_a_count_of_the_page_s_documents(mem_ws, tmp_path):
    root, ids = mem_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _mem_draft(ids))
    assert r.rc == 0, r.both


@pytest.mark.parametrize("first, last, code, word", [
    # the later document named as the speaker of an earlier one's claim
    ("The soft limit proposal already anticipated a limit: if one were adopted, it would always need to override "
     "the target", None, "E-PAGE-WORD-UNBACKED", "'already'"),
    # no document speaks: "already" tells a plan as done
    ("A memory limit already overrides the memory target, if adopted", None, "E-PAGE-WORD-UNBACKED", "'already'"),
    (None, "The soft limit proposal never mentions the memory target, so these three documents do not say whether "
           "the target was dropped", "E-PAGE-INFERRED-FACT", "'three'"),
])
def test_already_and_counts_the_page_does_not_back_stay_refused(mem_ws, tmp_path, first, last, code, word):
    root, ids = mem_ws
    root = copy_ws(root, tmp_path)
    kw = {k: v for k, v in (("first", first), ("last", last)) if v is not None}
    r = _check(root, _mem_draft(ids, **kw))
    assert r.rc == 2 and code in r.err and word in r.err, r.both


# ---- a quote across a code comment's lines ----------------------------------------------------

def test_a_quote_across_comment_marks_says_how_to_quote_it(mem_ws, tmp_path):
    root, ids = mem_ws
    root = copy_ws(root, tmp_path)
    assert sb("chunk", cwd=root).rc == 0 and sb("index", cwd=root).rc == 0
    quote = "SetMemoryTarget provides a hint to the runtime that it can use at least amount bytes of memory."
    fix = ("SetMemoryTarget provides a hint to the runtime that it can use at least [...] amount bytes of "
           "memory.")
    for argv in (("find", ids["target"], quote), ("find", quote)):
        r = sb(*argv, cwd=root)
        assert r.rc != 0 and "E-FIND-NOMATCH" in r.err and "'//'" in r.err and f'"{fix}"' in r.err, r.both
    payload = {"text": "SetMemoryTarget tells the runtime it can use at least a given amount of memory.",
               "topic_key": "t.api", "kind": "fact", "confidence": "verified",
               "evidence": [{"source_id": ids["target"], "quote": quote}]}
    r = sb("claim", "add", "--json", json.dumps(payload), cwd=root)
    assert r.rc != 0 and "E-CLAIM-SPAN" in r.err and f'"{fix}"' in r.err, r.both
    r = sb("find", ids["target"], fix, cwd=root)  # the fix is found, exactly
    assert r.rc == 0 and "part 2 of 2" in r.out, r.both
    payload["evidence"][0]["quote"] = fix
    assert sb("claim", "add", "--json", json.dumps(payload), cwd=root).rc == 0
    # a quote whose words differ is not found so: the marks are skipped, never the words
    r = sb("find", ids["target"], quote.replace("amount", "many"), cwd=root)
    assert r.rc != 0 and "[...]" not in r.err, r.both


# ---- a heading over a claim whose condition opens it ------------------------------------------

def test_a_heading_naming_what_a_conditional_claim_speaks_of_states_nothing(mem_ws, tmp_path):
    root, ids = mem_ws
    root = copy_ws(root, tmp_path)
    # "If GOGC is turned off, the memory target hint is always ignored": the heading names the target
    r = _check(root, _mem_draft(ids, heading="The memory target: a hint for less frequent collection"))
    assert r.rc == 0, r.both
    # a heading saying what the claim says of it, without the condition, drops the condition
    r = _check(root, _mem_draft(ids, heading="The memory target hint is ignored"))
    assert r.rc == 2 and "E-PAGE-HEDGE-DROPPED" in r.err and "If GOGC is turned off" in r.err, r.both


# ---- a document named by an identifier of its own series: KEP-5343, RFC #2094, Issue 1234 -----

KEP5343 = ("# KEP-5343: Make nftables the default kube-proxy backend\n\n"
           "#### GA (1.40)\n\n- Change the default proxy mode to `nftables`.\n")
KEP3866 = ("# KEP-3866: Add an nftables-based kube-proxy backend\n\n"
           "We hope to eventually replace the iptables and ipvs backends.\n")
T_GA = "In the GA stage (1.40), the default proxy mode changes to nftables."
T_HOPE = "The authors hope the backend will eventually replace the iptables and ipvs backends."


def _keps(root) -> dict[str, str]:
    a = make_source(root, KEP5343, name="kep-5343", title="KEP-5343: Make nftables the default kube-proxy backend")
    b = make_source(root, KEP3866, name="kep-3866", title="KEP-3866: Add an nftables-based kube-proxy backend")
    write_claims(root, [
        claim(T_GA, "kep5343.ga", confidence="verified",
              evidence=[ev(a, KEP5343, "#### GA (1.40)"), ev(a, KEP5343, "Change the default proxy mode to `nftables`.")]),
        claim(T_HOPE, "kep3866.hope", confidence="verified",
              evidence=[ev(b, KEP3866, "We hope to eventually replace the iptables and ipvs backends.")]),
    ])
    return {"ga": claim_id(T_GA), "hope": claim_id(T_HOPE)}


@pytest.fixture(scope="module")
def kep_ws(tmp_path_factory):
    return built_once(tmp_path_factory, "names-kep", _keps)


def _kep_draft(ids, first: str = "KEP-5343 plans to change the default proxy mode to nftables in 1.40",
               framing: str = "The older design looked further ahead [framing]:") -> str:
    return (f"# nftables in kube-proxy\n\n{first} [@{ids['ga']}].\n\n{framing}\n\n"
            f"- It hoped to replace the iptables and ipvs backends [@{ids['hope']}].\n")


@pytest.mark.parametrize("first, ok", [
    ("KEP-5343 plans to change the default proxy mode to nftables in 1.40", True),
    ("KEP 5343 plans to change the default proxy mode to nftables in 1.40", True),
    ("KEP-3866 plans to change the default proxy mode to nftables in 1.40", False),  # the other KEP's
    ("KEP-5344 plans to change the default proxy mode to nftables in 1.40", False),
])
def test_a_kep_number_naming_the_cited_source_passes_and_another_does_not(kep_ws, tmp_path, first, ok):
    root, ids = kep_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _kep_draft(ids, first=first))
    if ok:
        assert r.rc == 0, r.both
    else:
        assert r.rc == 2 and "E-PAGE-FIGURE-UNBACKED" in r.err and first.split(" plans")[0] in r.err, r.both


@pytest.mark.parametrize("framing, ok", [
    ("KEP-3866 looked further ahead [framing]:", True),  # a source the page cites, by its own name
    ("Inside the project, KEP-5343 sets these stages [framing]:", True),
    ("KEP-6032 looked further ahead [framing]:", False),  # a document the page does not cite
    ("Route W3 looked further ahead [framing]:", False),  # a route, not a source
    ("KEP-3866 looked three releases ahead [framing]:", False),  # a figure beside the name
])
def test_framing_may_name_a_cited_source_by_its_identifier(kep_ws, tmp_path, framing, ok):
    root, ids = kep_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, _kep_draft(ids, framing=framing))
    if ok:
        assert r.rc == 0, r.both
    else:
        assert r.rc != 0 and ("E-RENDER-FRAMING" in r.err or "E-PAGE-FRAMING-FACT" in r.err), r.both


# ---- a document named by a name with a number its title gives: "Go 2" ---------------------------

GO2 = ("# Proposal: Go 2 Number Literal Changes\n\nRuss Cox\n\n## Abstract\n\n"
       "We propose four related changes to number literals in Go:\n\n"
       "For backwards compatibility, Go must keep the existing 0377 syntax in Go 1, so Go will have two octal "
       "integer syntaxes.\n")
T_FOUR = "The proposal proposes four related changes to number literals in Go."
T_TWO = "Go will have two octal integer syntaxes."


def _go2(root) -> dict[str, str]:
    sid = make_source(root, GO2, name="go2", title="Proposal: Go 2 Number Literal Changes")
    write_claims(root, [
        claim(T_FOUR, "go2.changes", confidence="verified",
              evidence=[ev(sid, GO2, "We propose four related changes to number literals in Go:")]),
        claim(T_TWO, "go2.octal", confidence="verified",
              evidence=[ev(sid, GO2, "so Go will have two octal integer syntaxes.")]),
    ])
    return {"four": claim_id(T_FOUR), "two": claim_id(T_TWO)}


@pytest.fixture(scope="module")
def go2_ws(tmp_path_factory):
    return built_once(tmp_path_factory, "names-go2", _go2)


# a claim of "two" syntaxes cited under the heading: "Go 2" there is no count of number literals
GO2_PAGE = ("# What the Go 2 number literal proposal adds\n\n"
            "The Go 2 proposal proposes four related changes to number literals in Go [@{four}]. "
            "Go will have two octal integer syntaxes [@{two}].\n")


def test_a_name_with_the_number_its_source_s_title_gives_passes_in_a_title_and_a_sentence(go2_ws, tmp_path,
                                                                                         monkeypatch):
    root, ids = go2_ws
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    assert_draft_ships(copy_ws(root, tmp_path), GO2_PAGE, ids)


@pytest.mark.parametrize("old, new, code", [
    ("# What the Go 2 number", "# What the Go 3 number", "E-PAGE-STRUCTURE-FIGURE"),
    ("The Go 2 proposal", "The Go 3 proposal", "E-PAGE-FIGURE-UNBACKED"),
    # a number that counts is a figure, whatever name stands beside it
    ("# What the Go 2 number literal proposal adds", "# The Go 2 proposal adds 3 number literals",
     "E-PAGE-STRUCTURE-FIGURE"),
])
def test_a_number_the_title_does_not_give_stays_refused(go2_ws, tmp_path, old, new, code):
    root, ids = go2_ws
    root = copy_ws(root, tmp_path)
    r = _check(root, GO2_PAGE.replace(old, new).format(**ids))
    assert r.rc == 2 and code in r.err and "'3'" in r.err, r.both
