// toWebVtt: cues → a WebVTT file, translating what SRT writes differently (tags, `{\anN}` placement, escapes).
import { isLetter, tagEnd } from './markup.ts';
import { normalizeCueText } from './text.ts';
import { formatVttTimestamp } from './timecode.ts';
import type { Cue } from './types.ts';

// Markup is found by one scan, not by a regular expression: `\{\\([^}]*)\}` retried at every `{\` of a text
// with no `}` after it, quadratic in a cue made of `{\`. The scan finds what that expression found:
// `{\...}` override blocks (SSA style), HTML-like tags `<i>`, `</b>`, `<font color="red">`, and `& < >`.
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

/** What a tag `<...>` becomes: kept (i, b, u, lower-cased), dropped (font), or escaped as text. */
function convertTag(tag: string, slash: boolean, name: string): string {
  const lower = name.toLowerCase();
  if (KEPT_TAGS.has(lower)) return `<${slash ? '/' : ''}${lower}>`;
  // WebVTT has no <font>; its colour cannot be carried without a stylesheet, the text itself can.
  if (lower === 'font') return '';
  return tag.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The WebVTT form of one cue's text, and the cue settings its `{\anN}` asked for ('' if none). */
function convertText(text: string): { text: string; settings: string } {
  let settings = '';
  let out = '';
  let copied = 0;
  // The next `}` at or after the current position, searched again only once passed: the whole text once.
  let nextClose = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let replacement: string;
    let end: number;
    if (c === 123 && text.charCodeAt(i + 1) === 92) {
      if (nextClose < i + 2) {
        nextClose = text.indexOf('}', i + 2);
        if (nextClose === -1) nextClose = text.length;
      }
      if (nextClose === text.length) continue;
      const alignment = /\ban([1-9])\b/.exec(text.slice(i + 2, nextClose));
      if (alignment) settings = settingsForAlignment(Number(alignment[1]));
      replacement = '';
      end = nextClose + 1;
    } else if (c === 60) {
      end = tagEnd(text, i);
      if (end === -1) {
        replacement = '&lt;';
        end = i + 1;
      } else {
        const slash = text.charCodeAt(i + 1) === 47;
        let nameEnd = i + (slash ? 2 : 1);
        while (isLetter(text.charCodeAt(nameEnd))) nameEnd++;
        replacement = convertTag(text.slice(i, end), slash, text.slice(i + (slash ? 2 : 1), nameEnd));
      }
    } else if (c === 38 || c === 62) {
      replacement = c === 38 ? '&amp;' : '&gt;';
      end = i + 1;
    } else {
      continue;
    }
    out += text.slice(copied, i) + replacement;
    copied = end;
    i = end - 1;
  }
  const converted = copied === 0 ? text : out + text.slice(copied);
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
