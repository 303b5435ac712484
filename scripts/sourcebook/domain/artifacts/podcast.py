"""The podcast script in a workspace: its checks (the podcast gate), the TTS plan, the transcript."""

from __future__ import annotations

import os
from collections.abc import Callable

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.schema import check
from ...engines.render.mdtext import evidence_md
from ...engines.render.podcast import (
    backing,
    concat_manifest,
    figure_findings,
    line_findings,
    speaker_findings,
    transcript_md,
    tts_plan,
)
from ..ledger.claims import _split
from ..ledger.ledger_view import LedgerView, ledger_view
from ..sources.store import text_heads
from ..workspace.layout import Workspace

SCRIPT = "build/podcast.script.json"
PLAN = "build/podcast.ttsplan.json"
TRANSCRIPT = "build/podcast.md"


def script_path(ws: Workspace) -> str:
    return ws.build_path("podcast.script.json")


def parse_script(data: object, subject: str = SCRIPT) -> tuple[dict | None, list[Finding]]:
    """The script and its schema findings; None when it cannot be used at all."""
    problems = check(data, "podcast", subject)
    findings = [Finding(*_split(p)) for p in problems]
    return (data if isinstance(data, dict) and not findings else None), findings


def read_script(ws: Workspace) -> tuple[dict | None, list[Finding]]:
    path = script_path(ws)
    if not os.path.isfile(path):
        return None, [Finding("E-PODCAST-MISSING", SCRIPT, "no podcast script; write it and run "
                                                         "`sb render podcast --from script.json`")]
    return parse_script(jsonio.read_json(path, SCRIPT))


FIGURE_CODES = ("E-POD-TRANSITION", "E-POD-DIRECTION", "E-POD-VOICE", "E-POD-FIGURE", "E-PAGE-HEDGE-DROPPED", "E-PAGE-NEGATION-ADDED", "E-PAGE-WORD-UNBACKED")


def script_findings(script: dict, claims: dict, *, figures: bool = True,
                    voices: dict | None = None, sources: dict | None = None,
                    text_of: Callable[[str], str | None] | None = None) -> list[Finding]:
    """Every line's speaker and citations, each speaker's name against the ``sources``' publishers
    and authors, and (``figures``) its figures: a transition states none, any other line only
    those of the claims it cites; ``voices``: the TTS plan's. A speaker a line names ("by the
    operator's own count") is judged by the sources' records, as on a page (``text_of``: a
    source's text, where a document's own name is read)."""
    spoken_by = None
    if sources:
        from ..ledger.provenance import claims_spoken_by

        spoken_by = claims_spoken_by(claims, text_of or (lambda _sid: None), sources.get, lambda: sources)
    return (line_findings(script, claims) + speaker_findings(script, sources or {}) + clause_findings(script, claims)
            + digit_findings(script) + (figure_findings(script, claims, voices, spoken_by) if figures else []))


def digit_findings(script: dict) -> list[Finding]:
    """A line (of any kind) writing a digit of a script its text is not written in: read by its
    value, seen (and spoken) as another glyph (E-PAGE-DIGIT-SCRIPT, as on a page)."""
    from ...engines.text.figure_text import digit_named, foreign_digit

    out: list[Finding] = []
    for line in script.get("lines", []):
        odd = foreign_digit(str(line.get("text") or ""))
        if odd:
            out.append(Finding("E-PAGE-DIGIT-SCRIPT", f"line {line.get('n')}",
                               f"writes the digit {digit_named(odd)} in text not written in that digit's script: "
                               "the figure is read by its value while a reader sees another glyph; write the "
                               "figure in the line's own digits"))
    return out


def clause_findings(script: dict, claims: dict) -> list[Finding]:
    """A spoken line's claims stand at its end, as a citation after a page's sentence does: a
    sentence of a line that joins clauses ("...; the crews let pass holders ride anyway") passes
    when its claims say every clause (``preflags.clause_said``), or the sentence is word for word
    theirs, as the page gate's clause rule reads a cited sentence (E-PAGE-CLAUSE-UNCITED)."""
    from ...engines.page.prose import clauses, uncited_after
    from ...engines.text.figures import find_figures
    from ...engines.text.sentences import is_short_label, split_sentences
    from ..review.preflags import clause_said, content_words, missing_words

    def words(clause: str) -> str:  # a figure, spelled out as a voice says it, is the figure rule's to judge
        for f in reversed(find_figures(clause)):
            clause = clause[:f.start] + " " + clause[f.end:] if f.kind != "ident" else clause
        return clause

    out: list[Finding] = []
    for line in script.get("lines", []):
        ids = [c for c in line.get("claims") or [] if isinstance(c, str) and c in claims]
        said = [t for c in dict.fromkeys(ids) for t in backing(claims[c])]
        if line.get("kind") == "transition" or not said:
            continue  # a link states nothing; an inference's own words bound a line citing only it
        folded = [" ".join(t.split()) for t in said]
        for sentence in split_sentences(str(line.get("text") or "")):
            text = " ".join(sentence.text.split())
            core = text.rstrip(".!?\u3002\uff01\uff1f ")
            first = uncited_after(text, 0, [len(text)])  # "" for a sentence of one clause
            if not first or is_short_label(first) or any(core and core in t for t in folded):
                continue
            unsaid = next((c for c in clauses(text) if content_words(words(c)) and not clause_said(words(c), said)), None)
            if unsaid is None:
                continue
            unsaid = unsaid.rstrip(".!?\u3002\uff01\uff1f ")
            lack = list(dict.fromkeys(missing_words(words(unsaid), said)[0]))[:4]
            lacking = f" (they and their quotes lack {', '.join(repr(w) for w in lack)})" if lack else ""
            out.append(Finding("E-PAGE-CLAUSE-UNCITED", f"line {line.get('n')}",
                               f"joins clauses, and the claims it cites ({', '.join(dict.fromkeys(ids))}) do not say "
                               f"\"{unsaid}\"{lacking}: a line's claims back every clause of it only if they say "
                               "them all; cut that clause, or give it a line of its own that cites its claim"))
            break
    return out


