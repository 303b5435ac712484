"""The quote budget is measured one way: what the page's ledger shows is what ``sb verify``
counts. A quote taken with its Markdown marks (a heading quoted as ``#### Beta (1.39)`` so
that it occurs once) is shown as the words a reader sees, ``Beta (1.39)``: a word or two,
which the budget does not count."""

from __future__ import annotations

import json
import os

from conftest import sb

PLAN = ("# Plan\n\n"
        "The first stage is about warnings. Beta (1.39) is the second stage of the plan.\n\n"
        "#### Alpha (1.37)\n\nThe first release starts to warn users who rely on the old default mode.\n\n"
        "#### Beta (1.39)\n\nThe validator stops accepting the oldest kernels that are out of support.\n\n"
        "#### GA (1.40)\n\nThe default mode changes for every user who did not choose a mode.\n\n"
        "Users who chose a mode explicitly will see no change on upgrade or downgrade.\n")


def _add(root, text: str, quotes: list[str], topic: str) -> str:
    c = {"text": text, "topic_key": topic, "kind": "fact", "confidence": "verified",
         "evidence": [{"source_id": _add.sid, "quote": q} for q in quotes]}
    r = sb("claim", "add", "--json", json.dumps(c), cwd=root)
    assert r.rc == 0, r.both
    return r.out.split("clm_", 1)[1][:12]


def _plan(ws, text: str) -> None:
    """The plan added as a tier A source and extracted; its id is where ``_add`` quotes from."""
    p = os.path.join(ws, "plan.md")
    with open(p, "w", encoding="utf-8") as fh:
        fh.write(text)
    r = sb("add", p, "--tier", "A", "--reason", "the plan itself", "--title", "Plan", cwd=ws)
    assert r.rc == 0, r.both
    _add.sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0


def test_a_heading_quoted_with_its_marks_is_measured_as_shown(ws):
    _plan(ws, PLAN)
    ids = [_add(ws, "From 1.37 the first release warns users who rely on the old default.",
                ["The first release starts to warn users who rely on the old default mode."], "s.alpha"),
           _add(ws, "In 1.40 the default changes for users who did not choose a mode.",
                ["The default mode changes for every user who did not choose a mode."], "s.ga"),
           _add(ws, "Users who set a mode see no change when they upgrade or downgrade.",
                ["Users who chose a mode explicitly will see no change on upgrade or downgrade."], "s.explicit"),
           # the fourth quote from the source: "Beta (1.39)" alone occurs twice, so the heading's marks
           # are quoted too; the ledger shows it as its two words
           _add(ws, "In the Beta stage (1.39) the validator stops accepting the oldest kernels.",
                ["#### Beta (1.39)", "The validator stops accepting the oldest kernels that are out of support."],
                "s.beta")]
    body = "\n\n".join(f"The plan sets this out [@clm_{cid}]." for cid in ids)
    with open(os.path.join(ws, "draft.md"), "w", encoding="utf-8") as fh:
        fh.write(f"# The plan\n\n{body}\n")
    r = sb("render", "answer", cwd=ws)
    page = open(os.path.join(ws, "build", "answer.html"), encoding="utf-8").read()
    assert "Beta (1.39)" in page and "#### Beta" not in page  # shown as a reader sees it
    assert "E-QUOTE-BUDGET" not in r.both, r.both
    v = sb("verify", cwd=ws)
    assert "E-QUOTE-BUDGET" not in v.both, v.both


def test_a_two_word_quote_past_the_budget_is_shortened_so_render_and_verify_agree(ws):
    """A header line ("Created: 01-Mar-2019") is two words but too long to be "a word or two":
    past the budget its excerpt must not show it whole, or `sb verify` counts it as the
    source's fourth quotation on a page `sb render` wrote itself."""
    from sourcebook.engines.ledger.quote_view import excerpt, word_or_two

    assert excerpt("Created: 01-Mar-2019") == "Created: …"
    assert excerpt("Python-Version-Compatibility: 3.9") == "Python-Vers …"
    assert excerpt("PEP 584") == "PEP 584" and word_or_two("PEP 584")
    _plan(ws, "Created: 01-Mar-2019\nStatus: Final\n\n" + PLAN)
    ids = [_add(ws, "The first release warns users who rely on the old default.",
                ["The first release starts to warn users who rely on the old default mode."], "s.alpha"),
           _add(ws, "The default changes for users who did not choose a mode.",
                ["The default mode changes for every user who did not choose a mode."], "s.ga"),
           _add(ws, "Users who set a mode see no change when they upgrade or downgrade.",
                ["Users who chose a mode explicitly will see no change on upgrade or downgrade."], "s.explicit"),
           _add(ws, "The plan was created on 1 March 2019.", ["Created: 01-Mar-2019"], "s.created")]
    body = "\n\n".join(f"The plan sets this out [@clm_{cid}]." for cid in ids)
    with open(os.path.join(ws, "draft.md"), "w", encoding="utf-8") as fh:
        fh.write(f"# The plan\n\n{body}\n")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0 and "E-QUOTE-BUDGET" not in r.both, r.both
    page = open(os.path.join(ws, "build", "answer.html"), encoding="utf-8").read()
    assert "Created: …" in page and "01-Mar-2019" not in page
    v = sb("verify", cwd=ws)
    assert "E-QUOTE-BUDGET" not in v.both, v.both


