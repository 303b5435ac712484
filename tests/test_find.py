"""find: exact spans, elided quotes, the tolerance ladder, and the `sb find`/`sb quote` commands."""

from __future__ import annotations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.search.find import FindError, find_all, resolve_parts, split_elided, tolerant

TEXT = ("The **bold** claim is here.\nSee [the docs](http://x.y/z) for more.\n"
        "It\u2019s a \u201cquote\u201d \u2014 yes. Soft\u00adhyphen. Multi\n  line  text.\n")


def test_find_all_lists_overlapping_occurrences():
    assert find_all("aaaa", "aa") == [(0, 2), (1, 3), (2, 4)]
    assert find_all("abc", "") == []


def test_split_elided_accepts_the_usual_elision_marks():
    assert split_elided("one [...] two [\u2026] three [ ... ] four") == ["one", "two", "three", "four"]
    assert split_elided("[...] lead") == ["lead"]


def test_resolve_parts_in_order_within_the_gap():
    text = "alpha beta gamma delta"
    assert resolve_parts(text, ["alpha", "gamma"]) == [(0, 5), (11, 16)]


def test_resolve_parts_errors_name_their_code():
    for text, parts, code in (("abc", ["zzz"], "E-FIND-NOMATCH"),
                              ("b a", ["a", "b"], "E-FIND-GAP"),
                              ("a " + "x" * 3000 + " b", ["a", "b"], "E-FIND-GAP"),
                              ("x a x a", ["a"], "E-FIND-AMBIGUOUS")):
        try:
            resolve_parts(text, parts)
        except FindError as exc:
            assert exc.code == code
        else:
            raise AssertionError(f"{parts} in {text!r} should fail")


def test_ambiguous_lists_every_candidate():
    try:
        resolve_parts("x a x a", ["a"])
    except FindError as exc:
        assert exc.candidates == [[(2, 3)], [(6, 7)]]
        assert "2..3" in exc.message and "6..7" in exc.message


def _one(needle):
    hits = tolerant(TEXT, needle)
    assert len(hits) == 1, hits
    h = hits[0]
    assert TEXT[h.start:h.end] == h.text
    return h


def test_ladder_whitespace():
    h = _one("multi line text")
    assert h.level == "case-insensitive" and h.text == "Multi\n  line  text"
    h = _one("Multi line text")
    assert h.level == "whitespace-normalized"


def test_ladder_markup_bold_and_links_keep_marks_balanced():
    assert _one("the bold claim").text == "The **bold** claim"
    assert _one("bold claim").text == "**bold** claim"
    h = _one("See the docs for")
    assert h.level == "markup-ignored" and h.text == "See [the docs](http://x.y/z) for"


def test_ladder_escapes_and_code():
    text = "Use `make test` or the \\*star\\* here"
    assert tolerant(text, "Use make test or the *star* here")[0].text == text
    assert tolerant(text, "the star here")[0].level == "markup-ignored"


def test_ladder_typography_and_invisibles():
    h = _one('It\'s a "quote" - yes')
    assert h.level == "typography-folded" and h.text == "It\u2019s a \u201cquote\u201d \u2014 yes"
    h = _one("Softhyphen")
    assert h.level == "invisibles-ignored" and h.text == "Soft\u00adhyphen"
    assert tolerant("zero\u200bwidth", "zerowidth")[0].text == "zero\u200bwidth"


def test_ladder_finds_nothing_for_absent_text():
    assert tolerant(TEXT, "not there at all") == []
    assert tolerant(TEXT, "   ") == []


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="ab *_`\u2019-\u00ad\n[]()é😀", max_size=60),
       st.text(alphabet="ab *_`'-\n[]é😀", min_size=1, max_size=8))
def test_every_span_returned_verifies(text, needle):
    for s, e in find_all(text, needle):
        assert text[s:e] == needle
    for h in tolerant(text, needle):
        assert 0 <= h.start <= h.end <= len(text)
        assert text[h.start:h.end] == h.text


@settings(max_examples=examples(100), deadline=None)
@given(st.text(alphabet="abc é😀\n", min_size=1, max_size=80), st.data())
def test_resolved_parts_are_exact(text, data):
    i = data.draw(st.integers(0, len(text) - 1))
    j = data.draw(st.integers(i + 1, len(text)))
    try:
        spans = resolve_parts(text, [text[i:j]])
    except FindError as exc:
        assert exc.code in ("E-FIND-AMBIGUOUS", "E-FIND-NOMATCH")
        return
    assert [text[s:e] for s, e in spans] == [text[i:j]]


