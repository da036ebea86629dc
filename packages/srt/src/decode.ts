// Bytes → text: UTF-8 (with or without BOM), UTF-16 LE/BE, and Windows-1252 when the bytes are not UTF-8.
import type { SrtIssue } from './types.ts';

// Windows-1252 differs from Latin-1 only in 0x80–0x9F. The five bytes it leaves undefined map to the C1
// control of the same value, as the WHATWG Encoding Standard does, so that no byte is lost.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

export interface Decoded {
  text: string;
  issues: SrtIssue[];
}

/** Decodes Windows-1252 with a table of our own: Node's TextDecoder has mapped 0x80–0x9F wrongly in some versions. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    units[i] = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte;
  }
  return new TextDecoder('utf-16le').decode(units);
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence, or -1 when all are well formed. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** 1-based line of a byte offset, counting LF, CRLF and lone CR as line ends. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i];
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) line++;
  }
  return line;
}

/** 1-based number of the last line of `text`, counting LF, CRLF and lone CR as line ends. */
function lastLineOf(text: string): number {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

/**
 * UTF-16 from `start` on. An odd byte count leaves half a character at the end: TextDecoder would turn it into
 * U+FFFD at the end of the last cue without a word, so it is left out and reported on the line it ends.
 */
function decodeUtf16(bytes: Uint8Array, start: number, encoding: 'utf-16le' | 'utf-16be'): Decoded {
  const body = bytes.subarray(start);
  const decoder = new TextDecoder(encoding);
  if (body.length % 2 === 0) return { text: decoder.decode(body), issues: [] };
  const text = decoder.decode(body.subarray(0, body.length - 1));
  const last = body[body.length - 1]!;
  return {
    text,
    issues: [
      {
        line: lastLineOf(text),
        severity: 'warning',
        code: 'odd-byte-count',
        message: `the file is ${encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'} but has an odd number of bytes (${bytes.length}): its last byte (0x${last.toString(16).padStart(2, '0')}) is half a character, cut off, and was not read`,
      },
    ],
  };
}

/** Decodes an SRT file's bytes, saying (as a warning) when it had to fall back to Windows-1252. */
export function decodeSrtBytes(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, 2, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, 2, 'utf-16be');
  // Without a BOM, UTF-16 still shows itself: an SRT starts with an ASCII digit or letter, so one of its
  // first two bytes is zero (whatever the byte count: a cut-off file is reported, not read as UTF-8).
  if (bytes.length >= 2) {
    if (bytes[0] !== 0 && bytes[1] === 0) return decodeUtf16(bytes, 0, 'utf-16le');
    if (bytes[0] === 0 && bytes[1] !== 0) return decodeUtf16(bytes, 0, 'utf-16be');
  }
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), issues: [] };
  } catch {
    const offset = firstInvalidUtf8(body);
    const byte = body[offset] ?? 0;
    return {
      text: decodeWindows1252(body),
      issues: [
        {
          line: lineOfByte(body, offset),
          severity: 'warning',
          code: 'not-utf8',
          message: `the file is not valid UTF-8 (byte 0x${byte.toString(16).padStart(2, '0')}); read it as Windows-1252`,
        },
      ],
    };
  }
}
