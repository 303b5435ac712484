"""Status that leads forward: after a failed verify `sb status`
names the failing codes and the command that fixes the first one; page hints name the route
the page was made by; a second failing run warns that the third will BLOCK."""

from __future__ import annotations

import json
import re

import pytest
from conftest import sb
from ledger_helpers import claim, ev, write_claims
from render_kit import REPORT, build, draft
from verify_kit import good_workspace, manifest
from verify_kit import write_claims as write_vclaims


def _break_quote(root, cs):
    bad = [dict(c) for c in cs]
    bad[0]["evidence"] = [dict(bad[0]["evidence"][0], quote="not in the source at all")]
    write_vclaims(root, bad)
    return bad[0]["id"]


def test_status_after_failed_verify_names_codes_and_fix(ws):
    _, cs = good_workspace(ws)
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    cid = _break_quote(ws, cs)
    assert sb("verify", cwd=ws).rc == 2
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert st["state"] == "RENDER"
    assert any(n.startswith("the last sb verify failed: E-QUOTE-MISMATCH") for n in st["notes"]), st["notes"]
    assert st["next"].startswith(f"sb claim show {cid}")
    assert "E-QUOTE-MISMATCH" in st["next"] and st["next"].endswith("then sb verify")
    text = sb("status", cwd=ws).out
    assert "note       the last sb verify failed: E-QUOTE-MISMATCH" in text
    assert f"next       sb claim show {cid}" in text


def test_status_after_pass_is_unchanged(ws):
    good_workspace(ws)
    assert sb("chunk", cwd=ws).rc == 0 and sb("index", cwd=ws).rc == 0
    assert sb("verify", cwd=ws).rc == 0
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert not any("failed" in n for n in st["notes"]) and st["next"].startswith("sb package")


def test_second_identical_failure_warns_of_block(ws):
    _, cs = good_workspace(ws)
    _break_quote(ws, cs)
    first = sb("verify", cwd=ws)
    assert "BLOCK" not in first.err
    second = sb("verify", cwd=ws)
    assert second.rc == 2 and manifest(ws)["revise_count"] == 2
    assert re.search(r"revisions  2/3: the same \d+ finding\(s\) as the last run; a third unchanged run will BLOCK",
                     second.err)
    third = sb("verify", cwd=ws)
    assert "BLOCKED" in third.err


def test_second_different_failure_still_warns(ws):
    _, cs = good_workspace(ws)
    _break_quote(ws, cs)
    sb("verify", cwd=ws)
    bad = [dict(c) for c in cs]
    bad[1]["evidence"] = [dict(bad[1]["evidence"][0], quote="also not there")]
    write_vclaims(ws, bad)
    r = sb("verify", cwd=ws)
    assert "revisions  2/3: one more failing run will BLOCK the workspace" in r.err


@pytest.fixture
def rendered(ws):
    ids = build(ws)
    (ws / "draft.md").write_text(draft(ids), encoding="utf-8")
    assert sb("render", "answer", "--from", "draft.md", cwd=ws).rc == 0
    return ids


def _add_late_claim(ws, ids):
    """A citable claim added after the page was rendered: the injected ledger is stale."""
    claims = json.loads((ws / "ledger" / "claims.json").read_text(encoding="utf-8"))["claims"]
    late = claim("Weekday ridership averaged 38,500 passengers.", "ridership.summer", kind="number",
                 confidence="reported",
                 evidence=[ev(ids["src_b"], REPORT, "Weekday ridership averaged 38,500 passengers")])
    write_claims(ws, [{k: v for k, v in c.items() if k != "id"} for c in claims] + [late])


def test_rendered_page_hints_name_the_render_route(ws, rendered):
    _add_late_claim(ws, rendered)
    r = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert r.rc == 2
    stale = [ln for ln in r.err.splitlines() if ln.startswith(("E-LEDGER-STALE", "E-ORDINAL-WRONG"))]
    assert stale, r.err
    for ln in stale:
        assert "sb render answer --from draft.md" in ln and "sb inject" not in ln, ln
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert any("E-LEDGER-STALE" in n or "E-ORDINAL-WRONG" in n for n in st["notes"])


