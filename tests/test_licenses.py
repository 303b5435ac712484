"""Image credits and licences (CONTRACT 10.1; AT-13, AT-14, AT-21e/f; weakness 3)."""

from __future__ import annotations

import base64
import hashlib
import json

from conftest import sb

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def _page(ws, body: str, name: str = "answer.html") -> str:
    html = f'<!doctype html><html lang="en"><head><title>t</title></head><body>{body}</body></html>'
    (ws / "build" / name).write_text(html, encoding="utf-8")
    return str(ws / "build" / name)


def _credits(ws, credits: dict) -> None:
    (ws / "assets" / "credits.json").write_text(json.dumps(credits), encoding="utf-8")


def test_no_images_nothing_to_check(ws):
    _page(ws, "<p>text only</p>")
    r = sb("licenses", cwd=ws)
    assert r.rc == 0
    assert r.out.strip() == "licenses ok  images.mode=none, nothing to check"


def test_uncredited_image(ws):
    _page(ws, '<img src="../assets/harbour.jpg" alt="The harbour">')
    r = sb("licenses", cwd=ws)
    assert r.rc == 2
    assert "E-IMG-UNCREDITED  harbour.jpg  " in r.err


def test_cc_by_needs_visible_credit_then_passes(ws):
    _credits(ws, {"harbour.jpg": {"origin": "sourced", "source": "https://example.org/h", "credit": "Photo: A. Jones",
                                  "license": "CC BY 4.0"}})
    _page(ws, '<figure><img src="harbour.jpg" alt="The harbour"></figure>')
    r = sb("licenses", cwd=ws)
    assert r.rc == 2 and "E-IMG-ATTRIB  harbour.jpg" in r.err
    _page(ws, '<figure><img src="harbour.jpg" alt="The harbour"><figcaption>Photo: A. Jones</figcaption></figure>')
    r = sb("licenses", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.strip() == "licenses ok  1 asset(s), 1 referenced"


def test_generated_needs_label_then_passes(ws):
    _credits(ws, {"map.png": {"origin": "generated", "generator": "an image model", "prompt": "a map of the bay",
                              "license": "generated"}})
    _page(ws, '<figure><img src="map.png" alt="Map"></figure>')
    r = sb("licenses", cwd=ws)
    assert r.rc == 2 and "E-IMG-UNLABELED  map.png" in r.err
    _page(ws, '<figure><img src="map.png" alt="Map"><figcaption>Generated illustration</figcaption></figure>')
    assert sb("licenses", cwd=ws).rc == 0


def test_non_commercial_licence_refused(ws):
    _credits(ws, {"harbour.jpg": {"origin": "sourced", "source": "s", "credit": "c", "license": "CC BY-NC 4.0"}})
    _page(ws, '<img src="harbour.jpg" alt="x"><p>c</p>')
    r = sb("licenses", cwd=ws)
    assert r.rc == 2 and "E-IMG-LICENSE  harbour.jpg" in r.err


def test_share_alike_is_a_warning_that_passes(ws):
    _credits(ws, {"harbour.jpg": {"origin": "sourced", "source": "s", "credit": "Photo: B", "license": "CC BY-SA 4.0"}})
    _page(ws, '<img src="harbour.jpg" alt="x"><p>Photo: B</p>')
    r = sb("licenses", cwd=ws)
    assert r.rc == 0, r.both
    assert "W-IMG-SHAREALIKE  harbour.jpg" in r.out
    assert r.out.splitlines()[-1] == "licenses ok  1 asset(s), 1 referenced"
    from sourcebook.domain.artifacts.licenses import GATE_WARNINGS

    assert "W-IMG-SHAREALIKE" in GATE_WARNINGS


def test_data_uri_key_label_and_nc(ws):
    from sourcebook.licenses import data_uri_name

    src = "data:image/png;base64," + base64.b64encode(PNG).decode()
    key = data_uri_name(src)
    assert key == "data:sha256:" + hashlib.sha256(PNG).hexdigest()[:16]
    _page(ws, f'<img src="{src}" alt="dot">')
    r = sb("licenses", cwd=ws)
    assert r.rc == 2 and f"E-IMG-UNCREDITED  {key}  " in r.err
    _credits(ws, {key: {"origin": "generated", "generator": "g", "prompt": "a dot", "license": "CC BY-NC 4.0"}})
    r = sb("licenses", cwd=ws)
    assert "E-IMG-LICENSE" in r.err and "E-IMG-UNLABELED" in r.err
    _credits(ws, {key: {"origin": "generated", "generator": "g", "prompt": "a dot", "license": "generated"}})
    _page(ws, f'<figure><img src="{src}" alt="dot"><figcaption>Generated illustration</figcaption></figure>')
    assert sb("licenses", cwd=ws).rc == 0


def test_data_uri_name_percent_and_broken_payloads():
    from sourcebook.licenses import data_uri_name

    assert data_uri_name("data:image/svg+xml,%3Csvg%2F%3E") == "data:sha256:" + hashlib.sha256(b"<svg/>").hexdigest()[:16]
    # a payload missing its padding still decodes
    padded = base64.b64encode(b"ab").decode()
    assert data_uri_name("data:x;base64," + padded.rstrip("=")) == data_uri_name("data:x;base64," + padded)


def test_data_asset_attribute_is_the_key(ws):
    _credits(ws, {"bay-map": {"origin": "sourced", "source": "s", "credit": "Map: C", "license": "CC0"}})
    src = "data:image/png;base64," + base64.b64encode(PNG).decode()
    _page(ws, f'<img src="{src}" data-asset=" bay-map " alt="map">')
    r = sb("licenses", cwd=ws)
    assert r.rc == 0, r.both
    assert "1 asset(s), 1 referenced" in r.out


def test_fields_schema_and_hash(ws):
    (ws / "assets" / "a.png").write_bytes(PNG)
    _credits(ws, {"a.png": {"origin": "sourced", "source": "s", "license": "CC0", "sha256": "0" * 64},
                  "b.png": {"origin": "painted"}})
    _page(ws, '<img src="a.png" alt="a">')
    r = sb("licenses", cwd=ws)
    assert r.rc == 2
    assert "E-IMG-FIELDS  a.png" in r.err and "credit" in r.err
    assert "E-IMG-HASH  a.png" in r.err
    assert "E-SCHEMA  assets/credits.json/b.png/origin" in r.err
    assert "E-IMG-FIELDS  b.png" in r.err


def test_default_page_prefers_the_plan_type(ws):
    _page(ws, '<img src="x.png" alt="x">', "answer.html")
    _page(ws, "<p>no images</p>", "brief.html")
    (ws / "plan.json").write_text(json.dumps({"type": "brief"}), encoding="utf-8")
    assert sb("licenses", cwd=ws).rc == 0
    assert sb("licenses", "--html", "build/answer.html", cwd=ws).rc == 2


def test_missing_page_is_an_input_error(ws):
    r = sb("licenses", "--html", "nope.html", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-IO  nope.html")