def planned_voices(ws: Workspace) -> dict:
    """The voices the written TTS plan was made with ({} when there is none or it cannot be read)."""
    path = ws.build_path("podcast.ttsplan.json")
    if not os.path.isfile(path):
        return {}
    try:
        plan = jsonio.read_json(path, PLAN)
    except SbError:
        return {}  # the derived gate names an unreadable plan
    given = plan.get("voices") if isinstance(plan, dict) else None
    return {k: v for k, v in given.items() if isinstance(v, dict)} if isinstance(given, dict) else {}


def check_podcast(ws: Workspace, *, figures: bool = True) -> tuple[list[Finding], str]:
    """The podcast gate: the script exists, validates, every factual line cites live claims, and
    (unless the caller knows these very inputs passed) every figure is backed by them."""
    script, findings = read_script(ws)
    if script is None:
        return findings, "no usable podcast script"
    view = ledger_view(ws)
    findings = script_findings(script, view.by_id, figures=figures, voices=planned_voices(ws) if figures else None,
                               sources=view.sources, text_of=text_heads(ws))
    return findings, f"{len(script['lines'])} lines, citation track intact"


def load_voices(path: str) -> dict:
    data = jsonio.read_json(path, os.path.basename(path))
    if not isinstance(data, dict):
        raise SbError("E-TTS", path, "a voices file maps speaker names to {\"hint\": ..., \"voice_id\": ...}")
    return {k: (v if isinstance(v, dict) else {"voice_id": v if isinstance(v, str) else None}) for k, v in data.items()}


def write_tts_plan(ws: Workspace, voices_path: str | None) -> tuple[str, int]:
    """Write the TTS plan and concat.txt; return (plan path, segment count)."""
    script, findings = read_script(ws)
    if script is None:
        if findings and findings[0].code == "E-PODCAST-MISSING":
            raise SbError("E-TTS", SCRIPT, "no podcast script to plan; write build/podcast.script.json first", 2)
        raise SbError("E-SCHEMA", findings[0].subject, findings[0].message + "; fix the script", 2,
                      findings=findings[1:])
    voices = load_voices(voices_path) if voices_path else None
    if voices:  # a voice reads its hint: it carries no figure the script's claims do not state
        bad = [f for f in figure_findings(script, ledger_view(ws).by_id, voices) if f.subject.startswith("voice ")]
        if bad:
            raise SbError(bad[0].code, f"{voices_path}: {bad[0].subject}", bad[0].message + "; nothing was written",
                          findings=bad[1:])
    plan = tts_plan(script, voices)
    problems = check(plan, "ttsplan", PLAN)
    if problems:
        first = problems[0].split("  ", 2) + ["", ""]
        raise SbError("E-SCHEMA", first[1], first[2], 2)
    with ws.lock():
        jsonio.write_json(ws.build_path("podcast.ttsplan.json"), plan)
        jsonio.atomic_write_text(ws.build_path("audio", "concat.txt"), concat_manifest(plan))
    return PLAN, len(plan["segments"])


def citation_lines(view: LedgerView, ids: list[str]) -> dict[str, list[str]]:
    return {cid: [evidence_md(ev, view.source(str(ev.get("source_id"))), view.shown)
                  for ev in view.by_id[cid].get("evidence") or []]
            for cid in ids if cid in view.by_id}


def transcript_of(view: LedgerView, script: dict) -> str:
    """The transcript with its citation track, as ``build/podcast.md`` holds it (a script that
    passed its schema)."""
    ids = sorted({cid for line in script["lines"] for cid in line.get("claims", [])})
    return transcript_md(script, view.by_id, view.ordinals, citation_lines(view, ids))


def write_transcript(ws: Workspace, script: dict) -> str:
    """Write ``build/podcast.md``: the transcript with its citation track."""
    jsonio.atomic_write_text(ws.build_path("podcast.md"), transcript_of(ledger_view(ws), script))
    return TRANSCRIPT


def render_podcast(ws: Workspace, source: str | None, shown: str) -> list[str]:
    """Check a script and write it with its transcript; refuse (exit 1) with every finding."""
    path = source or script_path(ws)
    if not os.path.isfile(path):
        raise SbError("E-DRAFT", shown, "no podcast script; write one (see docs/artifacts.md) and pass --from")
    script, findings = parse_script(jsonio.read_json(path, shown), shown)
    if script is not None:
        view = ledger_view(ws)
        findings = script_findings(script, view.by_id, sources=view.sources, text_of=text_heads(ws))
    if findings:
        first = findings[0]
        raise SbError(first.code, first.subject, first.message + "; nothing was written", 1, findings=findings[1:])
    assert script is not None
    with ws.lock():
        jsonio.write_json(script_path(ws), script)
        written = [SCRIPT, write_transcript(ws, script)]
    return written
