// WebVTT out of the cue model: `<v Speaker>` for the speaker, `<i> <b> <u>` for styles, `line:0` for top cues.
// (@dubkit/srt's toWebVtt converts SRT markup; this writer starts from the model, which knows speakers.)
import { formatVttTimestamp } from '@dubkit/srt';
import { escapeVtt, escapeVttAnnotation } from './escape.ts';
import type { Subtitles } from './model.ts';
import { writtenLines } from './model.ts';
import { tagged } from './styled-text.ts';

/** Writes the cues as WebVTT, numbered from 1. WebVTT has no standard place for the language; it is not written. */
export function writeVtt(subtitles: Subtitles): string {
  // One string appended to: V8 keeps it as a rope and flattens it once, which beats per-cue strings joined.
  let out = 'WEBVTT\n';
  const { cues } = subtitles;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    out += `\n${i + 1}\n${formatVttTimestamp(cue.startMs)} --> ${formatVttTimestamp(cue.endMs)}${cue.position === 'top' ? ' line:0\n' : '\n'}`;
    if (cue.speaker !== undefined) out += `<v ${escapeVttAnnotation(cue.speaker)}>`;
    const lines = writtenLines(cue);
    for (let l = 0; l < lines.length; l++) {
      if (l > 0) out += '\n';
      const line = lines[l]!;
      for (let s = 0; s < line.length; s++) out += tagged(line[s]!, escapeVtt(line[s]!.text));
    }
    out += cue.speaker === undefined ? '\n' : '</v>\n';
  }
  return out;
}