# ---- the commands ----------------------------------------------------------------------------
import json  # noqa: E402
import re  # noqa: E402

from conftest import sb  # noqa: E402
from text_sources import add_text, indexed, normalized  # noqa: E402

DOC = ("# Ferries\n\nThe **bold** claim is here. No other partner scheme is live at this time.\n\n"
       "It\u2019s a \u201cquote\u201d \u2014 yes. The card, the card, the card.\n")


def _span(out: str) -> tuple[int, int]:
    s, e = re.search(r"(\d+)\.\.(\d+)", out).groups()
    return int(s), int(e)


def test_exact_find_line_and_quote(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "No other partner scheme is live at this time.", cwd=ws)
    assert r.rc == 0
    s, e = _span(r.out)
    assert r.out.splitlines()[0] == f"{sid}  {s}..{e}  exact  (1 match)"
    assert normalized(ws, sid)[s:e] == "No other partner scheme is live at this time."
    q = sb("quote", sid, s, e, "--json", cwd=ws)
    assert json.loads(q.out) == {"source_id": sid, "start": s, "end": e,
                                 "quote": "No other partner scheme is live at this time."}


def test_ambiguous_text_reports_the_true_count_and_every_place(ws):
    sid = add_text(ws, DOC)
    text = normalized(ws, sid)
    r = sb("find", sid, "the card", cwd=ws)
    assert r.rc == 0
    lines = r.out.splitlines()
    assert lines[0].endswith("exact  (2 matches)")
    spans = [(s, s + 8) for s in [m.start() for m in re.finditer("the card", text)]]
    assert lines[1] == f"  also at  {spans[1][0]}..{spans[1][1]}"
    r = sb("find", sid, "the card", "--all", cwd=ws)
    assert r.out.splitlines() == [f"{sid}  {s}..{e}  exact  (2 matches)" for s, e in spans]


def test_inexact_names_the_region_the_quote_command_and_the_text(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "the bold claim is here", cwd=ws)
    assert r.rc == 1
    s, e = _span(r.err)
    assert r.err.startswith(f"E-FIND-INEXACT  {sid}  {s}..{e}  markup-ignored  (1 match)")
    assert f"sb quote {sid} {s} {e}" in r.err
    assert '"The **bold** claim is here"' in r.err
    assert normalized(ws, sid)[s:e] == "The **bold** claim is here"


def test_inexact_whitespace_level_keeps_the_contract_name(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "No other   partner\nscheme", cwd=ws)
    assert r.rc == 1 and "whitespace-normalized  (1 match)" in r.err


def test_inexact_typography(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, 'It\'s a "quote" - yes', cwd=ws)
    assert r.rc == 1 and "typography-folded" in r.err


def test_nomatch_offers_anchors_from_the_index(ws):
    sid, = indexed(ws, DOC)
    r = sb("find", sid, "partner scheme closed yesterday", cwd=ws)
    assert r.rc == 1
    assert r.err.startswith(f"E-FIND-NOMATCH  {sid}")
    assert f"nearest: {sid}#c0000" in r.err


def test_nomatch_without_index_suggests_search(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "zeppelin", cwd=ws)
    assert r.rc == 1 and "E-FIND-NOMATCH" in r.err and "sb search" in r.err


def test_find_errors(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "   ", cwd=ws)
    assert r.rc == 1 and "E-FIND  (empty)" in r.err
    r = sb("find", sid, cwd=ws)
    assert r.rc == 1 and "E-FIND  (empty)" in r.err
    import os
    os.remove(ws / "sources" / sid / "normalized.md")
    r = sb("find", sid, "card", cwd=ws)
    assert r.rc == 1 and f"E-FIND  {sid}" in r.err
    r = sb("find", "src_000000000000", "card", cwd=ws)
    assert r.rc == 1 and "E-SOURCE-UNKNOWN" in r.err
    r = sb("find", "notanid", "card", cwd=ws)
    assert r.rc == 1 and "E-USAGE" in r.err


def test_find_without_source_searches_every_source(ws):
    a = add_text(ws, DOC)
    b = add_text(ws, "Another text. The card, again.\n")
    r = sb("find", "The card", cwd=ws)
    assert r.rc == 0
    starts = [line.split("  ")[0] for line in r.out.splitlines() if line.startswith("src_")]
    assert starts == sorted([a, b])
    r = sb("find", "the BOLD claim", cwd=ws)
    assert r.rc == 1 and f"E-FIND-INEXACT  {a}" in r.err
    r = sb("find", "zeppelin", cwd=ws)
    assert r.rc == 1 and "E-FIND-NOMATCH  (all sources)" in r.err


