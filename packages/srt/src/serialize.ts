// serializeSrt: cues → SRT text with one kind of line ending, cues renumbered from 1, and canonical timecodes.
import { normalizeCueText } from './text.ts';
import { formatTimecode } from './timecode.ts';
import type { Cue } from './types.ts';

export interface SerializeOptions {
  /** Line ending; CRLF by default, as SubRip wrote it and as most subtitle editors still do. */
  eol?: '\r\n' | '\n';
}

/**
 * Writes cues as SRT. Text is written as parseSrt reads it back (see normalizeCueText), so
 * `parseSrt(serializeSrt(cues)).cues` equals `cues` for cues numbered from 1 in that form.
 * Throws a TimecodeError for a time that is negative or not a whole number of milliseconds.
 */
export function serializeSrt(cues: readonly Cue[], options: SerializeOptions = {}): string {
  const eol = options.eol ?? '\r\n';
  const crlf = eol === '\r\n';
  let out = '';
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    let text = normalizeCueText(cue.text);
    if (crlf && text.includes('\n')) text = text.replaceAll('\n', '\r\n');
    let timing = formatTimecode(cue.startMs) + ' --> ' + formatTimecode(cue.endMs);
    const position = cue.position;
    if (position) timing += ` X1:${position.x1} X2:${position.x2} Y1:${position.y1} Y2:${position.y2}`;
    out += i + 1 + eol + timing + eol + text + eol + eol;
  }
  return out;
}
