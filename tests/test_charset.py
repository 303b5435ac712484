"""Charset decoding: BOMs, declarations, WHATWG aliases, UTF-16 without a BOM, no sniffing of prose."""

from __future__ import annotations

import codecs

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.formats.binary import not_text
from sourcebook.engines.formats.charset import decode_bytes, label, parse_content_type

CP1252_PAGE = ('<!doctype html><html><head><meta charset="windows-1252"><title>t</title></head>'
               '<body><p>\u201cCaf\u00e9\u201d costs \u20ac5 \u2014 na\u00efve</p></body></html>').encode("cp1252")


def test_meta_declared_cp1252_page_decodes_to_real_characters():
    d = decode_bytes(CP1252_PAGE, media_type="text/html")
    assert "\u201cCaf\u00e9\u201d costs \u20ac5 \u2014 na\u00efve" in d.text
    assert d.charset == "windows-1252" and d.how == "meta" and not d.notes


def test_undeclared_cp1252_bytes_become_replacement_characters_with_a_note():
    raw = "Caf\u00e9 \u20ac5".encode("cp1252")
    d = decode_bytes(raw, media_type="text/html")
    assert d.text == "Caf\ufffd \ufffd5"
    assert d.charset is None and d.notes and "U+FFFD" in d.notes[0]


def test_declared_charset_wins_over_meta_and_fixes_undeclared_bytes():
    raw = "<html><head><meta charset='utf-8'></head><p>Caf\u00e9</p>".encode("cp1252")
    assert "Caf\u00e9" in decode_bytes(raw, media_type="text/html", declared="latin1").text
    assert decode_bytes(raw, media_type="text/html", declared="latin1").charset == "windows-1252"


def test_http_equiv_content_type_anywhere_in_the_head():
    filler = "<!-- " + "x" * 3000 + " -->" + '<link rel="x" href="y">' * 100
    page = (f'<html><head>{filler}<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">'
            '</head><body>\u00e9t\u00e9</body></html>').encode("cp1252")
    assert len(page) > 4096
    d = decode_bytes(page, media_type="text/html")
    assert d.charset == "windows-1252" and "\u00e9t\u00e9" in d.text


def test_meta_inside_a_comment_or_body_is_not_a_declaration():
    raw = ("<html><head><!-- <meta charset='koi8-r'> --></head><body><meta charset='koi8-r'>"
           "\u00e9</body></html>").encode("utf-8")
    d = decode_bytes(raw, media_type="text/html")
    assert d.charset is None and "\u00e9" in d.text


def test_xml_declaration():
    raw = '<?xml version="1.0" encoding="ISO-8859-7"?><r>\u03b1\u03b2</r>'.encode("iso8859_7")
    d = decode_bytes(raw, media_type="application/rss+xml")
    assert d.charset == "iso-8859-7" and "\u03b1\u03b2" in d.text and d.how == "xml"


@pytest.mark.parametrize("codec,name", [("utf-16-le", "utf-16le"), ("utf-16-be", "utf-16be")])
def test_utf16_with_bom(codec, name):
    bom = codecs.BOM_UTF16_LE if codec.endswith("le") else codecs.BOM_UTF16_BE
    raw = bom + "<p>h\u00e9llo \U0001F600</p>".encode(codec)
    d = decode_bytes(raw, media_type="text/html")
    assert d.text == "<p>h\u00e9llo \U0001F600</p>" and d.charset == name and d.how == "bom"


@pytest.mark.parametrize("codec,name", [("utf-16-le", "utf-16le"), ("utf-16-be", "utf-16be"),
                                        ("utf-32-le", "utf-32le"), ("utf-32-be", "utf-32be")])
def test_wide_encodings_without_bom_detected_by_nuls(codec, name):
    text = "# Title\n\nPlain text with an \u00e9 and more words.\n"
    d = decode_bytes(text.encode(codec), media_type="text/markdown")
    assert d.text == text and d.charset == name and d.how == "detected"


def test_utf8_bom_stripped_and_utf32_bom():
    assert decode_bytes(codecs.BOM_UTF8 + "x\u00e9".encode()).text == "x\u00e9"
    d = decode_bytes(codecs.BOM_UTF32_LE + "ab".encode("utf-32-le"))
    assert d.text == "ab" and d.charset == "utf-32le"


def test_markdown_prose_mentioning_meta_charset_is_not_sniffed():
    raw = 'Write <meta charset="utf-16"> or <meta charset="koi8-r"> in the head: caf\u00e9.\n'.encode()
    for mt in ("text/markdown", "text/plain"):
        d = decode_bytes(raw, media_type=mt)
        assert d.text == raw.decode("utf-8") and d.charset is None and not d.notes