def test_elided_quote_resolves_to_parts(ws):
    sid = add_text(ws, DOC)
    text = normalized(ws, sid)
    r = sb("find", sid, "No other partner scheme [...] at this time.", cwd=ws)
    assert r.rc == 0, r.both
    lines = r.out.splitlines()
    assert len(lines) == 2 and lines[0].endswith("exact  (part 1 of 2)")
    (s1, e1), (s2, e2) = _span(lines[0]), _span(lines[1])
    assert text[s1:e1] == "No other partner scheme" and text[s2:e2] == "at this time."
    j = json.loads(sb("find", sid, "No other partner scheme [\u2026] at this time.", "--json", cwd=ws).out)
    assert j["exact"] and j["matches"][0]["parts"] == [{"start": s1, "end": e1}, {"start": s2, "end": e2}]


def test_elided_errors(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "at this time. [...] No other partner", cwd=ws)
    assert r.rc == 1 and f"E-FIND-GAP  {sid}" in r.err
    r = sb("find", sid, "card, [...] card", cwd=ws)
    assert r.rc == 1 and f"E-FIND-AMBIGUOUS  {sid}" in r.err and "2 places" in r.err
    r = sb("find", sid, "No other [...] zeppelin", cwd=ws)
    assert r.rc == 1 and f"E-FIND-NOMATCH  {sid}" in r.err and "part 2 of 2" in r.err


def test_find_json_inexact_and_nomatch(ws):
    sid = add_text(ws, DOC)
    r = sb("find", sid, "the bold claim", "--json", cwd=ws)
    j = json.loads(r.out)
    assert r.rc == 1 and j["exact"] is False and j["error"] == "E-FIND-INEXACT"
    m = j["matches"][0]
    assert normalized(ws, sid)[m["start"]:m["end"]] == m["text"]
    r = sb("find", sid, "zeppelin", "--json", cwd=ws)
    assert r.rc == 1 and json.loads(r.out)["error"] == "E-FIND-NOMATCH"


def test_quote_errors(ws):
    sid = add_text(ws, DOC)
    n = len(normalized(ws, sid))
    for args in ((sid, 5, 5), (sid, -1, 3), (sid, 0, n + 1)):
        r = sb("quote", *args, cwd=ws)
        assert r.rc == 1 and "E-QUOTE" in r.err, (args, r.both)
    # an unknown source is the code `sb find` gives for the same situation
    for args in (("src_000000000000", 0, 1), ("bogus", 0, 1)):
        r = sb("quote", *args, cwd=ws)
        assert r.rc == 1 and r.err.startswith("E-SOURCE-UNKNOWN"), (args, r.both)
        assert sb("find", "src_000000000000", "x", cwd=ws).err.startswith("E-SOURCE-UNKNOWN")
    assert sb("quote", sid, 0, n, cwd=ws).out == normalized(ws, sid)


def test_offsets_are_code_points(ws):
    # é precomposed, m + combining tilde (no precomposed form: 2 code points), an astral emoji,
    # CJK, then an ASCII word whose offset counts each of those as code points.
    text = "Caf\u00e9 m\u0303a \U0001F600 smile; \u6771\u4eac\u30bf\u30ef\u30fc tower; world.\n"
    sid = add_text(ws, text)
    norm = normalized(ws, sid)
    assert norm == text
    for needle in ("Caf\u00e9", "m\u0303a", "\U0001F600 smile", "\u6771\u4eac\u30bf\u30ef\u30fc", "world"):
        r = sb("find", sid, needle, cwd=ws)
        assert r.rc == 0, r.both
        s, e = _span(r.out)
        assert (s, e) == (text.index(needle), text.index(needle) + len(needle))
        assert sb("quote", sid, s, e, cwd=ws).out == needle + "\n"
    s, e = _span(sb("find", sid, "m\u0303a", cwd=ws).out)
    assert (s, e) == (5, 8)  # m, U+0303, a
    s, e = _span(sb("find", sid, "world", cwd=ws).out)
    assert s == 31  # bytes would say 46, UTF-16 units 32
    assert len(text[:s].encode("utf-8")) == 46 and len(text[:s].encode("utf-16-le")) // 2 == 32


def test_find_in_every_source_caps_the_listing(ws):
    for i in range(22):
        add_text(ws, f"Source number {i} mentions the ferry.\n")
    r = sb("find", "the ferry", cwd=ws)
    assert r.rc == 0
    assert len([line for line in r.out.splitlines() if line.startswith("src_")]) == 20
    assert r.out.splitlines()[-1] == "  ... and 2 more source(s) (--all lists every one)"
    assert len(sb("find", "the ferry", "--all", cwd=ws).out.splitlines()) == 22


