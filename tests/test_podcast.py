"""The podcast: script checks, the TTS plan, the transcript (CONTRACT 3.7, 10.2; AT-15)."""

from __future__ import annotations

import json

from conftest import sb
from ledger_helpers import claim, ev, make_source, write_claims

from sourcebook.base.ids import claim_id
from sourcebook.domain.workspace.layout import Workspace

TEXT = "The pass works on W1 and W2. Route W3 follows in December.\n"


def _setup(ws):
    sid = make_source(ws, TEXT, name="status")
    stored = write_claims(ws, [
        claim("The pass works on routes W1 and W2.", "pass.routes", confidence="verified",
              evidence=[ev(sid, TEXT, "The pass works on W1 and W2.")]),
        claim("Old wording of the routes claim.", "pass.old", status="superseded",
              superseded_by=claim_id("The pass works on routes W1 and W2."),
              evidence=[ev(sid, TEXT, "Route W3 follows in December.")]),
        claim("Riders will like it.", "pass.mood", confidence="inferred"),
    ])
    return sid, stored


def _script(lines, speakers=("Ana", "Ben")):
    return {"schema_version": 1, "episode": "The water bus pass",
            "speakers": [{"name": s, "voice_hint": f"{s} voice"} for s in speakers],
            "outline": [{"name": "Routes", "description": "Where the pass works", "size": "short"}],
            "lines": lines}


def _write(ws, script):
    (ws / "build" / "podcast.script.json").write_text(json.dumps(script), encoding="utf-8")


def _line(n, speaker, text, kind="banter", claims=(), segment="intro"):
    return {"n": n, "speaker": speaker, "text": text, "kind": kind, "claims": list(claims), "segment": segment}


def test_missing_script(ws):
    from sourcebook.domain.artifacts.podcast import check_podcast

    findings, _ = check_podcast(Workspace(str(ws)))
    assert [f.code for f in findings] == ["E-PODCAST-MISSING"]
    r = sb("tts-plan", cwd=ws)
    assert r.rc == 2 and r.err.startswith("E-TTS  ")


def test_uncited_factual_line_then_fixed(ws):
    from sourcebook.domain.artifacts.podcast import check_podcast

    _, stored = _setup(ws)
    good = claim_id("The pass works on routes W1 and W2.")
    _write(ws, _script([_line(1, "Ana", "Welcome.", "transition"), _line(2, "Ben", "The pass works on two routes.", "factual")]))
    findings, _ = check_podcast(Workspace(str(ws)))
    assert [(f.code, f.subject) for f in findings] == [("E-POD-UNCITED", "line 2")]
    _write(ws, _script([_line(1, "Ana", "Welcome.", "transition"),
                        _line(2, "Ben", "The pass works on two routes.", "factual", [good])]))
    findings, note = check_podcast(Workspace(str(ws)))
    assert findings == [] and note == "2 lines, citation track intact"


def test_speaker_unknown_stale_and_inferred_only(ws):
    from sourcebook.domain.artifacts.podcast import check_podcast

    _setup(ws)
    stale = claim_id("Old wording of the routes claim.")
    thin = claim_id("Riders will like it.")
    _write(ws, _script([_line(1, "Cat", "Hi.", "banter"),
                        _line(2, "Ana", "A fact.", "factual", ["clm_000000000000"]),
                        _line(3, "Ana", "Old fact.", "factual", [stale]),
                        _line(4, "Ben", "A guess stated as fact.", "factual", [thin])]))
    codes = [(f.code, f.subject) for f in check_podcast(Workspace(str(ws)))[0]]
    assert ("E-POD-SPEAKER", "line 1") in codes
    assert ("E-POD-CLAIM-UNKNOWN", "line 2") in codes
    assert ("E-POD-CLAIM-STALE", "line 3") in codes
    assert ("E-POD-UNCITED", "line 4") in codes


