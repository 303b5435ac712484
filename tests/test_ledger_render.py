"""sb ledger: HTML, Markdown, JSON, sources and CSL forms; escaping; safe links."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest
from conftest import sb
from ledger_helpers import add, claim, ev, last_id, make_source

TEXT = 'Tickets cost 4 euros. The <b onmouseover="x()">card</b> works. Night service ends at midnight.\n'
HOSTILE = '<img src=x onerror="alert(1)"> *bold* [link](javascript:alert(1)) `code` "quoted" & done'


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.attrs = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs


def _setup(ws):
    url = make_source(ws, TEXT, name="op", tier="A", publisher="Harbour <Authority>", title='Status "page"',
                      locator="https://user:secret@harbour.example/status?x=1", kind="url")
    bad = make_source(ws, TEXT + "x", name="js", tier="C", title="JS link", locator="javascript:alert(1)", kind="url")
    news = make_source(ws, TEXT + "y", name="news", tier="B", publisher="Daily News", locator="https://news.example/a", kind="url")
    c1 = last_id(add(ws, claim(HOSTILE, "t.one", confidence="verified", volatile=True, as_of="2025-12-01",
                               recheck="javascript:alert(2)",
                               evidence=[ev(url, TEXT, 'The <b onmouseover="x()">card</b> works.'),
                                         ev(news, TEXT + "y", "Tickets cost 4 euros.")])))
    c2 = last_id(add(ws, claim("Night service ends at midnight.", "t.two", confidence="reported",
                               recheck="https://harbour.example/night",
                               evidence=[ev(bad, TEXT + "x", "Night service ends at midnight.")])))
    c3 = last_id(add(ws, claim("The author thinks <script>x</script> matters.", "t.three", confidence="inferred")))
    c4 = last_id(add(ws, claim("Unsupported but active.", "t.four", confidence="unsupported")))
    return url, bad, news, c1, c2, c3, c4


def test_html_escapes_everything_and_links_only_http(ws):
    url, bad, news, c1, c2, c3, c4 = _setup(ws)
    r = sb("ledger", "--html", cwd=ws)
    assert r.rc == 0
    html = r.out
    p = _Tags()
    p.feed(html)
    assert set(p.tags) <= {"ol", "ul", "li", "p", "span", "a", "q"}
    assert not [a for a in p.attrs if a[0].startswith("on")]
    hrefs = [v for k, v in p.attrs if k == "href"]
    assert hrefs and all(h.startswith("https://") for h in hrefs)
    assert "secret" not in html and "user:" not in html
    # a web source links to the passage: its address plus a text fragment of the quote
    assert "https://harbour.example/status?x=1#:~:text=The%20%3Cb%20onmouseover%3D%22x%28%29%22%3Ecard%3C%2Fb%3E%20works%2E" in hrefs
    assert html.count('rel="noopener noreferrer"') == 2
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    assert "recheck URL withheld" in html and "javascript:alert(2)" in html
    assert '<a class="recheck" href="https://harbour.example/night" rel="nofollow noopener">recheck at harbour.example</a>' in html
    assert "Harbour &lt;Authority&gt;" in html and "Status &quot;page&quot;" in html
    assert f'<li class="ledger-entry" id="c-{c1}" value="3">' in html  # by id: c2, c4, c1
    assert '<span class="mark m-checked">checked</span> <span class="mark m-moving">moving</span>' in html
    assert '<span class="as-of">as of 2025-12-01</span>' in html
    assert "2 independent sources" in html and "1 source" in html
    assert '<ul class="ledger ledger-thin">' in html and f'<li class="ledger-entry" id="c-{c3}">' in html
    assert "&lt;script&gt;" in html
    assert f'id="c-{c4}" value=' in html  # unsupported is citable (m-thin)
    assert '<span class="tier tier-none">no source</span>' in html


def test_ordinals_follow_plan(ws):
    _, _, _, c1, c2, *_ = _setup(ws)
    plan = {"schema_version": 1, "type": "answer", "title": "Title", "thesis": "A thesis sentence.",
            "sections": [{"id": "a", "heading": "A", "claim_ids": [c2]}]}
    (ws / "plan.json").write_text(json.dumps(plan))
    html = sb("ledger", cwd=ws).out
    assert f'id="c-{c2}" value="1"' in html
    data = json.loads(sb("ledger", "--json", cwd=ws).out)
    assert data["schema_version"] == 1
    assert [e["ordinal"] for e in data["ledger"]] == [1, 2, 3, None]
    assert data["ledger"][0]["id"] == c2 and data["ledger"][0]["marks"] == ["m-reported"]
    assert data["ledger"][-1]["confidence"] == "inferred"


def test_budget_shows_an_excerpt_for_long_quotes(ws):
    # an over-budget quote shows its opening and closing words and its full length, never a
    # bare offset range
    long = "word " * 40 + "end.\n"
    sid = make_source(ws, long, name="long")
    add(ws, claim("A claim with a long quote.", evidence=[{"source_id": sid, "start": 0, "end": len(long) - 1, "quote": long[:-1]}]))
    html = sb("ledger", cwd=ws).out
    assert "chars 0" not in html and "&ndash;" not in html
    assert '<q class="ledger-quote ledger-excerpt">word word word word … word word word end.</q>' in html
    assert '<span class="ledger-length">(41 words in full)</span>' in html
    md = sb("ledger", "--md", cwd=ws).out
    assert "chars 0-" not in md and '"word word word word … word word word end." (41 words in full)' in md


def test_markdown_is_escaped(ws):
    _setup(ws)
    md = sb("ledger", "--md", cwd=ws).out
    assert md.startswith("# Ledger\n")
    assert "<img" not in md and "&lt;img" in md
    assert "](javascript" not in md and "\\[link\\]\\(javascript:alert\\(1\\)\\)" in md
    assert "\\*bold\\*" in md and "\\`code\\`" in md
    assert "[recheck at harbour.example](https://harbour.example/night)" in md and "recheck URL withheld" in md
    assert "secret" not in md
    assert "## The author's inferences" in md and "&lt;script&gt;" in md
    assert re.search(r"^1\. \*\*.+\*\*  $", md, re.M)
    assert re.search(r'^   - tier B · \[news\]\(https://news\.example/a#:~:text=Tickets%20cost%204%20euros%2E\) · Daily News · '
                     r'a capture supplied by the author, not fetched by sourcebook · "Tickets cost 4 euros\."$', md, re.M)


def test_sources_form(ws):
    url, bad, news, *_ = _setup(ws)
    md = sb("ledger", "--sources", cwd=ws).out
    assert md.startswith("# Sources\n")
    assert md.index("Status \"page\"") < md.index("Daily") or md.index("## Status") < md.index("## news")
    assert f"`{url}` · [https://harbour.example/status?x=1](https://harbour.example/status?x=1)" in md
    assert "](javascript" not in md and "secret" not in md
    assert "supports 1 claim(s)" in md and "Harbour &lt;Authority&gt;" in md


def test_csl(ws):
    url, bad, news, c1, *_ = _setup(ws)
    r = sb("ledger", "--csl", cwd=ws)
    items = {i["id"]: i for i in json.loads(r.out)}
    assert set(items) == {url, bad, news}
    u = items[url]
    assert u["type"] == "webpage" and u["URL"] == "https://harbour.example/status?x=1"
    assert u["container-title"] == "Harbour <Authority>" and "publisher" not in u
    assert u["accessed"] == {"date-parts": [[2026, 1, 1]]}
    assert u["custom"]["tier"] == "A" and u["custom"]["claims"] == [c1]
    assert "URL" not in items[bad] and items[bad]["type"] == "document"
    assert "secret" not in r.out


def test_out_writes_and_reports(ws, tmp_path):
    _setup(ws)
    r = sb("ledger", "--html", "--out", "build/sub/ledger.html", cwd=ws)
    body = (ws / "build" / "sub" / "ledger.html").read_text(encoding="utf-8")
    assert r.rc == 0 and r.out.strip() == f"wrote build/sub/ledger.html  ({len(body)} bytes)"
    assert sb("ledger", "--md", "--json", cwd=ws).rc == 1


def test_empty_ledger(ws):
    assert sb("ledger", cwd=ws).out == '<ol class="ledger">\n</ol>\n'
    assert sb("ledger", "--sources", cwd=ws).out.strip().endswith("no sources yet")
    assert json.loads(sb("ledger", "--csl", cwd=ws).out) == []


def test_malformed_claims_gives_error_not_render(ws):
    (ws / "ledger" / "claims.json").write_text('{"schema_version": 1, "claims": [{"id": "clm_x"}]}')
    r = sb("ledger", cwd=ws)
    assert r.rc == 1 and "E-SCHEMA  ledger/claims.json/claims/0" in r.err and r.out == ""


@pytest.mark.skipif(shutil.which("pandoc") is None, reason="pandoc is not installed (.ci/run installs it)")
def test_csl_is_read_by_pandoc_citeproc(ws, tmp_path):
    url, bad, news, c1, *_ = _setup(ws)
    bib = tmp_path / "sources.json"
    bib.write_text(sb("ledger", "--csl", cwd=ws).out, encoding="utf-8")
    doc = tmp_path / "doc.md"
    doc.write_text(f"The card works [@{url}]. Night service [@{bad}; @{news}].\n\n# References\n", encoding="utf-8")
    proc = subprocess.run(["pandoc", str(doc), "--citeproc", f"--bibliography={bib}", "-t", "plain", "--wrap=none"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and not proc.stderr, proc.stderr
    body, refs = proc.stdout.split("References", 1)
    assert "[@" not in body and "???" not in proc.stdout  # every key resolved
    assert "Accessed January 1, 2026. https://harbour.example/status?x=1." in refs
    assert refs.count("Daily News") == 1 and "Harbour <Authority>" in refs
    assert "javascript" not in refs and "secret" not in refs


def test_a_broken_plan_is_an_error_not_a_silent_renumbering(ws):
    _setup(ws)
    (ws / "plan.json").write_text('{"schema_version": 1, "sections": [', encoding="utf-8")
    for form in ("--html", "--md", "--json"):
        r = sb("ledger", form, cwd=ws)
        assert r.rc == 1 and r.err.startswith("E-JSON  plan.json") and not r.out, (form, r.both)
    (ws / "draft.md").write_text("# Answer\n\nThe card works.\n", encoding="utf-8")
    r = sb("render", "answer", cwd=ws)
    assert r.rc == 1 and "E-JSON  plan.json" in r.err and not (ws / "build" / "answer.html").exists()


LINKED = ("C (as of [C99](https://example.org/c99)), Python (as of [Python 3.7.2](https://docs.python.org/3/x)), "
          "Ruby (as of [Ruby 2.6.0](https://docs.ruby-lang.org/x)), and Rust (as of [Rust 1.31.1](https://doc.rust-lang.org/x)) "
          "do not support hexadecimal floating-point literals, which several other languages have long had.\n\n"
          "Python (as of [Python 3.7.2](https://docs.python.org/3/x)) reads binary literals.\n")


def test_a_link_in_a_quote_reads_as_its_text_in_every_ledger_form(ws):
    """A reader sees a link's text, never its Markdown: "Python (as of [Python 3.7.2](https://...))"
    is shown, excerpted and linked as "Python (as of Python 3.7.2)", as the reader view reads it."""
    sid = make_source(ws, LINKED, name="go", tier="A", locator="https://go.example/proposal", kind="url")
    long = LINKED.split("\n")[0]
    add(ws, claim("C, Python, Ruby and Rust lack hexadecimal floating-point literals.", "t.hex",
                  evidence=[ev(sid, LINKED, long)]))
    add(ws, claim("Python 3.7.2 reads binary literals.", "t.bin",
                  evidence=[ev(sid, LINKED, "Python (as of [Python 3.7.2](https://docs.python.org/3/x)) reads binary "
                                            "literals.")]))
    html = sb("ledger", cwd=ws).out
    shown = re.findall(r'<q class="ledger-quote[^"]*">(.*?)</q>', html)
    assert shown and not any("[" in q or "](" in q or "https://" in q for q in shown), shown
    assert "C (as of C99), … languages have long had." in shown, shown  # the excerpt
    assert "Python (as of Python 3.7.2) reads binary literals." in shown, shown  # the quote in full
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert any("#:~:text=Python%20%28as%20of%20Python%203%2E7%2E2%29%20reads" in h for h in hrefs), hrefs
    assert not any("%5B" in h for h in hrefs), hrefs  # the page the link opens shows no brackets
    md = sb("ledger", "--md", cwd=ws).out
    assert "Python \\(as of Python 3.7.2\\) reads binary literals." in md and "docs.python.org" not in md, md


@pytest.mark.parametrize(("quote", "shown"), [
    # a Latin run inside Japanese is one word: never cut ("KeePas")
    ("パスワード管理ソフトKeePassの起動ショートカットキーと同じなのです。", "パスワード管理ソフト … と同じなのです。"),
    ("開かれたフォルダの中にあるKindleのショートカットアイコンを右クリック。", "開かれたフォルダの中にある … を右クリック。"),
    # spaces inside a Latin name do not make Japanese a spaced text
    ("しかもKindle for PCの設定画面からでは、このショートカットキーの設定を変更することができません。",
     "しかもKindle for PC … 設定を変更することができません。"),
    # a short quote shows at most its first half, cut between words: never all but whole
    ("Windows10での操作方法です。", "Windows10 …"),
    ("表示されるメニューから「プロパティ」をクリック。", "表示されるメニューから …"),
    ("据Harbourside报道，渡轮每20分钟一班，周末每30分钟一班，节假日停运。", "据Harbourside报道，渡 … 周末每30分钟一班，节假日停运。"),
    # spaced text keeps its words
    ("Proposal: Go 2 Number Literal Changes", "Proposal: Go 2 Number …"),
])
def test_an_excerpt_of_text_written_without_spaces_cuts_between_words(quote, shown):
    from sourcebook.engines.ledger.quote_view import excerpt, length_text

    got = excerpt(quote)
    assert got == shown, got
    words = [w for w in re.findall(r"[A-Za-z0-9]+", quote)]
    # every Latin word the excerpt shows is a whole word of the quote
    assert all(w in words for w in re.findall(r"[A-Za-z0-9]+", got)), got
    # what it shows is well short of the quote: the budget never counts an excerpt as the quotation
    assert len(got.replace(" … ", "").removesuffix(" …")) <= max(len(quote) // 2, 2 * 16 + 8), got
    if not quote.startswith("Proposal"):
        assert length_text(quote) == f"{len(quote)} characters"  # not "3 words" for Kindle for PC
