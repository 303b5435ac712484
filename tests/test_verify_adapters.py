"""The licences, lint and podcast rows of sb verify (their rules live in their own modules)."""

from __future__ import annotations

import json
import os

import pytest
from conftest import sb
from verify_kit import good_workspace, page, write_page, write_plan


@pytest.fixture
def good(ws):
    ids, cs = good_workspace(ws)
    return ws, ids, cs


def codes(r):
    return [ln.split()[0] for ln in r.err.splitlines() if ln.startswith(("E-", "W-", "a11y", "slop", "copy", "struct"))]


def order(cs):
    return [c["id"] for c in cs]


def test_uncredited_image_fails_licenses_row(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), body_extra='<figure><img src="photo.png" alt="A ferry"></figure>'))
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "E-IMG-UNCREDITED" in codes(r) and "  x licenses" in r.out


def test_share_alike_image_can_ship(good):
    root, ids, cs = good
    credits = {"photo.png": {"origin": "sourced", "source": "https://example.org/p", "credit": "Photo by Ann",
                             "license": "CC BY-SA 4.0"}}
    with open(os.path.join(root, "assets", "credits.json"), "w") as fh:
        json.dump(credits, fh)
    write_page(root, page(cs, order(cs), body_extra='<figure><img src="photo.png" alt="A ferry">'
                                                    '<figcaption>Photo by Ann</figcaption></figure>'))
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both
    assert "share-alike" in r.out and "photo.png" in r.out


def test_lint_error_is_a_finding_with_file_and_line(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), body_extra='<img src="x.png">'))
    r = sb("verify", cwd=root)
    assert "a11y.img-alt  build/answer.html:1" in r.err
    assert "  x lint" in r.out


def test_lint_warning_waived_in_manifest_passes(good):
    root, ids, cs = good
    write_page(root, page(cs, order(cs), body_extra="<p>A seamless ride.</p>"))
    r = sb("verify", cwd=root)
    assert r.rc == 2 and "copy.buzzword" in r.err
    assert sb("config", "set", "lint_waivers.copy.buzzword=quoted from the operator's slogan", cwd=root).rc == 0
    r = sb("verify", cwd=root)
    assert r.rc == 0, r.both
    assert "0 errors, 1 waived, 0 unresolved" in r.out


def test_no_lint_row_without_a_page(good):
    root, ids, cs = good
    os.unlink(os.path.join(root, "build", "answer.html"))
    r = sb("verify", cwd=root)
    rows = [ln.split()[1] for ln in r.out.splitlines()[1:-1] if ln.startswith("  ")]
    assert "lint" not in rows and "licenses" in rows and "E-HTML-MISSING" in r.err


def test_podcast_row(good):
    root, ids, cs = good
    r = sb("verify", "--podcast", cwd=root)
    assert r.rc == 2 and "E-PODCAST-MISSING" in r.err and "  x podcast" in r.out
    script = {"schema_version": 1, "episode": "Ferry cards", "speakers": [{"name": "Ann"}],
              "lines": [{"n": 1, "speaker": "Ann", "text": "Cards work on the ferry.", "claims": [cs[0]["id"]],
                         "kind": "factual"},
                        {"n": 2, "speaker": "Ann", "text": "Fares rose.", "claims": [], "kind": "factual"}]}
    with open(os.path.join(root, "build", "podcast.script.json"), "w") as fh:
        json.dump(script, fh)
    r = sb("verify", "--podcast", cwd=root)
    assert "E-POD-UNCITED" in r.err
    script["lines"][1]["claims"] = [cs[1]["id"]]
    with open(os.path.join(root, "build", "podcast.script.json"), "w") as fh:
        json.dump(script, fh)
    r = sb("verify", "--podcast", cwd=root)
    assert r.rc == 0, r.both
    assert "  . podcast        2 lines, citation track intact" in r.out


def test_podcast_plan_expects_script_not_page(good):
    root, ids, cs = good
    os.unlink(os.path.join(root, "build", "answer.html"))
    write_plan(root, order(cs), typ="podcast")
    r = sb("verify", cwd=root)
    assert "no artifact expected (plan.type=podcast)" in r.out and "E-PODCAST-MISSING" in r.err