TITLED = ("# Proposal: Go 2 Number Literal Changes\n\n"
          "We propose four related changes to number literals in Go.\n\n"
          "Add binary integer literals, as in 0b101.\n\n"
          "Add alternate octal integer literals, as in 0o377.\n\n"
          "Allow _ as a digit separator in number literals.\n\n"
          "Add hexadecimal floating-point literals, as in 0x1p-1021.\n\n"
          "Python (as of [Python 3.7.2](https://docs.python.org/3/x)) does not support hexadecimal floating-point "
          "literals.\n")


def _titled(ws) -> list[str]:
    """A source titled as its first line says, and three claims quoting it in full; a fourth
    quote names the source by its title."""
    p = os.path.join(ws, "go.md")
    with open(p, "w", encoding="utf-8") as fh:
        fh.write(TITLED)
    r = sb("add", p, "--tier", "A", "--reason", "the design document",
           "--title", "Proposal: Go 2 Number Literal Changes", cwd=ws)
    assert r.rc == 0, r.both
    _add.sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    return [_add(ws, "The proposal would add binary integer literals, as in 0b101.",
                 ["Add binary integer literals, as in 0b101."], "go.binary"),
            _add(ws, "The proposal would add octal integer literals, as in 0o377.",
                 ["Add alternate octal integer literals, as in 0o377."], "go.octal"),
            _add(ws, "The proposal would allow _ as a digit separator.",
                 ["Allow _ as a digit separator in number literals."], "go.sep")]


def _draft(ws, ids: list[str]) -> None:
    body = "\n\n".join(f"The proposal sets this out [@clm_{cid}]." for cid in ids)
    with open(os.path.join(ws, "draft.md"), "w", encoding="utf-8") as fh:
        fh.write(f"# Go number literals\n\n{body}\n")


def test_a_quote_of_the_sources_title_is_its_name_not_a_fourth_quotation(ws):
    """The title is printed on every ledger line citing the source: a quote of it (kept to back
    the name "Go 2") shows nothing a reader does not read already, so `sb render`'s page of three
    full quotes passes its own gate, and still does once the claim is narrowed into History."""
    ids = _titled(ws)
    named = _add(ws, "The Go 2 number literal proposal proposes four related changes to number literals in Go.",
                 ["Proposal: Go 2 Number Literal Changes", "We propose four related changes to number literals in Go."],
                 "go.scope")
    _draft(ws, [named, *ids])
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0 and "E-QUOTE-BUDGET" not in r.both, r.both
    assert sb("verify", cwd=ws).rc == 0
    r = sb("claim", "narrow", f"clm_{named}", "--text", "The proposal proposes four related changes to number "
           "literals in Go.", "--reason", "the name needs no version", cwd=ws)
    assert r.rc == 0, r.both
    narrowed = r.out.split("clm_")[-1][:12]
    r = sb("claim", "evidence", f"clm_{narrowed}", "--source", _add.sid, "--quote",
           "We propose four related changes to number literals in Go.", "--reason", "the title quote is not needed",
           cwd=ws)
    assert r.rc == 0, r.both
    _draft(ws, [narrowed, *ids])
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0 and "E-QUOTE-BUDGET" not in r.both, r.both
    page = open(os.path.join(ws, "build", "answer.html"), encoding="utf-8").read()
    assert f'id="h-clm_{named}"' in page  # the superseded claim, its title quote with it, is in History
    v = sb("verify", cwd=ws)
    assert v.rc == 0 and "E-QUOTE-BUDGET" not in v.both, v.both

    from sourcebook.engines.ledger.ledger_model import reads_as_title

    assert reads_as_title("Proposal: Go 2 Number Literal Changes", ["Proposal: Go 2 Number Literal Changes"])
    assert reads_as_title("Go 2 Number Literal Changes.", ["Proposal: Go 2 Number Literal Changes"])
    assert not reads_as_title("We propose four related changes", ["Proposal: Go 2 Number Literal Changes"])
    assert not reads_as_title("Number Literal Changes in Go", ["Proposal: Go 2 Number Literal Changes"])


