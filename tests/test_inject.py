"""sb inject: markers, atomic rewrite, errors."""

from __future__ import annotations

from conftest import sb

from sourcebook.engines.ledger.inject import inject

PAGE = "<html><body><p>Hi</p>\n<!-- SB:LEDGER -->\nold stuff\n<!-- /SB:LEDGER -->\n<footer>end</footer></body></html>\n"


def test_inject_pure_replaces_between_markers():
    out = inject(PAGE, "<ol class=\"ledger\"></ol>\n\n")
    assert out == ("<html><body><p>Hi</p>\n<!-- SB:LEDGER -->\n<ol class=\"ledger\"></ol>\n<!-- /SB:LEDGER -->"
                   "\n<footer>end</footer></body></html>\n")
    assert inject(out, "<ol class=\"ledger\"></ol>") == out  # idempotent
    no_close = "<p>a</p><!-- SB:LEDGER -->tail"
    assert inject(no_close, "L") == "<p>a</p><!-- SB:LEDGER -->\nL\n<!-- /SB:LEDGER -->tail"


def test_inject_command(ws):
    (ws / "build" / "answer.html").write_text(PAGE, encoding="utf-8")
    (ws / "build" / "ledger.html").write_text('<ol class="ledger"><li>é</li></ol>\n', encoding="utf-8")
    r = sb("inject", "build/answer.html", "--ledger", "build/ledger.html", cwd=ws)
    assert r.rc == 0 and r.out.strip() == "injected build/ledger.html into build/answer.html"
    text = (ws / "build" / "answer.html").read_text(encoding="utf-8")
    assert '<ol class="ledger"><li>é</li></ol>\n<!-- /SB:LEDGER -->' in text and "old stuff" not in text
    assert not [p for p in (ws / "build").iterdir() if p.name.endswith(".tmp")]


def test_inject_errors(ws):
    r = sb("inject", "build/missing.html", "--ledger", "build/ledger.html", cwd=ws)
    assert r.rc == 1 and "E-INJECT  build/missing.html  no such file" in r.err
    (ws / "build" / "page.html").write_text("<p>no markers</p>", encoding="utf-8")
    r = sb("inject", "build/page.html", "--ledger", "build/none.html", cwd=ws)
    assert r.rc == 1 and "E-INJECT" in r.err
    (ws / "build" / "ledger.html").write_text("<ol></ol>", encoding="utf-8")
    r = sb("inject", "build/page.html", "--ledger", "build/ledger.html", cwd=ws)
    assert r.rc == 2 and "E-INJECT" in r.err and "SB:LEDGER" in r.err
    assert (ws / "build" / "page.html").read_text() == "<p>no markers</p>"
    (ws / "build" / "bin.html").write_bytes(b"\xff\xfe<!-- SB:LEDGER -->")
    r = sb("inject", "build/bin.html", "--ledger", "build/ledger.html", cwd=ws)
    assert r.rc == 1 and "E-INJECT" in r.err