def test_nearest_passages_name_each_document_once(ws):
    # three passages of one document outrank everything else: the hints name it once (with its
    # copy as "also in"), then the next documents, instead of three passages of one
    assert sb("config", "set", "config.chunk_target=300", cwd=ws).rc == 0
    assert sb("config", "set", "config.chunk_overlap=40", cwd=ws).rc == 0
    filler = " ".join(f"Unrelated filler sentence number {n} about weather and gardens." for n in range(12))
    long = "\n\n".join(f"The harbour ferry pass covers route W{n} and the harbour ferry pass is sold at kiosk {n}. "
                       + filler for n in range(1, 4))
    a, b, c = indexed(ws, "# Passes\n\n" + long + "\n",
                      "# Other\n\nA ferry timetable for the harbour lists route W9 departures.\n",
                      "# Third\n\nThe pass office sells kiosk tickets for route W8.\n")
    (ws / "copy.md").write_text((ws / "sources" / a / "normalized.md").read_text())
    r = sb("add", "copy.md", "--tier", "B", "--reason", "r", cwd=ws)
    assert r.rc == 0 and "W-SOURCE-COPY" in r.err, r.both
    copy = r.out.split()[1]
    for cmd in ("extract", "chunk", "index"):
        assert sb(cmd, cwd=ws).rc == 0
    r = sb("find", "The harbour ferry pass covers route W7 at every kiosk on the pier", "--json", cwd=ws)
    assert r.rc == 1
    anchors = json.loads(r.out)["anchors"]
    named = [x["source_id"] for x in anchors]
    assert len(anchors) == 3 and len(set(named)) == 3, anchors
    docs = [{x["source_id"]} | {y["source_id"] for y in x.get("also_in", [])} for x in anchors]
    assert {a, copy} in docs and {b} in docs and {c} in docs, anchors
    # one source named: its three best passages
    r = sb("find", a, "The harbour ferry pass covers route W7 at every kiosk on the pier", "--json", cwd=ws)
    anchors = json.loads(r.out)["anchors"]
    assert len(anchors) == 3 and {x["source_id"] for x in anchors} == {a}
    assert len({x["chunk_id"] for x in anchors}) == 3


def test_nearest_ranks_only_as_far_as_the_hints_need_with_a_full_sums_answer(ws, monkeypatch):
    # hundreds of chunks hold the paste's words, many tied, many in copies of one document: the
    # hints taken from the best chunks ranked a batch at a time are those of every chunk scored
    import random

    from sourcebook.domain.index import search as S
    from sourcebook.domain.workspace.layout import Workspace

    assert sb("config", "set", "config.chunk_target=200", cwd=ws).rc == 0
    assert sb("config", "set", "config.chunk_overlap=20", cwd=ws).rc == 0
    rng = random.Random(11)
    words = "harbour ferry pass route kiosk pier ticket tide lantern canal lock hinge".split()
    names = []
    for n in range(24):
        paras = [" ".join(rng.choice(words) for _ in range(rng.randrange(4, 30))).capitalize() + "."
                 for _ in range(16)]
        body = f"# Notes {n}\n\n" + "\n\n".join(paras) + "\n"
        for copy in range(3 if n % 4 == 0 else 1):  # copies: one document, named once
            name = f"n{n}-{copy}.md"
            (ws / name).write_text(body)
            names.append(name)
    assert sb("add", *names, "--tier", "B", "--reason", "r", cwd=ws).rc == 0
    for cmd in ("extract", "chunk", "index"):
        assert sb(cmd, cwd=ws).rc == 0
    w = Workspace(str(ws))

    def every_chunk(idx, ts, want):
        scores: dict[int, float] = {}
        for t in ts:
            S._accumulate(idx, scores, t)
        return sorted(scores.items(), key=lambda kv: -kv[1]), True

    pastes = ("harbour ferry lantern", "the tide at the canal lock", "pier", "ticket kiosk hinge pass route")
    for paste in pastes:
        for k in (1, 3, 12, 40):
            got = [h.to_json() for h in S.nearest(w, paste, k)]
            with monkeypatch.context() as m:
                m.setattr(S, "_best_first", every_chunk)
                want = [h.to_json() for h in S.nearest(w, paste, k)]
            assert got == want and len(got) == min(k, 24), (paste, k)
    assert [h.to_json() for h in S.nearest(w, "harbour", 3, prefix=S.nearest(w, "harbour", 1)[0].source_id)]