def test_utf16_meta_on_an_ascii_page_is_ignored():
    raw = b'<html><head><meta charset="utf-16"></head><body>plain ascii \xc3\xa9</body></html>'
    d = decode_bytes(raw, media_type="text/html")
    assert "plain ascii \u00e9" in d.text and d.charset is None
    assert any("ignored" in n for n in d.notes)


def test_invalid_utf8_with_declared_utf8_is_replaced_and_noted():
    d = decode_bytes(b"ok \xff\xfe\xfa end", declared="utf-8")
    assert d.text.startswith("ok \ufffd") and d.text.endswith(" end") and d.notes


def test_unknown_declared_label_is_noted_and_ignored():
    d = decode_bytes("caf\u00e9".encode(), declared="x-no-such-charset")
    assert d.text == "caf\u00e9" and any("unknown" in n for n in d.notes)


def test_cp1252_undefined_bytes_map_like_browsers():
    assert decode_bytes(b"a\x81b", declared="windows-1252").text == "a\x81b"


@pytest.mark.parametrize("lab,name", [("latin1", "windows-1252"), ("ISO-8859-1", "windows-1252"),
                                      ("ascii", "windows-1252"), ("UTF8", "utf-8"), ("sjis", "shift_jis"),
                                      ("gb2312", "gbk"), ("iso-8859-9", "windows-1254"), ("nope", None)])
def test_whatwg_aliases(lab, name):
    assert label(lab) == name


def test_parse_content_type():
    assert parse_content_type('Text/HTML; Charset="ISO-8859-1"') == ("text/html", "windows-1252")
    assert parse_content_type("application/pdf") == ("application/pdf", None)
    assert parse_content_type(None) == (None, None)
    assert parse_content_type("text/plain; charset=x-weird") == ("text/plain", "x-weird")


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=300), st.sampled_from([None, "text/html", "text/markdown", "application/xml"]),
       st.sampled_from([None, "utf-8", "utf-16", "latin1", "shift_jis", "bogus"]))
def test_decoding_never_raises(raw, media, declared):
    d = decode_bytes(raw, media_type=media, declared=declared)
    assert isinstance(d.text, str) and not d.text.startswith("\ufeff")
    # the bytes handed on as the text's UTF-8 form are exactly that, so "is it text" reads the same
    assert d.utf8 is None or d.utf8.decode("utf-8") == d.text
    assert not_text(d.text, media, d.utf8) == not_text(d.text, media)


@pytest.mark.parametrize("text", ["plain words\n", "caf\u00e9 \ufffd\ufffd\x01\x02\x7f" * 3,
                                  "\x00\x00 nul" * 5, "\ufffd" * 40 + "ok", "\t\f\r\n\x0b\x1f\u20ac"])
def test_not_text_reads_the_same_from_the_utf8_bytes(text):
    assert not_text(text, "text/html", text.encode("utf-8")) == not_text(text, "text/html")


def test_declared_utf16_follows_the_byte_order_the_bytes_show():
    text = "Grid operators reported a peak.\n"
    for codec in ("utf-16-be", "utf-16-le"):
        d = decode_bytes(text.encode(codec), media_type="text/plain", declared="utf-16")
        assert d.text == text


def _extract_file(ws, name, raw):
    import json

    from conftest import sb

    (ws / name).write_bytes(raw)
    r = sb("add", name, "--tier", "B", "--reason", "charset test", cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    rec = json.loads((ws / "sources" / sid / "source.json").read_text())
    return sid, rec, (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")


def test_meta_cp1252_page_extracts_to_real_characters(ws):
    _, rec, text = _extract_file(ws, "old.html", CP1252_PAGE)
    assert rec["charset"] == "windows-1252" and "\ufffd" not in text
    assert text.count("\u201cCaf\u00e9\u201d costs \u20ac5 \u2014 na\u00efve") == 1


@pytest.mark.parametrize("bom", [True, False])
def test_utf16_html_page_extracts(ws, bom):
    page = "<html><head><title>Zw\u00f6lf</title></head><body><article><h1>Zw\u00f6lf</h1>" \
           "<p>Der Bericht nennt zw\u00f6lf Stationen und \u201eeine\u201c Ausnahme.</p></article></body></html>"
    raw = (codecs.BOM_UTF16_LE if bom else b"") + page.encode("utf-16-le")
    _, rec, text = _extract_file(ws, f"page{int(bom)}.html", raw)
    assert rec["charset"] == "utf-16le"
    assert "Der Bericht nennt zw\u00f6lf Stationen und \u201eeine\u201c Ausnahme." in text
    assert "\ufeff" not in text
