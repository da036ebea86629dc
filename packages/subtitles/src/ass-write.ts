// ASS (Advanced SubStation Alpha, v4.00+) out of the cue model: [Script Info], [V4+ Styles] with a Default style
// and one style per speaker, [Events] with one Dialogue line per cue.
//
// Times are centiseconds, the nearest (half rounds up), without an overlap appearing (see quantize.ts): a cue that
// would round to no length is given one centisecond, and a cue starting within it starts after it. ASS has no
// escapes: `{` and `}` in text are written as their full-width forms (｛ ｝), which players show as text; a `\`
// is written as it is (players show a backslash that starts no `\N`, `\n` or `\h` as text), with an empty
// block `{}` after it where one would; a no-break space as `\h`; commas in a speaker's name (the field
// separator) as a full-width comma. An anchored cue is written as `\an` with `\pos` in the 1920×1080 frame (its
// width, which ASS cannot say, is left out); a top one as `\an8`.
import type { SubtitleCue, Subtitles, WritableSubtitles } from './model.ts';
import { cuesToWrite, writtenLines } from './model.ts';
import { quantize } from './quantize.ts';

const STYLE_FORMAT =
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding';
const STYLE_VALUES =
  'Arial,54,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2.5,1,2,96,96,54,1';
const EVENT_FORMAT = 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text';

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** Centiseconds, the nearest. */
export function centiseconds(ms: number): number {
  return Math.floor((ms + 5) / 10);
}

/** `H:MM:SS.cc` */
export function formatAssTime(cs: number): string {
  const seconds = Math.floor(cs / 100);
  return `${Math.floor(seconds / 3600)}:${PAD2[Math.floor(seconds / 60) % 60]}:${PAD2[seconds % 60]}.${PAD2[cs % 100]}`;
}

/** A name fit for the Style and Name fields: no comma (the separator), no line break, never empty. */
export function assName(name: string): string {
  const clean = name
    .replace(/,/g, '\uff0c')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return clean === '' ? 'Speaker' : clean;
}

function escapeAssText(text: string): string {
  if (!/[{}\u00a0]|\\[Nnh]/.test(text)) return text;
  return text.replace(/[{}\u00a0]|\\(?=[Nnh])/g, (c) =>
    c === '{' ? '\uff5b' : c === '}' ? '\uff5d' : c === '\u00a0' ? '\\h' : '\\{}',
  );
}

const KEYPAD_ROW = { bottom: 0, middle: 3, top: 6 } as const;
const KEYPAD_COLUMN = { left: 1, center: 2, right: 3 } as const;
const pixels = (percent: number, of: number) => Math.round(percent * of) / 100;

/** The override block that places the cue, or '' at the bottom. */
function placement(cue: SubtitleCue): string {
  const { anchor } = cue;
  if (!anchor) return cue.position === 'top' ? '{\\an8}' : '';
  const keypad = KEYPAD_ROW[anchor.vertical] + KEYPAD_COLUMN[anchor.horizontal];
  return `{\\an${keypad}\\pos(${pixels(anchor.x, 1920)},${pixels(anchor.y, 1080)})}`;
}

/** Writes the cues as an ASS script for a 1920×1080 frame. */
export function writeAss(subtitles: Subtitles): string {
  return assOfWritable({ ...subtitles, cues: cuesToWrite(subtitles.cues, false) });
}

/** writeAss of cues already as cuesToWrite gives them (see WritableSubtitles). */
export function assOfWritable(subtitles: WritableSubtitles): string {
  const { cues } = subtitles;
  const styles = new Map<string, string>();
  for (const cue of cues) {
    if (cue.speaker !== undefined && !styles.has(cue.speaker)) styles.set(cue.speaker, assName(cue.speaker));
  }
  const styleNames = new Set(['Default']);
  const parts: string[] = [
    '[Script Info]\n; Written by dubkit\nScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080\nWrapStyle: 0\nScaledBorderAndShadow: yes\n',
    subtitles.lang === undefined ? '' : `Language: ${subtitles.lang.replace(/[\r\n]/g, '')}\n`,
    `\n[V4+ Styles]\n${STYLE_FORMAT}\nStyle: Default,${STYLE_VALUES}\n`,
  ];
  for (const name of styles.values()) {
    if (styleNames.has(name)) continue;
    styleNames.add(name);
    parts.push(`Style: ${name},${STYLE_VALUES}\n`);
  }
  parts.push(`\n[Events]\n${EVENT_FORMAT}\n`);
  // One string appended to: V8 keeps it as a rope and flattens it once, which beats per-cue strings joined.
  let out = parts.join('');
  const times = quantize(cues, centiseconds);
  for (let c = 0; c < cues.length; c++) {
    const cue = cues[c]!;
    const { start, end } = times[c]!;
    const name = cue.speaker === undefined ? '' : styles.get(cue.speaker)!;
    out += `Dialogue: 0,${formatAssTime(start)},${formatAssTime(end)},${name === '' ? 'Default' : name},${name},0,0,0,,${placement(cue)}`;
    let italic = false;
    let bold = false;
    let underline = false;
    let strike = false;
    const lines = writtenLines(cue);
    for (let l = 0; l < lines.length; l++) {
      if (l > 0) out += '\\N';
      for (const part of lines[l]!) {
        let tags = '';
        if ((part.italic === true) !== italic) {
          italic = !italic;
          tags += italic ? '\\i1' : '\\i0';
        }
        if ((part.bold === true) !== bold) {
          bold = !bold;
          tags += bold ? '\\b1' : '\\b0';
        }
        if ((part.underline === true) !== underline) {
          underline = !underline;
          tags += underline ? '\\u1' : '\\u0';
        }
        if ((part.strike === true) !== strike) {
          strike = !strike;
          tags += strike ? '\\s1' : '\\s0';
        }
        out += (tags === '' ? '' : `{${tags}}`) + escapeAssText(part.text);
      }
    }
    out += '\n';
  }
  return out;
}