def test_template_page_hints_name_ledger_and_inject(ws):
    _, cs = good_workspace(ws)
    extra = dict(cs[0], text="The night service runs on weekends only.", topic_key="ferry.night")
    from sourcebook.base.ids import claim_id

    extra["id"] = claim_id(extra["text"])
    src = extra["evidence"][0]["source_id"]
    body = (ws / "sources" / src / "normalized.md").read_text(encoding="utf-8")
    q = "The night service runs on weekends only."
    extra["evidence"] = [{"source_id": src, "start": body.index(q), "end": body.index(q) + len(q), "quote": q}]
    write_vclaims(ws, cs + [extra])
    r = sb("verify", cwd=ws)
    line = next(ln for ln in r.err.splitlines() if ln.startswith("E-LEDGER-STALE"))
    assert "sb ledger --html --out build/ledger.html && sb inject build/answer.html" in line
    assert "sb render" not in line


def test_html_missing_names_render_when_a_draft_exists_and_says_no_claims(ws):
    (ws / "draft.md").write_text("# Draft\n\nNothing yet.\n", encoding="utf-8")
    r = sb("verify", "--artifact", "answer", cwd=ws)
    line = next(ln for ln in r.err.splitlines() if ln.startswith("E-HTML-MISSING"))
    assert "sb render answer --from draft.md" in line
    assert "no claims yet" in line and "sb claim add" in line


def test_html_missing_without_draft_names_both_routes(ws):
    r = sb("verify", "--artifact", "brief", cwd=ws)
    line = next(ln for ln in r.err.splitlines() if ln.startswith("E-HTML-MISSING"))
    assert "sb render brief --from draft.md" in line and "sb template brief" in line


def test_rendered_page_mark_hint_says_render_again(ws, rendered):
    claims = json.loads((ws / "ledger" / "claims.json").read_text(encoding="utf-8"))["claims"]
    for c in claims:
        if c["id"] == rendered["fare"]:
            c["confidence"] = "reported"
    (ws / "ledger" / "claims.json").write_text(json.dumps({"schema_version": 1, "claims": claims}), encoding="utf-8")
    r = sb("verify", "--html", "build/answer.html", cwd=ws)
    line = next(ln for ln in r.err.splitlines() if ln.startswith("E-MARK-WRONG"))
    assert "changed since the page was rendered: run `sb render answer --from draft.md`" in line


def test_template_page_hints_say_edit_the_page(ws):
    from verify_kit import page, write_page

    _, cs = good_workspace(ws)
    order = [c["id"] for c in cs]
    text = page(cs, order).replace('<span class="mark m-checked"></span>', "", 1)
    text = text.replace("</main>", '<p><a href="#c-clm_000000000000">x</a></p></main>')
    write_page(ws, text)
    r = sb("verify", cwd=ws)
    mark = next(ln for ln in r.err.splitlines() if ln.startswith("E-MARK-WRONG"))
    assert "use the marks and numbers of the ledger in build/answer.html" in mark
    dangling = next(ln for ln in r.err.splitlines() if ln.startswith("E-REF-DANGLING"))
    assert "cite an active claim in build/answer.html" in dangling


@pytest.mark.parametrize(("code", "subject", "want"), [
    ("E-QUOTE-MISMATCH", "clm_aaaaaaaaaaaa", "sb claim show clm_aaaaaaaaaaaa"),
    ("E-TIER-WEAK", "clm_aaaaaaaaaaaa", "sb claim set clm_aaaaaaaaaaaa --confidence reported"),
    ("E-NORM-DRIFT", "src_aaaaaaaaaaaa", "sb extract --force"),
    ("E-CLUSTER-OPEN", "cls_aaaaaaaaaaaa", "sb contradictions"),
    ("E-ADJ-UNAPPLIED", "clm_aaaaaaaaaaaa", "sb adjudicate --apply"),
    ("E-HTML-MISSING", "build/deck.html", "sb render deck --from draft.md"),
    ("slop.gradient-text", "build/answer.html:12", "edit the style of build/answer.html"),
    ("E-SOMETHING-NEW", "x", "read the finding's message"),
    ("E-PAGE-UNCITED", "build/answer.html:7", "fix the sentence in build/answer.html"),
    ("E-DERIVED-DRIFT", "build/answer.html:9", "sb ledger --html --out build/ledger.html && sb inject"),
])
def test_fix_for_each_kind_of_subject(ws, code, subject, want):
    from sourcebook.domain.gate.next_step import fix_for
    from sourcebook.domain.workspace.layout import Workspace

    finding = {"code": code, "subject": subject, "message": "build/answer.html: something"}
    assert fix_for(Workspace(str(ws)), finding, ["build/answer.html"]).startswith(want)
