// WebVTT out of the cue model: `<v Speaker>` for the speaker, `<i> <b> <u>` for styles, `line:0` for top cues.
// (@dubkit/srt's toWebVtt converts SRT markup; this writer starts from the model, which knows speakers.)
import { formatVttTimestamp } from '@dubkit/srt';
import { escapeVtt, escapeVttAnnotation } from './escape.ts';
import type { Subtitles } from './model.ts';
import { writtenLines } from './model.ts';
import { tagged } from './styled-text.ts';

/** Writes the cues as WebVTT, numbered from 1. WebVTT has no standard place for the language; it is not written. */
export function writeVtt(subtitles: Subtitles): string {
  const parts: string[] = ['WEBVTT\n'];
  const { cues } = subtitles;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    let text = cue.speaker === undefined ? '' : `<v ${escapeVttAnnotation(cue.speaker)}>`;
    const lines = writtenLines(cue);
    for (let l = 0; l < lines.length; l++) {
      if (l > 0) text += '\n';
      for (const part of lines[l]!) text += tagged(part, escapeVtt(part.text));
    }
    if (cue.speaker !== undefined) text += '</v>';
    const settings = cue.position === 'top' ? ' line:0' : '';
    parts.push(
      `\n${i + 1}\n${formatVttTimestamp(cue.startMs)} --> ${formatVttTimestamp(cue.endMs)}${settings}\n${text}\n`,
    );
  }
  return parts.join('');
}
