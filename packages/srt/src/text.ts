// Cue text as SRT and WebVTT can hold it: lines without trailing blanks and no empty line (which would end the cue).
// Cue text comes from files and JSON that anyone may write, so everything here is one pass over the text: index
// loops, and the one regular expression below has no quantifier, so it cannot backtrack.
import { TimecodeLineReader } from './timecode-line.ts';

/**
 * The characters that count as blank at the end of a line. One set for the parser and the writers, so that
 * what is written reads back the same: space, tab, vertical tab, form feed, no-break space, BOM.
 */
export function isBlankChar(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff;
}

// Anything the parser would not give back as is: CR, an empty or blank line, trailing blanks on a line. Every
// alternative is one or two fixed characters, so a test is linear in the text (and native, which matters:
// serializeSrt runs it on every cue).
const NEEDS_CLEANING = /\r|\n\n|^\n|\n$|[ \t\v\f\u00a0\ufeff]\n|[ \t\v\f\u00a0\ufeff]$/;

/**
 * The text as parseSrt would read it back: line breaks as `\n`, trailing blanks removed, empty lines removed.
 * Text already in that form is returned unchanged.
 */
export function normalizeCueText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  const lines: string[] = [];
  const length = text.length;
  let start = 0;
  while (start < length) {
    let end = start;
    while (end < length) {
      const c = text.charCodeAt(end);
      if (c === 10 || c === 13) break;
      end++;
    }
    // Walking back from the line's end visits only its trailing blanks, so each character is seen at most twice.
    let last = end;
    while (last > start && isBlankChar(text.charCodeAt(last - 1))) last--;
    if (last > start) lines.push(text.slice(start, last));
    start = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
  return lines.join('\n');
}

const timecodeLine = new TimecodeLineReader();

/**
 * The text with no line that parseSrt would take for a timecode line: in such a line `-->` is written `-- >`.
 * SRT has no escape, and a translation holding "2\n00:00:00,000 --> 99:59:59,000" would otherwise become a cue
 * of its own when the file is read. Text without `-->` (almost all) is returned as it is after one native search.
 */
export function defuseTimecodeLines(text: string): string {
  if (!text.includes('-->')) return text;
  let out = '';
  let start = 0;
  while (start <= text.length) {
    // A line ends at LF or CR, as parseSrt reads them.
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    const line = text.slice(start, end);
    out +=
      line.includes('-->') && timecodeLine.read(text, start, end) ? line.replaceAll('-->', '-- >') : line;
    if (end < text.length) out += text[end];
    start = end + 1;
  }
  return out;
}
