// toWebVtt: cues → a WebVTT file, translating what SRT writes differently (tags, `{\anN}` placement, escapes).
import { normalizeCueText } from './text.ts';
import { formatVttTimestamp } from './timecode.ts';
import type { Cue } from './types.ts';

// `{\...}` override blocks (SSA style), HTML-like tags, and the characters WebVTT reserves.
const MARKUP = /\{\\([^}]*)\}|<(\/?)([a-zA-Z]+)(?:\s[^<>]*)?>|[&<>]/g;
const KEPT_TAGS = new Set(['i', 'b', 'u']);

/** `{\anN}` numbers positions like a keypad: 7–9 top, 4–6 middle, 1–3 bottom; left, centre, right by column. */
function settingsForAlignment(alignment: number): string {
  const settings: string[] = [];
  if (alignment >= 7) settings.push('line:0');
  else if (alignment >= 4) settings.push('line:50%');
  const column = alignment % 3;
  if (column === 1) settings.push('align:start');
  else if (column === 0) settings.push('align:end');
  return settings.join(' ');
}

/** The WebVTT form of one cue's text, and the cue settings its `{\anN}` asked for ('' if none). */
function convertText(text: string): { text: string; settings: string } {
  let settings = '';
  const converted = text.replace(MARKUP, (match, override?: string, slash?: string, tag?: string) => {
    if (override !== undefined) {
      const alignment = /\ban([1-9])\b/.exec(override);
      if (alignment) settings = settingsForAlignment(Number(alignment[1]));
      return '';
    }
    if (tag !== undefined) {
      const name = tag.toLowerCase();
      if (KEPT_TAGS.has(name)) return `<${slash}${name}>`;
      // WebVTT has no <font>; its colour cannot be carried without a stylesheet, the text itself can.
      if (name === 'font') return '';
      return match.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    }
    return match === '&' ? '&amp;' : match === '<' ? '&lt;' : '&gt;';
  });
  return { text: normalizeCueText(converted), settings };
}

/**
 * Writes cues as WebVTT, numbered from 1. Italic, bold and underline tags are kept; `<font>` tags are
 * dropped (their text kept); `{\anN}` becomes `line`/`align` settings; `&`, `<` and `>` are escaped.
 * SRT pixel coordinates are not carried over: WebVTT places cues in percentages of a video it does not know.
 */
export function toWebVtt(cues: readonly Cue[]): string {
  let out = 'WEBVTT\n\n';
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const { text, settings } = convertText(cue.text);
    const timing = formatVttTimestamp(cue.startMs) + ' --> ' + formatVttTimestamp(cue.endMs);
    out += `${i + 1}\n${timing}${settings === '' ? '' : ` ${settings}`}\n${text}\n\n`;
  }
  return out;
}
