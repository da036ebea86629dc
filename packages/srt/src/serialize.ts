// serializeSrt: cues → SRT text with one kind of line ending, cues renumbered from 1, and canonical timecodes.
//
// Why it is built this way: for 100,000 cues, formatting 200,000 timecodes as strings (or copying every text
// character) costs several times more than the writing itself. So cues are written in blocks: the number and
// timecode lines of a block's cues go into one byte buffer, four bytes at a time, and are decoded once; each
// cue then takes its slice of that string (an O(1) view) and its text as it is, and the output is a rope of
// those pieces. Blocks keep the buffer small and the work in one short, hot function.
import { Buffer } from 'node:buffer';
import { defuseTimecodeLines, isBlankChar, normalizeCueText } from './text.ts';
import { formatTimecode } from './timecode.ts';
import type { Cue } from './types.ts';

export interface SerializeOptions {
  /** Line ending; CRLF by default, as SubRip wrote it and as most subtitle editors still do. */
  eol?: '\r\n' | '\n';
}

const CR = 13;
const LF = 10;
const BLOCK = 512;

// Each cue of a block has a slot: its timecode line starts at TIMES (4-aligned, so it is written as 32-bit
// words), and its number line, and the blank line ending the cue before, are written backwards before it.
// Ten digits, two line endings of two bytes and the 31-byte timecode line fit in 48 bytes.
const SLOT = 48;
const TIMES = 16;

// "00".."99" as little-endian 16-bit pairs and "000".."999" as 24-bit triples of ASCII digits.
//
// Typed arrays use the host's byte order, so these words spell the right text only on a little-endian machine
// (x64, arm64 as every Node build runs it). On a big-endian one (s390x, some ppc64) every header takes the
// plain path, headerString: slower, the same text.
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const PAIRS = new Uint16Array(100);
for (let v = 0; v < 100; v++) PAIRS[v] = (48 + Math.floor(v / 10)) | ((48 + (v % 10)) << 8);
const TRIPLES = new Uint32Array(1000);
for (let v = 0; v < 1000; v++) TRIPLES[v] = PAIRS[Math.floor(v / 10)]! | ((48 + (v % 10)) << 16);

/** Below 100 hours a timecode has a fixed width, and integer division with `| 0` is exact. */
const FIXED_WIDTH_LIMIT = 360_000_000;

function fixedWidth(ms: number): boolean {
  return ms >= 0 && ms < FIXED_WIDTH_LIMIT && (ms | 0) === ms;
}

/** The header of a cue the slots cannot hold (hours past 99, coordinates); formatTimecode refuses bad times. */
function headerString(cue: Cue, number: number, eol: string): string {
  const position = cue.position;
  const coordinates =
    position === undefined ? '' : ` X1:${position.x1} X2:${position.x2} Y1:${position.y1} Y2:${position.y2}`;
  const blankLine = number > 1 ? eol + eol : '';
  return `${blankLine}${number}${eol}${formatTimecode(cue.startMs)} --> ${formatTimecode(cue.endMs)}${coordinates}${eol}`;
}

/** The text with normalizeCueText's rules, line breaks written as `eol`. */
function slowText(text: string, crlf: boolean): string {
  const clean = normalizeCueText(text);
  return crlf ? clean.replaceAll('\n', '\r\n') : clean;
}

/**
 * A cue's text ready to write, with no line that would read as a timecode line (see defuseTimecodeLines). Text
 * as parseSrt returns it (non-empty lines joined by LF, no trailing blanks)
 * is taken as it is, or cut at its line breaks for CRLF; anything else goes through normalizeCueText.
 */
