// serializeSrt: cues → SRT text with one kind of line ending, cues renumbered from 1, and canonical timecodes.
//
// Why it is built this way: for 100,000 cues, formatting 200,000 timecodes as strings (or copying every text
// character into a buffer) costs several times more than the writing itself. So the number and timecode lines
// of all cues are written as ASCII bytes into one buffer and decoded once; each cue then takes its slice of
// that string (an O(1) view) and its text as it is, and the output is joined as a rope of those pieces.
import { Buffer } from 'node:buffer';
import { isBlankChar, normalizeCueText } from './text.ts';
import { formatTimecode } from './timecode.ts';
import type { Cue } from './types.ts';

export interface SerializeOptions {
  /** Line ending; CRLF by default, as SubRip wrote it and as most subtitle editors still do. */
  eol?: '\r\n' | '\n';
}

const CR = 13;
const LF = 10;

/** Writes ASCII text (a number, coordinates) at `n`; returns the position after it. */
function ascii(bytes: Uint8Array, n: number, s: string): number {
  let p = n;
  for (let i = 0; i < s.length; i++) bytes[p++] = s.charCodeAt(i);
  return p;
}

/** Below 100 hours a timecode has a fixed width; integer division with `| 0` is exact in that range. */
const FIXED_WIDTH_LIMIT = 360_000_000;

/** Writes `HH:MM:SS,mmm` at `n`; returns the position after it. Digits are computed inline: this runs 200,000 times. */
function timecode(bytes: Uint8Array, n: number, ms: number): number {
  if (!(ms >= 0 && ms < FIXED_WIDTH_LIMIT && (ms | 0) === ms)) {
    // Hours past 99, or a time formatTimecode refuses with a TimecodeError saying what is wrong.
    return ascii(bytes, n, formatTimecode(ms));
  }
  const seconds = (ms / 1000) | 0;
  const hours = (seconds / 3600) | 0;
  const rest = seconds - hours * 3600;
  const minutes = (rest / 60) | 0;
  const secs = rest - minutes * 60;
  const millis = ms - seconds * 1000;
  let tens = (hours / 10) | 0;
  bytes[n] = 48 + tens;
  bytes[n + 1] = 48 + hours - tens * 10;
  bytes[n + 2] = 58;
  tens = (minutes / 10) | 0;
  bytes[n + 3] = 48 + tens;
  bytes[n + 4] = 48 + minutes - tens * 10;
  bytes[n + 5] = 58;
  tens = (secs / 10) | 0;
  bytes[n + 6] = 48 + tens;
  bytes[n + 7] = 48 + secs - tens * 10;
  bytes[n + 8] = 44;
  const hundreds = (millis / 100) | 0;
  const below = millis - hundreds * 100;
  tens = (below / 10) | 0;
  bytes[n + 9] = 48 + hundreds;
  bytes[n + 10] = 48 + tens;
  bytes[n + 11] = 48 + below - tens * 10;
  return n + 12;
}

/**
 * Room for one cue's blank line, number and timecode line (hours of up to ten digits), line endings
 * included; coordinates make room for themselves.
 */
const HEADER_BYTES = 72;

/** Writes a positive integer below 2^31 at `n`; returns the position after it. */
function integer(bytes: Uint8Array, n: number, value: number): number {
  let digits = 1;
  for (let power = 10; power <= value; power *= 10) digits++;
  let rest = value;
  for (let k = digits - 1; k >= 0; k--) {
    const tens = (rest / 10) | 0;
    bytes[n + k] = 48 + rest - tens * 10;
    rest = tens;
  }
  return n + digits;
}

/**
 * The number and timecode lines of every cue (each but the first preceded by the blank line ending the cue
 * before) as one string, and the offset where each cue's part begins (`offsets[count]` is the end).
 */
function writeHeaders(cues: readonly Cue[], crlf: boolean): { head: string; offsets: Int32Array } {
  const count = cues.length;
  const offsets = new Int32Array(count + 1);
  // Not zero-filled: every byte read back is written first, and zeroing megabytes costs as much as the writing.
  let bytes = Buffer.allocUnsafe((count + 1) * HEADER_BYTES);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const cue = cues[i]!;
    offsets[i] = n;
    // The blank line that ends the cue before is written here, which saves a string per cue in the rope.
    if (i > 0) {
      if (crlf) bytes[n++] = CR;
      bytes[n++] = LF;
      if (crlf) bytes[n++] = CR;
      bytes[n++] = LF;
    }
    n = integer(bytes, n, i + 1);
    if (crlf) bytes[n++] = CR;
    bytes[n++] = LF;
    n = timecode(bytes, n, cue.startMs);
    bytes[n] = 32; // ' --> '
    bytes[n + 1] = 45;
    bytes[n + 2] = 45;
    bytes[n + 3] = 62;
    bytes[n + 4] = 32;
    n = timecode(bytes, n + 5, cue.endMs);
    const position = cue.position;
    if (position !== undefined) {
      const coordinates = ` X1:${position.x1} X2:${position.x2} Y1:${position.y1} Y2:${position.y2}`;
      const needed = n + coordinates.length + (count - i) * HEADER_BYTES;
      if (needed > bytes.length) {
        const bigger = Buffer.allocUnsafe(Math.max(bytes.length * 2, needed));
        bigger.set(bytes.subarray(0, n));
        bytes = bigger;
      }
      n = ascii(bytes, n, coordinates);
    }
    if (crlf) bytes[n++] = CR;
    bytes[n++] = LF;
  }
  offsets[count] = n;
  return { head: bytes.toString('latin1', 0, n), offsets };
}

/** The text with normalizeCueText's rules, line breaks written as `eol`. */
function slowText(text: string, crlf: boolean): string {
  const clean = normalizeCueText(text);
  return crlf ? clean.replaceAll('\n', '\r\n') : clean;
}

/**
 * A cue's text ready to write. Text as parseSrt returns it (non-empty lines joined by LF, no trailing blanks)
 * is taken as it is, or cut at its line breaks for CRLF; anything else goes through normalizeCueText.
 */
function cueText(text: string, crlf: boolean): string {
  const length = text.length;
  if (length === 0) return text;
  const last = text.charCodeAt(length - 1);
  if (last === LF || isBlankChar(last) || text.indexOf('\r') !== -1) return slowText(text, crlf);
  let lineBreak = text.indexOf('\n');
  if (lineBreak === -1) return text;
  let out = '';
  let from = 0;
  while (lineBreak !== -1) {
    if (lineBreak === from || isBlankChar(text.charCodeAt(lineBreak - 1))) return slowText(text, crlf);
    if (crlf) out += text.slice(from, lineBreak) + '\r\n';
    from = lineBreak + 1;
    lineBreak = text.indexOf('\n', from);
  }
  return crlf ? out + text.slice(from) : text;
}

/**
 * Writes cues as SRT. Text is written as parseSrt reads it back (see normalizeCueText), so
 * `parseSrt(serializeSrt(cues)).cues` equals `cues` for cues numbered from 1 in that form.
 * Throws a TimecodeError for a time that is negative or not a whole number of milliseconds.
 */
export function serializeSrt(cues: readonly Cue[], options: SerializeOptions = {}): string {
  const crlf = (options.eol ?? '\r\n') === '\r\n';
  const count = cues.length;
  const { head, offsets } = writeHeaders(cues, crlf);
  let out = '';
  for (let i = 0; i < count; i++)
    out += head.slice(offsets[i]!, offsets[i + 1]!) + cueText(cues[i]!.text, crlf);
  return count === 0 ? out : out + (crlf ? '\r\n\r\n' : '\n\n');
}