def test_schema_problem_is_reported(ws):
    from sourcebook.domain.artifacts.podcast import check_podcast

    _write(ws, {"schema_version": 1, "episode": "Ep", "speakers": [], "lines": []})
    findings, _ = check_podcast(Workspace(str(ws)))
    assert findings and all(f.code == "E-SCHEMA" for f in findings)
    r = sb("tts-plan", cwd=ws)
    assert r.rc == 2 and "E-SCHEMA" in r.err


def test_tts_plan_is_valid_with_deterministic_pauses(ws):
    from sourcebook.manifest import check

    _setup(ws)
    good = claim_id("The pass works on routes W1 and W2.")
    _write(ws, _script([_line(3, "Ana", "So, routes", "transition", segment="body"),
                        _line(1, "Ana", "Welcome.", "transition"),
                        _line(2, "Ben", "It works on two routes.", "factual", [good], segment="body")]))
    (ws / "voices.json").write_text(json.dumps({"Ana": {"hint": "calm", "voice_id": "v1"}}), encoding="utf-8")
    r = sb("tts-plan", "--voices", "voices.json", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.splitlines()[0] == "wrote build/podcast.ttsplan.json  3 segment(s)"
    plan = json.loads((ws / "build" / "podcast.ttsplan.json").read_text(encoding="utf-8"))
    assert check(plan, "ttsplan", "plan") == []
    assert [s["id"] for s in plan["segments"]] == ["s0001", "s0002", "s0003"]
    # 1->2 segment changes (600); 2->3 same segment, speaker changes (320); last line (600)
    assert [s["pause_after_ms"] for s in plan["segments"]] == [600, 320, 600]
    assert plan["voices"] == {"Ana": {"hint": "calm", "voice_id": "v1"}, "Ben": {"hint": "Ben voice", "voice_id": None}}
    assert (ws / "build" / "audio" / "concat.txt").read_text() == "file 's0001.wav'\nfile 's0002.wav'\nfile 's0003.wav'\n"
    assert not (ws / "build" / "audio" / "episode.wav").exists()  # audio is never required
    before = (ws / "build" / "podcast.ttsplan.json").read_bytes()
    sb("tts-plan", "--voices", "voices.json", cwd=ws)
    assert (ws / "build" / "podcast.ttsplan.json").read_bytes() == before


def test_sentence_pause_within_a_speaker():
    from sourcebook.engines.render.podcast import pause_after

    lines = [{"speaker": "A", "text": 'He said "yes."'}, {"speaker": "A", "text": "and then"}, {"speaker": "A", "text": "x"}]
    assert pause_after(lines, 0) == 180
    assert pause_after(lines, 1) == 0


def test_transcript_markdown_with_citation_track(ws):
    from sourcebook.domain.artifacts.podcast import write_transcript

    _setup(ws)
    good = claim_id("The pass works on routes W1 and W2.")
    script = _script([_line(1, "Ana", "Welcome to *the* show.", "transition"),
                      _line(2, "Ben", "It works on two routes.", "factual", [good])])
    write_transcript(Workspace(str(ws)), script)
    md = (ws / "build" / "podcast.md").read_text(encoding="utf-8")
    assert md.startswith("# The water bus pass\n")
    assert "1. **Routes** (short): Where the pass works" in md
    assert "1. **Ana** _transition_: Welcome to \\*the\\* show." in md
    assert "2. **Ben** _factual_: It works on two routes.[1]" in md
    assert "## Citation track" in md
    assert f"- [1] The pass works on routes W1 and W2. ({good})" in md
    assert '"The pass works on W1 and W2."' in md


def test_render_podcast_writes_script_and_transcript(ws):
    _setup(ws)
    good = claim_id("The pass works on routes W1 and W2.")
    (ws / "ep.json").write_text(json.dumps(_script([_line(1, "Ana", "Routes.", "factual", [good])])), encoding="utf-8")
    r = sb("render", "podcast", "--from", "ep.json", cwd=ws)
    assert r.rc == 0, r.both
    assert r.out.splitlines()[:2] == ["wrote build/podcast.script.json", "wrote build/podcast.md"]
    assert (ws / "build" / "podcast.md").read_text(encoding="utf-8").startswith("# The water bus pass")
    (ws / "bad.json").write_text(json.dumps(_script([_line(1, "Zed", "Routes.", "factual")])), encoding="utf-8")
    r = sb("render", "podcast", "--from", "bad.json", cwd=ws)
    assert r.rc == 1 and "E-POD-SPEAKER  line 1" in r.both and "E-POD-UNCITED  line 1" in r.both
    r = sb("render", "podcast", "--from", "missing.json", cwd=ws)
    assert r.rc == 1 and r.err.startswith("E-DRAFT  missing.json")


# ---- figures: a transition states none, any other line only those of the claims it cites -------

FARE_TEXT = "A single fare is 3.40 marks from 1 December 2026.\n\nFares as published on 1 October 2026.\n"


def _fare(ws):
    sid = make_source(ws, FARE_TEXT, name="fares")
    write_claims(ws, [
        claim("A single fare is 3.40 marks.", "fare.single", kind="number", confidence="verified", as_of="2026-10-01",
              evidence=[ev(sid, FARE_TEXT, "A single fare is 3.40 marks from 1 December 2026.")]),
        claim("Riders will pay more.", "fare.mood", confidence="inferred"),
    ])
    return claim_id("A single fare is 3.40 marks."), claim_id("Riders will pay more.")


def _figure_codes(ws, lines, **extra):
    from sourcebook.domain.artifacts.podcast import check_podcast

    script = _script(lines)
    script.update(extra)
    _write(ws, script)
    return [(f.code, f.subject, f.message) for f in check_podcast(Workspace(str(ws)))[0]]


def test_a_transition_carries_no_figure_date_or_quotation(ws):
    fare, _ = _fare(ws)
    assert _figure_codes(ws, [_line(1, "Ana", "Now, the fares.", "transition")]) == []
    for text, shown in (("Now, 3.40 marks for a ride.", '"3.40 marks"'), ("On to December 2026.", '"December 2026"'),
                        ('As the minutes put it, "no scheme is live".', '"no scheme is live"'),
                        ("Next: «la suite».", "«la suite»"), ("次は「運賃」です。", "「運賃」")):
        [(code, subject, message)] = _figure_codes(ws, [_line(1, "Ana", text, "transition", [fare])])
        assert (code, subject) == ("E-POD-TRANSITION", "line 1") and shown in message, text


def test_a_factual_line_states_only_what_its_claims_state(ws):
    fare, guess = _fare(ws)
    ok = [_line(1, "Ben", "A single fare costs 3.40 marks.", "factual", [fare]),
          _line(2, "Ben", "That holds from December 1, 2026.", "factual", [fare]),  # the quote's date, written otherwise
          _line(3, "Ana", "As of 1 October 2026, anyway.", "opinion", [fare]),  # the claim's as-of date
          _line(4, "Ana", "The two of us rode W3 and agree.", "banter")]  # a route's name, "the two of us"
    assert _figure_codes(ws, ok) == []
    found = _figure_codes(ws, [_line(1, "Ben", "A single fare costs 2.40 marks.", "factual", [fare]),
                               _line(2, "Ben", "It rises to 4 marks in 2027.", "opinion", [guess]),
                               _line(3, "Ana", "Ridership passed 40,000.", "banter"),
                               _line(4, "Ben", "Fares changed on 01.11.2026.", "factual", [fare]),
                               _line(5, "Ana", "Three riders told us so.", "banter")])  # a count in words
    assert [(c, s) for c, s, _ in found] == [("E-POD-FIGURE", "line 1"), ("E-POD-FIGURE", "line 2"),
                                             ("E-POD-FIGURE", "line 3"), ("E-POD-FIGURE", "line 4"),
                                             ("E-POD-FIGURE", "line 5")]
    assert '"Three"' in found[4][2]
    assert '"2.40 marks" occurs in none of the claims it cites' in found[0][2]
    assert "the claims it cites back no figure" in found[1][2]  # an inferred claim backs no figure
    assert '"40,000"' in found[2][2] and "it cites no claim" in found[2][2]
    assert '"01.11.2026" could be read day-first or month-first' in found[3][2]


def test_episode_title_and_outline_figures(ws):
    fare, _ = _fare(ws)
    lines = [_line(1, "Ben", "A single fare costs 3.40 marks.", "factual", [fare])]
    assert _figure_codes(ws, lines, episode="Fares from December 2026") == []
    found = _figure_codes(ws, lines, episode="Fares in 2031",
                          outline=[{"name": "Fares", "description": "Up 12% since May", "size": "short"}])
    assert [(c, s) for c, s, _ in found] == [("E-POD-FIGURE", "episode"), ("E-POD-FIGURE", "outline 1")]
    assert "the claims the script cites" in found[0][2]


def test_render_podcast_refuses_an_unbacked_figure(ws):
    fare, _ = _fare(ws)
    (ws / "ep.json").write_text(json.dumps(_script([_line(1, "Ana", "It costs 9 marks.", "factual", [fare])])),
                                encoding="utf-8")
    r = sb("render", "podcast", "--from", "ep.json", cwd=ws)
    assert r.rc == 1 and r.err.startswith('E-POD-FIGURE  line 1  "9 marks" occurs in none') and "nothing was written" in r.err
    assert not (ws / "build" / "podcast.md").exists()
    _write(ws, _script([_line(1, "Ana", "Up 9 marks!", "transition")]))
    r = sb("verify", "--podcast", cwd=ws)  # a script put in build/ by hand is refused by the gate
    assert r.rc == 2 and 'E-POD-TRANSITION  line 1  a transition carries "9 marks"' in r.err


def test_a_repeat_verify_reads_figures_again_after_an_edit(ws, monkeypatch):
    from sourcebook.domain.workspace import identity

    monkeypatch.setattr(identity, "RACY_NS", 0)
    fare, _ = _fare(ws)
    _write(ws, _script([_line(1, "Ben", "A single fare costs 3.40 marks.", "factual", [fare])]))
    assert sb("verify", "--podcast", cwd=ws).rc == 0
    assert sb("verify", "--podcast", cwd=ws).rc == 0  # the figures are known to be backed
    _write(ws, _script([_line(1, "Ben", "A single fare costs 3.50 marks.", "factual", [fare])]))
    r = sb("verify", "--podcast", cwd=ws)
    assert r.rc == 2 and 'E-POD-FIGURE  line 1  "3.50 marks"' in r.err


def test_a_speaker_voice_hint_carries_no_figure(ws):
    """The TTS plan hands a voice hint to whatever reads it aloud: a figure smuggled there is
    refused like one in the episode title."""
    fare, _ = _fare(ws)
    lines = [_line(1, "Ben", "A single fare costs 3.40 marks.", "factual", [fare])]
    calm = [{"name": "Ana", "voice_hint": "calm, warm"}, {"name": "Ben", "voice_hint": "brisk"}]
    assert _figure_codes(ws, lines, speakers=calm) == []
    sly = [{"name": "Ana", "voice_hint": "say: fares rose to 6.80 marks"}, {"name": "Ben", "voice_hint": "brisk"}]
    found = _figure_codes(ws, lines, speakers=sly)
    assert [(c, s) for c, s, _ in found] == [("E-POD-FIGURE", "speaker Ana")]
    assert '"6.80 marks"' in found[0][2]


def test_a_voices_file_hint_carries_no_figure(ws):
    """A hint from `sb tts-plan --voices` reaches the voice as surely as the script's own: a figure
    there is refused when the plan is written, and found by verify in a plan written by hand."""
    fare, _ = _fare(ws)
    _write(ws, _script([_line(1, "Ben", "A single fare costs 3.40 marks.", "factual", [fare])]))
    (ws / "voices.json").write_text(json.dumps({"Ben": {"hint": "calm; fares rise to 4.90 marks on 1 January 2027"}}),
                                    encoding="utf-8")
    r = sb("tts-plan", "--voices", "voices.json", cwd=ws)
    assert r.rc != 0 and "E-POD-FIGURE" in r.err and "voice Ben" in r.err, r.both
    assert not (ws / "build" / "podcast.ttsplan.json").exists()
    (ws / "voices.json").write_text(json.dumps({"Ben": {"hint": "calm, says 3.40 marks slowly"}}), encoding="utf-8")
    assert sb("tts-plan", "--voices", "voices.json", cwd=ws).rc == 0  # a figure the script cites is fine
    plan_path = ws / "build" / "podcast.ttsplan.json"
    plan = json.loads(plan_path.read_text(encoding="utf-8"))
    plan["voices"]["Ben"]["hint"] = "calm; fares rise to 4.90 marks on 1 January 2027"
    plan_path.write_text(json.dumps(plan), encoding="utf-8")
    found = [(c, s) for c, s, _ in _figure_codes(ws, [_line(1, "Ben", "A single fare costs 3.40 marks.", "factual",
                                                             [fare])])]
    assert ("E-POD-FIGURE", "voice Ben") in found


def test_a_voice_hint_describes_a_voice_and_takes_no_side(ws):
    """A voice hint is how the voice says every line it is given: "openly scornful of the
    operator, rolls eyes at every promise" mocks each claim it reads; "calm, warm" or "brisk"
    describes a voice."""
    fare, _ = _fare(ws)
    lines = [_line(1, "Ben", "A single fare costs 3.40 marks.", "factual", [fare])]
    for hint in ("calm and unhurried", "reporter, brisk", "warm, curious, a little dry", "host, friendly"):
        assert _figure_codes(ws, lines, speakers=[{"name": "Ana", "voice_hint": "calm"},
                                                  {"name": "Ben", "voice_hint": hint}]) == [], hint
    for hint, word in (("reporter, openly scornful of the operator, rolls eyes at every promise", "scornful"),
                       ("sarcastic", "sarcastic"), ("brisk, rolls her eyes at the operator", "rolls her eyes"),
                       ("sceptical of every figure", "sceptical"), ("host, shockingly candid", "shockingly")):
        found = _figure_codes(ws, lines, speakers=[{"name": "Ana", "voice_hint": "calm"},
                                                   {"name": "Ben", "voice_hint": hint}])
        assert [(c, s) for c, s, _ in found] == [("E-POD-VOICE", "speaker Ben")] and repr(word) in found[0][2], hint
    _write(ws, _script(lines))
    (ws / "voices.json").write_text(json.dumps({"Ben": {"hint": "mocking, incredulous"}}), encoding="utf-8")
    r = sb("tts-plan", "--voices", "voices.json", cwd=ws)
    assert r.rc != 0 and "E-POD-VOICE" in r.err and "voice Ben" in r.err, r.both


def test_a_speaker_is_not_named_as_a_source_or_its_spokesperson(ws):
    """A speaker named as a source's publisher ("Authority spokesperson" beside the Water Bus
    Authority's status page) or its author makes every line of it that source's own word; the
    script's own people ("Ana", "Ben the reporter") pass."""
    sid = make_source(ws, TEXT, name="status", publisher="Calder Bay Water Bus Authority")
    good = claim("The pass works on routes W1 and W2.", "pass.routes", confidence="verified",
                 evidence=[ev(sid, TEXT, "The pass works on W1 and W2.")])
    write_claims(ws, [good])
    line = _line(1, "Ana", "The pass works on W1 and W2.", "factual", [claim_id(good["text"])])
    for name in ("Authority spokesperson", "Water Bus Authority", "Calder", "Operator spokesman", "Council official"):
        script = _script([dict(line, speaker=name)], speakers=(name, "Ben"))
        found = _figure_codes(ws, script["lines"], speakers=script["speakers"])
        assert ("E-POD-SPEAKER-NAME", f"speaker {name}") in [(c, s) for c, s, _ in found], (name, found)
    for name in ("Ana", "Ben the reporter", "Host"):
        script = _script([dict(line, speaker=name)], speakers=(name, "Ben"))
        assert _figure_codes(ws, script["lines"], speakers=script["speakers"]) == [], name


# ---- the title, the outline and the transitions say nothing the cited claims do not -------------

ROUTES_TEXT = ("The pass is accepted on routes W1 and W2.\n\n"
               "Route W3 will accept the pass from 1 December 2026, once new readers are installed.\n")


def _routes(ws):
    sid = make_source(ws, ROUTES_TEXT, name="routes")
    today = "The pass is accepted on routes W1 and W2."
    plan = "Route W3 is due to accept the pass from 1 December 2026, once new readers are installed."
    write_claims(ws, [
        claim(today, "pass.today", confidence="verified", evidence=[ev(sid, ROUTES_TEXT, today)]),
        claim(plan, "pass.w3", confidence="verified",
              evidence=[ev(sid, ROUTES_TEXT, "Route W3 will accept the pass from 1 December 2026, once new readers "
                                             "are installed.")]),
    ])
    return [_line(1, "Ben", "On W1 and W2 the pass is accepted.", "factual", [claim_id(today)]),
            _line(2, "Ben", "W3 is due to follow on 1 December 2026, once new readers are installed.", "factual",
                  [claim_id(plan)])]


def test_the_episode_title_and_outline_keep_what_the_cited_claims_say(ws):
    lines = _routes(ws)
    for title, code, word in (("The pass now works on the whole water bus", "E-PAGE-WORD-UNBACKED", "'whole'"),
                              ("Now the pass takes you anywhere", "E-PAGE-WORD-UNBACKED", "'anywhere'"),
                              ("The pass works on W3", "E-PAGE-HEDGE-DROPPED", "'due to'")):
        [(c, subject, message)] = _figure_codes(ws, lines, episode=title)
        assert (c, subject) == (code, "episode") and word in message and "whole episode" in message, title
    found = _figure_codes(ws, lines, outline=[{"name": "Every route takes the pass", "description": "W1, W2, W3",
                                               "size": "short"}])
    assert [(c, s) for c, s, _ in found] == [("E-PAGE-WORD-UNBACKED", "outline 1")]
    for honest in ("The Tidewater Pass, route by route", "W3 follows in December", "Where the pass works",
                   "Does the pass work on every route?"):
        assert _figure_codes(ws, lines, episode=honest) == [], honest
    assert _figure_codes(ws, lines, outline=[{"name": "Where the pass works",
                                              "description": "Routes W1 and W2 today, W3 in December",
                                              "size": "medium"}]) == []


def test_an_outline_description_is_read_clause_by_clause(ws):
    """An outline part's description stands over the episode as its name does: a plan told as
    done in one of its clauses is refused, a timetable passes."""
    lines = _routes(ws)
    found = _figure_codes(ws, lines, outline=[{"name": "Where the pass works", "size": "medium",
                                               "description": "W3 in December; the pass works on W1, W2 and W3"}])
    assert [(c, s) for c, s, _ in found] == [("E-PAGE-HEDGE-DROPPED", "outline 1")]
    assert _figure_codes(ws, lines, outline=[{"name": "Where the pass works", "size": "medium",
                                              "description": "W1 and W2 today; W3 in December"}]) == []


def test_a_stage_direction_in_a_spoken_line_is_refused(ws):
    """An aside in brackets is read aloud by a voice or acted by a producer: one its claims do
    not hold ("(said with a heavy, sarcastic sigh)") gives a tone no source gave."""
    lines = _routes(ws)
    for aside in ("(said with a heavy, sarcastic sigh)", "[laughs]", "(sarcastically)"):
        told = [dict(lines[0], text=f"On W1 and W2 the pass is accepted {aside}.")] + lines[1:]
        [(code, subject, message)] = _figure_codes(ws, told)
        assert (code, subject) == ("E-POD-DIRECTION", "line 1") and aside in message, aside
    banter = _line(3, "Ana", "Or take W1 (and enjoy the view).", "banter")
    assert [c for c, _, _ in _figure_codes(ws, lines + [banter])] == ["E-POD-DIRECTION"]
    # an aside the claim holds is the claim's to say
    held = [lines[0], dict(lines[1], text="W3 is due to follow on 1 December 2026 (once new readers are installed).")]
    assert _figure_codes(ws, held) == []
    assert _figure_codes(ws, lines + [_line(3, "Ana", "Or take W1 (or W2).", "banter")]) == []


def test_a_segment_name_is_read_as_an_outline_part(ws):
    """A segment's name reaches the script and the TTS plan as a chapter name: it says no more
    than the cited claims do."""
    lines = _routes(ws)
    told = [dict(ln, segment="w3-live-since-december") for ln in lines]
    found = _figure_codes(ws, told)
    assert [(c, s) for c, s, _ in found] == [("E-PAGE-HEDGE-DROPPED", "segment w3-live-since-december")]
    for honest in ("routes", "w3-from-december", "where_the_pass_works"):
        assert _figure_codes(ws, [dict(ln, segment=honest) for ln in lines]) == [], honest


def test_a_transition_that_takes_a_change_as_so_is_refused(ws):
    lines = _routes(ws)
    for text, word in (("Why is the service so much busier this year?", "'busier this year'"),
                       ("So why did fares go up?", "'go up'"),
                       ("Now: why is it cheaper than before?", "'cheaper than before'")):
        [(code, subject, message)] = _figure_codes(ws, lines + [_line(3, "Ana", text, "transition")])
        assert (code, subject) == ("E-PAGE-WORD-UNBACKED", "line 3") and word in message, text
    for honest in ("Now to the fares.", "How busy is the service?", "Earlier we heard about W3; more on it now.",
                   "More on the fares after this."):
        assert _figure_codes(ws, lines + [_line(3, "Ana", honest, "transition")]) == [], honest


def test_a_transition_telling_a_thing_as_done_states_a_fact(ws):
    """"Good news first: the new W3 readers have arrived" links nothing: it tells what became of
    the readers a claim only plans."""
    _fare(ws)
    for text in ("Good news first: the new W3 readers have arrived.", "The W3 readers are now installed."):
        [(code, subject, message)] = _figure_codes(ws, [_line(1, "Ana", text, "transition")])
        assert (code, subject) == ("E-POD-TRANSITION", "line 1") and "as done" in message, text
    for text in ("Now to the W3 readers.", "Have the W3 readers arrived?"):
        assert _figure_codes(ws, [_line(1, "Ana", text, "transition")]) == [], text


def test_a_line_citing_only_an_inference_adds_no_negation(ws):
    """The inference "Riders will pay more" does not say riders "will never" pay less."""
    _, guess = _fare(ws)
    [(code, subject, message)] = _figure_codes(ws, [_line(1, "Ana", "Riders will pay more, and never less.",
                                                         "opinion", [guess])])
    assert (code, subject) == ("E-PAGE-NEGATION-ADDED", "line 1") and "'never'" in message
    assert _figure_codes(ws, [_line(1, "Ana", "Riders will pay more, I think.", "opinion", [guess])]) == []
