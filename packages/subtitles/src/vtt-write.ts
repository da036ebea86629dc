// WebVTT out of the cue model: `<v Speaker>` for the speaker, `<i> <b> <u>` for styles, `line:0` for top cues,
// `line`/`position`/`size`/`align` for an anchor.
// (@dubkit/srt's toWebVtt converts SRT markup; this writer starts from the model, which knows speakers.)
import { formatVttTimestamp } from '@dubkit/srt';
import { escapeVtt, escapeVttAnnotation } from './escape.ts';
import type { CueAnchor, SubtitleCue, Subtitles, WritableSubtitles } from './model.ts';
import { cuesToWrite, writtenLines } from './model.ts';
import { tagged } from './styled-text.ts';

const LINE_ALIGN = { top: 'start', middle: 'center', bottom: 'end' } as const;
const POSITION_ALIGN = { left: 'line-left', center: 'center', right: 'line-right' } as const;

/** The anchor as cue settings: the line at its point (as a percentage, so not snapped to lines), the position. */
function anchorSettings(anchor: CueAnchor): string {
  const size = anchor.width === undefined ? '' : ` size:${anchor.width}%`;
  return ` line:${anchor.y}%,${LINE_ALIGN[anchor.vertical]} position:${anchor.x}%,${POSITION_ALIGN[anchor.horizontal]}${size} align:${anchor.horizontal}`;
}

function settings(cue: SubtitleCue): string {
  if (cue.anchor) return anchorSettings(cue.anchor);
  return cue.position === 'top' ? ' line:0' : '';
}

/**
 * Writes the cues with text as WebVTT, in order of start as the format requires, numbered from 1. WebVTT has no
 * standard place for the language; it is not written. It has no strike-through either: such text is written plain.
 */
export function writeVtt(subtitles: Subtitles): string {
  return vttOfWritable({ ...subtitles, cues: cuesToWrite(subtitles.cues, true) });
}

/** writeVtt of cues already as cuesToWrite gives them (see WritableSubtitles). */
export function vttOfWritable(subtitles: WritableSubtitles): string {
  // One string appended to: V8 keeps it as a rope and flattens it once, which beats per-cue strings joined.
  let out = 'WEBVTT\n';
  const { cues } = subtitles;
  // Each speaker's voice tag, escaped once: a file has a handful of speakers and thousands of cues.
  const voices = new Map<string, string>();
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    out += `\n${i + 1}\n${formatVttTimestamp(cue.startMs)} --> ${formatVttTimestamp(cue.endMs)}${settings(cue)}\n`;
    if (cue.speaker !== undefined) {
      let voice = voices.get(cue.speaker);
      if (voice === undefined) {
        voice = `<v ${escapeVttAnnotation(cue.speaker)}>`;
        voices.set(cue.speaker, voice);
      }
      out += voice;
    }
    const lines = writtenLines(cue);
    for (let l = 0; l < lines.length; l++) {
      if (l > 0) out += '\n';
      const line = lines[l]!;
      for (let s = 0; s < line.length; s++) out += tagged(line[s]!, escapeVtt(line[s]!.text), false);
    }
    out += cue.speaker === undefined ? '\n' : '</v>\n';
  }
  return out;
}
