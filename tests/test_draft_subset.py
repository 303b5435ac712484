"""Drafts render what they say: ordered and nested lists, tables,
block quotes and code render as such (golden file); a construct outside the subset is refused
with its line named, never flattened into text; the page passes the gate."""

from __future__ import annotations

import os

import pytest
from conftest import FIXTURES, sb
from render_kit import build

from sourcebook.engines.render.blocks import render_blocks
from sourcebook.engines.render.draft import DraftSyntaxError, parse, problems_in

GOLDEN = os.path.join(FIXTURES, "render", "subset.html")
CLAIMS = {"clm_aaaaaaaaaaaa": {"id": "clm_aaaaaaaaaaaa", "confidence": "verified", "status": "active"},
          "clm_bbbbbbbbbbbb": {"id": "clm_bbbbbbbbbbbb", "confidence": "reported", "status": "active"}}
NUMS = {"clm_aaaaaaaaaaaa": 1, "clm_bbbbbbbbbbbb": 2}
DRAFT = """\
## Steps

3. Check the route [@clm_aaaaaaaaaaaa].
4. Buy the pass
   on the quay.
5. Board.

- Routes
  - W1, since March [@clm_bbbbbbbbbbbb]
  - W2
- Fares
  1. adult
  2. child

| Route | Riders | Since |
| :--- | ---: | :-: |
| W1 | 31,000 [@clm_aaaaaaaaaaaa] | March |
| W2 | `n/a` |

> The operator says so.
>
> - in writing
> - on the quay

```python
print("fare", 3.40)
```

#### A small heading

Text with \\*stars\\*, _em_, __strong__ and ``a `tick` span``.
"""


def _golden(produced: str) -> None:
    if os.environ.get("SB_UPDATE_GOLDEN"):
        with open(GOLDEN, "w", encoding="utf-8") as fh:
            fh.write(produced)
    with open(GOLDEN, encoding="utf-8") as fh:
        assert produced == fh.read(), "subset.html changed; rerun with SB_UPDATE_GOLDEN=1 if intended"


def test_lists_tables_quotes_and_code_render_as_such():
    body, toc = render_blocks(parse(DRAFT), CLAIMS, NUMS)
    _golden(body + "\n")
    assert '<ol start="3">' in body and "<li>Buy the pass on the quay.</li>" in body
    assert body.index("<li>Routes") < body.index("<ul>", body.index("<li>Routes")) < body.index("<li>Fares")
    assert '<th style="text-align:right">Riders</th>' in body and '<tr data-claim="clm_aaaaaaaaaaaa">' in body
    assert "<blockquote>" in body and body.index("<blockquote>") < body.index("<li>in writing") < body.index("</blockquote>")
    assert '<pre><code class="language-python">print(&quot;fare&quot;, 3.40)\n</code></pre>' in body
    assert "<h4>A small heading</h4>" in body and "*stars*" in body and "<code>a `tick` span</code>" in body


@pytest.mark.parametrize(("draft", "line", "words"), [
    ("Text.\n\n    indented code\n", 3, "indented code block"),
    ("Title\n=====\n", 2, "setext"),
    ("Text\n---\n", 2, "setext"),
    ("<div>raw</div>\n", 1, "raw HTML"),
    ("A <b>bold</b> word.\n", 1, "raw HTML"),
    # a type name outside backticks: still refused, the message says the fix
    ("It may become an Option<T> value.\n", 1, "put code and type names in backticks: `Option<T>`"),
    ("- a\n\n- b\n", 3, "loose list"),
    ("- a\n-\n", 2, "empty list item"),
    ("> > nested\n", 1, "block quote inside a block quote"),
    ("```\ncode\n", 1, "never closes"),
    ("See [the notes](notes.md).\n", 1, "not an http(s) address"),
    ("[ref]: https://example.com\n", 1, "link reference definition"),
    ("- item\n\n  second paragraph\n", 3, "more than one paragraph"),
    ("#\n", 1, "empty heading"),
])
def test_constructs_outside_the_subset_are_refused_with_their_line(draft, line, words):
    problems = problems_in(draft)
    assert problems and problems[0].line == line and words in problems[0].message, problems
    with pytest.raises(DraftSyntaxError):
        parse(draft)


def test_a_type_name_in_backticks_is_code():
    assert problems_in("It may become an `Option<T>` value.\n") == []


def test_render_refuses_and_writes_nothing(ws):
    build(ws)
    (ws / "draft.md").write_text("# Title\n\nFine words.\n\n    indented code\n", encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-DRAFT-SUBSET  draft.md:5  a line indented four spaces")
    assert "nothing was written to build/answer.html" in r.err and not (ws / "build" / "answer.html").exists()


def test_a_page_with_every_block_type_passes_the_gate(ws):
    ids = build(ws)
    draft = (f"# Can the pass pay a water bus fare?\n\n"
             f"## Where it works\n\n"
             f"1. The pass is accepted on W1 and W2 [@{ids['pass']}].\n"
             f"2. A single fare is 3.40 marks [@{ids['fare']}].\n\n"
             f"- Ridership\n"
             f"  - The operator counts 31,000 riders a weekday [@{ids['ride_a']}].\n"
             f"  - The trade press counts 38,500 [@{ids['ride_b']}].\n\n"
             f"| Source | Riders a weekday |\n| --- | ---: |\n"
             f"| Operator | 31,000 [@{ids['ride_a']}] |\n| Trade press | 38,500 [@{ids['ride_b']}] |\n\n"
             # a block quotation holds the source's words (its claim's quote)
             f"> A single adult fare is 3.40 marks [@{ids['fare']}].\n\n"
             "```\nsb verify\n```\n")
    (ws / "draft.md").write_text(draft, encoding="utf-8")
    r = sb("render", "answer", "--from", "draft.md", cwd=ws)
    assert r.rc == 0, r.both
    v = sb("verify", "--html", "build/answer.html", cwd=ws)
    assert v.rc == 0, v.both
    page = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert "<ol>" in page and "<table>" in page and "<blockquote>" in page and "<pre><code>sb verify" in page