def test_a_fourth_quotation_beside_the_title_is_refused_and_named(ws):
    """A fourth quote of the source's own words, shown in full on a page edited by hand, is over
    the budget: the finding names the source, the count, the limits and each quote counted."""
    ids = _titled(ws)
    extra = _add(ws, "The proposal would add hexadecimal floating-point literals.",
                 ["Add hexadecimal floating-point literals, as in 0x1p-1021."], "go.hex")
    _draft(ws, [*ids, extra])
    assert sb("render", "answer", cwd=ws).rc == 0
    path = os.path.join(ws, "build", "answer.html")
    page = open(path, encoding="utf-8").read()
    assert page.count('<q class="ledger-quote">') == 3  # the fourth is shown as an excerpt
    page = page.replace("</main>", "<p><q>Add hexadecimal floating-point literals, as in 0x1p-1021.</q></p></main>", 1)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    v = sb("verify", cwd=ws)
    assert v.rc == 2, v.both
    line = next(x for x in v.both.splitlines() if "E-QUOTE-BUDGET" in x)
    assert _add.sid in line and "4 quotes" in line and "the budget is 3 quotes and 500 characters" in line, line
    assert all(f"clm_{cid}" in line for cid in [*ids, extra]), line
    assert '"Add hexadecimal floating-point literals' in line, line


def test_a_quote_shown_with_its_link_read_as_text_is_still_counted(ws):
    """The ledger shows a link in a quote as its text; a page that shows such a quote in full
    beside three others from the source is over the budget all the same."""
    ids = _titled(ws)
    linked = "Python (as of [Python 3.7.2](https://docs.python.org/3/x)) does not support hexadecimal floating-point literals."
    hexid = _add(ws, "Python 3.7.2 does not support hexadecimal floating-point literals.", [linked], "py.hex")
    _draft(ws, [*ids, hexid])
    assert sb("render", "answer", cwd=ws).rc == 0
    path = os.path.join(ws, "build", "answer.html")
    page = open(path, encoding="utf-8").read()
    assert "[Python 3.7.2]" not in page and "docs.python.org/3/x" not in page
    shown = "Python (as of Python 3.7.2) does not support hexadecimal floating-point literals."
    assert shown not in page  # the source's fourth quote: an excerpt
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page.replace("</main>", f"<p><q>{shown}</q></p></main>", 1))
    v = sb("verify", cwd=ws)
    line = next((x for x in v.both.splitlines() if "E-QUOTE-BUDGET" in x), "")
    assert v.rc == 2 and "4 quotes" in line and f"clm_{hexid}" in line, v.both


def test_a_quote_the_prose_shows_counts_first_so_the_ledger_keeps_the_page_in_budget(ws):
    """The writer's sentence repeats a short quote word for word; the ledger, filling the budget
    in ledger order, would show three other quotes in full, and the page would show four. The
    rendered ledger counts the quote the prose shows first and shows the last one as an
    excerpt: `sb render` and `sb verify` pass. A draft whose prose alone repeats four quotes
    still shows more than the budget, and is refused."""
    _plan(ws, PLAN)
    ids = [_add(ws, "The first release warns users who rely on the old default.",
                ["The first release starts to warn users who rely on the old default mode."], "s.alpha"),
           _add(ws, "The default changes for users who did not choose a mode.",
                ["The default mode changes for every user who did not choose a mode."], "s.ga"),
           _add(ws, "Users who set a mode see no change when they upgrade or downgrade.",
                ["Users who chose a mode explicitly will see no change on upgrade or downgrade."], "s.explicit"),
           _add(ws, "The validator stops accepting the oldest kernels that are out of support.",
                ["The validator stops accepting the oldest kernels that are out of support."], "s.beta")]
    body = "\n\n".join(f"The plan sets this out [@clm_{cid}]." for cid in ids[:3])
    echo = f"In the second stage, the validator stops accepting the oldest kernels that are out of support [@clm_{ids[3]}]."
    with open(os.path.join(ws, "draft.md"), "w", encoding="utf-8") as fh:
        fh.write(f"# The plan\n\n{body}\n\n{echo}\n")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 0 and "E-QUOTE-BUDGET" not in r.both, r.both
    page = open(os.path.join(ws, "build", "answer.html"), encoding="utf-8").read()
    assert "words in full" in page  # one quote past the budget is shown as its excerpt
    v = sb("verify", cwd=ws)
    assert v.rc == 0 and "E-QUOTE-BUDGET" not in v.both, v.both
    # the prose repeats all four quotes: no ledger can bring that page within the budget
    quotes = ["The first release starts to warn users who rely on the old default mode.",
              "The default mode changes for every user who did not choose a mode.",
              "Users who chose a mode explicitly will see no change on upgrade or downgrade.",
              "The validator stops accepting the oldest kernels that are out of support."]
    body = "\n\n".join(f"The plan says: “{q}” [@clm_{cid}]" for q, cid in zip(quotes, ids, strict=True))
    with open(os.path.join(ws, "draft.md"), "w", encoding="utf-8") as fh:
        fh.write(f"# The plan\n\n{body}\n")
    r = sb("check-draft", "draft.md", cwd=ws)
    assert r.rc != 0 and "E-QUOTE-BUDGET" in r.both, r.both
