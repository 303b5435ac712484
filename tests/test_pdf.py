"""PDF text extraction: pages recorded, ligatures unfolded, line-end hyphenation rejoined."""

from __future__ import annotations

import builtins

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.pdf import extract as pdf_extract
from sourcebook.engines.pdf.extract import clean_page, extract_pdf, join_pages
from sourcebook.engines.text.normalize import normalize

try:
    import pypdf  # noqa: F401
    HAVE_PYPDF = True
except ImportError:
    HAVE_PYPDF = False
needs_pypdf = pytest.mark.skipif(not HAVE_PYPDF, reason="pypdf is not installed")


def make_pdf(pages: list[list[str]], catalog_extra: str = "") -> bytes:
    """A minimal valid PDF: one Helvetica text line per string, top to bottom on each page.
    ``catalog_extra`` goes into the catalog (e.g. ``/PageLabels << ... >>``)."""
    objs: list[bytes] = []
    n = len(pages)
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(n))
    objs.append(f"<< /Type /Catalog /Pages 2 0 R {catalog_extra}>>".encode())
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode())
    font_obj = 3 + 2 * n
    for i, lines in enumerate(pages):
        ops = ["BT", "/F1 12 Tf", "14 TL", "72 720 Td"]
        for line in lines:
            esc = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops += [f"({esc}) Tj", "T*"]
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1")
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {4 + 2 * i} 0 R "
                    f"/Resources << /Font << /F1 {font_obj} 0 R >> >> >>".encode())
        objs.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % k + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


PAGES = [["Grid operators reported a new peak", "demand of 41 gigawatts in an excep-", "tional heat wave."],
         [],
         ["The second page names the well-", "Known source and the Caf\u00e9 owner."]]


@needs_pypdf
def test_pdf_pages_are_recorded_and_slice_to_each_page():
    r = extract_pdf(make_pdf(PAGES))
    assert r.available and r.text
    assert normalize(r.text) == r.text
    assert [p["page"] for p in r.pages] == [1, 2, 3]
    p1, p2, p3 = r.pages
    assert "exceptional heat wave." in r.text[p1["start"]:p1["end"]]
    assert p2["start"] == p2["end"]  # the empty page has an empty span
    third = r.text[p3["start"]:p3["end"]]
    assert third.startswith("The second page") and "Caf\u00e9 owner." in third
    assert "well-\nKnown" in third  # an upper-case continuation is not a hyphenated word
    assert r.text[p1["end"]:p3["start"]] == "\n\n"
    assert r.text.endswith("owner.\n")


@needs_pypdf
def test_pdf_extraction_is_deterministic():
    raw = make_pdf(PAGES)
    assert extract_pdf(raw) == extract_pdf(raw)


@needs_pypdf
def test_pdf_without_a_text_layer_gives_no_text_and_a_note():
    r = extract_pdf(make_pdf([[], ["p. 2"]]))
    assert r.available and r.text == "" and any("no usable text layer" in n for n in r.notes)


@needs_pypdf
def test_a_file_that_is_not_a_pdf_gives_a_note_not_a_crash():
    r = extract_pdf(b"<html>not a pdf</html>")
    assert r.text == "" and r.notes and "pypdf could not read" in r.notes[0]


def test_without_pypdf_the_result_is_unavailable_with_a_note(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "pypdf" or name.startswith("pypdf."):
            raise ImportError("No module named 'pypdf'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    r = pdf_extract.extract_pdf(b"%PDF-1.4\n")
    assert r.available is False and r.text == "" and "pypdf is not installed" in r.notes[0]


def test_ligatures_unfolded_and_hyphenation_rejoined():
    assert clean_page("\ufb01nd the \ufb02ow of \ufb00ort, \ufb03ce, \ufb04e, \ufb05op \ufb06ar") == \
        "find the flow of ffort, ffice, ffle, stop star"
    assert clean_page("an excep-\ntional case") == "an exceptional case"
    assert clean_page("an excep- \n  tional case") == "an exceptional case"
    assert clean_page("a well-\nKnown name") == "a well-\nKnown name"
    assert clean_page("page 12-\n13") == "page 12-\n13"
    assert clean_page("co\u00ad\nOperate") == "coOperate"
    assert clean_page("na\u00efve-\n\u00e9t\u00e9") == "na\u00efve\u00e9t\u00e9"


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("ab -\n\u00ad\ufb01\u0301\t\r\u00e9 "), max_size=40),
                max_size=5))
def test_joined_pages_are_canonical_and_spans_match(pages):
    cleaned = [clean_page(p) for p in pages]
    text, spans = join_pages(cleaned)
    assert normalize(text) == text
    for page, span in zip(cleaned, spans, strict=True):
        assert text[span["start"]:span["end"]] == page


@needs_pypdf
def test_a_pdf_that_runs_past_its_time_limit_gives_a_note_not_a_hang(monkeypatch):
    import time

    from pypdf import PageObject

    def stuck(self, *a, **k):  # a crafted file that keeps pypdf busy, in miniature
        while True:
            try:
                time.sleep(0.05)
            except Exception:  # noqa: BLE001 - a library that swallows errors must still be stopped
                pass

    monkeypatch.setattr(PageObject, "extract_text", stuck)
    r = extract_pdf(make_pdf(PAGES), seconds=0.2)
    assert r.text == "" and r.pages == [] and "did not finish within 0.2 s" in r.notes[0]
    assert "sb extract --adopt" in r.notes[0]


def test_the_time_limit_restores_an_outer_alarm_and_is_inert_off_the_main_thread():
    import signal
    import threading

    from sourcebook.base.time_limit import TimeLimitExceeded, time_limit

    fired = []

    def outer_handler(*_):
        fired.append(1)

    previous = signal.signal(signal.SIGALRM, outer_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 30)
        with time_limit(5):
            pass
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < remaining <= 30 and signal.getsignal(signal.SIGALRM) is outer_handler
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    seen = []

    def worker():
        try:
            with time_limit(0.01):
                seen.append("ran")
        except TimeLimitExceeded:
            seen.append("limited")

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen == ["ran"] and not fired
