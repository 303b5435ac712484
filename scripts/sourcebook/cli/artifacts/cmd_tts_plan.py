"""sb tts-plan."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Plan the podcast audio from build/podcast.script.json, for any text-to-speech tool.

  sb tts-plan
  sb tts-plan --voices voices.json      {"Ana": {"hint": "warm alto", "voice_id": "v-12"}}

Writes build/podcast.ttsplan.json (one segment per transcript line, in line order, each with its
output file build/audio/sNNNN.wav and a fixed pause: 600 ms at a segment change or the end,
320 ms when the speaker changes, 180 ms after a sentence, else 0) and build/audio/concat.txt for
ffmpeg's concat demuxer. sourcebook makes no audio itself and never requires it:

  ffmpeg -f concat -safe 0 -i build/audio/concat.txt -c copy build/audio/episode.wav"""


def configure(p) -> None:
    p.add_argument("--voices", help="JSON file of voices per speaker (relative to this folder)")


def run(args, ctx) -> int:
    from ...domain.artifacts.podcast import write_tts_plan

    ws = ctx.workspace()
    path, n = write_tts_plan(ws, ctx.path(args.voices) if args.voices else None)
    ctx.out(f"wrote {path}  {n} segment(s)")
    ctx.out("audio: synthesize each segment to its `out` file, then "
            "`ffmpeg -f concat -safe 0 -i build/audio/concat.txt -c copy build/audio/episode.wav`")
    return Exit.OK