function cueText(written: string, crlf: boolean): string {
  const text = defuseTimecodeLines(written);
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

// Scratch space for one block, reused by every call. Module-level on purpose: V8 compiles the hot loop
// below with these arrays as constants, which made serializing twice as fast as reaching them through an
// object. `writing` refuses a nested call (a getter on a cue calling serializeSrt) that would overwrite them.
const bytes = Buffer.alloc(BLOCK * SLOT);
const halves = new Uint16Array(bytes.buffer, bytes.byteOffset, (BLOCK * SLOT) / 2);
const words = new Uint32Array(bytes.buffer, bytes.byteOffset, (BLOCK * SLOT) / 4);
/** Where each cue's header begins in its slot, or -1 when it is in `headers` instead. */
const starts = new Int32Array(BLOCK);
const headers: string[] = [];
let writing = false;

/** Appends the cues `first` to `last - 1` to `out`; `packed` false writes every header as a plain string. */
function appendBlock(
  out: string,
  cues: readonly Cue[],
  first: number,
  last: number,
  crlf: boolean,
  packed: boolean,
): string {
  // The last word of a timecode line: the last millisecond digit and the line ending.
  const ending = crlf ? 0x0a0d00 : 0x0a00;
  // The number's digits are counted as it grows rather than for each cue.
  let digits = String(first + 1).length;
  let nextPower = 10 ** digits;
  for (let i = first; i < last; i++) {
    const cue = cues[i]!;
    const k = i - first;
    const number = i + 1;
    if (number === nextPower) {
      digits++;
      nextPower *= 10;
    }
    const start = cue.startMs;
    const end = cue.endMs;
    if (!packed || !fixedWidth(start) || !fixedWidth(end) || cue.position !== undefined) {
      starts[k] = -1;
      headers[k] = headerString(cue, number, crlf ? '\r\n' : '\n');
      continue;
    }
    const times = k * SLOT + TIMES;
    // The number line ends in the word before the times: its last two digits and CRLF, or its last three and
    // LF. Digits before those go in pairs into the halfwords before; an odd digit count writes a leading zero
    // that the slice leaves out.
    let high: number;
    if (crlf) {
      high = (number / 100) | 0;
      words[(times >> 2) - 1] = PAIRS[number - high * 100]! | 0x0a0d0000;
    } else {
      high = (number / 1000) | 0;
      words[(times >> 2) - 1] = TRIPLES[number - high * 1000]! | 0x0a000000;
    }
    for (let half = (times >> 1) - 3; high > 0; half--) {
      const higher = (high / 100) | 0;
      halves[half] = PAIRS[high - higher * 100]!;
      high = higher;
    }
    let n = times - (crlf ? 2 : 1) - digits;
    // The blank line that ends the cue before is written here, which saves a string per cue in the rope.
    if (i > 0) {
      bytes[--n] = LF;
      if (crlf) bytes[--n] = CR;
      bytes[--n] = LF;
      if (crlf) bytes[--n] = CR;
    }
    starts[k] = n;
    // HH:MM:SS,mmm --> HH:MM:SS,mmm and the line ending, as eight little-endian words.
    const w = times >> 2;
    let seconds = (start / 1000) | 0;
    let hours = (seconds / 3600) | 0;
    let rest = seconds - hours * 3600;
    let minutes = (rest / 60) | 0;
    let mm = PAIRS[minutes]!;
    let ss = PAIRS[rest - minutes * 60]!;
    words[w] = PAIRS[hours]! | 0x3a0000 | ((mm & 0xff) << 24);
    words[w + 1] = (mm >> 8) | 0x3a00 | (ss << 16);
    words[w + 2] = 0x2c | (TRIPLES[start - seconds * 1000]! << 8);
    words[w + 3] = 0x3e2d2d20;
    seconds = (end / 1000) | 0;
    hours = (seconds / 3600) | 0;
    rest = seconds - hours * 3600;
    minutes = (rest / 60) | 0;
    mm = PAIRS[minutes]!;
    ss = PAIRS[rest - minutes * 60]!;
    const fff = TRIPLES[end - seconds * 1000]!;
    words[w + 4] = 0x3a000020 | (PAIRS[hours]! << 8);
    words[w + 5] = mm | 0x3a0000 | ((ss & 0xff) << 24);
    words[w + 6] = (ss >> 8) | 0x2c00 | ((fff & 0xffff) << 16);
    words[w + 7] = (fff >> 16) | ending;
  }
  const head = bytes.toString('latin1', 0, (last - first) * SLOT);
  const lineEnd = TIMES + (crlf ? 31 : 30);
  let result = out;
  for (let i = first; i < last; i++) {
    const k = i - first;
    const from = starts[k]!;
    const header = from === -1 ? headers[k]! : head.slice(from, k * SLOT + lineEnd);
    result += header + cueText(cues[i]!.text, crlf);
  }
  return result;
}

/**
 * Writes cues as SRT. Text is written as parseSrt reads it back (see normalizeCueText), so
 * `parseSrt(serializeSrt(cues)).cues` equals `cues` for cues numbered from 1 in that form.
 * Throws a TimecodeError for a time that is negative or not a whole number of milliseconds.
 */
export function serializeSrt(cues: readonly Cue[], options: SerializeOptions = {}): string {
  return serialize(cues, options, HOST_IS_LITTLE_ENDIAN);
}

/** serializeSrt as a big-endian machine runs it (every header a plain string): for tests of that path. */
export function serializeSrtPlain(cues: readonly Cue[], options: SerializeOptions = {}): string {
  return serialize(cues, options, false);
}

function serialize(cues: readonly Cue[], options: SerializeOptions, packed: boolean): string {
  const crlf = (options.eol ?? '\r\n') === '\r\n';
  if (writing)
    throw new Error('serializeSrt was called again while it was writing (from a getter on a cue?)');
  writing = true;
  try {
    const count = cues.length;
    let out = '';
    for (let first = 0; first < count; first += BLOCK) {
      out = appendBlock(out, cues, first, Math.min(first + BLOCK, count), crlf, packed);
    }
    return count === 0 ? out : out + (crlf ? '\r\n\r\n' : '\n\n');
  } finally {
    writing = false;
    headers.length = 0;
  }
}
