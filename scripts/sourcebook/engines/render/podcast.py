"""The podcast: line checks, the TTS plan and the Markdown transcript (CONTRACT 3.7, 10.2). Pure."""

from __future__ import annotations

from collections.abc import Mapping

from ...base.errors import Finding
from .mdtext import md_escape

AUDIO_DIR = "build/audio"
CONCAT = f"{AUDIO_DIR}/concat.txt"
EPISODE = f"{AUDIO_DIR}/episode.wav"
PAUSE_SEGMENT, PAUSE_SPEAKER, PAUSE_SENTENCE = 600, 320, 180


def line_findings(script: Mapping, claims: Mapping[str, Mapping]) -> list[Finding]:
    """Speakers declared; factual lines cite claims that exist, are active and are not inference."""
    declared = {s.get("name") for s in script.get("speakers", []) if isinstance(s, Mapping)}
    out: list[Finding] = []
    for line in script.get("lines", []):
        subject = f"line {line.get('n')}"
        if line.get("speaker") not in declared:
            out.append(Finding("E-POD-SPEAKER", subject, f"speaker {line.get('speaker')!r} is not in speakers; declare it"))
        ids = line.get("claims") or []
        for cid in ids:
            claim = claims.get(cid)
            if claim is None:
                out.append(Finding("E-POD-CLAIM-UNKNOWN", subject, f"{cid} is not in the ledger; cite a claim from `sb claim list`"))
            elif claim.get("status", "active") != "active":
                out.append(Finding("E-POD-CLAIM-STALE", subject,
                                   f"{cid} is {claim.get('status')}; cite the claim that replaced it"
                                   + (f" ({claim.get('superseded_by')})" if claim.get("superseded_by") else "")))
        if line.get("kind") == "factual":
            citable = [c for c in ids if claims.get(c, {}).get("status", "active") == "active"
                       and claims.get(c, {}).get("confidence") not in (None, "inferred")]
            if not ids:
                out.append(Finding("E-POD-UNCITED", subject, "a factual line needs the ids of the claims it states; "
                                                             "or make it opinion, banter or transition"))
            elif not citable and all(c in claims for c in ids):
                out.append(Finding("E-POD-UNCITED", subject, "a factual line cites only inferred claims; "
                                                             "cite a sourced claim or make it opinion"))
    return out


def _ends_sentence(text: str) -> bool:
    t = text.rstrip()
    if t.endswith('"'):
        t = t[:-1]
    return t.endswith((".", "!", "?"))


def pause_after(lines: list[Mapping], i: int) -> int:
    """Deterministic pause after line i: segment change 600, speaker change 320, sentence end 180."""
    line = lines[i]
    if i == len(lines) - 1 or lines[i + 1].get("segment") != line.get("segment"):
        return PAUSE_SEGMENT
    if lines[i + 1].get("speaker") != line.get("speaker"):
        return PAUSE_SPEAKER
    return PAUSE_SENTENCE if _ends_sentence(str(line.get("text", ""))) else 0


def tts_plan(script: Mapping, voices: Mapping[str, Mapping] | None = None) -> dict:
    """A provider-agnostic plan: one segment per line, in line order, with its pause."""
    voices = voices or {}
    lines = sorted(script["lines"], key=lambda ln: ln["n"])
    voice_map = {}
    for sp in script["speakers"]:
        given = voices.get(sp["name"]) or {}
        voice_map[sp["name"]] = {"hint": str(given.get("hint") or sp.get("voice_hint") or ""),
                                 "voice_id": given.get("voice_id") if isinstance(given.get("voice_id"), str) else None}
    segments = []
    for i, line in enumerate(lines):
        sid = f"s{line['n']:04d}"
        segments.append({"id": sid, "n": line["n"], "speaker": line["speaker"], "text": line["text"],
                         "kind": line["kind"], "segment": line.get("segment"), "claims": list(line.get("claims", [])),
                         "pause_after_ms": pause_after(lines, i), "out": f"{AUDIO_DIR}/{sid}.wav"})
    return {"schema_version": 1, "episode": script["episode"], "output_dir": AUDIO_DIR, "sample_rate": 24000,
            "format": "wav", "voices": voice_map, "segments": segments, "concat": {"manifest": CONCAT, "out": EPISODE}}


def concat_manifest(plan: Mapping) -> str:
    """ffmpeg's concat-demuxer list: ``file '<id>.wav'`` per segment, paths relative to the list."""
    return "".join(f"file '{seg['id']}.wav'\n" for seg in plan["segments"])


def transcript_md(script: Mapping, claims: Mapping[str, Mapping], ordinals: Mapping[str, int],
                  citation_lines: Mapping[str, list[str]]) -> str:
    """The transcript as Markdown with its citation track: ordinals per line, then each claim's sources."""
    out = [f"# {md_escape(script['episode'])}", ""]
    outline = script.get("outline") or []
    if outline:
        out += ["## Outline", ""]
        for i, part in enumerate(outline, 1):
            out.append(f"{i}. **{md_escape(part['name'])}** ({part['size']}): {md_escape(part['description'])}")
        out.append("")
    out += ["## Transcript", ""]
    cited: list[str] = []
    for line in sorted(script["lines"], key=lambda ln: ln["n"]):
        refs = []
        for cid in line.get("claims", []):
            if cid in ordinals:
                refs.append(f"[{ordinals[cid]}]")
                if cid not in cited:
                    cited.append(cid)
        tail = "".join(refs)
        out.append(f"{line['n']}. **{md_escape(line['speaker'])}** _{line['kind']}_: {md_escape(line['text'])}{tail}")
    out += ["", "## Citation track", ""]
    if not cited:
        out.append("No line cites a claim.")
    for cid in sorted(cited, key=lambda c: ordinals[c]):
        claim = claims[cid]
        out.append(f"- [{ordinals[cid]}] {md_escape(str(claim.get('text', '')))} ({cid})")
        out.extend(f"  - {src}" for src in citation_lines.get(cid, []))
    return "\n".join(out).rstrip("\n") + "\n"
